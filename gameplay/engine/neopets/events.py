"""The events of one ``apply`` (the game log) and what a viewer may read of them (gameplay/engine/events.py)."""
from __future__ import annotations

from ..events import EventLog, filter_events

__all__ = ["Ev", "filter_events"]


class Ev(EventLog):
    """The events of one ``apply``: {"type", "msg", optional "to": player (private), "judge": True}."""

    __slots__ = ()
    kept_when_quiet = frozenset({"game_over", "round_won"})
