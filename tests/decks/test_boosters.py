"""Booster packs from the sets' own <packaging> data: composition, seeding, the rarity distribution."""
from __future__ import annotations

import json
import math
from collections import Counter
from io import StringIO

import pytest
from django.core.management import call_command
from hypothesis import given, settings
from hypothesis import strategies as st

from decks.boosters import BoosterSpec, NoBooster, open_pack, pack_rng
from decks.models import CardSet
from decks.selectors import booster_cards, booster_spec, card_set_find, packs_open

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _cards(catalog):
    """The real catalog (re-imported if a browser or live test flushed it)."""


@pytest.fixture
def premiere(db):
    return CardSet.objects.get(game__slug="mlp", code="PR")


def test_the_importer_keeps_each_sets_packaging_as_data(premiere):
    spec = booster_spec(premiere)
    assert spec.name == "Premiere Booster"
    assert spec.expected_rarities() == pytest.approx({"U": 3, "R": 1, "C": 7.923, "UR": 0.077})
    eo = booster_spec(CardSet.objects.get(code="EO"))
    assert eo.expected_rarities()["UR"] == pytest.approx(0.083)  # read, not hard-coded per set


def test_a_pack_has_three_uncommons_a_rare_and_eight_commons_or_an_ultra_rare(premiere):
    for pack in packs_open(card_set=premiere, count=50, seed=1):
        rarities = Counter(c.rarity for c in pack)
        assert len(pack) == 12
        assert rarities["U"] == 3 and rarities["R"] == 1
        assert (rarities["C"], rarities["UR"]) in ((8, 0), (7, 1))
        assert len({c.guid for c in pack}) == 12  # no card twice in one pack


def test_the_same_seed_player_and_pack_number_give_the_same_pack(premiere):
    a = packs_open(card_set=premiere, count=3, seed=42, player=7)
    b = packs_open(card_set=premiere, count=3, seed=42, player=7)
    assert a == b
    assert packs_open(card_set=premiere, count=1, seed=42, player=7, first_index=2)[0] == a[2]
    assert packs_open(card_set=premiere, count=3, seed=42, player=8) != a
    assert packs_open(card_set=premiere, count=3, seed=43, player=7) != a


def test_ultra_rares_come_at_the_packaging_probability(premiere):
    """4,000 packs: the Ultra Rare count is binomial(4000, 0.077); allow 4 standard deviations."""
    spec, cards = booster_spec(premiere), booster_cards(premiere)
    n, p = 4000, 0.077
    ultra = sum(any(c.rarity == "UR" for c in open_pack(spec, cards, pack_rng("stat", "", i))) for i in range(n))
    sigma = math.sqrt(n * p * (1 - p))
    assert abs(ultra - n * p) < 4 * sigma, (ultra, n * p)
    # and the commons come evenly: every Common of the set shows up
    seen = Counter(c.guid for i in range(600) for c in open_pack(spec, cards, pack_rng("spread", "", i)) if c.rarity == "C")
    assert len(seen) == sum(1 for c in cards if c.rarity == "C")


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(min_value=0, max_value=2**40), index=st.integers(min_value=0, max_value=50))
def test_any_seed_gives_a_full_pack_without_repeats(seed, index):
    card_set = CardSet.objects.get(code="CN")
    pack = open_pack(booster_spec(card_set), booster_cards(card_set), pack_rng(seed, "p", index))
    assert len(pack) == 12 and len({c.guid for c in pack}) == 12


def test_a_set_without_packaging_can_not_be_opened():
    with pytest.raises(NoBooster, match="Rock N Rave has no booster pack"):
        booster_spec(CardSet.objects.get(code="RR"))
    with pytest.raises(NoBooster, match="unknown set 'Nightmare Moon'"):
        card_set_find(name="Nightmare Moon")


def test_options_that_do_not_add_up_to_one_are_refused():
    bad = [{"name": "Odd", "slots": [{"options": [{"probability": 0.5, "picks": [{"qty": 1, "key": "Rarity", "value": "C"}]}]}]}]
    with pytest.raises(NoBooster, match="add up to 0.5"):
        BoosterSpec.from_packaging(set_code="X", set_name="Odd", packaging=bad)


def test_sets_are_found_by_code_rules_name_or_data_name():
    assert card_set_find(name="pr").code == "PR"
    assert card_set_find(name="Premier").code == "PR"
    assert card_set_find(name="Crystal Games").code == "CG"


def test_open_packs_prints_the_same_json_for_the_same_seed():
    def run(seed: str) -> dict:
        out = StringIO()
        call_command("open_packs", "--set", "Premiere", "--count", "3", "--seed", seed, "--json", stdout=out)
        return json.loads(out.getvalue())

    first = run("9")
    assert first == run("9") and first != run("10")
    assert [len(p["cards"]) for p in first["packs"]] == [12, 12, 12]
    assert set(first["packs"][0]["cards"][0]) >= {"number", "name", "rarity"}


def test_open_packs_says_why_a_set_can_not_be_opened(capsys):
    with pytest.raises(SystemExit) as exit_info:
        call_command("open_packs", "--set", "Rock N Rave", "--count", "1", "--seed", "1")
    assert exit_info.value.code == 2
