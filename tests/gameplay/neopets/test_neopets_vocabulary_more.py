"""Scenario tests of the vocabulary added for the texts that were played by hand: named counters (Glossary
Counter, Store), a card that Plans itself (Glossary Planned, 6.6d), Look / Reveal of Neopet Decks and
Rainbow Pools (9.10b-c), the `voided` and `stolen` replacement events (8.9), Transform (Glossary, 5.6c.3)
and the passive dice rules of the battle (7.5d.2, 7.5e.2, 7.5f.4, 7.5g.2, 9.3b.1)."""
from __future__ import annotations

import pytest

from gameplay.engine.api import JUDGE
from gameplay.engine.neopets import CardDataError, filter_events
from gameplay.engine.neopets import scenario as S
from gameplay.engine.neopets.carddb import card_from_record

from test_neopets_effects import manual, pass_until_pending, play, prep, resolve, shows, turn_preparation


def activate(game, st, cid, ability, player=0):
    st, _ = S.act(game, st, "activate", player, card=cid, ability=ability)
    return resolve(game, st)


def can_activate(game, st, cid, ability, player=0):
    return any(a.kind == "activate" and a.get("card") == cid and a.get("ability") == ability
               for a in game.legal_actions(st, player))


# ------------------------------------------------------------------------------------------ named counters
def test_glossary_counter_kinds_are_stored_counted_and_paid_apart(game):
    st = prep(game)
    prism = S.give(game, st, "Demo Elemental Prism", 0, "equipment")
    st, _ = manual(game, st, {"op": "damage", "n": 4}, player=JUDGE, as_player=1)
    st = resolve(game, st)  # "when your Neopet is dealt damage, store 1 ice counter" (7.5i)
    assert st.d["cards"][prism]["nc"] == {"ice": 1} and "counters" not in st.d["cards"][prism]
    assert not can_activate(game, st, prism, 2)  # 2 fire counters to remove: not payable (3.6)
    assert not can_activate(game, st, prism, 3)  # counters_at_least 2 ice (8.6)
    st.d["cards"][prism]["nc"] = {"fire": 3, "ice": 3}
    for viewer in (0, 1, "spectator"):  # counters are public, each kind apart
        card = next(c for c in game.view(st, viewer)["players"][0]["equipment"] if c["id"] == prism)
        assert card["named_counters"] == {"fire": 3, "ice": 3}
    st = activate(game, st, prism, 2)
    assert st.d["cards"][prism]["nc"] == {"fire": 1, "ice": 3}  # only fire counters paid the cost
    assert st.d["players"][1]["damage"] == 1
    st = activate(game, st, prism, 3)
    assert st.d["players"][0]["damage"] == 1  # healed 1 per ice counter (3)
    assert st.d["cards"][prism]["nc"] == {"fire": 1}  # all the ice counters removed, the fire one kept


def test_glossary_counter_kinds_start_at_the_turn_and_leave_with_the_card(game):
    st = prep(game)
    prism = S.give(game, st, "Demo Elemental Prism", 0, "equipment")
    st = S.run_until(game, st, turn_preparation(3))
    assert st.d["cards"][prism]["nc"]["fire"] == 1  # "at the start of your turn, store 1 fire counter"
    st, _ = manual(game, st, {"op": "damage", "n": 1}, player=JUDGE, as_player=1)
    st = resolve(game, st)
    st.d["cards"][prism]["nc"] = {"fire": 2}
    st, _ = manual(game, st, {"op": "destroy"}, player=JUDGE, as_player=1, target=prism)
    st = resolve(game, st)
    assert prism in st.d["players"][0]["discard"] and "nc" not in st.d["cards"][prism]


# ------------------------------------------------------------------------------------------ a card that Plans itself
def test_glossary_planned_a_card_that_plans_itself_waits_and_its_effects_happen_when_played(game):
    st = prep(game, ["Demo Ambush Plan", "Demo Strength Potion"])
    st, ambush, _ = play(game, st, "Demo Ambush Plan")
    st = resolve(game, st)
    assert st.d["players"][0]["planned"] == [ambush] and st.d["cards"][ambush]["planned"] == 1  # 6.6d
    assert st.d["players"][1]["damage"] == 0  # the rest of its effects wait
    assert st.d["players"][0]["played_card"]  # it was the phase's one card (7.4d.1)
    for viewer in (1, "spectator"):  # face-down now: private (9.10b)
        v = game.view(st, viewer)
        assert v["players"][0]["planned"] is None and v["players"][0]["planned_size"] == 1 and not shows(v, ambush)
    st = S.run_until(game, st, turn_preparation(3))
    hand = len(st.d["players"][0]["inventory"])
    st, _ = S.act(game, st, "play", 0, card=ambush)
    st = resolve(game, st)
    assert st.d["players"][1]["damage"] == 2 and len(st.d["players"][0]["inventory"]) == hand + 1
    assert ambush in st.d["players"][0]["discard"] and not st.d["players"][0]["planned"]  # not Planned again
    assert not st.d["players"][0]["played_card"]  # played from Planned: not the one card


# ------------------------------------------------------------------------------------------ Look / Reveal (9.10c)
def test_9_10b_a_look_at_the_opponents_rainbow_pool_and_neopet_deck_is_the_lookers_alone(game):
    st = prep(game, ["Demo Paint Census"])
    pool, pets = list(st.d["players"][1]["rainbow_pool"]), list(st.d["players"][1]["neopet_deck"])
    assert pool and pets
    st, _c, events = play(game, st, "Demo Paint Census")
    while st.d["queue"] or st.d["frames"]:
        st, ev = S.act(game, st, "pass", game.to_move(st))
        events += ev
    seen = game.view(st, 0)["seen"]
    assert [(s["from"], [c["id"] for c in s["cards"]]) for s in seen] == [("rainbow_pool", pool), ("neopet_deck", pets)]
    spectator = game.view(st, "spectator")
    assert [s.get("cards") for s in spectator["seen"]] == [None, None]
    assert not any(shows(spectator, c) for c in pool + pets)
    assert not any("cards" in e for e in filter_events(events, "spectator") if e["type"] in ("look", "looked"))
    assert "looked" in [e["type"] for e in filter_events(events, 0)]
    st = S.run_until(game, st, lambda s: s.d["turn"] == 2)
    assert game.view(st, 0)["seen"] == [] and not any(shows(game.view(st, 0), c) for c in pool + pets)


def test_9_10c_a_reveal_from_your_rainbow_pool_shows_the_chosen_card_once(game):
    st = prep(game, ["Demo Colour Parade"])
    pool = list(st.d["players"][0]["rainbow_pool"])
    agility = game.stat(st, 0, "agility")
    st, _c, _ = play(game, st, "Demo Colour Parade")
    st, _ = pass_until_pending(game, st)
    assert st.d["pending"]["kind"] == "reveal" and st.d["pending"]["options"] == pool
    assert "options" not in game.view(st, 1)["pending"]  # what Ann may reveal is hers alone
    st, _ = S.act(game, st, "choose", 0, option=pool[1])
    st = resolve(game, st)
    for viewer in (1, "spectator"):
        v = game.view(st, viewer)
        assert [c["id"] for c in v["seen"][0]["cards"]] == [pool[1]] and v["seen"][0]["from"] == "rainbow_pool"
        assert not shows(v, pool[0])  # the other Rainbow Pool card stays private
    assert pool[1] in st.d["players"][0]["rainbow_pool"] and game.stat(st, 0, "agility") == agility + 1
    st = S.run_until(game, st, lambda s: s.d["turn"] == 2)
    assert not shows(game.view(st, 1), pool[1])  # not public information after (9.10c)


# ------------------------------------------------------------------------------------------ 8.9 replacements
def test_8_9_a_stolen_replacement_puts_the_card_in_its_owners_discard_instead(game):
    st = prep(game, main1=["Demo Heal"])
    S.give(game, st, "Demo Anchor Chain", 1, "equipment")
    bobs = list(st.d["players"][1]["inventory"])
    st, events = manual(game, st, {"op": "steal", "from": "inventory", "n": 2})
    st = resolve(game, st)
    assert st.d["players"][0]["stolen"] == []
    assert len(st.d["players"][1]["inventory"]) == len(bobs) - 2 and len(st.d["players"][1]["discard"]) == 2
    assert sum(e["type"] == "replace" for e in events) == 2 and not any(e["type"] == "stolen" for e in events)
    st, _ = manual(game, st, {"op": "steal", "from": "inventory"}, player=JUDGE, as_player=1)
    st = resolve(game, st)
    assert len(st.d["players"][1]["stolen"]) == 1  # only the Chain's controller's cards are protected


def test_8_9_a_voided_replacement_returns_the_champion_to_its_owners_inventory(game):
    st = prep(game, ["Demo Light Faerie"])
    faerie = S.give(game, st, "Demo Returning Faerie", 0, "champion")
    st, _ = manual(game, st, {"op": "void_card"}, player=JUDGE, as_player=1, target=faerie)
    st = resolve(game, st)
    assert faerie in st.d["players"][0]["inventory"] and faerie not in st.d["players"][0]["void"]
    again = S.give(game, st, "Demo Returning Faerie", 0, "champion")
    st, _c, events = play(game, st, "Demo Light Faerie")  # 5.5f: the active Champion goes to the Void first
    assert again in st.d["players"][0]["inventory"] and any(e["type"] == "replace" for e in events)
    st = resolve(game, st)
    other = S.give(game, st, "Demo Returning Faerie", 1, "champion")
    st, _ = manual(game, st, {"op": "destroy"}, target=other)  # 5.5e: destroyed, a Champion goes to the Void ...
    st = resolve(game, st)
    assert other in st.d["players"][1]["inventory"]  # ... which its replacement replaces


# ------------------------------------------------------------------------------------------ Transform
def test_glossary_transform_keeps_damage_and_status_and_needs_a_matching_neopet(game):
    st = prep(game, ["Demo Transmogrifier"], level=(1, 0))
    potion = S.card_named(game, st, 0, "inventory", "Demo Transmogrifier")
    assert not any(a.get("card") == potion for a in game.legal_actions(st, 0))  # Level 2 needed
    S.give(game, st, "Demo Bri Codestone", 0, "codestones")
    kacheek = st.d["players"][0]["neopet"]
    rainbow = S.card_named(game, st, 0, "rainbow_pool", "Demo Rainbow Kacheek")
    st.d["players"][0]["damage"] = 3
    st.d["players"][0]["status"]["frozen"] = True
    st, _c, _ = play(game, st, "Demo Transmogrifier")
    st = resolve(game, st)
    pl = st.d["players"][0]
    assert pl["neopet"] == rainbow and kacheek in pl["rainbow_pool"] and len(pl["codestones"]) == 2
    assert pl["damage"] == 2 and pl["status"]["frozen"]  # 5.6c.3: damage (then healed 1) and Status kept
    for viewer in (0, 1, "spectator"):
        neo = game.view(st, viewer)["players"][0]["neopet"]
        assert neo["name"] == "Demo Rainbow Kacheek" and neo["transformed_from"] == "Demo Kacheek"


def test_glossary_transform_a_card_that_can_not_transform_can_not_be_played(game):
    st = prep(game, ["Demo Transmogrifier"], level=(3, 0))
    st.d["players"][0]["rainbow_pool"] = [c for c in st.d["players"][0]["rainbow_pool"]
                                          if game.name_of(st, c) != "Demo Rainbow Kacheek"]
    potion = S.card_named(game, st, 0, "inventory", "Demo Transmogrifier")
    assert not any(a.get("card") == potion for a in game.legal_actions(st, 0))  # 8.6b, 9.11a


# ------------------------------------------------------------------------------------------ dice rules (7.5)
def to_agility(game, st):
    return S.run_until(game, st, lambda s: s.d["pending"] is not None and s.d["pending"]["kind"] == "agility_reroll")


def test_7_5d_2_extra_attack_dice(game):
    st = S.stacked_game(game)
    S.give(game, st, "Demo Loaded Dice", 1, "equipment")
    S.set_dice(st, [6, 5, 4, 1, 1, 1])  # Bob's 3 + 1 attack dice, Ann's 2 defence dice
    st = to_agility(game, st)
    b = st.d["battle"]
    assert b["attack"] == [6, 5, 4, 1] and b["defence"] == [1, 1]


def test_7_5g_2_successes_counted_from_three_and_a_six_still_the_only_critical(game):
    st = S.stacked_game(game)
    S.give(game, st, "Demo Lucky Clover", 0, "equipment")
    S.set_dice(st, [6, 5, 3, 3, 2])  # Bob's attack [6, 5, 3]; Ann's defence [3, 2]
    st = to_agility(game, st)
    assert game.view(st, 1)["battle"]["success_at"] == {"attack": 4, "defence": 3}
    st, _ = S.act(game, st, "choose", 0, option="done")
    st = S.run_until(game, st, lambda s: s.d["active"] == 0)
    assert st.d["players"][0]["damage"] == 1  # the critical (9.3b.1); the 5 blocked by the defence 3


def test_7_5f_4_a_reroll_limit_caps_the_agility_rerolls(game):
    st = S.stacked_game(game)
    st.d["players"][0]["damage"] = 0
    S.give(game, st, "Demo Sticky Web", 1, "champion")
    S.set_dice(st, [4, 4, 4, 1, 1])
    st = to_agility(game, st)
    assert st.d["battle"]["agility"]["allowed"] == 1  # Agility 3 to 1 would allow 2 (7.5f.4)
    st, _ = S.act(game, st, "choose", 0, option=0)
    assert st.d["pending"] is None or st.d["pending"]["kind"] != "agility_reroll"


# ------------------------------------------------------------------------------------------ validation
@pytest.mark.parametrize("effects, message", [
    ([{"kind": "play", "do": [{"op": "damage", "counter": "fire"}]}], "damage: counter is 'fire'"),
    ([{"kind": "play", "do": [{"op": "store", "counter": ""}]}], "store: counter is ''"),
    ([{"kind": "play", "do": [{"op": "heal", "n": {"counter": "ice"}}]}], "heal: n is"),
    ([{"kind": "activated", "cost": {"remove_counters": {"fire": 0}}, "do": []}], "cost remove_counters is"),
    ([{"kind": "play", "do": [{"op": "plan", "self": True, "n": 2}]}], "plan: self is True"),
    ([{"kind": "activated", "do": [{"op": "plan", "self": True}]}], "only in a play ability"),
    ([{"kind": "play", "do": [{"op": "look", "from": "stolen"}]}], "look: from is 'stolen'"),
    ([{"kind": "play", "do": [{"op": "reveal", "from": "void"}]}], "reveal: from is 'void'"),
    ([{"kind": "replacement", "event": "stolen", "instead": "inventory"}], "replacement stolen: instead is 'inventory'"),
    ([{"kind": "replacement", "event": "voided", "instead": "void"}], "replacement voided: instead is 'void'"),
    ([{"kind": "passive", "dice": "double"}], "passive dice is 'double'"),
    ([{"kind": "passive", "dice": "success_at", "n": 7}], "success_at: n is 7"),
    ([{"kind": "passive", "dice": "extra", "n": "one"}], "extra: n is 'one'"),
    ([{"kind": "passive", "dice": "reroll_limit", "n": 1, "side": "attack"}], "side is 'attack'"),
    ([{"kind": "passive", "dice": "extra", "n": 1, "side": "agility"}], "side is 'agility'"),
])
def test_card_data_outside_the_added_vocabulary_is_refused_naming_card_and_field(effects, message):
    with pytest.raises(CardDataError, match=message) as err:
        card_from_record({"id": "x", "name": "Odd Card", "type": "Equipment", "effects": effects})
    assert str(err.value).startswith("Odd Card:")
