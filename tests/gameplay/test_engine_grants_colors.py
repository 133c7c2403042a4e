"""Colored power ("+1 [Loyalty]"), timed keyword grants from effects, grants of the keywords read outside
``Rules.kw`` (Competitive, Supportive, Caretaker, Experienced, Prismatic, Villain), continuous color grants and
the static conditions that came with them."""
from __future__ import annotations

from gameplay.engine.api import Action
from gameplay.engine.mlp.cardtext import parse_line, parse_target
from gameplay.engine.mlp.engine import Ev
from gameplay.engine.mlp.scenario import (answer, end_durations, end_main_phase, enter_play, frighten, leave_play,
                                          move_card, place, play_effects, resolve_all, resolve_step, set_card,
                                          set_tokens, stacked_game, start_turn, trigger_all)


def _run(game, st, p, src, effects, pick=None):
    """Resolve effects; a target decision offering ``pick`` is answered with it."""
    ev = Ev()
    play_effects(game, st, p, src, effects, ev=ev)
    while pick is not None and (st.resolving or st.pending):
        pend = st.pending
        if pend and pick in pend["options"]:
            answer(game, st, pend["player"], pick, ev=ev)
            break
        if pend:
            break
        resolve_step(game, st, ev=ev)
    return resolve_all(game, st)


def _fo(st, area, kind="problem", tm=None, chal=0):
    """A faceoff at ``area`` (only what ``Rules.involved`` reads)."""
    st.d["fo"] = {"type": kind, "areas": [area], "tm": tm, "chal": chal}
    st._la = None


# ------------------------------------------------------------------ parser
def test_parse_colored_power_events():
    ab = parse_line("Main Phase: Choose a [Loyalty] or [Kindness] character. That character gets +1 [Loyalty] and "
                    "+1 [Kindness] until the end of phase.", "Event", {})
    assert ab["kind"] == "event" and not ab.get("manual")
    assert ab["effects"] == [
        {"op": "mark", "target": {"type": "character", "colors": ["Loyalty", "Kindness"]}},
        {"op": "power", "n": 1, "color": "Loyalty", "target": {"it": True}, "until": "phase"},
        {"op": "power", "n": 1, "color": "Kindness", "target": {"it": True}, "until": "phase"}]
    ab = parse_line("Main Phase: Choose a character. That character gets +4 [Honesty] until the end of the turn.", "Event", {})
    assert ab["effects"][1] == {"op": "power", "n": 4, "color": "Honesty", "target": {"it": True}, "until": "turn"}
    ab = parse_line("Main Phase: Exhaust this card and pay [1] to give each of your Critter Friends +1 [Kindness] until "
                    "the start of your next turn.", "Resource", {})
    assert ab["cost"] == {"exhaust": True, "tokens": 1}
    assert ab["effects"] == [{"op": "power", "n": 1, "color": "Kindness", "until": "next_turn",
                              "target": {"type": "Friend", "ctrl": "you", "trait": "Critter", "each": True}}]
    assert parse_target("a [Honesty] or [Magic] Friend") == {"type": "Friend", "colors": ["Honesty", "Magic"]}


def test_parse_timed_keyword_grants():
    ab = parse_line("Main Phase: Your characters have Swift this turn.", "Event", {})
    assert ab["effects"] == [{"op": "grant_kw", "kw": "Swift", "n": 1, "until": "turn",
                              "target": {"type": "character", "ctrl": "you", "each": True}}]
    ab = parse_line("Immediate: Exhaust this card to give a Troublemaker here Competitive 4 until the end of the turn.",
                    "Friend", {})
    assert ab["kind"] == "activated" and ab["effects"] == [
        {"op": "grant_kw", "kw": "Competitive", "n": 4, "until": "turn", "target": {"type": "Troublemaker", "at": "here"}}]
    ab = parse_line("When this card enters play, your other Friends have Traveler until the end of the turn.", "Friend", {})
    assert ab["on"] == "enter" and ab["effects"][0]["target"] == {"type": "Friend", "ctrl": "you", "other": True, "each": True}
    ab = parse_line("Main Phase: Pay [1] to give this card Showy 3 until the start of your next turn.", "Friend", {})
    assert ab["effects"] == [{"op": "grant_kw", "kw": "Showy", "n": 3, "target": {"self": True}, "until": "next_turn"}]
    # X keywords need their X; "give each ..." of a keyword is not this template
    assert parse_line("Main Phase: Your characters have Showy this turn.", "Event", {}).get("manual")


def test_parse_compound_and_power_keyword_grants():
    from gameplay.engine.mlp.carddb import FaceDef  # noqa: F401  (compile_face expands "multi" lines)

    ab = parse_line("While this card is Cutie Marked, it has +1 power and Swift.", "Friend", {})
    assert ab["kind"] == "multi"
    assert [(a["op"], a.get("kw"), a.get("n"), a["cond"]) for a in ab["abilities"]] == [
        ("power", None, 1, {"k": "cutie"}), ("grant_kw", "Swift", 1, {"k": "cutie"})]
    ab = parse_line("While at a Problem with Pinkie Pie, this card has +1 power and is also Pink.", "Friend", {})
    cond = {"k": "at_problem_with", "sel": {"type": "card", "title": "Pinkie Pie"}}
    assert [(a["op"], a.get("color"), a["cond"]) for a in ab["abilities"]] == [("power", None, cond), ("grant_color", "Laughter", cond)]
    ab = parse_line("While involved in a faceoff, this card also has Supportive 2.", "Friend", {})
    assert (ab["op"], ab["kw"], ab["n"], ab["cond"]) == ("grant_kw", "Supportive", 2, {"k": "faceoff"})
    ab = parse_line("This card has Competitive 1 for each of your characters here.", "Friend", {})
    assert ab["abilities"] == [{"kind": "static", "op": "grant_kw", "kw": "Competitive", "n": 1, "target": "self",
                                "per": {"sel": {"type": "character", "ctrl": "you", "at": "here"}},
                                "text": "This card has Competitive 1 for each of your characters here."}]
    ab = parse_line("This card has Swift while you have a [Loyalty] character, Diligent 2 while you have an [Honesty] "
                    "character, and Agile while you have a [Kindness] character.", "Friend", {})
    assert [(a["kw"], a["n"], a["cond"]["sel"]["color"]) for a in ab["abilities"]] == [
        ("Swift", 1, "Loyalty"), ("Diligent", 2, "Honesty"), ("Agile", 1, "Kindness")]
    ab = parse_line("While this Friend is involved in a Troublemaker faceoff, it gets +2 [Laughter].", "Resource", {})
    assert [(a["op"], a["target"], a["cond"]) for a in ab["abilities"]] == [
        ("power", "host", {"k": "host_fo", "fo": "tm"}), ("grant_color", "host", {"k": "host_fo", "fo": "tm"})]


def test_parse_new_static_conditions():
    cases = {
        "While with your Rainbow Dash, this card has +1 power.": {"k": "with_title", "title": "Rainbow Dash"},
        "While with at least one of your Pegasus characters, this card has Swift.":
            {"k": "with", "trait": "Pegasus", "type": "character"},
        "While at a Problem with a [Kindness] Friend, this card has +1 power.":
            {"k": "at_problem_with", "sel": {"type": "Friend", "color": "Kindness"}},
        "While this card is at a Problem with a Troublemaker, this card has Competitive 3.":
            {"k": "at_problem_with", "sel": {"type": "Troublemaker"}},
        "While at a Problem with an opponent's Octavia, this card has +2 power.":
            {"k": "at_problem_with", "sel": {"type": "card", "title": "Octavia", "ctrl": "opp"}},
        "While an opponent has more Friends than you, this card has +3 power.": {"k": "friends_cmp", "who": "opp"},
        "While you have more Friends than an opponent, this card has +2 power.": {"k": "friends_cmp", "who": "you"},
        "While you have a Friend in your discard pile, this card has +1 power.": {"k": "disc_has", "type": "Friend"},
        "While you have at least one Mailbox Resource in play, this card has +2 power.":
            {"k": "you_have", "sel": {"type": "Resource", "trait": "Mailbox", "ctrl": "you"}},
        "While you have another Dragon character, this card gets +2 power.":
            {"k": "you_have", "sel": {"type": "character", "trait": "Dragon", "ctrl": "you", "other": True}},
        "While a player has 8 or more points, your Critter Friends have +1 power.": {"k": "any_score_at_least", "n": 8},
        "While an opponent has at least [2], this card has Persistent.": {"k": "opp_tokens_at_least", "n": 2},
    }
    for text, cond in cases.items():
        ab = parse_line(text, "Friend", {})
        assert ab["kind"] == "static" and ab["cond"] == cond, text
    assert parse_line("This card has +1 power for each action token an opponent has.", "Friend", {})["count"] == {"k": "opp_tokens"}


# ------------------------------------------------------------------ colored power (507.3, 611.3)
def test_colored_power_counts_toward_that_colors_requirements(game, card_db):
    # PR120 Swing Into Action: "That character gets +2 [Loyalty] until the end of the turn."  An Honesty Friend
    # gets 2 power of Loyalty: +2 power, and Loyalty power for play requirements (205.1, 507.3)
    st = stacked_game(game, manes=("PR2", "PR1"))
    red = place(game, st, "PR33", 0, "home0")  # Red Gala, 2 [Honesty]
    hm87 = card_db[card_db.key("HM87")]  # play requirement 3 Loyalty
    assert not game.can_pay_requirement(st, 0, hm87)
    eff = card_db[card_db.key("PR120")].abilities["front"][0]["effects"]
    _run(game, st, 0, None, eff, pick=red)
    assert game.power(st, red) == 4 and game.colors(st, red) == ("Loyalty", "Honesty")
    assert game.can_pay_requirement(st, 0, hm87)
    end_durations(game, st, "turn")
    assert game.power(st, red) == 2 and game.colors(st, red) == ("Honesty",)


def test_colored_power_confronts_a_color_requirement(game, card_db):
    # PR168 Cloudbursting needs 1 Loyalty and 1 not-Loyalty power (611.3).  Colored power makes an Honesty Friend
    # contribute Loyalty power; a character still contributes to one requirement only (611.3b).
    st = stacked_game(game, manes=("PR2", "PR1"))
    area = "prob0"
    set_card(st, game.problem_at(st, area), card_key=card_db.key("PR168"))
    red = place(game, st, "PR33", 0, area)  # Red Gala, 2 [Honesty]
    assert not game.meets_requirements(st, 0, area)
    _run(game, st, 0, None, [{"op": "power", "n": 1, "color": "Loyalty", "target": {"id": red}, "until": "turn"}])
    assert game.colors(st, red) == ("Loyalty", "Honesty") and game.power(st, red) == 3
    assert not game.meets_requirements(st, 0, area)  # one character, two requirements
    place(game, st, "PR31", 0, area)  # Full Steam, 4 [Honesty]: the not-Loyalty part
    assert game.meets_requirements(st, 0, area)


def test_two_color_event_offers_only_characters_of_either_color(game, card_db):
    # AD102 Making a Difference: "Choose a [Loyalty] or [Kindness] character. That character gets +1 [Loyalty]
    # and +1 [Kindness] until the end of phase."
    st = stacked_game(game, manes=("PR2", "PR1"))
    red = place(game, st, "PR33", 0, "home0")  # Honesty
    jay = place(game, st, "PR81", 0, "home0")  # Kindness
    dash = place(game, st, "PR20", 1, "home1")  # Loyalty (an opponent's character may be chosen too)
    eff = card_db[card_db.key("AD102")].abilities["front"][0]["effects"]
    play_effects(game, st, 0, None, eff)
    ev = Ev()
    while not st.pending:
        resolve_step(game, st, ev=ev)
    assert set(st.pending["options"]) == {jay, dash, st.mane(1)} and red not in st.pending["options"]
    answer(game, st, 0, jay, ev=ev)
    resolve_all(game, st)
    assert game.power(st, jay) == 4 and game.colors(st, jay) == ("Loyalty", "Kindness")
    assert all(m["u"] == "main_phase" for m in st.d["mods"])  # "until the end of the phase" in the Main Phase
    end_main_phase(game, st)
    assert game.power(st, jay) == 2


def test_colored_power_until_the_start_of_your_next_turn(game, card_db):
    # PR134 Critter Cuisine: "... give each of your Critter Friends +1 [Kindness] until the start of your next turn."
    st = stacked_game(game, manes=("PR2", "PR1"))
    tank = place(game, st, "CG18", 0, "home0")  # a Loyalty Critter
    eff = next(a for a in card_db[card_db.key("PR134")].abilities["front"] if a["kind"] == "activated")["effects"]
    _run(game, st, 0, None, eff)
    assert "Kindness" in game.colors(st, tank) and st.d["mods"][0]["u"] == "start0"
    end_durations(game, st, "turn")  # the turn ends: still there during the opponent's turn
    assert "Kindness" in game.colors(st, tank)
    st.d["tp"] = 0
    start_turn(game, st)
    assert "Kindness" not in game.colors(st, tank)


# ------------------------------------------------------------------ timed keyword grants
def test_group_grant_applies_to_characters_that_enter_later(game, card_db):
    # HM87 Call in the Dream Cavalry: "Your characters have Swift this turn."  708.5: continuous modifiers do not
    # flag cards, so a Friend played after the Event resolved has Swift too.
    st = stacked_game(game, manes=("PR2", "PR1"))
    a = place(game, st, "PR33", 0, "home0")
    opp = place(game, st, "PR12", 1, "home1")
    _run(game, st, 0, None, card_db[card_db.key("HM87")].abilities["front"][0]["effects"])
    later = place(game, st, "PR31", 0, "home0")
    assert game.keyword(st, a, "Swift") == 1 and game.keyword(st, later, "Swift") == 1
    assert game.keyword(st, opp, "Swift") == 0
    assert game.move_cost(st, 0, later, "prob1") == 1
    end_durations(game, st, "turn")
    assert game.keyword(st, later, "Swift") == 0 and not st.d["kgm"] and not st.d.get("kwg")


def test_timed_competitive_grant_on_a_troublemaker(game, card_db):
    # FF17 Garble, Let's Race: "Immediate: Exhaust this card to give a Troublemaker here Competitive 4 until the
    # end of the turn."
    st = stacked_game(game, manes=("PR2", "PR1"))
    garble = place(game, st, "FF17", 0, "prob1")
    tm = next(k for k, d in card_db.cards.items() if d.front.type == "Troublemaker" and not d.front.keywords
              and d.automated and d.set_name == "Premiere")
    tmc = game._new(st.d, tm, 1, "hand")
    st.d["pl"][1]["hand"].append(tmc)
    tmc = enter_play(game, st, tmc, "prob1", 1, trigger=False)
    base = game.power(st, tmc)
    idx = next(i for i, a in enumerate(card_db[card_db.key("FF17")].abilities["front"]) if a["kind"] == "activated")
    st, _ = game.apply(st, Action.make("activate", 0, card=garble, ability=idx))
    resolve_all(game, st)
    assert st.exhausted(garble)
    assert game.power(st, tmc) == base  # Competitive: only while involved in a faceoff
    _fo(st, "prob1", "tm", tm=tmc, chal=0)
    assert game.power(st, tmc) == base + 4


def test_traveler_for_your_other_friends_this_turn(game, card_db):
    # LL9 Hoo'Far, Road Trip: "When this card enters play, your other Friends have Traveler until the end of the turn."
    st = stacked_game(game, manes=("PR2", "PR1"))
    a = place(game, st, "PR33", 0, "home0")
    hoo = place(game, st, "LL9", 0, "home0")
    _run(game, st, 0, hoo, card_db[card_db.key("LL9")].abilities["front"][0]["effects"])
    assert game.keyword(st, a, "Traveler") == 1
    assert game.keyword(st, hoo, "Traveler") == 1  # its own printed Traveler, not the grant ("other")
    move_card(game, st, a, "prob0")
    resolve_all(game, st)
    moved = st.d["cards"][a]
    assert moved["cn"].get("+1") == 1  # Traveler: a +1 power counter when moved


# ------------------------------------------------------------------ grants of the power keywords
def test_competitive_grant_from_mane_color(game, card_db):
    # HM10 Scootaloo, What a Wingspan!: "While your Mane Character is [Loyalty], this card has Competitive 2."
    for mane, bonus in (("PR1", 2), ("PR2", 0)):
        st = stacked_game(game, manes=(mane, "PR2"))
        s = place(game, st, "HM10", 0, "prob0")
        assert game.power(st, s) == 3
        _fo(st, "prob0")
        assert game.power(st, s) == 3 + bonus


def test_also_has_supportive_adds_to_the_printed_instance(game, card_db):
    # CN70 Fleur Dis Lee (Supportive 1): "While involved in a faceoff, this card also has Supportive 2."  Both
    # instances apply (701.2a keywords are separate abilities): +3 with a Mane sharing a color.
    gen_mane = next(c.number for c in card_db.cards.values() if c.front.type == "Mane Character"
                    and "Generosity" in c.front.colors and c.set_name == "Premiere")
    st = stacked_game(game, manes=(gen_mane, "PR2"))
    mane = st.mane(0)
    fleur = place(game, st, "CN70", 0, "prob0")
    set_card(st, mane, area="prob0")
    assert game.power(st, fleur) == 3  # printed Supportive 1
    _fo(st, "prob0")
    assert game.power(st, fleur) == 5


def test_power_conditioned_competitive_grant_reads_power_without_itself(game, card_db):
    # MT59 Bulk Biceps: "While this card has at least 5 power, it has Competitive 2."
    st = stacked_game(game)
    bulk = place(game, st, "MT59", 0, "prob0")
    _fo(st, "prob0")
    st.d["cards"][bulk]["cn"]["+1"] = 2
    assert game.power(st, bulk) == 4  # 4 power: no Competitive
    st.d["cards"][bulk]["cn"]["+1"] = 3
    assert game.power(st, bulk) == 7  # 5 power, Competitive 2


def test_competitive_per_character_here(game, card_db):
    # MT8 Night Glider: "This card has Competitive 1 for each of your characters here."
    st = stacked_game(game)
    ng = place(game, st, "MT8", 0, "prob0")
    place(game, st, "PR33", 0, "prob0")
    place(game, st, "PR12", 1, "prob0")
    _fo(st, "prob0")
    assert game.power(st, ng) == 2 + 2  # itself and Red Gala


def test_caretaker_grant(game, card_db):
    # CG84 Golden Wheat: "While with another of your Crystal characters, this card has Caretaker."
    crystal = next(c.number for c in card_db.cards.values() if c.front.type == "Friend" and "Crystal" in c.front.traits
                   and c.automated and c.number != "CG84" and not c.front.keywords)
    st = stacked_game(game)
    gw = place(game, st, "CG84", 0, "prob0")
    place(game, st, "PR81", 0, "prob0")  # a Critter Friend
    assert game.power(st, gw) == 2
    place(game, st, crystal, 0, "prob0")
    assert game.power(st, gw) == 3


# ------------------------------------------------------------------ continuous conditions and colors
def test_pet_with_your_named_character(game, card_db):
    # CG18 Tank, Loyal Pet: "While with your Rainbow Dash, this card has +1 power."  (PR1 is Rainbow Dash; 201.3)
    st = stacked_game(game, manes=("PR1", "PR1"))
    tank = place(game, st, "CG18", 0, "home0")
    assert game.power(st, tank) == 2
    move_card(game, st, tank, "prob1")
    set_card(st, st.mane(1), area="prob1")  # the opponent's Rainbow Dash does not count
    assert game.power(st, tank) == 1


def test_at_a_problem_with_a_named_character_adds_power_and_a_color(game, card_db):
    # CNpf11 Fluttershy, Rainbow Chaser: "While at a Problem with a [Kindness] Friend, this card has +1 power." and
    # "While at a Problem with Pinkie Pie, this card has +1 power and is also Pink."
    pinkie = next(c.number for c in card_db.cards.values() if c.front.type == "Friend" and c.front.title == "Pinkie Pie"
                  and c.front.colors == ("Laughter",))
    st = stacked_game(game)
    fl = place(game, st, "CNpf11", 0, "prob0")
    assert game.power(st, fl) == 2 and game.colors(st, fl) == ("Loyalty",)
    place(game, st, "PR81", 1, "prob0")  # an opponent's Kindness Friend counts ("a [Kindness] Friend")
    assert game.power(st, fl) == 3
    place(game, st, pinkie, 0, "prob0")
    assert game.power(st, fl) == 4 and game.colors(st, fl) == ("Loyalty", "Laughter")
    move_card(game, st, fl, "home0")
    assert game.power(st, fl) == 2 and game.colors(st, fl) == ("Loyalty",)


def test_rubber_chicken_in_a_troublemaker_faceoff(game, card_db):
    # PR144 Rubber Chicken: "While this Friend is involved in a Troublemaker faceoff, it gets +2 [Laughter]."
    st = stacked_game(game)
    f = place(game, st, "PR33", 0, "prob1")
    place(game, st, "PR144", 0, "prob1", host=f)
    assert game.power(st, f) == 2 and "Laughter" not in game.colors(st, f)
    _fo(st, "prob1")  # a Problem faceoff: no
    assert game.power(st, f) == 2
    _fo(st, "prob1", "tm", tm="nobody", chal=0)
    assert game.power(st, f) == 4 and "Laughter" in game.colors(st, f)


def test_friend_count_discard_score_and_token_conditions(game, card_db):
    st = stacked_game(game)
    pinkie = place(game, st, "DE31", 0, "home0")  # +2 while you have more Friends than an opponent
    assert game.power(st, pinkie) == 4
    place(game, st, "PR12", 1, "home1")
    assert game.power(st, pinkie) == 2
    bloom = place(game, st, "AD19", 0, "home0")  # +1 while you have a Friend in your discard pile
    assert game.power(st, bloom) == 2
    leave_play(game, st, place(game, st, "PR33", 0, "home0"), "disc")
    assert game.power(st, bloom) == 3
    flutter = place(game, st, "LL53", 0, "home0")  # your Critter Friends +1 while a player has 8 or more points
    jay = place(game, st, "PR81", 0, "home0")
    assert game.power(st, jay) == 2
    st.d["pl"][1]["score"] = 8
    assert game.power(st, jay) == 3 and game.power(st, flutter) == 2
    para = place(game, st, "LL66", 0, "home0")  # +1 per opposing action token; Persistent at 2 or more
    set_tokens(st, 1, 1)
    # (a Critter: +1 from LL53 too)
    assert game.power(st, para) == 3 and game.keyword(st, para, "Persistent") == 0
    set_tokens(st, 1, 3)
    assert game.power(st, para) == 5 and game.keyword(st, para, "Persistent") == 1


# ------------------------------------------------------------------ "is also a [Honesty] Friend"
def test_resource_becomes_a_friend_while_you_have_none_of_that_color(game, card_db):
    # AD126 Boulder: "Main Phase: While you have no [Honesty] Friends, you may exhaust this card. If you do, this
    # card is also a [Honesty] Friend until the end of the phase."
    st = stacked_game(game, manes=("PR1", "PR2"))
    boulder = place(game, st, "AD126", 0, "home0")
    idx = next(i for i, a in enumerate(card_db[card_db.key("AD126")].abilities["front"]) if a["kind"] == "activated")
    act = Action.make("activate", 0, card=boulder, ability=idx)
    red = place(game, st, "PR33", 0, "home0")  # an Honesty Friend: the condition fails
    assert act not in game.legal_actions(st, 0)
    leave_play(game, st, red, "disc")
    st._la = None
    assert act in game.legal_actions(st, 0)
    assert not game.can_pay_requirement(st, 0, card_db[card_db.key("AD19")])  # needs 1 Honesty
    st, _ = game.apply(st, act)
    resolve_all(game, st)
    assert st.exhausted(boulder)
    assert game.card_type(st, boulder) == "Friend" and game.is_character(st, boulder)
    assert game.colors(st, boulder) == ("Honesty",) and game.power(st, boulder) == 2
    assert game.can_pay_requirement(st, 0, card_db[card_db.key("AD19")])  # 507.3 its power is Honesty power
    assert game.select(st, {"type": "Resource", "ctrl": "you"}, 0, None) == [boulder]  # still a Resource
    end_main_phase(game, st)  # the end of the Main Phase
    assert game.card_type(st, boulder) == "Resource" and not game.is_character(st, boulder)


# ------------------------------------------------------------------ more timed grants
def test_terramar_chooses_swift_or_calming_until_your_next_turn(game, card_db):
    # FF53 Terramar: "When this card enters play and at the start of each of your turns, choose one: This card has
    # Swift until the start of your next turn, or this card has Calming 2 until the start of your next turn."
    abl = card_db[card_db.key("FF53")].abilities["front"]
    assert [a["on"] for a in abl if a["kind"] == "trigger"] == ["enter", "turn_start"]
    st = stacked_game(game)
    t = place(game, st, "FF53", 0, "home0")
    play_effects(game, st, 0, t, abl[0]["effects"])
    ev = Ev()
    while not st.pending:
        resolve_step(game, st, ev=ev)
    answer(game, st, 0, 1, ev=ev)  # Calming 2
    resolve_all(game, st)
    assert game.keyword(st, t, "Calming") == 2 and game.keyword(st, t, "Swift") == 0
    end_durations(game, st, "turn")
    assert game.keyword(st, t, "Calming") == 2  # through the opponent's turn
    end_durations(game, st, "start1")
    assert game.keyword(st, t, "Calming") == 2
    end_durations(game, st, "start0")
    assert game.keyword(st, t, "Calming") == 0


def test_harmony_paragraph_of_an_event_continues_it(game, card_db):
    # FF85 Cheering Section: "Immediate: One of your characters gets Competitive 2 until the end of the turn." /
    # "Harmony Pegasus: For each of your Pegasus characters, that character gets an additional Competitive 1 ..."
    assert card_db[card_db.key("FF85")].automated and card_db[card_db.key("FF86")].automated
    st = stacked_game(game, manes=("PR1", "PR2"))  # Rainbow Dash: a Pegasus Mane
    peg = place(game, st, "AD8", 0, "prob0")
    _run(game, st, 0, None, card_db[card_db.key("FF85")].abilities["front"][0]["effects"], pick=peg)
    base = game.printed_power(st, peg)
    _fo(st, "prob0")
    assert game.power(st, peg) == base + 2 + 2  # Competitive 2 and 1 for each of 2 Pegasus characters
    # FF86 Defend the Hive!: "... Harmony Changeling: Your Changeling characters have Agile until the end of the turn."
    effs = card_db[card_db.key("FF86")].abilities["front"][0]["effects"]
    assert effs[-1] == {"op": "grant_kw", "kw": "Agile", "n": 1, "until": "turn",
                        "target": {"type": "character", "ctrl": "you", "trait": "Changeling", "each": True}}


# ------------------------------------------------------------------ conditions on other continuous abilities
def test_conditional_confront_requirements(game, card_db):
    # CN49 Snails: "While this card is exhausted, your opponent needs +2 power to confront this card's Problem."
    st = stacked_game(game)
    snails = place(game, st, "CN49", 1, "prob0")
    base = sum(n for _, n in game.requirements(st, 0, "prob0"))
    assert sum(n for _, n in game.requirements(st, 0, "prob0")) == base
    set_card(st, snails, exhausted=True)
    assert sum(n for _, n in game.requirements(st, 0, "prob0")) == base + 2
    # AD169 Balloon Party Gone Wrong!: "While an opponent's Mane Character is boosted, that opponent needs +3 power
    # to confront this Problem."
    st = stacked_game(game)
    prob = game.problem_at(st, "prob1")
    set_card(st, prob, card_key=card_db.key("AD169"))
    assert game.requirements(st, 0, "prob1") == [("Wild", 8)]
    set_card(st, st.mane(0), boosted=True)
    assert game.requirements(st, 0, "prob1") == [("Wild", 8), ("Wild", 3)]
    assert game.requirements(st, 1, "prob1") == [("Laughter", 4), ("Not Laughter", 3)]  # its owner's: unchanged


def test_conditional_cant_be_frightened_and_mane_power(game, card_db):
    # CG27 Sheriff Silverstar: "While an opponent's Mane Character is at home, this card can't be frightened."
    st = stacked_game(game)
    sh = place(game, st, "CG27", 0, "prob0")
    assert not frighten(game, st, sh)
    set_card(st, st.mane(1), area="prob1")
    assert frighten(game, st, sh)
    # LL128 Buckball Strategy: "While your Mane Character is not boosted, it has +1 power."
    st = stacked_game(game)
    set_card(st, game.problem_at(st, "prob0"), card_key=card_db.key("LL128"))
    mane, opp_mane = st.mane(0), st.mane(1)
    assert game.power(st, mane) == 2 and game.power(st, opp_mane) == 1
    set_card(st, mane, boosted=True)
    assert game.power(st, mane) == game.face(st, mane).power


def test_exhausted_and_at_its_problem(game, card_db):
    # CN90 Goldie Delicious: "While this card is exhausted, your Critter Friends at its Problem each have +1 power."
    st = stacked_game(game)
    g = place(game, st, "CN90", 0, "prob0", exhausted=True)
    jay = place(game, st, "PR81", 0, "prob0")
    home_jay = place(game, st, "PR81", 0, "home0")
    assert game.power(st, jay) == 3 and game.power(st, home_jay) == 2
    set_card(st, g, exhausted=False)
    assert game.power(st, jay) == 2
    set_card(st, g, exhausted=True)
    move_card(game, st, g, "home0")  # at home: "its Problem" does not exist
    assert game.power(st, home_jay) == 2 and game.power(st, jay) == 2


# ------------------------------------------------------------------ single cards over the same vocabulary
def test_host_only_friend_and_score_phase_accessories(game, card_db):
    # AD123 Bathrobe: "While that Friend is the only Friend at its Problem, it has +3 power."
    st = stacked_game(game)
    f = place(game, st, "PR33", 0, "prob0")
    place(game, st, "AD123", 0, "prob0", host=f)
    assert game.power(st, f) == 5
    other = place(game, st, "PR12", 1, "prob0")  # any other Friend there
    assert game.power(st, f) == 2
    # PR143 Ridiculous Outfit: "While this Friend is at a Problem, your opponent's characters at that Problem each
    # get -1 power during the Score Phase."
    g = place(game, st, "PR36", 0, "prob0")
    place(game, st, "PR143", 0, "prob0", host=g)
    assert game.power(st, other) == 2
    st.d["step"] = "confront"
    assert game.power(st, other) == 1 and game.power(st, f) == 2


def test_problem_gives_its_owners_mane_power_in_the_main_phase(game, card_db):
    # CN173 Comforting Critters: "While at this Problem, this card's owner's Mane Character has +1 power during
    # the Main Phase."
    st = stacked_game(game)
    set_card(st, game.problem_at(st, "prob0"), card_key=card_db.key("CN173"))
    mane = st.mane(0)
    assert game.power(st, mane) == 1
    set_card(st, mane, area="prob0")
    assert game.power(st, mane) == 2 and st.step == "main"
    st.d["step"] = "confront"
    assert game.power(st, mane) == 1
    st.d["step"] = "main"
    set_card(st, st.mane(1), area="prob0")
    assert game.power(st, st.mane(1)) == 1  # not the owner's


def test_cutie_mark_conditions_on_confront_power_and_per_type_power(game, card_db):
    # MT40 Coloratura: "While this card is not Cutie Marked, it can't contribute its power to confronting Problems."
    st = stacked_game(game, manes=("PR2", "PR1"))
    set_card(st, game.problem_at(st, "prob0"), card_key=card_db.key("PR168"))  # 1 Loyalty + 1 not-Loyalty
    place(game, st, "PR20", 0, "prob0")  # 1 [Loyalty]
    col = place(game, st, "MT40", 0, "prob0")
    assert not game.meets_requirements(st, 0, "prob0")
    set_card(st, col, cutie_marked=True)
    assert game.meets_requirements(st, 0, "prob0")
    # MT20 Maud Pie: "While this card is Cutie Marked, it has +1 power for each card type among cards in your
    # discard pile."
    maud = place(game, st, "MT20", 0, "home0")
    for n in ("PR33", "PR12", "PR120"):  # two Friends and an Event: 2 types
        c = game._new(st.d, card_db.key(n), 0, "disc")
        st.d["pl"][0]["disc"].append(c)
    assert game.power(st, maud) == 2
    set_card(st, maud, cutie_marked=True)
    assert game.power(st, maud) == 4


def test_problems_that_cant_be_confronted(game, card_db):
    # AD175 Fear Itself: "While there is a facedown Troublemaker here, players can't confront this Problem."
    st = stacked_game(game)
    set_card(st, game.problem_at(st, "prob0"), card_key=card_db.key("AD175"))
    for n in ("PR31", "PR31", "PR36"):
        place(game, st, n, 0, "prob0")
    place(game, st, "PR60", 0, "prob0")
    gen = next(c.number for c in card_db.cards.values() if c.front.type == "Friend" and c.front.colors == ("Generosity",)
               and c.front.power and c.front.power >= 2 and c.automated and not c.front.keywords)
    place(game, st, gen, 0, "prob0")
    assert game.can_confront(st, 0, "prob0")
    place(game, st, "PR154", 0, "prob0", face_down=True)  # even the confronting player's own
    assert not game.can_confront(st, 0, "prob0")
    # AD49 Trixie, Big Boaster: "While an opponent's boosted Mane Character is here, this card's Problem can't be
    # confronted."
    st = stacked_game(game)
    place(game, st, "AD49", 1, "prob1")
    opp_mane = st.mane(0)
    set_card(st, opp_mane, area="prob1")
    for n in ("PR31", "PR31", "PR31"):
        place(game, st, n, 0, "prob1")
    assert game.can_confront(st, 0, "prob1")
    set_card(st, opp_mane, boosted=True)
    assert not game.can_confront(st, 0, "prob1")


def test_home_limit_increase_while_at_home(game, card_db):
    # PRpf6 Fluttershy, Safe Haven: "While this card is in your home, your home limit is increased by 2."
    st = stacked_game(game)
    base = game.home_limit(st, 0)
    f = place(game, st, "PRpf6", 0, "home0")
    assert game.home_limit(st, 0) == base + 2 and game.home_limit(st, 1) == base
    move_card(game, st, f, "prob0")
    assert game.home_limit(st, 0) == base


def test_harmony_condition_written_last(card_db):
    # FF94 Power Play: "Immediate: During a faceoff, flip an additional card." / "Harmony Dragon: Flip another
    # additional card if you have a Dragon character."  (a flip happens only during a faceoff, 515)
    ab = card_db[card_db.key("FF94")].abilities["front"][0]
    assert ab["effects"][1] == {"op": "if", "cond": {"k": "you_have", "sel": {"type": "character", "ctrl": "you",
                                                                             "trait": "Dragon"}},
                                "effects": [{"op": "flip", "n": 1}]}


def test_move_to_the_problem_of_the_friend_that_became_cutie_marked(game, card_db):
    # MT11 Scootaloo, Forever a Crusader: "When one of your Friends becomes Cutie Marked, you may move one of your
    # characters to that Friend's Problem."
    st = stacked_game(game)
    place(game, st, "MT11", 0, "home0")
    aj = place(game, st, "MT16", 0, "prob0")
    tok = st.tokens(0)
    _run(game, st, 0, aj, [{"op": "cutie_mark"}])
    assert st.d["cards"][aj]["cm"]
    assert len(game.characters_at(st, "prob0", 0)) == 2 and st.tokens(0) == tok  # an effect's move is free
    # at home, "that Friend's Problem" does not exist
    st = stacked_game(game)
    place(game, st, "MT11", 0, "home0")
    aj = place(game, st, "MT16", 0, "home0")
    _run(game, st, 0, aj, [{"op": "cutie_mark"}])
    assert all(st.area(c) == "home0" for c in game.characters_at(st, "home0", 0)) and \
        not game.characters_at(st, "prob0", 0) and not game.characters_at(st, "prob1", 0)


def test_lost_troublemaker_faceoff_grants_competitive_here(game, card_db):
    # NM6 Back in Black: "When you lose a Troublemaker faceoff, your charactes [sic] here gain Competitive 3 until
    # the end of the turn."  (resolve_faceoff fires ``you_lose_tm_fo`` for the loser, 514.5)
    st = stacked_game(game)
    set_card(st, game.problem_at(st, "prob1"), card_key=card_db.key("NM6"))
    here = place(game, st, "PR33", 1, "prob1")
    home = place(game, st, "PR12", 1, "home1")
    trigger_all(game, st, "you_lose_tm_fo", players=(0,))
    assert not st.triggers_waiting  # not the loser's
    trigger_all(game, st, "you_lose_tm_fo", players=(1,))
    resolve_all(game, st)
    assert game.granted_power_keywords(st, here) == {"Competitive": 3}
    assert game.granted_power_keywords(st, home) == {}
    move_card(game, st, home, "prob1")  # 708.5: characters that come here have it too
    assert game.granted_power_keywords(st, home) == {"Competitive": 3}


def test_play_cost_discounts(game, card_db):
    from gameplay.engine.mlp.scenario import to_hand

    st = stacked_game(game)
    # MT71 Coco Pommel: "While there are no opposing characters at this card's Problem, you may pay [1] less to
    # play Events, to a minimum of [1]."
    ev2 = to_hand(game, st, "PR120", 0)  # cost 1
    ev3 = to_hand(game, st, "AD102", 0)  # cost 1
    big = next(c.number for c in card_db.cards.values() if c.front.type == "Event" and (c.front.cost or 0) >= 3)
    evb = to_hand(game, st, big, 0)
    coco = place(game, st, "MT71", 0, "home0")
    cost_b = card_db[card_db.key(big)].front.cost
    assert game.card_cost(st, 0, evb) == cost_b  # at home: no Problem
    move_card(game, st, coco, "prob0")
    assert game.card_cost(st, 0, evb) == cost_b - 1 and game.card_cost(st, 0, ev2) == 1  # minimum 1
    assert game.card_cost(st, 1, evb) == cost_b  # only its controller's
    place(game, st, "PR12", 1, "prob0")
    assert game.card_cost(st, 0, evb) == cost_b
    assert ev3
    # CG72 Rarity, Equestria Games Designer: "While this card has power higher than any other Friend here, you may
    # pay [1] less to play Accessories."
    st = stacked_game(game)
    acc = to_hand(game, st, "AD123", 0)  # Bathrobe, cost 1
    r = place(game, st, "CG72", 0, "prob0")
    assert game.card_cost(st, 0, acc) == 0
    place(game, st, "PR31", 1, "prob0")  # 4 power: Rarity is no longer the highest
    assert game.card_cost(st, 0, acc) == 1 and r
    # LL7 Flash Magnus: "While an opponent controls a Friend they do not own, you may pay [2] less to play this card."
    st = stacked_game(game)
    fm = to_hand(game, st, "LL7", 0)
    full = card_db[card_db.key("LL7")].front.cost
    assert game.card_cost(st, 0, fm) == full
    stolen = place(game, st, "PR12", 0, "home0")
    set_card(st, stolen, controller=1)
    assert game.card_cost(st, 0, fm) == full - 2


def test_pirate_captain_grants_and_ship_discount(game, card_db):
    # SB8 Captain Celaeno: "Your other Pirates have Competitive 2." / "You may pay [1] less for the activated
    # abilities of Pirate Ship."  (SB116 Pirate Ship: "Main Phase: Pay [1] and exhaust this card to move one of
    # your characters.")
    pirate = next(c.number for c in card_db.cards.values() if c.front.type == "Friend" and "Pirate" in c.front.traits
                  and c.number != "SB8" and not c.front.keywords.get("Competitive"))
    st = stacked_game(game)
    ship = place(game, st, "SB116", 0, "home0")
    pf = place(game, st, pirate, 0, "prob0")
    idx = next(i for i, a in enumerate(card_db[card_db.key("SB116")].abilities["front"]) if a["kind"] == "activated")
    act = Action.make("activate", 0, card=ship, ability=idx)
    set_tokens(st, 0, 0)
    assert act not in game.legal_actions(st, 0)
    cap = place(game, st, "SB8", 0, "prob0")
    _fo(st, "prob0")
    assert game.granted_power_keywords(st, pf) == {"Competitive": 2} and game.granted_power_keywords(st, cap) == {}
    st.d["fo"] = None
    st._la = None
    assert act in game.legal_actions(st, 0)
    st, _ = game.apply(st, act)
    resolve_all(game, st)
    assert st.tokens(0) == 0 and st.exhausted(ship)
