"""Nobody can pass for someone else or be given a role without saying yes: look-alike usernames are refused,
judges named by the organiser hold the role once they accept, and only organisers create events."""
from __future__ import annotations

from datetime import timedelta

import pytest
from django.contrib.auth.models import User
from django.utils import timezone
from rest_framework.test import APIClient

from tournaments import roles, services
from tournaments.models import EventRole, OrganiserRequest

pytestmark = pytest.mark.django_db


def _signup(client, username: str):
    return client.post("/accounts/signup/", {"username": username, "email": "", "password1": "a-long-secret-9",
                                             "password2": "a-long-secret-9"})


@pytest.mark.parametrize("lookalike", [
    "plаyer01",  # Cyrillic а
    "рlayer01",  # Cyrillic р at the start
    "PLAYER01",  # the same name in capitals
    "plaуer01",  # Cyrillic у
])
def test_a_name_that_looks_like_an_existing_player_is_refused(client, make_user, lookalike):
    make_user("player01")
    r = _signup(client, lookalike)
    assert r.status_code == 200
    text = r.content.decode()
    assert ("looks the same" in text or "mixes alphabets" in text or "already exists" in text)
    assert not User.objects.filter(username=lookalike).exists()


def test_a_name_in_one_other_alphabet_is_welcome(client):
    assert _signup(client, "Алексей").status_code == 302


def test_an_ordinary_new_name_is_welcome(client, make_user):
    make_user("player01")
    assert _signup(client, "player02").status_code == 302


# --------------------------------------------------------------------------- roles need consent


@pytest.fixture
def draft(harmony, organiser, head_judge, floor_judge):
    game, fmt = harmony
    return services.event_create(by=organiser, name="Consent Cup", game=game, format=fmt, tier=1,
                                 starts_at=timezone.now() + timedelta(days=2), head_judge=head_judge,
                                 floor_judges=[floor_judge])


def test_a_judge_named_at_creation_holds_nothing_until_they_accept(draft, head_judge):
    assert not roles.is_head_judge(draft, head_judge)
    assert roles.pending_roles(draft, head_judge) == {"head_judge"}
    services.event_accept_role(event=draft, by=head_judge, role="head_judge")
    assert roles.is_head_judge(draft, head_judge)


def test_a_pending_judge_cannot_act(draft, head_judge, organiser):
    services.event_open_registration(event=draft, by=organiser)
    client = APIClient()
    client.force_authenticate(head_judge)
    r = client.post(f"/api/events/{draft.slug}/actions/settings/", {"swiss_rounds": 4}, format="json")
    assert r.status_code == 403


def test_a_named_judge_sees_the_offer_and_accepts_it_on_the_event_page(draft, floor_judge, client):
    client.force_login(floor_judge)
    page = client.get(f"/events/{draft.slug}/")
    assert page.status_code == 200 and "named you the floor judge" in page.content.decode()
    client.post(f"/events/{draft.slug}/do/accept_role/", {"role": "floor_judge"})
    assert roles.is_judge(draft, floor_judge)


def test_a_named_judge_may_decline(draft, floor_judge):
    services.event_decline_role(event=draft, by=floor_judge, role="floor_judge")
    assert not EventRole.objects.filter(event=draft, user=floor_judge).exists()


def test_nobody_accepts_a_role_they_were_not_offered(draft, make_user):
    stranger = make_user("stranger")
    with pytest.raises(services.EventError, match="nobody offered you"):
        services.event_accept_role(event=draft, by=stranger, role="head_judge")


def test_assigning_a_judge_later_also_waits_for_consent(draft, organiser, make_user):
    newcomer = make_user("newcomer")
    services.event_assign_role(event=draft, by=organiser, user=newcomer, role="floor_judge")
    assert not roles.is_judge(draft, newcomer) and roles.pending_roles(draft, newcomer) == {"floor_judge"}


# --------------------------------------------------------------------------- only organisers create events


def test_a_player_cannot_create_events(harmony, make_user):
    player = make_user("pinkie")
    client = APIClient()
    client.force_authenticate(player)
    r = client.post("/api/events/", {"name": "Party", "format": "mlp-harmony",
                                      "starts_at": (timezone.now() + timedelta(days=3)).isoformat()}, format="json")
    assert r.status_code == 403 and "Only organisers create events" in r.json()["detail"]


def test_a_player_asks_to_organise_and_staff_approve(harmony, make_user, client, django_user_model):
    player = make_user("pinkie")
    client.force_login(player)
    page = client.get("/events/new/")
    assert "Ask to organise events" in page.content.decode()
    client.post("/events/new/", {"about": "Sugarcube Corner league, Thursdays"})
    req = OrganiserRequest.objects.get(user=player)
    assert "with the site staff" in client.get("/events/new/").content.decode()
    staff = django_user_model.objects.create_superuser("celestia", "c@example.com", "sun-pass-123")
    with pytest.raises(services.NotPermitted):
        services.organiser_request_decide(request=req, by=player, approve=True)
    services.organiser_request_decide(request=req, by=staff, approve=True)
    assert roles.may_organise(User.objects.get(pk=player.pk))
    assert "Create an event" in client.get("/events/new/").content.decode()
