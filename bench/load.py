"""Load test against daphne on PostgreSQL (run by hand; prints figures, never a timed test).

    DATABASE_URL=postgres://postgres@127.0.0.1:5432/ponyhall_load REDIS_URL=redis://127.0.0.1:6379/5 \
        python bench/load.py --port 8150 --seconds 60 --writers 50 --readers 200

It prepares an online Tier 1 event (100 players, round 1 paired: 50 timed matches), starts daphne and a
Celery worker with the scheduler (the deadline sweep runs every 10 s), then for ``--seconds``:

- each writer (a floor judge, token auth) adds one minute to its own match again and again
  (``add_time``: a locked read-modify-write with an audit entry and a moved deadline), and at the end
  records the match result (``record_result``);
- each reader loops over the public pages and API reads: event state, standings, pairings, the event
  page, a card search.

A thread samples ``pg_stat_activity`` for the database every 0.2 s. At the end it checks that no write was
lost (each match's extra time is exactly one minute per 200 answer; every result recorded is final; one
audit entry per write) and reports, per endpoint, requests, 5xx, median and p99 latency; the peak number of
PostgreSQL connections; the sweep's runs and failures from the worker log. Exit status 1 on any 5xx or
lost write.
"""
from __future__ import annotations

import argparse
import http.client
import json
import os
import secrets
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections import defaultdict
from datetime import timedelta
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))


def _django() -> None:
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    os.environ["PONYHALL_DB_POOL"] = "0"  # the bench's own setup connection is not part of the server's pool
    os.environ["CELERY_TASK_ALWAYS_EAGER"] = "1"  # pair the round in this process
    import django

    django.setup()


def prepare(players: int) -> dict:
    """An online Tier 1 event with ``players`` checked in and round 1 paired; tokens for a judge and a player."""
    from django.core.management import call_command
    from django.utils import timezone
    from rest_framework.authtoken.models import Token

    from decks.models import Card, Format
    from tournaments import services
    from django.contrib.auth.models import User

    call_command("migrate", verbosity=0)
    if not Card.objects.filter(game__slug="mlp").exists():
        call_command("import_cards", "mlp-octgn", str(Path(os.environ.get("PONYHALL_SHARED_DIR", ROOT.parent / "shared")) / "cards" / "mlpccg"))
    call_command("demo_data", verbosity=0)
    fmt = Format.objects.get(slug="mlp-harmony")
    tag = secrets.token_hex(3)

    def user(name: str) -> User:
        return User.objects.create_user(f"{name}-{tag}", password=None)  # token auth only: no hashing cost

    organiser, judge = user("load-organiser"), user("load-judge")
    from django.contrib.auth.models import Group

    from tournaments.roles import ORGANISERS_GROUP

    Group.objects.get_or_create(name=ORGANISERS_GROUP)[0].user_set.add(organiser)
    event = services.event_create(by=organiser, name=f"Load test {tag}", game=fmt.game, format=fmt, tier=1,
                                  starts_at=timezone.now() + timedelta(hours=1), online=True, floor_judges=[judge])
    services.event_accept_role(event=event, by=judge, role="floor_judge")
    services.event_open_registration(event=event, by=organiser)
    regs = [services.registration_create(event=event, player=user(f"load-player{i:03d}")) for i in range(players)]
    services.event_open_check_in(event=event, by=organiser)
    for reg in regs:
        services.registration_check_in(registration=reg, by=reg.player)
    import tournaments.services.events as events_module

    events_module.decklist_required = lambda event: False  # Tier 1: lists optional anyway
    services.event_start(event=event, by=organiser)
    rnd = services.round_start_next(event=event, by=organiser)
    services.round_pair(round=rnd)
    rnd.refresh_from_db()
    matches = [m.id for m in rnd.matches.filter(player_b__isnull=False).order_by("table")]
    return {"slug": event.slug, "matches": matches, "judge_token": Token.objects.create(user=judge).key,
            "event_id": event.id}


class Recorder:
    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.latencies: dict[str, list[float]] = defaultdict(list)
        self.statuses: dict[str, dict[int, int]] = defaultdict(lambda: defaultdict(int))
        self.errors: list[str] = []

    def add(self, endpoint: str, status: int, seconds: float) -> None:
        with self.lock:
            self.latencies[endpoint].append(seconds)
            self.statuses[endpoint][status] += 1


def request(conn: http.client.HTTPConnection, method: str, path: str, *, token: str = "", body: dict | None = None) -> tuple[int, bytes]:
    headers = {"Host": "127.0.0.1"}
    data = None
    if token:
        headers["Authorization"] = f"Token {token}"
    if body is not None:
        data = json.dumps(body).encode()
        headers["Content-Type"] = "application/json"
    conn.request(method, path, body=data, headers=headers)
    response = conn.getresponse()
    return response.status, response.read()


def timed(rec: Recorder, conn_box: list, port: int, endpoint: str, method: str, path: str, **kw) -> int:
    start = time.perf_counter()
    try:
        status, _ = request(conn_box[0], method, path, **kw)
    except (OSError, http.client.HTTPException) as exc:
        conn_box[0].close()
        conn_box[0] = http.client.HTTPConnection("127.0.0.1", port, timeout=120)
        with rec.lock:
            rec.errors.append(f"{endpoint}: {exc!r}")
        status = 599
    rec.add(endpoint, status, time.perf_counter() - start)
    return status


def writer(rec: Recorder, port: int, setup: dict, match_id: int, until: float, ok: dict) -> None:
    box = [http.client.HTTPConnection("127.0.0.1", port, timeout=120)]
    path = f"/api/events/{setup['slug']}/actions/"
    while time.monotonic() < until:
        if timed(rec, box, port, "POST add_time", "POST", path + "add_time/", token=setup["judge_token"],
                 body={"match": match_id, "minutes": 1, "reason": "load test"}) == 200:
            ok[match_id] += 1
    if timed(rec, box, port, "POST record_result", "POST", path + "record_result/", token=setup["judge_token"],
             body={"match": match_id, "result": "a"}) == 200:
        ok[f"result-{match_id}"] = 1


READS = [
    ("GET state", "/api/events/{slug}/state/"),
    ("GET standings", "/api/events/{slug}/standings/"),
    ("GET pairings", "/api/events/{slug}/pairings/"),
    ("GET event page", "/events/{slug}/"),
    ("GET card search", "/api/cards/?q=twilight"),
]


def reader(rec: Recorder, port: int, setup: dict, offset: int, until: float) -> None:
    box = [http.client.HTTPConnection("127.0.0.1", port, timeout=120)]
    n = offset
    while time.monotonic() < until:
        name, path = READS[n % len(READS)]
        timed(rec, box, port, name, "GET", path.format(slug=setup["slug"]))
        n += 1


def sample_connections(dsn: str, stop: threading.Event, peaks: list[int]) -> None:
    import psycopg

    with psycopg.connect(dsn, autocommit=True) as conn:
        dbname = conn.info.dbname
        while not stop.is_set():
            count = conn.execute(
                "SELECT count(*) FROM pg_stat_activity WHERE datname = %s AND pid <> pg_backend_pid()", [dbname]
            ).fetchone()[0]
            peaks.append(count)
            time.sleep(0.2)


def start_server(port: int, logdir: Path) -> list[subprocess.Popen]:
    env = os.environ | {"DJANGO_ALLOWED_HOSTS": "127.0.0.1,localhost", "PONYHALL_HTTPS": "0",
                        "CELERY_TASK_ALWAYS_EAGER": "0", "PONYHALL_DB_POOL": os.environ.get("PONYHALL_DB_POOL_SERVER", "1")}
    env.pop("DJANGO_DEBUG", None)
    web = subprocess.Popen([sys.executable, "-m", "daphne", "-b", "127.0.0.1", "-p", str(port), "config.asgi:application"],
                           cwd=ROOT, env=env, stdout=open(logdir / "daphne.log", "w"), stderr=subprocess.STDOUT)
    worker = subprocess.Popen([sys.executable, "-m", "celery", "-A", "config", "worker", "-B", "--pool=solo", "--loglevel=INFO",
                               "--schedule", str(logdir / "beat-schedule")],
                              cwd=ROOT, env=env, stdout=open(logdir / "worker.log", "w"), stderr=subprocess.STDOUT)
    for _ in range(120):
        try:
            c = http.client.HTTPConnection("127.0.0.1", port, timeout=2)
            c.request("GET", "/api/", headers={"Host": "127.0.0.1"})
            if c.getresponse().status < 500:
                return [web, worker]
        except OSError:
            time.sleep(0.5)
    raise SystemExit(f"daphne did not answer on port {port}; see {logdir / 'daphne.log'}")


def p99(values: list[float]) -> float:
    return statistics.quantiles(values, n=100)[98] if len(values) >= 2 else (values[0] if values else 0.0)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--port", type=int, default=8150)
    parser.add_argument("--seconds", type=float, default=60)
    parser.add_argument("--writers", type=int, default=50)
    parser.add_argument("--readers", type=int, default=200)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    if not os.environ.get("DATABASE_URL", "").startswith("postgres"):
        raise SystemExit("Set DATABASE_URL to a PostgreSQL database (and REDIS_URL): the test is about PostgreSQL.")
    _django()
    from django.conf import settings

    setup = prepare(players=args.writers * 2)
    logdir = Path(tempfile.mkdtemp(prefix="ponyhall-load-"))
    procs = start_server(args.port, logdir)
    rec, ok = Recorder(), defaultdict(int)
    stop, peaks = threading.Event(), []
    dsn = os.environ["DATABASE_URL"]
    sampler = threading.Thread(target=sample_connections, args=(dsn, stop, peaks), daemon=True)
    sampler.start()
    time.sleep(1)
    idle_connections = peaks[-1] if peaks else 0
    until = time.monotonic() + args.seconds
    threads = [threading.Thread(target=writer, args=(rec, args.port, setup, m, until, ok)) for m in setup["matches"][: args.writers]]
    threads += [threading.Thread(target=reader, args=(rec, args.port, setup, i, until)) for i in range(args.readers)]
    started = time.monotonic()
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    elapsed = time.monotonic() - started
    time.sleep(12)  # one more sweep under a quiet server
    stop.set()
    sampler.join()
    for p in procs:
        p.terminate()
    for p in procs:
        p.wait(timeout=30)

    from tournaments.models import AuditEntry, Match

    lost = []
    for match_id in setup["matches"][: args.writers]:
        m = Match.objects.get(pk=match_id)
        if m.extra_seconds != 60 * ok[match_id]:
            lost.append(f"match {match_id}: extra time {m.extra_seconds // 60} min, {ok[match_id]} answered 200")
        if ok[f"result-{match_id}"] and (m.status != "final" or m.result != "a"):
            lost.append(f"match {match_id}: result answered 200 but the match is {m.status}")
    audits = AuditEntry.objects.filter(event_id=setup["event_id"], action="add_time").count()
    if audits != sum(v for k, v in ok.items() if isinstance(k, int)):
        lost.append(f"{audits} add_time audit entries for {sum(v for k, v in ok.items() if isinstance(k, int))} extensions")
    worker_log = (logdir / "worker.log").read_text(errors="replace")
    sweep_runs = sum(1 for line in worker_log.splitlines() if "sweep_deadlines_task" in line and "succeeded" in line)
    sweep_failures = sum(1 for line in worker_log.splitlines() if "sweep_deadlines_task" in line and ("raised" in line or "retry" in line.lower()))
    server_errors = {name: sum(n for s, n in st.items() if s >= 500) for name, st in rec.statuses.items()}
    summary = {
        "seconds": round(elapsed, 1), "writers": args.writers, "readers": args.readers,
        "pool": settings.DATABASES["default"].get("OPTIONS", {}).get("pool") if os.environ.get("PONYHALL_DB_POOL_SERVER", "1") == "1" else None,
        "requests": sum(len(v) for v in rec.latencies.values()),
        "per_endpoint": {
            name: {"requests": len(lat), "5xx": server_errors[name], "median_ms": round(statistics.median(lat) * 1000),
                   "p99_ms": round(p99(lat) * 1000), "statuses": dict(rec.statuses[name])}
            for name, lat in sorted(rec.latencies.items())
        },
        "lost_writes": lost, "connection_errors": rec.errors[:10],
        "pg_connections": {"idle_before": idle_connections, "peak": max(peaks) if peaks else None},
        "sweep": {"runs_succeeded": sweep_runs, "failures_or_retries": sweep_failures,
                  "too_many_clients_in_logs": ("too many clients" in worker_log) + ("too many clients" in (logdir / "daphne.log").read_text(errors="replace"))},
        "logs": str(logdir),
    }
    if args.json:
        print(json.dumps(summary, indent=2))
    else:
        print(f"{summary['requests']} requests in {summary['seconds']} s, {args.writers} writers + {args.readers} readers")
        print(f"{'endpoint':<22}{'requests':>9}{'5xx':>6}{'median ms':>11}{'p99 ms':>9}")
        for name, row in summary["per_endpoint"].items():
            print(f"{name:<22}{row['requests']:>9}{row['5xx']:>6}{row['median_ms']:>11}{row['p99_ms']:>9}")
        print(f"lost writes: {len(lost)}  {lost[:5]}")
        print(f"PostgreSQL connections: {idle_connections} before, peak {summary['pg_connections']['peak']}")
        print(f"sweep: {sweep_runs} runs succeeded, {sweep_failures} failed or retried; logs in {logdir}")
    return 1 if lost or any(server_errors.values()) else 0


if __name__ == "__main__":
    raise SystemExit(main())
