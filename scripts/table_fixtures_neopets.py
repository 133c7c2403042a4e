"""Dump real Neopets Battledome payloads for the game table (tests/fixtures/table/neopets_*.json).

Each fixture is a websocket "state" message as docs/online-play.md describes it, built from real games
of the Neopets engine on the demo set: the engine's view for one viewer, that viewer's legal actions,
the filtered log.  The table's Neopets renderer (static/gameplay/neopets.js) is tested against them.

    python scripts/table_fixtures_neopets.py        # writes tests/fixtures/table/neopets_*.json
    python scripts/table_fixtures_neopets.py --vocabulary   # only the stacked vocabulary scenario
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
from gameplay.engine.neopets import scenario as S  # noqa: E402
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


class StackedRun:
    """A stacked game played step by step, writing fixtures as it goes: ``do`` one action, run the default
    actions ``until`` a state, write ``out`` one viewer's payload."""

    def __init__(self, game: NeopetsGame, st) -> None:
        self.game, self.st = game, st
        self.log: list[dict] = []
        self.written: list[str] = []

    def out(self, name: str, viewer: Any) -> None:
        self.written.append(name)
        dump(name, payload(self.game, self.st, self.log, viewer, len(self.log)))

    def do(self, kind: str, player: int, **params) -> None:
        self.st, ev = S.act(self.game, self.st, kind, player, **params)
        self.log.extend(ev)

    def until(self, done) -> None:
        for _ in range(500):
            if done(self.st):
                return
            p = self.game.to_move(self.st)
            self.st, ev = self.game.apply(self.st, self.game.default_action(self.st, p))
            self.log.extend(ev)
        raise AssertionError("scenario not reached")


def prep(p: int):
    """``p``'s own Preparation Phase, ``p`` has priority with the Queue empty."""
    return lambda s: S.at("preparation", p)(s) and s.d["active"] == p and not s.d["queue"]


def vocabulary(game: NeopetsGame) -> list[str]:
    """One stacked game through the demo cards of the newer vocabulary: Battle Plan (Planned, 6.6d),
    Crystal Ball (Look), a Reveal its owner chooses (9.10c), Buried Treasure and Exhumation (Bury /
    Exhume, 6.8d), Savings Jar's counters and Quartermaster's extra Equipment Slot (9.9a)."""
    main0 = ["Demo Battle Plan", "Demo Buried Treasure", "Demo Exhumation", "Demo Heal", "Demo Omelette"]
    st = S.stacked_game(game, (S.deck(main0), S.deck(["Demo Heal", "Demo Omelette"])))
    for p in (0, 1):
        for _ in range(2):  # Level 2 for Exhumation and Crystal Ball (4.2): test setup
            S.give(game, st, S.FILLER, p, "codestones")
    jar = S.give(game, st, "Demo Savings Jar", 0, "equipment")
    st.d["cards"][jar]["counters"] = 2  # as if stored on two turns (Glossary Store)
    S.give(game, st, "Demo Quartermaster", 0, "champion")
    ball = S.give(game, st, "Demo Crystal Ball", 1, "equipment")
    run = StackedRun(game, st)
    out, do, until = run.out, run.do, run.until

    pending = lambda kind: lambda s: bool(s.d["pending"]) and s.d["pending"]["kind"] == kind  # noqa: E731
    until(prep(0))
    do("play", 0, card=S.card_named(game, run.st, 0, "inventory", "Demo Battle Plan"))
    until(pending("plan"))
    out("kind_plan_p0", 0)
    do("choose", 0, option=S.card_named(game, run.st, 0, "inventory", "Demo Exhumation"))
    until(prep(1))
    do("activate", 1, card=ball, ability=0)
    until(lambda s: not s.d["queue"] and s.d["priority"] and not s.d["pending"])
    do("manual_effect", 1, effect={"op": "reveal", "whose": "opponent", "from": "inventory", "n": 1})
    out("kind_reveal_p0", 0)  # asked of the Inventory's owner, the controller's opponent
    do("choose", 0, option=run.st.d["pending"]["options"][0])
    until(lambda s: not s.d["pending"] and s.d["priority"] and s.d["priority"]["player"] == 1)
    out("vocab_seen_p1", 1)
    out("vocab_seen_p0", 0)
    until(prep(0))
    do("play", 0, card=S.card_named(game, run.st, 0, "inventory", "Demo Buried Treasure"))
    until(pending("bury"))
    out("kind_bury_p0", 0)
    do("choose", 0, option=run.st.d["pending"]["options"][0])
    until(prep(0))
    out("vocab_planned_p0", 0)  # the Planned Exhumation is playable (Glossary Planned); a card Buried
    out("vocab_planned_p1", 1)
    out("vocab_planned_spectator", "spectator")
    do("play", 0, card=S.card_named(game, run.st, 0, "planned", "Demo Exhumation"))
    until(pending("exhume"))
    out("kind_exhume_p0", 0)
    return run.written


def vocabulary_more(game: NeopetsGame) -> list[str]:
    """A stacked game through the demo cards of the vocabulary added last: Ann's Transmogrifier
    (Transform), her Elemental Prism with named counters and Lucky Clover (defence successes from 3),
    Bob's Paint Census (a Look at Ann's Rainbow Pool and Neopet Deck) and Bob's attack on turn 2."""
    st = S.stacked_game(game, (S.deck(["Demo Transmogrifier", "Demo Heal"]),
                               S.deck(["Demo Paint Census", "Demo Heal"])))
    for p in (0, 1):
        for _ in range(2):  # Level 2 for the Transmogrifier and the Rainbow Kacheek (4.2): test setup
            S.give(game, st, S.FILLER, p, "codestones")
    prism = S.give(game, st, "Demo Elemental Prism", 0, "equipment")
    st.d["cards"][prism]["nc"] = {"fire": 2, "ice": 1}  # as if stored on earlier turns (Glossary Store)
    S.give(game, st, "Demo Lucky Clover", 0, "equipment")
    st.d["players"][0]["damage"] = 2
    run = StackedRun(game, st)
    out, do, until = run.out, run.do, run.until

    until(prep(0))
    do("play", 0, card=S.card_named(game, run.st, 0, "inventory", "Demo Transmogrifier"))
    until(lambda s: not s.d["queue"] and not s.d["frames"] and s.d["priority"])
    until(prep(1))
    S.set_dice(run.st, [6, 5, 4, 3, 3, 1])  # Bob's attack dice; Ann's defence dice (3s block: Lucky Clover)
    do("play", 1, card=S.card_named(game, run.st, 1, "inventory", "Demo Paint Census"))
    until(lambda s: bool(s.d["pending"]) and s.d["pending"]["kind"] == "agility_reroll")  # Ann's (7.5f)
    out("vocab_more_p0", 0)
    out("vocab_more_p1", 1)
    out("vocab_more_spectator", "spectator")
    return run.written


def main() -> None:
    game = NeopetsGame(CardDB.demo())
    seen: set[str] = set()
    if "--vocabulary" not in sys.argv:  # (only the vocabulary scenario: the random games' fixtures stay)
        for seed in range(1, 40):
            play(game, seed, seen, first=seed == 1)
    seen.update(vocabulary(game))
    seen.update(vocabulary_more(game))
    print(f"{len(seen)} fixtures: {', '.join(sorted(seen))}")


if __name__ == "__main__":
    main()
