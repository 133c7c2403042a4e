"""The room's clocks: organisers' timer presets (phases, ``tournaments.clock``), applying one to a round,
and pausing every clock of an event at once (announcements, a fire alarm) and resuming them.

Pausing stops the deadlines from acting (``deadlines.deadline_process`` skips a paused event's);
resuming moves the running round, its matches' end-of-match limits and every pending deadline later
by exactly the time the room was paused, so no player loses a second.
"""
from __future__ import annotations

from datetime import datetime, timedelta

from django.db import transaction
from django.utils import timezone

from tournaments.broadcast import broadcast_event
from tournaments.clock import PhaseError, phase_dict, phases_parse
from tournaments.models import Deadline, Event, EventRole, Match, Round, TimerPreset
from tournaments.services.common import EventError, NotPermitted, audit, deadline_set, lock_event, require_role

CLOCK_STAFF = [EventRole.Role.ORGANISER, EventRole.Role.HEAD_JUDGE]


def timer_preset_save(*, by, name: str, phases: list, preset: TimerPreset | None = None) -> TimerPreset:
    """Create or change one of the organiser's timer presets (phases are checked by ``phases_parse``)."""
    if not getattr(by, "is_authenticated", False):
        raise NotPermitted("Log in to keep timer presets.")
    name = name.strip()[:80]
    if not name:
        raise EventError("Give the timer a name, e.g. \"Swiss 35 + 5\".")
    try:
        clean = [phase_dict(p) for p in phases_parse(phases)]
    except PhaseError as exc:
        raise EventError(str(exc)) from exc
    if preset is not None and preset.owner_id != by.pk:
        raise NotPermitted("You can only change your own timer presets.")
    clash = TimerPreset.objects.filter(owner=by, name__iexact=name).exclude(pk=preset.pk if preset else None)
    if clash.exists():
        raise EventError(f"You already have a timer called {name!r}.")
    if preset is None:
        return TimerPreset.objects.create(owner=by, name=name, phases=clean)
    preset.name, preset.phases = name, clean
    preset.save(update_fields=["name", "phases"])
    return preset


def timer_preset_delete(*, by, preset: TimerPreset) -> None:
    if preset.owner_id != by.pk:
        raise NotPermitted("You can only delete your own timer presets.")
    preset.delete()


def event_pause_clocks(*, event: Event, by, reason: str = "", now: datetime | None = None) -> Event:
    """Pause every clock in the room; deadlines wait until the clocks resume."""
    require_role(event, by, CLOCK_STAFF, "pause the clocks")
    now = now or timezone.now()
    with transaction.atomic():
        event = lock_event(event)
        if event.clocks_paused_at is not None:
            return event  # already paused: a second tap changes nothing
        if not Round.objects.filter(event=event, status=Round.Status.RUNNING).exists():
            raise EventError("No round is running: there is no clock to pause.")
        event.clocks_paused_at = now
        event.save(update_fields=["clocks_paused_at"])
        audit(event=event, actor=by, action="pause_clocks", reason=reason)
        broadcast_event(slug=event.slug, kind="clock", data={"paused_at": now.isoformat()})
    return event


def event_resume_clocks(*, event: Event, by, now: datetime | None = None) -> Event:
    """Resume the clocks: the running round, end-of-match limits and pending deadlines move later by
    the paused time."""
    require_role(event, by, CLOCK_STAFF, "resume the clocks")
    now = now or timezone.now()
    with transaction.atomic():
        event = lock_event(event)
        if event.clocks_paused_at is None:
            return event
        paused_for = max(now - event.clocks_paused_at, timedelta(0))
        _clocks_shift(event, paused_for)
        event.clocks_paused_at = None
        event.save(update_fields=["clocks_paused_at"])
        audit(event=event, actor=by, action="resume_clocks", data={"paused_seconds": int(paused_for.total_seconds())})
        broadcast_event(slug=event.slug, kind="clock", data={"paused_at": None})
    return event


def _clocks_shift(event: Event, by: timedelta) -> None:
    # The lock order (tournaments/services/common.py, "Lock order"): the running rounds' matches, then the
    # rounds, then the deadlines — as a match's last result takes its match, then completes the round.
    running = Round.objects.filter(event=event, status=Round.Status.RUNNING)
    matches = list(Match.objects.select_for_update(of=("self",)).filter(round__in=running).order_by("id"))
    for rnd in Round.objects.select_for_update().filter(pk__in=[r.pk for r in running], status=Round.Status.RUNNING):
        rnd.starts_at = rnd.starts_at + by if rnd.starts_at else None
        rnd.ends_at = rnd.ends_at + by if rnd.ends_at else None
        rnd.save(update_fields=["starts_at", "ends_at"])
    for m in matches:
        if m.eom_stop_at is not None and m.status != Match.Status.FINAL:
            m.eom_stop_at += by
            m.save(update_fields=["eom_stop_at"])
    for deadline in Deadline.objects.filter(event=event, processed_at__isnull=True):
        deadline_set(event=event, kind=deadline.kind, target_id=deadline.target_id, due_at=deadline.due_at + by)


def round_phases_for(*, event: Event, preset: TimerPreset | None, minutes: int | None) -> list[dict]:
    """The phases a new round's clock runs: the chosen preset's, or one "Play" phase of the round's minutes."""
    if preset is not None:
        return [dict(p) for p in preset.phases]
    return [{"name": "Play", "minutes": minutes, "match_time": True}] if minutes else []
