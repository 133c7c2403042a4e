"""The game table's websocket (WebsocketCommunicator): the state on connect, actions, errors to the
sender only, two tabs of one player in step, spectators and strangers, judge calls."""
from __future__ import annotations

import asyncio
import json

import pytest
from channels.db import database_sync_to_async
from channels.routing import URLRouter
from channels.testing import WebsocketCommunicator

from gameplay.models import GameAction, HostedGame, HostedSeat
from gameplay.routing import websocket_urlpatterns
from tests.gameplay.online_fixtures import ann, bob, carl, casual_match, online  # noqa: F401

pytestmark = pytest.mark.django_db(transaction=True)

APP = URLRouter(websocket_urlpatterns)


async def _connect(game_id: int, user) -> WebsocketCommunicator:
    c = WebsocketCommunicator(APP, f"/ws/play/g/{game_id}/")
    c.scope["user"] = user
    connected, _ = await c.connect()
    assert connected
    return c


async def _state(c: WebsocketCommunicator, seq: int | None = None) -> dict:
    """The next state message (at ``seq`` when given), skipping older ones."""
    while True:
        m = await c.receive_json_from(timeout=10)
        if m["type"] == "state" and (seq is None or m["seq"] == seq):
            return m


async def _error(c: WebsocketCommunicator) -> dict:
    """The next error message, skipping state refreshes (a seat connecting sends one to everyone)."""
    while True:
        m = await c.receive_json_from(timeout=10)
        if m["type"] == "error":
            return m


async def _no_error(c: WebsocketCommunicator) -> bool:
    while not await c.receive_nothing(timeout=0.5):
        if (await c.receive_json_from(timeout=5))["type"] == "error":
            return False
    return True


def _game(match) -> HostedGame:
    return HostedGame.objects.filter(match=match).order_by("-number").first()


def test_players_get_their_own_view_and_stay_in_step(casual_match, ann, bob):
    game = _game(casual_match())

    async def run():
        a1, a2, b = await _connect(game.pk, ann), await _connect(game.pk, ann), await _connect(game.pk, bob)
        s = await _state(a1)
        assert s["viewer"] == {"role": "player", "seat": 0} and s["legal_actions"] and s["to_move"] == 0
        sb = await _state(b)
        assert sb["viewer"]["seat"] == 1 and sb["legal_actions"] == []
        assert sb["view"]["players"][0]["hand"] is None  # never the opponent's hand
        await a1.send_json_to({"type": "action", "seq": s["seq"], "action": s["legal_actions"][0]})
        after = [await _state(x, s["seq"] + 1) for x in (a1, a2, b)]
        assert {m["seq"] for m in after} == {s["seq"] + 1}
        assert after[0]["view"] == after[1]["view"]  # two tabs of the same player in step
        for x in (a1, a2, b):
            await x.disconnect()

    asyncio.run(run())
    assert GameAction.objects.filter(game=game).count() == 1


def test_errors_go_to_the_sender_only_and_a_stale_action_gets_the_state(casual_match, ann, bob):
    game = _game(casual_match())

    async def run():
        a, b = await _connect(game.pk, ann), await _connect(game.pk, bob)
        s = await _state(a)
        await _state(b)
        await a.send_to(text_data="{not json")
        err = await _error(a)
        assert err["type"] == "error" and err["code"] == "malformed"
        await a.send_json_to({"type": "action", "seq": s["seq"] + 3, "action": s["legal_actions"][0]})
        err = await _error(a)
        assert err["code"] == "stale"
        assert (await _state(a))["seq"] == s["seq"]
        await b.send_json_to({"type": "action", "seq": s["seq"], "action": {"kind": "pass"}})
        err = await _error(b)
        assert err["code"] == "illegal" and err["rule"]
        await a.send_json_to({"type": "warp"})
        assert (await _error(a))["code"] == "malformed"
        assert await _no_error(b)  # Ann's errors never reached Bob
        for x in (a, b):
            await x.disconnect()

    asyncio.run(run())
    assert GameAction.objects.filter(game=game).count() == 0


def test_spectators_see_no_hand_and_cannot_act(casual_match, carl):
    game = _game(casual_match())

    async def run():
        c = await _connect(game.pk, carl)
        s = await _state(c)
        assert s["viewer"] == {"role": "spectator", "seat": None} and s["legal_actions"] == []
        assert all(p["hand"] is None for p in s["view"]["players"])
        await c.send_json_to({"type": "action", "seq": 0, "action": {"kind": "pass"}})
        assert (await _error(c))["code"] == "forbidden"
        await c.disconnect()

    asyncio.run(run())


def test_an_anonymous_visitor_is_refused(casual_match):
    from django.contrib.auth.models import AnonymousUser

    game = _game(casual_match())

    async def run():
        c = WebsocketCommunicator(APP, f"/ws/play/g/{game.pk}/")
        c.scope["user"] = AnonymousUser()
        connected, code = await c.connect()
        assert not connected and code == 4403

    asyncio.run(run())


def test_the_seat_is_marked_connected_while_a_socket_is_open(casual_match, ann):
    game = _game(casual_match())

    async def run():
        a = await _connect(game.pk, ann)
        await _state(a)
        seat = await database_sync_to_async(HostedSeat.objects.get)(match_id=game.match_id, index=0)
        assert seat.connections == 1
        await a.disconnect()

    asyncio.run(run())
    seat = HostedSeat.objects.get(match_id=game.match_id, index=0)
    assert seat.connections == 0 and seat.disconnected_at is not None


def test_one_change_is_read_once_for_every_viewer_of_the_process_and_a_later_change_at_the_same_seq_is_seen(
        casual_match, ann, bob, carl, monkeypatch):
    """The viewers one process serves share the read of a change (``frames.FRAMES``) and the text of the
    same viewer's message (two tabs); each viewer still gets their own view, and a change that leaves the
    sequence number as it is (a player leaving the table) reaches everyone. A player's action hands its
    frame to the viewers of its own process (no read at all); other changes are read once."""
    from gameplay import consumers

    game = _game(casual_match())
    reads: list[int] = []
    real_frame = consumers.game_frame

    def counting_frame(game_id):
        reads.append(game_id)
        return real_frame(game_id)

    monkeypatch.setattr(consumers, "game_frame", counting_frame)

    async def run():
        a1, a2, b, c = (await _connect(game.pk, ann), await _connect(game.pk, ann), await _connect(game.pk, bob),
                        await _connect(game.pk, carl))
        s = await _state(a1)
        for x in (a2, b, c):
            await _state(x)
        while not await a1.receive_nothing(timeout=0.5):  # the arrivals' refreshes
            for x in (a1, a2, b, c):
                while not await x.receive_nothing(timeout=0.2):
                    await x.receive_from()
        reads.clear()
        await a1.send_json_to({"type": "action", "seq": s["seq"], "action": s["legal_actions"][0]})
        texts = [await x.receive_from(timeout=10) for x in (a1, a2, b, c)]
        assert reads == []  # the acting process handed its frame to its four viewers
        assert texts[0] == texts[1]  # two tabs of Ann: the same message
        mine, bobs, carls = json.loads(texts[0]), json.loads(texts[2]), json.loads(texts[3])
        assert mine["seq"] == bobs["seq"] == carls["seq"] == s["seq"] + 1
        assert (mine["viewer"], bobs["viewer"], carls["viewer"]) == (
            {"role": "player", "seat": 0}, {"role": "player", "seat": 1}, {"role": "spectator", "seat": None})
        assert bobs["view"]["players"][0]["hand"] is None and carls["view"]["players"][0]["hand"] is None
        assert mine["view"]["players"][0]["hand"] is not None

        await b.disconnect()  # Bob leaves: the same seq, a new change
        left = await _state(a1, s["seq"] + 1)
        assert left["players"][1]["connected"] is False
        for x in (a2, c):
            await _state(x, s["seq"] + 1)
        assert reads == [game.pk]  # one read of the game for the three viewers left
        for x in (a1, a2, c):
            await x.disconnect()

    asyncio.run(run())


def test_after_the_whole_state_a_socket_gets_only_the_new_log_and_card_faces_and_a_reconnect_gets_the_whole(casual_match, ann, bob):
    """The first state on a socket is whole; then only the log entries after the last action it was sent
    ("log_since") and the card faces it has not had ("cards_known"); a new socket starts whole again."""
    from gameplay.selectors import Viewer, game_get, game_state_payload

    game = _game(casual_match())

    async def run():
        a, b = await _connect(game.pk, ann), await _connect(game.pk, bob)
        first, bobs = await _state(a), await _state(b)
        assert "log_since" not in first and "cards_known" not in first and first["cards"]
        while not await a.receive_nothing(timeout=0.5):  # the arrivals' refreshes
            await a.receive_from()
        mover, s = (a, first) if first["legal_actions"] else (b, bobs)
        await mover.send_json_to({"type": "action", "seq": s["seq"], "action": s["legal_actions"][0]})
        after = await _state(a, s["seq"] + 1)
        assert after["log_since"] <= s["seq"] and after["cards_known"] is True
        assert all(e["seq"] > after["log_since"] for e in after["log"])
        assert not set(after["cards"]) & set(first["cards"])
        whole = await database_sync_to_async(lambda: game_state_payload(game=game_get(game.pk), viewer=Viewer("player", 0)))()
        assert [e for e in whole["log"] if e["seq"] > after["log_since"]] == after["log"]
        assert after["view"] == whole["view"]
        await a.disconnect()
        again = await _connect(game.pk, ann)
        fresh = await _state(again, s["seq"] + 1)
        assert "log_since" not in fresh and fresh["log"] == whole["log"] and set(fresh["cards"]) == set(whole["cards"])
        for x in (again, b):
            await x.disconnect()

    asyncio.run(run())
