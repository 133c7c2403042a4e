"""Benchmark the MLP rules engine: random self-play games per second (one core) and the median
time of one ``apply`` (with the state copy an online server makes for every action).

    python bench/engine.py [--cards ../shared/cards/mlpccg] [--games 200] [--seed 1]
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
from gameplay.engine.mlp import CardDB, MLPGame  # noqa: E402
from gameplay.engine.mlp.decks import random_deck  # noqa: E402
from gameplay.engine.mlp.selfplay import run  # noqa: E402


def median_apply(db: CardDB, games: int, seed: int) -> dict:
    game = MLPGame(db)  # full logging, copying apply: what a server does per action
    times = []
    copies = []
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
            times.append(time.perf_counter() - t0)
            t0 = time.perf_counter()
            st.copy()
            copies.append(time.perf_counter() - t0)
    return {"applies": len(times), "median_apply_us": round(statistics.median(times) * 1e6, 1),
            "mean_apply_us": round(statistics.fmean(times) * 1e6, 1),
            "median_state_copy_us": round(statistics.median(copies) * 1e6, 1)}


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--cards", default=str(Path(__file__).resolve().parents[2] / "shared" / "cards" / "mlpccg"))
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    t0 = time.perf_counter()
    db = CardDB.from_directory(args.cards)
    load = time.perf_counter() - t0
    sp = run(db, args.games, args.seed)
    ap_ = median_apply(db, max(5, args.games // 20), args.seed)
    res = {"card_load_seconds": round(load, 2), "selfplay": {k: sp[k] for k in (
        "games", "completed", "errors", "average_turns", "games_per_second", "turn_cap_draws")}, "apply": ap_}
    if args.json:
        print(json.dumps(res, indent=2))
    else:
        print(f"cards loaded in {res['card_load_seconds']} s")
        print(f"self-play: {sp['games_per_second']} games/s ({sp['completed']}/{sp['games']} completed, "
              f"{sp['errors']} errors, {sp['average_turns']} turns/game avg, {sp['turn_cap_draws']} turn-cap draws)")
        print(f"apply: median {ap_['median_apply_us']} us, mean {ap_['mean_apply_us']} us over {ap_['applies']} "
              f"applies; state copy median {ap_['median_state_copy_us']} us")
    return 0


if __name__ == "__main__":
    sys.exit(main())
