"""The effect interpreter (resolve.py): vocabulary ops with their decisions."""
from __future__ import annotations

import json

from gameplay.engine.api import Action
from gameplay.engine.mlp.scenario import place, resolve_all, stacked_game
from tests.gameplay.effect_scenarios import walk


def run(game, st, effects, p=0, src=None):
    """Resolve ``effects`` for player ``p``, answering decisions with their first option (or yes)."""
    st.d["rq"].append({"p": p, "src": src or st.mane(p), "eff": effects, "i": 0, "ch": None,
                       "lbl": "test", "after": None})
    return resolve_all(game, st)


def test_each_player_retires_a_friend_turn_player_first(game):
    st = stacked_game(game)
    a = place(game, st, "PR12", 0, "home0")
    b = place(game, st, "PR33", 1, "home1")
    run(game, st, [{"op": "each_player", "effects": [{"op": "retire", "target": {"type": "Friend", "ctrl": "you"}}]}])
    assert not st.has_card(a) and not st.has_card(b)


def test_mark_then_it_gets_power(game):
    st = stacked_game(game)
    a = place(game, st, "PR12", 0, "prob0")
    run(game, st, [{"op": "mark", "target": {"type": "Friend", "ctrl": "you"}},
                   {"op": "power", "n": 2, "target": {"it": True}, "until": "turn"}])
    assert game.power(st, a) == 4


def test_gain_control_until_end_of_turn_reverts_and_character_goes_home(game):
    st = stacked_game(game)
    b = place(game, st, "PR33", 1, "prob0")
    run(game, st, [{"op": "gain_control", "target": {"type": "Friend", "ctrl": "opp"}, "until": "turn"}])
    assert st.controller(b) == 0
    st._la = None
    st, _ = game.apply(st, Action("pass", 0))  # end of turn: control returns (513.2)
    assert st.controller(b) == 1


def test_choose_modes_asks_for_a_mode(game):
    st = stacked_game(game)
    n = len(st.hand(0))
    run(game, st, [{"op": "choose_modes", "n": 1, "modes": [[{"op": "draw", "n": 2, "who": "you"}], [{"op": "gain", "n": 1}]],
                    "labels": ["Draw 2 cards", "gain [1]"]}])
    assert len(st.hand(0)) == n + 2


def test_search_deck_shuffles_and_puts_card_in_hand(game):
    st = stacked_game(game)
    n = len(st.hand(0))
    run(game, st, [{"op": "search", "filter": {"type": "Friend"}, "zone": "deck", "to": "hand"}])
    assert len(st.hand(0)) == n + 1


def test_pay_stops_the_rest_when_it_cannot_be_paid(game):
    st = stacked_game(game)
    st.d["pl"][0]["tok"] = 0
    n = len(st.hand(0))
    run(game, st, [{"op": "pay", "n": 2}, {"op": "draw", "n": 1, "who": "you"}])
    assert len(st.hand(0)) == n


def test_turn_face_down_and_uncover(game):
    st = stacked_game(game)
    tm = place(game, st, "PR155", 1, "prob0")
    run(game, st, [{"op": "turn_face_down", "target": {"type": "Troublemaker"}}])
    assert st.face_down(tm)
    run(game, st, [{"op": "uncover"}])
    assert not st.face_down(tm)


def test_replace_problem_effect(game):
    st = stacked_game(game)
    before = game.problem_at(st, "prob0")
    run(game, st, [{"op": "replace_problem"}])
    assert game.problem_at(st, "prob0") != before


def _moves_to_one_area(card_db):
    return sorted({(d.number, json.dumps(e, sort_keys=True)) for d in card_db.cards.values()
                   for e in walk(dict(d.abilities)) if e.get("op") == "move" and e.get("to") in ("here", "it_problem", "it")})


def test_a_move_to_one_area_offers_no_card_already_there(game, card_db):
    """Choices offered are meaningful: a move "to this card's Problem" / "to that Friend's Problem" / "there"
    never offers a card already at that area (moving it would do nothing, 506.2; MT11 offered it).  Checked
    for every card with such a move, with characters of both players at both Problems and at home."""
    import copy

    from gameplay.engine.mlp.state import State
    from gameplay.engine.mlp.effects.targeting import move_destination, target_cards

    moves = _moves_to_one_area(card_db)
    assert "MT11" in {n for n, _ in moves} and len(moves) > 20
    base = stacked_game(game)
    for p in (0, 1):
        for area in ("home%d" % p, "prob0", "prob1"):
            place(game, base, "PR12", p, area)
    it = place(game, base, "PR33", 0, "prob0")
    offered_elsewhere = 0
    for number, text in moves:
        e = json.loads(text)
        st = State(copy.deepcopy(base.d))
        src = place(game, st, number, 0, "prob0") if card_db.cards[card_db.key(number)].front.type != "Resource" \
            else place(game, st, number, 0, "prob0", host=it)
        fr = {"p": 0, "src": src, "x": {"it": it}, "it": it, "ch": None, "i": 0}
        dest = move_destination(game.r, st.d, fr, e)
        cands = target_cards(game.r, st.d, fr, e)
        assert all(st.area(c) != dest for c in cands), number
        offered_elsewhere += bool(cands)
    assert offered_elsewhere > len(moves) // 2
