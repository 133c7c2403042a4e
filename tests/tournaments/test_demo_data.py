"""``manage.py demo_data``: the running demo stays a good first impression, and says what state it is in."""
from __future__ import annotations

from datetime import timedelta
from io import StringIO

import pytest
from django.core.management import call_command
from django.utils import timezone

from tournaments.models import Event, Match, Penalty, Round
from tournaments.services import deadlines_sweep

pytestmark = pytest.mark.django_db


def demo() -> str:
    out = StringIO()
    call_command("demo_data", stdout=out)
    return out.getvalue()


def test_ten_minutes_after_the_demo_starts_nobody_has_a_tardiness_game_loss(harmony):
    out = demo()
    assert "Canterlot Friday Night (canterlot-friday-night): round 1 of 3 under way, 3" in out  # 34 or 35 minutes left
    event = Event.objects.get(slug="canterlot-friday-night")
    deadlines_sweep(now=timezone.now() + timedelta(minutes=10))  # Tardiness: 5 minutes after the round began
    assert not Penalty.objects.filter(registration__event=event).exists()
    assert set(Match.objects.filter(round__event=event).values_list("status", flat=True)) == {Match.Status.RUNNING}


def test_a_demo_left_idle_past_its_round_is_made_afresh_on_the_next_run(harmony):
    demo()
    event = Event.objects.get(slug="canterlot-friday-night")
    Round.objects.filter(event=event).update(ends_at=timezone.now() - timedelta(minutes=1))
    assert "round 1 of 3 under way, time called" not in demo()
    fresh = Event.objects.get(slug="canterlot-friday-night")
    assert fresh.pk != event.pk and Round.objects.get(event=fresh).ends_at > timezone.now()


def test_a_demo_someone_is_playing_is_kept_and_described_as_it_stands(harmony):
    demo()
    event = Event.objects.get(slug="canterlot-friday-night")
    m = Match.objects.filter(round__event=event, player_b__isnull=False).first()
    Match.objects.filter(pk=m.pk).update(status=Match.Status.FINAL, result="a")
    Round.objects.filter(event=event).update(ends_at=timezone.now() - timedelta(minutes=1))
    out = demo()
    assert Event.objects.get(slug="canterlot-friday-night").pk == event.pk
    assert "Canterlot Friday Night (canterlot-friday-night): round 1 of 3 under way, time called" in out
