"""The frame a player's action hands to its own process's viewers (``frames.hand_frame``) gives every
viewer the same state message as a fresh read of the game after the commit: through a game, its end by
concession (103.4) and the match's next game. A change of the game's status (the first turn, the end)
writes the match through other objects, so its frame is read, not handed."""
from __future__ import annotations

import json
import random

import pytest

from gameplay.frames import FRAMES, Sent, SharedState
from gameplay.models import HostedGame
from gameplay.selectors import Viewer, game_frame, game_state_payload
from gameplay.services import game_submit_action
from gameplay.services.common import LOG_TAIL
from tests.gameplay.online_fixtures import ann, bob, casual_match, committing, eight_players, online, online_event, staff  # noqa: F401

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


def completed(held: dict | None, faces: dict, text: str) -> dict:
    """A state message as the game table completes it (static/gameplay/table.js ``completed``): the log
    kept up to "log_since" plus the new entries (the last 40 actions'), every face the socket brought."""
    msg = json.loads(text)
    faces.update(msg["cards"])
    if msg.pop("cards_known", False):
        msg["cards"] = dict(faces)
    if "log_since" in msg:
        since = msg.pop("log_since")
        kept = [e for e in held["log"] if e["seq"] <= since]
        msg["log"] = [e for e in kept + msg["log"] if e["seq"] > msg["seq"] - LOG_TAIL]
    return msg


def test_a_connection_is_sent_only_what_it_has_not_had_and_the_table_completes_it_to_the_whole_state(casual_match, ann, bob):
    """After its first message a connection gets the log entries after the last action it was sent and the
    card faces it has not had: completed as the table does, every message equals the whole state (so it
    holds nothing the whole state does not: no hidden card), at a fraction of the bytes."""
    match = casual_match(seed=7)
    game_id = HostedGame.objects.get(match=match, number=1).pk
    users, rng = [ann, bob], random.Random(4)
    conns = {v: Sent() for v in VIEWERS}
    held, faces = {}, {v: {} for v in VIEWERS}
    sizes = {"whole": 0, "sent": 0}
    for v in VIEWERS:  # on connect: the whole state
        whole = game_state_payload(frame=game_frame(game_id), viewer=v)
        held[v] = completed(None, faces[v], conns[v].whole(whole, 0))
        assert held[v] == json.loads(json.dumps(whole))
    for _ in range(60):
        game, _status = _act(game_id, users, rng)
        frame = FRAMES.get_or_build((game_id, game.change), lambda: game_frame(game_id))
        for v in VIEWERS:
            whole = game_state_payload(frame=frame, viewer=v)
            text = conns[v].text(SharedState.of(whole, frame.game.epoch))
            sent = json.loads(text)
            assert sent["log_since"] == held[v]["seq"] and all(e["seq"] > sent["log_since"] for e in sent["log"])
            assert not set(sent["cards"]) & set(held[v]["cards"])  # no face twice
            held[v] = completed(held[v], faces[v], text)
            expected = json.loads(json.dumps(whole))
            assert {k: held[v][k] for k in expected if k != "cards"} == {k: expected[k] for k in expected if k != "cards"}
            assert all(held[v]["cards"][key] == face for key, face in expected["cards"].items())
            sizes["whole"] += len(json.dumps(whole))
            sizes["sent"] += len(text)
        if game.status not in HostedGame.LIVE:
            break
    assert sizes["sent"] < sizes["whole"] / 2


def test_a_new_epoch_or_an_older_state_is_sent_whole():
    """A judge's rollback starts another epoch (its log and positions are not the ones sent): whole again."""
    sent = Sent()
    payload = {"type": "state", "seq": 5, "view": {}, "log": [{"seq": 5, "msg": "m"}], "cards": {"k": {"number": "1"}}}
    sent.whole(payload, 0)
    later = {**payload, "seq": 6, "log": [{"seq": 5, "msg": "m"}, {"seq": 6, "msg": "n"}]}
    assert json.loads(sent.text(SharedState.of(later, 0)))["log"] == [{"seq": 6, "msg": "n"}]
    rolled_back = {**payload, "seq": 3, "log": [{"seq": 3, "msg": "o"}]}
    assert "log_since" not in json.loads(sent.text(SharedState.of(rolled_back, 1)))
    assert "log_since" not in json.loads(sent.text(SharedState.of({**later, "seq": 2}, 1)))  # older than sent


def test_the_frame_read_in_one_statement_is_what_the_orm_reads(online_event, staff, casual_match):
    """PostgreSQL reads a change's frame in one statement (``selectors._FrameRead``): the same game, match,
    tournament match (an event's game; none for a casual one), seats and pending deadline as the ORM's three
    queries, and so the same state message for every viewer."""
    from django.db import connection
    from django.forms.models import model_to_dict
    from django.test.utils import CaptureQueriesContext

    from gameplay.selectors import _frame_of
    from tournaments import services
    from tournaments.models import Match

    if connection.vendor != "postgresql":
        pytest.skip("one statement on PostgreSQL; SQLite reads the frame with the ORM")
    event = online_event()
    with committing():
        services.round_start_next(event=event, by=staff["organiser"])
    tm = Match.objects.filter(round__event=event, player_b__isnull=False).order_by("table").first()
    games = [HostedGame.objects.get(match=tm.hosted), HostedGame.objects.get(match=casual_match(), number=1)]
    for game in games:
        with CaptureQueriesContext(connection) as q:
            frame = game_frame(game.pk)
        orm = _frame_of(HostedGame.objects.select_related("match__tournament_match").get(pk=game.pk))
        assert len(q.captured_queries) == 1 and frame.deadline is not None
        assert model_to_dict(frame.game) == model_to_dict(orm.game)
        assert model_to_dict(frame.game.match) == model_to_dict(orm.game.match)
        tms = frame.game.match.tournament_match, orm.game.match.tournament_match
        assert (tms[0] and model_to_dict(tms[0])) == (tms[1] and model_to_dict(tms[1]))
        assert model_to_dict(frame.deadline) == model_to_dict(orm.deadline)
        assert [model_to_dict(s, exclude=["deck"]) for s in frame.seats] == [model_to_dict(s, exclude=["deck"]) for s in orm.seats]
        for viewer in (*VIEWERS, Viewer("judge")):
            assert _text(frame, viewer) == _text(orm, viewer)
