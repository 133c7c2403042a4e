"""Celestial Solstice (CS, CSf) per-card definitions (gameplay/engine/mlp/cards/celestial_solstice.py), each card
played by scenario."""
from __future__ import annotations

from gameplay.engine.api import Action
from gameplay.engine.mlp.scenario import answer, automated, place, set_tokens, stacked_game, to_hand


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


# ------------------------------------------------------------------ CS2 Princess Luna, The Setting Moon
def _luna(game):
    st = stacked_game(game)
    luna = place(game, st, "CS2", 0, "home0")
    friend = place(game, st, "PR12", 0, "home0")
    set_tokens(st, 0, 5)
    return st, luna, friend


def test_cs2_a_main_phase_draw_may_be_replaced_by_exhausting_a_friend_to_gain_one_710(game, card_db):
    # "If you would draw a card during a Main Phase, you may exhaust one of your Friends to gain [1] instead."
    assert automated(card_db, "CS2")
    st, luna, friend = _luna(game)
    hand, deck = len(st.hand(0)), len(st.deck(0))
    st, _ = game.apply(st, Action("draw", 0))  # 609.2d: pay 1 to draw a card
    assert st.pending["kind"] == "may" and st.pending["player"] == 0 and st.pending["rule"] == "710"
    st, _ = game.apply(st, Action.make("choose", 0, option=True))
    assert sorted(st.pending["options"]) == sorted([luna, friend])  # one of your Friends (Luna is one)
    st, _ = game.apply(st, Action.make("choose", 0, option=friend))
    assert st.exhausted(friend) and st.tokens(0) == 5 and len(st.hand(0)) == hand and len(st.deck(0)) == deck


def test_cs2_declined_the_card_is_drawn(game):
    st, luna, friend = _luna(game)
    hand = len(st.hand(0))
    st, _ = game.apply(st, Action("draw", 0))
    st, _ = game.apply(st, Action.make("choose", 0, option=False))
    assert len(st.hand(0)) == hand + 1 and st.tokens(0) == 4 and not st.exhausted(friend)


def test_cs2_each_draw_of_an_effect_is_asked_and_opponents_draws_are_not(game):
    from gameplay.engine.mlp.scenario import play_effects, resolve_step
    st, luna, friend = _luna(game)
    hand = len(st.hand(0))
    play_effects(game, st, 0, luna, [{"op": "draw", "n": 2, "who": "you"}])
    answers = iter([True, friend, False])
    for _ in range(20):
        if st.pending:
            answer(game, st, 0, next(answers))
        elif st.resolving:
            resolve_step(game, st)
        else:
            break
    assert len(st.hand(0)) == hand + 1 and st.tokens(0) == 6  # the first replaced, the second drawn
    bob = len(st.hand(1))
    play_effects(game, st, 1, luna, [{"op": "draw", "n": 1, "who": "you"}])
    while st.resolving and not st.pending:
        resolve_step(game, st)
    assert not st.pending and len(st.hand(1)) == bob + 1


def test_cs2_outside_a_main_phase_or_without_a_ready_friend_nothing_is_asked(game):
    from gameplay.engine.mlp.scenario import draw_cards, set_card
    st, luna, friend = _luna(game)
    for c in (luna, friend):
        set_card(st, c, exhausted=True)
    hand = len(st.hand(0))
    st, _ = game.apply(st, Action("draw", 0))
    assert not (st.pending and st.pending["kind"] == "may") and len(st.hand(0)) == hand + 1
    st2, _, _ = _luna(game)
    st2.d["step"] = "draw"  # (test setup: the Draw Step, 605)
    draw_cards(game, st2, 0, 1)
    assert not st2.resolving
