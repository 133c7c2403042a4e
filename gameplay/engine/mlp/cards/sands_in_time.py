"""Sands in Time (ST) cards whose texts the template parser does not cover (per-card definitions)."""

_ST2_FRONT = ("The first time a player scores a point each turn, put a Time counter on this card. Then, if there are at "
              "least 5 Time counters on this card, turn it over.")
_ST2_BOOSTED = "Main Phase: Pay [3] to put a Friend from your hand into play. At the end of your turn, put that Friend into your hand."

_ST1 = ("When you win a faceoff, put a Time counter on this card. Then, if there are at least 5 Time counters on this "
        "card, remove them, turn it over, and take an extra turn after this one.")

CARDS: dict[str, dict] = {
    # Dr. Hooves, Time Walker: any faceoff its controller wins (514.5); the extra turn follows this one
    "ST1": {"front": [{"kind": "trigger", "on": "you_win_fo", "text": _ST1, "effects": [
        {"op": "counters", "n": 1, "counter": "Time", "target": {"self": True}},
        {"op": "if", "cond": {"k": "self_counters", "counter": "Time", "n": 5}, "effects": [
            {"op": "clear_counters", "counter": "Time"}, {"op": "turn_over"}, {"op": "extra_turn"}]}]}]},
    # Twilight Sparkle, Paradox Pony: Time counters are named counters (519); "the first time a player scores a point
    # each turn" is the turn's first scoring by either player (517, Rules.score fires first_score)
    "ST2": {
        "front": [{"kind": "trigger", "on": "first_score", "text": _ST2_FRONT, "effects": [
            {"op": "counters", "n": 1, "counter": "Time", "target": {"self": True}},
            {"op": "if", "cond": {"k": "self_counters", "counter": "Time", "n": 5}, "effects": [{"op": "turn_over"}]}]}],
        # put into play at its owner's home without being played (706); it is "that Friend" of the delayed effect
        "boosted": [{"kind": "activated", "timing": "main", "cost": {"tokens": 3}, "text": _ST2_BOOSTED, "effects": [
            {"op": "put_into_play", "zone": "hand", "filter": {"type": "Friend"}, "mark": True},
            {"op": "delay", "when": "turn_end", "effects": [{"op": "to_hand", "target": {"it": True}}],
             "lbl": "put that Friend into your hand"}]}],
    },
}
