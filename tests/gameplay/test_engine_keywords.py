"""Keywords of the 3.8 glossary."""
from __future__ import annotations

import pytest

from gameplay.engine.api import Action, IllegalActionError
from gameplay.engine.mlp.engine import Ev
from gameplay.engine.mlp.scenario import (answer, frighten, in_view, leave_play, pass_until, place, pre_priority,
                                          resolve_all, resolve_faceoff, resolve_step, set_card, set_tokens,
                                          stacked_game, start_faceoff, to_hand)


def kw_card(card_db, keyword, type_="Friend", value=None):
    """A card of ``type_`` with ``keyword`` (and as little other text as possible)."""
    cands = [c for c in card_db.cards.values() if c.front.type == type_ and keyword in c.front.keywords
             and (value is None or c.front.keywords[keyword] == value) and c.set_name != "Villain Challenge"]
    cands.sort(key=lambda c: (not c.automated, len(c.front.text), c.number))
    assert cands, keyword
    return cands[0]


def drain(game, st):
    """Process waiting triggers and resolving effects (511.7) without advancing the turn."""
    ev = Ev()
    for _ in range(100):
        if st.pending:
            return
        if st.resolving:
            resolve_step(game, st, ev=ev)
        elif not pre_priority(game, st, ev=ev):
            return


def moves(game, st, cid):
    return {a.get("area") for a in game.legal_actions(st, st.turn_player) if a.kind == "move" and a.get("card") == cid}


def test_609_2b_move_costs_2_and_swift_pays_1(game, card_db):
    st = stacked_game(game)
    plain = place(game, st, "PR12", 0, "home0")
    swift = place(game, st, kw_card(card_db, "Swift").number, 0, "home0")
    set_tokens(st, 0, 1)
    assert moves(game, st, plain) == set()
    assert moves(game, st, swift) == {"prob0", "prob1"}
    st2, _ = game.apply(st, Action.make("move", 0, card=swift, area="prob1"))
    assert st2.tokens(0) == 0


def test_506_2_cannot_move_to_current_area_or_opponents_home(game):
    st = stacked_game(game)
    c = place(game, st, "PR12", 0, "home0")
    with pytest.raises(IllegalActionError) as e:
        game.apply(st, Action.make("move", 0, card=c, area="home0"))
    assert e.value.rule == "506.2"
    with pytest.raises(IllegalActionError) as e:
        game.apply(st, Action.make("move", 0, card=c, area="home1"))
    assert e.value.rule == "506.2"


def test_showy_opponents_pay_more_to_move_there(game, card_db):
    showy = kw_card(card_db, "Showy")
    st = stacked_game(game)
    place(game, st, showy.number, 1, "prob1")
    c = place(game, st, "PR12", 0, "home0")
    x = showy.front.keywords["Showy"]
    assert game.move_cost(st, 0, c, "prob1") == 2 + x
    assert game.move_cost(st, 0, c, "prob0") == 2


def test_competitive_adds_power_only_in_faceoffs(game, card_db):
    comp = kw_card(card_db, "Competitive")
    st = stacked_game(game)
    cid = place(game, st, comp.number, 0, "prob0")
    base = game.power(st, cid)
    assert base == comp.front.power
    start_faceoff(game, st, "problem", ["prob0"], 0)
    assert game.power(st, cid) == base + comp.front.keywords["Competitive"]


def test_stubborn_contributes_while_exhausted(game, card_db):
    stub = kw_card(card_db, "Stubborn")
    st = stacked_game(game)
    cid = place(game, st, stub.number, 0, "prob0", exhausted=True)
    plain = place(game, st, "PR12", 0, "prob0", exhausted=True)
    assert game.contributes(st, cid) and not game.contributes(st, plain)


def test_caretaker_needs_a_critter_friend(game, card_db):
    care = kw_card(card_db, "Caretaker")
    critter = next(c for c in card_db.cards.values() if c.front.type == "Friend" and "Critter" in c.front.traits and c.automated)
    st = stacked_game(game)
    cid = place(game, st, care.number, 0, "prob0")
    before = game.power(st, cid)
    place(game, st, critter.number, 0, "prob0")
    assert game.power(st, cid) == before + 1


def test_supportive_with_mane_sharing_a_color(game, card_db):
    sup = next(c for c in card_db.cards.values() if c.front.type == "Friend" and "Supportive" in c.front.keywords
               and "Loyalty" in c.front.colors)
    st = stacked_game(game)  # Ann's Mane: Rainbow Dash (Loyalty)
    cid = place(game, st, sup.number, 0, "prob0")
    before = game.power(st, cid)
    set_card(st, st.mane(0), area="prob0")
    assert game.power(st, cid) == before + sup.front.keywords["Supportive"]


def test_eccentric_opponents_need_more_wild_power(game, card_db):
    ecc = kw_card(card_db, "Eccentric")
    st = stacked_game(game)
    place(game, st, ecc.number, 1, "prob1")
    reqs = game.requirements(st, 0, "prob1")
    assert ("Wild", ecc.front.keywords["Eccentric"]) in reqs


def test_calming_opposing_friend_entering_here_gets_minus_x(game, card_db):
    calm = kw_card(card_db, "Calming")
    st = stacked_game(game)
    place(game, st, calm.number, 1, "prob1")
    card = to_hand(game, st, "PR12", 0)
    set_tokens(st, 0, 5)  # so the turn does not end (616.4 ends "until the end of the turn" modifiers)
    st, _ = game.apply(st, Action.make("play", 0, card=card, area="prob1"))
    new = next(c for c in game.characters_at(st, "prob1", 0))
    assert game.power(st, new) == 2 - calm.front.keywords["Calming"]


def test_experienced_counts_same_name_in_discard(game, card_db):
    exp = kw_card(card_db, "Experienced")
    st = stacked_game(game)
    cid = place(game, st, exp.number, 0, "home0")
    before = game.power(st, cid)
    d = game._new(st.d, exp.key, 0, "disc")
    st.d["pl"][0]["disc"].append(d)
    assert game.power(st, cid) == before + 1


def test_persistent_is_frightened_instead_of_leaving_play(game, card_db):
    per = kw_card(card_db, "Persistent")
    st = stacked_game(game)
    cid = place(game, st, per.number, 0, "prob0")
    leave_play(game, st, cid, "disc")
    resolve_all(game, st)  # the controller's "may" (712.3) answered yes
    assert st.frightened(cid) and cid in st.cards_in_play


def test_504_frightened_cards_have_no_power_and_rally_costs_2(game):
    st = stacked_game(game)
    cid = place(game, st, "PR12", 0, "prob0")
    frighten(game, st, cid)
    assert in_view(game, st, cid)["power"] is None
    set_tokens(st, 0, 2)
    st._la = None
    st2, _ = game.apply(st, Action.make("rally", 0, card=cid))
    assert not st2.frightened(cid) and st2.tokens(0) == 0


def test_hasty_can_be_played_outside_the_main_phase(game, card_db):
    hasty = kw_card(card_db, "Hasty")
    st = stacked_game(game)
    card = to_hand(game, st, hasty.number, 1)
    set_tokens(st, 1, 10)
    for col, n in hasty.front.play_requirements:
        for _ in range(n):
            place(game, st, {"Loyalty": "PR20", "Honesty": "PR33", "Laughter": "PR44", "Magic": "PR54",
                             "Generosity": "PR76", "Kindness": "PR86"}[col], 1, "home1")
    # Ann acts in her Main Phase; Bob then gets priority (510.1) and may play the Hasty Friend
    st, _ = game.apply(st, Action.make("draw", 0))
    assert game.to_move(st) == 1
    assert any(a.kind == "play" and a.get("card") == card for a in game.legal_actions(st, 1))


def test_villain_frightens_each_friend_at_its_problem_when_uncovered(game, card_db):
    vil = kw_card(card_db, "Villain", "Troublemaker")
    st = stacked_game(game)
    f0 = place(game, st, "PR12", 0, "prob1")
    f1 = place(game, st, "PR33", 1, "prob1")
    place(game, st, vil.number, 1, "prob1", face_down=True)
    st, _ = game.apply(st, Action("pass", 0))  # Bob's turn: 607 uncover
    assert st.frightened(f0) and st.frightened(f1)


def test_607_3_epic_troublemaker_dismisses_other_face_up_troublemakers(game, card_db):
    epic = next(c for c in card_db.cards.values() if c.front.type == "Troublemaker" and c.front.epic)
    st = stacked_game(game)
    other = place(game, st, "PR155", 0, "prob0")
    place(game, st, epic.number, 1, "prob0", face_down=True)
    st, _ = game.apply(st, Action("pass", 0))
    assert not st.has_card(other)


def test_516_3_unique_violation_asks_to_dismiss(game, card_db):
    uniq = next(c for c in card_db.cards.values() if c.front.type == "Friend" and c.front.unique and c.automated)
    st = stacked_game(game)
    place(game, st, uniq.number, 0, "home0")
    place(game, st, uniq.number, 0, "prob0")
    st, _ = game.apply(st, Action.make("draw", 0))
    assert st.pending["kind"] == "uniqueness" and st.pending["rule"] == "516.2"


def test_516_4_one_face_up_troublemaker_per_player_per_problem(game):
    st = stacked_game(game)
    place(game, st, "PR155", 0, "prob1")
    place(game, st, "PR154", 0, "prob1")
    st, _ = game.apply(st, Action.make("draw", 0))
    assert st.pending["kind"] == "uniqueness"


def test_prepared_gains_a_token_when_opponent_starts_a_faceoff_here(game, card_db):
    prep = kw_card(card_db, "Prepared")
    st = stacked_game(game)
    place(game, st, prep.number, 1, "prob0")
    set_tokens(st, 1, 0)
    start_faceoff(game, st, "problem", ["prob0"], 0)
    drain(game, st)
    assert st.tokens(1) == 1


def test_studious_and_diligent_on_winning_a_faceoff(game, card_db):
    stud = kw_card(card_db, "Studious")
    dil = kw_card(card_db, "Diligent")
    st = stacked_game(game)
    a = place(game, st, stud.number, 0, "prob0")
    b = place(game, st, dil.number, 0, "prob0")
    set_tokens(st, 0, 0)
    start_faceoff(game, st, "problem", ["prob0"], 0)
    resolve_faceoff(game, st, 0)
    drain(game, st)
    while st.pending:
        opt = True if st.pending["kind"] == "may" else st.pending["options"][0]
        answer(game, st, 0, opt)
        drain(game, st)
    assert st.tokens(0) >= 1  # Studious: one token per faceoff
    assert st.counters(b).get("+1", 0) == dil.front.keywords["Diligent"]


def test_vexing_lets_the_opponent_retire_it_instead_of_a_confront(game, card_db):
    vex = kw_card(card_db, "Vexing", type_=next(c.front.type for c in card_db.cards.values() if "Vexing" in c.front.keywords))
    st = stacked_game(game)
    place(game, st, "PR31", 0, "prob1")  # Ann meets Bob's Problem requirement (4)
    v = place(game, st, vex.number, 1, "prob1", face_down=vex.front.type == "Troublemaker")
    st, _ = game.apply(st, Action("pass", 0))
    if st.pending and st.pending["kind"] == "vexing":
        st, _ = game.apply(st, Action.make("choose", 1, option=v))
        assert st.score(0) == 0


def test_traveler_may_add_a_counter_when_moved(game, card_db):
    trav = kw_card(card_db, "Traveler")
    st = stacked_game(game)
    cid = place(game, st, trav.number, 0, "home0")
    set_tokens(st, 0, 2)
    st, _ = game.apply(st, Action.make("move", 0, card=cid, area="prob0"))
    assert st.pending["kind"] == "may"
    st, _ = game.apply(st, Action.make("choose", 0, option=True))
    assert st.counters(cid)["+1"] == 1


def test_meticulous_looks_at_top_cards_at_start_of_turn(game, card_db):
    met = kw_card(card_db, "Meticulous", value=1)
    st = stacked_game(game)
    place(game, st, met.number, 1, "home1")
    st, _ = game.apply(st, Action("pass", 0))
    assert st.pending["kind"] == "may"
    st, _ = game.apply(st, Action.make("choose", 1, option=True))
    assert st.pending["kind"] == "look"
    top = st.deck(1)[0]
    st, _ = game.apply(st, Action.make("choose", 1, option="bottom"))
    assert st.deck(1)[-1] == top


def test_random_ignores_a_one_power_flip(game, card_db):
    rnd = kw_card(card_db, "Random")
    st = stacked_game(game, decks=(["PR12", "PR33", "PR60", "PR81", "PR54", "PR86", "PR20", "PR36"], None))
    place(game, st, rnd.number, 0, "prob0")
    start_faceoff(game, st, "problem", ["prob0"], 0)
    from gameplay.engine.mlp.flow import faceoff_flip

    faceoff_flip(game.r, st.d, Ev())
    resolve_all(game, st)  # Random's "may" (712.3) answered yes
    flips = st.flipped(0)
    assert len(flips) == 2 and flips[0] in st.faceoff["ign"]


def test_pumped_banishes_a_flipped_card_beneath_it(game, card_db):
    pum = kw_card(card_db, "Pumped")
    st = stacked_game(game)
    cid = place(game, st, pum.number, 0, "prob0")
    start_faceoff(game, st, "problem", ["prob0"], 0)
    from gameplay.engine.mlp.flow import end_faceoff, faceoff_flip

    faceoff_flip(game.r, st.d, Ev())
    end_faceoff(game.r, st.d, Ev())  # asks Pumped's "may" first (710, 712.3)
    resolve_all(game, st)  # answered yes
    end_faceoff(game.r, st.d, Ev())
    assert game.cards_beneath(st, cid) == 1 and st.faceoff is None


def test_redeem_retires_same_title_for_3_less(game, card_db):
    red = kw_card(card_db, "Redeem")
    st = stacked_game(game)
    same = next(c for c in card_db.cards.values() if c.front.type == "Friend" and c.front.title == red.front.title and c.key != red.key)
    old = place(game, st, same.number, 0, "home0")
    card = to_hand(game, st, red.number, 0)
    set_tokens(st, 0, max(0, (red.front.cost or 0) - 3))
    for col, n in red.front.play_requirements:
        for _ in range(n):
            place(game, st, {"Loyalty": "PR20", "Honesty": "PR33", "Laughter": "PR44", "Magic": "PR54",
                             "Generosity": "PR76", "Kindness": "PR86"}[col], 0, "home0")
    acts = [a for a in game.legal_actions(st, 0) if a.kind == "play" and a.get("redeem") == old]
    assert acts
    st, _ = game.apply(st, acts[0])
    assert not st.has_card(old)


def test_transform_returns_a_friend_with_that_title(game, card_db):
    tr = kw_card(card_db, "Transform")
    same = next((c for c in card_db.cards.values() if c.front.type == "Friend" and tr.front.title in c.front.title
                 and c.front.subtitle != tr.front.subtitle and "Transform" not in c.front.keywords), None)
    if same is None:
        pytest.skip("no Transform partner in data")
    st = stacked_game(game)
    old = place(game, st, same.number, 0, "home0")
    card = to_hand(game, st, tr.number, 0)
    set_tokens(st, 0, tr.front.keywords["Transform"])
    for col, n in tr.front.play_requirements:
        for _ in range(n):
            place(game, st, {"Loyalty": "PR20", "Honesty": "PR33", "Laughter": "PR44", "Magic": "PR54",
                             "Generosity": "PR76", "Kindness": "PR86"}[col], 0, "home0")
    acts = [a for a in game.legal_actions(st, 0) if a.kind == "play" and a.get("transform") == old]
    assert acts
    st, _ = game.apply(st, acts[0])
    assert not st.has_card(old)
    assert any(game.name_of(st, c) == same.name for c in st.hand(0))


def test_616_3_home_limit_retire_at_end_of_turn(game):
    st = stacked_game(game)
    for _ in range(5):
        place(game, st, "PR12", 0, "home0")
    st, _ = game.apply(st, Action("pass", 0))
    assert st.pending["kind"] == "retire_home" and st.pending["rule"] == "616.3"
    st, _ = game.apply(st, Action.make("choose", 0, option=st.pending["options"][0]))
    st, _ = game.apply(st, Action.make("choose", 0, option=st.pending["options"][0]))
    assert st.turn_player == 1


def test_616_2_hand_size_8(game):
    st = stacked_game(game)
    for _ in range(4):
        to_hand(game, st, "PR12", 0)
    st, _ = game.apply(st, Action("pass", 0))
    assert st.pending["kind"] == "discard_down" and st.pending["rule"] == "616.2"
    st, _ = game.apply(st, Action.make("choose", 0, option=st.pending["options"][0]))
    st, _ = game.apply(st, Action.make("choose", 0, option=st.pending["options"][0]))
    assert len(st.hand(0)) == 8 and st.turn_player == 1


def test_agile_moves_as_an_immediate_action(game, card_db):
    ag = kw_card(card_db, "Agile")
    st = stacked_game(game)
    cid = place(game, st, ag.number, 1, "home1")
    set_tokens(st, 1, 2)
    st, _ = game.apply(st, Action.make("draw", 0))
    assert game.to_move(st) == 1
    assert any(a.kind == "move" and a.get("card") == cid for a in game.legal_actions(st, 1))


def test_teamwork_shares_printed_abilities_with_friends_sharing_a_trait(game, card_db):
    tw = card_db.number("CG17")  # Teamwork, Supportive 1, Pegasus, Loyalty
    st = stacked_game(game)  # Ann's Mane: Rainbow Dash (Loyalty)
    pegasus = next(c for c in card_db.cards.values() if c.front.type == "Friend" and "Pegasus" in c.front.traits
                   and "Loyalty" in c.front.colors and not c.front.keywords and not c.front.text.strip())
    other = place(game, st, pegasus.number, 0, "prob0")
    set_card(st, st.mane(0), area="prob0")
    before = game.power(st, other)
    place(game, st, tw.number, 0, "prob0")
    assert game.keyword(st, other, "Supportive") == 1
    assert game.power(st, other) == before + 1


def test_504_frightened_cards_lose_their_abilities(game, card_db):
    stub = kw_card(card_db, "Stubborn")
    st = stacked_game(game)
    cid = place(game, st, stub.number, 0, "prob0")
    frighten(game, st, cid)
    assert game.keyword(st, cid, "Stubborn") == 0


def test_511_7a_player_orders_simultaneous_triggers(game, card_db):
    m1 = kw_card(card_db, "Meticulous", value=1)
    m2 = kw_card(card_db, "Meticulous", value=2)
    st = stacked_game(game)
    place(game, st, m1.number, 1, "home1")
    place(game, st, m2.number, 1, "home1")
    st, _ = game.apply(st, Action("pass", 0))
    pend = st.pending
    assert pend["kind"] == "order" and pend["player"] == 1 and pend["rule"] == "511.7a"
    assert sorted(pend["labels"]) == ["Meticulous 1", "Meticulous 2"]
    st, _ = game.apply(st, Action.make("choose", 1, option=pend["options"][pend["labels"].index("Meticulous 2")]))
    assert st.pending["kind"] == "may"


def test_inspired_looks_at_opponents_top_cards_at_main_phase_start(game, card_db):
    ins = kw_card(card_db, "Inspired")
    st = stacked_game(game)
    place(game, st, ins.number, 1, "home1")
    st, _ = game.apply(st, Action("pass", 0))  # Bob's turn; his Main Phase starts
    st = pass_until(game, st, lambda s: s.pending and s.pending["kind"] == "look")
    assert st.pending["player"] == 1
    top = st.deck(0)[0]
    st, ev = game.apply(st, Action.make("choose", 1, option="bottom"))
    assert st.deck(0)[-1] == top


def test_prismatic_has_colors_of_your_other_crystal_characters(game, card_db):
    pri = kw_card(card_db, "Prismatic")
    crystal = next(c for c in card_db.cards.values() if c.front.type == "Friend" and "Crystal" in c.front.traits
                   and c.front.colors and not set(c.front.colors) & set(pri.front.colors))
    st = stacked_game(game)
    cid = place(game, st, pri.number, 0, "home0")
    place(game, st, crystal.number, 0, "home0")
    assert set(crystal.front.colors) <= set(game.colors(st, cid))


def test_516_4a_epic_granted_by_an_ability_is_read_by_uniqueness(game, card_db):
    """516.4a reads the card's current Epic, not only the printed keyword: "That Troublemaker is Epic" (MT95,
    on its host) and "While this card has at least 3 +1 power counters on it, it is Epic" (MT113) — every
    card that grants Epic — make an opposing Troublemaker at the same Problem a uniqueness decision."""
    import json

    from gameplay.engine.mlp.flow.turn import _uniqueness

    granting = sorted(d.number for d in card_db.cards.values()
                      if any(op in json.dumps(dict(d.abilities)) for op in ('"grant_epic"', '"epic_if"')))
    assert granting == ["MT113", "MT95"]

    st = stacked_game(game)
    host = place(game, st, "PR155", 0, "prob1")
    other = place(game, st, "PR154", 1, "prob1")
    assert not game.epic(st, host) and not _uniqueness(game.r, st.d, Ev(True))
    place(game, st, "MT95", 0, "prob1", host=host)
    assert game.epic(st, host) and _uniqueness(game.r, st.d, Ev(True))
    assert st.pending["kind"] == "uniqueness" and st.pending["rule"] == "516.4a"
    assert st.pending["options"] == [other]  # the non-Epic one leaves play

    for counters, epic in ((2, False), (3, True)):
        st = stacked_game(game)
        tm = place(game, st, "MT113", 0, "prob1")
        other = place(game, st, "PR154", 1, "prob1")
        set_card(st, tm, counters={"+1": counters})
        assert game.epic(st, tm) is epic and _uniqueness(game.r, st.d, Ev(True)) is epic, counters
        if epic:
            assert st.pending["rule"] == "516.4a" and st.pending["options"] == [other]
