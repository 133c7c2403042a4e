"""The server-owned clock, time extensions, time called, end-of-match procedures, tardiness and the sweep."""
from __future__ import annotations

from datetime import timedelta

import pytest

from tournaments import services
from tournaments.models import Deadline, Event, Match, Penalty
from tournaments.services import EventError, NotPermitted
from tournaments.tasks import process_deadline_task, sweep_deadlines_task

pytestmark = pytest.mark.django_db


def _a_match(rnd):
    return rnd.matches.filter(player_b__isnull=False).order_by("table").first()


def _mark_all_present(rnd, judge, act):
    for m in rnd.matches.filter(player_b__isnull=False):
        act(services.match_mark_present, match=m, by=judge, side="a")
        act(services.match_mark_present, match=m, by=judge, side="b")


def test_every_match_and_the_tardiness_check_get_a_stored_deadline(paired_round):
    event, regs, rnd = paired_round()
    times = Deadline.objects.filter(kind="match_time")
    assert times.count() == 4 and {d.due_at for d in times} == {rnd.ends_at}
    tardy = Deadline.objects.get(kind="tardiness", target_id=rnd.id)
    assert tardy.due_at == rnd.starts_at + timedelta(minutes=5)  # Tardiness: five-minute grace period


def test_a_judge_adds_time_and_the_match_clock_and_its_deadline_follow(paired_round, floor_judge, act):
    event, regs, rnd = paired_round()
    m = _a_match(rnd)
    act(services.match_add_time, match=m, by=floor_judge, minutes=7, reason="long ruling")
    m.refresh_from_db()
    assert m.ends_at == rnd.ends_at + timedelta(minutes=7)
    d = Deadline.objects.get(kind="match_time", target_id=m.id)
    assert d.due_at == m.ends_at
    # At the round's end this match is still playing; the others have time called.
    assert services.deadline_process(deadline_id=d.id, now=rnd.ends_at + timedelta(seconds=1)) is None
    m.refresh_from_db()
    assert m.status == "running"
    assert services.deadline_process(deadline_id=d.id, now=m.ends_at) is not None
    m.refresh_from_db()
    assert m.status == "time_called"


def test_players_cannot_add_time(paired_round, act):
    event, regs, rnd = paired_round()
    m = _a_match(rnd)
    with pytest.raises(NotPermitted):
        act(services.match_add_time, match=m, by=m.player_a.player, minutes=5)


def test_when_time_is_called_judges_enter_the_points_and_most_points_wins(paired_round, floor_judge, act):
    # End of Match Procedures: after the extra turns the player with the most points wins; equal is a draw.
    event, regs, rnd = paired_round()
    m1, m2 = list(rnd.matches.filter(player_b__isnull=False).order_by("table"))[:2]
    _mark_all_present(rnd, floor_judge, act)
    services.deadlines_sweep(now=rnd.ends_at + timedelta(seconds=1))
    m1.refresh_from_db()
    assert m1.status == "time_called" and m1.time_called_at is not None
    act(services.match_end_of_match, match=m1, by=floor_judge, points_a=12, points_b=14)
    act(services.match_end_of_match, match=m2, by=floor_judge, points_a=9, points_b=9)
    m1.refresh_from_db()
    m2.refresh_from_db()
    assert m1.result == "b" and m2.result == "draw"


def test_in_elimination_equal_points_mean_another_game(paired_round, organiser, floor_judge, act):
    event, regs, rnd = paired_round(elimination_announced=True)
    for m in rnd.matches.exclude(status="final"):
        act(services.match_record_result, match=m, by=floor_judge, result="a")
    top = act(services.event_start_top_cut, event=Event.objects.get(pk=event.pk), by=organiser)
    top.refresh_from_db()
    m = top.matches.first()
    _mark_all_present(top, floor_judge, act)
    services.deadlines_sweep(now=top.ends_at + timedelta(seconds=1))
    act(services.match_end_of_match, match=m, by=floor_judge, points_a=10, points_b=10)
    m.refresh_from_db()
    assert m.extra_game and m.status == "time_called"
    act(services.match_record_result, match=m, by=floor_judge, result="a")  # first change in points
    m.refresh_from_db()
    assert m.result == "a"


def test_the_head_judge_may_limit_end_of_match_procedures_to_5_minutes(paired_round, head_judge, floor_judge, act):
    event, regs, rnd = paired_round()
    with pytest.raises(NotPermitted):
        act(services.event_update_settings, event=event, by=floor_judge, end_of_match_cap_minutes=5)
    act(services.event_update_settings, event=event, by=head_judge, end_of_match_cap_minutes=5)
    _mark_all_present(rnd, floor_judge, act)
    services.deadlines_sweep(now=rnd.ends_at + timedelta(seconds=1))
    m = _a_match(rnd)
    m.refresh_from_db()
    assert m.eom_stop_at == m.time_called_at + timedelta(minutes=5)
    cap = Deadline.objects.get(kind="eom_cap", target_id=m.id)
    assert "play stops" in services.deadline_process(deadline_id=cap.id, now=m.eom_stop_at)


def test_a_player_not_present_five_minutes_after_the_start_gets_a_game_loss(paired_round, floor_judge, act):
    event, regs, rnd = paired_round()
    matches = list(rnd.matches.filter(player_b__isnull=False).order_by("table"))
    _mark_all_present(rnd, floor_judge, act)
    late = matches[0]
    Match.objects.filter(pk=late.pk).update(present_b=False)
    waived = matches[1]
    Match.objects.filter(pk=waived.pk).update(present_a=False)
    act(services.match_mark_present, match=waived, by=floor_judge, waive=True)  # a judge intervenes
    d = Deadline.objects.get(kind="tardiness", target_id=rnd.id)
    assert services.deadline_process(deadline_id=d.id, now=d.due_at - timedelta(seconds=1)) is None  # not yet
    services.deadline_process(deadline_id=d.id, now=d.due_at)
    pens = Penalty.objects.filter(event=event, infraction="Tardiness")
    assert [p.registration_id for p in pens] == [late.player_b_id]
    late.refresh_from_db()
    assert late.result == "a" and late.result_source == "penalty"


def test_a_player_may_mark_themself_present_but_not_their_opponent(paired_round, act):
    event, regs, rnd = paired_round()
    m = _a_match(rnd)
    act(services.match_mark_present, match=m, by=m.player_a.player, side="b")  # side is ignored for players
    m.refresh_from_db()
    assert m.present_a and not m.present_b
    with pytest.raises(NotPermitted):
        act(services.match_mark_present, match=m, by=m.player_a.player, waive=True)


def test_deadlines_are_processed_exactly_once_whichever_path_runs_first(paired_round):
    event, regs, rnd = paired_round()
    late = rnd.ends_at + timedelta(minutes=1)
    first = services.deadlines_sweep(now=late)
    # The tardiness check runs first; its Game Losses end every match, which retires the match clocks.
    assert first >= 1
    assert services.deadlines_sweep(now=late) == 0
    for d in Deadline.objects.all():
        assert process_deadline_task(d.id) == "not due or already processed"
    assert Deadline.objects.filter(processed_at__isnull=True).count() == 0
    # Tardiness ran once: one Game Loss per absent player, not two.
    assert Penalty.objects.filter(infraction="Tardiness").count() == 8


def test_the_periodic_sweep_task_processes_overdue_deadlines(paired_round):
    event, regs, rnd = paired_round()
    Deadline.objects.update(due_at=rnd.starts_at - timedelta(seconds=1))
    assert sweep_deadlines_task() >= 1
    assert Deadline.objects.filter(processed_at__isnull=True).count() == 0


def test_adding_time_after_time_is_called_is_refused(paired_round, floor_judge, act):
    event, regs, rnd = paired_round()
    m = _a_match(rnd)
    services.match_call_time(match=m)
    with pytest.raises(EventError, match="only be added while the match is running"):
        act(services.match_add_time, match=m, by=floor_judge, minutes=3)
