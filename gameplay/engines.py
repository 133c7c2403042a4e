"""The engine registry: hosting is game-neutral, each engine registers one ``EngineAdapter`` by name.

The server drives engines only through their public API (``new_game``, ``legal_actions``, ``to_move``,
``apply``, ``view``, ``outcome``, ``default_action``, ``filter_events``, ``State.to_json``). An engine
object keeps per-call scratch values, so it is never shared between threads: ``EngineAdapter.game()``
builds one per thread from the cached card pool.
"""
from __future__ import annotations

import hashlib
import gc
import threading
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable

from django.conf import settings

from gameplay.engine.api import Action
from gameplay.engine.events import filter_events


class UnknownEngine(LookupError):
    pass


@dataclass
class EngineAdapter:
    """What the server needs from one game's engine."""

    name: str
    label: str
    build: Callable[[], Any]  # -> a new engine object (one per thread)
    state_from_json: Callable[[str], Any]
    filter_events: Callable[[list, Any], list]
    random_deck: Callable[[int], dict]  # seed -> a legal deck in engine form
    deck_from_entries: Callable[[list[dict]], dict]  # decklist entries -> engine deck
    bot_pick: Callable[[int, list[Action]], tuple[int, Action]]  # (rng state, legal actions) -> (rng, action)
    summary: Callable[[Any], dict]  # state -> {in_setup, first_player, turn, turn_player, scores, time_called}
    source_dir: Path
    _local: threading.local = field(default_factory=threading.local, repr=False)
    _version: str = ""

    def game(self) -> Any:
        """This thread's engine object."""
        g = getattr(self._local, "game", None)
        if g is None:
            g = self._local.game = self.build()
        return g

    @property
    def version(self) -> str:
        """A digest of the engine's source: a stored game names the build that played it."""
        if not self._version:
            h = hashlib.sha256()
            for p in sorted(self.source_dir.rglob("*.py")):
                h.update(p.read_bytes())
            self._version = f"{self.name}-{h.hexdigest()[:12]}"
        return self._version


_REGISTRY: dict[str, EngineAdapter] = {}


def register(adapter: EngineAdapter) -> None:
    if adapter.name in _REGISTRY:
        raise ValueError(f"engine {adapter.name!r} is already registered")
    _REGISTRY[adapter.name] = adapter


def get_engine(name: str) -> EngineAdapter:
    try:
        return _REGISTRY[name]
    except KeyError:
        raise UnknownEngine(f"no engine named {name!r} (known: {', '.join(sorted(_REGISTRY))})") from None


def engine_names() -> list[str]:
    return sorted(_REGISTRY)


def warm_up_in_background() -> threading.Thread:
    """Load every engine's card pool in a thread, so a web process's first game does not wait for it
    (the MLP card pool takes seconds to compile)."""
    def warm() -> None:
        for adapter in _REGISTRY.values():
            try:
                adapter.game()
            except Exception:  # noqa: BLE001 - a missing card directory shows up on first use instead
                pass
        # the card pools are a few million long-lived objects: out of the collector's sight, a full collection
        # no longer walks them (each one paused every request of the process for a large part of a second)
        gc.freeze()

    t = threading.Thread(target=warm, name="engine-warm-up", daemon=True)
    t.start()
    return t


# --------------------------------------------------------------------------- MLP


def _mlp_db():
    from gameplay.engine.mlp import CardDB

    return CardDB.from_directory(settings.CARD_DATA_DIR)  # cached per directory by the engine


def _mlp_build():
    from gameplay.engine.mlp import MLPGame

    return MLPGame(_mlp_db())


def _mlp_state_from_json(text: str):
    from gameplay.engine.mlp import State

    return State.from_json(text)


def _mlp_random_deck(seed: int) -> dict:
    from gameplay.engine.mlp.deckbuild import random_deck

    return random_deck(_mlp_db(), seed)[0]


def _mlp_deck_from_entries(entries: list[dict]) -> dict:
    """A validated decklist's resolved entries (card GUID, qty, zone) in the engine's deck form."""
    deck: dict[str, Any] = {"mane": None, "deck": [], "problems": []}
    for e in entries:
        if not e.get("card"):
            raise ValueError(f"the decklist line {e.get('name')!r} names no card")
        zone, qty = e.get("zone"), int(e.get("qty") or 0)
        if zone == "mane":
            deck["mane"] = e["card"]
        elif zone == "problem":
            deck["problems"] += [e["card"]] * qty
        else:
            deck["deck"] += [e["card"]] * qty
    if deck["mane"] is None:
        raise ValueError("the decklist has no Mane Character (102.1)")
    return deck


def _mlp_summary(state) -> dict:
    d = state.d
    return {"in_setup": d["step"].startswith("setup"), "first_player": d["first"], "turn": d["turn"],
            "turn_player": d["tp"], "scores": [p["score"] for p in d["pl"]], "time_called": d["tc"]}


def _mlp_bot_pick(rng: int, acts: list[Action]) -> tuple[int, Action]:
    from gameplay.engine.mlp.selfplay import pick

    return pick(rng, acts, "weighted")


register(EngineAdapter(
    name="mlp", label="My Little Pony CCG", build=_mlp_build, state_from_json=_mlp_state_from_json,
    filter_events=filter_events, random_deck=_mlp_random_deck, deck_from_entries=_mlp_deck_from_entries,
    bot_pick=_mlp_bot_pick, summary=_mlp_summary, source_dir=Path(__file__).resolve().parent / "engine" / "mlp",
))


# --------------------------------------------------------------------------- Neopets Battledome


def _neopets_db():
    from decks.selectors import neopets_card_records
    from gameplay.engine.neopets import CardDB

    return CardDB.from_records(neopets_card_records())  # the imported Neopets cards, effects included


def _neopets_build():
    from gameplay.engine.neopets import NeopetsGame

    return NeopetsGame(_neopets_db())


def _neopets_state_from_json(text: str):
    from gameplay.engine.neopets import State

    return State.from_json(text)


def _neopets_random_deck(seed: int) -> dict:
    from gameplay.engine.neopets.decks import random_deck

    return random_deck(_neopets_db(), seed)[0]


_NEOPETS_ZONES = {"neopet": "neopets", "rainbow": "rainbow", "main": "main"}  # decklist zone -> engine deck (2.2-2.4)


def _neopets_deck_from_entries(entries: list[dict]) -> dict:
    """A validated Neopets decklist's resolved entries (card GUID, qty, zone) in the engine's deck form."""
    deck: dict[str, list[str]] = {"neopets": [], "rainbow": [], "main": []}
    for e in entries:
        if not e.get("card"):
            raise ValueError(f"the decklist line {e.get('name')!r} names no card")
        zone = _NEOPETS_ZONES.get(e.get("zone") or "main")
        if zone is None:
            raise ValueError(f"the decklist line {e.get('name')!r} is in an unknown zone {e.get('zone')!r}")
        deck[zone] += [str(e["card"]).removeprefix("neopets:")] * int(e.get("qty") or 0)
    if not deck["neopets"]:
        raise ValueError("the decklist has no Neopet Deck (2.2)")
    return deck


def _neopets_summary(state) -> dict:
    d = state.d
    return {"in_setup": d["phase"] == "setup", "first_player": d["first"], "turn": d["turn"],
            "turn_player": d["active"], "scores": [p["rounds_won"] for p in d["players"]],
            "time_called": bool(d["time_called"])}


def _neopets_bot_pick(rng: int, acts: list[Action]) -> tuple[int, Action]:
    from gameplay.engine.neopets.selfplay import pick

    return pick(rng, acts)


register(EngineAdapter(
    name="neopets", label="Neopets Battledome", build=_neopets_build, state_from_json=_neopets_state_from_json,
    filter_events=filter_events, random_deck=_neopets_random_deck, deck_from_entries=_neopets_deck_from_entries,
    bot_pick=_neopets_bot_pick, summary=_neopets_summary, source_dir=Path(__file__).resolve().parent / "engine" / "neopets",
))
