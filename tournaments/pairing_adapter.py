"""Database rows → inputs of the pure pairing engine (``tournaments.pairing``), and back.

Engine player ids are registration ids as strings. A match lost by both players (two Game Losses in
the same game, Tournament Penalties, "Game Loss") is a ``double_loss`` record: a loss for both.
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from django.db import models

from tournaments.models import Event, Match, Registration, Round
from tournaments.pairing import (
    MatchRecord,
    Player,
    Scoring,
    Standing,
    bracket_advance,
    bracket_seed,
    compute_standings,
    scoring_for_game,
)
from tournaments.pairing.elimination import Bracket
from tournaments.tiers import tier_rules

PAIRED_STATUSES = ("checked_in", "dropped", "disqualified")


def event_scoring(event: Event) -> Scoring:
    return scoring_for_game(event.game.slug)  # MLP floor rules, Scoring: W 3, L 1, DR 1, bye 3


def missed_rounds(registration: Registration) -> dict[str, int]:
    """Late entry: the missed rounds as the organiser gave them, a loss or a bye each (record and points)."""
    key = "missed_byes" if registration.late_policy == Registration.LatePolicy.BYES else "missed_losses"
    return {key: registration.late_missed_rounds}


@dataclass(frozen=True)
class Partition:
    """Groups a Swiss round is paired within (e.g. booster-draft pods): registration id -> group name, and
    the note the pairings page shows. Players in no group are paired among themselves."""

    groups: dict[int, str]
    note: str


# Apps that split an event's players for some rounds register a function (event, Swiss round number) ->
# Partition or None here (``limited`` does, for pods); the tournaments app never imports them.
PartitionProvider = Callable[[Event, int], "Partition | None"]
_partition_providers: list[PartitionProvider] = []


def register_partition_provider(provider: PartitionProvider) -> None:
    if provider not in _partition_providers:
        _partition_providers.append(provider)


def round_partition(event: Event, swiss_round: int) -> Partition | None:
    """How Swiss round ``swiss_round`` of ``event`` is split for pairing; None: the whole event together."""
    for provider in _partition_providers:
        partition = provider(event, swiss_round)
        if partition is not None:
            return partition
    return None


def engine_players(event: Event, *, groups: dict[int, str] | None = None) -> list[Player]:
    # Everyone who may be paired, plus anyone who ever played here (their results count for
    # opponents' tiebreakers whatever their registration became).
    played = set()
    for a, b in Match.objects.filter(round__event=event, round__deleted_at__isnull=True).values_list("player_a_id", "player_b_id"):
        played.update(x for x in (a, b) if x is not None)
    regs = Registration.objects.filter(event=event).filter(models.Q(status__in=PAIRED_STATUSES) | models.Q(id__in=played))
    groups = groups or {}
    return [
        Player(id=str(r.id), dropped=r.status != Registration.Status.CHECKED_IN, group=groups.get(r.id), **missed_rounds(r))
        for r in regs
    ]


def match_record(match: Match) -> MatchRecord | None:
    """The engine's view of a match with a result, None while it has none."""
    a = str(match.player_a_id)
    if match.player_b_id is None:
        return MatchRecord(a=a, b=None)
    b = str(match.player_b_id)
    if match.status != Match.Status.FINAL or not match.result:
        return None
    if match.result == Match.Result.DOUBLE_LOSS:
        return MatchRecord(a=a, b=b, winner=None, double_loss=True)
    winner = {"a": a, "b": b}.get(match.result)  # draw → None
    return MatchRecord(a=a, b=b, winner=winner)


def engine_rounds(event: Event, *, kind: str = Round.Kind.SWISS) -> list[list[MatchRecord]]:
    rounds: list[list[MatchRecord]] = []
    matches = Match.objects.filter(round__event=event, round__kind=kind, round__deleted_at__isnull=True).order_by("round__number", "table", "id")
    by_round: dict[int, list[MatchRecord]] = {}
    for r in Round.objects.filter(event=event, kind=kind).order_by("number"):
        by_round[r.id] = []
    for m in matches:
        rec = match_record(m)
        if rec is not None:
            by_round.setdefault(m.round_id, []).append(rec)
    for records in by_round.values():
        rounds.append(records)
    return rounds


def event_standings(event: Event) -> list[Standing]:
    return compute_standings(
        engine_players(event), engine_rounds(event), scoring=event_scoring(event), seed=event.seed
    )


def event_bracket(event: Event) -> Bracket | None:
    """The elimination bracket rebuilt from the stored seeds and the finished elimination rounds."""
    if not event.top_cut_seeds:
        return None
    seeds = [str(s) for s in event.top_cut_seeds]
    bracket = bracket_seed(seeds, len(seeds), best_of=tier_rules(event.tier).elimination_best_of)
    for rnd in Round.objects.filter(event=event, kind=Round.Kind.ELIMINATION, status=Round.Status.COMPLETE).order_by("number"):
        results = {}
        for m in rnd.matches.all():
            if m.winner is not None:
                results[str(m.player_a_id)] = str(m.winner.id)
        bracket = bracket_advance(bracket, results)
    return bracket
