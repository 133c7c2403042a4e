"""The game table's websocket: ``ws/play/g/<game_id>/`` (protocol: docs/online-play.md).

Thin: authenticate (session), decide the viewer on the server (seat player, judge, spectator), join the
game's group, relay. Every change reaches the group as "changed, now at seq N"; each connection then
builds its own viewer's state, so hidden information never travels to another viewer.
"""
from __future__ import annotations

import json

from channels.db import DatabaseSyncToAsync
from channels.consumer import get_handler_name
from channels.generic.websocket import AsyncJsonWebsocketConsumer
from django.http import Http404

from gameplay import services
from gameplay.access import SpectatingRefused, spectator_refusal
from gameplay.broadcast import game_group
from gameplay.frames import FRAMES, STATES, Sent, SharedState
from gameplay.selectors import Viewer, game_frame, game_get, game_state_payload, game_viewer

MAX_MESSAGE_BYTES = 8192


def in_pool(func):
    """Run ``func`` in the worker thread pool (with Django's connection handling), not in the one shared
    sync thread: many games' actions and state messages are built side by side. Each game row is locked
    while it changes, so order within one game is kept."""
    return DatabaseSyncToAsync(func, thread_sensitive=False)




class GameConsumer(AsyncJsonWebsocketConsumer):
    viewer: Viewer | None = None

    async def dispatch(self, message: dict) -> None:
        """As channels' dispatch, without its ``close_old_connections`` before every message (a hop to the one
        sync thread per frame and per change notification): every database call here runs ``in_pool``,
        which closes stale connections around itself."""
        handler = getattr(self, get_handler_name(message), None)
        if handler is None:
            raise ValueError(f"No handler for message type {message['type']}")
        await handler(message)

    async def connect(self) -> None:
        self.game_id = int(self.scope["url_route"]["kwargs"]["game_id"])
        try:
            self.viewer = await self._viewer()
        except Http404:
            await self.close(code=4404)
            return
        except SpectatingRefused as exc:  # the event's spectating policy: say why, then close
            await self._refuse(str(exc))
            return
        except services.Forbidden:
            await self.close(code=4403)
            return
        self.group = game_group(self.game_id)
        self.sent = Sent()  # what this connection has been sent (frames.Sent)
        await self.channel_layer.group_add(self.group, self.channel_name)
        await self.accept()
        if self.viewer.role == "player":
            await in_pool(services.seat_connection)(game_id=self.game_id, seat=self.viewer.seat, connected=True)
            await in_pool(services.seat_arrived)(game_id=self.game_id, seat=self.viewer.seat)
        await self._send_state()

    async def _refuse(self, why: str) -> None:
        await self.accept()
        await self._error("forbidden", why)
        await self.close(code=4403)

    @in_pool
    def _viewer(self) -> Viewer:
        return game_viewer(game=game_get(self.game_id), user=self.scope.get("user"))

    def _whole_state(self) -> str:
        game = game_get(self.game_id)
        return self.sent.whole(game_state_payload(game=game, viewer=self.viewer), game.epoch)

    async def _send_state(self) -> None:
        """The whole state (on connect, after a stale action): the connection has all of it from now on."""
        await self.send(text_data=await in_pool(self._whole_state)())

    async def disconnect(self, code: int) -> None:
        if getattr(self, "group", None):
            await self.channel_layer.group_discard(self.group, self.channel_name)
            if self.viewer is not None and self.viewer.role == "player":
                await in_pool(services.seat_connection)(game_id=self.game_id, seat=self.viewer.seat, connected=False)

    async def receive(self, text_data=None, bytes_data=None, **kwargs) -> None:
        if text_data is None or len(text_data) > MAX_MESSAGE_BYTES:
            await self._error("malformed", f"Send one JSON text message of at most {MAX_MESSAGE_BYTES} bytes.")
            return
        try:
            content = json.loads(text_data)
        except ValueError:
            await self._error("malformed", "That message is not JSON.")
            return
        await self.receive_json(content)

    async def receive_json(self, content, **kwargs) -> None:
        if not isinstance(content, dict):
            await self._error("malformed", 'Send a JSON object with a "type".')
            return
        kind = content.get("type")
        if kind == "ping":
            await self.send_json({"type": "pong"})
        elif kind == "action":
            await self._act(content)
        elif kind == "call_judge":
            await self._call_judge(content)
        else:
            await self._error("malformed", f"Unknown message type {kind!r}: use action, call_judge or ping.")

    async def _act(self, content: dict) -> None:
        if self.viewer.role != "player":
            await self._error("forbidden", "Only the two players may act in this game.")
            return
        try:
            await in_pool(services.game_submit_action)(
                game_id=self.game_id, user=self.scope["user"], seq=content.get("seq"), action=content.get("action"))
        except services.GameError as exc:
            await self._error(exc.code, str(exc), exc.rule)
            if exc.code == "stale":
                await self._send_state()

    async def _call_judge(self, content: dict) -> None:
        message = content.get("message", "")
        try:
            await in_pool(services.judge_call)(game_id=self.game_id, user=self.scope["user"],
                                                              message=message if isinstance(message, str) else "")
        except services.GameError as exc:
            await self._error(exc.code, str(exc), exc.rule)

    async def _error(self, code: str, message: str, rule: str = "") -> None:
        await self.send_json({"type": "error", "code": code, "message": message, "rule": rule or ""})

    async def game_changed(self, message: dict) -> None:
        change = message.get("change")
        if change is None:
            await self._send_state()
            return
        await self.send(text_data=await in_pool(self._state_text)(change))

    def _state_text(self, change: str) -> str:
        """This viewer's state message after ``change``: built once per process and viewer (``STATES``),
        then only what this connection has not been sent (``frames.Sent``)."""
        def build() -> SharedState:
            frame = FRAMES.get_or_build((self.game_id, change), lambda: game_frame(self.game_id))
            return SharedState.of(game_state_payload(frame=frame, viewer=self.viewer), frame.game.epoch)

        return self.sent.text(STATES.get_or_build((self.game_id, change, self.viewer.role, self.viewer.seat), build))

    async def viewers_recheck(self, message: dict) -> None:
        """Who may watch changed: a spectator the event's policy now keeps out is told why and closed."""
        if self.viewer is None or self.viewer.role != "spectator":
            return
        why = await in_pool(self._spectator_refusal)()
        if why:
            await self.channel_layer.group_discard(self.group, self.channel_name)
            self.group = None
            await self._error("forbidden", why)
            await self.close(code=4403)

    def _spectator_refusal(self) -> str | None:
        return spectator_refusal(game=game_get(self.game_id), user=self.scope.get("user"))
