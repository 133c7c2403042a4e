"""Who is at their online table: each seat of an event's hosted match — at the table now (a websocket
open), arrived (opened the table this round: ready to play), left — and when a player who has not
arrived becomes late (the round's start plus the tier's online tardiness grace, floor rules Tardiness:
then a Game Loss unless a judge waives it). Reads only: the event page, the pairings and the API show it.
"""
from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any

from django.utils import timezone

from gameplay.models import HostedMatch


def _late_at(tm) -> tuple[datetime | None, int]:
    from tournaments.tiers import tier_rules

    rnd, event = tm.round, tm.round.event
    grace = tier_rules(event.tier).tardiness_grace(online=event.online)
    return (rnd.starts_at + timedelta(minutes=grace) if rnd.starts_at else None), grace


def table_presence(*, tournament_match, now: datetime | None = None) -> dict[str, Any] | None:
    """Each seat of the event match's online table (None: the match is not hosted)."""
    hm = HostedMatch.objects.filter(tournament_match=tournament_match).prefetch_related("seats").first()
    if hm is None:
        return None
    tm = tournament_match
    now = now or timezone.now()
    late_at, grace = _late_at(tm)
    live = hm.status in HostedMatch.LIVE and tm.status != "final"
    seats = []
    for s in sorted(hm.seats.all(), key=lambda s: s.index):
        side = tm.side_of(s.registration_id) if s.registration_id else None
        at_table = s.connections > 0 or s.is_bot
        arrived = at_table or bool(side and getattr(tm, f"present_{side}"))
        late = live and not arrived and not tm.tardiness_waived and late_at is not None and now >= late_at
        seats.append({"seat": s.index, "side": side, "name": s.name, "user_id": s.registration.player_id if s.registration_id else s.user_id,
                      "at_table": at_table, "arrived": arrived, "late": late,
                      "left_at": s.disconnected_at if arrived and not at_table else None})
    return {"hosted_match": hm.pk, "table_url": f"/play/m/{hm.pk}/", "live": live, "late_at": late_at, "grace_minutes": grace,
            "tardiness_waived": tm.tardiness_waived, "seats": seats}


def arrival_notice(*, tournament_match, user, now: datetime | None = None) -> dict[str, Any] | None:
    """What a player of the match is told about their opponent at the online table: ``state`` is
    "here", "left", "waiting" or "late", ``message`` says it in words, ``refresh_at`` is when the
    notice changes by itself (the opponent becomes late). None for anyone else or a match that is over."""
    presence = table_presence(tournament_match=tournament_match, now=now)
    uid = getattr(user, "pk", None)
    if presence is None or not presence["live"] or uid is None:
        return None
    mine = next((s for s in presence["seats"] if s["user_id"] == uid), None)
    if mine is None:
        return None
    opp = next(s for s in presence["seats"] if s is not mine)
    late_at, grace = presence["late_at"], presence["grace_minutes"]
    at = timezone.localtime(late_at).strftime("%H:%M") if late_at else None
    name, refresh_at = opp["name"], None
    if opp["at_table"]:
        state, message = "here", f"{name} is at the table."
    elif opp["arrived"]:
        state, message = "left", (f"{name} opened the table and left it; when it is their decision the server plays for them "
                                  f"once the disconnect grace period runs out.")
    elif presence["tardiness_waived"]:
        state, message = "waiting", f"{name} has not opened the table yet; a judge waived the tardiness penalty."
    elif opp["late"]:
        state, message = "late", (f"{name} is late: not at the table {grace} minutes after the round began. That is a Game Loss "
                                  f"for Tardiness (floor rules, Tardiness; online grace {grace} minutes), issued by the server.")
    else:
        state, refresh_at = "waiting", late_at
        message = f"Waiting for {name} to open the table." + (
            f" From {at} ({grace} minutes after the round began) they are late: a Game Loss for Tardiness." if at else "")
    return {"state": state, "message": message, "opponent": name, "refresh_at": refresh_at.isoformat() if refresh_at else None,
            "me_at_table": mine["at_table"], "me_arrived": mine["arrived"], "table_url": presence["table_url"]}
