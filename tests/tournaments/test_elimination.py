"""Single-elimination top cut.

MLP floor rules, "Tier 1 Rules" / "Elimination Rounds" (top 4 for 16 or
fewer players, top 8 for 17+, highest seed against lowest, single
elimination), "End of Match Procedures" (no draws in elimination rounds),
Tier 2 "Match Structure" (single game) and Tier 3 "Match Structure" (best
two out of three).
"""

from __future__ import annotations


import pytest


from tournaments.pairing import (
    MatchRecord,
    PairingError,
    Player,
    bracket_advance,
    bracket_seed,
    compute_standings,
    elimination_best_of,
    top_cut_plan,
    top_cut_size,
)
from tournaments.pairing.elimination import bracket_order


@pytest.mark.parametrize(("players", "cut"), [(4, 4), (9, 4), (16, 4), (17, 8), (64, 8), (16384, 8), (3, 2), (1, 0)])
def test_the_top_cut_is_four_up_to_16_players_and_eight_from_17(players, cut):
    assert top_cut_size(players) == cut


def test_the_cut_goes_by_the_players_who_started_not_those_still_in():
    # Tier 1 Rules, Elimination Rounds: "For events with 17 or more players, the top eight".
    assert top_cut_size(16, event_size=17) == 8  # 17 started, one dropped: still a top 8
    plan = top_cut_plan(active=16, event_size=17)
    assert (plan.wanted, plan.size, plan.short) == (8, 8, False)
    assert plan.describe() == "Top 8 cut from 17 players."


def test_a_field_smaller_than_the_cut_is_cut_to_what_exists_and_says_so():
    plan = top_cut_plan(active=7, event_size=17)
    assert (plan.wanted, plan.size, plan.short) == (8, 4, True)
    assert plan.describe() == (
        "Top 4 cut from 17 players: a top 8 was due, but only 7 players are still in, so the cut is to the top 4.")
    assert top_cut_plan(active=5, event_size=9, requested=8).size == 4  # the organiser's choice shrinks too
    assert top_cut_plan(active=1, event_size=9).size == 0
    with pytest.raises(PairingError, match="power of two"):
        top_cut_plan(active=9, event_size=9, requested=6)


def test_the_organiser_may_choose_another_power_of_two_cut():
    assert top_cut_size(40, override=16) == 16
    assert top_cut_size(40, override=2) == 2
    with pytest.raises(PairingError, match="power of two"):
        top_cut_size(40, override=6)
    with pytest.raises(PairingError, match="larger than the field"):
        top_cut_size(10, override=16)


def test_a_top_eight_pairs_1_8_4_5_2_7_3_6():
    seeds = [f"s{k}" for k in range(1, 11)]
    b = bracket_seed(seeds, 8)
    assert [(m.seed_a, m.seed_b) for m in b.pairings] == [(1, 8), (4, 5), (2, 7), (3, 6)]
    assert [(m.a, m.b) for m in b.pairings][0] == ("s1", "s8")
    assert bracket_order(4) == [1, 4, 2, 3]


def test_the_bracket_is_seeded_from_the_final_swiss_standings_skipping_dropped_players():
    players = [Player(x) for x in "ABCD"] + [Player("E", dropped=True)]
    rounds = [[MatchRecord("E", "A", "E"), MatchRecord("B", "C", "B"), MatchRecord("D", None)]]
    standings = compute_standings(players, rounds, seed=0)
    b = bracket_seed(standings, 4)
    assert "E" not in b.seeds
    assert b.seeds[0] in ("B", "D")


def test_winners_advance_in_a_fixed_bracket_until_a_champion_remains():
    b = bracket_seed([f"s{k}" for k in range(1, 9)], 8)
    # upsets: 8 beats 1, 5 beats 4
    b = bracket_advance(
        b,
        [
            MatchRecord("s1", "s8", "s8"),
            MatchRecord("s4", "s5", "s5"),
            MatchRecord("s2", "s7", "s2"),
            MatchRecord("s3", "s6", "s3"),
        ],
    )
    assert [(m.a, m.b) for m in b.pairings] == [("s5", "s8"), ("s2", "s3")]
    b = bracket_advance(b, {"s8": "s8", "s2": "s3"})
    assert [(m.a, m.b) for m in b.pairings] == [("s3", "s8")]
    b = bracket_advance(b, [MatchRecord("s3", "s8", "s3")])
    assert b.champion == "s3"
    assert b.pairings == ()
    with pytest.raises(PairingError, match="finished"):
        bracket_advance(b, [])


def test_an_elimination_match_cannot_end_in_a_draw():
    b = bracket_seed(["a", "b", "c", "d"], 4)
    with pytest.raises(PairingError, match="cannot end in a draw"):
        bracket_advance(b, [MatchRecord("a", "d", None), MatchRecord("b", "c", "b")])


def test_every_match_needs_a_result_from_its_own_players():
    b = bracket_seed(["a", "b", "c", "d"], 4)
    with pytest.raises(PairingError, match="missing elimination result"):
        bracket_advance(b, [MatchRecord("a", "d", "a")])
    with pytest.raises(PairingError, match="'a' plays 'd' in this round, not 'b'"):
        bracket_advance(b, [MatchRecord("a", "b", "a")])
    with pytest.raises(PairingError, match="does not play"):
        bracket_advance(b, [MatchRecord("z", "d", "z")])
    with pytest.raises(PairingError, match="winner 'c' did not play"):
        bracket_advance(b, [MatchRecord("a", "d", "c"), MatchRecord("b", "c", "b")])


def test_a_bracket_needs_enough_active_players():
    with pytest.raises(PairingError, match="needs 8 players"):
        bracket_seed(["a", "b", "c"], 8)


def test_tier_three_elimination_matches_are_best_of_three_and_lower_tiers_one_game():
    assert elimination_best_of(1) == 1
    assert elimination_best_of(2) == 1
    assert elimination_best_of(3) == 3
    assert bracket_seed(["a", "b"], 2, best_of=elimination_best_of(3)).best_of == 3
    with pytest.raises(PairingError):
        elimination_best_of(4)


def test_an_elimination_match_cannot_end_in_a_double_loss():
    b = bracket_seed(["a", "b"], 2)
    with pytest.raises(PairingError, match="needs a winner"):
        bracket_advance(b, [MatchRecord("a", "b", None, double_loss=True)])
