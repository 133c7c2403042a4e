"""Dump real engine payloads for the game table (tests/fixtures/table/*.json).

Each fixture is a websocket "state" message as docs/online-play.md describes it, built from a real
MLP game: the engine's view for one viewer, that viewer's legal actions, the filtered log and the
printed faces of the cards shown.  The table's JavaScript is developed and tested against them.

    python scripts/table_fixtures.py            # writes tests/fixtures/table/
"""
from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from gameplay.engine.api import Action  # noqa: E402
from gameplay.engine.mlp import CardDB, MLPGame, filter_events  # noqa: E402
from gameplay.engine.mlp.deckbuild import random_deck  # noqa: E402
from gameplay.engine.mlp.scenario import deck_spec  # noqa: E402

OUT = ROOT / "tests" / "fixtures" / "table"
NAMES = ("Ann", "Bob")


def payload(game: MLPGame, state, log: list[dict], viewer: Any, seq: int) -> dict[str, Any]:
    view = game.view(state, viewer)
    seat = viewer if isinstance(viewer, int) else None
    legal = [a.to_dict() for a in game.legal_actions(state, seat)] if seat is not None else []
    o = game.outcome(state)
    to_move = game.to_move(state)
    return {
        "type": "state", "seq": seq,
        "game": {"id": 1, "engine": "mlp", "number": 1, "status": "finished" if o else "playing", "match_id": 1,
                 "best_of": 3, "games_won": [0, 0]},
        "viewer": {"role": "player" if seat is not None else viewer, "seat": seat},
        "view": view, "legal_actions": legal, "to_move": to_move,
        "waiting_for": "",  # the server words it; empty: the table words it from the view
        "clocks": {"decision": {"seat": to_move, "deadline": "2026-11-25T20:00:00+00:00"},
                   "round": {"ends_at": "2026-11-25T20:50:00+00:00", "time_called": False, "extra_turns_left": None},
                   "paused": False},
        "log": [dict(e, seq=i) for i, e in enumerate(filter_events(log, viewer))][-200:],
        "outcome": {"winner": o.winner, "reason": o.reason, "draw": o.draw} if o else None,
        "players": [{"seat": 0, "name": NAMES[0], "connected": True}, {"seat": 1, "name": NAMES[1], "connected": True}],
        "cards": game.card_faces(view),
    }


def dump(name: str, data: dict) -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    (OUT / f"{name}.json").write_text(json.dumps(data, indent=1, sort_keys=True))


def stacked(game: MLPGame) -> None:
    """The journey's stacked game: Ann opens with Tank, Burrower (a triggered "may")."""
    ann = deck_spec("PR1", ["EO21", "PR12", "PR12", "PR60", "PR33", "PR31"] + ["PR12"] * 10)
    bob = deck_spec("PR2", ["PR33", "PR33", "PR31", "PR60", "PR12", "PR12"])
    st = game.new_game([ann, bob], seed=7, names=NAMES, stacked=True, first_player=0)
    log: list[dict] = []
    seq = 0

    def go(kind: str, p: int, **kw):
        nonlocal st, seq
        st, ev = game.apply(st, Action.make(kind, p, **kw))
        log.extend(ev)
        seq += 1

    dump("setup_problem_p0", payload(game, st, log, 0, seq))
    go("choose", 0, option=st.d["pending"]["options"][0])
    go("choose", 1, option=st.d["pending"]["options"][0])
    dump("mulligan_p0", payload(game, st, log, 0, seq))
    dump("mulligan_waiting_p1", payload(game, st, log, 1, seq))
    go("choose", 0, option=False)
    go("choose", 1, option=False)
    dump("main_p0", payload(game, st, log, 0, seq))
    dump("main_waiting_p1", payload(game, st, log, 1, seq))
    dump("main_spectator", payload(game, st, log, "spectator", seq))
    dump("main_judge", payload(game, st, log, "judge", seq))
    tank = next(a for a in game.legal_actions(st, 0) if a.kind == "play" and a.get("area", "").startswith("prob"))
    go(tank.kind, 0, **{k: v for k, v in tank.to_dict().items() if k not in ("kind", "player")})
    dump("may_p0", payload(game, st, log, 0, seq))
    dump("may_waiting_p1", payload(game, st, log, 1, seq))
    # Play on with the first non-pass action until a faceoff and a few turns in.
    shots = {"faceoff": False, "discard_down": False, "target": False}
    for _ in range(3000):
        if st.d["outcome"]:
            break
        p = game.to_move(st)
        acts = game.legal_actions(st, p)
        pend = st.d["pending"]
        if st.d["fo"] and not shots["faceoff"]:
            dump("faceoff_p0", payload(game, st, log, 0, seq))
            dump("faceoff_p1", payload(game, st, log, 1, seq))
            shots["faceoff"] = True
        if pend and pend["kind"] in shots and not shots[pend["kind"]]:
            dump(f"{pend['kind']}_p{p}", payload(game, st, log, p, seq))
            shots[pend["kind"]] = True
        if pend and pend["kind"] == "may":
            a = Action.make("choose", p, option=True)
        else:
            pref = [a for a in acts if a.kind in ("play", "move") and str(a.get("area", "")).startswith("prob")]
            a = pref[0] if pref else acts[0]
        go(a.kind, p, **{k: v for k, v in a.to_dict().items() if k not in ("kind", "player")})
        if st.d["turn"] == 4 and st.d["step"] == "main" and not shots.get("turn4"):
            shots["turn4"] = True
            dump("midgame_p0", payload(game, st, log, 0, seq))
            dump("midgame_p1", payload(game, st, log, 1, seq))
    dump("game_over_p0", payload(game, st, log, 0, seq))
    dump("game_over_p1", payload(game, st, log, 1, seq))


def random_kinds(game: MLPGame, seeds: range) -> None:
    """Real pending decisions of every kind from random games (one fixture per kind)."""
    db = game.db
    seen: set[str] = set()
    for seed in seeds:
        s = seed
        d0, s = random_deck(db, s)
        d1, s = random_deck(db, s)
        st = game.new_game([d0, d1], seed=s, names=NAMES)
        log: list[dict] = []
        n = 0
        while not st.d["outcome"] and n < 3000:
            p = game.to_move(st)
            acts = game.legal_actions(st, p)
            pend = st.d["pending"]
            if pend and pend["kind"] not in seen and st.d["turn"] > 1:
                seen.add(pend["kind"])
                dump(f"kind_{pend['kind']}_p{p}", payload(game, st, log, p, n))
            for kind in {a.kind for a in acts} & {"activate", "play_troublemaker", "rally"} - seen:
                seen.add(kind)
                dump(f"action_{kind}_p{p}", payload(game, st, log, p, n))
            a = acts[(seed * 7 + n * 13) % len(acts)]
            st, ev = game.apply(st, a)
            log.extend(ev)
            n += 1
        if seed == seeds.start:
            dump("random_late_p0", payload(game, st, log, 0, n))
    print("kinds:", sorted(seen))


if __name__ == "__main__":
    g = MLPGame(CardDB.from_directory(ROOT.parent / "shared" / "cards" / "mlpccg"))
    stacked(g)
    random_kinds(g, range(1, 25))
