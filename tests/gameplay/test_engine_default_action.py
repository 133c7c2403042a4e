"""``MLPGame.default_action``: what the server plays for a player whose time to decide ran out (a
disconnect past its grace period).  It is always legal, declines where the rules let a player
decline, and is deterministic, so a game finished on defaults replays exactly."""
from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as hs

from gameplay.engine import rng
from gameplay.engine.api import Action, replay
from gameplay.engine.mlp.deckbuild import random_deck
from gameplay.engine.mlp.scenario import stacked_game


def _new(game, seed):
    d0, s = random_deck(game.db, seed)
    d1, s = random_deck(game.db, s)
    return game.new_game([d0, d1], seed=s)


def test_setup_defaults_choose_a_starting_problem_then_keep_the_hand(game):
    st = _new(game, 5)
    pend = st.pending
    assert pend["kind"] == "starting_problem"  # 102.2: no declining option, so the first listed
    a = game.default_action(st, pend["player"])
    assert a == Action.make("choose", pend["player"], option=pend["options"][0])
    assert game.default_action(st, 1 - pend["player"]) is None  # nothing to decide
    while st.pending and st.pending["kind"] == "starting_problem":
        st, _ = game.apply(st, game.default_action(st, game.to_move(st)))
    assert st.pending["kind"] == "mulligan"
    p = st.pending["player"]
    assert game.default_action(st, p) == Action.make("choose", p, option=False)  # 102.4: keep


def test_priority_default_is_pass(game):
    st = stacked_game(game)
    p = game.to_move(st)
    assert st.priority and not st.pending
    assert game.default_action(st, p) == Action("pass", p)  # 510


def test_a_may_decision_defaults_to_no(game):
    st = stacked_game(game)
    st.d["pending"] = {"kind": "may", "player": 0, "options": [True, False], "rule": "712.3", "text": "draw a card"}
    assert game.default_action(st, 0) == Action.make("choose", 0, option=False)
    st.d["pending"] = {"kind": "target", "player": 0, "options": ["c1", "c2", "none"], "rule": "705.2f"}
    assert game.default_action(st, 0) == Action.make("choose", 0, option="none")


def test_game_over_has_no_default(game):
    st = stacked_game(game)
    st, _ = game.apply(st, Action("concede", 1))
    assert game.outcome(st) is not None
    assert game.default_action(st, 0) is None and game.default_action(st, 1) is None


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(seed=hs.integers(min_value=0, max_value=2**32))
def test_property_default_is_legal_and_games_on_defaults_replay(game, seed):
    """One player drops (every later decision of theirs is the default), the other plays randomly:
    each default is one of the legal actions, and the action log replays to the same state."""
    st0 = _new(game, seed)
    st, log, r = st0, [], seed
    for _ in range(600):
        if st.outcome:
            break
        p = game.to_move(st)
        acts = game.legal_actions(st, p)
        if p == 1:
            a = game.default_action(st, p)
            assert a in acts
        else:
            r, k = rng.randbelow(r, len(acts))
            a = acts[k]
        log.append(a)
        st, _ = game.apply(st, a)
    assert replay(game, st0, log).to_json() == st.to_json()
