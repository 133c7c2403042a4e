"""The round clock's phases: pure functions, no database.

A round's clock is a list of phases, e.g. the online community's convention
``[{"name": "Setup", "minutes": 3}, {"name": "Play", "minutes": 35, "match_time": True},
{"name": "Game ends in", "minutes": 5}]``. Time is called (End of Match Procedures) at the end of the
last phase marked ``match_time``; the phases after it are shown on the clocks and the room display.
A round without phases has one: "Play" for the round's minutes.
"""
from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

MAX_PHASES = 6
MAX_PHASE_MINUTES = 240


class PhaseError(ValueError):
    """Phases that cannot make a round clock; the message names the phase."""


@dataclass(frozen=True)
class Phase:
    name: str
    minutes: int
    match_time: bool = False


@dataclass(frozen=True)
class PhaseNow:
    """Where a round's clock is: the phase, when it ends, and the next phase's name (None after the last)."""

    index: int
    name: str
    ends_at: datetime
    next_name: str | None


def phases_parse(raw: Any) -> list[Phase]:
    """Check and normalise phases from a form or JSON. Exactly the phases up to the last ``match_time``
    phase count towards match time; at least one phase must be match time."""
    if not isinstance(raw, list) or not raw:
        raise PhaseError("A timer needs at least one phase.")
    if len(raw) > MAX_PHASES:
        raise PhaseError(f"A timer has at most {MAX_PHASES} phases.")
    phases = []
    for i, item in enumerate(raw, start=1):
        if not isinstance(item, dict):
            raise PhaseError(f"Phase {i} must have a name and minutes.")
        name = str(item.get("name", "")).strip()[:40]
        if not name:
            raise PhaseError(f"Phase {i} needs a name.")
        try:
            minutes = int(item.get("minutes"))
        except (TypeError, ValueError):
            raise PhaseError(f"Phase {i} ({name}): minutes must be a whole number.") from None
        if not 1 <= minutes <= MAX_PHASE_MINUTES:
            raise PhaseError(f"Phase {i} ({name}): minutes must be between 1 and {MAX_PHASE_MINUTES}.")
        phases.append(Phase(name=name, minutes=minutes, match_time=bool(item.get("match_time"))))
    if not any(p.match_time for p in phases):
        raise PhaseError("Mark the phase at whose end time is called (match time), e.g. \"Play\".")
    return phases


def phases_from_text(text: str) -> list[dict[str, Any]]:
    """Phases typed one per line as ``minutes name``; the play phase is marked with a ``*``:
    ``3 Setup`` / ``35 Play *`` / ``5 Game ends in``."""
    rows = []
    for i, line in enumerate((ln.strip() for ln in text.splitlines()), start=1):
        if not line:
            continue
        star = line.endswith("*")
        head, _, name = line.rstrip("*").strip().partition(" ")
        if not head.isdigit():
            raise PhaseError(f"Line {i} ({line!r}): start with the minutes, e.g. \"35 Play *\".")
        rows.append({"name": name.strip(), "minutes": int(head), "match_time": star})
    return [phase_dict(p) for p in phases_parse(rows)]


def phase_dict(p: Phase) -> dict[str, Any]:
    return {"name": p.name, "minutes": p.minutes, "match_time": p.match_time}


def phases_default(minutes: int | None) -> list[dict[str, Any]]:
    return [{"name": "Play", "minutes": minutes, "match_time": True}] if minutes else []


def match_time_minutes(phases: list[dict[str, Any]]) -> int:
    """Minutes from the round's start until time is called."""
    last = max(i for i, p in enumerate(phases) if p.get("match_time"))
    return sum(int(p["minutes"]) for p in phases[: last + 1])


def phase_at(phases: list[dict[str, Any]], starts_at: datetime, now: datetime) -> PhaseNow | None:
    """The phase running at ``now`` (a paused room passes the moment it paused). None when the clock
    has no phases or every phase is over."""
    end = starts_at
    for i, p in enumerate(phases):
        end = end + timedelta(minutes=int(p["minutes"]))
        if now < end:
            nxt = phases[i + 1]["name"] if i + 1 < len(phases) else None
            return PhaseNow(index=i, name=p["name"], ends_at=end, next_name=nxt)
    return None


def phase_schedule(phases: list[dict[str, Any]], starts_at: datetime) -> list[dict[str, Any]]:
    """Every phase with its start and end, for the clocks in the browser."""
    out, start = [], starts_at
    for p in phases:
        end = start + timedelta(minutes=int(p["minutes"]))
        out.append({"name": p["name"], "starts_at": start.isoformat(), "ends_at": end.isoformat(),
                    "match_time": bool(p.get("match_time"))})
        start = end
    return out
