"""Bodies of triggered abilities: effect sentences tried first by ``parse_effects``."""
from __future__ import annotations

from .nested import parse_effects
from .single import single_effect
from .targets import parse_target
from .templates import NEXT, first_match
from .vocab import COLOR_RE, NUM, TRAITS, re, word_number


# ---------------------------------------------------------------- triggered-ability templates
# Whole bodies of triggered abilities ("When ..., <body>") matched before the generic sentence split;
# each one is a generic template (several cards share most of them).  Ops: see triggered_effects.py.
_CB_TOK = r"(?P<tp>\d+) \[(?P<tc>%s)\] (?P<tt>[A-Z][\w ]*?) Friend tokens?" % COLOR_RE


def _token_from_words(m) -> dict:
    """"1 [Laughter] Earth Pony Friend token" -> the token op (521.1a: its specified information)."""
    return {"op": "token", "power": int(m.group("tp")), "color": m.group("tc"), "traits": [m.group("tt")], "at": "home"}


def _put_a_an_a_z_counter(m, t):
    return [{"op": "counters", "n": 1, "counter": m.group(1), "target": {"self": True}},
            {"op": "if", "cond": {"k": "self_counters", "counter": m.group(1), "n": int(m.group(2))},
             "effects": [{"op": "clear_counters", "counter": m.group(1)}, {"op": "turn_over"}]}]


def _put_a_an_a_z_counter_2(m, t):
    if m.group(1) not in ("Harmony",):
        return [{"op": "counters", "n": 1, "counter": m.group(1), "target": {"self": True}}]
    return NEXT


def _you_may_look_at_an_opponent(m, t):
    # private to the looking player (404.2 hands are hidden)
    return [{"op": "may", "effects": [{"op": "peek_hand"}]}]


def _you_may_look_at_a_face(_match, t):
    return [{"op": "may", "effects": [{"op": "look_fd_tm", "any": True}]}]


def _you_may_uncover_a_face_down(_match, t):
    return [{"op": "may", "effects": [{"op": "uncover"}]}]


def _dismiss_banish_frighten_exhaust_a_random(m, t):
    # the seeded rng (rng.py) picks among the cards that fit
    return [{"op": m.group(1), "target": {"type": m.group(2), "at": "here", "random": True}}]


def _choose_a_player_that_player_puts(m, t):
    return [{"op": "mill_player", "n": word_number(m.group(1))}]


def _opponents_discard_a_one_two_cards(m, t):
    return [{"op": "discard", "n": word_number(m.group(1)), "who": "opponent", "random": False}]


def _each_player_at_least_one_action(m, t):
    return [{"op": "each_player", "effects": [{"op": "if", "cond": {"k": "tokens_at_least", "n": 1},
                                               "effects": [{"op": "draw", "n": word_number(m.group(1)), "who": "you"}]}]}]


def _each_player_a_at_least_one(m, t):
    verb = {"gains": "gain", "draws": "draw", "scores": "score"}[m.group(2).split(" ")[0]]
    r = parse_effects(verb + " " + m.group(2).split(" ", 1)[1])
    return None if r is None else [{"op": "each_player", "effects": [
        {"op": "if", "cond": {"k": "you_have", "sel": {"type": m.group(1), "ctrl": "you", "at": "here"}}, "effects": r}]}]


def _each_player_discards_a_card_each(_match, t):
    return [{"op": "each_player", "effects": [{"op": "discard_tokens"}]}]


def _its_owner_you_must_pay_dismiss(m, t):
    # a choice of its controller: pay, or dismiss it (paying is possible only with enough tokens, 508.1d)
    return [{"op": "pay_or", "n": int(m.group(1) or m.group(2)), "else": [{"op": "dismiss", "target": {"self": True}}]}]


def _it_this_card_gets_power_until(m, t):
    return [{"op": "power", "n": 0, "per_at_it": {"type": m.group(2), "ctrl": "you", "n": int(m.group(1))},
             "target": {"self": True}, "until": "turn"}]


def _gain_each_opposing_character_opposing_friend(m, t):
    sel = parse_target("each " + m.group(2) + " here")
    if sel is not None:
        sel.pop("each", None)
        return [{"op": "per", "sel": sel, "effects": [{"op": "gain", "n": int(m.group(1))}]}]
    return NEXT


def _put_a_power_counter_on_this(m, t):
    sel = parse_target("each " + m.group(1) + " here")
    if sel is not None:
        sel.pop("each", None)
        return [{"op": "per", "sel": sel, "effects": [{"op": "counters", "n": 1, "counter": "+1", "target": {"self": True}}]}]
    return NEXT


def _you_need_power_to_confront_this(m, t):
    return [{"op": "confront_mod", "n": int(m.group(1)), "who": "you", "problem": "here", "until": "turn"}]


def _one_of_your_characters_troublemakers_gets(m, t):
    return [{"op": "power", "n": int(m.group(1)), "target": {"types": ["character", "Troublemaker"], "ctrl": "you"}, "until": "turn"}]


def _your_troublemakers_get_power_until_the(m, t):
    return [{"op": "power", "n": int(m.group(1)), "target": {"type": "Troublemaker", "ctrl": "you", "each": True},
             "until": "next_turn"}]


def _you_may_move_up_to_of(m, t):
    # each move optional, each a different card (moving it to where it already is is no move)
    n = word_number(m.group(1)) if m.group(1) in NUM else int(m.group(1))
    return [{"op": "move_up_to", "n": n, "target": {"type": m.group(2).rstrip("s"), "ctrl": "you"}}]


def _you_may_put_a_power_counter(m, t):
    n = word_number(m.group(1)) if m.group(1) in NUM else int(m.group(1))
    return [{"op": "counters", "n": 1, "counter": "+1",
             "target": {"type": m.group(2).rstrip("s"), "ctrl": "you", "at": "here", "optional": True, "fresh": True}}
            for _ in range(n)]


def _an_opponent_has_more_points_than(m, t):
    r = parse_effects(m.group(1))
    return None if r is None else [{"op": "if", "cond": {"k": "opp_more_points"}, "effects": r}]


def _you_have_more_friends_than_an(m, t):
    r = parse_effects(m.group(1))
    return None if r is None else [{"op": "if", "cond": {"k": "more_friends"}, "effects": r}]


def _your_opponent_controls_more_characters_here(m, t):
    r = parse_effects(m.group(1))
    return None if r is None else [{"op": "if", "cond": {"k": "opp_more_chars_here"}, "effects": r}]


def _you_have_an_a_z_a(m, t):
    if m.group(1) not in TRAITS and m.group(1) not in ("Friend", "Resource", "Troublemaker", "Event", "character"):
        r = parse_effects(m.group(2))  # "if you have a Lyra": a card of yours whose Title includes that name (201.3a)
        return None if r is None else [{"op": "if", "cond": {"k": "you_have", "sel": {"type": "card", "ctrl": "you",
                                                                                       "title": m.group(1)}}, "effects": r}]
    return NEXT


def _you_have_an_even_odd_number(m, t):
    r = parse_effects(m.group(2))
    return None if r is None else [{"op": "if", "cond": {"k": "tokens_parity", "even": m.group(1) == "even"}, "effects": r}]


def _an_opponent_has_more_cards_their(_match, t):
    return [{"op": "draw_to_opp"}]


def _you_may_retire_one_of_your(m, t):
    # the cost is the card's printed cost (204), read as it leaves play
    tg = parse_target(m.group(1).split(" ", 1)[1])
    verb = m.group(1).split(" ")[0]
    if verb == "retire":
        tg = {**tg, "ctrl": "you"}
    return [{"op": "may", "effects": [{"op": "gain_cost_of", "verb": verb, "target": tg}]}]


def _you_may_retire_this_card_to(m, t):
    # its power as it is retired (last known information)
    tok = _token_from_words(m)
    return [{"op": "may", "effects": [{"op": "snap_power"}, {"op": "leave_self_cost", "to": "disc"}, {**tok, "op": "tokens_n", "n_snap": True}]}]


def _move_each_opposing_character_each_troublemaker(m, t):
    # only from a Problem ("this card's Problem")
    return [{"op": "move", "target": {"type": "character", "ctrl": "opp", "each": True}, "to": "here"},
            {"op": "move", "target": {"type": "Troublemaker", "each": True, "fd_ok": True}, "to": "here"}]


def _you_may_turn_a_mane_character(m, t):
    return [{"op": "may", "effects": [{"op": "turn_mane", "side": "start"}]}]


def _you_may_turn_a_mane_character_2(_match, t):
    return [{"op": "turn_mane", "side": "any"}]


def _dismiss_an_opposing_friend_each_other(m, t):
    return [{"op": "mark", "target": {"type": "Friend", "ctrl": "opp"}}, {"op": "dismiss_same_name", "ctrl": "opp"}]


def _you_may_name_a_card_a(m, t):
    # 102: two players, so "an opponent" is the opponent; "a player": you choose which
    return [{"op": "name_card"}, {"op": "reveal_discard_named", "whose": "choose" if m.group(1) == "A player" else "opp"}]


def _you_may_challenge_an_opposing_troublemaker(m, t):
    # 514.2a.i: this card is the only character involved
    return [{"op": "may", "effects": [{"op": "challenge", "tm": {"type": "Troublemaker", "ctrl": "opp"}, "with": "self"}]}]


def _you_may_discard_a_card_to(m, t):
    return [{"op": "may", "effects": [{"op": "discard", "n": 1, "who": "you", "cost": True},
                                      {"op": "challenge", "tm": {"type": "Troublemaker", "ctrl": "opp"}, "with": "self"}]}]


def _you_may_challenge_an_opponent_an(m, t):
    # the challenger's characters at the Troublemaker's Problem (514.2a)
    tm = {"type": "Troublemaker", "at": "here"}
    if "a Troublemaker" not in t:
        tm["ctrl"] = "opp"
    e = {"op": "challenge", "tm": tm, "with": "problem"}
    return [{"op": "may", "effects": [e]}] if m.group(1) else [e]


def _you_may_challenge_that_card_it(m, t):
    return [{"op": "may", "effects": [{"op": "challenge", "tm": {"it": True}, "with": "problem"}]}]


def _challenge_an_opponent_an_opposing_troublemaker(_match, t):
    # 514.2a: your characters at its Problem
    return [{"op": "challenge", "tm": {"type": "Troublemaker", "ctrl": "opp"}, "with": "problem"}]


def _each_player_at_least_one_friend(m, t):
    # 710 replacement of 613.2's "sent home" for the chosen Friends
    return [{"op": "each_player", "effects": [{"op": "stay_mark", "target": {"type": "Friend", "ctrl": "you", "at": "here"}}]}]


def _each_player_at_least_one_friend_2(m, t):
    return [{"op": "each_player", "effects": [
        {"op": "if", "cond": {"k": "you_have", "sel": {"type": m.group(1), "ctrl": "you", "at": "here"}},
         "effects": [{"op": "search", "zone": "disc", "filter": {"type": m.group(2)}, "to": "hand"}]}]}]


def _dismiss_all_other_friends_at_its(_match, t):
    # its last area, if a Problem (none from home)
    return [{"op": "if", "cond": {"k": "la_problem"},
             "effects": [{"op": "dismiss", "target": {"type": "Friend", "at": "here", "each": True, "other": True}}]}]


def _double_this_card_power_until_the(_match, t):
    # +X where X is its power now
    return [{"op": "power", "n": 0, "n_from": "self", "target": {"self": True}, "until": "turn"}]


def _choose_a_problem_you_may_put(m, t):
    return [{"op": "choose_area"}, {"op": "may", "effects": [
        {"op": "counters", "n": 1, "counter": "+1", "target": {"type": m.group(1).rstrip("s"), "ctrl": "you", "at": "there", "each": True}}]}]


def _you_may_distribute_two_power_counters(m, t):
    # two counters, each on one of your Friends (both on one, or one each)
    return [{"op": "may", "effects": [{"op": "counters", "n": 1, "counter": "+1", "target": {"type": "Friend", "ctrl": "you"}}] * 2}]


def _choose_a_troublemaker_you_may_put(m, t):
    return [{"op": "mark", "target": {"type": "Troublemaker"}},
            {"op": "may", "effects": [{**_token_from_words(m), "op": "tokens_n", "n_it_power": True}]}]


def _put_power_counters_on_it_this(m, t):
    if m.group(1) in ("six", "seven", "eight", "nine", "ten"):
        return [{"op": "counters", "n": ("six", "seven", "eight", "nine", "ten").index(m.group(1)) + 6, "counter": "+1",
                 "target": {"self": True}}]
    return NEXT


def _remove_a_power_counter_this_card(_match, t):
    return [{"op": "remove_counter", "counter": "+1", "n": 1}]


def _you_may_look_at_the_top(_match, t):
    return [{"op": "may", "effects": [{"op": "peek_pdeck"}]}]


def _you_that_opponent_played_at_least(m, t):
    r = parse_effects(m.group(3))
    return None if r is None else [{"op": "if", "cond": {"k": "played_at_least", "n": int(m.group(2)),
                                                         "who": "you" if m.group(1) == "you" else "opp"}, "effects": r}]


def _it_the_first_second_third_card(m, t):
    r = parse_effects(m.group(2))
    return None if r is None else [{"op": "if", "cond": {"k": "played_exactly", "who": "opp",
                                                         "n": ("first", "second", "third").index(m.group(1)) + 1}, "effects": r}]


def _you_may_banish_dismiss_a_non(m, t):
    return [{"op": "may", "effects": [{"op": m.group(1), "target": {"type": m.group(2), "not_unique": True}}]}]


def _you_may_discard_a_card_that(m, t):
    r = parse_effects(m.group(1))
    return None if r is None else [{"op": "may", "effects": [{"op": "discard_shared_type"}] + r}]


def _banish_an_opposing_friend_less_power(m, t):
    r = single_effect(m.group(1))
    if r is not None and len(r) == 1 and r[0]["op"] == "banish":
        return [{**r[0], "keep": True}, {"op": "hold_gone"}]
    return NEXT


def _banish_one_of_your_friends_another(m, t):
    r = single_effect(m.group(1))
    if r is not None and len(r) == 1 and r[0]["op"] == "banish":
        back = {"op": "put_back", **({"frightened": True} if m.group(2) else {})}  # a delayed effect (615.1, 712)
        return [{**r[0], "keep": True}, {"op": "delay", "when": "turn_end", "effects": [back], "lbl": "put that Friend into play"}]
    return NEXT


def _you_may_exhaust_an_opposing_character(_match, t):
    return [{"op": "each_problem", "effects": [{"op": "exhaust", "target": {"type": "character", "ctrl": "opp", "at": "area",
                                                                            "optional": True, "state": "ready"}}]}]


def _you_may_put_a_power_counter_2(m, t):
    return [{"op": "pick_any", "target": {"type": "character", "at": "here", "att": {"type": "Resource"}},
             "effects": [{"op": "counters", "n": 1, "counter": "+1", "target": {"it": True}}]}]


def _put_two_three(m, t):
    return [_token_from_words(m)] * word_number(m.group(1)) + [{"op": "per", "sel": {"type": "character", "ctrl": "you"}, "effects": [
        {"op": "exhaust", "target": {"type": "character", "ctrl": "opp", "state": "ready"}}]}]


def _you_may_put_a_an(m, t):
    return [{"op": "may", "effects": [{**_token_from_words(m), "op": "token_each_problem"}]}]


def _you_may_exhaust_retire_this_card(m, t):
    return [{"op": "may", "effects": [{"op": "costs_ok", "tokens": 0, "self_ready": True}, {"op": "exhaust_self_cost"},
                                      {"op": "leave_self_cost", "to": "disc"},
                                      {"op": "move_up_to", "n": {"six": 6}.get(m.group(1)) or word_number(m.group(1)), "to": "it",
                                       "target": {"type": "character", "ctrl": "you", "at": "home"}}]}]


def _you_may_dismiss_a_resource_on(m, t):
    hs = {"type": "Friend", "at": "here"} if m.group(1) == "a Friend" else {"type": "character", "ctrl": "opp", "at": "here"}
    return [{"op": "may", "effects": [{"op": "dismiss", "target": {"type": "Resource", "host_sel": hs}}]}]


def _you_may_choose_one_put_another(m, t):
    modes = [parse_effects(m.group(1)), parse_effects(m.group(2))]
    if all(x is not None for x in modes):
        return [{"op": "may", "effects": [{"op": "choose_modes", "n": 1, "modes": modes, "labels": list(m.groups())}]}]
    return NEXT


def _you_may_put_a_friend_cost(m, t):
    e = {"op": "from_opp_disc", "filter": {"type": "Friend", **({"max_cost": int(m.group(1))} if m.group(1) else {})}}
    if m.group(2):
        return [{"op": "if", "cond": {"k": "points_at_least", "n": int(m.group(2))},
                 "effects": [{"op": "may", "effects": [{"op": "from_opp_disc", "filter": {"type": "Friend"}}]}],
                 "else": [{"op": "may", "effects": [e]}]}]
    return [{"op": "may", "effects": [e]}]


def _you_may_choose_an_friend_your(m, t):
    return [{"op": "may", "effects": [{"op": "put_into_play", "zone": "discard", "at": "here",
                                       "filter": {"type": "Friend", "trait": m.group(1), "max_cost": int(m.group(3))}}]}]


def _move_an_opposing_an_opponent_a(m, t):
    # a Troublemaker is only ever at a Problem (306)
    return [{"op": "move", "target": {"type": "Troublemaker", **({"ctrl": "opp"} if m.group(1) != "a" else {})}, "to": "problem"}]


def _choose_one_at_random(m, t):
    # the game's seeded rng picks the mode (rng.py)
    modes = [parse_effects(re.sub(r"\bit\b", "this card", x[0].lower() + x[1:])) for x in m.groups()]
    if all(x is not None for x in modes):
        return [{"op": "random_mode", "modes": modes, "labels": list(m.groups())}]
    return NEXT


def _choose_an_opposing_troublemaker_that_card(_match, t):
    return [{"op": "mark", "target": {"type": "Troublemaker", "ctrl": "opp"}},
            {"op": "confront_mod", "who": "you", "tm_ok": "it", "until": "turn"}]


def _there_another_character_higher_power_than(_match, t):
    return [{"op": "if", "cond": {"k": "higher_other"},
             "effects": [{"op": "counters", "n": 0, "n_power": True, "counter": "+1", "target": {"self": True}}]}]


def _put_a_token_copy_of_each(_match, t):
    return [{"op": "copy_tokens"}]


def _players_can_t_confront_that_problem(_match, t):
    return [{"op": "confront_block_here"}]


def _that_opponent_your_opponent_may_pay(m, t):
    # the opponent decides (508.1d)
    return [{"op": "pay_or", "n": int(m.group(1)), "who": "opp", "else": [{"op": m.group(2), "target": {"it": True}}]}]


def _you_may_remove_a_counter_a(m, t):
    return [{"op": "may", "effects": [{"op": "remove_counter_ready"}]}]


def _an_opponent_your_opponent_reveals_their(m, t):
    return [{"op": "reveal_hand_pick", "filter": {"type": m.group(1)}, "optional": True}]


def _an_opponent_discards_a_card_you(m, t):
    return [{"op": "if", "cond": {"k": "you_have", "sel": {"type": "card", "ctrl": "you", "title": m.group(1)}},
             "effects": [{"op": "reveal_hand_pick", "filter": {}}],
             "else": [{"op": "discard", "n": 1, "who": "opponent", "random": False}]}]


def _you_may_reveal_any_number_of(m, t):
    return [{"op": "reveal_any", "type": m.group(1)[:-1], "power": int(m.group(2))}]


def _you_may_retire_any_number_of(m, t):
    # 410.2 only your own Friends; their power as they leave play
    return [{"op": "retire_any", "then": "counters_power"}]


def _retire_any_number_of_friends_you(m, t):
    return [{"op": "retire_any", "then": "tokens", "token": _token_from_words(m), "double_if_points": int(m.group("pts"))}]


def _you_may_search_your_deck_a(m, t):
    return [{"op": "may", "effects": [{"op": "search", "filter": {"no_req": True}, "zone": "deck", "to": "hand", "reveal": True}]}]


def _your_maximum_hand_size_increases_to(m, t):
    return [{"op": "hand_size", "n": int(m.group(1))}]


def _you_have_fewer_cards_your_hand(_match, t):
    return [{"op": "draw_to_max"}]


def _dismiss_a_friend_the_least_power(m, t):
    r = parse_effects(m.group(1))
    return None if r is None else [{"op": "dismiss", "target": {"type": "Friend", "at": "faceoff", "least": True}, "cost": True}] + r


def _the_opposing_character_higher_power_than(m, t):
    # only a strictly highest one (514.2c: the effect says which cards are involved)
    return [{"op": "leave_faceoff", "target": {"type": "character", "ctrl": "opp", "at": "faceoff", "opp_highest": True}}]


def _you_may_choose_an_opposing_character(m, t):
    return [{"op": "may", "effects": [{"op": "leave_faceoff", "target": {"type": "character", "ctrl": "opp", "at": "faceoff",
                                                                          "max_power_colors": True}}]}]


def _this_card_becomes_involved_the_faceoff(_match, t):
    return [{"op": "self_join_fo"}]


def _you_may_exhaust_this_card_to(_match, t):
    return [{"op": "may", "effects": [{"op": "exhaust_self_cost"}, {"op": "self_join_fo"}]}]


def _put_this_card_that_friend_into(_match, t):
    # this card first (509: it would be dismissed)
    return [{"op": "to_hand_self_host"}]


def _their_mane_character_here_they_may(m, t):
    return [{"op": "if", "cond": {"k": "you_have", "sel": {"type": "Mane Character", "ctrl": "you", "at": "here"}},
             "effects": [{"op": "may", "effects": [{"op": "reorder_top", "n": word_number(m.group(1))}]}]}]


def _put_a_z_counters_on_it(m, t):
    if m.group(1) in ("two", "three", "four", "five", "2", "3", "4", "5") and m.group(2) not in ("Harmony",):
        return [{"op": "counters", "n": word_number(m.group(1)), "counter": m.group(2), "target": {"self": True}}]
    return NEXT


def _remove_a_one_a_z_counter(m, t):
    return [{"op": "remove_counter", "counter": m.group(1), "n": 1}]


def _remove_all_a_z_counters_this(m, t):
    return [{"op": "clear_counters", "counter": m.group(1)}]


def _there_are_more_a_z_counters(m, t):
    return [{"op": "if", "cond": {"k": "self_counters", "counter": m.group(2), "n": int(m.group(1))},
             "effects": [{"op": "retire", "target": {"self": True}}]}]


def _each_a_z_counter_on_it(m, t):
    # the counters it had as it left play (410.6a last known information)
    tok = _token_from_words(m)
    if m.group(m.lastindex):
        tok["kw"] = {m.group(m.lastindex).split()[-1]: 1}
    return [{**tok, "op": "tokens_n", "n_la_counter": m.group(1)}]


def _it_has_exactly_power_counters_on(m, t):
    return [{"op": "if", "cond": {"k": "self_counters_exact", "counter": "+1", "n": int(m.group(1))},
             "effects": [{"op": m.group(2), "target": {"type": m.group(3).rstrip("s"), "at": "here", "each": True}}]}]


def _replace_it_that_problem(_match, t):
    return [{"op": "replace_it"}]


def _you_have_this_card_at_home(m, t):
    r = parse_effects(m.group(2))
    return None if r is None else [{"op": "if", "cond": {"k": "friends_here", "n": int(m.group(1))}, "effects": r}]


def _you_have_a_friend_resource_a(_match, t):
    m = re.match(r"^if you have a (Friend|Resource) and a (Friend|Resource), (.+)$", t)
    if m:
        r = parse_effects(m.group(3))
        return None if r is None else [{"op": "if", "cond": {"k": "you_have", "sel": {"type": m.group(1), "ctrl": "you"}}, "effects": [
            {"op": "if", "cond": {"k": "you_have", "sel": {"type": m.group(2), "ctrl": "you"}}, "effects": r}]}]
    if re.match(r"^if that opponent has drawn at least (\d+) cards this turn, (.+)$", t):
        m = re.match(r"^if that opponent has drawn at least (\d+) cards this turn, (.+)$", t)
        r = parse_effects(m.group(2))
        return None if r is None else [{"op": "if", "cond": {"k": "opp_drawn_at_least", "n": int(m.group(1))}, "effects": r}]
    return NEXT


def _you_may_exhaust_this_card_one(m, t):
    # both costs, or neither (508.1d)
    r = parse_effects(m.group(1))
    fr_sel = {"type": "Friend", "ctrl": "you", "state": "ready", "other": True}
    return None if r is None else [{"op": "if", "cond": {"k": "you_have", "sel": fr_sel}, "effects": [{"op": "may", "effects": [
        {"op": "costs_ok", "tokens": 0, "self_ready": True}, {"op": "exhaust_self_cost"},
        {"op": "exhaust", "target": fr_sel, "cost": True}] + r}]}]


def _retire_another_friend_here_you_can(m, t):
    # 410.2 one of your own Friends
    return [{"op": "retire_or_self", "target": {"type": "Friend", "ctrl": "you", "at": "here", "other": True}}]


def _choose_an_opponent_that_opponent_gains(_match, t):
    return [{"op": "give_control"}]


def _you_may_exhaust_an_opposing_character_2(m, t):
    return [{"op": "may", "effects": [{"op": "exhaust", "target": {"type": "character", "ctrl": "opp", "state": "ready"}},
                                      {"op": "no_ready_while"}]}]


def _shuffle_your_deck_turn_this_card(_match, t):
    return [{"op": "shuffle_into_deck", "from": None}, {"op": "turn_over"}]


def _the_challengers_choose_a_color(_match, t):
    if re.match(r"^(?:the Challengers )?choose a color$", t) and not t.startswith("the"):
        return [{"op": "keep_color"}]  # kept on this card: "that color" / "the chosen color" (a static reads it)
    return NEXT


def _you_may_pay_less_your_next(m, t):
    return [{"op": "may", "effects": [{"op": "cost_reduction", "n": int(m.group(1)), "type": m.group(2), "until": "turn",
                                       "min": int(m.group(3))}]}]


def _you_have_at_least_other_a(m, t):
    if m.group(2) in TRAITS:
        r = parse_effects(m.group(3))
        return None if r is None else [{"op": "if", "cond": {"k": "others_than_it", "n": int(m.group(1)),
                                                             "sel": {"type": "Friend", "ctrl": "you", "trait": m.group(2)}},
                                        "effects": r}]
    return NEXT


def _choose_an_exhausted_friend_character_that(m, t):
    return [{"op": "mark", "target": {"type": m.group(1), "state": "exhausted"}}, {"op": "set_no_ready"}]


def _you_may_exhaust_this_card_to_2(m, t):
    return [{"op": "may", "effects": [{"op": "exhaust_self_cost"},
                                      {"op": "banish", "target": {"type": "Friend", "ctrl": "opp"}, "keep": True},
                                      {"op": "gone_at_fo_end"}]}]


def _you_may_pay_to_score_a(m, t):
    cheap = [{"op": "may", "effects": [{"op": "pay", "n": int(m.group(4))}, {"op": "score", "n": 1, "who": "you"}]}]
    full = [{"op": "may", "effects": [{"op": "pay", "n": int(m.group(1))}, {"op": "score", "n": 1, "who": "you"}]}]
    return [{"op": "if", "cond": {"k": "have_names", "names": [m.group(2), m.group(3)]}, "effects": cheap, "else": full}]


def _you_may_put_into_play_a(m, t):
    # its power as it left play (410.6a)
    return [{"op": "may", "effects": [{**_token_from_words(m), "op": "tokens_n", "n_la_power": True}]}]


def _a_player_has_a_friend_more(_match, t):
    return [{"op": "most_accessories_gain", "n": 1}]


def _move_this_card_to_a_problem(_match, t):
    return [{"op": "move_fewer_chars"}]


def _you_lose_all_action_tokens_that(_match, t):
    return [{"op": "lose_old_tokens"}]


def _replace_each_problem(_match, t):
    return [{"op": "replace_each"}]


def _you_may_put_a_friend_the(m, t):
    return [{"op": "may", "effects": [{"op": "hand_same_cost_there"}]}]


def _choose_one_of_your_friends_you(m, t):
    return [{"op": "mark", "target": {"type": "Friend", "ctrl": "you", "trait": m.group(1)}},
            {"op": "may", "effects": [{"op": "search_same_name", "exhausted": True}]}]


def _you_may_discard_all_the_cards(_match, t):
    return [{"op": "may", "effects": [{"op": "discard_hand_draw", "plus": 1}]}]


def _you_may_retire_this_card_you(m, t):
    return [{"op": "may", "effects": [{"op": "snap_counters", "counter": m.group(1)}, {"op": "leave_self_cost", "to": "disc"},
                                      {"op": "each_player", "effects": [{"op": "disc_friends_up_to"}]}]}]


def _name_a_card_type(_match, t):
    return [{"op": "name_type"}]


#: trigger_body_sentences's templates in the order they are tried (first match wins: the order is behaviour);
#: each (pattern matched at the start of ``t``, flags, builder); a builder without a pattern is
#: always tried; it returns NEXT to let the next template try, ``Rewrite(text)`` to go on with a
#: reworded text, else the result
TRIGGER_BODY_TEMPLATES: tuple = (
    # "put a Hero counter on this card. Then, if there are at least 5 Hero counters on this card, remove
    # them and turn it over" (519: named counters; a Mane Character turned over, 301.2)
    (r"^put (?:a|an) ([A-Z]\w+) counter on this card\. Then, if there are at least (\d+) \1 counters on this card, "
     r"remove them and turn it over$", 0, _put_a_an_a_z_counter),
    (r"^put (?:a|an) ([A-Z]\w+) counter on this card$", 0, _put_a_an_a_z_counter_2),
    (r"^you may look at (?:an opponent's|your opponent's) hand$", 0, _you_may_look_at_an_opponent),
    (r"^you may look at a face-down Troublemaker$", 0, _you_may_look_at_a_face),
    (r"^you may uncover a face-down Troublemaker$", 0, _you_may_uncover_a_face_down),
    (r"^(dismiss|banish|frighten|exhaust) a random (Friend|character) here$", 0, _dismiss_banish_frighten_exhaust_a_random),
    (r"^choose a player\. That player puts the top (\w+) cards of their deck into (?:the|their) discard pile$", 0, _choose_a_player_that_player_puts),
    (r"^opponents discard (a|one|two) cards?$", 0, _opponents_discard_a_one_two_cards),
    (r"^each player with (?:at least one action token|at least \[1\]) draws (a|one|two) cards?$", 0, _each_player_at_least_one_action),
    (r"^each player with (?:a|at least (?:1|one)) (character|Friend) here (gains \[\d+\]|draws a card|scores a point)$", 0, _each_player_a_at_least_one),
    (r"^each player discards a card for each action token they have$", 0, _each_player_discards_a_card_each),
    (r"^(?:its owner|you) must pay \[(\d+)\] or dismiss (?:it|this card)$|^pay \[(\d+)\] or dismiss (?:it|this card)$", 0, _its_owner_you_must_pay_dismiss),
    (r"^(?:it|this card) gets \+(\d+) power until the end of the turn for each other (Friend|character) you have at that Problem$", 0, _it_this_card_gets_power_until),
    (r"^gain \[(\d+)\] for each (opposing character|opposing Friend|character|Friend) (?:at this card's Problem|here)$", 0, _gain_each_opposing_character_opposing_friend),
    (r"^put a \+1 power counter on this card for each (opposing character|character|Friend|opposing Friend) here$", 0, _put_a_power_counter_on_this),
    (r"^you need ([+-]\d+) power to confront this card's Problem until the end of the turn$", 0, _you_need_power_to_confront_this),
    (r"^one of your characters or Troublemakers gets \+(\d+) power until the end of the turn$", 0, _one_of_your_characters_troublemakers_gets),
    (r"^your Troublemakers get \+(\d+) power until the start of your next turn$", 0, _your_troublemakers_get_power_until_the),
    (r"^you may move up to (\w+) of your (Friends|characters) to (?:that|this card's) Problem$", 0, _you_may_move_up_to_of),
    (r"^you may put a \+1 power counter on each of up to (\w+) of your (characters|Friends) here$", 0, _you_may_put_a_power_counter),
    (r"^if an opponent has more points than you, (.+)$", 0, _an_opponent_has_more_points_than),
    (r"^if you have more Friends than (?:an|your) opponent, (.+)$", 0, _you_have_more_friends_than_an),
    (r"^if your opponent controls more characters here than you, (.+)$", 0, _your_opponent_controls_more_characters_here),
    (r"^if you have an? ([A-Z][\w'-]*(?: [A-Z][\w'-]*)*), (.+)$", 0, _you_have_an_a_z_a),
    (r"^if you have an? (even|odd) number of action tokens, (.+)$", 0, _you_have_an_even_odd_number),
    (r"^if an opponent has more cards in their hand than you, draw cards until you have the same number of cards "
     r"in your hand as your opponent$", 0, _an_opponent_has_more_cards_their),
    (r"^you may (retire one of your Friends|dismiss a Friend here) (?:to|and) gain (?:a number of )?action tokens equal to "
     r"(?:that Friend's|its) cost$", 0, _you_may_retire_one_of_your),
    (r"^you may retire this card to put a number of " + _CB_TOK + r" into play equal to its power$", 0, _you_may_retire_this_card_to),
    (r"^move each opposing character and each Troublemaker to this card's Problem$", 0, _move_each_opposing_character_each_troublemaker),
    (r"^you may turn a Mane Character to its Start side$", 0, _you_may_turn_a_mane_character),
    (r"^(?:you may )?turn a Mane Character over$", 0, _you_may_turn_a_mane_character_2),
    (r"^dismiss (an opposing Friend) and each other opposing Friend with the same name$", 0, _dismiss_an_opposing_friend_each_other),
    (r"^(?:you may )?name a card\. (A player|An opponent|Choose an opponent\. That player) reveals their hand and discards "
     r"(?:all cards|each card) with that name$", 0, _you_may_name_a_card_a),
    (r"^you may challenge (?:an opposing Troublemaker|an opponent's Troublemaker) with (?:it|this card)$", 0, _you_may_challenge_an_opposing_troublemaker),
    (r"^you may discard a card to challenge (?:an opposing Troublemaker|an opponent's Troublemaker) with this card$", 0, _you_may_discard_a_card_to),
    (r"^(you may )?challenge (?:an opponent's|an opposing|a) Troublemaker (?:here|there) with (?:all )?(?:of )?your characters (?:here|there)$", 0, _you_may_challenge_an_opponent_an),
    (r"^you may challenge (?:that card|it|that Troublemaker) with all (?:of )?your characters (?:here|at this card's Problem|at its Problem)$", 0, _you_may_challenge_that_card_it),
    (r"^challenge (?:an opponent's|an opposing) Troublemaker$", 0, _challenge_an_opponent_an_opposing_troublemaker),
    (r"^each player with at least (?:1|one) (Friend|character) here chooses a Friend here\. If that Friend would be sent "
     r"home, it isn't sent home instead$", 0, _each_player_at_least_one_friend),
    (r"^each player with at least (?:1|one) (Friend|character) here may put an? (Friend|Resource|Event|Troublemaker) "
     r"from their discard pile into their hand$", 0, _each_player_at_least_one_friend_2),
    (r"^dismiss all other Friends at its Problem$", 0, _dismiss_all_other_friends_at_its),
    (r"^double this card's power until the end of the turn$", 0, _double_this_card_power_until_the),
    (r"^choose a Problem\. You may put a \+1 power counter on each of your (Friends|characters) there$", 0, _choose_a_problem_you_may_put),
    (r"^you may distribute (two|2) \+1 power counters (?:on|among) up to (?:two|2) of your Friends$", 0, _you_may_distribute_two_power_counters),
    (r"^choose a Troublemaker\. You may put a number of " + _CB_TOK + r" into play equal to that Troublemaker's power$", 0, _choose_a_troublemaker_you_may_put),
    (r"^put (\w+) \+1 power counters on (?:it|this card)$", 0, _put_power_counters_on_it_this),
    (r"^remove a \+1 power counter from this card$", 0, _remove_a_power_counter_this_card),
    (r"^you may look at the top card of any Problem deck$", 0, _you_may_look_at_the_top),
    (r"^if (you|that opponent) played at least (\d+) cards (?:this|that) turn, (.+)$", 0, _you_that_opponent_played_at_least),
    (r"^if it is the (first|second|third) card they have played this turn, (.+)$", 0, _it_the_first_second_third_card),
    (r"^you may (banish|dismiss) a non-Unique (Friend|character)$", 0, _you_may_banish_dismiss_a_non),
    (r"^you may discard a card that shares a type with that card to (.+)$", 0, _you_may_discard_a_card_that),
    (r"^(banish (?:an opposing Friend with \d+ or less power|another one of your Friends)) until this card leaves play$", 0, _banish_an_opposing_friend_less_power),
    (r"^(banish (?:one of your Friends|another Friend))\. At the end of the turn, put that (?:Friend|card) into play( frightened)?$", 0, _banish_one_of_your_friends_another),
    (r"^you may exhaust an opposing character at each Problem$", 0, _you_may_exhaust_an_opposing_character),
    (r"^you may put a \+1 power counter on any number of characters with attached Resources here$", 0, _you_may_put_a_power_counter_2),
    (r"^put (two|three) " + _CB_TOK + r" into play, then exhaust an opposing character for each of your characters$", 0, _put_two_three),
    (r"^you may put (?:a|an) " + _CB_TOK + r" into play at each Problem$", 0, _you_may_put_a_an),
    (r"^you may exhaust and retire this card to move up to (\w+) of your characters at home to the watched area$", 0, _you_may_exhaust_retire_this_card),
    (r"^you may dismiss a Resource on (a Friend|an opponent's character) at that Problem$", 0, _you_may_dismiss_a_resource_on),
    (r"^you may choose one: (Put another Friend or Resource into its owner's hand), or (turn a Mane Character over)$", 0, _you_may_choose_one_put_another),
    (r"^you may put a Friend (?:with cost (\d+) or less )?from an opponent's discard pile into play under your control"
     r"(?:\. If a player has (\d+) or more points, you may put a Friend with any cost from an opponent's discard pile "
     r"into play under your control instead)?$", 0, _you_may_put_a_friend_cost),
    (r"^you may choose an? (%s) (Friend) from your discard pile with cost \[(\d+)\] or less and put it into play at that Problem$"
     % "|".join(TRAITS), 0, _you_may_choose_an_friend_your),
    (r"^move (an opposing|an opponent's|a) Troublemaker$", 0, _move_an_opposing_an_opponent_a),
    (r"^choose one at random: (.+), or (.+)$", 0, _choose_one_at_random),
    (r"^choose an opposing Troublemaker\. That card doesn't prevent you from confronting its Problem this turn$", 0, _choose_an_opposing_troublemaker_that_card),
    (r"^if there is another character with higher power than this card, put a number of \+1 power counters on this "
     r"card equal to this card's power$", 0, _there_another_character_higher_power_than),
    (r"^put a token copy of each of your token Friends into play$", 0, _put_a_token_copy_of_each),
    (r"^players can't confront that Problem that turn$", 0, _players_can_t_confront_that_problem),
    (r"^(?:that opponent|your opponent) may pay \[(\d+)\]\. If they don't, (exhaust|dismiss|frighten) that (?:Friend|character|card)$", 0, _that_opponent_your_opponent_may_pay),
    (r"^you may remove a counter from a ready card$", 0, _you_may_remove_a_counter_a),
    (r"^(?:an opponent|your opponent) reveals their hand\. You may choose an? (Friend|Event|Resource|Troublemaker) card from their "
     r"hand and they discard that card$", 0, _an_opponent_your_opponent_reveals_their),
    (r"^an opponent discards a card\. If you have an? ([A-Z][\w'-]*(?: [A-Z][\w'-]*)*) card in play, that opponent instead "
     r"reveals their hand and you choose a card\. They discard that card$", 0, _an_opponent_discards_a_card_you),
    (r"^you may reveal any number of (Events|Friends|Resources|Troublemakers) from your hand\. Until the end of the turn, "
     r"this card has \+(\d+) power for each (?:Event|Friend|Resource|Troublemaker) revealed this way$", 0, _you_may_reveal_any_number_of),
    (r"^you may retire any number of Friends\. Put a number of \+1 power counters on this Friend equal to the combined "
     r"power of Friends retired this way$", 0, _you_may_retire_any_number_of),
    (r"^retire any number of Friends\. If you do, put that many " + _CB_TOK + r" into play\. If a player has (?P<pts>\d+) or more "
     r"points, put twice that many \d+ \[\w+\] [\w ]+ Friend tokens into play instead$", 0, _retire_any_number_of_friends_you),
    (r"^you may search your deck for a card with no play requirement, reveal it, and put it into your hand$", 0, _you_may_search_your_deck_a),
    (r"^your maximum hand size increases to (\d+) for the rest of the game$", 0, _your_maximum_hand_size_increases_to),
    (r"^if you have fewer cards in your hand than your maximum hand size, draw cards until you reach your maximum hand size$", 0, _you_have_fewer_cards_your_hand),
    (r"^dismiss a Friend with the least power among Friends involved in the faceoff\. If you do, (.+)$", 0, _dismiss_a_friend_the_least_power),
    (r"^the opposing character with higher power than that of any other opposing character involved in the faceoff is no "
     r"longer involved in the faceoff$", 0, _the_opposing_character_higher_power_than),
    (r"^you may choose an opposing character involved in the faceoff with power less than or equal to the number of colors "
     r"this card has\. If you do, that character ceases to be involved in the faceoff$", 0, _you_may_choose_an_opposing_character),
    (r"^this card becomes involved in the faceoff$", 0, _this_card_becomes_involved_the_faceoff),
    (r"^you may exhaust this card to have it become involved in the faceoff$", 0, _you_may_exhaust_this_card_to),
    (r"^put this card and that Friend into their owners' hands$", 0, _put_this_card_that_friend_into),
    (r"^if their Mane Character is here, they may look at the top (\w+) cards of their deck and put them back in any order$", 0, _their_mane_character_here_they_may),
    (r"^put (\w+) ([A-Z]\w+) counters on (?:it|this card)$", 0, _put_a_z_counters_on_it),
    (r"^remove (?:a|one) ([A-Z]\w+) counter from this card$", 0, _remove_a_one_a_z_counter),
    (r"^remove all ([A-Z]\w+) counters from this card$", 0, _remove_all_a_z_counters_this),
    (r"^if there are (\d+) or more ([A-Z]\w+) counters on this card, retire it$", 0, _there_are_more_a_z_counters),
    (r"^for each ([A-Z]\w+) counter on it, put (?:a|an) " + _CB_TOK + r"( with \w+)? into play$", 0, _each_a_z_counter_on_it),
    (r"^if it has exactly (\d+) \+1 power counters on it, (frighten|dismiss|exhaust) all (Friends|characters) here$", 0, _it_has_exactly_power_counters_on),
    (r"^replace (?:it|that Problem)$", 0, _replace_it_that_problem),
    (r"^if (?:you have|this card is (?:with|at home or a Problem with)) at least (\d+) (?:other )?(?:of your )?Friends"
     r"(?: here)?, (.+)$", 0, _you_have_this_card_at_home),
    (None, 0, _you_have_a_friend_resource_a),
    (r"^you may exhaust this card and one of your Friends to (.+)$", 0, _you_may_exhaust_this_card_one),
    (r"^retire another Friend here\. If you can't, retire this card$", 0, _retire_another_friend_here_you_can),
    (r"^choose an opponent\. That opponent gains control of this card$", 0, _choose_an_opponent_that_opponent_gains),
    (r"^you may exhaust an opposing character\. While this card remains in play, that character does not ready during "
     r"the Ready Phase$", 0, _you_may_exhaust_an_opposing_character_2),
    (r"^shuffle your deck and turn this card over$", 0, _shuffle_your_deck_turn_this_card),
    (None, 0, _the_challengers_choose_a_color),
    (r"^you may pay \[(\d+)\] less for your next (Friend|Event|Resource) this turn, to a minimum of \[(\d+)\]$", 0, _you_may_pay_less_your_next),
    (r"^if you have at least (\d+) other ([A-Z][\w ]*?) Friends?, (.+)$", 0, _you_have_at_least_other_a),
    (r"^choose an exhausted (Friend|character)\. That \1 doesn't ready during its controller's next Ready Phase$", 0, _choose_an_exhausted_friend_character_that),
    (r"^you may exhaust this card to banish one of their Friends until the end of the faceoff$", 0, _you_may_exhaust_this_card_to_2),
    (r"^you may pay \[(\d+)\] to score a point\. If you have (.+?) and (.+?), you may pay \[(\d+)\] to score a point instead$", 0, _you_may_pay_to_score_a),
    (r"^you may put into play a number of " + _CB_TOK + r" equal to this card's power$", 0, _you_may_put_into_play_a),
    (r"^if a player has a Friend with more Accessories on it than any other Friend, that player gains \[1\]$", 0, _a_player_has_a_friend_more),
    (r"^move this card to a Problem with a number of characters equal to or less than the number of characters at this "
     r"card's Problem$", 0, _move_this_card_to_a_problem),
    (r"^(?:you )?lose all action tokens that weren't gained this turn$", 0, _you_lose_all_action_tokens_that),
    (r"^replace each Problem$", 0, _replace_each_problem),
    (r"^you may put a Friend with the same cost from your hand into play at that Problem$", 0, _you_may_put_a_friend_the),
    (r"^choose one of your (%s) Friends\. You may search your deck for a card with the same name and put that card into "
     r"play exhausted$" % "|".join(TRAITS), 0, _choose_one_of_your_friends_you),
    (r"^you may discard all the cards in your hand to draw that many cards plus one$", 0, _you_may_discard_all_the_cards),
    (r"^you may retire this card\. If you do, each player puts a number of Friends from their discard pile into play up "
     r"to the number of ([A-Z]\w+) counters on this card$", 0, _you_may_retire_this_card_you),
    (r"^name a card type$", 0, _name_a_card_type),
)


def trigger_body_sentences(t: str) -> list[dict] | None:
    """Whole bodies of triggered abilities (``TRIGGER_BODY_TEMPLATES``), tried first by ``parse_effects``."""
    return first_match(TRIGGER_BODY_TEMPLATES, t)
