"""A Neopets Battledome match on the game table, end to end in Debian's chromium against the real server
(daphne: pages, API, websockets).

Two browser contexts are Ann and Bob at a hosted Neopets match (the engine's "neopets" adapter) with
stacked demo decks (tests/browser/neopets_policy.py): they play the whole game through clicks only —
who goes first (1.2c), mulligan (1.2d.1), the starting Neopets face-down then revealed (1.2e), attaching
Codestones by dropping them on the Codestone Slots (5.14c), playing cards from the Inventory (7.4d),
the dice battles with an Agility re-roll (7.5f), a new Neopet for round two (7.10a) — until Ann wins two
rounds (1.3a), and both see the right winner; the replay steps through it.  The same match on phones
(Ann held sideways, 844x390; Bob upright, 390x844) to the end of its first round, then a concession.
Screenshots at 1280x800 and 390x844 go to var/screenshots/.
"""
from __future__ import annotations

import json

import pytest

from tests.browser.neopets_policy import MATCH_SEED, choose_action, decks
from tests.browser.table_helpers import axe_violations, shot
from tests.gameplay.online_fixtures import online  # noqa: F401  (Celery eager, channel layer in memory here)

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

DESKTOP = {"width": 1280, "height": 800}
PHONE_UPRIGHT = {"width": 390, "height": 844}
PHONE_SIDEWAYS = {"width": 844, "height": 390}


@pytest.fixture
def live_site(online, live_site):
    """tests/browser/conftest.py's daphne, with this module's online settings in the test process."""
    return live_site


def _neopets_match(ann, bob):
    from gameplay.services import SeatSpec, hosted_match_create

    d = decks()
    seats = [SeatSpec(name="Ann", deck=d[0], user=ann), SeatSpec(name="Bob", deck=d[1], user=bob)]
    return hosted_match_create(seats=seats, engine="neopets", seed=MATCH_SEED, stacked=True, first_player=0)


def _game_of(match):
    from gameplay.models import HostedGame

    return HostedGame.objects.filter(match=match).order_by("-number").first()


def _payload(page) -> dict:
    return page.evaluate("() => window.ponyTable && window.ponyTable.payload")


def _wait_seq(page, seq: int) -> None:
    page.wait_for_function("s => window.ponyTable && window.ponyTable.payload && window.ponyTable.payload.seq >= s && !window.ponyTable.busy", arg=seq)


def _click_listed(page, scope: str, action: dict) -> None:
    """Click the button of ``scope`` whose data-act is ``action`` (the table lists the server's actions)."""
    index = page.evaluate("""([scope, want]) => {
        const same = (a, b) => JSON.stringify(Object.entries(a).sort()) === JSON.stringify(Object.entries(b).sort());
        return [...document.querySelectorAll(scope + ' [data-act]')].findIndex((b) => same(JSON.parse(b.dataset.act), want));
    }""", [scope, action])
    assert index >= 0, f"no button for {action} in {scope}: {page.locator(scope).inner_text()}"
    page.locator(f"{scope} [data-act]").nth(index).click()


def _zone(action: dict, seat: int) -> str | None:
    return {"attach": f"codestones{seat}", "collect": f"play_area{seat}"}.get(action["kind"])


def _click_action(page, action: dict, seat: int, *, drag: bool = False) -> None:
    """Turn one pick into clicks on the table, the way a player would do it."""
    kind = action["kind"]
    if kind == "choose":
        page.locator(f".prompt [data-choose='{json.dumps(action['option'])}']").click()
    elif kind == "pass":
        page.get_by_role("button", name="Pass", exact=True).click()
    elif kind == "petpet":
        _click_listed(page, ".prompt .global-acts", action)
    elif kind in ("attach", "collect", "play"):
        card = page.locator(f'.board-box [data-card="{action["card"]}"]')
        zone = _zone(action, seat)
        if drag and zone:
            card.drag_to(page.locator(f'.board-box [data-area="{zone}"]').first)
        elif zone:
            card.click()  # select: the place it goes is outlined, with a button naming the action
            page.locator(f'.drop-btn[data-area="{zone}"]').click()
        else:
            card.click()  # select: its actions are listed in the panel
            _click_listed(page, ".prompt .opts", action)
    else:
        raise AssertionError(f"the journey does not click {kind}")


def _shoot_both_sizes(page, name: str) -> None:
    """1280x800 and 390x844 screenshots of this moment (the table re-lays itself out), then back."""
    size = page.viewport_size
    for label, vp in (("desktop", DESKTOP), ("phone", PHONE_UPRIGHT)):
        page.set_viewport_size(vp)
        page.wait_for_timeout(150)
        shot(page, f"{name}-{label}")
    page.set_viewport_size(size)


def _play_to_the_end(pages: dict[int, object], game, *, shots: str = "", limit: int = 300, until: str = "") -> set[str]:
    """Both players click their picks until the game is over (or a decision of kind ``until`` is
    asked); returns what happened (decision kinds, action kinds, log event types)."""
    seen: set[str] = set()
    for _ in range(limit):
        game.refresh_from_db()
        target = max([game.seq] + [_payload(p)["seq"] for p in pages.values()])
        for page in pages.values():
            _wait_seq(page, target)  # both tables at the same position
        states = {s: _payload(p) for s, p in pages.items()}
        if states[0]["outcome"]:
            return seen
        for st in states.values():
            seen |= {e["type"] for e in st["log"]}
        seat = next((s for s, st in states.items() if st["legal_actions"]), None)
        assert seat is not None, f"nobody may act at seq {game.seq}: {states[0]['waiting_for']}"
        st = states[seat]
        other = pages[1 - seat]
        action = choose_action(st, seat)
        pend = st["view"]["pending"]
        seen.add(pend["kind"] if pend else action["kind"])
        if until and pend and pend["kind"] == until:
            return seen
        if pend and pend["kind"] == "mulligan":
            # the other player is told what the game waits for
            assert "Waiting for" in other.locator(".prompt").inner_text()
        if pend and pend["kind"] == "agility_reroll" and "shot-reroll" not in seen:
            seen.add("shot-reroll")
            box = pages[seat].locator(".faceoff-box").inner_text()
            assert "attack dice" in box and "defence dice" in box, box  # the dice, as they were rolled
            assert "7.5f" in pages[seat].locator(".prompt").inner_text()
            if shots:
                _shoot_both_sizes(pages[seat], f"{shots}-battle")
        if pend and pend["kind"] == "new_neopet" and shots and "shot-round2" not in seen:
            seen.add("shot-round2")
            assert "won the round" in pages[seat].locator(".ncentre").inner_text()
            _shoot_both_sizes(pages[seat], f"{shots}-new-round")
        drag = action["kind"] == "attach" and "dragged" not in seen and seat == 0
        if drag:
            seen.add("dragged")
        _click_action(pages[seat], action, seat, drag=drag)
        _wait_seq(pages[seat], st["seq"] + 1)  # the server applied it and sent the new state
    raise AssertionError("the game did not end")


def test_two_players_play_a_neopets_match_to_the_end_by_clicks_only(seat_page, live_site, make_user, catalog):
    from playwright.sync_api import expect

    ann, bob = make_user("ann"), make_user("bob")
    match = _neopets_match(ann, bob)
    game = _game_of(match)
    a, b = seat_page(ann), seat_page(bob)
    for page in (a, b):
        page.goto(f"{live_site}/play/m/{match.pk}/")
        expect(page.locator(".nboard")).to_be_visible()
    expect(a.locator(".prompt")).to_contain_text("take the first turn")
    expect(a.locator(".prompt")).to_contain_text("1.2c")
    expect(b.locator(".prompt")).to_contain_text("Waiting for Ann")
    expect(a.locator("#how-to-play summary")).to_contain_text("Neopets Battledome")
    _shoot_both_sizes(a, "table-neopets-live-setup")
    assert axe_violations(a) == []

    seen = _play_to_the_end({0: a, 1: b}, game, shots="table-neopets-live")
    assert {"go_first", "mulligan", "starting_neopet", "attach", "play", "agility_reroll", "new_neopet", "dragged",
            "attack_dice", "defence_dice", "battle_result", "round_won", "reveal"} <= seen, seen
    expect(a.locator(".gameover")).to_contain_text("You win!")
    expect(b.locator(".gameover")).to_contain_text("Ann wins")
    expect(a.locator(".gameover")).to_contain_text("two rounds")
    expect(a.locator(".nmat-bottom .nrounds")).to_contain_text("2 rounds won")
    expect(b.locator(".nmat-top .nrounds")).to_contain_text("2 rounds won")
    assert "wins round" in b.locator(".log").inner_text()
    _shoot_both_sizes(a, "table-neopets-live-game-over")
    assert axe_violations(a) == []
    assert a.js_errors == [] and b.js_errors == []
    match.refresh_from_db()
    assert match.status == "finished"

    # The replay steps through the finished Neopets game on the same table, read-only.
    game.refresh_from_db()
    a.get_by_role("link", name="Watch the replay").click()
    expect(a.locator(".replay-bar")).to_contain_text("Step 0 of")
    expect(a.locator(".nboard")).to_be_visible()
    a.get_by_role("button", name="Next \u25B6").click()
    expect(a.locator(".replay-bar .step-n")).to_have_text(f"Step 1 of {game.seq}")
    expect(a.locator(".replay-bar .step-words")).not_to_be_empty()
    a.get_by_role("button", name="End \u00BB").click()
    expect(a.locator(".gameover")).to_contain_text("You win!")
    assert a.locator(".prompt .btn.pass").count() == 0
    assert a.js_errors == []


def test_the_same_match_on_phones_held_sideways_and_upright(seat_page, live_site, make_user, catalog):
    """Ann on a phone held sideways, Bob on one held upright, to the end of the first round (Ann wins
    it); then Bob concedes (with a confirmation, 1.3c.1) and both phones show the winner."""
    from playwright.sync_api import expect

    ann, bob = make_user("ann"), make_user("bob")
    match = _neopets_match(ann, bob)
    game = _game_of(match)
    a = seat_page(ann, PHONE_SIDEWAYS, is_mobile=True, has_touch=True)
    b = seat_page(bob, PHONE_UPRIGHT, is_mobile=True, has_touch=True)
    for page in (a, b):
        page.goto(f"{live_site}/play/m/{match.pk}/")
        expect(page.locator(".nboard")).to_be_visible()
    expect(a.locator(".prompt")).to_contain_text("first turn")
    shot(a, "table-neopets-live-sideways-setup")
    seen = _play_to_the_end({0: a, 1: b}, game, until="new_neopet")
    assert {"go_first", "starting_neopet", "attach", "play", "agility_reroll", "round_won"} <= seen, seen
    for page, vp in ((a, PHONE_SIDEWAYS), (b, PHONE_UPRIGHT)):
        expect(page.locator(".ncentre")).to_contain_text("won the round")
        expect(page.locator(".nrounds").first).to_be_visible()
        assert page.evaluate("document.documentElement.scrollWidth") <= vp["width"] + 1  # nothing overflows sideways
        assert page.locator(".prompt").is_visible()
    shot(a, "table-neopets-live-sideways-round-won")
    shot(b, "table-neopets-live-upright-round-won")
    assert axe_violations(a) == [] and axe_violations(b) == []
    # Bob concedes the game from his phone
    b.get_by_role("button", name="Concede").click()
    expect(b.locator("dialog[open]")).to_contain_text("1.3c.1")
    b.locator("dialog[open]").get_by_role("button", name="Concede").click()
    expect(a.locator(".gameover")).to_contain_text("You win!")
    expect(b.locator(".gameover")).to_contain_text("Ann wins")
    shot(a, "table-neopets-live-sideways-game-over")
    shot(b, "table-neopets-live-upright-game-over")
    assert a.js_errors == [] and b.js_errors == []
