"""The round clock's phases (tournaments/clock.py) as properties: at any moment exactly one phase runs until
the last one ends, it runs from the previous phases' end to its own, and time is called at the end of the
last match-time phase."""
from __future__ import annotations

from datetime import datetime, timedelta, timezone

from hypothesis import given
from hypothesis import strategies as st

from tournaments.clock import match_time_minutes, phase_at, phase_schedule, phases_parse

START = datetime(2026, 11, 25, 18, 0, tzinfo=timezone.utc)

phase = st.fixed_dictionaries({
    "name": st.text(alphabet="abcdefghij ", min_size=1, max_size=12).filter(str.strip),
    "minutes": st.integers(min_value=1, max_value=240),
    "match_time": st.booleans(),
})
phases_strategy = st.lists(phase, min_size=1, max_size=6).filter(lambda ps: any(p["match_time"] for p in ps))


@given(phases_strategy, st.integers(min_value=0, max_value=6 * 240 * 60 + 60))
def test_one_phase_runs_at_a_time_until_the_last_ends(phases, second):
    phases = [{"name": p.name, "minutes": p.minutes, "match_time": p.match_time} for p in phases_parse(phases)]
    now = START + timedelta(seconds=second)
    total = sum(p["minutes"] for p in phases)
    current = phase_at(phases, START, now)
    if second >= total * 60:
        assert current is None
        return
    schedule = phase_schedule(phases, START)
    row = schedule[current.index]
    assert datetime.fromisoformat(row["starts_at"]) <= now < datetime.fromisoformat(row["ends_at"]) == current.ends_at
    assert current.next_name == (phases[current.index + 1]["name"] if current.index + 1 < len(phases) else None)


@given(phases_strategy)
def test_time_is_called_at_the_end_of_the_last_match_time_phase(phases):
    last = max(i for i, p in enumerate(phases) if p["match_time"])
    schedule = phase_schedule(phases, START)
    called_at = START + timedelta(minutes=match_time_minutes(phases))
    assert datetime.fromisoformat(schedule[last]["ends_at"]) == called_at
