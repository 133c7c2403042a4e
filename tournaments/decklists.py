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


def decklists_published(event) -> bool:
    from decks.models import DecklistPublication

    return DecklistPublication.objects.filter(event=event).exists()


def decklist_panel(event, player) -> dict | None:
    """What the event page says about a registered player's own list: missing, legal, incorrect or not
    legal, and whether it is required (Tier 2/3 Rules, Deck Lists) and still open for changes."""
    if player is None or not player.is_authenticated:
        return None
    status = deck_services.decklist_status(event, player)
    if not status.submitted:
        state, label = "missing", "missing"
    elif status.legal is False:
        state, label = "illegal", "not legal"
    elif status.penalty_class:
        state, label = "incorrect", "incorrect lines flagged"
    else:
        state, label = "legal", "legal"
    return {"state": state, "label": label, "required": status.required, "locked": status.locked,
            "version": status.version, "pending_change": status.pending_change, "deadline": event.decklist_deadline}
