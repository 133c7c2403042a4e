"""A hosted match's life: creating it with its seats and deck snapshots, starting each game, and
deciding what follows a finished game (the next game, the match result, another game in elimination),
including writing an event match's result to the tournament.

Best of three (Tier 3 elimination): every game begins with the Pre-Game Actions, whose step 3 is
"Randomly determine which player is going first" (floor rules, Pre-Game Actions) — so each game's
first player is drawn by the engine (102.3) from the game's own seed, not chosen by the loser.
"""
from __future__ import annotations

import hashlib
import secrets
from dataclasses import dataclass, field
from typing import Any

from django.db import transaction
from django.utils import timezone

from gameplay.engine.api import Outcome
from gameplay.models import GameSnapshot, HostedGame, HostedMatch, HostedSeat
from gameplay.services.common import GameError, engine_of, lock_match, seats_of
from gameplay.services.timers import deadline_clear, game_changed
from tournaments.services.common import set_status as _set_status


SEED_BITS = 62


@dataclass
class SeatSpec:
    """Who sits in a seat and what deck they play (engine form)."""

    name: str
    deck: dict[str, Any] | None  # None: the seat's player has not chosen yet (a casual challenge)
    user: Any = None
    registration: Any = None
    bot_policy: str = ""
    deck_source: str = ""
    extra: dict[str, Any] = field(default_factory=dict)


def set_status(obj, new: str) -> bool:
    if isinstance(obj, HostedGame):
        # A game's status change goes with writes to its match through other objects (the start of play,
        # the game's end): this change's frame is read after commit, not handed (timers.game_changed).
        obj.hands_frame = False
    try:
        return _set_status(obj, new)
    except ValueError as exc:
        raise GameError(str(exc)) from exc


def game_seed(match_seed: int, number: int) -> int:
    digest = hashlib.sha256(f"{match_seed}:{number}".encode()).digest()
    return int.from_bytes(digest[:8], "big") >> (64 - SEED_BITS)


def hosted_match_create(
    *, seats: list[SeatSpec], engine: str = "mlp", best_of: int = 1, seed: int | None = None,
    tournament_match=None, created_by=None, decision_seconds: int | None = None, grace_seconds: int | None = None,
    games_won: list[int] | None = None, stacked: bool = False, first_player: int | None = None,
) -> HostedMatch:
    """Create a match and start its first game (once both seats have a deck; until then it waits).
    ``stacked`` / ``first_player`` (tests, demonstrations): the first game keeps the decks' orders and skips
    the setup shuffles, and its first player is fixed instead of random (102.3)."""
    if len(seats) != 2:
        raise GameError("A match has two seats.")
    if best_of not in (1, 3, 5):
        raise GameError("best_of must be 1, 3 or 5.")
    eng = engine_of(HostedMatch(engine=engine))
    with transaction.atomic():
        match = HostedMatch.objects.create(
            engine=engine, engine_version=eng.version, seed=seed if seed is not None else secrets.randbits(SEED_BITS),
            best_of=best_of, games_won=list(games_won or [0, 0]), tournament_match=tournament_match, created_by=created_by,
            **({"decision_seconds": decision_seconds} if decision_seconds else {}),
            **({"grace_seconds": grace_seconds} if grace_seconds else {}),
        )
        for i, spec in enumerate(seats):
            HostedSeat.objects.create(
                match=match, index=i, user=spec.user, registration=spec.registration, bot_policy=spec.bot_policy,
                name=spec.name[:150], deck=spec.deck or {}, deck_source=spec.deck_source[:200],
            )
        if all(spec.deck for spec in seats):
            game_start_next(match, stacked=stacked, first_player=first_player)
    return match


def game_start_next(match: HostedMatch, *, stacked: bool = False, first_player: int | None = None) -> HostedGame:
    """Start the match's next game: Pre-Game Actions (floor rules) by the engine, from the game's seed
    (``stacked`` / ``first_player``: see ``hosted_match_create``)."""
    seats = seats_of(match)
    number = HostedGame.objects.filter(match=match).count() + 1
    seed = game_seed(match.seed, number)
    eng = engine_of(match)
    fixed = {"stacked": True} if stacked else {}
    if first_player is not None:
        fixed["first_player"] = first_player
    state = eng.game().new_game([seats[0].deck, seats[1].deck], seed=seed, names=(seats[0].name, seats[1].name), **fixed)
    game = HostedGame.objects.create(match=match, number=number, seed=seed)
    game.match = match
    GameSnapshot.objects.create(game=game, seq=0, epoch=0, state=state.to_json())
    if match.status == HostedMatch.Status.WAITING or match.status == HostedMatch.Status.PLAYING:
        set_status(match, HostedMatch.Status.SETUP)
    game_changed(game, state)
    return game


# --------------------------------------------------------------------------- after a game


def result_kind(outcome: Outcome) -> str:
    reason = outcome.reason.lower()
    if "concede" in reason:
        return "concede"
    if "time called" in reason or "sudden death" in reason:
        return "time_called"
    if "turn cap" in reason:
        return "turn_cap"
    return "draw" if outcome.winner is None else "points"


def game_finish(game: HostedGame, outcome: Outcome, *, kind: str = "", write_result: bool = True) -> HostedMatch:
    """Record a game's end, then decide what follows in its match."""
    now = timezone.now()
    game.outcome = outcome.to_dict()
    game.result_kind = kind or result_kind(outcome)
    game.finished_at = now
    game.save(update_fields=["outcome", "result_kind", "finished_at"])
    set_status(game, HostedGame.Status.FINISHED)
    deadline_clear(game, "game over", now=now)
    match = lock_match(game.match_id)
    if outcome.winner is not None:
        won = list(match.games_won)
        won[outcome.winner] += 1
        match.games_won = won
        match.save(update_fields=["games_won"])
    return match_after_game(match, game, write_result=write_result)


def _in_elimination(match: HostedMatch) -> bool:
    tm = match.tournament_match
    return tm is not None and tm.round.kind == "elimination"


def match_after_game(match: HostedMatch, game: HostedGame, *, write_result: bool = True) -> HostedMatch:
    won = match.games_won
    need = match.wins_needed
    decided: int | None = None
    over = False
    if max(won) >= need:
        decided, over = (0 if won[0] > won[1] else 1), True
    elif match.status == HostedMatch.Status.TIME_CALLED:
        # End of Match Procedures: the game in progress decided the match; equal games is a draw,
        # except in elimination rounds, where another game is played.
        if won[0] != won[1]:
            decided, over = (0 if won[0] > won[1] else 1), True
        elif not _in_elimination(match):
            over = True
    elif match.best_of == 1 and game.outcome and game.outcome.get("winner") is None and not _in_elimination(match):
        over = True  # a drawn single game is a drawn match (Swiss)
    if not over:
        game_start_next(match)
        return match
    match_finish(match, winner=decided, reason=_reason(game, decided), write_result=write_result)
    return match


def _reason(game: HostedGame, winner: int | None) -> str:
    kind = game.result_kind or "points"
    text = (game.outcome or {}).get("reason", "")
    if winner is not None:
        return f"{kind}: {text}"[:200]
    # a draw says how the deciding game ended too (time called, equal points), as a win does
    return (f"draw: {text}" if kind in ("draw", "points") else f"draw, {kind}: {text}")[:200]


def match_finish(match: HostedMatch, *, winner: int | None, reason: str, write_result: bool = True) -> None:
    match.winner_seat = winner
    match.result_reason = reason[:200]
    match.finished_at = timezone.now()
    match.save(update_fields=["winner_seat", "result_reason", "finished_at"])
    set_status(match, HostedMatch.Status.FINISHED)
    if write_result and match.tournament_match_id:
        _tournament_result_write(match)


def _tournament_result_write(match: HostedMatch) -> None:
    """The match result goes to the tournament match (source "engine"): standings update at once."""
    from tournaments.services import match_record_engine_result

    result = {0: "a", 1: "b", None: "draw"}[match.winner_seat]
    match_record_engine_result(
        match=match.tournament_match, result=result, games_a=match.games_won[0], games_b=match.games_won[1],
        reason=match.result_reason,
    )
