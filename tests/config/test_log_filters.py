"""The console log: each line once, and a refused request (403) as one line without a traceback."""
from __future__ import annotations

import io
import logging

import pytest
from django.utils import timezone


@pytest.fixture
def console():
    """What the console handler (the root logger's, from settings.LOGGING) writes."""
    handler = next(h for h in logging.getLogger().handlers if getattr(h, "name", "") == "console")
    buffer = io.StringIO()
    old = handler.setStream(buffer)
    yield buffer
    handler.setStream(old)


def test_a_refused_page_logs_one_line_once_without_a_traceback(db, client, make_user, console, settings):
    from tournaments.models import Event

    from decks.models import Format

    fmt = Format.objects.get(slug="mlp-harmony")
    organiser = make_user("olive")
    Event.objects.create(name="Canterlot", slug="canterlot", game=fmt.game, format=fmt, tier=1, organiser=organiser,
                         status=Event.Status.REGISTRATION_OPEN, starts_at=timezone.now())
    client.force_login(make_user("pip"))
    assert client.get("/events/canterlot/judge/").status_code == 403
    lines = console.getvalue().splitlines()
    assert len(lines) == 1 and lines[0].startswith("Forbidden") and lines[0].endswith(": /events/canterlot/judge/")


def test_a_server_error_keeps_its_traceback(console):
    try:
        raise ValueError("boom")
    except ValueError:
        logging.getLogger("django.request").error("Internal Server Error: /x", exc_info=True, extra={"status_code": 500})
    assert "Traceback" in console.getvalue() and "ValueError: boom" in console.getvalue()
