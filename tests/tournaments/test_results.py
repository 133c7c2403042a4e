"""Results: finality, head-judge corrections, online reports with confirmation, concessions, standings."""
from __future__ import annotations

import pytest

from tournaments import services
from tournaments.models import AuditEntry, Event, Match
from tournaments.pairing_adapter import event_standings
from tournaments.services import EventError, NotPermitted

pytestmark = pytest.mark.django_db


def _a_match(rnd) -> Match:
    return rnd.matches.filter(player_b__isnull=False).order_by("table").first()


def test_a_judge_records_a_result_and_standings_update_at_once(paired_round, floor_judge, act):
    event, regs, rnd = paired_round()
    m = _a_match(rnd)
    act(services.match_record_result, match=m, by=floor_judge, result="a")
    points = {s.id: s.points for s in event_standings(event)}
    assert points[str(m.player_a_id)] == 3 and points[str(m.player_b_id)] == 1  # Scoring: W 3, L 1


def test_once_a_judge_records_the_outcome_it_is_final(paired_round, floor_judge, head_judge, act):
    # Conceding and Dropping: "Once a judge records the match outcome, that outcome is final and may not be altered."
    event, regs, rnd = paired_round()
    m = _a_match(rnd)
    act(services.match_record_result, match=m, by=floor_judge, result="a")
    with pytest.raises(EventError, match="final"):
        act(services.match_record_result, match=m, by=head_judge, result="b")


def test_only_the_head_judge_corrects_a_result_with_a_reason_kept_in_the_audit_log(paired_round, floor_judge, head_judge, act):
    event, regs, rnd = paired_round()
    m = _a_match(rnd)
    act(services.match_record_result, match=m, by=floor_judge, result="a")
    with pytest.raises(NotPermitted):
        act(services.match_correct_result, match=m, by=floor_judge, result="b", reason="slip")
    with pytest.raises(EventError, match="needs a reason"):
        act(services.match_correct_result, match=m, by=head_judge, result="b", reason="  ")
    act(services.match_correct_result, match=m, by=head_judge, result="b", reason="result slip was filled in the wrong way round")
    m.refresh_from_db()
    assert m.result == "b" and m.result_source == "correction"
    entry = AuditEntry.objects.get(event=event, action="correct_result")
    assert entry.actor == head_judge and entry.data["before"]["result"] == "a" and "wrong way round" in entry.reason


def test_an_elimination_match_cannot_be_a_draw(paired_round, organiser, floor_judge, act):
    event, regs, rnd = paired_round(elimination_announced=True)
    for m in rnd.matches.exclude(status="final"):
        act(services.match_record_result, match=m, by=floor_judge, result="a")
    top = act(services.event_start_top_cut, event=Event.objects.get(pk=event.pk), by=organiser)
    with pytest.raises(EventError, match="End of Match Procedures"):
        act(services.match_record_result, match=top.matches.first(), by=floor_judge, result="draw")


def test_online_players_report_and_the_opponent_confirms(paired_round, act):
    event, regs, rnd = paired_round(online=True)
    m = _a_match(rnd)
    act(services.match_report_result, match=m, by=m.player_a.player, result="a")
    m.refresh_from_db()
    assert m.status == "reported"
    act(services.match_confirm_result, match=m, by=m.player_b.player, agree=True)
    m.refresh_from_db()
    assert m.status == "final" and m.result == "a" and m.result_source == "players"


def test_a_disagreement_goes_to_the_judges(paired_round, floor_judge, act):
    event, regs, rnd = paired_round(online=True)
    m = _a_match(rnd)
    act(services.match_report_result, match=m, by=m.player_a.player, result="a")
    act(services.match_report_result, match=m, by=m.player_b.player, result="b")
    m.refresh_from_db()
    assert m.status == "disputed"
    with pytest.raises(EventError, match="a judge will decide"):
        act(services.match_report_result, match=m, by=m.player_a.player, result="a")
    act(services.match_record_result, match=m, by=floor_judge, result="b")
    m.refresh_from_db()
    assert m.status == "final" and m.result == "b"


def test_after_disputing_the_player_sees_the_dispute_not_confirm_and_dispute_again(paired_round, act, client):
    event, regs, rnd = paired_round(online=True)
    m = _a_match(rnd)
    act(services.match_report_result, match=m, by=m.player_a.player, result="a")
    client.force_login(m.player_b.player)
    r = client.post(f"/events/{event.slug}/do/confirm/", {"match": m.id, "agree": "0"}, follow=True)
    page = r.content.decode()
    assert [str(x) for x in r.context["messages"]] == ["Disputed: a judge has been called and will decide."]
    assert "Dispute (call a judge)" not in page and ">Confirm<" not in page
    assert f"Your opponent reported <strong>{m.player_a.name} wins</strong>; you dispute it." in page
    with pytest.raises(EventError, match="a judge will decide"):  # a second dispute changes nothing
        act(services.match_confirm_result, match=m, by=m.player_b.player, agree=False)


def test_the_judges_see_what_each_side_reported_and_may_add_time_to_a_disputed_match(paired_round, floor_judge, act, client):
    event, regs, rnd = paired_round(online=True)
    m = _a_match(rnd)
    act(services.match_report_result, match=m, by=m.player_a.player, result="a")
    act(services.match_report_result, match=m, by=m.player_b.player, result="b")
    client.force_login(floor_judge)
    page = client.get(f"/events/{event.slug}/judge/").content.decode()
    assert (f"<strong>{m.player_a.name}</strong> says “{m.player_a.name} wins”;\n  "
            f"<strong>{m.player_b.name}</strong> says “{m.player_b.name} wins”.") in page
    act(services.match_add_time, match=m, by=floor_judge, minutes=5, reason="dispute investigated, play on")
    m.refresh_from_db()
    assert m.extra_seconds == 300 and m.status == "disputed"


def test_online_players_are_ready_to_play_and_get_ten_minutes_before_a_tardiness_game_loss(paired_round, act, client):
    # Tardiness gives five minutes at a table; online events allow ten to connect (TierRules.online_tardiness_grace_minutes).
    from datetime import timedelta

    from django.utils import timezone

    from tournaments.models import Penalty

    event, regs, rnd = paired_round(online=True)
    m = _a_match(rnd)
    client.force_login(m.player_a.player)
    assert "I'm ready to play" in client.get(f"/events/{event.slug}/").content.decode()
    assert services.deadlines_sweep(now=timezone.now() + timedelta(minutes=6)) == 0
    assert not Penalty.objects.filter(event=event).exists()
    services.deadlines_sweep(now=timezone.now() + timedelta(minutes=11))
    notes = set(Penalty.objects.filter(event=event).values_list("note", flat=True))
    assert notes == {"Not ready to play 10 minutes after round 1 began (Tardiness)."}


def test_a_player_can_never_report_for_another_match(paired_round, act):
    event, regs, rnd = paired_round(online=True)
    matches = list(rnd.matches.filter(player_b__isnull=False).order_by("table"))
    outsider = matches[1].player_a.player
    with pytest.raises(NotPermitted, match="your own match"):
        act(services.match_report_result, match=matches[0], by=outsider, result="a")
    with pytest.raises(NotPermitted):
        act(services.match_concede, match=matches[0], by=outsider)


def test_paper_events_take_results_from_judges_only(paired_round, act):
    event, regs, rnd = paired_round()
    m = _a_match(rnd)
    with pytest.raises(EventError, match="call a judge"):
        act(services.match_report_result, match=m, by=m.player_a.player, result="a")


def test_a_concession_is_a_result(paired_round, act):
    event, regs, rnd = paired_round()
    m = _a_match(rnd)
    act(services.match_concede, match=m, by=m.player_b.player)
    m.refresh_from_db()
    assert (m.status, m.result, m.result_source) == ("final", "a", "concession")


def test_best_of_three_game_scores_must_match_the_winner(paired_round, organiser, floor_judge, act, monkeypatch):
    monkeypatch.setattr("tournaments.services.registration.registration_eligibility_errors", lambda **kw: [])
    event, regs, rnd = paired_round(tier=3)
    for m in rnd.matches.exclude(status="final"):
        act(services.match_record_result, match=m, by=floor_judge, result="a")
    top = act(services.event_start_top_cut, event=Event.objects.get(pk=event.pk), by=organiser)
    m = top.matches.first()
    with pytest.raises(EventError, match="does not match the winner"):
        act(services.match_record_result, match=m, by=floor_judge, result="a", games_a=0, games_b=2)
    act(services.match_record_result, match=m, by=floor_judge, result="b", games_a=1, games_b=2)
    m.refresh_from_db()
    assert (m.games_a, m.games_b) == (1, 2)


def test_the_judge_who_tapped_a_result_can_undo_it_within_two_minutes(paired_round, floor_judge, head_judge, act):
    from datetime import timedelta

    from django.utils import timezone

    event, regs, rnd = paired_round()
    m = _a_match(rnd)
    act(services.match_record_result, match=m, by=floor_judge, result="a")
    with pytest.raises(EventError, match="only a result you recorded yourself"):
        act(services.match_undo_result, match=m, by=head_judge)
    act(services.match_undo_result, match=m, by=floor_judge)
    m.refresh_from_db()
    assert (m.status, m.result) == ("running", "")
    assert AuditEntry.objects.filter(event=event, action="undo_result").exists()
    act(services.match_record_result, match=m, by=floor_judge, result="b")
    # Conceding and Dropping: after the undo window the outcome is final; only the head judge corrects it.
    with pytest.raises(EventError, match="Conceding and Dropping"):
        act(services.match_undo_result, match=m, by=floor_judge, now=timezone.now() + timedelta(minutes=3))


def test_undoing_the_last_result_of_a_round_makes_the_round_running_again(paired_round, floor_judge, act):
    event, regs, rnd = paired_round()
    matches = list(rnd.matches.exclude(status="final"))
    for m in matches:
        act(services.match_record_result, match=m, by=floor_judge, result="a")
    rnd.refresh_from_db()
    assert rnd.status == "complete"
    act(services.match_undo_result, match=matches[-1], by=floor_judge)
    rnd.refresh_from_db()
    assert rnd.status == "running"


def test_a_finished_event_keeps_its_results_no_undo(paired_round, floor_judge, organiser, act):
    event, regs, rnd = paired_round()
    matches = list(rnd.matches.exclude(status="final"))
    for m in matches:
        act(services.match_record_result, match=m, by=floor_judge, result="a")
    act(services.event_finish, event=Event.objects.get(pk=event.pk), by=organiser)
    with pytest.raises(EventError, match="its results are its record"):
        act(services.match_undo_result, match=Match.objects.get(pk=matches[0].pk), by=floor_judge)
