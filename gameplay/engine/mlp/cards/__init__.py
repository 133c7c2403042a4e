"""Per-card definitions for irregular texts, keyed by collector number.

Each module ``<set>.py`` exports ``CARDS = {"PR10": {"front": [ability, ...]}, ...}`` in the same
ability format cardtext/ produces; these take precedence over the text parser.
"""
from __future__ import annotations

from . import celestial_solstice, premiere, promos, villain_challenge

DEFINITIONS: dict[str, dict] = {}
for _m in (premiere, promos, villain_challenge, celestial_solstice):
    DEFINITIONS.update(_m.CARDS)
