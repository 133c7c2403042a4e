"""The effect vocabulary, described.  Card texts (cardtext/, cards/*.py) and the ``manual_effect``
action are expressed as small dicts the engine interprets (``{"op": "draw", "n": 1}``), so effects can
wait inside the (JSON) game state while a player decides a target.  The ops themselves are the names
the interpreter registers (``interpreter.EFFECTS``: one handler per op); this module describes the common
ones for the README and for people writing a manual effect.

Selectors (an effect's ``target`` / ``sel``) describe which cards an effect may touch: type,
controller, area, trait, color and power filters (``Rules.select`` / ``Rules.matches``); a selector with
``each`` affects every card that fits, otherwise the effect's controller chooses one (705.2f).
"""
from __future__ import annotations

#: op name -> what it does (README; every described op is a registered one: tests/gameplay/test_effect_registry.py)
DESCRIPTIONS = {
    "draw": "draw N cards (410.4)",
    "discard": "discard N cards from hand (410.3)",
    "gain": "gain N action tokens (502)",
    "score": "score N points (517)",
    "exhaust": "exhaust a card (503.2)",
    "ready": "ready a card (503.3)",
    "frighten": "frighten a card (504.1)",
    "unfrighten": "unfrighten a card (504.3)",
    "dismiss": "dismiss a card (410.1)",
    "banish": "banish a card (410.5)",
    "retire": "retire a card you control (410.2)",
    "to_hand": "put a card in play into its owner's hand",
    "to_deck_top": "put a card in play on top of its owner's deck",
    "send_home": "send a character home (506.5)",
    "move": "move a card to another area (506)",
    "power": "+/-N power with a duration (507, 708)",
    "counters": "put N counters on a card (519)",
    "search": "search a zone (`zone`: deck or disc) for a card and put it `to` hand, play or the deck top (518); "
              "from a deck into the hand the card is named only to its player unless `reveal` (518.1, 404.1); "
              "`that_name`: a card with the name its source named (201.1, LL76)",
    "look_top": "look at the top N cards of a deck (private) and put them on the top or bottom in any order",
    "put_into_play": "put a card into play from a zone (706)",
    "token": "create a token (521)",
    "copy_that_event": "copy the effects of the Event whose play was watched (520.1; `banish_self`: banish this card "
                       "to do it)",
    "token_copy": "put a token copy of a card into play (520.2: the copied card's printed information, cost zero; `of`: self / it / a selector; `at`: here)",
    "flip": "flip additional cards during a faceoff (515)",
    "turn_over": "turn a Mane Character over (301.2)",
    "lose_abilities_until": "a card loses and can't have abilities until the end of the turn (`until`) or while the "
                            "effect's source remains exhausted (`while_ex`) (708)",
    "opponent_picks_one_of_two": "choose 2 cards (`filter`) in your discard pile; an opponent puts 1 into your hand; you "
                                 "may put the other into play at your home (705.2f)",
    "exhaust_one_color": "exhaust every character involved in the faceoff whose only color is the chosen one (203)",
    "next_fo_bonus": "add the watched card's power (as the event happened, 410.6a) to your next faceoff this turn (514.4a)",
    "lose_teamwork": "a Friend loses Teamwork (and stops lending its other printed abilities) until it is readied (603.1)",
    "no_unfright_while_ex": "\"that card\" (the one just chosen) can't be unfrightened while this card is exhausted (104.2)",
    "cutie_mark": "Cutie Mark a card (glossary)",
    "may": "optional sub-effects (712.3); `else`: what happens when the player declines (\"If you don't, ...\")",
    "exhaust_self_cost": "exhaust this card as a cost (stops the rest if it can't)",
    "leave_self_cost": "banish/retire this card as a cost (stops the rest if it can't)",
    "each_player": "each player (turn player first) follows the sub-effects as 'you'",
    "mark": "choose a card that later effects call 'it' / 'that character'",
    "lose_tokens": "a player loses N action tokens",
    "pay_points": "pay N points (`half`: half your points, rounded up) as a cost: without them nothing after it "
                  "happens (508.1, 508.1d)",
    "hand_to_play": "put a card of `filter` from your hand into play: an attachment on a chosen legal host, a "
                    "Problem card at a chosen Problem, any other at home (706, 305.1)",
    "skip_turn": "skip the turn about to begin (\"You may skip your first turn\": static `skip_first_turn`, flow.turn)",
    "replace_draw": "a draw an optional replacement (static `replace_draw`) may replace: its player may exhaust one of "
                    "their Friends to gain [1] instead (710, 712.3); `n`: this draw and the ones after it",
    "lose_game": "the effect's controller (`who: opponent`: their opponent) loses the game (103.5; the other wins, 103.3)",
    "mill": "put the top N cards of your deck into your discard pile",
    "replace_problem": "replace a Problem (613.2)",
    "choose_modes": "Choose one/two: the player picks N of the listed modes",
    "hand_to_deck_top": "put a card from your hand on top of your deck",
    "turn_face_down": "turn a Troublemaker face-down (505.3)",
    "hand_hasty": "Friends in your hand have Hasty this turn [until you play a Friend] (HM101, HM142)",
    "banished_to_hand": "put each card this card banished (banish_from_zone with track) into its owner's hand (EO60)",
    "extra_turn": "take an extra turn after this one (ST1)",
    "turn_tm_over": "turn a Troublemaker over without covering or uncovering it (HM69; 505.3, 711.3a)",
    "uncover": "uncover a face-down Troublemaker (607.3)",
    "gain_control": "gain control of a card, permanently or until the end of the turn (513.2)",
    "if": "sub-effects if a condition holds ({k: you_have|none, sel: selector})",
    "pay": "pay N action tokens (a cost inside an effect; stops the rest if it can't be paid)",
    "if_faceoff": "sub-effects only during a faceoff",
    "flip_if_involved": "flip N (or all_n) additional cards if named characters are involved in the faceoff",
    "cost_reduction": "pay N less for your next card of a type this turn",
    "choose_color": "choose a color for this card",
    "add_color": "a card is also a color until the end of the turn or phase ({color, target, until})",
    "costs_ok": "check that several costs can all be paid before paying any (508.1d)",
    "send_it_back": "send the card a watched move was about back to the area it was moved from (506.5)",
    "also_friend": "this card is also a Friend of a color until the end of the phase ({color, until})",
    "tm_into_play": "put a Troublemaker from your hand / discard pile / deck (search) into play face-up at a Problem",
    "reorder_top": "look at the top N cards of a deck (yours, an opponent's, this card's Problem deck) and put them back in any order",
    "look_pdeck": "look at the top card of a Problem deck and put it on the top or the bottom",
    "uncover_it": "uncover the face-down Troublemaker a watched trigger is about",
    "left_to_hand": "put the card that just left play into its owner's hand from the zone it went to (410.6a)",
    "beneath_to_hand": "put the cards banished beneath this card into their owners' hands (it left play or turned face-down)",
    "draw_to": "draw cards until you have N cards in your hand",
    "as_opponent": "the opponent follows the sub-effects as 'you' (\"each opponent retires a frightened Friend\")",
    "choose_area": "choose a Problem; later effects' \"there\" is that Problem",
    "defeat": "defeat a Troublemaker: score its points and dismiss it (514.5a)",
    "shuffle_decks": "each player shuffles their deck",
    "ignore_flip": "ignore the flipped card a Reaction responds to and flip another (514.4b)",
    "send_back": "send the moved card a Reaction responds to back to its previous area (506.5)",
    "grant_kw": "a card (or, with an each-selector, every card that fits it, 708.5) has a keyword until the end"
                " of the turn / the start of your next turn ({kw, n, target, until})",
    "self_from_discard": "this card, from its owner's discard pile, into their hand or banished ({to: hand|ban}); "
                         "nothing else of the effect happens when it is no longer there",
    "each_disc_to_hand_score": "each player, turn player first, may put a card from their discard pile into their "
                               "hand; you score a point for each card put into a hand this way",
    "send_moved_back": "send a character that was moved this turn to its previous area (506.1, 506.5)",
    "banish_hand_same_name": "the opponent reveals their hand and you banish each card in it with the same name as the "
                             "card an earlier effect chose (201.1)",
    "clear_counters_there": "remove every counter of a kind from the Problem where the watched card was moved (519)",
    "copy_plus_counters": "this card gets as many +1 power counters as another chosen card of a selector has (519)",
    "reveal_until_play": "reveal cards from the top of your deck until you reveal a card of a type; if you do, put "
                         "it into play at your home, then shuffle your deck",
    "ready_one_of": "the Ready Step's readying limited to one character: the player chooses which (603.1)",
    "opp_discard_power": "an opponent discards a card of their choice; one of your chosen cards gets +X power until "
                         "the end of the faceoff, X the discarded card's printed power",
    "cancel_event": "the Event being played does none of its instructions and goes to the discard pile (304.2)",
    "self_from_hand_into_play": "this card, from its owner's hand, into play at their home",
    "send_elsewhere_may": "characters about to be sent home: one optional choice to send them to other Problems "
                          "instead (710), else home",
    "copy_played_event": "exhaust this card and as many other cards of a selector as the played Event's cost to "
                         "copy its effects (520.1)",
    "move_to_other_problem": "the player who was moving the card moves it to another Problem they choose instead (710)",
    "pdeck_top_as_dilemma": "put the top card of a chosen Problem deck into play as a Dilemma at its own area (522)",
    "as_most_power_here": "the player whose characters here have the most power in all follows the instructions "
                          "(equal totals: nobody)",
    "skip_tp": "the next Troublemaker Phase (of whichever player) is skipped: none of its steps happen",
    "keep_one_of_each": "the player chooses one card of each listed type they control and retires the rest of those types",
    "chosen_joins_faceoff": "a chosen card (selector) becomes involved in the faceoff being played (514.2d.i)",
    "banish_that_card": "banish the card a watched event put into a discard pile (\"it\"), if it is still there",
    "return_held_tm": "the Troublemaker this card holds banished enters play at a chosen Problem and is uncovered (607)",
    "turn_each_mane": "each player's Mane Character is turned over (301.2; the turn player's first)",
    "play_free_friend": "play a Friend from your hand without paying its cost (its play requirement still applies, 205.1)",
    "play_free_on_self": "play a Resource of a trait (Accessory) from your hand on this card without paying its cost "
                         "(its Play on rule and play requirement still apply, 509, 205.1)",
    "hand_attachment_into_play": "put a Resource of a trait (Accessory) from your hand into play attached to a chosen "
                                 "Friend (706, 509)",
    "no_moves_this_turn": "characters can't be moved this turn (the move action and effects' moves, 104.2)",
    "bonus_zero_there": "the Problem chosen before (\"that Problem\") has a bonus of 0 until the end of the turn (210)",
    "ignore_that_flip": "ignore the card a \"When you flip ...\" trigger is about and flip another (515.4)",
    "disc_friend_here_for_faceoff": "a Friend from your discard pile into play at this card's area, banished at the end "
                                    "of the faceoff",
    "look_top_same_power": "a private look at the top card of your deck; with the printed power of \"it\", an optional "
                           "public reveal and then the instructions (`then`)",
    "once_a_game": "the instructions are followed the first time only (\"The first player to ...\")",
}
