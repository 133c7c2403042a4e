"""The one path to the channel layer: group sends, after the transaction commits.

Apps build their own messages (``tournaments.broadcast`` for event groups); payloads must already be
safe for everyone in the group — per-player views are built by the caller, never sent to a group.
"""
from __future__ import annotations

import asyncio
import logging
import time
from concurrent.futures import ThreadPoolExecutor

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer
from django.db import transaction

logger = logging.getLogger(__name__)
QUIET_SECONDS = 60.0  # after a failed broadcast is logged, further failures stay quiet this long
_failures = {"logged_at": None, "quiet": 0}  # per process: when the last failure was logged, how many since


def _log_failure(group: str, exc: Exception) -> None:
    """One line per failure spell (no traceback): a missing channel layer table or a stopped Redis would
    otherwise log every message of a simulated event."""
    now = time.monotonic()
    logged_at = _failures["logged_at"]
    if logged_at is not None and now - logged_at < QUIET_SECONDS:
        _failures["quiet"] += 1
        return
    quiet, _failures["quiet"], _failures["logged_at"] = _failures["quiet"], 0, now
    more = f" ({quiet} more failed quietly before this)" if quiet else ""
    logger.warning("broadcast to %s failed: %s: %s; live pages fall back to polling%s",
                   group, type(exc).__name__, exc, more)


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
    except Exception as exc:  # noqa: BLE001 - whatever the layer raises, the caller's work is done
        _log_failure(group, exc)


def group_send_many(messages: list[tuple[str, dict]]) -> None:
    """Several groups' messages in one hop to the channel layer: a draft pod's eight per-drafter views cost one
    trip from the calling thread to the event loop, not eight; the layer sends them concurrently (with
    config.channel_layer's layer: two Redis round trips per group)."""
    if not messages:
        return
    try:
        layer = get_channel_layer()
        if layer is None:
            return

        async def send_all() -> None:
            results = await asyncio.gather(*(layer.group_send(g, m) for g, m in messages), return_exceptions=True)
            for (group, _m), result in zip(messages, results):
                if isinstance(result, Exception):
                    _log_failure(group, result)

        send = async_to_sync(send_all)
        try:
            asyncio.get_running_loop()
        except RuntimeError:
            send()
        else:
            with ThreadPoolExecutor(max_workers=1) as pool:
                pool.submit(send).result(timeout=10)
    except Exception as exc:  # noqa: BLE001 - as group_send_now
        _log_failure(messages[0][0], exc)


def group_send_on_commit(group: str, message: dict) -> None:
    """Send once the current transaction commits (at once when none is open), so clients never
    hear of a change that was rolled back."""
    transaction.on_commit(lambda: group_send_now(group, message))
