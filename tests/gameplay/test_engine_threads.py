"""One ``MLPGame`` shared by several threads of a server: each public call works with its own
``Rules`` session (the card tables are shared read only), so games played at once in two threads
are the games played one after the other.  (With the scratch values on the shared object, as
before ``Rules.session``, some of these twelve games came out differently in every run.)"""
from __future__ import annotations

import hashlib
import sys
import threading

from gameplay.engine.mlp import MLPGame
from gameplay.engine.mlp.selfplay import play_random_game

SEEDS = ((1, 2, 3, 4, 5, 6), (11, 12, 13, 14, 15, 16))


def _play(game: MLPGame, seeds: tuple[int, ...], out: dict[int, str]) -> None:
    for seed in seeds:
        h = hashlib.sha256()
        play_random_game(game, seed, policy="uniform", digest=h)
        out[seed] = h.hexdigest()


def test_two_threads_sharing_one_game_play_the_same_games_as_one_after_the_other(card_db):
    alone: dict[int, str] = {}
    for seeds in SEEDS:
        _play(MLPGame(card_db, quiet=True), seeds, alone)
    shared = MLPGame(card_db, quiet=True)
    together: dict[int, str] = {}
    errors: list[BaseException] = []

    def worker(seeds):
        try:
            _play(shared, seeds, together)
        except BaseException as e:  # (reported below: a thread's exception is otherwise lost)
            errors.append(e)

    old = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)  # switch threads often, so the two games interleave call by call
    try:
        threads = [threading.Thread(target=worker, args=(seeds,)) for seeds in SEEDS]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
    finally:
        sys.setswitchinterval(old)
    assert not errors, errors
    assert together == alone
