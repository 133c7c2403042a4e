"""Sign-up, log-in and the home page."""
from __future__ import annotations

from django.contrib.auth.models import User


def test_a_visitor_can_sign_up_and_is_logged_in(db, client):
    r = client.post("/accounts/signup/", {"username": "newpony", "email": "", "password1": "a-long-secret-9", "password2": "a-long-secret-9"})
    assert r.status_code == 302
    assert User.objects.filter(username="newpony").exists()
    assert b"newpony" in client.get("/").content


def test_sign_up_refuses_mismatched_passwords(db, client):
    r = client.post("/accounts/signup/", {"username": "x", "password1": "a-long-secret-9", "password2": "other-secret-9"})
    assert r.status_code == 200 and not User.objects.filter(username="x").exists()


def test_login_with_a_wrong_password_says_so(db, client, organiser):
    r = client.post("/accounts/login/", {"username": "organiser", "password": "nope"})
    assert b"didn't match" in r.content


def test_the_home_page_shows_the_card_count(db, client):
    assert b"Search 2" in client.get("/").content


def test_demo_data_creates_the_staff_players_and_an_open_harmony_event(db):
    from django.core.management import call_command

    from tournaments.models import Event, EventRole

    call_command("demo_data")
    call_command("demo_data")  # idempotent
    event = Event.objects.get(slug="ponyville-harmony-open")
    assert event.format.slug == "mlp-harmony" and event.status == Event.Status.REGISTRATION_OPEN
    roles = sorted(EventRole.objects.filter(event=event).values_list("role", flat=True))
    assert roles == ["floor_judge", "floor_judge", "head_judge", "organiser"]
    assert User.objects.filter(username__startswith="player").count() == 16


def test_the_favicon_is_served_at_the_site_root(db, client):
    r = client.get("/favicon.ico")
    assert r.status_code == 200
    body = b"".join(r.streaming_content) if r.streaming else r.content
    assert body[:4] == b"\x00\x00\x01\x00"  # an ICO file
    assert b'href="/favicon.ico"' in client.get("/").content
