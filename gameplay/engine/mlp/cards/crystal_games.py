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
}
