"""Benchmark the MLP rules engine on one core.

Self-play (what ``selfplay.run`` does: quiet log, ``apply(copy=False)``) with random-legal-action
players, under two policies: "uniform" (uniform over the legal actions) and "weighted" (moves back
to one's own home rarer, see ``selfplay.pick``).  For each: games/s, actions/s (player decisions
applied), average turns and actions per game, share of games ending at the turn cap.  Then the
median time of one public ``apply`` (state copy + action + full log, what an online server does per
action) and of one state copy alone.

    python bench/engine.py [--cards ../shared/cards/mlpccg] [--games 200] [--seed 1]
                           [--policies uniform,weighted] [--json]
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
from gameplay.engine.mlp.deckbuild import random_deck  # noqa: E402
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


KEYS = ("games", "completed", "errors", "games_per_second", "actions_per_second", "average_turns",
        "average_actions", "turn_cap_draws", "turn_cap_share", "seconds", "cpu_seconds", "games_per_cpu_second")


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--cards", default=str(Path(__file__).resolve().parents[2] / "shared" / "cards" / "mlpccg"))
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--policies", default="uniform,weighted")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    t0 = time.perf_counter()
    db = CardDB.from_directory(args.cards)
    load = time.perf_counter() - t0
    sp = {}
    for pol in args.policies.split(","):
        r = run(db, args.games, args.seed, policy=pol)
        sp[pol] = {k: r.get(k) for k in KEYS}
    ap_ = median_apply(db, max(5, args.games // 20), args.seed)
    res = {"card_load_seconds": round(load, 2), "selfplay": sp, "apply": ap_}
    if args.json:
        print(json.dumps(res, indent=2))
    else:
        print(f"cards loaded in {res['card_load_seconds']} s")
        for pol, r in sp.items():
            print(f"self-play [{pol}]: {r['games_per_second']} games/s ({r['games_per_cpu_second']} per CPU-second, "
                  f"steadier on a shared machine), {r['actions_per_second']} actions/s (one core); "
                  f"{r['completed']}/{r['games']} completed, {r['errors']} errors; {r['average_turns']} turns and "
                  f"{r['average_actions']} actions per game; {r['turn_cap_draws']} turn-cap draws "
                  f"({100 * (r['turn_cap_share'] or 0):.1f}%)")
        print(f"apply (copy + action + full log): median {ap_['median_apply_us']} us, mean {ap_['mean_apply_us']} us "
              f"over {ap_['applies']} applies; state copy alone: median {ap_['median_state_copy_us']} us")
    return 0


if __name__ == "__main__":
    sys.exit(main())
