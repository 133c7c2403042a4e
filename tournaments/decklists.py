"""The decklist facts the event services need, from the decks app's services.

Decklists are keyed by (event, player user). Deck-list penalty classes come from ``decks.services``:
incorrect → Game Warning, invalid → Game Loss (General Rules and Terms, Deck Lists).
"""
from __future__ import annotations

from decks import services as deck_services
from decks.models import Decklist

decklist_required = deck_services.decklist_required
decklist_penalty_class = deck_services.decklist_penalty_class


def decklist_missing(event, player) -> bool:
    """True if the player has no decklist in."""
    return not deck_services.decklist_status(event, player).submitted


def decklist_for(event, player) -> Decklist | None:
    return Decklist.objects.filter(event=event, player=player).first()
