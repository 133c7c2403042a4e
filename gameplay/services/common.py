"""What every hosted-game service shares: the errors (each with a protocol code), guarded loads that
lock a game row, the per-process state cache, and loading a game's state (snapshot + tail of the log).
"""
from __future__ import annotations

import json
import threading
from collections import OrderedDict
from typing import Any

from django.core.exceptions import PermissionDenied
from django.db import connection
from django.utils.dateparse import parse_datetime

from gameplay.engine.api import Action
from gameplay.engines import EngineAdapter, get_engine
from gameplay.models import SNAPSHOT_EVERY, GameAction, GameSnapshot, HostedGame, HostedMatch, HostedSeat


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
#   6. the tournament Round (the match's result may complete it), then tournament Deadline rows
#
# This is the tournaments app's order (tournaments/services/common.py: Event, Registration, Match, Round,
# Deadline) with the hosted rows between the tournament Match and its Round.
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


def first_row(queryset) -> Any:
    """The one row of a lookup by key, or None, with no ORDER BY (any ordering given is dropped): the
    models' default orderings (a game's is its match's, through a join) cost a join and SQL compilation
    on every action, and with FOR UPDATE the join would lock the joined rows too."""
    rows = list(queryset.order_by()[:1])
    return rows[0] if rows else None


def _game_owners(game_id: int) -> tuple[int, int | None]:
    owners = _GAME_OWNERS.get(game_id)
    if owners is None:
        owners = first_row(HostedGame.objects.filter(pk=game_id).values_list("match_id", "match__tournament_match_id"))
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
        first_row(Registration.objects.select_for_update(no_key=True).filter(pk=registration_id).values_list("pk"))
    for _ in range(2):
        match_id, tournament_match_id = _game_owners(game_id)
        if tournament_match_id is not None:
            first_row(Match.objects.select_for_update().filter(pk=tournament_match_id).values_list("pk"))
        match = first_row(HostedMatch.objects.select_for_update().filter(pk=match_id))
        game = first_row(HostedGame.objects.select_for_update().filter(pk=game_id))
        if game is None:
            break
        if match is not None and game.match_id == match_id and match.tournament_match_id == tournament_match_id:
            game.match = match
            return game
        _GAME_OWNERS.pop(game_id, None)  # an id reused after a rolled-back transaction (SQLite): look again
    raise GameError(f"There is no game {game_id}.")


def lock_game_and_seats(game_id: int) -> HostedGame:
    """``lock_game`` and ``locked_seats`` for a player's action, in one statement on PostgreSQL (each
    statement through the ORM costs about a millisecond of CPU): the tournament match (an event's game),
    the hosted match and the game are locked by ``FOR UPDATE OF tm, m, g`` — PostgreSQL locks a joined
    row's tables in the order that clause names them, which is the lock order above — and the seats come
    back in the same row (without their decks, read only if asked for)."""
    if connection.vendor != "postgresql":
        game = lock_game(game_id)
        locked_seats(game)
        return game
    for _ in range(2):
        match_id, tournament_match_id = _game_owners(game_id)
        row = _LOCK_ROW.fetch(game_id, match_id, tournament_match_id)
        if row is not None:
            return row
        _GAME_OWNERS.pop(game_id, None)  # the game's owners changed (a tournament match unlinked): look again
    raise GameError(f"There is no game {game_id}.")


class Columns:
    """A model's columns in a raw SELECT (table alias ``alias``), and the instance built from them."""

    def __init__(self, model, alias: str) -> None:
        self.model, self.fields = model, model._meta.concrete_fields
        self.sql = ", ".join(f'{alias}."{f.column}"' for f in self.fields)
        self.attnames = [f.attname for f in self.fields]
        self.converters = [getattr(f, "from_db_value", None) for f in self.fields]

    def take(self, row: tuple) -> tuple[Any, tuple]:
        """The instance from the first columns of ``row`` (None when its key is NULL: an outer join), and
        the rest of the row."""
        values, rest = row[:len(self.fields)], row[len(self.fields):]
        if values[0] is None:
            return None, rest
        values = [c(v, None, connection) if c and v is not None else v for c, v in zip(self.converters, values)]
        return self.model.from_db(connection.alias, self.attnames, values), rest


#: what a seat's row gives an action and its state messages (not the deck: read if asked for)
SEAT_FIELDS = ("id", "match_id", "index", "user_id", "registration_id", "bot_policy", "name", "connections",
               "disconnected_at", "timeouts")


def seats_json_sql(match: str) -> str:
    """A subquery: the seats of hosted match ``match`` (an alias) as one JSON array, each seat's
    ``SEAT_FIELDS`` and its registration's player (PostgreSQL; ``seats_from_json`` reads it)."""
    from tournaments.models import Registration

    cols = ", ".join(f's."{HostedSeat._meta.get_field(f).column}"' for f in SEAT_FIELDS)
    return (f"(SELECT json_agg(json_build_array({cols}, r.player_id) ORDER BY s.index) "
            f"FROM {HostedSeat._meta.db_table} s LEFT JOIN {Registration._meta.db_table} r ON r.id = s.registration_id "
            f"WHERE s.match_id = {match}.id)")


def seats_from_json(raw: Any) -> list[HostedSeat]:
    from tournaments.models import Registration

    seats = []
    at = SEAT_FIELDS.index("disconnected_at")
    for values in (json.loads(raw) if isinstance(raw, str) else raw or []):
        values, player_id = values[:-1], values[-1]
        values[at] = parse_datetime(values[at]) if values[at] else None
        seat = HostedSeat.from_db(connection.alias, SEAT_FIELDS, values)
        if seat.registration_id is not None:
            HostedSeat.registration.field.set_cached_value(
                seat, Registration.from_db(connection.alias, ["id", "player_id"], [seat.registration_id, player_id]))
        seats.append(seat)
    return seats


class _LockRow:
    """The one statement of ``lock_game_and_seats`` (PostgreSQL)."""

    def __init__(self) -> None:
        self.built: dict[bool, tuple] = {}

    def parts(self, in_event: bool) -> tuple:
        if in_event not in self.built:
            from tournaments.models import Match

            m, g = Columns(HostedMatch, "m"), Columns(HostedGame, "g")
            tm = f"JOIN {Match._meta.db_table} tm ON tm.id = m.tournament_match_id AND tm.id = %s" if in_event else ""
            sql = (f"SELECT {m.sql}, {g.sql}, {seats_json_sql('m')} FROM {HostedGame._meta.db_table} g "
                   f"JOIN {HostedMatch._meta.db_table} m ON m.id = g.match_id AND m.id = %s {tm} "
                   f"WHERE g.id = %s FOR UPDATE OF {'tm, ' if in_event else ''}m, g")
            self.built[in_event] = (sql, m, g)
        return self.built[in_event]

    def fetch(self, game_id: int, match_id: int, tournament_match_id: int | None) -> HostedGame | None:
        sql, m, g = self.parts(tournament_match_id is not None)
        params = [match_id, *([tournament_match_id] if tournament_match_id is not None else []), game_id]
        with connection.cursor() as cur:
            cur.execute(sql, params)
            row = cur.fetchone()
        if row is None:
            return None
        match, rest = m.take(row)
        game, rest = g.take(rest)
        if match.tournament_match_id != tournament_match_id:
            return None
        match._locked_seats = seats_from_json(rest[0])
        game.match = match
        return game


_LOCK_ROW = _LockRow()


def lock_match(match_id: int) -> HostedMatch:
    # Games won and the match status are read and written in one step.
    return HostedMatch.objects.select_for_update().get(pk=match_id)


def seats_of(match: HostedMatch) -> list[HostedSeat]:
    return list(HostedSeat.objects.filter(match=match).select_related("registration").order_by("index"))


def locked_seats(game: HostedGame) -> list[HostedSeat]:
    """The seats of a game locked with ``lock_game``, read once per lock: whatever changes a seat (a
    connection, a timeout) takes the game's lock first, so they hold still until the transaction ends."""
    seats = getattr(game.match, "_locked_seats", None)
    if seats is None:
        seats = game.match._locked_seats = seats_of(game.match)
    return seats


def seat_of_user(match: HostedMatch, user, seats: list[HostedSeat] | None = None) -> int | None:
    """The seat ``user`` plays in ``match`` (as themself or as the registration), or None."""
    uid = getattr(user, "pk", None)
    if uid is None:
        return None
    for seat in seats if seats is not None else seats_of(match):
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


class _LogCache:
    """The stored events of each game's last actions, by (game, epoch), as ``(seq, events)`` rows: a state
    message reads from the database only the actions this process has not seen yet (a stored action never
    changes; a rollback changes the epoch), instead of the whole tail for every viewer."""

    def __init__(self, keep: int, games: int = 4096) -> None:
        self.keep, self.games = keep, games
        self.items: OrderedDict[tuple, tuple[int, list]] = OrderedDict()
        self.lock = threading.Lock()

    def tail(self, game: HostedGame) -> list[tuple[int, list]]:
        """The (seq, events) of the game's last ``keep`` live actions up to ``game.seq``."""
        key = self.key(game)
        with self.lock:
            upto, rows = self.items.get(key, (None, None))
        if upto == game.seq:
            return rows
        live = GameAction.objects.filter(game_id=game.pk, voided_at__isnull=True, seq__lte=game.seq)
        if upto is None or upto > game.seq:  # nothing cached, or an older position: read the tail
            rows = list(reversed(live.order_by("-seq").values_list("seq", "events")[: self.keep]))
        else:
            rows = (rows + list(live.filter(seq__gt=upto).order_by("seq").values_list("seq", "events")))[-self.keep:]
        self.put(game, game.seq, rows)
        return rows

    @staticmethod
    def key(game: HostedGame) -> tuple:
        # (the creation time too: a game id reused after a rolled-back transaction is another game)
        return (game.pk, game.epoch, game.created_at)

    def add(self, game: HostedGame, seq: int, events: list) -> None:
        """A committed action: its row follows the cached ones if they reach just before it."""
        key = self.key(game)
        with self.lock:
            upto, rows = self.items.get(key, (None, None))
            if upto == seq - 1:
                self.items[key] = (seq, (rows + [(seq, events)])[-self.keep:])
                self.items.move_to_end(key)

    def put(self, game: HostedGame, upto: int, rows: list) -> None:
        key = self.key(game)
        with self.lock:
            if self.items.get(key, (-1, None))[0] <= upto:
                self.items[key] = (upto, rows)
                self.items.move_to_end(key)
            while len(self.items) > self.games:
                self.items.popitem(last=False)

    def clear(self) -> None:
        with self.lock:
            self.items.clear()


#: actions whose events travel with each state message
LOG_TAIL = 40
LOG_CACHE = _LogCache(LOG_TAIL)


def state_load(game: HostedGame, *, use_cache: bool = True) -> Any:
    """The game's state after ``game.seq`` actions: the newest snapshot at or before it plus the tail
    of the log (at most ``SNAPSHOT_EVERY`` actions)."""
    key = (game.pk, game.epoch, game.seq)
    if use_cache:
        cached = STATE_CACHE.get(key)
        if cached is not None:
            return cached
        state = _state_from_cached_earlier(game)  # another process applied the last action: replay only it
        if state is not None:
            STATE_CACHE.put(key, state)
            return state
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


def _state_from_cached_earlier(game: HostedGame) -> Any:
    """The state at ``game.seq`` from one this process holds a few actions earlier (same epoch), with only
    the actions since read from the log: no snapshot to read and decode, fewer actions to replay."""
    for back in range(1, SNAPSHOT_EVERY):
        if game.seq - back < 0:
            return None
        earlier = STATE_CACHE.get((game.pk, game.epoch, game.seq - back))
        if earlier is not None:
            break
    else:
        return None
    engine = engine_of(game.match).game()
    rows = list(GameAction.objects.filter(game=game, voided_at__isnull=True, seq__gt=game.seq - back, seq__lte=game.seq)
                .order_by("seq").values_list("seq", "action", "events"))
    if len(rows) != back:
        return None
    state = earlier
    for i, (seq, action, events) in enumerate(rows):  # the cached state is shared: the first action copies it
        state, _ = engine.apply(state, Action.from_dict(action), copy=i == 0)
        LOG_CACHE.add(game, seq, events)  # (the state message's log then reads nothing more)
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
