"""The printed faces of the cards a view names, for the game table's card frames.

There are no card images in the data: the table draws each card from its printed information
(name, type, colors, cost, power, play requirement, keywords, text) and says which lines of its
text the engine does not automate, so a player applies them by hand (manual effects).  Only cards
the view already shows are described, so nothing hidden leaves the server (505.1d, 404.1).
"""
from __future__ import annotations

from typing import Any, Iterator

from .carddb import CardDB, FaceDef


def _face(f: FaceDef) -> dict[str, Any]:
    out: dict[str, Any] = {
        "title": f.title, "subtitle": f.subtitle, "type": f.type, "colors": list(f.colors),
        "power": f.power, "cost": f.cost,
        "requirement": [{"color": c, "amount": n} for c, n in f.play_requirements],
        "traits": list(f.traits), "keywords": [k if n == 1 else f"{k} {n}" for k, n in f.keywords.items()],
        "text": f.text,
    }
    if f.type == "Problem":
        out["bonus"] = f.bonus
        out["problem_requirements"] = [{"color": c, "amount": n} for c, n in f.problem_requirements]
        out["opponent_power"] = f.problem_opponent_power
    elif f.bonus is not None:
        out["bonus"] = f.bonus  # Troublemaker points, Dilemma bonus
    if f.home_limit is not None:
        out["home_limit"] = f.home_limit
    return out


def _keys(view: dict[str, Any]) -> Iterator[str]:
    for pl in view.get("players", []):
        for zone in ("hand", "discard", "banished", "flipped", "deck", "problem_deck"):
            for c in pl.get(zone) or []:
                yield c.get("key")
        if pl.get("deck_top"):
            yield pl["deck_top"].get("key")
    for cards in view.get("areas", {}).values():
        for c in cards:
            yield c.get("key")
    pend = view.get("pending") or {}
    for c in (pend.get("cards") or {}).values():
        yield c.get("key")


def card_faces(db: CardDB, view: dict[str, Any]) -> dict[str, dict[str, Any]]:
    """``{key: {"number", "set", "front", "boosted", "automated", "manual_lines"}}`` for every card
    the view shows (face-down opposing Troublemakers have no key in the view, so they stay hidden)."""
    out: dict[str, dict[str, Any]] = {}
    for key in _keys(view):
        if not key or key in out or key not in db:
            continue
        d = db[key]
        out[key] = {"number": d.number, "set": d.set_name, "front": _face(d.front),
                    "boosted": _face(d.boosted) if d.boosted is not None else None,
                    "automated": d.automated, "manual_lines": list(d.unautomated_lines)}
        for side in ("front", "boosted"):
            if out[key][side] is not None:
                # the text of each ability, by the index an `activate` action names (609.2f)
                out[key][side]["abilities"] = [ab.get("text", "") for ab in d.abilities.get(side, ())]
    return out
