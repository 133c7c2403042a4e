"""Online drafting over a websocket: ``ws/draft/<pod_id>/``.

Protocol (JSON). Server -> client: ``{"type": "draft", "view": {...}}`` — the drafter's own view
(``limited.selectors.draft_view``: the pack in front of them and, when review is allowed, their own picks):
in full on connect and on request; whenever the pod moves on a light one (built by the service after commit
for the whole pod and sent to this drafter's own group, ``draft_seat_<seat id>``), which leaves ``picks`` out
while the pod drafts. ``{"type": "picked", "pack_number", "pick_number", "pick_count", "pick"}`` answers the
drafter's own pick when it did not end the step (``selectors.picked_reply``: no query, straight to this
socket); ``{"type": "error", "detail": ...}`` a refused pick. Client -> server:
``{"type": "pick", "card": guid, "pack_number": n, "pick_number": m}``; ``{"type": "view"}`` asks for the full
view (a client whose picks list no longer matches ``pick_count``); ``{"type": "ping"}`` is answered with
``{"type": "pong", "server_now": iso}``.

Only seated drafters connect, each to their own seat's group: a drafter's pack and picks go to nobody else. Leaving the page marks the drafter away: they are auto-picked until they return.
"""
from __future__ import annotations

from channels.db import database_sync_to_async
from channels.generic.websocket import AsyncJsonWebsocketConsumer
from django.db import connection
from django.utils import timezone

from limited import draft, selectors
from limited.models import Seat
from tournaments.services.common import EventError

PARALLEL_PICKS = connection.vendor == "postgresql"


class DraftConsumer(AsyncJsonWebsocketConsumer):
    async def connect(self) -> None:
        self.pod_id = int(self.scope["url_route"]["kwargs"]["pod_id"])
        self.seat = await self._seat()
        if self.seat is None:
            await self.close(code=4403)
            return
        self.group = draft.seat_group(self.seat.pk)
        await self.channel_layer.group_add(self.group, self.channel_name)
        await self.accept()
        await database_sync_to_async(draft.draft_presence)(seat=self.seat, connected=True)
        view = await self._send_view()
        self.tier = view["tier"]

    @database_sync_to_async
    def _seat(self) -> Seat | None:
        user = self.scope.get("user")
        if user is None or not user.is_authenticated:
            return None
        return Seat.objects.filter(pod_id=self.pod_id, player=user).select_related("pod").first()

    async def disconnect(self, code: int) -> None:
        if getattr(self, "seat", None) is not None and hasattr(self, "group"):
            await self.channel_layer.group_discard(self.group, self.channel_name)
            await database_sync_to_async(draft.draft_presence)(seat=self.seat, connected=False)

    async def receive_json(self, content, **kwargs) -> None:
        if not isinstance(content, dict):
            return
        if content.get("type") == "ping":
            await self.send_json({"type": "pong", "server_now": timezone.now().isoformat()})
        elif content.get("type") == "pick":
            await self._pick(content)
        elif content.get("type") == "view":
            await self._send_view()

    async def _pick(self, content: dict) -> None:
        try:
            card, pack, pick = str(content["card"]), int(content["pack_number"]), int(content["pick_number"])
        except (KeyError, TypeError, ValueError):
            await self.send_json({"type": "error", "detail": "a pick needs card, pack_number and pick_number"})
            return
        try:
            # The new view arrives through this drafter's group once the pick commits. On PostgreSQL picks run
            # on parallel threads (a pick locks only its own pack: limited.draft); SQLite has one writer, so
            # there they stay on the one database thread.
            run = database_sync_to_async(self._pick_and_reply, thread_sensitive=not PARALLEL_PICKS)
            reply = await run(card, pack, pick)
        except EventError as exc:
            await self.send_json({"type": "error", "detail": str(exc)})
            await self._send_view()
            return
        await self.send_json(reply)

    def _pick_and_reply(self, card: str, pack: int, pick: int) -> dict:
        taken = draft.draft_pick(seat=self.seat, card=card, pack_number=pack, pick_number=pick, by=self.scope["user"],
                                 notify_picker=False)
        # The pod was drafting this step, so review is allowed exactly below Tier 2 (Booster Draft Format). Had the
        # pick ended the step, the light views of the next step are on their way too: the client keeps the newer.
        return selectors.picked_reply(guid=card, pack_number=pack, pick_number=pick, pick_count=taken.pick_count,
                                      review_allowed=self.tier < 2)

    async def _send_view(self) -> dict:
        view = await database_sync_to_async(selectors.draft_view)(self.seat)
        await self.send_json({"type": "draft", "view": view})
        return view

    async def draft_view(self, message: dict) -> None:
        await self.send(text_data=message["text"])  # {"type": "draft", "view": ...}, serialised by the sender

    async def dispatch(self, message: dict) -> None:
        """Every database access of this consumer runs through ``database_sync_to_async``, which closes stale
        connections before and after. Channels' own dispatch also hops to the one sync thread to close them for
        every message; for the two that come by the thousand in a draft — a drafter's pick, a pushed view — that
        hop does nothing but cost a thread switch, so they skip it."""
        if message.get("type") == "websocket.receive":
            await self.websocket_receive(message)
        elif message.get("type") == "draft.view":
            await self.draft_view(message)
        else:
            await super().dispatch(message)
