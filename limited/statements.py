"""A draft's hot path in as few SQL statements as it takes, for the moment every drafter of every pod picks at once.

``limited.draft`` and ``limited.selectors`` keep the rules; this module holds the hot path's statements, written
once as SQL because building them through the ORM cost more CPU than everything else in a pick
(``bench/draft_cost.py --profile``):

- ``take_card`` (PostgreSQL): one statement checks that the pod is at the pick's step, takes the card out of the
  pack in front of the seat and records the pick. One statement is one transaction (autocommit), so nothing is
  half done; the pack's row lock serialises it with a timer's auto-pick of the same pack, and the unique
  (seat, pack, pick) row refuses a second pick for the step. Other databases take the ORM path in
  ``limited.draft`` (the same checks in a transaction).
- ``pass_packs_on`` (any database): the pick that completes a step moves the pod to the next pick of the same pack
  with a compare-and-set on the pod's row (the common case: 11 of a pack's 12 steps), and says whether the new
  step needs more (a bot or an away drafter to pick for, a pick timer to start) — ``limited.draft`` does the rest.
- ``pod_view_rows`` (any database): everything the drafters' views are built from but their pick lists, in one
  statement (``selectors.pod_views`` decides what each drafter may see).
- ``step_counts`` (any database): after the pick committed, how many seats picked at the step and how many
  picks the seat has; counted after commit so that of two picks committing at the same moment the later one
  sees both and passes the packs on.
"""
from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import datetime, timezone
from functools import cache

from django.contrib.auth import get_user_model
from django.db import connection, transaction
from django.utils.dateparse import parse_datetime

from decks.models import Card
from limited.models import DraftPick, LimitedEvent, OpenedPack, Pod, Seat
from tournaments.models import Event


@cache
def _sql(template: str) -> str:
    """A statement with the models' table names filled in (once per process)."""
    return template.format(pack=OpenedPack._meta.db_table, seat=Seat._meta.db_table, pod=Pod._meta.db_table,
                           pick=DraftPick._meta.db_table, card=Card._meta.db_table,
                           limited=LimitedEvent._meta.db_table, event=Event._meta.db_table,
                           user=get_user_model()._meta.db_table)


# The pack's remaining GUIDs are a jsonb array that may hold a GUID twice (two copies of a Common): only the
# first copy is taken, by its position. The UPDATE re-reads the row if a concurrent pick of the same pack
# committed first (READ COMMITTED), so the position is computed on the latest list.
_TAKE_CARD = """
WITH pack AS (
    SELECT p.id FROM {pack} p JOIN {seat} s ON s.id = p.seat_id JOIN {pod} d ON d.id = s.pod_id
    WHERE s.pod_id = %(pod)s AND s.position = %(opener)s AND p."index" = %(pack_number)s
      AND d.status = %(drafting)s AND d.pack_number = %(pack_number)s AND d.pick_number = %(pick_number)s
), card AS (
    SELECT id FROM {card} WHERE guid = %(card)s
), taken AS (
    UPDATE {pack} p SET remaining = p.remaining - (
        SELECT (e.i - 1)::int FROM jsonb_array_elements_text(p.remaining) WITH ORDINALITY AS e(guid, i)
        WHERE e.guid = %(card)s ORDER BY e.i LIMIT 1)
    WHERE p.id = (SELECT id FROM pack) AND p.remaining ? %(card)s AND EXISTS (SELECT 1 FROM card)
    RETURNING p.id
), pick AS (
    INSERT INTO {pick} (seat_id, pack_number, pick_number, card_id, auto, at)
    SELECT %(seat)s, %(pack_number)s, %(pick_number)s, (SELECT id FROM card), false, %(now)s FROM taken
    RETURNING id, card_id
)
SELECT EXISTS (SELECT 1 FROM pack), (SELECT id FROM pick), (SELECT card_id FROM pick)
"""

_STEP_COUNTS = """
SELECT (SELECT count(*) FROM {pick} k JOIN {seat} s ON s.id = k.seat_id
        WHERE s.pod_id = %s AND k.pack_number = %s AND k.pick_number = %s),
       (SELECT count(*) FROM {pick} WHERE seat_id = %s)
"""

# Packs are passed on within the pack while they still hold cards (an empty pack ends it: review, next pack or
# the end, through the ORM path). Every pack of a step holds as many cards, so one non-empty pack says so. The
# step has no deadline until a pick timer, if any, sets one (limited.draft._set_pick_deadline).
# '[]' compares as jsonb on PostgreSQL and as the stored text on SQLite.
_PASS_PACKS_ON = """
UPDATE {pod} SET pick_number = pick_number + 1, step_due_at = NULL
WHERE id = %s AND status = %s AND pack_number = %s AND pick_number = %s
  AND EXISTS (SELECT 1 FROM {pack} p JOIN {seat} s ON s.id = p.seat_id
              WHERE s.pod_id = {pod}.id AND p."index" = {pod}.pack_number AND p.remaining <> '[]')
RETURNING (SELECT count(*) FROM {seat} s WHERE s.pod_id = {pod}.id AND (s.bot OR s.away)),
          (SELECT l.pick_timer_max FROM {limited} l WHERE l.id = {pod}.limited_id)
"""

# One row per seat, in seating order, each with the pod's facts: its picks (in all, and whether one is at the
# current step) and the cards left in the pack it opened at the current pack number.
_POD_VIEW_ROWS = """
SELECT d.number, d.status, d.pack_number, d.pick_number, d.step_due_at, l.packs, e.slug, e.tier,
       s.id, s.position, s.bot, u.username,
       (SELECT count(*) FROM {pick} k WHERE k.seat_id = s.id),
       (SELECT count(*) FROM {pick} k WHERE k.seat_id = s.id AND k.pack_number = d.pack_number
                                        AND k.pick_number = d.pick_number),
       (SELECT p.remaining FROM {pack} p WHERE p.seat_id = s.id AND p."index" = d.pack_number)
FROM {pod} d JOIN {limited} l ON l.id = d.limited_id JOIN {event} e ON e.id = l.event_id
     JOIN {seat} s ON s.pod_id = d.id LEFT JOIN {user} u ON u.id = s.player_id
WHERE d.id = %s ORDER BY s.position
"""


@dataclass(frozen=True)
class PodFacts:
    number: int
    status: str
    pack_number: int
    pick_number: int
    step_due_at: datetime | None
    packs: list[str]
    event: str
    tier: int


@dataclass(frozen=True)
class SeatFacts:
    """A seat of the pod; ``opened_remaining`` is the pack this seat opened (not the one in front of it)."""

    id: int
    position: int
    bot: bool
    name: str
    pick_count: int
    picked_this_step: bool
    opened_remaining: str | list | None  # JSON text until read: only the packs in front of a drafter are read


@dataclass(frozen=True)
class Taken:
    """What ``take_card`` did: ``at_step`` False when the pod is not picking that step (nothing taken);
    ``pick_id`` None when the card is not in the pack in front of the seat."""

    at_step: bool
    pick_id: int | None
    card_id: int | None


def single_statement_picks() -> bool:
    return connection.vendor == "postgresql"


def take_card(*, seat: Seat, opener: int, card: str, pack_number: int, pick_number: int, now: datetime) -> Taken:
    """Take ``card`` from the pack opened at position ``opener`` (the one in front of ``seat`` at that step) and
    record the seat's pick, in one PostgreSQL statement. Raises ``IntegrityError`` when the seat already picked
    at that step (nothing is taken then)."""
    sql = _sql(_TAKE_CARD)
    params = {"pod": seat.pod_id, "opener": opener, "pack_number": pack_number, "pick_number": pick_number,
              "drafting": Pod.Status.DRAFTING.value, "card": card, "seat": seat.pk, "now": now}
    if connection.in_atomic_block:  # inside a caller's transaction a refused pick must not break it: a savepoint
        with transaction.atomic():
            row = _fetch_one(sql, params)
    else:  # autocommit: the statement is its own transaction, with no BEGIN/COMMIT round trips
        row = _fetch_one(sql, params)
    return Taken(at_step=row[0], pick_id=row[1], card_id=row[2])


def pass_packs_on(*, pod_id: int, pack_number: int, pick_number: int) -> bool | None:
    """Every seat picked at this step and the packs still hold cards: the pod moves to the next pick (its row
    locked until the caller's transaction ends). None when it did not move (the pack is empty, or another pick or
    a timer moved it first); else whether the new step needs more than the drafters' clicks: True when a bot or
    an away drafter sits in the pod or the event has a pick timer."""
    row = _fetch_one(_sql(_PASS_PACKS_ON), [pod_id, Pod.Status.DRAFTING.value, pack_number, pick_number])
    if row is None:
        return None
    auto_seats, timer = row
    return bool(auto_seats or timer)


def pod_view_rows(pod_id: int) -> tuple[PodFacts, list[SeatFacts]]:
    """The pod and its seats as ``selectors.pod_views`` needs them, in one statement. Raises ``Pod.DoesNotExist``."""
    with connection.cursor() as cursor:
        cursor.execute(_sql(_POD_VIEW_ROWS), [pod_id])
        rows = cursor.fetchall()
    if not rows:
        raise Pod.DoesNotExist(f"pod {pod_id}")
    number, status, pack_number, pick_number, due_at, packs, event, tier = rows[0][:8]
    pod = PodFacts(number=number, status=status, pack_number=pack_number, pick_number=pick_number,
                   step_due_at=_aware(due_at), packs=read_json(packs), event=event, tier=tier)
    seats = [SeatFacts(id=seat_id, position=position, bot=bool(bot), name=Seat.name_of(username, position),
                       pick_count=count, picked_this_step=bool(now), opened_remaining=remaining)
             for seat_id, position, bot, username, count, now, remaining in (row[8:] for row in rows)]
    return pod, seats


def read_json(value):
    """A JSON column read with a plain cursor: text on SQLite and with Django's PostgreSQL settings."""
    return json.loads(value) if isinstance(value, (str, bytes)) else value



def _aware(value) -> datetime | None:
    """A datetime column read with a plain cursor (SQLite gives text or a naive UTC datetime)."""
    if isinstance(value, str):
        value = parse_datetime(value)
    if value is not None and value.tzinfo is None:
        value = value.replace(tzinfo=timezone.utc)
    return value


def step_counts(*, pod_id: int, seat_id: int, pack_number: int, pick_number: int) -> tuple[int, int]:
    """(seats of the pod that picked at this step, picks of ``seat_id`` in all), in one statement."""
    step, mine = _fetch_one(_sql(_STEP_COUNTS), [pod_id, pack_number, pick_number, seat_id])
    return step, mine


def _fetch_one(sql: str, params) -> tuple:
    with connection.cursor() as cursor:
        cursor.execute(sql, params)
        return cursor.fetchone()
