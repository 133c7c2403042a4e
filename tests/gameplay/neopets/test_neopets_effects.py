"""Scenario tests of the effect vocabulary's kinds beyond the basics (effects.py): counters (Glossary
Counter, Store), Planned cards (6.6d), Bury and Exhume (6.8d), Look and Reveal (9.10c), the replacement
effects of 8.9 and extra Equipment Slots (9.9a) - each on the demo card that uses it, with the
hidden-information rules of 3.4b and 9.10."""
from __future__ import annotations

import json

import pytest

from gameplay.engine.api import JUDGE, Action, IllegalActionError
from gameplay.engine.neopets import CardDataError, State, filter_events
from gameplay.engine.neopets import scenario as S
from gameplay.engine.neopets.carddb import card_from_record


def prep(game, main0=(), main1=(), level=(3, 0)):
    """Ann in her first Preparation Phase with ``main0`` in her Inventory (and Bob's Inventory the
    first cards of ``main1``), both Neopets of ``level``."""
    st = S.stacked_game(game, [S.deck(list(main0) + ["Demo Omelette"]), S.deck(list(main1))])
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


def pass_until_pending(game, st):
    """Pass priority until a decision inside an effect is asked; the events of those applies."""
    events: list[dict] = []
    while not st.d["pending"]:
        st, ev = S.act(game, st, "pass", game.to_move(st))
        events += ev
    return st, events


def manual(game, st, effect, player=0, **params):
    return game.apply(st, Action.make("manual_effect", player, effect=effect, **params))


def names(game, st, ids):
    return [game.name_of(st, c) for c in ids]


def shows(view: dict, cid: str) -> bool:
    return f'"{cid}"' in json.dumps(view)


def turn_preparation(n):
    return lambda s: s.d["turn"] == n and S.at("preparation", 0)(s)


# ------------------------------------------------------------------------------------------ Counter / Store
def test_glossary_store_puts_counters_on_the_card_and_removing_them_is_a_cost(game):
    st = prep(game, ["Demo Savings Jar"])
    st, jar, _ = play(game, st, "Demo Savings Jar")
    st = resolve(game, st)
    assert jar in st.d["players"][0]["equipment"] and st.d["cards"][jar]["counters"] == 1  # stored as it resolved
    assert not any(a.kind == "activate" for a in game.legal_actions(st, 0))  # 2 counters to remove: not payable (3.6)
    st = S.run_until(game, st, turn_preparation(3))
    assert st.d["cards"][jar]["counters"] == 2  # "at the start of your turn, store 1 counter"
    assert next(c for c in game.view(st, 1)["players"][0]["equipment"] if c["id"] == jar)["counters"] == 2  # public
    hand = len(st.d["players"][0]["inventory"])
    st, _ = S.act(game, st, "activate", 0, card=jar, ability=2)
    assert "counters" not in st.d["cards"][jar]  # removed as the cost, before the Queue (3.6)
    st = resolve(game, st)
    assert len(st.d["players"][0]["inventory"]) == hand + 1


def test_a_counters_condition_and_amount_and_counters_leave_with_the_card(game):
    st = prep(game)
    orb = S.give(game, st, "Demo Charging Orb", 0, "equipment")
    st.d["cards"][orb]["counters"] = 1
    assert not any(a.kind == "activate" for a in game.legal_actions(st, 0))  # counters_at_least 2 (8.6)
    st.d["cards"][orb]["counters"] = 3
    st, _ = S.act(game, st, "activate", 0, card=orb, ability=1)
    st = resolve(game, st)
    assert st.d["players"][1]["damage"] == 3  # damage equal to its counters
    assert st.d["cards"][orb]["counters"] == 1  # all removed; then its "deals damage" trigger stored one
    st, _ = manual(game, st, {"op": "destroy"}, target=orb)
    st = resolve(game, st)
    assert orb in st.d["players"][0]["discard"] and "counters" not in st.d["cards"][orb]


# ------------------------------------------------------------------------------------------ Planned (6.6d)
def test_glossary_planned_a_face_down_card_is_played_on_a_later_turn_besides_the_one_card(game):
    st = prep(game, ["Demo Battle Plan", "Demo Heal", "Demo Strength Potion"])
    heal = S.card_named(game, st, 0, "inventory", "Demo Heal")
    st, _plan, _ = play(game, st, "Demo Battle Plan")
    st, _ = pass_until_pending(game, st)
    assert st.d["pending"]["kind"] == "plan" and heal in st.d["pending"]["options"] and "done" in st.d["pending"]["options"]
    st, events = S.act(game, st, "choose", 0, option=heal)
    st = resolve(game, st)
    assert st.d["players"][0]["planned"] == [heal]
    assert game.view(st, 0)["players"][0]["planned"][0]["id"] == heal  # 3.4b.2: its player may look
    for viewer in (1, "spectator"):  # 3.4b, 9.10b: private
        v = game.view(st, viewer)
        assert v["players"][0]["planned"] is None and v["players"][0]["planned_size"] == 1 and not shows(v, heal)
        assert not any(e.get("card") == heal for e in filter_events(events, viewer))
    assert not any(a.get("card") == heal for a in game.legal_actions(st, 0))  # not the turn it was Planned
    st = S.run_until(game, st, turn_preparation(3))
    assert Action.make("play", 0, card=heal) in game.legal_actions(st, 0)
    st, _ = S.act(game, st, "play", 0, card=heal)
    st = resolve(game, st)
    assert heal in st.d["players"][0]["discard"] and not st.d["players"][0]["played_card"]  # not the one card
    st, _c, _ = play(game, st, "Demo Strength Potion")  # the phase's one card is still there (7.4d.1)
    assert st.d["players"][0]["played_card"]


def test_glossary_planned_cards_not_played_go_to_the_discard_and_a_codestone_is_never_attached(game):
    st = prep(game, ["Demo Battle Plan"])
    stone = S.card_named(game, st, 0, "inventory", "Demo Vo Codestone")
    st, _plan, _ = play(game, st, "Demo Battle Plan")
    st, _ = pass_until_pending(game, st)
    st, _ = S.act(game, st, "choose", 0, option=stone)
    st = S.run_until(game, st, lambda s: s.d["turn"] == 2)
    assert st.d["players"][0]["planned"] == [stone]  # Planned this turn: it stays at its end
    st = S.run_until(game, st, turn_preparation(3))
    with pytest.raises(IllegalActionError) as err:
        S.act(game, st, "play", 0, card=stone)
    assert err.value.rule == "10 Planned" and "Codestone" in str(err.value)
    st = S.run_until(game, st, lambda s: s.d["turn"] == 4)
    assert st.d["players"][0]["planned"] == [] and stone in st.d["players"][0]["discard"]


# ------------------------------------------------------------------------------------------ Bury / Exhume (6.8d)
def test_glossary_bury_a_buried_card_is_private_still_counts_and_cant_be_fetched(game):
    st = prep(game, ["Demo Buried Treasure", "Demo Heal"])
    heal = S.card_named(game, st, 0, "inventory", "Demo Heal")
    st, treasure, _ = play(game, st, "Demo Buried Treasure")
    st, _ = pass_until_pending(game, st)
    assert st.d["pending"]["kind"] == "bury"
    st, events = S.act(game, st, "choose", 0, option=heal)
    st = resolve(game, st)
    assert st.d["players"][0]["discard"] == [heal, treasure] and st.d["cards"][heal]["fd"]
    own = game.view(st, 0)["players"][0]["discard"]
    assert own[0]["id"] == heal and own[0]["face_down"] and "face_down" not in own[1]
    for viewer in (1, "spectator"):
        v = game.view(st, viewer)
        assert v["players"][0]["discard"][0] == {"face_down": True, "owner": 0, "zone": "discard"}  # 6.8d
        assert len(v["players"][0]["discard"]) == 2 and not shows(v, heal)  # it still counts (Glossary Bury)
        assert not any(e.get("card") == heal for e in filter_events(events, viewer))
    st, _ = manual(game, st, {"op": "fetch", "from": "discard", "filter": {"type": "Potion"}})
    assert st.d["pending"] is None and heal in st.d["players"][0]["discard"]  # 6.8d: can't be fetched
    st, _ = manual(game, st, {"op": "exhume", "n": 1})
    assert st.d["pending"]["kind"] == "exhume" and st.d["pending"]["options"] == [heal]
    st, _ = S.act(game, st, "choose", 0, option=heal)
    assert "fd" not in st.d["cards"][heal] and shows(game.view(st, 1), heal)  # face-up: public again
    st, _ = manual(game, st, {"op": "fetch", "from": "discard", "filter": {"type": "Potion"}})
    st, _ = S.act(game, st, "choose", 0, option=heal)
    assert heal in st.d["players"][0]["inventory"]


def test_glossary_bury_from_the_top_of_the_deck_and_in_the_discard_and_the_exhumation_card(game):
    st = prep(game, ["Demo Exhumation"])
    top = st.d["players"][0]["main_deck"][:2]
    st, _ = manual(game, st, {"op": "bury", "from": "main_deck", "n": 2})
    assert st.d["players"][0]["discard"] == top and all(st.d["cards"][c]["fd"] for c in top)
    strike = S.give(game, st, "Demo Quick Strike", 0, "discard")
    st, _ = manual(game, st, {"op": "bury", "from": "discard"})
    assert st.d["pending"]["options"] == [strike]  # only face-up cards are flipped
    st, _ = S.act(game, st, "choose", 0, option=strike)
    assert st.d["cards"][strike]["fd"]
    st, _c, _ = play(game, st, "Demo Exhumation")
    st, _ = pass_until_pending(game, st)
    assert st.d["pending"]["kind"] == "exhume" and set(st.d["pending"]["options"]) == set(top) | {strike}
    st, _ = S.act(game, st, "choose", 0, option=strike)
    assert st.d["pending"]["kind"] == "fetch" and st.d["pending"]["options"] == [strike]  # then it can be fetched
    st, _ = S.act(game, st, "choose", 0, option=strike)
    st = resolve(game, st)
    assert strike in st.d["players"][0]["inventory"]


# ------------------------------------------------------------------------------------------ Look / Reveal (9.10c)
def test_glossary_look_only_the_looking_player_sees_the_cards(game):
    st = prep(game, main1=["Demo Heal", "Demo Omelette"])
    ball = S.give(game, st, "Demo Crystal Ball", 0, "equipment")
    bobs = list(st.d["players"][1]["inventory"])
    st, events = S.act(game, st, "activate", 0, card=ball, ability=0)
    while st.d["queue"]:
        st, ev = S.act(game, st, "pass", game.to_move(st))
        events += ev
    seen = game.view(st, 0)["seen"]
    assert [c["id"] for c in seen[0]["cards"]] == bobs and seen[0]["whose"] == 1 and seen[0]["from"] == "inventory"
    assert "looked" in [e["type"] for e in filter_events(events, 0)]
    for viewer in ("spectator", 1):
        assert game.view(st, viewer)["seen"] == [{"kind": "look", "player": 0, "whose": 1, "from": "inventory", "n": 5}]
        assert "looked" not in [e["type"] for e in filter_events(events, viewer)]
        assert "look" in [e["type"] for e in filter_events(events, viewer)]  # that Ann looked is public
    assert not any(shows(game.view(st, "spectator"), c) for c in bobs)
    st = S.run_until(game, st, lambda s: s.d["turn"] == 2)
    assert game.view(st, 0)["seen"] == []  # not public information after (9.10c)


def test_glossary_look_at_your_own_deck_top_is_hidden_from_the_opponent(game):
    st = prep(game)
    top = st.d["players"][0]["main_deck"][:2]
    assert not any(shows(game.view(st, 0), c) for c in top)  # deck order is hidden from its player too
    st, events = manual(game, st, {"op": "look", "n": 2})
    assert all(shows(game.view(st, 0), c) for c in top)
    for viewer in (1, "spectator"):
        assert not any(shows(game.view(st, viewer), c) for c in top)
        assert not any(c in e.get("cards", ()) for e in filter_events(events, viewer) for c in top)


def test_glossary_reveal_the_top_of_your_deck_shows_both_players_and_takes_the_food(game):
    st = prep(game, ["Demo Lucky Dig"])
    heal = S.give(game, st, "Demo Heal", 0, "main_deck", top=True)
    dog = S.give(game, st, "Demo Hot Dog", 0, "main_deck", top=True)
    stone = st.d["players"][0]["main_deck"][2]
    st, _c, _ = play(game, st, "Demo Lucky Dig")
    st, events = S.act(game, st, "pass", 0)
    st = resolve(game, st)
    deck = st.d["players"][0]["main_deck"]
    assert dog in st.d["players"][0]["inventory"] and deck[-2:] == [heal, stone]  # the rest to the bottom
    for viewer in (0, 1, "spectator"):
        seen = game.view(st, viewer)["seen"]
        assert [c["id"] for c in seen[0]["cards"]] == [dog, heal, stone] and seen[0]["kind"] == "reveal"
        assert any(e["type"] == "reveal" and e["cards"] == [dog, heal, stone] for e in filter_events(events, viewer))


def test_glossary_reveal_an_opponents_inventory_and_a_card_its_owner_chooses(game):
    st = prep(game, ["Demo Truth Serum"], main1=["Demo Heal", "Demo Omelette"])
    bobs = list(st.d["players"][1]["inventory"])
    st, _c, _ = play(game, st, "Demo Truth Serum")
    st = resolve(game, st)
    for viewer in (0, "spectator"):
        assert [c["id"] for c in game.view(st, viewer)["seen"][0]["cards"]] == bobs
    heal = S.card_named(game, st, 1, "inventory", "Demo Heal")
    st, _ = manual(game, st, {"op": "reveal", "whose": "opponent", "from": "inventory", "n": 1,
                              "filter": {"type": "Potion"}})
    assert st.d["pending"]["player"] == 1 and st.d["pending"]["options"] == [heal]  # its owner chooses
    assert "options" not in game.view(st, 0)["pending"]
    st, _ = S.act(game, st, "choose", 1, option=heal)
    assert [c["id"] for c in game.view(st, "spectator")["seen"][-1]["cards"]] == [heal]


# ------------------------------------------------------------------------------------------ 8.9 replacement effects
def test_8_9_a_knock_out_replacement_leaves_one_hit_point_and_is_spent(game):
    st = prep(game)
    feather = S.give(game, st, "Demo Phoenix Feather", 0, "equipment")
    hp = game.stat(st, 0, "hit_points")
    st, events = manual(game, st, {"op": "damage", "n": hp + 3}, player=JUDGE, as_player=1)
    assert st.d["players"][0]["damage"] == hp - 1 and feather in st.d["players"][0]["discard"]
    assert [pl["rounds_won"] for pl in st.d["players"]] == [0, 0] and any(e["type"] == "replace" for e in events)
    st, _ = manual(game, st, {"op": "damage", "n": 1}, player=JUDGE, as_player=1)
    assert st.d["players"][1]["rounds_won"] == 1  # spent: the next knock-out stands (7.5h.3)


def test_8_9b_a_destroyed_replacement_returns_the_card_to_its_owners_inventory(game):
    st = prep(game, ["Demo Sabotage"], level=(3, 3))
    shield = S.give(game, st, "Demo Boomerang Shield", 1, "equipment")
    st, _c, _ = play(game, st, "Demo Sabotage")
    st, _ = S.act(game, st, "choose", 0, option=shield)
    st = resolve(game, st)
    assert shield in st.d["players"][1]["inventory"] and shield not in st.d["players"][1]["discard"]
    other = S.give(game, st, "Demo Boomerang Shield", 1, "equipment")
    st, _ = manual(game, st, {"op": "void_card"}, target=other)  # only destroying is replaced
    st = resolve(game, st)
    assert other in st.d["players"][1]["void"]


# ------------------------------------------------------------------------------------------ 9.9a extra slots
def test_9_9a_an_extra_equipment_slot_and_the_oldest_card_goes_when_it_is_gone(game):
    st = prep(game, ["Demo Wooden Shield"])
    master = S.give(game, st, "Demo Quartermaster", 0, "champion")
    held = [S.give(game, st, n, 0, "equipment") for n in ("Demo Sturdy Sword", "Demo Butter Knife", "Demo Ice Wand")]
    shield = S.card_named(game, st, 0, "inventory", "Demo Wooden Shield")
    assert Action.make("play", 0, card=shield) in game.legal_actions(st, 0)  # no slot has to be freed (5.8e)
    assert game.view(st, 1)["players"][0]["equipment_slots"] == 4
    st, _ = S.act(game, st, "play", 0, card=shield)
    st = resolve(game, st)
    assert st.d["players"][0]["equipment"] == held + [shield]
    st, events = manual(game, st, {"op": "void_card"}, target=master)
    st = resolve(game, st)
    assert st.d["players"][0]["equipment"] == held[1:] + [shield] and held[0] in st.d["players"][0]["discard"]
    assert game.view(st, 0)["players"][0]["equipment_slots"] == 3


# ------------------------------------------------------------------------------------------ card data
@pytest.mark.parametrize("effects, message", [
    ([{"kind": "play", "do": [{"op": "store", "on": "moon"}]}], "store: on is 'moon'"),
    ([{"kind": "play", "do": [{"op": "bury", "from": "hand"}]}], "bury: from is 'hand'"),
    ([{"kind": "play", "do": [{"op": "look", "whose": "each"}]}], "look: whose is 'each'"),
    ([{"kind": "play", "do": [{"op": "reveal", "rest": "void"}]}], "reveal: rest is 'void'"),
    ([{"kind": "play", "do": [{"op": "reveal", "whose": "opponent", "take": {}}]}], "take needs your own Main Deck"),
    ([{"kind": "play", "do": [{"op": "plan", "filter": "Potion"}]}], "filter must be a filter object"),
    ([{"kind": "replacement", "event": "draw"}], "replacement event 'draw'"),
    ([{"kind": "replacement", "event": "destroyed", "instead": "void"}], "instead is 'void'"),
    ([{"kind": "passive", "slots": 0}], "passive slots is 0"),
    ([{"kind": "activated", "cost": {"remove_counters": "two"}, "do": []}], "remove_counters is 'two'"),
])
def test_card_data_outside_the_new_vocabulary_is_refused_naming_card_and_field(effects, message):
    with pytest.raises(CardDataError, match=message) as err:
        card_from_record({"id": "x", "name": "Odd Card", "type": "Equipment", "effects": effects})
    assert str(err.value).startswith("Odd Card:")


def test_a_state_saved_before_planned_cards_and_looks_loads_and_plays_on(game):
    st = prep(game)
    old = st.to_dict()
    del old["seen"]
    for pl in old["players"]:
        del pl["planned"]
    loaded = State.from_json(json.dumps(old))
    assert loaded == st and State.from_dict(old) == st
    assert game.view(loaded, 0)["players"][0]["planned"] == []
