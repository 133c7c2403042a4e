"""Per-card definitions for irregular texts, keyed by collector number.

Each module ``<set>.py`` exports ``CARDS = {"PR10": {"front": [ability, ...]}, ...}`` in the same
ability format cardtext/ produces; these take precedence over the text parser.  Every module of this
package is read (in name order); a collector number defined twice is an error, not a silent override.
"""
from __future__ import annotations

import importlib
import pkgutil

DEFINITIONS: dict[str, dict] = {}
for _info in sorted(pkgutil.iter_modules(__path__), key=lambda i: i.name):
    _cards = importlib.import_module(f"{__name__}.{_info.name}").CARDS
    _twice = DEFINITIONS.keys() & _cards.keys()
    if _twice:
        raise ValueError(f"cards/{_info.name}.py defines {sorted(_twice)} again")
    DEFINITIONS.update(_cards)
