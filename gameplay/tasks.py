"""Celery tasks for hosted games: small, repeatable adapters (ids in, one service call; a task delivered
twice or raced by the sweep acts once, because the services claim work with compare-and-set updates and
check sequence numbers)."""
from __future__ import annotations

from celery import shared_task

from gameplay import services


@shared_task(name="gameplay.tasks.bot_play_task")
def bot_play_task(game_id: int) -> int:
    return services.bot_play(game_id=game_id)


@shared_task(name="gameplay.tasks.game_deadline_task")
def game_deadline_task(deadline_id: int) -> str:
    return services.deadline_process(deadline_id=deadline_id) or "not due or already processed"


@shared_task(name="gameplay.tasks.sweep_game_deadlines_task")
def sweep_game_deadlines_task() -> int:
    """Every 2 s (CELERY_BEAT_SCHEDULE): decision deadlines that passed, bot seats whose task was lost."""
    return services.deadlines_sweep()
