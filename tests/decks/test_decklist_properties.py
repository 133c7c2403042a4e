"""Property tests: the parser never fails on any input except with a DeckInputError, and any deck of catalog
cards exported as text or .o8d reads back as the same deck, every line resolved exactly."""
from __future__ import annotations

import datetime as dt

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from decks.card_index import card_index
from decks.deckparse import DeckInputError, parse_deck
from decks.export import decklist_to_o8d, decklist_to_text
from decks.validation import validate_deck

pytestmark = pytest.mark.django_db


@settings(max_examples=300, deadline=None)
@given(st.one_of(st.text(max_size=400), st.binary(max_size=400)))
def test_the_parser_reads_any_input_or_refuses_it_with_a_clear_error(data):
    try:
        _kind, lines, _info = parse_deck(data)
    except DeckInputError as exc:
        assert str(exc)
    else:
        assert all(line.error or 1 <= line.qty <= 99 for line in lines)


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet=st.characters(blacklist_categories=("Cs",)), min_size=1, max_size=60))
def test_any_line_resolves_to_one_of_three_classes_and_only_exact_or_incorrect_lines_name_a_card(name):
    from decks.deckparse import DeckLine
    from decks.resolution import resolve_line

    r = resolve_line(card_index("mlp"), DeckLine(qty=1, name=name, line_no=1, raw=name))
    assert r.status in ("exact", "incorrect", "invalid")
    assert (r.card is not None) == (r.status != "invalid")


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_an_exported_deck_reads_back_as_the_same_deck(data, db):
    index = card_index("mlp")
    cards = sorted((c for c in index.cards.values() if c.set_code != "TK"), key=lambda c: c.id)
    picked = data.draw(st.lists(st.sampled_from(cards), min_size=1, max_size=25, unique_by=lambda c: c.name_key))
    qtys = data.draw(st.lists(st.integers(1, 4), min_size=len(picked), max_size=len(picked)))
    entries = [{"card": c.guid, "qty": q} for c, q in zip(picked, qtys)]
    # The .o8d names each printing by its GUID; a text list names only the card, and reprints sharing a name
    # (three printings of "Seemingly Innocent Pony", QC2) are the same card for deck building: the text
    # must read back as the same cards by name, the .o8d as the same printings.
    by_printing = sorted((c.guid, q) for c, q in zip(picked, qtys))
    by_name = sorted((c.name_key, q) for c, q in zip(picked, qtys))
    name_of = {c.guid: c.name_key for c in index.cards.values()}
    for export, key, expected in ((decklist_to_text, name_of.get, by_name), (decklist_to_o8d, str, by_printing)):
        _kind, lines, _info = parse_deck(export(game="mlp", entries=entries))
        report = validate_deck(lines=lines, fmt="mlp-harmony", on=dt.date(2020, 1, 1))
        assert all(r.status == "exact" for r in report.lines), [r.message for r in report.lines if r.status != "exact"]
        got = sorted((key(c["guid"]), c["qty"]) for zone in report.zone_list for c in zone["cards"])
        assert got == expected, export.__name__
