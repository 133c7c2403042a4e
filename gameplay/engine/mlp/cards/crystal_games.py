"""The Crystal Games (CG) cards whose texts the template parser does not cover (per-card definitions, issue #19)."""

# Backup Racer: an opponent's Friend at the Problem this card entered, with a printed cost (204) of at most this
# card's printed cost, 4.
_RACED = {"type": "Friend", "ctrl": "opp", "at": "there", "max_cost": 4}

CARDS: dict[str, dict] = {
    # Backup Racer, Substitute Flier: "When this card enters play at a Problem, you may send it home to put an
    # opponent's Friend there with cost less than or equal to this card's cost into its owner's hand."  "there" is
    # the Problem it entered (fixed before it is sent home, 506.5); asked only when such a Friend is there.
    "CG199": {"front": [{"kind": "trigger", "on": "enter", "when": "problem", "text": "When this card enters play at a "
                         "Problem, you may send it home to put an opponent's Friend there with cost less than or equal "
                         "to this card's cost into its owner's hand.",
                         "effects": [{"op": "here_area"}, {"op": "if", "cond": {"k": "you_have", "sel": _RACED}, "effects": [
                             {"op": "may", "effects": [{"op": "send_home", "target": {"self": True}},
                                                       {"op": "to_hand", "target": dict(_RACED)}]}]}]}]},
    # Distract the Crystal Ponies: "When a player confronts this Problem with characters that have at least 3
    # different colors among them, that player may reveal the top 2 cards of their deck, put a revealed Friend into
    # their hand, and put the rest of the cards on the bottom of their deck."  (The confronting player is "you" of
    # confront_this_any; the reveal is public.)
    "CG173": {"front": [{"kind": "trigger", "on": "confront_this_any", "min_colors": 3, "text": "When a player confronts "
                         "this Problem with characters that have at least 3 different colors among them, that player may "
                         "reveal the top 2 cards of their deck, put a revealed Friend into their hand, and put the rest "
                         "of the cards on the bottom of their deck.",
                         "effects": [{"op": "may", "effects": [{"op": "reveal_n", "n": 2, "pick": {"type": "Friend"},
                                                                "pick_n": 1, "rest": "bottom"}]}]}]},
    # Biff: its Troublemaker faceoffs involve no Mane Character (514.2a, 104.2); "Retire this card and pay [2] to
    # turn an opponent's Mane Character to its Start side" (301.2; retired after the effect, as other "retire this
    # card" costs of activated abilities).
    "CG156": {"front": [{"kind": "static", "op": "no_mane_tm_fo", "text": "Mane Characters can't be involved in "
                         "Troublemaker faceoffs involving this card."},
                        {"kind": "activated", "timing": "main", "cost": {"retire_self": True, "tokens": 2},
                         "text": "Main Phase: Retire this card and pay [2] to turn an opponent's Mane Character to its "
                                 "Start side.",
                         "effects": [{"op": "turn_mane", "side": "start", "ctrl": "opp"}]}]},
    # The Crystal Heart, Heart of an Empire: a counter for your first Crystal Friend played each turn (705.2g; the
    # turn's plays are recorded, so one played before this card entered play counts as the first); "Reaction: After
    # the start of any phase, remove 2 Crystal counters from this card to choose a color and a Friend. That Friend
    # has that color until the end of the phase." (512.4; the color is added, 203)
    "CG154": {"front": [{"kind": "play_home"},
                        {"kind": "trigger", "on": "w_play", "subj": {"by": "you", "ptype": "Friend", "ptrait": "Crystal",
                                                                     "pfirst": True},
                         "text": "When you play your first Crystal Friend each turn, put a Crystal counter on this card.",
                         "effects": [{"op": "counters", "n": 1, "counter": "Crystal", "target": {"self": True}}]},
                        {"kind": "activated", "timing": "reaction", "rx": {"ev": "phase"},
                         "cost": {"ncounters": {"name": "Crystal", "n": 2}},
                         "text": "Reaction: After the start of any phase, remove 2 Crystal counters from this card to "
                                 "choose a color and a Friend. That Friend has that color until the end of the phase.",
                         "effects": [{"op": "pick_color"}, {"op": "add_color", "color": "chosen", "until": "phase",
                                                            "target": {"type": "Friend"}}]}]},
    # Shining Armor/Princess Cadance, Fastball Special: Windup counters paid at the start of any Problem faceoff;
    # boosted, "you may move it to a Problem. Then, remove each Windup counter from this card and you may move a
    # number of your Friends to this card's Problem up to the number of counters removed this way."
    "CG191": {"front": [{"kind": "trigger", "on": "problem_fo_start", "text": "At the start of a Problem faceoff, you "
                         "may pay [1] to put a Windup counter on this card. If you do, you may turn this card over.",
                         "effects": [{"op": "may", "effects": [
                             {"op": "pay", "n": 1}, {"op": "counters", "n": 1, "counter": "Windup", "target": {"self": True}},
                             {"op": "may", "effects": [{"op": "turn_over"}]}]}]}],
              "boosted": [{"kind": "trigger", "on": "side_up", "text": "When this side of the card turns face-up, you "
                           "may move it to a Problem. Then, remove each Windup counter from this card and you may move a "
                           "number of your Friends to this card's Problem up to the number of counters removed this way.",
                           "effects": [{"op": "may", "effects": [{"op": "move", "target": {"self": True}, "to": "problem"}]},
                                       {"op": "clear_counters", "counter": "Windup"},
                                       {"op": "move_up_to", "n": "removed", "target": {"type": "Friend", "ctrl": "you"}}]}]},
    # Friendly Disagreement: "Main Phase: Exhaust an opponent's Friend. That Friend loses Teamwork until it is
    # readied." (a Teamwork card lends its other printed abilities; it stops lending them until it readies, 603.1)
    "CG103": {"front": [{"kind": "event", "timing": "main", "text": "Main Phase: Exhaust an opponent's Friend. That Friend "
                         "loses Teamwork until it is readied.",
                         "effects": [{"op": "exhaust", "target": {"type": "Friend", "ctrl": "opp"}},
                                     {"op": "lose_teamwork", "target": {"it": True}}]}]},
    # Ponies Without Parachutes: "Main Phase: Exhaust two of your Pegasus characters here to move another one of
    # your characters. Only the player with the most Pegasus characters here may activate this ability." (the turn
    # player activates it in their Main Phase, 609.2f; "another": not one exhausted for the cost)
    "CG183": {"front": [{"kind": "activated", "timing": "main", "any_player": True,
                         "most_here": {"type": "character", "trait": "Pegasus"},
                         "cost": {"exhaust_n": {"n": 2, "sel": {"type": "character", "trait": "Pegasus", "at": "here"}}},
                         "text": "Main Phase: Exhaust two of your Pegasus characters here to move another one of your "
                                 "characters. Only the player with the most Pegasus characters here may activate this "
                                 "ability.",
                         "effects": [{"op": "move", "target": {"type": "character", "ctrl": "you", "fresh": True}}]}]},
    # Party Bomb: "Main Phase: Pay a number of action tokens equal to the number of Party counters on this card and
    # retire it to dismiss all Friends with printed power equal to the number of Party counters on this card."
    "CG138": {"front": [{"kind": "trigger", "on": "turn_start", "text": "At the start of your turn, you may put a Party "
                         "counter on this card.",
                         "effects": [{"op": "may", "effects": [{"op": "counters", "n": 1, "counter": "Party",
                                                                "target": {"self": True}}]}]},
                        {"kind": "activated", "timing": "main", "cost": {"tokens_counter": "Party", "retire_self": True},
                         "text": "Main Phase: Pay a number of action tokens equal to the number of Party counters on this "
                                 "card and retire it to dismiss all Friends with printed power equal to the number of "
                                 "Party counters on this card.",
                         "effects": [{"op": "dismiss", "target": {"type": "Friend", "each": True,
                                                                  "printed_eq_counter": "Party"}}]}]},
    # Chimera: "At the start of a faceoff involving this card, you may pay [1] to choose a color, then exhaust all
    # characters involved in that faceoff that have only that color." (503; its controller chooses, 705.2f)
    "CG158": {"front": [{"kind": "trigger", "on": "fo_start", "text": "At the start of a faceoff involving this card, you "
                         "may pay [1] to choose a color, then exhaust all characters involved in that faceoff that have "
                         "only that color.",
                         "effects": [{"op": "may", "effects": [{"op": "pay", "n": 1}, {"op": "pick_color"},
                                                               {"op": "exhaust_one_color"}]}]}]},
}
