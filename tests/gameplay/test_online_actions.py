"""Hosted games: the action log and snapshots rebuild the exact state; stale, duplicate, out-of-turn,
other-player, malformed and finished-game actions are refused and change nothing; concessions (103.4);
best of three; a restart resumes the exact state."""
from __future__ import annotations

import pytest

from gameplay.models import SNAPSHOT_EVERY, GameAction, GameSnapshot, HostedGame, HostedMatch
from gameplay.selectors import Viewer, game_state_payload
from gameplay.services import (
    Forbidden,
    GameFinished,
    IllegalAction,
    MalformedAction,
    StaleAction,
    game_submit_action,
    match_concede,
    match_concede_game,
    state_load,
    state_replay,
)
from gameplay.services.common import STATE_CACHE
from tests.gameplay.online_fixtures import ann, bob, carl, casual_match, eight_players, online, online_event, play, staff  # noqa: F401

pytestmark = pytest.mark.django_db


def _game(match) -> HostedGame:
    return HostedGame.objects.select_related("match").filter(match=match).order_by("-number").first()


def _fingerprint(game: HostedGame) -> tuple:
    game.refresh_from_db()
    return game.seq, GameAction.objects.filter(game=game).count(), state_load(game).to_json()


def test_the_stored_snapshots_equal_the_state_replayed_from_the_log(casual_match, ann, bob):
    game = _game(casual_match())
    play(game.pk, {0: ann, 1: bob}, max_actions=3 * SNAPSHOT_EVERY + 5)
    game.refresh_from_db()
    snaps = list(GameSnapshot.objects.filter(game=game).order_by("seq"))
    assert [s.seq for s in snaps] == [0, SNAPSHOT_EVERY, 2 * SNAPSHOT_EVERY, 3 * SNAPSHOT_EVERY]
    for snap in snaps:
        assert state_replay(game, upto=snap.seq).to_json() == snap.state
    STATE_CACHE.clear()
    assert state_load(game).to_json() == state_replay(game).to_json()  # snapshot + tail == the whole log


def test_a_state_this_process_holds_a_few_actions_back_is_extended_with_only_the_actions_since(
        casual_match, ann, bob, django_assert_num_queries):
    game = _game(casual_match())
    play(game.pk, {0: ann, 1: bob}, max_actions=SNAPSHOT_EVERY + 3)
    game.refresh_from_db()
    STATE_CACHE.clear()  # (another process applied the last two actions)
    earlier = _game(game.match)
    earlier.seq -= 2
    state_load(earlier)
    held = state_load(earlier).to_json()
    with django_assert_num_queries(1):  # the two actions since, no snapshot
        state = state_load(game)
    assert state.to_json() == state_replay(game).to_json()
    assert state_load(earlier).to_json() == held == state_replay(game, upto=game.seq - 2).to_json()  # left as it was


def test_a_restart_resumes_the_exact_state(casual_match, ann, bob):
    game = _game(casual_match())
    play(game.pk, {0: ann, 1: bob}, max_actions=40)
    before = game_state_payload(game=HostedGame.objects.get(pk=game.pk), viewer=Viewer("judge"))
    STATE_CACHE.clear()  # a new process: nothing in memory
    after = game_state_payload(game=HostedGame.objects.get(pk=game.pk), viewer=Viewer("judge"))
    assert after["view"] == before["view"] and after["seq"] == before["seq"] == 40
    # and play goes on from there
    assert play(game.pk, {0: ann, 1: bob}, max_actions=5) == 5


def _first_legal(game, seat):
    p = game_state_payload(game=HostedGame.objects.get(pk=game.pk), viewer=Viewer("player", seat))
    return p["seq"], p["legal_actions"][0]


def test_a_stale_or_duplicate_action_is_refused_and_applied_once(casual_match, ann):
    game = _game(casual_match())
    seq, action = _first_legal(game, 0)
    game_submit_action(game_id=game.pk, user=ann, seq=seq, action=action)
    before = _fingerprint(game)
    with pytest.raises(StaleAction):
        game_submit_action(game_id=game.pk, user=ann, seq=seq, action=action)  # the same message again
    with pytest.raises(StaleAction):
        game_submit_action(game_id=game.pk, user=ann, seq=seq + 5, action=action)
    assert _fingerprint(game) == before


def test_an_action_out_of_turn_or_for_the_other_seat_is_refused(casual_match, ann, bob, carl):
    game = _game(casual_match())
    seq, action = _first_legal(game, 0)  # Ann chooses her Starting Problem first (102.2)
    before = _fingerprint(game)
    with pytest.raises(IllegalAction) as exc:
        game_submit_action(game_id=game.pk, user=bob, seq=seq, action=action)
    assert exc.value.rule == "510.1"
    with pytest.raises(Forbidden):
        game_submit_action(game_id=game.pk, user=carl, seq=seq, action=action)  # not a player
    # Bob cannot act as Ann: the server sets the player from the seat, whatever the client sends
    with pytest.raises(IllegalAction):
        game_submit_action(game_id=game.pk, user=bob, seq=seq, action={**action, "player": 0})
    assert _fingerprint(game) == before


@pytest.mark.parametrize("action, seq", [
    ("not an object", 0), ({"no": "kind"}, 0), ({"kind": 7}, 0), ({"kind": "choose"}, "0"), ({"kind": "choose"}, True),
    ({"kind": "teleport"}, 0), ({"kind": "choose", "option": "c99999"}, 0), ({"kind": "time_called"}, 0),
    ({"kind": "choose", "option": "x" * 5000}, 0),
])
def test_malformed_and_illegal_input_changes_nothing(casual_match, ann, action, seq):
    game = _game(casual_match())
    before = _fingerprint(game)
    with pytest.raises((MalformedAction, IllegalAction, Forbidden)) as exc:
        game_submit_action(game_id=game.pk, user=ann, seq=seq, action=action)
    assert str(exc.value)
    assert _fingerprint(game) == before


def test_a_concession_ends_the_game_and_a_finished_game_refuses_actions(casual_match, ann, bob):
    match = casual_match()
    game = _game(match)
    match_concede_game(game_id=game.pk, user=bob)
    game.refresh_from_db()
    match.refresh_from_db()
    assert game.status == "finished" and game.result_kind == "concede" and game.outcome["winner"] == 0
    assert "103.4" in game.outcome["reason"]
    assert match.status == "finished" and match.winner_seat == 0 and match.games_won == [1, 0]
    with pytest.raises(GameFinished):
        game_submit_action(game_id=game.pk, user=ann, seq=game.seq, action={"kind": "pass"})


def test_best_of_three_plays_games_until_one_player_wins_two(casual_match, ann, bob):
    match = casual_match(best_of=3)
    first = _game(match)
    match_concede_game(game_id=first.pk, user=ann)  # game 1 to Bob
    second = _game(match)
    assert second.number == 2 and second.status == "setup" and second.seed != first.seed
    match.refresh_from_db()
    assert match.status == "setup" and match.games_won == [0, 1]
    match_concede(match_id=match.pk, user=ann)  # the rest of the match
    match.refresh_from_db()
    assert match.status == "finished" and match.winner_seat == 1 and match.games_won == [0, 2]
    assert HostedGame.objects.filter(match=match).count() == 2


def test_a_bot_seat_moves_by_itself(casual_match, ann):
    match = casual_match(bot_seats=(1,))
    game = _game(match)
    play(game.pk, {0: ann}, max_actions=30)
    game.refresh_from_db()
    assert GameAction.objects.filter(game=game, source="bot").exists()
    assert GameAction.objects.filter(game=game, source="player").exists()


def test_a_bot_versus_bot_match_plays_to_the_end(casual_match):
    match = casual_match(seed=5, bot_seats=(0, 1))
    match.refresh_from_db()
    assert match.status == "finished", match.status
    game = _game(match)
    assert game.outcome is not None and state_replay(game).to_json() == state_load(game).to_json()
    assert HostedMatch.objects.get(pk=match.pk).games_won != [0, 0] or game.outcome["winner"] is None


def test_a_players_action_locks_and_reads_its_game_match_and_seats_in_one_statement_as_the_orm_reads_them(online_event, staff):
    """``lock_game_and_seats`` (PostgreSQL): one statement locks the tournament match, the hosted match and
    the game, in the lock order (services/common.py), and reads the seats; what it gives is what
    ``lock_game`` and ``seats_of`` read, and the seat of an event's player is found with no further query."""
    from django.db import connection, transaction
    from django.forms.models import model_to_dict
    from django.test.utils import CaptureQueriesContext

    from gameplay.services.common import SEAT_FIELDS, _game_owners, lock_game, lock_game_and_seats, locked_seats, seat_of_user, seats_of
    from tests.gameplay.online_fixtures import committing
    from tournaments import services
    from tournaments.models import Match

    if connection.vendor != "postgresql":
        pytest.skip("one statement on PostgreSQL; SQLite takes lock_game's path")
    event = online_event()
    with committing():
        services.round_start_next(event=event, by=staff["organiser"])
    tm = Match.objects.filter(round__event=event, player_b__isnull=False).order_by("table").first()
    game_id, player = HostedGame.objects.get(match=tm.hosted).pk, tm.player_b.player
    _game_owners(game_id)  # (what a game belongs to is read once per process)
    with transaction.atomic():
        with CaptureQueriesContext(connection) as q:
            game = lock_game_and_seats(game_id)
            seats = locked_seats(game)
            seat = seat_of_user(game.match, player, seats)
        assert len(q.captured_queries) == 1 and "FOR UPDATE OF tm, m, g" in q.captured_queries[0]["sql"]
        assert seat == 1
        orm = lock_game(game_id)
        assert model_to_dict(game) == model_to_dict(orm) and model_to_dict(game.match) == model_to_dict(orm.match)
        for mine, theirs in zip(seats, seats_of(orm.match), strict=True):
            assert [getattr(mine, f) for f in SEAT_FIELDS] == [getattr(theirs, f) for f in SEAT_FIELDS]
            assert mine.registration.player_id == theirs.registration.player_id
            assert mine.deck == theirs.deck  # not read by the lock: read when asked for
