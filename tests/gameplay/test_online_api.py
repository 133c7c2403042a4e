"""The hosted-match API gives an event match's pairing in the one public shape of a match (the shape the
event's state, pairings and websocket send), and none for a casual match."""
from __future__ import annotations

import pytest
from rest_framework.test import APIClient

from tests.gameplay.online_fixtures import ann, bob, casual_match, committing, eight_players, online, online_event, staff  # noqa: F401
from tournaments.models import Match

pytestmark = pytest.mark.django_db


def test_an_event_matchs_pairing_is_the_public_shape_the_event_state_sends(online_event, staff):
    from tournaments import services

    event = online_event()
    with committing():
        services.round_start_next(event=event, by=staff["organiser"])
    tm = Match.objects.filter(round__event=event, player_b__isnull=False).order_by("table").first()
    client = APIClient()
    client.force_authenticate(tm.player_a.player)
    mine = client.get("/api/play/matches/").json()
    listed = next(m for m in (mine["results"] if isinstance(mine, dict) else mine) if m["tournament_match"] == tm.pk)
    one = client.get(f"/api/play/matches/{listed['id']}/").json()
    state = client.get(f"/api/events/{event.slug}/state/").json()
    in_state = next(m for m in state["rounds"][0]["matches"] if m["id"] == tm.pk)
    assert listed["pairing"] == one["pairing"] == in_state
    assert (in_state["table"], in_state["a_username"]) == (tm.table, tm.player_a.player.username)


def test_a_casual_match_has_no_pairing(casual_match, ann):
    match = casual_match()
    client = APIClient()
    client.force_authenticate(ann)
    body = client.get(f"/api/play/matches/{match.pk}/").json()
    assert body["tournament_match"] is None and body["pairing"] is None
