"""Deck building from a pool: the builder page, pool-aware validation citing each Limited Play rule, the
provided Mane Characters and Starting Problems, and registering the deck as a normal decklist."""
from __future__ import annotations

import pytest

from decks.models import Card, Decklist
from limited import selectors, services
from tests.limited.deck_helpers import legal_deck

pytestmark = pytest.mark.django_db


@pytest.fixture
def sealed(act, organiser, limited_event):
    event = limited_event(4)
    act(services.limited_configure, event=event, by=organiser, kind="sealed", preset_key="premiere-sealed")
    act(services.sealed_open_pools, event=event, by=organiser)
    event.refresh_from_db()
    player = event.registrations.order_by("player__username").first().player
    return event, player


def _check(client, event, cards):
    response = client.post(f"/api/limited/events/{event.slug}/deck/validate/", {"cards": cards}, content_type="application/json")
    assert response.status_code == 200, response.content
    return response.json()


def _rules(report) -> list[str]:
    return sorted({p["rule"] for p in report["problems"]})


def test_a_deck_from_the_pool_with_provided_mane_and_starting_problems_is_legal(client, sealed):
    event, player = sealed
    client.force_login(player)
    report = _check(client, event, legal_deck(event, player))
    assert report["legal"], report["problems"]


def test_each_limited_deck_construction_rule_is_cited(client, sealed):
    event, player = sealed
    client.force_login(player)
    deck = legal_deck(event, player)
    short = [dict(e) for e in deck]
    short[-1]["qty"] -= 1  # 29 draw cards
    short = [e for e in short if e["qty"]]
    assert "Limited Play, Limited Deck Construction" in _rules(_check(client, event, short))
    four = [dict(e) for e in deck]
    four[1]["qty"] = 4  # four Problems
    report = _check(client, event, four)
    assert any("exactly 5" in p["message"] and p["rule"] == "Limited Play, Limited Deck Construction" for p in report["problems"])
    no_starting = [e for e in deck if e["qty"] != 5]
    plain = Card.objects.filter(card_set__code="PR", type="Problem").exclude(keywords__icontains="Starting").first()
    report = _check(client, event, no_starting + [{"card": plain.guid, "qty": 5}])
    assert any("Starting Problem" in p["message"] and p["rule"] == "Limited Play, Limited Deck Construction" for p in report["problems"])


def test_cards_beyond_the_pool_are_refused_but_provided_ones_come_in_any_number(client, sealed):
    event, player = sealed
    client.force_login(player)
    pool = {c["guid"]: c["qty"] for c in selectors.pool_cards(event=event, player=player)}
    outside = Card.objects.filter(card_set__code="EO", type="Friend").exclude(guid__in=pool).first()
    report = _check(client, event, legal_deck(event, player) + [{"card": outside.guid, "qty": 1}])
    assert _rules(report) == ["Limited Play, Sealed Deck Format / Booster Draft Format"]
    assert f"{outside.number}) in the deck but 0 in the player's pool" in report["problems"][0]["message"]
    # one more copy than the pool holds
    deck = legal_deck(event, player)
    deck[2] = dict(deck[2], qty=pool[deck[2]["card"]] + 1)
    assert "Limited Play, Sealed Deck Format / Booster Draft Format" in _rules(_check(client, event, deck))
    # a Mane Character neither provided nor in the pool
    stranger = Card.objects.filter(type="Mane Character", number="PR1").first() or Card.objects.filter(type="Mane Character", card_set__code="PR").first()
    deck = legal_deck(event, player)
    deck[0] = {"card": stranger.guid, "qty": 1}
    if stranger.guid not in pool:
        assert "Limited Play, Mane Characters" in _rules(_check(client, event, deck))
    # a Starting Problem neither provided nor in the pool
    sp = Card.objects.filter(type="Problem", keywords__icontains="Starting", card_set__code="AD").exclude(guid__in=pool).first()
    deck = legal_deck(event, player)
    deck[1] = {"card": sp.guid, "qty": 5}
    assert "Limited Play, Starting Problems" in _rules(_check(client, event, deck))


def test_the_block_s_provided_cards_follow_the_floor_rules_table(sealed):
    event, _player = sealed
    numbers = [c["number"] for c in selectors.provided_cards(event.limited)]
    assert numbers == ["CN1", "CN2", "CN3", "CN5", "CN6", "CN7", "PR168", "PR190", "PR192", "PR177", "PR170", "PR164"]


def test_registering_the_deck_stores_a_normal_decklist(client, sealed):
    event, player = sealed
    client.force_login(player)
    response = client.post(f"/api/limited/events/{event.slug}/deck/", {"cards": legal_deck(event, player)}, content_type="application/json")
    assert response.status_code == 200 and response.json()["legal"] is True
    decklist = Decklist.objects.get(event=event, player=player)
    assert decklist.current.legal and decklist.current.number == 1


def test_the_builder_page_shows_the_pool_grouped_with_the_provided_cards(client, sealed):
    event, player = sealed
    client.force_login(player)
    page = client.get(f"/limited/{event.slug}/deck/")
    assert page.status_code == 200
    text = page.content.decode()
    assert "Save and register this deck" in text and "Runaway Cart" in text  # PR190, a provided Starting Problem


def test_the_validate_api_accepts_a_pool(client, sealed):
    event, player = sealed
    deck = legal_deck(event, player)
    pool = [{"card": c["guid"], "qty": c["qty"]} for c in selectors.pool_cards(event=event, player=player)]
    body = {"format": "mlp-limited", "cards": deck, "pool": pool}
    assert client.post("/api/decklists/validate/", body, content_type="application/json").json()["legal"] is True
    body["pool"] = pool[:3]
    report = client.post("/api/decklists/validate/", body, content_type="application/json").json()
    assert not report["legal"] and "Limited Play, Sealed Deck Format / Booster Draft Format" in _rules(report)
    body["pool"] = [{"card": "Not A Real Card", "qty": 1}]
    bad = client.post("/api/decklists/validate/", body, content_type="application/json")
    assert bad.status_code == 400 and "pool" in bad.json()
