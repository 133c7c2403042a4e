"""Stacked-deck helpers for scenario tests and judges: known decks (no shuffle, a chosen first
player), setup decisions answered, fixed dice, and cards placed directly (test / judge setup only)."""
from __future__ import annotations

from typing import Callable, Iterable

from ..api import Action
from . import rules as R
from .engine import NeopetsGame
from .state import State

FILLER = "Demo Vo Codestone"


def deck(main: Iterable[str] = (), neopets: Iterable[str] = ("Demo Kacheek", "Demo Shoyru", "Demo Kougra"),
         rainbow: Iterable[str] = ("Demo Rainbow Kacheek", "Demo Rainbow Shoyru")) -> dict:
    """A deck whose Main Deck is ``main`` (top first) filled to 50 with Codestones."""
    m = list(main)
    m += [FILLER] * (50 - len(m))
    return {"neopets": list(neopets), "rainbow": list(rainbow), "main": m}


def stacked_game(game: NeopetsGame, decks=(None, None), *, first: int = 0, pets=("Demo Kacheek", "Demo Kougra"),
                 names=("Ann", "Bob"), seed: int = 7) -> State:
    """A game after setup: ``first`` takes the first turn, nobody mulligans, ``pets[p]`` are the
    starting Neopets.  Decks are stacked (their first five cards are the opening Inventory)."""
    specs = [d if d is not None else deck() for d in decks]
    specs = [dict(s, neopets=list(s["neopets"]) if pets[p] in s["neopets"] else [pets[p]] + list(s["neopets"])[:4])
             for p, s in enumerate(specs)]
    st = game.new_game(specs, seed=seed, names=names, stacked=True, first_player=first)
    st, _ = game.apply(st, Action.make("choose", first, option="first"))
    for p in (first, 1 - first):
        st, _ = game.apply(st, Action.make("choose", p, option="keep"))
    for p in (first, 1 - first):
        cid = next(c for c in st.d["pending"]["options"] if game.name_of(st, c) == pets[p])
        st, _ = game.apply(st, Action.make("choose", p, option=cid))
    return st


def set_dice(state: State, values: Iterable[int]) -> None:
    """The next die results, in order (then the PRNG again)."""
    state.d["dice"].extend(values)


def give(game: NeopetsGame, state: State, name: str, player: int, zone: str = "inventory", *, top: bool = False,
         owner: int | None = None) -> str:
    """A new card (from no deck) into ``zone`` of ``player`` (test setup; ``zone`` may be a slot);
    ``owner`` (3.5a) defaults to ``player``."""
    st = state.d
    cid = R.new_card(st, game.db.key(name), player if owner is None else owner, "discard")
    R.put(st, cid, zone, player, bottom=not top, **({"fu": True} if zone == "neopet" else {}))
    return cid


def card_named(game: NeopetsGame, state: State, player: int, zone: str, name: str) -> str:
    return next(c for c in state.d["players"][player][zone] if game.name_of(state, c) == name)


def run_until(game: NeopetsGame, state: State, done: Callable[[State], bool], limit: int = 2000) -> State:
    """Pass priority / take the default decision until ``done(state)``."""
    for _ in range(limit):
        if done(state):
            return state
        p = game.to_move(state)
        if p is None:
            break
        state, _ = game.apply(state, game.default_action(state, p))
    if done(state):
        return state
    raise AssertionError(f"not reached: phase {state.d['phase']} stage {state.d['stage']}")


def at(phase: str, player: int | None = None) -> Callable[[State], bool]:
    """``run_until`` condition: ``player`` (or anyone) has priority in ``phase``."""
    def done(s: State) -> bool:
        pr = s.d["priority"]
        return s.d["phase"] == phase and pr is not None and not s.d["pending"] and (player is None or pr["player"] == player)
    return done


def act(game: NeopetsGame, state: State, kind: str, player: int, **params) -> tuple[State, list[dict]]:
    return game.apply(state, Action.make(kind, player, **params))


def pass_(game: NeopetsGame, state: State) -> State:
    """The player to move passes priority."""
    state, _ = game.apply(state, Action.make("pass", game.to_move(state)))
    return state
