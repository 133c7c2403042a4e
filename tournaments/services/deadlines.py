"""Acting on deadlines: match time, tardiness and the end-of-match cap. Deadlines are stored in the
database (``common.deadline_set``) and processed exactly once, by their Celery task or by the periodic sweep.
"""
from __future__ import annotations

from datetime import datetime, timedelta

from django.db import transaction
from django.utils import timezone

from tournaments.models import Deadline, Match, Penalty, Round
from tournaments.services.common import broadcast_match
from tournaments.services.matches import match_call_time
from tournaments.services.penalties import penalty_issue
from tournaments.services.rounds import round_pair
from tournaments.signals import match_play_stopped
from tournaments.tiers import tier_rules


def deadline_process(*, deadline_id: int, now: datetime | None = None) -> str | None:
    """Act on a deadline exactly once. The claim (processed_at) and its effects commit together, so a
    worker killed mid-way leaves it unclaimed for the redelivered task or the sweep. While the event's
    clocks are paused nothing is claimed: resuming moves the deadline later and schedules it again."""
    now = now or timezone.now()
    with transaction.atomic():
        claimed = Deadline.objects.filter(
            id=deadline_id, processed_at__isnull=True, due_at__lte=now, event__clocks_paused_at__isnull=True,
            event__deleted_at__isnull=True,
        ).update(processed_at=now)
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
    due = Deadline.objects.filter(processed_at__isnull=True, due_at__lte=now, event__clocks_paused_at__isnull=True,
                                event__deleted_at__isnull=True)
    for deadline_id in due.values_list("id", flat=True)[:limit]:
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
    match_play_stopped.send(sender=Match, match=m)
    broadcast_match(m, kind="stop_play")
    return f"{m}: end-of-match limit reached, play stops; judges enter the points"


def _deadline_tardiness(deadline: Deadline, now: datetime) -> str:
    """Tardiness: a player still not present five minutes after the start of the round (online: not ready
    to play after ten) gets a Game Loss, unless a judge waived it."""
    rnd = Round.objects.select_related("event").filter(id=deadline.target_id).first()
    if rnd is None or rnd.status != Round.Status.RUNNING:
        return "round not running"
    issued = []
    grace = tier_rules(rnd.event.tier).tardiness_grace(online=rnd.event.online)
    absent = "Not ready to play" if rnd.event.online else "Not present"
    for m in rnd.matches.filter(player_b__isnull=False, tardiness_waived=False).exclude(status=Match.Status.FINAL).select_related("player_a__player", "player_b__player"):
        for side in ("a", "b"):
            if not getattr(m, f"present_{side}"):
                reg = m.registration_of(side)
                penalty_issue(
                    event=rnd.event, registration=reg, by=None, kind=Penalty.Kind.GAME_LOSS, infraction="Tardiness",
                    note=f"{absent} {grace} minutes after round {rnd.number} began (Tardiness).",
                    match=m, system=True,
                )
                issued.append(reg.name)
    return f"tardiness game losses: {', '.join(issued) or 'none'}"
