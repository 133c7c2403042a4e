"""Small templates: timed confront-requirement reductions (611.2, 611.3), "This card enters play exhausted"
(503.1), conditions on a Friend's power and cost, private looks at face-down Troublemakers (505.1d), "another
card" from the discard pile (410.6a) and other one-sentence templates (SMALL_EFFECT_SENTENCES).  Parser templates and
scenario tests for each."""
from __future__ import annotations

from gameplay.engine.api import Action
from gameplay.engine.mlp.cardtext import parse_effects, parse_line
from gameplay.engine.mlp.scenario import (automated, end_durations, leave_play, place, pre_priority, problem,
                                          replace_problem, resolve_all, resolve_step, set_card, set_tokens,
                                          stacked_game, start_faceoff, to_discard, to_hand, trigger)


def pw(game, st, cid):
    return game.power(st, cid)


def legal(game, st, kind, p=0):
    return [a for a in game.legal_actions(st, p) if a.kind == kind]


def activate(game, st, card, p=0):
    acts = [a for a in legal(game, st, "activate", p) if a.get("card") == card]
    assert len(acts) == 1, acts
    st, _ = game.apply(st, acts[0])
    return st


def choose(game, st, option):
    pend = st.pending
    assert pend and option in pend["options"], pend
    st, ev = game.apply(st, Action.make("choose", pend["player"], option=option))
    return st, ev


# ------------------------------------------------------------------ parser
def test_parse_cards_d_confront_reductions():
    ab = parse_line("Main Phase: Exhaust this card to choose a Problem. You need -4 power to confront that Problem until the "
                    "end of the turn.", "Friend", {})
    assert ab["kind"] == "activated" and ab["effects"] == [
        {"op": "confront_mod", "n": -4, "who": "you", "problem": "choose", "until": "turn"}]
    assert parse_effects("reduce a Problem's confront requirements by 2 power until the end of the turn") == [
        {"op": "confront_mod", "n": -2, "who": "all", "problem": "choose", "until": "turn"}]
    assert parse_effects("reduce the confront requirements of a Problem by 2 power until the end of the turn")[0]["n"] == -2
    assert parse_effects("increase a Problem's confront requirements by 1 power until the end of the turn")[0]["n"] == 1
    assert parse_effects("you need -2 power to confront Problems until the end of the turn") == [
        {"op": "confront_mod", "n": -2, "who": "you", "problem": "all", "until": "turn"}]
    assert parse_effects("put a Friend with printed power of 1 or less into play from your discard pile") == [
        {"op": "put_into_play", "filter": {"type": "Friend", "max_printed": 1}, "zone": "discard"}]


def test_parse_cards_d_small_templates():
    assert parse_line("This card enters play exhausted.", "Friend", {})["op"] == "enter_exhausted_self"
    ab = parse_line("While you have a Friend with higher power than its cost, this card has +2 power.", "Mane Character", {})
    assert ab["op"] == "power" and ab["cond"] == {"k": "you_have", "sel": {"type": "Friend", "ctrl": "you", "power_gt_cost": True}}
    assert parse_effects("look at a face-down Troublemaker") == [{"op": "look_fd_tm", "any": True}]
    assert parse_effects("look at a face-down Troublemaker here") == [{"op": "look_fd_tm", "at": "here"}]
    assert parse_effects("you may pay [1] to put another card from your discard pile into your hand") == [
        {"op": "may", "effects": [{"op": "pay", "n": 1}, {"op": "disc_to_hand_other", "type": "card"}]}]


def test_newly_automated_cards(card_db):
    assert automated(card_db, "DE41", "FF72", "DE98", "EO121", "CN40", "FF3", "PR41", "CG75")


# ------------------------------------------------------------------ confront reductions (611.2, 611.3)
def test_exhaust_to_need_less_power_at_a_chosen_problem(game, card_db):
    """DE41 Coloratura: "Main Phase: Exhaust this card to choose a Problem. You need -4 power to confront that
    Problem until the end of the turn." The chosen Problem only, its controller only ("you"), 1 power less
    of any requirement at a time (as the static "You need -2 power", Rules.meets); it ends with the turn."""
    st = stacked_game(game)
    c = place(game, st, "DE41", 0, "home0")
    place(game, st, "PR20", 0, "prob1")  # 1 power at Runaway Cart (Wild 4 for the opponent of its owner)
    assert not game.meets_requirements(st, 0, "prob1")
    st = activate(game, st, c)
    assert st.exhausted(c)
    st, _ = choose(game, st, "prob1")  # 705.2f the choice of a Problem
    resolve_all(game, st)
    assert ("Less", 4) in game.requirements(st, 0, "prob1")
    assert ("Less", 4) not in game.requirements(st, 0, "prob0")
    assert ("Less", 4) not in game.requirements(st, 1, "prob1")
    assert game.meets_requirements(st, 0, "prob1")  # 4 - 4: still needs a character there (611.3)
    end_durations(game, st, "turn")
    assert ("Less", 4) not in game.requirements(st, 0, "prob1")


def test_reduce_a_problems_confront_requirements_for_both_players(game, card_db):
    """FF72 Smolder & Sandbar: "Main Phase: Exhaust this card and discard a card to reduce a Problem's confront
    requirements by 2 power until the end of the turn." The Problem's requirements: every player's (611.2);
    the discard is an additional cost paid first (508)."""
    st = stacked_game(game)
    c = place(game, st, "FF72", 0, "home0")
    hand = len(st.hand(0))
    st = activate(game, st, c)
    resolve_all(game, st)  # the discard (first card) and the choice of a Problem (first option)
    assert len(st.hand(0)) == hand - 1
    chosen = [m for m in st.d["cmods"] if m.get("n") == -2]
    assert len(chosen) == 1 and chosen[0]["who"] == -1
    area = next(a for a in ("prob0", "prob1") if game.problem_at(st, a) == chosen[0]["prob"])
    assert ("Less", 2) in game.requirements(st, 0, area) and ("Less", 2) in game.requirements(st, 1, area)


def test_event_modes_with_a_confront_reduction(game, card_db):
    """DE98 It's Gonna Work: "Choose one: ..., you need -2 power to confront Problems until the end of the turn,
    or ..." (every Problem, you only); EO121 Find the Music in You: "... or put a Friend with printed power of 1
    or less into play from your discard pile" (printed power: cards outside play, 507.1)."""
    st = stacked_game(game)
    place(game, st, "PR79", 0, "home0")
    place(game, st, "PR79", 0, "home0")
    place(game, st, "PR79", 0, "home0")
    ev_ = to_hand(game, st, "DE98", 0)
    set_tokens(st, 0, 5)
    st, _ = game.apply(st, Action.make("play", 0, card=ev_))
    st, _ = choose(game, st, st.pending["options"][1])
    resolve_all(game, st)
    for a in ("prob0", "prob1"):
        assert ("Less", 2) in game.requirements(st, 0, a) and ("Less", 2) not in game.requirements(st, 1, a)
    st = stacked_game(game)
    for n in ("PR79", "PR79", "PR81", "PR81"):
        place(game, st, n, 0, "home0")
    two = to_discard(game, st, "PR12", 0)  # printed power 2: not a choice
    one = to_discard(game, st, "PR20", 0)
    ev_ = to_hand(game, st, "EO121", 0)
    set_tokens(st, 0, 5)
    st, _ = game.apply(st, Action.make("play", 0, card=ev_))
    st, _ = choose(game, st, st.pending["options"][2])
    resolve_all(game, st)
    assert two in st.discard_pile(0) and one not in st.discard_pile(0)
    assert any(st.card_key(c) == card_db.key("PR20") for c in st.cards_in_play)


# ------------------------------------------------------------------ small templates
def test_this_card_enters_play_exhausted(game, card_db):
    """CN40 Cheese Sandwich: "This card enters play exhausted." (503.1: it enters exhausted, whoever plays it)."""
    st = stacked_game(game)
    place(game, st, "PR36", 0, "home0")  # 3 [Laughter] for its play requirement
    c = to_hand(game, st, "CN40", 0)
    set_tokens(st, 0, 5)
    st, _ = game.apply(st, Action.make("play", 0, card=c, area="home0"))
    nid = next(o for o in st.cards_in_play if st.card_key(o) == card_db.key("CN40"))
    assert st.exhausted(nid)
    other = place(game, st, "PR12", 0, "home0")
    assert not st.exhausted(other)


def test_power_while_you_have_a_friend_with_higher_power_than_its_cost(game, card_db):
    """FF3 Ocellus (boosted): "While you have a Friend with higher power than its cost, this card has +2 power."
    (the Friend's current power, 507; a continuous condition)."""
    st = stacked_game(game, manes=("FF3", "PR2"))
    mane = st.mane(0)
    set_card(st, mane, boosted=True)
    f = place(game, st, "PR12", 0, "home0")  # 2 power, cost 2
    base = pw(game, st, mane)
    opp = place(game, st, "PR12", 1, "home1")
    st.d["cards"][opp]["cn"]["+1"] = 1  # an opponent's Friend does not count
    assert pw(game, st, mane) == base
    st.d["cards"][f]["cn"]["+1"] = 1  # 3 power, cost 2
    assert pw(game, st, mane) == base + 2


def test_exhaust_to_look_at_a_face_down_troublemaker(game, card_db):
    """PR41 Lucky Streak: "Main Phase: Exhaust this card to look at a face-down Troublemaker." (any Problem;
    private to the looking player, 505.1d)."""
    st = stacked_game(game)
    c = place(game, st, "PR41", 0, "home0")
    place(game, st, "RR11", 1, "prob0", face_down=True)
    acts = [a for a in legal(game, st, "activate") if a.get("card") == c]
    st, events = game.apply(st, acts[0])
    assert st.exhausted(c)
    name = card_db.cards[card_db.key("RR11")].name
    assert any(name in e["msg"] and e.get("to") == 0 for e in events if e["type"] == "look")
    assert not any(name in e["msg"] for e in events if e.get("to") != 0)  # hidden from the opponent


def test_leaves_play_pay_to_put_another_card_into_hand(game, card_db):
    """CG75 Trenderhoof: "When this card leaves play, you may pay [1] to put another card from your discard pile
    into your hand." "another": not this card, now in the discard pile (410.6a); 712.3 "may"."""
    st = stacked_game(game)
    c = place(game, st, "CG75", 0, "home0")
    ev_card = to_discard(game, st, "DE98", 0)  # any card type
    set_tokens(st, 0, 3)
    from gameplay.engine.mlp.engine import Ev
    leave_play(game, st, c, "disc", verb="dismissed")
    st._la = None
    resolve_all(game, st)
    hand_keys = [st.card_key(h) for h in st.hand(0)]
    assert card_db.key("DE98") in hand_keys and card_db.key("CG75") not in hand_keys
    assert st.tokens(0) == 2 and ev_card not in st.discard_pile(0)
    assert any(st.card_key(d) == card_db.key("CG75") for d in st.discard_pile(0))


# ------------------------------------------------------------------ Elements of Harmony (Resources)
def plays_of(game, st, card, p=0):
    return [a for a in legal(game, st, "play", p) if a.get("card") == card]


def test_parse_cards_d_elements():
    ab = parse_line("You must control Rarity to play this card.", "Resource", {})
    assert (ab["kind"], ab["op"], ab["title"]) == ("static", "must_control", "Rarity")
    ab = parse_line("Play to your home. You must control Twilight Sparkle to play this card.", "Resource", {})
    assert ab["kind"] == "multi" and ab["abilities"][0] == {"kind": "play_home"}
    ab = parse_line("Score Phase: Remove 2 Harmony counters from this card to reduce the confront requirements of a problem "
                    "by 3 power until the end of the turn.", "Resource", {})
    assert ab["cost"] == {"ncounters": {"name": "Harmony", "n": 2}} and ab["effects"][0]["n"] == -3
    ab = parse_line("Reaction: After you play a Friend with 2 or less power, you may remove 1 Harmony counter from this card "
                    "to give that Friend +2 power until the end of turn.", "Resource", {})
    assert ab["rx"] == {"ev": "enter", "type": "Friend", "by": "you", "played": True, "max_power": 2}


def test_newly_automated_elements(card_db):
    assert automated(card_db, "CG204", "CN201", "CN202", "AD204", "AD205", "CG203")


def test_you_must_control_a_title_to_play_this_card(game, card_db):
    """"You must control Rarity to play this card." (Elements of Harmony): playable only while you control a
    face-up card with that Title; 201.3a a trademarked name in a longer Title counts ("Princess Twilight Sparkle"
    is a Twilight Sparkle)."""
    st = stacked_game(game)  # Ann's Mane: Rainbow Dash
    set_tokens(st, 0, 9)
    for n in ("PR79", "PR79", "PR79", "PR60", "PR60", "PR60"):
        place(game, st, n, 0, "home0")  # 6 [Generosity], 6 [Magic]
    gen, mag, loy = to_hand(game, st, "CG204", 0), to_hand(game, st, "CN202", 0), to_hand(game, st, "AD205", 0)
    assert not plays_of(game, st, gen) and not plays_of(game, st, mag)
    place(game, st, "MT46", 1, "home1")  # an opponent's Rarity: not yours
    st._la = None
    assert not plays_of(game, st, gen)
    place(game, st, "MT46", 0, "home0")
    place(game, st, "DE36", 0, "home0")  # Princess Twilight Sparkle, Cutie Mark Researcher
    st._la = None
    assert plays_of(game, st, gen) and plays_of(game, st, mag) == [Action.make("play", 0, area="home0", card=mag)]


def test_remove_harmony_counters_to_activate(game, card_db):
    """CN202 The Element of Magic: "Main Phase: Remove 2 Harmony counters from this card to look at the top 3 cards of
    your deck. You may put any number of them on top of your deck in any order and the rest on the bottom of your
    deck in any order." Named counters as a cost (519, 508.1d: can't be activated without them)."""
    st = stacked_game(game)
    c = place(game, st, "CN202", 0, "home0")
    st.d["cards"][c]["cn"]["Harmony"] = 1
    st._la = None
    assert not [a for a in legal(game, st, "activate") if a.get("card") == c]
    st.d["cards"][c]["cn"]["Harmony"] = 3
    st._la = None
    deck = st.deck(0)
    t0, t1, t2 = deck[:3]
    st = activate(game, st, c)
    assert st.counters(c)["Harmony"] == 1
    st, _ = choose(game, st, t2)  # kept on top (first)
    st, _ = choose(game, st, "done")
    st, _ = choose(game, st, t1)  # the rest on the bottom in the order picked
    resolve_all(game, st)
    deck = st.deck(0)
    assert deck[0] == t2 and deck[-2:] == [t1, t0]


def test_score_phase_reduce_a_problem_by_three(game, card_db):
    """CG204 The Element of Generosity: "Score Phase: Remove 2 Harmony counters from this card to reduce the confront
    requirements of a problem by 3 power until the end of the turn." (512.3 Score Phase timing)."""
    st = stacked_game(game)
    c = place(game, st, "CG204", 0, "home0")
    st.d["cards"][c]["cn"]["Harmony"] = 2
    st._la = None
    assert not [a for a in legal(game, st, "activate") if a.get("card") == c]  # not in the Main Phase
    from gameplay.engine.mlp.scenario import pass_until
    st = pass_until(game, st, lambda s: bool([a for a in game.legal_actions(s, 0) if a.kind == "activate" and a.get("card") == c]))
    st = activate(game, st, c)
    assert st.pending["options"] == ["prob0", "prob1"]
    resolve_all(game, st)  # (in place: the first option, prob0)
    assert ("Less", 3) in game.requirements(st, 0, "prob0") and ("Less", 3) in game.requirements(st, 1, "prob0")
    assert st.counters(c)["Harmony"] == 0


def test_reorder_the_top_of_a_problem_deck(game, card_db):
    """AD204 The Element of Laughter: "Main Phase: Remove a Harmony counter from this card to look at the top 2 cards
    of a Problem deck and put them back in any order." (either player's Problem deck; a private look)."""
    st = stacked_game(game, manes=("PR3", "PR2"))
    c = place(game, st, "AD204", 0, "home0")
    st.d["cards"][c]["cn"]["Harmony"] = 1
    st._la = None
    pdeck = st.problem_deck(1)
    a, b = pdeck[:2]
    st = activate(game, st, c)
    st, _ = choose(game, st, 1)  # the opponent's Problem deck
    st, _ = choose(game, st, b)  # b on top
    resolve_all(game, st)
    assert st.problem_deck(1)[:2] == [b, a]


def _rx_acts(game, st, card, p=0):
    return [a for a in game.legal_actions(st, p) if a.kind == "activate" and a.get("card") == card]


def _react_to_second_play(game, st, card, first, second):
    """Player 0 plays ``first`` (no Reaction of ``card`` offered) then ``second`` (exactly one), uses
    that Reaction and resolves it; the state after."""
    st, _ = game.apply(st, Action.make("play", 0, card=first, area="home0"))
    assert not _rx_acts(game, st, card)
    st, _ = game.apply(st, Action.make("play", 0, card=second, area="home0"))
    acts = _rx_acts(game, st, card)
    assert len(acts) == 1
    st, _ = game.apply(st, acts[0])
    resolve_all(game, st)
    return st


def test_reaction_after_you_play_a_small_friend(game, card_db):
    """CN201 The Element of Kindness: "Reaction: After you play a Friend with 2 or less power, you may remove 1 Harmony
    counter from this card to give that Friend +2 power until the end of turn." (512.4: only in response; the
    played Friend's power as the Reaction is played)."""
    st = stacked_game(game, manes=("PR6", "PR2"))
    c = place(game, st, "CN201", 0, "home0")
    st.d["cards"][c]["cn"]["Harmony"] = 1
    set_tokens(st, 0, 9)
    big = to_hand(game, st, "PR31", 0)  # 4 power
    small = to_hand(game, st, "PR20", 0)  # 1 power
    st.d.pop("rxg", None)
    st = _react_to_second_play(game, st, c, big, small)
    f = next(o for o in st.cards_in_play if st.card_key(o) == card_db.key("PR20"))
    assert pw(game, st, f) == 3 and st.counters(c)["Harmony"] == 0


def test_reaction_counters_equal_to_harmony_counters(game, card_db):
    """CG203 The Element of Honesty: "Reaction: After one of your [Honesty] Friends enters play, put a number of +1
    power counters on it equal to the number of Harmony counters on this card, then remove all Harmony counters from
    this card." (the count as it resolves; a Friend of another color gives no Reaction)."""
    st = stacked_game(game, manes=("PR2", "PR1"))
    c = place(game, st, "CG203", 0, "home0")
    st.d["cards"][c]["cn"]["Harmony"] = 3
    set_tokens(st, 0, 9)
    other = to_hand(game, st, "PR12", 0)  # [Loyalty]
    hon = to_hand(game, st, "PR33", 0)  # [Honesty]
    st.d.pop("rxg", None)
    st = _react_to_second_play(game, st, c, other, hon)
    f = next(o for o in st.cards_in_play if st.card_key(o) == card_db.key("PR33"))
    assert st.counters(f)["+1"] == 3 and "Harmony" not in st.counters(c) and pw(game, st, f) == 5


def test_main_phase_reaction_move_another_character_to_that_problem(game, card_db):
    """AD205 The Element of Loyalty: "Main Phase Reaction: After one of your Friends is moved to or enters play at a
    Problem, you may remove a Harmony counter from this card to move one of your other characters to that Problem."
    ("that Problem": the noted Friend's area; "other": not that Friend; 512.4b only in the Main Phase)."""
    st = stacked_game(game)
    c = place(game, st, "AD205", 0, "home0")
    st.d["cards"][c]["cn"]["Harmony"] = 1
    set_tokens(st, 0, 9)
    mover = place(game, st, "PR12", 0, "home0")
    f = to_hand(game, st, "PR20", 0)
    st.d.pop("rxg", None)
    st, _ = game.apply(st, Action.make("play", 0, card=f, area="home0"))
    assert not _rx_acts(game, st, c)  # at home: not a Problem
    f2 = to_hand(game, st, "PR20", 0)
    st, _ = game.apply(st, Action.make("play", 0, card=f2, area="prob1"))
    acts = _rx_acts(game, st, c)
    assert len(acts) == 1
    st, _ = game.apply(st, acts[0])
    while st.pending:
        pend = st.pending
        st, _ = choose(game, st, mover if mover in pend["options"] else pend["options"][0])
    resolve_all(game, st)
    assert st.area(mover) == "prob1"


# ------------------------------------------------------------------ Resources and statics
def test_parse_cards_d_resources_and_statics():
    assert parse_line("That Problem can't be confronted.", "Resource", {})["op"] == "confront_block"
    ab = parse_line("Opposing characters here can't be moved unless their controller pays [1].", "Friend", {})
    assert (ab["op"], ab["where"], ab["opposing"], ab["unless"]) == ("action_cost", "at", True, True)
    ab = parse_line("Play to your home and choose a color. Your Mane Character is also that color until the end of the turn.",
                    "Resource", {})
    assert ab["kind"] == "multi" and [x["kind"] for x in ab["abilities"]] == ["play_home", "trigger"]
    ab = parse_line("Immediate: Pay [1] and choose a color to reduce the play requirement of the next card you play this "
                    "turn by 2 of the chosen color.", "Resource", {})
    assert ab["cost"] == {"tokens": 1} and ab["effects"][1] == {"op": "req_reduction", "n": 2, "color": "chosen",
                                                                 "until": "turn", "next": True}


def test_newly_automated_resources_and_statics(card_db):
    assert automated(card_db, "CG129", "MT72", "EO163", "LL113")


def test_that_problem_cant_be_confronted(game, card_db):
    """CG129 Crystal Forcefield (played on a Problem): "That Problem can't be confronted." (a "can't" modifier, 104.2)."""
    st = stacked_game(game)
    place(game, st, "PR31", 0, "prob1")  # 4 power at Runaway Cart (Wild 4)
    assert game.can_confront(st, 0, "prob1")
    place(game, st, "CG129", 1, "prob1", host=problem(st, game, 1))
    assert not game.can_confront(st, 0, "prob1")


def test_opposing_characters_here_cant_be_moved_unless_their_controller_pays(game, card_db):
    """MT72 Silver Spoon: "Opposing characters here can't be moved unless their controller pays [1]." (609.2b: the
    move action costs [1] more for an opposing character at this card's area; effect moves may pay or decline)."""
    st = stacked_game(game)
    place(game, st, "MT72", 0, "prob0")
    opp_here = place(game, st, "PR12", 1, "prob0")
    mine_here = place(game, st, "PR12", 0, "prob0")
    opp_away = place(game, st, "PR12", 1, "prob1")
    assert game.action_tax(st, 1, "move", opp_here, "prob0", "home1") == 1
    assert game.action_tax(st, 1, "move", opp_away, "prob1", "home1") == 0
    assert game.action_tax(st, 0, "move", mine_here, "prob0", "home0") == 0
    assert game.action_tax(st, 1, "move", opp_here, "prob0", "home1", unless_only=True) == 1  # binds effect moves too


def test_play_to_home_and_choose_a_color_for_your_mane(game, card_db):
    """EO163 Singing Barrel: "Play to your home and choose a color. Your Mane Character is also that color until the end
    of the turn." (the choice is made as it enters play; the color lasts until the end of the turn)."""
    st = stacked_game(game)
    set_tokens(st, 0, 9)
    for n in ("PR36", "PR36", "PR36", "PR79", "PR79", "PR81", "PR81"):
        place(game, st, n, 0, "home0")
    c = to_hand(game, st, "EO163", 0)
    plays = plays_of(game, st, c)
    assert plays and all(a.get("area") == "home0" for a in plays)
    st, _ = game.apply(st, plays[0])
    assert st.pending["kind"] == "choice" and "Kindness" in st.pending["options"]
    st, _ = choose(game, st, "Kindness")
    mane = st.mane(0)
    assert "Kindness" in game.colors(st, mane)
    end_durations(game, st, "turn")
    assert "Kindness" not in game.colors(st, mane)


def test_reduce_the_play_requirement_of_the_next_card(game, card_db):
    """LL113 Rainbow Generator: "Immediate: Pay [1] and choose a color to reduce the play requirement of the next card
    you play this turn by 2 of the chosen color." (205.1; only the next card played this turn)."""
    st = stacked_game(game)
    c = place(game, st, "LL113", 0, "home0")
    place(game, st, "PR76", 0, "home0")  # 1 [Generosity]
    set_tokens(st, 0, 9)
    a = to_hand(game, st, "CG71", 0)  # Rarity, Crystallized: 3 [Generosity] required
    b = to_hand(game, st, "CG71", 0)
    assert not plays_of(game, st, a)
    st = activate(game, st, c)
    st, _ = choose(game, st, "Generosity")
    assert st.tokens(0) == 8
    assert game.requirement_reduction(st, 0, "Generosity") == 2
    acts = plays_of(game, st, a) or plays_of(game, st, b)
    assert acts
    st, _ = game.apply(st, acts[0])
    resolve_all(game, st)
    assert game.requirement_reduction(st, 0, "Generosity") == 0  # used by the card played


# ------------------------------------------------------------------ reattach (509.5)
def test_parse_cards_d_reattach():
    assert parse_effects("you may reattach a Resource from one Friend to another") == [{"op": "may", "effects": [
        {"op": "mark", "target": {"type": "Resource", "on": {"type": "Friend"}}}, {"op": "reattach_it", "by": "you"}]}]
    ab = parse_line("When this Problem enters play, its owner may reattach a Resource from one of their Friends to another "
                    "one of their Friends.", "Problem", {})
    assert ab["kind"] == "trigger" and ab["effects"][0]["effects"][1]["to"] == {"type": "Friend", "ctrl": "you"}


def test_newly_automated_reattach(card_db):
    assert automated(card_db, "PR28", "CN166")


def test_when_you_play_this_card_reattach_a_resource(game, card_db):
    """PR28 Granny Smith: "When you play this card, you may reattach a Resource from one Friend to another." (509.5:
    the instructed player chooses the attachment and another card it may be attached to; 712.3 "may")."""
    st = stacked_game(game, manes=("PR2", "PR1"))
    a = place(game, st, "PR12", 1, "home1")  # an opponent's Friend
    hat = place(game, st, "EO168", 1, "home1", host=a)  # Umbrella Hat: "Play on a Friend."
    b = place(game, st, "PR33", 0, "home0")
    set_tokens(st, 0, 9)
    for n in ("PR33", "PR33"):
        place(game, st, n, 0, "home0")
    g = to_hand(game, st, "PR28", 0)
    st, _ = game.apply(st, plays_of(game, st, g)[0])
    assert st.pending["kind"] == "may"
    st, _ = choose(game, st, True)
    pend = st.pending
    assert pend["kind"] == "target" and pend["player"] == 0 and b in pend["options"] and a not in pend["options"]
    st, _ = choose(game, st, b)
    assert st.d["cards"][hat]["h"] == b and st.area(hat) == "home0"


def test_problem_enters_play_owner_may_reattach(game, card_db):
    """CN166 A Stitch in Time: "When this Problem enters play, its owner may reattach a Resource from one of their
    Friends to another one of their Friends." (613.2 replacing a Problem puts the next one into play)."""
    from gameplay.engine.mlp.engine import Ev
    st = stacked_game(game)
    a = place(game, st, "PR12", 0, "home0")
    hat = place(game, st, "EO168", 0, "home0", host=a)
    b = place(game, st, "PR33", 0, "home0")
    place(game, st, "PR33", 1, "home1")  # an opponent's Friend: not "one of their Friends"
    cid = game._new(st.d, game.db.key("CN166"), 0, "pdeck")
    st.d["pl"][0]["pdeck"].insert(0, cid)
    replace_problem(game, st, "prob0", solved=False)
    resolve_all(game, st)
    assert game.card_name(st, problem(st, game, 0)).startswith("A Stitch in Time")
    assert st.d["cards"][hat]["h"] == b


# ------------------------------------------------------------------ counters here, the opponent's choice
def test_parse_cards_d_counter_cost_here_and_opponent_retires():
    ab = parse_line("Immediate: Remove a +1 power counter from one of your characters here to exhaust an opposing character "
                    "here.", "Friend", {})
    assert ab["cost"] == {"counter_sel": {"type": "character", "at": "here"}}
    assert parse_effects("an opponent retires a Friend involved in the faceoff") == [{"op": "as_opponent", "effects": [
        {"op": "retire", "target": {"type": "Friend", "ctrl": "you", "at": "faceoff"}}]}]
    # not understood: no effect at all (falls through to the other templates)
    assert parse_effects("an opponent discards a card") == [{"op": "discard", "n": 1, "who": "opponent", "random": False}]


def test_newly_automated_counters_and_opponent_choice(card_db):
    assert automated(card_db, "EO205", "MT99")


def test_remove_a_counter_from_a_character_here_to_exhaust(game, card_db):
    """EO205 Double Diamond: "Immediate: Remove a +1 power counter from one of your characters here to exhaust an
    opposing character here." (the cost's character is at this card's area, 508.1d)."""
    st = stacked_game(game)
    home = place(game, st, "PR12", 0, "home0")
    st.d["cards"][home]["cn"]["+1"] = 1  # a counter, but not here
    c = place(game, st, "EO205", 0, "prob1")
    counters = st.counters(c)["+1"]
    st.d["cards"][c]["cn"]["+1"] = 0
    opp = place(game, st, "PR12", 1, "prob1")
    st._la = None
    assert not [a for a in legal(game, st, "activate") if a.get("card") == c]
    st.d["cards"][c]["cn"]["+1"] = counters
    st._la = None
    st = activate(game, st, c)
    resolve_all(game, st)
    assert st.exhausted(opp) and st.counters(c)["+1"] == counters - 1
    assert st.counters(home)["+1"] == 1


def test_chaos_an_opponent_retires_a_friend_involved(game, card_db):
    """MT99 Fernando: "Chaos: When this card is flipped, an opponent retires a Friend involved in the faceoff." (the
    opponent chooses one of their own involved Friends, 410.2; 515 flipping)."""
    from gameplay.engine.mlp.engine import Ev
    from gameplay.engine.mlp.flow import flip_one
    st = stacked_game(game)
    mine = place(game, st, "PR31", 0, "prob0")
    a = place(game, st, "PR12", 1, "prob0")
    b = place(game, st, "PR33", 1, "prob0")
    away = place(game, st, "PR20", 1, "home1")
    start_faceoff(game, st, "problem", ["prob0"], 0, None)
    resolve_all(game, st)
    cid = game._new(st.d, game.db.key("MT99"), 0, "deck")
    st.d["pl"][0]["deck"].insert(0, cid)
    flip_one(game.r, st.d, Ev(True), 0)
    pre_priority(game, st)
    while not st.pending and st.resolving:
        resolve_step(game, st)
    pend = st.pending
    assert pend and pend["player"] == 1 and set(pend["options"]) == {a, b}
    st, _ = choose(game, st, b)
    assert b not in st.cards_in_play and a in st.cards_in_play and mine in st.cards_in_play and away in st.cards_in_play


# ------------------------------------------------------------------ watched frightening
def set_problem(game, st, p, number):
    pid = problem(st, game, p)
    set_card(st, pid, card_key=game.db.key(number))
    st._la = None
    return pid


def _frighten_by(game, st, p, cid):
    st.d["rq"].append({"p": p, "src": None, "eff": [{"op": "frighten", "target": {"id": cid}}], "i": 0, "ch": None,
                       "lbl": "test", "after": None})
    st._la = None


def test_when_you_frighten_a_friend_for_the_first_time_each_turn(game, card_db):
    """LL131 Moving Out (Problem): "When you frighten a Friend for the first time each turn, you may move one of your
    characters." (the player frightening it: the resolving effect's controller; once per turn; 712.3 "may")."""
    assert parse_line("When you frighten a Friend for the first time each turn, you may move one of your characters.",
                      "Problem", {})["subj"] == {"by": "you", "once_turn": True, "sel": {"type": "Friend"}}
    assert automated(card_db, "LL131")
    st = stacked_game(game)
    set_problem(game, st, 0, "LL131")
    mover = place(game, st, "PR12", 0, "home0")
    o1 = place(game, st, "PR33", 1, "home1")
    o2 = place(game, st, "PR33", 1, "home1")
    _frighten_by(game, st, 1, o1)  # the opponent frightens: not "you"
    resolve_all(game, st)
    assert st.frightened(o1) and st.area(mover) == "home0" and not st.triggers_waiting
    _frighten_by(game, st, 0, o2)
    resolve_all(game, st)  # yes; the first character (and Problem) offered
    assert st.frightened(o2)
    moved = [c for c in st.cards_in_play if st.controller(c) == 0 and st.area(c) != "home0"
             and game.card_type(st, c) in ("Friend", "Mane Character")]
    assert len(moved) == 1
    o3 = place(game, st, "PR33", 1, "home1")
    before = {c: st.area(c) for c in st.cards_in_play}
    _frighten_by(game, st, 0, o3)
    resolve_all(game, st)  # a second time this turn: no trigger
    assert all(st.area(c) == a for c, a in before.items() if st.has_card(c) and c != o3)


# ------------------------------------------------------------------ any faceoff you win (514.5)
HAND6 = ["PR12", "PR33", "PR60", "PR81", "PR54", "PR86"]


def _problem_faceoff(game, extra_ann: int):
    """Ann (Mane + 2 + 2 + 4 x extra_ann) vs Bob (4 + Mane 1) at Runaway Cart; flips 3 and 1 (the quickstart example)."""
    st = stacked_game(game, decks=(HAND6 + ["PR36"], HAND6 + ["PR20", "PR79"]))
    c = place(game, st, "EO166", 0, "home0")
    place(game, st, "PR33", 0, "prob0")
    place(game, st, "PR12", 0, "prob0")
    for _ in range(extra_ann):
        place(game, st, "PR31", 0, "prob0")
    place(game, st, "PR31", 1, "prob0")
    set_card(st, st.mane(1), area="prob0")
    st._la = None
    st, events = game.apply(st, Action.make("pass", 0))  # Ann's Main Phase ends: the whole faceoff (nobody can act)
    assert any(e["msg"].startswith("Problem faceoff at") for e in events)
    return st, c


def test_when_you_win_a_problem_faceoff_by_at_least_five(game, card_db):
    """EO166 The Idol of Boreas: "When you win a Problem faceoff by at least 5 power, put a Gold counter on this card."
    (any Problem faceoff you win, 514.5, not only one involving this card) / "Main Phase: Exhaust this card and remove a
    Gold counter from it to move up to two of your characters." (named counters as a cost)."""
    assert parse_line("When you win a Problem faceoff by at least 5 power, put a Gold counter on this card.", "Resource",
                      {})["on"] == "you_win_fo"
    assert automated(card_db, "EO166")
    st, c = _problem_faceoff(game, 2)  # 15 vs 6
    assert st.counters(c).get("Gold") == 1
    st, c = _problem_faceoff(game, 0)  # 7 vs 6: by 1 only
    assert not st.counters(c).get("Gold")


def test_reveal_if_you_do_and_its_an_event(game, card_db):
    """HM107 Dream Network: "At the start of your turn, you may reveal the top card of your deck. If you do, and it's an
    Event, you may pay [1] to put a 2 [Magic] Figment Friend token into play." (a public reveal; it stays on top)."""
    from gameplay.engine.mlp.engine import Ev
    assert automated(card_db, "HM107")
    for top_card, made in (("DE98", True), ("PR12", False)):
        st = stacked_game(game)
        c = place(game, st, "HM107", 0, "home0")
        cid = game._new(st.d, game.db.key(top_card), 0, "deck")
        st.d["pl"][0]["deck"].insert(0, cid)
        set_tokens(st, 0, 3)
        trigger(game, st, "turn_start", c)
        resolve_all(game, st)
        tokens = [o for o in st.cards_in_play if st.is_token(o)]
        assert bool(tokens) == made and st.tokens(0) == (2 if made else 3)
        assert st.deck(0)[0] == cid


def test_confront_move_home_to_score_that_problems_bonus(game, card_db):
    """PR206 Rarity, Truly Outrageous: "When you confront this card's Problem, you may move this card home to score
    points equal to that Problem's bonus." (the bonus of the Problem it leaves, 210; 712.3 "may")."""
    from gameplay.engine.mlp.engine import Ev
    assert automated(card_db, "PR206")
    st = stacked_game(game)
    c = place(game, st, "PR206", 0, "prob1")
    bonus = game.problem_bonus(st, problem(st, game, 1))
    assert bonus >= 1
    score = st.score(0)
    trigger(game, st, "confront", c)
    resolve_all(game, st)
    assert st.area(c) == "home0" and st.score(0) == score + bonus


# ------------------------------------------------------------------ the end of a faceoff (514.6)
def test_parse_cards_d_end_of_faceoff():
    ab = parse_line("At the end of a faceoff involving this card, you may put one of your flipped cards into your hand.",
                    "Troublemaker", {})
    assert (ab["on"], ab["inv"], ab["effects"]) == ("fo_end_pre", True, [{"op": "may", "effects": [{"op": "flipped_to_hand"}]}])
    ab = parse_line("At the end of a faceoff, you may put one of your flipped Troublemakers into your hand.", "Resource", {})
    assert ab["on"] == "fo_end_pre" and ab["effects"][0]["effects"] == [{"op": "flipped_to_hand", "type": "Troublemaker"}]


def test_end_of_a_faceoff_put_a_flipped_troublemaker_into_your_hand(game, card_db):
    """SB119 Tempest Shadow's Airship: "At the end of a faceoff, you may put one of your flipped Troublemakers into your
    hand." (triggered as the faceoff ends and resolved before 514.6 puts the flipped cards on the bottom of the decks;
    712.3 "may"; only a Troublemaker)."""
    assert automated(card_db, "SB119", "EO177")
    st = stacked_game(game, decks=(HAND6 + ["PR36"], HAND6 + ["RR11", "PR79"]))
    place(game, st, "SB119", 1, "home1")
    place(game, st, "PR33", 0, "prob0")
    place(game, st, "PR12", 0, "prob0")
    place(game, st, "PR31", 1, "prob0")
    set_card(st, st.mane(1), area="prob0")
    st._la = None
    rr = card_db.key("RR11")
    st, events = game.apply(st, Action.make("pass", 0))
    while st.pending and st.pending["kind"] != "may":
        st, _ = choose(game, st, st.pending["options"][0])
    assert st.pending["player"] == 1 and [st.card_key(c) for c in st.flipped(1)] == [rr]
    st, _ = choose(game, st, True)
    assert any(st.card_key(c) == rr for c in st.hand(1))  # (a new id in the hand, 410.6)
    assert st.faceoff is None


def test_end_of_a_faceoff_involving_this_card(game, card_db):
    """EO177 Rover (Troublemaker): "At the end of a faceoff involving this card, you may put one of your flipped cards
    into your hand." (a Troublemaker faceoff, 514.2a.i: Rover is involved; its controller chooses)."""
    from gameplay.engine.mlp.engine import Ev
    from gameplay.engine.mlp.scenario import pass_until
    st = stacked_game(game, decks=(HAND6 + ["PR20"], HAND6 + ["PR79", "PR36"]))
    place(game, st, "PR20", 0, "prob1")  # 1 + a flipped 1: Rover (and its flipped 2) wins, so it stays in play
    rover = place(game, st, "EO177", 1, "prob1")
    k79 = card_db.key("PR79")
    start_faceoff(game, st, "tm", ["prob1"], 0, tm=rover)
    st._la = None
    seen = []

    def asked(s):
        if s.pending and s.pending["kind"] == "may" and s.pending["player"] == 1:
            seen.append([s.card_key(c) for c in s.flipped(1)])
        return s.faceoff is None
    st = pass_until(game, st, asked)
    assert seen and seen[0] == [k79]
    assert sum(1 for c in st.hand(1) if st.card_key(c) == k79) == 1


def test_owner_wins_a_faceoff_involving_their_mane(game, card_db):
    """CN185 Social Obligations (Problem): "When this card's owner wins a faceoff involving their Mane Character, that
    player may exhaust that Mane Character to score an additional point." (any faceoff the owner wins, 514.5, with
    their Mane involved, 514.2; exhausting it is done to score, 712.3 "may")."""
    from gameplay.engine.mlp.engine import Ev
    from gameplay.engine.mlp.scenario import pass_until
    assert automated(card_db, "CN185")
    gains = []
    for mane_there in (True, False):
        st = stacked_game(game, decks=(HAND6 + ["PR36", "PR36"], HAND6 + ["PR20", "PR20"]))
        pid = set_problem(game, st, 0, "CN185")
        mane = st.mane(0)
        if mane_there:
            set_card(st, mane, area="prob0")
        place(game, st, "PR31", 0, "prob0")
        place(game, st, "PR31", 0, "prob0")
        place(game, st, "PR20", 1, "prob0")
        before = st.score(0)
        bonus = game.problem_bonus(st, pid)
        start_faceoff(game, st, "problem", ["prob0"], 0, None)
        st._la = None
        st = pass_until(game, st, lambda s: s.faceoff is None)
        gains.append(st.score(0) - before - bonus)
        assert st.exhausted(mane) == mane_there
    assert gains == [1, 0]


def test_start_of_an_opponents_main_phase_character_cant_be_moved(game, card_db):
    """AD146 Spotlight: "At the start of an opponent's Main Phase, you may exhaust this card and pay [1] to choose a
    character. That character can't be moved until the end of the turn." (only an opponent's Main Phase; both costs
    or neither, 508.1d; a "can't" modifier, 104.2)."""
    from gameplay.engine.mlp.engine import Ev
    assert automated(card_db, "AD146")
    st = stacked_game(game)  # Ann's turn
    mine = place(game, st, "AD146", 0, "home0")
    trigger(game, st, "any_main_start", mine)
    assert not st.triggers_waiting  # Ann's own Main Phase
    spot = place(game, st, "AD146", 1, "home1")
    ann = place(game, st, "PR12", 0, "home0")
    set_tokens(st, 1, 2)
    trigger(game, st, "any_main_start", spot)
    assert st.triggers_waiting
    pre_priority(game, st)
    while not st.pending and st.resolving:
        resolve_step(game, st)
    assert st.pending["kind"] == "may" and st.pending["player"] == 1
    st, _ = choose(game, st, True)
    if st.pending:
        st, _ = choose(game, st, ann)
    assert st.exhausted(spot) and st.tokens(1) == 1
    assert game.move_blocked(st, 0, ann, "home0", "prob0")
    assert not [a for a in legal(game, st, "move") if a.get("card") == ann]
