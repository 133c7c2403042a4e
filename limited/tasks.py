"""Celery tasks for drafts: small, repeatable adapters over ``limited.draft`` (see ``tournaments.tasks``)."""
from __future__ import annotations

from celery import shared_task

from limited import draft


@shared_task(name="limited.tasks.draft_deadline_task")
def draft_deadline_task(deadline_id: int) -> str:
    return draft.draft_deadline_process(deadline_id=deadline_id) or "not due or already processed"


@shared_task(name="limited.tasks.sweep_draft_timers_task")
def sweep_draft_timers_task() -> int:
    """Every 5 s (CELERY_BEAT_SCHEDULE): pick timers and reviews that ran out while no worker ran."""
    return draft.draft_deadlines_sweep()
