"""Standings and tiebreakers.

Definitions (all exact rational arithmetic, rounded only for display):

* **Match points** - from the event's :class:`Scoring` table (MLP floor rules
  "Scoring": win 3, loss 1, draw 1, bye 3) plus any starting points given to a
  late entrant.
* **Match-win percentage (MWP)**, MLP style - ``(wins + byes + draws/2) /
  rounds played`` where rounds played counts byes; never below 0.33. A player
  with no rounds played has the floor value 0.33.
* **OMW%** - the average of the MWP of every opponent the player met (an
  opponent met twice counts twice). Byes are ignored (a bye is not an
  opponent). Dropped players keep counting as opponents. A player with no
  opponent has OMW 0.
* **OOMW%** - the average of the OMW% of every opponent met (0 with none).
* **Seeded random** - a stable pseudo-random order from the event seed and the
  player id (SHA-256), so ranks never tie and the same input ranks the same.

Tiebreaker systems (``tiebreakers=``):

* ``"mlp"`` (default): points, OMW%, OOMW%, seeded random.
* ``"pokemon"``: as ``"mlp"`` but MWP has a floor of 0.25 and byes are left
  out of one's own record: ``(wins + draws/2) / matches played``.
* ``"buchholz"``: points, Buchholz (sum of the opponents' match points),
  seeded random.
* ``"median-buchholz"``: points, median-Buchholz (Buchholz without the single
  highest and single lowest opponent score, when there are 3+ opponents;
  plain Buchholz otherwise), seeded random.

Whatever the system, each :class:`Standing` reports MWP/OMW/OOMW of the chosen
percentage style and the (plain) Buchholz score.
"""

from __future__ import annotations

import hashlib
import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction

from .models import (
    DEFAULT_SCORING,
    History,
    MatchRecord,
    PairingError,
    Player,
    Record,
    Scoring,
    validate_and_tally,
)

TIEBREAKER_SYSTEMS = ("mlp", "pokemon", "buchholz", "median-buchholz")

MLP_MWP_FLOOR = Fraction(33, 100)
POKEMON_MWP_FLOOR = Fraction(1, 4)


@dataclass(frozen=True)
class Standing:
    """One line of the standings. ``rank`` starts at 1 and never ties."""

    rank: int
    id: str
    points: int
    wins: int
    losses: int
    draws: int
    byes: int
    mwp: float
    omw: float
    oomw: float
    buchholz: int
    dropped: bool
    group: str | None = None


def seeded_random_key(seed: object, player_id: str) -> int:
    """Stable pseudo-random integer for the last tiebreaker (same seed, same order)."""
    digest = hashlib.sha256(f"{seed}\x00{player_id}".encode()).digest()
    return int.from_bytes(digest[:8], "big")


def match_win_percentage(rec: Record, system: str = "mlp") -> Fraction:
    """MWP of one record for a tiebreaker system (see module docstring)."""
    if system == "pokemon":
        played = rec.matches
        if played == 0:
            return POKEMON_MWP_FLOOR
        return max(POKEMON_MWP_FLOOR, Fraction(2 * rec.wins + rec.draws, 2 * played))
    played = rec.rounds_played
    if played == 0:
        return MLP_MWP_FLOOR
    return max(MLP_MWP_FLOOR, Fraction(2 * (rec.wins + rec.byes) + rec.draws, 2 * played))


def median_buchholz(opponent_points: list[int]) -> int:
    """Buchholz without the highest and lowest opponent score (3+ opponents)."""
    if len(opponent_points) < 3:
        return sum(opponent_points)
    return sum(opponent_points) - max(opponent_points) - min(opponent_points)


def _lcm(values: set[int]) -> int:
    out = 1
    for k in values:
        out = out * k // math.gcd(out, k)
    return out


def _ranking(history: History, seed: object, tiebreakers: str, need_values: bool) -> tuple[list[str], dict]:
    """Order player ids best first; optionally also return the tiebreaker
    values. Percentages are compared exactly: they are scaled to integers by
    a common multiple of every denominator that occurs, so equal percentages
    tie exactly and fall through to the next tiebreaker (no float noise)."""
    if tiebreakers not in TIEBREAKER_SYSTEMS:
        raise PairingError(
            f"unknown tiebreakers {tiebreakers!r}; expected one of {', '.join(TIEBREAKER_SYSTEMS)}"
        )
    recs = history.records
    pokemon = tiebreakers == "pokemon"
    floor = POKEMON_MWP_FLOOR if pokemon else MLP_MWP_FLOOR
    # MWP = num / den as integers (see match_win_percentage), den = 2 * played
    frac: dict[str, tuple[int, int]] = {}
    for pid, r in recs.items():
        played = r.matches if pokemon else r.rounds_played
        if played == 0:
            frac[pid] = (0, 1)
        else:
            wins = r.wins if pokemon else r.wins + r.byes
            frac[pid] = (2 * wins + r.draws, 2 * played)
    scale_p = _lcm({den for _, den in frac.values()} | {floor.denominator})
    floor_i = floor.numerator * (scale_p // floor.denominator)
    mwp_i = {pid: max(floor_i, num * (scale_p // den)) for pid, (num, den) in frac.items()}
    scale_o = _lcm({len(r.opponents) for r in recs.values() if r.opponents})
    # omw_i = OMW * scale_p * scale_o ; oomw_i = OOMW * scale_p * scale_o**2 (exact integers)
    omw_i = {
        pid: (sum(mwp_i[o] for o in r.opponents) * (scale_o // len(r.opponents)) if r.opponents else 0)
        for pid, r in recs.items()
    }
    if tiebreakers in ("buchholz", "median-buchholz"):
        if tiebreakers == "buchholz":
            second = {pid: sum(recs[o].points for o in r.opponents) for pid, r in recs.items()}
        else:
            second = {pid: median_buchholz([recs[o].points for o in r.opponents]) for pid, r in recs.items()}
        order = sorted(recs, key=lambda pid: (-recs[pid].points, -second[pid], seeded_random_key(seed, pid)))
        oomw_i = None
    else:
        oomw_i = {
            pid: (sum(omw_i[o] for o in r.opponents) * (scale_o // len(r.opponents)) if r.opponents else 0)
            for pid, r in recs.items()
        }
        order = sorted(
            recs, key=lambda pid: (-recs[pid].points, -omw_i[pid], -oomw_i[pid], seeded_random_key(seed, pid))
        )
    if not need_values:
        return order, {}
    if oomw_i is None:
        oomw_i = {
            pid: (sum(omw_i[o] for o in r.opponents) * (scale_o // len(r.opponents)) if r.opponents else 0)
            for pid, r in recs.items()
        }
    values = {
        "mwp": {pid: v / scale_p for pid, v in mwp_i.items()},
        "omw": {pid: v / (scale_p * scale_o) for pid, v in omw_i.items()},
        "oomw": {pid: v / (scale_p * scale_o * scale_o) for pid, v in oomw_i.items()},
        "buchholz": {pid: sum(recs[o].points for o in r.opponents) for pid, r in recs.items()},
    }
    return order, values


def rank_order(history: History, *, seed: object, tiebreakers: str = "mlp") -> list[str]:
    """Player ids best first (internal, cheaper than full standings)."""
    return _ranking(history, seed, tiebreakers, need_values=False)[0]


def standings_from_history(history: History, *, seed: object, tiebreakers: str = "mlp") -> list[Standing]:
    """Rank an already validated history (internal; see :func:`compute_standings`)."""
    order, v = _ranking(history, seed, tiebreakers, need_values=True)
    recs = history.records
    out = []
    for rank, pid in enumerate(order, start=1):
        r = recs[pid]
        p = history.players[pid]
        out.append(
            Standing(
                rank=rank,
                id=pid,
                points=r.points,
                wins=r.wins,
                losses=r.losses,
                draws=r.draws,
                byes=r.byes,
                mwp=round(v["mwp"][pid], 4),
                omw=round(v["omw"][pid], 4),
                oomw=round(v["oomw"][pid], 4),
                buchholz=v["buchholz"][pid],
                dropped=p.dropped,
                group=p.group,
            )
        )
    return out


def compute_standings(
    players: Sequence[Player],
    rounds: Sequence[Iterable[MatchRecord]],
    *,
    scoring: Scoring = DEFAULT_SCORING,
    seed: object = 0,
    tiebreakers: str = "mlp",
) -> list[Standing]:
    """Standings of every player (dropped ones included, marked ``dropped``).

    ``rounds`` is the list of rounds played so far, each a list of
    :class:`MatchRecord`. Raises :class:`PairingError` on invalid history.
    The order is total: ties on every real tiebreaker are broken by the
    seeded random key, so ranks run 1..N without repeats.
    """
    history = validate_and_tally(players, rounds, scoring)
    return standings_from_history(history, seed=seed, tiebreakers=tiebreakers)


# ---------------------------------------------------------------------------
# Floor rules tables
# ---------------------------------------------------------------------------

#: MLP floor rules, "Participation Minimums": 4 players to be sanctioned.
SANCTIONED_MINIMUM_PLAYERS = 4

# MLP floor rules, "Swiss Rounds" - suggested number of Swiss rounds:
# (upper bound of player count inclusive, rounds)
_SUGGESTED_ROUNDS = ((4, 3), (8, 4), (16, 5), (24, 6), (39, 7), (56, 8), (98, 9))


def suggested_swiss_rounds(player_count: int) -> int:
    """Suggested Swiss rounds per the MLP floor rules ("Swiss Rounds") table.

    4 players 3 rounds; 5-8: 4; 9-16: 5; 17-24: 6; 25-39: 7; 40-56: 8;
    57-98: 9; 99 or more: 10. Below the sanctioned minimum of 4 players
    ("Participation Minimums") there is no suggestion: returns
    ``max(player_count - 1, 0)`` (a round robin), so 3 players get 2 rounds.
    """
    if player_count < 0:
        raise PairingError(f"player count must not be negative, got {player_count}")
    if player_count < SANCTIONED_MINIMUM_PLAYERS:
        return max(player_count - 1, 0)
    for upper, rounds in _SUGGESTED_ROUNDS:
        if player_count <= upper:
            return rounds
    return 10


def is_sanctionable(player_count: int) -> bool:
    """True when the event meets the 4-player minimum ("Participation Minimums")."""
    return player_count >= SANCTIONED_MINIMUM_PLAYERS
