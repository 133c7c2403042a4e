"""Issue #19: the last manual cards of The Crystal Games (CG) and Canterlot Nights (CN), each played in a scenario
(per-card definitions: gameplay/engine/mlp/cards/crystal_games.py and cards/canterlot_nights.py)."""
from __future__ import annotations

from gameplay.engine.api import Action
from gameplay.engine.events import filter_events
from gameplay.engine.mlp.engine import Ev
from gameplay.engine.mlp.scenario import (automated, end_main_phase, enter_play, first_answer, leave_play, pass_until,
                                          place, play_effects, problem, put_in_zone, ready, resolve_all,
                                          resolve_faceoff, set_card, set_tokens, stacked_game, start_faceoff,
                                          take_action, to_discard, to_hand, uncover, unfrighten)


def _activate(game, st, p, cid):
    a = next(a for a in game.legal_actions(st, p) if a.kind == "activate" and a.get("card") == cid)
    st, _ = game.apply(st, a)
    return st


def _zone(st, cid):
    return st.d["cards"][cid]["z"] if cid in st.d["cards"] else None


# ------------------------------------------------------------------ CG199 Backup Racer (506.5)
def test_backup_racer_sends_itself_home_to_return_a_cheaper_opposing_friend_there(game, card_db):
    """CG199: "When this card enters play at a Problem, you may send it home to put an opponent's Friend there with
    cost less than or equal to this card's cost (4) into its owner's hand" (sent, 506.5; "there" is the Problem it
    entered, not its home afterwards)."""
    assert automated(card_db, "CG199")
    st = stacked_game(game)
    cheap = place(game, st, "PR31", 1, "prob0")  # cost 4
    racer = to_hand(game, st, "CG199", 0)
    nid = enter_play(game, st, racer, "prob0", 0)
    resolve_all(game, st)
    assert st.d["cards"][nid]["a"] == "home0"
    assert cheap not in st.d["play"] and len(st.d["pl"][1]["hand"]) == 7  # back in its owner's hand (6 + 1)


def test_backup_racer_asks_nothing_with_only_a_costlier_friend_there(game, card_db):
    st = stacked_game(game)
    dear = place(game, st, "CN89", 1, "prob0")  # cost 6 > 4
    nid = enter_play(game, st, to_hand(game, st, "CG199", 0), "prob0", 0)
    resolve_all(game, st, answers=[])
    assert st.d["cards"][nid]["a"] == "prob0" and dear in st.d["play"]
    assert automated(card_db, "CG199")


# ------------------------------------------------------------------ CG173 Distract the Crystal Ponies (611.4)
def _confront_distract(game, colors3: bool):
    st = stacked_game(game)
    set_card(st, problem(st, game, 1), card_key=game.db.key("CG173"))  # (test setup: Bob's Problem)
    place(game, st, "PR31", 0, "prob1")  # 4 [Honesty]: with 4 more, the 5 power an opponent needs
    for n in (("PR12", "PR60") if colors3 else ("PR33", "PR33")):  # [Loyalty] + [Magic], or two more [Honesty]
        place(game, st, n, 0, "prob1")
    return pass_until(game, st, lambda s: bool(s.pending) or s.score(0) > 0)


def test_distract_the_crystal_ponies_reveals_two_for_a_confronter_with_three_colors(game, card_db):
    """CG173: "When a player confronts this Problem with characters that have at least 3 different colors among
    them, that player may reveal the top 2 cards of their deck, put a revealed Friend into their hand, and put the
    rest ... on the bottom" (611.4; Bob's Problem, Ann confronts it and follows it)."""
    assert automated(card_db, "CG173")
    st = _confront_distract(game, colors3=True)
    assert st.pending["kind"] == "may" and st.pending["player"] == 0
    top2 = st.deck(0)[:2]
    hand = len(st.hand(0))
    st, events = game.apply(st, Action.make("choose", 0, option=True))
    if st.pending:  # two revealed Friends: Ann picks one
        st, more = game.apply(st, Action.make("choose", 0, option=top2[1]))
        events += more
    assert len(st.hand(0)) == hand + 1 and st.deck(0)[-1] in top2 and not set(top2) & set(st.deck(0)[:2])
    assert any(e["type"] == "reveal" and "to" not in e for e in events)  # public (a reveal, 404.1)


def test_distract_the_crystal_ponies_needs_three_colors(game):
    st = _confront_distract(game, colors3=False)
    assert st.score(0) == 1 and not st.pending  # confronted (611.4), but with one color: no trigger


# ------------------------------------------------------------------ CG156 Biff (514.2a, 301.2)
def test_biff_keeps_mane_characters_out_of_its_troublemaker_faceoffs(game, card_db):
    """CG156: "Mane Characters can't be involved in Troublemaker faceoffs involving this card" (104.2 over 514.2a):
    a challenger's Mane Character at its Problem is not involved; another Troublemaker's faceoff still involves it."""
    assert automated(card_db, "CG156")
    for tm, mane_in in (("CG156", False), ("RR11", True)):
        st = stacked_game(game)
        mane = st.mane(0)
        set_card(st, mane, area="prob1")
        friend = place(game, st, "PR12", 0, "prob1")
        biff = place(game, st, tm, 1, "prob1")
        start_faceoff(game, st, "tm", ["prob1"], 0, tm=biff)
        assert game.involved_in_faceoff(st, friend)
        assert game.involved_in_faceoff(st, mane) is mane_in


def test_biff_retires_itself_to_turn_an_opponents_mane_to_its_start_side(game, card_db):
    """CG156: "Main Phase: Retire this card and pay [2] to turn an opponent's Mane Character to its Start side"
    (301.2; only the opponent's Mane, not Biff's controller's own boosted one)."""
    st = stacked_game(game, first=1)
    for p in (0, 1):
        set_card(st, st.mane(p), boosted=True)
    biff = place(game, st, "CG156", 1, "prob0")
    set_tokens(st, 1, 2)
    st = _activate(game, st, 1, biff)
    resolve_all(game, st)
    assert not st.boosted(st.mane(0)) and st.boosted(st.mane(1))
    assert biff not in st.d["play"] and st.tokens(1) == 0


# ------------------------------------------------------------------ CN89 Fluttershy, Element of Kindness (518)
def test_fluttershy_element_of_kindness_searches_privately_for_two_critters(game, card_db):
    """CN89: "When this card enters play you may search your deck for up to 2 Critter Friends and put them into
    your hand" (518: no "reveal", so the opponent's log names no card, 518.1 / 404.1; the deck is shuffled, 518.2)."""
    assert automated(card_db, "CN89")
    deck = ["PR12"] * 6 + ["PR33", "PR81", "PR60", "PR86", "PR81"]
    st = stacked_game(game, decks=(deck, None))
    critter_keys = {game.db.key("PR81"), game.db.key("PR86")}
    critters = [c for c in st.deck(0) if st.card_key(c) in critter_keys]
    in_hand = sum(st.card_key(c) in critter_keys for c in st.hand(0))
    nid = enter_play(game, st, to_hand(game, st, "CN89", 0), "home0", 0)
    ev = resolve_all(game, st, answers=[True, critters[0], critters[1]])
    assert nid in st.d["play"] and sum(st.card_key(c) in critter_keys for c in st.hand(0)) == in_hand + 2
    assert sum(st.card_key(c) in critter_keys for c in st.deck(0)) == len(critters) - 2
    names = {game.db.number(n).name for n in ("PR81", "PR86")}
    opp_log = [e["msg"] for e in filter_events(ev.items, 1)]
    assert any("searches their deck" in m for m in opp_log) and not any(n in m for m in opp_log for n in names)
    assert any(n in e["msg"] for e in filter_events(ev.items, 0) for n in names)  # its player sees them


def test_fluttershy_element_of_kindness_discards_a_critter_for_plus_two_in_a_faceoff(game, card_db):
    """CN89: "Faceoff: Discard a Critter Friend to give a Friend +2 power until the end of the faceoff" (508: the
    discard is the cost; a non-Critter hand card can't pay it)."""
    st = stacked_game(game)
    flutter = place(game, st, "CN89", 0, "prob0")
    target = place(game, st, "PR12", 0, "prob0")
    place(game, st, "RR11", 1, "prob0")
    critter = to_hand(game, st, "PR81", 0)
    start_faceoff(game, st, "problem", ["prob0"], 0)
    st.d["pending"] = None
    before = game.power(st, target)
    ab = next(i for i, a in enumerate(game.abilities(st, flutter)) if a["kind"] == "activated")
    take_action(game, st, Action.make("activate", 0, card=flutter, ability=ab))
    resolve_all(game, st, answers=[critter, target])
    assert critter not in st.hand(0) and [st.card_key(c) for c in st.discard_pile(0)] == [game.db.key("PR81")]
    assert game.power(st, target) == before + 2


# ------------------------------------------------------------------ CN142 Learned Lessons (514.5c, Pumped's spend)
def _beneath(st, host):
    return [c for p in (0, 1) for c in st.banished(p) if st.d["cards"][c].get("bn") == host]


def test_learned_lessons_banishes_the_deck_top_beneath_it_when_you_score_a_problem_bonus(game, card_db):
    """CN142: "When you score a Problem's bonus points, banish the top card of your deck to beneath this card"
    (514.5c: the winner of a Problem faceoff scores its bonus; the opponent's win does not trigger it)."""
    assert automated(card_db, "CN142")
    for winner, n in ((0, 1), (1, 0)):
        st = stacked_game(game)
        lessons = place(game, st, "CN142", 0, "home0")
        place(game, st, "PR12", 0, "prob0")
        place(game, st, "PR12", 1, "prob0")
        top = st.card_key(st.deck(0)[0])
        start_faceoff(game, st, "problem", ["prob0"], 0)
        resolve_faceoff(game, st, winner)
        resolve_all(game, st)
        assert len(_beneath(st, lessons)) == n
        if n:
            assert st.card_key(_beneath(st, lessons)[0]) == top


def test_learned_lessons_spends_all_cards_beneath_it_for_that_many_tokens(game, card_db):
    """CN142: "Main Phase: Spend all the cards beneath this card and retire it to gain a number of action tokens
    equal to the number of cards spent" (spent cards go to the discard pile; then it is retired)."""
    st = stacked_game(game)
    lessons = place(game, st, "CN142", 0, "home0")
    for _ in range(3):
        b = put_in_zone(game, st, st.deck(0)[0], "ban")
        set_card(st, b, banished_beneath=lessons)
    set_tokens(st, 0, 0)
    st = _activate(game, st, 0, lessons)
    resolve_all(game, st)
    assert st.tokens(0) == 3 and not _beneath(st, lessons) and lessons not in st.d["play"]
    assert len(st.discard_pile(0)) == 4  # the three spent cards and Learned Lessons


# ------------------------------------------------------------------ CN153 Varmint Barricade (705.2g)
def test_varmint_barricade_banks_a_card_for_each_troublemaker_played_and_spends_it_to_move(game, card_db):
    """CN153: "Play to your Home." (its capital H); "When a Troublemaker is played, banish the top card of your deck
    to beneath this card" (any player, face-down too, 609.2c); "Main Phase: Spend a card from beneath this card to
    move one of your characters to a Problem with a Troublemaker" (a face-up one, 505.2)."""
    assert automated(card_db, "CN153")
    assert game.db.number("CN153").abilities["front"][0] == {"kind": "play_home"}
    st = stacked_game(game, first=1)
    barricade = place(game, st, "CN153", 0, "home0")
    tm = to_hand(game, st, "RR11", 1)
    set_tokens(st, 1, 3)
    st, _ = game.apply(st, Action.make("play_troublemaker", 1, card=tm, area="prob0"))
    st.d["pending"] = None
    resolve_all(game, st)
    assert len(_beneath(st, barricade)) == 1  # Bob's face-down Troublemaker
    st = stacked_game(game)
    barricade = place(game, st, "CN153", 0, "home0")
    b = put_in_zone_top(game, st)
    set_card(st, b, banished_beneath=barricade)
    friend = place(game, st, "PR12", 0, "home0")
    place(game, st, "RR11", 1, "prob1")
    place(game, st, "RR11", 1, "prob0", face_down=True)  # face-down: not "a Problem with a Troublemaker"
    set_tokens(st, 0, 0)
    st = _activate(game, st, 0, barricade)
    resolve_all(game, st, answers=[friend])
    assert st.area(friend) == "prob1" and not _beneath(st, barricade)


def put_in_zone_top(game, st):
    return put_in_zone(game, st, st.deck(0)[0], "ban")


# ------------------------------------------------------------------ CN157 / CN158 Changelings (505.1a, 607.3)
def test_changeling_infiltrator_played_face_down_may_retire_a_friend_there_to_uncover(game, card_db):
    """CN157: "When you play this card to a Problem, you may retire a Friend there to uncover this card" (an
    ability that functions only while face-down, 505.1a; uncovered, 607.3, its "When this card is uncovered, all
    players shuffle their discard piles into their decks" follows; the retirement is the cost, 508.1d)."""
    assert automated(card_db, "CN157", "CN158")
    for answer_, friend_there in ((True, True), (False, True), (True, False)):
        st = stacked_game(game)
        friend = place(game, st, "PR12", 0, "prob1") if friend_there else None
        place(game, st, "PR12", 0, "prob0")  # not there
        cid = to_hand(game, st, "CN157", 0)
        set_tokens(st, 0, 3)
        st, events = game.apply(st, Action.make("play_troublemaker", 0, card=cid, area="prob1"))
        tm = next(c for c in st.d["play"] if st.card_key(c) == game.db.key("CN157"))
        assert all("Changeling" not in e["msg"] for e in filter_events(events, 1))  # 505.1d not public
        if friend_there:
            assert st.pending["kind"] == "may" and st.pending["player"] == 0
            st, _ = game.apply(st, Action.make("choose", 0, option=answer_))
        resolve_all(game, st)
        done = answer_ and friend_there
        assert st.face_down(tm) is not done
        assert (friend in st.d["play"]) is not done if friend else True
        if done:  # its uncover trigger: every discard pile shuffled into its deck (Ann's retired Friend too)
            assert not st.discard_pile(0)


def test_changeling_swarm_retires_a_troublemaker_you_control_there(game, card_db):
    """CN158: "... you may retire a Troublemaker you control there to uncover this card" (an opponent's Troublemaker
    there can't be retired by you: only cards you control are retired)."""
    st = stacked_game(game)
    theirs = place(game, st, "RR11", 1, "prob1")
    mine = place(game, st, "RR11", 0, "prob1")
    cid = to_hand(game, st, "CN158", 0)
    set_tokens(st, 0, 3)
    st, _ = game.apply(st, Action.make("play_troublemaker", 0, card=cid, area="prob1"))
    swarm = next(c for c in st.d["play"] if st.card_key(c) == game.db.key("CN158"))
    st, _ = game.apply(st, Action.make("choose", 0, option=True))
    resolve_all(game, st)
    assert not st.face_down(swarm) and mine not in st.d["play"] and theirs in st.d["play"]


# ------------------------------------------------------------------ CN7 Fluttershy, Friend to Animals (508, 301.2)
def _turn_over_cost(game, st, p):
    mane = st.mane(p)
    ab = next(i for i, a in enumerate(game.abilities(st, mane)) if a["kind"] == "activated")
    return game.ability_tokens(st, p, mane, game.abilities(st, mane)[ab])


def test_fluttershy_friend_to_animals_turns_over_for_one_less_per_critter_friend(game, card_db):
    """CN7: "You pay 1 less action token to turn this card over for each Critter Friend you control" ([3] printed;
    an opponent's Critter does not count; never below 0)."""
    assert automated(card_db, "CN7")
    st = stacked_game(game, manes=("CN7", "PR2"))
    assert _turn_over_cost(game, st, 0) == 3
    place(game, st, "PR81", 1, "home1")
    assert _turn_over_cost(game, st, 0) == 3
    place(game, st, "PR81", 0, "home0")
    place(game, st, "PR86", 0, "prob0")
    assert _turn_over_cost(game, st, 0) == 1
    set_tokens(st, 0, 1)
    st = _activate(game, st, 0, st.mane(0))
    resolve_all(game, st)
    assert st.boosted(st.mane(0)) and st.tokens(0) == 0
    for _ in range(3):
        place(game, st, "PR81", 0, "home0")
    set_card(st, st.mane(0), boosted=False)
    assert _turn_over_cost(game, st, 0) == 0


def test_fluttershy_friend_to_animals_moves_to_a_problem_with_one_of_your_critters(game):
    """CN7 (boosted): "Main Phase: Pay [1] to move this card to a Problem that has one of your Critter Friends there"
    (506; the Problem with only an opponent's Critter is not offered)."""
    st = stacked_game(game, manes=("CN7", "PR2"))
    set_card(st, st.mane(0), boosted=True)
    place(game, st, "PR81", 0, "prob1")
    place(game, st, "PR81", 1, "prob0")
    set_tokens(st, 0, 1)
    st = _activate(game, st, 0, st.mane(0))
    resolve_all(game, st)
    assert st.area(st.mane(0)) == "prob1" and st.tokens(0) == 0


# ------------------------------------------------------------------ CN164 Sunset Shimmer (607, 505.3, 410.6a)
def _uncover_shimmer(game, st, pay):
    shimmer = place(game, st, "CN164", 1, "prob0", face_down=True)
    uncover(game, st, shimmer, by=1)
    resolve_all(game, st, answers=["pay" if pay else "decline"])
    return shimmer


def test_sunset_shimmer_pays_three_to_banish_an_opposing_friend_beneath_it_and_gives_it_back(game, card_db):
    """CN164: uncovered, "you may pay [3]. If you do, banish an opposing Friend or Resource to beneath this card";
    "When this card leaves play or is turned face-down, put any cards beneath it into their owner's hand"."""
    assert automated(card_db, "CN164")
    st = stacked_game(game, first=1)
    friend = place(game, st, "PR12", 0, "prob0")
    set_tokens(st, 1, 3)
    shimmer = _uncover_shimmer(game, st, pay=True)
    assert friend not in st.d["play"] and len(_beneath(st, shimmer)) == 1 and st.tokens(1) == 0
    hand = len(st.hand(0))
    ev = Ev()
    leave_play(game, st, shimmer, "disc", verb="dismissed", ev=ev)
    resolve_all(game, st)
    assert len(st.hand(0)) == hand + 1 and not _beneath(st, shimmer)  # Ann's Friend back in Ann's hand


def test_sunset_shimmer_is_dismissed_unless_its_controller_pays(game):
    st = stacked_game(game, first=1)
    friend = place(game, st, "PR12", 0, "prob0")
    set_tokens(st, 1, 3)
    shimmer = _uncover_shimmer(game, st, pay=False)
    assert shimmer not in st.d["play"] and friend in st.d["play"] and st.tokens(1) == 3


def test_sunset_shimmer_turned_face_down_gives_the_cards_beneath_it_back(game):
    """CN164: "... or is turned face-down" (505.3: a look back at the card before it turned)."""
    st = stacked_game(game, first=1)
    place(game, st, "PR12", 0, "prob0")
    set_tokens(st, 1, 3)
    shimmer = _uncover_shimmer(game, st, pay=True)
    hand = len(st.hand(0))
    play_effects(game, st, 0, st.mane(0), [{"op": "turn_face_down", "target": {"id": shimmer}}])
    resolve_all(game, st)
    assert st.face_down(shimmer) and len(st.hand(0)) == hand + 1 and not _beneath(st, shimmer)


# ------------------------------------------------------------------ CG154 The Crystal Heart (705.2g, 512.4)
def _play_friend(game, st, p, number, area="home0"):
    cid = to_hand(game, st, number, p)
    set_tokens(st, p, 5)
    st, _ = game.apply(st, Action.make("play", p, card=cid, area=area))
    while st.pending:  # (no decision of these plays matters here)
        st, _ = game.apply(st, Action.make("choose", st.pending["player"], option=st.pending["options"][0]))
    return st


def test_crystal_heart_counts_only_your_first_crystal_friend_each_turn(game, card_db):
    """CG154: "When you play your first Crystal Friend each turn, put a Crystal counter on this card" (a non-Crystal
    Friend is not one; the second Crystal Friend of the turn is not the first)."""
    assert automated(card_db, "CG154")
    st = stacked_game(game)
    heart = place(game, st, "CG154", 0, "home0")
    st = _play_friend(game, st, 0, "PR12")  # not a Crystal Friend
    assert st.counters(heart).get("Crystal", 0) == 0
    st = _play_friend(game, st, 0, "CG11")  # Periwinkle Pace (Crystal)
    assert st.counters(heart).get("Crystal") == 1
    st = _play_friend(game, st, 0, "CG38")  # Jewel Joy (Crystal), the second this turn
    assert st.counters(heart).get("Crystal") == 1


def test_crystal_heart_removes_two_counters_to_give_a_friend_a_chosen_color_for_the_phase(game, card_db):
    """CG154: "Reaction: After the start of any phase, remove 2 Crystal counters from this card to choose a color and
    a Friend. That Friend has that color until the end of the phase" (the Main Phase here: it ends with it)."""
    st = stacked_game(game)
    heart = place(game, st, "CG154", 0, "home0")
    friend = place(game, st, "PR12", 1, "home1")  # any Friend, an opponent's too
    set_card(st, heart, counters={"Crystal": 3})
    ab = next(i for i, a in enumerate(game.abilities(st, heart)) if a["kind"] == "activated")
    take_action(game, st, Action.make("activate", 0, card=heart, ability=ab))
    resolve_all(game, st, answers=["Magic", friend])
    assert set(game.colors(st, friend)) == {"Loyalty", "Magic"} and st.counters(heart)["Crystal"] == 1
    end_main_phase(game, st)
    assert set(game.colors(st, friend)) == {"Loyalty"}


# ------------------------------------------------------------------ CG191 Shining Armor/Princess Cadance (519, 301.2)
def test_fastball_special_winds_up_then_turns_over_to_bring_friends_to_its_problem(game, card_db):
    """CG191: "At the start of a Problem faceoff, you may pay [1] to put a Windup counter on this card. If you do, you
    may turn this card over." / boosted: "When this side of the card turns face-up, you may move it to a Problem.
    Then, remove each Windup counter from this card and you may move a number of your Friends to this card's Problem
    up to the number of counters removed this way" (two counters: up to two Friends)."""
    assert automated(card_db, "CG191")
    st = stacked_game(game, manes=("CG191", "PR2"))
    mane = st.mane(0)
    set_card(st, mane, counters={"Windup": 1})
    friends = [place(game, st, "PR12", 0, "home0") for _ in range(3)]
    place(game, st, "PR12", 0, "prob1")
    place(game, st, "PR12", 1, "prob1")
    set_tokens(st, 0, 1)
    start_faceoff(game, st, "problem", ["prob1"], 0)
    resolve_all(game, st, answers=[True, True, True, "prob1", friends[0], friends[1]])
    assert st.boosted(mane) and st.tokens(0) == 0 and st.counters(mane).get("Windup", 0) == 0
    assert st.area(mane) == "prob1" and [st.area(f) for f in friends] == ["prob1", "prob1", "home0"]


def test_fastball_special_declined_changes_nothing(game):
    st = stacked_game(game, manes=("CG191", "PR2"))
    place(game, st, "PR12", 0, "prob1")
    place(game, st, "PR12", 1, "prob1")
    set_tokens(st, 0, 1)
    start_faceoff(game, st, "problem", ["prob1"], 0)
    resolve_all(game, st, answers=[False])
    assert not st.boosted(st.mane(0)) and st.tokens(0) == 1 and not st.counters(st.mane(0))


# ------------------------------------------------------------------ CN152 Train Tracks (104.2, 609.2e, 512.3)
def test_train_tracks_keeps_its_frightened_friend_frightened_while_exhausted(game, card_db):
    """CN152: "Main Phase: Exhaust this card and pay [1] to frighten an opponent's Friend at a Problem." / "While this
    card is exhausted, that card can't be unfrightened" (no rally, 609.2e, nor an effect, 104.2; readied, it can)."""
    assert automated(card_db, "CN152")
    st = stacked_game(game)
    tracks = place(game, st, "CN152", 0, "home0")
    friend = place(game, st, "PR12", 1, "prob1")
    other = place(game, st, "PR12", 1, "prob1")
    set_tokens(st, 0, 1)
    st = _activate(game, st, 0, tracks)
    resolve_all(game, st, answers=[friend])
    assert st.frightened(friend) and st.exhausted(tracks)
    frighten_other = [{"op": "frighten", "target": {"id": other}}]
    play_effects(game, st, 0, st.mane(0), frighten_other)
    resolve_all(game, st)
    set_tokens(st, 1, 4)
    st.d["tp"] = 1  # (Bob's Main Phase: may he rally?)
    st._la = None
    rallies = {a.get("card") for a in game.legal_actions(st, 1) if a.kind == "rally"}
    assert friend not in rallies and other in rallies
    assert not unfrighten(game, st, friend) and st.frightened(friend)
    ready(game, st, tracks)
    assert unfrighten(game, st, friend) and not st.frightened(friend)


def test_any_player_may_exhaust_two_of_their_characters_to_dismiss_train_tracks(game):
    """CN152: "Main Phase: Exhaust 2 of your characters to dismiss this card. Any player may activate this ability"
    (the opponent activates it in their Main Phase, exhausting two of their own characters, 512.3)."""
    st = stacked_game(game, first=1)
    tracks = place(game, st, "CN152", 0, "home0")
    mine = [place(game, st, "PR12", 1, "home1") for _ in range(2)]
    st = _activate(game, st, 1, tracks)
    resolve_all(game, st, answers=[mine[0], mine[1]])
    assert tracks not in st.d["play"] and all(st.exhausted(c) for c in mine) and not st.exhausted(st.mane(0))


# ------------------------------------------------------------------ CG103 Friendly Disagreement (Teamwork, 603.1)
def test_friendly_disagreement_exhausts_a_friend_that_loses_teamwork_until_it_is_readied(game, card_db):
    """CG103: "Main Phase: Exhaust an opponent's Friend. That Friend loses Teamwork until it is readied" (Soarin's
    Teamwork lends Supportive 1 to another Pegasus Friend there; not while it lost Teamwork; readied, it has it)."""
    assert automated(card_db, "CG103")
    st = stacked_game(game)
    soarin = place(game, st, "CG17", 1, "prob1")
    mate = place(game, st, "PR20", 1, "prob1")
    assert game.keyword(st, mate, "Supportive") == 1
    ev_card = to_hand(game, st, "CG103", 0)
    set_tokens(st, 0, 3)
    place(game, st, "PR12", 0, "home0")  # (a Friend for any play requirement)
    take_action(game, st, Action.make("play", 0, card=ev_card))
    resolve_all(game, st, answers=[soarin])
    assert st.exhausted(soarin) and game.keyword(st, soarin, "Teamwork") == 0
    assert game.keyword(st, mate, "Supportive") == 0
    ready(game, st, soarin)
    assert game.keyword(st, soarin, "Teamwork") == 1 and game.keyword(st, mate, "Supportive") == 1


# ------------------------------------------------------------------ CN147 Reformed (514.5a, 514.4a, 410.6a)
def test_reformed_adds_the_defeated_troublemakers_power_to_your_next_faceoff_this_turn(game, card_db):
    """CN147 (on an opponent's Troublemaker): "When you defeat that Troublemaker, you may add its power to your next
    faceoff this turn" (Diamond Dog, 4 power, defeated by a challenge: Ann's next faceoff total has +4, once)."""
    assert automated(card_db, "CN147")
    st = stacked_game(game)
    dog = place(game, st, "RR11", 1, "prob0")
    place(game, st, "CN147", 0, "prob0", host=dog)
    place(game, st, "PR31", 0, "prob0")
    start_faceoff(game, st, "tm", ["prob0"], 0, tm=dog)
    resolve_faceoff(game, st, 0)
    resolve_all(game, st)
    st.d["fo"] = None
    place(game, st, "PR12", 0, "prob1")
    place(game, st, "PR12", 1, "prob1")
    totals = []
    for _ in range(2):
        start_faceoff(game, st, "problem", ["prob1"], 0)
        totals.append((game.faceoff_total(st, 0), game.faceoff_total(st, 1)))
        st.d["fo"] = None
    assert totals[0][0] == totals[1][0] + 4 and totals[0][1] == totals[1][1]


def test_reformed_gives_nothing_when_the_opponent_wins(game):
    st = stacked_game(game)
    dog = place(game, st, "RR11", 1, "prob0")
    place(game, st, "CN147", 0, "prob0", host=dog)
    place(game, st, "PR12", 0, "prob0")
    start_faceoff(game, st, "tm", ["prob0"], 0, tm=dog)
    resolve_faceoff(game, st, 1)
    resolve_all(game, st)
    assert "nfb" not in st.d["pl"][0]


# ------------------------------------------------------------------ CG183 Ponies Without Parachutes (609.2f, 703)
def _parachutes(game, ann_pegasi, bob_pegasi):
    st = stacked_game(game)
    pid = problem(st, game, 1)
    set_card(st, pid, card_key=game.db.key("CG183"))  # (test setup: Bob's Problem)
    ann = [place(game, st, "PR20", 0, "prob1") for _ in range(ann_pegasi)]  # Sweetie Sunrise (Pegasus)
    for _ in range(bob_pegasi):
        place(game, st, "PR20", 1, "prob1")
    return st, pid, ann


def test_ponies_without_parachutes_only_the_player_with_the_most_pegasi_here_may_activate(game, card_db):
    """CG183 (Bob's Problem): "Main Phase: Exhaust two of your Pegasus characters here to move another one of your
    characters. Only the player with the most Pegasus characters here may activate this ability" (Ann, the turn
    player, with 3 Pegasi against 2 may; with 2 against 2 nobody has the most)."""
    assert automated(card_db, "CG183")
    st, pid, _ = _parachutes(game, 2, 2)
    assert not any(a.kind == "activate" and a.get("card") == pid for a in game.legal_actions(st, 0))
    st, pid, ann = _parachutes(game, 3, 2)
    mover = place(game, st, "PR12", 0, "home0")
    st = _activate(game, st, 0, pid)
    resolve_all(game, st, answers=[ann[0], ann[1], mover, "prob0"])
    assert st.exhausted(ann[0]) and st.exhausted(ann[1]) and st.area(mover) == "prob0"


# ------------------------------------------------------------------ CG138 Party Bomb (508, 202)
def test_party_bomb_pays_its_counters_to_dismiss_every_friend_of_that_printed_power(game, card_db):
    """CG138: "Main Phase: Pay a number of action tokens equal to the number of Party counters on this card and
    retire it to dismiss all Friends with printed power equal to the number of Party counters on this card" (2
    counters: [2] paid, every 2-power Friend dismissed, either player's; the 1- and 4-power ones stay)."""
    assert automated(card_db, "CG138")
    st = stacked_game(game)
    bomb = place(game, st, "CG138", 0, "home0")
    set_card(st, bomb, counters={"Party": 2})
    twos = [place(game, st, "PR12", 0, "prob0"), place(game, st, "PR33", 1, "prob1")]
    others = [place(game, st, "PR20", 1, "prob1"), place(game, st, "PR31", 1, "prob0")]
    set_tokens(st, 0, 1)
    assert not any(a.kind == "activate" and a.get("card") == bomb for a in game.legal_actions(st, 0))
    set_tokens(st, 0, 3)
    st = _activate(game, st, 0, bomb)
    resolve_all(game, st)
    assert st.tokens(0) == 1 and bomb not in st.d["play"]
    assert not any(c in st.d["play"] for c in twos) and all(c in st.d["play"] for c in others)


# ------------------------------------------------------------------ CG158 Chimera (514.2a, 203, 503)
def test_chimera_exhausts_the_involved_characters_of_only_the_chosen_color(game, card_db):
    """CG158: "At the start of a faceoff involving this card, you may pay [1] to choose a color, then exhaust all
    characters involved in that faceoff that have only that color" (Bob's Chimera challenged by Ann: her [Loyalty]
    Friends there are exhausted; her [Honesty] one and her Friend elsewhere are not)."""
    assert automated(card_db, "CG158")
    st = stacked_game(game)
    chimera = place(game, st, "CG158", 1, "prob0")
    loyal = [place(game, st, "PR12", 0, "prob0"), place(game, st, "PR20", 0, "prob0")]
    honest = place(game, st, "PR33", 0, "prob0")
    away = place(game, st, "PR12", 0, "prob1")
    set_tokens(st, 1, 1)
    start_faceoff(game, st, "tm", ["prob0"], 0, tm=chimera)
    resolve_all(game, st, answers=[True, "Loyalty"])
    assert all(st.exhausted(c) for c in loyal) and not st.exhausted(honest) and not st.exhausted(away)
    assert st.tokens(1) == 0


# ------------------------------------------------------------------ CN78 Rarity, Element of Generosity (705.2f)
def test_rarity_element_of_generosity_the_opponent_picks_which_friend_goes_to_hand(game, card_db):
    """CN78: "When this card enters play you may choose 2 [Generosity] Friends from your discard pile. An opponent
    chooses 1 to put into your hand. You may put the other into play at your home." (Bob makes the middle choice;
    a non-[Generosity] card in the pile can't be chosen)."""
    assert automated(card_db, "CN78")
    for play_other in (True, False):
        st = stacked_game(game)
        gen = [to_discard(game, st, "PR79", 0), to_discard(game, st, "PR76", 0)]  # Sugar Twist, Noteworthy
        to_discard(game, st, "PR12", 0)
        nid = enter_play(game, st, to_hand(game, st, "CN78", 0), "home0", 0)

        def pick(pend):
            if pend["kind"] == "target" and pend.get("op") == "choose_discard":
                assert set(pend["options"]) <= set(gen) and pend["player"] == 0
            if pend["kind"] == "target" and pend.get("op") == "to_hand":
                assert pend["player"] == 1
                return gen[1]
            return play_other if pend.get("text") == "put into play" else first_answer(pend)
        resolve_all(game, st, pick=pick)
        keys = lambda ids: sorted(st.card_key(c) for c in ids)  # noqa: E731
        assert game.db.key("PR76") in keys(st.hand(0)) and nid in st.d["play"]
        in_play = any(st.card_key(c) == game.db.key("PR79") for c in st.d["play"])
        assert in_play is play_other
        assert (game.db.key("PR79") in keys(st.discard_pile(0))) is not play_other


# ------------------------------------------------------------------ CN190 Princess Celestia, Equestrian Leader (508, 301.2)
def test_celestia_retires_a_resource_to_add_its_power_to_a_yellow_friend_and_turns_over(game, card_db):
    """CN190 (boosted): "Main Phase: Retire one of your Resources to add its power to one of your Yellow Friends until
    the end of this turn and turn this card over" (Learned Lessons, power 4, onto a [Kindness] Friend; not offered
    without a Resource)."""
    assert automated(card_db, "CN190")
    st = stacked_game(game, manes=("CN190", "PR2"))
    mane = st.mane(0)
    set_card(st, mane, boosted=True)
    yellow = place(game, st, "PR81", 0, "home0")  # Blue Jay, [Kindness]
    place(game, st, "PR12", 0, "home0")  # [Loyalty]: not Yellow
    assert not any(a.kind == "activate" and a.get("card") == mane for a in game.legal_actions(st, 0))
    lessons = place(game, st, "CN142", 0, "home0")
    before = game.power(st, yellow)
    st = _activate(game, st, 0, mane)
    resolve_all(game, st, answers=[lessons, yellow])
    assert lessons not in st.d["play"] and game.power(st, yellow) == before + 4 and not st.boosted(mane)
