"""A Game Loss issued from the event's judge page (the tournaments penalty service, its web form and its
API) in an online best-of-three: the hosted game in progress ends as a loss for that player (Tournament
Penalties, Game Loss), the next game starts, or the match ends and its result reaches the tournament; two
Game Losses in the same game make both players lose it."""
from __future__ import annotations

import pytest
from rest_framework.test import APIClient

from gameplay.models import HostedGame, HostedMatch
from tests.gameplay.online_fixtures import committing, eight_players, online, online_event, play, staff  # noqa: F401
from tournaments.models import Match, Penalty, Round

pytestmark = pytest.mark.django_db


@pytest.fixture
def best_of_three(online_event, staff):
    """An online event's table 1 played best of three (as Tier 3 elimination rounds are)."""
    from tournaments import services

    event = online_event()
    with committing():
        services.round_start_next(event=event, by=staff["organiser"])
    tm = Match.objects.filter(round__event=event, player_b__isnull=False).order_by("table").first()
    Round.objects.filter(pk=tm.round_id).update(best_of=3)
    HostedMatch.objects.filter(tournament_match=tm).update(best_of=3)
    return event, tm, {0: tm.player_a.player, 1: tm.player_b.player}


def _game_loss(event, tm, seat: int, by, infraction: str = "Marked cards") -> Penalty:
    from tournaments import services

    with committing():
        return services.penalty_issue(event=event, registration=tm.player_a if seat == 0 else tm.player_b, by=by,
                                      kind="game_loss", infraction=infraction, issue_again=True)


def _games(tm) -> list[HostedGame]:
    return list(HostedGame.objects.filter(match__tournament_match=tm).order_by("number"))


def test_a_game_loss_from_the_judge_page_ends_the_game_and_the_next_one_starts(best_of_three, staff):
    event, tm, users = best_of_three
    play(_games(tm)[0].pk, users, max_actions=15)
    penalty = _game_loss(event, tm, 0, staff["floor_judge"])
    first, second = _games(tm)
    assert first.status == "finished" and first.result_kind == "game_loss" and first.outcome["winner"] == 1
    assert "Game Loss (Marked cards)" in first.outcome["reason"]
    assert second.status in HostedGame.LIVE and second.seq == 0  # the next game of the match, from its Pre-Game Actions
    hm = HostedMatch.objects.get(tournament_match=tm)
    assert hm.status in HostedMatch.LIVE and hm.games_won == [0, 1]
    tm.refresh_from_db()
    assert tm.status != "final"
    assert "game 1 to" in penalty.applied

    play(second.pk, users, max_actions=10)  # the second game is under way: a new Game Loss is about it
    penalty = _game_loss(event, tm, 0, staff["head_judge"], infraction="Drawing extra cards")
    second.refresh_from_db()
    assert second.status == "finished" and second.result_kind == "game_loss" and second.outcome["winner"] == 1
    assert len(_games(tm)) == 2
    hm.refresh_from_db()
    tm.refresh_from_db()
    assert hm.status == "finished" and hm.winner_seat == 1 and hm.games_won == [0, 2]
    assert tm.status == "final" and tm.result == "b" and (tm.games_a, tm.games_b) == (0, 2)  # to the standings
    assert "and the match" in penalty.applied


def test_game_losses_to_both_players_in_the_same_game_make_both_lose_it(best_of_three, staff):
    event, tm, users = best_of_three
    play(_games(tm)[0].pk, users, max_actions=15)
    _game_loss(event, tm, 0, staff["floor_judge"])
    penalty = _game_loss(event, tm, 1, staff["floor_judge"], infraction="Insufficient shuffling")  # the same game
    first, second = _games(tm)
    assert first.outcome["winner"] is None and "both lose it" in first.outcome["reason"]
    assert second.status in HostedGame.LIVE  # the match goes on with its next game
    hm = HostedMatch.objects.get(tournament_match=tm)
    assert hm.games_won == [0, 0] and hm.status in HostedMatch.LIVE
    assert "both lose it" in penalty.applied

    play(second.pk, users, max_actions=10)  # a Game Loss once the next game is under way is about that game
    _game_loss(event, tm, 1, staff["floor_judge"], infraction="Looking at extra cards")
    second.refresh_from_db()
    assert second.outcome["winner"] == 0 and len(_games(tm)) == 3
    hm.refresh_from_db()
    assert hm.games_won == [1, 0]


def test_a_game_loss_through_the_api_and_the_judge_page_form_ends_the_hosted_game(best_of_three, staff, client):
    event, tm, users = best_of_three
    api = APIClient()
    api.force_authenticate(staff["floor_judge"])
    with committing():
        response = api.post(f"/api/events/{event.slug}/actions/penalty/", {
            "registration": tm.player_b_id, "kind": "game_loss", "infraction": "Marked cards", "match": tm.pk}, format="json")
    assert response.status_code == 200, response.content
    first = _games(tm)[0]
    assert first.status == "finished" and first.outcome["winner"] == 0

    play(_games(tm)[1].pk, users, max_actions=10)
    client.force_login(staff["head_judge"])
    with committing():
        response = client.post(f"/events/{event.slug}/do/penalty/", {
            "registration": tm.player_b_id, "kind": "game_loss", "infraction": "Drawing extra cards", "issue_again": "1"})
    assert response.status_code in (200, 302)
    hm = HostedMatch.objects.get(tournament_match=tm)
    tm.refresh_from_db()
    assert hm.status == "finished" and hm.winner_seat == 0
    assert tm.status == "final" and tm.result == "a" and (tm.games_a, tm.games_b) == (2, 0)


# "If a player receives a Game Loss between games, he will lose his next game. If both players receive a
# Game Loss penalty during the same game then both players will receive a loss." (Tournament Penalties,
# Game Loss.) When the first Game Loss ended the whole match, the second one — to the player it gave the
# game — is in that same game (nothing was played since): it applies to that game, not to the player's
# next match.


def test_a_second_game_loss_in_the_game_that_ended_the_match_makes_both_lose_it(best_of_three, staff):
    event, tm, users = best_of_three
    _game_loss(event, tm, 0, staff["floor_judge"])
    play(_games(tm)[1].pk, users, max_actions=6)
    ended = _game_loss(event, tm, 0, staff["floor_judge"], infraction="Drawing extra cards")  # game 2 and the match to seat 1
    tm.refresh_from_db()
    assert tm.status == "final" and tm.result_source == "engine" and (tm.games_a, tm.games_b) == (0, 2)

    penalty = _game_loss(event, tm, 1, staff["head_judge"], infraction="Outside assistance")  # the same game 2
    assert "next game" not in penalty.applied and "both lose it" in penalty.applied
    tm.player_b.refresh_from_db()
    assert tm.player_b.pending_game_losses == 0
    games = _games(tm)
    assert games[1].outcome["winner"] is None and "both lose it" in games[1].outcome["reason"]
    assert len(games) == 3 and games[2].status in HostedGame.LIVE and games[2].seq == 0  # the match goes on
    hm = HostedMatch.objects.get(tournament_match=tm)
    assert hm.status in HostedMatch.LIVE and hm.games_won == [0, 1] and hm.winner_seat is None
    tm.refresh_from_db()
    assert tm.status == "running" and tm.result == "" and (tm.games_a, tm.games_b, tm.games_lost_by_both) == (0, 1, 1)
    ended.refresh_from_db()
    assert ended.applied == penalty.applied  # both penalties tell the one outcome

    play(games[2].pk, users, max_actions=6)  # game 3 is played online; a Game Loss in it decides the match
    _game_loss(event, tm, 0, staff["floor_judge"], infraction="Marked cards with pattern")
    tm.refresh_from_db()
    hm.refresh_from_db()
    assert hm.status == "finished" and hm.games_won == [0, 2]
    assert tm.status == "final" and tm.result == "b" and (tm.games_a, tm.games_b) == (0, 2)


def test_a_second_game_loss_after_a_best_of_one_ended_on_the_first_is_a_double_loss(online_event, staff):
    from tournaments import services

    event = online_event()
    with committing():
        services.round_start_next(event=event, by=staff["organiser"])
    tm = Match.objects.filter(round__event=event, player_b__isnull=False).order_by("table").first()
    users = {0: tm.player_a.player, 1: tm.player_b.player}
    play(_games(tm)[0].pk, users, max_actions=8)
    _game_loss(event, tm, 1, staff["floor_judge"])
    tm.refresh_from_db()
    assert tm.status == "final" and tm.result == "a" and tm.result_source == "engine"

    api = APIClient()  # the second one through the event's API
    api.force_authenticate(staff["head_judge"])
    with committing():
        response = api.post(f"/api/events/{event.slug}/actions/penalty/", {
            "registration": tm.player_a_id, "kind": "game_loss", "infraction": "Outside assistance", "match": tm.pk,
            "issue_again": True}, format="json")
    assert response.status_code == 200, response.content
    assert "both lose" in Penalty.objects.get(pk=response.json()["id"]).applied
    tm.refresh_from_db()
    tm.player_a.refresh_from_db()
    assert tm.status == "final" and tm.result == "double_loss" and tm.games_lost_by_both == 1
    assert tm.player_a.pending_game_losses == 0  # not carried to the player's next match
    hm = HostedMatch.objects.get(tournament_match=tm)
    game = _games(tm)[0]
    assert hm.status == "finished" and hm.winner_seat is None and hm.games_won == [0, 0]
    assert game.outcome["winner"] is None and "double loss" in hm.result_reason


def test_a_game_loss_after_a_match_won_on_points_applies_to_the_next_game(best_of_three, staff):
    """Not the same game: the match ended on its games, so a Game Loss now is between games."""
    from gameplay.services import match_concede_game

    event, tm, users = best_of_three
    for _ in range(2):  # seat 0 concedes two games (103.4): the match to seat 1 on its games
        with committing():
            match_concede_game(game_id=_games(tm)[-1].pk, user=users[0])
    tm.refresh_from_db()
    assert tm.status == "final" and tm.result == "b"
    penalty = _game_loss(event, tm, 1, staff["floor_judge"])
    assert penalty.applied == "match over: applies to the player's next game"
    tm.refresh_from_db()
    assert tm.status == "final" and tm.result == "b"
