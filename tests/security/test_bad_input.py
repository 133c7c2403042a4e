"""Bad input is a 400 naming the field, never a 500: card searches, NUL characters in free text, numbers
outside the model's limits, over-long text, JSON of the wrong shape, contradictory results."""
from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone
from rest_framework.test import APIClient

from tournaments import services
from tournaments.models import Appeal, Event

pytestmark = pytest.mark.django_db

NUL = "bad\x00text"
HUGE = 2**40


# --------------------------------------------------------------------------- card search


@pytest.mark.parametrize("q", ["!", "-", "'", "🦄", "\u0301", "a\x00b", "x" * 201])
def test_a_card_search_that_cannot_be_answered_is_a_400_naming_q_in_the_api(client, q):
    r = client.get("/api/cards/", {"q": q})
    assert r.status_code == 400, r.content
    assert "'q'" in r.content.decode()


@pytest.mark.parametrize("q", ["!", "🦄", "\u0301", "a\x00b"])
def test_a_card_search_that_cannot_be_answered_is_a_400_page_naming_q(client, q):
    r = client.get("/cards/", {"q": q})
    assert r.status_code == 400
    assert "&#x27;q&#x27;" in r.content.decode() or "'q'" in r.content.decode()


@pytest.mark.parametrize("q", ["   ", "twilight", "PR16", "²"])
def test_ordinary_searches_still_answer(client, q):
    assert client.get("/api/cards/", {"q": q}).status_code == 200
    assert client.get("/cards/", {"q": q}).status_code == 200


# --------------------------------------------------------------------------- event operations


@pytest.fixture
def ctx(paired_round, organiser, head_judge, floor_judge, act):
    event, regs, rnd = paired_round(online=True)
    match = rnd.matches.filter(player_b__isnull=False).order_by("table").first()
    appeal = Appeal.objects.create(event=event, registration=match.player_a, ruling="ruling", floor_judge=floor_judge)
    return {"event": event, "match": match, "appeal": appeal, "organiser": organiser, "head_judge": head_judge,
            "floor_judge": floor_judge, "player": match.player_a.player}


def _post(ctx, who: str, op: str, body, *, fmt: str = "json"):
    client = APIClient()
    client.force_authenticate(ctx[who])
    return client.post(f"/api/events/{ctx['event'].slug}/actions/{op}/", body, format=fmt)


# (who, operation, body, field named in the answer)
BAD_OPERATIONS = {
    "appeal ruling with NUL": ("player", "appeal", lambda c: {"ruling": NUL}, "ruling"),
    "appeal ruling of 1,000,000 characters": ("player", "appeal", lambda c: {"ruling": "x" * 1_000_000}, "ruling"),
    "penalty note with NUL": ("floor_judge", "penalty", lambda c: {"registration": c["match"].player_b_id, "kind": "game_warning", "infraction": "Slow play", "note": NUL}, "note"),
    "infraction of 500 characters": ("floor_judge", "penalty", lambda c: {"registration": c["match"].player_b_id, "kind": "game_warning", "infraction": "x" * 500}, "infraction"),
    "extension reason with NUL": ("floor_judge", "add_time", lambda c: {"match": c["match"].id, "minutes": 3, "reason": NUL}, "reason"),
    "appeal decision with NUL": ("head_judge", "decide_appeal", lambda c: {"appeal": c["appeal"].id, "upheld": True, "decision": NUL}, "decision"),
    "swiss_rounds 2^40": ("organiser", "settings", lambda c: {"swiss_rounds": HUGE}, "swiss_rounds"),
    "swiss_rounds 1,000,000": ("organiser", "settings", lambda c: {"swiss_rounds": 1_000_000}, "swiss_rounds"),
    "top_cut -1": ("organiser", "settings", lambda c: {"top_cut": -1}, "top_cut"),
    "end-of-match cap -5": ("head_judge", "settings", lambda c: {"end_of_match_cap_minutes": -5}, "end_of_match_cap_minutes"),
    "games -3": ("floor_judge", "record_result", lambda c: {"match": c["match"].id, "result": "a", "games_a": -3, "games_b": 0}, "games_a"),
    "games 2^40": ("floor_judge", "record_result", lambda c: {"match": c["match"].id, "result": "a", "games_a": HUGE, "games_b": 0}, "games_a"),
    "points -1": ("floor_judge", "end_of_match", lambda c: {"match": c["match"].id, "points_a": -1, "points_b": 2}, "points_a"),
    "match 7.9": ("floor_judge", "record_result", lambda c: {"match": c["match"].id + 0.9, "result": "a"}, "match"),
    "match as text 2^100": ("floor_judge", "record_result", lambda c: {"match": "9" * 30, "result": "a"}, "match"),
    "round ²": ("head_judge", "repair", lambda c: {"round": "²", "reason": "x"}, "round"),
    "result as a list": ("floor_judge", "record_result", lambda c: {"match": c["match"].id, "result": ["a"]}, "result"),
}


@pytest.mark.parametrize("case", sorted(BAD_OPERATIONS))
def test_bad_operation_input_is_a_400_naming_the_field(ctx, case):
    who, op, body, field = BAD_OPERATIONS[case]
    r = _post(ctx, who, op, body(ctx))
    assert r.status_code == 400, r.content
    detail = r.json()["detail"]
    assert field in detail or field.replace("_", " ") in detail.lower()


@pytest.mark.parametrize("case", ["appeal ruling with NUL", "penalty note with NUL", "extension reason with NUL"])
def test_nul_characters_in_web_forms_are_a_400_page_naming_the_field(ctx, client, case):
    who, op, body, field = BAD_OPERATIONS[case]
    client.force_login(ctx[who])
    r = client.post(f"/events/{ctx['event'].slug}/do/{op}/", body(ctx))
    assert r.status_code == 400
    assert field in r.content.decode()


def test_a_json_array_where_an_object_is_expected_is_a_400(ctx):
    r = _post(ctx, "floor_judge", "record_result", [{"match": ctx["match"].id, "result": "a"}])
    assert r.status_code == 400 and "JSON object" in r.json()["detail"]


def test_a_best_of_one_is_not_stored_as_5_1(ctx):
    r = _post(ctx, "floor_judge", "record_result", {"match": ctx["match"].id, "result": "a", "games_a": 5, "games_b": 1})
    assert r.status_code == 400 and "best of 1" in r.json()["detail"]
    ctx["match"].refresh_from_db()
    assert ctx["match"].result == ""


def test_a_game_score_that_contradicts_the_result_is_refused(ctx):
    r = _post(ctx, "floor_judge", "record_result", {"match": ctx["match"].id, "result": "b", "games_a": 1, "games_b": 0})
    assert r.status_code == 400 and "does not match the winner" in r.json()["detail"]


def test_start_on_a_running_event_is_refused_and_changes_nothing(ctx):
    event = Event.objects.get(pk=ctx["event"].pk)
    before = (event.started_at, event.swiss_rounds)
    r = _post(ctx, "organiser", "start", {"swiss_rounds": 9})
    assert r.status_code == 400 and "only an event in check-in starts" in r.json()["detail"]
    event.refresh_from_db()
    assert (event.started_at, event.swiss_rounds) == before


@pytest.mark.parametrize("value", ["abc", "999999999999999999999999999999", "²", "-1"])
def test_the_public_pairings_refuse_a_round_that_is_not_a_number(ctx, value):
    r = APIClient().get(f"/api/events/{ctx['event'].slug}/pairings/", {"round": value})
    assert r.status_code == 400 and "round" in r.json()["detail"]


# --------------------------------------------------------------------------- creating an event


def _create(organiser, **fields):
    client = APIClient()
    client.force_authenticate(organiser)
    body = {"name": "Cup", "format": "mlp-harmony", "starts_at": (timezone.now() + timedelta(days=3)).isoformat()} | fields
    return client.post("/api/events/", body, format="json")


@pytest.mark.parametrize("field, value", [
    ("venue", "v" * 300), ("capacity", HUGE), ("seed", 2**70), ("seed", -(2**70)),
    ("starts_at", "0001-01-01T10:00:00Z"), ("starts_at", "9999-12-31T10:00:00Z"), ("name", NUL),
])
def test_creating_an_event_with_bad_fields_is_a_400_naming_the_field(harmony, organiser, field, value):
    r = _create(organiser, **{field: value})
    assert r.status_code == 400, r.content
    assert field in r.content.decode()


def test_a_sane_event_is_still_created(harmony, organiser):
    assert _create(organiser, venue="Sugarcube Corner", capacity=64, seed=12).status_code == 201


# --------------------------------------------------------------------------- decklist judges' API


@pytest.fixture
def listed(make_event, organiser, floor_judge, players, act):
    from decks import services as decks

    event = make_event(tier=2)
    act(services.event_open_registration, event=event, by=organiser)
    act(services.registration_create, event=event, player=players[0])
    decks.decklist_submit(event=event, player=players[0], data="4 Twilight Sparkle, Ponyville Librarian")
    client = APIClient()
    client.force_authenticate(floor_judge)
    return event, client


@pytest.mark.parametrize("body, field", [
    ([{"outcome": "matches"}], "non_field_errors"),
    ({"outcome": "matches", "round": "²"}, "round"),
    ({"outcome": "matches", "round": HUGE}, "round"),
    ({"outcome": "matches", "note": NUL}, "note"),
    ({"outcome": "maybe"}, "outcome"),
])
def test_a_deck_check_with_bad_input_is_a_400_naming_the_field(listed, body, field):
    event, client = listed
    r = client.post(f"/api/decklists/{event.slug}/player1/deck-check/", body, format="json")
    assert r.status_code == 400, r.content
    assert field in r.content.decode()


@pytest.mark.parametrize("body", [["approve"], {"decision": "approve", "note": "n" * 2001}])
def test_a_change_decision_with_bad_input_is_a_400(listed, body, head_judge):
    event, _ = listed
    client = APIClient()
    client.force_authenticate(head_judge)
    r = client.post(f"/api/decklists/{event.slug}/player1/changes/1/decide/", body, format="json")
    assert r.status_code in (400, 404), r.content  # 404: no such change request; never a 500
