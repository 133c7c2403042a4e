"""Game broadcasts: the only path from hosted games to the channel layer (through ``config.broadcast``,
after commit).

A game group (``game_<id>``) hears only that the game changed and its new sequence number: every
consumer then builds its own viewer's state (``selectors.game_state_payload``), so a per-player view
is never sent to a group. The event group hears public facts only (scores, status, judge calls) for
the judges' console and the pairings page.
"""
from __future__ import annotations

import uuid
from typing import Any

from config.broadcast import group_send_on_commit


def game_group(game_id: int) -> str:
    return f"game_{game_id}"


def broadcast_game(*, game_id: int, seq: int, epoch: int = 0, change: str | None = None) -> None:
    """``change`` names this notification (a fresh name unless the caller chose one: ``new_change``): the
    viewers one process serves read the game once for it (``frames``), whatever changed (an action, a
    pause, a connection, a clock)."""
    group_send_on_commit(game_group(game_id), {"type": "game.changed", "seq": seq, "epoch": epoch,
                                               "change": change or new_change()})


def new_change() -> str:
    return uuid.uuid4().hex


def broadcast_viewers_recheck(*, game_id: int) -> None:
    """Who may watch changed (the spectating policy, a table no longer featured): every spectator's
    socket asks again and closes if refused. Players and judges are not affected."""
    group_send_on_commit(game_group(game_id), {"type": "viewers.recheck"})


def broadcast_online_event(*, slug: str, kind: str, data: dict[str, Any]) -> None:
    from tournaments.broadcast import broadcast_event

    broadcast_event(slug=slug, kind=kind, data=data)
