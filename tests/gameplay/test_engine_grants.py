"""Continuous keyword grants (static ``grant_kw``) and the static conditions they brought."""
from __future__ import annotations

from gameplay.engine.api import Action
from gameplay.engine.mlp.cardtext import parse_line
from gameplay.engine.mlp.engine import Ev
from gameplay.engine.mlp.scenario import (add_power, answer, end_main_phase, leave_play, place, pre_priority, resolve_all,
                                          resolve_step, run_step, set_card, set_tokens, stacked_game)


def moves(game, st, cid):
    return {a.get("area") for a in game.legal_actions(st, st.turn_player) if a.kind == "move" and a.get("card") == cid}


def test_parse_keyword_grants():
    assert parse_line("Your Friends here have Persistent.", "Problem", {}) == {
        "kind": "static", "op": "grant_kw", "kw": "Persistent", "n": 1,
        "target": {"type": "Friend", "ctrl": "you", "at": "here"}, "text": "Your Friends here have Persistent."}
    ab = parse_line("While this card is at home, it has Swift.", "Friend", {})
    assert (ab["op"], ab["kw"], ab["target"], ab["cond"]) == ("grant_kw", "Swift", "self", {"k": "at_home"})
    ab = parse_line("That Friend has Showy 2.", "Resource", {})
    assert (ab["op"], ab["kw"], ab["n"], ab["target"]) == ("grant_kw", "Showy", 2, "host")
    ab = parse_line("While your Mane Character is [Honesty], this card has Diligent 2.", "Friend", {})
    assert ab["cond"] == {"k": "mane_color", "color": "Honesty"} and ab["n"] == 2
    ab = parse_line("While with another of your Crystal characters, this card has Swift.", "Friend", {})
    assert ab["cond"] == {"k": "with", "trait": "Crystal", "type": "character"}
    ab = parse_line("While with another one of your [Honesty] Friends, this card has Stubborn.", "Friend", {})
    assert ab["cond"] == {"k": "with", "color": "Honesty", "type": "Friend"}
    ab = parse_line("While you have at least 3 cards in your hand, this card has Agile.", "Friend", {})
    assert ab["cond"] == {"k": "hand_at_least", "n": 3} and ab["kw"] == "Agile"


def test_parse_keyword_grants_left_manual():
    # an X keyword without X, a power condition on power (Competitive grants and timed grants are
    # automated since: tests/gameplay/test_engine_grants_colors.py)
    for text in ("Your Friends here have Diligent.", "While this card has at least 4 power, it has +2 power."):
        assert parse_line(text, "Friend", {})["kind"] == "manual", text


def test_conditional_swift_at_home(game, card_db):
    # SB65 Seaquestria Citizens: "While this card is at home, it has Swift."
    assert card_db[card_db.key("SB65")].automated
    st = stacked_game(game)
    cid = place(game, st, "SB65", 0, "home0")
    set_tokens(st, 0, 1)
    assert game.keyword(st, cid, "Swift") == 1
    assert moves(game, st, cid) == {"prob0", "prob1"}
    st2, _ = game.apply(st, Action.make("move", 0, card=cid, area="prob1"))
    assert st2.tokens(0) == 0
    moved = next(o for o in st2.cards_in_play if st2.card_key(o) == card_db.key("SB65"))
    assert game.keyword(st2, moved, "Swift") == 0  # no longer at home


def test_problem_grants_persistent_to_your_friends_here(game, card_db):
    # MT125 Falling Rock Zone: "Your Friends here have Persistent."
    st = stacked_game(game)
    place(game, st, "MT125", 0, "prob0")
    here = place(game, st, "PR12", 0, "prob0")
    home = place(game, st, "PR33", 0, "home0")
    assert game.keyword(st, here, "Persistent") == 1 and game.keyword(st, home, "Persistent") == 0
    leave_play(game, st, here, "disc")
    assert st.pending is None and here in st.cards_in_play  # the Persistent decision is queued (712.3)
    resolve_all(game, st)  # answers the "may" with yes
    assert st.frightened(here) and here in st.cards_in_play  # frightened instead (Persistent)
    leave_play(game, st, home, "disc")
    assert home not in st.cards_in_play


def test_grant_ends_when_the_source_leaves_play(game, card_db):
    # DE51 Mr. and Mrs. Shy: "Your Friends at home have Swift."
    st = stacked_game(game)
    src = place(game, st, "DE51", 0, "home0")
    other = place(game, st, "PR12", 0, "home0")
    opp = place(game, st, "PR33", 1, "home1")
    assert game.keyword(st, other, "Swift") == 1 and game.keyword(st, opp, "Swift") == 0
    leave_play(game, st, src, "disc")
    assert game.keyword(st, other, "Swift") == 0
    assert not st.d.get("kwg")


def test_mane_color_condition(game, card_db):
    # HM14 Apple Bloom, Budding Apple: "While your Mane Character is [Honesty], this card has Diligent 2."
    mane = next(c.number for c in card_db.cards.values() if c.front.type == "Mane Character" and c.front.colors == ("Honesty",)
                and c.set_name != "Villain Challenge")
    other = next(c.number for c in card_db.cards.values() if c.front.type == "Mane Character" and "Honesty" not in c.front.colors
                 and c.set_name != "Villain Challenge")
    for m, want in ((mane, 2), (other, 0)):
        st = stacked_game(game, manes=(m, "PR2"))
        cid = place(game, st, "HM14", 0, "home0")
        assert game.keyword(st, cid, "Diligent") == want


# ------------------------------------------------------------------ "until the end of the phase", added colors
def test_parse_phase_durations_and_color_grants():
    ab = parse_line("Main Phase: Retire this card to give one of your characters [Laughter] until the end of the phase.",
                    "Resource", {})
    assert ab["cost"] == {"retire_self": True}
    assert ab["effects"] == [{"op": "add_color", "color": "Laughter", "target": {"type": "character", "ctrl": "you"},
                              "until": "phase"}]
    ab = parse_line("Main Phase: Your Friends get +1 power until the end of the phase.", "Event", {})
    assert ab["effects"][0]["until"] == "phase"


def test_phase_duration_maps_to_the_current_phase(game):
    st = stacked_game(game)
    assert st.step == "main"
    assert game.r.duration(st.d, "phase") == "main_phase" and game.r.duration(st.d, "turn") == "turn"
    st.d["step"] = "confront"
    assert game.r.duration(st.d, "phase") == "score_phase"


def test_added_color_lasts_until_the_end_of_the_main_phase(game, card_db):
    # CG125 Boneless: "Main Phase: Retire this card to give one of your characters [Laughter] until the end of the phase."
    st = stacked_game(game)
    res = place(game, st, "CG125", 0, "home0")
    friend = place(game, st, "PR12", 0, "home0")
    set_tokens(st, 0, 3)
    assert "Laughter" not in game.colors(st, friend)
    abl = card_db.cards[card_db.key("CG125")].abilities["front"]
    idx = next(i for i, a in enumerate(abl) if a["kind"] == "activated" and a["effects"][0]["op"] == "add_color")
    st, _ = game.apply(st, Action.make("activate", 0, card=res, ability=idx))
    for _ in range(10):
        pend = st.pending
        if not pend:
            break
        st, _ = game.apply(st, Action.make("choose", pend["player"],
                                           option=friend if friend in pend["options"] else pend["options"][0]))
    assert res not in st.cards_in_play  # retired as the cost
    assert "Laughter" in game.colors(st, friend)
    mod = next(m for m in st.d["mods"] if m.get("col"))
    assert mod["u"] == "main_phase" and mod["n"] == 0
    assert game.power(st, friend) == game.printed_power(st, friend)  # a color, not power
    end_main_phase(game, st)  # the Main Phase ends (after its end window, 601.2c)
    assert "Laughter" not in game.colors(st, friend) and st.step == "score"


# ------------------------------------------------------------------ start of the Troublemaker Phase
def test_parse_troublemaker_phase_triggers():
    ab = parse_line("At the start of your Troublemaker phase, put a +1 power counter on this card.", "Troublemaker", {})
    assert (ab["kind"], ab["on"], ab.get("as_tp")) == ("trigger", "tp_start", None)
    ab = parse_line("At the start of your opponent's Troublemaker Phase, they exhaust one of their characters at this "
                    "card's Problem.", "Troublemaker", {})
    assert (ab["on"], ab["as_tp"]) == ("opp_tp_start", True)
    assert ab["effects"] == [{"op": "exhaust", "target": {"type": "character", "ctrl": "you", "at": "here"}}]
    ab = parse_line("At the start of each player's Troublemaker Phase, that player retires a Resource.", "Troublemaker", {})
    assert (ab["on"], ab["as_tp"]) == ("any_tp_start", True)
    assert ab["effects"] == [{"op": "retire", "target": {"type": "Resource", "ctrl": "you"}}]
    ab = parse_line("At the start of your opponent's Troublemaker Phase, they discard a random card.", "Troublemaker", {})
    assert ab["effects"] == [{"op": "discard", "n": 1, "who": "you", "random": True}] and ab["as_tp"]
    ab = parse_line("At the start of your opponent's Troublemaker Phase, move one of their characters here home.",
                    "Troublemaker", {})
    assert ab["effects"][0]["target"]["ctrl"] == "opp" and not ab.get("as_tp")
    # CN163 Red Dragon: the turn player may pay (as_tp) to turn this card face-down (505.3)
    ab = parse_line("At the start of your opponent's Troublemaker Phase, they may pay [2] to turn this card "
                    "face-down.", "Troublemaker", {})
    assert ab["as_tp"] and ab["effects"] == [{"op": "may", "effects": [
        {"op": "pay", "n": 2}, {"op": "turn_face_down", "target": {"self": True}}]}]


def test_flam_exhausts_a_character_of_the_turn_player_at_its_problem(game, card_db):
    # PR154 Flam: "At the start of your opponent's Troublemaker Phase, they exhaust one of their characters at
    # this card's Problem."  Bob's face-up Flam at Bob's Problem; Ann's turn 2 starts.
    st = stacked_game(game)
    ann = place(game, st, "PR33", 0, "prob1")
    home = place(game, st, "PR12", 0, "home0")
    place(game, st, "PR154", 1, "prob1")
    ev = Ev()
    st.d["step"] = "tp_start"
    st.d["prio"] = None
    run_step(game, st, ev=ev)
    assert st.step == "w_tp" and st.triggers_waiting and st.triggers_waiting[0]["p"] == 0  # the turn player's
    while st.triggers_waiting or st.resolving or st.pending:
        if st.pending:
            pend = st.pending
            answer(game, st, pend["player"], pend["options"][0], ev=ev)
        elif st.resolving:
            resolve_step(game, st, ev=ev)
        else:
            pre_priority(game, st, ev=ev)
    assert st.exhausted(ann) and not st.exhausted(home)


def test_own_troublemaker_phase_trigger_in_a_played_turn(game, card_db):
    # MT113 Lord Tirek: "At the start of your Troublemaker phase, put a +1 power counter on this card."
    st = stacked_game(game)
    tirek = place(game, st, "MT113", 1, "prob0")
    before = game.power(st, tirek)
    from gameplay.engine.mlp.scenario import pass_until
    st = pass_until(game, st, lambda s: s.turn_player == 1 and s.step in ("tm_challenge", "main_start", "main"))
    tirek = next(o for o in st.cards_in_play if st.card_key(o) == card_db.key("MT113"))
    assert st.counters(tirek).get("+1") == 1 and game.power(st, tirek) == before + 1


# ------------------------------------------------------------------ more static conditions
def test_parse_more_static_conditions():
    cases = {
        "While you have 3 or fewer cards in your hand, this card has Swift.": {"k": "hand_at_most", "n": 3},
        "While an opponent's Mane Character is boosted, this card has Swift.": {"k": "opp_mane_boosted"},
        "While an opponent's Mane Character is at home, this card has +1 power.": {"k": "opp_mane_home"},
        "While there are no opposing characters here, this card has +3 power.": {"k": "no_opp_here"},
    }
    for text, cond in cases.items():
        assert parse_line(text, "Friend", {})["cond"] == cond, text


def test_no_opposing_characters_here_and_hand_size_conditions(game, card_db):
    # EO65 Daisy, Lily, & Roseluck: "While there are no opposing characters here, this card has +3 power."
    st = stacked_game(game)
    cid = place(game, st, "EO65", 0, "prob0")
    base = game.printed_power(st, cid)
    assert game.power(st, cid) == base + 3
    place(game, st, "PR33", 1, "prob0")
    assert game.power(st, cid) == base
    # DE11 Sky Stinger: "While you have 3 or fewer cards in your hand, this card has Swift."
    sky = place(game, st, "DE11", 0, "home0")
    assert len(st.hand(0)) > 3 and game.keyword(st, sky, "Swift") == 0
    st.d["pl"][0]["hand"] = st.hand(0)[:3]
    assert game.keyword(st, sky, "Swift") == 1


def test_opponent_mane_boosted_condition(game, card_db):
    # AD11 Little Strongheart: "While an opponent's Mane Character is boosted, this card has Swift."
    st = stacked_game(game)
    cid = place(game, st, "AD11", 0, "home0")
    assert game.keyword(st, cid, "Swift") == 0
    set_card(st, st.mane(1), boosted=True)
    assert game.keyword(st, cid, "Swift") == 1


def test_grant_conditioned_on_this_cards_power(game, card_db):
    # MT59 Bulk Biceps: "While this card has at least 3 power, it has Swift." / "... at least 4 power, it has Stubborn."
    ab = parse_line("While this card has at least 3 power, it has Swift.", "Friend", {})
    assert ab["cond"] == {"k": "power_at_least", "n": 3} and ab["target"] == "self"
    st = stacked_game(game)
    cid = place(game, st, "MT59", 0, "home0")
    pw = game.power(st, cid)
    assert game.keyword(st, cid, "Swift") == (1 if pw >= 3 else 0)
    assert game.keyword(st, cid, "Stubborn") == (1 if pw >= 4 else 0)
    add_power(game, st, cid, 4 - pw, "turn")
    assert game.power(st, cid) == 4 and game.keyword(st, cid, "Swift") == 1 and game.keyword(st, cid, "Stubborn") == 1
    add_power(game, st, cid, -2, "turn")
    assert game.keyword(st, cid, "Swift") == 0 and game.keyword(st, cid, "Stubborn") == 0
