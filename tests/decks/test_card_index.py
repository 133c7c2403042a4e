"""The in-memory card index: built once per process, rebuilt when the catalog changes."""
from __future__ import annotations

import pytest

from decks import card_index as card_index_module
from decks.card_index import card_index, card_index_clear, fold
from decks.models import Card, CardSet

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def fresh_index():
    card_index_clear()
    yield
    card_index_clear()


def test_the_index_is_built_once_and_reused():
    assert card_index("mlp") is card_index("mlp")
    assert len(card_index("mlp").cards) == Card.objects.filter(game__slug="mlp").count()


def test_saving_a_card_in_this_process_rebuilds_the_index_at_once():
    before = card_index("mlp")
    card = Card.objects.get(number="PR130")
    card.title = "Yay Yay!"
    card.save()
    after = card_index("mlp")
    assert after is not before and after.by_exact_name.get("Yay Yay!")


def test_an_import_by_another_process_is_seen_within_the_stamp_interval(monkeypatch):
    before = card_index("mlp")
    pr = CardSet.objects.get(code="PR")
    Card.objects.bulk_create([Card(game=pr.game, card_set=pr, guid="another-process", number="PR999", title="Fresh Card",
                                   search_name="fresh card")])  # bulk_create sends no signals, like another process
    assert card_index("mlp") is before  # within the interval the cached index is used
    monkeypatch.setattr(card_index_module, "STAMP_TTL", 0)
    assert "PR999" in card_index("mlp").by_number


def test_names_fold_case_accents_punctuation_trademarks_and_ampersands():
    assert fold("Crême de la Crême") == fold("creme de la creme")
    assert fold("Pinkie Pie™ Party Animal") == fold("Pinkie Pie, Party Animal")
    assert fold("Judge & Jury") == fold("judge and jury")
    assert fold("Ol’ Salt") == fold("Ol' Salt") == "ol salt"
