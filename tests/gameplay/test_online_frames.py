"""The frame a player's action hands to its own process's viewers (``frames.hand_frame``) gives every
viewer the same state message as a fresh read of the game after the commit: through a game, its end by
concession (103.4) and the match's next game. A change of the game's status (the first turn, the end)
writes the match through other objects, so its frame is read, not handed."""
from __future__ import annotations

import json
import random

import pytest

from gameplay.frames import FRAMES
from gameplay.models import HostedGame
from gameplay.selectors import Viewer, game_frame, game_state_payload
from gameplay.services import game_submit_action
from tests.gameplay.online_fixtures import ann, bob, casual_match, committing, online  # noqa: F401

pytestmark = pytest.mark.django_db(transaction=True)

VIEWERS = [Viewer("player", 0), Viewer("player", 1), Viewer("spectator", None)]


def _act(game_id: int, users: list, rng: random.Random, *, concede: bool = False) -> tuple[HostedGame, str]:
    payloads = [game_state_payload(frame=game_frame(game_id), viewer=Viewer("player", s)) for s in range(2)]
    seat = next(s for s in range(2) if payloads[s]["legal_actions"])
    action = {"kind": "concede"} if concede else rng.choice(payloads[seat]["legal_actions"])
    status = HostedGame.objects.get(pk=game_id).status
    with committing():
        game = game_submit_action(game_id=game_id, user=users[seat], seq=payloads[seat]["seq"], action=action)
    return game, status


def _text(frame, viewer: Viewer) -> dict:
    """What the viewer is sent (the consumer sends the payload as JSON text)."""
    return json.loads(json.dumps(game_state_payload(frame=frame, viewer=viewer)))


def _check(game_id: int, game: HostedGame, status_before: str) -> bool:
    """The viewers' messages from the frame this process has for the change equal a fresh read's; returns
    whether the frame was handed (it is exactly when the game's status did not change)."""
    handed = (game_id, game.change) in FRAMES.items
    frame = FRAMES.get_or_build((game_id, game.change), lambda: game_frame(game_id))  # as the consumer
    fresh = game_frame(game_id)
    for viewer in VIEWERS:
        assert _text(frame, viewer) == _text(fresh, viewer)
    assert handed == (HostedGame.objects.get(pk=game_id).status == status_before)
    return handed


def test_the_handed_frame_gives_every_viewer_what_a_fresh_read_gives(casual_match, ann, bob):
    match = casual_match(seed=5, best_of=3)
    users, rng = [ann, bob], random.Random(2)
    handed = 0
    for game_number in (1, 2):
        game_id = HostedGame.objects.get(match=match, number=game_number).pk
        for _ in range(25):
            handed += _check(game_id, *_act(game_id, users, rng))
        game, status = _act(game_id, users, rng, concede=True)  # the game ends; the match goes on to game 2
        assert HostedGame.objects.get(pk=game_id).status not in HostedGame.LIVE
        _check(game_id, game, status)
    assert handed >= 40  # all but the first turn's start of each game
