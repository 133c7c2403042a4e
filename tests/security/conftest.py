"""The security suite reuses the running-event fixtures of the tournaments tests (organiser, judges,
players, ``act``, ``make_event``, ``running_event``, ``paired_round``) and the limited tests' event."""
from __future__ import annotations

import pytest
from rest_framework.authtoken.models import Token

from tournaments.models import Registration

from tests.limited.conftest import limited_event, many_players  # noqa: F401 (fixtures)
from tests.tournaments.conftest import (  # noqa: F401 (fixtures)
    act,
    eager_celery,
    harmony,
    make_event,
    paired_round,
    running_event,
)


def _tokens(player, staff) -> dict:
    return {"anonymous": None, "player": Token.objects.get_or_create(user=player)[0].key,
            "staff": Token.objects.get_or_create(user=staff)[0].key}


@pytest.fixture
def event_world(paired_round, organiser):
    """A running online event (round 1 paired); the staff caller is its organiser."""
    event, regs, rnd = paired_round(online=True, n=4)  # the smallest sanctioned event keeps the run short
    player = Registration.objects.filter(event=event).first().player
    match = rnd.matches.filter(player_a__player=player).first() or rnd.matches.first()
    # the objects an event operation's body names (tests/security/test_api_schema.py aims the body at them)
    ids = {"match": match.pk, "registration": match.player_a_id, "round": rnd.number, "username": player.username}
    return {"slug": event.slug, "username": player.username, "tokens": _tokens(player, organiser), "operation_ids": ids}


@pytest.fixture
def play_world(paired_round, head_judge, players, act):
    """A hosted game of round 1 of an online event (the player in seat 0; the staff caller is the head
    judge, who may pause, penalise, roll back) and a casual challenge waiting for that player to accept."""
    from gameplay.engines import get_engine
    from gameplay.services import SeatSpec, casual_challenge, hosted_match_create

    event, regs, rnd = paired_round(online=True, n=4)
    tm = rnd.matches.exclude(player_b=None).select_related("player_a", "player_b").first()
    a, b = tm.player_a, tm.player_b
    seats = [SeatSpec(name=r.player.username, deck=get_engine("mlp").random_deck(11 + i), user=r.player, registration=r)
             for i, r in enumerate((a, b))]
    match = act(hosted_match_create, seats=seats, seed=11, tournament_match=tm)
    challenger = next(p for p in players if p.pk not in (a.player_id, b.player_id))
    challenge = act(casual_challenge, by=challenger, deck={"random_format": "mlp-harmony"}, opponent=a.player.username)
    return {"match": match.pk, "challenge": challenge.pk, "game": match.games.get().pk, "slug": event.slug,
            "username": a.player.username, "tokens": _tokens(a.player, head_judge)}


@pytest.fixture
def limited_world(limited_event, organiser, act):
    """A booster draft of 4 players, seated and started (no pick timer); the player holds a seat; the staff
    caller is the organiser."""
    from limited import draft, services

    event = limited_event(4)
    act(services.limited_configure, event=event, by=organiser, kind="booster_draft", preset_key="premiere-draft",
        pick_timer_max=0, review_seconds=0)
    act(draft.draft_seat_pods, event=event, by=organiser)
    act(draft.draft_start, event=event, by=organiser)
    player = Registration.objects.filter(event=event).first().player
    return {"slug": event.slug, "username": player.username, "tokens": _tokens(player, organiser)}


# --- The same three worlds, built once per module ------------------------------------------------------------
# The schema suite (test_api_schema.py) runs ~225 tests, each reading one of the worlds above and changing it
# only inside its own transaction. Building a world costs seconds, so a module builds all three once, inside
# a transaction rolled back at its end; each test runs in a savepoint of it (pytest-django's ``db`` nests),
# so every test still starts from the world as built. Each world has its own users (its own organiser,
# judges and players), as when only that world existed.

def _users(prefix: str, n: int):
    from django.contrib.auth.models import Group, User

    make = User.objects.create_user
    staff = {role: make(username=f"{prefix}_{role}", password="pony-pass-123")
             for role in ("organiser", "head_judge", "floor_judge")}
    Group.objects.get_or_create(name="Organisers")[0].user_set.add(staff["organiser"])
    return staff, [make(username=f"{prefix}_player{i}", password="pony-pass-123") for i in range(1, n + 1)]


def _act(service, **kwargs):
    """``act`` of the tournaments fixtures: the service, then what it scheduled for after commit."""
    from django.test import TestCase

    with TestCase.captureOnCommitCallbacks(execute=True):
        return service(**kwargs)


def _online_round_1(prefix: str, n: int = 4):
    """``paired_round(online=True, n=n)``: an online Tier 1 Harmony event, round 1 paired."""
    from datetime import timedelta

    from django.utils import timezone

    from decks.models import Format
    from tournaments import services

    staff, players = _users(prefix, n)
    fmt = Format.objects.select_related("game").get(slug="mlp-harmony")
    event = services.event_create(
        by=staff["organiser"], name=f"Tier 1 test {prefix}", game=fmt.game, format=fmt, tier=1, seed=7,
        head_judge=staff["head_judge"], floor_judges=[staff["floor_judge"]], online=True,
        starts_at=timezone.now() + timedelta(days=1))
    services.event_accept_role(event=event, by=staff["head_judge"], role="head_judge")
    services.event_accept_role(event=event, by=staff["floor_judge"], role="floor_judge")
    _act(services.event_open_registration, event=event, by=staff["organiser"])
    regs = [_act(services.registration_create, event=event, player=p) for p in players]
    _act(services.event_open_check_in, event=event, by=staff["organiser"])
    for r in regs:
        _act(services.registration_check_in, registration=r, by=r.player)
    event = _act(services.event_start, event=event, by=staff["organiser"])
    rnd = _act(services.round_start_next, event=event, by=staff["organiser"])
    rnd.refresh_from_db()
    return staff, players, event, rnd


def _event_world() -> dict:
    staff, _, event, _ = _online_round_1("ev")
    player = Registration.objects.filter(event=event).first().player
    return {"slug": event.slug, "username": player.username, "tokens": _tokens(player, staff["organiser"])}


def _play_world() -> dict:
    from gameplay.engines import get_engine
    from gameplay.services import SeatSpec, casual_challenge, hosted_match_create

    staff, players, event, rnd = _online_round_1("pl", n=4)
    tm = rnd.matches.exclude(player_b=None).select_related("player_a", "player_b").first()
    a, b = tm.player_a, tm.player_b
    seats = [SeatSpec(name=r.player.username, deck=get_engine("mlp").random_deck(11 + i), user=r.player, registration=r)
             for i, r in enumerate((a, b))]
    match = _act(hosted_match_create, seats=seats, seed=11, tournament_match=tm)
    challenger = next(p for p in players if p.pk not in (a.player_id, b.player_id))
    challenge = _act(casual_challenge, by=challenger, deck={"random_format": "mlp-harmony"}, opponent=a.player.username)
    return {"match": match.pk, "challenge": challenge.pk, "game": match.games.get().pk, "slug": event.slug,
            "username": a.player.username, "tokens": _tokens(a.player, staff["head_judge"])}


def _limited_world() -> dict:
    from datetime import timedelta

    from django.utils import timezone

    from decks.models import Format
    from limited import draft, services as limited_services
    from tournaments import services

    staff, drafters = _users("lim", 4)
    organiser, head_judge = staff["organiser"], staff["head_judge"]
    fmt = Format.objects.select_related("game").get(slug="mlp-limited")
    event = services.event_create(
        by=organiser, name="Limited 4", game=fmt.game, format=fmt, tier=1, seed=11, structure="sealed",
        starts_at=timezone.now() + timedelta(days=1), head_judge=head_judge,
        decklist_deadline=timezone.now() + timedelta(hours=20))
    services.event_accept_role(event=event, by=head_judge, role="head_judge")
    services.event_open_registration(event=event, by=organiser)
    regs = [services.registration_create(event=event, player=p) for p in drafters]
    services.event_open_check_in(event=event, by=organiser)
    for r in regs:
        services.registration_check_in(registration=r, by=r.player)
    event.refresh_from_db()
    _act(limited_services.limited_configure, event=event, by=organiser, kind="booster_draft",
         preset_key="premiere-draft", pick_timer_max=0, review_seconds=0)
    _act(draft.draft_seat_pods, event=event, by=organiser)
    _act(draft.draft_start, event=event, by=organiser)
    player = Registration.objects.filter(event=event).first().player
    return {"slug": event.slug, "username": player.username, "tokens": _tokens(player, organiser)}


@pytest.fixture(scope="module")
def shared_worlds(django_db_setup, django_db_blocker):
    """``{"event": event_world, "play": play_world, "limited": limited_world}``, built once for the module
    (see above); a test using it must be a non-transactional ``django_db`` test."""
    from django.db import transaction
    from django.test import override_settings

    from config.celery import app
    from tests.catalog import load_catalog

    eager = app.conf.task_always_eager
    with django_db_blocker.unblock(), pytest.MonkeyPatch.context() as mp, override_settings(
            PASSWORD_HASHERS=["django.contrib.auth.hashers.MD5PasswordHasher"],
            CHANNEL_LAYERS={"default": {"BACKEND": "channels.layers.InMemoryChannelLayer"}}):
        app.conf.task_always_eager = True
        mp.setattr("tournaments.services.events.decklist_required", lambda event: False)
        try:
            with transaction.atomic():
                load_catalog()  # (a transactional test earlier in this worker may have flushed it)
                worlds = {"event": _event_world(), "play": _play_world(), "limited": _limited_world()}
                mp.undo()
                app.conf.task_always_eager = eager
                yield worlds
                transaction.set_rollback(True)
        finally:
            app.conf.task_always_eager = eager
