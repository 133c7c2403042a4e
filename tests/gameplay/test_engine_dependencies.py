"""711.3-711.5 modifier interactions: continuous modifiers apply in timestamp order (711.3, 711.3a)
unless one depends on another (711.3b: the presence of the second changes the result of the first);
a dependent modifier applies right after the latest modifier it depends on (711.4), interdependent
ones start with the earliest (711.5).  The scenarios use real cards; except the two 711.5 ones (where
the earliest modifier applies first, as in timestamp order) each asserts a result that plain
timestamp order (the order the cards entered play and the effects resolved) would get wrong."""
from __future__ import annotations

from gameplay.engine.api import Action
from gameplay.engine.mlp.engine import Ev
from gameplay.engine.mlp.scenario import (answer, frighten, move_card, place, play_effects, resolve_all, resolve_step,
                                          stacked_game)


def pw(game, st, cid):
    return game.power(st, cid)


def _run(game, st, p, src, effects, pick=None):
    """Resolve an Event's effects; a target decision offering ``pick`` is answered with it."""
    ev = Ev()
    play_effects(game, st, p, src, effects, ev=ev)
    while st.resolving or st.pending:
        pend = st.pending
        if pend and pick in pend["options"]:
            answer(game, st, pend["player"], pick, ev=ev)
            continue
        if pend:
            break
        resolve_step(game, st, ev=ev)
    return resolve_all(game, st)


def _event(game, st, card_db, number, p):
    """An Event card in ``p``'s hand (the source of its effects) and its effects."""
    cid = game._new(st.d, card_db.key(number), p, "hand")
    st.d["pl"][p]["hand"].append(cid)
    ab = next(a for a in card_db[card_db.key(number)].abilities["front"] if a["kind"] == "event")
    return cid, ab["effects"]


def _fo(st, area):
    st.d["fo"] = {"type": "problem", "areas": [area], "tm": None, "chal": 0}
    st._la = None


# ------------------------------------------------------------ losing abilities (711.4 / 711.5)
def test_lose_abilities_source_that_later_loses_its_own_abilities(game, card_db):
    # AD129 Clipped Wings: "That Friend loses and can't have abilities."  EO167 Trashed: "That Resource loses and
    # can't have abilities."  Trashed, played later on Clipped Wings, removes Clipped Wings' ability: Clipped
    # Wings' modifier depends on Trashed's (711.3b), so it applies after it (711.4) and then does not exist.
    # In plain timestamp order Clipped Wings would apply first and the Friend would stay without abilities.
    st = stacked_game(game)
    f = place(game, st, "AD196", 0, "home0")  # Iron Will (Stubborn)
    assert game.keyword(st, f, "Stubborn") == 1
    wings = place(game, st, "AD129", 1, "home0", host=f)
    assert game.keyword(st, f, "Stubborn") == 0 and game.abilities(st, f) == ()
    place(game, st, "EO167", 0, "home0", host=wings)
    assert game.lost_abilities(st, wings)
    assert not game.lost_abilities(st, f)
    assert game.keyword(st, f, "Stubborn") == 1 and game.abilities(st, f) != ()


def test_earlier_static_whose_source_loses_abilities_to_a_later_one(game, card_db):
    # AD196 Iron Will, Attack the Day (entered first): "Opposing Friends here lose and can't have abilities."
    # Clipped Wings, played later on Iron Will, removes that ability: the earlier modifier depends on the later
    # one (711.4), so the opposing Friend here has its abilities again.
    st = stacked_game(game)
    iron = place(game, st, "AD196", 1, "prob0")
    opp = place(game, st, "CG17", 0, "prob0")  # Soarin: Teamwork, Supportive 1
    assert game.keyword(st, opp, "Supportive") == 0
    place(game, st, "AD129", 0, "prob0", host=iron)
    assert game.lost_abilities(st, iron) and not game.lost_abilities(st, opp)
    assert game.keyword(st, opp, "Supportive") == 1


def test_interdependent_lose_abilities_earliest_applies(game, card_db):
    # 711.5: two opposing Iron Wills at one Problem remove each other's abilities (interdependent): the earlier
    # one applies in timestamp order, the later one loses its abilities and so does nothing.  An Applejack &
    # Apple Bloom (LL72, "Troublemakers here lose and can't have abilities") of the later Iron Will's player
    # there is an opposing Friend of the first Iron Will: it loses its abilities too.
    st = stacked_game(game)
    first = place(game, st, "AD196", 1, "prob0")
    second = place(game, st, "AD196", 0, "prob0")
    ll72 = place(game, st, "LL72", 0, "prob0")
    assert not game.lost_abilities(st, first)
    assert game.lost_abilities(st, second) and game.lost_abilities(st, ll72)
    mine = place(game, st, "CG17", 1, "prob0")  # the first Iron Will's controller's Friend: not affected
    assert game.keyword(st, mine, "Supportive") == 1


# ------------------------------------------------------------ Teamwork (711.3b)
def test_teamwork_shares_by_a_granted_trait_and_stops_when_lost(game, card_db):
    # CG81 Flamingo, Hot Pink: Teamwork, Supportive 1, a Critter.  AD124 Bee Suit: "That Friend is a Critter."
    # Teamwork ("Your other Friends here that share a Trait with this card also have its other printed
    # abilities") depends on the trait grant (711.3b): a [Kindness] non-Critter Friend wearing Bee Suit has
    # Supportive 1 with the [Kindness] Mane.  Clipped Wings on Flamingo removes Teamwork itself first (711.4).
    st = stacked_game(game, manes=("PR6", "PR2"))  # Fluttershy, Beastmaster ([Kindness]) at home
    flamingo = place(game, st, "CG81", 0, "home0")
    mouse = place(game, st, "PR86", 0, "home0")  # House Mouse: a [Kindness] Critter (a Critter already)
    k = place(game, st, "AD67", 0, "home0")  # Coco Pommel, Caring Assistant: a vanilla [Kindness] Earth Pony
    base = 2
    assert game.keyword(st, mouse, "Supportive") == 1 and game.keyword(st, k, "Supportive") == 0
    assert pw(game, st, k) == base
    place(game, st, "AD124", 0, "home0", host=k)
    assert "Critter" in game.traits(st, k)
    assert game.keyword(st, k, "Supportive") == 1 and pw(game, st, k) == base + 1
    place(game, st, "AD129", 1, "home0", host=flamingo)
    assert game.keyword(st, k, "Supportive") == 0 and game.keyword(st, mouse, "Supportive") == 0
    assert pw(game, st, k) == base


# ------------------------------------------------------------ Prismatic (711.3b, 711.5)
def test_prismatic_reads_granted_crystal_and_its_chain(game, card_db):
    # CG21 Applejack, Crystallized: Prismatic ("also has the colors of all your other [Crystal] characters"),
    # "This card has +2 power for each color it has."  CG126 Ceremonial Headdress: "That Friend has +2 power
    # and is Crystal."  Prismatic depends on the trait grant, the power count on Prismatic (711.3b), and
    # the trait grant on EO167 Trashed ("That Resource loses and can't have abilities").
    st = stacked_game(game)  # Manes: Rainbow Dash (Pegasus), Applejack (Earth Pony): not Crystal
    aj = place(game, st, "CG21", 0, "home0")
    assert game.colors(st, aj) == ("Honesty",) and pw(game, st, aj) == 1 + 2
    blue = place(game, st, "PR60", 0, "home0")  # Blue Moon: [Magic] Unicorn
    hd = place(game, st, "CG126", 0, "home0", host=blue)  # entered play after Applejack's Prismatic
    assert "Crystal" in game.traits(st, blue)
    assert set(game.colors(st, aj)) == {"Honesty", "Magic"} and pw(game, st, aj) == 1 + 2 * 2
    place(game, st, "EO167", 1, "home0", host=hd)
    assert "Crystal" not in game.traits(st, blue)
    assert game.colors(st, aj) == ("Honesty",) and pw(game, st, aj) == 1 + 2


def test_prismatic_reads_modified_colors_of_crystal_characters(game, card_db):
    # A color added to a Crystal character later (PR120 Swing Into Action: "+2 [Loyalty] power") and a Crystal
    # character that can't have colors (AD166 Twilight Sparkle, Drained: "Opposing characters at this card's
    # Problem lose and can't have colors") change what Prismatic copies (711.3b).
    st = stacked_game(game)
    aj = place(game, st, "CG21", 0, "home0")
    sa = place(game, st, "CG56", 0, "prob0")  # Shining Armor, Crystal Prince: [Magic] Crystal
    assert set(game.colors(st, aj)) == {"Honesty", "Magic"}
    src, effects = _event(game, st, card_db, "PR120", 0)
    _run(game, st, 0, src, effects, pick=sa)
    assert "Loyalty" in game.colors(st, sa)
    assert set(game.colors(st, aj)) == {"Honesty", "Magic", "Loyalty"} and pw(game, st, aj) == 1 + 2 * 3
    place(game, st, "AD166", 1, "prob0")
    assert game.colors(st, sa) == ()
    assert game.colors(st, aj) == ("Honesty",) and pw(game, st, aj) == 1 + 2


def test_two_prismatic_crystal_characters_are_interdependent(game, card_db):
    # 711.5: CG13 Rainbow Dash, Crystallized and CG21 Applejack, Crystallized (both Prismatic Crystals) each
    # depend on the other; with a third Crystal ([Magic] Shining Armor) both end with every color.
    st = stacked_game(game)
    rd = place(game, st, "CG13", 0, "home0")
    aj = place(game, st, "CG21", 0, "home0")
    place(game, st, "CG56", 0, "home0")
    want = {"Loyalty", "Honesty", "Magic"}
    assert set(game.colors(st, rd)) == want and set(game.colors(st, aj)) == want
    assert pw(game, st, aj) == 1 + 2 * 3


# ------------------------------------------------------------ keywords reading modified colors / power
def test_supportive_reads_a_color_added_later(game, card_db):
    # CG41 Mr. Cake, Loving Father: [Laughter], Supportive 1 ("+1 power while with your Mane Character that shares
    # a color with it").  PR120 Swing Into Action, played later, makes it [Loyalty] like Rainbow Dash: Supportive
    # depends on that color (711.3b, 711.4) and now applies.
    st = stacked_game(game)  # Rainbow Dash ([Loyalty]) at home
    cake = place(game, st, "CG41", 0, "home0")
    assert pw(game, st, cake) == 1
    src, effects = _event(game, st, card_db, "PR120", 0)
    _run(game, st, 0, src, effects, pick=cake)
    assert "Loyalty" in game.colors(st, cake)
    assert pw(game, st, cake) == 1 + 2 + 1


def test_power_conditioned_grant_applies_after_a_later_competitive_grant(game, card_db):
    # MT59 Bulk Biceps, Get Swole (2 power, Pegasus): "While this card has at least 5 power, it has Competitive
    # 2."  FF85 Cheering Section, played later: "One of your characters gets Competitive 2 until the end of the
    # turn. Harmony Pegasus: ... an additional Competitive 1".  In a faceoff Bulk Biceps has 2 + 3 = 5 power, so
    # its own grant, which depends on the later grant (711.4), applies too: 7.  (Timestamp order: 5.)
    st = stacked_game(game, manes=("PR2", "PR1"))  # an Earth Pony Mane: Bulk Biceps is the only Pegasus
    bulk = place(game, st, "MT59", 0, "prob0")
    src, effects = _event(game, st, card_db, "FF85", 0)
    _run(game, st, 0, src, effects, pick=bulk)
    assert game.power(st, bulk) == 2  # Competitive counts only in a faceoff
    _fo(st, "prob0")
    assert game.granted_power_keywords(st, bulk) == {"Competitive": 2 + 1 + 2}
    assert game.power(st, bulk) == 2 + 3 + 2
    assert game.keyword(st, bulk, "Stubborn") == 1 and game.keyword(st, bulk, "Swift") == 1


def test_color_conditioned_power_static_reads_a_later_color(game, card_db):
    # EO24 Applejack, A Hard Day's Work (entered first): "Your [Honesty] characters have +2 power while
    # exhausted."  A [Loyalty] Friend given [Honesty] later (PR112 Eeyup: "+4 [Honesty] power") gets the +2: the
    # static depends on the color modifier (711.3b) and applies after it (711.4).
    st = stacked_game(game)
    place(game, st, "EO24", 0, "home0")
    f = place(game, st, "PR12", 0, "home0", exhausted=True)  # Emerald Green: [Loyalty], 2 power
    assert pw(game, st, f) == 2
    src, effects = _event(game, st, card_db, "PR112", 0)
    _run(game, st, 0, src, effects, pick=f)
    assert pw(game, st, f) == 2 + 4 + 2


def test_uncovered_troublemaker_timestamp_is_when_it_is_uncovered(game, card_db):
    # 711.3a + 711.5: HM149 Trixie, Highest Level Unicorn (a Troublemaker: "Friends here lose and can't have
    # abilities") and LL72 Applejack & Apple Bloom ("Troublemakers here lose and can't have abilities") are
    # interdependent.  Trixie was played face-down before Applejack & Apple Bloom entered play, but a face-down
    # card has no abilities (505.1a): its modifier's timestamp is when it is uncovered, so Applejack & Apple Bloom
    # is the earlier one and Trixie loses its abilities (the play zone's order would say the opposite).
    from gameplay.engine.mlp.flow import uncover_one
    st = stacked_game(game)
    trixie = place(game, st, "HM149", 1, "prob0", face_down=True)
    aab = place(game, st, "LL72", 0, "prob0")
    uncover_one(game.r, st.d, Ev(True), trixie)
    assert not st.face_down(trixie)
    assert game.lost_abilities(st, trixie) and not game.lost_abilities(st, aab)
    assert game.keyword(st, trixie, "Villain") == 0
    # the other way round: Applejack & Apple Bloom entering after the uncovered Trixie loses its abilities
    st = stacked_game(game)
    trixie = place(game, st, "HM149", 1, "prob0", face_down=True)
    uncover_one(game.r, st.d, Ev(True), trixie)
    aab = place(game, st, "LL72", 0, "prob0")
    assert game.lost_abilities(st, aab) and not game.lost_abilities(st, trixie)


def test_a_friend_that_cant_have_abilities_gets_no_granted_power_keyword(game, card_db):
    # FF85 Cheering Section gives a Friend Competitive 2; AD129 Clipped Wings ("That Friend loses and can't have
    # abilities") on it, whichever came first, leaves it without Competitive: the timed grant's result depends
    # on the "can't have abilities" modifier (711.3b), which wins in any order.
    st = stacked_game(game, manes=("PR2", "PR1"))
    f = place(game, st, "PR12", 0, "prob0")  # Emerald Green, 2 power, an Earth Pony
    src, effects = _event(game, st, card_db, "FF85", 0)
    _run(game, st, 0, src, effects, pick=f)
    _fo(st, "prob0")
    assert pw(game, st, f) == 2 + 2
    place(game, st, "AD129", 1, "prob0", host=f)
    assert pw(game, st, f) == 2 and game.keyword(st, f, "Competitive") == 0


def test_power_conditioned_cant_be_frightened_reads_a_later_power_modifier(game, card_db):
    # EO143 Appleoosa (in play first): "Your Friends with at least 4 power can't be frightened or dismissed."  A
    # 2-power Friend given +2 later (PR120 Swing Into Action) fits the description (708.5): the modifier depends on
    # the power modifier (711.3b) and applies after it (711.4).
    st = stacked_game(game)
    place(game, st, "EO143", 0, "home0")  # a Resource played to your home
    f = place(game, st, "PR12", 0, "prob0")
    assert not game.prevented(st, f, "no_frighten")
    src, effects = _event(game, st, card_db, "PR120", 0)
    _run(game, st, 0, src, effects, pick=f)
    assert pw(game, st, f) == 4 and game.prevented(st, f, "no_frighten")
    assert not frighten(game, st, f) and not st.frightened(f)


def test_a_mane_in_play_from_the_setup_counts_as_a_card_that_removes_abilities(game, card_db):
    # AD5 Fluttershy, Reformer (a Mane Character; Boosted: "Troublemakers here lose and can't have abilities.")
    # is in play from the setup (102.1), put there the one way every card joins the play zone
    # (Rules.place_in_play), so the engine knows a card that can remove abilities is in play: turned over
    # at a Problem, the opposing Troublemaker there (AD157 Discord, Master of Chaos) loses its abilities.
    st = stacked_game(game, manes=("AD5", "PR2"))
    mane = st.mane(0)
    discord = place(game, st, "AD157", 1, "prob0")
    assert game.abilities(st, discord) != ()
    move_card(game, st, mane, "prob0")
    _run(game, st, 0, mane, [{"op": "turn_over"}])
    assert game.abilities(st, discord) == ()
