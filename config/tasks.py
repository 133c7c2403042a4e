"""Platform-level Celery tasks (diagnostics for both run modes)."""
from __future__ import annotations

from celery import shared_task

from config.broadcast import broadcast_now


@shared_task(name="config.tasks.ping_group_task")
def ping_group_task(group: str, payload: dict) -> None:
    """Broadcast ``payload`` to a websocket group: proves a worker runs scheduled jobs that reach browsers."""
    broadcast_now(group, {"kind": "ping", **payload})
