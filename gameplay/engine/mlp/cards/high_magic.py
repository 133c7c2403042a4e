"""High Magic (HM) cards whose texts the template parser does not cover (per-card definitions)."""

_HM140_CHAOS = ("Chaos: When this card is flipped, pay any number of action tokens to frighten a Friend for each action "
                "token you pay this way.")
_HM140_MOVE = "Immediate: Pay [1] to move this card to a frightened Friend's Problem."

_HM0_CHAOS = "Chaos: When this card is flipped, distribute two +1 power counters among up to two of your characters."
_HM0_FLIP = ("Immediate: While this card is involved in a faceoff, you may remove a +1 power counter from this card to flip an "
             "additional card.")

CARDS: dict[str, dict] = {
    # Big Mac, Princess for a Night: an Immediate ability usable only while it is involved (514.2d), its cost a +1
    # power counter (519); the additional card is flipped for its controller (515)
    "HM0": {"front": [
        {"kind": "trigger", "on": "flipped", "text": _HM0_CHAOS, "effects": [
            {"op": "counters", "n": 1, "counter": "+1", "target": {"type": "character", "ctrl": "you"}},
            {"op": "counters", "n": 1, "counter": "+1", "target": {"type": "character", "ctrl": "you"}}]},
        {"kind": "activated", "timing": "immediate", "cost": {"remove_counters": 1}, "while": {"k": "faceoff"},
         "effects": [{"op": "flip", "n": 1}], "text": _HM0_FLIP}]},
    # Rainbow Dash, Zapp: one Friend frightened per action token paid (any_number with `pay`, 504, 508.1d); the
    # move goes to the Problem of a frightened Friend chosen first (`mark`; none at home, 506.2)
    "HM140": {"front": [
        {"kind": "trigger", "on": "flipped", "text": _HM140_CHAOS, "effects": [
            {"op": "any_number", "pay": 1, "effect": {"op": "frighten", "target": {"type": "Friend", "state": "not_frightened"}}}]},
        {"kind": "activated", "timing": "immediate", "cost": {"tokens": 1}, "text": _HM140_MOVE, "effects": [
            {"op": "mark", "target": {"type": "Friend", "state": "frightened", "at": "problem"}},
            {"op": "move", "to": "it_problem", "marked": True, "target": {"self": True}}]}]},
}
