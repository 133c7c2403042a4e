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
from tournaments.clock import phase_at, phase_schedule, phases_default
from tournaments.decklists import decklist_panel
from tournaments.models import Appeal, AuditEntry, Event, EventRole, Match, Penalty, Registration, Round
from tournaments.pairing import PairingError
from tournaments.pairing_adapter import event_bracket, event_standings, round_partition
from tournaments.public_match import match_public, result_label  # noqa: F401 - the public shape of a match


def event_list(*, include_drafts_for=None) -> QuerySet[Event]:
    qs = Event.objects.select_related("game", "format", "organiser").order_by("starts_at")
    if include_drafts_for is not None and include_drafts_for.is_authenticated:
        return qs.filter(~Q(status=Event.Status.DRAFT) | Q(organiser=include_drafts_for))
    return qs.exclude(status=Event.Status.DRAFT)


def my_events(*, user) -> dict[str, list[dict[str, Any]]]:
    """A user's events: those they play in (with their status) and those they run (with their role),
    upcoming and running first, then finished; and the organiser's deleted events (to restore)."""
    if user is None or not user.is_authenticated:
        return {"playing": [], "staff": [], "deleted": []}
    live = ("draft", "registration_open", "check_in", "swiss", "elimination")
    playing = []
    for reg in Registration.objects.filter(player=user).select_related("event__format").order_by("-event__starts_at"):
        playing.append({"event": reg.event, "status": reg.get_status_display(), "live": reg.event.status in live})
    staff: dict[int, dict[str, Any]] = {}
    for role in EventRole.objects.filter(user=user).exclude(role=EventRole.Role.PLAYER).select_related("event__format"):
        row = staff.setdefault(role.event_id, {"event": role.event, "roles": [], "live": role.event.status in live})
        row["roles"].append(role.role.replace("_", " "))
    for event in Event.objects.filter(organiser=user).select_related("format"):
        row = staff.setdefault(event.id, {"event": event, "roles": [], "live": event.status in live})
        if "organiser" not in row["roles"]:
            row["roles"].insert(0, "organiser")
    order = lambda row: (not row["live"], row["event"].starts_at if row["live"] else -row["event"].starts_at.timestamp())  # noqa: E731
    deleted = list(Event.all_objects.filter(organiser=user, deleted_at__isnull=False).select_related("format"))
    return {"playing": sorted(playing, key=order), "staff": sorted(staff.values(), key=order), "deleted": deleted}


def round_current(*, event: Event) -> Round | None:
    return Round.objects.filter(event=event).order_by("-number").first()


def registration_of(*, event: Event, user) -> Registration | None:
    if user is None or not user.is_authenticated:
        return None
    return Registration.objects.filter(event=event, player=user).select_related("player").first()


def results_exist(*, event: Event) -> bool:
    """Any match with a result (a bye counts): before that, nobody is ranked."""
    return Match.objects.filter(round__event=event, round__deleted_at__isnull=True, status=Match.Status.FINAL).exists()


def standings_table(*, event: Event) -> list[dict[str, Any]]:
    """Swiss standings with the MLP tiebreakers (match-win %, opponents' MW%, opponents' opponents' MW%).
    Empty until the first result: eight players on 0 points ranked 1 to 8 would mean nothing."""
    if not results_exist(event=event):
        return []
    try:
        standings = event_standings(event)
    except PairingError:
        return []
    regs = {str(r.id): r for r in Registration.objects.filter(event=event).select_related("player__player_profile")}
    rows = []
    for s in standings:
        reg = regs[s.id]
        rows.append({
            "rank": s.rank, "registration": reg.id, "player": reg.name, "username": reg.player.get_username(), "points": s.points,
            "wins": s.wins, "losses": s.losses, "draws": s.draws, "byes": s.byes,
            "mwp": round(s.mwp, 4), "omw": round(s.omw, 4), "oomw": round(s.oomw, 4),
            "dropped": s.dropped, "status": reg.status,
        })
    return rows


def round_matches(*, round: Round) -> QuerySet[Match]:
    return round.matches.select_related(
        "player_a__player__player_profile", "player_b__player__player_profile", "round__event",
    ).order_by("table", "id")


def round_clock(r: Round, *, now=None) -> dict[str, Any]:
    """The round clock as the pages draw it: its phases, the phase now and the room's pause."""
    now = now or timezone.now()
    paused_at = r.event.clocks_paused_at if r.status == Round.Status.RUNNING else None
    phases = r.phases or phases_default(r.minutes)
    clock: dict[str, Any] = {"phases": [], "phase": None, "next_phase": None, "phase_ends_at": None,
                             "paused_at": paused_at.isoformat() if paused_at else None}
    if r.starts_at is None or not phases or r.status != Round.Status.RUNNING:
        return clock
    clock["phases"] = phase_schedule(phases, r.starts_at)
    current = phase_at(phases, r.starts_at, paused_at or now)
    if current is not None:
        clock.update(phase=current.name, next_phase=current.next_name, phase_ends_at=current.ends_at.isoformat())
    return clock


def round_public(r: Round) -> dict[str, Any]:
    return {
        "number": r.number, "kind": r.kind, "kind_label": r.get_kind_display(), "status": r.status,
        "status_label": r.get_status_display(), "best_of": r.best_of,
        "starts_at": r.starts_at.isoformat() if r.starts_at else None,
        "ends_at": r.ends_at.isoformat() if r.ends_at else None, "clock": round_clock(r),
        "warnings": r.warnings, "matches": [match_public(m) for m in round_matches(round=r)],
        "pairing_note": _pairing_note(r),
    }


def _pairing_note(r: Round) -> str | None:
    """Why this round's players only meet within their group (draft pods), or None."""
    if r.kind != Round.Kind.SWISS:
        return None
    partition = round_partition(r.event, r.number)
    return partition.note if partition else None


def pairings_by_name(r: Round) -> list[dict[str, Any]]:
    """Every player of the round A-Z with their table and opponent, as a room's pairing board lists them."""
    rows = []
    for m in round_matches(round=r):
        rows.append({"name": m.player_a.name, "table": m.table, "opponent": m.player_b.name if m.player_b_id else None,
                     "status": m.status})
        if m.player_b_id:
            rows.append({"name": m.player_b.name, "table": m.table, "opponent": m.player_a.name, "status": m.status})
    return sorted(rows, key=lambda row: row["name"].casefold())


def room_display(*, event: Event) -> dict[str, Any]:
    """What the projector shows: the current round's clock and phase, and its pairings by name."""
    r = round_current(event=event)
    return {
        "server_now": timezone.now().isoformat(), "event": event.name, "sound": event.room_sound,
        "round": ({"number": r.number, "kind": r.get_kind_display(), "status": r.status, "clock": round_clock(r),
                   "ends_at": r.ends_at.isoformat() if r.ends_at and r.status == Round.Status.RUNNING else None,
                   "pairings": pairings_by_name(r)} if r else None),
    }


def bracket_public(*, event: Event) -> dict[str, Any] | None:
    try:
        bracket = event_bracket(event)
    except PairingError:
        return None
    if bracket is None:
        return None
    names = {str(r.id): r.name for r in Registration.objects.filter(event=event).select_related("player__player_profile")}
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


def event_state(*, event: Event, user=None, with_rounds: str = "current", round_number: int | None = None) -> dict[str, Any]:
    """Everything ``user`` may see of the event now, for pages, the REST API and the polling fallback.
    ``round_number`` picks the round shown (earlier rounds' pairings); by default the latest."""
    now = timezone.now()
    have = roles.event_roles(event, user)
    rounds = list(Round.objects.filter(event=event).select_related("event").order_by("number"))
    if with_rounds == "all":
        shown = rounds
    elif round_number is not None:
        shown = [r for r in rounds if r.number == round_number] or rounds[-1:]
    else:
        shown = rounds[-1:]
    state: dict[str, Any] = {
        "server_now": now.isoformat(),
        "event": {
            "slug": event.slug, "name": event.name, "tier": event.tier, "status": event.status,
            "status_label": event.get_status_display(), "online": event.online, "swiss_rounds": event.swiss_rounds,
            "top_cut": event.top_cut, "format": event.format.slug, "game": event.game.slug,
            "players": Registration.objects.filter(event=event, status__in=Registration.ACTIVE).count(),
            "clocks_paused_at": event.clocks_paused_at.isoformat() if event.clocks_paused_at else None,
        },
        "rounds": [round_public(r) for r in shown],
        "round_numbers": [r.number for r in rounds],
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
                "side": side, "opponent": opp.name if opp else None,
                "my_report": getattr(m, f"report_{side}"), "opponent_report": getattr(m, f"report_{'b' if side == 'a' else 'a'}"),
                "present": getattr(m, f"present_{side}"),
            }
            me["match"]["opponent_report_label"] = report_label(m, me["match"]["opponent_report"])
            me["match"]["my_report_label"] = report_label(m, me["match"]["my_report"])
        me["penalties"] = [
            {"kind": p.get_kind_display(), "infraction": p.infraction, "round": p.round_number, "applied": p.applied}
            for p in Penalty.objects.filter(registration=reg)
        ]
        panel = decklist_panel(event, reg.player)
        if panel is not None:
            me["decklist"] = panel | {"deadline": panel["deadline"].isoformat() if panel["deadline"] else None}
        # A player's own appeals and the head judge's decision (Judges: the head judge's ruling is final).
        me["appeals"] = [
            {"ruling": a.ruling, "status": a.status, "status_label": a.get_status_display(), "decision": a.decision,
             "decided_at": a.decided_at.isoformat() if a.decided_at else None}
            for a in Appeal.objects.filter(registration=reg).order_by("created_at")
        ]
        state["me"] = me
    if have & {"organiser", "head_judge", "floor_judge"}:
        state["staff"] = {
            "penalties": penalties_list(event=event),
            "appeals": [
                {"id": a.id, "player": a.registration.judge_name, "ruling": a.ruling, "reason": a.reason, "status": a.status,
                 "decision": a.decision}
                for a in Appeal.objects.filter(event=event).select_related("registration__player")
            ],
            "presence": {m.id: [m.present_a, m.present_b, m.tardiness_waived] for m in (round_matches(round=rounds[-1]) if rounds else [])},
            "disputes": disputes_list(event=event),
        }
    return state


def report_label(m: Match, report: str) -> str:
    """A player's self-reported result in words ("player01 wins"), "" when they reported nothing."""
    return {
        "a": f"{m.player_a.name} wins", "b": f"{m.player_b.name if m.player_b_id else ''} wins", "draw": "draw",
    }.get(report or "", "")


def disputes_list(*, event: Event) -> list[dict[str, Any]]:
    """Online self-reports that disagree, for the judges: what each side said ("" for a side that
    reported nothing and disputed the other's report)."""
    rows = []
    for m in Match.objects.filter(round__event=event, status=Match.Status.DISPUTED).select_related(
            "round", "player_a__player", "player_b__player").order_by("round__number", "table"):
        rows.append({
            "match": m.id, "round": m.round.number, "table": m.table, "a": m.player_a.name, "b": m.player_b.name,
            "a_says": report_label(m, m.report_a), "b_says": report_label(m, m.report_b),  # "": disputes the other's
        })
    return rows


def penalties_list(*, event: Event) -> list[dict[str, Any]]:
    return [
        {"id": p.id, "player": p.registration.judge_name, "kind": p.kind, "kind_label": p.get_kind_display(),
         "infraction": p.infraction, "note": p.note, "round": p.round_number, "escalated": p.escalated,
         "applied": p.applied, "issued_by": p.issued_by.get_username() if p.issued_by else "system"}
        for p in Penalty.objects.filter(event=event).select_related("registration__player", "issued_by")
    ]


def top_cut_note(*, event: Event) -> str:
    """How the top cut was made ("Top 4 cut from 17 players: a top 8 was due, but only 7 ...")."""
    entry = AuditEntry.objects.filter(event=event, action="top_cut").order_by("-created_at", "-id").first()
    return entry.reason if entry is not None else "The top cut is made."


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
