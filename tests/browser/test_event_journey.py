"""One user journey in a real browser: the organiser starts a round, a judge records a result on a phone,
and the player sees the clock run and the result and standings arrive without reloading the page.

The site runs under daphne (ASGI: HTTP and websockets) in a subprocess on the test database, with the
in-memory channel layer (one process serves both the judge's POST and the player's websocket) and Celery
tasks run eagerly in that process (the pairing task runs right after the organiser's commit).
"""
from __future__ import annotations

import re
from datetime import timedelta

import pytest
from django.utils import timezone

from tests.browser.conftest import session_cookie as _session_cookie

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]



def test_organiser_starts_a_round_judge_records_on_a_phone_player_sees_clock_and_standings(live_site, chromium, make_user):
    """Uses the session's chromium (tests/browser/conftest.py); three contexts: organiser, player, judge's phone."""
    from playwright.sync_api import expect

    from decks.models import Format
    from tournaments import services
    from tournaments.models import Event, Match

    organiser, judge, head = make_user("org"), make_user("judy"), make_user("hedda")
    players = [make_user(f"pony{i}") for i in range(1, 5)]
    fmt = Format.objects.get(slug="mlp-harmony")
    from django.contrib.auth.models import Group

    Group.objects.get_or_create(name="Organisers")[0].user_set.add(organiser)  # only organisers create events
    event = services.event_create(by=organiser, name="Browser Cup", game=fmt.game, format=fmt, tier=1,
                                  starts_at=timezone.now() + timedelta(hours=1), head_judge=head, floor_judges=[judge], seed=3)
    services.event_accept_role(event=event, by=head, role="head_judge")  # the judges named say yes
    services.event_accept_role(event=event, by=judge, role="floor_judge")
    services.event_open_registration(event=event, by=organiser)
    regs = [services.registration_create(event=event, player=p) for p in players]
    services.event_open_check_in(event=Event.objects.get(pk=event.pk), by=organiser)
    for r in regs:
        services.registration_check_in(registration=r, by=r.player)
    services.event_start(event=Event.objects.get(pk=event.pk), by=organiser, swiss_rounds=2)

    contexts = []

    def new_context(user, **kwargs):
        ctx = chromium.new_context(**kwargs)
        ctx.add_cookies([_session_cookie(user, live_site)])
        contexts.append(ctx)
        return ctx.new_page()

    try:
        org = new_context(organiser)
        org.goto(f"{live_site}/events/{event.slug}/admin/")
        org.get_by_role("button", name="Start next round").click()
        expect(org.locator("#pairings")).to_contain_text("Round 1")

        match = Match.objects.filter(round__event=event, player_a=regs[0]).first() or Match.objects.get(round__event=event, player_b=regs[0])
        me, opponent = (match.player_a, match.player_b) if match.player_a_id == regs[0].id else (match.player_b, match.player_a)

        player = new_context(players[0])
        player.goto(f"{live_site}/events/{event.slug}/")
        expect(player.locator(".my-match")).to_contain_text(f"table {match.table} against {opponent.name}")
        expect(player.locator("[data-live-status]")).to_contain_text("connected", timeout=10000)
        clock = player.locator(".my-match [data-clock]")
        expect(clock).to_have_text(re.compile(r"^3[45]:\d\d$"))  # 35-minute Swiss round, counted to the server's end time
        first = clock.inner_text()
        player.wait_for_timeout(1600)
        assert clock.inner_text() != first  # it counts down
        player.evaluate("window.__no_reload = true")
        table = new_context(players[0])
        table.goto(f"{live_site}/events/{event.slug}/?tab=standings")
        expect(table.locator("#standings")).to_contain_text("Standings appear once the first results are in")
        expect(table.locator("[data-live-status]")).to_contain_text("connected", timeout=10000)

        phone = new_context(judge, viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
        phone.goto(f"{live_site}/events/{event.slug}/judge/")
        card = phone.locator(f'li.match[data-match="{match.id}"]')
        card.get_by_role("button", name=f"{me.name} wins").tap()
        card.get_by_role("button", name=f"Tap again: {me.name} wins").tap()  # two taps: no result by a brush of the thumb
        expect(phone.locator(f'li.match[data-match="{match.id}"]')).to_contain_text(f"{me.name} wins")
        # The judge's buttons fit the phone: no horizontal scrolling.
        assert phone.evaluate("document.documentElement.scrollWidth") <= 390 + 1

        # The player's page updates live: result, then standings (3 points for the win), no reload.
        expect(player.locator(".my-result")).to_contain_text(f"{me.name} wins", timeout=10000)
        expect(table.locator(f'#standings tr[data-player="{me.name}"] .points')).to_have_text("3", timeout=10000)
        assert player.evaluate("window.__no_reload === true")
    finally:
        for ctx in contexts:
            ctx.close()
        # ORM calls made inside Playwright's greenlet opened their own connection: close it, so the
        # test database can be dropped at the end of the run.
        from django.db import connections

        connections.close_all()
