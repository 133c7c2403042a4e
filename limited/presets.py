"""The floor rules' table of recommended limited formats ("My Little Pony CCG Limited Play"), as data."""
from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class LimitedPreset:
    key: str
    name: str
    kind: str  # sealed | booster_draft
    packs: tuple[str, ...]


PRESETS = (
    # Recommended Sealed Deck Format
    LimitedPreset("odyssey-sealed", "Odyssey block sealed: 3 Equestrian Odysseys, 2 High Magic, 3 Marks in Time",
                  "sealed", ("EO", "EO", "EO", "HM", "HM", "MT", "MT", "MT")),
    LimitedPreset("premiere-sealed", "Premiere block sealed: 2 Premiere, 2 Canterlot Nights, 2 Crystal Games, 2 Absolute Discord",
                  "sealed", ("PR", "PR", "CN", "CN", "CG", "CG", "AD", "AD")),
    # Recommended Booster Draft Format (in the table's order, most recent set first)
    LimitedPreset("odyssey-draft", "Odyssey block draft: 2 Marks in Time, 1 High Magic, 1 Equestrian Odysseys",
                  "booster_draft", ("MT", "MT", "HM", "EO")),
    LimitedPreset("premiere-draft", "Premiere block draft: Absolute Discord, Crystal Games, Canterlot Nights, Premiere",
                  "booster_draft", ("AD", "CG", "CN", "PR")),
)
PACKS_PER_KIND = {"sealed": 8, "booster_draft": 4}  # Sealed Deck Format: 8 packs; Booster Draft Format: 4


def preset(key: str) -> LimitedPreset | None:
    return next((p for p in PRESETS if p.key == key), None)
