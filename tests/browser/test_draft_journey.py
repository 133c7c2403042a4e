"""One drafter's journey in a real browser: a pod of one human and seven bots drafts online; the drafter picks
pack 1 by clicks, lets a pick timer run out (the Celery worker picks for them), leaves (auto-picked to the end),
builds a legal deck in the deck builder by clicks and registers it. A phone-sized check of the pick screen.

Everything real: daphne (HTTP + websockets) and a ``celery -A config worker -B`` subprocess on this test's
database, sharing Redis as the Celery broker and the channel layer (so the worker's auto-pick reaches the page).
Screenshots (1280x800 and 390x844) go to ``var/screenshots/``.
"""
from __future__ import annotations

import os
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from datetime import timedelta
from pathlib import Path

import pytest
from django.conf import settings
from django.db import connection
from django.test import Client
from django.utils import timezone

from tests.browser.limited_helpers import build_pool_deck_by_clicks
from tests.tournaments.test_celery_live import REDIS_URL, Worker, _redis_reachable, broker  # noqa: F401 (fixture)

pytestmark = [pytest.mark.browser, pytest.mark.celery_live, pytest.mark.django_db(transaction=True)]
SHOTS = Path(settings.BASE_DIR) / "var" / "screenshots"


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _db_env() -> dict:
    db = connection.settings_dict
    env = {k: v for k, v in os.environ.items() if k not in ("DATABASE_URL", "REDIS_URL", "PONYHALL_SQLITE",
                                                            "CELERY_TASK_ALWAYS_EAGER", "PONYHALL_CHANNEL_LAYER")}
    if connection.vendor == "postgresql":
        user, host, port = db.get("USER") or "postgres", db.get("HOST") or "127.0.0.1", db.get("PORT") or 5432
        env["DATABASE_URL"] = f"postgres://{user}@{host}:{port}/{db['NAME']}"
    else:
        env["PONYHALL_SQLITE"] = str(db["NAME"])
    env.update(REDIS_URL=REDIS_URL, DJANGO_DEBUG="1", DJANGO_SETTINGS_MODULE="config.settings")
    return env


@pytest.fixture
def live_draft_site(catalog, broker):  # noqa: F811
    """daphne and a Celery worker on this test's database, sharing Redis."""
    if not _redis_reachable():
        pytest.skip(f"Redis is not reachable at {REDIS_URL}")
    port = _free_port()
    with tempfile.TemporaryDirectory(prefix="ponyhall-draft-") as tmp:
        worker = Worker(Path(tmp))
        worker.env["REDIS_URL"] = REDIS_URL
        worker.start()
        log = open(Path(tmp) / "daphne.log", "w")
        proc = subprocess.Popen([sys.executable, "-m", "daphne", "-b", "127.0.0.1", "-p", str(port), "config.asgi:application"],
                                cwd=settings.BASE_DIR, env=_db_env(), stdout=log, stderr=subprocess.STDOUT, start_new_session=True)
        base = f"http://127.0.0.1:{port}"
        try:
            end = time.monotonic() + 30
            while True:
                try:
                    urllib.request.urlopen(base + "/events/", timeout=2)
                    break
                except Exception:
                    if time.monotonic() > end or proc.poll() is not None:
                        raise AssertionError((Path(tmp) / "daphne.log").read_text()[-3000:])
                    time.sleep(0.3)
            yield base, worker
        finally:
            (SHOTS.parent / "draft-journey-daphne.log").write_text((Path(tmp) / "daphne.log").read_text(errors="replace"))
            proc.terminate()
            try:
                proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                proc.kill()
            worker.kill()


def _cookie(user, base: str) -> dict:
    client = Client()
    client.force_login(user)
    return {"name": settings.SESSION_COOKIE_NAME, "value": client.cookies[settings.SESSION_COOKIE_NAME].value, "url": base}


def _draft_event(organiser, drafter):
    from decks.models import Format
    from limited import draft, services
    from tournaments import services as event_services

    fmt = Format.objects.get(slug="mlp-limited")
    from tests.browser.conftest import event_created_by_an_organiser

    event = event_created_by_an_organiser(by=organiser, name="Canterlot Draft Night", game=fmt.game, format=fmt, tier=1,
                                           structure="booster_draft", starts_at=timezone.now() + timedelta(hours=3), seed=5)
    event_services.event_open_registration(event=event, by=organiser)
    reg = event_services.registration_create(event=event, player=drafter)
    event_services.event_open_check_in(event=event, by=organiser)
    event_services.registration_check_in(registration=reg, by=drafter)
    services.limited_configure(event=event, by=organiser, kind="booster_draft", preset_key="premiere-draft",
                               bots_fill=True, pick_timer_max=9, pick_timer_min=4, review_seconds=2)
    draft.draft_seat_pods(event=event, by=organiser)
    draft.draft_start(event=event, by=organiser)  # the first timer goes to Redis for the worker
    return event


def test_a_drafter_among_bots_drafts_by_clicks_lets_a_timer_run_out_and_registers_a_deck(live_draft_site, chromium, make_user):
    from playwright.sync_api import expect

    from decks.models import Decklist
    from limited.models import DraftPick, Pod

    base, worker = live_draft_site
    SHOTS.mkdir(parents=True, exist_ok=True)
    organiser, drafter = make_user("celestia"), make_user("twilight")
    event = _draft_event(organiser, drafter)
    seat = Pod.objects.get(limited__event=event).seats.get(player=drafter)

    desk_ctx = chromium.new_context(viewport={"width": 1280, "height": 800})
    phone_ctx = chromium.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
    for ctx in (desk_ctx, phone_ctx):
        ctx.add_cookies([_cookie(drafter, base)])
    try:
        page = desk_ctx.new_page()
        page.set_default_timeout(20_000)
        page.goto(f"{base}/limited/{event.slug}/draft/")
        expect(page.locator("[data-live-status]")).to_have_text("live")
        expect(page.locator("[data-step]")).to_contain_text("Pack 1 of 4 (AD), pick 1")
        assert page.locator("[data-pack] .lim-card").count() == 12

        # The phone-sized pick screen: every card reachable, no sideways scrolling.
        phone = phone_ctx.new_page()
        phone.goto(f"{base}/limited/{event.slug}/draft/")
        expect(phone.locator("[data-pack] .lim-card")).to_have_count(12)
        assert phone.evaluate("document.documentElement.scrollWidth") <= 391
        assert phone.locator("[data-timer]").is_visible()
        phone.screenshot(path=str(SHOTS / "draft-pick-390x844.png"), full_page=False)
        page.screenshot(path=str(SHOTS / "draft-pick-1280x800.png"))
        phone.close()  # the laptop's screen is still open: the drafter is not away

        # Pack 1 by clicks: twelve picks, each taking the first card shown.
        for pick in range(1, 13):
            expect(page.locator("[data-step]")).to_contain_text(f"Pack 1 of 4 (AD), pick {pick}")
            name = page.locator("[data-pack] .lim-card .nm").first.inner_text()
            page.locator("[data-pack] .lim-card").first.click()
            expect(page.locator("[data-picks]")).to_contain_text(name)  # Tier 1: picks may be reviewed any time
        assert DraftPick.objects.filter(seat=seat, pack_number=0, auto=False).count() == 12

        # The review between packs, then pack 2: let the pick timer run out; the worker picks for the drafter.
        expect(page.locator("[data-step]")).to_contain_text("Pack 2 of 4 (CG), pick 1", timeout=20_000)
        expect(page.locator("[data-timer]")).to_have_text("9s")  # a full pack's timer, counting down live
        expect(page.locator("[data-timer]")).to_have_text("3s", timeout=10_000)
        expect(page.locator("[data-step]")).to_contain_text("pick 2", timeout=15_000)
        expect(page.locator("[data-picks]")).to_contain_text("(auto)")
        auto = DraftPick.objects.get(seat=seat, pack_number=1, pick_number=0)
        assert auto.auto is True and "draft_deadline_task" in worker.log_text()

        # Leaving the draft: the drafter is auto-picked to the end.
        page.close()
        end = time.monotonic() + 30
        while Pod.objects.get(pk=seat.pod_id).status != "finished" and time.monotonic() < end:
            time.sleep(0.3)
        seat_now = type(seat).objects.get(pk=seat.pk)
        assert DraftPick.objects.filter(seat=seat).count() == 48, (seat_now.connections, seat_now.away, Pod.objects.get(pk=seat.pod_id).status)

        # The deck builder: the block's provided Mane and Starting Problem, and 30 draw cards from the pool.
        page = desk_ctx.new_page()
        page.set_default_timeout(20_000)
        page.goto(f"{base}/limited/{event.slug}/deck/")
        build_pool_deck_by_clicks(page)
        expect(page.locator("[data-count-draw]")).to_have_text("30")
        expect(page.locator("[data-checks] .bad")).to_have_count(0)
        expect(page.locator("[data-server-status]")).to_contain_text("Legal for this event", timeout=10_000)
        page.evaluate("window.scrollTo(0, 0)")
        page.screenshot(path=str(SHOTS / "deck-builder-1280x800.png"))
        page.get_by_role("button", name="Save and register this deck").click()
        expect(page.locator("[data-register-result]")).to_contain_text("Registered: version 1, legal.")
        assert Decklist.objects.get(event=event, player=drafter).current.legal

        phone = phone_ctx.new_page()
        phone.goto(f"{base}/limited/{event.slug}/deck/")
        expect(phone.locator(".pool-row").first).to_be_visible()
        phone.screenshot(path=str(SHOTS / "deck-builder-390x844.png"))
        wide = phone.evaluate("[...document.querySelectorAll('body *')].filter(e => e.getBoundingClientRect().right > 391)"
                              ".map(e => e.tagName + '.' + e.className).slice(0, 5)")
        assert phone.evaluate("document.documentElement.scrollWidth") <= 391, wide
    finally:
        desk_ctx.close()
        phone_ctx.close()
