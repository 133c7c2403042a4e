"""Issue #19: Leaders and Legends (LL) cards automated by per-card definitions (mlp/cards/leaders_and_legends.py),
each played in a scenario through the public API (MLPGame queries, State accessors, scenario helpers)."""
from __future__ import annotations

from gameplay.engine.mlp.scenario import (act, add_power, answer, automated, end_durations, end_faceoff, enter_play,
                                          every_ending, flip_for_faceoff, frighten, leave_play, move_card, pass_until,
                                          place, play_effects, put_in_zone, resolve_faceoff, resolve_to_decision,
                                          set_card, set_tokens, stacked_game, start_faceoff, take_action, to_hand,
                                          trigger, trigger_all)

HAND = ["PR12"] * 6  # the opening hand (stacked decks: the first six cards)


def _enters(game, st, number, player, area):
    """A card from the hand enters play (its "When this card enters play" trigger fires, 706.1)."""
    cid = enter_play(game, st, to_hand(game, st, number, player), area, player)
    resolve_to_decision(game, st)
    return cid


# ------------------------------------------------------------------ LL74 Sunburst, Card Tricks
def test_sunburst_reveals_five_puts_an_event_into_the_hand_and_the_rest_on_the_bottom_in_any_order(game, card_db):
    """LL74: "you may reveal the top 5 cards of your deck. Put an Event revealed this way into your hand and the rest
    of the cards on the bottom of your deck in any order" (a public reveal, 518.1; every order of the rest can be
    reached, 705.2f)."""
    assert automated(card_db, "LL74")
    deck = HAND + ["PR60", "PR100", "PR81", "PR101", "PR20", "PR36", "PR79"]
    st = stacked_game(game, decks=(deck, None))
    top5 = list(st.deck(0)[:5])
    names = [game.card_name(st, c) for c in top5]
    assert sum(game.card_type(st, c) == "Event" for c in top5) == 2, names
    _enters(game, st, "LL74", 0, "home0")
    assert st.pending["kind"] == "may" and st.pending["player"] == 0
    answer(game, st, 0, True)
    resolve_to_decision(game, st)
    pend = st.pending  # two Events revealed: the player picks one (no "none": the Event is not optional)
    assert pend["kind"] == "target" and set(pend["options"]) == {c for c in top5 if game.card_type(st, c) == "Event"}
    ev_card = pend["options"][0]
    answer(game, st, 0, ev_card)
    resolve_to_decision(game, st)
    rest = [c for c in top5 if c != ev_card]
    key = st.card_key(ev_card)

    def outcome(d):  # the Event's card in the hand (a new id, 410.6), the deck's bottom four
        return (sum(d["cards"][c]["k"] == key for c in d["pl"][0]["hand"]), *d["pl"][0]["deck"][-4:])
    ends = every_ending(game, st, outcome)
    assert len(ends) == 24  # 4! orders of the rest on the bottom, each reachable
    assert all(e[0] == 1 and set(e[1:]) == set(rest) for e in ends)


def test_sunburst_may_decline_and_reveals_nothing(game, card_db):
    st = stacked_game(game, decks=(HAND + ["PR60", "PR100", "PR81", "PR101", "PR20"], None))
    before = list(st.deck(0))
    _enters(game, st, "LL74", 0, "home0")
    answer(game, st, 0, False)
    resolve_to_decision(game, st)
    assert list(st.deck(0)) == before and not st.pending


# ------------------------------------------------------------------ LL79 Swanifying Committee, Exacting Standards
def test_swanifying_committee_delay_counters_tax_the_opponents_moves_until_the_end_of_their_turn(game, card_db):
    """LL79: "When you move an opposing character, put a Delay counter on it" (519; a move by the opponent puts
    none: "you", issue #19 class 1); "Opponent's can't move their characters with Delay counters on them unless they
    pay [1]" (609.2b: 2 + 1); "At the end of your opponent's turn, remove all Delay counters from opposing
    characters"."""
    assert automated(card_db, "LL79")
    st = stacked_game(game)
    place(game, st, "LL79", 0, "home0")
    a = place(game, st, "PR12", 1, "home1")
    b = place(game, st, "PR12", 1, "home1")
    mine = place(game, st, "PR12", 0, "home0")
    assert game.move_cost(st, 1, a, "prob1") == game.move_cost(st, 1, b, "prob1")
    base = game.move_cost(st, 1, b, "prob1")
    move_card(game, st, a, "prob0", by=0)  # Ann moves Bob's character
    resolve_to_decision(game, st)
    assert st.counters(a).get("Delay") == 1
    move_card(game, st, b, "prob1", by=1)  # Bob moves his own: no counter
    move_card(game, st, mine, "prob0", by=0)  # Ann moves her own: no counter
    resolve_to_decision(game, st)
    assert not st.counters(b).get("Delay") and not st.counters(mine).get("Delay")
    assert game.move_cost(st, 1, a, "home1") == base + 1 and game.move_cost(st, 1, b, "home1") == base
    assert game.move_cost(st, 0, mine, "home0") == base  # Ann's moves are not taxed
    trigger_all(game, st, "opp_turn_end", players=[0])  # the end of Bob's turn: Ann's card clears the counters
    resolve_to_decision(game, st)
    assert not st.counters(a).get("Delay") and game.move_cost(st, 1, a, "home1") == base


# ------------------------------------------------------------------ LL109 Harvest Schedule
def _fatigue(st, cid) -> int:
    return st.counters(cid).get("Fatigue", 0)


def test_harvest_schedule_one_fatigue_counter_per_exhausting_then_the_opponent_retires_an_exhausted_friend(game, card_db):
    """LL109: "When you exhaust one or more opposing characters, put a Fatigue counter on this card" (one event, one
    counter; not when the opponent exhausts their own: "you"); "At the end of your opponent's turn, if this card has 3
    or more Fatigue counters on it, your opponent retires an exhausted Friend" (the opponent chooses which)."""
    assert automated(card_db, "LL109")
    st = stacked_game(game)
    hs = place(game, st, "LL109", 0, "home0")
    src = place(game, st, "PR12", 0, "home0")
    a, b, c = (place(game, st, "PR12", 1, "home1") for _ in range(3))
    play_effects(game, st, 0, src, [{"op": "exhaust", "target": {"type": "character", "ctrl": "opp", "at": "home",
                                                                    "each": True}}])
    resolve_to_decision(game, st)
    assert all(st.exhausted(x) for x in (a, b, c)) and _fatigue(st, hs) == 1  # three exhausted together: one
    for x in (a, b, c):
        set_card(st, x, exhausted=False)
    play_effects(game, st, 1, a, [{"op": "exhaust", "target": {"id": b}}])  # Bob exhausts his own: none
    resolve_to_decision(game, st)
    assert st.exhausted(b) and _fatigue(st, hs) == 1
    trigger_all(game, st, "opp_turn_end", players=[0])  # fewer than 3 counters: nothing retired
    resolve_to_decision(game, st)
    assert all(game.in_play(st, x) for x in (a, b, c))
    for x in (a, c):
        play_effects(game, st, 0, src, [{"op": "exhaust", "target": {"id": x}}])
        resolve_to_decision(game, st)
    assert _fatigue(st, hs) == 3
    trigger_all(game, st, "opp_turn_end", players=[0])
    resolve_to_decision(game, st)
    pend = st.pending  # Bob chooses one of his exhausted Friends
    assert pend["kind"] == "target" and pend["player"] == 1 and set(pend["options"]) == {a, b, c}
    answer(game, st, 1, b)
    resolve_to_decision(game, st)
    assert not game.in_play(st, b) and game.in_play(st, a) and game.in_play(st, c)


# ------------------------------------------------------------------ LL71 Sludge, High Maintenance
def test_sludge_contributes_to_confronting_only_with_three_or_fewer_cards_in_hand(game, card_db):
    """LL71: "This card can't contribute its power towards confronting Problems unless you have 3 or fewer cards in
    your hand" (611.3: a confront requirement is met by the power of the characters that contribute)."""
    assert automated(card_db, "LL71")
    st = stacked_game(game)
    assert game.requirements(st, 0, "prob1") == [("Wild", 4)]
    place(game, st, "LL71", 0, "prob1")  # 3 power
    place(game, st, "PR54", 0, "prob1")  # 1 power
    assert len(st.hand(0)) == 6 and not game.meets_requirements(st, 0, "prob1")
    while len(st.hand(0)) > 4:
        put_in_zone(game, st, st.hand(0)[0], "disc")
    assert not game.meets_requirements(st, 0, "prob1")  # 4 cards
    put_in_zone(game, st, st.hand(0)[0], "disc")
    assert game.meets_requirements(st, 0, "prob1")  # 3 cards


def test_sludge_at_the_start_of_your_score_phase_discard_a_card_or_retire_it(game, card_db):
    """LL71: "At the start of your Score Phase, you may discard a card. If you don't, retire this Friend" (712.3: the
    controller decides; with an empty hand nothing can be discarded, so it is retired)."""
    for discard in (True, False):
        st = stacked_game(game)
        sludge = place(game, st, "LL71", 0, "home0")
        trigger(game, st, "score_start", sludge)
        resolve_to_decision(game, st)
        assert st.pending["kind"] == "may" and st.pending["player"] == 0
        answer(game, st, 0, discard)
        resolve_to_decision(game, st)
        if st.pending:  # which card to discard
            answer(game, st, 0, st.pending["options"][0])
            resolve_to_decision(game, st)
        assert (len(st.hand(0)), len(st.discard_pile(0))) == ((5, 1) if discard else (6, 1))
        assert game.in_play(st, sludge) == discard
    st = stacked_game(game)
    sludge = place(game, st, "LL71", 0, "home0")
    while st.hand(0):
        put_in_zone(game, st, st.hand(0)[0], "deck")
    trigger(game, st, "score_start", sludge)
    resolve_to_decision(game, st)
    assert not st.pending and not game.in_play(st, sludge)


# ------------------------------------------------------------------ LL14 Spearhead, Paint It Black
def test_spearhead_puts_an_art_counter_on_an_opposing_resource_which_loses_its_abilities(game, card_db):
    """LL14: "When this card enters play, put an Art counter on an opposing Resource" (519; its controller chooses
    among several, 705.2f); "Resources with Art counters on them lose and can't have abilities" (708): EO164's "That
    Friend has +2 power" stops while the counter is there."""
    assert automated(card_db, "LL14")
    st = stacked_game(game)
    f = place(game, st, "PR12", 1, "home1")  # 2 power
    g = place(game, st, "PR12", 1, "home1")
    r1 = place(game, st, "EO164", 1, "home1", host=f)
    r2 = place(game, st, "EO164", 1, "home1", host=g)
    mine = place(game, st, "EO164", 0, "home0", host=place(game, st, "PR12", 0, "home0"))
    assert game.power(st, f) == game.power(st, g) == 4
    _enters(game, st, "LL14", 0, "home0")
    pend = st.pending
    assert pend["kind"] == "target" and pend["player"] == 0 and set(pend["options"]) == {r1, r2}  # not Ann's own
    answer(game, st, 0, r1)
    resolve_to_decision(game, st)
    assert st.counters(r1).get("Art") == 1 and not st.counters(r2).get("Art") and not st.counters(mine).get("Art")
    assert (game.power(st, f), game.power(st, g)) == (2, 4)
    assert game.lost_abilities(st, r1) and not game.lost_abilities(st, r2)


# ------------------------------------------------------------------ LL35 Moondancer, Academic Professional
def test_moondancer_has_power_for_each_opposing_character_at_other_locations(game, card_db):
    """LL35 (0 power): "This card has +1 power for each opposing character at other locations" (a home or a Problem
    other than this card's; the opposing Mane Character is a character too)."""
    assert automated(card_db, "LL35")
    st = stacked_game(game)
    md = place(game, st, "LL35", 0, "prob0")
    assert game.power(st, md) == 1  # Bob's Mane Character at his home
    place(game, st, "PR12", 1, "prob0")  # here: not counted
    place(game, st, "PR12", 1, "prob1")
    place(game, st, "PR12", 0, "prob1")  # Ann's own: not counted
    assert game.power(st, md) == 2
    move_card(game, st, md, "home0", by=0)
    assert game.power(st, md) == 3


def test_flipped_moondancer_has_the_highest_power_among_opposing_involved_cards(game, card_db):
    """LL35: "Chaos: While this card is flipped, it has power equal to the highest power among opposing cards involved
    in the faceoff" (515, 514.2d: Bob's 4-power Friend; his 2-power Friend and his uninvolved cards don't count)."""
    st = stacked_game(game, decks=(HAND + ["LL35"], HAND + ["PR54"]))
    place(game, st, "PR12", 0, "prob0")  # 2
    place(game, st, "PR31", 1, "prob0")  # 4
    place(game, st, "PR12", 1, "prob0")  # 2
    place(game, st, "PR31", 1, "home1")
    add_power(game, st, place(game, st, "PR12", 1, "prob1"), 5, "turn")  # 7, not involved
    start_faceoff(game, st, "problem", ["prob0"], 0)
    flip_for_faceoff(game, st)
    resolve_to_decision(game, st)
    assert [game.card_name(st, f) for f in st.flipped(0)] == ["Moondancer, Academic Professional"]
    assert game.faceoff_total(st, 0) == 2 + 4
    assert game.faceoff_total(st, 1) == 4 + 2 + 1


# ------------------------------------------------------------------ LL97 Into the Stream of Silence
def _play_from_hand(game, st, player, number):
    cid = to_hand(game, st, number, player)
    set_tokens(st, player, 9)
    play = next(a for a in game.legal_actions(st, player) if a.kind == "play" and a.get("card") == cid)
    st2, _ = game.apply(st, play)
    return st2


def test_into_the_stream_of_silence_takes_the_abilities_of_every_card_at_the_chosen_problem_until_the_end_of_turn(
        game, card_db):
    """LL97: "Choose a Problem. Until the end of the turn, characters, Resources, and Troublemakers there lose and
    can't have abilities" (708; the chosen Problem only; 616.4: they have them again once the turn ends)."""
    assert automated(card_db, "LL97")
    st = stacked_game(game)
    place(game, st, "PR79", 0, "home0")
    place(game, st, "PR79", 0, "home0")  # [Generosity] 4 for the play requirement
    f = place(game, st, "PR12", 1, "prob0")
    res = place(game, st, "EO164", 1, "prob0", host=f)  # "That Friend has +2 power"
    g = place(game, st, "PR12", 1, "prob1")
    place(game, st, "EO164", 1, "prob1", host=g)
    rollo = place(game, st, "AD73", 1, "prob0")  # +1 power for each of its controller's action tokens
    tm = place(game, st, "RR11", 1, "prob0")
    set_tokens(st, 1, 3)
    assert (game.power(st, f), game.power(st, g), game.power(st, rollo)) == (4, 4, 4)
    st = _play_from_hand(game, st, 0, "LL97")
    pend = st.pending
    assert pend["kind"] == "choice" and pend["player"] == 0 and "prob0" in pend["options"]
    answer(game, st, 0, "prob0")
    resolve_to_decision(game, st)
    assert all(game.lost_abilities(st, x) for x in (f, res, rollo, tm))
    assert (game.power(st, f), game.power(st, g)) == (2, 4) and game.power(st, rollo) == 1
    assert not game.lost_abilities(st, g)
    end_durations(game, st, "turn")
    assert not any(game.lost_abilities(st, x) for x in (f, res, rollo, tm)) and game.power(st, f) == 4


# ------------------------------------------------------------------ LL124 The Mean Six, Rivalry Isn't Magic
def test_the_mean_six_has_each_keyword_x_for_the_opposing_characters_here_with_it(game, card_db):
    """LL124: "This card has Competitive X, where X is the number of opposing characters here with Competitive. The
    same is true for Diligent, Eccentric, and Showy" (702: counted continuously; only here, only opposing)."""
    assert automated(card_db, "LL124")
    st = stacked_game(game)
    six = place(game, st, "LL124", 1, "prob0")

    def kws():
        return tuple(game.keyword(st, six, k) for k in ("Competitive", "Diligent", "Eccentric", "Showy"))
    assert kws() == (0, 0, 0, 0)
    for n in ("DE8", "EO10", "DE19", "EO64"):  # Competitive 2, Competitive 2, Diligent 2, Showy 1
        place(game, st, n, 0, "prob0")
    place(game, st, "EO37", 0, "prob1")  # Eccentric, at another Problem
    place(game, st, "EO37", 1, "prob0")  # Eccentric, Bob's own
    assert kws() == (2, 1, 0, 1)
    ecc = place(game, st, "EO37", 0, "home0")
    move_card(game, st, ecc, "prob0", by=0)
    assert kws() == (2, 1, 1, 1)


# ------------------------------------------------------------------ LL1 Rainbow Dash, Flight Instructor
def _activations(game, st, player, cid):
    return [a for a in game.legal_actions(st, player) if a.kind == "activate" and a.get("card") == cid]


def test_rainbow_dash_turns_over_with_three_characters_of_different_power(game, card_db):
    """LL1 (1 power): "Immediate: If you control 3 or more characters with different power, turn this card over"
    (her own power counts: she is a character; two characters with equal power count once)."""
    assert automated(card_db, "LL1")
    st = stacked_game(game, manes=("LL1", "PR2"))
    dash = st.mane(0)
    place(game, st, "PR12", 0, "home0")
    place(game, st, "PR33", 0, "home0")  # 2 and 2: powers {1, 2}
    place(game, st, "PR36", 1, "home1")  # Bob's 3 does not count
    assert not _activations(game, st, 0, dash)
    place(game, st, "PR36", 0, "home0")  # 3: powers {1, 2, 3}
    (a,) = _activations(game, st, 0, dash)
    st, _ = act(game, st, "activate", 0, card=dash, ability=a.get("ability"))
    assert st.boosted(dash)


def test_boosted_rainbow_dash_moves_a_character_with_one_less_power_along_the_first_time_each_turn(game, card_db):
    """LL1 boosted: "When you move a character to any Problem for the first time each turn, you may move another one
    of your characters with 1 less power to the same Problem" (506; 712.3 "you may")."""
    st = stacked_game(game, manes=("LL1", "PR2"))
    set_card(st, st.mane(0), boosted=True)
    three = place(game, st, "PR36", 0, "home0")
    two = place(game, st, "PR12", 0, "home0")
    one = place(game, st, "PR20", 0, "home0")
    place(game, st, "PR12", 1, "home1")  # Bob's 2-power Friend: not "your"
    set_tokens(st, 0, 9)
    st, _ = act(game, st, "move", 0, card=three, area="prob1")
    assert st.pending["kind"] == "may" and st.pending["player"] == 0
    st, _ = act(game, st, "choose", 0, option=True)
    assert st.area(two) == "prob1" and st.area(one) == "home0"  # only the 2-power one (1 less than 3)
    st, _ = act(game, st, "move", 0, card=one, area="prob0")  # the second move this turn: no trigger
    assert not st.pending and st.area(one) == "prob0"


# ------------------------------------------------------------------ LL120 Yak-Strength Hug
def test_yak_strength_hug_returns_the_friend_it_banished_to_its_owners_hand_when_it_leaves_play(game, card_db):
    """LL120: "When this card enters play, banish an opposing Friend. When this card leaves play, put any cards banished
    this way into their owners' hands" (only the card it banished; 410.6: it is a new card in the hand)."""
    assert automated(card_db, "LL120")
    st = stacked_game(game)
    host = place(game, st, "PR12", 0, "home0")
    a = place(game, st, "PR36", 1, "home1")
    b = place(game, st, "PR12", 1, "home1")
    other = put_in_zone(game, st, place(game, st, "PR31", 1, "home1"), "ban")  # banished by something else
    hug = enter_play(game, st, to_hand(game, st, "LL120", 0), "home0", 0, host=host)
    resolve_to_decision(game, st)
    assert st.pending["kind"] == "target" and set(st.pending["options"]) == {a, b}
    answer(game, st, 0, a)
    resolve_to_decision(game, st)
    assert not game.in_play(st, a) and len(st.banished(1)) == 2 and len(st.hand(1)) == 6
    leave_play(game, st, hug, "disc", verb="dismissed")
    resolve_to_decision(game, st)
    assert [st.card_key(c) for c in st.hand(1)[6:]] == [card_db.key("PR36")]
    assert st.banished(1) == [other] and game.in_play(st, b)


# ------------------------------------------------------------------ LL105 Crown of the Sibling Supreme
def test_crown_goes_to_the_faceoff_winner_who_may_then_score_with_it(game, card_db):
    """LL105: "When a player wins a faceoff, that player gains control of this card" (513.2; it stays in the home it is
    in, 511.5/511.6 move or dismiss only characters and cards in ceased areas); "Immediate: If you won a faceoff this
    turn, you may pay [1] and exhaust this card to score a point" (only its controller who won, 703)."""
    assert automated(card_db, "LL105")
    st = stacked_game(game)
    crown = place(game, st, "LL105", 0, "home0")
    place(game, st, "PR12", 0, "prob0")
    place(game, st, "PR12", 1, "prob0")
    set_tokens(st, 0, 5)
    set_tokens(st, 1, 5)

    def crown_uses(p):
        return [a for a in game.actions_with_priority(st, p) if a.kind == "activate" and a.get("card") == crown]
    assert not crown_uses(0)  # no faceoff won this turn
    start_faceoff(game, st, "problem", ["prob0"], 0)
    resolve_faceoff(game, st, 1, 2)
    resolve_to_decision(game, st)
    end_faceoff(game, st)
    resolve_to_decision(game, st)
    assert game.in_play(st, crown) and st.controller(crown) == 1 and st.area(crown) == "home0"
    assert not crown_uses(0)
    (use,) = crown_uses(1)
    score = st.score(1)
    take_action(game, st, use)
    resolve_to_decision(game, st)
    assert st.score(1) == score + 1 and st.exhausted(crown) and st.tokens(1) == 4


# ------------------------------------------------------------------ LL136 Applejack, Big Breakfast
def test_applejack_enters_with_a_counter_per_other_earth_pony_and_keeps_one_in_play_for_a_counter(game, card_db):
    """LL136 (1 power): "This card enters play with a +1 power counter on it for each of your other Earth Pony
    Friends" (706); "Immediate: Remove a +1 power counter from one of your Earth Pony Friends. If you do, that Friend
    can't leave play this turn" (104.2; the game still removes it, 104.3; it ends with the turn, 616.4)."""
    assert automated(card_db, "LL136")
    st = stacked_game(game)
    ep1 = place(game, st, "PR12", 0, "home0")
    ep2 = place(game, st, "PR33", 0, "home0")
    place(game, st, "PR20", 0, "home0")  # a Pegasus: not counted
    place(game, st, "PR31", 1, "home1")  # Bob's Earth Pony: not "your"
    aj = _enters(game, st, "LL136", 0, "home0")
    assert st.counters(aj).get("+1") == 2 and game.power(st, aj) == 3
    assert st.counters(ep1).get("+1") == st.counters(ep2).get("+1") == 1  # its enter trigger
    (use,) = [a for a in game.actions_with_priority(st, 0) if a.kind == "activate" and a.get("card") == aj]
    take_action(game, st, use)
    resolve_to_decision(game, st)
    assert st.pending["kind"] == "target" and set(st.pending["options"]) == {aj, ep1, ep2}
    answer(game, st, 0, ep1)
    resolve_to_decision(game, st)
    assert not st.counters(ep1).get("+1")
    assert leave_play(game, st, ep1, "disc", verb="dismissed") is None and game.in_play(st, ep1)
    assert leave_play(game, st, ep2, "disc", verb="dismissed") is not None  # not the chosen one
    end_durations(game, st, "turn")
    assert leave_play(game, st, ep1, "disc", verb="dismissed") is not None


# ------------------------------------------------------------------ LL143 The Power of Friendship
def test_the_power_of_friendship_lets_your_troublemakers_help_you_confront(game, card_db):
    """LL143: "This turn, your Troublemakers don't prevent you from confronting Problems (611.3e: Ann's own Epic one
    would) and you need X power less to confront each Problem, where X is the highest power among Troublemakers you
    control there" (an opposing Troublemaker still prevents it)."""
    assert automated(card_db, "LL143")
    st = stacked_game(game)
    place(game, st, "PR54", 0, "prob1")  # 1 power; the Problem needs 4
    place(game, st, "PR31", 0, "home0")  # [Magic] for the play requirement: PR54 + 3 more below
    for _ in range(3):
        place(game, st, "PR60", 0, "home0")
    place(game, st, "PR152", 0, "prob1")  # Ann's Epic Troublemaker (5 power) at prob1
    place(game, st, "PR54", 0, "prob0")
    place(game, st, "PR152", 1, "prob0")  # Bob's at prob0
    assert not game.can_confront(st, 0, "prob1") and not game.can_confront(st, 0, "prob0")
    st = _play_from_hand(game, st, 0, "LL143")
    resolve_to_decision(game, st)
    assert game.can_confront(st, 0, "prob1")  # 4 - 5: the 1-power Friend is enough (611.3: a character still needed)
    assert not game.can_confront(st, 0, "prob0")
    assert not game.can_confront(st, 1, "prob1")  # only for the player who played it
    end_durations(game, st, "turn")
    assert not game.can_confront(st, 0, "prob1")


# ------------------------------------------------------------------ LL57 Yona, Friend of Spiders
def _critter_tokens(game, st, p):
    return [c for c in st.cards_in_play if st.is_token(c) and st.controller(c) == p
            and "Critter" in game.traits(st, c)]


def test_yona_may_exhaust_to_put_another_critter_token_into_play(game, card_db):
    """LL57: "When you put a 1 [Kindness] Critter Friend token into play, you may exhaust this card to put a 1
    [Kindness] Critter Friend token into play" (521; the exhausting is a cost, 508.1d: once exhausted, no more; an
    opponent's token does not trigger it: "you")."""
    assert automated(card_db, "LL57")
    critter = {"op": "token", "power": 1, "color": "Kindness", "traits": ["Critter"], "at": "home"}
    st = stacked_game(game)
    yona = place(game, st, "LL57", 0, "home0")
    src = place(game, st, "PR12", 0, "home0")
    play_effects(game, st, 1, place(game, st, "PR12", 1, "home1"), [dict(critter)])  # Bob's token: nothing
    resolve_to_decision(game, st)
    assert not st.pending and len(_critter_tokens(game, st, 1)) == 1
    play_effects(game, st, 0, src, [{**critter, "power": 2}])  # a 2-power Critter token: not "1"
    resolve_to_decision(game, st)
    assert not st.pending
    play_effects(game, st, 0, src, [dict(critter)])
    resolve_to_decision(game, st)
    assert st.pending["kind"] == "may" and st.pending["player"] == 0
    answer(game, st, 0, True)
    resolve_to_decision(game, st)
    assert st.exhausted(yona) and len(_critter_tokens(game, st, 0)) == 1 + 1 + 1  # (the 2-power one too)
    assert not st.pending  # the second token triggers it again, but it is exhausted: nothing is offered


# ------------------------------------------------------------------ LL142 Sonic Rainboom
def test_sonic_rainboom_lets_its_player_play_main_phase_events_as_immediate_actions_this_turn(game, card_db):
    """LL142: "Until the end of the turn, you may play Events with Main Phase timing as Immediate actions (even if it
    isn't your Main Phase)" (512.5: Bob, in Ann's turn, may then play a Main Phase Event whenever he has priority)."""
    assert automated(card_db, "LL142")
    st = stacked_game(game)
    for n in ("PR79", "PR12", "PR12"):
        place(game, st, n, 1, "home1")  # [Generosity] 2 and [Loyalty] 4 for the play requirements
    set_tokens(st, 1, 9)
    refine = to_hand(game, st, "PR103", 1)  # Main Phase: Choose a character. That character gets +2 ...

    def bob_may_play(cid):
        return any(a.kind == "play" and a.get("card") == cid for a in game.actions_with_priority(st, 1))
    boom = to_hand(game, st, "LL142", 1)
    assert bob_may_play(boom) and not bob_may_play(refine)  # Ann's Main Phase, not Bob's
    play_effects(game, st, 1, boom, list(card_db.cards[card_db.key("LL142")].abilities["front"][0]["effects"]))
    resolve_to_decision(game, st)
    assert bob_may_play(refine)
    assert not any(a.kind == "play" and a.get("card") == refine for a in game.actions_with_priority(st, 0))
    end_durations(game, st, "turn")
    assert not bob_may_play(refine)


# ------------------------------------------------------------------ LL100 Same Day Delivery
def test_same_day_delivery_put_on_top_of_the_deck_may_be_revealed_to_gain_one_and_shuffle(game, card_db):
    """LL100: "When you put this card on top of your deck, you may reveal it. If you do, gain [1], then shuffle your
    deck" (its own Immediate ability puts it there; declining keeps it hidden: the trigger and the decision are
    shown only to its owner, 404.1; revealing is public, 518.1)."""
    from gameplay.engine.api import Action
    from gameplay.engine.mlp import filter_events
    assert automated(card_db, "LL100")
    for reveal in (True, False):
        st = stacked_game(game)
        place(game, st, "PR60", 0, "home0")
        place(game, st, "PR60", 0, "home0")  # [Magic] 4 for its play requirement
        set_tokens(st, 0, 5)
        sdd = to_hand(game, st, "LL100", 0)
        play = next(a for a in game.legal_actions(st, 0) if a.kind == "play" and a.get("card") == sdd)
        st, events = game.apply(st, play)
        assert game.card_name(st, st.deck(0)[0]).startswith("Same Day Delivery")
        assert st.pending["kind"] == "may" and st.pending["player"] == 0
        bob_log = " ".join(e["msg"] for e in filter_events(events, 1))
        assert "When you put this card" not in bob_log  # Bob does not learn the trigger (404.1)
        tokens = st.tokens(0)
        st, events = game.apply(st, Action.make("choose", 0, option=reveal))
        revealed = any("reveals Same Day Delivery" in e["msg"] for e in filter_events(events, 1))
        assert revealed == reveal and st.tokens(0) == tokens + (1 if reveal else 0)
        if not reveal:
            assert game.card_name(st, st.deck(0)[0]).startswith("Same Day Delivery")  # still on top, not shuffled


# ------------------------------------------------------------------ LL45 Kerfuffle, Feathered Fashionista
def test_kerfuffle_discounts_resources_played_on_friends(game, card_db):
    """LL45: "You may pay [1] less to play Resources on Friends, to a minimum of [1]" (508: a Resource played to the
    home is not discounted; only Kerfuffle's controller)."""
    assert automated(card_db, "LL45")
    st = stacked_game(game)
    f = place(game, st, "PR12", 0, "home0")
    on_friend = to_hand(game, st, "AD121", 0)  # Play on a Friend (cost 3)
    at_home = to_hand(game, st, "LL109", 0)  # Play to your home (cost 2)
    bobs = to_hand(game, st, "AD121", 1)
    before = (game.card_cost(st, 0, on_friend, host=f), game.card_cost(st, 0, at_home), game.card_cost(st, 1, bobs))
    place(game, st, "LL45", 0, "home0")
    after = (game.card_cost(st, 0, on_friend, host=f), game.card_cost(st, 0, at_home), game.card_cost(st, 1, bobs))
    assert before == (3, 2, 3) and after == (2, 2, 3)


def test_flipped_kerfuffle_may_put_an_attachment_from_the_hand_onto_a_friend(game, card_db):
    """LL45: "Chaos: When this card is flipped, you may put an attachment Resource from your hand into play attached
    to a Friend" (515, 706: put into play, no cost paid; a Friend its "Play on a Friend" rule allows, 509.1)."""
    st = stacked_game(game, decks=(HAND + ["LL45"], HAND + ["PR54"]))
    mine = place(game, st, "PR12", 0, "prob0")
    bobs = place(game, st, "PR12", 1, "prob0")
    res = to_hand(game, st, "EO164", 0)
    to_hand(game, st, "LL109", 0)  # a Resource played to the home: not an attachment
    tokens = st.tokens(0)
    start_faceoff(game, st, "problem", ["prob0"], 0)
    flip_for_faceoff(game, st)
    resolve_to_decision(game, st)
    assert st.pending["kind"] == "may" and st.pending["player"] == 0
    answer(game, st, 0, True)
    resolve_to_decision(game, st)
    assert st.pending["kind"] == "target" and set(st.pending["options"]) == {mine, bobs}  # "a Friend": any player's
    answer(game, st, 0, bobs)
    resolve_to_decision(game, st)
    attached = [c for c in st.cards_in_play if st.host(c) == bobs]
    assert len(attached) == 1 and st.card_key(attached[0]) == card_db.key("EO164") and res not in st.hand(0)
    assert game.power(st, bobs) == 4 and st.tokens(0) == tokens


# ------------------------------------------------------------------ LL139 Ember, My Way or the Highway
def _ember_board(game):
    st = stacked_game(game)
    ember = place(game, st, "LL139", 0, "prob0")
    inv = place(game, st, "PR12", 0, "prob0")
    away = place(game, st, "PR12", 0, "prob1")
    bob = place(game, st, "PR12", 1, "prob0")
    start_faceoff(game, st, "problem", ["prob0"], 0)
    return st, ember, inv, away, bob


def test_embers_friends_involved_in_a_faceoff_cant_be_dismissed_or_frightened(game, card_db):
    """LL139: "Your Friends involved in faceoffs can't be dismissed or frightened" (104.2, 514.2d: only while
    involved; not Bob's)."""
    assert automated(card_db, "LL139")
    st, ember, inv, away, bob = _ember_board(game)
    assert not frighten(game, st, inv) and leave_play(game, st, inv, "disc", verb="dismissed") is None
    assert game.in_play(st, inv) and not st.frightened(inv)
    assert frighten(game, st, away) and frighten(game, st, bob)


def test_ember_distributes_two_counters_unless_its_player_lost_the_faceoff(game, card_db):
    """LL139: "At the end of a faceoff, if you didn't lose that faceoff, distribute two +1 power counters among up to
    two of your Friends" (a tie is not a loss, 514.5; both on one Friend or one each)."""
    for winner, counters in ((0, 2), (None, 2), (1, 0)):
        st, ember, inv, away, bob = _ember_board(game)
        resolve_faceoff(game, st, winner, 1 if winner is not None else 0)
        resolve_to_decision(game, st)
        end_faceoff(game, st)
        resolve_to_decision(game, st)
        for _ in range(counters):
            assert st.pending["kind"] == "target" and set(st.pending["options"]) == {ember, inv, away}
            answer(game, st, 0, away)
            resolve_to_decision(game, st)
        assert st.counters(away).get("+1", 0) == counters and not st.counters(bob).get("+1")


def test_ember_exhausts_to_end_a_faceoff_and_skips_its_next_readying(game, card_db):
    """LL139: "Immediate: Exhaust this card to end a faceoff. This card doesn't ready during its controller's next Ready
    Phase" (514.6 with no winner; 603.1 skipped once; no faceoff, no ability to use)."""
    st, ember, inv, away, bob = _ember_board(game)
    (use,) = [a for a in game.actions_with_priority(st, 0) if a.kind == "activate" and a.get("card") == ember]
    take_action(game, st, use)
    resolve_to_decision(game, st)
    assert st.exhausted(ember) and st.d["cards"][ember].get("nr")
    assert st.faceoff is None or st.faceoff.get("winner") is None
    st = stacked_game(game)
    ember = place(game, st, "LL139", 0, "prob0")
    assert not [a for a in game.actions_with_priority(st, 0) if a.kind == "activate" and a.get("card") == ember]


# ------------------------------------------------------------------ LL118 Whammy
def test_whammy_may_be_retired_to_return_a_friend_over_the_home_limit_to_its_owners_hand(game, card_db):
    """LL118: "If one of your Friends would be retired for being in excess of your home limit, you may retire this card
    to put that Friend into its owner's hand instead" (616.3, 710, 712.3: asked as the Friend would be retired)."""
    from gameplay.engine.api import Action
    assert automated(card_db, "LL118")
    for use in (True, False):
        st = stacked_game(game)
        whammy = place(game, st, "LL118", 0, "home0")
        limit = game.home_limit(st, 0)
        friends = [place(game, st, "PR12", 0, "home0") for _ in range(limit + 1)]
        hand = len(st.hand(0))
        st = pass_until(game, st, lambda s: s.pending and s.pending["kind"] == "retire_home")
        st, _ = game.apply(st, Action.make("choose", 0, option=friends[0]))
        assert st.pending["kind"] == "may" and st.pending["player"] == 0
        st, _ = game.apply(st, Action.make("choose", 0, option=use))
        assert not game.in_play(st, friends[0])
        assert game.in_play(st, whammy) != use
        assert (len(st.hand(0)) == hand + 1) == use  # the Friend in the hand, or in the discard pile


# ------------------------------------------------------------------ LL4 Princess Twilight Sparkle, There's A Spell For That!
def test_twilight_reveals_her_hand_and_turns_over_if_no_two_cards_share_a_name(game, card_db):
    """LL4: "Main Phase: Reveal your hand. If no two cards in your hand have the same name, turn this card over" (518.1
    a public reveal; 201.1 a name is Title and Subtitle)."""
    from gameplay.engine.mlp import filter_events
    assert automated(card_db, "LL4")
    for hand, turns in ((["PR12", "PR12", "PR60", "PR81", "PR20", "PR36"], False),
                        (["PR12", "PR33", "PR60", "PR81", "PR20", "PR36"], True)):
        st = stacked_game(game, manes=("LL4", "PR2"), decks=(hand, None))
        tw = st.mane(0)
        (use,) = [a for a in game.legal_actions(st, 0) if a.kind == "activate" and a.get("card") == tw]
        st, events = act(game, st, "activate", 0, card=tw, ability=use.get("ability"))
        assert any("reveals their hand" in e["msg"] for e in filter_events(events, 1))
        assert st.boosted(tw) == turns


def test_boosted_twilight_reveals_the_top_card_for_a_discount_on_the_first_card_with_its_name(game, card_db):
    """LL4 boosted: "At the start of your turn, you may reveal the top card of your deck. If you do, you may pay [1]
    less to play the first card with that card's name this turn" (508; only that name, only once)."""
    st = stacked_game(game, manes=("LL4", "PR2"), decks=(HAND + ["PR60", "PR36"], None))
    tw = st.mane(0)
    set_card(st, tw, boosted=True)
    blue = [to_hand(game, st, "PR60", 0) for _ in range(2)]  # Blue Moon (cost 2), as the top card
    other = to_hand(game, st, "PR36", 0)  # cost 3
    place(game, st, "PR60", 0, "home0")  # [Magic] for Blue Moon's play requirement
    trigger(game, st, "turn_start", tw)
    resolve_to_decision(game, st)
    answer(game, st, 0, True)
    resolve_to_decision(game, st)
    assert game.card_cost(st, 0, blue[0]) == 1 and game.card_cost(st, 0, other) == 3
    set_tokens(st, 0, 5)
    play = next(a for a in game.legal_actions(st, 0) if a.kind == "play" and a.get("card") == blue[0])
    st, _ = game.apply(st, play)
    assert st.tokens(0) == 4 and game.card_cost(st, 0, blue[1]) == 2  # the first one only


# ------------------------------------------------------------------ LL3 Pinkie Pie, Party Cannoneer
def test_pinkie_pays_her_hand_size_minus_one_to_turn_over(game, card_db):
    """LL3: "Main Phase: Pay [X] to turn this card over, where X is the number of cards in your hand minus 1" (508.1d:
    only with X action tokens)."""
    assert automated(card_db, "LL3")
    st = stacked_game(game, manes=("LL3", "PR2"))
    pinkie = st.mane(0)
    x = len(st.hand(0)) - 1
    set_tokens(st, 0, x - 1)
    assert not [a for a in game.legal_actions(st, 0) if a.kind == "activate" and a.get("card") == pinkie]
    set_tokens(st, 0, x + 1)
    (use,) = [a for a in game.legal_actions(st, 0) if a.kind == "activate" and a.get("card") == pinkie]
    st, _ = act(game, st, "activate", 0, card=pinkie, ability=use.get("ability"))
    assert st.boosted(pinkie) and st.tokens(0) == 1


def test_boosted_pinkie_discards_random_cards_to_dismiss_a_friend_of_that_cost(game, card_db):
    """LL3 boosted: "At the start of the Score Phase, you may exhaust this card and discard any number of random cards
    to dismiss an opposing non-token Friend with cost equal to the number of cards discarded this way" (204 printed
    cost; tokens have none, 521.2; the numbers offered are those with such a Friend)."""
    st = stacked_game(game, manes=("LL3", "PR2"))
    pinkie = st.mane(0)
    set_card(st, pinkie, boosted=True)
    two = place(game, st, "PR12", 1, "home1")  # cost 2
    four = place(game, st, "PR31", 1, "home1")  # cost 4
    place(game, st, "PR12", 0, "home0")  # Ann's own: not opposing
    play_effects(game, st, 1, two, [{"op": "token", "power": 1, "color": "Kindness", "traits": ["Critter"], "at": "home"}])
    resolve_to_decision(game, st)
    trigger(game, st, "any_score_start", pinkie)
    resolve_to_decision(game, st)
    answer(game, st, 0, True)
    resolve_to_decision(game, st)
    assert st.pending["kind"] == "choice" and st.pending["options"] == [2, 4]
    answer(game, st, 0, 2)
    resolve_to_decision(game, st)
    assert len(st.hand(0)) == 4 and len(st.discard_pile(0)) == 2 and st.exhausted(pinkie)
    assert not game.in_play(st, two) and game.in_play(st, four)


# ------------------------------------------------------------------ LL5 Rarity, Booming Business (boosted)
_UNICORN = {"op": "token", "power": 1, "color": "Generosity", "traits": ["Unicorn"], "at": "home", "kw": {"Prepared": 1}}


def test_boosted_rarity_puts_a_unicorn_token_into_play_under_an_opponents_control(game, card_db):
    """LL5 boosted: "Main Phase: Pay [1] and exhaust this card to put a 1 White Unicorn Friend token with Prepared into
    play under an opponent's control" (521; white is [Generosity], 203.1a)."""
    assert automated(card_db, "LL5")
    st = stacked_game(game, manes=("LL5", "PR2"))
    rarity = st.mane(0)
    set_card(st, rarity, boosted=True)
    set_tokens(st, 0, 3)
    (use,) = [a for a in game.legal_actions(st, 0) if a.kind == "activate" and a.get("card") == rarity]
    st, _ = act(game, st, "activate", 0, card=rarity, ability=use.get("ability"))
    (tok,) = [c for c in st.cards_in_play if st.is_token(c)]
    assert st.controller(tok) == 1 and st.area(tok) == "home1" and st.exhausted(rarity) and st.tokens(0) == 2
    assert game.keyword(st, tok, "Prepared") and tuple(game.colors(st, tok)) == ("Generosity",)
    assert "Unicorn" in game.traits(st, tok) and game.power(st, tok) == 1


def test_boosted_rarity_stops_the_opponent_retiring_tokens_for_the_home_limit(game, card_db):
    """LL5 boosted: "While an opponent controls a non-token Friend, that player can't retire token Friends for being in
    excess of their home limit" (104.2, 616.3: Bob must retire his non-token Friend; with none at home, the excess
    stays)."""
    from gameplay.engine.api import Action
    for friend_at in ("home1", "prob1"):
        st = stacked_game(game, manes=("LL5", "PR2"), first=1)
        set_card(st, st.mane(0), boosted=True)
        friend = place(game, st, "PR12", 1, friend_at)
        for _ in range(game.home_limit(st, 1) + 1):
            play_effects(game, st, 1, friend, [dict(_UNICORN)])
            resolve_to_decision(game, st)
        st = pass_until(game, st, lambda s: (s.pending and s.pending["kind"] == "retire_home") or s.turn_player == 0)
        tokens = [c for c in st.cards_in_play if st.is_token(c) and st.controller(c) == 1]
        if friend_at == "home1":
            assert st.pending["kind"] == "retire_home" and st.pending["options"] == [friend]
            st, _ = game.apply(st, Action.make("choose", 1, option=friend))
            # Bob controls no non-token Friend any more: his tokens may be retired again
            assert st.pending["kind"] == "retire_home" and set(st.pending["options"]) == set(tokens)
        else:  # his only non-token Friend is at a Problem: no token may be retired, the excess stays
            assert st.turn_player == 0 and len(tokens) == game.home_limit(st, 1) + 1


# ------------------------------------------------------------------ LL137 Rarity, Throw Me A Bone, Dear
def test_rarity_gives_a_friend_away_and_scores_once_the_opponent_controls_two_of_her_cards(game, card_db):
    """LL137: "Exhaust this card and one of your non-token Friends or Resources to have an opponent gain control of that
    Friend or Resource. Then, if that opponent controls 2 or more non-token Friends or Resources that you own, score a
    point" (508 costs; 513.1 owner, 513.2 control; a token is not offered, 521)."""
    assert automated(card_db, "LL137")
    for already, points in ((False, 0), (True, 1)):
        st = stacked_game(game)
        rarity = place(game, st, "LL137", 0, "home0")
        gift = place(game, st, "PR12", 0, "home0")
        res = place(game, st, "LL109", 0, "home0")
        play_effects(game, st, 0, gift, [dict(_UNICORN)])  # Ann's token: not offered
        resolve_to_decision(game, st)
        if already:
            set_card(st, place(game, st, "PR33", 1, "home1"), owner=0)  # Bob already controls a card Ann owns
        set_tokens(st, 0, 3)
        score = st.score(0)
        (use,) = [a for a in game.actions_with_priority(st, 0) if a.kind == "activate" and a.get("card") == rarity]
        take_action(game, st, use)
        resolve_to_decision(game, st)
        assert st.pending["kind"] == "target" and set(st.pending["options"]) == {gift, res}
        answer(game, st, 0, gift)
        resolve_to_decision(game, st)
        assert st.controller(gift) == 1 and st.owner(gift) == 0 and st.exhausted(rarity) and st.exhausted(gift)
        assert st.area(gift) == "home1" and st.score(0) == score + points
