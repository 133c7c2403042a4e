"""Celery tasks: small, repeatable adapters. Each takes ids, re-fetches, returns quietly if the object is
gone or already handled, and calls one service. The services claim work with compare-and-set updates, so
a task delivered twice (acks_late after a killed worker) or raced by the sweep acts once."""
from __future__ import annotations

from celery import shared_task
from django.db import OperationalError

from tournaments import services
from tournaments.models import Round


@shared_task(name="tournaments.tasks.pair_round_task")
def pair_round_task(round_id: int) -> str:
    rnd = Round.objects.filter(id=round_id).first()
    if rnd is None:
        return "gone"
    done = services.round_pair(round=rnd)
    return "paired" if done else "nothing to do"


@shared_task(name="tournaments.tasks.process_deadline_task")
def process_deadline_task(deadline_id: int) -> str:
    return services.deadline_process(deadline_id=deadline_id) or "not due or already processed"


@shared_task(name="tournaments.tasks.sweep_deadlines_task", autoretry_for=(OperationalError,),
             retry_backoff=1, retry_backoff_max=8, max_retries=3)
def sweep_deadlines_task() -> int:
    """Every 10 s (CELERY_BEAT_SCHEDULE): deadlines that passed while no worker ran, rounds left unpaired.
    The worker takes its connection from a bounded pool (config/settings.py); should the database still
    refuse one (a restart, max_connections reached by something else), the sweep retries with a backoff."""
    return services.deadlines_sweep()
