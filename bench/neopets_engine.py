"""Benchmark the Neopets Battledome rules engine on one core (run by hand; prints medians).

Self-play (``selfplay.run``: quiet log, ``apply(copy=False)``, random legal actions, random legal
decks of the demo set) repeated ``--repeats`` times on the same seeds: the median games/s and
CPU games/s; then the median time of one public ``apply`` (state copy + action + full log, what an
online server does per action) and of one ``view``.

    python bench/neopets_engine.py [--games 200] [--seed 1] [--repeats 5] [--json]
"""
from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from gameplay.engine import rng  # noqa: E402
from gameplay.engine.neopets import CardDB, NeopetsGame  # noqa: E402
from gameplay.engine.neopets.decks import random_deck  # noqa: E402
from gameplay.engine.neopets.selfplay import run  # noqa: E402


def selfplay_medians(db: CardDB, games: int, seed: int, repeats: int) -> dict:
    wall, cpu = [], []
    res = {}
    for _ in range(repeats):
        c0 = time.process_time()
        res = run(db, games, seed)
        cpu.append(games / max(time.process_time() - c0, 1e-9))
        wall.append(res["games_per_second"])
    return {"games": games, "repeats": repeats, "median_games_per_second": round(statistics.median(wall), 2),
            "median_games_per_cpu_second": round(statistics.median(cpu), 2), "average_turns": res["average_turns"],
            "average_rounds": res["average_rounds"], "average_actions": res["average_actions"], "errors": res["errors"]}


def apply_medians(db: CardDB, games: int, seed: int) -> dict:
    game = NeopetsGame(db)
    applies, views = [], []
    for g in range(games):
        d0, s = random_deck(db, seed + g)
        d1, s = random_deck(db, s)
        st = game.new_game([d0, d1], seed=s)
        r = seed + g
        while st.d["outcome"] is None:
            p = game.to_move(st)
            acts = game.legal_actions(st, p)
            r, i = rng.randbelow(r, len(acts))
            t0 = time.perf_counter()
            st, _ = game.apply(st, acts[i])
            applies.append(time.perf_counter() - t0)
            t0 = time.perf_counter()
            game.view(st, p)
            views.append(time.perf_counter() - t0)
    return {"applies": len(applies), "median_apply_us": round(statistics.median(applies) * 1e6, 1),
            "median_view_us": round(statistics.median(views) * 1e6, 1)}


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--repeats", type=int, default=5)
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    db = CardDB.demo()
    out = {"selfplay": selfplay_medians(db, args.games, args.seed, args.repeats),
           "server": apply_medians(db, max(5, args.games // 20), args.seed)}
    if args.json:
        print(json.dumps(out, indent=2))
    else:
        for part, d in out.items():
            print(part)
            for k, v in d.items():
                print(f"  {k}: {v}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
