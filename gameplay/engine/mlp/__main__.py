"""CLI: ``python -m gameplay.engine.mlp coverage|selfplay|fingerprint --cards DIR [--json]``."""
from __future__ import annotations

import argparse
import hashlib
import json
import sys

from .carddb import CardDB
from .fingerprint import abilities_fingerprint, per_card
from .selfplay import run


def coverage(db: CardDB) -> dict:
    per: dict[str, dict] = {}
    for c in db.cards.values():
        s = per.setdefault(c.set_name, {"cards": 0, "automated": 0})
        s["cards"] += 1
        s["automated"] += 1 if c.automated else 0
    total = sum(s["cards"] for s in per.values())
    auto = sum(s["automated"] for s in per.values())
    for s in per.values():
        s["percent"] = round(100 * s["automated"] / s["cards"], 1)
    return {"sets": per, "total": {"cards": total, "automated": auto, "percent": round(100 * auto / total, 1)}}


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(prog="python -m gameplay.engine.mlp")
    sub = ap.add_subparsers(dest="cmd", required=True)
    c = sub.add_parser("coverage", help="how many cards are fully automated, per set")
    c.add_argument("--cards", required=True)
    c.add_argument("--json", action="store_true")
    c.add_argument("--list-manual", action="store_true", help="print the unautomated lines")
    f = sub.add_parser("fingerprint", help="SHA-256 over every card's compiled abilities (same hash = same cards)")
    f.add_argument("--cards", required=True)
    f.add_argument("--per-card", action="store_true",
                   help="print one line per card (number, key, SHA-256 prefix, canonical JSON) to find a difference")
    s = sub.add_parser("selfplay", help="random legal-action games")
    s.add_argument("--cards", required=True)
    s.add_argument("--games", type=int, default=100)
    s.add_argument("--seed", type=int, default=1)
    s.add_argument("--check", action="store_true", help="check invariants on every action (slower)")
    s.add_argument("--turn-cap", type=int, default=200)
    s.add_argument("--policy", choices=("uniform", "kind", "weighted"), default="uniform",
                   help="random player: uniform over all legal actions (default), over action kinds then actions, "
                   "or weighted (rarely moves a character back home; see selfplay.py)")
    s.add_argument("--digest", action="store_true",
                   help="print a SHA-256 of every action and final state (same digest = same games)")
    s.add_argument("--json", action="store_true")
    args = ap.parse_args(argv)
    db = CardDB.from_directory(args.cards)
    if args.cmd == "coverage":
        cov = coverage(db)
        if args.list_manual:
            for card in sorted(db.cards.values(), key=lambda c: (c.set_name, c.number)):
                for ln in card.unautomated_lines:
                    print(f"{card.number}\t{card.name}\t{ln}")
            return 0
        if args.json:
            print(json.dumps(cov, indent=2))
        else:
            for name, s in sorted(cov["sets"].items()):
                print(f"{name:28s} {s['automated']:5d}/{s['cards']:<5d} {s['percent']:5.1f}%")
            t = cov["total"]
            print(f"{'total':28s} {t['automated']:5d}/{t['cards']:<5d} {t['percent']:5.1f}%")
        return 0
    if args.cmd == "fingerprint":
        if args.per_card:
            for card, text in per_card(db):
                print(f"{card.number}\t{card.key}\t{hashlib.sha256(text.encode()).hexdigest()[:16]}\t{text}")
        print(abilities_fingerprint(db))
        return 0
    res = run(db, args.games, args.seed, check=args.check, turn_cap=args.turn_cap, policy=args.policy,
              digest=args.digest)
    if args.json:
        print(json.dumps(res, indent=2))
    else:
        for k, v in res.items():
            print(f"{k}: {v}")
    return 0 if res["errors"] == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
