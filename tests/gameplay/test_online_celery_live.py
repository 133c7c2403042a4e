"""Decision timeouts with a real Celery worker on Redis (the live-worker pattern of
tests/tournaments/test_celery_live.py): the worker's periodic sweep plays the engine's default action for
a player who neither acts nor is at the table; killed mid-game and restarted, it loses nothing and applies
nothing twice."""
from __future__ import annotations

import tempfile
import time
from pathlib import Path

import pytest

from gameplay.engines import get_engine
from gameplay.models import GameAction, GameDeadline, HostedGame
from gameplay.services import SeatSpec, hosted_match_create, state_load, state_replay
from gameplay.services.common import STATE_CACHE
from tests.gameplay.online_fixtures import ann, bob, random_deck  # noqa: F401
from tests.tournaments.test_celery_live import Worker, _wait, broker  # noqa: F401

pytestmark = [pytest.mark.celery_live, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def worker(broker):  # noqa: F811
    with tempfile.TemporaryDirectory(prefix="ponyhall-online-worker-") as tmp:
        w = Worker(Path(tmp))
        try:
            yield w
        finally:
            w.kill()


def _timeouts(game_id: int) -> int:
    return GameAction.objects.filter(game_id=game_id, source="timeout").count()


def test_a_worker_plays_the_default_action_when_the_decision_time_runs_out_and_survives_a_kill(worker, ann, bob):
    match = hosted_match_create(seats=[SeatSpec(name="ann", deck=random_deck(1), user=ann),
                                       SeatSpec(name="bob", deck=random_deck(2), user=bob)],
                                seed=4, decision_seconds=2, grace_seconds=2)
    game = HostedGame.objects.get(match=match)
    first_deadline = GameDeadline.objects.get(game=game)
    engine = get_engine("mlp").game()
    expected = engine.default_action(state_load(game), first_deadline.seat).to_dict()
    worker.start()
    _wait(lambda: _timeouts(game.pk) >= 1, 30, "the worker to play the first timeout", worker)
    first = GameAction.objects.get(game=game, seq=1)
    assert first.source == "timeout" and first.action == expected and first.actor == first_deadline.seat
    _wait(lambda: _timeouts(game.pk) >= 3, 30, "more timeouts", worker)
    worker.kill()  # mid-game
    time.sleep(1)
    frozen = HostedGame.objects.get(pk=game.pk).seq
    time.sleep(4)
    assert HostedGame.objects.get(pk=game.pk).seq == frozen  # nothing moves while no worker runs
    worker.start()  # the sweep finds the deadline that passed meanwhile
    _wait(lambda: HostedGame.objects.get(pk=game.pk).seq >= frozen + 2, 30, "the restarted worker to go on", worker)
    worker.kill()
    game.refresh_from_db()
    seqs = list(GameAction.objects.filter(game=game).order_by("seq").values_list("seq", flat=True))
    assert seqs == list(range(1, game.seq + 1))  # one action per position: nothing applied twice
    STATE_CACHE.clear()
    assert state_load(game).to_json() == state_replay(game).to_json()
