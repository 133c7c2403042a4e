"""Issue #19: the last manual cards of The Crystal Games (CG) and Canterlot Nights (CN), each played in a scenario
(per-card definitions: gameplay/engine/mlp/cards/crystal_games.py and cards/canterlot_nights.py)."""
from __future__ import annotations

from gameplay.engine.api import Action
from gameplay.engine.events import filter_events
from gameplay.engine.mlp.engine import Ev
from gameplay.engine.mlp.scenario import (
    answer, automated, enter_play, place, pre_priority, resolve_all, resolve_step, set_card, set_tokens, stacked_game, start_faceoff,
    to_hand,
)


def _resolve(game, st, answers=()):
    """Resolve the queue, answering decisions from ``answers`` in order (then "yes" / the first option)."""
    todo = list(answers)
    ev = Ev()
    for _ in range(200):
        pend = st.d["pending"]
        if pend:
            opt = todo.pop(0) if todo else (True if pend["kind"] == "may" else pend["options"][0])
            answer(game, st, pend["player"], opt, ev=ev)
        elif st.d["rq"]:
            resolve_step(game, st, ev=ev)
        elif not pre_priority(game, st, ev=ev):  # 511: queued triggers go onto the resolution queue
            break
    return ev


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
    _resolve(game, st)
    assert st.d["cards"][nid]["a"] == "home0"
    assert cheap not in st.d["play"] and len(st.d["pl"][1]["hand"]) == 7  # back in its owner's hand (6 + 1)


def test_backup_racer_asks_nothing_with_only_a_costlier_friend_there(game, card_db):
    st = stacked_game(game)
    dear = place(game, st, "CN89", 1, "prob0")  # cost 6 > 4
    nid = enter_play(game, st, to_hand(game, st, "CG199", 0), "prob0", 0)
    _resolve(game, st, answers=[])
    assert st.d["cards"][nid]["a"] == "prob0" and dear in st.d["play"]
    assert automated(card_db, "CG199")


# ------------------------------------------------------------------ CG173 Distract the Crystal Ponies (611.4)
def _confront_distract(game, colors3: bool):
    from gameplay.engine.mlp.scenario import pass_until, problem
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
    _resolve(game, st)
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
    ev = _resolve(game, st, answers=[True, critters[0], critters[1]])
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
    ab = next(i for i, a in enumerate(game.r.abilities(st.d, flutter)) if a["kind"] == "activated")
    game.r.do_action(st.d, Ev(), Action.make("activate", 0, card=flutter, ability=ab))
    _resolve(game, st, answers=[critter, target])
    assert critter not in st.hand(0) and [st.card_key(c) for c in st.discard_pile(0)] == [game.db.key("PR81")]
    assert game.power(st, target) == before + 2
