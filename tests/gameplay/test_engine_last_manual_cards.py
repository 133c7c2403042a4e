"""Issue #19 "Also": classes of card text that were manual, each played in a scenario (the card
texts are data: cardtext/static_power_and_attachments.py and the other tables named per test)."""
from __future__ import annotations

from gameplay.engine.mlp.cardtext import parse_line
from gameplay.engine.mlp.scenario import automated, place, stacked_game


def pw(game, st, cid):
    return game.r.power(st.d, cid)


# ------------------------------------------------------------------ power doubled (507)
def test_doubled_power_templates_compile():
    ab = parse_line("While an opponent has more Friends than you, this card's power is doubled.", "Friend", {})
    assert (ab["op"], ab["cond"]) == ("power_double", {"k": "friends_cmp", "who": "opp"})
    assert parse_line("Double that Friend's power.", "Resource", {})["target"] == "host"
    # an unknown condition is not read as "always doubled"
    assert parse_line("While the moon is full, this card's power is doubled.", "Friend", {})["kind"] == "manual"


def test_power_doubled_while_an_opponent_has_more_friends(game, card_db):
    """SB80 Applejack & Rarity, Odd Couple (2 power): "While an opponent has more Friends than you, this
    card's power is doubled" (a continuous ability, 702; doubled after its other changes, 507)."""
    assert automated(card_db, "SB80")
    st = stacked_game(game)
    odd = place(game, st, "SB80", 0, "home0")
    place(game, st, "PR12", 1, "home1")
    assert pw(game, st, odd) == 2  # one Friend each: not more
    place(game, st, "PR12", 1, "home1")
    assert pw(game, st, odd) == 4
    st.d["cards"][odd]["cn"] = {"+1": 1}  # a +1 power counter (519.4) is doubled too
    assert pw(game, st, odd) == 6


def test_power_doubled_for_each_troublemaker_here(game, card_db):
    """SB50 Capper Dapperpaws (2 power): "This card's power is doubled for each Troublemaker here"."""
    assert automated(card_db, "SB50")
    st = stacked_game(game)
    cap = place(game, st, "SB50", 0, "prob1")
    assert pw(game, st, cap) == 2
    place(game, st, "RR11", 1, "prob1", face_down=True)
    assert pw(game, st, cap) == 2  # 505.2: a face-down Troublemaker can't be referenced
    place(game, st, "RR11", 1, "prob1")
    assert pw(game, st, cap) == 4
    place(game, st, "RR11", 0, "prob1")
    assert pw(game, st, cap) == 8
    place(game, st, "RR11", 1, "prob0")  # at another Problem: not here
    assert pw(game, st, cap) == 8


def test_power_doubled_for_each_other_pukwudgie(game, card_db):
    """FF120 Pukwudgie, Strength in Numbers (4 power): "Double this card's power for each other
    Pukwudgie in play" (Pukwudgie is the title, 201.3a: LL56 Pukwudgie, Prickly Pest is one)."""
    assert automated(card_db, "FF120")
    st = stacked_game(game)
    puk = place(game, st, "FF120", 1, "prob0")
    assert pw(game, st, puk) == 4
    place(game, st, "LL56", 0, "home0")  # an opponent's Pukwudgie counts ("in play")
    assert pw(game, st, puk) == 8
    place(game, st, "PR12", 0, "home0")
    assert pw(game, st, puk) == 8


def test_double_that_friends_power(game, card_db):
    """LL104 Clouded By Anger (on a Friend): "Double that Friend's power" (and it loses its abilities)."""
    assert automated(card_db, "LL104")
    st = stacked_game(game)
    f = place(game, st, "PR12", 1, "home1")
    other = place(game, st, "PR12", 1, "home1")
    place(game, st, "LL104", 0, "home1", host=f)
    assert (pw(game, st, f), pw(game, st, other)) == (4, 2)


# ------------------------------------------------------------------ a look at a Problem deck, back in any order
def test_look_at_two_problem_cards_and_put_them_back_on_top_or_bottom_in_any_order(game, card_db):
    """FF28 Silverstream: "When this card enters play, you may look at the top two cards of a Problem deck and
    put them back on the top or bottom of that deck in any order" (a private look, 404.2; the player chooses
    whose deck, 705.2f): every split of the two cards between top and bottom, each part in any order."""

    from gameplay.engine.api import Action
    from gameplay.engine.mlp.scenario import every_ending, set_tokens, to_hand

    assert automated(card_db, "FF28")
    st = stacked_game(game)
    place(game, st, "FF28", 0, "home0")  # a [Laughter] Friend for its play requirement (placed: no trigger)
    ss = to_hand(game, st, "FF28", 0)
    set_tokens(st, 0, 5)
    st, _ = game.apply(st, Action.make("play", 0, card=ss, area="home0"))
    assert st.d["pending"]["kind"] == "may"
    st, _ = game.apply(st, Action.make("choose", 0, option=True))
    assert st.d["pending"]["kind"] == "choice" and st.d["pending"]["options"] == [0, 1]  # whose Problem deck
    st, _ = game.apply(st, Action.make("choose", 0, option=1))
    pdeck = list(st.d["pl"][1]["pdeck"])
    ends = every_ending(game, st, lambda d: d["pl"][1]["pdeck"])
    a, b = pdeck[:2]
    rest = tuple(pdeck[2:])
    assert ends == {(a, b) + rest, (b, a) + rest, (a,) + rest + (b,), (b,) + rest + (a,), rest + (a, b), rest + (b, a)}


# ------------------------------------------------------------------ optional replacements (710)
def test_spike_turns_over_instead_of_a_friend_or_resource_being_dismissed(game, card_db):
    """CG192 Spike, The Brave and Glorious (boosted): "If one of your Friends or Resources would be dismissed,
    you may turn this card over instead. If you do, that card is not dismissed" (710, 712.3: its controller
    decides as the dismissal would happen)."""
    from gameplay.engine.api import Action
    from gameplay.engine.mlp.engine import Ev

    assert automated(card_db, "CG192")
    for answer in (True, False):
        st = stacked_game(game, manes=("CG192", "PR2"))
        spike = st.d["pl"][0]["mane"]
        st.d["cards"][spike]["b"] = True
        f = place(game, st, "PR12", 0, "home0")
        game.r.leave_play(st.d, Ev(), f, "disc", verb="dismissed")
        ev = Ev()
        while st.d["rq"] and not st.d["pending"]:
            game.r.resolve_step(st.d, ev)
        assert st.d["pending"]["kind"] == "may" and st.d["pending"]["player"] == 0
        game.r.decide(st.d, ev, Action.make("choose", 0, option=answer))
        while st.d["rq"] and not st.d["pending"]:
            game.r.resolve_step(st.d, ev)
        if answer:
            assert game.r.in_play(st.d, f) and not st.d["cards"][spike].get("b")  # turned to its Start side
        else:
            assert not game.r.in_play(st.d, f) and st.d["cards"][spike].get("b")
    st = stacked_game(game, manes=("CG192", "PR2"))  # an opponent's Friend: not replaced
    st.d["cards"][st.d["pl"][0]["mane"]]["b"] = True
    opp = place(game, st, "PR12", 1, "home1")
    game.r.leave_play(st.d, Ev(), opp, "disc", verb="dismissed")
    assert not st.d["rq"] and not game.r.in_play(st.d, opp)


# ------------------------------------------------------------------ "loses and can't have abilities" for a while (708)
def _activate(game, st, p, cid):
    from gameplay.engine.api import Action
    a = next(a for a in game.legal_actions(st, p) if a.kind == "activate" and a.get("card") == cid)
    st, _ = game.apply(st, a)
    return st


def _choose(game, st, option):
    from gameplay.engine.api import Action
    st, _ = game.apply(st, Action.make("choose", st.d["pending"]["player"], option=option))
    return st


def test_a_chosen_character_loses_its_abilities_until_the_end_of_the_turn(game, card_db):
    """DE21 Limestone Pie: "Immediate: Exhaust this card to choose an opposing Friend or boosted Mane Character.
    That character loses and can't have abilities until the end of the turn" — AD73 (+1 power for each of
    its controller's action tokens) loses that ability, and has it again once the turn ends."""
    from gameplay.engine.mlp.scenario import set_tokens

    assert automated(card_db, "DE21")
    st = stacked_game(game)
    lime = place(game, st, "DE21", 0, "home0")
    rollo = place(game, st, "AD73", 1, "home1")
    other = place(game, st, "PR12", 1, "home1")
    set_tokens(st, 1, 3)
    assert pw(game, st, rollo) == 1 + 3
    st = _activate(game, st, 0, lime)
    pend = st.d["pending"]
    assert pend["kind"] == "target" and {rollo, other} <= set(pend["options"])
    assert st.d["pl"][1]["mane"] not in pend["options"]  # a Mane Character only while boosted
    st = _choose(game, st, rollo)
    assert st.d["cards"][lime]["ex"] and pw(game, st, rollo) == 1
    assert game.r.lost(st.d, rollo) and not game.r.lost(st.d, lime)
    game.r.expire(st.d, "turn")  # 616.4: "until the end of the turn" modifiers end
    assert pw(game, st, rollo) == 1 + 3 and not st.d.get("labm") and not st.d.get("labt")
    st = stacked_game(game)  # a boosted Mane Character can be chosen
    lime = place(game, st, "DE21", 0, "home0")
    place(game, st, "PR12", 1, "home1")
    st.d["cards"][st.d["pl"][1]["mane"]]["b"] = True
    st = _activate(game, st, 0, lime)
    assert st.d["pl"][1]["mane"] in st.d["pending"]["options"]


def test_harmony_earth_pony_entering_play_makes_an_opposing_friend_lose_its_abilities(game, card_db):
    """FF12 Apple Bloom (Harmony Earth Pony): "When this or another one of your Earth Pony Friends enters play,
    an opposing Friend loses and can't have abilities until the end of the turn"."""
    from gameplay.engine.api import Action
    from gameplay.engine.mlp.scenario import set_tokens, to_hand

    assert automated(card_db, "FF12")
    st = stacked_game(game)
    place(game, st, "DE21", 0, "home0")  # [Honesty] for the play requirements
    rollo = place(game, st, "AD73", 1, "home1")
    set_tokens(st, 1, 2)
    bloom = to_hand(game, st, "FF12", 0)
    set_tokens(st, 0, 5)
    st, _ = game.apply(st, Action.make("play", 0, card=bloom, area="home0"))
    if st.d["pending"] and st.d["pending"]["kind"] == "target":
        st = _choose(game, st, rollo)
    assert pw(game, st, rollo) == 1 and game.r.lost(st.d, rollo)


def test_while_this_card_remains_exhausted_that_friend_loses_its_abilities(game, card_db):
    """CGpf14 Maud Pie: "Main Phase: Exhaust this card to choose an opponent's Friend. While this card remains
    exhausted, that Friend loses and can't have abilities" — readying it ends the modifier for good."""
    from gameplay.engine.mlp.engine import Ev
    from gameplay.engine.mlp.scenario import answer, set_tokens

    st = stacked_game(game)
    maud = place(game, st, "CGpf14", 0, "home0")
    rollo = place(game, st, "AD73", 1, "home1")
    place(game, st, "PR12", 1, "home1")
    set_tokens(st, 1, 2)
    st = _activate(game, st, 0, maud)
    st = _choose(game, st, rollo)
    assert pw(game, st, rollo) == 1
    game.r.ready(st.d, Ev(), maud)
    game.r.resolve_step(st.d, Ev())  # her own "If this card would ready, you may pay 1AT ..." (710) is asked first
    assert st.d["pending"]["kind"] == "may" and st.d["pending"]["player"] == 0
    answer(game, st, 0, False)  # declined: she readies (710.3)
    while st.d["rq"] and not st.d["pending"]:
        game.r.resolve_step(st.d, Ev())
    assert pw(game, st, rollo) == 3
    game.r.exhaust(st.d, Ev(), maud)
    assert pw(game, st, rollo) == 3  # exhausted again: the modifier does not come back


def test_as_an_opposing_friend_enters_play_it_loses_its_abilities(game, card_db):
    """SB110 Desert Road: "As an opposing Friend enters play, it loses and can't have abilities until the end of
    the turn" (706.1b: applied as it enters, so PR37's "When this card enters play, draw a card" never
    triggers); its controller's own Friends keep theirs."""
    from gameplay.engine.api import Action
    from gameplay.engine.mlp.engine import Ev
    from gameplay.engine.mlp.scenario import resolve_all, set_tokens, to_hand

    assert automated(card_db, "SB110")
    st = stacked_game(game)
    place(game, st, "SB110", 1, "home1")
    berry = to_hand(game, st, "PR37", 0)
    set_tokens(st, 0, 5)
    hand = len(st.d["pl"][0]["hand"])
    st, _ = game.apply(st, Action.make("play", 0, card=berry, area="home0"))
    resolve_all(game, st)
    nid = next(o for o in st.d["play"] if st.d["cards"][o]["k"] == card_db.key("PR37"))
    assert len(st.d["pl"][0]["hand"]) == hand - 1  # played, and no card drawn
    assert game.r.lost(st.d, nid)
    game.r.expire(st.d, "turn")  # 616.4
    assert not game.r.lost(st.d, nid)
    own = to_hand(game, st, "PR37", 1)  # Desert Road's controller's own Friend keeps its abilities
    hand = len(st.d["pl"][1]["hand"])
    own = game.r.enter_play(st.d, Ev(), own, "home1", 1)
    resolve_all(game, st)
    assert not game.r.lost(st.d, own) and len(st.d["pl"][1]["hand"]) == hand - 1 + 1


# ------------------------------------------------------------------ attachments (509)
def test_chic_beret_gives_power_and_a_color_and_reattaches_to_another_friend(game, card_db):
    """CN135 Chic Beret: "That Friend has +1 power and is also [Generosity]." / "Main Phase: Pay [1] to reattach
    this card to another Friend." (509.5: its controller picks another Friend that fits "Play on a Friend")."""
    from gameplay.engine.mlp.scenario import set_tokens

    assert automated(card_db, "CN135")
    st = stacked_game(game)
    f = place(game, st, "PR12", 0, "home0")
    g = place(game, st, "PR12", 0, "home0")
    opp = place(game, st, "PR12", 1, "home1")
    beret = place(game, st, "CN135", 0, "home0", host=f)
    assert pw(game, st, f) == 3 and "Generosity" in game.r.colors(st.d, f) and "Generosity" not in game.r.colors(st.d, g)
    set_tokens(st, 0, 2)
    st = _activate(game, st, 0, beret)
    assert st.d["pending"]["kind"] == "target" and set(st.d["pending"]["options"]) == {g, opp}
    st = _choose(game, st, opp)
    assert st.d["cards"][beret]["h"] == opp and st.d["pl"][0]["tok"] == 1
    assert pw(game, st, f) == 2 and pw(game, st, opp) == 3 and "Generosity" in game.r.colors(st.d, opp)


def test_combat_hat_taxes_moves_to_its_friends_problem_and_reattaches_to_your_friends(game, card_db):
    """CN137 Combat Hat: "Your opponent must pay +[1] to move a character to that Friend's Problem." / "Main Phase:
    Pay [1] to reattach this card to another one of your Friends." """
    from gameplay.engine.mlp.scenario import set_tokens

    assert automated(card_db, "CN137")
    st = stacked_game(game)
    f = place(game, st, "PR12", 0, "prob0")
    g = place(game, st, "PR12", 0, "prob1")
    place(game, st, "PR12", 1, "home1")
    mover = place(game, st, "PR33", 1, "home1")
    hat = place(game, st, "CN137", 0, "prob0", host=f)
    base0, base1 = game.r.move_cost(st.d, 1, mover, "prob0"), game.r.move_cost(st.d, 1, mover, "prob1")
    st.d["cards"][hat]["h"] = g  # (the same card on the other Friend: the tax follows its host)
    st.d["cards"][hat]["a"] = "prob1"
    st._la = None
    assert (game.r.move_cost(st.d, 1, mover, "prob0"), game.r.move_cost(st.d, 1, mover, "prob1")) == (base0 - 1, base1 + 1)
    set_tokens(st, 0, 1)
    st = _activate(game, st, 0, hat)  # one other Friend of yours: no choice to make
    assert st.d["cards"][hat]["h"] == f and st.d["cards"][hat]["a"] == "prob0"


def test_sapphire_shores_counts_your_accessories_and_doubles_a_friend_with_one(game, card_db):
    """AD62 Sapphire Shores, Glitz and Glam: "This card has +2 power for each of your Accessories." and "Chaos: When
    this card is flipped, choose a Friend with an Accessory on it. Double that Friend's power until the end of the
    faceoff" (515: the flipped card's trigger; its effects resolved here as the trigger would)."""
    from gameplay.engine.mlp.engine import Ev

    assert automated(card_db, "AD62")
    assert "Accessory" in card_db.cards[card_db.key("CN135")].front.traits
    st = stacked_game(game)
    sap = place(game, st, "AD62", 0, "home0")
    f = place(game, st, "PR12", 0, "home0")
    plain = place(game, st, "PR12", 0, "home0")
    assert pw(game, st, sap) == 2
    place(game, st, "CN135", 0, "home0", host=f)
    place(game, st, "CN135", 1, "home0", host=plain)  # an opponent's Accessory is not "your" Accessory
    assert pw(game, st, sap) == 2 + 2
    chaos = next(ab for ab in card_db.cards[card_db.key("AD62")].abilities["front"] if ab.get("on") == "flipped")
    st.d["rq"].append({"p": 0, "src": st.d["pl"][0]["mane"], "eff": list(chaos["effects"]), "i": 0, "ch": None,
                       "lbl": "Chaos", "after": None})
    ev = Ev()
    while st.d["rq"] and not st.d["pending"]:
        game.r.resolve_step(st.d, ev)
    assert st.d["pending"]["kind"] == "target" and set(st.d["pending"]["options"]) == {f, plain}  # with an Accessory
    from gameplay.engine.api import Action
    game.r.decide(st.d, ev, Action.make("choose", 0, option=f))
    while st.d["rq"] and not st.d["pending"]:
        game.r.resolve_step(st.d, ev)
    assert pw(game, st, f) == 3 * 2  # 2 + 1 (Chic Beret), doubled
    game.r.expire(st.d, "faceoff")
    assert pw(game, st, f) == 3


# ------------------------------------------------------------------ a Trait's irregular plural (Seapony / Seaponies)
def test_queen_novo_gives_your_seaponies_showy_and_a_played_seapony_lowers_her_problems_requirement(game, card_db):
    """SB53 Queen Novo, Under the Sea: "Your Seaponies have Showy 1." (Showy X, glossary: opponents pay +[X] to
    move characters to its Problem) and "When you play a Seapony, you need -2 power to confront this card's
    Problem until the end of the turn" (611.3; only Friends are played of the characters, 609.2a)."""
    from gameplay.engine.api import Action
    from gameplay.engine.mlp.scenario import resolve_all, set_tokens, to_hand

    assert automated(card_db, "SB53")
    st = stacked_game(game)
    novo = place(game, st, "SB53", 0, "home0")
    pony = place(game, st, "SB26", 0, "prob0")  # a Seapony Friend of hers
    plain = place(game, st, "PR12", 0, "prob1")
    mover = place(game, st, "PR33", 1, "home1")
    assert game.r.kw(st.d, pony, "Showy") == 1 and game.r.kw(st.d, novo, "Showy") == 1 and not game.r.kw(st.d, plain, "Showy")
    assert game.r.move_cost(st.d, 1, mover, "prob0") == game.r.move_cost(st.d, 1, mover, "prob1") + 1
    from gameplay.engine.mlp.engine import Ev
    game.r.move_card(st.d, Ev(), novo, "prob1")
    st._la = None
    before = game.r.requirements(st.d, 0, "prob1")
    seapony = to_hand(game, st, "SB26", 0)
    to_hand_plain = to_hand(game, st, "PR12", 0)
    set_tokens(st, 0, 10)
    st, _ = game.apply(st, Action.make("play", 0, card=to_hand_plain, area="home0"))  # not a Seapony
    resolve_all(game, st)
    assert game.r.requirements(st.d, 0, "prob1") == before
    st, _ = game.apply(st, Action.make("play", 0, card=seapony, area="home0"))
    resolve_all(game, st)
    assert game.r.requirements(st.d, 0, "prob1") == before + [("Less", 2)]  # 2 power less, at her Problem only
    assert ("Less", 2) not in game.r.requirements(st.d, 0, "prob0")


# ------------------------------------------------------------------ "a challenger" of a Troublemaker (608)
def _challenge_suri(game, decks, challengers):
    from gameplay.engine.api import Action
    from gameplay.engine.mlp.scenario import pass_until

    hand = ["PR12", "PR33", "PR60", "PR81", "PR54", "PR86"]
    st = stacked_game(game, decks=(hand + list(decks[0]), hand + list(decks[1])))
    for number in challengers:
        place(game, st, number, 0, "prob1")
    suri = place(game, st, "AD165", 1, "prob1")  # 4 power, face up
    st, _ = game.apply(st, Action("pass", 0))
    st = pass_until(game, st, lambda s: s.d["tp"] == 0 and s.d["pending"] and s.d["pending"]["kind"] == "challenge")
    before = len(st.d["pl"][0]["hand"])
    st, events = game.apply(st, Action.make("choose", 0, option=suri))
    assert any("faceoff" in e.get("msg", "").lower() for e in events)
    st = pass_until(game, st, lambda s: s.d["fo"] is None and not s.d["rq"] and not s.d["pending"])
    return st, suri, before


def test_suri_polomare_the_challenger_draws_on_defeating_it_and_discards_on_losing(game, card_db):
    """AD165 Suri Polomare (a Troublemaker): "When a challenger defeats this card, they draw a card." and "When a
    challenger loses a faceoff involving this card, they discard a random card." (608: the challenger is the
    player who challenged it; 514.5)."""
    assert automated(card_db, "AD165")
    # Ann 4 + flip 4 vs Suri 4 + flip 1: Ann defeats it and draws
    st, suri, before = _challenge_suri(game, (["PR60", "PR31"], ["PR36", "PR20"]), ["PR31"])
    assert suri not in st.d["play"] and len(st.d["pl"][0]["hand"]) == before + 1
    # Ann 3 + flip 2 vs Suri 4 + flip 5: Ann loses and discards a random card
    st, suri, before = _challenge_suri(game, (["PR60", "PR12"], ["PR36", "CN119"]), ["PR33", "PR20"])
    assert suri in st.d["play"] and len(st.d["pl"][0]["hand"]) == before - 1
    # defeated by an effect, not by a challenger: no draw
    from gameplay.engine.mlp.engine import Ev
    from gameplay.engine.mlp.scenario import resolve_all
    st = stacked_game(game)
    suri = place(game, st, "AD165", 1, "prob1")
    hand = len(st.d["pl"][0]["hand"])
    game.r.play_effects(st.d, Ev(True), 0, None, [{"op": "defeat", "target": {"id": suri}}])
    resolve_all(game, st)
    assert suri not in st.d["play"] and len(st.d["pl"][0]["hand"]) == hand


# ------------------------------------------------------------------ power equal to double an opposing power (507)
def test_power_equal_to_double_the_highest_opposing_power_here(game, card_db):
    """AD156 Babs Seed, Bigger Bully (a Troublemaker, printed power 0): "This card's power is equal to double the
    power of an opposing character here with the highest power" (507: the value replaces the printed power; with
    no opposing character here there is none to double, 105.2: 0)."""
    assert automated(card_db, "AD156")
    st = stacked_game(game)
    babs = place(game, st, "AD156", 1, "prob0")  # Bob's Troublemaker at Ann's Problem
    assert pw(game, st, babs) == 0
    place(game, st, "PR40", 0, "prob0")  # 1 power
    big = place(game, st, "PR31", 0, "prob0")  # 4 power
    place(game, st, "PR31", 1, "prob0")  # Bob's own character is not opposing
    place(game, st, "PR31", 0, "prob1")  # nor is one at another Problem
    assert pw(game, st, babs) == 8
    st.d["cards"][big]["fr"] = True  # a frightened card has no power (504): the 1-power Friend is the highest
    assert pw(game, st, babs) == 2
    st.d["cards"][babs]["cn"] = {"+1": 1}  # counters still apply on top (519.4)
    assert pw(game, st, babs) == 3


# ------------------------------------------------------------------ one card of each type per turn (609.2)
def test_opponents_play_one_card_of_each_type_per_turn(game, card_db):
    """CG4 Bubbly Mare, Helping Hoof, boosted: "Opponents can't play more than one card of each type per turn" --
    after Bob plays a Friend (609.2a) he is offered no other Friend, but still a Resource; while she is not
    boosted (her front has no such ability) he may play a second Friend."""
    from gameplay.engine.mlp.scenario import set_tokens, to_hand

    assert automated(card_db, "CG4")
    for boosted in (True, False):
        st = stacked_game(game, manes=("CG4", "PR2"), first=1)  # Bob's first Main Phase
        st.d["cards"][st.d["pl"][0]["mane"]]["b"] = boosted
        for n in ("PR12", "PR33", "AD126"):  # two vanilla Friends, a Resource played to his home (no requirement)
            to_hand(game, st, n, 1)
        set_tokens(st, 1, 9)
        st._la = None

        def plays(kind_of):
            return [a for a in game.legal_actions(st, 1) if a.kind == "play"
                    and card_db.cards[st.d["cards"][a.get("card")]["k"]].front.type == kind_of]

        assert plays("Friend") and plays("Resource")
        st, _ = game.apply(st, plays("Friend")[0])
        assert bool(plays("Friend")) is not boosted
        assert plays("Resource")


# ------------------------------------------------------------------ the player with the fewest points scores (517)
def test_the_player_with_the_fewest_points_scores_a_point(game, card_db):
    """CG67 Matilda, Full of Hope: "When this card enters play, the player with the fewest points scores a point"
    (706.1; 517.2) -- the opponent when behind, her controller when behind, nobody while the points are equal."""
    from gameplay.engine.mlp.engine import Ev
    from tests.gameplay.effect_scenarios import settle

    assert automated(card_db, "CG67")
    for scores, after in (((3, 1), (3, 2)), ((1, 3), (2, 3)), ((2, 2), (2, 2))):
        st = stacked_game(game)
        for p in (0, 1):
            st.d["pl"][p]["score"] = scores[p]
        cid = game._new(st.d, card_db.key("CG67"), 0, "hand")
        st.d["pl"][0]["hand"].append(cid)
        ev = Ev()
        game.r.enter_play(st.d, ev, cid, "home0", 0, trigger=True)
        settle(game, st, ev)
        assert (st.d["pl"][0]["score"], st.d["pl"][1]["score"]) == after


# ------------------------------------------------------------------ an attachment lowering its host's confront need (611.2)
def test_chapeau_lowers_the_need_at_an_opponents_problem_with_3_generosity(game, card_db):
    """PR141 Marvelous Chapeau (on a Friend): "While this Friend is at an opponent's Problem, if you have at least 3
    [Generosity] in play, you need -1 power to confront that Problem" (611.2; 507.3 the power of a color; 501.1 a
    player's Problem: Bob's is prob1)."""
    assert automated(card_db, "PR141")
    st = stacked_game(game)
    host = place(game, st, "PR12", 0, "prob1")  # a Loyalty Friend at Bob's Problem
    place(game, st, "PR141", 0, "prob1", host=host)
    gen = place(game, st, "PR71", 0, "home0")  # 2 [Generosity]

    def less(area):
        return ("Less", 1) in (game.r.requirements(st.d, 0, area) or [])

    assert not less("prob1")  # 2 Generosity power: not enough
    place(game, st, "AD55", 0, "home0")  # 4
    assert less("prob1")
    assert not game.r.requirements(st.d, 1, "prob1") or ("Less", 1) not in game.r.requirements(st.d, 1, "prob1")  # "you"
    st.d["cards"][gen]["fr"] = True  # a frightened Friend has no power (504): 2 again
    assert not less("prob1")
    st.d["cards"][gen]["fr"] = False
    for cid in (host, *[o for o in st.d["play"] if st.d["cards"][o].get("h") == host]):
        st.d["cards"][cid]["a"] = "prob0"  # her own Problem: not an opponent's
    assert not less("prob0")


def test_alicorn_costume_while_its_friend_has_the_most_resources(game, card_db):
    """AD121 Alicorn Costume (on a Friend): "While that Friend has more Resources on it than any other Friend, that
    Friend has +1 power and is [Generosity], [Magic], [Kindness], [Honesty], [Loyalty], and [Laughter]" (509; 702;
    equal counts are not "more")."""
    assert automated(card_db, "AD121")
    st = stacked_game(game)
    host = place(game, st, "PR12", 0, "home0")  # 2 power, Loyalty
    place(game, st, "AD121", 0, "home0", host=host)
    other = place(game, st, "PR33", 1, "home1")
    all_six = {"Generosity", "Magic", "Kindness", "Honesty", "Loyalty", "Laughter"}
    assert pw(game, st, host) == 3 and set(game.r.colors(st.d, host)) == all_six
    place(game, st, "EO164", 1, "home1", host=other)  # one Resource each: not more
    assert pw(game, st, host) == 2 and set(game.r.colors(st.d, host)) == {"Loyalty"}
    place(game, st, "EO164", 0, "home0", host=host)  # two on it (this card and one more)
    assert pw(game, st, host) == 2 + 2 + 1 and set(game.r.colors(st.d, host)) == all_six
