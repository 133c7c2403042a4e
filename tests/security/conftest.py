"""The security suite reuses the running-event fixtures of the tournaments tests (organiser, judges,
players, ``act``, ``make_event``, ``running_event``, ``paired_round``)."""
from __future__ import annotations

from tests.tournaments.conftest import (  # noqa: F401 (fixtures)
    act,
    eager_celery,
    harmony,
    make_event,
    paired_round,
    running_event,
)
