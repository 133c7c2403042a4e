"""Marks in Time (MT) cards whose texts the template parser does not cover (per-card definitions)."""

_MT41 = ("When this card enters play, you may remove a +1 power counter from each of any number of other characters and "
         "put them on this card.")

CARDS: dict[str, dict] = {
    # Coloratura, Razzle Dazzle: one +1 power counter moved from each chosen character (519), one at a time; "none"
    # ends the choice (705.2f)
    "MT41": {"front": [{"kind": "trigger", "on": "enter", "text": _MT41, "effects": [
        {"op": "any_number", "effect": {"op": "counters", "n": 1, "counter": "+1", "remove": True,
                                        "target": {"type": "character", "other": True, "counter_kind": "+1"}},
         "then": [{"op": "counters", "n": 1, "counter": "+1", "target": {"self": True}}]}]}]},
}
