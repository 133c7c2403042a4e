"""Judges in online games: pausing, extra time, penalties from inside a game (a Game Loss ends the game
for the opponent; warnings are recorded), rolling a game back to an earlier action, players' judge calls,
and manual effects applied by a judge for a player.

Every judge service checks the role on the event of the game's tournament match; casual games have no
judges. Penalties and extra time go through the tournament services, so they reach the standings, the
match clock and the audit trail as any other penalty does.
"""
from __future__ import annotations

from typing import Any

from django.db import transaction
from django.utils import timezone

from gameplay.broadcast import broadcast_online_event
from gameplay.engine.api import JUDGE, Action
from gameplay.models import GameAction, GameSnapshot, HostedGame, HostedMatch, JudgeCall
from gameplay.services.actions import action_apply, game_check_live
from gameplay.services.clocks import game_changed_light, game_pause
from gameplay.services.common import STATE_CACHE, Forbidden, GameError, lock_game, seat_of_user, state_load, state_replay
from gameplay.services.timers import game_changed


def _event_of(game: HostedGame):
    tm = game.match.tournament_match
    return tm.round.event if tm is not None else None


def require_judge(game: HostedGame, user):
    """The game's event, if ``user`` judges it (head or floor judge)."""
    from tournaments import roles

    event = _event_of(game)
    if event is None or not roles.is_judge(event, user):
        raise Forbidden("Only a judge of this event may do that.")
    return event


def _audit(event, by, action: str, game: HostedGame, reason: str = "", **data: Any) -> None:
    from tournaments.services.common import audit

    audit(event=event, actor=by, action=action, target=f"table {game.match.tournament_match.table} game {game.number}",
          reason=reason, data={"game": game.pk, **data})


def judge_pause(*, game_id: int, by, paused: bool, reason: str = "") -> HostedGame:
    with transaction.atomic():
        game = lock_game(game_id)
        event = require_judge(game, by)
        if game.status not in HostedGame.LIVE:
            raise GameError("The game is over.")
        game_pause(game, paused=paused)
        _audit(event, by, "online_pause" if paused else "online_resume", game, reason)
    return game


def judge_add_time(*, game_id: int, by, minutes: int, reason: str = "") -> HostedGame:
    """An extension: the match clock (round end for this match) moves by ``minutes``."""
    from tournaments.services import match_add_time

    game = HostedGame.objects.select_related("match__tournament_match").get(pk=game_id)
    require_judge(game, by)
    match_add_time(match=game.match.tournament_match, by=by, minutes=minutes, reason=reason)
    game_changed_light(game)
    return game


def judge_penalty(*, game_id: int, by, seat: int, kind: str, infraction: str, note: str = ""):
    """A penalty from inside the game. A Game Loss ends the current game: the opponent wins it (Tournament
    Penalties, Game Loss); the tournament's penalty service records it and counts the game."""
    from tournaments.models import Penalty
    from tournaments.services import penalty_issue

    if seat not in (0, 1):
        raise GameError("seat must be 0 or 1.")
    players = HostedGame.objects.filter(pk=game_id).values_list(
        "match__tournament_match__player_a_id", "match__tournament_match__player_b_id").first()
    with transaction.atomic():
        # The penalised player's registration first (a penalty may drop them), then the game: the lock order.
        game = lock_game(game_id, registration_id=players[seat] if players else None)
        event = require_judge(game, by)
        tm = game.match.tournament_match
        reg = tm.player_a if seat == 0 else tm.player_b
        if kind == Penalty.Kind.GAME_LOSS and game.status not in HostedGame.LIVE:
            raise GameError("The game is over: a Game Loss now applies to the player's next game; issue it from the event's judge page.")
        # A Game Loss reaches this game as one from the event's judge page does: the tournament counts it
        # and hands it to the game in progress (events.tournament_game_loss).
        penalty = penalty_issue(event=event, registration=reg, by=by, kind=kind, infraction=infraction, note=note, match=tm)
        if kind != Penalty.Kind.GAME_LOSS:
            game_changed_light(game)
    return penalty


def judge_rollback(*, game_id: int, by, to_seq: int, reason: str) -> HostedGame:
    """Roll the game back to just after action ``to_seq``: later actions are voided (kept, with the
    reason), the state is replayed from the log, and the audit trail records who did it and why."""
    if not reason.strip():
        raise GameError("A rollback needs a reason; it is kept in the audit trail.")
    with transaction.atomic():
        game = lock_game(game_id)
        event = require_judge(game, by)
        game_check_live(game) if not game.paused else None
        if not 0 <= to_seq < game.seq:
            raise GameError(f"Roll back to an action between 0 and {game.seq - 1}.")
        now = timezone.now()
        voided = GameAction.objects.filter(game=game, voided_at__isnull=True, seq__gt=to_seq).update(
            voided_at=now, voided_reason=f"rolled back by {by}: {reason}"[:300])
        GameSnapshot.objects.filter(game=game, seq__gt=to_seq).delete()
        before = game.seq
        game.seq, game.epoch = to_seq, game.epoch + 1
        game.save(update_fields=["seq", "epoch"])
        state = state_replay(game)
        STATE_CACHE.put((game.pk, game.epoch, game.seq), state)
        _audit(event, by, "online_rollback", game, reason, before=before, after=to_seq, voided=voided)
        game_changed(game, state)
    return game


def judge_manual_effect(*, game_id: int, by, as_player: int, effect: dict, target: str | None = None, source: str | None = None) -> HostedGame:
    """A judge applies card text the engine does not automate for a player (``manual_effect``)."""
    with transaction.atomic():
        game = lock_game(game_id)
        event = require_judge(game, by)
        game_check_live(game)
        action = Action.make("manual_effect", JUDGE, effect=effect, target=target, source=source, as_player=as_player)
        action_apply(game, state_load(game), action, source=GameAction.Source.JUDGE, user=by)
        _audit(event, by, "online_manual_effect", game, "", effect=effect, as_player=as_player)
    return game


def judge_call(*, game_id: int, user, message: str = "") -> JudgeCall:
    """A player (or a spectator judge's colleague) calls a judge from the table; the console shows it."""
    game = HostedGame.objects.select_related("match__tournament_match__round__event").get(pk=game_id)
    seat = seat_of_user(game.match, user)
    if seat is None:
        raise Forbidden("Only a player of this game may call a judge from it.")
    event = _event_of(game)
    if event is None:
        raise GameError("Casual games have no judges.")
    call = JudgeCall.objects.create(game=game, seat=seat, user=user, message=(message or "")[:500])
    broadcast_online_event(slug=event.slug, kind="judge_call", data={"game": game.pk, "table": game.match.tournament_match.table, "call": call.pk})
    game_changed_light(game)
    return call


def judge_call_answer(*, call_id: int, by) -> JudgeCall:
    call = JudgeCall.objects.select_related("game__match__tournament_match__round__event").get(pk=call_id)
    require_judge(call.game, by)
    if call.answered_at is None:
        call.answered_at, call.answered_by = timezone.now(), by
        call.save(update_fields=["answered_at", "answered_by"])
        game_changed_light(call.game)
    return call


__all__ = ["HostedMatch", "judge_add_time", "judge_call", "judge_call_answer", "judge_manual_effect", "judge_pause",
           "judge_penalty", "judge_rollback", "require_judge"]
