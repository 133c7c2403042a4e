"""Card definitions for the engine, built from the shared OCTGN parser (decks.sources.octgn_xml).

A ``CardDef`` is immutable rules-level information (cost, play requirement, power, colors,
keywords, Problem requirements, ...) plus the compiled abilities of its text (see cardtext.py).
Card definitions are *not* stored in the game state: the state references them by key (the OCTGN
GUID), so the state stays small and JSON-serialisable.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any, Iterable

from decks.sources.octgn_xml import COLORS as COLOR_NAMES
from decks.sources.octgn_xml import INFINITE_POWER, CardFace, CardRecord, parse_directory
_KW_RE = re.compile(r"^([A-Za-z ]+?)(?: (\d+))?$")


def parse_keywords(raw: Iterable[str]) -> dict[str, int]:
    """"Competitive 2" -> {"Competitive": 2}; keywords without X map to 1."""
    out: dict[str, int] = {}
    for k in raw:
        m = _KW_RE.match(k.strip().rstrip("."))
        if not m:
            continue
        out[m.group(1)] = int(m.group(2)) if m.group(2) else 1
    return out


@dataclass(frozen=True)
class FaceDef:
    type: str
    title: str
    subtitle: str
    colors: tuple[str, ...]
    power: int | None
    cost: int | None
    play_requirements: tuple[tuple[str, int], ...]
    traits: tuple[str, ...]
    keywords: dict[str, int]
    text: str
    bonus: int | None
    home_limit: int | None
    problem_requirements: tuple[tuple[str, int], ...]
    problem_opponent_power: int | None

    @property
    def name(self) -> str:
        return f"{self.title}, {self.subtitle}" if self.subtitle else self.title

    @property
    def unique(self) -> bool:
        return "Unique" in self.traits

    @property
    def epic(self) -> bool:
        return "Epic" in self.traits or "Epic" in self.keywords

    @property
    def dilemma(self) -> bool:
        return "Dilemma" in self.traits


@dataclass(frozen=True, eq=False)
class CardDef:
    key: str  # OCTGN GUID
    number: str
    set_name: str
    front: FaceDef
    boosted: FaceDef | None
    # compiled text (filled by cardtext.compile_card): per face, list of ability dicts
    abilities: dict[str, tuple[dict[str, Any], ...]] = field(default_factory=dict, compare=False)
    automated: bool = True
    unautomated_lines: tuple[str, ...] = ()

    @property
    def type(self) -> str:
        return self.front.type

    @property
    def name(self) -> str:
        return self.front.name

    def face(self, boosted: bool = False) -> FaceDef:
        return self.boosted if (boosted and self.boosted is not None) else self.front


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
    from .cardtext import compile_card

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


INFINITE = INFINITE_POWER
