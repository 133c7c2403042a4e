"""CLI: ``python -m gameplay.engine.neopets coverage|selfplay [--cards FILE] [--json]``."""
from __future__ import annotations

import argparse
import json
import sys
from collections import Counter

from .carddb import DEMO_FILE, CardDB
from .effects import ABILITY_KINDS, COSTS, DICE_RULES, HIDDEN_SEEN_ZONES, OPS, PASSIVES, REPLACEMENTS, TRIGGERS
from .rules import CONDITIONS
from .selfplay import run


def coverage(db: CardDB) -> dict:
    """How many cards' text is described by effects (automated), per type; and which vocabulary
    entries the pool uses."""
    per: dict[str, dict] = {}
    for c in db.cards.values():
        s = per.setdefault(c.type, {"cards": 0, "automated": 0})
        s["cards"] += 1
        s["automated"] += c.automated
    total = sum(s["cards"] for s in per.values())
    auto = sum(s["automated"] for s in per.values())
    return {"types": per, "total": {"cards": total, "automated": auto, "percent": round(100 * auto / total, 1)},
            "manual": sorted(c.name for c in db.cards.values() if not c.automated), "vocabulary": vocabulary_use(db)}


def vocabulary_use(db: CardDB) -> dict[str, dict[str, int]]:
    used: dict[str, Counter] = {"kinds": Counter(), "ops": Counter(), "triggers": Counter(), "conditions": Counter(),
                                "replacements": Counter(), "passives": Counter(), "costs": Counter(),
                                "dice_rules": Counter(), "look_reveal_from": Counter()}

    def walk(x):
        if isinstance(x, dict):
            if "op" in x:
                used["ops"][x["op"]] += 1
                if x["op"] in ("look", "reveal"):
                    used["look_reveal_from"][x.get("from", "main_deck")] += 1
            if "test" in x:
                used["conditions"][x["test"]] += 1
            for v in x.values():
                walk(v)
        elif isinstance(x, list):
            for v in x:
                walk(v)

    for c in db.cards.values():
        if c.type == "Paint Brush":
            used["ops"]["paint"] += 1  # every Paint Brush resolves its own paint first (5.6c.2, flow.py)
        for a in c.effects or ():
            used["kinds"][a["kind"]] += 1
            if a["kind"] == "triggered":
                used["triggers"][a["on"]] += 1
            if a["kind"] == "replacement":
                used["replacements"][a["event"]] += 1
            if a["kind"] == "passive":
                used["passives"].update(k for k in PASSIVES if k in a)
                if "dice" in a:
                    used["dice_rules"][a["dice"]] += 1
            used["costs"].update(list(a.get("cost") or {}))
            walk(a)
    return {
        "kinds": {k: used["kinds"][k] for k in sorted(ABILITY_KINDS)},
        "ops": {k: used["ops"][k] for k in sorted(OPS)},
        "triggers": {k: used["triggers"][k] for k in sorted(TRIGGERS)},
        "conditions": {k: used["conditions"][k] for k in sorted(CONDITIONS)},
        "replacements": {k: used["replacements"][k] for k in sorted(REPLACEMENTS)},
        "passives": {k: used["passives"][k] for k in PASSIVES},
        "costs": {k: used["costs"][k] for k in sorted(COSTS)},
        "dice_rules": {k: used["dice_rules"][k] for k in sorted(DICE_RULES)},
        "look_reveal_from": {k: used["look_reveal_from"][k] for k in HIDDEN_SEEN_ZONES},
    }


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(prog="python -m gameplay.engine.neopets")
    sub = ap.add_subparsers(dest="cmd", required=True)
    c = sub.add_parser("coverage", help="how many cards' effects are automated")
    c.add_argument("--cards", default=str(DEMO_FILE))
    c.add_argument("--json", action="store_true")
    s = sub.add_parser("selfplay", help="random legal-action games")
    s.add_argument("--cards", default=str(DEMO_FILE))
    s.add_argument("--games", type=int, default=100)
    s.add_argument("--seed", type=int, default=1)
    s.add_argument("--check", action="store_true", help="check the invariants after every action (slower)")
    s.add_argument("--turn-cap", type=int, default=None)
    s.add_argument("--digest", action="store_true", help="a SHA-256 of every action and final state")
    s.add_argument("--json", action="store_true")
    args = ap.parse_args(argv)
    db = CardDB.from_file(args.cards)
    if args.cmd == "coverage":
        cov = coverage(db)
        if args.json:
            print(json.dumps(cov, indent=2))
        else:
            for name, t in sorted(cov["types"].items()):
                print(f"{name:14s} {t['automated']:4d}/{t['cards']:<4d}")
            t = cov["total"]
            print(f"{'total':14s} {t['automated']:4d}/{t['cards']:<4d} {t['percent']:5.1f}%")
            unused = [f"{k}:{n}" for k, d in cov["vocabulary"].items() for n, v in d.items() if not v]
            print("unused vocabulary:", ", ".join(unused) or "none")
        return 0
    res = run(db, args.games, args.seed, check=args.check, digest=args.digest, turn_cap=args.turn_cap)
    if args.json:
        print(json.dumps(res, indent=2))
    else:
        for k, v in res.items():
            print(f"{k}: {v}")
    return 0 if res["errors"] == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
