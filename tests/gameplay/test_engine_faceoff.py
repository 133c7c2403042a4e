"""514 faceoffs, 515 flipping, 612 Problem faceoffs, 613 solve and replace — with the quickstart
rulebook's worked examples."""
from __future__ import annotations

from gameplay.engine.api import Action
from gameplay.engine.mlp.scenario import (deck_spec, pass_until, place, set_card, set_tokens, stacked_game,
                                          start_faceoff, to_hand)

HAND = ["PR12", "PR33", "PR60", "PR81", "PR54", "PR86"]  # six cards, then the flips


def _deck(*flips):
    return HAND + list(flips)


def _pass(game, st):
    p = game.to_move(st)
    return game.apply(st, Action("pass", p))[0]


def test_quickstart_problem_faceoff_example(game):
    """Brigid (Ann) 4 power vs Victor (Bob) 5 at one Problem; flips 3 and 1; Victor plays an Event
    flipping a 2: 7 vs 8, Victor wins the Problem faceoff (514.5c) and scores its bonus."""
    st = stacked_game(game, decks=(_deck("PR36"), _deck("PR20", "PR79")))
    place(game, st, "PR33", 0, "prob0")  # 2 Honesty
    place(game, st, "PR12", 0, "prob0")  # 2 Loyalty
    place(game, st, "PR31", 1, "prob0")  # Bob: 4 Honesty
    bob_mane = st.mane(1)
    set_card(st, bob_mane, area="prob0")  # Applejack (1 power) at the Problem: Bob has 5
    ev_card = to_hand(game, st, "PR121", 1)  # Team Effort: flip if Applejack is involved
    set_tokens(st, 1, 1)
    st = _pass(game, st)  # Ann ends her Main Phase: score phase
    assert st.score(0) == 1  # 611.4 confronting scores a point
    assert st.faceoff["type"] == "problem"  # 612.2 Bob meets his requirements too
    # 514.2 first window: Ann auto-passed; Bob could play his Faceoff Event but passes
    assert game.to_move(st) == 1
    st = _pass(game, st)
    # 514.3 both flipped; Bob plays Team Effort now
    assert [game.printed_power(st, c) for c in st.flipped(0)] == [3]
    assert [game.printed_power(st, c) for c in st.flipped(1)] == [1]
    assert game.faceoff_total(st, 0) == 7 and game.faceoff_total(st, 1) == 6
    st, events = game.apply(st, Action.make("play", 1, card=ev_card))
    msgs = [e["msg"] for e in events]
    assert "Faceoff totals: Ann 7, Bob 8" in msgs  # nobody else acts: the window closes, totals compared
    assert "Bob wins the faceoff (514.5)" in msgs
    st = pass_until(game, st, lambda s: s.faceoff is None)
    assert st.score(1) == 1  # Runaway Cart bonus 1 (514.5c)
    # 613.2 the Problem was solved and replaced; characters there went home
    assert game.name_of(st, game.problem_at(st, "prob0")) != "Runaway Cart"
    assert all(st.area(c).startswith("home") for c in game.characters_at(st, "home0") + game.characters_at(st, "home1"))
    assert not game.characters_at(st, "prob0")


def test_quickstart_troublemaker_faceoff_example(game):
    """Victor (Ann here) challenges with 3 power vs a 4-power Troublemaker; flips 2 vs 5: 5 vs 9, the
    challenger loses and sends one involved character home (514.5b)."""
    st = stacked_game(game, decks=(_deck("PR60", "PR12"), _deck("PR36", "CN119")))  # flips: 2 and 5
    place(game, st, "PR33", 0, "prob1")  # 2
    place(game, st, "PR20", 0, "prob1")  # 1
    # Yellow Parasprite, 4 power, face up (its start-of-Troublemaker-Phase discard leaves the flips alone;
    # Flam would now exhaust one of the challengers first)
    tm = place(game, st, "PR160", 1, "prob1")
    st = _pass(game, st)  # Ann's turn ends (3 power can't confront Bob's Problem: needs 4)
    st = pass_until(game, st, lambda s: s.turn_player == 0 and s.pending and s.pending["kind"] == "challenge")
    assert tm in st.pending["options"]  # 608.2
    st, _ = game.apply(st, Action.make("choose", 0, option=tm))
    assert st.faceoff["type"] == "tm"
    st = pass_until(game, st, lambda s: s.pending and s.pending["kind"] == "send_home")
    assert game.faceoff_total(st, 0) == 5 and game.faceoff_total(st, 1) == 9
    assert st.pending["rule"] == "514.5b"
    sent = st.pending["options"][0]
    st, _ = game.apply(st, Action.make("choose", 0, option=sent))
    assert st.area(sent) == "home0"
    assert st.score(1) == 0  # the Troublemaker's owner scores nothing (514.5a applies to challengers)


def test_514_5a_defeating_a_troublemaker_scores_its_points(game):
    st = stacked_game(game, decks=(_deck("PR60", "PR31"), _deck("PR36", "PR20")))
    place(game, st, "PR31", 0, "prob1")  # 4
    tm = place(game, st, "PR155", 1, "prob1")  # Flim 3, point value 1
    st = _pass(game, st)
    st = pass_until(game, st, lambda s: s.turn_player == 0 and s.pending and s.pending["kind"] == "challenge")
    st, _ = game.apply(st, Action.make("choose", 0, option=tm))
    st = pass_until(game, st, lambda s: s.faceoff is None)
    assert not st.has_card(tm)
    assert st.score(0) >= 1


def test_514_4c_ties_flip_again(game):
    # Ann 4 + flip 2 vs Bob 5 + flip 1: tie at 6, then Ann flips 3 and Bob 1
    st = stacked_game(game, decks=(_deck("PR12", "PR36"), _deck("PR20", "PR54")))
    place(game, st, "PR33", 0, "prob0")
    place(game, st, "PR12", 0, "prob0")
    place(game, st, "PR31", 1, "prob0")
    set_card(st, st.mane(1), area="prob0")
    st = _pass(game, st)
    st = pass_until(game, st, lambda s: s.faceoff is None)
    assert st.score(0) == 2  # 1 for confronting + bonus 1
    # 514.6 flipped cards went to the bottom of the decks
    assert not st.flipped(0) and not st.flipped(1)
    bottom = [game.name_of(st, c) for c in st.deck(0)[-2:]]
    assert bottom == ["Emerald Green, Cider Aficionado", "Apple Brown Betty, Pastry Chef"]


def test_612_1_multi_problem_faceoff_when_both_problems_confronted(game):
    st = stacked_game(game, decks=(_deck("PR36"), _deck("PR20")))
    place(game, st, "PR33", 0, "prob0")
    place(game, st, "PR12", 0, "prob0")
    place(game, st, "PR31", 0, "prob1")
    st, events = game.apply(st, Action("pass", 0))
    # 610.1 Ann chooses the order of her confront steps (both Problems can be confronted)
    assert st.pending["kind"] == "confront_order" and sorted(st.pending["options"]) == ["prob0", "prob1"]
    st, more = game.apply(st, Action.make("choose", 0, option="prob0"))
    msgs = [e["msg"] for e in events + more]
    assert msgs.count("Ann scores 1 point (1-0)") == 1 and "Ann scores 1 point (2-0)" in msgs  # one per Problem
    assert any(m.startswith("Multi Problem faceoff at") for m in msgs)
    st = pass_until(game, st, lambda s: s.faceoff is None)
    assert st.score(0) == 3  # highest bonus among both (514.5c)
    # 613: both solved and replaced
    assert game.name_of(st, game.problem_at(st, "prob0")) != "Runaway Cart"
    assert game.name_of(st, game.problem_at(st, "prob1")) != "Runaway Cart"


def test_no_problem_faceoff_when_only_one_player_meets_requirements(game):
    st = stacked_game(game)
    place(game, st, "PR33", 0, "prob0")
    place(game, st, "PR12", 0, "prob0")
    st = _pass(game, st)
    assert st.score(0) == 1 and st.faceoff is None
    assert game.name_of(st, game.problem_at(st, "prob0")) == "Runaway Cart"  # not solved


def test_514_4a_i_challenging_own_epic_troublemaker_counts_for_the_opponent(game, card_db):
    epic = next(c for c in card_db.cards.values() if c.front.type == "Troublemaker" and c.front.epic)
    st = stacked_game(game, decks=(_deck("PR12"), _deck("PR20")))
    place(game, st, "PR31", 0, "prob1")
    tm = place(game, st, epic.number, 0, "prob1")
    st.d["sc_ch"] = []
    st.d["fo"] = None
    start_faceoff(game, st, "tm", ["prob1"], 0, tm=tm, ev=__import__("gameplay.engine.mlp.engine", fromlist=["Ev"]).Ev())
    st.d["fo"]["stage"] = "compare"
    p = game.power(st, tm)
    assert game.faceoff_total(st, 1) == p
    assert game.faceoff_total(st, 0) == 4
