"""Event broadcasts: messages for group ``event_<slug>``, sent after commit through ``config.broadcast``.

Payloads carry only public facts (pairings, tables, clocks, results); penalties, decklists and anything
per-player stay out — clients re-read their own view over HTTP.
"""
from __future__ import annotations

from typing import Any

from config.broadcast import group_send_on_commit


def event_group(slug: str) -> str:
    return f"event_{slug}"


def broadcast_event(*, slug: str, kind: str, data: dict[str, Any] | None = None) -> None:
    group_send_on_commit(event_group(slug), {"type": "event.message", "kind": kind, "data": data or {}})
