"""The one path to the channel layer: send a message to a websocket group after the transaction commits.

Payloads must already be safe for everyone in the group (per-player views are built by the caller).
"""
from __future__ import annotations

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer
from django.db import transaction


def broadcast_now(group: str, message: dict) -> None:
    layer = get_channel_layer()
    if layer is not None:
        async_to_sync(layer.group_send)(group, {"type": "broadcast.message", "payload": message})


def broadcast_on_commit(group: str, message: dict) -> None:
    """Send once the current transaction commits (immediately when none is open)."""
    transaction.on_commit(lambda: broadcast_now(group, message))
