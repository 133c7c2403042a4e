"""Decklists are published only once they are locked (Public Event Information): before the deadline the
organiser's publish is refused, and nobody but the player and the staff reads a list."""
from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone
from rest_framework.test import APIClient

from decks import services as decks
from decks.models import DecklistPublication
from tournaments.models import Event, Registration

pytestmark = pytest.mark.django_db


def _publish(event, organiser):
    client = APIClient()
    client.force_authenticate(organiser)
    return client.post(f"/api/decklists/{event.slug}/publish/")


@pytest.fixture
def event(make_event):
    return make_event(tier=2, decklist_deadline=timezone.now() + timedelta(hours=2),
                      starts_at=timezone.now() + timedelta(days=1))


@pytest.mark.parametrize("status", ["draft", "registration_open", "check_in"])
def test_publishing_before_the_lists_lock_is_refused(event, organiser, status):
    Event.objects.filter(pk=event.pk).update(status=status)
    event.refresh_from_db()
    r = _publish(event, organiser)
    assert r.status_code == 409 and "once they are locked" in r.json()["detail"]
    assert not DecklistPublication.objects.filter(event=event).exists()
    assert APIClient().get(f"/api/decklists/{event.slug}/").status_code in (401, 403)


def test_publishing_after_the_deadline_is_allowed(event, organiser):
    Event.objects.filter(pk=event.pk).update(status="check_in", decklist_deadline=timezone.now() - timedelta(minutes=1))
    event.refresh_from_db()
    assert _publish(event, organiser).status_code == 200


@pytest.mark.parametrize("status", ["swiss", "elimination", "finished", "published"])
def test_publishing_once_the_event_has_started_or_finished_is_allowed(event, organiser, status):
    Event.objects.filter(pk=event.pk).update(status=status, started_at=timezone.now())
    event.refresh_from_db()
    assert _publish(event, organiser).status_code == 200
    assert APIClient().get(f"/api/decklists/{event.slug}/").status_code == 200


def test_the_web_publish_button_says_why_it_was_refused(event, organiser, client):
    client.force_login(organiser)
    r = client.post(f"/decklists/{event.slug}/publish/", follow=True)
    assert "Not published" in r.content.decode()
    assert not DecklistPublication.objects.filter(event=event).exists()


def test_after_publication_a_player_cannot_replace_their_list(event, organiser, players):
    Registration.objects.create(event=event, player=players[0], status="checked_in")
    Event.objects.filter(pk=event.pk).update(status="swiss", started_at=timezone.now())
    event.refresh_from_db()
    decks.decklists_publish(event=event, by=organiser)
    with pytest.raises(decks.DecklistError):
        decks.decklist_submit(event=event, player=players[0], data="4 Twilight Sparkle")
