"""Appeals are bounded, every result is audited exactly once, the pairing seed stays private until the end,
and the messages say what happened (the waiting list, a dispute)."""
from __future__ import annotations

import pytest
from rest_framework.test import APIClient

from tournaments import services
from tournaments.models import Appeal, AuditEntry, Event, Match, Registration

pytestmark = pytest.mark.django_db


def _api(user) -> APIClient:
    client = APIClient()
    if user is not None:
        client.force_authenticate(user)
    return client


def _first_match(rnd) -> Match:
    return rnd.matches.filter(player_b__isnull=False).order_by("table").first()


# --------------------------------------------------------------------------- appeals


def test_a_million_character_ruling_is_refused(paired_round):
    event, regs, rnd = paired_round()
    player = _first_match(rnd).player_a.player
    with pytest.raises(services.EventError, match="at most 2000"):
        services.appeal_file(event=event, by=player, ruling="x" * 1_000_000)
    assert not Appeal.objects.exists()


def test_a_player_has_at_most_three_open_appeals(paired_round):
    event, regs, rnd = paired_round()
    player = _first_match(rnd).player_a.player
    for n in range(3):
        services.appeal_file(event=event, by=player, ruling=f"ruling {n}")
    r = _api(player).post(f"/api/events/{event.slug}/actions/appeal/", {"ruling": "one more"}, format="json")
    assert r.status_code == 400 and "3 appeals waiting" in r.json()["detail"]
    assert Appeal.objects.count() == 3


def test_decided_appeals_count_towards_the_per_event_limit(paired_round, head_judge):
    event, regs, rnd = paired_round()
    player = _first_match(rnd).player_a.player
    for n in range(10):
        appeal = services.appeal_file(event=event, by=player, ruling=f"ruling {n}")
        services.appeal_decide(appeal=appeal, by=head_judge, upheld=True, decision="upheld")
    with pytest.raises(services.EventError, match="At most 10 appeals"):
        services.appeal_file(event=event, by=player, ruling="eleventh")


# --------------------------------------------------------------------------- audit


def _results(match: Match) -> list[AuditEntry]:
    return list(AuditEntry.objects.filter(target=str(match), action="result"))


def test_a_judge_recorded_result_is_audited_once(paired_round, floor_judge, act):
    event, regs, rnd = paired_round()
    m = _first_match(rnd)
    act(services.match_record_result, match=m, by=floor_judge, result="a")
    [entry] = _results(m)
    assert entry.actor == floor_judge and entry.data == {"result": "a", "games": [1, 0], "source": "judge"}


def test_a_concession_is_audited_once(paired_round, act):
    event, regs, rnd = paired_round()
    m = _first_match(rnd)
    act(services.match_concede, match=m, by=m.player_a.player)
    [entry] = _results(m)
    assert entry.data["source"] == "concession" and entry.data["result"] == "b"


def test_player_reports_are_audited_and_the_agreed_result_once(paired_round, act):
    event, regs, rnd = paired_round(online=True)
    m = _first_match(rnd)
    act(services.match_report_result, match=m, by=m.player_a.player, result="a")
    act(services.match_report_result, match=Match.objects.get(pk=m.pk), by=m.player_b.player, result="a")
    assert AuditEntry.objects.filter(target=str(m), action="report").count() == 2
    assert len(_results(m)) == 1


def test_a_second_dispute_does_not_duplicate_the_entry(paired_round, act):
    event, regs, rnd = paired_round(online=True)
    m = _first_match(rnd)
    act(services.match_report_result, match=m, by=m.player_a.player, result="a")
    act(services.match_confirm_result, match=Match.objects.get(pk=m.pk), by=m.player_b.player, agree=False)
    with pytest.raises(services.EventError, match="a judge will decide"):
        act(services.match_confirm_result, match=Match.objects.get(pk=m.pk), by=m.player_b.player, agree=False)
    assert AuditEntry.objects.filter(target=str(m), action="dispute").count() == 1


def test_a_correction_is_audited_once_besides_the_original_result(paired_round, floor_judge, head_judge, act):
    event, regs, rnd = paired_round()
    m = _first_match(rnd)
    act(services.match_record_result, match=m, by=floor_judge, result="a")
    act(services.match_correct_result, match=Match.objects.get(pk=m.pk), by=head_judge, result="b", reason="slip")
    assert len(_results(m)) == 1
    assert AuditEntry.objects.filter(target=str(m), action="correct_result").count() == 1


# --------------------------------------------------------------------------- the pairing seed


@pytest.mark.parametrize("status, public", [
    ("registration_open", False), ("check_in", False), ("swiss", False), ("elimination", False),
    ("finished", True), ("published", True),
])
def test_the_pairing_seed_is_private_until_the_event_is_finished(make_event, client, status, public):
    event = make_event(tier=1)
    Event.objects.filter(pk=event.pk).update(status=status)
    api = _api(None).get(f"/api/events/{event.slug}/export/").json()
    web = client.get(f"/events/{event.slug}/export.json").json()
    for export in (api, web):
        assert ("seed" in export["event"]) is public
        if public:
            assert export["event"]["seed"] == 7


# --------------------------------------------------------------------------- messages


def test_a_waitlisted_player_is_told_their_place_on_the_waiting_list(make_event, organiser, players, act):
    event = make_event(tier=1, capacity=4)
    act(services.event_open_registration, event=event, by=organiser)
    for p in players[:4]:
        act(services.registration_create, event=event, player=p)
    for n, p in enumerate(players[4:6], start=1):
        r = _api(p).post(f"/api/events/{event.slug}/actions/register/", {}, format="json")
        assert r.status_code == 200
        assert r.json()["status"] == Registration.Status.WAITLISTED
        assert f"waiting list (number {n})" in r.json()["detail"]
        assert "You are registered" not in r.json()["detail"]
    r = _api(players[6]).post(f"/api/events/{event.slug}/actions/register/", {}, format="json")
    assert "number 3" in r.json()["detail"]


def test_a_report_that_creates_a_dispute_says_so(paired_round, act):
    event, regs, rnd = paired_round(online=True)
    m = _first_match(rnd)
    first = _api(m.player_a.player).post(f"/api/events/{event.slug}/actions/report/", {"match": m.id, "result": "a"}, format="json")
    assert "waiting for your opponent" in first.json()["detail"]
    second = _api(m.player_b.player).post(f"/api/events/{event.slug}/actions/report/", {"match": m.id, "result": "b"}, format="json")
    assert second.json()["status"] == "disputed"
    assert "disputed" in second.json()["detail"] and "waiting for your opponent" not in second.json()["detail"]


def test_agreeing_reports_say_the_result_is_final(paired_round, act):
    event, regs, rnd = paired_round(online=True)
    m = _first_match(rnd)
    _api(m.player_a.player).post(f"/api/events/{event.slug}/actions/report/", {"match": m.id, "result": "a"}, format="json")
    r = _api(m.player_b.player).post(f"/api/events/{event.slug}/actions/report/", {"match": m.id, "result": "a"}, format="json")
    assert "the result is final" in r.json()["detail"]
