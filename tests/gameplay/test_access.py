"""Who may watch an event's tables (the organiser's spectating policy, featured tables, no scouting) and
who may watch a replay (private until the organiser publishes the event's replays): the service-level
decisions, the table page's explained 403, the REST endpoints and the websocket."""
from __future__ import annotations

import asyncio

import pytest
from channels.routing import URLRouter
from channels.testing import WebsocketCommunicator
from django.contrib.auth.models import AnonymousUser
from rest_framework.test import APIClient

from gameplay import selectors
from gameplay.access import SpectatingRefused
from gameplay.models import HostedGame, HostedMatch, OnlineEventSettings
from gameplay.routing import websocket_urlpatterns
from gameplay.services import event_replays_publish, event_spectating_set, match_concede_game, match_feature
from tests.gameplay.online_fixtures import committing, eight_players, online, online_event, staff  # noqa: F401
from tournaments import services as tournament_services
from tournaments.models import AuditEntry, Match

pytestmark = [pytest.mark.django_db]


@pytest.fixture
def round_one(online_event, staff, django_user_model):
    """Round 1 of an online event paired (4 hosted tables), and a stranger who is not in the event."""
    event = online_event()
    with committing():
        tournament_services.round_start_next(event=event, by=staff["organiser"])
    tms = list(Match.objects.filter(round__event=event, player_b__isnull=False).select_related("player_a__player", "player_b__player").order_by("table"))
    games = [HostedGame.objects.get(match__tournament_match=tm) for tm in tms]
    stranger = django_user_model.objects.create_user(username="stranger", password="pony-pass-123")
    return event, tms, games, stranger


def _role(game, user) -> str:
    try:
        return selectors.game_viewer(game=selectors.game_get(game.pk), user=user).role
    except SpectatingRefused as exc:
        return f"refused: {exc}"


def _policy(event, staff, spectators, scouting=False):
    with committing():
        event_spectating_set(event=event, by=staff["organiser"], spectators=spectators, scouting_allowed=scouting)


# --------------------------------------------------------------------------- the spectating policy


@pytest.mark.parametrize("policy, featured, who, expected", [
    # featured (the default): featured tables for everyone logged in; not the players still playing the round
    ("featured", False, "stranger", "not a featured table"),
    ("featured", True, "stranger", "spectator"),
    ("featured", False, "organiser", "spectator"),
    ("featured", True, "other_player", "no scouting"),
    ("featured", True, "floor_judge", "judge"),
    ("featured", True, "player", "player"),
    # all tables
    ("all", False, "stranger", "spectator"),
    ("all", False, "other_player", "no scouting"),
    # judges and the organiser only
    ("judges", True, "stranger", "only the judges and the organiser"),
    ("judges", False, "organiser", "spectator"),
    ("judges", False, "head_judge", "judge"),
    # off: nobody but the players and the judges
    ("off", True, "stranger", "Spectating is off"),
    ("off", True, "organiser", "Spectating is off"),
    ("off", True, "floor_judge", "judge"),
    ("off", True, "player", "player"),
])
def test_the_spectating_policy_decides_who_watches_a_table(round_one, staff, policy, featured, who, expected):
    event, tms, games, stranger = round_one
    _policy(event, staff, policy)
    if featured:
        match_feature(match_id=games[0].match_id, by=staff["head_judge"], featured=True)
    users = {"stranger": stranger, "other_player": tms[1].player_a.player, "player": tms[0].player_b.player, **staff}
    role = _role(games[0], users[who])
    assert expected in role, role


def test_a_player_whose_match_is_over_may_watch_and_scouting_can_be_allowed(round_one, staff):
    event, tms, games, stranger = round_one
    _policy(event, staff, "all")
    other = tms[1].player_a.player
    assert "still playing round 1 (table 2)" in _role(games[0], other)
    _policy(event, staff, "all", scouting=True)
    assert _role(games[0], other) == "spectator"
    _policy(event, staff, "all")
    with committing():
        match_concede_game(game_id=games[1].pk, user=other)  # their match is over (best of one)
    assert Match.objects.get(pk=tms[1].pk).status == "final"
    assert _role(games[0], other) == "spectator"


def test_casual_games_stay_open_to_anyone_logged_in(round_one, staff):
    from gameplay.services import SeatSpec, hosted_match_create
    from tests.gameplay.online_fixtures import random_deck

    event, tms, games, stranger = round_one
    users = [tms[0].player_a.player, tms[0].player_b.player]
    with committing():
        m = hosted_match_create(seats=[SeatSpec(name=u.username, deck=random_deck(5 + i), user=u) for i, u in enumerate(users)], seed=5)
    assert _role(HostedGame.objects.get(match=m), stranger) == "spectator"


def test_only_the_organiser_sets_the_policy_and_only_organiser_or_head_judge_feature_with_audit(round_one, staff):
    from gameplay.services import Forbidden, GameError

    event, tms, games, stranger = round_one
    for user in (staff["head_judge"], staff["floor_judge"], stranger):
        with pytest.raises(Forbidden, match="Only the organiser chooses"):
            event_spectating_set(event=event, by=user, spectators="all")
    with pytest.raises(GameError, match="spectators: one of off, judges, featured, all"):
        event_spectating_set(event=event, by=staff["organiser"], spectators="everyone")
    for user in (staff["floor_judge"], stranger, tms[0].player_a.player):
        with pytest.raises(Forbidden, match="organiser or the head judge features"):
            match_feature(match_id=games[0].match_id, by=user, featured=True)
    _policy(event, staff, "all", scouting=True)
    match_feature(match_id=games[0].match_id, by=staff["head_judge"], featured=True)
    assert HostedMatch.objects.get(pk=games[0].match_id).featured
    actions = list(AuditEntry.objects.filter(event=event, action__in=["spectating_policy", "feature_table"]).values_list("action", "actor__username"))
    assert actions == [("spectating_policy", "organiser"), ("feature_table", "head_judge")]
    assert OnlineEventSettings.objects.get(event=event).spectators == "all"


def test_the_table_page_explains_a_refusal_with_a_403(client, round_one, staff):
    event, tms, games, stranger = round_one
    client.force_login(stranger)
    r = client.get(f"/play/m/{games[0].match_id}/")
    page = r.content.decode()
    assert r.status_code == 403
    assert "You may not watch this table" in page and "is not a featured table" in page and event.name in page
    client.force_login(tms[1].player_a.player)
    match_feature(match_id=games[0].match_id, by=staff["organiser"], featured=True)
    r = client.get(f"/play/m/{games[0].match_id}/")
    assert r.status_code == 403 and "no scouting" in r.content.decode()
    client.force_login(stranger)
    assert client.get(f"/play/m/{games[0].match_id}/").status_code == 200


def test_the_state_api_follows_the_policy(round_one, staff):
    event, tms, games, stranger = round_one
    api = APIClient()
    api.force_authenticate(stranger)
    r = api.get(f"/api/play/games/{games[0].pk}/state/")
    assert r.status_code == 403 and "not a featured table" in r.json()["detail"]
    match_feature(match_id=games[0].match_id, by=staff["organiser"], featured=True)
    body = api.get(f"/api/play/games/{games[0].pk}/state/").json()
    assert body["viewer"]["role"] == "spectator" and all(p["hand"] is None for p in body["view"]["players"])


@pytest.mark.django_db(transaction=True)
def test_the_websocket_refuses_with_the_reason_and_closes_a_spectator_shut_out_later(round_one, staff):
    event, tms, games, stranger = round_one
    app = URLRouter(websocket_urlpatterns)

    async def connect(user):
        c = WebsocketCommunicator(app, f"/ws/play/g/{games[0].pk}/")
        c.scope["user"] = user
        connected, _ = await c.connect()
        return c, connected

    async def run():
        c, connected = await connect(stranger)
        assert connected  # accepted only to say why
        m = await c.receive_json_from(timeout=10)
        assert m["type"] == "error" and m["code"] == "forbidden" and "not a featured table" in m["message"]
        assert (await c.receive_output(timeout=5))["type"] == "websocket.close"

        from channels.db import database_sync_to_async

        await database_sync_to_async(match_feature)(match_id=games[0].match_id, by=staff["organiser"], featured=True)
        c, connected = await connect(stranger)
        assert (await c.receive_json_from(timeout=10))["viewer"]["role"] == "spectator"
        # The organiser turns spectating off: the spectator is told why and closed.
        await database_sync_to_async(event_spectating_set)(event=event, by=staff["organiser"], spectators="off")
        while True:
            m = await c.receive_json_from(timeout=10)
            if m["type"] == "error":
                break
        assert "Spectating is off" in m["message"]
        assert (await c.receive_output(timeout=5))["type"] == "websocket.close"

    asyncio.run(run())


# --------------------------------------------------------------------------- replays


@pytest.fixture
def finished(round_one):
    event, tms, games, stranger = round_one
    with committing():
        match_concede_game(game_id=games[0].pk, user=tms[0].player_b.player)
    assert HostedGame.objects.get(pk=games[0].pk).status == "finished"
    return round_one


def _replay(user, game_id: int):
    api = APIClient()
    if user is not None:
        api.force_authenticate(user)
    return api.get(f"/api/play/games/{game_id}/replay/", {"step": 3})


def _hands(body) -> list[bool]:
    return [p["hand"] is not None for p in body["state"]["view"]["players"]]


@pytest.mark.parametrize("published", [False, True])
def test_replay_permissions_and_what_each_viewer_sees(finished, staff, published):
    event, tms, games, stranger = finished
    if published:
        event_replays_publish(event=event, by=staff["organiser"])
    a, b = tms[0].player_a.player, tms[0].player_b.player
    seat_a = selectors.seat_of_user(games[0].match, a)
    expected = {  # who: (status, role, which hands they see by seat)
        "player a": (200, "player", [seat_a == 0, seat_a == 1]),
        "player b": (200, "player", [seat_a == 1, seat_a == 0]),
        "judge": (200, "judge", [True, True]),
        "organiser": (200, "spectator", [False, False]),
        "stranger": (200, "spectator", [False, False]) if published else (403, None, None),
        "anonymous": (200, "spectator", [False, False]) if published else (403, None, None),
    }
    users = {"player a": a, "player b": b, "judge": staff["floor_judge"], "organiser": staff["organiser"], "stranger": stranger, "anonymous": None}
    for who, (code, role, hands) in expected.items():
        r = _replay(users[who], games[0].pk)
        assert r.status_code == code, (who, r.json())
        if code == 403:
            assert "private until the organiser publishes them" in r.json()["detail"], who
            continue
        body = r.json()
        assert body["state"]["viewer"]["role"] == role, who
        assert _hands(body) == hands, who


def test_the_replay_page_is_open_to_anyone_once_published_and_the_organiser_may_take_it_back(client, finished, staff):
    event, tms, games, stranger = finished
    url = f"/play/g/{games[0].pk}/replay/"
    pairings = f"/events/{event.slug}/?tab=pairings"
    r = client.get(url)
    assert r.status_code == 302 and "/login" in r["Location"]  # private: log in first
    assert f'href="{url}"' not in client.get(pairings).content.decode()
    client.force_login(stranger)
    r = client.get(url)
    assert r.status_code == 403 and "This replay is not published" in r.content.decode()
    client.force_login(staff["organiser"])
    r = client.post(f"/play/events/{event.slug}/replays/", {"publish": "1"}, follow=True)
    assert "Replays published" in r.content.decode()
    client.logout()
    r = client.get(url)
    assert r.status_code == 200 and 'data-replay-api="/api/play/games/' in r.content.decode()
    assert f'href="{url}"' in client.get(pairings).content.decode()  # the pairings link every published replay
    client.force_login(staff["organiser"])
    client.post(f"/play/events/{event.slug}/replays/", {"publish": "0"})
    client.logout()
    assert client.get(url).status_code == 302
    assert list(AuditEntry.objects.filter(event=event, action__endswith="publish_replays").values_list("action", flat=True)) == [
        "publish_replays", "unpublish_replays"]


def test_a_live_game_has_no_replay_for_its_players_even_when_published(round_one, staff):
    event, tms, games, stranger = round_one
    event_replays_publish(event=event, by=staff["organiser"])
    r = _replay(tms[0].player_a.player, games[0].pk)
    assert r.status_code == 403 and "opens when the game is over" in r.json()["detail"]
    assert _replay(staff["floor_judge"], games[0].pk).status_code == 200


def test_only_the_organiser_publishes_the_replays(client, finished, staff):
    event, tms, games, stranger = finished
    client.force_login(staff["head_judge"])
    r = client.post(f"/play/events/{event.slug}/replays/", {"publish": "1"})
    assert r.status_code == 403 and "Only the organiser publishes" in r.content.decode()
    assert not OnlineEventSettings.objects.filter(event=event, replays_published_at__isnull=False).exists()


@pytest.mark.django_db(transaction=True)
def test_anonymous_user_on_the_websocket_is_still_refused_plainly(round_one):
    event, tms, games, stranger = round_one

    async def run():
        c = WebsocketCommunicator(URLRouter(websocket_urlpatterns), f"/ws/play/g/{games[0].pk}/")
        c.scope["user"] = AnonymousUser()
        connected, code = await c.connect()
        assert not connected and code == 4403

    asyncio.run(run())


def test_the_head_judge_features_a_table_from_the_judges_console(client, round_one, staff):
    event, tms, games, stranger = round_one
    console = f"/play/judge/{event.slug}/"
    client.force_login(staff["floor_judge"])
    assert "Feature this table" not in client.get(console).content.decode()  # floor judges do not feature
    client.force_login(staff["head_judge"])
    assert client.get(console).content.decode().count("Feature this table") == 4
    r = client.post(f"/play/events/{event.slug}/feature/", {"match": games[0].match_id, "featured": "1", "next": console}, follow=True)
    page = r.content.decode()
    assert r.redirect_chain[-1][0] == console and "Table featured: spectators may watch it." in page and "Stop featuring" in page
    assert HostedMatch.objects.get(pk=games[0].match_id).featured
