"""Random self-play with optional invariant checks (every card in exactly one zone, counts
conserved, points never decrease except by an effect, hidden information absent from views and
from the filtered event log, replay of the action log rebuilds the final state)."""
from __future__ import annotations

import hashlib
import json
import re
import time
from collections import Counter
from typing import Any

from .. import rng as _rng
from ..api import Action
from .carddb import CardDB
from .deckbuild import random_deck
from .engine import MLPGame, filter_events
from .state import State


class InvariantError(AssertionError):
    pass


def zone_check(st: dict) -> None:
    seen: dict[str, str] = {}

    def add(cid, where):
        if cid in seen:
            raise InvariantError(f"{cid} in {seen[cid]} and {where}")
        seen[cid] = where
        if cid not in st["cards"]:
            raise InvariantError(f"{cid} in {where} has no card record")

    for cid in st["play"]:
        add(cid, "play")
    for p, pl in enumerate(st["pl"]):
        for z in ("deck", "pdeck", "hand", "disc", "ban", "flip"):
            for cid in pl[z]:
                add(cid, f"{z}{p}")
                if st["cards"][cid].get("z") != z:
                    raise InvariantError(f"{cid} zone tag {st['cards'][cid].get('z')} != {z}")
    for fr in st["rq"]:
        after = fr.get("after") or {}
        if "discard" in after and after["discard"] in st["cards"] and after["discard"] not in seen:
            seen[after["discard"]] = "queue"
    missing = set(st["cards"]) - set(seen)
    if missing:
        raise InvariantError(f"cards in no zone: {sorted(missing)[:5]}")


def count_cards(st: dict) -> int:
    return sum(1 for c in st["cards"].values() if not c.get("t"))


def hidden_check(game: MLPGame, state: State) -> None:
    st = state.d
    r = game.r
    for viewer in (0, 1, "spectator"):
        text = json.dumps(game.view(state, viewer))
        pend = st["pending"]
        # the deciding player may see the cards offered to them: a search of their own deck (102.2
        # Starting Problem, 518) or a look at a hand ("Look at an opponent's hand and choose a card")
        allowed = set(map(str, pend["options"])) if pend and pend["player"] == viewer else set()
        if pend and pend["player"] == viewer and pend.get("src") in st["cards"] and st["cards"][pend["src"]]["o"] == viewer:
            # the card whose ability asks its own owner (LL100 on top of their deck: they put it there, 404.1)
            allowed.add(pend["src"])
        for p in (0, 1):
            hidden = list(st["pl"][p]["deck"]) + list(st["pl"][p]["pdeck"])
            if st["pl"][p]["deck"] and r.deck_top_public(st, p):
                hidden = hidden[1:]  # "Play with the top card of your deck revealed"
            if viewer != p and not r.hand_revealed(st, p):
                hidden += st["pl"][p]["hand"]
            for cid in hidden:
                if cid in allowed:
                    continue
                if f'"{cid}"' in text:
                    raise InvariantError(f"hidden card id {cid} visible to {viewer}")
        v = game.view(state, viewer)
        for cards in v["areas"].values():
            for c in cards:
                if c.get("face_down") and c.get("type") == "Troublemaker" and c["controller"] != viewer and "key" in c \
                        and not r.fd_public(st, c["id"]):
                    raise InvariantError("face-down Troublemaker identity visible (505.1d)")


def private_keys(st: dict) -> list[tuple[Counter, Counter, Counter]]:
    """Per player: the card keys in their hand, in their deck, and in their public zones (play, discard
    pile, banished, flip zone); ids change as cards change zones (410.6), keys do not."""
    out = []
    for p, pl in enumerate(st["pl"]):
        keys = [Counter(st["cards"][c]["k"] for c in pl[z]) for z in ("hand", "deck")]
        public = Counter(st["cards"][c]["k"] for z in ("disc", "ban", "flip") for c in pl[z])
        public.update(st["cards"][c]["k"] for c in st["play"] if st["cards"][c].get("o") == p)
        out.append((keys[0], keys[1], public))
    return out


def hidden_log_check(game: MLPGame, before: list[tuple[Counter, Counter, Counter]], state: State,
                     events: list[dict[str, Any]]) -> None:
    """The filtered event log of one action names no card that went from a player's deck into their hand
    unseen (hidden zone to hidden zone, 404.1, 402.2) unless it was revealed (518.1: a search is private
    unless its text says "reveal"; a flipped card is public, 515); ``before``: ``private_keys`` of the state
    the action was applied to."""
    after = private_keys(state.d)
    # a card of the same name in a public zone before or after this action may be named (either player's)
    seen = {game.db.cards[k].name for q in (0, 1) for k in set(before[q][2]) | set(after[q][2])}
    # a card flipped during this action was public (515) even if it went back to the deck and was drawn in
    # the same action (the faceoff ends, the flips go to the bottom of a near-empty deck, the next Draw Step)
    seen |= {m[1] for e in events if e.get("type") == "flip" for m in [_FLIPPED.search(e.get("msg", ""))] if m}
    for p in (0, 1):
        (hand0, deck0, _), (hand1, deck1, _) = before[p], after[p]
        names = {game.db.cards[k].name for k in hand1 - hand0 if (deck0 - deck1)[k]} - seen
        for viewer in (1 - p, "spectator"):
            for e in filter_events(events, viewer):
                msg = e.get("msg", "")
                if e.get("to") == viewer or "reveal" in msg or " flips " in msg:
                    continue  # the viewer's own private events; a revealed or flipped card is public (518.1, 515)
                for nm in names:
                    if nm in _without_longer_names(game, nm, msg):
                        raise InvariantError(f"{nm} went unseen from a deck to a hand but {viewer}'s log reads {msg!r}")


_FLIPPED = re.compile(r" flips (.+) \(-?\d+\)$")


def _without_longer_names(game: MLPGame, nm: str, msg: str) -> str:
    """``msg`` without the other cards' names that contain ``nm`` ("Lightning Dust, Ruthless Racer",
    "Flim & Flam", the Problem "Save Sweet Apple Acres"): naming them does not name ``nm``."""
    longer = _LONGER.get(nm)
    if longer is None:
        longer = _LONGER[nm] = sorted({c.name for c in game.db.cards.values() if nm in c.name and c.name != nm},
                                      key=len, reverse=True)
    for other in longer:
        msg = msg.replace(other, "")
    return msg


_LONGER: dict[str, list[str]] = {}  # card name -> the pool's longer names containing it


def _home_move(a: Action) -> bool:
    return a.kind == "move" and a.get("area", "").startswith("home")


def pick(arng: int, acts: list[Action], policy: str) -> tuple[int, Action]:
    """A random legal action.

    - "uniform" (the default of ``run``): uniform over all legal actions.
    - "kind": uniform over action kinds, then uniform within the kind (so the many move actions
      don't drown out playing cards).
    - "weighted": still random over the legal actions, but moving a character back to its own home
      is rarer: with probability 7/8 the pick is uniform over the legal actions that are not such a
      move (when there are any), else uniform over all of them, so every legal action keeps a
      positive probability.  Uniform random players spend many turns
      shuttling characters between home and the Problems (~117 turns and ~20% turn-cap draws per
      game); this policy keeps every legal action possible and gives ~80-85 turns per game.
    """
    if policy == "weighted" and len(acts) > 1:
        arng, x = _rng.randbelow(arng, 8)
        if x:
            rest = [a for a in acts if not _home_move(a)]
            if rest:
                acts = rest
    elif policy == "kind" and len(acts) > 1:
        kinds: dict[str, list[Action]] = {}
        for a in acts:
            kinds.setdefault(a.kind, []).append(a)
        if len(kinds) > 1:
            arng, i = _rng.randbelow(arng, len(kinds))
            acts = list(kinds.values())[i]
    arng, i = _rng.randbelow(arng, len(acts))
    return arng, acts[i]


def play_random_game(game: MLPGame, seed: int, *, check: bool = False, max_actions: int = 20000,
                     policy: str = "uniform", digest: Any = None) -> dict[str, Any]:
    """One random game.  ``digest``: a ``hashlib`` object fed every action taken and the final
    state, so two engine versions can be shown to play exactly the same games."""
    db = game.db
    s = seed & _rng.MASK
    d0, s = random_deck(db, s)
    d1, s = random_deck(db, s)
    state = game.new_game([d0, d1], seed=s)
    init = state.copy() if check else None
    actions: list[Action] = []
    arng = (seed * 0x2545F4914F6CDD1D + 1) & _rng.MASK
    total = count_cards(state.d)
    last_scores = [0, 0]
    n = 0
    while state.d["outcome"] is None:
        p = game.to_move(state)
        acts = game.legal_actions(state, p)
        if not acts:
            raise InvariantError(f"player {p} to move without legal actions at step {state.d['step']}")
        arng, a = pick(arng, acts, policy)
        before = private_keys(state.d) if check else None
        state, events = game.apply(state, a, copy=False)
        actions.append(a)
        if digest is not None:
            digest.update(str(a).encode())
        n += 1
        if check:
            zone_check(state.d)
            hidden_log_check(game, before, state, events)
            if count_cards(state.d) != total:
                raise InvariantError("card count not conserved")
            sc = [pl["score"] for pl in state.d["pl"]]
            if sc[0] < last_scores[0] or sc[1] < last_scores[1]:
                raise InvariantError("points decreased")
            last_scores = sc
            if n % 29 == 0:
                hidden_check(game, state)
        if n > max_actions:
            raise InvariantError("too many actions")
    if check:
        rebuilt = init
        for a in actions:
            rebuilt, _ = game.apply(rebuilt, Action.from_dict(json.loads(json.dumps(a.to_dict()))), copy=False)
        if rebuilt.to_json() != state.to_json():
            raise InvariantError("replay of the action log does not rebuild the final state")
        rt = State.from_dict(json.loads(json.dumps(state.to_dict())))
        if rt.to_json() != state.to_json():
            raise InvariantError("to_dict/from_dict round trip differs")
    if digest is not None:
        digest.update(state.to_json().encode())
    o = state.d["outcome"]
    return {"turns": state.d["turn"], "actions": n, "winner": o["winner"], "reason": o["reason"],
            "scores": [pl["score"] for pl in state.d["pl"]]}


def run(db: CardDB, games: int, seed: int, *, check: bool = False, turn_cap: int = 200,
        policy: str = "uniform", digest: bool = False) -> dict[str, Any]:
    """Play ``games`` random games (seeds ``seed`` ...).  ``digest=True`` adds ``digest``: a SHA-256 of
    every action and final state, equal for two engine versions exactly when they play the same games."""
    game = MLPGame(db, turn_cap=turn_cap, quiet=not check)  # a check reads the event log too
    h = hashlib.sha256() if digest else None
    t0 = time.perf_counter()
    c0 = time.process_time()
    done = errors = 0
    turns = actions = 0
    draws = capped = 0
    first_errors: list[str] = []
    for g in range(games):
        try:
            r = play_random_game(game, seed + g, check=check, policy=policy, digest=h)
            done += 1
            turns += r["turns"]
            actions += r["actions"]
            if r["winner"] is None:
                draws += 1
                if "turn cap" in r["reason"]:
                    capped += 1
        except Exception as e:  # noqa: BLE001 - report, keep going
            errors += 1
            if len(first_errors) < 5:
                import traceback

                first_errors.append(f"seed {seed + g}: {type(e).__name__}: {e}\n{traceback.format_exc()[-700:]}")
    dt = time.perf_counter() - t0
    cpu = time.process_time() - c0
    return {"games": games, "completed": done, "errors": errors, "draws": draws, "turn_cap_draws": capped,
            "average_turns": round(turns / done, 2) if done else 0, "seconds": round(dt, 2),
            "games_per_second": round(games / dt, 2) if dt else None, "actions": actions,
            "average_actions": round(actions / done, 1) if done else 0,
            "actions_per_second": round(actions / dt, 1) if dt else None,
            "turn_cap_share": round(capped / done, 4) if done else 0,
            "cpu_seconds": round(cpu, 2), "games_per_cpu_second": round(games / cpu, 2) if cpu else None, "checked": check, "policy": policy, "first_errors": first_errors,
            **({"digest": h.hexdigest()} if h is not None else {})}
