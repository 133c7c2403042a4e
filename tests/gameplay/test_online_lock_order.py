"""The lock order (gameplay/services/common.py): a player dropping from the event (the tournament concedes
their hosted game) while their opponent's final game action ends the same match. Both paths write the
tournament match and the hosted game; taken in opposite orders they deadlock on PostgreSQL. Each path is
held just after its first locks, so the two really overlap, in both orders.

PostgreSQL only: SQLite has no row locks (one writer at a time), so there is nothing to race there."""
from __future__ import annotations

import threading
import time

import pytest
from django.db import connection, connections

from gameplay.models import GameAction, HostedGame
from gameplay.services import GameFinished, game_submit_action
from tests.gameplay.online_fixtures import committing, eight_players, online, online_event, staff  # noqa: F401
from tournaments.models import AuditEntry, Match, Registration

pytestmark = pytest.mark.django_db(transaction=True)

HOLD = 0.4  # seconds each path waits once it holds its first locks: the other one starts meanwhile


def _run(name: str, func, results: dict) -> threading.Thread:
    def target():
        try:
            results[name] = func()
        except Exception as exc:  # noqa: BLE001 (reported by the test)
            results[name] = exc
        finally:
            connections.close_all()

    t = threading.Thread(target=target, name=name)
    t.start()
    return t


@pytest.mark.parametrize("first", ["final action", "drop"])
def test_a_drop_racing_the_final_game_action_neither_deadlocks_nor_writes_two_results(first, monkeypatch, online_event, staff):
    if connection.vendor != "postgresql":
        pytest.skip("row locks and deadlocks are PostgreSQL's; SQLite runs one writer at a time")
    from gameplay.services import actions
    from tournaments import services
    from tournaments.services import registration as registration_services

    event = online_event()
    with committing():
        services.round_start_next(event=event, by=staff["organiser"])
    tm = Match.objects.filter(round__event=event, player_b__isnull=False).order_by("table").first()
    game = HostedGame.objects.get(match=tm.hosted)
    dropping, opponent = tm.player_a, tm.player_b.player  # seat 0 drops; seat 1 concedes: the game's last action

    state_load, match_finalise = actions.state_load, registration_services.match_finalise

    def held_state_load(*args, **kwargs):  # the action path, once it holds the game
        time.sleep(HOLD)
        return state_load(*args, **kwargs)

    def held_match_finalise(*args, **kwargs):  # the drop, once it holds the registration and the tournament match
        time.sleep(HOLD)
        return match_finalise(*args, **kwargs)

    monkeypatch.setattr(actions, "state_load", held_state_load)
    monkeypatch.setattr(registration_services, "match_finalise", held_match_finalise)

    paths = {
        "final action": lambda: game_submit_action(game_id=game.pk, user=opponent, seq=game.seq, action={"kind": "concede"}),
        "drop": lambda: services.registration_drop(registration=dropping, by=dropping.player),
    }
    second = "drop" if first == "final action" else "final action"
    results: dict = {}
    threads = [_run(first, paths[first], results)]
    time.sleep(HOLD / 2)
    threads.append(_run(second, paths[second], results))
    for t in threads:
        t.join(30)
    assert not any(t.is_alive() for t in threads), "a path is still waiting for a lock"

    # Whichever came first decided the match; the other one found it decided. Nothing failed on a deadlock.
    if first == "final action":
        assert not isinstance(results["final action"], Exception), results["final action"]
        assert not isinstance(results["drop"], Exception), results["drop"]
        winner, source = "a", "engine"  # seat 1 conceded: seat 0 (player a) won; then they dropped
    else:
        assert not isinstance(results["drop"], Exception), results["drop"]
        assert isinstance(results["final action"], GameFinished), results["final action"]  # the game was over
        winner, source = "b", "drop"
    tm.refresh_from_db()
    hm = tm.hosted
    hm.refresh_from_db()
    game.refresh_from_db()
    assert tm.status == "final" and tm.result == winner and tm.result_source == source
    assert hm.status == "finished" and hm.winner_seat == {"a": 0, "b": 1}[winner]
    assert game.status == "finished" and game.result_kind == "concede"
    assert GameAction.objects.filter(game=game, action__kind="concede").count() == 1
    assert AuditEntry.objects.filter(event=event, action="result", target=str(tm)).count() == 1  # one result written
    assert Registration.objects.get(pk=dropping.pk).status == "dropped"


@pytest.mark.parametrize("first", ["final action", "resume"])
def test_resuming_the_clocks_racing_the_rounds_last_result_does_not_deadlock(first, monkeypatch, online_event, staff):
    """The room's clocks resume (the running round, its matches' end-of-match limits and the deadlines move
    later) while the round's last match ends with a game action (its result completes the round). Before
    one order, resuming locked the round then the matches, and the last result its match then the round."""
    if connection.vendor != "postgresql":
        pytest.skip("row locks and deadlocks are PostgreSQL's; SQLite runs one writer at a time")
    from datetime import timedelta

    from django.utils import timezone

    from tournaments import services
    from tournaments.models import Round
    from tournaments.services import clocks, matches as match_services

    event = online_event()
    with committing():
        services.round_start_next(event=event, by=staff["organiser"])
    played = list(Match.objects.filter(round__event=event, player_b__isnull=False).order_by("table"))
    last = played[-1]
    for tm in played[:-1]:  # every other match of the round has its result
        with committing():
            services.match_record_result(match=tm, by=staff["floor_judge"], result="a")
    # The last match runs its end-of-match limit, so resuming moves it (and its match clock's deadline).
    Match.objects.filter(pk=last.pk).update(eom_stop_at=timezone.now() + timedelta(minutes=5))
    with committing():
        services.event_pause_clocks(event=event, by=staff["organiser"])
    game = HostedGame.objects.get(match=last.hosted)
    opponent = last.player_b.player

    round_save, round_maybe_complete = Round.save, match_services.round_maybe_complete

    def held_round_save(self, *args, **kwargs):  # resuming, once it holds the round (and, now, the matches)
        round_save(self, *args, **kwargs)
        time.sleep(HOLD)

    def held_round_maybe_complete(*args, **kwargs):  # the last result, once it holds its match
        time.sleep(HOLD)
        return round_maybe_complete(*args, **kwargs)

    monkeypatch.setattr(Round, "save", held_round_save)
    monkeypatch.setattr(match_services, "round_maybe_complete", held_round_maybe_complete)

    paths = {
        "final action": lambda: game_submit_action(game_id=game.pk, user=opponent, seq=game.seq, action={"kind": "concede"}),
        "resume": lambda: clocks.event_resume_clocks(event=event, by=staff["organiser"]),
    }
    second = "resume" if first == "final action" else "final action"
    results: dict = {}
    threads = [_run(first, paths[first], results)]
    time.sleep(HOLD / 2)
    threads.append(_run(second, paths[second], results))
    for t in threads:
        t.join(30)
    assert not any(t.is_alive() for t in threads), "a path is still waiting for a lock"
    for name, result in results.items():
        assert not isinstance(result, Exception), f"{name}: {result!r}"

    last.refresh_from_db()
    rnd = Round.objects.get(pk=last.round_id)
    event.refresh_from_db()
    assert last.status == "final" and last.result == "a" and last.result_source == "engine"
    assert rnd.status == "complete"  # the last result completed the round
    assert event.clocks_paused_at is None


def test_a_players_action_locks_the_tournament_match_and_the_hosted_match_before_it_waits_for_the_game(online_event, staff):
    """``lock_game_and_seats`` takes the three rows in one statement (``FOR UPDATE OF tm, m, g``): while
    another transaction holds the game, the waiting statement already holds the tournament match and the
    hosted match — the lock order of gameplay/services/common.py, as ``lock_game`` takes them one by one."""
    if connection.vendor != "postgresql":
        pytest.skip("row locks are PostgreSQL's; SQLite runs one writer at a time")
    from django.db import DatabaseError, transaction

    from gameplay.models import HostedMatch
    from gameplay.services.common import lock_game_and_seats
    from tournaments import services

    event = online_event()
    with committing():
        services.round_start_next(event=event, by=staff["organiser"])
    tm = Match.objects.filter(round__event=event, player_b__isnull=False).order_by("table").first()
    game = HostedGame.objects.get(match=tm.hosted)
    held, release = threading.Event(), threading.Event()

    def hold_the_game():
        with transaction.atomic():
            list(HostedGame.objects.select_for_update().filter(pk=game.pk).order_by().values_list("pk"))
            held.set()
            release.wait(10)

    def act():
        with transaction.atomic():
            return lock_game_and_seats(game.pk).seq

    def taken(queryset) -> bool:
        try:
            with transaction.atomic():
                list(queryset.select_for_update(nowait=True).order_by().values_list("pk"))
            return False
        except DatabaseError:
            return True

    results: dict = {}
    holder = _run("holder", hold_the_game, results)
    assert held.wait(10)
    actor = _run("action", act, results)
    time.sleep(HOLD)
    try:
        assert actor.is_alive()  # waiting for the game
        assert taken(Match.objects.filter(pk=tm.pk)) and taken(HostedMatch.objects.filter(pk=tm.hosted.pk))
    finally:
        release.set()
        for t in (holder, actor):
            t.join(10)
    assert results["action"] == game.seq
    assert not taken(HostedMatch.objects.filter(pk=tm.hosted.pk))  # all released
