"""Timed abilities (Events and activated abilities with "Main Phase:", "Immediate:", "Faceoff:",
"Reaction:", "Score Phase:", "Troublemaker Phase:" timing phrases, 512): the templates of the
2026-11-23 "cards-a" work (cardtext._timed_effects, extra_ops.py) and scenario tests citing rules."""
from __future__ import annotations

from gameplay.engine.api import Action
from gameplay.engine.mlp.cardtext import parse_effects, parse_line
from gameplay.engine.mlp.engine import Ev
from gameplay.engine.mlp.scenario import pass_until, place, resolve_all, set_tokens, stacked_game, to_hand


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
    game.r.play_effects(st.d, ev, p, src, list(effects))
    game.r.advance(st.d, ev)
    st._la = None
    return ev


def choose(game, st, option, p=None):
    p = st.d["pending"]["player"] if p is None else p
    st2, ev = game.apply(st, Action.make("choose", p, option=option))
    return st2, ev


def msgs(ev):
    return [e["msg"] for e in (ev.items if hasattr(ev, "items") else ev)]


def number(game, st, cid):
    return game.db.cards[st.d["cards"][cid]["k"]].number


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
    pend = st.d["pending"]
    assert pend["kind"] == "target" and pend["player"] == 0 and pend["rule"] == "514.2a.i"
    assert set(pend["options"]) == {betty, steam, st.d["pl"][0]["mane"]}
    st, ev = choose(game, st, betty)
    assert "Faceoff totals: Ann 7, Bob 4" in msgs(ev)  # Betty 3 + 4 vs Flim 3 + 1 (Full Steam not involved)
    assert st.d["fo"] is None and not game.r.in_play(st.d, tm) and st.d["pl"][0]["score"] == 1
    assert st.d["prio"]["w"] == "main" and game.to_move(st) == 0


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
    assert game.r.in_play(st.d, tm0) and st.d["pl"][0]["score"] == 0
    moved = [c for c in st.d["play"] if game.db.cards[st.d["cards"][c]["k"]].number == "PR20" and st.d["cards"][c]["c"] == 0]
    assert moved and st.d["cards"][moved[0]]["a"] == "home0"  # 514.5b sent home
    assert sweet not in st.d["play"] or st.d["cards"][sweet]["a"] == "home0"


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
    mane_power = game.r.power(st.d, st.d["pl"][0]["mane"])
    assert f"Faceoff totals: Ann {mane_power + 1 + 4}, Bob 4" in fo_msgs  # the Mane at home + PR20 + flip
    assert not game.r.in_play(st.d, tm)


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
    st = pass_until(game, st, lambda s: s.d["tp"] == 1 and any(
        a.kind == "activate" and a.get("card") == pip for a in game.legal_actions(s, 0)))
    assert not st.d["cards"][tm].get("fd")
    top(game, st, 0, "PR31")
    top(game, st, 1, "PR20")
    score = st.d["pl"][0]["score"]
    a = next(a for a in game.legal_actions(st, 0) if a.kind == "activate" and a.get("card") == pip)
    st, ev = game.apply(st, a)
    assert any("challenges Flim" in m for m in msgs(ev))
    st = pass_until(game, st, lambda s: s.d["fo"] is None)
    assert not game.r.in_play(st.d, tm) and st.d["pl"][0]["score"] == score + 1  # 1 + 4 + 4 vs 3 + 1
