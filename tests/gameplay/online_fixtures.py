"""Fixtures for the online-play tests: eager Celery, an in-memory channel layer, no bot delay, users,
decks and matches. Import the fixtures a test module needs from here; the tests that use them take the
``django_db`` mark."""
from __future__ import annotations

import pytest

from gameplay.engines import get_engine
from gameplay.services.common import LOG_CACHE, STATE_CACHE


@pytest.fixture
def online(request, settings):
    """Celery in-process, the channel layer in memory, bots without delay, a cold state cache."""
    from config.celery import app

    old = app.conf.task_always_eager
    app.conf.task_always_eager = True
    settings.CHANNEL_LAYERS = {"default": {"BACKEND": "channels.layers.InMemoryChannelLayer"}}
    settings.PONYHALL_BOT_DELAY_SECONDS = 0
    STATE_CACHE.clear()
    LOG_CACHE.clear()
    yield settings
    app.conf.task_always_eager = old
    STATE_CACHE.clear()
    LOG_CACHE.clear()


@pytest.fixture
def ann(django_user_model):
    return django_user_model.objects.create_user(username="ann", password="pony-pass-123")


@pytest.fixture
def bob(django_user_model):
    return django_user_model.objects.create_user(username="bob", password="pony-pass-123")


@pytest.fixture
def carl(django_user_model):
    return django_user_model.objects.create_user(username="carl", password="pony-pass-123")


def committing():
    """Run what a service schedules for after commit (broadcasts, bot moves), as a real commit would."""
    from django.test import TestCase

    return TestCase.captureOnCommitCallbacks(execute=True)


def random_deck(seed: int) -> dict:
    return get_engine("mlp").random_deck(seed)


@pytest.fixture
def casual_match(online, ann, bob, django_capture_on_commit_callbacks):
    """A casual best-of-one between Ann (seat 0) and Bob (seat 1) with random legal decks."""
    from gameplay.services import SeatSpec, hosted_match_create

    def make(seed: int = 11, best_of: int = 1, bot_seats: tuple[int, ...] = ()):
        users = [ann, bob]
        seats = [SeatSpec(name=("Ann", "Bob")[i], deck=random_deck(seed + i), user=None if i in bot_seats else users[i],
                          bot_policy="weighted" if i in bot_seats else "") for i in range(2)]
        with django_capture_on_commit_callbacks(execute=True):
            return hosted_match_create(seats=seats, seed=seed, best_of=best_of)

    return make


def play(game_id: int, user_by_seat: dict, max_actions: int = 60, policy_seed: int = 3):
    """Play the players' moves through the service (first legal action, or a seeded pick)."""
    from gameplay.models import HostedGame
    from gameplay.selectors import Viewer, game_state_payload
    from gameplay.services import game_submit_action

    n = 0
    while n < max_actions:
        game = HostedGame.objects.select_related("match").get(pk=game_id)
        if game.status not in HostedGame.LIVE:
            break
        seat = None
        for s, u in user_by_seat.items():
            p = game_state_payload(game=game, viewer=Viewer("player", s))
            if p["legal_actions"]:
                seat = s
                break
        if seat is None:
            break
        acts = p["legal_actions"]
        a = acts[(policy_seed * 7919 + n) % len(acts)]
        with committing():
            game_submit_action(game_id=game_id, user=user_by_seat[seat], seq=p["seq"], action=a)
        n += 1
    return n


# --------------------------------------------------------------------------- online events


@pytest.fixture
def staff(django_user_model):
    make = django_user_model.objects.create_user
    return {"organiser": make(username="organiser", password="pony-pass-123"),
            "head_judge": make(username="head_judge", password="pony-pass-123"),
            "floor_judge": make(username="floor_judge", password="pony-pass-123")}


@pytest.fixture
def eight_players(django_user_model):
    return [django_user_model.objects.create_user(username=f"player{i}", password="pony-pass-123") for i in range(1, 9)]


@pytest.fixture
def online_event(online, staff, eight_players):
    """An online Tier 1 Harmony event, 8 players checked in with legal registered decklists, started
    (Swiss, 3 rounds): their decks are snapshotted."""
    import random
    from datetime import timedelta

    from django.utils import timezone

    from decks.models import Format, Game
    from decks.services import decklist_submit
    from tests.conftest import load_catalog
    from tournaments import services
    from tournaments.demo_decks import legal_harmony_deck

    if not Format.objects.filter(slug="mlp-harmony").exists():
        load_catalog()

    def make(*, tier: int = 1, swiss_rounds: int = 3, **extra):
        with committing():
            from django.contrib.auth.models import Group

            Group.objects.get_or_create(name="Organisers")[0].user_set.add(staff["organiser"])  # only organisers create events
            event = services.event_create(
                by=staff["organiser"], name="Online test", game=Game.objects.get(slug="mlp"),
                format=Format.objects.get(slug="mlp-harmony"), tier=tier, online=True, seed=7,
                starts_at=timezone.now() + timedelta(days=1), head_judge=staff["head_judge"],
                floor_judges=[staff["floor_judge"]], **extra)
            services.event_accept_role(event=event, by=staff["head_judge"], role="head_judge")  # the judges say yes
            services.event_accept_role(event=event, by=staff["floor_judge"], role="floor_judge")
            services.event_open_registration(event=event, by=staff["organiser"])
            regs = [services.registration_create(event=event, player=p) for p in eight_players]
            rng = random.Random(3)
            for p in eight_players:
                decklist_submit(event=event, player=p, data=legal_harmony_deck(event=event, rng=rng))
            services.event_open_check_in(event=event, by=staff["organiser"])
            for r in regs:
                services.registration_check_in(registration=r, by=r.player)
            return services.event_start(event=event, by=staff["organiser"], swiss_rounds=swiss_rounds)

    return make
