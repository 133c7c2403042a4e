"""The event page on a phone, as Melee and Limitless organise one: a player registers for a Tier 2 event and
finds their decklist from the event page; a visitor browses the tabs and earlier rounds; the events list,
sign-up, event form and 403 pages are real pages at both sizes."""
from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from tests.browser.conftest import event_created_by_an_organiser, no_sideways_scroll, screenshot

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def _event_with_two_rounds(make_user):
    from decks.models import Format
    from tournaments import services
    from tournaments.models import Event, Round

    organiser, judge = make_user("cadance"), make_user("shining")
    players = [make_user(f"pony{i:02d}") for i in range(1, 11)]
    services.player_set_display_name(user=players[0], display_name="Twilight Sparkle")
    fmt = Format.objects.get(slug="mlp-harmony")
    event = event_created_by_an_organiser(by=organiser, name="Crystal Empire Showdown", game=fmt.game, format=fmt, tier=1,
                                  starts_at=timezone.now() + timedelta(hours=1), head_judge=judge, seed=11,
                                  venue="Crystal Palace", capacity=32)
    services.event_open_registration(event=event, by=organiser)
    regs = [services.registration_create(event=event, player=p) for p in players]
    services.event_open_check_in(event=Event.objects.get(pk=event.pk), by=organiser)
    for r in regs:
        services.registration_check_in(registration=r, by=r.player)
    services.event_start(event=Event.objects.get(pk=event.pk), by=organiser, swiss_rounds=3)
    for _ in range(2):
        rnd = services.round_start_next(event=Event.objects.get(pk=event.pk), by=organiser)
        services.round_pair(round=rnd)
        rnd = Round.objects.get(pk=rnd.pk)
        if rnd.number == 1:
            for m in rnd.matches.filter(player_b__isnull=False):
                services.match_record_result(match=m, by=judge, result="a")
    return event, players


def test_a_visitor_browses_the_tabs_and_earlier_rounds_on_a_phone(live_site, open_as, make_user):
    from playwright.sync_api import expect

    event, players = _event_with_two_rounds(make_user)
    phone = open_as(None, phone=True)
    phone.goto(f"{live_site}/events/{event.slug}/")
    expect(phone.locator(".event-head")).to_contain_text("10 players of 32")
    expect(phone.locator("[data-round-clock] [data-clock]").first).to_have_text(__import__("re").compile(r"^3[45]:\d\d$"))
    assert no_sideways_scroll(phone)
    screenshot(phone, "event-overview-visitor-390")

    phone.get_by_role("navigation", name="Event").get_by_role("link", name="Pairings").click()
    expect(phone.locator("#pairings h2")).to_contain_text("Round 2")
    phone.get_by_role("link", name="Round 1").click()
    expect(phone.locator("#pairings h2")).to_contain_text("Round 1")
    expect(phone.locator("#pairings")).to_contain_text("wins")
    assert phone.locator("#pairings [data-clock]").count() == 0  # a finished round has no clock
    phone.get_by_placeholder("Find a player or table").fill("Twilight")
    expect(phone.locator("#pairings-table tbody tr:visible")).to_have_count(1)
    assert no_sideways_scroll(phone)
    screenshot(phone, "event-pairings-round1-390")

    phone.get_by_role("navigation", name="Event").get_by_role("link", name="Standings").click()
    expect(phone.locator("#standings tbody tr")).to_have_count(10)
    expect(phone.locator("#standings th[title=\"Opponents' match-win %\"]")).to_be_hidden()  # collapsed on a phone
    assert no_sideways_scroll(phone)
    screenshot(phone, "event-standings-390")

    desk = open_as(None)
    desk.goto(f"{live_site}/events/{event.slug}/?tab=standings")
    expect(desk.locator("#standings th[title=\"Opponents' match-win %\"]")).to_be_visible()
    screenshot(desk, "event-standings-1280")
    desk.goto(f"{live_site}/events/{event.slug}/")
    screenshot(desk, "event-overview-visitor-1280")

    phone.goto(f"{live_site}/events/")
    assert no_sideways_scroll(phone)
    screenshot(phone, "events-list-390")


def test_a_player_registers_for_a_tier_2_event_and_finds_their_decklist_from_the_event_page(live_site, open_as, make_user):
    from playwright.sync_api import expect

    from decks.models import Format
    from tournaments import services

    organiser, player = make_user("spike"), make_user("starlight")
    fmt = Format.objects.get(slug="mlp-harmony")
    event = event_created_by_an_organiser(by=organiser, name="Manehattan Regional", game=fmt.game, format=fmt, tier=2,
                                  starts_at=timezone.now() + timedelta(days=2), venue="Manehattan Hall")
    services.event_open_registration(event=event, by=organiser)
    phone = open_as(player, phone=True)
    phone.goto(f"{live_site}/events/{event.slug}/")
    expect(phone.locator("#me")).to_contain_text("A decklist is required before the start (Tier 2 Rules, Deck Lists)")
    phone.get_by_role("button", name="Register").click()
    expect(phone.locator(".decklist-status")).to_contain_text("missing")
    expect(phone.locator(".decklist-status")).to_contain_text("Required by")
    assert no_sideways_scroll(phone)
    screenshot(phone, "event-overview-player-tier2-390")
    phone.get_by_role("link", name="Submit your decklist").click()
    expect(phone.locator("h1")).to_contain_text("My decklist")
    screenshot(phone, "decklist-mine-from-event-390")
    desk = open_as(player)
    desk.goto(f"{live_site}/events/{event.slug}/")
    screenshot(desk, "event-overview-player-tier2-1280")


def test_the_event_form_sign_up_and_403_pages_are_real_pages(live_site, open_as, make_user):
    from playwright.sync_api import expect

    from decks.models import Format
    from tournaments import services

    from django.contrib.auth.models import Group

    organiser = make_user("trixie")
    Group.objects.get_or_create(name="Organisers")[0].user_set.add(organiser)  # only organisers create events
    for phone in (False, True):
        page = open_as(organiser, phone=phone)
        page.goto(f"{live_site}/events/new/")
        page.get_by_label("Name", exact=True).fill("Great and Powerful Cup")
        page.get_by_label("Format").select_option(label="Harmony Constructed")
        page.get_by_label("Structure").select_option(value="booster_draft")
        page.get_by_label("Starts").fill("2020-06-01T10:00")
        page.get_by_label("Round length (minutes)").fill("40")
        page.get_by_role("button", name="Create the event").click()
        expect(page.locator(".field.has-error")).to_contain_text("is a constructed format")
        assert no_sideways_scroll(page)
        screenshot(page, f"event-form-errors-{390 if phone else 1280}")
        page.get_by_label("Structure").select_option(value="constructed")
        page.get_by_role("button", name="Create the event").click()
        expect(page.locator(".field.has-error")).to_contain_text("is in the past")

        visitor = open_as(None, phone=phone)
        visitor.goto(f"{live_site}/accounts/signup/")
        expect(visitor.locator("h1")).to_have_text("Create your Ponyhall account")
        screenshot(visitor, f"signup-{390 if phone else 1280}")

    fmt = Format.objects.get(slug="mlp-harmony")
    event = event_created_by_an_organiser(by=organiser, name="Trixie's Show", game=fmt.game, format=fmt,
                                  starts_at=timezone.now() + timedelta(days=1))
    for phone in (False, True):
        page = open_as(organiser, phone=phone)
        page.goto(f"{live_site}/events/{event.slug}/judge/")
        expect(page.locator("h1")).to_contain_text("The judge page is for this event's judges")
        screenshot(page, f"judge-403-explained-{390 if phone else 1280}")
    page.get_by_role("button", name="Appoint me floor judge").click()
    expect(page.locator("h1")).to_contain_text("Judge · Trixie's Show")


def test_the_organiser_finds_the_decklists_from_the_admin_and_publishes_them(live_site, open_as, make_user):
    from playwright.sync_api import expect

    from decks.models import Format
    from tournaments import services

    organiser, judge = make_user("rarity_org"), make_user("sweetie")
    fmt = Format.objects.get(slug="mlp-harmony")
    event = event_created_by_an_organiser(by=organiser, name="Carousel Boutique Classic", game=fmt.game, format=fmt, tier=2,
                                  starts_at=timezone.now() - timedelta(minutes=1), head_judge=judge)
    services.event_open_registration(event=event, by=organiser)
    org = open_as(organiser)
    org.goto(f"{live_site}/events/{event.slug}/admin/")
    org.get_by_role("link", name="Decklists (required)").click()
    org.get_by_role("button", name="Publish the decklists").click()
    expect(org.locator(".messages")).to_contain_text("Decklists published")
    visitor = open_as(None, phone=True)
    visitor.goto(f"{live_site}/events/{event.slug}/")
    visitor.get_by_role("navigation", name="Event").get_by_role("link", name="Decklists").click()
    expect(visitor.locator("main")).to_contain_text("The organiser published the decklists")
    screenshot(visitor, "event-decklists-tab-390")
