"""The events of one ``apply`` (the game log), shared by the engines, and what a viewer may read of them.

Each event is ``{"type", "msg", ...data}``; ``"to": player`` makes it private to that player and
``"judge": True`` makes it judges' only.  A quiet log (self-play speed) keeps only the event types a
game names in ``kept_when_quiet`` (its game-over events)."""
from __future__ import annotations

from typing import Any, Iterable


class EventLog:
    """Collects the events of one ``apply`` call; each game subclasses it to name ``kept_when_quiet``."""

    __slots__ = ("items", "quiet")
    kept_when_quiet: frozenset[str] = frozenset({"game_over"})

    def __init__(self, quiet: bool = False) -> None:
        self.items: list[dict[str, Any]] = []
        self.quiet = quiet

    def add(self, type_: str, msg: str, **data: Any) -> None:
        if self.quiet and type_ not in self.kept_when_quiet:
            return
        data["type"] = type_
        data["msg"] = msg
        self.items.append(data)


def filter_events(events: Iterable[dict[str, Any]], viewer: Any) -> list[dict[str, Any]]:
    """Events a viewer may read: private ones (``to``) only for their player; judges see everything."""
    out = []
    for e in events:
        if viewer == "judge":
            out.append(e)
            continue
        to = e.get("to")
        if (to is not None and to != viewer) or e.get("judge"):
            continue
        out.append(e)
    return out
