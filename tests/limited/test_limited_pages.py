"""The limited event's web pages: the organiser's setup form and tools, the player's links, refusals."""
from __future__ import annotations

import pytest

from limited.models import LimitedEvent

pytestmark = pytest.mark.django_db


def test_the_organiser_sets_up_a_sealed_event_and_opens_the_pools_from_the_page(client, organiser, limited_event):
    event = limited_event(4)
    client.force_login(organiser)
    page = client.get(f"/limited/{event.slug}/").content.decode()
    assert "Set up the limited event" in page and "Odyssey block sealed" in page
    response = client.post(f"/limited/{event.slug}/do/configure/", {
        "kind": "sealed", "source": "preset", "preset_sealed": "premiere-sealed", "mode": "online"}, follow=True)
    assert "The limited setup is saved." in response.content.decode()
    assert LimitedEvent.objects.get(event=event).packs == ["PR", "PR", "CN", "CN", "CG", "CG", "AD", "AD"]
    response = client.post(f"/limited/{event.slug}/do/open-pools/", follow=True)
    assert "4 sealed pools opened" in response.content.decode()
    lists = client.get(f"/limited/{event.slug}/pools/").content.decode()
    assert lists.count("panel pool-sheet") == 4 and f"--seed {event.seed}" in lists


def test_a_bad_setup_is_explained_on_the_page(client, organiser, limited_event):
    event = limited_event(2)
    client.force_login(organiser)
    response = client.post(f"/limited/{event.slug}/do/configure/", {
        "kind": "booster_draft", "source": "custom", "packs": "PR PR", "mode": "online"}, follow=True)
    assert "4 booster packs (Limited Play, Booster Draft Format); 2 given" in response.content.decode()


def test_players_get_a_friendly_refusal_for_the_judges_pages(client, organiser, limited_event):
    event = limited_event(2)
    client.force_login(organiser)
    client.post(f"/limited/{event.slug}/do/configure/", {"kind": "booster_draft", "source": "preset",
                                                          "preset_booster_draft": "odyssey-draft", "mode": "online"})
    player = event.registrations.first().player
    client.force_login(player)
    for url in (f"/limited/{event.slug}/pools/", f"/limited/{event.slug}/draft/export.csv", f"/limited/{event.slug}/draft/"):
        response = client.get(url)
        assert response.status_code == 403 and "That page is not open to you" in response.content.decode()
    response = client.post(f"/limited/{event.slug}/do/seat-pods/")
    assert response.status_code == 403 and "Only the organiser or head judge" in response.content.decode()


def test_the_seating_is_shown_to_the_pod(client, organiser, limited_event):
    event = limited_event(3)
    client.force_login(organiser)
    client.post(f"/limited/{event.slug}/do/configure/", {"kind": "booster_draft", "source": "preset", "bots_fill": "on",
                                                          "preset_booster_draft": "premiere-draft", "mode": "online"})
    client.post(f"/limited/{event.slug}/do/seat-pods/")
    player = event.registrations.first().player
    client.force_login(player)
    page = client.get(f"/limited/{event.slug}/").content.decode()
    assert "Pods and seating" in page and page.count("Bot ") == 5 and "Open the pick screen" in page
