"""Marks in Time (MT) cards whose texts the template parser does not cover (per-card definitions)."""

_MT41 = ("When this card enters play, you may remove a +1 power counter from each of any number of other characters and "
         "put them on this card.")

_MT1_FRONT = "When you confront this card's Problem, turn this card over."
_MT1_BOOSTED = ("At the end of your turn, you may move up to two of your characters at home. If you do, exhaust those "
                "characters.")
_MT91 = ("Main Phase: Choose one: Put an opposing Friend with 2 or less power on top of its owner's deck, double the power "
         "of one of your Troublemakers until the start of your next turn, or put an Event from your discard pile into your "
         "hand.")

CARDS: dict[str, dict] = {
    # Scootaloo, Cutie Mark Crusader (boosted): characters at home moved (to a Problem, 506) one at a time, "none"
    # ends it; each moved one is exhausted (503)
    "MT1": {"boosted": [{"kind": "trigger", "on": "turn_end", "text": _MT1_BOOSTED, "effects": [
        {"op": "any_number", "max": 2, "effect": {"op": "move", "to": "choose", "target": {"type": "character", "ctrl": "you", "at": "home"}},
         "then": [{"op": "exhaust", "target": {"it": True}}]}]}]},
    # The Spectacle: "double the power ... until the start of your next turn" adds its power as the effect resolves
    # (507; as DE39, FF3, AD62), a timed modifier ending as your next turn starts
    "MT91": {"front": [{"kind": "event", "timing": "main", "text": _MT91, "effects": [{"op": "choose_modes", "n": 1, "modes": [
        [{"op": "to_deck_top", "target": {"type": "Friend", "ctrl": "opp", "max_power": 2}}],
        [{"op": "mark", "target": {"type": "Troublemaker", "ctrl": "you"}},
         {"op": "power", "n": 0, "n_from": "it", "target": {"it": True}, "until": "next_turn"}],
        [{"op": "search", "filter": {"type": "Event"}, "zone": "disc", "to": "hand"}]],
        "labels": ["Put an opposing Friend with 2 or less power on top of its owner's deck",
                   "double the power of one of your Troublemakers until the start of your next turn",
                   "put an Event from your discard pile into your hand"]}]}]},
    # Coloratura, Razzle Dazzle: one +1 power counter moved from each chosen character (519), one at a time; "none"
    # ends the choice (705.2f)
    "MT41": {"front": [{"kind": "trigger", "on": "enter", "text": _MT41, "effects": [
        {"op": "any_number", "effect": {"op": "counters", "n": 1, "counter": "+1", "remove": True,
                                        "target": {"type": "character", "other": True, "counter_kind": "+1"}},
         "then": [{"op": "counters", "n": 1, "counter": "+1", "target": {"self": True}}]}]}]},
}
