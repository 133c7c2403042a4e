"""The organiser starts a booster-draft event in a real browser: the start is refused naming the player with no
deck from their pool; the organiser chooses to warn them and starts; round 1 is paired within the pods (the
organiser chose pod_rounds=1) and the pairings page says so. Screenshots at 1280x800 and 390x844."""
from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone
from playwright.sync_api import expect

from tests.browser.conftest import event_created_by_an_organiser, no_sideways_scroll
from tests.browser.limited_helpers import build_pool_deck_by_clicks
from tests.limited.test_limited_events import _paper_draft_with_pools, _pods_of, _register_decks

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_the_organiser_starts_a_draft_event_and_sees_round_one_paired_within_pods(make_user, open_as, live_site, screenshots):
    from decks.models import Format
    from tournaments import services
    from tournaments.models import Round

    organiser = make_user("celestia")
    fmt = Format.objects.select_related("game").get(slug="mlp-limited")
    event = event_created_by_an_organiser(by=organiser, name="Canterlot Draft", game=fmt.game, format=fmt, seed=3,
                                          structure="booster_draft", starts_at=timezone.now() + timedelta(days=1),
                                          decklist_deadline=timezone.now() + timedelta(hours=20))
    services.event_open_registration(event=event, by=organiser)
    players = [make_user(f"pony{k}") for k in range(1, 9)]
    regs = [services.registration_create(event=event, player=p) for p in players]
    services.event_open_check_in(event=event, by=organiser)
    for reg in regs:
        services.registration_check_in(registration=reg, by=reg.player)
    _paper_draft_with_pools(organiser, event, pod_sizes=[5, 3], pod_rounds=1)
    _register_decks(event, players[:7])  # pony8 builds nothing

    page = open_as(organiser)
    page.goto(f"{live_site}/events/{event.slug}/admin/")
    page.get_by_role("button", name="Start the event").click()
    expect(page.locator(".messages")).to_contain_text("pony8 (no deck registered)")
    expect(page.locator(".messages")).to_contain_text("Limited Play, Limited Deck Construction")
    screenshots(page, "start-refused")
    page.set_viewport_size({"width": 390, "height": 844})
    assert no_sideways_scroll(page)  # the start form with its choice fits a phone
    page.set_viewport_size({"width": 1280, "height": 800})
    page.get_by_label("Players without a legal deck from their pool").select_option("warn")
    page.get_by_role("button", name="Start the event").click()
    expect(page.locator(".messages")).to_contain_text("The event has started.")
    page.get_by_role("button", name="Start next round").click()
    page.goto(f"{live_site}/events/{event.slug}/?tab=pairings")
    expect(page.locator("[data-pairing-note]")).to_contain_text("Round 1 is paired within the draft pods")
    assert no_sideways_scroll(page)
    screenshots(page, "pairings-within-pods")
    pods = _pods_of(event)
    matches = list(Round.objects.get(event=event, number=1).matches.all())
    assert all(pods[m.player_a_id] == pods[m.player_b_id] for m in matches if m.player_b_id)
    assert len([m for m in matches if m.player_b_id is None]) == 2  # pods of 5 and 3: a bye in each


def test_a_warned_player_registers_their_deck_late_and_the_judges_see_who_is_missing(make_user, open_as, live_site, screenshots):
    """After the start with "warn", the player without a deck builds it in the deck builder and registers it before
    their first match needs it; the head judge's limited page lists who is still missing, and then nobody."""
    from decks.models import Decklist, Format
    from tournaments import services

    organiser, judge = make_user("celestia"), make_user("luna")
    fmt = Format.objects.select_related("game").get(slug="mlp-limited")
    event = event_created_by_an_organiser(by=organiser, name="Ponyville Draft", game=fmt.game, format=fmt, seed=4,
                                          structure="booster_draft", starts_at=timezone.now() + timedelta(days=1),
                                          decklist_deadline=timezone.now() + timedelta(hours=20), head_judge=judge)
    services.event_open_registration(event=event, by=organiser)
    players = [make_user(f"pony{k}") for k in range(1, 5)]
    regs = [services.registration_create(event=event, player=p) for p in players]
    services.event_open_check_in(event=event, by=organiser)
    for reg in regs:
        services.registration_check_in(registration=reg, by=reg.player)
    _paper_draft_with_pools(organiser, event, pod_sizes=[4])
    _register_decks(event, players[:3])  # pony4 builds nothing before the start
    services.event_start(event=event, by=organiser, not_ready="warn")  # round 1 not paired yet: registration is open

    staff = open_as(judge)
    staff.goto(f"{live_site}/limited/{event.slug}/")
    missing = staff.locator("table.missing-decks")
    expect(missing).to_contain_text("pony4")
    expect(missing).to_contain_text("no deck registered")
    expect(missing).to_contain_text("not paired yet")
    expect(missing).to_contain_text("open")
    staff.locator("#missing-decks").scroll_into_view_if_needed()
    screenshots(staff, "judges-missing-decks")
    assert no_sideways_scroll(staff)

    page = open_as(players[3])
    page.goto(f"{live_site}/limited/{event.slug}/deck/")
    expect(page.locator("[data-late]")).to_contain_text("You may still register your deck")
    build_pool_deck_by_clicks(page)
    expect(page.locator("[data-server-status]")).to_contain_text("Legal for this event", timeout=10_000)
    page.evaluate("window.scrollTo(0, 0)")
    screenshots(page, "late-deck-builder")
    page.set_viewport_size({"width": 390, "height": 844})
    assert no_sideways_scroll(page)
    page.set_viewport_size({"width": 1280, "height": 800})
    page.get_by_role("button", name="Save and register this deck").click()
    expect(page.locator("[data-register-result]")).to_contain_text("legal")
    assert Decklist.objects.get(event=event, player=players[3]).current.legal

    staff.reload()
    expect(staff.locator("#missing-decks + p")).to_contain_text("Every player has a legal deck.")
