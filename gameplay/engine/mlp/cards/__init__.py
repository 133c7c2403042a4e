"""Per-card definitions for irregular texts, keyed by collector number.

Each module ``<set>.py`` exports ``CARDS = {"PR10": {"front": [ability, ...]}, ...}`` in the same
ability format cardtext/ produces; these take precedence over the text parser.
"""
from __future__ import annotations

from . import absolute_discord, defenders, premiere, promos

DEFINITIONS: dict[str, dict] = {}
for _m in (premiere, promos, absolute_discord, defenders):
    DEFINITIONS.update(_m.CARDS)
