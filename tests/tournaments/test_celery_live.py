"""Background work with a real Celery worker on a real Redis broker, against the test database.

The worker is a subprocess (``celery -A config worker -B``, with the embedded beat running the periodic
sweep) whose environment points at this test run's database (PostgreSQL ``test_<name>`` or the SQLite test
file) and at a Redis database of its own. The test process publishes to the same broker. One test kills
the worker with SIGKILL mid-round, after it has taken the deadline tasks, restarts it, and checks that
every deadline is processed exactly once: nothing lost, nothing applied twice.
"""
from __future__ import annotations

import os
import signal
import subprocess
import sys
import tempfile
import time
from datetime import timedelta
from pathlib import Path

import pytest
from django.conf import settings
from django.db import connection
from django.utils import timezone

from tournaments import services
from tournaments.models import Deadline, Event, Match, Penalty, Round

REDIS_URL = os.environ.get("PONYHALL_TEST_REDIS_URL", "redis://127.0.0.1:6379/9")

pytestmark = [pytest.mark.celery_live, pytest.mark.django_db(transaction=True)]


def _redis_reachable() -> bool:
    try:
        import redis

        redis.Redis.from_url(REDIS_URL, socket_connect_timeout=1).ping()
        return True
    except Exception:
        return False


@pytest.fixture
def broker():
    """Point this process's Celery app at the live Redis broker (not eager) and start from an empty queue."""
    if not _redis_reachable():
        pytest.skip(f"Redis is not reachable at {REDIS_URL}; the live Celery tests need it")
    import redis

    from config.celery import app

    redis.Redis.from_url(REDIS_URL).flushdb()
    saved = (app.conf.task_always_eager, app.conf.broker_url, app.conf.broker_transport_options)
    app.conf.task_always_eager = False
    app.conf.broker_url = REDIS_URL
    app.conf.broker_transport_options = {"visibility_timeout": 3600}
    app._pool = None
    app.amqp._producer_pool = None
    yield app
    app.conf.task_always_eager, app.conf.broker_url, app.conf.broker_transport_options = saved
    app._pool = None
    app.amqp._producer_pool = None


class Worker:
    """A ``celery -A config worker -B`` subprocess on the test database; killed by its own process group."""

    def __init__(self, tmp: Path):
        self.tmp = tmp
        self.proc: subprocess.Popen | None = None
        self.starts = 0
        db = connection.settings_dict
        env = {k: v for k, v in os.environ.items() if k not in ("DATABASE_URL", "PONYHALL_SQLITE", "CELERY_TASK_ALWAYS_EAGER")}
        env["REDIS_URL"] = REDIS_URL
        env["DJANGO_SETTINGS_MODULE"] = "config.settings"
        if connection.vendor == "postgresql":
            user, host, port = db.get("USER") or "postgres", db.get("HOST") or "127.0.0.1", db.get("PORT") or 5432
            password = f":{db['PASSWORD']}" if db.get("PASSWORD") else ""
            env["DATABASE_URL"] = f"postgres://{user}{password}@{host}:{port}/{db['NAME']}"
        else:
            env["PONYHALL_SQLITE"] = str(db["NAME"])
        self.env = env

    def start(self) -> None:
        self.starts += 1
        log = open(self.tmp / f"worker-{self.starts}.log", "w")
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "celery", "-A", "config", "worker", "-B", "--pool=solo", "--loglevel=INFO",
             "--without-gossip", "--without-mingle", "-s", str(self.tmp / "beat-schedule")],
            cwd=settings.BASE_DIR, env=self.env, stdout=log, stderr=subprocess.STDOUT, start_new_session=True,
        )
        self._wait_for("ready", timeout=30)

    def _wait_for(self, text: str, timeout: float) -> None:
        deadline = time.monotonic() + timeout
        path = self.tmp / f"worker-{self.starts}.log"
        while time.monotonic() < deadline:
            if text in path.read_text(errors="replace"):
                return
            if self.proc.poll() is not None:
                raise AssertionError(f"the worker exited:\n{path.read_text(errors='replace')[-3000:]}")
            time.sleep(0.2)
        raise AssertionError(f"the worker did not log {text!r} in {timeout}s:\n{path.read_text(errors='replace')[-3000:]}")

    def log_text(self) -> str:
        return "\n".join((self.tmp / f"worker-{i}.log").read_text(errors="replace") for i in range(1, self.starts + 1))

    def kill(self) -> None:
        """SIGKILL the worker and its embedded beat (the process group we started)."""
        if self.proc and self.proc.poll() is None:
            os.killpg(self.proc.pid, signal.SIGKILL)
            self.proc.wait(timeout=10)


@pytest.fixture
def worker(broker):
    with tempfile.TemporaryDirectory(prefix="ponyhall-worker-") as tmp:
        w = Worker(Path(tmp))
        try:
            yield w
        finally:
            w.kill()


def _wait(predicate, timeout: float, what: str, worker: Worker | None = None) -> None:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if predicate():
            return
        time.sleep(0.3)
    tail = worker.log_text()[-4000:] if worker else ""
    raise AssertionError(f"timed out waiting for {what}\n{tail}")


def _event_with_players(make_event, players, organiser) -> Event:
    event = make_event(tier=1)
    services.event_open_registration(event=event, by=organiser)
    regs = [services.registration_create(event=event, player=p) for p in players[:8]]
    services.event_open_check_in(event=Event.objects.get(pk=event.pk), by=organiser)
    for r in regs:
        services.registration_check_in(registration=r, by=r.player)
    return services.event_start(event=Event.objects.get(pk=event.pk), by=organiser)


def test_the_worker_pairs_a_round_started_by_the_organiser(worker, make_event, players, organiser):
    worker.start()
    event = _event_with_players(make_event, players, organiser)
    rnd = services.round_start_next(event=event, by=organiser)  # queued to Redis after commit
    _wait(lambda: Round.objects.get(pk=rnd.pk).status == "running", 30, "the worker to pair round 1", worker)
    assert Match.objects.filter(round=rnd).count() == 4
    assert "pair_round_task" in worker.log_text()


def test_a_worker_killed_mid_round_loses_nothing_and_applies_nothing_twice(worker, make_event, players, organiser, floor_judge):
    from tournaments.tasks import process_deadline_task

    worker.start()
    event = _event_with_players(make_event, players, organiser)
    rnd = services.round_start_next(event=event, by=organiser)
    _wait(lambda: Round.objects.get(pk=rnd.pk).status == "running", 30, "the worker to pair round 1", worker)
    matches = list(Match.objects.filter(round=rnd, player_b__isnull=False).order_by("table"))
    for m in matches:
        services.match_mark_present(match=m, by=floor_judge, side="a")
        if m is not matches[0]:
            services.match_mark_present(match=m, by=floor_judge, side="b")
    # Bring the deadlines close (tardiness in 3 s, match time in 5 s) and hand them to the worker as ETA tasks.
    now = timezone.now()
    Deadline.objects.filter(kind="tardiness").update(due_at=now + timedelta(seconds=3))
    Deadline.objects.filter(kind="match_time").update(due_at=now + timedelta(seconds=5))
    Round.objects.filter(pk=rnd.pk).update(ends_at=now + timedelta(seconds=5))
    for d in Deadline.objects.all():
        process_deadline_task.apply_async(args=[d.id], eta=d.due_at)
    # 5 ETA tasks from the pairing (35 minutes away) and the 5 just sent.
    _wait(lambda: worker.log_text().count("process_deadline_task") >= 10, 15, "the worker to receive the ETA tasks", worker)
    worker.kill()  # mid-round: the ETA tasks were taken but not run, and never acknowledged
    time.sleep(6)
    assert Deadline.objects.filter(processed_at__isnull=False).count() == 0  # nothing ran while no worker ran
    # Restart; the periodic sweep (beat, every 10 s) finds the deadlines that passed. Duplicated deliveries
    # of the same tasks (as a redelivery would bring) must not apply anything twice.
    worker.start()
    for d in Deadline.objects.all():
        process_deadline_task.apply_async(args=[d.id])
        process_deadline_task.apply_async(args=[d.id])
    _wait(lambda: not Deadline.objects.filter(processed_at__isnull=True).exists(), 40, "every deadline to be processed", worker)
    time.sleep(12)  # let one more sweep run: it must find nothing to do
    assert Penalty.objects.filter(event=event, infraction="Tardiness").count() == 1  # exactly one Game Loss
    late = Match.objects.get(pk=matches[0].pk)
    assert late.status == "final" and late.result == "a"  # Tardiness: the absent player lost the game
    assert [Match.objects.get(pk=m.pk).status for m in matches[1:]] == ["time_called"] * 3
    assert Deadline.objects.filter(processed_at__isnull=True).count() == 0
