"""/api/docs/ (Swagger UI) and /api/redoc/ (ReDoc) work offline: every script, style and icon is ours."""
from __future__ import annotations

import re

import pytest

ASSET = re.compile(r"""(?:src|href)\s*=\s*["']([^"']+)["']|["'](https?://[^"']+\.(?:js|css|png|ico|svg))["']""")


@pytest.mark.parametrize("url", ["/api/docs/", "/api/redoc/"])
def test_the_api_docs_reference_only_local_assets(db, client, url):
    page = client.get(url)
    assert page.status_code == 200
    html = page.content.decode()
    assets = [a or b for a, b in ASSET.findall(html)]
    assert assets, "the page loads its viewer from somewhere"
    remote = [a for a in assets if a.startswith(("http:", "https:", "//"))]
    assert remote == []
    assert "cdn.jsdelivr.net" not in html and "unpkg.com" not in html
    from django.contrib.staticfiles import finders

    for asset in assets:  # each one ships with the project (collectstatic serves it)
        if asset.startswith("/static/"):
            assert finders.find(asset.removeprefix("/static/").split("?")[0]), asset
