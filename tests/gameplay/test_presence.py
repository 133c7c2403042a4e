"""Arriving at an online event table: opening it marks the player ready to play (floor rules, Tardiness),
the event's pages hear it live (the opponent waiting on the pairings page sees it), and the opponent who
has not arrived is shown as late once the online tardiness grace has run (TierRules)."""
from __future__ import annotations

import asyncio
from datetime import timedelta

import pytest
from channels.db import database_sync_to_async
from channels.routing import URLRouter
from channels.testing import WebsocketCommunicator
from rest_framework.test import APIClient

from gameplay.models import HostedGame, HostedSeat
from gameplay.presence import arrival_notice, table_presence
from gameplay.routing import websocket_urlpatterns as game_routes
from tests.gameplay.online_fixtures import committing, eight_players, online, online_event, staff  # noqa: F401
from tournaments import services as tournament_services
from tournaments.models import Deadline, Match, Penalty
from tournaments.routing import websocket_urlpatterns as event_routes

pytestmark = [pytest.mark.django_db]


@pytest.fixture
def table_one(online_event, staff):
    """Round 1 of an online event paired; table 1's tournament match, its game and its two players."""
    event = online_event()
    with committing():
        tournament_services.round_start_next(event=event, by=staff["organiser"])
    tm = Match.objects.filter(round__event=event, table=1).select_related("round__event", "player_a__player", "player_b__player").get()
    game = HostedGame.objects.get(match__tournament_match=tm)
    seat_of = {s.registration.player_id: s.index for s in HostedSeat.objects.filter(match=game.match).select_related("registration")}
    return event, tm, game, tm.player_a.player, tm.player_b.player, seat_of


def _connect_seat(game, seat: int, connected: bool = True) -> None:
    from gameplay.services import seat_arrived, seat_connection

    with committing():
        seat_connection(game_id=game.pk, seat=seat, connected=connected)
        if connected:
            seat_arrived(game_id=game.pk, seat=seat)


def test_the_waiting_player_is_told_when_the_opponent_arrives_leaves_or_is_late(table_one):
    event, tm, game, ann, bob, seat_of = table_one
    late_at = tm.round.starts_at + timedelta(minutes=10)  # Tier 1 online: a ten-minute grace (TierRules)
    waiting = arrival_notice(tournament_match=tm, user=bob, now=late_at - timedelta(minutes=1))
    assert waiting["state"] == "waiting" and f"Waiting for {tm.player_a.name} to open the table" in waiting["message"]
    assert "Game Loss for Tardiness" in waiting["message"] and waiting["refresh_at"] == late_at.isoformat()
    assert not waiting["me_arrived"]
    late = arrival_notice(tournament_match=tm, user=bob, now=late_at + timedelta(seconds=1))
    assert late["state"] == "late" and "is late: not at the table 10 minutes after the round began" in late["message"]

    _connect_seat(game, seat_of[ann.pk])
    tm.refresh_from_db()
    assert getattr(tm, f"present_{tm.side_of(tm.player_a_id)}") is True  # opening the table = ready to play
    here = arrival_notice(tournament_match=tm, user=bob, now=late_at + timedelta(minutes=5))
    assert here["state"] == "here" and here["message"] == f"{tm.player_a.name} is at the table."
    mine = arrival_notice(tournament_match=tm, user=ann)
    assert mine["state"] == "waiting" and mine["me_at_table"]

    _connect_seat(game, seat_of[ann.pk], connected=False)
    tm.refresh_from_db()
    left = arrival_notice(tournament_match=tm, user=bob, now=late_at + timedelta(minutes=5))
    assert left["state"] == "left" and "opened the table and left it" in left["message"]
    assert arrival_notice(tournament_match=tm, user=event.organiser) is None  # only the match's players are told


def test_a_judge_waiving_tardiness_is_shown_and_nobody_is_late(table_one, staff):
    event, tm, game, ann, bob, seat_of = table_one
    tournament_services.match_mark_present(match=tm, by=staff["floor_judge"], waive=True)
    tm.refresh_from_db()
    notice = arrival_notice(tournament_match=tm, user=bob, now=tm.round.starts_at + timedelta(hours=1))
    assert notice["state"] == "waiting" and "a judge waived the tardiness penalty" in notice["message"]
    assert not any(s["late"] for s in table_presence(tournament_match=tm, now=tm.round.starts_at + timedelta(hours=1))["seats"])


def test_the_tardiness_deadline_spares_the_player_who_opened_the_table(table_one):
    """Before, no hosted player was ever marked ready, so the deadline gave every online player a Game Loss."""
    from tournaments.services import deadline_process

    event, tm, game, ann, bob, seat_of = table_one
    for m in Match.objects.filter(round=tm.round, player_b__isnull=False).exclude(pk=tm.pk):  # the other tables arrived
        g = HostedGame.objects.get(match__tournament_match=m)
        for s in (0, 1):
            _connect_seat(g, s)
    _connect_seat(game, seat_of[ann.pk])  # Ann opened her table; Bob never did
    deadline = Deadline.objects.get(kind="tardiness", target_id=tm.round_id)
    with committing():
        outcome = deadline_process(deadline_id=deadline.pk, now=deadline.due_at + timedelta(seconds=1))
    assert outcome == f"tardiness game losses: {tm.player_b.name}"
    assert list(Penalty.objects.filter(event=event, infraction="Tardiness").values_list("registration__player__username", flat=True)) == [bob.username]


def test_the_event_page_and_the_pairings_show_the_notice(client, table_one, staff):
    event, tm, game, ann, bob, seat_of = table_one
    client.force_login(bob)
    page = client.get(f"/events/{event.slug}/").content.decode()
    assert f"Waiting for {tm.player_a.name} to open the table" in page and "data-refresh-at=" in page
    assert "You have not opened your table yet" in page
    _connect_seat(game, seat_of[ann.pk])
    page = client.get(f"/events/{event.slug}/?tab=pairings").content.decode()
    assert f"{tm.player_a.name} is at the table." in page and "opponent at the table" in page
    client.force_login(staff["floor_judge"])  # judges see every table's seats
    page = client.get(f"/events/{event.slug}/?tab=pairings").content.decode()
    assert f'{tm.player_a.name}: at the table' in page and f"{tm.player_b.name}: not yet" in page


def test_the_match_api_reports_who_is_at_the_table(table_one):
    event, tm, game, ann, bob, seat_of = table_one
    _connect_seat(game, seat_of[ann.pk])
    api = APIClient()
    api.force_authenticate(bob)
    body = api.get(f"/api/play/matches/{game.match_id}/").json()
    seats = {s["name"]: s for s in body["presence"]["seats"]}
    assert seats[tm.player_a.name]["at_table"] and seats[tm.player_a.name]["arrived"]
    assert not seats[tm.player_b.name]["at_table"] and not seats[tm.player_b.name]["arrived"]
    assert body["presence"]["grace_minutes"] == 10 and body["presence"]["late_at"]


@pytest.mark.django_db(transaction=True)
def test_the_opponents_event_page_socket_hears_the_arrival_live(table_one):
    """The consumer: Ann opens her table's websocket; Bob's event-page socket hears that her seat is at the
    table (a public fact: table, seat), and the server marked Ann ready to play; she leaves, Bob hears it."""
    event, tm, game, ann, bob, seat_of = table_one
    ann_seat = seat_of[ann.pk]

    async def next_presence(c):
        while True:
            m = await c.receive_json_from(timeout=10)
            if m["type"] == "table_presence":
                return m["data"]

    async def run():
        bob_page = WebsocketCommunicator(URLRouter(event_routes), f"/ws/events/{event.slug}/")
        bob_page.scope["user"] = bob
        assert (await bob_page.connect())[0]
        assert (await bob_page.receive_json_from(timeout=10))["type"] == "hello"
        ann_table = WebsocketCommunicator(URLRouter(game_routes), f"/ws/play/g/{game.pk}/")
        ann_table.scope["user"] = ann
        assert (await ann_table.connect())[0]
        data = await next_presence(bob_page)
        assert data["match"] == tm.pk and data["table"] == 1 and data["seat"] == ann_seat and data["at_table"] is True
        assert (await ann_table.receive_json_from(timeout=10))["type"] == "state"  # (sent once the seat arrived)
        m = await database_sync_to_async(Match.objects.get)(pk=tm.pk)
        assert getattr(m, f"present_{m.side_of(m.player_a_id)}")
        await ann_table.disconnect()
        data = await next_presence(bob_page)
        assert data["seat"] == ann_seat and data["at_table"] is False
        await bob_page.disconnect()

    asyncio.run(run())
