"""Judges in online games: a Game Loss from inside the game ends it for the opponent and records the
penalty; warnings are recorded; rollback replays to the chosen action with an audit entry; judge calls
reach the judges only; manual effects are in the opponent's log; only the event's judges may do this."""
from __future__ import annotations

import pytest

from gameplay.models import GameAction, HostedGame, JudgeCall
from gameplay.selectors import Viewer, game_state_payload
from gameplay.services import (
    Forbidden,
    game_submit_action,
    judge_call,
    judge_penalty,
    judge_rollback,
    state_load,
    state_replay,
)
from gameplay.services.common import STATE_CACHE
from tests.gameplay.online_fixtures import committing, eight_players, online, online_event, play, staff  # noqa: F401
from tournaments.models import AuditEntry, Match, Penalty

pytestmark = pytest.mark.django_db


@pytest.fixture
def event_game(online_event, staff):
    from tournaments import services

    event = online_event()
    with committing():
        services.round_start_next(event=event, by=staff["organiser"])
    tm = Match.objects.filter(round__event=event, player_b__isnull=False).order_by("table").first()
    game = HostedGame.objects.get(match=tm.hosted)
    return event, tm, game, {0: tm.player_a.player, 1: tm.player_b.player}


def test_a_game_loss_ends_the_game_for_the_opponent_and_records_the_penalty(event_game, staff):
    event, tm, game, users = event_game
    play(game.pk, users, max_actions=20)
    with committing():
        judge_penalty(game_id=game.pk, by=staff["floor_judge"], seat=0, kind="game_loss", infraction="Marked cards")
    game.refresh_from_db()
    tm.refresh_from_db()
    assert game.status == "finished" and game.result_kind == "game_loss" and game.outcome["winner"] == 1
    assert "Game Loss" in game.outcome["reason"]
    penalty = Penalty.objects.get(event=event, kind="game_loss")
    assert penalty.registration == tm.player_a and penalty.match == tm
    assert tm.status == "final" and tm.result == "b" and tm.games_b == 1  # best of one: the match to the opponent
    hm = tm.hosted
    hm.refresh_from_db()
    assert hm.status == "finished" and hm.winner_seat == 1
    with pytest.raises(Exception):
        game_submit_action(game_id=game.pk, user=users[1], seq=game.seq, action={"kind": "pass"})


def test_a_warning_is_recorded_and_the_game_goes_on(event_game, staff):
    event, tm, game, users = event_game
    with committing():
        judge_penalty(game_id=game.pk, by=staff["head_judge"], seat=1, kind="game_warning", infraction="Slow play")
    assert Penalty.objects.filter(event=event, kind="game_warning", registration=tm.player_b).exists()
    game.refresh_from_db()
    assert game.status in HostedGame.LIVE


def test_rollback_replays_to_the_chosen_action_and_is_audited(event_game, staff):
    event, tm, game, users = event_game
    play(game.pk, users, max_actions=12)
    at_five = state_replay(HostedGame.objects.get(pk=game.pk), upto=5).to_json()
    play(game.pk, users, max_actions=25)
    game.refresh_from_db()
    assert game.seq == 37
    with committing():
        judge_rollback(game_id=game.pk, by=staff["floor_judge"], to_seq=5, reason="a card was played from the wrong zone")
    game.refresh_from_db()
    assert game.seq == 5 and game.epoch == 1
    assert state_load(game).to_json() == at_five
    assert GameAction.objects.filter(game=game, voided_at__isnull=False).count() == 32
    entry = AuditEntry.objects.get(event=event, action="online_rollback")
    assert entry.data["before"] == 37 and entry.data["after"] == 5 and "wrong zone" in entry.reason
    play(game.pk, users, max_actions=20, policy_seed=9)  # play goes on from action 5, on a new branch
    game.refresh_from_db()
    STATE_CACHE.clear()
    assert game.seq == 25 and state_load(game).to_json() == state_replay(game).to_json()


def test_only_the_events_judges_may_use_the_judge_tools(event_game, staff):
    event, tm, game, users = event_game
    for user in (users[0], staff["organiser"]):
        with pytest.raises(Forbidden):
            judge_rollback(game_id=game.pk, by=user, to_seq=0, reason="no")
        with pytest.raises(Forbidden):
            judge_penalty(game_id=game.pk, by=user, seat=1, kind="game_loss", infraction="x")


def test_a_judge_call_reaches_the_judges_and_not_the_opponent(event_game, staff):
    event, tm, game, users = event_game
    with committing():
        judge_call(game_id=game.pk, user=users[1], message="My opponent skipped a trigger")
    assert JudgeCall.objects.filter(game=game, seat=1).exists()
    game.refresh_from_db()
    judge_view = game_state_payload(game=game, viewer=Viewer("judge"))
    assert judge_view["judge_calls"][0]["message"] == "My opponent skipped a trigger"
    assert "judge_calls" not in game_state_payload(game=game, viewer=Viewer("player", 0))
    assert judge_view["view"]["players"][0]["hand"] is not None and judge_view["view"]["players"][1]["hand"] is not None


def test_a_manual_effect_is_in_the_opponents_log(event_game, staff):
    from gameplay.engines import get_engine

    event, tm, game, users = event_game
    engine = get_engine("mlp").game()
    while get_engine("mlp").summary(state_load(HostedGame.objects.select_related("match").get(pk=game.pk)))["in_setup"]:
        play(game.pk, users, max_actions=1)
    game = HostedGame.objects.select_related("match").get(pk=game.pk)
    seat = engine.to_move(state_load(game))
    with committing():
        game_submit_action(game_id=game.pk, user=users[seat], seq=game.seq,
                           action={"kind": "manual_effect", "effect": {"op": "draw", "n": 1, "who": "you"}})
    game.refresh_from_db()
    log = game_state_payload(game=game, viewer=Viewer("player", 1 - seat))["log"]
    assert any(e["type"] == "manual_effect" and e["seq"] == game.seq for e in log)
