"""Booster draft over real websockets: 8 pods of 8 drafters (64 clients) draft 4 packs (48 picks each).

Run by hand (not a test):

    DATABASE_URL=postgres://postgres@127.0.0.1:5432/ponyhall_limited REDIS_URL=redis://127.0.0.1:6379/8 \\
        python bench/draft.py [--pods 8] [--size 8] [--port 8180] [--runs 1] [--servers 1]

Without DATABASE_URL/REDIS_URL it runs in embedded mode (SQLite, SQLite channel layer). It migrates, imports
the cards if needed, creates the drafters and a Premiere-block draft with no pick timer and no review pause,
starts daphne on the port, connects every drafter's websocket (session cookie), starts the draft and lets
each client pick the best card by the bots' rule the moment a pack arrives. Prints the pick round trip (pick
sent -> the server's "picked" answer received) p50/p90/p99/max and the total time for the whole draft, with
no timer ever waited. Target: p99 < 100 ms. ``--servers N`` starts N daphne processes (ports port … port+N-1,
as behind one load balancer) and spreads the drafters over them; that needs the Redis channel layer (REDIS_URL),
which carries each view to whichever process holds the drafter's socket.
"""
from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import statistics
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

import django  # noqa: E402

django.setup()

import websockets  # noqa: E402
from django.conf import settings  # noqa: E402
from django.contrib.auth import get_user_model  # noqa: E402
from django.core.management import call_command  # noqa: E402
from django.test import Client  # noqa: E402
from django.utils import timezone  # noqa: E402

from decks.boosters import PackCard  # noqa: E402
from limited.bots import bot_pick  # noqa: E402

STALL_SECONDS = 120  # no view for this long: the pod stopped (a lost message), reported instead of waiting forever


def database_ready() -> None:
    from decks.formats import formats_install
    from decks.importers import import_mlp_octgn
    from decks.models import Card

    call_command("migrate", verbosity=0)
    if not Card.objects.filter(game__slug="mlp").exists():
        import_mlp_octgn(settings.CARD_DATA_DIR)
    formats_install()


def prepare(pods: int, size: int):
    """Database, cards, drafters and a seated draft; returns (event, {username: cookie}, pod ids)."""
    from datetime import timedelta

    from django.contrib.auth.models import Group

    from decks.models import Format
    from limited import draft, services
    from tournaments import services as event_services
    from tournaments.roles import ORGANISERS_GROUP

    User = get_user_model()
    organiser, _ = User.objects.get_or_create(username="bench-organiser")
    Group.objects.get_or_create(name=ORGANISERS_GROUP)[0].user_set.add(organiser)  # only organisers create events
    fmt = Format.objects.get(slug="mlp-limited")
    stamp = int(time.time())
    event = event_services.event_create(by=organiser, name=f"Bench draft {stamp}", game=fmt.game, format=fmt,
                                        starts_at=timezone.now() + timedelta(hours=2), seed=stamp, capacity=None,
                                        structure="booster_draft")
    event_services.event_open_registration(event=event, by=organiser)
    drafters = [User.objects.get_or_create(username=f"bench-drafter-{i:03d}")[0] for i in range(pods * size)]
    regs = [event_services.registration_create(event=event, player=d) for d in drafters]
    event_services.event_open_check_in(event=event, by=organiser)
    for r in regs:
        event_services.registration_check_in(registration=r, by=r.player)
    services.limited_configure(event=event, by=organiser, kind="booster_draft", preset_key="premiere-draft",
                               pod_size=size, pick_timer_max=0, review_seconds=0)
    seated = draft.draft_seat_pods(event=event, by=organiser)
    cookies = {}
    for d in drafters:
        c = Client()
        c.force_login(d)
        cookies[d.username] = c.cookies[settings.SESSION_COOKIE_NAME].value
    seats = {s.player.username: s.pod_id for p in seated for s in p.seats.select_related("player")}
    return event, organiser, cookies, seats


def start_server(port: int) -> subprocess.Popen:
    log = open(Path(settings.VAR_DIR) / f"bench-draft-daphne-{port}.log", "w")
    proc = subprocess.Popen([sys.executable, "-m", "daphne", "-b", "127.0.0.1", "-p", str(port),
                             # 64 drafters connect at once; on a loaded machine accepting them takes longer than
                             # daphne's default 5 s handshake limit, which closes the socket unanswered
                             "--websocket_connect_timeout", "120", "config.asgi:application"],
                            cwd=ROOT, stdout=log, stderr=subprocess.STDOUT, start_new_session=True)
    end = time.monotonic() + 30
    while True:
        try:
            urllib.request.urlopen(f"http://127.0.0.1:{port}/events/", timeout=2)
            break
        except Exception:
            if time.monotonic() > end or proc.poll() is not None:
                proc.kill()
                raise SystemExit("daphne did not start")
            time.sleep(0.3)
    settle(proc)
    return proc


def settle(proc: subprocess.Popen, *, limit: float = 90.0) -> None:
    """Wait until the server is idle: a web process compiles the game engines' card pools in a background thread
    for some seconds after it starts (gameplay.engines.warm_up_in_background), which must not run during the draft."""
    end = time.monotonic() + limit
    last = cpu_seconds(proc)
    while time.monotonic() < end:
        time.sleep(1.0)
        now = cpu_seconds(proc)
        if now - last < 0.05:
            return
        last = now


async def drafter(port: int, pod_id: int, cookie: str, ready: asyncio.Event, round_trips: list[float],
                  think: float = 0.0) -> None:
    headers = {"Cookie": f"{settings.SESSION_COOKIE_NAME}={cookie}", "Origin": f"http://127.0.0.1:{port}"}
    try:  # on a loaded machine the handshake may take a while; a failed connect must not leave run_draft waiting
        ws = await websockets.connect(f"ws://127.0.0.1:{port}/ws/draft/{pod_id}/", additional_headers=headers,
                                      max_size=2**22, open_timeout=120)
    finally:
        ready.set()
    rng = random.Random(cookie)  # --think: each drafter's own think times, the same in every run
    async with ws:
        picked: set[tuple[int, int]] = set()
        picks: list[PackCard] = []
        sent_at: float | None = None
        view: dict | None = None
        while True:
            try:
                raw = await asyncio.wait_for(ws.recv(), timeout=STALL_SECONDS)
            except TimeoutError:
                raise RuntimeError(f"no view for {STALL_SECONDS} s after {len(picks)} picks: the pod stalled") from None
            msg = json.loads(raw)
            if msg["type"] == "error":
                raise RuntimeError(msg["detail"])
            if msg["type"] == "picked" or (msg["type"] == "draft" and "picks" in msg["view"]):
                # the round trip ends with the server's answer to this pick: a "picked" reply, or a full view
                if sent_at is not None and msg.get("pick_count", msg.get("view", {}).get("pick_count")) == len(picks):
                    round_trips.append(time.perf_counter() - sent_at)
                    sent_at = None
            if msg["type"] == "draft":
                view = msg["view"]
            if view is None:
                continue
            if view["status"] == "finished":
                return
            step = (view["pack_number"], view["pick_number"])
            if view["pack"] and step not in picked and sent_at is None:
                pack = [PackCard(guid=c["guid"], number=c["number"], name=c["name"], rarity=c["rarity"], type=c["type"],
                                 colors=tuple(c["colors"])) for c in view["pack"]]
                choice = bot_pick(pack, picks)
                picked.add(step)
                picks.append(choice)
                if think:  # a human looks at the pack first (not part of the round trip)
                    await asyncio.sleep(rng.uniform(0.5 * think, 1.5 * think))
                sent_at = time.perf_counter()
                await ws.send(json.dumps({"type": "pick", "card": choice.guid, "pack_number": step[0], "pick_number": step[1]}))


async def run_draft(ports: list[int], event, organiser, cookies: dict, seats: dict, servers: list[subprocess.Popen],
                    think: float = 0.0) -> tuple[list[float], float, float]:
    """Returns the round trips, the draft's wall time and the servers' CPU seconds while it ran."""
    from asgiref.sync import sync_to_async

    from limited import draft

    round_trips: list[float] = []
    readies = [asyncio.Event() for _ in cookies]
    tasks = [asyncio.create_task(drafter(ports[i % len(ports)], seats[name], cookie, ready, round_trips, think))
             for i, ((name, cookie), ready) in enumerate(zip(cookies.items(), readies))]
    await asyncio.gather(*(r.wait() for r in readies))
    for task in tasks:
        if task.done():
            task.result()  # a drafter that could not connect: its error, now
    await asyncio.sleep(0.5)  # every consumer has joined its pod's group
    start, cpu = time.perf_counter(), sum(cpu_seconds(server) for server in servers)
    await sync_to_async(draft.draft_start)(event=event, by=organiser)
    await asyncio.gather(*tasks)
    return round_trips, time.perf_counter() - start, sum(cpu_seconds(server) for server in servers) - cpu


def cpu_seconds(proc: subprocess.Popen) -> float:
    """User + system CPU a server process has used so far (Linux /proc): the cost of the picks, which unlike the
    round trips can be compared between runs on a busy machine."""
    fields = Path(f"/proc/{proc.pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pods", type=int, default=8)
    parser.add_argument("--size", type=int, default=8)
    parser.add_argument("--port", type=int, default=8180)
    parser.add_argument("--runs", type=int, default=1)
    parser.add_argument("--servers", type=int, default=1, help="daphne processes (needs REDIS_URL for more than one)")
    parser.add_argument("--think", type=float, default=0.0, metavar="SECONDS",
                        help="a second figure: each drafter thinks 0.5-1.5 x SECONDS before every pick (default 0: "
                             "every drafter picks the moment a pack arrives, the issue's figure)")
    args = parser.parse_args()
    mode = "PostgreSQL + Redis" if os.environ.get("DATABASE_URL") and os.environ.get("REDIS_URL") else "embedded (SQLite)"
    database_ready()
    ports = [args.port + i for i in range(args.servers)]
    servers = [start_server(port) for port in ports]
    try:
        for run in range(1, args.runs + 1):
            event, organiser, cookies, seats = prepare(args.pods, args.size)
            load_before = os.getloadavg()
            trips, total, cpu = asyncio.run(run_draft(ports, event, organiser, cookies, seats, servers, args.think))
            load_after = os.getloadavg()
            ms = sorted(t * 1000 for t in trips)

            def pct(p: float) -> float:
                return ms[min(len(ms) - 1, int(round(p / 100 * (len(ms) - 1))))]

            how = f"think time {args.think:g} s x 0.5-1.5" if args.think else "no think time (all pick at once)"
            print(f"run {run} ({mode}, {args.servers} daphne, {how}): {args.pods} pods x {args.size} drafters, {len(ms)} picks in {total:.1f} s "
                  f"({len(ms) / total:.0f} picks/s); pick round trip p50 {statistics.median(ms):.1f} ms, "
                  f"p90 {pct(90):.1f} ms, p99 {pct(99):.1f} ms, max {ms[-1]:.1f} ms; daphne CPU {cpu:.1f} s "
                  f"({cpu / len(ms) * 1000:.2f} ms per pick); load average (1 min) "
                  f"{load_before[0]:.1f} before, {load_after[0]:.1f} after")
    finally:
        for server in servers:
            server.terminate()
            try:
                server.wait(timeout=10)
            except subprocess.TimeoutExpired:
                server.kill()


if __name__ == "__main__":
    main()
