"""Timed abilities (Events and activated abilities with "Main Phase:", "Immediate:", "Faceoff:",
"Reaction:", "Score Phase:", "Troublemaker Phase:" timing phrases, 512): their templates
(cardtext/timed.py) and handlers (effects/timed.py), and scenario tests citing rules."""
from __future__ import annotations

from gameplay.engine.api import Action
from gameplay.engine.mlp.cardtext import parse_effects, parse_line
from gameplay.engine.mlp.engine import Ev
from gameplay.engine.mlp.scenario import (add_power, advance, end_durations, flip_for_faceoff, pass_until, place,
                                          play_effects, resolve_all, set_card, set_tokens, stacked_game, start_faceoff,
                                          to_hand)


def top(game, st, p, *numbers):
    """Put new cards on top of a player's deck (the first number ends on top)."""
    for n in reversed(numbers):
        cid = game._new(st.d, game.db.key(n), p, "deck")
        st.d["pl"][p]["deck"].insert(0, cid)
    st._la = None


def effects_of(game, number, kind=None, i=0):
    abl = [a for a in game.db.cards[game.db.key(number)].abilities["front"] if kind is None or a["kind"] == kind]
    return abl[i]["effects"]


def run(game, st, effects, p=0, src=None):
    """Put effects on the resolution queue and let the game go on (decisions stay pending)."""
    ev = Ev()
    play_effects(game, st, p, src, list(effects), ev=ev)
    advance(game, st, ev=ev)
    st._la = None
    return ev


def choose(game, st, option, p=None):
    p = st.pending["player"] if p is None else p
    st2, ev = game.apply(st, Action.make("choose", p, option=option))
    return st2, ev


def msgs(ev):
    return [e["msg"] for e in (ev.items if hasattr(ev, "items") else ev)]


def number(game, st, cid):
    return game.db.cards[st.card_key(cid)].number


# ------------------------------------------------------------------ challenges by an effect (608.4, 514.2a.i)
def test_parse_challenge_templates():
    assert parse_effects("Challenge an opponent's Troublemaker with one of your characters") == [
        {"op": "challenge", "with": "one", "tm": "opp"}]
    assert parse_effects("Challenge an opponent's face-up Troublemaker with all your characters at its Problem") == [
        {"op": "challenge", "with": "problem", "tm": "opp"}]
    assert parse_effects("challenge an opposing Troublemaker with all of your characters in play") == [
        {"op": "challenge", "with": "all", "tm": "opp"}]
    assert parse_effects("challenge this card with one of your characters here") == [
        {"op": "challenge", "with": "one", "tm": "self", "here": True}]
    assert parse_effects("challenge an opposing Troublemaker with some of your characters") is None


def test_challenge_with_one_character_involves_only_that_character(game):
    """CN101 Biff! Pow!: 'Challenge an opponent's Troublemaker with one of your characters.' The effect
    says which characters are involved (514.2a.i): the chosen one, flagged (514.2d.i) even though it is
    at home; the challenger wins and defeats the Troublemaker (514.5a); the Main Phase window goes on
    with the challenger's priority (707.4)."""
    st = stacked_game(game)
    tm = place(game, st, "PR155", 1, "prob0")  # Flim, 3 power, 1 point
    betty = place(game, st, "PR36", 0, "home0")  # 3
    steam = place(game, st, "PR31", 0, "prob0")  # 4, at the Troublemaker's Problem but not chosen
    top(game, st, 0, "PR31")  # Ann flips 4
    top(game, st, 1, "PR20")  # Bob flips 1
    run(game, st, effects_of(game, "CN101"))
    pend = st.pending
    assert pend["kind"] == "target" and pend["player"] == 0 and pend["rule"] == "514.2a.i"
    assert set(pend["options"]) == {betty, steam, st.mane(0)}
    st, ev = choose(game, st, betty)
    assert "Faceoff totals: Ann 7, Bob 4" in msgs(ev)  # Betty 3 + 4 vs Flim 3 + 1 (Full Steam not involved)
    assert st.faceoff is None and not game.in_play(st, tm) and st.score(0) == 1
    assert st.priority["w"] == "main" and game.to_move(st) == 0


def test_challenge_with_all_characters_at_its_problem_and_losing_sends_home(game):
    """CN120 The Hard Way: only a Troublemaker at a Problem where you have characters can be chosen
    (608.2); losing sends one involved character home (514.5b)."""
    st = stacked_game(game)
    tm0 = place(game, st, "PR155", 1, "prob0")
    place(game, st, "PR155", 1, "prob1")  # no character of Ann's there: not a choice
    sweet = place(game, st, "PR20", 0, "prob0")  # 1
    top(game, st, 0, "PR20")  # 1
    top(game, st, 1, "PR31")  # 4
    ev = run(game, st, effects_of(game, "CN120"))
    assert "Faceoff totals: Ann 2, Bob 7" in msgs(ev.items)
    assert game.in_play(st, tm0) and st.score(0) == 0
    moved = [c for c in st.cards_in_play if game.db.cards[st.card_key(c)].number == "PR20" and st.controller(c) == 0]
    assert moved and st.area(moved[0]) == "home0"  # 514.5b sent home
    assert sweet not in st.cards_in_play or st.area(sweet) == "home0"


def test_challenge_with_all_characters_in_play(game):
    """SB104 It's Time to Be Awesome, first mode: every character Ann controls is involved, wherever it
    is (514.2a.i), the Mane Character at home included."""
    st = stacked_game(game)
    tm = place(game, st, "PR155", 1, "prob1")
    place(game, st, "PR20", 0, "prob0")
    top(game, st, 0, "PR31")  # 4
    top(game, st, 1, "PR20")  # 1
    effs = effects_of(game, "SB104")
    assert effs[0]["op"] == "choose_modes" and effs[0]["modes"][0] == [{"op": "challenge", "with": "all", "tm": "opp"}]
    run(game, st, effs)
    st, ev = choose(game, st, 0)
    fo_msgs = msgs(ev)
    mane_power = game.power(st, st.mane(0))
    assert f"Faceoff totals: Ann {mane_power + 1 + 4}, Bob 4" in fo_msgs  # the Mane at home + PR20 + flip
    assert not game.in_play(st, tm)


def test_challenge_reaction_after_an_opposing_troublemaker_is_uncovered_here(game):
    """CN16 Pipsqueak: 'Reaction: After an opponent's Troublemaker is uncovered at this card's Problem, you
    may challenge that Troublemaker with all your characters there.' (512.4: only in response to that
    uncover, during the opponent's Troublemaker Phase)."""
    st = stacked_game(game)
    pip = place(game, st, "CN16", 0, "prob1")
    place(game, st, "PR31", 0, "prob1")
    tm = place(game, st, "PR155", 1, "prob1", face_down=True)
    st.d.pop("rxg", None)
    # Ann ends her turn; Bob's Troublemaker Phase uncovers Flim at Pipsqueak's Problem
    st = pass_until(game, st, lambda s: s.turn_player == 1 and any(
        a.kind == "activate" and a.get("card") == pip for a in game.legal_actions(s, 0)))
    assert not st.face_down(tm)
    top(game, st, 0, "PR31")
    top(game, st, 1, "PR20")
    score = st.score(0)
    a = next(a for a in game.legal_actions(st, 0) if a.kind == "activate" and a.get("card") == pip)
    st, ev = game.apply(st, a)
    assert any("challenges Flim" in m for m in msgs(ev))
    st = pass_until(game, st, lambda s: s.faceoff is None)
    assert not game.in_play(st, tm) and st.score(0) == score + 1  # 1 + 4 + 4 vs 3 + 1


# ------------------------------------------------------------------ "Score Phase:" / "Troublemaker Phase:" timing (512.3)
def _can_activate(game, st, cid, p):
    return any(a.kind == "activate" and a.get("card") == cid for a in game.legal_actions(st, p))


def test_parse_phase_timings():
    ab = parse_line("Score Phase: Exhaust one of your Resources at home to give this card +2 power until the end of the phase.", "Friend", {})
    assert ab["kind"] == "activated" and ab["timing"] == "score"
    ab = parse_line("Troublemaker Phase: Choose up to 2 of your characters at home. Move each of them to a different Problem.", "Event", {})
    assert ab["kind"] == "event" and ab["timing"] == "tp" and len(ab["effects"]) == 2
    assert all(e["distinct"] and e["target"]["at"] == "home" and e["target"]["optional"] for e in ab["effects"])


def test_score_phase_ability_only_in_the_turn_players_score_phase(game):
    """CN27 Bags Valet: 'Score Phase: Exhaust one of your Resources at home to give this card +2 power until
    the end of the phase.' 512.3: only the turn player, during their Score Phase (the start-of-Score-Phase
    window, 601.2), not in the Main Phase; the +2 lasts until the end of the Score Phase."""
    st = stacked_game(game)
    bags = place(game, st, "CN27", 0, "prob0")
    res = place(game, st, "PR151", 0, "home0")
    res2 = place(game, st, "PR151", 0, "home0")
    bobs = place(game, st, "CN27", 1, "prob1")
    place(game, st, "PR151", 1, "home1")
    assert not _can_activate(game, st, bags, 0)  # Main Phase: no
    st = pass_until(game, st, lambda s: s.step == "w_score" and s.priority and game.to_move(s) == 0)
    assert st.priority["w"] == "phase" and st.turn_player == 0
    assert not _can_activate(game, st, bobs, 1)  # not Bob's Score Phase
    base = game.power(st, bags)
    a = next(a for a in game.legal_actions(st, 0) if a.kind == "activate" and a.get("card") == bags)
    st, _ = game.apply(st, a)
    assert st.pending["kind"] == "target" and set(st.pending["options"]) == {res, res2}
    st, _ = choose(game, st, res)
    # Bob passed; Ann has priority again in the same window and may activate it again
    assert st.exhausted(res) and game.power(st, bags) == base + 2 and game.to_move(st) == 0
    a = next(a for a in game.legal_actions(st, 0) if a.kind == "activate" and a.get("card") == bags)
    st, ev = game.apply(st, a)  # the other Resource is the only one left: no choice
    assert st.exhausted(res2) and any("gets +2 power until the end of the phase" in m for m in msgs(ev))
    st = pass_until(game, st, lambda s: s.turn_player == 1)
    assert game.power(st, bags) == base  # "until the end of the phase" (the Score Phase) ended


def test_troublemaker_phase_window_and_abilities(game):
    """CG12 Rainbow Dash: 'Troublemaker Phase: Retire this card to move one of your Friends to this card's
    Problem.' and PR115 Fears Must be Faced: 'Choose up to 2 of your characters at home. Move each of them
    to a different Problem.' 512.3: the turn player's Troublemaker Phase; 601.2 a window opens at its
    start (after its start triggers) when the turn player has such a card."""
    st = stacked_game(game)
    dash = place(game, st, "CG12", 0, "prob1")
    betty = place(game, st, "PR36", 0, "home0")
    steam = place(game, st, "PR31", 0, "home0")
    place(game, st, "PR12", 0, "prob0")  # [Loyalty] 2: with the Mane Character, Fears Must be Faced's 3 [Loyalty]
    ev_card = to_hand(game, st, "PR115", 0)
    assert not _can_activate(game, st, dash, 0)  # not in the Main Phase
    assert not any(a.kind == "play" and a.get("card") == ev_card for a in game.legal_actions(st, 0))
    st = pass_until(game, st, lambda s: s.turn_player == 0 and s.turn > 1 and s.step == "w_tp" and s.priority)
    assert st.priority == {"w": "phase", "p": 0, "n": 0, "ph": "tp", "end": False}
    set_tokens(st, 0, 5)
    a = next(a for a in game.legal_actions(st, 0) if a.kind == "activate" and a.get("card") == dash)
    st, _ = game.apply(st, a)
    assert st.pending["kind"] == "target" and betty in st.pending["options"]
    st, _ = choose(game, st, betty)
    assert st.area(betty) == "prob1" and dash not in st.cards_in_play  # retired as the cost (508.1a)
    # Fears Must be Faced: Full Steam and the Mane Character at home, each to a different Problem
    ev_card = next(c for c in st.hand(0) if number(game, st, c) == "PR115")
    st, _ = game.apply(st, Action.make("play", 0, card=ev_card))
    mane = st.mane(0)
    assert st.pending["kind"] == "target" and set(st.pending["options"]) >= {steam, mane, "none"}
    assert betty not in st.pending["options"]  # not at home
    st, _ = choose(game, st, steam)
    st, _ = choose(game, st, "prob0")
    st, _ = choose(game, st, mane)  # one Problem left for it: no choice
    assert st.area(steam) == "prob0" and st.area(mane) == "prob1"


def test_move_to_this_cards_problem_needs_a_problem(game):
    """'... to this card's Problem': a card at home has no Problem, so nothing moves (it is not 'here')."""
    st = stacked_game(game)
    dash = place(game, st, "CG12", 0, "home0")
    betty = place(game, st, "PR36", 0, "prob0")
    play_effects(game, st, 0, dash, effects_of(game, "CG12"))
    resolve_all(game, st)
    assert st.area(betty) == "prob0"


# ------------------------------------------------------------------ "Any player may activate this ability." (703)
def set_problem(game, st, area, number):
    """Make the Problem in ``area`` another Problem card (test setup)."""
    set_card(st, game.problem_at(st, area), card_key=game.db.key(number))
    st._la = None


def test_parse_any_player_abilities(game):
    for n in ("CN179", "PR175", "LL125"):
        abl = game.db.cards[game.db.key(n)].abilities["front"]
        assert [a.get("any_player") for a in abl if a["kind"] == "activated"] == [True]
        assert game.db.cards[game.db.key(n)].automated
    ab = next(a for a in game.db.cards[game.db.key("PR175")].abilities["front"] if a["kind"] == "activated")
    assert ab["cost"] == {"dismiss_sel": {"type": "Friend", "ctrl": "you", "at": "here"}}
    ab = next(a for a in game.db.cards[game.db.key("CN179")].abilities["front"] if a["kind"] == "activated")
    assert ab["effects"] == [{"op": "move", "target": {"type": "Mane Character", "ctrl": "opp"}, "to": "here"}]


def test_any_player_may_activate_an_opponents_problem(game):
    """PR175 I Need Answers (errata: 'Main Phase: Dismiss one of your Friends here to gain [1]. Any player
    may activate this ability.'): Ann activates Bob's Problem in her Main Phase (512.3), paying with her
    own Friend there (508); Bob can't during Ann's turn."""
    st = stacked_game(game)
    set_problem(game, st, "prob1", "PR175")
    prob = game.problem_at(st, "prob1")
    assert st.controller(prob) == 1
    mine = place(game, st, "PR20", 0, "prob1")
    place(game, st, "PR20", 1, "prob1")
    assert not _can_activate(game, st, prob, 1)  # not Bob's Main Phase
    tok, btok = st.tokens(0), st.tokens(1)
    st, _ = game.apply(st, next(a for a in game.legal_actions(st, 0) if a.kind == "activate" and a.get("card") == prob))
    assert mine not in st.cards_in_play and st.tokens(0) == tok + 1 and st.tokens(1) == btok
    assert not _can_activate(game, st, prob, 0)  # no Friend of Ann's there any more: the cost can't be paid


def test_any_player_moves_the_opponents_mane_here(game):
    """CN179 Greeting Lots of Folks With Clout: 'Pay [1] to move your opponent's Mane Character here.' Played
    by its owner's opponent, "your opponent" is the owner (the activating player is "you")."""
    st = stacked_game(game)
    set_problem(game, st, "prob1", "CN179")
    prob = game.problem_at(st, "prob1")
    set_tokens(st, 0, 3)
    st, _ = game.apply(st, next(a for a in game.legal_actions(st, 0) if a.kind == "activate" and a.get("card") == prob))
    assert st.area(st.mane(1)) == "prob1" and st.tokens(0) == 2
    assert st.area(st.mane(0)) == "home0"


def test_any_player_challenges_the_tree_of_harmony(game):
    """LL125 The Tree of Harmony: 'Main Phase: Pay [2] to challenge this card with one of your characters
    here. Any player may activate this ability.' (608.4, 514.2a.i: only the chosen character there)."""
    st = stacked_game(game)
    tree = place(game, st, "LL125", 1, "prob1")
    far = place(game, st, "PR31", 0, "prob0")
    near = place(game, st, "PR31", 0, "prob1")
    near2 = place(game, st, "PR20", 0, "prob1")
    set_tokens(st, 0, 4)
    top(game, st, 0, "PR31")
    top(game, st, 1, "PR20")
    st, _ = game.apply(st, next(a for a in game.legal_actions(st, 0) if a.kind == "activate" and a.get("card") == tree))
    assert st.pending["kind"] == "target" and set(st.pending["options"]) == {near, near2}  # here only
    st, ev = choose(game, st, near)
    assert st.tokens(0) == 2 and any("challenges The Tree of Harmony" in m for m in msgs(ev))
    assert any(m.startswith("Faceoff totals: Ann 8,") for m in msgs(ev))  # 4 + 4, Sweetie Sunrise not involved


# ------------------------------------------------------------------ delayed effects (712: "At the end of the turn, ...")
def test_parse_delayed_effects():
    r = parse_effects("banish a Friend. At the start of the next turn, put that Friend into play")
    assert r == [{"op": "banish", "target": {"type": "Friend"}, "keep": True},
                 {"op": "delay", "when": "turn_start", "effects": [{"op": "put_back"}],
                  "lbl": "At the start of the next turn, put that Friend into play"}]
    r = parse_effects("move one of your Friends to this Problem, then retire that Friend at the end of the turn")
    assert r[1]["effects"] == [{"op": "retire", "target": {"it": True}}] and r[1]["when"] == "turn_end"
    r = parse_effects("Put 7 1 [Loyalty] Pegasus Friend tokens with Swift into play. At the end of the turn, banish them")
    assert len(r) == 8 and r[-1]["effects"] == [{"op": "made", "verb": "banish"}]
    # "them" with nothing put into play, or an unknown delayed instruction: not automated
    assert parse_effects("Draw a card. At the end of the turn, banish them") is None
    assert parse_effects("Draw a card. At the end of the turn, do a little dance") is None


def test_banished_friend_returns_at_the_start_of_the_next_turn(game):
    """AD45 Minuette, Fast Forward: 'Pay [2] and exhaust this card to banish a Friend. At the start of the next
    turn, put that Friend into play.' The Friend comes back at its owner's home under its owner's control
    (a new object, 410.6: its counters are gone) at the start of Bob's turn."""
    st = stacked_game(game)
    minu = place(game, st, "AD45", 0, "home0")
    theirs = place(game, st, "PR31", 1, "prob1")
    st.d["cards"][theirs]["cn"]["+1"] = 2
    set_tokens(st, 0, 3)
    st, _ = game.apply(st, next(a for a in game.legal_actions(st, 0) if a.kind == "activate" and a.get("card") == minu))
    st, _ = choose(game, st, theirs)
    gone = st.banished(1)[-1]
    assert number(game, st, gone) == "PR31" and st.tokens(0) == 1 and st.exhausted(minu)
    assert st.d["dly"][0]["w"] == "turn_start"
    st = pass_until(game, st, lambda s: s.turn_player == 1 and s.step != "w_ready" and not s.resolving)
    back = [c for c in st.cards_in_play if number(game, st, c) == "PR31" and st.owner(c) == 1]
    assert back and st.area(back[0]) == "home1" and st.controller(back[0]) == 1
    assert not st.counters(back[0]).get("+1") and not st.d.get("dly")


def test_end_of_turn_delayed_retire_and_tokens(game):
    """CG7 Comet Tail: '+2 power until the end of the turn. You may move this card. At the end of the turn,
    retire this card.'; MT144 Close Air Support: seven tokens with Swift, banished at the end of the turn
    (615.1: end-of-turn effects; 521.3 a token leaving play ceases to exist)."""
    st = stacked_game(game)
    comet = place(game, st, "CG7", 0, "home0")
    set_tokens(st, 0, 3)
    base = game.power(st, comet)
    st, _ = game.apply(st, next(a for a in game.legal_actions(st, 0) if a.kind == "activate" and a.get("card") == comet))
    assert st.pending["kind"] == "may"
    st, _ = choose(game, st, True)
    st, _ = choose(game, st, "prob0")
    assert st.area(comet) == "prob0" and game.power(st, comet) == base + 2
    run(game, st, effects_of(game, "MT144"))
    toks = [c for c in st.cards_in_play if st.is_token(c) and st.controller(c) == 0]
    assert len(toks) == 7 and all(game.keyword(st, c, "Swift") for c in toks)
    st = pass_until(game, st, lambda s: s.turn_player == 1)
    assert comet not in st.cards_in_play and number(game, st, st.discard_pile(0)[-1]) == "CG7"
    assert not any(st.is_token(c) for c in st.cards_in_play)


def test_delayed_retire_of_the_moved_friend_and_if_no_player(game):
    """CG169 Charge! (any player): 'Pay [1] to move one of your Friends to this Problem, then retire that Friend
    at the end of the turn.'; LL88 Cockatrice Migration: two Critter tokens, and 'At the end of the turn, if
    no player has 8 or more points, retire 2 Critter Friends' (the player retires their own, 410.2)."""
    st = stacked_game(game)
    set_problem(game, st, "prob1", "CG169")
    prob = game.problem_at(st, "prob1")
    betty = place(game, st, "PR36", 0, "home0")
    set_tokens(st, 0, 3)
    st, _ = game.apply(st, next(a for a in game.legal_actions(st, 0) if a.kind == "activate" and a.get("card") == prob))
    assert st.area(betty) == "prob1"
    run(game, st, effects_of(game, "LL88"))
    assert sum(1 for c in st.cards_in_play if st.is_token(c)) == 2
    st = pass_until(game, st, lambda s: s.turn_player == 1)
    assert betty not in st.cards_in_play and "PR36" in [number(game, st, c) for c in st.discard_pile(0)]
    assert not any(st.is_token(c) for c in st.cards_in_play)
    # with 8 points, the Critters stay
    st = stacked_game(game)
    st.d["pl"][1]["score"] = 8
    run(game, st, effects_of(game, "LL88"))
    st = pass_until(game, st, lambda s: s.turn_player == 1)
    assert sum(1 for c in st.cards_in_play if st.is_token(c)) == 2


def test_control_until_the_end_of_your_score_phase(game):
    """LL95 Hypnotized by Fear: 'Gain control of an opposing Friend. At the end of your Score Phase, put that
    Friend on top of its owner's deck.' (513.2; the delayed effect at the end of Ann's Score Phase)."""
    st = stacked_game(game)
    theirs = place(game, st, "PR31", 1, "prob1")
    run(game, st, effects_of(game, "LL95"))
    assert st.controller(theirs) == 0
    st = pass_until(game, st, lambda s: s.turn_player == 1)
    assert theirs not in st.cards_in_play
    assert number(game, st, st.deck(1)[0]) in ("PR31",) or any(
        number(game, st, c) == "PR31" for c in st.hand(1))  # Bob drew it in his Draw Step


def test_reaction_banish_this_card_until_your_next_turn(game):
    """CN196 Princess Luna: 'Reaction: After the start of any phase, you may banish this card and put it into
    play at the start of your next turn.' (512.4: in the window after the start of a phase)."""
    st = stacked_game(game)
    luna = place(game, st, "CN196", 0, "prob0")
    st.d.pop("rxg", None)
    st = pass_until(game, st, lambda s: any(a.kind == "activate" and a.get("card") == luna for a in game.legal_actions(s, 0)))
    turn = st.turn
    st, _ = game.apply(st, next(a for a in game.legal_actions(st, 0) if a.kind == "activate" and a.get("card") == luna))
    assert luna not in st.cards_in_play and number(game, st, st.banished(0)[-1]) == "CN196"
    st = pass_until(game, st, lambda s: s.turn > turn and s.turn_player == 1 and s.step == "main")
    assert not any(number(game, st, c) == "CN196" for c in st.cards_in_play)  # not at the start of Bob's turn
    st = pass_until(game, st, lambda s: s.turn_player == 0 and s.turn > turn + 1 and s.step != "w_ready")
    assert any(number(game, st, c) == "CN196" and st.area(c) == "home0" for c in st.cards_in_play)


# ------------------------------------------------------------------ timed player modifiers (514.3a, 104.2)
def test_parse_timed_player_modifiers():
    assert parse_effects("flip an additional card during faceoffs until the end of the turn") == [
        {"op": "flip_mod", "n": 1, "who": "you", "until": "turn"}]
    assert parse_effects("opponents flip 1 fewer cards for faceoffs until the start of your next turn") == [
        {"op": "flip_mod", "n": -1, "who": "opp", "until": "next_turn"}]
    assert parse_effects("opponents can't play Events this turn") == [
        {"op": "restrict", "k": "no_events", "who": "opp", "until": "turn"}]
    assert parse_effects("exhaust an opposing character and it does not ready during its controller's next ready step") == [
        {"op": "exhaust", "target": {"type": "character", "ctrl": "opp"}, "no_ready": True}]


def test_timed_flip_modifiers(game):
    """DE95 (third mode) 'flip an additional card during faceoffs until the end of the turn' and LL96 (third
    mode) 'opponents flip 1 fewer cards for faceoffs until the start of your next turn' (514.3a: the first
    flip of each faceoff)."""
    st = stacked_game(game)
    run(game, st, effects_of(game, "DE95"))
    st, _ = choose(game, st, 2)
    run(game, st, effects_of(game, "LL96"))
    st, _ = choose(game, st, 2)
    assert st.d["pl"][0]["fmod"] == [{"n": 1, "u": "turn"}] and st.d["pl"][1]["fmod"] == [{"n": -1, "u": "start0"}]
    place(game, st, "PR20", 0, "prob0")
    place(game, st, "PR20", 1, "prob0")
    start_faceoff(game, st, "problem", ["prob0"], 0)
    resolve_all(game, st)
    flip_for_faceoff(game, st)
    assert len(st.flipped(0)) == 2 and len(st.flipped(1)) == 0
    end_durations(game, st, "turn")
    assert not st.d["pl"][0]["fmod"] and st.d["pl"][1]["fmod"]
    end_durations(game, st, "start0")
    assert not st.d["pl"][1]["fmod"]


def test_opponents_cant_play_events_or_move_this_turn(game):
    """MT92 The Vote, 'opponents can't play Events this turn'; AD118 Twilight's Epiphany, 'opponents can't move
    their characters this turn' (104.2: neither the move action nor their effects; it ends with the turn)."""
    st = stacked_game(game)
    run(game, st, [{"op": "restrict", "k": "no_events", "who": "opp", "until": "turn"},
                   {"op": "restrict", "k": "no_move", "who": "opp", "until": "turn"}])
    bobs = place(game, st, "PR31", 1, "home1")
    ann = place(game, st, "PR31", 0, "home0")
    assert game.move_blocked(st, 1, bobs, "home1", "prob0")
    assert not game.move_blocked(st, 0, ann, "home0", "prob0")
    assert not game.move_blocked(st, 0, bobs, "home1", "prob0")  # Ann may still move Bob's characters
    ev_card = to_hand(game, st, "LL91", 1)  # an Immediate Event (cost 1, no requirement)
    set_tokens(st, 1, 3)
    assert not any(a.get("card") == ev_card for a in game.actions_with_priority(st, 1))
    st.d["pl"][1]["tmr"] = [r for r in st.d["pl"][1]["tmr"] if r["k"] != "no_events"]
    assert any(a.get("card") == ev_card for a in game.actions_with_priority(st, 1))  # (it could be played otherwise)
    st.d["pl"][1]["tmr"].append({"k": "no_events", "u": "turn"})
    run(game, st, [{"op": "move", "target": {"id": bobs}, "to": "choose"}], p=1)  # Bob's own effect: no move
    assert st.area(bobs) == "home1"
    assert st.d["pl"][1]["tmr"] and end_durations(game, st, "turn") is None and not st.d["pl"][1]["tmr"]


def test_the_vote_fewer_points_mode(game):
    """MT92 The Vote, third mode: 'if you have fewer points than an opponent score a point'."""
    st = stacked_game(game)
    run(game, st, effects_of(game, "MT92"))
    st, _ = choose(game, st, 2)
    assert st.score(0) == 0
    st.d["pl"][1]["score"] = 2
    run(game, st, effects_of(game, "MT92"))
    st, _ = choose(game, st, 2)
    assert st.score(0) == 1


# ------------------------------------------------------------------ "Faceoff Reaction:" (512.4, 512.4b)
def _fo(game, st, areas=("prob0",), type_="problem"):
    ev = Ev()
    pr, st.d["prio"] = st.priority, None  # the Main Phase window goes on after the faceoff (as 707.4)
    start_faceoff(game, st, type_, list(areas), 0, extra={"ret": pr}, ev=ev)
    advance(game, st, ev=ev)
    st._la = None
    return ev


def _rx_play(game, st, cid, p=0):
    acts = [a for a in game.legal_actions(st, p) if a.get("card") == cid and a.get("rx") is not None]
    assert acts, "no Reaction action"
    return game.apply(st, acts[0])


def test_faceoff_reaction_after_you_flip_that_card_gets_power(game):
    """PR108 Critter Cavalry: 'Faceoff Reaction: Play after you flip a card. That card gets +5 power this
    faceoff.' Playable only in response to Ann's flip (512.4), during a faceoff (512.4b); the flipped card's
    power counts in her total (514.4a)."""
    st = stacked_game(game)
    cav = to_hand(game, st, "PR108", 0)
    place(game, st, "PR80", 0, "home0")  # 2 [Kindness]: Critter Cavalry's play requirement (205)
    set_tokens(st, 0, 5)
    place(game, st, "PR20", 0, "prob0")
    place(game, st, "PR20", 1, "prob0")
    top(game, st, 0, "PR20")
    top(game, st, 1, "PR31")
    assert not any(a.get("card") == cav for a in game.legal_actions(st, 0))  # nothing to react to
    _fo(game, st)
    assert st.faceoff["stage"] == "w_flip" and game.to_move(st) == 0
    assert game.faceoff_total(st, 0) == 2 and game.faceoff_total(st, 1) == 5
    st, ev = _rx_play(game, st, cav)
    assert "Faceoff totals: Ann 7, Bob 5" in msgs(ev) and "Ann wins the faceoff (514.5)" in msgs(ev)


def test_faceoff_reaction_when_a_faceoff_begins_put_on_top_of_deck(game):
    """PR104 A Vision of the Future: 'Play when a faceoff begins. Put this card on the top of its owner's deck.'
    (it is flipped next instead of going to the discard pile, 304.2); PR131 Assault Cake (a Resource) does
    the same with itself."""
    st = stacked_game(game)
    vis = to_hand(game, st, "PR104", 0)
    place(game, st, "PR36", 0, "home0")  # 3 [Laughter]
    cake = place(game, st, "PR131", 0, "home0")
    set_tokens(st, 0, 5)
    place(game, st, "PR20", 0, "prob0")
    place(game, st, "PR20", 1, "prob0")
    _fo(game, st)
    assert st.faceoff["stage"] in ("start", "w_start") and game.to_move(st) == 0  # a Reaction window (512.4)
    st, _ = _rx_play(game, st, vis)
    assert number(game, st, st.deck(0)[0]) == "PR104" and not any(
        number(game, st, c) == "PR104" for c in st.discard_pile(0))
    st, ev = _rx_play(game, st, cake)
    assert cake not in st.cards_in_play
    assert any(m.startswith("Ann flips Assault Cake") for m in msgs(ev))  # it was on top: the faceoff's flip (514.3)


def test_faceoff_reaction_when_you_win(game):
    """PR107 Crème de la Crème: 'Play when you win a Problem faceoff by at least 5 power. Score an additional
    point.'; PR209 Heart's Desire: 'When you win a faceoff, you may dismiss this card to gain [4].' (the
    window after the faceoff is resolved, 514.6)."""
    st = stacked_game(game)
    creme = to_hand(game, st, "PR107", 0)
    place(game, st, "PR79", 0, "home0")
    place(game, st, "PR76", 0, "home0")  # 3 [Generosity]
    heart = place(game, st, "PR209", 0, "home0")
    set_tokens(st, 0, 5)
    place(game, st, "PR31", 0, "prob0")
    place(game, st, "PR20", 1, "prob0")
    top(game, st, 0, "PR31")
    top(game, st, 1, "PR20")
    _fo(game, st)
    assert st.faceoff["stage"] in ("resolved", "w_end") and st.faceoff["winner"] == 0 and game.to_move(st) == 0  # 8 to 2
    score = st.score(0)
    st, _ = _rx_play(game, st, creme)
    assert st.score(0) == score + 1
    tok = st.tokens(0)
    st, _ = _rx_play(game, st, heart)
    assert heart not in st.cards_in_play and st.tokens(0) == tok + 4


def test_faceoff_reaction_win_margin_not_reached(game):
    st = stacked_game(game)
    creme = to_hand(game, st, "PR107", 0)
    place(game, st, "PR79", 0, "home0")
    place(game, st, "PR76", 0, "home0")
    set_tokens(st, 0, 5)
    place(game, st, "PR31", 0, "prob0")
    place(game, st, "PR31", 1, "prob0")
    top(game, st, 0, "PR31")
    top(game, st, 1, "PR20")
    _fo(game, st)
    assert st.faceoff is None or not any(a.get("card") == creme for a in game.legal_actions(st, 0))  # won 8 to 5


def test_faceoff_reaction_pay_to_ignore_and_flip_again(game):
    """CN195 Pinkie Pie: 'After you flip a card, you may pay [1] to ignore that card's power and flip a new card.'
    (515.4: the ignored card stays flipped)."""
    st = stacked_game(game)
    pinkie = place(game, st, "CN195", 0, "prob0")
    place(game, st, "PR20", 1, "prob0")
    set_tokens(st, 0, 2)
    top(game, st, 0, "PR20", "PR31")
    top(game, st, 1, "PR33")
    _fo(game, st)
    before = game.faceoff_total(st, 0)
    a = next(a for a in game.legal_actions(st, 0) if a.kind == "activate" and a.get("card") == pinkie)
    st, ev = game.apply(st, a)
    assert st.tokens(0) == 1 and "Sweetie Sunrise, Early Riser is ignored" in msgs(ev)
    # the ignored 1 stays flipped (515.4), the new 4 counts; the new flip may be reacted to again (512.4c)
    assert len(st.flipped(0)) == 2 and game.faceoff_total(st, 0) == before - 1 + 4
    assert game.to_move(st) == 0 and any(a.get("card") == pinkie for a in game.legal_actions(st, 0))


# ------------------------------------------------------------------ costs (508): this card to hand / deck, a typed discard
def test_retire_this_card_if_you_do(game):
    """LL33 Silverstream: 'Immediate: Retire this card. If you do, players need +3 power to confront this card's
    Problem until the end of the turn.' (retiring it is the cost; "this card's Problem" is where it was)."""
    st = stacked_game(game)
    silver = place(game, st, "LL33", 0, "prob1")
    prob = game.problem_at(st, "prob1")
    st, _ = game.apply(st, next(a for a in game.legal_actions(st, 0) if a.kind == "activate" and a.get("card") == silver))
    assert silver not in st.cards_in_play and st.d["cmods"] == [{"who": -1, "prob": prob, "u": "turn", "n": 3}]


def test_put_this_card_into_its_owners_hand_as_a_cost(game):
    """PR203 Twilight Sparkle: 'While this card is at a Problem, you may exhaust this card and put it into its owner's
    hand. If you do, move up to 2 of your opponent's characters home.' (the condition is checked as it is activated;
    both costs are paid, 508; the moves are optional: 'up to')."""
    st = stacked_game(game)
    tw = place(game, st, "PR203", 0, "home0")
    a1 = place(game, st, "PR31", 1, "prob0")
    a2 = place(game, st, "PR20", 1, "prob1")
    assert not _can_activate(game, st, tw, 0)  # at home
    set_card(st, tw, area="prob0")
    st._la = None
    st, _ = game.apply(st, next(a for a in game.legal_actions(st, 0) if a.kind == "activate" and a.get("card") == tw))
    assert tw not in st.cards_in_play and any(number(game, st, c) == "PR203" for c in st.hand(0))
    assert st.pending["kind"] == "target" and "none" in st.pending["options"]
    st, _ = choose(game, st, a1)
    st, _ = choose(game, st, "none")
    assert st.area(a1) == "home1" and st.area(a2) == "prob1"


def test_put_this_card_on_top_of_the_deck_during_a_faceoff(game):
    """DE38 Sunset Shimmer: 'Immediate: During a faceoff, put this card on top of its owner's deck to put an opposing
    Friend on top of its owner's deck.'"""
    st = stacked_game(game)
    sun = place(game, st, "DE38", 0, "prob0")
    theirs = place(game, st, "PR31", 1, "prob0")
    assert not _can_activate(game, st, sun, 0)  # not during a faceoff
    _fo(game, st)
    a = next(a for a in game.legal_actions(st, 0) if a.kind == "activate" and a.get("card") == sun)
    st, _ = game.apply(st, a)
    assert sun not in st.cards_in_play and theirs not in st.cards_in_play
    assert "DE38" in [number(game, st, c) for c in st.deck(0)[:2] + st.flipped(0)]


def test_discard_an_event_as_a_cost(game):
    """CNf2 Princess Luna (boosted): 'Faceoff: Discard an Event to give this card +3 power until the end of the
    faceoff.' Only with an Event in hand (508.1d); the player picks which Event."""
    st = stacked_game(game, manes=("CNf2", "PR2"))
    mane = st.mane(0)
    set_card(st, mane, boosted=True)
    set_card(st, mane, area="prob0")
    place(game, st, "PR31", 1, "prob0")
    st.d["pl"][0]["hand"] = [c for c in st.hand(0) if game.db.cards[st.card_key(c)].front.type != "Event"]
    _fo(game, st)
    assert st.faceoff is None or not _can_activate(game, st, mane, 0)
    st = stacked_game(game, manes=("CNf2", "PR2"))
    mane = st.mane(0)
    set_card(st, mane, boosted=True)
    set_card(st, mane, area="prob0")
    place(game, st, "PR31", 1, "prob0")
    e1, e2 = to_hand(game, st, "PR104", 0), to_hand(game, st, "PR108", 0)
    _fo(game, st)
    base = game.power(st, mane)
    st, _ = game.apply(st, next(a for a in game.legal_actions(st, 0) if a.kind == "activate" and a.get("card") == mane))
    assert st.pending["kind"] == "target" and set(st.pending["options"]) == {e1, e2}
    st, _ = choose(game, st, e2)
    assert game.power(st, mane) == base + 3 and "PR108" in [number(game, st, c) for c in st.discard_pile(0)]


# ------------------------------------------------------------------ cards beneath a card (Pumped; glossary "beneath", "spend")
def _beneath(st, host):
    return [b for q in (0, 1) for b in st.banished(q) if st.d["cards"][b].get("bn") == host]


def test_event_banishes_itself_beneath_a_pumped_friend(game):
    """CN103 Eep!: 'Banish this card to beneath one of your Friends with Pumped.' (not into the discard pile,
    304.2: it left the queue); the Friend's "cards beneath this card" count it."""
    st = stacked_game(game)
    p1 = place(game, st, "CN14", 0, "home0")
    p2 = place(game, st, "CN36", 0, "home0")
    place(game, st, "PR31", 0, "home0")  # no Pumped: not a choice
    place(game, st, "PR80", 0, "home0")  # [Kindness] 2 for the play requirement
    eep = to_hand(game, st, "CN103", 0)
    set_tokens(st, 0, 3)
    st, _ = game.apply(st, Action.make("play", 0, card=eep))
    assert st.pending["kind"] == "target" and set(st.pending["options"]) == {p1, p2}
    st, _ = choose(game, st, p2)
    assert [number(game, st, b) for b in _beneath(st, p2)] == ["CN103"] and game.cards_beneath(st, p2) == 1
    assert "CN103" not in [number(game, st, c) for c in st.discard_pile(0)]


def test_hand_card_and_opposing_friend_beneath_this_card_then_released(game):
    """CN133 Canterlot Archives: 'Exhaust this card to banish an Event from your hand to beneath this card.';
    CN134 Canterlot Hedge Maze: 'Exhaust this card and pay [1] to banish an opponent's Friend to beneath this
    card.' and (any player) 'Pay [2] to dismiss this card and put any cards beneath it into play at their owners'
    homes.' (706: it enters play as a new object)."""
    st = stacked_game(game)
    arch = place(game, st, "CN133", 0, "home0")
    st.d["pl"][0]["hand"] = [c for c in st.hand(0) if game.db.cards[st.card_key(c)].front.type != "Event"]
    e1 = to_hand(game, st, "PR104", 0)
    st, _ = game.apply(st, next(a for a in game.legal_actions(st, 0) if a.kind == "activate" and a.get("card") == arch))
    assert [number(game, st, b) for b in _beneath(st, arch)] == ["PR104"] and e1 not in st.hand(0)
    maze = place(game, st, "CN134", 0, "home0")
    theirs = place(game, st, "PR31", 1, "prob1")
    set_tokens(st, 0, 4)
    acts = [a for a in game.legal_actions(st, 0) if a.kind == "activate" and a.get("card") == maze]
    st, _ = game.apply(st, next(a for a in acts if a.get("ability") == 1))
    under = _beneath(st, maze)
    assert theirs not in st.cards_in_play and [number(game, st, b) for b in under] == ["PR31"]
    assert st.owner(under[0]) == 1
    # Bob (any player) pays [2] in his Main Phase: the maze is dismissed, his Friend comes back at his home
    st.d["tp"] = 1
    st.d["prio"] = {"w": "main", "p": 1, "n": 0}
    set_tokens(st, 1, 2)
    st._la = None
    acts = [a for a in game.legal_actions(st, 1) if a.kind == "activate" and a.get("card") == maze]
    assert [a.get("ability") for a in acts] == [2]  # only the ability any player may activate
    st, _ = game.apply(st, acts[0])
    assert maze not in st.cards_in_play
    back = [c for c in st.cards_in_play if number(game, st, c) == "PR31" and st.owner(c) == 1]
    assert back and st.area(back[0]) == "home1" and st.controller(back[0]) == 1


def test_archives_reaction_puts_a_card_from_beneath_on_top_of_the_deck(game):
    """CN133 Canterlot Archives: 'Reaction: After the start of a faceoff, you may exhaust this card to put a banished
    card from beneath this card on the top of your deck and gain [1].'"""
    st = stacked_game(game)
    arch = place(game, st, "CN133", 0, "home0")
    b = game._new(st.d, game.db.key("PR104"), 0, "ban")
    st.d["pl"][0]["ban"].append(b)
    set_card(st, b, banished_beneath=arch)
    place(game, st, "PR20", 0, "prob0")
    place(game, st, "PR20", 1, "prob0")
    tok = st.tokens(0)
    _fo(game, st)
    a = next(a for a in game.legal_actions(st, 0) if a.kind == "activate" and a.get("card") == arch)
    st, ev = game.apply(st, a)
    assert st.tokens(0) == tok + 1 and not _beneath(st, arch) and st.exhausted(arch)
    assert any(m.startswith("Ann flips A Vision of the Future") for m in msgs(ev))  # it was put on top: flipped next


def test_spend_from_beneath_a_pumped_friend_and_clear_beneath(game):
    """CN141 Joe's Doughnut Shop: 'Spend a card from beneath one of your Friends with Pumped to give that Friend +2
    power until the end of the turn.' (the cost chooses the Friend, 508); CN73 Hoity Toity: 'Exhaust this card to put
    all cards from beneath a Friend with Pumped into the discard pile.'; CN37 Joe: reveal a hand card and banish it
    beneath one of your Friends with Pumped."""
    st = stacked_game(game)
    shop = place(game, st, "CN141", 0, "home0")
    pumped = place(game, st, "CN14", 0, "prob0")
    assert not _can_activate(game, st, shop, 0)  # nothing beneath any Friend with Pumped
    joe = place(game, st, "CN37", 0, "home0")
    card = st.hand(0)[0]
    set_tokens(st, 0, 3)
    st, _ = game.apply(st, next(a for a in game.legal_actions(st, 0) if a.kind == "activate" and a.get("card") == joe))
    st, ev = choose(game, st, card)  # the only Friend with Pumped: no second choice
    assert len(_beneath(st, pumped)) == 1 and any("reveals" in m for m in msgs(ev))
    base = game.power(st, pumped)
    st, _ = game.apply(st, next(a for a in game.legal_actions(st, 0) if a.kind == "activate" and a.get("card") == shop))
    assert not _beneath(st, pumped) and game.power(st, pumped) == base + 2
    b = game._new(st.d, game.db.key("PR104"), 1, "ban")
    st.d["pl"][1]["ban"].append(b)
    set_card(st, b, banished_beneath=pumped)
    hoity = place(game, st, "CN73", 0, "home0")
    st, _ = game.apply(st, next(a for a in game.legal_actions(st, 0) if a.kind == "activate" and a.get("card") == hoity))
    assert not _beneath(st, pumped) and number(game, st, st.discard_pile(1)[-1]) == "PR104"


# ------------------------------------------------------------------ moves to a chosen Problem; "instead"; conditions
def test_move_a_random_friend_to_the_chosen_problem(game):
    """CGpf12 DJ Pon-3: 'Exhaust this card to choose a problem. Move a random Friend to that Problem.' (the game's
    seeded rng, among the Friends that can be moved there, 506.2: not one already there)."""
    st = stacked_game(game)
    dj = place(game, st, "CGpf12", 0, "home0")
    there = place(game, st, "PR31", 1, "prob1")
    f1 = place(game, st, "PR20", 1, "home1")
    st, _ = game.apply(st, next(a for a in game.legal_actions(st, 0) if a.kind == "activate" and a.get("card") == dj))
    assert st.pending["kind"] == "choice" and st.pending["what"] == "area"
    st, ev = choose(game, st, "prob1")
    moved = [c for c in (dj, f1) if st.area(c) == "prob1"]
    assert len(moved) == 1 and st.area(there) == "prob1"


def test_up_to_three_critters_to_one_problem(game):
    """MT75 A Special Connection: 'Move up to 3 of your Critter Friends from home to a Problem.' (one Problem for
    all of them; each move optional); AD70 Flitter: 'Pay [1] to move this card to a Problem where you have a
    Critter or Foal Friend.'"""
    st = stacked_game(game)
    c1, c2, c3 = (place(game, st, "CN83", 0, "home0") for _ in range(3))
    away = place(game, st, "CG81", 0, "prob1")
    flit = place(game, st, "AD70", 0, "home0")
    run(game, st, effects_of(game, "MT75", kind="event"))  # (its first ability is a Chaos trigger)
    st, _ = choose(game, st, "prob0")
    assert set(st.pending["options"]) == {c1, c2, c3, "none"}  # not the Critter already at a Problem
    st, _ = choose(game, st, c1)
    st, _ = choose(game, st, c3)
    st, _ = choose(game, st, "none")
    assert [st.area(c) for c in (c1, c2, c3)] == ["prob0", "home0", "prob0"]
    set_tokens(st, 0, 2)
    st, _ = game.apply(st, next(a for a in game.legal_actions(st, 0) if a.kind == "activate" and a.get("card") == flit))
    assert st.pending["kind"] == "choice" and set(st.pending["options"]) == {"prob0", "prob1"}
    st, _ = choose(game, st, "prob1")
    assert st.area(flit) == "prob1" and st.tokens(0) == 1


def test_opponent_moves_away_and_title_condition(game):
    """CN116 ROYAL CANTERLOT VOICE: 'Choose a Problem. Your opponent moves one of their Friends away from that
    Problem. If you control Princess Luna, gain [1].' (Bob decides which Friend and where, 506)."""
    st = stacked_game(game)
    b1 = place(game, st, "PR31", 1, "prob0")
    b2 = place(game, st, "PR20", 1, "prob0")
    place(game, st, "CN59", 0, "home0")  # Princess Luna
    tok = st.tokens(0)
    run(game, st, effects_of(game, "CN116"))
    st, _ = choose(game, st, "prob0")
    assert st.pending["player"] == 1 and set(st.pending["options"]) == {b1, b2}
    st, _ = choose(game, st, b2)
    assert st.pending["player"] == 1 and set(st.pending["options"]) == {"home1", "prob1"}
    st, _ = choose(game, st, "prob1")
    assert st.area(b2) == "prob1" and st.area(b1) == "prob0" and st.tokens(0) == tok + 1


def test_banish_each_friend_at_the_manes_problem_with_lower_or_equal_power(game):
    """AD90 Cruel Taskmistress: Friends at Bob's Mane Character's Problem with power <= its power are banished,
    whoever controls them; none while it is at home."""
    st = stacked_game(game)
    mane = st.mane(1)
    low = place(game, st, "PR20", 0, "prob0")
    high = place(game, st, "PR31", 1, "prob0")
    run(game, st, effects_of(game, "AD90"))
    assert low in st.cards_in_play  # the Mane Character is at home
    set_card(st, mane, area="prob0")
    run(game, st, effects_of(game, "AD90"))
    mp = game.power(st, mane)
    assert (low in st.cards_in_play) == (1 > mp) and (high in st.cards_in_play) == (4 > mp)


def test_dismiss_or_gain_control_instead(game):
    """DE108 Turning Point: 'Dismiss an opposing Troublemaker. You may discard a card. If you do, gain control of that
    Troublemaker instead.'"""
    st = stacked_game(game)
    tm = place(game, st, "PR155", 1, "prob0")
    run(game, st, effects_of(game, "DE108"))
    st, _ = choose(game, st, False)
    assert tm not in st.cards_in_play
    st = stacked_game(game)
    tm = place(game, st, "PR155", 1, "prob0")
    hand = len(st.hand(0))
    run(game, st, effects_of(game, "DE108"))
    st, _ = choose(game, st, True)
    st, _ = choose(game, st, st.hand(0)[0])
    assert tm in st.cards_in_play and st.controller(tm) == 0 and len(st.hand(0)) == hand - 1


def test_opponents_cant_play_cards_during_faceoffs_this_turn(game):
    """FF92 Listen Up!: 'Until the end of the turn, your characters get +3 power and opponents can't play cards
    during faceoffs.'"""
    st = stacked_game(game)
    mine = place(game, st, "PR20", 0, "prob0")
    place(game, st, "PR20", 1, "prob0")
    ev_card = to_hand(game, st, "LL91", 1)
    set_tokens(st, 1, 3)
    run(game, st, effects_of(game, "FF92"))
    assert game.power(st, mine) == 4
    st.d["fo"] = {"type": "problem", "areas": ["prob0"], "chal": 0}
    assert not any(a.get("card") == ev_card for a in game.actions_with_priority(st, 1))
    st.d["fo"] = None
    assert any(a.get("card") == ev_card for a in game.actions_with_priority(st, 1))  # outside faceoffs: allowed


# ------------------------------------------------------------------ "any number of" (multi-select), look and sort
def test_look_at_two_put_any_number_into_the_discard_rest_in_any_order(game):
    """DE72 Sweetie Belle: 'look at the top two cards of a player's deck. Put any number of them into their owner's
    discard pile and the rest back on top in any order.' (a player choice, then one pick at a time, "done")."""
    st = stacked_game(game)
    sb = place(game, st, "DE72", 0, "home0")
    top(game, st, 1, "PR31", "PR20", "PR33")
    a, b, c = st.deck(1)[:3]
    st, _ = game.apply(st, next(x for x in game.legal_actions(st, 0) if x.kind == "activate" and x.get("card") == sb))
    assert st.pending["kind"] == "choice" and st.pending["options"] == [0, 1]
    st, ev = choose(game, st, 1)
    assert st.pending["options"] == [a, b, "done"]
    v1 = game.view(st, 1)  # Bob sees only that Ann is deciding (a private look)
    assert "options" not in (v1["pending"] or {}) and v1["pending"]["kind"] == "target"
    st, _ = choose(game, st, a)
    assert st.pending["options"] == [b, "done"]
    st, _ = choose(game, st, "done")
    assert number(game, st, st.discard_pile(1)[-1]) == "PR31"
    assert [number(game, st, x) for x in st.deck(1)[:2]] == ["PR20", "PR33"]
    # none discarded, the two put back in the other order
    st = stacked_game(game)
    sb = place(game, st, "DE72", 0, "home0")
    top(game, st, 0, "PR31", "PR20")
    a, b = st.deck(0)[:2]
    st, _ = game.apply(st, next(x for x in game.legal_actions(st, 0) if x.kind == "activate" and x.get("card") == sb))
    st, _ = choose(game, st, 0)
    st, _ = choose(game, st, "done")
    assert st.pending["options"] == [a, b]  # which goes on top
    st, _ = choose(game, st, b)
    assert st.deck(0)[:2] == [b, a]


def test_look_at_colors_many_any_number_on_top_rest_on_the_bottom(game):
    """CG71 Rarity: look at a number of cards of the opponent's deck equal to this card's colors, any number back on
    top in any order (the order picked), the rest on the bottom."""
    st = stacked_game(game)
    ra = place(game, st, "CG71", 0, "home0")
    add_power(game, st, ra, 0, "turn", col="Loyalty")  # a second color: it looks at two cards
    n = len(game.colors(st, ra))
    assert n == 2
    top(game, st, 1, "PR31", "PR20", "PR33")
    look = st.deck(1)[:n]
    st, _ = game.apply(st, next(x for x in game.legal_actions(st, 0) if x.kind == "activate" and x.get("card") == ra))
    assert st.pending["options"] == look + ["done"]
    st, _ = choose(game, st, look[-1])
    st, _ = choose(game, st, "done")
    deck = st.deck(1)
    assert deck[0] == look[-1] and deck[-len(look) + 1:] == look[:-1]


def test_ready_any_number_of_characters_there(game):
    """CG110 Pep Talk: 'Reaction: After the start of a Score Phase, choose a Problem and ready any number of characters
    there.' (each one an optional choice; "none" ends, 705.2f)."""
    st = stacked_game(game)
    x1 = place(game, st, "PR31", 0, "prob0", exhausted=True)
    x2 = place(game, st, "PR20", 0, "prob0", exhausted=True)
    x3 = place(game, st, "PR20", 1, "prob0", exhausted=True)
    place(game, st, "PR20", 0, "prob1", exhausted=True)
    run(game, st, effects_of(game, "CG110"))
    st, _ = choose(game, st, "prob0")
    assert set(st.pending["options"]) == {x1, x2, x3, "none"}
    st, _ = choose(game, st, x3)
    st, _ = choose(game, st, x1)
    assert set(st.pending["options"]) == {x2, "none"}
    st, _ = choose(game, st, "none")
    assert [st.exhausted(c) for c in (x1, x2, x3)] == [False, True, False]


# ------------------------------------------------------------------ assorted timed templates
def test_welcome_wagon_exhausts_the_friend_played_to_a_problem(game):
    """CN155 Welcome Wagon: 'Reaction: After an opponent's Friend enters play at that Friend's Problem, you may retire
    this Resource to exhaust the played Friend.' (512.4; retiring it is the cost)."""
    st = stacked_game(game)
    wag = place(game, st, "CN155", 1, "home1")
    st.d.pop("rxg", None)
    f = to_hand(game, st, "PR20", 0)
    set_tokens(st, 0, 3)
    st, _ = game.apply(st, Action.make("play", 0, card=f, area="prob0"))
    played = next(c for c in st.cards_in_play if number(game, st, c) == "PR20" and st.controller(c) == 0)
    assert game.to_move(st) == 1
    a = next(a for a in game.legal_actions(st, 1) if a.kind == "activate" and a.get("card") == wag)
    st, _ = game.apply(st, a)
    assert st.exhausted(played) and wag not in st.cards_in_play


def test_roseluck_another_friend_from_the_discard_pile(game):
    """CN79 Roseluck: 'Reaction: After one of your Friends is retired, you may exhaust this card. If you do, put another
    Friend from your discard pile into your hand.' (not the retired one, 410.6a)."""
    st = stacked_game(game)
    rose = place(game, st, "CN79", 0, "home0")
    st.d.pop("rxg", None)
    old = game._new(st.d, game.db.key("PR31"), 0, "disc")
    st.d["pl"][0]["disc"].append(old)
    gone = place(game, st, "PR20", 0, "home0")
    st.d.pop("rxg", None)
    run(game, st, [{"op": "retire", "target": {"id": gone}}])
    st.d["prio"] = {"w": "main", "p": 0, "n": 0}
    st._la = None
    a = next(a for a in game.legal_actions(st, 0) if a.kind == "activate" and a.get("card") == rose)
    st, _ = game.apply(st, a)
    assert number(game, st, st.hand(0)[-1]) == "PR31" and "PR20" in [number(game, st, c) for c in st.discard_pile(0)]


def test_lilac_links_and_lead_pony_badge(game):
    """PR88 Lilac Links (errata): '-5 power' to a Friend involved in the faceoff with a Resource attached to it;
    PR140 Lead Pony Badge: 'Choose one of your ready cards. Exhaust this card and that card to ready an exhausted
    character.' (both exhausted as the cost, 508)."""
    st = stacked_game(game)
    badge = place(game, st, "PR140", 0, "home0")
    helper = place(game, st, "PR20", 0, "home0")
    tired = place(game, st, "PR31", 0, "prob0", exhausted=True)
    st, _ = game.apply(st, next(a for a in game.legal_actions(st, 0) if a.kind == "activate" and a.get("card") == badge))
    opts = st.pending["options"]
    assert helper in opts and badge not in opts and tired not in opts
    st, _ = choose(game, st, helper)
    assert set(st.pending["options"]) == {helper, tired}  # exhausted characters (the cost was paid first)
    st, _ = choose(game, st, tired)
    assert st.exhausted(badge) and st.exhausted(helper) and not st.exhausted(tired)
    st = stacked_game(game)
    lilac = place(game, st, "PR88", 0, "prob0")
    plain = place(game, st, "PR31", 1, "prob0")
    dressed = place(game, st, "PR31", 1, "prob0")
    place(game, st, "PR151", 1, "prob0", host=dressed)
    _fo(game, st)
    st, ev = game.apply(st, next(a for a in game.legal_actions(st, 0) if a.kind == "activate" and a.get("card") == lilac))
    # the only Friend that fits gets -5 (no choice asked): Bob's total is 4 + (4 - 5) + his flip
    assert st.exhausted(lilac) and any(m.startswith(game.card_name(st, plain).split(",")[0]) and "gets -5 power" in m
                                              for m in msgs(ev))
    assert not any("Faceoff totals: Ann" in m and "Bob 8" in m for m in msgs(ev))


def test_guard_geese_turns_a_troublemaker_over_without_uncovering(game):
    """LL54 Guard Geese: 'Retire this card to turn over a face-up or face-down Troublemaker. (This does not cover or
    uncover it.)' (607.3: no uncover, so no "when uncovered" trigger)."""
    st = stacked_game(game)
    geese = place(game, st, "LL54", 0, "home0")
    fd = place(game, st, "PR210", 1, "prob0", face_down=True)  # Nightmare Moon: 'When this card is uncovered, ...'
    hand = len(st.hand(0))
    st, _ = game.apply(st, next(a for a in game.legal_actions(st, 0) if a.kind == "activate" and a.get("card") == geese))
    assert not st.face_down(fd) and geese not in st.cards_in_play and len(st.hand(0)) == hand


def test_each_player_keeps_up_to_three_friends(game):
    """SB100 Cornered: 'Each player chooses up to 3 of their Friends and retires the rest.' (the turn player first,
    801.1; one pick at a time, "done")."""
    st = stacked_game(game)
    mine = [place(game, st, "PR20", 0, "home0") for _ in range(4)]
    theirs = [place(game, st, "PR31", 1, "home1") for _ in range(2)]
    run(game, st, effects_of(game, "SB100"))
    assert st.pending["player"] == 0 and "done" in st.pending["options"]
    st, _ = choose(game, st, mine[0])
    st, _ = choose(game, st, mine[2])
    st, _ = choose(game, st, "done")
    assert [c in st.cards_in_play for c in mine] == [True, False, True, False]
    assert all(c in st.cards_in_play for c in theirs)  # Bob has only two: nothing to choose


def test_search_for_critters_with_different_names(game):
    """LL86 Adoption Options: up to three Critter Friends with different names (518; shuffled after, 518.2)."""
    st = stacked_game(game)
    top(game, st, 0, "CN83", "CN83", "CG81", "PR20")
    run(game, st, effects_of(game, "LL86"))
    opts = [o for o in st.pending["options"] if o != "done"]
    crit = [c for c in st.deck(0) if "Critter" in game.db.cards[st.card_key(c)].front.traits
            and game.db.cards[st.card_key(c)].front.type == "Friend"]
    assert set(opts) == set(crit) and "PR20" not in [number(game, st, o) for o in opts]
    st, _ = choose(game, st, next(o for o in opts if number(game, st, o) == "CN83"))
    opts = [o for o in st.pending["options"] if o != "done"]
    assert "CN83" not in [number(game, st, o) for o in opts] and "CG81" in [number(game, st, o) for o in opts]
    st, _ = choose(game, st, next(o for o in opts if number(game, st, o) == "CG81"))
    st, ev = choose(game, st, "done")
    assert {"CN83", "CG81"} <= {number(game, st, c) for c in st.hand(0)}


def test_next_defeat_scores_an_additional_point(game):
    """EO119 Epic Loot: 'The next time you defeat a Troublemaker this turn, score an additional point.' (514.5a)."""
    st = stacked_game(game)
    run(game, st, effects_of(game, "EO119"))
    tm = place(game, st, "PR155", 1, "prob0")
    tm2 = place(game, st, "PR155", 1, "prob1")
    run(game, st, [{"op": "defeat", "target": {"id": tm}}])
    assert st.score(0) == 2  # 1 + 1
    run(game, st, [{"op": "defeat", "target": {"id": tm2}}])
    assert st.score(0) == 3  # only the next one


def test_catch_me_retire_involved_to_dismiss_involved(game):
    """CG97 Catch Me!: 'Faceoff: Retire one of your Friends involved in the faceoff to dismiss an opposing Friend involved
    in the faceoff.' (the retire is the cost: with none involved, nothing happens)."""
    st = stacked_game(game)
    mine = place(game, st, "PR20", 0, "prob0")
    theirs = place(game, st, "PR31", 1, "prob0")
    st.d["fo"] = {"type": "problem", "areas": ["prob0"], "chal": 0}
    play_effects(game, st, 0, None, effects_of(game, "CG97"))
    resolve_all(game, st)
    assert mine not in st.cards_in_play and theirs not in st.cards_in_play
    st = stacked_game(game)
    theirs = place(game, st, "PR31", 1, "prob0")
    st.d["fo"] = {"type": "problem", "areas": ["prob0"], "chal": 0}
    play_effects(game, st, 0, None, effects_of(game, "CG97"))
    resolve_all(game, st)
    assert theirs in st.cards_in_play


def test_reveal_and_draw_then_power_if_event(game):
    """HM79 Lemon Hearts: 'Pay [1] to reveal a card from the top of your deck and draw it. If it's an Event, this card
    gets +2 power until the end of the turn.'"""
    st = stacked_game(game)
    lemon = place(game, st, "HM79", 0, "home0")
    base = game.power(st, lemon)
    top(game, st, 0, "PR104", "PR20")
    set_tokens(st, 0, 3)
    st, _ = game.apply(st, next(a for a in game.legal_actions(st, 0) if a.kind == "activate" and a.get("card") == lemon))
    assert number(game, st, st.hand(0)[-1]) == "PR104" and game.power(st, lemon) == base + 2
    st, _ = game.apply(st, next(a for a in game.legal_actions(st, 0) if a.kind == "activate" and a.get("card") == lemon))
    assert number(game, st, st.hand(0)[-1]) == "PR20" and game.power(st, lemon) == base + 2


# ------------------------------------------------------------------ reveals, zone activations, area restrictions
def test_reveal_three_friend_to_hand_rest_to_discard(game):
    """CN2 Applejack (Mane): 'Retire one of your Friends to reveal the top 3 cards of your deck, put a revealed Friend
    into your hand, and put all other revealed cards into your discard pile.' (public reveal; the player picks among
    several Friends)."""
    st = stacked_game(game, manes=("CN2", "PR2"))
    mane = st.mane(0)
    set_card(st, mane, boosted=True)  # (the boosted side's ability)
    place(game, st, "PR20", 0, "home0")
    top(game, st, 0, "PR31", "PR104", "PR36", "PR12")
    a, b, c = st.deck(0)[:3]
    ab = next(i for i, x in enumerate(game.abilities(st, mane)) if x["kind"] == "activated")
    st, ev = game.apply(st, Action.make("activate", 0, card=mane, ability=ab))
    assert any(m.startswith("Ann reveals Full Steam") for m in msgs(ev))
    assert set(st.pending["options"]) == {a, c}
    st, _ = choose(game, st, c)
    assert number(game, st, st.hand(0)[-1]) == "PR36"
    assert sorted(number(game, st, x) for x in st.discard_pile(0)) == ["PR104", "PR20", "PR31"]  # (+ the retired one)
    assert number(game, st, st.deck(0)[0]) == "PR12"


def test_reveal_three_may_take_an_event_rest_on_top_in_any_order(game):
    """PR138 Golden Oak Library: reveal the top 3, you may put 1 revealed Event into your hand and the rest back on top in
    any order."""
    st = stacked_game(game)
    lib = place(game, st, "PR138", 0, "home0")
    top(game, st, 0, "PR104", "PR31", "PR20")
    a, b, c = st.deck(0)[:3]
    set_tokens(st, 0, 3)
    st, _ = game.apply(st, next(x for x in game.legal_actions(st, 0) if x.kind == "activate" and x.get("card") == lib))
    assert st.pending["options"] == [a, "none"]
    st, _ = choose(game, st, a)
    assert st.pending["options"] == [b, c]
    st, _ = choose(game, st, c)
    assert st.deck(0)[:2] == [c, b] and number(game, st, st.hand(0)[-1]) == "PR104"


def test_reveal_colors_many_each_friend_to_hand_rest_bottom(game):
    """CG83 Fluttershy: as many cards as this card has colors; each Friend into the hand, the rest on the bottom."""
    st = stacked_game(game)
    fl = place(game, st, "CG83", 0, "home0")
    add_power(game, st, fl, 0, "turn", col="Loyalty")
    top(game, st, 0, "PR104", "PR31")
    a, b = st.deck(0)[:2]
    set_tokens(st, 0, 3)
    st, _ = game.apply(st, next(x for x in game.legal_actions(st, 0) if x.kind == "activate" and x.get("card") == fl))
    assert number(game, st, st.hand(0)[-1]) == "PR31" and st.deck(0)[-1] == a


def test_activated_from_the_discard_pile(game):
    """DE17 Big Mac & Applejack: 'Immediate: Banish this card from your discard pile to put a +1 power counter on one of
    your Friends.' (703: activated where the text says; the banishing is the cost)."""
    st = stacked_game(game)
    bm = game._new(st.d, game.db.key("DE17"), 0, "disc")
    st.d["pl"][0]["disc"].append(bm)
    f = place(game, st, "PR20", 0, "home0")
    st._la = None
    acts = [a for a in game.legal_actions(st, 0) if a.kind == "activate" and a.get("card") == bm]
    assert acts
    st, _ = game.apply(st, acts[0])
    assert st.counters(f).get("+1") == 1 and number(game, st, st.banished(0)[-1]) == "DE17"


def test_remove_a_counter_from_one_of_your_cards_as_a_cost_and_redistribute(game):
    """MT106 Sweet Apple Factory: 'Exhaust this card and remove a +1 power counter from one of your cards to gain [1].';
    HM112 Operation Mare Do Well: redistribute any number of +1 power counters onto one of your Friends."""
    st = stacked_game(game)
    fac = place(game, st, "MT106", 0, "home0")
    assert not _can_activate(game, st, fac, 0)  # no counter to remove
    f1 = place(game, st, "PR20", 0, "home0")
    f2 = place(game, st, "PR31", 0, "home0")
    st.d["cards"][f1]["cn"]["+1"] = 2
    st.d["cards"][f2]["cn"]["+1"] = 1
    st._la = None
    tok = st.tokens(0)
    st, _ = game.apply(st, next(x for x in game.legal_actions(st, 0) if x.kind == "activate" and x.get("card") == fac))
    assert set(st.pending["options"]) == {f1, f2}
    st, _ = choose(game, st, f2)
    assert st.counters(f2)["+1"] == 0 and st.tokens(0) == tok + 1
    op = place(game, st, "HM112", 0, "home0")
    st, _ = game.apply(st, next(x for x in game.legal_actions(st, 0) if x.kind == "activate" and x.get("card") == op))
    st, _ = choose(game, st, f2)  # onto Full Steam
    assert set(st.pending["options"]) == {f1, "none"}
    st, _ = choose(game, st, f1)
    st, _ = choose(game, st, f1)
    assert st.counters(f2)["+1"] == 2 and st.counters(f1)["+1"] == 0 and not st.pending


def test_school_shut_down_and_random_reveal(game):
    """FF140 School Shut Down: each Friend, Resource and Troublemaker on top of its owner's deck, then each player shuffles
    their discard pile into their deck; CG144 Royal Spyglass: a random card of the opponent's hand is revealed."""
    st = stacked_game(game)
    f = place(game, st, "PR20", 0, "prob0")
    r = place(game, st, "PR151", 1, "home1")
    tm = place(game, st, "PR155", 1, "prob0", face_down=True)
    d0 = len(st.deck(0)) + len(st.discard_pile(0))
    run(game, st, effects_of(game, "FF140"))
    assert not any(x in st.cards_in_play for x in (f, r, tm)) and st.d["cards"][st.mane(0)]["z"] == "play"
    assert not st.discard_pile(0) and len(st.deck(0)) >= d0
    spy = place(game, st, "CG144", 0, "home0")
    st, ev = game.apply(st, next(x for x in game.legal_actions(st, 0) if x.kind == "activate" and x.get("card") == spy))
    assert any(m.startswith("Bob reveals") and "random card" in m for m in msgs(ev))


def test_characters_cant_be_moved_or_played_to_that_problem(game):
    """CN54 Canterlot Archive Guard: 'Retire this card to move all other characters at its Problem home. Characters can't
    be moved or played to that Problem for the rest of the turn.'; CG106 Inspiration Manifestation (Reaction): characters
    can't be moved to the Problem an opponent's Friend was moved to."""
    st = stacked_game(game)
    guard = place(game, st, "CN54", 0, "prob1")
    a = place(game, st, "PR20", 0, "prob1")
    b = place(game, st, "PR31", 1, "prob1")
    f = to_hand(game, st, "PR20", 0)
    set_tokens(st, 0, 5)
    st, _ = game.apply(st, next(x for x in game.legal_actions(st, 0) if x.kind == "activate" and x.get("card") == guard))
    assert st.area(a) == "home0" and st.area(b) == "home1" and guard not in st.cards_in_play
    acts = game.legal_actions(st, 0)
    assert not any(x.kind == "move" and x.get("area") == "prob1" for x in acts)
    plays = [x for x in acts if x.kind == "play" and number(game, st, x.get("card")) == "PR20"]  # (copies are deduplicated)
    assert plays and not any(x.get("area") == "prob1" for x in plays) and any(x.get("area") == "prob0" for x in plays)
    end_durations(game, st, "turn")
    assert game.move_blocked(st, 0, a, "home0", "prob1") is False


# ------------------------------------------------------------------ faceoff outcomes and assorted Event ops
def test_faceoff_winner_puts_a_card_from_the_opponents_hand_on_top(game):
    """CN106 Hoofwrasslin': the winner looks at their opponent's hand (privately) and chooses a card; that player puts it
    on top of their deck (514.5d)."""
    st = stacked_game(game)
    place(game, st, "PR31", 0, "home0")
    place(game, st, "PR31", 1, "home1")
    top(game, st, 0, "PR31")
    top(game, st, 1, "PR20")
    run(game, st, effects_of(game, "CN106"))
    st = pass_until(game, st, lambda s: s.pending is not None and s.pending.get("op") == "look_hand")
    assert st.pending["player"] == 0
    ch = st.pending["options"][0]
    st, _ = choose(game, st, ch)
    assert st.deck(1)[0] == ch or st.d["cards"].get(ch) is None
    assert ch not in st.hand(1)


def test_faceoff_against_a_troublemaker_and_take_a_flipped_card(game):
    """FF100 Tough Questions: 'Start a faceoff involving one of your characters and an opposing Friend or Troublemaker. If
    you win, banish that opposing card.'; LL67 Baby Flurry Heart: 'If you win, you may put one of the cards you flipped
    for the faceoff into your hand.'"""
    st = stacked_game(game)
    mine = place(game, st, "PR31", 0, "home0")
    tm = place(game, st, "PR155", 1, "prob1")
    top(game, st, 0, "PR31")
    top(game, st, 1, "PR20")
    run(game, st, effects_of(game, "FF100"))
    while st.pending:
        opts = st.pending["options"]
        st, _ = choose(game, st, tm if tm in opts else mine if mine in opts else opts[0])
    st = pass_until(game, st, lambda s: s.faceoff is None)
    assert tm not in st.cards_in_play and number(game, st, st.banished(1)[-1]) == "PR155"
    st = stacked_game(game)
    baby = place(game, st, "LL67", 0, "home0")
    place(game, st, "PR20", 1, "home1")
    top(game, st, 0, "PR104")
    top(game, st, 1, "PR20")
    st, _ = game.apply(st, next(x for x in game.legal_actions(st, 0) if x.kind == "activate" and x.get("card") == baby))
    st = pass_until(game, st, lambda s: s.pending is not None and s.pending["kind"] == "may")
    st, _ = choose(game, st, True)
    assert number(game, st, st.hand(0)[-1]) == "PR104"


def test_look_at_a_players_hand_banish_and_name_a_card(game):
    """LL85 A Better Way To Be Bad: second mode, look at a player's hand and choose a card, that player banishes it;
    third mode, name a card: every card with that name in your discard pile goes on top of your deck, then it is
    shuffled (the names offered are those in the discard pile)."""
    st = stacked_game(game)
    run(game, st, effects_of(game, "LL85"))
    st, _ = choose(game, st, 1)
    st, _ = choose(game, st, 1)  # Bob's hand
    c = st.pending["options"][0]
    st, _ = choose(game, st, c)
    assert c not in st.hand(1) and st.banished(1)
    for n in ("PR31", "PR31", "PR20"):
        x = game._new(st.d, game.db.key(n), 0, "disc")
        st.d["pl"][0]["disc"].append(x)
    deck = len(st.deck(0))
    run(game, st, effects_of(game, "LL85"))
    st, _ = choose(game, st, 2)
    assert set(st.pending["options"]) == {"Full Steam, Smoke Stacked", "Sweetie Sunrise, Early Riser"}
    st, _ = choose(game, st, "Full Steam, Smoke Stacked")
    assert [number(game, st, x) for x in st.discard_pile(0)] == ["PR20"] and len(st.deck(0)) == deck + 2


def test_odd_or_even(game):
    """CN108 In Your Dreams: choose odd or even, reveal the top card; matching printed power: gain [1] and draw, else draw
    (0 counts as even)."""
    st = stacked_game(game)
    top(game, st, 0, "PR20")  # 1: odd
    tok, hand = st.tokens(0), len(st.hand(0))
    run(game, st, effects_of(game, "CN108"))
    assert st.pending["options"] == ["odd", "even"]
    st, _ = choose(game, st, "odd")
    assert st.tokens(0) == tok + 1 and len(st.hand(0)) == hand + 1
    top(game, st, 0, "PR20")
    run(game, st, effects_of(game, "CN108"))
    st, _ = choose(game, st, "even")
    assert st.tokens(0) == tok + 1 and len(st.hand(0)) == hand + 2


def test_two_cards_from_discard_piles_and_copy_a_counter(game):
    """EO115 Cleaning Up: choose two cards in discard piles, banish one, the other to its owner's hand; CG101 Finger Snap:
    another counter of the same type on one of your ready cards (519)."""
    st = stacked_game(game)
    a = game._new(st.d, game.db.key("PR31"), 0, "disc")
    b = game._new(st.d, game.db.key("PR20"), 1, "disc")
    st.d["pl"][0]["disc"].append(a)
    st.d["pl"][1]["disc"].append(b)
    run(game, st, effects_of(game, "EO115"))
    st, _ = choose(game, st, a)
    st, _ = choose(game, st, b)
    assert set(st.pending["options"]) == {a, b}
    st, _ = choose(game, st, b)
    assert number(game, st, st.banished(1)[-1]) == "PR20" and number(game, st, st.hand(0)[-1]) == "PR31"
    f = place(game, st, "PR20", 0, "home0")
    tired = place(game, st, "PR20", 0, "home0", exhausted=True)
    set_card(st, f, counters={"+1": 1, "Harmony": 2})
    set_card(st, tired, counters={"+1": 1})
    run(game, st, effects_of(game, "CG101"))
    assert set(st.pending["options"]) == {"+1", "Harmony"}  # only one ready card has counters: no card choice
    st, _ = choose(game, st, "Harmony")
    assert st.counters(f) == {"+1": 1, "Harmony": 3} and st.counters(tired) == {"+1": 1}


def test_exhaust_up_to_colors_and_dismiss_for_tokens(game):
    """CG108 Less Isn't More: exhaust one of your Friends to exhaust up to as many opposing Friends as it has colors;
    LL89 Creepy Crawlies: the dismissed card's controller may put Critter tokens equal to its cost into play."""
    st = stacked_game(game)
    mine = place(game, st, "PR31", 0, "home0")
    o1, o2 = place(game, st, "PR20", 1, "home1"), place(game, st, "PR20", 1, "home1")
    run(game, st, effects_of(game, "CG108"))
    if st.pending and mine in st.pending["options"]:
        st, _ = choose(game, st, mine)
    assert st.exhausted(mine) and set(st.pending["options"]) == {o1, o2, "none"}  # one color: one pick
    st, _ = choose(game, st, o2)
    assert st.exhausted(o2) and not st.exhausted(o1) and not st.pending
    victim = place(game, st, "PR31", 1, "prob1")  # cost 4
    run(game, st, effects_of(game, "LL89"))
    st, _ = choose(game, st, victim)
    assert st.pending["kind"] == "may" and st.pending["player"] == 1
    st, _ = choose(game, st, True)
    toks = [c for c in st.cards_in_play if st.is_token(c) and st.controller(c) == 1]
    assert victim not in st.cards_in_play and len(toks) == game.db.cards[game.db.key("PR31")].front.cost


# ------------------------------------------------------------------ conditions of activation, Harmony-tagged branches
def test_turn_over_while_at_a_problem_with_two_other_characters(game):
    """FF131 Silverstream (Mane): 'Immediate: While this card is at a Problem with 2 or more other characters, turn this
    card over.' (checked as it is activated, 703)."""
    st = stacked_game(game, manes=("FF131", "PR2"))
    mane = st.mane(0)
    set_card(st, mane, area="prob0")
    place(game, st, "PR20", 1, "prob0")
    st._la = None
    assert not _can_activate(game, st, mane, 0)
    place(game, st, "PR20", 0, "prob0")
    st._la = None
    st, _ = game.apply(st, next(x for x in game.legal_actions(st, 0) if x.kind == "activate" and x.get("card") == mane))
    assert st.boosted(mane)


def test_exhaust_three_friends_to_turn_over_and_home_limit_trigger(game):
    """CNf4 Princess Celestia: 'Exhaust 3 of your Friends to turn this card over.' (three distinct ready Friends, 508);
    boosted: 'At the end of your turn, if you have Friends at home in excess of your home limit, you may exhaust this card
    to put a Friend there into its owner's hand.'"""
    st = stacked_game(game, manes=("CNf4", "PR2"))
    mane = st.mane(0)
    fs = [place(game, st, "PR20", 0, "home0") for _ in range(2)]
    assert not _can_activate(game, st, mane, 0)
    fs.append(place(game, st, "PR20", 0, "prob0"))
    st, _ = game.apply(st, next(x for x in game.legal_actions(st, 0) if x.kind == "activate" and x.get("card") == mane))
    while st.pending:
        st, _ = choose(game, st, st.pending["options"][0])
    assert all(st.exhausted(f) for f in fs) and st.boosted(mane)
    more = [place(game, st, "PR31", 0, "home0") for _ in range(3)]  # 5 Friends at home: over the limit
    hl = game.home_limit(st, 0)
    assert 5 > hl
    st = pass_until(game, st, lambda s: s.pending is not None and s.pending["kind"] == "may" or s.turn_player == 1)
    assert st.pending and st.pending["kind"] == "may" and st.pending["player"] == 0
    st, _ = choose(game, st, True)
    assert st.pending["kind"] == "target" and more[0] in st.pending["options"]
    st, _ = choose(game, st, more[0])
    assert more[0] not in st.cards_in_play and "PR31" in [number(game, st, c) for c in st.hand(0)]


def test_hat_counter_on_the_host_then_its_power_to_another_friend(game):
    """HM102 Applejack's Hat: 'Exhaust that Friend to put a +1 power counter on it, then add its power to another Friend
    until the end of the turn.' (the host pays the cost and gets the counter; its power is fixed as it resolves)."""
    st = stacked_game(game)
    host = place(game, st, "PR31", 0, "home0")
    hat = place(game, st, "HM102", 0, "home0", host=host)
    other = place(game, st, "PR20", 0, "home0")
    st, _ = game.apply(st, next(x for x in game.legal_actions(st, 0) if x.kind == "activate" and x.get("card") == hat))
    assert st.exhausted(host) and st.counters(host)["+1"] == 1
    assert game.power(st, other) == 1 + 5  # Full Steam 4 + its new counter


def test_harmony_tagged_branch_if_that_character_is_an_earth_pony(game):
    """FF93 Pie from the Sky: +2, or +4 if the chosen character is an Earth Pony (Harmony is a tag word, 701.5)."""
    st = stacked_game(game)
    ep = place(game, st, "PR31", 0, "home0")  # Full Steam: Earth Pony
    assert "Earth Pony" in game.traits(st, ep)
    other = place(game, st, "PR51", 0, "home0")  # Apple Stars: Unicorn, 3
    assert "Earth Pony" not in game.traits(st, other)
    run(game, st, effects_of(game, "FF93"))
    st, _ = choose(game, st, ep)
    run(game, st, effects_of(game, "FF93"))
    st, _ = choose(game, st, other)
    assert game.power(st, ep) == 8 and game.power(st, other) == 5


# ------------------------------------------------------------------ counters of any type, control swaps, per-turn records
def test_remove_a_counter_of_any_type_and_branch_on_it(game):
    """CG136 Magical Mailbox: 'Remove a counter from one of your ready characters to draw a card. If you remove the counter
    from a Dragon or Pegasus, draw 2 cards instead.'; CG142 Ponyville Mailbox: 'If the counter is a Postage counter, give
    that Friend +2 Power instead.' (519; the removed counter decides)."""
    st = stacked_game(game)
    box = place(game, st, "CG136", 0, "home0")
    assert not _can_activate(game, st, box, 0)
    peg = place(game, st, "PR79", 0, "home0")  # Pegasus
    set_card(st, peg, counters={"Harmony": 1})
    st._la = None
    hand = len(st.hand(0))
    st, _ = game.apply(st, next(x for x in game.legal_actions(st, 0) if x.kind == "activate" and x.get("card") == box))
    assert len(st.hand(0)) == hand + 2 and st.counters(peg)["Harmony"] == 0
    pm = place(game, st, "CG142", 0, "home0")
    f = place(game, st, "PR20", 0, "home0")
    set_card(st, f, counters={"Postage": 1, "+1": 1})
    st._la = None
    st, _ = game.apply(st, next(x for x in game.legal_actions(st, 0) if x.kind == "activate" and x.get("card") == pm))
    assert st.pending["kind"] == "choice" and st.pending["options"] == ["+1", "Postage"]
    st, _ = choose(game, st, "Postage")
    st, _ = choose(game, st, f)
    assert game.power(st, f) == 1 + 1 + 2  # printed 1, its remaining +1 counter, +2


def test_each_player_banishes_from_the_other_discard_then_may_take_one(game):
    """LL102 Taken On Trust (801.1: the turn player first)."""
    st = stacked_game(game)
    for q, n in ((0, "PR31"), (0, "PR20"), (1, "PR36"), (1, "PR12")):
        st.d["pl"][q]["disc"].append(game._new(st.d, game.db.key(n), q, "disc"))
    run(game, st, effects_of(game, "LL102"))
    assert st.pending["player"] == 0 and all(st.owner(o) == 1 for o in st.pending["options"])
    st, _ = choose(game, st, st.pending["options"][0])
    assert st.pending["player"] == 1 and all(st.owner(o) == 0 for o in st.pending["options"])
    st, _ = choose(game, st, st.pending["options"][0])
    while st.pending:
        st, _ = choose(game, st, True if st.pending["kind"] == "may" else st.pending["options"][0])
    assert len(st.banished(0)) == 1 and len(st.banished(1)) == 1
    assert not st.discard_pile(0) and not st.discard_pile(1)


def test_lowest_power_here_returns_a_friend(game):
    """AD71 Gravy Boat: 'While this card has lower power than any other Friends here, you may exhaust it and pay [1] to put
    a Friend here into its owner's hand.'"""
    st = stacked_game(game)
    gb = place(game, st, "AD71", 0, "prob0")
    big = place(game, st, "PR31", 1, "prob0")
    set_tokens(st, 0, 2)
    ok = game.power(st, gb) < 4
    assert _can_activate(game, st, gb, 0) == ok
    small = place(game, st, "PR20", 1, "prob0")
    st._la = None
    assert _can_activate(game, st, gb, 0) == (game.power(st, gb) < 1)


def test_exchange_control_of_this_card_and_an_opposing_resource(game):
    """FF108 Mistmane's Flower (and it does not ready next Ready Phase, 603.1); CG132 Fake Crystal Heart: not an attached
    Resource (513.2)."""
    st = stacked_game(game)
    fl = place(game, st, "FF108", 0, "home0")
    theirs = place(game, st, "PR151", 1, "home1")
    set_tokens(st, 0, 3)
    st, _ = game.apply(st, next(x for x in game.legal_actions(st, 0) if x.kind == "activate" and x.get("card") == fl))
    assert st.controller(theirs) == 0 and st.controller(fl) == 1 and st.d["cards"][fl]["nr"]
    st = stacked_game(game)
    heart = place(game, st, "CG132", 0, "home0")
    host = place(game, st, "PR31", 1, "home1")
    place(game, st, "PR151", 1, "home1", host=host)  # attached: not a choice
    free = place(game, st, "PR151", 1, "home1")
    set_tokens(st, 0, 2)
    st, _ = game.apply(st, next(x for x in game.legal_actions(st, 0) if x.kind == "activate" and x.get("card") == heart))
    assert st.controller(free) == 0 and st.controller(heart) == 1


def test_retire_any_number_as_an_additional_cost_then_draw_and_discard(game):
    """EO130 Party Hard: the number retired sets how many cards Ann draws and Bob discards."""
    st = stacked_game(game)
    fs = [place(game, st, "PR20", 0, "home0") for _ in range(3)]
    hand0, hand1 = len(st.hand(0)), len(st.hand(1))
    run(game, st, effects_of(game, "EO130"))
    st, _ = choose(game, st, fs[0])
    st, _ = choose(game, st, fs[2])
    st, _ = choose(game, st, "none")
    while st.pending:  # Bob picks his discards
        st, _ = choose(game, st, st.pending["options"][0])
    assert fs[1] in st.cards_in_play and fs[0] not in st.cards_in_play
    assert len(st.hand(0)) == hand0 + 2 and len(st.hand(1)) == hand1 - 2


def test_score_if_a_problem_you_confronted_has_no_opposing_friends(game):
    """EO137 Solo Performance (the turn's confronts, 611.4)."""
    st = stacked_game(game)
    pid = game.problem_at(st, "prob1")
    run(game, st, effects_of(game, "EO137"))
    assert st.score(0) == 0  # nothing confronted this turn
    st.d["cft"] = [st.turn, [pid]]
    run(game, st, effects_of(game, "EO137"))
    assert st.score(0) == 1
    place(game, st, "PR20", 1, "prob1")
    run(game, st, effects_of(game, "EO137"))
    assert st.score(0) == 1


# ------------------------------------------------------------------ more faceoff, reveal and discard-pile Events
def test_become_involved_and_put_a_friend_from_the_discard_into_the_faceoff(game):
    """EO18 Scootaloo: 'Immediate: During a faceoff, this card becomes involved in the faceoff. At the end of the faceoff,
    retire this card.' (514.2d.i flagged); CN107 I Got a Golden Ticket!: a Friend from your discard pile into play at the
    faceoff's Problem, banished at its end."""
    st = stacked_game(game)
    scoot = place(game, st, "EO18", 0, "home0")
    place(game, st, "PR20", 0, "prob0")
    place(game, st, "PR20", 1, "prob0")
    top(game, st, 0, "PR20")
    top(game, st, 1, "PR20")
    _fo(game, st)
    assert not game.involved_in_faceoff(st, scoot)
    st, _ = game.apply(st, next(x for x in game.legal_actions(st, 0) if x.kind == "activate" and x.get("card") == scoot))
    assert st.faceoff is None or game.involved_in_faceoff(st, scoot)
    st = pass_until(game, st, lambda s: s.faceoff is None)
    assert scoot not in st.cards_in_play
    st = stacked_game(game)
    place(game, st, "PR20", 0, "prob0")
    place(game, st, "PR20", 1, "prob0")
    gone = game._new(st.d, game.db.key("PR31"), 0, "disc")
    st.d["pl"][0]["disc"].append(gone)
    st.d["fo"] = {"type": "problem", "areas": ["prob0"], "chal": 0, "ign": []}
    play_effects(game, st, 0, None, effects_of(game, "CN107"))
    resolve_all(game, st)
    new = next(c for c in st.cards_in_play if number(game, st, c) == "PR31")
    assert st.area(new) == "prob0" and game.involved_in_faceoff(st, new)
    assert st.faceoff["end_fx"][0]["eff"] == [{"op": "banish", "target": {"id": new}}]


def test_discard_a_friend_for_its_colors_and_pay_to_pump_a_flipped_card(game):
    """SB96 Klugetown Citizen: 'Discard a Friend to give this card the discarded card's colors until the end of the turn.';
    LL52 Fern Flare: 'During a Faceoff, pay [1] and discard a [Kindness] Friend to give one of your flipped cards +3 power
    until the end of the Faceoff.'"""
    st = stacked_game(game)
    kc = place(game, st, "SB96", 0, "home0")
    st.d["pl"][0]["hand"] = [to_hand(game, st, "PR12", 0)]  # Emerald Green: [Loyalty]
    st, _ = game.apply(st, next(x for x in game.legal_actions(st, 0) if x.kind == "activate" and x.get("card") == kc))
    assert "Loyalty" in game.colors(st, kc) and not st.hand(0)
    st = stacked_game(game)
    fern = place(game, st, "LL52", 0, "prob0")
    place(game, st, "PR20", 1, "prob0")
    st.d["pl"][0]["hand"] = [to_hand(game, st, "PR80", 0)]  # Amethyst Star: [Kindness]
    set_tokens(st, 0, 2)
    top(game, st, 0, "PR20")
    top(game, st, 1, "PR33")
    _fo(game, st)
    st = pass_until(game, st, lambda s: s.faceoff and s.faceoff["stage"] == "w_flip" or s.faceoff is None)
    before = game.faceoff_total(st, 0)
    st, ev = game.apply(st, next(x for x in game.legal_actions(st, 0) if x.kind == "activate" and x.get("card") == fern))
    assert st.tokens(0) == 1 and not st.hand(0)
    assert any(f"Faceoff totals: Ann {before + 3}," in m for m in msgs(ev)) or game.faceoff_total(st, 0) == before + 3


def test_search_deck_or_discard_for_an_accessory(game):
    """HM145 Rarity: 'Banish a non-Resource card from your hand to search your deck or discard pile for an Accessory, reveal
    it, and put it into your hand.' (518)."""
    st = stacked_game(game)
    ra = place(game, st, "HM145", 0, "home0")
    acc = game._new(st.d, game.db.key("HM102"), 0, "disc")  # Applejack's Hat: an Accessory
    assert "Accessory" in game.db.cards[game.db.key("HM102")].front.traits
    st.d["pl"][0]["disc"].append(acc)
    st._la = None
    st, _ = game.apply(st, next(x for x in game.legal_actions(st, 0) if x.kind == "activate" and x.get("card") == ra))
    while st.pending and acc not in st.pending["options"]:
        st, _ = choose(game, st, st.pending["options"][0])  # the card banished as the cost
    st, _ = choose(game, st, acc)
    assert number(game, st, st.hand(0)[-1]) == "HM102" and st.banished(0)


def test_reveal_until_a_friend_and_discord_pile(game):
    """DE140 Sunset Festival: the first Friend revealed from Bob's deck enters play under Ann's control; AD94 Discord Pile:
    each player picks a Friend in the other's discard pile, its owner may put it into play."""
    st = stacked_game(game)
    top(game, st, 1, "PR104", "PR31")
    run(game, st, effects_of(game, "DE140"))
    got = [c for c in st.cards_in_play if number(game, st, c) == "PR31" and st.controller(c) == 0]
    assert got and st.owner(got[0]) == 1
    a = game._new(st.d, game.db.key("PR20"), 0, "disc")
    b = game._new(st.d, game.db.key("PR36"), 1, "disc")
    st.d["pl"][0]["disc"].append(a)
    st.d["pl"][1]["disc"].append(b)
    run(game, st, effects_of(game, "AD94"))
    asked = []
    while st.pending:
        asked.append(st.pending["player"])
        st, _ = choose(game, st, True)
    assert asked == [1, 0]  # Bob decides for his card (chosen by Ann), then Ann for hers
    assert any(number(game, st, c) == "PR20" and st.controller(c) == 0 for c in st.cards_in_play)
    assert any(number(game, st, c) == "PR36" and st.controller(c) == 1 for c in st.cards_in_play)


def test_name_a_type_and_problem_deck_top_or_bottom(game):
    """MT88 Sisterhood (third mode): name a card type; Bob reveals his hand and discards a card of that type. MT84 Music in
    the Treetops (first mode): the top 2 cards of a Problem deck, each on the top or the bottom, in any order."""
    st = stacked_game(game)
    st.d["pl"][1]["hand"] = [to_hand(game, st, "PR104", 1), to_hand(game, st, "PR20", 1)]
    run(game, st, effects_of(game, "MT88"))
    st, _ = choose(game, st, 2)
    st, ev = choose(game, st, "Event")
    assert [number(game, st, c) for c in st.hand(1)] == ["PR20"] and any("reveals their hand" in m for m in msgs(ev))
    pd = st.problem_deck(1)
    a, b = pd[0], pd[1]
    run(game, st, effects_of(game, "MT84"))
    st, _ = choose(game, st, 0)
    st, _ = choose(game, st, 1)  # Bob's Problem deck
    assert st.pending["options"] == [a, b, "done"]
    st, _ = choose(game, st, "done")  # both to the bottom, in an order Ann picks
    st, _ = choose(game, st, b)
    assert st.problem_deck(1)[-2:] == [b, a]


def test_banish_from_a_discard_pile_and_add_its_power(game):
    """CG114 Social Networking: banish a Friend from a discard pile, add its (printed) power to one of your Friends involved
    in the faceoff."""
    st = stacked_game(game)
    mine = place(game, st, "PR20", 0, "prob0")
    gone = game._new(st.d, game.db.key("PR31"), 1, "disc")
    st.d["pl"][1]["disc"].append(gone)
    st.d["fo"] = {"type": "problem", "areas": ["prob0"], "chal": 0, "ign": []}
    play_effects(game, st, 0, None, effects_of(game, "CG114"))
    resolve_all(game, st)
    assert game.power(st, mine) == 5 and number(game, st, st.banished(1)[-1]) == "PR31"


def test_copy_this_effect_and_reveal_then_move(game):
    """AD101 Gone Fishin': Ann moves one of Bob's Friends to a Problem; Bob may pay [1] to copy the effect (520: he follows
    it as "you", so one of Ann's Friends moves). LL98 Power Shift: an opposing character with power less than the revealed
    card's printed power moves (up to two when a player has 8 or more points)."""
    st = stacked_game(game)
    bob = place(game, st, "PR20", 1, "home1")
    ann = place(game, st, "PR20", 0, "home0")
    set_tokens(st, 1, 1)
    run(game, st, effects_of(game, "AD101"))
    while st.pending and st.pending["player"] == 0:
        st, _ = choose(game, st, st.pending["options"][0])
    assert st.area(bob).startswith("prob")
    assert st.pending["kind"] == "may" and st.pending["player"] == 1
    st, _ = choose(game, st, True)
    while st.pending:
        st, _ = choose(game, st, st.pending["options"][0])
    assert st.area(ann).startswith("prob") and st.tokens(1) == 0
    st = stacked_game(game)
    small = place(game, st, "PR20", 1, "home1")
    big = place(game, st, "PR31", 1, "home1")
    top(game, st, 0, "PR36")  # 3: only power below 3 can move
    run(game, st, effects_of(game, "LL98"))
    assert st.pending["kind"] == "target" and small in st.pending["options"] and big not in st.pending["options"]
    st, _ = choose(game, st, small)
    st, _ = choose(game, st, st.pending["options"][0])  # where it goes
    assert st.area(small) != "home1" and st.area(big) == "home1"


def test_big_mix_up_and_capper(game):
    """EO114 Big Mix-Up: up to two opposing Friends; Bob returns any number; Ann scores for each still in play. SB5 Capper
    Dapperpaws: for each revealed card with even power, a discard-pile card into the hand; then shuffle, turn over."""
    st = stacked_game(game)
    b1, b2 = place(game, st, "PR20", 1, "home1"), place(game, st, "PR31", 1, "home1")
    run(game, st, effects_of(game, "EO114"))
    st, _ = choose(game, st, b1)
    st, _ = choose(game, st, b2)
    assert st.pending["player"] == 1 and set(st.pending["options"]) == {b1, b2, "none"}
    st, _ = choose(game, st, b2)
    st, _ = choose(game, st, "none")
    assert b2 not in st.cards_in_play and st.score(0) == 1
    st = stacked_game(game, manes=("SB5", "PR2"))
    mane = st.mane(0)
    top(game, st, 0, "PR12", "PR31", "PR20", "PR104", "PR36")  # 2 and 4 are even; 1, 3 odd; an Event has no power
    for n in ("PR33", "PR60"):
        st.d["pl"][0]["disc"].append(game._new(st.d, game.db.key(n), 0, "disc"))
    set_tokens(st, 0, 3)
    st, _ = game.apply(st, next(x for x in game.legal_actions(st, 0) if x.kind == "activate" and x.get("card") == mane))
    st, _ = choose(game, st, st.discard_pile(0)[0])
    st, _ = choose(game, st, st.discard_pile(0)[0])
    assert not st.discard_pile(0) and st.boosted(mane)


def test_bats_counters_and_friends_cant_leave_play(game):
    """EO113 Bats!: 'distribute two +1 power counters among up to two Friends' (one at a time, the same Friend allowed);
    'your Friends can't leave play this turn' (104.2; a dismissal by an opponent's effect does nothing; it ends with the
    turn)."""
    st = stacked_game(game)
    f = place(game, st, "PR20", 0, "home0")
    g = place(game, st, "PR31", 1, "home1")
    run(game, st, effects_of(game, "EO113"))
    st, _ = choose(game, st, 1)
    st, _ = choose(game, st, f)
    st, _ = choose(game, st, f)
    assert st.counters(f)["+1"] == 2
    run(game, st, effects_of(game, "EO113"))
    st, _ = choose(game, st, 2)
    run(game, st, [{"op": "dismiss", "target": {"id": f}}], p=1)
    run(game, st, [{"op": "dismiss", "target": {"id": g}}], p=0)
    assert f in st.cards_in_play and g not in st.cards_in_play  # only Ann's Friends
    end_durations(game, st, "turn")
    run(game, st, [{"op": "dismiss", "target": {"id": f}}], p=1)
    assert f not in st.cards_in_play


def test_destiny_drain_and_stay_quiet_and_generosity_defeat(game):
    """CG201 Destiny Drain: every card named like the chosen one in Bob's hand, deck and discard pile is banished, then
    the Event itself (not discarded). CG117 Stay Quiet the Longest: the winner reveals as many cards as their characters
    involved; each Friend to the hand, the rest on the bottom. PR147 The Ponyville Express: a Reaction only when every
    character of Ann's that defeated the Troublemaker is [Generosity]."""
    st = stacked_game(game)
    d = game._new(st.d, game.db.key("PR31"), 1, "disc")
    st.d["pl"][1]["disc"].append(d)
    h = to_hand(game, st, "PR31", 1)
    top(game, st, 1, "PR31")
    n_before = sum(1 for z in ("hand", "deck", "disc") for c in st.d["pl"][1][z] if number(game, st, c) == "PR31")
    ev = run(game, st, effects_of(game, "CG201"))
    if st.pending:
        st, _ = choose(game, st, d)
    assert not any(number(game, st, c) == "PR31" for z in ("hand", "deck", "disc") for c in st.d["pl"][1][z])
    assert sum(1 for c in st.banished(1) if number(game, st, c) == "PR31") == n_before
    st = stacked_game(game)
    place(game, st, "PR31", 0, "prob0")
    place(game, st, "PR31", 0, "prob0")
    place(game, st, "PR20", 1, "prob0")
    top(game, st, 0, "PR31", "PR20", "PR104")
    top(game, st, 1, "PR20")
    run(game, st, effects_of(game, "CG117"))
    st = pass_until(game, st, lambda s: s.faceoff is None)
    # Ann won (4 + 4 + her flip 4 vs 1 + 1): two characters involved, so two cards revealed: PR20 (a Friend) to the hand,
    # PR104 to the bottom; then her flipped card goes under it as the faceoff ends (514.6)
    assert number(game, st, st.hand(0)[-1]) == "PR20"
    assert [number(game, st, c) for c in st.deck(0)[-2:]] == ["PR104", "PR31"]
    st = stacked_game(game)
    exp = place(game, st, "PR147", 0, "home0")
    tm = place(game, st, "PR155", 1, "prob0")
    gen = place(game, st, "PR79", 0, "prob0")  # [Generosity]
    st.d.pop("rxg", None)
    top(game, st, 0, "PR31")
    top(game, st, 1, "PR20")
    run(game, st, [{"op": "challenge", "with": "problem", "tm": "opp"}])
    st = pass_until(game, st, lambda s: any(x.kind == "activate" and x.get("card") == exp for x in game.legal_actions(s, 0))
                    or s.faceoff is None)
    assert any(x.kind == "activate" and x.get("card") == exp for x in game.legal_actions(st, 0))
    score = st.score(0)
    st, _ = game.apply(st, next(x for x in game.legal_actions(st, 0) if x.kind == "activate" and x.get("card") == exp))
    assert st.score(0) == score + 1 and exp not in st.cards_in_play


def test_octavia_sends_back_and_the_character_cant_move_again(game):
    """CGpf6 Octavia: 'Reaction: After an opponent moves a character, put this card into your hand to send that character
    to its previous area. That character can't be moved again this turn.' (506.5 a send is not a move; 104.2)."""
    st = stacked_game(game)
    octa = place(game, st, "CGpf6", 0, "home0")
    mover = place(game, st, "PR20", 1, "home1")
    st.d.pop("rxg", None)
    st.d["tp"] = 1
    st.d["prio"] = {"w": "main", "p": 1, "n": 0}
    set_tokens(st, 1, 6)
    st, _ = game.apply(st, Action.make("move", 1, card=mover, area="prob1"))
    assert st.area(mover) == "prob1" and game.to_move(st) == 0
    st, _ = game.apply(st, next(x for x in game.legal_actions(st, 0) if x.kind == "activate" and x.get("card") == octa))
    assert st.area(mover) == "home1" and octa not in st.cards_in_play
    assert "CGpf6" in [number(game, st, c) for c in st.hand(0)]
    st = pass_until(game, st, lambda s: game.to_move(s) == 1 and s.priority is not None)
    assert not any(x.kind == "move" and x.get("card") == mover for x in game.legal_actions(st, 1))


def test_wardrobe_malfunction_reattaches_the_resource(game):
    """CN126 Wardrobe Malfunction: 'Reaction: After an opponent plays a Resource on a Friend, that opponent reattaches that
    Resource to another Friend.' (512.4: in response to that play; Bob chooses the new host, 509)."""
    st = stacked_game(game)
    wm = to_hand(game, st, "CN126", 0)
    place(game, st, "PR31", 0, "home0")  # [Honesty] 4 for its requirement
    f1 = place(game, st, "PR20", 1, "home1")
    f2 = place(game, st, "PR33", 1, "home1")  # Red Gala: [Honesty] 2 for Hard Hat's requirement
    res = to_hand(game, st, "PR139", 1)
    st.d.pop("rxg", None)
    st.d["tp"] = 1
    st.d["prio"] = {"w": "main", "p": 1, "n": 0}
    set_tokens(st, 1, 6)
    st, _ = game.apply(st, Action.make("play", 1, card=res, host=f1))
    played = next(c for c in st.cards_in_play if number(game, st, c) == "PR139")
    assert st.d["cards"][played]["h"] == f1 and game.to_move(st) == 0
    st, _ = game.apply(st, next(x for x in game.legal_actions(st, 0) if x.kind == "play" and x.get("card") == wm))
    # Bob picks among the other Friends a "Play on a Friend" card fits (Ann's too)
    assert st.pending["player"] == 1 and f2 in st.pending["options"] and f1 not in st.pending["options"]
    st, _ = choose(game, st, f2)
    assert st.d["cards"][played]["h"] == f2


def test_gain_a_token_until_the_end_of_the_phase(game):
    """PR64 Twilight Sparkle: 'Exhaust this card to gain [1] until the end of the phase.' (the Main Phase: an unspent token
    is lost as the Main Phase ends, 502)."""
    st = stacked_game(game)
    tw = place(game, st, "PR64", 0, "home0")
    set_tokens(st, 0, 0)
    st, _ = game.apply(st, next(x for x in game.legal_actions(st, 0) if x.kind == "activate" and x.get("card") == tw))
    assert st.tokens(0) == 1 and st.d["pl"][0]["ttok"] == [{"n": 1, "u": "main_phase"}]
    end_durations(game, st, "main_phase")
    assert st.tokens(0) == 0 and not st.d["pl"][0]["ttok"]
    st.d["pl"][0]["ttok"] = [{"n": 1, "u": "main_phase"}]  # spent already: nothing more to lose
    end_durations(game, st, "main_phase")
    assert st.tokens(0) == 0


def test_magic_arena_guess(game):
    """MT104 Magic Arena: the opponent guesses whether the top card's power matches the chosen number; a right guess
    banishes the card, a wrong one gives [3]."""
    st = stacked_game(game)
    ar = place(game, st, "MT104", 0, "home0")
    top(game, st, 0, "PR31", "PR31")
    set_tokens(st, 0, 2)
    st, _ = game.apply(st, next(x for x in game.legal_actions(st, 0) if x.kind == "activate" and x.get("card") == ar))
    assert st.pending["player"] == 0 and 4 in st.pending["options"]
    st, _ = choose(game, st, 4)
    assert st.pending["player"] == 1 and "options" not in game.view(st, 0)["pending"]
    st, _ = choose(game, st, "does not match")
    assert st.tokens(0) == 1 + 3 and number(game, st, st.deck(0)[0]) == "PR31"
    set_card(st, ar, exhausted=False)
    st._la = None
    st, _ = game.apply(st, next(x for x in game.legal_actions(st, 0) if x.kind == "activate" and x.get("card") == ar))
    st, _ = choose(game, st, 4)
    st, _ = choose(game, st, "matches")
    assert number(game, st, st.banished(0)[-1]) == "PR31" and st.tokens(0) == 3
