"""Steps the limited journeys share."""
from __future__ import annotations

import re


def build_pool_deck_by_clicks(page, draw_cards: int = 30) -> None:
    """On the deck builder of a pool holding Rainbow Dash, Hanging Out and Cloudbursting: pick that Mane
    Character, five Cloudbursting, then add pool cards row by row until the draw deck holds ``draw_cards``
    (the limited minimum, floor rules' Limited Play)."""
    page.get_by_role("button", name="Add Rainbow Dash, Hanging Out").click()
    for _ in range(5):
        page.get_by_role("button", name="Add Cloudbursting").click()
    rows = page.locator('.pool-row:not(.provided):not([data-type="Problem"]):not([data-type="Mane Character"])')
    drawn = page.locator("[data-count-draw]")
    for i in range(rows.count()):
        row = rows.nth(i)
        if int(drawn.inner_text()) >= draw_cards:
            break
        plus = row.get_by_role("button", name=re.compile(r"^Add "))  # (not "Remove Ceremonial Headdress")
        while "0 left" not in row.locator("[data-left]").inner_text() and int(drawn.inner_text()) < draw_cards:
            plus.click()
