"""Reversible deletes of an event, a player and a round, until the event is finished."""
from __future__ import annotations

import pytest

from tournaments import services
from tournaments.models import Deadline, Event, Registration, Round
from tournaments.pairing_adapter import event_standings
from tournaments.services import EventError, NotPermitted

pytestmark = pytest.mark.django_db


def test_a_deleted_event_disappears_and_comes_back(make_event, organiser, head_judge):
    event = make_event()
    with pytest.raises(NotPermitted):
        services.event_delete(event=event, by=head_judge)
    services.event_delete(event=event, by=organiser, reason="duplicate")
    assert not Event.objects.filter(pk=event.pk).exists() and Event.all_objects.filter(pk=event.pk).exists()
    services.event_restore(event=Event.all_objects.get(pk=event.pk), by=organiser)
    assert Event.objects.filter(pk=event.pk).exists()


def test_a_player_entered_by_mistake_is_deleted_and_restored(make_event, organiser, players, act):
    event = make_event()
    act(services.event_open_registration, event=event, by=organiser)
    reg = act(services.registration_create, event=event, player=players[0])
    act(services.registration_delete, registration=reg, by=organiser, reason="typo")
    assert not Registration.objects.filter(pk=reg.pk).exists()
    act(services.registration_restore, registration=Registration.all_objects.get(pk=reg.pk), by=organiser)
    assert Registration.objects.get(pk=reg.pk).status == "registered"
    act(services.registration_delete, registration=reg, by=organiser)
    # Registering again brings the same entry back (one registration per player and event).
    assert act(services.registration_create, event=event, player=players[0]).pk == reg.pk


def test_a_paired_player_is_dropped_not_deleted(paired_round, organiser, act):
    event, regs, rnd = paired_round()
    with pytest.raises(EventError, match="drop them instead"):
        act(services.registration_delete, registration=regs[0], by=organiser)


def test_a_deleted_round_leaves_the_standings_and_its_clocks_stop_until_restored(paired_round, head_judge, floor_judge, organiser, act):
    event, regs, rnd = paired_round()
    m = rnd.matches.filter(player_b__isnull=False).first()
    act(services.match_record_result, match=m, by=floor_judge, result="a")
    act(services.round_delete, round=rnd, by=head_judge, reason="started with the wrong roster")
    assert not Round.objects.filter(pk=rnd.pk).exists()
    assert all(s.points == 0 for s in event_standings(event))
    assert not Deadline.objects.filter(kind="match_time", processed_at__isnull=True).exists()
    act(services.round_restore, round=Round.all_objects.get(pk=rnd.pk), by=head_judge)
    assert max(s.points for s in event_standings(event)) == 3
    assert Deadline.objects.filter(kind="match_time", processed_at__isnull=True).exists()


def test_a_round_played_again_cannot_be_restored_and_a_finished_event_is_record(paired_round, head_judge, organiser, floor_judge, act):
    event, regs, rnd = paired_round()
    act(services.round_delete, round=rnd, by=head_judge, reason="wrong roster")
    again = act(services.round_start_next, event=event, by=organiser)
    assert Round.objects.get(pk=again.pk).number == rnd.number
    with pytest.raises(EventError, match="played again"):
        act(services.round_restore, round=Round.all_objects.get(pk=rnd.pk), by=head_judge)
    for m in Round.objects.get(pk=again.pk).matches.exclude(status="final"):
        act(services.match_record_result, match=m, by=floor_judge, result="a")
    act(services.event_finish, event=Event.objects.get(pk=event.pk), by=organiser)
    with pytest.raises(EventError, match="part of its record"):
        act(services.round_delete, round=Round.objects.get(pk=again.pk), by=head_judge, reason="x")
