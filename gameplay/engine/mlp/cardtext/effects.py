"""Effect sentences -> effects: ``parse_effects`` tries the template groups in order (first match wins)."""
from __future__ import annotations

from typing import Any

from .conditions import IF_TEMPLATES
from .costs import cost_and_counter_sentences
from .effects_abilities_and_power import ABILITY_AND_POWER_EFFECTS
from .events import event_sentences
from .faceoff import parse_reveal_top, parse_start_faceoff
from .nested import set_effect_grammar
from .single import single_effect
from .targets import parse_target
from .templates import NEXT, Rewrite, first_match
from .timed import timed_effects
from .trigger_effects import trigger_body_sentences
from .vocab import COLOR_RE, GRANTABLE_KW, TRAITS, UNTIL, X_KEYWORDS, re, until_word, verb_of, word_number


def _sentence_groups(_match, t):
    r = trigger_body_sentences(t)  # triggered-ability bodies
    if r is None:
        r = cost_and_counter_sentences(t)  # costs, counters, counted amounts
    if r is None:
        r = _small_effect_sentences(t)  # the other small effect templates
    if r is None:
        r = timed_effects(t)  # Events and activated abilities
    if r is not None:
        return r
    return NEXT


def _rewrite_choose_an_opponent_that(_match, t):
    return Rewrite(t.replace("choose an opponent. That opponent chooses and discards a card", "your opponent discards a card"))


def _flip_if_involved(_match, t):
    if t.startswith("If you have ") and "involved in this faceoff, flip" in t:
        m = re.match(r"^If you have (.+?) or (.+?) involved in this faceoff, flip an additional card\. If you have \1 and \2 involved in this faceoff, flip 2 additional cards instead$", t)
        if m:
            return [{"op": "flip_if_involved", "names": [m.group(1), m.group(2)], "n": 1, "all_n": 2}]
        return None
    return NEXT


def _reveal_top(_match, t):
    r = parse_reveal_top(t)
    if r is not None:
        return r or None
    return NEXT


def _start_faceoff(_match, t):
    r = parse_start_faceoff(t)
    if r is not None:
        return r or None
    return NEXT


def _rewrite_the_friend_power(_match, t):
    return Rewrite(re.sub(r"\bthe Friend with power higher than any other Friend involved in the faceoff\b",
               "a Friend with power higher than any other Friend involved in the faceoff", t))


def _you_may_reveal_the_top_card(m, t):
    if not re.search(r"\. If you do\b", t):
        r = parse_reveal_top(m.group(1))
        return [{"op": "may", "effects": r}] if r else None
    return NEXT


def _choose_one_of_each_player_flipped(_match, t):
    return [{"op": "flipped_card", "act": "ignore", "who": "each"}]


def _banish_an_opponent_flipped_card(_match, t):
    return [{"op": "flipped_card", "act": "banish", "who": "opp"}]


def _an_opponent_has_more_points_than(m, t):
    r = parse_effects(m.group(1))
    return None if r is None else [{"op": "if", "cond": {"k": "opp_more_points"}, "effects": r}]


def _at_the_end_of_the_faceoff(m, t):
    if "faceoff" not in m.group(1).lower() and not re.search(r"\bthat (?:Friend|character|card)\b|\bit\b", t):
        a, b = parse_effects(m.group(1)), parse_effects(m.group(2))
        return None if a is None or b is None else a + [{"op": "at_fo_end", "effects": b}]
    return NEXT


def _you_may_pay_less_events_friends(m, t):
    return [{"op": "may", "effects": [{"op": "cost_reduction", "n": int(m.group(1)), "type": m.group(2)[:-1],
                                      "until": "faceoff", "all": True}]}]


def _lose_all_of_your_action_tokens(_match, t):
    return [{"op": "lose_tokens", "n": 99, "who": "you"}]


def _an_gets_power_until_the_end(m, t):
    if (m.group(3) in X_KEYWORDS) == (m.group(4) is not None):
        tg = parse_target(m.group(1))
        if tg is not None and not tg.get("each") and not tg.get("self") and not tg.get("it"):
            u = until_word(m.group(5))
            return [{"op": "mark", "target": tg}, {"op": "power", "n": int(m.group(2)), "target": {"it": True}, "until": u},
                    {"op": "grant_kw", "kw": m.group(3), "n": int(m.group(4) or 1), "target": {"it": True}, "until": u}]
    return NEXT


def _may(m, t):
    # "that player may ..." after the actor became "you"
    r = parse_effects("you may " + m.group(1))
    return r


def _you_may_spend_a_card_beneath(m, t):
    r = parse_effects(m.group(1))
    return None if r is None else [{"op": "may", "effects": [{"op": "spend_cost", "n": 1}] + r}]


def _you_may_spend_any_number_of(m, t):
    # any number: one optional spend per card beneath it
    r = parse_effects(m.group(1))
    return [{"op": "per", "beneath": True, "effects": [{"op": "may", "effects": [{"op": "spend_cost", "n": 1}] + r}]}]


def _you_won_a_problem_faceoff_by(m, t):
    r = parse_effects(m.group(2))
    return None if r is None else [{"op": "if", "cond": {"k": "won_by", "n": int(m.group(1))}, "effects": r}]


def _all_players_lose_all_their_action(_match, t):
    return [{"op": "lose_tokens", "n": 99, "who": "each"}]


def _you_may_you_do(m, t):
    a, b = parse_effects(m.group(1)), parse_effects(m.group(2))
    mp = re.match(r"^pay \[(\d+)\]$", m.group(1), re.I)
    if mp:  # "You may pay [2]. If you do, ..." (the rest only if paid, 508.1d)
        a = [{"op": "pay", "n": int(mp.group(1))}]
    if a == [{"op": "exhaust", "target": {"self": True}}]:
        a = [{"op": "exhaust_self_cost"}]  # "If you do": only when this card could be exhausted
    return None if a is None or b is None else [{"op": "may", "effects": a + b}]


def _each_player_chooses_a_character_involved(m, t):
    return [{"op": "each_player", "effects": [{"op": "power", "n": int(m.group(1)), "target": {"type": "character", "at": "faceoff"}, "until": "faceoff"}]}]


def _you_may_put_a_token_a(m, t):
    # one of three tokens (NM18)
    modes = [parse_effects(f"put {x} into play here") for x in m.groups()]
    if all(x is not None for x in modes):
        return [{"op": "may", "effects": [{"op": "choose_modes", "n": 1, "modes": modes, "labels": list(m.groups())}]}]
    return NEXT


def _choose_a_problem_exhaust_ready_each(m, t):
    # AD109 Popping Corn
    v, ty = m.group(1).lower(), m.group(2)
    return [{"op": "choose_area"}, {"op": "if", "cond": {"k": "opp_mane_boosted"},
            "effects": [{"op": v, "target": {"type": ty, "each": True, "at": "there", "max_power": int(m.group(4))}}],
            "else": [{"op": v, "target": {"type": ty, "each": True, "at": "there", "max_power": int(m.group(3))}}]}]


def _choose_a_color_this_card_loses(_match, t):
    return [{"op": "choose_color"}]  # the chosen color replaces its colors (MT74)


def _you_may_exhaust_this_card_to(m, t):
    # "you may exhaust this card to choose ... That Friend has -2 power ..." (one sentence pair)
    r = parse_effects(m.group(1))
    return None if r is None else [{"op": "may", "effects": [{"op": "exhaust_self_cost"}] + r}]


def _exhaust_one_of_your_characters_at(m, t):
    # a cost: with no character that can be exhausted, nothing more (508.1d)
    a, b = single_effect(m.group(1)), parse_effects(m.group(2))
    return None if a is None or b is None else [{**a[0], "cost": True}] + b


def _you_may_discard_a_card_to(m, t):
    # the discard is a cost: with no card in hand nothing happens (508.1d)
    r = parse_effects(m.group(1))
    return None if r is None else [{"op": "may", "effects": [{"op": "discard", "n": 1, "who": "you", "cost": True}] + r}]


def _retire_exhaust_dismiss_banish_another_one(m, t):
    # "retire another one of your Friends. If you do, ...": nothing more if none could be
    tg = parse_target(m.group(2))
    r = parse_effects(m.group(3))
    if tg is not None and r is not None and not tg.get("each") and not tg.get("self"):
        return [{"op": m.group(1).lower(), "target": tg, "cost": True}] + r
    return None


def _choose_one_two(m, t):
    if ";" in m.group(2):
        parts = [x.strip() for x in re.split(r";\s*(?:or\s+)?", m.group(2)) if x.strip()]
    else:
        parts = [x.strip() for x in re.split(r",\s*(?:or\s+)?|\s+or\s+(?!(?:less|more|fewer)\b)", m.group(2)) if x.strip()]
    modes = [parse_effects(x) for x in parts]
    if len(parts) >= 2 and all(x is not None for x in modes):
        return [{"op": "choose_modes", "n": word_number(m.group(1)), "modes": modes, "labels": parts}]
    return None


def _choose_it_that_character_friend_card(m, t):
    tg = parse_target(m.group(1))
    rest_ = parse_effects("that character " + m.group(2))
    if tg is not None and rest_ is not None and not tg.get("each"):
        return [{"op": "mark", "target": tg}] + rest_
    return None


def _choose_move_exhaust_ready_frighten_unfrighten(m, t):
    if re.search(r"\bit\b|\bthat\b|\bthem\b|\. |, then", m.group(4)):
        return None  # later sentences referring back to the chosen card are not handled
    tg = parse_target(m.group(1))
    rest_ = parse_effects(f"{m.group(2).lower()} that character {m.group(4)}")
    if tg is not None and rest_ is not None and not tg.get("each") and not tg.get("self"):
        return [{"op": "mark", "target": tg}] + rest_
    return None
    return NEXT


def _choose_move_exhaust_ready_frighten_unfrighten_2(m, t):
    tg = parse_target(m.group(1))
    rest_ = parse_effects(f"{m.group(2).lower()} that character")
    if tg is not None and rest_ is not None and not tg.get("each") and not tg.get("self"):
        return [{"op": "mark", "target": tg}] + rest_
    return None


def _put_an_opposing_friend_an_opponent(m, t):
    return [{"op": "to_hand", "target": parse_target(m.group(1))},
            {"op": "discard", "n": 1, "who": "opponent", "random": False}]


def _each_player_may(m, t):
    if re.search(r"\. |, then|\bthen\b", m.group(1)):
        return None
    if " their opponent" not in m.group(1) and "another player" not in m.group(1):
        r = parse_effects("you may " + re.sub(r"\btheir\b", "your", m.group(1)))
        return None if r is None else [{"op": "each_player", "effects": r}]
    return NEXT


def _each_player_retires_dismisses_discards_draws(m, t):
    verb = {"retires": "retire", "dismisses": "dismiss", "discards": "discard", "draws": "draw",
            "frightens": "frighten", "exhausts": "exhaust"}[m.group(1).lower()]
    obj = m.group(2)
    if verb in ("discard", "draw"):
        r = parse_effects(f"{verb} {obj}")
    elif obj.startswith("one of their "):
        r = parse_effects(f"{verb} one of your {obj[len('one of their '):]}")
    elif obj.startswith(("a ", "an ")):
        r = parse_effects(f"{verb} one of your {obj.split(' ', 1)[1]}")
    else:
        r = None
    return None if r is None else [{"op": "each_player", "effects": r}]


def _event_sentence(_match, t):
    r = event_sentences(t)
    if r is not None:
        return r
    # sequences
    for sep in (". Then, ", ". Then ", ", then ", ". ", " and then "):
        if sep in t:
            parts = t.split(sep)
            out: list[dict] = []
            for part in parts:
                r = parse_effects(part)
                if r is None:
                    return None
                out.extend(r)
            return out
    return NEXT


def _you_have_involved_this_faceoff_flip(m, t):
    return [{"op": "flip_if_involved", "names": [m.group(1), m.group(2)], "n": 1, "all_n": 2}]


def _during_a_faceoff(m, t):
    r = parse_effects(m.group(1))
    return None if r is None else [{"op": "if_faceoff", "effects": r}]


def _you_may_you_do_2(m, t):
    a, b = parse_effects(m.group(1)), parse_effects(m.group(2))
    return None if a is None or b is None else [{"op": "may", "effects": a + b}]


def _rewrite_you_may_pay(_match, t):
    return Rewrite(re.sub(r"^(you may (?:pay \[\d+\] and )?(?:exhaust|banish|retire)) it( and pay \[\d+\])? to ", r"\1 this card\2 to ", t, flags=re.I))


def _you_may_pay_exhaust_this_card(_match, t):
    m = re.match(r"^you may ((?:pay \[\d+\]|exhaust this card|banish this card|retire this card)(?: and (?:pay \[\d+\]|exhaust this card|banish this card|retire this card))*) to (.+)$", t, re.I)
    if m and not m.group(1).lower().startswith("pay [") or (m and " and " in m.group(1)):
        costs: list[dict] = []
        for part in m.group(1).split(" and "):
            part = part.strip().lower()
            mm = re.match(r"pay \[(\d+)\]", part)
            if mm:
                costs.append({"op": "pay", "n": int(mm.group(1))})
            elif part == "exhaust this card":
                costs.append({"op": "exhaust_self_cost"})
            elif part in ("banish this card", "retire this card"):
                costs.append({"op": "leave_self_cost", "to": "ban" if part.startswith("banish") else "disc"})
        r = parse_effects(m.group(2))
        if r is not None and len(costs) > 1:  # "pay [1] and exhaust this card": both can be paid, or neither (508.1d)
            costs = [{"op": "costs_ok", "tokens": sum(c_["n"] for c_ in costs if c_["op"] == "pay"),
                      "self_ready": any(c_["op"] == "exhaust_self_cost" for c_ in costs)}] + costs
        return None if r is None else [{"op": "may", "effects": costs + r}]
    return NEXT


def _you_may_pay_to(m, t):
    r = parse_effects(m.group(2))
    return None if r is None else [{"op": "may", "effects": [{"op": "pay", "n": int(m.group(1))}] + r}]


def _you_may_pay_exhaust_frighten_retire(m, t):
    # "you may exhaust one of your characters here to gain [1]": the first part is a cost (508.1d)
    tg = parse_target(m.group(3))
    r = parse_effects(m.group(4))
    if tg is not None and r is not None and not tg.get("each"):
        if m.group(2).lower() == "retire" and "ctrl" not in tg and not tg.get("self") and not tg.get("it"):
            tg = {**tg, "ctrl": "you"}  # 410.2 a player retires only their own cards
        if m.group(2).lower() == "exhaust" and not tg.get("self") and not tg.get("it"):
            tg = {**tg, "state": "ready"}  # only a card that can be exhausted pays the cost
        cost = {"op": m.group(2).lower(), "target": tg, "cost": True}
        if m.group(1):
            cost["pay"] = int(m.group(1))  # paid together with it, or not at all
        return [{"op": "may", "effects": [cost] + r}]
    return NEXT


def _you_may(m, t):
    r = parse_effects(m.group(1))
    return None if r is None else [{"op": "may", "effects": r}]


def _you_have_a_an_character_friend(m, t):
    # "Flip another additional card if you have a Dragon character": the condition written last
    return parse_effects(f"if you have {m.group(2)} {m.group(3)}, {m.group(1)[:1].lower()}{m.group(1)[1:]}")


def _you_have_another_character_friend(m, t):
    # "if you have another Changeling character, ..." (another than this card)
    r = parse_effects(m.group(3))
    sel_ = {"type": m.group(2), "ctrl": "you", "trait": m.group(1), "other": True}
    return None if r is None else [{"op": "if", "cond": {"k": "you_have", "sel": sel_}, "effects": r}]


def _a_player_has_more_points(m, t):
    # "If a player has 8 or more points, ..." (either player)
    r = parse_effects(m.group(2))
    return None if r is None else [{"op": "if", "cond": {"k": "points_at_least", "n": int(m.group(1))}, "effects": r}]


def _have_get_power(m, t):
    # "have another character there get +2 power ..." = give it +2 power
    return parse_effects(f"give {m.group(1)} {m.group(2)}")


def _that_friend_character_this_card_get(m, t):
    n, u = int(m.group(2)), until_word(m.group("until"))
    return [{"op": "power", "n": n, "target": {"it": True}, "until": u},
            {"op": "power", "n": n, "target": {"self": True}, "until": u}]


def _your_other_characters_friends_each_get(m, t):
    return parse_effects(f"{m.group(1)} get {m.group(2)}")


def _put_a_an_one_two_counters(m, t):
    # "+1 counter" = "+1 power counter" (HM22's wording)
    return parse_effects(f"put {m.group(1)} +1 power counter{'s' if word_number(m.group(1)) > 1 else ''} on {m.group(2)}")


def _a_friend_left_play_this_turn(m, t):
    # rules.leave_play records the turn a Friend last left play
    r = parse_effects(m.group(1))
    return None if r is None else [{"op": "if", "cond": {"k": "friend_left_turn"}, "effects": r}]


def _dismiss_banish_frighten_exhaust_all_opposing(m, t):
    return [{"op": m.group(1).lower(), "target": {"type": "Friend", "ctrl": "opp", "token": True, "each": True}}]


def _the_cost_of_your_next_friend(m, t):
    return [{"op": "cost_reduction", "n": int(m.group(3)), "type": m.group(2), "color": m.group(1), "until": "turn"}]


def _pay_less_the_next_you_play(m, t):
    return [{"op": "cost_reduction", "n": int(m.group(1)), "type": "card", "trait": m.group(2), "until": "turn"}]


def _an_opponent_may(m, t):
    # "an opponent may pay [2] to dismiss this card": the opponent decides and pays ("this card" stays)
    r = parse_effects("you may " + m.group(1))
    return None if r is None else [{"op": "as_opponent", "effects": r}]


def _send_the_watched_card_back(_match, t):
    if t == "send the watched card back":
        return [{"op": "send_it_back"}]
    return NEXT


def _put_a_troublemaker_your_hand_discard(m, t):
    return [{"op": "tm_into_play", "zone": "hand" if m.group(1) == "hand" else "disc"}]


def _search_your_deck_a_troublemaker_put(_match, t):
    return [{"op": "tm_into_play", "zone": "deck"}]


def _ready_a_card(_match, t):
    # any card in play that can be readied
    return [{"op": "ready", "target": {"type": "card", "state": "exhausted"}}]


def _replace_another_problem(_match, t):
    return [{"op": "replace_problem", "other": True}]


def _choose_an_opponent_that_opponent_chooses(_match, t):
    return [{"op": "discard", "n": 1, "who": "opponent", "random": False}]


def _all_players_discard_all_the_cards(_match, t):
    return [{"op": "each_player", "effects": [{"op": "discard", "n": 99, "who": "you"}, {"op": "draw", "n": 3, "who": "you"}]}]


def _the_card_that_left_play_to(_match, t):
    if t == "return the card that left play to its owner's hand":
        return [{"op": "left_to_hand"}]
    return NEXT


def _look_at_the_top_two_three(m, t):
    whose = {"your": "you", "your opponent's": "opponent"}.get(m.group(2).lower(), "problem_here")
    return [{"op": "reorder_top", "n": word_number(m.group(1)), "whose": whose,
             "deck": "pdeck" if whose == "problem_here" else "deck"}]


def _look_at_the_top_card_of(_match, t):
    return [{"op": "look_pdeck", "whose": "you", "deck": "pdeck"}]


def _the_next_card_you_play_that(m, t):
    return [{"op": "cost_reduction", "n": int(m.group(1)), "type": "card", "until": "turn"}]


def _uncover_it_that_card_that_troublemaker(_match, t):
    return [{"op": "uncover_it"}]


def _put_the_top_card_of_each(_match, t):
    return [{"op": "each_player", "effects": [{"op": "mill", "n": 1}]}]


def _search_your_discard_pile_a_card(_match, t):
    return [{"op": "search", "filter": {}, "zone": "disc", "to": "deck"}]


def _if_templates(_match, t):
    for pat, cond in IF_TEMPLATES:  # turn start / end conditions (resolve.py "if")
        m = re.match(pat, t, re.I)
        if m:
            r = parse_effects(re.sub(r"\bfriends\b", "Friends", m.group(m.lastindex)))  # "Critter friends" (DE86)
            return None if r is None else [{"op": "if", "cond": cond(m) if callable(cond) else dict(cond), "effects": r}]
    return NEXT


def _you_have_another_an(m, t):
    tg = parse_target("a " + m.group(3))
    r = parse_effects(m.group(4))
    if tg is not None and r is not None and set(tg) <= {"type", "trait"}:
        sel_ = dict(tg, ctrl="you", color=m.group(2))
        if m.group(1).lower() == "another":
            sel_["other"] = True
        return [{"op": "if", "cond": {"k": "you_have", "sel": sel_}, "effects": r}]
    return None


def _you_have_a_an_at_least(m, t):
    r = parse_effects(m.group(4))
    if r is None:
        return None
    sel_: dict[str, Any] = {"type": m.group(2), "ctrl": "you"}
    if m.group(1):
        sel_["trait"] = m.group(1)
    if m.group(3):
        sel_["at"] = "here"
    return [{"op": "if", "cond": {"k": "you_have", "sel": sel_}, "effects": r}]


def _if_you_have_or_there_is(_match, t):
    m = re.match(r"^if you (?:have|control) (?:a|an|at least one) ([^,]+), (.+)$", t, re.I) or \
        re.match(r"^if there (?:is|are) (?:a|an|at least one) ([^,]+), (.+)$", t, re.I)
    if m:
        tg = parse_target("a " + m.group(1))
        r = parse_effects(m.group(2))
        if tg is None or r is None or tg.get("self") or tg.get("it") or tg.get("each"):
            return None
        if t.lower().startswith("if you"):
            if tg.get("ctrl") == "opp":
                return None
            tg["ctrl"] = "you"
        return [{"op": "if", "cond": {"k": "you_have", "sel": tg}, "effects": r}]
    return NEXT


def _there_are_no(m, t):
    if not re.search(r"(?:this card's|its) Problem", m.group(1)):  # "here" would be a home
        tg = parse_target("each " + m.group(1))
        r = parse_effects(m.group(2))
        if tg is None or r is None or tg.get("self") or tg.get("it"):
            return None
        tg.pop("each", None)
        return [{"op": "if", "cond": {"k": "none", "sel": tg}, "effects": r}]
    return NEXT


def _one_instruction(_match, t):
    r = single_effect(t)
    if r is not None:
        return r
    return NEXT


def _two_instructions_with_and(_match, t):
    if " and " in t:
        a, b = t.split(" and ", 1)
        ra = single_effect(a)
        if ra is not None and ra[-1]["op"] in ("move", "power", "to_hand", "to_deck_top", "send_home"):
            ra = None  # a trailing destination/duration ("... to this card's Problem") belongs to both parts
        if ra is not None:
            rb = single_effect(b) or single_effect(verb_of(a) + " " + b if verb_of(a) else b)
            if rb is not None:
                return ra + rb
    return NEXT


#: parse_effects's templates in the order they are tried (first match wins: the order is behaviour);
#: each (pattern matched at the start of ``t``, flags, builder); a builder without a pattern is
#: always tried; it returns NEXT to let the next template try, ``Rewrite(text)`` to go on with a
#: reworded text, else the result
EFFECT_TEMPLATES: tuple = (
    (None, 0, _sentence_groups),
    # "choose an opponent. That opponent chooses and discards a card" (two players: the opponent)
    (None, 0, _rewrite_choose_an_opponent_that),
    (None, 0, _flip_if_involved),
    (None, 0, _reveal_top),
    (None, 0, _start_faceoff),
    # "the Friend with power higher than any other Friend involved": at most one card fits (strictly higher)
    (None, 0, _rewrite_the_friend_power),
    (r"^you may (reveal the top card of your deck\. .+)$", re.I, _you_may_reveal_the_top_card),
    # 515.4 ignoring / removing flipped cards (the chooser is "you")
    (r"^choose one of each player's flipped cards\. Those players ignore those cards$", re.I, _choose_one_of_each_player_flipped),
    (r"^banish an opponent's flipped card$", re.I, _banish_an_opponent_flipped_card),
    (r"^(.+) if an opponent has more points than you$", re.I, _an_opponent_has_more_points_than),
    (r"^(.+?)\. At the end of the faceoff, (.+)$", 0, _at_the_end_of_the_faceoff),
    (r"^you may pay \[(\d+)\] less for (Events|Friends|Resources) until the end of the faceoff$", re.I, _you_may_pay_less_events_friends),
    (r"^lose all (?:of )?your action tokens$", re.I, _lose_all_of_your_action_tokens),
    (r"^(an? .+?) gets \+(\d+) power and (%s)(?: (\d+))? until the end of (?:the )?(faceoff|turn)$" % "|".join(GRANTABLE_KW), re.I, _an_gets_power_until_the_end),
    (r"^may (.+)$", 0, _may),
    # Spend (glossary): put a card from beneath this card into the discard pile
    (r"^you may spend a card from beneath (?:it|this card) to (.+)$", re.I, _you_may_spend_a_card_beneath),
    (r"^you may spend any number of cards from beneath this card to (score a point|gain \[1\]) for each card (?:you )?spent$", re.I, _you_may_spend_any_number_of),
    (r"^If you won a Problem faceoff by at least (\d+) power this turn, (.+)$", re.I, _you_won_a_problem_faceoff_by),
    (r"^all players lose (?:all )?their action tokens$", re.I, _all_players_lose_all_their_action),
    (r"^you may (.+?)\. If you do, (.+)$", re.I, _you_may_you_do),
    (r"^each player chooses a character involved in the faceoff\. Those characters have ([+-]\d+) power until the end of the faceoff$", re.I, _each_player_chooses_a_character_involved),
    (r"^you may put (a .+? token(?: with \w+)?), (a .+? token(?: with \w+)?),? or (a .+? token(?: with \w+)?) into play here$", re.I, _you_may_put_a_token_a),
    (r"^choose a Problem\. (Exhaust|Ready) each (character|Friend) there with (\d+) or less power\. If an opponent's Mane "
     r"Character is Boosted, \1 each \2 there with (\d+) or less power instead$", re.I, _choose_a_problem_exhaust_ready_each),
    (r"^choose a color\. This card loses its colors and becomes that color$", re.I, _choose_a_color_this_card_loses),
    (r"^you may exhaust this card to (choose [^.]+\. (?:It|That (?:character|Friend|card)) .+)$", re.I, _you_may_exhaust_this_card_to),
    (r"^(exhaust one of your characters at random) to (.+)$", re.I, _exhaust_one_of_your_characters_at),
    (r"^you may discard a card to (.+)$", re.I, _you_may_discard_a_card_to),
    (r"^(retire|exhaust|dismiss|banish) ((?:another )?one of your [^.,]+)\. If you do, (.+)$", re.I, _retire_exhaust_dismiss_banish_another_one),
    (r"^Choose (one|two): (.+)$", re.I, _choose_one_two),
    (r"^choose (.+?)\. (?:It|That (?:character|Friend|card)) (gets .+|has [+-]\d+ power until .+)$", re.I, _choose_it_that_character_friend_card),
    (r"^choose (.+?)\. (Move|Exhaust|Ready|Frighten|Unfrighten|Dismiss|Banish|Send|Put) (it|that (?:character|Friend|card|Troublemaker)) (.+)$", re.I, _choose_move_exhaust_ready_frighten_unfrighten),
    (r"^choose (.+?)\. (Move|Exhaust|Ready|Frighten|Unfrighten|Dismiss|Banish) (it|that (?:character|Friend|card|Troublemaker))$", re.I, _choose_move_exhaust_ready_frighten_unfrighten_2),
    (r"^put (an opposing Friend|an opponent's Friend|an opposing character) into its owner's hand, then that player discards a card$", re.I, _put_an_opposing_friend_an_opponent),
    (r"^each player may (.+)$", re.I, _each_player_may),
    (r"^each player (retires|dismisses|discards|draws|frightens|exhausts) (.+)$", re.I, _each_player_retires_dismisses_discards_draws),
    (None, 0, _event_sentence),
    (r"^If you have (.+?) or (.+?) involved in this faceoff, flip an additional card\. If you have \1 and \2 involved in this faceoff, flip 2 additional cards instead$", 0, _you_have_involved_this_faceoff_flip),
    (r"^During a faceoff, (.+)$", re.I, _during_a_faceoff),
    (r"^you may (.+?)\. If you do, (.+)$", re.I, _you_may_you_do_2),
    (None, 0, _rewrite_you_may_pay),
    (None, 0, _you_may_pay_exhaust_this_card),
    (r"^you may pay \[(\d+)\] to (.+)$", re.I, _you_may_pay_to),
    (r"^you may (?:pay \[(\d+)\] and )?(exhaust|frighten|retire|banish|dismiss) (.+?) to (.+)$", re.I, _you_may_pay_exhaust_frighten_retire),
    (r"^you may (.+)$", re.I, _you_may),
    (r"^([^,]+?) if you have (a|an) ((?:%s) (?:character|Friend))$" % "|".join(TRAITS), 0, _you_have_a_an_character_friend),
    (r"^if you have another (%s) (character|Friend), (.+)$" % "|".join(TRAITS), re.I, _you_have_another_character_friend),
    (r"^if a player has (\d+) or more points, (.+)$", re.I, _a_player_has_more_points),
    (r"^have (.+?) get ([+-]\d+ power.*)$", re.I, _have_get_power),
    (r"^that (Friend|character) and this card get ([+-]\d+) power" + UNTIL + "$", re.I, _that_friend_character_this_card_get),
    (r"^(your (?:other )?(?:characters|Friends)(?: [\w' ]+?)?) each get ([+-]\d+ power.*)$", re.I, _your_other_characters_friends_each_get),
    (r"^put (a|an|one|two|\d+) \+1 counters? on (.+)$", re.I, _put_a_an_one_two_counters),
    (r"^if a Friend left play this turn, (.+)$", re.I, _a_friend_left_play_this_turn),
    (r"^(dismiss|banish|frighten|exhaust) all opposing token Friends$", re.I, _dismiss_banish_frighten_exhaust_all_opposing),
    (r"^the cost of your next \[(%s)\] (Friend|Resource|Event) this turn is reduced by \[(\d+)\]$" % COLOR_RE, re.I, _the_cost_of_your_next_friend),
    (r"^pay \[(\d+)\] less for the next (%s) you play this turn$" % "|".join(TRAITS), 0, _pay_less_the_next_you_play),
    (r"^an opponent may (.+)$", re.I, _an_opponent_may),
    (None, 0, _send_the_watched_card_back),
    (r"^put a Troublemaker from your (hand|discard pile) into play face-up$", re.I, _put_a_troublemaker_your_hand_discard),
    (r"^search your deck for a Troublemaker and put it into play face-up$", re.I, _search_your_deck_a_troublemaker_put),
    (r"^ready a card$", re.I, _ready_a_card),
    (r"^replace another Problem$", re.I, _replace_another_problem),
    (r"^choose an opponent\. That opponent chooses and discards a card$", re.I, _choose_an_opponent_that_opponent_chooses),
    (r"^all players discard all the cards in their hands? then draw (?:3|three) cards$", re.I, _all_players_discard_all_the_cards),
    (None, 0, _the_card_that_left_play_to),
    (r"^look at the top (two|three|2|3) cards of (your|your opponent's|that Problem's|this card's Problem's) deck "
     r"and put them back in any order$", re.I, _look_at_the_top_two_three),
    (r"^look at the top card of your Problem deck and put it on the top or (?:the )?bottom of that deck$", re.I, _look_at_the_top_card_of),
    (r"^the next card you play (?:that|this) turn has its cost reduced by \[(\d+)\]$", re.I, _the_next_card_you_play_that),
    (r"^uncover (?:it|that card|that Troublemaker)$", re.I, _uncover_it_that_card_that_troublemaker),
    (r"^put the top card of each player's deck into that player's discard pile$", re.I, _put_the_top_card_of_each),
    (r"^search your discard pile for a card and put it on (?:the )?top of your deck$", re.I, _search_your_discard_pile_a_card),
    (None, 0, _if_templates),
    (r"^if you have (another|an?) \[(%s)\] ([^,]+), (.+)$" % COLOR_RE, re.I, _you_have_another_an),
    (r"^if you have (?:a|an|at least one) (?:(%s) )?(character|Friend|Troublemaker)( here| there| at that Problem| at this card's Problem)?, (.+)$" % "|".join(TRAITS), re.I, _you_have_a_an_at_least),
    (None, 0, _if_you_have_or_there_is),
    (r"^if there (?:are|is) no ([^,]+), (.+)$", re.I, _there_are_no),
    (None, 0, _one_instruction),
    (None, 0, _two_instructions_with_and),
)


def parse_effects(text: str) -> list[dict] | None:
    """A sentence of instructions -> list of effects, or None if not understood."""
    t = text.strip().rstrip(".").strip()
    if not t:
        return []
    return first_match(EFFECT_TEMPLATES, t)


# ------------------------------------------------------------------ the other small effect templates
# effect sentences (``parse_effects`` tries them after the cost and counter ones); tests
# tests/gameplay/test_engine_requirements_and_looks.py
SMALL_EFFECT_SENTENCES: list = [
    (r"^(exhaust this card and pay \[(\d+)\] to )?choose a character\. That character can't be moved until the end of the turn$",
     lambda m: ([{"op": "costs_ok", "tokens": int(m[2]), "self_ready": True}, {"op": "exhaust_self_cost"},
                 {"op": "pay", "n": int(m[2])}] if m[1] else [])  # both costs or neither (508.1d)
     + [{"op": "mark", "target": {"type": "character"}}, {"op": "card_no_move"}]),
    (r"^may exhaust that Mane Character to score an additional point$",
     lambda m: [{"op": "may", "effects": [{"op": "exhaust", "target": {"type": "Mane Character", "ctrl": "you", "state": "ready"},
                                           "cost": True}, {"op": "score", "n": 1, "who": "you"}]}]),
    (r"^put one of your flipped (cards|Troublemakers|Friends|Events|Resources) into your hand$",
     lambda m: [{"op": "flipped_to_hand", **({"type": m[1][:-1]} if m[1] != "cards" else {})}]),
    (r"^move this card home to score points equal to that Problem's bonus$", lambda m: [{"op": "home_score_bonus"}]),
    # "reveal the top card of your deck. If you do, and it's an Event, ..." (the reveal is the "you may" part)
    (r"^reveal the top card of your deck\. If you do, and it's an? (Friend|Event|Resource|Troublemaker), (.+)$",
     lambda m: parse_effects(f"reveal the top card of your deck. If it's a{'n' if m[1][0] in 'AEIOU' else ''} {m[1]}, {m[2]}")),
    # 509.5 reattach: the instructed player chooses the attachment, then another legal host (its "Play on ..." rule)
    (r"^reattach a Resource from one Friend to another$",
     lambda m: [{"op": "mark", "target": {"type": "Resource", "on": {"type": "Friend"}}}, {"op": "reattach_it", "by": "you"}]),
    (r"^reattach a Resource from one of your Friends to another one of your Friends$",
     lambda m: [{"op": "mark", "target": {"type": "Resource", "on": {"type": "Friend", "ctrl": "you"}}},
                {"op": "reattach_it", "by": "you", "to": {"type": "Friend", "ctrl": "you"}}]),
    (r"^choose a color to reduce the play requirement of the next card you play this turn by (\d+) of the chosen color$",
     lambda m: [{"op": "pick_color"}, {"op": "req_reduction", "n": int(m[1]), "color": "chosen", "until": "turn", "next": True}]),
    # private looks at the top of a deck (404.2): "put any number of them on top of your deck in any order and the rest
    # on the bottom of your deck in any order"; "a Problem deck ... put them back in any order" (either player's)
    (r"^look at the top (two|three|2|3) cards of your deck\. You may put any number of them on top of your deck in any "
     r"order and the rest on the bottom of your deck in any order$",
     lambda m: [{"op": "look_sort", "n": word_number(m[1]), "whose": "you", "pick": "top", "rest": "bottom_any"}]),
    (r"^look at the top (two|three|2|3) cards of a Problem deck and put them back in any order$",
     lambda m: [{"op": "look_sort", "n": word_number(m[1]), "whose": "choose", "deck": "pdeck", "pick": "none", "rest": "top"}]),
    # FF28: each card back on the top (in the order picked) or the bottom (then ordered too), as timed.py's
    # "put them on the top-or-bottom of that deck in any order"
    (r"^look at the top (two|three|2|3) cards of a Problem deck and put them back on the top or bottom of that deck in any order$",
     lambda m: [{"op": "look_sort", "n": word_number(m[1]), "whose": "choose", "deck": "pdeck", "pick": "top", "rest": "bottom_any"}]),
    # "another card": not this card, which just went to the discard pile (410.6a, the leaves trigger's "new")
    (r"^put another card from your discard pile into your hand$", lambda m: [{"op": "disc_to_hand_other", "type": "card"}]),
]


def _small_effect_sentences(t: str) -> list[dict] | None:
    m = re.match(r"^you may (.+)$", t, re.I)
    if m:
        r = _small_effect_sentences(m.group(1))
        return None if r is None else [{"op": "may", "effects": r}]
    for pat, fn in SMALL_EFFECT_SENTENCES:
        m = re.match(pat, t, re.I)
        if m:
            return fn(m)
    return None


SMALL_EFFECT_SENTENCES.extend(ABILITY_AND_POWER_EFFECTS)  # issue #19's sentences, tried after every older one
set_effect_grammar(parse_effects)
