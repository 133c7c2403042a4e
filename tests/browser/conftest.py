"""Playwright with Debian's chromium (never a downloaded browser), the site under daphne for journeys,
and screenshots at the desktop and phone sizes saved as test artefacts (``var/screenshots/``)."""
from __future__ import annotations

import os
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

import pytest
from django.conf import settings
from django.db import connection
from django.test import Client

from tests.parallel import worker_count, worker_index

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
]

os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")


# Module scope: Playwright's sync API keeps an asyncio loop running while it is open, and the tests
# after a browser module (websocket consumers) need asyncio.run().
@pytest.fixture(scope="module")
def chromium():
    if not shutil.which(CHROMIUM):
        pytest.skip("Debian's chromium is not installed (scripts/ensure-chromium.sh installs it)")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield browser
        browser.close()


@pytest.fixture
def browser_page(chromium):
    context = chromium.new_context()
    page = context.new_page()
    page.set_default_timeout(15_000)
    yield page
    context.close()


@pytest.fixture
def phone_page(chromium):
    context = chromium.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
    page = context.new_page()
    page.set_default_timeout(15_000)
    yield page
    context.close()


DESKTOP = {"width": 1280, "height": 800}
PHONE = {"width": 390, "height": 844}
SCREENSHOTS = Path(os.environ.get("PONYHALL_SCREENSHOTS", Path(__file__).resolve().parents[2] / "var" / "screenshots"))


def screenshot(page, name: str) -> Path:
    """Save a full-page screenshot (a test artefact to look at) and return its path."""
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    path = SCREENSHOTS / f"{name}.png"
    page.screenshot(path=str(path), full_page=True)
    return path


def _free_port() -> int:
    """A free port: the first free one of ``PONYHALL_TEST_PORTS`` ("8170-8179") when set, else any. In a
    parallel run each worker searches only its own slice of the range (tests/parallel.py)."""
    wanted = os.environ.get("PONYHALL_TEST_PORTS", "")
    if wanted:
        low, _, high = wanted.partition("-")
        ports = range(int(low), int(high or low) + 1)
        if worker_count() > 1:
            ports = ports[worker_index()::worker_count()]
        for port in ports:
            with socket.socket() as s:
                try:
                    s.bind(("127.0.0.1", port))
                except OSError:
                    continue
                return port
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture
def live_site(catalog):
    """daphne on a free port, serving this test's database."""
    port = _free_port()
    db = connection.settings_dict
    env = {k: v for k, v in os.environ.items() if k not in ("DATABASE_URL", "REDIS_URL", "PONYHALL_SQLITE")}
    if connection.vendor == "postgresql":
        user, host, dbport = db.get("USER") or "postgres", db.get("HOST") or "127.0.0.1", db.get("PORT") or 5432
        env["DATABASE_URL"] = f"postgres://{user}@{host}:{dbport}/{db['NAME']}"
    else:
        env["PONYHALL_SQLITE"] = str(db["NAME"])
    env.update(PONYHALL_CHANNEL_LAYER="memory", CELERY_TASK_ALWAYS_EAGER="1", DJANGO_DEBUG="1",
               DJANGO_SETTINGS_MODULE="config.settings")
    with tempfile.TemporaryDirectory(prefix="ponyhall-daphne-") as tmp:
        log = open(Path(tmp) / "daphne.log", "w")
        proc = subprocess.Popen(
            [sys.executable, "-m", "daphne", "-b", "127.0.0.1", "-p", str(port), "config.asgi:application"],
            cwd=settings.BASE_DIR, env=env, stdout=log, stderr=subprocess.STDOUT, start_new_session=True,
        )
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
            yield base
        finally:
            proc.terminate()
            try:
                proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                proc.kill()


def session_cookie(user, base: str) -> dict:
    client = Client()
    client.force_login(user)
    return {"name": settings.SESSION_COOKIE_NAME, "value": client.cookies[settings.SESSION_COOKIE_NAME].value,
            "url": base}




@pytest.fixture
def open_as(chromium, live_site):
    """``open_as(user, phone=False)``: a page logged in as ``user`` (None: a visitor) at 1280x800 or 390x844."""
    contexts = []

    def open_page(user=None, *, phone: bool = False):
        kwargs = {"viewport": PHONE, "is_mobile": True, "has_touch": True} if phone else {"viewport": DESKTOP}
        ctx = chromium.new_context(**kwargs)
        if user is not None:
            ctx.add_cookies([session_cookie(user, live_site)])
        contexts.append(ctx)
        page = ctx.new_page()
        page.set_default_timeout(15_000)
        return page

    yield open_page
    for ctx in contexts:
        ctx.close()
    # ORM calls made inside Playwright's greenlet opened their own connection: close it, so the
    # test database can be dropped at the end of the run.
    from django.db import connections

    connections.close_all()


def no_sideways_scroll(page) -> bool:
    return page.evaluate("document.documentElement.scrollWidth <= window.innerWidth + 1")


SIZES = {"desktop": (1280, 800), "phone": (390, 844)}


@pytest.fixture
def screenshots(request):
    """``shoot(page, name)`` saves the page at 1280x800 and 390x844 under var/screenshots/<test>/ (a test
    artefact, to look at) and returns the paths."""
    from django.conf import settings

    folder = settings.VAR_DIR / "screenshots" / request.node.name
    folder.mkdir(parents=True, exist_ok=True)

    def shoot(page, name: str) -> list:
        paths = []
        for label, (width, height) in SIZES.items():
            page.set_viewport_size({"width": width, "height": height})
            path = folder / f"{name}-{label}.png"
            page.screenshot(path=str(path), full_page=True, timeout=60_000)  # an artefact: a long page (the API docs) may take long to capture on a busy core
            paths.append(path)
        return paths

    return shoot


def event_created_by_an_organiser(**kwargs):
    """``services.event_create`` as the journeys need it: the creator is an organiser (only organisers create
    events) and the judges it names have accepted their roles (a named judge holds nothing until then)."""
    from django.contrib.auth.models import Group
    from django.utils import timezone

    from tournaments import services
    from tournaments.models import EventRole

    Group.objects.get_or_create(name="Organisers")[0].user_set.add(kwargs["by"])
    event = services.event_create(**kwargs)
    EventRole.objects.filter(event=event, accepted_at__isnull=True).update(accepted_at=timezone.now())
    return event


@pytest.fixture
def seat_page(chromium, live_site):
    """``seat_page(user, viewport=DESKTOP, **context_options)``: a player's page at their table; JS errors
    are kept in ``page.js_errors``. (A module's own ``live_site`` override applies.)"""
    contexts = []

    def make(user, viewport=DESKTOP, **kw):
        ctx = chromium.new_context(viewport=viewport, **kw)
        ctx.add_cookies([session_cookie(user, live_site)])
        contexts.append(ctx)
        page = ctx.new_page()
        page.set_default_timeout(15_000)
        page.js_errors = []
        page.on("pageerror", lambda e: page.js_errors.append(str(e)))
        return page

    yield make
    for c in contexts:
        c.close()
