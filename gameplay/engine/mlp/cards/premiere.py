"""Premiere (PR) cards whose texts the template parser does not cover (per-card definitions)."""

_TURN_OVER = [{"op": "turn_over"}]

CARDS: dict[str, dict] = {
    # Wild Fire, Speed Racer: "When you move this card to a Problem, you may move another one of your
    # characters to the same Problem."
    "PR10": {"front": [{"kind": "trigger", "on": "moved", "to": "problem", "by": "you", "text": "move another character along",
                        "effects": [{"op": "may", "effects": [{"op": "move", "to": "here",
                                                               "target": {"type": "character", "ctrl": "you", "other": True}}]}]}]},
    # Rainbow Dash, Flier Extraordinaire
    "PR1": {
        "front": [{"kind": "trigger", "on": "confront", "text": "When you confront this card's Problem, if you have a "
                   "Troublemaker at that Problem, turn this card over.",
                   "effects": [{"op": "if", "cond": {"k": "you_have", "sel": {"type": "Troublemaker", "ctrl": "you", "at": "here"}},
                                "effects": _TURN_OVER}]}],
        "boosted": [{"kind": "trigger", "on": "moved", "from": "home", "to": "problem", "by": "you",
                     "text": "When you move this card from home to a Problem, you may pay [1] to move another one of your "
                             "Friends from home to that Problem.",
                     "effects": [{"op": "may", "effects": [{"op": "pay", "n": 1}, {"op": "move", "to": "here", "target": {
                         "type": "Friend", "ctrl": "you", "at": "home", "other": True}}]}]}],
    },
    # Pinkie Pie, Party Animal
    "PR3": {
        "front": [{"kind": "trigger", "on": "confront", "text": "When you confront this card's Problem, if none of your "
                   "opponent's Friends are at that Problem, turn this card over.",
                   "effects": [{"op": "if", "cond": {"k": "none", "sel": {"type": "Friend", "ctrl": "opp", "at": "here"}},
                                "effects": _TURN_OVER}]}],
        "boosted": [{"kind": "static", "op": "opp_needs", "n": 1, "text": "Your opponent needs +1 power to confront this card's Problem."}],
    },
    # Fluttershy, Beastmaster
    "PR6": {
        "front": [{"kind": "trigger", "on": "confront", "text": "When you confront this card's Problem, if you have a "
                   "Critter Friend at that Problem, turn this card over.",
                   "effects": [{"op": "if", "cond": {"k": "you_have", "sel": {"type": "Friend", "trait": "Critter", "ctrl": "you", "at": "here"}},
                                "effects": _TURN_OVER}]}],
        "boosted": [{"kind": "trigger", "on": "fo_start", "text": "At the start of a faceoff involving this card, you may "
                     "move a Critter Friend to this card's Problem.",
                     "effects": [{"op": "may", "effects": [{"op": "move", "to": "here", "target": {"type": "Friend", "trait": "Critter"}}]}]}],
    },
    # Dr. Hooves, Unblinking: a trigger naming its own Title (201.3a), one card's alone
    "PR197": {
        "front": [{"kind": "trigger", "on": "to_disc", "text": "When this card is put into the discard pile from anywhere, "
                   "you may search your deck for Dr. Hooves, play it to your home frightened for free, and shuffle your deck.",
                   "effects": [{"op": "may", "effects": [{"op": "search_play", "title": "Dr. Hooves", "frightened": True}]}]}],
    },
    # Rarity, Dazzling Fashionista (boosted side only; the front needs per-Score-Phase point tracking)
}
