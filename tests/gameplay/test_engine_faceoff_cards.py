"""Faceoff, flipping, Chaos and reveal-the-top-card automation (rules 514, 515; the Chaos tag and
the Chaotic trait in the glossary): parser templates and scenario tests for each vocabulary element."""
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


def start(game, st, type_="problem", areas=("prob0",), chal=0, tm=None):
    game.r.start_faceoff(st.d, Ev(True), type_, list(areas), chal, tm)
    resolve_all(game, st)


def flip(game, st):
    game.r.faceoff_flip(st.d, Ev(True))
    return resolve_all(game, st)


def total(game, st, p):
    return game.r.faceoff_total(st.d, p)


def set_problem(game, st, area, number):
    """Make the Problem in ``area`` another Problem card (test setup)."""
    st.d["cards"][game.r.problem_at(st.d, area)]["k"] = game.db.key(number)
    st._la = None


def names(game, st, lst):
    return [game.db.cards[st.d["cards"][c]["k"]].number for c in lst]


# ------------------------------------------------------------------ parser
def test_parse_faceoff_statics():
    def sd(text, ty="Friend"):
        d = parse_line(text, ty, {})
        assert d["kind"] == "static", text
        return {k: v for k, v in d.items() if k not in ("kind", "text")}

    assert sd("You flip an additional card during faceoffs.") == {"op": "flip_mod", "n": 1, "who": "you", "scope": "any", "fo": True}
    assert sd("Flip an additional card during Troublemaker faceoffs.")["fo"] == "tm"
    assert sd("During Troublemaker faceoffs here, flip an additional card.", "Problem")["scope"] == "here"
    assert sd("Opponents flip 1 fewer cards during faceoffs involving this card.") == {
        "op": "flip_mod", "n": -1, "who": "opp", "scope": "involved", "fo": True}
    assert sd("During faceoffs involving this card, players flip 1 fewer cards.")["who"] == "each"
    assert sd("You have +2 power during faceoffs here.", "Problem") == {"op": "fo_bonus", "n": 2, "scope": "here", "fo": True}
    assert sd("Your flipped cards have +2 power.") == {"op": "flip_power", "n": 2}
    assert sd("That character can't contribute its power to faceoffs.", "Resource")["target"] == "host"
    assert sd("During your opponent's turn, this card can't contribute its power to confronting Problems.") == {
        "op": "no_contrib", "what": "confront", "target": "self", "cond": {"k": "opp_turn"}}
    assert sd("Opposing characters here with 2 or less printed power can't contribute their power to faceoffs.", "Problem")[
        "target"] == {"type": "character", "ctrl": "opp", "at": "here", "max_pp": 2}
    assert sd("Players can't score points during faceoffs involving this card.") == {"op": "no_score_fo"}
    assert sd("While involved in a Troublemaker faceoff, this card gets +1 power.")["cond"] == {"k": "faceoff", "fo": "tm"}
    assert sd("Opposing Friends here have -1 power while involved in a faceoff.")["target"] == {
        "type": "Friend", "ctrl": "opp", "at": "here", "inv": True}
    assert sd("Opposing characters here have -1 power during Problem faceoffs.")["fo_only"] == "problem"
    assert sd("During faceoffs, this card has +1 power for each of your other characters here.")["op"] == "power_per"


def test_parse_faceoff_triggers_and_effects():
    d = parse_line("When you flip a Chaotic card, unfrighten all your Friends.", "Resource", {})
    assert (d["on"], d["flip"]) == ("you_flip", "Chaotic")
    d = parse_line("When you win a Problem faceoff involving this card by at least 5 power, score 2 points.", "Friend", {})
    assert (d["on"], d["by"], d["fo"]) == ("win_faceoff", 5, "problem")
    assert parse_line("When you lose a faceoff involving this card, gain [1].", "Friend", {})["on"] == "lose_faceoff"
    assert parse_line("When you win a faceoff at this Problem, gain [1].", "Resource", {})["on"] == "win_fo_here"
    d = parse_line("Chaos: When this card is flipped, it has +2 power until the end of the faceoff.", "Friend", {})
    assert d["effects"] == [{"op": "power", "n": 2, "target": {"self": True}, "until": "faceoff"}]
    assert parse_line("Chaos: When you flip this card, draw a card.", "Friend", {})["on"] == "flipped"
    assert parse_effects("you lose the game") == [{"op": "lose_game"}]
    assert parse_effects("end the faceoff") == [{"op": "end_faceoff"}]
    assert parse_effects("reveal the top card of your deck. If you reveal an Event this way, draw 3 cards") == [
        {"op": "reveal_top", "whose": "you", "cond": {"type": "Event"}, "then": [{"op": "draw", "n": 3, "who": "you"}], "else": []}]
    assert parse_effects("reveal the top card of your deck. If it's a Friend, you put it into your hand. "
                         "Otherwise, you put it into your discard pile")[0]["else"] == [{"op": "revealed", "to": "disc"}]
    # "it" in an effect the template can't move is left manual; so is an opponent's card going anywhere but banished
    assert parse_effects("reveal the top card of your deck. If you reveal a Friend this way, give it +1 power") is None
    assert parse_effects("reveal the top card of an opponent's deck. If it's a Friend, put it into your hand") is None


# ------------------------------------------------------------------ Chaos and flipping (515)
def test_chaos_flipped_card_gets_power(game):
    """AD14 Spike: 'Chaos: When this card is flipped, it has +2 power until the end of the faceoff.'
    A modifier of a flipped card's power counts in the power total (514.4a)."""
    st = stacked_game(game)
    place(game, st, "PR31", 0, "prob0")
    place(game, st, "PR31", 1, "prob0")
    top(game, st, 0, "AD14")
    top(game, st, 1, "PR36")
    start(game, st)
    flip(game, st)
    assert total(game, st, 0) == 4 + 2 + 2 and total(game, st, 1) == 4 + 3


def test_chaos_power_for_each_involved(game):
    """AD72: '+1 power until the end of the faceoff for each of your Friends involved in the faceoff'."""
    st = stacked_game(game)
    place(game, st, "PR20", 0, "prob0")
    place(game, st, "PR20", 0, "prob0")
    place(game, st, "PR20", 1, "prob0")
    top(game, st, 0, "AD72")
    top(game, st, 1, "PR20")
    start(game, st)
    flip(game, st)
    assert total(game, st, 0) == 1 + 1 + 2 + 2  # two 1-power Friends, Lemon Hearts 2 +2


def test_chaos_you_lose_the_game(game):
    st = stacked_game(game)
    place(game, st, "PR20", 0, "prob0")
    top(game, st, 1, "AD-3")  # [slenderpony]
    start(game, st)
    flip(game, st)
    assert st.d["outcome"]["winner"] == 0


def test_when_you_flip_a_chaotic_card(game):
    """AD139 Megaphone: 'When you flip a Chaotic card, unfrighten all your Friends.' (Chaotic is a trait)"""
    st = stacked_game(game)
    place(game, st, "AD139", 0, "home0")
    f = place(game, st, "PR20", 0, "prob0")
    st.d["cards"][f]["fr"] = True
    top(game, st, 0, "PR36", "AD14")
    start(game, st)
    flip(game, st)  # PR36 is not Chaotic
    assert st.d["cards"][f]["fr"]
    st.d["fo"]["rounds"] = 1
    flip(game, st)  # a tie flip: AD14 Spike is Chaotic
    assert not st.d["cards"][f]["fr"]


def test_flip_count_modifiers(game):
    """514.3a: SB117 'You flip an additional card during faceoffs.'; SB83 'Opponents flip 1 fewer
    cards during faceoffs involving this card.' (and its own flip_extra)."""
    st = stacked_game(game)
    place(game, st, "SB117", 0, "home0")
    place(game, st, "PR20", 0, "prob0")
    place(game, st, "SB83", 1, "prob0")
    start(game, st)
    flip(game, st)
    # Ann: 1 + 1 (SB117) - 1 (SB83 involved) = 1; Bob: 1 + 1 (SB83's own flip_extra)
    assert len(st.d["pl"][0]["flip"]) == 1 and len(st.d["pl"][1]["flip"]) == 2
    # 514.4c ties flip one card each, unmodified
    flip(game, st)
    assert len(st.d["pl"][0]["flip"]) == 2 and len(st.d["pl"][1]["flip"]) == 3


def test_flip_modifier_limited_to_troublemaker_faceoffs_here(game):
    """MT122 (Problem): 'During Troublemaker faceoffs here, flip an additional card.'"""
    st = stacked_game(game)
    set_problem(game, st, "prob0", "MT122")
    place(game, st, "PR20", 0, "prob0")
    start(game, st)
    flip(game, st)
    assert len(st.d["pl"][0]["flip"]) == 1  # a Problem faceoff
    game.r.end_faceoff(st.d, Ev(True))
    tm = place(game, st, "AD155", 1, "prob0")
    start(game, st, "tm", ("prob0",), 0, tm)
    flip(game, st)
    assert len(st.d["pl"][0]["flip"]) == 2 and len(st.d["pl"][1]["flip"]) == 1
    game.r.end_faceoff(st.d, Ev(True))
    tm2 = place(game, st, "AD155", 0, "prob1")  # a Troublemaker faceoff elsewhere
    start(game, st, "tm", ("prob1",), 1, tm2)
    flip(game, st)
    assert len(st.d["pl"][0]["flip"]) == 1 and len(st.d["pl"][1]["flip"]) == 1


def test_total_bonus_and_flipped_power(game):
    """EO194 (Problem) 'You have +2 power during faceoffs here.' and DE1's boosted side 'Your flipped
    cards have +2 power.' modify the power total (514.4a)."""
    st = stacked_game(game, manes=("DE1", "PR2"))
    set_problem(game, st, "prob0", "EO194")
    mane = st.d["pl"][0]["mane"]
    st.d["cards"][mane]["b"] = True
    place(game, st, "PR20", 0, "prob0")
    place(game, st, "PR20", 1, "prob0")
    top(game, st, 0, "PR20")
    top(game, st, 1, "PR20")
    start(game, st)
    flip(game, st)
    assert total(game, st, 0) == 1 + 1 + 2 + 2 and total(game, st, 1) == 2


def test_cant_contribute_power(game):
    """EO147 Cardboard Box on a Friend; SB125 (Problem) opposing characters with 2 or less printed power."""
    st = stacked_game(game)
    set_problem(game, st, "prob0", "SB125")
    f = place(game, st, "PR31", 0, "prob0")
    place(game, st, "EO147", 0, "prob0", host=f)
    place(game, st, "PR36", 0, "prob0")
    place(game, st, "PR33", 1, "prob0")  # 2 printed power: doesn't contribute at Ann's SB125
    place(game, st, "PR36", 1, "prob0")
    start(game, st)
    assert total(game, st, 0) == 3 and total(game, st, 1) == 3


def test_cant_contribute_to_confronting_on_opponents_turn(game):
    """LL82: 'During your opponent's turn, this card can't contribute its power to confronting Problems.'"""
    st = stacked_game(game)
    c = place(game, st, "LL82", 1, "prob0")
    area_req = game.r.requirements(st.d, 1, "prob0")
    assert area_req is not None
    assert not game.r.no_contrib(st.d, c, "faceoff")  # Ann's turn: it contributes to faceoffs
    assert game.r.no_contrib(st.d, c, "confront")
    st.d["tp"] = 1
    assert game.r.no_contrib(st.d, c, "faceoff") and not game.r.no_contrib(st.d, c, "confront")


def test_no_score_during_faceoff_involving(game):
    """CG23: 'Players can't score points during faceoffs involving this card.' (the Problem bonus too)"""
    st = stacked_game(game)
    place(game, st, "CG23", 1, "prob0")
    place(game, st, "PR31", 0, "prob0")
    start(game, st)
    game.r.resolve_faceoff(st.d, Ev(True), 0)
    assert st.d["pl"][0]["score"] == 0


def test_win_by_margin_lose_and_win_here_triggers(game):
    """EO204 'When you win a Problem faceoff involving this card by at least 5 power, score 2 points.';
    CG48 'When you lose a Problem faceoff involving this card, gain [1].'; PR142 (Resource on a
    Problem) 'When you win a faceoff at this Problem, gain [1].'"""
    st = stacked_game(game)
    place(game, st, "EO204", 0, "prob0")
    place(game, st, "PR142", 0, "prob0")
    place(game, st, "CG48", 1, "prob0")
    top(game, st, 0, "PR36")
    top(game, st, 1, "PR20")
    start(game, st)
    flip(game, st)
    t0, t1 = total(game, st, 0), total(game, st, 1)
    tok0, tok1, sc = st.d["pl"][0]["tok"], st.d["pl"][1]["tok"], st.d["pl"][0]["score"]
    game.r.resolve_faceoff(st.d, Ev(True), 0)
    resolve_all(game, st)
    bonus = game.r.face(st.d, game.r.problem_at(st.d, "prob0")).bonus or 0
    assert st.d["pl"][0]["score"] == sc + bonus + (2 if t0 - t1 >= 5 else 0)
    assert st.d["pl"][0]["tok"] == tok0 + 1 and st.d["pl"][1]["tok"] == tok1 + 1


def test_win_by_margin_not_reached(game):
    st = stacked_game(game)
    place(game, st, "EO204", 0, "prob0")  # Night Glider, 2
    place(game, st, "PR31", 0, "prob0")  # 4
    place(game, st, "PR20", 1, "prob0")  # 1
    top(game, st, 0, "PR20")
    top(game, st, 1, "PR20")
    start(game, st)
    flip(game, st)
    assert (total(game, st, 0), total(game, st, 1)) == (7, 2)  # wins by exactly 5: triggers
    st.d["fo"]["bonus"][1] = 1  # wins by 4: doesn't
    sc = st.d["pl"][0]["score"]
    game.r.resolve_faceoff(st.d, Ev(True), 0)
    resolve_all(game, st)
    bonus = game.r.face(st.d, game.r.problem_at(st.d, "prob0")).bonus or 0
    assert st.d["pl"][0]["score"] == sc + bonus  # no 2 extra points


def test_static_faceoff_power(game):
    """PR42 '+1 while involved in a Troublemaker faceoff' (not in a Problem faceoff); HM82 'Opposing
    Friends here have -1 power while involved in a faceoff'; HM71 'During faceoffs, +1 power for each
    of your other characters here'."""
    st = stacked_game(game)
    a = place(game, st, "PR42", 0, "prob0")
    h = place(game, st, "HM71", 0, "prob0")
    place(game, st, "HM82", 1, "prob0")
    b = place(game, st, "PR31", 1, "prob0")
    base_a, base_h, base_b = (game.r.power(st.d, x) for x in (a, h, b))
    start(game, st)
    assert game.r.power(st.d, a) == base_a - 1  # HM82 only; PR42 needs a Troublemaker faceoff
    assert game.r.power(st.d, h) == base_h - 1 + 1  # one other character of Ann's here
    assert game.r.power(st.d, b) == base_b


def test_reveal_top_event_draws(game):
    """DE27: 'When this card enters play, reveal the top card of your deck. If you reveal an Event
    this way, draw 3 cards.' The revealed card is public and stays on top."""
    st = stacked_game(game)
    top(game, st, 0, "CN119")  # an Event
    c = to_hand(game, st, "DE27", 0)
    hand = len(st.d["pl"][0]["hand"])
    ev = Ev()
    game.r.enter_play(st.d, ev, c, "home0", 0)
    ev2 = resolve_all(game, st)
    assert len(st.d["pl"][0]["hand"]) == hand - 1 + 3
    assert any("reveals The Brave and the Bold" in e["msg"] and "to" not in e for e in ev.items + ev2.items)
    # otherwise nothing happens: the revealed card stays on top
    st2 = stacked_game(game)
    top(game, st2, 0, "PR20")
    c = to_hand(game, st2, "DE27", 0)
    hand = len(st2.d["pl"][0]["hand"])
    game.r.enter_play(st2.d, Ev(), c, "home0", 0)
    resolve_all(game, st2)
    assert len(st2.d["pl"][0]["hand"]) == hand - 1
    assert names(game, st2, st2.d["pl"][0]["deck"][:1]) == ["PR20"]


def test_reveal_top_branches_move_the_card(game):
    """AD171 (Problem) 'When a player confronts this Problem, that player reveals the top card of their
    deck. If it's a Friend, they put it into their hand. Otherwise, they put it into their discard pile.'"""
    st = stacked_game(game)
    prob = game.r.problem_at(st.d, "prob0")
    top(game, st, 0, "PR20", "CN119")
    game.r.play_effects(st.d, Ev(True), 0, prob, parse_line(
        "When a player confronts this Problem, that player reveals the top card of their deck. If it's a Friend, "
        "they put it into their hand. Otherwise, they put it into their discard pile.", "Problem", {})["effects"])
    resolve_all(game, st)
    assert names(game, st, st.d["pl"][0]["hand"][-1:]) == ["PR20"]
    game.r.play_effects(st.d, Ev(True), 0, prob, parse_effects(
        "reveal the top card of your deck. If it's a Friend, you put it into your hand. Otherwise, you put it into your discard pile"))
    resolve_all(game, st)
    assert names(game, st, st.d["pl"][0]["disc"][-1:]) == ["CN119"]


def test_reveal_opponents_top_and_banish(game):
    """CG64: 'reveal the top card of an opponent's deck. If the printed power of that card is 3 or less,
    you may banish it.'"""
    st = stacked_game(game)
    top(game, st, 1, "PR31", "PR20")
    src = place(game, st, "CG64", 0, "home0")
    effs = [a for a in game.db.cards[game.db.key("CG64")].abilities["front"] if a["kind"] == "trigger"][0]["effects"]
    game.r.play_effects(st.d, Ev(True), 0, src, effs)
    resolve_all(game, st)
    assert names(game, st, st.d["pl"][1]["deck"][:1]) == ["PR31"]  # 4 power: stays
    st.d["pl"][1]["deck"].pop(0)
    game.r.play_effects(st.d, Ev(True), 0, src, effs)
    resolve_all(game, st)
    assert names(game, st, st.d["pl"][1]["ban"]) == ["PR20"]


def test_reveal_resource_into_play(game):
    """DE44: 'If you reveal a Resource this way, you may put it into play.'"""
    st = stacked_game(game)
    top(game, st, 0, "AD139")  # Megaphone, played to your home
    src = place(game, st, "DE44", 0, "home0")
    effs = [a for a in game.db.cards[game.db.key("DE44")].abilities["front"] if a["kind"] == "trigger"][0]["effects"]
    game.r.play_effects(st.d, Ev(True), 0, src, effs)
    resolve_all(game, st)
    assert "AD139" in names(game, st, [c for c in st.d["play"] if st.d["cards"][c]["c"] == 0])


def test_end_the_faceoff(game):
    """AD87 Awkward Silence 'Problem Faceoff: End the faceoff.': no winner, flipped cards go to the
    bottom of their decks (514.6), the Problem is not solved."""
    st = stacked_game(game, decks=(["PR12", "PR33", "PR60", "PR81", "PR54", "PR86", "PR36"], None))
    place(game, st, "PR33", 0, "prob0")  # Ann meets Runaway Cart's requirement (611)
    place(game, st, "PR12", 0, "prob0")
    place(game, st, "PR60", 1, "prob0")  # 2 + 1: Bob meets Awkward Silence's 3 [Magic]
    place(game, st, "PR54", 1, "prob0")
    place(game, st, "PR36", 1, "prob0")  # Bob meets the opponent requirement too (612.2)
    ev_card = to_hand(game, st, "AD87", 1)
    set_tokens(st, 1, 5)
    prob = game.r.problem_at(st.d, "prob0")
    st = pass_until(game, st, lambda s: s.d["fo"] is not None and game.to_move(s) == 1)
    st, evs = game.apply(st, Action.make("play", 1, card=ev_card))
    assert any("ended by an effect" in e["msg"] for e in evs)
    assert st.d["fo"] is None  # nothing else happens in the faceoff: no flips, no winner
    assert "The faceoff ends" in [e["msg"] for e in evs]
    assert game.r.problem_at(st.d, "prob0") == prob  # not solved (613.1 needs a winner)
    assert st.d["pl"][1]["score"] == 0 and st.d["pl"][0]["score"] == 1  # Ann's confront point only
    assert not st.d["pl"][0]["flip"] and not st.d["pl"][1]["flip"]
