"""802 loops.  No combination of printed cards is known to make a mandatory loop, so these tests give
two vanilla Friends test-only triggered abilities (card texts are data: the same dicts the parser
makes) in a copy of the card pool."""
from __future__ import annotations

import dataclasses

from gameplay.engine.api import Action
from gameplay.engine.mlp import CardDB, MLPGame
from gameplay.engine.mlp.flow import turn as flow_turn
from gameplay.engine.mlp.scenario import place, stacked_game

# "When this card becomes exhausted, ready it, then exhaust it.": every repetition leaves the game as it was
LOOP = {"kind": "trigger", "on": "w_exhaust", "subj": {"sel": {"self": True}},
        "text": "When this card becomes exhausted, ready it, then exhaust it.",
        "effects": [{"op": "ready", "target": {"self": True}}, {"op": "exhaust", "target": {"self": True}}]}
# the same with a +1 power counter each time: the game changes on every repetition
GROWING = {**LOOP, "text": "When this card becomes exhausted, put a +1 power counter on it, ready it, then exhaust it.",
           "effects": [{"op": "counters", "n": 1, "target": {"self": True}}] + LOOP["effects"]}


def _game(card_db: CardDB, number: str, ability: dict) -> MLPGame:
    cards = [dataclasses.replace(c, abilities={"front": (ability,)}) if c.number == number else c
             for c in card_db.cards.values()]
    return MLPGame(CardDB(cards))


def test_a_mandatory_loop_that_changes_nothing_ends_and_play_proceeds(card_db):
    """802.3: the loop repeats, "ending immediately before the first mandatory effect would trigger the
    next time ... That effect instead does not trigger and play proceeds" (not a drawn game)."""
    game = _game(card_db, "PR33", LOOP)
    st = stacked_game(game)
    cid = place(game, st, "PR33", 0, "prob0")
    st, ev = game.apply(st, Action.make("manual_effect", 0, effect={"op": "exhaust"}, target=cid))
    assert st.outcome is None
    assert st.exhausted(cid)  # exhausted, as the loop left it
    assert not st.triggers_waiting and not st.resolving
    msgs = [e["msg"] for e in ev if e["type"] == "loop"]
    assert len(msgs) == 1 and "802.3" in msgs[0] and "Red Gala" in msgs[0]
    # the game goes on: the turn player still has priority in their Main Phase
    assert st.priority["w"] == "main" and game.to_move(st) == 0
    assert game.legal_actions(st, 0)


def test_the_loop_is_found_within_a_few_repetitions(card_db, monkeypatch):
    """Only the repetitions needed to see the state come back are played (not the engine's step limit)."""
    game = _game(card_db, "PR33", LOOP)
    st = stacked_game(game)
    cid = place(game, st, "PR33", 0, "prob0")
    calls = []
    real = game.r.resolve_step
    monkeypatch.setattr(game.r, "resolve_step", lambda *a: calls.append(1) or real(*a))
    game.apply(st, Action.make("manual_effect", 0, effect={"op": "exhaust"}, target=cid))
    assert len(calls) < flow_turn.LOOP_SCAN + 50


def test_a_mandatory_loop_that_keeps_changing_the_game_is_stopped(card_db, monkeypatch):
    """A loop whose every repetition changes the game never repeats exactly: it runs a large number of
    times (standing in for the number 802.3 has its controller choose) and then stops the same way."""
    monkeypatch.setattr(flow_turn, "LOOP_LIMIT", 3000)
    game = _game(card_db, "PR33", GROWING)
    st = stacked_game(game)
    cid = place(game, st, "PR33", 0, "prob0")
    st, ev = game.apply(st, Action.make("manual_effect", 0, effect={"op": "exhaust"}, target=cid))
    assert st.outcome is None
    n = st.counters(cid)["+1"]
    assert n > 100  # it repeated many times, each adding a counter
    assert game.power(st, cid) == 2 + n
    assert any("802.3" in e["msg"] and "stopped" in e["msg"] for e in ev if e["type"] == "loop")


def test_an_optional_loop_is_played_one_choice_at_a_time(card_db):
    """802.2 / 802.4: a loop with an optional action goes on only while its player keeps choosing it;
    each repetition is a 'may' decision, and declining ends the loop."""
    game = _game(card_db, "PR33", {**LOOP, "text": "When this card becomes exhausted, you may ready it, then exhaust it.",
                              "effects": [{"op": "may", "effects": LOOP["effects"]}]})
    st = stacked_game(game)
    cid = place(game, st, "PR33", 0, "prob0")
    st, _ = game.apply(st, Action.make("manual_effect", 0, effect={"op": "exhaust"}, target=cid))
    for _ in range(5):  # the player keeps the loop going five times
        assert st.pending["kind"] == "may" and st.pending["player"] == 0
        st, _ = game.apply(st, Action.make("choose", 0, option=True))
    st, ev = game.apply(st, Action.make("choose", 0, option=False))
    assert st.pending is None and st.outcome is None
    assert st.exhausted(cid)
    assert not any(e["type"] == "loop" for e in ev)
