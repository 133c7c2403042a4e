"""Reads of the card catalog: the browser's order and where a card is banned."""
from __future__ import annotations

import datetime as dt

import pytest

from decks.models import Card
from decks.selectors import card_bans, card_search

pytestmark = pytest.mark.django_db


def test_the_catalog_lists_real_mlp_cards_first_and_the_neopets_demo_set_last():
    cards = list(card_search())
    assert cards[0].game.slug == "mlp" and [c.number for c in cards[:3]] == ["PR1", "PR2", "PR3"]
    demo = Card.objects.filter(game__slug="neopets", card_set__demo=True).count()  # the demo set (decks/data)
    assert demo >= 20
    assert all(c.card_set.demo for c in cards[-demo:]) and not any(c.card_set.demo for c in cards[:-demo])
    neopets = list(card_search(game="neopets"))
    assert len(neopets) == demo and {c.game.slug for c in neopets} == {"neopets"}


def test_a_card_knows_where_it_is_banned_and_since_when():
    # Floor rules, Format Legality: I Need Answers (PR175), Harmony banlist from 1 June 2016.
    card = Card.objects.get(number="PR175")
    bans = {(b.format.slug, b.effective, b.via.slug if b.via else None) for b in card_bans(card=card)}
    assert ("mlp-harmony", dt.date(2016, 6, 1), None) in bans
    assert ("mlp-premiere-block", dt.date(2016, 6, 1), "mlp-harmony") in bans  # block formats use Harmony's banlist
    assert card_bans(card=Card.objects.get(number="PR1", type="Mane Character")) == []


def test_the_card_page_says_banned_in_harmony_since_the_date(client):
    card = Card.objects.get(number="PR175")
    page = client.get(f"/cards/{card.guid}/").content.decode()
    assert "<strong>Banned in Harmony Constructed</strong> since 1 June 2016." in page
