"""The organiser tools through the REST API: timer presets, pause all clocks, the room display, bulk entry,
pairing edits, deletes and restores, display names and "my events"."""
from __future__ import annotations

import pytest
from rest_framework.test import APIClient

from tournaments.models import Event, Registration, Round

pytestmark = pytest.mark.django_db

PHASES = [{"name": "Setup", "minutes": 3}, {"name": "Play", "minutes": 35, "match_time": True},
          {"name": "Game ends in", "minutes": 5}]


def _client(user) -> APIClient:
    client = APIClient()
    client.force_authenticate(user)
    return client


def test_a_timer_preset_runs_the_next_round_and_the_display_shows_its_phase(running_event, organiser, django_capture_on_commit_callbacks):
    event, regs = running_event()
    api = _client(organiser)
    bad = api.post("/api/timer-presets/", {"name": "Broken", "phases": [{"name": "Play", "minutes": 35}]}, format="json")
    assert bad.status_code == 400 and "Mark the phase" in bad.json()["detail"]
    preset = api.post("/api/timer-presets/", {"name": "Community", "phases": PHASES}, format="json")
    assert preset.status_code == 201
    with django_capture_on_commit_callbacks(execute=True):
        started = api.post(f"/api/events/{event.slug}/actions/next_round/", {"timer": preset.json()["id"]}, format="json")
    assert started.status_code == 200, started.json()
    display = APIClient().get(f"/api/events/{event.slug}/display/").json()
    assert display["round"]["clock"]["phase"] == "Setup" and display["round"]["clock"]["next_phase"] == "Play"
    names = [row["name"] for row in display["round"]["pairings"]]
    assert names == sorted(names, key=str.casefold) and len(names) == 8
    paused = api.post(f"/api/events/{event.slug}/actions/pause_clocks/", {"reason": "announcements"}, format="json")
    assert paused.status_code == 200
    assert APIClient().get(f"/api/events/{event.slug}/display/").json()["round"]["clock"]["paused_at"]


def test_bulk_entry_answers_each_line(make_event, organiser, players):
    event = make_event()
    api = _client(organiser)
    api.post(f"/api/events/{event.slug}/actions/open_registration/", {}, format="json")
    r = api.post(f"/api/events/{event.slug}/actions/bulk_register/", {"names": "player1\nRainbow Dash"}, format="json")
    assert r.status_code == 200
    assert [line["outcome"] for line in r.json()["lines"]] == ["registered", "created and registered"]
    missing = api.post(f"/api/events/{event.slug}/actions/bulk_register/", {}, format="json")
    assert missing.status_code == 400 and "names" in missing.json()["detail"]


def test_a_swap_through_the_api_returns_the_rematch_warnings_field(paired_round, head_judge):
    event, regs, rnd = paired_round()
    m1, m2 = list(rnd.matches.filter(player_b__isnull=False).order_by("table")[:2])
    r = _client(head_judge).post(f"/api/events/{event.slug}/actions/swap_players/",
                                 {"round": rnd.number, "first": m1.player_a_id, "second": m2.player_a_id, "reason": "seats"}, format="json")
    assert r.status_code == 200 and r.json()["detail"].startswith("Players swapped")
    no_reason = _client(head_judge).post(f"/api/events/{event.slug}/actions/swap_players/",
                                         {"round": rnd.number, "first": m1.player_a_id, "second": m2.player_a_id}, format="json")
    assert no_reason.status_code == 400 and "'reason' is required" in no_reason.json()["detail"]


def test_deleting_and_restoring_an_event_a_player_and_a_round(paired_round, organiser, head_judge, make_user):
    event, regs, rnd = paired_round()
    hj = _client(head_judge)
    assert hj.post(f"/api/events/{event.slug}/actions/delete_round/", {"round": rnd.number, "reason": "oops"}, format="json").status_code == 200
    assert not Round.objects.filter(pk=rnd.pk).exists()
    assert hj.post(f"/api/events/{event.slug}/actions/restore_round/", {"round_id": rnd.pk}, format="json").status_code == 200
    org = _client(organiser)
    assert org.post(f"/api/events/{event.slug}/actions/delete_event/", {}, format="json").status_code == 200
    assert APIClient().get(f"/api/events/{event.slug}/").status_code == 404
    assert _client(make_user("stranger")).post(f"/api/events/{event.slug}/actions/restore_event/", {}, format="json").status_code == 404
    assert org.post(f"/api/events/{event.slug}/actions/restore_event/", {}, format="json").status_code == 200
    assert Event.objects.filter(pk=event.pk).exists()


def test_my_profile_and_my_events(paired_round, organiser):
    event, regs, rnd = paired_round()
    me = _client(regs[0].player)
    r = me.patch("/api/me/profile/", {"display_name": "Starlight Glimmer"}, format="json")
    assert r.json() == {"username": regs[0].player.username, "display_name": "Starlight Glimmer"}
    assert Registration.objects.get(pk=regs[0].pk).name == "Starlight Glimmer"
    rows = me.get("/api/me/events/").json()
    assert rows[0]["slug"] == event.slug and rows[0]["as_player"] == "checked in"
    assert _client(organiser).get("/api/me/events/").json()[0]["roles"] == ["organiser"]


def test_creating_an_event_through_the_api_names_the_field_that_is_wrong(harmony, organiser):
    game, fmt = harmony
    api = _client(organiser)
    body = {"name": "Draft night", "format": fmt.slug, "structure": "booster_draft", "starts_at": "2030-01-01T18:00:00Z"}
    r = api.post("/api/events/", body, format="json")
    assert r.status_code == 400 and r.json()["detail"].startswith("structure: Harmony Constructed is a constructed format")
    r = api.post("/api/events/", body | {"structure": "constructed", "round_minutes": 50}, format="json")
    assert r.status_code == 201 and r.json()["round_minutes"] == 50


def test_a_players_state_says_whether_their_decklist_is_in(make_event, organiser, players):
    event = make_event(tier=2)
    _client(organiser).post(f"/api/events/{event.slug}/actions/open_registration/", {}, format="json")
    me = _client(players[0])
    me.post(f"/api/events/{event.slug}/actions/register/", {}, format="json")
    state = me.get(f"/api/events/{event.slug}/state/").json()
    assert state["me"]["decklist"]["state"] == "missing" and state["me"]["decklist"]["required"] is True
