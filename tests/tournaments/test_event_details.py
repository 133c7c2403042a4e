"""A new event's details are checked: format and structure agree, no start in the past, a round length."""
from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from decks.models import Format
from tournaments import services
from tournaments.services import EventError

pytestmark = pytest.mark.django_db


def _create(organiser, fmt, **extra):
    extra.setdefault("starts_at", timezone.now() + timedelta(days=3))
    return services.event_create(by=organiser, name="Ponyville Open", game=fmt.game, format=fmt, **extra)


def test_harmony_booster_draft_is_refused_naming_the_structure(harmony, organiser):
    game, fmt = harmony
    with pytest.raises(EventError, match="^structure: Harmony Constructed is a constructed format"):
        _create(organiser, fmt, structure="booster_draft")


def test_a_limited_format_needs_sealed_or_draft(harmony, organiser):
    limited = Format.objects.get(slug="mlp-limited")
    with pytest.raises(EventError, match="^structure: .* limited format"):
        _create(organiser, limited, structure="constructed")
    assert _create(organiser, limited, structure="sealed").structure == "sealed"


def test_a_start_in_2020_is_refused(harmony, organiser):
    game, fmt = harmony
    with pytest.raises(EventError, match="^starts_at: 2020-06-01 is in the past"):
        _create(organiser, fmt, starts_at=timezone.now().replace(year=2020, month=6, day=1))


@pytest.mark.parametrize("minutes", [0, 5, 500])
def test_the_round_length_is_between_ten_minutes_and_three_hours(harmony, organiser, minutes):
    game, fmt = harmony
    with pytest.raises(EventError, match="^round_minutes"):
        _create(organiser, fmt, round_minutes=minutes)
    assert _create(organiser, fmt, round_minutes=50).round_minutes == 50
