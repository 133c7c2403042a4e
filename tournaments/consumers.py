"""Live updates of an event over a websocket: ``ws/events/<slug>/``.

Protocol (server → client, JSON): on connect ``{"type": "hello", "server_now": iso}``; afterwards one
message per change, ``{"type": <kind>, "data": {...}, "server_now": iso}`` with kind one of ``event``,
``registration``, ``round``, ``pairings``, ``match``, ``result``, ``clock``, ``time_called``,
``stop_play``, ``extra_game``, ``dispute``, ``standings``, ``appeal``. Payloads carry public facts only;
clients re-read their own view (``state.json``) for anything per-player. The ``data`` of ``match``,
``result``, ``clock``, ``time_called``, ``stop_play``, ``extra_game`` and ``dispute`` is the match in its
one public shape (``tournaments.public_match``; ``MatchPublic`` in the OpenAPI schema), as ``state`` and
``pairings`` send it. Client → server: ``{"type": "ping"}`` is answered with ``{"type": "pong",
"server_now": iso}`` (clock sync). Anyone may listen to a non-draft event, as anyone may read its public
page.
"""
from __future__ import annotations

from channels.db import database_sync_to_async
from channels.generic.websocket import AsyncJsonWebsocketConsumer
from django.utils import timezone

from tournaments.broadcast import event_group
from tournaments.models import Event


class EventConsumer(AsyncJsonWebsocketConsumer):
    async def connect(self) -> None:
        self.slug = self.scope["url_route"]["kwargs"]["slug"]
        if not await self._visible():
            await self.close(code=4404)
            return
        self.group = event_group(self.slug)
        await self.channel_layer.group_add(self.group, self.channel_name)
        await self.accept()
        await self.send_json({"type": "hello", "server_now": timezone.now().isoformat()})

    @database_sync_to_async
    def _visible(self) -> bool:
        return Event.objects.filter(slug=self.slug).exclude(status=Event.Status.DRAFT).exists()

    async def disconnect(self, code: int) -> None:
        if hasattr(self, "group"):
            await self.channel_layer.group_discard(self.group, self.channel_name)

    async def receive_json(self, content, **kwargs) -> None:
        if isinstance(content, dict) and content.get("type") == "ping":
            await self.send_json({"type": "pong", "server_now": timezone.now().isoformat()})

    async def event_message(self, message: dict) -> None:
        await self.send_json({"type": message["kind"], "data": message.get("data", {}), "server_now": timezone.now().isoformat()})
