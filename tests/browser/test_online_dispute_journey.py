"""Online self-reports that disagree: the player sees the dispute, the judge sees both reports and adds time
(Playwright, desktop and phone screenshots)."""
from __future__ import annotations

import pytest

from tests.browser.conftest import event_created_by_an_organiser


@pytest.fixture
def online_round(catalog, make_user, settings, monkeypatch):
    """An online Tier 1 event with 4 players, round 1 paired (Celery eager, in-memory channel layer)."""
    from datetime import timedelta

    from django.utils import timezone

    from config.celery import app
    from decks.models import Format
    from tournaments import services
    from tournaments.models import Event, Round

    settings.CHANNEL_LAYERS = {"default": {"BACKEND": "channels.layers.InMemoryChannelLayer"}}
    eager = app.conf.task_always_eager
    app.conf.task_always_eager = True
    monkeypatch.setattr("tournaments.services.events.decklist_required", lambda event: False)
    organiser, judge = make_user("organiser"), make_user("floor_judge")
    fmt = Format.objects.select_related("game").get(slug="mlp-harmony")
    event = event_created_by_an_organiser(by=organiser, name="Online Friday", game=fmt.game, format=fmt, tier=1, online=True,
                                  starts_at=timezone.now() + timedelta(hours=1), seed=7, floor_judges=[judge])
    services.event_open_registration(event=event, by=organiser)
    regs = [services.registration_create(event=event, player=make_user(f"pony{i}")) for i in range(4)]
    services.event_open_check_in(event=Event.objects.get(pk=event.pk), by=organiser)
    for r in regs:
        services.registration_check_in(registration=r, by=r.player)
    services.event_start(event=Event.objects.get(pk=event.pk), by=organiser)
    services.round_start_next(event=Event.objects.get(pk=event.pk), by=organiser)
    yield event, Round.objects.get(event=event, number=1), judge
    app.conf.task_always_eager = eager


@pytest.mark.browser
def test_a_dispute_shows_both_reports_to_the_judge_who_adds_time(
        live_server, transactional_db, online_round, browser_page, screenshots, chromium):
    from playwright.sync_api import expect

    from tournaments import services

    event, rnd, floor_judge = online_round
    m = rnd.matches.filter(player_b__isnull=False).order_by("table").first()
    services.match_report_result(match=m, by=m.player_a.player, result="a")
    page = browser_page

    def login(username: str, next_url: str) -> None:
        page.goto(f"{live_server.url}/accounts/login/?next={next_url}")
        page.fill("input[name=username]", username)
        page.fill("input[name=password]", "pony-pass-123")
        page.click("button[type=submit], input[type=submit]")

    login(m.player_b.player.username, f"/events/{event.slug}/")
    me = page.locator("#me")
    expect(me).to_contain_text("I'm ready to play")
    expect(me).to_contain_text(f"Your opponent reports: {m.player_a.name} wins")
    page.get_by_role("button", name="Dispute (call a judge)").click()
    expect(page.locator(".messages")).to_contain_text("Disputed: a judge has been called and will decide.")
    expect(me).to_contain_text(f"Your opponent reported {m.player_a.name} wins; you dispute it.")
    expect(page.get_by_role("button", name="Confirm")).to_have_count(0)
    screenshots(page, "1-player-after-dispute")

    judge = chromium.new_context().new_page()
    judge.goto(f"{live_server.url}/accounts/login/?next=/events/{event.slug}/judge/")
    judge.fill("input[name=username]", floor_judge.username)
    judge.fill("input[name=password]", "pony-pass-123")
    judge.click("button[type=submit], input[type=submit]")
    disputes = judge.locator(".disputes")
    expect(disputes).to_contain_text(f"{m.player_a.name} says “{m.player_a.name} wins”")
    expect(disputes).to_contain_text(f"{m.player_b.name} disputes the other's report")
    judge.locator(f"[data-match='{m.id}']").get_by_role("button", name="+5 min").click()
    expect(judge.locator(".messages")).to_contain_text("Time added.")
    screenshots(judge, "2-judge-sees-both-reports")
    judge.context.close()
