"""What every event service shares: the errors, the role check, the audit log, status changes, row locks,
the broadcast of a changed match, and storing a deadline.

The other modules of ``tournaments.services`` build on these; nothing here calls back into them.
"""
from __future__ import annotations

from collections.abc import Iterable
from datetime import datetime

from django.contrib.auth.models import AbstractBaseUser
from django.core.exceptions import PermissionDenied

from tournaments import roles
from tournaments.broadcast import broadcast_event
from tournaments.models import AuditEntry, Deadline, Event, IllegalTransition, Match, Round
from tournaments.public_match import match_public
from tournaments.scheduling import schedule_task


User = AbstractBaseUser


class EventError(ValueError):
    """An operation the rules or the event's state do not allow; the message says why."""


class NotPermitted(PermissionDenied):
    """The acting user lacks the role for this operation."""


# --------------------------------------------------------------------------- helpers


def require_role(event: Event, user, allowed: Iterable[str], action: str) -> set[str]:
    have = roles.event_roles(event, user)
    if not have & set(allowed):
        names = " or ".join(a.replace("_", " ") for a in allowed)
        raise NotPermitted(f"Only the {names} may {action}.")
    return have


def audit(*, event: Event, actor, action: str, target: str = "", reason: str = "", data: dict | None = None) -> None:
    AuditEntry.objects.create(
        event=event, actor=actor if getattr(actor, "is_authenticated", False) else None,
        action=action, target=target[:200], reason=reason, data=data or {},
    )


def set_status(obj, new: str) -> bool:
    try:
        return obj.set_status(new)
    except IllegalTransition as exc:
        raise EventError(str(exc)) from exc


# Lock order (the whole project's, with the hosted games' rows in gameplay/services/common.py): every
# writer takes the rows it needs in this order and never waits for an earlier row while it holds a later
# one, so two writers never wait on each other in a cycle (on PostgreSQL one of them would fail):
#
#   1. the Event (registration counts, round creation, pausing and resuming the clocks; FOR NO KEY UPDATE)
#   2. Registration rows (a drop, a penalty; FOR NO KEY UPDATE)
#   3. tournament Match rows (several: by id) — then a hosted match's rows (gameplay)
#   4. the Round (its last result completes it: ``round_maybe_complete``)
#   5. Deadline rows
#
# So resuming the clocks locks the running rounds' matches before the rounds (``_clocks_shift``), as the
# last result of a round holds its match when it completes the round; editing or re-pairing a round
# locks its matches before the round.


def lock_event(event: Event) -> Event:
    # Serialises writes to one event (registration counts, round creation, the clocks). FOR NO KEY UPDATE
    # (an event's id never changes): a row that refers to the event (an audit entry a result writes while
    # it holds a match) takes a KEY SHARE lock on it, which FOR UPDATE would block — a cycle with a holder
    # of the event waiting for that match.
    return Event.objects.select_for_update(no_key=True).get(pk=event.pk)


def lock_match(match: Match) -> Match:
    # The result is read and written in one step: two judges tapping at once must not both win.
    return Match.objects.select_for_update(of=("self",)).select_related(
        "round__event", "player_a__player", "player_b__player"
    ).get(pk=match.pk)


def broadcast_match(m: Match, kind: str = "match") -> None:
    """Tell the event's live pages that ``m`` changed; the data is the match's one public shape."""
    broadcast_event(slug=m.round.event.slug, kind=kind, data=match_public(m))


def current_round(event: Event) -> Round | None:
    return Round.objects.filter(event=event).order_by("-number").first()


# --------------------------------------------------------------------------- deadlines
# Rounds, matches and penalties all store deadlines; acting on them (deadlines.py) needs all of those,
# so storing one lives here, below them.


def deadline_set(*, event: Event, kind: str, target_id: int, due_at: datetime) -> Deadline:
    deadline, created = Deadline.objects.get_or_create(kind=kind, target_id=target_id, defaults={"event": event, "due_at": due_at})
    if not created and deadline.processed_at is None and deadline.due_at != due_at:
        deadline.due_at = due_at
        deadline.save(update_fields=["due_at"])
    if deadline.processed_at is None:
        from tournaments.tasks import process_deadline_task

        # An earlier ETA task for a moved deadline finds it not yet due and returns quietly.
        schedule_task(process_deadline_task, args=[deadline.id], eta=due_at)
    return deadline
