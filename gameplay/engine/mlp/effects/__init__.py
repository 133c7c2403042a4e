"""Effects: the vocabulary of effect dicts card texts compile to, and the interpreter that runs them.

- ``vocabulary``: the ops described (``DESCRIPTIONS``); ``registry``: name -> handler, refusing a
  second handler for a name;
- ``interpreter``: the resolution queue and ``EFFECTS`` (op -> handler, every op once);
  ``conditions``: ``IF_CONDITIONS`` (condition -> test; an unknown one raises);
- ``targeting``: the cards / players an effect acts on (705.2f decisions);
- handlers by game concept: ``targeted`` (effects on chosen cards), ``player`` (draw, discard, gain,
  score, search, ...), ``zones`` (decks, hands, discard piles, confront modifiers), ``faceoff``
  (faceoffs and flipped cards), ``choices`` ("you may", "Choose one", per card / player, costs paid
  by effects), ``replacements`` (710, 712.3), ``timed`` (Events and activated abilities) and
  ``triggered`` (triggered abilities).

The package itself imports only the vocabulary, so ``flow`` may import handlers' helpers (``timed``,
``triggered``, ``targeting``) without loading the interpreter, which imports ``flow``."""
from __future__ import annotations

from .vocabulary import DESCRIPTIONS

__all__ = ["DESCRIPTIONS"]
