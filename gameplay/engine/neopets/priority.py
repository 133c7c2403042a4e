"""The small pieces of priority and the Queue shared by the turn, the battle and playing cards:
decisions, priority windows (8.1a, 3.8d), Queue entries (3.2) and resolution frames."""
from __future__ import annotations

from typing import Any


def ask(st: dict, p: int, kind: str, options: list, rule: str, **extra: Any) -> None:
    st["pending"] = {"kind": kind, "player": p, "options": options, "rule": rule, **extra}


def open_window(st: dict, then: str, first: int | None = None, *, only_if_queue: bool = False) -> None:
    """8.1a: priority passes in every phase as it attempts to end; the Active Player first (3.8d)."""
    if only_if_queue and not st["queue"]:
        st["stage"] = then
        return
    st["priority"] = {"player": st["active"] if first is None else first, "passes": 0, "then": then}


def frame(controller: int, source: str | None, effects: list, entry: dict, *, card: str | None = None,
          kind: str = "resolve", qlen: int = 0) -> dict:
    return {"kind": kind, "controller": controller, "source": source, "card": card, "effects": list(effects),
            "entry": entry, "i": 0, "answers": [], "qlen": qlen}


def new_entry(st: dict, p: int, kind: str, source: str | None, label: str, **data: Any) -> dict:
    qid = f"q{st['nid']}"
    st["nid"] += 1
    return {"id": qid, "controller": p, "kind": kind, "source": source, "label": label, **data}
