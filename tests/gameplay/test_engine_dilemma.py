"""522 Dilemmas: played as Problems at their own area; discarded instead of replaced."""
from __future__ import annotations

from gameplay.engine.api import Action
from gameplay.engine.mlp.scenario import pass_until, place, set_tokens, stacked_game, to_hand


def test_522_dilemma_enters_play_at_its_own_area_and_is_discarded_when_solved(game):
    st = stacked_game(game)
    place(game, st, "PR12", 0, "home0")  # 2 Loyalty for the play requirement
    card = to_hand(game, st, "FF116", 0)  # Washouts Performance (Dilemma), cost 2
    set_tokens(st, 0, 10)
    st, _ = game.apply(st, Action.make("play", 0, card=card, area="dilemma"))
    st, _ = game.apply(st, Action.make("choose", 0, option=True))  # its "you may pay [2] less" trigger
    dil_area = next(a for a in st.d["areas"] if a.startswith("dil"))
    pid = game.problem_at(st, dil_area)
    assert pid and st.d["cards"][pid]["dil"] and game.card_type(st, pid) == "Problem"  # 522.1
    # confront the Dilemma (its owner needs 6 wild) and Ann's own Problem: a multi Problem faceoff solves both
    place(game, st, "PR31", 0, dil_area)
    place(game, st, "PR60", 0, dil_area)
    place(game, st, "PR33", 0, "prob0")
    place(game, st, "PR12", 0, "prob0")
    st = pass_until(game, st, lambda s: s.turn_player == 1)
    assert dil_area not in st.d["areas"]  # 522.3 the area ceases to exist
    assert any(game.name_of(st, c) == "Washouts Performance" for c in st.discard_pile(0))  # 522.3a
    assert not any(st.area(c) == dil_area for c in st.cards_in_play)
