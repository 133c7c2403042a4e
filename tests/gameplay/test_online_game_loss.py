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
