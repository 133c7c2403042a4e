"""Command line: ``python -m tournaments.pairing {swiss,standings,topcut} FILE``.

The JSON format is documented in README.md next to this file. Bad input
(malformed JSON, unknown player id, a player paired twice in a round, ...)
prints ``error: ...`` naming the problem on stderr and exits with code 2.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from .elimination import bracket_advance, bracket_seed, elimination_best_of, top_cut_size
from .models import MLP_SCORING, MatchRecord, PairingError, Player, Scoring, scoring_for_game
from .standings import TIEBREAKER_SYSTEMS, compute_standings
from .swiss import pair_swiss

EXIT_BAD_INPUT = 2


class InputError(Exception):
    """Invalid input file (reported with exit code 2)."""


def _expect(cond: bool, message: str) -> None:
    if not cond:
        raise InputError(message)


def _is_int(v: Any) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def load_event(text: str) -> dict[str, Any]:
    """Parse and type-check an event document; returns keyword material."""
    try:
        doc = json.loads(text)
    except json.JSONDecodeError as exc:
        raise InputError(f"malformed JSON: {exc.msg} at line {exc.lineno} column {exc.colno}") from None
    _expect(isinstance(doc, dict), "the top level must be a JSON object")

    if "scoring" in doc and doc["scoring"] is not None:
        sc = doc["scoring"]
        _expect(isinstance(sc, dict), '"scoring" must be an object like {"win": 3, "loss": 1, "draw": 1, "bye": 3}')
        unknown = set(sc) - {"win", "loss", "draw", "bye"}
        _expect(not unknown, f'"scoring": unknown key(s) {", ".join(sorted(unknown))}')
        base = scoring_for_game(doc.get("game")) if doc.get("game") else MLP_SCORING
        for k, v in sc.items():
            _expect(_is_int(v), f'"scoring.{k}" must be an integer, got {v!r}')
        scoring = Scoring(**{**base.__dict__, **sc})
    else:
        scoring = scoring_for_game(doc.get("game")) if doc.get("game") else MLP_SCORING

    seed = doc.get("seed", 0)
    _expect(isinstance(seed, (int, str)) and not isinstance(seed, bool), f'"seed" must be an integer or string, got {seed!r}')

    raw_players = doc.get("players")
    _expect(isinstance(raw_players, list), '"players" must be a list of {"id": ..., "dropped": false}')
    players = []
    for k, rp in enumerate(raw_players):
        _expect(isinstance(rp, dict), f"players[{k}] must be an object")
        pid = rp.get("id")
        _expect(isinstance(pid, str) and pid != "", f"players[{k}]: \"id\" must be a non-empty string, got {pid!r}")
        dropped = rp.get("dropped", False)
        _expect(isinstance(dropped, bool), f"player {pid!r}: \"dropped\" must be true or false")
        pts = rp.get("points", 0)
        _expect(_is_int(pts), f"player {pid!r}: \"points\" must be an integer")
        group = rp.get("group")
        _expect(group is None or isinstance(group, (str, int)), f"player {pid!r}: \"group\" must be a string")
        missed = {}
        for key in ("missed_losses", "missed_byes"):
            missed[key] = rp.get(key, 0)
            _expect(_is_int(missed[key]) and missed[key] >= 0, f"player {pid!r}: \"{key}\" must be a whole number >= 0")
        players.append(Player(id=pid, dropped=dropped, points=pts, group=None if group is None else str(group), **missed))

    raw_rounds = doc.get("rounds", [])
    _expect(isinstance(raw_rounds, list), '"rounds" must be a list of rounds (lists of matches)')
    rounds = []
    for r, rr in enumerate(raw_rounds, start=1):
        _expect(isinstance(rr, list), f"round {r} must be a list of matches")
        matches = []
        for k, m in enumerate(rr, start=1):
            _expect(isinstance(m, dict) and "a" in m, f'round {r}, match {k}: must be an object with "a", "b", "winner"')
            a, b, w = m.get("a"), m.get("b"), m.get("winner")
            for name, v in (("a", a), ("b", b), ("winner", w)):
                _expect(v is None or isinstance(v, str), f'round {r}, match {k}: "{name}" must be a player id string or null')
            _expect(a is not None, f'round {r}, match {k}: "a" must be a player id')
            dl = m.get("double_loss", False)
            _expect(isinstance(dl, bool), f'round {r}, match {k}: "double_loss" must be true or false')
            matches.append(MatchRecord(a=a, b=b, winner=w, double_loss=dl))
        rounds.append(matches)

    tiebreakers = doc.get("tiebreakers", "mlp")
    _expect(
        tiebreakers in TIEBREAKER_SYSTEMS,
        f'"tiebreakers" must be one of {", ".join(TIEBREAKER_SYSTEMS)}, got {tiebreakers!r}',
    )
    seeding = doc.get("seeding")
    _expect(
        seeding is None or (isinstance(seeding, list) and all(isinstance(x, str) for x in seeding)),
        '"seeding" must be a list of player ids, best first',
    )
    groups = doc.get("groups", False)
    _expect(isinstance(groups, bool), '"groups" must be true or false')
    return {
        "doc": doc,
        "players": players,
        "rounds": rounds,
        "scoring": scoring,
        "seed": seed,
        "tiebreakers": tiebreakers,
        "seeding": seeding,
        "groups": groups,
    }


def cmd_swiss(ev: dict[str, Any], explain: bool) -> dict[str, Any]:
    res = pair_swiss(
        ev["players"],
        ev["rounds"],
        scoring=ev["scoring"],
        seed=ev["seed"],
        groups=ev["groups"],
        seeding=ev["seeding"],
        tiebreakers=ev["tiebreakers"],
    )
    for w in res.warnings:
        print(f"warning: {w}", file=sys.stderr)
    out = []
    for p in res.pairings:
        item: dict[str, Any] = {"table": p.table, "a": p.a, "b": p.b}
        if explain:
            item["explanation"] = p.explanation
        out.append(item)
    return {"pairings": out}


def _standings(ev: dict[str, Any]):
    return compute_standings(
        ev["players"], ev["rounds"], scoring=ev["scoring"], seed=ev["seed"], tiebreakers=ev["tiebreakers"]
    )


def cmd_standings(ev: dict[str, Any]) -> list[dict[str, Any]]:
    return [
        {
            "rank": s.rank,
            "id": s.id,
            "points": s.points,
            "wins": s.wins,
            "losses": s.losses,
            "draws": s.draws,
            "byes": s.byes,
            "mwp": s.mwp,
            "omw": s.omw,
            "oomw": s.oomw,
            "dropped": s.dropped,
        }
        for s in _standings(ev)
    ]


def cmd_topcut(ev: dict[str, Any], size: int | None, tier: int | None) -> dict[str, Any]:
    doc = ev["doc"]
    if size is None and doc.get("top_cut") is not None:
        size = doc["top_cut"]
        _expect(_is_int(size), '"top_cut" must be an integer')
    if tier is None:
        tier = doc.get("tier", 1)
        _expect(_is_int(tier), '"tier" must be 1, 2 or 3')
    standings = _standings(ev)
    field = sum(1 for s in standings if not s.dropped)
    cut = top_cut_size(field, size, event_size=len(standings))  # the default by the event's size, dropped players included
    _expect(cut >= 2, f"no top cut possible with {field} active player(s)")
    bracket = bracket_seed(standings, cut, best_of=elimination_best_of(tier))
    elim = doc.get("elimination", [])
    _expect(isinstance(elim, list), '"elimination" must be a list of rounds of results')
    for r, rr in enumerate(elim, start=1):
        _expect(isinstance(rr, list), f"elimination round {r} must be a list of matches")
        results = []
        for k, m in enumerate(rr, start=1):
            _expect(isinstance(m, dict) and isinstance(m.get("a"), str) and isinstance(m.get("b"), str),
                    f'elimination round {r}, match {k}: must be {{"a": id, "b": id, "winner": id}}')
            results.append(MatchRecord(m["a"], m["b"], m.get("winner")))
        try:
            bracket = bracket_advance(bracket, results)
        except PairingError as exc:
            raise InputError(f"elimination round {r}: {exc}") from None
    return {
        "size": bracket.size,
        "best_of": bracket.best_of,
        "seeds": [{"seed": k + 1, "id": pid} for k, pid in enumerate(bracket.seeds)],
        "round": len(bracket.rounds),
        "pairings": [
            {"match": m.slot, "seed_a": m.seed_a, "a": m.a, "seed_b": m.seed_b, "b": m.b} for m in bracket.pairings
        ],
        "champion": bracket.champion,
    }


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m tournaments.pairing", description=__doc__)
    sub = ap.add_subparsers(dest="command", required=True)
    sp = sub.add_parser("swiss", help="pair the next Swiss round")
    sp.add_argument("file", help="event JSON file, or - for stdin")
    sp.add_argument("--explain", action="store_true", help="add an explanation to each pairing")
    st = sub.add_parser("standings", help="print the standings")
    st.add_argument("file")
    tc = sub.add_parser("topcut", help="seed (and advance) the single-elimination top cut")
    tc.add_argument("file")
    tc.add_argument("--size", type=int, default=None, help="top cut size (default: floor rules, 4 or 8)")
    tc.add_argument("--tier", type=int, choices=(1, 2, 3), default=None, help="event tier (3: best of three)")
    args = ap.parse_args(argv)
    try:
        if args.file == "-":
            text = sys.stdin.read()
        else:
            try:
                text = Path(args.file).read_text(encoding="utf-8")
            except OSError as exc:
                raise InputError(f"cannot read {args.file}: {exc.strerror}") from None
            except UnicodeDecodeError:
                raise InputError(f"{args.file} is not UTF-8 text") from None
        ev = load_event(text)
        if args.command == "swiss":
            out: Any = cmd_swiss(ev, args.explain)
        elif args.command == "standings":
            out = cmd_standings(ev)
        else:
            out = cmd_topcut(ev, args.size, args.tier)
    except (InputError, PairingError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return EXIT_BAD_INPUT
    print(json.dumps(out, indent=2))
    return 0
