"""The real OCTGN deck files of ../shared/decklists/octgn load, resolve, and are judged by the right rules.

Quirks covered: byte-order marks, other OCTGN game ids whose card ids are unknown here (brocksparkmagic-2013,
resolved by name: "Pinkie Pie™ Party Animal"), misspelt names, Mane Characters in the Friends section
(ponycards-unfixed), and a partial test deck with bare titles (torrentails-testdeck).
"""
from __future__ import annotations

import datetime as dt

import pytest

from decklist_helpers import OCTGN
from decks.validation import GAME_LOSS, GAME_WARNING, validate_deck_input

pytestmark = pytest.mark.django_db
BAN = "Floor rules, Format Legality (Harmony banlist)"
LINES = "Floor rules, Deck Lists"
TODAY = dt.date(2026, 11, 22)

# file -> (legal in Harmony today, the rules its problems cite, penalty class)
EXPECTED = {
    "brocksparkmagic-2013/Fluttershy-Starter-Deck.o8d": (True, [], None),
    "brocksparkmagic-2013/Pinkie-Pie-Starter-Deck.o8d": (True, [LINES], GAME_WARNING),  # "Flitter™ Ribbion Wielder"
    "brocksparkmagic-2013/Rainbow-Dash-and-Rarity-Starter-Deck.o8d": (False, [LINES, BAN, "102.1"], GAME_LOSS),
    "brocksparkmagic-2013/Twilight-Sparkle-and-Applejack-Starter-Deck.o8d": (False, [BAN, "102.1"], GAME_LOSS),
    "gamemasterluna/Enhanced-Theme-Decks__Applejack-Theme-Enhanced.o8d": (False, [BAN], GAME_LOSS),
    "gamemasterluna/Enhanced-Theme-Decks__Fluttershy-Theme-Enhanced.o8d": (True, [], None),
    "gamemasterluna/Enhanced-Theme-Decks__Pinkie-Pie-Theme-Enhanced-(fixed).o8d": (True, [], None),
    "gamemasterluna/Enhanced-Theme-Decks__Rainbow-Dash-Theme-Enhanced.o8d": (True, [], None),
    "gamemasterluna/Enhanced-Theme-Decks__Rarity-Theme-Deck-Enhanced-(fixed).o8d": (True, [], None),
    "gamemasterluna/Enhanced-Theme-Decks__Twilight-Sparkle-Theme-Enhanced.o8d": (False, [BAN], GAME_LOSS),
    "gamemasterluna/Original-Theme-Decks__Applejack-Theme-Deck.o8d": (False, [BAN], GAME_LOSS),
    "gamemasterluna/Original-Theme-Decks__Fluttershy-Theme-Deck.o8d": (True, [], None),
    "gamemasterluna/Original-Theme-Decks__Pinkie-Pie-Theme-Deck.o8d": (True, [], None),
    "gamemasterluna/Original-Theme-Decks__Rainbow-Dash-Theme-Deck.o8d": (False, [BAN], GAME_LOSS),
    "gamemasterluna/Original-Theme-Decks__Rarity-Theme-Deck.o8d": (False, [BAN], GAME_LOSS),
    "gamemasterluna/Original-Theme-Decks__Twilight-Sparkle-Theme-Deck.o8d": (False, [BAN], GAME_LOSS),
    "ponycards-unfixed/Enhanced-Theme-Decks__Pinkie-Pie-Theme-Enhanced.o8d": (False, ["102.1", "101.1"], GAME_LOSS),
    "ponycards-unfixed/Enhanced-Theme-Decks__Rarity-Theme-Deck-Enhanced.o8d": (False, ["102.1", "101.1"], GAME_LOSS),
    "torrentails-testdeck/testdeck.o8d": (False, [LINES] * 7 + ["102.1", "101.1", "101.3"], GAME_LOSS),
}


def report_for(name: str, on: dt.date = TODAY):
    return validate_deck_input(data=(OCTGN / name).read_bytes(), fmt="mlp-harmony", on=on)


def test_every_real_deck_file_is_covered():
    assert sorted(str(p.relative_to(OCTGN)) for p in OCTGN.rglob("*.o8d")) == sorted(EXPECTED)


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_each_real_octgn_deck_is_judged_by_the_right_rules(name):
    legal, rules, penalty = EXPECTED[name]
    report = report_for(name)
    assert report.legal is legal
    assert [p.rule for p in report.problems] == rules, [p.message for p in report.problems]
    assert report.penalty_class == penalty


@pytest.mark.parametrize("name", [n for n in sorted(EXPECTED) if not n.startswith("torrentails")])
def test_every_line_of_the_complete_decks_resolves_to_a_card(name):
    report = report_for(name)
    assert all(r.card is not None for r in report.lines)
    assert sum(z["count"] for z in report.zone_list) >= 56


def test_starter_decks_from_an_old_set_file_resolve_by_name_with_a_note():
    report = report_for("brocksparkmagic-2013/Fluttershy-Starter-Deck.o8d")
    assert {r.how for r in report.lines} <= {"name", "folded"}
    assert report.zone_list[0]["cards"][0]["name"] == "Fluttershy, Beastmaster"
    assert any("another OCTGN game definition" in n for n in report.notes)


def test_the_theme_decks_banned_cards_were_legal_before_their_bans():
    assert report_for("gamemasterluna/Original-Theme-Decks__Applejack-Theme-Deck.o8d", dt.date(2016, 5, 31)).legal
    assert report_for("gamemasterluna/Original-Theme-Decks__Rarity-Theme-Deck.o8d", dt.date(2015, 1, 29)).legal
    assert not report_for("gamemasterluna/Original-Theme-Decks__Rarity-Theme-Deck.o8d", dt.date(2015, 1, 30)).legal


def test_a_mane_character_in_the_friends_section_is_counted_as_a_mane_with_a_note():
    report = report_for("ponycards-unfixed/Enhanced-Theme-Decks__Rarity-Theme-Deck-Enhanced.o8d")
    assert "3 Rarity, Dazzling Fashionista (PR5)" in report.problems[0].message
    assert any("Mane Character listed under another section" in n for n in report.notes)


def test_the_partial_test_deck_flags_bare_titles_and_suggests_the_printings():
    report = report_for("torrentails-testdeck/testdeck.o8d")
    invalid = [p for p in report.problems if p.cls == "invalid" and p.rule == LINES]
    incorrect = [p for p in report.problems if p.cls == "incorrect"]
    assert [p.message.split('"')[1] for p in invalid] == ["Fluttershy", "Fluttershy", "Cloudchaser", "Screwy"]
    assert [p.cards[0].full_name for p in incorrect] == ["Blue Jay, Warbler", "Berry Dreams, Pom-Pom Pony",
                                                          "Hummingway, Fine Feathered Friend"]
    assert all(c.type == "Mane Character" for c in invalid[0].cards)
