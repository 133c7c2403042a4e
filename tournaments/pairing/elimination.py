"""Single-elimination top cut after the Swiss rounds.

MLP floor rules, "Tier 1 Rules" / "Elimination Rounds": events of 16 or fewer
players cut to the top 4, 17 or more to the top 8 (the event's size: players
who started); highest seed meets lowest seed,
single elimination until one player remains. "End of Match Procedures":
elimination matches may not end in a draw (another game is played), so a
drawn result is refused. Match length: one game ("Match Structure"; Tier 2
"Elimination Rounds ... single-game matches"), best two of three at Tier 3.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from .models import MatchRecord, PairingError
from .standings import Standing


@dataclass(frozen=True)
class BracketMatch:
    """One elimination match: ``a`` holds the better seed ``seed_a``."""

    slot: int
    seed_a: int
    a: str
    seed_b: int
    b: str


@dataclass(frozen=True)
class Bracket:
    """A single-elimination bracket.

    ``seeds[k]`` is the player id of seed ``k + 1``. ``rounds`` holds the
    pairings of every round played or in progress (the last one is current,
    see :attr:`pairings`); ``winners`` the winners of each finished round.
    ``champion`` is set once the final has been reported.
    """

    size: int
    best_of: int
    seeds: tuple[str, ...]
    rounds: tuple[tuple[BracketMatch, ...], ...]
    winners: tuple[tuple[str, ...], ...] = ()
    champion: str | None = None

    @property
    def pairings(self) -> tuple[BracketMatch, ...]:
        """Pairings of the current round (empty once there is a champion)."""
        return () if self.champion is not None else self.rounds[-1]


def elimination_best_of(tier: int) -> int:
    """Games per elimination match by event tier: Tier 1 one game ("Match
    Structure": one game match), Tier 2 one game ("Elimination Rounds ...
    single-game matches"), Tier 3 best two of three."""
    if tier not in (1, 2, 3):
        raise PairingError(f"event tier must be 1, 2 or 3, got {tier!r}")
    return 3 if tier == 3 else 1


def top_cut_wanted(event_size: int) -> int:
    """The floor rules' cut for an event of ``event_size`` players (Tier 1 Rules, "Elimination Rounds":
    "For events with 16 or fewer players, only the top four ... For events with 17 or more players, the
    top eight"). The event's size is the players who started it, not those still in at the end."""
    return 4 if event_size <= 16 else 8


@dataclass(frozen=True)
class TopCut:
    """A top cut: ``wanted`` (by the event's size or the organiser's choice) and ``size``, what the
    players still in allow (the largest power of two not above them, never more than ``wanted``)."""

    wanted: int
    size: int
    event_size: int
    active: int

    @property
    def short(self) -> bool:
        """The active field was too small for the cut that was wanted."""
        return self.size < self.wanted

    def describe(self) -> str:
        text = f"Top {self.size} cut from {self.event_size} players"
        if self.short:
            text += (f": a top {self.wanted} was due, but only {self.active} player"
                     f"{'s are' if self.active != 1 else ' is'} still in, so the cut is to the top {self.size}")
        return text + "."


def top_cut_plan(*, active: int, event_size: int, requested: int | None = None) -> TopCut:
    """The top cut for an event that started with ``event_size`` players, ``active`` of them still in.
    ``requested`` (the organiser's choice) must be a power of two >= 2; otherwise the floor rules' size
    by the event's size (:func:`top_cut_wanted`). When too few players are still in, the cut shrinks to
    the largest power of two not above them (0: no cut possible)."""
    if active < 0 or event_size < active:
        raise PairingError(f"need 0 <= active players ({active}) <= event size ({event_size})")
    if requested is not None and (requested < 2 or requested & (requested - 1)):
        raise PairingError(f"top cut size must be a power of two (2, 4, 8, ...), got {requested}")
    wanted = requested if requested is not None else top_cut_wanted(event_size)
    size = wanted
    while size > active:
        size //= 2
    return TopCut(wanted=wanted, size=size if size >= 2 else 0, event_size=event_size, active=active)


def top_cut_size(player_count: int, override: int | None = None, *, event_size: int | None = None) -> int:
    """Number of players in the top cut.

    Default: :func:`top_cut_wanted` of ``event_size`` (the players who started; defaults to
    ``player_count``) - but never more than the largest power of two not above ``player_count``, the
    players still active (3 players cut to 2; 1 or 0 players: no cut, 0). ``override`` (an organiser's
    choice) must be a power of two >= 2 and not larger than the field.
    """
    if player_count < 0:
        raise PairingError(f"player count must not be negative, got {player_count}")
    if override is not None:
        if override < 2 or override & (override - 1):
            raise PairingError(f"top cut size must be a power of two (2, 4, 8, ...), got {override}")
        if override > player_count:
            raise PairingError(f"top cut of {override} is larger than the field of {player_count} players")
        return override
    return top_cut_plan(active=player_count, event_size=max(event_size or 0, player_count)).size


def bracket_order(size: int) -> list[int]:
    """Seed numbers in bracket order: for 8 -> [1, 8, 4, 5, 2, 7, 3, 6], i.e.
    first-round matches 1-8, 4-5, 2-7, 3-6, so seeds 1 and 2 can only meet in
    the final if both keep winning."""
    order = [1]
    while len(order) < size:
        n = 2 * len(order)
        order = [x for s in order for x in (s, n + 1 - s)]
    return order


def bracket_seed(standings: Sequence[Standing | str], size: int, *, best_of: int = 1) -> Bracket:
    """Seed a bracket from the final Swiss standings (best first).

    Dropped players are skipped (the next player moves up). ``standings``
    may also be plain player ids in seed order. Returns a :class:`Bracket`
    whose :attr:`Bracket.pairings` are the first-round matches, highest seed
    against lowest seed.
    """
    if size < 2 or size & (size - 1):
        raise PairingError(f"top cut size must be a power of two (2, 4, 8, ...), got {size}")
    if best_of not in (1, 3, 5):
        raise PairingError(f"best_of must be 1, 3 or 5, got {best_of}")
    ordered = sorted(standings, key=lambda s: s.rank) if standings and not isinstance(standings[0], str) else standings
    ids: list[str] = []
    for s in ordered:
        if isinstance(s, str):
            ids.append(s)
        elif not s.dropped:
            ids.append(s.id)
    if len(set(ids)) != len(ids):
        raise PairingError("standings list a player twice")
    if len(ids) < size:
        raise PairingError(f"top cut of {size} needs {size} players still in the event, only {len(ids)} left")
    seeds = tuple(ids[:size])
    order = bracket_order(size)
    matches = tuple(
        BracketMatch(slot=k + 1, seed_a=order[2 * k], a=seeds[order[2 * k] - 1], seed_b=order[2 * k + 1], b=seeds[order[2 * k + 1] - 1])
        for k in range(size // 2)
    )
    return Bracket(size=size, best_of=best_of, seeds=seeds, rounds=(matches,))


def bracket_advance(bracket: Bracket, results: Iterable[MatchRecord] | dict[str, str]) -> Bracket:
    """Record the results of the current round and return the updated bracket.

    ``results`` is either :class:`MatchRecord` objects (``a``/``b`` the two
    players in any order, ``winner`` the winner) or a mapping from each
    match's player (either one) to its winner. Every current match needs
    exactly one result. A draw (``winner`` None) is refused: elimination
    matches cannot end in a draw ("End of Match Procedures" - another game is
    played). The next round pairs winners of adjacent matches (fixed
    bracket); after the final, ``champion`` is set.
    """
    if bracket.champion is not None:
        raise PairingError(f"the bracket is finished; champion {bracket.champion!r}")
    current = bracket.rounds[-1]
    by_player = {}
    for m in current:
        by_player[m.a] = m
        by_player[m.b] = m
    winner_of: dict[int, str] = {}
    items: list[tuple[str, str | None, str | None]]
    if isinstance(results, dict):
        items = [(k, None, v) for k, v in results.items()]
    else:
        items = []
        for r in results:
            if r.b is None:
                raise PairingError(f"no byes in elimination rounds (result for {r.a!r} has no opponent)")
            if r.double_loss:
                raise PairingError(
                    f"match {r.a!r} vs {r.b!r}: a single-elimination match needs a winner, not a double loss"
                )
            items.append((r.a, r.b, r.winner))
    for a, b, w in items:
        if a not in by_player:
            raise PairingError(f"{a!r} does not play in the current elimination round")
        m = by_player[a]
        if b is not None and {a, b} != {m.a, m.b}:
            raise PairingError(f"{a!r} plays {(m.b if a == m.a else m.a)!r} in this round, not {b!r}")
        if w is None:
            raise PairingError(
                f"match {m.a!r} vs {m.b!r}: elimination matches cannot end in a draw; play another game"
            )
        if w not in (m.a, m.b):
            raise PairingError(f"match {m.a!r} vs {m.b!r}: winner {w!r} did not play in it")
        if m.slot in winner_of and winner_of[m.slot] != w:
            raise PairingError(f"match {m.a!r} vs {m.b!r} has conflicting results")
        winner_of[m.slot] = w
    missing = [m for m in current if m.slot not in winner_of]
    if missing:
        names = ", ".join(f"{m.a!r} vs {m.b!r}" for m in missing)
        raise PairingError(f"missing elimination result(s): {names}")
    seed_of = {pid: k + 1 for k, pid in enumerate(bracket.seeds)}
    winners = tuple(winner_of[m.slot] for m in current)
    if len(winners) == 1:
        return Bracket(
            size=bracket.size,
            best_of=bracket.best_of,
            seeds=bracket.seeds,
            rounds=bracket.rounds,
            winners=bracket.winners + (winners,),
            champion=winners[0],
        )
    nxt = []
    for k in range(len(winners) // 2):
        x, y = winners[2 * k], winners[2 * k + 1]
        if seed_of[y] < seed_of[x]:
            x, y = y, x
        nxt.append(BracketMatch(slot=k + 1, seed_a=seed_of[x], a=x, seed_b=seed_of[y], b=y))
    return Bracket(
        size=bracket.size,
        best_of=bracket.best_of,
        seeds=bracket.seeds,
        rounds=bracket.rounds + (tuple(nxt),),
        winners=bracket.winners + (winners,),
    )
