"""Hand work to Celery after the transaction commits.

A task that is lost (broker down, worker killed) is not a problem: every deadline is in the database and
the periodic sweep (``sweep_deadlines_task``) processes it; a round left ``pending`` is paired by the sweep.
"""
from __future__ import annotations

import logging
from datetime import datetime

from django.db import transaction

logger = logging.getLogger(__name__)


def schedule_task(task, *, args: list, eta: datetime | None = None) -> None:
    def send() -> None:
        from config.celery import app

        try:
            task.apply_async(args=args, eta=eta)
        except Exception:
            if app.conf.task_always_eager:
                raise
            logger.exception("could not queue %s%r; the periodic sweep will pick it up", task.name, args)

    transaction.on_commit(send)
