"""A player arriving at their event table: opening the table (their websocket connecting) shows they
are ready to play (floor rules, Tardiness; online the grace period is the tier's online one,
``TierRules.online_tardiness_grace_minutes``), and the event's pages hear when a seat comes to the table
or leaves it, so the opponent waiting on the pairings page sees it live.
"""
from __future__ import annotations

from gameplay.broadcast import broadcast_online_event
from gameplay.models import HostedGame, HostedSeat


def seat_arrived(*, game_id: int, seat: int) -> bool:
    """The player of ``seat`` opened their table: mark them ready to play in the tournament match (once;
    a match already over is left alone). Its own transaction, after the seat's connection is stored, so
    the game row and the tournament match row are never locked together here. True when it marked."""
    hs = (HostedSeat.objects.select_related("match__tournament_match__round__event", "registration__player")
          .filter(match__games__pk=game_id, index=seat).first())
    tm = hs.match.tournament_match if hs is not None else None
    if tm is None or hs.registration is None or tm.status == "final":
        return False
    side = tm.side_of(hs.registration_id)
    if side is None or getattr(tm, f"present_{side}"):
        return False
    from tournaments.services import match_mark_present

    match_mark_present(match=tm, by=hs.registration.player, side=side)  # (the pages heard of the seat from seat_connection)
    return True


def broadcast_seat_presence(*, game: HostedGame, seat: HostedSeat) -> None:
    """Tell the event's pages that a seat came to its table or left it (public facts: the table, the
    side, at the table or not). Casual games have no event page."""
    tm = game.match.tournament_match
    if tm is None:
        return
    broadcast_online_event(slug=tm.round.event.slug, kind="table_presence", data={
        "match": tm.pk, "table": tm.table, "seat": seat.index, "at_table": seat.connections > 0})


__all__ = ["broadcast_seat_presence", "seat_arrived"]
