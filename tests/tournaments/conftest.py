"""Fixtures for running events: an MLP Harmony event per tier, checked-in players, and ``act`` which runs a
service and then its after-commit work (broadcasts, Celery tasks run eagerly in-process)."""
from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone


@pytest.fixture(autouse=True)
def eager_celery(request):
    """Celery tasks run in-process; the channel layer is in memory. (Not needed by the pure pairing
    engine's tests, which also run under ``-p no:django``.)"""
    if not request.config.pluginmanager.hasplugin("django"):
        yield
        return
    from config.celery import app

    settings = request.getfixturevalue("settings")
    old = app.conf.task_always_eager
    app.conf.task_always_eager = True
    settings.CHANNEL_LAYERS = {"default": {"BACKEND": "channels.layers.InMemoryChannelLayer"}}
    yield
    app.conf.task_always_eager = old


@pytest.fixture
def act(django_capture_on_commit_callbacks):
    """Call a service and run what it scheduled for after commit (pairing tasks, broadcasts)."""

    def run(service, **kwargs):
        with django_capture_on_commit_callbacks(execute=True):
            return service(**kwargs)

    return run


@pytest.fixture
def harmony(db):
    """The MLP game and the Harmony format (loaded once per session; re-loaded only after a flush)."""
    from decks.models import Format, Game

    if not Format.objects.filter(slug="mlp-harmony").exists():
        from tests.conftest import load_catalog

        load_catalog()
    game = Game.objects.get(slug="mlp")
    fmt = Format.objects.filter(slug="mlp-harmony").first() or Format.objects.create(game=game, slug="mlp-harmony", name="Harmony")
    return game, fmt


@pytest.fixture
def make_event(harmony, organiser, head_judge, floor_judge):
    from tournaments.services import event_accept_role, event_create

    def make(tier: int = 1, **extra):
        game, fmt = harmony
        extra.setdefault("starts_at", timezone.now() + timedelta(days=1))
        event = event_create(
            by=organiser, name=f"Tier {tier} test", game=game, format=fmt, tier=tier, seed=7,
            head_judge=head_judge, floor_judges=[floor_judge], **extra,
        )
        # The judges named accept their roles (until then they hold none).
        event_accept_role(event=event, by=head_judge, role="head_judge")
        event_accept_role(event=event, by=floor_judge, role="floor_judge")
        return event

    return make


@pytest.fixture
def running_event(make_event, players, organiser, act, monkeypatch):
    """A Tier 1 event with 8 players checked in, Swiss started (no round yet). Decklists not needed."""
    from tournaments import services

    def make(tier: int = 1, n: int = 8, **extra):
        monkeypatch.setattr("tournaments.services.events.decklist_required", lambda event: False)
        event = make_event(tier=tier, **extra)
        act(services.event_open_registration, event=event, by=organiser)
        regs = [act(services.registration_create, event=event, player=p) for p in players[:n]]
        act(services.event_open_check_in, event=event, by=organiser)
        for r in regs:
            act(services.registration_check_in, registration=r, by=r.player)
        event = act(services.event_start, event=event, by=organiser)
        return event, regs

    return make


@pytest.fixture
def paired_round(running_event, organiser, act):
    """Round 1 of an 8-player event, paired by the Celery task (eagerly)."""
    from tournaments import services

    def make(tier: int = 1, **extra):
        event, regs = running_event(tier=tier, **extra)
        rnd = act(services.round_start_next, event=event, by=organiser)
        rnd.refresh_from_db()
        return event, regs, rnd

    return make
