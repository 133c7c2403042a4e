"""Stacked-deck helpers for scenario tests and judges: start a game with known decks (no shuffle,
chosen first player), skip setup decisions, and place cards directly (test/judge setup only).

Below the setup helpers, the game events a scenario test makes happen in place (frighten a card,
start a faceoff, answer a decision, put effects on the resolution queue, ...): each runs the rule
that the engine itself runs for that event, on ``state`` directly, without advancing the game to the
next decision (``MLPGame.apply`` does that), and forgets the cached legal actions.  ``ev`` collects
the log events when a test wants to read them.  Read the results through the public queries of
``MLPGame`` (power, keyword, card_cost, can_confront, ...) or its ``view``."""
from __future__ import annotations

import copy
from typing import Any, Callable, Iterable

from ..api import Action
from .effects.timed import fire_delayed
from .engine import Ev, MLPGame
from .flow.turn import uncover_one
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


def new_card(game: MLPGame, state: State, number: str, player: int, zone: str) -> str:
    """A new card (not from any deck) of ``player`` in ``zone`` (test setup): on top of their pile of that
    name (``"flip"``: flipped in the faceoff, 515; ``"ban"``, ``"hand"``, ``"disc"``), or ``"queue"``: an
    Event card being resolved (408), the source to give ``play_effects``."""
    st = state.d
    cid = game._new(st, game.db.key(number), player, zone)
    if zone != "queue":
        st["pl"][player][zone].append(cid)
    state._la = None
    return cid


def in_view(game: MLPGame, state: State, cid: str, viewer="judge") -> dict:
    """Card ``cid`` in play as ``viewer``'s view shows it (power, colors, exhausted, counters, ...)."""
    for cards in game.view(state, viewer)["areas"].values():
        for card in cards:
            if card["id"] == cid:
                return card
    raise KeyError(f"{cid} is not in play")


#: set_card's fields: the readable name -> the card record's key (state.CARD_KEYS)
CARD_FIELDS = {"area": "a", "card_key": "k", "boosted": "b", "exhausted": "ex", "face_down": "fd",
               "frightened": "fr", "controller": "c", "owner": "o", "counters": "cn", "cutie_marked": "cm",
               "banished_beneath": "bn"}


def set_card(state: State, cid: str, **fields) -> None:
    """Test / judge setup: write fields of a card's record directly (``area="prob1"``, ``exhausted=True``,
    ``card_key=db.key("PR12")``, ...).  No rule runs (no trigger, no move restriction): use the game
    events below to make something happen in the game."""
    card = state.d["cards"][cid]
    for name, value in fields.items():
        card[CARD_FIELDS[name]] = value
    state._la = None


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


def first_answer(pending: dict) -> Any:
    """The default answer to a decision: "yes" to a "may", else its first option."""
    return True if pending["kind"] == "may" else pending["options"][0]


def resolve_all(game: MLPGame, state: State, limit: int = 200, *, answers: Iterable = (),
                pick: Callable[[dict], Any] | None = None, ev: Ev | None = None) -> Ev:
    """Resolve the effect queue in place, with pre-priority processing (511) putting waiting triggers on
    it, until nothing is left (scenario tests of card effects).  The decisions on the way get ``answers``
    in order, then ``pick(pending)`` when given, else "yes" or their first option.  Returns the log
    events (added to ``ev`` when given)."""
    todo, choose = list(answers), pick or first_answer
    ev = ev if ev is not None else Ev()
    for _ in range(limit):
        if state.d["pending"]:
            pend = state.d["pending"]
            opt = todo.pop(0) if todo else choose(pend)
            game.r.decide(state.d, ev, Action.make("choose", pend["player"], option=opt))
        elif state.d["rq"]:
            game.r.resolve_step(state.d, ev)
        elif not game.r.ppp(state.d, ev):
            break
    state._la = None  # the cached legal actions are stale after in-place changes
    return ev


def resolve_to_decision(game: MLPGame, state: State, limit: int = 200, *, ev: Ev | None = None) -> Ev:
    """Resolve the effect queue in place, with pre-priority processing (511), until a decision is pending
    (``state.pending``: answer it with ``answer``) or nothing is left."""
    ev = ev if ev is not None else Ev()
    for _ in range(limit):
        if state.d["pending"]:
            break
        if state.d["rq"]:
            game.r.resolve_step(state.d, ev)
        elif not game.r.ppp(state.d, ev):
            break
    state._la = None
    return ev


# ------------------------------------------------------------------ game events, in place
def _event(game: MLPGame, state: State, rule: str, ev: Ev | None, *args, **kw):
    out = getattr(game.r, rule)(state.d, ev if ev is not None else Ev(), *args, **kw)
    state._la = None
    return out


def answer(game: MLPGame, state: State, player: int, option, *, ev: Ev | None = None) -> None:
    """``player`` answers the pending decision with ``option`` (the game is not advanced after)."""
    _event(game, state, "decide", ev, Action.make("choose", player, option=option))


def take_action(game: MLPGame, state: State, action: Action, *, ev: Ev | None = None) -> None:
    """Perform one legal action's effect without the priority bookkeeping and advancing of ``apply``."""
    _event(game, state, "do_action", ev, action)


def play_effects(game: MLPGame, state: State, player: int, source: str, effects: list, *,
                 ev: Ev | None = None) -> None:
    """Put ``effects`` (compiled card text) on the resolution queue as ``player``'s ``source`` card's."""
    _event(game, state, "play_effects", ev, player, source, effects)


def resolve_step(game: MLPGame, state: State, *, ev: Ev | None = None) -> None:
    """Resolve the next effect of the resolution queue (it may stop at a decision)."""
    _event(game, state, "resolve_step", ev)


def pre_priority(game: MLPGame, state: State, *, ev: Ev | None = None) -> bool:
    """Run pre-priority processing once (511); True if it did something."""
    return _event(game, state, "ppp", ev)


def advance(game: MLPGame, state: State, *, ev: Ev | None = None) -> None:
    """Run the game until a player must decide something (as ``apply`` does after an action)."""
    _event(game, state, "advance", ev)


def run_step(game: MLPGame, state: State, *, ev: Ev | None = None) -> None:
    """Play the current step of the turn (``state.d["step"]``: ready, draw, confront, ...)."""
    _event(game, state, "step", ev)


def start_turn(game: MLPGame, state: State, *, ev: Ev | None = None) -> None:
    _event(game, state, "start_turn", ev)


def check_win(game: MLPGame, state: State, *, ev: Ev | None = None) -> None:
    """Check the winning conditions now (15 points, 104)."""
    _event(game, state, "check_win", ev)


def trigger(game: MLPGame, state: State, event: str, cid: str, extra: dict | None = None, *,
            ev: Ev | None = None) -> None:
    """Game event ``event`` happens to card ``cid``: its own triggered abilities fire."""
    _event(game, state, "fire", ev, event, cid, extra)


def queue_trigger(game: MLPGame, state: State, source: str, player: int, effects: list, label: str,
                  extra: dict | None = None) -> None:
    """A triggered ability of ``source`` (its compiled ``effects``) triggers for ``player``: it waits for
    pre-priority processing to put it on the resolution queue (704, 511.7)."""
    game.r.queue_trigger(state.d, source, player, effects, label, extra)
    state._la = None


def trigger_all(game: MLPGame, state: State, event: str, players=None, area: str | None = None,
                extra: dict | None = None, *, ev: Ev | None = None) -> None:
    """Game event ``event`` happens to the game: the triggered abilities of every card watching it fire."""
    _event(game, state, "fire_all", ev, event, players, area, extra)


def watched_event(game: MLPGame, state: State, event: str, subject: str, extra: dict | None = None, *,
                  ev: Ev | None = None) -> None:
    """Game event ``event`` happens to ``subject``: cards watching such events ("whenever ...") fire."""
    _event(game, state, "watch", ev, event, subject, extra)


def close_window(game: MLPGame, state: State, window: str, *, ev: Ev | None = None) -> None:
    """The priority window ``window`` closes ("main": the Main Phase ends, 609.1; ...)."""
    _event(game, state, "window_closed", ev, window)


def uncover(game: MLPGame, state: State, cid: str, by: int | None = None, *, ev: Ev | None = None) -> None:
    """Uncover the face-down Troublemaker ``cid`` (607; ``by``: the player uncovering it), its "When this
    card is uncovered" triggers waiting for pre-priority processing."""
    uncover_one(game.r, state.d, ev if ev is not None else Ev(), cid, by=by)
    state._la = None


def delayed_effects(game: MLPGame, state: State, when: str) -> None:
    """The delayed effects waiting for the moment ``when`` ("turn_end", "turn_start", ...) trigger now
    (712), as the turn's steps make them."""
    fire_delayed(game.r, state.d, when)
    state._la = None


def frighten(game: MLPGame, state: State, cid: str, *, replacements: bool = True, ev: Ev | None = None) -> bool:
    """Frighten a card as an effect would (504); False if something prevents it.  ``replacements=False``:
    no optional replacement (710) is offered for it."""
    return _event(game, state, "frighten", ev, cid, () if replacements else None)


def unfrighten(game: MLPGame, state: State, cid: str, *, ev: Ev | None = None) -> bool:
    return _event(game, state, "unfrighten", ev, cid)


def exhaust(game: MLPGame, state: State, cid: str, by: int | None = None, *, ev: Ev | None = None) -> bool:
    """Exhaust a card (by an effect of player ``by``); False if something prevents it."""
    return _event(game, state, "exhaust", ev, cid, by=by)


def ready(game: MLPGame, state: State, cid: str, *, ev: Ev | None = None) -> bool:
    """Ready a card by an effect (not the Ready Phase); False if something prevents it."""
    return _event(game, state, "ready", ev, cid)


def draw_cards(game: MLPGame, state: State, player: int, n: int = 1, *, ev: Ev | None = None) -> int:
    """``player`` draws ``n`` cards; returns how many were drawn."""
    return _event(game, state, "draw", ev, player, n)


def score_points(game: MLPGame, state: State, player: int, n: int, why: str = "", *, ev: Ev | None = None) -> None:
    _event(game, state, "score", ev, player, n, why)


def enter_play(game: MLPGame, state: State, cid: str, area: str, player: int, *, ev: Ev | None = None,
               **how) -> str:
    """Card ``cid`` enters play at ``area`` under ``player`` (``face_down``, ``exhausted``, ``host``,
    ``trigger``); returns its new id (410.6)."""
    return _event(game, state, "enter_play", ev, cid, area, player, **how)


def leave_play(game: MLPGame, state: State, cid: str, zone: str, *args, ev: Ev | None = None, **how) -> str | None:
    """Card ``cid`` leaves play to ``zone`` (``verb``: dismissed, retired, ...); returns its new id,
    or None when it did not leave (prevented or replaced)."""
    return _event(game, state, "leave_play", ev, cid, zone, *args, **how)


def move_card(game: MLPGame, state: State, cid: str, area: str, *, ev: Ev | None = None, **how) -> bool:
    """Move a character to ``area`` by an effect (``send``, ``by``); False if a restriction stops it."""
    return _event(game, state, "move_card", ev, cid, area, **how)


def send_home(game: MLPGame, state: State, cid: str, *, ev: Ev | None = None) -> None:
    _event(game, state, "send_home", ev, cid)


def put_in_zone(game: MLPGame, state: State, cid: str, zone: str, pos: str = "top") -> str | None:
    """Put a card into a zone outside play (hand, disc, deck, ban); returns its new id."""
    out = game.r.put(state.d, cid, zone, pos)
    state._la = None
    return out


def replace_problem(game: MLPGame, state: State, area: str, solved: bool = True, *, ev: Ev | None = None) -> None:
    """Replace the Problem at ``area`` with the next card of its owner's Problem deck (613; ``solved``:
    it was solved, not replaced by an effect)."""
    _event(game, state, "replace_problem", ev, area, solved)


def start_faceoff(game: MLPGame, state: State, kind: str, areas: list[str], challenger: int, tm: str | None = None,
                  extra: dict | None = None, *, ev: Ev | None = None) -> None:
    """Start a faceoff (514): ``kind`` "problem" or "tm" (a Troublemaker ``tm`` challenged)."""
    _event(game, state, "start_faceoff", ev, kind, areas, challenger, tm, extra)


def flip_for_faceoff(game: MLPGame, state: State, *, ev: Ev | None = None) -> None:
    """Both players flip for the faceoff being played (515)."""
    _event(game, state, "faceoff_flip", ev)


def resolve_faceoff(game: MLPGame, state: State, winner: int | None, margin: int | None = None, *,
                    ev: Ev | None = None) -> None:
    """The faceoff being played ends with ``winner`` (514.5)."""
    _event(game, state, "resolve_faceoff", ev, winner, margin)


def end_faceoff(game: MLPGame, state: State, *, ev: Ev | None = None) -> None:
    _event(game, state, "end_faceoff", ev)


def add_power(game: MLPGame, state: State, cid: str, n: int, until: str, col: str | None = None) -> None:
    """Give a card +``n`` power until ``until`` ("turn", "faceoff", "phase", ...) as an effect would."""
    game.r.add_mod(state.d, cid, n, until, col)
    state._la = None


def end_durations(game: MLPGame, state: State, until: str) -> None:
    """The effects lasting "until the end of the ``until``" (turn, faceoff, phase, ...) end now."""
    game.r.expire(state.d, until)
    state._la = None


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


def every_ending(game: MLPGame, state: State, outcome, limit: int = 5000) -> set:
    """``outcome(d)`` of every state the pending decisions can lead to, every answer tried (a search over the
    decision tree, resolving the queue after each answer); for tests of "in any order" texts (705.2f)."""
    ends, todo, seen = set(), [state.d], 0
    while todo:
        d = todo.pop()
        seen += 1
        if seen >= limit:
            raise AssertionError(f"more than {limit} decision states")
        if not d["pending"]:
            ends.add(tuple(outcome(d)))
            continue
        for opt in d["pending"]["options"]:
            d2 = copy.deepcopy(d)
            ev = Ev()
            game.r.decide(d2, ev, Action.make("choose", d2["pending"]["player"], option=opt))
            while d2["rq"] and not d2["pending"]:
                game.r.resolve_step(d2, ev)
            todo.append(d2)
    return ends
