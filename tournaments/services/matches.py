"""One match: its clock (extra time, time called, End of Match Procedures) and its result (judges record
and correct; online players report and confirm; concessions; presence at the table).
"""
from __future__ import annotations

from datetime import datetime, timedelta

from django.db import transaction
from django.utils import timezone

from tournaments import roles
from tournaments.broadcast import broadcast_event
from tournaments.models import Deadline, EventRole, Match, Round
from tournaments.signals import match_time_called as match_time_called_signal
from tournaments.services.common import (
    EventError,
    NotPermitted,
    audit,
    broadcast_match,
    deadline_set,
    lock_match,
    require_role,
    set_status,
)


# --------------------------------------------------------------------------- clock


def match_add_time(*, match: Match, by, minutes: int, reason: str = "") -> Match:
    """A judge extends one match's clock (deck check, long ruling); its deadline moves with it."""
    event = match.round.event
    require_role(event, by, [EventRole.Role.HEAD_JUDGE, EventRole.Role.FLOOR_JUDGE], "add time to a match")
    if not 1 <= minutes <= 120:
        raise EventError("Add between 1 and 120 minutes.")
    with transaction.atomic():
        m = lock_match(match)
        if m.round.ends_at is None:
            raise EventError("This round is untimed.")
        # A disputed match may need time too: the judge settles the dispute and the players play on.
        if m.status not in (Match.Status.RUNNING, Match.Status.REPORTED, Match.Status.DISPUTED):
            raise EventError(f"{m}: time can only be added while the match is running or disputed ({m.get_status_display()}).")
        m.extra_seconds += minutes * 60
        m.save(update_fields=["extra_seconds"])
        deadline_set(event=event, kind=Deadline.Kind.MATCH_TIME, target_id=m.id, due_at=m.ends_at)
        audit(event=event, actor=by, action="add_time", target=str(m), reason=reason, data={"minutes": minutes})
        broadcast_match(m, kind="clock")
    return m


def match_call_time(*, match: Match, now: datetime | None = None) -> str:
    """Time is called: the End of Match Procedures begin (the current turn is completed; if the turn
    player went first the other player takes a turn; then most points wins). Paper matches: the judges
    enter the points (``match_end_of_match``)."""
    now = now or timezone.now()
    # Compare-and-set claim: only a running match has its time called, once.
    if Match.objects.filter(id=match.id, status=Match.Status.RUNNING).update(status=Match.Status.TIME_CALLED, time_called_at=now) != 1:
        return f"match {match.id}: not running, nothing to call"
    m = Match.objects.select_related("round__event", "player_a__player", "player_b__player").get(id=match.id)
    event = m.round.event
    if event.end_of_match_cap_minutes:
        m.eom_stop_at = now + timedelta(minutes=event.end_of_match_cap_minutes)
        m.save(update_fields=["eom_stop_at"])
        deadline_set(event=event, kind=Deadline.Kind.END_OF_MATCH_CAP, target_id=m.id, due_at=m.eom_stop_at)
    match_time_called_signal.send(sender=Match, match=m)
    broadcast_match(m, kind="time_called")
    return f"{m}: time called"


def match_end_of_match(*, match: Match, by, points_a: int, points_b: int) -> Match:
    """Judges enter the points at the end of the End of Match Procedures: most points wins, equal points
    is a draw — except in elimination rounds, where another game is played to the first change in points."""
    event = match.round.event
    require_role(event, by, [EventRole.Role.HEAD_JUDGE, EventRole.Role.FLOOR_JUDGE], "enter end-of-match points")
    with transaction.atomic():
        m = lock_match(match)
        if m.status != Match.Status.TIME_CALLED:
            raise EventError(f"{m}: time has not been called.")
        m.points_a, m.points_b = points_a, points_b
        m.save(update_fields=["points_a", "points_b"])
        if points_a == points_b and m.round.kind == Round.Kind.ELIMINATION:
            m.extra_game = True
            m.save(update_fields=["extra_game"])
            audit(event=event, actor=by, action="end_of_match", target=str(m), data={"points": [points_a, points_b], "extra_game": True})
            broadcast_match(m, kind="extra_game")
            return m
        result = "a" if points_a > points_b else "b" if points_b > points_a else "draw"
        match_finalise(m, result=result, source="end_of_match", by=by)
    return m


# --------------------------------------------------------------------------- results


VALID_RESULTS = {"a", "b", "draw", "double_loss"}


def _check_result(m: Match, result: str, games_a: int | None, games_b: int | None) -> None:
    if m.is_bye:
        raise EventError("A bye has no result to record.")
    if result not in VALID_RESULTS:
        raise EventError(f"Result must be one of {', '.join(sorted(VALID_RESULTS))}.")
    if m.round.kind == Round.Kind.ELIMINATION and result in ("draw", "double_loss"):
        raise EventError("Elimination matches may not end in a draw: play another game (End of Match Procedures).")
    if (games_a is None) != (games_b is None):
        raise EventError("games_a and games_b: give both game counts, or neither.")
    if games_a is not None and games_b is not None:
        need = m.round.best_of // 2 + 1
        if min(games_a, games_b) < 0 or games_a + games_b + m.games_lost_by_both > m.round.best_of:
            raise EventError(f"games_a and games_b: best of {m.round.best_of} has at most {m.round.best_of} games.")
        if max(games_a, games_b) > need:
            raise EventError(f"games_a and games_b: best of {m.round.best_of}, nobody wins more than {need} games.")
        if result == "a" and not games_a > games_b or result == "b" and not games_b > games_a:
            raise EventError("games_a and games_b: the game score does not match the winner.")
        if result == "draw" and games_a != games_b:
            raise EventError("games_a and games_b: a draw has equal game wins.")


# A round is complete once its last result is final, so completing it lives here with the results
# (rounds.py, which pairs rounds, imports it).


def round_maybe_complete(rnd: Round) -> bool:
    if rnd.status == Round.Status.RUNNING and not rnd.matches.exclude(status=Match.Status.FINAL).exists():
        # Compare-and-set: exactly one caller completes the round.
        if Round.objects.filter(pk=rnd.pk, status=Round.Status.RUNNING).update(status=Round.Status.COMPLETE) == 1:
            rnd.status = Round.Status.COMPLETE
            Deadline.objects.filter(kind=Deadline.Kind.TARDINESS, target_id=rnd.id, processed_at__isnull=True).update(
                processed_at=timezone.now(), outcome="round complete before the deadline")
            broadcast_event(slug=rnd.event.slug, kind="round", data={"round": rnd.number, "status": rnd.status})
            return True
    return False


def match_finalise(m: Match, *, result: str, source: str, by, games_a: int | None = None, games_b: int | None = None) -> None:
    m.result = result
    m.result_source = source
    m.recorded_by = by if getattr(by, "is_authenticated", False) else None
    m.recorded_at = timezone.now()
    if games_a is not None and games_b is not None:
        m.games_a, m.games_b = games_a, games_b
    elif m.round.best_of == 1:
        m.games_a, m.games_b = int(result == "a"), int(result == "b")
    m.save(update_fields=["result", "result_source", "recorded_by", "recorded_at", "games_a", "games_b"])
    set_status(m, Match.Status.FINAL)
    # Every way a result becomes final (judge, both players, concession, penalty, drop, time) passes here:
    # one audit entry per result written.
    audit(event=m.round.event, actor=by, action="result", target=str(m),
          data={"result": result, "games": [m.games_a, m.games_b], "source": source})
    # The lock order (tournaments/services/common.py): the match (held), its round, then deadlines.
    round_maybe_complete(m.round)
    # The match is over: its clock deadlines have nothing left to do (the claim keeps them from acting later).
    Deadline.objects.filter(
        kind__in=[Deadline.Kind.MATCH_TIME, Deadline.Kind.END_OF_MATCH_CAP], target_id=m.id, processed_at__isnull=True
    ).update(processed_at=m.recorded_at, outcome="match over before the deadline")
    broadcast_match(m, kind="result")
    broadcast_event(slug=m.round.event.slug, kind="standings", data={})


def match_record_result(*, match: Match, by, result: str, games_a: int | None = None, games_b: int | None = None) -> Match:
    """A judge records the outcome. Once recorded it is final (Conceding and Dropping): only the head
    judge may correct it, with a reason (``match_correct_result``)."""
    event = match.round.event
    require_role(event, by, [EventRole.Role.HEAD_JUDGE, EventRole.Role.FLOOR_JUDGE], "record a result")
    with transaction.atomic():
        m = lock_match(match)
        if m.status == Match.Status.FINAL:
            raise EventError(
                f"{m}: the outcome is already recorded and is final (Conceding and Dropping: once a judge records "
                "the match outcome it may not be altered). The head judge may correct it with a reason."
            )
        _check_result(m, result, games_a, games_b)
        match_finalise(m, result=result, source="judge", by=by, games_a=games_a, games_b=games_b)
    return m


UNDO_SECONDS = 120  # how long the judge who tapped a result may take it back


def match_undo_result(*, match: Match, by, now: datetime | None = None) -> Match:
    """The judge who recorded a result takes it back within two minutes: a mis-tap on a phone is not the
    outcome the judge recorded (Conceding and Dropping makes a recorded outcome final, so after the two
    minutes only the head judge corrects it, with a reason)."""
    event = match.round.event
    require_role(event, by, [EventRole.Role.HEAD_JUDGE, EventRole.Role.FLOOR_JUDGE], "undo a result")
    now = now or timezone.now()
    with transaction.atomic():
        m = lock_match(match)
        event = m.round.event  # as it is now: finished events keep their results
        if m.status != Match.Status.FINAL or m.result_source != "judge" or m.recorded_by_id != by.pk:
            raise EventError(f"{m}: only a result you recorded yourself can be undone; ask the head judge to correct it.")
        if m.recorded_at is None or (now - m.recorded_at).total_seconds() > UNDO_SECONDS:
            raise EventError(
                f"{m}: more than {UNDO_SECONDS // 60} minutes have passed; the outcome is final (Conceding and "
                "Dropping) and only the head judge may correct it, with a reason."
            )
        rnd = Round.objects.select_for_update().get(pk=m.round_id)
        if event.status not in ("swiss", "elimination"):
            raise EventError(f"{m}: the event is {event.get_status_display()}; its results are its record.")
        if Round.objects.filter(event=event, number__gt=rnd.number).exists():
            raise EventError(f"{m}: the next round is already paired; ask the head judge to correct it.")
        before = {"result": m.result, "games": [m.games_a, m.games_b]}
        back_to = Match.Status.TIME_CALLED if m.time_called_at else Match.Status.RUNNING
        # The undo is the one way back from final: set here, so the pipeline keeps refusing it everywhere else.
        m.status = back_to
        m.result, m.result_source, m.recorded_by, m.recorded_at = "", "", None, None
        m.games_a = m.games_b = 0
        m.save(update_fields=["status", "result", "result_source", "recorded_by", "recorded_at", "games_a", "games_b"])
        if rnd.status == Round.Status.COMPLETE:
            Round.objects.filter(pk=rnd.pk).update(status=Round.Status.RUNNING)
        if back_to == Match.Status.RUNNING and m.ends_at is not None:
            Deadline.objects.filter(kind=Deadline.Kind.MATCH_TIME, target_id=m.id, outcome="match over before the deadline").update(
                processed_at=None, outcome="")
            deadline_set(event=event, kind=Deadline.Kind.MATCH_TIME, target_id=m.id, due_at=m.ends_at)
        audit(event=event, actor=by, action="undo_result", target=str(m), reason="taken back within two minutes", data={"before": before})
        broadcast_match(m, kind="result")
        broadcast_event(slug=event.slug, kind="standings", data={})
    return m


def match_correct_result(*, match: Match, by, result: str, reason: str, games_a: int | None = None, games_b: int | None = None) -> Match:
    """The head judge corrects a final result; the change and its reason go to the audit log."""
    event = match.round.event
    require_role(event, by, [EventRole.Role.HEAD_JUDGE], "correct a result")
    if not reason.strip():
        raise EventError("A correction needs a reason; it is kept in the audit log.")
    with transaction.atomic():
        m = lock_match(match)
        _check_result(m, result, games_a, games_b)
        if m.round.kind == Round.Kind.ELIMINATION and Round.objects.filter(event=event, number__gt=m.round.number).exists():
            raise EventError("The next elimination round is already paired from this result.")
        before = {"result": m.result, "games": [m.games_a, m.games_b], "status": m.status, "source": m.result_source}
        if m.status != Match.Status.FINAL:
            set_status(m, Match.Status.FINAL)
        m.result, m.result_source = result, "correction"
        m.recorded_by, m.recorded_at = by, timezone.now()
        if games_a is not None and games_b is not None:
            m.games_a, m.games_b = games_a, games_b
        elif m.round.best_of == 1:
            m.games_a, m.games_b = int(result == "a"), int(result == "b")
        m.save()
        audit(event=event, actor=by, action="correct_result", target=str(m), reason=reason,
               data={"before": before, "after": {"result": result, "games": [m.games_a, m.games_b]}})
        round_maybe_complete(m.round)
        broadcast_match(m, kind="result")
        broadcast_event(slug=event.slug, kind="standings", data={})
    return m


def _player_side(m: Match, user) -> str:
    for side in ("a", "b"):
        reg = m.registration_of(side)
        if reg is not None and reg.player_id == getattr(user, "pk", None):
            return side
    raise NotPermitted("You can only report results of your own match.")


def match_record_engine_result(*, match: Match, result: str, games_a: int, games_b: int, reason: str) -> Match:
    """An online match played on the server's rules engine ended: its result is final at once (source
    "engine"; the reason — points, concede, time called, game loss — goes to the audit trail). A match
    already final (a drop, a penalty, a judge) is left as it is. A judge may still correct it."""
    with transaction.atomic():
        m = lock_match(match)
        if m.status == Match.Status.FINAL:
            return m
        _check_result(m, result, games_a, games_b)
        match_finalise(m, result=result, source="engine", by=None, games_a=games_a, games_b=games_b)
        audit(event=m.round.event, actor=None, action="engine_result", target=str(m), reason=reason,
              data={"result": result, "games": [games_a, games_b]})
    return m


def match_report_result(*, match: Match, by, result: str, games_a: int | None = None, games_b: int | None = None) -> Match:
    """Online events: a player reports; the opponent confirms. Agreement makes it final; a disagreement
    goes to the judges (what-users-need 12)."""
    with transaction.atomic():
        m = lock_match(match)
        side = _player_side(m, by)
        if not m.round.event.online:
            raise EventError("At a paper event a judge records results: call a judge.")
        if m.status in (Match.Status.FINAL, Match.Status.DISPUTED):
            raise EventError(f"{m}: {m.get_status_display()}; a judge will decide.")
        _check_result(m, result, games_a, games_b)
        setattr(m, f"report_{side}", result)
        m.save(update_fields=[f"report_{side}"])
        audit(event=m.round.event, actor=by, action="report", target=str(m), data={"side": side, "result": result})
        other = m.report_b if side == "a" else m.report_a
        if not other:
            set_status(m, Match.Status.REPORTED)
            broadcast_match(m)
        elif other == result:
            match_finalise(m, result=result, source="players", by=by, games_a=games_a, games_b=games_b)
        else:
            set_status(m, Match.Status.DISPUTED)
            audit(event=m.round.event, actor=by, action="dispute", target=str(m), data={"a": m.report_a, "b": m.report_b})
            broadcast_match(m, kind="dispute")
    return m


def match_confirm_result(*, match: Match, by, agree: bool) -> Match:
    """The opponent confirms (or disputes) the reported result."""
    if agree:
        m = Match.objects.get(pk=match.pk)  # the report as it stands now, not as the caller last saw it
        reported = m.report_b if _player_side(m, by) == "a" else m.report_a
        if not reported:
            raise EventError("Your opponent has not reported a result yet.")
        return match_report_result(match=m, by=by, result=reported)
    with transaction.atomic():
        m = lock_match(match)
        side = _player_side(m, by)
        if m.status in (Match.Status.FINAL, Match.Status.DISPUTED):
            raise EventError(f"{m}: {m.get_status_display()}; a judge will decide.")
        reported = m.report_b if side == "a" else m.report_a
        if not reported:
            raise EventError("Your opponent has not reported a result yet.")
        set_status(m, Match.Status.DISPUTED)
        audit(event=m.round.event, actor=by, action="dispute", target=str(m), data={"reported": reported})
        broadcast_match(m, kind="dispute")
    return m


def match_concede(*, match: Match, by) -> Match:
    """A player concedes: a loss for them and a win for the opponent (Conceding and Dropping)."""
    with transaction.atomic():
        m = lock_match(match)
        side = _player_side(m, by)
        if m.is_bye:
            raise EventError("You have the bye.")
        if m.status == Match.Status.FINAL:
            raise EventError(f"{m}: the result is final.")
        match_finalise(m, result="b" if side == "a" else "a", source="concession", by=by)
    return m


def match_mark_present(*, match: Match, by, side: str | None = None, waive: bool = False) -> Match:
    """Mark a player present at their table - online: ready to play - (a judge, or the player themself);
    a judge may instead waive the tardiness penalty for the match."""
    event = match.round.event
    with transaction.atomic():
        m = lock_match(match)
        judge = roles.is_judge(event, by)
        if waive:
            if not judge:
                raise NotPermitted("Only a judge may waive a tardiness penalty.")
            m.tardiness_waived = True
            m.save(update_fields=["tardiness_waived"])
            audit(event=event, actor=by, action="waive_tardiness", target=str(m))
            return m
        if not judge:
            side = _player_side(m, by)
        if side not in ("a", "b"):
            raise EventError("Say which player is present.")
        setattr(m, f"present_{side}", True)
        m.save(update_fields=[f"present_{side}"])
    return m
