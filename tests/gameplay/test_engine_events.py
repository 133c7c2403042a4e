"""Event and activated-ability templates (cardtext/timed.py, cardtext/events.py) and their ops (effects/):
type unions, "up to N" moves, printed power, costs that choose a card, deck/hand/discard ops,
confront-requirement effects."""
from __future__ import annotations

from gameplay.engine.api import Action
from gameplay.engine.mlp.cardtext import parse_effects, parse_line
from gameplay.engine.mlp.scenario import (add_power, answer, end_durations, enter_play, place, put_in_zone, resolve_all,
                                          resolve_step, set_card, set_tokens, stacked_game, to_hand)


def run(game, st, effects, p=0, src=None):
    st.d["rq"].append({"p": p, "src": src or st.mane(p), "eff": effects, "i": 0, "ch": None,
                       "lbl": "test", "after": None})
    return resolve_all(game, st)


def key_of(st, cid):
    return st.card_key(cid)


def activate(game, st, cid, p=0, i=None):
    acts = [a for a in game.legal_actions(st, p) if a.kind == "activate" and a.get("card") == cid]
    assert acts, "ability not activatable"
    a = acts[0] if i is None else next(x for x in acts if x.get("ability") == i)
    st2, _ = game.apply(st, a)
    return st2


def can_activate(game, st, cid, p=0) -> bool:
    return any(a.kind == "activate" and a.get("card") == cid for a in game.legal_actions(st, p))


def play_event(game, st, number, p=0):
    """Resolve an Event's parsed effects (its play requirement is not the point of these tests)."""
    ab = next(a for a in game.db[game.db.key(number)].abilities["front"] if a["kind"] == "event")
    run(game, st, list(ab["effects"]), p)
    return st


# ------------------------------------------------------------------ parser
def test_parse_type_unions():
    assert parse_effects("Put an opponent's Friend or Resource into its owner's hand") == [
        {"op": "to_hand", "target": {"type": "card", "ctrl": "opp", "types": ["Friend", "Resource"]}}]
    e = parse_effects("Banish an opposing Friend, Resource, or Troublemaker")[0]
    assert e["target"]["types"] == ["Friend", "Resource", "Troublemaker"]


def test_parse_move_up_to_n_is_n_optional_distinct_moves():
    effs = parse_effects("Move up to two opposing characters")
    assert len(effs) == 2 and all(e["target"] == {"type": "character", "ctrl": "opp", "optional": True, "fresh": True} for e in effs)
    # one Problem for all of them: the Problem is chosen first (a timed-ability template, test_engine_timed_abilities.py)
    assert parse_effects("Move up to 3 of your Critter Friends from home to a Problem")[0] == {"op": "choose_area"}


def test_parse_costs_that_choose_a_card():
    ab = parse_line("Main Phase: Exhaust one of your Resources at home to ready this card.", "Friend", {})
    assert ab["cost"] == {"exhaust_sel": {"type": "Resource", "ctrl": "you", "at": "home"}}
    ab = parse_line("Main Phase: Retire two Critter Friends to put a 3 [Honesty] Rock Friend token into play.", "Friend", {})
    assert ab["cost"] == {"retire_sel": {"n": 2, "sel": {"type": "Friend", "ctrl": "you", "trait": "Critter"}}}
    ab = parse_line("Immediate: Banish an Event from your hand to give a character here +2 power until the end of the turn.", "Problem", {})
    assert ab["cost"] == {"banish_from": {"zone": "hand", "filter": {"type": "Event"}}}
    ab = parse_line("Main Phase: Dismiss this card to reduce the cost of the next card you play this turn by [2].", "Resource", {})
    assert ab["cost"] == {"dismiss_self": True} and ab["effects"][0]["op"] == "cost_reduction"
    ab = parse_line("Immediate: Retire a Friend to dismiss an opposing Friend.", "Event", {})
    assert ab["kind"] == "event" and ab["cost"] == {"retire_friend": 1}


def test_parse_each_player_templates():
    assert parse_effects("All players shuffle their hands into their decks and draw 6 cards") == [
        {"op": "each_player", "effects": [{"op": "shuffle_into_deck", "from": "hand"}, {"op": "draw", "n": 6, "who": "you"}]}]
    assert parse_effects("do a little dance and have all players draw a card, then discard a card") == [
        {"op": "each_player", "effects": [{"op": "draw", "n": 1, "who": "you"}, {"op": "discard", "n": 1, "who": "you"}]}]


# ------------------------------------------------------------------ selectors
def test_type_union_selector_matches_only_listed_types(game):
    st = stacked_game(game)
    f = place(game, st, "PR12", 1, "home1")
    r = place(game, st, "PR132", 1, "home1")
    mane = st.mane(1)
    sel = {"type": "card", "ctrl": "opp", "types": ["Friend", "Resource"]}
    assert set(game.select(st, sel, 0, None)) == {f, r}
    assert mane not in game.select(st, sel, 0, None)


def test_printed_power_selector_ignores_modifiers(game):
    # CN125 Very Startling: "Dismiss all Friends with printed power of 0."
    st = stacked_game(game)
    zero = place(game, st, "CG60", 1, "home1")
    two = place(game, st, "PR12", 1, "home1")
    add_power(game, st, zero, 3, "turn")  # current power 3, printed 0
    st = play_event(game, st, "CN125")
    resolve_all(game, st)
    assert not st.has_card(zero) and st.has_card(two)


def test_power_greater_than_cost(game):
    # CG124: "Dismiss a Friend with power greater than its cost."
    st = stacked_game(game)
    a = place(game, st, "PR12", 1, "prob0")  # 2 power, cost 2
    sel = {"type": "Friend", "power_gt_cost": True}
    assert a not in game.select(st, sel, 0, None)
    add_power(game, st, a, 1, "turn")
    assert a in game.select(st, sel, 0, None)


# ------------------------------------------------------------------ moves
def test_move_up_to_two_moves_two_different_characters(game):
    # EO132 / SB99: "Move up to two opposing characters." (506: each card moves once)
    st = stacked_game(game)
    a = place(game, st, "PR12", 1, "home1")
    b = place(game, st, "PR33", 1, "home1")
    mane = st.mane(1)
    run(game, st, [{"op": "move", "target": {"type": "character", "ctrl": "opp", "optional": True, "fresh": True}, "to": "choose"}] * 2)
    moved = [c for c in (mane, a, b) if st.has_card(c) and not st.area(c).startswith("home")]
    assert len(moved) == 2


def test_move_after_a_target_choice_moves_the_chosen_card(game):
    st = stacked_game(game)
    a = place(game, st, "PR12", 1, "home1")
    place(game, st, "PR33", 1, "home1")
    run(game, st, [{"op": "move", "target": {"type": "Friend", "ctrl": "opp"}, "to": "choose"}])
    assert st.area(a) == "prob0"  # the first target, then the first area


# ------------------------------------------------------------------ costs
def test_exhaust_another_card_as_a_cost(game, card_db):
    # CN11 Dark Moon: "Exhaust one of your Resources at home to ready this card." (508.1d)
    assert card_db[card_db.key("CN11")].automated
    st = stacked_game(game)
    me = place(game, st, "CN11", 0, "prob0", exhausted=True)
    assert not can_activate(game, st, me)
    res = place(game, st, "PR132", 0, "home0")
    st = activate(game, st, me)
    resolve_all(game, st)
    assert st.exhausted(res) and not st.exhausted(me)
    assert not can_activate(game, st, me)  # the Resource is exhausted now


def test_retire_n_chosen_friends_as_a_cost(game, card_db):
    # DE74: "Retire two Critter Friends to put a 3 [Honesty] Rock Friend token into play."
    st = stacked_game(game)
    me = place(game, st, "DE74", 0, "home0")
    c1 = place(game, st, "PR81", 0, "home0")
    assert not can_activate(game, st, me)
    c2 = place(game, st, "EO57", 0, "home0")
    st = activate(game, st, me, i=1)
    resolve_all(game, st)
    assert not st.has_card(c1) and not st.has_card(c2)
    assert any(st.d["cards"][o].get("t", {}).get("power") == 3 for o in st.cards_in_play)


def test_banish_from_hand_or_discard_as_a_cost(game):
    # HM147: "Banish a Troublemaker from your hand to dismiss a Troublemaker here."
    st = stacked_game(game)
    me = place(game, st, "HM147", 0, "prob1")
    tm = place(game, st, "PR155", 1, "prob1")
    assert not can_activate(game, st, me)
    h = to_hand(game, st, "PR153", 0)
    st = activate(game, st, me)
    resolve_all(game, st)
    assert not st.has_card(h) and any(st.card_key(x) == game.db.key("PR153") for x in st.banished(0))
    assert not st.has_card(tm)


def test_dismiss_this_card_cost_is_paid_first(game):
    # PR132 Carousel Boutique: "Dismiss this card to search your discard pile for a card and put it
    # into your hand." 508: the cost is paid before the effect, so the card can find itself.
    st = stacked_game(game)
    me = place(game, st, "PR132", 0, "home0")
    st = activate(game, st, me)
    resolve_all(game, st)
    assert any(st.card_key(x) == game.db.key("PR132") for x in st.hand(0))


def test_event_retire_a_friend_cost(game):
    # DE92: "Retire a Friend to dismiss an opposing Friend." The Event can't be played without a Friend.
    st = stacked_game(game)
    cid = to_hand(game, st, "DE92", 0)
    b = place(game, st, "PR33", 1, "home1")
    add_power(game, st, st.mane(0), 0, "turn", col="Laughter")  # play requirement: 3 [Laughter]
    add_power(game, st, st.mane(0), 2, "turn")
    assert not any(a.kind == "play" and a.get("card") == cid for a in game.legal_actions(st, 0))
    a = place(game, st, "PR12", 0, "home0")
    st._la = None
    st, _ = game.apply(st, Action.make("play", 0, card=cid))
    resolve_all(game, st)
    assert not st.has_card(a) and not st.has_card(b)


# ------------------------------------------------------------------ decks, hands, discard piles
def test_draw_from_the_bottom_and_bottom_to_top(game):
    st = stacked_game(game)
    deck = st.deck(0)
    bottom_key = key_of(st, deck[-1])
    run(game, st, [{"op": "deck_bottom_to_top"}])
    assert key_of(st, deck[0]) == bottom_key
    bottom_key = key_of(st, deck[-1])
    run(game, st, [{"op": "draw_bottom", "n": 1}])
    assert key_of(st, st.hand(0)[-1]) == bottom_key


def test_all_players_shuffle_hands_and_draw_six(game):
    # CS6: "All players shuffle their hands into their decks and draw 6 cards."
    st = stacked_game(game)
    for p in range(2):
        to_hand(game, st, "PR12", p)
    sizes = [len(st.hand(p)) + len(st.deck(p)) for p in range(2)]
    st = play_event(game, st, "CS6")
    resolve_all(game, st)
    assert [len(st.hand(p)) for p in range(2)] == [6, 6]
    assert [len(st.hand(p)) + len(st.deck(p)) for p in range(2)] == sizes


def test_each_player_shuffles_discard_into_deck(game):
    # CG107
    st = stacked_game(game)
    for p in range(2):
        put_in_zone(game, st, st.hand(p)[0], "disc")
    st = play_event(game, st, "CG107")
    resolve_all(game, st)
    assert st.discard_pile(1) == [] and st.discard_pile(0) == []


def test_banish_a_discard_pile_and_mill_a_chosen_player(game):
    st = stacked_game(game)
    put_in_zone(game, st, st.hand(1)[0], "disc")
    run(game, st, [{"op": "banish_discard_pile"}])
    assert st.discard_pile(1) == [] and len(st.banished(1)) == 1
    n = len(st.deck(0))
    run(game, st, [{"op": "mill_player", "n": 2}])  # first option: player 0
    assert len(st.deck(0)) == n - 2 and len(st.discard_pile(0)) == 2


def test_draw_per_opponent_token_then_discard_as_many(game):
    # CN111 Nice Moves, Kid
    st = stacked_game(game)
    set_tokens(st, 1, 3)
    n = len(st.hand(0))
    run(game, st, [{"op": "draw_per", "count": "opp_tokens", "then_discard": True}])
    assert len(st.hand(0)) == n and len(st.discard_pile(0)) == 3


def test_look_at_opponents_hand_and_put_a_card_on_top_of_their_deck(game):
    # AD110 Private Journal; the hand is shown only to the looking player (private event)
    st = stacked_game(game)
    n = len(st.hand(1))
    ev = run(game, st, [{"op": "look_hand", "whose": "opp", "filter": {}, "to": "deck_top", "optional": True}])
    assert len(st.hand(1)) == n - 1
    seen = [e for e in ev.items if e.get("type") == "look" and "You see" in e["msg"]]
    assert seen and all(e.get("to") == 0 for e in seen)


def test_look_at_hand_filter_and_points_condition(game):
    # LL87: "... choose an Event. That player discards that card. If a player has 8 or more points,
    # choose any card instead."
    st = stacked_game(game)
    eff = [{"op": "look_hand", "whose": "opp", "filter": {"type": "Event"}, "to": "disc", "any_if_points": 8}]
    n = len(st.hand(1))
    run(game, st, eff)  # the stacked hand has no Event: nothing happens
    assert len(st.hand(1)) == n
    st.d["pl"][1]["score"] = 8
    run(game, st, eff)
    assert len(st.hand(1)) == n - 1


# ------------------------------------------------------------------ confront requirements (611.3)
def test_opponents_need_more_power_at_chosen_problem_until_end_of_turn(game):
    # EO133: "Choose a Problem. Opponents need +2 power to confront that Problem until the end of the turn."
    st = stacked_game(game)
    before = game.requirements(st, 1, "prob0")
    run(game, st, [{"op": "confront_mod", "n": 2, "who": "opp", "problem": "choose", "until": "turn"}])
    assert game.requirements(st, 1, "prob0") == before + [("Wild", 2)]
    assert ("Wild", 2) not in game.requirements(st, 0, "prob0")
    end_durations(game, st, "turn")
    assert game.requirements(st, 1, "prob0") == before


def test_until_the_start_of_your_next_turn(game):
    # DE103 mode: "opponents need +2 power to confront Problems until the start of your next turn"
    st = stacked_game(game)
    run(game, st, [{"op": "confront_mod", "n": 2, "who": "opp", "problem": "all", "until": "next_turn"}])
    assert ("Wild", 2) in game.requirements(st, 1, "prob1")
    st, _ = game.apply(st, Action("pass", 0))  # ends player 0's turn: still in effect on player 1's turn
    assert st.turn_player == 1 and ("Wild", 2) in game.requirements(st, 1, "prob1")
    from gameplay.engine.mlp.flow.turn import _begin_turn
    from gameplay.engine.mlp.engine import Ev
    _begin_turn(game.r, st.d, Ev(True), 0)
    assert ("Wild", 2) not in game.requirements(st, 1, "prob1")


def test_troublemakers_dont_prevent_confronting(game):
    # MT87: 611.3e normally forbids confronting with an opposing face-up Troublemaker there
    st = stacked_game(game)
    place(game, st, "PR155", 1, "prob0")
    place(game, st, "PR31", 0, "prob0")
    place(game, st, "PR12", 0, "prob0")
    assert game.meets_requirements(st, 0, "prob0") and not game.can_confront(st, 0, "prob0")
    run(game, st, [{"op": "confront_mod", "who": "you", "tm_ok": True, "until": "turn"}])
    assert game.can_confront(st, 0, "prob0")


# ------------------------------------------------------------------ batch 2: modes, Troublemakers, hand abilities
def test_parse_choose_two_keeps_or_less_inside_a_mode():
    r = parse_effects("Choose two: Dismiss a Friend with 2 or less power, put a Friend from your discard pile into your hand, "
                      "or pay 2 less for the next card you play this turn")
    assert r[0]["n"] == 2 and r[0]["labels"][0] == "Dismiss a Friend with 2 or less power"
    assert r[0]["modes"][2] == [{"op": "cost_reduction", "n": 2, "type": "card", "until": "turn"}]


def test_parse_mode_phrases():
    assert parse_effects("an opponent discards a card and you draw a card") == [
        {"op": "discard", "n": 1, "who": "opponent", "random": False}, {"op": "draw", "n": 1, "who": "you"}]
    assert parse_effects("move your Mane Character and it gets +2 power until the end of the turn") == [
        {"op": "move", "target": {"type": "Mane Character", "ctrl": "you"}, "to": "choose"},
        {"op": "power", "n": 2, "target": {"it": True}, "until": "turn"}]
    assert parse_effects("Draw 3 cards then discard 3 cards") == [
        {"op": "draw", "n": 3, "who": "you"}, {"op": "discard", "n": 3, "who": "you"}]
    assert parse_effects("search your deck for a Troublemaker and put it into play face-up") == [
        {"op": "tm_into_play", "zone": "deck"}]  # face-up unless "face_up": False


def test_power_until_the_start_of_your_next_turn(game):
    # HM92 mode: "give a Troublemaker +3 power until the start of your next turn"
    st = stacked_game(game)
    tm = place(game, st, "PR155", 1, "prob0")
    run(game, st, [{"op": "power", "n": 3, "target": {"type": "Troublemaker"}, "until": "next_turn"}])
    assert game.power(st, tm) == 6
    end_durations(game, st, "turn")
    assert game.power(st, tm) == 6  # survives the end of this turn
    end_durations(game, st, "start0")
    assert game.power(st, tm) == 3


def test_put_a_discard_card_on_top_of_deck(game):
    # EO126 mode: "put a Resource from your discard pile on top of your deck"
    st = stacked_game(game)
    r = to_hand(game, st, "PR132", 0)
    put_in_zone(game, st, r, "disc")
    run(game, st, [{"op": "search", "filter": {"type": "Resource"}, "zone": "disc", "to": "deck"}])
    assert key_of(st, st.deck(0)[0]) == game.db.key("PR132")


def test_opponent_retires_a_random_friend(game):
    st = stacked_game(game)
    a = place(game, st, "PR12", 1, "home1")
    b = place(game, st, "PR33", 1, "home1")
    run(game, st, [{"op": "retire_random", "who": "opponent", "type": "Friend"}])
    assert (st.has_card(a)) != (st.has_card(b))


def test_troublemaker_from_hand_into_play_face_up(game, card_db):
    # DE62: "Exhaust this card to put a Troublemaker from your hand into play face-up."
    assert card_db[card_db.key("DE62")].automated
    st = stacked_game(game)
    me = place(game, st, "DE62", 0, "home0")
    to_hand(game, st, "PR155", 0)
    st = activate(game, st, me)
    resolve_all(game, st)
    tms = [o for o in st.cards_in_play if game.card_type(st, o) == "Troublemaker"]
    assert len(tms) == 1 and not st.face_down(tms[0]) and st.area(tms[0]) == "prob0"


def test_troublemaker_search_into_play_face_down_at_this_problem(game):
    st = stacked_game(game, decks=(["PR12"] * 10 + ["PR153"], None))  # the first six are the hand
    src = place(game, st, "PR12", 0, "prob1")
    run(game, st, [{"op": "tm_into_play", "zone": "deck", "face_up": False, "at": "here"}], src=src)
    tms = [o for o in st.cards_in_play if game.card_type(st, o) == "Troublemaker"]
    assert len(tms) == 1 and st.area(tms[0]) == "prob1" and st.face_down(tms[0])


def test_banish_from_hand_to_reduce_play_requirements(game, card_db):
    # HM4: "Immediate: Banish this card from your hand to reduce the play requirements of your cards by
    # 2 [Loyalty] until the end of the turn." 703: activated from the hand; 205.1 requirement.
    assert card_db[card_db.key("HM4")].automated
    st = stacked_game(game)
    me = to_hand(game, st, "HM4", 0)
    acts = [a for a in game.legal_actions(st, 0) if a.kind == "activate" and a.get("card") == me]
    assert len(acts) == 1
    st, _ = game.apply(st, acts[0])
    resolve_all(game, st)
    assert any(st.card_key(x) == card_db.key("HM4") for x in st.banished(0))
    assert game.requirement_reduction(st, 0, "Loyalty") == 2 and game.requirement_reduction(st, 0, "Honesty") == 0
    end_durations(game, st, "turn")
    assert game.requirement_reduction(st, 0, "Loyalty") == 0


def test_requirement_reduction_lets_a_card_be_played(game, card_db):
    st = stacked_game(game)
    d = card_db[card_db.key("DE92")]  # play requirement 3 [Laughter]
    assert not game.can_pay_requirement(st, 0, d)
    st.d["pl"][0]["req_red"] = [{"color": "Laughter", "n": 3, "u": "turn"}]
    assert game.can_pay_requirement(st, 0, d)


def test_enters_play_during_your_turn_trigger(game, card_db):
    # HM61: "When this card enters play during your turn, each opponent loses [1]."
    ab = [a for a in card_db[card_db.key("HM61")].abilities["front"] if a["kind"] == "trigger"][0]
    assert ab["on"] == "enter" and ab["your_turn"]
    from gameplay.engine.mlp.engine import Ev
    st = stacked_game(game)
    set_tokens(st, 1, 3)
    cid = to_hand(game, st, "HM61", 1)
    enter_play(game, st, cid, "home1", 1)  # during player 0's turn: no trigger
    resolve_all(game, st)
    assert st.tokens(1) == 3
    set_tokens(st, 1, 3)
    cid = to_hand(game, st, "HM61", 0)
    enter_play(game, st, cid, "home0", 0)
    resolve_all(game, st)
    assert st.tokens(1) == 2


# ------------------------------------------------------------------ batch 3: discard piles, "it", colors, added power
def test_banish_from_a_discard_pile_if_you_do(game, card_db):
    # EO109: "Pay [1] to banish a non-Friend card from a discard pile. If you do, put a +1 power counter on this card."
    assert card_db[card_db.key("EO109")].automated
    st = stacked_game(game)
    me = place(game, st, "EO109", 0, "home0")
    eff = [e for e in card_db[card_db.key("EO109")].abilities["front"][0]["effects"]]
    f = to_hand(game, st, "PR12", 1)
    put_in_zone(game, st, f, "disc")
    run(game, st, eff, src=me)
    assert st.discard_pile(1) and st.counters(me).get("+1", 0) == 0  # only a Friend: nothing banished
    ev_ = to_hand(game, st, "PR100", 1)
    put_in_zone(game, st, ev_, "disc")
    run(game, st, eff, src=me)
    assert len(st.banished(1)) == 1 and st.counters(me)["+1"] == 1


def test_power_per_event_in_banished_zones(game):
    # LL37: "This card has +1 power for each Event in each Banished Zone."
    st = stacked_game(game)
    me = place(game, st, "LL37", 0, "home0")
    base = game.power(st, me)
    for p in range(2):
        put_in_zone(game, st, to_hand(game, st, "PR100", p), "ban")
    put_in_zone(game, st, to_hand(game, st, "PR12", 1), "ban")
    assert game.power(st, me) == base + 2


def test_choose_a_friend_banish_each_other_friend(game):
    # EO131
    st = stacked_game(game)
    a = place(game, st, "PR12", 0, "home0")
    b = place(game, st, "PR33", 1, "home1")
    run(game, st, [{"op": "mark", "target": {"type": "Friend"}},
                   {"op": "banish", "target": {"type": "Friend", "each": True, "not_chosen": True}}])
    assert (st.has_card(a)) and not st.has_card(b)


def test_counters_equal_to_that_friends_power(game):
    # EO215
    st = stacked_game(game)
    a = place(game, st, "PR31", 0, "home0")  # 4 power
    run(game, st, [{"op": "counters", "n": 0, "n_power": True, "counter": "+1", "target": {"type": "Friend", "ctrl": "you"}}])
    assert st.counters(a)["+1"] == 4 and game.power(st, a) == 8


def test_add_its_power_this_card_or_the_exhausted_one(game, card_db):
    # PR24: "Exhaust this card to add its power to the power of another [Honesty] Friend"
    st = stacked_game(game)
    me = place(game, st, "PR24", 0, "home0")
    other = place(game, st, "PR33", 0, "home0")  # [Honesty] 2 power
    st = activate(game, st, me)
    resolve_all(game, st)
    assert game.power(st, other) == 2 + game.power(st, me)
    # EO22: "Exhaust another one of your characters and pay [1] to add its power to this card"
    st = stacked_game(game)
    me = place(game, st, "EO22", 0, "home0")
    big = place(game, st, "PR31", 0, "home0")
    base = game.power(st, me)
    st = activate(game, st, me)
    resolve_all(game, st)  # first option: the Mane (1 power) or the 4-power Friend, whichever is listed first
    exhausted = [o for o in (big, st.mane(0)) if st.exhausted(o)]
    assert len(exhausted) == 1 and game.power(st, me) == base + game.power(st, exhausted[0])


def test_pick_a_color_then_that_color(game):
    # DE99: "Choose a color. One of your characters has +2 power and has that color until the end of the turn."
    st = stacked_game(game)
    a = place(game, st, "PR12", 0, "home0")
    mane = st.mane(0)
    run(game, st, [{"op": "pick_color"}, {"op": "mark", "target": {"type": "character", "ctrl": "you"}},
                   {"op": "power", "n": 2, "target": {"it": True}, "until": "turn"},
                   {"op": "add_color", "color": "chosen", "target": {"it": True}, "until": "turn"}])
    first = next(c for c in game.select(st, {"type": "character", "ctrl": "you"}, 0, None))
    assert first in (a, mane)
    from gameplay.engine.mlp.carddb import COLOR_NAMES
    assert COLOR_NAMES[0] in game.colors(st, first)


def test_exhaust_that_friend_cost_on_a_resource(game, card_db):
    # CN138 Funny Glasses: "Exhaust that Friend to give your Friends [Laughter] until the end of the phase."
    assert card_db[card_db.key("CN138")].automated
    # HM102 ("... put a +1 power counter on it": "it" is the host) has its own template (test_engine_timed_abilities.py)
    assert {"op": "counters", "n": 1, "counter": "+1", "target": {"host": True}} in next(
        a for a in card_db[card_db.key("HM102")].abilities["front"] if a["kind"] == "activated")["effects"]
    st = stacked_game(game)
    host = place(game, st, "PR12", 0, "home0")
    other = place(game, st, "PR33", 0, "home0")
    me = place(game, st, "CN138", 0, "home0", host=host)
    st = activate(game, st, me)
    resolve_all(game, st)
    assert st.exhausted(host) and "Laughter" in game.colors(st, other)
    assert not can_activate(game, st, me)  # the host is exhausted


def test_gain_control_of_a_friend_you_own_and_power_limit(game):
    st = stacked_game(game)
    mine = place(game, st, "PR12", 1, "home1")
    set_card(st, mine, owner=0)  # owned by player 0, controlled by player 1
    theirs = place(game, st, "PR33", 1, "home1")
    run(game, st, [{"op": "gain_control", "target": {"type": "Friend", "owner": "you", "ctrl": "opp"}, "until": "permanent"}])
    assert st.controller(mine) == 0 and st.controller(theirs) == 1
    # "with power less than or equal to this card's power"
    src = place(game, st, "PR20", 0, "home0")  # 1 power
    assert game.select(st, {"type": "Friend", "ctrl": "opp", "max_power_src": True}, 0, src) == []
    add_power(game, st, src, 1, "turn")
    assert game.select(st, {"type": "Friend", "ctrl": "opp", "max_power_src": True}, 0, src) == [theirs]


def test_exhaust_and_retire_to_replace_its_problem(game, card_db):
    # CN51: "Exhaust and retire this card to replace its Problem."
    assert card_db[card_db.key("CN51")].automated
    st = stacked_game(game)
    me = place(game, st, "CN51", 0, "prob1")
    before = game.problem_at(st, "prob1")
    st = activate(game, st, me)
    resolve_all(game, st)
    assert not st.has_card(me) and game.problem_at(st, "prob1") != before


# ------------------------------------------------------------------ batch 4
def test_counters_then_exhaust_a_character_with_less_power(game):
    # SB106: "Put two +1 power counters on one of your Friends, then exhaust an opposing character with
    # less power than that Friend."
    st = stacked_game(game)
    a = place(game, st, "PR12", 0, "home0")  # 2 -> 4
    weak = place(game, st, "PR20", 1, "home1")  # 1
    strong = place(game, st, "PR31", 1, "home1")  # 4: not less
    run(game, st, [{"op": "counters", "n": 2, "counter": "+1", "target": {"type": "Friend", "ctrl": "you"}},
                   {"op": "exhaust", "target": {"type": "character", "ctrl": "opp", "lt_it_power": True}}])
    assert game.power(st, a) == 4
    assert not st.exhausted(strong)
    assert st.exhausted(weak) or st.exhausted(st.mane(1))


def test_if_conditions_and_else(game):
    st = stacked_game(game)
    set_tokens(st, 0, 2)
    set_tokens(st, 1, 3)
    # LL110: "each player with an even number of action tokens gain [1]"
    run(game, st, [{"op": "each_player", "effects": [{"op": "if", "cond": {"k": "tokens_parity", "even": True},
                                                       "effects": [{"op": "gain", "n": 1}]}]}])
    assert (st.tokens(0), st.tokens(1)) == (3, 3)
    # LL99: "Frighten a Friend. If a player has 8 or more points, you may dismiss a frightened Friend instead."
    a = place(game, st, "PR12", 1, "home1")
    eff = parse_effects("Frighten a Friend. If a player has 8 or more points, you may dismiss a frightened Friend instead")
    run(game, st, eff)
    assert st.frightened(a) or any(st.frightened(o) for o in st.cards_in_play)


def test_minus_two_then_dismiss_if_zero_or_less(game):
    # PR110
    st = stacked_game(game)
    weak = place(game, st, "PR20", 1, "home1")  # 1 power
    eff = parse_effects("Choose an opponent's Friend to get -2 power until the end of the turn. If it has 0 power or less, dismiss it")
    run(game, st, eff)
    assert not st.has_card(weak)
    st = stacked_game(game)
    big = place(game, st, "PR31", 1, "home1")
    run(game, st, eff)
    assert st.has_card(big) and game.power(st, big) == 2


def test_dismiss_face_up_and_face_down_troublemakers(game):
    # FF99 names face-down Troublemakers, which 505.2 otherwise hides from effects
    st = stacked_game(game)
    up = place(game, st, "PR155", 1, "prob0")
    down = place(game, st, "PR153", 1, "prob1", face_down=True)
    assert game.select(st, {"type": "Troublemaker"}, 0, None) == [up]
    run(game, st, [{"op": "dismiss", "target": {"type": "Troublemaker", "each": True, "fd_ok": True}}])
    assert not st.has_card(up) and not st.has_card(down)


def test_move_one_character_to_each_problem(game):
    # MT80: each Problem gets one different character (one already there can't be "moved" there)
    st = stacked_game(game)
    a = place(game, st, "PR12", 0, "home0")
    b = place(game, st, "PR33", 0, "home0")
    run(game, st, [{"op": "move_to_each", "target": {"type": "character", "ctrl": "you", "fresh": True}}])
    areas = sorted(st.area(c) for c in (a, b, st.mane(0)))
    assert areas.count("prob0") == 1 and areas.count("prob1") == 1


def test_repeat_moves_for_each_color_and_opponent_tokens(game):
    st = stacked_game(game)
    a = place(game, st, "PR12", 0, "home0")
    b = place(game, st, "PR33", 0, "home0")
    set_tokens(st, 1, 1)
    run(game, st, [{"op": "repeat", "count": {"k": "opp_tokens"}, "effects": [
        {"op": "move", "target": {"type": "Friend", "ctrl": "you", "fresh": True, "optional": True}, "to": "choose"}]}])
    assert [st.area(c).startswith("home") for c in (a, b)].count(False) == 1


def test_reorder_top_cards(game):
    # PR109: "Look at the top 3 cards of your deck and put them back in any order."
    st = stacked_game(game)
    deck = st.deck(0)
    top3 = list(deck[:3])
    st.d["rq"].append({"p": 0, "src": st.mane(0), "eff": [{"op": "reorder_top", "n": 3}], "i": 0, "ch": None,
                       "lbl": "t", "after": None})
    from gameplay.engine.mlp.engine import Ev
    ev = Ev()
    resolve_step(game, st, ev=ev)
    assert st.pending["options"] == top3 and st.pending["player"] == 0
    for pick in (top3[2], top3[0]):
        answer(game, st, 0, pick, ev=ev)
        resolve_step(game, st, ev=ev)
    assert deck[:3] == [top3[2], top3[0], top3[1]]
    assert all(e.get("to") == 0 for e in ev.items if e.get("msg", "").startswith("You see"))


def test_play_a_troublemaker_for_free_and_look_at_a_face_down_one(game, card_db):
    # PR17: "Exhaust this card to play a Troublemaker for free." (face-down, 609.2c without its cost)
    st = stacked_game(game)
    me = place(game, st, "PR17", 0, "prob1")
    to_hand(game, st, "PR155", 0)
    set_tokens(st, 0, 0)
    st = activate(game, st, me)
    resolve_all(game, st)
    tms = [o for o in st.cards_in_play if game.card_type(st, o) == "Troublemaker"]
    assert len(tms) == 1 and st.face_down(tms[0]) and st.tokens(0) == 0
    # PR94: "Exhaust this card to look at a face-down Troublemaker at its Problem." (private)
    st = stacked_game(game)
    me = place(game, st, "PR94", 0, "prob0")
    place(game, st, "PR153", 1, "prob0", face_down=True)
    ev = run(game, st, [{"op": "look_fd_tm", "at": "here"}], src=me)
    seen = [e for e in ev.items if "You see" in e.get("msg", "")]
    assert len(seen) == 1 and seen[0]["to"] == 0 and "Brown Parasprite" in seen[0]["msg"]


def test_harmony_counters_then_gain_that_many(game, card_db):
    # CS7: "Exhaust this card and one of your Friends to put a Harmony counter on this card." /
    # "Retire this card to gain a number of action tokens equal to the number of Harmony counters on it."
    assert card_db[card_db.key("CS7")].automated
    st = stacked_game(game)
    me = place(game, st, "CS7", 0, "home0")
    assert not any(a.kind == "activate" and a.get("card") == me and a.get("ability") == 1
                   for a in game.legal_actions(st, 0))  # no Friend to exhaust (the Mane is not a Friend)
    f = place(game, st, "PR12", 0, "home0")
    st = activate(game, st, me, i=1)
    resolve_all(game, st)
    assert st.exhausted(f) and st.counters(me)["Harmony"] == 1
    tok = st.tokens(0)
    st._la = None
    st2 = activate(game, st, me, i=2)
    resolve_all(game, st2)
    assert st2.tokens(0) == tok + 1 and not st2.has_card(me)


# ------------------------------------------------------------------ batch 5: control exchange, decks, flicker
def test_banish_then_put_that_friend_into_play_under_its_owner(game):
    # EO124: 706 it enters play again (a new card, 410.6) under its owner's control (513.2) at home
    st = stacked_game(game)
    b = place(game, st, "PR33", 1, "prob0")
    add_power(game, st, b, 2, "turn")
    run(game, st, [{"op": "banish", "target": {"type": "Friend"}, "keep": True}, {"op": "return_gone"}])
    back = [o for o in st.cards_in_play if st.card_key(o) == game.db.key("PR33")]
    assert not st.has_card(b) and len(back) == 1
    assert st.controller(back[0]) == 1 and st.area(back[0]) == "home1" and game.power(st, back[0]) == 2


def test_exchange_control_until_end_of_score_phase(game):
    # LL90 (513.2): both return to their owners when the duration ends
    st = stacked_game(game)
    a = place(game, st, "PR12", 0, "prob0")
    b = place(game, st, "PR33", 1, "prob0")
    run(game, st, [{"op": "exchange_control", "mine": {"type": "Friend", "ctrl": "you"},
                    "theirs": {"type": "Friend", "ctrl": "opp"}, "until": "score_phase"}])
    assert (st.controller(a), st.controller(b)) == (1, 0)
    end_durations(game, st, "score_phase")
    assert (st.controller(a), st.controller(b)) == (0, 1)


def test_exchange_control_opponent_chooses_at_that_problem(game):
    # AD116: "Your opponent chooses one of their Friends at that Problem."
    st = stacked_game(game)
    a = place(game, st, "PR12", 0, "prob1")
    place(game, st, "PR33", 1, "prob0")  # another Problem: not eligible
    b1 = place(game, st, "PR31", 1, "prob1")
    b2 = place(game, st, "PR20", 1, "prob1")
    st.d["rq"].append({"p": 0, "src": st.mane(0), "i": 0, "ch": None, "lbl": "t", "after": None,
                       "eff": parse_effects("Choose one of your Friends at a Problem. Your opponent chooses one of their "
                                            "Friends at that Problem. Exchange control of those Friends until the end of the Score Phase")})
    from gameplay.engine.mlp.engine import Ev
    ev = Ev()
    resolve_step(game, st, ev=ev)
    pend = st.pending
    assert pend["player"] == 1 and set(pend["options"]) == {b1, b2}
    answer(game, st, 1, b2, ev=ev)
    resolve_all(game, st)
    assert st.controller(a) == 1 and st.controller(b2) == 0 and st.controller(b1) == 1


def test_bottom_pick_and_top_split(game):
    st = stacked_game(game)
    deck = st.deck(0)
    bottom2 = list(deck[-2:])
    run(game, st, [{"op": "bottom_pick", "n": 2}])  # first option: the second-to-last card goes on top
    assert deck[0] == bottom2[0] and deck[-1] == bottom2[1]
    top3 = [key_of(st, c) for c in deck[:3]]
    n_hand, n_deck = len(st.hand(0)), len(deck)
    run(game, st, [{"op": "top_split"}])  # first options: 1st -> hand, 2nd -> top, 3rd -> bottom
    assert len(st.hand(0)) == n_hand + 1 and len(deck) == n_deck - 1
    assert key_of(st, st.hand(0)[-1]) == top3[0]
    assert key_of(st, deck[0]) == top3[1] and key_of(st, deck[-1]) == top3[2]


# ------------------------------------------------------------------ batch 6
def test_exhausted_this_way_do_not_ready_next_ready_phase(game, card_db):
    # SB2: 603.1 readying skips the characters this effect exhausted, once
    st = stacked_game(game)
    a = place(game, st, "PR12", 1, "home1")
    already = place(game, st, "PR33", 1, "home1", exhausted=True)
    run(game, st, [{"op": "exhaust", "target": {"type": "character", "ctrl": "opp", "each": True, "state": "ready"}, "no_ready": True}])
    assert st.exhausted(a) and st.d["cards"][a].get("nr") and not st.d["cards"][already].get("nr")
    from gameplay.engine.mlp.flow.turn import _begin_turn
    from gameplay.engine.mlp.engine import Ev
    _begin_turn(game.r, st.d, Ev(True), 1)
    assert st.exhausted(a) and not st.exhausted(already) and not st.d["cards"][a].get("nr")


def test_faceoff_power_bonus_this_turn(game):
    # LL91: "You have +2 power during Faceoffs this turn." (514.4a total)
    st = stacked_game(game)
    run(game, st, [{"op": "fo_plus", "n": 2, "until": "turn"}])
    st.d["fo"] = {"type": "tm", "areas": ["prob0"], "chal": 0, "tm": None, "stage": "start", "ign": [], "bonus": [0, 0]}
    st.d["pl"][0]["flip"] = st.d["pl"][1]["flip"] = []
    base = game.faceoff_total(st, 0)
    end_durations(game, st, "turn")
    assert game.faceoff_total(st, 0) == base - 2


def test_discard_two_cost_and_token_of_the_chosen_color(game, card_db):
    # DE127: "Pay [2] and discard 2 cards to choose a color and put a 2 power colorless Changeling Friend
    # token with that color into play."
    ab = next(a for a in card_db[card_db.key("DE127")].abilities["front"] if a["kind"] == "activated")
    assert ab["cost"] == {"tokens": 2, "discard": 2}
    st = stacked_game(game)
    run(game, st, ab["effects"])
    tok = [o for o in st.cards_in_play if st.is_token(o)]
    from gameplay.engine.mlp.carddb import COLOR_NAMES
    assert len(tok) == 1 and st.d["cards"][tok[0]]["t"]["colors"] == [COLOR_NAMES[0]] and game.power(st, tok[0]) == 2


def test_look_at_the_top_card_of_a_chosen_problem_deck(game):
    # DE80: choose whose Problem deck, look (private), top or bottom
    st = stacked_game(game)
    pdeck = st.problem_deck(1)
    top = pdeck[0]
    st.d["rq"].append({"p": 0, "src": st.mane(0), "i": 0, "ch": None, "lbl": "t", "after": None,
                       "eff": [{"op": "look_top", "n": 1, "whose": "choose", "zone": "pdeck"}]})
    from gameplay.engine.mlp.engine import Ev
    ev = Ev()
    resolve_step(game, st, ev=ev)
    assert st.pending["kind"] == "choice" and st.pending["options"] == [0, 1]
    answer(game, st, 0, 1, ev=ev)
    resolve_step(game, st, ev=ev)
    assert st.pending["kind"] == "look"
    answer(game, st, 0, "bottom", ev=ev)
    resolve_all(game, st)
    assert pdeck[-1] == top and "lq" not in (st.resolving[-1] if st.resolving else {})
    assert all(e.get("to") == 0 for e in ev.items if "You see" in e.get("msg", ""))



def test_power_for_each_other_friend_at_its_problem(game):
    # EO140: counted from the chosen Friend's Problem as the effect resolves
    st = stacked_game(game)
    a = place(game, st, "PR12", 0, "prob1")
    place(game, st, "PR33", 0, "prob1")
    place(game, st, "PR60", 0, "prob1")
    place(game, st, "PR31", 0, "prob0")
    place(game, st, "PR20", 1, "prob1")  # not yours
    run(game, st, parse_effects("One of your Friends gets +1 power for each of your other Friends at its Problem "
                                "until the end of the turn"))
    firsts = game.select(st, {"type": "Friend", "ctrl": "you"}, 0, None)
    assert firsts[0] == a and game.power(st, a) == 2 + 2
