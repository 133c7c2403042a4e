"""Issue #19: cards that give abilities to other cards, play cards from other zones or copy cards, each played in a
scenario that fails without its definition (mlp/cards/other_zones_and_copies.py)."""
from __future__ import annotations

from gameplay.engine.mlp.scenario import (automated, place, resolve_all, set_tokens, stacked_game, start_faceoff,
                                          trigger)


def activations(game, st, cid, player=0):
    return [a for a in game.legal_actions(st, player) if a.kind == "activate" and a.to_dict().get("card") == cid]


# ------------------------------------------------------------------ EO150 Daring Do Poster
def test_poster_gains_one_token_per_face_up_troublemaker_of_yours(game, card_db):
    """EO150 Daring Do Poster: 'Your Troublemakers have "At the start of your turn, gain [1]."' — one [1] for each of
    your Troublemakers with abilities; a face-down one has none (505.1a), an opponent's is not yours."""
    assert automated(card_db, "EO150")
    st = stacked_game(game)
    poster = place(game, st, "EO150", 0, "home0")
    place(game, st, "RR11", 0, "prob1")
    place(game, st, "PR155", 0, "prob0")
    place(game, st, "PR155", 0, "prob1", face_down=True)
    place(game, st, "RR11", 1, "prob0")
    set_tokens(st, 0, 0)
    set_tokens(st, 1, 0)
    trigger(game, st, "turn_start", poster)
    resolve_all(game, st)
    assert st.d["pl"][0]["tok"] == 2
    assert st.d["pl"][1]["tok"] == 0


def test_poster_gives_nothing_without_troublemakers(game, card_db):
    """EO150: with no Troublemaker of yours in play nothing is gained (the ability is the Troublemakers')."""
    st = stacked_game(game)
    poster = place(game, st, "EO150", 0, "home0")
    set_tokens(st, 0, 0)
    trigger(game, st, "turn_start", poster)
    resolve_all(game, st)
    assert st.d["pl"][0]["tok"] == 0


# ------------------------------------------------------------------ MT36 Starlight Glimmer, Apocalypse Now
def test_starlight_troublemakers_here_pay_one_for_two_power_during_a_faceoff(game, card_db):
    """MT36 Starlight Glimmer, Apocalypse Now: 'Your Troublemakers here have "Immediate: During a faceoff, pay [1]
    to give this card +2 power until the end of the faceoff."' (508 cost; 514 faceoff; only a Troublemaker of yours
    at her Problem)."""
    assert automated(card_db, "MT36")
    st = stacked_game(game)
    glimmer = place(game, st, "MT36", 0, "prob0")
    mine = place(game, st, "RR11", 0, "prob0")
    far = place(game, st, "RR11", 0, "prob1")
    place(game, st, "PR31", 1, "prob0")
    set_tokens(st, 0, 3)
    assert activations(game, st, glimmer) == []  # no faceoff yet
    start_faceoff(game, st, "problem", ["prob0"], 0)
    before, far_before = game.power(st, mine), game.power(st, far)
    acts = activations(game, st, glimmer)
    assert len(acts) == 1
    st, _ = game.apply(st, acts[0])
    resolve_all(game, st)
    assert game.power(st, mine) == before + 2
    assert game.power(st, far) == far_before
    assert st.d["pl"][0]["tok"] == 2
