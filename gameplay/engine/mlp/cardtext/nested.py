"""The grammar is recursive: a sentence's parts are sentences ("you may X. If you do, Y" parses X and Y
as whole effect sentences).  The template modules parse such a part with ``parse_effects`` here, which
hands it to the whole effect grammar (``effects.parse_effects``, set once as the package loads); so the
template modules import no module above them and the imports have no cycle."""
from __future__ import annotations

from collections.abc import Callable

_GRAMMAR: list[Callable[[str], list[dict] | None]] = []


def set_effect_grammar(parse: Callable[[str], list[dict] | None]) -> None:
    """Install the whole effect grammar (once: a second one is refused, as in registry.Registry)."""
    if _GRAMMAR and _GRAMMAR[0] is not parse:
        raise ValueError("the effect grammar is already set")
    _GRAMMAR[:] = [parse]


def parse_effects(text: str) -> list[dict] | None:
    """A sentence of instructions -> list of effects, or None if not understood (the whole grammar)."""
    return _GRAMMAR[0](text)
