"""The only path from the tournaments app to the channel layer.

``broadcast_event`` queues a message for group ``event_<slug>`` and sends it after the surrounding
transaction commits (Zulip ``send_event_on_commit``), so clients never hear of a change that was rolled
back. Payloads carry only public facts (pairings, tables, clocks, results); penalties, decklists and
anything per-player stay out — clients re-read their own view over HTTP.
"""
from __future__ import annotations

import asyncio
import logging
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer
from django.db import transaction

logger = logging.getLogger(__name__)


def event_group(slug: str) -> str:
    return f"event_{slug}"


def broadcast_event(*, slug: str, kind: str, data: dict[str, Any] | None = None) -> None:
    message = {"type": "event.message", "kind": kind, "data": data or {}}

    def send() -> None:
        try:
            layer = get_channel_layer()
            if layer is None:
                return
            send_sync = async_to_sync(layer.group_send)
            try:
                asyncio.get_running_loop()
            except RuntimeError:  # the usual case: plain sync code (views in threads, Celery tasks)
                send_sync(event_group(slug), message)
            else:  # sync code running inside an event loop's thread: send from a helper thread
                with ThreadPoolExecutor(max_workers=1) as pool:
                    pool.submit(send_sync, event_group(slug), message).result(timeout=10)
        except Exception:  # a dead channel layer must never break a result; clients also poll
            logger.exception("broadcast to %s failed", event_group(slug))

    transaction.on_commit(send)
