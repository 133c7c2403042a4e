"""Reversible deletes: an event, a player's registration or the latest round is hidden (``deleted_at``)
and can be restored until the event is finished. After that the record is the event's history.

The models' default managers leave deleted rows out, so standings, pairing and the pages never see
them; ``all_objects`` finds them again to restore.
"""
from __future__ import annotations

from django.db import transaction
from django.db.models import Q
from django.utils import timezone

from tournaments.broadcast import broadcast_event
from tournaments.models import Deadline, Event, EventRole, Match, Registration, Round
from tournaments.services.common import EventError, audit, deadline_set, lock_event, require_role

FINISHED = (Event.Status.FINISHED, Event.Status.PUBLISHED)


def _not_finished(event: Event, what: str) -> None:
    if event.status in FINISHED:
        raise EventError(f"The event is {event.get_status_display()}: its {what} are part of its record and cannot be deleted or restored.")


def event_delete(*, event: Event, by, reason: str = "") -> Event:
    """The organiser deletes an event; it disappears from every list and can be restored."""
    require_role(event, by, [EventRole.Role.ORGANISER], "delete the event")
    _not_finished(event, "results")
    with transaction.atomic():
        event = Event.all_objects.select_for_update().get(pk=event.pk)
        if event.deleted_at is None:
            event.deleted_at = timezone.now()
            event.save(update_fields=["deleted_at"])
            audit(event=event, actor=by, action="delete_event", reason=reason)
    return event


def event_restore(*, event: Event, by) -> Event:
    require_role(event, by, [EventRole.Role.ORGANISER], "restore the event")
    _not_finished(event, "results")
    with transaction.atomic():
        event = Event.all_objects.select_for_update().get(pk=event.pk)
        if event.deleted_at is not None:
            event.deleted_at = None
            event.save(update_fields=["deleted_at"])
            audit(event=event, actor=by, action="restore_event")
    return event


def _has_matches(reg: Registration) -> bool:
    return Match.objects.filter(Q(player_a=reg) | Q(player_b=reg), round__deleted_at__isnull=True).exists()


def registration_delete(*, registration: Registration, by, reason: str = "") -> Registration:
    """The organiser removes a player entered by mistake (a typo in bulk entry, a duplicate account).
    A player who has been paired is dropped instead: their matches stay in the standings."""
    event = registration.event
    require_role(event, by, [EventRole.Role.ORGANISER], "delete a player")
    _not_finished(event, "players")
    with transaction.atomic():
        lock_event(event)
        reg = Registration.all_objects.select_for_update().select_related("player").get(pk=registration.pk)
        if _has_matches(reg):
            raise EventError(f"{reg.name} has been paired: drop them instead (Conceding and Dropping) so their matches stay counted.")
        if reg.deleted_at is None:
            reg.deleted_at = timezone.now()
            reg.save(update_fields=["deleted_at"])
            audit(event=event, actor=by, action="delete_player", target=reg.judge_name, reason=reason)
            broadcast_event(slug=event.slug, kind="registration", data={})
    return reg


def registration_restore(*, registration: Registration, by) -> Registration:
    event = registration.event
    require_role(event, by, [EventRole.Role.ORGANISER], "restore a player")
    _not_finished(event, "players")
    with transaction.atomic():
        lock_event(event)
        reg = Registration.all_objects.select_for_update().select_related("player").get(pk=registration.pk)
        if reg.deleted_at is not None:
            reg.deleted_at = None
            reg.save(update_fields=["deleted_at"])
            audit(event=event, actor=by, action="restore_player", target=reg.judge_name)
            broadcast_event(slug=event.slug, kind="registration", data={})
    return reg


def round_delete(*, round: Round, by, reason: str) -> Round:
    """The head judge deletes the latest Swiss round (started by mistake, paired from a wrong roster):
    its pairings and results leave the standings; its clocks stop. Restorable while no other round replaced it."""
    event = round.event
    require_role(event, by, [EventRole.Role.HEAD_JUDGE], "delete a round")
    _not_finished(event, "rounds")
    if not reason.strip():
        raise EventError("Give a reason for deleting the round; it is kept in the audit log.")
    with transaction.atomic():
        event = lock_event(event)
        rnd = Round.all_objects.select_for_update().get(pk=round.pk)
        if rnd.deleted_at is not None:
            return rnd
        if rnd.kind != Round.Kind.SWISS or event.status != Event.Status.SWISS:
            raise EventError("Only Swiss rounds can be deleted; an elimination round is re-paired or corrected instead.")
        if Round.objects.filter(event=event, number__gt=rnd.number).exists():
            raise EventError(f"Round {rnd.number} is not the latest round; delete the later rounds first.")
        ids = list(rnd.matches.values_list("id", flat=True))
        Deadline.objects.filter(processed_at__isnull=True).filter(
            Q(kind=Deadline.Kind.TARDINESS, target_id=rnd.id)
            | Q(kind__in=[Deadline.Kind.MATCH_TIME, Deadline.Kind.END_OF_MATCH_CAP], target_id__in=ids)
        ).delete()
        rnd.deleted_at = timezone.now()
        rnd.save(update_fields=["deleted_at"])
        audit(event=event, actor=by, action="delete_round", target=f"round {rnd.number}", reason=reason, data={"round": rnd.number})
        broadcast_event(slug=event.slug, kind="round", data={"round": rnd.number, "deleted": True})
    return rnd


def round_restore(*, round: Round, by) -> Round:
    """Bring a deleted round back, with its pairings, results and clocks (deadlines that passed meanwhile act at once)."""
    event = round.event
    require_role(event, by, [EventRole.Role.HEAD_JUDGE], "restore a round")
    _not_finished(event, "rounds")
    with transaction.atomic():
        event = lock_event(event)
        rnd = Round.all_objects.select_for_update().get(pk=round.pk)
        if rnd.deleted_at is None:
            return rnd
        if Round.objects.filter(event=event, number__gte=rnd.number).exists():
            raise EventError(f"Round {rnd.number} has been played again since; the deleted one cannot come back.")
        rnd.deleted_at = None
        rnd.save(update_fields=["deleted_at"])
        if rnd.status == Round.Status.RUNNING and rnd.ends_at is not None:
            for m in rnd.matches.filter(status=Match.Status.RUNNING, player_b__isnull=False):
                deadline_set(event=event, kind=Deadline.Kind.MATCH_TIME, target_id=m.id, due_at=m.ends_at)
        audit(event=event, actor=by, action="restore_round", target=f"round {rnd.number}", data={"round": rnd.number})
        broadcast_event(slug=event.slug, kind="round", data={"round": rnd.number, "restored": True})
    return rnd
