"""Login throttling per account and per address, for the login page and the API token, with a clear message
and an unlock by the event's organiser or an admin."""
from __future__ import annotations

import pytest
from rest_framework.test import APIClient

from tournaments import services

pytestmark = pytest.mark.django_db

RIGHT = "pony-pass-123"


@pytest.fixture(autouse=True)
def limit(settings):
    settings.AXES_FAILURE_LIMIT = 5


def _web_login(client, username: str, password: str, ip: str = "10.0.0.1"):
    return client.post("/accounts/login/", {"username": username, "password": password}, REMOTE_ADDR=ip)


def _token(username: str, password: str, ip: str = "10.0.0.1"):
    return APIClient().post("/api/auth/token/", {"username": username, "password": password}, format="json", REMOTE_ADDR=ip)


def test_fifty_wrong_passwords_then_the_right_one_is_refused_on_the_login_page(client, players):
    for _ in range(50):
        _web_login(client, "player1", "wrong")
    r = _web_login(client, "player1", RIGHT)
    assert r.status_code == 429
    assert "Login paused" in r.content.decode() and "Ask the organiser" in r.content.decode()
    assert "_auth_user_id" not in client.session


def test_fifty_wrong_passwords_then_the_right_one_is_refused_for_a_token(players):
    for _ in range(50):
        _token("player1", "wrong")
    r = _token("player1", RIGHT)
    assert r.status_code == 429
    assert "Too many wrong passwords" in r.json()["detail"]


def test_the_account_is_locked_from_every_address(client, players):
    for n in range(5):
        _token("player1", "wrong", ip=f"10.0.1.{n}")
    assert _token("player1", RIGHT, ip="10.9.9.9").status_code == 429


def test_one_address_is_locked_for_every_account(players):
    for n in range(5):
        _token(f"player{n + 1}", "wrong", ip="10.0.2.1")
    assert _token("player8", RIGHT, ip="10.0.2.1").status_code == 429
    assert _token("player8", RIGHT, ip="10.0.2.2").status_code == 200


def test_a_few_mistakes_do_not_lock_anyone(players):
    for _ in range(3):
        _token("player1", "wrong")
    assert _token("player1", RIGHT).status_code == 200


def test_the_organiser_unlocks_a_player_of_their_event(make_event, organiser, players, act):
    event = make_event(tier=1)
    act(services.event_open_registration, event=event, by=organiser)
    act(services.registration_create, event=event, player=players[0])
    for n in range(5):
        _token("player1", "wrong", ip=f"10.0.3.{n}")
    assert _token("player1", RIGHT, ip="10.0.4.1").status_code == 429
    client = APIClient()
    client.force_authenticate(organiser)
    r = client.post(f"/api/events/{event.slug}/actions/unlock_login/", {"username": "player1"}, format="json")
    assert r.status_code == 200, r.content
    assert _token("player1", RIGHT, ip="10.0.4.1").status_code == 200


def test_an_organiser_cannot_unlock_someone_outside_their_event(make_event, organiser, players):
    event = make_event(tier=1)
    client = APIClient()
    client.force_authenticate(organiser)
    r = client.post(f"/api/events/{event.slug}/actions/unlock_login/", {"username": "player5"}, format="json")
    assert r.status_code == 400 and "not in this event" in r.json()["detail"]


def test_a_player_cannot_unlock_logins(make_event, organiser, players, act):
    event = make_event(tier=1)
    act(services.event_open_registration, event=event, by=organiser)
    client = APIClient()
    client.force_authenticate(players[1])
    r = client.post(f"/api/events/{event.slug}/actions/unlock_login/", {"username": "player1"}, format="json")
    assert r.status_code == 403


def test_an_admin_unlocks_in_the_admin(client, players, django_user_model):
    from axes.models import AccessAttempt

    for n in range(5):
        _token("player1", "wrong", ip=f"10.0.5.{n}")
    assert AccessAttempt.objects.filter(username="player1").exists()
    admin = django_user_model.objects.create_superuser("boss", "boss@example.com", "boss-pass-123")
    client.force_login(admin)
    assert client.get("/admin/axes/accessattempt/").status_code == 200
