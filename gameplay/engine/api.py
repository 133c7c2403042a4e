"""Small game-neutral engine API (python-chess / OpenSpiel style).

A game is its card definitions, its decks, its seed and its list of actions: replaying the
actions from the initial state rebuilds every state exactly.  States are plain JSON-compatible
containers (``to_dict``/``from_dict`` round-trip); ``apply`` never mutates its input unless the
caller asks for it (``copy=False``, used by self-play for speed).

Nothing here (or anywhere under ``gameplay/engine``) may import Django, DRF, Channels or Celery.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Iterable, Literal, Protocol, Union

#: who is looking: a player index, a spectator, or a judge (who sees everything)
Viewer = Union[int, Literal["spectator"], Literal["judge"]]

JUDGE = -1  # player index used by judge/system actions (time_called, judge fixes)


class IllegalActionError(ValueError):
    """An action the rules do not allow.  ``rule`` names the rule number that decides it."""

    def __init__(self, message: str, rule: str = "") -> None:
        self.rule = rule
        super().__init__(f"{message} (rule {rule})" if rule else message)


class FrozenDict(tuple):
    """A hashable dict parameter (sorted (key, value) pairs); thaws back to a dict."""

    __slots__ = ()


def _freeze(value: Any) -> Any:
    if isinstance(value, list):
        return tuple(_freeze(v) for v in value)
    if isinstance(value, dict):
        return FrozenDict(sorted((k, _freeze(v)) for k, v in value.items()))
    return value


def thaw(value: Any) -> Any:
    if isinstance(value, FrozenDict):
        return {k: thaw(v) for k, v in value}
    if isinstance(value, tuple):
        return [thaw(v) for v in value]
    return value


@dataclass(frozen=True)
class Action:
    """One player decision: ``kind`` plus named parameters (JSON: {"kind", "player", ...params})."""

    kind: str
    player: int
    params: tuple[tuple[str, Any], ...] = ()

    @classmethod
    def make(cls, kind: str, player: int, **params: Any) -> "Action":
        return cls(kind, player, tuple(sorted((k, _freeze(v)) for k, v in params.items() if v is not None)))

    def get(self, key: str, default: Any = None) -> Any:
        for k, v in self.params:
            if k == key:
                return v
        return default

    def to_dict(self) -> dict[str, Any]:
        d: dict[str, Any] = {"kind": self.kind, "player": self.player}
        for k, v in self.params:
            d[k] = thaw(v)
        return d

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> "Action":
        data = dict(data)
        kind = data.pop("kind")
        player = data.pop("player")
        return cls.make(kind, player, **data)

    def __str__(self) -> str:  # compact, for logs and errors
        args = " ".join(f"{k}={v}" for k, v in self.params)
        return f"{self.kind}[{self.player}]{(' ' + args) if args else ''}"


_new_object = object.__new__


def new_action(kind: str, player: int, params: tuple = ()) -> Action:
    """``Action(kind, player, params)`` without the frozen dataclass ``__init__`` (three
    ``object.__setattr__`` calls): the same fields in the same ``__dict__`` order, so the result is
    equal, hashes and pickles the same.  For the engines' hot paths (legal-action lists); ``params``
    must already be in ``Action.make``'s form (sorted by name, frozen values)."""
    a = _new_object(Action)
    d = a.__dict__
    d["kind"] = kind
    d["player"] = player
    d["params"] = params
    return a


@dataclass(frozen=True)
class Outcome:
    """How a game ended: ``winner`` is a player index or None for a draw."""

    winner: int | None
    reason: str
    draw: bool = False

    def to_dict(self) -> dict[str, Any]:
        return {"winner": self.winner, "reason": self.reason, "draw": self.draw}


class Game(Protocol):
    """What every card-game engine provides."""

    def legal_actions(self, state: Any, player: int) -> list[Action]: ...

    def apply(self, state: Any, action: Action) -> tuple[Any, list[dict[str, Any]]]: ...

    def view(self, state: Any, viewer: Viewer) -> dict[str, Any]: ...

    def outcome(self, state: Any) -> Outcome | None: ...

    def default_action(self, state: Any, player: int) -> Action | None:
        """The legal action the server plays for a player whose time to decide ran out."""
        ...


def replay(game: Game, state: Any, actions: Iterable[Action]) -> Any:
    """Apply ``actions`` in order from ``state`` and return the final state."""
    for action in actions:
        state, _ = game.apply(state, action)
    return state
