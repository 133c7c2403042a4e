"""The draft's hot path as SQL statements (limited/statements.py): what a pick takes, and how few statements it costs."""
from __future__ import annotations

import re

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from limited import draft, selectors, services
from limited.models import DraftPick, OpenedPack, Pod

pytestmark = pytest.mark.django_db


def _drafting_pod(act, organiser, limited_event, players: int = 2) -> Pod:
    event = limited_event(players)
    act(services.limited_configure, event=event, by=organiser, kind="booster_draft", preset_key="premiere-draft",
        pick_timer_max=0, review_seconds=0)
    act(draft.draft_seat_pods, event=event, by=organiser)
    act(draft.draft_start, event=event, by=organiser)
    return Pod.objects.get(limited__event=event)


def _statements(queries: CaptureQueriesContext) -> list[str]:
    """The statements that did the work: the savepoints a test's own transaction adds around them left out."""
    return [q["sql"] for q in queries.captured_queries if "SAVEPOINT" not in q["sql"].upper()]


def test_a_pick_takes_one_copy_of_a_card_the_pack_holds_twice(act, organiser, limited_event):
    pod = _drafting_pod(act, organiser, limited_event)
    seat = pod.seats.select_related("pod").first()
    pack = draft.pack_in_front_of(pod, seat)
    twice = pack.remaining[0]
    pack.remaining = [twice, *pack.remaining[1:], twice]  # two copies of a Common
    pack.save(update_fields=["remaining"])
    act(draft.draft_pick, seat=seat, card=twice, pack_number=0, pick_number=0, by=seat.player)
    left = OpenedPack.objects.get(pk=pack.pk).remaining
    assert left == pack.remaining[1:] and left.count(twice) == 1
    assert DraftPick.objects.get(seat=seat).card.guid == twice


def test_a_second_pick_at_the_same_step_takes_nothing_and_leaves_the_transaction_usable(act, organiser, limited_event):
    pod = _drafting_pod(act, organiser, limited_event)
    seat = pod.seats.select_related("pod").first()
    pack = draft.pack_in_front_of(pod, seat)
    first, second = pack.remaining[:2]
    act(draft.draft_pick, seat=seat, card=first, pack_number=0, pick_number=0, by=seat.player)
    with pytest.raises(services.LimitedError, match="already picked from this pack"):
        act(draft.draft_pick, seat=seat, card=second, pack_number=0, pick_number=0, by=seat.player)
    assert OpenedPack.objects.get(pk=pack.pk).remaining == pack.remaining[1:]  # the refused pick took nothing
    assert list(DraftPick.objects.filter(seat=seat).values_list("card__guid", flat=True)) == [first]


def test_a_pick_that_leaves_the_step_open_is_two_statements_on_postgresql(act, organiser, limited_event):
    """One statement takes the card and records the pick; one counts the step after commit (limited.statements)."""
    if connection.vendor != "postgresql":
        pytest.skip("the single-statement pick is PostgreSQL's; other databases take the ORM path")
    pod = _drafting_pod(act, organiser, limited_event)
    seat = pod.seats.select_related("pod", "player").first()
    card = selectors.draft_view(seat)["pack"][0]["guid"]
    with CaptureQueriesContext(connection) as queries:
        taken = act(draft.draft_pick, seat=seat, card=card, pack_number=0, pick_number=0, by=seat.player,
                    notify_picker=False)
    assert len(_statements(queries)) == 2
    assert taken.pick_count == 1 and DraftPick.objects.get(pk=taken.pk).card.guid == card


def test_the_pick_that_passes_the_packs_on_within_a_pack_moves_the_pod_and_reads_the_views_in_one_statement(
        act, organiser, limited_event):
    pod = _drafting_pod(act, organiser, limited_event)
    a, b = pod.seats.select_related("pod", "player")
    act(draft.draft_pick, seat=a, card=selectors.draft_view(a)["pack"][0]["guid"], pack_number=0, pick_number=0, by=a.player)
    card = selectors.draft_view(b)["pack"][0]["guid"]
    with CaptureQueriesContext(connection) as queries:
        act(draft.draft_pick, seat=b, card=card, pack_number=0, pick_number=0, by=b.player)
    pod.refresh_from_db()
    assert (pod.pack_number, pod.pick_number, pod.step_due_at) == (0, 1, None)
    statements = _statements(queries)
    pod_updates = [s for s in statements if re.match(rf'\s*UPDATE\s+"?{Pod._meta.db_table}"?\s', s, re.IGNORECASE)]
    assert len(pod_updates) == 1  # the pod's compare-and-set
    if connection.vendor == "postgresql":  # take, count, pass on, every drafter's view
        assert len(statements) == 4
    view_a, view_b = selectors.draft_view(a), selectors.draft_view(b)
    assert view_a["pick_count"] == view_b["pick_count"] == 1 and view_a["pack"] and view_b["pack"]
