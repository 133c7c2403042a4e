"""The organiser's tools in a real browser: a timer preset made of phases, bulk entry of walk-ins, the round
started with the preset, the room display (clock, phase, pairings by name, the cue at a phase change),
pause all timers and resume, and the head judge's pairing edits (swap, pair a late arrival)."""
from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from tests.browser.conftest import event_created_by_an_organiser, no_sideways_scroll, screenshot

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_organiser_runs_the_room_with_a_timer_preset_bulk_entry_display_pause_and_pairing_edits(live_site, open_as, make_user):
    from playwright.sync_api import expect

    from decks.models import Format
    from tournaments import services
    from tournaments.models import Event, Registration, Round

    organiser, head = make_user("celestia"), make_user("luna")
    existing = [make_user(f"pony{i}") for i in range(1, 4)]
    fmt = Format.objects.get(slug="mlp-harmony")
    event = event_created_by_an_organiser(by=organiser, name="Canterlot Walk-in Cup", game=fmt.game, format=fmt, tier=1,
                                  starts_at=timezone.now() + timedelta(hours=1), head_judge=head, seed=5, venue="Canterlot Library")
    services.event_open_registration(event=event, by=organiser)

    org = open_as(organiser)
    # A timer preset: the community's 3 min setup, 35 min play, 5 min "game ends in".
    org.goto(f"{live_site}/events/timers/")
    org.get_by_label("Name", exact=True).fill("Community 3+35+5")
    org.get_by_role("button", name="Save the timer").click()
    expect(org.locator(".messages")).to_contain_text("Timer 'Community 3+35+5' saved")
    expect(org.locator("main")).to_contain_text("time is called at its end")
    screenshot(org, "organiser-timer-presets-1280")

    # Bulk entry: usernames and walk-ins' names, pasted.
    org.goto(f"{live_site}/events/{event.slug}/admin/")
    org.locator("textarea[name=names]").fill("pony1\npony2\npony3\nPinkie Pie\nRarity\nApplejack\nFluttershy")
    org.get_by_role("button", name="Register them").click()
    expect(org.locator(".messages")).to_contain_text("7 registered, 0 already in")
    expect(org.locator("#bulk-entry table")).to_contain_text("created and registered")
    screenshot(org, "organiser-bulk-entry-1280")
    assert Registration.objects.filter(event=event).count() == 7

    services.event_open_check_in(event=Event.objects.get(pk=event.pk), by=organiser)
    for reg in Registration.objects.filter(event=event):
        services.registration_check_in(registration=reg, by=organiser)
    services.event_start(event=Event.objects.get(pk=event.pk), by=organiser, swiss_rounds=3)

    org.goto(f"{live_site}/events/{event.slug}/admin/")
    org.locator("#round-timer").select_option(label="Community 3+35+5")
    org.get_by_role("button", name="Start next round").click()
    expect(org.locator("#pairings")).to_contain_text("Round 1")
    expect(org.locator("[data-round-clock] [data-phase]")).to_have_text("Setup")

    # The room display: clock, phase, pairings by name; the cue is on.
    room = open_as(None)
    room.goto(f"{live_site}/events/{event.slug}/display/")
    expect(room.locator("#phase")).to_have_text("Setup")
    expect(room.locator("#clock")).to_have_text(__import__("re").compile(r"^[23]:\d\d$"))
    expect(room.locator("#rows .row")).to_have_count(7)
    names = room.locator("#rows .row .name").all_inner_texts()
    assert names == sorted(names, key=str.casefold)
    room.locator("#sound-toggle").click()
    expect(room.locator("#sound-toggle")).to_contain_text("cue on")
    screenshot(room, "room-display-1280")

    # Pause all timers: the display says so and its clock stands still.
    org.get_by_placeholder("Why (announcements, fire alarm)").fill("announcements")
    org.get_by_role("button", name="Pause all timers").click()
    expect(org.locator(".paused-banner")).to_be_visible()
    expect(room.locator("#paused")).to_be_visible(timeout=10000)
    frozen = room.locator("#clock").inner_text()
    room.wait_for_timeout(1500)
    assert room.locator("#clock").inner_text() == frozen
    screenshot(room, "room-display-paused-1280")
    org.get_by_role("button", name="Resume all timers").click()
    expect(room.locator("#paused")).to_be_hidden(timeout=10000)

    # The phase changes (setup ends in two seconds): the display moves to "Play" and plays the cue.
    rnd = Round.objects.get(event=event, number=1)
    shift = (rnd.starts_at + timedelta(minutes=3)) - (timezone.now() + timedelta(seconds=2))
    Round.objects.filter(pk=rnd.pk).update(starts_at=rnd.starts_at - shift, ends_at=rnd.ends_at - shift)
    cues = int(room.locator("#room").get_attribute("data-cues") or 0)
    expect(room.locator("#phase")).to_have_text("Play", timeout=12000)
    room.wait_for_timeout(300)
    assert int(room.locator("#room").get_attribute("data-cues") or 0) == cues + 1

    # The head judge swaps two players and pairs a late arrival against the bye.
    rnd.refresh_from_db()
    m1, m2 = list(rnd.matches.filter(player_b__isnull=False).order_by("table")[:2])
    services.registration_add_late(event=Event.objects.get(pk=event.pk), by=organiser, player=make_user("latecomer"))
    hj = open_as(head)
    hj.goto(f"{live_site}/events/{event.slug}/admin/")
    hj.locator("#pairing-edits summary").click()
    hj.locator("select[name=first]").select_option(value=str(m1.player_a_id))
    hj.locator("select[name=second]").select_option(value=str(m2.player_a_id))
    hj.locator("form[action$='/do/swap-players/'] input[name=reason]").fill("seated at the wrong tables")
    hj.get_by_role("button", name="Swap players").click()
    expect(hj.locator(".messages")).to_contain_text("Players swapped")
    hj.locator("#pairing-edits summary").click()
    hj.locator("form[action$='/do/pair-late-arrival/'] select[name=registration]").select_option(label="latecomer")
    hj.get_by_role("button", name="Pair them").click()
    expect(hj.locator(".messages")).to_contain_text("Late arrival paired")
    expect(hj.locator("#pairings")).to_contain_text("latecomer")
    expect(hj.locator("main")).to_contain_text("swap_players round 1: seated at the wrong tables")
    screenshot(hj, "head-judge-pairing-edits-1280")

    phone = open_as(head, phone=True)
    phone.goto(f"{live_site}/events/{event.slug}/admin/")
    assert no_sideways_scroll(phone)
    screenshot(phone, "event-admin-390")
    room_phone = open_as(None, phone=True)
    room_phone.goto(f"{live_site}/events/{event.slug}/display/")
    expect(room_phone.locator("#phase")).to_have_text("Play")
    screenshot(room_phone, "room-display-390")

    # The organiser's own pages on a phone: timers, my events, the display name.
    org_phone = open_as(organiser, phone=True)
    for path, name in (("/events/timers/", "organiser-timer-presets-390"), ("/events/mine/", "my-events-390"),
                       ("/events/profile/", "profile-390")):
        org_phone.goto(f"{live_site}{path}")
        assert no_sideways_scroll(org_phone)
        screenshot(org_phone, name)
    org.goto(f"{live_site}/events/mine/")
    expect(org.locator("main")).to_contain_text("Canterlot Walk-in Cup")
    screenshot(org, "my-events-1280")
