"""python manage.py play_bots --matches N --seed S: bot-vs-bot matches through the real stack (the
hosting services, the action log, snapshots, bot tasks), then a summary — so anyone can watch it work.

By default the bot tasks run in this process (Celery eager); ``--worker`` queues them to the broker for
the running workers and waits for the matches to finish."""
from __future__ import annotations

import json
import time

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError

from gameplay.engines import get_engine
from gameplay.models import GameAction, HostedGame, HostedMatch
from gameplay.services import SeatSpec, hosted_match_create, state_load, state_replay


class Command(BaseCommand):
    help = "Play bot-vs-bot online matches through the real services and print a summary."

    def add_arguments(self, parser) -> None:
        parser.add_argument("--matches", type=int, default=4)
        parser.add_argument("--seed", type=int, default=1)
        parser.add_argument("--best-of", type=int, default=1, choices=[1, 3])
        parser.add_argument("--engine", default="mlp")
        parser.add_argument("--worker", action="store_true", help="queue the bot moves to the running Celery workers")
        parser.add_argument("--timeout", type=float, default=600, help="seconds to wait with --worker")
        parser.add_argument("--json", action="store_true", dest="as_json")

    def handle(self, *args, matches: int, seed: int, best_of: int, engine: str, worker: bool, timeout: float,
               as_json: bool = False, **options) -> None:
        from config.celery import app

        if matches < 1:
            raise CommandError("--matches must be at least 1")
        adapter = get_engine(engine)
        eager, delay = app.conf.task_always_eager, settings.PONYHALL_BOT_DELAY_SECONDS
        app.conf.task_always_eager = not worker
        settings.PONYHALL_BOT_DELAY_SECONDS = 0
        t0 = time.perf_counter()
        try:
            created = []
            for k in range(matches):
                s = seed + k
                seats = [SeatSpec(name=f"Bot {chr(65 + i)}{k + 1}", deck=adapter.random_deck(s * 2 + i), bot_policy="weighted",
                                  deck_source="random deck") for i in range(2)]
                created.append(hosted_match_create(seats=seats, engine=engine, best_of=best_of, seed=s))
                if not worker:
                    self.stderr.write(f"match {k + 1}/{matches} done")
            if worker:
                self._wait(created, timeout)
        finally:
            app.conf.task_always_eager, settings.PONYHALL_BOT_DELAY_SECONDS = eager, delay
        summary = self._summary(created, time.perf_counter() - t0)
        self.stdout.write(_json_dump(summary) if as_json else _text(summary))

    def _wait(self, created: list[HostedMatch], timeout: float) -> None:
        end = time.monotonic() + timeout
        ids = [m.pk for m in created]
        while time.monotonic() < end:
            live = HostedMatch.objects.filter(pk__in=ids, status__in=HostedMatch.LIVE).count()
            if not live:
                return
            self.stderr.write(f"{len(ids) - live}/{len(ids)} matches finished")
            time.sleep(2)
        raise CommandError("the workers did not finish the matches in time (is a worker running?)")

    def _summary(self, created: list[HostedMatch], seconds: float) -> dict:
        rows, actions, replay_ok = [], 0, True
        for m in HostedMatch.objects.filter(pk__in=[c.pk for c in created]).order_by("pk"):
            games = list(HostedGame.objects.filter(match=m).order_by("number"))
            for g in games:
                actions += g.seq
                replay_ok &= state_replay(g).to_json() == state_load(g, use_cache=False).to_json()
            rows.append({"match": m.pk, "status": m.status, "games_won": m.games_won, "winner_seat": m.winner_seat,
                         "reason": m.result_reason, "games": len(games), "actions": sum(g.seq for g in games)})
        return {"matches": len(rows), "finished": sum(r["status"] == "finished" for r in rows), "actions": actions,
                "seconds": round(seconds, 2), "actions_per_second": round(actions / seconds, 1) if seconds else None,
                "timeouts": GameAction.objects.filter(game__match__in=[r["match"] for r in rows], source="timeout").count(),
                "replay_matches_stored_state": replay_ok, "rows": rows}


def _json_dump(summary: dict) -> str:
    return json.dumps(summary, indent=2)


def _text(summary: dict) -> str:
    lines = [f"match {r['match']}: {r['status']}, games {r['games_won'][0]}-{r['games_won'][1]}, {r['actions']} actions — {r['reason']}"
             for r in summary["rows"]]
    lines.append(f"{summary['finished']}/{summary['matches']} matches finished, {summary['actions']} actions in "
                 f"{summary['seconds']} s ({summary['actions_per_second']} actions/s); every game's log replays to its "
                 f"stored state: {'yes' if summary['replay_matches_stored_state'] else 'NO'}")
    return "\n".join(lines) + "\n"
