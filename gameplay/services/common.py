"""What every hosted-game service shares: the errors (each with a protocol code), guarded loads that
lock a game row, the per-process state cache, and loading a game's state (snapshot + tail of the log).
"""
from __future__ import annotations

import threading
from collections import OrderedDict
from typing import Any

from django.core.exceptions import PermissionDenied

from gameplay.engine.api import Action
from gameplay.engines import EngineAdapter, get_engine
from gameplay.models import GameAction, GameSnapshot, HostedGame, HostedMatch, HostedSeat


class GameError(ValueError):
    """An action or request the game refuses; ``code`` is the protocol's error code."""

    code = "illegal"

    def __init__(self, message: str, rule: str = "") -> None:
        self.rule = rule
        super().__init__(message)


class StaleAction(GameError):
    code = "stale"


class MalformedAction(GameError):
    code = "malformed"


class GameFinished(GameError):
    code = "finished"


class GamePaused(GameError):
    code = "paused"


class IllegalAction(GameError):
    code = "illegal"


class Forbidden(GameError, PermissionDenied):
    code = "forbidden"


# --------------------------------------------------------------------------- guarded loads


# Lock order. Every writer that touches a hosted game takes the rows it needs in this order, and never
# waits for an earlier row while it holds a later one, so two writers never wait on each other in a cycle
# (on PostgreSQL a cycle is a deadlock: one of them fails):
#
#   1. tournament Registration rows (a drop, a disqualification; several: by id)
#   2. the tournament Match
#   3. the HostedMatch
#   4. the HostedGame
#   5. its HostedSeat rows, then its GameDeadline
#
# Registrations are locked FOR NO KEY UPDATE (their id never changes): PostgreSQL checks a foreign key to a
# registration (a tournament match row written twice in one transaction) with a KEY SHARE lock at commit,
# which FOR UPDATE would block while its holder waits for our tournament match.
#
# The tournaments app enters at 1 or 2 (a drop locks the registration, then the match, and its hook
# concedes the hosted game); a game action may end the match and write its result to the tournament Match,
# so ``lock_game`` takes 2-4 before it changes anything, even when the action turns out not to end it.

#: game id -> (hosted match id, tournament match id or None): fixed once the game exists
_GAME_OWNERS: dict[int, tuple[int, int | None]] = {}
_GAME_OWNERS_MAX = 20000


def _game_owners(game_id: int) -> tuple[int, int | None]:
    owners = _GAME_OWNERS.get(game_id)
    if owners is None:
        owners = HostedGame.objects.filter(pk=game_id).values_list("match_id", "match__tournament_match_id").first()
        if owners is None:
            raise GameError(f"There is no game {game_id}.")
        if len(_GAME_OWNERS) >= _GAME_OWNERS_MAX:
            _GAME_OWNERS.clear()
        _GAME_OWNERS[game_id] = owners
    return owners


def lock_game(game_id: int, *, registration_id: int | None = None) -> HostedGame:
    """Lock a game for a change, with what it belongs to, in the lock order above: the registration
    ``registration_id`` (a penalty that may drop its player), the tournament match (if the game is an
    event's), the hosted match, then the game. One writer per game at a time: actions, timeouts, bots,
    judges and the tournament all serialise here. ``game.match`` is the locked hosted match."""
    from tournaments.models import Match, Registration

    if registration_id is not None:
        Registration.objects.select_for_update(no_key=True).filter(pk=registration_id).values_list("pk", flat=True).first()
    for _ in range(2):
        match_id, tournament_match_id = _game_owners(game_id)
        if tournament_match_id is not None:
            Match.objects.select_for_update().filter(pk=tournament_match_id).values_list("pk", flat=True).first()
        match = HostedMatch.objects.select_for_update().filter(pk=match_id).first()
        game = HostedGame.objects.select_for_update().filter(pk=game_id).first()
        if game is None:
            break
        if match is not None and game.match_id == match_id and match.tournament_match_id == tournament_match_id:
            game.match = match
            return game
        _GAME_OWNERS.pop(game_id, None)  # an id reused after a rolled-back transaction (SQLite): look again
    raise GameError(f"There is no game {game_id}.")


def lock_match(match_id: int) -> HostedMatch:
    # Games won and the match status are read and written in one step.
    return HostedMatch.objects.select_for_update().get(pk=match_id)


def seats_of(match: HostedMatch) -> list[HostedSeat]:
    return list(HostedSeat.objects.filter(match=match).select_related("registration").order_by("index"))


def seat_of_user(match: HostedMatch, user) -> int | None:
    """The seat ``user`` plays in ``match`` (as themself or as the registration), or None."""
    uid = getattr(user, "pk", None)
    if uid is None:
        return None
    for seat in seats_of(match):
        if seat.user_id == uid or (seat.registration is not None and seat.registration.player_id == uid):
            return seat.index
    return None


def engine_of(match: HostedMatch) -> EngineAdapter:
    return get_engine(match.engine)


def event_game_id(tournament_match_id: int) -> int | None:
    """The newest game of a tournament match's hosted match (a new game is only started under the hosted
    match's lock, so the caller checks the match once it holds the locks)."""
    return (HostedGame.objects.filter(match__tournament_match_id=tournament_match_id).order_by("-number")
            .values_list("pk", flat=True).first())


def current_game(match: HostedMatch) -> HostedGame | None:
    return HostedGame.objects.filter(match=match).order_by("-number").first()


# --------------------------------------------------------------------------- state


class _StateCache:
    """States by (game, epoch, seq), newest first out: a state for a position never changes (the
    epoch changes on a rollback), so any process may keep one. Callers never mutate a cached state
    (the engine's ``apply`` copies)."""

    def __init__(self, size: int = 1024) -> None:
        self.size = size
        self.items: OrderedDict[tuple[int, int, int], Any] = OrderedDict()
        self.lock = threading.Lock()

    def get(self, key: tuple[int, int, int]) -> Any:
        with self.lock:
            state = self.items.get(key)
            if state is not None:
                self.items.move_to_end(key)
            return state

    def put(self, key: tuple[int, int, int], state: Any) -> None:
        with self.lock:
            self.items[key] = state
            self.items.move_to_end(key)
            while len(self.items) > self.size:
                self.items.popitem(last=False)

    def clear(self) -> None:
        with self.lock:
            self.items.clear()


STATE_CACHE = _StateCache()


def state_load(game: HostedGame, *, use_cache: bool = True) -> Any:
    """The game's state after ``game.seq`` actions: the newest snapshot at or before it plus the tail
    of the log (at most ``SNAPSHOT_EVERY`` actions)."""
    key = (game.pk, game.epoch, game.seq)
    if use_cache:
        cached = STATE_CACHE.get(key)
        if cached is not None:
            return cached
    eng = engine_of(game.match)
    snap = GameSnapshot.objects.filter(game=game, seq__lte=game.seq).order_by("-seq").first()
    if snap is None:
        raise GameError(f"{game} has no stored state")
    state = eng.state_from_json(snap.state)
    engine = eng.game()
    tail = GameAction.objects.filter(game=game, voided_at__isnull=True, seq__gt=snap.seq, seq__lte=game.seq).order_by("seq")
    for row in tail.values_list("action", flat=True):
        state, _ = engine.apply(state, Action.from_dict(row), copy=False)  # (a fresh state of our own: no copy needed)
    STATE_CACHE.put(key, state)
    return state


def state_replay(game: HostedGame, upto: int | None = None) -> Any:
    """Rebuild the state from the initial snapshot and the whole live log (no cache, no later snapshots)."""
    eng = engine_of(game.match)
    snap = GameSnapshot.objects.get(game=game, seq=0)
    state = eng.state_from_json(snap.state)
    engine = eng.game()
    rows = GameAction.objects.filter(game=game, voided_at__isnull=True).order_by("seq")
    if upto is not None:
        rows = rows.filter(seq__lte=upto)
    for row in rows.values_list("action", flat=True):
        state, _ = engine.apply(state, Action.from_dict(row), copy=False)
    return state
