"""The web pages: the event page's tabs and the player's decklist status, explained 403 pages, the event
form's validation, the judge page's undo and penalty defaults, the room display and the organiser's tools."""
from __future__ import annotations

from datetime import timedelta

import pytest
from django.test import Client
from django.utils import timezone

from tournaments import services
from tournaments.models import Event, Registration

pytestmark = pytest.mark.django_db


def _client(user=None) -> Client:
    c = Client()
    if user is not None:
        c.force_login(user)
    return c


def test_a_registered_player_sees_their_decklist_status_and_a_link_to_submit_it(make_event, organiser, players, act):
    event = make_event(tier=2)
    act(services.event_open_registration, event=event, by=organiser)
    page = _client(players[0]).get(f"/events/{event.slug}/")
    assert "A decklist is required before the start (Tier 2 Rules, Deck Lists)" in page.content.decode()
    act(services.registration_create, event=event, player=players[0])
    html = _client(players[0]).get(f"/events/{event.slug}/").content.decode()
    assert "Your decklist:" in html and "missing" in html and f"/decklists/{event.slug}/mine/" in html


def test_the_event_page_has_tabs_and_earlier_rounds(paired_round, floor_judge, organiser, act):
    event, regs, rnd = paired_round()
    for m in rnd.matches.exclude(status="final"):
        act(services.match_record_result, match=m, by=floor_judge, result="a")
    act(services.round_start_next, event=event, by=organiser)
    visitor = _client()
    html = visitor.get(f"/events/{event.slug}/?tab=pairings&round=1").content.decode()
    assert 'aria-current="page">Pairings' in html and "Round 1" in html and 'href="?tab=pairings&round=2"' in html
    assert "player1" in html
    standings = visitor.get(f"/events/{event.slug}/?tab=standings").content.decode()
    assert 'class="num points">3' in standings


def test_before_any_result_nobody_is_ranked_and_player_counts_read_well(running_event):
    event, regs = running_event(n=8)
    html = _client().get(f"/events/{event.slug}/?tab=standings").content.decode()
    assert "Standings appear once the first results are in" in html
    assert "8 players" in _client().get(f"/events/{event.slug}/").content.decode()


def test_a_finished_event_does_not_ask_a_visitor_to_log_in_to_register(paired_round, floor_judge, organiser, act):
    event, regs, rnd = paired_round()
    for m in rnd.matches.exclude(status="final"):
        act(services.match_record_result, match=m, by=floor_judge, result="a")
    act(services.event_finish, event=Event.objects.get(pk=event.pk), by=organiser)
    html = _client().get(f"/events/{event.slug}/").content.decode()
    assert "Log in to register" not in html and "This event is over" in html


def test_the_organiser_who_is_not_a_judge_gets_an_explained_403_with_a_way_in(make_event, organiser):
    event = make_event()
    response = _client(organiser).get(f"/events/{event.slug}/judge/")
    html = response.content.decode()
    assert response.status_code == 403
    assert "The judge page is for this event&#x27;s judges" in html and "Appoint me floor judge" in html


def test_every_403_page_explains_itself(make_event, players):
    event = make_event()
    response = _client(players[0]).get(f"/events/{event.slug}/admin/")
    assert response.status_code == 403
    assert "Only the organiser and the head judge see the event admin." in response.content.decode()
    refused = _client(players[0]).post(f"/events/{event.slug}/do/open-registration/", {})
    assert refused.status_code == 403 and "Only the organiser may open registration." in refused.content.decode()


def test_the_event_form_puts_each_rule_next_to_its_field(harmony, organiser):
    game, fmt = harmony
    c = _client(organiser)
    start = timezone.now().replace(year=2020)
    r = c.post("/events/new/", {"name": "Bad", "format": fmt.pk, "structure": "booster_draft", "tier": 1,
                                "starts_at": start.strftime("%Y-%m-%dT%H:%M"), "round_minutes": 5})
    html = r.content.decode()
    assert r.status_code == 200 and "has-error" in html and "Ensure this value is greater than or equal to 10" in html
    r = c.post("/events/new/", {"name": "Bad", "format": fmt.pk, "structure": "booster_draft", "tier": 1,
                                "starts_at": start.strftime("%Y-%m-%dT%H:%M"), "round_minutes": 40})
    assert "is a constructed format" in r.content.decode()
    ok = c.post("/events/new/", {"name": "Good", "format": fmt.pk, "structure": "constructed", "tier": 1,
                                 "starts_at": (timezone.now() + timedelta(days=2)).strftime("%Y-%m-%dT%H:%M"), "round_minutes": 40})
    assert ok.status_code == 302 and Event.objects.get(name="Good").round_minutes == 40


def test_the_judge_page_defaults_to_no_player_and_offers_an_undo(paired_round, floor_judge, act):
    event, regs, rnd = paired_round()
    c = _client(floor_judge)
    html = c.get(f"/events/{event.slug}/judge/").content.decode()
    assert '<option value="" selected disabled>Choose a player…</option>' in html and 'data-confirm="Tap again:' in html
    m = rnd.matches.filter(player_b__isnull=False).first()
    c.post(f"/events/{event.slug}/do/record-result/", {"match": m.id, "result": "a"})
    html = c.get(f"/events/{event.slug}/judge/").content.decode()
    assert "Undo" in html and "data-undo-until" in html


def test_the_room_display_and_the_timer_presets_pages(paired_round, organiser):
    event, regs, rnd = paired_round()
    html = _client().get(f"/events/{event.slug}/display/").content.decode()
    assert "room-display.js" in html and "Round 1" in html
    c = _client(organiser)
    r = c.post("/events/timers/", {"name": "Community", "phases": "3 Setup\n35 Play *\n5 Game ends in"})
    assert r.status_code == 302
    bad = c.post("/events/timers/", {"name": "Broken", "phases": "Play 35"})
    assert "start with the minutes" in bad.content.decode()


def test_bulk_entry_by_file_upload_reports_each_line(make_event, organiser, act):
    from django.core.files.uploadedfile import SimpleUploadedFile

    event = make_event()
    act(services.event_open_registration, event=event, by=organiser)
    c = _client(organiser)
    upload = SimpleUploadedFile("walkins.csv", b"name\nApplejack\nRarity\n", content_type="text/csv")
    c.post(f"/events/{event.slug}/do/bulk-register/", {"file": upload, "next": f"/events/{event.slug}/admin/"})
    assert Registration.objects.filter(event=event).count() == 2
    html = c.get(f"/events/{event.slug}/admin/").content.decode()
    assert "created and registered" in html


def test_my_events_lists_playing_and_running_and_deleted_events(paired_round, organiser):
    event, regs, rnd = paired_round()
    assert event.name in _client(regs[0].player).get("/events/mine/").content.decode()
    services.event_delete(event=event, by=organiser)
    html = _client(organiser).get("/events/mine/").content.decode()
    assert "Deleted events" in html and "Restore" in html


def test_a_display_name_is_chosen_on_the_profile_page(make_user):
    user = make_user("player09")
    c = _client(user)
    c.post("/events/profile/", {"display_name": "Sunset Shimmer"})
    assert "Sunset Shimmer" in c.get("/events/").content.decode()


def test_a_player_sees_the_head_judges_decision_on_their_appeal(paired_round, head_judge, act):
    event, regs, rnd = paired_round()
    player = regs[0].player
    appeal = act(services.appeal_file, event=event, by=player, ruling="Game Warning for slow play", reason="I was not slow")
    html = _client(player).get(f"/events/{event.slug}/").content.decode()
    assert "Your appeals" in html and "Waiting for the head judge" in html
    act(services.appeal_decide, appeal=appeal, by=head_judge, upheld=False, decision="Overturned: the clock was paused")
    html = _client(player).get(f"/events/{event.slug}/").content.decode()
    assert "ruling overturned" in html and "Head judge: Overturned: the clock was paused" in html
    assert "Your appeals" not in _client(regs[1].player).get(f"/events/{event.slug}/").content.decode()
