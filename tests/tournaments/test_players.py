"""Players as people: display names (judges also see the username) and bulk entry of walk-ins."""
from __future__ import annotations

import pytest

from tournaments import services
from tournaments.models import AuditEntry, Event, Registration
from tournaments.services import EventError, NotPermitted

pytestmark = pytest.mark.django_db


def test_a_display_name_shows_on_pairings_and_judges_also_see_the_username(make_event, organiser, make_user, act):
    event = make_event()
    act(services.event_open_registration, event=event, by=organiser)
    twi = make_user("player05")
    services.player_set_display_name(user=twi, display_name="  Twilight   Sparkle ")
    reg = act(services.registration_create, event=event, player=twi)
    reg = Registration.objects.get(pk=reg.pk)
    assert reg.name == "Twilight Sparkle" and reg.judge_name == "Twilight Sparkle (player05)"
    with pytest.raises(EventError, match="^display_name: at most 60"):
        services.player_set_display_name(user=twi, display_name="x" * 61)


def test_bulk_entry_registers_usernames_and_creates_walk_ins(make_event, organiser, players, act):
    event = make_event()
    act(services.event_open_registration, event=event, by=organiser)
    act(services.registration_create, event=event, player=players[0])
    text = "name\nplayer1\nPLAYER2\nPinkie Pie\n\nPinkie Pie\n"
    lines = act(services.registration_bulk_create, event=event, by=organiser, text=text)
    outcomes = [(r.text, r.outcome) for r in lines]
    assert outcomes == [("player1", "already registered"), ("PLAYER2", "registered"),
                        ("Pinkie Pie", "created and registered"), ("Pinkie Pie", "already registered")]
    pinkie = Registration.objects.get(pk=lines[2].registration_id)
    assert pinkie.name == "Pinkie Pie" and pinkie.player.username == "pinkie_pie" and not pinkie.player.has_usable_password()
    assert AuditEntry.objects.filter(event=event, action="bulk_entry").exists()


def test_bulk_entry_at_check_in_checks_the_walk_ins_in(make_event, organiser, floor_judge, act):
    event = make_event()
    act(services.event_open_registration, event=event, by=organiser)
    with pytest.raises(NotPermitted):
        act(services.registration_bulk_create, event=event, by=floor_judge, text="Rarity")
    with pytest.raises(EventError, match="^check_in: check-in is not open"):
        act(services.registration_bulk_create, event=event, by=organiser, text="Rarity", check_in=True)
    act(services.event_open_check_in, event=Event.objects.get(pk=event.pk), by=organiser)
    lines = act(services.registration_bulk_create, event=Event.objects.get(pk=event.pk), by=organiser, text="Rarity,Manehattan\nApplejack", check_in=True)
    assert [r.outcome for r in lines] == ["created and registered, checked in"] * 2
    assert Registration.objects.filter(event=event, status="checked_in").count() == 2


def test_bulk_entry_answers_every_line_even_when_one_fails(make_event, organiser, floor_judge, act):
    event = make_event(tier=2)
    act(services.event_open_registration, event=event, by=organiser)
    # Tier 2: judges may not play (Tier 2 Rules, Player Eligibility).
    lines = act(services.registration_bulk_create, event=event, by=organiser, text="floor_judge\nFluttershy")
    assert lines[0].outcome == "error" and "Player Eligibility" in lines[0].detail
    assert lines[1].outcome == "created and registered"
    with pytest.raises(EventError, match="^names:"):
        act(services.registration_bulk_create, event=event, by=organiser, text="\n\n")
