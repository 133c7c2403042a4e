"""What one draft pick costs the server, measured in one process: CPU ms, SQL queries, channel messages and
bytes per pick (the work behind each pick of ``bench/draft.py``, without the websockets' own cost).

Run by hand (not a test):

    DATABASE_URL=postgres://postgres@127.0.0.1:5432/ponyhall_limited REDIS_URL=redis://127.0.0.1:6379/8 \\
        python bench/draft_cost.py [--size 8]

It seats one pod of ``size`` human drafters (no bots, no timers, no review pause), starts the draft and makes
every pick through ``limited.draft.draft_pick`` — the consumer's service call — seat after seat, pack after
pack. Every message the pick sends to the channel layer is serialised as the consumer would send it (JSON) and
counted. Prints, per pick: CPU time (``time.process_time``) median and mean, queries, messages and bytes, and
the same for the picks that pass the packs on (the last pick of each step). CPU time is what predicts the
round trip on a quiet machine: ``bench/draft.py``'s 64 drafters pick at the same instant, so the slowest of
them waits for about 64 × the mean CPU of a pick on one process.
"""
from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

import django  # noqa: E402

django.setup()

from django.db import connection  # noqa: E402

sys.path.insert(0, str(ROOT / "bench"))
from draft import database_ready, prepare  # noqa: E402  (bench/draft.py: the same event, drafters and pod)


class Meter:
    """Counts the queries and the channel messages (and their JSON bytes) of one pick."""

    def __init__(self) -> None:
        self.queries = self.messages = self.bytes = 0

    def __call__(self, execute, sql, params, many, context):
        self.queries += 1
        return execute(sql, params, many, context)

    def send(self, group: str, message: dict) -> None:
        self.messages += 1
        text = message.get("text")  # a view serialised by the sender (before 2026-11-26: the view itself)
        self.bytes += len(text) if text is not None else len(json.dumps({"type": "draft", "view": message.get("view")}))

    def send_many(self, messages: list[tuple[str, dict]] | str, message: dict | None = None) -> None:
        for group, one in messages if message is None else [(messages, message)]:
            self.send(group, one)


def consumer_pick(seat, card: str, step: tuple[int, int], meter: Meter) -> None:
    """What ``DraftConsumer._pick`` runs on its database thread (``database_sync_to_async`` closes old connections
    before and after: with ``CONN_MAX_AGE=0`` the connection goes back to the pool each time)."""
    from django.db import close_old_connections

    from limited import draft, selectors

    close_old_connections()
    if hasattr(selectors, "picked_reply"):
        taken = draft.draft_pick(seat=seat, card=card, pack_number=step[0], pick_number=step[1], notify_picker=False)
        meter.send("", {"view": selectors.picked_reply(guid=card, pack_number=step[0], pick_number=step[1],
                                                       pick_count=taken.pick_count, review_allowed=True)})
    else:  # the code before 2026-11-26 (to compare): the picker's new view went through their group
        draft.draft_pick(seat=seat, card=card, pack_number=step[0], pick_number=step[1])
    close_old_connections()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--size", type=int, default=8)
    parser.add_argument("--profile", action="store_true", help="print the top functions by cumulative CPU (cProfile)")
    args = parser.parse_args()
    from limited import draft
    from limited.models import Seat

    database_ready()
    event, organiser, _cookies, _seats = prepare(1, args.size)
    meter = Meter()
    draft.group_send_many = draft.group_send_now = meter.send_many  # count instead of sending: nobody listens here
    draft.draft_start(event=event, by=organiser)
    seats = list(Seat.objects.filter(pod__limited__event=event).select_related("pod").order_by("position"))
    pod = seats[0].pod
    rows = {"pick": [], "pass": []}
    load = os.getloadavg()
    profiler = None
    if args.profile:
        import cProfile

        profiler = cProfile.Profile(time.process_time)
        profiler.enable()
    while True:
        pod.refresh_from_db()
        if pod.status != pod.Status.DRAFTING:
            break
        step = (pod.pack_number, pod.pick_number)
        for i, seat in enumerate(seats):
            pack = draft.pack_in_front_of(pod, seat)
            meter.queries = meter.messages = meter.bytes = 0
            cpu = time.process_time()
            with connection.execute_wrapper(meter):
                consumer_pick(seat, pack.remaining[0], step, meter)
            cpu = time.process_time() - cpu
            rows["pass" if i == len(seats) - 1 else "pick"].append((cpu * 1000, meter.queries, meter.messages, meter.bytes))
    if profiler is not None:
        import pstats

        profiler.disable()
        pstats.Stats(profiler).sort_stats("cumulative").print_stats(45)
    every = rows["pick"] + rows["pass"]
    for name, data in (("every pick", every), ("a pick that waits for the others", rows["pick"]),
                       ("the pick that passes the packs on", rows["pass"])):
        cpu, queries, messages, sent = zip(*data)
        print(f"{name} ({len(data)}): CPU median {statistics.median(cpu):.2f} ms, mean {statistics.mean(cpu):.2f} ms; "
              f"queries mean {statistics.mean(queries):.1f}; messages mean {statistics.mean(messages):.2f}; "
              f"bytes mean {statistics.mean(sent):,.0f}")
    mean = statistics.mean(r[0] for r in every)
    print(f"predicted on a quiet machine, one process: 64 simultaneous picks ≈ {64 * mean:.0f} ms for the last "
          f"(the p99 of bench/draft.py); load average (1 min) {load[0]:.1f} before, {os.getloadavg()[0]:.1f} after")


if __name__ == "__main__":
    main()
