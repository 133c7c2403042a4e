"""Adapter to the decklist services of the decks app (issue 3), with fallbacks while they are absent.

Decklists are keyed by (event, player user). Deck-list penalty classes come from ``decks.services``:
incorrect → Game Warning, invalid → Game Loss (General Rules and Terms, Deck Lists).
"""
from __future__ import annotations

from typing import Any

from tournaments.tiers import tier_rules


def _decks_services():
    try:
        from decks import services
    except ImportError:
        return None
    return services


def decklist_required(event) -> bool:
    services = _decks_services()
    if services is not None and hasattr(services, "decklist_required"):
        return bool(services.decklist_required(event))
    return tier_rules(event.tier).decklists_required


def decklist_missing(event, player) -> bool | None:
    """True if the player has no decklist in, False if they have one, None if unknown (no decks service)."""
    services = _decks_services()
    if services is None or not hasattr(services, "decklist_status"):
        return None
    status = services.decklist_status(event, player)
    if status is None:
        return True
    if isinstance(status, str):
        return status.lower() in {"missing", "none", "not_submitted", "absent", ""}
    if isinstance(status, dict):
        if "submitted" in status:
            return not status["submitted"]
        return str(status.get("status", "")).lower() in {"missing", "none", "not_submitted", "absent", ""}
    for attr in ("submitted", "exists", "is_submitted"):
        if hasattr(status, attr):
            return not getattr(status, attr)
    return None


def decklist_for(event, player) -> Any | None:
    try:
        from decks.models import Decklist  # type: ignore[attr-defined]
    except ImportError:
        return None
    return Decklist.objects.filter(event=event, player=player).order_by("-id").first()


def decklist_penalty_class(decklist) -> str | None:
    """"game_warning", "game_loss" or None (legal and correct), from the decks app's classes."""
    services = _decks_services()
    if services is None or not hasattr(services, "decklist_penalty_class"):
        return None
    cls = services.decklist_penalty_class(decklist)
    if not cls:
        return None
    text = str(getattr(cls, "value", cls)).lower().replace(" ", "_")
    if "loss" in text or "invalid" in text:
        return "game_loss"
    if "warning" in text or "incorrect" in text:
        return "game_warning"
    return None
