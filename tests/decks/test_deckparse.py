"""Reading decklists: plain text as the community writes it, OCTGN .o8d files, JSON; bad input refused."""
from __future__ import annotations

import pytest

from decks.deckparse import MAX_DECK_BYTES, DeckInputError, parse_deck, section_key

from decklist_helpers import FIXTURES


def test_it_reads_counts_written_in_every_community_style():
    kind, lines, _ = parse_deck("3x Rainbow Dash, Hanging Out\n2 x Yay!\nx1 Hard Hat\nDuck and Cover x2\n3 PR16\n2X Too Much Pie")
    assert kind == "text"
    assert [(l.qty, l.name) for l in lines] == [
        (3, "Rainbow Dash, Hanging Out"), (2, "Yay!"), (1, "Hard Hat"), (2, "Duck and Cover"), (3, "PR16"), (2, "Too Much Pie"),
    ]


def test_a_line_without_a_count_means_one_copy():
    _, lines, _ = parse_deck("Fluttershy, Beastmaster")
    assert lines[0].qty == 1 and not lines[0].qty_given


def test_a_name_starting_with_a_number_is_not_read_as_a_count():
    _, lines, _ = parse_deck("20% Cooler\n2 20% Cooler")
    assert [(l.qty, l.name) for l in lines] == [(1, "20% Cooler"), (2, "20% Cooler")]


def test_section_headers_set_the_section_of_the_lines_below_them():
    _, lines, _ = parse_deck("Mane Character\nFluttershy, Beastmaster\n\nFriends (28)\n2 Blue Jay, Warbler\n## Problems\n2 Runaway Cart\nProblem Deck: 10\n1 Yay!")
    assert [l.section for l in lines] == ["mane", "friend", "problem", "problem"]


def test_comments_and_totals_are_skipped():
    _, lines, _ = parse_deck("// my deck\n# sideboard ideas\n3 Yay!\nTotal: 45 cards")
    assert [l.name for l in lines] == ["Yay!"]


@pytest.mark.parametrize("header,key", [("Mane Character:", "mane"), ("Draw Deck (45)", "draw"), ("Troublemakers", "troublemaker"),
                                        ("Neopet Deck", "neopet"), ("Rainbow Pool", "rainbow"), ("Main Deck", "main"), ("Blue Jay", "")])
def test_headers_are_recognised_in_the_usual_spellings(header, key):
    assert section_key(header) == key


def test_it_reads_an_octgn_deck_with_a_byte_order_mark_and_another_game_id():
    kind, lines, info = parse_deck((FIXTURES / "handwritten.o8d").read_bytes())
    assert kind == "o8d"
    assert info["game_id"] == "00000000-0000-0000-0000-000000000000"
    assert lines[0].guid == "935e02bc-b14d-4a49-ae4d-375f567fb3ac" and lines[0].section == "mane"
    assert [l.qty for l in lines] == [1, 3, 2, 1, 2]


def test_it_reads_json_entries():
    kind, lines, _ = parse_deck('[{"card": "PR16", "qty": 3, "section": "Friends"}, {"card": "Yay!"}]')
    assert kind == "json" and [(l.qty, l.name, l.section) for l in lines] == [(3, "PR16", "friend"), (1, "Yay!", "")]


def test_a_quantity_out_of_range_is_kept_as_an_unreadable_line():
    _, lines, _ = parse_deck("0 Yay!\n120x Hard Hat")
    assert all(l.error for l in lines)


def test_a_20_mb_upload_is_refused_before_it_is_read():
    with pytest.raises(DeckInputError, match="larger than"):
        parse_deck(b"3 Yay!\n" * (20 * 1024 * 1024 // 7))


def test_a_deck_just_over_the_limit_is_refused_and_one_under_is_read():
    with pytest.raises(DeckInputError):
        parse_deck(b"x" * (MAX_DECK_BYTES + 1))


def test_binary_data_is_refused_with_a_clear_error():
    with pytest.raises(DeckInputError, match="binary"):
        parse_deck(bytes(range(256)) * 10)
    with pytest.raises(DeckInputError, match="binary"):
        parse_deck(b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR")


BILLION_LAUGHS = """<?xml version="1.0"?>
<!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">
<!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">]>
<deck><section name="Friends"><card qty="1" id="x">&lol3;</card></section></deck>"""
EXTERNAL_ENTITY = """<?xml version="1.0"?>
<!DOCTYPE deck [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>
<deck><section name="Friends"><card qty="1" id="x">&xxe;</card></section></deck>"""


def test_entity_expansion_billion_laughs_is_refused():
    with pytest.raises(DeckInputError, match="refused"):
        parse_deck(BILLION_LAUGHS)


def test_external_entities_are_refused():
    with pytest.raises(DeckInputError, match="refused"):
        parse_deck(EXTERNAL_ENTITY)


def test_malformed_xml_and_other_xml_documents_are_refused():
    with pytest.raises(DeckInputError, match="well-formed"):
        parse_deck("<deck><section name='Friends'><card qty='1'>Yay!</section>")
    with pytest.raises(DeckInputError, match="root element"):
        parse_deck("<html><body>hello</body></html>")


def test_malformed_json_and_empty_input_are_refused():
    with pytest.raises(DeckInputError, match="JSON"):
        parse_deck('[{"card": "Yay!", ')
    with pytest.raises(DeckInputError, match="empty"):
        parse_deck("   \n ")
    with pytest.raises(DeckInputError, match='"card"'):
        parse_deck('[{"qty": 2}]')


def test_a_card_name_that_starts_with_a_big_number_is_not_a_count():
    _, lines, _ = parse_deck("795 Wing Power\n2x 795 Wing Power")
    assert [(l.qty, l.name) for l in lines] == [(1, "795 Wing Power"), (2, "795 Wing Power")]


def test_a_set_number_next_to_the_name_is_kept_as_a_hint():
    _, lines, _ = parse_deck("3x Rainbow Dash, Hanging Out (CN1)\n2 Yay! [PR130]")
    assert [(l.name, l.number) for l in lines] == [("Rainbow Dash, Hanging Out", "CN1"), ("Yay!", "PR130")]


def test_a_minus_sign_before_a_count_is_a_bad_quantity_and_a_dash_with_a_space_is_a_bullet():
    _, lines, _ = parse_deck("-3 Rarity\n- 2 Yay!\n* Hard Hat")
    assert [(l.qty, l.name, l.error) for l in lines] == [
        (-3, "Rarity", "the quantity -3 is not between 1 and 99"), (2, "Yay!", ""), (1, "Hard Hat", "")]


def test_a_count_too_big_to_be_real_is_kept_for_resolution_to_decide():
    _, lines, _ = parse_deck("99999 Fluttershy")
    assert (lines[0].qty, lines[0].name, lines[0].oversized_qty) == (1, "99999 Fluttershy", 99999)
