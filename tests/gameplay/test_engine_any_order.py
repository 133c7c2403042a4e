""""In any order" (issue #19, class 3): every look that puts cards back "in any order" — Meticulous and
Inspired (glossary), and each card text saying so — lets the player reach every arrangement the text
allows, by a pending decision (705.2f), never only top-or-bottom per card in deck order."""
from __future__ import annotations

import itertools
import re

import pytest

from gameplay.engine.api import Action
from gameplay.engine.mlp.engine import Ev
from gameplay.engine.mlp.scenario import every_ending, resolve_step, stacked_game


def _start(game, effects, player=0):
    st = stacked_game(game)
    st.d["rq"].append({"p": player, "src": st.mane(player), "eff": effects, "i": 0, "ch": None,
                       "lbl": "t", "after": None})
    ev = Ev()
    while st.resolving and not st.pending:
        resolve_step(game, st, ev=ev)
    return st


def _arrangements(cards, deck_rest, *, top_any=True, bottom_any=True):
    """The decks "put them on the top or bottom in any order" can give: each split of the cards into a top
    part and a bottom part, each part in every order (only the given order where the text gives none)."""
    out = set()
    for mask in itertools.product((0, 1), repeat=len(cards)):
        top = [c for c, m in zip(cards, mask) if m == 0]
        bot = [c for c, m in zip(cards, mask) if m == 1]
        for t in (itertools.permutations(top) if top_any else [tuple(top)]):
            for b in (itertools.permutations(bot) if bottom_any else [tuple(bot)]):
                out.add(tuple(t) + tuple(deck_rest) + tuple(b))
    return out


@pytest.mark.parametrize("whose", ["you", "opponent"])
def test_meticulous_and_inspired_reach_every_top_and_bottom_order(game, whose):
    # Meticulous X: "look at the top X cards of your deck and put them on the top or bottom of your deck in any
    # order"; Inspired: "... an opponent's draw deck ... Put any number of them on top of the deck in any order,
    # and the rest on the bottom" (glossary; the quick-start rulebook: "the rest on the bottom in any order")
    q = 0 if whose == "you" else 1
    st = _start(game, [{"op": "look_top", "n": 3, "whose": whose}])
    deck = list(st.deck(q))
    ends = every_ending(game, st, lambda d: d["pl"][q]["deck"])
    assert ends == _arrangements(deck[:3], deck[3:])  # 4 splits x orders: 24 decks
    assert len(ends) == 24


def test_the_order_decision_is_private_and_names_the_rule(game):
    st = _start(game, [{"op": "look_top", "n": 2, "whose": "you"}])
    for _ in range(2):  # both cards on top
        st, _ = game.apply(st, Action.make("choose", 0, option="top"))
    pend = st.pending
    assert pend["kind"] == "target" and pend["op"] == "order_top" and "any order" in pend["rule"]
    assert set(game.view(st, 1)["pending"]) == {"player", "kind", "rule"}  # the opponent sees no card


def test_reorder_and_look_sort_reach_every_order(game):
    # PR109 "Look at the top 3 cards of your deck and put them back in any order"; CN202 "put any number of
    # them on top of your deck in any order and the rest on the bottom of your deck in any order"
    st = _start(game, [{"op": "reorder_top", "n": 3, "whose": "you", "deck": "deck"}])
    deck = list(st.deck(0))
    assert every_ending(game, st, lambda d: d["pl"][0]["deck"]) == {
        tuple(p) + tuple(deck[3:]) for p in itertools.permutations(deck[:3])}
    st = _start(game, [{"n": 3, "op": "look_sort", "pick": "top", "rest": "bottom_any", "whose": "you"}])
    deck = list(st.deck(0))
    assert every_ending(game, st, lambda d: d["pl"][0]["deck"]) == _arrangements(deck[:3], deck[3:])


# every automated card that says "in any order" compiles to one of the ops proven above
ORDERING_OPS = {"look_top", "reorder_top", "look_sort", "reveal_n"}


def _ops(x):
    if isinstance(x, dict):
        if "op" in x:
            yield x["op"]
        for v in x.values():
            yield from _ops(v)
    elif isinstance(x, (list, tuple)):
        for v in x:
            yield from _ops(v)


def test_every_automated_in_any_order_text_uses_an_ordering_op(card_db):
    found = 0
    for c in card_db.cards.values():
        for face in c.abilities.values():
            for ab in face:
                if not re.search(r"\bin any order\b", ab.get("text", "")) or ab.get("kind") == "manual" or ab.get("manual"):
                    continue
                found += 1
                assert set(_ops(ab)) & ORDERING_OPS, (c.number, ab["text"])
    assert found >= 14
