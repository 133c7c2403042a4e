"""Scenario tests of the dice battle (7.5), rounds and the end of the game (1.3, 7.7-7.10), with fixed
dice.  Ann's Demo Kacheek (A2 D2 Ag3 HP10) and Bob's Demo Kougra (A3 D3 Ag1 HP12); Bob attacks on turn 2."""
from __future__ import annotations

from gameplay.engine.api import JUDGE, Action
from gameplay.engine.neopets import scenario as S


def to_agility(game, st):
    return S.run_until(game, st, lambda s: s.d["pending"] is not None and s.d["pending"]["kind"] == "agility_reroll")


def test_7_5d_to_7_5h_attack_and_defence_dice_successes_and_damage(game):
    st = S.stacked_game(game)
    S.set_dice(st, [6, 5, 4, 4, 1])  # Bob's 3 attack dice, Ann's 2 defence dice
    st = to_agility(game, st)
    b = st.d["battle"]
    assert (b["attacker"], b["attack"], b["defence"]) == (1, [6, 5, 4], [4, 1])
    assert st.d["pending"]["player"] == 0 and st.d["pending"]["rule"] == "7.5f.5"  # Ann is more agile (3 to 1)
    st, events = S.act(game, st, "choose", 0, option="done")
    st = S.run_until(game, st, lambda s: s.d["active"] == 0)
    assert st.d["players"][0]["damage"] == 2  # 1 critical + 2 hits - 1 block (7.5g)


def test_7_5g5_a_critical_can_not_be_blocked_even_by_a_six(game):
    st = S.stacked_game(game)
    S.set_dice(st, [6, 6, 6, 6, 6])
    st = to_agility(game, st)
    st, _ = S.act(game, st, "choose", 0, option="done")
    st = S.run_until(game, st, lambda s: s.d["active"] == 0)
    assert st.d["players"][0]["damage"] == 3


def test_7_5f_the_more_agile_player_rerolls_up_to_the_difference_each_die_once(game):
    st = S.stacked_game(game)
    S.set_dice(st, [4, 4, 4, 1, 1, 5, 6])
    st = to_agility(game, st)
    assert st.d["pending"]["options"] == [0, 1, "done"]
    st, _ = S.act(game, st, "choose", 0, option=1)
    assert st.d["pending"]["options"] == [0, "done"]  # 7.5f.7
    st, events = S.act(game, st, "choose", 0, option=0)  # the second of two re-rolls: rolled together (7.5f.8)
    assert next(e["dice"] for e in events if e["type"] == "agility_reroll") == [6, 5]
    st = S.run_until(game, st, lambda s: s.d["active"] == 0)
    assert st.d["players"][0]["damage"] == 1


def test_frozen_neopet_does_not_attack_in_its_next_battle_phase(game):
    st = S.stacked_game(game)
    st.d["players"][1]["status"]["frozen"] = True
    st = S.run_until(game, st, lambda s: s.d["turn"] == 3)
    assert st.d["players"][0]["damage"] == 0 and not st.d["players"][1]["status"]["frozen"]


def knock_out_ann(game, st):
    st.d["players"][0]["damage"] = 9
    S.set_dice(st, [6, 1, 1, 1, 1])
    st = to_agility(game, st)
    st, events = S.act(game, st, "choose", 0, option="done")
    return st, events


def test_7_5h3_a_knockout_ends_the_round_and_7_8_end_of_round_cleanup(game):
    st = S.run_until(game, S.stacked_game(game), lambda s: s.d["turn"] == 2)  # (Jeran heals at Ann's end of turn)
    S.give(game, st, "Demo Bri Codestone", 0, "codestones")
    S.give(game, st, "Demo Wooden Shield", 0, "equipment")
    S.give(game, st, "Demo Jeran", 0, "champion")
    S.give(game, st, "Demo Battledome Arena", 0, "play_area")
    S.give(game, st, "Demo Map Piece 1", 0, "play_area")
    S.give(game, st, "Demo Heal", 1, "stolen", owner=0)  # Bob stole Ann's Heal
    st.d["players"][0]["damage"] = 9
    S.set_dice(st, [6, 1, 1, 1] + [1] * 4)  # Arena: Bob attacks with 4; Shield, Jeran: Ann defends with 4
    st = to_agility(game, st)
    st, events = S.act(game, st, "choose", 0, option="done")
    ann, bob = st.d["players"]
    assert bob["rounds_won"] == 1 and st.d["round"] == 2
    assert [(game.name_of(st, c), st.d["cards"][c]["fu"]) for c in ann["round_results"]] == [("Demo Kacheek", False)]
    assert [(game.name_of(st, c), st.d["cards"][c]["fu"]) for c in bob["round_results"]] == [("Demo Kougra", True)]
    assert sorted(game.name_of(st, c) for c in ann["discard"]) == ["Demo Bri Codestone", "Demo Wooden Shield"]
    assert [game.name_of(st, c) for c in ann["void"]] == ["Demo Jeran"]  # 7.8b.1
    assert sorted(game.name_of(st, c) for c in ann["play_area"]) == ["Demo Battledome Arena", "Demo Map Piece 1"]
    assert not bob["stolen"] and "Demo Heal" in [game.name_of(st, c) for c in ann["main_deck"]]  # 8.10c.4
    assert ann["damage"] == 0
    assert st.d["pending"]["kind"] == "new_neopet" and st.d["pending"]["player"] == 1  # 7.10a.1: the winner first


def test_7_10_the_knocked_out_player_is_active_and_does_not_skip_the_battle_phase(game):
    st = S.stacked_game(game)
    st, _ = knock_out_ann(game, st)
    st, _ = S.act(game, st, "choose", 1, option=st.d["pending"]["options"][0])
    assert st.d["pending"]["player"] == 0 and st.d["pending"]["rule"] == "7.10a.2"
    shoyru = next(c for c in st.d["pending"]["options"] if game.name_of(st, c) == "Demo Shoyru")
    st, _ = S.act(game, st, "choose", 0, option=shoyru)
    assert st.d["active"] == 0 and st.d["cards"][shoyru]["fu"] is True  # face-up (7.10a.1)
    S.set_dice(st, [6, 6, 6])
    st = S.run_until(game, st, lambda s: s.d["battle"] is not None and s.d["battle"]["attack"])
    assert st.d["battle"]["attacker"] == 0  # 7.10b


def test_1_3a_a_player_who_wins_two_rounds_wins_the_game(game):
    st = S.stacked_game(game)
    st.d["players"][1]["rounds_won"] = 1
    st, events = knock_out_ann(game, st)
    out = game.outcome(st)
    assert out.winner == 1 and not out.draw and "two rounds" in out.reason
    assert game.legal_actions(st, 0) == [] and game.to_move(st) is None


def test_house_rule_time_called_finishes_the_round_then_more_rounds_won_wins(game):
    st = S.stacked_game(game)
    st, events = game.apply(st, Action.make("time_called", JUDGE))
    assert st.d["time_called"]["mode"] == "finish_round" and game.outcome(st) is None
    st, _ = knock_out_ann(game, st)
    out = game.outcome(st)
    assert out.winner == 1 and "house rule" in out.reason


def test_house_rule_time_called_with_equal_rounds_is_a_draw(game):
    st = S.stacked_game(game)
    st, _ = game.apply(st, Action.make("time_called", JUDGE, mode="immediate"))
    assert game.outcome(st).draw and game.outcome(st).winner is None


def test_1_3c1_a_player_may_concede_at_any_time(game):
    st = S.stacked_game(game)
    st, events = game.apply(st, Action.make("concede", 1))
    assert game.outcome(st).winner == 0 and events[-1]["type"] == "game_over"
