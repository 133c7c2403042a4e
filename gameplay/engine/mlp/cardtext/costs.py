"""Costs of activated abilities (703) and the cost and counter effect sentences."""
from __future__ import annotations

from typing import Any

from .nested import parse_effects
from .targets import parse_target, printed_filter
from .vocab import COLOR_RE, TRAITS, re, word_number


def parse_cost(text: str) -> dict | None:
    cost: dict[str, Any] = {}
    if re.match(r"^exhaust and retire this card$", text.strip(), re.I):
        return {"exhaust": True, "retire_self": True}
    for part in re.split(r",? and |, ", text.strip()):
        part = part.strip()
        m = re.match(r"^pay \[(\d+)\]$", part, re.I)
        if m:
            cost["tokens"] = cost.get("tokens", 0) + int(m.group(1))
            continue
        if re.match(r"^exhaust (?:this card|it)$", part, re.I):
            cost["exhaust"] = True
            continue
        m = re.match(r"^spend (a|one|two|\d+) cards? from beneath (?:this card|it)$", part, re.I)
        if m:
            cost["spend"] = cost.get("spend", 0) + word_number(m.group(1))
            continue
        m = re.match(r"^remove (a|one|two|three|\d+) \+1 power counters? from (?:this card|it)$", part, re.I)
        if m:
            cost["remove_counters"] = cost.get("remove_counters", 0) + word_number(m.group(1))
            continue
        m = re.match(r"^remove (a|one|two|three|\d+) (Harmony|Study|Crystal|Chaos|Gold) counters? from (?:this card|it)$", part, re.I)
        if m and "ncounters" not in cost:  # named counters (519) removed from this card as a cost (508)
            cost["ncounters"] = {"name": m.group(2), "n": word_number(m.group(1))}
            continue
        if re.match(r"^(?:retire a Friend|retire one of your Friends|retire another one of your Friends|retire another Friend)$", part, re.I):
            cost["retire_friend"] = 1
            continue
        if re.match(r"^exhaust that Friend$", part, re.I):
            cost["exhaust_host"] = True  # a Resource's host ("Play on one of your Friends")
            continue
        m = re.match(r"^(?:another )?one of your (.+)$", part, re.I)
        if m and cost.get("exhaust") and "exhaust_sel" not in cost and re.match(r"^exhaust this card and ", text.strip(), re.I):
            tg = parse_target(part)  # "Exhaust this card and one of your Friends at home"
            if tg is None or tg.get("each") or tg.get("self") or "state" in tg:
                return None
            cost["exhaust_sel"] = {**tg, "other": True}
            continue
        m = re.match(r"^dismiss ((?:another )?one of your .+)$", part, re.I)
        if m and "dismiss_sel" not in cost:  # "Dismiss one of your Friends here to ..." (a cost, 508)
            tg = parse_target(m.group(1))
            if tg is None or tg.get("each") or tg.get("self") or tg.get("it"):
                return None
            cost["dismiss_sel"] = tg
            continue
        if re.match(r"^exhaust your Mane Character$", part, re.I):
            cost["exhaust_mane"] = True
            continue
        if re.match(r"^discard a card$", part, re.I):
            cost["discard"] = cost.get("discard", 0) + 1
            continue
        m = re.match(r"^discard (two|three|\d+) cards$", part, re.I)
        if m:
            cost["discard"] = cost.get("discard", 0) + word_number(m.group(1))
            continue
        if re.match(r"^exhaust and retire this card$", part, re.I):
            cost["exhaust"] = True
            cost["retire_self"] = True
            continue
        if re.match(r"^retire this (?:card|Resource|Friend)$", part, re.I):
            cost["retire_self"] = True
            continue
        if re.match(r"^banish this card$", part, re.I):
            cost["banish_self"] = True
            continue
        if re.match(r"^dismiss this card$", part, re.I):
            cost["dismiss_self"] = True  # paid at once (508), unlike the deferred retire_self
            continue
        if re.match(r"^spend a card from beneath one of your Friends with Pumped$", part, re.I):
            cost["spend_pumped"] = True  # "that Friend" is the one chosen (timed_effects.spend_pumped)
            continue
        m = re.match(r"^remove a \+1 power counter from one of your (?:cards|characters|Friends)( here)?$", part, re.I)
        if m:
            cost["counter_sel"] = {"type": "character" if "character" in part else "Friend" if "Friends" in part else "card"}
            if m.group(1):
                cost["counter_sel"]["at"] = "here"  # this card's area
            continue
        if re.match(r"^put (?:this card|it) into (?:its owner's|your) hand$", part, re.I):
            cost["hand_self"] = True  # paid at once (508), like dismiss_self
            continue
        if re.match(r"^put (?:this card|it) on (?:the )?top of (?:its owner's|your) deck$", part, re.I):
            cost["deck_self"] = True
            continue
        m = re.match(r"^discard (?:a|an) (?:\[(%s)\] )?(Event|Friend|Resource|Troublemaker)$" % COLOR_RE, part, re.I)
        if m and "discard_sel" not in cost:  # "Discard an Event to ...": a hand card with that type (508)
            cost["discard_sel"] = {"type": m.group(2), **({"color": m.group(1)} if m.group(1) else {})}
            continue
        if re.match(r"^discard your hand$", part, re.I):
            cost["discard_hand"] = True
            continue
        m = re.match(r"^exhaust ((?:another )?one of your .+)$", part, re.I)
        if m:
            tg = parse_target(m.group(1))
            if tg is None or tg.get("each") or tg.get("self") or tg.get("it") or "exhaust_sel" in cost or "state" in tg:
                return None
            cost["exhaust_sel"] = tg  # exhaust another card you control as a cost
            continue
        m = re.match(r"^retire (two|three|\d+) (.+)$", part, re.I)
        if m:
            tg = parse_target("each of your " + m.group(2))
            if tg is None or not tg.get("each") or tg.get("self") or "retire_sel" in cost:
                return None
            cost["retire_sel"] = {"n": word_number(m.group(1)), "sel": {k: v for k, v in tg.items() if k != "each"}}
            continue
        if re.match(r"^banish a non-Resource card from your hand$", part, re.I):
            cost["banish_from"] = {"zone": "hand", "filter": {"not_type": "Resource"}}
            continue
        m = re.match(r"^banish (?:a|an) (?:(%s) )?(card|Event|Friend|Troublemaker|Resource) from your (discard pile|hand)$" % "|".join(TRAITS), part, re.I)
        if m:
            cost["banish_from"] = {"zone": "disc" if "discard" in m.group(3) else "hand",
                                   "filter": printed_filter(m.group(1), m.group(2))}
            continue
        return None
    return cost


def cost_and_counter_sentences(t: str) -> list[dict] | None:
    """Effect sentences about costs, counters and counted amounts (``parse_effects`` tries them after the triggered-ability bodies)."""
    m = re.match(r"^you may (.+)$", t, re.I)
    if m:
        r = _cost_and_counter_sentence(m.group(1))
        return None if r is None else [{"op": "may", "effects": r}]
    return _cost_and_counter_sentence(t)


def _cost_and_counter_sentence(t: str) -> list[dict] | None:
    m = re.match(r"^If that Friend's cost is less than or equal to the number of (%s) characters you have, (.+)$"
                 % "|".join(TRAITS), t)
    if m:  # the card an earlier instruction moved ("that Friend"): its printed cost (202)
        r = parse_effects(m.group(2))
        return None if r is None else [{"op": "if", "cond": {"k": "it_cost_le_count", "sel": {
            "type": "character", "ctrl": "you", "trait": m.group(1)}}, "effects": r}]
    m = re.match(r"^move one of your Friends with an? ([A-Z]\w+) counter to the same Problem$", t)
    if m:  # "When you move this card to a Problem, you may move ... to the same Problem" (its area)
        return [{"op": "move", "target": {"type": "Friend", "ctrl": "you", "other": True, "counter_kind": m.group(1)},
                 "to": "here"}]
    m = re.match(r"^remove (a|one|two|\d+) \+1 power counters? from this card$", t, re.I)
    if m:  # 519: counters removed (never below none)
        return [{"op": "counters", "n": word_number(m.group(1)), "counter": "+1", "remove": True, "target": {"self": True}}]
    # "pay [1] less for your next Event this turn to a minimum of [1]" (a pending cost reduction, 508)
    m = re.match(r"^pay \[(\d+)\] less for your next (Friend|Event|Resource) this turn,? to a minimum of \[(\d+)\]$", t, re.I)
    if m:
        return [{"op": "cost_reduction", "n": int(m.group(1)), "type": m.group(2), "until": "turn", "min": int(m.group(3))}]
    # "+1 power for each Event in your discard pile" / "Eccentric 1 for each card in your hand", counted as
    # the effect resolves (708.2b)
    m = re.match(r"^give (one of your (?:%s) characters) \+(\d+) power for each (Friend|Event|Resource|Troublemaker) in your "
                 r"discard pile until the end of the turn$" % "|".join(TRAITS), t, re.I)
    if m:
        tg = parse_target(m.group(1))
        if tg is not None and not tg.get("each"):
            return [{"op": "power", "n": int(m.group(2)), "target": tg, "until": "turn", "per_disc": m.group(3)}]
    m = re.match(r"^give (one of your (?:%s) characters) (Eccentric|Diligent|Showy|Competitive|Supportive|Calming|Meticulous) "
                 r"(\d+) for each card in your hand until the end of the turn$" % "|".join(TRAITS), t, re.I)
    if m:
        tg = parse_target(m.group(1))
        if tg is not None and not tg.get("each"):
            return [{"op": "grant_kw", "kw": m.group(2), "n": int(m.group(3)), "target": tg, "until": "turn",
                     "per": {"k": "your_hand"}}]
    # 603.1 "does not ready during its controller's next Ready Phase" (the exhausted card keeps the mark)
    m = re.match(r"^exhaust (an opposing character|an opposing Friend)\. That (?:character|Friend) (?:doesn't|does not) ready "
                 r"during its controller's next Ready Phase$", t, re.I)
    if m:
        return [{"op": "exhaust", "target": parse_target(m.group(1)), "no_ready": True}]
    # one card: top or bottom (private)
    if re.match(r"^look at the top card of your deck(?:,|\.)? (?:and put it on the top or bottom of your deck|You may put "
                r"(?:that card|it) on the bottom of your deck)$", t, re.I):
        return [{"op": "look_top", "n": 1, "whose": "you"}]
    if re.match(r"^look at the top card of this Problem(?:'s)? deck and put it on (?:either )?the top or bottom of that deck$", t, re.I):
        return [{"op": "look_pdeck", "whose": "problem_here", "deck": "pdeck"}]
    # 518 from the public discard pile: "shuffle a Friend from your discard pile into your deck"
    m = re.match(r"^shuffle (?:a|an) (Friend|Resource|Event|Troublemaker|card) from your discard pile into your deck$", t, re.I)
    if m:
        flt = {"type": m.group(1)} if m.group(1) != "card" else {}
        return [{"op": "search", "filter": flt, "zone": "disc", "to": "deck"}, {"op": "shuffle_into_deck", "from": None}]
    m = re.match(r"^put (?:a|an) (Friend|Resource|Event|card) with (\d+) power from (?:your|their) discard pile into (?:your|their) hand$", t, re.I)
    if m:  # printed power (cards outside play have only their printed information)
        flt = {"min_printed": int(m.group(2)), "max_printed": int(m.group(2))}
        if m.group(1) != "card":
            flt["type"] = m.group(1)
        return [{"op": "search", "filter": flt, "zone": "disc", "to": "hand"}]
    # "distribute two +1 power counters among up to 2 of <selector>": one counter at a time, the
    # second on the same or another card (any distribution of two counters over at most two cards)
    m = re.match(r"^distribute (two|three|\d+) \+1 power counters among up to (?:two|2|three|3) of (.+)$", t, re.I)
    if m and word_number(m.group(1)) == (2 if re.search(r"up to (?:two|2)\b", t) else 3):
        tg = parse_target("one of " + m.group(2))
        if tg is None or tg.get("each") or tg.get("self") or tg.get("it"):
            return None
        return [{"op": "counters", "n": 1, "counter": "+1", "target": dict(tg)} for _ in range(word_number(m.group(1)))]
    m = re.match(r"^dismiss a Resource on an opponent's Friend here$", t, re.I)
    if m:
        return [{"op": "dismiss", "target": {"type": "Resource", "on": {"type": "Friend", "ctrl": "opp", "at": "here"}}}]
    # Harmony: "... with cost less than or equal to the number of <Trait> characters you have"
    m = re.search(r" with cost less than or equal to the number of (%s) characters you have" % "|".join(TRAITS), t)
    if m:
        r = parse_effects(t[:m.start()] + t[m.end():])
        tgs = [e for e in _walk_effects(r or []) if isinstance(e.get("target"), dict)]
        if r is None or len(tgs) != 1 or tgs[0]["target"].get("each") or tgs[0]["target"].get("self") or \
                tgs[0]["target"].get("it") or "max_cost" in tgs[0]["target"]:
            return None
        tgs[0]["target"] = {**tgs[0]["target"], "max_cost_count": {"type": "character", "ctrl": "you", "trait": m.group(1)}}
        return r
    return None


def _walk_effects(effs: list) -> list[dict]:
    out = []
    for e in effs:
        out.append(e)
        for k in ("effects", "else"):
            if isinstance(e.get(k), list):
                out.extend(_walk_effects(e[k]))
    return out
