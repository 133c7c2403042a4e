"""A player with a legal list is asked before an illegal one replaces it, then opens and restores the
earlier version (Playwright, desktop and phone screenshots)."""
from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest
from django.utils import timezone

LEGAL = (Path(__file__).resolve().parent.parent / "fixtures" / "decks" / "fluttershy-harmony.txt").read_text()


def _login(page, base: str, username: str, next_url: str) -> None:
    page.goto(f"{base}/accounts/login/?next={next_url}")
    page.fill("input[name=username]", username)
    page.fill("input[name=password]", "pony-pass-123")
    page.click("button[type=submit], input[type=submit]")


@pytest.mark.browser
def test_a_legal_list_is_not_replaced_by_garbage_without_asking_and_can_be_restored(
        live_server, transactional_db, catalog, make_user, browser_page, screenshots):
    from playwright.sync_api import expect

    from decks.models import Format
    from tournaments.models import Event, EventRole

    organiser, player = make_user("organiser"), make_user("applejack_fan")
    fmt = Format.objects.select_related("game").get(slug="mlp-harmony")
    event = Event.objects.create(slug="harmony-open", name="Harmony Open", game=fmt.game, format=fmt, tier=2,
                                 starts_at=timezone.now() + dt.timedelta(days=3),
                                 decklist_deadline=timezone.now() + dt.timedelta(days=2), organiser=organiser)
    EventRole.objects.create(event=event, user=player, role="player")
    page = browser_page
    _login(page, live_server.url, "applejack_fan", f"/decklists/{event.slug}/mine/")

    page.fill("textarea[name=deck]", LEGAL)
    page.get_by_role("button", name="Submit my decklist").click()
    expect(page.locator(".messages")).to_contain_text("Decklist accepted (version 1)")

    page.fill("textarea[name=deck]", "hello judges\n-3 Rarity\n99999 Fluttershy")
    page.get_by_role("button", name="Replace my decklist").click()
    expect(page.locator("[role=alert]").first).to_contain_text("Your registered list (version 1) is legal and this one is not")
    problems = page.locator(".deck-problems")
    expect(problems).to_contain_text('"hello judges" is not a card line')
    expect(problems).to_contain_text("the quantity -3 is not between 1 and 99")
    expect(problems).to_contain_text("the quantity 99999 is not between 1 and 99")
    screenshots(page, "1-asked-before-replacing")
    page.get_by_role("button", name="Replace my legal list anyway").click()
    expect(page.locator(".messages")).to_contain_text("Saved, but the deck is not legal yet")

    page.get_by_role("link", name="open").click()
    expect(page.locator("#viewing")).to_contain_text("You are looking at an earlier version")
    screenshots(page, "2-earlier-version")
    page.get_by_role("button", name="Restore version 1").click()
    expect(page.locator(".messages")).to_contain_text("Version 1 restored as version 3; the deck is legal.")
    expect(page.locator("#report h2")).to_contain_text("Legal")
    screenshots(page, "3-restored")
