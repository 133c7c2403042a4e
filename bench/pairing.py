"""Benchmark the Swiss pairing engine on simulated events.

Run by hand:  python bench/pairing.py [sizes...] [--rounds N] [--json OUT]

For each field size it plays a full event (suggested number of Swiss rounds
from the MLP floor rules table) with random results - stronger players win
more often, about 2% draws, about 1% of the field dropping after each round
and a couple of late entrants in round 2 - and prints per-round pairing time
(median and max) and quality: rematches, unequal pairings, sum of squared
point differences, and whether each round was proven optimal.

``--json OUT`` also writes the simulated events (inputs of each round in the
CLI JSON format, for small sizes) so other pairing libraries can be compared
on exactly the same events (see bench/compare_tournament_pairings.mjs).
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tournaments.pairing import (  # noqa: E402
    DEFAULT_SCORING,
    MLP_SCORING,
    MatchRecord,
    Player,
    Scoring,
    pair_swiss,
    suggested_swiss_rounds,
)


def simulate(
    n: int,
    seed: int = 1,
    rounds: int | None = None,
    keep_events: bool = False,
    scoring: Scoring = MLP_SCORING,
    draw_rate: float = 0.02,
) -> dict:
    rng = random.Random(seed)
    players = [Player(id=f"p{k}") for k in range(n)]
    strength = {p.id: rng.random() for p in players}
    total_rounds = rounds or suggested_swiss_rounds(n)
    history: list[list[MatchRecord]] = []
    times: list[float] = []
    quality = []
    events = []
    for r in range(total_rounds):
        if r == 1:  # two late entrants with the points of a loss
            for k in range(2):
                players.append(Player(id=f"late{k}", points=scoring.loss))
                strength[f"late{k}"] = rng.random()
        if keep_events:
            events.append(
                {
                    "scoring": {"win": scoring.win, "loss": scoring.loss, "draw": scoring.draw, "bye": scoring.bye},
                    "seed": seed,
                    "players": [
                        {"id": p.id, "dropped": p.dropped, **({"points": p.points} if p.points else {})}
                        for p in players
                    ],
                    "rounds": [
                        [{"a": m.a, "b": m.b, "winner": m.winner} for m in rnd] for rnd in history
                    ],
                }
            )
        t0 = time.perf_counter()
        res = pair_swiss(players, history, scoring=scoring, seed=seed)
        times.append(time.perf_counter() - t0)
        quality.append((res.rematches, res.unequal, res.disparity, res.optimal))
        rnd = []
        for pr in res.pairings:
            if pr.b is None:
                rnd.append(MatchRecord(pr.a, None, pr.a))
                continue
            x = rng.random()
            if x < draw_rate:
                w = None
            else:
                sa, sb = strength[pr.a], strength[pr.b]
                w = pr.a if rng.random() < 0.5 + 0.4 * (sa - sb) else pr.b
            rnd.append(MatchRecord(pr.a, pr.b, w))
        history.append(rnd)
        active = [k for k, p in enumerate(players) if not p.dropped]
        for k in rng.sample(active, max(0, len(active) // 100)):
            players[k] = Player(id=players[k].id, dropped=True, points=players[k].points)
    return {"n": n, "rounds": total_rounds, "times": times, "quality": quality, "events": events}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("sizes", nargs="*", type=int, default=[64, 1024, 4096, 16384])
    ap.add_argument("--rounds", type=int, default=None, help="rounds per event (default: suggested)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--json", type=Path, default=None, help="write the per-round inputs here")
    ap.add_argument("--scoring", choices=("mlp", "default"), default="mlp", help="points table (default: MLP)")
    ap.add_argument("--draws", type=float, default=0.02, help="share of drawn matches (default 0.02)")
    args = ap.parse_args(argv)
    dump = {}
    print(f"{'players':>8} {'rounds':>6} {'median ms':>10} {'max ms':>9} {'rematches':>9} {'unequal':>8} {'sum sq diff':>11} {'optimal':>8}")
    for n in args.sizes:
        out = simulate(
            n,
            seed=args.seed,
            rounds=args.rounds,
            keep_events=args.json is not None,
            scoring=MLP_SCORING if args.scoring == "mlp" else DEFAULT_SCORING,
            draw_rate=args.draws,
        )
        med = statistics.median(out["times"]) * 1000
        mx = max(out["times"]) * 1000
        rem = sum(q[0] for q in out["quality"])
        uneq = sum(q[1] for q in out["quality"])
        sq = sum(q[2] for q in out["quality"])
        opt = sum(1 for q in out["quality"] if q[3])
        print(f"{n:>8} {out['rounds']:>6} {med:>10.1f} {mx:>9.1f} {rem:>9} {uneq:>8} {sq:>11} {opt:>5}/{out['rounds']}")
        print("         per round ms: " + " ".join(f"{t * 1000:.0f}" for t in out["times"]))
        print("         per round (rematches, unequal, sq): " + " ".join(f"({q[0]},{q[1]},{q[2]})" for q in out["quality"]))
        if args.json is not None:
            dump[str(n)] = out["events"]
    if args.json is not None:
        args.json.write_text(json.dumps(dump))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
