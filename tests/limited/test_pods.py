"""Pods, seating, passing and timers (floor rules, Booster Draft Format): the pure functions."""
from __future__ import annotations

import datetime as dt
import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from limited.pods import (
    LEFT, RIGHT, check_pod_sizes, draft_pack_order, next_seat, opener_of_pack_at, pass_direction, pick_seconds,
    pod_sizes, seat_pods,
)


@pytest.mark.parametrize("players, sizes", [(8, [8]), (17, [9, 8]), (16, [8, 8]), (12, [6, 6]), (5, [5]),
                                             (24, [8, 8, 8]), (10, [10]), (1, [1])])
def test_judges_divide_players_into_roughly_equal_pods_of_about_eight(players, sizes):
    assert pod_sizes(players) == sizes


@given(st.integers(min_value=1, max_value=400))
def test_pods_hold_everyone_and_differ_by_at_most_one(players):
    sizes = pod_sizes(players)
    assert sum(sizes) == players and max(sizes) - min(sizes) <= 1


def test_the_organiser_may_override_the_pod_sizes_if_they_add_up():
    assert check_pod_sizes([6, 6, 5], 17) == [6, 6, 5]
    with pytest.raises(ValueError, match="add up to 16"):
        check_pod_sizes([8, 8], 17)
    with pytest.raises(ValueError, match="at least 2"):
        check_pod_sizes([16, 1], 17)


def test_seating_is_random_but_repeats_for_the_same_seed():
    players = list(range(17))
    first = seat_pods(players, [9, 8], random.Random("s"))
    assert first == seat_pods(players, [9, 8], random.Random("s"))
    assert sorted(p for pod in first for p in pod) == players
    assert first != seat_pods(players, [9, 8], random.Random("t"))
    assert [len(p) for p in first] == [9, 8]


def test_packs_one_and_three_pass_left_two_and_four_right():
    assert [pass_direction(n) for n in range(4)] == [LEFT, RIGHT, LEFT, RIGHT]
    assert next_seat(7, pack_number=0, pod_size=8) == 0  # left, round the table
    assert next_seat(0, pack_number=1, pod_size=8) == 7  # right


def test_the_pack_in_front_of_a_seat_came_from_its_right_in_a_left_passing_pack():
    # Pack 1 passes left: at pick 2 seat 3 holds the pack seat 2 opened; at pick 3 the one seat 1 opened.
    assert opener_of_pack_at(3, pack_number=0, pick_number=1, pod_size=8) == 2
    assert opener_of_pack_at(3, pack_number=0, pick_number=2, pod_size=8) == 1
    # Pack 2 passes right: it comes from the other side.
    assert opener_of_pack_at(3, pack_number=1, pick_number=1, pod_size=8) == 4
    # Every pack is in front of exactly one seat at every pick.
    for pick in range(12):
        assert sorted(opener_of_pack_at(s, pack_number=2, pick_number=pick, pod_size=9) for s in range(9)) == list(range(9))


def test_boosters_are_opened_newest_set_first():
    dates = {"PR": dt.date(2013, 5, 1), "CN": dt.date(2013, 11, 1), "CG": dt.date(2014, 5, 1), "AD": dt.date(2014, 11, 1)}
    assert draft_pack_order(["PR", "CN", "CG", "AD"], dates) == ["AD", "CG", "CN", "PR"]
    odyssey = {"EO": dt.date(2015, 5, 1), "HM": dt.date(2015, 10, 1), "MT": dt.date(2016, 2, 1)}
    assert draft_pack_order(["EO", "MT", "HM", "MT"], odyssey) == ["MT", "MT", "HM", "EO"]


def test_the_pick_timer_shortens_as_the_pack_empties():
    times = [pick_seconds(left, 12, maximum=75, minimum=10) for left in range(12, 0, -1)]
    assert times[0] == 75 and times[-1] == 10
    assert times == sorted(times, reverse=True)
    assert pick_seconds(5, 12, maximum=0, minimum=10) == 0  # no timer
