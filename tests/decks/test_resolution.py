"""Finding cards from decklist lines, classified as the floor rules do (Deck Lists): exact, incorrect, invalid."""
from __future__ import annotations

import pytest

from decks.card_index import card_index
from decks.deckparse import DeckLine
from decks.resolution import EXACT, INCORRECT, INVALID, resolve_line

pytestmark = pytest.mark.django_db


def resolve(name: str, *, guid: str = "", section: str = ""):
    return resolve_line(card_index("mlp"), DeckLine(qty=1, name=name, guid=guid, section=section, line_no=1, raw=name))


def test_an_octgn_guid_resolves_exactly_whatever_the_name_says():
    r = resolve("Fluttershy", guid="935e02bc-b14d-4a49-ae4d-375f567fb3ac")
    assert (r.status, r.how, r.card.number) == (EXACT, "guid", "PR6")


def test_the_guid_of_a_promo_that_exists_only_in_a_comment_resolves_to_its_reprint():
    r = resolve("Rainbow Dash", guid="9f258468-001f-4f8b-a81b-25183397fb59")  # PRpf1 = PR212
    assert (r.status, r.card.number) == (EXACT, "PR212")


def test_a_set_number_resolves_exactly_in_any_common_spelling():
    for text in ("PR16", "pr16", "PR #16", "PR 16"):
        r = resolve(text)
        assert (r.status, r.how, r.card.full_name) == (EXACT, "number", "Rainbowshine, Cloud Wrangler"), text


def test_a_set_number_shared_by_several_tokens_is_invalid():
    r = resolve("T1")
    assert r.status == INVALID and "4 different cards" in r.message


def test_a_promo_alias_number_resolves_to_its_reprint():
    assert resolve("PRpf1").card.number == "PR212"


def test_the_exact_full_name_resolves_exactly():
    r = resolve("Rainbow Dash, Hanging Out")
    assert (r.status, r.how, r.card.number) == (EXACT, "name", "CN1")


@pytest.mark.parametrize("text", [
    "rainbow dash hanging out", "Crême de la Crême", "Creme de la Creme", "I Can Fix it!", "Pinkie Pie™ Party Animal",
    "Lady Justice, Judge and Jury", "Lady Justice Judge & Jury", "Ol’ Salt, Salt Blocked",
])
def test_case_accents_punctuation_trademarks_and_ampersands_are_forgiven(text):
    r = resolve(text)
    assert r.status == EXACT and r.how in ("name", "folded"), (text, r.message)


def test_a_misspelt_name_that_still_identifies_one_card_is_an_incorrect_line():
    r = resolve("Rainbow Dash Flier Extraodinaire")
    assert (r.status, r.how, r.card.number) == (INCORRECT, "fuzzy", "PR1")
    assert "Game Warning" in r.message and "Deck Lists" in r.message


def test_a_title_without_subtitle_is_incorrect_when_only_one_card_has_that_title():
    r = resolve("Blue Jay")
    assert (r.status, r.card.full_name) == (INCORRECT, "Blue Jay, Warbler")
    assert "leaves out the subtitle" in r.message


def test_fluttershy_alone_is_invalid_because_it_matches_many_printings():
    r = resolve("Fluttershy")
    assert r.status == INVALID and r.card is None
    assert "34" in r.message or "27 different cards" in r.message or "different cards" in r.message
    assert "omitting a subtitle" in r.message
    assert len(r.suggestions) == 10 and all(c.title == "Fluttershy" for c in r.suggestions)


def test_a_bare_title_under_the_mane_character_header_is_still_invalid_when_several_manes_have_it():
    r = resolve("Fluttershy", section="mane")
    assert r.status == INVALID and "6 different cards" in r.message
    assert {c.type for c in r.suggestions} == {"Mane Character"}


def test_the_section_header_can_make_a_bare_title_unique():
    # "Applejack" under Mane Character: several Applejack Manes exist, so it stays invalid;
    # "Screwy" has two Friends; a unique Mane title resolves as an incorrect (subtitle left out) line.
    r = resolve("Dr. Hooves", section="mane")
    assert r.status == INCORRECT and r.card.full_name == "Dr. Hooves, Time Walker"


def test_an_unknown_card_is_invalid_and_suggests_the_likely_cards():
    r = resolve("Rainbow Dash, Pirate Queen")
    assert r.status == INVALID and r.card is None
    assert r.suggestions and any(c.title == "Rainbow Dash" for c in r.suggestions[:3])
    assert "did you mean" in r.message


def test_nonsense_is_invalid():
    r = resolve("qwertyuiop asdfgh")
    assert r.status == INVALID and r.card is None


def test_a_set_number_written_next_to_a_bare_title_identifies_the_printing():
    from decks.deckparse import parse_deck

    _, lines, _ = parse_deck("1 Fluttershy (PR6)\n1 Fluttershy, Beastmaster (PR6)")
    results = [resolve_line(card_index("mlp"), line) for line in lines]
    assert [(r.status, r.how, r.card.full_name) for r in results] == [
        (EXACT, "number", "Fluttershy, Beastmaster"), (EXACT, "number", "Fluttershy, Beastmaster")]


def test_a_set_number_that_contradicts_the_name_is_not_trusted():
    from decks.deckparse import parse_deck

    _, lines, _ = parse_deck("1 Rainbow Dash, Hanging Out (PR6)")
    r = resolve_line(card_index("mlp"), lines[0])
    assert r.card.number == "CN1"
