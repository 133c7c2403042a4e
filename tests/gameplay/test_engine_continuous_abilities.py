"""Continuous-ability templates: continuous abilities (702), rule modifiers on costs (508, 609.2), Harmony lines
(a tag word, glossary), Chaos "While this card is flipped" abilities (515, glossary), Talented effects,
"The first player to confront this Problem ..." (611), "When this card readies" (603.1) and Event
additional costs (508).  Parser templates and scenario tests for each."""
from __future__ import annotations

from gameplay.engine.api import Action
from gameplay.engine.mlp.cardtext import parse_effects, parse_line
from gameplay.engine.mlp.engine import Ev
from gameplay.engine.mlp import scenario
from gameplay.engine.mlp.scenario import (add_power, answer, automated, draw_cards, frighten, leave_play, move_card,
                                          place, pre_priority, problem, replace_problem, resolve_all, resolve_step,
                                          run_step, send_home, set_card, set_tokens, stacked_game, start_faceoff,
                                          to_discard, to_hand, unfrighten)


def pw(game, st, cid):
    return game.power(st, cid)


def legal(game, st, kind, p=0):
    return [a for a in game.legal_actions(st, p) if a.kind == kind]


def set_problem(game, st, p, number):
    pid = problem(st, game, p)
    set_card(st, pid, card_key=game.db.key(number))
    st._la = None
    return pid


def top(game, st, p, *numbers):
    """New cards on top of a player's deck (the first number ends on top)."""
    for n in reversed(numbers):
        cid = game._new(st.d, game.db.key(n), p, "deck")
        st.d["pl"][p]["deck"].insert(0, cid)
    st._la = None


# ------------------------------------------------------------------ parser
def test_parse_cards_c_statics():
    ab = parse_line("Harmony Griffon: You pay [1] less to play your first Griffon Friend each turn.", "Friend", {})
    assert (ab["op"], ab["n"], ab["first"], ab["sel"]) == ("play_cost", -1, True, {"type": "Friend", "trait": "Griffon"})
    ab = parse_line("Opponents must pay +[1] to play Troublemakers.", "Mane Character", {})
    assert (ab["op"], ab["who"], ab["sel"]) == ("play_cost", "opp", {"type": "Troublemaker"})
    ab = parse_line("You may pay [1] less to play Friends, to a minimum of [1].", "Friend", {})
    assert (ab["op"], ab["sel"], ab["min"]) == ("play_discount", {"type": "Friend"}, 1)
    ab = parse_line("Harmony Dragon: Your Troublemakers here have +1 power for each of your Dragon characters.", "Friend", {})
    assert ab["per"] == {"sel": {"type": "character", "ctrl": "you", "trait": "Dragon"}}
    ab = parse_line("Chaos: While this card is flipped, it has +2 power.", "Friend", {})
    assert (ab["kind"], ab["op"], ab["n"]) == ("static", "flip_self_power", 2)
    ab = parse_line("This card has +1 power for each Dr. Hooves Friend in your discard pile.", "Friend", {})
    assert ab["count"] == {"k": "disc_title", "title": "Dr. Hooves", "type": "Friend"}
    # a Friend's own "That Friend is also [Laughter]" is not an attachment static
    assert parse_line("That Friend is also [Laughter].", "Friend", {})["kind"] == "manual"


def test_parse_cards_c_effects():
    assert parse_effects("you may exhaust an opposing character. That character doesn't ready during its controller's "
                         "next Ready Phase") == [{"op": "may", "effects": [
                             {"op": "exhaust", "target": {"type": "character", "ctrl": "opp"}, "no_ready": True}]}]
    e = parse_effects("distribute two +1 power counters among up to 2 of your Friends with printed power 2 or less")
    assert [x["op"] for x in e] == ["counters", "counters"] and e[0]["target"] == {"type": "Friend", "ctrl": "you", "max_printed": 2}
    assert parse_effects("distribute two +1 power counters among up to 3 of your Friends") is None  # not this template
    e = parse_effects("dismiss an opposing Friend with cost less than or equal to the number of Griffon characters you have")
    assert e[0]["target"]["max_cost_count"] == {"type": "character", "ctrl": "you", "trait": "Griffon"}
    e = parse_effects("put a Friend with 1 power from your discard pile into your hand")
    assert e[0]["filter"] == {"type": "Friend", "min_printed": 1, "max_printed": 1}


def test_newly_automated_cards(card_db):
    assert automated(card_db, "FF23", "FF31", "HM2", "FF138", "CN65", "CN32", "CN72", "FF30", "CG10", "FF110", "MT95",
                     "EO29", "CN38", "CG182", "EO168", "CN130", "AD153", "MT25", "HM43", "FF8", "EO42", "FF68",
                     "LL16", "LL27", "LL39", "LL73", "PR163", "PR165", "PR169", "CG190", "FF26", "FF43", "FF97",
                     "FF69", "EO111", "HM138", "LL129", "EO156", "LL134", "CN168", "AD170", "EO173", "PR207", "NM16",
                     "CG131", "CG134", "SB114", "EO165", "EO161", "CG137", "CN29", "HM19", "HM65", "CG20", "AD142",
                     "DE112", "LL77", "NM12", "LL127", "LL24", "PR191", "CG130", "CG73", "CG69", "PR161", "FF71", "LL65",
                     "DE18", "CN151", "CN149", "GF7", "AD199", "LL56", "FF49", "AD65", "MT142", "SB82", "HM75", "EO38",
                     "HM32", "FF38", "FF47", "FF91", "FF81", "CN1", "DE88", "HM67", "CG176", "CN197", "FF101", "FF87", "CG25", "FF83", "LL84", "PR196")


# ------------------------------------------------------------------ costs (508, 609.2)
def test_first_griffon_friend_each_turn_costs_less(game, card_db):
    """FF23 Gilda (Harmony Griffon): "You pay [1] less to play your first Griffon Friend each turn"."""
    st = stacked_game(game)
    place(game, st, "FF23", 0, "home0")
    gav, gre, pony = to_hand(game, st, "FF7", 0), to_hand(game, st, "FF25", 0), to_hand(game, st, "PR12", 0)
    assert [game.card_cost(st, 0, c) for c in (gav, gre, pony)] == [1, 2, 2]
    set_tokens(st, 0, 5)
    st, _ = game.apply(st, Action.make("play", 0, card=pony, area="home0"))  # not a Griffon: no change
    gav = next(c for c in st.hand(0) if st.card_key(c) == card_db.key("FF7"))
    assert game.card_cost(st, 0, gav) == 1
    st, _ = game.apply(st, Action.make("play", 0, card=gav, area="home0"))
    assert st.tokens(0) == 5 - 2 - 1
    gre = next(c for c in st.hand(0) if st.card_key(c) == card_db.key("FF25"))
    assert game.card_cost(st, 0, gre) == 3  # no longer the first Griffon Friend this turn


def test_opponents_pay_more_and_you_pay_less(game, card_db):
    """FF138: "You may pay [1] less to play Friends, to a minimum of [1]" / "Opponents pay +[2] to play
    Events"; HM2 (boosted): "Opponents must pay +[1] to play Troublemakers"."""
    st = stacked_game(game)
    place(game, st, "FF138", 0, "home0")
    assert game.card_cost(st, 0, to_hand(game, st, "PR31", 0)) == 3  # 4 - 1
    assert game.card_cost(st, 0, to_hand(game, st, "PR20", 0)) == 1  # 1: to a minimum of [1]
    assert game.card_cost(st, 1, to_hand(game, st, "PR114", 1)) == 1 + 2
    assert game.card_cost(st, 0, to_hand(game, st, "PR114", 0)) == 1
    st = stacked_game(game, manes=("HM2", "PR2"))
    set_card(st, st.mane(0), boosted=True)  # Discord boosted
    tm = to_hand(game, st, "RR11", 1)
    assert game.r.play_cost_delta(st.d, 1, tm, 1, area="prob0") == 1
    assert game.r.play_cost_delta(st.d, 0, to_hand(game, st, "RR11", 0), 1, area="prob1") == 0


def test_rally_costs_less_while_exhausted(game, card_db):
    """CN32: "While this card is exhausted, you pay [1] less to rally your Friends, to a minimum of [1]"."""
    st = stacked_game(game)
    doc = place(game, st, "CN32", 0, "home0")
    f = place(game, st, "PR12", 0, "home0")
    frighten(game, st, f)
    set_tokens(st, 0, 1)
    assert not legal(game, st, "rally")
    set_card(st, doc, exhausted=True)
    st._la = None
    assert [a.get("card") for a in legal(game, st, "rally")] == [f]
    st2, _ = game.apply(st, Action.make("rally", 0, card=f))
    assert st2.tokens(0) == 0 and not st2.frightened(f)
    place(game, st, "CN32", 0, "home0", exhausted=True)  # two discounts: still at least [1]
    assert game.action_tax(st, 0, "rally", f) == -1


def test_play_and_move_cost_more_while_exhausted(game, card_db):
    """CN72: "While this card is exhausted, your opponent must pay +[1] to play or move a character to
    this card's Problem"."""
    st = stacked_game(game)
    gavel = place(game, st, "CN72", 1, "prob0")
    f = to_hand(game, st, "PR12", 0)
    mover = place(game, st, "PR33", 0, "home0")
    base = game.move_cost(st, 0, mover, "prob0")
    assert game.card_cost(st, 0, f, area="prob0") == 2 and game.move_cost(st, 0, mover, "prob1") == base
    set_card(st, gavel, exhausted=True)
    assert game.card_cost(st, 0, f, area="prob0") == 3 and game.card_cost(st, 0, f, area="prob1") == 2
    assert game.move_cost(st, 0, mover, "prob0") == base + 1 and game.move_cost(st, 0, mover, "prob1") == base
    assert game.card_cost(st, 1, to_hand(game, st, "PR12", 1), area="prob0") == 2  # its controller: no tax
    set_card(st, gavel, area="home1")  # at home it has no Problem
    assert game.card_cost(st, 0, f, area="home1") == 2


def test_event_additional_cost_paragraph(game, card_db):
    """EO111 Bale Out!: "As an additional cost to play this card, discard a card." (its own paragraph,
    508) then "Immediate: Exhaust an opposing character. That character does not ready during its
    controller's next Ready Phase" (603.1)."""
    st = stacked_game(game)
    place(game, st, "PR31", 0, "home0")  # Honesty 4 for the play requirement
    opp = place(game, st, "PR12", 1, "prob1")
    ev_ = to_hand(game, st, "EO111", 0)
    hand = len(st.hand(0))
    set_tokens(st, 0, 1)
    st, _ = game.apply(st, Action.make("play", 0, card=ev_))
    resolve_all(game, st)
    assert len(st.hand(0)) == hand - 2  # the Event and the discarded card
    assert [o for o in (opp, st.mane(1)) if st.exhausted(o) and st.d["cards"][o].get("nr")]
    st = stacked_game(game, decks=(["EO111", "PR31"], None))
    for c in list(st.hand(0))[1:]:  # only Bale Out! in hand: the cost can't be paid (508.1d)
        st.d["pl"][0]["hand"].remove(c)
    place(game, st, "PR31", 0, "home0")
    set_tokens(st, 0, 3)
    assert not [a for a in legal(game, st, "play") if st.card_key(a.get("card")) == card_db.key("EO111")]


# ------------------------------------------------------------------ power
def test_troublemakers_here_get_power_per_dragon(game, card_db):
    """FF30 Charcoal (Harmony Dragon): "Your Troublemakers here have +1 power for each of your Dragon
    characters" (counted anywhere)."""
    st = stacked_game(game)
    place(game, st, "FF30", 0, "prob1")
    tm = place(game, st, "RR11", 0, "prob1")
    far = place(game, st, "RR11", 0, "prob0")
    assert pw(game, st, tm) == 4 + 1 and pw(game, st, far) == 4
    place(game, st, "EO75", 0, "home0")  # another Dragon, at home
    place(game, st, "FF14", 1, "prob1")  # an opposing Dragon does not count
    assert pw(game, st, tm) == 4 + 2


def test_power_per_titled_friend_in_discard(game, card_db):
    """CG10 Dr. Hooves: "+1 power for each Dr. Hooves Friend in your discard pile" (201.3a title)."""
    st = stacked_game(game)
    hooves = place(game, st, "CG10", 0, "home0")
    assert pw(game, st, hooves) == 0
    to_discard(game, st, "EO52", 0)
    to_discard(game, st, "DE34", 0)
    to_discard(game, st, "PR12", 0)
    to_discard(game, st, "EO52", 1)  # the opponent's discard pile does not count
    assert pw(game, st, hooves) == 2


def test_attachment_power_instead_for_a_trait(game, card_db):
    """FF110 Princess Mask: "That Friend has +2 power." / "Harmony Changeling: If that Friend is a
    Changeling, it has +4 power instead."""
    st = stacked_game(game)
    pony, ling = place(game, st, "PR12", 0, "home0"), place(game, st, "DE53", 0, "home0")
    place(game, st, "FF110", 0, "home0", host=pony)
    place(game, st, "FF110", 0, "home0", host=ling)
    assert pw(game, st, pony) == 2 + 2 and pw(game, st, ling) == 2 + 4


def test_chaos_while_flipped_power(game, card_db):
    """Chaos (glossary, 515): FF8 "While this card is flipped, it has +2 power"; EO42 "+1 power for each
    card in your hand"; FF68 "power equal to the number of cards in your hand" (514.4a totals)."""
    from gameplay.engine.mlp.flow import flip_one
    st = stacked_game(game)
    place(game, st, "PR31", 0, "prob0")
    place(game, st, "PR31", 1, "prob0")
    start_faceoff(game, st, "problem", ["prob0"], 0, None)
    resolve_all(game, st)
    top(game, st, 0, "FF8", "EO42", "FF68")
    top(game, st, 1, "FF8")
    hand0, hand1 = len(st.hand(0)), len(st.hand(1))
    base0 = game.faceoff_total(st, 0)
    flip_one(game.r, st.d, Ev(True), 0)
    assert game.faceoff_total(st, 0) == base0 + 1 + 2
    flip_one(game.r, st.d, Ev(True), 0)
    assert game.faceoff_total(st, 0) == base0 + 3 + 3 + hand0
    flip_one(game.r, st.d, Ev(True), 0)
    assert game.faceoff_total(st, 0) == base0 + 3 + 3 + hand0 + hand0
    b1 = game.faceoff_total(st, 1)
    flip_one(game.r, st.d, Ev(True), 1)
    assert game.faceoff_total(st, 1) == b1 + 3
    # "Opposing flipped cards lose and can't have abilities" (FF? any card with flip_no_abilities)
    nf = next(c.number for c in card_db.cards.values() if any(a.get("op") == "flip_no_abilities" for a in c.abilities.get("front", ())))
    place(game, st, nf, 1, "home1")
    assert game.faceoff_total(st, 0) == base0 + 1 + 3 + 0
    # in play, FF68's power is the number of cards in its controller's hand
    assert pw(game, st, place(game, st, "FF68", 1, "home1")) == hand1


def test_granted_epic(game, card_db):
    """MT95 Alicorn Amulet: "That Troublemaker is Epic and has +3 power" (516: Epic)."""
    st = stacked_game(game)
    tm = place(game, st, "RR11", 0, "prob1")
    assert not game.epic(st, tm)
    place(game, st, "MT95", 0, "prob1", host=tm)
    assert game.epic(st, tm) and pw(game, st, tm) == 4 + 3


# ------------------------------------------------------------------ can't (104.2), playing, colors, bonus
def test_cant_be_frightened_conditions(game, card_db):
    """EO29: "While this card has at least 4 power, your Friends can't be frightened"; CN38: "While this
    card has at least 1 card beneath it, it can't be dismissed or frightened"."""
    st = stacked_game(game)
    maud = place(game, st, "EO29", 0, "home0")
    f = place(game, st, "PR12", 0, "home0")
    assert frighten(game, st, f)
    unfrighten(game, st, f)
    add_power(game, st, maud, 2, "turn")
    assert pw(game, st, maud) == 4 and not frighten(game, st, f) and not st.frightened(f)
    st = stacked_game(game)
    roller = place(game, st, "CN38", 0, "home0")
    assert not game.prevented(st, roller, "no_dismiss")
    b = game._new(st.d, card_db.key("PR12"), 0, "ban")
    st.d["pl"][0]["ban"].append(b)
    set_card(st, b, banished_beneath=roller)
    assert game.prevented(st, roller, "no_dismiss") and game.prevented(st, roller, "no_frighten")
    assert not frighten(game, st, roller)


def test_no_friends_played_while_a_troublemaker_is_here(game, card_db):
    """CG182 Overgrown Everfree: "While a Troublemaker is at this Problem, Friends can't be played here"
    (a face-down Troublemaker can't be referenced, 505.2)."""
    st = stacked_game(game)
    set_problem(game, st, 1, "CG182")
    f = to_hand(game, st, "PR12", 0)
    set_tokens(st, 0, 5)

    def areas():
        st._la = None
        return {a.get("area") for a in legal(game, st, "play") if st.card_key(a.get("card")) == card_db.key("PR12")}
    assert "prob1" in areas()
    tm = place(game, st, "RR11", 1, "prob1", face_down=True)
    assert "prob1" in areas()
    set_card(st, tm, face_down=False)
    assert "prob1" not in areas() and "prob0" in areas()


def test_attachment_color_and_put_back_on_deck(game, card_db):
    """EO168 Umbrella Hat: "That Friend is also [Laughter]." / "Immediate: Put this card on top of its
    owner's deck." (an activated ability without a cost)."""
    st = stacked_game(game)
    f = place(game, st, "PR12", 0, "home0")
    hat = place(game, st, "EO168", 0, "home0", host=f)
    assert set(game.colors(st, f)) == {"Loyalty", "Laughter"}
    acts = [a for a in legal(game, st, "activate") if a.get("card") == hat]
    assert len(acts) == 1
    st, _ = game.apply(st, acts[0])
    resolve_all(game, st)
    top_card = st.deck(0)[0]
    assert st.card_key(top_card) == card_db.key("EO168") and game.colors(st, f) == ("Loyalty",)


def test_problem_has_no_bonus_while_friend_there(game, card_db):
    """CN130 Apple Cider: "While that Friend is at a Problem, that Problem has 0 bonus points" (210)."""
    st = stacked_game(game)
    set_problem(game, st, 1, "PR163")
    pid = problem(st, game, 1)
    printed = game.face(st, pid).bonus
    assert printed
    f = place(game, st, "PR12", 0, "home0")
    place(game, st, "CN130", 0, "home0", host=f)
    assert game.problem_bonus(st, pid) == printed
    set_card(st, f, area="prob1")
    for o in st.cards_in_play:
        if st.host(o) == f:
            set_card(st, o, area="prob1")
    assert game.problem_bonus(st, pid) == 0


def test_boosted_mane_loses_abilities(game, card_db):
    """AD153 Utterly Drained: "While that Mane Character is boosted, it loses and can't have abilities"."""
    st = stacked_game(game)
    mane = st.mane(1)
    place(game, st, "AD153", 0, st.area(mane), host=mane)
    assert not game.lost_abilities(st, mane)
    set_card(st, mane, boosted=True)
    assert game.lost_abilities(st, mane) and game.abilities(st, mane) == ()


def test_maximum_hand_size_increased(game, card_db):
    """MT25: "While this card is Cutie Marked, your maximum hand size is increased by 2" (616.2)."""
    st = stacked_game(game)
    fc = place(game, st, "MT25", 0, "home0")
    assert game.max_hand_size(st, 0) == 8
    set_card(st, fc, cutie_marked=True)
    assert game.max_hand_size(st, 0) == 10 and game.max_hand_size(st, 1) == 8
    while len(st.hand(0)) < 10:
        to_hand(game, st, "PR12", 0)
    from gameplay.engine.mlp.flow import end_of_turn
    end_of_turn(game.r, st.d, Ev(True))
    assert not (st.pending and st.pending["kind"] == "discard_down") and st.turn_player == 1


def test_opposing_mane_cant_contribute_to_faceoffs(game, card_db):
    """HM43 Zecora: "Opposing Mane Characters here can't contribute their power to faceoffs" (514.4a)."""
    st = stacked_game(game)
    mane1 = st.mane(1)
    set_card(st, mane1, area="prob0")
    place(game, st, "PR31", 0, "prob0")
    start_faceoff(game, st, "problem", ["prob0"], 0, None)
    with_mane = game.faceoff_total(st, 1)
    assert with_mane == pw(game, st, mane1)
    place(game, st, "HM43", 0, "prob0")
    assert game.faceoff_total(st, 1) == 0


# ------------------------------------------------------------------ Talented effects
def play_event(game, st, number, p=0):
    cid = to_hand(game, st, number, p)
    set_tokens(st, p, 5)
    st, _ = game.apply(st, Action.make("play", p, card=cid))
    return st


def test_talented_exhaust_no_ready_and_distribute(game, card_db):
    """LL16: "... you may exhaust an opposing character. That character doesn't ready during its
    controller's next Ready Phase"; LL73: "... distribute two +1 power counters among up to 2 of your
    Friends with printed power 2 or less" (two counters, one at a time, on one or two Friends)."""
    st = stacked_game(game)
    place(game, st, "LL16", 0, "home0")
    place(game, st, "PR31", 0, "home0")
    opp = place(game, st, "PR12", 1, "prob1")
    st = play_event(game, st, "CN113")  # Honesty Event
    resolve_all(game, st)
    done = [o for o in (opp, st.mane(1)) if st.exhausted(o)]
    assert len(done) == 1 and st.d["cards"][done[0]]["nr"]
    st = stacked_game(game)
    place(game, st, "LL73", 0, "home0")
    place(game, st, "PR31", 0, "home0")
    small, big = place(game, st, "PR12", 0, "home0"), place(game, st, "PR31", 0, "home0")
    st = play_event(game, st, "CN113")
    picks = []
    for _ in range(20):
        pend = st.pending
        if pend and pend["kind"] == "may":
            st, _ = game.apply(st, Action.make("choose", 0, option=True))
        elif pend and pend["kind"] == "target":
            if pend.get("op") == "counters":
                assert big not in pend["options"] and small in pend["options"]  # printed power 4 / 2
                picks.append(pend["options"])
            st, _ = game.apply(st, Action.make("choose", 0, option=small))
        elif st.resolving:
            resolve_all(game, st)
        else:
            break
    assert st.counters(small).get("+1") == 2 and len(picks) == 2 and not st.counters(big)


def test_talented_look_and_shuffle_from_discard(game, card_db):
    """LL39: "... look at the top card of your deck, and put it on the top or bottom of your deck";
    LL27: "... shuffle a Friend from your discard pile into your deck" (518)."""
    st = stacked_game(game)
    place(game, st, "LL39", 0, "home0")
    place(game, st, "PR60", 0, "home0")
    place(game, st, "PR60", 0, "home0")
    topc = st.deck(0)[0]
    st = play_event(game, st, "SB98")  # Magic Event: frighten a Friend
    for _ in range(20):
        pend = st.pending
        if pend and pend["kind"] == "look":
            st, _ = game.apply(st, Action.make("choose", 0, option="bottom"))
            break
        if pend:
            st, _ = game.apply(st, Action.make("choose", pend["player"], option=True if pend["kind"] == "may" else pend["options"][0]))
        else:
            resolve_all(game, st)
    resolve_all(game, st)
    assert st.deck(0)[-1] == topc
    st = stacked_game(game)
    place(game, st, "LL27", 0, "home0")
    place(game, st, "PR36", 0, "home0")
    f = to_discard(game, st, "PR12", 0)
    deck = len(st.deck(0))
    st = play_event(game, st, "PR114")  # Laughter Event: draw 3
    resolve_all(game, st)
    assert f not in st.discard_pile(0) and len(st.deck(0)) == deck - 3 + 1
    assert any(st.card_key(c) == card_db.key("PR12") for c in st.deck(0))


# ------------------------------------------------------------------ The first player to confront this Problem (611)
def confront(game, st, p, area):
    """Score Phase confront of ``area`` (611.4) by player ``p``, up to the first decision."""
    st.d["sc"] = {"todo": [area], "conf": [], "solved": []}
    st.d["step"] = "confront"
    st.d["tp"] = p
    run_step(game, st)
    settle(game, st)


def settle(game, st):
    """Put waiting triggers on the queue and resolve until a decision is pending (or nothing is left)."""
    for _ in range(50):
        if st.pending:
            break
        if st.resolving:
            resolve_step(game, st)
        elif not pre_priority(game, st):
            break
    st._la = None


def test_first_player_to_confront_this_problem(game, card_db):
    """PR163 Kitchen au Flambé: "The first player to confront this Problem may put a Friend with 1 power
    from their discard pile into their hand" — only the first confront of this Problem."""
    st = stacked_game(game)
    set_problem(game, st, 0, "PR163")  # Generosity 2 + Not Generosity 2 (opponents: its Wild number)
    for n in ("PR36", "PR12", "PR31", "PR31", "PR31"):
        place(game, st, n, 1, "prob0")
    one = to_discard(game, st, "PR20", 1)  # printed power 1
    to_discard(game, st, "PR12", 1)  # printed power 2: not offered
    assert game.can_confront(st, 1, "prob0")
    confront(game, st, 1, "prob0")
    assert st.pending["kind"] == "may" and st.pending["player"] == 1
    answer(game, st, 1, True)
    settle(game, st)
    assert st.pending["options"] == [one, "none"]
    resolve_all(game, st)
    assert any(st.card_key(c) == card_db.key("PR20") for c in st.hand(1))
    # a second confront of the same Problem (by anyone) does not trigger it
    for n in ("PR36", "PR12", "PR31", "PR31"):
        place(game, st, n, 0, "prob0")
    to_discard(game, st, "PR20", 0)
    confront(game, st, 0, "prob0")
    assert not st.pending and not st.resolving


def test_first_confront_looks_at_this_problem_deck_and_pays_to_score(game, card_db):
    """PR169: "... may look at the top card of this Problem deck and put it on either the top or bottom
    of that deck" (the Problem's owner's Problem deck); CG190: "... may pay [3] to score 2 points"."""
    st = stacked_game(game)
    set_problem(game, st, 1, "PR169")
    for n in ("PR36", "PR12", "PR31", "PR31", "PR31"):
        place(game, st, n, 0, "prob1")
    pdeck = list(st.problem_deck(1))
    confront(game, st, 0, "prob1")
    answer(game, st, 0, True)
    settle(game, st)
    assert st.pending["kind"] == "look" and st.pending["player"] == 0
    answer(game, st, 0, "bottom")
    resolve_all(game, st)
    assert st.problem_deck(1) == pdeck[1:] + pdeck[:1]
    st = stacked_game(game)
    set_problem(game, st, 1, "CG190")
    for n in ("PR60", "PR60", "PR31", "PR31", "PR31"):
        place(game, st, n, 0, "prob1")
    set_tokens(st, 0, 3)
    score = st.score(0)
    confront(game, st, 0, "prob1")
    resolve_all(game, st)
    assert st.score(0) == score + 1 + 2 and st.tokens(0) == 0


def test_first_confront_dismisses_a_resource_on_an_opposing_friend_here(game, card_db):
    """PR165 Bunny Stampede: "... may dismiss a Resource on an opponent's Friend here"."""
    st = stacked_game(game)
    set_problem(game, st, 1, "PR165")
    for n in ("PR81", "PR81", "PR31", "PR31", "PR31"):
        place(game, st, n, 0, "prob1")
    theirs = place(game, st, "PR12", 1, "prob1")
    hat = place(game, st, "EO168", 1, "prob1", host=theirs)
    mine = place(game, st, "EO168", 0, "prob1", host=st.cards_in_play[-3])
    elsewhere = place(game, st, "EO168", 1, "home1", host=place(game, st, "PR12", 1, "home1"))
    confront(game, st, 0, "prob1")
    answer(game, st, 0, True)
    resolve_all(game, st)
    assert not game.in_play(st, hat) and game.in_play(st, mine) and game.in_play(st, elsewhere)


# ------------------------------------------------------------------ Harmony: counted costs, readying
def test_dismiss_with_cost_up_to_your_griffon_count(game, card_db):
    """FF26 Griselda (Harmony Griffon): "When this card enters play, you may dismiss an opposing Friend
    with cost less than or equal to the number of Griffon characters you have"."""
    st = stacked_game(game)
    cheap, mid, dear = (place(game, st, n, 1, "home1") for n in ("PR20", "PR12", "PR31"))  # costs 1, 2, 4
    g = place(game, st, "FF26", 0, "home0")
    sel = {"type": "Friend", "ctrl": "opp", "max_cost_count": {"type": "character", "ctrl": "you", "trait": "Griffon"}}
    assert game.select(st, sel, 0, g) == [cheap]  # one Griffon (Griselda herself)
    place(game, st, "FF7", 0, "prob0")  # a second Griffon
    place(game, st, "FF6", 1, "home1")  # an opposing Griffon does not count
    scenario.trigger(game, st, "enter", g)
    settle(game, st)
    assert st.pending["kind"] == "may"
    answer(game, st, 0, True)
    settle(game, st)
    assert st.pending["kind"] == "target" and st.pending["options"] == [cheap, mid]
    answer(game, st, 0, mid)
    settle(game, st)
    assert not game.in_play(st, mid) and game.in_play(st, cheap) and game.in_play(st, dear)


def test_when_this_card_readies(game, card_db):
    """FF69 Caldera (Harmony Dragon): "When this card readies, you may put a +1 power counter on a Dragon
    Friend" — readying in the Ready Phase (603.1) and by an effect."""
    st = stacked_game(game)
    cal = place(game, st, "FF69", 0, "home0", exhausted=True)
    scenario.ready(game, st, cal)
    assert st.triggers_waiting
    resolve_all(game, st)
    assert st.counters(cal).get("+1") == 1
    from gameplay.engine.mlp.flow import start_turn
    set_card(st, cal, exhausted=True)
    st.d["tp"] = 0
    start_turn(game.r, st.d, Ev(True))
    resolve_all(game, st)
    assert st.counters(cal).get("+1") == 2 and not st.exhausted(cal)


def test_event_looks_at_top_card_when_you_play_an_event(game, card_db):
    """CN65: "You pay [1] less to play Events." / "When you play an Event, look at the top card of your
    deck. You may put that card on the bottom of your deck"."""
    st = stacked_game(game)
    place(game, st, "CN65", 0, "home0")
    assert game.card_cost(st, 0, to_hand(game, st, "PR114", 0)) == 0
    place(game, st, "PR36", 0, "home0")
    st = play_event(game, st, "PR114")  # draw 3 cards
    settle(game, st)
    assert st.pending["kind"] == "look" and st.pending["player"] == 0  # private: top or bottom
    topc = st.deck(0)[0]
    answer(game, st, 0, "bottom")
    resolve_all(game, st)
    assert st.deck(0)[-1] == topc and topc not in st.hand(0)


# ------------------------------------------------------------------ confront reductions (611.2, 611.3)
def test_you_need_less_power_to_confront(game, card_db):
    """HM138 (Problem): "While there are no opposing characters here, you need -2 power to confront this
    Problem"; the reduction is spread over the requirements, characters are still needed (611.3)."""
    st = stacked_game(game)
    set_problem(game, st, 0, "HM138")
    reqs = game.requirements(st, 0, "prob0")
    assert ("Less", 2) in reqs
    assert [r for r in reqs if r[0] != "Less"] == [("Generosity", 4), ("Wild", 4)]
    assert not game.can_confront(st, 0, "prob0")  # no character there
    place(game, st, "PR79", 0, "prob0")  # Generosity 2
    place(game, st, "PR33", 0, "prob0")  # Honesty 2
    place(game, st, "PR20", 0, "prob0")  # Loyalty 1: 5 power in all, 8 - 2 = 6 needed
    assert not game.meets_requirements(st, 0, "prob0")
    place(game, st, "PR76", 0, "prob0")  # Generosity 1: the 2 less are taken off Generosity 1 and Wild 1
    assert game.meets_requirements(st, 0, "prob0")
    st2 = stacked_game(game)
    set_problem(game, st2, 0, "HM138")
    st2.d["pl"][1]["score"] = 0
    place(game, st2, "PR12", 1, "prob0")  # an opposing character here: no reduction
    assert ("Less", 2) not in game.requirements(st2, 0, "prob0")
    assert ("Less", 2) not in game.requirements(st2, 1, "prob0")  # "you": the Problem's owner only


def test_you_need_less_power_exact_counts(game, card_db):
    """LL129: "You need -2 power to confront opposing Problems"; EO156: "You need -2 power to confront
    that Friend's Problem"; LL134: "-1 power ... for each card type among cards in your discard pile"."""
    st = stacked_game(game)
    set_problem(game, st, 1, "PR165")  # Bob's: Ann needs its opponent (Wild) number
    wild = game.requirements(st, 0, "prob1")
    assert len(wild) == 1 and wild[0][0] == "Wild"
    n = wild[0][1]
    while sum(pw(game, st, c) for c in game.characters_at(st, "prob1", 0)) < n - 2:
        place(game, st, "PR20", 0, "prob1")  # 1 power each
    assert not game.meets_requirements(st, 0, "prob1")
    caravan = set_problem(game, st, 0, "LL129")  # Ann's Problem: "You need -2 power to confront opposing Problems"
    assert game.meets_requirements(st, 0, "prob1")
    assert ("Less", 2) not in game.requirements(st, 0, "prob0")  # not her own Problem
    assert ("Less", 2) not in game.requirements(st, 1, "prob0")  # not for Bob
    set_card(st, caravan, card_key=card_db.key("PR168"))
    assert not game.meets_requirements(st, 0, "prob1")
    f = game.characters_at(st, "prob1", 0)[0]
    place(game, st, "EO156", 0, "prob1", host=f)  # Local Fashion on one of Ann's Friends there
    assert game.meets_requirements(st, 0, "prob1")
    st = stacked_game(game)
    camp = set_problem(game, st, 0, "LL134")
    assert not any(k == "Less" for k, _ in game.requirements(st, 0, "prob0"))
    for num in ("PR12", "PR12", "PR114"):  # a Friend and an Event: 2 card types
        to_discard(game, st, num, 0)
    assert ("Less", 2) in game.requirements(st, 0, "prob0") and camp


# ------------------------------------------------------------------ more continuous abilities
def test_problem_faceoff_mane_power(game, card_db):
    """CN168: "While involved in a Problem faceoff, this card's owner's Mane Character has +2 power";
    AD170: "... opposing boosted Mane Characters here have -2 power" (514.2, 514.4a)."""
    st = stacked_game(game)
    set_problem(game, st, 0, "CN168")
    m0, m1 = st.mane(0), st.mane(1)
    base0 = pw(game, st, m0)
    set_card(st, m0, area="prob1")
    assert pw(game, st, m0) == base0  # no faceoff
    start_faceoff(game, st, "problem", ["prob1"], 0, None)
    assert pw(game, st, m0) == base0 + 2 and game.involved_in_faceoff(st, m0)
    st = stacked_game(game)
    set_problem(game, st, 0, "AD170")
    set_card(st, m1, area="prob0")
    base1 = pw(game, st, m1)
    start_faceoff(game, st, "problem", ["prob0"], 1, None)
    assert pw(game, st, m1) == base1  # not boosted
    set_card(st, m1, boosted=True)
    boosted = game.face(st, m1).power
    assert pw(game, st, m1) == boosted - 2


def test_no_draws_during_the_main_phase_with_four_cards(game, card_db):
    """EO173 (Troublemaker): "While a player has at least 4 cards in their hand, that player can't draw
    cards during the Main Phase" (410.4)."""
    st = stacked_game(game)
    tm = place(game, st, "EO173", 1, "prob1", face_down=True)
    assert len(st.hand(0)) >= 4
    set_tokens(st, 0, 3)
    assert legal(game, st, "draw")  # face-down: no abilities (505.1a)
    set_card(st, tm, face_down=False)
    st._la = None
    assert not legal(game, st, "draw") and draw_cards(game, st, 0) == 0
    while len(st.hand(0)) > 3:
        st.d["pl"][0]["hand"].pop()
    st._la = None
    assert legal(game, st, "draw") and draw_cards(game, st, 0) == 1
    assert draw_cards(game, st, 0) == 0  # now 4 cards
    st.d["step"] = "confront"  # not the Main Phase
    assert draw_cards(game, st, 0) == 1


def test_critter_trait_during_score_phase_and_points_condition(game, card_db):
    """PR207: "While this card is at a Problem, your other Friends at that Problem get the Critter trait
    during any Score Phase"; NM16: "While you have at least 8 points, opposing Troublemakers here lose
    and can't have abilities"."""
    st = stacked_game(game)
    place(game, st, "PR207", 0, "prob1")
    f, home = place(game, st, "PR12", 0, "prob1"), place(game, st, "PR33", 0, "home0")
    theirs = place(game, st, "PR60", 1, "prob1")
    assert "Critter" not in game.traits(st, f)
    st.d["step"] = "confront"
    assert "Critter" in game.traits(st, f) and "Critter" not in game.traits(st, home)
    assert "Critter" not in game.traits(st, theirs)
    st = stacked_game(game)
    set_problem(game, st, 0, "NM16")
    tm = place(game, st, "EO173", 1, "prob0")
    assert not game.lost_abilities(st, tm)
    st.d["pl"][0]["score"] = 8
    assert game.lost_abilities(st, tm)


def test_attachments_with_several_abilities(game, card_db):
    """CG131 "That Friend has +1 Power, is also [Generosity], and loses and can't gain abilities"; CG134
    "That Friend has [Laughter] and +1 power for each of your other [Laughter] Friends here"; SB114
    Petrified: loses abilities, can't move, can't be frightened, can't contribute its power."""
    st = stacked_game(game)
    f = place(game, st, "CN32", 0, "home0")  # Honesty, with abilities
    place(game, st, "CG131", 1, "home0", host=f)
    assert pw(game, st, f) == 3 + 1 and set(game.colors(st, f)) == {"Honesty", "Generosity"}
    assert game.lost_abilities(st, f)
    g = place(game, st, "PR12", 0, "prob0")
    place(game, st, "CG134", 0, "prob0", host=g)
    assert pw(game, st, g) == 2 and "Laughter" in game.colors(st, g)
    place(game, st, "PR36", 0, "prob0")  # another Laughter Friend here
    place(game, st, "PR36", 0, "home0")  # not here
    place(game, st, "PR36", 1, "prob0")  # not yours
    assert pw(game, st, g) == 3
    h = place(game, st, "PR31", 0, "prob1")
    place(game, st, "SB114", 1, "prob1", host=h)
    assert game.move_blocked(st, 0, h, "prob1", "home0") and not frighten(game, st, h)
    assert game.cannot_contribute(st, h, "confront") and game.cannot_contribute(st, h, "faceoff")


def test_resource_instructions_on_entering_play(game, card_db):
    """EO165: "Play on a Friend. If that Friend is not yours, you may exhaust it."; EO161: "... If that
    Friend is yours, you may move it."; CG137: "Exhaust that Friend. That Friend does not ready during the
    Ready Phase." (603.1)."""
    st = stacked_game(game)
    mine, theirs = place(game, st, "PR12", 0, "home0"), place(game, st, "PR33", 1, "prob1")
    on_mine = place(game, st, "EO165", 0, "home0", host=mine)
    scenario.trigger(game, st, "enter", on_mine)
    settle(game, st)
    assert not st.pending and not st.exhausted(mine)  # yours: nothing
    on_theirs = place(game, st, "EO165", 0, "prob1", host=theirs)
    scenario.trigger(game, st, "enter", on_theirs)
    settle(game, st)
    assert st.pending["kind"] == "may" and st.pending["player"] == 0
    answer(game, st, 0, True)
    settle(game, st)
    assert st.exhausted(theirs)
    st = stacked_game(game)
    mine = place(game, st, "PR12", 0, "home0")
    place(game, st, "EO161", 0, "home0", host=mine)
    scenario.trigger(game, st, "enter", next(o for o in st.cards_in_play if st.host(o) == mine))
    settle(game, st)
    answer(game, st, 0, True)
    settle(game, st)
    answer(game, st, 0, "prob1")
    resolve_all(game, st)
    assert st.area(mine) == "prob1"
    st = stacked_game(game)
    f = place(game, st, "PR12", 1, "home1")
    ooa = place(game, st, "CG137", 0, "home1", host=f)
    scenario.trigger(game, st, "enter", ooa)
    resolve_all(game, st)
    assert st.exhausted(f)
    from gameplay.engine.mlp.flow import start_turn
    st.d["tp"] = 1
    start_turn(game.r, st.d, Ev(True))
    assert st.exhausted(f)  # not during the Ready Phase
    assert scenario.ready(game, st, f)  # an effect may still ready it


# ------------------------------------------------------------------ optional replacement modifiers (710, 712.3)
def test_frighten_replaced_by_exhausting(game, card_db):
    """CN29: "If this card would be frightened, you may exhaust it instead" — its controller decides as it
    would be frightened (712.3); declining lets it be frightened (710.3)."""
    st = stacked_game(game)
    cf = place(game, st, "CN29", 0, "prob0")
    assert frighten(game, st, cf) is False and not st.frightened(cf)
    settle(game, st)
    pend = st.pending
    assert pend["kind"] == "may" and pend["player"] == 0
    answer(game, st, 0, True)
    resolve_all(game, st)
    assert st.exhausted(cf) and not st.frightened(cf)
    frighten(game, st, cf)  # 710.4: replaced even though it can't be exhausted again
    settle(game, st)
    answer(game, st, 0, False)
    settle(game, st)
    assert st.frightened(cf)
    other = place(game, st, "PR12", 0, "prob0")
    assert frighten(game, st, other) and not st.resolving  # only "this card"


def test_frighten_replaced_by_banishing_from_discard_or_paying_to_dismiss(game, card_db):
    """HM19: "... you may banish a card from your discard pile instead"; HM65: "If a Friend would be
    frightened, you may pay [1] to dismiss it instead" (offered only when [1] can be paid)."""
    st = stacked_game(game)
    gs = place(game, st, "HM19", 0, "home0")
    d = to_discard(game, st, "PR12", 0)
    frighten(game, st, gs)
    settle(game, st)
    answer(game, st, 0, True)
    resolve_all(game, st)
    assert not st.frightened(gs) and d not in st.discard_pile(0) and len(st.banished(0)) == 1
    st = stacked_game(game)
    place(game, st, "HM65", 1, "home1")
    f = place(game, st, "PR12", 0, "prob0")
    set_tokens(st, 1, 0)
    assert frighten(game, st, f)  # Bob can't pay: not offered
    g = place(game, st, "PR33", 0, "prob0")
    set_tokens(st, 1, 2)
    frighten(game, st, g)
    settle(game, st)
    assert st.pending["player"] == 1
    answer(game, st, 1, True)
    resolve_all(game, st)
    assert not game.in_play(st, g) and st.tokens(1) == 1
    assert any(st.card_key(c) == card_db.key("PR33") for c in st.discard_pile(0))


def test_dismiss_replaced_by_retiring_this_card(game, card_db):
    """CG20: "If another of your Friends here would be dismissed, you may retire this card instead";
    AD142: "If another one of your Resources would be dismissed, you may retire this card instead"."""
    st = stacked_game(game)
    aj = place(game, st, "CG20", 0, "prob0")
    f, away = place(game, st, "PR12", 0, "prob0"), place(game, st, "PR33", 0, "prob1")
    assert leave_play(game, st, away, "disc") and not st.resolving  # not here
    assert leave_play(game, st, f, "disc", verb="retired") and not st.resolving  # retired: not dismissed
    g = place(game, st, "PR12", 0, "prob0")
    assert leave_play(game, st, g, "disc") is None and game.in_play(st, g)
    settle(game, st)
    answer(game, st, 0, True)
    resolve_all(game, st)
    assert game.in_play(st, g) and not game.in_play(st, aj)
    st = stacked_game(game)
    team = place(game, st, "AD142", 0, "home0")
    host = place(game, st, "PR12", 0, "home0")
    hat = place(game, st, "EO168", 0, "home0", host=host)
    leave_play(game, st, hat, "disc")
    settle(game, st)
    answer(game, st, 0, False)  # declined: it is dismissed
    resolve_all(game, st)
    assert not game.in_play(st, hat) and game.in_play(st, team)


def test_dismiss_replaced_by_hand_or_banish(game, card_db):
    """DE112 Heart of the Sea: "If that card would be dismissed, you may put it into its owner's hand
    instead"; LL77: "If an opposing Friend or Troublemaker would be dismissed, you may exhaust this card to
    banish that Friend or Troublemaker instead" (only while it can be exhausted)."""
    st = stacked_game(game)
    f = place(game, st, "PR12", 1, "prob1")
    place(game, st, "DE112", 1, "prob1", host=f)
    leave_play(game, st, f, "disc")
    settle(game, st)
    assert st.pending["player"] == 1
    answer(game, st, 1, True)
    resolve_all(game, st)
    assert not game.in_play(st, f) and any(st.card_key(c) == card_db.key("PR12") for c in st.hand(1))
    st = stacked_game(game)
    cad = place(game, st, "LL77", 0, "home0")
    opp = place(game, st, "PR12", 1, "prob1")
    leave_play(game, st, opp, "disc")
    settle(game, st)
    answer(game, st, 0, True)
    resolve_all(game, st)
    assert st.exhausted(cad) and any(st.card_key(c) == card_db.key("PR12") for c in st.banished(1))
    opp2 = place(game, st, "PR33", 1, "prob1")
    assert leave_play(game, st, opp2, "disc") and not st.resolving  # exhausted: not offered


def test_leave_play_replaced_by_exhausting_your_mane(game, card_db):
    """NM12 (Problem): "If one of your Friends would leave play, you may exhaust your Mane Character
    instead" (any way of leaving play, not the home-limit retirement)."""
    st = stacked_game(game)
    set_problem(game, st, 0, "NM12")
    f = place(game, st, "PR12", 0, "home0")
    leave_play(game, st, f, "hand", verb="returned to hand")
    settle(game, st)
    answer(game, st, 0, True)
    resolve_all(game, st)
    assert game.in_play(st, f) and st.exhausted(st.mane(0))
    theirs = place(game, st, "PR12", 1, "home1")
    assert leave_play(game, st, theirs, "disc") and not st.resolving  # not Ann's Friend


def test_cant_leave_play_cant_be_retired_and_most_power(game, card_db):
    """LL127: "While you have 4 or more Friends here, your Friends here can't leave play"; LL24: "While
    this card has 4 or more power, it can't be retired or dismissed except to home limit"; PR191: "While
    a player has more power at this Problem than any opponent, that player's Friends here can't be
    dismissed" (104.2; never against the game, 104.3)."""
    st = stacked_game(game)
    set_problem(game, st, 0, "LL127")
    fs = [place(game, st, "PR12", 0, "prob0") for _ in range(3)]
    assert leave_play(game, st, fs[0], "disc")
    fs = fs[1:] + [place(game, st, "PR12", 0, "prob0") for _ in range(2)]
    assert leave_play(game, st, fs[0], "ban", verb="banished") is None and game.in_play(st, fs[0])
    assert leave_play(game, st, fs[0], "disc", by_game=True)  # 104.3
    st = stacked_game(game)
    w = place(game, st, "LL24", 0, "home0")
    assert not game.prevented(st, w, "no_retire")
    add_power(game, st, w, 1, "turn")
    assert leave_play(game, st, w, "disc", verb="retired") is None
    assert leave_play(game, st, w, "disc") is None
    assert leave_play(game, st, w, "disc", verb="retired (616.3 home limit)")
    st = stacked_game(game)
    set_problem(game, st, 1, "PR191")
    a, b = place(game, st, "PR31", 0, "prob1"), place(game, st, "PR12", 1, "prob1")  # 4 against 2
    assert game.prevented(st, a, "no_dismiss") and not game.prevented(st, b, "no_dismiss")
    place(game, st, "PR12", 1, "prob1")
    assert not game.prevented(st, a, "no_dismiss")  # 4 against 4: nobody has more


# ------------------------------------------------------------------ moving, playing, names, sent home
def test_move_and_play_restrictions_with_conditions(game, card_db):
    """CG130 Dazzling Jacket: "While that Friend has power higher than any other Friend here, Friends
    can't be moved to this card's Problem"; CG69: "While an opponent's Mane Character is at home, that
    opponent can't move Friends to this card's Problem" (506); PR161: "While a player has at least 3
    [Kindness] Friends at this Problem, that player's opponent must pay +[1] to play a Friend here"."""
    st = stacked_game(game)
    big = place(game, st, "PR31", 1, "prob1")
    mover = place(game, st, "PR12", 0, "home0")
    assert not game.move_blocked(st, 0, mover, "home0", "prob1")
    place(game, st, "CG130", 1, "prob1", host=big)
    assert game.move_blocked(st, 0, mover, "home0", "prob1") and not game.move_blocked(st, 0, mover, "home0", "prob0")
    place(game, st, "PR31", 0, "prob1")  # as much power: no longer higher than any other Friend here
    assert not game.move_blocked(st, 0, mover, "home0", "prob1")
    st = stacked_game(game)
    place(game, st, "CG69", 1, "prob1")
    m0 = st.mane(0)
    assert st.area(m0) == "home0"
    assert game.move_blocked(st, 0, mover := place(game, st, "PR12", 0, "home0"), "home0", "prob1")
    assert not game.move_blocked(st, 1, place(game, st, "PR12", 1, "home1"), "home1", "prob1")  # not its controller
    set_card(st, m0, area="prob0")
    assert not game.move_blocked(st, 0, mover, "home0", "prob1")
    st = stacked_game(game)
    set_problem(game, st, 1, "PR161")
    f = to_hand(game, st, "PR12", 0)
    for _ in range(2):
        place(game, st, "PR81", 1, "prob1")  # Kindness
    assert game.card_cost(st, 0, f, area="prob1") == 2
    place(game, st, "PR81", 1, "prob1")
    assert game.card_cost(st, 0, f, area="prob1") == 3 and game.card_cost(st, 0, f, area="prob0") == 2
    assert game.card_cost(st, 1, to_hand(game, st, "PR12", 1), area="prob1") == 2


def test_problem_loses_abilities_and_contribution_limit(game, card_db):
    """CG73: "While this card has power higher than any other Friend here, this card's Problem loses and
    can't have abilities"; FF71 Mudbriar: "+1 power for each card type among cards in your discard pile"
    and "Opposing characters here can't contribute their power to confronting this card's Problem
    unless their power is greater than or equal to this card's power" (611.3a)."""
    st = stacked_game(game)
    pid = set_problem(game, st, 1, "PR191")
    place(game, st, "CG73", 0, "prob1")
    assert game.lost_abilities(st, pid) and game.abilities(st, pid) == ()
    place(game, st, "PR31", 1, "prob1")
    assert not game.lost_abilities(st, pid)
    st = stacked_game(game)
    mud = place(game, st, "FF71", 1, "prob1")
    base = pw(game, st, mud)
    to_discard(game, st, "PR12", 1)
    to_discard(game, st, "PR114", 1)
    assert pw(game, st, mud) == base + 2
    weak, strong = place(game, st, "PR12", 0, "prob1"), place(game, st, "PR31", 0, "prob1")
    assert pw(game, st, strong) >= pw(game, st, mud) > pw(game, st, weak)
    assert game.cannot_contribute(st, weak, "confront") and not game.cannot_contribute(st, strong, "confront")
    assert not game.cannot_contribute(st, place(game, st, "PR12", 1, "prob1"), "confront")  # not opposing


def test_accessories_on_this_card(game, card_db):
    """LL65: "You may pay [1] less to play Accessories on this card" / "Accessories on this card have
    Vexing"."""
    st = stacked_game(game)
    rd = place(game, st, "LL65", 0, "prob0")
    other = place(game, st, "PR12", 0, "prob0")
    hat = to_hand(game, st, "EO168", 0)  # an Accessory, cost 1
    assert game.card_cost(st, 0, hat, host=rd) == 0 and game.card_cost(st, 0, hat, host=other) == 1
    on = place(game, st, "FF110", 0, "prob0", host=rd)
    off = place(game, st, "FF110", 0, "prob0", host=other)
    assert game.keyword(st, on, "Vexing") == 1 and game.keyword(st, off, "Vexing") == 0


def test_mane_power_from_the_discard_pile_and_score_phase_host(game, card_db):
    """DE18: "While this card is in your discard pile, your Mane Character has +1 power" (701.3: it
    functions from the discard pile); CN151 The Twilicane: "During the Score Phase, if that Mane Character
    is at home, that opponent's Friends each have -1 power"."""
    st = stacked_game(game)
    m0, m1 = st.mane(0), st.mane(1)
    b0 = pw(game, st, m0)
    dd = place(game, st, "DE18", 0, "home0")
    assert pw(game, st, m0) == b0
    leave_play(game, st, dd, "disc")
    assert pw(game, st, m0) == b0 + 1 and pw(game, st, m1) == game.face(st, m1).power
    st = stacked_game(game)
    f1, f0 = place(game, st, "PR12", 1, "prob1"), place(game, st, "PR12", 0, "prob1")
    place(game, st, "CN151", 0, "home1", host=m1)
    assert pw(game, st, f1) == 2
    st.d["step"] = "confront"
    assert pw(game, st, f1) == 1 and pw(game, st, f0) == 2
    set_card(st, m1, area="prob1")
    assert pw(game, st, f1) == 2


def test_troublemaker_loses_abilities_during_your_troublemaker_phase(game, card_db):
    """CN149: "Play on an opponent's non-Epic Troublemaker." / "That Troublemaker loses and can't gain
    abilities during your Troublemaker Phase" (606)."""
    from gameplay.engine.mlp.cardtext import parse_line as pl_
    assert pl_("Play on an opponent's non-Epic Troublemaker.", "Resource", {})["host"] == {
        "type": "Troublemaker", "ctrl": "opp", "not_epic": True}
    st = stacked_game(game)
    tm = place(game, st, "EO173", 1, "prob0")
    epic = next(c.number for c in card_db.cards.values() if c.front.type == "Troublemaker" and c.front.epic)
    etm = place(game, st, epic, 1, "prob1")
    sel = {"type": "Troublemaker", "ctrl": "opp", "not_epic": True}
    assert game.matches(st, tm, sel, 0, None) and not game.matches(st, etm, sel, 0, None)
    place(game, st, "CN149", 0, "prob0", host=tm)
    assert not game.lost_abilities(st, tm)
    st.d["step"] = "tm_challenge"
    assert game.lost_abilities(st, tm)
    st.d["tp"] = 1
    assert not game.lost_abilities(st, tm)


def test_names_in_all_zones_and_any_number(game, card_db):
    """GF7: "This card is both a Maud Pie and a Pinkie Pie in all zones" (201.3); LL56: "+1 power for each
    of your other Friends named Pukwudgie, Prickly Pest" / "Your deck may contain any number of Friends
    named Pukwudgie, Prickly Pest" (101.2, 104.1)."""
    from gameplay.engine.mlp.deckbuild import validate_deck
    from gameplay.engine.mlp.effects.targeting import card_filter
    st = stacked_game(game)
    pie = place(game, st, "GF7", 0, "home0")
    assert game.has_title(st, pie, "Maud Pie") and game.has_title(st, pie, "Pinkie Pie")
    assert not game.has_title(st, pie, "Rarity")
    d = to_discard(game, st, "GF7", 0)
    assert card_filter(game.r, st.d, d, {"title": "Pinkie Pie"})
    pk = [place(game, st, "LL56", 0, "home0") for _ in range(3)]
    place(game, st, "LL56", 1, "home1")
    assert pw(game, st, pk[0]) == game.face(st, pk[0]).power + 2
    deck = ["LL56"] * 5 + ["PR12"] * 3 + ["PR33"] * 3 + [n for n in ("PR31", "PR60", "PR81", "PR20", "PR36", "PR79",
                                                                         "PR76", "PR54", "PR86", "PR44") for _ in range(3)]
    deck += ["PR12"] * 0 + ["PR71", "PR71", "PR71", "PR78", "PR78", "PR78", "EO52", "EO52", "EO52", "FF7"]
    errs = validate_deck(card_db, {"mane": "PR1", "deck": deck, "problems": ["PR190", "PR168", "PR164", "PR170", "PR177",
                                                                          "PR192", "PR190", "PR168", "PR164", "PR170"]})
    assert not [e for e in errs if "copies" in e], errs
    errs = validate_deck(card_db, {"mane": "PR1", "deck": ["PR12"] * 4 + deck[5:], "problems": ["PR190"] * 10})
    assert any("copies of" in e and "Emerald" in e for e in errs)


def test_cards_in_play_have_unique(game, card_db):
    """AD199: "Cards in play have Unique." (516.2: a second card of a name its controller controls is
    dismissed by the game, its controller choosing which)."""
    from gameplay.engine.mlp.flow.turn import _uniqueness
    st = stacked_game(game)
    a, b = place(game, st, "PR12", 0, "home0"), place(game, st, "PR12", 0, "prob0")
    place(game, st, "PR12", 1, "home1")
    assert not _uniqueness(game.r, st.d, Ev(True))
    place(game, st, "AD199", 1, "home1")
    assert "Unique" in game.traits(st, a)
    assert _uniqueness(game.r, st.d, Ev(True))
    assert st.pending["kind"] == "uniqueness" and sorted(st.pending["options"]) == sorted([a, b])


def test_sent_to_another_problem_instead_of_home(game, card_db):
    """FF49: "If this card would be sent home, it is sent to another Problem instead"; MT142: "If one of
    your Friends here with 1 printed power would be sent home, send it to another Problem instead"
    (710, 506.5)."""
    st = stacked_game(game)
    dm = place(game, st, "FF49", 0, "prob0")
    send_home(game, st, dm)
    assert st.area(dm) == "prob1"
    other = place(game, st, "PR12", 0, "prob1")
    send_home(game, st, other)
    assert st.area(other) == "home0"
    st = stacked_game(game)
    place(game, st, "MT142", 0, "prob1")
    one, two = place(game, st, "PR20", 0, "prob1"), place(game, st, "PR12", 0, "prob1")
    send_home(game, st, one)
    send_home(game, st, two)
    assert st.area(one) == "prob0" and st.area(two) == "home0"


def test_not_sent_home_from_a_solved_problem(game, card_db):
    """SB82: "If one or more of your Friends with 2 or less printed power would be sent home from a solved
    Problem, they aren't sent home instead"; HM75: "This card's Problem can't be replaced until it is
    solved" and "When this card's Problem is solved, if this card would be sent home, it isn't sent home
    instead" (613.2)."""
    st = stacked_game(game)
    place(game, st, "SB82", 0, "home0")
    small, big = place(game, st, "PR12", 0, "prob1"), place(game, st, "PR31", 0, "prob1")
    old = problem(st, game, 1)
    replace_problem(game, st, "prob1")
    assert st.area(small) == "prob1" and st.area(big) == "home0" and problem(st, game, 1) != old
    st = stacked_game(game)
    joe = place(game, st, "HM75", 0, "prob1")
    st.d["rq"].append({"p": 0, "src": joe, "eff": [{"op": "replace_problem"}], "i": 0, "ch": None, "lbl": "", "after": None})
    settle(game, st)
    assert not st.pending or st.pending["options"] == ["prob0"]  # not Joe's Problem
    resolve_all(game, st)
    assert st.area(joe) == "prob1"
    replace_problem(game, st, "prob1")  # solved
    assert st.area(joe) == "prob1"


def test_friend_additional_cost_retire_a_friend(game, card_db):
    """EO38: "As an additional cost to play this card, retire a Friend." (508: chosen as it is played; with
    no Friend to retire it can't be played, 508.1d)."""
    st = stacked_game(game)
    to_hand(game, st, "EO38", 0)
    place(game, st, "PR36", 0, "home0")  # Laughter 3 for the play requirement
    set_tokens(st, 0, 9)
    plays = [a for a in legal(game, st, "play") if st.card_key(a.get("card")) == card_db.key("EO38")]
    mine = [o for o in st.cards_in_play if st.controller(o) == 0 and game.card_type(st, o) == "Friend"]
    assert plays and {a.get("retire") for a in plays} == set(mine)
    victim = mine[0]
    a = next(x for x in plays if x.get("retire") == victim and x.get("area") == "home0")
    st, _ = game.apply(st, a)
    assert not game.in_play(st, victim) and any(st.card_key(o) == card_db.key("EO38") for o in st.cards_in_play)
    # with no Friend to retire, no play action is offered (508.1d)
    from gameplay.engine.mlp.flow.legal import _retire_cost_opts
    st = stacked_game(game)
    assert _retire_cost_opts(game.r, st.d, 0, card_db.key("EO38")) == []
    assert _retire_cost_opts(game.r, st.d, 0, card_db.key("PR12")) is None


def test_harmony_counted_effects_and_next_event_discount(game, card_db):
    """FF47 (Harmony Unicorn): "... give one of your Unicorn characters +1 power for each Event in your
    discard pile until the end of the turn"; FF91: "Give one of your Griffon characters Eccentric 1 for
    each card in your hand until the end of the turn" (counted as it resolves, 708.2b); FF38: "... you may
    pay [1] less for your next Event this turn to a minimum of [1]"; FF81: "When you confront this card's
    Problem, if you have 2 or more other Changeling characters here, score an additional point"."""
    st = stacked_game(game)
    sb = place(game, st, "FF47", 0, "home0")
    for n in ("PR114", "CN113", "PR12"):
        to_discard(game, st, n, 0)
    st.d["rq"].append({"p": 0, "src": sb, "eff": list(card_db.cards[card_db.key("FF47")].abilities["front"][0]["effects"]), "i": 0,
                       "ch": None, "lbl": "", "after": None})
    resolve_all(game, st)
    assert pw(game, st, sb) == game.face(st, sb).power + 2
    g = place(game, st, "FF7", 0, "prob0")
    hand = len(st.hand(0))
    ev_ = next(a for a in card_db.cards[card_db.key("FF91")].abilities["front"] if a["kind"] == "event")
    st.d["rq"].append({"p": 0, "src": g, "eff": [ev_["effects"][1]], "i": 0, "ch": None, "lbl": "", "after": None})
    resolve_all(game, st)
    assert game.keyword(st, g, "Eccentric") == hand
    st = stacked_game(game)
    place(game, st, "FF38", 0, "home0")
    e1, e3 = to_hand(game, st, "PR114", 0), to_hand(game, st, "CN124", 0)  # Events costing 1 and 3
    st.d["rq"].append({"p": 0, "src": None, "eff": [{"op": "cost_reduction", "n": 1, "type": "Event", "until": "turn",
                                                      "min": 1}], "i": 0, "ch": None, "lbl": "", "after": None})
    resolve_all(game, st)
    assert game.card_cost(st, 0, e1) == 1 and game.card_cost(st, 0, e3) == 2
    st = stacked_game(game)
    t = place(game, st, "FF81", 0, "prob1")
    place(game, st, "DE53", 0, "prob1")
    score = st.score(0)
    scenario.trigger(game, st, "confront", t)
    resolve_all(game, st)
    assert st.score(0) == score  # one other Changeling
    place(game, st, "FF40", 0, "prob1")
    scenario.trigger(game, st, "confront", t)
    resolve_all(game, st)
    assert st.score(0) == score + 1


def test_mane_turns_over_while_pegasus_friends_are_there(game, card_db):
    """CN1 Rainbow Dash (Mane): "Any Phase: While there are at least 2 Pegasus Friends at this card's
    Problem, you may turn this card over." (an activated ability without a cost; its condition is
    checked as it is activated)."""
    st = stacked_game(game, manes=("CN1", "PR2"))
    mane = st.mane(0)
    set_card(st, mane, area="prob1")

    def turn_acts():
        st._la = None
        return [a for a in legal(game, st, "activate") if a.get("card") == mane]
    place(game, st, "AD55", 0, "prob1")
    place(game, st, "CN15", 0, "prob0")  # not at its Problem
    place(game, st, "CN15", 1, "prob1")  # an opponent's Pegasus Friend there counts ("there are")
    assert turn_acts()
    st2 = stacked_game(game, manes=("CN1", "PR2"))
    set_card(st2, st2.mane(0), area="prob1")
    place(game, st2, "AD55", 0, "prob1")
    st2._la = None
    assert not [a for a in legal(game, st2, "activate") if a.get("card") == st2.mane(0)]
    st, _ = game.apply(st, turn_acts()[0])
    resolve_all(game, st)
    assert st.boosted(st.mane(0))


def test_enters_play_with_counters_and_removes_one_each_turn(game, card_db):
    """DE88 Flim & Flam: "This card enters play with 3 +1 power counters on it." (519: on it as it enters,
    not a trigger) / "At the start of your turn, remove a +1 power counter from this card"."""
    st = stacked_game(game)
    ff = place(game, st, "DE88", 0, "home0")
    assert st.counters(ff).get("+1") == 3 and pw(game, st, ff) == game.face(st, ff).power + 3
    from gameplay.engine.mlp.flow import start_turn
    for left in (2, 1, 0, 0):
        st.d["tp"] = 0
        start_turn(game.r, st.d, Ev(True))
        st.d["step"] = "draw"  # (past the window at the start of the Draw Step, 601.2a)
        game.r.step(st.d, Ev(True))
        resolve_all(game, st)
        assert st.counters(ff).get("+1", 0) == left


def test_move_a_friend_with_a_friendship_counter_along(game, card_db):
    """HM67 Lyra & Bon Bon: "This card is both a Lyra and a Bon Bon in all zones." / "When you move this
    card to a Problem, you may move one of your Friends with a Friendship counter to the same Problem"."""
    st = stacked_game(game)
    lb = place(game, st, "HM67", 0, "home0")
    assert game.has_title(st, lb, "Lyra") and game.has_title(st, lb, "Bon Bon")
    friend, plain = place(game, st, "PR12", 0, "home0"), place(game, st, "PR33", 0, "home0")
    st.d["cards"][friend]["cn"]["Friendship"] = 1
    move_card(game, st, lb, "prob1")
    settle(game, st)
    answer(game, st, 0, True)
    resolve_all(game, st)
    assert st.area(friend) == "prob1" and st.area(plain) == "home0"


def test_public_face_down_troublemakers_and_revealed_deck_top(game, card_db):
    """CG176: "Players may look at face-down Troublemakers here" (505.1d otherwise hides them); CN197:
    "Play with the top card of your deck revealed" / "This card's power is equal to the printed power of
    the top card of your deck" (both players see that card, 404.1)."""
    from gameplay.engine.mlp.selfplay import hidden_check
    st = stacked_game(game)
    tm = place(game, st, "EO173", 1, "prob0", face_down=True)
    tm2 = place(game, st, "EO173", 1, "prob1", face_down=True)

    def seen(viewer, cid):
        v = game.view(st, viewer)
        return next(c for cards in v["areas"].values() for c in cards if c["id"] == cid)
    assert "key" not in seen(0, tm)
    set_problem(game, st, 0, "CG176")
    assert "key" in seen(0, tm) and "key" in seen("spectator", tm) and "key" not in seen(0, tm2)
    hidden_check(game, st)
    top(game, st, 0, "PR31")  # printed power 4
    ts = place(game, st, "CN197", 0, "home0")
    assert pw(game, st, ts) == 4
    for viewer in (0, 1, "spectator"):
        assert game.view(st, viewer)["players"][0]["deck_top"]["number"] == "PR31"
    assert "deck_top" not in game.view(st, 0)["players"][1]
    hidden_check(game, st)
    top(game, st, 0, "PR20")
    assert pw(game, st, ts) == 1


def test_harmony_event_paragraphs_instead_and_that_friends_cost(game, card_db):
    """FF101: "Put an opposing Friend with 2 or less power into its owner's hand." / "Harmony Pegasus: If
    you have a Pegasus character, put an opposing Friend into its owner's hand instead." (one or the
    other); FF87: "Put an opposing Friend on top of its owner's deck." / "Harmony Unicorn: If that
    Friend's cost is less than or equal to the number of Unicorn characters you have, gain [1]"."""
    effs = next(a for a in card_db.cards[card_db.key("FF101")].abilities["front"] if a["kind"] == "event")["effects"]
    st = stacked_game(game, manes=("PR2", "PR2"))  # (PR1 Rainbow Dash is a Pegasus)
    assert "Pegasus" not in game.traits(st, st.mane(0))
    big = place(game, st, "PR31", 1, "prob1")
    st.d["rq"].append({"p": 0, "src": None, "eff": list(effs), "i": 0, "ch": None, "lbl": "", "after": None})
    resolve_all(game, st)
    assert game.in_play(st, big)  # no Pegasus: only 2 or less power
    place(game, st, "AD55", 0, "home0")  # a Pegasus
    st.d["rq"].append({"p": 0, "src": None, "eff": list(effs), "i": 0, "ch": None, "lbl": "", "after": None})
    resolve_all(game, st)
    assert not game.in_play(st, big)
    effs = next(a for a in card_db.cards[card_db.key("FF87")].abilities["front"] if a["kind"] == "event")["effects"]
    st = stacked_game(game)
    place(game, st, "PR31", 1, "prob1")  # cost 4
    place(game, st, "LL39", 0, "home0")  # one Unicorn
    tok = st.tokens(0)
    st.d["rq"].append({"p": 0, "src": None, "eff": list(effs), "i": 0, "ch": None, "lbl": "", "after": None})
    resolve_all(game, st)
    assert st.tokens(0) == tok
    place(game, st, "PR20", 1, "prob1")  # cost 1
    st.d["rq"].append({"p": 0, "src": None, "eff": list(effs), "i": 0, "ch": None, "lbl": "", "after": None})
    resolve_all(game, st)
    assert st.tokens(0) == tok + 1 and st.card_key(st.deck(1)[0]) == card_db.key("PR20")


def test_cant_be_removed_or_moved_by_opponents(game, card_db):
    """CG25 Maud Pie: "This card can't be dismissed, moved, or put into its owner's hand from play by
    opponents" (104.2; its controller still can, and the game, 104.3)."""
    st = stacked_game(game)
    maud = place(game, st, "CG25", 0, "prob0")
    assert game.move_blocked(st, 1, maud, "prob0", "prob1") and not game.move_blocked(st, 0, maud, "prob0", "prob1")
    st.d["rq"].append({"p": 1, "src": None, "eff": [{"op": "dismiss", "target": {"id": maud}},
                                                    {"op": "to_hand", "target": {"id": maud}}], "i": 0, "ch": None,
                       "lbl": "", "after": None})
    resolve_all(game, st)
    assert game.in_play(st, maud)
    st.d["rq"].append({"p": 0, "src": None, "eff": [{"op": "to_hand", "target": {"id": maud}}], "i": 0, "ch": None,
                       "lbl": "", "after": None})
    resolve_all(game, st)
    assert not game.in_play(st, maud)


def test_choose_up_to_two_colors(game, card_db):
    """FF83 Sclerite: "As this card enters play, choose up to two colors. This card has those colors."
    (one color at a time; "done" stops after none or one)."""
    st = stacked_game(game)
    sc = place(game, st, "FF83", 0, "home0")
    assert game.colors(st, sc) == ()
    scenario.trigger(game, st, "enter", sc)
    settle(game, st)
    assert "done" in st.pending["options"] and len(st.pending["options"]) == 7
    answer(game, st, 0, "Magic")
    settle(game, st)
    assert "Magic" not in st.pending["options"]
    answer(game, st, 0, "Kindness")
    settle(game, st)
    assert not st.pending and set(game.colors(st, sc)) == {"Magic", "Kindness"}
    sc2 = place(game, st, "FF83", 0, "home0")
    scenario.trigger(game, st, "enter", sc2)
    settle(game, st)
    answer(game, st, 0, "Loyalty")
    settle(game, st)
    answer(game, st, 0, "done")
    settle(game, st)
    assert game.colors(st, sc2) == ("Loyalty",)


def test_revealed_friends_colors(game, card_db):
    """LL84 Sunny Skies: "As this card enters play, you may reveal a Friend in your hand. This card is the
    revealed Friend's colors." (printed colors; "none" reveals nothing)."""
    st = stacked_game(game)
    ss = place(game, st, "LL84", 0, "home0")
    f = to_hand(game, st, "HM65", 0)  # Loyalty and Laughter
    scenario.trigger(game, st, "enter", ss)
    settle(game, st)
    pend = st.pending
    assert pend["player"] == 0 and f in pend["options"] and "none" in pend["options"]
    assert all(game.card(st, o).front.type == "Friend" for o in pend["options"] if o != "none")
    answer(game, st, 0, f)
    settle(game, st)
    assert set(game.colors(st, ss)) == {"Loyalty", "Laughter"} and f in st.hand(0)


def test_first_player_to_play_a_friend_here(game, card_db):
    """PR196 Wrapping Up Winter: "The first player to play a Friend to this Problem gains [2]." (705.2g:
    played, "that player" gains; only the first time for this Problem)."""
    st = stacked_game(game)
    set_problem(game, st, 1, "PR196")
    f = to_hand(game, st, "PR20", 1)
    set_card(st, place(game, st, "PR12", 0, "prob1"), exhausted=False)  # put into play, not played: no trigger
    resolve_all(game, st)
    set_tokens(st, 0, 5)
    g = to_hand(game, st, "PR20", 0)
    st, _ = game.apply(st, Action.make("play", 0, card=g, area="prob1"))
    resolve_all(game, st)
    assert st.tokens(0) == 5 - 1 + 2
    h = to_hand(game, st, "PR20", 0)
    st, _ = game.apply(st, Action.make("play", 0, card=h, area="prob1"))
    resolve_all(game, st)
    assert st.tokens(0) == 6 - 1 and f in st.hand(1)
