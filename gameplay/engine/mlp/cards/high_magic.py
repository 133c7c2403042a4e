"""High Magic (HM) cards whose texts the template parser does not cover (per-card definitions)."""

_HM140_CHAOS = ("Chaos: When this card is flipped, pay any number of action tokens to frighten a Friend for each action "
                "token you pay this way.")
_HM140_MOVE = "Immediate: Pay [1] to move this card to a frightened Friend's Problem."

CARDS: dict[str, dict] = {
    # Rainbow Dash, Zapp: one Friend frightened per action token paid (any_number with `pay`, 504, 508.1d); the
    # move goes to the Problem of a frightened Friend chosen first (`mark`; none at home, 506.2)
    "HM140": {"front": [
        {"kind": "trigger", "on": "flipped", "text": _HM140_CHAOS, "effects": [
            {"op": "any_number", "pay": 1, "effect": {"op": "frighten", "target": {"type": "Friend", "state": "not_frightened"}}}]},
        {"kind": "activated", "timing": "immediate", "cost": {"tokens": 1}, "text": _HM140_MOVE, "effects": [
            {"op": "mark", "target": {"type": "Friend", "state": "frightened", "at": "problem"}},
            {"op": "move", "to": "it_problem", "marked": True, "target": {"self": True}}]}]},
}
