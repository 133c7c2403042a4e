"""The abilities fingerprint: one SHA-256 over every card's compiled abilities (all cards of a pool,
not only those a self-play deck holds), so a change to the card-text grammar or to the per-card
definitions can show that no card compiles differently (``python -m gameplay.engine.mlp fingerprint``).

Each card contributes its key, collector number, whether it is automated, its unautomated lines and
its compiled abilities per face, as canonical JSON (sorted keys, no spaces).  A tuple is written
``{"()": [...]}`` so that turning a tuple into a list (which the interpreter may read differently)
changes the fingerprint too."""
from __future__ import annotations

import hashlib
import json
from typing import Any, Iterator

from .carddb import CardDB, CardDef


def _plain(value: Any) -> Any:
    """``value`` with tuples marked, ready for ``json.dumps``."""
    if isinstance(value, dict):
        return {k: _plain(v) for k, v in value.items()}
    if isinstance(value, tuple):
        return {"()": [_plain(v) for v in value]}
    if isinstance(value, list):
        return [_plain(v) for v in value]
    if isinstance(value, (set, frozenset)):
        return {"{}": sorted((_plain(v) for v in value), key=repr)}
    return value


def card_json(card: CardDef) -> str:
    """The canonical JSON of one card's compiled abilities."""
    doc = {"key": card.key, "number": card.number, "automated": card.automated,
           "unautomated": list(card.unautomated_lines), "abilities": _plain(card.abilities)}
    return json.dumps(doc, sort_keys=True, separators=(",", ":"), ensure_ascii=True)


def per_card(db: CardDB) -> Iterator[tuple[CardDef, str]]:
    """Every card of the pool (by collector number, then key) with its canonical JSON."""
    for card in sorted(db.cards.values(), key=lambda c: (c.number, c.key)):
        yield card, card_json(card)


def abilities_fingerprint(db: CardDB) -> str:
    """SHA-256 (hex) over every card's canonical JSON, one line each."""
    h = hashlib.sha256()
    for _card, text in per_card(db):
        h.update(text.encode())
        h.update(b"\n")
    return h.hexdigest()
