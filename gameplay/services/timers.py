"""Storing when the server decides for the seat to move: the decision timer, the disconnect grace
period, and a short stall timer for bot seats (a bot whose task was lost still moves). Acting on the
deadlines is ``clocks.py``; the periodic sweep finds every deadline that passed.
"""
from __future__ import annotations

import threading
from datetime import datetime, timedelta
from typing import Any

from django.conf import settings
from django.utils import timezone

from gameplay.broadcast import broadcast_game, new_change
from gameplay.frames import hand_frame
from gameplay.models import GameDeadline, HostedGame, HostedSeat
from gameplay.services.common import engine_of, locked_seats
from tournaments.scheduling import schedule_task

#: a bot seat whose move has not come this long after its turn began is moved by the sweep
BOT_STALL_SECONDS = 10


def deadline_due(game: HostedGame, seat: HostedSeat, now: datetime) -> datetime:
    if seat.is_bot:
        return now + timedelta(seconds=BOT_STALL_SECONDS)
    due = now + timedelta(seconds=game.match.decision_seconds)
    if seat.connections <= 0:  # not at the table: the grace period, counted from when they left
        left = seat.disconnected_at or now
        due = min(due, max(now, left + timedelta(seconds=game.match.grace_seconds)))
    return due


def deadline_set(game: HostedGame, state: Any, *, now: datetime | None = None, due_at: datetime | None = None,
                 to_move: int | None = -1, seat: HostedSeat | None = None) -> int | None:
    """Point the game's deadline at the seat to move now (none when nobody must act). Returns that seat."""
    now = now or timezone.now()
    if to_move == -1:
        to_move = engine_of(game.match).game().to_move(state)
    if to_move is None or game.status not in HostedGame.LIVE:
        deadline_clear(game, "nobody to move", now=now)
        return None
    seat = seat or HostedSeat.objects.only("bot_policy", "connections", "disconnected_at").get(match_id=game.match_id, index=to_move)
    fields = deadline_fields(game, to_move, seat, now=now, due_at=due_at)
    if not GameDeadline.objects.filter(game=game).update(**fields):  # one row per game, moved after every action
        GameDeadline.objects.create(game=game, **fields)
    game.deadline_written = GameDeadline(game_id=game.pk, **fields)  # (the row as now written: frames.hand_frame)
    return to_move


def deadline_fields(game: HostedGame, to_move: int, seat: HostedSeat, *, now: datetime,
                    due_at: datetime | None = None) -> dict[str, Any]:
    """The game's deadline row for seat ``to_move`` (its row ``seat``) to move now, at ``game.seq``."""
    return {"seat": to_move, "seq": game.seq, "epoch": game.epoch, "due_at": due_at or deadline_due(game, seat, now),
            "processed_at": None, "outcome": ""}


def deadline_clear(game: HostedGame, outcome: str, *, now: datetime | None = None) -> None:
    GameDeadline.objects.filter(game=game, processed_at__isnull=True).update(processed_at=now or timezone.now(), outcome=outcome[:200])
    game.deadline_written = None


# --------------------------------------------------------------------------- after every change


def frame_written(game: HostedGame):
    """The frame of a game locked with ``lock_game`` as its transaction wrote it (the game and its hosted
    match locked, the seats read under the lock, the deadline as ``deadline_set`` last wrote it)."""
    from gameplay.selectors import GameFrame

    return GameFrame(game, list(locked_seats(game)), getattr(game, "deadline_written", None))

_bot_loops = threading.local()


def bot_loop_games() -> set[int]:
    """Games whose bot moves this thread is playing in a loop (``bots.bot_play``): no task is queued
    for them while the loop runs."""
    s = getattr(_bot_loops, "games", None)
    if s is None:
        s = _bot_loops.games = set()
    return s


def game_changed(game: HostedGame, state: Any) -> None:
    """After any change to a game: move its deadline, tell its viewers (after commit), and hand a bot
    seat's move to Celery. ``game.change`` is then the change's name. When the caller holds everything a
    frame needs as its transaction writes it (``game.hands_frame``: a player's action), this process's
    viewers get the frame from it at commit instead of reading it again (``frames.hand_frame``)."""
    to_move = engine_of(game.match).game().to_move(state) if game.status in HostedGame.LIVE else None
    seat = None
    if to_move is not None:
        seats = getattr(game.match, "_locked_seats", None)  # read already under this game's lock (common.locked_seats)
        seat = seats[to_move] if seats else HostedSeat.objects.only(
            "bot_policy", "connections", "disconnected_at").get(match_id=game.match_id, index=to_move)
    if getattr(game, "deadline_stored", False):  # written with the action, in its one statement (actions.action_apply)
        game.deadline_stored = False
    else:
        deadline_set(game, state, to_move=to_move, seat=seat)
    game.change = new_change()
    if getattr(game, "hands_frame", False):  # (before the broadcast: the frame is there when it comes back)
        hand_frame(game.pk, game.change, lambda: frame_written(game))
    broadcast_game(game_id=game.pk, seq=game.seq, epoch=game.epoch, change=game.change)
    if seat is None or not seat.is_bot or game.paused or game.pk in bot_loop_games():
        return
    from gameplay.tasks import bot_play_task

    delay = float(getattr(settings, "PONYHALL_BOT_DELAY_SECONDS", 0.4))
    schedule_task(bot_play_task, args=[game.pk], eta=timezone.now() + timedelta(seconds=delay) if delay else None)
