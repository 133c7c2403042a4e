"""Who may read and write decklists, checked on the server for the web pages and the API alike:
the player, another player, the floor judge, the head judge, the organiser and an anonymous visitor."""
from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse
from rest_framework.test import APIClient

from decklist_helpers import LEGAL_TEXT
from decks import services

pytestmark = pytest.mark.django_db
ROLES = ["player", "other_player", "floor_judge", "head_judge", "organiser", "anonymous"]


@pytest.fixture
def submitted(event, players):
    decklist, *_ = services.decklist_submit(event=event, player=players[0], data=LEGAL_TEXT)
    return decklist


@pytest.fixture
def users(players, floor_judge, head_judge, organiser):
    return {"player": players[0], "other_player": players[1], "floor_judge": floor_judge, "head_judge": head_judge,
            "organiser": organiser, "anonymous": None}


def web(user):
    client = Client()
    if user is not None:
        client.force_login(user)
    return client


def api(user):
    client = APIClient()
    if user is not None:
        client.force_authenticate(user)
    return client


BEFORE_PUBLICATION = {"player": 200, "other_player": 403, "floor_judge": 200, "head_judge": 200, "organiser": 200,
                      "anonymous": 403}


@pytest.mark.parametrize("role", ROLES)
def test_before_publication_only_the_player_and_the_event_staff_see_a_decklist_page(role, users, submitted, event):
    response = web(users[role]).get(reverse("decklist-detail", args=[event.slug, "player1"]))
    assert response.status_code == BEFORE_PUBLICATION[role]
    if response.status_code == 200:
        assert "Fluttershy, Beastmaster" in response.content.decode()


@pytest.mark.parametrize("role", ROLES)
def test_before_publication_only_the_player_and_the_event_staff_read_a_decklist_through_the_api(role, users, submitted, event):
    response = api(users[role]).get(f"/api/decklists/{event.slug}/player1/")
    expected = BEFORE_PUBLICATION[role]
    assert response.status_code == expected or (role == "anonymous" and response.status_code == 401)
    if expected == 200:
        assert response.json()["report"]["legal"] is True


@pytest.mark.parametrize("role", ROLES)
def test_before_publication_exports_are_guarded_too(role, users, submitted, event):
    response = web(users[role]).get(reverse("decklist-export", args=[event.slug, "player1", "o8d"]))
    assert response.status_code == BEFORE_PUBLICATION[role]


@pytest.mark.parametrize("role", ROLES)
def test_after_the_organiser_publishes_everyone_reads_the_decklists(role, users, submitted, event, organiser):
    lock_lists(event)
    services.decklists_publish(event=event, by=organiser)
    assert web(users[role]).get(reverse("decklist-detail", args=[event.slug, "player1"])).status_code == 200
    assert api(users[role]).get(f"/api/decklists/{event.slug}/player1/").status_code == 200
    assert api(users[role]).get(f"/api/decklists/{event.slug}/").status_code == 200


@pytest.mark.parametrize("role,expected", [("floor_judge", 200), ("head_judge", 200), ("organiser", 200),
                                           ("other_player", 403), ("anonymous", 403)])
def test_the_list_of_all_decklists_is_for_the_staff_before_publication(role, expected, users, submitted, event):
    assert api(users[role]).get(f"/api/decklists/{event.slug}/").status_code in ({expected} | ({401} if role == "anonymous" else set()))
    page = web(users[role]).get(reverse("decklist-event", args=[event.slug]))
    assert page.status_code == (302 if role == "other_player" else expected)  # a registered player goes to their own list


@pytest.mark.parametrize("role", ["other_player", "floor_judge", "head_judge", "player"])
def test_only_the_organiser_publishes(role, users, submitted, event):
    assert api(users[role]).post(f"/api/decklists/{event.slug}/publish/").status_code == 403
    assert web(users[role]).post(reverse("decklist-publish", args=[event.slug])).status_code == 403
    lock_lists(event)
    assert api(users["organiser"]).post(f"/api/decklists/{event.slug}/publish/").status_code == 200


@pytest.mark.parametrize("role", ["player", "other_player", "organiser"])
def test_only_judges_record_deck_checks(role, users, submitted, event):
    url = f"/api/decklists/{event.slug}/player1/deck-check/"
    assert api(users[role]).post(url, {"outcome": "matches"}, format="json").status_code == 403
    assert web(users[role]).post(reverse("decklist-deck-check", args=[event.slug, "player1"]), {"outcome": "matches"}).status_code == 403
    assert api(users["floor_judge"]).post(url, {"outcome": "matches"}, format="json").status_code == 201


def test_an_unregistered_user_cannot_submit_and_anonymous_users_are_asked_to_log_in(event, players):
    outsider = players[7]
    assert api(outsider).post(f"/api/decklists/{event.slug}/mine/", {"text": LEGAL_TEXT}, format="json").status_code == 403
    assert web(outsider).post(reverse("decklist-mine", args=[event.slug]), {"deck": LEGAL_TEXT}).status_code == 403
    assert api(None).post(f"/api/decklists/{event.slug}/mine/", {"text": LEGAL_TEXT}, format="json").status_code in (401, 403)
    assert web(None).get(reverse("decklist-mine", args=[event.slug])).status_code == 302


@pytest.mark.parametrize("role", ["floor_judge", "organiser", "other_player", "player"])
def test_only_the_head_judge_decides_change_requests(role, users, submitted, event):
    from django.utils import timezone

    event.decklist_deadline = timezone.now()
    event.save()
    change, _ = services.decklist_change_request(decklist=submitted, requested_by=users["player"], data=LEGAL_TEXT, reason="r")
    url = f"/api/decklists/{event.slug}/player1/changes/{change.pk}/decide/"
    assert api(users[role]).post(url, {"decision": "approve"}, format="json").status_code == 403
    assert api(users["head_judge"]).post(url, {"decision": "approve"}, format="json").json()["status"] == "approved"


def test_another_player_cannot_request_a_change_to_my_list(users, submitted, event):
    from django.utils import timezone

    event.decklist_deadline = timezone.now()
    event.save()
    url = f"/api/decklists/{event.slug}/player1/change-request/"
    assert api(users["other_player"]).post(url, {"text": LEGAL_TEXT, "reason": "x"}, format="json").status_code == 403


def test_a_stranger_cannot_tell_whether_a_player_submitted_a_list(event, users, submitted):
    stranger = web(users["other_player"])
    assert stranger.get(reverse("decklist-detail", args=[event.slug, "player1"])).status_code == 403
    assert stranger.get(reverse("decklist-detail", args=[event.slug, "player3"])).status_code == 403


def lock_lists(event) -> None:
    """Lists are published once locked (Public Event Information): the deadline has passed."""
    from datetime import timedelta

    from django.utils import timezone

    event.decklist_deadline = timezone.now() - timedelta(minutes=1)
    event.save(update_fields=["decklist_deadline"])
