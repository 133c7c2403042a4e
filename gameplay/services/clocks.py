"""Time: decision deadlines (the server plays the engine's ``default_action`` for a player who neither
acts nor is at the table in time; a stalled bot seat is moved), the tournament's round clock running out
(every unfinished online game gets ``time_called``: floor rules, End of Match Procedures), the head
judge's end-of-match limit (play stops, most points wins), seats connecting and leaving, and pausing.
"""
from __future__ import annotations

from datetime import datetime, timedelta

from django.db import transaction
from django.utils import timezone

from gameplay.broadcast import broadcast_online_event
from gameplay.engine.api import JUDGE, Action, Outcome
from gameplay.models import GameAction, GameDeadline, HostedGame, HostedMatch, HostedSeat
from gameplay.services.actions import action_apply
from gameplay.services.arrivals import broadcast_seat_presence
from gameplay.services.common import GameError, engine_of, event_game_id, lock_game, state_load
from gameplay.services.matches import game_finish, set_status
from gameplay.services.timers import deadline_set, game_changed

#: a seat that lets this many decisions run out is reported to the judges (slow play is a judge's call)
TIMEOUTS_REPORTED = 3


def deadline_process(*, deadline_id: int, now: datetime | None = None) -> str | None:
    """Act on a passed decision deadline exactly once: the claim and the move commit together, so a
    worker killed mid-way leaves it for the sweep. A deadline for an old position does nothing."""
    now = now or timezone.now()
    with transaction.atomic():
        game_id = GameDeadline.objects.filter(id=deadline_id, processed_at__isnull=True, due_at__lte=now).values_list("game_id", flat=True).first()
        if game_id is None:
            return None
        # The game row first, as every writer of a game does (then its deadline): no lock-order deadlock.
        game = lock_game(game_id)
        if GameDeadline.objects.filter(id=deadline_id, processed_at__isnull=True, due_at__lte=now).update(processed_at=now) != 1:
            return None
        deadline = GameDeadline.objects.get(id=deadline_id)
        outcome = _deadline_act(game, deadline)
        GameDeadline.objects.filter(id=deadline_id, seq=deadline.seq, epoch=deadline.epoch).update(outcome=outcome[:200])
    return outcome


def _deadline_act(game: HostedGame, deadline: GameDeadline) -> str:
    if game.status not in HostedGame.LIVE or game.paused:
        return "game not running"
    if game.seq != deadline.seq or game.epoch != deadline.epoch:
        return "the game moved on"
    state = state_load(game)
    engine = engine_of(game.match).game()
    if engine.to_move(state) != deadline.seat:
        return "the game moved on"
    seat = HostedSeat.objects.select_for_update().get(match_id=game.match_id, index=deadline.seat)
    if seat.is_bot:
        from gameplay.services.bots import bot_action

        action_apply(game, state, bot_action(game, state, deadline.seat), source=GameAction.Source.BOT)
        return "bot moved by the sweep"
    action = engine.default_action(state, deadline.seat)
    if action is None:
        return "nothing to decide"
    seat.timeouts += 1
    seat.save(update_fields=["timeouts"])
    action_apply(game, state, action, source=GameAction.Source.TIMEOUT)
    tm = game.match.tournament_match
    if tm is not None and seat.timeouts % TIMEOUTS_REPORTED == 0:
        from tournaments.services.common import audit

        event = tm.round.event
        audit(event=event, actor=None, action="online_timeouts", target=seat.name,
              reason=f"{seat.name} let {seat.timeouts} decisions run out in game {game.number} (table {tm.table}).",
              data={"game": game.pk, "timeouts": seat.timeouts})
        broadcast_online_event(slug=event.slug, kind="slow_play", data={"game": game.pk, "table": tm.table, "seat": seat.index,
                                                                          "name": seat.name, "timeouts": seat.timeouts})
    return f"default action for seat {deadline.seat}: {action.kind}"


def deadlines_sweep(*, now: datetime | None = None, limit: int = 500) -> int:
    """Every deadline that passed (their own task or a lost one): each processed once."""
    now = now or timezone.now()
    done = 0
    ids = list(GameDeadline.objects.filter(processed_at__isnull=True, due_at__lte=now).order_by("due_at").values_list("id", flat=True)[:limit])
    for deadline_id in ids:
        if deadline_process(deadline_id=deadline_id, now=now) is not None:
            done += 1
    return done


# --------------------------------------------------------------------------- the tournament's clock


def match_time_called(*, tournament_match_id: int) -> str:
    """The round clock ran out for an event match: its game in progress gets ``time_called`` (floor
    rules, End of Match Procedures: the turn is completed, one more turn if the turn player went first,
    then most points wins; in elimination rounds a tie is played on to the first change in points)."""
    game_id = event_game_id(tournament_match_id)
    if game_id is None:
        return "no online game to call time on"
    game = lock_game(game_id)  # (the tournament match, the hosted match, the game: the lock order)
    match = game.match
    if match.status not in HostedMatch.LIVE or match.status == HostedMatch.Status.TIME_CALLED:
        return "no online game to call time on"
    set_status(match, HostedMatch.Status.TIME_CALLED)
    if game.status not in HostedGame.LIVE:
        return "game over"
    elimination = match.tournament_match.round.kind == "elimination"
    action = Action.make("time_called", JUDGE, mode="sudden_death" if elimination else "standard")
    action_apply(game, state_load(game), action, source=GameAction.Source.SERVER)
    if game.status in HostedGame.LIVE:
        set_status(game, HostedGame.Status.TIME_CALLED)
    return f"time called in game {game.number}"


def match_play_stopped(*, tournament_match_id: int) -> str:
    """The head judge's end-of-match limit ran out: "play stops immediately and the player with the
    highest score wins" (End of Match Procedures); equal points is a draw."""
    game_id = event_game_id(tournament_match_id)
    if game_id is None:
        return "no online game"
    game = lock_game(game_id)
    match = game.match
    if match.status not in HostedMatch.LIVE:
        return "no online game"
    if game.status not in HostedGame.LIVE:
        return "game over"
    scores = engine_of(match).summary(state_load(game))["scores"]
    winner = None if scores[0] == scores[1] else (0 if scores[0] > scores[1] else 1)
    reason = f"end-of-match limit reached at {scores[0]}-{scores[1]}: play stops, most points wins (End of Match Procedures)"
    game_finish(game, Outcome(winner, reason, winner is None), kind="time_called")
    game_changed(game, state_load(game))
    return reason


# --------------------------------------------------------------------------- seats at the table


def seat_connection(*, game_id: int, seat: int, connected: bool) -> None:
    """A player's websocket opened or closed. Leaving starts the disconnect grace period when it is
    their decision."""
    now = timezone.now()
    with transaction.atomic():
        game = lock_game(game_id)
        s = HostedSeat.objects.select_for_update().get(match_id=game.match_id, index=seat)
        was_at_table = s.connections > 0
        s.connections = max(0, s.connections + (1 if connected else -1))
        s.disconnected_at = None if s.connections else now
        s.save(update_fields=["connections", "disconnected_at"])
        if was_at_table != (s.connections > 0):  # the event's pages show who is at their table
            broadcast_seat_presence(game=game, seat=s)
        if game.status in HostedGame.LIVE and not game.paused:
            state = state_load(game)
            if engine_of(game.match).game().to_move(state) == seat:
                deadline_set(game, state, now=now)
        game_changed_light(game)


def game_changed_light(game: HostedGame) -> None:
    """Tell the game's viewers to refresh (a seat connected or left) without touching its deadline."""
    from gameplay.broadcast import broadcast_game

    broadcast_game(game_id=game.pk, seq=game.seq, epoch=game.epoch)


def game_pause(game: HostedGame, *, paused: bool, now: datetime | None = None) -> None:
    """A judge pauses a game while investigating (the decision clock stops) or resumes it."""
    now = now or timezone.now()
    if game.paused == paused:
        return
    deadline = GameDeadline.objects.filter(game=game).first()
    if paused:
        remaining = (deadline.due_at - now).total_seconds() if deadline and deadline.processed_at is None else None
        game.paused, game.paused_remaining = True, max(0.0, remaining) if remaining is not None else None
        game.save(update_fields=["paused", "paused_remaining"])
        GameDeadline.objects.filter(game=game, processed_at__isnull=True).update(processed_at=now, outcome="paused by a judge")
        game_changed_light(game)
        return
    game.paused = False
    remaining, game.paused_remaining = game.paused_remaining, None
    game.save(update_fields=["paused", "paused_remaining"])
    state = state_load(game)
    due = now + timedelta(seconds=remaining) if remaining is not None else None
    deadline_set(game, state, now=now, due_at=due)
    game_changed(game, state) if due is None else game_changed_light(game)


__all__ = ["GameError", "deadline_process", "deadlines_sweep", "game_pause", "match_play_stopped", "match_time_called", "seat_connection"]
