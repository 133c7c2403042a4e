"""Effects about which player acts and what is in a discard pile (ops and ``if`` conditions registered into
``effects.interpreter.EFFECTS`` / ``effects.conditions.IF_CONDITIONS``):

- ``as_most_power_here``: "the player with the most power here puts ..." -- the instructions are followed by
  the player whose characters here have the most power in all (507; with equal totals no player has the most,
  and nobody follows them);
- ``once_a_game``: "The first player to confront this Problem with ..." -- the instructions are followed the
  first time only (the card's ``fg`` flag);
- condition ``disc_has_types``: "banish a Friend, Resource, Event, and Troublemaker from your discard pile to
  ..." can only be done with one card of each type there (508.1d: all of it or none).
"""
from __future__ import annotations

from ..constants import opponent


def _push(st, fr, p, effects) -> None:
    """Run ``effects`` next in a frame of player ``p`` (the current effect counts as done)."""
    fr["i"] += 1
    st["rq"].append({"p": p, "src": fr["src"], "eff": list(effects), "i": 0, "ch": None, "lbl": "", "after": None,
                     "it": fr.get("it"), "x": fr.get("x") or {}, "rxa": fr.get("rxa")})
    fr["i"] -= 1


def power_here(self, st, area: str, p: int) -> int:
    """The total power of player ``p``'s characters at ``area`` (frightened ones have none, 504)."""
    return sum(self.power(st, o) or 0 for o in self.chars_at(st, area, p))


def _op_as_most_power_here(self, st, ev, fr, e) -> bool:
    src = st["cards"].get(fr["src"])
    if not src or src.get("z") != "play":
        return True
    p = fr["p"]
    mine, theirs = power_here(self, st, src["a"], p), power_here(self, st, src["a"], opponent(p))
    if mine != theirs:
        _push(st, fr, p if mine > theirs else opponent(p), e["effects"])
    return True


def _op_once_a_game(self, st, ev, fr, e) -> bool:
    c = st["cards"].get(fr["src"])
    if c is None or c.get("fg"):
        return True
    c["fg"] = True
    _push(st, fr, fr["p"], e["effects"])
    return True


def _cond_disc_has_types(self, st, fr, cond) -> bool:
    have = {self.types.get(st["cards"][c]["k"]) for c in st["pl"][fr["p"]]["disc"]}
    return all(t in have for t in cond["types"])


OPS = {"as_most_power_here": _op_as_most_power_here, "once_a_game": _op_once_a_game}
CONDS = {"disc_has_types": _cond_disc_has_types}
