"""A visitor browses the cards (MLP first), opens a banned card, and reads the API docs with no internet
(Playwright, desktop and phone screenshots)."""
from __future__ import annotations

import pytest


@pytest.mark.browser
def test_a_visitor_sees_mlp_cards_first_a_ban_and_the_api_docs_offline(
        live_server, transactional_db, catalog, browser_page, screenshots):
    from playwright.sync_api import expect

    from decks.models import Card

    page = browser_page
    outside: list[str] = []

    def offline(route):  # nothing may come from the internet
        if route.request.url.startswith(live_server.url):
            route.continue_()
        else:
            outside.append(route.request.url)
            route.abort()

    page.route("**/*", offline)
    page.goto(f"{live_server.url}/cards/")
    expect(page.locator(".card-tile").first).not_to_contain_text("Demo")
    screenshots(page, "1-card-browser")

    card = Card.objects.get(number="PR175")
    page.goto(f"{live_server.url}/cards/{card.guid}/")
    expect(page.locator(".bans")).to_contain_text("Banned in Harmony Constructed since 1 June 2016")
    screenshots(page, "2-banned-card")

    page.goto(f"{live_server.url}/api/docs/")
    expect(page.locator(".swagger-ui .title").first).to_be_visible()
    screenshots(page, "3-swagger-offline")
    page.goto(f"{live_server.url}/api/redoc/")
    # ReDoc lays out the whole schema (about 320 KB since each event operation has its own path) in the
    # browser before it shows anything: seconds of script on a busy CI core, so wait for it longer.
    expect(page.locator("#redoc-container h1, redoc h1, [role=navigation]").first).to_be_visible(timeout=30_000)
    screenshots(page, "4-redoc-offline")
    assert page.request.get(f"{live_server.url}/favicon.ico").status == 200
    # ReDoc's bundle draws its "powered by" badge from cdn.redoc.ly (a decorative image inside the script;
    # offline it is simply not shown). Everything the pages themselves reference is ours.
    assert [u for u in outside if u != "https://cdn.redoc.ly/redoc/logo-mini.svg"] == []
