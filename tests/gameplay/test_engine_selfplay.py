"""Random self-play with every invariant checked (zones, counts, points, hidden info, replay)."""
from __future__ import annotations

import os

from gameplay.engine.mlp.selfplay import run

GAMES = int(os.environ.get("MLP_SELFPLAY_GAMES", "200"))


def test_checked_random_self_play(db):
    res = run(db, GAMES, seed=1000, check=True, turn_cap=150)
    assert res["errors"] == 0, res["first_errors"]
    assert res["completed"] == GAMES


def test_digest_identifies_the_games_played(db):
    """The self-play digest (actions and final states) is what shows that a speed change plays the
    very same games: equal for the same seeds, different for others."""
    a = run(db, 3, seed=5, digest=True)
    b = run(db, 3, seed=5, digest=True)
    c = run(db, 3, seed=6, digest=True)
    assert a["digest"] == b["digest"]
    assert a["digest"] != c["digest"]
    assert "digest" not in run(db, 1, seed=5)
