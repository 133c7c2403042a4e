"""The Celery app. Broker from settings: Redis, or the embedded file-system broker."""
from __future__ import annotations

import os
from pathlib import Path

from celery import Celery
from celery.signals import worker_ready

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

app = Celery("ponyhall")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()
app.conf.imports = ("config.tasks",)



@worker_ready.connect
def touch_ready_file(**kwargs) -> None:
    """``run.sh`` waits for this file before it prints its welcome, so the welcome comes last."""
    ready_file = os.environ.get("PONYHALL_WORKER_READY_FILE")
    if ready_file:
        Path(ready_file).touch()
