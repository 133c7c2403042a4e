"""The serialisable Neopets Battledome game state: one dict of plain containers.

Keys of the state dict (every zone list holds card instance ids; a list's first item is the top of a deck):
  v, game ("neopets"), seed, rng (PRNG state, rng.py), nid (next instance id), stacked (no setup
  shuffles), dice (stacked die results for tests: used before the PRNG), turn_cap
  turn (0 during setup), active (the Active Player, 3.8e), first (who took the game's first turn),
  round (1-3), phase (setup | beginning | draw | train | preparation | battle | end | over),
  stage (the next automatic step of flow.py), seq (order in which cards came into play)
  cards[id]: k (card key), o (owner, 3.5a), z (zone tag), and while in play c (controller, 3.5b),
        seq (entry order), fu (face up: Neopets in the slot / Round Results), petpet_used (5.9d stats),
        used (turn an activated ability was last used, per ability index), counters (Glossary Store),
        fd (a Buried, face-down card of a Discard, 6.8d), planned (the turn it was Planned)
  players[p]: name, rounds_won, zones neopet_deck, rainbow_pool, main_deck, inventory, discard, void,
        play_area, stolen (8.10c), round_results, codestones, equipment (the three Equipment Slots,
        5.8d, or more, 9.9a; petpets sit there too, 5.9c.2), planned (face-down Planned cards, 6.6d); neopet (Active Neopet Slot, 6.4), champion (6.6a.1);
        damage (on the active Neopet, 7.5h.2), status {frozen, shadows, double_damage}, mulliganed,
        played_card (the Preparation Phase's one card, 7.4d.1), attached (Codestone this Train
        Phase, 5.14c.2), pledged (5.15c.3), turns
  queue: entries bottom first (the last entry resolves first); frames: effects resolving now;
  waiting: triggered abilities to put into the Queue (8.5b); priority: None | {player, passes,
  window, then}; pending: None | {kind, player, options, rule, ...}; battle: the dice battle of this
  turn; mods: timed stat modifiers; delayed: delayed triggers (8.8); ko: a knocked-out player;
  outcome: None | {winner, reason, draw}; time_called: None | {mode, round}; setup: setup choices;
  seen: this turn's Looks and Reveals [{kind: look | reveal, player, whose, from, cards, turn}] (9.10c).
"""
from __future__ import annotations

import json
from typing import Any

_SCALARS = frozenset((str, int, bool, float, type(None)))


def _copy(v: Any) -> Any:
    t = type(v)
    if t is dict:
        return {k: (x if type(x) in _SCALARS else _copy(x)) for k, x in v.items()}
    if t is list:
        return [x if type(x) in _SCALARS else _copy(x) for x in v]
    return json.loads(json.dumps(v))


def copy_state(d: dict[str, Any]) -> dict[str, Any]:
    """A deep copy of plain containers (no sharing)."""
    return {k: (v if type(v) in _SCALARS else _copy(v)) for k, v in d.items()}


def _upgrade(d: dict[str, Any]) -> dict[str, Any]:
    """A state saved before Planned cards and Looks existed (a hosted game in progress) gains their
    empty containers."""
    if d.get("game") == "neopets":
        d.setdefault("seen", [])
        for pl in d.get("players", ()):
            pl.setdefault("planned", [])
    return d


class State:
    __slots__ = ("d",)

    def __init__(self, d: dict[str, Any]) -> None:
        self.d = d

    def copy(self) -> "State":
        return State(copy_state(self.d))

    def to_dict(self) -> dict[str, Any]:
        return copy_state(self.d)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> "State":
        return cls(_upgrade(json.loads(json.dumps(data))))

    def to_json(self) -> str:
        return json.dumps(self.d, sort_keys=True, separators=(",", ":"))

    @classmethod
    def from_json(cls, text: str) -> "State":
        return cls(_upgrade(json.loads(text)))

    def __eq__(self, other: object) -> bool:
        return isinstance(other, State) and self.to_json() == other.to_json()

    @property
    def turn(self) -> int:
        return self.d["turn"]

    @property
    def active_player(self) -> int:
        return self.d["active"]

    @property
    def phase(self) -> str:
        return self.d["phase"]

    @property
    def round(self) -> int:
        return self.d["round"]

    @property
    def pending(self) -> dict | None:
        return self.d["pending"]

    def player(self, p: int) -> dict:
        return self.d["players"][p]

    def card(self, cid: str) -> dict:
        return self.d["cards"][cid]
