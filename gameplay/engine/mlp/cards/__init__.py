"""Per-card definitions for irregular texts, keyed by collector number.

Each module ``<set>.py`` exports ``CARDS = {"PR10": {"front": [ability, ...]}, ...}`` in the same
ability format cardtext/ produces; these take precedence over the text parser.
"""
from __future__ import annotations

from . import defenders_of_equestria, equestrian_odysseys, high_magic, marks_in_time, premiere, promos, sands_in_time

DEFINITIONS: dict[str, dict] = {}
for _m in (premiere, promos, equestrian_odysseys, high_magic, marks_in_time, sands_in_time, defenders_of_equestria):
    DEFINITIONS.update(_m.CARDS)
