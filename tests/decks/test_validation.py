"""Format validation with rule numbers: 101 deck construction, 102.1, Harmony banlist by date, block formats,
Limited Play and the Neopets Battledome rules 2.2-2.4 and 5.x."""
from __future__ import annotations

import datetime as dt

import pytest

from decklist_helpers import LEGAL_TEXT, NEOPETS_TEXT, deck_text
from decks.deckparse import parse_deck
from decks.validation import GAME_LOSS, GAME_WARNING, validate_deck, validate_deck_input

pytestmark = pytest.mark.django_db
DAY = dt.date(2016, 9, 1)


def check(text: str, fmt: str = "mlp-harmony", on: dt.date = DAY, pool=None):
    _kind, lines, _info = parse_deck(text)
    return validate_deck(lines=lines, fmt=fmt, on=on, pool=pool)


def rules(report) -> list[str]:
    return [p.rule for p in report.problems]


def test_the_fluttershy_theme_deck_is_legal_in_harmony():
    report = check(LEGAL_TEXT)
    assert report.legal and not report.problems and report.penalty_class is None
    assert [z["count"] for z in report.zone_list] == [1, 45, 10]


def test_101_1_a_draw_deck_needs_at_least_45_cards():
    report = check(deck_text(replace=("2x Hard Hat", "1x Hard Hat")))
    assert rules(report) == ["101.1"] and "44 cards" in report.problems[0].message and not report.legal


def test_101_1_has_no_maximum_draw_deck_size():
    assert check(deck_text(add="3x Rainbow Dash, Hanging Out".replace("Rainbow Dash, Hanging Out", "Flim"))).legal


def test_101_2_no_more_than_3_copies_of_a_card_with_the_same_name_in_the_draw_deck():
    report = check(deck_text(replace=("3x Red Gala, Favorite Cousin", "4x Red Gala, Favorite Cousin")))
    assert rules(report) == ["101.2"] and "4 copies of Red Gala, Favorite Cousin" in report.problems[0].message
    assert report.problems[0].cards[0].number == "PR33" or report.problems[0].cards[0].title == "Red Gala"


def test_101_2_copies_on_separate_lines_are_counted_together():
    report = check(deck_text(add="1x PR33"))  # a fourth Red Gala, by number
    assert "101.2" in rules(report)


def test_copy_limits_count_title_and_subtitle_so_different_fluttershys_are_different_cards():
    text = deck_text(add="3x Fluttershy, Guidance Counselor\n3x Fluttershy, Animal Team")
    assert "101.2" not in rules(check(text, on=dt.date(2014, 1, 1)))


def test_101_3_a_problem_deck_has_exactly_10_problems():
    report = check(deck_text(replace=("2x Runaway Cart", "1x Runaway Cart")))
    assert rules(report) == ["101.3"] and "9 Problems" in report.problems[0].message


def test_101_3a_no_more_than_2_copies_of_a_problem():
    text = deck_text(replace=("1x A Thorn in His Paw", "3x Monster of a Minotaur"), remove="2x Monster of a Minotaur")
    text = text.replace("1x Hungry Hungry Caterpillars", "")
    report = check(text)
    assert "101.3a" in rules(report)


def test_101_3c_the_problem_deck_needs_a_starting_problem():
    no_starting = ("1x Hungry Hungry Caterpillars\n2x Monster of a Minotaur\n2x It's a Twister!\n2x Raze This Barn\n"
                   "2x Maybes are for Babies\n1x Clearing Gloomy Skies")
    text = LEGAL_TEXT[: LEGAL_TEXT.index("Problems (10)")] + "Problems\n" + no_starting
    report = check(text)
    assert "101.3c" in rules(report)
    assert not any(r == "101.3c" for r in rules(check(LEGAL_TEXT)))


def test_102_1_exactly_one_mane_character():
    two = check(deck_text(add="1x Rainbow Dash, Hanging Out"))
    none = check(deck_text(remove="1x Fluttershy, Beastmaster"))
    assert rules(two) == ["102.1"] and "2 Mane Characters" in two.problems[0].message
    assert "Rainbow Dash, Hanging Out" in two.problems[0].message
    assert rules(none) == ["102.1"] and "no Mane Character" in none.problems[0].message


def test_a_card_banned_on_2016_06_01_is_legal_in_an_event_on_2016_05_31():
    text = deck_text(replace=("2x Runaway Cart", "2x I Need Answers"))
    before, on_the_day = check(text, on=dt.date(2016, 5, 31)), check(text, on=dt.date(2016, 6, 1))
    assert before.legal
    assert not on_the_day.legal
    assert rules(on_the_day) == ["Floor rules, Format Legality (Harmony banlist)"]
    assert "I Need Answers (PR175) is banned in Harmony Constructed since 2016-06-01" in on_the_day.problems[0].message


@pytest.mark.parametrize("number,effective", [("PR16", "2015-01-30"), ("PR83", "2015-01-30"), ("CN42", "2015-01-30"),
                                              ("CG136", "2015-01-30"), ("CN65", "2015-09-23"), ("EO103", "2016-01-25"),
                                              ("CN47", "2016-07-27"), ("HM150", "2016-08-31")])
def test_every_harmony_ban_applies_from_its_effective_date(number, effective):
    day = dt.date.fromisoformat(effective)
    text = deck_text(add=f"1x {number}")
    assert any("banned" in p.message for p in check(text, on=day).problems)
    assert not any("banned" in p.message for p in check(text, on=day - dt.timedelta(days=1)).problems)


def test_cards_are_legal_only_once_released():
    text = deck_text(add="1x Rainbow Dash, Ambassador of Loyalty".replace("Rainbow Dash, Ambassador of Loyalty", "EO15"))
    report = check(text, on=dt.date(2015, 4, 1))
    assert "Floor rules, Legal Cards" in rules(report)


def test_premiere_block_allows_only_premiere_block_sets():
    assert check(LEGAL_TEXT, "mlp-premiere-block").legal
    report = check(deck_text(add="1x HM150".replace("HM150", "EO15")), "mlp-premiere-block")
    assert rules(report) == ["Floor rules, Format Legality"] and "Equestrian Odysseys is not a legal set" in report.problems[0].message


def test_supplemental_products_are_illegal_in_block_formats_but_legal_in_harmony():
    text = deck_text(add="1x Apple Strudel, Well Aged")  # Rock N Rave
    report = check(text, "mlp-premiere-block")
    assert rules(report) == ["Floor rules, Format Legality (Block Constructed)"]
    assert "supplemental product" in report.problems[0].message
    assert check(text, "mlp-harmony").legal


def test_harmony_bans_also_apply_in_block_formats():
    report = check(deck_text(add="1x PR16"), "mlp-premiere-block")
    assert rules(report) == ["Floor rules, Format Legality (Harmony banlist)"]


def test_odyssey_block_rejects_premiere_cards():
    report = check(LEGAL_TEXT, "mlp-odyssey-block")
    assert not report.legal and all(r == "Floor rules, Format Legality" for r in rules(report))


def test_521_3_tokens_cannot_be_in_a_deck():
    report = check(deck_text(add="1x Figment"))
    assert "521.3" in rules(report)


def test_an_incorrect_line_leaves_the_deck_legal_but_flagged_with_a_game_warning():
    report = check(deck_text(replace=("2x Blue Jay, Warbler", "2x Blue Jay, Warblr")))
    assert report.legal and report.flagged and report.penalty_class == GAME_WARNING
    assert [p.cls for p in report.problems] == ["incorrect"]


def test_an_invalid_line_makes_the_list_invalid_with_one_game_loss_however_many_errors():
    report = check(deck_text(add="2x Fluttershy\n1x Not A Real Card\n2x Blue Jay"))
    assert not report.legal and report.penalty_class == GAME_LOSS
    assert {p.cls for p in report.problems} == {"invalid", "incorrect"}


def test_the_report_as_json_lists_the_deck_and_every_problem_with_rule_message_and_class():
    data = check(deck_text(add="1x PR16")).as_dict()
    assert data["legal"] is False and data["format"]["slug"] == "mlp-harmony" and data["date"] == "2016-09-01"
    assert [z["label"] for z in data["deck"]] == ["Mane Character", "Draw Deck", "Problem Deck"]
    mane = data["deck"][0]["cards"][0]
    assert mane == {"qty": 1, "guid": "935e02bc-b14d-4a49-ae4d-375f567fb3ac", "number": "PR6", "name": "Fluttershy, Beastmaster",
                    "title": "Fluttershy", "subtitle": "Beastmaster", "type": "Mane Character", "set": "PR"}
    problem = data["problems"][0]
    assert problem["class"] == "invalid" and problem["penalty_class"] == "game_loss"
    assert problem["rule"].startswith("Floor rules") and problem["cards"][0]["number"] == "PR16"


# --------------------------------------------------------------------------------------------- Limited Play
LIMITED = """Mane Character
1 Rainbow Dash, Hanging Out
Draw
{draw}
Problems
3 Cloudbursting
2 {problem}
"""


def limited_pool_and_text(catalog_cards: int = 30):
    from decks.models import Card

    friends = list(Card.objects.filter(card_set__code="PR", type="Friend").order_by("id")[:catalog_cards])
    problem = Card.objects.filter(card_set__code="PR", type="Problem").exclude(keywords__icontains="Starting").order_by("id").first()
    pool = {c.guid: 1 for c in friends} | {problem.guid: 2}
    text = LIMITED.format(draw="\n".join(f"1 {c.number}" for c in friends), problem=problem.number)
    return pool, text


def test_limited_decks_need_30_draw_cards_and_exactly_5_problems_with_a_starting_problem():
    pool, text = limited_pool_and_text()
    report = check(text, "mlp-limited", pool=pool)
    assert report.legal, report.problems
    short_pool, short_text = limited_pool_and_text(29)
    assert rules(check(short_text, "mlp-limited", pool=short_pool)) == ["Limited Play, Limited Deck Construction"]


def test_limited_decks_use_only_the_players_pool_except_provided_manes_and_starting_problems():
    pool, text = limited_pool_and_text()
    # Rainbow Dash, Hanging Out (CN1) and three Cloudbursting (PR168) are provided, not in the pool.
    assert check(text, "mlp-limited", pool=pool).legal
    report = check(text + "1 Hard Hat\n", "mlp-limited", pool=pool)
    assert rules(report) == ["Limited Play, Sealed Deck Format / Booster Draft Format"]
    assert "1 Hard Hat (PR" in report.problems[0].message and "0 in the player's pool" in report.problems[0].message


def test_a_mane_not_provided_must_come_from_the_pool():
    pool, text = limited_pool_and_text()
    text = text.replace("Rainbow Dash, Hanging Out", "Fluttershy, Beastmaster")
    assert "Limited Play, Mane Characters" in rules(check(text, "mlp-limited", pool=pool))


def test_a_limited_deck_without_a_recorded_pool_is_reported():
    _pool, text = limited_pool_and_text()
    assert "no card pool" in check(text, "mlp-limited", pool=None).problems[0].message


# --------------------------------------------------------------------------------------------- Neopets
def neo(text: str):
    return check(text, "neopets-constructed")


def test_the_demo_neopets_deck_is_legal():
    report = neo(NEOPETS_TEXT)
    assert report.legal, report.problems
    assert [z["count"] for z in report.zone_list] == [3, 3, 50]


def test_2_2a_a_neopet_deck_has_3_to_5_basic_neopets():
    assert "2.2a" in rules(neo(NEOPETS_TEXT.replace("1 Demo Kougra\n", "")))
    assert "2.2a" in rules(neo(NEOPETS_TEXT.replace("1 Demo Kougra\n", "1 Demo Kougra\n1 Demo Aisha\n1 Demo Uni\n1 Demo Kacheek\n")))


def test_2_2b_every_neopet_has_a_different_species():
    report = neo(NEOPETS_TEXT.replace("1 Demo Kougra", "2 Demo Kougra"))
    assert rules(report) == ["2.2b"] and "Kougra" in report.problems[0].message


def test_2_3a_the_rainbow_pool_holds_up_to_15_cards_and_5_15b1_one_copy_of_each_faction():
    report = neo(NEOPETS_TEXT.replace("1 Demo Meridell Guard", "14 Demo Meridell Guard"))
    assert "2.3a" in rules(report) and "5.15b.1" in rules(report)


def test_2_3b_one_copy_of_each_rainbow_pool_neopet():
    assert "2.3b" in rules(neo(NEOPETS_TEXT.replace("1 Demo Rainbow Kacheek", "2 Demo Rainbow Kacheek")))


def test_2_4a_the_main_deck_has_exactly_50_cards():
    report = neo(NEOPETS_TEXT.replace("15 Demo Eo Codestone", "14 Demo Eo Codestone"))
    assert rules(report) == ["2.4a"] and "49 cards" in report.problems[0].message


def test_2_4c_at_most_2_copies_of_the_same_name_type_and_team_icon():
    text = NEOPETS_TEXT.replace("2 Demo Wooden Shield", "3 Demo Wooden Shield").replace("20 Demo Bri", "19 Demo Bri")
    assert rules(neo(text)) == ["2.4c"]


@pytest.mark.parametrize("card,rule", [("Demo Light Faerie", "5.5b"), ("Demo Jeran", "5.5b"), ("Demo Lord Kass", "5.5b"),
                                       ("Demo Babaa", "5.9b"), ("Demo Map Piece 1", "5.13b")])
def test_one_copy_of_each_faerie_hero_villain_petpet_and_map_piece(card, rule):
    text = NEOPETS_TEXT.replace(f"1 {card}", f"2 {card}").replace("20 Demo Bri", "19 Demo Bri")
    assert rules(neo(text)) == [rule]


def test_2_4d_any_number_of_codestones():
    assert neo(NEOPETS_TEXT.replace("20 Demo Bri Codestone\n15 Demo Eo Codestone", "35 Demo Bri Codestone")).legal


def test_validate_deck_input_parses_and_validates_in_one_call():
    assert validate_deck_input(data=LEGAL_TEXT.encode(), fmt="mlp-harmony", on=DAY).legal


def test_2_2a_the_neopet_deck_holds_only_basic_neopets():
    from decks.card_index import card_index_clear
    from decks.models import Card, CardSet

    demo = CardSet.objects.get(code="NDEMO")
    Card.objects.create(game=demo.game, card_set=demo, guid="neopets:test-baby-aisha", number="DX1", title="Demo Baby Aisha",
                        type="Neopet", species="Aisha", traits=[])
    try:
        report = neo(NEOPETS_TEXT.replace("1 Demo Kougra", "1 Demo Kougra\n1 Demo Baby Aisha"))
        assert rules(report) == ["2.2a"] and "not a Basic Neopet" in report.problems[0].message
    finally:
        card_index_clear()  # the card disappears with the test's transaction


# --------------------------------------------------------------------------- lines that are not what they seem


def _line_problem(report, line_no: int):
    return next(p for p in report.problems if p.line == line_no)


def test_a_negative_count_is_a_bad_quantity_not_a_list_bullet():
    report = check(deck_text(add="-3 Rarity"))
    line = len(LEGAL_TEXT.splitlines()) + 1
    assert _line_problem(report, line).message == "the quantity -3 is not between 1 and 99"
    assert check(deck_text(replace=("3 Sweet and Kind", "- 3 Sweet and Kind"))).legal  # "- " is a bullet


def test_a_huge_count_is_a_bad_quantity_with_the_limit_but_795_wing_power_is_a_card():
    report = check(deck_text(add="99999 Fluttershy"))
    line = len(LEGAL_TEXT.splitlines()) + 1
    problem = _line_problem(report, line)
    assert problem.message == "the quantity 99999 is not between 1 and 99" and problem.cards == []
    wing = check(deck_text(add="795 Wing Power"))
    assert any(card.title == "795 Wing Power" for cards in wing.zones.values() for card, _n in cards)


def test_a_note_to_the_judges_is_not_a_card_line_and_gets_no_suggestions():
    report = check(deck_text(add="hello judges"))
    line = len(LEGAL_TEXT.splitlines()) + 1
    problem = _line_problem(report, line)
    assert problem.message.startswith('"hello judges" is not a card line') and problem.cards == []
    typo = _line_problem(check("Fluttershy, Beastmastr"), 1)  # a misspelt card, even with no count, is still read
    assert "read as Fluttershy, Beastmaster" in typo.message


def octgn_titles_only(path) -> str:
    """A real OCTGN deck written the way OCTGN names cards in its lists: the title alone."""
    from decks.card_index import card_index

    index = card_index("mlp")
    _kind, lines, _info = parse_deck(path.read_bytes())
    headers = {"mane": "Mane Character", "draw": "Draw Deck", "friend": "Friends", "event": "Events",
               "resource": "Resources", "troublemaker": "Troublemakers", "problem": "Problem Deck"}
    out, section = [], None
    for line in lines:
        if line.section != section:
            section = line.section
            out.append(headers[section])
        out.append(f"{line.qty} {index.by_guid[line.guid.lower()].title}")
    return "\n".join(out)


def test_title_only_names_resolve_when_one_card_in_the_format_has_that_title_and_are_ambiguous_otherwise():
    from decklist_helpers import OCTGN

    text = octgn_titles_only(OCTGN / "gamemasterluna/Original-Theme-Decks__Rainbow-Dash-Theme-Deck.o8d")
    on = dt.date(2016, 5, 1)
    report = check(text, on=on)
    spec = report.format
    resolved = [r for r in report.lines if r.card is not None]
    assert len(resolved) >= 29 and len(report.lines) == 31  # two more than the whole game's titles allow
    for r in report.lines:
        if r.card is not None:
            assert r.card.title == r.line.name and spec.set_legal(r.card, on)
        else:  # "ambiguous", naming the candidates of the format
            assert " is ambiguous: it matches " in r.message and "legal in Harmony Constructed" in r.message
            assert len(r.suggestions) >= 2
            assert all(c.title == r.line.name and spec.set_legal(c, on) for c in r.suggestions)
