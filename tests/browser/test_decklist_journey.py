"""A player submits a decklist with a typo, sees it flagged, fixes it, and sees it accepted (Playwright)."""
from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest
from django.utils import timezone

LEGAL = (Path(__file__).resolve().parent.parent / "fixtures" / "decks" / "fluttershy-harmony.txt").read_text()
TYPO = LEGAL.replace("2x Blue Jay, Warbler", "2x Blue Jay, Warblr")


@pytest.mark.browser
def test_a_player_fixes_a_flagged_typo_and_the_list_is_accepted(live_server, transactional_db, catalog, make_user, phone_page):
    """Uses the session's chromium (tests/browser/conftest.py): a second sync_playwright() in the same
    process would fail while that one runs."""
    from playwright.sync_api import expect

    from decks.models import Format
    from tournaments.models import Event, EventRole

    organiser, player = make_user("organiser"), make_user("fluttershy_fan")
    fmt = Format.objects.select_related("game").get(slug="mlp-harmony")
    event = Event.objects.create(slug="harmony-regional", name="Harmony Regional", game=fmt.game, format=fmt, tier=2,
                                 starts_at=timezone.now() + dt.timedelta(days=3),
                                 decklist_deadline=timezone.now() + dt.timedelta(days=2), organiser=organiser)
    EventRole.objects.create(event=event, user=player, role="player")

    page = phone_page  # a phone: 390 x 844, touch
    page.goto(f"{live_server.url}/accounts/login/?next=/decklists/{event.slug}/mine/")
    page.fill("input[name=username]", "fluttershy_fan")
    page.fill("input[name=password]", "pony-pass-123")
    page.click("button[type=submit], input[type=submit]")
    expect(page.get_by_role("heading", name="My decklist")).to_be_visible()

    page.fill("textarea[name=deck]", TYPO)
    page.get_by_role("button", name="Submit my decklist").click()
    flagged = page.locator(".deck-problems li[data-class=incorrect]")
    expect(flagged).to_have_count(1)
    expect(flagged).to_contain_text("Blue Jay, Warblr")
    expect(flagged).to_contain_text("Blue Jay, Warbler (PR81)")
    expect(page.locator("#report h2")).to_contain_text("incorrect list")

    # The textarea holds the submitted list: fix the typo in place and replace the list.
    fixed = page.input_value("textarea[name=deck]").replace("Blue Jay, Warblr", "Blue Jay, Warbler")
    page.fill("textarea[name=deck]", fixed)
    page.get_by_role("button", name="Replace my decklist").click()
    expect(page.locator(".messages")).to_contain_text("Decklist accepted (version 2)")
    expect(page.locator("#report h2")).to_contain_text("Legal")
    expect(page.locator(".deck-problems")).to_have_count(0)
