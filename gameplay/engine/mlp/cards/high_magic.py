"""High Magic (HM) cards whose texts the template parser does not cover (per-card definitions)."""

_HM140_CHAOS = ("Chaos: When this card is flipped, pay any number of action tokens to frighten a Friend for each action "
                "token you pay this way.")
_HM140_MOVE = "Immediate: Pay [1] to move this card to a frightened Friend's Problem."

_HM0_CHAOS = "Chaos: When this card is flipped, distribute two +1 power counters among up to two of your characters."
_HM0_FLIP = ("Immediate: While this card is involved in a faceoff, you may remove a +1 power counter from this card to flip an "
             "additional card.")

_HM28 = ("When one of your non-token Friends enters play here, you may exhaust any number of your Friends here and pay [1] "
         "for each Friend you exhaust this way to put that many 1 [Laughter] Earth Pony Friend tokens into play.")
_HM69 = ("At the start of your Troublemaker Phase, you may turn over an opposing Troublemaker here. (This does not cover or "
         "uncover it.).")
_HM99 = ("Immediate: Choose a character. When that character's Problem is solved this turn, if that character would be sent "
         "home, it isn't sent home instead.")

_HM101 = "Immediate: This turn, Friends in your hand have Hasty until you play a Friend."
_HM142_CHAOS = "Chaos: While this card is flipped, Friends in your hand have Hasty."
_HM142_PLAY = "When you play this card, Friends in your hand have Hasty until the end of the turn."

CARDS: dict[str, dict] = {
    # Under the Wire / Pinkie Pie, Fili-Second: Hasty for the Friends in a hand (glossary: played as an Immediate
    # action), read by flow.legal through effects.timed.hand_hasty
    "HM101": {"front": [{"kind": "event", "timing": "immediate", "text": _HM101,
                         "effects": [{"op": "hand_hasty", "until_friend": True}]}]},
    "HM142": {"front": [{"kind": "static", "op": "hand_hasty_flipped", "text": _HM142_CHAOS},
                        {"kind": "trigger", "on": "enter", "text": _HM142_PLAY, "effects": [{"op": "hand_hasty"}]}]},
    # Minuette, Making Friends: one token (521) for each Friend here exhausted and [1] paid, a pair at a time
    "HM28": {"front": [{"kind": "trigger", "on": "w_enter", "subj": {"sel": {"type": "Friend", "ctrl": "you", "at": "here"}, "token": False},
                        "text": _HM28, "effects": [
        {"op": "any_number", "pay": 1, "effect": {"op": "exhaust", "target": {"type": "Friend", "ctrl": "you", "at": "here", "state": "ready"}},
         "then": [{"op": "token", "power": 1, "color": "Laughter", "traits": ["Earth Pony"], "at": "home"}]}]}]},
    # Dr. Hooves, All in Due Time: a face-down Troublemaker is named by fd_ok (505.1d); turning it over is not
    # uncovering it (607)
    "HM69": {"front": [{"kind": "trigger", "on": "tp_start", "text": _HM69, "effects": [{"op": "may", "effects": [
        {"op": "turn_tm_over", "target": {"type": "Troublemaker", "ctrl": "opp", "at": "here", "fd_ok": True}}]}]}]},
    # Tricking the Trixster: the chosen character stays as its Problem is solved this turn (613.2 replaced, 710)
    "HM99": {"front": [{"kind": "event", "timing": "immediate", "text": _HM99,
                        "effects": [{"op": "stay_mark", "target": {"type": "character"}}]}]},
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
