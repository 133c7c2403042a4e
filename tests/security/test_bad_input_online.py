"""Bad input to the online-play (``/api/play/``) and limited (``/api/limited/``) APIs is a 4xx that names
what is wrong, never a server error (issue 18, item 4; found by the schemathesis run)."""
from __future__ import annotations

import pytest
from rest_framework.test import APIClient

pytestmark = pytest.mark.django_db


def _client(token: str | None) -> APIClient:
    client = APIClient()
    if token:
        client.credentials(HTTP_AUTHORIZATION=f"Token {token}")
    return client


@pytest.mark.parametrize("body", [{"name": "Odd packs", "packs": 5}, {"name": "Odd packs", "packs": {"EO": 4}},
                                  {"name": "Odd cards", "packs": ["EO"] * 4, "extra_cards": 7}])
def test_a_product_s_packs_and_cards_must_be_lists_of_codes(limited_world, body):
    answer = _client(limited_world["tokens"]["staff"]).post("/api/limited/products/", body, format="json")
    assert answer.status_code == 400
    assert set(answer.json()) & {"packs", "extra_cards"}


def test_answering_a_judge_call_that_is_not_in_the_game_is_a_404(play_world):
    answer = _client(play_world["tokens"]["staff"]).post(f"/api/play/games/{play_world['game']}/answer-call/",
                                                         {"call": 987654}, format="json")
    assert answer.status_code == 404
    assert "call" in answer.json()["detail"]


def test_a_body_of_a_type_no_parser_reads_is_a_documented_415(play_world):
    from drf_spectacular.generators import SchemaGenerator

    answer = _client(play_world["tokens"]["staff"]).generic(
        "POST", f"/api/play/games/{play_world['game']}/pause/", b"pause", content_type="text/plain")
    assert answer.status_code == 415
    operation = SchemaGenerator().get_schema(public=True)["paths"]["/api/play/games/{id}/pause/"]["post"]
    assert "415" in operation["responses"]


@pytest.mark.parametrize("path", ["call-judge/", "pause/", "actions/", "state/"])
def test_a_game_id_that_is_not_a_number_is_a_404(play_world, path):
    client = _client(play_world["tokens"]["staff"])
    answer = client.post(f"/api/play/games/abc/{path}", {}, format="json") if path != "state/" else client.get(f"/api/play/games/abc/{path}")
    assert answer.status_code == 404


def test_a_stale_action_answers_the_documented_409_with_the_current_state(play_world):
    from drf_spectacular.generators import SchemaGenerator

    answer = _client(play_world["tokens"]["player"]).post(f"/api/play/games/{play_world['game']}/actions/",
                                                          {"seq": 999, "action": {"kind": "pass"}}, format="json")
    assert answer.status_code == 409 and answer.json()["code"] == "stale"
    documented = SchemaGenerator().get_schema(public=True)["paths"]["/api/play/games/{id}/actions/"]["post"]["responses"]["409"]
    ref = documented["content"]["application/json"]["schema"]["$ref"].rsplit("/", 1)[-1]
    components = SchemaGenerator().get_schema(public=True)["components"]["schemas"]
    assert set(components[ref]["required"]) >= {"code", "state"}
