"""Writes for running an event: lifecycle, registration, rounds, results, clocks, penalties, appeals.

Every service is keyword-only, checks the acting user's role itself (so every edge — web page, REST
API, websocket, management command — is enforced the same way), writes inside a transaction, and
broadcasts or schedules Celery work only after commit. Rule citations are to the MLP floor rules
("General Rules and Terms" onwards) in /shared/rules.
"""
from __future__ import annotations

import random
from collections.abc import Iterable
from datetime import datetime, timedelta
from typing import Any

from django.contrib.auth.models import AbstractBaseUser
from django.core.exceptions import PermissionDenied
from django.db import IntegrityError, transaction
from django.db.models import Q
from django.utils import timezone
from django.utils.text import slugify

from tournaments import roles
from tournaments.broadcast import broadcast_event
from tournaments.decklists import decklist_for, decklist_missing, decklist_penalty_class, decklist_required
from tournaments.models import (
    Appeal,
    AuditEntry,
    Deadline,
    Event,
    EventRole,
    IllegalTransition,
    Match,
    Penalty,
    Qualification,
    Registration,
    Round,
    Suspension,
)
from tournaments.pairing import PairingError, pair_swiss, suggested_swiss_rounds, top_cut_size
from tournaments.pairing_adapter import engine_players, engine_rounds, event_bracket, event_scoring, event_standings
from tournaments.scheduling import schedule_task
from tournaments.tiers import tier_rules

User = AbstractBaseUser
MINIMUM_PLAYERS = 4  # Participation Minimums: four players to be sanctioned


class EventError(ValueError):
    """An operation the rules or the event's state do not allow; the message says why."""


class NotPermitted(PermissionDenied):
    """The acting user lacks the role for this operation."""


# --------------------------------------------------------------------------- helpers


def _require(event: Event, user, allowed: Iterable[str], action: str) -> set[str]:
    have = roles.event_roles(event, user)
    if not have & set(allowed):
        names = " or ".join(a.replace("_", " ") for a in allowed)
        raise NotPermitted(f"Only the {names} may {action}.")
    return have


def _audit(*, event: Event, actor, action: str, target: str = "", reason: str = "", data: dict | None = None) -> None:
    AuditEntry.objects.create(
        event=event, actor=actor if getattr(actor, "is_authenticated", False) else None,
        action=action, target=target[:200], reason=reason, data=data or {},
    )


def _set_status(obj, new: str) -> bool:
    try:
        return obj.set_status(new)
    except IllegalTransition as exc:
        raise EventError(str(exc)) from exc


def _lock_event(event: Event) -> Event:
    # Serialises writes to one event (registration counts, round creation).
    return Event.objects.select_for_update().get(pk=event.pk)


def _lock_match(match: Match) -> Match:
    # The result is read and written in one step: two judges tapping at once must not both win.
    return Match.objects.select_for_update(of=("self",)).select_related(
        "round__event", "player_a__player", "player_b__player"
    ).get(pk=match.pk)


def _match_payload(m: Match) -> dict[str, Any]:
    ends = m.ends_at
    return {
        "id": m.id, "round": m.round.number, "table": m.table, "status": m.status, "result": m.result,
        "games_a": m.games_a, "games_b": m.games_b,
        "ends_at": ends.isoformat() if ends else None,
        "a": m.player_a.name, "b": m.player_b.name if m.player_b_id else None,
    }


def _broadcast_match(m: Match, kind: str = "match") -> None:
    broadcast_event(slug=m.round.event.slug, kind=kind, data=_match_payload(m))


def _current_round(event: Event) -> Round | None:
    return Round.objects.filter(event=event).order_by("-number").first()


# --------------------------------------------------------------------------- events and tiers


def event_create(
    *, by, name: str, game, format, tier: int = 1, structure: str = Event.Structure.CONSTRUCTED,
    starts_at: datetime, decklist_deadline: datetime | None = None, capacity: int | None = None,
    online: bool = False, venue: str = "", seed: int | None = None, slug: str | None = None,
    head_judge=None, floor_judges: Iterable = (), top_cut: int | None = None,
    elimination_announced: bool = False,
) -> Event:
    if not getattr(by, "is_authenticated", False):
        raise NotPermitted("Log in to create an event.")
    tier_rules(tier)
    if format.game_id != game.id:
        raise EventError(f"Format {format} is not a format of {game}.")
    base = slug or slugify(name)[:40] or "event"
    candidate, n = base, 1
    while Event.objects.filter(slug=candidate).exists():
        n += 1
        candidate = f"{base}-{n}"
    with transaction.atomic():
        event = Event.objects.create(
            slug=candidate, name=name, game=game, format=format, tier=tier, structure=structure,
            starts_at=starts_at, decklist_deadline=decklist_deadline or (starts_at if tier >= 2 else None),
            capacity=capacity, online=online, venue=venue, organiser=by,
            seed=seed if seed is not None else random.SystemRandom().randrange(1, 2**31),
            top_cut=top_cut, elimination_announced=elimination_announced,
        )
        EventRole.objects.create(event=event, user=by, role=EventRole.Role.ORGANISER)
        if head_judge is not None:
            EventRole.objects.create(event=event, user=head_judge, role=EventRole.Role.HEAD_JUDGE)
        for fj in floor_judges:
            EventRole.objects.create(event=event, user=fj, role=EventRole.Role.FLOOR_JUDGE)
    return event


def event_assign_role(*, event: Event, by, user, role: str) -> EventRole:
    """The organiser appoints the head judge and floor judges (General Rules, Tournament Organizer)."""
    _require(event, by, [EventRole.Role.ORGANISER], "appoint judges")
    if role not in (EventRole.Role.HEAD_JUDGE, EventRole.Role.FLOOR_JUDGE):
        raise EventError("Only a head judge or a floor judge can be appointed.")
    rules = tier_rules(event.tier)
    if not rules.staff_may_play and Registration.objects.filter(event=event, player=user, status__in=Registration.ACTIVE).exists():
        raise EventError(f"{user} is registered to play; judges may not play in a Tier {event.tier} event (Tier {event.tier} Rules, Player Eligibility).")
    with transaction.atomic():
        if role == EventRole.Role.HEAD_JUDGE:
            EventRole.objects.filter(event=event, role=role).delete()  # one head judge per event
        obj, _ = EventRole.objects.get_or_create(event=event, user=user, role=role)
    return obj


def event_update_settings(
    *, event: Event, by, swiss_rounds: int | None = None, top_cut: int | None = None,
    elimination_announced: bool | None = None, end_of_match_cap_minutes: int | None = None,
) -> Event:
    have = _require(event, by, [EventRole.Role.ORGANISER, EventRole.Role.HEAD_JUDGE], "change the event's settings")
    started = event.status not in ("draft", "registration_open", "check_in")
    fields = []
    if elimination_announced is not None and elimination_announced != event.elimination_announced:
        if started:
            # Tier 1, Elimination Rounds: players must be told before the beginning of the tournament.
            raise EventError("Elimination rounds must be announced before the event starts (Tier 1 Rules, Elimination Rounds).")
        event.elimination_announced = elimination_announced
        fields.append("elimination_announced")
    if top_cut is not None:
        if event.status in ("elimination", "finished", "published"):
            raise EventError("The top cut is already made.")
        event.top_cut = top_cut
        fields.append("top_cut")
    if swiss_rounds is not None:
        if swiss_rounds < 1:
            raise EventError("An event needs at least one Swiss round.")
        played = Round.objects.filter(event=event, kind=Round.Kind.SWISS).count()
        if swiss_rounds < played:
            raise EventError(f"{played} Swiss rounds are already played.")
        event.swiss_rounds = swiss_rounds
        fields.append("swiss_rounds")
    if end_of_match_cap_minutes is not None:
        if EventRole.Role.HEAD_JUDGE not in have:
            raise NotPermitted("Only the head judge may limit end-of-match procedures (End of Match Procedures).")
        event.end_of_match_cap_minutes = end_of_match_cap_minutes or None
        fields.append("end_of_match_cap_minutes")
    if fields:
        event.save(update_fields=fields)
    return event


def _event_transition(event: Event, by, new: str, action: str) -> Event:
    _require(event, by, [EventRole.Role.ORGANISER], action)
    with transaction.atomic():
        event = _lock_event(event)
        _set_status(event, new)
        broadcast_event(slug=event.slug, kind="event", data={"status": event.status})
    return event


def event_open_registration(*, event: Event, by) -> Event:
    return _event_transition(event, by, Event.Status.REGISTRATION_OPEN, "open registration")


def event_open_check_in(*, event: Event, by) -> Event:
    return _event_transition(event, by, Event.Status.CHECK_IN, "open check-in")


def event_start(*, event: Event, by, swiss_rounds: int | None = None) -> Event:
    """Close check-in and begin the Swiss rounds. Registered players who did not check in are no-shows."""
    _require(event, by, [EventRole.Role.ORGANISER], "start the event")
    with transaction.atomic():
        event = _lock_event(event)
        if event.status != Event.Status.CHECK_IN:
            _set_status(event, Event.Status.SWISS)  # raises the pipeline's message
        checked = list(Registration.objects.filter(event=event, status=Registration.Status.CHECKED_IN).select_related("player"))
        if len(checked) < MINIMUM_PLAYERS:
            raise EventError(
                f"{len(checked)} players are checked in; an event needs at least {MINIMUM_PLAYERS} "
                "(Tournament Policies, Participation Minimums)."
            )
        if decklist_required(event):
            missing = [r.name for r in checked if decklist_missing(event, r.player) is True]
            if missing:
                raise EventError(
                    f"Deck lists are required before the start of a Tier {event.tier} event "
                    f"(Tier {event.tier} Rules, Deck Lists); missing: {', '.join(missing)}. Drop them or wait."
                )
        for reg in Registration.objects.filter(event=event, status=Registration.Status.REGISTERED):
            _set_status(reg, Registration.Status.NO_SHOW)
        Registration.objects.filter(event=event, status=Registration.Status.WAITLISTED).update(
            status=Registration.Status.WITHDRAWN
        )
        event.swiss_rounds = swiss_rounds or event.swiss_rounds or suggested_swiss_rounds(len(checked))
        event.started_at = timezone.now()
        event.save(update_fields=["swiss_rounds", "started_at"])
        _set_status(event, Event.Status.SWISS)
        broadcast_event(slug=event.slug, kind="event", data={"status": event.status})
    return event


def event_finish(*, event: Event, by) -> Event:
    _require(event, by, [EventRole.Role.ORGANISER], "finish the event")
    with transaction.atomic():
        event = _lock_event(event)
        unfinished = Round.objects.filter(event=event).exclude(status=Round.Status.COMPLETE)
        if unfinished.exists():
            r = unfinished.first()
            raise EventError(f"Round {r.number} is not complete: {round_missing_results_text(round=r)}")
        if event.status == Event.Status.ELIMINATION:
            bracket = event_bracket(event)
            if bracket is not None and bracket.champion is None:
                raise EventError("The elimination rounds have no winner yet.")
        _set_status(event, Event.Status.FINISHED)
        broadcast_event(slug=event.slug, kind="event", data={"status": event.status})
    return event


def event_publish(*, event: Event, by) -> Event:
    return _event_transition(event, by, Event.Status.PUBLISHED, "publish the results")


def qualification_add(*, event: Event, by, user, note: str = "") -> Qualification:
    """Tier 3, Player Eligibility: the organiser keeps the list of qualified players."""
    _require(event, by, [EventRole.Role.ORGANISER], "manage the qualification list")
    obj, _ = Qualification.objects.get_or_create(event=event, user=user, defaults={"note": note})
    return obj


def suspension_add(*, user, reason: str, until: datetime | None = None) -> Suspension:
    """The global suspension list (managed by site staff in the admin)."""
    return Suspension.objects.create(user=user, reason=reason, until=until)


# --------------------------------------------------------------------------- registration


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
        _require(event, by, [EventRole.Role.ORGANISER], "register another player")
    if not getattr(player, "is_authenticated", False):
        raise NotPermitted("Log in to register.")
    with transaction.atomic():
        event = _lock_event(event)
        if event.status not in (Event.Status.REGISTRATION_OPEN, Event.Status.CHECK_IN):
            raise EventError(f"Registration is not open ({event.get_status_display()}); late entry is up to the organiser.")
        errors = registration_eligibility_errors(event=event, player=player)
        if errors:
            raise EventError(" ".join(errors))
        full = event.capacity is not None and _active_count(event) >= event.capacity
        status = Registration.Status.WAITLISTED if full else Registration.Status.REGISTERED
        reg = Registration.objects.filter(event=event, player=player).first()
        if reg is None:
            reg = Registration.objects.create(event=event, player=player, status=status)
        elif reg.status == Registration.Status.WITHDRAWN:
            _set_status(reg, status)
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
        _set_status(nxt, Registration.Status.REGISTERED)
        promoted.append(nxt)
    return promoted


def registration_withdraw(*, registration: Registration, by) -> Registration:
    """Leave before the event starts; the first player on the waiting list takes the place."""
    event = registration.event
    if by != registration.player:
        _require(event, by, [EventRole.Role.ORGANISER], "withdraw another player")
    with transaction.atomic():
        event = _lock_event(event)
        if event.status not in (Event.Status.DRAFT, Event.Status.REGISTRATION_OPEN, Event.Status.CHECK_IN):
            raise EventError("The event has started: drop instead.")
        reg = Registration.objects.select_for_update().get(pk=registration.pk)
        _set_status(reg, Registration.Status.WITHDRAWN)
        _waitlist_promote(event)
        broadcast_event(slug=event.slug, kind="registration", data={"count": _active_count(event)})
    return reg


def registration_check_in(*, registration: Registration, by) -> Registration:
    event = Event.objects.get(pk=registration.event_id)
    if by != registration.player:
        _require(event, by, [EventRole.Role.ORGANISER, EventRole.Role.HEAD_JUDGE, EventRole.Role.FLOOR_JUDGE], "check in another player")
    if event.status != Event.Status.CHECK_IN:
        raise EventError("Check-in is not open.")
    with transaction.atomic():
        reg = Registration.objects.select_for_update().get(pk=registration.pk)
        if reg.status == Registration.Status.WAITLISTED:
            raise EventError("You are on the waiting list; you will be moved up when a place frees.")
        _set_status(reg, Registration.Status.CHECKED_IN)
        reg.checked_in_at = timezone.now()
        reg.save(update_fields=["checked_in_at"])
    return reg


def registration_add_late(*, event: Event, by, player, policy: str = Registration.LatePolicy.LOSSES) -> Registration:
    """Late entry after the start: the organiser chooses what the player gets for the rounds missed
    (a loss or a bye for each). They are paired from the next round on (what-users-need 2)."""
    _require(event, by, [EventRole.Role.ORGANISER], "add a late entry")
    if policy not in Registration.LatePolicy.values:
        raise EventError(f"Late-entry policy must be one of {', '.join(Registration.LatePolicy.values)}.")
    with transaction.atomic():
        event = _lock_event(event)
        if event.status != Event.Status.SWISS:
            raise EventError("Late entry is possible during the Swiss rounds; before the start players register normally.")
        errors = registration_eligibility_errors(event=event, player=player)
        if errors:
            raise EventError(" ".join(errors))
        # Rounds already paired are missed; a round still being paired will include the new player.
        missed = Round.objects.filter(event=event, kind=Round.Kind.SWISS).exclude(status=Round.Status.PENDING).count()
        reg, created = Registration.objects.get_or_create(event=event, player=player, defaults={"status": Registration.Status.CHECKED_IN})
        if not created:
            if reg.status not in (Registration.Status.WITHDRAWN, Registration.Status.NO_SHOW, Registration.Status.WAITLISTED):
                raise EventError(f"{player} is already {reg.get_status_display()}.")
            Registration.objects.filter(pk=reg.pk).update(status=Registration.Status.CHECKED_IN)
            reg.refresh_from_db()
        reg.late_missed_rounds = missed
        reg.late_policy = policy
        reg.checked_in_at = timezone.now()
        reg.save(update_fields=["late_missed_rounds", "late_policy", "checked_in_at"])
        _audit(event=event, actor=by, action="late_entry", target=reg.name, data={"missed_rounds": missed, "policy": policy})
    return reg


def registration_drop(*, registration: Registration, by) -> Registration:
    """A player may drop at any time (Conceding and Dropping). After the round is paired, dropping
    concedes that round; a dropped player is never paired again. Before the start it is a withdrawal."""
    event = Event.objects.get(pk=registration.event_id)
    if by != registration.player:
        _require(event, by, [EventRole.Role.ORGANISER, EventRole.Role.HEAD_JUDGE], "drop another player")
    if event.status in (Event.Status.DRAFT, Event.Status.REGISTRATION_OPEN, Event.Status.CHECK_IN):
        return registration_withdraw(registration=registration, by=by)
    with transaction.atomic():
        reg = Registration.objects.select_for_update().get(pk=registration.pk)
        if reg.status in (Registration.Status.DROPPED, Registration.Status.DISQUALIFIED):
            return reg
        if reg.status != Registration.Status.CHECKED_IN:
            raise EventError(f"{reg.name} is not playing ({reg.get_status_display()}).")
        _concede_current(reg, source="drop", by=by)
        _set_status(reg, Registration.Status.DROPPED)
        current = _current_round(event)
        reg.dropped_at = timezone.now()
        reg.dropped_after_round = current.number if current else 0
        reg.save(update_fields=["dropped_at", "dropped_after_round"])
        _audit(event=event, actor=by, action="drop", target=reg.name)
        broadcast_event(slug=event.slug, kind="standings", data={})
    return reg


def _player_match(reg: Registration) -> Match | None:
    """The registration's match in the event's latest round."""
    current = _current_round(reg.event)
    if current is None:
        return None
    return Match.objects.filter(round=current).filter(Q(player_a=reg) | Q(player_b=reg)).first()


def _concede_current(reg: Registration, *, source: str, by) -> Match | None:
    m = _player_match(reg)
    if m is None or m.is_bye or m.round.status != Round.Status.RUNNING:
        return None
    m = _lock_match(m)
    if m.status == Match.Status.FINAL:
        return m
    side = m.side_of(reg.id)
    _match_finalise(m, result="b" if side == "a" else "a", source=source, by=by)
    return m


# --------------------------------------------------------------------------- rounds


def round_missing_results_text(*, round: Round) -> str:
    missing = [m for m in round.matches.select_related("player_a__player", "player_b__player") if m.status != Match.Status.FINAL]
    return "; ".join(f"{m} has no result" for m in missing) or "all results are in"


def round_start_next(*, event: Event, by) -> Round:
    """The organiser starts the next round: pairing runs as a Celery task (``pair_round_task``)."""
    _require(event, by, [EventRole.Role.ORGANISER, EventRole.Role.HEAD_JUDGE], "start a round")
    with transaction.atomic():
        event = _lock_event(event)
        return _round_create(event)


def _round_create(event: Event) -> Round:
    if event.status not in (Event.Status.SWISS, Event.Status.ELIMINATION):
        raise EventError(f"Rounds are played during Swiss or elimination rounds; the event is {event.get_status_display()}.")
    last = _current_round(event)
    if last is not None and last.status == Round.Status.PENDING:
        raise EventError(f"Round {last.number} is already being paired.")
    if last is not None and last.status != Round.Status.COMPLETE:
        # what-users-need 11: name what is missing.
        raise EventError(f"Round {last.number} is not complete: {round_missing_results_text(round=last)}.")
    rules = tier_rules(event.tier)
    if event.status == Event.Status.SWISS:
        played = Round.objects.filter(event=event, kind=Round.Kind.SWISS).count()
        if event.swiss_rounds and played >= event.swiss_rounds:
            raise EventError(f"All {event.swiss_rounds} Swiss rounds are played: start the top cut or finish the event.")
        kind, minutes, best_of = Round.Kind.SWISS, rules.swiss_minutes, 1
    else:
        bracket = event_bracket(event)
        if bracket is None or bracket.champion is not None:
            raise EventError("The elimination rounds are over.")
        kind, minutes, best_of = Round.Kind.ELIMINATION, rules.elimination_minutes, rules.elimination_best_of
    rnd = Round.objects.create(
        event=event, number=(last.number + 1) if last else 1, kind=kind, minutes=minutes, best_of=best_of,
    )
    from tournaments.tasks import pair_round_task

    schedule_task(pair_round_task, args=[rnd.id])
    broadcast_event(slug=event.slug, kind="round", data={"round": rnd.number, "status": rnd.status})
    return rnd


def round_pair(*, round: Round, now: datetime | None = None) -> Round | None:
    """Pair a pending round through the engine, assign tables, start its clock and store its deadlines.

    Idempotent: a round that is not pending (already paired) is left alone, so a redelivered task or
    the sweep cannot pair it twice. Returns None if there was nothing to do.
    """
    now = now or timezone.now()
    with transaction.atomic():
        # The lock makes the pending → running claim exclusive between workers.
        rnd = Round.objects.select_for_update().select_related("event__game").filter(pk=round.pk).first()
        if rnd is None or rnd.status != Round.Status.PENDING:
            return None
        event = rnd.event
        attempt = AuditEntry.objects.filter(event=event, action="repair", data__round=rnd.number).count()
        try:
            if rnd.kind == Round.Kind.SWISS:
                result = pair_swiss(
                    engine_players(event), engine_rounds(event), scoring=event_scoring(event),
                    seed=f"{event.seed}:{rnd.number}:{attempt}",
                )
                pairs = [(p.table, int(p.a), int(p.b) if p.b else None, p.explanation, p.rematch) for p in result.pairings]
                rnd.warnings = list(result.warnings)
            else:
                bracket = event_bracket(event)
                if bracket is None or bracket.champion is not None:
                    raise PairingError("the bracket is finished")
                pairs = [(k + 1, int(bm.a), int(bm.b), f"seed {bm.seed_a} vs seed {bm.seed_b}", False) for k, bm in enumerate(bracket.pairings)]
        except PairingError as exc:
            _audit(event=event, actor=None, action="pairing_failed", target=f"round {rnd.number}", reason=str(exc))
            rnd.delete()
            broadcast_event(slug=event.slug, kind="round", data={"round": None, "error": str(exc)})
            return None
        rnd.starts_at = now
        rnd.ends_at = now + timedelta(minutes=rnd.minutes) if rnd.minutes else None
        rnd.save(update_fields=["warnings", "starts_at", "ends_at"])
        matches = []
        for table, a, b, explanation, rematch in pairs:
            m = Match.objects.create(
                round=rnd, table=table, player_a_id=a, player_b_id=b, explanation=explanation[:300], rematch=rematch,
            )
            if b is None:
                # A bye is a win (Scoring: Bye (W) 3 points).
                m.result, m.result_source, m.recorded_at = Match.Result.BYE, "bye", now
                m.save(update_fields=["result", "result_source", "recorded_at"])
                m.set_status(Match.Status.FINAL)
            matches.append(m)
        _deck_checks_pick(rnd, [m for m in matches if not m.is_bye])
        _set_status(rnd, Round.Status.RUNNING)
        for m in matches:
            if not m.is_bye and rnd.ends_at is not None:
                _deadline_set(event=event, kind=Deadline.Kind.MATCH_TIME, target_id=m.id, due_at=rnd.ends_at + timedelta(seconds=m.extra_seconds))
        if any(not m.is_bye for m in matches):
            # Tardiness: five minutes after the beginning of round time.
            grace = timedelta(minutes=tier_rules(event.tier).tardiness_grace_minutes)
            _deadline_set(event=event, kind=Deadline.Kind.TARDINESS, target_id=rnd.id, due_at=now + grace)
        _pending_game_losses_apply(matches)
        _round_maybe_complete(rnd)
        broadcast_event(slug=event.slug, kind="pairings", data={"round": rnd.number, "ends_at": rnd.ends_at.isoformat() if rnd.ends_at else None})
    return rnd


def _deck_checks_pick(rnd: Round, matches: list[Match]) -> None:
    """Deck Checks (Tier 2/3): at least one game is picked at random each round; those players get extra time."""
    rules = tier_rules(rnd.event.tier)
    if not rules.deck_checks_per_round or not matches or rnd.kind != Round.Kind.SWISS:
        return
    rng = random.Random(f"{rnd.event.seed}:deckcheck:{rnd.number}")
    for m in rng.sample(matches, min(rules.deck_checks_per_round, len(matches))):
        m.deck_check = True
        m.extra_seconds += rules.deck_check_extra_minutes * 60
        m.save(update_fields=["deck_check", "extra_seconds"])


def round_repair(*, round: Round, by, reason: str) -> Round:
    """The head judge re-pairs a round that has no results yet (what-users-need 1)."""
    event = round.event
    _require(event, by, [EventRole.Role.HEAD_JUDGE], "re-pair a round")
    if not reason.strip():
        raise EventError("Give a reason for re-pairing; it is kept in the audit log.")
    with transaction.atomic():
        rnd = Round.objects.select_for_update().get(pk=round.pk)
        if rnd.status != Round.Status.RUNNING:
            raise EventError(f"Round {rnd.number} is {rnd.get_status_display()}; only a running round can be re-paired.")
        with_results = rnd.matches.filter(status=Match.Status.FINAL, player_b__isnull=False)
        if with_results.exists() or rnd.matches.exclude(report_a="", report_b="").filter(player_b__isnull=False).exists():
            raise EventError(f"Round {rnd.number} already has results ({', '.join(str(m) for m in with_results)}); correct them instead.")
        old = [str(m) for m in rnd.matches.select_related("player_a__player", "player_b__player")]
        ids = list(rnd.matches.values_list("id", flat=True))
        Deadline.objects.filter(Q(kind=Deadline.Kind.TARDINESS, target_id=rnd.id) | Q(kind__in=[Deadline.Kind.MATCH_TIME, Deadline.Kind.END_OF_MATCH_CAP], target_id__in=ids)).delete()
        Penalty.objects.filter(match_id__in=ids).update(match=None)
        rnd.matches.all().delete()
        _set_status(rnd, Round.Status.PENDING)
        _audit(event=event, actor=by, action="repair", target=f"round {rnd.number}", reason=reason, data={"round": rnd.number, "old": old})
        from tournaments.tasks import pair_round_task

        schedule_task(pair_round_task, args=[rnd.id])
        broadcast_event(slug=event.slug, kind="round", data={"round": rnd.number, "status": rnd.status})
    return rnd


def _round_maybe_complete(rnd: Round) -> bool:
    if rnd.status == Round.Status.RUNNING and not rnd.matches.exclude(status=Match.Status.FINAL).exists():
        # Compare-and-set: exactly one caller completes the round.
        if Round.objects.filter(pk=rnd.pk, status=Round.Status.RUNNING).update(status=Round.Status.COMPLETE) == 1:
            rnd.status = Round.Status.COMPLETE
            Deadline.objects.filter(kind=Deadline.Kind.TARDINESS, target_id=rnd.id, processed_at__isnull=True).update(
                processed_at=timezone.now(), outcome="round complete before the deadline")
            broadcast_event(slug=rnd.event.slug, kind="round", data={"round": rnd.number, "status": rnd.status})
            return True
    return False


def event_start_top_cut(*, event: Event, by, size: int | None = None) -> Round:
    """Seed the elimination bracket from the Swiss standings and start its first round
    (Tier 1 Rules, Elimination Rounds: highest seed against lowest seed)."""
    _require(event, by, [EventRole.Role.ORGANISER], "start the top cut")
    rules = tier_rules(event.tier)
    with transaction.atomic():
        event = _lock_event(event)
        if event.status != Event.Status.SWISS:
            _set_status(event, Event.Status.ELIMINATION)
        if rules.elimination_needs_announcement and not event.elimination_announced:
            raise EventError(
                "Elimination rounds were not announced before the start; at Tier 1 players must be told before "
                "the beginning of the tournament (Tier 1 Rules, Elimination Rounds)."
            )
        last = _current_round(event)
        if last is None:
            raise EventError("No Swiss round has been played.")
        if last.status != Round.Status.COMPLETE:
            raise EventError(f"Round {last.number} is not complete: {round_missing_results_text(round=last)}.")
        if event.top_cut == 0 and not size:
            raise EventError("This event has no elimination rounds (top cut 0): finish it instead.")
        standings = event_standings(event)
        active = sum(1 for s in standings if not s.dropped)
        try:
            n = top_cut_size(active, size or event.top_cut or None)
        except PairingError as exc:
            raise EventError(str(exc)) from exc
        if n < 2:
            raise EventError("Too few players left for elimination rounds.")
        seeds = [int(s.id) for s in standings if not s.dropped][:n]
        event.top_cut = n
        event.top_cut_seeds = seeds
        event.save(update_fields=["top_cut", "top_cut_seeds"])
        _set_status(event, Event.Status.ELIMINATION)
        return _round_create(event)


# --------------------------------------------------------------------------- deadlines


def _deadline_set(*, event: Event, kind: str, target_id: int, due_at: datetime) -> Deadline:
    deadline, created = Deadline.objects.get_or_create(kind=kind, target_id=target_id, defaults={"event": event, "due_at": due_at})
    if not created and deadline.processed_at is None and deadline.due_at != due_at:
        deadline.due_at = due_at
        deadline.save(update_fields=["due_at"])
    if deadline.processed_at is None:
        from tournaments.tasks import process_deadline_task

        # An earlier ETA task for a moved deadline finds it not yet due and returns quietly.
        schedule_task(process_deadline_task, args=[deadline.id], eta=due_at)
    return deadline


def deadline_process(*, deadline_id: int, now: datetime | None = None) -> str | None:
    """Act on a deadline exactly once. The claim (processed_at) and its effects commit together, so a
    worker killed mid-way leaves it unclaimed for the redelivered task or the sweep."""
    now = now or timezone.now()
    with transaction.atomic():
        claimed = Deadline.objects.filter(id=deadline_id, processed_at__isnull=True, due_at__lte=now).update(processed_at=now)
        if claimed != 1:
            return None
        deadline = Deadline.objects.select_related("event").get(id=deadline_id)
        handler = {
            Deadline.Kind.MATCH_TIME: _deadline_match_time,
            Deadline.Kind.TARDINESS: _deadline_tardiness,
            Deadline.Kind.END_OF_MATCH_CAP: _deadline_eom_cap,
        }[deadline.kind]
        outcome = handler(deadline, now) or "done"
        Deadline.objects.filter(id=deadline_id).update(outcome=outcome[:300])
    return outcome


def deadlines_sweep(*, now: datetime | None = None, limit: int = 500) -> int:
    """Process every deadline that passed while no worker ran, and pair rounds whose task was lost."""
    now = now or timezone.now()
    done = 0
    for deadline_id in Deadline.objects.filter(processed_at__isnull=True, due_at__lte=now).values_list("id", flat=True)[:limit]:
        if deadline_process(deadline_id=deadline_id, now=now) is not None:
            done += 1
    stale = now - timedelta(seconds=5)
    for rnd in Round.objects.filter(status=Round.Status.PENDING, created_at__lte=stale):
        round_pair(round=rnd)
    return done


def _deadline_match_time(deadline: Deadline, now: datetime) -> str:
    m = Match.objects.select_related("round__event").filter(id=deadline.target_id).first()
    if m is None:
        return "match gone"
    return match_call_time(match=m, now=now)


def _deadline_eom_cap(deadline: Deadline, now: datetime) -> str:
    m = Match.objects.select_related("round__event", "player_a__player", "player_b__player").filter(id=deadline.target_id).first()
    if m is None or m.status == Match.Status.FINAL:
        return "match already over"
    # End of Match Procedures: "play stops immediately and the player with the highest score wins".
    _broadcast_match(m, kind="stop_play")
    return f"{m}: end-of-match limit reached, play stops; judges enter the points"


def _deadline_tardiness(deadline: Deadline, now: datetime) -> str:
    """Tardiness: a player still not present five minutes after the start of the round gets a Game Loss,
    unless a judge waived it."""
    rnd = Round.objects.select_related("event").filter(id=deadline.target_id).first()
    if rnd is None or rnd.status != Round.Status.RUNNING:
        return "round not running"
    issued = []
    for m in rnd.matches.filter(player_b__isnull=False, tardiness_waived=False).exclude(status=Match.Status.FINAL).select_related("player_a__player", "player_b__player"):
        for side in ("a", "b"):
            if not getattr(m, f"present_{side}"):
                reg = m.registration_of(side)
                penalty_issue(
                    event=rnd.event, registration=reg, by=None, kind=Penalty.Kind.GAME_LOSS, infraction="Tardiness",
                    note=f"Not present {tier_rules(rnd.event.tier).tardiness_grace_minutes} minutes after round {rnd.number} began (Tardiness).",
                    match=m, system=True,
                )
                issued.append(reg.name)
    return f"tardiness game losses: {', '.join(issued) or 'none'}"


# --------------------------------------------------------------------------- clock


def match_add_time(*, match: Match, by, minutes: int, reason: str = "") -> Match:
    """A judge extends one match's clock (deck check, long ruling); its deadline moves with it."""
    event = match.round.event
    _require(event, by, [EventRole.Role.HEAD_JUDGE, EventRole.Role.FLOOR_JUDGE], "add time to a match")
    if not 1 <= minutes <= 120:
        raise EventError("Add between 1 and 120 minutes.")
    with transaction.atomic():
        m = _lock_match(match)
        if m.round.ends_at is None:
            raise EventError("This round is untimed.")
        if m.status not in (Match.Status.RUNNING, Match.Status.REPORTED):
            raise EventError(f"{m}: time can only be added while the match is running ({m.get_status_display()}).")
        m.extra_seconds += minutes * 60
        m.save(update_fields=["extra_seconds"])
        _deadline_set(event=event, kind=Deadline.Kind.MATCH_TIME, target_id=m.id, due_at=m.ends_at)
        _audit(event=event, actor=by, action="add_time", target=str(m), reason=reason, data={"minutes": minutes})
        _broadcast_match(m, kind="clock")
    return m


def match_call_time(*, match: Match, now: datetime | None = None) -> str:
    """Time is called: the End of Match Procedures begin (the current turn is completed; if the turn
    player went first the other player takes a turn; then most points wins). Paper matches: the judges
    enter the points (``match_end_of_match``)."""
    now = now or timezone.now()
    # Compare-and-set claim: only a running match has its time called, once.
    if Match.objects.filter(id=match.id, status=Match.Status.RUNNING).update(status=Match.Status.TIME_CALLED, time_called_at=now) != 1:
        return f"match {match.id}: not running, nothing to call"
    m = Match.objects.select_related("round__event", "player_a__player", "player_b__player").get(id=match.id)
    event = m.round.event
    if event.end_of_match_cap_minutes:
        m.eom_stop_at = now + timedelta(minutes=event.end_of_match_cap_minutes)
        m.save(update_fields=["eom_stop_at"])
        _deadline_set(event=event, kind=Deadline.Kind.END_OF_MATCH_CAP, target_id=m.id, due_at=m.eom_stop_at)
    _broadcast_match(m, kind="time_called")
    return f"{m}: time called"


def match_end_of_match(*, match: Match, by, points_a: int, points_b: int) -> Match:
    """Judges enter the points at the end of the End of Match Procedures: most points wins, equal points
    is a draw — except in elimination rounds, where another game is played to the first change in points."""
    event = match.round.event
    _require(event, by, [EventRole.Role.HEAD_JUDGE, EventRole.Role.FLOOR_JUDGE], "enter end-of-match points")
    with transaction.atomic():
        m = _lock_match(match)
        if m.status != Match.Status.TIME_CALLED:
            raise EventError(f"{m}: time has not been called.")
        m.points_a, m.points_b = points_a, points_b
        m.save(update_fields=["points_a", "points_b"])
        if points_a == points_b and m.round.kind == Round.Kind.ELIMINATION:
            m.extra_game = True
            m.save(update_fields=["extra_game"])
            _audit(event=event, actor=by, action="end_of_match", target=str(m), data={"points": [points_a, points_b], "extra_game": True})
            _broadcast_match(m, kind="extra_game")
            return m
        result = "a" if points_a > points_b else "b" if points_b > points_a else "draw"
        _match_finalise(m, result=result, source="end_of_match", by=by)
    return m


# --------------------------------------------------------------------------- results


VALID_RESULTS = {"a", "b", "draw", "double_loss"}


def _check_result(m: Match, result: str, games_a: int | None, games_b: int | None) -> None:
    if m.is_bye:
        raise EventError("A bye has no result to record.")
    if result not in VALID_RESULTS:
        raise EventError(f"Result must be one of {', '.join(sorted(VALID_RESULTS))}.")
    if m.round.kind == Round.Kind.ELIMINATION and result in ("draw", "double_loss"):
        raise EventError("Elimination matches may not end in a draw: play another game (End of Match Procedures).")
    if m.round.best_of > 1 and games_a is not None and games_b is not None:
        need = m.round.best_of // 2 + 1
        if result == "a" and not games_a > games_b or result == "b" and not games_b > games_a:
            raise EventError("The game score does not match the winner.")
        if max(games_a, games_b) > need:
            raise EventError(f"Best of {m.round.best_of}: nobody wins more than {need} games.")


def _match_finalise(m: Match, *, result: str, source: str, by, games_a: int | None = None, games_b: int | None = None) -> None:
    m.result = result
    m.result_source = source
    m.recorded_by = by if getattr(by, "is_authenticated", False) else None
    m.recorded_at = timezone.now()
    if games_a is not None and games_b is not None:
        m.games_a, m.games_b = games_a, games_b
    elif m.round.best_of == 1:
        m.games_a, m.games_b = int(result == "a"), int(result == "b")
    m.save(update_fields=["result", "result_source", "recorded_by", "recorded_at", "games_a", "games_b"])
    _set_status(m, Match.Status.FINAL)
    # The match is over: its clock deadlines have nothing left to do (the claim keeps them from acting later).
    Deadline.objects.filter(
        kind__in=[Deadline.Kind.MATCH_TIME, Deadline.Kind.END_OF_MATCH_CAP], target_id=m.id, processed_at__isnull=True
    ).update(processed_at=m.recorded_at, outcome="match over before the deadline")
    _round_maybe_complete(m.round)
    _broadcast_match(m, kind="result")
    broadcast_event(slug=m.round.event.slug, kind="standings", data={})


def match_record_result(*, match: Match, by, result: str, games_a: int | None = None, games_b: int | None = None) -> Match:
    """A judge records the outcome. Once recorded it is final (Conceding and Dropping): only the head
    judge may correct it, with a reason (``match_correct_result``)."""
    event = match.round.event
    _require(event, by, [EventRole.Role.HEAD_JUDGE, EventRole.Role.FLOOR_JUDGE], "record a result")
    with transaction.atomic():
        m = _lock_match(match)
        if m.status == Match.Status.FINAL:
            raise EventError(
                f"{m}: the outcome is already recorded and is final (Conceding and Dropping: once a judge records "
                "the match outcome it may not be altered). The head judge may correct it with a reason."
            )
        _check_result(m, result, games_a, games_b)
        _match_finalise(m, result=result, source="judge", by=by, games_a=games_a, games_b=games_b)
    return m


def match_correct_result(*, match: Match, by, result: str, reason: str, games_a: int | None = None, games_b: int | None = None) -> Match:
    """The head judge corrects a final result; the change and its reason go to the audit log."""
    event = match.round.event
    _require(event, by, [EventRole.Role.HEAD_JUDGE], "correct a result")
    if not reason.strip():
        raise EventError("A correction needs a reason; it is kept in the audit log.")
    with transaction.atomic():
        m = _lock_match(match)
        _check_result(m, result, games_a, games_b)
        if m.round.kind == Round.Kind.ELIMINATION and Round.objects.filter(event=event, number__gt=m.round.number).exists():
            raise EventError("The next elimination round is already paired from this result.")
        before = {"result": m.result, "games": [m.games_a, m.games_b], "status": m.status, "source": m.result_source}
        if m.status != Match.Status.FINAL:
            _set_status(m, Match.Status.FINAL)
        m.result, m.result_source = result, "correction"
        m.recorded_by, m.recorded_at = by, timezone.now()
        if games_a is not None and games_b is not None:
            m.games_a, m.games_b = games_a, games_b
        elif m.round.best_of == 1:
            m.games_a, m.games_b = int(result == "a"), int(result == "b")
        m.save()
        _audit(event=event, actor=by, action="correct_result", target=str(m), reason=reason,
               data={"before": before, "after": {"result": result, "games": [m.games_a, m.games_b]}})
        _round_maybe_complete(m.round)
        _broadcast_match(m, kind="result")
        broadcast_event(slug=event.slug, kind="standings", data={})
    return m


def _player_side(m: Match, user) -> str:
    for side in ("a", "b"):
        reg = m.registration_of(side)
        if reg is not None and reg.player_id == getattr(user, "pk", None):
            return side
    raise NotPermitted("You can only report results of your own match.")


def match_report_result(*, match: Match, by, result: str, games_a: int | None = None, games_b: int | None = None) -> Match:
    """Online events: a player reports; the opponent confirms. Agreement makes it final; a disagreement
    goes to the judges (what-users-need 12)."""
    with transaction.atomic():
        m = _lock_match(match)
        side = _player_side(m, by)
        if not m.round.event.online:
            raise EventError("At a paper event a judge records results: call a judge.")
        if m.status in (Match.Status.FINAL, Match.Status.DISPUTED):
            raise EventError(f"{m}: {m.get_status_display()}; a judge will decide.")
        _check_result(m, result, games_a, games_b)
        setattr(m, f"report_{side}", result)
        m.save(update_fields=[f"report_{side}"])
        other = m.report_b if side == "a" else m.report_a
        if not other:
            _set_status(m, Match.Status.REPORTED)
            _broadcast_match(m)
        elif other == result:
            _match_finalise(m, result=result, source="players", by=by, games_a=games_a, games_b=games_b)
        else:
            _set_status(m, Match.Status.DISPUTED)
            _audit(event=m.round.event, actor=by, action="dispute", target=str(m), data={"a": m.report_a, "b": m.report_b})
            _broadcast_match(m, kind="dispute")
    return m


def match_confirm_result(*, match: Match, by, agree: bool) -> Match:
    """The opponent confirms (or disputes) the reported result."""
    m = match
    side = _player_side(m, by)
    reported = m.report_b if side == "a" else m.report_a
    if not reported:
        raise EventError("Your opponent has not reported a result yet.")
    if agree:
        return match_report_result(match=m, by=by, result=reported)
    with transaction.atomic():
        m = _lock_match(match)
        if m.status == Match.Status.FINAL:
            raise EventError(f"{m}: the result is final.")
        _set_status(m, Match.Status.DISPUTED)
        _audit(event=m.round.event, actor=by, action="dispute", target=str(m), data={"reported": reported})
        _broadcast_match(m, kind="dispute")
    return m


def match_concede(*, match: Match, by) -> Match:
    """A player concedes: a loss for them and a win for the opponent (Conceding and Dropping)."""
    with transaction.atomic():
        m = _lock_match(match)
        side = _player_side(m, by)
        if m.is_bye:
            raise EventError("You have the bye.")
        if m.status == Match.Status.FINAL:
            raise EventError(f"{m}: the result is final.")
        _match_finalise(m, result="b" if side == "a" else "a", source="concession", by=by)
    return m


def match_mark_present(*, match: Match, by, side: str | None = None, waive: bool = False) -> Match:
    """Mark a player present at their table (a judge, or the player themself); a judge may instead waive
    the tardiness penalty for the match."""
    event = match.round.event
    with transaction.atomic():
        m = _lock_match(match)
        judge = roles.is_judge(event, by)
        if waive:
            if not judge:
                raise NotPermitted("Only a judge may waive a tardiness penalty.")
            m.tardiness_waived = True
            m.save(update_fields=["tardiness_waived"])
            _audit(event=event, actor=by, action="waive_tardiness", target=str(m))
            return m
        if not judge:
            side = _player_side(m, by)
        if side not in ("a", "b"):
            raise EventError("Say which player is present.")
        setattr(m, f"present_{side}", True)
        m.save(update_fields=[f"present_{side}"])
    return m


# --------------------------------------------------------------------------- penalties


def penalty_issue(
    *, event: Event, registration: Registration, by, kind: str, infraction: str, note: str = "",
    match: Match | None = None, decklist_id: int | None = None, system: bool = False,
) -> Penalty:
    """Issue a Tournament Penalty. A second Game Warning for the same infraction becomes a Game Loss;
    only the head judge disqualifies, and a disqualified player is dropped."""
    if not system:
        _require(event, by, [EventRole.Role.HEAD_JUDGE, EventRole.Role.FLOOR_JUDGE], "issue penalties")
        if kind == Penalty.Kind.DISQUALIFICATION and not roles.is_head_judge(event, by):
            raise NotPermitted("Only the head judge may disqualify a player (Tournament Disqualification).")
    if kind not in Penalty.Kind.values:
        raise EventError(f"Penalty must be one of {', '.join(Penalty.Kind.labels)}.")
    if not infraction.strip():
        raise EventError("Name the infraction.")
    if registration.event_id != event.id:
        raise EventError("That player is not in this event.")
    with transaction.atomic():
        escalated = False
        if kind == Penalty.Kind.GAME_WARNING and Penalty.objects.filter(
            event=event, registration=registration, kind=Penalty.Kind.GAME_WARNING, infraction__iexact=infraction.strip()
        ).exists():
            # Game Warning: "The second Game Warning for the same violation ... will result in a Game Loss".
            kind, escalated = Penalty.Kind.GAME_LOSS, True
            note = (note + " " if note else "") + f"Second Game Warning for {infraction} in this event: upgraded to a Game Loss."
        current = _current_round(event)
        if match is None and kind == Penalty.Kind.GAME_LOSS:
            match = _player_match(registration)
        try:
            with transaction.atomic():
                penalty = Penalty.objects.create(
                    event=event, registration=registration, match=match, kind=kind, infraction=infraction.strip(),
                    note=note, escalated=escalated, issued_by=by if getattr(by, "is_authenticated", False) else None,
                    round_number=current.number if current else None, decklist_id=decklist_id,
                )
        except IntegrityError:
            raise EventError("This decklist already has its penalty: one penalty per decklist (Deck Lists).") from None
        if kind == Penalty.Kind.GAME_LOSS:
            penalty.applied = _game_loss_apply(penalty, match)
            penalty.save(update_fields=["applied"])
        elif kind == Penalty.Kind.DISQUALIFICATION:
            reg = Registration.objects.select_for_update().get(pk=registration.pk)
            if reg.status in (Registration.Status.CHECKED_IN, Registration.Status.REGISTERED):
                _concede_current(reg, source="disqualification", by=by)
            if reg.status != Registration.Status.DISQUALIFIED:
                Registration.objects.filter(pk=reg.pk).update(status=Registration.Status.DISQUALIFIED, dropped_at=timezone.now(),
                                                              dropped_after_round=current.number if current else 0)
            penalty.applied = "disqualified and dropped"
            penalty.save(update_fields=["applied"])
        _audit(event=event, actor=by, action="penalty", target=registration.name, reason=note,
               data={"kind": kind, "infraction": infraction, "escalated": escalated})
    return penalty


def _game_loss_apply(penalty: Penalty, match: Match | None) -> str:
    """Game Loss: the opponent wins the current game; between games it applies to the player's next game;
    if both players get one in the same game, both lose it."""
    reg = penalty.registration
    if match is None or match.is_bye or match.round.status != Round.Status.RUNNING:
        Registration.objects.filter(pk=reg.pk).update(pending_game_losses=reg.pending_game_losses + 1)
        return "applies to the player's next game"
    m = _lock_match(match)
    side = m.side_of(reg.id)
    opp = "b" if side == "a" else "a"
    played = m.games_a + m.games_b + m.games_lost_by_both
    # "If both players receive a Game Loss penalty during the same game then both players will receive a
    # loss": the opponent's Game Loss already ended this game, and no game has been recorded since.
    same_game = m.penalty_game_no == played and m.penalty_game_loser == opp and played > 0
    if m.status == Match.Status.FINAL:
        if m.result_source == "penalty" and m.result == side and (same_game or m.round.best_of == 1):
            if m.round.best_of == 1:
                m.result = Match.Result.DOUBLE_LOSS
                m.games_a = m.games_b = 0
                m.games_lost_by_both = 1
                m.penalty_game_loser = "both"
                m.save(update_fields=["result", "games_a", "games_b", "games_lost_by_both", "penalty_game_loser"])
                _broadcast_match(m, kind="result")
                broadcast_event(slug=m.round.event.slug, kind="standings", data={})
                return "both players received a Game Loss in the same game: both lose"
            # Best-of-three: the game that ended the match is lost by both, so the match goes on. The
            # status pipeline never reopens a final match; this penalty correction does, with an audit entry.
            setattr(m, f"games_{side}", getattr(m, f"games_{side}") - 1)
            m.games_lost_by_both += 1
            m.penalty_game_loser = "both"
            m.result, m.result_source, m.recorded_at, m.status = "", "", None, Match.Status.RUNNING
            m.save(update_fields=[f"games_{side}", "games_lost_by_both", "penalty_game_loser", "result",
                                  "result_source", "recorded_at", "status"])
            if m.ends_at is not None and m.time_called_at is None:
                # Finalising retired the match clock; the reopened match needs it again.
                Deadline.objects.filter(kind=Deadline.Kind.MATCH_TIME, target_id=m.id).update(processed_at=None, outcome="")
                _deadline_set(event=m.round.event, kind=Deadline.Kind.MATCH_TIME, target_id=m.id, due_at=m.ends_at)
            _audit(event=m.round.event, actor=penalty.issued_by, action="match reopened", target=str(m),
                   reason="both players received a Game Loss in the same game",
                   data={"games_a": m.games_a, "games_b": m.games_b, "games_lost_by_both": m.games_lost_by_both})
            _broadcast_match(m, kind="result")
            broadcast_event(slug=m.round.event.slug, kind="standings", data={})
            return f"both players received a Game Loss in game {played}: both lose it; the match goes on ({m.games_a}-{m.games_b})"
        Registration.objects.filter(pk=reg.pk).update(pending_game_losses=reg.pending_game_losses + 1)
        return "match over: applies to the player's next game"
    if same_game:
        setattr(m, f"games_{side}", getattr(m, f"games_{side}") - 1)
        m.games_lost_by_both += 1
        m.penalty_game_loser = "both"
        m.save(update_fields=[f"games_{side}", "games_lost_by_both", "penalty_game_loser"])
        _broadcast_match(m)
        return f"both players received a Game Loss in game {played}: both lose it ({m.games_a}-{m.games_b})"
    need = m.round.best_of // 2 + 1
    games = getattr(m, f"games_{opp}") + 1
    setattr(m, f"games_{opp}", games)
    m.penalty_game_no, m.penalty_game_loser = played + 1, side
    m.save(update_fields=[f"games_{opp}", "penalty_game_no", "penalty_game_loser"])
    if games >= need:
        _match_finalise(m, result=opp, source="penalty", by=penalty.issued_by, games_a=m.games_a, games_b=m.games_b)
        return f"game and match to {m.registration_of(opp).name}"
    _broadcast_match(m)
    return f"game to {m.registration_of(opp).name} ({m.games_a}-{m.games_b})"


def _pending_game_losses_apply(matches: list[Match]) -> None:
    """A Game Loss received between games applies to the player's next game."""
    for m in matches:
        if m.is_bye:
            continue
        for side in ("a", "b"):
            reg = Registration.objects.get(pk=getattr(m, f"player_{side}_id"))
            if reg.pending_game_losses:
                Registration.objects.filter(pk=reg.pk).update(pending_game_losses=reg.pending_game_losses - 1)
                penalty = Penalty.objects.filter(registration=reg, kind=Penalty.Kind.GAME_LOSS).order_by("-id").first()
                fake = penalty or Penalty(registration=reg, event=m.round.event)
                fake.registration = reg
                _game_loss_apply(fake, Match.objects.get(pk=m.pk))


def penalty_for_decklist(*, event: Event, registration: Registration, by) -> Penalty | None:
    """Deck-list penalty from the decks app's class: incorrect → Game Warning, invalid → Game Loss
    (Deck Lists); one penalty per decklist however many errors it has."""
    _require(event, by, [EventRole.Role.HEAD_JUDGE, EventRole.Role.FLOOR_JUDGE], "issue deck-list penalties")
    decklist = decklist_for(event, registration.player)
    if decklist is None:
        raise EventError(f"{registration.name} has no decklist in this event.")
    cls = decklist_penalty_class(decklist)
    if cls is None:
        return None
    label = "Incorrect deck list" if cls == "game_warning" else "Invalid deck list"
    return penalty_issue(event=event, registration=registration, by=by, kind=cls, infraction=label,
                         note="Deck Lists", decklist_id=decklist.pk)


# --------------------------------------------------------------------------- appeals


def appeal_file(*, event: Event, by, ruling: str, reason: str = "", floor_judge=None, match: Match | None = None) -> Appeal:
    """A player appeals a floor judge's ruling to the head judge (Judges)."""
    reg = Registration.objects.filter(event=event, player=by).first()
    if reg is None:
        raise NotPermitted("Only a player in the event may appeal a ruling.")
    if match is not None and match.side_of(reg.id) is None:
        raise NotPermitted("You can only appeal rulings in your own match.")
    if not ruling.strip():
        raise EventError("Describe the ruling you appeal.")
    appeal = Appeal.objects.create(event=event, registration=reg, match=match, floor_judge=floor_judge, ruling=ruling, reason=reason)
    broadcast_event(slug=event.slug, kind="appeal", data={"id": appeal.id})  # judges' pages refresh
    return appeal


def appeal_decide(*, appeal: Appeal, by, upheld: bool, decision: str) -> Appeal:
    """The head judge's ruling on an appeal is final (Judges: "A Head Judge's ruling ... is final")."""
    _require(appeal.event, by, [EventRole.Role.HEAD_JUDGE], "decide an appeal")
    with transaction.atomic():
        a = Appeal.objects.select_for_update().get(pk=appeal.pk)
        if a.status != Appeal.Status.OPEN:
            raise EventError("The head judge has already decided this appeal; the decision is final.")
        _set_status(a, Appeal.Status.UPHELD if upheld else Appeal.Status.OVERTURNED)
        a.decision, a.decided_by, a.decided_at = decision, by, timezone.now()
        a.save(update_fields=["decision", "decided_by", "decided_at"])
        _audit(event=a.event, actor=by, action="appeal_decided", target=a.registration.name, reason=decision,
               data={"upheld": upheld, "appeal": a.id})
    return a
