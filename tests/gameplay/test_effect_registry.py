"""The effect registry (registry.py, resolve.EFFECTS / IF_CONDITIONS): one handler per op, every op
a card compiles to is registered, manual effects accept every registered op, and a condition no one
registered fails loudly instead of reading as false."""
from __future__ import annotations

from typing import Any, Iterator

import pytest

from gameplay.engine.api import Action, IllegalActionError
from gameplay.engine.mlp.effects import DESCRIPTIONS
from gameplay.engine.mlp.engine import Ev
from gameplay.engine.mlp.effects.registry import DuplicateRegistration, Registry
from gameplay.engine.mlp.effects.conditions import IF_CONDITIONS
from gameplay.engine.mlp.effects.interpreter import EFFECTS
from gameplay.engine.mlp.scenario import stacked_game


def _walk(value: Any) -> Iterator[dict]:
    if isinstance(value, dict):
        yield value
        for v in value.values():
            yield from _walk(v)
    elif isinstance(value, (list, tuple)):
        for v in value:
            yield from _walk(v)


def _effects_of(card_db) -> Iterator[dict]:
    for card in card_db.cards.values():
        for abilities in card.abilities.values():
            for ab in abilities:
                for key in ("effects", "else", "modes"):
                    for d in _walk(ab.get(key)):
                        if "op" in d:
                            yield d


def test_a_registry_refuses_a_second_handler_for_a_name():
    reg = Registry("effect op")
    reg.register("draw", lambda *a: True)
    with pytest.raises(DuplicateRegistration):
        reg.register("draw", lambda *a: True)


def test_every_effect_op_a_card_compiles_to_has_a_handler(card_db):
    assert {e["op"] for e in _effects_of(card_db)} - set(EFFECTS) == set()


def test_every_if_condition_a_card_compiles_to_has_a_test(card_db):
    conds = {e["cond"]["k"] for e in _effects_of(card_db) if e["op"] == "if"}
    assert conds and conds - set(IF_CONDITIONS) == set()


def test_every_described_op_is_a_registered_one():
    assert set(DESCRIPTIONS) - set(EFFECTS) == set()


def test_the_interpreter_knows_about_two_hundred_ops():
    assert len(EFFECTS) >= 200 and len(IF_CONDITIONS) >= 40


def test_manual_effect_accepts_every_registered_op(game):
    """The validation of manual_effect (flow._manual) accepts each op of the registry: the action is
    taken (logged), whatever the effect then does with its (empty) parameters."""
    st = stacked_game(game)
    for op in EFFECTS:
        action = Action.make("manual_effect", 0, effect={"op": op})
        try:
            _, events = game.apply(st, action)
        except IllegalActionError as refused:  # (a ValueError: caught before the others)
            pytest.fail(f"manual_effect refused {op}: {refused}")
        except (KeyError, TypeError, IndexError, AttributeError, ValueError):
            continue  # (accepted: the interpreter ran it; an op needs its parameters to do anything)
        assert any(e["type"] == "manual_effect" for e in events), op


def test_an_unknown_if_condition_raises_instead_of_reading_as_false(game):
    st = stacked_game(game)
    frame = {"p": 0, "src": None, "eff": [], "i": 0, "ch": None, "lbl": "", "after": None}
    effect = {"op": "if", "cond": {"k": "moon_is_full"}, "effects": [{"op": "draw", "n": 1}]}
    with pytest.raises(KeyError, match="moon_is_full"):
        game.r.run_effect(st.d, Ev(), frame, effect)
