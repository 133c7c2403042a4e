"""Bot seats: the server plays them with the engine's ``weighted`` random policy (every legal action
possible, moves back home rarer), deterministically from the game's seed and sequence number, so a
bot's game replays like any other. Bot moves run as Celery tasks after commit (``bot_play_task``).
"""
from __future__ import annotations

from typing import Any

from django.db import transaction

from gameplay.engine.api import Action
from gameplay.models import GameAction, HostedGame, HostedSeat
from gameplay.services.actions import action_apply
from gameplay.services.common import engine_of, lock_game, state_load
from gameplay.services.timers import bot_loop_games

MASK = (1 << 64) - 1


def bot_action(game: HostedGame, state: Any, seat: int) -> Action:
    eng = engine_of(game.match)
    acts = eng.game().legal_actions(state, seat)
    rng = (game.seed * 0x2545F4914F6CDD1D + game.seq * 0x9E3779B97F4A7C15 + game.epoch + 1) & MASK
    return eng.bot_pick(rng, acts)[1]


def bot_play(*, game_id: int, max_moves: int = 500) -> int:
    """Play the bot seats' moves while a bot must act (each move its own transaction). Returns the
    number of moves made; stops at a human's decision, the game's end, a pause or ``max_moves``."""
    loops = bot_loop_games()
    if game_id in loops:
        return 0
    loops.add(game_id)
    moves = 0
    try:
        while moves < max_moves:
            with transaction.atomic():
                game = lock_game(game_id)
                if game.status not in HostedGame.LIVE or game.paused:
                    break
                state = state_load(game)
                to_move = engine_of(game.match).game().to_move(state)
                if to_move is None or not HostedSeat.objects.filter(match_id=game.match_id, index=to_move).exclude(bot_policy="").exists():
                    break
                action_apply(game, state, bot_action(game, state, to_move), source=GameAction.Source.BOT)
                moves += 1
    finally:
        loops.discard(game_id)
    if moves >= max_moves:
        from gameplay.tasks import bot_play_task

        transaction.on_commit(lambda: bot_play_task.apply_async(args=[game_id]))
    return moves
