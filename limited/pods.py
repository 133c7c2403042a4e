"""Pods, seating and passing in a booster draft (floor rules, Booster Draft Format). Pure functions.

"Judges will divide players into roughly equal pods; the recommended pod size is 8 players per pod. Each
pod will be seated in a circular fashion. ... Boosters are opened in order of set recency, with the most
recent set opened first. ... The first and third boosters are passed to the left, while the second and
fourth boosters are passed to the right."

Seats are numbered clockwise; passing left hands the pack to the next seat number.
"""
from __future__ import annotations

import datetime as dt
import random
from collections.abc import Sequence
from typing import TypeVar

T = TypeVar("T")
LEFT, RIGHT = 1, -1


def pod_sizes(players: int, target: int = 8) -> list[int]:
    """Roughly equal pods as close to ``target`` as they can be: 17 -> [9, 8], 12 -> [6, 6], 8 -> [8]."""
    if players <= 0:
        return []
    if target <= 0:
        raise ValueError("the pod size must be at least 1")
    low = max(1, players // target)
    candidates = {low, low + 1}

    def split(k: int) -> list[int]:
        base, extra = divmod(players, k)
        return [base + 1] * extra + [base] * (k - extra)

    def worst(k: int) -> tuple[int, int]:
        sizes = split(k)
        return (max(abs(s - target) for s in sizes), k)  # fewer pods on a tie

    return split(min((k for k in candidates if k <= players), key=worst))


def check_pod_sizes(sizes: Sequence[int], players: int) -> list[int]:
    """An organiser's override: every pod has at least 2 players and the sizes add up to the players."""
    sizes = [int(s) for s in sizes]
    if any(s < 2 for s in sizes):
        raise ValueError("every pod needs at least 2 players")
    if sum(sizes) != players:
        raise ValueError(f"the pod sizes add up to {sum(sizes)}, but {players} players are checked in")
    return sizes


def seat_pods(players: Sequence[T], sizes: Sequence[int], rng: random.Random) -> list[list[T]]:
    """Random seating: shuffle everyone, then fill the pods in order; each pod's list is its circle."""
    order = list(players)
    rng.shuffle(order)
    pods, start = [], 0
    for size in sizes:
        pods.append(order[start:start + size])
        start += size
    return pods


def pass_direction(pack_number: int) -> int:
    """Packs 1 and 3 (0 and 2 here) pass left, packs 2 and 4 pass right."""
    return LEFT if pack_number % 2 == 0 else RIGHT


def opener_of_pack_at(seat: int, *, pack_number: int, pick_number: int, pod_size: int) -> int:
    """The seat that opened the pack in front of ``seat`` at this pick (the pack has been passed
    ``pick_number`` times in the pack's direction)."""
    return (seat - pass_direction(pack_number) * pick_number) % pod_size


def next_seat(seat: int, *, pack_number: int, pod_size: int) -> int:
    return (seat + pass_direction(pack_number)) % pod_size


def draft_pack_order(packs: Sequence[str], release_dates: dict[str, dt.date | None]) -> list[str]:
    """Packs in opening order: most recent set first (stable for packs of the same set)."""
    return sorted(packs, key=lambda code: release_dates.get(code) or dt.date.min, reverse=True)


def pick_seconds(cards_left: int, pack_size: int, *, maximum: int, minimum: int) -> int:
    """The pick timer shortens as the pack empties: ``maximum`` for a full pack, down to ``minimum`` for the
    last card (0 = no timer)."""
    if maximum <= 0:
        return 0
    if pack_size <= 1:
        return maximum
    share = (cards_left - 1) / (pack_size - 1)
    return max(minimum, round(minimum + (maximum - minimum) * share))
