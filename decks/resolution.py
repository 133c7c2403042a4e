"""Finding the card each decklist line means, and classifying the line as the floor rules do ("Deck Lists").

Order: exact identity first (GUID, alias GUID, set number, exact full name); then the name forgiving case,
accents, punctuation, trademark marks and "&"/"and"; then the title alone; then fuzzy matching.

- exact: the line names one card completely.
- incorrect (floor rules "Deck Lists", Game Warning): "misspelling a card name ... using nicknames or
  acronyms that uniquely identify a card instead of the full title" — the line still identifies exactly one
  card; it is resolved and flagged.
- invalid (floor rules "Deck Lists", Game Loss): an unknown card, or "omitting a subtitle on a card that is
  not uniquely identified by its title" (Fluttershy has 34 printings).
"""
from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field

from rapidfuzz import fuzz, process

from decks.card_index import CardIndex, CardInfo, clean_name, fold, number_key
from decks.deckparse import MAX_QTY, SECTIONS, DeckLine

EXACT, INCORRECT, INVALID = "exact", "incorrect", "invalid"
FUZZY_ACCEPT = 86  # a fuzzy match at least this close (0-100) ...
FUZZY_MARGIN = 5  # ... and this much closer than any other card name is taken as a typo
FUZZY_SUGGEST = 55
_GUID_RE = re.compile(r"^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$", re.I)
_NUMBER_RE = re.compile(r"^[A-Za-z]{1,4}\s*#?\s*-?[A-Za-z]{0,2}\d{1,3}$")


@dataclass
class ResolvedLine:
    line: DeckLine
    card: CardInfo | None
    status: str  # exact | incorrect | invalid
    how: str = ""  # guid, alias, number, name, folded, title, fuzzy
    message: str = ""
    suggestions: list[CardInfo] = field(default_factory=list)

    def as_dict(self) -> dict:
        return {
            "line": self.line.line_no, "text": self.line.raw, "qty": self.line.qty, "name": self.line.name,
            "status": self.status, "how": self.how, "message": self.message,
            "card": self.card.as_dict() if self.card else None,
            "suggestions": [c.as_dict() for c in self.suggestions],
        }


def _distinct(cards: list[CardInfo]) -> list[CardInfo]:
    """One printing per name (title and subtitle) and type, earliest printing first."""
    seen: dict[tuple[str, str], CardInfo] = {}
    for c in cards:
        seen.setdefault((c.name_key, c.type), c)
    return list(seen.values())


def _narrow(cards: list[CardInfo], section: str) -> list[CardInfo]:
    """Prefer cards of the types the line's section holds (a bare "Fluttershy" under "Mane Character")."""
    types = SECTIONS.get(section)
    if types:
        fitting = [c for c in cards if c.type in types]
        if fitting:
            return fitting
    return cards


LegalFilter = Callable[[CardInfo], bool]
NOT_A_CARD_LINE = 70  # a line with no quantity and no card name at least this close (0-100) is not a card line


def _ambiguous(line: DeckLine, cards: list[CardInfo], what: str, *, where: str = "") -> ResolvedLine:
    names = ", ".join(f"{c.full_name} ({c.number})" for c in cards[:6])
    more = f" and {len(cards) - 6} more" if len(cards) > 6 else ""
    return ResolvedLine(
        line, None, INVALID, what,
        f'"{line.name}" is ambiguous: it matches {len(cards)} different cards{where} ({names}{more}); write the '
        "complete name including the subtitle (floor rules, Deck Lists: omitting a subtitle on a card that is not "
        "uniquely identified by its title makes the list invalid)",
        suggestions=cards[:10],
    )


def _names_a_card(index: CardIndex, name: str) -> bool:
    key = fold(name)
    return bool(index.by_exact_name.get(name) or index.by_folded_name.get(key) or index.by_folded_title.get(key))


def resolve_line(index: CardIndex, line: DeckLine, *, legal: LegalFilter | None = None, format_name: str = "") -> ResolvedLine:
    """The card ``line`` means. ``legal`` (the format's set legality on the event's date) settles a title
    written alone: when only one card with that title is legal in the format, that is the card."""
    if line.error:
        return ResolvedLine(line, None, INVALID, "", line.error)
    name = clean_name(line.name)
    if line.oversized_qty and not _names_a_card(index, name):  # "99999 Fluttershy", but not "795 Wing Power"
        return ResolvedLine(line, None, INVALID, "", f"the quantity {line.oversized_qty} is not "
                            f"between 1 and {MAX_QTY}")
    # 1. identities: the OCTGN GUID (card or commented promo alias), then the name field as a GUID
    for ident in (line.guid, name if _GUID_RE.match(name) else ""):
        if ident:
            info = index.by_guid.get(ident.lower())
            if info is not None:
                return ResolvedLine(line, info, EXACT, "guid")
    if not name:
        return ResolvedLine(line, None, INVALID, "", "no card name")
    # 2. a set number ("PR16", "PR #16", "EO 203"), alone or next to the name ("Yay! (PR130)")
    if line.number:
        cards = _distinct(_narrow(index.by_number.get(number_key(line.number), []), line.section))
        if len(cards) == 1 and (not line.name or fold(line.name) in (cards[0].name_key, fold(cards[0].title))):
            return ResolvedLine(line, cards[0], EXACT, "number")
    if _NUMBER_RE.match(name):
        cards = _distinct(index.by_number.get(number_key(name), []))
        if len(cards) > 1:
            cards = _distinct(_narrow(cards, line.section))
        if len(cards) == 1:
            return ResolvedLine(line, cards[0], EXACT, "number")
        if cards:
            return _ambiguous(line, cards, "number")
    # 3. the exact full name ("Title, Subtitle"), then 4. forgiving case, accents, punctuation and "&"/"and"
    key = fold(name)
    for how, cards in (("name", index.by_exact_name.get(name)), ("folded", index.by_folded_name.get(key))):
        if cards:
            cards = _distinct(_narrow(cards, line.section))
            return ResolvedLine(line, cards[0], EXACT, how)
    # 5. the title alone: fine only when one card has that title
    by_title = index.by_folded_title.get(key)
    if by_title:
        return _resolve_title(line, _distinct(_narrow(by_title, line.section)), legal=legal, format_name=format_name)
    # 6. fuzzy: a typo or a nickname that still points at one card
    return _resolve_fuzzy(index, line, key)


def _resolve_title(line: DeckLine, cards: list[CardInfo], *, legal: LegalFilter | None, format_name: str) -> ResolvedLine:
    """A title written alone (as OCTGN and many players write names): fine when it identifies one card -
    in the whole game, or among the cards legal in the format."""
    where, why = "", "only one card has this title"
    if len(cards) > 1 and legal is not None:
        in_format = [c for c in cards if legal(c)]
        if in_format:
            cards = in_format
            where = f" legal in {format_name or 'this format'}"
            why = f"only one card with this title is legal in {format_name or 'this format'}"
    if len(cards) > 1:
        return _ambiguous(line, cards, "title", where=where)
    card = cards[0]
    return ResolvedLine(
        line, card, INCORRECT, "title",
        f'"{line.name}" leaves out the subtitle; {why}, so it is read as {card.full_name} ({card.number}) '
        "(floor rules, Deck Lists: incorrect deck list, Game Warning)",
        suggestions=[card],
    )


def _resolve_fuzzy(index: CardIndex, line: DeckLine, key: str) -> ResolvedLine:
    found = process.extract(key, index.fuzzy_choices, scorer=fuzz.ratio, limit=12, score_cutoff=FUZZY_SUGGEST)
    if not found:
        found = process.extract(key, index.fuzzy_choices, scorer=fuzz.WRatio, limit=8, score_cutoff=FUZZY_SUGGEST + 15)
    scored: list[tuple[float, list[CardInfo]]] = []
    for _choice, score, i in found:
        cards = _distinct(_narrow(index.fuzzy_cards[i], line.section))
        scored.append((score, cards))
    # prefer choices holding cards of the section's types
    types = SECTIONS.get(line.section)
    if types:
        fitting = [(s, cs) for s, cs in scored if any(c.type in types for c in cs)]
        scored = fitting or scored
    scored.sort(key=lambda t: -t[0])
    suggestions: list[CardInfo] = []
    for _s, cards in scored:
        for c in cards:
            if c not in suggestions:
                suggestions.append(c)
    if scored:
        best, cards = scored[0]
        runner_up = scored[1][0] if len(scored) > 1 else 0
        if best >= FUZZY_ACCEPT and best - runner_up >= FUZZY_MARGIN:
            if len(cards) == 1:
                card = cards[0]
                return ResolvedLine(
                    line, card, INCORRECT, "fuzzy",
                    f'"{line.name}" is not the name of a card; read as {card.full_name} ({card.number}) '
                    "(floor rules, Deck Lists: a misspelt name that still identifies one card makes the list "
                    "incorrect, Game Warning)",
                    suggestions=[card],
                )
            return _ambiguous(line, cards, "fuzzy")
    best_score = scored[0][0] if scored else 0
    if not line.qty_given and best_score < NOT_A_CARD_LINE:  # "hello judges": a note, not a misspelt card
        return ResolvedLine(
            line, None, INVALID, "",
            f'"{line.name}" is not a card line (no quantity, and no card has a name like it); '
            "remove it, or start it with // to keep it as a comment",
        )
    hint = "; did you mean " + " or ".join(f"{c.full_name} ({c.number})" for c in suggestions[:3]) if suggestions else ""
    return ResolvedLine(
        line, None, INVALID, "",
        f'"{line.name}" is not a card of this game{hint}? (floor rules, Deck Lists: listing an incorrect card '
        "makes the list invalid, Game Loss)",
        suggestions=suggestions[:5],
    )


def resolve_lines(index: CardIndex, lines: list[DeckLine], *, legal: LegalFilter | None = None,
                  format_name: str = "") -> list[ResolvedLine]:
    return [resolve_line(index, line, legal=legal, format_name=format_name) for line in lines]
