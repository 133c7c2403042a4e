"""A player starts a casual game against a bot from /play/ and plays a move at the table (daphne,
websockets), on a desktop and on a phone; screenshots of the lobby and the table."""
from __future__ import annotations

import pytest
from django.conf import settings

from tests.browser.conftest import session_cookie as _session_cookie  # (live_site: the conftest fixture)

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SHOTS = settings.VAR_DIR / "screenshots"


@pytest.mark.parametrize("size, name", [((1280, 800), "desktop"), ((390, 844), "phone")])
def test_a_player_plays_a_bot_from_the_lobby(live_site, chromium, make_user, size, name):  # noqa: F811
    SHOTS.mkdir(parents=True, exist_ok=True)
    ann = make_user("ann")
    context = chromium.new_context(viewport={"width": size[0], "height": size[1]})
    context.add_cookies([_session_cookie(ann, live_site)])
    page = context.new_page()
    page.set_default_timeout(60_000)
    page.goto(f"{live_site}/play/")
    assert page.get_by_role("heading", name="Start a casual game").is_visible()
    page.screenshot(path=str(SHOTS / f"play-lobby-{name}.png"), full_page=True)
    page.get_by_label("Your deck").select_option(value="random:mlp-harmony")
    page.get_by_role("button", name="Play").click()
    page.wait_for_url("**/play/m/*/")
    page.wait_for_selector("#actions button, .table-root, [data-table], #table-app .board", timeout=60_000)
    waiting = page.locator("#waiting")
    if waiting.count():  # the minimal table (until the game-table page is installed)
        page.wait_for_selector("body[data-ws=open]", timeout=60_000)
        before = waiting.inner_text()
        page.locator("#actions button").first.click()
        page.wait_for_function("t => document.getElementById('waiting').textContent !== t", arg=before, timeout=30_000)
    page.screenshot(path=str(SHOTS / f"play-table-{name}.png"), full_page=True)
    context.close()
