"""Property: over hundreds of random bot games, no state payload sent to a player ever holds a hidden
card of the opponent's — the identity of a card in the opponent's hand, of any card still in a deck or
Problem deck (their order), or of an opposing face-down card (505.1d) — nor a private event of theirs.

Instance ids are opaque (an id says nothing about the card), so an id alone may appear — e.g. "Singing
Barrel is returned to its owner's hand" names a card everyone saw — but never an id together with what
the card is (its key, name or number), and the opponent's hand is never listed.

The engine plays with a small turn cap so each game is short; every payload of every position is checked.
"""
from __future__ import annotations

import threading

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from gameplay.engine import rng as _rng
from gameplay.engine.api import Action
from gameplay.engines import get_engine
from gameplay.models import HostedGame
from gameplay.selectors import Viewer, game_state_payload
from gameplay.services import SeatSpec, game_submit_action, hosted_match_create, state_load
from tests.gameplay.online_fixtures import ann, bob, committing, online, play, random_deck  # noqa: F401

pytestmark = [pytest.mark.django_db, pytest.mark.slow]

TURN_CAP = 3
GAMES = 200


@pytest.fixture
def short_games(monkeypatch, online):
    from gameplay.engine.mlp import MLPGame
    from gameplay.engines import _mlp_db

    adapter = get_engine("mlp")
    monkeypatch.setattr(adapter, "build", lambda: MLPGame(_mlp_db(), turn_cap=TURN_CAP))
    monkeypatch.setattr(adapter, "_local", threading.local())
    return adapter


def hidden_from(viewer: int, judge_view: dict, own_view: dict, public_view: dict) -> tuple[set[str], set[str]]:
    """(card ids the viewer must not see, ids of opposing face-down cards whose identity they must not see).
    What is public (a revealed hand, a deck's revealed top card) is read from the spectator's view."""
    ids: set[str] = set()
    for p, pl in enumerate(judge_view["players"]):
        shown_top = (public_view["players"][p].get("deck_top") or {}).get("id")
        ids |= {c["id"] for c in pl["deck"] if c["id"] != shown_top}
        ids |= {c["id"] for c in pl["problem_deck"]}
        if p != viewer and public_view["players"][p]["hand"] is None:
            ids |= {c["id"] for c in pl["hand"]}
    pending = own_view.get("pending") or {}
    if pending.get("player") == viewer:
        ids -= {str(o) for o in pending.get("options", [])}  # cards offered to the viewer (a search, 102.2)
    face_down = {c["id"] for cards in judge_view["areas"].values() for c in cards
                 if c.get("face_down") and c.get("controller") != viewer}
    return ids, face_down


IDENTITY = ("key", "name", "number", "title")


def _card_dicts(value):
    """Every dict in the payload that names a card instance."""
    if isinstance(value, dict):
        if isinstance(value.get("id"), str):
            yield value
        for v in value.values():
            yield from _card_dicts(v)
    elif isinstance(value, list):
        for v in value:
            yield from _card_dicts(v)


def check_payload(payload: dict, viewer: int, judge_view: dict, public_view: dict) -> None:
    hidden, face_down = hidden_from(viewer, judge_view, payload["view"], public_view)
    opponent = payload["view"]["players"][1 - viewer]
    for c in _card_dicts(payload):
        if c["id"] in hidden or c["id"] in face_down:
            shown = [k for k in IDENTITY if k in c]
            assert not shown, f"hidden card {c['id']} shown with {shown} to seat {viewer} (505.1d, hidden zones)"
    assert "deck" not in opponent and "problem_deck" not in opponent and "deck" not in payload["view"]["players"][viewer]
    for e in payload["log"]:
        assert e.get("to") in (None, viewer), f"a private event of the opponent's reached seat {viewer}"
        assert not e.get("judge"), "a judge-only event reached a player"
    assert payload["viewer"] == {"role": "player", "seat": viewer}


def play_checked(seed: int, users) -> int:
    engine = get_engine("mlp")
    with committing():
        match = hosted_match_create(seats=[SeatSpec(name=u.username, deck=random_deck(seed + i), user=u) for i, u in enumerate(users)], seed=seed)
    game = HostedGame.objects.get(match=match)
    rng = (seed * 0x9E3779B97F4A7C15 + 1) & _rng.MASK
    checked = 0
    while True:
        game = HostedGame.objects.select_related("match").get(pk=game.pk)
        state = state_load(game)
        judge_view, public_view = engine.game().view(state, "judge"), engine.game().view(state, "spectator")
        payloads = [game_state_payload(game=game, viewer=Viewer("player", s)) for s in (0, 1)]
        for s in (0, 1):
            check_payload(payloads[s], s, judge_view, public_view)
            checked += 1
        if game.status not in HostedGame.LIVE:
            return checked
        seat = 0 if payloads[0]["legal_actions"] else 1
        rng, action = engine.bot_pick(rng, [Action.from_dict(a) for a in payloads[seat]["legal_actions"]])
        game_submit_action(game_id=game.pk, user=users[seat], seq=game.seq, action=action.to_dict())


@settings(max_examples=GAMES, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(seed=st.integers(min_value=0, max_value=2**40))
def test_no_payload_sent_to_a_player_holds_a_hidden_card_of_the_opponents(short_games, ann, bob, seed):
    assert play_checked(seed, [ann, bob]) > 2


def test_the_check_catches_a_payload_that_shows_the_opponents_hand(short_games, ann, bob):
    """The property above can fail: the judge's view of the opponent's hand put into a player's payload."""
    with committing():
        match = hosted_match_create(seats=[SeatSpec(name=u.username, deck=random_deck(i), user=u) for i, u in enumerate([ann, bob])], seed=1)
    play(HostedGame.objects.get(match=match).pk, {0: ann, 1: bob}, max_actions=6)  # past the draw of six (102.3)
    game = HostedGame.objects.select_related("match").get(match=match)
    state = state_load(game)
    judge_view, public_view = get_engine("mlp").game().view(state, "judge"), get_engine("mlp").game().view(state, "spectator")
    assert judge_view["players"][1]["hand"]
    payload = game_state_payload(game=game, viewer=Viewer("player", 0))
    check_payload(payload, 0, judge_view, public_view)
    payload["view"]["players"][1]["hand"] = judge_view["players"][1]["hand"]
    with pytest.raises(AssertionError, match="hidden card"):
        check_payload(payload, 0, judge_view, public_view)
