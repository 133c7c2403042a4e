"""Reads for running an event: standings, pairings, the bracket, per-viewer state and exports.

``event_state`` is what a viewer may see: everything public (pairings, tables, clocks, results,
standings, bracket) plus, for a player, their own match and penalties, and for staff the judges' view.
Nothing else (other players' penalties, decklists, appeals) leaves the server.
"""
from __future__ import annotations

from typing import Any

from django.db.models import Q, QuerySet
from django.utils import timezone

from tournaments import roles
from tournaments.models import Appeal, AuditEntry, Event, Match, Penalty, Registration, Round
from tournaments.pairing import PairingError
from tournaments.pairing_adapter import event_bracket, event_standings


def event_list(*, include_drafts_for=None) -> QuerySet[Event]:
    qs = Event.objects.select_related("game", "format", "organiser").order_by("starts_at")
    if include_drafts_for is not None and include_drafts_for.is_authenticated:
        return qs.filter(~Q(status=Event.Status.DRAFT) | Q(organiser=include_drafts_for))
    return qs.exclude(status=Event.Status.DRAFT)


def round_current(*, event: Event) -> Round | None:
    return Round.objects.filter(event=event).order_by("-number").first()


def registration_of(*, event: Event, user) -> Registration | None:
    if user is None or not user.is_authenticated:
        return None
    return Registration.objects.filter(event=event, player=user).select_related("player").first()


def standings_table(*, event: Event) -> list[dict[str, Any]]:
    """Swiss standings with the MLP tiebreakers (match-win %, opponents' MW%, opponents' opponents' MW%)."""
    try:
        standings = event_standings(event)
    except PairingError:
        return []
    regs = {str(r.id): r for r in Registration.objects.filter(event=event).select_related("player")}
    rows = []
    for s in standings:
        reg = regs[s.id]
        rows.append({
            "rank": s.rank, "registration": reg.id, "player": reg.name, "points": s.points,
            "wins": s.wins, "losses": s.losses, "draws": s.draws, "byes": s.byes,
            "mwp": round(s.mwp, 4), "omw": round(s.omw, 4), "oomw": round(s.oomw, 4),
            "dropped": s.dropped, "status": reg.status,
        })
    return rows


def match_public(m: Match, *, now=None) -> dict[str, Any]:
    ends = m.ends_at
    return {
        "id": m.id, "table": m.table, "a": m.player_a.name, "b": m.player_b.name if m.player_b_id else None,
        "a_registration": m.player_a_id, "b_registration": m.player_b_id,
        "status": m.status, "status_label": m.get_status_display(), "result": m.result,
        "result_label": result_label(m), "games": [m.games_a, m.games_b], "games_lost_by_both": m.games_lost_by_both,
        "ends_at": ends.isoformat() if ends else None, "extra_minutes": m.extra_seconds // 60,
        "deck_check": m.deck_check, "time_called_at": m.time_called_at.isoformat() if m.time_called_at else None,
        "eom_stop_at": m.eom_stop_at.isoformat() if m.eom_stop_at else None,
        "points": [m.points_a, m.points_b] if m.points_a is not None else None, "extra_game": m.extra_game,
        "rematch": m.rematch, "present": [m.present_a, m.present_b], "tardiness_waived": m.tardiness_waived,
    }


def result_label(m: Match) -> str:
    if m.is_bye:
        return "bye"
    if m.status != Match.Status.FINAL:
        return ""
    return {
        "a": f"{m.player_a.name} wins", "b": f"{m.player_b.name} wins", "draw": "draw",
        "double_loss": "both lose",
    }.get(m.result, "")


def round_matches(*, round: Round) -> QuerySet[Match]:
    return round.matches.select_related("player_a__player", "player_b__player", "round").order_by("table", "id")


def round_public(r: Round) -> dict[str, Any]:
    return {
        "number": r.number, "kind": r.kind, "status": r.status, "best_of": r.best_of,
        "starts_at": r.starts_at.isoformat() if r.starts_at else None,
        "ends_at": r.ends_at.isoformat() if r.ends_at else None,
        "warnings": r.warnings, "matches": [match_public(m) for m in round_matches(round=r)],
    }


def bracket_public(*, event: Event) -> dict[str, Any] | None:
    try:
        bracket = event_bracket(event)
    except PairingError:
        return None
    if bracket is None:
        return None
    names = {str(r.id): r.name for r in Registration.objects.filter(event=event).select_related("player")}
    return {
        "size": bracket.size, "best_of": bracket.best_of,
        "seeds": [names[s] for s in bracket.seeds],
        "rounds": [[{"seed_a": m.seed_a, "a": names[m.a], "seed_b": m.seed_b, "b": names[m.b]} for m in rnd] for rnd in bracket.rounds],
        "winners": [[names[w] for w in ws] for ws in bracket.winners],
        "champion": names[bracket.champion] if bracket.champion else None,
    }


def my_match(*, event: Event, registration: Registration | None) -> Match | None:
    if registration is None:
        return None
    current = round_current(event=event)
    if current is None:
        return None
    return round_matches(round=current).filter(Q(player_a=registration) | Q(player_b=registration)).first()


def event_state(*, event: Event, user=None, with_rounds: str = "current") -> dict[str, Any]:
    """Everything ``user`` may see of the event now, for pages, the REST API and the polling fallback."""
    now = timezone.now()
    have = roles.event_roles(event, user)
    rounds = list(Round.objects.filter(event=event).order_by("number"))
    if with_rounds == "current":
        shown = rounds[-1:]
    else:
        shown = rounds
    state: dict[str, Any] = {
        "server_now": now.isoformat(),
        "event": {
            "slug": event.slug, "name": event.name, "tier": event.tier, "status": event.status,
            "status_label": event.get_status_display(), "online": event.online, "swiss_rounds": event.swiss_rounds,
            "top_cut": event.top_cut, "format": event.format.slug, "game": event.game.slug,
            "players": Registration.objects.filter(event=event, status__in=Registration.ACTIVE).count(),
        },
        "rounds": [round_public(r) for r in shown],
        "current_round": rounds[-1].number if rounds else None,
        "standings": standings_table(event=event) if rounds else [],
        "bracket": bracket_public(event=event),
        "roles": sorted(have),
    }
    reg = registration_of(event=event, user=user)
    if reg is not None:
        m = my_match(event=event, registration=reg)
        me: dict[str, Any] = {"registration": reg.id, "status": reg.status, "status_label": reg.get_status_display()}
        if m is not None and reg.status in (Registration.Status.CHECKED_IN, Registration.Status.DROPPED, Registration.Status.DISQUALIFIED):
            side = m.side_of(reg.id)
            opp = m.registration_of("b" if side == "a" else "a")
            me["match"] = match_public(m) | {
                "side": side, "opponent": opp.name if opp else None, "round": m.round.number,
                "my_report": getattr(m, f"report_{side}"), "opponent_report": getattr(m, f"report_{'b' if side == 'a' else 'a'}"),
                "present": getattr(m, f"present_{side}"),
            }
            opp_report = me["match"]["opponent_report"]
            me["match"]["opponent_report_label"] = {
                "a": f"{m.player_a.name} wins", "b": f"{m.player_b.name if m.player_b_id else ''} wins", "draw": "draw",
            }.get(opp_report, "")
        me["penalties"] = [
            {"kind": p.get_kind_display(), "infraction": p.infraction, "round": p.round_number, "applied": p.applied}
            for p in Penalty.objects.filter(registration=reg)
        ]
        state["me"] = me
    if have & {"organiser", "head_judge", "floor_judge"}:
        state["staff"] = {
            "penalties": penalties_list(event=event),
            "appeals": [
                {"id": a.id, "player": a.registration.name, "ruling": a.ruling, "reason": a.reason, "status": a.status,
                 "decision": a.decision}
                for a in Appeal.objects.filter(event=event).select_related("registration__player")
            ],
            "presence": {m.id: [m.present_a, m.present_b, m.tardiness_waived] for m in (round_matches(round=rounds[-1]) if rounds else [])},
        }
    return state


def penalties_list(*, event: Event) -> list[dict[str, Any]]:
    return [
        {"id": p.id, "player": p.registration.name, "kind": p.kind, "kind_label": p.get_kind_display(),
         "infraction": p.infraction, "note": p.note, "round": p.round_number, "escalated": p.escalated,
         "applied": p.applied, "issued_by": p.issued_by.get_username() if p.issued_by else "system"}
        for p in Penalty.objects.filter(event=event).select_related("registration__player", "issued_by")
    ]


def audit_list(*, event: Event) -> QuerySet[AuditEntry]:
    return AuditEntry.objects.filter(event=event).select_related("actor").order_by("-created_at", "-id")


def event_export(*, event: Event) -> dict[str, Any]:
    """The whole event as data: every round's pairings and results, standings, bracket, winner.
    Penalties are part of the public record once results are published (Public Event Information)."""
    rounds = Round.objects.filter(event=event).order_by("number")
    bracket = bracket_public(event=event)
    data = {
        "event": {"slug": event.slug, "name": event.name, "game": event.game.slug, "format": event.format.slug,
                  "tier": event.tier, "status": event.status,
                  "swiss_rounds": event.swiss_rounds, "top_cut": event.top_cut},
        "rounds": [
            {"number": r.number, "kind": r.kind, "best_of": r.best_of, "warnings": r.warnings,
             "pairings": [
                 {"table": m.table, "a": m.player_a.name, "b": m.player_b.name if m.player_b_id else None,
                  "result": m.result or None, "games": [m.games_a, m.games_b], "games_lost_by_both": m.games_lost_by_both,
                  "source": m.result_source, "explanation": m.explanation, "deck_check": m.deck_check, "rematch": m.rematch}
                 for m in round_matches(round=r)
             ]}
            for r in rounds
        ],
        "standings": standings_table(event=event),
        "bracket": bracket,
        "winner": bracket["champion"] if bracket else None,
    }
    if event.status in (Event.Status.FINISHED, Event.Status.PUBLISHED):
        # The pairing seed stays private while it could still be used to predict pairings; once the event
        # is over it is published so anyone can re-run the pairings and check them.
        data["event"]["seed"] = event.seed
    if event.status == Event.Status.PUBLISHED:
        data["penalties"] = [{k: v for k, v in p.items() if k != "id"} for p in penalties_list(event=event)]
    return data


def waitlist_position(*, registration: Registration) -> int | None:
    """1 for the first player on the waiting list; None when not waitlisted."""
    if registration.status != Registration.Status.WAITLISTED:
        return None
    ahead = Registration.objects.filter(event_id=registration.event_id, status=Registration.Status.WAITLISTED).filter(
        Q(created_at__lt=registration.created_at) | Q(created_at=registration.created_at, id__lt=registration.id)
    ).count()
    return ahead + 1


def standings_csv_rows(*, event: Event) -> list[list[Any]]:
    header = ["rank", "player", "points", "wins", "losses", "draws", "byes", "mwp", "omw", "oomw", "dropped"]
    rows = [header]
    for s in standings_table(event=event):
        rows.append([s[k] for k in header])
    return rows


def pairings_csv_rows(*, event: Event) -> list[list[Any]]:
    rows = [["round", "table", "player_a", "player_b", "result", "games_a", "games_b"]]
    for r in Round.objects.filter(event=event).order_by("number"):
        for m in round_matches(round=r):
            rows.append([r.number, m.table or "", m.player_a.name, m.player_b.name if m.player_b_id else "BYE",
                         m.result, m.games_a, m.games_b])
    return rows
