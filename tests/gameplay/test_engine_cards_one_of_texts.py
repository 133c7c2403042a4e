"""Issue #19: the remaining one-of card texts, each played in a scenario (per-card definitions in
mlp/cards/one_of_texts.py)."""
from __future__ import annotations

from gameplay.engine.mlp.scenario import (automated, enter_play, leave_play, pass_until, place, resolve_all, stacked_game,
                                          to_hand)


# ------------------------------------------------------------------ CG140 Pony Charm
def test_pony_charm_controls_its_host_while_attached(game, card_db):
    """CG140 Pony Charm: "Play on a Friend. You control that Friend." (513.2: control changes while the Resource is
    attached; 509.5 / 513.2: when the Resource leaves play its controller no longer controls the Friend)."""
    assert automated(card_db, "CG140")
    st = stacked_game(game)
    foe = place(game, st, "PR31", 1, "prob1")
    charm = enter_play(game, st, to_hand(game, st, "CG140", 0), "prob1", 0, host=foe)
    resolve_all(game, st)
    assert st.d["cards"][foe]["c"] == 0 and st.d["cards"][charm]["c"] == 0
    resolve_all(game, st)
    assert st.d["cards"][foe]["c"] == 0  # it lasts while the Charm stays attached
    leave_play(game, st, charm, "disc", verb="retired")
    resolve_all(game, st)
    assert st.d["cards"][foe]["c"] == 1 and st.d["cards"][foe]["a"] == "prob1"


def test_pony_charm_on_your_own_friend_changes_nothing(game, card_db):
    """CG140 on a Friend you already control: no control change (513.2), and retiring the Charm gives nothing away."""
    st = stacked_game(game)
    mine = place(game, st, "PR31", 0, "prob1")
    charm = enter_play(game, st, to_hand(game, st, "CG140", 0), "prob1", 0, host=mine)
    resolve_all(game, st)
    leave_play(game, st, charm, "disc", verb="retired")
    resolve_all(game, st)
    assert st.d["cards"][mine]["c"] == 0


# ------------------------------------------------------------------ CG141 Ponyville Banner
def _activations(game, st, cid, player=0):
    return [a for a in game.legal_actions(st, player) if a.kind == "activate" and a.to_dict().get("card") == cid]


def _banner_confronts(game, exhaust_pegasus: bool) -> tuple[bool, int]:
    """Ann retires the Banner in her Score Phase choosing Runaway Cart (1 Honesty + 1 not Honesty: her three
    Friends there have no Honesty power); returns whether she confronted it and her score."""
    from gameplay.engine.api import Action

    st = stacked_game(game)
    banner = place(game, st, "CG141", 0, "home0")
    for x in ("PR54", "PR12"):  # Unicorn (Magic, 1), Earth Pony (Loyalty, 2)
        place(game, st, x, 0, "prob0")
    place(game, st, "PR8", 0, "prob0", exhausted=exhaust_pegasus)  # Pegasus (Loyalty, 1)
    assert not game.r.meets(st.d, 0, "prob0")
    assert _activations(game, st, banner) == []  # a Score Phase ability (512.3): not in the Main Phase
    st = pass_until(game, st, lambda s: bool(_activations(game, s, banner)))
    st, _ = game.apply(st, _activations(game, st, banner)[0])
    assert st.d["pending"]["options"] == ["prob0", "prob1"]  # "choose a Problem" (705.2f)
    st, evs = game.apply(st, Action.make("choose", 0, option="prob0"))
    assert not game.r.in_play(st.d, banner)  # retired as its cost
    confronted = any(e.get("type") == "confront" and e.get("area") == "prob0" for e in evs)
    return confronted, st.d["pl"][0]["score"]


def test_ponyville_banner_meets_the_requirements_with_three_ready_races(game, card_db):
    """CG141 Ponyville Banner: "Score Phase: Retire this card to choose a Problem. This turn, you meet the confront
    requirements of that Problem if you have at least one ready Unicorn, Earth Pony, and Pegasus character there"
    (512.3 a Score Phase ability; 611.3 the requirements met, 611.4 the confront and its point)."""
    assert automated(card_db, "CG141")
    assert _banner_confronts(game, exhaust_pegasus=False) == (True, 1)


def test_ponyville_banner_needs_each_race_ready(game, card_db):
    """CG141: with the only Pegasus there exhausted (503.5: not ready), the requirements are not met and Ann does
    not confront (611.3)."""
    assert _banner_confronts(game, exhaust_pegasus=True) == (False, 0)


def test_ponyville_banner_is_only_for_you_and_that_problem(game, card_db):
    """CG141: "you" meet the requirements of "that Problem": not the opponent, not another Problem (611.3)."""
    st = stacked_game(game)
    for x in ("PR54", "PR12", "PR8"):
        place(game, st, x, 0, "prob0")
    meet = {"u": "turn", "meet": ["Unicorn", "Earth Pony", "Pegasus"]}
    st.d["cmods"] = [{"who": 1, "prob": game.r.problem_at(st.d, "prob0"), **meet},  # the opponent's
                     {"who": 0, "prob": game.r.problem_at(st.d, "prob1"), **meet}]  # another Problem
    assert not game.r.meets(st.d, 0, "prob0")
    st.d["cmods"].append({"who": 0, "prob": game.r.problem_at(st.d, "prob0"), **meet})
    assert game.r.meets(st.d, 0, "prob0")


# ------------------------------------------------------------------ EO30 Open Skies & Clear Skies
def test_cloud_movers_counts_only_an_opponents_first_discard_each_turn(game, card_db):
    """EO30 Open Skies & Clear Skies, Cloud Movers: "When an opponent discards a card, if it's the first card that
    player has discarded this turn, put a +1 power counter on this card" (712.2: checked as the discard happens;
    519.4 a +1 power counter)."""
    from gameplay.engine.mlp.scenario import play_effects

    assert automated(card_db, "EO30")
    st = stacked_game(game)
    movers = place(game, st, "EO30", 0, "home0")
    theirs = place(game, st, "PR12", 1, "home1")
    discard = [{"op": "discard", "n": 1}]
    counters = lambda: st.d["cards"][movers].get("cn", {}).get("+1", 0)  # noqa: E731
    play_effects(game, st, 0, movers, discard)  # your own discard: not an opponent's
    resolve_all(game, st)
    assert counters() == 0
    play_effects(game, st, 1, theirs, discard)
    resolve_all(game, st)
    assert counters() == 1
    play_effects(game, st, 1, theirs, [{"op": "discard", "n": 2}])  # the second and third this turn
    resolve_all(game, st)
    assert counters() == 1
    st = pass_until(game, st, lambda s: s.d["turn"] == 2)  # a new turn: the next discard is the first again
    play_effects(game, st, 1, theirs, discard)
    resolve_all(game, st)
    assert counters() == 2


# ------------------------------------------------------------------ SB57 Canterlot Citizens
def _score_with_citizens(game, citizens: bool) -> tuple[int, object]:
    """Ann's Honesty Friend (2 power) alone at Runaway Cart (1 Honesty + 1 not Honesty, 611.3b: one character's
    power goes to one requirement); the Citizens at home say yes and choose that Problem (the first option)."""
    st = stacked_game(game)
    lent = place(game, st, "SB57", 0, "home0") if citizens else None
    place(game, st, "PR33", 0, "prob0")
    assert not game.r.meets(st.d, 0, "prob0")
    st = pass_until(game, st, lambda s: s.d["turn"] == 2)
    return st.d["pl"][0]["score"], lent and st.d["cards"][lent]["ex"]


def test_canterlot_citizens_contribute_their_power_from_home(game, card_db):
    """SB57 Canterlot Citizens, Pony Populace: "At the start of your Score Phase, you may exhaust this card to
    contribute its power to confronting a Problem" (its Kindness power meets the not-Honesty requirement from home,
    although exhausted: the card's text over 503.5, 104.1; 611.4 the confront scores)."""
    assert automated(card_db, "SB57")
    assert _score_with_citizens(game, citizens=True) == (1, True)
    assert _score_with_citizens(game, citizens=False) == (0, None)


def test_canterlot_citizens_lend_only_to_that_problem_and_only_while_in_play(game, card_db):
    """SB57: the power counts for the chosen Problem and its controller only, and not once the card left play."""
    st = stacked_game(game)
    lent = place(game, st, "SB57", 0, "home0", exhausted=True)
    for area in ("prob0", "prob1"):
        place(game, st, "PR33", 0, area)
    st.d["cmods"] = [{"who": 0, "prob": game.r.problem_at(st.d, "prob0"), "u": "turn", "contrib": lent}]
    assert game.r.meets(st.d, 0, "prob0")
    assert not game.r.meets(st.d, 1, "prob0")
    leave_play(game, st, lent, "disc", verb="retired")
    assert not game.r.meets(st.d, 0, "prob0")


# ------------------------------------------------------------------ LL145 Grogar, Legion of Doom
def test_grogar_banishes_itself_to_put_a_troublemaker_from_the_deck_into_play(game, card_db):
    """LL145 Grogar, Legion of Doom: "Immediate: Banish this card to search your deck for a Troublemaker, then put
    it into play." (508 the banish is the cost; 518.1 a private search; 505.1 put into play face-down)."""
    assert automated(card_db, "LL145")
    deck = ["PR12"] * 10 + ["RR11"] + ["PR12"] * 34
    st = stacked_game(game, decks=(deck, None))
    grogar = place(game, st, "LL145", 0, "prob1")
    acts = _activations(game, st, grogar)
    assert len(acts) == 1
    st, _ = game.apply(st, acts[0])
    resolve_all(game, st)
    assert grogar not in st.d["play"] and any(st.d["cards"][c]["k"] == card_db.key("LL145") for c in st.d["pl"][0]["ban"])
    tms = [c for c in st.d["play"] if st.d["cards"][c]["k"] == card_db.key("RR11")]
    assert len(tms) == 1 and st.d["cards"][tms[0]]["c"] == 0 and st.d["cards"][tms[0]].get("fd")
    assert not any(st.d["cards"][c]["k"] == card_db.key("RR11") for c in st.d["pl"][0]["deck"])


def _grogar_banished(game, st):
    from gameplay.engine.mlp.scenario import put_in_zone

    return put_in_zone(game, st, to_hand(game, st, "LL145", 0), "ban")


def test_banished_grogar_returns_face_up_at_the_end_of_your_turn(game, card_db):
    """LL145: "At the end of your turn, if this card is banished, you may pay [1] and banish one of your
    Troublemakers to put this card into play face-up." (615.1 the end of the turn; 508.1d both costs together)."""
    from gameplay.engine.mlp.scenario import set_tokens

    st = stacked_game(game)
    _grogar_banished(game, st)
    other = place(game, st, "RR11", 0, "prob1")
    set_tokens(st, 0, 3)
    st = pass_until(game, st, lambda s: s.d["turn"] == 2)
    back = [c for c in st.d["play"] if st.d["cards"][c]["k"] == card_db.key("LL145")]
    assert len(back) == 1 and not st.d["cards"][back[0]].get("fd") and st.d["cards"][back[0]]["c"] == 0
    assert other not in st.d["play"] and not any(st.d["cards"][c]["k"] == card_db.key("LL145")
                                                  for c in st.d["pl"][0]["ban"])


def test_banished_grogar_needs_a_troublemaker_to_banish(game, card_db):
    """LL145: without a Troublemaker of yours to banish the cost can't be paid (508.1d): Grogar stays banished."""
    from gameplay.engine.mlp.scenario import set_tokens

    st = stacked_game(game)
    _grogar_banished(game, st)
    set_tokens(st, 0, 3)
    st = pass_until(game, st, lambda s: s.d["turn"] == 2)
    assert not any(st.d["cards"][c]["k"] == card_db.key("LL145") for c in st.d["play"])


# ------------------------------------------------------------------ LL76 Aurora, Bori & Alice, Givers of the Grove
def test_givers_of_the_grove_names_a_friend_no_player_can_play(game, card_db):
    """LL76: "As this card enters play, name a Friend." (201.1: only Friends' names are offered) / "Friends with that
    name can't be played." (other Friends stay playable)."""
    from gameplay.engine.mlp.scenario import answer, pre_priority, resolve_step, set_tokens

    assert automated(card_db, "LL76")
    st = stacked_game(game)
    st.d["pl"][0]["hand"].clear()  # (one play action per card kind is offered)
    named, other = to_hand(game, st, "PR12", 0), to_hand(game, st, "PR33", 0)
    enter_play(game, st, to_hand(game, st, "LL76", 0), "home0", 0)
    for _ in range(10):
        if st.d["pending"]:
            break
        resolve_step(game, st) if st.d["rq"] else pre_priority(game, st)
    pend = st.d["pending"]
    assert pend["what"] == "card_name"
    name = card_db.number("PR12").name
    assert name in pend["options"] and card_db.number("PR190").name not in pend["options"]  # a Problem's name
    answer(game, st, 0, name)
    resolve_all(game, st)
    set_tokens(st, 0, 9)
    plays = {a.get("card") for a in game.legal_actions(st, 0) if a.kind == "play"}
    assert named not in plays and other in plays


def _grove_leaves(game, card_db, name_number: str) -> tuple[list, list]:
    """LL76 in play having named ``name_number``; Ann's deck holds one PR12 deep down.  The card is put into her
    discard pile from play; returns Ann's hand before and after, as card numbers."""
    from gameplay.engine.mlp.scenario import answer, pre_priority, resolve_step

    deck = ["PR33"] * 20 + ["PR12"] + ["PR33"] * 24
    st = stacked_game(game, decks=(deck, None))
    grove = enter_play(game, st, to_hand(game, st, "LL76", 0), "home0", 0)
    for _ in range(10):
        if st.d["pending"]:
            break
        resolve_step(game, st) if st.d["rq"] else pre_priority(game, st)
    answer(game, st, 0, card_db.number(name_number).name)
    resolve_all(game, st)
    num = lambda: sorted(card_db.cards[st.d["cards"][c]["k"]].number for c in st.d["pl"][0]["hand"])  # noqa: E731
    before = num()
    leave_play(game, st, grove, "disc", verb="dismissed")
    resolve_all(game, st)
    return before, num()


def test_givers_of_the_grove_searches_for_that_name_from_the_discard_pile(game, card_db):
    """LL76: "When this card is put into your discard pile from play, you may search your deck for a Friend with that
    name, reveal it, and put it into your hand" (518.1: the searched card is revealed; "that name" is the one named
    as it entered play, 201.1)."""
    before, after = _grove_leaves(game, card_db, "PR12")
    assert after.count("PR12") == before.count("PR12") + 1 and len(after) == len(before) + 1


def test_givers_of_the_grove_finds_nothing_under_another_name(game, card_db):
    """LL76: the search is for a Friend with *that* name only; naming PR31 (not in Ann's deck) finds nothing."""
    before, after = _grove_leaves(game, card_db, "PR31")
    assert after == before


# ------------------------------------------------------------------ CN80 Sapphire Shores, Costume Changer
def test_costume_changer_retires_an_accessory_to_play_another_for_free(game, card_db):
    """CN80: "Main Phase: Retire an Accessory on this card to play an Accessory on this card for free." (508.1d the
    retired Accessory is the cost; 609.2a the other is played on this card, 509, without paying its cost)."""
    from gameplay.engine.api import Action
    from gameplay.engine.mlp.scenario import set_tokens

    assert automated(card_db, "CN80")
    st = stacked_game(game)
    sapphire = place(game, st, "CN80", 0, "home0")
    assert _activations(game, st, sapphire) == []  # no Accessory on it: the cost can't be paid
    old = enter_play(game, st, to_hand(game, st, "PR139", 0), "home0", 0, host=sapphire)
    resolve_all(game, st)
    new = to_hand(game, st, "PR141", 0)  # cost 1, needs 2 [Generosity]: Sapphire's own (205.1)
    set_tokens(st, 0, 0)
    st, _ = game.apply(st, _activations(game, st, sapphire)[0])
    for _ in range(5):
        pend = st.d["pending"]
        if not pend or pend.get("op") == "play":
            break
        st, _ = game.apply(st, Action.make("choose", pend["player"], option=pend["options"][0]))
    assert not game.r.in_play(st.d, old)  # retired as the cost
    assert st.d["pending"]["options"] == [new, "none"]
    st, _ = game.apply(st, Action.make("choose", 0, option=new))
    played = [c for c in st.d["play"] if st.d["cards"][c]["k"] == card_db.key("PR141")]
    assert played and st.d["cards"][played[0]]["h"] == sapphire and st.d["pl"][0]["tok"] == 0
