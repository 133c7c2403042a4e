"""Templates of Events and activated abilities with timing phrases, and delayed effects."""
from __future__ import annotations

from .nested import parse_effects
from .faceoff import parse_start_faceoff
from .targets import parse_target
from .templates import NEXT, Rewrite, first_match
from .vocab import COLOR_RE, TRAITS, re, word_number


_CHALLENGE_WITH = {"one of your characters": "one", "one of your characters here": "one",
                   "all your characters at its problem": "problem", "all of your characters at its problem": "problem",
                   "your characters at its problem": "problem", "all your characters there": "problem",
                   "all your characters in play": "all", "all of your characters in play": "all"}


def _challenge_an_opponent_an_opposing_face(m, t):
    if m.group(3).lower() in _CHALLENGE_WITH:
        e = {"op": "challenge", "with": _CHALLENGE_WITH[m.group(3).lower()],
             "tm": "self" if m.group(1) else "it" if m.group(2) else "opp"}
        if m.group(3).lower().endswith(" here"):
            e["here"] = True
        return [e]
    return NEXT


def _choose_up_to_two_three_of(m, t):
    tg = {"type": m.group(2)[:-1], "ctrl": "you", "optional": True, "fresh": True}
    if m.group(3):
        tg["at"] = "home"
    return [{"op": "move", "target": dict(tg), "to": "problem", "distinct": True} for _ in range(word_number(m.group(1)))]


def _delayed(_match, t):
    r = _delayed_effects(t)
    if r is not None:
        return r or None
    return NEXT


def _flip_opponents_flip_an_one_two(m, t):
    if (m.group(3).lower() == "fewer") == m.group(1).lower().startswith("opponents") and (m.group(2).lower() != "an") == (m.group(3).lower() == "fewer"):
        n = word_number(m.group(2)) * (-1 if m.group(3).lower() == "fewer" else 1)
        return [{"op": "flip_mod", "n": n, "who": "opp" if n < 0 else "you",
                 "until": "next_turn" if "start" in m.group(4).lower() else "turn"}]
    return NEXT


def _exhaust_an_opposing_character_an_opposing(m, t):
    # 603.1: the mark is removed instead of readying it once
    return [{"op": "exhaust", "target": parse_target(m.group(1)), "no_ready": True}]


def _reveal_a_card_the_top_the(m, t):
    # the card is drawn either way; its type decides the rest (515-style public reveal)
    b = parse_effects(m.group(2))
    if b is None or re.search(r"\bit\b", m.group(2)):
        return None
    return [{"op": "reveal_top", "whose": "you", "cond": {"type": m.group(1).capitalize()},
             "then": [{"op": "revealed", "to": "hand"}] + b, "else": [{"op": "revealed", "to": "hand"}]}]


def _each_player_chooses_up_to_three(m, t):
    # each player keeps up to N (one optional pick at a time), the others are retired (410.2: their own)
    return [{"op": "each_player", "effects": [{"op": "keep_retire", "n": word_number(m.group(1)), "type": "Friend"}]}]


def _search_your_deck_up_to_three(m, t):
    # 518: search, reveal, shuffle
    return [{"op": "search_multi", "n": word_number(m.group(1)), "filter": {"type": "Friend", **({"trait": m.group(2).strip()} if m.group(2) else {})},
             "distinct_names": True}]


def _the_next_time_you_defeat_a(_match, t):
    return [{"op": "next_defeat_bonus", "n": 1}]


def _turn_over_a_face_up_face(m, t):
    # (reminder text: this does not cover or uncover it, 505)
    return [{"op": "flip_tm"}]


def _put_each_friend_resource_troublemaker_on(_match, t):
    return [{"op": "to_deck_top", "target": {"type": "card", "types": ["Friend", "Resource", "Troublemaker"], "each": True, "fd_ok": True}},
            {"op": "each_player", "effects": [{"op": "shuffle_into_deck", "from": "disc"}]}]


def _have_an_opponent_reveal_a_random(_match, t):
    return [{"op": "reveal_random_hand"}]


def _move_that_friend_to_a_problem(_match, t):
    return [{"op": "move", "target": {"host": True}, "to": "problem"},
            {"op": "at_fo_end", "effects": [{"op": "retire", "target": {"self": True}}]}]


def _characters_cant_be_moved_to_that_problem(m, t):
    return [{"op": "area_restrict", "play": "played" in m.group(1), "area": "there" if m.group(2) == "that Problem" else "here"}]


def _move_all_other_characters_at_its(m, t):
    # the area is fixed before the moves (this card's Problem)
    a = parse_effects(m.group(1))
    return None if a is None else [{"op": "area_restrict", "play": True, "area": "here"}] + a


def _move_any_number_of_your_characters(m, t):
    return [{"op": "any_number", "effect": {"op": "move", "target": {"type": "character", "ctrl": "you", "at": "home"}, "to": "choose"}},
            {"op": "turn_over"}]


def _reveal_the_top_three_two_cards(m, t):
    return [{"op": "reveal_n", "n": word_number(m.group(1)), "pick": {"type": m.group(2)}, "pick_n": 1, "rest": "disc"}]


def _reveal_the_top_three_two_cards_2(m, t):
    return [{"op": "reveal_n", "n": word_number(m.group(1)), "pick": {"type": m.group(2)}, "pick_n": 1, "may": True, "rest": "top_any"}]


def _reveal_a_number_of_cards_the(m, t):
    return [{"op": "reveal_n", "n": "colors", "pick": {"type": m.group(1)}, "pick_n": "each", "rest": "bottom"}]


def _redistribute_any_number_of_power_counters(_match, t):
    return [{"op": "mark", "target": {"type": "Friend", "ctrl": "you"}}, {"op": "counters_onto_it"}]


def _start_a_faceoff_involving_the_winner(m, t):
    # 514.5d the winner's instruction (a private look, look_hand)
    r = parse_start_faceoff(m.group(1) + ". The winner draws a card")
    if not r:
        return None
    return [{**r[0], "winner": [{"op": "look_hand", "whose": "opp", "to": "deck_top"}]}]


def _you_may_put_one_of_the(_match, t):
    return [{"op": "may", "effects": [{"op": "flipped_to_hand"}]}]


def _look_at_a_player_hand_choose(_match, t):
    return [{"op": "look_hand", "to": "ban"}]


def _name_a_card_put_all_cards(_match, t):
    return [{"op": "name_disc_to_deck"}]


def _choose_odd_even_then_reveal_the(m, t):
    # (0 counts as even, reminder text)
    return [{"op": "parity_guess", "gain": int(m.group(1))}]


def _choose_two_cards_discard_piles_banish(_match, t):
    return [{"op": "two_from_discards"}]


def _choose_a_counter_on_one_of(_match, t):
    return [{"op": "copy_counter"}]


def _exhaust_one_of_your_friends_to(m, t):
    # the exhaust is what the effect costs (508.1d: none, nothing)
    return [{"op": "exhaust", "target": {"type": "Friend", "ctrl": "you", "state": "ready"}, "cost": True, "mark_cost": True},
            {"op": "up_to_colors", "effect": {"op": "exhaust", "target": {"type": "Friend", "ctrl": "opp", "state": "ready"}}}]


def _dismiss_a_friend_resource_that_card(m, t):
    return [{"op": "dismiss_tokens", "color": m.group(1), "trait": m.group(2)}]


def _one_of_your_characters_gets_power(m, t):
    # "Harmony" is a tag word (701.5); the condition is the text's own
    return [{"op": "mark", "target": {"type": "character", "ctrl": "you"}},
            {"op": "if", "cond": {"k": "it_trait", "trait": m.group(2)},
             "effects": [{"op": "power", "n": int(m.group(3)), "target": {"it": True}, "until": "turn"}],
             "else": [{"op": "power", "n": int(m.group(1)), "target": {"it": True}, "until": "turn"}]}]


def _you_have_friends_at_home_excess(m, t):
    return [{"op": "if", "cond": {"k": "over_home_limit"}, "effects": [{"op": "may", "effects": [
        {"op": "exhaust_self_cost"}, {"op": "to_hand", "target": {"type": "Friend", "ctrl": "you", "at": "home"}}]}]}]


def _each_player_chooses_a_card_another(m, t):
    return [{"op": "each_player", "effects": [{"op": "banish_from_zone", "zone": "disc", "whose": "opp", "filter": {}}]},
            {"op": "each_player", "effects": [{"op": "may", "effects": [{"op": "search", "filter": {}, "zone": "disc", "to": "hand"}]}]}]


def _an_additional_cost_to_play_this(m, t):
    # the retiring is chosen as the card is played (508; one pick at a time, "none" ends)
    return [{"op": "retire_count", "then": "draw_opp_discards"}]


def _choose_a_problem_you_confronted_this(_match, t):
    return [{"op": "confronted_score"}]


def _exchange_control_of_this_card_an(m, t):
    # 513.2 (for the rest of the game)
    return [{"op": "swap_self", "theirs": {"type": "Resource", "ctrl": "opp"}, "no_ready": True}]


def _gain_control_of_an_opponent_non(m, t):
    return [{"op": "swap_self", "theirs": {"type": "Resource", "ctrl": "opp"}, "unattached": True}]


def _choose_one_two(_match, t):
    if re.match(r"^Choose (?:one|two): ", t) and " on the top or bottom of that deck" in t:
        return parse_effects(t.replace(" on the top or bottom of that deck", " on the top-or-bottom of that deck"))
    return NEXT


def _look_at_the_top_two_three(m, t):
    # each card on the top (in the order picked) or the bottom (then ordered too)
    return [{"op": "look_sort", "n": word_number(m.group(1)), "whose": "choose", "deck": "pdeck", "pick": "top", "rest": "bottom_any"}]


def _name_a_card_type_an_opponent(m, t):
    return [{"op": "name_type_discard"}]


def _this_card_becomes_involved_the_faceoff(_match, t):
    return [{"op": "join_faceoff"}, {"op": "at_fo_end", "effects": [{"op": "retire", "target": {"self": True}}]}]


def _choose_a_friend_your_discard_pile(_match, t):
    return [{"op": "disc_into_faceoff"}]


def _give_this_card_the_discarded_card(_match, t):
    return [{"op": "colors_of_discarded"}]


def _give_one_of_your_flipped_cards(_match, t):
    n = int(re.match(r"^give one of your flipped cards \+(\d+)", t, re.I).group(1))
    return [{"op": "flip_power", "n": n, "choose": True}]


def _search_your_deck_discard_pile_an(_match, t):
    return [{"op": "search_deck_or_disc", "filter": {"type": "Resource", "trait": "Accessory"}}]


def _reveal_cards_the_top_of_an(_match, t):
    return [{"op": "reveal_until_friend"}]


def _each_player_chooses_a_friend_card(_match, t):
    return [{"op": "discord_pile"}]


def _banish_a_friend_a_discard_pile(_match, t):
    return [{"op": "ban_disc_add_power"}]


def _move_an_opponent_friend_to_a(_match, t):
    # 520 copying an effect: the opponent follows it as "you" (its "an opponent's Friend" is then yours)
    mv = {"op": "move", "target": {"type": "Friend", "ctrl": "opp"}, "to": "problem"}
    return [dict(mv), {"op": "as_opponent", "effects": [{"op": "may", "effects": [{"op": "pay", "n": 1}, dict(mv)]}]}]


def _reveal_the_top_card_of_your(m, t):
    return [{"op": "reveal_then_move", "points": int(m.group(1))}]


def _choose_up_to_two_opposing_friends(_match, t):
    return [{"op": "big_mix_up"}]


def _reveal_the_top_five_cards_of(m, t):
    return [{"op": "reveal_even_recall", "n": 5}, {"op": "turn_over"}]


def _start_a_faceoff_involving_your_characters(m, t):
    # 514.5d the winner's instruction (a public reveal, reveal_n)
    r = parse_start_faceoff(m.group(1) + ". The winner draws a card")
    if not r:
        return None
    return [{**r[0], "winner": [{"op": "reveal_n", "n": "involved", "pick": {"type": "Friend"}, "pick_n": "each", "rest": "bottom"}]}]


def _choose_a_card_an_opponent_discard(_match, t):
    return [{"op": "destiny_drain"}, {"op": "self_to_ban"}]


def _look_at_the_top_two_three_2(m, t):
    return [{"op": "look_sort", "n": word_number(m.group(1)), "whose": "choose", "pick": "disc", "rest": "top"}]


def _choose_an_opponent_look_at_a(m, t):
    return [{"op": "look_sort", "n": "colors", "whose": "opp", "pick": "top", "rest": "bottom"}]


def _choose_a_problem_ready_exhaust_any(m, t):
    # "any number": one optional choice at a time (timed_effects.any_number)
    st_ = "exhausted" if m.group(1).lower() == "ready" else "ready"
    return [{"op": "choose_area"}, {"op": "any_number", "effect": {"op": m.group(1).lower(), "target": {
        "type": "character" if m.group(2).lower() == "characters" else "Friend", "at": "there", "state": st_}}}]


def _banish_this_card_an_event_friend(m, t):
    w = m.group(1).lower()
    e = {"op": "ban_beneath", "host": "self" if m.group(2).lower() == "this card" else "pumped"}
    if w == "this card":
        e["what"] = "self"
    elif "hand" in w:
        ty = re.match(r"an? (\w+)", w).group(1).capitalize()
        e.update(what="hand", filter={} if ty == "Card" else {"type": ty})
    else:
        e.update(what="target", target={"type": "Friend", "ctrl": "opp"})
    return [e]


def _reveal_a_card_your_hand_banish(m, t):
    return [{"op": "ban_beneath", "what": "hand", "filter": {}, "host": "pumped"}]


def _put_a_banished_card_beneath_this(m, t):
    return [{"op": "from_beneath", "to": "deck_top"}] + ([{"op": "gain", "n": int(m.group(2))}] if m.group(1) else [])


def _put_all_cards_beneath_a_friend(_match, t):
    return [{"op": "from_beneath", "to": "disc"}]


def _dismiss_this_card_put_any_cards(_match, t):
    return [{"op": "from_beneath", "to": "play"}]


def _rewrite_involved_a_faceoff(_match, t):
    return Rewrite(re.sub(r"\binvolved in a faceoff\b", "involved in the faceoff", t))


def _you_may_discard_a_card_you(m, t):
    if " instead" not in m.group(2):  # the discard is what "If you do" asks (508.1d-like: no card, nothing)
        a, b = parse_effects(m.group(1)), parse_effects(m.group(2))
        if a is None or b is None:
            return None
        return a + [{"op": "may", "effects": [{"op": "discard", "n": 1, "who": "you", "cost": True}] + b}]
    return NEXT


def _dismiss_an_opposing_troublemaker_you_may(m, t):
    # DE108: the replacement is chosen before the dismissal (712.3)
    return [{"op": "mark", "target": parse_target(m.group(1))},
            {"op": "may", "effects": [{"op": "discard", "n": 1, "who": "you", "cost": True},
                                      {"op": "gain_control", "target": {"it": True}, "until": "permanent"}]},
            {"op": "it_unless_mine", "verb": "dismiss"}]


def _until_the_end_of_the_turn(m, t):
    a = parse_effects(m.group(1) + " until the end of the turn")
    return None if a is None else a + [{"op": "restrict", "k": "no_fo_play", "who": "opp", "until": "turn"}]


def _choose_a_problem_move_a_random(m, t):
    # the seeded rng picks among those not already there (506.2)
    return [{"op": "choose_area"}, {"op": "move_to_chosen", "target": {"type": m.group(1).capitalize(), "random": True}}]


def _move_up_to_three_two_of(m, t):
    # all to one Problem: chosen first ("a Problem") or this card's ("that Problem", after "at a Problem")
    tg = {"type": "Friend", "ctrl": "you", "trait": m.group(2), "optional": True, "fresh": True}
    if "from home" in t.lower():
        tg["at"] = "home"
    head = [{"op": "choose_area"}] if m.group(3).lower() == "a problem" else [{"op": "here_area"}]
    return head + [{"op": "move_to_chosen", "target": dict(tg)} for _ in range(word_number(m.group(1)))]


def _choose_a_problem_your_opponent_moves(m, t):
    # CN116: the opponent chooses which of their Friends there and where it goes (506)
    return [{"op": "choose_area"}, {"op": "opp_moves_away", "type": "Friend"},
            {"op": "if", "cond": {"k": "you_have", "sel": {"type": "character", "ctrl": "you", "title": m.group(1)}},
             "effects": [{"op": "gain", "n": int(m.group(2))}]}]


def _move_this_card_to_a_problem(m, t):
    return [{"op": "move_to_chosen", "target": {"self": True}, "where_have": {"type": "Friend", "ctrl": "you", "traits": m.group(1).split(" or ")}}]


def _choose_an_opponent_mane_character_banish(m, t):
    # AD90 (none while it is at home: it has no Problem)
    return [{"op": "mark", "target": {"type": "Mane Character", "ctrl": "opp"}}, {"op": "ban_at_it_le"}]


def _move_up_to_two_three_of(m, t):
    return [{"op": "move", "target": {"type": "character", "ctrl": "opp", "optional": True, "fresh": True}, "to": "home"}
            for _ in range(word_number(m.group(1)))]


def _have_all_players_shuffle_their_hands(m, t):
    return [{"op": "each_player", "effects": [{"op": "shuffle_into_deck", "from": "hand"},
                                              {"op": "draw", "n": word_number(m.group(1)) if not m.group(1).isdigit() else int(m.group(1)), "who": "you"}]}]


def _look_at_the_top_card_of(m, t):
    return [{"op": "power_guess", "gain": int(m.group(1))}]


def _gain_until_the_end_of_the(m, t):
    # the tokens are lost again (if still there) when the duration ends (timed_effects.temp_gain)
    return [{"op": "temp_gain", "n": int(m.group(1)), "until": m.group(2).lower()}]


def _your_friends_can_t_leave_play(_match, t):
    return [{"op": "restrict", "k": "no_leave", "who": "you", "until": "turn"}]


def _distribute_two_three_power_counters_among(m, t):
    # one counter at a time, each on any Friend (the same Friend may get several)
    return [{"op": "counters", "n": 1, "counter": "+1", "target": {"type": "Friend"}} for _ in range(word_number(m.group(1)))]


def _opponents_your_opponent_can_t_move(m, t):
    return [{"op": "restrict", "k": "no_move" if m.group(1).lower().startswith("move") else "no_events", "who": "opp",
             "until": "turn"}]


def _you_have_fewer_points_than_an(m, t):
    return [{"op": "if", "cond": {"k": "opp_more_points"}, "effects": [{"op": "score", "n": 1, "who": "you"}]}]


def _move_your_opponent_an_opponent_mane(m, t):
    # "here": this card's area (not a filter on where the Mane Character is)
    return [{"op": "move", "target": {"type": "Mane Character", "ctrl": "opp"}, "to": "here"}]


#: timed_effects's templates in the order they are tried (first match wins: the order is behaviour);
#: each (pattern matched at the start of ``t``, flags, builder); a builder without a pattern is
#: always tried; it returns NEXT to let the next template try, ``Rewrite(text)`` to go on with a
#: reworded text, else the result
TIMED_TEMPLATES: tuple = (
    # 608.4 / 514.2a.i a challenge started by an effect, with the characters it names
    (r"^challenge (?:(?:an opponent's|an opposing) (?:face-up )?Troublemaker|(this card)|(that Troublemaker)) with (.+)$", re.I, _challenge_an_opponent_an_opposing_face),
    # "Choose up to 2 of your characters at home. Move each of them to a different Problem." (one optional
    # move per card, never two of them to the same Problem: ``distinct``)
    (r"^choose up to (two|three|2|3) of your (characters|Friends)( at home)?\. Move each of them to a different Problem$", re.I, _choose_up_to_two_three_of),
    (None, 0, _delayed),
    # 514.3a timed flip-count modifiers of a player ("during faceoffs until the end of the turn")
    (r"^(flip|opponents flip) (an|1|one|2|two) (additional|fewer) cards? (?:during|for) faceoffs "
     r"until the (end of the turn|start of your next turn)$", re.I, _flip_opponents_flip_an_one_two),
    (r"^exhaust (an opposing character|an opposing Friend|an opponent's Friend|a character|a Friend) and it does not ready "
     r"during its controller's next (?:ready step|Ready Phase)$", re.I, _exhaust_an_opposing_character_an_opposing),
    (r"^reveal (?:a card from the top|the top card) of your deck and draw it\. If it's an? (Friend|Event|Resource|Troublemaker), (.+)$", re.I, _reveal_a_card_the_top_the),
    (r"^each player chooses up to (3|three|2|two) of their Friends and retires the rest$", re.I, _each_player_chooses_up_to_three),
    (r"^search your deck for up to (three|two|3|2) ((?:%s) )?Friends with different names, reveal them, and put them into "
     r"your hand$" % "|".join(TRAITS), re.I, _search_your_deck_up_to_three),
    (r"^the next time you defeat a Troublemaker this turn, score an additional point$", re.I, _the_next_time_you_defeat_a),
    (r"^turn over a face-up or face-down Troublemaker\.?$", re.I, _turn_over_a_face_up_face),
    (r"^put each Friend, Resource, and Troublemaker on top of its owner's deck, then each player shuffles their discard pile into their deck$", re.I, _put_each_friend_resource_troublemaker_on),
    (r"^have an opponent reveal a random card from their hand$", re.I, _have_an_opponent_reveal_a_random),
    (r"^move that Friend to a Problem\. At the end of the faceoff, retire this card$", re.I, _move_that_friend_to_a_problem),
    (r"^(?:C|c)haracters can't be (moved|moved or played) to (that Problem|this card's Problem) "
     r"(?:until the end of the turn|for the rest of the turn)$", 0, _characters_cant_be_moved_to_that_problem),
    (r"^(move all other characters at its Problem home)\. Characters can't be moved or played to that Problem for the rest of the turn$", re.I, _move_all_other_characters_at_its),
    (r"^move any number of your characters at home and turn this card over$", re.I, _move_any_number_of_your_characters),
    (r"^reveal the top (three|3|two|2) cards of your deck, put a revealed (Friend|Event|Resource|Troublemaker) into your hand, and put "
     r"all other revealed cards into your discard pile$", re.I, _reveal_the_top_three_two_cards),
    (r"^reveal the top (three|3|two|2) cards of your deck\. You may put (?:1|one) revealed (Friend|Event|Resource|Troublemaker) into your "
     r"hand and all remaining cards on the top of your deck in any order$", re.I, _reveal_the_top_three_two_cards_2),
    (r"^reveal a number of cards from the top of your deck equal to the number of colors this card has\. Put each "
     r"(Friend|Event|Resource|Troublemaker) revealed this way into your hand and the rest of the cards on the bottom of your deck$", re.I, _reveal_a_number_of_cards_the),
    (r"^redistribute any number of \+1 power counters on your characters onto one of your Friends$", re.I, _redistribute_any_number_of_power_counters),
    (r"^(Start a faceoff involving .+?)\. The winner looks at their opponent's hand and chooses a card\. That player puts "
     r"that card on top of their deck$", re.I, _start_a_faceoff_involving_the_winner),
    (r"^you may put one of the cards you flipped for the faceoff into your hand$", re.I, _you_may_put_one_of_the),
    (r"^look at a player's hand and choose a card, then that player banishes that card$", re.I, _look_at_a_player_hand_choose),
    (r"^name a card, put all cards in your discard pile with that name on top of your deck, and shuffle your deck$", re.I, _name_a_card_put_all_cards),
    (r"^Choose odd or even and then reveal the top card of your deck\. If that card's printed power matches your choice, "
     r"gain \[(\d+)\] and draw a card\. Otherwise, draw a card\.?$", re.I, _choose_odd_even_then_reveal_the),
    (r"^Choose two cards in discard piles\. Banish one and put the other into its owner's hand$", re.I, _choose_two_cards_discard_piles_banish),
    (r"^Choose a counter on one of your ready cards\. Put another counter of the same type on that card$", re.I, _choose_a_counter_on_one_of),
    (r"^Exhaust one of your Friends to exhaust a number of opposing Friends up to the number of colors that Friend has$", re.I, _exhaust_one_of_your_friends_to),
    (r"^Dismiss a Friend or Resource\. That card's controller may put a number of 1 \[(%s)\] (\w+) Friend tokens equal to that "
     r"card's cost into play under their control$" % COLOR_RE, re.I, _dismiss_a_friend_resource_that_card),
    (r"^One of your characters gets \+(\d+) power until the end of the turn\. (?:<> )?Harmony (%s): If that character is an? \2, "
     r"it gets \+(\d+) power until the end of the turn instead$" % "|".join(TRAITS), re.I, _one_of_your_characters_gets_power),
    (r"^if you have Friends at home in excess of your home limit, you may exhaust this card to put a Friend there into its "
     r"owner's hand$", re.I, _you_have_friends_at_home_excess),
    (r"^Each player chooses a card from another player's discard pile and banishes that card\. Then, each player chooses a card "
     r"in their discard pile and may put that card into their hand$", re.I, _each_player_chooses_a_card_another),
    (r"^As an additional cost to play this card, retire any number of Friends\. Draw cards equal to the number of Friends retired "
     r"this way, and an opponent discards that many cards$", re.I, _an_additional_cost_to_play_this),
    (r"^Choose a Problem you confronted this turn\. If there are no opposing Friends at that Problem, score a point$", re.I, _choose_a_problem_you_confronted_this),
    (r"^exchange control of this card and an opposing Resource\. If you do, this card does not ready during its controller's "
     r"next Ready Phase$", re.I, _exchange_control_of_this_card_an),
    (r"^gain control of an opponent's non-attachment Resource\. That opponent gains control of this card$", re.I, _gain_control_of_an_opponent_non),
    (None, 0, _choose_one_two),
    (r"^Look at the top (2|two|3|three) cards of a Problem deck and put them on the top-or-bottom of that deck in any order$", re.I, _look_at_the_top_two_three),
    (r"^name a card type and an opponent reveals their hand and discards a card with that type$", re.I, _name_a_card_type_an_opponent),
    (r"^this card becomes involved in the faceoff\. At the end of the faceoff, retire this card$", re.I, _this_card_becomes_involved_the_faceoff),
    (r"^Choose a Friend in your discard pile\. Put it into play at a Problem where a faceoff is being resolved\. At the end of "
     r"the faceoff, banish that Friend$", re.I, _choose_a_friend_your_discard_pile),
    (r"^give this card the discarded card's colors until the end of the turn$", re.I, _give_this_card_the_discarded_card),
    (r"^give one of your flipped cards \+(\d+) power until the end of the faceoff$", re.I, _give_one_of_your_flipped_cards),
    (r"^search your deck or discard pile for an Accessory, reveal it, and put it into your hand$", re.I, _search_your_deck_discard_pile_an),
    (r"^Reveal cards from the top of an opponent's deck until you reveal a Friend\. Put that Friend into play under your "
     r"control, then that opponent shuffles their deck$", re.I, _reveal_cards_the_top_of_an),
    (r"^Each player chooses a Friend card in their opponent's discard pile\. The owners of each of those Friends may put them "
     r"into play$", re.I, _each_player_chooses_a_friend_card),
    (r"^Banish a Friend from a discard pile\. Add that Friend's power to one of your Friends involved in the faceoff until the "
     r"end of the faceoff$", re.I, _banish_a_friend_a_discard_pile),
    (r"^Move an opponent's Friend to a Problem\. That opponent may pay \[1\] to copy this effect$", re.I, _move_an_opponent_friend_to_a),
    (r"^Reveal the top card of your deck, then move an opposing character with power less than the revealed card's power\. If a "
     r"player has (\d+) or more points, move up to two opposing characters with power less than the revealed card's power "
     r"instead$", re.I, _reveal_the_top_card_of_your),
    (r"^Choose up to two opposing Friends\. Their controllers may return any number of them to their owners' hands\. Then, you "
     r"score a point for each chosen Friend in play$", re.I, _choose_up_to_two_opposing_friends),
    (r"^reveal the top (five|5) cards of your deck, put a card from your discard pile into your hand for each card with even power "
     r"revealed this way, then shuffle your deck and turn this card over$", re.I, _reveal_the_top_five_cards_of),
    (r"^(Start a faceoff involving your characters at a Problem and an opponent's characters there)\. The winner of that faceoff "
     r"reveals a number of cards from the top of their deck equal to the number of their characters involved in the faceoff, "
     r"puts each Friend revealed this way into their hand, and puts the rest of the cards on the bottom of their deck$", re.I, _start_a_faceoff_involving_your_characters),
    (r"^Choose a card in an opponent's discard pile\. Search that player's hand, deck, and discard pile for each card with the same "
     r"name, then banish those cards\. Banish this card$", re.I, _choose_a_card_an_opponent_discard),
    # look at the top cards of a deck and sort them (any number one way, the rest the other way)
    (r"^look at the top (two|three|2|3) cards of a player's deck\. Put any number of them into their owner's discard pile "
     r"and the rest back on top in any order$", re.I, _look_at_the_top_two_three_2),
    (r"^choose an opponent\. Look at a number of cards from the top of that player's deck equal to the number of colors "
     r"this card has, then put any number of them back on top of the deck in any order, and the rest on the bottom$", re.I, _choose_an_opponent_look_at_a),
    (r"^choose a Problem and (ready|exhaust) any number of (characters|Friends) there$", re.I, _choose_a_problem_ready_exhaust_any),
    # cards banished beneath a card (Pumped; "for each card beneath this card")
    (r"^banish (this card|an? (?:Event|Friend|card) from your hand|(?:an opponent's|an opposing) Friend) to beneath "
     r"(this card|one of your Friends with Pumped)$", re.I, _banish_this_card_an_event_friend),
    (r"^reveal a card from your hand and banish it to beneath one of your Friends with Pumped$", re.I, _reveal_a_card_your_hand_banish),
    (r"^put a banished card from beneath this card on (?:the )?top of your deck( and gain \[(\d+)\])?$", re.I, _put_a_banished_card_beneath_this),
    (r"^put all cards from beneath a Friend with Pumped into the discard pile$", re.I, _put_all_cards_beneath_a_friend),
    (r"^dismiss this card and put any cards beneath it into play at their owners' homes$", re.I, _dismiss_this_card_put_any_cards),
    (None, 0, _rewrite_involved_a_faceoff),
    (r"^(.+?)\. You may discard a card\. If you do, (.+)$", 0, _you_may_discard_a_card_you),
    (r"^Dismiss (an opposing Troublemaker)\. You may discard a card\. If you do, gain control of that Troublemaker instead$", re.I, _dismiss_an_opposing_troublemaker_you_may),
    (r"^Until the end of the turn, (your (?:characters|Friends) get \+\d+ power) and (opponents can't play cards during faceoffs)$", re.I, _until_the_end_of_the_turn),
    (r"^choose a problem\. Move a random (Friend|character) to that Problem$", re.I, _choose_a_problem_move_a_random),
    (r"^move up to (3|three|2|two) of your (%s) Friends (?:from home )?to (a Problem|that Problem)$" % "|".join(TRAITS), re.I, _move_up_to_three_two_of),
    (r"^choose a Problem\. Your opponent moves one of their Friends away from that Problem\. If you control (.+?), gain \[(\d+)\]$", re.I, _choose_a_problem_your_opponent_moves),
    (r"^move this card to a Problem where you have an? ((?:%s) or (?:%s)) Friend$" % ("|".join(TRAITS), "|".join(TRAITS)), re.I, _move_this_card_to_a_problem),
    (r"^choose an opponent's Mane Character\. Banish each Friend at that Mane Character's Problem with power less than or "
     r"equal to the power of that Mane Character$", re.I, _choose_an_opponent_mane_character_banish),
    (r"^move up to (2|two|3|three) of your opponent's characters home$", re.I, _move_up_to_two_three_of),
    (r"^(?:have )?all players shuffle their hands into their decks,? then draw (\d+|three|four|five|six) cards$", re.I, _have_all_players_shuffle_their_hands),
    (r"^look at the top card of your deck and choose a number\. An opponent guesses whether that card's power matches the chosen "
     r"number and you reveal that card\. If that opponent guesses correctly, banish that card\. Otherwise, gain \[(\d+)\]$", re.I, _look_at_the_top_card_of),
    (r"^gain \[(\d+)\] until the end of the (phase|turn)$", re.I, _gain_until_the_end_of_the),
    (r"^your Friends can't leave play this turn$", re.I, _your_friends_can_t_leave_play),
    (r"^distribute (two|three|2|3) \+1 power counters among up to (?:two|three|2|3) Friends$", re.I, _distribute_two_three_power_counters_among),
    (r"^(?:opponents|your opponent) can't (move their characters|play Events) this turn$", re.I, _opponents_your_opponent_can_t_move),
    (r"^if you have fewer points than an opponent,? score a point$", re.I, _you_have_fewer_points_than_an),
    (r"^move (?:your opponent's|an opponent's) Mane Character here$", re.I, _move_your_opponent_an_opponent_mane),
)


def timed_effects(t: str) -> list[dict] | None:
    """Templates of Events and activated abilities with timing phrases (timed_effects.py)."""
    return first_match(TIMED_TEMPLATES, t)


_DELAY_WHEN = {"at the end of the turn": "turn_end", "at the start of the next turn": "turn_start",
               "at the end of your score phase": "score_end_own", "at the start of your next turn": "own_turn_start"}


def _delayed_part(b: str, first: list[dict]) -> list[dict] | None:
    """The instructions of a delayed effect (timed_effects.delay); "that Friend" / "them" refer to what the
    first part banished, moved or put into play."""
    b = b.strip().rstrip(".")
    if re.match(r"^put (?:that Friend|it|that card) into play$", b, re.I):
        ban = [e for e in first if e.get("op") == "banish" and not (e.get("target") or {}).get("each")]
        if len(ban) != 1:
            return None
        ban[0]["keep"] = True  # the banished card is remembered (resolve: fr["gone"])
        return [{"op": "put_back"}]
    m = re.match(r"^(banish|retire|dismiss) them$", b, re.I)
    if m:
        return [{"op": "made", "verb": m.group(1).lower()}] if any(e.get("op") == "token" for e in first) else None
    m = re.match(r"^if no player has (\d+) or more points, retire (2|two) (%s) Friends$" % "|".join(TRAITS), b, re.I)
    if m:  # 410.2 a player retires their own cards
        tg = {"type": "Friend", "ctrl": "you", "trait": m.group(3), "fresh": True}
        return [{"op": "if", "cond": {"k": "points_at_least", "n": int(m.group(1))}, "effects": [],
                 "else": [{"op": "retire", "target": dict(tg)} for _ in range(word_number(m.group(2)))]}]
    if re.search(r"\b(?:them|they|their)\b", b, re.I):
        return None
    return parse_effects(b)


def _delayed_effects(t: str) -> list[dict] | None:
    """"<instructions>. At the end of the turn, <instructions>" and the like: the second part is a delayed
    effect (timed_effects.delay).  [] when the text has that shape but is not understood, None otherwise."""
    m = re.match(r"^(.+?)\. (At the end of the turn|At the start of the next turn|At the end of your Score Phase), (.+)$", t, re.I)
    if m and not re.search(r"\bAt the (?:end|start) of\b", m.group(3)):
        a = parse_effects(m.group(1))
        b = _delayed_part(m.group(3), a) if a is not None else None
        if a is None or b is None:
            return []
        return a + [{"op": "delay", "when": _DELAY_WHEN[m.group(2).lower()], "effects": b, "lbl": m.group(2) + ", " + m.group(3)}]
    m = re.match(r"^(.+), then (retire|banish|dismiss) (?:that Friend|that character|it) at the end of the turn$", t, re.I)
    if m:  # "move one of your Friends to this Problem, then retire that Friend at the end of the turn"
        a = parse_effects(m.group(1))
        if a is None or len(a) != 1 or a[0].get("op") not in ("move", "ready", "gain_control", "power"):
            return []
        return a + [{"op": "delay", "when": "turn_end", "effects": [{"op": m.group(2).lower(), "target": {"it": True}}],
                     "lbl": f"{m.group(2)} that Friend at the end of the turn"}]
    m = re.match(r"^banish this card and put it into play at the start of your next turn$", t, re.I)
    if m:
        return [{"op": "banish", "target": {"self": True}, "keep": True},
                {"op": "delay", "when": "own_turn_start", "effects": [{"op": "put_back"}], "lbl": "put it into play"}]
    m = re.match(r"^banish (an? (?:Friend|character)|an opposing (?:Friend|character)|one of your (?:Friends|characters)) until the end of the turn$", t, re.I)
    if m:  # the banished card comes back at the end of the turn (into play at its owner's home)
        tg = parse_target(m.group(1))
        if tg is None:
            return []
        return [{"op": "banish", "target": tg, "keep": True},
                {"op": "delay", "when": "turn_end", "effects": [{"op": "put_back"}], "lbl": "put that Friend into play"}]
    return None
