"""A Neopets card's rules-level data (CardDef) and the card types of section 5 (imports no engine module)."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

#: 4.3 / 5.x card types of the Comprehensive Rules 1.2
CARD_TYPES = frozenset({
    "Neopet", "Faerie", "Hero", "Villain", "Paint Brush", "Legend", "Equipment", "Petpet", "Potion", "Food",
    "Location", "Map Piece", "Codestone", "Faction",
})
CHAMPION_TYPES = frozenset({"Faerie", "Hero", "Villain"})  # 5.5a.1
#: the types played from the Inventory during the Preparation Phase as the one card (7.4d.2)
PREPARATION_TYPES = frozenset({"Faerie", "Hero", "Villain", "Paint Brush", "Legend", "Equipment", "Petpet", "Potion",
                               "Location"})
STATS = ("attack", "defence", "agility", "hit_points")  # 5.3a
#: legacy types of the first demo file, read as the rules' types
LEGACY_TYPES = {"Item": "Equipment", "Action": "Legend"}


@dataclass(frozen=True)
class CardDef:
    key: str
    name: str
    type: str
    number: str = ""
    level: int | None = None  # 4.2b.1 / 9.7a: None is "no Level Requirement", not 0
    team: str = ""
    species: str = ""
    color: str = ""  # a painted Neopet's color / the color a Paint Brush paints (5.6c.2)
    rainbow_pool: bool = False
    stats: dict[str, int] = field(default_factory=dict)  # Neopets: printed stats; Codestones: boosts; Petpets
    traits: tuple[str, ...] = ()
    text: str = ""
    effects: tuple[dict[str, Any], ...] | None = None  # None: not automated (manual_effect)
    timing: dict[str, Any] | None = None  # Food: a timing restriction (5.11c.2)
    requires_map_pieces: int = 0  # Location: Map Pieces to have collected to play it (5.13h)
    kinds: frozenset[str] = frozenset()  # the kinds of its abilities (a fast filter for rules.abilities_in_play)

    @property
    def automated(self) -> bool:
        return self.effects is not None

    @property
    def is_champion(self) -> bool:
        return self.type in CHAMPION_TYPES

    @property
    def basic(self) -> bool:
        return self.type == "Neopet" and not self.rainbow_pool  # 5.2b.3

    def stat(self, name: str) -> int:
        return self.stats.get(name, 0)

    def abilities(self, kind: str) -> list[tuple[int, dict[str, Any]]]:
        return [(i, a) for i, a in enumerate(self.effects or ()) if a.get("kind") == kind]
