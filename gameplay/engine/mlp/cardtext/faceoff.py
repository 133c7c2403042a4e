"""Faceoffs and flipping (514, 515, 707.4): revealing, effect-started faceoffs, faceoff statics."""
from __future__ import annotations

from typing import Any

from .nested import parse_effects
from .statics import parse_static_power, static_selector
from .targets import parse_target
from .templates import NEXT, first_match
from .vocab import TRAITS, re
_REVEAL_IT = (  # what happens to "it", the revealed card (it stays on top of the deck otherwise)
    (r"^(?:you )?(?:put it into (?:your|their) hand|draw it)$", "hand"),
    (r"^(?:you )?put it (?:into|in) (?:your|their|the) discard pile$", "disc"),
    (r"^(?:you )?put it into play$", "play"),
    (r"^(?:you )?banish it$", "ban"),
)


def _reveal_branch(text: str) -> list[dict] | None:
    """Effects of a reveal branch; instructions about "it" move the revealed card."""
    t = text.strip().rstrip(".")
    may = re.match(r"^you may (.+)$", t, re.I)
    body = may.group(1) if may else t
    for pat, to in _REVEAL_IT:
        if re.match(pat, body, re.I):
            e = [{"op": "revealed", "to": to}]
            return [{"op": "may", "effects": e}] if may else e
    if re.search(r"\bit\b|\bthat card\b", t):
        return None
    return parse_effects(t)


def parse_reveal_top(t: str) -> list[dict] | None:
    """515.1-style public reveal: "Reveal the top card of your deck. If <condition>, <effects>[.
    Otherwise, <effects>]" -> [{"op": "reveal_top", ...}]; [] when the text starts so but is not
    understood (the caller then gives up), None when it is another text."""
    m = re.match(r"^reveal the top card of (your|an opponent's) deck\. (.+)$", t, re.I)
    if not m:
        return None
    whose, rest = ("you" if m.group(1).lower() == "your" else "opp"), m.group(2)
    ty = r"(Friend|Event|Resource|Troublemaker)"
    cond = None
    for pat, fn in (
            (r"^If you reveal an? %s this way, " % ty, lambda x: {"type": x.group(1)}),
            (r"^If it's an? %s, " % ty, lambda x: {"type": x.group(1)}),
            (r"^If that card is an? %s, " % ty, lambda x: {"type": x.group(1)}),
            (r"^If that card's (?:printed )?power is (even|odd), ", lambda x: {"parity": x.group(1)}),
            (r"^If the printed power of that card is (\d+) or (less|more), ",
             lambda x: {"max_pp" if x.group(2) == "less" else "min_pp": int(x.group(1))})):
        mm = re.match(pat, rest)
        if mm:
            cond, rest = fn(mm), rest[mm.end():]
            break
    if cond is None:
        return []
    then_, else_ = rest, None
    mo = re.match(r"^(.+?)\. Otherwise, (.+)$", rest)
    if mo:
        then_, else_ = mo.group(1), mo.group(2)
    a = _reveal_branch(then_)
    b = _reveal_branch(else_) if else_ is not None else []
    if a is None or b is None:
        return []
    if whose == "opp" and any(x["op"] == "revealed" and x["to"] != "ban" or
                              x["op"] == "may" and x["effects"][0]["op"] == "revealed" and x["effects"][0]["to"] != "ban"
                              for x in a + b):
        return []  # only banishing an opponent's revealed card is handled (it goes to its owner's zone)
    return [{"op": "reveal_top", "whose": whose, "cond": cond, "then": a, "else": b}]


_FO_MINE = {"this card": {"self": True}, "one of your Friends": {"type": "Friend", "ctrl": "you"},
            "your Mane Character": {"type": "Mane Character", "ctrl": "you"},
            "one of your characters": {"type": "character", "ctrl": "you"}}
_FO_THEIRS = {"an opposing Friend": {"type": "Friend", "ctrl": "opp"},
              "an opposing Friend or Troublemaker": {"type": "card", "types": ["Friend", "Troublemaker"], "ctrl": "opp"},
              "an opposing character": {"type": "character", "ctrl": "opp"},
              "an opponent's Friend with equal or greater power": {"type": "Friend", "ctrl": "opp", "ge": True}}
_THIRD = {"scores": "score", "gains": "gain", "draws": "draw", "discards": "discard", "dismisses": "dismiss",
          "puts": "put", "banishes": "banish", "moves": "move"}


def _winner_effects(text: str) -> list[dict] | None:
    """"[may ]<verb>s ..." said of the winner / loser of a faceoff -> effects with that player as "you";
    "for each of their characters involved in the faceoff" repeats them."""
    t = text.strip().rstrip(".")
    t = re.sub(r"^(may )?(\w+)\b", lambda m_: (m_.group(1) or "") + _THIRD.get(m_.group(2), m_.group(2)), t)
    t = re.sub(r"\btheir\b", "your", t)
    t = re.sub(r"\bthey control\b", "you control", t)
    t = re.sub(r" that was involved\b", " involved in the faceoff", t)
    per = None
    m = re.match(r"^(.+?) for each of your (characters|Friends) involved in (?:the|that) faceoff$", t)
    if m:
        per = {"type": "character" if m.group(2) == "characters" else "Friend", "ctrl": "you", "at": "faceoff"}
        t = re.sub(r"^(may )?(\w+) a\b", r"\1\2 a", m.group(1))
    if t.startswith("may "):
        r = parse_effects("you may " + t[4:])
    else:
        r = parse_effects(t)
    if r is None:
        return None
    return [{"op": "per", "sel": per, "effects": r}] if per else r


def parse_start_faceoff(t: str) -> list[dict] | None:
    """514.2c / 514.5d / 707.4: "Start a faceoff involving <yours> and <theirs>. <outcome>" ->
    [{"op": "start_fo", ...}]; [] when it starts so but is not understood, None for other texts."""
    m = re.match(r"^start a faceoff involving (.+?) and (.+?)\. (.+)$", t, re.I)
    if not m:
        return None
    a, b, rest = m.group(1), m.group(2), m.group(3)
    e: dict[str, Any] = {"op": "start_fo"}
    if a == "your characters at a Problem" and re.match(r"^an opponent's characters (?:there|at that Problem)$", b):
        e["area"] = True  # everyone's characters at one Problem are involved (514.2d, continuously)
    elif a in _FO_MINE and b in _FO_THEIRS:
        e["mine"], e["theirs"] = dict(_FO_MINE[a]), dict(_FO_THEIRS[b])
    else:
        return []
    for sent in re.split(r"(?<=\.) (?=[A-Z])", rest.strip()):
        sent = sent.rstrip(".")
        mm = re.match(r"^If you win(?: the faceoff)?, (.+)$", sent)
        if mm and "mine" in e:
            body = re.sub(r"\bthat opposing (?:Friend|character|card)\b", "that Friend", mm.group(1))
            r = parse_effects(body)
            if r is None:
                return []
            e["win"] = r  # the starter wins: "that opposing Friend" is the opposing card (it)
            continue
        mm = re.match(r"^The (winner|loser)(?: of (?:the|that) faceoff)? (.+)$", sent)
        if mm:
            r = _winner_effects(mm.group(2))
            if r is None:
                return []
            e[mm.group(1)] = r
            continue
        mm = re.match(r"^At the end of the faceoff, the loser (dismisses|puts) one of their Friends that was involved( into its owner's hand)?$", sent)
        if mm and "mine" in e and e["mine"].get("type") == "Friend":
            # one Friend of each player is involved: "one of their Friends that was involved" is that one
            e["loser_end"] = [{"op": "dismiss" if mm.group(1) == "dismisses" and not mm.group(2) else "to_hand", "target": {"it": True}}]
            if mm.group(1) == "puts" and not mm.group(2):
                return []
            continue
        return []
    return [e]
def _fo_kind(word: str | None) -> str | bool:
    """"Troublemaker" / "Problem" faceoffs -> the faceoff type a static ability is limited to."""
    return {"Troublemaker": "tm", "Problem": "problem"}.get((word or "").strip(), True)


_FACEOFFS = r"(?:(Troublemaker|Problem) )?faceoffs"  # "faceoffs", "Troublemaker faceoffs", "Problem faceoffs"


def _flip_count(_match, body, card_type):
    for pat, who, scope in (
            (r"^(?:You flip an additional card during %s|Flip an additional card during %s)$" % (_FACEOFFS, _FACEOFFS), "you", "any"),
            (r"^During %s here, flip an additional card$" % _FACEOFFS, "you", "here"),
            (r"^Opponents flip (\d+) fewer cards? during %s involving this card$" % _FACEOFFS, "opp", "involved"),
            (r"^During %s involving this card, players flip (\d+) fewer cards?$" % _FACEOFFS, "each", "involved"),
            (r"^During %s involving this card, your opponent flips an additional card$" % _FACEOFFS, "opp", "involved")):
        m = re.match(pat, body)
        if m:
            g = [x for x in m.groups() if x is not None]
            n = -int(next(x for x in g if x.isdigit())) if "fewer" in body else 1
            kind = next((x for x in g if not x.isdigit()), None)
            return {"op": "flip_mod", "n": n, "who": who, "scope": scope, "fo": _fo_kind(kind)}
    return NEXT


def _during_faceoffs_here_the_player_the(m, body, card_type):
    # "the most": more than any other player
    if m.group(3):
        return {"op": "fo_bonus", "n": int(m.group(3)), "scope": "here", "fo": True, "who": "most", "trait": m.group(1)}
    return {"op": "flip_mod", "n": 1, "who": "most", "trait": m.group(1), "scope": "here", "fo": True}


def _players_at_least_characters_at_this(m, body, card_type):
    return {"op": "fo_bonus", "n": int(m.group(3)), "scope": "here", "fo": True, "who": "at_least", "trait": m.group(2), "min": int(m.group(1))}


def _during_faceoffs_here_you_have_power(m, body, card_type):
    cnt = parse_target("each your " + m.group(2))
    if cnt is None or not cnt.get("each") or set(cnt) - {"type", "ctrl", "each", "trait", "color"}:
        return None
    cnt = {k: v for k, v in cnt.items() if k != "each"}
    return {"op": "fo_bonus", "n": int(m.group(1)), "scope": "here", "fo": True, "per": cnt}


def _you_have_power_during_faceoffs_each(m, body, card_type):
    return {"op": "fo_bonus", "n": int(m.group(1)), "scope": "any", "fo": True, "per": {"k": "att_involved"}}


def _a_player_loses_a_faceoff_involving(m, body, card_type):
    if (m.group(1) == "this card" or card_type == "Resource"):
        return {"op": "fo_send_replace", "target": "self" if m.group(1) == "this card" else "host",
                "verb": "retired" if m.group(2) == "retire" else "dismissed"}
    return NEXT


def _you_have_power_during_here(m, body, card_type):
    # 514.4a "any modifiers modifying that player's power total"
    return {"op": "fo_bonus", "n": int(m.group(1)), "scope": "here" if m.group(3) else "any", "fo": _fo_kind(m.group(2))}


def _your_flipped_cards_have_power(m, body, card_type):
    return {"op": "flip_power", "n": int(m.group(1))}


def _your_flipped_cards_have_power_each(m, body, card_type):
    return {"op": "flip_power", "n": int(m.group(1)), "per_counter": m.group(2)}


def _during_faceoffs_involving_this_card_this(m, body, card_type):
    return {"op": "flip_mod", "n": 1, "who": "you", "scope": "involved", "fo": True, "beneath": int(m.group(1))}


def _involved_a_faceoff_this_card_has(m, body, card_type):
    return {"op": "power_per_beneath", "n": int(m.group(1)), "cond": {"k": "faceoff"}}


def _during_problem_faceoffs_involving_this_card(_match, body, card_type):
    return {"op": "ignore_highest", "fo": "problem"}  # 515.4 continuously: their highest flipped card adds nothing


def _opponents_flip_fewer_cards_during_faceoffs(m, body, card_type):
    return {"op": "flip_mod", "n": -int(m.group(1)), "who": "opp", "scope": "any", "fo": True,
            "cond": {"k": "opp_inv_power", "n": int(m.group(2))}}


def _during_troublemaker_problem_faceoffs_involving_this(m, body, card_type):
    return {"op": "flip_mod", "n": 1, "who": "you", "scope": "involved", "fo": _fo_kind(m.group(1)),
            "cond": {"k": "inv_with", "n": int(m.group(2)), "trait": m.group(3), "type": "Friend" if m.group(4) == "Friends" else "character"}}


def _at_least_of_your_friends_characters(m, body, card_type):
    return {"op": "flip_mod", "n": 1, "who": "you", "scope": "any", "fo": True,
            "cond": {"k": "fo_area_with", "n": int(m.group(1)), "color": m.group(2), "type": "Friend" if m.group(3) == "Friends" else "character"}}


def _mane_characters_can_t_be_involved(_match, body, card_type):
    return {"op": "no_mane_fo"}


def _opposing_flipped_cards_lose_can_t(_match, body, card_type):
    return {"op": "flip_no_abilities"}  # their Chaos abilities don't work (515)


def _this_card_cutie_marked_it_has(m, body, card_type):
    return {"op": "flip_mod", "n": 1, "who": "you", "scope": "involved", "fo": True, "cond": {"k": "cutie"}}


def _you_have_more_characters_here_than(m, body, card_type):
    return {"op": "flip_mod", "n": -int(m.group(1)), "who": "opp", "scope": "here", "fo": True, "cond": {"k": "more_chars_here"}}


def _the_player_the_lowest_power_total(_match, body, card_type):
    return {"op": "lowest_wins"}


def _opponents_can_t_play_troublemakers_here(_match, body, card_type):
    return {"op": "no_opp_tm_here"}


def _opponents_pay_to_play_cards_during(m, body, card_type):
    return {"op": "fo_play_tax", "n": int(m.group(1)), **({"involving": True} if m.group(2) else {})}


def _opponents_can_t_play_cards_during(_match, body, card_type):
    return {"op": "fo_no_play", "involving": True}


def _an_opponent_mane_character_boosted_that(_match, body, card_type):
    return {"op": "fo_no_play_mane"}


def _during_faceoffs_here_the_player_the_2(m, body, card_type):
    return {"op": "fo_play_tax", "n": -int(m.group(2)), "who": "most", "trait": m.group(1), "scope": "here", "type": "Event"}


def _a_card_flipped_a_problem_faceoff(_match, body, card_type):
    return {"op": "flip_to_disc"}


def _involved_a_faceoff_that_friend_character(m, body, card_type):
    if card_type == "Resource":
        return {"op": "power", "n": int(m.group(2)), "target": "host", "cond": {"k": "host_involved"}}
    return NEXT


def _characters_here_power_less_than_equal(_match, body, card_type):
    return {"op": "no_contrib", "what": "faceoff", "target": {"type": "character", "at": "here", "not_boosted": True}}


def _during_your_turn_during_your_opponent(m, body, card_type):
    subj = m.group(2)
    if subj == "This card" or subj == "this card":
        tg: Any = "self"
    elif re.match(r"^That (?:character|Friend)$", subj) and card_type == "Resource":
        tg = "host"
    else:
        sm = re.match(r"^(.+?) with (\d+) or less printed power$", subj)
        tg = static_selector(sm.group(1) if sm else subj)
        if tg is None or tg.get("self"):
            return None
        if sm:
            tg["max_printed"] = int(sm.group(2))
    d: dict[str, Any] = {"op": "no_contrib", "what": "faceoff" if m.group(3) == "faceoffs" else "confront", "target": tg}
    if m.group(1):
        d["cond"] = {"k": "your_turn" if m.group(1) == "During your turn" else "opp_turn"}
    if m.group(4):
        d["involving"] = True
    return d


def _players_can_t_score_points_during(_match, body, card_type):
    return {"op": "no_score_fo"}


def _involved_a_troublemaker_problem_faceoff_this(m, body, card_type):
    return {"op": "power", "n": int(m.group(2)), "target": "self", "cond": {"k": "faceoff", "fo": _fo_kind(m.group(1))}}


def _has_have_gets_get_each_get(m, body, card_type):
    tg = static_selector(m.group(1))
    if tg is None or tg.get("self") or tg.get("this_friend"):
        return None
    d = {"op": "power", "n": int(m.group(2)), "target": tg}
    if "while involved" in body:
        tg["inv"] = True  # only while that card is involved (514.2d, checked continuously)
    else:
        d["fo_only"] = _fo_kind(m.group(3))
    return d


def _during_faceoffs_this_card_has_each(m, body, card_type):
    d = parse_static_power(m.group(1))
    if d is not None and d.get("op") == "power_per":
        d["fo_only"] = True
        return d
    return NEXT


#: parse_static_faceoff's templates in the order they are tried (first match wins: the order is behaviour);
#: each (pattern matched at the start of ``body``, flags, builder); a builder without a pattern is
#: always tried; it returns NEXT to let the next template try, ``Rewrite(text)`` to go on with a
#: reworded text, else the result
FACEOFF_STATIC_TEMPLATES: tuple = (
    # 514.3a flip count: {"n", "who": you|opp|each, "scope": any|here|involved, "fo": True|tm|problem}
    (None, 0, _flip_count),
    (r"^During faceoffs here, the player with the most (%s) characters here (gets \+(\d+) power|flips an additional card)$" % "|".join(TRAITS), 0, _during_faceoffs_here_the_player_the),
    (r"^Players with at least (\d+) (%s) characters at this Problem get \+(\d+) total power during faceoffs here$" % "|".join(TRAITS), 0, _players_at_least_characters_at_this),
    (r"^During faceoffs here, you have \+(\d+) power for each of your (.+)$", 0, _during_faceoffs_here_you_have_power),
    (r"^You have \+(\d+) power during faceoffs for each of your Resources attached to characters involved in the faceoff$", 0, _you_have_power_during_faceoffs_each),
    (r"^If a player loses a faceoff involving (this card|that Troublemaker) and would send a Friend home, they (retire|dismiss) that Friend instead$", 0, _a_player_loses_a_faceoff_involving),
    (r"^You have \+(\d+) power during %s( here)?$" % _FACEOFFS, 0, _you_have_power_during_here),
    (r"^Your flipped cards have \+(\d+) power$", 0, _your_flipped_cards_have_power),
    (r"^Your flipped cards have \+(\d+) power for each (\w+) counter on this card$", 0, _your_flipped_cards_have_power_each),
    (r"^During faceoffs involving this card, if this card has at least (\d+) cards? beneath it, flip an additional card$", 0, _during_faceoffs_involving_this_card_this),
    (r"^While involved in a faceoff, this card has \+(\d+) power for each card beneath it$", 0, _involved_a_faceoff_this_card_has),
    (r"^During Problem faceoffs involving this card, your opponent ignores one of their flipped cards with the highest power$", 0, _during_problem_faceoffs_involving_this_card),
    (r"^Opponents flip (\d+) fewer cards? during faceoffs involving at least one of their characters with (\d+) or more power$", 0, _opponents_flip_fewer_cards_during_faceoffs),
    (r"^During (Troublemaker |Problem )?faceoffs involving this card and at least (\d+) of your other (%s) (Friends|characters), flip an additional card$" % "|".join(TRAITS), 0, _during_troublemaker_problem_faceoffs_involving_this),
    (r"^While at least (\d+) of your \[(\w+)\] (Friends|characters) are at one Problem, flip an additional card during faceoffs at that Problem$", 0, _at_least_of_your_friends_characters),
    (r"^Mane Characters can't be involved in faceoffs$", 0, _mane_characters_can_t_be_involved),
    (r"^Opposing flipped cards lose and can't have abilities$", 0, _opposing_flipped_cards_lose_can_t),
    (r"^While this card is Cutie Marked, it has \"During faceoffs involving this card, flip an additional card\.?\"$", 0, _this_card_cutie_marked_it_has),
    (r"^While you have more characters here than any opponent, opponents flip (\d+) fewer cards? during faceoffs here$", 0, _you_have_more_characters_here_than),
    (r"^The player with the lowest power total wins faceoffs involving this card$", 0, _the_player_the_lowest_power_total),
    (r"^Opponents can't play Troublemakers here$", 0, _opponents_can_t_play_troublemakers_here),
    (r"^Opponents pay \+\[(\d+)\] to play cards during faceoffs( involving this card)?$", 0, _opponents_pay_to_play_cards_during),
    (r"^Opponents can't play cards during faceoffs involving this card$", 0, _opponents_can_t_play_cards_during),
    (r"^While an opponent's Mane Character is boosted, that player can't play cards during faceoffs involving their Mane Character$", 0, _an_opponent_mane_character_boosted_that),
    (r"^During faceoffs here, the player with the most (%s) characters here pays -\[(\d+)\] to play Events$" % "|".join(TRAITS), 0, _during_faceoffs_here_the_player_the_2),
    (r"^If a card flipped for a Problem faceoff here would be put on the bottom of its owner's deck, it is put into its owner's discard pile instead$", 0, _a_card_flipped_a_problem_faceoff),
    (r"^While involved in a faceoff, that (Friend|character) has \+(\d+) power$", 0, _involved_a_faceoff_that_friend_character),
    (r"^Characters here with power less than or equal to their printed power can't contribute their power to faceoffs$", 0, _characters_here_power_less_than_equal),
    (r"^(?:(During your turn|During your opponent's turn), )?(.+?) can't contribute (?:its|their) power to (faceoffs|confronting Problems)( involving this card)?$", 0, _during_your_turn_during_your_opponent),
    (r"^Players can't score points during faceoffs involving this card$", 0, _players_can_t_score_points_during),
    (r"^While involved in a (Troublemaker|Problem) faceoff, (?:this card|it) (?:has|gets) \+(\d+) power$", 0, _involved_a_troublemaker_problem_faceoff_this),
    (r"^(.+?) (?:has|have|gets|get|each get|each have) ([+-]\d+) power (?:while involved in a faceoff|during %s)$" % _FACEOFFS, 0, _has_have_gets_get_each_get),
    (r"^During faceoffs, (this card has .+ for each .+)$", 0, _during_faceoffs_this_card_has_each),
)


def parse_static_faceoff(body: str, card_type: str) -> dict | None:
    """Continuous abilities about faceoffs (514, 515): the number of cards flipped (514.3a), the
    player's power total (514.4a), flipped cards' power, what contributes its power, scoring."""
    if card_type == "Event":
        return None
    return first_match(FACEOFF_STATIC_TEMPLATES, body, card_type)
