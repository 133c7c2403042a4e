"""Issue #19: the remaining one-of card texts, each played in a scenario (per-card definitions in
mlp/cards/one_of_texts.py)."""
from __future__ import annotations

from gameplay.engine.mlp.scenario import automated, enter_play, leave_play, place, resolve_all, stacked_game, to_hand


# ------------------------------------------------------------------ CG140 Pony Charm
def test_pony_charm_controls_its_host_while_attached(game, card_db):
    """CG140 Pony Charm: "Play on a Friend. You control that Friend." (513.2: control changes while the Resource is
    attached; 509.5 / 513.2: when the Resource leaves play its controller no longer controls the Friend)."""
    assert automated(card_db, "CG140")
    st = stacked_game(game)
    foe = place(game, st, "PR31", 1, "prob1")
    charm = enter_play(game, st, to_hand(game, st, "CG140", 0), "prob1", 0, host=foe)
    resolve_all(game, st)
    assert st.d["cards"][foe]["c"] == 0 and st.d["cards"][charm]["c"] == 0
    resolve_all(game, st)
    assert st.d["cards"][foe]["c"] == 0  # it lasts while the Charm stays attached
    leave_play(game, st, charm, "disc", verb="retired")
    resolve_all(game, st)
    assert st.d["cards"][foe]["c"] == 1 and st.d["cards"][foe]["a"] == "prob1"


def test_pony_charm_on_your_own_friend_changes_nothing(game, card_db):
    """CG140 on a Friend you already control: no control change (513.2), and retiring the Charm gives nothing away."""
    st = stacked_game(game)
    mine = place(game, st, "PR31", 0, "prob1")
    charm = enter_play(game, st, to_hand(game, st, "CG140", 0), "prob1", 0, host=mine)
    resolve_all(game, st)
    leave_play(game, st, charm, "disc", verb="retired")
    resolve_all(game, st)
    assert st.d["cards"][mine]["c"] == 0
