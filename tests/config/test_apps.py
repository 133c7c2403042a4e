"""One ``manage.py migrate`` prepares every database of the embedded mode, the channel layer's included."""
from __future__ import annotations

import os
import sqlite3
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_one_migrate_creates_the_channel_layer_tables_too(tmp_path):
    env = {k: v for k, v in os.environ.items() if k not in ("DATABASE_URL", "REDIS_URL", "PONYHALL_CHANNEL_LAYER", "PONYHALL_SQLITE")}
    env.update(PONYHALL_VAR_DIR=str(tmp_path), DJANGO_SETTINGS_MODULE="config.settings", PYTHONPATH=str(ROOT))
    subprocess.run([sys.executable, "manage.py", "migrate", "--noinput", "-v0"], cwd=ROOT, env=env, check=True, timeout=300)
    tables = lambda f: {r[0] for r in sqlite3.connect(tmp_path / f).execute("select name from sqlite_master where type='table'")}  # noqa: E731
    assert {"channels_lite_event", "channels_lite_groupmembership"} <= tables("channels.sqlite3")
    assert "tournaments_event" not in tables("channels.sqlite3")  # only the layer's own tables live there
    assert "channels_lite_event" not in tables("db.sqlite3")
