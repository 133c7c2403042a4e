"""The import path ``gameplay.engine.mlp.decks`` of the online-match server: random legal decks and
deck validation live in deckbuild.py (named apart from the ``decks`` Django app)."""
from __future__ import annotations

from .deckbuild import random_deck, validate_deck

__all__ = ["random_deck", "validate_deck"]
