"""102 setup, 103 winning, 604/605 first turn, 101 deckbuilding."""
from __future__ import annotations

import pytest

from gameplay.engine.api import Action, IllegalActionError
from gameplay.engine.mlp.deckbuild import random_deck, validate_deck
from gameplay.engine.mlp.scenario import check_win, deck_spec, score_points, stacked_game


def new(game, seed=7, **kw):
    return game.new_game([deck_spec("PR1"), deck_spec("PR2")], seed=seed, **kw)


def test_102_1_mane_starts_in_play_at_home(game):
    st = new(game)
    for p in range(2):
        mane = st.mane(p)
        assert st.area(mane) == f"home{p}"
        assert mane in st.cards_in_play


def test_102_2_starting_problem_choice_lists_only_starting_problems(game, card_db):
    st = new(game)
    pend = st.pending
    assert pend["kind"] == "starting_problem" and pend["player"] == 0 and pend["rule"] == "102.2"
    for cid in pend["options"]:
        assert "Starting Problem" in game.card(st, cid).front.keywords
    # the opponent has no legal action while player 0 decides
    assert game.legal_actions(st, 1) == []
    with pytest.raises(IllegalActionError) as e:
        game.apply(st, Action.make("choose", 1, option=pend["options"][0]))
    assert e.value.rule


def test_102_3_six_card_hands_and_102_4_mulligan_in_turn_order(game):
    st = new(game, seed=3)
    for p in range(2):
        st, _ = game.apply(st, game.legal_actions(st, p)[0])
    first = st.d["first"]
    assert [len(pl["hand"]) for pl in st.d["pl"]] == [6, 6]
    assert st.pending["kind"] == "mulligan" and st.pending["player"] == first
    before = list(st.hand(first))
    st, _ = game.apply(st, Action.make("choose", first, option=True))
    st, _ = game.apply(st, Action.make("choose", 1 - first, option=False))
    # 102.4a the mulligan draws six new cards (new instance ids: 410.6)
    assert len(st.hand(first)) == 6
    assert not set(before) & set(st.hand(first))
    assert st.turn == 1 and st.turn_player == first


def test_102_3_first_player_is_random_but_seeded(game):
    firsts = set()
    for seed in range(12):
        st = new(game, seed=seed, auto_setup=True)
        firsts.add(st.d["first"])
        assert new(game, seed=seed, auto_setup=True).d["first"] == st.d["first"]
    assert firsts == {0, 1}


def test_605_1a_first_player_skips_first_draw_and_604_1_tokens(game):
    st = stacked_game(game, first=0)
    assert len(st.hand(0)) == 6  # 605.1a no draw
    assert st.tokens(0) == 2  # 604.1a highest score 0-1: 2 tokens
    # end the first turn: the second player draws
    st, _ = game.apply(st, Action("pass", 0))
    assert st.turn_player == 1 and len(st.hand(1)) == 7


@pytest.mark.parametrize("score,tokens", [(0, 2), (1, 2), (2, 3), (5, 3), (6, 4), (10, 4), (11, 5), (14, 5)])
def test_604_1_action_tokens_by_highest_score(game, score, tokens):
    st = stacked_game(game, first=0)
    st.d["pl"][0]["score"] = score
    st.d["pl"][1]["tok"] = 0
    st, _ = game.apply(st, Action("pass", 0))
    assert st.tokens(1) == tokens


def test_103_2_fifteen_points_wins_and_103_2a_simultaneous_draw(game):
    st = stacked_game(game)
    ev = []
    from gameplay.engine.mlp.engine import Ev

    e = Ev()
    score_points(game, st, 0, 15, ev=e)
    assert st.outcome["winner"] == 0 and "103.2" in st.outcome["reason"]
    st = stacked_game(game)
    st.d["pl"][0]["score"] = 15
    st.d["pl"][1]["score"] = 15
    check_win(game, st, ev=e)
    assert st.outcome["winner"] is None and "103.2a" in st.outcome["reason"]


def test_103_4_concession(game):
    st = stacked_game(game)
    st, ev = game.apply(st, Action("concede", 1))
    o = game.outcome(st)
    assert o.winner == 0 and "103.4" in o.reason
    with pytest.raises(IllegalActionError):
        game.apply(st, Action("pass", 0))


def test_101_random_decks_are_legal(card_db):
    seed = 1
    for _ in range(20):
        deck, seed = random_deck(card_db, seed)
        assert validate_deck(card_db, deck) == []


def test_101_validation_names_rules(card_db):
    errs = validate_deck(card_db, {"mane": "PR1", "deck": ["PR12"] * 45, "problems": ["PR161"] * 3})
    assert any(e.startswith("101.2") for e in errs)
    assert any(e.startswith("101.3 ") for e in errs)
    assert any(e.startswith("101.3a") for e in errs)
