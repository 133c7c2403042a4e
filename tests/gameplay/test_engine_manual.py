"""Unautomated card texts are applied with logged manual effects (action kind manual_effect)."""
from __future__ import annotations

import pytest

from gameplay.engine.api import JUDGE, Action, IllegalActionError
from gameplay.engine.mlp import filter_events
from gameplay.engine.mlp.scenario import place, stacked_game


def test_manual_effect_draw_is_logged_for_everyone(game):
    st = stacked_game(game)
    st, ev = game.apply(st, Action.make("manual_effect", 0, effect={"op": "draw", "n": 2, "who": "you"}))
    assert len(st.hand(0)) == 8
    assert any(e["type"] == "manual_effect" for e in filter_events(ev, 1))


def test_manual_effect_targets_a_card(game):
    st = stacked_game(game)
    c = place(game, st, "PR31", 1, "prob1")
    st, _ = game.apply(st, Action.make("manual_effect", 0, effect={"op": "power", "n": -2, "until": "turn"}, target=c))
    assert game.power(st, c) == 2
    st, _ = game.apply(st, Action.make("manual_effect", 0, effect={"op": "frighten"}, target=c))
    assert st.frightened(c)


def test_manual_effect_only_by_the_player_who_may_act_or_a_judge(game):
    st = stacked_game(game)
    with pytest.raises(IllegalActionError) as e:
        game.apply(st, Action.make("manual_effect", 1, effect={"op": "gain", "n": 1}))
    assert e.value.rule == "510.1"
    st, _ = game.apply(st, Action.make("manual_effect", JUDGE, effect={"op": "score", "n": 1}, as_player=1))
    assert st.score(1) == 1


def test_unknown_op_rejected(game):
    st = stacked_game(game)
    with pytest.raises(IllegalActionError):
        game.apply(st, Action.make("manual_effect", 0, effect={"op": "win_the_game"}))


def test_unautomated_card_is_still_playable_and_logged(game, card_db):
    card = min((c for c in card_db.cards.values() if c.front.type == "Friend" and not c.automated
                and not c.front.play_requirements and not c.front.keywords), key=lambda c: (c.front.cost or 0, c.number))
    from gameplay.engine.mlp.scenario import set_tokens, to_hand

    st = stacked_game(game)
    set_tokens(st, 0, max(st.tokens(0), card.front.cost or 0))  # (the cheapest manual Friend left)
    cid = to_hand(game, st, card.number, 0)
    st, ev = game.apply(st, Action.make("play", 0, card=cid, area="home0"))
    assert any(e.get("manual") for e in ev)
    assert any(game.name_of(st, c) == card.name for c in st.cards_in_play)
