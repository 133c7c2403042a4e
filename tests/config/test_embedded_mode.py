"""Embedded defaults really run background work: a real Celery worker on the file-system broker runs a
task scheduled ahead and its message reaches a websocket group over the SQLite channel layer — no server."""
from __future__ import annotations

import os
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

LISTENER = textwrap.dedent(
    """
    import asyncio, json, time, django
    django.setup()
    from channels.layers import get_channel_layer
    from config.tasks import ping_group_task

    async def main():
        layer = get_channel_layer()
        channel = await layer.new_channel()
        await layer.group_add("diagnostics", channel)
        sent = time.monotonic()
        ping_group_task.apply_async(args=["diagnostics", {"hello": "pony"}], countdown=3)
        msg = await asyncio.wait_for(layer.receive(channel), timeout=60)
        print(json.dumps({"payload": msg["payload"], "after": time.monotonic() - sent}))

    asyncio.run(main())
    """
)


@pytest.mark.celery_live
def test_a_task_scheduled_ahead_runs_and_reaches_the_channel_layer_without_servers(tmp_path):
    env = {k: v for k, v in os.environ.items() if k not in ("DATABASE_URL", "REDIS_URL", "CELERY_TASK_ALWAYS_EAGER", "PONYHALL_CHANNEL_LAYER")}
    env.update(PONYHALL_VAR_DIR=str(tmp_path), DJANGO_SETTINGS_MODULE="config.settings", PYTHONPATH=str(ROOT))
    run = lambda *a: subprocess.run([sys.executable, *a], cwd=ROOT, env=env, check=True, capture_output=True, timeout=120)  # noqa: E731
    run("manage.py", "migrate", "--noinput", "-v0")
    worker = subprocess.Popen(
        [sys.executable, "-m", "celery", "-A", "config", "worker", "--pool=solo", "--loglevel=WARNING"],
        cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
    )
    try:
        out = run("-c", LISTENER).stdout.decode()
    finally:
        worker.kill()
        worker.wait(10)
    import json

    result = json.loads(out.strip().splitlines()[-1])
    assert result["payload"] == {"kind": "ping", "hello": "pony"}
    assert result["after"] >= 3  # it waited for its scheduled time
    # the broker's exchange tables live under the var directory, not in the working directory
    assert any(f.name.endswith(".exchange") for f in (tmp_path / "celery-broker" / "control").iterdir())
