"""The game-neutral API (gameplay/engine/api.py) and the purity of the engine package."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from gameplay.engine.api import Action, IllegalActionError, Outcome

ENGINE = Path(__file__).resolve().parents[2] / "gameplay" / "engine"


def test_engine_never_imports_django_drf_channels_or_celery():
    bad = re.compile(r"^\s*(?:from|import)\s+(django|rest_framework|channels|celery)\b", re.M)
    for path in ENGINE.rglob("*.py"):
        assert not bad.search(path.read_text()), path


def test_action_json_shape():
    a = Action.make("play", 0, card="c12", area="prob1")
    assert a.to_dict() == {"kind": "play", "player": 0, "area": "prob1", "card": "c12"}
    assert Action.from_dict(a.to_dict()) == a
    assert a.get("card") == "c12" and hash(a) == hash(Action.make("play", 0, area="prob1", card="c12"))
    m = Action.make("manual_effect", 1, effect={"op": "draw", "n": 1})
    assert Action.from_dict(m.to_dict()) == m
    assert m.to_dict()["effect"] == {"op": "draw", "n": 1}


def test_illegal_action_error_is_a_value_error_naming_the_rule():
    e = IllegalActionError("nope", "506.2")
    assert isinstance(e, ValueError) and e.rule == "506.2" and "506.2" in str(e)


def test_outcome():
    o = Outcome(None, "draw", True)
    assert o.to_dict() == {"winner": None, "reason": "draw", "draw": True}


def test_readable_log(game):
    from gameplay.engine.mlp.scenario import stacked_game, to_hand

    st = stacked_game(game, problems=(["PR190", "PR168"] + ["PR164"] * 2 + ["PR170"] * 2 + ["PR177"] * 2 + ["PR192"] * 2, None))
    card = to_hand(game, st, "PR12", 0)
    st, ev = game.apply(st, Action.make("play", 0, card=card, area="prob0"))
    assert "Ann pays 2 to play Emerald Green, Cider Aficionado at Runaway Cart" in [e["msg"] for e in ev]


def test_illegal_play_names_rule_for_missing_tokens(game):
    from gameplay.engine.mlp.scenario import set_tokens, stacked_game, to_hand

    st = stacked_game(game)
    card = to_hand(game, st, "PR31", 0)  # cost 4
    set_tokens(st, 0, 1)
    with pytest.raises(IllegalActionError) as e:
        game.apply(st, Action.make("play", 0, card=card, area="home0"))
    assert e.value.rule == "508.1d"
