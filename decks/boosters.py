"""Booster packs from the data's own ``<packaging>`` (the OCTGN set files), seeded and reproducible.

Pure Python (no Django): ``BoosterSpec.from_packaging`` reads a set's packaging as the importer stored it
(``CardSet.packaging``), ``open_pack`` draws one pack from the set's cards with a ``random.Random`` the
caller owns. ``pack_rng(seed, player, index)`` is the one way events seed a pack: the same event seed,
player and pack number always give the same pack, so a judge can regenerate any pool
(``python manage.py open_packs``).

A pack holds its slots in the data's order: fixed picks ("3 Uncommon, 1 Rare, 7 Common") and choices with
probabilities ("one card: Ultra Rare with probability 0.083, otherwise Common"). Cards are drawn without
repeats inside one pack. Sets without a booster in their packaging can't be opened (``NoBooster``).
"""
from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

RARITY_NAMES = {  # 213.3
    "C": "Common", "U": "Uncommon", "R": "Rare", "SR": "Super Rare", "UR": "Ultra Rare", "F": "Fixed", "P": "Promo",
}


class NoBooster(ValueError):
    """The set's data defines no booster pack, so it can't be opened."""


@dataclass(frozen=True, slots=True)
class PackCard:
    """One card as a pack needs it (a plain value; ``decks.selectors.booster_cards`` builds them)."""

    guid: str
    number: str
    name: str
    rarity: str
    type: str
    colors: tuple[str, ...] = ()
    keywords: tuple[str, ...] = ()

    def matches(self, key: str, value: str) -> bool:
        if key == "Rarity":
            return self.rarity == value
        if key == "Type":
            return self.type == value
        if key == "Keywords":
            return value.rstrip(".") in self.keywords
        raise NoBooster(f"a pick by {key!r} is not supported (Rarity, Type or Keywords)")

    def as_dict(self) -> dict:
        return {"guid": self.guid, "number": self.number, "name": self.name, "rarity": self.rarity, "type": self.type,
                "colors": list(self.colors)}


@dataclass(frozen=True, slots=True)
class Pick:
    qty: int
    key: str
    value: str


@dataclass(frozen=True, slots=True)
class Option:
    probability: float
    picks: tuple[Pick, ...]


@dataclass(frozen=True)
class BoosterSpec:
    """A booster of one set: slots in order, each a tuple of one fixed ``Option`` (probability 1) or a
    choice between options whose probabilities sum to 1."""

    set_code: str
    name: str
    slots: tuple[tuple[Option, ...], ...]

    @classmethod
    def from_packaging(cls, *, set_code: str, set_name: str, packaging: Sequence[dict]) -> BoosterSpec:
        """The first pack of the data whose picks are all counted (the data's "show every Mane Character"
        listings have ``qty="unlimited"`` and are not boosters)."""
        for pack in packaging:
            slots = pack.get("slots") or []
            if not slots or not _all_counted(slots):
                continue
            parsed = []
            for slot in slots:
                if "pick" in slot:
                    parsed.append((Option(1.0, (_pick(slot["pick"]),)),))
                else:
                    options = tuple(Option(float(o["probability"]), tuple(_pick(p) for p in o["picks"])) for o in slot["options"])
                    total = sum(o.probability for o in options)
                    if abs(total - 1.0) > 1e-6:
                        raise NoBooster(f"{set_name}: the options of {pack.get('name')!r} add up to {total}, not 1")
                    parsed.append(options)
            return cls(set_code=set_code, name=pack.get("name") or f"{set_name} Booster", slots=tuple(parsed))
        raise NoBooster(f"{set_name} has no booster pack in its data (no <packaging> with counted picks), so it can't be opened")

    @property
    def expected_size(self) -> float:
        return sum(sum(o.probability * sum(p.qty for p in o.picks) for o in slot) for slot in self.slots)

    def expected_rarities(self) -> dict[str, float]:
        """Expected cards of each rarity per pack, straight from the packaging probabilities."""
        out: dict[str, float] = {}
        for slot in self.slots:
            for option in slot:
                for p in option.picks:
                    if p.key == "Rarity":
                        out[p.value] = out.get(p.value, 0.0) + option.probability * p.qty
        return out


def _all_counted(slots: list[dict]) -> bool:
    for slot in slots:
        picks = [slot["pick"]] if "pick" in slot else [p for o in slot.get("options", []) for p in o.get("picks", [])]
        if any(p.get("qty") is None for p in picks):
            return False
    return True


def _pick(data: dict) -> Pick:
    return Pick(int(data["qty"]), str(data["key"]), str(data["value"]))


def pack_rng(seed: int | str, player: int | str, index: int) -> random.Random:
    """The pack's own generator: event seed, player and pack number (0-based). String seeds are hashed
    by ``random`` with SHA-512, so they are the same on every machine and Python version."""
    return random.Random(f"ponyhall-pack/{seed}/{player}/{index}")


def open_pack(spec: BoosterSpec, cards: Sequence[PackCard], rng: random.Random) -> list[PackCard]:
    """Draw one pack: each slot's option by its probability, then its cards without repeats in the pack."""
    taken: set[str] = set()
    pack: list[PackCard] = []
    for slot in spec.slots:
        option = slot[0] if len(slot) == 1 else _choose(slot, rng)
        for p in option.picks:
            candidates = [c for c in cards if c.guid not in taken and c.matches(p.key, p.value)]
            if len(candidates) < p.qty:
                raise NoBooster(f"{spec.name}: the set has {len(candidates)} cards with {p.key} {p.value}; a pack needs {p.qty}")
            for card in rng.sample(candidates, p.qty):
                taken.add(card.guid)
                pack.append(card)
    return pack


def _choose(options: tuple[Option, ...], rng: random.Random) -> Option:
    roll = rng.random()
    acc = 0.0
    for option in options:
        acc += option.probability
        if roll < acc:
            return option
    return options[-1]
