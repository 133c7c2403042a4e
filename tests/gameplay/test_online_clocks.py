"""Time in online games: the round clock running out calls time in the engine (floor rules, End of
Match Procedures) and the result follows the points; a decision that runs out gets the engine's default
action; repeated timeouts reach the judges; a paused game's clock stops."""
from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from gameplay.engines import get_engine
from gameplay.models import GameAction, GameDeadline, HostedGame, HostedSeat
from gameplay.selectors import Viewer, game_state_payload
from gameplay.services import GamePaused, deadline_process, deadlines_sweep, game_submit_action, judge_pause, state_load
from tests.gameplay.online_fixtures import ann, bob, casual_match, committing, eight_players, online, online_event, play, staff  # noqa: F401
from tournaments.models import AuditEntry, Deadline, Match

pytestmark = pytest.mark.django_db


def _event_game(online_event, staff):
    from tournaments import services

    event = online_event()
    with committing():
        services.round_start_next(event=event, by=staff["organiser"])
    tm = Match.objects.filter(round__event=event, player_b__isnull=False).order_by("table").first()
    game = HostedGame.objects.get(match=tm.hosted)
    users = {0: tm.player_a.player, 1: tm.player_b.player}
    return event, tm, game, users


def _play_defaults(game_id: int, users: dict, limit: int = 3000) -> int:
    """Both players answer every decision with the engine's default action (pass / decline)."""
    engine = get_engine("mlp").game()
    n = 0
    while n < limit:
        game = HostedGame.objects.select_related("match").get(pk=game_id)
        if game.status not in HostedGame.LIVE:
            return n
        state = state_load(game)
        seat = engine.to_move(state)
        action = engine.default_action(state, seat)
        with committing():
            game_submit_action(game_id=game_id, user=users[seat], seq=game.seq, action=action.to_dict())
        n += 1
    raise AssertionError("the game did not end")


def test_time_called_ends_the_game_by_the_end_of_match_procedure_and_the_result_follows_the_points(online_event, staff):
    from tournaments.services import deadlines_sweep as tournament_sweep

    event, tm, game, users = _event_game(online_event, staff)
    play(game.pk, users, max_actions=150)
    Deadline.objects.filter(kind="match_time", target_id=tm.pk).update(due_at=timezone.now() - timedelta(seconds=1))
    with committing():
        tournament_sweep()
    game.refresh_from_db()
    assert game.status == "time_called" and game.match.status == "time_called"
    payload = game_state_payload(game=game, viewer=Viewer("player", 0))
    assert payload["clocks"]["round"]["time_called"] is True and payload["view"]["time_called"]
    assert any("Time is called" in e["msg"] for e in payload["log"])
    _play_defaults(game.pk, users)
    game.refresh_from_db()
    tm.refresh_from_db()
    scores = get_engine("mlp").summary(state_load(game))["scores"]
    assert game.result_kind == "time_called" and "time called" in game.outcome["reason"]
    expected = "a" if scores[0] > scores[1] else "b" if scores[1] > scores[0] else "draw"
    assert tm.status == "final" and tm.result == expected and tm.result_source == "engine"
    assert AuditEntry.objects.filter(event=event, action="engine_result", reason__contains="time_called").exists()


def test_time_called_during_the_first_players_turn_gives_the_other_player_one_more_turn(online_event, staff):
    from tournaments.services import match_call_time

    event, tm, game, users = _event_game(online_event, staff)
    engine = get_engine("mlp").game()
    while get_engine("mlp").summary(state_load(HostedGame.objects.get(pk=game.pk)))["in_setup"]:
        play(game.pk, users, max_actions=1)
    game.refresh_from_db()
    first = game.first_player
    with committing():
        match_call_time(match=tm)
    turns = []
    while HostedGame.objects.get(pk=game.pk).status in HostedGame.LIVE:
        g = HostedGame.objects.select_related("match").get(pk=game.pk)
        summary = get_engine("mlp").summary(state_load(g))
        if not turns or turns[-1] != summary["turn_player"]:
            turns.append(summary["turn_player"])
        _play_defaults_once(g, users, engine)
    assert turns == [first, 1 - first]  # the turn is completed, then the second player takes one more


def _play_defaults_once(game, users, engine):
    state = state_load(game)
    seat = engine.to_move(state)
    with committing():
        game_submit_action(game_id=game.pk, user=users[seat], seq=game.seq, action=engine.default_action(state, seat).to_dict())


def test_a_decision_that_runs_out_gets_the_default_action_and_repeated_timeouts_reach_the_judges(online_event, staff):
    event, tm, game, users = _event_game(online_event, staff)
    engine = get_engine("mlp").game()
    for k in range(1, 4):
        game = HostedGame.objects.select_related("match").get(pk=game.pk)
        state = state_load(game)
        seat = engine.to_move(state)
        expected = engine.default_action(state, seat).to_dict()
        deadline = GameDeadline.objects.get(game=game, processed_at__isnull=True)
        assert deadline.seat == seat and deadline.seq == game.seq
        assert deadline_process(deadline_id=deadline.pk, now=deadline.due_at - timedelta(seconds=1)) is None  # not yet
        with committing():
            assert deadline_process(deadline_id=deadline.pk, now=deadline.due_at + timedelta(seconds=1)).startswith("default action")
        last = GameAction.objects.filter(game=game).order_by("-seq").first()
        assert last.source == "timeout" and last.action == expected and last.actor == seat
    timeouts = sum(HostedSeat.objects.filter(match=game.match).values_list("timeouts", flat=True))
    assert timeouts == 3
    if max(HostedSeat.objects.filter(match=game.match).values_list("timeouts", flat=True)) >= 3:
        assert AuditEntry.objects.filter(event=event, action="online_timeouts").exists()


def test_a_stale_deadline_does_nothing_once_the_player_has_acted(casual_match, ann, bob):
    match = casual_match()
    game = HostedGame.objects.get(match=match)
    deadline = GameDeadline.objects.get(game=game)
    due = deadline.due_at
    play(game.pk, {0: ann, 1: bob}, max_actions=1)
    GameDeadline.objects.filter(pk=deadline.pk).update(seq=0, due_at=due)  # a deadline for the old position
    before = GameAction.objects.filter(game=game).count()
    deadlines_sweep(now=due + timedelta(seconds=1))
    assert GameAction.objects.filter(game=game).count() == before


def test_a_disconnected_player_gets_the_grace_period_not_the_whole_decision_time(casual_match, ann):
    from gameplay.services import seat_connection

    match = casual_match()
    game = HostedGame.objects.get(match=match)
    seat_connection(game_id=game.pk, seat=0, connected=True)
    with_player = GameDeadline.objects.get(game=game).due_at
    seat_connection(game_id=game.pk, seat=0, connected=False)
    without = GameDeadline.objects.get(game=game).due_at
    assert (with_player - without).total_seconds() == pytest.approx(match.decision_seconds - match.grace_seconds, abs=2)


def test_a_paused_game_refuses_actions_and_its_clock_stops(online_event, staff):
    event, tm, game, users = _event_game(online_event, staff)
    left = (GameDeadline.objects.get(game=game).due_at - timezone.now()).total_seconds()
    with committing():
        judge_pause(game_id=game.pk, by=staff["floor_judge"], paused=True, reason="looking at a ruling")
    seq = HostedGame.objects.get(pk=game.pk).seq
    with pytest.raises(GamePaused):
        game_submit_action(game_id=game.pk, user=users[0], seq=seq, action={"kind": "pass"})
    assert not GameDeadline.objects.filter(game=game, processed_at__isnull=True).exists()
    before = GameAction.objects.filter(game=game).count()
    deadlines_sweep(now=timezone.now() + timedelta(hours=1))
    assert GameAction.objects.filter(game=game).count() == before
    with committing():
        judge_pause(game_id=game.pk, by=staff["floor_judge"], paused=False)
    deadline = GameDeadline.objects.get(game=game, processed_at__isnull=True)
    # the time that was left when the judge paused, not a fresh clock and not zero
    assert (deadline.due_at - timezone.now()).total_seconds() == pytest.approx(left, abs=3)
    assert AuditEntry.objects.filter(event=event, action__in=["online_pause", "online_resume"]).count() == 2
