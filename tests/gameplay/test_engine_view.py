"""Views and filtered event logs never contain what the viewer may not see (404.1, 402.2, 403.2, 505.1d,
518.1); a frightened card is shown face down (504.1)."""
from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as hs

from gameplay.engine import rng
from gameplay.engine.api import Action
from gameplay.engine.mlp.deckbuild import random_deck
from gameplay.engine.mlp.scenario import answer, frighten, place, resolve_step, stacked_game
from gameplay.engine.mlp.selfplay import InvariantError, hidden_check, hidden_log_check, private_keys
from tests.gameplay.effect_scenarios import walk


def test_player_view_hides_opponent_hand_and_decks(game):
    st = stacked_game(game)
    v = game.view(st, 0)
    assert v["players"][0]["hand"] and v["players"][1]["hand"] is None
    assert v["players"][1]["hand_size"] == 6
    assert "deck" not in v["players"][0] and v["players"][0]["deck_size"] == 39
    text = json.dumps(v)
    for cid in st.hand(1) + st.deck(1) + st.deck(0):
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
        if st.outcome:
            break
        p = game.to_move(st)
        acts = game.legal_actions(st, p)
        r, k = rng.randbelow(r, len(acts))
        before = private_keys(st.d)
        st, events = game.apply(st, acts[k])
        hidden_log_check(game, before, st, events)  # every action's filtered log (404.1, 518.1)
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
    st.d["rq"].append({"p": 0, "src": st.mane(0), "i": 0, "ch": None, "lbl": "test", "after": None,
                       "eff": [{"op": "look_hand", "whose": "opp", "filter": {}, "to": "deck_top", "optional": True}]})
    ev = Ev()
    while not st.pending:
        resolve_step(game, st, ev=ev)
    st._la = None
    hand = st.hand(1)
    mine = game.view(st, 0)["pending"]
    assert set(mine["cards"]) == set(hand)
    assert {c["name"] for c in mine["cards"].values()} == {game.card_name(st, c) for c in hand}
    spectator = json.dumps(game.view(st, "spectator"))
    assert not any(f'"{c}"' in spectator for c in hand)
    hidden_check(game, st)  # the looker's options are not a leak; nobody else sees them


def test_504_1_every_frightened_friend_is_shown_face_down_in_every_view(game, card_db):
    """504.1: "As a card becomes frightened it is turned face down"; 505.1b: it has no power or color;
    505.1c: its printed information stays public.  Checked for every Friend of the pool, in every view."""
    import copy

    from gameplay.engine.mlp.engine import Ev
    from gameplay.engine.mlp.state import State

    friends = sorted({c.number for c in card_db.cards.values() if c.front.type == "Friend"})
    assert len(friends) > 500
    base = stacked_game(game)
    for number in friends:
        st = State(copy.deepcopy(base.d))
        cid = place(game, st, number, 1, "home1")
        up = game.view(st, 0)
        assert next(c for c in up["areas"]["home1"] if c["id"] == cid)["face_down"] is False, number
        if not frighten(game, st, cid, replacements=False):
            assert "can't be frightened" in card_db.cards[card_db.key(number)].front.text, number
            continue  # "This card can't be frightened."
        st._la = None
        for viewer in (0, 1, "spectator", "judge"):
            shown = next(c for c in game.view(st, viewer)["areas"]["home1"] if c["id"] == cid)
            assert shown["frightened"] is True and shown["face_down"] is True, (number, viewer)
            assert shown["power"] is None and shown["colors"] == [], (number, viewer)
            assert shown["number"] == card_db.cards[card_db.key(number)].number, (number, viewer)  # 505.1c


def _searches_of_a_deck_into_a_hand(card_db):
    """(card number, compiled search effect) for every card that searches its deck for a card to put into a hand."""
    return sorted({(d.number, json.dumps(e, sort_keys=True)) for d in card_db.cards.values()
                   for e in walk(dict(d.abilities)) if e.get("op") == "search" and e.get("zone") == "deck"
                   and e.get("to", "hand") == "hand"})


def test_518_1_a_search_names_the_card_found_to_the_opponent_only_when_the_text_says_reveal(game, card_db):
    """518.1 / 404.1: a card searched from a deck into a hand goes from a hidden zone to a hidden one; the
    opponent's and the spectator's log name it only when the card's text says "reveal" (checked for every
    card that searches a deck into a hand, e.g. MT27 Lyra, Candy Fiend: private; MT89: revealed)."""
    import copy

    from gameplay.engine.mlp import filter_events
    from gameplay.engine.mlp.engine import Ev
    from gameplay.engine.mlp.state import State

    searches = _searches_of_a_deck_into_a_hand(card_db)
    assert {"MT27", "MT89", "EO46", "PR43"} <= {n for n, _ in searches}
    base = stacked_game(game)
    pool = sorted({d.number for d in card_db.cards.values() if d.front.type != "Problem" and d.set_name != "Villain Challenge"})
    for number in pool:  # one of each card in Ann's deck, so every filter finds a card
        base.d["pl"][0]["deck"].append(game._new(base.d, card_db.key(number), 0, "deck"))
    for number, text in searches:
        e = json.loads(text)
        d = card_db.cards[card_db.key(number)]
        revealed = "reveal" in " ".join(f.text for f in (d.front, d.boosted) if f is not None).lower()
        assert bool(e.get("reveal")) == revealed, number
        st = State(copy.deepcopy(base.d))
        st.d["rq"].append({"p": 0, "src": st.mane(0), "eff": [e], "i": 0, "ch": None, "lbl": number,
                           "after": None})
        if e.get("name_of_it"):  # "a Friend with the same name" as the card its trigger is about (EO105)
            st.d["rq"][-1]["it"] = next(c for c in st.deck(0) if card_db.cards[st.card_key(c)].front.type == "Friend")
        if e.get("that_name"):  # "a Friend with that name": the name LL76 kept, carried by its trigger (x.named)
            friend = next(c for c in st.deck(0) if card_db.cards[st.card_key(c)].front.type == "Friend")
            st.d["rq"][-1]["x"] = {"named": card_db.cards[st.card_key(friend)].name}
        ev = Ev()
        before = private_keys(st.d)
        resolve_step(game, st, ev=ev)
        found = st.pending["options"][0]
        name = card_db.cards[st.card_key(found)].name
        answer(game, st, 0, found, ev=ev)
        while st.resolving and not st.pending:
            resolve_step(game, st, ev=ev)
        assert card_db.cards[st.card_key(st.hand(0)[-1])].name == name, number  # it is in Ann's hand
        assert any(name in e_["msg"] for e_ in filter_events(ev.items, 0)), number  # the searching player reads it
        for viewer in (1, "spectator"):
            named = any(name in e_["msg"] for e_ in filter_events(ev.items, viewer))
            assert named == revealed, (number, viewer)
        hidden_log_check(game, before, st, ev.items)  # the self-play check agrees ...
        leak = [{"type": "search", "msg": f"Ann searches and puts {name} into their hand"}]
        if not revealed:  # ... and fails on the log this rule forbids
            with pytest.raises(InvariantError):
                hidden_log_check(game, before, st, leak)
