"""Who may do what in an event: role look-ups used by every app's permission checks.

Roles are per event (``EventRole``); the event's ``organiser`` is always an organiser. Staff users
(Django admin) are not implicitly judges: a write needs the role.
"""
from __future__ import annotations

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser

from tournaments.models import Event, EventRole

Role = EventRole.Role


def event_roles(event: Event, user: AbstractBaseUser | AnonymousUser | None) -> set[str]:
    if user is None or not user.is_authenticated:
        return set()
    # Only roles the person accepted count; a judge named by the organiser holds nothing until then.
    roles = set(EventRole.objects.filter(event=event, user=user, accepted_at__isnull=False).values_list("role", flat=True))
    if event.organiser_id == user.pk:
        roles.add(Role.ORGANISER)
    return roles


def pending_roles(event: Event, user) -> set[str]:
    """Roles the organiser named ``user`` to that ``user`` has not accepted yet."""
    if user is None or not user.is_authenticated:
        return set()
    return set(EventRole.objects.filter(event=event, user=user, accepted_at__isnull=True).values_list("role", flat=True))


ORGANISERS_GROUP = "Organisers"


def may_organise(user) -> bool:
    """Creating events is for organisers (the "Organisers" group, granted by staff) and staff."""
    if user is None or not user.is_authenticated:
        return False
    return user.is_staff or user.groups.filter(name=ORGANISERS_GROUP).exists()


def is_organiser(event: Event, user) -> bool:
    return Role.ORGANISER in event_roles(event, user)


def is_head_judge(event: Event, user) -> bool:
    return Role.HEAD_JUDGE in event_roles(event, user)


def is_judge(event: Event, user) -> bool:
    """Head judge or floor judge."""
    return bool(event_roles(event, user) & {Role.HEAD_JUDGE, Role.FLOOR_JUDGE})


def is_event_staff(event: Event, user) -> bool:
    """Organiser, head judge or floor judge: may see every decklist and the judges' tools."""
    return bool(event_roles(event, user) & {Role.ORGANISER, Role.HEAD_JUDGE, Role.FLOOR_JUDGE})
