"""611 confronting Problems: color requirements as an assignment problem."""
from __future__ import annotations

from gameplay.engine.api import Action
from gameplay.engine.mlp.rules import solve_requirements
from gameplay.engine.mlp.scenario import pass_until, place, problem, set_card, stacked_game

L, H, M, K, G, P = "Loyalty", "Honesty", "Magic", "Kindness", "Generosity", "Laughter"


def test_quickstart_confront_example_1_two_friends_meet_a_single_requirement():
    # Emily: two 2-power friends at an opponent's Problem needing 4 (any color)
    assert solve_requirements([(2, (L,)), (2, (H,))], [("Wild", 4)])


def test_quickstart_confront_example_2_two_colors():
    assert solve_requirements([(2, (L,)), (2, (H,))], [(L, 2), (H, 2)])


def test_quickstart_confront_example_3_power_of_one_color_is_short():
    # 4 power in total, but only 2 of the needed color
    assert not solve_requirements([(2, (L,)), (2, (H,))], [(L, 3), ("Not Loyalty", 1)])


def test_611_3b_a_character_contributes_to_one_requirement_only():
    assert not solve_requirements([(4, (L, H))], [(L, 2), (H, 2)])
    assert solve_requirements([(2, (L, H)), (2, (H,))], [(L, 2), (H, 2)])


def test_611_3c_not_color_and_611_3d_wild_takes_excess_and_colorless():
    assert solve_requirements([(3, (H,)), (1, ())], [(H, 2), ("Wild", 2)]) is False  # 611.3b: no splitting
    assert solve_requirements([(2, (H,)), (2, ())], [(H, 2), ("Wild", 2)])
    assert solve_requirements([(2, (H,)), (1, (L,))], [(H, 1), ("Not Honesty", 1)])
    assert not solve_requirements([(2, (H,)), (1, (H,))], [(H, 1), ("Not Honesty", 1)])


def test_611_3_multicolor_characters_choose_their_color():
    assert solve_requirements([(2, (L, M)), (2, (M,))], [(M, 2), (L, 2)])


def _to_score(game, st):
    return game.apply(st, Action("pass", st.turn_player))[0]


def test_611_4_confronting_scores_a_point(game):
    st = stacked_game(game)  # Ann's Problem: Runaway Cart (1 Honesty + 1 not Honesty); Bob's: same deck
    place(game, st, "PR33", 0, "prob0")  # Red Gala, 2 Honesty
    place(game, st, "PR12", 0, "prob0")  # Emerald Green, 2 Loyalty
    st = _to_score(game, st)
    assert st.score(0) == 1
    assert st.turn_player == 1


def test_opponents_problem_needs_only_power(game):
    st = stacked_game(game)
    # Bob's starting problem (Runaway Cart) needs 4 power of any color from Ann
    place(game, st, "PR31", 0, "prob1")  # Full Steam, 4 Honesty
    st = _to_score(game, st)
    assert st.score(0) == 1


def test_503_5_exhausted_characters_do_not_contribute(game):
    st = stacked_game(game)
    place(game, st, "PR31", 0, "prob1", exhausted=True)
    st = _to_score(game, st)
    assert st.score(0) == 0


def test_611_3e_opposing_face_up_troublemaker_prevents_confronting(game):
    st = stacked_game(game)
    place(game, st, "PR31", 0, "prob1")
    place(game, st, "PR155", 1, "prob1")  # Flim, face up, Bob's
    st = _to_score(game, st)
    assert st.score(0) == 0


def test_face_down_troublemaker_does_not_prevent_confronting(game):
    st = stacked_game(game)
    place(game, st, "PR31", 0, "prob1")
    place(game, st, "PR155", 1, "prob1", face_down=True)
    st = _to_score(game, st)
    assert st.score(0) == 1


def test_301_2_mane_turns_over_when_confronting_its_problem(game):
    """Pinkie Pie, Party Animal: "When you confront this card's Problem, if none of your opponent's
    Friends are at that Problem, turn this card over." (per-card definition, cards/premiere.py)"""
    st = stacked_game(game, manes=("PR3", "PR2"))
    mane = st.mane(0)
    set_card(st, mane, area="prob1")
    place(game, st, "PR31", 0, "prob1")
    st = _to_score(game, st)
    assert st.score(0) == 1
    assert st.boosted(mane) is True
    assert game.face(st, mane).keywords.get("Random") == 1  # the Boosted side's keyword


def test_mane_does_not_turn_over_when_condition_fails(game):
    st = stacked_game(game, manes=("PR3", "PR2"))
    mane = st.mane(0)
    set_card(st, mane, area="prob1")
    place(game, st, "PR31", 0, "prob1")
    place(game, st, "PR20", 1, "prob1")  # an opposing Friend there
    st = _to_score(game, st)
    assert not st.boosted(mane)


def test_when_rodeo_ruckus_is_confronted_the_confronter_discards_and_its_owner_draws(game):
    """EO195 Rodeo Ruckus: "When this card is confronted, an opponent discards a card and you draw a
    card."  Ann confronts Bob's Problem (611.4); the Problem is Bob's card (513.2: he controls it), so
    "you" is Bob and "an opponent" is Ann, who chooses which card she discards."""
    st = stacked_game(game)
    rodeo = problem(st, game, 1)
    set_card(st, rodeo, card_key=game.db.key("EO195"))  # (test setup: Bob's Problem is Rodeo Ruckus)
    st._la = None
    place(game, st, "PR31", 0, "prob1")  # Full Steam, 4 power: with two, the 8 power an opponent needs
    place(game, st, "PR31", 0, "prob1")
    hand = list(st.hand(0))
    st = pass_until(game, st, lambda s: bool(s.pending))
    assert st.score(0) == 1  # 611.4: Ann scored for confronting
    assert st.pending["player"] == 0 and st.pending["options"] == hand
    discarded = st.card_key(hand[-1])
    st, events = game.apply(st, Action.make("choose", 0, option=hand[-1]))
    assert [st.card_key(c) for c in st.discard_pile(0)] == [discarded]
    assert len(st.hand(0)) == len(hand) - 1
    this_turn = events[:next(i for i, e in enumerate(events) if e["type"] == "turn")]
    assert any(e["type"] == "discard" and "Ann" in e["msg"] for e in this_turn)
    assert any(e["type"] == "draw" and e.get("player") == 1 and "to" not in e for e in this_turn)
