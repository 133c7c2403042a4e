"""Villain Challenge (QC, NM, KS) per-card definitions (gameplay/engine/mlp/cards/villain_challenge.py): each card
played by scenario.  "The Villain" is the player whose card it is, "the Challengers" that player's opponent (the
cards' own words; no rules document defines the format)."""
from __future__ import annotations

import pytest

from gameplay.engine.mlp.scenario import (automated, problem, replace_problem, resolve_all, stacked_game)

def _problems(number):
    """Ann's Problem deck: her Starting Problem, then the card under test alone (NM10 starts at the bottom)."""
    return ["PR190", number]


@pytest.mark.parametrize("number,winner", [("KS8", 1), ("KS9", 0), ("KS19", 0), ("KS20", 1), ("NM10", 0)])
def test_a_problem_entering_play_ends_the_game_103_1(game, card_db, number, winner):
    # KS8 "the Challengers win", KS9 "the Challengers lose", KS19 "the Villain wins", KS20 "the Villain loses",
    # NM10 "your opponents lose": Ann (the Villain) solves her Problem and this card replaces it (613.2); as it
    # enters play the game ends (103.1), the loser removed (103.5) and the other player winning (103.3)
    assert automated(card_db, number)
    st = stacked_game(game, problems=(_problems(number), None))
    replace_problem(game, st, "prob0")
    assert game.card_name(st, problem(st, game, 0)).startswith(card_db.cards[card_db.key(number)].name)
    resolve_all(game, st)
    out = game.outcome(st)
    assert out is not None and out.winner == winner and not out.draw


def test_nm10_starts_the_game_on_the_bottom_of_its_owners_problem_deck(game):
    # "Start the game with this card on the bottom of your Problem deck": after the Problem deck is shuffled (102.3)
    from gameplay.engine.api import Action
    from gameplay.engine.mlp.scenario import deck_spec
    for seed in (1, 2, 3):
        specs = [deck_spec(problems=["NM10", "PR190", "PR168", "PR164", "PR170", "PR177", "PR192", "PR190", "PR168",
                                     "PR164"]), deck_spec()]
        st = game.new_game(specs, seed=seed, names=("Ann", "Bob"))
        for p in range(2):
            st, _ = game.apply(st, Action.make("choose", p, option=st.pending["options"][0]))
        assert game.card_name(st, st.problem_deck(0)[-1]) == "Eternal Night"
