"""What the game table needs from the server: the printed faces of the cards each viewer sees in every
state message, a stacked game with a fixed first player for the journeys, and a finished game stepped
through action by action as each viewer may see it (replays)."""
from __future__ import annotations

import pytest

from gameplay.models import HostedGame
from gameplay.selectors import Viewer, game_replay_step, game_state_payload
from gameplay.services import Forbidden, SeatSpec, hosted_match_create, match_concede_game
from tests.gameplay.online_fixtures import ann, bob, casual_match, committing, online, play  # noqa: F401

pytestmark = pytest.mark.django_db


def _game(match) -> HostedGame:
    return HostedGame.objects.select_related("match").filter(match=match).order_by("-number").first()


def _stacked(ann, bob):
    from tests.browser.table_policy import decks

    d = decks()
    with committing():
        return hosted_match_create(seats=[SeatSpec(name="Ann", deck=d[0], user=ann), SeatSpec(name="Bob", deck=d[1], user=bob)],
                                   seed=7, stacked=True, first_player=0)


def test_every_state_message_carries_the_faces_of_the_cards_its_viewer_sees(online, ann, bob):
    game = _game(_stacked(ann, bob))
    mine = game_state_payload(game=game, viewer=Viewer("player", 0))
    offered = mine["view"]["pending"]["cards"]  # 102.2: Ann's Problem deck, offered to Ann only
    assert {c["key"] for c in offered.values()} <= set(mine["cards"])
    theirs = game_state_payload(game=game, viewer=Viewer("player", 1))
    assert not {c["key"] for c in offered.values()} & set(theirs["cards"])


def test_a_stacked_game_keeps_the_deck_order_and_the_first_player(online, ann, bob):
    game = _game(_stacked(ann, bob))
    p = game_state_payload(game=game, viewer=Viewer("player", 0))
    assert p["view"]["first_player"] == 0
    offered = [c["number"] for c in p["view"]["pending"]["cards"].values()]
    assert offered == ["PR190", "PR168", "PR164", "PR170", "PR177", "PR192"]  # the Problem deck unshuffled


def test_a_finished_game_steps_action_by_action_showing_each_player_only_their_own_hand(online, casual_match, ann, bob):
    game = _game(casual_match())
    play(game.pk, {0: ann, 1: bob}, max_actions=12)
    with committing():
        match_concede_game(game_id=game.pk, user=bob)
    game.refresh_from_db()
    assert game.status not in HostedGame.LIVE
    start = game_replay_step(game=game, viewer=Viewer("player", 0), step=0)
    assert start["steps"] == game.seq and start["state"]["legal_actions"] == []
    assert start["state"]["view"]["turn"] == 0
    mid = game_replay_step(game=game, viewer=Viewer("player", 0), step=8)
    assert mid["action"] is not None and mid["state"]["seq"] == 8
    assert mid["state"]["view"]["players"][0]["hand"] is not None
    assert mid["state"]["view"]["players"][1]["hand"] is None  # Bob's hand stays hidden from Ann (404.1)
    assert all(e["seq"] <= 8 for e in mid["state"]["log"])
    end = game_replay_step(game=game, viewer=Viewer("judge"), step=10_000)
    assert end["step"] == game.seq
    assert end["state"]["view"]["players"][1]["hand"] is not None  # judges see everything


def test_a_live_game_has_no_replay_for_players(online, casual_match, ann):
    game = _game(casual_match())
    with pytest.raises(Forbidden):
        game_replay_step(game=game, viewer=Viewer("player", 0), step=0)
