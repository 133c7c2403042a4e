"""Issue #19: the last manual cards of Absolute Discord (AD), Defenders of Equestria (DE) and Premiere (PR), each
played in a scenario that fails without its definition (cards/absolute_discord.py, cards/defenders.py,
cards/premiere.py) and the vocabulary they use (effects/players_and_piles.py and the extended ops)."""
from __future__ import annotations

from gameplay.engine.api import Action
from gameplay.engine.mlp.scenario import (add_power, answer, automated, end_faceoff, enter_play, every_ending,
                                          leave_play, move_card, new_card, pass_until, place, play_effects,
                                          pre_priority, problem, put_in_zone, queue_trigger, resolve_all, resolve_step,
                                          score_points, set_card, set_tokens, stacked_game, start_faceoff, start_turn,
                                          to_discard, to_hand, trigger, trigger_all, watched_event)


def keys(st, ids) -> list:
    return [st.card_key(c) for c in ids]


def flipped(game, st, p, numbers) -> list[str]:
    """Cards in ``p``'s flip zone (515), first flipped first."""
    return [new_card(game, st, n, p, "flip") for n in numbers]


def end_problem_faceoff(game, st, pick) -> None:
    """514.6: the faceoff ends (its end-of-faceoff triggers resolved first), the flipped cards go to the bottom."""
    end_faceoff(game, st)
    resolve_all(game, st, pick=pick)
    if st.d["fo"]:
        end_faceoff(game, st)


# ------------------------------------------------------------------ flipped cards into the hand instead (514.6, 712.3)
def test_each_flipped_event_may_go_to_the_hand_instead_of_the_bottom(game, card_db):
    """PR4 Twilight Sparkle, Faithful Student (boosted): "During a faceoff involving this card, if you would put a
    flipped Event card on the bottom of your deck, you may put it into your hand instead." (every Event, each one
    optional, 712.3; a Friend flipped goes to the bottom, 514.6)."""
    assert automated(card_db, "PR4")
    for take in (("PR111", "PR100"), ("PR100",), ()):
        st = stacked_game(game, manes=("PR4", "PR2"))
        mane = st.mane(0)
        set_card(st, mane, boosted=True, area="prob0")
        place(game, st, "PR31", 1, "prob0")
        start_faceoff(game, st, "problem", ["prob0"], 0)
        flips = flipped(game, st, 0, ["PR111", "PR12", "PR100"])
        names = dict(zip(flips, ["PR111", "PR12", "PR100"]))
        asked = []

        def pick(pend, take=take):
            asked.append(sorted(names[o] for o in pend["options"] if o != "none"))
            want = [o for o in pend["options"] if names.get(o) in take]
            return want[0] if want else "none"
        end_problem_faceoff(game, st, pick)
        assert asked[0] == ["PR100", "PR111"]  # only the Events are offered
        hand = keys(st, st.hand(0))
        assert sorted(k for k in hand if k in {card_db.key(n) for n in ("PR111", "PR100")}) == sorted(card_db.key(n) for n in take)
        assert len(st.deck(0)) >= 3 - len(take) and keys(st, st.deck(0)[-(3 - len(take)):]).count(card_db.key("PR12")) == 1
    st = stacked_game(game, manes=("PR4", "PR2"))  # not involved (its Mane at home): nothing is offered
    set_card(st, st.mane(0), boosted=True)
    start_faceoff(game, st, "problem", ["prob0"], 0)
    flipped(game, st, 0, ["PR111"])
    end_problem_faceoff(game, st, lambda pend: (_ for _ in ()).throw(AssertionError(pend)))
    assert card_db.key("PR111") not in keys(st, st.hand(0))


def test_once_per_faceoff_one_flipped_card_into_the_hand(game, card_db):
    """PR212 Rainbow Dash, To the Rescue: "Once per faceoff, if you would put a card flipped for a faceoff involving
    this card on the bottom of your deck, you may put it into your hand instead." (one card, any type; 712.3)."""
    assert automated(card_db, "PR212")
    st = stacked_game(game)
    place(game, st, "PR212", 0, "prob0")
    start_faceoff(game, st, "problem", ["prob0"], 0)
    flips = flipped(game, st, 0, ["PR12", "PR111"])
    offered = []

    def pick(pend):
        if pend["kind"] == "may":
            return True
        offered.append(set(pend["options"]))
        return flips[1]
    end_problem_faceoff(game, st, pick)
    assert offered == [set(flips)]
    assert card_db.key("PR111") in keys(st, st.hand(0)) and keys(st, st.deck(0))[-1] == card_db.key("PR12")


def test_one_flipped_friend_into_the_hand_the_rest_on_the_bottom(game, card_db):
    """DE68 Granny Smith, Out of Bounds: "If you would put any number of flipped Friends on the bottom of your deck,
    you may put one of them into your hand and the rest on the bottom instead." (any faceoff: Granny Smith need not
    be involved; only a Friend)."""
    assert automated(card_db, "DE68")
    st = stacked_game(game)
    place(game, st, "DE68", 0, "home0")
    place(game, st, "PR12", 0, "prob0")
    start_faceoff(game, st, "problem", ["prob0"], 0)
    flips = flipped(game, st, 0, ["PR36", "PR111", "PR79"])
    offered = []

    def pick(pend):
        if pend["kind"] == "may":
            return True
        offered.append(set(pend["options"]))
        return flips[2]
    end_problem_faceoff(game, st, pick)
    assert offered == [{flips[0], flips[2]}]  # the Event is not a Friend
    hand = keys(st, st.hand(0))
    assert card_db.key("PR79") in hand and card_db.key("PR36") not in hand and card_db.key("PR111") not in hand


# ------------------------------------------------------------------ Chaos, the discard pile from play (707.4, 410)
def test_owlowiscious_flipped_gains_banishes_itself_and_flips_another(game, card_db):
    """AD47 Owlowiscious, Tome Retriever: "Chaos: When this card is flipped, gain [1], banish this card, and flip
    another." and "When this card enters the discard pile from play, gain [1]." (not from the hand)."""
    assert automated(card_db, "AD47")
    st = stacked_game(game)
    place(game, st, "PR12", 0, "prob0")
    start_faceoff(game, st, "problem", ["prob0"], 0)
    owl = flipped(game, st, 0, ["AD47"])[0]
    set_tokens(st, 0, 0)
    deck = len(st.deck(0))
    trigger(game, st, "flipped", owl)
    resolve_all(game, st)
    assert st.tokens(0) == 1 and card_db.key("AD47") in keys(st, st.banished(0))
    assert owl not in st.flipped(0) and len(st.flipped(0)) == 1 and len(st.deck(0)) == deck - 1
    st = stacked_game(game)
    o = place(game, st, "AD47", 0, "home0")
    set_tokens(st, 0, 0)
    leave_play(game, st, o, "disc", verb="dismissed")
    resolve_all(game, st)
    assert st.tokens(0) == 1
    h = to_hand(game, st, "AD47", 0)  # discarded from the hand: not "from play"
    put_in_zone(game, st, h, "disc")
    resolve_all(game, st)
    assert st.tokens(0) == 1


# ------------------------------------------------------------------ replacements (710)
def test_pow_turns_a_troublemaker_face_down_instead_of_dismissed(game, card_db):
    """DE23 Pow, Loyal Henchpony: "When one of your Troublemakers would be dismissed, you may exhaust this card to
    turn it face-down instead." (710, 712.3; paid by exhausting Pow, so not while it is exhausted, 508.1d)."""
    assert automated(card_db, "DE23")
    for answer in (True, False):
        st = stacked_game(game)
        pow_ = place(game, st, "DE23", 0, "home0")
        tm = place(game, st, "RR11", 0, "prob1")
        leave_play(game, st, tm, "disc", verb="dismissed")
        resolve_all(game, st, pick=lambda pend, a=answer: a)
        if answer:
            assert game.in_play(st, tm) and st.face_down(tm) and st.exhausted(pow_)
        else:
            assert not game.in_play(st, tm) and not st.exhausted(pow_)
    st = stacked_game(game)
    place(game, st, "DE23", 0, "home0", exhausted=True)  # it can't be exhausted: nothing is offered
    tm = place(game, st, "RR11", 0, "prob1")
    leave_play(game, st, tm, "disc", verb="dismissed")
    assert not st.d["rq"] and not game.in_play(st, tm)


# ------------------------------------------------------------------ tokens made for the turn (521, 615.1)
def test_ravers_make_a_token_at_each_problem_banished_at_the_end_of_the_turn(game, card_db):
    """DE32 Ravers, Glowsticks Optional: "When one of your non-token Friends enters play, put a 1 [Laughter] Earth Pony
    Friend token into play at each Problem. At the end of the turn, banish those tokens." (a token entering play does
    not trigger it)."""
    assert automated(card_db, "DE32")
    st = stacked_game(game)
    place(game, st, "DE32", 0, "home0")
    f = to_hand(game, st, "PR12", 0)
    enter_play(game, st, f, "home0", 0)
    resolve_all(game, st)
    toks = [o for o in st.cards_in_play if st.is_token(o)]
    assert sorted(st.area(t) for t in toks) == ["prob0", "prob1"]
    assert all(game.power(st, t) == 1 and "Laughter" in game.colors(st, t) for t in toks)
    keep = place(game, st, "PR12", 0, "home0")
    st = pass_until(game, st, lambda s: s.turn_player == 1)  # 615.1: the end of the turn
    assert not any(st.is_token(o) for o in st.cards_in_play) and game.in_play(st, keep)


# ------------------------------------------------------------------ reveal 5, a Resource, the rest on the bottom in any order
def test_reveal_five_one_resource_the_rest_on_the_bottom_in_any_order(game, card_db):
    """PR213 Applejack, Farm Foremare: "When you play this card, you may reveal the top 5 cards of your deck. You may
    put one revealed Resource into your hand. Put all remaining cards at the bottom of your deck in any order."
    (a public reveal, 404.1; the player orders the rest, 705.2f)."""
    assert automated(card_db, "PR213")
    top = ["PR140", "PR12", "PR33", "PR36", "PR79"]
    st = stacked_game(game, decks=(["PR12"] * 6 + top + ["PR20"], None))
    pr213 = place(game, st, "PR213", 0, "home0")
    trigger(game, st, "enter", pr213)
    pre_priority(game, st)
    while st.d["rq"] and not st.d["pending"]:
        resolve_step(game, st)
    assert st.pending["kind"] == "may"
    answer(game, st, 0, True)
    while st.d["rq"] and not st.d["pending"]:
        resolve_step(game, st)
    st._la = None
    assert st.pending["options"][-1] == "none" and keys(st, st.pending["options"][:-1]) == [card_db.key("PR140")]
    size = len(st.deck(0))
    ends = every_ending(game, st, lambda d: (tuple(d["cards"][c]["k"] for c in d["pl"][0]["deck"]),
                                              sum(d["cards"][c]["k"] == card_db.key("PR140") for c in d["pl"][0]["hand"])))
    assert {e[0][0] for e in ends} == {card_db.key("PR20")}  # the unrevealed card is now on top
    took = {e for e in ends if e[1] == 1}
    assert {len(e[0]) for e in took} == {size - 1}
    assert len({e[0][-4:] for e in took}) == 24  # every order of the four others on the bottom
    assert {tuple(sorted(e[0][-4:])) for e in took} == {tuple(sorted(card_db.key(n) for n in top[1:]))}
    assert any(e[1] == 0 and len(e[0]) == size for e in ends)  # declined: all five on the bottom


# ------------------------------------------------------------------ Problems: a player's Score Phase, moves, confronts
def test_twister_lets_that_player_ready_a_card_at_home(game, card_db):
    """PR176 It's a Twister! (Problem): "At the beginning of a player's Score Phase, if that player has at least 2
    [Loyalty] characters, that player may ready a card at home." (each player's Score Phase; "that player" is the
    turn player, whoever owns the Problem)."""
    assert automated(card_db, "PR176")
    st = stacked_game(game, manes=("PR2", "PR1"))  # (Ann's Mane is [Honesty])
    set_card(st, problem(st, game, 1), card_key=card_db.key("PR176"))
    ex = place(game, st, "PR36", 0, "home0", exhausted=True)
    place(game, st, "PR12", 0, "prob0")
    trigger_all(game, st, "any_score_start")
    resolve_all(game, st)
    assert st.exhausted(ex)  # one [Loyalty] character only
    place(game, st, "PR20", 0, "prob1")
    trigger_all(game, st, "any_score_start")
    resolve_all(game, st)
    assert not st.exhausted(ex)


def test_pinkie_pies_draw_when_a_laughter_character_joins_another(game, card_db):
    """PR181 Not Enough Pinkie Pies (Problem): "When a player moves a [Laughter] character to this Problem, if they
    have a [Laughter] character here already, they may draw a card." (506.1c; "they" is the player who moved it)."""
    assert automated(card_db, "PR181")
    st = stacked_game(game)
    set_card(st, problem(st, game, 0), card_key=card_db.key("PR181"))
    a = place(game, st, "PR36", 1, "home1")
    b = place(game, st, "PR36", 1, "home1")
    hand = len(st.hand(1))
    move_card(game, st, a, "prob0", by=1)
    resolve_all(game, st)
    assert len(st.hand(1)) == hand  # none here before
    move_card(game, st, b, "prob0", by=1)
    resolve_all(game, st)
    assert len(st.hand(1)) == hand + 1 and len(st.hand(0)) == 6
    c = place(game, st, "PR12", 1, "home1")  # not [Laughter]
    move_card(game, st, c, "prob0", by=1)
    resolve_all(game, st)
    assert len(st.hand(1)) == hand + 1


def test_want_it_need_it_the_first_confront_with_a_strong_honesty_character(game, card_db):
    """PR195 Want it, Need it! (Problem): "The first player to confront this Problem with a [Honesty] character with at
    least 3 power scores an additional point." (611.4; once: the first such confront only)."""
    assert automated(card_db, "PR195")
    st = stacked_game(game)
    pid = problem(st, game, 1)
    set_card(st, pid, card_key=card_db.key("PR195"))
    weak = place(game, st, "PR33", 0, "prob1")  # [Honesty] with 2 power
    s0 = st.score(0)
    queue_trigger(game, st, pid, 0, game.abilities(st, pid)[0]["effects"], "confront")
    resolve_all(game, st)
    assert st.score(0) == s0
    set_card(st, weak, counters={"+1": 1})
    for _ in range(2):
        queue_trigger(game, st, pid, 0, game.abilities(st, pid)[0]["effects"], "confront")
        resolve_all(game, st)
    assert st.score(0) == s0 + 1


# ------------------------------------------------------------------ the player with the most power here
def test_tracking_tirek_the_player_with_most_power_puts_a_friend_on_top_of_the_deck(game, card_db):
    """AD189 Tracking Tirek (Problem): "At the start of a Problem faceoff here, the player with the most power here
    puts one of their Friends here on top of its owner's deck." (equal power: no player has the most)."""
    assert automated(card_db, "AD189")
    st = stacked_game(game)
    set_card(st, problem(st, game, 0), card_key=card_db.key("AD189"))
    f0 = place(game, st, "PR31", 0, "prob0")  # 4
    f1 = place(game, st, "PR12", 1, "prob0")  # 2
    place(game, st, "PR33", 1, "prob0")  # 2: equal, 4 and 4
    start_faceoff(game, st, "problem", ["prob0"], 0)
    resolve_all(game, st)
    assert game.in_play(st, f0) and game.in_play(st, f1)
    st = stacked_game(game)
    set_card(st, problem(st, game, 0), card_key=card_db.key("AD189"))
    f0 = place(game, st, "PR31", 0, "prob0")
    f1 = place(game, st, "PR12", 1, "prob0")
    start_faceoff(game, st, "problem", ["prob0"], 0)
    resolve_all(game, st)
    assert not game.in_play(st, f0) and game.in_play(st, f1) and st.card_key(st.deck(0)[0]) == card_db.key("PR31")


# ------------------------------------------------------------------ a Problem faceoff won: four card types banished
def test_scrapbook_project_banishes_one_of_each_type_to_score(game, card_db):
    """DE141 Scrapbook Project: "When you win a Problem faceoff, you may banish a Friend, Resource, Event, and
    Troublemaker from your discard pile to score a point." (all four or none, 508.1d)."""
    assert automated(card_db, "DE141")
    st = stacked_game(game)
    place(game, st, "DE141", 0, "home0")
    for n in ("PR12", "PR140", "PR111"):
        to_discard(game, st, n, 0)
    start_faceoff(game, st, "problem", ["prob0"], 0)
    s0 = st.score(0)
    trigger_all(game, st, "you_win_fo", players=(0,), extra={"margin": 1})
    resolve_all(game, st)
    assert st.score(0) == s0 and len(st.discard_pile(0)) == 3  # no Troublemaker there
    to_discard(game, st, "PR160", 0)
    to_discard(game, st, "PR33", 0)
    trigger_all(game, st, "you_win_fo", players=(0,), extra={"margin": 1})
    resolve_all(game, st)
    assert st.score(0) == s0 + 1 and len(st.banished(0)) == 4 and keys(st, st.discard_pile(0)) == [card_db.key("PR33")]


# ------------------------------------------------------------------ a Troublemaker Phase skipped, a cost raised
def test_hide_and_squeak_retires_to_skip_the_next_troublemaker_phase(game, card_db):
    """AD200 Fluttershy, Hide and Squeak: "At the start of the turn, you may retire this card to skip the next
    Troublemaker Phase." (606-608 do not happen: Bob's face-down Troublemaker is not uncovered, 607)."""
    assert automated(card_db, "AD200")
    for answer in (True, False):
        st = stacked_game(game)
        fl = place(game, st, "AD200", 0, "home0")
        tm = place(game, st, "RR11", 1, "prob0", face_down=True)

        for _ in range(300):  # play on to Bob's Main Phase, passing; only Fluttershy's "may" is answered by the test
            if st.turn_player == 1 and st.d["step"] == "main" and not st.pending:
                break
            pend = st.pending
            if pend and pend["kind"] == "may":
                st, _ = game.apply(st, Action.make("choose", pend["player"], option=answer if pend.get("src") == fl else True))
                continue
            p = game.to_move(st)
            acts = game.legal_actions(st, p)
            st, _ = game.apply(st, next((a for a in acts if a.kind == "pass"), acts[0]))
        assert st.face_down(tm) is answer and game.in_play(st, fl) is not answer
        assert not st.d.get("skip_tp")


def test_whining_raises_the_cost_of_the_next_card_after_an_opponent_defeats_a_troublemaker(game, card_db):
    """AD154 Whining: "When an opponent defeats a Troublemaker, they must pay +[2] to play the next card they play this
    turn." (508: "they" is the opponent who defeated it; the controller defeating one pays nothing more)."""
    assert automated(card_db, "AD154")
    st = stacked_game(game)
    place(game, st, "AD154", 1, "home1")
    f = to_hand(game, st, "PR12", 0)
    tm = place(game, st, "RR11", 1, "prob0")
    watched_event(game, st, "w_defeat", tm, {"by": 1})  # Bob defeats it: no change
    resolve_all(game, st)
    assert game.card_cost(st, 0, f) == 2
    watched_event(game, st, "w_defeat", tm, {"by": 0})
    resolve_all(game, st)
    assert game.card_cost(st, 0, f) == 4 and game.card_cost(st, 1, to_hand(game, st, "PR12", 1)) == 2


# ------------------------------------------------------------------ a Mane Character: confronting with more power, a replacement
def test_steadfast_farmpony_turns_over_when_confronting_with_more_power_than_required(game, card_db):
    """PR2 Applejack, Steadfast Farmpony: "When you confront this card's Problem with more power than required, turn
    this card over." (611.2 / 611.3: the power contributed, more than the requirements in all)."""
    assert automated(card_db, "PR2")
    st = stacked_game(game, manes=("PR2", "PR1"))
    aj = st.mane(0)
    set_card(st, aj, area="prob1")
    need = sum(n for _, n in game.requirements(st, 0, "prob1"))  # (Bob's Problem: its opponent requirement)
    assert need >= 2
    for _ in range(need - game.power(st, aj)):
        place(game, st, "PR20", 0, "prob1")  # 1-power Friends: exactly the power required
    trigger(game, st, "confront", aj)
    resolve_all(game, st)
    assert not st.d["cards"][aj].get("b")
    place(game, st, "PR20", 0, "prob1")
    trigger(game, st, "confront", aj)
    resolve_all(game, st)
    assert st.d["cards"][aj].get("b")


def test_steadfast_farmpony_puts_a_friend_here_on_top_of_the_deck_instead_of_dismissed(game, card_db):
    """PR2 Applejack, Steadfast Farmpony (boosted): "When one of your Friends here would be dismissed, you may put that
    Friend on top of its owner's deck instead." (710, 712.3; a Friend elsewhere is dismissed)."""
    assert automated(card_db, "PR2")
    for answer in (True, False):
        st = stacked_game(game, manes=("PR2", "PR1"))
        set_card(st, st.mane(0), boosted=True, area="prob0")
        f = place(game, st, "PR12", 0, "prob0")
        leave_play(game, st, f, "disc", verb="dismissed")
        resolve_all(game, st, pick=lambda pend, a=answer: a)
        top = st.card_key(st.deck(0)[0]) == card_db.key("PR12")
        assert top is answer and (card_db.key("PR12") in keys(st, st.discard_pile(0))) is not answer
    st = stacked_game(game, manes=("PR2", "PR1"))
    set_card(st, st.mane(0), boosted=True, area="prob0")
    f = place(game, st, "PR12", 0, "prob1")
    leave_play(game, st, f, "disc", verb="dismissed")
    assert not st.d["rq"] and card_db.key("PR12") in keys(st, st.discard_pile(0))


# ------------------------------------------------------------------ each player keeps one card of each type
def test_captain_of_the_seven_seas_each_player_keeps_a_friend_resource_and_troublemaker(game, card_db):
    """DE135 Applejack, Captain of the Seven Seas: "When this card enters play, each player chooses a Friend, Resource,
    and Troublemaker they control, and retires the rest." (the turn player first, 801.1; Mane Characters stay)."""
    assert automated(card_db, "DE135")
    st = stacked_game(game)
    a_keep, a_go = place(game, st, "PR12", 0, "home0"), place(game, st, "PR33", 0, "home0")
    ra, rb = place(game, st, "PR140", 0, "home0"), place(game, st, "PR140", 0, "home0")
    ta = place(game, st, "RR11", 0, "prob1")
    b1, b2, b3 = (place(game, st, "PR12", 1, "home1") for _ in range(3))
    tb1, tb2 = place(game, st, "RR11", 1, "prob0"), place(game, st, "PR160", 1, "prob1", face_down=True)
    aj = place(game, st, "DE135", 0, "home0")
    trigger(game, st, "enter", aj)
    asked = []

    def pick(pend):
        asked.append((pend["player"], pend.get("what")))
        want = {a_keep, rb, b2, tb2}
        return next(o for o in pend["options"] if o in want)
    resolve_all(game, st, pick=pick)
    inplay = set(st.cards_in_play)
    assert {a_keep, rb, ta, b2, tb2, st.mane(0), st.mane(1)} <= inplay
    assert not ({a_go, ra, aj, b1, b3, tb1} & inplay)
    assert asked == [(0, "Friend"), (0, "Resource"), (1, "Friend"), (1, "Troublemaker")]


# ------------------------------------------------------------------ Chaos power and joining a faceoff
def test_vapor_trail_brings_a_character_from_home_into_the_faceoff(game, card_db):
    """DE55 Vapor Trail, Wind Beneath Your Wings: "When this card becomes involved in a faceoff, one of your characters
    at home becomes involved in the faceoff." (at the faceoff's start, 514.2, or moved into it, 514.2d)."""
    assert automated(card_db, "DE55")
    st = stacked_game(game)
    vt = place(game, st, "DE55", 0, "prob0")
    home = place(game, st, "PR36", 0, "home0")
    start_faceoff(game, st, "problem", ["prob0"], 0)
    offered = []
    resolve_all(game, st, pick=lambda pend: offered.append(set(pend["options"])) or home)
    assert offered == [{home, st.mane(0)}]  # Ann's characters at home (her Mane Character is one)
    assert game.involved_in_faceoff(st, home) and st.area(home) == "home0" and not game.involved_in_faceoff(st, st.mane(0))
    st = stacked_game(game)
    vt = place(game, st, "DE55", 0, "home0")
    home = place(game, st, "PR36", 0, "home0")
    place(game, st, "PR12", 0, "prob0")
    start_faceoff(game, st, "problem", ["prob0"], 0)
    resolve_all(game, st)
    assert not game.involved_in_faceoff(st, home)
    move_card(game, st, vt, "prob0")
    resolve_all(game, st, pick=lambda pend: home)
    assert game.involved_in_faceoff(st, vt) and game.involved_in_faceoff(st, home)


def test_vapor_trail_flipped_gives_your_characters_one_power(game, card_db):
    """DE55 Vapor Trail: "Chaos: While this card is flipped, your characters have +1 power." (515: each of your
    characters counted in the faceoff total; a frightened one has no power, 504)."""
    assert automated(card_db, "DE55")
    totals = []
    for card in ("PR20", "DE55"):  # both 1 printed power
        st = stacked_game(game)
        place(game, st, "PR12", 0, "prob0")
        place(game, st, "PR33", 0, "prob0")
        set_card(st, place(game, st, "PR36", 0, "prob0"), frightened=True)
        start_faceoff(game, st, "problem", ["prob0"], 0)
        flipped(game, st, 0, [card])
        totals.append(game.faceoff_total(st, 0))
    assert totals[1] == totals[0] + 2  # two characters with power (the frightened one has none)


# ------------------------------------------------------------------ can't score points (517)
def test_scootaloo_no_points_during_its_faceoffs_and_for_opponents_while_flipped(game, card_db):
    """AD28 Scootaloo, Practice Makes Perfect: "During faceoffs involving this card, players can't score points." and
    "Chaos: While this card is flipped, opponents can't score points." (517)."""
    assert automated(card_db, "AD28")
    st = stacked_game(game)
    place(game, st, "AD28", 0, "prob0")
    start_faceoff(game, st, "problem", ["prob0"], 0)
    score_points(game, st, 0, 1)
    score_points(game, st, 1, 1)
    assert st.scores == [0, 0]
    st = stacked_game(game)
    place(game, st, "PR12", 0, "prob0")
    start_faceoff(game, st, "problem", ["prob0"], 0)
    flipped(game, st, 0, ["AD28"])
    score_points(game, st, 1, 1)
    score_points(game, st, 0, 1)
    assert st.scores == [1, 0]


# ------------------------------------------------------------------ a revealed card taken, cheaper to play this turn (508)
def test_dr_hooves_caroller_takes_a_revealed_event_one_cheaper(game, card_db):
    """DE34 Dr. Hooves, Caroller: "Main Phase: Exhaust this card to reveal the top card of your deck. If you reveal an
    Event this way, put that Event into your hand and you may pay [1] less to play it this turn." (that Event only;
    another card stays on top, 404.1 revealed)."""
    assert automated(card_db, "DE34")
    st = stacked_game(game, decks=(["PR12"] * 6 + ["PR111", "PR12"], None))
    other = to_hand(game, st, "PR111", 0)
    hooves = place(game, st, "DE34", 0, "home0")
    st, _ = game.apply(st, next(a for a in game.legal_actions(st, 0) if a.kind == "activate" and a.get("card") == hooves))
    resolve_all(game, st)
    got = [c for c in st.hand(0) if st.card_key(c) == card_db.key("PR111") and c != other]
    assert len(got) == 1 and game.card_cost(st, 0, got[0]) == 0 and game.card_cost(st, 0, other) == 1
    st = stacked_game(game, decks=(["PR12"] * 6 + ["PR33", "PR111"], None))
    hooves = place(game, st, "DE34", 0, "home0")
    top = st.deck(0)[0]
    st, _ = game.apply(st, next(a for a in game.legal_actions(st, 0) if a.kind == "activate" and a.get("card") == hooves))
    resolve_all(game, st)
    assert st.deck(0)[0] == top and not st.d["pl"][0]["disc_next"]


def test_cuddle_with_a_pekingese_draws_a_critter_cheaper_and_another_card(game, card_db):
    """AD84 A Cuddle with a Pekingese: "Main Phase: Reveal the top card of your deck and you may draw it. If the card
    was a Critter Friend, you may pay [1] less to play that Friend this turn and you may draw another card."."""
    assert automated(card_db, "AD84")
    effects = card_db.cards[card_db.key("AD84")].abilities["front"][0]["effects"]
    st = stacked_game(game, decks=(["PR12"] * 6 + ["PR81", "PR36", "PR33"], None))
    src = to_hand(game, st, "AD84", 0)
    play_effects(game, st, 0, src, effects)
    resolve_all(game, st)
    critter = [c for c in st.hand(0) if st.card_key(c) == card_db.key("PR81")]
    assert len(critter) == 1 and game.card_cost(st, 0, critter[0]) == 1
    assert card_db.key("PR36") in keys(st, st.hand(0)) and st.card_key(st.deck(0)[0]) == card_db.key("PR33")
    st = stacked_game(game, decks=(["PR12"] * 6 + ["PR33", "PR36"], None))  # not a Critter: that card only
    src = to_hand(game, st, "AD84", 0)
    play_effects(game, st, 0, src, effects)
    resolve_all(game, st)
    assert card_db.key("PR33") in keys(st, st.hand(0)) and st.card_key(st.deck(0)[0]) == card_db.key("PR36")
    assert not st.d["pl"][0]["disc_next"]


# ------------------------------------------------------------------ a state trigger on power (704)
def test_parasprite_swarm_grows_and_frightens_at_eight_power(game, card_db):
    """PR156 Parasprite Swarm (Troublemaker, 4 power): "At the start of your opponent's Troublemaker Phase, this card
    permanently gets +1 power. When this card has 8 power, frighten all your opponent's Friends at its Problem and
    dismiss this card." (a state trigger, 704: it fires once its power is 8, however it got there)."""
    assert automated(card_db, "PR156")
    st = stacked_game(game)
    swarm = place(game, st, "PR156", 1, "prob0")
    ann = place(game, st, "PR12", 0, "prob0")
    away = place(game, st, "PR33", 0, "prob1")
    bobs = place(game, st, "PR36", 1, "prob0")
    for i in range(3):
        trigger_all(game, st, "opp_tp_start", players=(1,))
        resolve_all(game, st)
        assert game.power(st, swarm) == 5 + i and not st.d["cards"][ann].get("fr")
    trigger_all(game, st, "opp_tp_start", players=(1,))
    resolve_all(game, st)
    assert not game.in_play(st, swarm) and st.d["cards"][ann].get("fr")
    assert not st.d["cards"][away].get("fr") and not st.d["cards"][bobs].get("fr")
    st = stacked_game(game)  # another effect's +4 power
    swarm = place(game, st, "PR156", 1, "prob0")
    ann = place(game, st, "PR12", 0, "prob0")
    add_power(game, st, swarm, 3, "turn")
    resolve_all(game, st)
    assert game.in_play(st, swarm)
    add_power(game, st, swarm, 1, "turn")
    resolve_all(game, st)
    assert not game.in_play(st, swarm) and st.d["cards"][ann].get("fr")


# ------------------------------------------------------------------ any card entering a discard pile (704.1, 410.6)
def test_portal_to_tartarus_banishes_a_card_entering_a_discard_pile(game, card_db):
    """AD141 Portal to Tartarus: "When a card enters a discard pile, you may exhaust this card to banish that card."
    (either player's pile, from any zone; once exhausted it can't pay again, 508.1d)."""
    assert automated(card_db, "AD141")
    st = stacked_game(game)
    portal = place(game, st, "AD141", 0, "home0")
    f = place(game, st, "PR12", 1, "home1")
    leave_play(game, st, f, "disc", verb="dismissed")
    resolve_all(game, st)
    assert not st.discard_pile(1) and keys(st, st.banished(1)) == [card_db.key("PR12")] and st.exhausted(portal)
    h = to_hand(game, st, "PR33", 0)
    put_in_zone(game, st, h, "disc")  # discarded from the hand, Portal exhausted: it stays in the pile
    resolve_all(game, st)
    assert keys(st, st.discard_pile(0)) == [card_db.key("PR33")]
    set_card(st, portal, exhausted=False)
    h = to_hand(game, st, "PR36", 0)
    put_in_zone(game, st, h, "disc")
    resolve_all(game, st, pick=lambda pend: False)  # declined
    assert keys(st, st.discard_pile(0)) == [card_db.key("PR33"), card_db.key("PR36")] and not st.exhausted(portal)


# ------------------------------------------------------------------ a timed cost increase by card type (508)
def test_changeling_mimics_taxes_the_chosen_type_until_the_opponents_next_turn(game, card_db):
    """DE116 Changeling Mimics (Troublemaker): "At the start of each opponent's turn, you may choose Event, Resource, or
    Troublemaker. That opponent pays +[3] to play cards of the chosen type until the start of their next turn." (every
    such card, 508; a Troublemaker costs [1] + 3, 609.2c)."""
    assert automated(card_db, "DE116")
    for mode, number, cost in ((0, "PR111", 4), (1, "PR140", 4)):
        st = stacked_game(game)
        place(game, st, "DE116", 1, "prob0")
        card = to_hand(game, st, number, 0)
        other = to_hand(game, st, "PR12", 0)
        trigger_all(game, st, "any_turn_start")  # Ann's turn: an opponent's turn for Bob's Troublemaker
        resolve_all(game, st, pick=lambda pend, m=mode: True if pend["kind"] == "may" else m)
        assert game.card_cost(st, 0, card) == cost and game.card_cost(st, 0, other) == 2
        assert game.card_cost(st, 1, to_hand(game, st, number, 1)) == cost - 3
        st.d["tp"] = 1
        start_turn(game, st)  # Bob's turn: the increase stays
        assert game.card_cost(st, 0, card) == cost
        st.d["tp"] = 0
        start_turn(game, st)  # the start of Ann's next turn: it ends
        assert game.card_cost(st, 0, card) == cost - 3
    st = stacked_game(game)
    place(game, st, "DE116", 1, "prob0")
    tm = to_hand(game, st, "PR160", 0)
    trigger_all(game, st, "any_turn_start")
    resolve_all(game, st, pick=lambda pend: True if pend["kind"] == "may" else 2)
    set_tokens(st, 0, 3)
    assert not [a for a in game.legal_actions(st, 0) if a.kind == "play_troublemaker" and a.get("card") == tm]
    set_tokens(st, 0, 4)
    a = next(a for a in game.legal_actions(st, 0) if a.kind == "play_troublemaker" and a.get("card") == tm)
    st, _ = game.apply(st, a)
    assert st.tokens(0) == 0
    st.d["tp"] = 1
    trigger_all(game, st, "any_turn_start")  # Bob's own turn: not an opponent's turn for his Troublemaker
    assert not st.d["trig"]


# ------------------------------------------------------------------ a Troublemaker held banished while this card stays
def test_monster_tamer_holds_a_troublemaker_until_it_leaves_that_problem(game, card_db):
    """PR211 Fluttershy, Monster Tamer: "When you play this card to a Problem, you may banish a Troublemaker there. When
    this card leaves that Problem, put that banished Troublemaker into play at a Problem and uncover it." (moved away
    or leaving play; the Troublemaker returns under its owner's control, face-up by uncovering, 607)."""
    assert automated(card_db, "PR211")
    for leave in ("move", "dismiss"):
        st = stacked_game(game)
        tm = place(game, st, "RR11", 1, "prob1")
        ft = enter_play(game, st, to_hand(game, st, "PR211", 0), "prob1", 0)
        resolve_all(game, st)
        assert not game.in_play(st, tm) and keys(st, st.banished(1)) == [card_db.key("RR11")]
        if leave == "move":
            move_card(game, st, ft, "home0")
        else:
            leave_play(game, st, ft, "disc", verb="dismissed")
        resolve_all(game, st, pick=lambda pend: "prob0" if "prob0" in pend["options"] else pend["options"][0])
        back = [o for o in st.cards_in_play if st.card_key(o) == card_db.key("RR11")]
        assert len(back) == 1 and st.area(back[0]) == "prob0" and not st.face_down(back[0])
        assert st.d["cards"][back[0]]["c"] == 1 and not st.banished(1)
    st = stacked_game(game)  # played at home: nothing to banish
    tm = place(game, st, "RR11", 1, "prob1")
    enter_play(game, st, to_hand(game, st, "PR211", 0), "home0", 0)
    resolve_all(game, st)
    assert game.in_play(st, tm)


# ------------------------------------------------------------------ every Mane Character turned over (301.2)
def test_chaos_capital_turns_each_mane_character_over(game, card_db):
    """AD203 Chaos Capital of the World: "Chaos: When this card is flipped, turn each Mane Character over." and "Main
    Phase: Turn each character over." (301.2: only a Mane Character has another side; a Boosted one goes back to its
    Start side)."""
    assert automated(card_db, "AD203")
    for i in (0, 1):
        st = stacked_game(game)
        set_card(st, st.mane(1), boosted=True)
        f = place(game, st, "PR12", 0, "home0")
        effects = card_db.cards[card_db.key("AD203")].abilities["front"][i]["effects"]
        play_effects(game, st, 0, to_hand(game, st, "AD203", 0), effects)
        resolve_all(game, st)
        assert st.d["cards"][st.mane(0)].get("b") and not st.d["cards"][st.mane(1)].get("b")
        assert game.in_play(st, f) and not st.face_down(f)


# ------------------------------------------------------------------ a Friend played without its cost (609.2a)
def test_starlight_glimmer_plays_a_friend_from_hand_for_free(game, card_db):
    """DE137 Starlight Glimmer, Taking Charge: "At the start of your turn, you may play a Friend from your hand without
    paying its cost." (609.2a: played, to home or a Problem; its play requirement still applies, 205.1)."""
    assert automated(card_db, "DE137")
    st = stacked_game(game)
    sg = place(game, st, "DE137", 0, "home0")
    big = to_hand(game, st, "PR31", 0)  # cost 4, no requirement
    needy = to_hand(game, st, "PR212", 0)  # needs 2 [Loyalty]: Ann has 1 (her Mane Character)
    set_tokens(st, 0, 0)
    trigger(game, st, "turn_start", sg)
    offered = []

    def pick(pend):
        offered.append(set(pend["options"]))
        return big if big in pend["options"] else "prob0"
    resolve_all(game, st, pick=pick)
    assert big in offered[0] and needy not in offered[0] and "none" in offered[0]
    played = [o for o in st.cards_in_play if st.card_key(o) == card_db.key("PR31")]
    assert len(played) == 1 and st.area(played[0]) == "prob0" and st.tokens(0) == 0
    assert st.d["pl"][0]["ptt"][1][-1][0] == "Friend"  # recorded as a card played this turn


# ------------------------------------------------------------------ choose two, an Accessory from the hand (706, 509)
def test_rarity_s_epiphany_modes(game, card_db):
    """AD112 Rarity's Epiphany: "Main Phase: Choose two: Dismiss a Friend without an attached Resource, put a Resource
    from your discard pile into your hand, or put an Accessory from your hand into play attached to a Friend."."""
    assert automated(card_db, "AD112")
    effects = card_db.cards[card_db.key("AD112")].abilities["front"][0]["effects"]
    st = stacked_game(game)
    bare = place(game, st, "PR12", 1, "prob0")
    dressed = place(game, st, "PR33", 1, "prob0")
    place(game, st, "EO164", 1, "prob0", host=dressed)
    acc = to_hand(game, st, "EO164", 0)
    mine = place(game, st, "PR36", 0, "home0")
    offered = []

    def pick(pend):
        if pend.get("what") == "mode":
            return 0 if 0 in pend["options"] else 2
        offered.append(set(pend["options"]))
        return bare if bare in pend["options"] else mine
    play_effects(game, st, 0, to_hand(game, st, "AD112", 0), effects)
    resolve_all(game, st, pick=pick)
    assert dressed not in offered[0] and not game.in_play(st, bare) and game.in_play(st, dressed)
    on_mine = [o for o in st.cards_in_play if st.d["cards"][o].get("h") == mine]
    assert acc not in st.hand(0) and keys(st, on_mine) == [card_db.key("EO164")] and game.power(st, mine) == 5
    st = stacked_game(game)
    to_discard(game, st, "PR140", 0)
    play_effects(game, st, 0, to_hand(game, st, "AD112", 0), effects)
    resolve_all(game, st, pick=lambda pend: 1 if pend.get("what") == "mode" and 1 in pend["options"] else pend["options"][0])
    assert card_db.key("PR140") in keys(st, st.hand(0)) and not st.discard_pile(0)


# ------------------------------------------------------------------ a Problem's bonus, no moves this turn (210, 104.2)
def test_photo_op_zeroes_a_bonus_and_stops_every_move(game, card_db):
    """AD106 Photo Op: "Chaos: When this card is flipped, choose a Problem. That Problem's bonus is 0 until the end of
    the turn." and "Reaction: After the start of the Main Phase, characters can't be moved this turn." (the move action
    and effects' moves, either player's characters)."""
    assert automated(card_db, "AD106")
    chaos, reaction = (card_db.cards[card_db.key("AD106")].abilities["front"][i]["effects"] for i in (0, 1))
    st = stacked_game(game)
    pid = problem(st, game, 1)
    before = game.problem_bonus(st, pid)
    assert before > 0
    play_effects(game, st, 0, to_hand(game, st, "AD106", 0), chaos)
    resolve_all(game, st, pick=lambda pend: "prob1")
    assert game.problem_bonus(st, pid) == 0 and game.problem_bonus(st, problem(st, game, 0)) > 0
    st.d["turn"] += 1  # the next turn: the bonus is back
    assert game.problem_bonus(st, pid) == before
    st = stacked_game(game)
    f = place(game, st, "PR12", 0, "home0")
    g = place(game, st, "PR12", 1, "home1")
    set_tokens(st, 0, 5)
    assert [a for a in game.legal_actions(st, 0) if a.kind == "move" and a.get("card") == f]
    play_effects(game, st, 0, to_hand(game, st, "AD106", 0), reaction)
    resolve_all(game, st)
    assert not [a for a in game.legal_actions(st, 0) if a.kind == "move"]
    assert game.move_blocked(st, 0, g, "home1", "prob1") and game.move_blocked(st, 1, g, "home1", "prob0")


# ------------------------------------------------------------------ a flipped card ignored for a counter (515.4)
def test_element_of_surprise_ignores_a_non_chaotic_flip_for_a_chaos_counter(game, card_db):
    """AD150 The Element of Surprise: "When you flip a non-Chaotic card, you may remove a Chaos counter from this card to
    ignore that card and flip another card." (515.4; not for a Chaotic card; only with a Chaos counter, 508.1d)."""
    assert automated(card_db, "AD150")
    st = stacked_game(game)
    el = place(game, st, "AD150", 0, "home0")
    place(game, st, "PR12", 0, "prob0")
    start_faceoff(game, st, "problem", ["prob0"], 0)
    chaotic, plain = flipped(game, st, 0, ["AD47", "PR12"])
    set_card(st, el, counters={"Chaos": 1})
    trigger_all(game, st, "you_flip", players=(0,), extra={"card": chaotic})
    resolve_all(game, st, pick=lambda pend: (_ for _ in ()).throw(AssertionError(pend)))  # nothing is offered
    assert chaotic not in st.d["fo"]["ign"] and st.d["cards"][el]["cn"] == {"Chaos": 1}
    trigger_all(game, st, "you_flip", players=(0,), extra={"card": plain})
    resolve_all(game, st)
    assert plain in st.d["fo"]["ign"] and len(st.flipped(0)) == 3 and not st.d["cards"][el]["cn"].get("Chaos")
    other = flipped(game, st, 0, ["PR33"])[0]
    trigger_all(game, st, "you_flip", players=(0,), extra={"card": other})
    resolve_all(game, st)
    assert other not in st.d["fo"]["ign"] and len(st.flipped(0)) == 4  # no counter left


# ------------------------------------------------------------------ Chaos: a card from the discard pile flipped next (515)
def test_lotus_blossom_flipped_puts_a_discarded_card_on_top_and_flips_it(game, card_db):
    """AD58 Lotus Blossom, Masseuse: "Chaos: When this card is flipped, banish this card, put a card from your discard
    pile on top of your deck, then flip that card." (the card is chosen, 705.2f; it is the one flipped)."""
    assert automated(card_db, "AD58")
    st = stacked_game(game)
    place(game, st, "PR12", 0, "prob0")
    start_faceoff(game, st, "problem", ["prob0"], 0)
    lotus = flipped(game, st, 0, ["AD58"])[0]
    to_discard(game, st, "PR31", 0)
    to_discard(game, st, "PR36", 0)
    offered = []
    trigger(game, st, "flipped", lotus)
    resolve_all(game, st, pick=lambda pend: offered.append(pend["options"]) or pend["options"][0])
    assert "none" not in offered[0] and len(offered[0]) == 2
    assert keys(st, st.flipped(0)) == [card_db.key("PR31")] and card_db.key("AD58") in keys(st, st.banished(0))


def test_lotus_blossom_faceoff_brings_a_friend_from_the_discard_pile_for_the_faceoff(game, card_db):
    """AD58 Lotus Blossom: "Faceoff: Banish this card to put a Friend from your discard pile into play here. At the end
    of the faceoff, banish that card." (508: banished as the cost; 706: the Friend joins this card's Problem)."""
    assert automated(card_db, "AD58")
    st = stacked_game(game)
    lotus = place(game, st, "AD58", 0, "prob0")
    place(game, st, "PR12", 1, "prob0")
    to_discard(game, st, "PR31", 0)
    start_faceoff(game, st, "problem", ["prob0"], 0)
    effects = card_db.cards[card_db.key("AD58")].abilities["front"][1]["effects"]
    play_effects(game, st, 0, lotus, effects)
    resolve_all(game, st)
    friend = next(o for o in st.cards_in_play if st.card_key(o) == card_db.key("PR31"))
    assert st.area(friend) == "prob0" and game.involved_in_faceoff(st, friend)
    end_problem_faceoff(game, st, lambda pend: pend["options"][0])
    assert not game.in_play(st, friend) and card_db.key("PR31") in keys(st, st.banished(0))


# ------------------------------------------------------------------ a private look, a reveal on equal printed power (404)
def test_give_or_take_reveals_a_card_of_the_same_printed_power_to_turn_over(game, card_db):
    """AD192 Discord, Give or Take: "When one of your Friends enters play, you may look at the top card of your deck. If
    those cards have the same printed power, you may reveal that card to turn this card over." (404.2: the look is
    private, the opponent's log never names the card; 404.1: the reveal is public)."""
    from gameplay.engine.events import filter_events
    assert automated(card_db, "AD192")
    for top, turned in (("PR33", True), ("PR31", False)):  # 2 like PR12 / 4
        st = stacked_game(game, manes=("AD192", "PR1"), decks=(["PR20"] * 6 + [top], None))
        f = enter_play(game, st, to_hand(game, st, "PR12", 0), "home0", 0)
        ev = resolve_all(game, st)
        assert bool(st.d["cards"][st.mane(0)].get("b")) is turned
        name = card_db.cards[card_db.key(top)].name
        bob = " ".join(e["msg"] for e in filter_events(ev.items, 1))
        assert (name in bob) is turned and game.in_play(st, f)


def test_give_or_take_boosted_gives_another_character_here_three_more_or_less(game, card_db):
    """AD192 Discord, Give or Take (boosted): "At the start of the Score Phase, you may pay [2] to give another character
    here +3 or -3 power until the end of the turn."."""
    assert automated(card_db, "AD192")
    for mode, delta in ((0, 3), (1, -3)):
        st = stacked_game(game, manes=("AD192", "PR1"))
        set_card(st, st.mane(0), boosted=True, area="prob0")
        opp = place(game, st, "PR31", 1, "prob0")
        set_tokens(st, 0, 2)
        trigger_all(game, st, "any_score_start")
        resolve_all(game, st, pick=lambda pend, m=mode: True if pend["kind"] == "may" else (m if pend.get("what") == "mode" else opp))
        assert game.power(st, opp) == 4 + delta and st.tokens(0) == 0
