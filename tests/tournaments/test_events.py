"""Events, tiers, registration, drops and late entries (MLP floor rules, General Rules and Terms onwards)."""
from __future__ import annotations

import random
from datetime import timedelta

import pytest
from django.utils import timezone

from tournaments import services
from tournaments.models import Event, Match, Qualification, Registration, Round
from tournaments.pairing_adapter import event_standings
from tournaments.services import EventError, NotPermitted
from tournaments.tiers import TIER_RULES, tier_rules

pytestmark = pytest.mark.django_db


# --------------------------------------------------------------------------- status pipeline


def test_the_event_status_follows_the_declared_pipeline(make_event, organiser, act):
    event = make_event()
    assert event.status == Event.Status.DRAFT
    with pytest.raises(EventError, match="cannot go from draft to check-in"):
        act(services.event_open_check_in, event=event, by=organiser)
    act(services.event_open_registration, event=event, by=organiser)
    event.refresh_from_db()
    assert event.status == Event.Status.REGISTRATION_OPEN
    # Setting the current status again is a no-op, so retries are safe.
    assert event.set_status(Event.Status.REGISTRATION_OPEN) is False
    with pytest.raises(EventError, match="cannot go from registration open to results published"):
        act(services.event_publish, event=event, by=organiser)


def test_an_event_cannot_start_with_fewer_than_four_players(make_event, organiser, players, act):
    # Tournament Policies, Participation Minimums: four players.
    event = make_event()
    act(services.event_open_registration, event=event, by=organiser)
    regs = [act(services.registration_create, event=event, player=p) for p in players[:3]]
    act(services.event_open_check_in, event=event, by=organiser)
    for r in regs:
        act(services.registration_check_in, registration=r, by=r.player)
    with pytest.raises(EventError, match="at least 4"):
        act(services.event_start, event=event, by=organiser)


def test_players_who_did_not_check_in_are_no_shows_and_are_not_paired(make_event, organiser, players, act):
    event = make_event()
    act(services.event_open_registration, event=event, by=organiser)
    regs = [act(services.registration_create, event=event, player=p) for p in players[:6]]
    act(services.event_open_check_in, event=event, by=organiser)
    for r in regs[:5]:
        act(services.registration_check_in, registration=r, by=r.player)
    act(services.event_start, event=event, by=organiser)
    regs[5].refresh_from_db()
    assert regs[5].status == Registration.Status.NO_SHOW
    rnd = act(services.round_start_next, event=Event.objects.get(pk=event.pk), by=organiser)
    paired = {m.player_a_id for m in rnd.matches.all()} | {m.player_b_id for m in rnd.matches.all()}
    assert regs[5].id not in paired
    assert event.__class__.objects.get(pk=event.pk).swiss_rounds == 4  # Swiss Rounds: 5 to 8 players, 4 rounds


# --------------------------------------------------------------------------- tier rules


@pytest.mark.parametrize("tier,may_play", [(1, True), (2, False), (3, False)])
def test_judges_may_play_only_at_tier_1(make_event, organiser, floor_judge, act, tier, may_play):
    # Judges: "Judges may play in Tier 1 events. Judges may not play in a Tier 2 or Tier 3 event that they are judging."
    event = make_event(tier=tier)
    if tier == 3:
        Qualification.objects.create(event=event, user=floor_judge)
    act(services.event_open_registration, event=event, by=organiser)
    if may_play:
        assert act(services.registration_create, event=event, player=floor_judge).status == "registered"
    else:
        with pytest.raises(EventError, match=f"Tier {tier} Rules, Player Eligibility"):
            act(services.registration_create, event=event, player=floor_judge)


def test_tier_3_admits_only_qualified_players(make_event, organiser, players, act):
    event = make_event(tier=3)
    act(services.event_open_registration, event=event, by=organiser)
    with pytest.raises(EventError, match="Only qualified players"):
        act(services.registration_create, event=event, player=players[0])
    act(services.qualification_add, event=event, by=organiser, user=players[0])
    assert act(services.registration_create, event=event, player=players[0]).status == "registered"


def test_a_suspended_player_cannot_register_anywhere(make_event, organiser, players, act):
    services.suspension_add(user=players[0], reason="Cheating at Regionals")
    event = make_event()
    act(services.event_open_registration, event=event, by=organiser)
    with pytest.raises(EventError, match="suspension list"):
        act(services.registration_create, event=event, player=players[0])


def test_tier_2_needs_every_decklist_before_the_start(make_event, organiser, players, act):
    # Tier 2 Rules, Deck Lists: required, turned in prior to the advertised start time.
    from decks.services import decklist_submit
    from tournaments.demo_decks import legal_harmony_deck

    event = make_event(tier=2)
    act(services.event_open_registration, event=event, by=organiser)
    regs = [act(services.registration_create, event=event, player=p) for p in players[:4]]
    rng = random.Random(3)
    for r in regs[:3]:
        decklist_submit(event=event, player=r.player, data=legal_harmony_deck(event=event, rng=rng))
    act(services.event_open_check_in, event=event, by=organiser)
    for r in regs:
        act(services.registration_check_in, registration=r, by=r.player)
    with pytest.raises(EventError, match=f"missing: {regs[3].name}"):
        act(services.event_start, event=event, by=organiser)
    decklist_submit(event=event, player=regs[3].player, data=legal_harmony_deck(event=event, rng=rng))
    assert act(services.event_start, event=event, by=organiser).status == "swiss"


def test_tier_1_decklists_are_optional(running_event):
    event, regs = running_event(tier=1)
    assert event.status == "swiss"
    assert tier_rules(1).decklists_required is False


def test_tier_1_elimination_rounds_need_announcing_before_the_start(paired_round, organiser, floor_judge, act):
    event, regs, rnd = paired_round(tier=1)
    for m in rnd.matches.exclude(status="final"):
        act(services.match_record_result, match=m, by=floor_judge, result="a")
    with pytest.raises(EventError, match="Tier 1 Rules, Elimination Rounds"):
        act(services.event_start_top_cut, event=Event.objects.get(pk=event.pk), by=organiser)
    with pytest.raises(EventError, match="before the event starts"):
        act(services.event_update_settings, event=event, by=organiser, elimination_announced=True)


def test_an_announced_tier_1_top_cut_is_played(paired_round, organiser, floor_judge, act):
    event, regs, rnd = paired_round(tier=1, elimination_announced=True)
    for m in rnd.matches.exclude(status="final"):
        act(services.match_record_result, match=m, by=floor_judge, result="a")
    top = act(services.event_start_top_cut, event=Event.objects.get(pk=event.pk), by=organiser)
    assert top.kind == Round.Kind.ELIMINATION and top.matches.count() == 2  # 16 or fewer players: top 4


def test_seventeen_players_with_one_drop_get_a_top_eight(make_event, make_user, organiser, floor_judge, act, monkeypatch):
    # Tier 1 Rules, Elimination Rounds: the event's size (17 who started) decides, not the 16 still in.
    monkeypatch.setattr("tournaments.services.events.decklist_required", lambda event: False)
    event = make_event(tier=1, elimination_announced=True)
    act(services.event_open_registration, event=event, by=organiser)
    regs = [act(services.registration_create, event=event, player=make_user(f"p{i:02d}")) for i in range(17)]
    act(services.event_open_check_in, event=event, by=organiser)
    for r in regs:
        act(services.registration_check_in, registration=r, by=r.player)
    act(services.event_start, event=event, by=organiser, swiss_rounds=1)
    rnd = act(services.round_start_next, event=Event.objects.get(pk=event.pk), by=organiser)
    for m in rnd.matches.exclude(status="final"):
        act(services.match_record_result, match=m, by=floor_judge, result="a")
    act(services.registration_drop, registration=Registration.objects.get(pk=regs[0].pk), by=regs[0].player)
    top = act(services.event_start_top_cut, event=Event.objects.get(pk=event.pk), by=organiser)
    assert top.matches.count() == 4 and Event.objects.get(pk=event.pk).top_cut == 8
    from tournaments.selectors import top_cut_note

    assert top_cut_note(event=event) == "Top 8 cut from 17 players."


def test_a_cut_larger_than_the_players_still_in_is_cut_to_what_exists_and_says_so(paired_round, organiser, floor_judge, act):
    event, regs, rnd = paired_round(tier=1, elimination_announced=True)
    for m in rnd.matches.exclude(status="final"):
        act(services.match_record_result, match=m, by=floor_judge, result="a")
    for r in regs[:5]:
        act(services.registration_drop, registration=Registration.objects.get(pk=r.pk), by=r.player)
    top = act(services.event_start_top_cut, event=Event.objects.get(pk=event.pk), by=organiser)
    assert top.matches.count() == 1  # 3 still in: a top 2
    from tournaments.selectors import top_cut_note

    assert "a top 4 was due, but only 3 players are still in, so the cut is to the top 2" in top_cut_note(event=event)


@pytest.mark.parametrize("tier,deck_checks", [(1, 0), (2, 1), (3, 1)])
def test_random_deck_checks_pick_matches_and_give_them_extra_time(paired_round, tier, deck_checks, monkeypatch):
    # Tier 2/3 Deck Checks: at least one game selected each round; the selected players get extra time.
    if tier == 3:
        monkeypatch.setattr("tournaments.services.registration.registration_eligibility_errors", lambda **kw: [])
    event, regs, rnd = paired_round(tier=tier)
    checked = rnd.matches.filter(deck_check=True)
    assert checked.count() == deck_checks
    for m in checked:
        assert m.extra_seconds == TIER_RULES[tier].deck_check_extra_minutes * 60
        assert m.ends_at == rnd.ends_at + timedelta(minutes=10)


def test_swiss_rounds_last_35_minutes_at_every_tier():
    assert {r.swiss_minutes for r in TIER_RULES.values()} == {35}


def _finish_swiss(event, floor_judge, organiser, act, rounds: int = 1):
    for _ in range(rounds):
        rnd = Round.objects.filter(event=event).order_by("-number").first()
        for m in rnd.matches.exclude(status="final"):
            act(services.match_record_result, match=m, by=floor_judge, result="a")


@pytest.mark.parametrize("tier,minutes,best_of", [(2, 45, 1), (3, None, 3)])
def test_elimination_rounds_follow_the_tier(paired_round, organiser, floor_judge, act, monkeypatch, tier, minutes, best_of):
    # Tier 2: single game, 45 minutes. Tier 3: best two of three, untimed (two hours expected).
    monkeypatch.setattr("tournaments.services.registration.registration_eligibility_errors", lambda **kw: [])
    event, regs, rnd = paired_round(tier=tier)
    _finish_swiss(event, floor_judge, organiser, act)
    top = act(services.event_start_top_cut, event=Event.objects.get(pk=event.pk), by=organiser)
    top.refresh_from_db()
    assert (top.minutes, top.best_of) == (minutes, best_of)
    if minutes is None:
        assert top.ends_at is None
    else:
        assert top.ends_at - top.starts_at == timedelta(minutes=45)


# --------------------------------------------------------------------------- registration


def test_a_full_event_has_a_waiting_list_promoted_when_a_place_frees(make_event, organiser, players, act):
    event = make_event(capacity=4)
    act(services.event_open_registration, event=event, by=organiser)
    regs = [act(services.registration_create, event=event, player=p) for p in players[:6]]
    assert [r.status for r in regs] == ["registered"] * 4 + ["waitlisted"] * 2
    act(services.registration_withdraw, registration=regs[1], by=regs[1].player)
    regs[4].refresh_from_db()
    regs[5].refresh_from_db()
    assert regs[4].status == "registered" and regs[5].status == "waitlisted"


def test_a_player_may_drop_any_time_and_is_never_paired_again(paired_round, organiser, floor_judge, act):
    event, regs, rnd = paired_round()
    m = rnd.matches.filter(player_b__isnull=False).first()
    dropper = m.player_a
    act(services.registration_drop, registration=dropper, by=dropper.player)
    m.refresh_from_db()
    # Conceding and Dropping: dropping after the round is paired concedes that round.
    assert m.status == "final" and m.result == "b" and m.result_source == "drop"
    _finish_swiss(event, floor_judge, organiser, act)
    r2 = act(services.round_start_next, event=Event.objects.get(pk=event.pk), by=organiser)
    ids = {x for mm in r2.matches.all() for x in (mm.player_a_id, mm.player_b_id)}
    assert dropper.id not in ids
    # Past results stay for tiebreakers.
    assert any(s.id == str(dropper.id) and s.dropped and s.losses == 1 for s in event_standings(event))


def test_a_late_player_gets_losses_or_byes_for_the_missed_rounds(paired_round, organiser, floor_judge, make_user, act):
    event, regs, rnd = paired_round()
    _finish_swiss(event, floor_judge, organiser, act)
    late_l = act(services.registration_add_late, event=Event.objects.get(pk=event.pk), by=organiser, player=make_user("late_l"), policy="losses")
    late_b = act(services.registration_add_late, event=Event.objects.get(pk=event.pk), by=organiser, player=make_user("late_b"), policy="byes")
    points = {s.id: s.points for s in event_standings(event)}
    assert points[str(late_l.id)] == 1  # Scoring: Loss 1
    assert points[str(late_b.id)] == 3  # Scoring: Bye 3
    # The record agrees with the points: "1 pts, 0-1-0", not "1 pts, 0-0-0".
    from tournaments.selectors import standings_table

    rows = {r["registration"]: r for r in standings_table(event=event)}
    assert (rows[late_l.id]["points"], rows[late_l.id]["wins"], rows[late_l.id]["losses"], rows[late_l.id]["byes"]) == (1, 0, 1, 0)
    assert (rows[late_b.id]["points"], rows[late_b.id]["losses"], rows[late_b.id]["byes"]) == (3, 0, 1)
    r2 = act(services.round_start_next, event=Event.objects.get(pk=event.pk), by=organiser)
    ids = {x for mm in r2.matches.all() for x in (mm.player_a_id, mm.player_b_id)}
    assert {late_l.id, late_b.id} <= ids


def test_late_entry_is_for_the_organiser(paired_round, players, make_user, act):
    event, regs, rnd = paired_round()
    with pytest.raises(NotPermitted):
        act(services.registration_add_late, event=event, by=players[0], player=make_user("x"))


def test_a_round_cannot_be_paired_twice_or_while_pending(paired_round, organiser, act):
    event, regs, rnd = paired_round()
    with pytest.raises(EventError, match="Round 1 is not complete"):
        act(services.round_start_next, event=event, by=organiser)
    assert Round.objects.filter(event=event).count() == 1


def test_the_head_judge_may_repair_a_round_without_results(paired_round, head_judge, floor_judge, act):
    event, regs, rnd = paired_round()
    before = {(m.player_a_id, m.player_b_id) for m in rnd.matches.all()}
    act(services.round_repair, round=rnd, by=head_judge, reason="a player was missing from the list")
    rnd.refresh_from_db()
    assert rnd.status == "running" and rnd.matches.count() == 4
    assert event.audit.filter(action="repair").exists()
    assert before  # pairings were rebuilt with a new seed; the log keeps the old ones
    with pytest.raises(NotPermitted):
        act(services.round_repair, round=rnd, by=floor_judge, reason="x")
    act(services.match_record_result, match=rnd.matches.first(), by=floor_judge, result="a")
    with pytest.raises(EventError, match="already has results"):
        act(services.round_repair, round=rnd, by=head_judge, reason="again")


def test_the_full_event_runs_to_a_winner_and_is_published(paired_round, organiser, floor_judge, act):
    event, regs, rnd = paired_round(tier=1, elimination_announced=True)
    event = Event.objects.get(pk=event.pk)
    for n in range(event.swiss_rounds):
        if n:
            act(services.round_start_next, event=Event.objects.get(pk=event.pk), by=organiser)
        _finish_swiss(event, floor_judge, organiser, act)
    with pytest.raises(EventError, match="All 4 Swiss rounds are played"):
        act(services.round_start_next, event=Event.objects.get(pk=event.pk), by=organiser)
    act(services.event_start_top_cut, event=Event.objects.get(pk=event.pk), by=organiser)
    while True:
        _finish_swiss(event, floor_judge, organiser, act)
        try:
            act(services.round_start_next, event=Event.objects.get(pk=event.pk), by=organiser)
        except EventError as exc:
            assert "over" in str(exc)
            break
    act(services.event_finish, event=Event.objects.get(pk=event.pk), by=organiser)
    act(services.event_publish, event=Event.objects.get(pk=event.pk), by=organiser)
    from tournaments.selectors import event_export

    data = event_export(event=Event.objects.get(pk=event.pk))
    assert data["winner"] and data["event"]["status"] == "published"
    assert len(data["rounds"]) == 4 + 2


# --------------------------------------------------------------------------- the organiser's own forms


def _messages(response) -> list[str]:
    return [str(m) for m in response.context["messages"]] if response.context else []


@pytest.mark.parametrize("field,value,says", [
    ("top_cut", "-8", "Top cut must be 0 (no elimination rounds) or a power of two"),
    ("top_cut", "6", "Top cut must be 0 (no elimination rounds) or a power of two"),
    ("swiss_rounds", "-3", "Swiss rounds must be between 1 and 20 (got -3)"),
    ("swiss_rounds", "0", "Swiss rounds must be between 1 and 20 (got 0)"),
])
def test_bad_numbers_in_the_settings_form_are_refused_with_a_message_not_a_500(make_event, organiser, client, field, value, says):
    event = make_event()
    client.force_login(organiser)
    r = client.post(f"/events/{event.slug}/do/settings/", {field: value}, follow=True)
    assert r.status_code == 200 and any(says in m for m in _messages(r))
    event.refresh_from_db()
    assert getattr(event, field) in (None, 0)


def test_starting_with_minus_three_swiss_rounds_is_refused(running_event, organiser, make_event, players, act, client, monkeypatch):
    monkeypatch.setattr("tournaments.services.events.decklist_required", lambda event: False)
    event = make_event()
    act(services.event_open_registration, event=event, by=organiser)
    regs = [act(services.registration_create, event=event, player=p) for p in players[:4]]
    act(services.event_open_check_in, event=event, by=organiser)
    for r in regs:
        act(services.registration_check_in, registration=r, by=r.player)
    client.force_login(organiser)
    r = client.post(f"/events/{event.slug}/do/start/", {"swiss_rounds": "-3"}, follow=True)
    assert r.status_code == 200 and any("Swiss rounds must be between 1 and 20 (got -3)" in m for m in _messages(r))
    assert Event.objects.get(pk=event.pk).status == Event.Status.CHECK_IN
