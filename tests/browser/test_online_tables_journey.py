"""Around the online table, in Debian's chromium against daphne (pages, websockets):

- Ann waits on the event page: she is told she waits for Bob, then — live, no reload — that Bob is late
  (the online tardiness grace ran out), that Bob has opened his table (a second browser context) and that
  he left it.
- The organiser's tables: a stranger is refused a table that is not featured (a 403 page that says why),
  the organiser features it on the pairings and the stranger watches; the organiser publishes the
  replays from the event page and a visitor without an account steps through the finished game.

Screenshots at 1280x800 and 390x844 go to var/screenshots/<test>/.
"""
from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from tests.browser.conftest import event_created_by_an_organiser
from tests.gameplay.online_fixtures import online  # noqa: F401  (Celery eager, channel layer in memory here)

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def live_site(online, live_site):
    return live_site


def _online_table(make_user, *, started_ago: timedelta):
    """An online Tier 1 event whose round 1 began ``started_ago`` ago, with one hosted match: Ann v Bob."""
    from decks.models import Format
    from gameplay.engines import get_engine
    from gameplay.services import SeatSpec, hosted_match_create
    from tournaments import services
    from tournaments.models import Event, Match, Round

    from tournaments.models import PlayerProfile

    organiser, judge, ann, bob = make_user("org"), make_user("judy"), make_user("ann"), make_user("bob")
    for user, shown in ((ann, "Ann"), (bob, "Bob")):
        PlayerProfile.objects.create(user=user, display_name=shown)
    fmt = Format.objects.get(slug="mlp-harmony")
    event = event_created_by_an_organiser(by=organiser, name="Arrival Cup", game=fmt.game, format=fmt, tier=1, online=True,
                                          starts_at=timezone.now() - timedelta(hours=1), head_judge=judge, seed=3)
    services.event_open_registration(event=event, by=organiser)
    regs = [services.registration_create(event=event, player=p) for p in (ann, bob)]
    services.event_open_check_in(event=Event.objects.get(pk=event.pk), by=organiser)
    for r in regs:
        services.registration_check_in(registration=r, by=r.player)
    Event.objects.filter(pk=event.pk).update(status="swiss")
    began = timezone.now() - started_ago
    rnd = Round.objects.create(event=event, number=1, status="running", minutes=50, starts_at=began, ends_at=began + timedelta(minutes=50))
    tm = Match.objects.create(round=rnd, table=1, player_a=regs[0], player_b=regs[1])
    deck = get_engine("mlp").random_deck
    match = hosted_match_create(seats=[SeatSpec(name=r.name, deck=deck(20 + i), registration=r)
                                       for i, r in enumerate(regs)], seed=9, tournament_match=tm)
    return Event.objects.get(pk=event.pk), match, {"organiser": organiser, "judge": judge, "ann": ann, "bob": bob}


def test_the_waiting_player_sees_the_opponent_late_then_arrive_then_leave_live(open_as, live_site, make_user, screenshots):
    from playwright.sync_api import expect

    # The round began 9 min 35 s ago: Bob becomes late (10-minute online grace) 25 seconds into the test.
    event, match, users = _online_table(make_user, started_ago=timedelta(minutes=9, seconds=35))
    ann = open_as(users["ann"])
    ann.goto(f"{live_site}/events/{event.slug}/")
    notice = ann.locator("#me .arrival")
    expect(notice).to_contain_text("Waiting for Bob to open the table")
    expect(notice).to_contain_text("they are late: a Game Loss for Tardiness")
    expect(ann.locator("[data-live-status]")).to_contain_text("connected")
    screenshots(ann, "waiting")
    ann.set_viewport_size({"width": 1280, "height": 800})

    expect(notice).to_contain_text("Bob is late", timeout=60_000)  # the page asks the server when the grace runs out
    expect(notice.locator(".badge")).to_have_text("opponent late")

    bob = open_as(users["bob"])
    bob.goto(f"{live_site}/play/m/{match.pk}/", timeout=60_000)  # (a fresh daphne loads the card pool first)
    expect(bob.locator(".board")).to_be_visible()
    expect(notice).to_contain_text("Bob is at the table.", timeout=20_000)  # live, no reload
    expect(notice.locator(".badge")).to_have_text("opponent at the table")
    screenshots(ann, "arrived")
    ann.set_viewport_size({"width": 1280, "height": 800})
    ann.goto(f"{live_site}/events/{event.slug}/?tab=pairings")
    expect(ann.locator("#pairings .arrival")).to_contain_text("Bob is at the table.")
    screenshots(ann, "pairings")
    ann.set_viewport_size({"width": 1280, "height": 800})

    bob.close()
    expect(ann.locator("#pairings .arrival")).to_contain_text("Bob opened the table and left it", timeout=20_000)
    judge = open_as(users["judge"])
    judge.goto(f"{live_site}/events/{event.slug}/?tab=pairings")
    expect(judge.locator("#pairings .presence")).to_contain_text("Bob: left the table")
    expect(judge.locator("#pairings .presence")).to_contain_text("Ann: late")  # she never opened her own table


def test_the_organiser_features_a_table_and_publishes_the_replays(open_as, live_site, make_user, screenshots):
    from playwright.sync_api import expect

    from gameplay.models import HostedGame
    from gameplay.services import match_concede_game

    event, match, users = _online_table(make_user, started_ago=timedelta(minutes=1))
    carl = make_user("carl")
    stranger = open_as(carl)
    table_url = f"{live_site}/play/m/{match.pk}/"
    response = stranger.goto(table_url)
    assert response.status == 403
    expect(stranger.locator("h1")).to_have_text("You may not watch this table")
    expect(stranger.locator(".denied")).to_contain_text("Table 1 is not a featured table")
    screenshots(stranger, "refused")
    stranger.set_viewport_size({"width": 1280, "height": 800})

    organiser = open_as(users["organiser"])
    organiser.goto(f"{live_site}/events/{event.slug}/?tab=pairings")
    organiser.get_by_role("button", name="Feature table 1").click()
    expect(organiser.locator("#pairings .tag.featured")).to_have_text("featured")
    screenshots(organiser, "pairings-featured")
    organiser.set_viewport_size({"width": 1280, "height": 800})
    stranger.goto(table_url, timeout=60_000)  # (the first table page of a fresh daphne loads the card pool)
    expect(stranger.locator(".tag.t-role")).to_have_text("Spectating")

    game = HostedGame.objects.get(match=match)
    match_concede_game(game_id=game.pk, user=users["bob"])
    replay_url = f"{live_site}/play/g/{game.pk}/replay/"
    visitor = open_as(None)
    visitor.goto(replay_url)
    expect(visitor).to_have_url(f"{live_site}/accounts/login/?next=/play/g/{game.pk}/replay/")

    organiser.goto(f"{live_site}/events/{event.slug}/")
    panel = organiser.locator("#online-tables")
    expect(panel).to_contain_text("replays private")
    panel.get_by_label("Every table, for everyone logged in").check()
    panel.get_by_role("button", name="Save who may watch").click()
    expect(organiser.locator(".messages")).to_contain_text("Spectating policy saved")
    panel.get_by_role("button", name="Publish the replays").click()
    expect(panel).to_contain_text("replays published")
    expect(panel.get_by_label("Every table, for everyone logged in")).to_be_checked()
    screenshots(organiser, "organiser-panel")

    visitor.goto(replay_url)
    expect(visitor.locator(".replay-bar")).to_contain_text("Step 0 of")
    screenshots(visitor, "replay-visitor")
