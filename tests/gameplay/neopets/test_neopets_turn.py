"""Scenario tests of setup (1.2), the turn (7.1-7.6), the Queue and priority (3.2, 3.7, 3.8, 8.1) and
Codestones (5.14), on stacked decks with fixed dice (Comprehensive Rules 1.2)."""
from __future__ import annotations

import pytest

from gameplay.engine.api import Action, IllegalActionError
from gameplay.engine.neopets import scenario as S


def names(game, state, ids):
    return [game.name_of(state, c) for c in ids]


# ------------------------------------------------------------------------------------------ 1.2 setup
def test_1_2c_the_starting_player_may_defer_and_1_2d_each_player_draws_five(game):
    st = game.new_game([S.deck(), S.deck()], seed=3, stacked=True, first_player=0)
    assert st.d["pending"]["kind"] == "go_first" and st.d["pending"]["player"] == 0
    st, _ = S.act(game, st, "choose", 0, option="defer")
    assert st.d["first"] == 1 and st.d["active"] == 1
    assert [len(p["inventory"]) for p in st.d["players"]] == [5, 5]
    assert st.d["pending"] == {"kind": "mulligan", "player": 1, "options": ["keep", "mulligan"], "rule": "1.2d.1"}


def test_1_2c_without_a_given_first_player_the_starting_player_is_random_but_seeded(game):
    starters = {game.new_game([S.deck(), S.deck()], seed=s).d["setup"]["starter"] for s in range(12)}
    assert starters == {0, 1}
    assert game.new_game([S.deck(), S.deck()], seed=5).to_json() == game.new_game([S.deck(), S.deck()], seed=5).to_json()


def test_1_2d1_a_player_mulligans_once_drawing_five_new_cards(game):
    st = game.new_game([S.deck(["Demo Heal"] * 2 + ["Demo Omelette"] * 3), S.deck()], seed=3, stacked=True, first_player=0)
    st, _ = S.act(game, st, "choose", 0, option="first")
    st, _ = S.act(game, st, "choose", 0, option="mulligan")
    pl = st.d["players"][0]
    assert pl["mulliganed"] is True and len(pl["inventory"]) == 5 and len(pl["main_deck"]) == 45
    assert names(game, st, pl["inventory"]) == ["Demo Vo Codestone"] * 5  # stacked: the old hand went to the bottom
    assert st.d["pending"]["player"] == 1 and st.d["pending"]["kind"] == "mulligan"  # never a second one for Ann


def test_1_2e_starting_neopets_are_face_down_until_both_are_chosen(game):
    st = game.new_game([S.deck(), S.deck()], seed=3, stacked=True, first_player=0)
    for a in (("choose", 0, "first"), ("choose", 0, "keep"), ("choose", 1, "keep")):
        st, _ = S.act(game, st, a[0], a[1], option=a[2])
    assert st.d["pending"]["kind"] == "starting_neopet" and st.d["pending"]["rule"] == "1.2e"
    pick = st.d["pending"]["options"][1]
    st, events = S.act(game, st, "choose", 0, option=pick)
    assert game.view(st, 1)["players"][0]["neopet"] == {"face_down": True}  # 9.10b: not even its id
    assert pick not in str(game.view(st, 1)) and pick not in str(game.view(st, "spectator"))
    assert game.view(st, 0)["players"][0]["neopet"]["face_down"] is True
    st, events = S.act(game, st, "choose", 1, option=st.d["pending"]["options"][0])
    assert [e["type"] for e in events if e["type"] == "reveal"] == ["reveal", "reveal"]  # 1.2e.1 together
    assert game.view(st, 1)["players"][0]["neopet"]["name"] == "Demo Shoyru"


# ------------------------------------------------------------------------------------------ 7 turn phases
def test_7_2e_the_draw_phase_draws_one_card_and_7_5a_the_first_turn_skips_the_battle(game):
    st = S.stacked_game(game, [S.deck(["Demo Omelette"]), None])
    assert st.d["turn"] == 1 and st.d["phase"] == "draw"  # Ann has a Food: she gets priority after the draw
    assert len(st.d["players"][0]["inventory"]) == 6
    st, events = S.act(game, st, "pass", 0)
    st = S.run_until(game, st, lambda s: s.d["active"] == 1)
    assert st.d["turn"] == 2
    assert not st.d["players"][1]["damage"] and not st.d["players"][0]["damage"]


def test_5_14c2_one_codestone_is_attached_in_the_train_phase_outside_the_queue(game):
    st = S.stacked_game(game, [S.deck(["Demo Bri Codestone", "Demo Eo Codestone", "Demo Omelette"]), None])
    st = S.run_until(game, st, S.at("train", 0))
    attach = [a for a in game.legal_actions(st, 0) if a.kind == "attach"]
    assert attach
    st, _ = game.apply(st, attach[0])
    assert len(st.d["players"][0]["codestones"]) == 1 and not st.d["queue"]  # 5.14d
    assert st.d["priority"]["player"] == 0  # priority is not passed
    assert not [a for a in game.legal_actions(st, 0) if a.kind == "attach"]
    other = next(c for c in st.d["players"][0]["inventory"] if game.name_of(st, c) == "Demo Eo Codestone")
    with pytest.raises(IllegalActionError) as err:
        S.act(game, st, "attach", 0, card=other)
    assert err.value.rule == "5.14c.2"


def test_5_14c3_no_more_than_five_codestones_and_5_3b1_they_raise_the_base_stats(game):
    st = S.stacked_game(game, [S.deck(["Demo Bri Codestone"] * 2 + ["Demo Omelette"]), None])
    for _ in range(5):
        S.give(game, st, "Demo Bri Codestone", 0, "codestones")
    assert game.stat(st, 0, "attack") == 2 + 5  # Demo Kacheek: 2 printed
    st = S.run_until(game, st, S.at("train", 0))
    with pytest.raises(IllegalActionError) as err:
        S.act(game, st, "attach", 0, card=S.card_named(game, st, 0, "inventory", "Demo Bri Codestone"))
    assert err.value.rule == "5.14c.3"


def test_5_3d_stats_are_capped_at_10_and_hit_points_at_16(game):
    st = S.stacked_game(game)
    for _ in range(5):
        S.give(game, st, "Demo Vo Codestone", 0, "codestones")
    st.d["mods"].append({"player": 0, "stat": "attack", "n": 20, "mode": "add", "until": "turn", "by": 0, "turn": 1})
    st.d["mods"].append({"player": 0, "stat": "hit_points", "n": 20, "mode": "add", "until": "turn", "by": 0, "turn": 1})
    assert game.stat(st, 0, "attack") == 10 and game.stat(st, 0, "hit_points") == 16


def test_3_3a_a_card_needs_a_level_at_least_its_level_requirement(game):
    st = S.stacked_game(game, [S.deck(["Demo Wooden Shield", "Demo Bri Codestone", "Demo Omelette"]), None])
    st = S.run_until(game, st, S.at("train", 0))
    shield = S.card_named(game, st, 0, "inventory", "Demo Wooden Shield")
    assert Action.make("play", 0, card=shield) not in game.legal_actions(st, 0)
    st, _ = S.act(game, st, "attach", 0, card=S.card_named(game, st, 0, "inventory", "Demo Bri Codestone"))
    st = S.run_until(game, st, S.at("preparation", 0))
    assert Action.make("play", 0, card=shield) in game.legal_actions(st, 0)


def test_7_4d1_one_card_in_the_preparation_phase_food_does_not_count(game):
    st = S.stacked_game(game, [S.deck(["Demo Strength Potion", "Demo Heal", "Demo Omelette", "Demo Hot Dog"]), None])
    S.give(game, st, "Demo Bri Codestone", 0, "codestones")
    st = S.run_until(game, st, S.at("preparation", 0))
    st, _ = S.act(game, st, "play", 0, card=S.card_named(game, st, 0, "inventory", "Demo Strength Potion"))
    st = S.pass_(game, st)  # the Potion resolves
    assert not st.d["queue"] and st.d["players"][0]["played_card"]
    heal = S.card_named(game, st, 0, "inventory", "Demo Heal")
    with pytest.raises(IllegalActionError) as err:
        S.act(game, st, "play", 0, card=heal)
    assert err.value.rule == "7.4d.1"
    st, _ = S.act(game, st, "play", 0, card=S.card_named(game, st, 0, "inventory", "Demo Omelette"))  # 5.11d
    assert st.d["queue"][-1]["label"] == "Demo Omelette"


def test_5_5c_preparation_cards_are_played_only_in_the_active_players_preparation_phase(game):
    st = S.stacked_game(game, [S.deck(["Demo Heal", "Demo Omelette"]), None])
    S.give(game, st, "Demo Bri Codestone", 0, "codestones")
    heal = S.card_named(game, st, 0, "inventory", "Demo Heal")
    with pytest.raises(IllegalActionError) as err:
        S.act(game, st, "play", 0, card=heal)  # the Draw Phase
    assert err.value.rule == "7.4d.1"


# ------------------------------------------------------------------------------------------ 3.2 / 3.8 the Queue
def test_3_8d1_playing_keeps_priority_and_3_7a_the_entry_resolves_when_both_pass(game):
    st = S.stacked_game(game, [S.deck(["Demo Quick Strike", "Demo Omelette"]), S.deck(["Demo Hot Dog"])])
    S.give(game, st, "Demo Bri Codestone", 0, "codestones")
    st = S.run_until(game, st, S.at("preparation", 0))
    st, _ = S.act(game, st, "play", 0, card=S.card_named(game, st, 0, "inventory", "Demo Quick Strike"))
    assert [e["label"] for e in st.d["queue"]] == ["Demo Quick Strike"] and st.d["priority"]["player"] == 0
    st = S.pass_(game, st)
    assert st.d["priority"]["player"] == 1 and st.d["queue"]  # Bob holds a Food: he may respond
    st = S.pass_(game, st)
    assert not st.d["queue"] and st.d["players"][1]["damage"] == 2
    assert names(game, st, st.d["players"][0]["discard"]) == ["Demo Quick Strike"]  # 5.7d


def test_3_2c_a_food_response_resolves_first_and_negates_what_it_responds_to(game):
    st = S.stacked_game(game, [S.deck(["Demo Quick Strike", "Demo Omelette"]), S.deck(["Demo Negg of Refusal"])])
    S.give(game, st, "Demo Bri Codestone", 0, "codestones")
    for _ in range(2):
        S.give(game, st, "Demo Bri Codestone", 1, "codestones")
    st = S.run_until(game, st, S.at("preparation", 0))
    st, _ = S.act(game, st, "play", 0, card=S.card_named(game, st, 0, "inventory", "Demo Quick Strike"))
    st = S.pass_(game, st)
    negg = S.card_named(game, st, 1, "inventory", "Demo Negg of Refusal")
    st, _ = S.act(game, st, "play", 1, card=negg)  # 5.11c.1: Food at any priority
    assert [e["label"] for e in st.d["queue"]] == ["Demo Quick Strike", "Demo Negg of Refusal"]
    st = S.pass_(game, st)
    st = S.run_until(game, st, lambda s: not s.d["queue"])
    assert st.d["players"][1]["damage"] == 0  # negated
    assert names(game, st, st.d["players"][0]["discard"]) == ["Demo Quick Strike"]
    assert names(game, st, st.d["players"][1]["void"]) == ["Demo Negg of Refusal"]  # 5.11d.1


def test_5_11c2_a_food_with_a_timing_restriction_waits_for_its_phase(game):
    st = S.stacked_game(game, [S.deck(["Demo Battle Snack", "Demo Omelette"]), None])
    snack = S.card_named(game, st, 0, "inventory", "Demo Battle Snack")
    with pytest.raises(IllegalActionError) as err:
        S.act(game, st, "play", 0, card=snack)
    assert err.value.rule == "5.11c.2"


def test_8_1a_phase_based_priority_each_phase_ends_when_both_players_pass(game):
    st = S.stacked_game(game, [S.deck(["Demo Omelette"]), S.deck(["Demo Hot Dog"])])
    seen = []
    while st.d["turn"] == 1:
        seen.append((st.d["phase"], st.d["priority"]["player"]))
        st = S.pass_(game, st)
    assert [ph for ph, _p in seen][:2] == ["draw", "draw"]
    assert {("draw", 0), ("draw", 1), ("train", 0), ("train", 1), ("preparation", 0), ("end", 1)} <= set(seen)


# ------------------------------------------------------------------------------------------ 9.2 Exhaustion
def test_9_2b_an_exhausted_player_is_dealt_one_damage_at_the_beginning_of_their_draw_phase(game):
    st = S.stacked_game(game, [S.deck(["Demo Omelette"]), None])
    st.d["players"][1]["main_deck"][:] = []
    st.d["cards"] = {k: v for k, v in st.d["cards"].items() if not (v["o"] == 1 and v["z"] == "main_deck")}
    st = S.run_until(game, st, lambda s: s.d["active"] == 1 and s.d["phase"] != "beginning")
    assert st.d["players"][1]["damage"] == 1
