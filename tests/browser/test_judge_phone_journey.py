"""A judge on a phone at a 74-player event: finds table 37 by typing it, records the result with two taps,
takes a mis-tap back with the undo, and records the right result."""
from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from tests.browser.conftest import event_created_by_an_organiser, no_sideways_scroll, screenshot

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_a_judge_finds_table_37_records_undoes_and_corrects_a_result_on_a_phone(live_site, open_as, make_user):
    from playwright.sync_api import expect

    from decks.models import Format
    from tournaments import services
    from tournaments.models import Event, Match, Registration, Round

    organiser, judge = make_user("applejack"), make_user("bigmac")
    fmt = Format.objects.get(slug="mlp-harmony")
    event = event_created_by_an_organiser(by=organiser, name="Sweet Apple Acres Open", game=fmt.game, format=fmt, tier=1,
                                  starts_at=timezone.now() + timedelta(hours=1), floor_judges=[judge], seed=2)
    services.event_open_registration(event=event, by=organiser)
    names = "\n".join(f"Pony {i:02d}" for i in range(1, 75))
    services.registration_bulk_create(event=event, by=organiser, text=names)
    services.event_open_check_in(event=Event.objects.get(pk=event.pk), by=organiser)
    for reg in Registration.objects.filter(event=event):
        services.registration_check_in(registration=reg, by=organiser)
    services.event_start(event=Event.objects.get(pk=event.pk), by=organiser)
    rnd = services.round_start_next(event=Event.objects.get(pk=event.pk), by=organiser)
    services.round_pair(round=rnd)
    rnd = Round.objects.get(pk=rnd.pk)
    m = Match.objects.select_related("player_a__player", "player_b__player").get(round=rnd, table=37)
    a, b = m.player_a.name, m.player_b.name

    phone = open_as(judge, phone=True)
    phone.goto(f"{live_site}/events/{event.slug}/judge/")
    expect(phone.locator("#judge-list li.match")).to_have_count(37)
    phone.get_by_placeholder("Table number or player name").fill("37")
    expect(phone.locator("#judge-list li.match:visible")).to_have_count(1)
    card = phone.locator('li.match[data-table="37"]')
    expect(card).to_contain_text(f"Table 37: {a}")
    screenshot(phone, "judge-table-37-390")

    card.get_by_role("button", name=f"{b} wins").tap()  # the mis-tap: first tap only arms the button
    expect(card.get_by_role("button", name=f"Tap again: {b} wins")).to_be_visible()
    screenshot(phone, "judge-confirm-tap-390")
    card.get_by_role("button", name=f"Tap again: {b} wins").tap()
    card = phone.locator('li.match[data-table="37"]')
    expect(card).to_contain_text(f"{b} wins")
    expect(phone.locator("#judge-list li.match:visible")).to_have_count(1)  # the search survives the reload
    screenshot(phone, "judge-undo-offered-390")
    card.get_by_role("button", name=f"Undo “{b} wins”").tap()
    expect(phone.locator(".messages")).to_contain_text("Result taken back")
    card = phone.locator('li.match[data-table="37"]')
    card.get_by_role("button", name=f"{a} wins").tap()
    card.get_by_role("button", name=f"Tap again: {a} wins").tap()
    expect(phone.locator('li.match[data-table="37"]')).to_contain_text(f"{a} wins")
    assert Match.objects.get(pk=m.pk).result == "a"
    assert no_sideways_scroll(phone)

    phone.locator("select[name=registration]").first.select_option(label=m.player_a.judge_name)
    phone.locator("#penalty select[name=kind]").select_option(label="Procedural Error")
    phone.locator("#penalty input[name=infraction]").fill("Slow play")
    phone.get_by_role("button", name="Issue penalty").click()
    expect(phone.locator(".messages")).to_contain_text("Penalty issued")
    phone.locator("select[name=registration]").first.select_option(label=m.player_a.judge_name)
    phone.locator("#penalty input[name=infraction]").fill("Slow play")
    phone.get_by_role("button", name="Issue penalty").click()
    expect(phone.locator(".messages")).to_contain_text("issue again")
    screenshot(phone, "judge-duplicate-penalty-390")

    desk = open_as(judge)
    desk.goto(f"{live_site}/events/{event.slug}/judge/?q=37")
    expect(desk.locator("#judge-list li.match:visible")).to_have_count(1)
    screenshot(desk, "judge-page-1280")
