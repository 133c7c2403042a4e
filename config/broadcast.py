"""The one path to the channel layer: group sends, after the transaction commits.

Apps build their own messages (``tournaments.broadcast`` for event groups); payloads must already be
safe for everyone in the group — per-player views are built by the caller, never sent to a group.
"""
from __future__ import annotations

import asyncio
import logging
from concurrent.futures import ThreadPoolExecutor

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer
from django.db import transaction

logger = logging.getLogger(__name__)


def group_send_now(group: str, message: dict) -> None:
    """Send to a group now. A dead channel layer never breaks the caller: clients also poll."""
    try:
        layer = get_channel_layer()
        if layer is None:
            return
        send = async_to_sync(layer.group_send)
        try:
            asyncio.get_running_loop()
        except RuntimeError:  # the usual case: plain sync code (views in threads, Celery tasks)
            send(group, message)
        else:  # sync code inside an event loop's thread: send from a helper thread
            with ThreadPoolExecutor(max_workers=1) as pool:
                pool.submit(send, group, message).result(timeout=10)
    except Exception:
        logger.exception("broadcast to %s failed", group)


def group_send_on_commit(group: str, message: dict) -> None:
    """Send once the current transaction commits (at once when none is open), so clients never
    hear of a change that was rolled back."""
    transaction.on_commit(lambda: group_send_now(group, message))
