"""Card definitions for the engine, built from the shared OCTGN parser (decks.sources.octgn_xml).

A ``CardDef`` is immutable rules-level information (cost, play requirement, power, colors,
keywords, Problem requirements, ...) plus the compiled abilities of its text (see cardtext/).
Card definitions are *not* stored in the game state: the state references them by key (the OCTGN
GUID), so the state stays small and JSON-serialisable.
"""
from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import Iterable

from decks.sources.octgn_xml import CardFace, CardRecord, parse_directory

from .carddefs import CardDef, FaceDef, parse_keywords
from .cardtext import compile_card
from .constants import COLOR_NAMES

__all__ = ["CardDB", "CardDef", "FaceDef", "card_from_record"]


def _face(f: CardFace) -> FaceDef:
    return FaceDef(
        type=f.type,
        title=f.title,
        subtitle=f.subtitle,
        colors=tuple(c for c in f.colors if c in COLOR_NAMES),
        power=f.power,
        cost=f.cost,
        play_requirements=tuple((r.color, r.amount) for r in f.play_requirements),
        traits=tuple(f.traits),
        keywords=parse_keywords(f.keywords),
        text=f.text or "",
        bonus=f.bonus,
        home_limit=f.home_limit,
        problem_requirements=tuple((r.color, r.amount) for r in f.problem_requirements),
        problem_opponent_power=f.problem_opponent_power,
    )


def card_from_record(rec: CardRecord) -> CardDef:
    front = _face(rec.front)  # the parser already fixed the data quirks (SB132, EO203)
    boosted = _face(rec.boosted) if rec.boosted is not None else None
    card = CardDef(key=rec.guid, number=rec.number, set_name=rec.set_name, front=front, boosted=boosted)
    return compile_card(card)


class CardDB:
    """All card definitions by key, with lookups by number and name."""

    def __init__(self, cards: Iterable[CardDef]) -> None:
        self.cards: dict[str, CardDef] = {}
        self.by_number: dict[str, list[CardDef]] = {}
        for c in cards:
            self.cards[c.key] = c
            self.by_number.setdefault(c.number, []).append(c)
        self.sets: dict[str, list[CardDef]] = {}
        for c in self.cards.values():
            self.sets.setdefault(c.set_name, []).append(c)

    def __getitem__(self, key: str) -> CardDef:
        return self.cards[key]

    def __contains__(self, key: str) -> bool:
        return key in self.cards

    def __len__(self) -> int:
        return len(self.cards)

    def number(self, number: str) -> CardDef:
        """The card with collector number ``number`` (first printing if numbers repeat)."""
        return self.by_number[number][0]

    def key(self, number_or_key: str) -> str:
        if number_or_key in self.cards:
            return number_or_key
        return self.number(number_or_key).key

    @classmethod
    def from_directory(cls, directory: str | Path) -> "CardDB":
        return _load(str(Path(directory).resolve()))

    @classmethod
    def from_records(cls, records: Iterable[CardRecord]) -> "CardDB":
        return cls(card_from_record(r) for r in records)


@lru_cache(maxsize=4)
def _load(directory: str) -> CardDB:
    recs: list[CardRecord] = []
    for s in parse_directory(directory):
        recs.extend(s.cards)
    return CardDB.from_records(recs)

