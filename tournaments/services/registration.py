"""Players entering and leaving an event: eligibility (Player Eligibility), registration and the waiting
list, check-in, late entry, withdrawing before the start and dropping after it (Conceding and Dropping).
"""
from __future__ import annotations

from django.db import transaction
from django.db.models import Q
from django.utils import timezone

from tournaments import roles
from tournaments.broadcast import broadcast_event
from tournaments.models import Event, EventRole, Match, Qualification, Registration, Round, Suspension
from tournaments.services.common import (
    EventError,
    NotPermitted,
    audit,
    current_round,
    lock_event,
    lock_match,
    require_role,
    set_status,
)
from tournaments.services.matches import match_finalise
from tournaments.tiers import tier_rules


def registration_eligibility_errors(*, event: Event, player) -> list[str]:
    """Why ``player`` may not play in ``event`` (empty list: eligible)."""
    errors = []
    now = timezone.now()
    if Suspension.objects.filter(user=player).filter(Q(until__isnull=True) | Q(until__gt=now)).exists():
        errors.append("You are on the suspension list (Player Eligibility: suspended players are not eligible).")
    rules = tier_rules(event.tier)
    staff = roles.event_roles(event, player) & {EventRole.Role.ORGANISER, EventRole.Role.HEAD_JUDGE, EventRole.Role.FLOOR_JUDGE}
    if staff and not rules.staff_may_play:
        errors.append(
            f"The organiser, head judge and judges may not play in a Tier {event.tier} event "
            f"(Tier {event.tier} Rules, Player Eligibility)."
        )
    if rules.qualification_required and not Qualification.objects.filter(event=event, user=player).exists():
        errors.append("Only qualified players may play in a Tier 3 event (Tier 3 Rules, Player Eligibility).")
    return errors


def _active_count(event: Event) -> int:
    return Registration.objects.filter(event=event, status__in=Registration.ACTIVE).count()


def registration_create(*, event: Event, player, by=None) -> Registration:
    """Register ``player`` (themselves, or by the organiser). Full events put them on the waiting list."""
    by = by or player
    if by != player:
        require_role(event, by, [EventRole.Role.ORGANISER], "register another player")
    if not getattr(player, "is_authenticated", False):
        raise NotPermitted("Log in to register.")
    with transaction.atomic():
        event = lock_event(event)
        if event.status not in (Event.Status.REGISTRATION_OPEN, Event.Status.CHECK_IN):
            raise EventError(f"Registration is not open ({event.get_status_display()}); late entry is up to the organiser.")
        errors = registration_eligibility_errors(event=event, player=player)
        if errors:
            raise EventError(" ".join(errors))
        full = event.capacity is not None and _active_count(event) >= event.capacity
        status = Registration.Status.WAITLISTED if full else Registration.Status.REGISTERED
        reg = Registration.all_objects.filter(event=event, player=player).first()
        if reg is None:
            reg = Registration.objects.create(event=event, player=player, status=status)
        elif reg.deleted_at is not None:
            # Deleted by the organiser (never paired): registering again brings the entry back.
            reg.deleted_at, reg.status = None, status
            reg.save(update_fields=["deleted_at", "status"])
        elif reg.status == Registration.Status.WITHDRAWN:
            set_status(reg, status)
        else:
            raise EventError(f"You are already {reg.get_status_display()}.")
        broadcast_event(slug=event.slug, kind="registration", data={"count": _active_count(event)})
    return reg


def _waitlist_promote(event: Event) -> list[Registration]:
    promoted = []
    while event.capacity is None or _active_count(event) < event.capacity:
        nxt = Registration.objects.filter(event=event, status=Registration.Status.WAITLISTED).order_by("created_at", "id").first()
        if nxt is None:
            break
        set_status(nxt, Registration.Status.REGISTERED)
        promoted.append(nxt)
    return promoted


def registration_withdraw(*, registration: Registration, by) -> Registration:
    """Leave before the event starts; the first player on the waiting list takes the place."""
    event = registration.event
    if by != registration.player:
        require_role(event, by, [EventRole.Role.ORGANISER], "withdraw another player")
    with transaction.atomic():
        event = lock_event(event)
        if event.status not in (Event.Status.DRAFT, Event.Status.REGISTRATION_OPEN, Event.Status.CHECK_IN):
            raise EventError("The event has started: drop instead.")
        reg = Registration.objects.select_for_update(no_key=True).get(pk=registration.pk)
        set_status(reg, Registration.Status.WITHDRAWN)
        _waitlist_promote(event)
        broadcast_event(slug=event.slug, kind="registration", data={"count": _active_count(event)})
    return reg


def registration_check_in(*, registration: Registration, by) -> Registration:
    event = Event.objects.get(pk=registration.event_id)
    if by != registration.player:
        require_role(event, by, [EventRole.Role.ORGANISER, EventRole.Role.HEAD_JUDGE, EventRole.Role.FLOOR_JUDGE], "check in another player")
    if event.status != Event.Status.CHECK_IN:
        raise EventError("Check-in is not open.")
    with transaction.atomic():
        reg = Registration.objects.select_for_update(no_key=True).get(pk=registration.pk)
        if reg.status == Registration.Status.WAITLISTED:
            raise EventError("You are on the waiting list; you will be moved up when a place frees.")
        set_status(reg, Registration.Status.CHECKED_IN)
        reg.checked_in_at = timezone.now()
        reg.save(update_fields=["checked_in_at"])
    return reg


def registration_add_late(*, event: Event, by, player, policy: str = Registration.LatePolicy.LOSSES) -> Registration:
    """Late entry after the start: the organiser chooses what the player gets for the rounds missed
    (a loss or a bye for each). They are paired from the next round on (what-users-need 2)."""
    require_role(event, by, [EventRole.Role.ORGANISER], "add a late entry")
    if policy not in Registration.LatePolicy.values:
        raise EventError(f"Late-entry policy must be one of {', '.join(Registration.LatePolicy.values)}.")
    with transaction.atomic():
        event = lock_event(event)
        if event.status != Event.Status.SWISS:
            raise EventError("Late entry is possible during the Swiss rounds; before the start players register normally.")
        errors = registration_eligibility_errors(event=event, player=player)
        if errors:
            raise EventError(" ".join(errors))
        # Rounds already paired are missed; a round still being paired will include the new player.
        missed = Round.objects.filter(event=event, kind=Round.Kind.SWISS).exclude(status=Round.Status.PENDING).count()
        reg, created = Registration.all_objects.get_or_create(event=event, player=player, defaults={"status": Registration.Status.CHECKED_IN})
        if reg.deleted_at is not None:
            Registration.all_objects.filter(pk=reg.pk).update(deleted_at=None, status=Registration.Status.CHECKED_IN)
            reg.refresh_from_db()
        elif not created:
            if reg.status not in (Registration.Status.WITHDRAWN, Registration.Status.NO_SHOW, Registration.Status.WAITLISTED):
                raise EventError(f"{player} is already {reg.get_status_display()}.")
            Registration.objects.filter(pk=reg.pk).update(status=Registration.Status.CHECKED_IN)
            reg.refresh_from_db()
        reg.late_missed_rounds = missed
        reg.late_policy = policy
        reg.checked_in_at = timezone.now()
        reg.save(update_fields=["late_missed_rounds", "late_policy", "checked_in_at"])
        audit(event=event, actor=by, action="late_entry", target=reg.name, data={"missed_rounds": missed, "policy": policy})
    return reg


def registration_drop(*, registration: Registration, by) -> Registration:
    """A player may drop at any time (Conceding and Dropping). After the round is paired, dropping
    concedes that round; a dropped player is never paired again. Before the start it is a withdrawal."""
    event = Event.objects.get(pk=registration.event_id)
    if by != registration.player:
        require_role(event, by, [EventRole.Role.ORGANISER, EventRole.Role.HEAD_JUDGE], "drop another player")
    if event.status in (Event.Status.DRAFT, Event.Status.REGISTRATION_OPEN, Event.Status.CHECK_IN):
        return registration_withdraw(registration=registration, by=by)
    with transaction.atomic():
        reg = Registration.objects.select_for_update(no_key=True).get(pk=registration.pk)
        if reg.status in (Registration.Status.DROPPED, Registration.Status.DISQUALIFIED):
            return reg
        if reg.status != Registration.Status.CHECKED_IN:
            raise EventError(f"{reg.name} is not playing ({reg.get_status_display()}).")
        concede_current(reg, source="drop", by=by)
        set_status(reg, Registration.Status.DROPPED)
        current = current_round(event)
        reg.dropped_at = timezone.now()
        reg.dropped_after_round = current.number if current else 0
        reg.save(update_fields=["dropped_at", "dropped_after_round"])
        audit(event=event, actor=by, action="drop", target=reg.name)
        broadcast_event(slug=event.slug, kind="standings", data={})
    return reg


def player_match(reg: Registration) -> Match | None:
    """The registration's match in the event's latest round."""
    current = current_round(reg.event)
    if current is None:
        return None
    return Match.objects.filter(round=current).filter(Q(player_a=reg) | Q(player_b=reg)).first()


def concede_current(reg: Registration, *, source: str, by) -> Match | None:
    m = player_match(reg)
    if m is None or m.is_bye or m.round.status != Round.Status.RUNNING:
        return None
    m = lock_match(m)
    if m.status == Match.Status.FINAL:
        return m
    side = m.side_of(reg.id)
    match_finalise(m, result="b" if side == "a" else "a", source=source, by=by)
    return m
