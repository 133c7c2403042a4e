"""Platform-level Celery tasks (diagnostics for both run modes)."""
from __future__ import annotations

from celery import shared_task

from config.broadcast import group_send_now


@shared_task(name="config.tasks.ping_group_task")
def ping_group_task(group: str, payload: dict) -> None:
    """Send ``payload`` to a websocket group: proves a worker runs scheduled jobs that reach browsers."""
    group_send_now(group, {"type": "diagnostics.ping", "payload": {"kind": "ping", **payload}})
