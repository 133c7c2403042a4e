"""The one public shape of a tournament match: what anyone who may see the event may see of a pairing.

The event pages (``selectors.event_state`` → the templates), the REST API (``state``, ``pairings``;
documented field by field by ``serializers.MatchPublicSerializer``, which a test holds to these fields)
and the event websocket's match messages (``match``, ``result``, ``clock``, ``time_called``,
``stop_play``, ``extra_game``, ``dispute``: their ``data``) all send this shape. Nothing in it is private: players' self-reports,
penalties and decklists stay out (a player reads their own in ``state``'s ``me``).
"""
from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any

from tournaments.models import Match


def _iso(moment) -> str | None:
    return moment.isoformat() if moment else None


def result_label(m: Match) -> str:
    """The result in words ("player01 wins", "draw", "bye"); "" while the match is being played."""
    if m.is_bye:
        return "bye"
    if m.status != Match.Status.FINAL:
        return ""
    return {
        "a": f"{m.player_a.name} wins", "b": f"{m.player_b.name} wins", "draw": "draw",
        "double_loss": "both lose",
    }.get(m.result, "")


@dataclass(frozen=True)
class PublicMatch:
    """One pairing of a round. ``a``/``b`` are the players' display names (``b`` is empty for the bye),
    ``*_judge`` the names judges tell players apart by, ``games`` and ``present`` are [player A, player B]."""

    id: int
    round: int
    table: int | None
    a: str
    b: str | None
    a_judge: str
    b_judge: str | None
    a_username: str
    b_username: str | None
    a_registration: int
    b_registration: int | None
    status: str
    status_label: str
    result: str
    result_label: str
    result_source: str
    recorded_by: int | None
    recorded_at: str | None
    games: tuple[int, int]
    games_lost_by_both: int
    ends_at: str | None
    extra_minutes: int
    deck_check: bool
    time_called_at: str | None
    eom_stop_at: str | None
    points: tuple[int | None, int | None] | None
    extra_game: bool
    rematch: bool
    present: tuple[bool, bool]
    tardiness_waived: bool

    @classmethod
    def of(cls, m: Match) -> PublicMatch:
        b = m.player_b if m.player_b_id else None
        # A finished match or a bye has no clock left to count down.
        ends = m.ends_at if m.status != Match.Status.FINAL else None
        return cls(
            id=m.id, round=m.round.number, table=m.table,
            a=m.player_a.name, b=b.name if b else None, a_judge=m.player_a.judge_name, b_judge=b.judge_name if b else None,
            a_username=m.player_a.player.get_username(), b_username=b.player.get_username() if b else None,
            a_registration=m.player_a_id, b_registration=m.player_b_id,
            status=m.status, status_label=m.get_status_display(), result=m.result, result_label=result_label(m),
            result_source=m.result_source, recorded_by=m.recorded_by_id, recorded_at=_iso(m.recorded_at),
            games=(m.games_a, m.games_b), games_lost_by_both=m.games_lost_by_both,
            ends_at=_iso(ends), extra_minutes=m.extra_seconds // 60, deck_check=m.deck_check,
            time_called_at=_iso(m.time_called_at), eom_stop_at=_iso(m.eom_stop_at),
            points=(m.points_a, m.points_b) if m.points_a is not None else None, extra_game=m.extra_game,
            rematch=m.rematch, present=(m.present_a, m.present_b), tardiness_waived=m.tardiness_waived,
        )

    def as_dict(self) -> dict[str, Any]:
        """JSON-ready: the pairs become lists, as the API, the pages and the websocket send them."""
        return {f.name: list(v) if isinstance(v := getattr(self, f.name), tuple) else v for f in dataclasses.fields(self)}


def match_public(m: Match) -> dict[str, Any]:
    """``m`` in the one public shape, as a dict."""
    return PublicMatch.of(m).as_dict()
