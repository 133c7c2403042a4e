"""Round clocks: timer presets made of phases, applied per round, and pausing every clock of an event."""
from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from tournaments import services
from tournaments.clock import PhaseError, phase_at, phases_from_text, phases_parse
from tournaments.models import Deadline, Event, Round
from tournaments.services import EventError, NotPermitted

pytestmark = pytest.mark.django_db

COMMUNITY = [{"name": "Setup", "minutes": 3}, {"name": "Play", "minutes": 35, "match_time": True},
             {"name": "Game ends in", "minutes": 5}]


def test_phases_are_typed_one_per_line_with_the_play_phase_starred():
    assert phases_from_text("3 Setup\n35 Play *\n5 Game ends in") == [
        {"name": "Setup", "minutes": 3, "match_time": False},
        {"name": "Play", "minutes": 35, "match_time": True},
        {"name": "Game ends in", "minutes": 5, "match_time": False},
    ]


@pytest.mark.parametrize("raw, message", [
    ([], "at least one phase"),
    ([{"name": "Play", "minutes": 35}], "Mark the phase"),
    ([{"name": "", "minutes": 3, "match_time": True}], "Phase 1 needs a name"),
    ([{"name": "Play", "minutes": -3, "match_time": True}], r"Phase 1 \(Play\): minutes must be between"),
])
def test_bad_phases_are_refused_naming_the_phase(raw, message):
    with pytest.raises(PhaseError, match=message):
        phases_parse(raw)


def test_the_clock_knows_its_phase_and_the_next_one():
    start = timezone.now()
    now = phase_at(COMMUNITY, start, start + timedelta(minutes=2))
    assert (now.name, now.next_name, now.ends_at) == ("Setup", "Play", start + timedelta(minutes=3))
    late = phase_at(COMMUNITY, start, start + timedelta(minutes=39))
    assert (late.name, late.next_name) == ("Game ends in", None)
    assert phase_at(COMMUNITY, start, start + timedelta(minutes=44)) is None


def test_a_preset_applied_to_a_round_calls_time_at_the_end_of_play(running_event, organiser, act):
    event, regs = running_event()
    preset = services.timer_preset_save(by=organiser, name="Community 3+35+5", phases=COMMUNITY)
    rnd = act(services.round_start_next, event=event, by=organiser, timer=preset)
    rnd.refresh_from_db()
    assert rnd.phases[1]["name"] == "Play" and rnd.minutes == 38
    assert rnd.ends_at - rnd.starts_at == timedelta(minutes=38)
    m = rnd.matches.filter(player_b__isnull=False).first()
    assert Deadline.objects.get(kind="match_time", target_id=m.id).due_at == rnd.ends_at + timedelta(seconds=m.extra_seconds)


def test_only_your_own_presets_and_unique_names(running_event, organiser, head_judge, act):
    event, regs = running_event()
    preset = services.timer_preset_save(by=organiser, name="Swiss", phases=COMMUNITY)
    with pytest.raises(EventError, match="already have a timer"):
        services.timer_preset_save(by=organiser, name="swiss", phases=COMMUNITY)
    with pytest.raises(NotPermitted):
        services.timer_preset_save(by=head_judge, name="Mine now", phases=COMMUNITY, preset=preset)
    with pytest.raises(EventError, match="own timer presets"):
        act(services.round_start_next, event=event, by=head_judge, timer=preset)


def test_pausing_all_clocks_stops_deadlines_and_resuming_moves_them_by_the_pause(paired_round, organiser, floor_judge, act):
    event, regs, rnd = paired_round()
    start = timezone.now()
    act(services.event_pause_clocks, event=event, by=organiser, reason="fire alarm", now=start)
    with pytest.raises(NotPermitted):
        act(services.event_pause_clocks, event=event, by=floor_judge)
    ends_before = Round.objects.get(pk=rnd.pk).ends_at
    due_before = {d.id: d.due_at for d in Deadline.objects.filter(event=event, processed_at__isnull=True)}
    # Past every deadline while paused: nothing is called.
    assert services.deadlines_sweep(now=start + timedelta(hours=2)) == 0
    act(services.event_resume_clocks, event=Event.objects.get(pk=event.pk), by=organiser, now=start + timedelta(minutes=7))
    assert Round.objects.get(pk=rnd.pk).ends_at == ends_before + timedelta(minutes=7)
    for d in Deadline.objects.filter(id__in=due_before):
        assert d.due_at == due_before[d.id] + timedelta(minutes=7)
    assert Event.objects.get(pk=event.pk).clocks_paused_at is None


def test_the_event_round_length_sets_swiss_rounds(running_event, organiser, act):
    event, regs = running_event(round_minutes=50)
    rnd = act(services.round_start_next, event=event, by=organiser)
    rnd.refresh_from_db()
    assert rnd.minutes == 50 and rnd.phases == [{"name": "Play", "minutes": 50, "match_time": True}]


def test_no_round_starts_while_the_clocks_are_paused(paired_round, organiser, floor_judge, act):
    event, regs, rnd = paired_round()
    act(services.event_pause_clocks, event=event, by=organiser)
    for m in rnd.matches.exclude(status="final"):
        act(services.match_record_result, match=m, by=floor_judge, result="a")
    with pytest.raises(EventError, match="resume them"):
        act(services.round_start_next, event=Event.objects.get(pk=event.pk), by=organiser)
