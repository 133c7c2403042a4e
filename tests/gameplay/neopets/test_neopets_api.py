"""The game-neutral API of the Neopets engine: views and hidden information (9.10), filtered logs,
default actions, manual effects, replay and JSON round trips, card data validation, and self-play
invariants as property tests."""
from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, given, settings, strategies as hs

from gameplay.engine.api import JUDGE, Action, IllegalActionError, replay
from gameplay.engine.neopets import CardDataError, CardDB, NeopetsGame, State, filter_events
from gameplay.engine.neopets import effects, scenario as S
from gameplay.engine.neopets.carddb import card_from_record
from gameplay.engine.neopets.decks import DEMO_DECKS, demo_deck
from gameplay.engine.neopets.selfplay import game_check, hidden_check, play_random_game, zone_check


def test_a_players_view_hides_the_opponents_inventory_decks_and_rainbow_pool(game):
    st = S.stacked_game(game, [S.deck(["Demo Heal", "Demo Omelette"]), S.deck(["Demo Quick Strike"])])
    v1 = game.view(st, 1)
    ann = v1["players"][0]
    assert ann["inventory"] is None and ann["inventory_size"] == 6 and ann["main_deck_size"] == 44
    assert ann["neopet_deck"] is None and ann["rainbow_pool"] is None and ann["neopet_deck_size"] == 2
    assert "Demo Heal" not in json.dumps(v1) and "Demo Heal" not in json.dumps(game.view(st, "spectator"))
    assert [c["name"] for c in game.view(st, 0)["players"][0]["inventory"]][:2] == ["Demo Heal", "Demo Omelette"]
    judge = game.view(st, "judge")
    assert judge["players"][1]["main_deck"] and "rng" in judge


def test_another_players_pending_decision_shows_only_its_kind(game):
    st = game.new_game([S.deck(), S.deck()], seed=1, stacked=True, first_player=1)
    assert game.view(st, 0)["pending"] == {"player": 1, "kind": "go_first", "rule": "1.2c"}
    assert game.view(st, 1)["pending"]["options"] == ["first", "defer"]


def test_filtered_logs_keep_private_draws_for_their_player(game):
    st = game.new_game([S.deck(["Demo Heal"]), S.deck()], seed=1, stacked=True, first_player=0)
    st, events = game.apply(st, Action.make("choose", 0, option="first"))
    private = [e for e in events if e.get("to") == 0]
    assert private and all("Demo Heal" not in e["msg"] for e in filter_events(events, 1))
    assert any("Demo Heal" in e["msg"] for e in filter_events(events, 0))
    assert len(filter_events(events, "judge")) == len(events)


def test_default_action_passes_or_declines_and_is_always_legal(game):
    st = game.new_game([S.deck(), S.deck()], seed=1)
    for _ in range(400):
        p = game.to_move(st)
        if p is None:
            break
        a = game.default_action(st, p)
        assert a in game.legal_actions(st, p)
        if st.d["pending"] and st.d["pending"]["kind"] == "mulligan":
            assert a.get("option") == "keep"
        st, _ = game.apply(st, a)
    assert game.default_action(st, 1 - (game.to_move(st) or 0)) is None or game.to_move(st) is None


def test_illegal_actions_name_their_rule(game):
    st = S.stacked_game(game, [S.deck(["Demo Omelette"]), None])
    with pytest.raises(IllegalActionError) as err:
        game.apply(st, Action.make("pass", 1))
    assert err.value.rule == "3.8c"
    with pytest.raises(IllegalActionError) as err:
        game.apply(st, Action.make("time_called", 0))
    assert "house rule" in err.value.rule


def test_manual_effect_plays_text_the_engine_does_not_automate(game):
    st = S.stacked_game(game, [S.deck(["Demo Mystery Scroll", "Demo Omelette"]), None])
    assert not game.db[game.db.key("Demo Mystery Scroll")].automated
    st, events = game.apply(st, Action.make("manual_effect", 0, effect={"op": "discard", "n": 1, "who": "opponent"}))
    assert st.d["pending"]["kind"] == "discard" and st.d["pending"]["player"] == 1
    with pytest.raises(IllegalActionError):  # an effect waiting on a decision is not interrupted
        game.apply(st, Action.make("manual_effect", 1, effect={"op": "heal", "n": 1}))
    st, _ = game.apply(st, Action.make("choose", 1, option=st.d["pending"]["options"][0]))
    assert len(st.d["players"][1]["discard"]) == 1 and events[0]["manual"]
    st, _ = game.apply(st, Action.make("manual_effect", JUDGE, as_player=1, effect={"op": "damage", "n": 1}))
    assert st.d["players"][0]["damage"] == 1
    with pytest.raises(IllegalActionError):
        game.apply(st, Action.make("manual_effect", 0, effect={"op": "teleport"}))
    with pytest.raises(IllegalActionError):
        game.apply(st, Action.make("manual_effect", 1, effect={"op": "heal", "n": 1}))  # not Bob's decision


def test_a_game_is_deterministic_from_seed_decks_and_actions_and_replays(game):
    decks = [demo_deck("Demo Meridell Guard"), demo_deck("Demo Desert Thieves")]
    st = game.new_game(decks, seed=99)
    init = st.copy()
    actions = []
    while game.to_move(st) is not None and len(actions) < 300:
        a = game.legal_actions(st, game.to_move(st))[-1]
        actions.append(a)
        st, _ = game.apply(st, a)
    assert replay(game, init, actions) == st
    assert State.from_json(st.to_json()) == st and State.from_dict(json.loads(json.dumps(st.to_dict()))) == st
    st2 = game.new_game(decks, seed=99)
    assert replay(game, st2, [Action.from_dict(a.to_dict()) for a in actions]).to_json() == st.to_json()


def test_the_four_demo_decks_play_each_other(game):
    names = list(DEMO_DECKS)
    for i, a in enumerate(names):
        b = names[(i + 1) % len(names)]
        st = game.new_game([demo_deck(a), demo_deck(b)], seed=i)
        n = 0
        while game.to_move(st) is not None:
            st, _ = game.apply(st, game.default_action(st, game.to_move(st)))
            n += 1
        assert game.outcome(st) is not None and n < 5000


def test_card_data_outside_the_vocabulary_is_refused():
    with pytest.raises(CardDataError, match="unknown effect op"):
        card_from_record({"id": "x", "name": "X", "type": "Legend", "effects": [{"kind": "play", "do": [{"op": "explode"}]}]})
    with pytest.raises(CardDataError, match="trigger"):
        card_from_record({"id": "x", "name": "X", "type": "Equipment", "effects": [{"kind": "triggered", "on": "never"}]})
    with pytest.raises(CardDataError, match="unknown condition"):
        card_from_record({"id": "x", "name": "X", "type": "Equipment",
                          "effects": [{"kind": "passive", "stat": "attack", "n": 1, "condition": {"test": "moon"}}]})
    with pytest.raises(CardDataError, match="unknown card type"):
        card_from_record({"id": "x", "name": "X", "type": "Spaceship"})
    assert card_from_record({"id": "x", "name": "X", "type": "Item"}).type == "Equipment"  # the first demo file's types


def test_the_effect_registry_refuses_a_second_handler_for_an_op():
    with pytest.raises(ValueError, match="registered twice"):
        effects.op("damage")(lambda ctx, e: None)


def test_every_demo_card_type_and_every_vocabulary_entry_is_used_by_the_demo_set(card_db):
    from gameplay.engine.neopets.__main__ import coverage

    cov = coverage(card_db)
    assert set(cov["types"]) == {"Neopet", "Faerie", "Hero", "Villain", "Paint Brush", "Legend", "Equipment", "Petpet",
                                 "Potion", "Food", "Location", "Map Piece", "Codestone", "Faction"}
    unused = {(k, n) for k, d in cov["vocabulary"].items() for n, v in d.items() if not v}
    assert unused == set()  # every entry is used by a demo card (a Paint Brush's own paint counts, 5.6c.2)
    assert cov["manual"] == ["Demo Mystery Scroll"]


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=hs.integers(min_value=0, max_value=2**40))
def test_random_games_keep_every_invariant(seed):
    game = NeopetsGame(CardDB.demo())
    r = play_random_game(game, seed, check=True)
    assert r["winner"] in (0, 1, None) and r["rounds"] in (1, 2, 3)


def test_the_invariant_checks_fail_on_a_broken_state(game):
    st = S.stacked_game(game)
    total = len(st.d["cards"])
    zone_check(st.d, total)
    game_check(game, st.d)
    hidden_check(game, st, [])
    broken = st.copy()
    broken.d["players"][0]["inventory"].append(broken.d["players"][0]["main_deck"][0])
    with pytest.raises(AssertionError):
        zone_check(broken.d, total)
    broken = st.copy()
    broken.d["players"][0]["damage"] = 50
    with pytest.raises(AssertionError):
        game_check(game, broken.d)
    leaky = [{"type": "draw", "msg": "You draw Demo Heal", "to": 0}]
    with pytest.raises(AssertionError):
        hidden_check(game, st, [dict(leaky[0], to=None)])


def test_the_view_payload_keeps_its_documented_shape(game):
    """The game table renders these keys (gameplay/engine/neopets/README.md, View): keep them stable."""
    st = S.stacked_game(game, [S.deck(["Demo Treasure Hunt", "Demo Omelette"]), None])
    S.give(game, st, "Demo Bri Codestone", 0, "codestones")
    S.give(game, st, "Demo Heal", 0, "main_deck")
    st = S.run_until(game, st, S.at("preparation", 0))
    st, _ = game.apply(st, Action.make("play", 0, card=S.card_named(game, st, 0, "inventory", "Demo Treasure Hunt")))
    st, _ = game.apply(st, Action.make("pass", 0))
    v = game.view(st, 0)
    assert set(v) == {"game", "viewer", "turn", "round", "active_player", "first_player", "phase", "step", "players",
                      "queue", "battle", "priority", "pending", "modifiers", "delayed", "outcome", "time_called", "seen"}
    assert set(v["players"][0]) == {
        "index", "name", "rounds_won", "neopet", "codestones", "champion", "equipment", "play_area", "discard", "void",
        "round_results", "inventory_size", "main_deck_size", "neopet_deck_size", "rainbow_pool_size", "stolen_size",
        "exhausted", "inventory", "stolen", "neopet_deck", "rainbow_pool", "played_card", "attached", "pledged",
        "mulliganed", "equipment_slots", "planned_size", "planned"}
    assert {"id", "key", "name", "type", "level_requirement", "team", "text", "owner", "zone"} <= set(v["players"][0]["codestones"][0])
    assert {"face_down", "damage", "level", "stats", "base_stats", "printed_stats", "status"} <= set(v["players"][0]["neopet"])
    pend = v["pending"]
    assert pend["kind"] == "search" and pend["player"] == 0 and pend["rule"] == "8.11"
    heal = next(o for o in pend["options"] if o != "none")
    assert pend["cards"][heal]["name"] == "Demo Heal"  # the searching player sees what they may take
    assert game.view(st, 1)["pending"] == {"player": 0, "kind": "search", "rule": "8.11"}
    assert heal not in json.dumps(game.view(st, 1))
    assert v["queue"] == [] and json.loads(json.dumps(v)) == v


def test_the_command_line_plays_checked_games_and_reports_coverage(capsys):
    from gameplay.engine.neopets.__main__ import main

    assert main(["selfplay", "--games", "3", "--seed", "5", "--check", "--digest", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["completed"] == 3 and out["errors"] == 0 and len(out["digest"]) == 64 and out["average_rounds"] >= 2
    assert main(["selfplay", "--games", "3", "--seed", "5", "--digest", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["digest"] == out["digest"]  # the same games, checked or not
    assert main(["coverage", "--json"]) == 0
    cov = json.loads(capsys.readouterr().out)
    assert cov["total"] == {"cards": 90, "automated": 89, "percent": 98.9}
