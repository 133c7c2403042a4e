"""Reading decklists as players write them: plain text, OCTGN ``.o8d`` files and JSON entries.

Parsing only splits the input into lines (quantity, name or id, section); ``decks.resolution`` finds the
cards. Untrusted input is bounded (size, line count, quantities) and XML is read with ``defusedxml``
with DTDs forbidden, so entity expansion ("billion laughs") and external entities are refused.
"""
from __future__ import annotations

import json
import re
from dataclasses import dataclass
from xml.etree.ElementTree import ParseError

from defusedxml import ElementTree as SafeET
from defusedxml.common import DefusedXmlException

MAX_DECK_BYTES = 256 * 1024  # a 60-card list is ~3 KB; a real .o8d under 10 KB
MAX_LINES = 500
MAX_QTY = 99
MAX_NAME_LENGTH = 300


class DeckInputError(ValueError):
    """Input that is not a decklist at all (too large, binary, malformed XML/JSON): nothing is stored."""


@dataclass(frozen=True, slots=True)
class DeckLine:
    qty: int
    name: str
    guid: str = ""
    section: str = ""  # a section key of SECTIONS ("" when no header applies)
    line_no: int = 0
    raw: str = ""
    qty_given: bool = True
    error: str = ""  # a line that could not be read (bad quantity)
    number: str = ""  # a set number written next to the name ("(CN1)")
    # A leading number too large for a count, read as part of the name: "795 Wing Power" is a card, while
    # "99999 Fluttershy" is a bad quantity - resolution decides, knowing the card names.
    oversized_qty: int = 0


# Section headers (text, .o8d and JSON) -> the card types they hold, as a hint for resolving names.
SECTIONS: dict[str, frozenset[str] | None] = {
    "mane": frozenset({"Mane Character"}),
    "draw": frozenset({"Friend", "Event", "Resource", "Troublemaker"}),
    "friend": frozenset({"Friend"}),
    "event": frozenset({"Event"}),
    "resource": frozenset({"Resource"}),
    "troublemaker": frozenset({"Troublemaker"}),
    "problem": frozenset({"Problem"}),
    "neopet": frozenset({"Neopet"}),
    "rainbow": None,
    "main": None,
    "other": None,
}
_HEADER_WORDS = {
    "mane": "mane", "mane character": "mane", "mane characters": "mane", "mane char": "mane",
    "draw deck": "draw", "draw": "draw", "deck": "draw",
    "friend": "friend", "friends": "friend", "event": "event", "events": "event",
    "resource": "resource", "resources": "resource", "troublemaker": "troublemaker", "troublemakers": "troublemaker",
    "problem": "problem", "problems": "problem", "problem deck": "problem",
    "neopet deck": "neopet", "neopets": "neopet", "basic neopets": "neopet",
    "rainbow pool": "rainbow", "rainbow pool deck": "rainbow", "main deck": "main",
}


def section_key(header: str) -> str:
    """The section key of a header ("Mane Character:", "Friends (20)", "## Problems") or ""."""
    text = re.sub(r"[\(\[]\s*\d+\s*(cards?)?\s*[\)\]]", " ", header.lower())
    text = re.sub(r"[#:*=\-_]+", " ", text)
    text = re.sub(r"\b\d+\b", " ", text).strip()
    text = " ".join(text.split())
    return _HEADER_WORDS.get(text, "")


def _decode(data: bytes | str) -> str:
    if isinstance(data, str):
        text = data
        if len(text.encode("utf-8", "surrogatepass")) > MAX_DECK_BYTES:
            raise DeckInputError(f"the decklist is larger than {MAX_DECK_BYTES // 1024} KB; is this the right file?")
    else:
        if len(data) > MAX_DECK_BYTES:
            raise DeckInputError(f"the file is larger than {MAX_DECK_BYTES // 1024} KB; a decklist is a few KB")
        if data.startswith((b"\xff\xfe", b"\xfe\xff")):
            try:
                text = data.decode("utf-16")
            except UnicodeDecodeError:
                raise DeckInputError("the file is not readable text (UTF-8 or UTF-16 expected)") from None
        else:
            try:
                text = data.decode("utf-8-sig")
            except UnicodeDecodeError:
                raise DeckInputError("the file is binary data, not a decklist: upload plain text or an OCTGN .o8d file") from None
    text = text.lstrip("\ufeff")
    if "\x00" in text or sum(1 for c in text if ord(c) < 32 and c not in "\r\n\t") > 8:
        raise DeckInputError("the file is binary data, not a decklist: upload plain text or an OCTGN .o8d file")
    return text


def detect_kind(text: str) -> str:
    head = text.lstrip()[:1]
    if head == "<":
        return "o8d"
    if head in "[{" and head:
        return "json"
    return "text"


def parse_deck(data: bytes | str, *, kind: str = "auto") -> tuple[str, list[DeckLine], dict]:
    """Split ``data`` into deck lines. Returns (kind, lines, info); raises ``DeckInputError``."""
    text = _decode(data)
    if not text.strip():
        raise DeckInputError("the decklist is empty")
    if kind == "auto":
        kind = detect_kind(text)
    if kind == "o8d":
        lines, info = parse_o8d(text)
    elif kind == "json":
        lines, info = parse_json(text), {}
    elif kind == "text":
        lines, info = parse_text(text), {}
    else:
        raise DeckInputError(f"unknown decklist kind {kind!r}: text, o8d or json")
    if not lines:
        raise DeckInputError("no cards found in the decklist")
    if len(lines) > MAX_LINES:
        raise DeckInputError(f"the decklist has {len(lines)} lines; at most {MAX_LINES} are accepted")
    return kind, lines, info


# "3x Title, Subtitle", "3 x Title", "x3 Title", "Title x3", "3 PR16", "Title" (no count)
_LEADING_QTY = re.compile(r"^(?:(?P<n>\d+)\s*[x×]?\s+|[x×](?P<n2>\d+)\s+|(?P<n3>\d+)[x×](?=\S))", re.I)
_TRAILING_QTY = re.compile(r"\s+[x×]\s*(?P<n>\d+)$|\s+\((?P<n2>\d+)\)$", re.I)
_NUMBER_SUFFIX = re.compile(r"\s*[\(\[]\s*([A-Za-z]{1,4}\s*#?\s*-?[A-Za-z]{0,2}\d{1,3})\s*[\)\]]$")
_COMMENT = re.compile(r"^\s*(//|#(?!\d)|--\s)")
_BULLET = re.compile(r"^[-*•]+\s+|^[*•]+")  # a list bullet; a "-" right before a digit is a minus sign
_NEGATIVE_QTY = re.compile(r"^-\s*(?P<n>\d+)\s*[x×]?\s+", re.I)


def parse_text(text: str) -> list[DeckLine]:
    lines: list[DeckLine] = []
    section = ""
    physical = text.splitlines()
    if len(physical) > MAX_LINES * 2:
        raise DeckInputError(f"the decklist has {len(physical)} lines; at most {MAX_LINES} are accepted")
    for no, raw in enumerate(physical, start=1):
        line = _BULLET.sub("", raw.strip()).strip()  # "- 3x Rarity", "* Rarity"; "-3 Rarity" is a negative count
        if not line or _COMMENT.match(raw.strip()):
            if raw.strip().startswith("#") and section_key(raw.strip()):
                section = section_key(raw.strip())  # "## Problems"
            continue
        if len(line) > MAX_NAME_LENGTH:
            lines.append(DeckLine(qty=0, name=line[:60] + "…", line_no=no, raw=raw[:200], section=section,
                                  error=f"the line is longer than {MAX_NAME_LENGTH} characters"))
            continue
        if section_key(line):  # "Mane Character", "Friends (28)", "Problem Deck: 10"
            section = section_key(line)
            continue
        qty, name, given, oversized = 1, line, False, 0
        negative = _NEGATIVE_QTY.match(line)
        m = _LEADING_QTY.match(line)
        if negative:
            qty, name, given = -int(negative.group("n")), line[negative.end():].strip(), True
        elif m:
            qty, name, given = int(m.group("n") or m.group("n2") or m.group("n3")), line[m.end():].strip(), True
            if qty > MAX_QTY and m.group("n") and not re.match(r"\d+\s*[x×]", line, re.I):
                # "795 Wing Power" is a card name, not 795 copies; "99999 Fluttershy" is a bad quantity.
                oversized, qty, name, given = qty, 1, line, False
        else:
            t = _TRAILING_QTY.search(line)
            if t:
                qty, name, given = int(t.group("n") or t.group("n2")), line[: t.start()].strip(), True
        if re.fullmatch(r"(total|cards?)\b.*", name, re.I) and re.search(r"\d", name):
            continue  # "Total: 45 cards"
        error = "" if 1 <= qty <= MAX_QTY else f"the quantity {qty} is not between 1 and {MAX_QTY}"
        number = ""
        n = _NUMBER_SUFFIX.search(name)
        if n:  # "3x Rainbow Dash, Hanging Out (CN1)": the set number identifies the card
            number, name = n.group(1), name[: n.start()].strip()
        lines.append(DeckLine(qty=qty, name=name, section=section, line_no=no, raw=raw.strip(), qty_given=given,
                              error=error, number=number, oversized_qty=oversized))
    return lines


def parse_o8d(text: str) -> tuple[list[DeckLine], dict]:
    """An OCTGN deck: ``<deck game=...><section name=...><card qty= id=>Name</card>``."""
    try:
        root = SafeET.fromstring(text.encode("utf-8"), forbid_dtd=True, forbid_entities=True, forbid_external=True)
    except DefusedXmlException as exc:
        raise DeckInputError(f"the .o8d file was refused: it declares a DTD or entities ({type(exc).__name__}), "
                             "which deck files never need") from None
    except ParseError as exc:
        raise DeckInputError(f"the .o8d file is not well-formed XML ({exc})") from None
    if root.tag != "deck":
        raise DeckInputError(f"not an OCTGN deck: the root element is <{root.tag}>, not <deck>")
    lines: list[DeckLine] = []
    no = 0
    for sec in root.iter("section"):
        section = section_key(sec.get("name", "")) or "other"
        for card in sec.iter("card"):
            no += 1
            name = " ".join((card.text or "").split())
            qty_text = (card.get("qty") or "1").strip()
            error = ""
            try:
                qty = int(qty_text)
            except ValueError:
                qty, error = 0, f"the quantity {qty_text!r} is not a number"
            if not error and not 1 <= qty <= MAX_QTY:
                error = f"the quantity {qty} is not between 1 and {MAX_QTY}"
            lines.append(DeckLine(
                qty=qty, name=name[:MAX_NAME_LENGTH], guid=(card.get("id") or "").strip()[:64], section=section,
                line_no=no, raw=f'{sec.get("name", "")}: {qty_text} {name}'[:200], error=error,
            ))
    return lines, {"game_id": root.get("game", "")}


def parse_json(text: str) -> list[DeckLine]:
    try:
        payload = json.loads(text)
    except json.JSONDecodeError as exc:
        raise DeckInputError(f"malformed JSON: {exc}") from None
    return entries_to_lines(payload)


def entries_to_lines(payload) -> list[DeckLine]:
    """JSON entries: ``[{"card": guid | number | name, "qty": n, "section": "..."}]`` (or ``{"cards": [...]}``)."""
    if isinstance(payload, dict):
        payload = payload.get("cards", payload.get("entries"))
    if not isinstance(payload, list):
        raise DeckInputError('JSON decklists are a list of {"card": ..., "qty": n, "section": ...}')
    if len(payload) > MAX_LINES:
        raise DeckInputError(f"the decklist has {len(payload)} entries; at most {MAX_LINES} are accepted")
    lines = []
    for no, item in enumerate(payload, start=1):
        if not isinstance(item, dict) or not isinstance(item.get("card"), str) or not item["card"].strip():
            raise DeckInputError(f'entry {no}: each entry needs "card" (a GUID, set number or name)')
        qty = item.get("qty", 1)
        error = ""
        if isinstance(qty, bool) or not isinstance(qty, int):
            qty, error = 0, f"the quantity {item.get('qty')!r} is not a whole number"
        elif not 1 <= qty <= MAX_QTY:
            error = f"the quantity {qty} is not between 1 and {MAX_QTY}"
        section = item.get("section") or ""
        card = item["card"].strip()[:MAX_NAME_LENGTH]
        lines.append(DeckLine(
            qty=qty, name=card, section=section_key(str(section)) if section else "", line_no=no,
            raw=f"{item.get('qty', 1)} {card}", error=error,
        ))
    return lines
