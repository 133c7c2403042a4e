"""Random self-play with every invariant checked (zones, counts, points, hidden info, replay)."""
from __future__ import annotations

import os

import pytest

from gameplay.engine.mlp.selfplay import run

GAMES = int(os.environ.get("MLP_SELFPLAY_GAMES", "200"))


@pytest.mark.slow
def test_checked_random_self_play(card_db):
    res = run(card_db, GAMES, seed=1000, check=True, turn_cap=150)
    assert res["errors"] == 0, res["first_errors"]
    assert res["completed"] == GAMES


def test_digest_identifies_the_games_played(card_db):
    """The self-play digest (actions and final states) is what shows that a speed change plays the
    very same games: equal for the same seeds, different for others."""
    a = run(card_db, 3, seed=5, digest=True)
    b = run(card_db, 3, seed=5, digest=True)
    c = run(card_db, 3, seed=6, digest=True)
    assert a["digest"] == b["digest"]
    assert a["digest"] != c["digest"]
    assert "digest" not in run(card_db, 1, seed=5)
