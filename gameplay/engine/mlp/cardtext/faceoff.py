"""Faceoffs and flipping (514, 515, 707.4): revealing, effect-started faceoffs, faceoff statics."""
from __future__ import annotations

from typing import Any

from .nested import parse_effects
from .statics import parse_static_power, static_selector
from .targets import parse_target
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


def parse_static_faceoff(body: str, card_type: str) -> dict | None:
    """Continuous abilities about faceoffs (514, 515): the number of cards flipped (514.3a), the
    player's power total (514.4a), flipped cards' power, what contributes its power, scoring."""
    if card_type == "Event":
        return None
    fo_ = r"(?:(Troublemaker|Problem) )?faceoffs"
    # 514.3a flip count: {"n", "who": you|opp|each, "scope": any|here|involved, "fo": True|tm|problem}
    for pat, who, scope in (
            (r"^(?:You flip an additional card during %s|Flip an additional card during %s)$" % (fo_, fo_), "you", "any"),
            (r"^During %s here, flip an additional card$" % fo_, "you", "here"),
            (r"^Opponents flip (\d+) fewer cards? during %s involving this card$" % fo_, "opp", "involved"),
            (r"^During %s involving this card, players flip (\d+) fewer cards?$" % fo_, "each", "involved"),
            (r"^During %s involving this card, your opponent flips an additional card$" % fo_, "opp", "involved")):
        m = re.match(pat, body)
        if m:
            g = [x for x in m.groups() if x is not None]
            n = -int(next(x for x in g if x.isdigit())) if "fewer" in body else 1
            kind = next((x for x in g if not x.isdigit()), None)
            return {"op": "flip_mod", "n": n, "who": who, "scope": scope, "fo": _fo_kind(kind)}
    m = re.match(r"^During faceoffs here, the player with the most (%s) characters here (gets \+(\d+) power|flips an additional card)$" % "|".join(TRAITS), body)
    if m:  # "the most": more than any other player
        if m.group(3):
            return {"op": "fo_bonus", "n": int(m.group(3)), "scope": "here", "fo": True, "who": "most", "trait": m.group(1)}
        return {"op": "flip_mod", "n": 1, "who": "most", "trait": m.group(1), "scope": "here", "fo": True}
    m = re.match(r"^Players with at least (\d+) (%s) characters at this Problem get \+(\d+) total power during faceoffs here$" % "|".join(TRAITS), body)
    if m:
        return {"op": "fo_bonus", "n": int(m.group(3)), "scope": "here", "fo": True, "who": "at_least", "trait": m.group(2), "min": int(m.group(1))}
    m = re.match(r"^During faceoffs here, you have \+(\d+) power for each of your (.+)$", body)
    if m:
        cnt = parse_target("each your " + m.group(2))
        if cnt is None or not cnt.get("each") or set(cnt) - {"type", "ctrl", "each", "trait", "color"}:
            return None
        cnt = {k: v for k, v in cnt.items() if k != "each"}
        return {"op": "fo_bonus", "n": int(m.group(1)), "scope": "here", "fo": True, "per": cnt}
    m = re.match(r"^You have \+(\d+) power during faceoffs for each of your Resources attached to characters involved in the faceoff$", body)
    if m:
        return {"op": "fo_bonus", "n": int(m.group(1)), "scope": "any", "fo": True, "per": {"k": "att_involved"}}
    m = re.match(r"^If a player loses a faceoff involving (this card|that Troublemaker) and would send a Friend home, they (retire|dismiss) that Friend instead$", body)
    if m and (m.group(1) == "this card" or card_type == "Resource"):
        return {"op": "fo_send_replace", "target": "self" if m.group(1) == "this card" else "host",
                "verb": "retired" if m.group(2) == "retire" else "dismissed"}
    m = re.match(r"^You have \+(\d+) power during %s( here)?$" % fo_, body)
    if m:  # 514.4a "any modifiers modifying that player's power total"
        return {"op": "fo_bonus", "n": int(m.group(1)), "scope": "here" if m.group(3) else "any", "fo": _fo_kind(m.group(2))}
    m = re.match(r"^Your flipped cards have \+(\d+) power$", body)
    if m:
        return {"op": "flip_power", "n": int(m.group(1))}
    m = re.match(r"^Your flipped cards have \+(\d+) power for each (\w+) counter on this card$", body)
    if m:
        return {"op": "flip_power", "n": int(m.group(1)), "per_counter": m.group(2)}
    m = re.match(r"^During faceoffs involving this card, if this card has at least (\d+) cards? beneath it, flip an additional card$", body)
    if m:
        return {"op": "flip_mod", "n": 1, "who": "you", "scope": "involved", "fo": True, "beneath": int(m.group(1))}
    m = re.match(r"^While involved in a faceoff, this card has \+(\d+) power for each card beneath it$", body)
    if m:
        return {"op": "power_per_beneath", "n": int(m.group(1)), "cond": {"k": "faceoff"}}
    if re.match(r"^During Problem faceoffs involving this card, your opponent ignores one of their flipped cards with the highest power$", body):
        return {"op": "ignore_highest", "fo": "problem"}  # 515.4 continuously: their highest flipped card adds nothing
    m = re.match(r"^Opponents flip (\d+) fewer cards? during faceoffs involving at least one of their characters with (\d+) or more power$", body)
    if m:
        return {"op": "flip_mod", "n": -int(m.group(1)), "who": "opp", "scope": "any", "fo": True,
                "cond": {"k": "opp_inv_power", "n": int(m.group(2))}}
    m = re.match(r"^During (Troublemaker |Problem )?faceoffs involving this card and at least (\d+) of your other (%s) (Friends|characters), flip an additional card$" % "|".join(TRAITS), body)
    if m:
        return {"op": "flip_mod", "n": 1, "who": "you", "scope": "involved", "fo": _fo_kind(m.group(1)),
                "cond": {"k": "inv_with", "n": int(m.group(2)), "trait": m.group(3), "type": "Friend" if m.group(4) == "Friends" else "character"}}
    m = re.match(r"^While at least (\d+) of your \[(\w+)\] (Friends|characters) are at one Problem, flip an additional card during faceoffs at that Problem$", body)
    if m:
        return {"op": "flip_mod", "n": 1, "who": "you", "scope": "any", "fo": True,
                "cond": {"k": "fo_area_with", "n": int(m.group(1)), "color": m.group(2), "type": "Friend" if m.group(3) == "Friends" else "character"}}
    if re.match(r"^Mane Characters can't be involved in faceoffs$", body):
        return {"op": "no_mane_fo"}
    if re.match(r"^Opposing flipped cards lose and can't have abilities$", body):
        return {"op": "flip_no_abilities"}  # their Chaos abilities don't work (515)
    m = re.match(r"^While this card is Cutie Marked, it has \"During faceoffs involving this card, flip an additional card\.?\"$", body)
    if m:
        return {"op": "flip_mod", "n": 1, "who": "you", "scope": "involved", "fo": True, "cond": {"k": "cutie"}}
    m = re.match(r"^While you have more characters here than any opponent, opponents flip (\d+) fewer cards? during faceoffs here$", body)
    if m:
        return {"op": "flip_mod", "n": -int(m.group(1)), "who": "opp", "scope": "here", "fo": True, "cond": {"k": "more_chars_here"}}
    if re.match(r"^The player with the lowest power total wins faceoffs involving this card$", body):
        return {"op": "lowest_wins"}
    if re.match(r"^Opponents can't play Troublemakers here$", body):
        return {"op": "no_opp_tm_here"}
    m = re.match(r"^Opponents pay \+\[(\d+)\] to play cards during faceoffs( involving this card)?$", body)
    if m:
        return {"op": "fo_play_tax", "n": int(m.group(1)), **({"involving": True} if m.group(2) else {})}
    if re.match(r"^Opponents can't play cards during faceoffs involving this card$", body):
        return {"op": "fo_no_play", "involving": True}
    if re.match(r"^While an opponent's Mane Character is boosted, that player can't play cards during faceoffs involving their Mane Character$", body):
        return {"op": "fo_no_play_mane"}
    m = re.match(r"^During faceoffs here, the player with the most (%s) characters here pays -\[(\d+)\] to play Events$" % "|".join(TRAITS), body)
    if m:
        return {"op": "fo_play_tax", "n": -int(m.group(2)), "who": "most", "trait": m.group(1), "scope": "here", "type": "Event"}
    if re.match(r"^If a card flipped for a Problem faceoff here would be put on the bottom of its owner's deck, it is put into its owner's discard pile instead$", body):
        return {"op": "flip_to_disc"}
    m = re.match(r"^While involved in a faceoff, that (Friend|character) has \+(\d+) power$", body)
    if m and card_type == "Resource":
        return {"op": "power", "n": int(m.group(2)), "target": "host", "cond": {"k": "host_involved"}}
    if re.match(r"^Characters here with power less than or equal to their printed power can't contribute their power to faceoffs$", body):
        return {"op": "no_contrib", "what": "faceoff", "target": {"type": "character", "at": "here", "not_boosted": True}}
    m = re.match(r"^(?:(During your turn|During your opponent's turn), )?(.+?) can't contribute (?:its|their) power to (faceoffs|confronting Problems)( involving this card)?$", body)
    if m:
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
    if re.match(r"^Players can't score points during faceoffs involving this card$", body):
        return {"op": "no_score_fo"}
    m = re.match(r"^While involved in a (Troublemaker|Problem) faceoff, (?:this card|it) (?:has|gets) \+(\d+) power$", body)
    if m:
        return {"op": "power", "n": int(m.group(2)), "target": "self", "cond": {"k": "faceoff", "fo": _fo_kind(m.group(1))}}
    m = re.match(r"^(.+?) (?:has|have|gets|get|each get|each have) ([+-]\d+) power (?:while involved in a faceoff|during %s)$" % fo_, body)
    if m:
        tg = static_selector(m.group(1))
        if tg is None or tg.get("self") or tg.get("this_friend"):
            return None
        d = {"op": "power", "n": int(m.group(2)), "target": tg}
        if "while involved" in body:
            tg["inv"] = True  # only while that card is involved (514.2d, checked continuously)
        else:
            d["fo_only"] = _fo_kind(m.group(3))
        return d
    m = re.match(r"^During faceoffs, (this card has .+ for each .+)$", body)
    if m:
        d = parse_static_power(m.group(1))
        if d is not None and d.get("op") == "power_per":
            d["fo_only"] = True
            return d
    return None
