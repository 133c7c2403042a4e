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
    # Twilight Sparkle, Faithful Student (boosted): each flipped Event may go to the hand instead of the bottom of
    # the deck (514.6; 712.3: one optional choice per card)
    "PR4": {"boosted": [{"kind": "trigger", "on": "fo_end_pre", "inv": True,
                         "text": "During a faceoff involving this card, if you would put a flipped Event card on the bottom "
                                 "of your deck, you may put it into your hand instead.",
                         "effects": [{"op": "flipped_to_hand", "type": "Event", "each": True}]}]},
    # Rainbow Dash, To the Rescue: once per faceoff, one card flipped for a faceoff involving this card
    "PR212": {"front": [{"kind": "trigger", "on": "fo_end_pre", "inv": True,
                         "text": "Once per faceoff, if you would put a card flipped for a faceoff involving this card on the "
                                 "bottom of your deck, you may put it into your hand instead.",
                         "effects": [{"op": "may", "effects": [{"op": "flipped_to_hand"}]}]}]},
    # Applejack, Farm Foremare: a public reveal (404.1), one optional Resource, the rest on the bottom in any order
    "PR213": {"front": [{"kind": "trigger", "on": "enter",
                         "text": "When you play this card, you may reveal the top 5 cards of your deck. You may put one "
                                 "revealed Resource into your hand. Put all remaining cards at the bottom of your deck in "
                                 "any order.",
                         "effects": [{"op": "may", "effects": [{"op": "reveal_n", "n": 5, "pick": {"type": "Resource"},
                                                                "pick_n": 1, "may": True, "rest": "bottom_any"}]}]}]},
    # It's a Twister!: each player's Score Phase; "that player" is the turn player (as_tp)
    "PR176": {"front": [{"kind": "trigger", "on": "any_score_start", "as_tp": True,
                         "text": "At the beginning of a player's Score Phase, if that player has at least 2 [Loyalty] "
                                 "characters, that player may ready a card at home.",
                         "effects": [{"op": "if", "cond": {"k": "count_at_least", "n": 2,
                                                           "sel": {"type": "character", "color": "Loyalty", "ctrl": "you"}},
                                      "effects": [{"op": "may", "effects": [{"op": "ready", "target": {
                                          "type": "card", "at": "home", "state": "exhausted"}}]}]}]}]},
    # Not Enough Pinkie Pies: a watched move (506.1c) to this Problem; "they" is the player who moved it (as_by);
    # "already" = another of their [Laughter] characters here
    "PR181": {"front": [{"kind": "trigger", "on": "w_move", "as_by": True,
                         "subj": {"sel": {"type": "character", "color": "Laughter"}, "to": "here", "send": False},
                         "text": "When a player moves a [Laughter] character to this Problem, if they have a [Laughter] "
                                 "character here already, they may draw a card.",
                         "effects": [{"op": "if", "cond": {"k": "others_than_it", "n": 1, "sel": {
                             "type": "character", "color": "Laughter", "ctrl": "you", "at": "here"}},
                             "effects": [{"op": "may", "effects": [{"op": "draw", "n": 1, "who": "you"}]}]}]}]},
    # Want it, Need it!: the first confront (611.4) with such a character there scores the additional point (517)
    "PR195": {"front": [{"kind": "trigger", "on": "confront_this_any",
                         "text": "The first player to confront this Problem with a [Honesty] character with at least 3 power "
                                 "scores an additional point.",
                         "effects": [{"op": "if", "cond": {"k": "you_have", "sel": {
                             "type": "character", "color": "Honesty", "min_power": 3, "ctrl": "you", "at": "here"}},
                             "effects": [{"op": "once_a_game", "effects": [{"op": "score", "n": 1, "who": "you"}]}]}]}]},
    # Applejack, Steadfast Farmpony: more power than the Problem's requirements in all (611.2, 611.3); the boosted
    # side's optional replacement (710, 712.3) puts the Friend on top of its owner's deck instead of the discard pile
    "PR2": {
        "front": [{"kind": "trigger", "on": "confront",
                   "text": "When you confront this card's Problem with more power than required, turn this card over.",
                   "effects": [{"op": "if", "cond": {"k": "more_power_than_required"}, "effects": _TURN_OVER}]}],
        "boosted": [{"kind": "static", "op": "replace", "ev": "dismiss", "subj": {"type": "Friend", "ctrl": "you", "at": "here"},
                     "instead": [{"op": "to_deck_top", "target": {"it": True}}],
                     "text": "When one of your Friends here would be dismissed, you may put that Friend on top of its "
                             "owner's deck instead."}],
    },
    # Parasprite Swarm: a permanent +1 (no duration) each opposing Troublemaker Phase; "When this card has 8 power"
    # is a state trigger checked in pre-priority processing (511, 704), whatever raised its power
    "PR156": {"front": [
        {"kind": "trigger", "on": "opp_tp_start",
         "text": "At the start of your opponent's Troublemaker Phase, this card permanently gets +1 power.",
         "effects": [{"op": "power", "n": 1, "target": {"self": True}, "until": "permanent"}]},
        {"kind": "trigger", "on": "has_power", "n": 8,
         "text": "When this card has 8 power, frighten all your opponent's Friends at its Problem and dismiss this card.",
         "effects": [{"op": "frighten", "target": {"type": "Friend", "ctrl": "opp", "at": "here", "each": True}},
                     {"op": "dismiss", "target": {"self": True}}]}]},
    # Fluttershy, Monster Tamer: the Troublemaker is held banished while this card stays at that Problem (moved
    # away or leaving play ends it); it returns under its owner's control and is uncovered (607)
    "PR211": {"front": [
        {"kind": "trigger", "on": "enter", "when": "problem",
         "text": "When you play this card to a Problem, you may banish a Troublemaker there.",
         "effects": [{"op": "may", "effects": [{"op": "banish", "keep": True, "target": {"type": "Troublemaker", "at": "here"}},
                                               {"op": "hold_gone"}]}]},
        {"kind": "trigger", "on": "moved", "text": "When this card leaves that Problem, put that banished Troublemaker into "
                                                   "play at a Problem and uncover it.",
         "effects": [{"op": "return_held_tm"}]},
        {"kind": "trigger", "on": "leaves", "text": "When this card leaves that Problem, put that banished Troublemaker into "
                                                    "play at a Problem and uncover it.",
         "effects": [{"op": "return_held_tm"}]}]},
}
