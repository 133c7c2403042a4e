"""What the viewers of one change share in a process: the frame of the change (the game, its seats and its
deadline as committed) and the JSON text of each viewer's state message, by the change's name
(``broadcast.broadcast_game``'s ``change``).

The process that applied a player's action hands its own frame (``hand_frame``): it holds the game, its
seats and its deadline as its transaction wrote them, under the game's lock (services/common.py's lock
order), so its viewers need not read them again (three queries per change and process). Other processes
read the frame once (``selectors.game_frame``).
"""
from __future__ import annotations

import threading
from collections import OrderedDict
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
TEXTS = _PerChange()


def hand_frame(game_id: int, change: str, build: Callable[[], Any]) -> None:
    """Once the current transaction commits, store ``build()`` (the frame as committed) as the frame of
    ``change`` in this process. Registered before the change is broadcast, so it is there when the
    notification comes back; if it is not, the viewers read the frame as any other process does."""
    transaction.on_commit(lambda: FRAMES.put((game_id, change), build()))
