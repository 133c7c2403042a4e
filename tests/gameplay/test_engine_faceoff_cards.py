"""Faceoff, flipping, Chaos and reveal-the-top-card automation (rules 514, 515; the Chaos tag and
the Chaotic trait in the glossary): parser templates and scenario tests for each vocabulary element."""
from __future__ import annotations

from gameplay.engine.api import Action
from gameplay.engine.mlp.cardtext import parse_effects, parse_line
from gameplay.engine.mlp.engine import Ev
from gameplay.engine.mlp.scenario import (advance, end_faceoff, enter_play, flip_for_faceoff, move_card, pass_until,
                                          place, play_effects, resolve_all, resolve_faceoff, run_step, set_card,
                                          set_tokens, stacked_game, start_faceoff, to_hand, trigger_all)


def top(game, st, p, *numbers):
    """Put new cards on top of a player's deck (the first number ends on top)."""
    for n in reversed(numbers):
        cid = game._new(st.d, game.db.key(n), p, "deck")
        st.d["pl"][p]["deck"].insert(0, cid)
    st._la = None


def start(game, st, type_="problem", areas=("prob0",), chal=0, tm=None):
    start_faceoff(game, st, type_, list(areas), chal, tm)
    resolve_all(game, st)


def flip(game, st):
    flip_for_faceoff(game, st)
    return resolve_all(game, st)


def total(game, st, p):
    return game.faceoff_total(st, p)


def set_problem(game, st, area, number):
    """Make the Problem in ``area`` another Problem card (test setup)."""
    set_card(st, game.problem_at(st, area), card_key=game.db.key(number))
    st._la = None


def names(game, st, lst):
    return [game.db.cards[st.card_key(c)].number for c in lst]


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
        "target"] == {"type": "character", "ctrl": "opp", "at": "here", "max_printed": 2}
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
    assert (d["on"], d["margin"], d["fo"]) == ("win_faceoff", 5, "problem")
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
    assert st.outcome["winner"] == 0


def test_when_you_flip_a_chaotic_card(game):
    """AD139 Megaphone: 'When you flip a Chaotic card, unfrighten all your Friends.' (Chaotic is a trait)"""
    st = stacked_game(game)
    place(game, st, "AD139", 0, "home0")
    f = place(game, st, "PR20", 0, "prob0")
    set_card(st, f, frightened=True)
    top(game, st, 0, "PR36", "AD14")
    start(game, st)
    flip(game, st)  # PR36 is not Chaotic
    assert st.frightened(f)
    st.d["fo"]["rounds"] = 1
    flip(game, st)  # a tie flip: AD14 Spike is Chaotic
    assert not st.frightened(f)


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
    assert len(st.flipped(0)) == 1 and len(st.flipped(1)) == 2
    # 514.4c ties flip one card each, unmodified
    flip(game, st)
    assert len(st.flipped(0)) == 2 and len(st.flipped(1)) == 3


def test_flip_modifier_limited_to_troublemaker_faceoffs_here(game):
    """MT122 (Problem): 'During Troublemaker faceoffs here, flip an additional card.'"""
    st = stacked_game(game)
    set_problem(game, st, "prob0", "MT122")
    place(game, st, "PR20", 0, "prob0")
    start(game, st)
    flip(game, st)
    assert len(st.flipped(0)) == 1  # a Problem faceoff
    end_faceoff(game, st)
    tm = place(game, st, "AD155", 1, "prob0")
    start(game, st, "tm", ("prob0",), 0, tm)
    flip(game, st)
    assert len(st.flipped(0)) == 2 and len(st.flipped(1)) == 1
    end_faceoff(game, st)
    tm2 = place(game, st, "AD155", 0, "prob1")  # a Troublemaker faceoff elsewhere
    start(game, st, "tm", ("prob1",), 1, tm2)
    flip(game, st)
    assert len(st.flipped(0)) == 1 and len(st.flipped(1)) == 1


def test_total_bonus_and_flipped_power(game):
    """EO194 (Problem) 'You have +2 power during faceoffs here.' and DE1's boosted side 'Your flipped
    cards have +2 power.' modify the power total (514.4a)."""
    st = stacked_game(game, manes=("DE1", "PR2"))
    set_problem(game, st, "prob0", "EO194")
    mane = st.mane(0)
    set_card(st, mane, boosted=True)
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
    area_req = game.requirements(st, 1, "prob0")
    assert area_req is not None
    assert not game.cannot_contribute(st, c, "faceoff")  # Ann's turn: it contributes to faceoffs
    assert game.cannot_contribute(st, c, "confront")
    st.d["tp"] = 1
    assert game.cannot_contribute(st, c, "faceoff") and not game.cannot_contribute(st, c, "confront")


def test_no_score_during_faceoff_involving(game):
    """CG23: 'Players can't score points during faceoffs involving this card.' (the Problem bonus too)"""
    st = stacked_game(game)
    place(game, st, "CG23", 1, "prob0")
    place(game, st, "PR31", 0, "prob0")
    start(game, st)
    resolve_faceoff(game, st, 0)
    assert st.score(0) == 0


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
    tok0, tok1, sc = st.tokens(0), st.tokens(1), st.score(0)
    resolve_faceoff(game, st, 0)
    resolve_all(game, st)
    bonus = game.face(st, game.problem_at(st, "prob0")).bonus or 0
    assert st.score(0) == sc + bonus + (2 if t0 - t1 >= 5 else 0)
    assert st.tokens(0) == tok0 + 1 and st.tokens(1) == tok1 + 1


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
    sc = st.score(0)
    resolve_faceoff(game, st, 0)
    resolve_all(game, st)
    bonus = game.face(st, game.problem_at(st, "prob0")).bonus or 0
    assert st.score(0) == sc + bonus  # no 2 extra points


def test_static_faceoff_power(game):
    """PR42 '+1 while involved in a Troublemaker faceoff' (not in a Problem faceoff); HM82 'Opposing
    Friends here have -1 power while involved in a faceoff'; HM71 'During faceoffs, +1 power for each
    of your other characters here'."""
    st = stacked_game(game)
    a = place(game, st, "PR42", 0, "prob0")
    h = place(game, st, "HM71", 0, "prob0")
    place(game, st, "HM82", 1, "prob0")
    b = place(game, st, "PR31", 1, "prob0")
    base_a, base_h, base_b = (game.power(st, x) for x in (a, h, b))
    start(game, st)
    assert game.power(st, a) == base_a - 1  # HM82 only; PR42 needs a Troublemaker faceoff
    assert game.power(st, h) == base_h - 1 + 1  # one other character of Ann's here
    assert game.power(st, b) == base_b


def test_reveal_top_event_draws(game):
    """DE27: 'When this card enters play, reveal the top card of your deck. If you reveal an Event
    this way, draw 3 cards.' The revealed card is public and stays on top."""
    st = stacked_game(game)
    top(game, st, 0, "CN119")  # an Event
    c = to_hand(game, st, "DE27", 0)
    hand = len(st.hand(0))
    ev = Ev()
    enter_play(game, st, c, "home0", 0, ev=ev)
    ev2 = resolve_all(game, st)
    assert len(st.hand(0)) == hand - 1 + 3
    assert any("reveals The Brave and the Bold" in e["msg"] and "to" not in e for e in ev.items + ev2.items)
    # otherwise nothing happens: the revealed card stays on top
    st2 = stacked_game(game)
    top(game, st2, 0, "PR20")
    c = to_hand(game, st2, "DE27", 0)
    hand = len(st2.hand(0))
    enter_play(game, st2, c, "home0", 0)
    resolve_all(game, st2)
    assert len(st2.hand(0)) == hand - 1
    assert names(game, st2, st2.deck(0)[:1]) == ["PR20"]


def test_reveal_top_branches_move_the_card(game):
    """AD171 (Problem) 'When a player confronts this Problem, that player reveals the top card of their
    deck. If it's a Friend, they put it into their hand. Otherwise, they put it into their discard pile.'"""
    st = stacked_game(game)
    prob = game.problem_at(st, "prob0")
    top(game, st, 0, "PR20", "CN119")
    play_effects(game, st, 0, prob, parse_line(
        "When a player confronts this Problem, that player reveals the top card of their deck. If it's a Friend, "
        "they put it into their hand. Otherwise, they put it into their discard pile.", "Problem", {})["effects"])
    resolve_all(game, st)
    assert names(game, st, st.hand(0)[-1:]) == ["PR20"]
    play_effects(game, st, 0, prob, parse_effects(
        "reveal the top card of your deck. If it's a Friend, you put it into your hand. Otherwise, you put it into your discard pile"))
    resolve_all(game, st)
    assert names(game, st, st.discard_pile(0)[-1:]) == ["CN119"]


def test_reveal_opponents_top_and_banish(game):
    """CG64: 'reveal the top card of an opponent's deck. If the printed power of that card is 3 or less,
    you may banish it.'"""
    st = stacked_game(game)
    top(game, st, 1, "PR31", "PR20")
    src = place(game, st, "CG64", 0, "home0")
    effs = [a for a in game.db.cards[game.db.key("CG64")].abilities["front"] if a["kind"] == "trigger"][0]["effects"]
    play_effects(game, st, 0, src, effs)
    resolve_all(game, st)
    assert names(game, st, st.deck(1)[:1]) == ["PR31"]  # 4 power: stays
    st.d["pl"][1]["deck"].pop(0)
    play_effects(game, st, 0, src, effs)
    resolve_all(game, st)
    assert names(game, st, st.banished(1)) == ["PR20"]


def test_reveal_resource_into_play(game):
    """DE44: 'If you reveal a Resource this way, you may put it into play.'"""
    st = stacked_game(game)
    top(game, st, 0, "AD139")  # Megaphone, played to your home
    src = place(game, st, "DE44", 0, "home0")
    effs = [a for a in game.db.cards[game.db.key("DE44")].abilities["front"] if a["kind"] == "trigger"][0]["effects"]
    play_effects(game, st, 0, src, effs)
    resolve_all(game, st)
    assert "AD139" in names(game, st, [c for c in st.cards_in_play if st.controller(c) == 0])


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
    prob = game.problem_at(st, "prob0")
    st = pass_until(game, st, lambda s: s.faceoff is not None and game.to_move(s) == 1)
    st, evs = game.apply(st, Action.make("play", 1, card=ev_card))
    assert any("ended by an effect" in e["msg"] for e in evs)
    assert st.faceoff is None  # nothing else happens in the faceoff: no flips, no winner
    assert "The faceoff ends" in [e["msg"] for e in evs]
    assert game.problem_at(st, "prob0") == prob  # not solved (613.1 needs a winner)
    assert st.score(1) == 0 and st.score(0) == 1  # Ann's confront point only
    assert not st.flipped(0) and not st.flipped(1)


def test_printed_power_selector_and_each_get(game):
    """AD127 'dismiss all Friends with printed power 1 or less' (printed, not current, power); AD130
    'your Friends involved in the faceoff each get +1 power until the end of the faceoff'."""
    assert parse_effects("dismiss all Friends with printed power 1 or less") == [
        {"op": "dismiss", "target": {"type": "Friend", "each": True, "max_printed": 1}}]
    st = stacked_game(game)
    weak = place(game, st, "PR20", 0, "prob0")  # printed 1
    st.d["cards"][weak]["cn"]["+1"] = 3  # 4 power now, still printed 1
    strong = place(game, st, "PR31", 1, "prob0")
    place(game, st, "AD130", 0, "home0")
    top(game, st, 0, "AD14")
    start(game, st)
    flip(game, st)
    assert game.power(st, weak) == 4 + 1 + 0  # AD130: +1 for Ann's involved Friend
    play_effects(game, st, 0, None, parse_effects("dismiss all Friends with printed power 1 or less"))
    resolve_all(game, st)
    assert not game.in_play(st, weak) and game.in_play(st, strong)


def test_won_by_this_turn_condition(game):
    """HM96 'Immediate: If you won a Problem faceoff by at least 5 power this turn, score 2 points.'"""
    st = stacked_game(game)
    effs = [a for a in game.db.cards[game.db.key("HM96")].abilities["front"] if a["kind"] == "event"][0]["effects"]
    play_effects(game, st, 0, None, effs)
    resolve_all(game, st)
    assert st.score(0) == 0
    place(game, st, "PR31", 0, "prob0")
    place(game, st, "PR31", 0, "prob0")
    top(game, st, 0, "PR20")
    top(game, st, 1, "PR20")
    start(game, st)
    flip(game, st)  # 9 vs 1
    resolve_faceoff(game, st, 0)
    end_faceoff(game, st)
    sc = st.score(0)
    play_effects(game, st, 0, None, effs)
    resolve_all(game, st)
    assert st.score(0) == sc + 2
    st.d["turn"] += 1  # only this turn
    play_effects(game, st, 0, None, effs)
    resolve_all(game, st)
    assert st.score(0) == sc + 2


def test_ignore_and_banish_flipped_cards(game):
    """AD74 'choose one of each player's flipped cards. Those players ignore those cards.' (515.4: an
    ignored card stays flipped, adds no power); DE91 'Banish an opponent's flipped card.'"""
    st = stacked_game(game)
    place(game, st, "PR20", 0, "prob0")
    place(game, st, "PR20", 1, "prob0")
    top(game, st, 0, "PR36")
    top(game, st, 1, "PR31")
    start(game, st)
    flip(game, st)
    assert (total(game, st, 0), total(game, st, 1)) == (4, 5)
    play_effects(game, st, 0, None, [{"op": "flipped_card", "act": "ignore", "who": "each"}])
    resolve_all(game, st)
    assert (total(game, st, 0), total(game, st, 1)) == (1, 1)
    assert len(st.flipped(0)) == 1 and len(st.faceoff["ign"]) == 2
    # 515.4a an ignored card can't be ignored again: nothing left to choose
    play_effects(game, st, 0, None, [{"op": "flipped_card", "act": "ignore", "who": "each"}])
    resolve_all(game, st)
    assert len(st.faceoff["ign"]) == 2
    play_effects(game, st, 0, None, parse_effects("banish an opponent's flipped card"))
    resolve_all(game, st)
    assert not st.flipped(1) and names(game, st, st.banished(1)) == ["PR31"]


def test_lowest_total_wins(game):
    """SB137: 'The player with the lowest power total wins faceoffs involving this card.'"""
    st = stacked_game(game)
    place(game, st, "SB137", 0, "prob0")
    place(game, st, "PR31", 1, "prob0")
    place(game, st, "PR31", 1, "prob0")
    start(game, st)
    st.d["fo"]["stage"] = "compare"
    run_step(game, st)
    assert st.faceoff["winner"] == 0


def test_play_restrictions_during_faceoffs(game):
    """EO108 'Opponents pay +[1] to play cards during faceoffs.'; EO211 'Opponents can't play cards
    during faceoffs involving this card.'; DE121 'Opponents can't play Troublemakers here.'"""
    st = stacked_game(game)
    c = to_hand(game, st, "PR20", 1)
    base = game.card_cost(st, 1, c)
    place(game, st, "EO108", 0, "home0")
    assert game.card_cost(st, 1, c) == base
    place(game, st, "PR20", 0, "prob0")
    start(game, st)
    assert game.card_cost(st, 1, c) == base + 1 and game.card_cost(st, 0, c) == base
    ev_card = to_hand(game, st, "CN119", 1)  # a Faceoff Event without a play requirement
    set_tokens(st, 1, 5)
    st.d["prio"] = {"w": "fo", "p": 1, "n": 0}
    assert any(a.kind == "play" and a.get("card") == ev_card for a in game.actions_with_priority(st, 1))
    place(game, st, "EO211", 0, "prob0")
    assert not any(a.kind == "play" for a in game.actions_with_priority(st, 1))
    # DE121 at Bob's Problem: Ann may still play Troublemakers there, Bob may not
    st2 = stacked_game(game)
    place(game, st2, "DE121", 0, "prob1")
    tm = to_hand(game, st2, "AD155", 1)
    st2.d["tp"] = 1
    st2.d["prio"] = {"w": "main", "p": 1, "n": 0}
    set_tokens(st2, 1, 5)
    areas = {a.get("area") for a in game.actions_with_priority(st2, 1) if a.kind == "play_troublemaker" and a.get("card") == tm}
    assert "prob0" in areas and "prob1" not in areas


def test_mane_characters_cant_contribute_when_involving(game):
    """DE121: 'Mane Characters can't contribute their power to faceoffs involving this card.'"""
    st = stacked_game(game)
    mane = st.mane(0)
    set_card(st, mane, area="prob1")
    tm = place(game, st, "DE121", 1, "prob1")
    start(game, st, "tm", ("prob1",), 0, tm)
    assert total(game, st, 0) == 0


def test_friend_enters_here_and_reveal_may(game):
    """HM143: 'When a Friend enters play here, you may reveal the top card of your deck. If that card is
    an Event, you may draw it.'"""
    st = stacked_game(game)
    place(game, st, "HM143", 0, "prob0")
    top(game, st, 0, "CN119")
    f = to_hand(game, st, "PR20", 0)
    hand = len(st.hand(0))
    enter_play(game, st, f, "prob0", 0)
    resolve_all(game, st)
    assert names(game, st, st.hand(0)[-1:]) == ["CN119"] and len(st.hand(0)) == hand


def test_each_players_turn_end_that_player_loses(game):
    """HM150 'At the end of each player's turn, that player loses [1].'; its Chaos: all players lose
    their action tokens."""
    st = stacked_game(game)
    tm = place(game, st, "HM150", 1, "prob0")
    set_tokens(st, 0, 3)
    set_tokens(st, 1, 3)
    trigger_all(game, st, "any_turn_end")
    resolve_all(game, st)
    assert (st.tokens(0), st.tokens(1)) == (2, 3)  # Ann's turn
    effs = game.db.cards[game.db.key("HM150")].abilities["front"][0]["effects"]
    play_effects(game, st, 1, tm, effs)
    resolve_all(game, st)
    assert (st.tokens(0), st.tokens(1)) == (0, 0)


def test_flipped_power_per_counter_and_beneath_conditions(game):
    """LL11 '+1 power for each Muscle counter' on your flipped cards; CN14 '+2 power for each card beneath
    it' while involved; CN36 flips an additional card with a card beneath it."""
    st = stacked_game(game)
    t = place(game, st, "LL11", 0, "home0")
    st.d["cards"][t]["cn"]["Muscle"] = 2
    h = place(game, st, "CN14", 0, "prob0")
    n36 = place(game, st, "CN36", 0, "prob0")
    b = game._new(st.d, game.db.key("PR20"), 0, "ban")
    st.d["pl"][0]["ban"].append(b)
    set_card(st, b, banished_beneath=h)
    base = game.power(st, h)
    top(game, st, 0, "PR20", "PR20")
    start(game, st)
    assert game.power(st, h) == base + 2
    flip(game, st)
    assert len(st.flipped(0)) == 1  # CN36 has nothing beneath it
    assert total(game, st, 0) == game.power(st, h) + game.power(st, n36) + 1 + 2


# ------------------------------------------------------------------ faceoffs started by effects (514.2c, 514.5d, 707.4)
def _effects_of(game, number, kind=None):
    return [a for a in game.db.cards[game.db.key(number)].abilities["front"] if kind is None or a["kind"] == kind][0]["effects"]


def test_parse_start_a_faceoff():
    r = parse_effects("Start a faceoff involving one of your Friends and an opponent's Friend with equal or greater "
                      "power. The winner of the faceoff scores a point")
    assert r == [{"op": "start_fo", "mine": {"type": "Friend", "ctrl": "you"},
                  "theirs": {"type": "Friend", "ctrl": "opp", "ge": True}, "winner": [{"op": "score", "n": 1, "who": "you"}]}]
    r = parse_effects("start a faceoff involving this card and an opposing Friend. If you win the faceoff, frighten that opposing Friend")
    assert r[0]["win"] == [{"op": "frighten", "target": {"it": True}}] and r[0]["mine"] == {"self": True}
    r = parse_effects("Start a faceoff involving your characters at a Problem and an opponent's characters there. The loser "
                      "of that faceoff discards a card for each of their characters involved in that faceoff")
    assert r == [{"op": "start_fo", "area": True, "loser": [{"op": "per", "sel": {"type": "character", "ctrl": "you", "at": "faceoff"},
                                                           "effects": [{"op": "discard", "n": 1, "who": "you"}]}]}]
    r = parse_effects("Start a faceoff involving one of your Friends and an opponent's Friend with equal or greater power. At the "
                      "end of the faceoff, the loser dismisses one of their Friends that was involved")
    assert r[0]["loser_end"] == [{"op": "dismiss", "target": {"it": True}}]
    # an outcome the template doesn't know leaves the text manual
    assert parse_effects("Start a faceoff involving this card and an opposing Friend here. If you win the faceoff, dismiss that "
                         "opposing Friend. If you lose, that Friend's controller defeats this card") is None


def test_effect_faceoff_winner_scores_and_main_phase_goes_on(game):
    """CN104 Fashion Week: one of your Friends vs an opponent's Friend with equal or greater power; the
    winner scores a point (514.5d).  707.4: the Main Phase window stays open, the starter has priority."""
    st = stacked_game(game)
    mine = place(game, st, "PR36", 0, "home0")  # 3
    theirs = place(game, st, "PR31", 1, "home1")  # 4
    place(game, st, "PR20", 1, "home1")  # 1: less power, can't be chosen
    top(game, st, 0, "PR31")
    top(game, st, 1, "PR20")
    ev = Ev()
    play_effects(game, st, 0, None, _effects_of(game, "CN104"), ev=ev)
    advance(game, st, ev=ev)
    st._la = None
    msgs = [e["msg"] for e in ev.items]
    # nobody had anything to do in the faceoff's windows (auto-pass): it ran to its end
    assert "A faceoff is started by an effect (514.2c, 707.4)" in msgs and "Faceoff totals: Ann 7, Bob 5" in msgs  # 3 + 4 vs 4 + 1
    assert st.faceoff is None and st.score(0) == 1
    assert st.priority["w"] == "main" and game.to_move(st) == 0 and st.step == "main"
    assert game.problem_at(st, "prob0") is not None  # no Problem was solved


def test_effect_faceoff_keeps_the_window_open_for_the_starter(game):
    """707.4: no new window: the interrupted one stays open and the starter receives priority; the
    involved cards are flagged (514.2d.i), wherever they are."""
    st = stacked_game(game)
    mine = place(game, st, "PR36", 0, "home0")
    theirs = place(game, st, "PR31", 1, "prob0")
    to_hand(game, st, "CN119", 1)  # Bob has a Faceoff Event: his priority is not auto-passed
    set_tokens(st, 1, 3)
    ev = Ev()
    play_effects(game, st, 0, None, _effects_of(game, "CN104"), ev=ev)
    advance(game, st, ev=ev)
    st._la = None
    fo = st.faceoff
    assert fo["type"] == "effect" and fo["inv"] == [mine, theirs] and fo["stage"] == "w_start"
    assert st.priority == {"w": "fo", "p": 1, "n": 1}  # Ann (the starter) had it first and auto-passed
    assert game.involved_in_faceoff(st, mine) and game.involved_in_faceoff(st, theirs)
    set_card(st, theirs, area="home1")  # flagged: still involved after moving
    assert game.involved_in_faceoff(st, theirs)
    st = pass_until(game, st, lambda s: s.faceoff is None)
    assert st.priority["w"] == "main" and st.step == "main"


def test_effect_faceoff_if_you_win_and_loser_end(game):
    """EO12 Gilda: 'When this card enters play, start a faceoff involving this card and an opposing
    Friend. If you win the faceoff, frighten that opposing Friend.'; CN115: at the end of the faceoff the
    loser dismisses their involved Friend."""
    st = stacked_game(game)
    theirs = place(game, st, "PR20", 1, "home1")
    top(game, st, 0, "PR31")
    top(game, st, 1, "PR20")
    g = to_hand(game, st, "EO12", 0)
    ev = Ev()
    gid = enter_play(game, st, g, "home0", 0, ev=ev)
    advance(game, st, ev=ev)
    st._la = None
    assert "Faceoff totals: Ann 7, Bob 2" in [e["msg"] for e in ev.items]  # Gilda 2 +1 (Competitive) + 4 vs 1 + 1
    assert st.faceoff is None and st.frightened(theirs)
    # CN115: Bob's Friend loses and is dismissed at the end of the faceoff
    st = stacked_game(game)
    mine = place(game, st, "PR20", 0, "home0")
    theirs = place(game, st, "PR20", 1, "home1")
    top(game, st, 0, "PR31")
    top(game, st, 1, "PR20")
    ev = Ev()
    play_effects(game, st, 0, None, _effects_of(game, "CN115"), ev=ev)
    advance(game, st, ev=ev)
    st._la = None
    st = pass_until(game, st, lambda s: s.faceoff is None and not s.resolving)
    assert game.in_play(st, mine) and not game.in_play(st, theirs)
    assert names(game, st, st.discard_pile(1)[-1:]) == ["PR20"]


def test_effect_faceoff_at_a_problem_loser_per_character(game):
    """CG122 Tug of War: everyone's characters at one Problem are involved; the loser discards a card
    for each of their characters involved (514.5d); no Problem bonus (not a Problem faceoff)."""
    st = stacked_game(game)
    place(game, st, "PR31", 0, "prob1")
    place(game, st, "PR20", 1, "prob1")
    place(game, st, "PR20", 1, "prob1")
    top(game, st, 0, "PR31")
    top(game, st, 1, "PR20")
    hand1 = len(st.hand(1))
    ev = Ev()
    play_effects(game, st, 0, None, _effects_of(game, "CG122"), ev=ev)
    advance(game, st, ev=ev)
    st._la = None
    assert "Faceoff totals: Ann 8, Bob 3" in [e["msg"] for e in ev.items]
    st = pass_until(game, st, lambda s: s.faceoff is None and not s.resolving)
    assert len(st.hand(1)) == hand1 - 2
    assert st.score(0) == 0


# ------------------------------------------------------------------ more faceoff templates
def test_parse_more_faceoff_templates():
    r = parse_effects("Choose two: Friends you control have +1 power until the end of the faceoff, unfrighten a Friend, "
                      "or an opponent loses [1] and you gain [1]")
    assert r[0]["modes"][0] == [{"op": "power", "n": 1, "target": {"type": "Friend", "ctrl": "you", "each": True}, "until": "faceoff"}]
    assert parse_effects("each of your characters at an opponent's Problem gets +1 power until the end of the faceoff")[0][
        "target"]["at"] == "opp_problem"
    assert parse_effects("you may pay [3] less for your next Event until the end of the faceoff")[0]["effects"] == [
        {"op": "cost_reduction", "n": 3, "type": "Event", "until": "faceoff"}]
    d = parse_line("Immediate: During a faceoff, discard two cards to flip an additional card.", "Friend", {})
    assert (d["kind"], d["timing"], d["cost"], d["effects"]) == ("activated", "faceoff", {"discard": 2}, [{"op": "flip", "n": 1}])
    assert parse_effects("give an opposing character involved in a faceoff -1 power for each of your characters at home "
                         "until the end of the faceoff")[0]["per"] == {"type": "character", "ctrl": "you", "at": "home"}
    d = parse_line("Chaos: When this card is flipped during a Troublemaker faceoff, turn a Troublemaker involved in the "
                   "faceoff facedown.", "Friend", {})
    assert (d["on"], d["fo"], d["effects"][0]["op"]) == ("flipped", "tm", "turn_face_down")


def test_opponents_problem_selector(game):
    """PR130 Yay!: 'Each of your characters at an opponent's Problem gets +1 power until the end of the faceoff.'"""
    st = stacked_game(game)
    a = place(game, st, "PR20", 0, "prob1")
    b = place(game, st, "PR20", 0, "prob0")
    play_effects(game, st, 0, None, _effects_of(game, "PR130"))
    resolve_all(game, st)
    assert (game.power(st, a), game.power(st, b)) == (2, 1)


def test_cost_reduction_until_the_end_of_the_faceoff(game):
    """AD48 Chaos: 'you may pay [3] less for your next Event until the end of the faceoff.'"""
    st = stacked_game(game)
    c = to_hand(game, st, "CG109", 0)  # an Event costing 3
    place(game, st, "PR20", 0, "prob0")
    top(game, st, 0, "AD48")
    start(game, st)
    flip(game, st)
    assert game.card_cost(st, 0, c) == 0
    end_faceoff(game, st)
    assert game.card_cost(st, 0, c) == 3


def test_flip_modifier_conditions(game):
    """MT136 flips an additional card only while Cutie Marked; EO192 (Problem) 'While you have more
    characters here than any opponent, opponents flip 1 fewer cards during faceoffs here.'"""
    st = stacked_game(game)
    bm = place(game, st, "MT136", 0, "prob0")
    place(game, st, "PR20", 1, "prob0")
    start(game, st)
    flip(game, st)
    assert len(st.flipped(0)) == 1
    end_faceoff(game, st)
    set_card(st, bm, cutie_marked=True)
    start(game, st)
    flip(game, st)
    assert len(st.flipped(0)) == 2
    end_faceoff(game, st)
    set_problem(game, st, "prob0", "EO192")  # Ann's Problem; both have one character: no effect
    start(game, st)
    flip(game, st)
    assert len(st.flipped(1)) == 1
    end_faceoff(game, st)
    place(game, st, "PR20", 0, "prob0")
    start(game, st)
    flip(game, st)
    assert len(st.flipped(1)) == 0


def test_mane_characters_cant_be_involved(game):
    """FF107: 'Mane Characters can't be involved in faceoffs.'"""
    st = stacked_game(game)
    mane = st.mane(0)
    set_card(st, mane, area="prob0")
    f = place(game, st, "PR20", 0, "prob0")
    start(game, st)
    assert game.involved_in_faceoff(st, mane) and game.involved_in_faceoff(st, f)
    place(game, st, "FF107", 1, "home1")
    assert not game.involved_in_faceoff(st, mane) and game.involved_in_faceoff(st, f)


def test_opposing_flipped_cards_have_no_abilities(game):
    """DE142: 'Opposing flipped cards lose and can't have abilities.' (Bob's [slenderpony] doesn't lose him the game)"""
    st = stacked_game(game)
    place(game, st, "DE142", 0, "home0")
    place(game, st, "PR20", 0, "prob0")
    top(game, st, 1, "AD-3")
    top(game, st, 0, "AD-3")
    start(game, st)
    flip(game, st)
    assert st.outcome["winner"] == 1  # only Ann's own Chaos card works


def test_chaos_only_during_troublemaker_faceoffs(game):
    """EO90: 'Chaos: When this card is flipped during a Troublemaker faceoff, turn a Troublemaker involved in
    the faceoff facedown.'"""
    st = stacked_game(game)
    place(game, st, "PR20", 0, "prob1")
    tm = place(game, st, "AD155", 1, "prob1")
    top(game, st, 0, "EO90", "EO90")
    start(game, st, "problem", ("prob1",), 0)
    flip(game, st)
    assert not st.face_down(tm)
    end_faceoff(game, st)
    start(game, st, "tm", ("prob1",), 0, tm)
    flip(game, st)
    assert st.face_down(tm)


def test_gain_control_when_opponent_loses_against_troublemaker_here(game):
    """AD63: 'When an opponent loses a faceoff against a Troublemaker here, gain control of an opposing
    Friend involved in that faceoff.'"""
    st = stacked_game(game)
    place(game, st, "AD63", 1, "prob1")
    tm = place(game, st, "AD155", 1, "prob1")
    f1 = place(game, st, "PR20", 0, "prob1")
    f2 = place(game, st, "PR20", 0, "prob1")
    start(game, st, "tm", ("prob1",), 0, tm)
    resolve_faceoff(game, st, 1)
    resolve_all(game, st)  # Ann sends one home (514.5b), then Bob takes the other
    ctrl = sorted(st.controller(x) for x in (f1, f2))
    assert ctrl == [0, 1]


def test_attachment_triggers_on_its_host(game):
    """LL119 Wing Bling: 'When that character becomes involved in a faceoff, you may draw a card.' (also when
    it becomes involved by moving, 514.2d); HM109: 'When you win a faceoff involving that character, you
    may exhaust this card to gain [2].'"""
    st = stacked_game(game)
    mane = st.mane(0)
    wb = place(game, st, "LL119", 0, "home0", host=mane)
    f = place(game, st, "PR31", 0, "prob0")
    gb = place(game, st, "HM109", 0, "prob0", host=f)
    hand, tok = len(st.hand(0)), st.tokens(0)
    start(game, st)
    assert len(st.hand(0)) == hand  # the Mane is at home: not involved
    move_card(game, st, mane, "prob0")
    resolve_all(game, st)
    assert len(st.hand(0)) == hand + 1 and st.area(wb) == "prob0"
    resolve_faceoff(game, st, 0)
    resolve_all(game, st)
    assert st.tokens(0) == tok + 2 and st.exhausted(gb)


def test_player_total_modifiers_by_trait_count(game):
    """CG178 (Problem) 'During faceoffs here, the player with the most Pegasus characters here gets +2
    power.'; PR167 'Players with at least 2 Pegasus characters at this Problem get +1 total power during
    faceoffs here.'; QC6 '+2 power for each of your Changeling characters' (514.4a)."""
    st = stacked_game(game)
    set_problem(game, st, "prob0", "CG178")
    place(game, st, "PR20", 0, "prob0")  # Pegasus
    place(game, st, "PR44", 0, "prob0")  # Pegasus
    place(game, st, "PR20", 1, "prob0")
    start(game, st)
    assert (total(game, st, 0), total(game, st, 1)) == (1 + 1 + 2, 1)
    end_faceoff(game, st)
    set_problem(game, st, "prob0", "PR167")
    start(game, st)
    assert (total(game, st, 0), total(game, st, 1)) == (1 + 1 + 1, 1)
    end_faceoff(game, st)
    place(game, st, "PR44", 1, "prob0")  # now both have two: both get it under PR167; nobody "most" under CG178
    start(game, st)
    assert (total(game, st, 0), total(game, st, 1)) == (3, 3)
    end_faceoff(game, st)
    set_problem(game, st, "prob0", "CG178")
    start(game, st)
    assert (total(game, st, 0), total(game, st, 1)) == (2, 2)


def test_flip_for_the_player_with_the_most(game):
    """CG184: 'During faceoffs here, the player with the most Earth Pony characters here flips an additional card.'"""
    st = stacked_game(game)
    set_problem(game, st, "prob0", "CG184")
    place(game, st, "PR20", 0, "prob0")
    place(game, st, "PR76", 1, "prob0")  # Earth Pony
    start(game, st)
    flip(game, st)
    assert (len(st.flipped(0)), len(st.flipped(1))) == (1, 2)


def test_send_home_replaced(game):
    """CG162 Gilda (Troublemaker): 'If a player loses a faceoff involving this card and would send a Friend
    home, they retire that Friend instead.' (514.5b)"""
    st = stacked_game(game)
    tm = place(game, st, "CG162", 1, "prob1")
    f = place(game, st, "PR20", 0, "prob1")
    start(game, st, "tm", ("prob1",), 0, tm)
    resolve_faceoff(game, st, 1)
    assert not game.in_play(st, f) and names(game, st, st.discard_pile(0)[-1:]) == ["PR20"]
    # a Mane Character is still sent home
    st = stacked_game(game)
    tm = place(game, st, "CG162", 1, "prob1")
    mane = st.mane(0)
    set_card(st, mane, area="prob1")
    start(game, st, "tm", ("prob1",), 0, tm)
    resolve_faceoff(game, st, 1)
    assert st.area(mane) == "home0"


def test_win_here_by_exactly(game):
    """PR174 (Problem): 'When a player wins a faceoff here by exactly 1 power, that player scores an
    additional point.' (either player: the winner follows it)"""
    st = stacked_game(game)
    set_problem(game, st, "prob0", "PR174")
    place(game, st, "PR36", 1, "prob0")  # 3
    place(game, st, "PR79", 0, "prob0")  # 2
    start(game, st)
    bonus = game.face(st, game.problem_at(st, "prob0")).bonus or 0
    resolve_faceoff(game, st, 1)
    resolve_all(game, st)
    assert st.score(1) == bonus + 1 and st.score(0) == 0


def test_ignore_highest_flipped_card(game):
    """PR67: 'During Problem faceoffs involving this card, your opponent flips an additional card.' and
    '... your opponent ignores one of their flipped cards with the highest power.' (515.4)"""
    st = stacked_game(game)
    place(game, st, "PR67", 1, "prob0")
    place(game, st, "PR20", 0, "prob0")
    top(game, st, 0, "PR31", "PR36")
    start(game, st)
    flip(game, st)
    assert len(st.flipped(0)) == 2
    assert total(game, st, 0) == 1 + 3  # the 4 is ignored


def test_opponent_has_more_points(game):
    """EO180: 'While an opponent has more points than you, this card has +3 power.' and its Chaos: 'it gets
    +3 power if an opponent has more points than you.'"""
    st = stacked_game(game)
    t = place(game, st, "EO180", 0, "prob1")
    base = game.power(st, t)
    st.d["pl"][1]["score"] = 1
    assert game.power(st, t) == base + 3
    place(game, st, "PR20", 0, "prob0")
    top(game, st, 0, "EO180")
    top(game, st, 1, "PR20")
    start(game, st)
    flip(game, st)
    fid = st.flipped(0)[0]
    assert game.power(st, fid) == game.printed_power(st, fid) + 3


def test_highest_friend_and_without_accessory(game):
    """CG99 'Put the Friend with power higher than any other Friend involved in the faceoff into its owner's
    hand.'; EO116 'Exhaust all characters involved in a faceoff without an attached Accessory.'"""
    st = stacked_game(game)
    a = place(game, st, "PR31", 0, "prob0")
    b = place(game, st, "PR36", 1, "prob0")
    c = place(game, st, "PR20", 1, "prob0")
    place(game, st, "EO147", 1, "prob0", host=c)  # Cardboard Box, an Accessory
    start(game, st)
    play_effects(game, st, 1, None, _effects_of(game, "EO116"))
    resolve_all(game, st)
    assert st.exhausted(a) and st.exhausted(b) and not st.exhausted(c)
    play_effects(game, st, 1, None, _effects_of(game, "CG99"))
    resolve_all(game, st)
    assert not game.in_play(st, a) and game.in_play(st, b)
    st.d["cards"][b]["cn"]["+1"] = 1  # 4 vs 4: nobody is higher than any other
    place(game, st, "PR31", 0, "prob0")
    play_effects(game, st, 1, None, _effects_of(game, "CG99"))
    resolve_all(game, st)
    assert game.in_play(st, b)


def test_flip_conditions_on_involved_characters(game):
    """LL50 'Opponents flip 1 fewer cards during faceoffs involving at least one of their characters with 4
    or more power.'; PR87 '... involving this card and at least 2 of your other Critter Friends, flip an
    additional card.' (Troublemaker faceoffs)"""
    st = stacked_game(game)
    place(game, st, "LL50", 1, "home1")
    place(game, st, "PR36", 0, "prob0")
    start(game, st)
    flip(game, st)
    assert len(st.flipped(0)) == 1
    end_faceoff(game, st)
    place(game, st, "PR31", 0, "prob0")
    start(game, st)
    flip(game, st)
    assert len(st.flipped(0)) == 0
    st = stacked_game(game)
    h = place(game, st, "PR87", 0, "prob1")
    tm = place(game, st, "AD155", 1, "prob1")
    place(game, st, "PR81", 0, "prob1")  # Critter
    start(game, st, "tm", ("prob1",), 0, tm)
    flip(game, st)
    assert len(st.flipped(0)) == 1
    end_faceoff(game, st)
    place(game, st, "PR86", 0, "prob1")  # a second Critter
    start(game, st, "tm", ("prob1",), 0, tm)
    flip(game, st)
    assert len(st.flipped(0)) == 2 and h


def test_at_the_end_of_the_faceoff_and_events_cost_less(game):
    """CG95 'Faceoff: Gain [3]. At the end of the faceoff, lose all of your action tokens.'; HM1 (boosted)
    'you may pay [1] less for Events until the end of the faceoff' (every Event, not only the next)."""
    st = stacked_game(game)
    place(game, st, "PR20", 0, "prob0")
    start(game, st)
    set_tokens(st, 0, 1)
    play_effects(game, st, 0, None, _effects_of(game, "CG95"))
    resolve_all(game, st)
    assert st.tokens(0) == 4
    end_faceoff(game, st)
    resolve_all(game, st)
    assert st.tokens(0) == 0
    c1, c2 = to_hand(game, st, "CG109", 1), to_hand(game, st, "CG122", 1)
    start(game, st)
    play_effects(game, st, 1, None, parse_effects("you may pay [1] less for Events until the end of the faceoff"))
    resolve_all(game, st)
    assert game.card_cost(st, 1, c1) == 2 and game.card_cost(st, 1, c2) == 2
    end_faceoff(game, st)
    assert game.card_cost(st, 1, c1) == 3


def test_per_count_relative_to_the_chosen_card_is_left_manual():
    # "other" / "at its Problem" are read from the chosen Friend (``per_at_it``, test_engine_events.py)
    assert parse_effects("One of your Friends gets +1 power for each of your other Friends at its Problem until the end of the turn")[0]["per_at_it"]
    assert parse_effects("Exhaust this card to move that Friend to a Problem. At the end of the faceoff, retire this card") is None


def test_attached_power_while_host_involved_and_contribution_limit(game):
    """CG135 Jousting Armor: 'While involved in a faceoff, that Friend has +1 power.'; FF125 (Problem)
    'Characters here with power less than or equal to their printed power can't contribute their power
    to faceoffs.'"""
    st = stacked_game(game)
    set_problem(game, st, "prob0", "FF125")
    f = place(game, st, "PR20", 0, "prob0")
    place(game, st, "CG135", 0, "prob0", host=f)
    g = place(game, st, "PR36", 1, "prob0")
    assert game.power(st, f) == 1
    start(game, st)
    assert game.power(st, f) == 2
    assert (total(game, st, 0), total(game, st, 1)) == (2, 0)  # Bob's 3 is not above its printed 3
    st.d["cards"][g]["cn"]["+1"] = 1
    assert total(game, st, 1) == 4


def test_flipped_cards_to_discard_and_event_discount_for_the_most(game):
    """PR186 (Problem): flipped cards of a Problem faceoff here go to the discard pile instead of the
    bottom of the deck; CG171 (Problem): the player with the most Unicorn characters here pays -[1] to
    play Events during faceoffs here."""
    st = stacked_game(game)
    set_problem(game, st, "prob0", "PR186")
    place(game, st, "PR20", 0, "prob0")
    place(game, st, "PR60", 1, "prob0")  # Unicorn
    top(game, st, 0, "PR31")
    top(game, st, 1, "PR36")
    start(game, st)
    flip(game, st)
    end_faceoff(game, st)
    assert names(game, st, st.discard_pile(0)[-1:]) == ["PR31"] and names(game, st, st.discard_pile(1)[-1:]) == ["PR36"]
    set_problem(game, st, "prob0", "CG171")
    c0, c1 = to_hand(game, st, "CG109", 0), to_hand(game, st, "CG109", 1)
    start(game, st)
    assert (game.card_cost(st, 0, c0), game.card_cost(st, 1, c1)) == (3, 2)


def test_boosted_mane_cant_play_cards(game):
    """AD64: 'While an opponent's Mane Character is boosted, that player can't play cards during faceoffs
    involving their Mane Character.'"""
    st = stacked_game(game)
    place(game, st, "AD64", 0, "home0")
    mane = st.mane(1)
    set_card(st, mane, area="prob0")
    place(game, st, "PR20", 0, "prob0")
    to_hand(game, st, "CN119", 1)
    set_tokens(st, 1, 3)
    start(game, st)
    st.d["prio"] = {"w": "fo", "p": 1, "n": 0}
    assert any(a.kind == "play" for a in game.actions_with_priority(st, 1))
    set_card(st, mane, boosted=True)
    assert not any(a.kind == "play" for a in game.actions_with_priority(st, 1))


def test_spend_cards_from_beneath(game):
    """CN198: 'When you win a faceoff involving this card, you may spend any number of cards from beneath this
    card to score a point for each card spent.' (Spend: into the discard pile); CN75 spends one to banish."""
    st = stacked_game(game)
    f = place(game, st, "CN198", 0, "prob0")
    for _ in range(2):
        b = game._new(st.d, game.db.key("PR20"), 0, "ban")
        st.d["pl"][0]["ban"].append(b)
        set_card(st, b, banished_beneath=f)
    start(game, st)
    sc = st.score(0)
    resolve_faceoff(game, st, 0)
    resolve_all(game, st)  # answers "yes" to each
    bonus = game.face(st, game.problem_at(st, "prob0")).bonus or 0
    assert st.score(0) == sc + bonus + 2 and game.cards_beneath(st, f) == 0
    assert names(game, st, st.discard_pile(0)[-2:]) == ["PR20", "PR20"]
    # nothing beneath: the cost can't be paid, nothing happens (508.1d)
    st = stacked_game(game)
    c = place(game, st, "CN75", 0, "prob0")
    o = place(game, st, "PR20", 1, "home1")
    effs = _effects_of(game, "CN75")
    play_effects(game, st, 0, c, effs)
    resolve_all(game, st)
    assert game.in_play(st, o)


def test_power_and_timed_keyword_for_the_faceoff(game):
    """MT90: 'A Friend involved in a faceoff gets +3 power and Diligent 3 until the end of the faceoff.'"""
    st = stacked_game(game)
    f = place(game, st, "PR20", 0, "prob0")
    start(game, st)
    play_effects(game, st, 0, None, _effects_of(game, "MT90"))
    resolve_all(game, st)
    assert game.power(st, f) == 4 and game.keyword(st, f, "Diligent") == 3
    end_faceoff(game, st)
    assert game.power(st, f) == 1 and not game.keyword(st, f, "Diligent")


def test_defeating_a_troublemaker_here_the_defeater_may_move(game):
    """PR166 (Problem): 'When a player defeats a Troublemaker here, that player may move a character
    involved in the faceoff.'"""
    st = stacked_game(game)
    set_problem(game, st, "prob1", "PR166")
    tm = place(game, st, "AD155", 1, "prob1")
    f = place(game, st, "PR31", 0, "prob1")
    start(game, st, "tm", ("prob1",), 0, tm)
    resolve_faceoff(game, st, 0)
    resolve_all(game, st)
    assert st.area(f) != "prob1"
