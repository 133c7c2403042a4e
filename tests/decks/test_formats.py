"""The built-in formats are data: rules, legal sets and a dated banlist, installed idempotently."""
from __future__ import annotations

import datetime as dt

import pytest

from decks.formats import HARMONY_BANLIST, formats_install
from decks.models import BanlistEntry, Format

pytestmark = pytest.mark.django_db


def test_installing_the_formats_twice_changes_nothing():
    before = (Format.objects.count(), BanlistEntry.objects.count())
    formats_install()
    formats_install()
    assert (Format.objects.count(), BanlistEntry.objects.count()) == before


def test_the_built_in_formats_exist():
    assert set(Format.objects.values_list("slug", flat=True)) >= {
        "mlp-harmony", "mlp-premiere-block", "mlp-odyssey-block", "mlp-limited", "neopets-constructed"}


def test_the_harmony_banlist_has_every_card_with_its_effective_date():
    entries = {e.card.number: e.effective for e in BanlistEntry.objects.filter(format__slug="mlp-harmony").select_related("card")}
    assert entries == dict(HARMONY_BANLIST)
    assert entries["PR175"] == dt.date(2016, 6, 1)


def test_block_formats_hold_their_blocks_main_sets_and_use_the_harmony_banlist():
    premiere = Format.objects.get(slug="mlp-premiere-block")
    odyssey = Format.objects.get(slug="mlp-odyssey-block")
    assert sorted(premiere.legal_sets.values_list("code", flat=True)) == ["AD", "CG", "CN", "PR"]
    assert sorted(odyssey.legal_sets.values_list("code", flat=True)) == ["EO", "HM", "MT"]
    assert premiere.banlist_from.slug == odyssey.banlist_from.slug == "mlp-harmony"


def test_an_organiser_made_format_with_its_own_ban_works_without_code(make_user):
    from decks.models import Card, Game
    from decks.validation import FormatSpec

    fmt = Format.objects.create(game=Game.objects.get(slug="mlp"), slug="no-yay", name="No Yay",
                                rules={"draw_deck": {"min": 45, "max_copies": 2}}, all_released_sets_legal=True)
    BanlistEntry.objects.create(format=fmt, card=Card.objects.get(number="PR130"), effective=dt.date(2020, 1, 1))
    spec = FormatSpec.load("no-yay")
    assert spec.rules["draw_deck"]["max_copies"] == 2 and spec.bans
