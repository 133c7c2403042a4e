"""What other apps read about an event (``tournaments.event_selectors``): deadlines, start, tier rules,
registered players and roles held."""
from __future__ import annotations

from datetime import timedelta

import pytest
from django.contrib.auth.models import AnonymousUser
from django.utils import timezone

from tournaments import event_selectors as es
from tournaments.models import Event, EventRole, Registration

pytestmark = pytest.mark.django_db


def test_the_decklist_deadline_is_the_events_or_else_its_advertised_start(make_event):
    event = make_event(tier=2)
    assert es.decklist_deadline(event) == event.starts_at
    event.decklist_deadline = event.starts_at - timedelta(hours=2)
    assert es.decklist_deadline(event) == event.starts_at - timedelta(hours=2)


@pytest.mark.parametrize("status, started", [
    ("draft", False), ("registration_open", False), ("check_in", False),
    ("swiss", True), ("elimination", True), ("finished", True), ("published", True),
])
def test_an_event_has_started_once_its_rounds_began(make_event, status, started):
    event = make_event(starts_at=timezone.now() + timedelta(days=2))
    event.status = status
    assert es.event_has_started(event) is started


def test_an_event_has_started_at_its_advertised_start_or_when_the_head_judge_started_it(make_event):
    event = make_event(starts_at=timezone.now() + timedelta(days=2))
    assert not es.event_has_started(event)
    assert es.event_has_started(event, now=event.starts_at)
    event.started_at = timezone.now()
    assert es.event_has_started(event)


def test_decklists_are_required_at_tier_2_and_3(make_event):
    assert [es.decklists_required(make_event(tier=t)) for t in (1, 2, 3)] == [False, True, True]


def test_registered_players_are_active_registrations_and_player_roles(make_event, players):
    event = make_event()
    Registration.objects.create(event=event, player=players[0], status="registered")
    Registration.objects.create(event=event, player=players[1], status="withdrawn")
    EventRole.objects.create(event=event, user=players[2], role="player", accepted_at=timezone.now())
    assert es.registered_players(event) == sorted([players[0], players[2]], key=lambda u: u.username)
    assert [es.player_is_registered(event, p) for p in players[:4]] == [True, False, True, False]
    assert not es.player_is_registered(event, AnonymousUser())


def test_roles_held_reads_the_accepted_roles_once(make_event, organiser, head_judge, floor_judge, players,
                                                  django_assert_num_queries):
    event = make_event()
    assert es.roles_held(event, organiser) == es.EventRolesHeld(organiser=True)
    assert es.roles_held(event, organiser).staff
    assert es.roles_held(event, head_judge) == es.EventRolesHeld(head_judge=True, judge=True)
    held = es.roles_held(event, floor_judge)
    assert (held.judge, held.head_judge, held.staff) == (True, False, True)
    assert not es.roles_held(event, players[0]).staff
    assert es.roles_held(event, AnonymousUser()) == es.EventRolesHeld()
    with django_assert_num_queries(1):
        es.roles_held(event, floor_judge)


def test_events_leave_out_deleted_events(make_event):
    event = make_event()
    assert es.events().filter(slug=event.slug).exists()
    Event.objects.filter(pk=event.pk).update(deleted_at=timezone.now())
    assert not es.events().filter(slug=event.slug).exists()
