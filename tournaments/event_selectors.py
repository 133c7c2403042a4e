"""What other apps read about an event: which events exist, when its decklists are due, whether it has
started, what its tier requires, who is registered for it and which roles a user holds in it.

The decks app reads events only through these functions (a test checks its imports), so an Event
status, a tier number or a role name is spelled once, here and in ``tournaments.models``. This module
imports nothing outside ``tournaments`` (models, roles, tiers), so any app can import it at module level
without an import cycle (``tournaments.selectors`` reads the decks app for the event page).
"""
from __future__ import annotations

import datetime as dt
from dataclasses import dataclass

from django.contrib.auth import get_user_model
from django.db.models import QuerySet
from django.utils import timezone

from tournaments.models import Event, EventRole, Registration
from tournaments.roles import Role, event_roles, is_event_staff, is_head_judge, is_judge, is_organiser
from tournaments.tiers import tier_rules

__all__ = [
    "EventRolesHeld", "decklist_deadline", "decklists_required", "event_has_started", "events", "is_event_staff",
    "is_head_judge", "is_judge", "is_organiser", "player_is_registered", "registered_players", "roles_held",
]

#: Statuses of an event whose first round has begun (Swiss rounds and everything after them).
STARTED_STATUSES = frozenset({Event.Status.SWISS, Event.Status.ELIMINATION, Event.Status.FINISHED, Event.Status.PUBLISHED})


def events() -> QuerySet[Event]:
    """Events that are not deleted, with the game, format and organiser their pages show."""
    return Event.objects.select_related("format", "game", "organiser")


def decklist_deadline(event: Event) -> dt.datetime:
    """When lists are due: the event's decklist deadline, or else its advertised start (Tier 2/3 Rules,
    Deck Lists: "turned in before the event starts")."""
    return event.decklist_deadline or event.starts_at


def event_has_started(event: Event, *, now: dt.datetime | None = None) -> bool:
    """The event has started once the head judge started its Swiss rounds or its advertised start time
    has come, whichever is first (floor rules, Deck Lists: changes only "before the event starts")."""
    now = now or timezone.now()
    return event.started_at is not None or event.status in STARTED_STATUSES or now >= event.starts_at


def decklists_required(event: Event) -> bool:
    """Tier 2 and 3 events require deck lists; at Tier 1 they are optional (floor rules, Deck Lists)."""
    return tier_rules(event.tier).decklists_required


def player_is_registered(event: Event, user) -> bool:
    """Registered for the event: an active registration (registered or checked in) or a player role."""
    if user is None or not user.is_authenticated:
        return False
    if Registration.objects.filter(event=event, player=user, status__in=Registration.ACTIVE).exists():
        return True
    return EventRole.objects.filter(event=event, user=user, role=Role.PLAYER).exists()


def registered_players(event: Event) -> list:
    """Users registered for the event (active registrations and player roles), by username."""
    ids = set(EventRole.objects.filter(event=event, role=Role.PLAYER).values_list("user_id", flat=True))
    ids |= set(Registration.objects.filter(event=event, status__in=Registration.ACTIVE).values_list("player_id", flat=True))
    return list(get_user_model().objects.filter(pk__in=ids).order_by("username"))


@dataclass(frozen=True)
class EventRolesHeld:
    """The roles a user holds (has accepted) in one event, as the pages branch on them."""

    organiser: bool = False
    head_judge: bool = False
    judge: bool = False  # head judge or floor judge

    @property
    def staff(self) -> bool:
        """Organiser or judge: sees every decklist and the judges' tools."""
        return self.organiser or self.judge


def roles_held(event: Event, user) -> EventRolesHeld:
    """One look-up of ``user``'s roles in ``event`` (nothing for an anonymous user)."""
    have = event_roles(event, user)
    return EventRolesHeld(organiser=Role.ORGANISER in have, head_judge=Role.HEAD_JUDGE in have,
                          judge=bool(have & {Role.HEAD_JUDGE, Role.FLOOR_JUDGE}))
