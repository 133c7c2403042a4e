"""What the viewers of one change share in a process: the frame of the change (the game, its seats and its
deadline as committed) and the JSON text of each viewer's state message, by the change's name
(``broadcast.broadcast_game``'s ``change``).

The process that applied a player's action hands its own frame (``hand_frame``): it holds the game, its
seats and its deadline as its transaction wrote them, under the game's lock (services/common.py's lock
order), so its viewers need not read them again (three queries per change and process). Other processes
read the frame once (``selectors.game_frame``).

A connection is sent only what it has not been sent yet (``Sent``): the log entries after the last action
it was sent and the card faces it has not been sent; a new connection (a reconnect) and a state sent
outside the change notifications (on connect, after a stale action) get the whole message.
"""
from __future__ import annotations

import json
import threading
from collections import OrderedDict
from dataclasses import dataclass
from typing import Any, Callable

from django.db import transaction


class _PerChange:
    """Values by (game, change), newest kept: what every connection of this process builds for one change
    notification (``broadcast_game``'s ``change``) is built once — the frame read from the database, and the
    JSON text of each viewer's state message (two tabs of one player, the spectators, the judges). A later
    change has a new name, so nothing here is ever stale; a player's text is keyed by their seat, so it
    never reaches another viewer."""

    def __init__(self, size: int = 2048) -> None:
        self.size = size
        self.items: OrderedDict[tuple, Any] = OrderedDict()
        self.building: dict[tuple, threading.Event] = {}
        self.lock = threading.Lock()

    def put(self, key: tuple, value: Any) -> None:
        """Store a value built elsewhere (the acting process hands its own frame: ``hand_frame``)."""
        with self.lock:
            self.items[key] = value
            while len(self.items) > self.size:
                self.items.popitem(last=False)

    def get_or_build(self, key: tuple, build: Callable[[], Any]) -> Any:
        """The value for ``key``; the connections that ask while the first one builds it wait for that one
        (they are handled side by side in the thread pool) instead of building it again."""
        with self.lock:
            if key in self.items:
                return self.items[key]
            pending = self.building.get(key)
            if pending is None:
                self.building[key] = threading.Event()
        if pending is not None:
            pending.wait(30)
            with self.lock:
                if key in self.items:
                    return self.items[key]
            return build()  # the first builder failed: build our own
        try:
            value = build()
            self.put(key, value)
            return value
        finally:
            with self.lock:
                self.building.pop(key).set()


FRAMES = _PerChange()
STATES = _PerChange()


def hand_frame(game_id: int, change: str, build: Callable[[], Any]) -> None:
    """Once the current transaction commits, store ``build()`` (the frame as committed) as the frame of
    ``change`` in this process. Registered before the change is broadcast, so it is there when the
    notification comes back; if it is not, the viewers read the frame as any other process does."""
    transaction.on_commit(lambda: FRAMES.put((game_id, change), build()))


@dataclass(frozen=True)
class SharedState:
    """One viewer's state message of one change, shared by that viewer's connections in this process (two
    tabs, the spectators, the judges): the payload, the game's epoch, and the JSON text of everything but
    the log and the card faces (``base``: without its closing brace), which each connection adds as it
    needs them (``Sent``)."""

    payload: dict
    epoch: int
    base: str

    @classmethod
    def of(cls, payload: dict, epoch: int) -> "SharedState":
        rest = {k: v for k, v in payload.items() if k not in ("log", "cards")}
        return cls(payload, epoch, json.dumps(rest)[:-1])


class Sent:
    """What one connection has been sent of its game's state messages: the log up to an action and the card
    faces, in an epoch (a judge's rollback starts another). The next message carries only the log entries
    after that action (``"log_since": N``: the client keeps its entries up to N) and the faces not sent yet
    (``"cards_known": true``: the client keeps the faces it has), a tenth of a whole message."""

    def __init__(self) -> None:
        self.epoch: int | None = None
        self.log_upto: int | None = None
        self.faces: set[str] = set()

    def whole(self, payload: dict, epoch: int) -> str:
        """The whole message (a new connection, a stale action's refresh): what the connection has from now."""
        self.epoch, self.log_upto, self.faces = epoch, payload["seq"], set(payload.get("cards") or ())
        return json.dumps(payload)

    def text(self, shared: SharedState) -> str:
        payload = shared.payload
        since = self.log_upto
        if since is None or self.epoch != shared.epoch or payload["seq"] < since:
            return self.whole(payload, shared.epoch)
        log = [e for e in payload["log"] if e["seq"] > since]
        cards = {k: v for k, v in (payload.get("cards") or {}).items() if k not in self.faces}
        self.faces.update(cards)
        self.log_upto = payload["seq"]
        return f'{shared.base}, "log": {json.dumps(log)}, "log_since": {since}, "cards": {json.dumps(cards)}, "cards_known": true}}'
