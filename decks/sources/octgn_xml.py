"""Parser for the community's OCTGN card database (MLP CCG set XML files).

Pure Python (no Django): the catalog importer (``decks.importers``) and the rules engine
(``gameplay.engine.mlp``) both read cards through it. Untrusted XML is parsed with
``defusedxml`` so entity-expansion and external-entity attacks are refused.

The data has quirks (see ``../shared/cards/README.md``), normalised here:
- set names "Premier" -> "Premiere", "Crystal Games" -> "The Crystal Games";
- colorless written as "", "None" or "Colorless";
- keywords with trailing periods ("Starting Problem."), further keywords on the first text line;
- Problems needing "infinity"/"∞" power (Villain Challenge) and one "Rainbow" requirement;
- five promos that exist only inside XML comments (``commented_cards``), which real decks use.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from pathlib import Path

from defusedxml import ElementTree as SafeET
from defusedxml.common import DefusedXmlException

COLORS = ("Loyalty", "Honesty", "Laughter", "Magic", "Generosity", "Kindness")
COLOR_NAMES = {  # 201.x: the six colors and the Element names the data uses
    "Loyalty": "blue", "Honesty": "orange", "Laughter": "pink",
    "Magic": "purple", "Generosity": "white", "Kindness": "yellow",
}
COLORLESS_VALUES = {"", "None", "Colorless"}
CARD_TYPES = ("Mane Character", "Friend", "Event", "Resource", "Troublemaker", "Problem")
INFINITE_POWER = 999  # Villain Challenge Problems that can't be confronted by power ("infinity", "∞")

SET_NAME_FIXES = {"Premier": "Premiere", "Crystal Games": "The Crystal Games"}

# Glossary keywords (rules 3.8); a first text line made only of these is a keyword line.
KEYWORDS = (
    "Agile", "Calming", "Caretaker", "Competitive", "Cutie Mark", "Dilemma", "Diligent",
    "Eccentric", "Experienced", "Hasty", "Inspired", "Meticulous", "Persistent", "Prepared",
    "Prismatic", "Pumped", "Random", "Redeem", "Showy", "Stubborn", "Studious", "Supportive",
    "Swift", "Teamwork", "Transform", "Traveler", "Vexing", "Villain", "Epic", "Starting Problem",
    "Harmonious", "Tyrannical",  # Villain Challenge keywords
)
_KEYWORD_RE = re.compile(
    r"^(?:%s)(?: \d+)?$" % "|".join(re.escape(k) for k in sorted(KEYWORDS, key=len, reverse=True))
)
_HOME_LIMIT_RE = re.compile(r"^Home Limit (\d+)$")


class CardDataError(ValueError):
    """A set file that cannot be imported; names the file and the card."""

    def __init__(self, message: str, *, file: str = "", card: str = "") -> None:
        where = ", ".join(p for p in (f"file {file}" if file else "", f"card {card}" if card else "") if p)
        super().__init__(f"{where}: {message}" if where else message)
        self.file = file
        self.card = card


@dataclass(frozen=True)
class Requirement:
    """A color/amount pair: a play requirement (205) or a Problem confront requirement.

    ``color`` is a color name, ``"Wild"`` (any color), ``"Not <Color>"`` (any other color)
    or ``"Rainbow"``.
    """

    color: str
    amount: int


@dataclass(frozen=True)
class CardFace:
    number: str
    type: str
    title: str
    subtitle: str
    colors: tuple[str, ...]
    power: int | None
    cost: int | None
    play_requirements: tuple[Requirement, ...]
    traits: tuple[str, ...]
    keywords: tuple[str, ...]
    text: str
    rarity: str
    bonus: int | None
    home_limit: int | None
    problem_requirements: tuple[Requirement, ...]
    problem_opponent_power: int | None

    @property
    def full_name(self) -> str:
        return f"{self.title}, {self.subtitle}" if self.subtitle else self.title

    @property
    def is_unique(self) -> bool:
        return "Unique" in self.traits


@dataclass(frozen=True)
class CardRecord:
    guid: str
    set_name: str
    front: CardFace
    boosted: CardFace | None = None
    commented: bool = False  # only present inside an XML comment (unreleased in the data, used by decks)

    @property
    def number(self) -> str:
        return self.front.number


@dataclass(frozen=True)
class SetRecord:
    name: str
    guid: str
    file: str
    cards: tuple[CardRecord, ...]
    commented_cards: tuple[CardRecord, ...] = field(default=())
    packs: tuple[dict, ...] = field(default=())


def _int(value: str, *, what: str, file: str, card: str) -> int | None:
    value = value.strip()
    if value == "":
        return None
    if value in ("infinity", "∞"):
        return INFINITE_POWER
    try:
        return int(value)
    except ValueError:
        raise CardDataError(f"{what} is {value!r}, not a number", file=file, card=card) from None


def _clean_keyword(value: str) -> str:
    return value.strip().rstrip(".").strip()


def _parse_face(props: dict[str, str], *, title: str, file: str, guid: str) -> CardFace:
    label = f"{title} ({props.get('Number', '?')}, {guid})"
    ctype = props.get("Type", "").strip()
    if ctype not in CARD_TYPES and ctype != "Mane Character Boosted":
        raise CardDataError(f"unknown card type {ctype!r}", file=file, card=label)
    element = props.get("Element", "").strip()
    if element == "Multicolor":
        if props.get("TriElement", "").strip():
            colors = tuple(props[k].strip() for k in ("TriPrimaryElement", "TriSecondaryElement", "TriElement"))
        else:
            colors = tuple(props[k].strip() for k in ("MultiPrimaryElement", "MultiSecondaryElement"))
        # MT106 writes its second color as "None": a colorless slot is no color.
        colors = tuple(c for c in colors if c not in COLORLESS_VALUES)
    elif element in COLORLESS_VALUES:
        colors = ()
    else:
        colors = (element,)
    for c in colors:
        if c not in COLORS:
            raise CardDataError(f"unknown color {c!r}", file=file, card=label)

    def num(key: str) -> int | None:
        return _int(props.get(key, ""), what=key, file=file, card=label)

    reqs = []
    for prefix in ("", "Secondary", "Tertiary"):
        color = props.get(f"{prefix}PlayRequiredElement", "").strip()
        amount = num(f"{prefix}PlayRequiredPower")
        if color and amount is not None:
            reqs.append(Requirement(color, amount))
    problem_reqs = []
    for i in (1, 2):
        color = props.get(f"ProblemPlayerElement{i}", "").strip()
        amount = num(f"ProblemPlayerElement{i}Power")
        if color:
            problem_reqs.append(Requirement(color, amount if amount is not None else 0))
    traits = tuple(t.strip() for t in props.get("Traits", "").split(",") if t.strip())
    text = props.get("Text", "").replace("\r\n", "\n").strip()
    keywords: list[str] = []
    home_limit = None
    # One keyword, sometimes two joined by ". " ("Stubborn. Random"), or the Mane's home limit.
    for kw in (_clean_keyword(k) for k in props.get("Keywords", "").split(". ")):
        m = _HOME_LIMIT_RE.match(kw)
        if m:
            home_limit = int(m.group(1))
        elif _KEYWORD_RE.match(kw):
            keywords.append(kw)
        # anything else is flavour in the data ("Home Limit on the Hive? Hahahaa!"): not a keyword
    # Further keywords are written on the first line of the text ("Swift", "Stubborn, Hasty").
    if text:
        first, _, rest = text.partition("\n")
        parts = [_clean_keyword(p) for p in first.split(",")]
        if parts and all(_KEYWORD_RE.match(p) for p in parts):
            for p in parts:
                if p not in keywords:
                    keywords.append(p)
            text = rest.strip()
    if "Starting Problem" in keywords and ctype != "Problem":
        # Data errors: SB132 (a Friend) and Mane EO203 carry "Starting Problem", a Problem-only
        # keyword (101.4); EO203 has it where its home limit belongs (printed Home Limit 3).
        keywords.remove("Starting Problem")
        if ctype == "Mane Character" and home_limit is None:
            home_limit = 3
    if ctype == "Mane Character Boosted":
        ctype = "Mane Character"
    return CardFace(
        number=props.get("Number", "").strip(),
        type=ctype,
        title=title.strip(),
        subtitle=props.get("Subname", "").strip(),
        colors=colors,
        power=num("Power"),
        cost=num("Cost"),
        play_requirements=tuple(reqs),
        traits=traits,
        keywords=tuple(keywords),
        text=text,
        rarity=props.get("Rarity", "").strip(),
        bonus=num("Bonus"),
        home_limit=home_limit,
        problem_requirements=tuple(problem_reqs),
        problem_opponent_power=num("ProblemOpponentPower"),
    )


def _props(elem) -> dict[str, str]:
    return {p.get("name"): p.get("value", "") for p in elem.findall("property")}


def _parse_card(elem, *, set_name: str, file: str, commented: bool = False) -> CardRecord:
    guid = (elem.get("id") or "").strip().lower()
    title = elem.get("name") or ""
    if not guid:
        raise CardDataError("card has no id", file=file, card=title or "?")
    if not title.strip():
        raise CardDataError("card has no name", file=file, card=guid)
    front = _parse_face(_props(elem), title=title, file=file, guid=guid)
    boosted = None
    alt = elem.find("alternate")
    if alt is not None:
        boosted = _parse_face(_props(alt), title=alt.get("name") or title, file=file, guid=guid)
        if front.type != "Mane Character":
            # Villain Challenge flip Resources (QC2) have a back side typed "Mane Character Boosted".
            boosted = replace(boosted, type=front.type)
    return CardRecord(guid=guid, set_name=set_name, front=front, boosted=boosted, commented=commented)


_COMMENT_RE = re.compile(r"<!--(.*?)-->", re.S)


def parse_set_bytes(data: bytes, *, file: str) -> SetRecord:
    """Parse one OCTGN set file; raises :class:`CardDataError` naming the file and card."""
    try:
        root = SafeET.fromstring(data)
    except DefusedXmlException as exc:
        raise CardDataError(f"unsafe XML refused ({type(exc).__name__})", file=file) from None
    except SafeET.ParseError as exc:
        raise CardDataError(f"malformed XML: {exc}", file=file) from None
    if root.tag != "set":
        raise CardDataError(f"root element is <{root.tag}>, not <set>", file=file)
    raw_name = (root.get("name") or "").strip()
    if not raw_name:
        raise CardDataError("set has no name", file=file)
    set_name = SET_NAME_FIXES.get(raw_name, raw_name)
    cards_elem = root.find("cards")
    cards = tuple(
        _parse_card(c, set_name=set_name, file=file)
        for c in (cards_elem.findall("card") if cards_elem is not None else [])
    )
    # Promos that exist only inside comments: parse each commented <card> on its own.
    commented = []
    text = data.decode("utf-8-sig", errors="replace")
    for body in _COMMENT_RE.findall(text):
        if "<card " not in body or "</card>" not in body:
            continue
        snippet = "<cards>" + body[body.index("<card ") : body.rindex("</card>") + len("</card>")] + "</cards>"
        try:
            elems = SafeET.fromstring(snippet).findall("card")
        except Exception:  # a comment that is not card data: nothing to import
            continue
        commented.extend(_parse_card(e, set_name=set_name, file=file, commented=True) for e in elems)
    packs = [_parse_pack(pack, file=file) for pack in root.iter("pack")]
    return SetRecord(
        name=set_name, guid=(root.get("id") or "").lower(), file=file, cards=cards,
        commented_cards=tuple(commented), packs=tuple(packs),
    )


def _parse_pick(elem, *, file: str) -> dict:
    """``qty="unlimited"`` (the data's "show every Mane Character" listing, not a booster) is None."""
    if elem.get("qty") == "unlimited":
        return {"qty": None, "key": elem.get("key", ""), "value": elem.get("value", "")}
    try:
        qty = int(elem.get("qty", "1"))
    except ValueError:
        raise CardDataError(f"<pick qty={elem.get('qty')!r}> is not a number", file=file) from None
    return {"qty": qty, "key": elem.get("key", ""), "value": elem.get("value", "")}


def _parse_pack(pack, *, file: str) -> dict:
    """A booster's ``<packaging>`` entry: its slots in order, each a fixed ``pick`` or a choice of
    ``options`` with probabilities (e.g. one card that is Ultra Rare with probability 0.083, else Common)."""
    slots: list[dict] = []
    for child in pack:
        if child.tag == "pick":
            slots.append({"pick": _parse_pick(child, file=file)})
        elif child.tag == "options":
            options = []
            for opt in child.findall("option"):
                try:
                    probability = float(opt.get("probability", ""))
                except ValueError:
                    raise CardDataError(f"pack {pack.get('name')!r}: an option has no probability", file=file) from None
                options.append({"probability": probability, "picks": [_parse_pick(p, file=file) for p in opt.findall("pick")]})
            slots.append({"options": options})
    return {"name": pack.get("name", ""), "id": pack.get("id", ""), "slots": slots}


def parse_set_file(path: str | Path) -> SetRecord:
    path = Path(path)
    return parse_set_bytes(path.read_bytes(), file=path.name)


def parse_directory(directory: str | Path) -> list[SetRecord]:
    """Every ``*.xml`` set file of a directory, in file-name order."""
    directory = Path(directory)
    files = sorted(directory.glob("*.xml"))
    if not files:
        raise CardDataError(f"no .xml set files in {directory}")
    return [parse_set_file(f) for f in files]
