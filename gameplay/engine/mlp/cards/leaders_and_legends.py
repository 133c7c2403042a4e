"""Leaders and Legends (LL) cards whose texts the template parser does not cover (per-card definitions,
composed from the effect vocabulary; tests: tests/gameplay/test_engine_cards_leaders_and_legends.py)."""
from __future__ import annotations

_OPP_CHAR = {"type": "character", "ctrl": "opp"}

CARDS: dict[str, dict] = {
    # Sunburst, Card Tricks: a public reveal (518.1); the Event is not optional once revealed, the rest go to the
    # bottom in the order the player picks ("in any order")
    "LL74": {"front": [{"kind": "trigger", "on": "enter", "text": "When this card enters play, you may reveal the top 5 "
                        "cards of your deck. Put an Event revealed this way into your hand and the rest of the cards on the "
                        "bottom of your deck in any order.",
                        "effects": [{"op": "may", "effects": [{"op": "reveal_n", "n": 5, "pick": {"type": "Event"},
                                                               "pick_n": 1, "rest": "bottom_any"}]}]}]},
    # Swanifying Committee, Exacting Standards: Delay counters (519) put by its controller's moves, a move tax on the
    # opponent's own characters that carry one ("unless they pay", 609.2b), cleared at the end of the opponent's turn
    "LL79": {"front": [
        {"kind": "trigger", "on": "w_move", "subj": {"by": "you", "send": False, "sel": dict(_OPP_CHAR)},
         "text": "When you move an opposing character, put a Delay counter on it.",
         "effects": [{"op": "counters", "n": 1, "counter": "Delay", "target": {"it": True}}]},
        {"kind": "static", "op": "action_cost", "act": "move", "n": 1, "who": "opp", "unless": True,
         "sel": {**_OPP_CHAR, "counter_kind": "Delay"},
         "text": "Opponent's can't move their characters with Delay counters on them unless they pay [1]."},
        {"kind": "trigger", "on": "opp_turn_end",
         "text": "At the end of your opponent's turn, remove all Delay counters from opposing characters.",
         "effects": [{"op": "counters", "remove": True, "all": True, "counter": "Delay",
                      "target": {**_OPP_CHAR, "each": True, "counter_kind": "Delay"}}]},
    ]},
}
