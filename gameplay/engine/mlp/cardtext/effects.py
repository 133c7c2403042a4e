"""Effect sentences -> effects: ``parse_effects`` tries the template groups in order (first match wins)."""
from __future__ import annotations

from typing import Any

from .conditions import IF_TEMPLATES
from .costs import cost_and_counter_sentences
from .events import event_sentences
from .faceoff import parse_reveal_top, parse_start_faceoff
from .nested import set_effect_grammar
from .single import single_effect
from .targets import parse_target
from .timed import timed_effects
from .trigger_effects import trigger_body_sentences
from .vocab import COLOR_RE, GRANTABLE_KW, TRAITS, UNTIL, X_KEYWORDS, re, until_word, verb_of, word_number


def parse_effects(text: str) -> list[dict] | None:
    """A sentence of instructions -> list of effects, or None if not understood."""
    t = text.strip().rstrip(".").strip()
    if not t:
        return []
    r = trigger_body_sentences(t)  # triggered-ability bodies
    if r is None:
        r = cost_and_counter_sentences(t)  # costs, counters, counted amounts
    if r is None:
        r = _small_effect_sentences(t)  # the other small effect templates
    if r is None:
        r = timed_effects(t)  # Events and activated abilities
    if r is not None:
        return r
    # "choose an opponent. That opponent chooses and discards a card" (two players: the opponent)
    t = t.replace("choose an opponent. That opponent chooses and discards a card", "your opponent discards a card")
    if t.startswith("If you have ") and "involved in this faceoff, flip" in t:
        m = re.match(r"^If you have (.+?) or (.+?) involved in this faceoff, flip an additional card\. If you have \1 and \2 involved in this faceoff, flip 2 additional cards instead$", t)
        if m:
            return [{"op": "flip_if_involved", "names": [m.group(1), m.group(2)], "n": 1, "all_n": 2}]
        return None
    r = parse_reveal_top(t)
    if r is not None:
        return r or None
    r = parse_start_faceoff(t)
    if r is not None:
        return r or None
    # "the Friend with power higher than any other Friend involved": at most one card fits (strictly higher)
    t = re.sub(r"\bthe Friend with power higher than any other Friend involved in the faceoff\b",
               "a Friend with power higher than any other Friend involved in the faceoff", t)
    m = re.match(r"^you may (reveal the top card of your deck\. .+)$", t, re.I)
    if m and not re.search(r"\. If you do\b", t):
        r = parse_reveal_top(m.group(1))
        return [{"op": "may", "effects": r}] if r else None
    # 515.4 ignoring / removing flipped cards (the chooser is "you")
    if re.match(r"^choose one of each player's flipped cards\. Those players ignore those cards$", t, re.I):
        return [{"op": "flipped_card", "act": "ignore", "who": "each"}]
    if re.match(r"^banish an opponent's flipped card$", t, re.I):
        return [{"op": "flipped_card", "act": "banish", "who": "opp"}]
    m = re.match(r"^(.+) if an opponent has more points than you$", t, re.I)
    if m:
        r = parse_effects(m.group(1))
        return None if r is None else [{"op": "if", "cond": {"k": "opp_more_points"}, "effects": r}]
    m = re.match(r"^(.+?)\. At the end of the faceoff, (.+)$", t)
    if m and "faceoff" not in m.group(1).lower() and not re.search(r"\bthat (?:Friend|character|card)\b|\bit\b", t):
        a, b = parse_effects(m.group(1)), parse_effects(m.group(2))
        return None if a is None or b is None else a + [{"op": "at_fo_end", "effects": b}]
    m = re.match(r"^you may pay \[(\d+)\] less for (Events|Friends|Resources) until the end of the faceoff$", t, re.I)
    if m:
        return [{"op": "may", "effects": [{"op": "cost_reduction", "n": int(m.group(1)), "type": m.group(2)[:-1],
                                          "until": "faceoff", "all": True}]}]
    if re.match(r"^lose all (?:of )?your action tokens$", t, re.I):
        return [{"op": "lose_tokens", "n": 99, "who": "you"}]
    m = re.match(r"^(an? .+?) gets \+(\d+) power and (%s)(?: (\d+))? until the end of (?:the )?(faceoff|turn)$" % "|".join(GRANTABLE_KW), t, re.I)
    if m and (m.group(3) in X_KEYWORDS) == (m.group(4) is not None):
        tg = parse_target(m.group(1))
        if tg is not None and not tg.get("each") and not tg.get("self") and not tg.get("it"):
            u = until_word(m.group(5))
            return [{"op": "mark", "target": tg}, {"op": "power", "n": int(m.group(2)), "target": {"it": True}, "until": u},
                    {"op": "grant_kw", "kw": m.group(3), "n": int(m.group(4) or 1), "target": {"it": True}, "until": u}]
    m = re.match(r"^may (.+)$", t)
    if m:  # "that player may ..." after the actor became "you"
        r = parse_effects("you may " + m.group(1))
        return r
    # Spend (glossary): put a card from beneath this card into the discard pile
    m = re.match(r"^you may spend a card from beneath (?:it|this card) to (.+)$", t, re.I)
    if m:
        r = parse_effects(m.group(1))
        return None if r is None else [{"op": "may", "effects": [{"op": "spend_cost", "n": 1}] + r}]
    m = re.match(r"^you may spend any number of cards from beneath this card to (score a point|gain \[1\]) for each card (?:you )?spent$", t, re.I)
    if m:  # any number: one optional spend per card beneath it
        r = parse_effects(m.group(1))
        return [{"op": "per", "beneath": True, "effects": [{"op": "may", "effects": [{"op": "spend_cost", "n": 1}] + r}]}]
    m = re.match(r"^If you won a Problem faceoff by at least (\d+) power this turn, (.+)$", t, re.I)
    if m:
        r = parse_effects(m.group(2))
        return None if r is None else [{"op": "if", "cond": {"k": "won_by", "n": int(m.group(1))}, "effects": r}]
    if re.match(r"^all players lose (?:all )?their action tokens$", t, re.I):
        return [{"op": "lose_tokens", "n": 99, "who": "each"}]
    m = re.match(r"^you may (.+?)\. If you do, (.+)$", t, re.I)
    if m:
        a, b = parse_effects(m.group(1)), parse_effects(m.group(2))
        mp = re.match(r"^pay \[(\d+)\]$", m.group(1), re.I)
        if mp:  # "You may pay [2]. If you do, ..." (the rest only if paid, 508.1d)
            a = [{"op": "pay", "n": int(mp.group(1))}]
        if a == [{"op": "exhaust", "target": {"self": True}}]:
            a = [{"op": "exhaust_self_cost"}]  # "If you do": only when this card could be exhausted
        return None if a is None or b is None else [{"op": "may", "effects": a + b}]
    m = re.match(r"^each player chooses a character involved in the faceoff\. Those characters have ([+-]\d+) power until the end of the faceoff$", t, re.I)
    if m:
        return [{"op": "each_player", "effects": [{"op": "power", "n": int(m.group(1)), "target": {"type": "character", "at": "faceoff"}, "until": "faceoff"}]}]
    m = re.match(r"^you may put (a .+? token(?: with \w+)?), (a .+? token(?: with \w+)?),? or (a .+? token(?: with \w+)?) into play here$", t, re.I)
    if m:  # one of three tokens (NM18)
        modes = [parse_effects(f"put {x} into play here") for x in m.groups()]
        if all(x is not None for x in modes):
            return [{"op": "may", "effects": [{"op": "choose_modes", "n": 1, "modes": modes, "labels": list(m.groups())}]}]
    m = re.match(r"^choose a Problem\. (Exhaust|Ready) each (character|Friend) there with (\d+) or less power\. If an opponent's Mane "
                 r"Character is Boosted, \1 each \2 there with (\d+) or less power instead$", t, re.I)
    if m:  # AD109 Popping Corn
        v, ty = m.group(1).lower(), m.group(2)
        return [{"op": "choose_area"}, {"op": "if", "cond": {"k": "opp_mane_boosted"},
                "effects": [{"op": v, "target": {"type": ty, "each": True, "at": "there", "max_power": int(m.group(4))}}],
                "else": [{"op": v, "target": {"type": ty, "each": True, "at": "there", "max_power": int(m.group(3))}}]}]
    if re.match(r"^choose a color\. This card loses its colors and becomes that color$", t, re.I):
        return [{"op": "choose_color"}]  # the chosen color replaces its colors (MT74)
    m = re.match(r"^you may exhaust this card to (choose [^.]+\. (?:It|That (?:character|Friend|card)) .+)$", t, re.I)
    if m:  # "you may exhaust this card to choose ... That Friend has -2 power ..." (one sentence pair)
        r = parse_effects(m.group(1))
        return None if r is None else [{"op": "may", "effects": [{"op": "exhaust_self_cost"}] + r}]
    m = re.match(r"^(exhaust one of your characters at random) to (.+)$", t, re.I)
    if m:  # a cost: with no character that can be exhausted, nothing more (508.1d)
        a, b = single_effect(m.group(1)), parse_effects(m.group(2))
        return None if a is None or b is None else [{**a[0], "cost": True}] + b
    m = re.match(r"^you may discard a card to (.+)$", t, re.I)
    if m:  # the discard is a cost: with no card in hand nothing happens (508.1d)
        r = parse_effects(m.group(1))
        return None if r is None else [{"op": "may", "effects": [{"op": "discard", "n": 1, "who": "you", "cost": True}] + r}]
    m = re.match(r"^(retire|exhaust|dismiss|banish) ((?:another )?one of your [^.,]+)\. If you do, (.+)$", t, re.I)
    if m:  # "retire another one of your Friends. If you do, ...": nothing more if none could be
        tg = parse_target(m.group(2))
        r = parse_effects(m.group(3))
        if tg is not None and r is not None and not tg.get("each") and not tg.get("self"):
            return [{"op": m.group(1).lower(), "target": tg, "cost": True}] + r
        return None
    m = re.match(r"^Choose (one|two): (.+)$", t, re.I)
    if m:
        if ";" in m.group(2):
            parts = [x.strip() for x in re.split(r";\s*(?:or\s+)?", m.group(2)) if x.strip()]
        else:
            parts = [x.strip() for x in re.split(r",\s*(?:or\s+)?|\s+or\s+(?!(?:less|more|fewer)\b)", m.group(2)) if x.strip()]
        modes = [parse_effects(x) for x in parts]
        if len(parts) >= 2 and all(x is not None for x in modes):
            return [{"op": "choose_modes", "n": word_number(m.group(1)), "modes": modes, "labels": parts}]
        return None
    m = re.match(r"^choose (.+?)\. (?:It|That (?:character|Friend|card)) (gets .+|has [+-]\d+ power until .+)$", t, re.I)
    if m:
        tg = parse_target(m.group(1))
        rest_ = parse_effects("that character " + m.group(2))
        if tg is not None and rest_ is not None and not tg.get("each"):
            return [{"op": "mark", "target": tg}] + rest_
        return None
    m = re.match(r"^choose (.+?)\. (Move|Exhaust|Ready|Frighten|Unfrighten|Dismiss|Banish|Send|Put) (it|that (?:character|Friend|card|Troublemaker)) (.+)$", t, re.I)
    if m and re.search(r"\bit\b|\bthat\b|\bthem\b|\. |, then", m.group(4)):
        return None  # later sentences referring back to the chosen card are not handled
    if m:
        tg = parse_target(m.group(1))
        rest_ = parse_effects(f"{m.group(2).lower()} that character {m.group(4)}")
        if tg is not None and rest_ is not None and not tg.get("each") and not tg.get("self"):
            return [{"op": "mark", "target": tg}] + rest_
        return None
    m = re.match(r"^choose (.+?)\. (Move|Exhaust|Ready|Frighten|Unfrighten|Dismiss|Banish) (it|that (?:character|Friend|card|Troublemaker))$", t, re.I)
    if m:
        tg = parse_target(m.group(1))
        rest_ = parse_effects(f"{m.group(2).lower()} that character")
        if tg is not None and rest_ is not None and not tg.get("each") and not tg.get("self"):
            return [{"op": "mark", "target": tg}] + rest_
        return None
    m = re.match(r"^put (an opposing Friend|an opponent's Friend|an opposing character) into its owner's hand, then that player discards a card$", t, re.I)
    if m:
        return [{"op": "to_hand", "target": parse_target(m.group(1))},
                {"op": "discard", "n": 1, "who": "opponent", "random": False}]
    m = re.match(r"^each player may (.+)$", t, re.I)
    if m and re.search(r"\. |, then|\bthen\b", m.group(1)):
        return None
    if m and " their opponent" not in m.group(1) and "another player" not in m.group(1):
        r = parse_effects("you may " + re.sub(r"\btheir\b", "your", m.group(1)))
        return None if r is None else [{"op": "each_player", "effects": r}]
    m = re.match(r"^each player (retires|dismisses|discards|draws|frightens|exhausts) (.+)$", t, re.I)
    if m:
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
    m = re.match(r"^If you have (.+?) or (.+?) involved in this faceoff, flip an additional card\. If you have \1 and \2 involved in this faceoff, flip 2 additional cards instead$", t)
    if m:
        return [{"op": "flip_if_involved", "names": [m.group(1), m.group(2)], "n": 1, "all_n": 2}]
    m = re.match(r"^During a faceoff, (.+)$", t, re.I)
    if m:
        r = parse_effects(m.group(1))
        return None if r is None else [{"op": "if_faceoff", "effects": r}]
    m = re.match(r"^you may (.+?)\. If you do, (.+)$", t, re.I)
    if m:
        a, b = parse_effects(m.group(1)), parse_effects(m.group(2))
        return None if a is None or b is None else [{"op": "may", "effects": a + b}]
    t = re.sub(r"^(you may (?:pay \[\d+\] and )?(?:exhaust|banish|retire)) it( and pay \[\d+\])? to ", r"\1 this card\2 to ", t, flags=re.I)
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
    m = re.match(r"^you may pay \[(\d+)\] to (.+)$", t, re.I)
    if m:
        r = parse_effects(m.group(2))
        return None if r is None else [{"op": "may", "effects": [{"op": "pay", "n": int(m.group(1))}] + r}]
    m = re.match(r"^you may (?:pay \[(\d+)\] and )?(exhaust|frighten|retire|banish|dismiss) (.+?) to (.+)$", t, re.I)
    if m:  # "you may exhaust one of your characters here to gain [1]": the first part is a cost (508.1d)
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
    m = re.match(r"^you may (.+)$", t, re.I)
    if m:
        r = parse_effects(m.group(1))
        return None if r is None else [{"op": "may", "effects": r}]
    m = re.match(r"^([^,]+?) if you have (a|an) ((?:%s) (?:character|Friend))$" % "|".join(TRAITS), t)
    if m:  # "Flip another additional card if you have a Dragon character": the condition written last
        return parse_effects(f"if you have {m.group(2)} {m.group(3)}, {m.group(1)[:1].lower()}{m.group(1)[1:]}")
    m = re.match(r"^if you have another (%s) (character|Friend), (.+)$" % "|".join(TRAITS), t, re.I)
    if m:  # "if you have another Changeling character, ..." (another than this card)
        r = parse_effects(m.group(3))
        sel_ = {"type": m.group(2), "ctrl": "you", "trait": m.group(1), "other": True}
        return None if r is None else [{"op": "if", "cond": {"k": "you_have", "sel": sel_}, "effects": r}]
    m = re.match(r"^if a player has (\d+) or more points, (.+)$", t, re.I)
    if m:  # "If a player has 8 or more points, ..." (either player)
        r = parse_effects(m.group(2))
        return None if r is None else [{"op": "if", "cond": {"k": "points_at_least", "n": int(m.group(1))}, "effects": r}]
    m = re.match(r"^have (.+?) get ([+-]\d+ power.*)$", t, re.I)
    if m:  # "have another character there get +2 power ..." = give it +2 power
        return parse_effects(f"give {m.group(1)} {m.group(2)}")
    m = re.match(r"^that (Friend|character) and this card get ([+-]\d+) power" + UNTIL + "$", t, re.I)
    if m:
        n, u = int(m.group(2)), until_word(m.group("until"))
        return [{"op": "power", "n": n, "target": {"it": True}, "until": u},
                {"op": "power", "n": n, "target": {"self": True}, "until": u}]
    m = re.match(r"^(your (?:other )?(?:characters|Friends)(?: [\w' ]+?)?) each get ([+-]\d+ power.*)$", t, re.I)
    if m:
        return parse_effects(f"{m.group(1)} get {m.group(2)}")
    m = re.match(r"^put (a|an|one|two|\d+) \+1 counters? on (.+)$", t, re.I)
    if m:  # "+1 counter" = "+1 power counter" (HM22's wording)
        return parse_effects(f"put {m.group(1)} +1 power counter{'s' if word_number(m.group(1)) > 1 else ''} on {m.group(2)}")
    m = re.match(r"^if a Friend left play this turn, (.+)$", t, re.I)
    if m:  # rules.leave_play records the turn a Friend last left play
        r = parse_effects(m.group(1))
        return None if r is None else [{"op": "if", "cond": {"k": "friend_left_turn"}, "effects": r}]
    m = re.match(r"^(dismiss|banish|frighten|exhaust) all opposing token Friends$", t, re.I)
    if m:
        return [{"op": m.group(1).lower(), "target": {"type": "Friend", "ctrl": "opp", "token": True, "each": True}}]
    m = re.match(r"^the cost of your next \[(%s)\] (Friend|Resource|Event) this turn is reduced by \[(\d+)\]$" % COLOR_RE, t, re.I)
    if m:
        return [{"op": "cost_reduction", "n": int(m.group(3)), "type": m.group(2), "color": m.group(1), "until": "turn"}]
    m = re.match(r"^pay \[(\d+)\] less for the next (%s) you play this turn$" % "|".join(TRAITS), t)
    if m:
        return [{"op": "cost_reduction", "n": int(m.group(1)), "type": "card", "trait": m.group(2), "until": "turn"}]
    m = re.match(r"^an opponent may (.+)$", t, re.I)
    if m:  # "an opponent may pay [2] to dismiss this card": the opponent decides and pays ("this card" stays)
        r = parse_effects("you may " + m.group(1))
        return None if r is None else [{"op": "as_opponent", "effects": r}]
    if t == "send the watched card back":
        return [{"op": "send_it_back"}]
    m = re.match(r"^put a Troublemaker from your (hand|discard pile) into play face-up$", t, re.I)
    if m:
        return [{"op": "tm_into_play", "zone": "hand" if m.group(1) == "hand" else "disc"}]
    if re.match(r"^search your deck for a Troublemaker and put it into play face-up$", t, re.I):
        return [{"op": "tm_into_play", "zone": "deck"}]
    if re.match(r"^ready a card$", t, re.I):  # any card in play that can be readied
        return [{"op": "ready", "target": {"type": "card", "state": "exhausted"}}]
    if re.match(r"^replace another Problem$", t, re.I):
        return [{"op": "replace_problem", "other": True}]
    if re.match(r"^choose an opponent\. That opponent chooses and discards a card$", t, re.I):
        return [{"op": "discard", "n": 1, "who": "opponent", "random": False}]
    if re.match(r"^all players discard all the cards in their hands? then draw (?:3|three) cards$", t, re.I):
        return [{"op": "each_player", "effects": [{"op": "discard", "n": 99, "who": "you"}, {"op": "draw", "n": 3, "who": "you"}]}]
    if t == "return the card that left play to its owner's hand":
        return [{"op": "left_to_hand"}]
    m = re.match(r"^look at the top (two|three|2|3) cards of (your|your opponent's|that Problem's|this card's Problem's) deck "
                 r"and put them back in any order$", t, re.I)
    if m:
        whose = {"your": "you", "your opponent's": "opponent"}.get(m.group(2).lower(), "problem_here")
        return [{"op": "reorder_top", "n": word_number(m.group(1)), "whose": whose,
                 "deck": "pdeck" if whose == "problem_here" else "deck"}]
    if re.match(r"^look at the top card of your Problem deck and put it on the top or (?:the )?bottom of that deck$", t, re.I):
        return [{"op": "look_pdeck", "whose": "you", "deck": "pdeck"}]
    m = re.match(r"^the next card you play (?:that|this) turn has its cost reduced by \[(\d+)\]$", t, re.I)
    if m:
        return [{"op": "cost_reduction", "n": int(m.group(1)), "type": "card", "until": "turn"}]
    if re.match(r"^uncover (?:it|that card|that Troublemaker)$", t, re.I):
        return [{"op": "uncover_it"}]
    if re.match(r"^put the top card of each player's deck into that player's discard pile$", t, re.I):
        return [{"op": "each_player", "effects": [{"op": "mill", "n": 1}]}]
    if re.match(r"^search your discard pile for a card and put it on (?:the )?top of your deck$", t, re.I):
        return [{"op": "search", "filter": {}, "zone": "disc", "to": "deck"}]
    for pat, cond in IF_TEMPLATES:  # turn start / end conditions (resolve.py "if")
        m = re.match(pat, t, re.I)
        if m:
            r = parse_effects(re.sub(r"\bfriends\b", "Friends", m.group(m.lastindex)))  # "Critter friends" (DE86)
            return None if r is None else [{"op": "if", "cond": cond(m) if callable(cond) else dict(cond), "effects": r}]
    m = re.match(r"^if you have (another|an?) \[(%s)\] ([^,]+), (.+)$" % COLOR_RE, t, re.I)
    if m:
        tg = parse_target("a " + m.group(3))
        r = parse_effects(m.group(4))
        if tg is not None and r is not None and set(tg) <= {"type", "trait"}:
            sel_ = dict(tg, ctrl="you", color=m.group(2))
            if m.group(1).lower() == "another":
                sel_["other"] = True
            return [{"op": "if", "cond": {"k": "you_have", "sel": sel_}, "effects": r}]
        return None
    m = re.match(r"^if you have (?:a|an|at least one) (?:(%s) )?(character|Friend|Troublemaker)( here| there| at that Problem| at this card's Problem)?, (.+)$" % "|".join(TRAITS), t, re.I)
    if m:
        r = parse_effects(m.group(4))
        if r is None:
            return None
        sel_: dict[str, Any] = {"type": m.group(2), "ctrl": "you"}
        if m.group(1):
            sel_["trait"] = m.group(1)
        if m.group(3):
            sel_["at"] = "here"
        return [{"op": "if", "cond": {"k": "you_have", "sel": sel_}, "effects": r}]
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
    m = re.match(r"^if there (?:are|is) no ([^,]+), (.+)$", t, re.I)
    if m and not re.search(r"(?:this card's|its) Problem", m.group(1)):  # "here" would be a home
        tg = parse_target("each " + m.group(1))
        r = parse_effects(m.group(2))
        if tg is None or r is None or tg.get("self") or tg.get("it"):
            return None
        tg.pop("each", None)
        return [{"op": "if", "cond": {"k": "none", "sel": tg}, "effects": r}]
    r = single_effect(t)
    if r is not None:
        return r
    if " and " in t:
        a, b = t.split(" and ", 1)
        ra = single_effect(a)
        if ra is not None and ra[-1]["op"] in ("move", "power", "to_hand", "to_deck_top", "send_home"):
            ra = None  # a trailing destination/duration ("... to this card's Problem") belongs to both parts
        if ra is not None:
            rb = single_effect(b) or single_effect(verb_of(a) + " " + b if verb_of(a) else b)
            if rb is not None:
                return ra + rb
    return None


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


set_effect_grammar(parse_effects)
