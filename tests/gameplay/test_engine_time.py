"""Floor rules, end of match procedure: time called."""
from __future__ import annotations

from gameplay.engine.api import JUDGE, Action
from gameplay.engine.mlp.scenario import score_points, stacked_game


def _end_turn(game, st):
    return game.apply(st, Action("pass", st.turn_player))[0]


def test_time_called_on_first_players_turn_gives_the_other_player_a_turn(game):
    st = stacked_game(game, first=0)
    st, ev = game.apply(st, Action.make("time_called", JUDGE))
    st.d["pl"][0]["score"] = 3
    st = _end_turn(game, st)  # Ann's turn completes; Bob takes one more turn
    assert st.outcome is None and st.turn_player == 1
    st = _end_turn(game, st)
    assert st.outcome["winner"] == 0 and "time called" in st.outcome["reason"]


def test_time_called_on_second_players_turn_ends_after_that_turn(game):
    st = stacked_game(game, first=0)
    st = _end_turn(game, st)  # now Bob's turn (second player)
    st, _ = game.apply(st, Action.make("time_called", JUDGE))
    st.d["pl"][1]["score"] = 2
    st = _end_turn(game, st)
    assert st.outcome["winner"] == 1


def test_time_called_equal_points_is_a_draw(game):
    st = stacked_game(game, first=0)
    st, _ = game.apply(st, Action.make("time_called", JUDGE))
    st = _end_turn(game, st)
    st = _end_turn(game, st)
    assert st.outcome["winner"] is None and "draw" in st.outcome["reason"]


def test_sudden_death_plays_to_the_first_change_in_points(game):
    from gameplay.engine.mlp.engine import Ev

    st = stacked_game(game, first=0)
    st, _ = game.apply(st, Action.make("time_called", JUDGE, mode="sudden_death"))
    st = _end_turn(game, st)
    st = _end_turn(game, st)
    assert st.outcome is None and st.d["tc"]["sudden"]
    score_points(game, st, 1, 1)
    assert st.outcome["winner"] == 1 and "sudden death" in st.outcome["reason"]


def test_sudden_death_hard_limit_of_extra_turns(game):
    st = stacked_game(game, first=0)
    st, _ = game.apply(st, Action.make("time_called", JUDGE, mode="sudden_death", extra_turns_cap=3))
    for _ in range(10):
        if st.outcome:
            break
        st = _end_turn(game, st)
    assert st.outcome["winner"] is None and "hard limit" in st.outcome["reason"]


def test_turn_cap_is_a_recorded_draw(card_db):
    from gameplay.engine.mlp import MLPGame

    game = MLPGame(card_db, turn_cap=4)
    st = stacked_game(game)
    for _ in range(10):
        if st.outcome:
            break
        st = _end_turn(game, st)
    assert st.outcome["winner"] is None and "turn cap" in st.outcome["reason"]
