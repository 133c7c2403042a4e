"""Property tests: whole simulated events (random sizes, tiers, seeds, drops, late players, penalties, time
calls) keep the invariants organisers complain about elsewhere (what-users-need 3, 6, 10)."""
from __future__ import annotations

import json
import re
from io import StringIO

import pytest
from django.core.management import call_command
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tournaments.models import Deadline, Event, Match, Registration

pytestmark = pytest.mark.django_db


@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(players=st.integers(min_value=4, max_value=19), tier=st.sampled_from([1, 2, 3]), seed=st.integers(0, 10_000))
def test_simulated_events_keep_their_invariants(harmony, players, tier, seed):
    out = StringIO()
    call_command("simulate_event", "--tier", str(tier), "--players", str(players), "--seed", str(seed), "--json", stdout=out)
    data = json.loads(out.getvalue())
    event = Event.objects.get(slug=data["event"]["slug"])
    dropped_after = {}
    for line in data["simulation"]["log"]:
        if m := re.match(r"Round (\d+): (\S+) drops", line):
            dropped_after[m.group(2)] = int(m.group(1))
    byes: dict[str, int] = {}
    for rnd in data["rounds"]:
        names = [n for p in rnd["pairings"] for n in (p["a"], p["b"]) if n]
        assert len(names) == len(set(names))  # nobody plays twice in a round, nobody plays themself
        assert all(p["result"] for p in rnd["pairings"])  # every match has a result
        if rnd["kind"] == "elimination":
            assert all(p["result"] in ("a", "b") for p in rnd["pairings"])  # no draws in elimination
        for name, after in dropped_after.items():
            assert rnd["number"] <= after or name not in names  # dropped players are never paired again
        for p in rnd["pairings"]:
            if p["b"] is None:
                byes[p["a"]] = byes.get(p["a"], 0) + 1
    assert all(n == 1 for n in byes.values())  # never a second bye
    assert data["winner"] and data["event"]["status"] == "published"
    # Every deadline acted at most once and the match deadlines of finished matches were retired.
    assert not Deadline.objects.filter(event=event, processed_at__isnull=True, kind="tardiness").exists()
    assert not Match.objects.filter(round__event=event).exclude(status="final").exists()
    standings = data["standings"]
    assert [s["rank"] for s in standings] == list(range(1, len(standings) + 1))
    assert len(standings) == Registration.objects.filter(event=event, status__in=["checked_in", "dropped", "disqualified"]).count()
