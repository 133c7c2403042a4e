"""Selectors: the cards an effect names ("an opposing Friend with 3 or less power") -> a selector dict."""
from __future__ import annotations

from typing import Any

from ..constants import COLOR_NAMES
from .vocab import COLOR_RE, TRAITS, re


# ------------------------------------------------------------------ targets
_TARGET_RE = re.compile(
    r"^(?P<q>a|an|one|each|all|another|this|that|up to one)?\s*"
    r"(?P<oth>other\s+)?"
    r"(?P<own>opposing\s+|opponent's\s+|of your\s+|your\s+|one of your\s+)?"
    r"(?P<state>exhausted\s+|ready\s+|frightened\s+)?"
    r"(?P<color>\[(?:%s)\]\s+)?"
    r"(?P<trait>(?:%s)\s+)?"
    r"(?P<type>Friends?|characters?|Troublemakers?|Resources?|cards?|Mane Characters?)"
    r"(?P<rest>.*)$" % ("|".join(COLOR_NAMES), "|".join(TRAITS))
)


def _set(**values):
    """A selector suffix that sets fixed fields."""
    def apply(m: re.Match, sel: dict) -> bool:
        sel.update(values)
        return True
    return apply


def _power_compare(m: re.Match, sel: dict) -> bool:
    sel["max_power" if m.group(2) == "less" else "min_power"] = int(m.group(1))
    return True


def _power_exact(m: re.Match, sel: dict) -> bool:
    sel["max_power"] = sel["min_power"] = int(m.group(1))
    return True


def _power_at_least(m: re.Match, sel: dict) -> bool:
    sel["min_power"] = int(m.group(1)) + (1 if "more than" in m.group(0) else 0)
    return True


def _printed_at_least(m: re.Match, sel: dict) -> bool:
    sel["min_printed"] = int(m.group(1))  # "with printed power 3 or more" (507.1 the printed number)
    return True


def _in_opponents_home(m: re.Match, sel: dict) -> bool:
    if sel.get("ctrl") not in (None, "opp"):
        return False  # "your Friends in an opponent's home" is not this selector
    sel["ctrl"], sel["at"] = "opp", "home"
    return True


def _printed_power(m: re.Match, sel: dict) -> bool:
    # printed power (the number on the card, 507.1), not its current power
    sel["max_printed"] = int(m.group(1))
    if not m.group(2):
        sel["min_printed"] = int(m.group(1))
    return True


# What may follow a selector's noun ("a Friend with 3 or less power here"), tried in order.
_SELECTOR_SUFFIXES: tuple[tuple[re.Pattern, object], ...] = (
    (re.compile(r"^(?:with|that has) (\d+) or (less|more) power\b\s*"), _power_compare),
    (re.compile(r"^with (\d+) power or (less|more)\b\s*"), _power_compare),
    (re.compile(r"^(?:here|there|at that Problem|at this card's Problem|at its Problem|at this Problem)\b\s*"), _set(at="here")),
    (re.compile(r"^with (\d+) power\b\s*"), _power_exact),
    (re.compile(r"^(?:with (?:at least|more than) (\d+) power)\b\s*"), _power_at_least),
    (re.compile(r"^involved in (?:the|this|that|a) faceoff\b\s*", re.I), _set(at="faceoff")),
    (re.compile(r"^(?:you control|of yours)\b\s*"), _set(ctrl="you")),
    (re.compile(r"^at (?:a|any) Problem\b\s*"), _set(at="problem")),
    (re.compile(r"^in (?:your opponent's|an opponent's) home\b\s*"), _in_opponents_home),
    (re.compile(r"^at (?:your|their|its controller's) home\b\s*"), _set(at="home")),
    (re.compile(r"^at home\b\s*"), _set(at="home")),
    (re.compile(r"^with printed power (\d+) or more\b\s*"), _printed_at_least),
    (re.compile(r"^at an opponent's Problem\b\s*"), _set(at="opp_problem")),
    (re.compile(r"^without an attached (Accessory|Resource)\b\s*"), lambda m, sel: bool(sel.update(no_att=m.group(1))) or True),
    (re.compile(r"^with power higher than any other Friend involved in the faceoff\b\s*"), _set(at="faceoff", highest=True)),
    (re.compile(r"^with printed power (?:of )?(\d+)( or less)?\b\s*"), _printed_power),
    (re.compile(r"^with power greater than its cost\b\s*"), _set(power_gt_cost=True)),
    (re.compile(r"^with power less than or equal to this card's power\b\s*"), _set(max_power_src=True)),
    (re.compile(r"^you own\b\s*"), _set(owner="you")),
    # internal: "there" in a watched-event trigger = the area of the card the event happened to
    (re.compile(r"^at the watched area\b\s*"), _set(at="it")),
    (re.compile(r"^with cost (\d+) or less\b\s*"), lambda m, sel: bool(sel.update(max_cost=int(m.group(1)))) or True),
)


_UNION_RE = re.compile(r"\b(Friend|Resource|Troublemaker)((?:, (?:Friend|Resource|Troublemaker))*),? or (Friend|Resource|Troublemaker)\b")


def printed_filter(trait: str | None, type_: str | None, limit: str | None = None, by_cost: bool = True) -> dict[str, Any]:
    """Filter on printed information (cards outside play, 518): "a Pegasus Friend with cost 2 or
    less" -> {"trait", "type", "max_cost" | "max_power"}; "card" names no type."""
    flt: dict[str, Any] = {}
    if trait:
        flt["trait"] = trait
    if type_ and type_ != "card":
        flt["type"] = type_
    if limit:
        flt["max_cost" if by_cost else "max_power"] = int(limit)
    return flt


def parse_target(text: str) -> dict | None:
    t = text.strip().rstrip(".")
    m2c = re.match(r"^(?:[Aa]n?|[Oo]ne) \[(%s)\] or \[(%s)\] (character|Friend)$" % (COLOR_RE, COLOR_RE), t)
    if m2c:  # "a [Loyalty] or [Kindness] character": any one of the colors (Rules.matches ``colors``)
        return {"type": m2c.group(3), "colors": [m2c.group(1), m2c.group(2)]}
    mu = _UNION_RE.search(t)
    if mu:
        # "a Friend or Resource", "an opposing Friend, Resource, or Troublemaker": any of those card types
        types = [mu.group(1)] + re.findall(r"Friend|Resource|Troublemaker", mu.group(2)) + [mu.group(3)]
        tg = parse_target(t[:mu.start()] + mu.group(1) + t[mu.end():])
        if tg is None or "type" not in tg or len(set(types)) != len(types):
            return None
        return {**tg, "type": "card", "types": types}
    mdet = re.match(r"^(A|An|One|Each|All|Another|This|That|Up|Your|Opposing)\b", t)
    if mdet:
        t = t[0].lower() + t[1:]
    t = re.sub(r"^opposing (\w+s)\b", r"each opposing \1", t) if re.match(r"^opposing \w+s\b", t) else t
    t = re.sub(r"\bCritter(s?)\b(?! (?:Friends?|characters?|cards?|Troublemakers?|Resources?)\b)", r"Critter character\1", t)
    # "a Seapony" / "Seaponies" (SB53): the Seapony Trait's irregular plural, read as characters like Critters
    t = re.sub(r"\bSeapon(y|ies)\b(?! (?:Friends?|characters?|cards?|Troublemakers?|Resources?)\b)",
               lambda m_: "Seapony character" + ("s" if m_.group(1) == "ies" else ""), t)
    if t in ("the attached Friend", "the attached character"):
        return {"host": True}
    t = re.sub(r"^your opponent's ", "an opposing ", t)
    t = re.sub(r"^(Friends|characters) you control$", r"your \1", t)  # "Friends you control have +1 power"
    if t in ("this card", "it", "this Friend", "this character"):
        return {"self": True}
    if t in ("that Friend", "that character", "that card") :
        return {"it": True}
    t = re.sub(r"^one of your opponent's ", "an opposing ", t)
    t = re.sub(r"^one of your (other )?", lambda m_: "another your " if m_.group(1) else "a your ", t)
    t = re.sub(r"^(?:an|one) opponent's ", "an opposing ", t)
    t = re.sub(r"^an opponent's ", "an opposing ", t)
    t = re.sub(r"^one of your opponent's ", "an opposing ", t)
    t = re.sub(r"^each of your ", "each your ", t)
    t = re.sub(r"^each of your opponent's ", "each opposing ", t)
    t = re.sub(r"^each opponent's ", "each opposing ", t)
    t = re.sub(r"^(\w+) your other ", r"\1 other your ", t)
    t = re.sub(r"^your other ", "other your ", t)
    m = _TARGET_RE.match(t)
    if not m:
        return None
    q = (m.group("q") or "").strip()
    own = (m.group("own") or "").strip()
    if own.startswith("your") and q == "" and m.group("oth"):
        q = "a"
    if q == "another":
        q, other_ = "a", True
    else:
        other_ = False
    typ = m.group("type").rstrip("s")
    if typ == "Mane Character":
        typ = "Mane Character"
    sel: dict[str, Any] = {"type": {"Friend": "Friend", "character": "character", "Troublemaker": "Troublemaker",
                                    "Resource": "Resource", "card": "card", "Mane Character": "Mane Character"}[typ]}
    if own in ("opposing", "opponent's"):
        sel["ctrl"] = "opp"
    elif own in ("your", "of your", "one of your"):
        sel["ctrl"] = "you"
    if q in ("each", "all") or (q == "" and own == "your" and m.group("type").endswith("s")):
        sel["each"] = True
    elif q in ("this", "that"):
        if m.group("rest").strip() or m.group("own") or m.group("trait") or m.group("state") or m.group("oth") or m.group("color"):
            return None
        return {"self": True} if q == "this" else {"it": True}
    elif q == "" and not m.group("type").endswith("s") and own not in ("your",):
        return None
    elif q == "" and m.group("type").endswith("s") and own != "your":
        return None
    if other_ or m.group("oth"):
        sel["other"] = True
    if m.group("state"):
        sel["state"] = m.group("state").strip()
    if m.group("trait"):
        sel["trait"] = m.group("trait").strip()
    if m.group("color"):
        sel["color"] = m.group("color").strip()[1:-1]
    rest = m.group("rest").strip()
    while rest:
        for pattern, apply in _SELECTOR_SUFFIXES:
            mm = pattern.match(rest)
            if mm and apply(mm, sel):
                rest = rest[mm.end():]
                break
        else:
            return None
    if sel["type"] == "card" and not sel.get("each"):
        return None if "ctrl" not in sel and "at" not in sel else sel
    return sel
