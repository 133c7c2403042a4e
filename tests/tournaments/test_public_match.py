"""The one public shape of a match (``tournaments.public_match``): the pages, the REST API and the
websocket send the same object, and the OpenAPI schema documents every field of it."""
from __future__ import annotations

import dataclasses
import json

import pytest
from django.test import Client

from tournaments import services
from tournaments.public_match import PublicMatch, match_public
from tournaments.serializers import MatchPublicSerializer

pytestmark = pytest.mark.django_db

FIELDS = [f.name for f in dataclasses.fields(PublicMatch)]


def test_the_documented_serializer_has_exactly_the_shapes_fields():
    assert list(MatchPublicSerializer().fields) == FIELDS


def test_the_schema_documents_the_shape_once(client):
    schema = json.loads(client.get("/api/schema/", HTTP_ACCEPT="application/json").content)
    components = schema["components"]["schemas"]
    assert sorted(components["MatchPublic"]["properties"]) == sorted(FIELDS)
    assert components["RoundPublic"]["properties"]["matches"]["items"] == {"$ref": "#/components/schemas/MatchPublic"}


def test_a_bye_a_running_and_a_final_match_fit_the_documented_shape(paired_round, floor_judge, act):
    event, regs, rnd = paired_round(n=7)
    played = rnd.matches.filter(player_b__isnull=False).first()
    act(services.match_record_result, match=played, by=floor_judge, result="a", games_a=1, games_b=0)
    shapes = [match_public(m) for m in rnd.matches.all()]
    assert {s["status"] for s in shapes} >= {"running", "final"} and any(s["b"] is None for s in shapes)
    for shape in shapes:
        assert list(shape) == FIELDS
        ser = MatchPublicSerializer(data=shape)
        assert ser.is_valid(), ser.errors
    final = next(s for s in shapes if s["id"] == played.id)
    # A final match has no clock left; its result in words names the winner.
    assert (final["games"], final["result_label"], final["ends_at"]) == ([1, 0], f"{played.player_a.name} wins", None)


def test_the_page_the_api_and_the_websocket_send_the_same_match(paired_round, floor_judge, act, monkeypatch):
    event, regs, rnd = paired_round()
    m = rnd.matches.filter(player_b__isnull=False).first()
    sent = []
    monkeypatch.setattr("tournaments.services.common.broadcast_event",
                        lambda *, slug, kind, data=None: sent.append((kind, data)))
    act(services.match_add_time, match=m, by=floor_judge, minutes=3, reason="a long ruling")
    [(kind, broadcast)] = [s for s in sent if s[0] == "clock"]
    anonymous = Client()
    via_state = next(x for x in anonymous.get(f"/api/events/{event.slug}/state/").json()["rounds"][0]["matches"] if x["id"] == m.id)
    via_pairings = next(x for x in anonymous.get(f"/api/events/{event.slug}/pairings/").json()["matches"] if x["id"] == m.id)
    assert broadcast == via_state == via_pairings
    assert broadcast["extra_minutes"] == 3 and broadcast["round"] == rnd.number
    page = anonymous.get(f"/events/{event.slug}/?tab=pairings")
    row = next(x for x in page.context["state"]["rounds"][0]["matches"] if x["id"] == m.id)
    assert row == broadcast
