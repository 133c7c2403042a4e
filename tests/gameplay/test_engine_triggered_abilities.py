"""Triggered-ability templates (cardtext/trigger_effects.py, effects/triggered.py): named counters that turn a Mane Character over
(519, 301.2), "name a card" (201.1), challenges started by an effect (608.4, 514.2a.i, 707.4), "pay or
dismiss" choices (508.1d), 613.1 "When this Problem is solved" resolving before 613.2 replaces it,
printed-cost / last-known-power amounts, "up to N" moves, turning Mane Characters over and
"each player with ..." effects.  704.1 a triggered ability watches for its condition; 712.3 "may"."""
from __future__ import annotations

import re

from gameplay.engine.api import Action
from gameplay.engine.mlp.cardtext import parse_line
from gameplay.engine.mlp.engine import Ev
from gameplay.engine.mlp.scenario import (answer, draw_cards, end_faceoff, enter_play, leave_play, move_card,
                                          pass_until, place, play_effects, pre_priority, resolve_all, resolve_step,
                                          run_step, set_card, set_tokens, stacked_game, start_faceoff, to_hand, trigger)


def enter(game, st, number, p, area):
    """Put a card into play with its triggers (706: it enters play; "When this card enters play")."""
    cid = to_hand(game, st, number, p)
    nid = enter_play(game, st, cid, area, p)
    st._la = None
    return nid


def fire(game, st, cid, event, extra=None):
    trigger(game, st, event, cid, extra)
    st._la = None


def choose(game, st, option):
    pend = st.pending
    ev = Ev()
    answer(game, st, pend["player"], option, ev=ev)
    st._la = None
    return ev


def step(game, st):
    """Resolve the queue until the next decision (no auto-answers)."""
    ev = Ev()
    for _ in range(200):
        if st.pending:
            break
        if st.resolving:
            resolve_step(game, st, ev=ev)
        elif not pre_priority(game, st, ev=ev):
            break
    st._la = None
    return ev


def by_key(game, st, number):
    k = game.db.key(number)
    return [o for o in st.cards_in_play if st.card_key(o) == k]


# ------------------------------------------------------------------ parser
def test_parse_trigger_templates():
    ab = parse_line("When a Troublemaker is uncovered, put a Hero counter on this card. Then, if there are at least 5 Hero "
                    "counters on this card, remove them and turn it over.", "Mane Character", {})
    assert ab["on"] == "w_uncover" and ab["effects"][0] == {"op": "counters", "n": 1, "counter": "Hero", "target": {"self": True}}
    assert ab["effects"][1]["cond"] == {"k": "self_counters", "counter": "Hero", "n": 5}
    ab = parse_line("When this card enters play, name a card. An opponent reveals their hand and discards all cards with "
                    "that name.", "Problem", {})
    assert ab["effects"] == [{"op": "name_card"}, {"op": "reveal_discard_named", "whose": "opp"}]
    ab = parse_line("When this card enters play, you may challenge an opposing Troublemaker with it.", "Friend", {})
    assert ab["effects"][0]["effects"] == [{"op": "challenge", "tm": {"type": "Troublemaker", "ctrl": "opp"}, "with": "self"}]
    ab = parse_line("When an opposing Troublemaker is uncovered here, you may challenge it with all your characters here.",
                    "Problem", {})
    assert ab["on"] == "w_uncover" and ab["effects"][0]["effects"][0]["tm"] == {"it": True}
    ab = parse_line("When this card is uncovered, its owner must pay [2] or dismiss it.", "Troublemaker", {})
    assert ab["effects"] == [{"op": "pay_or", "n": 2, "else": [{"op": "dismiss", "target": {"self": True}}]}]
    ab = parse_line("At the start of each player's Main Phase, that player frightens one of their Friends.", "Troublemaker", {})
    assert ab["on"] == "any_main_start" and ab["as_tp"]
    ab = parse_line("When this card enters play, if you have a Lyra, you may pay [1] to ready one of your characters here.",
                    "Friend", {})
    assert ab["effects"][0]["cond"] == {"k": "you_have", "sel": {"type": "card", "ctrl": "you", "title": "Lyra"}}
    assert parse_line("Opponents' home limits are reduced by 1.", "Mane Character", {})["op"] == "opp_home_limit"


def test_parse_left_manual():
    for text, typ in (
        # only an approximation would be possible: "the Villain" / a copy of an Event ("a challenger" is automated
        # since issue #19: tests/gameplay/test_engine_last_manual_cards.py)
        ("When this Problem enters play, the Villain wins the game.", "Problem"),
        ("When you play an Event, you may remove 2 Ingredient counters from this card to copy its effects.", "Problem"),
    ):
        assert parse_line(text, typ, {})["kind"] == "manual", text


def test_cards_now_automated(card_db):
    for n in ("CG2", "CG3", "EO32", "DE69", "MT126", "SB66", "CG9", "DE13", "HM129", "MT9", "PR158", "CG157", "AD180",
              "CN183", "CN47", "HM135", "DE30", "PR198", "AD35", "CG00", "HM118", "MT73", "DE136", "SB123", "LL32",
              "LL40", "MT5", "RR4", "EO4", "EO7", "CN178", "AD172", "EO33", "EO92", "MT67", "MT137", "SB47", "SB112",
              "DE43", "CN26"):
        assert card_db.number(n).automated, n


# ------------------------------------------------------------------ named counters (519) and turning over (301.2)
def test_shield_counters_turn_the_mane_over(game, card_db):
    # CG3: "When an opponent's Friend enters play here, put a Shield counter on this card. Then, if there are at
    # least 5 Shield counters on this card, remove them and turn it over."
    st = stacked_game(game, manes=("CG3", "PR2"))
    mane = by_key(game, st, "CG3")[0]
    move_card(game, st, mane, "prob0")
    for i in range(5):
        enter(game, st, "PR12", 1, "prob0")
        resolve_all(game, st)
        if i < 4:
            assert st.counters(mane).get("Shield") == i + 1 and not st.boosted(mane)
    assert "Shield" not in st.counters(mane) and st.boosted(mane)
    enter(game, st, "PR12", 0, "prob0")  # one of your own Friends does not count
    resolve_all(game, st)
    assert "Shield" not in st.counters(mane)


def test_hero_counters_count_every_uncover(game, card_db):
    # CG2: "When a Troublemaker is uncovered, put a Hero counter on this card ..."
    from gameplay.engine.mlp.flow import uncover_one

    st = stacked_game(game, manes=("CG2", "PR2"))
    mane = by_key(game, st, "CG2")[0]
    for i in range(5):
        tm = place(game, st, "AD160", i % 2, f"prob{i % 2}", face_down=True)
        uncover_one(game.r, st.d, Ev(True), tm)
        resolve_all(game, st)
        leave_play(game, st, tm, "disc", by_game=True)
    assert st.boosted(mane) and "Hero" not in st.counters(mane)


# ------------------------------------------------------------------ name a card (201.1)
def test_name_a_card_opponent_discards_all_copies(game, card_db):
    # EO32: "When this card enters play, name a card. Choose an opponent. That player reveals their hand and
    # discards each card with that name."
    st = stacked_game(game)
    a1, a2 = to_hand(game, st, "PR31", 1), to_hand(game, st, "PR31", 1)
    keep = to_hand(game, st, "PR33", 1)
    n = sum(1 for c in st.hand(1) if st.card_key(c) == card_db.key("PR31"))
    enter(game, st, "EO32", 0, "home0")
    step(game, st)
    pend = st.pending
    name = card_db.number("PR31").name
    assert pend["kind"] == "choice" and pend["what"] == "card_name" and pend["player"] == 0 and name in pend["options"]
    ev = choose(game, st, name)
    ev2 = step(game, st)
    hand = st.hand(1)
    assert keep in hand and not {a1, a2} & set(hand)
    assert n >= 2 and sum(1 for c in st.discard_pile(1) if st.card_key(c) == card_db.key("PR31")) == n
    assert not any(st.card_key(c) == card_db.key("PR31") for c in hand)
    # the revealed hand is public (no "to": everyone reads it)
    assert any(e["type"] == "reveal" and "to" not in e for e in ev.items + ev2.items)


def test_name_a_card_a_player_is_chosen(game, card_db):
    # DE69: "name a card. A player reveals their hand and discards all cards with that name." (you choose the player)
    st = stacked_game(game)
    mine = to_hand(game, st, "PR31", 0)
    theirs = to_hand(game, st, "PR31", 1)
    enter(game, st, "DE69", 0, "home0")
    step(game, st)
    choose(game, st, card_db.number("PR31").name)
    step(game, st)
    assert st.pending["kind"] == "choice" and set(st.pending["options"]) == {0, 1}
    choose(game, st, 0)
    resolve_all(game, st)
    assert mine not in st.hand(0) and theirs in st.hand(1)


# ------------------------------------------------------------------ challenges by an effect (608.4, 514.2a.i)
def test_challenge_with_this_card_only(game, card_db):
    # SB66: "When this card enters play, you may challenge an opposing Troublemaker with it."  Only this card is
    # involved (514.2a.i), not the challenger's other characters at that Problem (514.2a).
    st = stacked_game(game)
    tm = place(game, st, "AD160", 1, "prob1")
    other = place(game, st, "PR31", 0, "prob1")
    aj = enter(game, st, "SB66", 0, "prob1")
    step(game, st)
    assert st.pending["kind"] == "may"
    choose(game, st, True)
    step(game, st)
    fo = st.faceoff
    assert fo and fo["type"] == "tm" and fo["tm"] == tm and fo["chal"] == 0
    assert game.involved_in_faceoff(st, aj) and game.involved_in_faceoff(st, tm) and not game.involved_in_faceoff(st, other)
    assert st.priority["w"] == "fo" and st.priority["p"] == 0  # 707.4 the challenger receives priority
    st = pass_until(game, st, lambda s: s.faceoff is None)
    # 514.5a / 514.5b: the Troublemaker was defeated (scored) or Applejack was sent home
    assert (tm not in st.cards_in_play and st.score(0) >= 1) or \
        any(st.card_key(o) == card_db.key("SB66") and st.area(o) == "home0" for o in st.cards_in_play)


def test_challenge_with_your_characters_there(game, card_db):
    # CG9: "When this card enters play at a Problem, challenge an opponent's Troublemaker there with your characters
    # there." (not optional; the challenger's characters at that Problem are involved, 514.2a)
    st = stacked_game(game)
    tm = place(game, st, "AD160", 1, "prob1")
    other = place(game, st, "PR31", 0, "prob1")
    dd = enter(game, st, "CG9", 0, "prob1")
    step(game, st)
    fo = st.faceoff
    assert fo and fo["type"] == "tm" and fo["tm"] == tm
    assert game.involved_in_faceoff(st, dd) and game.involved_in_faceoff(st, other)
    # no Troublemaker there: nothing happens
    st2 = stacked_game(game)
    enter(game, st2, "CG9", 0, "prob1")
    step(game, st2)
    assert st2.faceoff is None


def test_challenge_not_during_a_faceoff(game, card_db):
    # 707.4a: faceoffs can't be started during a faceoff
    st = stacked_game(game)
    place(game, st, "AD160", 1, "prob1")
    st.d["fo"] = {"type": "problem", "areas": ["prob0"], "chal": 0, "tm": None, "stage": "w_start", "ign": []}
    fo = st.faceoff
    enter(game, st, "CG9", 0, "prob1")
    step(game, st)
    assert st.faceoff is fo


# ------------------------------------------------------------------ pay or dismiss (508.1d)
def test_pay_or_dismiss(game, card_db):
    # PR158: "When this card is uncovered, its owner must pay [2] or dismiss it."
    from gameplay.engine.mlp.flow import uncover_one

    st = stacked_game(game)
    tm = place(game, st, "PR158", 0, "prob1", face_down=True)
    set_tokens(st, 0, 3)
    uncover_one(game.r, st.d, Ev(True), tm)
    step(game, st)
    assert st.pending["kind"] == "choice" and st.pending["options"] == ["pay", "decline"]
    choose(game, st, "pay")
    resolve_all(game, st)
    assert tm in st.cards_in_play and st.tokens(0) == 1
    # can't pay: it is dismissed, no decision
    tm2 = place(game, st, "PR158", 0, "prob0", face_down=True)
    uncover_one(game.r, st.d, Ev(True), tm2)
    step(game, st)
    assert not st.pending and tm2 not in st.cards_in_play
    # declining dismisses it too
    set_tokens(st, 0, 5)
    leave_play(game, st, tm, "disc", by_game=True)
    tm3 = place(game, st, "CG157", 0, "prob1", face_down=True)  # "pay [2] or dismiss it."
    uncover_one(game.r, st.d, Ev(True), tm3)
    step(game, st)
    assert st.pending["options"] == ["pay", "decline"]
    choose(game, st, "decline")
    resolve_all(game, st)
    assert tm3 not in st.cards_in_play and st.tokens(0) == 5


def test_timberwolf_friend_tax_here(game, card_db):
    # PR158: "Your opponent must pay +[2] to play a Friend to this card's Problem."
    st = stacked_game(game)
    tm = place(game, st, "PR158", 1, "prob0")
    f = to_hand(game, st, "PR12", 0)
    assert game.card_cost(st, 0, f, area="prob0") == game.card_cost(st, 0, f, area="home0") + 2
    assert tm in st.cards_in_play


def test_each_players_main_phase_start(game, card_db):
    # CG157: "At the start of each player's Main Phase, that player frightens one of their Friends."
    st = stacked_game(game)
    place(game, st, "CG157", 0, "prob0")
    f1 = place(game, st, "PR12", 1, "home1")
    st = pass_until(game, st, lambda s: s.turn_player == 1 and s.step == "main")
    assert st.frightened(f1)


# ------------------------------------------------------------------ 613.1 solved before 613.2 replaces
def _solve(game, st, number, area="prob0"):
    pid = game.problem_at(st, area)
    set_card(st, pid, card_key=game.db.key(number))
    st.d["step"] = "solve"
    st.d["sc"] = {"todo": [], "conf": [area], "solved": [area]}
    st.d["prio"] = None
    st._la = None
    return pid


def test_solved_problem_triggers_while_its_characters_are_there(game, card_db):
    # AD180: "When this Problem is solved, each player with a character here gains [1]."  613.1 the Problem
    # becomes solved as the Solve Step starts; 613.2 then sends its characters home and replaces it.
    st = stacked_game(game)
    place(game, st, "PR12", 1, "prob0")
    mine = place(game, st, "PR33", 0, "prob0")
    set_tokens(st, 0, 0)
    set_tokens(st, 1, 0)
    pid = _solve(game, st, "AD180")
    run_step(game, st)  # 613.1: the trigger fires
    assert pid in st.cards_in_play and st.triggers_waiting
    resolve_all(game, st)
    assert st.tokens(0) == 1 and st.tokens(1) == 1
    run_step(game, st)  # 613.2: sent home, replaced
    assert pid not in st.cards_in_play and st.area(mine) == "home0"
    assert st.tokens(0) == 1  # the trigger did not fire again


def test_solved_random_friend_is_dismissed(game, card_db):
    # CN183: "When this Problem is solved, dismiss a random Friend here." (the game's seeded rng)
    st = stacked_game(game)
    fs = [place(game, st, "PR12", q, "prob0") for q in (0, 1, 1)]
    _solve(game, st, "CN183")
    run_step(game, st)
    resolve_all(game, st)
    assert sum(1 for f in fs if f not in st.cards_in_play) == 1


# ------------------------------------------------------------------ amounts: printed cost, last known power, counts
def test_retire_to_gain_its_cost(game, card_db):
    # CN47: "When this card enters play, you may retire one of your Friends to gain a number of action tokens
    # equal to that Friend's cost."
    st = stacked_game(game)
    full = place(game, st, "PR31", 0, "home0")  # cost 4
    set_tokens(st, 0, 0)
    pinny = enter(game, st, "CN47", 0, "home0")
    step(game, st)
    choose(game, st, True)
    step(game, st)
    assert set(st.pending["options"]) == {full, pinny}
    choose(game, st, full)
    resolve_all(game, st)
    assert full not in st.cards_in_play and st.tokens(0) == 4


def test_retire_this_card_for_tokens_equal_to_its_power(game, card_db):
    # DE30: "At the start of your turn, you may retire this card to put a number of 1 [Laughter] Earth Pony Friend
    # tokens into play equal to its power." (its power as it is retired)
    st = stacked_game(game)
    pf = place(game, st, "DE30", 0, "home0")
    st.d["cards"][pf]["cn"]["+1"] = 1  # 3 power
    fire(game, st, pf, "turn_start")
    resolve_all(game, st)
    toks = [o for o in st.cards_in_play if st.is_token(o)]
    assert pf not in st.cards_in_play and len(toks) == 3
    assert all(st.d["cards"][o]["t"]["colors"] == ["Laughter"] and st.d["cards"][o]["t"]["traits"] == ["Earth Pony"]
               for o in toks)


def test_power_and_tokens_per_count(game, card_db):
    # AD35: "it gets +1 power until the end of the turn for each other Friend you have at that Problem."
    # CG00: "gain [1] for each opposing character at this card's Problem."
    # HM118: "put a +1 power counter on this card for each character here."
    st = stacked_game(game)
    place(game, st, "PR12", 0, "prob1")
    place(game, st, "PR33", 0, "prob1")
    place(game, st, "PR12", 1, "prob1")
    pp = enter(game, st, "AD35", 0, "prob1")
    resolve_all(game, st)
    assert game.power(st, pp) == 2 + 2
    set_tokens(st, 0, 0)
    enter(game, st, "CG00", 0, "prob1")
    resolve_all(game, st)
    assert st.tokens(0) == 1
    tm = place(game, st, "HM118", 1, "prob1")
    fire(game, st, tm, "uncovered")
    resolve_all(game, st)
    assert st.counters(tm)["+1"] == 5


def test_move_up_to_three_friends(game, card_db):
    # PR198: "When you play this card to a Problem, you may move up to 3 of your Friends to that Problem."
    st = stacked_game(game)
    fs = [place(game, st, "PR12", 0, "home0") for _ in range(4)]
    set_tokens(st, 0, 0)
    rd = enter(game, st, "PR198", 0, "prob1")
    step(game, st)
    assert rd not in st.pending["options"] and "none" in st.pending["options"]
    for f in fs[:3]:
        choose(game, st, f)
        step(game, st)
    assert not st.pending
    assert [st.area(f) for f in fs] == ["prob1", "prob1", "prob1", "home0"]
    # "up to": the player may stop
    st2 = stacked_game(game)
    f = place(game, st2, "PR12", 0, "home0")
    enter(game, st2, "PR198", 0, "prob1")
    step(game, st2)
    choose(game, st2, "none")
    step(game, st2)
    assert st2.area(f) == "home0"


def test_move_each_opposing_character_and_troublemaker_here(game, card_db):
    # MT73: "When this card enters play at a Problem, move each opposing character and each Troublemaker to this
    # card's Problem."
    st = stacked_game(game)
    o1 = place(game, st, "PR12", 1, "home1")
    o2 = place(game, st, "PR33", 1, "prob1")
    mine = place(game, st, "PR31", 0, "home0")
    tm = place(game, st, "AD160", 1, "prob1", face_down=True)
    enter(game, st, "MT73", 0, "prob0")
    resolve_all(game, st)
    assert {st.area(c) for c in (o1, o2, tm)} == {"prob0"} and st.area(mine) == "home0"


def test_dismiss_each_opposing_friend_with_the_same_name(game, card_db):
    # DE136: "When you play this card, dismiss an opposing Friend and each other opposing Friend with the same name."
    st = stacked_game(game)
    a1 = place(game, st, "PR12", 1, "home1")
    a2 = place(game, st, "PR12", 1, "prob1")
    b = place(game, st, "PR33", 1, "home1")
    mine = place(game, st, "PR12", 0, "home0")
    enter(game, st, "DE136", 0, "home0")
    step(game, st)
    choose(game, st, a1)
    resolve_all(game, st)
    assert a1 not in st.cards_in_play and a2 not in st.cards_in_play and b in st.cards_in_play and mine in st.cards_in_play


def test_turn_a_mane_to_its_start_side(game, card_db):
    # SB123: "When this card is uncovered, you may turn a Mane Character to its Start side."
    st = stacked_game(game)
    m1 = next(o for o in st.cards_in_play if st.controller(o) == 1 and game.card_type(st, o) == "Mane Character")
    set_card(st, m1, boosted=True)
    tm = place(game, st, "SB123", 0, "prob1")
    fire(game, st, tm, "uncovered")
    step(game, st)
    choose(game, st, True)
    resolve_all(game, st)  # the only boosted Mane Character
    assert not st.boosted(m1)


# ------------------------------------------------------------------ conditions
def test_draw_up_to_the_opponents_hand_size(game, card_db):
    # LL32: "if an opponent has more cards in their hand than you, draw cards until you have the same number"
    st = stacked_game(game)
    for _ in range(3):
        to_hand(game, st, "PR12", 1)
    n1 = len(st.hand(1))
    st.d["pl"][0]["hand"] = st.hand(0)[:2]
    enter(game, st, "LL32", 0, "home0")
    resolve_all(game, st)
    assert len(st.hand(0)) == n1


def test_if_conditions(game, card_db):
    # LL40: "if you have an even number of action tokens, you may put a card from your hand on top of your deck."
    st = stacked_game(game)
    set_tokens(st, 0, 3)
    enter(game, st, "LL40", 0, "home0")
    step(game, st)
    assert not st.pending
    set_tokens(st, 0, 2)
    enter(game, st, "LL40", 0, "home0")
    step(game, st)
    assert st.pending["kind"] == "may"
    choose(game, st, False)
    # MT5: "if you have a Lyra, you may pay [1] to ready one of your characters here." (201.3a: a Title)
    ex = place(game, st, "PR12", 0, "prob1", exhausted=True)
    enter(game, st, "MT5", 0, "prob1")
    step(game, st)
    assert not st.pending
    place(game, st, "AD26", 0, "home0")  # Lyra, Good Posture
    set_tokens(st, 0, 1)
    enter(game, st, "MT5", 0, "prob1")
    step(game, st)
    choose(game, st, True)
    step(game, st)
    if st.pending:  # Bon Bon herself is a character here too (already ready)
        choose(game, st, ex)
    resolve_all(game, st)
    assert not st.exhausted(ex) and st.tokens(0) == 0


def test_more_characters_here_and_more_friends(game, card_db):
    # RR4: "When you confront this card's Problem, if your opponent controls more characters here than you, you may
    # exhaust this card to score a point."
    st = stacked_game(game)
    oc = place(game, st, "RR4", 0, "prob1")
    place(game, st, "PR12", 1, "prob1")
    fire(game, st, oc, "confront")
    step(game, st)
    assert not st.pending  # 1 against 1
    place(game, st, "PR12", 1, "prob1")
    score = st.score(0)
    fire(game, st, oc, "confront")
    step(game, st)
    choose(game, st, True)
    resolve_all(game, st)
    assert st.score(0) == score + 1 and st.exhausted(oc)
    # EO4: "At the start of your turn, if you have more Friends than an opponent, turn this card over."
    st = stacked_game(game, manes=("EO4", "PR2"))
    mane = by_key(game, st, "EO4")[0]
    place(game, st, "PR12", 0, "home0")
    place(game, st, "PR12", 1, "home1")
    fire(game, st, mane, "turn_start")
    resolve_all(game, st)
    assert not st.boosted(mane)
    place(game, st, "PR12", 0, "home0")
    fire(game, st, mane, "turn_start")
    resolve_all(game, st)
    assert st.boosted(mane)


def test_each_player_with_tokens(game, card_db):
    # AD172: "each player with at least one action token draws a card."
    # CN178: "each player discards a card for each action token they have."
    st = stacked_game(game)
    pid = game.problem_at(st, "prob0")
    set_tokens(st, 0, 0)
    set_tokens(st, 1, 2)
    h0, h1 = len(st.hand(0)), len(st.hand(1))
    play_effects(game, st, 0, pid, card_db.number("AD172").abilities["front"][0]["effects"])
    resolve_all(game, st)
    assert len(st.hand(0)) == h0 and len(st.hand(1)) == h1 + 1
    play_effects(game, st, 0, pid, card_db.number("CN178").abilities["front"][0]["effects"])
    resolve_all(game, st)
    assert len(st.hand(0)) == h0 and len(st.hand(1)) == h1 - 1


def test_look_at_an_opponents_hand_is_private(game, card_db):
    # EO33: "When this card enters play, you may look at an opponent's hand." (404.2: hidden from others)
    st = stacked_game(game)
    enter(game, st, "EO33", 0, "home0")
    step(game, st)
    ev = choose(game, st, True)
    ev.items.extend(step(game, st).items)
    seen = [e for e in ev.items if e["type"] == "look" and "You see" in e["msg"]]
    assert seen and all(e.get("to") == 0 for e in seen)


def test_up_to_two_counters(game, card_db):
    # MT67: "When an opponent starts a faceoff here, you may put a +1 power counter on each of up to 2 of your
    # characters here."
    st = stacked_game(game)
    lp = place(game, st, "MT67", 0, "prob1")
    f = place(game, st, "PR12", 0, "prob1")
    fire(game, st, lp, "opp_starts_fo", {"area": ["prob1"]})
    step(game, st)
    assert set(st.pending["options"]) == {lp, f, "none"}
    choose(game, st, f)
    step(game, st)
    assert set(st.pending["options"]) == {lp, "none"}  # a different character
    choose(game, st, "none")
    resolve_all(game, st)
    assert st.counters(f)["+1"] == 1 and not st.counters(lp).get("+1")


# ------------------------------------------------------------------ batch 2: replacements of 613.2, delayed effects, ...
def test_not_sent_home_when_the_problem_is_solved(game, card_db):
    # AD25: "When this card's Problem is solved, if this card would be sent home, it isn't sent home instead." (710)
    # AD167: "When this Problem is solved, each player with at least 1 Friend here chooses a Friend here. If that
    # Friend would be sent home, it isn't sent home instead."
    st = stacked_game(game)
    hj = place(game, st, "AD25", 0, "prob0")
    other = place(game, st, "PR12", 0, "prob0")
    _solve(game, st, "DE110")  # "When this Problem is solved, score a point."
    run_step(game, st)
    resolve_all(game, st)
    run_step(game, st)
    assert st.area(hj) == "prob0" and st.area(other) == "home0"
    st = stacked_game(game)
    a, b = place(game, st, "PR12", 0, "prob0"), place(game, st, "PR33", 0, "prob0")
    c = place(game, st, "PR31", 1, "prob0")
    _solve(game, st, "AD167")
    run_step(game, st)
    step(game, st)
    assert st.pending["player"] == 0 and set(st.pending["options"]) == {a, b}
    choose(game, st, b)
    resolve_all(game, st)  # player 1's only Friend there is chosen
    run_step(game, st)
    assert [st.area(x) for x in (a, b, c)] == ["home0", "prob0", "prob0"]


def test_dismissed_friend_dismisses_the_others_at_its_problem(game, card_db):
    # AD31: "When this card is dismissed, dismiss all other Friends at its Problem." (its last area, 410.6a)
    st = stacked_game(game)
    dj = place(game, st, "AD31", 0, "prob1")
    others = [place(game, st, "PR12", 1, "prob1"), place(game, st, "PR33", 0, "prob1")]
    away = place(game, st, "PR31", 1, "home1")
    leave_play(game, st, dj, "disc", verb="dismissed")
    resolve_all(game, st)
    assert not set(others) & set(st.cards_in_play) and away in st.cards_in_play
    # retired: not dismissed, nothing happens; from home: no Problem
    dj = place(game, st, "AD31", 0, "home0")
    f = place(game, st, "PR12", 0, "home0")
    leave_play(game, st, dj, "disc", verb="dismissed")
    resolve_all(game, st)
    assert f in st.cards_in_play


def test_banish_until_end_of_turn_comes_back(game, card_db):
    # EO96: "When this card enters play, banish another Friend. At the end of the turn, put that card into play
    # frightened." (a delayed effect at 615.1; it returns under its owner's control, 513.2)
    st = stacked_game(game)
    f = place(game, st, "PR31", 1, "prob1")
    enter(game, st, "EO96", 0, "home0")
    resolve_all(game, st)
    assert f not in st.cards_in_play and len(st.banished(1)) == 1 and st.d["dly"]  # (timed_effects.delay)
    st = pass_until(game, st, lambda s: s.step == "w_end" or s.turn_player == 1)
    back = [o for o in st.cards_in_play if st.card_key(o) == card_db.key("PR31")]
    assert len(back) == 1 and st.controller(back[0]) == 1 and st.area(back[0]) == "home1"
    assert st.frightened(back[0]) and not st.d.get("dly")


def test_banish_until_this_card_leaves_play(game, card_db):
    # HM48: "When this card enters play, banish an opposing Friend with 2 or less power until this card leaves play."
    st = stacked_game(game)
    big = place(game, st, "PR31", 1, "home1")
    small = place(game, st, "PR12", 1, "home1")
    op = enter(game, st, "HM48", 0, "home0")
    resolve_all(game, st)  # only the 2-power Friend can be chosen
    assert small not in st.cards_in_play and big in st.cards_in_play
    leave_play(game, st, op, "disc", verb="dismissed")
    resolve_all(game, st)
    back = [o for o in st.cards_in_play if st.card_key(o) == card_db.key("PR12") and st.controller(o) == 1]
    assert len(back) == 1 and not st.d.get("held")


def test_defeated_troublemaker_puts_another_here(game, card_db):
    # AD161: "When this Troublemaker is defeated, you may pay [1] to put another Troublemaker from your hand into play
    # here face-up." ("here": where it was, 410.6a)
    st = stacked_game(game)
    vines = place(game, st, "AD161", 1, "prob1")
    t2 = to_hand(game, st, "AD160", 1)
    set_tokens(st, 1, 1)
    play_effects(game, st, 0, None, [{"op": "defeat", "target": {"id": vines}}])
    resolve_all(game, st)
    new = [o for o in st.cards_in_play if st.card_key(o) == card_db.key("AD160")]
    assert vines not in st.cards_in_play and len(new) == 1 and st.area(new[0]) == "prob1"
    assert not st.face_down(new[0]) and st.tokens(1) == 0 and t2 not in st.hand(1)


def test_played_count_conditions(game, card_db):
    # CG80: "When you play your first card each turn, put a Postage counter on this card." and "While this card has
    # at least one Postage counter on it, it has +1 power."
    st = stacked_game(game)
    mm = place(game, st, "CG80", 0, "home0")
    set_tokens(st, 0, 10)
    base = game.power(st, mm)
    for number in ("PR12", "PR33"):
        c = to_hand(game, st, number, 0)
        st, _ = game.apply(st, Action.make("play", 0, card=c, area="home0"))
        resolve_all(game, st)
    assert st.counters(mm).get("Postage") == 1 and game.power(st, mm) == base + 1


def test_opponent_draw_type_triggers(game, card_db):
    # EO145: "When an opponent draws an Event, you may draw a card."
    st = stacked_game(game)
    place(game, st, "EO145", 0, "home0")
    deck1 = st.deck(1)
    ev_card = to_hand(game, st, "PR95", 1)  # an Event
    st.d["pl"][1]["hand"].remove(ev_card)
    st.d["cards"][ev_card]["z"] = "deck"
    deck1.insert(0, ev_card)
    h0 = len(st.hand(0))
    draw_cards(game, st, 1, 1)
    step(game, st)
    assert st.pending["kind"] == "may" and st.pending["player"] == 0
    choose(game, st, True)
    resolve_all(game, st)
    assert len(st.hand(0)) == h0 + 1
    draw_cards(game, st, 1, 1)  # a Friend (the vanilla deck): the Event ability does not trigger
    step(game, st)
    assert not st.pending or st.pending["kind"] == "may"  # (the Friend ability may)


def test_each_problem_and_any_number(game, card_db):
    # MT2 (boosted): "you may exhaust an opposing character at each Problem."
    st = stacked_game(game)
    a = place(game, st, "PR12", 1, "prob0")
    b = place(game, st, "PR33", 1, "prob1")
    play_effects(game, st, 0, None, card_db.number("MT2").abilities["boosted"][0]["effects"])
    step(game, st)
    assert set(st.pending["options"]) == {a, "none"}
    choose(game, st, a)
    step(game, st)
    assert set(st.pending["options"]) == {b, "none"}
    choose(game, st, "none")
    resolve_all(game, st)
    assert st.exhausted(a) and not st.exhausted(b)


def test_challenge_after_moving_the_troublemaker(game, card_db):
    # MT140: "you may move an opposing Troublemaker. If you do, you may challenge that Troublemaker with all your
    # characters at its Problem."  (a Troublemaker moves only between Problems)
    st = stacked_game(game)
    tm = place(game, st, "AD160", 1, "prob1")
    mine = place(game, st, "PR31", 0, "prob0")
    enter(game, st, "MT140", 0, "home0")
    step(game, st)
    choose(game, st, True)
    step(game, st)
    assert st.pending["kind"] == "choice" and set(st.pending["options"]) == {"prob0"}  or \
        st.area(tm) == "prob0"
    if st.pending and st.pending["kind"] == "choice":
        choose(game, st, "prob0")
        step(game, st)
    assert st.area(tm) == "prob0"
    choose(game, st, True)
    step(game, st)
    assert st.faceoff and st.faceoff["tm"] == tm and game.involved_in_faceoff(st, mine)


# ------------------------------------------------------------------ batch 3: involvement, multi-selects, pay-or per card
def test_leave_and_join_a_faceoff(game, card_db):
    # AD-2: "At the start of a Problem faceoff involving this card, the opposing character with higher power than
    # that of any other opposing character involved in the faceoff is no longer involved in the faceoff." (514.2c)
    # DE134: "At the start of a faceoff, this card becomes involved in the faceoff." (flagged, 514.2d.i)
    st = stacked_game(game)
    gummy = place(game, st, "AD-2", 0, "prob0")
    big = place(game, st, "PR31", 1, "prob0")
    small = place(game, st, "PR12", 1, "prob0")
    ember = place(game, st, "DE134", 1, "home1")
    start_faceoff(game, st, "problem", ["prob0"], 0)
    resolve_all(game, st)
    assert game.involved_in_faceoff(st, gummy) and game.involved_in_faceoff(st, small)
    assert not game.involved_in_faceoff(st, big) and game.involved_in_faceoff(st, ember)
    # a tie for the highest: no single card fits, nobody leaves
    st = stacked_game(game)
    place(game, st, "AD-2", 0, "prob0")
    a, b = place(game, st, "PR12", 1, "prob0"), place(game, st, "PR33", 1, "prob0")
    start_faceoff(game, st, "problem", ["prob0"], 0)
    resolve_all(game, st)
    assert game.involved_in_faceoff(st, a) and game.involved_in_faceoff(st, b)


def test_dismiss_the_least_powerful_involved_friend(game, card_db):
    # AD159: "At the start of a faceoff involving this card, dismiss a Friend with the least power among Friends
    # involved in the faceoff. If you do, put a +1 power counter on this card."
    st = stacked_game(game)
    tirek = place(game, st, "AD159", 1, "prob0")
    f2 = place(game, st, "PR12", 0, "prob0")
    f4 = place(game, st, "PR31", 0, "prob0")
    start_faceoff(game, st, "tm", ["prob0"], 0, tm=tirek)
    resolve_all(game, st)
    assert f2 not in st.cards_in_play and f4 in st.cards_in_play and st.counters(tirek)["+1"] == 1


def test_pay_or_retire_each_friend(game, card_db):
    # EO153: "At the start of each player's turn, for each of that player's Friends, that player retires that Friend
    # unless they pay [1]."
    st = stacked_game(game)
    place(game, st, "EO153", 1, "home1")
    a, b = place(game, st, "PR12", 0, "home0"), place(game, st, "PR33", 0, "home0")
    set_tokens(st, 0, 1)
    fire(game, st, next(o for o in st.cards_in_play if st.card_key(o) == card_db.key("EO153")), "any_turn_start")
    step(game, st)
    assert st.pending["player"] == 0 and st.pending["options"] == ["pay", "decline"]
    choose(game, st, "pay")
    resolve_all(game, st)  # no token left for the second one: retired
    assert (a in st.cards_in_play) != (b in st.cards_in_play) and st.tokens(0) == 0


def test_opponent_may_pay_or_exhaust_the_moved_friend(game, card_db):
    # CN82: "When an opponent moves a Friend to this card's Problem, that opponent may pay [1]. If they don't,
    # exhaust that Friend."
    st = stacked_game(game)
    place(game, st, "CN82", 1, "prob1")
    f = place(game, st, "PR12", 0, "home0")
    set_tokens(st, 0, 5)
    st, _ = game.apply(st, Action.make("move", 0, card=f, area="prob1"))
    assert st.pending["player"] == 0 and st.pending["kind"] == "choice"
    st, _ = game.apply(st, Action.make("choose", 0, option="decline"))
    moved = next(o for o in st.cards_in_play if st.card_key(o) == card_db.key("PR12") and st.controller(o) == 0)
    assert st.exhausted(moved)


def test_retire_any_number_for_counters(game, card_db):
    # EO102: "you may retire any number of Friends. Put a number of +1 power counters on this Friend equal to the
    # combined power of Friends retired this way."
    st = stacked_game(game)
    a, b, c = place(game, st, "PR12", 0, "home0"), place(game, st, "PR31", 0, "home0"), place(game, st, "PR33", 0, "home0")
    ts = enter(game, st, "EO102", 0, "home0")
    step(game, st)
    assert "done" in st.pending["options"] and ts not in st.pending["options"]
    choose(game, st, a)
    step(game, st)
    choose(game, st, b)
    step(game, st)
    choose(game, st, "done")
    resolve_all(game, st)
    assert st.counters(ts)["+1"] == 6 and c in st.cards_in_play and a not in st.cards_in_play


def test_reveal_any_number_of_events(game, card_db):
    # CG197: "you may reveal any number of Events from your hand. Until the end of the turn, this card has +2 power
    # for each Event revealed this way."
    st = stacked_game(game)
    e1, e2 = to_hand(game, st, "PR95", 0), to_hand(game, st, "PR96", 0)
    tx = enter(game, st, "CG197", 0, "home0")
    base = game.power(st, tx)
    step(game, st)
    assert set(st.pending["options"]) == {e1, e2, "done"}
    ev = choose(game, st, e2)
    ev.items.extend(step(game, st).items)
    choose(game, st, "done")
    resolve_all(game, st)
    assert game.power(st, tx) == base + 2 and e2 in st.hand(0)


def test_reveal_hand_pick_a_friend(game, card_db):
    # CN33: "When this card enters play at your home, an opponent reveals their hand. You may choose a Friend card from
    # their hand and they discard that card."
    st = stacked_game(game)
    ev_card = to_hand(game, st, "PR95", 1)
    enter(game, st, "CN33", 0, "home0")
    ev = step(game, st)
    assert ev_card not in st.pending["options"] and "none" in st.pending["options"]
    assert any(e["type"] == "reveal" and "to" not in e for e in ev.items)
    pick = st.pending["options"][0]
    choose(game, st, pick)
    step(game, st)
    assert pick not in st.hand(1) and len(st.discard_pile(1)) == 1


def test_hand_size_and_draw_to_it(game, card_db):
    # LL130: "your maximum hand size increases to 10 for the rest of the game"; EO0 (boosted): "When this side of the
    # card is turned face up, if you have fewer cards in your hand than your maximum hand size, draw cards until you
    # reach your maximum hand size."
    st = stacked_game(game, manes=("EO0", "PR2"))
    play_effects(game, st, 0, None, [{"op": "hand_size", "n": 10}])
    resolve_all(game, st)
    mane = by_key(game, st, "EO0")[0]
    play_effects(game, st, 0, mane, [{"op": "turn_over"}])
    resolve_all(game, st)
    assert st.boosted(mane) and len(st.hand(0)) == 10


def test_random_mode_and_confront_block(game, card_db):
    # AD17: "When this card is moved, choose one at random: Put a +1 power counter on it, or frighten it."
    st = stacked_game(game)
    wm = place(game, st, "AD17", 0, "home0")
    move_card(game, st, wm, "prob0", by=0)
    resolve_all(game, st)
    assert st.frightened(wm) or st.counters(wm).get("+1") == 1
    # CG58: "When this card enters play at a Problem, players can't confront that Problem that turn."
    place(game, st, "PR31", 0, "prob1")
    place(game, st, "PR31", 0, "prob1")
    enter(game, st, "CG58", 0, "prob1")
    resolve_all(game, st)
    assert not game.can_confront(st, 0, "prob1") and not game.can_confront(st, 1, "prob1")


def test_token_copies_of_token_friends(game, card_db):
    # HM81: "When you play this card, put a token copy of each of your token Friends into play."
    st = stacked_game(game)
    play_effects(game, st, 0, None, [{"op": "token", "power": 2, "color": "Magic", "traits": ["Figment"]}])
    resolve_all(game, st)
    enter(game, st, "HM81", 0, "home0")
    resolve_all(game, st)
    toks = [o for o in st.cards_in_play if st.is_token(o)]
    assert len(toks) == 2 and all(st.d["cards"][o]["t"]["power"] == 2 and st.d["cards"][o]["t"]["traits"] == ["Figment"]
                                  for o in toks)


def test_resource_returns_with_its_host(game, card_db):
    # AD125: "At the start of a Problem faceoff involving the attached Friend, put this card and that Friend into
    # their owners' hands."
    st = stacked_game(game)
    f = place(game, st, "PR31", 0, "prob0")
    flu = place(game, st, "AD125", 1, "prob0", host=f)
    start_faceoff(game, st, "problem", ["prob0"], 0)
    resolve_all(game, st)
    assert f not in st.cards_in_play and flu not in st.cards_in_play
    assert any(st.card_key(c) == card_db.key("AD125") for c in st.hand(1))
    assert any(st.card_key(c) == card_db.key("PR31") for c in st.hand(0)[-1:])


# ------------------------------------------------------------------ batch 3b: counters, main-phase end, discard-pile triggers
def test_momentum_counters(game, card_db):
    # AD194: "When this card enters play, put 3 Momentum counters on it." / "While involved in a faceoff, this card
    # has +2 power for each Momentum counter on it." / "At the end of your turn, remove a Momentum counter from this
    # card." / "When you remove the last Momentum counter from this card, retire this card."
    st = stacked_game(game)
    rd = enter(game, st, "AD194", 0, "prob0")
    resolve_all(game, st)
    base = card_db.number("AD194").front.power
    assert st.counters(rd)["Momentum"] == 3 and game.power(st, rd) == base
    place(game, st, "PR12", 1, "prob0")
    start_faceoff(game, st, "problem", ["prob0"], 0)
    assert game.power(st, rd) == base + 6
    st.d["fo"] = None
    for i in range(3):
        fire(game, st, rd, "turn_end")
        resolve_all(game, st)
    assert rd not in st.cards_in_play


def test_trainee_counters_then_tokens(game, card_db):
    # DE114: "When you put a Trainee counter on this card, if there are 5 or more Trainee counters on this card,
    # retire it." / "When this card leaves play, for each Trainee counter on it, put a 1 [Loyalty] Pegasus Friend
    # token with Swift into play."
    st = stacked_game(game)
    wr = place(game, st, "DE114", 0, "home0")
    for _ in range(5):
        fire(game, st, wr, "turn_start")
        resolve_all(game, st)
    toks = [o for o in st.cards_in_play if st.is_token(o)]
    assert wr not in st.cards_in_play and len(toks) == 5 and all(st.d["cards"][o]["t"]["kw"] == {"Swift": 1} for o in toks)


def test_epic_while_three_counters(game, card_db):
    # MT113: "When you put a +1 power counter on this card, if it has exactly 3 +1 power counters on it, frighten all
    # Friends here." / "While this card has at least 3 +1 power counters on it, it is Epic."
    st = stacked_game(game)
    tk = place(game, st, "MT113", 0, "prob1")
    f = place(game, st, "PR12", 1, "prob1")
    for i in range(3):
        assert not game.epic(st, tk)
        play_effects(game, st, 0, tk, [{"op": "counters", "n": 1, "counter": "+1", "target": {"self": True}}])
        resolve_all(game, st)
    assert game.epic(st, tk) and st.frightened(f)


def test_tip_counters_tax_every_card(game, card_db):
    # AD147: "When an opponent plays a card, put a Tip counter on this card." / "At the start of the turn, remove all
    # Tip counters from this card." / "Opponents must pay +[1] to play cards for each Tip counter on this card."
    st = stacked_game(game)
    sx = place(game, st, "AD147", 1, "home1")
    set_tokens(st, 0, 10)
    c1 = to_hand(game, st, "PR12", 0)
    c2 = to_hand(game, st, "PR33", 0)
    base = game.card_cost(st, 0, c2, area="home0")
    st, _ = game.apply(st, Action.make("play", 0, card=c1, area="home0"))
    resolve_all(game, st)
    assert st.counters(sx)["Tip"] == 1 and game.card_cost(st, 0, c2, area="home0") == base + 1
    fire(game, st, sx, "any_turn_start")
    resolve_all(game, st)
    assert "Tip" not in st.counters(sx)


def test_end_of_main_phase_retire_or_self(game, card_db):
    # AD38: "When this card enters play, choose an opponent. That opponent gains control of this card." / "At the end
    # of your Main Phase, retire another Friend here. If you can't, retire this card."
    st = stacked_game(game)
    sb = enter(game, st, "AD38", 0, "home0")
    resolve_all(game, st)
    assert st.controller(sb) == 1 and st.area(sb) == "home1"
    mate = place(game, st, "PR12", 1, "home1")
    fire(game, st, sb, "main_end")
    resolve_all(game, st)
    assert mate not in st.cards_in_play and sb in st.cards_in_play
    fire(game, st, sb, "main_end")
    resolve_all(game, st)
    assert sb not in st.cards_in_play


def test_main_phase_end_fires_once_the_window_closes(game, card_db):
    # MT121 (Problem): "At the end of your Main Phase, you may challenge an opposing Troublemaker here with all of
    # your characters here."
    st = stacked_game(game)
    pid = game.problem_at(st, "prob0")  # player 0's Problem: "your Main Phase"
    set_card(st, pid, card_key=card_db.key("MT121"))
    tm = place(game, st, "AD160", 1, "prob0")
    place(game, st, "PR31", 0, "prob0")
    st._la = None
    score = st.score(0)
    st = pass_until(game, st, lambda s: s.turn_player == 1)
    # the challenge happened as the Main Phase ended (514.5a: the challenger won with the stacked decks)
    assert tm not in st.cards_in_play and st.score(0) >= score + 2


def test_enters_discard_pile_from_anywhere(game, card_db):
    # DE60: "When this card enters your discard pile, you may draw a card." (from the hand, the deck or play)
    st = stacked_game(game)
    c = to_hand(game, st, "DE60", 0)
    h = len(st.hand(0))
    play_effects(game, st, 0, None, [{"op": "discard", "n": 1, "who": "you"}])
    step(game, st)
    choose(game, st, c)
    step(game, st)
    assert st.pending["kind"] == "may"
    choose(game, st, True)
    resolve_all(game, st)
    assert len(st.hand(0)) == h  # discarded one, drew one
    f = place(game, st, "DE60", 0, "home0")
    leave_play(game, st, f, "disc", verb="dismissed")
    step(game, st)
    assert st.pending["kind"] == "may"


def test_third_draw_and_with_three_friends(game, card_db):
    # RRf2: "When you draw your third card during a turn, shuffle your deck and turn this card over."
    st = stacked_game(game, manes=("RRf2", "PR2"))
    mane = by_key(game, st, "RRf2")[0]
    set_card(st, mane, boosted=False)  # (this promo Mane starts on its other side in the card data)
    st.d["pl"][0]["dtt"] = [st.turn, 0]
    for i in range(3):
        draw_cards(game, st, 0, 1)
        resolve_all(game, st)
        assert bool(st.boosted(mane)) == (i == 2)


def test_confront_counters_and_color_condition(game, card_db):
    # CN8: "When you confront this card's Problem with at least 2 other [Generosity] characters, turn this card over."
    st = stacked_game(game, manes=("CN8", "PR2"))
    mane = by_key(game, st, "CN8")[0]
    move_card(game, st, mane, "prob1")
    gen = [c.number for c in card_db.cards.values() if c.front.type == "Friend" and c.front.colors == ("Generosity",)][:2]
    place(game, st, gen[0], 0, "prob1")
    fire(game, st, mane, "confront")
    resolve_all(game, st)
    assert not st.boosted(mane)
    place(game, st, gen[1], 0, "prob1")
    fire(game, st, mane, "confront")
    resolve_all(game, st)
    assert st.boosted(mane)


# ------------------------------------------------------------------ batch 3c
def test_mane_character_has_the_chosen_color(game, card_db):
    # SB113: "When this card enters play, choose a color." / "Your Mane Character has that color."
    st = stacked_game(game)
    mane = by_key(game, st, "PR1")[0]
    assert "Kindness" not in game.colors(st, mane)
    motiv = enter(game, st, "SB113", 0, "home0")
    step(game, st)
    assert st.pending["what"] == "color"
    choose(game, st, "Kindness")
    resolve_all(game, st)
    assert "Kindness" in game.colors(st, mane) and st.d["cards"][motiv]["chc"] == "Kindness"
    assert "Kindness" not in game.colors(st, by_key(game, st, "PR2")[0])  # not the opponent's
    leave_play(game, st, motiv, "disc", verb="dismissed")
    assert "Kindness" not in game.colors(st, mane)


def test_turn_over_once_for_several_exhausted(game, card_db):
    # LL2: "When one or more opposing characters become exhausted, turn this card over." (one batch: turned once)
    st = stacked_game(game, manes=("LL2", "PR2"))
    mane = by_key(game, st, "LL2")[0]
    a, b = place(game, st, "PR12", 1, "home1"), place(game, st, "PR33", 1, "home1")
    play_effects(game, st, 0, None, [{"op": "exhaust", "target": {"type": "character", "ctrl": "opp", "each": True}}])
    resolve_all(game, st)
    assert st.boosted(mane)
    # its Boosted side: "At the end of your turn, choose an exhausted Friend. That Friend doesn't ready during its
    # controller's next Ready Phase."
    fire(game, st, mane, "turn_end")
    step(game, st)
    choose(game, st, a)
    resolve_all(game, st)
    assert st.d["cards"][a]["nr"] and not st.d["cards"][b].get("nr")


def test_banish_until_the_end_of_the_faceoff(game, card_db):
    # DE5 (Boosted): "When an opponent starts a faceoff, you may exhaust this card to banish one of their Friends until
    # the end of the faceoff."
    st = stacked_game(game, manes=("PR1", "DE5"))
    mane = by_key(game, st, "DE5")[0]
    set_card(st, mane, boosted=True)
    f = place(game, st, "PR31", 0, "prob1")
    place(game, st, "PR12", 1, "prob1")
    start_faceoff(game, st, "problem", ["prob1"], 0)
    step(game, st)
    choose(game, st, True)
    resolve_all(game, st)
    assert f not in st.cards_in_play and st.exhausted(mane)
    end_faceoff(game, st)
    resolve_all(game, st)
    assert any(st.card_key(o) == card_db.key("PR31") and st.controller(o) == 0 for o in st.cards_in_play)


def test_tokens_equal_to_power_as_it_left(game, card_db):
    # HM29: "When this card leaves play, you may put into play a number of 1 [Laughter] Earth Pony Friend tokens
    # equal to this card's power." (410.6a: its power as it left play)
    st = stacked_game(game)
    pf = place(game, st, "HM29", 0, "home0")
    st.d["cards"][pf]["cn"]["+1"] = 2
    n = game.power(st, pf)
    leave_play(game, st, pf, "disc", verb="dismissed")
    step(game, st)
    choose(game, st, True)
    resolve_all(game, st)
    assert sum(1 for o in st.cards_in_play if st.is_token(o)) == n


def test_cost_reduction_to_a_minimum(game, card_db):
    # SB29: "When you move a Friend, you may pay [1] less for your next Friend this turn, to a minimum of [1]."
    st = stacked_game(game)
    play_effects(game, st, 0, None, [{"op": "cost_reduction", "n": 1, "type": "Friend", "until": "turn", "min": 1}])
    resolve_all(game, st)
    two = to_hand(game, st, "PR12", 0)
    assert game.card_cost(st, 0, two, area="home0") == 1
    st.d["pl"][0]["disc_next"][0]["n"] = 5
    assert game.card_cost(st, 0, two, area="home0") == 1  # not below [1]


def test_alicorn_conditions(game, card_db):
    # CSf2: "When one of your Alicorn Friends enters play, if you have at least 1 other Alicorn Friend, turn this card
    # over." / (Boosted) "While you have Princess Luna, Princess Twilight Sparkle, or Princess Cadance, each of your
    # Alicorn Friends has +1 power."
    st = stacked_game(game, manes=("CSf2", "PR2"))
    mane = by_key(game, st, "CSf2")[0]
    set_card(st, mane, boosted=False)
    alis = [c.number for c in card_db.cards.values() if c.front.type == "Friend" and "Alicorn" in c.front.traits
            and not c.front.title.startswith("Princess")][:2]
    a1 = enter(game, st, alis[0], 0, "home0")
    resolve_all(game, st)
    assert not st.boosted(mane)
    enter(game, st, alis[1], 0, "home0")
    resolve_all(game, st)
    assert st.boosted(mane)
    p0 = game.power(st, a1)
    luna = next(c.number for c in card_db.cards.values() if c.front.type == "Friend" and c.front.title == "Princess Luna")
    place(game, st, luna, 0, "home0")
    assert game.power(st, a1) == p0 + 1


# ------------------------------------------------------------------ batch 4
def test_lose_tokens_not_gained_this_turn(game, card_db):
    # EO16: "At the start of each player's turn, that player loses all action tokens that weren't gained this turn."
    # (604: the Action Step's tokens were gained this turn)
    st = stacked_game(game)
    place(game, st, "EO16", 0, "home0")
    set_tokens(st, 1, 4)
    st = pass_until(game, st, lambda s: s.turn_player == 1 and s.step == "main")
    g = st.d["pl"][1]["gtt"]
    assert g[0] == st.turn and st.tokens(1) == g[1]


def test_friend_with_the_same_cost_from_hand(game, card_db):
    # QC9: "When an opposing Friend enters play at a Problem for the first time each turn, you may put a Friend with
    # the same cost from your hand into play at that Problem."
    st = stacked_game(game)
    pid = game.problem_at(st, "prob1")
    set_card(st, pid, card_key=card_db.key("QC9"))
    same = to_hand(game, st, "PR33", 1)  # cost 2
    other = to_hand(game, st, "PR31", 1)  # cost 4
    enter(game, st, "PR12", 0, "prob0")  # cost 2
    step(game, st)
    assert st.pending["kind"] == "may"
    choose(game, st, True)
    step(game, st)
    assert same in st.pending["options"] and other not in st.pending["options"]
    choose(game, st, same)
    resolve_all(game, st)
    assert any(st.card_key(o) == card_db.key("PR33") and st.area(o) == "prob0" for o in st.cards_in_play)
    enter(game, st, "PR12", 0, "prob1")  # not the first time this turn
    step(game, st)
    assert not st.pending


def test_retire_to_return_friends_from_discard(game, card_db):
    # CG202: "At the start of your turn, you may retire this card. If you do, each player puts a number of Friends
    # from their discard pile into play up to the number of Victory counters on this card."
    st = stacked_game(game)
    eg = place(game, st, "CG202", 0, "home0")
    st.d["cards"][eg]["cn"]["Victory"] = 1
    for q in (0, 1):
        f = place(game, st, "PR12", q, f"home{q}")
        leave_play(game, st, f, "disc", verb="dismissed")
    fire(game, st, eg, "turn_start")
    step(game, st)
    choose(game, st, True)
    step(game, st)
    assert st.pending["player"] == 0 and "done" in st.pending["options"]
    choose(game, st, st.pending["options"][0])
    step(game, st)
    assert st.pending["player"] == 1  # player 0 may put no more (1 counter)
    choose(game, st, "done")
    resolve_all(game, st)
    assert eg not in st.cards_in_play
    assert sum(1 for o in st.cards_in_play if st.card_key(o) == card_db.key("PR12")) == 1


def test_discard_hand_to_draw_plus_one(game, card_db):
    # LL60: "When you confront this card's Problem, you may discard all the cards in your hand to draw that many cards
    # plus one."
    st = stacked_game(game)
    gb = place(game, st, "LL60", 0, "prob0")
    n = len(st.hand(0))
    fire(game, st, gb, "confront")
    step(game, st)
    choose(game, st, True)
    resolve_all(game, st)
    assert len(st.hand(0)) == n + 1 and len(st.discard_pile(0)) == n


def test_replace_each_problem(game, card_db):
    # AD176: "When a character enters play here or is moved here, replace each Problem."
    st = stacked_game(game)
    pid = game.problem_at(st, "prob0")
    set_card(st, pid, card_key=card_db.key("AD176"))
    before = {a: game.problem_at(st, a) for a in ("prob0", "prob1")}
    enter(game, st, "PR12", 1, "prob0")
    resolve_all(game, st)
    assert all(game.problem_at(st, a) != before[a] for a in before)


def test_epic_by_counters_keeps_troublemakers_covered(game, card_db):
    # MT113 with 3 +1 power counters is Epic: 607.1 another Troublemaker at its Problem is not uncovered (and the
    # Uncover Step ends: the uncover check and the uncover agree on what is Epic)
    from gameplay.engine.mlp.flow import uncover_turn_players

    st = stacked_game(game)
    tk = place(game, st, "MT113", 0, "prob1")
    st.d["cards"][tk]["cn"]["+1"] = 3
    fd = place(game, st, "AD160", 0, "prob1", face_down=True)
    assert uncover_turn_players(game.r, st.d, Ev(True)) is True
    assert st.face_down(fd)


# ------------------------------------------------------------------ who moves (506, glossary: Traveler)
def _moved_by(game, base, number, mover, keyword=False):
    """The triggers queued when ``mover`` moves Ann's ``number`` from her home to her Problem (``keyword``:
    Traveler's, else the card's own text's)."""
    import copy

    from gameplay.engine.mlp.state import State

    st = State(copy.deepcopy(base.d))
    cid = place(game, st, number, 0, "home0")
    st.d["trig"] = []
    assert move_card(game, st, cid, "prob0", by=mover), number
    return [t for t in st.triggers_waiting if t["src"] == cid and (t["lbl"] == "Traveler") == keyword]


def test_when_you_move_this_card_fires_only_when_its_controller_moves_it(game, card_db):
    """"When you move this card ..." is the card's controller moving it, "When this card is moved" anyone
    (an opponent's Back Where You Began, PR106): checked for every Friend with a move trigger of its own."""
    base = stacked_game(game)
    cards = sorted({d.number for d in card_db.cards.values() if d.front.type == "Friend"
                    and any(ab["kind"] == "trigger" and ab["on"] == "moved" for ab in d.abilities.get("front", ()))})
    assert {"FF80", "PR16", "PR57", "MT72", "HM67", "SB13", "AD17"} <= set(cards)
    for number in cards:
        d = card_db.cards[card_db.key(number)]
        mine = [ab for ab in d.abilities["front"] if ab["kind"] == "trigger" and ab["on"] == "moved"]
        assert all((ab.get("by") == "you") == bool(re.match(r"When you (?:play or )?move this card", ab["text"])) for ab in mine
                   if ab["text"].startswith("When")), number
        own, opp = _moved_by(game, base, number, 0), _moved_by(game, base, number, 1)
        assert len(own) == len(mine), number
        assert len(opp) == sum(1 for ab in mine if ab.get("by") != "you"), number


def test_traveler_counts_only_the_moves_its_controller_makes(game, card_db):
    """Glossary: Traveler means "When you move this card, you may put a +1 power counter on it" — an
    opponent moving it gives no counter.  Checked for every Friend with printed Traveler."""
    base = stacked_game(game)
    cards = sorted({d.number for d in card_db.cards.values() if d.front.type == "Friend" and "Traveler" in d.front.keywords})
    assert len(cards) >= 10
    for number in cards:
        assert [t["lbl"] for t in _moved_by(game, base, number, 0, True)].count("Traveler") == 1, number
        assert [t["lbl"] for t in _moved_by(game, base, number, 1, True)].count("Traveler") == 0, number


def test_dr_hooves_unblinking_put_into_the_discard_pile_plays_another_dr_hooves_frightened(game):
    """PR197 (a per-card definition, cards/premiere.py): "When this card is put into the discard pile from
    anywhere, you may search your deck for Dr. Hooves, play it to your home frightened for free, and shuffle
    your deck." (201.3a: a card whose Title includes Dr. Hooves; 504.1 frightened)."""
    deck = ["PR12"] * 10 + ["CG10"]  # the opening hand is the first six cards: CG10 stays in the deck
    st = stacked_game(game, decks=(deck, None))
    hooves = place(game, st, "PR197", 0, "home0")
    tokens = st.tokens(0)
    leave_play(game, st, hooves, "disc", verb="dismissed")
    resolve_all(game, st)
    found = [c for c in st.cards_in_play if game.has_title(st, c, "Dr. Hooves")]
    assert len(found) == 1 and game.card(st, found[0]).number == "CG10"
    assert st.area(found[0]) == "home0" and st.frightened(found[0]) and st.tokens(0) == tokens  # for free
    assert not any(game.card(st, c).number == "CG10" for c in st.deck(0))
