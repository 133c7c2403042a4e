"""The serialisable game state: one dict of plain containers (str/int/bool/None/list/dict).

Copying uses ``marshal`` (a C round-trip of plain containers), measured ~10x faster than
``copy.deepcopy`` for this shape; ``to_dict``/``from_dict`` is a JSON round-trip.
"""
from __future__ import annotations

import json
import marshal
from typing import Any


class State:
    __slots__ = ("d", "_la")

    def __init__(self, d: dict[str, Any]) -> None:
        self.d = d
        self._la = None  # cached legal actions of the player with priority (not part of the state)

    def copy(self) -> "State":
        return State(marshal.loads(marshal.dumps(self.d)))

    def to_dict(self) -> dict[str, Any]:
        return marshal.loads(marshal.dumps(self.d))

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> "State":
        return cls(json.loads(json.dumps(data)))

    def to_json(self) -> str:
        return json.dumps(self.d, sort_keys=True, separators=(",", ":"))

    @classmethod
    def from_json(cls, text: str) -> "State":
        return cls(json.loads(text))

    def __eq__(self, other: object) -> bool:
        return isinstance(other, State) and self.to_json() == other.to_json()

    # convenience read-only accessors
    @property
    def turn(self) -> int:
        return self.d["turn"]

    @property
    def turn_player(self) -> int:
        return self.d["tp"]

    @property
    def scores(self) -> list[int]:
        return [p["score"] for p in self.d["pl"]]

    @property
    def step(self) -> str:
        return self.d["step"]

    @property
    def pending(self) -> dict | None:
        return self.d["pending"]

    def card(self, cid: str) -> dict:
        return self.d["cards"][cid]
