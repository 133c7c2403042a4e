"""Swiss pairing: worked examples, brute-force optimality and properties.

Rules: MLP floor rules "Scoring" (win 3, loss 1, draw 1, bye 3 - a bye
scores as a win) and "Swiss Rounds". Pairing policy (no avoidable rematch,
nearest score group, bye to the lowest-ranked player without one) is the
engine's documented objective, see tournaments/pairing/swiss.py.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st


from tournaments.pairing import (
    DEFAULT_SCORING,
    MLP_SCORING,
    MatchRecord,
    PairingError,
    Player,
    compute_standings,
    pair_swiss,
)

# ---------------------------------------------------------------------------
# helpers
# ---------------------------------------------------------------------------


def tally(players, rounds, scoring):
    pts = {p.id: p.points for p in players}
    byes = {p.id: 0 for p in players}
    met: dict[frozenset, int] = {}
    for rnd in rounds:
        for m in rnd:
            if m.b is None:
                pts[m.a] += scoring.bye
                byes[m.a] += 1
                continue
            met[frozenset((m.a, m.b))] = met.get(frozenset((m.a, m.b)), 0) + 1
            if m.winner is None:
                pts[m.a] += scoring.draw
                pts[m.b] += scoring.draw
            else:
                loser = m.b if m.winner == m.a else m.a
                pts[m.winner] += scoring.win
                pts[loser] += scoring.loss
    return pts, byes, met


def perfect_matchings(ids):
    if not ids:
        yield []
        return
    first, rest = ids[0], ids[1:]
    for k, other in enumerate(rest):
        for sub in perfect_matchings(rest[:k] + rest[k + 1 :]):
            yield [(first, other)] + sub


def objective_fn(players, rounds, scoring, seed):
    """Returns f(pairs) -> (rematch cost, bye penalty, squared disparity), the
    lexicographic objective documented in tournaments/pairing/swiss.py."""
    pts, byes, met = tally(players, rounds, scoring)
    active = [p.id for p in players if not p.dropped]
    st_rank = {s.id: s.rank for s in compute_standings(players, rounds, scoring=scoring, seed=seed)}
    fewest = min((byes[x] for x in active), default=0)
    cands = sorted((x for x in active if byes[x] == fewest), key=lambda x: -st_rank[x])

    def f(pairs):
        rem = pen = sq = 0
        for a, b in pairs:
            if b is None:
                pen += cands.index(a)
            else:
                rem += met.get(frozenset((a, b)), 0)
                sq += (pts[a] - pts[b]) ** 2
        return rem, pen, sq

    return f


def objective(players, rounds, scoring, seed, pairs):
    return objective_fn(players, rounds, scoring, seed)(pairs)


def brute_force_best(players, rounds, scoring, seed):
    """Lexicographically best objective over every legal pairing."""
    pts, byes, met = tally(players, rounds, scoring)
    f = objective_fn(players, rounds, scoring, seed)
    active = [p.id for p in players if not p.dropped]
    best = None
    if len(active) % 2:
        fewest = min(byes[x] for x in active)
        options = [(c, [x for x in active if x != c]) for c in active if byes[c] == fewest]
    else:
        options = [(None, active)]
    for bye, rest in options:
        for m in perfect_matchings(rest):
            val = f(m + ([(bye, None)] if bye else []))
            if best is None or val < best:
                best = val
    return best


def as_pairs(result):
    return [(p.a, p.b) for p in result.pairings]


def random_event(sim_seed, n, n_rounds, scoring=MLP_SCORING, draw_rate=0.15, drop_rate=0.1, late_rate=0.3):
    """A random history with drops, late entries, draws and byes. Pairings in
    the history are random (not by the engine), so rematches already happen."""
    rng = random.Random(sim_seed)
    players = [Player(id=f"p{k}") for k in range(n)]
    rounds = []
    for r in range(n_rounds):
        if rng.random() < late_rate:
            players.append(Player(id=f"late{r}", points=rng.choice([0, scoring.loss, scoring.win]) * r))
        active = [p.id for p in players if not p.dropped]
        rng.shuffle(active)
        rnd = []
        if len(active) % 2:
            rnd.append(MatchRecord(active.pop(), None, None))
        for k in range(0, len(active), 2):
            a, b = active[k], active[k + 1]
            x = rng.random()
            rnd.append(MatchRecord(a, b, None if x < draw_rate else (a if x < 0.5 + draw_rate / 2 else b)))
        rounds.append(rnd)
        for k, p in enumerate(players):
            if not p.dropped and rng.random() < drop_rate and sum(not q.dropped for q in players) > 2:
                players[k] = Player(id=p.id, dropped=True, points=p.points)
    return players, rounds


def check_legal(players, rounds, result, byes_expected=None):
    active = {p.id for p in players if not p.dropped}
    seen = []
    byes = [p for p in result.pairings if p.b is None]
    for p in result.pairings:
        seen.append(p.a)
        if p.b is not None:
            seen.append(p.b)
    assert sorted(seen) == sorted(active), "every active player is paired exactly once"
    expected = len(active) % 2 if byes_expected is None else byes_expected
    assert len(byes) == expected, "a bye exactly when the count is odd"
    tables = [p.table for p in result.pairings if p.b is not None]
    assert tables == list(range(1, len(tables) + 1))
    assert all(p.table is None for p in byes)


# ---------------------------------------------------------------------------
# worked examples
# ---------------------------------------------------------------------------


def test_it_pairs_every_active_player_once_and_never_a_dropped_one():
    players = [Player(f"p{k}") for k in range(6)] + [Player("gone", dropped=True)]
    res = pair_swiss(players, [], scoring=MLP_SCORING, seed=1)
    check_legal(players, [], res)
    assert all("gone" not in (p.a, p.b) for p in res.pairings)


def test_it_gives_the_bye_to_the_lowest_player_without_one():
    players = [Player(x) for x in "ABCDE"]
    r1 = [MatchRecord("A", "B", "A"), MatchRecord("C", "D", "C"), MatchRecord("E", None)]
    r2 = [MatchRecord("A", "C", "A"), MatchRecord("B", "E", "E"), MatchRecord("D", None)]
    # MLP: A 6, E 6 (bye + win), C 4, D 4 (loss + bye), B 2 (two losses).
    res = pair_swiss(players, [r1, r2], scoring=MLP_SCORING, seed=3)
    bye = [p for p in res.pairings if p.b is None]
    assert [p.a for p in bye] == ["B"]
    assert bye[0].explanation.startswith("bye: lowest-ranked player without a bye")


def test_a_bye_scores_as_a_win():
    players = [Player("A"), Player("B"), Player("C")]
    rounds = [[MatchRecord("A", "B", "A"), MatchRecord("C", None)]]
    pts = {s.id: s.points for s in compute_standings(players, rounds, scoring=MLP_SCORING, seed=0)}
    assert pts["C"] == pts["A"] == MLP_SCORING.win == MLP_SCORING.bye


def test_nobody_gets_a_second_bye_while_another_active_player_has_none():
    players = [Player(x) for x in "ABC"]
    # C had the bye and lost nothing; A lost both matches but had no bye.
    rounds = [
        [MatchRecord("A", "B", "B"), MatchRecord("C", None)],
        [MatchRecord("B", "C", "C"), MatchRecord("A", None)],
    ]
    res = pair_swiss(players, rounds, scoring=MLP_SCORING, seed=0)
    assert [p.a for p in res.pairings if p.b is None] == ["B"]
    rounds.append([MatchRecord("A", "C", "C"), MatchRecord("B", None)])
    res = pair_swiss(players, rounds, scoring=MLP_SCORING, seed=0)
    bye = [p for p in res.pairings if p.b is None][0]
    assert "every active player has had a bye" in bye.explanation
    assert any("bye number 2" in w for w in res.warnings)


def test_it_moves_the_bye_up_when_the_lowest_players_bye_would_force_a_rematch():
    players = [Player(x) for x in "ABCDEF"]
    rounds = [
        [MatchRecord("A", "B", "A"), MatchRecord("C", "D", "C"), MatchRecord("E", "F", "F")],
        [MatchRecord("A", "C", "A"), MatchRecord("B", "E", "B"), MatchRecord("D", "F", "D")],
        [MatchRecord("A", "D", "A"), MatchRecord("B", "F", "B"), MatchRecord("C", "E", "C")],
    ]
    players[5] = Player("F", dropped=True)
    # E is last, but with E on the bye A must replay B, C or D. D's bye leaves A-E, B-C.
    res = pair_swiss(players, rounds, scoring=MLP_SCORING, seed=0)
    assert res.rematches == 0
    bye = [p for p in res.pairings if p.b is None][0]
    assert bye.a == "D"
    assert "fewest rematches" in bye.explanation


def test_one_long_pair_down_never_beats_two_short_ones():
    # late entrants carry their points: 9, 6, 6, 3 -> 9-6 and 6-3 (9+9), never 9-3 (36)
    players = [Player("A", points=9), Player("B", points=6), Player("C", points=6), Player("D", points=3)]
    res = pair_swiss(players, [], scoring=MLP_SCORING, seed=5)
    pairs = {frozenset((p.a, p.b)) for p in res.pairings}
    assert frozenset(("A", "D")) not in pairs
    assert res.disparity == 18
    assert res.pairings[0].explanation.startswith("paired down from 9 to 6 points")


def test_players_meet_equal_match_points_wherever_possible():
    players = [Player(f"w{k}", points=3) for k in range(4)] + [Player(f"l{k}", points=1) for k in range(4)]
    res = pair_swiss(players, [], scoring=MLP_SCORING, seed=11)
    assert res.unequal == 0
    for p in res.pairings:
        assert p.a[0] == p.b[0]
        assert p.explanation == "same score group (3 points)" or p.explanation == "same score group (1 point)"


def test_a_late_entrant_enters_with_the_points_they_were_given():
    players = [Player(x) for x in "ABCD"] + [Player("L", points=3)]
    rounds = [[MatchRecord("A", "B", "A"), MatchRecord("C", "D", "C")]]
    res = pair_swiss(players, rounds, scoring=MLP_SCORING, seed=2)
    partner = {p.a: p.b for p in res.pairings} | {p.b: p.a for p in res.pairings if p.b}
    assert partner["L"] in ("A", "C")


def test_it_makes_a_rematch_only_when_every_pairing_was_played_and_warns():
    players = [Player(x) for x in "ABCD"]
    rounds = [
        [MatchRecord("A", "B", "A"), MatchRecord("C", "D", "C")],
        [MatchRecord("A", "C", "A"), MatchRecord("B", "D", "B")],
        [MatchRecord("A", "D", "A"), MatchRecord("B", "C", "B")],
    ]
    res = pair_swiss(players, rounds, scoring=MLP_SCORING, seed=0)
    check_legal(players, rounds, res)
    assert res.rematches == 2
    assert all(p.rematch for p in res.pairings)
    assert all("rematch (met once before): no pairing without a rematch exists" in p.explanation for p in res.pairings)
    assert any("all possible pairings were played" in w for w in res.warnings)


def test_it_still_pairs_two_players_who_met_many_times():
    players = [Player("A"), Player("B")]
    rounds = [[MatchRecord("A", "B", "A")] for _ in range(5)]
    res = pair_swiss(players, rounds, scoring=MLP_SCORING, seed=0)
    assert as_pairs(res) == [("A", "B")]
    assert "met 5 times" in res.pairings[0].explanation


def test_the_same_input_and_seed_always_give_the_same_pairings():
    players, rounds = random_event(7, 30, 3)
    a = pair_swiss(players, rounds, scoring=MLP_SCORING, seed=42)
    b = pair_swiss(players, rounds, scoring=MLP_SCORING, seed=42)
    assert a == b


def test_round_one_is_random_from_the_seed():
    players = [Player(f"p{k}") for k in range(16)]
    a = pair_swiss(players, [], seed=1)
    b = pair_swiss(players, [], seed=2)
    assert as_pairs(a) == as_pairs(pair_swiss(players, [], seed=1))
    assert {frozenset(x) for x in as_pairs(a)} != {frozenset(x) for x in as_pairs(b)}
    assert all(p.explanation == "round 1: random pairing from the event seed" for p in a.pairings)


def test_round_one_follows_the_organisers_seeding_top_half_against_bottom_half():
    players = [Player(f"s{k}") for k in range(1, 10)]
    seeding = [f"s{k}" for k in range(1, 10)]
    res = pair_swiss(players, [], seed=0, seeding=seeding)
    assert as_pairs(res) == [("s1", "s5"), ("s2", "s6"), ("s3", "s7"), ("s4", "s8"), ("s9", None)]
    assert res.pairings[0].explanation == "round 1 by seeding: seed 1 vs seed 5"


def test_pairing_can_be_restricted_to_draft_pods_each_with_its_own_bye():
    players = [Player(f"a{k}", group="pod1") for k in range(5)] + [Player(f"b{k}", group="pod2") for k in range(3)]
    res = pair_swiss(players, [], seed=4, groups=True)
    check_legal(players, [], res, byes_expected=2)
    for p in res.pairings:
        if p.b is not None:
            assert p.a[0] == p.b[0]


def test_table_one_is_the_top_pairing_and_the_bye_has_no_table():
    players = [Player(f"p{k}", points=3 * (k // 2)) for k in range(7)]
    res = pair_swiss(players, [], scoring=DEFAULT_SCORING, seed=0)
    pts = {p.id: p.points for p in players}
    tops = [max(pts[p.a], pts[p.b]) for p in res.pairings if p.b]
    assert tops == sorted(tops, reverse=True)
    assert res.pairings[-1].b is None and res.pairings[-1].table is None


def test_it_refuses_an_unknown_player_or_a_player_paired_twice_in_a_round():
    players = [Player(x) for x in "ABCD"]
    with pytest.raises(PairingError, match="round 1: unknown player id 'Z'"):
        pair_swiss(players, [[MatchRecord("A", "Z", "A")]])
    with pytest.raises(PairingError, match="round 1: player 'A' is paired twice"):
        pair_swiss(players, [[MatchRecord("A", "B", "A"), MatchRecord("A", "C", None)]])
    with pytest.raises(PairingError, match="seeding: unknown player id 'Q'"):
        pair_swiss(players, [], seeding=["Q"])


def test_an_event_with_no_active_players_gets_no_pairings():
    res = pair_swiss([Player("A", dropped=True)], [])
    assert res.pairings == ()


def test_a_large_event_is_decomposed_and_still_proven_optimal():
    rng = random.Random(3)
    players = [Player(f"p{k}") for k in range(1501)]
    rounds = []
    for _ in range(4):
        res = pair_swiss(players, rounds, scoring=MLP_SCORING, seed=9)
        check_legal(players, rounds, res)
        assert res.optimal and res.rematches == 0
        rounds.append(
            [
                MatchRecord(p.a, p.b, None if p.b and rng.random() < 0.03 else (p.a if rng.random() < 0.5 else p.b))
                for p in res.pairings
            ]
        )


# ---------------------------------------------------------------------------
# properties
# ---------------------------------------------------------------------------

events = st.tuples(
    st.integers(0, 10**6),  # simulation seed
    st.integers(1, 13),  # initial players
    st.integers(0, 6),  # rounds already played
    st.sampled_from([MLP_SCORING, DEFAULT_SCORING]),
    st.integers(0, 3),  # event seed
)


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(events)
def test_pairings_are_legal_and_as_good_as_brute_force_on_small_events(ev):
    sim_seed, n, n_rounds, scoring, seed = ev
    players, rounds = random_event(sim_seed, n, n_rounds, scoring, drop_rate=0.04)
    active = [p for p in players if not p.dropped]
    if len(active) > 12:
        players = players[:12]
        rounds = []
    res = pair_swiss(players, rounds, scoring=scoring, seed=seed)
    check_legal(players, rounds, res)
    assert res.optimal
    got = objective(players, rounds, scoring, seed, as_pairs(res))
    assert got == brute_force_best(players, rounds, scoring, seed)
    # no avoidable second bye
    _, byes, met = tally(players, rounds, scoring)
    for p in res.pairings:
        if p.b is None:
            assert byes[p.a] == min(byes[q.id] for q in players if not q.dropped)
        else:
            assert p.rematch == (met.get(frozenset((p.a, p.b)), 0) > 0)
    # determinism
    assert pair_swiss(players, rounds, scoring=scoring, seed=seed) == res


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 10**6), st.integers(14, 60), st.integers(0, 9))
def test_the_decomposed_solver_matches_the_exact_solver(sim_seed, n, n_rounds):
    players, rounds = random_event(sim_seed, n, n_rounds, MLP_SCORING, drop_rate=0.03, late_rate=0.2)
    exact = pair_swiss(players, rounds, scoring=MLP_SCORING, seed=1, exact_limit=10_000)
    split = pair_swiss(players, rounds, scoring=MLP_SCORING, seed=1, exact_limit=4, chunk_size=6, merge_limit=10_000)
    check_legal(players, rounds, split)
    assert split.optimal
    assert objective(players, rounds, MLP_SCORING, 1, as_pairs(split)) == objective(
        players, rounds, MLP_SCORING, 1, as_pairs(exact)
    )
    capped = pair_swiss(players, rounds, scoring=MLP_SCORING, seed=1, exact_limit=4, chunk_size=6, merge_limit=12)
    check_legal(players, rounds, capped)
    worse_or_equal = objective(players, rounds, MLP_SCORING, 1, as_pairs(capped)) >= objective(
        players, rounds, MLP_SCORING, 1, as_pairs(exact)
    )
    assert worse_or_equal
    if capped.optimal:
        assert objective(players, rounds, MLP_SCORING, 1, as_pairs(capped)) == objective(
            players, rounds, MLP_SCORING, 1, as_pairs(exact)
        )


def test_an_end_block_whose_leaders_already_met_is_certified_by_the_boundary_bound():
    # A and B lead on 30 points but drew each other: both must be paired down
    # to 27, which the sorted-neighbour bound (0) cannot see. The boundary
    # bound proves the top piece optimal without merging it further.
    players = [Player("A", points=29), Player("B", points=29)]
    for pts, count in ((27, 4), (24, 8), (21, 12), (18, 14)):
        players += [Player(f"s{pts}-{k}", points=pts) for k in range(count)]
    rounds = [[MatchRecord("A", "B", None)]]
    small = dict(exact_limit=2, chunk_size=6, merge_limit=6)
    res = pair_swiss(players, rounds, scoring=DEFAULT_SCORING, seed=1, **small)
    exact = pair_swiss(players, rounds, scoring=DEFAULT_SCORING, seed=1, exact_limit=1000)
    assert res.optimal and res.rematches == 0
    assert res.disparity == exact.disparity == 18
    without = pair_swiss(players, rounds, scoring=DEFAULT_SCORING, seed=1, boundary_limit=0, **small)
    assert not without.optimal
    assert any("could not be proven optimal" in w for w in without.warnings)


def test_a_forced_rematch_is_explained_even_when_not_every_pairing_was_played():
    # A has met B, C and D: any pairing of the four left gives A a rematch, though B-D and C-D never met
    players = [Player(x) for x in "ABCDE"] + [Player("F", dropped=True)]
    rounds = [
        [MatchRecord("A", "B", "A"), MatchRecord("C", "E", "C"), MatchRecord("D", "F", "D")],
        [MatchRecord("A", "C", "A"), MatchRecord("B", "F", "B"), MatchRecord("D", "E", "E")],
        [MatchRecord("A", "D", "A"), MatchRecord("E", "F", "E"), MatchRecord("B", "C", "B")],
    ]
    players[4] = Player("E", dropped=True)
    res = pair_swiss(players, rounds, scoring=MLP_SCORING, seed=0)
    assert res.rematches == 1
    assert res.warnings == ("1 rematch(es): no pairing without a rematch exists",)
    rematch = [p for p in res.pairings if p.rematch][0]
    assert "A" in (rematch.a, rematch.b)
    assert rematch.explanation.endswith("rematch (met once before): no pairing without a rematch exists")


def test_a_pair_down_says_when_no_unplayed_opponent_was_left_in_the_score_group():
    players = [Player("A", points=5), Player("B", points=5), Player("C", points=3), Player("D", points=3)]
    rounds = [[MatchRecord("A", "B", None)]]  # a draw: A and B now both on 6 and already met
    res = pair_swiss(players, rounds, scoring=DEFAULT_SCORING, seed=0)
    assert res.rematches == 0 and res.disparity == 18
    for p in res.pairings:
        assert p.explanation == "paired down from 6 to 3 points: no unplayed opponent left at 6 points"
