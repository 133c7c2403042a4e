"""The card catalog through the REST API and the web pages."""
from __future__ import annotations

import pytest
from rest_framework.test import APIClient


@pytest.fixture
def api():
    return APIClient()


def test_it_finds_a_card_by_name_ignoring_case_and_accents(db, api):
    r = api.get("/api/cards/", {"q": "creme de la creme"})
    assert r.status_code == 200
    names = [c["full_name"] for c in r.json()["results"]]
    assert any("Crème de la Crème" in n for n in names)


def test_it_filters_by_set_type_color_and_keyword(db, api):
    r = api.get("/api/cards/", {"set": "PR", "type": "Mane Character"})
    assert r.json()["count"] == 6
    r = api.get("/api/cards/", {"color": "Kindness", "keyword": "Caretaker", "type": "Friend"})
    results = r.json()["results"]
    assert results and all("Kindness" in c["colors"] and any(k.startswith("Caretaker") for k in c["keywords"]) for c in results)


def test_it_finds_a_card_by_collector_number(db, api):
    r = api.get("/api/cards/", {"q": "PR16"})
    assert [c["full_name"] for c in r.json()["results"]][0] == "Rainbowshine, Cloud Wrangler"


def test_card_detail_includes_the_boosted_side(db, api):
    from decks.models import Card

    guid = Card.objects.get(number="PR1", type="Mane Character").guid
    r = api.get(f"/api/cards/{guid}/")
    assert r.status_code == 200 and r.json()["boosted"]["home_limit"] == 4


def test_the_catalog_is_read_only(db, api, organiser):
    api.force_authenticate(organiser)
    assert api.post("/api/cards/", {"title": "Fake"}, format="json").status_code == 405


def test_sets_list_counts_cards(db, api):
    sets = {s["code"]: s for s in api.get("/api/sets/").json()["results"]}
    assert sets["PR"]["card_count"] == 213 and sets["PR"]["name"] == "Premiere"


def test_the_openapi_schema_is_served(db, api):
    r = api.get("/api/schema/")
    assert r.status_code == 200 and b"/api/cards/" in r.content


def test_token_authentication_works(db, api, organiser):
    r = api.post("/api/auth/token/", {"username": "organiser", "password": "pony-pass-123"}, format="json")
    token = r.json()["token"]
    api.credentials(HTTP_AUTHORIZATION=f"Token {token}")
    assert api.get("/api/cards/", {"q": "Twilight"}).status_code == 200


def test_the_card_browser_page_lists_and_links_cards(db, client):
    r = client.get("/cards/", {"q": "Rainbow Dash", "type": "Mane Character"})
    assert r.status_code == 200 and b"Flier Extraordinaire" in r.content
    from decks.models import Card

    card = Card.objects.get(number="PR1", type="Mane Character")
    r = client.get(f"/cards/{card.guid}/")
    assert b"Boosted side" in r.content and b"Home limit" in r.content
