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
