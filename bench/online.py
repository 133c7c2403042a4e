"""Benchmark online play (run by hand; prints medians and p99s).

``play``: N bot-vs-bot matches played at once over real websockets against a daphne this script starts,
at human pace (each match acts once every ``--pace`` seconds): the action round trip (send → the state
with the next sequence number back on the sender's socket) p50/p99, actions per second, errors, and
desyncs (a client's last view differing from a fresh server view of the same position), and CPU per action
(from /proc): the daphnes' (their event-loop thread and their other threads apart), PostgreSQL's and the
bench's own bot clients'.
``profile``: the server's work for one action in this process (the action, then both players' state
messages, as the consumer sends them: only what each connection has not been sent; in a worker thread of a
running event loop, as daphne runs it, unless ``--without-loop``): wall time, CPU time (``time.process_time``: what a busy machine does not inflate), queries,
bytes sent to the two players, and a cProfile of where the time goes.
``load``: loading a game from the database (newest snapshot + the tail of the log, no cache) for a game
of ``--actions`` actions: p50/p99.

The mode follows the environment, as the app does: embedded (SQLite + the SQLite channel layer; a
temporary var dir) or ``DATABASE_URL`` + ``REDIS_URL`` (PostgreSQL + Redis).

    python bench/online.py play [--matches 200] [--pace 2] [--seconds 60] [--port 8133] [--daphnes N] [--route seat|game] [--profile-daphne DIR] [--json]
    python bench/online.py load [--actions 400] [--loads 300]
    python bench/online.py profile [--matches 10] [--actions 400] [--profile 40] [--without-loop]
"""
from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))


def setup_django() -> None:
    if not os.environ.get("DATABASE_URL"):
        os.environ.setdefault("PONYHALL_VAR_DIR", tempfile.mkdtemp(prefix="ponyhall-bench-online-"))
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    os.environ.setdefault("DJANGO_DEBUG", "0")
    import django

    django.setup()
    from django.conf import settings
    from django.core.management import call_command

    call_command("migrate", verbosity=0)
    if "channels" in settings.DATABASES:
        call_command("migrate", database="channels", verbosity=0)


def percentile(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    values = sorted(values)
    return values[min(len(values) - 1, int(round(q * (len(values) - 1))))]


# --------------------------------------------------------------------------- play


def create_matches(n: int, seed: int) -> list[tuple[int, list[str]]]:
    """n casual matches between fresh users; returns (game id, [cookie seat 0, cookie seat 1])."""
    from django.conf import settings
    from django.contrib.auth import BACKEND_SESSION_KEY, HASH_SESSION_KEY, SESSION_KEY, get_user_model
    from django.contrib.sessions.backends.db import SessionStore

    from gameplay.engines import get_engine
    from gameplay.models import HostedGame
    from gameplay.services import SeatSpec, hosted_match_create

    User = get_user_model()
    adapter = get_engine("mlp")
    out = []
    stamp = int(time.time())
    for k in range(n):
        users, cookies = [], []
        for i in range(2):
            u = User.objects.create_user(username=f"bench{stamp}_{k}_{i}", password=None)
            s = SessionStore()
            s[SESSION_KEY], s[BACKEND_SESSION_KEY] = str(u.pk), "django.contrib.auth.backends.ModelBackend"
            s[HASH_SESSION_KEY] = u.get_session_auth_hash()
            s.create()
            users.append(u)
            cookies.append(f"{settings.SESSION_COOKIE_NAME}={s.session_key}")
        seats = [SeatSpec(name=u.username, deck=adapter.random_deck(seed * 1000 + 2 * k + i), user=u) for i, u in enumerate(users)]
        match = hosted_match_create(seats=seats, seed=seed * 1000 + k, decision_seconds=36000, grace_seconds=36000)
        out.append((HostedGame.objects.get(match=match).pk, cookies))
    return out


PROFILED_DAPHNE = """
import cProfile, sys, time
from daphne.cli import CommandLineInterface
out = sys.argv.pop(1)
profile = cProfile.Profile(time.thread_time)
profile.enable()
try:
    CommandLineInterface.entrypoint()
finally:
    profile.disable()
    profile.dump_stats(out)
"""


def start_daphne(port: int, log: Path, profile: Path | None = None) -> subprocess.Popen:
    # --profile-daphne: cProfile of daphne's main thread (the event loop: websocket frames, the channel
    # layer, the hops to and from the thread pool), written when daphne stops on SIGTERM
    # (timer: the main thread's own CPU time, so waiting for the GIL or for the machine's cores does not count)
    runner = ["-c", PROFILED_DAPHNE, str(profile)] if profile else ["-m", "daphne"]
    proc = subprocess.Popen([sys.executable, *runner, "-b", "127.0.0.1", "-p", str(port), "config.asgi:application"],
                            cwd=ROOT, env=dict(os.environ), stdout=open(log, "w"), stderr=subprocess.STDOUT, start_new_session=True)
    end = time.monotonic() + 60
    while time.monotonic() < end:
        try:
            socket.create_connection(("127.0.0.1", port), timeout=1).close()
            return proc
        except OSError:
            time.sleep(0.3)
    raise SystemExit(f"daphne did not start:\n{log.read_text()[-2000:]}")


def cpu_seconds(pids: list[int]) -> float:
    """User + system CPU time of processes (Linux /proc): the server's cost, which a busy machine does not
    inflate as it does wall time."""
    ticks = os.sysconf("SC_CLK_TCK")
    total = 0
    for pid in pids:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        total += int(fields[11]) + int(fields[12])  # utime, stime (fields 14 and 15 of stat)
    return total / ticks


def loop_cpu_seconds(pids: list[int]) -> float:
    """CPU time of the processes' main threads (/proc/<pid>/task/<pid>): daphne's event loop (Twisted,
    websocket frames, the channel layer, asyncio); the rest of a daphne's CPU is its worker threads (the
    actions and state messages built in the thread pool)."""
    ticks = os.sysconf("SC_CLK_TCK")
    total = 0
    for pid in pids:
        fields = Path(f"/proc/{pid}/task/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        total += int(fields[11]) + int(fields[12])
    return total / ticks


def own_cpu_seconds() -> float:
    """This bench process's CPU (the bot clients): reported apart from the server's."""
    t = os.times()
    return t.user + t.system


def postgres_backends() -> dict[int, float]:
    """CPU seconds of the PostgreSQL backends connected to this database (when the server runs on this
    machine and /proc shows them): the database's cost of the actions, apart from other databases'."""
    from django.db import connection

    if connection.vendor != "postgresql":
        return {}
    with connection.cursor() as cur:
        cur.execute("SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()")
        pids = [row[0] for row in cur.fetchall()]
    out = {}
    for pid in pids:
        try:
            out[pid] = cpu_seconds([pid])
        except (OSError, IndexError, ValueError):
            pass
    return out


class Stats:
    pids: list[int] = []
    pg_at_connect: dict[int, float] = {}
    cpu_at_connect = 0.0
    loop_cpu_at_connect = 0.0
    bench_cpu_at_connect = 0.0
    actions_at_connect = 0

    def __init__(self) -> None:
        self.rtt: list[float] = []
        self.errors: list[str] = []
        self.actions = 0
        self.reconnects = 0
        self.connected_at = 0.0


async def play_match(game_id: int, cookies: list[str], ports: list[int], pace: float, seconds: float, stats: Stats,
                     rng: random.Random, gate: asyncio.Semaphore, connected: asyncio.Event, counter: list[int], total: int) -> dict:
    import websockets

    socks, states = [], [None, None]
    for cookie, port in zip(cookies, ports):
        async with gate:  # a few handshakes at a time, as players arrive
            for attempt in range(30):  # a busy server may drop a handshake: try again
                try:
                    socks.append(await websockets.connect(
                        f"ws://127.0.0.1:{port}/ws/play/g/{game_id}/", open_timeout=60, max_size=2**24,
                        additional_headers={"Cookie": cookie, "Origin": f"http://127.0.0.1:{port}"}))
                    break
                except (OSError, websockets.exceptions.InvalidMessage, websockets.exceptions.InvalidStatus, asyncio.TimeoutError):
                    stats.reconnects += 1
                    await asyncio.sleep(1 + rng.random())
    counter[0] += 1
    if counter[0] == total:
        stats.connected_at = time.monotonic()
        stats.cpu_at_connect = cpu_seconds(stats.pids)
        stats.loop_cpu_at_connect = loop_cpu_seconds(stats.pids)
        stats.bench_cpu_at_connect = own_cpu_seconds()
        stats.pg_at_connect = await asyncio.to_thread(postgres_backends)
        connected.set()

    async def reader(i: int) -> None:
        async for raw in socks[i]:
            m = json.loads(raw)
            if m["type"] == "state":
                if states[i] is None or m["seq"] >= states[i]["seq"]:
                    states[i] = m
            elif m["type"] == "error":
                stats.errors.append(f"{m['code']}: {m['message']}")

    readers = [asyncio.create_task(reader(i)) for i in range(2)]
    await connected.wait()  # everyone is at their table: the measured period starts
    until = stats.connected_at + seconds
    await asyncio.sleep(rng.random() * pace)  # spread the matches over the pace
    while time.monotonic() < until:
        tick = time.monotonic()
        mover = next((i for i in range(2) if states[i] and states[i]["legal_actions"] and states[i]["game"]["status"] in ("setup", "playing", "time_called")), None)
        if mover is not None:
            seq = states[mover]["seq"]
            action = rng.choice(states[mover]["legal_actions"])
            t0 = time.perf_counter()
            await socks[mover].send(json.dumps({"type": "action", "seq": seq, "action": action}))
            while states[mover]["seq"] <= seq and time.perf_counter() - t0 < 10:
                await asyncio.sleep(0.001)
            if states[mover]["seq"] > seq:
                stats.rtt.append((time.perf_counter() - t0) * 1000)
                stats.actions += 1
            else:
                stats.errors.append("no state within 10 s")
        elif states[0] and states[0]["game"]["status"] not in ("setup", "playing", "time_called"):
            break  # the game is over
        await asyncio.sleep(max(0.0, pace - (time.monotonic() - tick)))
    await asyncio.sleep(0.5)
    for r in readers:
        r.cancel()
    for s in socks:
        await s.close()
    return {"game": game_id, "states": states}


def desyncs(results: list[dict]) -> int:
    """Clients whose last view differs from a fresh server view of the same position."""
    from gameplay.models import HostedGame
    from gameplay.selectors import Viewer, game_state_payload
    from gameplay.services.common import STATE_CACHE

    STATE_CACHE.clear()
    bad = 0
    for r in results:
        game = HostedGame.objects.select_related("match").get(pk=r["game"])
        for seat, state in enumerate(r["states"]):
            fresh = game_state_payload(game=game, viewer=Viewer("player", seat))
            if state is None or state["seq"] != fresh["seq"] or state["view"] != fresh["view"]:
                bad += 1
    return bad


def bench_play(args) -> dict:
    setup_django()
    from django.conf import settings

    mode = "redis" if settings.REDIS_URL else "embedded"
    t0 = time.perf_counter()
    matches = create_matches(args.matches, args.seed)
    setup_s = time.perf_counter() - t0
    logs = Path(tempfile.mkdtemp(prefix="ponyhall-bench-daphne-"))
    ports = [args.port + i for i in range(args.daphnes)]
    profiles = [Path(args.profile_daphne) / f"daphne-{port}.prof" if args.profile_daphne else None for port in ports]
    procs = [start_daphne(port, logs / f"daphne-{port}.log", prof) for port, prof in zip(ports, profiles)]
    time.sleep(args.warm_up)  # the server loads the card pool in the background (config/asgi.py)
    try:
        stats = Stats()

        async def run() -> list[dict]:
            rng = random.Random(args.seed)
            gate, connected, counter = asyncio.Semaphore(args.handshakes), asyncio.Event(), [0]
            # N daphnes behind "one address": seat i of match k goes to daphne (2k + i) mod N, so with two
            # or more the two players of a game are on different processes (the harder case); --route game:
            # both to daphne k mod N, as a load balancer routing websockets by game (nginx hash $request_uri)
            def port(k: int, i: int) -> int:
                return ports[k % len(ports)] if args.route == "game" else ports[(2 * k + i) % len(ports)]

            return await asyncio.gather(*[play_match(g, c, [port(k, i) for i in range(2)], args.pace,
                                                     args.seconds, stats, random.Random(rng.random()),
                                                     gate, connected, counter, len(matches)) for k, (g, c) in enumerate(matches)])

        t1 = time.monotonic()
        stats.pids = [p.pid for p in procs]
        results = asyncio.run(run())
        connect_s = stats.connected_at - t1
        elapsed = time.monotonic() - stats.connected_at
        server_cpu = cpu_seconds(stats.pids) - stats.cpu_at_connect
        loop_cpu = loop_cpu_seconds(stats.pids) - stats.loop_cpu_at_connect
        bench_cpu = own_cpu_seconds() - stats.bench_cpu_at_connect
        pg_cpu = sum(c - stats.pg_at_connect.get(pid, 0.0) for pid, c in postgres_backends().items())
    finally:
        for proc in procs:
            os.killpg(proc.pid, signal.SIGTERM)
        for proc in procs:
            try:
                proc.wait(timeout=20)
            except subprocess.TimeoutExpired:
                os.killpg(proc.pid, signal.SIGKILL)
    return {
        "mode": mode, "daphnes": args.daphnes, "route": args.route, "matches": args.matches, "pace_seconds": args.pace, "seconds": round(elapsed, 1),
        "setup_seconds": round(setup_s, 1), "connect_seconds": round(connect_s, 1), "actions": stats.actions, "actions_per_second": round(stats.actions / elapsed, 1),
        "rtt_ms_p50": round(percentile(stats.rtt, 0.5), 1), "rtt_ms_p99": round(percentile(stats.rtt, 0.99), 1),
        # daphne CPU (all processes) over the measured period, per action applied: the cost that predicts
        # a quiet machine's capacity (two cores ≈ 2,000 CPU ms per second, shared with PostgreSQL and Redis)
        "daphne_cpu_ms_per_action": round(server_cpu * 1000 / max(1, stats.actions), 1),
        "daphne_cpu_share": round(server_cpu / elapsed, 2),
        # of which the event-loop thread (websocket frames, channel layer, asyncio, Twisted) and the
        # worker threads (actions, state messages, the database); the bench's own bots apart
        "daphne_loop_cpu_ms_per_action": round(loop_cpu * 1000 / max(1, stats.actions), 1),
        "daphne_pool_cpu_ms_per_action": round((server_cpu - loop_cpu) * 1000 / max(1, stats.actions), 1),
        "bench_cpu_ms_per_action": round(bench_cpu * 1000 / max(1, stats.actions), 1),
        "postgres_cpu_ms_per_action": round(pg_cpu * 1000 / max(1, stats.actions), 1),
        "errors": len(stats.errors), "first_errors": stats.errors[:3], "handshake_retries": stats.reconnects,
        "desyncs": desyncs(results),
        "load_average": os.getloadavg()[0],
    }


# --------------------------------------------------------------------------- load


def bench_load(args) -> dict:
    setup_django()
    from django.conf import settings

    from gameplay.engine.api import Action
    from gameplay.engines import get_engine
    from gameplay.models import SNAPSHOT_EVERY, HostedGame
    from gameplay.services import SeatSpec, hosted_match_create, state_load
    from gameplay.services.actions import action_apply
    from gameplay.services.common import lock_game
    from django.db import transaction

    settings.PONYHALL_BOT_DELAY_SECONDS = 0
    adapter = get_engine("mlp")
    engine = adapter.game()
    seed = args.seed
    while True:  # a game that lasts at least --actions actions
        match = hosted_match_create(seats=[SeatSpec(name=f"L{i}", deck=adapter.random_deck(seed + i)) for i in range(2)], seed=seed)
        game = HostedGame.objects.get(match=match)
        rng = seed
        while game.seq < args.actions and game.status in HostedGame.LIVE:
            with transaction.atomic():
                game = lock_game(game.pk)
                state = state_load(game)
                p = engine.to_move(state)
                rng, action = adapter.bot_pick(rng, engine.legal_actions(state, p))
                action_apply(game, state, action, source="bot")
        if game.seq >= args.actions:
            break
        seed += 7
    times, cpu = [], []
    for k in range(args.loads):
        g = HostedGame.objects.select_related("match").get(pk=game.pk)
        g.seq = game.seq - k % SNAPSHOT_EVERY  # every tail length: 0 to SNAPSHOT_EVERY - 1 actions replayed
        t0, c0 = time.perf_counter(), time.process_time()
        state_load(g, use_cache=False)
        cpu.append((time.process_time() - c0) * 1000)
        times.append((time.perf_counter() - t0) * 1000)
    return {"mode": "redis" if settings.REDIS_URL else "embedded", "database": settings.DATABASES["default"]["ENGINE"].rsplit(".", 1)[-1],
            "actions_in_game": game.seq, "loads": args.loads, "load_ms_p50": round(statistics.median(times), 2),
            "load_ms_p99": round(percentile(times, 0.99), 2),
            # this process's CPU (decoding the snapshot, replaying the tail; not the database server's)
            "load_cpu_ms_p50": round(statistics.median(cpu), 2), "load_cpu_ms_p99": round(percentile(cpu, 0.99), 2),
            "load_average": os.getloadavg()[0]}


# --------------------------------------------------------------------------- profile


def bench_profile(args) -> dict:
    """The server's work for one action, in this process: the player's action (``game_submit_action``)
    and the state message each of the two players is then sent (``game_state_payload``, as the consumer
    builds them), for ``--actions`` actions of bot-picked moves; per action: time, database queries, and
    (``--profile``) the functions that took the time."""
    setup_django()
    import cProfile
    import pstats

    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    from gameplay.frames import FRAMES
    try:
        from gameplay.frames import Sent, SharedState
    except ImportError:  # a version that sends every state whole (to compare with)
        Sent = SharedState = None
    from gameplay.models import HostedGame
    from gameplay.selectors import Viewer, game_frame, game_get, game_state_payload
    from gameplay.services import game_submit_action

    matches = create_matches(args.matches, args.seed)
    from django.contrib.auth import get_user_model

    users = {}
    for game_id, _ in matches:
        game = HostedGame.objects.get(pk=game_id)
        users[game_id] = [get_user_model().objects.get(username=s.name) for s in game.match.seats.order_by("index")]
    rng = random.Random(args.seed)
    payloads = {g: [game_state_payload(game=game_get(g), viewer=Viewer("player", i)) for i in range(2)] for g, _ in matches}
    conns = {g: [Sent() for _ in range(2)] if Sent else None for g, _ in matches}  # each player's connection
    for g, _ in matches:
        for i in range(2 if Sent else 0):
            conns[g][i].whole(payloads[g][i], 0)  # (its first state is sent whole)
    times, cpu, queries, sent = [], [], [], []
    prof = cProfile.Profile() if args.profile else None
    done = 0

    def run_actions() -> None:
        nonlocal done
        while done < args.actions:
            progressed = False
            for game_id, _ in matches:
                seat = next((i for i in range(2) if payloads[game_id][i]["legal_actions"]), None)
                if seat is None or done >= args.actions:
                    continue
                p = payloads[game_id][seat]
                action = rng.choice(p["legal_actions"])
                with CaptureQueriesContext(connection) as q:
                    t0, c0 = time.perf_counter(), time.process_time()
                    if prof:
                        prof.enable()
                    game = game_submit_action(game_id=game_id, user=users[game_id][seat], seq=p["seq"], action=action)
                    # as the consumer: the frame this process handed for the change, else one read per change
                    frame = FRAMES.get_or_build((game_id, game.change), lambda: game_frame(game_id))
                    payloads[game_id] = [game_state_payload(frame=frame, viewer=Viewer("player", i)) for i in range(2)]
                    # what the consumer sends: only what each connection has not been sent (frames.Sent)
                    texts = [conns[game_id][i].text(SharedState.of(m, frame.game.epoch)) if Sent else json.dumps(m)
                             for i, m in enumerate(payloads[game_id])]
                    if prof:
                        prof.disable()
                    cpu.append((time.process_time() - c0) * 1000)
                    times.append((time.perf_counter() - t0) * 1000)
                queries.append(len(q.captured_queries))
                sent.append(sum(len(t.encode()) for t in texts))
                done += 1
                progressed = True
            if not progressed:
                break

    if args.without_loop:  # as a Celery worker or a management command: no event loop in the process
        run_actions()
    else:  # as daphne runs the consumer's work: a worker thread of the running loop, which sends the broadcasts
        from asgiref.sync import sync_to_async

        asyncio.run(sync_to_async(run_actions, thread_sensitive=False)())
    if prof:
        pstats.Stats(prof, stream=sys.stderr).sort_stats(args.sort).print_stats(args.profile)
    from django.conf import settings

    return {"database": settings.DATABASES["default"]["ENGINE"].rsplit(".", 1)[-1], "actions": len(times),
            "ms_p50": round(statistics.median(times), 2), "ms_p99": round(percentile(times, 0.99), 2),
            "cpu_ms_p50": round(statistics.median(cpu), 2), "cpu_ms_mean": round(statistics.mean(cpu), 2),
            "cpu_ms_p99": round(percentile(cpu, 0.99), 2),
            "queries_per_action": round(statistics.mean(queries), 1),
            "bytes_sent_per_action": round(statistics.mean(sent)), "load_average": os.getloadavg()[0]}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = ap.add_subparsers(dest="what", required=True)
    p = sub.add_parser("play")
    p.add_argument("--matches", type=int, default=200)
    p.add_argument("--pace", type=float, default=2.0, help="seconds between two actions of one match")
    p.add_argument("--seconds", type=float, default=60)
    p.add_argument("--port", type=int, default=8133)
    p.add_argument("--daphnes", type=int, default=1, help="daphne processes (ports --port, --port + 1, ...)")
    p.add_argument("--route", choices=("seat", "game"), default="seat",
                   help="with --daphnes 2+: the players of a game on different processes (seat) or the same one (game)")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--handshakes", type=int, default=8, help="websocket handshakes at a time while players arrive")
    p.add_argument("--warm-up", type=float, default=20, help="seconds to let the server load the card pool")
    p.add_argument("--json", action="store_true")
    p.add_argument("--profile-daphne", metavar="DIR", help="run each daphne under cProfile (its main thread) into DIR")
    lp = sub.add_parser("load")
    lp.add_argument("--actions", type=int, default=400)
    lp.add_argument("--loads", type=int, default=300)
    lp.add_argument("--seed", type=int, default=1)
    lp.add_argument("--json", action="store_true")
    pp = sub.add_parser("profile")
    pp.add_argument("--matches", type=int, default=10)
    pp.add_argument("--actions", type=int, default=400)
    pp.add_argument("--seed", type=int, default=1)
    pp.add_argument("--profile", type=int, default=0, help="print this many functions of a cProfile (to stderr)")
    pp.add_argument("--sort", default="cumulative", help="cProfile order: cumulative or tottime")
    pp.add_argument("--without-loop", action="store_true",
                    help="no running event loop (as a Celery worker): each broadcast starts its own loop and Redis connection")
    pp.add_argument("--json", action="store_true")
    args = ap.parse_args()
    result = {"play": bench_play, "load": bench_load, "profile": bench_profile}[args.what](args)
    print(json.dumps(result, indent=None if args.json else 2))


if __name__ == "__main__":
    main()
