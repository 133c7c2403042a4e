"""Helpers for the game table's browser tests: open the table page on a recorded state payload
(no server: Playwright answers the page's requests from the templates and static files), run
axe-core on it, and save screenshots as artefacts (var/screenshots/, gitignored)."""
from __future__ import annotations

import json
import mimetypes
from pathlib import Path
from typing import Any

from django.conf import settings
from django.template.loader import render_to_string

ROOT = Path(settings.BASE_DIR)
FIXTURES = ROOT / "tests" / "fixtures" / "table"
SHOTS = ROOT / "var" / "screenshots"
AXE = ROOT / "tests" / "browser" / "vendor" / "axe-core-4.10.3.min.js"
ORIGIN = "http://table.test"


def fixture(name: str) -> dict[str, Any]:
    return json.loads((FIXTURES / f"{name}.json").read_text())


def open_offline(page, state: dict[str, Any], *, posts: list | None = None, **config: Any) -> None:
    """Serve table.html with ``state`` as its initial payload and the static files from disk; POSTs
    (the table's REST fallback for actions) are answered 400 and recorded in ``posts``."""
    cfg = {"state": state, "ws_url": None, "role": state["viewer"]["role"], "seat": state["viewer"]["seat"], **config}
    html = render_to_string("gameplay/table.html", {"table_config": cfg})
    static_root = ROOT / "static"

    def handle(route):
        url = route.request.url[len(ORIGIN):].split("?")[0]
        if route.request.method == "POST":
            if posts is not None:
                posts.append({"url": url, "body": json.loads(route.request.post_data or "{}")})
            route.fulfill(status=400, body=json.dumps({"code": "illegal", "detail": "recorded by the test", "rule": ""}),
                          headers={"Content-Type": "application/json"})
            return
        if url.startswith(settings.STATIC_URL):
            path = static_root / url[len(settings.STATIC_URL):]
            if path.is_file():
                ctype = mimetypes.guess_type(str(path))[0] or "application/octet-stream"
                if path.suffix == ".js":
                    ctype = "text/javascript"
                route.fulfill(status=200, body=path.read_bytes(), headers={"Content-Type": ctype})
                return
            route.fulfill(status=404, body="not found")
            return
        route.fulfill(status=200, body=html, headers={"Content-Type": "text/html; charset=utf-8"})

    page.route(f"{ORIGIN}/**", handle)
    page.goto(f"{ORIGIN}/play/m/1/")
    page.wait_for_selector(".board")


def axe_violations(page, impacts: tuple[str, ...] = ("serious", "critical")) -> list[dict[str, Any]]:
    """axe-core's violations of the given impacts on the current page."""
    page.add_script_tag(content=AXE.read_text())
    result = page.evaluate("async () => (await axe.run(document, {resultTypes: ['violations']})).violations")
    return [{"id": v["id"], "impact": v["impact"], "help": v["help"],
             "nodes": [n["target"] for n in v["nodes"][:5]]} for v in result if v["impact"] in impacts]


def shot(page, name: str) -> Path:
    SHOTS.mkdir(parents=True, exist_ok=True)
    path = SHOTS / f"{name}.png"
    page.screenshot(path=str(path), full_page=False)
    return path
