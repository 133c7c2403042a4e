"""Canterlot Nights (CN) cards whose texts the template parser does not cover (per-card definitions, issue #19)."""

_CRITTER = {"type": "Friend", "trait": "Critter"}
_DECK_TOP_BENEATH = {"op": "ban_beneath", "what": "deck_top", "host": "self"}


def _uncover_by_retiring(what: dict, text: str) -> dict:
    """"When you play this card to a Problem, you may retire <a card of yours> there to uncover this card": an
    ability that functions only while face-down (505.1a; ``fd_played``); the retirement is its cost (508.1d)."""
    return {"kind": "trigger", "on": "fd_played", "text": text, "effects": [{"op": "may", "effects": [
        {"op": "retire", "target": {**what, "ctrl": "you", "at": "here"}, "cost": True},
        {"op": "uncover", "self": True}]}]}


CARDS: dict[str, dict] = {
    # Fluttershy, Element of Kindness: a private search (no "reveal", 518.1) for up to 2 Critter Friends; "Faceoff:
    # Discard a Critter Friend to give a Friend +2 power until the end of the faceoff."
    "CN89": {"front": [{"kind": "trigger", "on": "enter", "text": "When this card enters play you may search your deck "
                        "for up to 2 Critter Friends and put them into your hand.",
                        "effects": [{"op": "may", "effects": [{"op": "search_multi", "n": 2, "filter": dict(_CRITTER),
                                                               "private": True}]}]},
                       {"kind": "activated", "timing": "faceoff", "cost": {"discard_sel": dict(_CRITTER)},
                        "text": "Faceoff: Discard a Critter Friend to give a Friend +2 power until the end of the faceoff.",
                        "effects": [{"op": "power", "n": 2, "target": {"type": "Friend"}, "until": "faceoff"}]}]},
    # Learned Lessons: "When you score a Problem's bonus points, banish the top card of your deck to beneath this
    # card." / "Main Phase: Spend all the cards beneath this card and retire it to gain a number of action tokens
    # equal to the number of cards spent."
    "CN142": {"front": [{"kind": "play_home"},
                        {"kind": "trigger", "on": "you_score_bonus", "text": "When you score a Problem's bonus points, "
                         "banish the top card of your deck to beneath this card.", "effects": [dict(_DECK_TOP_BENEATH)]},
                        {"kind": "activated", "timing": "main", "cost": {"retire_self": True},
                         "text": "Main Phase: Spend all the cards beneath this card and retire it to gain a number of "
                                 "action tokens equal to the number of cards spent.",
                         "effects": [{"op": "per", "beneath": True, "effects": [{"op": "spend_cost", "n": 1},
                                                                                {"op": "gain", "n": 1}]}]}]},
    # Varmint Barricade ("Play to your Home." with a capital H): any player's Troublemaker played (705.2g, face-down
    # too) banishes the top card of your deck beneath it; "Spend a card from beneath this card to move one of your
    # characters to a Problem with a Troublemaker" (a face-up one: 505.2).
    "CN153": {"front": [{"kind": "play_home"},
                        {"kind": "trigger", "on": "w_play", "subj": {"ptype": "Troublemaker"}, "text": "When a "
                         "Troublemaker is played, banish the top card of your deck to beneath this card.",
                         "effects": [dict(_DECK_TOP_BENEATH)]},
                        {"kind": "activated", "timing": "main", "cost": {"spend": 1},
                         "text": "Main Phase: Spend a card from beneath this card to move one of your characters to a "
                                 "Problem with a Troublemaker.",
                         "effects": [{"op": "move", "target": {"type": "character", "ctrl": "you"}, "to": "with",
                                      "with": {"type": "Troublemaker"}}]}]},
    # Changeling Infiltrator / Changeling Swarm
    "CN157": {"front": [_uncover_by_retiring({"type": "Friend"}, "When you play this card to a Problem, you may retire "
                                             "a Friend there to uncover this card."),
                        {"kind": "trigger", "on": "uncovered", "text": "When this card is uncovered, all players shuffle "
                         "their discard piles into their decks.",
                         "effects": [{"op": "each_player", "effects": [{"op": "shuffle_into_deck", "from": "disc"}]}]}]},
    "CN158": {"front": [_uncover_by_retiring({"type": "Troublemaker"}, "When you play this card to a Problem, you may "
                                             "retire a Troublemaker you control there to uncover this card.")]},
    # Fluttershy, Friend to Animals: its turn-over cost is [3] less 1 per Critter Friend you control (a cost
    # modifier of its own ability, 508; not below 0); boosted, "Pay [1] to move this card to a Problem that has one of
    # your Critter Friends there."
    "CN7": {"front": [{"kind": "activated", "timing": "main", "cost": {"tokens": 3}, "effects": [{"op": "turn_over"}],
                       "text": "Main Phase: Pay [3] to turn this card over."},
                      {"kind": "static", "op": "turn_over_discount", "per": {**_CRITTER, "ctrl": "you"},
                       "text": "You pay 1 less action token to turn this card over for each Critter Friend you control."}],
            "boosted": [{"kind": "activated", "timing": "main", "cost": {"tokens": 1},
                         "text": "Main Phase: Pay [1] to move this card to a Problem that has one of your Critter Friends "
                                 "there.",
                         "effects": [{"op": "move_to_chosen", "target": {"self": True},
                                      "where_have": {"type": "Friend", "ctrl": "you", "traits": ["Critter"]}}]}]},
    # Sunset Shimmer: "When this Troublemaker is uncovered, you may pay [3]. If you do, banish an opposing Friend or
    # Resource to beneath this card. Otherwise, dismiss this card." / "When this card leaves play or is turned
    # face-down, put any cards beneath it into their owner's hand."
    "CN164": {"front": [{"kind": "trigger", "on": "uncovered", "text": "When this Troublemaker is uncovered, you may pay "
                         "[3]. If you do, banish an opposing Friend or Resource to beneath this card. Otherwise, dismiss "
                         "this card.",
                         "effects": [{"op": "pay_or", "n": 3, "then": [
                             {"op": "ban_beneath", "what": "target", "host": "self",
                              "target": {"types": ["Friend", "Resource"], "ctrl": "opp"}}],
                             "else": [{"op": "dismiss", "target": {"self": True}}]}]},
                        *({"kind": "trigger", "on": on, "text": "When this card leaves play or is turned face-down, put "
                           "any cards beneath it into their owner's hand.", "effects": [{"op": "beneath_to_hand"}]}
                          for on in ("leaves", "turned_fd"))]},
    # Train Tracks: the Friend it frightens stays frightened while Train Tracks is exhausted (rally and effects,
    # 104.2); "Main Phase: Exhaust 2 of your characters to dismiss this card. Any player may activate this ability."
    # ("you" is the player activating it: their characters pay, 512.3)
    "CN152": {"front": [{"kind": "play_home"},
                        {"kind": "activated", "timing": "main", "cost": {"exhaust": True, "tokens": 1},
                         "text": "Main Phase: Exhaust this card and pay [1] to frighten an opponent's Friend at a Problem. "
                                 "While this card is exhausted, that card can't be unfrightened.",  # (two printed lines)
                         "effects": [{"op": "frighten", "target": {"type": "Friend", "ctrl": "opp", "at": "problem"}},
                                     {"op": "no_unfright_while_ex"}]},
                        {"kind": "activated", "timing": "main", "any_player": True,
                         "cost": {"exhaust_n": {"n": 2, "sel": {"type": "character"}}},
                         "text": "Main Phase: Exhaust 2 of your characters to dismiss this card. Any player may activate "
                                 "this ability.",
                         "effects": [{"op": "dismiss", "target": {"self": True}}]}]},
    # Reformed (on an opponent's Troublemaker): "When you defeat that Troublemaker, you may add its power to your next
    # faceoff this turn." (its power as it was defeated, 410.6a; added to your total as that faceoff starts, 514.4a)
    "CN147": {"front": [{"kind": "play_on", "host": {"type": "Troublemaker", "ctrl": "opp"}},
                        {"kind": "trigger", "on": "w_defeat", "subj": {"by": "you", "sel": {"host": True}},
                         "text": "When you defeat that Troublemaker, you may add its power to your next faceoff this turn.",
                         "effects": [{"op": "may", "effects": [{"op": "next_fo_bonus"}]}]}]},
    # Rarity, Element of Generosity ("When this card enters play you may ...", no comma)
    "CN78": {"front": [{"kind": "trigger", "on": "enter", "text": "When this card enters play you may choose 2 "
                        "[Generosity] Friends from your discard pile. An opponent chooses 1 to put into your hand. You may "
                        "put the other into play at your home.",
                        "effects": [{"op": "may", "effects": [{"op": "opponent_picks_one_of_two",
                                                               "filter": {"type": "Friend", "color": "Generosity"}}]}]}]},
    # Princess Celestia, Equestrian Leader (boosted): "Main Phase: Retire one of your Resources to add its power to one
    # of your Yellow Friends until the end of this turn and turn this card over." (Yellow is [Kindness]; the Resource's
    # power as it was retired, 410.6a; the retirement is the cost, 508.1d)
    "CN190": {"front": [{"kind": "activated", "timing": "main", "cost": {"tokens": 3}, "effects": [{"op": "turn_over"}],
                         "text": "Main Phase: Pay [3] to turn this card over."}],
              "boosted": [{"kind": "trigger", "on": "side_up", "text": "When this side of the card is turned face up, you "
                           "may ready a Resource.",
                           "effects": [{"op": "may", "effects": [{"op": "ready", "target": {"type": "Resource"}}]}]},
                          {"kind": "activated", "timing": "main", "while": {"k": "you_have", "sel": {"type": "Resource",
                                                                                                    "ctrl": "you"}},
                           "text": "Main Phase: Retire one of your Resources to add its power to one of your Yellow "
                                   "Friends until the end of this turn and turn this card over.",
                           "effects": [{"op": "retire", "target": {"type": "Resource", "ctrl": "you"}, "cost": True,
                                        "mark_cost": True},
                                       {"op": "power", "n": 0, "n_from": "paid", "until": "turn",
                                        "target": {"type": "Friend", "ctrl": "you", "color": "Kindness"}},
                                       {"op": "turn_over"}]}]},
}
