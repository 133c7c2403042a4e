"""Stacked-deck helpers for scenario tests and judges: start a game with known decks (no shuffle,
chosen first player), skip setup decisions, and place cards directly (test/judge setup only)."""
from __future__ import annotations

from typing import Iterable

from ..api import Action
from .engine import Ev, MLPGame
from .state import State

VANILLA = ["PR12", "PR33", "PR31", "PR60", "PR81", "PR20", "PR36", "PR79", "PR54", "PR86", "PR44", "PR76"]
PROBLEMS = ["PR190", "PR168", "PR164", "PR170", "PR177", "PR192", "PR190", "PR168", "PR164", "PR170"]


def deck_spec(mane: str = "PR1", deck: Iterable[str] | None = None, problems: Iterable[str] | None = None) -> dict:
    d = list(deck) if deck is not None else []
    filler = [VANILLA[i % len(VANILLA)] for i in range(60)]
    while len(d) < 45:
        d.append(filler[len(d)])
    return {"mane": mane, "deck": d, "problems": list(problems) if problems is not None else list(PROBLEMS)}


def stacked_game(game: MLPGame, *, manes=("PR1", "PR2"), decks=(None, None), problems=(None, None), first: int = 0,
                 mulligan=(False, False), names=("Ann", "Bob")) -> State:
    """A game at the first player's first Main Phase.  ``decks[p]`` lists the draw deck top first
    (the first six are the opening hand), ``problems[p]`` the Problem deck (its first Starting
    Problem starts in play)."""
    specs = [deck_spec(manes[p], decks[p], problems[p]) for p in range(2)]
    st = game.new_game(specs, seed=12345, names=names, stacked=True, first_player=first)
    for p in range(2):
        st, _ = game.apply(st, Action.make("choose", p, option=st.d["pending"]["options"][0]))
    for p in (first, 1 - first):
        st, _ = game.apply(st, Action.make("choose", p, option=bool(mulligan[p])))
    return st


def place(game: MLPGame, state: State, number: str, player: int, area: str, *, exhausted: bool = False,
          face_down: bool = False, host: str | None = None) -> str:
    """Put a new card (not from any deck) into play for ``player`` at ``area`` (test setup)."""
    st = state.d
    key = game.db.key(number)
    cid = game._new(st, key, player, "hand")
    st["pl"][player]["hand"].append(cid)
    ev = Ev(True)
    nid = game.r.enter_play(st, ev, cid, area, player, face_down=face_down, exhausted=exhausted, host=host, trigger=False)
    st.pop("rxg", None)  # Reaction notes are made only in games with a Reaction card (reactions.py)
    state._la = None
    return nid


def to_hand(game: MLPGame, state: State, number: str, player: int) -> str:
    st = state.d
    cid = game._new(st, game.db.key(number), player, "hand")
    st["pl"][player]["hand"].append(cid)
    st.pop("rxg", None)
    state._la = None
    return cid


def to_discard(game: MLPGame, state: State, number: str, player: int) -> str:
    """A new card on top of the player's discard pile."""
    st = state.d
    cid = game._new(st, game.db.key(number), player, "disc")
    st["pl"][player]["disc"].append(cid)
    state._la = None
    return cid


def automated(db, *numbers: str) -> bool:
    """Are all these cards (collector numbers) fully automated (no manual text line)?"""
    return all(db.cards[db.key(n)].automated for n in numbers)


def set_tokens(state: State, player: int, n: int) -> None:
    state.d["pl"][player]["tok"] = n
    state._la = None


def problem(state: State, game: MLPGame, player: int) -> str:
    return game.r.problem_at(state.d, f"prob{player}")


def act(game: MLPGame, state: State, kind: str, player: int, **params) -> tuple[State, list]:
    return game.apply(state, Action.make(kind, player, **params))


def pass_until(game: MLPGame, state: State, pred, limit: int = 200) -> State:
    """Keep passing priority / taking the first option until ``pred(state)`` holds."""
    for _ in range(limit):
        if pred(state) or state.d["outcome"]:
            return state
        p = game.to_move(state)
        acts = game.legal_actions(state, p)
        pas = [a for a in acts if a.kind == "pass"]
        a = pas[0] if pas else acts[0]
        if state.d["pending"] and "done" in state.d["pending"]["options"]:
            a = Action.make("choose", p, option="done")
        if state.d["pending"] and state.d["pending"]["kind"] == "may":
            a = Action.make("choose", p, option=True)
        state, _ = game.apply(state, a)
    raise AssertionError("condition not reached")


def resolve_all(game: MLPGame, state: State, limit: int = 200) -> Ev:
    """Resolve the effect queue in place, answering each decision with "yes" or its first option
    (scenario tests of card effects)."""
    ev = Ev()
    for _ in range(limit):
        if state.d["pending"]:
            pend = state.d["pending"]
            opt = True if pend["kind"] == "may" else pend["options"][0]
            game.r.decide(state.d, ev, Action.make("choose", pend["player"], option=opt))
        elif state.d["rq"]:
            game.r.resolve_step(state.d, ev)
        elif not game.r.ppp(state.d, ev):
            break
    state._la = None  # the cached legal actions are stale after in-place changes
    return ev


def end_main_phase(game: MLPGame, state: State) -> Ev:
    """End the Main Phase in place (tests): its window closes, "At the end of your Main Phase" triggers
    fire, the end-of-Main-Phase window (601.2, 601.2c) opens and both players pass, then "until the end
    of the phase" modifiers end and the Score Phase is next (610)."""
    ev = Ev()
    r = game.r
    r.window_closed(state.d, ev, "main")
    r.step(state.d, ev)  # the end-of-Main-Phase window opens
    r.pass_priority(state.d, ev)
    r.pass_priority(state.d, ev)
    r.step(state.d, ev)  # main_over
    state._la = None
    return ev
