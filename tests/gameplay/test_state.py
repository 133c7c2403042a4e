"""The state's key table (state.py): every key the engine reads or writes is described, and so is
every key a played game holds."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from gameplay.engine.mlp import MLPGame
from gameplay.engine.mlp.deckbuild import random_deck
from gameplay.engine.mlp.selfplay import pick
from gameplay.engine.mlp.state import CARD_KEYS, PLAYER_KEYS, STATE_KEYS

ENGINE = Path(__file__).resolve().parents[2] / "gameplay" / "engine" / "mlp"


def test_every_top_level_key_the_engine_names_is_described():
    named = set()
    for path in ENGINE.rglob("*.py"):
        text = path.read_text()
        named |= set(re.findall(r'\bst(?:\.get\(|\.setdefault\(|\.pop\(|\[)"(\w+)"', text))
    assert named - set(STATE_KEYS) == set()


@pytest.mark.parametrize("seed", [1, 2, 3, 4, 5])
def test_every_key_of_a_played_game_is_described(card_db, seed):
    game = MLPGame(card_db, quiet=True)
    d0, s = random_deck(card_db, seed * 7)
    d1, _ = random_deck(card_db, s)
    state = game.new_game([d0, d1], seed)
    top, player, card = set(), set(), set()
    r = seed
    for _ in range(3000):
        top |= set(state.d)
        for pl in state.d["pl"]:
            player |= set(pl)
        for c in state.d["cards"].values():
            card |= set(c)
        if state.d["outcome"]:
            break
        r, action = pick(r, game.legal_actions(state, game.to_move(state)), "weighted")
        state, _ = game.apply(state, action)
    assert (top - set(STATE_KEYS), player - set(PLAYER_KEYS), card - set(CARD_KEYS)) == (set(), set(), set())
