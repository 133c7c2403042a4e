"""Views never contain what the viewer may not see (404.1, 402.2, 403.2, 505.1d)."""
from __future__ import annotations

import json

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as hs

from gameplay.engine import rng
from gameplay.engine.api import Action
from gameplay.engine.mlp.deckbuild import random_deck
from gameplay.engine.mlp.scenario import place, stacked_game
from gameplay.engine.mlp.selfplay import hidden_check


def test_player_view_hides_opponent_hand_and_decks(game):
    st = stacked_game(game)
    v = game.view(st, 0)
    assert v["players"][0]["hand"] and v["players"][1]["hand"] is None
    assert v["players"][1]["hand_size"] == 6
    assert "deck" not in v["players"][0] and v["players"][0]["deck_size"] == 39
    text = json.dumps(v)
    for cid in st.d["pl"][1]["hand"] + st.d["pl"][1]["deck"] + st.d["pl"][0]["deck"]:
        assert f'"{cid}"' not in text


def test_spectator_sees_no_hand(game):
    st = stacked_game(game)
    v = game.view(st, "spectator")
    assert v["players"][0]["hand"] is None and v["players"][1]["hand"] is None


def test_judge_sees_everything(game):
    st = stacked_game(game)
    v = game.view(st, "judge")
    assert len(v["players"][1]["hand"]) == 6 and len(v["players"][0]["deck"]) == 39
    assert "rng" in v


def test_505_1d_face_down_troublemaker_identity_hidden_from_opponent(game):
    st = stacked_game(game)
    tm = place(game, st, "PR158", 0, "prob1", face_down=True)  # Timberwolf
    opp = game.view(st, 1)
    entry = next(c for c in opp["areas"]["prob1"] if c["id"] == tm)
    assert entry == {"id": tm, "face_down": True, "type": "Troublemaker", "controller": 0, "area": "prob1"}
    assert "Timberwolf" not in json.dumps(opp)
    own = game.view(st, 0)
    assert next(c for c in own["areas"]["prob1"] if c["id"] == tm)["name"] == "Timberwolf"


def test_pending_decision_options_hidden_from_the_other_player(game):
    st = game.new_game([{"mane": "PR1", "deck": ["PR12"] * 45, "problems": ["PR190"] * 2 + ["PR161"] * 8},
                        {"mane": "PR2", "deck": ["PR12"] * 45, "problems": ["PR190"] * 2 + ["PR161"] * 8}], seed=1)
    v = game.view(st, 1)
    assert v["pending"] == {"player": 0, "kind": "starting_problem", "rule": "102.2"}


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(seed=hs.integers(min_value=0, max_value=2**32))
def test_property_random_games_never_leak_hidden_cards(game, seed):
    d0, s = random_deck(game.db, seed)
    d1, s = random_deck(game.db, s)
    st = game.new_game([d0, d1], seed=s)
    r = seed
    for i in range(250):
        if st.d["outcome"]:
            break
        p = game.to_move(st)
        acts = game.legal_actions(st, p)
        r, k = rng.randbelow(r, len(acts))
        st, _ = game.apply(st, acts[k])
        if i % 5 == 0:
            hidden_check(game, st)


def test_private_events_are_filtered(game):
    from gameplay.engine.mlp import filter_events

    st = stacked_game(game)
    st, events = game.apply(st, Action.make("draw", 0))
    mine = filter_events(events, 0)
    theirs = filter_events(events, 1)
    assert any(e["msg"].startswith("You draw") for e in mine)
    assert not any(e["msg"].startswith("You draw") for e in theirs)
    assert any(e["msg"] == "Ann draws a card" for e in theirs)


def test_a_look_at_the_opponents_hand_shows_the_offered_cards_only_to_the_looker(game):
    # "Look at an opponent's hand. You may choose a card from it ..." (AD110): the looking player must be
    # able to tell the offered cards apart; the spectator and the judge-less opponent view see only the kind.
    from gameplay.engine.mlp.engine import Ev

    st = stacked_game(game)
    st.d["rq"].append({"p": 0, "src": st.d["pl"][0]["mane"], "i": 0, "ch": None, "lbl": "test", "after": None,
                       "eff": [{"op": "look_hand", "whose": "opp", "filter": {}, "to": "deck_top", "optional": True}]})
    ev = Ev()
    while not st.d["pending"]:
        game.r.resolve_step(st.d, ev)
    st._la = None
    hand = st.d["pl"][1]["hand"]
    mine = game.view(st, 0)["pending"]
    assert set(mine["cards"]) == set(hand)
    assert {c["name"] for c in mine["cards"].values()} == {game.r.name(st.d, c) for c in hand}
    spectator = json.dumps(game.view(st, "spectator"))
    assert not any(f'"{c}"' in spectator for c in hand)
    hidden_check(game, st)  # the looker's options are not a leak; nobody else sees them
