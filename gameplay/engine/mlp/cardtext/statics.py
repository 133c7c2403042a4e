"""Continuous abilities (702): power, keyword grants, conditions and compound statics."""
from __future__ import annotations

from typing import Any

from ..constants import COLOR_WORDS
from .targets import parse_target
from .vocab import COLOR_RE, GRANTABLE_KW, TRAITS, X_KEYWORDS, re


STATIC_TEMPLATES: list[tuple[str, Any]] = [
    (r"^This card has \+(\d+) power for each (Event|Friend|Troublemaker|Resource) in each Banished Zone$",
     lambda m: {"op": "power_per", "n": int(m.group(1)), "count": {"k": "ban_type", "type": m.group(2)}}),
    (r"^Start the game with this card at your home$", lambda m: {"op": "start_in_play"}),
    (r"^Troublemakers played here enter play face-up$", lambda m: {"op": "tm_face_up_here"}),
    (r"^This card (?:gets|has) \+(\d+) power for each of your opponent's characters at its Problem$",
     lambda m: {"op": "power_per", "n": int(m.group(1)), "count": {"sel": {"type": "character", "ctrl": "opp", "at": "here"}}}),
    (r"^This card has \+(\d+) power for each frightened Friend in play$",
     lambda m: {"op": "power_per", "n": int(m.group(1)), "count": {"sel": {"type": "Friend", "state": "frightened"}}}),
    (r"^This card has \+(\d+) power for each card in your opponent's hand$",
     lambda m: {"op": "power_per", "n": int(m.group(1)), "count": {"k": "opp_hand"}}),
    (r"^This card has \+(\d+) power for each of your action tokens$",
     lambda m: {"op": "power_per", "n": int(m.group(1)), "count": {"k": "your_tokens"}}),
    (r"^This card has \+(\d+) power for each action token an opponent has$",
     lambda m: {"op": "power_per", "n": int(m.group(1)), "count": {"k": "opp_tokens"}}),
    (r"^While this card is Cutie Marked, (?:it|this card) (?:has|gets) \+(\d+) power$", lambda m: {"op": "power", "n": int(m.group(1)), "target": "self", "cond": {"k": "cutie"}}),
    (r"^(?:Your opponent|Opponents) must pay \+\[(\d+)\] to move (?:a character|characters) to this card's Problem$", lambda m: {"op": "opp_move_cost", "n": int(m.group(1))}),
    (r"^You gain an additional \[(\d+)\] during your Action Step, and draw an extra card during your Draw Step$",
     lambda m: {"op": "extra_tokens_draw", "n": int(m.group(1))}),
    (r"^Troublemakers can't be uncovered here$", lambda m: {"op": "no_uncover"}),
    (r"^Opponents play with their hands revealed$", lambda m: {"op": "reveal_opp_hands"}),
    (r"^This card has \+(\d+) power for each card beneath it$", lambda m: {"op": "power_per_beneath", "n": int(m.group(1))}),
    (r"^This card can't contribute its power to confronting Problems$", lambda m: {"op": "no_confront_power"}),
    (r"^This card can't be frightened$", lambda m: {"op": "cant_frighten"}),
    (r"^This card can't leave play(?: or lose abilities)?$", lambda m: {"op": "cant_leave"}),
    (r"^That (?:[Ff]riend|character|card|Troublemaker) (?:has|gets) \+(\d+) power$", lambda m: {"op": "power", "n": int(m.group(1)), "target": "host"}),
    (r"^That (?:Friend|character|card|Troublemaker) (?:has|gets) [-–](\d+) power$", lambda m: {"op": "power", "n": -int(m.group(1)), "target": "host"}),
    (r"^(?:This card (?:has|gets) \+(\d+) power while (?:it is )?involved in a faceoff|While (?:this card is )?involved in a faceoff, (?:this card|it) (?:has|gets) \+(\d+) power)$",
     lambda m: {"op": "power", "n": int(m.group(1) or m.group(2)), "target": "self", "cond": {"k": "faceoff"}}),
    (r"^(?:During faceoffs involving this card, flip an additional card|Flip an additional card during faceoffs involving this card)$",
     lambda m: {"op": "flip_extra", "n": 1}),
    (r"^Troublemakers here have ([+\-–]\d+) power$", lambda m: {"op": "power", "n": int(m.group(1).replace("–", "-")), "target": {"type": "Troublemaker", "at": "here"}}),
    (r"^This card does not count against your home limit$", lambda m: {"op": "no_home_limit"}),
    (r"^This card can't contribute its power to faceoffs$", lambda m: {"op": "no_faceoff_power"}),
    (r"^Troublemakers can't be played here$", lambda m: {"op": "no_tm_here"}),
    (r"^Your opponents? needs? \+(\d+) power to confront this card's Problem$", lambda m: {"op": "opp_needs", "n": int(m.group(1))}),
    (r"^(?:That opponent|Opponents) needs? \+(\d+) power to confront this Problem$", lambda m: {"op": "opp_needs", "n": int(m.group(1))}),
    (r"^Players can't score more than (\d+) points per turn$", lambda m: {"op": "max_points_per_turn", "n": int(m.group(1))}),
    (r"^Your opponent's home limit is (?:reduced|decreased) by (\d+)$", lambda m: {"op": "opp_home_limit", "n": int(m.group(1))}),
    (r"^While you have at least (\d+) cards in your hand, this card has \+(\d+) power$",
     lambda m: {"op": "power", "n": int(m.group(2)), "target": "self", "cond": {"k": "hand_at_least", "n": int(m.group(1))}}),
    (r"^(?:Your )?(?:other )?Friends here have \+(\d+) power$", lambda m: {"op": "power", "n": int(m.group(1)), "target": {"type": "Friend", "ctrl": "you", "at": "here", "other": True}}),
    (r"^Your (?:other )?characters here have \+(\d+) power$", lambda m: {"op": "power", "n": int(m.group(1)), "target": {"type": "character", "ctrl": "you", "at": "here", "other": True}}),
    (r"^Opposing characters here have [-–](\d+) power during faceoffs$", lambda m: {"op": "power", "n": -int(m.group(1)), "target": {"type": "character", "ctrl": "opp", "at": "here"}, "cond": {"k": "fo_any"}}),
    (r"^This card has \+(\d+) power while at a Problem$", lambda m: {"op": "power", "n": int(m.group(1)), "target": "self", "cond": {"k": "at_problem"}}),
    (r"^This card has \+(\d+) power while at (?:your )?home$", lambda m: {"op": "power", "n": int(m.group(1)), "target": "self", "cond": {"k": "at_home"}}),
    (r"^(?:During your turn, this card has|This card has) \+(\d+) power during your turn$", lambda m: {"op": "power", "n": int(m.group(1)), "target": "self", "cond": {"k": "your_turn"}}),
]


_STATIC_CONDS = [
    (r"^While this card is at a Problem, ", {"k": "at_problem"}),
    (r"^While (?:this card is )?at (?:your )?home, ", {"k": "at_home"}),
    (r"^(?:While (?:this card is )?involved in a faceoff|During faceoffs involving this card|During a faceoff involving this card), ", {"k": "faceoff"}),
    (r"^During your turn, ", {"k": "your_turn"}),
    (r"^During (?:your opponent's|an opponent's|each opponent's) turn, ", {"k": "opp_turn"}),
    (r"^While this card is Cutie Marked, ", {"k": "cutie"}),
    (r"^While you have at least (\d+) cards in your hand, ", lambda m: {"k": "hand_at_least", "n": int(m.group(1))}),
    (r"^While your Mane Character is \[(\w+)\], ", lambda m: {"k": "mane_color", "color": m.group(1)}),
    (r"^While you have (\d+) or fewer cards in your hand, ", lambda m: {"k": "hand_at_most", "n": int(m.group(1))}),
    (r"^While an opponent's Mane Character is boosted, ", {"k": "opp_mane_boosted"}),
    (r"^While an opponent's Mane Character is at home, ", {"k": "opp_mane_home"}),
    (r"^While there are no opposing characters here, ", {"k": "no_opp_here"}),
    (r"^While this card is exhausted, ", {"k": "exhausted"}),
    (r"^While this card is ready, ", {"k": "ready"}),
    (r"^While your opponent's Mane Character is boosted, ", {"k": "opp_mane_boosted"}),
    (r"^While with another (?:one )?of your \[(\w+)\] (Friends|characters), ",
     lambda m: {"k": "with", "color": m.group(1), "type": "Friend" if m.group(2) == "Friends" else "character"}),
    (r"^While with another (?:one )?of your ([A-Z][\w-]+(?: Pony)?) (Friends|characters), ",
     lambda m: {"k": "with", "trait": m.group(1), "type": "Friend" if m.group(2) == "Friends" else "character"}),
    # conditions added with the grants work (Rules._cond)
    (r"^While with at least one of your ([A-Z][\w-]+(?: Pony)?) (Friends|characters), ",
     lambda m: {"k": "with", "trait": m.group(1), "type": "Friend" if m.group(2) == "Friends" else "character"}),
    (r"^While with your ((?!Mane Character\b)[A-Z][\w'.-]*(?: (?:[A-Z][\w'.-]*|of|the))*), ",
     lambda m: {"k": "with_title", "title": m.group(1)}),
    (r"^While (?:this card is )?at a Problem with (.+?), ", lambda m: _at_problem_with(m.group(1))),
    (r"^While (?:an|your) opponent has more Friends than you, ", {"k": "friends_cmp", "who": "opp"}),
    (r"^While you have more Friends than (?:an|your) opponent, ", {"k": "friends_cmp", "who": "you"}),
    (r"^While you have (?:a|an|at least one) (Friend|Resource|Event) in your discard pile, ",
     lambda m: {"k": "disc_has", "type": m.group(1)}),
    (r"^While you have (?:a|an|at least one) (.+?) in play, ", lambda m: _you_have("a " + m.group(1), False)),
    (r"^While you have a Friend with higher power than its cost, ",
     {"k": "you_have", "sel": {"type": "Friend", "ctrl": "you", "power_gt_cost": True}}),
    (r"^While you have (another|an?) ((?:%s) (?:character|Friend))s?, " % "|".join(TRAITS),
     lambda m: _you_have("a " + m.group(2), m.group(1) == "another")),
    (r"^While a player has (\d+) or more points, ", lambda m: {"k": "any_score_at_least", "n": int(m.group(1))}),
    (r"^While an opponent has more points than you, ", {"k": "opp_more_points"}),
    (r"^While an opponent has at least \[(\d+)\], ", lambda m: {"k": "opp_tokens_at_least", "n": int(m.group(1))}),
]


def static_condition(prefix: str) -> dict | None:
    """"While an opponent has more Friends than you, " (a whole prefix) -> that continuous ability's
    condition (``_STATIC_CONDS``), or None."""
    for pat, cond in _STATIC_CONDS:
        m = re.match(pat + "$", prefix)
        if m:
            return cond(m) if callable(cond) else dict(cond)
    return None


def _at_problem_with(what: str) -> dict | None:
    """"a [Kindness] Friend", "a Report Resource", "a Troublemaker", "Pinkie Pie", "an opponent's
    Octavia" -> an ``at_problem_with`` condition (another card at this card's Problem)."""
    mt = re.match(r"^(?:(an opponent's|your) )?((?:[A-Z][\w'.-]*)(?: [A-Z][\w'.-]*)*)$", what)
    if mt and not what.startswith(("A ", "An ")) and parse_target("a " + mt.group(2)) is None:
        sel: dict[str, Any] = {"type": "card", "title": mt.group(2)}
        if mt.group(1):
            sel["ctrl"] = "opp" if mt.group(1) == "an opponent's" else "you"
        return {"k": "at_problem_with", "sel": sel}
    tg = parse_target(what)
    if tg is None or tg.get("each") or tg.get("self") or tg.get("it") or "at" in tg or "min_power" in tg or "max_power" in tg:
        return None
    return {"k": "at_problem_with", "sel": tg}


def _you_have(what: str, other: bool) -> dict | None:
    tg = parse_target(what)
    if tg is None or tg.get("each") or tg.get("self") or tg.get("it") or tg.get("ctrl") == "opp" \
            or "min_power" in tg or "max_power" in tg:
        return None
    tg = dict(tg, ctrl="you")
    if other:
        tg["other"] = True
    return {"k": "you_have", "sel": tg}
_STATIC_TAILS = [
    (r" while (?:this card is )?at a Problem$", {"k": "at_problem"}),
    (r" while (?:this card is )?at (?:your )?home$", {"k": "at_home"}),
    (r" during your turn$", {"k": "your_turn"}),
    (r" during (?:your opponent's|an opponent's|each opponent's) turns?$", {"k": "opp_turn"}),
]


def static_selector(subj: str) -> dict | None:
    """The subject of a continuous power ability ("Your Critter Friends here") -> selector."""
    if subj.lower() in ("this friend", "this character"):
        return {"this_friend": True}  # the host on a Resource, the card itself otherwise
    subj = re.sub(r"\bCritters\b", "Critter cards", subj)
    subj = re.sub(r"\bSeaponies\b", "Seapony characters", subj)  # (SB53: the irregular plural)
    subj = re.sub(r"\b(Pirate|Dragon|Unicorn|Griffon|Changeling|Alicorn)s\b", r"\1 characters", subj)  # "Your other Pirates"
    if re.match(r"^(?:Friends|characters|Characters|Troublemakers|Mane Characters)\b", subj):
        subj = "each " + subj[0].lower() + subj[1:] if not subj.startswith("Mane") else "each " + subj
    tg = parse_target(subj)
    if tg is None or tg.get("it") or "min_power" in tg or "max_power" in tg:
        return None  # power filters would make power depend on itself
    if tg.get("self"):
        return {"self": True}
    plural = re.search(r"\b(?:Friends|characters|Troublemakers|cards|Resources)\b", subj) and \
        subj.lower().startswith(("your ", "opposing ", "each ", "all "))
    if not tg.get("each") and not plural and not subj.lower().startswith(("your mane character", "this")):
        return None
    tg = dict(tg)
    tg.pop("each", None)
    return tg


def parse_static_power(body: str) -> dict | None:
    """Generic continuous power abilities: "[<condition>, ]<subject> has/have/gets +N power[ <tail>]" and
    "This card has +N power for each <selector>"."""
    cond = None
    for pat, c in _STATIC_CONDS:
        m = re.match(pat, body)
        if m:
            cond, body = (c(m) if callable(c) else c), body[m.end():]
            if cond is None:
                return None
            break
    m = re.match(r"^(?:this card|it) (?:has|gets) ([+-]\d+) power for each (.+?)(?: in play)?$", body, re.I)
    if m:
        if cond is not None or re.search(r"at (?:its|this card's|that) Problem", m.group(2)):
            return None
        tg = parse_target("each " + m.group(2)) if not m.group(2).startswith(("of ", "other ")) else \
            parse_target("each " + m.group(2))
        if tg is None or tg.get("self") or tg.get("it") or "min_power" in tg or "max_power" in tg:
            return None
        tg = dict(tg)
        tg.pop("each", None)
        if tg.get("state") == "frightened" and set(tg) != {"type", "state"} or \
                tg.get("state") == "frightened" and tg.get("type") != "Friend":
            return None  # the engine counts every frightened Friend in play (rules._count)
        return {"op": "power_per", "n": int(m.group(1)), "count": {"sel": tg}}
    m = re.match(r"^(.+?) at a Problem with this card (gets|has|have|get) (.+)$", body) or \
        re.match(r"^(.+?) (gets|has|have|get) ([+-]\d+ power) while at a Problem with this card$", body)
    if m and cond is None:
        cond, body = {"k": "at_problem"}, f"{m.group(1)} here {m.group(2)} {m.group(3)}"
    for pat, c in _STATIC_TAILS:
        m = re.search(pat, body)
        if m:
            if cond is not None:
                return None
            cond, body = c, body[:m.start()]
            break
    state = None
    m = re.search(r" while exhausted$", body)
    if m:
        state, body = "exhausted", body[:m.start()]
    m = re.match(r"^(.+?) (?:has|have|gets|get|each have|each get|each has|each gets) ([+-]\d+) power$", body)
    if not m:
        return None
    if re.search(r"at (?:its|this card's|that) Problem", m.group(1)) and cond != {"k": "at_problem"}:
        if cond is None or cond.get("k") in ("at_home", "all"):
            return None  # "its Problem" does not exist while the card is at home
        cond = {"k": "all", "conds": [cond, {"k": "at_problem"}]}  # ... and only while it is at a Problem
    tg = static_selector(m.group(1))
    if tg is None:
        return None
    if state:
        if tg.get("self") or "state" in tg:
            return None
        tg["state"] = state
    if tg.get("this_friend"):
        tg = {"self": True, "this_friend": True}
    d = {"op": "power", "n": int(m.group(2)), "target": "self" if tg.get("self") else tg}
    if tg.get("this_friend"):
        d["this_friend"] = True
    if cond is not None:
        d["cond"] = cond
    return d


def parse_static_keyword(body: str, card_type: str) -> dict | None:
    """Continuous keyword grants: "[<condition>, ]<subject> has/have <Keyword>[ X][ <tail>]"
    ("Your Friends here have Persistent", "While this card is at home, it has Swift",
    "That Friend has Showy 2").  The subject and condition reuse the continuous power parser."""
    pcond = None  # a condition on this card's power: only for grants (power can't depend on itself)
    mp = re.match(r"^While this card has (?:at least (\d+)|(\d+) or (?:less|fewer)) power, (?:it|this card) (?=has )", body)
    if mp:
        pcond = {"k": "power_at_least", "n": int(mp.group(1))} if mp.group(1) else {"k": "power_at_most", "n": int(mp.group(2))}
        body = "this card " + body[mp.end():]
    body = re.sub(r"^(.+?) also (has|have) ", r"\1 \2 ", body)  # "this card also has Supportive 2"
    m = re.match(r"^(.+?) (has|have|gets|get) (%s)(?: (\d+))?( .+)?$" % "|".join(GRANTABLE_KW), body)
    if not m or card_type == "Event":
        return None
    kw, x, rest = m.group(3), m.group(4), m.group(5) or ""
    if kw in X_KEYWORDS and x is None:
        return None
    subj = re.sub(r", it$", ", this card", m.group(1))
    if re.match(r"^(?:That|This) (?:Friend|character|card)$", subj) and card_type == "Resource":
        d = {"op": "power", "n": 0, "target": "host"}
    else:
        d = parse_static_power(f"{subj} {m.group(2)} +0 power{rest}")
        if d is None:
            return None
        if d.pop("this_friend", None):
            if card_type != "Resource":
                return None
            d["target"] = "host"
    if pcond is not None:
        if d.get("cond") is not None or d.get("target") != "self":
            return None
        d["cond"] = pcond
    d["op"] = "grant_kw"
    d["kw"] = kw
    d["n"] = int(x) if x else 1
    return d


def compound_static(body: str, card_type: str) -> list[dict] | None:
    """Lines holding several continuous abilities: "[<condition>, ]this card has +1 power and Swift",
    "... has +1 power and is also Pink", "This card has Swift while you have a [Loyalty] character,
    Diligent 2 while ...", "While this Friend is involved in a Troublemaker faceoff, it gets +2
    [Laughter]" (colored power: +2 power and the color, 203.2), "This card has Competitive 1 for
    each of your characters here"."""
    if card_type == "Event":
        return None
    m = re.match(r"^(?P<pre>.*?)(?P<subj>it|this card) (?:has|gets) \+(?P<n>\d+) power and (?P<rest>.+)$", body)
    if m:
        p1 = parse_static_power(f"{m.group('pre')}{m.group('subj')} has +{m.group('n')} power")
        mc = re.match(r"^is also (Blue|Orange|Pink|Purple|White|Yellow)$", m.group("rest"))
        if mc and p1 is not None and p1.get("target") == "self" and not p1.get("this_friend"):
            p2 = {k: v for k, v in p1.items() if k != "n"}
            p2.update(op="grant_color", color=COLOR_WORDS[mc.group(1).lower()])
            return [p1, p2]
        p2 = parse_static_keyword(f"{m.group('pre')}{m.group('subj')} has {m.group('rest')}", card_type)
        if p1 is None or p2 is None or p1.get("this_friend") or p1.get("target") != "self" or \
                p2.get("cond", {}).get("k", "").startswith("power_at"):
            return None
        return [p1, p2]
    m = re.match(r"^This card has ((?:%s)(?: \d+)? while you have an? \[(?:%s)\] character(?:,? (?:and )?|$))+$"
                 % ("|".join(GRANTABLE_KW), COLOR_RE), body)
    if m:
        out = []
        for kw, x, col in re.findall(r"(%s)(?: (\d+))? while you have an? \[(%s)\] character" % ("|".join(GRANTABLE_KW), COLOR_RE), body):
            if (kw in X_KEYWORDS) != bool(x):
                return None
            out.append({"op": "grant_kw", "kw": kw, "n": int(x) if x else 1, "target": "self",
                        "cond": {"k": "you_have", "sel": {"type": "character", "ctrl": "you", "color": col}}})
        return out
    m = re.match(r"^While this Friend is involved in a (Troublemaker |Problem )?faceoff, it gets \+(\d+) \[(%s)\]$" % COLOR_RE, body)
    if m and card_type == "Resource":
        cond = {"k": "host_fo", "fo": {"Troublemaker ": "tm", "Problem ": "problem"}.get(m.group(1) or "")}
        return [{"op": "power", "n": int(m.group(2)), "target": "host", "cond": cond},
                {"op": "grant_color", "color": m.group(3), "target": "host", "cond": cond}]
    m = re.match(r"^This card has (Competitive|Supportive) (\d+) for each (.+)$", body)
    if m:
        tg = parse_target("each " + m.group(3))
        if tg is None or not tg.get("each") or "min_power" in tg or "max_power" in tg or tg.get("state"):
            return None
        tg = {k: v for k, v in tg.items() if k != "each"}
        return [{"op": "grant_kw", "kw": m.group(1), "n": int(m.group(2)), "target": "self", "per": {"sel": tg}}]


#: static ops whose readers honour a "While ..." condition (Rules.requirements, frighten, home_limit)
_COND_OPS = ("opp_needs", "cant_frighten", "opp_home_limit")


_ODD_STATICS: tuple[tuple[str, Any], ...] = (
    (r"^While that Friend is the only Friend at its Problem, it has \+(\d+) power$",
     lambda m: {"op": "power", "n": int(m.group(1)), "target": "host", "cond": {"k": "host_only_friend"}}),
    (r"^While at this Problem, this card's owner's Mane Character has \+(\d+) power during the Main Phase$",
     lambda m: {"op": "power", "n": int(m.group(1)), "target": {"type": "Mane Character", "ctrl": "you", "at": "here"},
                "cond": {"k": "main_phase"}}),
    (r"^While this card is not Cutie Marked, it can't contribute its power to confronting Problems$",
     lambda m: {"op": "no_confront_power", "cond": {"k": "not_cutie"}}),
    (r"^While this card is Cutie Marked, it has \+(\d+) power for each card type among cards in your discard pile$",
     lambda m: {"op": "power_per", "n": int(m.group(1)), "count": {"k": "disc_types"}, "cond": {"k": "cutie"}}),
    (r"^While this Friend is at a Problem, your opponent's characters at that Problem each get -(\d+) power during "
     r"the Score Phase$",
     lambda m: {"op": "power", "n": -int(m.group(1)), "target": {"type": "character", "ctrl": "opp", "at": "here"},
                "cond": {"k": "all", "conds": [{"k": "at_problem"}, {"k": "score_phase"}]}}),
    (r"^While there is a facedown Troublemaker here, players can't confront this Problem$",
     lambda m: {"op": "no_confront", "cond": {"k": "fd_tm_here"}}),
    (r"^While an opponent's boosted Mane Character is here, this card's Problem can't be confronted$",
     lambda m: {"op": "no_confront", "cond": {"k": "opp_boosted_mane_here"}}),
    (r"^You may pay \[(\d+)\] less for the activated abilities of ([A-Z][\w' ]+)$",
     lambda m: {"op": "ability_discount", "n": int(m.group(1)), "title": m.group(2)}),
    (r"^While this card is in your home, your home limit is increased by (\d+)$",
     lambda m: {"op": "home_limit_plus", "n": int(m.group(1)), "cond": {"k": "at_home"}}),
    # play-cost discounts (Rules.play_discount, read by flow.card_cost)
    (r"^While there are no opposing characters at this card's Problem, you may pay \[(\d+)\] less to play Events, "
     r"to a minimum of \[1\]$",
     lambda m: {"op": "play_discount", "n": int(m.group(1)), "sel": {"type": "Event"}, "min": 1,
                "cond": {"k": "all", "conds": [{"k": "at_problem"}, {"k": "no_opp_here"}]}}),
    (r"^While this card has power higher than any other Friend here, you may pay \[(\d+)\] less to play Accessories$",
     lambda m: {"op": "play_discount", "n": int(m.group(1)), "sel": {"type": "Resource", "trait": "Accessory"},
                "cond": {"k": "highest_power_here"}}),
    (r"^While an opponent controls a Friend they do not own, you may pay \[(\d+)\] less to play this card$",
     lambda m: {"op": "play_discount", "n": int(m.group(1)), "self": True, "cond": {"k": "opp_controls_not_owned"}}),
)


def conditional_static(body: str, card_type: str) -> dict | None:
    """"While this card is exhausted, your opponent needs +2 power to confront this card's Problem",
    "While an opponent's Mane Character is at home, this card can't be frightened", "While your Mane
    Character is not boosted, it has +1 power" (a Problem's owner's Mane)."""
    for pat, fn in _ODD_STATICS:  # single cards' conditional abilities over the same vocabulary
        m = re.match(pat, body)
        if m:
            return fn(m)
    m = re.match(r"^While your Mane Character is (not )?boosted, it has \+(\d+) power$", body)
    if m and card_type in ("Problem", "Resource"):
        return {"op": "power", "n": int(m.group(2)), "target": {"type": "Mane Character", "ctrl": "you"},
                "cond": {"k": "mane_not_boosted" if m.group(1) else "mane_boosted"}}
    for pat, c in _STATIC_CONDS:
        m = re.match(pat, body)
        if not m:
            continue
        cond = c(m) if callable(c) else c
        rest = body[m.end():]
        rest = rest[:1].upper() + rest[1:]
        for pat2, fn in STATIC_TEMPLATES:
            mm = re.match(pat2, rest)
            if mm:
                d = fn(mm)
                if cond is None or d.get("op") not in _COND_OPS or d.get("cond"):
                    return None
                return {**d, "cond": cond}
        return None
    return None
