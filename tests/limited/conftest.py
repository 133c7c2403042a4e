"""Limited-event fixtures: an MLP Limited event with players registered and checked in, and ``act``."""
from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone


@pytest.fixture(autouse=True)
def eager_celery(request, settings):
    """Celery tasks run in-process; the channel layer is in memory."""
    from config.celery import app

    old = app.conf.task_always_eager
    app.conf.task_always_eager = True
    settings.CHANNEL_LAYERS = {"default": {"BACKEND": "channels.layers.InMemoryChannelLayer"}}
    yield
    app.conf.task_always_eager = old


@pytest.fixture(autouse=True)
def _cards(request):
    """The real catalog (re-imported if a browser or live test flushed it)."""
    if "django_db" in {m.name for m in request.node.iter_markers()}:
        request.getfixturevalue("catalog")


@pytest.fixture
def act(django_capture_on_commit_callbacks):
    def run(service, **kwargs):
        with django_capture_on_commit_callbacks(execute=True):
            return service(**kwargs)

    return run


@pytest.fixture
def many_players(make_user):
    def make(n: int):
        return [make_user(f"drafter{i:02d}") for i in range(1, n + 1)]

    return make


@pytest.fixture
def limited_event(db, organiser, head_judge, many_players):
    """``limited_event(n, tier=1)``: an mlp-limited event in check-in with ``n`` players checked in."""
    from decks.models import Format
    from tests.conftest import load_catalog
    from tournaments import services

    if not Format.objects.filter(slug="mlp-limited").exists():
        load_catalog()

    def make(n: int = 8, tier: int = 1, players=None):
        fmt = Format.objects.select_related("game").get(slug="mlp-limited")
        event = services.event_create(
            by=organiser, name=f"Limited {n}", game=fmt.game, format=fmt, tier=tier, seed=11, structure="sealed",
            starts_at=timezone.now() + timedelta(days=1), head_judge=head_judge,
            decklist_deadline=timezone.now() + timedelta(hours=20),
        )
        services.event_accept_role(event=event, by=head_judge, role="head_judge")  # the head judge says yes
        services.event_open_registration(event=event, by=organiser)
        people = players if players is not None else many_players(n)
        regs = [services.registration_create(event=event, player=p) for p in people]
        services.event_open_check_in(event=event, by=organiser)
        for r in regs:
            services.registration_check_in(registration=r, by=r.player)
        event.refresh_from_db()
        return event

    return make
