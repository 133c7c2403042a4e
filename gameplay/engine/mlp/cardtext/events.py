"""Event and "each player" sentences tried before sequences are split (``event_sentences``)."""
from __future__ import annotations

from typing import Any

from .nested import parse_effects
from .single import single_effect
from .targets import parse_target
from .templates import NEXT, first_match
from .vocab import UNTIL, re, until_word, word_number


_PLAYERS_VERBS = {"shuffles": "shuffle", "draws": "draw", "discards": "discard", "puts": "put"}


def _each_player_text(rest: str) -> str:
    """"their hands into their decks" -> "your hand into your deck" (each player follows it as "you")."""
    rest = re.sub(r"\b(shuffles|draws|discards|puts)\b", lambda m_: _PLAYERS_VERBS[m_.group(1)], rest)
    rest = re.sub(r"\btheir (hand|deck|discard pile)s\b", r"your \1", rest)
    return re.sub(r"\btheir\b", "your", rest)


def _each_player_does(m, t):
    if ". " not in m.group(1) and not re.search(r"\b(?:opponent|another player|their opponent|chooses?|may)\b", m.group(1)):
        r = parse_effects(_each_player_text(m.group(1)))
        if r is not None and all(e_["op"] in ("draw", "discard", "shuffle_into_deck", "search") and e_.get("who", "you") == "you" for e_ in r):
            return [{"op": "each_player", "effects": r}]
    return NEXT


def _put_a_an_one_two_three(m, t):
    # SB106: "... then exhaust an opposing character with less power than that Friend"
    r = single_effect(m.group(1))
    if r is not None and len(r) == 1:
        return r + [{"op": m.group(2).lower(), "target": {"type": m.group(3), "ctrl": "opp", "lt_it_power": True}}]
    return NEXT


def _have_each_player_an_even_odd(m, t):
    return [{"op": "each_player", "effects": [{"op": "if", "cond": {"k": "tokens_parity", "even": m.group(1).lower() == "even"},
                                                "effects": [{"op": "gain", "n": int(m.group(2))}]}]}]


def _move_one_of_your_characters_one(m, t):
    # one (different) character to each Problem, one Problem after the other
    tg = parse_target(m.group(1))
    return [{"op": "move_to_each", "target": {**tg, "fresh": True}}]


def _move_a_one_friend_character_you(m, t):
    typ = (m.group(2) or m.group(3)).rstrip("s")
    cnt = {"k": "own_colors"} if m.group(2) else {"k": "opp_tokens"}
    # "a number of your Friends up to N": N different Friends, each optional; "a Friend ... for each
    # color": the instruction repeated (the same Friend may be chosen again)
    tg = {"type": typ, "ctrl": "you", **({"optional": True, "fresh": True} if m.group(3) else {})}
    return [{"op": "repeat", "count": cnt, "effects": [{"op": "move", "target": tg, "to": "choose"}]}]


def _move_one_of_your_characters_one_2(m, t):
    return [{"op": "move", "target": {"type": "character", "ctrl": "you"}, "to": "choose"},
            {"op": "move", "target": {"type": "character", "ctrl": "opp"}, "to": "choose"}]


def _look_at_the_top_two_three(m, t):
    return [{"op": "reorder_top", "n": word_number(m.group(1))}]


def _choose_an_opponent_friend_to_get(m, t):
    # PR110
    return [{"op": "mark", "target": {"type": "Friend", "ctrl": "opp"}},
            {"op": "power", "n": int(m.group(1)), "target": {"it": True}, "until": "turn"},
            {"op": "if", "cond": {"k": "it_power_at_most", "n": 0}, "effects": [{"op": "dismiss", "target": {"it": True}}]}]


def _you_have_power_during_faceoffs(m, t):
    r = parse_effects(m.group(2))
    return None if r is None else [{"op": "fo_plus", "n": int(m.group(1)), "until": "turn"}] + r


def _exhaust_each_opposing_character_turn_this(m, t):
    # SB2: only the characters this effect exhausted keep the "no ready" mark
    return [{"op": "exhaust", "target": {"type": "character", "ctrl": "opp", "each": True, "state": "ready"}, "no_ready": True},
            {"op": "turn_over"}]


def _choose_a_color_put_a_power(m, t):
    # DE127
    return [{"op": "pick_color"}, {"op": "token", "power": int(m.group(1)), "color": "chosen", "traits": [m.group(2)], "at": "home"}]


def _look_at_the_top_card_of(_match, t):
    return [{"op": "look_top", "n": 1, "whose": "choose", "zone": "pdeck"}]


def _look_at_the_top_card_of_2(m, t):
    # LL101
    r = [{"op": "look_top", "n": 1, "whose": "you"}, {"op": "look_top", "n": 1, "whose": "opp"}]
    if m.group(1):
        r.append({"op": "if", "cond": {"k": "points_at_least", "n": int(m.group(1))},
                  "effects": [{"op": "may", "effects": [{"op": "draw", "n": 1, "who": "you"}]}]})
    return r


def _banish_a_friend_then_put_that(_match, t):
    return [{"op": "banish", "target": {"type": "Friend"}, "keep": True}, {"op": "return_gone"}]


def _choose_one_of_your_friends_an(m, t):
    return [{"op": "exchange_control", "mine": {"type": "Friend", "ctrl": "you"}, "theirs": {"type": "Friend", "ctrl": "opp"},
             "until": until_word(m.group(1))}]


def _choose_one_of_your_friends_at(m, t):
    return [{"op": "exchange_control", "mine": {"type": "Friend", "ctrl": "you", "at": "problem"},
             "theirs": {"type": "Friend", "ctrl": "you"}, "theirs_by": "opp", "same_area": True, "until": until_word(m.group(1))}]


def _look_at_the_bottom_two_cards(_match, t):
    return [{"op": "bottom_pick", "n": 2}]


def _look_at_the_top_three_cards(_match, t):
    return [{"op": "top_split"}]


def _frighten_a_friend_a_player_has(m, t):
    # LL99: the alternative is offered only when the condition holds
    return [{"op": "if", "cond": {"k": "points_at_least", "n": int(m.group(1))},
             "effects": [{"op": "choose_modes", "n": 1, "labels": ["frighten a Friend", "dismiss a frightened Friend"],
                          "modes": [[{"op": "frighten", "target": {"type": "Friend"}}],
                                    [{"op": "dismiss", "target": {"type": "Friend", "state": "frightened"}}]]}],
             "else": [{"op": "frighten", "target": {"type": "Friend"}}]}]


def _play_a_troublemaker_free(m, t):
    # 609.2c without its cost: face-down at a Problem, and it is "played"
    return [{"op": "tm_into_play", "zone": "hand", "face_up": False, "at": "choose", "played": True}]


def _look_at_a_face_down_troublemaker(m, t):
    # private (505.1d); without "here" any Problem's
    return [{"op": "look_fd_tm", "at": "here"} if m.group(1) else {"op": "look_fd_tm", "any": True}]


def _one_of_your_friends_one_of(m, t):
    # EO140: counted as the effect resolves
    tg = parse_target(m.group(1))
    return [{"op": "power", "n": 0, "per_at_it": {"type": m.group(3).rstrip("s"), "ctrl": "you", "n": int(m.group(2))},
             "target": tg, "until": "turn"}]


def _banish_a_an_non_friend_card(_match, t):
    return single_effect(t)


def _choose_an_friend_character_troublemaker_resource(m, t):
    tg = parse_target(m.group(1))
    if tg is not None and set(tg) == {"type"}:
        return [{"op": "mark", "target": tg},
                {"op": m.group(2).lower(), "target": {"type": m.group(3), "each": True, "not_chosen": True}}]
    return NEXT


def _put_a_number_of_power_counters(m, t):
    tg = parse_target(m.group(1))
    if tg is not None:
        return [{"op": "counters", "n": 0, "n_power": True, "counter": "+1", "target": tg}]
    return NEXT


def _choose_a_color_has_power_has(m, t):
    tg = parse_target(m.group(1))
    if tg is not None and not tg.get("each") and not tg.get("self"):
        return [{"op": "pick_color"}, {"op": "mark", "target": tg},
                {"op": "power", "n": int(m.group(2)), "target": {"it": True}, "until": m.group(3)},
                {"op": "add_color", "color": "chosen", "target": {"it": True}, "until": m.group(3)}]
    return NEXT


def _choose_an_character_friend_a_color(m, t):
    tg = parse_target(m.group(1))
    if tg is not None:
        return [{"op": "mark", "target": tg}, {"op": "pick_color"},
                {"op": "add_color", "color": "chosen", "target": {"it": True}, "until": m.group(2)}]
    return NEXT


def _choose_a_color_this_card_that(m, t):
    return [{"op": "pick_color"},
            {"op": "add_color", "color": "chosen", "target": {"self": True} if m.group(1) == "This card" else {"host": True},
             "until": m.group(2)}]


def _add_its_that_friend_that_character(m, t):
    tg = parse_target(m.group(2))
    if tg is not None and not tg.get("each"):
        # "its": the card a cost exhausted ("Exhaust another one of your characters ... to add its
        # power"), else this card ("Exhaust this card to add its power")
        frm = "self" if m.group(1).lower() in ("this card's",) else "its" if m.group(1).lower() == "its" else "it"
        if frm in ("it", "its") and tg.get("other") and not tg.get("self"):
            tg = {**{k: v for k, v in tg.items() if k != "other"}, "not_chosen": True}  # "another" than that card
        return [{"op": "power", "n": 0, "n_from": frm, "target": tg, "until": "turn"}]
    return NEXT


def _add_an_power_to_until_the(m, t):
    src_tg, tg = parse_target(m.group(1)), parse_target(m.group(2))
    if src_tg is not None and tg is not None and not src_tg.get("each") and not tg.get("each"):
        return [{"op": "mark", "target": src_tg}, {"op": "power", "n": 0, "n_from": "it", "target": tg, "until": "turn"}]
    return NEXT


def _move_your_mane_character_one_of(m, t):
    r = single_effect(m.group(1))
    if r is not None and len(r) == 1 and r[0]["op"] == "move":
        return r + [{"op": "power", "n": int(m.group(2)), "target": {"it": True}, "until": "turn"}]
    return NEXT


def _draw_a_card_each_action_token(_match, t):
    return [{"op": "draw_per", "count": "opp_tokens", "then_discard": True}]


def _look_at_an_opponent_hand_you(m, t):
    return [{"op": "look_hand", "whose": "opp", "filter": {}, "to": "deck_top", "optional": True}]


def _look_at_a_player_hand_choose(m, t):
    flt: dict[str, Any] = {"min_printed": int(m.group(1))} if m.group(1) else {"type": m.group(2)}
    e = {"op": "look_hand", "whose": "choose", "filter": flt, "to": "disc"}
    if m.group(3):
        e["any_if_points"] = int(m.group(4))
    return [e]


def _choose_a_problem_opponents_you_players(m, t):
    if m.group("until") in (None, "turn"):
        return [{"op": "confront_mod", "n": int(m.group(2)), "who": {"opponents": "opp", "you": "you"}.get(m.group(1).lower(), "all"),
                 "problem": "choose", "until": "turn"}]
    return NEXT


def _choose_a_troublemaker_here_that_troublemaker(m, t):
    return [{"op": "mark", "target": {"type": "Troublemaker", "at": "here"}},
            {"op": "confront_mod", "who": "you", "tm_ok": "it", "until": "turn"}]


#: event_sentences's templates in the order they are tried (first match wins: the order is behaviour);
#: each (pattern matched at the start of ``t``, flags, builder); a builder without a pattern is
#: always tried; it returns NEXT to let the next template try, ``Rewrite(text)`` to go on with a
#: reworded text, else the result
EVENT_TEMPLATES: tuple = (
    # "... have all players draw a card, then discard a card" (flavor verbs: "do a little dance and")
    (r"^(?:(?:do a little dance|tell a joke|sing a song) and )?(?:have )?(?:all players|each player) (.+)$", re.I, _each_player_does),
    (r"^(put (?:a|an|one|two|three|\d+) \+1 power counters? on (?:one of your Friends|one of your characters|a Friend|a character)), then (exhaust|frighten|dismiss) an opposing (character|Friend) with less power than that (?:Friend|character)$", re.I, _put_a_an_one_two_three),
    (r"^(?:have )?each player with an (even|odd) number of action tokens gains? \[(\d+)\]$", re.I, _have_each_player_an_even_odd),
    (r"^move (one of your characters|one of your Friends) to each Problem$", re.I, _move_one_of_your_characters_one),
    (r"^move (a|one) (Friend|character) you control for each color this card has$|^move a number of your (Friends|characters) up to the number of action tokens your opponent has$", re.I, _move_a_one_friend_character_you),
    (r"^move one of your characters and one of an opponent's characters$", re.I, _move_one_of_your_characters_one_2),
    (r"^look at the top (two|three|four|five|\d+) cards of your deck and put them back in any order$", re.I, _look_at_the_top_two_three),
    (r"^choose an opponent's Friend to get (-\d+) power until the end of the turn\. If it has 0 power or less, dismiss it$", re.I, _choose_an_opponent_friend_to_get),
    (r"^you have \+(\d+) power during [Ff]aceoffs this turn\. (.+)$", re.I, _you_have_power_during_faceoffs),
    (r"^exhaust each opposing character and turn this card over\. Characters exhausted this way do not ready during their controller's next Ready Phase$", re.I, _exhaust_each_opposing_character_turn_this),
    (r"^choose a color and put a (\d+) power colorless ([A-Z][a-z]+) Friend token with that color into play$", re.I, _choose_a_color_put_a_power),
    (r"^look at the top card of a Problem deck and put it on the top or bottom of that deck$", re.I, _look_at_the_top_card_of),
    (r"^look at the top card of each player's deck, then put each card on the top or bottom of its owner's deck"
     r"(?:\. If a player has (\d+) or more points, you may draw a card)?$", re.I, _look_at_the_top_card_of_2),
    (r"^banish a Friend, then put that Friend into play$", re.I, _banish_a_friend_then_put_that),
    (r"^choose one of your Friends and an opposing Friend\. Exchange control of those Friends until the end of the (Score Phase|turn)$", re.I, _choose_one_of_your_friends_an),
    (r"^choose one of your Friends at a Problem\. Your opponent chooses one of their Friends at that Problem\. "
     r"Exchange control of those Friends until the end of the (Score Phase|turn)$", re.I, _choose_one_of_your_friends_at),
    (r"^look at the bottom (?:2|two) cards of your deck\. You may put (?:1|one) of them on top of your deck$", re.I, _look_at_the_bottom_two_cards),
    (r"^look at the top three cards of your deck\. Put one into your hand, one on top of your deck, and one on the bottom of your deck$", re.I, _look_at_the_top_three_cards),
    (r"^frighten a Friend\. If a player has (\d+) or more points, you may dismiss a frightened Friend instead$", re.I, _frighten_a_friend_a_player_has),
    (r"^(?:play a Troublemaker for free)$", re.I, _play_a_troublemaker_free),
    (r"^look at a face-down Troublemaker( at its Problem| here)?$", re.I, _look_at_a_face_down_troublemaker),
    (r"^(one of your Friends|one of your characters) gets \+(\d+) power for each of your other (Friends|characters) at its Problem until the end of the turn$", re.I, _one_of_your_friends_one_of),
    (r"^banish (?:a|an) (?:non-Friend )?(?:card|Event|Friend|Troublemaker|Resource) from (?:a|your) discard pile\. If you do, ", re.I, _banish_a_an_non_friend_card),
    (r"^choose (an? (?:Friend|character|Troublemaker|Resource))\. (Banish|Dismiss|Exhaust|Frighten) each other (Friend|character|Troublemaker|Resource)$", re.I, _choose_an_friend_character_troublemaker_resource),
    (r"^put a number of \+1 power counters on (one of your Friends|one of your characters|a Friend|a character) equal to that (?:Friend|character)'s power$", re.I, _put_a_number_of_power_counters),
    # "Choose a color. One of your characters has +2 power and has that color until the end of the turn."
    (r"^choose a color\. (.+?) has ([+-]\d+) power and has that color until the end of the (turn|phase)$", re.I, _choose_a_color_has_power_has),
    (r"^choose (an? (?:character|Friend)) and a color\. That (?:character|Friend) is also that color until the end of the (turn|phase)$", re.I, _choose_an_character_friend_a_color),
    (r"^choose a color\. (This card|That Friend|That character) (?:gains|has|is also) that color until the end of the (turn|phase)$", re.I, _choose_a_color_this_card_that),
    # "add X's power to Y until the end of the turn" (the amount is fixed as the effect resolves)
    (r"^add (its|that Friend's|that character's|this card's) power to (?:the power of )?(.+?)(?:'s power)? until the end of the turn$", re.I, _add_its_that_friend_that_character),
    (r"^add (an? .+?)'s power to (.+?) until the end of the turn$", re.I, _add_an_power_to_until_the),
    (r"^(move (?:your Mane Character|one of your characters|one of your Friends|a character|a Friend)) and it gets ([+-]\d+) power until the end of the turn$", re.I, _move_your_mane_character_one_of),
    (r"^draw a card for each action token your opponent has, then discard the same number of cards$", re.I, _draw_a_card_each_action_token),
    (r"^look at an opponent's hand\. You may choose a card from it and put that card on top of that opponent's deck$", re.I, _look_at_an_opponent_hand_you),
    (r"^look at a player's hand and choose (?:a card with (\d+) or more printed power|an? (Event|Friend|Resource|Troublemaker))\. "
     r"That player discards that card(\. If a player has (\d+) or more points, choose any card instead)?$", re.I, _look_at_a_player_hand_choose),
    (r"^choose a Problem\. (Opponents|You|Players) need ([+-]\d+) power to confront that Problem" + UNTIL + "$", re.I, _choose_a_problem_opponents_you_players),
    (r"^choose a Troublemaker here\. That Troublemaker does not prevent you from confronting its Problem until the end of the turn$", re.I, _choose_a_troublemaker_here_that_troublemaker),
)


def event_sentences(t: str) -> list[dict] | None:
    """Whole-sentence templates of Events and activated abilities that must be matched before a
    text is split into its sentences (they refer back: "that card", "the same number")."""
    return first_match(EVENT_TEMPLATES, t)
