"""Random self-play with invariant checks: every card in exactly one zone and the count conserved,
damage and Hit Points consistent, rounds and the game's winner consistent, hidden information absent
from other players' views and filtered logs, replay of the action log rebuilds the final state, and
the JSON round trip."""
from __future__ import annotations

import hashlib
import json
import time
import traceback
from typing import Any

from .. import rng as _rng
from ..api import Action
from . import rules as R
from .carddb import CardDB
from .decks import random_deck
from .engine import NeopetsGame, filter_events
from .state import State

PRIVATE_EVENTS = frozenset({"draw", "stolen", "neopet_chosen_you", "looked", "planned_you", "buried_you"})


class InvariantError(AssertionError):
    pass


def zone_check(st: dict, total: int) -> None:
    seen: dict[str, str] = {}

    def add(cid: str, where: str, tag: str) -> None:
        if cid in seen:
            raise InvariantError(f"{cid} in {seen[cid]} and {where}")
        seen[cid] = where
        if st["cards"][cid]["z"] != tag:
            raise InvariantError(f"{cid} has the zone tag {st['cards'][cid]['z']}, found in {where}")

    for p, pl in enumerate(st["players"]):
        for z in R.LIST_ZONES:
            for cid in pl[z]:
                add(cid, f"{z}{p}", z)
                if st["cards"][cid]["p"] != p:
                    raise InvariantError(f"{cid} in {z}{p} says player {st['cards'][cid]['p']}")
        for z in R.SLOT_ZONES:
            if pl[z] is not None:
                add(pl[z], f"{z}{p}", z)
    for e in st["queue"]:
        if e.get("card"):
            add(e["card"], "queue", "queue")
    for fr in st["frames"]:
        if fr.get("card"):
            add(fr["card"], "resolving", "resolving")
        elif fr["kind"] == "cost" and fr["entry"].get("card"):
            add(fr["entry"]["card"], "queue (costs)", "queue")
    if len(seen) != total or len(st["cards"]) != total:
        raise InvariantError(f"{total} cards at the start, {len(seen)} in zones, {len(st['cards'])} records")


def game_check(g: NeopetsGame, st: dict) -> None:
    won = [pl["rounds_won"] for pl in st["players"]]
    if max(won) > 2:
        raise InvariantError(f"rounds won {won}")
    o = st["outcome"]
    for p, pl in enumerate(st["players"]):
        if pl["damage"] < 0:
            raise InvariantError("negative damage")
        if len(pl["codestones"]) > R.MAX_CODESTONES or len(pl["equipment"]) > R.equipment_slots(g, st, p):
            raise InvariantError("more than five Codestones or more Equipment than Equipment Slots (5.8d.2, 9.9a)")
        if any(st["cards"][c].get("fd") for z in ("inventory", "main_deck", "equipment", "void") for c in pl[z]):
            raise InvariantError("a face-down (Buried) mark outside a Discard")
        if o is None and st["phase"] != "setup" and pl["neopet"] is not None and st["ko"] is None \
                and pl["damage"] >= R.stat(g, st, p, "hit_points"):
            raise InvariantError(f"player {p}'s Neopet has {pl['damage']} damage and was not knocked out")
        if o is None and st["phase"] != "setup" and len(pl["round_results"]) != st["round"] - 1:
            raise InvariantError(f"round {st['round']} but {len(pl['round_results'])} Neopets in Round Results")
    if o is None:
        if sum(won) != st["round"] - 1:
            raise InvariantError(f"round {st['round']} with rounds won {won}")
    elif "two rounds" in o["reason"] and won[o["winner"]] != 2:
        raise InvariantError(f"winner {o['winner']} with rounds {won}")


def hidden_check(g: NeopetsGame, state: State, events: list[dict]) -> None:
    st = state.d
    for viewer in (0, 1, "spectator"):
        text = json.dumps(g.view(state, viewer))
        pend = st["pending"]
        # the deciding player sees the cards offered to them (a search of their deck, 8.11; Foresee)
        allowed = set(map(str, pend["options"])) | {str(pend.get("card"))} if pend and pend["player"] == viewer else set()
        allowed |= R.seen_by(st, viewer)  # a Look's cards for the looking player, a Reveal's for both (9.10c)
        for p in (0, 1):
            pl = st["players"][p]
            hidden = list(pl["main_deck"])
            if viewer != p:
                hidden += pl["inventory"] + pl["neopet_deck"] + pl["rainbow_pool"] + pl["stolen"] + pl["planned"]
                hidden += [c for c in pl["discard"] if st["cards"][c].get("fd")]  # Buried (6.8d)
                if pl["neopet"] is not None and not st["cards"][pl["neopet"]].get("fu"):
                    hidden.append(pl["neopet"])
            for cid in hidden:
                if cid not in allowed and f'"{cid}"' in text:
                    raise InvariantError(f"hidden card {cid} of player {p} visible to {viewer}")
        for e in filter_events(events, viewer):
            if e["type"] in PRIVATE_EVENTS and e.get("to") != viewer:
                raise InvariantError(f"private event {e['type']} shown to {viewer}")


def pick(arng: int, acts: list[Action]) -> tuple[int, Action]:
    arng, i = _rng.randbelow(arng, len(acts))
    return arng, acts[i]


def play_random_game(g: NeopetsGame, seed: int, *, check: bool = False, max_actions: int = 50000,
                     digest: Any = None) -> dict[str, Any]:
    s = seed & _rng.MASK
    d0, s = random_deck(g.db, s)
    d1, s = random_deck(g.db, s)
    state = g.new_game([d0, d1], seed=s)
    init = state.copy() if check else None
    total = len(state.d["cards"])
    arng = (seed * 0x2545F4914F6CDD1D + 1) & _rng.MASK
    actions: list[Action] = []
    while state.d["outcome"] is None:
        p = g.to_move(state)
        acts = g.legal_actions(state, p)
        if not acts:
            raise InvariantError(f"player {p} to move without legal actions ({state.d['phase']}/{state.d['stage']})")
        arng, a = pick(arng, acts)
        state, events = g.apply(state, a, copy=False)
        actions.append(a)
        if digest is not None:
            digest.update(str(a).encode())
        if check:
            zone_check(state.d, total)
            game_check(g, state.d)
            if len(actions) % 11 == 0:
                hidden_check(g, state, events)
        if len(actions) > max_actions:
            raise InvariantError("too many actions")
    if check:
        rebuilt = init
        for a in actions:
            rebuilt, _ = g.apply(rebuilt, Action.from_dict(json.loads(json.dumps(a.to_dict()))), copy=False)
        if rebuilt.to_json() != state.to_json():
            raise InvariantError("replay of the action log does not rebuild the final state")
        if State.from_json(state.to_json()).to_json() != state.to_json() \
                or State.from_dict(state.to_dict()) != state:
            raise InvariantError("the JSON round trip differs")
    if digest is not None:
        digest.update(state.to_json().encode())
    o = state.d["outcome"]
    return {"turns": state.d["turn"], "rounds": state.d["round"], "actions": len(actions), "winner": o["winner"],
            "reason": o["reason"]}


def run(db: CardDB, games: int, seed: int, *, check: bool = False, digest: bool = False,
        turn_cap: int | None = None) -> dict[str, Any]:
    g = NeopetsGame(db, quiet=not check, **({"turn_cap": turn_cap} if turn_cap else {}))
    h = hashlib.sha256() if digest else None
    t0 = time.perf_counter()
    done = errors = draws = turns = rounds = actions = capped = 0
    first_errors: list[str] = []
    for i in range(games):
        try:
            r = play_random_game(g, seed + i, check=check, digest=h)
        except Exception as exc:  # noqa: BLE001 - reported, the run goes on
            errors += 1
            if len(first_errors) < 5:
                first_errors.append(f"seed {seed + i}: {type(exc).__name__}: {exc}\n{traceback.format_exc()[-900:]}")
            continue
        done += 1
        turns += r["turns"]
        rounds += r["rounds"]
        actions += r["actions"]
        draws += r["winner"] is None
        capped += "turn cap" in r["reason"]
    dt = time.perf_counter() - t0
    return {"games": games, "completed": done, "errors": errors, "draws": draws, "turn_cap_games": capped,
            "average_turns": round(turns / done, 2) if done else 0, "average_rounds": round(rounds / done, 3) if done else 0,
            "average_actions": round(actions / done, 1) if done else 0, "seconds": round(dt, 2),
            "games_per_second": round(games / dt, 2) if dt else None, "checked": check, "seed": seed,
            "first_errors": first_errors, **({"digest": h.hexdigest()} if h is not None else {})}
