"""The OpenAPI schema tells the truth: schemathesis sends generated requests to every operation of
``/api/schema/`` as an anonymous visitor, a player and the event's staff (the organiser; the head judge for a hosted game), and checks each
answer: no server error, a status code the schema documents, the documented content type and body, and
valid data (by the schema) accepted.

Bounded (``max_examples`` per operation and user) so the run stays within a few minutes; the hypothesis
database is off so every run is the same kind of sample.
"""
from __future__ import annotations

import zlib

import pytest
import schemathesis
from django.core.wsgi import get_wsgi_application
from hypothesis import HealthCheck, settings
from schemathesis.checks import not_a_server_error
from schemathesis.specs.openapi.checks import (
    content_type_conformance,
    positive_data_acceptance,
    response_schema_conformance,
    status_code_conformance,
)

pytestmark = pytest.mark.django_db(transaction=False)

schema = schemathesis.openapi.from_wsgi("/api/schema/", get_wsgi_application())
# A NUL character in any field is refused on purpose, naming the field (config/limits.py, test_limits.py):
# the schema's strings cannot say so, so valid data is generated without it.
schema.config.generation.update(allow_x00=False)


MISSING_OBJECT = ("does not exist", "Invalid pk")


def _answer_to_valid_data(response, case) -> bool:
    """A 400 that answers a schema-valid request rather than refusing it as malformed:
    - a rule or the event's state refuses it: the reason in ``detail`` (the online-play API's ``code``
      other than "malformed"), no input field named;
    - a rule across fields (``non_field_errors``: a decklist is exactly one of text, o8d, cards, a file);
    - a reference to an object that does not exist (a product id, a format slug, a judge's username): the
      schema cannot list the ids, and this is the "404" of a body's field;
    - wrong credentials at the token login (schemathesis spares operations that mint credentials).
    Anything else — a field refused for what the schema could have said (blank, range, length, type,
    choice) — is a schema that promises too much, and fails."""
    try:
        body = response.json()
    except ValueError:
        return False
    if not isinstance(body, dict) or not body:
        return False
    if isinstance(body.get("detail"), str) and not body.get("field"):
        return set(body) <= {"detail", "field", "code", "rule"} and body.get("code") != "malformed"
    if isinstance(body.get("detail"), str) and set(body) == {"detail", "field"}:  # an event operation's body
        return any(k in body["detail"] for k in MISSING_OBJECT)
    if set(body) == {"non_field_errors"}:
        return True
    messages = [m for v in body.values() for m in (v if isinstance(v, list) else [v])]
    return all(isinstance(m, str) and any(k in m for k in MISSING_OBJECT) for m in messages)


def valid_data_is_accepted(ctx, response, case):
    """Schemathesis's positive_data_acceptance (a request valid by the schema is not refused as bad input:
    no 400 for a field the schema allows, 413, 415, 422 ...), where this API's 400 for a rule is an answer."""
    if response.status_code == 400 and _answer_to_valid_data(response, case):
        return None
    return positive_data_acceptance(ctx, response, case)


CHECKS = [not_a_server_error, status_code_conformance, content_type_conformance, response_schema_conformance,
          valid_data_is_accepted]
EXAMPLES = 5


@pytest.fixture(autouse=True)
def keep_the_test_connection():
    """The WSGI handler closes "old" connections around each request, which would close the test
    transaction's; Django's test client disconnects it the same way."""
    from django.core import signals
    from django.db import close_old_connections

    signals.request_started.disconnect(close_old_connections)
    signals.request_finished.disconnect(close_old_connections)
    yield
    signals.request_started.connect(close_old_connections)
    signals.request_finished.connect(close_old_connections)


@pytest.fixture(scope="module", autouse=True)
def _worlds_first(shared_worlds):
    """The module's worlds are built before any test opens its own transaction (a module fixture is set up
    before the function ones), so each test's transaction is a savepoint inside them."""


def _world(case, request, who: str) -> dict:
    """The world the operation needs (security/conftest.py builds the three once for the module). The
    running events were started without decklists, as ``running_event`` does for its whole test.
    (The test function keeps its source: hypothesis derives its derandomized examples from it.)"""
    if who == "anonymous" and case.path.startswith("/api/events/{slug}/actions/"):
        return {"slug": "any-event", "tokens": {"anonymous": None}}  # refused (401/403) before the event is read
    worlds = request.getfixturevalue("shared_worlds")
    if case.path.startswith("/api/limited/"):
        return worlds["limited"]
    request.getfixturevalue("monkeypatch").setattr("tournaments.services.events.decklist_required", lambda event: False)
    return worlds["play"] if case.path.startswith("/api/play/") else worlds["event"]


def _aim(case, world) -> None:
    """Point path parameters at the real objects (random ids would only ever find 404)."""
    params = case.path_parameters or {}
    if "slug" in params and case.path.startswith(("/api/events/", "/api/limited/events/", "/api/play/events/")):
        params["slug"] = world["slug"]
    if "event_slug" in params:
        params["event_slug"] = world["slug"]
    if "username" in params:
        params["username"] = world["username"]
    if "id" in params and case.path.startswith("/api/play/games/"):
        params["id"] = world["game"]
    if "id" in params and case.path.startswith("/api/play/matches/"):
        waiting = case.path.endswith(("/accept/", "/cancel/"))
        params["id"] = world["challenge"] if waiting else world["match"]
    _aim_operation_body(case, world)


def _aim_operation_body(case, world) -> None:
    """An event operation's body names objects of the event (a match, a registration, round 1, a user):
    point half the examples at the real ones, so the operation runs past its "no such match" 404."""
    body = case.body
    if not case.path.startswith("/api/events/{slug}/actions/") or not isinstance(body, dict) or "operation_ids" not in world:
        return
    for field, real in world["operation_ids"].items():
        if field in body and zlib.crc32(repr(sorted(body.items(), key=str)).encode()) % 2 == 0:
            body[field] = real


@pytest.mark.parametrize("who", ["anonymous", "player", "staff"])
@schema.parametrize()
@settings(max_examples=EXAMPLES, deadline=None, database=None, derandomize=True,
          suppress_health_check=list(HealthCheck))
def test_every_answer_matches_the_schema(case, who, request):
    world = _world(case, request, who)
    _aim(case, world)
    token = world["tokens"][who]
    headers = {"Authorization": f"Token {token}"} if token else {}
    case.call_and_validate(headers=headers, checks=CHECKS)
