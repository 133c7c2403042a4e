"""Whole limited events, from creation to round 1 pairings, through the API as organiser and players."""
from __future__ import annotations

import pytest
from django.test import Client

from limited.models import LimitedEvent, Pod
from tests.limited.deck_helpers import legal_deck
from tournaments.models import Match, Round

pytestmark = pytest.mark.django_db


def _as(user) -> Client:
    c = Client()
    c.force_login(user)
    return c


def _post(client: Client, url: str, body: dict | None = None, method: str = "post"):
    response = getattr(client, method)(url, body or {}, content_type="application/json")
    assert response.status_code in (200, 201), (url, response.content)
    return response.json()


def _start_and_pair(organiser, event, django_capture_on_commit_callbacks) -> Round:
    org = _as(organiser)
    with django_capture_on_commit_callbacks(execute=True):
        _post(org, f"/api/events/{event.slug}/actions/start/")
        _post(org, f"/api/events/{event.slug}/actions/next_round/")
    return Round.objects.get(event=event, number=1)


def test_a_whole_sealed_event_from_creation_to_round_one_pairings(organiser, limited_event, django_capture_on_commit_callbacks):
    event = limited_event(8)
    org = _as(organiser)
    presets = org.get("/api/limited/presets/").json()
    assert {p["key"] for p in presets} >= {"odyssey-sealed", "premiere-sealed"}
    with django_capture_on_commit_callbacks(execute=True):
        setup = _post(org, f"/api/limited/events/{event.slug}/", {"kind": "sealed", "preset": "odyssey-sealed"}, "put")
        assert setup["packs"] == ["EO", "EO", "EO", "HM", "HM", "MT", "MT", "MT"]
        assert _post(org, f"/api/limited/events/{event.slug}/open-pools/")["pools"] == 8
    event.refresh_from_db()
    for reg in event.registrations.select_related("player"):
        me = _as(reg.player)
        pool = me.get(f"/api/limited/events/{event.slug}/pool/").json()
        assert sum(c["qty"] for c in pool["pool"]) == 96
        deck = legal_deck(event, reg.player, mane="EO1", starting_problem="EO191")
        assert _post(me, f"/api/limited/events/{event.slug}/deck/", {"cards": deck})["legal"] is True
    rnd = _start_and_pair(organiser, event, django_capture_on_commit_callbacks)
    assert rnd.matches.count() == 4 and Match.objects.filter(round=rnd, player_b__isnull=True).count() == 0


def test_a_whole_draft_event_from_creation_to_round_one_pairings(organiser, limited_event, django_capture_on_commit_callbacks):
    event = limited_event(6)
    org = _as(organiser)
    with django_capture_on_commit_callbacks(execute=True):
        _post(org, f"/api/limited/events/{event.slug}/", {"kind": "booster_draft", "preset": "premiere-draft",
                                                           "bots_fill": True, "pick_timer_max": 0, "review_seconds": 0}, "put")
        pods = _post(org, f"/api/limited/events/{event.slug}/seat-pods/")["pods"]
        assert len(pods) == 1 and len(pods[0]["seats"]) == 8
        _post(org, f"/api/limited/events/{event.slug}/start-draft/")
    players = [r.player for r in event.registrations.select_related("player")]
    clients = {p.pk: _as(p) for p in players}
    for _ in range(48):  # every human picks the first card of the pack in front of them, by the API
        for p in players:
            view = clients[p.pk].get(f"/api/limited/events/{event.slug}/draft/").json()
            if view["pack"]:
                with django_capture_on_commit_callbacks(execute=True):
                    _post(clients[p.pk], f"/api/limited/events/{event.slug}/draft/pick/", {
                        "card": view["pack"][0]["guid"], "pack_number": view["pack_number"], "pick_number": view["pick_number"]})
    assert Pod.objects.get(limited__event=event).status == "finished"
    assert LimitedEvent.objects.get(event=event).status == "building"
    for p in players:
        log = clients[p.pk].get(f"/api/limited/events/{event.slug}/draft/log/").json()["picks"]
        assert len(log) == 48
        deck = legal_deck(event, p)
        assert _post(clients[p.pk], f"/api/limited/events/{event.slug}/deck/", {"cards": deck})["legal"] is True
    export = org.get(f"/api/limited/events/{event.slug}/draft/export/")
    assert export.status_code == 200 and export.content.decode().count("\n") == 1 + 8 * 48
    rnd = _start_and_pair(organiser, event, django_capture_on_commit_callbacks)
    assert rnd.matches.count() == 3


def test_api_errors_name_the_field(organiser, limited_event):
    event = limited_event(2)
    org = _as(organiser)
    bad = org.put(f"/api/limited/events/{event.slug}/", {"kind": "sealed", "packs": ["PR"] * 3}, content_type="application/json")
    assert bad.status_code == 400 and "packs:" in bad.json()["detail"] and "Sealed Deck Format" in bad.json()["detail"]
    bad = org.put(f"/api/limited/events/{event.slug}/", {"kind": "cube"}, content_type="application/json")
    assert bad.status_code == 400 and "kind" in bad.json()


def test_the_limited_api_is_in_the_openapi_schema(client):
    schema = client.get("/api/schema/", HTTP_ACCEPT="application/json").content.decode()
    for path in ("/api/limited/presets/", "/api/limited/products/", "/api/limited/events/{slug}/draft/pick/",
                 "/api/limited/events/{slug}/deck/validate/", "/api/limited/events/{slug}/open-pools/",
                 "/api/limited/events/{slug}/seat-pods/", "/api/limited/events/{slug}/draft/export/"):
        assert path in schema
