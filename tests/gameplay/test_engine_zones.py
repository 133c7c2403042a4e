"""4xx zones and 5xx game concepts that need no particular card."""
from __future__ import annotations

from gameplay.engine.api import Action
from gameplay.engine.mlp.scenario import (add_power, exhaust, frighten, leave_play, move_card, place, put_in_zone,
                                          replace_problem, resolve_step, stacked_game)


def test_410_6_a_card_changing_zones_gets_a_new_id_and_loses_modifiers(game):
    st = stacked_game(game)
    cid = place(game, st, "PR12", 0, "prob0")
    add_power(game, st, cid, 2, "turn")
    new = leave_play(game, st, cid, "hand", verb="returned")
    assert new != cid and not st.has_card(cid) and new in st.hand(0)
    game.r.prune_mods(st.d)
    assert not st.d["mods"]


def test_303_3_problems_cannot_enter_hand_or_discard(game):
    st = stacked_game(game)
    pid = game.problem_at(st, "prob0")
    new = put_in_zone(game, st, pid, "disc")
    assert new == st.problem_deck(0)[-1]


def test_521_3_tokens_cease_to_exist_outside_play_and_521_4_when_frightened(game):
    st = stacked_game(game)
    st.d["rq"].append({"p": 0, "src": st.mane(0), "eff": [
        {"op": "token", "power": 1, "color": "Kindness", "traits": ["Critter"], "at": "home"}], "i": 0, "ch": None,
        "lbl": "", "after": None})
    resolve_step(game, st)
    tok = next(c for c in st.cards_in_play if st.is_token(c))
    assert game.card_name(st, tok) == "Critter" and game.power(st, tok) == 1  # 521.1a name = traits
    assert put_in_zone(game, st, tok, "hand") is None and not st.has_card(tok)
    st.d["rq"].append({"p": 0, "src": st.mane(0), "eff": [
        {"op": "token", "power": 1, "color": "Kindness", "traits": ["Critter"], "at": "home"}], "i": 0, "ch": None,
        "lbl": "", "after": None})
    resolve_step(game, st)
    tok = next(c for c in st.cards_in_play if st.is_token(c))
    frighten(game, st, tok)
    assert not st.has_card(tok)


def test_506_2a_troublemakers_cannot_be_moved_home(game):
    st = stacked_game(game)
    tm = place(game, st, "PR155", 0, "prob1")
    assert move_card(game, st, tm, "home0") is False


def test_301_5_mane_characters_cannot_leave_play(game):
    st = stacked_game(game)
    mane = st.mane(0)
    assert leave_play(game, st, mane, "disc") is None and mane in st.cards_in_play


def test_503_2a_exhausted_cards_cannot_become_exhausted_and_503_4a_problems_never(game):
    st = stacked_game(game)
    cid = place(game, st, "PR12", 0, "home0")
    assert exhaust(game, st, cid) is True
    assert exhaust(game, st, cid) is False
    assert exhaust(game, st, game.problem_at(st, "prob0")) is False


def test_603_1_ready_step_readies_the_turn_players_cards(game):
    st = stacked_game(game)
    b = place(game, st, "PR12", 1, "home1", exhausted=True)
    st, _ = game.apply(st, Action("pass", 0))
    assert st.turn_player == 1 and not st.exhausted(b)


def test_613_2_face_down_troublemakers_stay_when_a_problem_is_replaced(game):
    st = stacked_game(game)
    fd = place(game, st, "PR155", 1, "prob0", face_down=True)
    fu = place(game, st, "PR154", 1, "prob0")
    ch = place(game, st, "PR12", 0, "prob0")
    replace_problem(game, st, "prob0")
    assert fd in st.cards_in_play and not st.has_card(fu)
    assert st.area(ch) == "home0"


def test_609_2c_troublemaker_played_face_down_for_one_token(game):
    st = stacked_game(game)
    from gameplay.engine.mlp.scenario import to_hand

    tm = to_hand(game, st, "PR155", 0)
    st, ev = game.apply(st, Action.make("play_troublemaker", 0, card=tm, area="prob1"))
    new = next(c for c in st.cards_in_play if st.face_down(c))
    assert st.tokens(0) == 1 and st.area(new) == "prob1"
    assert "Flim" not in " ".join(e["msg"] for e in ev if "to" not in e)  # 505.1d.i no name while face-down


def test_607_uncover_at_the_start_of_the_controllers_turn(game):
    st = stacked_game(game)
    tm = place(game, st, "PR155", 1, "prob0", face_down=True)
    st, _ = game.apply(st, Action("pass", 0))
    assert st.turn_player == 1 and not st.face_down(tm)


def test_521_token_from_a_source_that_left_play_is_viewable_and_typed(game):
    import json

    st = stacked_game(game)
    st.d["rq"].append({"p": 0, "src": "c99999", "eff": [
        {"op": "token", "power": 2, "color": "Laughter", "traits": ["Earth Pony"], "at": "home", "kw": {"Swift": 1}}],
        "i": 0, "ch": None, "lbl": "", "after": None})
    resolve_step(game, st)
    tok = next(c for c in st.cards_in_play if st.is_token(c))
    assert game.card_type(st, tok) == "Friend" and game.keyword(st, tok, "Swift") == 1
    v = game.view(st, 1)
    entry = next(c for c in v["areas"]["home0"] if c["id"] == tok)
    assert entry["token"] and entry["name"] == "Earth Pony" and entry["power"] == 2
    json.dumps(v)
