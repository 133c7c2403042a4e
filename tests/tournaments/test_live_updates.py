"""Websocket live updates (``ws/events/<slug>/``) and the broadcast helper, plus pages and exports."""
from __future__ import annotations

import csv
import dataclasses
import io
import json

import pytest
from asgiref.sync import async_to_sync
from channels.testing import WebsocketCommunicator

from config.asgi import application
from tournaments import services
from tournaments.broadcast import broadcast_event
from tournaments.public_match import PublicMatch

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def keep_test_connection(monkeypatch):
    """database_sync_to_async closes "old" connections, which would close the test transaction's."""
    import channels.db

    monkeypatch.setattr(channels.db, "close_old_connections", lambda: None)


async def _connect(slug: str) -> WebsocketCommunicator:
    comm = WebsocketCommunicator(application, f"/ws/events/{slug}/", headers=[(b"origin", b"http://testserver"), (b"host", b"testserver")])
    connected, _ = await comm.connect()
    assert connected
    hello = await comm.receive_json_from()
    assert hello["type"] == "hello" and "server_now" in hello
    return comm


def test_a_result_is_broadcast_to_the_event_group_after_commit(paired_round, floor_judge, act):
    from channels.db import database_sync_to_async

    event, regs, rnd = paired_round()
    m = rnd.matches.filter(player_b__isnull=False).first()

    async def scenario():
        comm = await _connect(event.slug)
        await database_sync_to_async(act)(services.match_record_result, match=m, by=floor_judge, result="a")
        kinds = []
        while "result" not in kinds:
            msg = await comm.receive_json_from(timeout=2)
            kinds.append(msg["type"])
            if msg["type"] == "result":
                assert msg["data"]["table"] == m.table and msg["data"]["result"] == "a"
                # No hidden information: the match's public shape, no per-player field (reports, penalties).
                assert list(msg["data"]) == [f.name for f in dataclasses.fields(PublicMatch)]
        await comm.send_json_to({"type": "ping"})
        while (await comm.receive_json_from(timeout=2))["type"] != "pong":
            pass
        await comm.disconnect()
        return kinds

    assert "result" in async_to_sync(scenario)()


def test_nothing_is_broadcast_when_the_transaction_rolls_back(paired_round):
    from django.db import transaction

    event, regs, rnd = paired_round()
    sent = []
    with transaction.atomic():
        broadcast_event(slug=event.slug, kind="result", data={})
        transaction.set_rollback(True)
    assert sent == []  # on_commit callbacks of a rolled-back block never run


def test_a_draft_event_has_no_live_channel(make_event):
    event = make_event()

    async def scenario():
        comm = WebsocketCommunicator(application, f"/ws/events/{event.slug}/", headers=[(b"origin", b"http://testserver"), (b"host", b"testserver")])
        connected, code = await comm.connect()
        return connected

    assert async_to_sync(scenario)() is False


def test_pages_show_the_pairing_clock_and_standings(client, paired_round, floor_judge, head_judge, organiser):
    event, regs, rnd = paired_round()
    m = rnd.matches.filter(player_b__isnull=False).order_by("table").first()
    client.force_login(m.player_a.player)
    page = client.get(f"/events/{event.slug}/").content.decode()
    assert f"table {m.table} against" in page and m.player_b.name in page and "data-ends-at" in page and "Standings" in page
    client.force_login(floor_judge)
    assert client.get(f"/events/{event.slug}/judge/").status_code == 200
    assert client.get(f"/events/{event.slug}/admin/").status_code == 403
    client.force_login(organiser)
    assert client.get(f"/events/{event.slug}/admin/").status_code == 200
    client.force_login(m.player_a.player)
    assert client.get(f"/events/{event.slug}/judge/").status_code == 403


def test_a_judge_records_a_result_from_the_phone_page(client, paired_round, floor_judge):
    event, regs, rnd = paired_round()
    m = rnd.matches.filter(player_b__isnull=False).order_by("table").first()
    client.force_login(floor_judge)
    r = client.post(f"/events/{event.slug}/do/record-result/", {"match": m.id, "result": "b", "next": f"/events/{event.slug}/judge/"})
    assert r.status_code == 302 and r["Location"].endswith("/judge/")
    m.refresh_from_db()
    assert m.result == "b"


def test_state_json_shows_a_player_only_their_own_penalties(client, paired_round, floor_judge, act):
    event, regs, rnd = paired_round()
    m = rnd.matches.filter(player_b__isnull=False).order_by("table").first()
    act(services.penalty_issue, event=event, registration=m.player_b, by=floor_judge, kind="procedural_error", infraction="Missing a mandatory trigger")
    client.force_login(m.player_a.player)
    state = client.get(f"/events/{event.slug}/state.json").json()
    assert state["me"]["penalties"] == [] and "staff" not in state
    assert state["me"]["match"]["opponent"] == m.player_b.name and state["me"]["match"]["ends_at"]
    client.force_login(m.player_b.player)
    assert client.get(f"/events/{event.slug}/state.json").json()["me"]["penalties"][0]["infraction"] == "Missing a mandatory trigger"
    client.logout()
    anon = client.get(f"/events/{event.slug}/state.json").json()
    assert "me" not in anon and "staff" not in anon and anon["rounds"][0]["matches"]


def test_exports_as_csv_and_json(client, paired_round, floor_judge, act):
    event, regs, rnd = paired_round()
    for m in rnd.matches.exclude(status="final"):
        act(services.match_record_result, match=m, by=floor_judge, result="a")
    rows = list(csv.reader(io.StringIO(client.get(f"/events/{event.slug}/standings.csv").content.decode())))
    assert rows[0][:3] == ["rank", "player", "points"] and len(rows) == 9
    pairings = list(csv.reader(io.StringIO(client.get(f"/events/{event.slug}/pairings.csv").content.decode())))
    assert len(pairings) == 5
    data = json.loads(client.get(f"/events/{event.slug}/export.json").content)
    assert data["rounds"][0]["pairings"] and data["standings"][0]["rank"] == 1
    api = client.get(f"/api/events/{event.slug}/standings/").json()
    assert api[0]["rank"] == 1


def test_actions_never_redirect_to_another_site(client, paired_round, floor_judge):
    event, regs, rnd = paired_round()
    m = rnd.matches.filter(player_b__isnull=False).first()
    client.force_login(floor_judge)
    r = client.post(f"/events/{event.slug}/do/add-time/", {"match": m.id, "minutes": 3, "next": "//evil.example/"})
    assert r["Location"] == f"/events/{event.slug}/"


def test_a_draft_event_is_hidden_from_the_public(client, make_event):
    event = make_event()
    for path in ("", "state.json", "export.json", "standings.csv", "pairings.csv"):
        assert client.get(f"/events/{event.slug}/{path}").status_code == 404
