"""Errors of the Neopets engine's card data."""
from __future__ import annotations


class CardDataError(ValueError):
    """A card record the engine can't use (names the card and the field)."""
