"""Card definitions: the rules-level information of a card (``FaceDef`` per face, ``CardDef`` per
card) and the keyword parser they share.  Imports no other engine module, so both the card
database (carddb.py) and the card-text grammar (cardtext/) can build on it.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any, Iterable

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
