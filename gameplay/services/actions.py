"""Applying actions to a hosted game: a player's action at a sequence number (stale, duplicate,
malformed, out-of-turn and illegal actions are refused and change nothing), a concession (103.4),
and the one path every action takes — players, bots, timeouts, the tournament clock and judges:
``action_apply`` stores the action and its events in the same transaction as the state it produces.
"""
from __future__ import annotations

import json
from typing import Any

from django.db import connection, transaction
from django.utils import timezone

from gameplay.engine.api import JUDGE, Action, IllegalActionError
from gameplay.models import SNAPSHOT_EVERY, GameAction, GameDeadline, GameSnapshot, HostedGame, HostedMatch
from gameplay.services.common import (
    LOG_CACHE,
    STATE_CACHE,
    Forbidden,
    GameError,
    GameFinished,
    GamePaused,
    IllegalAction,
    MalformedAction,
    StaleAction,
    engine_of,
    lock_game,
    lock_game_and_seats,
    locked_seats,
    seat_of_user,
    state_load,
)
from gameplay.services.matches import game_finish, set_status
from gameplay.services.timers import deadline_fields, game_changed

#: kinds only the server or a judge may send (the tournament calls time; judges act through their endpoints)
SERVER_KINDS = frozenset({"time_called"})
MAX_ACTION_BYTES = 4096


def action_apply(game: HostedGame, state: Any, action: Action, *, source: str, user=None) -> Any:
    """Apply ``action`` to the locked ``game`` at ``state``; store it; finish the game if it ended.
    Raises ``IllegalAction`` (the engine's rule and message) or ``MalformedAction``, changing nothing."""
    eng = engine_of(game.match)
    engine = eng.game()
    try:
        new, events = engine.apply(state, action)
    except IllegalActionError as exc:
        raise IllegalAction(str(exc), exc.rule) from None
    except (KeyError, TypeError, ValueError, IndexError, AttributeError) as exc:
        raise MalformedAction(f"The engine cannot read this action ({type(exc).__name__}: {exc}).") from None
    game.seq += 1
    row = GameAction(game=game, seq=game.seq, actor=action.player, user=user if getattr(user, "pk", None) else None,
                     source=source, action=action.to_dict(), events=events, created_at=timezone.now())
    snapshot = new.to_json() if game.seq % SNAPSHOT_EVERY == 0 else None
    STATE_CACHE.put((game.pk, game.epoch, game.seq), new)
    transaction.on_commit(lambda: LOG_CACHE.add(game, row.seq, row.events))
    summary, outcome = eng.summary(new), engine.outcome(new)
    if outcome is None and not _starts_play(game, summary) and _store_quietly(game, row, snapshot, engine.to_move(new)):
        game_changed(game, new)  # (the deadline is written: game.deadline_stored)
        return new
    row.save(force_insert=True)
    if snapshot is not None:
        GameSnapshot.objects.create(game=game, seq=game.seq, epoch=game.epoch, state=snapshot)
    game.save(update_fields=["seq"])
    _status_follow(game, summary)
    if outcome is not None:
        kind = "concede" if action.kind == "concede" else ""
        game_finish(game, outcome, kind=kind)
    game_changed(game, new)
    return new


def _store_quietly(game: HostedGame, row: GameAction, snapshot: str | None, to_move: int | None) -> bool:
    """An action that changes nothing but the position (no status, no end): its row, the snapshot if one
    is due, the game's seq and the deadline of the seat to move in one statement (PostgreSQL, with the
    seats read under the lock: ``lock_game_and_seats``); each statement through the ORM costs about a
    millisecond of CPU. False (nothing written) when that does not apply: the caller writes them one by one."""
    seats = getattr(game.match, "_locked_seats", None)
    if connection.vendor != "postgresql" or not seats or to_move is None or game.status not in HostedGame.LIVE:
        return False
    fields = deadline_fields(game, to_move, seats[to_move], now=row.created_at)
    params: list[Any] = [game.pk, row.seq, row.actor, row.user_id, row.source, json.dumps(row.action),
                         json.dumps(row.events), row.created_at]
    snap_sql = ""
    if snapshot is not None:
        snap_sql = f"s AS (INSERT INTO {GameSnapshot._meta.db_table} (game_id, seq, epoch, state) VALUES (%s, %s, %s, %s)), "
        params += [game.pk, game.seq, game.epoch, snapshot]
    params += [game.pk, fields["seat"], fields["seq"], fields["epoch"], fields["due_at"], game.seq, game.pk]
    with connection.cursor() as cur:
        cur.execute(
            f"WITH a AS (INSERT INTO {GameAction._meta.db_table} (game_id, seq, actor, user_id, source, action, events, created_at, voided_reason) "
            f"VALUES (%s, %s, %s, %s, %s, %s::jsonb, %s::jsonb, %s, '')), {snap_sql}"
            f"d AS (INSERT INTO {GameDeadline._meta.db_table} (game_id, seat, seq, epoch, due_at, processed_at, outcome) "
            f"VALUES (%s, %s, %s, %s, %s, NULL, '') ON CONFLICT (game_id) DO UPDATE SET seat = EXCLUDED.seat, seq = EXCLUDED.seq, "
            f"epoch = EXCLUDED.epoch, due_at = EXCLUDED.due_at, processed_at = NULL, outcome = '') "
            f"UPDATE {HostedGame._meta.db_table} SET seq = %s WHERE id = %s", params)
    game.deadline_written = GameDeadline(game_id=game.pk, **fields)  # (the row as now written: frames.hand_frame)
    game.deadline_stored = True
    return True


def _starts_play(game: HostedGame, summary: dict) -> bool:
    """Pre-game is over with this action: the game's status follows (``_status_follow``)."""
    return game.status == HostedGame.Status.SETUP and not summary["in_setup"]


def _status_follow(game: HostedGame, summary: dict) -> None:
    """Pre-game over (the first turn began): the game and its match are playing. If time was already
    called on the match (an elimination match's extra game), this game is played to the first change in
    points (End of Match Procedures): the tournament calls time on it as it starts."""
    if not _starts_play(game, summary):
        return
    game.first_player = summary["first_player"]
    game.save(update_fields=["first_player"])
    set_status(game, HostedGame.Status.PLAYING)
    match = HostedMatch.objects.get(pk=game.match_id)
    if match.status == HostedMatch.Status.SETUP:
        set_status(match, HostedMatch.Status.PLAYING)
    elif match.status == HostedMatch.Status.TIME_CALLED:
        state = state_load(game)
        action_apply(game, state, Action.make("time_called", JUDGE, mode="sudden_death"), source="server")
        set_status(game, HostedGame.Status.TIME_CALLED)


def _parse(action: Any, seq: Any) -> tuple[dict, int]:
    if isinstance(seq, bool) or not isinstance(seq, int):
        raise MalformedAction("seq must be the integer sequence number you last saw.")
    if not isinstance(action, dict):
        raise MalformedAction("action must be a JSON object with a 'kind'.")
    kind = action.get("kind")
    if not isinstance(kind, str) or not kind:
        raise MalformedAction("action.kind must be a non-empty string.")
    if len(repr(action)) > MAX_ACTION_BYTES:
        raise MalformedAction(f"action is larger than {MAX_ACTION_BYTES} bytes.")
    if kind in SERVER_KINDS:
        raise Forbidden(f"Only the tournament or a judge may send '{kind}'.")
    params = {k: v for k, v in action.items() if k not in ("kind", "player", "as_player")}
    return {"kind": kind, **params}, seq


def game_check_live(game: HostedGame) -> None:
    if game.status not in HostedGame.LIVE:
        raise GameFinished(f"Game {game.number} is over ({game.get_status_display()}).", "103.1")
    if game.paused:
        raise GamePaused("A judge has paused this game; wait for them to resume it.")


def game_submit_action(*, game_id: int, user, seq: Any, action: Any) -> HostedGame:
    """A player's action, sent with the sequence number they last saw. The server sets the player from
    the user's seat; a stale or duplicate sequence number is refused (nothing is applied twice)."""
    data, seq = _parse(action, seq)
    with transaction.atomic():
        game = lock_game_and_seats(game_id)
        seat = seat_of_user(game.match, user, locked_seats(game))
        if seat is None:
            raise Forbidden("Only the two players may act in this game.")
        game_check_live(game)
        if seq != game.seq:
            raise StaleAction(f"Stale action: the game is at action {game.seq}, you sent {seq}. Here is the current state.")
        try:
            act = Action.from_dict({**data, "player": seat})
        except (TypeError, ValueError) as exc:
            raise MalformedAction(f"action parameters cannot be read: {exc}") from None
        state = state_load(game)
        if act.kind != "concede":
            to_move = engine_of(game.match).game().to_move(state)
            if to_move != seat:
                raise IllegalAction("It is not your decision: the other player must act now.", "510.1")
        game.hands_frame = True  # everything a frame holds is at hand, as written (timers.game_changed)
        action_apply(game, state, act, source=GameAction.Source.PLAYER, user=user)
    return game


def match_concede_game(*, game_id: int, user) -> HostedGame:
    """103.4: a player concedes the game at any time (a loss for them)."""
    with transaction.atomic():
        game = lock_game(game_id)
        seat = seat_of_user(game.match, user)
        if seat is None:
            raise Forbidden("Only a player of this game may concede it.")
        if game.status not in HostedGame.LIVE:
            raise GameFinished(f"Game {game.number} is already over.", "103.1")
        action_apply(game, state_load(game), Action.make("concede", seat), source=GameAction.Source.PLAYER, user=user)
    return game


def game_concede_for(game: HostedGame, seat: int, *, source: str) -> None:
    """The server concedes for ``seat`` (a dropped or disqualified player; Conceding and Dropping)."""
    if game.status in HostedGame.LIVE:
        action_apply(game, state_load(game), Action.make("concede", seat), source=source)


__all__ = ["GameError", "action_apply", "game_check_live", "game_concede_for", "game_submit_action", "match_concede_game"]


def match_concede(*, match_id: int, user) -> HostedMatch:
    """A player concedes the whole match: the game in progress and every game still to play (103.4)."""
    for attempt in range(9):  # one game per pass: at most best_of games are left
        with transaction.atomic():
            match = HostedMatch.objects.get(pk=match_id)
            seat = seat_of_user(match, user)
            if seat is None:
                raise Forbidden("Only a player of this match may concede it.")
            if match.status not in HostedMatch.LIVE:
                if attempt == 0:
                    raise GameFinished("The match is already over.", "103.1")
                return match
            game = HostedGame.objects.filter(match=match).order_by("-number").first()
            game = lock_game(game.pk)
            if game.status in HostedGame.LIVE:
                action_apply(game, state_load(game), Action.make("concede", seat), source=GameAction.Source.PLAYER, user=user)
    return HostedMatch.objects.get(pk=match_id)
