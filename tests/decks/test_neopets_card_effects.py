"""The Neopets card format's engine fields (``effects`` and friends, docs/neopets-card-format.md): the
importer keeps and checks them, the four demo decks are legal ``neopets-constructed`` decks, and the
catalog rebuilds the engine's card pool."""
from __future__ import annotations

import datetime as dt

import pytest

from decks.deckparse import parse_deck
from decks.importers import CardDataError, import_neopets
from decks.models import Card
from decks.selectors import neopets_card_records, neopets_engine_deck
from decks.validation import validate_deck
from gameplay.engine.neopets import CardDB, NeopetsGame
from gameplay.engine.neopets.decks import DEMO_DECKS, decklist_text

pytestmark = pytest.mark.django_db
DAY = dt.date(2026, 11, 25)


def check(text: str):
    _kind, lines, _info = parse_deck(text)
    return validate_deck(lines=lines, fmt="neopets-constructed", on=DAY)


@pytest.mark.parametrize("name", list(DEMO_DECKS))
def test_each_demo_deck_is_a_legal_neopets_constructed_deck(name):
    report = check(decklist_text(name))
    assert report.legal, [(p.rule, p.message) for p in report.problems]
    assert report.zone_list[2]["count"] == 50


def test_the_four_demo_decks_are_different():
    assert len({decklist_text(n) for n in DEMO_DECKS}) == 4


def test_the_demo_import_keeps_the_effects_and_engine_fields():
    charge = Card.objects.get(guid="neopets:demo-a3")
    assert charge.type == "Legend" and charge.extra["effects"][0]["roll"] == {"dice": 3}
    assert Card.objects.get(guid="neopets:demo-b1").extra["color"] == "Rainbow"
    assert Card.objects.get(guid="neopets:demo-l2").extra["requires_map_pieces"] == 2
    assert "effects" not in Card.objects.get(guid="neopets:demo-a12").extra  # not automated: manual effects


def test_a_card_with_effects_outside_the_vocabulary_imports_nothing(tmp_path):
    f = tmp_path / "cards.csv"
    f.write_text('id,name,type,effects\nx1,Good Potion,Potion,\nx2,Odd Potion,Potion,"[{""kind"": ""play"", '
                 '""do"": [{""op"": ""explode""}]}]"\n', encoding="utf-8")
    with pytest.raises(CardDataError, match="unknown effect op 'explode'"):
        import_neopets(f, set_code="T2", set_name="Test")
    assert not Card.objects.filter(guid="neopets:x1").exists()


def test_a_csv_effects_column_is_json(tmp_path):
    f = tmp_path / "cards.csv"
    f.write_text('id,name,type,level_requirement,effects\ny1,Fizzy Potion,Potion,1,"[{""kind"": ""play"", '
                 '""do"": [{""op"": ""heal"", ""n"": 2}]}]"\n', encoding="utf-8")
    import_neopets(f, set_code="T3", set_name="Test")
    assert Card.objects.get(guid="neopets:y1").extra["effects"] == [{"kind": "play", "do": [{"op": "heal", "n": 2}]}]


def test_the_catalog_rebuilds_the_engine_pool_and_a_validated_decklist_plays():
    db = CardDB.from_records(neopets_card_records())
    demo = CardDB.demo()
    assert set(demo.cards) <= set(db.cards)
    assert db["demo-a3"].effects == demo["demo-a3"].effects and db["demo-p1"].stats == demo["demo-p1"].stats
    decks = [neopets_engine_deck(check(decklist_text(n))) for n in ("Demo Meridell Guard", "Demo Desert Thieves")]
    assert len(decks[0]["main"]) == 50 and len(decks[0]["neopets"]) == 3
    game = NeopetsGame(db)
    st = game.new_game(decks, seed=4)
    while game.to_move(st) is not None:
        st, _ = game.apply(st, game.default_action(st, game.to_move(st)))
    assert game.outcome(st) is not None
