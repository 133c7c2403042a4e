"""Beyond one process: two daphne processes and two Celery workers on the same database and Redis serve
one game whose two players are connected to different processes — actions from both sides, both views in
step — and a worker killed mid-game loses nothing (the other worker's sweep plays the timed-out decision).

Needs Redis (channel layer and broker): runs with the live-worker tests (``celery_live``)."""
from __future__ import annotations

import asyncio
import json
import os
import signal
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import pytest
from django.conf import settings

from gameplay.models import GameAction, HostedGame
from gameplay.services import SeatSpec, hosted_match_create, state_load, state_replay
from gameplay.services.common import STATE_CACHE
from tests.gameplay.online_fixtures import ann, bob, random_deck  # noqa: F401
from tests.tournaments.test_celery_live import Worker, _wait, broker  # noqa: F401

pytestmark = [pytest.mark.celery_live, pytest.mark.django_db(transaction=True)]

PORTS = (int(os.environ.get("PONYHALL_TEST_PORT_A", 8131)), int(os.environ.get("PONYHALL_TEST_PORT_B", 8132)))


class Daphne:
    def __init__(self, env: dict, port: int, log: Path):
        self.port, self.log = port, log
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "daphne", "-b", "127.0.0.1", "-p", str(port), "config.asgi:application"],
            cwd=settings.BASE_DIR, env=env, stdout=open(log, "w"), stderr=subprocess.STDOUT, start_new_session=True)
        end = time.monotonic() + 60
        while time.monotonic() < end:
            try:
                socket.create_connection(("127.0.0.1", port), timeout=1).close()
                return
            except OSError:
                if self.proc.poll() is not None:
                    break
                time.sleep(0.3)
        raise AssertionError(f"daphne on {port} did not start:\n{log.read_text(errors='replace')[-2000:]}")

    def stop(self) -> None:
        if self.proc.poll() is None:
            os.killpg(self.proc.pid, signal.SIGTERM)
            try:
                self.proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                os.killpg(self.proc.pid, signal.SIGKILL)


@pytest.fixture
def stack(broker, settings):  # noqa: F811
    settings.CHANNEL_LAYERS = {"default": {"BACKEND": "channels.layers.InMemoryChannelLayer"}}  # (this process only)
    with tempfile.TemporaryDirectory(prefix="ponyhall-online-stack-") as tmp:
        tmp = Path(tmp)
        (tmp / "w1").mkdir()
        (tmp / "w2").mkdir()
        workers = [Worker(tmp / "w1"), Worker(tmp / "w2")]
        daphnes: list[Daphne] = []
        try:
            for w in workers:
                w.start()
            daphnes = [Daphne(workers[0].env, port, tmp / f"daphne-{port}.log") for port in PORTS]
            yield workers, daphnes
        finally:
            for d in daphnes:
                d.stop()
                print(d.log.read_text(errors="replace")[-3000:])
            for w in workers:
                w.kill()
            for log in sorted(tmp.rglob('worker-*.log')):
                print(log, log.read_text(errors='replace')[-2500:])


def _session_cookie(user) -> str:
    from django.contrib.auth import BACKEND_SESSION_KEY, HASH_SESSION_KEY, SESSION_KEY
    from django.contrib.sessions.backends.db import SessionStore

    s = SessionStore()
    s[SESSION_KEY], s[BACKEND_SESSION_KEY] = str(user.pk), "django.contrib.auth.backends.ModelBackend"
    s[HASH_SESSION_KEY] = user.get_session_auth_hash()
    s.create()
    return f"{settings.SESSION_COOKIE_NAME}={s.session_key}"


class Client:
    """One player's websocket on one daphne; keeps the newest state it was sent."""

    def __init__(self, ws):
        self.ws, self.state = ws, None

    async def pump(self, timeout: float = 0.2) -> None:
        try:
            while True:
                m = json.loads(await asyncio.wait_for(self.ws.recv(), timeout))
                if m["type"] == "state" and (self.state is None or m["seq"] >= self.state["seq"]):
                    self.state = m
        except asyncio.TimeoutError:
            return


async def _play(game_id: int, cookies: list[str], actions: int, on_half=None) -> list[dict]:
    import websockets

    clients = []
    for port, cookie in zip(PORTS, cookies):
        ws = await websockets.connect(f"ws://127.0.0.1:{port}/ws/play/g/{game_id}/", open_timeout=60,
                                      additional_headers={"Cookie": cookie, "Origin": f"http://127.0.0.1:{port}"})
        clients.append(Client(ws))
    sent = 0
    deadline = time.monotonic() + 240
    while sent < actions and time.monotonic() < deadline:
        for c in clients:
            await c.pump()
        states = [c.state for c in clients]
        if None in states or states[0]["seq"] != states[1]["seq"]:
            continue  # wait until both processes told their player about the last action
        assert states[0]["view"]["turn"] == states[1]["view"]["turn"]
        assert [p["score"] for p in states[0]["view"]["players"]] == [p["score"] for p in states[1]["view"]["players"]]
        mover = next((c for c in clients if c.state["legal_actions"]), None)
        if mover is None:
            continue
        await mover.ws.send(json.dumps({"type": "action", "seq": mover.state["seq"], "action": mover.state["legal_actions"][-1]}))
        sent += 1
        if on_half and sent == actions // 2:
            await on_half(clients)
    for c in clients:
        await c.pump(0.5)
    finals = [c.state for c in clients]
    for c in clients:
        await c.ws.close()
    assert sent == actions, f"only {sent} actions in time"
    return finals


def test_two_daphnes_and_two_workers_serve_one_game_and_a_worker_killed_mid_game_loses_nothing(stack, ann, bob):
    workers, _ = stack
    match = hosted_match_create(seats=[SeatSpec(name="ann", deck=random_deck(1), user=ann),
                                       SeatSpec(name="bob", deck=random_deck(2), user=bob)],
                                seed=8, decision_seconds=4, grace_seconds=4)
    game = HostedGame.objects.get(match=match)

    async def kill_a_worker_and_wait_for_a_timeout(clients):
        # Called just after an action was sent: first let both players see it, or its own state (seq + 1)
        # would pass for the timeout below and play would go on before any decision timer ran out.
        sent = clients[0].state["seq"] + 1
        end = time.monotonic() + 30
        while time.monotonic() < end and not (clients[0].state["seq"] == clients[1].state["seq"] >= sent):
            for c in clients:
                await c.pump(0.5)
        seq = clients[0].state["seq"]
        assert seq >= sent and clients[1].state["seq"] == seq, "both players see the action just sent"
        workers[0].kill()  # mid-game; nobody acts now: the other worker's sweep must play the timed-out decision
        end = time.monotonic() + 40
        while time.monotonic() < end:
            for c in clients:
                await c.pump(0.5)
            if all(c.state["seq"] > seq for c in clients):
                source = await asyncio.to_thread(
                    lambda: GameAction.objects.filter(game_id=game.pk, seq=seq + 1).values_list("source", flat=True).first())
                assert source == "timeout", f"action {seq + 1} came from {source!r}, not a timeout"
                return
        raise AssertionError("no timeout was played after a worker was killed")

    finals = asyncio.run(_play(game.pk, [_session_cookie(ann), _session_cookie(bob)], 30, kill_a_worker_and_wait_for_a_timeout))
    assert finals[0]["seq"] == finals[1]["seq"] and finals[0]["viewer"]["seat"] == 0 and finals[1]["viewer"]["seat"] == 1
    game.refresh_from_db()
    assert game.seq == finals[0]["seq"]
    assert GameAction.objects.filter(game=game, source="timeout").exists()
    assert GameAction.objects.filter(game=game, source="player", actor=0).exists()
    assert GameAction.objects.filter(game=game, source="player", actor=1).exists()
    seqs = list(GameAction.objects.filter(game=game).order_by("seq").values_list("seq", flat=True))
    assert seqs == list(range(1, game.seq + 1))
    STATE_CACHE.clear()
    assert state_load(game).to_json() == state_replay(game).to_json()
