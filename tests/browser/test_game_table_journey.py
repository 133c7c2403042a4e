"""The game table, end to end in Debian's chromium against the real server (daphne: pages, API, websockets).

Two browser contexts are Ann and Bob at a hosted match with stacked decks and Ann first
(tests/browser/table_policy.py): they play the whole game through clicks only — Starting Problem,
mulligan, playing Friends (by click and by drag-and-drop), moving, confronting, a faceoff, a triggered
"may" — until Ann reaches 15 points, and both see the right winner.  Ann reloads mid-game and carries on.
The same game on a phone held sideways (844x390).  A judge watches an event match and applies a Game
Loss.  A replay steps through the finished game.  axe-core checks the live table.  Screenshots go to
var/screenshots/ (gitignored).
"""
from __future__ import annotations

import json
from datetime import timedelta

import pytest
from django.utils import timezone

from tests.browser.table_helpers import axe_violations, shot
from tests.browser.table_policy import choose_action, decks
from tests.gameplay.online_fixtures import online  # noqa: F401  (Celery eager, channel layer in memory here)

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PHONE_SIDEWAYS = {"width": 844, "height": 390}


@pytest.fixture
def live_site(online, live_site):
    """tests/browser/conftest.py's daphne, with this module's online settings in the test process."""
    return live_site


def _stacked_match(ann, bob, *, tournament_match=None, registrations=(None, None)):
    from gameplay.services import SeatSpec, hosted_match_create

    d = decks()
    seats = [SeatSpec(name=n, deck=d[i], user=None if registrations[i] else u, registration=registrations[i])
             for i, (n, u) in enumerate((("Ann", ann), ("Bob", bob)))]
    return hosted_match_create(seats=seats, seed=7, stacked=True, first_player=0, tournament_match=tournament_match)


def _game_of(match):
    from gameplay.models import HostedGame

    return HostedGame.objects.filter(match=match).order_by("-number").first()


def _payload(page) -> dict:
    return page.evaluate("() => window.ponyTable && window.ponyTable.payload")


def _wait_seq(page, seq: int) -> None:
    page.wait_for_function("s => window.ponyTable && window.ponyTable.payload && window.ponyTable.payload.seq >= s && !window.ponyTable.busy", arg=seq)


def _click_action(page, action: dict, *, drag: bool = False) -> None:
    """Turn one pick into clicks on the table, the way a player would do it."""
    kind = action["kind"]
    if kind == "choose":
        page.locator(f".prompt [data-choose='{json.dumps(action['option'])}']").click()
    elif kind == "pass":
        page.get_by_role("button", name="Pass", exact=True).click()
    elif kind in ("play", "move"):
        card = page.locator(f'.board-box [data-card="{action["card"]}"]')
        if drag:
            card.drag_to(page.locator(f'.board-box [data-area="{action["area"]}"]').first)
        else:
            card.click()
            page.locator(f'.drop-btn[data-area="{action["area"]}"]').click()
    else:
        raise AssertionError(f"the journey does not click {kind}")


def _play_to_the_end(pages: dict[int, object], game, *, reload_at: int | None = None, shots: str = "", limit: int = 300) -> set[str]:
    """Both players click their picks until the game is over; returns what happened (decision kinds,
    action kinds and log event types)."""
    seen: set[str] = set()
    drags = 0
    for n in range(limit):
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
        assert seat is not None, (f"nobody may act at seq {game.seq}: {states[0]['waiting_for']} / "
                                  + "; ".join(f"seat {s}: seq {st['seq']} to_move {st['to_move']} status {st['game'].get('status')} "
                                              f"viewer {st['viewer']} paused {st['clocks'].get('paused')}" for s, st in states.items()))
        st = states[seat]
        action = choose_action(st, seat)
        pend = st["view"]["pending"]
        seen.add(pend["kind"] if pend else action["kind"])
        if shots and seat == 0 and action["kind"] == "play" and "shot-play" not in seen:
            seen.add("shot-play")
            pages[0].locator(f'.board-box [data-card="{action["card"]}"]').click()
            shot(pages[0], f"{shots}-select")
            pages[0].keyboard.press("Escape")
        if shots and pend and pend["kind"] == "may" and seat == 0:
            shot(pages[0], f"{shots}-may")
        if shots and seat == 0 and "shot-faceoff" not in seen and pages[0].locator(".faceoff-box").is_visible() \
                and st["view"]["turn"] >= 5:
            seen.add("shot-faceoff")
            pages[0].wait_for_timeout(3300)  # the turn banner fades
            box = pages[0].locator(".faceoff-box").inner_text()
            assert "Totals" in box and "flips" in box, box  # both sides' flips and totals, as it happened
            shot(pages[0], f"{shots}-faceoff")
        drag = action["kind"] == "play" and seat == 0 and drags < 2 and "shot-play" in seen
        drags += int(drag)
        _click_action(pages[seat], action, drag=drag)
        _wait_seq(pages[seat], st["seq"] + 1)  # the server applied it and sent the new state
        if reload_at is not None and n == reload_at + 10:
            pages[1].evaluate("() => window.ponyTable.ws.close()")  # a dropped connection: the table reconnects
            seen.add("dropped")
        if reload_at is not None and n == reload_at:
            pages[0].reload()  # leave and come back: the table restores everything
            pages[0].wait_for_selector(".board")
            seen.add("reloaded")
    raise AssertionError("the game did not end")


def test_two_players_play_the_stacked_game_to_15_points_by_clicks_only(seat_page, live_site, make_user):
    from playwright.sync_api import expect

    ann, bob = make_user("ann"), make_user("bob")
    match = _stacked_match(ann, bob)
    game = _game_of(match)
    a = seat_page(ann)
    b = seat_page(bob)
    for page in (a, b):
        page.goto(f"{live_site}/play/m/{match.pk}/")
        expect(page.locator(".board")).to_be_visible()
    expect(a.locator(".prompt")).to_contain_text("Choose your Starting Problem")
    expect(a.locator(".prompt")).to_contain_text("102.2")
    expect(b.locator(".prompt")).to_contain_text("Waiting for Ann")
    shot(a, "table-live-desktop-setup")
    assert axe_violations(a) == []

    seen = _play_to_the_end({0: a, 1: b}, game, reload_at=12, shots="table-live-desktop")
    assert {"starting_problem", "mulligan", "play", "move", "may", "confront", "faceoff", "reloaded", "shot-faceoff"} <= seen, seen
    expect(a.locator(".gameover")).to_contain_text("You win!")
    expect(b.locator(".gameover")).to_contain_text("Ann wins")
    expect(a.locator(".gameover")).to_contain_text("15 points")
    assert b.evaluate("() => window.ponyTable.connections") >= 2  # Bob's table reconnected by itself
    expect(a.locator(".seat-bottom .score-num")).to_contain_text("15")
    expect(b.locator(".faceoff-box, .log")).not_to_have_count(0)
    assert "wins the faceoff" in b.locator(".log").inner_text()
    shot(a, "table-live-desktop-game-over")
    assert a.js_errors == [] and b.js_errors == []

    # The replay steps through the finished game, action by action.
    game.refresh_from_db()
    a.get_by_role("link", name="Watch the replay").click()
    expect(a.locator(".replay-bar")).to_contain_text("Step 0 of")
    expect(a.locator(".prompt")).not_to_contain_text("You win!")
    a.get_by_role("button", name="Next \u25B6").click()
    expect(a.locator(".replay-bar .step-n")).to_have_text(f"Step 1 of {game.seq}")
    a.get_by_role("button", name="Next \u25B6").click()
    expect(a.locator(".replay-bar .step-n")).to_have_text(f"Step 2 of {game.seq}")
    expect(a.locator(".replay-bar .step-words")).not_to_be_empty()
    a.get_by_role("button", name="End \u00BB").click()
    expect(a.locator(".replay-bar .step-n")).to_have_text(f"Step {game.seq} of {game.seq}")
    expect(a.locator(".gameover")).to_contain_text("You win!")
    a.get_by_role("button", name="\u25C0 Back").click()
    expect(a.locator(".replay-bar .step-n")).to_have_text(f"Step {game.seq - 1} of {game.seq}")
    shot(a, "table-replay-desktop")
    assert axe_violations(a) == []
    assert a.js_errors == []


def test_the_same_game_on_a_phone_held_sideways(seat_page, live_site, make_user):
    from playwright.sync_api import expect

    ann, bob = make_user("ann"), make_user("bob")
    match = _stacked_match(ann, bob)
    game = _game_of(match)
    a = seat_page(ann, PHONE_SIDEWAYS, is_mobile=True, has_touch=True)
    b = seat_page(bob)
    for page in (a, b):
        page.goto(f"{live_site}/play/m/{match.pk}/")
    expect(a.locator(".prompt")).to_contain_text("Starting Problem")
    shot(a, "table-live-phone-setup")
    seen = _play_to_the_end({0: a, 1: b}, game, shots="table-live-phone")
    assert {"starting_problem", "mulligan", "play", "may", "faceoff"} <= seen, seen
    expect(a.locator(".gameover")).to_contain_text("You win!")
    expect(b.locator(".gameover")).to_contain_text("Ann wins")
    # Nothing of the table overflows the phone's width.
    assert a.evaluate("document.documentElement.scrollWidth") <= PHONE_SIDEWAYS["width"] + 1
    shot(a, "table-live-phone-game-over")
    assert axe_violations(a) == []
    assert a.js_errors == []


def test_a_judge_watches_an_event_match_and_applies_a_game_loss(seat_page, live_site, make_user, catalog):
    from playwright.sync_api import expect

    from decks.models import Format
    from tournaments import services
    from tournaments.models import Event, Match, Round

    organiser, judge = make_user("org"), make_user("judy")
    ann, bob = make_user("ann"), make_user("bob")
    fmt = Format.objects.get(slug="mlp-harmony")
    from tests.browser.conftest import event_created_by_an_organiser

    event = event_created_by_an_organiser(by=organiser, name="Table Cup", game=fmt.game, format=fmt, tier=1, online=True,
                                          starts_at=timezone.now() + timedelta(hours=1), head_judge=judge, seed=3)
    services.event_open_registration(event=event, by=organiser)
    regs = [services.registration_create(event=event, player=p) for p in (ann, bob)]
    services.event_open_check_in(event=Event.objects.get(pk=event.pk), by=organiser)
    for r in regs:
        services.registration_check_in(registration=r, by=r.player)
    Event.objects.filter(pk=event.pk).update(status="running")
    rnd = Round.objects.create(event=event, number=1, status="running", minutes=50,
                               starts_at=timezone.now(), ends_at=timezone.now() + timedelta(minutes=50))
    tm = Match.objects.create(round=rnd, table=1, player_a=regs[0], player_b=regs[1])
    match = _stacked_match(ann, bob, tournament_match=tm, registrations=tuple(regs))
    game = _game_of(match)
    from gameplay.services import match_feature

    match_feature(match_id=match.pk, by=organiser, featured=True)  # spectators watch featured tables (the default policy)

    carl = make_user("carl")
    a, b, j, spectator = seat_page(ann), seat_page(bob), seat_page(judge), seat_page(carl)
    for page in (a, b, j, spectator):
        page.goto(f"{live_site}/play/m/{match.pk}/")
        expect(page.locator(".board")).to_be_visible()
    expect(j.locator(".tag.t-role")).to_have_text("Judge view")
    # The judge sees both hands (everything); each player sees only their own.
    for s in (0, 1):
        assert _payload(j)["view"]["players"][s]["hand"] is not None
    assert _payload(a)["view"]["players"][1]["hand"] is None
    # A spectator watches with public information only.
    expect(spectator.locator(".tag.t-role")).to_have_text("Spectating")
    assert all(_payload(spectator)["view"]["players"][s]["hand"] is None for s in (0, 1))
    assert spectator.get_by_role("button", name="Pass", exact=True).count() == 0
    # A few clicks of setup; the judge's table follows live.
    for _ in range(3):
        game.refresh_from_db()
        for page in (a, b, j):
            _wait_seq(page, game.seq)
        states = {0: _payload(a), 1: _payload(b)}
        seat = next(s for s, st in states.items() if st["legal_actions"])
        _click_action((a, b)[seat], choose_action(states[seat], seat))
    game.refresh_from_db()
    _wait_seq(j, game.seq)
    expect(j.locator(".table-bar")).to_contain_text("Round")
    shot(j, "table-live-judge")
    assert axe_violations(j) == []

    j.get_by_role("button", name="Game Loss: Bob").click()
    expect(j.locator("dialog[open]")).to_contain_text("Bob loses this game")
    j.locator("dialog[open] input").fill("Marked cards")
    j.get_by_role("button", name="Apply the Game Loss").click()
    expect(a.locator(".gameover")).to_contain_text("You win!")
    expect(b.locator(".gameover")).to_contain_text("Ann wins")
    expect(b.locator(".gameover")).to_contain_text("Game Loss")
    expect(j.locator(".gameover")).to_contain_text("Ann wins")
    expect(spectator.locator(".gameover")).to_contain_text("Ann wins")
    assert a.js_errors == [] and j.js_errors == []


def test_play_against_the_computer_from_the_home_page(seat_page, live_site, make_user, catalog):
    from playwright.sync_api import expect

    from decks.formats import formats_install

    formats_install()
    ann = make_user("ann")
    page = seat_page(ann)
    page.goto(f"{live_site}/")
    page.get_by_role("button", name="Play now with a random legal deck").click()
    expect(page.locator(".board")).to_be_visible()
    expect(page.locator(".table-bar")).to_contain_text("Game 1 of 1")
    # the bot sits opposite; the table shows what it waits for or asks Ann
    expect(page.locator(".prompt")).not_to_be_empty()
    assert page.locator(".seat-top .seat-name").inner_text().strip() != ""
    assert page.js_errors == []
