"""Decklist fixtures: events in each format, with the named users in their roles."""
from __future__ import annotations

import datetime as dt

import pytest
from django.utils import timezone

@pytest.fixture
def make_event(db, organiser, head_judge, floor_judge, players):
    from decks.models import Format
    from tournaments.models import Event, EventRole

    counter = {"n": 0}

    def make(*, format: str = "mlp-harmony", tier: int = 2, starts_in: dt.timedelta = dt.timedelta(days=7),
             deadline_in: dt.timedelta | None = dt.timedelta(days=6), starts_at: dt.datetime | None = None,
             register: int = 2, **extra) -> Event:
        counter["n"] += 1
        fmt = Format.objects.select_related("game").get(slug=format)
        start = starts_at or timezone.now() + starts_in
        event = Event.objects.create(
            slug=f"event-{counter['n']}", name=f"Event {counter['n']}", game=fmt.game, format=fmt, tier=tier,
            starts_at=start, decklist_deadline=timezone.now() + deadline_in if deadline_in is not None else None,
            organiser=organiser, **extra,
        )
        EventRole.objects.create(event=event, user=head_judge, role="head_judge")
        EventRole.objects.create(event=event, user=floor_judge, role="floor_judge")
        for p in players[:register]:
            EventRole.objects.create(event=event, user=p, role="player")
        return event

    return make


@pytest.fixture
def event(make_event):
    """A Tier 2 Harmony event next week, decklists due the day before; player1 and player2 registered."""
    return make_event()

