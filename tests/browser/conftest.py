"""Playwright with Debian's chromium (never a downloaded browser)."""
from __future__ import annotations

import os
import shutil

import pytest

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
]

os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")


@pytest.fixture(scope="session")
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
            page.screenshot(path=str(path), full_page=True)
            paths.append(path)
        return paths

    return shoot
