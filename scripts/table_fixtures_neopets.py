"""Dump real Neopets Battledome payloads for the game table (tests/fixtures/table/neopets_*.json).

Each fixture is a websocket "state" message as docs/online-play.md describes it, built from real games
of the Neopets engine on the demo set: the engine's view for one viewer, that viewer's legal actions,
the filtered log.  The table's Neopets renderer (static/gameplay/neopets.js) is tested against them.

    python scripts/table_fixtures_neopets.py        # writes tests/fixtures/table/neopets_*.json
"""
from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from gameplay.engine import rng as _rng  # noqa: E402
from gameplay.engine.neopets import CardDB, NeopetsGame, filter_events  # noqa: E402
from gameplay.engine.neopets.decks import random_deck  # noqa: E402

OUT = ROOT / "tests" / "fixtures" / "table"
NAMES = ("Ann", "Bob")


def payload(game: NeopetsGame, state, log: list[dict], viewer: Any, seq: int) -> dict[str, Any]:
    view = game.view(state, viewer)
    seat = viewer if isinstance(viewer, int) else None
    legal = [a.to_dict() for a in game.legal_actions(state, seat)] if seat is not None else []
    o = game.outcome(state)
    to_move = game.to_move(state)
    return {
        "type": "state", "seq": seq,
        "game": {"id": 2, "engine": "neopets", "number": 1, "status": "finished" if o else "playing", "match_id": 2,
                 "best_of": 1, "games_won": [0, 0]},
        "viewer": {"role": "player" if seat is not None else viewer, "seat": seat},
        "view": view, "legal_actions": legal, "to_move": to_move, "waiting_for": "",
        "clocks": {"decision": {"seat": to_move, "deadline": "2026-11-25T20:00:00+00:00"},
                   "round": {"ends_at": "2026-11-25T20:50:00+00:00", "time_called": False, "extra_turns_left": None},
                   "paused": False},
        "log": [dict(e, seq=i) for i, e in enumerate(filter_events(log, viewer))][-200:],
        "outcome": {"winner": o.winner, "reason": o.reason, "draw": o.draw} if o else None,
        "players": [{"seat": 0, "name": NAMES[0], "connected": True}, {"seat": 1, "name": NAMES[1], "connected": True}],
        "cards": {},
    }


def dump(name: str, data: dict) -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    (OUT / f"neopets_{name}.json").write_text(json.dumps(data, indent=1, sort_keys=True))


def play(game: NeopetsGame, seed: int, seen: set[str], *, first: bool) -> None:
    """One game; a player who can do something other than pass does it most of the time, so the boards
    fill up.  The first time a situation shows up, its payload is written."""
    s = seed
    d0, s = random_deck(game.db, s)
    d1, s = random_deck(game.db, s)
    st = game.new_game([d0, d1], seed=s, names=NAMES)
    log: list[dict] = []
    arng = seed * 7919 + 1
    n = 0

    def once(name: str, viewer: Any) -> None:
        if name not in seen:  # one fixture per situation, from the viewer it concerns
            seen.add(name)
            dump(f"{name}_p{viewer}" if isinstance(viewer, int) else name, payload(game, st, log, viewer, n))

    while not st.d["outcome"] and n < 5000:
        p = game.to_move(st)
        acts = game.legal_actions(st, p)
        pend = st.d["pending"]
        d = st.d
        if pend:
            once(f"kind_{pend['kind']}", p)
            if pend["kind"] == "mulligan":
                once("waiting", 1 - p)
            if pend["kind"] == "starting_neopet" and d["players"][1 - p]["neopet"] is not None:
                once("opponent_face_down", p)  # the other player's Neopet is face-down (1.2e)
        kinds = {a.kind for a in acts}
        for k in kinds - {"pass", "choose"}:
            once(f"action_{k}", p)
        if any(a.get("replace") for a in acts):
            once("action_replace", p)
        b = d["battle"]
        if b and b.get("defence") and d["players"][p]["neopet"] and not pend:
            once("battle", p)
        if d["queue"] and not pend:
            once("queue", p)
        if d["round"] == 2 and d["phase"] == "preparation" and not pend:
            once("round2", p)
            once("round2_spectator", "spectator")
            once("round2_judge", "judge")
        others = [a for a in acts if a.kind != "pass"]
        arng, r = _rng.randbelow(arng & _rng.MASK, 10)
        if pend and pend["kind"] == "mulligan":
            a = next(x for x in acts if x.get("option") == "keep")
        elif others and (r < 8 or not any(x.kind == "pass" for x in acts)):
            arng, i = _rng.randbelow(arng & _rng.MASK, len(others))
            a = others[i]
        else:
            a = acts[0]
        st, ev = game.apply(st, a)
        log.extend(ev)
        n += 1
    if first:
        dump("game_over_p0", payload(game, st, log, 0, n))
        dump("game_over_p1", payload(game, st, log, 1, n))


def main() -> None:
    game = NeopetsGame(CardDB.demo())
    seen: set[str] = set()
    for seed in range(1, 40):
        play(game, seed, seen, first=seed == 1)
    print(f"{len(seen)} fixtures: {', '.join(sorted(seen))}")


if __name__ == "__main__":
    main()
