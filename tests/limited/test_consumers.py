"""Online drafting over the websocket (``ws/draft/<pod>/``): only seated drafters connect, each gets only
their own pack and picks, a pick round-trips, the pod moving on reaches everyone, leaving means auto-picks."""
from __future__ import annotations

import json

import pytest
from asgiref.sync import async_to_sync
from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator
from django.test import Client

from config.asgi import application
from limited import draft, services
from limited.models import DraftPick, OpenedPack, Pod

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def keep_test_connection(monkeypatch):
    """database_sync_to_async closes "old" connections, which would close the test transaction's; and the
    test's transaction never commits, so broadcasts go out at once. Picks stay on the one database thread
    here (on PostgreSQL daphne runs them on parallel threads, whose own connections could not see this
    test's uncommitted rows; test_draft's concurrency test and bench/draft.py cover that path)."""
    import channels.db

    monkeypatch.setattr(channels.db, "close_old_connections", lambda: None)
    monkeypatch.setattr("limited.consumers.PARALLEL_PICKS", False)
    monkeypatch.setattr("limited.draft._after_commit", lambda fn: fn())


def _cookie(user) -> bytes:
    c = Client()
    c.force_login(user)
    return f"sessionid={c.cookies['sessionid'].value}".encode()


async def _connect(pod_id: int, user) -> WebsocketCommunicator:
    cookie = await database_sync_to_async(_cookie)(user)
    comm = WebsocketCommunicator(application, f"/ws/draft/{pod_id}/",
                                 headers=[(b"origin", b"http://testserver"), (b"host", b"testserver"), (b"cookie", cookie)])
    connected, _ = await comm.connect()
    assert connected
    return comm


@pytest.fixture
def drafting(act, organiser, limited_event):
    event = limited_event(2)
    act(services.limited_configure, event=event, by=organiser, kind="booster_draft", preset_key="odyssey-draft",
        bots_fill=True, pick_timer_max=0, review_seconds=0)
    act(draft.draft_seat_pods, event=event, by=organiser)
    act(draft.draft_start, event=event, by=organiser)
    pod = Pod.objects.get(limited__event=event)
    a, b = list(pod.seats.filter(bot=False).select_related("player"))
    return pod, a, b


def test_a_pick_round_trips_and_the_pod_moving_on_reaches_every_drafter(drafting):
    pod, a, b = drafting

    async def scenario():
        ca, cb = await _connect(pod.pk, a.player), await _connect(pod.pk, b.player)
        va, vb = (await ca.receive_json_from())["view"], (await cb.receive_json_from())["view"]
        assert va["seat"] == a.position and len(va["pack"]) == 12
        await ca.send_json_to({"type": "pick", "card": va["pack"][0]["guid"], "pack_number": 0, "pick_number": 0})
        # the picker's own answer: no view rebuilt, only what changed (the card they took, their pick count)
        after = await ca.receive_json_from()
        assert after == {"type": "picked", "pack_number": 0, "pick_number": 0, "pick_count": 1,
                         "pick": dict(va["pack"][0], pack_number=0, pick_number=0, auto=False)}
        await cb.send_json_to({"type": "pick", "card": vb["pack"][3]["guid"], "pack_number": 0, "pick_number": 0})
        for comm in (ca, cb):  # everyone picked: the pod moves on and each gets their next pack
            while True:
                message = await comm.receive_json_from(timeout=3)
                if message["type"] != "draft":
                    continue
                view = message["view"]
                if view["pick_number"] == 1 and view["pack"]:
                    # a light view: the picks list stays out while the pod drafts (the page already has it)
                    assert len(view["pack"]) == 11 and view["pick_count"] == 1 and "picks" not in view
                    break
        await ca.send_json_to({"type": "view"})  # a page whose list is out of step asks for the full view
        full = (await ca.receive_json_from())["view"]
        assert [p["guid"] for p in full["picks"]] == [va["pack"][0]["guid"]] and len(full["pack"]) == 11
        await ca.send_json_to({"type": "pick", "card": "not-a-card", "pack_number": 0, "pick_number": 1})
        error = await ca.receive_json_from()
        assert error["type"] == "error" and "not in the pack in front of you" in error["detail"]
        await ca.disconnect()
        await cb.disconnect()

    async_to_sync(scenario)()
    assert DraftPick.objects.filter(seat=b, pack_number=0, pick_number=0).get().auto is False


def test_a_drafters_messages_never_hold_another_seats_pack_or_picks(drafting):
    pod, a, b = drafting
    messages: list[str] = []

    async def next_pack(comm, log: list[str] | None = None) -> dict:
        while True:
            message = await comm.receive_json_from(timeout=3)
            if log is not None:
                log.append(json.dumps(message))
            if message["type"] == "draft" and message["view"]["pack"]:
                return message["view"]

    async def scenario():
        ca, cb = await _connect(pod.pk, a.player), await _connect(pod.pk, b.player)
        for _ in range(3):
            va, vb = await next_pack(ca, messages), await next_pack(cb)
            await ca.send_json_to({"type": "pick", "card": va["pack"][0]["guid"], "pack_number": va["pack_number"], "pick_number": va["pick_number"]})
            await cb.send_json_to({"type": "pick", "card": vb["pack"][0]["guid"], "pack_number": vb["pack_number"], "pick_number": vb["pick_number"]})
        await next_pack(ca, messages)
        await ca.disconnect()
        await cb.disconnect()

    async_to_sync(scenario)()
    mine = set(DraftPick.objects.filter(seat=a).values_list("card__guid", flat=True))
    seen_packs = set()  # the packs that were in front of this drafter
    for text in messages:
        message = json.loads(text)
        view = message.get("view", message)
        seen_packs |= {card["guid"] for card in view.get("pack") or []}
    others_picks = set(DraftPick.objects.filter(seat__pod=pod).exclude(seat=a).values_list("card__guid", flat=True))
    for guid in others_picks - mine - seen_packs:
        assert all(guid not in text for text in messages), "another drafter's pick reached this drafter"
    unseen = {g for p in OpenedPack.objects.filter(seat__pod=pod) for g in p.cards} - seen_packs - mine
    assert all(g not in text for g in unseen for text in messages)


def test_only_seated_drafters_connect(drafting, make_user):
    pod, _a, _b = drafting
    stranger = make_user("stranger")

    async def scenario():
        cookie = await database_sync_to_async(_cookie)(stranger)
        comm = WebsocketCommunicator(application, f"/ws/draft/{pod.pk}/",
                                     headers=[(b"origin", b"http://testserver"), (b"host", b"testserver"), (b"cookie", cookie)])
        connected, code = await comm.connect()
        assert not connected and code == 4403

    async_to_sync(scenario)()


def test_leaving_the_pick_screen_means_auto_picks_until_the_drafter_returns(drafting):
    pod, a, b = drafting

    async def scenario():
        ca = await _connect(pod.pk, a.player)
        await ca.receive_json_from()
        await ca.disconnect()

    async_to_sync(scenario)()
    assert DraftPick.objects.get(seat=a, pack_number=0, pick_number=0).auto is True
