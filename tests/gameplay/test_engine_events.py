"""Event and activated-ability templates (cardtext.py) and the ops they brought (resolve.py, flow.py):
type unions, "up to N" moves, printed power, costs that choose a card, deck/hand/discard ops,
confront-requirement effects."""
from __future__ import annotations

from gameplay.engine.api import Action
from gameplay.engine.mlp.cardtext import parse_effects, parse_line
from gameplay.engine.mlp.scenario import place, resolve_all, set_tokens, stacked_game, to_hand


def run(game, st, effects, p=0, src=None):
    st.d["rq"].append({"p": p, "src": src or st.d["pl"][p]["mane"], "eff": effects, "i": 0, "ch": None,
                       "lbl": "test", "after": None})
    return resolve_all(game, st)


def key_of(st, cid):
    return st.d["cards"][cid]["k"]


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
    # one Problem for all of them: not handled, so left manual
    assert parse_effects("Move up to 3 of your Critter Friends from home to a Problem") is None


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
    mane = st.d["pl"][1]["mane"]
    sel = {"type": "card", "ctrl": "opp", "types": ["Friend", "Resource"]}
    assert set(game.r.select(st.d, sel, 0, None)) == {f, r}
    assert mane not in game.r.select(st.d, sel, 0, None)


def test_printed_power_selector_ignores_modifiers(game):
    # CN125 Very Startling: "Dismiss all Friends with printed power of 0."
    st = stacked_game(game)
    zero = place(game, st, "CG60", 1, "home1")
    two = place(game, st, "PR12", 1, "home1")
    game.r.add_mod(st.d, zero, 3, "turn")  # current power 3, printed 0
    st = play_event(game, st, "CN125")
    resolve_all(game, st)
    assert zero not in st.d["cards"] and two in st.d["cards"]


def test_power_greater_than_cost(game):
    # CG124: "Dismiss a Friend with power greater than its cost."
    st = stacked_game(game)
    a = place(game, st, "PR12", 1, "prob0")  # 2 power, cost 2
    sel = {"type": "Friend", "power_gt_cost": True}
    assert a not in game.r.select(st.d, sel, 0, None)
    game.r.add_mod(st.d, a, 1, "turn")
    assert a in game.r.select(st.d, sel, 0, None)


# ------------------------------------------------------------------ moves
def test_move_up_to_two_moves_two_different_characters(game):
    # EO132 / SB99: "Move up to two opposing characters." (506: each card moves once)
    st = stacked_game(game)
    a = place(game, st, "PR12", 1, "home1")
    b = place(game, st, "PR33", 1, "home1")
    mane = st.d["pl"][1]["mane"]
    run(game, st, [{"op": "move", "target": {"type": "character", "ctrl": "opp", "optional": True, "fresh": True}, "to": "choose"}] * 2)
    moved = [c for c in (mane, a, b) if c in st.d["cards"] and not st.d["cards"][c]["a"].startswith("home")]
    assert len(moved) == 2


def test_move_after_a_target_choice_moves_the_chosen_card(game):
    st = stacked_game(game)
    a = place(game, st, "PR12", 1, "home1")
    place(game, st, "PR33", 1, "home1")
    run(game, st, [{"op": "move", "target": {"type": "Friend", "ctrl": "opp"}, "to": "choose"}])
    assert st.d["cards"][a]["a"] == "prob0"  # the first target, then the first area


# ------------------------------------------------------------------ costs
def test_exhaust_another_card_as_a_cost(game, db):
    # CN11 Dark Moon: "Exhaust one of your Resources at home to ready this card." (508.1d)
    assert db[db.key("CN11")].automated
    st = stacked_game(game)
    me = place(game, st, "CN11", 0, "prob0", exhausted=True)
    assert not can_activate(game, st, me)
    res = place(game, st, "PR132", 0, "home0")
    st = activate(game, st, me)
    resolve_all(game, st)
    assert st.d["cards"][res]["ex"] and not st.d["cards"][me].get("ex")
    assert not can_activate(game, st, me)  # the Resource is exhausted now


def test_retire_n_chosen_friends_as_a_cost(game, db):
    # DE74: "Retire two Critter Friends to put a 3 [Honesty] Rock Friend token into play."
    st = stacked_game(game)
    me = place(game, st, "DE74", 0, "home0")
    c1 = place(game, st, "PR81", 0, "home0")
    assert not can_activate(game, st, me)
    c2 = place(game, st, "EO57", 0, "home0")
    st = activate(game, st, me, i=1)
    resolve_all(game, st)
    assert c1 not in st.d["cards"] and c2 not in st.d["cards"]
    assert any(st.d["cards"][o].get("t", {}).get("power") == 3 for o in st.d["play"])


def test_banish_from_hand_or_discard_as_a_cost(game):
    # HM147: "Banish a Troublemaker from your hand to dismiss a Troublemaker here."
    st = stacked_game(game)
    me = place(game, st, "HM147", 0, "prob1")
    tm = place(game, st, "PR155", 1, "prob1")
    assert not can_activate(game, st, me)
    h = to_hand(game, st, "PR153", 0)
    st = activate(game, st, me)
    resolve_all(game, st)
    assert h not in st.d["cards"] and any(st.d["cards"][x]["k"] == game.db.key("PR153") for x in st.d["pl"][0]["ban"])
    assert tm not in st.d["cards"]


def test_dismiss_this_card_cost_is_paid_first(game):
    # PR132 Carousel Boutique: "Dismiss this card to search your discard pile for a card and put it
    # into your hand." 508: the cost is paid before the effect, so the card can find itself.
    st = stacked_game(game)
    me = place(game, st, "PR132", 0, "home0")
    st = activate(game, st, me)
    resolve_all(game, st)
    assert any(st.d["cards"][x]["k"] == game.db.key("PR132") for x in st.d["pl"][0]["hand"])


def test_event_retire_a_friend_cost(game):
    # DE92: "Retire a Friend to dismiss an opposing Friend." The Event can't be played without a Friend.
    st = stacked_game(game)
    cid = to_hand(game, st, "DE92", 0)
    b = place(game, st, "PR33", 1, "home1")
    game.r.add_mod(st.d, st.d["pl"][0]["mane"], 0, "turn", col="Laughter")  # play requirement: 3 [Laughter]
    game.r.add_mod(st.d, st.d["pl"][0]["mane"], 2, "turn")
    assert not any(a.kind == "play" and a.get("card") == cid for a in game.legal_actions(st, 0))
    a = place(game, st, "PR12", 0, "home0")
    st._la = None
    st, _ = game.apply(st, Action.make("play", 0, card=cid))
    resolve_all(game, st)
    assert a not in st.d["cards"] and b not in st.d["cards"]


# ------------------------------------------------------------------ decks, hands, discard piles
def test_draw_from_the_bottom_and_bottom_to_top(game):
    st = stacked_game(game)
    deck = st.d["pl"][0]["deck"]
    bottom_key = key_of(st, deck[-1])
    run(game, st, [{"op": "deck_bottom_to_top"}])
    assert key_of(st, deck[0]) == bottom_key
    bottom_key = key_of(st, deck[-1])
    run(game, st, [{"op": "draw_bottom", "n": 1}])
    assert key_of(st, st.d["pl"][0]["hand"][-1]) == bottom_key


def test_all_players_shuffle_hands_and_draw_six(game):
    # CS6: "All players shuffle their hands into their decks and draw 6 cards."
    st = stacked_game(game)
    for p in range(2):
        to_hand(game, st, "PR12", p)
    sizes = [len(st.d["pl"][p]["hand"]) + len(st.d["pl"][p]["deck"]) for p in range(2)]
    st = play_event(game, st, "CS6")
    resolve_all(game, st)
    assert [len(st.d["pl"][p]["hand"]) for p in range(2)] == [6, 6]
    assert [len(st.d["pl"][p]["hand"]) + len(st.d["pl"][p]["deck"]) for p in range(2)] == sizes


def test_each_player_shuffles_discard_into_deck(game):
    # CG107
    st = stacked_game(game)
    for p in range(2):
        game.r.put(st.d, st.d["pl"][p]["hand"][0], "disc")
    st = play_event(game, st, "CG107")
    resolve_all(game, st)
    assert st.d["pl"][1]["disc"] == [] and st.d["pl"][0]["disc"] == []


def test_banish_a_discard_pile_and_mill_a_chosen_player(game):
    st = stacked_game(game)
    game.r.put(st.d, st.d["pl"][1]["hand"][0], "disc")
    run(game, st, [{"op": "banish_discard_pile"}])
    assert st.d["pl"][1]["disc"] == [] and len(st.d["pl"][1]["ban"]) == 1
    n = len(st.d["pl"][0]["deck"])
    run(game, st, [{"op": "mill_player", "n": 2}])  # first option: player 0
    assert len(st.d["pl"][0]["deck"]) == n - 2 and len(st.d["pl"][0]["disc"]) == 2


def test_draw_per_opponent_token_then_discard_as_many(game):
    # CN111 Nice Moves, Kid
    st = stacked_game(game)
    set_tokens(st, 1, 3)
    n = len(st.d["pl"][0]["hand"])
    run(game, st, [{"op": "draw_per", "count": "opp_tokens", "then_discard": True}])
    assert len(st.d["pl"][0]["hand"]) == n and len(st.d["pl"][0]["disc"]) == 3


def test_look_at_opponents_hand_and_put_a_card_on_top_of_their_deck(game):
    # AD110 Private Journal; the hand is shown only to the looking player (private event)
    st = stacked_game(game)
    n = len(st.d["pl"][1]["hand"])
    ev = run(game, st, [{"op": "look_hand", "whose": "opp", "filter": {}, "to": "deck_top", "optional": True}])
    assert len(st.d["pl"][1]["hand"]) == n - 1
    seen = [e for e in ev.items if e.get("type") == "look" and "You see" in e["msg"]]
    assert seen and all(e.get("to") == 0 for e in seen)


def test_look_at_hand_filter_and_points_condition(game):
    # LL87: "... choose an Event. That player discards that card. If a player has 8 or more points,
    # choose any card instead."
    st = stacked_game(game)
    eff = [{"op": "look_hand", "whose": "opp", "filter": {"type": "Event"}, "to": "disc", "any_if_points": 8}]
    n = len(st.d["pl"][1]["hand"])
    run(game, st, eff)  # the stacked hand has no Event: nothing happens
    assert len(st.d["pl"][1]["hand"]) == n
    st.d["pl"][1]["score"] = 8
    run(game, st, eff)
    assert len(st.d["pl"][1]["hand"]) == n - 1


# ------------------------------------------------------------------ confront requirements (611.3)
def test_opponents_need_more_power_at_chosen_problem_until_end_of_turn(game):
    # EO133: "Choose a Problem. Opponents need +2 power to confront that Problem until the end of the turn."
    st = stacked_game(game)
    before = game.r.requirements(st.d, 1, "prob0")
    run(game, st, [{"op": "confront_mod", "n": 2, "who": "opp", "problem": "choose", "until": "turn"}])
    assert game.r.requirements(st.d, 1, "prob0") == before + [("Wild", 2)]
    assert ("Wild", 2) not in game.r.requirements(st.d, 0, "prob0")
    game.r.expire(st.d, "turn")
    assert game.r.requirements(st.d, 1, "prob0") == before


def test_until_the_start_of_your_next_turn(game):
    # DE103 mode: "opponents need +2 power to confront Problems until the start of your next turn"
    st = stacked_game(game)
    run(game, st, [{"op": "confront_mod", "n": 2, "who": "opp", "problem": "all", "until": "next_turn_start"}])
    assert ("Wild", 2) in game.r.requirements(st.d, 1, "prob1")
    st, _ = game.apply(st, Action("pass", 0))  # ends player 0's turn: still in effect on player 1's turn
    assert st.d["tp"] == 1 and ("Wild", 2) in game.r.requirements(st.d, 1, "prob1")
    from gameplay.engine.mlp.flow import _begin_turn
    from gameplay.engine.mlp.engine import Ev
    _begin_turn(game.r, st.d, Ev(True), 0)
    assert ("Wild", 2) not in game.r.requirements(st.d, 1, "prob1")


def test_troublemakers_dont_prevent_confronting(game):
    # MT87: 611.3e normally forbids confronting with an opposing face-up Troublemaker there
    st = stacked_game(game)
    place(game, st, "PR155", 1, "prob0")
    place(game, st, "PR31", 0, "prob0")
    place(game, st, "PR12", 0, "prob0")
    assert game.r.meets(st.d, 0, "prob0") and not game.r.can_confront(st.d, 0, "prob0")
    run(game, st, [{"op": "confront_mod", "who": "you", "tm_ok": True, "until": "turn"}])
    assert game.r.can_confront(st.d, 0, "prob0")
