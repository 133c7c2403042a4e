"""The Redis channel layer, delivering to this process's own channels without Redis.

channels_redis sends every group message through Redis, even to the sockets of the sending process: the
group send writes each process's queue (a script per Redis connection) and each receiving process pops it
(a blocking pop, then a clean-up of its backup key). When the players of a game sit on the daphne that
applied their action — one daphne, or a load balancer routing websockets by game — that is five Redis round
trips and their asyncio work on the event loop for nothing (bench/online.py play --profile-daphne: the
channel layer's group send and receive were ~35 % of the event loop's CPU).

``LocalFirstRedisChannelLayer.group_send`` reads the group's members in one pipelined round trip, puts the
message straight into the receive buffer of the members this process receives for, and sends through Redis
only to the others (other daphnes; a Celery worker has no members of its own, so it sends them all through
Redis). Everything else — groups, expiry, capacity, the receive loop — is channels_redis's.
"""
from __future__ import annotations

import asyncio
import logging
import time

from channels_redis.core import RedisChannelLayer

logger = logging.getLogger(__name__)

SEND_LUA = """
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
"""  # channels_redis's group send script (one per Redis connection)


class LocalFirstRedisChannelLayer(RedisChannelLayer):
    """Receiving: one reader task per process pops the process's Redis queue and fills the receive buffers;
    each consumer waits on its own buffer only. (channels_redis makes the waiting consumers take turns at a
    lock to pop the queue themselves: a message put straight into the buffer of the consumer holding that
    lock would wait for its pop to time out, up to 5 s.)"""

    _reader: asyncio.Task | None = None
    _reader_loop: asyncio.AbstractEventLoop | None = None
    _receiving = 0

    async def receive(self, channel: str) -> dict:
        if "!" not in channel:
            return (await self.receive_single(channel))[1]
        assert self._is_local(channel), "Wrong client prefix"
        loop = asyncio.get_running_loop()
        if self._reader is None or self._reader.done() or self._reader_loop is not loop:
            self._reader_loop = loop
            self._reader = loop.create_task(self._read_process_queue(self.non_local_name(channel)))
        self._receiving += 1
        queue = self.receive_buffer[channel]
        try:
            message = await queue.get()
        except asyncio.CancelledError:  # the consumer is closing: as channels_redis, drop its buffer
            self.receive_buffer.pop(channel, None)
            self._receiving -= 1
            self._stop_reader_if_idle()  # the last one: stop popping now (a test's event loop ends next)
            raise
        self._receiving -= 1
        if self._receiving == 0:  # between two messages of the only consumer: keep popping a while
            loop.call_later(1.0, self._stop_reader_if_idle)
        if queue.empty() and self.receive_buffer.get(channel) is queue:
            del self.receive_buffer[channel]
        return message

    def _stop_reader_if_idle(self) -> None:
        if self._receiving == 0 and self._reader is not None:
            self._reader.cancel()  # receive_single is safe to cancel: a popped message waits in its backup
            self._reader = None

    async def _read_process_queue(self, real_channel: str) -> None:
        """Pop this process's Redis queue (channels_redis's ``receive_single``, safe to cancel) and hand each
        message to the buffers of the channels it is for."""
        while True:
            try:
                message_channel, message = await self.receive_single(real_channel)
            except asyncio.CancelledError:
                raise
            except Exception:  # noqa: BLE001 - a Redis hiccup must not stop every socket's messages
                logger.exception("channel layer: reading %s failed; retrying", real_channel)
                await asyncio.sleep(1)
                continue
            for chan in message_channel if isinstance(message_channel, list) else [message_channel]:
                self.receive_buffer[chan].put_nowait(message)

    def _is_local(self, channel: str) -> bool:
        """A channel this process receives for (``new_channel``: ``specific.<client_prefix>!<id>``)."""
        return "!" in channel and self.non_local_name(channel).endswith(self.client_prefix + "!")

    async def group_send(self, group: str, message: dict) -> None:
        assert self.require_valid_group_name(group), "Group name not valid"
        key = self._group_key(group)
        pipe = self.connection(self.consistent_hash(group)).pipeline(transaction=False)
        pipe.zremrangebyscore(key, min=0, max=int(time.time()) - self.group_expiry)
        pipe.zrange(key, 0, -1)
        _removed, members = await pipe.execute()
        names = [x.decode("utf8") for x in members]
        # this process's consumers wait in the reader's loop: only there are its buffers this process's
        here = self._reader is not None and asyncio.get_running_loop() is self._reader_loop
        local = [n for n in names if here and self._is_local(n)]
        if local:
            body = self.serialize(message)
            for channel in local:  # each receiver its own copy, as through Redis; the capacity is the buffer's
                self.receive_buffer[channel].put_nowait(self.deserialize(body))
        remote = [n for n in names if not (here and self._is_local(n))]
        if remote:
            await self._send_through_redis(group, remote, message)

    async def _send_through_redis(self, group: str, names: list[str], message: dict) -> None:
        """channels_redis's group send to ``names``: per Redis connection, drop expired messages and run the
        script that queues the message for each process (over-capacity queues are skipped and logged), in
        one pipelined round trip (channels_redis makes two)."""
        by_connection, messages, capacities = self._map_channel_keys_to_connection(names, message)
        for index, keys in by_connection.items():
            connection = self.connection(index)
            pipe = connection.pipeline(transaction=False)
            now = time.time()
            for k in keys:
                pipe.zremrangebyscore(k, min=0, max=int(now) - int(self.expiry))
            args = [messages[k] for k in keys] + [capacities[k] for k in keys] + [now, self.expiry]
            pipe.eval(SEND_LUA, len(keys), *keys, *args)
            over = (await pipe.execute())[-1]
            if over > 0:
                logger.info("%s of %s channels over capacity in group %s", over, len(names), group)

