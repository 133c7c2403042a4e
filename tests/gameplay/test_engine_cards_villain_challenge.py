"""Villain Challenge (QC, NM, KS) per-card definitions (gameplay/engine/mlp/cards/villain_challenge.py): each card
played by scenario.  "The Villain" is the player whose card it is, "the Challengers" that player's opponent (the
cards' own words; no rules document defines the format)."""
from __future__ import annotations

import pytest

from gameplay.engine.mlp.scenario import automated, problem, replace_problem, resolve_all, resolve_to_decision, stacked_game

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


def _villain_problem(game, st, number):
    """Ann's Problem in play becomes ``number`` (test setup: the engine reads the card afresh)."""
    from gameplay.engine.mlp.scenario import set_card
    pid = problem(st, game, 0)
    set_card(st, pid, card_key=game.db.key(number))
    return pid


def test_qc12_the_challengers_choose_the_card_the_villain_discards(game, card_db):
    # "When this card enters play, the Challengers look at an opponent's hand and choose a card. That player
    # discards that card.": Bob (the Challenger) looks at Ann's hand (a private look, 404.1) and picks; Ann discards
    from gameplay.engine.mlp.engine import Ev
    from gameplay.engine.mlp.scenario import answer
    assert automated(card_db, "QC12")
    st = stacked_game(game, problems=(_problems("QC12"), None))
    hand = list(st.hand(0))
    ev = Ev()
    replace_problem(game, st, "prob0", ev=ev)
    resolve_to_decision(game, st, ev=ev)  # the enter trigger waits (511), then resolves until Bob's decision
    pend = st.pending
    assert pend["player"] == 1 and pend["kind"] == "target" and sorted(pend["options"]) == sorted(hand)
    assert any(e.get("to") == 1 and e["type"] == "look" for e in ev.items)  # Bob sees Ann's hand, Ann is told he looks
    pick = hand[2]
    key = st.card_key(pick)
    answer(game, st, 1, pick, ev=ev)
    resolve_all(game, st)
    assert pick not in st.hand(0) and len(st.hand(0)) == len(hand) - 1
    assert [st.card_key(c) for c in st.discard_pile(0)] == [key]


def _confront_nm19(game, st, player, n_chars):
    from gameplay.engine.api import Action
    from gameplay.engine.mlp.scenario import place
    for _ in range(n_chars):
        place(game, st, "PR31", player, "prob0")  # 4 power each
    _villain_problem(game, st, "NM19")
    st._la = None
    st, ev = game.apply(st, Action("pass", player))
    return st, ev


def test_nm19_when_the_challengers_confront_it_they_may_look_at_a_problem_deck_top(game, card_db):
    # Bob (a Challenger) confronts Ann's NM19 (he needs 8, its top requirement, 611.2): he may look at the top card
    # of a Problem deck of his choosing and put it on the top or the bottom
    from gameplay.engine.api import Action
    assert automated(card_db, "NM19")
    st = stacked_game(game, first=1)
    st, _ = _confront_nm19(game, st, 1, 2)
    assert st.pending["kind"] == "may" and st.pending["player"] == 1
    st, _ = game.apply(st, Action.make("choose", 1, option=True))
    assert st.pending["player"] == 1 and sorted(st.pending["options"]) == [0, 1]  # whose Problem deck
    top = st.problem_deck(0)[0]
    st, ev = game.apply(st, Action.make("choose", 1, option=0))
    assert st.pending["kind"] == "look" and st.pending["options"] == ["top", "bottom"]
    assert any(e.get("to") == 1 and game.card_name(st, top) in e["msg"] for e in ev)
    st, _ = game.apply(st, Action.make("choose", 1, option="bottom"))
    assert st.problem_deck(0)[-1] == top


def test_nm19_does_not_trigger_when_the_villain_confronts_it(game):
    # "the Challengers": Ann, whose Problem it is, confronting it (she needs Wild 14) triggers nothing
    st = stacked_game(game)
    st, ev = _confront_nm19(game, st, 0, 4)
    assert any(e["type"] == "confront" and e["area"] == "prob0" for e in ev)
    assert not (st.pending and st.pending["kind"] in ("may", "look"))


# ------------------------------------------------------------------ KS1 King Sombra, Crystal Tyrant
def _sombra_at_prob0(game, boosted=False):
    from gameplay.engine.mlp.scenario import place, set_card
    st = stacked_game(game, manes=("KS1", "PR2"))
    mane = st.mane(0)
    set_card(st, mane, area="prob0", boosted=boosted)
    crystals = [place(game, st, n, 0, "prob0") for n in ("CG84", "CG24")]  # two 2-power Crystal Friends
    other = place(game, st, "PR12", 0, "prob0")  # not Crystal
    place(game, st, "PR31", 1, "prob0")
    return st, mane, crystals, other


def test_ks1_crystal_friends_here_have_competitive_x_during_faceoffs_701_2a(game, card_db):
    # Start side: "During Faceoffs, your Crystal Friends here have Competitive X, where X is the number of your Crystal
    # Friends here"; the Problem faceoff involving it turns it over, and the Boosted side grants it always
    from gameplay.engine.mlp.scenario import resolve_all, start_faceoff
    assert automated(card_db, "KS1")
    st, mane, crystals, other = _sombra_at_prob0(game)
    assert [game.keyword(st, c, "Competitive") for c in crystals] == [0, 0]  # no faceoff
    start_faceoff(game, st, "problem", ["prob0"], 0)
    assert [game.keyword(st, c, "Competitive") for c in crystals] == [2, 2]
    assert [game.power(st, c) for c in crystals] == [4, 4] and game.power(st, other) == 2  # Competitive 2 (701.2a)
    resolve_all(game, st)
    assert st.boosted(mane)  # "At the start of a Problem Faceoff involving this card, turn this card over"
    st2, _, crystals2, _ = _sombra_at_prob0(game, boosted=True)
    assert [game.keyword(st2, c, "Competitive") for c in crystals2] == [2, 2]  # Boosted: no faceoff needed


def test_ks1_the_first_faceoff_won_each_turn_may_dismiss_a_friend(game):
    # Boosted: "The first time you win a faceoff each turn, you may dismiss a Friend." (any faceoff Ann wins)
    from gameplay.engine.mlp.scenario import (answer, end_faceoff, place, resolve_all, resolve_faceoff, resolve_step,
                                              start_faceoff)
    st, mane, crystals, other = _sombra_at_prob0(game, boosted=True)
    bob = [c for c in st.cards_in_play if st.controller(c) == 1 and game.card_type(st, c) == "Friend"][0]
    start_faceoff(game, st, "problem", ["prob0"], 0)
    resolve_faceoff(game, st, 0)
    resolve_to_decision(game, st)
    assert st.pending["kind"] == "may" and st.pending["player"] == 0
    answer(game, st, 0, True)
    while not st.pending:
        resolve_step(game, st)
    assert bob in st.pending["options"]
    answer(game, st, 0, bob)
    resolve_all(game, st)
    assert bob not in st.cards_in_play
    end_faceoff(game, st)
    resolve_all(game, st)
    again = place(game, st, "PR31", 1, "prob0")
    start_faceoff(game, st, "problem", ["prob0"], 0)
    resolve_faceoff(game, st, 0)
    resolve_all(game, st)  # the second win this turn: no trigger (resolve_all would have said yes and dismissed one)
    assert again in st.cards_in_play and all(c in st.cards_in_play for c in crystals + [other])


# ------------------------------------------------------------------ NM1 Nightmare Moon, Eternal Night
def _nightmare_at_prob1(game, boosted=False):
    from gameplay.engine.mlp.scenario import set_card
    st = stacked_game(game, manes=("NM1", "PR2"))
    set_card(st, st.mane(0), area="prob1", boosted=boosted)
    return st


def test_nm1_troublemakers_here_have_villain_and_their_power_tripled_507(game, card_db):
    from gameplay.engine.mlp.scenario import place
    assert automated(card_db, "NM1")
    st = _nightmare_at_prob1(game)
    here = place(game, st, "PR155", 0, "prob1")
    away = place(game, st, "PR155", 0, "prob0")
    printed = game.printed_power(st, away)
    assert game.power(st, away) == printed and game.power(st, here) == 3 * printed
    assert game.keyword(st, here, "Villain") and not game.keyword(st, away, "Villain")


def test_nm1_a_troublemaker_uncovered_here_frightens_each_friend_here_as_a_villain(game):
    # Villain (glossary): "When this Troublemaker is uncovered, Frighten each Friend at its Problem"; Wild Manticore
    # has no Villain of its own: uncovered at Nightmare Moon's Problem (607) it frightens Bob's Friend there
    from gameplay.engine.mlp.scenario import pass_until, place, set_card
    st = stacked_game(game, manes=("NM1", "PR2"), first=1)
    set_card(st, st.mane(0), area="prob1")
    tm = place(game, st, "PR159", 0, "prob1", face_down=True)
    bobs = place(game, st, "PR12", 1, "prob1")
    st = pass_until(game, st, lambda s: s.turn_player == 0 and not s.face_down(tm))
    assert st.frightened(bobs)


def test_nm1_turns_over_at_the_end_of_your_turn_with_two_face_up_troublemakers(game):
    from gameplay.engine.mlp.scenario import place, resolve_all, trigger
    for n_face_up, turned in ((1, False), (2, True)):
        st = _nightmare_at_prob1(game)
        # one Troublemaker of a player at each Problem (516.2); the face-down one does not count
        place(game, st, "PR155", 0, "prob0")
        place(game, st, "PR159", 0, "prob1", face_down=n_face_up == 1)
        trigger(game, st, "turn_end", st.mane(0))
        resolve_all(game, st)
        assert st.boosted(st.mane(0)) is turned


def test_nm1_boosted_scores_a_point_when_the_opponent_controls_no_ready_friend(game):
    from gameplay.engine.mlp.scenario import place, resolve_all, set_card, trigger
    for exhausted, points in ((False, 0), (True, 1)):
        st = _nightmare_at_prob1(game, boosted=True)
        f = place(game, st, "PR12", 1, "prob0")
        set_card(st, f, exhausted=exhausted)
        trigger(game, st, "turn_end", st.mane(0))
        resolve_all(game, st)
        assert st.score(0) == points


def test_qc15_the_challengers_choose_the_color_of_the_villains_cheaper_friends_508(game, card_db):
    # "When this card enters play, the Challengers choose a color. Your Friends with that color cost [1] less to play,
    # to a minimum of [1]."
    from gameplay.engine.mlp.scenario import answer, to_hand
    assert automated(card_db, "QC15")
    st = stacked_game(game, problems=(_problems("QC15"), None))
    cards = {n: to_hand(game, st, n, 0) for n in ("PR12", "PR20", "PR33")}  # Loyalty 2, Loyalty 1, Honesty 2
    assert [game.card_cost(st, 0, c) for c in cards.values()] == [2, 1, 2]
    replace_problem(game, st, "prob0")
    resolve_to_decision(game, st)
    assert st.pending["kind"] == "choice" and st.pending["player"] == 1  # Bob, the Challenger, chooses
    answer(game, st, 1, "Loyalty")
    resolve_all(game, st)
    assert [game.card_cost(st, 0, c) for c in cards.values()] == [1, 1, 2]
    bob = to_hand(game, st, "PR12", 1)
    assert game.card_cost(st, 1, bob) == 2  # "Your Friends": the Villain's only


# ------------------------------------------------------------------ NM14 A Gift Given Freely
def _confront_nm14(game, points, hand=(), deck=()):
    """Ann (``points``) confronts her NM14 (Not Honesty 6 and Wild 10) in her Score Phase."""
    from gameplay.engine.api import Action
    from gameplay.engine.mlp.scenario import place, to_hand
    st = stacked_game(game, manes=("SB1", "PR2"), decks=(list(deck) + ["PR12"] * 10, None))
    for n in ("PR31",) * 3 + ("PR60",) * 3:  # Honesty 4 x3 (Wild 10) and Magic 2 x3 (Not Honesty 6)
        place(game, st, n, 0, "prob0")
    _villain_problem(game, st, "NM14")
    st.d["pl"][0]["score"] = points
    cards = [to_hand(game, st, n, 0) for n in hand]
    st._la = None
    st, _ = game.apply(st, Action("pass", 0))
    return st, cards


def test_nm14_may_pay_two_points_to_search_for_a_resource_508(game, card_db):
    from gameplay.engine.api import Action
    assert automated(card_db, "NM14")
    st, _ = _confront_nm14(game, 3, deck=["PR12"] * 6 + ["EO164"])
    assert st.pending["kind"] == "may" and st.score(0) == 4  # the confront point (611.4), then the trigger
    st, _ = game.apply(st, Action.make("choose", 0, option=True))
    assert st.score(0) == 2 and st.pending["kind"] == "choice" and st.pending["options"] == [0, 1]
    st, _ = game.apply(st, Action.make("choose", 0, option=0))
    res = [c for c in st.pending["options"] if c != "none"]
    assert [game.card_name(st, c) for c in res] == [card_db.cards[card_db.key("EO164")].name]
    st, ev = game.apply(st, Action.make("choose", 0, option=res[0]))
    assert any(st.card_key(c) == card_db.key("EO164") for c in st.hand(0))


def test_nm14_a_resource_from_the_hand_is_put_into_play_on_a_chosen_friend_305_1b(game, card_db):
    from gameplay.engine.api import Action
    st, (res,) = _confront_nm14(game, 2, hand=["EO164"])
    st, _ = game.apply(st, Action.make("choose", 0, option=True))
    st, _ = game.apply(st, Action.make("choose", 0, option=1))
    assert st.score(0) == 1 and st.pending["options"] == [res]  # paid 2 of its 3 points
    st, _ = game.apply(st, Action.make("choose", 0, option=res))
    hosts = st.pending["options"]  # "Play on a Friend": a Friend to attach it to (the Mane Character is not one)
    host = next(h for h in hosts if h != "none" and st.controller(h) == 0)
    assert all(game.card_type(st, h) == "Friend" for h in hosts if h != "none")
    before = game.power(st, host)
    st, _ = game.apply(st, Action.make("choose", 0, option=host))
    attached = [c for c in st.cards_in_play if st.card_key(c) == card_db.key("EO164")]
    assert len(attached) == 1 and st.host(attached[0]) == host and game.power(st, host) == before + 2


def test_nm14_without_two_points_nothing_is_paid_or_gained_508_1d(game):
    from gameplay.engine.api import Action
    st, (res,) = _confront_nm14(game, 0, hand=["EO164"])  # 1 point after the confront
    st, _ = game.apply(st, Action.make("choose", 0, option=True))
    assert st.score(0) == 1 and res in st.hand(0) and not (st.pending and st.pending["kind"] == "choice")


# ------------------------------------------------------------------ QC11 / NM11: "You may skip your first turn"
_SKIP_PROBLEMS = ["PR168", "PR164", "PR170", "PR177", "PR192", "PR190", "PR168", "PR164", "PR170"]


def _skip_game(game, number, first=0):
    """Ann starts with ``number`` as her Starting Problem (102.2)."""
    return stacked_game(game, manes=("PR1", "PR2"), problems=([number] + _SKIP_PROBLEMS, None), first=first)


def test_nm11_skipping_the_first_turn_turns_the_mane_over_and_makes_a_changeling_token(game, card_db):
    from gameplay.engine.api import Action
    assert automated(card_db, "NM11", "QC11")
    st = _skip_game(game, "NM11")
    assert st.pending["kind"] == "may" and st.pending["player"] == 0 and st.turn == 0  # before her first turn begins
    st, _ = game.apply(st, Action.make("choose", 0, option=True))
    assert st.boosted(st.mane(0)) and st.pending["kind"] == "choice"  # turned over, then "choose a color"
    st, ev = game.apply(st, Action.make("choose", 0, option="Laughter"))
    tokens = [c for c in st.cards_in_play if st.is_token(c) and st.controller(c) == 0]
    assert len(tokens) == 1 and game.power(st, tokens[0]) == 2 and game.colors(st, tokens[0]) == ("Laughter",)
    assert "Changeling" in game.traits(st, tokens[0]) and st.area(tokens[0]) == "home0"
    assert st.turn_player == 1 and st.turn == 1  # Ann's first turn was skipped: Bob's is the game's first
    assert any(e["msg"] == "Ann skips their first turn" for e in ev)


def test_nm11_declined_the_first_turn_begins_as_usual(game):
    from gameplay.engine.api import Action
    st = _skip_game(game, "NM11")
    st, _ = game.apply(st, Action.make("choose", 0, option=False))
    assert st.turn_player == 0 and st.turn == 1 and not st.boosted(st.mane(0))
    assert st.step == "main" and st.tokens(0) > 0


def test_qc11_skipping_offers_the_mane_or_the_token(game):
    from gameplay.engine.api import Action
    st = _skip_game(game, "QC11")
    st, _ = game.apply(st, Action.make("choose", 0, option=True))
    assert st.pending["kind"] == "choice" and st.pending["options"] == [0, 1]  # "... over or ... a token"
    st, _ = game.apply(st, Action.make("choose", 0, option=0))
    assert st.boosted(st.mane(0)) and not any(st.is_token(c) for c in st.cards_in_play)
    assert st.turn_player == 1


def test_nm11_the_second_player_decides_as_their_own_first_turn_would_begin(game):
    from gameplay.engine.api import Action
    from gameplay.engine.mlp.scenario import pass_until
    st = _skip_game(game, "NM11", first=1)  # Bob plays first; Ann's first turn is the game's second
    assert st.turn_player == 1 and st.turn == 1 and not (st.pending and st.pending["kind"] == "may")
    st = pass_until(game, st, lambda s: s.pending is not None and s.pending["kind"] == "may")
    assert st.pending["player"] == 0 and st.turn == 1
    st, _ = game.apply(st, Action.make("choose", 0, option=True))
    st, _ = game.apply(st, Action.make("choose", 0, option="Magic"))
    assert st.turn_player == 1 and st.turn == 2  # Bob's second turn follows his first


# ------------------------------------------------------------------ NM17 Dangerous Gambit
def test_nm17_the_challengers_may_pay_half_their_points_for_an_extra_turn(game, card_db):
    # "The first time the Challengers confront this Problem, they may pay half their points, rounded up. If they do,
    # the Challengers take an extra turn after this one."  Bob (6 points after the confront, 611.4) pays 3
    from gameplay.engine.api import Action
    from gameplay.engine.mlp.scenario import pass_until, place
    assert automated(card_db, "NM17")
    st = stacked_game(game, first=1)
    for _ in range(3):
        place(game, st, "PR31", 1, "prob0")  # 12 power: Ann's NM17 needs 10 from an opponent (611.2)
    _villain_problem(game, st, "NM17")
    st.d["pl"][1]["score"] = 5
    st._la = None
    st, _ = game.apply(st, Action("pass", 1))
    assert st.pending["kind"] == "may" and st.pending["player"] == 1 and st.score(1) == 6
    st, _ = game.apply(st, Action.make("choose", 1, option=True))
    assert st.score(1) == 3
    st = pass_until(game, st, lambda s: s.turn == 2)
    assert st.turn_player == 1  # Bob's extra turn
    st = pass_until(game, st, lambda s: s.turn == 3 or (s.pending is not None and s.pending["kind"] == "may"))
    assert st.turn == 3 and st.turn_player == 0  # his second confront of it triggered nothing; then Ann's turn


def test_nm17_declined_no_points_are_paid_and_the_turns_alternate(game):
    from gameplay.engine.api import Action
    from gameplay.engine.mlp.scenario import pass_until, place
    st = stacked_game(game, first=1)
    for _ in range(3):
        place(game, st, "PR31", 1, "prob0")
    _villain_problem(game, st, "NM17")
    st._la = None
    st, _ = game.apply(st, Action("pass", 1))
    st, _ = game.apply(st, Action.make("choose", 1, option=False))
    assert st.score(1) == 1
    st = pass_until(game, st, lambda s: s.turn == 2)
    assert st.turn_player == 0


# ------------------------------------------------------------------ NM15 A Dash of Loyalty
def test_nm15_one_trigger_for_friends_frightened_together_then_pay_one_to_move_another(game, card_db):
    # "When one or more of your Friends becomes frightened, you may pay [1] to move another of your Friends."
    from gameplay.engine.mlp.scenario import answer, frighten, place, pre_priority, resolve_all, resolve_step, set_tokens
    assert automated(card_db, "NM15")
    st = stacked_game(game)
    _villain_problem(game, st, "NM15")
    a, b = (place(game, st, n, 0, "prob0") for n in ("PR12", "PR33"))
    mover = place(game, st, "PR60", 0, "home0")
    place(game, st, "PR81", 1, "home1")
    set_tokens(st, 0, 3)
    frighten(game, st, a)
    frighten(game, st, b)  # frightened before the first trigger resolves: the same "one or more"
    assert len(st.triggers_waiting) == 1
    pre_priority(game, st)
    while not st.pending:
        resolve_step(game, st)
    assert st.pending["kind"] == "may" and st.pending["player"] == 0
    answer(game, st, 0, True)
    while not st.pending:
        resolve_step(game, st)
    assert st.tokens(0) == 2 and mover in st.pending["options"] and a not in st.pending["options"]
    answer(game, st, 0, mover)
    resolve_all(game, st)  # (answers the destination with its first option)
    assert st.area(mover) != "home0"
    c = place(game, st, "PR20", 0, "prob1")
    frighten(game, st, c)  # a later one: a new trigger
    assert len(st.triggers_waiting) == 1


def test_nm15_an_opponents_friend_frightened_does_not_trigger_it(game):
    from gameplay.engine.mlp.scenario import frighten, place
    st = stacked_game(game)
    _villain_problem(game, st, "NM15")
    frighten(game, st, place(game, st, "PR12", 1, "prob0"))
    assert st.triggers_waiting == []
