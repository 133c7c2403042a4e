"""Journey: a user logs in and finds a card by name."""
from __future__ import annotations

import pytest

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_a_user_logs_in_and_finds_a_card_by_name(live_server, catalog, make_user, browser_page):
    make_user("celestia")
    page = browser_page
    page.goto(f"{live_server.url}/accounts/login/")
    page.fill("input[name=username]", "celestia")
    page.fill("input[name=password]", "pony-pass-123")
    page.click("button[type=submit]")
    page.wait_for_selector("text=celestia")
    page.fill("input[aria-label='Find a card']", "rainbow dash flier")
    page.click("text=Search")
    page.wait_for_selector(".card-name")
    assert "Rainbow Dash, Flier Extraordinaire" in page.inner_text(".card-grid")
    page.click("text=Rainbow Dash, Flier Extraordinaire")
    page.wait_for_selector("text=Boosted side")
    assert "Home limit" in page.content()
