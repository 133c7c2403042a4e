"""Random self-play with every invariant checked (zones, counts, points, hidden info, replay)."""
from __future__ import annotations

import os

from gameplay.engine.mlp.selfplay import run

GAMES = int(os.environ.get("MLP_SELFPLAY_GAMES", "200"))


def test_checked_random_self_play(db):
    res = run(db, GAMES, seed=1000, check=True, turn_cap=150)
    assert res["errors"] == 0, res["first_errors"]
    assert res["completed"] == GAMES
