"""Rounds: starting the next one, pairing it through the engine (a Celery task), random deck checks
(Tier 2/3), re-pairing by the head judge, and seeding the top cut (Tier 1 Rules, Elimination Rounds).
"""
from __future__ import annotations

import random
from datetime import datetime, timedelta

from django.db import transaction
from django.db.models import Q
from django.utils import timezone

from tournaments.broadcast import broadcast_event
from tournaments.clock import match_time_minutes
from tournaments.models import AuditEntry, Deadline, Event, EventRole, Match, Penalty, Round, TimerPreset
from tournaments.pairing import PairingError, pair_swiss, top_cut_plan
from tournaments.pairing_adapter import (
    engine_players,
    engine_rounds,
    event_bracket,
    event_scoring,
    event_standings,
    round_partition,
)
from tournaments.scheduling import schedule_task
from tournaments.services.common import (
    EventError,
    audit,
    current_round,
    deadline_set,
    lock_event,
    require_role,
    set_status,
)
from tournaments.services.clocks import round_phases_for
from tournaments.services.matches import round_maybe_complete
from tournaments.services.penalties import pending_game_losses_apply
from tournaments.signals import round_paired
from tournaments.tiers import tier_rules


def round_missing_results_text(*, round: Round) -> str:
    missing = [m for m in round.matches.select_related("player_a__player", "player_b__player") if m.status != Match.Status.FINAL]
    return "; ".join(f"{m} has no result" for m in missing) or "all results are in"


def round_start_next(*, event: Event, by, timer: TimerPreset | None = None) -> Round:
    """The organiser starts the next round: pairing runs as a Celery task (``pair_round_task``). ``timer``
    is one of the acting user's presets; its phases become the round's clock."""
    require_role(event, by, [EventRole.Role.ORGANISER, EventRole.Role.HEAD_JUDGE], "start a round")
    if timer is not None and timer.owner_id != by.pk:
        raise EventError("Use one of your own timer presets.")
    with transaction.atomic():
        event = lock_event(event)
        return _round_create(event, timer=timer)


def _round_create(event: Event, *, timer: TimerPreset | None = None) -> Round:
    if event.status not in (Event.Status.SWISS, Event.Status.ELIMINATION):
        raise EventError(f"Rounds are played during Swiss or elimination rounds; the event is {event.get_status_display()}.")
    if event.clocks_paused_at is not None:
        raise EventError("The clocks are paused: resume them before starting a round.")
    last = current_round(event)
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
        kind, minutes, best_of = Round.Kind.SWISS, event.round_minutes or rules.swiss_minutes, 1
    else:
        bracket = event_bracket(event)
        if bracket is None or bracket.champion is not None:
            raise EventError("The elimination rounds are over.")
        kind, minutes, best_of = Round.Kind.ELIMINATION, rules.elimination_minutes, rules.elimination_best_of
    phases = round_phases_for(event=event, preset=timer, minutes=minutes)
    rnd = Round.objects.create(
        event=event, number=(last.number + 1) if last else 1, kind=kind, best_of=best_of, phases=phases,
        minutes=match_time_minutes(phases) if phases else None,
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
                partition = round_partition(event, rnd.number)  # e.g. draft pods (limited events)
                groups = partition.groups if partition else None
                result = pair_swiss(
                    engine_players(event, groups=groups), engine_rounds(event), scoring=event_scoring(event),
                    seed=f"{event.seed}:{rnd.number}:{attempt}", groups=groups is not None,
                )
                pairs = [(p.table, int(p.a), int(p.b) if p.b else None, _in_group(groups, int(p.a)) + p.explanation, p.rematch)
                         for p in result.pairings]
                rnd.warnings = list(result.warnings)
            else:
                bracket = event_bracket(event)
                if bracket is None or bracket.champion is not None:
                    raise PairingError("the bracket is finished")
                pairs = [(k + 1, int(bm.a), int(bm.b), f"seed {bm.seed_a} vs seed {bm.seed_b}", False) for k, bm in enumerate(bracket.pairings)]
        except PairingError as exc:
            audit(event=event, actor=None, action="pairing_failed", target=f"round {rnd.number}", reason=str(exc))
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
        set_status(rnd, Round.Status.RUNNING)
        for m in matches:
            if not m.is_bye and rnd.ends_at is not None:
                deadline_set(event=event, kind=Deadline.Kind.MATCH_TIME, target_id=m.id, due_at=rnd.ends_at + timedelta(seconds=m.extra_seconds))
        if any(not m.is_bye for m in matches):
            # Tardiness: five minutes after the beginning of round time (online: ten, see TierRules).
            grace = timedelta(minutes=tier_rules(event.tier).tardiness_grace(online=event.online))
            deadline_set(event=event, kind=Deadline.Kind.TARDINESS, target_id=rnd.id, due_at=now + grace)
        pending_game_losses_apply(matches)
        round_paired.send(sender=Round, round=rnd)
        round_maybe_complete(rnd)
        broadcast_event(slug=event.slug, kind="pairings", data={"round": rnd.number, "ends_at": rnd.ends_at.isoformat() if rnd.ends_at else None})
    return rnd


def _in_group(groups: dict[int, str] | None, registration_id: int) -> str:
    if groups is None:
        return ""
    return f"within {groups[registration_id]}: " if registration_id in groups else "players in no group, together: "


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
    require_role(event, by, [EventRole.Role.HEAD_JUDGE], "re-pair a round")
    if not reason.strip():
        raise EventError("Give a reason for re-pairing; it is kept in the audit log.")
    with transaction.atomic():
        # Its matches, then the round (the lock order, tournaments/services/common.py).
        list(Match.objects.select_for_update().filter(round_id=round.pk).order_by("id").values_list("pk"))
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
        set_status(rnd, Round.Status.PENDING)
        audit(event=event, actor=by, action="repair", target=f"round {rnd.number}", reason=reason, data={"round": rnd.number, "old": old})
        from tournaments.tasks import pair_round_task

        schedule_task(pair_round_task, args=[rnd.id])
        broadcast_event(slug=event.slug, kind="round", data={"round": rnd.number, "status": rnd.status})
    return rnd


def event_start_top_cut(*, event: Event, by, size: int | None = None) -> Round:
    """Seed the elimination bracket from the Swiss standings and start its first round
    (Tier 1 Rules, Elimination Rounds: highest seed against lowest seed)."""
    require_role(event, by, [EventRole.Role.ORGANISER], "start the top cut")
    rules = tier_rules(event.tier)
    with transaction.atomic():
        event = lock_event(event)
        if event.status != Event.Status.SWISS:
            set_status(event, Event.Status.ELIMINATION)
        if rules.elimination_needs_announcement and not event.elimination_announced:
            raise EventError(
                "Elimination rounds were not announced before the start; at Tier 1 players must be told before "
                "the beginning of the tournament (Tier 1 Rules, Elimination Rounds)."
            )
        last = current_round(event)
        if last is None:
            raise EventError("No Swiss round has been played.")
        if last.status != Round.Status.COMPLETE:
            raise EventError(f"Round {last.number} is not complete: {round_missing_results_text(round=last)}.")
        if event.top_cut == 0 and not size:
            raise EventError("This event has no elimination rounds (top cut 0): finish it instead.")
        standings = event_standings(event)
        active = sum(1 for s in standings if not s.dropped)
        try:  # the floor rules' size goes by the players who started (Tier 1 Rules, Elimination Rounds)
            plan = top_cut_plan(active=active, event_size=len(standings), requested=size or event.top_cut or None)
        except PairingError as exc:
            raise EventError(str(exc)) from exc
        n = plan.size
        if n < 2:
            raise EventError(f"Too few players left for elimination rounds ({active} still in).")
        audit(event=event, actor=by, action="top_cut", target=f"top {n}", reason=plan.describe(),
              data={"wanted": plan.wanted, "size": n, "event_size": plan.event_size, "active": active})
        seeds = [int(s.id) for s in standings if not s.dropped][:n]
        event.top_cut = n
        event.top_cut_seeds = seeds
        event.save(update_fields=["top_cut", "top_cut_seeds"])
        set_status(event, Event.Status.ELIMINATION)
        return _round_create(event)
