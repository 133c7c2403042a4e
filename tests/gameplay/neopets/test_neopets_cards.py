"""Scenario tests per card type (section 5) and per effect kind (sections 8 and 9), on the demo set."""
from __future__ import annotations

import pytest

from gameplay.engine.api import Action, IllegalActionError
from gameplay.engine.neopets import scenario as S


def prep(game, main0=(), main1=(), level=(3, 0), pets=("Demo Kacheek", "Demo Kougra"), **kw):
    """Ann in her first Preparation Phase with ``main0`` in her Inventory and a Neopet of ``level``."""
    st = S.stacked_game(game, [S.deck(list(main0) + ["Demo Omelette"], **kw), S.deck(list(main1))], pets=pets)
    for p in (0, 1):
        for _ in range(level[p]):
            S.give(game, st, "Demo Bri Codestone", p, "codestones")
    return S.run_until(game, st, S.at("preparation", 0))


def play(game, st, name, player=0, **params):
    cid = S.card_named(game, st, player, "inventory", name)
    st, events = S.act(game, st, "play", player, card=cid, **params)
    return st, cid, events


def resolve(game, st):
    return S.run_until(game, st, lambda s: not s.d["queue"] and not s.d["frames"] and not s.d["pending"])


def names(game, st, ids):
    return [game.name_of(st, c) for c in ids]


# ------------------------------------------------------------------------------------------ 5.5 Champions
def test_5_5d_a_faerie_resolves_into_the_champion_slot_and_5_5f_replaces_the_active_one_to_the_void(game):
    st = prep(game, ["Demo Light Faerie"])
    S.give(game, st, "Demo Jeran", 0, "champion")
    hand = len(st.d["players"][0]["inventory"])
    st, faerie, _ = play(game, st, "Demo Light Faerie")
    st = resolve(game, st)
    pl = st.d["players"][0]
    assert pl["champion"] == faerie and names(game, st, pl["void"]) == ["Demo Jeran"]
    assert len(pl["inventory"]) == hand - 1 + 1  # "When this resolves, draw 1 card"


def test_5_5e_a_champion_leaving_the_battledome_goes_to_the_void(game):
    st = prep(game, ["Demo Banishment"], level=(3, 3))
    kass = S.give(game, st, "Demo Lord Kass", 1, "champion")
    st, _c, _ = play(game, st, "Demo Banishment")
    st = resolve(game, st)
    assert st.d["players"][1]["champion"] is None and st.d["players"][1]["void"] == [kass]


# ------------------------------------------------------------------------------------------ 5.6 Paint Brush
def test_5_6c2_a_paint_brush_swaps_in_the_matching_rainbow_pool_neopet_keeping_its_damage(game):
    st = prep(game, ["Demo Rainbow Paint Brush"])
    st.d["players"][0]["damage"] = 4
    st, _c, _ = play(game, st, "Demo Rainbow Paint Brush")
    st = resolve(game, st)
    pl = st.d["players"][0]
    assert game.name_of(st, pl["neopet"]) == "Demo Rainbow Kacheek" and pl["damage"] == 4  # 5.6c.3
    assert "Demo Kacheek" in names(game, st, pl["rainbow_pool"]) and len(pl["codestones"]) == 3
    assert game.stat(st, 0, "hit_points") == 14 and names(game, st, pl["discard"]) == ["Demo Rainbow Paint Brush"]


def test_5_6d_no_paint_brush_without_the_matching_rainbow_pool_neopet(game):
    st = prep(game, ["Demo Fire Paint Brush"])
    brush = S.card_named(game, st, 0, "inventory", "Demo Fire Paint Brush")
    with pytest.raises(IllegalActionError) as err:
        S.act(game, st, "play", 0, card=brush)
    assert err.value.rule == "5.6d"


# ------------------------------------------------------------------------------------------ 5.7 Legend / 5.15 Faction
def test_5_15c_playing_a_team_legend_pledges_allegiance_and_the_faction_triggers(game):
    st = prep(game, ["Demo Meridell Charge"], rainbow=["Demo Meridell Guard", "Demo Rainbow Kacheek"])
    charge = S.card_named(game, st, 0, "inventory", "Demo Meridell Charge")
    guard = S.card_named(game, st, 0, "rainbow_pool", "Demo Meridell Guard")
    assert Action.make("play", 0, card=charge, pledge=guard) in game.legal_actions(st, 0)
    hand = len(st.d["players"][0]["inventory"])
    S.set_dice(st, [4, 5, 1])
    st, events = S.act(game, st, "play", 0, card=charge, pledge=guard)
    assert guard in st.d["players"][0]["play_area"] and st.d["players"][0]["pledged"]
    assert st.d["queue"][-1]["kind"] == "trigger"  # 5.15c.2a: the Faction triggers on this Legend
    assert next(e for e in st.d["queue"] if e["kind"] == "card")["dice"] == [4, 5, 1]  # 8.13a: rolled as a cost
    st = resolve(game, st)
    assert len(st.d["players"][0]["inventory"]) == hand - 1 + 1
    assert st.d["players"][1]["damage"] == 2  # 2 successes
    assert names(game, st, st.d["players"][0]["discard"]) == ["Demo Meridell Charge"]  # 5.7d


# ------------------------------------------------------------------------------------------ 5.8 Equipment / 5.9 Petpet
def test_5_8_equipment_takes_a_slot_and_a_fourth_needs_one_sent_to_the_discard(game):
    st = prep(game, ["Demo Wooden Shield"])
    old = [S.give(game, st, n, 0, "equipment") for n in ("Demo Sturdy Sword", "Demo Lucky Charm", "Demo Butter Knife")]
    shield = S.card_named(game, st, 0, "inventory", "Demo Wooden Shield")
    plays = [a for a in game.legal_actions(st, 0) if a.get("card") == shield]
    assert [a.get("replace") for a in plays] == old  # 5.8e
    st, _ = game.apply(st, plays[0])
    st = resolve(game, st)
    pl = st.d["players"][0]
    assert shield in pl["equipment"] and old[0] in pl["discard"] and len(pl["equipment"]) == 3
    assert game.stat(st, 0, "defence") == 3  # 8.7 passive: +1 Defence


def test_5_9e_one_petpet_at_a_time_and_5_9d_it_lends_each_stat_once_in_the_battle(game):
    st = prep(game, ["Demo Meowclops"])
    S.give(game, st, "Demo Babaa", 0, "equipment")
    pet = S.card_named(game, st, 0, "inventory", "Demo Meowclops")
    with pytest.raises(IllegalActionError) as err:
        S.act(game, st, "play", 0, card=pet)
    assert err.value.rule == "5.9e"
    st = S.run_until(game, st, lambda s: s.d["active"] == 1 and s.d["phase"] == "battle" and s.d["priority"]
                     and s.d["priority"]["player"] == 0)
    acts = [a.get("stat") for a in game.legal_actions(st, 0) if a.kind == "petpet"]
    assert acts == ["attack", "defence"]  # Babaa: A1 D2 Ag0
    st, _ = S.act(game, st, "petpet", 0, stat="defence")
    assert game.stat(st, 0, "defence") == 4
    assert [a.get("stat") for a in game.legal_actions(st, 0) if a.kind == "petpet"] == ["attack"]
    st = S.run_until(game, st, lambda s: s.d["active"] == 0)
    assert game.stat(st, 0, "defence") == 2  # until the end of the turn


# ------------------------------------------------------------------------------------------ 5.10 Potion / 5.11 Food
def test_5_10d_a_potion_resolves_then_goes_to_the_discard_and_5_11d1_food_to_the_void(game):
    st = prep(game, ["Demo Heal"])
    st.d["players"][0]["damage"] = 5
    st, _c, _ = play(game, st, "Demo Heal")
    st = resolve(game, st)
    st, _c, _ = play(game, st, "Demo Omelette")
    st = resolve(game, st)
    pl = st.d["players"][0]
    assert pl["damage"] == 1 and names(game, st, pl["discard"]) == ["Demo Heal"] and names(game, st, pl["void"]) == ["Demo Omelette"]


# ------------------------------------------------------------------------------------------ 5.12 Location / 5.13 Map Piece
def test_5_13_map_pieces_are_collected_without_the_queue_and_unlock_their_location(game):
    st = prep(game, ["Demo Map Piece 1", "Demo Map Piece 2", "Demo Hidden Tower"])
    tower = S.card_named(game, st, 0, "inventory", "Demo Hidden Tower")
    with pytest.raises(IllegalActionError) as err:
        S.act(game, st, "play", 0, card=tower)
    assert err.value.rule == "5.13h"
    for n in ("Demo Map Piece 1", "Demo Map Piece 2"):
        st, _ = S.act(game, st, "collect", 0, card=S.card_named(game, st, 0, "inventory", n))
        assert not st.d["queue"]  # 5.13g
    assert not st.d["players"][0]["played_card"]  # Collect: not the one card
    st, _ = S.act(game, st, "play", 0, card=tower)
    st = resolve(game, st)
    pl = st.d["players"][0]
    assert names(game, st, pl["play_area"]) == ["Demo Hidden Tower"] and sorted(names(game, st, pl["discard"])) == \
        ["Demo Map Piece 1", "Demo Map Piece 2"]
    assert game.stat(st, 0, "hit_points") == 12


def test_5_12f_one_location_at_a_time_and_it_affects_each_neopet(game):
    st = prep(game, ["Demo Battledome Arena"])
    old = S.give(game, st, "Demo Hidden Tower", 0, "play_area")
    st, arena, _ = play(game, st, "Demo Battledome Arena")
    st = resolve(game, st)
    assert st.d["players"][0]["play_area"] == [arena] and old in st.d["players"][0]["discard"]
    assert game.stat(st, 0, "attack") == 2 + 3 + 1 and game.stat(st, 1, "attack") == 3 + 1


# ------------------------------------------------------------------------------------------ 8.4 - 8.9
def test_8_4_an_activated_ability_pays_its_cost_then_resolves_once_per_turn(game):
    st = prep(game, ["Demo Heal", "Demo Strength Potion"])
    scroll = S.give(game, st, "Demo Scroll of Knowledge", 0, "equipment")
    hand = len(st.d["players"][0]["inventory"])
    st, _ = S.act(game, st, "activate", 0, card=scroll, ability=0)
    assert st.d["pending"]["kind"] == "pay_discard" and st.d["pending"]["rule"] == "3.6"
    st, _ = S.act(game, st, "choose", 0, option=st.d["pending"]["options"][0])
    assert st.d["queue"][-1]["kind"] == "ability"
    st = resolve(game, st)
    assert len(st.d["players"][0]["inventory"]) == hand - 1 + 2
    assert not [a for a in game.legal_actions(st, 0) if a.kind == "activate"]


def test_8_5_a_triggered_ability_goes_into_the_queue_when_its_neopet_deals_damage(game):
    st = S.run_until(game, S.stacked_game(game, pets=("Demo Kacheek", "Demo Lupe")), lambda s: s.d["turn"] == 2)
    S.set_dice(st, [6, 6, 6, 1, 1])
    hand = len(st.d["players"][1]["inventory"])
    st = S.run_until(game, st, lambda s: s.d["active"] == 0)
    assert st.d["players"][0]["damage"] == 3 and len(st.d["players"][1]["inventory"]) == hand + 1


def test_8_6_a_conditional_card_can_be_played_only_when_its_condition_is_met(game):
    st = prep(game, ["Demo White Flag"])
    flag = S.card_named(game, st, 0, "inventory", "Demo White Flag")
    assert not [a for a in game.legal_actions(st, 0) if a.get("card") == flag]
    st.d["players"][0]["damage"] = 6
    st, _ = S.act(game, st, "play", 0, card=flag)
    st = resolve(game, st)
    assert st.d["players"][1]["rounds_won"] == 1  # Glossary Abandon: Ann loses the round


def test_8_7_a_passive_with_a_condition_and_8_7c_in_the_order_the_cards_came_into_play(game):
    st = prep(game, [], level=(1, 0))
    S.give(game, st, "Demo Butter Knife", 0, "equipment")
    S.give(game, st, "Demo Sturdy Sword", 0, "equipment")
    assert game.stat(st, 0, "attack") == 2 + 1 + 1
    for c in list(st.d["players"][0]["inventory"]):
        S.give(game, st, "Demo Heal", 0, "discard")
        st.d["cards"][c]["z"] = "discard"
    st.d["players"][0]["discard"] += st.d["players"][0]["inventory"]
    st.d["players"][0]["inventory"] = []
    assert game.stat(st, 0, "attack") == (2 + 1) * 2 + 1  # doubled, then +1


def test_8_8_delayed_triggers_at_the_end_of_the_turn_and_at_the_end_of_the_round(game):
    st = prep(game, ["Demo Delayed Elixir"])
    st.d["players"][0]["damage"] = 5
    st, _c, _ = play(game, st, "Demo Delayed Elixir")
    st = resolve(game, st)
    assert len(st.d["delayed"]) == 2 and st.d["players"][0]["damage"] == 5
    st = S.run_until(game, st, lambda s: s.d["active"] == 1)
    assert st.d["players"][0]["damage"] == 3 and [d["when"] for d in st.d["delayed"]] == ["end_of_round"]
    hand = len(st.d["players"][0]["inventory"])
    st.d["players"][0]["damage"] = 9
    S.set_dice(st, [6, 1, 1, 1, 1])
    st = S.run_until(game, st, lambda s: s.d["round"] == 2)
    assert len(st.d["players"][0]["inventory"]) == hand + 1 and not st.d["delayed"]  # 7.9, no Queue


def test_8_9_a_replacement_effect_prevents_battle_damage_once_per_turn(game):
    st = S.run_until(game, S.stacked_game(game), lambda s: s.d["turn"] == 2)
    S.give(game, st, "Demo Spiked Armour", 0, "equipment")
    S.set_dice(st, [6, 6, 1, 1, 1])
    st = S.run_until(game, st, lambda s: s.d["active"] == 0)
    assert st.d["players"][0]["damage"] == 1


# ------------------------------------------------------------------------------------------ 8.10 - 8.13
def test_8_10_a_stolen_card_is_played_as_if_from_the_inventory_and_goes_to_its_owner(game):
    st = prep(game, ["Demo Heal", "Demo Strength Potion"], main1=["Demo Quick Strike"] + ["Demo Vo Codestone"] * 4,
              level=(3, 3))
    kass = S.give(game, st, "Demo Lord Kass", 0, "champion")
    st.d["players"][1]["inventory"] = [c for c in st.d["players"][1]["inventory"]
                                       if game.name_of(st, c) == "Demo Quick Strike"]
    st, _ = S.act(game, st, "activate", 0, card=kass, ability=0)
    st, _ = S.act(game, st, "choose", 0, option=S.card_named(game, st, 0, "inventory", "Demo Heal"))
    st = resolve(game, st)
    stolen = st.d["players"][0]["stolen"]
    assert names(game, st, stolen) == ["Demo Quick Strike"] and game.view(st, 1)["players"][0]["stolen"] is None
    st, _ = S.act(game, st, "play", 0, card=stolen[0])
    st = resolve(game, st)
    assert st.d["players"][1]["damage"] == 2 and names(game, st, st.d["players"][1]["discard"]) == ["Demo Quick Strike"]


def test_8_11_a_search_shows_the_card_found_and_shuffles(game):
    st = prep(game, ["Demo Treasure Hunt"])
    st.d["stacked"] = False
    st, _c, _ = play(game, st, "Demo Treasure Hunt")
    st = S.pass_(game, st)
    pend = st.d["pending"]
    assert pend["kind"] == "search" and pend["options"] == ["none"]  # 9.11b: no Potion, may still be played
    order = list(st.d["players"][0]["main_deck"])
    st, events = S.act(game, st, "choose", 0, option="none")
    assert "finds nothing" in next(e["msg"] for e in events if e["type"] == "search")
    assert sorted(st.d["players"][0]["main_deck"]) == sorted(order)  # 8.11d: shuffled after the search


def test_9_8a_a_name_reference_finds_every_card_with_those_words_in_its_name(game):
    st = prep(game, ["Demo Hubert"])
    for n in ("Demo Hot Dog", "Demo Spicy Hot Dog"):
        S.give(game, st, n, 0, "main_deck")
    st, _c, _ = play(game, st, "Demo Hubert")
    st = S.pass_(game, st)
    assert sorted(names(game, st, [o for o in st.d["pending"]["options"] if o != "none"])) == \
        ["Demo Hot Dog", "Demo Spicy Hot Dog"]
    hot = next(o for o in st.d["pending"]["options"] if o != "none")
    st, events = S.act(game, st, "choose", 0, option=hot)
    assert hot in st.d["players"][0]["inventory"]
    assert "Demo Hot Dog" in next(e["msg"] for e in events if e["type"] == "search")  # 8.11b: shown to everyone


def test_9_1_a_card_played_by_an_effect_does_not_count_and_resolves_before_its_source_is_put_away(game):
    st = prep(game, ["Demo Judge's Call", "Demo Strength Potion"])
    st, call, _ = play(game, st, "Demo Judge's Call")
    st = S.pass_(game, st)
    potion = S.card_named(game, st, 0, "inventory", "Demo Strength Potion")
    st, _ = S.act(game, st, "choose", 0, option=potion)
    assert [e["kind"] for e in st.d["queue"]] == ["place", "card"]  # 9.1a.1: Judge's Call waits under it
    assert st.d["cards"][call]["z"] == "queue"
    st = resolve(game, st)
    assert game.stat(st, 0, "attack") == 2 + 3 + 2
    assert names(game, st, st.d["players"][0]["discard"]) == ["Demo Strength Potion", "Demo Judge's Call"]


def test_9_3a_a_d3_reads_a_d6_as_one_two_or_three(game):
    st = prep(game, ["Demo Scrying Pool"])
    S.set_dice(st, [6])
    deck = len(st.d["players"][1]["main_deck"])
    st, _c, _ = play(game, st, "Demo Scrying Pool")
    assert st.d["queue"][-1]["dice"] == [3]
    st = resolve(game, st)
    assert len(st.d["players"][1]["main_deck"]) == deck - 3


def test_1_5a_cant_beats_can_the_dark_faerie_stops_the_opponents_food(game):
    st = prep(game, [], main1=["Demo Omelette"])
    S.give(game, st, "Demo Dark Faerie", 0, "champion")
    omelette = S.card_named(game, st, 1, "inventory", "Demo Omelette")
    st = S.run_until(game, st, lambda s: s.d["active"] == 1 and s.d["phase"] == "train")
    with pytest.raises(IllegalActionError) as err:
        S.act(game, st, "play", 1, card=omelette)
    assert err.value.rule == "1.5a"


def test_3_3c1_a_target_that_left_its_zone_is_not_affected(game):
    st = prep(game, ["Demo Sabotage"], main1=["Demo Negg of Refusal"], level=(3, 3))
    sword = S.give(game, st, "Demo Sturdy Sword", 1, "equipment")
    st, _c, _ = play(game, st, "Demo Sabotage")
    assert st.d["pending"]["kind"] == "target" and st.d["pending"]["options"] == [sword]  # 3.3c: chosen as it is played
    st, _ = S.act(game, st, "choose", 0, option=sword)
    assert st.d["queue"][-1]["target"]["id"] == sword
    st.d["players"][1]["equipment"].remove(sword)
    st.d["players"][1]["discard"].append(sword)
    st.d["cards"][sword]["z"] = "discard"
    st = resolve(game, st)
    assert st.d["players"][1]["discard"] == [sword]


def test_glossary_enter_the_shadows_no_battle_then_double_damage(game):
    st = prep(game, ["Demo Shadow Draught"])
    st, _c, _ = play(game, st, "Demo Shadow Draught")
    st = resolve(game, st)
    st = S.run_until(game, st, lambda s: s.d["active"] == 1 and s.d["phase"] == "end")
    assert st.d["players"][0]["damage"] == 0  # can't be attacked
    S.set_dice(st, [6, 1, 1, 1, 1, 1])
    st = S.run_until(game, st, lambda s: s.d["active"] == 1 and s.d["turn"] == 4)
    assert st.d["players"][1]["damage"] == 2  # 1 critical, doubled


# ------------------------------------------------------------------------------------------ more of sections 7-9
def test_9_5b_an_at_the_beginning_of_the_preparation_phase_trigger(game):
    st = S.stacked_game(game, [S.deck(["Demo Omelette", "Demo Heal"]), None])
    S.give(game, st, "Demo Light Faerie", 0, "champion")
    st.d["players"][0]["damage"] = 3
    st = S.run_until(game, st, S.at("preparation", 0))
    assert st.d["queue"][-1]["kind"] == "trigger"  # put into the Queue as the phase starts
    st = S.run_until(game, st, lambda s: S.at("preparation", 0)(s) and not s.d["queue"])
    assert st.d["players"][0]["damage"] == 2


def test_7_1a_an_effect_until_the_start_of_your_next_turn_ends_then(game):
    st = prep(game, ["Demo Slowing Tonic"])
    st, _c, _ = play(game, st, "Demo Slowing Tonic")
    st = resolve(game, st)
    assert game.stat(st, 1, "agility") == 0  # Demo Kougra 1 - 2, never below 0
    st = S.run_until(game, st, lambda s: s.d["active"] == 1)
    assert game.stat(st, 1, "agility") == 0  # still Bob's turn: it lasts until the start of Ann's next turn
    st = S.run_until(game, st, lambda s: s.d["active"] == 0 and s.d["turn"] == 3)
    assert game.stat(st, 1, "agility") == 1


def test_glossary_immune_a_rainbow_uni_is_not_frozen(game):
    st = prep(game, [], level=(3, 3))
    bob = st.d["players"][1]
    old = bob["neopet"]
    uni = S.give(game, st, "Demo Rainbow Uni", 1, "rainbow_pool")
    from gameplay.engine.neopets import rules as R

    R.put(st.d, old, "rainbow_pool", 1)
    R.put(st.d, uni, "neopet", 1, fu=True)
    st, _ = game.apply(st, Action.make("manual_effect", 0, effect={"op": "freeze"}))
    assert st.d["players"][1]["status"]["frozen"] is False


def test_a_triggered_petpet_punishes_the_opponents_potion(game):
    st = prep(game, ["Demo Heal", "Demo Strength Potion", "Demo Hot Dog"])
    S.give(game, st, "Demo Meowclops", 1, "equipment")
    hand = len(st.d["players"][0]["inventory"])
    st, _c, _ = play(game, st, "Demo Heal")
    assert st.d["queue"][-1]["kind"] == "trigger"  # opponent_plays: in the Queue above the Potion
    st = resolve(game, st)
    assert len(st.d["players"][0]["inventory"]) == hand - 2


def test_8_13_an_activated_ability_rolls_its_dice_as_a_cost(game):
    st = S.run_until(game, S.stacked_game(game, [S.deck(["Demo Omelette"]), None]), lambda s: s.d["turn"] == 2)
    st = S.run_until(game, st, lambda s: s.d["turn"] == 3)
    warf = S.give(game, st, "Demo Warf", 0, "equipment")
    st = S.run_until(game, st, lambda s: s.d["phase"] == "battle" and s.d["priority"] and s.d["priority"]["player"] == 0
                     and s.d["active"] == 0)
    S.set_dice(st, [6, 4])
    st, _ = S.act(game, st, "activate", 0, card=warf, ability=1)
    assert st.d["queue"][-1]["dice"] == [6, 4]
    st = S.pass_(game, st)
    st = S.run_until(game, st, lambda s: not s.d["queue"] and not s.d["frames"])
    assert game.stat(st, 0, "attack") == 2 + 1  # +1 per critical until the end of the turn


def test_9_6a_simultaneous_triggers_of_one_player_go_into_the_queue_in_the_order_they_choose():
    import json as _json

    from gameplay.engine.neopets import CardDB, NeopetsGame
    from gameplay.engine.neopets.carddb import DEMO_FILE

    records = _json.loads(DEMO_FILE.read_text())["cards"] + [
        {"id": "t-a", "name": "Test Alarm A", "type": "Equipment",
         "effects": [{"kind": "triggered", "on": "turn_start", "do": [{"op": "heal", "n": 1}]}]},
        {"id": "t-b", "name": "Test Alarm B", "type": "Equipment",
         "effects": [{"kind": "triggered", "on": "turn_start", "do": [{"op": "draw", "n": 1}]}]}]
    game = NeopetsGame(CardDB.from_records(records))
    st = S.stacked_game(game, [S.deck(["Demo Omelette"]), None])
    a = S.give(game, st, "Test Alarm A", 0, "equipment")
    b = S.give(game, st, "Test Alarm B", 0, "equipment")
    st = S.run_until(game, st, lambda s: s.d["pending"] is not None and s.d["pending"]["kind"] == "trigger_order")
    assert st.d["pending"]["player"] == 0 and st.d["pending"]["rule"] == "9.6a"
    second = next(w["id"] for w in st.d["waiting"] if w["source"] == b)
    st, _ = S.act(game, st, "choose", 0, option=second)
    assert [e["source"] for e in st.d["queue"]] == [b, a]  # B first into the Queue: A resolves first
