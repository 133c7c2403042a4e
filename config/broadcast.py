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
    trip from the calling thread to the event loop, not eight, and on Redis two round trips in all
    (``redis_group_send_many``) instead of four per group."""
    if not messages:
        return
    try:
        layer = get_channel_layer()
        if layer is None:
            return

        async def send_all() -> None:
            if _batched_redis(layer):
                await redis_group_send_many(layer, messages)
                return
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


def _batched_redis(layer) -> bool:
    from channels_redis.core import RedisChannelLayer

    return type(layer) is RedisChannelLayer  # exactly it: a subclass may store groups its own way


# channels_redis's own group-send script (4.3.0), given every channel's message at once: a message is added to a
# channel's inbox unless the inbox is full; returns how many were not.
_GROUP_SEND_LUA = """
local over_capacity = 0
local current_time = ARGV[#ARGV - 1]
local expiry = ARGV[#ARGV]
for i=1,#KEYS do
    if redis.call('ZCOUNT', KEYS[i], '-inf', '+inf') < tonumber(ARGV[i + #KEYS]) then
        redis.call('ZADD', KEYS[i], current_time, ARGV[i])
        redis.call('EXPIRE', KEYS[i], expiry)
    else
        over_capacity = over_capacity + 1
    end
end
return over_capacity
"""


async def redis_group_send_many(layer, messages: list[tuple[str, dict]]) -> None:
    """``group_send`` of channels_redis (pinned 4.3.0: it reuses the layer's key and message helpers) for many
    groups at once: one pipeline reads every group's members, one more drops expired messages and adds each
    member's message, per Redis connection. The same messages, capacities and expiry as one group_send each."""
    groups: dict[int, list[tuple[str, dict]]] = {}
    for group, message in messages:
        assert layer.require_valid_group_name(group), "Group name not valid"
        groups.setdefault(layer.consistent_hash(group), []).append((group, message))
    inboxes: dict[int, list[tuple[bytes, bytes, int]]] = {}  # connection -> (channel key, message, capacity)
    for index, items in groups.items():
        pipe = layer.connection(index).pipeline(transaction=False)
        for group, _m in items:
            key = layer._group_key(group)
            pipe.zremrangebyscore(key, min=0, max=int(time.time()) - layer.group_expiry)
            pipe.zrange(key, 0, -1)
        members = (await pipe.execute())[1::2]
        for (group, message), names in zip(items, members):
            by_connection, payloads, capacities = layer._map_channel_keys_to_connection([n.decode("utf8") for n in names], message)
            for conn, keys in by_connection.items():
                inboxes.setdefault(conn, []).extend((k, payloads[k], capacities[k]) for k in keys)
    for index, entries in inboxes.items():
        if not entries:
            continue
        pipe = layer.connection(index).pipeline(transaction=False)
        for key in {k for k, _m, _c in entries}:
            pipe.zremrangebyscore(key, min=0, max=int(time.time()) - int(layer.expiry))
        keys, payloads, capacities = zip(*entries)
        pipe.eval(_GROUP_SEND_LUA, len(keys), *keys, *payloads, *capacities, time.time(), layer.expiry)
        over = (await pipe.execute())[-1]
        if over:  # as channels_redis's "channels over capacity" line, but loud: a websocket misses a message
            logger.warning("%s of %s channels over capacity in a batched group send: their messages were dropped",
                           over, len(keys))


def group_send_on_commit(group: str, message: dict) -> None:
    """Send once the current transaction commits (at once when none is open), so clients never
    hear of a change that was rolled back."""
    transaction.on_commit(lambda: group_send_now(group, message))
