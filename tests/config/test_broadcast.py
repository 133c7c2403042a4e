"""A failed broadcast is one log line, not a traceback per message (clients also poll)."""
from __future__ import annotations

import logging

import pytest

from config import broadcast


class BrokenLayer:
    async def group_send(self, group, message):
        raise RuntimeError("no such table: channels_lite_event")


@pytest.fixture
def broken_layer(monkeypatch):
    monkeypatch.setattr(broadcast, "get_channel_layer", lambda: BrokenLayer())
    monkeypatch.setattr(broadcast, "_failures", {"logged_at": None, "quiet": 0})


def test_a_failed_broadcast_logs_one_line_without_a_traceback(broken_layer, caplog):
    with caplog.at_level(logging.WARNING, logger="config.broadcast"):
        for _ in range(200):
            broadcast.group_send_now("event_canterlot", {"type": "event.message"})
    assert len(caplog.records) == 1
    record = caplog.records[0]
    assert record.exc_info is None and "\n" not in record.getMessage()
    assert "broadcast to event_canterlot failed: RuntimeError: no such table" in record.getMessage()


def test_after_the_quiet_spell_the_next_failure_is_logged_with_the_count(broken_layer, caplog, monkeypatch):
    clock = [1000.0]
    monkeypatch.setattr(broadcast.time, "monotonic", lambda: clock[0])
    with caplog.at_level(logging.WARNING, logger="config.broadcast"):
        for _ in range(5):
            broadcast.group_send_now("event_x", {})
        clock[0] += broadcast.QUIET_SECONDS + 1
        broadcast.group_send_now("event_x", {})
    assert len(caplog.records) == 2 and "(4 more failed quietly before this)" in caplog.records[1].getMessage()
