"""One instruction with one verb ("exhaust an opposing Friend", "draw 2 cards") -> effects."""
from __future__ import annotations

from typing import Any

from ..constants import COLOR_NAMES, COLOR_WORDS
from .nested import parse_effects
from .targets import parse_target, printed_filter
from .templates import NEXT, Rewrite, first_match
from .vocab import COLOR_RE, GRANTABLE_KW, KEYWORD_NAMES, SAFE_REPEAT, TRAITS, UNTIL, X_KEYWORDS, re, until_word, word_number


def _draw_cards_until_you_have_more(m, t):
    return [{"op": "draw_to", "n": int(m.group(1))}]


def _draw_an_additional_card(_match, t):
    return [{"op": "draw", "n": 1, "who": "you"}]


def _draw_a_card_the_bottom_of(_match, t):
    return [{"op": "draw", "n": 1, "who": "you", "bottom": True}]


def _have_players_flip_one_fewer_cards(m, t):
    return [{"op": "fo_flip_mod", "n": -word_number(m.group(1))}]


def _exhaust_a_random_character_involved_the(m, t):
    # the seeded rng picks (as a cost: among the characters that can be exhausted, 508.1d)
    if "involved" in m.group(2):  # any involved character may be picked (an exhausted one stays so)
        return [{"op": "exhaust", "target": {"type": "character", "at": "faceoff", "random": True}}]
    return [{"op": "exhaust", "target": {"type": "character", "ctrl": "you", "state": "ready", "random": True}}]


def _move_one_of_your_characters_home(_match, t):
    return [{"op": "move", "target": {"type": "character", "ctrl": "you", "at": "here"}, "to": "home"}]


def _turn_this_card_face_down(_match, t):
    return [{"op": "turn_face_down", "target": {"self": True}}]


def _move_this_card_to_a_random(_match, t):
    return [{"op": "move", "target": {"self": True}, "to": "random_problem"}]


def _your_that_opponent_loses_action_tokens(m, t):
    return [{"op": "lose_tokens", "who": "opponent", "down_to": int(m.group(1))}]


def _each_an_opponent_retires_discards_a(m, t):
    # the opponent chooses and follows the instruction (410.2: only their own cards)
    r = parse_effects(f"{m.group(2)[:-1].lower()} one of your {m.group(3)}")
    if r is not None or m.group(1).lower() == "each":
        return None if r is None else [{"op": "as_opponent", "effects": r}]
    return NEXT


def _exhaust_ready_frighten_unfrighten_dismiss_banish(m, t):
    a, b = single_effect(f"{m.group(1)} {m.group(3)}"), single_effect(f"{m.group(2)} {m.group(3)}")
    if a is not None and b is not None:
        return [{"op": "choose_modes", "n": 1, "modes": [a, b], "labels": [f"{m.group(1)} {m.group(3)}", f"{m.group(2)} {m.group(3)}"]}]
    return None


def _move_up_to_two_three_home(m, t):
    r = single_effect(f"move each {m.group(2)}")
    if r is not None and len(r) == 1 and r[0]["op"] == "move" and r[0]["target"].get("each") and r[0]["to"] == "choose":
        tg = {k: v for k, v in r[0]["target"].items() if k != "each"}
        tg["optional"] = tg["fresh"] = True  # up to N different characters, each moved once
        if m.group(4):
            return None  # "... to a Problem": one Problem for all of them (not handled)
        if m.group(3):
            if "at" in tg:
                return None
            tg["at"] = "home"
        return [{"op": "move", "target": dict(tg), "to": "choose"}
                for _ in range(word_number(m.group(1)))]
    return None


def _exhaust_ready_frighten_unfrighten_dismiss_banish_2(m, t):
    r = single_effect(f"{m.group(1)} each {m.group(3)}")
    if r is not None and len(r) == 1 and r[0]["op"] in SAFE_REPEAT and r[0]["target"].get("each"):
        tg = dict(r[0]["target"])
        tg.pop("each")
        tg["optional"] = True
        if r[0]["op"] == "unfrighten":
            tg["state"] = "frightened"
        return [{"op": r[0]["op"], "target": dict(tg)} for _ in range(word_number(m.group(2)))]
    return None


def _exhaust_ready_frighten_unfrighten_dismiss_banish_3(m, t):
    if m.group(3) in ("Friends", "Resources", "Troublemakers", "characters") and m.group(4) in ("Friends", "Resources", "Troublemakers", "characters"):
        a = single_effect(f"{m.group(1)} each {m.group(2)} {m.group(3)}")
        b = single_effect(f"{m.group(1)} each {m.group(2)} {m.group(4)}")
        return None if a is None or b is None else a + b
    return NEXT


def _dismiss_banish_each_opposing_of_your(m, t):
    return [{"op": m.group(1).lower(), "target": {"type": x, "ctrl": "opp", "each": True}} for x in (m.group(3), m.group(4))]


def _put_tokens_tokens_into_play_here(m, t):
    a = single_effect(f"put {m.group(1)} into play{m.group(3) or ''}")
    b = single_effect(f"put {m.group(2)} into play{m.group(3) or ''}")
    if a is not None and b is not None and all(x["op"] == "token" for x in a + b):
        return a + b
    return None


def _search_your_deck_a_an_a(m, t):
    if m.group(1) not in TRAITS and m.group(1) not in ("Friend", "Event", "Resource", "Troublemaker"):
        return [{"op": "search", "filter": {"title": m.group(1)}, "zone": "deck", "to": "hand", **({"reveal": True} if m.group(2) else {})}]
    return NEXT


def _search_your_discard_pile_a_an(m, t):
    return [{"op": "search", "filter": printed_filter(m.group(1), m.group(2)), "zone": "disc", "to": "hand"}]


def _draw_a_an_one_two_three(m, t):
    return [{"op": "draw", "n": word_number(m.group(1)), "who": "you"}]


def _each_player_draws_a_two_three(m, t):
    return [{"op": "draw", "n": word_number(m.group(1)), "who": "each"}]


def _gain_you_gain(m, t):
    return [{"op": "gain", "n": int(m.group(1))}]


def _gain_you_gain_a_an_one(m, t):
    return [{"op": "gain", "n": word_number(m.group(1))}]


def _scores_a_an_one_two_three(m, t):
    return [{"op": "score", "n": word_number(m.group(1)), "who": "you"}]


def _an_each_your_opponents_loses(m, t):
    return [{"op": "lose_tokens", "n": int(m.group(1)), "who": "opponent"}]


def _discard_a_one_two_random_cards(m, t):
    return [{"op": "discard", "n": word_number(m.group(1)), "who": "you", "random": True}]


def _your_opponent_discards_a_one_two(m, t):
    return [{"op": "discard", "n": word_number(m.group(1)), "who": "opponent", "random": bool(m.group(2)) or "random" in t}]


def _put_the_top_a_one_two(m, t):
    return [{"op": "mill", "n": word_number(m.group(1))}]


def _put_the_top_card_of_your(m, t):
    return [{"op": "mill", "n": 1}]


def _you_lose_the_game(_match, t):
    return [{"op": "lose_game"}]


def _end_the_faceoff(_match, t):
    return [{"op": "end_faceoff"}]


def _gets_has_power_until_the_end(_match, t):
    m = re.match(r"^(.+?) (?:gets|has) \+(\d+) power(?: until the end of (?:the |this )?(faceoff|turn))? for each (.+?)(?: until the end of (?:the |this )?(faceoff|turn))?$", t, re.I) or \
        re.match(r"^give (.+?) ([+-]\d+) power(?: until the end of (?:the |this )?(faceoff|turn))? for each (.+?)(?: until the end of (?:the |this )?(faceoff|turn))?$", t, re.I)
    if m and not (m.group(3) and m.group(5)):
        tg = parse_target(m.group(1))
        cnt = parse_target("each " + m.group(4))
        if cnt is not None and not tg.get("self") if tg is not None else False:
            if cnt.get("other") or cnt.get("at") == "here" or re.search(r"\bits\b", m.group(4)):
                cnt = None  # "other" / "at its Problem" would be relative to the chosen card, not the source
        if tg is not None and cnt is not None and not tg.get("each") and not cnt.get("self") and not cnt.get("it"):
            cnt = dict(cnt)
            cnt.pop("each", None)
            # the count is taken as the effect resolves (a one-shot modifier)
            return [{"op": "power", "n": int(m.group(2)), "per": cnt, "target": tg, "until": until_word(m.group(3) or m.group(5))}]
    return NEXT


def _replace_a_problem(_match, t):
    return [{"op": "replace_problem"}]


def _discard_a_one_two_three(m, t):
    return [{"op": "discard", "n": word_number(m.group(1)), "who": "you"}]


def _discard_a_one_two_three_cards(m, t):
    return [{"op": "discard", "n": word_number(m.group(1)), "who": "you"}]


def _all_each_players_each_player_discard(m, t):
    return [{"op": "each_player", "effects": [{"op": m.group(1).lower(), "n": word_number(m.group(2)), "who": "you"}]}]


def _discard_all_the_cards_your_hand(m, t):
    return [{"op": "discard", "n": 99, "who": "you"}]


def _an_each_your_all_opponents_loses(m, t):
    return [{"op": "lose_tokens", "n": word_number(m.group(1)), "who": "opponent"}]


def _force_your_opponent_to_choose_discard(_match, t):
    return [{"op": "discard", "n": 1, "who": "opponent", "random": False}]


def _reduce_by_the_cost_of_the(m, t):
    return [{"op": "cost_reduction", "n": int(m.group(1)), "type": m.group(2), "until": "turn"}]


def _put_a_one_two_three_cards(m, t):
    return [{"op": "hand_to_deck_top"} for _ in range(word_number(m.group(1)))]


def _each_choose_an_an_opponent_discards(m, t):
    return [{"op": "discard", "n": word_number(m.group(1)), "who": "opponent", "random": "random" in t}]


def _flip_an_additional_another_another_additional(_match, t):
    return [{"op": "flip", "n": 1}]


def _put_a_card_your_hand_on(_match, t):
    return [{"op": "hand_to_deck_top"}]


def _turn_face_down(m, t):
    tg = parse_target(m.group(1))
    if tg is not None and tg.get("type") == "Troublemaker":
        return [{"op": "turn_face_down", "target": tg}]
    return NEXT


def _draw_a_one_two_three_cards(m, t):
    return [{"op": "draw_bottom", "n": word_number(m.group(1)) if m.group(1) else 1}]


def _put_the_card_the_bottom_card(_match, t):
    return [{"op": "deck_bottom_to_top"}]


def _shuffle_your_hand_your_discard_pile(m, t):
    if (m.group(1).lower() == "your deck") == (" into " not in t):
        frm = {"your hand": "hand", "your discard pile": "disc", "a card from your hand": "hand_card", "your deck": None}[m.group(1).lower()]
        return [{"op": "shuffle_into_deck", "from": frm}]
    return NEXT


def _banish_all_cards_a_discard_pile(_match, t):
    return [{"op": "banish_discard_pile"}]


def _a_player_puts_the_top_cards(m, t):
    return [{"op": "mill_player", "n": word_number(m.group(1) or m.group(2))}]


def _reduce_the_cost_of_the_next(m, t):
    return [{"op": "cost_reduction", "n": int(m.group(2) or m.group(3)), "type": m.group(1) or m.group(4), "until": "turn"}]


def _an_each_opponent_loses_you_gain(m, t):
    return [{"op": "lose_tokens", "n": int(m.group(1)), "who": "opponent"}, {"op": "gain", "n": int(m.group(2))}]


def _opponents_players_you_need_power_to(m, t):
    return [{"op": "confront_mod", "n": int(m.group(2)), "who": {"opponents": "opp", "you": "you"}.get(m.group(1).lower(), "all"),
             "problem": "here" if "card's" in m.group(3) else "all", "until": "next_turn" if "start" in t else "turn"}]


def _increase_reduce_a_problem_confront_requirements(m, t):
    # both players' requirements to confront that Problem ("reduce": 1 power less at a time, Rules.meets)
    return [{"op": "confront_mod", "n": int(m.group(2)) * (1 if m.group(1).lower() == "increase" else -1), "who": "all",
             "problem": "choose", "until": "next_turn" if "start" in t else "turn"}]


def _opponents_players_you_need_power_to_2(m, t):
    return [{"op": "confront_mod", "n": -int(m.group(2)), "who": {"opponents": "opp", "you": "you"}.get(m.group(1).lower(), "all"),
             "problem": "all", "until": "turn"}]


def _troublemakers_don_t_prevent_you_confronting(_match, t):
    return [{"op": "confront_mod", "who": "you", "tm_ok": True, "until": "turn"}]


def _banish_a_an_non_friend_card(m, t):
    flt: dict[str, Any] = {"type": m.group(2)} if m.group(2) != "card" else {}
    if m.group(1):
        flt["not_type"] = "Friend"
    e = {"op": "banish_from_zone", "zone": "disc", "whose": "any" if m.group(3) == "a" else "you", "filter": flt}
    if m.group(4):
        then = parse_effects(m.group(4))
        if then is None:
            return None
        e["then"] = then  # "If you do, ...": only if a card was banished
    return [e]


def _dismiss_each_face_up_face_down(m, t):
    return [{"op": "dismiss", "target": {"type": "Troublemaker", "each": True, "fd_ok": True}}]


def _gain_a_number_of_action_tokens(m, t):
    return [{"op": "gain", "n": 0, "n_counters": m.group(1)}]


def _replace_its_this_card_problem(_match, t):
    return [{"op": "replace_problem", "here": True}]


def _reduce_the_play_requirements_of_your(m, t):
    return [{"op": "req_reduction", "n": int(m.group(1)), "color": m.group(2), "until": "turn"}]


def _uncover_one_of_your_face_down(m, t):
    return [{"op": "uncover", "mine": True, "here": False}]


def _uncover_a_one_of_your_troublemakers(m, t):
    return [{"op": "uncover", "mine": m.group(1) != "a", "here": bool(m.group(2))}]


def _gain_control_of_until_the_end(m, t):
    tg = parse_target(m.group(1))
    if tg is not None and "ctrl" not in tg and not tg.get("each") and (tg.get("owner") == "you" or tg.get("max_power_src")):
        tg["ctrl"] = "opp"  # "a Friend you own" / "a Friend here": gaining control of your own card does nothing
    if tg is not None and tg.get("ctrl") == "opp" and (not tg.get("each") or m.group(2)):
        return [{"op": "gain_control", "target": tg, "until": until_word(m.group(2)) if m.group(2) else "permanent"}]
    return NEXT


def _turn_this_card_it_over(_match, t):
    return [{"op": "turn_over"}]


def _cutie_mark_this_card(_match, t):
    return [{"op": "cutie_mark"}]


def _exhaust_ready_frighten_unfrighten_dismiss_banish_4(m, t):
    tg = parse_target(m.group(2))
    if tg is not None:
        return [{"op": m.group(1).lower(), "target": tg}]
    return NEXT


def _put_into_its_owner_hand(m, t):
    tg = parse_target(m.group(1))
    if tg is not None:
        return [{"op": "to_hand", "target": tg}]
    return NEXT


def _put_to_into_its_owner_your(m, t):
    tg = parse_target(m.group(1))
    if tg is not None:
        return [{"op": "to_hand", "target": tg}]
    return NEXT


def _put_on_top_of_its_owner(m, t):
    tg = parse_target(m.group(1))
    if tg is not None:
        return [{"op": "to_deck_top", "target": tg}]
    return NEXT


def _move_to_that_friend_character_problem(m, t):
    # "move one of your characters to that Friend's Problem" (the card the trigger names)
    tg = parse_target(m.group(1))
    if tg is not None and not tg.get("each") and not tg.get("it"):
        return [{"op": "move", "target": tg, "to": "it_problem"}]
    return NEXT


def _move_an_opponent_character_an_opposing(m, t):
    tg = parse_target(m.group(1))
    if tg is not None:
        return [{"op": "move", "target": {**tg, "at": "here"}, "to": "choose"}]
    return NEXT


def _move_this_card_home(_match, t):
    return [{"op": "move", "target": {"self": True}, "to": "home"}]


def _move_here_to_this_problem_to(m, t):
    tg = parse_target(m.group(1))
    if tg is not None and "at" not in tg and not tg.get("each"):
        return [{"op": "move", "target": {**tg, "at": "home"}, "to": "here"}]
    return NEXT


def _move_home(m, t):
    tg = parse_target(m.group(1))
    if tg is not None:
        return [{"op": "move", "target": tg, "to": "home"}]
    return NEXT


def _send_home(m, t):
    tg = parse_target(m.group(1))
    if tg is not None:
        return [{"op": "send_home", "target": tg}]
    return NEXT


def _move_another_one_of_your_characters(m, t):
    # "move another character here": to this card's area (not a selector suffix)
    tg = parse_target(m.group(1))
    if tg is not None and not tg.get("each") and "at" not in tg:
        return [{"op": "move", "target": tg, "to": "here"}]
    return NEXT


def _move_to_the_watched_area(m, t):
    # a watched-event trigger: "move ... to that Problem" (rules: the area of "it")
    tg = parse_target(m.group(1))
    if tg is not None and not tg.get("each"):
        return [{"op": "move", "target": tg, "to": "it"}]
    return NEXT


def _move_to_a_problem_another_problem(m, t):
    tg = parse_target(m.group(1))
    if tg is not None:
        to = (m.group("to") or "").lower()
        dest = "home" if "home" in to else "here" if to in ("this card's problem", "here", "this card's area", "this problem", "that problem", "the same problem") else "problem" if "problem" in to else "choose"
        if to == "this card's problem":  # none while this card is at home
            return [{"op": "move", "target": tg, "to": dest, "prob_only": True}]
        return [{"op": "move", "target": tg, "to": dest}]
    return NEXT



def _give_power_until_the_end_of(m4, t):
    if m4.group(2) == m4.group(3):
        tg = parse_target(m4.group(1))
        if tg is not None and not tg.get("each"):
            n, u = int(m4.group(2)), until_word(m4.group(4))
            return [{"op": "choose_modes", "n": 1, "labels": [f"+{n} power", f"-{n} power"],
                     "modes": [[{"op": "power", "n": n, "target": tg, "until": u}],
                               [{"op": "power", "n": -n, "target": tg, "until": u}]]}]
    return NEXT


def _your_involved_the_faceoff_here_each(m3e, t):
    tg = parse_target(m3e.group(1))
    if tg is not None and tg.get("each"):
        return [{"op": "power", "n": int(m3e.group(2).replace("–", "-")), "target": tg, "until": until_word(m3e.group("until"))}]
    return NEXT


def _have_has_get_power_until_the(m3, t):
    tg = parse_target(m3.group(1))
    if tg is not None and not tg.get("self"):
        return [{"op": "power", "n": int(m3.group(2).replace("–", "-")), "target": tg, "until": until_word(m3.group("until"))}]
    return NEXT


def _colored_power_sentence(_match, t):
    r = _colored_power(t)
    if r is not None:
        return r
    return NEXT


def _timed_keyword_grant(_match, t):
    r = _timed_kw_grant(t)
    if r is not None:
        return r
    return NEXT


def _give_until_the_end_of_the(m, t):
    tg = parse_target(m.group(1))
    if tg is not None:
        return [{"op": "add_color", "color": m.group(2), "target": tg, "until": m.group(3)}]
    return NEXT


def _gets_power_until(_match, t):
    m2 = re.match(r"^(.+?) gets ([+\-–]\d+) power" + UNTIL + "$", t, re.I) or \
        re.match(r"^give (.+?) ([+\-–]\d+) power" + UNTIL + "$", t, re.I)
    if m2:
        tg = parse_target(m2.group(1))
        if tg is not None:
            n = int(m2.group(2).replace("–", "-"))
            return [{"op": "power", "n": n, "target": tg, "until": until_word(m2.group("until"))}]
    return NEXT


def _put_a_an_one_two_three(m, t):
    tg = parse_target(m.group(2))
    if tg is not None:
        return [{"op": "counters", "n": word_number(m.group(1)), "counter": "+1", "target": tg}]
    return NEXT


def _put_a_an_one_two_harmony(m, t):
    tg = parse_target(m.group(3))
    if tg is not None:
        return [{"op": "counters", "n": word_number(m.group(1)), "counter": m.group(2), "target": tg}]
    return NEXT


def _you_may_pay_less_to_play(m, t):
    return [{"op": "cost_reduction", "n": int(m.group(1)), "type": m.group(2), "until": "faceoff"}]


def _you_may_pay_less_to_play_2(m, t):
    return [{"op": "cost_reduction", "n": int(m.group(1)), "type": m.group(2), "until": "turn"}]


def _search_your_deck_a_an_friend(m, t):
    return [{"op": "search", "filter": printed_filter(m.group(1), m.group(2), m.group(3), "cost" in t), "zone": "deck", "to": "hand", "reveal": True}]


def _search_your_deck_a_an_friend_2(m, t):
    flt = {"type": m.group(2)}
    if m.group(1):
        flt["trait"] = m.group(1)
    if m.group(3):
        flt["max_cost" if "cost" in t else "max_power"] = int(m.group(3))
    return [{"op": "search", "filter": flt, "zone": "deck", "to": "play"}]


def _put_a_an_card_friend_resource(m, t):
    # printed power: cards outside play have only their printed information
    flt = {"min_printed": int(m.group(2))}
    if m.group(1) != "card":
        flt["type"] = m.group(1)
    return [{"op": "search", "filter": flt, "zone": "disc", "to": "hand"}]


def _put_a_an_friend_resource_event(m, t):
    return [{"op": "search", "filter": {"type": m.group(1)} if m.group(1) != "card" else {}, "zone": "disc", "to": "deck"}]


def _give_power_until_the_start_of(m, t):
    tg = parse_target(m.group(1))
    if tg is not None and not tg.get("each"):
        return [{"op": "power", "n": int(m.group(2)), "target": tg, "until": "next_turn"}]
    return NEXT


def _you_draw_a_an_one_two(m, t):
    return [{"op": "draw", "n": word_number(m.group(1)), "who": "you"}]


def _draw_a_one_two_three_cards_2(m, t):
    return single_effect(m.group(1)) + single_effect(m.group(2))


def _an_each_opponent_retires_a_random(m, t):
    return [{"op": "retire_random", "who": "opponent", "type": m.group(1)}]


def _search_your_deck_a_troublemaker_then(m, t):
    e = {"op": "tm_into_play", "zone": {"hand": "hand", "discard pile": "disc"}.get(m.group(1) or "", "deck"),
         "face_up": bool(m.group(2)), "at": "here" if m.group(3) else "choose"}
    return [e]


def _put_a_an_friend_card_resource(m, t):
    if (m.group(1) or m.group(2)):
        return [{"op": "search", "filter": printed_filter(m.group(1), m.group(2), m.group(3), "cost" in t), "zone": "disc", "to": "hand"}]
    return NEXT


def _rewrite_put_a_an_friend(_match, t):
    return Rewrite(re.sub(r"^(put (?:a|an) .*?Friend.*?) into play from your discard pile$", r"\1 from your discard pile into play", t))


def _put_a_an_friend_cost_power(m, t):
    flt = {"type": "Friend"}
    if m.group(1):
        flt["trait"] = m.group(1)
    if m.group(3):
        flt[{"cost": "max_cost", "power": "max_power"}.get(m.group(2).lower(), "max_printed")] = int(m.group(3))
    e = {"op": "put_into_play", "filter": flt, "zone": "discard"}
    if m.group(4) == "here":
        e["at"] = "here"
    return [e]


def _put_it_this_card_into_play(_match, t):
    return [{"op": "put_into_play", "zone": "self"}]


def _rewrite_blue_orange_pink_purple(_match, t):
    return Rewrite(re.sub(r"(\d+) (Blue|Orange|Pink|Purple|White|Yellow) ", lambda m_: f"{m_.group(1)} [{COLOR_WORDS[m_.group(2).lower()]}] ", t))


def _put_a_an_two_three_four(m, t):
    if " with " not in m.group(4):
        words = m.group(4).replace(" Friend", "").replace("Friend", "").strip()
        traits = []
        while words:
            tr = next((x for x in TRAITS + ("Rock", "Pony", "Pirate") if words == x or words.startswith(x + " ")), None)
            if tr is None:
                tr = words.split(" ", 1)[0]  # a one-word trait (Figment, Seashell)
                if not re.match(r"^[A-Z][a-z]+$", tr):
                    traits = [None] * 3
                    break
            traits.append(tr)
            words = words[len(tr):].strip()
        if len(traits) <= 2:
            tok = {"op": "token", "power": int(m.group(2)), "color": m.group(3), "traits": traits,
                   "at": "here" if m.group(6) == "here" else "home"}
            if m.group(5):
                tok["kw"] = {m.group(5): 1}
            return [dict(tok) for _ in range(word_number(m.group(1)))]
    return NEXT


def _look_at_the_top_a_one(m, t):
    return [{"op": "look_top", "n": word_number(m.group(1)), "whose": "you"}]


#: single_effect's templates in the order they are tried (first match wins: the order is behaviour);
#: each (pattern matched at the start of ``t``, flags, builder); a builder without a pattern is
#: always tried; it returns NEXT to let the next template try, ``Rewrite(text)`` to go on with a
#: reworded text, else the result
SINGLE_EFFECT_TEMPLATES: tuple = (
    (r"^draw cards until you have (\d+) or more cards in your hand$", re.I, _draw_cards_until_you_have_more),
    (r"^draw an additional card$", re.I, _draw_an_additional_card),
    (r"^draw a card from the bottom of your deck$", re.I, _draw_a_card_the_bottom_of),
    (r"^have players flip (\d+|one) fewer cards? during that faceoff$", re.I, _have_players_flip_one_fewer_cards),
    (r"^(exhaust) (a random character involved in the faceoff|one of your characters at random)$", re.I, _exhaust_a_random_character_involved_the),
    (r"^move one of your characters home from this card's Problem$", re.I, _move_one_of_your_characters_home),
    (r"^turn this card face-down$", re.I, _turn_this_card_face_down),
    (r"^move this card to a random Problem$", re.I, _move_this_card_to_a_random),
    (r"^(?:your|that) opponent loses action tokens until they have no more than \[(\d+)\]$", re.I, _your_that_opponent_loses_action_tokens),
    (r"^(each|an) opponent (retires|discards) (?:a|an|one of their) (.+)$", re.I, _each_an_opponent_retires_discards_a),
    (r"^(exhaust|ready|frighten|unfrighten|dismiss|banish) or (exhaust|ready|frighten|unfrighten|dismiss|banish) (.+)$", re.I, _exhaust_ready_frighten_unfrighten_dismiss_banish),
    (r"^move up to (two|three|2|3) (.+?)( from home)?( to a Problem)?$", re.I, _move_up_to_two_three_home),
    (r"^(exhaust|ready|frighten|unfrighten|dismiss|banish) up to (two|three|2|3) (.+)$", re.I, _exhaust_ready_frighten_unfrighten_dismiss_banish_2),
    (r"^(exhaust|ready|frighten|unfrighten|dismiss|banish|retire) each (.+?) (\w+s) and (\w+s)$", re.I, _exhaust_ready_frighten_unfrighten_dismiss_banish_3),
    (r"^(dismiss|banish) each (opposing|of your opponent's) (Friend|Resource|Troublemaker|character) and (Friend|Resource|Troublemaker|character)$", re.I, _dismiss_banish_each_opposing_of_your),
    (r"^put (.+? tokens?(?: with \w+)?) and (.+? tokens?(?: with \w+)?) into play( here| at your home)?$", re.I, _put_tokens_tokens_into_play_here),
    (r"^search your deck for (?:a|an) ([A-Z][\w.']*(?: [A-Z][\w.']*)*) card,? (reveal it,? )?(?:and )?put it into your hand(?:,? and shuffle your deck)?$", 0, _search_your_deck_a_an_a),
    (r"^search your discard pile for (?:a|an) (?:(%s) )?(Friend|Event|Resource|Troublemaker|card) and put it into your hand$" % "|".join(TRAITS), re.I, _search_your_discard_pile_a_an),
    (r"^draw (a|an|one|two|three|four|\d+) cards?$", re.I, _draw_a_an_one_two_three),
    (r"^each player draws (a|two|three|\d+) cards?$", re.I, _each_player_draws_a_two_three),
    (r"^(?:gain|you gain) \[(\d+)\]$", re.I, _gain_you_gain),
    (r"^(?:gain|you gain) (a|an|one|two|three|\d+) action tokens?$", re.I, _gain_you_gain_a_an_one),
    (r"^scores? (a|an|one|two|three|\d+) (?:additional )?points?$", re.I, _scores_a_an_one_two_three),
    (r"^(?:an|each|your) opponents? loses? \[(\d+)\]$", re.I, _an_each_your_opponents_loses),
    (r"^discard (a|one|two|\d+) random cards?$", re.I, _discard_a_one_two_random_cards),
    (r"^your opponent discards (a|one|two|\d+) (random )?cards?(?: at random)?$", re.I, _your_opponent_discards_a_one_two),
    (r"^put the top (a|one|two|three|four|\d+) cards? of your deck into your discard pile$", re.I, _put_the_top_a_one_two),
    (r"^put the top card of your deck into your discard pile$", re.I, _put_the_top_card_of_your),
    (r"^you lose the game$", re.I, _you_lose_the_game),
    (r"^end the faceoff$", re.I, _end_the_faceoff),
    (None, 0, _gets_has_power_until_the_end),
    (r"^replace a Problem$", re.I, _replace_a_problem),
    (r"^discard (a|one|two|three|\d+)$", re.I, _discard_a_one_two_three),
    (r"^discard (a|one|two|three|\d+) cards?$", re.I, _discard_a_one_two_three_cards),
    (r"^(?:(?:all|each) players|each player) (discard|draw)s? (a|one|two|three|\d+) cards?$", re.I, _all_each_players_each_player_discard),
    (r"^discard (?:all the cards|your hand|all cards) (?:in|from) your hand$|^discard your hand$", re.I, _discard_all_the_cards_your_hand),
    (r"^(?:an|each|your|all) opponents? loses? (a|an|one|two|three|\d+) action tokens?$", re.I, _an_each_your_all_opponents_loses),
    (r"^force your opponent to choose and discard a card$", re.I, _force_your_opponent_to_choose_discard),
    (r"^reduce by \[(\d+)\] the cost of the next (Friend|Event|Resource|card) you play this turn$", re.I, _reduce_by_the_cost_of_the),
    (r"^put (a|one|two|three|\d+) cards? from your hand on (?:the )?top of your deck$", re.I, _put_a_one_two_three_cards),
    (r"^(?:each|choose an|an) opponent(?:s)? discards? (a|one|two|\d+) (?:random )?cards?(?: at random)?$", re.I, _each_choose_an_an_opponent_discards),
    (r"^flip (?:an additional|another|another additional) card$", re.I, _flip_an_additional_another_another_additional),
    (r"^put a card from your hand on (?:the )?top of your deck$", re.I, _put_a_card_your_hand_on),
    (r"^turn (.+?) face-?down$", re.I, _turn_face_down),
    (r"^(?:draw (a|one|two|three|\d+) cards? from the bottom of your deck|draw the bottom card of your deck)$", re.I, _draw_a_one_two_three_cards),
    (r"^put the (?:card from the )?bottom (?:card )?of your deck on (?:the )?top of your deck$", re.I, _put_the_card_the_bottom_card),
    (r"^shuffle (your hand|your discard pile|a card from your hand|your deck)(?: into your deck)?$", re.I, _shuffle_your_hand_your_discard_pile),
    (r"^banish all cards in a discard pile$", re.I, _banish_all_cards_a_discard_pile),
    (r"^(?:a player puts the top (\w+) cards? of their deck into their discard pile|put the top (\w+) cards? of a player's deck into that player's discard pile)$", re.I, _a_player_puts_the_top_cards),
    (r"^(?:reduce the cost of the next (Friend|Event|Resource|card) you play this turn by \[(\d+)\]|pay \[?(\d+)\]? less for the next (Friend|Event|Resource|card) you play this turn)$", re.I, _reduce_the_cost_of_the_next),
    (r"^(?:an|each) opponent loses \[(\d+)\] and you gain \[(\d+)\]$", re.I, _an_each_opponent_loses_you_gain),
    (r"^(Opponents|Players|You) need \+(\d+) power to confront (Problems|this card's Problem) until the (?:end of the turn|start of your next turn)$", re.I, _opponents_players_you_need_power_to),
    (r"^(increase|reduce) (?:a Problem's confront requirements|the confront requirements of a Problem) by (\d+) "
     r"power until the (?:end of the turn|start of your next turn)$", re.I, _increase_reduce_a_problem_confront_requirements),
    (r"^(Opponents|Players|You) need -(\d+) power to confront Problems until the end of the turn$", re.I, _opponents_players_you_need_power_to_2),
    (r"^Troublemakers don't prevent you from confronting Problems until the end of the turn$", re.I, _troublemakers_don_t_prevent_you_confronting),
    (r"^banish (?:a|an) (non-Friend )?(card|Event|Friend|Troublemaker|Resource) from (a|your) discard pile(?:\. If you do, (.+))?$", re.I, _banish_a_an_non_friend_card),
    (r"^dismiss each face-up and face-down Troublemaker$", re.I, _dismiss_each_face_up_face_down),
    (r"^gain a number of action tokens equal to the number of (\w+) counters on (?:it|this card)$", re.I, _gain_a_number_of_action_tokens),
    (r"^replace (?:its|this card's) Problem$", re.I, _replace_its_this_card_problem),
    (r"^reduce the play requirements of your cards by (\d+) \[(%s)\] until the end of (?:the|this) turn$" % COLOR_RE, re.I, _reduce_the_play_requirements_of_your),
    (r"^uncover one of your face-down Troublemakers$", re.I, _uncover_one_of_your_face_down),
    (r"^uncover (a|one of your) Troublemakers?( here| at its Problem| at this card's Problem)?$", re.I, _uncover_a_one_of_your_troublemakers),
    (r"^gain control of (.+?)(?: until the end of (?:the |this )?(turn|faceoff|Score Phase))?$", re.I, _gain_control_of_until_the_end),
    (r"^turn (?:this card|it) over$", re.I, _turn_this_card_it_over),
    (r"^cutie mark this card$", re.I, _cutie_mark_this_card),
    (r"^(exhaust|ready|frighten|unfrighten|dismiss|banish|retire) (.+)$", re.I, _exhaust_ready_frighten_unfrighten_dismiss_banish_4),
    (r"^put (.+?) into its owner's hand$", re.I, _put_into_its_owner_hand),
    (r"^(?:return|put) (.+?) (?:to|into) (?:its owner's|your) hand$", re.I, _put_to_into_its_owner_your),
    (r"^put (.+?) on top of its owner's deck$", re.I, _put_on_top_of_its_owner),
    (r"^move (.+?) to that (?:Friend|character)'s Problem$", re.I, _move_to_that_friend_character_problem),
    (r"^move (an opponent's character|an opposing character|one of your characters) away from (?:that|this|its) Problem$", re.I, _move_an_opponent_character_an_opposing),
    (r"^move this card home$", re.I, _move_this_card_home),
    (r"^move (.+?) (?:here|to this Problem|to this card's Problem) from (?:your )?home$", re.I, _move_here_to_this_problem_to),
    (r"^move (.+?) home$", re.I, _move_home),
    (r"^send (.+?) home$", re.I, _send_home),
    (r"^move (another (?:one of your )?characters?|another Friend|(?:a|an|one of your) (?:opposing )?(?:character|Friend)) here$", re.I, _move_another_one_of_your_characters),
    (r"^move (.+?) to the watched area$", re.I, _move_to_the_watched_area),
    (r"^move (.+?)(?: to (?P<to>a Problem|another Problem|your home|home|this card's Problem|this card's area|this Problem|that Problem|the same Problem|here))?$", re.I, _move_to_a_problem_another_problem),
    (r"^give (.+?) \+(\d+) or -(\d+) power until the end of (?:the |this )?(turn|faceoff)$", re.I, _give_power_until_the_end_of),
    (r"^(your .+?s(?: involved in the faceoff| here)?) each (?:get|have) ([+\-–]\d+) power until the end of (?:the |this )?(?P<until>turn|faceoff|Score Phase|phase)$", re.I, _your_involved_the_faceoff_here_each),
    (r"^(.+?) (?:have|has|get) ([+\-–]\d+) power until the end of (?:the |this )?(?P<until>turn|faceoff|Score Phase|phase)$", re.I, _have_has_get_power_until_the),
    (None, 0, _colored_power_sentence),
    (None, 0, _timed_keyword_grant),
    (r"^give (.+?) \[(%s)\] until the end of (?:the |this )?(turn|phase)$" % "|".join(COLOR_NAMES), 0, _give_until_the_end_of_the),
    (None, 0, _gets_power_until),
    (r"^put (a|an|one|two|three|\d+) \+1 power counters? on (.+)$", re.I, _put_a_an_one_two_three),
    (r"^put (a|an|one|two|\d+) (Harmony|Friendship|Chaos|Wind|Spirit|Muscle|Party|Victory) counters? on (.+)$", re.I, _put_a_an_one_two_harmony),
    (r"^(?:you may )?pay \[(\d+)\] less (?:to play|for) your next (Friend|Event|Resource|card) until the end of the faceoff$", re.I, _you_may_pay_less_to_play),
    (r"^(?:you may )?pay \[(\d+)\] less (?:to play|for) your next (Friend|Event|Resource|card) this turn$", re.I, _you_may_pay_less_to_play_2),
    (r"^search your deck for (?:a|an) (?:(%s) )?(Friend|Event|Resource|Troublemaker|card)(?: with (?:cost|power) (\d+) or less)?, reveal it, (?:and )?put it into your hand(?:,? and shuffle your deck)?$" % "|".join(TRAITS), re.I, _search_your_deck_a_an_friend),
    (r"^search your deck for (?:a|an) (?:(%s) )?(Friend|Resource)(?: with (?:cost|power) (\d+) or less)?, reveal it, (?:and )?put it into play(?:,? and shuffle your deck)?$" % "|".join(TRAITS), re.I, _search_your_deck_a_an_friend_2),
    (r"^put (?:a|an) (card|Friend|Resource|Event|Troublemaker) with at least (\d+) power from your discard pile into your hand$", re.I, _put_a_an_card_friend_resource),
    (r"^put (?:a|an) (Friend|Resource|Event|Troublemaker|card) from your discard pile on top of your deck$", re.I, _put_a_an_friend_resource_event),
    (r"^give (.+?) ([+-]\d+) power until the start of your next turn$", re.I, _give_power_until_the_start_of),
    (r"^you draw (a|an|one|two|three|\d+) cards?$", re.I, _you_draw_a_an_one_two),
    (r"^(draw (?:a|one|two|three|\d+) cards?) then (discard (?:a|one|two|three|\d+) cards?)$", re.I, _draw_a_one_two_three_cards_2),
    (r"^(?:an|each) opponent retires a random (Friend|Resource)$", re.I, _an_each_opponent_retires_a_random),
    (r"^(?:search your deck for a Troublemaker(?:,| and) (?:then )?put it into play|put a Troublemaker from your (hand|discard pile) into play)( face-up)?( at this card's Problem)?$", re.I, _search_your_deck_a_troublemaker_then),
    (r"^(?:put|return) (?:a|an) (?:(%s)\b ?)?(Friend|card|Resource|Event|Troublemaker)?(?: with (?:cost|power) (\d+) or less)? from your discard pile (?:in)?to your hand$" % "|".join(TRAITS + ("Accessory",)), re.I, _put_a_an_friend_card_resource),
    (None, 0, _rewrite_put_a_an_friend),
    (r"^put (?:a|an) (?:(%s) )?Friend(?: with (cost|power|printed power of) (\d+) or less)? from your discard pile into play(?: (here|at your home))?$" % "|".join(TRAITS), re.I, _put_a_an_friend_cost_power),
    (r"^put (?:it|this card) into play$", re.I, _put_it_this_card_into_play),
    (None, 0, _rewrite_blue_orange_pink_purple),
    (r"^put (a|an|two|three|four|\d+) (\d+) \[(%s)\] (.+?) tokens?(?: with (%s))? into play(?: (here|at your home))?$" % (COLOR_RE, "|".join(KEYWORD_NAMES)), re.I, _put_a_an_two_three_four),
    (r"^look at the top (a|one|two|three|four|\d+) cards? of your deck(?:\. | and )?put (?:them|it) (?:back )?on the top or bottom of your deck in any order$", re.I, _look_at_the_top_a_one),
)


def single_effect(t: str) -> list[dict] | None:
    """One instruction with one verb -> effects (``SINGLE_EFFECT_TEMPLATES``), or None if not understood."""
    t = t.strip().rstrip(".")
    return first_match(SINGLE_EFFECT_TEMPLATES, t)


_CPOW = r"\+(\d+) \[(%s)\]" % COLOR_RE
_TIMED = r"until (?:the )?(?:end of (?:the |this )?(?P<until>turn|phase)|(?P<next>start of your next turn))"


def _colored_power(t: str) -> list[dict] | None:
    """"That character gets +1 [Loyalty] and +1 [Kindness] until the end of the phase", "give each
    of your Critter Friends +1 [Kindness] until the start of your next turn": colored power.  The
    character gets +N power and has that color for the same duration, so the power counts toward
    that color's play and confront requirements (203.2, 507.3, 611.3)."""
    m = re.match(r"^(?:give (?P<s1>.+?) |(?P<s2>.+?) gets? )(?P<parts>%s(?:,? and %s)*) %s$" % (_CPOW, _CPOW, _TIMED), t, re.I)
    if not m:
        return None
    tg = parse_target(m.group("s1") or m.group("s2"))
    if tg is None:
        return None
    until = "next_turn" if m.group("next") else until_word(m.group("until"))
    return [{"op": "power", "n": int(n), "color": col, "target": tg, "until": until}
            for n, col in re.findall(_CPOW, m.group("parts"))]


def _timed_kw_grant(t: str) -> list[dict] | None:
    """"Your characters have Swift this turn", "give a Troublemaker here Competitive 4 until the end
    of the turn", "That Friend gains Stubborn until the end of the turn": a keyword for a duration
    (``grant_kw``); plural subjects are read continuously (708.5)."""
    kws = "|".join(GRANTABLE_KW)
    m = re.match(r"^[Ff]or each (of your .+?), (?:that character|that Friend|it) gets an additional (%s) (\d+) until the end "
                 r"of (?:the )?turn$" % kws, t)
    if m and m.group(2) in X_KEYWORDS:  # "For each of your Pegasus characters, that character gets an additional Competitive 1"
        tg = parse_target("each " + m.group(1))
        if tg is None or not tg.get("each") or "min_power" in tg or "max_power" in tg:
            return None
        return [{"op": "grant_kw", "kw": m.group(2), "n": int(m.group(3)), "target": {"it": True}, "until": "turn",
                 "per": {"sel": {k: v for k, v in tg.items() if k != "each"}}}]
    m = re.match(r"^(?:give (?P<s1>.+?) |(?P<s2>.+?) (?:has|have|gets|get|gains|gain) )(?P<kw>%s)(?: (?P<x>\d+))? "
                 r"(?:this turn|until (?:the )?end of (?:the |this )?turn|(?P<next>until the start of your next turn))$" % kws, t)
    if not m:
        return None
    kw, x = m.group("kw"), m.group("x")
    if (kw in X_KEYWORDS) != (x is not None):
        return None
    subj = m.group("s1") or m.group("s2")
    tg = parse_target(subj)
    if tg is None or (m.group("s1") and tg.get("each")):
        return None
    if m.group("s2") and re.match(r"^(?:[Yy]our|[Oo]pposing|[Ee]ach|[Aa]ll)\b.*\b(?:Friends|characters|Troublemakers)\b", subj) \
            and not tg.get("it") and not tg.get("self"):
        tg = dict(tg, each=True)  # "your other Friends have ...": every one of them, not a chosen one
    return [{"op": "grant_kw", "kw": kw, "n": int(x) if x else 1, "target": tg,
             "until": "next_turn" if m.group("next") else "turn"}]
