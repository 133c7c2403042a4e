"""The OCTGN set parser on the project's own mini set and on hostile input."""
from __future__ import annotations

from pathlib import Path

import pytest

from decks.sources.octgn_xml import CardDataError, Requirement, parse_set_bytes, parse_set_file

MINI = Path(__file__).parent.parent / "fixtures" / "cards" / "Mini-Set.octgn-set"


def test_it_renames_the_misspelt_premiere_set():
    assert parse_set_file(MINI).name == "Premiere"


def test_it_reads_a_mane_with_its_boosted_side_and_home_limits():
    mane = parse_set_file(MINI).cards[0]
    assert mane.front.home_limit == 3 and mane.front.power == 1
    assert mane.boosted.home_limit == 4 and mane.boosted.power == 3
    assert mane.boosted.keywords == ("Swift",)  # keyword written on the text's first line
    assert mane.boosted.text == "Your Friends have +1 power."


def test_it_reads_two_colors_three_requirements_and_keywords_with_periods():
    friend = parse_set_file(MINI).cards[1]
    assert friend.front.colors == ("Honesty", "Kindness")
    assert friend.front.play_requirements == (Requirement("Honesty", 2), Requirement("Kindness", 1))
    assert friend.front.keywords == ("Stubborn", "Swift", "Hasty")
    assert friend.front.is_unique


def test_colorless_written_as_none_is_no_color():
    assert parse_set_file(MINI).cards[2].front.colors == ()


def test_it_reads_problem_requirements_for_owner_and_opponent():
    problem = parse_set_file(MINI).cards[3].front
    assert problem.keywords == ("Starting Problem",)
    assert problem.problem_requirements == (Requirement("Wild", 3), Requirement("Not Magic", 2))
    assert problem.problem_opponent_power == 6 and problem.bonus == 1


def test_it_refuses_entity_expansion():
    bomb = b"""<?xml version="1.0"?><!DOCTYPE set [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;">]>
    <set name="&b;"><cards/></set>"""
    with pytest.raises(CardDataError, match="unsafe XML"):
        parse_set_bytes(bomb, file="bomb.xml")


def test_it_refuses_external_entities():
    xxe = b"""<?xml version="1.0"?><!DOCTYPE set [<!ENTITY x SYSTEM "file:///etc/passwd">]><set name="&x;"><cards/></set>"""
    with pytest.raises(CardDataError, match="unsafe XML"):
        parse_set_bytes(xxe, file="xxe.xml")


def test_a_bad_number_names_the_file_and_the_card():
    data = MINI.read_bytes().replace(b'name="Power" value="2"', b'name="Power" value="two"')
    with pytest.raises(CardDataError) as err:
        parse_set_bytes(data, file="Mini-Set.octgn-set")
    assert "Mini-Set.octgn-set" in str(err.value) and "Dual Friend" in str(err.value) and "'two'" in str(err.value)
