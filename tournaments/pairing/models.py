"""Value types shared by the Swiss pairing, standings and elimination code.

Everything here is plain, immutable Python (frozen dataclasses) with no Django
dependency, so the engine can be driven from the event services, from the
command line (``python -m tournaments.pairing``) or from tests alike.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field


class PairingError(ValueError):
    """Raised for invalid input: unknown players, a player twice in a round,
    a drawn elimination match, an impossible top-cut size, ...

    The message always names what is wrong so it can be shown to an organiser.
    """


@dataclass(frozen=True)
class Scoring:
    """Match points awarded per result.

    The MLP floor rules ("Scoring") give win 3, loss 1, draw 1, bye 3
    (:data:`MLP_SCORING`); other games default to win 3, loss 0, draw 1,
    bye 3 (:data:`DEFAULT_SCORING`). An organiser may use any table per event.
    """

    win: int = 3
    loss: int = 0
    draw: int = 1
    bye: int = 3

    def __post_init__(self) -> None:
        for name in ("win", "loss", "draw", "bye"):
            value = getattr(self, name)
            if not isinstance(value, int) or isinstance(value, bool):
                raise PairingError(f"scoring: {name!r} must be an integer, got {value!r}")


#: MLP floor rules, "Scoring": Win 3, Loss 1, Draw 1, Bye (counts as a win) 3.
MLP_SCORING = Scoring(win=3, loss=1, draw=1, bye=3)
#: Default for games without their own table: win 3, loss 0, draw 1, bye 3.
DEFAULT_SCORING = Scoring(win=3, loss=0, draw=1, bye=3)
#: Scoring tables per game code; anything not listed uses DEFAULT_SCORING.
SCORING_BY_GAME: dict[str, Scoring] = {"mlp": MLP_SCORING}


def scoring_for_game(game: str | None) -> Scoring:
    """The default scoring table for a game code (``"mlp"`` -> MLP floor rules)."""
    return SCORING_BY_GAME.get((game or "").lower(), DEFAULT_SCORING)


@dataclass(frozen=True)
class Player:
    """A registered player.

    ``points`` are starting match points given to a late entrant by the
    organiser (added to what they earn; they do not count as rounds played
    for match-win percentages). ``missed_losses`` / ``missed_byes``: rounds a
    late entrant missed, given as a loss or a bye each - they count in the
    record, the points and the match-win percentage exactly like a loss or a
    bye played (so the record and the points always agree). ``group`` restricts pairing to players of the
    same group (draft pods) when ``pair_swiss(..., groups=True)``.
    Dropped players are never paired but stay in the standings.
    """

    id: str
    dropped: bool = False
    points: int = 0
    group: str | None = None
    missed_losses: int = 0
    missed_byes: int = 0


@dataclass(frozen=True)
class MatchRecord:
    """One reported Swiss match (or elimination match).

    ``b is None`` means ``a`` received the bye (``winner`` is then ignored).
    ``winner is None`` (with a ``b``) means the match was a draw, unless
    ``double_loss`` is set: both players lose (floor rules, "Game Loss": "If
    both players receive a Game Loss penalty during the same game then both
    players will receive a loss") - each scores a loss and it counts as a loss
    in both records. A double loss has no winner.
    """

    a: str
    b: str | None
    winner: str | None = None
    double_loss: bool = False

    @property
    def is_bye(self) -> bool:
        return self.b is None

    @property
    def is_draw(self) -> bool:
        return self.b is not None and self.winner is None and not self.double_loss


@dataclass
class Record:
    """Mutable per-player tally built from the history (internal)."""

    wins: int = 0
    losses: int = 0
    draws: int = 0
    byes: int = 0
    points: int = 0
    opponents: list[str] = field(default_factory=list)

    @property
    def matches(self) -> int:
        """Matches actually played against an opponent (byes excluded)."""
        return self.wins + self.losses + self.draws

    @property
    def rounds_played(self) -> int:
        """Rounds played, byes included."""
        return self.matches + self.byes


@dataclass
class History:
    """Validated tallies and meeting counts for a set of players (internal)."""

    players: dict[str, Player]
    records: dict[str, Record]
    met: dict[str, dict[str, int]]
    rounds_played: int


def validate_and_tally(
    players: Sequence[Player], rounds: Sequence[Iterable[MatchRecord]], scoring: Scoring
) -> History:
    """Check the history and compute each player's record.

    Raises :class:`PairingError` naming the problem for: duplicate player ids,
    unknown player ids in a round, a player appearing twice in one round, a
    player paired with themself, and a winner who did not play the match.
    """
    by_id: dict[str, Player] = {}
    for p in players:
        if not isinstance(p.id, str) or not p.id:
            raise PairingError(f"player id must be a non-empty string, got {p.id!r}")
        if p.id in by_id:
            raise PairingError(f"player {p.id!r} is listed twice")
        by_id[p.id] = p
    win_pts, loss_pts, draw_pts, bye_pts = scoring.win, scoring.loss, scoring.draw, scoring.bye
    records = {}
    for pid, p in by_id.items():
        if p.missed_losses < 0 or p.missed_byes < 0:
            raise PairingError(f"player {pid!r}: missed rounds must not be negative")
        records[pid] = Record(
            points=p.points + p.missed_losses * loss_pts + p.missed_byes * bye_pts,
            losses=p.missed_losses, byes=p.missed_byes,
        )
    met: dict[str, dict[str, int]] = {}
    for r_index, rnd in enumerate(rounds, start=1):
        seen: set[str] = set()
        for m in rnd:
            a, b, winner = m.a, m.b, m.winner
            if a not in by_id:
                raise PairingError(f"round {r_index}: unknown player id {a!r}")
            if a in seen:
                raise PairingError(f"round {r_index}: player {a!r} is paired twice")
            seen.add(a)
            if b is None:
                rec = records[a]
                rec.byes += 1
                rec.points += bye_pts
                continue
            if b not in by_id:
                raise PairingError(f"round {r_index}: unknown player id {b!r}")
            if a == b:
                raise PairingError(f"round {r_index}: player {a!r} is paired against themself")
            if b in seen:
                raise PairingError(f"round {r_index}: player {b!r} is paired twice")
            seen.add(b)
            ra, rb = records[a], records[b]
            ra.opponents.append(b)
            rb.opponents.append(a)
            ma = met.get(a)
            if ma is None:
                ma = met[a] = {}
            ma[b] = ma.get(b, 0) + 1
            mb = met.get(b)
            if mb is None:
                mb = met[b] = {}
            mb[a] = mb.get(a, 0) + 1
            if m.double_loss:
                if winner is not None:
                    raise PairingError(
                        f"round {r_index}: match {a!r} vs {b!r} is a double loss and cannot have a winner"
                    )
                ra.losses += 1
                rb.losses += 1
                ra.points += loss_pts
                rb.points += loss_pts
            elif winner is None:
                ra.draws += 1
                rb.draws += 1
                ra.points += draw_pts
                rb.points += draw_pts
            elif winner == a:
                ra.wins += 1
                rb.losses += 1
                ra.points += win_pts
                rb.points += loss_pts
            elif winner == b:
                rb.wins += 1
                ra.losses += 1
                rb.points += win_pts
                ra.points += loss_pts
            else:
                raise PairingError(
                    f"round {r_index}: winner {winner!r} did not play in match {a!r} vs {b!r}"
                )
    return History(players=by_id, records=records, met=met, rounds_played=len(rounds))
