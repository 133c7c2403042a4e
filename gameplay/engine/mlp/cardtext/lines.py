"""A card's lines -> abilities: ``parse_line`` (one line, 701.2), ``compile_face`` and ``compile_card``."""
from __future__ import annotations

from dataclasses import replace

from ..carddefs import FaceDef, parse_keywords
from ..cards import DEFINITIONS
from .costs import parse_cost
from .effects import parse_effects
from .faceoff import parse_static_faceoff
from .reactions import parse_reaction
from .static_lines import parse_continuous_line, parse_static_extra
from .statics import STATIC_TEMPLATES, compound_static, conditional_static, parse_static_keyword, parse_static_power
from .targets import parse_target
from .templates import NEXT, first_match
from .triggers import LEAVES_PLAY_EVENTS, TRIGGERS, other_than_it, trigger_whole_lines, watch_trigger
from .vocab import AUTOMATED_KEYWORDS, COLOR_RE, KEYWORD_LINE, TRAITS, re, until_word, word_number


TIMINGS = {"main phase": "main", "immediate": "immediate", "faceoff": "faceoff", "reaction": "reaction",
           "any phase": "immediate", "problem faceoff": "faceoff_problem", "troublemaker faceoff": "faceoff_tm",
           "faceoff reaction": "faceoff", "main phase reaction": "main", "problem faceoff reaction": "faceoff_problem",
           "troublemaker faceoff reaction": "faceoff_tm",
           "score phase": "score", "troublemaker phase": "tp"}  # 512.3 "[x] Phase": the turn player, that Phase


def _clean(line: str) -> str:
    line = re.sub(r"\s*\([^)]*\)\s*", " ", line).strip()  # 208.1 reminder text
    line = line.replace("’", "'").replace("–", "-").replace("\u00a0", " ").replace("its owners' hand", "its owner's hand")
    line = re.sub(r"\b(\d+) ?AT\b", r"[\1]", line)  # "1AT" = one action token (promo wording)
    line = re.sub(r"\bcharactes\b", "characters", line)  # a typo in the card data (NM6)
    return re.sub(r"\s+", " ", line)


def _harmony(mh, line, card_type, keywords, extra_lines, raw, body):
    if card_type != "Event":
        # "Harmony" is only a tag word grouping the ability (glossary): the ability itself follows
        ab = parse_line(mh.group(2), card_type, keywords, extra_lines)
        if ab["kind"] in ("manual", "keyword") or ab.get("manual"):
            return {"kind": "manual", "text": raw}
        return {**ab, "text": line}
    return NEXT


def _when_this_card_enters_play_at(mt, line, card_type, keywords, extra_lines, raw, body):
    # two triggered abilities with the same effect
    a1 = parse_line("When this card enters play, " + mt.group(1), card_type, keywords)
    a2 = parse_line("At the start of your turn, " + mt.group(1), card_type, keywords)
    if a1["kind"] == a2["kind"] == "trigger":
        return {"kind": "multi", "abilities": [{**a1, "text": line}, {**a2, "text": line}], "text": line}
    return {"kind": "manual", "text": raw}


def _whole_trigger_line(_match, line, card_type, keywords, extra_lines, raw, body):
    ab = trigger_whole_lines(line, card_type)
    if ab is not None:
        return ab
    return NEXT


def _keyword_line(_match, line, card_type, keywords, extra_lines, raw, body):
    if KEYWORD_LINE.match(line):
        return {"kind": "keyword", "keywords": parse_keywords(re.split(r",\s*|\.\s*", line.rstrip(".")))}
    return NEXT


def _this_card_enters_play_choose_name(_match, line, card_type, keywords, extra_lines, raw, body):
    if re.match(r"^As this card enters play, (?:choose|name) a color\. This card is that color$", body):
        return {"kind": "trigger", "on": "enter", "effects": [{"op": "choose_color"}], "text": line}
    return NEXT


def _play_to_your_home_you_must(_match, line, card_type, keywords, extra_lines, raw, body):
    m = re.match(r"^(Play to your home\. )?You must control ([A-Z][\w'.-]*(?: [A-Z][\w'.-]*)*) to play this card$", body)
    if m:  # a playing restriction (Elements of Harmony): a face-up card you control with that title (201.3)
        mc = {"kind": "static", "op": "must_control", "title": m.group(2), "text": line}
        return {"kind": "multi", "abilities": [{"kind": "play_home"}, mc], "text": line} if m.group(1) else mc
    return NEXT


def _play_to_your_home_choose_a(_match, line, card_type, keywords, extra_lines, raw, body):
    m = re.match(r"^Play to your home and choose a color\. Your Mane Character is also that color until the end of the turn$", body)
    if m:  # the color is chosen as the Resource enters play (like "As this card enters play, choose a color")
        return {"kind": "multi", "text": line, "abilities": [{"kind": "play_home"}, {
            "kind": "trigger", "on": "enter", "text": line, "effects": [
                {"op": "pick_color"},
                {"op": "add_color", "color": "chosen", "target": {"type": "Mane Character", "ctrl": "you"}, "until": "turn"}]}]}
    return NEXT


def _play_to_your_home(_match, line, card_type, keywords, extra_lines, raw, body):
    if body in ("Play to your home", "Play this card to your home"):
        return {"kind": "play_home"}
    return NEXT


def _play_on_a_problem(_match, line, card_type, keywords, extra_lines, raw, body):
    if body in ("Play on a Problem", "Play on an a Problem"):  # (CG128's printed typo)
        return {"kind": "play_problem"}
    return NEXT


def _play_on_an_opponent_non_epic(_match, line, card_type, keywords, extra_lines, raw, body):
    if body == "Play on an opponent's non-Epic Troublemaker":  # (516.4: Epic is a keyword)
        return {"kind": "play_on", "host": {"type": "Troublemaker", "ctrl": "opp", "not_epic": True}}
    return NEXT


def _play_this_card_on(_match, line, card_type, keywords, extra_lines, raw, body):
    m = re.match(r"^Play (?:this card )?on (.+)$", body)
    if m:
        tg = parse_target(m.group(1))
        if tg is not None and not tg.get("each") and not tg.get("self"):
            return {"kind": "play_on", "host": tg}
    return NEXT


def _immediate_main_phase_pay_choose_a(m, line, card_type, keywords, extra_lines, raw, body):
    if card_type != "Event":  # "Pay [1] and choose a color to ...": the choice is the effect's first instruction (508)
        effs = parse_effects(m.group(3))
        if effs is not None:
            return {"kind": "activated", "timing": TIMINGS[m.group(1).lower()], "cost": {"tokens": int(m.group(2))},
                    "effects": effs, "text": line}
    return NEXT


def _event_line(rest, timing, line, raw):
    """An Event's line (304): its timing, its additional cost (508.1d) and its effects."""
    cost = {}
    mc = re.match(r"^As an additional cost to play this card, (?:discard (a|one|two|three|\d+) cards?|(retire a Friend))\.\s*(.*)$", rest)
    if mc:
        if mc.group(2):
            cost["retire_friend"] = 1
        else:
            cost["discard"] = word_number(mc.group(1))
        rest = mc.group(3)
    effs = parse_effects(rest)
    if effs is not None and rest.strip() and cost:
        return {"kind": "event", "timing": timing, "effects": effs, "cost": cost, "text": line}
    if cost and effs is not None:
        effs = None
    if effs is not None:
        return {"kind": "event", "timing": timing, "effects": effs, "text": line}
    mc = re.match(r"^(Retire one of your Friends involved in the faceoff) to (.+)$", rest)
    if mc and not cost:  # the retire is what the Event's effect costs (508.1d: none, nothing)
        effs = parse_effects(mc.group(2))
        if effs is not None:
            return {"kind": "event", "timing": timing, "text": line, "effects": [
                {"op": "retire", "target": {"type": "Friend", "ctrl": "you", "at": "faceoff"}, "cost": True}] + effs}
    mc = re.match(r"^(Retire a Friend) to (.+)$", rest)
    if mc and not cost:  # 508.1: the instruction before "to" is a cost of playing the Event
        effs = parse_effects(mc.group(2))
        if effs is not None:
            return {"kind": "event", "timing": timing, "effects": effs, "cost": {"retire_friend": 1}, "text": line}
    return {"kind": "event", "timing": timing, "effects": [], "manual": True, "text": raw}


def _this_card_at_a_problem_you(mm, rest, timing, card_type, line):
    if card_type != "Event":  # "Retire this card. If you do, ...": doing it is the cost (508)
        cost, effs = parse_cost(mm.group(2)), parse_effects(mm.group(3))
        if cost is not None and effs is not None:
            ab = {"kind": "activated", "timing": timing, "cost": cost, "effects": effs, "text": line}
            if mm.group(1):
                ab["while"] = {"k": "at_problem"}
            return ab
    return NEXT


def _exhaust_this_card_choose_a_friend(mm, rest, timing, card_type, line):
    if card_type != "Event":  # (the 3.4 errata wording of PR88)
        return {"kind": "activated", "timing": timing, "cost": {"exhaust": True}, "text": line, "effects": [
            {"op": "power", "n": int(mm.group(2)), "until": "faceoff",
             "target": {"type": "Friend", "at": "faceoff", "att": {"type": "Resource"}}}]}
    return NEXT


def _this_card_becomes_involved_the_faceoff(_match, rest, timing, card_type, line):
    if re.match(r"^This card becomes involved in the faceoff\. ", rest) and card_type != "Event":
        effs = parse_effects(rest)  # no cost: activating it is the choice (703)
        if effs is not None:
            return {"kind": "activated", "timing": timing, "cost": {}, "effects": effs, "text": line}
    return NEXT


def _this_card_has_lower_power_than(mm, rest, timing, card_type, line):
    if card_type != "Event":  # the condition is checked as it is activated; both costs paid (508)
        effs = parse_effects(mm.group(2))
        if effs is not None:
            return {"kind": "activated", "timing": timing, "cost": {"exhaust": True, "tokens": int(mm.group(1))},
                    "while": {"k": "lowest_here"}, "effects": effs, "text": line}
    return NEXT


def _remove_a_counter_one_of_your(mm, rest, timing, card_type, line):
    if card_type != "Event":  # the counter removed (any type, 519) decides the branch
        cost = {"any_counter": {"type": "character", "state": "ready"}}
        if mm.group(1).startswith("draw"):
            cond = {"k": "rc_trait", "traits": [mm.group(2), mm.group(3)]}
            effs = [{"op": "if", "cond": cond, "effects": [{"op": "draw", "n": 2, "who": "you"}],
                     "else": [{"op": "draw", "n": 1, "who": "you"}]}]
        else:
            cond = {"k": "rc_type", "type": mm.group(4)}
            effs = [{"op": "mark", "target": {"type": "Friend"}},
                    {"op": "if", "cond": cond, "effects": [{"op": "power", "n": 2, "target": {"it": True}, "until": "turn"}],
                     "else": [{"op": "power", "n": 1, "target": {"it": True}, "until": "turn"}]}]
        return {"kind": "activated", "timing": timing, "cost": cost, "effects": effs, "text": line}
    return NEXT


def _this_card_at_a_problem_two(mm, rest, timing, card_type, line):
    if card_type != "Event":  # the condition is checked as it is activated (no cost)
        return {"kind": "activated", "timing": timing, "cost": {}, "while": {"k": "chars_here_min", "n": word_number(mm.group(1)) if not mm.group(1).isdigit() else int(mm.group(1))},
                "effects": [{"op": "turn_over"}], "text": line}
    return NEXT


def _exhaust_that_friend_to_put_a(mm, rest, timing, card_type, line):
    if card_type == "Resource":  # "that Friend" / "it": this Resource's host
        return {"kind": "activated", "timing": timing, "cost": {"exhaust_host": True}, "text": line, "effects": [
            {"op": "counters", "n": 1, "counter": "+1", "target": {"host": True}},
            {"op": "power", "n": 0, "n_from": "its", "target": {"type": "Friend", "not_chosen": True}, "until": "turn"}]}
    return NEXT


def _exhaust_three_two_of_your_friends(mm, rest, timing, card_type, line):
    if card_type != "Event":
        effs = parse_effects(mm.group(2))
        if effs is not None:
            return {"kind": "activated", "timing": timing, "text": line, "effects": effs,
                    "cost": {"exhaust_n": {"n": word_number(mm.group(1)) if not mm.group(1).isdigit() else int(mm.group(1)), "sel": {"type": "Friend"}}}}
    return NEXT


def _choose_one_of_your_ready_cards(mm, rest, timing, card_type, line):
    if card_type != "Event":  # both exhausted as the cost (508)
        effs = parse_effects(mm.group(1))
        if effs is not None:
            return {"kind": "activated", "timing": timing, "cost": {"exhaust": True, "exhaust_sel": {"type": "card", "ctrl": "you", "other": True}},
                    "effects": effs, "text": line}
    return NEXT


def _exhaust_this_card_at_a_problem(mm, rest, timing, card_type, line):
    if card_type != "Event":  # only while it is at a Problem
        effs = parse_effects(mm.group(1))
        if effs is not None:
            return {"kind": "activated", "timing": timing, "cost": {"exhaust": True}, "while": {"k": "at_problem"},
                    "effects": effs, "text": line}
    return NEXT


def _banish_this_card_your_discard_pile(mm, rest, timing, card_type, line):
    if card_type != "Event":  # activated from the discard pile (flow.priority_actions)
        effs = parse_effects(mm.group(1))
        if effs is not None:
            return {"kind": "activated", "timing": timing, "zone": "disc", "cost": {"banish_self_hand": True},
                    "effects": effs, "text": line}
    return NEXT


def _banish_this_card_your_hand_to(mm, rest, timing, card_type, line):
    if card_type != "Event":  # activated from the hand (its owner holds it)
        effs = parse_effects(mm.group(1))
        if effs is not None:
            return {"kind": "activated", "timing": timing, "zone": "hand", "cost": {"banish_self_hand": True},
                    "effects": effs, "text": line}
    return NEXT


def _cost_to_effects(mm, rest, timing, card_type, line):
    cost = parse_cost(mm.group(1))
    effs = parse_effects(mm.group(2))
    if cost is not None and effs is not None and cost.get("exhaust_host") and \
            any(isinstance(e.get("target"), dict) and e["target"].get("self") for e in effs):
        effs = None  # "Exhaust that Friend to put a counter on it": "it" is the host, not this card
    if cost is not None and effs is not None:
        if any(e.get("op") == "cutie_mark" for e in effs):
            cost["cutie"] = True  # "You can't Cutie Mark a cutie marked card."
        return {"kind": "activated", "timing": timing, "cost": cost, "effects": effs, "text": line}
    return NEXT


def _exhaust_this_card(mm, rest, timing, card_type, line):
    if card_type != "Event":
        return {"kind": "activated", "timing": timing, "cost": {"exhaust": True}, "effects": [], "text": line}
    return NEXT


def _pay_to_cutie_mark_this_card(mm, rest, timing, card_type, line):
    return {"kind": "activated", "timing": timing, "cost": {"tokens": int(mm.group(1)), "cutie": True},
            "effects": [{"op": "cutie_mark"}], "text": line}


def _there_are_at_least_friends_at(mm, rest, timing, card_type, line):
    if card_type == "Mane Character":  # a Mane's boost condition checked as it is activated (no cost)
        return {"kind": "activated", "timing": timing, "cost": {}, "effects": [{"op": "turn_over"}], "text": line,
                "while": {"k": "all", "conds": [{"k": "at_problem"}, {"k": "sel_at_least", "n": int(mm.group(1)),
                          "sel": {"type": "Friend", "trait": mm.group(2), "at": "here"}}]}}
    return NEXT


def _put_this_card_on_top_of(mm, rest, timing, card_type, line):
    if card_type != "Event":  # no cost (602.1): the ability takes this card out of play
        effs = parse_effects(rest)
        if effs is not None:
            return {"kind": "activated", "timing": timing, "cost": {}, "effects": effs, "text": line}
    return NEXT


#: _activated_line's templates in the order they are tried (first match wins: the order is behaviour);
#: each (pattern matched at the start of ``rest``, flags, builder); a builder without a pattern is
#: always tried; it returns NEXT to let the next template try, ``Rewrite(text)`` to go on with a
#: reworded text, else the result
ACTIVATED_TEMPLATES: tuple = (
    (r"^(?:(While this card is at a Problem), you may )?((?:Retire|Exhaust|Banish|Dismiss) this card(?: and [^.]+)?)\. If you do, (.+)$", re.I, _this_card_at_a_problem_you),
    (r"^Exhaust this card and choose (a Friend involved in the faceoff) with a Resource attached to it to give that "
     r"Friend ([+-]\d+) power until the end of the faceoff\.?$", 0, _exhaust_this_card_choose_a_friend),
    (None, 0, _this_card_becomes_involved_the_faceoff),
    (r"^While this card has lower power than any other Friends here, you may exhaust it and pay \[(\d+)\] to (.+?)\.?$", 0, _this_card_has_lower_power_than),
    (r"^Remove a counter from one of your ready characters to (draw a card|give a Friend \+1 Power until the end of the turn)\. "
     r"If (?:you remove the counter from an? (\w+) or (\w+)|the counter is an? (\w+) counter), "
     r"(draw 2 cards|give that Friend \+2 Power) instead\.?$", 0, _remove_a_counter_one_of_your),
    (r"^While this card is at a Problem with (\d+|two) or more other characters, turn this card over\.?$", 0, _this_card_at_a_problem_two),
    (r"^Exhaust that Friend to put a \+1 power counter on it, then add its power to another Friend until the end of the turn\.?$", 0, _exhaust_that_friend_to_put_a),
    (r"^Exhaust (3|three|2|two) of your Friends to (.+)$", 0, _exhaust_three_two_of_your_friends),
    (r"^Choose one of your ready cards\. Exhaust this card and that card to (.+)$", 0, _choose_one_of_your_ready_cards),
    (r"^Exhaust this card at a Problem to (.+)$", 0, _exhaust_this_card_at_a_problem),
    (r"^Banish this card from your discard pile to (.+)$", 0, _banish_this_card_your_discard_pile),
    (r"^Banish this card from your hand to (.+)$", 0, _banish_this_card_your_hand_to),
    (r"^(.+?) to (.+)$", 0, _cost_to_effects),
    (r"^(Exhaust this card)\.?$", 0, _exhaust_this_card),
    (r"^Pay \[(\d+)\] to Cutie Mark this card\.?$", 0, _pay_to_cutie_mark_this_card),
    (r"^While there are at least (\d+) (%s) Friends at this card's Problem, you may turn this card over\.?$"
     % "|".join(TRAITS), 0, _there_are_at_least_friends_at),
    (r"^Put this card (on top of its owner's deck|into its owner's hand)\.?$", 0, _put_this_card_on_top_of),
)


def _activated_line(rest, timing, card_type, line):
    return first_match(ACTIVATED_TEMPLATES, rest, timing, card_type, line)


def _timed_line(m, line, card_type, keywords, extra_lines, raw, body):
    """"Main Phase: ...", "Faceoff Reaction: ...": a Reaction (512.4), an Event (304) or an activated ability (703)."""
    timing = TIMINGS[m.group(1).lower()]
    rest = m.group(2)
    if card_type == "Event" and extra_lines:
        rest = rest + " " + " ".join(_clean(x) for x in extra_lines)
    if timing == "reaction":
        ab = parse_reaction(rest, card_type, line)
        if ab is not None:
            return ab
    elif m.group(1).endswith(" Reaction"):
        # 512.4b "Faceoff Reaction" / "Main Phase Reaction": a Reaction only during that faceoff / Phase
        ab = parse_reaction(rest, card_type, line)
        if ab is None:
            return {"kind": "manual", "text": raw, "timing": timing}
        return {**ab, "timing": timing}
    if card_type == "Event":
        return _event_line(rest, timing, line, raw)
    ma = re.match(r"^While you have no \[(%s)\] Friends, you may exhaust this card\. If you do, this card is also a "
                  r"\[\1\] Friend until the end of the (phase|turn)\.?$" % COLOR_RE, rest)
    if ma and card_type == "Resource":
        # the condition is checked as the ability is activated; exhausting it is its cost (703.1d: no
        # "to", but "you may exhaust ... If you do" makes exhausting what the activation pays)
        return {"kind": "activated", "timing": timing, "cost": {"exhaust": True},
                "while": {"k": "you_have_none", "sel": {"type": "Friend", "ctrl": "you", "color": ma.group(1)}},
                "effects": [{"op": "also_friend", "color": ma.group(1), "until": until_word(ma.group(2))}], "text": line}
    if rest.startswith(("During a faceoff, ", "During a Faceoff, ")) and card_type != "Event":
        rest = rest[len("During a faceoff, "):]
        rest = rest[0].upper() + rest[1:]
        timing = "faceoff"
    ab = _activated_line(rest, timing, card_type, line)
    return ab if ab is not None else {"kind": "manual", "text": raw, "timing": timing}


def _watched_event(_match, line, card_type, keywords, extra_lines, raw, body):
    """"When an opponent plays a Friend, ...": a watched event (triggers.watch_trigger) unless a TRIGGERS phrase fits."""
    if not any(re.match(pat, line) for pat, _, _ in TRIGGERS):
        wt = watch_trigger(line, card_type)
        if wt is not None:
            on, extra, body_ = wt
            body_ = re.sub(r"^that opponent ", "your opponent ", body_)
            if extra["subj"].pop("as_by", None):
                extra = {**extra, "as_by": True}
                body_ = re.sub(r"^retire (a|an) ", r"retire one of your ", body_)  # 410.2 their own card
            effs = parse_effects(body_)
            if effs is not None and not extra["subj"].get("sel", {}).get("self"):
                other_than_it(effs)
            if effs is not None:
                return {"kind": "trigger", "on": on, "effects": effs, "text": line, **extra}
            return {"kind": "manual", "text": raw, "on": on}
    return NEXT


def _trigger_phrase(_match, line, card_type, keywords, extra_lines, raw, body):
    """A ``TRIGGERS`` phrase and its body, the body read as the player who follows it ("they" -> "you")."""
    for pat, on, extra in TRIGGERS:
        mm = re.match(pat, line)
        if mm:
            body_ = line[mm.end():]
            if callable(extra):
                extra = extra(mm)
            if on == "flipped":
                # "it" is the flipped card itself (Chaos: When this card is flipped, it has +2 power ...)
                body_ = re.sub(r"^it (?:has|gets) ", "this card gets ", body_)
            if "n" in mm.groupdict():  # "with at least N characters / colors": the number from the text
                extra = {k: (int(mm.group("n")) if v is None else v) for k, v in extra.items()}
            if on == "confront_this_any":
                body_ = re.sub(r"^that player's opponent ", "your opponent ", body_)
                if "that player's opponent" in body_ or "another player" in body_:
                    return {"kind": "manual", "text": raw, "on": on}
                body_ = re.sub(r"^they ", "", body_)
                body_ = re.sub(r"\b(?:that player|they)\b", "you", body_)
                body_ = re.sub(r"\btheir\b", "your", body_)
                body_ = re.sub(r"^you (\w+)s\b", r"\1", body_)
            elif on in ("opp_tp_start", "any_tp_start", "any_turn_start", "any_tp_end", "any_main_start"):
                # "they ..." / "that player ...": the turn player follows the effect as "you"
                mt = re.match(r"^(?:they|that player) ", body_)
                if mt:
                    body_ = body_[mt.end():]
                    body_ = re.sub(r"\b(?:that player|they)\b", "you", body_)
                    body_ = re.sub(r"\btheir\b", "your", body_)
                    body_ = re.sub(r"\bthem\b", "you", body_)
                    if body_.startswith("may "):
                        body_ = "you " + body_  # "they may pay [2] to ..."
                    body_ = re.sub(r"^(\w+(?:sh|ch|ss)es|\w+s)\b", lambda m_: m_.group(1)[:-2] if m_.group(1).endswith(("shes", "ches", "sses")) else m_.group(1)[:-1], body_)
                    extra = {**extra, "as_tp": True}
                elif (on == "any_turn_start" or extra.get("opp_turn")) and not re.search(r"\b(?:they|them|their|that player)\b", body_):
                    pass  # "you" is this card's controller (CN10: "if this card has ..., you may ready it")
                elif on in ("any_tp_start", "any_tp_end", "any_main_start") or re.search(r"\b(?:they|them|that player)\b", body_):
                    return {"kind": "manual", "text": raw, "on": on}
                else:
                    body_ = re.sub(r"\btheir\b", "your opponent's", body_)
            elif on == "any_turn_end" and re.match(r"^that player loses \[(\d+)\]\.?$", body_):
                # "At the end of each player's turn, that player loses [1]": the turn player
                n_ = int(re.match(r"^that player loses \[(\d+)\]\.?$", body_).group(1))
                return {"kind": "trigger", "on": on, "effects": [{"op": "lose_tokens", "n": n_, "who": "you"}],
                        "text": line, "as_tp": True}
            elif on == "opp_confronts" and body_.startswith("that opponent "):
                body_ = "your opponent " + body_[len("that opponent "):]
            elif on == "opp_turn_end" and re.match(r"^that (?:player|opponent) ", body_):
                body_ = "your opponent " + body_.split(" ", 2)[2]
            elif on in LEAVES_PLAY_EVENTS and re.match(r"^put it into its owner'?s? hand\.?$", body_):
                # resolved after the card left play: "it" is the card in its new zone (410.6a)
                body_ = "return the card that left play to its owner's hand"
            elif card_type == "Problem" and on in ("enter", "solved") and body_.startswith("its owner may "):
                body_ = "you may " + body_[len("its owner may "):]
                body_ = re.sub(r"\btheir\b", "your", body_)
            effs = parse_effects(body_)
            if effs is not None and extra.get("as_tp"):
                for e_ in effs:
                    if e_.get("op") == "retire" and isinstance(e_.get("target"), dict) and "ctrl" not in e_["target"]:
                        e_["target"] = {**e_["target"], "ctrl": "you"}  # 410.2 "retires a Resource": one of theirs
            if effs is not None:
                return {"kind": "trigger", "on": on, "effects": effs, "text": line, **extra}
            return {"kind": "manual", "text": raw, "on": on}
    return NEXT


def _compound_static_line(_match, line, card_type, keywords, extra_lines, raw, body):
    multi = compound_static(body, card_type)
    if multi is not None:  # one line, several continuous abilities (compile_face lists each)
        return {"kind": "multi", "abilities": [{"kind": "static", **d, "text": line} for d in multi], "text": line}
    return NEXT


def _static_keyword_line(_match, line, card_type, keywords, extra_lines, raw, body):
    d = parse_static_keyword(body, card_type)
    if d is not None:
        return {"kind": "static", **d, "text": line}
    return NEXT


def _conditional_static_line(_match, line, card_type, keywords, extra_lines, raw, body):
    d = conditional_static(body, card_type)
    if d is not None:
        return {"kind": "static", **d, "text": line}
    for pat, fn in STATIC_TEMPLATES:
        mm = re.match(pat, body)
        if mm:
            d = fn(mm)
            if d.get("cond", {}).get("k") == "fo_any":
                d["cond"] = None
                d["fo_only"] = True
            return {"kind": "static", **d, "text": line}
    return NEXT


def _faceoff_static_line(_match, line, card_type, keywords, extra_lines, raw, body):
    d = parse_static_faceoff(body, card_type)
    if d is not None:
        return {"kind": "static", **d, "text": line}
    return NEXT


def _static_power_line(_match, line, card_type, keywords, extra_lines, raw, body):
    d = parse_static_power(body)
    if d is not None and d.pop("this_friend", None) and card_type == "Resource":
        d["target"] = "host"
    if d is not None and card_type != "Event":
        return {"kind": "static", **d, "text": line}
    return NEXT


def _static_extra_line(_match, line, card_type, keywords, extra_lines, raw, body):
    d = parse_static_extra(body, card_type) if card_type != "Event" else None
    if d is not None:
        return {"kind": "static", **d, "text": line}
    return NEXT


def _continuous_line(_match, line, card_type, keywords, extra_lines, raw, body):
    d = parse_continuous_line(body, card_type) if card_type != "Event" else None
    if d is not None:
        return {"kind": "static", **d, "text": line}
    return NEXT


def _several_abilities(_match, line, card_type, keywords, extra_lines, raw, body):
    ab = _multi_ability_lines(body, card_type, line)
    if ab is not None:
        return ab
    return NEXT


def _manual_line(_match, line, card_type, keywords, extra_lines, raw, body):
    return {"kind": "manual", "text": raw}


#: parse_line's templates in the order they are tried (first match wins: the order is behaviour);
#: each (pattern matched at the start of ``line``, flags, builder); a builder without a pattern is
#: always tried; it returns NEXT to let the next template try, ``Rewrite(text)`` to go on with a
#: reworded text, else the result
LINE_TEMPLATES: tuple = (
    (r"^Harmony (%s): (.+)$" % "|".join(TRAITS), 0, _harmony),
    (r"^When this card enters play and at the start of each of your turns, (.+)$", 0, _when_this_card_enters_play_at),
    (None, 0, _whole_trigger_line),
    (None, 0, _keyword_line),
    (None, 0, _this_card_enters_play_choose_name),
    (None, 0, _play_to_your_home_you_must),
    (None, 0, _play_to_your_home_choose_a),
    (None, 0, _play_to_your_home),
    (None, 0, _play_on_a_problem),
    (None, 0, _play_on_an_opponent_non_epic),
    (None, 0, _play_this_card_on),
    (r"^(Immediate|Main Phase): Pay \[(\d+)\] and (choose a color to .+?)\.?$", 0, _immediate_main_phase_pay_choose_a),
    # events and activated abilities: "<Timing>: ..."
    (r"^(Main Phase Reaction|Problem Faceoff Reaction|Troublemaker Faceoff Reaction|Faceoff Reaction|Main Phase|Immediate|Problem Faceoff|Troublemaker Faceoff|Faceoff|Reaction|Any Phase|Score Phase|Troublemaker Phase):\s*(.+)$", 0, _timed_line),
    (None, 0, _watched_event),
    (None, 0, _trigger_phrase),
    (None, 0, _compound_static_line),
    (None, 0, _static_keyword_line),
    (None, 0, _conditional_static_line),
    (None, 0, _faceoff_static_line),
    (None, 0, _static_power_line),
    (None, 0, _static_extra_line),
    (None, 0, _continuous_line),
    (None, 0, _several_abilities),
    (None, 0, _manual_line),
)


def parse_line(line: str, card_type: str, keywords: dict, extra_lines: tuple = ()) -> dict:
    """One line of a card's text (a paragraph, 701.2) -> its ability dict (``LINE_TEMPLATES``; a line no
    template understands is manual).  ``extra_lines``: an Event's following lines, part of its effect."""
    raw = line
    line = _clean(line)
    if not line:
        return {"kind": "keyword"}
    body = line.rstrip(".")
    return first_match(LINE_TEMPLATES, line, card_type, keywords, extra_lines, raw, body)


_SPLIT_TRIGGERS = [
    (r"^When this card enters play or becomes frightened, (.+)$",
     ("When this card enters play, ", "When this card becomes frightened, ")),
    (r"^When an opponent moves or plays a character to this card's Problem, (.+)$",
     ("When an opponent moves a character to this card's Problem, ", "When an opponent plays a Friend to this card's Problem, ")),
]


def compile_face(face: FaceDef) -> tuple[list[dict], list[str], dict[str, int]]:
    abilities: list[dict] = []
    manual: list[str] = []
    extra_kw: dict[str, int] = {}
    lines = [ln for ln in face.text.split("\n") if ln.strip()]
    if face.type == "Event":
        # an Event's text is processed in order (304.2): lines after the timing line continue it
        idx = next((i for i, ln in enumerate(lines) if re.match(r"^(Main Phase Reaction|Problem Faceoff Reaction|Troublemaker Faceoff Reaction|Faceoff Reaction|Main Phase|Immediate|Problem Faceoff|Troublemaker Faceoff|Faceoff|Reaction|Any Phase|Score Phase|Troublemaker Phase):", ln.strip())), None)
        if idx and re.match(r"^As an additional cost to play this card, (?:discard (?:a|one|two|three|\d+) cards?|retire a Friend)\.?$",
                            lines[idx - 1].strip()):
            # the additional cost (508) printed as its own paragraph before the timing line: the same
            # cost as "<Timing>: As an additional cost to play this card, ... <effects>"
            mt_ = re.match(r"^([^:]+):\s*(.+)$", lines[idx].strip())
            lines = lines[:idx - 1] + [f"{mt_.group(1)}: {lines[idx - 1].strip()} {mt_.group(2)}"] + lines[idx + 1:]
            idx -= 1
        if idx is not None and idx + 1 < len(lines):
            tail = [ln for ln in lines[idx + 1:] if not ln.strip().startswith(("Chaos:", "Harmony"))]
            keep = [ln for ln in lines[idx + 1:] if ln.strip().startswith(("Chaos:", "Harmony"))]
            ab = parse_line(lines[idx], face.type, face.keywords, tuple(tail))
            if ab["kind"] == "event" and not ab.get("manual"):
                # "Harmony <Trait>: ..." is a tag word (701.5): the paragraph is more of the Event's
                # instructions, processed in order (304.2); its own text states its condition
                for ln in list(keep):
                    mh = re.match(r"^Harmony (?:%s): (.+)$" % "|".join(TRAITS), _clean(ln))
                    mi = re.match(r"^If you have an? (%s) character, (.+) instead\.?$" % "|".join(TRAITS), mh.group(1)) if mh else None
                    alt = parse_effects(mi.group(2)) if mi else None
                    if alt is not None:  # "If you have a Pegasus character, <effects> instead": one or the other
                        ab = {**ab, "effects": [{"op": "if", "cond": {"k": "you_have", "sel": {
                            "type": "character", "ctrl": "you", "trait": mi.group(1)}}, "effects": alt, "else": list(ab["effects"])}],
                            "text": ab["text"] + " / " + _clean(ln)}
                        keep.remove(ln)
                        continue
                    effs = parse_effects(mh.group(1)) if mh else None
                    if effs is not None:
                        ab = {**ab, "effects": list(ab["effects"]) + effs, "text": ab["text"] + " / " + _clean(ln)}
                        keep.remove(ln)
            lines = lines[:idx] + keep
            if ab["kind"] == "manual" or ab.get("manual"):
                manual.append(ab["text"] + (" / " + " / ".join(tail) if tail else ""))
            abilities.append(ab)
    for i, ln in enumerate(lines):
        mm = re.match(r"^When you play or move this card to a Problem, (.+)$", ln.strip())
        if mm:  # two triggered abilities with the same effect
            a1 = parse_line("When you play this card to a Problem, " + mm.group(1), face.type, face.keywords)
            a2 = parse_line("When you move this card to a Problem, " + mm.group(1), face.type, face.keywords)
            if a1["kind"] == "trigger" and a2["kind"] == "trigger":
                abilities.extend([{**a1, "text": ln}, {**a2, "text": ln}])
                continue
            manual.append(ln)
            abilities.append({"kind": "manual", "text": ln})
            continue
        ms = next(((m_, parts) for pat, parts in _SPLIT_TRIGGERS if (m_ := re.match(pat, ln.strip()))), None)
        if ms:  # one line, two trigger conditions with the same effect
            abs_ = [parse_line(pre + ms[0].group(1), face.type, face.keywords) for pre in ms[1]]
            if all(a["kind"] == "trigger" for a in abs_):
                abilities.extend({**a, "text": ln} for a in abs_)
                continue
        ma = re.match(r"^(Main Phase: .+?\.) Any player may activate this ability\.?$", ln.strip())
        if ma and face.type != "Event":
            # 703: an activated ability any player may activate (as the turn player in their Main Phase,
            # 512.3); "you" is the player activating it (flow.priority_actions, ``any_player``)
            ab = parse_line(ma.group(1), face.type, face.keywords)
            ab = {**ab, "any_player": True, "text": ln} if ab["kind"] == "activated" else {"kind": "manual", "text": ln}
        else:
            ab = parse_line(ln, face.type, face.keywords)
        if ab["kind"] == "multi":
            abilities.extend(ab["abilities"])
            continue
        if ab["kind"] == "keyword":
            extra_kw.update(ab.get("keywords", {}))
            continue
        if ab.get("parts"):  # one line, several continuous abilities ("That Friend has +2 power and Prepared")
            abilities.extend({"kind": ab["kind"], **part, "text": ab["text"]} for part in ab["parts"])
            continue
        if ab["kind"] == "manual" or ab.get("manual"):
            manual.append(ab["text"])
        abilities.append(ab)
    _instead_power(abilities, manual)
    _attached_that(abilities)
    for k in list(face.keywords) + list(extra_kw):
        if k not in AUTOMATED_KEYWORDS:
            manual.append(f"{k} (keyword)")
    return abilities, manual, extra_kw


def _instead_power(abilities: list, manual: list) -> None:
    """"That Friend has +2 power. / Harmony Changeling: If that Friend is a Changeling, it has +4 power
    instead": the second line becomes the difference (+2 more) while the host has that trait."""
    for i, a in enumerate(abilities):
        if a.get("kind") != "static" or "instead_trait" not in a:
            continue
        base = [b for b in abilities if b is not a and b.get("kind") == "static" and b.get("op") == "power"
                and b.get("target") == "host" and not b.get("cond") and "instead_trait" not in b]
        if len(base) != 1:
            abilities[i] = {"kind": "manual", "text": a["text"]}
            manual.append(a["text"])
            continue
        abilities[i] = {"kind": "static", "op": "power", "n": a["to"] - base[0]["n"], "target": "host",
                        "cond": {"k": "host_trait", "trait": a["instead_trait"]}, "text": a["text"]}


def _flat_effects(effects):
    for e in effects or ():
        yield e
        for v in e.values():
            if isinstance(v, list) and v and isinstance(v[0], dict):
                yield from _flat_effects(v)


def _attached_that(abilities: list) -> None:
    """On a card played on another (509: a Resource's host), "that Friend / that Troublemaker / that
    character" in a triggered or activated ability is the host unless an earlier effect of the ability
    chose a card ("move that Friend", MT97; "Pay [1] to move that Troublemaker", MT95).  Watched events
    ("When that Friend becomes exhausted, dismiss it") and Reactions keep "it": the card the event is about."""
    if not any(a.get("kind") == "play_on" for a in abilities):
        return
    for a in abilities:
        if a.get("kind") not in ("trigger", "activated") or a.get("subj") or a.get("rx"):
            continue
        if not re.search(r"\bthat (?:Friend|Troublemaker|character)\b", a.get("text", "")):
            continue
        for e in _flat_effects(a.get("effects")):
            t = e.get("target")
            if t == {"it": True}:
                e["target"] = {"host": True}
            elif isinstance(t, dict) and not (t.get("self") or t.get("host")):
                break  # an earlier effect chose a card: "that Friend" is the chosen one from here on


def compile_card(card):
    """Fill a CardDef's abilities (per face) and its automated flag."""
    abilities: dict[str, tuple] = {}
    manual: list[str] = []
    faces = {"front": card.front}
    if card.boosted is not None:
        faces["boosted"] = card.boosted
    new_faces = {}
    for name, face in faces.items():
        override = DEFINITIONS.get(card.number, {}).get(name) if card.number in DEFINITIONS else None
        if override is not None:
            abilities[name] = tuple(override)
            # the keyword lines of its text ("Diligent 1") still count; "<face>_keywords": a line that is a
            # keyword's own wording ("Immediate: You may play this card from your hand" is Hasty, EO212)
            kws = {**compile_face(face)[2], **DEFINITIONS[card.number].get(name + "_keywords", {})}
            new_faces[name] = replace(face, keywords={**face.keywords, **kws}) if kws else face
            continue
        abl, man, extra = compile_face(face)
        if face.type == "Event" and not any(a["kind"] == "event" for a in abl) and face.text.strip():
            man.append(face.text)
        if extra:
            face = replace(face, keywords={**face.keywords, **extra})
        new_faces[name] = face
        abilities[name] = tuple(abl)
        manual.extend(man)
    object.__setattr__(card, "abilities", abilities)
    object.__setattr__(card, "front", new_faces["front"])
    if "boosted" in new_faces:
        object.__setattr__(card, "boosted", new_faces["boosted"])
    object.__setattr__(card, "automated", not manual)
    object.__setattr__(card, "unautomated_lines", tuple(manual))
    return card


def _multi_ability_lines(body: str, card_type: str, line: str) -> dict | None:
    """Whole lines that give several abilities (``multi``)."""
    m = re.match(r"^As this card enters play, choose up to (two|three) colors\. This card has those colors$", body)
    if m:  # (as "choose a color. This card is that color": asked as it enters play)
        return {"kind": "trigger", "on": "enter", "effects": [{"op": "choose_colors", "n": word_number(m.group(1))}], "text": line}
    m = re.match(r"^The first player to play a Friend to this Problem gains \[(\d+)\]$", body)
    if m and card_type == "Problem":  # a watched play (705.2g) of the first Friend played here; "that player" gains
        return {"kind": "trigger", "on": "w_play", "effects": [{"op": "gain", "n": int(m.group(1))}], "text": line,
                "subj": {"ptype": "Friend", "to": "here", "once_game": True}, "as_by": True}
    if re.match(r"^As this card enters play, you may reveal a Friend in your hand\. This card is the revealed Friend's colors$", body):
        return {"kind": "trigger", "on": "enter", "effects": [{"op": "reveal_colors"}], "text": line}
    if card_type != "Resource":
        return None
    # "Play on a Friend. If that Friend is (not) yours, you may exhaust / move it." (its instruction is
    # followed as the Resource enters play, attached; "you may" is its controller's decision, 712.3)
    m = re.match(r"^Play on a Friend\. If that Friend is (not )?yours, you may (exhaust|move) it$", body)
    if m:
        eff = {"op": m.group(2), "target": {"host": True}, **({"to": "choose"} if m.group(2) == "move" else {})}
        trig = {"kind": "trigger", "on": "enter", "text": line,
                "effects": [{"op": "if", "cond": {"k": "host_yours", "yours": not m.group(1)},
                             "effects": [{"op": "may", "effects": [eff]}]}]}
        return {"kind": "multi", "abilities": [{"kind": "play_on", "host": {"type": "Friend"}}, trig], "text": line}
    # "Exhaust that Friend. That Friend does not ready during the Ready Phase." (603.1)
    if re.match(r"^Exhaust that Friend\. That Friend does not ready during the Ready Phase$", body):
        return {"kind": "multi", "text": line, "abilities": [
            {"kind": "trigger", "on": "enter", "effects": [{"op": "exhaust", "target": {"host": True}}], "text": line},
            {"kind": "static", "op": "no_ready", "target": "host", "phase": "ready", "text": line}]}
    return None
