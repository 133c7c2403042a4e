"""The events of one ``apply`` (the game log) and what a viewer may read of them."""
from __future__ import annotations

from typing import Any, Iterable


class Ev:
    """The events of one ``apply``: {"type", "msg", optional "to": player (private), "judge": True}."""

    __slots__ = ("items", "quiet")

    def __init__(self, quiet: bool = False) -> None:
        self.items: list[dict[str, Any]] = []
        self.quiet = quiet

    def add(self, type_: str, msg: str, **data: Any) -> None:
        if self.quiet and type_ not in ("game_over", "round_won"):
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
