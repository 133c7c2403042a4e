"""Celestial Solstice (CS, CSf) per-card definitions (gameplay/engine/mlp/cards/celestial_solstice.py), each card
played by scenario."""
from __future__ import annotations

from gameplay.engine.api import Action
from gameplay.engine.mlp.scenario import automated, place, set_tokens, stacked_game, to_hand


def _play_friend(game, st, number):
    cid = to_hand(game, st, number, 0)
    set_tokens(st, 0, 9)
    st, _ = game.apply(st, Action.make("play", 0, card=cid, area="home0"))
    return st


def _twilight_with(game, other):
    st = stacked_game(game, manes=("CSf1", "PR2"))
    if other:
        place(game, st, other, 0, "home0")
    return st


def test_csf1_turns_over_when_you_play_a_friend_of_another_color_than_one_of_your_friends_609_2a(game, card_db):
    # "When you play a Friend that is a different color from one of your other Friends, turn this card over"
    assert automated(card_db, "CSf1")
    st = _play_friend(game, _twilight_with(game, "PR60"), "PR12")  # a Loyalty Friend played beside a Magic one
    mane = st.mane(0)
    assert st.boosted(mane)  # 301.2
    # boosted side: "choose a color for each of your opponents. This card gains each of those colors" (one opponent)
    pend = st.pending
    assert pend["kind"] == "choice" and pend["player"] == 0 and "Laughter" in pend["options"]
    st, _ = game.apply(st, Action.make("choose", 0, option="Laughter"))
    assert set(game.colors(st, mane)) == {"Magic", "Laughter"}  # it keeps its own color (gains)
    assert game.power(st, mane) == 3


def test_csf1_stays_on_its_start_side_for_a_friend_of_the_same_color_or_the_first_friend(game):
    for other, played in (("PR60", "PR54"), (None, "PR12")):  # Magic beside Magic; a first Friend beside none
        st = _play_friend(game, _twilight_with(game, other), played)
        assert not st.boosted(st.mane(0))


def test_csf1_an_opponents_friend_does_not_count(game):
    # "one of your other Friends": Bob's Magic Friend beside Ann's Loyalty one does not turn Ann's Mane over
    st = stacked_game(game, manes=("CSf1", "PR2"))
    place(game, st, "PR60", 1, "home1")
    st = _play_friend(game, st, "PR12")
    assert not st.boosted(st.mane(0))
