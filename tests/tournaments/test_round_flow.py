from __future__ import annotations

import pytest

from tournaments import services
from tournaments.models import Match, Round
from tournaments.services import EventError

pytestmark = pytest.mark.django_db


def test_the_pairing_task_pairs_the_round_assigns_tables_and_starts_the_clock(paired_round):
    event, regs, rnd = paired_round()
    assert rnd.status == Round.Status.RUNNING
    tables = sorted(m.table for m in rnd.matches.all())
    assert tables == [1, 2, 3, 4]
    assert rnd.ends_at - rnd.starts_at == __import__("datetime").timedelta(minutes=35)  # Match Time Limit


def test_a_round_cannot_start_before_every_result_is_in_and_the_error_names_the_missing_matches(paired_round, organiser, floor_judge, act):
    event, regs, rnd = paired_round()
    matches = list(rnd.matches.order_by("table"))
    for m in matches[:3]:
        act(services.match_record_result, match=m, by=floor_judge, result="a")
    with pytest.raises(EventError) as err:
        act(services.round_start_next, event=event, by=organiser)
    assert f"table 4: {matches[3].player_a.name} vs {matches[3].player_b.name} has no result" in str(err.value)


def test_the_pairing_task_is_idempotent(paired_round):
    event, regs, rnd = paired_round()
    assert services.round_pair(round=rnd) is None
    assert rnd.matches.count() == 4
