"""The production channel layer (Redis) keeps every message of a burst to one server process's websockets.

channels_redis keeps ONE inbox per server process for all its websockets and silently drops a group send
when that inbox holds ``capacity`` messages (default 100). 64 drafters on one daphne each got their own view
after a pick: views were lost and pods stopped (bench/draft.py). The settings raise the capacity; this test
builds the layer with the settings' CONFIG (on the test Redis database) and sends a burst larger than the old
default before anything is read.
"""
from __future__ import annotations

import asyncio
import os
import time

import pytest
from django.conf import settings

REDIS_URL = os.environ.get("PONYHALL_TEST_REDIS_URL", "redis://127.0.0.1:6379/9")
BURST = 300  # per-drafter views of one step of a 64-seat draft, twice over, plus the event's own messages


def _redis_reachable() -> bool:
    try:
        import redis

        redis.Redis.from_url(REDIS_URL, socket_connect_timeout=1).ping()
        return True
    except Exception:
        return False


def _settings_layer_config() -> dict:
    """The CONFIG settings.py gives channels_redis, pointed at the test Redis database."""
    config = {"capacity": settings.CHANNEL_CAPACITY, "hosts": [{"address": REDIS_URL, "socket_timeout": 30}]}
    if settings.CHANNEL_LAYERS["default"]["BACKEND"] == "config.channel_layer.LocalFirstRedisChannelLayer":
        config = dict(settings.CHANNEL_LAYERS["default"]["CONFIG"], hosts=config["hosts"])
    return config


@pytest.mark.skipif(not _redis_reachable(), reason="no Redis at PONYHALL_TEST_REDIS_URL")
def test_a_burst_of_per_socket_group_sends_to_one_process_is_not_dropped():
    from config.channel_layer import LocalFirstRedisChannelLayer

    async def burst() -> int:
        layer = LocalFirstRedisChannelLayer(prefix=f"asgi-test-{os.getpid()}", **_settings_layer_config())
        try:
            channels = [await layer.new_channel() for _ in range(BURST)]  # one process, BURST websockets
            for k, channel in enumerate(channels):
                await layer.group_add(f"draft_seat_{k}", channel)
            for k in range(BURST):  # nobody reads while the burst is sent (a busy event loop)
                await layer.group_send(f"draft_seat_{k}", {"type": "draft.view", "k": k})
            got = set()
            for channel in channels:
                message = await asyncio.wait_for(layer.receive(channel), timeout=5)
                got.add(message["k"])
            return len(got)
        finally:
            await layer.flush()
            await layer.close_pools()

    assert asyncio.run(burst()) == BURST


def test_the_embedded_layer_has_the_same_capacity():
    if settings.CHANNEL_LAYERS["default"]["BACKEND"].startswith("channels_lite"):
        assert settings.CHANNEL_LAYERS["default"]["CONFIG"]["capacity"] == settings.CHANNEL_CAPACITY >= 10 * 100


def _layer(name: str):
    from config.channel_layer import LocalFirstRedisChannelLayer

    return LocalFirstRedisChannelLayer(prefix=f"asgi-test-{os.getpid()}-{name}", **_settings_layer_config())


@pytest.mark.skipif(not _redis_reachable(), reason="no Redis at PONYHALL_TEST_REDIS_URL")
def test_a_group_message_reaches_this_processs_sockets_directly_and_other_processes_through_redis():
    """Two daphnes (two layers, one prefix): a group send from the first puts the message straight into its
    own sockets' buffers and sends through Redis only to the other process's socket."""
    from config.channel_layer import LocalFirstRedisChannelLayer

    async def run() -> tuple[list, dict, dict, str]:
        here, there = _layer("shared"), _layer("shared")
        through_redis = []
        original = LocalFirstRedisChannelLayer._send_through_redis

        async def spy(self, group, names, message):
            through_redis.extend(names)
            await original(self, group, names, message)

        here._send_through_redis = spy.__get__(here)
        try:
            mine, theirs = await here.new_channel(), await there.new_channel()
            await here.group_add("game_1", mine)
            await there.group_add("game_1", theirs)
            receiving = [asyncio.ensure_future(here.receive(mine)), asyncio.ensure_future(there.receive(theirs))]
            await asyncio.sleep(0.1)  # both processes' consumers are waiting, as daphne's are
            await here.group_send("game_1", {"type": "game.changed", "seq": 3, "change": "c1"})
            got_mine, got_theirs = await asyncio.wait_for(asyncio.gather(*receiving), timeout=5)
            return through_redis, got_mine, got_theirs, theirs
        finally:
            await here.flush()
            await here.close_pools()
            await there.close_pools()

    through_redis, got_mine, got_theirs, theirs = asyncio.run(run())
    assert through_redis == [theirs]  # not the sending process's own socket
    assert got_mine == got_theirs == {"type": "game.changed", "seq": 3, "change": "c1"}


@pytest.mark.skipif(not _redis_reachable(), reason="no Redis at PONYHALL_TEST_REDIS_URL")
def test_every_waiting_socket_of_a_process_gets_a_direct_message_at_once():
    """Each consumer waits on its own buffer (one reader task pops Redis): with channels_redis's turn-taking, the
    consumer whose turn it was to pop Redis would get a direct message only when its pop timed out (5 s)."""
    async def run() -> float:
        layer = _layer("turns")
        try:
            channels = [await layer.new_channel() for _ in range(3)]
            for c in channels:
                await layer.group_add("game_2", c)
            slowest = 0.0
            for seq in range(3):  # several changes, each consumer back to waiting in between
                receiving = [asyncio.ensure_future(layer.receive(c)) for c in channels]
                await asyncio.sleep(0.05)
                start = time.monotonic()
                await layer.group_send("game_2", {"type": "game.changed", "seq": seq})
                got = await asyncio.wait_for(asyncio.gather(*receiving), timeout=10)
                slowest = max(slowest, time.monotonic() - start)
                assert [m["seq"] for m in got] == [seq] * 3
            return slowest
        finally:
            await layer.flush()
            await layer.close_pools()

    assert asyncio.run(run()) < 1.0


@pytest.mark.skipif(not _redis_reachable(), reason="no Redis at PONYHALL_TEST_REDIS_URL")
def test_a_send_from_another_event_loop_goes_through_redis():
    """A sender outside the consumers' loop (a Celery worker's async_to_sync, a helper thread) cannot touch
    their buffers: its message travels through Redis and still arrives."""
    import threading

    async def run() -> dict:
        layer = _layer("loops")
        try:
            channel = await layer.new_channel()
            await layer.group_add("game_3", channel)
            receiving = asyncio.ensure_future(layer.receive(channel))
            await asyncio.sleep(0.05)
            sender = threading.Thread(target=lambda: asyncio.run(layer.group_send("game_3", {"type": "game.changed", "seq": 9})))
            sender.start()
            message = await asyncio.wait_for(receiving, timeout=10)
            sender.join()
            return message
        finally:
            await layer.flush()
            await layer.close_pools()

    assert asyncio.run(run()) == {"type": "game.changed", "seq": 9}
