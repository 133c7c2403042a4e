"""Neopets Battledome card definitions, read from the project's card format
(``docs/neopets-card-format.md``): one record per card, the same records the importer reads.

There is no public Neopets Battledome card database; ``decks/data/neopets-demo.json`` holds the
project's demo set ("Demo ..." names, marked demo).  A card's behaviour is its ``effects`` list in
the declarative vocabulary of ``effects.py``; a card without ``effects`` (the field absent) is not
automated and its text is played through ``manual_effect``.
"""
from __future__ import annotations

import json
from functools import lru_cache
from pathlib import Path
from typing import Any, Iterable

from .carddefs import CARD_TYPES, LEGACY_TYPES, STATS, CardDef
from .effects import validate_abilities
from .errors import CardDataError

DEMO_FILE = Path(__file__).resolve().parents[3] / "decks" / "data" / "neopets-demo.json"


def _int(rec: dict, key: str) -> int | None:
    v = rec.get(key)
    if v is None or v == "":
        return None
    try:
        return int(v)
    except (TypeError, ValueError):
        raise CardDataError(f"{rec.get('name', '?')}: {key} is {v!r}, not a number") from None


def card_from_record(rec: dict[str, Any]) -> CardDef:
    """One record of the card format -> CardDef (effects are validated against the vocabulary)."""
    name = str(rec.get("name") or "").strip()
    key = str(rec.get("id") or "").strip()
    if not name or not key:
        raise CardDataError("every card needs an id and a name")
    ctype = LEGACY_TYPES.get(str(rec.get("type") or "").strip(), str(rec.get("type") or "").strip())
    if ctype not in CARD_TYPES:
        raise CardDataError(f"{name}: unknown card type {ctype!r}")
    stats = {s: v for s in STATS if (v := _int(rec, s)) is not None}
    effects = rec.get("effects")
    if isinstance(effects, str):
        effects = json.loads(effects) if effects.strip() else None
    if effects is not None:
        validate_abilities(effects, card=name)
    traits = rec.get("traits") or ()
    if isinstance(traits, str):
        traits = [t.strip() for t in traits.split(";") if t.strip()]
    return CardDef(
        key=key, name=name, type=ctype, number=str(rec.get("number") or ""), level=_int(rec, "level_requirement"),
        team=str(rec.get("team_icon") or ""), species=str(rec.get("species") or ""), color=str(rec.get("color") or ""),
        rainbow_pool=str(rec.get("rainbow_pool")).strip().lower() in ("1", "true", "yes"), stats=stats,
        traits=tuple(traits), text=str(rec.get("text") or ""),
        effects=tuple(effects) if effects is not None else None, timing=rec.get("timing"),
        requires_map_pieces=_int(rec, "requires_map_pieces") or 0,
        kinds=frozenset(a["kind"] for a in effects or ()),
    )


class CardDB:
    """All cards of a pool by key (the record's ``id``); names resolve too (decklists by name)."""

    def __init__(self, cards: Iterable[CardDef]) -> None:
        self.cards: dict[str, CardDef] = {}
        self.by_name: dict[str, str] = {}
        for c in cards:
            if c.key in self.cards:
                raise CardDataError(f"two cards with the id {c.key!r}")
            self.cards[c.key] = c
            self.by_name.setdefault(c.name.casefold(), c.key)

    @classmethod
    def from_records(cls, records: Iterable[dict[str, Any]]) -> "CardDB":
        return cls(card_from_record(r) for r in records)

    @classmethod
    def from_file(cls, path: str | Path = DEMO_FILE) -> "CardDB":
        return _cached(str(Path(path).resolve()))

    @classmethod
    def demo(cls) -> "CardDB":
        return cls.from_file(DEMO_FILE)

    def key(self, key_or_name: str) -> str:
        if key_or_name in self.cards:
            return key_or_name
        k = self.by_name.get(str(key_or_name).casefold())
        if k is None:
            raise KeyError(f"unknown Neopets card {key_or_name!r}")
        return k

    def __getitem__(self, key: str) -> CardDef:
        return self.cards[key]

    def __len__(self) -> int:
        return len(self.cards)


@lru_cache(maxsize=8)
def _cached(path: str) -> CardDB:
    payload = json.loads(Path(path).read_text(encoding="utf-8"))
    return CardDB.from_records(payload["cards"] if isinstance(payload, dict) else payload)
