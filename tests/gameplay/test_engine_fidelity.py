"""Rules fidelity: the optional replacements (Persistent, Random, Pumped) are the controller's "may"
decisions (710, 712.3), the turn player orders the confront steps (610.1) and the uncovers (607.2),
and a tie with both decks empty ends by the loop rule (514.4c, 515.1, 802.3)."""
from __future__ import annotations

from gameplay.engine.api import Action
from gameplay.engine.mlp.engine import Ev
from gameplay.engine.mlp.scenario import (advance, answer, leave_play, pass_until, place, resolve_all, resolve_step,
                                          run_step, stacked_game, start_faceoff)


def kw_card(card_db, keyword, type_="Friend"):
    cands = [c for c in card_db.cards.values() if c.front.type == type_ and keyword in c.front.keywords
             and c.set_name != "Villain Challenge"]
    cands.sort(key=lambda c: (not c.automated, len(c.front.text), c.number))
    return cands[0]


def _pass(game, st):
    return game.apply(st, Action("pass", game.to_move(st)))[0]


def _answer(game, st, option):
    """Answer the pending decision in place and resolve the queue (without advancing the turn)."""
    import copy

    from gameplay.engine.mlp.state import State

    st2 = State(copy.deepcopy(st.d))
    ev = Ev()
    answer(game, st2, st2.pending["player"], option, ev=ev)
    while st2.resolving and not st2.pending:
        resolve_step(game, st2, ev=ev)
    st2._la = None
    return st2


def _run(game, st):
    """Advance the queue in place until a decision (or nothing is left to resolve)."""
    advance(game, st)
    st._la = None
    return st


# ------------------------------------------------------------------ Persistent (710, 712.3)
def _dismiss_by_opponent(game, st, cid):
    st.d["rq"].append({"p": 0, "src": None, "eff": [{"op": "dismiss", "target": {"id": cid}}], "i": 0, "ch": None,
                       "lbl": "test", "after": None})
    return _run(game, st)


def test_persistent_is_its_controllers_may_decision(game, card_db):
    per = kw_card(card_db, "Persistent")
    st = stacked_game(game)
    cid = place(game, st, per.number, 1, "prob1")
    st = _dismiss_by_opponent(game, st, cid)  # Ann's effect would dismiss Bob's Persistent Friend
    pend = st.pending
    assert pend["kind"] == "may" and pend["player"] == 1 and pend["rule"] == "710" and pend["card"] == cid
    assert {a.get("option") for a in game.legal_actions(st, 1)} == {True, False} and game.legal_actions(st, 0) == []
    assert game.view(st, 1)["pending"]["options"] == [True, False]
    assert set(game.view(st, 0)["pending"]) == {"player", "kind", "rule"}  # only the kind for the opponent
    st2, _ = game.apply(st, Action.make("choose", 1, option=False))  # declined: it leaves play (710.3)
    assert cid not in st2.cards_in_play and len(st2.discard_pile(1)) == 1
    st3, _ = game.apply(st, Action.make("choose", 1, option=True))  # frightened instead
    assert cid in st3.cards_in_play and st3.frightened(cid)


def test_persistent_does_not_replace_costs_or_game_dismissals(game, card_db):
    per = kw_card(card_db, "Persistent")
    st = stacked_game(game)
    a = place(game, st, per.number, 0, "home0")
    leave_play(game, st, a, "disc", cost=True)  # 508.1a: a replaced cost can't be paid
    assert a not in st.cards_in_play and not st.resolving
    b = place(game, st, per.number, 0, "home0")
    leave_play(game, st, b, "disc", by_game=True)  # 104.3: "by the game" can't be replaced
    assert b not in st.cards_in_play and not st.resolving


def test_persistent_paid_cost_effects_are_not_replaced(game, card_db):
    # "As an additional cost, retire a Friend" (508.1a: a cost that would be replaced can't be paid)
    per = kw_card(card_db, "Persistent")
    st = stacked_game(game)
    cid = place(game, st, per.number, 0, "home0")
    st.d["rq"].append({"p": 0, "src": None, "eff": [{"op": "retire", "target": {"id": cid}, "paid": True}], "i": 0,
                       "ch": None, "lbl": "test", "after": None})
    st = _run(game, st)
    assert cid not in st.cards_in_play and not (st.pending and st.pending["kind"] == "may")


def test_persistent_cards_leaving_together_are_decided_one_by_one(game, card_db):
    per = kw_card(card_db, "Persistent")
    st = stacked_game(game)
    a = place(game, st, per.number, 1, "prob1")
    b = place(game, st, per.number, 1, "home1")
    st.d["rq"].append({"p": 0, "src": None, "eff": [{"op": "dismiss", "target": {"type": "Friend", "ctrl": "opp", "each": True}}],
                       "i": 0, "ch": None, "lbl": "test", "after": None})
    st = _run(game, st)
    first = st.pending["card"]
    assert st.pending["kind"] == "may" and first in (a, b)
    st, _ = game.apply(st, Action.make("choose", 1, option=True))
    second = st.pending["card"]
    assert st.pending["kind"] == "may" and {first, second} == {a, b}
    st, _ = game.apply(st, Action.make("choose", 1, option=False))
    assert st.frightened(first) and second not in st.cards_in_play


def test_616_3_home_limit_retire_can_be_replaced_by_persistent(game, card_db):
    """616.3 the player retires (not "by the game"), so Persistent may frighten the Friend instead;
    a frightened Friend still counts toward the home limit and the player chooses again."""
    per = kw_card(card_db, "Persistent")
    st = stacked_game(game)
    keep = place(game, st, per.number, 0, "home0")
    limit = game.home_limit(st, 0)
    for _ in range(limit):
        place(game, st, "PR12", 0, "home0")
    st = pass_until(game, st, lambda s: s.pending and s.pending["kind"] == "retire_home")
    st, _ = game.apply(st, Action.make("choose", 0, option=keep))
    assert st.pending["kind"] == "may" and st.pending["card"] == keep
    st, _ = game.apply(st, Action.make("choose", 0, option=True))
    assert st.frightened(keep)
    assert st.pending["kind"] == "retire_home" and keep in st.pending["options"]  # still in excess


# ------------------------------------------------------------------ Random and Pumped (514, 515)
def test_random_asks_before_ignoring_a_one_power_flip(game, card_db):
    rnd = kw_card(card_db, "Random")
    st = stacked_game(game, decks=(["PR12", "PR33", "PR60", "PR81", "PR54", "PR86", "PR20", "PR36"], None))
    rid = place(game, st, rnd.number, 0, "prob0")
    start_faceoff(game, st, "problem", ["prob0"], 0)
    from gameplay.engine.mlp.flow import faceoff_flip

    faceoff_flip(game.r, st.d, Ev())
    st = _run(game, st)
    pend = st.pending
    assert pend["kind"] == "may" and pend["player"] == 0 and pend["what"] == "Random"
    no = _answer(game, st, False)
    assert len(no.flipped(0)) == 1 and not no.faceoff["ign"] and not no.faceoff["rand"]  # not used
    yes = _answer(game, st, True)
    flips = yes.flipped(0)
    assert len(flips) == 2 and yes.faceoff["ign"] == [flips[0]] and yes.faceoff["rand"] == [rid]


def test_pumped_asks_before_banishing_a_flipped_card(game, card_db):
    pum = kw_card(card_db, "Pumped")
    st = stacked_game(game)
    host = place(game, st, pum.number, 0, "prob0")
    start_faceoff(game, st, "problem", ["prob0"], 0)
    from gameplay.engine.mlp.flow import end_faceoff, faceoff_flip

    faceoff_flip(game.r, st.d, Ev())
    end_faceoff(game.r, st.d, Ev())
    st = _run(game, st)
    assert st.pending["kind"] == "may" and st.pending["what"] == "Pumped"
    flipped = st.flipped(0)[0]
    key = st.card_key(flipped)
    st, _ = game.apply(st, Action.make("choose", 0, option=False))  # declined: the bottom of the deck (514.6)
    assert st.faceoff is None and game.cards_beneath(st, host) == 0
    assert st.card_key(st.deck(0)[-1]) == key


# ------------------------------------------------------------------ confront order (610.1, 611.1)
def _two_confrontable(game, st):
    for a in ("prob0", "prob1"):
        for n in ("PR31", "PR31", "PR20", "PR33", "PR12"):
            place(game, st, n, 0, a)
    assert game.can_confront(st, 0, "prob0") and game.can_confront(st, 0, "prob1")


def test_610_1_the_turn_player_chooses_the_confront_order(game):
    st = stacked_game(game)
    _two_confrontable(game, st)
    st = _pass(game, st)  # Ann ends her Main Phase: Score Phase
    pend = st.pending
    # 611.1 confronting is not optional: the options are the Problems only (no "done")
    assert pend["kind"] == "confront_order" and pend["rule"] == "610.1" and sorted(pend["options"]) == ["prob0", "prob1"]
    ev = Ev()
    answer(game, st, 0, "prob1", ev=ev)
    run_step(game, st, ev=ev)
    assert st.d["sc"]["conf"] == ["prob1"]  # the chosen Problem is confronted first
    advance(game, st, ev=ev)
    assert st.score(0) >= 2 and not (st.pending and st.pending["kind"] == "confront_order")


def test_611_1_a_single_confrontable_problem_needs_no_decision(game):
    st = stacked_game(game)
    for n in ("PR31", "PR31", "PR20", "PR33", "PR12"):
        place(game, st, n, 0, "prob0")
    st, ev = game.apply(st, Action("pass", 0))
    assert not (st.pending and st.pending["kind"] == "confront_order")
    assert any(e["type"] == "confront" for e in ev)


def test_610_1_an_empty_confront_step_can_come_first_when_a_confront_fires_abilities(game, card_db):
    # 610.1 the turn player orders every confront step, including one that confronts nothing: while a card in
    # play triggers on a confront (611.4), confronting first could make a waiting Problem where they have
    # characters confrontable, so that Problem is offered too and choosing it performs its empty step first
    trig = next(c for c in sorted(card_db.cards.values(), key=lambda c: c.number) if c.automated and c.front.type == "Friend"
                and any(a.get("kind") == "trigger" and a.get("on") == "confront" for a in c.abilities.get("front", ())))
    st = stacked_game(game)
    for n in ("PR31", "PR31", "PR20", "PR33", "PR12"):
        place(game, st, n, 0, "prob0")
    place(game, st, trig.number, 0, "prob0")
    place(game, st, "PR12", 0, "prob1")
    assert game.can_confront(st, 0, "prob0") and not game.can_confront(st, 0, "prob1")
    st = _pass(game, st)
    pend = st.pending
    assert pend["kind"] == "confront_order" and sorted(pend["options"]) == ["prob0", "prob1"]
    ev = Ev()
    answer(game, st, 0, "prob1", ev=ev)
    run_step(game, st, ev=ev)
    assert st.d["sc"]["conf"] == [] and st.d["sc"]["todo"] == ["prob0"]  # prob1's step confronted nothing


def _score_phase_after(game, st, first):
    """The areas confronted (in order) when the turn player puts ``first``'s confront step first."""
    st2, ev = game.apply(st, Action.make("choose", 0, option=first))
    return [e["area"] for e in ev if e["type"] == "confront"]


#: Mane Characters with no triggered ability (Ann's PR1 triggers on a confront, which offers the order anyway)
NO_TRIGGER_MANES = ("SB1", "PR2")


def _confront_point_enables_prob1(game, st, *, points=7):
    """Ann (7 points) can confront prob0; at prob1 her Critter and Earth Pony have 3 of the 4 power it needs
    until LL53 Fluttershy's continuous ability ("While a player has 8 or more points, your Critter Friends
    have +1 power") turns on -- which prob0's confront point does (611.4)."""
    for n in ("PR31", "PR31", "PR20", "PR33", "PR12"):
        place(game, st, n, 0, "prob0")
    place(game, st, "LL53", 0, "home0")
    mouse = place(game, st, "PR86", 0, "prob1")  # House Mouse, a 1-power Critter Friend
    place(game, st, "PR33", 0, "prob1")
    st.d["pl"][0]["score"] = points  # (test setup)
    st._la = None
    assert game.can_confront(st, 0, "prob0") and not game.can_confront(st, 0, "prob1")
    return mouse


def test_610_1_a_problem_a_confront_point_makes_confrontable_by_a_static_ability_can_have_its_empty_step_first(game):
    # 610.1 the turn player orders every confront step; 611.1 a Problem is confronted if its requirements are
    # met as its own step comes.  No card in play triggers on a confront here: the point of confronting prob0 (611.4)
    # turns on a continuous ability (702) that makes prob1 confrontable, so the order matters and prob1 is
    # offered: its step first confronts nothing, after prob0 it confronts it.
    st = stacked_game(game, manes=NO_TRIGGER_MANES)
    _confront_point_enables_prob1(game, st)
    st = _pass(game, st)  # Ann ends her Main Phase: Score Phase
    pend = st.pending
    assert pend["kind"] == "confront_order" and pend["rule"] == "610.1" and sorted(pend["options"]) == ["prob0", "prob1"]
    empty_first = _score_phase_after(game, st, "prob1")
    assert empty_first == ["prob0"]  # prob1's step came first and confronted nothing
    assert _score_phase_after(game, st, "prob0") == ["prob0", "prob1"]  # at 8 points House Mouse has 2 power


def test_610_1_no_order_decision_when_no_confront_can_make_the_waiting_problem_confrontable(game):
    # with 5 points the confront point leaves Ann short of 8: prob1 stays unconfrontable whatever the order,
    # so the one confrontable Problem is confronted without a meaningless decision
    st = stacked_game(game, manes=NO_TRIGGER_MANES)
    _confront_point_enables_prob1(game, st, points=5)
    st, ev = game.apply(st, Action("pass", 0))
    assert not (st.pending and st.pending["kind"] == "confront_order")
    assert [e["msg"] for e in ev if e["type"] == "confront"] == ["Ann confronts Runaway Cart (611.4)"]


def test_610_1_a_confront_trigger_that_this_confront_does_not_fire_offers_no_order(game):
    # Ann's PR1 Rainbow Dash triggers "When you confront this card's Problem": at home, confronting prob0 does
    # not fire it (611.4), so nothing can make prob1 confrontable and no order decision is asked
    st = stacked_game(game)
    _confront_point_enables_prob1(game, st, points=5)
    st, ev = game.apply(st, Action("pass", 0))
    assert not (st.pending and st.pending["kind"] == "confront_order")
    assert [e["area"] for e in ev if e["type"] == "confront"] == ["prob0"]


def test_610_1_the_trial_confront_shows_nothing_and_changes_nothing(game):
    # the engine finds the Problems an earlier confront would enable on a copy of the state: the state the
    # decision is asked in still has Ann's 7 points, no confront, and no trial event reaches the log
    st = stacked_game(game, manes=NO_TRIGGER_MANES)
    mouse = _confront_point_enables_prob1(game, st)
    st, ev = game.apply(st, Action("pass", 0))
    assert st.pending["kind"] == "confront_order"
    assert st.score(0) == 7 and st.d["sc"]["conf"] == [] and game.power(st, mouse) == 1
    assert not any(e["type"] in ("confront", "score") for e in ev)


def test_610_1_a_static_ability_an_earlier_confront_turns_off_makes_the_order_matter(game):
    # AD77 Flim & Flam, "Players can't confront more than one Problem per turn": both Problems can be confronted
    # now, the first confront forbids the second, so the turn player's order decides which one scores
    st = stacked_game(game)
    _two_confrontable(game, st)
    place(game, st, "AD77", 1, "home1")
    st = _pass(game, st)
    assert st.pending["kind"] == "confront_order" and sorted(st.pending["options"]) == ["prob0", "prob1"]
    for first in ("prob0", "prob1"):
        assert _score_phase_after(game, st, first) == [first]


# ------------------------------------------------------------------ uncover order (607.2)
def test_607_2_uncover_order_is_asked_when_an_epic_shares_the_problem(game, card_db):
    epic = next(c for c in card_db.cards.values() if c.front.type == "Troublemaker" and c.front.epic and c.automated)
    st = stacked_game(game)
    e = place(game, st, epic.number, 1, "prob0", face_down=True)
    o = place(game, st, "PR155", 1, "prob0", face_down=True)
    st, _ = game.apply(st, Action("pass", 0))  # Bob's turn: 607 Uncover Step
    pend = st.pending
    assert pend["kind"] == "uncover_order" and pend["player"] == 1 and sorted(pend["options"]) == sorted([e, o])
    assert set(game.view(st, 0)["pending"]) == {"player", "kind", "rule"}  # the face-down cards stay hidden
    first_epic, _ = game.apply(st, Action.make("choose", 1, option=e))
    # 607.1 with the Epic face-up the other can't be uncovered: it stays face-down (and in play)
    assert not first_epic.face_down(e) and first_epic.face_down(o)
    first_other, _ = game.apply(st, Action.make("choose", 1, option=o))
    # 607.3 uncovered after it, the Epic dismisses the other face-up Troublemaker
    assert not first_other.face_down(e) and o not in first_other.cards_in_play


def test_607_2_no_uncover_decision_when_the_order_cannot_matter(game):
    st = stacked_game(game)
    a = place(game, st, "PR155", 1, "prob0", face_down=True)
    b = place(game, st, "PR155", 1, "prob1", face_down=True)
    st, _ = game.apply(st, Action("pass", 0))
    assert not (st.pending and st.pending["kind"] == "uncover_order")
    assert not st.face_down(a) and not st.face_down(b)


# ------------------------------------------------------------------ tie with empty decks (514.4c, 802.3)
def test_tie_with_both_decks_empty_repeats_once_then_ends_without_winner(game):
    st = stacked_game(game)
    for p in (0, 1):
        place(game, st, "PR33", p, "prob0")
        place(game, st, "PR12", p, "prob0")
    assert game.can_confront(st, 0, "prob0") and game.can_confront(st, 1, "prob0")
    pid = game.problem_at(st, "prob0")
    for p in (0, 1):  # (test setup: empty both draw decks)
        for c in st.deck(p):
            del st.d["cards"][c]
        st.d["pl"][p]["deck"] = []
    st._la = None
    st, ev = game.apply(st, Action("pass", 0))  # Score Phase: confront, Problem faceoff (612.2), nobody acts
    msgs = [e["msg"] for e in ev]
    # 514.4c the tie repeats once: nobody flips (515.1), a priority window opens where a player could
    # break the loop (802.4); nobody acted, so the loop ends (802.3) and nobody wins (514.5)
    assert sum(m.startswith("Faceoff totals") for m in msgs) == 2
    assert any("(802.3)" in m for m in msgs) and not any(m.endswith(" wins the faceoff (514.5)") and "nobody" not in m for m in msgs)
    assert st.score(0) == 1 and st.score(1) == 0  # the confront point only
    assert pid not in st.cards_in_play  # 613.1 the faceoff was resolved: the Problem is solved and replaced


def test_pumped_chooses_which_flipped_card_when_several(game, card_db):
    pum = kw_card(card_db, "Pumped")
    st = stacked_game(game)
    host = place(game, st, pum.number, 0, "prob0")
    start_faceoff(game, st, "problem", ["prob0"], 0)
    from gameplay.engine.mlp.flow import flip_one, end_faceoff

    flip_one(game.r, st.d, Ev(), 0)
    flip_one(game.r, st.d, Ev(), 0)
    flips = list(st.flipped(0))
    end_faceoff(game.r, st.d, Ev())
    st = _run(game, st)
    pend = st.pending
    assert pend["kind"] == "target" and pend["options"] == flips + ["none"] and pend["rule"] == "Pumped (710)"
    key = st.card_key(flips[1])
    st, _ = game.apply(st, Action.make("choose", 0, option=flips[1]))
    assert st.faceoff is None and game.cards_beneath(st, host) == 1
    assert [st.card_key(c) for c in st.banished(0)] == [key]


def test_random_is_once_per_faceoff_for_each_card(game, card_db):
    """701.2a keywords are separate abilities: two Random cards give two uses in one faceoff."""
    rnd = kw_card(card_db, "Random")
    assert card_db.cards[card_db.key("PR20")].front.power == 1 and card_db.cards[card_db.key("PR44")].front.power == 1
    st = stacked_game(game, decks=(["PR12", "PR33", "PR60", "PR81", "PR79", "PR36", "PR20", "PR44", "PR31"], None))
    place(game, st, rnd.number, 0, "prob0")
    place(game, st, rnd.number, 0, "prob0")
    start_faceoff(game, st, "problem", ["prob0"], 0)
    from gameplay.engine.mlp.flow import faceoff_flip

    faceoff_flip(game.r, st.d, Ev())
    st = _run(game, st)
    st = _answer(game, st, True)  # ignores the first 1-power card, flips another 1-power card
    assert st.pending["what"] == "Random"
    st = _answer(game, st, True)  # the second Random card
    flips = st.flipped(0)
    assert len(flips) == 3 and st.faceoff["ign"] == flips[:2] and len(st.faceoff["rand"]) == 2
    assert st.pending is None


def test_uniqueness_repair_is_by_the_game_and_not_replaced_by_persistent(game, card_db):
    """516.2 the repair dismisses "by the game": 104.3 it can't be replaced (104.4 only lets a
    replacement that sends the card to another zone win; Persistent keeps it in play)."""
    uniq = next(c for c in card_db.cards.values() if c.front.type == "Friend" and c.front.unique and c.automated)
    st = stacked_game(game)
    place(game, st, "MT125", 0, "prob0")  # "Your Friends here have Persistent."
    a = place(game, st, uniq.number, 0, "prob0")
    b = place(game, st, uniq.number, 0, "prob0")
    assert game.keyword(st, a, "Persistent")
    st = _run(game, st)
    assert st.pending["kind"] == "uniqueness"
    st = _answer(game, st, a)
    assert a not in st.cards_in_play and b in st.cards_in_play and not st.pending
