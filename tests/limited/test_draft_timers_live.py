"""Pick timers with a real Celery worker on Redis: the server auto-picks when a timer runs out, and a timer
that ran out while no worker ran is processed by the periodic sweep after the restart.

Uses the worker harness of ``tests/tournaments/test_celery_live.py`` (a ``celery -A config worker -B``
subprocess on this test run's database). Redis database from PONYHALL_TEST_REDIS_URL.
"""
from __future__ import annotations

import time
from datetime import timedelta

import pytest
from django.utils import timezone

from limited import draft, services
from limited.models import DraftPick, PickDeadline, Pod
from tests.tournaments.test_celery_live import _wait, broker, worker  # noqa: F401 (fixtures)

pytestmark = [pytest.mark.celery_live, pytest.mark.django_db(transaction=True)]


def test_the_worker_auto_picks_when_the_timer_runs_out_and_the_sweep_catches_up_after_a_restart(
        worker, catalog, organiser, limited_event):  # noqa: F811
    worker.start()
    event = limited_event(2)
    services.limited_configure(event=event, by=organiser, kind="booster_draft", preset_key="odyssey-draft",
                               bots_fill=True, pick_timer_max=3, pick_timer_min=3, review_seconds=0)
    draft.draft_seat_pods(event=event, by=organiser)
    draft.draft_start(event=event, by=organiser)  # the first timer goes to Redis as an ETA task after commit
    pod = Pod.objects.get(limited__event=event)
    humans = list(pod.seats.filter(bot=False))
    _wait(lambda: DraftPick.objects.filter(seat__in=humans, pick_number=0, auto=True).count() == 2, 20,
          "the worker to auto-pick pick 1 for both drafters", worker)
    assert "draft_deadline_task" in worker.log_text()
    worker.kill()  # the next timers run out while no worker runs
    kill_time = timezone.now()
    time.sleep(4)
    stuck = Pod.objects.get(pk=pod.pk)
    assert not PickDeadline.objects.filter(pod=pod, pick_number=stuck.pick_number, processed_at__isnull=False).exists()
    assert PickDeadline.objects.filter(pod=pod, processed_at__isnull=True, due_at__lte=timezone.now()).exists()
    worker.start()  # the periodic sweep (every 5 s) finds the timer that ran out
    _wait(lambda: Pod.objects.get(pk=pod.pk).pick_number > stuck.pick_number, 30, "the sweep to process the timer", worker)
    late = PickDeadline.objects.get(pod=pod, kind="pick", pick_number=stuck.pick_number)
    assert late.processed_at > kill_time + timedelta(seconds=3)
    # each step was picked exactly once per seat
    for seat in pod.seats.all():
        steps = list(DraftPick.objects.filter(seat=seat).values_list("pack_number", "pick_number"))
        assert len(steps) == len(set(steps))
    worker.kill()
