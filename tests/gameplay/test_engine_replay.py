"""Determinism: a game is its cards, decks, seed and actions; replay rebuilds every state."""
from __future__ import annotations

import json

from gameplay.engine import rng
from gameplay.engine.api import Action
from gameplay.engine.mlp.deckbuild import random_deck
from gameplay.engine.mlp.state import State


def _random_game(game, seed, n_actions=400):
    card_db = game.db
    d0, s = random_deck(card_db, seed)
    d1, s = random_deck(card_db, s)
    st = game.new_game([d0, d1], seed=s)
    init = st.copy()
    acts, states = [], []
    r = seed + 99
    while st.outcome is None and len(acts) < n_actions:
        p = game.to_move(st)
        legal = game.legal_actions(st, p)
        r, i = rng.randbelow(r, len(legal))
        st, _ = game.apply(st, legal[i])
        acts.append(legal[i])
        states.append(st.to_json())
    return init, acts, states, st


def test_replay_rebuilds_every_state(game):
    init, acts, states, final = _random_game(game, 11)
    st = init
    for a, expected in zip(acts, states):
        a2 = Action.from_dict(json.loads(json.dumps(a.to_dict())))  # actions are JSON
        assert a2 == a
        st, _ = game.apply(st, a2)
        assert st.to_json() == expected


def test_apply_does_not_mutate_its_input(game):
    init, acts, states, final = _random_game(game, 5, n_actions=50)
    before = init.to_json()
    game.apply(init, acts[0])
    assert init.to_json() == before


def test_state_json_round_trip_and_continue(game):
    init, acts, states, final = _random_game(game, 21, n_actions=120)
    st = init
    for a in acts[:60]:
        st, _ = game.apply(st, a)
    restored = State.from_dict(json.loads(json.dumps(st.to_dict())))
    assert restored == st
    for a in acts[60:]:
        st, _ = game.apply(st, a)
        restored, _ = game.apply(restored, a)
    assert restored.to_json() == st.to_json()


def test_same_seed_same_game_different_seed_differs(game):
    a = _random_game(game, 3, n_actions=80)
    b = _random_game(game, 3, n_actions=80)
    c = _random_game(game, 4, n_actions=80)
    assert a[2] == b[2]
    assert a[2] != c[2]


def test_rng_is_serialisable_and_reproducible():
    s1, x1 = rng.next_u64(42)
    s2, x2 = rng.next_u64(42)
    assert (s1, x1) == (s2, x2)
    items = list(range(20))
    rng.shuffle(7, items)
    items2 = list(range(20))
    rng.shuffle(7, items2)
    assert items == items2 and sorted(items) == list(range(20))
