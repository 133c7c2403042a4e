"""Card text -> effect vocabulary.

Card texts are highly templated.  Each line (paragraph, 701.2) of a card's text is one ability;
``parse_line`` matches it against regex templates and returns an ability dict:

  {"kind": "keyword"}                          keyword line (handled by the keyword rules)
  {"kind": "play_home"} / {"kind": "play_on", "host": sel} / {"kind": "play_problem"}
  {"kind": "event", "timing": t, "effects": [...]}          Events (304, 512)
  {"kind": "trigger", "on": event, "effects": [...]}          triggered abilities (704)
  {"kind": "activated", "timing": t, "cost": {...}, "effects": [...]}   (703)
  {"kind": "static", "op": ..., ...}                           continuous abilities (702)
  {"kind": "manual", "text": line}                             not automated

Irregular texts can be defined per card in ``cards/<set>.py`` (``CARDS = {number: [abilities]}``)
which take precedence over the parser.  A card is *fully automated* when no ability is manual.
"""
from __future__ import annotations

import functools
import re as _std_re
from dataclasses import replace
from typing import Any

from .carddefs import FaceDef, parse_keywords
from .cards import DEFINITIONS
from .constants import COLOR_NAMES, COLOR_WORDS
from .reactions import parse_condition


class _CachedRe:
    """``re`` with an unbounded cache of compiled patterns. The parser uses more distinct patterns
    than the standard library's 512-entry cache holds, which then recompiles them in a loop (the card
    database took ~20 s to load instead of ~1 s). Same functions and flags as ``re``."""

    def __getattr__(self, name: str):
        return getattr(_std_re, name)

    @staticmethod
    @functools.lru_cache(maxsize=None)
    def compile(pattern, flags=0):
        return _std_re.compile(pattern, flags)

    def match(self, pattern, string, flags=0):
        return self.compile(pattern, flags).match(string)

    def fullmatch(self, pattern, string, flags=0):
        return self.compile(pattern, flags).fullmatch(string)

    def search(self, pattern, string, flags=0):
        return self.compile(pattern, flags).search(string)

    def sub(self, pattern, repl, string, count=0, flags=0):
        return self.compile(pattern, flags).sub(repl, string, count)

    def split(self, pattern, string, maxsplit=0, flags=0):
        return self.compile(pattern, flags).split(string, maxsplit)

    def findall(self, pattern, string, flags=0):
        return self.compile(pattern, flags).findall(string)


re = _CachedRe()

KEYWORD_NAMES = (
    "Agile", "Calming", "Caretaker", "Competitive", "Diligent", "Eccentric", "Experienced", "Hasty",
    "Inspired", "Meticulous", "Persistent", "Prepared", "Prismatic", "Pumped", "Random", "Redeem", "Showy",
    "Stubborn", "Studious", "Supportive", "Swift", "Teamwork", "Transform", "Traveler", "Vexing", "Villain",
    "Epic", "Starting Problem",
)
#: keywords whose rules the engine implements (the rest make a card "manual")
AUTOMATED_KEYWORDS = {"Pumped", "Transform", "Teamwork", 
    "Agile", "Calming", "Caretaker", "Competitive", "Diligent", "Eccentric", "Experienced", "Hasty", "Inspired",
    "Meticulous", "Persistent", "Prepared", "Prismatic", "Random", "Redeem", "Showy", "Stubborn", "Studious",
    "Supportive", "Swift", "Traveler", "Vexing", "Villain", "Epic", "Starting Problem", "Home Limit",
}
_KW_LINE = re.compile(r"^(?:(?:%s)(?: \d+)?[,.]? ?)+$" % "|".join(KEYWORD_NAMES + ("Home Limit",)))
NUM = {"a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "another": 1}
TRAITS = ("Earth Pony", "Unicorn", "Pegasus", "Alicorn", "Critter", "Foal", "Dragon", "Crystal", "Zebra",
          "Griffon", "Changeling", "Yak", "Hippogriff", "Seapony", "Kirin", "Accessory", "Asset", "Location",
          "Performance", "Report", "Showdown", "Villain", "Royalty", "Buffalo", "Breezie", "Minotaur", "Elder",
          "Chaotic", "Sea Creature", "Mare", "Tree", "Gem")
# traits found in the card pool but not above (longest first so "Crystal Pony" wins over "Crystal")
TRAITS = tuple(sorted(TRAITS + ("Ahuizotl", "Armor", "Artifact", "Condition", "Cow", "Crystal Pony", "Donkey",
                                "Draconequus", "Figment", "Gotcha", "Mailbox", "Performer", "Pirate", "Pony Tone",
                                "Power Pony", "Reindeer", "Rock", "Sea Serpent", "Siren", "Song", "Storm"),
                      key=lambda x: -len(x)))
COLOR_RE = "|".join(COLOR_NAMES)


def _n(word: str) -> int:
    word = word.lower()
    return NUM[word] if word in NUM else int(word)


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


def _printed_filter(trait: str | None, type_: str | None, limit: str | None = None, by_cost: bool = True) -> dict[str, Any]:
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


# ------------------------------------------------------------------ effects
UNTIL = r"(?: until the end of (?:the |this )?(?P<until>turn|faceoff|Score Phase|phase))?"


# "if <condition>, <effects>" conditions read by resolve.py's "if" (besides you_have / none)
IF_TEMPLATES: list = [
    (r"^if an opponent has at least \[(\d+)\], (.+)$", lambda m: {"k": "opp_tokens_at_least", "n": int(m.group(1))}),
    (r"^if (?:this card's|its) Problem was not confronted(?: this turn)?, (.+)$", {"k": "not_confronted"}),
    (r"^if no Problems were confronted this turn, (.+)$", {"k": "none_confronted"}),
    (r"^if you have fewer than (\d+) cards in your hand, (.+)$", lambda m: {"k": "hand_below", "n": int(m.group(1))}),
    (r"^if this card has at least (\d+) cards? beneath it, (.+)$", lambda m: {"k": "beneath_at_least", "n": int(m.group(1))}),
    (r"^if this card has at least (\d+) power, (.+)$", lambda m: {"k": "self_power_at_least", "n": int(m.group(1))}),
    (r"^if you have a character with the highest power, (.+)$", {"k": "highest_power"}),
    (r"^if there are no opposing characters at this card's Problem, (.+)$", {"k": "no_opp_at_problem"}),
    (r"^if you did not play first, (.+)$", {"k": "not_first"}),
    (r"^if that opponent did not move any characters this turn, (.+)$", {"k": "opp_moved_none"}),
    (r"^if an opponent's Mane Character is at home, (.+)$",
     {"k": "you_have", "sel": {"type": "Mane Character", "ctrl": "opp", "at": "home"}}),
]


def parse_effects(text: str) -> list[dict] | None:
    """A sentence of instructions -> list of effects, or None if not understood."""
    t = text.strip().rstrip(".").strip()
    if not t:
        return []
    r = _trigger_body_sentences(t)  # triggered-ability bodies
    if r is None:
        r = _cost_and_counter_sentences(t)  # costs, counters, counted amounts
    if r is None:
        r = _small_effect_sentences(t)  # the other small effect templates
    if r is None:
        r = _timed_effects(t)  # Events and activated abilities
    if r is not None:
        return r
    # "choose an opponent. That opponent chooses and discards a card" (two players: the opponent)
    t = t.replace("choose an opponent. That opponent chooses and discards a card", "your opponent discards a card")
    if t.startswith("If you have ") and "involved in this faceoff, flip" in t:
        m = re.match(r"^If you have (.+?) or (.+?) involved in this faceoff, flip an additional card\. If you have \1 and \2 involved in this faceoff, flip 2 additional cards instead$", t)
        if m:
            return [{"op": "flip_if_involved", "names": [m.group(1), m.group(2)], "n": 1, "all_n": 2}]
        return None
    r = _parse_reveal_top(t)
    if r is not None:
        return r or None
    r = _parse_start_faceoff(t)
    if r is not None:
        return r or None
    # "the Friend with power higher than any other Friend involved": at most one card fits (strictly higher)
    t = re.sub(r"\bthe Friend with power higher than any other Friend involved in the faceoff\b",
               "a Friend with power higher than any other Friend involved in the faceoff", t)
    m = re.match(r"^you may (reveal the top card of your deck\. .+)$", t, re.I)
    if m and not re.search(r"\. If you do\b", t):
        r = _parse_reveal_top(m.group(1))
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
    if m and (m.group(3) in _X_KW) == (m.group(4) is not None):
        tg = parse_target(m.group(1))
        if tg is not None and not tg.get("each") and not tg.get("self") and not tg.get("it"):
            u = _until(m.group(5))
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
        a, b = _single(m.group(1)), parse_effects(m.group(2))
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
            return [{"op": "choose_modes", "n": _n(m.group(1)), "modes": modes, "labels": parts}]
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
    r = _events_pre(t)
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
        n, u = int(m.group(2)), _until(m.group("until"))
        return [{"op": "power", "n": n, "target": {"it": True}, "until": u},
                {"op": "power", "n": n, "target": {"self": True}, "until": u}]
    m = re.match(r"^(your (?:other )?(?:characters|Friends)(?: [\w' ]+?)?) each get ([+-]\d+ power.*)$", t, re.I)
    if m:
        return parse_effects(f"{m.group(1)} get {m.group(2)}")
    m = re.match(r"^put (a|an|one|two|\d+) \+1 counters? on (.+)$", t, re.I)
    if m:  # "+1 counter" = "+1 power counter" (HM22's wording)
        return parse_effects(f"put {m.group(1)} +1 power counter{'s' if _n(m.group(1)) > 1 else ''} on {m.group(2)}")
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
        return [{"op": "reorder_top", "n": _n(m.group(1)), "whose": whose,
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
    r = _single(t)
    if r is not None:
        return r
    if " and " in t:
        a, b = t.split(" and ", 1)
        ra = _single(a)
        if ra is not None and ra[-1]["op"] in ("move", "power", "to_hand", "to_deck_top", "send_home"):
            ra = None  # a trailing destination/duration ("... to this card's Problem") belongs to both parts
        if ra is not None:
            rb = _single(b) or _single(_verb_of(a) + " " + b if _verb_of(a) else b)
            if rb is not None:
                return ra + rb
    return None


_CHALLENGE_WITH = {"one of your characters": "one", "one of your characters here": "one",
                   "all your characters at its problem": "problem", "all of your characters at its problem": "problem",
                   "your characters at its problem": "problem", "all your characters there": "problem",
                   "all your characters in play": "all", "all of your characters in play": "all"}


def _timed_effects(t: str) -> list[dict] | None:
    """Templates of Events and activated abilities with timing phrases (timed_effects.py)."""
    # 608.4 / 514.2a.i a challenge started by an effect, with the characters it names
    m = re.match(r"^challenge (?:(?:an opponent's|an opposing) (?:face-up )?Troublemaker|(this card)|(that Troublemaker)) with (.+)$", t, re.I)
    if m and m.group(3).lower() in _CHALLENGE_WITH:
        e = {"op": "challenge", "with": _CHALLENGE_WITH[m.group(3).lower()],
             "tm": "self" if m.group(1) else "it" if m.group(2) else "opp"}
        if m.group(3).lower().endswith(" here"):
            e["here"] = True
        return [e]
    # "Choose up to 2 of your characters at home. Move each of them to a different Problem." (one optional
    # move per card, never two of them to the same Problem: ``distinct``)
    m = re.match(r"^choose up to (two|three|2|3) of your (characters|Friends)( at home)?\. Move each of them to a different Problem$", t, re.I)
    if m:
        tg = {"type": m.group(2)[:-1], "ctrl": "you", "optional": True, "fresh": True}
        if m.group(3):
            tg["at"] = "home"
        return [{"op": "move", "target": dict(tg), "to": "problem", "distinct": True} for _ in range(_n(m.group(1)))]
    r = _delayed_effects(t)
    if r is not None:
        return r or None
    # 514.3a timed flip-count modifiers of a player ("during faceoffs until the end of the turn")
    m = re.match(r"^(flip|opponents flip) (an|1|one|2|two) (additional|fewer) cards? (?:during|for) faceoffs "
                 r"until the (end of the turn|start of your next turn)$", t, re.I)
    if m and (m.group(3).lower() == "fewer") == m.group(1).lower().startswith("opponents") and \
            (m.group(2).lower() != "an") == (m.group(3).lower() == "fewer"):
        n = _n(m.group(2)) * (-1 if m.group(3).lower() == "fewer" else 1)
        return [{"op": "flip_mod", "n": n, "who": "opp" if n < 0 else "you",
                 "until": "next_turn" if "start" in m.group(4).lower() else "turn"}]
    m = re.match(r"^exhaust (an opposing character|an opposing Friend|an opponent's Friend|a character|a Friend) and it does not ready "
                 r"during its controller's next (?:ready step|Ready Phase)$", t, re.I)
    if m:  # 603.1: the mark is removed instead of readying it once
        return [{"op": "exhaust", "target": parse_target(m.group(1)), "no_ready": True}]
    m = re.match(r"^reveal (?:a card from the top|the top card) of your deck and draw it\. If it's an? (Friend|Event|Resource|Troublemaker), (.+)$", t, re.I)
    if m:  # the card is drawn either way; its type decides the rest (515-style public reveal)
        b = parse_effects(m.group(2))
        if b is None or re.search(r"\bit\b", m.group(2)):
            return None
        return [{"op": "reveal_top", "whose": "you", "cond": {"type": m.group(1).capitalize()},
                 "then": [{"op": "revealed", "to": "hand"}] + b, "else": [{"op": "revealed", "to": "hand"}]}]
    m = re.match(r"^each player chooses up to (3|three|2|two) of their Friends and retires the rest$", t, re.I)
    if m:  # each player keeps up to N (one optional pick at a time), the others are retired (410.2: their own)
        return [{"op": "each_player", "effects": [{"op": "keep_retire", "n": _n(m.group(1)), "type": "Friend"}]}]
    m = re.match(r"^search your deck for up to (three|two|3|2) ((?:%s) )?Friends with different names, reveal them, and put them into "
                 r"your hand$" % "|".join(TRAITS), t, re.I)
    if m:  # 518: search, reveal, shuffle
        return [{"op": "search_multi", "n": _n(m.group(1)), "filter": {"type": "Friend", **({"trait": m.group(2).strip()} if m.group(2) else {})},
                 "distinct_names": True}]
    if re.match(r"^the next time you defeat a Troublemaker this turn, score an additional point$", t, re.I):
        return [{"op": "next_defeat_bonus", "n": 1}]
    m = re.match(r"^turn over a face-up or face-down Troublemaker\.?$", t, re.I)
    if m:  # (reminder text: this does not cover or uncover it, 505)
        return [{"op": "flip_tm"}]
    if re.match(r"^put each Friend, Resource, and Troublemaker on top of its owner's deck, then each player shuffles their discard pile into their deck$", t, re.I):
        return [{"op": "to_deck_top", "target": {"type": "card", "types": ["Friend", "Resource", "Troublemaker"], "each": True, "fd_ok": True}},
                {"op": "each_player", "effects": [{"op": "shuffle_into_deck", "from": "disc"}]}]
    if re.match(r"^have an opponent reveal a random card from their hand$", t, re.I):
        return [{"op": "reveal_random_hand"}]
    if re.match(r"^move that Friend to a Problem\. At the end of the faceoff, retire this card$", t, re.I):
        return [{"op": "move", "target": {"host": True}, "to": "problem"},
                {"op": "at_fo_end", "effects": [{"op": "retire", "target": {"self": True}}]}]
    m = re.match(r"^(?:C|c)haracters can't be (moved|moved or played) to (that Problem|this card's Problem) "
                 r"(?:until the end of the turn|for the rest of the turn)$", t)
    if m:
        return [{"op": "area_restrict", "play": "played" in m.group(1), "area": "there" if m.group(2) == "that Problem" else "here"}]
    m = re.match(r"^(move all other characters at its Problem home)\. Characters can't be moved or played to that Problem for the rest of the turn$", t, re.I)
    if m:  # the area is fixed before the moves (this card's Problem)
        a = parse_effects(m.group(1))
        return None if a is None else [{"op": "area_restrict", "play": True, "area": "here"}] + a
    m = re.match(r"^move any number of your characters at home and turn this card over$", t, re.I)
    if m:
        return [{"op": "any_number", "effect": {"op": "move", "target": {"type": "character", "ctrl": "you", "at": "home"}, "to": "choose"}},
                {"op": "turn_over"}]
    m = re.match(r"^reveal the top (three|3|two|2) cards of your deck, put a revealed (Friend|Event|Resource|Troublemaker) into your hand, and put "
                 r"all other revealed cards into your discard pile$", t, re.I)
    if m:
        return [{"op": "reveal_n", "n": _n(m.group(1)), "pick": {"type": m.group(2)}, "pick_n": 1, "rest": "disc"}]
    m = re.match(r"^reveal the top (three|3|two|2) cards of your deck\. You may put (?:1|one) revealed (Friend|Event|Resource|Troublemaker) into your "
                 r"hand and all remaining cards on the top of your deck in any order$", t, re.I)
    if m:
        return [{"op": "reveal_n", "n": _n(m.group(1)), "pick": {"type": m.group(2)}, "pick_n": 1, "may": True, "rest": "top_any"}]
    m = re.match(r"^reveal a number of cards from the top of your deck equal to the number of colors this card has\. Put each "
                 r"(Friend|Event|Resource|Troublemaker) revealed this way into your hand and the rest of the cards on the bottom of your deck$", t, re.I)
    if m:
        return [{"op": "reveal_n", "n": "colors", "pick": {"type": m.group(1)}, "pick_n": "each", "rest": "bottom"}]
    if re.match(r"^redistribute any number of \+1 power counters on your characters onto one of your Friends$", t, re.I):
        return [{"op": "mark", "target": {"type": "Friend", "ctrl": "you"}}, {"op": "counters_onto_it"}]
    m = re.match(r"^(Start a faceoff involving .+?)\. The winner looks at their opponent's hand and chooses a card\. That player puts "
                 r"that card on top of their deck$", t, re.I)
    if m:  # 514.5d the winner's instruction (a private look, look_hand)
        r = _parse_start_faceoff(m.group(1) + ". The winner draws a card")
        if not r:
            return None
        return [{**r[0], "winner": [{"op": "look_hand", "whose": "opp", "to": "deck_top"}]}]
    if re.match(r"^you may put one of the cards you flipped for the faceoff into your hand$", t, re.I):
        return [{"op": "may", "effects": [{"op": "flipped_to_hand"}]}]
    if re.match(r"^look at a player's hand and choose a card, then that player banishes that card$", t, re.I):
        return [{"op": "look_hand", "to": "ban"}]
    if re.match(r"^name a card, put all cards in your discard pile with that name on top of your deck, and shuffle your deck$", t, re.I):
        return [{"op": "name_disc_to_deck"}]
    m = re.match(r"^Choose odd or even and then reveal the top card of your deck\. If that card's printed power matches your choice, "
                 r"gain \[(\d+)\] and draw a card\. Otherwise, draw a card\.?$", t, re.I)
    if m:  # (0 counts as even, reminder text)
        return [{"op": "parity_guess", "gain": int(m.group(1))}]
    if re.match(r"^Choose two cards in discard piles\. Banish one and put the other into its owner's hand$", t, re.I):
        return [{"op": "two_from_discards"}]
    if re.match(r"^Choose a counter on one of your ready cards\. Put another counter of the same type on that card$", t, re.I):
        return [{"op": "copy_counter"}]
    m = re.match(r"^Exhaust one of your Friends to exhaust a number of opposing Friends up to the number of colors that Friend has$", t, re.I)
    if m:  # the exhaust is what the effect costs (508.1d: none, nothing)
        return [{"op": "exhaust", "target": {"type": "Friend", "ctrl": "you", "state": "ready"}, "cost": True, "mark_cost": True},
                {"op": "up_to_colors", "effect": {"op": "exhaust", "target": {"type": "Friend", "ctrl": "opp", "state": "ready"}}}]
    m = re.match(r"^Dismiss a Friend or Resource\. That card's controller may put a number of 1 \[(%s)\] (\w+) Friend tokens equal to that "
                 r"card's cost into play under their control$" % COLOR_RE, t, re.I)
    if m:
        return [{"op": "dismiss_tokens", "color": m.group(1), "trait": m.group(2)}]
    m = re.match(r"^One of your characters gets \+(\d+) power until the end of the turn\. (?:<> )?Harmony (%s): If that character is an? \2, "
                 r"it gets \+(\d+) power until the end of the turn instead$" % "|".join(TRAITS), t, re.I)
    if m:  # "Harmony" is a tag word (701.5); the condition is the text's own
        return [{"op": "mark", "target": {"type": "character", "ctrl": "you"}},
                {"op": "if", "cond": {"k": "it_trait", "trait": m.group(2)},
                 "effects": [{"op": "power", "n": int(m.group(3)), "target": {"it": True}, "until": "turn"}],
                 "else": [{"op": "power", "n": int(m.group(1)), "target": {"it": True}, "until": "turn"}]}]
    m = re.match(r"^if you have Friends at home in excess of your home limit, you may exhaust this card to put a Friend there into its "
                 r"owner's hand$", t, re.I)
    if m:
        return [{"op": "if", "cond": {"k": "over_home_limit"}, "effects": [{"op": "may", "effects": [
            {"op": "exhaust_self_cost"}, {"op": "to_hand", "target": {"type": "Friend", "ctrl": "you", "at": "home"}}]}]}]
    m = re.match(r"^Each player chooses a card from another player's discard pile and banishes that card\. Then, each player chooses a card "
                 r"in their discard pile and may put that card into their hand$", t, re.I)
    if m:
        return [{"op": "each_player", "effects": [{"op": "banish_from_zone", "zone": "disc", "whose": "opp", "filter": {}}]},
                {"op": "each_player", "effects": [{"op": "may", "effects": [{"op": "search", "filter": {}, "zone": "disc", "to": "hand"}]}]}]
    m = re.match(r"^As an additional cost to play this card, retire any number of Friends\. Draw cards equal to the number of Friends retired "
                 r"this way, and an opponent discards that many cards$", t, re.I)
    if m:  # the retiring is chosen as the card is played (508; one pick at a time, "none" ends)
        return [{"op": "retire_count", "then": "draw_opp_discards"}]
    if re.match(r"^Choose a Problem you confronted this turn\. If there are no opposing Friends at that Problem, score a point$", t, re.I):
        return [{"op": "confronted_score"}]
    m = re.match(r"^exchange control of this card and an opposing Resource\. If you do, this card does not ready during its controller's "
                 r"next Ready Phase$", t, re.I)
    if m:  # 513.2 (for the rest of the game)
        return [{"op": "swap_self", "theirs": {"type": "Resource", "ctrl": "opp"}, "no_ready": True}]
    m = re.match(r"^gain control of an opponent's non-attachment Resource\. That opponent gains control of this card$", t, re.I)
    if m:
        return [{"op": "swap_self", "theirs": {"type": "Resource", "ctrl": "opp"}, "unattached": True}]
    if re.match(r"^Choose (?:one|two): ", t) and " on the top or bottom of that deck" in t:
        return parse_effects(t.replace(" on the top or bottom of that deck", " on the top-or-bottom of that deck"))
    m = re.match(r"^Look at the top (2|two|3|three) cards of a Problem deck and put them on the top-or-bottom of that deck in any order$", t, re.I)
    if m:  # each card on the top (in the order picked) or the bottom (then ordered too)
        return [{"op": "look_sort", "n": _n(m.group(1)), "whose": "choose", "deck": "pdeck", "pick": "top", "rest": "bottom_any"}]
    m = re.match(r"^name a card type and an opponent reveals their hand and discards a card with that type$", t, re.I)
    if m:
        return [{"op": "name_type_discard"}]
    if re.match(r"^this card becomes involved in the faceoff\. At the end of the faceoff, retire this card$", t, re.I):
        return [{"op": "join_faceoff"}, {"op": "at_fo_end", "effects": [{"op": "retire", "target": {"self": True}}]}]
    if re.match(r"^Choose a Friend in your discard pile\. Put it into play at a Problem where a faceoff is being resolved\. At the end of "
                r"the faceoff, banish that Friend$", t, re.I):
        return [{"op": "disc_into_faceoff"}]
    if re.match(r"^give this card the discarded card's colors until the end of the turn$", t, re.I):
        return [{"op": "colors_of_discarded"}]
    if re.match(r"^give one of your flipped cards \+(\d+) power until the end of the faceoff$", t, re.I):
        n = int(re.match(r"^give one of your flipped cards \+(\d+)", t, re.I).group(1))
        return [{"op": "flip_power", "n": n, "choose": True}]
    if re.match(r"^search your deck or discard pile for an Accessory, reveal it, and put it into your hand$", t, re.I):
        return [{"op": "search_deck_or_disc", "filter": {"type": "Resource", "trait": "Accessory"}}]
    if re.match(r"^Reveal cards from the top of an opponent's deck until you reveal a Friend\. Put that Friend into play under your "
                r"control, then that opponent shuffles their deck$", t, re.I):
        return [{"op": "reveal_until_friend"}]
    if re.match(r"^Each player chooses a Friend card in their opponent's discard pile\. The owners of each of those Friends may put them "
                r"into play$", t, re.I):
        return [{"op": "discord_pile"}]
    if re.match(r"^Banish a Friend from a discard pile\. Add that Friend's power to one of your Friends involved in the faceoff until the "
                r"end of the faceoff$", t, re.I):
        return [{"op": "ban_disc_add_power"}]
    if re.match(r"^Move an opponent's Friend to a Problem\. That opponent may pay \[1\] to copy this effect$", t, re.I):
        # 520 copying an effect: the opponent follows it as "you" (its "an opponent's Friend" is then yours)
        mv = {"op": "move", "target": {"type": "Friend", "ctrl": "opp"}, "to": "problem"}
        return [dict(mv), {"op": "as_opponent", "effects": [{"op": "may", "effects": [{"op": "pay", "n": 1}, dict(mv)]}]}]
    m = re.match(r"^Reveal the top card of your deck, then move an opposing character with power less than the revealed card's power\. If a "
                 r"player has (\d+) or more points, move up to two opposing characters with power less than the revealed card's power "
                 r"instead$", t, re.I)
    if m:
        return [{"op": "reveal_then_move", "points": int(m.group(1))}]
    if re.match(r"^Choose up to two opposing Friends\. Their controllers may return any number of them to their owners' hands\. Then, you "
                r"score a point for each chosen Friend in play$", t, re.I):
        return [{"op": "big_mix_up"}]
    m = re.match(r"^reveal the top (five|5) cards of your deck, put a card from your discard pile into your hand for each card with even power "
                 r"revealed this way, then shuffle your deck and turn this card over$", t, re.I)
    if m:
        return [{"op": "reveal_even_recall", "n": 5}, {"op": "turn_over"}]
    m = re.match(r"^(Start a faceoff involving your characters at a Problem and an opponent's characters there)\. The winner of that faceoff "
                 r"reveals a number of cards from the top of their deck equal to the number of their characters involved in the faceoff, "
                 r"puts each Friend revealed this way into their hand, and puts the rest of the cards on the bottom of their deck$", t, re.I)
    if m:  # 514.5d the winner's instruction (a public reveal, reveal_n)
        r = _parse_start_faceoff(m.group(1) + ". The winner draws a card")
        if not r:
            return None
        return [{**r[0], "winner": [{"op": "reveal_n", "n": "involved", "pick": {"type": "Friend"}, "pick_n": "each", "rest": "bottom"}]}]
    if re.match(r"^Choose a card in an opponent's discard pile\. Search that player's hand, deck, and discard pile for each card with the same "
                r"name, then banish those cards\. Banish this card$", t, re.I):
        return [{"op": "destiny_drain"}, {"op": "self_to_ban"}]
    # look at the top cards of a deck and sort them (any number one way, the rest the other way)
    m = re.match(r"^look at the top (two|three|2|3) cards of a player's deck\. Put any number of them into their owner's discard pile "
                 r"and the rest back on top in any order$", t, re.I)
    if m:
        return [{"op": "look_sort", "n": _n(m.group(1)), "whose": "choose", "pick": "disc", "rest": "top"}]
    m = re.match(r"^choose an opponent\. Look at a number of cards from the top of that player's deck equal to the number of colors "
                 r"this card has, then put any number of them back on top of the deck in any order, and the rest on the bottom$", t, re.I)
    if m:
        return [{"op": "look_sort", "n": "colors", "whose": "opp", "pick": "top", "rest": "bottom"}]
    m = re.match(r"^choose a Problem and (ready|exhaust) any number of (characters|Friends) there$", t, re.I)
    if m:  # "any number": one optional choice at a time (timed_effects.any_number)
        st_ = "exhausted" if m.group(1).lower() == "ready" else "ready"
        return [{"op": "choose_area"}, {"op": "any_number", "effect": {"op": m.group(1).lower(), "target": {
            "type": "character" if m.group(2).lower() == "characters" else "Friend", "at": "there", "state": st_}}}]
    # cards banished beneath a card (Pumped; "for each card beneath this card")
    m = re.match(r"^banish (this card|an? (?:Event|Friend|card) from your hand|(?:an opponent's|an opposing) Friend) to beneath "
                 r"(this card|one of your Friends with Pumped)$", t, re.I)
    if m:
        w = m.group(1).lower()
        e = {"op": "ban_beneath", "host": "self" if m.group(2).lower() == "this card" else "pumped"}
        if w == "this card":
            e["what"] = "self"
        elif "hand" in w:
            ty = re.match(r"an? (\w+)", w).group(1).capitalize()
            e.update(what="hand", filter={} if ty == "Card" else {"type": ty})
        else:
            e.update(what="target", target={"type": "Friend", "ctrl": "opp"})
        return [e]
    m = re.match(r"^reveal a card from your hand and banish it to beneath one of your Friends with Pumped$", t, re.I)
    if m:
        return [{"op": "ban_beneath", "what": "hand", "filter": {}, "host": "pumped"}]
    m = re.match(r"^put a banished card from beneath this card on (?:the )?top of your deck( and gain \[(\d+)\])?$", t, re.I)
    if m:
        return [{"op": "from_beneath", "to": "deck_top"}] + ([{"op": "gain", "n": int(m.group(2))}] if m.group(1) else [])
    if re.match(r"^put all cards from beneath a Friend with Pumped into the discard pile$", t, re.I):
        return [{"op": "from_beneath", "to": "disc"}]
    if re.match(r"^dismiss this card and put any cards beneath it into play at their owners' homes$", t, re.I):
        return [{"op": "from_beneath", "to": "play"}]
    t = re.sub(r"\binvolved in a faceoff\b", "involved in the faceoff", t)
    m = re.match(r"^(.+?)\. You may discard a card\. If you do, (.+)$", t)
    if m and " instead" not in m.group(2):  # the discard is what "If you do" asks (508.1d-like: no card, nothing)
        a, b = parse_effects(m.group(1)), parse_effects(m.group(2))
        if a is None or b is None:
            return None
        return a + [{"op": "may", "effects": [{"op": "discard", "n": 1, "who": "you", "cost": True}] + b}]
    m = re.match(r"^Dismiss (an opposing Troublemaker)\. You may discard a card\. If you do, gain control of that Troublemaker instead$", t, re.I)
    if m:  # DE108: the replacement is chosen before the dismissal (712.3)
        return [{"op": "mark", "target": parse_target(m.group(1))},
                {"op": "may", "effects": [{"op": "discard", "n": 1, "who": "you", "cost": True},
                                          {"op": "gain_control", "target": {"it": True}, "until": "permanent"}]},
                {"op": "it_unless_mine", "verb": "dismiss"}]
    m = re.match(r"^Until the end of the turn, (your (?:characters|Friends) get \+\d+ power) and (opponents can't play cards during faceoffs)$", t, re.I)
    if m:
        a = parse_effects(m.group(1) + " until the end of the turn")
        return None if a is None else a + [{"op": "restrict", "k": "no_fo_play", "who": "opp", "until": "turn"}]
    m = re.match(r"^choose a problem\. Move a random (Friend|character) to that Problem$", t, re.I)
    if m:  # the seeded rng picks among those not already there (506.2)
        return [{"op": "choose_area"}, {"op": "move_to_chosen", "target": {"type": m.group(1).capitalize(), "random": True}}]
    m = re.match(r"^move up to (3|three|2|two) of your (%s) Friends (?:from home )?to (a Problem|that Problem)$" % "|".join(TRAITS), t, re.I)
    if m:  # all to one Problem: chosen first ("a Problem") or this card's ("that Problem", after "at a Problem")
        tg = {"type": "Friend", "ctrl": "you", "trait": m.group(2), "optional": True, "fresh": True}
        if "from home" in t.lower():
            tg["at"] = "home"
        head = [{"op": "choose_area"}] if m.group(3).lower() == "a problem" else [{"op": "here_area"}]
        return head + [{"op": "move_to_chosen", "target": dict(tg)} for _ in range(_n(m.group(1)))]
    m = re.match(r"^choose a Problem\. Your opponent moves one of their Friends away from that Problem\. If you control (.+?), gain \[(\d+)\]$", t, re.I)
    if m:  # CN116: the opponent chooses which of their Friends there and where it goes (506)
        return [{"op": "choose_area"}, {"op": "opp_moves_away", "type": "Friend"},
                {"op": "if", "cond": {"k": "you_have", "sel": {"type": "character", "ctrl": "you", "title": m.group(1)}},
                 "effects": [{"op": "gain", "n": int(m.group(2))}]}]
    m = re.match(r"^move this card to a Problem where you have an? ((?:%s) or (?:%s)) Friend$" % ("|".join(TRAITS), "|".join(TRAITS)), t, re.I)
    if m:
        return [{"op": "move_to_chosen", "target": {"self": True}, "where_have": {"type": "Friend", "ctrl": "you", "traits": m.group(1).split(" or ")}}]
    m = re.match(r"^choose an opponent's Mane Character\. Banish each Friend at that Mane Character's Problem with power less than or "
                 r"equal to the power of that Mane Character$", t, re.I)
    if m:  # AD90 (none while it is at home: it has no Problem)
        return [{"op": "mark", "target": {"type": "Mane Character", "ctrl": "opp"}}, {"op": "ban_at_it_le"}]
    m = re.match(r"^move up to (2|two|3|three) of your opponent's characters home$", t, re.I)
    if m:
        return [{"op": "move", "target": {"type": "character", "ctrl": "opp", "optional": True, "fresh": True}, "to": "home"}
                for _ in range(_n(m.group(1)))]
    m = re.match(r"^(?:have )?all players shuffle their hands into their decks,? then draw (\d+|three|four|five|six) cards$", t, re.I)
    if m:
        return [{"op": "each_player", "effects": [{"op": "shuffle_into_deck", "from": "hand"},
                                                  {"op": "draw", "n": _n(m.group(1)) if not m.group(1).isdigit() else int(m.group(1)), "who": "you"}]}]
    m = re.match(r"^look at the top card of your deck and choose a number\. An opponent guesses whether that card's power matches the chosen "
                 r"number and you reveal that card\. If that opponent guesses correctly, banish that card\. Otherwise, gain \[(\d+)\]$", t, re.I)
    if m:
        return [{"op": "power_guess", "gain": int(m.group(1))}]
    m = re.match(r"^gain \[(\d+)\] until the end of the (phase|turn)$", t, re.I)
    if m:  # the tokens are lost again (if still there) when the duration ends (timed_effects.temp_gain)
        return [{"op": "temp_gain", "n": int(m.group(1)), "until": m.group(2).lower()}]
    if re.match(r"^your Friends can't leave play this turn$", t, re.I):
        return [{"op": "restrict", "k": "no_leave", "who": "you", "until": "turn"}]
    m = re.match(r"^distribute (two|three|2|3) \+1 power counters among up to (?:two|three|2|3) Friends$", t, re.I)
    if m:  # one counter at a time, each on any Friend (the same Friend may get several)
        return [{"op": "counters", "n": 1, "counter": "+1", "target": {"type": "Friend"}} for _ in range(_n(m.group(1)))]
    m = re.match(r"^(?:opponents|your opponent) can't (move their characters|play Events) this turn$", t, re.I)
    if m:
        return [{"op": "restrict", "k": "no_move" if m.group(1).lower().startswith("move") else "no_events", "who": "opp",
                 "until": "turn"}]
    m = re.match(r"^if you have fewer points than an opponent,? score a point$", t, re.I)
    if m:
        return [{"op": "if", "cond": {"k": "opp_more_points"}, "effects": [{"op": "score", "n": 1, "who": "you"}]}]
    m = re.match(r"^move (?:your opponent's|an opponent's) Mane Character here$", t, re.I)
    if m:  # "here": this card's area (not a filter on where the Mane Character is)
        return [{"op": "move", "target": {"type": "Mane Character", "ctrl": "opp"}, "to": "here"}]
    return None


_DELAY_WHEN = {"at the end of the turn": "turn_end", "at the start of the next turn": "turn_start",
               "at the end of your score phase": "score_end_own", "at the start of your next turn": "own_turn_start"}


def _delayed_part(b: str, first: list[dict]) -> list[dict] | None:
    """The instructions of a delayed effect (timed_effects.delay); "that Friend" / "them" refer to what the
    first part banished, moved or put into play."""
    b = b.strip().rstrip(".")
    if re.match(r"^put (?:that Friend|it|that card) into play$", b, re.I):
        ban = [e for e in first if e.get("op") == "banish" and not (e.get("target") or {}).get("each")]
        if len(ban) != 1:
            return None
        ban[0]["keep"] = True  # the banished card is remembered (resolve: fr["gone"])
        return [{"op": "put_back"}]
    m = re.match(r"^(banish|retire|dismiss) them$", b, re.I)
    if m:
        return [{"op": "made", "verb": m.group(1).lower()}] if any(e.get("op") == "token" for e in first) else None
    m = re.match(r"^if no player has (\d+) or more points, retire (2|two) (%s) Friends$" % "|".join(TRAITS), b, re.I)
    if m:  # 410.2 a player retires their own cards
        tg = {"type": "Friend", "ctrl": "you", "trait": m.group(3), "fresh": True}
        return [{"op": "if", "cond": {"k": "points_at_least", "n": int(m.group(1))}, "effects": [],
                 "else": [{"op": "retire", "target": dict(tg)} for _ in range(_n(m.group(2)))]}]
    if re.search(r"\b(?:them|they|their)\b", b, re.I):
        return None
    return parse_effects(b)


def _delayed_effects(t: str) -> list[dict] | None:
    """"<instructions>. At the end of the turn, <instructions>" and the like: the second part is a delayed
    effect (timed_effects.delay).  [] when the text has that shape but is not understood, None otherwise."""
    m = re.match(r"^(.+?)\. (At the end of the turn|At the start of the next turn|At the end of your Score Phase), (.+)$", t, re.I)
    if m and not re.search(r"\bAt the (?:end|start) of\b", m.group(3)):
        a = parse_effects(m.group(1))
        b = _delayed_part(m.group(3), a) if a is not None else None
        if a is None or b is None:
            return []
        return a + [{"op": "delay", "when": _DELAY_WHEN[m.group(2).lower()], "effects": b, "lbl": m.group(2) + ", " + m.group(3)}]
    m = re.match(r"^(.+), then (retire|banish|dismiss) (?:that Friend|that character|it) at the end of the turn$", t, re.I)
    if m:  # "move one of your Friends to this Problem, then retire that Friend at the end of the turn"
        a = parse_effects(m.group(1))
        if a is None or len(a) != 1 or a[0].get("op") not in ("move", "ready", "gain_control", "power"):
            return []
        return a + [{"op": "delay", "when": "turn_end", "effects": [{"op": m.group(2).lower(), "target": {"it": True}}],
                     "lbl": f"{m.group(2)} that Friend at the end of the turn"}]
    m = re.match(r"^banish this card and put it into play at the start of your next turn$", t, re.I)
    if m:
        return [{"op": "banish", "target": {"self": True}, "keep": True},
                {"op": "delay", "when": "own_turn_start", "effects": [{"op": "put_back"}], "lbl": "put it into play"}]
    m = re.match(r"^banish (an? (?:Friend|character)|an opposing (?:Friend|character)|one of your (?:Friends|characters)) until the end of the turn$", t, re.I)
    if m:  # the banished card comes back at the end of the turn (into play at its owner's home)
        tg = parse_target(m.group(1))
        if tg is None:
            return []
        return [{"op": "banish", "target": tg, "keep": True},
                {"op": "delay", "when": "turn_end", "effects": [{"op": "put_back"}], "lbl": "put that Friend into play"}]
    return None


_PLAYERS_VERBS = {"shuffles": "shuffle", "draws": "draw", "discards": "discard", "puts": "put"}


def _each_player_text(rest: str) -> str:
    """"their hands into their decks" -> "your hand into your deck" (each player follows it as "you")."""
    rest = re.sub(r"\b(shuffles|draws|discards|puts)\b", lambda m_: _PLAYERS_VERBS[m_.group(1)], rest)
    rest = re.sub(r"\btheir (hand|deck|discard pile)s\b", r"your \1", rest)
    return re.sub(r"\btheir\b", "your", rest)


def _events_pre(t: str) -> list[dict] | None:
    """Whole-sentence templates of Events and activated abilities that must be matched before a
    text is split into its sentences (they refer back: "that card", "the same number")."""
    # "... have all players draw a card, then discard a card" (flavor verbs: "do a little dance and")
    m = re.match(r"^(?:(?:do a little dance|tell a joke|sing a song) and )?(?:have )?(?:all players|each player) (.+)$", t, re.I)
    if m and ". " not in m.group(1) and not re.search(r"\b(?:opponent|another player|their opponent|chooses?|may)\b", m.group(1)):
        r = parse_effects(_each_player_text(m.group(1)))
        if r is not None and all(e_["op"] in ("draw", "discard", "shuffle_into_deck", "search") and e_.get("who", "you") == "you" for e_ in r):
            return [{"op": "each_player", "effects": r}]
    m = re.match(r"^(put (?:a|an|one|two|three|\d+) \+1 power counters? on (?:one of your Friends|one of your characters|a Friend|a character)), then (exhaust|frighten|dismiss) an opposing (character|Friend) with less power than that (?:Friend|character)$", t, re.I)
    if m:  # SB106: "... then exhaust an opposing character with less power than that Friend"
        r = _single(m.group(1))
        if r is not None and len(r) == 1:
            return r + [{"op": m.group(2).lower(), "target": {"type": m.group(3), "ctrl": "opp", "lt_it_power": True}}]
    m = re.match(r"^(?:have )?each player with an (even|odd) number of action tokens gains? \[(\d+)\]$", t, re.I)
    if m:
        return [{"op": "each_player", "effects": [{"op": "if", "cond": {"k": "tokens_parity", "even": m.group(1).lower() == "even"},
                                                    "effects": [{"op": "gain", "n": int(m.group(2))}]}]}]
    m = re.match(r"^move (one of your characters|one of your Friends) to each Problem$", t, re.I)
    if m:  # one (different) character to each Problem, one Problem after the other
        tg = parse_target(m.group(1))
        return [{"op": "move_to_each", "target": {**tg, "fresh": True}}]
    m = re.match(r"^move (a|one) (Friend|character) you control for each color this card has$|^move a number of your (Friends|characters) up to the number of action tokens your opponent has$", t, re.I)
    if m:
        typ = (m.group(2) or m.group(3)).rstrip("s")
        cnt = {"k": "own_colors"} if m.group(2) else {"k": "opp_tokens"}
        # "a number of your Friends up to N": N different Friends, each optional; "a Friend ... for each
        # color": the instruction repeated (the same Friend may be chosen again)
        tg = {"type": typ, "ctrl": "you", **({"optional": True, "fresh": True} if m.group(3) else {})}
        return [{"op": "repeat", "count": cnt, "effects": [{"op": "move", "target": tg, "to": "choose"}]}]
    m = re.match(r"^move one of your characters and one of an opponent's characters$", t, re.I)
    if m:
        return [{"op": "move", "target": {"type": "character", "ctrl": "you"}, "to": "choose"},
                {"op": "move", "target": {"type": "character", "ctrl": "opp"}, "to": "choose"}]
    m = re.match(r"^look at the top (two|three|four|five|\d+) cards of your deck and put them back in any order$", t, re.I)
    if m:
        return [{"op": "reorder_top", "n": _n(m.group(1))}]
    m = re.match(r"^choose an opponent's Friend to get (-\d+) power until the end of the turn\. If it has 0 power or less, dismiss it$", t, re.I)
    if m:  # PR110
        return [{"op": "mark", "target": {"type": "Friend", "ctrl": "opp"}},
                {"op": "power", "n": int(m.group(1)), "target": {"it": True}, "until": "turn"},
                {"op": "if", "cond": {"k": "it_power_at_most", "n": 0}, "effects": [{"op": "dismiss", "target": {"it": True}}]}]
    m = re.match(r"^you have \+(\d+) power during [Ff]aceoffs this turn\. (.+)$", t, re.I)
    if m:
        r = parse_effects(m.group(2))
        return None if r is None else [{"op": "fo_plus", "n": int(m.group(1)), "until": "turn"}] + r
    m = re.match(r"^exhaust each opposing character and turn this card over\. Characters exhausted this way do not ready during their controller's next Ready Phase$", t, re.I)
    if m:  # SB2: only the characters this effect exhausted keep the "no ready" mark
        return [{"op": "exhaust", "target": {"type": "character", "ctrl": "opp", "each": True, "state": "ready"}, "no_ready": True},
                {"op": "turn_over"}]
    m = re.match(r"^choose a color and put a (\d+) power colorless ([A-Z][a-z]+) Friend token with that color into play$", t, re.I)
    if m:  # DE127
        return [{"op": "pick_color"}, {"op": "token", "power": int(m.group(1)), "color": "chosen", "traits": [m.group(2)], "at": "home"}]
    if re.match(r"^look at the top card of a Problem deck and put it on the top or bottom of that deck$", t, re.I):
        return [{"op": "look_top", "n": 1, "whose": "choose", "zone": "pdeck"}]
    m = re.match(r"^look at the top card of each player's deck, then put each card on the top or bottom of its owner's deck"
                 r"(?:\. If a player has (\d+) or more points, you may draw a card)?$", t, re.I)
    if m:  # LL101
        r = [{"op": "look_top", "n": 1, "whose": "you"}, {"op": "look_top", "n": 1, "whose": "opp"}]
        if m.group(1):
            r.append({"op": "if", "cond": {"k": "points_at_least", "n": int(m.group(1))},
                      "effects": [{"op": "may", "effects": [{"op": "draw", "n": 1, "who": "you"}]}]})
        return r
    if re.match(r"^banish a Friend, then put that Friend into play$", t, re.I):
        return [{"op": "banish", "target": {"type": "Friend"}, "keep": True}, {"op": "return_gone"}]
    m = re.match(r"^choose one of your Friends and an opposing Friend\. Exchange control of those Friends until the end of the (Score Phase|turn)$", t, re.I)
    if m:
        return [{"op": "exchange_control", "mine": {"type": "Friend", "ctrl": "you"}, "theirs": {"type": "Friend", "ctrl": "opp"},
                 "until": _until(m.group(1))}]
    m = re.match(r"^choose one of your Friends at a Problem\. Your opponent chooses one of their Friends at that Problem\. "
                 r"Exchange control of those Friends until the end of the (Score Phase|turn)$", t, re.I)
    if m:
        return [{"op": "exchange_control", "mine": {"type": "Friend", "ctrl": "you", "at": "problem"},
                 "theirs": {"type": "Friend", "ctrl": "you"}, "theirs_by": "opp", "same_area": True, "until": _until(m.group(1))}]
    if re.match(r"^look at the bottom (?:2|two) cards of your deck\. You may put (?:1|one) of them on top of your deck$", t, re.I):
        return [{"op": "bottom_pick", "n": 2}]
    if re.match(r"^look at the top three cards of your deck\. Put one into your hand, one on top of your deck, and one on the bottom of your deck$", t, re.I):
        return [{"op": "top_split"}]
    m = re.match(r"^frighten a Friend\. If a player has (\d+) or more points, you may dismiss a frightened Friend instead$", t, re.I)
    if m:  # LL99: the alternative is offered only when the condition holds
        return [{"op": "if", "cond": {"k": "points_at_least", "n": int(m.group(1))},
                 "effects": [{"op": "choose_modes", "n": 1, "labels": ["frighten a Friend", "dismiss a frightened Friend"],
                              "modes": [[{"op": "frighten", "target": {"type": "Friend"}}],
                                        [{"op": "dismiss", "target": {"type": "Friend", "state": "frightened"}}]]}],
                 "else": [{"op": "frighten", "target": {"type": "Friend"}}]}]
    m = re.match(r"^(?:play a Troublemaker for free)$", t, re.I)
    if m:  # 609.2c without its cost: face-down at a Problem, and it is "played"
        return [{"op": "tm_into_play", "zone": "hand", "face_up": False, "at": "choose", "played": True}]
    m = re.match(r"^look at a face-down Troublemaker( at its Problem| here)?$", t, re.I)
    if m:  # private (505.1d); without "here" any Problem's
        return [{"op": "look_fd_tm", "at": "here"} if m.group(1) else {"op": "look_fd_tm", "any": True}]
    m = re.match(r"^(one of your Friends|one of your characters) gets \+(\d+) power for each of your other (Friends|characters) at its Problem until the end of the turn$", t, re.I)
    if m:  # EO140: counted as the effect resolves
        tg = parse_target(m.group(1))
        return [{"op": "power", "n": 0, "per_at_it": {"type": m.group(3).rstrip("s"), "ctrl": "you", "n": int(m.group(2))},
                 "target": tg, "until": "turn"}]
    if re.match(r"^banish (?:a|an) (?:non-Friend )?(?:card|Event|Friend|Troublemaker|Resource) from (?:a|your) discard pile\. If you do, ", t, re.I):
        return _single(t)
    m = re.match(r"^choose (an? (?:Friend|character|Troublemaker|Resource))\. (Banish|Dismiss|Exhaust|Frighten) each other (Friend|character|Troublemaker|Resource)$", t, re.I)
    if m:
        tg = parse_target(m.group(1))
        if tg is not None and set(tg) == {"type"}:
            return [{"op": "mark", "target": tg},
                    {"op": m.group(2).lower(), "target": {"type": m.group(3), "each": True, "not_chosen": True}}]
    m = re.match(r"^put a number of \+1 power counters on (one of your Friends|one of your characters|a Friend|a character) equal to that (?:Friend|character)'s power$", t, re.I)
    if m:
        tg = parse_target(m.group(1))
        if tg is not None:
            return [{"op": "counters", "n": 0, "n_power": True, "counter": "+1", "target": tg}]
    # "Choose a color. One of your characters has +2 power and has that color until the end of the turn."
    m = re.match(r"^choose a color\. (.+?) has ([+-]\d+) power and has that color until the end of the (turn|phase)$", t, re.I)
    if m:
        tg = parse_target(m.group(1))
        if tg is not None and not tg.get("each") and not tg.get("self"):
            return [{"op": "pick_color"}, {"op": "mark", "target": tg},
                    {"op": "power", "n": int(m.group(2)), "target": {"it": True}, "until": m.group(3)},
                    {"op": "add_color", "color": "chosen", "target": {"it": True}, "until": m.group(3)}]
    m = re.match(r"^choose (an? (?:character|Friend)) and a color\. That (?:character|Friend) is also that color until the end of the (turn|phase)$", t, re.I)
    if m:
        tg = parse_target(m.group(1))
        if tg is not None:
            return [{"op": "mark", "target": tg}, {"op": "pick_color"},
                    {"op": "add_color", "color": "chosen", "target": {"it": True}, "until": m.group(2)}]
    m = re.match(r"^choose a color\. (This card|That Friend|That character) (?:gains|has|is also) that color until the end of the (turn|phase)$", t, re.I)
    if m:
        return [{"op": "pick_color"},
                {"op": "add_color", "color": "chosen", "target": {"self": True} if m.group(1) == "This card" else {"host": True},
                 "until": m.group(2)}]
    # "add X's power to Y until the end of the turn" (the amount is fixed as the effect resolves)
    m = re.match(r"^add (its|that Friend's|that character's|this card's) power to (?:the power of )?(.+?)(?:'s power)? until the end of the turn$", t, re.I)
    if m:
        tg = parse_target(m.group(2))
        if tg is not None and not tg.get("each"):
            # "its": the card a cost exhausted ("Exhaust another one of your characters ... to add its
            # power"), else this card ("Exhaust this card to add its power")
            frm = "self" if m.group(1).lower() in ("this card's",) else "its" if m.group(1).lower() == "its" else "it"
            if frm in ("it", "its") and tg.get("other") and not tg.get("self"):
                tg = {**{k: v for k, v in tg.items() if k != "other"}, "not_chosen": True}  # "another" than that card
            return [{"op": "power", "n": 0, "n_from": frm, "target": tg, "until": "turn"}]
    m = re.match(r"^add (an? .+?)'s power to (.+?) until the end of the turn$", t, re.I)
    if m:
        src_tg, tg = parse_target(m.group(1)), parse_target(m.group(2))
        if src_tg is not None and tg is not None and not src_tg.get("each") and not tg.get("each"):
            return [{"op": "mark", "target": src_tg}, {"op": "power", "n": 0, "n_from": "it", "target": tg, "until": "turn"}]
    m = re.match(r"^(move (?:your Mane Character|one of your characters|one of your Friends|a character|a Friend)) and it gets ([+-]\d+) power until the end of the turn$", t, re.I)
    if m:
        r = _single(m.group(1))
        if r is not None and len(r) == 1 and r[0]["op"] == "move":
            return r + [{"op": "power", "n": int(m.group(2)), "target": {"it": True}, "until": "turn"}]
    if re.match(r"^draw a card for each action token your opponent has, then discard the same number of cards$", t, re.I):
        return [{"op": "draw_per", "count": "opp_tokens", "then_discard": True}]
    m = re.match(r"^look at an opponent's hand\. You may choose a card from it and put that card on top of that opponent's deck$", t, re.I)
    if m:
        return [{"op": "look_hand", "whose": "opp", "filter": {}, "to": "deck_top", "optional": True}]
    m = re.match(r"^look at a player's hand and choose (?:a card with (\d+) or more printed power|an? (Event|Friend|Resource|Troublemaker))\. "
                 r"That player discards that card(\. If a player has (\d+) or more points, choose any card instead)?$", t, re.I)
    if m:
        flt: dict[str, Any] = {"min_printed": int(m.group(1))} if m.group(1) else {"type": m.group(2)}
        e = {"op": "look_hand", "whose": "choose", "filter": flt, "to": "disc"}
        if m.group(3):
            e["any_if_points"] = int(m.group(4))
        return [e]
    m = re.match(r"^choose a Problem\. (Opponents|You|Players) need ([+-]\d+) power to confront that Problem" + UNTIL + "$", t, re.I)
    if m and m.group("until") in (None, "turn"):
        return [{"op": "confront_mod", "n": int(m.group(2)), "who": {"opponents": "opp", "you": "you"}.get(m.group(1).lower(), "all"),
                 "problem": "choose", "until": "turn"}]
    m = re.match(r"^choose a Troublemaker here\. That Troublemaker does not prevent you from confronting its Problem until the end of the turn$", t, re.I)
    if m:
        return [{"op": "mark", "target": {"type": "Troublemaker", "at": "here"}},
                {"op": "confront_mod", "who": "you", "tm_ok": "it", "until": "turn"}]
    return None
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


def _parse_reveal_top(t: str) -> list[dict] | None:
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


def _parse_start_faceoff(t: str) -> list[dict] | None:
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


def _verb_of(s: str) -> str:
    return s.split(" ", 1)[0]


SAFE_REPEAT = ("frighten", "unfrighten", "exhaust", "ready", "dismiss", "banish", "retire", "to_hand", "to_deck_top", "send_home")


def _single(t: str) -> list[dict] | None:
    t = t.strip().rstrip(".")
    m = re.match(r"^draw cards until you have (\d+) or more cards in your hand$", t, re.I)
    if m:
        return [{"op": "draw_to", "n": int(m.group(1))}]
    if re.match(r"^draw an additional card$", t, re.I):
        return [{"op": "draw", "n": 1, "who": "you"}]
    if re.match(r"^draw a card from the bottom of your deck$", t, re.I):
        return [{"op": "draw", "n": 1, "who": "you", "bottom": True}]
    m = re.match(r"^have players flip (\d+|one) fewer cards? during that faceoff$", t, re.I)
    if m:
        return [{"op": "fo_flip_mod", "n": -_n(m.group(1))}]
    m = re.match(r"^(exhaust) (a random character involved in the faceoff|one of your characters at random)$", t, re.I)
    if m:  # the seeded rng picks (as a cost: among the characters that can be exhausted, 508.1d)
        if "involved" in m.group(2):  # any involved character may be picked (an exhausted one stays so)
            return [{"op": "exhaust", "target": {"type": "character", "at": "faceoff", "random": True}}]
        return [{"op": "exhaust", "target": {"type": "character", "ctrl": "you", "state": "ready", "random": True}}]
    if re.match(r"^move one of your characters home from this card's Problem$", t, re.I):
        return [{"op": "move", "target": {"type": "character", "ctrl": "you", "at": "here"}, "to": "home"}]
    if re.match(r"^turn this card face-down$", t, re.I):
        return [{"op": "turn_face_down", "target": {"self": True}}]
    if re.match(r"^move this card to a random Problem$", t, re.I):
        return [{"op": "move", "target": {"self": True}, "to": "random_problem"}]
    m = re.match(r"^(?:your|that) opponent loses action tokens until they have no more than \[(\d+)\]$", t, re.I)
    if m:
        return [{"op": "lose_tokens", "who": "opponent", "down_to": int(m.group(1))}]
    m = re.match(r"^(each|an) opponent (retires|discards) (?:a|an|one of their) (.+)$", t, re.I)
    if m:  # the opponent chooses and follows the instruction (410.2: only their own cards)
        r = parse_effects(f"{m.group(2)[:-1].lower()} one of your {m.group(3)}")
        if r is not None or m.group(1).lower() == "each":
            return None if r is None else [{"op": "as_opponent", "effects": r}]
    m = re.match(r"^(exhaust|ready|frighten|unfrighten|dismiss|banish) or (exhaust|ready|frighten|unfrighten|dismiss|banish) (.+)$", t, re.I)
    if m:
        a, b = _single(f"{m.group(1)} {m.group(3)}"), _single(f"{m.group(2)} {m.group(3)}")
        if a is not None and b is not None:
            return [{"op": "choose_modes", "n": 1, "modes": [a, b], "labels": [f"{m.group(1)} {m.group(3)}", f"{m.group(2)} {m.group(3)}"]}]
        return None
    m = re.match(r"^move up to (two|three|2|3) (.+?)( from home)?( to a Problem)?$", t, re.I)
    if m:
        r = _single(f"move each {m.group(2)}")
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
                    for _ in range(_n(m.group(1)))]
        return None
    m = re.match(r"^(exhaust|ready|frighten|unfrighten|dismiss|banish) up to (two|three|2|3) (.+)$", t, re.I)
    if m:
        r = _single(f"{m.group(1)} each {m.group(3)}")
        if r is not None and len(r) == 1 and r[0]["op"] in SAFE_REPEAT and r[0]["target"].get("each"):
            tg = dict(r[0]["target"])
            tg.pop("each")
            tg["optional"] = True
            if r[0]["op"] == "unfrighten":
                tg["state"] = "frightened"
            return [{"op": r[0]["op"], "target": dict(tg)} for _ in range(_n(m.group(2)))]
        return None
    m = re.match(r"^(exhaust|ready|frighten|unfrighten|dismiss|banish|retire) each (.+?) (\w+s) and (\w+s)$", t, re.I)
    if m and m.group(3) in ("Friends", "Resources", "Troublemakers", "characters") and m.group(4) in ("Friends", "Resources", "Troublemakers", "characters"):
        a = _single(f"{m.group(1)} each {m.group(2)} {m.group(3)}")
        b = _single(f"{m.group(1)} each {m.group(2)} {m.group(4)}")
        return None if a is None or b is None else a + b
    m = re.match(r"^(dismiss|banish) each (opposing|of your opponent's) (Friend|Resource|Troublemaker|character) and (Friend|Resource|Troublemaker|character)$", t, re.I)
    if m:
        return [{"op": m.group(1).lower(), "target": {"type": x, "ctrl": "opp", "each": True}} for x in (m.group(3), m.group(4))]
    m = re.match(r"^put (.+? tokens?(?: with \w+)?) and (.+? tokens?(?: with \w+)?) into play( here| at your home)?$", t, re.I)
    if m:
        a = _single(f"put {m.group(1)} into play{m.group(3) or ''}")
        b = _single(f"put {m.group(2)} into play{m.group(3) or ''}")
        if a is not None and b is not None and all(x["op"] == "token" for x in a + b):
            return a + b
        return None
    m = re.match(r"^search your deck for (?:a|an) ([A-Z][\w.']*(?: [A-Z][\w.']*)*) card,? (?:reveal it,? )?(?:and )?put it into your hand(?:,? and shuffle your deck)?$", t)
    if m and m.group(1) not in TRAITS and m.group(1) not in ("Friend", "Event", "Resource", "Troublemaker"):
        return [{"op": "search", "filter": {"title": m.group(1)}, "zone": "deck", "to": "hand"}]
    m = re.match(r"^search your discard pile for (?:a|an) (?:(%s) )?(Friend|Event|Resource|Troublemaker|card) and put it into your hand$" % "|".join(TRAITS), t, re.I)
    if m:
        return [{"op": "search", "filter": _printed_filter(m.group(1), m.group(2)), "zone": "disc", "to": "hand"}]
    m = re.match(r"^draw (a|an|one|two|three|four|\d+) cards?$", t, re.I)
    if m:
        return [{"op": "draw", "n": _n(m.group(1)), "who": "you"}]
    m = re.match(r"^each player draws (a|two|three|\d+) cards?$", t, re.I)
    if m:
        return [{"op": "draw", "n": _n(m.group(1)), "who": "each"}]
    m = re.match(r"^(?:gain|you gain) \[(\d+)\]$", t, re.I)
    if m:
        return [{"op": "gain", "n": int(m.group(1))}]
    m = re.match(r"^(?:gain|you gain) (a|an|one|two|three|\d+) action tokens?$", t, re.I)
    if m:
        return [{"op": "gain", "n": _n(m.group(1))}]
    m = re.match(r"^scores? (a|an|one|two|three|\d+) (?:additional )?points?$", t, re.I)
    if m:
        return [{"op": "score", "n": _n(m.group(1)), "who": "you"}]
    m = re.match(r"^(?:an|each|your) opponents? loses? \[(\d+)\]$", t, re.I)
    if m:
        return [{"op": "lose_tokens", "n": int(m.group(1)), "who": "opponent"}]
    m = re.match(r"^discard (a|one|two|\d+) random cards?$", t, re.I)
    if m:
        return [{"op": "discard", "n": _n(m.group(1)), "who": "you", "random": True}]
    m = re.match(r"^your opponent discards (a|one|two|\d+) (random )?cards?(?: at random)?$", t, re.I)
    if m:
        return [{"op": "discard", "n": _n(m.group(1)), "who": "opponent", "random": bool(m.group(2)) or "random" in t}]
    m = re.match(r"^put the top (a|one|two|three|four|\d+) cards? of your deck into your discard pile$", t, re.I)
    if m:
        return [{"op": "mill", "n": _n(m.group(1))}]
    m = re.match(r"^put the top card of your deck into your discard pile$", t, re.I)
    if m:
        return [{"op": "mill", "n": 1}]
    if re.match(r"^you lose the game$", t, re.I):
        return [{"op": "lose_game"}]
    if re.match(r"^end the faceoff$", t, re.I):
        return [{"op": "end_faceoff"}]
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
            return [{"op": "power", "n": int(m.group(2)), "per": cnt, "target": tg, "until": _until(m.group(3) or m.group(5))}]
    if re.match(r"^replace a Problem$", t, re.I):
        return [{"op": "replace_problem"}]
    m = re.match(r"^discard (a|one|two|three|\d+)$", t, re.I)
    if m:
        return [{"op": "discard", "n": _n(m.group(1)), "who": "you"}]
    m = re.match(r"^discard (a|one|two|three|\d+) cards?$", t, re.I)
    if m:
        return [{"op": "discard", "n": _n(m.group(1)), "who": "you"}]
    m = re.match(r"^(?:(?:all|each) players|each player) (discard|draw)s? (a|one|two|three|\d+) cards?$", t, re.I)
    if m:
        return [{"op": "each_player", "effects": [{"op": m.group(1).lower(), "n": _n(m.group(2)), "who": "you"}]}]
    m = re.match(r"^discard (?:all the cards|your hand|all cards) (?:in|from) your hand$|^discard your hand$", t, re.I)
    if m:
        return [{"op": "discard", "n": 99, "who": "you"}]
    m = re.match(r"^(?:an|each|your|all) opponents? loses? (a|an|one|two|three|\d+) action tokens?$", t, re.I)
    if m:
        return [{"op": "lose_tokens", "n": _n(m.group(1)), "who": "opponent"}]
    if re.match(r"^force your opponent to choose and discard a card$", t, re.I):
        return [{"op": "discard", "n": 1, "who": "opponent", "random": False}]
    m = re.match(r"^reduce by \[(\d+)\] the cost of the next (Friend|Event|Resource|card) you play this turn$", t, re.I)
    if m:
        return [{"op": "cost_reduction", "n": int(m.group(1)), "type": m.group(2), "until": "turn"}]
    m = re.match(r"^put (a|one|two|three|\d+) cards? from your hand on (?:the )?top of your deck$", t, re.I)
    if m:
        return [{"op": "hand_to_deck_top"} for _ in range(_n(m.group(1)))]
    m = re.match(r"^(?:each|choose an|an) opponent(?:s)? discards? (a|one|two|\d+) (?:random )?cards?(?: at random)?$", t, re.I)
    if m:
        return [{"op": "discard", "n": _n(m.group(1)), "who": "opponent", "random": "random" in t}]
    if re.match(r"^flip (?:an additional|another|another additional) card$", t, re.I):
        return [{"op": "flip", "n": 1}]
    if re.match(r"^put a card from your hand on (?:the )?top of your deck$", t, re.I):
        return [{"op": "hand_to_deck_top"}]
    m = re.match(r"^turn (.+?) face-?down$", t, re.I)
    if m:
        tg = parse_target(m.group(1))
        if tg is not None and tg.get("type") == "Troublemaker":
            return [{"op": "turn_face_down", "target": tg}]
    m = re.match(r"^(?:draw (a|one|two|three|\d+) cards? from the bottom of your deck|draw the bottom card of your deck)$", t, re.I)
    if m:
        return [{"op": "draw_bottom", "n": _n(m.group(1)) if m.group(1) else 1}]
    if re.match(r"^put the (?:card from the )?bottom (?:card )?of your deck on (?:the )?top of your deck$", t, re.I):
        return [{"op": "deck_bottom_to_top"}]
    m = re.match(r"^shuffle (your hand|your discard pile|a card from your hand|your deck)(?: into your deck)?$", t, re.I)
    if m and (m.group(1).lower() == "your deck") == (" into " not in t):
        frm = {"your hand": "hand", "your discard pile": "disc", "a card from your hand": "hand_card", "your deck": None}[m.group(1).lower()]
        return [{"op": "shuffle_into_deck", "from": frm}]
    if re.match(r"^banish all cards in a discard pile$", t, re.I):
        return [{"op": "banish_discard_pile"}]
    m = re.match(r"^(?:a player puts the top (\w+) cards? of their deck into their discard pile|put the top (\w+) cards? of a player's deck into that player's discard pile)$", t, re.I)
    if m:
        return [{"op": "mill_player", "n": _n(m.group(1) or m.group(2))}]
    m = re.match(r"^(?:reduce the cost of the next (Friend|Event|Resource|card) you play this turn by \[(\d+)\]|pay \[?(\d+)\]? less for the next (Friend|Event|Resource|card) you play this turn)$", t, re.I)
    if m:
        return [{"op": "cost_reduction", "n": int(m.group(2) or m.group(3)), "type": m.group(1) or m.group(4), "until": "turn"}]
    m = re.match(r"^(?:an|each) opponent loses \[(\d+)\] and you gain \[(\d+)\]$", t, re.I)
    if m:
        return [{"op": "lose_tokens", "n": int(m.group(1)), "who": "opponent"}, {"op": "gain", "n": int(m.group(2))}]
    m = re.match(r"^(Opponents|Players|You) need \+(\d+) power to confront (Problems|this card's Problem) until the (?:end of the turn|start of your next turn)$", t, re.I)
    if m:
        return [{"op": "confront_mod", "n": int(m.group(2)), "who": {"opponents": "opp", "you": "you"}.get(m.group(1).lower(), "all"),
                 "problem": "here" if "card's" in m.group(3) else "all", "until": "next_turn" if "start" in t else "turn"}]
    m = re.match(r"^(increase|reduce) (?:a Problem's confront requirements|the confront requirements of a Problem) by (\d+) "
                 r"power until the (?:end of the turn|start of your next turn)$", t, re.I)
    if m:  # both players' requirements to confront that Problem ("reduce": 1 power less at a time, Rules.meets)
        return [{"op": "confront_mod", "n": int(m.group(2)) * (1 if m.group(1).lower() == "increase" else -1), "who": "all",
                 "problem": "choose", "until": "next_turn" if "start" in t else "turn"}]
    m = re.match(r"^(Opponents|Players|You) need -(\d+) power to confront Problems until the end of the turn$", t, re.I)
    if m:
        return [{"op": "confront_mod", "n": -int(m.group(2)), "who": {"opponents": "opp", "you": "you"}.get(m.group(1).lower(), "all"),
                 "problem": "all", "until": "turn"}]
    if re.match(r"^Troublemakers don't prevent you from confronting Problems until the end of the turn$", t, re.I):
        return [{"op": "confront_mod", "who": "you", "tm_ok": True, "until": "turn"}]
    m = re.match(r"^banish (?:a|an) (non-Friend )?(card|Event|Friend|Troublemaker|Resource) from (a|your) discard pile(?:\. If you do, (.+))?$", t, re.I)
    if m:
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
    m = re.match(r"^dismiss each face-up and face-down Troublemaker$", t, re.I)
    if m:
        return [{"op": "dismiss", "target": {"type": "Troublemaker", "each": True, "fd_ok": True}}]
    m = re.match(r"^gain a number of action tokens equal to the number of (\w+) counters on (?:it|this card)$", t, re.I)
    if m:
        return [{"op": "gain", "n": 0, "n_counters": m.group(1)}]
    if re.match(r"^replace (?:its|this card's) Problem$", t, re.I):
        return [{"op": "replace_problem", "here": True}]
    m = re.match(r"^reduce the play requirements of your cards by (\d+) \[(%s)\] until the end of (?:the|this) turn$" % COLOR_RE, t, re.I)
    if m:
        return [{"op": "req_reduction", "n": int(m.group(1)), "color": m.group(2), "until": "turn"}]
    m = re.match(r"^uncover one of your face-down Troublemakers$", t, re.I)
    if m:
        return [{"op": "uncover", "mine": True, "here": False}]
    m = re.match(r"^uncover (a|one of your) Troublemakers?( here| at its Problem| at this card's Problem)?$", t, re.I)
    if m:
        return [{"op": "uncover", "mine": m.group(1) != "a", "here": bool(m.group(2))}]
    m = re.match(r"^gain control of (.+?)(?: until the end of (?:the |this )?(turn|faceoff|Score Phase))?$", t, re.I)
    if m:
        tg = parse_target(m.group(1))
        if tg is not None and "ctrl" not in tg and not tg.get("each") and (tg.get("owner") == "you" or tg.get("max_power_src")):
            tg["ctrl"] = "opp"  # "a Friend you own" / "a Friend here": gaining control of your own card does nothing
        if tg is not None and tg.get("ctrl") == "opp" and (not tg.get("each") or m.group(2)):
            return [{"op": "gain_control", "target": tg, "until": _until(m.group(2)) if m.group(2) else "permanent"}]
    if re.match(r"^turn (?:this card|it) over$", t, re.I):
        return [{"op": "turn_over"}]
    if re.match(r"^cutie mark this card$", t, re.I):
        return [{"op": "cutie_mark"}]
    m = re.match(r"^(exhaust|ready|frighten|unfrighten|dismiss|banish|retire) (.+)$", t, re.I)
    if m:
        tg = parse_target(m.group(2))
        if tg is not None:
            return [{"op": m.group(1).lower(), "target": tg}]
    m = re.match(r"^put (.+?) into its owner's hand$", t, re.I)
    if m:
        tg = parse_target(m.group(1))
        if tg is not None:
            return [{"op": "to_hand", "target": tg}]
    m = re.match(r"^(?:return|put) (.+?) (?:to|into) (?:its owner's|your) hand$", t, re.I)
    if m:
        tg = parse_target(m.group(1))
        if tg is not None:
            return [{"op": "to_hand", "target": tg}]
    m = re.match(r"^put (.+?) on top of its owner's deck$", t, re.I)
    if m:
        tg = parse_target(m.group(1))
        if tg is not None:
            return [{"op": "to_deck_top", "target": tg}]
    m = re.match(r"^move (.+?) to that (?:Friend|character)'s Problem$", t, re.I)
    if m:  # "move one of your characters to that Friend's Problem" (the card the trigger names)
        tg = parse_target(m.group(1))
        if tg is not None and not tg.get("each") and not tg.get("it"):
            return [{"op": "move", "target": tg, "to": "it_problem"}]
    m = re.match(r"^move (an opponent's character|an opposing character|one of your characters) away from (?:that|this|its) Problem$", t, re.I)
    if m:
        tg = parse_target(m.group(1))
        if tg is not None:
            return [{"op": "move", "target": {**tg, "at": "here"}, "to": "choose"}]
    if re.match(r"^move this card home$", t, re.I):
        return [{"op": "move", "target": {"self": True}, "to": "home"}]
    m = re.match(r"^move (.+?) (?:here|to this Problem|to this card's Problem) from (?:your )?home$", t, re.I)
    if m:
        tg = parse_target(m.group(1))
        if tg is not None and "at" not in tg and not tg.get("each"):
            return [{"op": "move", "target": {**tg, "at": "home"}, "to": "here"}]
    m = re.match(r"^move (.+?) home$", t, re.I)
    if m:
        tg = parse_target(m.group(1))
        if tg is not None:
            return [{"op": "move", "target": tg, "to": "home"}]
    m = re.match(r"^send (.+?) home$", t, re.I)
    if m:
        tg = parse_target(m.group(1))
        if tg is not None:
            return [{"op": "send_home", "target": tg}]
    m = re.match(r"^move (another (?:one of your )?characters?|another Friend|(?:a|an|one of your) (?:opposing )?(?:character|Friend)) here$", t, re.I)
    if m:  # "move another character here": to this card's area (not a selector suffix)
        tg = parse_target(m.group(1))
        if tg is not None and not tg.get("each") and "at" not in tg:
            return [{"op": "move", "target": tg, "to": "here"}]
    m = re.match(r"^move (.+?) to the watched area$", t, re.I)
    if m:  # a watched-event trigger: "move ... to that Problem" (rules: the area of "it")
        tg = parse_target(m.group(1))
        if tg is not None and not tg.get("each"):
            return [{"op": "move", "target": tg, "to": "it"}]
    m = re.match(r"^move (.+?)(?: to (?P<to>a Problem|another Problem|your home|home|this card's Problem|this card's area|this Problem|that Problem|the same Problem|here))?$", t, re.I)
    if m:
        tg = parse_target(m.group(1))
        if tg is not None:
            to = (m.group("to") or "").lower()
            dest = "home" if "home" in to else "here" if to in ("this card's problem", "here", "this card's area", "this problem", "that problem", "the same problem") else "problem" if "problem" in to else "choose"
            if to == "this card's problem":  # none while this card is at home
                return [{"op": "move", "target": tg, "to": dest, "prob_only": True}]
            return [{"op": "move", "target": tg, "to": dest}]
    m = re.match(r"^(?:give )?(.+?) (?:gets |\+)?([+\-–]\d+) power" + UNTIL + "$", t, re.I)
    m4 = re.match(r"^give (.+?) \+(\d+) or -(\d+) power until the end of (?:the |this )?(turn|faceoff)$", t, re.I)
    if m4 and m4.group(2) == m4.group(3):
        tg = parse_target(m4.group(1))
        if tg is not None and not tg.get("each"):
            n, u = int(m4.group(2)), _until(m4.group(4))
            return [{"op": "choose_modes", "n": 1, "labels": [f"+{n} power", f"-{n} power"],
                     "modes": [[{"op": "power", "n": n, "target": tg, "until": u}],
                               [{"op": "power", "n": -n, "target": tg, "until": u}]]}]
    m3e = re.match(r"^(your .+?s(?: involved in the faceoff| here)?) each (?:get|have) ([+\-–]\d+) power until the end of (?:the |this )?(?P<until>turn|faceoff|Score Phase|phase)$", t, re.I)
    if m3e:
        tg = parse_target(m3e.group(1))
        if tg is not None and tg.get("each"):
            return [{"op": "power", "n": int(m3e.group(2).replace("–", "-")), "target": tg, "until": _until(m3e.group("until"))}]
    m3 = re.match(r"^(.+?) (?:have|has|get) ([+\-–]\d+) power until the end of (?:the |this )?(?P<until>turn|faceoff|Score Phase|phase)$", t, re.I)
    if m3:
        tg = parse_target(m3.group(1))
        if tg is not None and not tg.get("self"):
            return [{"op": "power", "n": int(m3.group(2).replace("–", "-")), "target": tg, "until": _until(m3.group("until"))}]
    r = _colored_power(t)
    if r is not None:
        return r
    r = _timed_kw_grant(t)
    if r is not None:
        return r
    m = re.match(r"^give (.+?) \[(%s)\] until the end of (?:the |this )?(turn|phase)$" % "|".join(COLOR_NAMES), t)
    if m:
        tg = parse_target(m.group(1))
        if tg is not None:
            return [{"op": "add_color", "color": m.group(2), "target": tg, "until": m.group(3)}]
    m2 = re.match(r"^(.+?) gets ([+\-–]\d+) power" + UNTIL + "$", t, re.I) or \
        re.match(r"^give (.+?) ([+\-–]\d+) power" + UNTIL + "$", t, re.I)
    if m2:
        tg = parse_target(m2.group(1))
        if tg is not None:
            n = int(m2.group(2).replace("–", "-"))
            return [{"op": "power", "n": n, "target": tg, "until": _until(m2.group("until"))}]
    m = re.match(r"^put (a|an|one|two|three|\d+) \+1 power counters? on (.+)$", t, re.I)
    if m:
        tg = parse_target(m.group(2))
        if tg is not None:
            return [{"op": "counters", "n": _n(m.group(1)), "counter": "+1", "target": tg}]
    m = re.match(r"^put (a|an|one|two|\d+) (Harmony|Friendship|Chaos|Wind|Spirit|Muscle|Party|Victory) counters? on (.+)$", t, re.I)
    if m:
        tg = parse_target(m.group(3))
        if tg is not None:
            return [{"op": "counters", "n": _n(m.group(1)), "counter": m.group(2), "target": tg}]
    m = re.match(r"^(?:you may )?pay \[(\d+)\] less (?:to play|for) your next (Friend|Event|Resource|card) until the end of the faceoff$", t, re.I)
    if m:
        return [{"op": "cost_reduction", "n": int(m.group(1)), "type": m.group(2), "until": "faceoff"}]
    m = re.match(r"^(?:you may )?pay \[(\d+)\] less (?:to play|for) your next (Friend|Event|Resource|card) this turn$", t, re.I)
    if m:
        return [{"op": "cost_reduction", "n": int(m.group(1)), "type": m.group(2), "until": "turn"}]
    m = re.match(r"^search your deck for (?:a|an) (?:(%s) )?(Friend|Event|Resource|Troublemaker|card)(?: with (?:cost|power) (\d+) or less)?, reveal it, (?:and )?put it into your hand(?:,? and shuffle your deck)?$" % "|".join(TRAITS), t, re.I)
    if m:
        return [{"op": "search", "filter": _printed_filter(m.group(1), m.group(2), m.group(3), "cost" in t), "zone": "deck", "to": "hand"}]
    m = re.match(r"^search your deck for (?:a|an) (?:(%s) )?(Friend|Resource)(?: with (?:cost|power) (\d+) or less)?, reveal it, (?:and )?put it into play(?:,? and shuffle your deck)?$" % "|".join(TRAITS), t, re.I)
    if m:
        flt = {"type": m.group(2)}
        if m.group(1):
            flt["trait"] = m.group(1)
        if m.group(3):
            flt["max_cost" if "cost" in t else "max_power"] = int(m.group(3))
        return [{"op": "search", "filter": flt, "zone": "deck", "to": "play"}]
    m = re.match(r"^put (?:a|an) (card|Friend|Resource|Event|Troublemaker) with at least (\d+) power from your discard pile into your hand$", t, re.I)
    if m:  # printed power: cards outside play have only their printed information
        flt = {"min_printed": int(m.group(2))}
        if m.group(1) != "card":
            flt["type"] = m.group(1)
        return [{"op": "search", "filter": flt, "zone": "disc", "to": "hand"}]
    m = re.match(r"^put (?:a|an) (Friend|Resource|Event|Troublemaker|card) from your discard pile on top of your deck$", t, re.I)
    if m:
        return [{"op": "search", "filter": {"type": m.group(1)} if m.group(1) != "card" else {}, "zone": "disc", "to": "deck"}]
    m = re.match(r"^give (.+?) ([+-]\d+) power until the start of your next turn$", t, re.I)
    if m:
        tg = parse_target(m.group(1))
        if tg is not None and not tg.get("each"):
            return [{"op": "power", "n": int(m.group(2)), "target": tg, "until": "next_turn"}]
    m = re.match(r"^you draw (a|an|one|two|three|\d+) cards?$", t, re.I)
    if m:
        return [{"op": "draw", "n": _n(m.group(1)), "who": "you"}]
    m = re.match(r"^(draw (?:a|one|two|three|\d+) cards?) then (discard (?:a|one|two|three|\d+) cards?)$", t, re.I)
    if m:
        return _single(m.group(1)) + _single(m.group(2))
    m = re.match(r"^(?:an|each) opponent retires a random (Friend|Resource)$", t, re.I)
    if m:
        return [{"op": "retire_random", "who": "opponent", "type": m.group(1)}]
    m = re.match(r"^(?:search your deck for a Troublemaker(?:,| and) (?:then )?put it into play|put a Troublemaker from your (hand|discard pile) into play)( face-up)?( at this card's Problem)?$", t, re.I)
    if m:
        e = {"op": "tm_into_play", "zone": {"hand": "hand", "discard pile": "disc"}.get(m.group(1) or "", "deck"),
             "face_up": bool(m.group(2)), "at": "here" if m.group(3) else "choose"}
        return [e]
    m = re.match(r"^(?:put|return) (?:a|an) (?:(%s)\b ?)?(Friend|card|Resource|Event|Troublemaker)?(?: with (?:cost|power) (\d+) or less)? from your discard pile (?:in)?to your hand$" % "|".join(TRAITS + ("Accessory",)), t, re.I)
    if m and (m.group(1) or m.group(2)):
        return [{"op": "search", "filter": _printed_filter(m.group(1), m.group(2), m.group(3), "cost" in t), "zone": "disc", "to": "hand"}]
    t = re.sub(r"^(put (?:a|an) .*?Friend.*?) into play from your discard pile$", r"\1 from your discard pile into play", t)
    m = re.match(r"^put (?:a|an) (?:(%s) )?Friend(?: with (cost|power|printed power of) (\d+) or less)? from your discard pile into play(?: (here|at your home))?$" % "|".join(TRAITS), t, re.I)
    if m:
        flt = {"type": "Friend"}
        if m.group(1):
            flt["trait"] = m.group(1)
        if m.group(3):
            flt[{"cost": "max_cost", "power": "max_power"}.get(m.group(2).lower(), "max_printed")] = int(m.group(3))
        e = {"op": "put_into_play", "filter": flt, "zone": "discard"}
        if m.group(4) == "here":
            e["at"] = "here"
        return [e]
    if re.match(r"^put (?:it|this card) into play$", t, re.I):
        return [{"op": "put_into_play", "zone": "self"}]
    t = re.sub(r"(\d+) (Blue|Orange|Pink|Purple|White|Yellow) ", lambda m_: f"{m_.group(1)} [{COLOR_WORDS[m_.group(2).lower()]}] ", t)
    m = re.match(r"^put (a|an|two|three|four|\d+) (\d+) \[(%s)\] (.+?) tokens?(?: with (%s))? into play(?: (here|at your home))?$" % (COLOR_RE, "|".join(KEYWORD_NAMES)), t, re.I)
    if m and " with " not in m.group(4):
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
            return [dict(tok) for _ in range(_n(m.group(1)))]
    m = re.match(r"^look at the top (a|one|two|three|four|\d+) cards? of your deck(?:\. | and )?put (?:them|it) (?:back )?on the top or bottom of your deck in any order$", t, re.I)
    if m:
        return [{"op": "look_top", "n": _n(m.group(1)), "whose": "you"}]
    return None


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
    until = "next_turn" if m.group("next") else _until(m.group("until"))
    return [{"op": "power", "n": int(n), "color": col, "target": tg, "until": until}
            for n, col in re.findall(_CPOW, m.group("parts"))]


def _timed_kw_grant(t: str) -> list[dict] | None:
    """"Your characters have Swift this turn", "give a Troublemaker here Competitive 4 until the end
    of the turn", "That Friend gains Stubborn until the end of the turn": a keyword for a duration
    (``grant_kw``); plural subjects are read continuously (708.5)."""
    kws = "|".join(GRANTABLE_KW)
    m = re.match(r"^[Ff]or each (of your .+?), (?:that character|that Friend|it) gets an additional (%s) (\d+) until the end "
                 r"of (?:the )?turn$" % kws, t)
    if m and m.group(2) in _X_KW:  # "For each of your Pegasus characters, that character gets an additional Competitive 1"
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
    if (kw in _X_KW) != (x is not None):
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


def _until(u: str | None) -> str:
    if not u:
        return "turn"
    u = u.lower()
    return "faceoff" if u == "faceoff" else "score_phase" if u == "score phase" else "phase" if u == "phase" else "turn"


# ------------------------------------------------------------------ abilities
TRIGGERS = [
    (r"^(?:When|As) this card enters play at a Problem, ", "enter", {"when": "problem"}),
    (r"^When you play this card to a Problem, ", "enter", {"when": "problem"}),
    (r"^When you play this card to your home, ", "enter", {"when": "home"}),
    (r"^When this card enters play during your turn, ", "enter", {"your_turn": True}),
    (r"^When this card enters play, ", "enter", {}),
    (r"^When you play this card, ", "enter", {}),
    (r"^At the start of your turn, ", "turn_start", {}),
    (r"^At the end of your turn, ", "turn_end", {}),
    (r"^At the start of your Main Phase, ", "main_start", {}),
    (r"^When you win a faceoff involving this card, ", "win_faceoff", {}),
    (r"^When you win a Troublemaker faceoff involving this card, ", "win_faceoff", {"fo": "tm"}),
    (r"^When you win a Problem faceoff involving this card, ", "win_faceoff", {"fo": "problem"}),
    (r"^At the end of each player's turn, ", "any_turn_end", {}),
    (r"^At the end of each opponent's turn, ", "opp_turn_end", {}),
    (r"^At the start of your Troublemaker [Pp]hase, ", "tp_start", {}),
    (r"^At the start of (?:your|each) opponent's Troublemaker [Pp]hase, ", "opp_tp_start", {}),
    (r"^At the start of each player's Troublemaker [Pp]hase, ", "any_tp_start", {}),
    (r"^At the start of your Score Phase, ", "score_start", {}),
    (r"^At the start of the Score Phase, ", "any_score_start", {}),  # each player's Score Phase
    (r"^At the start of each player's turn, ", "any_turn_start", {}),
    (r"^At the start of a Problem [Ff]aceoff here, ", "problem_fo_start", {"here": True}),
    (r"^At the end of your opponent's turn, ", "opp_turn_end", {}),
    (r"^At the start of your first turn, ", "turn_start", {"first_turn": True}),
    (r"^At the start of a faceoff, ", "any_fo_start", {}),
    (r"^At the end of your Troublemaker [Pp]hase, ", "tp_end", {}),
    (r"^At the end of each player's Troublemaker [Pp]hase, ", "any_tp_end", {}),
    (r"^At the start of a faceoff here,? ", "any_fo_start", {"here": True}),
    (r"^At the start of the game, ", "game_start", {}),
    (r"^At the end of your draw step, ", "draw_step_end", {}),
    (r"^When you confront this Problem, ", "confront_this", {}),
    (r"^When a player confronts this Problem, ", "confront_this_any", {}),
    (r"^When this card is confronted, ", "confronted", {}),  # (a Problem's controller is "you", 513.2)
    (r"^When this [Pp]roblem (?:is|becomes) solved, ", "solved", {}),
    (r"^When this Problem (?:enters play|is played), ", "enter", {}),
    (r"^When you play an Event, ", "you_play_event", {}),
    (r"^When this card leaves play, ", "leaves", {}),
    (r"^When this card becomes Cutie Marked, ", "cutie_marked", {}),
    (r"^When you draw a card, ", "you_draw", {}),
    (r"^When an opponent moves a character, ", "opp_moves", {}),
    (r"^When you move a character, ", "you_move", {}),
    (r"^When you play a Friend, ", "you_play_friend", {}),
    (r"^When you play a Troublemaker, ", "you_play_tm", {}),
    (r"^When an opponent starts a faceoff, ", "opp_starts_fo", {}),
    (r"^When an opponent starts a faceoff here, ", "opp_starts_fo", {"here": True}),
    (r"^When you win a Troublemaker faceoff, ", "you_win_tm_fo", {}),
    (r"^When you lose a Troublemaker faceoff, ", "you_lose_tm_fo", {}),
    (r"^When one of your Friends becomes Cutie Marked, ", "friend_cutie", {}),
    (r"^Talented: When you play an Event whose play requirement includes at least one of this card's colors, ", "talented", {}),
    (r"^Chaos: When this card is flipped, ", "flipped", {}),
    (r"^When you confront this card's Problem, ", "confront", {}),
    (r"^When you confront this card's Problem (?=you may )", "confront", {}),  # CN193 has no comma
    (r"^At the start of a faceoff involving this card, ", "fo_start", {}),
    (r"^At the start of a Problem [Ff]aceoff involving this card, ", "fo_start", {"fo": "problem"}),
    (r"^At the start of a Problem faceoff, ", "problem_fo_start", {}),
    (r"^When this card is uncovered, ", "uncovered", {}),
    (r"^When you move this card to a Problem, ", "moved", {"to": "problem"}),
    (r"^When (?:you move this card|this card is moved), ", "moved", {}),
    (r"^When this card is defeated, ", "defeated", {}),
    # faceoffs and flipping (514, 515): "Chaotic" is a trait; "by at least N power" is the winning margin
    (r"^Chaos: When you flip this card, ", "flipped", {}),
    (r"^Chaos: When this card is flipped during a Troublemaker faceoff, ", "flipped", {"fo": "tm"}),
    (r"^When an opponent loses a faceoff against a Troublemaker here, ", "opp_loses_tm_fo_here", {}),
    (r"^When you win a faceoff involving (?:that|the attached) (?:character|Friend), ", "host_wins_fo", {}),
    (r"^When (?:that|the attached) (?:character|Friend) becomes involved in a faceoff, ", "host_fo_start", {}),
    (r"^When you flip a Chaotic card, ", "you_flip", {"flip": "Chaotic"}),
    (r"^When you flip a card, ", "you_flip", {}),
    (r"^When you win a (?:(Problem|Troublemaker) )?faceoff involving this card by at least (\d+) power, ", "win_faceoff",
     lambda m: {"margin": int(m.group(2)), **({"fo": "problem" if m.group(1) == "Problem" else "tm"} if m.group(1) else {})}),
    # any faceoff you win (not only those involving this card): flow.resolve_faceoff fires ``you_win_fo``
    (r"^When you win a (?:(Problem|Troublemaker) )?faceoff by at least (\d+) power, ", "you_win_fo",
     lambda m: {"margin": int(m.group(2)), **({"fo": "problem" if m.group(1) == "Problem" else "tm"} if m.group(1) else {})}),
    # a Problem's owner ("that player" is the owner, who is "you"): any faceoff they win with their Mane involved
    (r"^When this card's owner wins a faceoff involving their Mane Character, that player (?=may )", "you_win_fo",
     {"mane_inv": True}),
    # "At the end of a faceoff [involving this card], ...": fired by flow.end_faceoff before the flipped cards leave
    (r"^At the end of a faceoff involving this card, ", "fo_end_pre", {"inv": True}),
    (r"^At the end of a faceoff, (?=you may put one of your flipped)", "fo_end_pre", {}),
    (r"^When you lose a (?:(Problem|Troublemaker) )?faceoff involving this card, ", "lose_faceoff",
     lambda m: {"fo": "problem" if m.group(1) == "Problem" else "tm"} if m.group(1) else {}),
    (r"^When you win a (?:(Problem|Troublemaker) )?faceoff (?:here|at this Problem), ", "win_fo_here",
     lambda m: {"fo": "problem" if m.group(1) == "Problem" else "tm"} if m.group(1) else {}),
    (r"^When you start a faceoff here, ", "you_start_fo", {"here": True}),
    (r"^When a player wins a faceoff here by exactly (\d+) power, that player (?=scores )", "any_win_fo_here",
     lambda m: {"exact": int(m.group(1)), "as_winner": True}),
    (r"^When a player draws a card, ", "any_draw", {}),
    (r"^When you put a card on top of your deck, ", "you_deck_top", {}),
    (r"^When this card enters play during your turn, ", "enter", {"your_turn": True}),
    (r"^When this card enters play at a problem, ", "enter", {"when": "problem"}),  # CN48's lowercase
    (r"^When this card is turned face-up, ", "uncovered", {}),  # 505: a Troublemaker turned face-up is uncovered
    (r"^When you confront this Problem with at least (?P<n>\d+) characters, ", "confront_this", {"min_chars": None}),
    (r"^When a player confronts this Problem with characters that have at least (?P<n>\d+) different colors among them, ",
     "confront_this_any", {"min_colors": None}),
    (r"^When an opponent discards a card, ", "opp_discards", {}),
    (r"^When an opponent pays their last action token, ", "opp_pays_last", {}),
    (r"^When an opponent loses one or more action tokens, ", "opp_loses_tokens", {}),
    (r"^When (?:an|your) opponent confronts this card's Problem, ", "opp_confronts", {"here": True}),
    (r"^When an opponent confronts a Problem, ", "opp_confronts", {}),
]

# ------------------------------------------------------------------ watched events (704.1)
# Triggered abilities about something happening to a card (any card, not only this one): the ability
# gets ``subj`` (rules._watch_ok) and the card it happened to is "it" / "that Friend" in the effect.
_PLAY_TYPES = {"Friend": "Friend", "Resource": "Resource", "Event": "Event", "Troublemaker": "Troublemaker"}


def _watch_subject(text: str, card_type: str = "") -> dict | None:
    """"an opposing Friend here", "this or another one of your Pegasus Friends", "one of your
    Problems", "the attached Friend", "that Friend" (on a Resource: its host) -> selector."""
    t = text.strip().replace("charactes", "characters")  # a misprint in the card data (NM8)
    if t in ("this card", "this Friend", "this Troublemaker", "this character"):
        return {"self": True}
    if t in ("the attached Friend", "that Friend", "the attached character", "that character"):
        return {"host": True} if card_type == "Resource" else None
    m = re.match(r"^(?:a|an|one of your|another one of your|an opponent's|an opposing) (?:non-token )?Problems?$", t)
    if m:
        sel = {"type": "Problem"}
        if "your" in t:
            sel["ctrl"] = "you"
        elif "opp" in t:
            sel["ctrl"] = "opp"
        return sel
    t = re.sub(r"^this or another (one of your )?", lambda m_: "each your " if m_.group(1) else "each ", t)
    t = re.sub(r"\bnon-token ", "", t)
    if re.match(r"^each (?!your )\w+s?\b", t) and not t.endswith("s") and " " not in t[5:]:
        t = t + "s" if not t.endswith("s") else t
    sel = parse_target(t)
    if sel is None or sel.get("it") or sel.get("host"):
        return None
    sel = dict(sel)
    sel.pop("each", None)
    sel.pop("optional", None)
    return sel


_WATCH = [
    # (regex on the trigger condition, event, subject group, fixed filter)
    (r"^When (?P<s>.+?) enters play(?P<w> here| at a Problem)?, ", "w_enter", {}),
    (r"^When (?P<s>.+?) (?:is|becomes) dismissed, ", "w_leave", {"how": "dismissed"}),
    (r"^When (?P<s>.+?) (?:is|becomes) retired, ", "w_leave", {"how": "retired"}),
    (r"^When (?P<s>.+?) (?:is|becomes) banished, ", "w_leave", {"how": "banished"}),
    (r"^When (?P<s>.+?) is retired or dismissed, ", "w_leave", {"how": ["retired", "dismissed"]}),
    (r"^When (?P<s>.+?) leaves play, ", "w_leave", {}),
    (r"^When (?P<s>.+?) (?:is|becomes) frightened, ", "w_fright", {}),
    (r"^When you frighten (?P<s>.+?) for the first time each turn, ", "w_fright", {"by": "you", "once_turn": True}),
    (r"^When (?P<s>.+?) becomes unfrightened, ", "w_unfright", {}),
    (r"^When (?P<s>.+?) becomes exhausted, ", "w_exhaust", {}),
    (r"^When (?P<s>.+?) is uncovered(?P<w> here)?, ", "w_uncover", {}),
    (r"^When you uncover (?P<s>a Troublemaker(?: at this card's Problem| here)?), ", "w_uncover", {"by": "you"}),
    (r"^When you move (?P<s>.+?) to (?:this|this card's) Problem for the first time each turn, ", "w_move",
     {"by": "you", "to": "here", "send": False, "once_turn": True}),
    (r"^When you move (?P<s>.+?) to (?:this|this card's) Problem, ", "w_move", {"by": "you", "to": "here", "send": False}),
    (r"^When you move (?P<s>.+?) to a Problem, ", "w_move", {"by": "you", "to": "problem", "send": False}),
    (r"^When you move (?P<s>.+?), ", "w_move", {"by": "you", "send": False}),
    (r"^When an opponent moves (?P<s>.+?) to (?:this|this card's) Problem, ", "w_move", {"by": "opp", "to": "here", "send": False}),
    (r"^When (?P<s>.+?) is moved from (?:this|this card's) Problem, ", "w_move", {"from": "here", "send": False}),
    (r"^When (?P<s>this card) is sent or moved home, ", "w_move", {"to": "home"}),
    (r"^When you put a \+1 power counter on (?P<s>.+?) for the first time each turn, ", "w_counter", {"by": "you", "once_turn": True}),
    (r"^When you put a \+1 power counter on (?P<s>.+?), ", "w_counter", {"by": "you"}),
    (r"^When (?P<s>.+?) is moved, ", "w_move", {"send": False}),
    (r"^When (?P<s>.+?) is moved from (?:here|this Problem|this card's Problem) to (?:another|a) Problem, ", "w_move",
     {"from": "here", "to": "problem", "send": False}),
    # 608.1 challenging a Troublemaker; 514.5a defeating one ("that player ..." follows the actor: as_by)
    (r"^When a player challenges (?P<s>this card), ", "w_challenge", {"as_by": True}),
    (r"^When an opponent challenges (?P<s>this card), ", "w_challenge", {"by": "opp", "as_by": True}),
    (r"^When an opponent challenges (?P<s>one of your Troublemakers), ", "w_challenge", {"by": "opp"}),
    (r"^When a player defeats (?P<s>a Troublemaker(?: at this Problem| here)?), ", "w_defeat", {"as_by": True}),
]


def _as_actor(body: str) -> str | None:
    """"that player moves one of their characters" -> "move one of your characters": the effect is
    followed by the player who did the watched thing (``as_by``)."""
    m = re.match(r"^(?:they|that player|that opponent) ", body)
    if not m:
        return None if re.search(r"\b(?:they|them|that player|their)\b", body) else body
    body = body[m.end():]
    if body.startswith("may "):
        body = "you " + body  # "that player may ..." -> "you may ..."
    body = re.sub(r"\b(?:that player|they)\b", "you", body)
    body = re.sub(r"\btheir\b", "your", body)
    body = re.sub(r"\bthem\b", "you", body)
    return re.sub(r"^(\w+(?:sh|ch|ss)es|\w+s)\b", lambda m_: m_.group(1)[:-2] if m_.group(1).endswith(("shes", "ches", "sses")) else m_.group(1)[:-1], body)
# "When you / an opponent play(s) a [<trait>] <type> [here | to this card's Problem]"
# "When a Troublemaker is played here" / "When a player plays a Troublemaker here": any player ("its
# controller" / "that player" follows the effect)
_WATCH_PLAY_ANY = re.compile(r"^When (?:(?:a|an) (Friend|Resource|Event|Troublemaker) is played|a player plays (?:a|an) "
                             r"(Friend|Resource|Event|Troublemaker))( here)?, ")
_WATCH_PLAY = re.compile(r"^When (you|an opponent|your opponent) plays? (?:a|an) (?:(%s) )?(Friend|Resource|Event|Troublemaker|card)"
                         r"( here| to this card's Problem| to a Problem)?, " % "|".join(TRAITS))


def _other_than_it(effs: list[dict]) -> None:
    """In a watched-event trigger "another character" also excludes the card the event happened to
    ("When you move a character to this Problem, ... move another one of your characters")."""
    for e in effs:
        tg = e.get("target")
        if isinstance(tg, dict) and tg.get("other"):
            tg["not_it"] = True
        for sub in [e.get("effects") or []] + list(e.get("modes") or []):
            _other_than_it(sub)


def _watch_trigger(line: str, card_type: str = "") -> tuple[str, dict, str] | None:
    """A watched-event trigger -> (event, {"subj": filter}, effect text), or None."""
    m = _WATCH_PLAY.match(line)
    if m:
        f: dict[str, Any] = {"by": "you" if m.group(1) == "you" else "opp"}
        if m.group(3) != "card":
            f["ptype"] = m.group(3)
        if m.group(2):
            f["ptrait"] = m.group(2)
        if m.group(4):
            f["to"] = "here" if m.group(4) != " to a Problem" else "problem"
        body = line[m.end():].replace(" to that Problem", " to the watched area")
        body = re.sub(r"^(?:it|that (?:Friend|character)) (gets|has) ", r"that card \1 ", body)
        return "w_play", {"subj": f}, body
    m = _WATCH_PLAY_ANY.match(line)
    if m:
        f = {"ptype": m.group(1) or m.group(2)}
        if m.group(3):
            f["to"] = "here"
        body = re.sub(r"^(?:its controller|that Troublemaker's controller) ", "that player ", line[m.end():])
        body = _as_actor(body)
        if body is None:
            return None
        f["as_by"] = True
        return "w_play", {"subj": f}, body
    m = re.match(r"^When you play the last card in your hand, ", line)
    if m:
        return "w_play", {"subj": {"by": "you", "last": True}}, line[m.end():]
    for pat, on, fixed in _WATCH:
        m = re.match(pat, line)
        if not m:
            continue
        subj = m.group("s")
        if on == "w_enter" and subj in ("this card", "this Problem"):
            return None  # the card's own "enter" trigger
        if "w" in m.groupdict() and m.group("w"):
            subj += m.group("w")
        sel = _watch_subject(subj, card_type)
        if sel is None:
            return None
        f = dict(fixed)
        if f.pop("as_by", None):
            body_ = _as_actor(line[m.end():])
            if body_ is None:
                return None
            line = line[:m.end()] + body_
            f["as_by"] = True
        if sel.get("host"):
            f["sel"] = {"host": True}
        else:
            if re.search(r"\bnon-token\b", subj):
                f["token"] = False
            f["sel"] = sel
        body = line[m.end():]
        if on == "w_leave" and sel.get("self") and re.match(r"^put it into its owner'?s? hand\.?$", body):
            body = "return the card that left play to its owner's hand"  # from its new zone (410.6a)
        elif on == "w_leave" and sel.get("self") and re.search(r"\b(?:it|this card|its Problem)\b", body):
            return None  # after it left play: the card in its new zone (410.6a); "here" is its last area
        if not sel.get("self"):
            # "it" is the card the event happened to, not this card
            body = re.sub(r"\b(frighten|exhaust|dismiss|banish|ready|retire|move|challenge) it\b", r"\1 that card", body)
            body = re.sub(r"^it (gets|has) ", r"that card \1 ", body)
            if sel.get("type") == "Problem" or on in ("w_move", "w_uncover", "w_enter", "w_play"):
                # "there" / "that Problem": where the event happened (not this card's area)
                body = re.sub(r"\bmove this card there\b", "move this card to the watched area", body)
                body = re.sub(r"\bsend that (?:character|Friend|card) to its previous area\b", "send the watched card back", body)
                body = re.sub(r"\b((?:an?|another|each|your other|your) [\w' ]+?) there\b", r"\1 at the watched area", body)
                body = body.replace(" to that Problem", " to the watched area")
        return on, {"subj": f}, body
    return None


TIMINGS = {"main phase": "main", "immediate": "immediate", "faceoff": "faceoff", "reaction": "reaction",
           "any phase": "immediate", "problem faceoff": "faceoff_problem", "troublemaker faceoff": "faceoff_tm",
           "faceoff reaction": "faceoff", "main phase reaction": "main", "problem faceoff reaction": "faceoff_problem",
           "troublemaker faceoff reaction": "faceoff_tm",
           "score phase": "score", "troublemaker phase": "tp"}  # 512.3 "[x] Phase": the turn player, that Phase


def _it_refs(effs: list) -> list:
    """In an Event's Reaction, "it" / "there" can only mean the card that met the condition and its
    Problem (the Event itself is in the queue zone, with no area)."""
    out = []
    for e in effs:
        e = dict(e)
        t = e.get("target")
        if isinstance(t, dict):
            if t.get("self"):
                t = {"it": True}
            elif t.get("at") == "here":
                t = {**t, "at": "there"}
            e["target"] = t
        if "effects" in e:
            e["effects"] = _it_refs(e["effects"])
        out.append(e)
    return out


# Reaction bodies about the card that met the condition (reactions.py); else parse_effects
RX_BODIES: list = [
    # "that Problem" is the noted card's area (move ``to: it``); "other": not the noted card
    (r"^move one of your other characters to that Problem$",
     lambda m: [{"op": "move", "target": {"type": "character", "ctrl": "you", "not_it": True}, "to": "it"}]),
    (r"^put a number of \+1 power counters on it equal to the number of (\w+) counters on this card, then remove all "
     r"\1 counters from this card$",
     lambda m: [{"op": "counters", "counter": "+1", "target": {"it": True}, "n_self_counter": m.group(1)},
                {"op": "clear_counters", "counter": m.group(1)}]),
    (r"^defeat (an opponent's Troublemaker|an opposing Troublemaker)$",
     lambda m: [{"op": "defeat", "target": parse_target(m.group(1))}]),
    (r"^uncover an opponent's face-down Troublemaker$", lambda m: [{"op": "uncover", "opp": True}]),
    (r"^all players shuffle their decks$", lambda m: [{"op": "shuffle_decks"}]),
    (r"^(?:your opponent ignores|ignore) that card and flips? (?:another|a new) card$", lambda m: [{"op": "ignore_flip"}]),
    (r"^send that character to its previous area$", lambda m: [{"op": "send_back"}]),
    (r"^that opponent (?:must pay \[(\d+)\] if able|loses \[(\d+)\])$",
     lambda m: [{"op": "lose_tokens", "who": "opponent", "n": int(m.group(1) or m.group(2))}]),
    (r"^move that face-down Troublemaker to another Problem$", lambda m: [{"op": "move", "target": {"it": True}, "to": "problem"}]),
    (r"^move a different character there home$",  # there: this card's Problem; different: not the moved one
     lambda m: [{"op": "move", "target": {"type": "character", "at": "here", "not_it": True}, "to": "home"}]),
    (r"^move up to (?:2|two) of your characters to that Troublemaker's Problem$",
     lambda m: [{"op": "move", "target": {"type": "character", "ctrl": "you", "optional": True, "fresh": True}, "to": "it"}] * 2),
    (r"^your opponent needs \+(\d+) power to confront this card's Problem this turn$",
     lambda m: [{"op": "confront_mod", "n": int(m.group(1)), "who": "opp", "problem": "here", "until": "turn"}]),
    (r"^uncover that Troublemaker$", lambda m: [{"op": "uncover", "mine": True, "there": True}]),
    (r"^(?:you may )?put this card on (?:the )?top of (?:its owner's|your) deck$", lambda m: [{"op": "self_to_deck_top"}]),
    (r"^score an additional point$", lambda m: [{"op": "score", "n": 1, "who": "you"}]),
    (r"^exhaust the played (?:Friend|character)$", lambda m: [{"op": "exhaust", "target": {"it": True}}]),
    (r"^that opponent reattaches that Resource to another Friend$", lambda m: [{"op": "reattach_it"}]),
    (r"^send that character to its previous area\. That character can't be moved again this turn$",
     lambda m: [{"op": "send_back"}, {"op": "card_no_move"}]),
    (r"^put another Friend from your discard pile into your hand$", lambda m: [{"op": "disc_to_hand_other", "type": "Friend"}]),
    (r"^that card gets \+(\d+) power (?:this faceoff|until the end of the faceoff)$", lambda m: [{"op": "flip_power", "n": int(m.group(1))}]),
    (r"^ignore that card's power and flip a new card$", lambda m: [{"op": "ignore_flip"}]),
    (r"^your (\w+) Friends each get ([+-]\d+) power until the end of the (turn|phase)$",
     lambda m: parse_effects(f"your {m.group(1)} Friends get {m.group(2)} power until the end of the {m.group(3)}")),
]


def _rx_body(body: str) -> list | None:
    body = body.strip().rstrip(".")
    body = body[0].lower() + body[1:] if body else body
    for pat, fn in RX_BODIES:
        m = re.match(pat, body)
        if m:
            return fn(m)
    return parse_effects(body)


def _parse_reaction(rest: str, card_type: str, line: str) -> dict | None:
    """"Reaction: After <condition>, <effect>" (512.4): an Event playable, or an ability activated,
    only in response to its condition (reactions.py)."""
    m = re.match(r"^(?:After|When|Play after|Play when) (.+?)(?:, |\. )(.+?)\.?$", rest)
    if not m:
        return None
    cond = parse_condition(m.group(1))
    if cond is None:
        return None
    body = m.group(2)
    body = body[0].lower() + body[1:]
    if card_type == "Event":
        mm = re.match(r"^(\w+) (all|each) (.+?) at a Problem(.*)$", body)
        if mm:  # "move all characters at a Problem home": choose the Problem, then "there"
            effs = parse_effects(f"{mm.group(1)} {mm.group(2)} {mm.group(3)} there{mm.group(4)}")
            if effs is None or not all(e.get("target", {}).get("at") == "here" for e in effs):
                return None
            effs = [{"op": "choose_area"}] + effs
        else:
            effs = _rx_body(body)
        if effs is None:
            return None
        return {"kind": "event", "timing": "reaction", "rx": cond, "effects": _it_refs(effs), "text": line}
    cost: dict | None = {}
    effs = None
    mm = re.match(r"^you may (.+?)\. If you do, (.+)$", body)
    if mm:
        cost, effs = _cost(mm.group(1)), _rx_body(mm.group(2))
    if effs is None or cost is None:
        mm = re.match(r"^(?:you may )?(.+?) to (.+)$", body)
        if mm:
            cost, effs = _cost(mm.group(1)), _rx_body(mm.group(2))
    if effs is None or cost is None:
        cost, effs = {}, _rx_body(re.sub(r"^you may ", "", body))
    if effs is None or cost is None:
        return None
    return {"kind": "activated", "timing": "reaction", "rx": cond, "cost": cost, "effects": effs, "text": line}


def _cost(text: str) -> dict | None:
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
            cost["spend"] = cost.get("spend", 0) + _n(m.group(1))
            continue
        m = re.match(r"^remove (a|one|two|three|\d+) \+1 power counters? from (?:this card|it)$", part, re.I)
        if m:
            cost["remove_counters"] = cost.get("remove_counters", 0) + _n(m.group(1))
            continue
        m = re.match(r"^remove (a|one|two|three|\d+) (Harmony|Study|Crystal|Chaos|Gold) counters? from (?:this card|it)$", part, re.I)
        if m and "ncounters" not in cost:  # named counters (519) removed from this card as a cost (508)
            cost["ncounters"] = {"name": m.group(2), "n": _n(m.group(1))}
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
            cost["discard"] = cost.get("discard", 0) + _n(m.group(1))
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
            cost["retire_sel"] = {"n": _n(m.group(1)), "sel": {k: v for k, v in tg.items() if k != "each"}}
            continue
        if re.match(r"^banish a non-Resource card from your hand$", part, re.I):
            cost["banish_from"] = {"zone": "hand", "filter": {"not_type": "Resource"}}
            continue
        m = re.match(r"^banish (?:a|an) (?:(%s) )?(card|Event|Friend|Troublemaker|Resource) from your (discard pile|hand)$" % "|".join(TRAITS), part, re.I)
        if m:
            cost["banish_from"] = {"zone": "disc" if "discard" in m.group(3) else "hand",
                                   "filter": _printed_filter(m.group(1), m.group(2))}
            continue
        return None
    return cost


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


def _static_selector(subj: str) -> dict | None:
    """The subject of a continuous power ability ("Your Critter Friends here") -> selector."""
    if subj.lower() in ("this friend", "this character"):
        return {"this_friend": True}  # the host on a Resource, the card itself otherwise
    subj = re.sub(r"\bCritters\b", "Critter cards", subj)
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
    tg = _static_selector(m.group(1))
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


#: keywords the engine reads through ``Rules.kw`` only, so a continuous grant of them is enforced
GRANTABLE_KW = ("Swift", "Agile", "Stubborn", "Persistent", "Vexing", "Traveler", "Studious", "Prepared",
                "Random", "Pumped", "Diligent", "Showy", "Calming", "Inspired", "Meticulous", "Eccentric",
                # read through Rules.granted_power_kws (power), _colors (Prismatic) and kw (Villain)
                "Competitive", "Supportive", "Caretaker", "Experienced", "Prismatic", "Villain")
_X_KW = ("Diligent", "Showy", "Calming", "Meticulous", "Eccentric", "Competitive", "Supportive")


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
    if kw in _X_KW and x is None:
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


def _compound_static(body: str, card_type: str) -> list[dict] | None:
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
            if (kw in _X_KW) != bool(x):
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
# ------------------------------------------------------------------ more continuous abilities (702)
# Whole-line templates for continuous abilities the generic power/keyword parsers don't cover: power
# counted per something, Score Phase conditions, attachment statics, rule modifiers (costs, home limit,
# confronting, playing and moving restrictions).  Each entry: (regex, card types or None, builder).
_YOU_FRIENDS = {"type": "Friend", "ctrl": "you"}
_HOST = "host"


def _pw(n, target, **kw) -> dict:
    return {"op": "power", "n": int(n), "target": target, **kw}


def _per(n, count) -> dict:
    return {"op": "power_per", "n": int(n), "count": count}


STATIC_EXTRA: list = [
    # --- power (507, 702)
    (r"^Characters with Accessories on them here have \+(\d+) power$", None,
     lambda m: _pw(m[1], {"type": "character", "at": "here", "att": {"type": "Resource", "trait": "Accessory"}})),
    (r"^Friends here with Resources on them have \+(\d+) power$", None,
     lambda m: _pw(m[1], {"type": "Friend", "at": "here", "att": {"type": "Resource"}})),
    (r"^Your Friends with Resources on them have \+(\d+) power$", None,
     lambda m: _pw(m[1], {**_YOU_FRIENDS, "att": {"type": "Resource"}})),
    (r"^This card gets \+(\d+) power for each Resource on it$", None,
     lambda m: _per(m[1], {"sel": {"type": "Resource", "on_src": True}})),
    (r"^This card has \+(\d+) power for each card in your hand$", None, lambda m: _per(m[1], {"k": "your_hand"})),
    (r"^This card has \+(\d+) power for each of your Cutie Marked Friends$", None,
     lambda m: _per(m[1], {"sel": {**_YOU_FRIENDS, "cutie": True}})),
    (r"^This card has \+(\d+) power for each of your Friends with (\d+) or less printed power$", None,
     lambda m: _per(m[1], {"sel": {**_YOU_FRIENDS, "max_printed": int(m[2])}})),
    (r"^This card has \+(\d+) power for each color it has$", None, lambda m: _per(m[1], {"k": "own_colors"})),
    (r"^This card has \+(\d+) power for each other exhausted character at its Problem$", None,
     lambda m: _per(m[1], {"sel": {"type": "character", "other": True, "state": "exhausted", "at": "here"}, "at_problem": True})),
    (r"^This card has \+(\d+) power for each (%s) character at its Problem$" % "|".join(TRAITS), None,
     lambda m: _per(m[1], {"sel": {"type": "character", "trait": m[2], "at": "here"}, "at_problem": True})),
    (r"^This card has ([+-]\d+) power for each color among characters you control$", None,
     lambda m: _per(m[1], {"k": "colors_among", "sel": {"type": "character", "ctrl": "you"}})),
    (r"^This card has ([+-]\d+) power for each color among opposing characters here$", None,
     lambda m: _per(m[1], {"k": "colors_among", "sel": {"type": "character", "ctrl": "opp", "at": "here"}})),
    (r"^This card has ([+-]\d+) power for each different Trait among opposing characters here$", None,
     lambda m: _per(m[1], {"k": "traits_among", "sel": {"type": "character", "ctrl": "opp", "at": "here"}})),
    (r"^This card has \+(\d+) power for each color among Friends in discard piles$", None,
     lambda m: _per(m[1], {"k": "disc_colors"})),
    (r"^This card's power is equal to the number of Friends you have$", ("Friend",),
     lambda m: {"op": "power_is", "count": {"sel": dict(_YOU_FRIENDS)}}),
    (r"^Your Cutie Marked Friends have \+(\d+) power$", None, lambda m: _pw(m[1], {**_YOU_FRIENDS, "cutie": True})),
    (r"^Your Friends with cost (\d+) or less have \+(\d+) power$", None,
     lambda m: _pw(m[2], {**_YOU_FRIENDS, "max_cost": int(m[1])})),
    (r"^Your characters and Troublemakers here have \+(\d+) power$", None,
     lambda m: _pw(m[1], {"types": ["character", "Troublemaker"], "ctrl": "you", "at": "here"})),
    (r"^Your Troublemakers have \+(\d+) power for each of your characters here$", None,
     lambda m: _pw(m[1], {"type": "Troublemaker", "ctrl": "you"}, per={"sel": {"type": "character", "ctrl": "you", "at": "here"}})),
    (r"^Your Troublemakers have \+(\d+) power for each Event in your discard pile$", None,
     lambda m: _pw(m[1], {"type": "Troublemaker", "ctrl": "you"}, per={"k": "disc_type", "type": "Event"})),
    (r"^Your Troublemakers have \+(\d+) power for each frightened Friend$", None,
     lambda m: _pw(m[1], {"type": "Troublemaker", "ctrl": "you"}, per={"sel": {"type": "Friend", "state": "frightened"}})),
    (r"^During your opponent's Score Phase, this card has ([+-]\d+) power$", None,
     lambda m: _pw(m[1], "self", cond={"k": "opp_score_phase"})),
    (r"^This Friend gets ([+-]\d+) power during the Score Phase$", ("Resource",),
     lambda m: _pw(m[1], _HOST, cond={"k": "score_phase"})),
    (r"^During the Score Phase, if this card is exhausted, opposing Friends here have ([+-]\d+) power$", None,
     lambda m: _pw(m[1], {"type": "Friend", "ctrl": "opp", "at": "here"},
                   cond={"k": "all", "of": [{"k": "score_phase"}, {"k": "exhausted"}]})),
    (r"^Opposing Friends with (\d+) or more printed power have ([+-]\d+) power during your turn$", None,
     lambda m: _pw(m[2], {"type": "Friend", "ctrl": "opp", "min_printed": int(m[1])}, cond={"k": "your_turn"})),
    (r"^That Friend has \+(\d+) power for each (.+?) in play$", ("Resource",),
     lambda m: _pw(m[1], _HOST, per={"k": "named", "name": m[2]})),
    (r"^Each of your other Friends at this card's Problem have \+(\d+) power for each card beneath this card$", None,
     lambda m: _pw(m[1], {**_YOU_FRIENDS, "other": True, "at": "here"}, cond={"k": "at_problem"}, per={"k": "beneath"})),
    (r"^That Friend has \+(\d+) power and (Prepared|Eccentric (\d+))$", ("Resource",),
     lambda m: {"op": "power", "parts": [_pw(m[1], _HOST), {"op": "grant_kw", "n": int(m[3] or 1), "target": _HOST,
                                                                 "kw": m[2].split()[0]}]}),
    # --- action costs (609.2): extra tokens to draw, rally, move or challenge
    (r"^Using the draw action during the Main Phase costs \+\[(\d+)\]$", None,
     lambda m: {"op": "action_cost", "act": "draw", "n": int(m[1]), "who": "all"}),
    (r"^Rallying a frightened Friend costs \+\[(\d+)\]$", None,
     lambda m: {"op": "action_cost", "act": "rally", "n": int(m[1]), "who": "all"}),
    (r"^Opponents (?:must )?pay \+\[(\d+)\] to rally Friends( here)?$", None,
     lambda m: {"op": "action_cost", "act": "rally", "n": int(m[1]), "who": "opp", **({"where": "at"} if m[2] else {})}),
    (r"^Opponents can't move characters( to this Problem| away from here)? unless they pay \[(\d+)\]$", None,
     lambda m: {"op": "action_cost", "act": "move", "n": int(m[2]), "who": "opp", "unless": True,
                **({"where": "to" if "to this" in m[1] else "from"} if m[1] else {})}),
    (r"^Your opponent must pay \+\[(\d+)\] to move a character to or from this card's Problem$", None,
     lambda m: {"op": "action_cost", "act": "move", "n": int(m[1]), "who": "opp", "where": "to_from", "at_problem": True}),
    (r"^Opposing characters here can't be moved unless their controller pays \[(\d+)\]$", None,
     lambda m: {"op": "action_cost", "act": "move", "n": int(m[1]), "who": "opp", "where": "at", "opposing": True,
                "unless": True}),
    (r"^Characters can't move to or from this card's Problem unless their controller pays \[(\d+)\]$", None,
     lambda m: {"op": "action_cost", "act": "move", "n": int(m[1]), "who": "all", "where": "to_from", "at_problem": True,
                "unless": True}),
    (r"^Opponents can't challenge your Troublemakers unless they pay \[(\d+)\]$", None,
     lambda m: {"op": "action_cost", "act": "challenge", "n": int(m[1]), "who": "opp", "yours": True}),
    (r"^Players can't challenge that Troublemaker unless they pay \[(\d+)\]$", ("Resource",),
     lambda m: {"op": "action_cost", "act": "challenge", "n": int(m[1]), "who": "all", "host": True}),
    (r"^Players can't challenge this Troublemaker unless they have at least (\d+) Friends at its Problem$", ("Troublemaker",),
     lambda m: {"op": "challenge_req", "n": int(m[1]), "type": "Friend"}),
    (r"^This card can't be challenged except by (two|three|\d+) or more characters$", ("Troublemaker",),
     lambda m: {"op": "challenge_req", "n": _n(m[1]), "type": "character"}),
    # --- confronting (611): extra wild power needed, characters that can't contribute, blocks
    (r"^(During your opponent's turn, )?[Pp]layers need \+(\d+) power to confront this Problem$", ("Resource",),
     lambda m: {"op": "confront_need", "n": int(m[2]), "who": "all", **({"cond": {"k": "opp_turn"}} if m[1] else {})}),
    (r"^Players need \+(\d+) power to confront this Problem for each of their opponent's Friends here$", ("Problem",),
     lambda m: {"op": "confront_need", "n": int(m[1]), "who": "all", "per": "opp_friends_here"}),
    (r"^Players need \+(\d+) power to confront this Problem for each color among their characters here$", ("Problem",),
     lambda m: {"op": "confront_need", "n": int(m[1]), "who": "all", "per": "colors_here"}),
    (r"^Opponents need \+(\d+) power to confront this card's Problem for each of their frightened Friends here$", None,
     lambda m: {"op": "confront_need", "n": int(m[1]), "who": "opp", "per": "frightened_here"}),
    (r"^Characters with (\d+) or more power can't contribute their power to confronting this Problem$", ("Problem",),
     lambda m: {"op": "problem_no_contrib", "sel": {"type": "character", "min_power": int(m[1])}}),
    (r"^Mane Characters can't contribute their power to confronting this Problem$", ("Problem",),
     lambda m: {"op": "problem_no_contrib", "sel": {"type": "Mane Character"}}),
    (r"^Opposing characters here with the highest power among opposing characters can't contribute their power to "
     r"confronting this Problem$", ("Problem",), lambda m: {"op": "problem_no_contrib", "who": "opp", "highest": True}),
    (r"^No more than (\d+) of each players' characters can contribute their power to confronting this Problem$", ("Problem",),
     lambda m: {"op": "max_contrib", "n": int(m[1])}),
    (r"^Opposing Troublemakers don't prevent you from confronting this (?:card's )?Problem$", None,
     lambda m: {"op": "tm_no_block", "who": "you"}),
    (r"^Troublemakers don't prevent players from confronting this Problem$", ("Problem",),
     lambda m: {"op": "tm_no_block", "who": "all"}),
    (r"^Players can't confront this Problem$", ("Resource",), lambda m: {"op": "confront_block", "who": "all"}),
    (r"^That Problem can't be confronted$", ("Resource",), lambda m: {"op": "confront_block", "who": "all"}),  # (on a Problem)
    (r"^Players can't confront this Problem unless they have at least (\d+) characters here$", ("Problem",),
     lambda m: {"op": "confront_block", "who": "all", "min_chars": int(m[1])}),
    (r"^Your opponents can't confront this card's Problem unless they have at least (\d+) characters at that Problem$", None,
     lambda m: {"op": "confront_block", "who": "opp", "min_chars": int(m[1])}),
    (r"^Players can't confront more than one Problem per turn$", None, lambda m: {"op": "one_confront"}),
    # --- costs to play cards (508, 609.2a/c); "You may pay less" is always taken
    (r"^Opponents pay \+\[(\d+)\] to play cards with cost (\d+) or less$", None,
     lambda m: {"op": "play_cost", "n": int(m[1]), "who": "opp", "sel": {"max_cost": int(m[2])}}),
    (r"^Opponents pay \+\[(\d+)\] to play Friends with at least (\d+) printed power$", None,
     lambda m: {"op": "play_cost", "n": int(m[1]), "who": "opp", "sel": {"type": "Friend", "min_printed": int(m[2])}}),
    (r"^Opponents pay \+\[(\d+)\] to play Friends here$", None,
     lambda m: {"op": "play_cost", "n": int(m[1]), "who": "opp", "sel": {"type": "Friend"}, "where": "here"}),
    (r"^Players must pay \+\[(\d+)\] to play a Troublemaker here$", ("Problem",),
     lambda m: {"op": "play_cost", "n": int(m[1]), "who": "all", "sel": {"type": "Troublemaker"}, "where": "here"}),
    (r"^Pay \[(\d+)\] less for your first Event each turn, to a minimum of \[(\d+)\]$", None,
     lambda m: {"op": "play_cost", "n": -int(m[1]), "who": "you", "sel": {"type": "Event"}, "first": True, "min": int(m[2])}),
    (r"^You may pay \[(\d+)\] less to play your first Friend with printed power (\d+) or more each turn$", None,
     lambda m: {"op": "play_cost", "n": -int(m[1]), "who": "you", "sel": {"type": "Friend", "min_printed": int(m[2])},
                "first": True}),
    (r"^You may pay \[(\d+)\] less to play the first Friend you play to this Problem each turn, to a minimum of \[(\d+)\]$",
     ("Problem",), lambda m: {"op": "play_cost", "n": -int(m[1]), "who": "you", "sel": {"type": "Friend"}, "where": "here",
                              "first": True, "min": int(m[2])}),
    (r"^You may pay X AT less to play your first Friend each turn, where X is the number of frightened Friends in play$",
     None, lambda m: {"op": "play_cost", "n": -1, "who": "you", "sel": {"type": "Friend"}, "first": True,
                      "per": "frightened_friends"}),
    (r"^You may pay \[(\d+)\] less to play this card to a Problem for each of your (%s) Friends there$" % "|".join(TRAITS),
     ("Friend",), lambda m: {"op": "play_cost_self", "n": int(m[1]), "trait": m[2]}),
    (r"^Resources played on characters here have their costs reduced by \[(\d+)\]$", ("Problem",),
     lambda m: {"op": "play_cost", "n": -int(m[1]), "who": "all", "sel": {"type": "Resource"}, "where": "on_char_here"}),
    (r"^(%s) Resources played on this Problem have their costs reduced by \[(\d+)\]$" % "|".join(TRAITS), ("Problem",),
     lambda m: {"op": "play_cost", "n": -int(m[2]), "who": "all", "sel": {"type": "Resource", "trait": m[1]},
                "where": "on_src"}),
    # --- playing restrictions (a destination a card can't be played to)
    (r"^Friends with (\d+) or more power can't be played here$", ("Problem",),
     lambda m: {"op": "no_play", "who": "all", "sel": {"type": "Friend", "min_printed": int(m[1])}}),
    (r"^Friends with less than (\d+) power can't be played to this Problem$", ("Problem",),
     lambda m: {"op": "no_play", "who": "all", "sel": {"type": "Friend", "max_printed": int(m[1]) - 1}}),
    (r"^(?:Opponents|Your opponent) can't play Friends with (\d+) or more power (?:here|to that Problem)$", None,
     lambda m: {"op": "no_play", "who": "opp", "sel": {"type": "Friend", "min_printed": int(m[1])}}),
    (r"^Your opponent may not play Friends with (\d+) power or less to this Problem$", ("Resource",),
     lambda m: {"op": "no_play", "who": "opp", "sel": {"type": "Friend", "max_printed": int(m[1])}}),
    (r"^Resources can't be played on this Problem or on Friends here$", ("Problem",),
     lambda m: {"op": "no_play", "who": "all", "sel": {"type": "Resource"}}),
    (r"^Players with (\d+) or more characters here can't move or play characters to this Problem$", ("Problem",),
     lambda m: {"op": "no_play", "who": "all", "sel": {"type": "Friend"}, "min_chars": int(m[1]),
                "parts": [{"op": "no_play", "who": "all", "sel": {"type": "Friend"}, "min_chars": int(m[1])},
                          {"op": "no_move", "who": "all", "where": "to", "min_chars": int(m[1])}]}),
    # --- moving restrictions (506): the move action and effects
    (r"^Opponents can't move characters away from here$", None, lambda m: {"op": "no_move", "who": "opp", "where": "from"}),
    (r"^Opponents can't move characters during the Score Phase$", None,
     lambda m: {"op": "no_move", "who": "opp", "cond": {"k": "score_phase"}}),
    (r"^(?:Your opponents|Opponents) can't move this card$", None, lambda m: {"op": "no_move", "who": "opp", "card": "self"}),
    (r"^Opponents can't move this card or your Mane Character$", None,
     lambda m: {"op": "no_move", "who": "opp", "card": "self_or_mane"}),
    (r"^Your opponent can't move this Friend$", ("Resource",), lambda m: {"op": "no_move", "who": "opp", "card": "host"}),
    (r"^Your (%s) characters here can't be moved by opponents$" % "|".join(TRAITS), None,
     lambda m: {"op": "no_move", "who": "opp", "sel": {"type": "character", "ctrl": "you", "trait": m[1], "at": "here"}}),
    (r"^Friends (with|without) Resources on them can't be moved here$", ("Problem",),
     lambda m: {"op": "no_move", "who": "all", "where": "to",
                "sel": {"type": "Friend", "att": {"type": "Resource", "present": m[1] == "with"}}}),
    (r"^The player with the most Friends here can't move Friends to this Problem$", ("Problem",),
     lambda m: {"op": "no_move", "who": "all", "where": "to", "most_friends": True, "sel": {"type": "Friend"}}),
    (r"^If there are at least (\d+) \[(%s)\] characters at this Problem, characters without \[\2\] can't move away from "
     r"this Problem$" % COLOR_RE, ("Problem",),
     lambda m: {"op": "no_move", "who": "all", "where": "from", "sel": {"type": "character", "not_color": m[2]},
                "at_least": {"n": int(m[1]), "sel": {"type": "character", "color": m[2], "at": "here"}}}),
    # --- "can't" modifiers (104.2) on frightening, dismissing, exhausting, readying; entering exhausted
    (r"^Friends here can't be frightened$", ("Problem",),
     lambda m: {"op": "no_frighten", "target": {"type": "Friend", "at": "here"}}),
    (r"^Your token Friends can't be frightened$", None,
     lambda m: {"op": "no_frighten", "target": {**_YOU_FRIENDS, "token": True}}),
    (r"^Your Friends with \+1 power counters on them can't be frightened$", None,
     lambda m: {"op": "no_frighten", "target": {**_YOU_FRIENDS, "counters": True}}),
    (r"^That Friend can't be (frightened|exhausted)$", ("Resource",),
     lambda m: {"op": "no_frighten" if m[1] == "frightened" else "no_exhaust", "target": _HOST}),
    (r"^Your Friends with at least (\d+) power can't be frightened or dismissed$", None,
     lambda m: {"op": "no_frighten", "target": {**_YOU_FRIENDS, "min_power": int(m[1])},
                "parts": [{"op": op, "target": {**_YOU_FRIENDS, "min_power": int(m[1])}} for op in ("no_frighten", "no_dismiss")]}),
    (r"^\[(%s)\] Friends here cannot be dismissed$" % COLOR_RE, ("Problem",),
     lambda m: {"op": "no_dismiss", "target": {"type": "Friend", "color": m[1], "at": "here"}}),
    (r"^Players can't exhaust their Friends$", None, lambda m: {"op": "no_exhaust_own"}),
    (r"^Friends here with (\d+) or less power can't ready$", None,
     lambda m: {"op": "no_ready", "target": {"type": "Friend", "at": "here", "max_power": int(m[1])}}),
    (r"^If that character has (\d+) or less power, it does not ready during the Ready Phase$", ("Resource",),
     lambda m: {"op": "no_ready", "target": _HOST, "max_power": int(m[1]), "phase": "ready"}),
    (r"^Opposing Friends enter play exhausted$", None, lambda m: {"op": "enter_exhausted", "who": "opp"}),
    (r"^Players can't draw more than (\d+) cards per turn$", None, lambda m: {"op": "max_draws", "n": int(m[1])}),
    (r"^Players can't play cards, activate abilities, or take actions except as a Main Phase action$", None,
     lambda m: {"op": "main_only"}),
    # --- losing abilities (keywords included; sources apply in timestamp order, 711.3)
    (r"^That (Friend|Resource) loses and can't have abilities$", ("Resource",),
     lambda m: {"op": "lose_abilities", "target": _HOST}),
    (r"^(Opposing )?(Friends|[Cc]haracters|Troublemakers) here lose and can't (?:have|gain) abilities$", None,
     lambda m: {"op": "lose_abilities", "target": {"type": {"Friends": "Friend", "Troublemakers": "Troublemaker"}.get(m[2], "character"),
                                                   "at": "here", **({"ctrl": "opp"} if m[1] else {})}}),
    (r"^Unique Friends and Resources lose and can't have abilities$", None,
     lambda m: {"op": "lose_abilities", "target": {"types": ["Friend", "Resource"], "trait": "Unique"}}),
    # --- Problem bonus and points (210, 517; 710 replacements)
    (r"^This card's Problem has (\d+) bonus points?$", None, lambda m: {"op": "bonus_mod", "n": int(m[1]), "set": True}),
    (r"^This card's Problem's bonus is increased by (\d+)$", None, lambda m: {"op": "bonus_mod", "n": int(m[1])}),
    (r"^If a player would score points for defeating a Troublemaker here, they score one fewer points instead$",
     ("Problem",), lambda m: {"op": "tm_points_minus", "n": 1}),
    (r"^If an opponent would score this card's Problem's bonus points, you score them instead$", None,
     lambda m: {"op": "steal_bonus"}),
    (r"^If a Friend would be dismissed, it is banished instead$", None, lambda m: {"op": "dismiss_to_ban"}),
    (r"^Once this Problem has been confronted, Troublemakers can't be played here$", ("Problem",),
     lambda m: {"op": "no_tm_once_confronted"}),
    # --- fixed power, added traits, lost colors, counted keywords, arriving Friends
    (r"^(Friends|Characters) here have (\d+) power and can't (?:gain or lose|lose or gain) power$", None,
     lambda m: {"op": "power_fixed", "n": int(m[2]), "target": {"type": "Friend" if m[1] == "Friends" else "character",
                                                                 "at": "here"}}),
    (r"^That Friend is an? (%s)$" % "|".join(TRAITS), ("Resource",),
     lambda m: {"op": "add_trait", "trait": m[1], "target": _HOST}),
    (r"^That Friend has \+(\d+) power and is (%s)$" % "|".join(TRAITS), ("Resource",),
     lambda m: {"op": "power", "parts": [_pw(m[1], _HOST), {"op": "add_trait", "trait": m[2], "target": _HOST}]}),
    (r"^Opposing characters at this card's Problem lose and can't have colors$", None,
     lambda m: {"op": "no_colors", "target": {"type": "character", "ctrl": "opp", "at": "here"}}),
    (r"^This card has Eccentric X, where X is the number of Events in your discard pile$", None,
     lambda m: {"op": "grant_kw", "kw": "Eccentric", "n": 1, "target": "self", "per": {"k": "disc_type", "type": "Event"}}),
    (r"^This card has Eccentric X, where X is this card's power$", None,
     lambda m: {"op": "grant_kw", "kw": "Eccentric", "n": 1, "target": "self", "per": {"k": "own_power"}}),
    (r"^Opponents can't move characters with power lower than or equal to this card's power to this card's Problem$",
     None, lambda m: {"op": "no_move", "who": "opp", "where": "to", "power_le_src": True}),
    (r"^Opposing Friends moved or played here get -(\d+) power until the end of the turn$", None,
     lambda m: {"op": "arrive_mod", "n": -int(m[1])}),
    (r"^If a Friend would be put into a player's hand from play, banish that Friend instead$", None,
     lambda m: {"op": "hand_to_ban"}),
    (r"^(?:If a player has (\d+) or more points, )?[Yy]ou may play this card from your discard pile$", ("Friend", "Resource"),
     lambda m: {"op": "play_from_disc", **({"min_points": int(m[1])} if m[1] else {})}),
    # --- home limit (212, 616.3)
    (r"^Players' home limits are reduced by (\d+)$", None,
     lambda m: {"op": "home_limit_mod", "n": -int(m[1]), "who": "all"}),
    (r"^Each player's home limit is reduced by (\d+) for each character that player controls here$", None,
     lambda m: {"op": "home_limit_mod", "n": -int(m[1]), "who": "all", "per": "chars_here"}),
    (r"^Your opponent's home limit is reduced by (\d+) for each of their Assets in their home$", None,
     lambda m: {"op": "home_limit_mod", "n": -int(m[1]), "who": "opp",
                "per": {"type": "Resource", "trait": "Asset", "ctrl": "you", "at": "home"}}),
    (r"^(?:Your )?Critter Friends (?:don't|do not) count (?:towards|against) your home limit$", None,
     lambda m: {"op": "home_limit_exempt", "sel": {"type": "Friend", "trait": "Critter", "at": "home"}}),
]


def parse_static_extra(body: str, card_type: str) -> dict | None:
    """The ``STATIC_EXTRA`` templates: an ability dict without kind/text, or None."""
    for pat, types, fn in STATIC_EXTRA:
        m = re.match(pat, body)
        if m and (types is None or card_type in types):
            return fn(m)
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
            tg = _static_selector(sm.group(1) if sm else subj)
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
        tg = _static_selector(m.group(1))
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


def _conditional_static(body: str, card_type: str) -> dict | None:
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


def _clean(line: str) -> str:
    line = re.sub(r"\s*\([^)]*\)\s*", " ", line).strip()  # 208.1 reminder text
    line = line.replace("’", "'").replace("–", "-").replace("\u00a0", " ").replace("its owners' hand", "its owner's hand")
    line = re.sub(r"\b(\d+) ?AT\b", r"[\1]", line)  # "1AT" = one action token (promo wording)
    line = re.sub(r"\bcharactes\b", "characters", line)  # a typo in the card data (NM6)
    return re.sub(r"\s+", " ", line)


def parse_line(line: str, card_type: str, keywords: dict, extra_lines: tuple = ()) -> dict:
    raw = line
    line = _clean(line)
    if not line:
        return {"kind": "keyword"}
    body = line.rstrip(".")
    mh = re.match(r"^Harmony (%s): (.+)$" % "|".join(TRAITS), line)
    if mh and card_type != "Event":
        # "Harmony" is only a tag word grouping the ability (glossary): the ability itself follows
        ab = parse_line(mh.group(2), card_type, keywords, extra_lines)
        if ab["kind"] in ("manual", "keyword") or ab.get("manual"):
            return {"kind": "manual", "text": raw}
        return {**ab, "text": line}
    mt = re.match(r"^When this card enters play and at the start of each of your turns, (.+)$", line)
    if mt:  # two triggered abilities with the same effect
        a1 = parse_line("When this card enters play, " + mt.group(1), card_type, keywords)
        a2 = parse_line("At the start of your turn, " + mt.group(1), card_type, keywords)
        if a1["kind"] == a2["kind"] == "trigger":
            return {"kind": "multi", "abilities": [{**a1, "text": line}, {**a2, "text": line}], "text": line}
        return {"kind": "manual", "text": raw}
    ab = _trigger_whole_lines(line, card_type)
    if ab is not None:
        return ab
    if _KW_LINE.match(line):
        return {"kind": "keyword", "keywords": parse_keywords(re.split(r",\s*|\.\s*", line.rstrip(".")))}
    if re.match(r"^As this card enters play, (?:choose|name) a color\. This card is that color$", body):
        return {"kind": "trigger", "on": "enter", "effects": [{"op": "choose_color"}], "text": line}
    m = re.match(r"^(Play to your home\. )?You must control ([A-Z][\w'.-]*(?: [A-Z][\w'.-]*)*) to play this card$", body)
    if m:  # a playing restriction (Elements of Harmony): a face-up card you control with that title (201.3)
        mc = {"kind": "static", "op": "must_control", "title": m.group(2), "text": line}
        return {"kind": "multi", "abilities": [{"kind": "play_home"}, mc], "text": line} if m.group(1) else mc
    m = re.match(r"^Play to your home and choose a color\. Your Mane Character is also that color until the end of the turn$", body)
    if m:  # the color is chosen as the Resource enters play (like "As this card enters play, choose a color")
        return {"kind": "multi", "text": line, "abilities": [{"kind": "play_home"}, {
            "kind": "trigger", "on": "enter", "text": line, "effects": [
                {"op": "pick_color"},
                {"op": "add_color", "color": "chosen", "target": {"type": "Mane Character", "ctrl": "you"}, "until": "turn"}]}]}
    if body in ("Play to your home", "Play this card to your home"):
        return {"kind": "play_home"}
    if body in ("Play on a Problem", "Play on an a Problem"):  # (CG128's printed typo)
        return {"kind": "play_problem"}
    if body == "Play on an opponent's non-Epic Troublemaker":  # (516.4: Epic is a keyword)
        return {"kind": "play_on", "host": {"type": "Troublemaker", "ctrl": "opp", "not_epic": True}}
    m = re.match(r"^Play (?:this card )?on (.+)$", body)
    if m:
        tg = parse_target(m.group(1))
        if tg is not None and not tg.get("each") and not tg.get("self"):
            return {"kind": "play_on", "host": tg}
    m = re.match(r"^(Immediate|Main Phase): Pay \[(\d+)\] and (choose a color to .+?)\.?$", line)
    if m and card_type != "Event":  # "Pay [1] and choose a color to ...": the choice is the effect's first instruction (508)
        effs = parse_effects(m.group(3))
        if effs is not None:
            return {"kind": "activated", "timing": TIMINGS[m.group(1).lower()], "cost": {"tokens": int(m.group(2))},
                    "effects": effs, "text": line}
    # events and activated abilities: "<Timing>: ..."
    m = re.match(r"^(Main Phase Reaction|Problem Faceoff Reaction|Troublemaker Faceoff Reaction|Faceoff Reaction|Main Phase|Immediate|Problem Faceoff|Troublemaker Faceoff|Faceoff|Reaction|Any Phase|Score Phase|Troublemaker Phase):\s*(.+)$", line)
    if m:
        timing = TIMINGS[m.group(1).lower()]
        rest = m.group(2)
        if card_type == "Event" and extra_lines:
            rest = rest + " " + " ".join(_clean(x) for x in extra_lines)
        if timing == "reaction":
            ab = _parse_reaction(rest, card_type, line)
            if ab is not None:
                return ab
        elif m.group(1).endswith(" Reaction"):
            # 512.4b "Faceoff Reaction" / "Main Phase Reaction": a Reaction only during that faceoff / Phase
            ab = _parse_reaction(rest, card_type, line)
            if ab is None:
                return {"kind": "manual", "text": raw, "timing": timing}
            return {**ab, "timing": timing}
        if card_type == "Event":
            cost = {}
            mc = re.match(r"^As an additional cost to play this card, (?:discard (a|one|two|three|\d+) cards?|(retire a Friend))\.\s*(.*)$", rest)
            if mc:
                if mc.group(2):
                    cost["retire_friend"] = 1
                else:
                    cost["discard"] = _n(mc.group(1))
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
        ma = re.match(r"^While you have no \[(%s)\] Friends, you may exhaust this card\. If you do, this card is also a "
                      r"\[\1\] Friend until the end of the (phase|turn)\.?$" % COLOR_RE, rest)
        if ma and card_type == "Resource":
            # the condition is checked as the ability is activated; exhausting it is its cost (703.1d: no
            # "to", but "you may exhaust ... If you do" makes exhausting what the activation pays)
            return {"kind": "activated", "timing": timing, "cost": {"exhaust": True},
                    "while": {"k": "you_have_none", "sel": {"type": "Friend", "ctrl": "you", "color": ma.group(1)}},
                    "effects": [{"op": "also_friend", "color": ma.group(1), "until": _until(ma.group(2))}], "text": line}
        if rest.startswith(("During a faceoff, ", "During a Faceoff, ")) and card_type != "Event":
            rest = rest[len("During a faceoff, "):]
            rest = rest[0].upper() + rest[1:]
            timing = "faceoff"
        mm = re.match(r"^(?:(While this card is at a Problem), you may )?((?:Retire|Exhaust|Banish|Dismiss) this card(?: and [^.]+)?)\. If you do, (.+)$", rest, re.I)
        if mm and card_type != "Event":  # "Retire this card. If you do, ...": doing it is the cost (508)
            cost, effs = _cost(mm.group(2)), parse_effects(mm.group(3))
            if cost is not None and effs is not None:
                ab = {"kind": "activated", "timing": timing, "cost": cost, "effects": effs, "text": line}
                if mm.group(1):
                    ab["while"] = {"k": "at_problem"}
                return ab
        mm = re.match(r"^Exhaust this card and choose (a Friend involved in the faceoff) with a Resource attached to it to give that "
                      r"Friend ([+-]\d+) power until the end of the faceoff\.?$", rest)
        if mm and card_type != "Event":  # (the 3.4 errata wording of PR88)
            return {"kind": "activated", "timing": timing, "cost": {"exhaust": True}, "text": line, "effects": [
                {"op": "power", "n": int(mm.group(2)), "until": "faceoff",
                 "target": {"type": "Friend", "at": "faceoff", "att": {"type": "Resource"}}}]}
        if re.match(r"^This card becomes involved in the faceoff\. ", rest) and card_type != "Event":
            effs = parse_effects(rest)  # no cost: activating it is the choice (703)
            if effs is not None:
                return {"kind": "activated", "timing": timing, "cost": {}, "effects": effs, "text": line}
        mm = re.match(r"^While this card has lower power than any other Friends here, you may exhaust it and pay \[(\d+)\] to (.+?)\.?$", rest)
        if mm and card_type != "Event":  # the condition is checked as it is activated; both costs paid (508)
            effs = parse_effects(mm.group(2))
            if effs is not None:
                return {"kind": "activated", "timing": timing, "cost": {"exhaust": True, "tokens": int(mm.group(1))},
                        "while": {"k": "lowest_here"}, "effects": effs, "text": line}
        mm = re.match(r"^Remove a counter from one of your ready characters to (draw a card|give a Friend \+1 Power until the end of the turn)\. "
                      r"If (?:you remove the counter from an? (\w+) or (\w+)|the counter is an? (\w+) counter), "
                      r"(draw 2 cards|give that Friend \+2 Power) instead\.?$", rest)
        if mm and card_type != "Event":  # the counter removed (any type, 519) decides the branch
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
        mm = re.match(r"^While this card is at a Problem with (\d+|two) or more other characters, turn this card over\.?$", rest)
        if mm and card_type != "Event":  # the condition is checked as it is activated (no cost)
            return {"kind": "activated", "timing": timing, "cost": {}, "while": {"k": "chars_here_min", "n": _n(mm.group(1)) if not mm.group(1).isdigit() else int(mm.group(1))},
                    "effects": [{"op": "turn_over"}], "text": line}
        mm = re.match(r"^Exhaust that Friend to put a \+1 power counter on it, then add its power to another Friend until the end of the turn\.?$", rest)
        if mm and card_type == "Resource":  # "that Friend" / "it": this Resource's host
            return {"kind": "activated", "timing": timing, "cost": {"exhaust_host": True}, "text": line, "effects": [
                {"op": "counters", "n": 1, "counter": "+1", "target": {"host": True}},
                {"op": "power", "n": 0, "n_from": "its", "target": {"type": "Friend", "not_chosen": True}, "until": "turn"}]}
        mm = re.match(r"^Exhaust (3|three|2|two) of your Friends to (.+)$", rest)
        if mm and card_type != "Event":
            effs = parse_effects(mm.group(2))
            if effs is not None:
                return {"kind": "activated", "timing": timing, "text": line, "effects": effs,
                        "cost": {"exhaust_n": {"n": _n(mm.group(1)) if not mm.group(1).isdigit() else int(mm.group(1)), "sel": {"type": "Friend"}}}}
        mm = re.match(r"^Choose one of your ready cards\. Exhaust this card and that card to (.+)$", rest)
        if mm and card_type != "Event":  # both exhausted as the cost (508)
            effs = parse_effects(mm.group(1))
            if effs is not None:
                return {"kind": "activated", "timing": timing, "cost": {"exhaust": True, "exhaust_sel": {"type": "card", "ctrl": "you", "other": True}},
                        "effects": effs, "text": line}
        mm = re.match(r"^Exhaust this card at a Problem to (.+)$", rest)
        if mm and card_type != "Event":  # only while it is at a Problem
            effs = parse_effects(mm.group(1))
            if effs is not None:
                return {"kind": "activated", "timing": timing, "cost": {"exhaust": True}, "while": {"k": "at_problem"},
                        "effects": effs, "text": line}
        mm = re.match(r"^Banish this card from your discard pile to (.+)$", rest)
        if mm and card_type != "Event":  # activated from the discard pile (flow.priority_actions)
            effs = parse_effects(mm.group(1))
            if effs is not None:
                return {"kind": "activated", "timing": timing, "zone": "disc", "cost": {"banish_self_hand": True},
                        "effects": effs, "text": line}
        mm = re.match(r"^Banish this card from your hand to (.+)$", rest)
        if mm and card_type != "Event":  # activated from the hand (its owner holds it)
            effs = parse_effects(mm.group(1))
            if effs is not None:
                return {"kind": "activated", "timing": timing, "zone": "hand", "cost": {"banish_self_hand": True},
                        "effects": effs, "text": line}
        mm = re.match(r"^(.+?) to (.+)$", rest)
        if mm:
            cost = _cost(mm.group(1))
            effs = parse_effects(mm.group(2))
            if cost is not None and effs is not None and cost.get("exhaust_host") and \
                    any(isinstance(e.get("target"), dict) and e["target"].get("self") for e in effs):
                effs = None  # "Exhaust that Friend to put a counter on it": "it" is the host, not this card
            if cost is not None and effs is not None:
                if any(e.get("op") == "cutie_mark" for e in effs):
                    cost["cutie"] = True  # "You can't Cutie Mark a cutie marked card."
                return {"kind": "activated", "timing": timing, "cost": cost, "effects": effs, "text": line}
        mm = re.match(r"^(Exhaust this card)\.?$", rest)
        if mm and card_type != "Event":
            return {"kind": "activated", "timing": timing, "cost": {"exhaust": True}, "effects": [], "text": line}
        mm = re.match(r"^Pay \[(\d+)\] to Cutie Mark this card\.?$", rest)
        if mm:
            return {"kind": "activated", "timing": timing, "cost": {"tokens": int(mm.group(1)), "cutie": True},
                    "effects": [{"op": "cutie_mark"}], "text": line}
        mm = re.match(r"^While there are at least (\d+) (%s) Friends at this card's Problem, you may turn this card over\.?$"
                      % "|".join(TRAITS), rest)
        if mm and card_type == "Mane Character":  # a Mane's boost condition checked as it is activated (no cost)
            return {"kind": "activated", "timing": timing, "cost": {}, "effects": [{"op": "turn_over"}], "text": line,
                    "while": {"k": "all", "conds": [{"k": "at_problem"}, {"k": "sel_at_least", "n": int(mm.group(1)),
                              "sel": {"type": "Friend", "trait": mm.group(2), "at": "here"}}]}}
        mm = re.match(r"^Put this card (on top of its owner's deck|into its owner's hand)\.?$", rest)
        if mm and card_type != "Event":  # no cost (602.1): the ability takes this card out of play
            effs = parse_effects(rest)
            if effs is not None:
                return {"kind": "activated", "timing": timing, "cost": {}, "effects": effs, "text": line}
        return {"kind": "manual", "text": raw, "timing": timing}
    if not any(re.match(pat, line) for pat, _, _ in TRIGGERS):
        wt = _watch_trigger(line, card_type)
        if wt is not None:
            on, extra, body_ = wt
            body_ = re.sub(r"^that opponent ", "your opponent ", body_)
            if extra["subj"].pop("as_by", None):
                extra = {**extra, "as_by": True}
                body_ = re.sub(r"^retire (a|an) ", r"retire one of your ", body_)  # 410.2 their own card
            effs = parse_effects(body_)
            if effs is not None and not extra["subj"].get("sel", {}).get("self"):
                _other_than_it(effs)
            if effs is not None:
                return {"kind": "trigger", "on": on, "effects": effs, "text": line, **extra}
            return {"kind": "manual", "text": raw, "on": on}
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
    multi = _compound_static(body, card_type)
    if multi is not None:  # one line, several continuous abilities (compile_face lists each)
        return {"kind": "multi", "abilities": [{"kind": "static", **d, "text": line} for d in multi], "text": line}
    d = parse_static_keyword(body, card_type)
    if d is not None:
        return {"kind": "static", **d, "text": line}
    d = _conditional_static(body, card_type)
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
    d = parse_static_faceoff(body, card_type)
    if d is not None:
        return {"kind": "static", **d, "text": line}
    d = parse_static_power(body)
    if d is not None and d.pop("this_friend", None) and card_type == "Resource":
        d["target"] = "host"
    if d is not None and card_type != "Event":
        return {"kind": "static", **d, "text": line}
    d = parse_static_extra(body, card_type) if card_type != "Event" else None
    if d is not None:
        return {"kind": "static", **d, "text": line}
    d = parse_continuous_line(body, card_type) if card_type != "Event" else None
    if d is not None:
        return {"kind": "static", **d, "text": line}
    ab = _multi_ability_lines(body, card_type, line)
    if ab is not None:
        return ab
    return {"kind": "manual", "text": raw}


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
            new_faces[name] = face
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


# ---------------------------------------------------------------- triggered-ability templates
# Whole bodies of triggered abilities ("When ..., <body>") matched before the generic sentence split;
# each one is a generic template (several cards share most of them).  Ops: see triggered_effects.py.
_CB_TOK = r"(?P<tp>\d+) \[(?P<tc>%s)\] (?P<tt>[A-Z][\w ]*?) Friend tokens?" % COLOR_RE


def _cb_token(m) -> dict:
    """"1 [Laughter] Earth Pony Friend token" -> the token op (521.1a: its specified information)."""
    return {"op": "token", "power": int(m.group("tp")), "color": m.group("tc"), "traits": [m.group("tt")], "at": "home"}


def _trigger_body_sentences(t: str) -> list[dict] | None:
    # "put a Hero counter on this card. Then, if there are at least 5 Hero counters on this card, remove
    # them and turn it over" (519: named counters; a Mane Character turned over, 301.2)
    m = re.match(r"^put (?:a|an) ([A-Z]\w+) counter on this card\. Then, if there are at least (\d+) \1 counters on this card, "
                 r"remove them and turn it over$", t)
    if m:
        return [{"op": "counters", "n": 1, "counter": m.group(1), "target": {"self": True}},
                {"op": "if", "cond": {"k": "self_counters", "counter": m.group(1), "n": int(m.group(2))},
                 "effects": [{"op": "clear_counters", "counter": m.group(1)}, {"op": "turn_over"}]}]
    m = re.match(r"^put (?:a|an) ([A-Z]\w+) counter on this card$", t)
    if m and m.group(1) not in ("Harmony",):
        return [{"op": "counters", "n": 1, "counter": m.group(1), "target": {"self": True}}]
    m = re.match(r"^you may look at (?:an opponent's|your opponent's) hand$", t)
    if m:  # private to the looking player (404.2 hands are hidden)
        return [{"op": "may", "effects": [{"op": "peek_hand"}]}]
    if re.match(r"^you may look at a face-down Troublemaker$", t):
        return [{"op": "may", "effects": [{"op": "look_fd_tm", "any": True}]}]
    if re.match(r"^you may uncover a face-down Troublemaker$", t):
        return [{"op": "may", "effects": [{"op": "uncover"}]}]
    m = re.match(r"^(dismiss|banish|frighten|exhaust) a random (Friend|character) here$", t)
    if m:  # the seeded rng (rng.py) picks among the cards that fit
        return [{"op": m.group(1), "target": {"type": m.group(2), "at": "here", "random": True}}]
    m = re.match(r"^choose a player\. That player puts the top (\w+) cards of their deck into (?:the|their) discard pile$", t)
    if m:
        return [{"op": "mill_player", "n": _n(m.group(1))}]
    m = re.match(r"^opponents discard (a|one|two) cards?$", t)
    if m:
        return [{"op": "discard", "n": _n(m.group(1)), "who": "opponent", "random": False}]
    m = re.match(r"^each player with (?:at least one action token|at least \[1\]) draws (a|one|two) cards?$", t)
    if m:
        return [{"op": "each_player", "effects": [{"op": "if", "cond": {"k": "tokens_at_least", "n": 1},
                                                   "effects": [{"op": "draw", "n": _n(m.group(1)), "who": "you"}]}]}]
    m = re.match(r"^each player with (?:a|at least (?:1|one)) (character|Friend) here (gains \[\d+\]|draws a card|scores a point)$", t)
    if m:
        verb = {"gains": "gain", "draws": "draw", "scores": "score"}[m.group(2).split(" ")[0]]
        r = parse_effects(verb + " " + m.group(2).split(" ", 1)[1])
        return None if r is None else [{"op": "each_player", "effects": [
            {"op": "if", "cond": {"k": "you_have", "sel": {"type": m.group(1), "ctrl": "you", "at": "here"}}, "effects": r}]}]
    if re.match(r"^each player discards a card for each action token they have$", t):
        return [{"op": "each_player", "effects": [{"op": "discard_tokens"}]}]
    m = re.match(r"^(?:its owner|you) must pay \[(\d+)\] or dismiss (?:it|this card)$|^pay \[(\d+)\] or dismiss (?:it|this card)$", t)
    if m:  # a choice of its controller: pay, or dismiss it (paying is possible only with enough tokens, 508.1d)
        return [{"op": "pay_or", "n": int(m.group(1) or m.group(2)), "else": [{"op": "dismiss", "target": {"self": True}}]}]
    m = re.match(r"^(?:it|this card) gets \+(\d+) power until the end of the turn for each other (Friend|character) you have at that Problem$", t)
    if m:
        return [{"op": "power", "n": 0, "per_at_it": {"type": m.group(2), "ctrl": "you", "n": int(m.group(1))},
                 "target": {"self": True}, "until": "turn"}]
    m = re.match(r"^gain \[(\d+)\] for each (opposing character|opposing Friend|character|Friend) (?:at this card's Problem|here)$", t)
    if m:
        sel = parse_target("each " + m.group(2) + " here")
        if sel is not None:
            sel.pop("each", None)
            return [{"op": "per", "sel": sel, "effects": [{"op": "gain", "n": int(m.group(1))}]}]
    m = re.match(r"^put a \+1 power counter on this card for each (opposing character|character|Friend|opposing Friend) here$", t)
    if m:
        sel = parse_target("each " + m.group(1) + " here")
        if sel is not None:
            sel.pop("each", None)
            return [{"op": "per", "sel": sel, "effects": [{"op": "counters", "n": 1, "counter": "+1", "target": {"self": True}}]}]
    m = re.match(r"^you need ([+-]\d+) power to confront this card's Problem until the end of the turn$", t)
    if m:
        return [{"op": "confront_mod", "n": int(m.group(1)), "who": "you", "problem": "here", "until": "turn"}]
    m = re.match(r"^one of your characters or Troublemakers gets \+(\d+) power until the end of the turn$", t)
    if m:
        return [{"op": "power", "n": int(m.group(1)), "target": {"types": ["character", "Troublemaker"], "ctrl": "you"}, "until": "turn"}]
    m = re.match(r"^your Troublemakers get \+(\d+) power until the start of your next turn$", t)
    if m:
        return [{"op": "power", "n": int(m.group(1)), "target": {"type": "Troublemaker", "ctrl": "you", "each": True},
                 "until": "next_turn"}]
    m = re.match(r"^you may move up to (\w+) of your (Friends|characters) to (?:that|this card's) Problem$", t)
    if m:  # each move optional, each a different card (moving it to where it already is is no move)
        n = _n(m.group(1)) if m.group(1) in NUM else int(m.group(1))
        return [{"op": "move_up_to", "n": n, "target": {"type": m.group(2).rstrip("s"), "ctrl": "you"}}]
    m = re.match(r"^you may put a \+1 power counter on each of up to (\w+) of your (characters|Friends) here$", t)
    if m:
        n = _n(m.group(1)) if m.group(1) in NUM else int(m.group(1))
        return [{"op": "counters", "n": 1, "counter": "+1",
                 "target": {"type": m.group(2).rstrip("s"), "ctrl": "you", "at": "here", "optional": True, "fresh": True}}
                for _ in range(n)]
    m = re.match(r"^if an opponent has more points than you, (.+)$", t)
    if m:
        r = parse_effects(m.group(1))
        return None if r is None else [{"op": "if", "cond": {"k": "opp_more_points"}, "effects": r}]
    m = re.match(r"^if you have more Friends than (?:an|your) opponent, (.+)$", t)
    if m:
        r = parse_effects(m.group(1))
        return None if r is None else [{"op": "if", "cond": {"k": "more_friends"}, "effects": r}]
    m = re.match(r"^if your opponent controls more characters here than you, (.+)$", t)
    if m:
        r = parse_effects(m.group(1))
        return None if r is None else [{"op": "if", "cond": {"k": "opp_more_chars_here"}, "effects": r}]
    m = re.match(r"^if you have an? ([A-Z][\w'-]*(?: [A-Z][\w'-]*)*), (.+)$", t)
    if m and m.group(1) not in TRAITS and m.group(1) not in ("Friend", "Resource", "Troublemaker", "Event", "character"):
        r = parse_effects(m.group(2))  # "if you have a Lyra": a card of yours whose Title includes that name (201.3a)
        return None if r is None else [{"op": "if", "cond": {"k": "you_have", "sel": {"type": "card", "ctrl": "you",
                                                                                       "title": m.group(1)}}, "effects": r}]
    m = re.match(r"^if you have an? (even|odd) number of action tokens, (.+)$", t)
    if m:
        r = parse_effects(m.group(2))
        return None if r is None else [{"op": "if", "cond": {"k": "tokens_parity", "even": m.group(1) == "even"}, "effects": r}]
    if re.match(r"^if an opponent has more cards in their hand than you, draw cards until you have the same number of cards "
                r"in your hand as your opponent$", t):
        return [{"op": "draw_to_opp"}]
    m = re.match(r"^you may (retire one of your Friends|dismiss a Friend here) (?:to|and) gain (?:a number of )?action tokens equal to "
                 r"(?:that Friend's|its) cost$", t)
    if m:  # the cost is the card's printed cost (204), read as it leaves play
        tg = parse_target(m.group(1).split(" ", 1)[1])
        verb = m.group(1).split(" ")[0]
        if verb == "retire":
            tg = {**tg, "ctrl": "you"}
        return [{"op": "may", "effects": [{"op": "gain_cost_of", "verb": verb, "target": tg}]}]
    m = re.match(r"^you may retire this card to put a number of " + _CB_TOK + r" into play equal to its power$", t)
    if m:  # its power as it is retired (last known information)
        tok = _cb_token(m)
        return [{"op": "may", "effects": [{"op": "snap_power"}, {"op": "leave_self_cost", "to": "disc"}, {**tok, "op": "tokens_n", "n_snap": True}]}]
    m = re.match(r"^move each opposing character and each Troublemaker to this card's Problem$", t)
    if m:  # only from a Problem ("this card's Problem")
        return [{"op": "move", "target": {"type": "character", "ctrl": "opp", "each": True}, "to": "here"},
                {"op": "move", "target": {"type": "Troublemaker", "each": True, "fd_ok": True}, "to": "here"}]
    m = re.match(r"^you may turn a Mane Character to its Start side$", t)
    if m:
        return [{"op": "may", "effects": [{"op": "turn_mane", "side": "start"}]}]
    if re.match(r"^(?:you may )?turn a Mane Character over$", t):
        return [{"op": "turn_mane", "side": "any"}]
    m = re.match(r"^dismiss (an opposing Friend) and each other opposing Friend with the same name$", t)
    if m:
        return [{"op": "mark", "target": {"type": "Friend", "ctrl": "opp"}}, {"op": "dismiss_same_name", "ctrl": "opp"}]
    m = re.match(r"^(?:you may )?name a card\. (A player|An opponent|Choose an opponent\. That player) reveals their hand and discards "
                 r"(?:all cards|each card) with that name$", t)
    if m:  # 102: two players, so "an opponent" is the opponent; "a player": you choose which
        return [{"op": "name_card"}, {"op": "reveal_discard_named", "whose": "choose" if m.group(1) == "A player" else "opp"}]
    m = re.match(r"^you may challenge (?:an opposing Troublemaker|an opponent's Troublemaker) with (?:it|this card)$", t)
    if m:  # 514.2a.i: this card is the only character involved
        return [{"op": "may", "effects": [{"op": "challenge", "tm": {"type": "Troublemaker", "ctrl": "opp"}, "with": "self"}]}]
    m = re.match(r"^you may discard a card to challenge (?:an opposing Troublemaker|an opponent's Troublemaker) with this card$", t)
    if m:
        return [{"op": "may", "effects": [{"op": "discard", "n": 1, "who": "you", "cost": True},
                                          {"op": "challenge", "tm": {"type": "Troublemaker", "ctrl": "opp"}, "with": "self"}]}]
    m = re.match(r"^(you may )?challenge (?:an opponent's|an opposing|a) Troublemaker (?:here|there) with (?:all )?(?:of )?your characters (?:here|there)$", t)
    if m:  # the challenger's characters at the Troublemaker's Problem (514.2a)
        tm = {"type": "Troublemaker", "at": "here"}
        if "a Troublemaker" not in t:
            tm["ctrl"] = "opp"
        e = {"op": "challenge", "tm": tm, "with": "problem"}
        return [{"op": "may", "effects": [e]}] if m.group(1) else [e]
    m = re.match(r"^you may challenge (?:that card|it|that Troublemaker) with all (?:of )?your characters (?:here|at this card's Problem|at its Problem)$", t)
    if m:
        return [{"op": "may", "effects": [{"op": "challenge", "tm": {"it": True}, "with": "problem"}]}]
    if re.match(r"^challenge (?:an opponent's|an opposing) Troublemaker$", t):  # 514.2a: your characters at its Problem
        return [{"op": "challenge", "tm": {"type": "Troublemaker", "ctrl": "opp"}, "with": "problem"}]
    m = re.match(r"^each player with at least (?:1|one) (Friend|character) here chooses a Friend here\. If that Friend would be sent "
                 r"home, it isn't sent home instead$", t)
    if m:  # 710 replacement of 613.2's "sent home" for the chosen Friends
        return [{"op": "each_player", "effects": [{"op": "stay_mark", "target": {"type": "Friend", "ctrl": "you", "at": "here"}}]}]
    m = re.match(r"^each player with at least (?:1|one) (Friend|character) here may put an? (Friend|Resource|Event|Troublemaker) "
                 r"from their discard pile into their hand$", t)
    if m:
        return [{"op": "each_player", "effects": [
            {"op": "if", "cond": {"k": "you_have", "sel": {"type": m.group(1), "ctrl": "you", "at": "here"}},
             "effects": [{"op": "search", "zone": "disc", "filter": {"type": m.group(2)}, "to": "hand"}]}]}]
    if re.match(r"^dismiss all other Friends at its Problem$", t):  # its last area, if a Problem (none from home)
        return [{"op": "if", "cond": {"k": "la_problem"},
                 "effects": [{"op": "dismiss", "target": {"type": "Friend", "at": "here", "each": True, "other": True}}]}]
    if re.match(r"^double this card's power until the end of the turn$", t):  # +X where X is its power now
        return [{"op": "power", "n": 0, "n_from": "self", "target": {"self": True}, "until": "turn"}]
    m = re.match(r"^choose a Problem\. You may put a \+1 power counter on each of your (Friends|characters) there$", t)
    if m:
        return [{"op": "choose_area"}, {"op": "may", "effects": [
            {"op": "counters", "n": 1, "counter": "+1", "target": {"type": m.group(1).rstrip("s"), "ctrl": "you", "at": "there", "each": True}}]}]
    m = re.match(r"^you may distribute (two|2) \+1 power counters (?:on|among) up to (?:two|2) of your Friends$", t)
    if m:  # two counters, each on one of your Friends (both on one, or one each)
        return [{"op": "may", "effects": [{"op": "counters", "n": 1, "counter": "+1", "target": {"type": "Friend", "ctrl": "you"}}] * 2}]
    m = re.match(r"^choose a Troublemaker\. You may put a number of " + _CB_TOK + r" into play equal to that Troublemaker's power$", t)
    if m:
        return [{"op": "mark", "target": {"type": "Troublemaker"}},
                {"op": "may", "effects": [{**_cb_token(m), "op": "tokens_n", "n_it_power": True}]}]
    m = re.match(r"^put (\w+) \+1 power counters on (?:it|this card)$", t)
    if m and m.group(1) in ("six", "seven", "eight", "nine", "ten"):
        return [{"op": "counters", "n": ("six", "seven", "eight", "nine", "ten").index(m.group(1)) + 6, "counter": "+1",
                 "target": {"self": True}}]
    if re.match(r"^remove a \+1 power counter from this card$", t):
        return [{"op": "remove_counter", "counter": "+1", "n": 1}]
    if re.match(r"^you may look at the top card of any Problem deck$", t):
        return [{"op": "may", "effects": [{"op": "peek_pdeck"}]}]
    m = re.match(r"^if (you|that opponent) played at least (\d+) cards (?:this|that) turn, (.+)$", t)
    if m:
        r = parse_effects(m.group(3))
        return None if r is None else [{"op": "if", "cond": {"k": "played_at_least", "n": int(m.group(2)),
                                                             "who": "you" if m.group(1) == "you" else "opp"}, "effects": r}]
    m = re.match(r"^if it is the (first|second|third) card they have played this turn, (.+)$", t)
    if m:
        r = parse_effects(m.group(2))
        return None if r is None else [{"op": "if", "cond": {"k": "played_exactly", "who": "opp",
                                                             "n": ("first", "second", "third").index(m.group(1)) + 1}, "effects": r}]
    m = re.match(r"^you may (banish|dismiss) a non-Unique (Friend|character)$", t)
    if m:
        return [{"op": "may", "effects": [{"op": m.group(1), "target": {"type": m.group(2), "not_unique": True}}]}]
    m = re.match(r"^you may discard a card that shares a type with that card to (.+)$", t)
    if m:
        r = parse_effects(m.group(1))
        return None if r is None else [{"op": "may", "effects": [{"op": "discard_shared_type"}] + r}]
    m = re.match(r"^(banish (?:an opposing Friend with \d+ or less power|another one of your Friends)) until this card leaves play$", t)
    if m:
        r = _single(m.group(1))
        if r is not None and len(r) == 1 and r[0]["op"] == "banish":
            return [{**r[0], "keep": True}, {"op": "hold_gone"}]
    m = re.match(r"^(banish (?:one of your Friends|another Friend))\. At the end of the turn, put that (?:Friend|card) into play( frightened)?$", t)
    if m:
        r = _single(m.group(1))
        if r is not None and len(r) == 1 and r[0]["op"] == "banish":
            back = {"op": "put_back", **({"frightened": True} if m.group(2) else {})}  # a delayed effect (615.1, 712)
            return [{**r[0], "keep": True}, {"op": "delay", "when": "turn_end", "effects": [back], "lbl": "put that Friend into play"}]
    if re.match(r"^you may exhaust an opposing character at each Problem$", t):
        return [{"op": "each_problem", "effects": [{"op": "exhaust", "target": {"type": "character", "ctrl": "opp", "at": "area",
                                                                                "optional": True, "state": "ready"}}]}]
    m = re.match(r"^you may put a \+1 power counter on any number of characters with attached Resources here$", t)
    if m:
        return [{"op": "pick_any", "target": {"type": "character", "at": "here", "att": {"type": "Resource"}},
                 "effects": [{"op": "counters", "n": 1, "counter": "+1", "target": {"it": True}}]}]
    m = re.match(r"^put (two|three) " + _CB_TOK + r" into play, then exhaust an opposing character for each of your characters$", t)
    if m:
        return [_cb_token(m)] * _n(m.group(1)) + [{"op": "per", "sel": {"type": "character", "ctrl": "you"}, "effects": [
            {"op": "exhaust", "target": {"type": "character", "ctrl": "opp", "state": "ready"}}]}]
    m = re.match(r"^you may put (?:a|an) " + _CB_TOK + r" into play at each Problem$", t)
    if m:
        return [{"op": "may", "effects": [{**_cb_token(m), "op": "token_each_problem"}]}]
    m = re.match(r"^you may exhaust and retire this card to move up to (\w+) of your characters at home to the watched area$", t)
    if m:
        return [{"op": "may", "effects": [{"op": "costs_ok", "tokens": 0, "self_ready": True}, {"op": "exhaust_self_cost"},
                                          {"op": "leave_self_cost", "to": "disc"},
                                          {"op": "move_up_to", "n": {"six": 6}.get(m.group(1)) or _n(m.group(1)), "to": "it",
                                           "target": {"type": "character", "ctrl": "you", "at": "home"}}]}]
    m = re.match(r"^you may dismiss a Resource on (a Friend|an opponent's character) at that Problem$", t)
    if m:
        hs = {"type": "Friend", "at": "here"} if m.group(1) == "a Friend" else {"type": "character", "ctrl": "opp", "at": "here"}
        return [{"op": "may", "effects": [{"op": "dismiss", "target": {"type": "Resource", "host_sel": hs}}]}]
    m = re.match(r"^you may choose one: (Put another Friend or Resource into its owner's hand), or (turn a Mane Character over)$", t)
    if m:
        modes = [parse_effects(m.group(1)), parse_effects(m.group(2))]
        if all(x is not None for x in modes):
            return [{"op": "may", "effects": [{"op": "choose_modes", "n": 1, "modes": modes, "labels": list(m.groups())}]}]
    m = re.match(r"^you may put a Friend (?:with cost (\d+) or less )?from an opponent's discard pile into play under your control"
                 r"(?:\. If a player has (\d+) or more points, you may put a Friend with any cost from an opponent's discard pile "
                 r"into play under your control instead)?$", t)
    if m:
        e = {"op": "from_opp_disc", "filter": {"type": "Friend", **({"max_cost": int(m.group(1))} if m.group(1) else {})}}
        if m.group(2):
            return [{"op": "if", "cond": {"k": "points_at_least", "n": int(m.group(2))},
                     "effects": [{"op": "may", "effects": [{"op": "from_opp_disc", "filter": {"type": "Friend"}}]}],
                     "else": [{"op": "may", "effects": [e]}]}]
        return [{"op": "may", "effects": [e]}]
    m = re.match(r"^you may choose an? (%s) (Friend) from your discard pile with cost \[(\d+)\] or less and put it into play at that Problem$"
                 % "|".join(TRAITS), t)
    if m:
        return [{"op": "may", "effects": [{"op": "put_into_play", "zone": "discard", "at": "here",
                                           "filter": {"type": "Friend", "trait": m.group(1), "max_cost": int(m.group(3))}}]}]
    m = re.match(r"^move (an opposing|an opponent's|a) Troublemaker$", t)
    if m:  # a Troublemaker is only ever at a Problem (306)
        return [{"op": "move", "target": {"type": "Troublemaker", **({"ctrl": "opp"} if m.group(1) != "a" else {})}, "to": "problem"}]
    m = re.match(r"^choose one at random: (.+), or (.+)$", t)
    if m:  # the game's seeded rng picks the mode (rng.py)
        modes = [parse_effects(re.sub(r"\bit\b", "this card", x[0].lower() + x[1:])) for x in m.groups()]
        if all(x is not None for x in modes):
            return [{"op": "random_mode", "modes": modes, "labels": list(m.groups())}]
    if re.match(r"^choose an opposing Troublemaker\. That card doesn't prevent you from confronting its Problem this turn$", t):
        return [{"op": "mark", "target": {"type": "Troublemaker", "ctrl": "opp"}},
                {"op": "confront_mod", "who": "you", "tm_ok": "it", "until": "turn"}]
    if re.match(r"^if there is another character with higher power than this card, put a number of \+1 power counters on this "
                r"card equal to this card's power$", t):
        return [{"op": "if", "cond": {"k": "higher_other"},
                 "effects": [{"op": "counters", "n": 0, "n_power": True, "counter": "+1", "target": {"self": True}}]}]
    if re.match(r"^put a token copy of each of your token Friends into play$", t):
        return [{"op": "copy_tokens"}]
    if re.match(r"^players can't confront that Problem that turn$", t):
        return [{"op": "confront_block_here"}]
    m = re.match(r"^(?:that opponent|your opponent) may pay \[(\d+)\]\. If they don't, (exhaust|dismiss|frighten) that (?:Friend|character|card)$", t)
    if m:  # the opponent decides (508.1d)
        return [{"op": "pay_or", "n": int(m.group(1)), "who": "opp", "else": [{"op": m.group(2), "target": {"it": True}}]}]
    m = re.match(r"^you may remove a counter from a ready card$", t)
    if m:
        return [{"op": "may", "effects": [{"op": "remove_counter_ready"}]}]
    m = re.match(r"^(?:an opponent|your opponent) reveals their hand\. You may choose an? (Friend|Event|Resource|Troublemaker) card from their "
                 r"hand and they discard that card$", t)
    if m:
        return [{"op": "reveal_hand_pick", "filter": {"type": m.group(1)}, "optional": True}]
    m = re.match(r"^an opponent discards a card\. If you have an? ([A-Z][\w'-]*(?: [A-Z][\w'-]*)*) card in play, that opponent instead "
                 r"reveals their hand and you choose a card\. They discard that card$", t)
    if m:
        return [{"op": "if", "cond": {"k": "you_have", "sel": {"type": "card", "ctrl": "you", "title": m.group(1)}},
                 "effects": [{"op": "reveal_hand_pick", "filter": {}}],
                 "else": [{"op": "discard", "n": 1, "who": "opponent", "random": False}]}]
    m = re.match(r"^you may reveal any number of (Events|Friends|Resources|Troublemakers) from your hand\. Until the end of the turn, "
                 r"this card has \+(\d+) power for each (?:Event|Friend|Resource|Troublemaker) revealed this way$", t)
    if m:
        return [{"op": "reveal_any", "type": m.group(1)[:-1], "power": int(m.group(2))}]
    m = re.match(r"^you may retire any number of Friends\. Put a number of \+1 power counters on this Friend equal to the combined "
                 r"power of Friends retired this way$", t)
    if m:  # 410.2 only your own Friends; their power as they leave play
        return [{"op": "retire_any", "then": "counters_power"}]
    m = re.match(r"^retire any number of Friends\. If you do, put that many " + _CB_TOK + r" into play\. If a player has (?P<pts>\d+) or more "
                 r"points, put twice that many \d+ \[\w+\] [\w ]+ Friend tokens into play instead$", t)
    if m:
        return [{"op": "retire_any", "then": "tokens", "token": _cb_token(m), "double_if_points": int(m.group("pts"))}]
    m = re.match(r"^you may search your deck for a card with no play requirement, reveal it, and put it into your hand$", t)
    if m:
        return [{"op": "may", "effects": [{"op": "search", "filter": {"no_req": True}, "zone": "deck", "to": "hand"}]}]
    m = re.match(r"^your maximum hand size increases to (\d+) for the rest of the game$", t)
    if m:
        return [{"op": "hand_size", "n": int(m.group(1))}]
    if re.match(r"^if you have fewer cards in your hand than your maximum hand size, draw cards until you reach your maximum hand size$", t):
        return [{"op": "draw_to_max"}]
    m = re.match(r"^dismiss a Friend with the least power among Friends involved in the faceoff\. If you do, (.+)$", t)
    if m:
        r = parse_effects(m.group(1))
        return None if r is None else [{"op": "dismiss", "target": {"type": "Friend", "at": "faceoff", "least": True}, "cost": True}] + r
    m = re.match(r"^the opposing character with higher power than that of any other opposing character involved in the faceoff is no "
                 r"longer involved in the faceoff$", t)
    if m:  # only a strictly highest one (514.2c: the effect says which cards are involved)
        return [{"op": "leave_faceoff", "target": {"type": "character", "ctrl": "opp", "at": "faceoff", "opp_highest": True}}]
    m = re.match(r"^you may choose an opposing character involved in the faceoff with power less than or equal to the number of colors "
                 r"this card has\. If you do, that character ceases to be involved in the faceoff$", t)
    if m:
        return [{"op": "may", "effects": [{"op": "leave_faceoff", "target": {"type": "character", "ctrl": "opp", "at": "faceoff",
                                                                              "max_power_colors": True}}]}]
    if re.match(r"^this card becomes involved in the faceoff$", t):
        return [{"op": "self_join_fo"}]
    if re.match(r"^you may exhaust this card to have it become involved in the faceoff$", t):
        return [{"op": "may", "effects": [{"op": "exhaust_self_cost"}, {"op": "self_join_fo"}]}]
    if re.match(r"^put this card and that Friend into their owners' hands$", t):  # this card first (509: it would be dismissed)
        return [{"op": "to_hand_self_host"}]
    m = re.match(r"^if their Mane Character is here, they may look at the top (\w+) cards of their deck and put them back in any order$", t)
    if m:
        return [{"op": "if", "cond": {"k": "you_have", "sel": {"type": "Mane Character", "ctrl": "you", "at": "here"}},
                 "effects": [{"op": "may", "effects": [{"op": "reorder_top", "n": _n(m.group(1))}]}]}]
    m = re.match(r"^put (\w+) ([A-Z]\w+) counters on (?:it|this card)$", t)
    if m and m.group(1) in ("two", "three", "four", "five", "2", "3", "4", "5") and m.group(2) not in ("Harmony",):
        return [{"op": "counters", "n": _n(m.group(1)), "counter": m.group(2), "target": {"self": True}}]
    m = re.match(r"^remove (?:a|one) ([A-Z]\w+) counter from this card$", t)
    if m:
        return [{"op": "remove_counter", "counter": m.group(1), "n": 1}]
    m = re.match(r"^remove all ([A-Z]\w+) counters from this card$", t)
    if m:
        return [{"op": "clear_counters", "counter": m.group(1)}]
    m = re.match(r"^if there are (\d+) or more ([A-Z]\w+) counters on this card, retire it$", t)
    if m:
        return [{"op": "if", "cond": {"k": "self_counters", "counter": m.group(2), "n": int(m.group(1))},
                 "effects": [{"op": "retire", "target": {"self": True}}]}]
    m = re.match(r"^for each ([A-Z]\w+) counter on it, put (?:a|an) " + _CB_TOK + r"( with \w+)? into play$", t)
    if m:  # the counters it had as it left play (410.6a last known information)
        tok = _cb_token(m)
        if m.group(m.lastindex):
            tok["kw"] = {m.group(m.lastindex).split()[-1]: 1}
        return [{**tok, "op": "tokens_n", "n_la_counter": m.group(1)}]
    m = re.match(r"^if it has exactly (\d+) \+1 power counters on it, (frighten|dismiss|exhaust) all (Friends|characters) here$", t)
    if m:
        return [{"op": "if", "cond": {"k": "self_counters_exact", "counter": "+1", "n": int(m.group(1))},
                 "effects": [{"op": m.group(2), "target": {"type": m.group(3).rstrip("s"), "at": "here", "each": True}}]}]
    if re.match(r"^replace (?:it|that Problem)$", t):
        return [{"op": "replace_it"}]
    m = re.match(r"^if (?:you have|this card is (?:with|at home or a Problem with)) at least (\d+) (?:other )?(?:of your )?Friends"
                 r"(?: here)?, (.+)$", t)
    if m:
        r = parse_effects(m.group(2))
        return None if r is None else [{"op": "if", "cond": {"k": "friends_here", "n": int(m.group(1))}, "effects": r}]
    m = re.match(r"^if you have a (Friend|Resource) and a (Friend|Resource), (.+)$", t)
    if m:
        r = parse_effects(m.group(3))
        return None if r is None else [{"op": "if", "cond": {"k": "you_have", "sel": {"type": m.group(1), "ctrl": "you"}}, "effects": [
            {"op": "if", "cond": {"k": "you_have", "sel": {"type": m.group(2), "ctrl": "you"}}, "effects": r}]}]
    if re.match(r"^if that opponent has drawn at least (\d+) cards this turn, (.+)$", t):
        m = re.match(r"^if that opponent has drawn at least (\d+) cards this turn, (.+)$", t)
        r = parse_effects(m.group(2))
        return None if r is None else [{"op": "if", "cond": {"k": "opp_drawn_at_least", "n": int(m.group(1))}, "effects": r}]
    m = re.match(r"^you may exhaust this card and one of your Friends to (.+)$", t)
    if m:  # both costs, or neither (508.1d)
        r = parse_effects(m.group(1))
        fr_sel = {"type": "Friend", "ctrl": "you", "state": "ready", "other": True}
        return None if r is None else [{"op": "if", "cond": {"k": "you_have", "sel": fr_sel}, "effects": [{"op": "may", "effects": [
            {"op": "costs_ok", "tokens": 0, "self_ready": True}, {"op": "exhaust_self_cost"},
            {"op": "exhaust", "target": fr_sel, "cost": True}] + r}]}]
    m = re.match(r"^retire another Friend here\. If you can't, retire this card$", t)
    if m:  # 410.2 one of your own Friends
        return [{"op": "retire_or_self", "target": {"type": "Friend", "ctrl": "you", "at": "here", "other": True}}]
    if re.match(r"^choose an opponent\. That opponent gains control of this card$", t):
        return [{"op": "give_control"}]
    m = re.match(r"^you may exhaust an opposing character\. While this card remains in play, that character does not ready during "
                 r"the Ready Phase$", t)
    if m:
        return [{"op": "may", "effects": [{"op": "exhaust", "target": {"type": "character", "ctrl": "opp", "state": "ready"}},
                                          {"op": "no_ready_while"}]}]
    if re.match(r"^you may search your deck for Dr\. Hooves, play it to your home frightened for free, and shuffle your deck$", t):
        return [{"op": "may", "effects": [{"op": "search_play", "title": "Dr. Hooves", "frightened": True}]}]
    if re.match(r"^shuffle your deck and turn this card over$", t):
        return [{"op": "shuffle_into_deck", "from": None}, {"op": "turn_over"}]
    if re.match(r"^(?:the Challengers )?choose a color$", t) and not t.startswith("the"):
        return [{"op": "keep_color"}]  # kept on this card: "that color" / "the chosen color" (a static reads it)
    m = re.match(r"^you may pay \[(\d+)\] less for your next (Friend|Event|Resource) this turn, to a minimum of \[(\d+)\]$", t)
    if m:
        return [{"op": "may", "effects": [{"op": "cost_reduction", "n": int(m.group(1)), "type": m.group(2), "until": "turn",
                                           "min": int(m.group(3))}]}]
    m = re.match(r"^if you have at least (\d+) other ([A-Z][\w ]*?) Friends?, (.+)$", t)
    if m and m.group(2) in TRAITS:
        r = parse_effects(m.group(3))
        return None if r is None else [{"op": "if", "cond": {"k": "others_than_it", "n": int(m.group(1)),
                                                             "sel": {"type": "Friend", "ctrl": "you", "trait": m.group(2)}},
                                        "effects": r}]
    m = re.match(r"^choose an exhausted (Friend|character)\. That \1 doesn't ready during its controller's next Ready Phase$", t)
    if m:
        return [{"op": "mark", "target": {"type": m.group(1), "state": "exhausted"}}, {"op": "set_no_ready"}]
    m = re.match(r"^you may exhaust this card to banish one of their Friends until the end of the faceoff$", t)
    if m:
        return [{"op": "may", "effects": [{"op": "exhaust_self_cost"},
                                          {"op": "banish", "target": {"type": "Friend", "ctrl": "opp"}, "keep": True},
                                          {"op": "gone_at_fo_end"}]}]
    m = re.match(r"^you may pay \[(\d+)\] to score a point\. If you have (.+?) and (.+?), you may pay \[(\d+)\] to score a point instead$", t)
    if m:
        cheap = [{"op": "may", "effects": [{"op": "pay", "n": int(m.group(4))}, {"op": "score", "n": 1, "who": "you"}]}]
        full = [{"op": "may", "effects": [{"op": "pay", "n": int(m.group(1))}, {"op": "score", "n": 1, "who": "you"}]}]
        return [{"op": "if", "cond": {"k": "have_names", "names": [m.group(2), m.group(3)]}, "effects": cheap, "else": full}]
    m = re.match(r"^you may put into play a number of " + _CB_TOK + r" equal to this card's power$", t)
    if m:  # its power as it left play (410.6a)
        return [{"op": "may", "effects": [{**_cb_token(m), "op": "tokens_n", "n_la_power": True}]}]
    if re.match(r"^if a player has a Friend with more Accessories on it than any other Friend, that player gains \[1\]$", t):
        return [{"op": "most_accessories_gain", "n": 1}]
    if re.match(r"^move this card to a Problem with a number of characters equal to or less than the number of characters at this "
                r"card's Problem$", t):
        return [{"op": "move_fewer_chars"}]
    if re.match(r"^(?:you )?lose all action tokens that weren't gained this turn$", t):
        return [{"op": "lose_old_tokens"}]
    if re.match(r"^replace each Problem$", t):
        return [{"op": "replace_each"}]
    m = re.match(r"^you may put a Friend with the same cost from your hand into play at that Problem$", t)
    if m:
        return [{"op": "may", "effects": [{"op": "hand_same_cost_there"}]}]
    m = re.match(r"^choose one of your (%s) Friends\. You may search your deck for a card with the same name and put that card into "
                 r"play exhausted$" % "|".join(TRAITS), t)
    if m:
        return [{"op": "mark", "target": {"type": "Friend", "ctrl": "you", "trait": m.group(1)}},
                {"op": "may", "effects": [{"op": "search_same_name", "exhausted": True}]}]
    if re.match(r"^you may discard all the cards in your hand to draw that many cards plus one$", t):
        return [{"op": "may", "effects": [{"op": "discard_hand_draw", "plus": 1}]}]
    m = re.match(r"^you may retire this card\. If you do, each player puts a number of Friends from their discard pile into play up "
                 r"to the number of ([A-Z]\w+) counters on this card$", t)
    if m:
        return [{"op": "may", "effects": [{"op": "snap_counters", "counter": m.group(1)}, {"op": "leave_self_cost", "to": "disc"},
                                          {"op": "each_player", "effects": [{"op": "disc_friends_up_to"}]}]}]
    if re.match(r"^name a card type$", t):
        return [{"op": "name_type"}]
    return None


def _trigger_whole_lines(line: str, card_type: str) -> dict | None:
    """Whole lines (trigger and body together) of the triggered-ability templates; ``xf`` filters are checked as
    the event happens (712.2, triggered_effects.xf_ok)."""
    body = line.rstrip(".")
    if body == "When you win a faceoff involving this card, you may turn it face-down" and card_type == "Troublemaker":
        return {"kind": "trigger", "on": "win_faceoff", "effects": [{"op": "may", "effects": [
            {"op": "turn_face_down", "target": {"self": True}}]}], "text": line}
    m = re.match(r"^When this Troublemaker is defeated, you may pay \[(\d+)\] to put another Troublemaker from your hand into "
                 r"play here face-up$", body)
    if m:
        return {"kind": "trigger", "on": "defeated", "text": line, "effects": [{"op": "may", "effects": [
            {"op": "pay", "n": int(m.group(1))}, {"op": "tm_into_play", "zone": "hand", "at": "here", "face_up": True}]}]}
    m = re.match(r"^When a player wins a Problem faceoff here, they may look at the top (\w+) cards of this Problem's deck and "
                 r"put them back in any order$", body)
    if m:
        return {"kind": "trigger", "on": "any_win_fo_here", "fo": "problem", "as_winner": True, "text": line,
                "effects": [{"op": "may", "effects": [{"op": "reorder_top", "n": _n(m.group(1)), "whose": "problem_here",
                                                       "deck": "pdeck"}]}]}
    m = re.match(r"^The first time a player plays a Friend here each turn, that player may ready another Friend here$", body)
    if m:
        return {"kind": "trigger", "on": "w_play", "subj": {"ptype": "Friend", "to": "here", "once_turn": True}, "as_by": True,
                "text": line, "effects": [{"op": "may", "effects": [
                    {"op": "ready", "target": {"type": "Friend", "at": "here", "not_it": True, "state": "exhausted"}}]}]}
    m = re.match(r"^The first time each turn one or more Friends become frightened, you may draw a card$", body)
    if m:
        return {"kind": "trigger", "on": "w_fright", "subj": {"sel": {"type": "Friend"}, "once_turn": True}, "text": line,
                "effects": [{"op": "may", "effects": [{"op": "draw", "n": 1, "who": "you"}]}]}
    m = re.match(r"^When you play this card to a Problem with a face-up Troublemaker, turn that Troublemaker face-down$", body)
    if m:
        return {"kind": "trigger", "on": "enter", "when": "problem", "text": line,
                "effects": [{"op": "turn_face_down", "target": {"type": "Troublemaker", "at": "here"}}]}
    m = re.match(r"^When this card enters play at a Problem with an opponent's Troublemaker, this card gets \+(\d+) power until "
                 r"the end of the turn\. Challenge that Troublemaker with this card$", body)
    if m:
        tm = {"type": "Troublemaker", "ctrl": "opp", "at": "here"}
        return {"kind": "trigger", "on": "enter", "when": "problem", "text": line, "effects": [
            {"op": "if", "cond": {"k": "you_have", "sel": tm}, "effects": [
                {"op": "power", "n": int(m.group(1)), "target": {"self": True}, "until": "turn"},
                {"op": "challenge", "tm": tm, "with": "self"}]}]}
    m = re.match(r"^When an opposing Troublemaker enters play face-up or is uncovered here, you may challenge it with this card\. "
                 r"If a player has (\d+) or more points, you may challenge it with all of your characters at this card's Problem instead$", body)
    if m:
        effs = [{"op": "if", "cond": {"k": "points_at_least", "n": int(m.group(1))},
                 "effects": [{"op": "may", "effects": [{"op": "challenge", "tm": {"it": True}, "with": "problem"}]}],
                 "else": [{"op": "may", "effects": [{"op": "challenge", "tm": {"it": True}, "with": "self"}]}]}]
        subj = {"sel": {"type": "Troublemaker", "ctrl": "opp", "at": "here"}}  # (a face-down one is not "an opposing Troublemaker", 505.2)
        return {"kind": "multi", "text": line, "abilities": [
            {"kind": "trigger", "on": "w_enter", "subj": subj, "effects": effs, "text": line},
            {"kind": "trigger", "on": "w_uncover", "subj": subj, "effects": effs, "text": line}]}
    m = re.match(r"^When this card enters play face-up or is uncovered, (.+)$", body)
    if m and card_type == "Troublemaker":
        effs = parse_effects(m.group(1))
        if effs is None:
            return None
        return {"kind": "multi", "text": line, "abilities": [
            {"kind": "trigger", "on": "enter", "xf": {"face_up": True}, "effects": effs, "text": line},
            {"kind": "trigger", "on": "uncovered", "effects": effs, "text": line}]}
    m = re.match(r"^When you play your first card each turn, (.+)$", body)
    if m:
        effs = parse_effects(m.group(1))
        return None if effs is None else {"kind": "trigger", "on": "w_play", "subj": {"by": "you"}, "text": line,
                                          "effects": [{"op": "if", "cond": {"k": "played_exactly", "who": "you", "n": 1}, "effects": effs}]}
    m = re.match(r"^When you play a card during a faceoff, (.+)$", body)
    if m:
        effs = parse_effects(m.group(1))
        return None if effs is None else {"kind": "trigger", "on": "w_play", "subj": {"by": "you"}, "xf": {"fo": True},
                                          "text": line, "effects": effs}
    m = re.match(r"^When you win a faceoff involving this card and ([A-Z][\w'-]*(?: [A-Z][\w'-]*)*), (.+)$", body)
    if m:
        effs = parse_effects(m.group(2))
        sel = {"type": "character", "ctrl": "you", "title": m.group(1), "inv": True, "other": True}
        return None if effs is None else {"kind": "trigger", "on": "win_faceoff", "text": line,
                                          "effects": [{"op": "if", "cond": {"k": "you_have", "sel": sel}, "effects": effs}]}
    m = re.match(r"^When a Troublemaker is played here, that Troublemaker's owner may put a Friend here into its owner's hand$", body)
    if m:
        return {"kind": "trigger", "on": "w_play", "subj": {"ptype": "Troublemaker", "to": "here"}, "as_by": True, "text": line,
                "effects": [{"op": "may", "effects": [{"op": "to_hand", "target": {"type": "Friend", "at": "here"}}]}]}
    m = re.match(r"^When (?:this card enters play|you play this card), (banish .+ until this card leaves play)$", body)
    if m:  # the banished card returns as this card leaves play (706: under its owner's control)
        effs = parse_effects(m.group(1))
        if effs is None:
            return None
        return {"kind": "multi", "text": line, "abilities": [
            {"kind": "trigger", "on": "enter", "effects": effs, "text": line},
            {"kind": "trigger", "on": "leaves", "effects": [{"op": "return_held"}], "text": line}]}
    m = re.match(r"^When an opponent draws (?:a|an) (Friend|Event|Resource|Troublemaker|card with the named type), (.+)$", body)
    if m:
        effs = parse_effects(m.group(2))
        xf = {"by": "opp", **({"dnamed": True} if "named" in m.group(1) else {"dtype": m.group(1)})}
        return None if effs is None else {"kind": "trigger", "on": "any_draw", "xf": xf, "text": line, "effects": effs}
    m = re.match(r"^At the end of your Main Phase, (.+)$", body)
    if m:
        effs = parse_effects(m.group(1))
        return None if effs is None else {"kind": "trigger", "on": "main_end", "text": line, "effects": effs}
    m = re.match(r"^When you end your turn, (.+)$", body)
    if m:
        effs = parse_effects(m.group(1))
        return None if effs is None else {"kind": "trigger", "on": "turn_end", "text": line, "effects": effs}
    m = re.match(r"^When you draw your (second|third|fourth) card during a turn, (.+)$", body)
    if m:
        effs = parse_effects(m.group(2))
        return None if effs is None else {"kind": "trigger", "on": "you_draw", "text": line, "effects": effs,
                                          "xf": {"draws_n": ("second", "third", "fourth").index(m.group(1)) + 2}}
    m = re.match(r"^When an opponent draws a card during their Main Phase, (.+)$", body)
    if m:
        effs = parse_effects(m.group(1))
        return None if effs is None else {"kind": "trigger", "on": "any_draw", "xf": {"by": "opp", "main": True}, "text": line,
                                          "effects": effs}
    m = re.match(r"^When you confront a Problem, (.+)$", body)
    if m:
        effs = parse_effects(m.group(1))
        return None if effs is None else {"kind": "trigger", "on": "you_confront", "text": line, "effects": effs}
    m = re.match(r"^When you confront this card's Problem with at least (\d+) other \[(%s)\] characters, (.+)$" % COLOR_RE, body)
    if m:
        effs = parse_effects(m.group(3))
        return None if effs is None else {"kind": "trigger", "on": "confront", "text": line, "effects": [
            {"op": "if", "cond": {"k": "color_chars_here", "color": m.group(2), "n": int(m.group(1))}, "effects": effs}]}
    m = re.match(r"^When you play a Resource on one of your Friends, (turn this card over|that Friend gets \+(\d+) power until the end of the turn)$", body)
    if m:
        effs = [{"op": "turn_over"}] if m.group(2) is None else [{"op": "power_it_host", "n": int(m.group(2)), "until": "turn"}]
        return {"kind": "trigger", "on": "w_play", "subj": {"by": "you", "ptype": "Resource"}, "xf": {"host_mine": True},
                "text": line, "effects": effs}
    m = re.match(r"^When you remove the last ([A-Z]\w+) counter from this card, (.+)$", body)
    if m:
        effs = parse_effects(m.group(2))
        return None if effs is None else {"kind": "trigger", "on": "counters_gone", "xf": {"counter": m.group(1)}, "text": line,
                                          "effects": effs}
    m = re.match(r"^When you put a ([A-Z]\w+) counter on this card, (.+)$", body)
    if m:
        effs = parse_effects(m.group(2))
        return None if effs is None else {"kind": "trigger", "on": "counter_put", "xf": {"counter": m.group(1)}, "text": line,
                                          "effects": effs}
    m = re.match(r"^When this card (?:enters your discard pile|is put into the discard pile from anywhere), (.+)$", body)
    if m:  # from any zone (Rules.put): the card in the discard pile is the source
        effs = parse_effects(m.group(1))
        return None if effs is None else {"kind": "trigger", "on": "to_disc", "text": line, "effects": effs}
    m = re.match(r"^When this enters play, (.+)$", body)  # DE60's wording
    if m:
        effs = parse_effects(m.group(1))
        return None if effs is None else {"kind": "trigger", "on": "enter", "text": line, "effects": effs}
    m = re.match(r"^When you put one or more cards on top of your deck, (.+)$", body)
    if m:
        effs = parse_effects(m.group(1))
        return None if effs is None else {"kind": "trigger", "on": "you_deck_top", "text": line, "effects": effs}
    m = re.match(r"^At the start of the turn, (.+)$", body)
    if m and not re.search(r"\b(?:they|their|that player)\b", m.group(1)):
        effs = parse_effects(m.group(1))
        return None if effs is None else {"kind": "trigger", "on": "any_turn_start", "text": line, "effects": effs}
    m = re.match(r"^Your Mane Character has (?:that|the chosen) color$", body)
    if m:
        return {"kind": "static", "op": "grant_color", "color": "chosen", "target": {"type": "Mane Character", "ctrl": "you"},
                "text": line}
    m = re.match(r"^While you have ((?:[A-Z][\w'-]*(?: [A-Z][\w'-]*)*, )+)or ([A-Z][\w'-]*(?: [A-Z][\w'-]*)*), each of your (%s) Friends "
                 r"has \+(\d+) power$" % "|".join(TRAITS), body)
    if m:
        names = [x.strip() for x in m.group(1).split(",") if x.strip()] + [m.group(2)]
        return {"kind": "static", "op": "power", "n": int(m.group(4)),
                "target": {"type": "Friend", "ctrl": "you", "trait": m.group(3)},
                "cond": {"k": "any_of", "of": [{"k": "you_have", "sel": {"type": "card", "ctrl": "you", "title": x}} for x in names]},
                "text": line}
    m = re.match(r"^When one or more opposing characters become exhausted, turn this card over$", body)
    if m:  # once: later triggers of the same batch find it already turned (its Boosted side has no such ability)
        return {"kind": "trigger", "on": "w_exhaust", "subj": {"sel": {"type": "character", "ctrl": "opp"}}, "text": line,
                "effects": [{"op": "turn_over", "to": "boosted"}]}
    m = re.match(r"^When a character enters play here or is moved here, (.+)$", body)
    if m:
        effs = parse_effects(m.group(1))
        if effs is None:
            return None
        return {"kind": "multi", "text": line, "abilities": [
            {"kind": "trigger", "on": "w_enter", "subj": {"sel": {"type": "character", "at": "here"}}, "effects": effs, "text": line},
            {"kind": "trigger", "on": "w_move", "subj": {"sel": {"type": "character"}, "to": "here", "send": False},
             "effects": effs, "text": line}]}
    m = re.match(r"^When an opposing Friend enters play at a Problem for the first time each turn, (.+)$", body)
    if m:
        effs = parse_effects(m.group(1))
        return None if effs is None else {"kind": "trigger", "on": "w_enter", "text": line, "effects": effs,
                                          "subj": {"sel": {"type": "Friend", "ctrl": "opp", "at": "problem"}, "once_turn": True}}
    if body == "While this card has at least 3 +1 power counters on it, it is Epic":
        return {"kind": "static", "op": "epic_if", "counter": "+1", "n": 3, "text": line}
    m = re.match(r"^At the start of this card's owner's turn, (.+)$", body)
    if m and card_type == "Problem":  # a Problem is controlled by its owner (513.2): "your turn"
        effs = parse_effects(m.group(1))
        return None if effs is None else {"kind": "trigger", "on": "turn_start", "text": line, "effects": effs}
    m = re.match(r"^At the start of each of that Friend's controller's turns, that player must pay \[(\d+)\] or (banish|dismiss) that Friend$", body)
    if m and card_type == "Resource":
        return {"kind": "trigger", "on": "any_turn_start", "xf": {"host_tp": True}, "as_tp": True, "text": line,
                "effects": [{"op": "pay_or", "n": int(m.group(1)), "else": [{"op": m.group(2), "target": {"host": True}}]}]}
    m = re.match(r"^At the start of each player's turn, for each of that player's Friends, that player retires that Friend unless they "
                 r"pay \[(\d+)\]$", body)
    if m:
        return {"kind": "trigger", "on": "any_turn_start", "as_tp": True, "text": line,
                "effects": [{"op": "each_pay_or", "n": int(m.group(1)), "verb": "retire"}]}
    m = re.match(r"^When this card enters play at your home, (.+)$", body)
    if m:
        effs = parse_effects(m.group(1))
        return None if effs is None else {"kind": "trigger", "on": "enter", "when": "home", "text": line, "effects": effs}
    m = re.match(r"^At the start of a Problem faceoff involving the attached Friend, (.+)$", body)
    if m and card_type == "Resource":
        effs = parse_effects(m.group(1))
        return None if effs is None else {"kind": "trigger", "on": "host_fo_start", "fo": "problem", "text": line, "effects": effs}
    m = re.match(r"^At the start of a Troublemaker faceoff, (.+)$", body)
    if m:
        effs = parse_effects(m.group(1))
        return None if effs is None else {"kind": "trigger", "on": "any_fo_start", "fo": "tm", "text": line, "effects": effs}
    m = re.match(r"^When this side of the card is turned face[ -]up, (.+)$", body)
    if m and card_type == "Mane Character":
        effs = parse_effects(m.group(1))
        return None if effs is None else {"kind": "trigger", "on": "side_up", "text": line, "effects": effs}
    if body == "When this card is dismissed, dismiss all other Friends at its Problem":
        # "its Problem": the area it left (``la``), when that was a Problem (none from a home)
        return {"kind": "trigger", "on": "w_leave", "subj": {"how": "dismissed", "sel": {"self": True}}, "text": line,
                "effects": parse_effects("dismiss all other Friends at its Problem")}
    if body == "While this card has at least one Postage counter on it, it has +1 power":
        return {"kind": "static", "op": "power", "n": 1, "target": "self", "cond": {"k": "self_counters", "counter": "Postage", "n": 1},
                "text": line}
    return None


TRIGGERS.extend([
    (r"^When this card becomes Cutie marked, ", "cutie_marked", {}),  # MT137's lowercase
    (r"^When this Troublemaker is uncovered, ", "uncovered", {}),
    (r"^At the start of each player's Main Phase, ", "any_main_start", {}),
    # an opponent's Main Phase; "you" stays this card's controller (Rules.fire: ``opp_turn``)
    (r"^At the start of an opponent's Main Phase, ", "any_main_start", {"opp_turn": True}),
])
STATIC_EXTRA.extend([
    (r"^Your opponent pays \+\[(\d+)\] to play (Events|Friends|Resources)$", None,
     lambda m: {"op": "play_cost", "n": int(m[1]), "who": "opp", "sel": {"type": m[2][:-1]}}),
    (r"^Opponents must pay \+\[(\d+)\] to play cards for each ([A-Z]\w+) counter on this card$", None,
     lambda m: {"op": "play_cost", "n": int(m[1]), "who": "opp", "sel": {}, "per": {"counter": m[2]}}),
    (r"^This card has \+(\d+) power for each card type in your discard pile$", None, lambda m: _per(m[1], {"k": "disc_types"})),
    (r"^While involved in a faceoff, this card has \+(\d+) power for each ([A-Z]\w+) counter on it$", None,
     lambda m: {**_per(m[1], {"k": "self_counter", "counter": m[2]}), "fo_only": True, "cond": {"k": "faceoff"}}),
    (r"^When this card's Problem is solved, if this card would be sent home, it isn't sent home instead$", None,
     lambda m: {"op": "stay_on_solve", "target": "self"}),
    (r"^When that Friend's Problem is solved, if that Friend would be sent home, that Friend isn't sent home instead$", ("Resource",),
     lambda m: {"op": "stay_on_solve", "target": "host"}),
    (r"^Opponents need \+(\d+) power to confront this Problem for each ([A-Z]\w+) counter on this card$", None,
     lambda m: {"op": "confront_need", "n": int(m[1]), "who": "opp", "per": {"counter": m[2]}}),
    (r"^Opponents' home limits are reduced by (\d+)$", None, lambda m: {"op": "opp_home_limit", "n": int(m[1])}),
    (r"^Your opponent must pay \+\[(\d+)\] to play a Friend to this card's Problem$", None,
     lambda m: {"op": "play_cost", "n": int(m[1]), "who": "opp", "sel": {"type": "Friend"}, "where": "here"}),
    (r"^You may pay \[(\d+)\] less, to a minimum of \[(\d+)\], to play your first Friend to this card's Problem each turn$", None,
     lambda m: {"op": "play_cost", "n": -int(m[1]), "who": "you", "sel": {"type": "Friend"}, "where": "here",
                "first": True, "min": int(m[2])}),
])


# ------------------------------------------------------------------ continuous abilities, Chaos, Harmony, replacements
# Continuous abilities, Chaos "While this card is flipped" abilities, Harmony lines and effects of the
# group.  Whole-line templates as in STATIC_EXTRA: (regex, card types or None, builder).
_TR = "|".join(TRAITS)
_PLAYABLE = {"Friends": "Friend", "Events": "Event", "Resources": "Resource", "Troublemakers": "Troublemaker"}

CONTINUOUS_LINES: list = [
    # 609.2a / 508 play costs: "You pay [1] less to play your first Griffon Friend each turn" (Harmony)
    (r"^(?:You may pay|You pay|Pay) \[(\d+)\] less to play your first (?:(%s) )?(Friend|Event|Resource|Troublemaker) each turn"
     r"(?:, to a minimum of \[(\d+)\])?$" % _TR, None,
     lambda m: {"op": "play_cost", "n": -int(m[1]), "who": "you", "first": True,
                "sel": {"type": m[3], **({"trait": m[2]} if m[2] else {})}, **({"min": int(m[4])} if m[4] else {})}),
    (r"^Opponents (?:must )?pay \+\[(\d+)\] to play (Friends|Events|Resources|Troublemakers)$", None,
     lambda m: {"op": "play_cost", "n": int(m[1]), "who": "opp", "sel": {"type": _PLAYABLE[m[2]]}}),
    (r"^(?:You may pay|You pay) \[(\d+)\] less to play (Friends|Events|Resources)(?:, to a minimum of \[(\d+)\])?$", None,
     lambda m: {"op": "play_discount", "n": int(m[1]), "sel": {"type": _PLAYABLE[m[2]]}, **({"min": int(m[3])} if m[3] else {})}),
    # 609.2e rally / 609.2b move costs bound to a condition of this card
    (r"^While this card is exhausted, you pay \[(\d+)\] less to rally your Friends, to a minimum of \[(\d+)\]$", None,
     lambda m: {"op": "action_cost", "act": "rally", "n": -int(m[1]), "who": "you", "min": int(m[2]),
                "cond": {"k": "exhausted"}}),
    (r"^While this card is exhausted, your opponent must pay \+\[(\d+)\] to play or move a character to this card's Problem$",
     None, lambda m: {"op": "play_cost", "n": int(m[1]), "who": "opp", "sel": {"type": "Friend"}, "where": "here",
                      "cond": {"k": "all", "conds": [{"k": "exhausted"}, {"k": "at_problem"}]},
                      "parts": [{"op": "play_cost", "n": int(m[1]), "who": "opp", "sel": {"type": "Friend"}, "where": "here",
                                 "cond": {"k": "all", "conds": [{"k": "exhausted"}, {"k": "at_problem"}]}},
                                {"op": "action_cost", "act": "move", "n": int(m[1]), "who": "opp", "where": "to",
                                 "at_problem": True, "cond": {"k": "exhausted"}}]}),
    # power
    (r"^Your Troublemakers here have \+(\d+) power for each of your (%s) characters$" % _TR, None,
     lambda m: _pw(m[1], {"type": "Troublemaker", "ctrl": "you", "at": "here"},
                   per={"sel": {"type": "character", "ctrl": "you", "trait": m[2]}})),
    (r"^This card has \+(\d+) power for each ([A-Z][\w.' ]+?) (Friend|card) in your discard pile$", None,
     lambda m: _per(m[1], {"k": "disc_title", "title": m[2], **({"type": "Friend"} if m[3] == "Friend" else {})})),
    (r"^This card has \+(\d+) power for each card type among cards in your discard pile$", None,
     lambda m: _per(m[1], {"k": "disc_types"})),
    (r"^If that Friend is an? (%s), it has \+(\d+) power instead$" % _TR, ("Resource",),
     None),  # (built in parse_continuous_line: needs the Friend's own "+N power" line)
    (r"^That Troublemaker is Epic and has \+(\d+) power$", ("Resource",),
     lambda m: {"op": "power", "parts": [_pw(m[1], _HOST), {"op": "grant_epic", "target": _HOST}]}),
    # "can't" modifiers (104.2) with conditions of this card
    (r"^While this card has at least (\d+) power, your Friends can't be frightened$", None,
     lambda m: {"op": "no_frighten", "target": dict(_YOU_FRIENDS), "cond": {"k": "power_at_least", "n": int(m[1])}}),
    (r"^While this card has at least (\d+) cards? beneath it, it can't be dismissed or frightened$", None,
     lambda m: {"op": "no_frighten", "target": "self",
                "parts": [{"op": op, "target": "self", "cond": {"k": "beneath_at_least", "n": int(m[1])}}
                          for op in ("no_frighten", "no_dismiss")]}),
    (r"^Your Friends can't be frightened$", None, lambda m: {"op": "no_frighten", "target": dict(_YOU_FRIENDS)}),
    (r"^While a Troublemaker is at this Problem, Friends can't be played here$", ("Problem",),
     lambda m: {"op": "no_play", "who": "all", "sel": {"type": "Friend"},
                "cond": {"k": "at_problem_with", "sel": {"type": "Troublemaker"}}}),
    # attachments
    (r"^That Friend is also \[(%s)\]$" % COLOR_RE, ("Resource",),
     lambda m: {"op": "grant_color", "color": m[1], "target": _HOST}),
    (r"^While that Friend is at a Problem, that Problem has (\d+) bonus points?$", ("Resource",),
     lambda m: {"op": "bonus_mod", "n": int(m[1]), "set": True, "cond": {"k": "host_at_problem"}}),
    (r"^While that Mane Character is boosted, it loses and can't have abilities$", ("Resource",),
     lambda m: {"op": "lose_abilities", "target": _HOST, "cond": {"k": "host_boosted"}}),
    # hand size (616.2)
    (r"^While this card is Cutie Marked, your maximum hand size is increased by (\d+)$", None,
     lambda m: {"op": "hand_size_mod", "n": int(m[1]), "cond": {"k": "cutie"}}),
    # faceoffs
    (r"^Opposing Mane Characters here can't contribute their power to faceoffs$", None,
     lambda m: {"op": "no_contrib", "what": "faceoff", "target": {"type": "Mane Character", "ctrl": "opp", "at": "here"}}),
    # Chaos (515, glossary): continuous abilities of a flipped card, while it is flipped
    (r"^Chaos: While this card is flipped, it has \+(\d+) power$", None,
     lambda m: {"op": "flip_self_power", "n": int(m[1])}),
    (r"^Chaos: While this card is flipped, it has \+(\d+) power for each card in your hand$", None,
     lambda m: {"op": "flip_self_power", "n": int(m[1]), "per": {"k": "your_hand"}}),
    (r"^Chaos: While this card is flipped, it has power equal to the number of cards in your hand$", None,
     lambda m: {"op": "flip_self_power", "is": {"k": "your_hand"}}),
    (r"^This card's power is equal to the number of cards in your hand$", None,
     lambda m: {"op": "power_is", "count": {"k": "your_hand"}}),
    # confronting (611.2): "You need -2 power to confront ..." (a reduction; Rules.meets spreads it)
    (r"^While there are no opposing characters here, you need -(\d+) power to confront this Problem$", ("Problem",),
     lambda m: {"op": "confront_need", "n": -int(m[1]), "who": "you", "cond": {"k": "no_opp_here"}}),
    (r"^You need -(\d+) power to confront opposing Problems$", None,
     lambda m: {"op": "confront_need", "n": -int(m[1]), "who": "you", "where": "opp_problems"}),
    (r"^You need -(\d+) power to confront that Friend's Problem$", ("Resource",),
     lambda m: {"op": "confront_need", "n": -int(m[1]), "who": "you"}),
    (r"^You need -(\d+) power to confront this Problem for each card type among cards in your discard pile$", ("Problem",),
     lambda m: {"op": "confront_need", "n": -int(m[1]), "who": "you", "per": "disc_types"}),
    # faceoffs: a Problem's owner's / opposing Mane Characters while involved in a Problem faceoff
    (r"^While involved in a Problem faceoff, this card's owner's Mane Character has \+(\d+) power$", ("Problem",),
     lambda m: {"op": "power", "n": int(m[1]), "target": {"type": "Mane Character", "ctrl": "you", "inv": True},
                "fo_only": "problem"}),
    (r"^While involved in a Problem faceoff, opposing boosted Mane Characters here have -(\d+) power$", ("Problem",),
     lambda m: {"op": "power", "n": -int(m[1]), "target": {"type": "Mane Character", "ctrl": "opp", "at": "here",
                                                           "boosted": True, "inv": True}, "fo_only": "problem"}),
    # draws (410.4)
    (r"^While a player has at least (\d+) cards in their hand, that player can't draw cards during the Main Phase$", None,
     lambda m: {"op": "no_draw_main", "n": int(m[1])}),
    # traits, losing abilities
    (r"^While this card is at a Problem, your other Friends at that Problem get the (%s) trait during any Score Phase$" % _TR,
     None, lambda m: {"op": "add_trait", "trait": m[1], "target": {"type": "Friend", "ctrl": "you", "other": True, "at": "here"},
                      "cond": {"k": "all", "conds": [{"k": "at_problem"}, {"k": "score_phase"}]}}),
    (r"^While you have at least (\d+) points, opposing Troublemakers here (?:lose|lost) and can't have abilities$", None,
     lambda m: {"op": "lose_abilities", "target": {"type": "Troublemaker", "ctrl": "opp", "at": "here"},
                "cond": {"k": "you_points_at_least", "n": int(m[1])}}),
    # attachments with several continuous abilities
    (r"^That Friend has \+(\d+) [Pp]ower, is also \[(%s)\], and loses and can't gain abilities$" % COLOR_RE, ("Resource",),
     lambda m: {"op": "power", "parts": [_pw(m[1], _HOST), {"op": "grant_color", "color": m[2], "target": _HOST},
                                         {"op": "lose_abilities", "target": _HOST}]}),
    (r"^That Friend has \[(%s)\] and \+(\d+) power for each of your other \[\1\] Friends here$" % COLOR_RE, ("Resource",),
     lambda m: {"op": "power", "parts": [{"op": "grant_color", "color": m[1], "target": _HOST},
                                         _pw(m[2], _HOST, per={"sel": {"type": "Friend", "ctrl": "you", "color": m[1],
                                                                       "at": "here", "not_host": True}})]}),
    (r"^That Friend loses and can't have abilities, can't move, can't be frightened, and can't contribute its power to "
     r"confronting Problems or to faceoffs$", ("Resource",),
     lambda m: {"op": "lose_abilities", "parts": [
         {"op": "lose_abilities", "target": _HOST}, {"op": "no_move", "who": "all", "card": "host"},
         {"op": "no_frighten", "target": _HOST}, {"op": "no_contrib", "what": "confront", "target": _HOST},
         {"op": "no_contrib", "what": "faceoff", "target": _HOST}]}),
]


def parse_continuous_line(body: str, card_type: str) -> dict | None:
    """The ``CONTINUOUS_LINES`` templates."""
    for pat, types, fn in CONTINUOUS_LINES:
        m = re.match(pat, body)
        if m and (types is None or card_type in types):
            if fn is None:  # "Harmony Changeling: If that Friend is a Changeling, it has +4 power instead"
                return {"op": "power", "n": 0, "target": _HOST, "instead_trait": m[1], "to": int(m[2])}
            return fn(m)
    return None


def _cost_and_counter_sentences(t: str) -> list[dict] | None:
    """Effect sentences about costs, counters and counted amounts (``parse_effects`` tries them after the triggered-ability bodies)."""
    m = re.match(r"^you may (.+)$", t, re.I)
    if m:
        r = _cost_and_counter_sentence(m.group(1))
        return None if r is None else [{"op": "may", "effects": r}]
    return _cost_and_counter_sentence(t)


IF_TEMPLATES.append(  # "if you have 2 or more other Changeling characters here, ..." (resolve._if_cond)
    (r"^if you have (\d+) or more other (%s) characters here, (.+)$" % "|".join(TRAITS),
     lambda m: {"k": "count_at_least", "n": int(m.group(1)),
                "sel": {"type": "character", "ctrl": "you", "trait": m.group(2), "at": "here", "other": True}}))


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
        return [{"op": "counters", "n": _n(m.group(1)), "counter": "+1", "remove": True, "target": {"self": True}}]
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
    if m and _n(m.group(1)) == (2 if re.search(r"up to (?:two|2)\b", t) else 3):
        tg = parse_target("one of " + m.group(2))
        if tg is None or tg.get("each") or tg.get("self") or tg.get("it"):
            return None
        return [{"op": "counters", "n": 1, "counter": "+1", "target": dict(tg)} for _ in range(_n(m.group(1)))]
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


# more trigger phrases (appended: TRIGGERS is read when a line is parsed)
TRIGGERS.extend([
    # "The first player to confront this Problem may ...": a confront_this_any trigger of the first
    # confront of this Problem (flow: the Problem's ``cf`` flag before this confront)
    (r"^The first player to confront this Problem (?=may |scores |gains )", "confront_this_any", {"first": True}),
    (r"^When this card readies, ", "readies", {}),
])


def _multi_ability_lines(body: str, card_type: str, line: str) -> dict | None:
    """Whole lines that give several abilities (``multi``)."""
    m = re.match(r"^As this card enters play, choose up to (two|three) colors\. This card has those colors$", body)
    if m:  # (as "choose a color. This card is that color": asked as it enters play)
        return {"kind": "trigger", "on": "enter", "effects": [{"op": "choose_colors", "n": _n(m.group(1))}], "text": line}
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


# optional replacement modifiers (710): "If <card> would be <frightened|dismissed|leave play>, you may <...>
# instead" -> static ``replace`` {ev, subj (self / host / selector relative to this card), instead
# (effects; "it" is the card), pay, need_ready}.  Rules.replacements / resolve._op_replace_ask
_IT = {"it": True}
REPLACEMENT_LINES: list = [
    (r"^If this card would be frightened, you may exhaust it instead$", None,
     lambda m: {"ev": "frighten", "subj": "self", "instead": [{"op": "exhaust", "target": dict(_IT)}]}),
    (r"^If this card would be frightened, you may banish a card from your discard pile instead$", None,
     lambda m: {"ev": "frighten", "subj": "self", "instead": [{"op": "banish_from_zone", "zone": "disc", "whose": "you",
                                                               "filter": {}}]}),
    (r"^If a Friend would be frightened, you may pay \[(\d+)\] to dismiss it instead$", None,
     lambda m: {"ev": "frighten", "subj": {"type": "Friend"}, "pay": int(m[1]),
                "instead": [{"op": "dismiss", "target": dict(_IT)}]}),
    (r"^If another (?:one )?of your (Friends|Resources)( here)? would be dismissed, you may retire this card instead$", None,
     lambda m: {"ev": "dismiss", "subj": {"type": m[1][:-1], "ctrl": "you", "other": True, **({"at": "here"} if m[2] else {})},
                "instead": [{"op": "retire", "target": {"self": True}}]}),
    (r"^If that card would be dismissed, you may put it into its owner's hand instead$", ("Resource",),
     lambda m: {"ev": "dismiss", "subj": "host", "instead": [{"op": "to_hand", "target": dict(_IT)}]}),
    (r"^If an opposing Friend or Troublemaker would be dismissed, you may exhaust this card to banish that Friend or "
     r"Troublemaker instead$", None,
     lambda m: {"ev": "dismiss", "subj": {"types": ["Friend", "Troublemaker"], "ctrl": "opp"}, "need_ready": True,
                "instead": [{"op": "exhaust", "target": {"self": True}, "cost": True}, {"op": "banish", "target": dict(_IT)}]}),
    (r"^If one of your Friends would leave play, you may exhaust your Mane Character instead$", None,
     lambda m: {"ev": "leave", "subj": {"type": "Friend", "ctrl": "you"},
                "instead": [{"op": "exhaust", "target": {"type": "Mane Character", "ctrl": "you"}}]}),
]
CONTINUOUS_LINES.extend([
    # "can't" modifiers (104.2): leaving play, being retired
    (r"^While you have (\d+) or more Friends here, your Friends here can't leave play$", None,
     lambda m: {"op": "no_leave", "target": {"type": "Friend", "ctrl": "you", "at": "here"},
                "cond": {"k": "friends_here_at_least", "n": int(m[1])}}),
    (r"^While this card has (\d+) or more power, it can't be retired or dismissed except to home limit$", None,
     lambda m: {"op": "no_dismiss", "parts": [{"op": op, "target": "self", "cond": {"k": "power_at_least", "n": int(m[1])}}
                                             for op in ("no_retire", "no_dismiss")]}),
    (r"^While a player has more power at this Problem than any opponent, that player's Friends here can't be dismissed$",
     ("Problem",), lambda m: {"op": "no_dismiss", "target": {"type": "Friend", "at": "here", "more_power_here": True}}),
])
CONTINUOUS_LINES.extend([
    # moving (506), playing (508) and losing abilities with conditions of this card / its host
    (r"^While that Friend has power higher than any other Friend here, Friends can't be moved to this card's Problem$",
     ("Resource",), lambda m: {"op": "no_move", "who": "all", "where": "to", "sel": {"type": "Friend"},
                               "cond": {"k": "all", "conds": [{"k": "host_highest_power_here"}, {"k": "at_problem"}]}}),
    (r"^While this card has power higher than any other Friend here, this card's Problem loses and can't have abilities$",
     None, lambda m: {"op": "lose_abilities", "target": {"type": "Problem", "at": "here"},
                      "cond": {"k": "all", "conds": [{"k": "highest_power_here"}, {"k": "at_problem"}]}}),
    (r"^While an opponent's Mane Character is at home, that opponent can't move Friends to this card's Problem$", None,
     lambda m: {"op": "no_move", "who": "opp", "where": "to", "sel": {"type": "Friend"},
                "cond": {"k": "all", "conds": [{"k": "opp_mane_home"}, {"k": "at_problem"}]}}),
    (r"^While a player has at least (\d+) \[(%s)\] Friends at this Problem, that player's opponent must pay \+\[(\d+)\] to "
     r"play a Friend here$" % COLOR_RE, ("Problem",),
     lambda m: {"op": "play_cost", "n": int(m[3]), "who": "all", "sel": {"type": "Friend"}, "where": "here",
                "opp_has": {"n": int(m[1]), "sel": {"type": "Friend", "color": m[2], "at": "here"}}}),
    (r"^Opposing characters here can't contribute their power to confronting this card's Problem unless their power is "
     r"greater than or equal to this card's power$", None,
     lambda m: {"op": "no_contrib", "what": "confront", "target": {"type": "character", "ctrl": "opp", "at": "here",
                                                                   "lt_src_power": True}}),
    (r"^You may pay \[(\d+)\] less to play Accessories on this card$", None,
     lambda m: {"op": "play_cost", "n": -int(m[1]), "who": "you", "sel": {"type": "Resource", "trait": "Accessory"},
                "where": "on_src"}),
    (r"^Accessories on this card have (%s)$" % "|".join(GRANTABLE_KW), None,
     lambda m: {"op": "grant_kw", "kw": m[1], "n": 1, "target": {"type": "Resource", "trait": "Accessory", "on_src": True}}),
    (r"^While this card is in your discard pile, your Mane Character has \+(\d+) power$", None,
     lambda m: {"op": "disc_mane_power", "n": int(m[1])}),
    (r"^During the Score Phase, if that Mane Character is at home, that opponent's Friends each have -(\d+) power$",
     ("Resource",), lambda m: {"op": "power", "n": -int(m[1]), "target": {"type": "Friend", "host_ctrl": True},
                               "cond": {"k": "all", "conds": [{"k": "score_phase"}, {"k": "host_at_home"}]}}),
    (r"^That Troublemaker loses and can't gain abilities during your Troublemaker Phase$", ("Resource",),
     lambda m: {"op": "lose_abilities", "target": _HOST, "cond": {"k": "your_tp"}}),
    # names (201.3): "This card is both a Maud Pie and a Pinkie Pie in all zones"
    (r"^This card is both an? ([A-Z][\w.' ]+?) and an? ([A-Z][\w.' ]+?) in all zones$", None,
     lambda m: {"op": "alias", "titles": [m[1], m[2]]}),
    (r"^Cards in play have Unique$", None, lambda m: {"op": "all_unique"}),
    (r"^This card can't be dismissed, moved, or put into its owner's hand from play by opponents$", None,
     lambda m: {"op": "no_move", "parts": [{"op": "no_move", "who": "opp", "card": "self"},
                                          {"op": "no_opp_remove", "target": "self"}]}),
    # public information (404.1, 505.1d): "Players may look at face-down Troublemakers here", "Play with
    # the top card of your deck revealed" (view.py, selfplay.hidden_check)
    (r"^Players may look at face-down Troublemakers here$", None, lambda m: {"op": "fd_public_here"}),
    (r"^Play with the top card of your deck revealed$", None, lambda m: {"op": "reveal_deck_top"}),
    (r"^This card's power is equal to the printed power of the top card of your deck$", None,
     lambda m: {"op": "power_is", "count": {"k": "deck_top_power"}}),
    (r"^This card enters play exhausted$", None, lambda m: {"op": "enter_exhausted_self"}),  # 503.1 (Rules.enter_play)
    (r"^This card enters play with (two|three|four|\d+) \+1 power counters on it$", None,
     lambda m: {"op": "enter_counters", "n": _n(m[1])}),
    (r"^As an additional cost to play this card, retire a Friend$", ("Friend",), lambda m: {"op": "add_cost", "retire_friend": 1}),
    # 101.2 deck building (104.1: the card takes precedence over the three-copies rule)
    (r"^Your deck may contain any number of Friends named (.+)$", None, lambda m: {"op": "any_number", "name": m[1]}),
    (r"^This card has \+(\d+) power for each of your other Friends named (.+)$", None,
     lambda m: _per(m[1], {"k": "named", "name": m[2], "yours_other": True})),
    # sent home (506.5) replaced: "If this card would be sent home, it is sent to another Problem instead"
    (r"^If this card would be sent home(?: from a Problem)?, it is sent to another Problem instead$", None,
     lambda m: {"op": "send_elsewhere", "subj": "self"}),
    (r"^If one of your Friends here with (\d+) printed power would be sent home, send it to another Problem instead$", None,
     lambda m: {"op": "send_elsewhere", "subj": {"type": "Friend", "ctrl": "you", "at": "here", "min_printed": int(m[1]),
                                                 "max_printed": int(m[1])}}),
    (r"^If one or more of your Friends with (\d+) or less printed power would be sent home from a solved Problem, they "
     r"aren't sent home instead$", None,
     lambda m: {"op": "solved_stay", "subj": {"type": "Friend", "ctrl": "you", "max_printed": int(m[1])}}),
    (r"^When this card's Problem is solved, if this card would be sent home, it isn't sent home instead$", None,
     lambda m: {"op": "solved_stay", "subj": "self"}),
    (r"^This card's Problem can't be replaced until it is solved$", None, lambda m: {"op": "no_replace"}),
])
for _pat, _types, _fn in REPLACEMENT_LINES:
    CONTINUOUS_LINES.append((_pat, _types, (lambda f: lambda m: {"op": "replace", **f(m)})(_fn)))


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
     lambda m: [{"op": "look_sort", "n": _n(m[1]), "whose": "you", "pick": "top", "rest": "bottom_any"}]),
    (r"^look at the top (two|three|2|3) cards of a Problem deck and put them back in any order$",
     lambda m: [{"op": "look_sort", "n": _n(m[1]), "whose": "choose", "deck": "pdeck", "pick": "none", "rest": "top"}]),
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
