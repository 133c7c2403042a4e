"""Neopets Battledome TCG rules engine (Comprehensive Rules 1.2).

Entry point: ``NeopetsGame(db)`` with ``new_game``, ``legal_actions``, ``to_move``, ``apply``,
``view``, ``outcome`` and ``default_action`` - the game-neutral API of ``gameplay/engine/api.py``,
shaped like ``MLPGame``.  The state is a ``State`` wrapping one plain dict (state.py); ``apply``
copies it (unless ``copy=False``), performs the action and then advances the game through every
automatic step (flow.advance) until a player must decide something.
"""
from __future__ import annotations

from typing import Any

from ..api import JUDGE, Action, IllegalActionError, Outcome, thaw
from . import flow, play
from . import rules as R
from .carddb import CardDataError, CardDB
from .effects import OPS, check_effects
from .events import Ev, filter_events
from .priority import frame
from .state import State
from .view import build_view

#: pending-decision options that decline (default_action)
DECLINING_OPTIONS = frozenset({"no", "none", "done", "keep", "first"})


class NeopetsGame:
    """The rules engine for one card pool (a ``CardDB``)."""

    name = "neopets"

    def __init__(self, db: CardDB | None = None, *, turn_cap: int = flow.TURN_CAP, quiet: bool = False) -> None:
        self.db = db if db is not None else CardDB.demo()
        self.turn_cap = turn_cap
        self.quiet = quiet  # skip building log messages (self-play speed)

    # ------------------------------------------------------------------ setup (1.2)
    def new_game(self, decks: list[dict[str, Any]], seed: int, names: tuple[str, str] = ("Ann", "Bob"), *,
                 stacked: bool = False, first_player: int | None = None) -> State:
        """Start a game.  ``decks[p]`` = {"neopets": [keys], "rainbow": [keys], "main": [keys]} (keys are
        card ids or names).  ``stacked=True`` keeps the Main Deck orders (main[0] on top; no setup
        shuffles) for tests and judges; ``first_player`` fixes 1.2c's random choice of the starting
        player (who may still defer).  The first decision is the starting player's ``go_first``."""
        return State(flow.new_state(self, decks, seed, names, stacked, first_player))

    # ------------------------------------------------------------------ API
    def legal_actions(self, state: State, player: int) -> list[Action]:
        st = state.d
        if st["outcome"]:
            return []
        pend = st["pending"]
        if pend:
            if pend["player"] != player:
                return []
            return [Action.make("choose", player, option=o) for o in pend["options"]]
        pr = st["priority"]
        if pr and pr["player"] == player:
            return play.priority_actions(self, st, player)
        return []

    def to_move(self, state: State) -> int | None:
        """The player who must act now (a pending decision or priority), or None when the game is over."""
        st = state.d
        if st["outcome"]:
            return None
        if st["pending"]:
            return st["pending"]["player"]
        if st["priority"]:
            return st["priority"]["player"]
        return None

    def apply(self, state: State, action: Action | dict, *, copy: bool = True) -> tuple[State, list[dict]]:
        if isinstance(action, dict):
            action = Action.from_dict(action)
        new = state.copy() if copy else state
        st = new.d
        ev = Ev(self.quiet)
        if st["outcome"]:
            raise IllegalActionError("the game is over", "1.4")
        k, p = action.kind, action.player
        if k == "concede":
            if p not in (0, 1):
                raise IllegalActionError("only a player can concede", "1.3c.1")
            flow.clear_queue(self, st)
            flow.end_game(self, st, ev, R.opp(p), f"{R.pname(st, p)} concedes (1.3c.1)")
            return new, ev.items
        if k == "time_called":
            self._time_called(st, ev, action)
        elif k == "manual_effect":
            self._manual(st, ev, action)
        elif st["pending"]:
            flow.decide(self, st, ev, action)
        else:
            flow.apply_priority_action(self, st, ev, action)
        flow.advance(self, st, ev)
        return new, ev.items

    def outcome(self, state: State) -> Outcome | None:
        o = state.d["outcome"]
        if o is None:
            return None
        return Outcome(o["winner"], o["reason"], o["winner"] is None)

    def view(self, state: State, viewer: Any) -> dict[str, Any]:
        return build_view(self, state.d, viewer)

    def default_action(self, state: State, player: int) -> Action | None:
        """What the server plays for ``player`` when their time to decide runs out: pass priority, or
        answer the pending decision with the option that declines ("no", "none", "done", keep the
        hand (1.2d.1), go first (1.2c)), else the first option.  Always one of ``legal_actions`` and
        deterministic, so it is logged as the player's action and replay holds.  None if ``player``
        has nothing to decide."""
        acts = self.legal_actions(state, player)
        if not acts:
            return None
        if acts[0].kind == "pass":
            return acts[0]
        for a in acts:
            o = a.get("option")
            if isinstance(o, str) and o in DECLINING_OPTIONS:
                return a
        return acts[0]

    # ------------------------------------------------------------------ judge / house rules
    def _time_called(self, st: dict, ev: Ev, action: Action) -> None:
        """House rule (the organiser may change it; Neopets has no floor rules): when time is called
        the current round is finished, then the player with more rounds won wins; equal is a draw.
        ``mode="immediate"`` compares the rounds won at once."""
        if action.player != JUDGE:
            raise IllegalActionError("only the tournament (a judge, player -1) calls time", "house rule: time")
        if st["time_called"]:
            raise IllegalActionError("time has already been called", "house rule: time")
        mode = action.get("mode", "finish_round")
        st["time_called"] = {"mode": mode, "round": st["round"], "turn": st["turn"]}
        ev.add("time", "Time is called: the current round is finished, then more rounds won wins (house rule)")
        if mode == "immediate" or st["phase"] == "setup":
            flow.clear_queue(self, st)
            flow.end_by_rounds(self, st, ev, "time was called")

    def _manual(self, st: dict, ev: Ev, action: Action) -> None:
        """A player (or a judge, ``as_player``) applies an effect of the vocabulary for card text the
        engine does not automate; logged for everyone."""
        p = action.player
        eff = thaw(action.get("effect"))
        if not isinstance(eff, dict) or eff.get("op") not in OPS:
            raise IllegalActionError("manual_effect needs an effect {op: ...} from the vocabulary", "4.4a")
        try:
            check_effects([eff], "manual effect")
        except CardDataError as exc:
            raise IllegalActionError(str(exc), "4.4a") from None
        if st["pending"]:
            raise IllegalActionError("first answer the pending decision", st["pending"].get("rule", "3.7b"))
        if p != JUDGE:
            holder = self.to_move(State(st))
            if holder != p:
                raise IllegalActionError("a manual effect is applied by the player who may act", "3.8c")
        ctrl = p if p != JUDGE else int(action.get("as_player", 0))
        src = action.get("source")
        entry: dict[str, Any] = {"label": "manual effect"}
        target = action.get("target")
        if target is not None:
            if target not in st["cards"]:
                raise IllegalActionError(f"no card {target}", "3.3c")
            c = st["cards"][target]
            entry["target"] = {"id": target, "zone": c["z"], "player": c["p"]}
        who = "Judge" if p == JUDGE else R.pname(st, p)
        ev.add("manual_effect", f"{who} applies a manual effect: {eff['op']} "
               f"{ {k: v for k, v in eff.items() if k != 'op'} }", effect=eff, player=p, manual=True)
        st["frames"].append(frame(ctrl, src if src in st["cards"] else None, [eff], entry, kind="manual"))

    # ------------------------------------------------------------------ hooks of the effect vocabulary
    # (effects.py calls these on ``ctx.g``, so it needs no import of the turn machinery)
    def matching_rainbow(self, st: dict, player: int, brush: str) -> str | None:
        return play.matching_rainbow(self, st, player, brush)

    def playable_by_effect(self, st: dict, player: int, cid: str) -> bool:
        return play.playable_by_effect(self, st, player, cid)

    def play_by_effect(self, st: dict, ev: Ev, player: int, cid: str) -> None:
        play.play_card(self, st, ev, player, cid, by_effect=True)

    # ------------------------------------------------------------------ helpers for tests and tools
    def stat(self, state: State, player: int, name: str) -> int:
        return R.stat(self, state.d, player, name)

    def name_of(self, state: State, cid: str) -> str:
        return R.name(self, state.d, cid)
