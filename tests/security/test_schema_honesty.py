"""Points where the OpenAPI schema promised requests the server refuses (schemathesis's
positive_data_acceptance found them): each is now documented as the server checks it (issue 18, item 12)."""
from __future__ import annotations

import re

import pytest
from drf_spectacular.generators import SchemaGenerator
from rest_framework.test import APIClient


@pytest.fixture(scope="module")
def openapi() -> dict:
    return SchemaGenerator().get_schema(public=True)


def _operation(openapi, path, method="post") -> dict:
    return openapi["paths"][path][method]


def _body_schema(openapi, path, method="post") -> dict:
    ref = _operation(openapi, path, method)["requestBody"]["content"]["application/json"]["schema"]["$ref"]
    return openapi["components"]["schemas"][ref.rsplit("/", 1)[-1]]


def test_request_bodies_are_json_and_multipart_only_for_uploads(openapi):
    for path, item in openapi["paths"].items():
        for method, operation in item.items():
            content = operation.get("requestBody", {}).get("content", {}) if isinstance(operation, dict) else {}
            assert "application/x-www-form-urlencoded" not in content, (method, path)
            if "multipart/form-data" in content:
                assert path.startswith("/api/decklists/"), (method, path)  # the decklist upload (deck_file)


def test_a_decklist_upload_is_documented_as_a_file(openapi):
    multipart = _operation(openapi, "/api/decklists/validate/")["requestBody"]["content"]["multipart/form-data"]
    body = openapi["components"]["schemas"][multipart["schema"]["$ref"].rsplit("/", 1)[-1]]
    assert body["properties"]["deck_file"]["format"] == "binary"


def test_a_judge_s_in_game_penalty_offers_only_the_kinds_it_takes(openapi):
    kind = _body_schema(openapi, "/api/play/games/{id}/penalty/")["properties"]["kind"]
    enum = openapi["components"]["schemas"][kind["$ref"].rsplit("/", 1)[-1]]["enum"]
    assert sorted(enum) == ["game_loss", "game_warning", "procedural_error"]


def test_an_action_must_have_a_kind(openapi):
    action = _body_schema(openapi, "/api/play/games/{id}/actions/")["properties"]["action"]
    ref = action.get("$ref") or action["allOf"][0]["$ref"]  # (a described reference is wrapped in allOf)
    body = openapi["components"]["schemas"][ref.rsplit("/", 1)[-1]]
    assert "kind" in body["required"] and body["properties"]["kind"]["minLength"] == 1


def test_the_pairings_round_is_documented_within_its_limits(openapi):
    (param,) = [p for p in _operation(openapi, "/api/events/{slug}/pairings/", "get")["parameters"] if p["name"] == "round"]
    assert (param["schema"]["minimum"], param["schema"]["maximum"]) == (1, 1000)


@pytest.mark.django_db
@pytest.mark.parametrize("q", ["", "  ", "twilight", "PR16", "²", "&", "!", "-", "'", "\U0001f984", "\u0301", "[\U000f3f1c5"])
def test_the_documented_search_pattern_is_the_server_s_rule(openapi, q, catalog):
    (param,) = [p for p in _operation(openapi, "/api/cards/", "get")["parameters"] if p["name"] == "q"]
    documented = re.search(param["schema"]["pattern"], q) is not None
    answer = APIClient().get("/api/cards/", {"q": q})
    assert (answer.status_code == 200) == documented, (q, answer.status_code)


@pytest.mark.django_db
def test_patching_the_profile_without_a_name_changes_nothing(make_user):
    from tournaments.services import player_set_display_name

    pony = make_user("pinkie")
    player_set_display_name(user=pony, display_name="Pinkie Pie")
    client = APIClient()
    client.force_authenticate(pony)
    answer = client.patch("/api/me/profile/", {}, format="json")
    assert answer.status_code == 200 and answer.json()["display_name"] == "Pinkie Pie"


def test_the_json_form_of_a_decklist_has_no_file(openapi):
    content = _operation(openapi, "/api/decklists/validate/")["requestBody"]["content"]
    json_body = openapi["components"]["schemas"][content["application/json"]["schema"]["$ref"].rsplit("/", 1)[-1]]
    assert "deck_file" not in json_body["properties"] and "text" in json_body["properties"]


def test_a_timer_s_phases_are_a_list_of_phases_never_null(openapi):
    phases = _body_schema(openapi, "/api/timer-presets/")["properties"]["phases"]
    assert phases["type"] == "array" and not phases.get("nullable")
    assert phases["items"]["properties"]["minutes"]["minimum"] == 1


@pytest.mark.parametrize("text", ["a", " x ", "\u001d", "\u001c\u001f", "\x85", "\u00a0", "\u3000", "\u2028 \t",
                                  "\ufeff", "\u200b", " \u1680 "])
def test_the_documented_not_blank_pattern_is_drf_s_trim(openapi, text):
    """A required text field DRF trims refuses what ``str.strip`` empties ("may not be blank"); its documented
    pattern says the same for every such character. (The pattern lists them rather than using ``\\S``, which
    ECMAScript clients read differently: U+001D is text there.)"""
    from rest_framework import serializers

    patterns = {f.get("pattern") for schema in openapi["components"]["schemas"].values()
                for f in (schema.get("properties") or {}).values() if isinstance(f, dict)}
    from config.schema import NOT_ONLY_WHITESPACE
    assert NOT_ONLY_WHITESPACE in patterns  # request bodies use it (e.g. an event's name)
    try:
        serializers.CharField().run_validation(text)
        accepted = True
    except serializers.ValidationError:
        accepted = False
    assert (re.search(NOT_ONLY_WHITESPACE, text) is not None) == accepted, repr(text)
