"""Standings, tiebreakers and the floor rules tables.

MLP floor rules: "Scoring" (win 3, loss 1, draw 1, bye 3), "Swiss Rounds"
(suggested rounds table), "Participation Minimums" (4 players). Tiebreaker
definitions are in tournaments/pairing/standings.py.
"""

from __future__ import annotations


import pytest
from hypothesis import given, settings
from hypothesis import strategies as st


from tournaments.pairing import (
    DEFAULT_SCORING,
    MLP_SCORING,
    MatchRecord,
    PairingError,
    Player,
    Scoring,
    compute_standings,
    is_sanctionable,
    scoring_for_game,
    suggested_swiss_rounds,
)


def by_id(standings):
    return {s.id: s for s in standings}


# A small event computed by hand (MLP scoring):
#   round 1: A beats B, C draws D      round 2: A beats C, B beats D
#   MWP: A 2/2 = 1; B 1/2 = 0.5; C (0 + 0.5)/2 = 0.25 -> floor 0.33; D likewise 0.33
#   OMW: A avg(B .5, C .33) = .415; B avg(A 1, D .33) = .665
#        C avg(D .33, A 1) = .665;  D avg(C .33, B .5) = .415
#   OOMW: A avg(OMW B, OMW C) = .665; B avg(A, D) = .415; C avg(D, A) = .415; D avg(C, B) = .665
#   points: A 6, B 4, C 2, D 2 -> C above D on OMW.
PLAYERS = [Player(x) for x in "ABCD"]
ROUNDS = [
    [MatchRecord("A", "B", "A"), MatchRecord("C", "D", None)],
    [MatchRecord("A", "C", "A"), MatchRecord("B", "D", "B")],
]


def test_mlp_scoring_is_win_3_loss_1_draw_1_bye_3():
    assert MLP_SCORING == Scoring(win=3, loss=1, draw=1, bye=3)
    assert DEFAULT_SCORING == Scoring(win=3, loss=0, draw=1, bye=3)
    assert scoring_for_game("mlp") is MLP_SCORING
    assert scoring_for_game("neopets") is DEFAULT_SCORING


def test_it_computes_omw_and_oomw_as_worked_out_by_hand():
    s = by_id(compute_standings(PLAYERS, ROUNDS, scoring=MLP_SCORING, seed=0))
    assert [s[x].points for x in "ABCD"] == [6, 4, 2, 2]
    assert [s[x].mwp for x in "ABCD"] == [1.0, 0.5, 0.33, 0.33]
    assert [s[x].omw for x in "ABCD"] == [0.415, 0.665, 0.665, 0.415]
    assert [s[x].oomw for x in "ABCD"] == [0.665, 0.415, 0.415, 0.665]
    assert [x.id for x in compute_standings(PLAYERS, ROUNDS, scoring=MLP_SCORING, seed=0)] == list("ABCD")


def test_the_same_points_are_split_by_omw_then_oomw():
    # the three players on one win have the same points: OMW orders them
    players = [Player(x) for x in "ABCDEF"]
    rounds = [
        [MatchRecord("A", "B", "A"), MatchRecord("C", "D", "C"), MatchRecord("E", "F", "E")],
        [MatchRecord("A", "C", "A"), MatchRecord("B", "F", "B"), MatchRecord("D", "E", "D")],
    ]
    st_ = compute_standings(players, rounds, scoring=MLP_SCORING, seed=0)
    one_win = [x for x in st_ if x.wins == 1]
    assert [x.omw for x in one_win] == sorted((x.omw for x in one_win), reverse=True)
    assert [x.rank for x in st_] == list(range(1, 7))


def test_byes_count_as_wins_but_are_ignored_as_opponents():
    players = [Player(x) for x in "ABC"]
    rounds = [[MatchRecord("A", "B", "B"), MatchRecord("C", None)]]
    s = by_id(compute_standings(players, rounds, scoring=MLP_SCORING, seed=0))
    assert (s["C"].byes, s["C"].mwp, s["C"].points) == (1, 1.0, 3)
    assert s["C"].omw == 0.0  # no opponent at all
    assert s["A"].omw == 1.0  # only B counts, not the bye


def test_match_win_percentage_never_drops_below_a_third_in_mlp_style():
    players = [Player("A"), Player("B")]
    rounds = [[MatchRecord("A", "B", "A")], [MatchRecord("A", "B", "A")]]
    s = by_id(compute_standings(players, rounds, scoring=MLP_SCORING, seed=0))
    assert s["B"].mwp == 0.33
    assert s["A"].omw == 0.33


def test_pokemon_style_uses_a_quarter_floor_and_leaves_byes_out_of_ones_record():
    players = [Player(x) for x in "ABC"]
    rounds = [[MatchRecord("A", "B", "A"), MatchRecord("C", None)], [MatchRecord("C", "A", "A"), MatchRecord("B", None)]]
    mlp = by_id(compute_standings(players, rounds, scoring=MLP_SCORING, seed=0))
    pkm = by_id(compute_standings(players, rounds, scoring=MLP_SCORING, seed=0, tiebreakers="pokemon"))
    assert mlp["C"].mwp == 0.5  # (0 wins + 1 bye) / 2 rounds
    assert pkm["C"].mwp == 0.25  # 0 / 1 match, floored at 0.25
    assert pkm["A"].omw == 0.25


def test_buchholz_sums_the_opponents_points_and_median_buchholz_drops_the_extremes():
    players = [Player(x) for x in "ABCDEF"]
    rounds = [
        [MatchRecord("A", "B", "A"), MatchRecord("C", "D", "C"), MatchRecord("E", "F", "E")],
        [MatchRecord("A", "C", "A"), MatchRecord("E", "B", "E"), MatchRecord("D", "F", "D")],
        [MatchRecord("A", "E", "A"), MatchRecord("C", "F", "C"), MatchRecord("B", "D", None)],
    ]
    s = by_id(compute_standings(players, rounds, scoring=DEFAULT_SCORING, seed=0, tiebreakers="buchholz"))
    # points: A 9, B 1, C 6, D 4, E 6, F 0 ; A met B, C, E -> 1 + 6 + 6
    assert s["A"].buchholz == 13
    mb = compute_standings(players, rounds, scoring=DEFAULT_SCORING, seed=0, tiebreakers="median-buchholz")
    # C met D (4), A (9), F (0) -> median-Buchholz 4; E met F (0), B (1), A (9) -> 1: C above E
    order = [x.id for x in mb]
    assert order.index("C") < order.index("E")
    b = [x.id for x in compute_standings(players, rounds, scoring=DEFAULT_SCORING, seed=0, tiebreakers="buchholz")]
    # plain Buchholz: C 13, E 10
    assert b.index("C") < b.index("E")


def test_dropped_players_stay_in_the_standings_and_still_count_as_opponents():
    players = [Player("A"), Player("B", dropped=True), Player("C"), Player("D")]
    rounds = [[MatchRecord("A", "B", "B"), MatchRecord("C", "D", "C")]]
    s = by_id(compute_standings(players, rounds, scoring=MLP_SCORING, seed=0))
    assert s["B"].dropped and s["B"].points == 3
    assert s["A"].omw == 1.0


def test_a_late_entrants_starting_points_count_but_are_not_rounds_played():
    players = [Player("A"), Player("B"), Player("L", points=3)]
    s = by_id(compute_standings(players, [[MatchRecord("A", "B", "A")]], scoring=MLP_SCORING, seed=0))
    assert s["L"].points == 3 and s["L"].mwp == 0.33


def test_ranks_never_tie_and_the_random_last_tiebreak_follows_the_seed():
    players = [Player(f"p{k}") for k in range(12)]
    a = [s.id for s in compute_standings(players, [], seed=1)]
    assert a == [s.id for s in compute_standings(players, [], seed=1)]
    assert a != [s.id for s in compute_standings(players, [], seed=2)]
    assert [s.rank for s in compute_standings(players, [], seed=1)] == list(range(1, 13))


def test_unknown_tiebreakers_are_refused():
    with pytest.raises(PairingError, match="unknown tiebreakers 'nope'"):
        compute_standings(PLAYERS, ROUNDS, tiebreakers="nope")


def test_a_winner_who_did_not_play_the_match_is_refused():
    with pytest.raises(PairingError, match="winner 'C' did not play"):
        compute_standings(PLAYERS, [[MatchRecord("A", "B", "C")]])


@settings(max_examples=60, deadline=None)
@given(st.lists(st.tuples(st.integers(0, 5), st.integers(0, 5), st.sampled_from(["a", "b", "draw"])), max_size=30))
def test_tiebreakers_are_averages_of_the_opponents_values(matches):
    players = [Player(f"p{k}") for k in range(6)]
    rounds = []
    for a, b, w in matches:
        if a == b:
            rounds.append([MatchRecord(f"p{a}", None)])
        else:
            winner = None if w == "draw" else f"p{a}" if w == "a" else f"p{b}"
            rounds.append([MatchRecord(f"p{a}", f"p{b}", winner)])
    s = by_id(compute_standings(players, rounds, scoring=MLP_SCORING, seed=0))
    opps: dict[str, list[str]] = {p.id: [] for p in players}
    for rnd in rounds:
        for m in rnd:
            if m.b:
                opps[m.a].append(m.b)
                opps[m.b].append(m.a)
    for pid, os_ in opps.items():
        r = s[pid]
        played = r.wins + r.losses + r.draws + r.byes
        expected_mwp = max(0.33, (r.wins + r.byes + r.draws / 2) / played) if played else 0.33
        assert r.mwp == pytest.approx(expected_mwp, abs=1e-4)
        exp = sum(s[o].mwp for o in os_) / len(os_) if os_ else 0
        assert s[pid].omw == pytest.approx(exp, abs=1e-3)
        assert s[pid].points == s[pid].wins * 3 + (s[pid].losses + s[pid].draws) * 1 + s[pid].byes * 3
    ranked = compute_standings(players, rounds, scoring=MLP_SCORING, seed=0)
    keys = [(-x.points, -x.omw) for x in ranked]
    assert keys == sorted(keys)


@pytest.mark.parametrize(
    ("players", "rounds"),
    [
        (4, 3),
        (5, 4),
        (8, 4),
        (9, 5),
        (16, 5),
        (17, 6),
        (24, 6),
        (25, 7),
        (39, 7),
        (40, 8),
        (56, 8),
        (57, 9),
        (98, 9),
        (99, 10),
        (16384, 10),
    ],
)
def test_the_suggested_number_of_swiss_rounds_follows_the_floor_rules_table(players, rounds):
    # MLP floor rules, "Swiss Rounds": 4 players 3 rounds ... 99 or more players 10 rounds
    assert suggested_swiss_rounds(players) == rounds


def test_an_event_needs_four_players_to_be_sanctioned():
    # MLP floor rules, "Participation Minimums"
    assert not is_sanctionable(3)
    assert is_sanctionable(4)
    assert suggested_swiss_rounds(3) == 2


def test_a_double_loss_is_a_loss_for_both_players():
    # floor rules, "Game Loss": both players penalised in the same game both receive a loss
    players = [Player("A"), Player("B")]
    rounds = [[MatchRecord("A", "B", None, double_loss=True)]]
    for scoring in (MLP_SCORING, DEFAULT_SCORING):
        s = by_id(compute_standings(players, rounds, scoring=scoring, seed=0))
        assert (s["A"].losses, s["A"].draws, s["A"].points) == (1, 0, scoring.loss)
        assert (s["B"].losses, s["B"].points) == (1, scoring.loss)
    with pytest.raises(PairingError, match="double loss and cannot have a winner"):
        compute_standings(players, [[MatchRecord("A", "B", "A", double_loss=True)]])


def test_missed_rounds_given_as_losses_or_byes_count_in_the_record_and_the_points():
    players = [Player("a"), Player("b"), Player("late", missed_losses=2), Player("bye", missed_byes=1)]
    rounds = [[MatchRecord("a", "b", "a")]]
    rows = {s.id: s for s in compute_standings(players, rounds, scoring=MLP_SCORING, seed=0)}
    assert (rows["late"].points, rows["late"].losses, rows["late"].wins) == (2, 2, 0)  # Scoring: Loss 1 each
    assert (rows["bye"].points, rows["bye"].byes) == (3, 1)  # Scoring: Bye 3
    assert rows["late"].mwp == pytest.approx(0.33, abs=0.01)  # two losses: the MWP floor
