"""Each event operation (``POST /api/events/<slug>/actions/<operation>/``) has a body of its own, documented
as its own path in the OpenAPI schema: the fields it reads, which are required, their limits and choices
(issue 18, item 12). A valid call goes through; bad input is a 400 naming the field, checked at the edge
(``tournaments.operation_bodies``) before any service runs."""
from __future__ import annotations

import pytest
from drf_spectacular.generators import SchemaGenerator
from rest_framework.test import APIClient

from tournaments import services
from tournaments.models import Appeal, Event
from tournaments.operation_bodies import BODIES
from tournaments.operations import OPERATIONS

PATH = "/api/events/{slug}/actions/%s/"


@pytest.fixture(scope="module")
def openapi() -> dict:
    return SchemaGenerator().get_schema(public=True)


def _request_body(openapi: dict, op: str) -> dict:
    """The operation's body (none documented for an operation without fields: it reads no body)."""
    operation = openapi["paths"][PATH % op]["post"]
    if "requestBody" not in operation:
        return {}
    ref = operation["requestBody"]["content"]["application/json"]["schema"]["$ref"]
    return openapi["components"]["schemas"][ref.rsplit("/", 1)[-1]]


# ------------------------------------------------------------------------------------------ the schema


@pytest.mark.parametrize("op", sorted(OPERATIONS))
def test_every_operation_is_a_path_with_its_own_body(openapi, op):
    body = _request_body(openapi, op)
    fields = BODIES[op][2]
    assert set(body.get("properties", {})) == set(fields)
    assert sorted(body.get("required", [])) == sorted(f for f, required in fields.items() if required)
    answers = openapi["paths"][PATH % op]["post"]["responses"]
    assert {"200", "400", "403", "404"} <= set(answers) and "409" not in answers  # the rules answer 400


# Read from the services, not from the table: what each of these operations cannot run without.
REQUIRED = {
    "unlock_login": ["username"], "register_player": ["username"], "assign_judge": ["role", "username"],
    "record_result": ["match", "result"], "report": ["match", "result"], "add_time": ["match", "minutes"],
    "end_of_match": ["match", "points_a", "points_b"], "swap_players": ["first", "reason", "round", "second"],
    "penalty": ["infraction", "kind", "registration"], "appeal": ["ruling"], "decide_appeal": ["appeal", "decision"],
    "delete_round": ["reason", "round"], "restore_round": ["round_id"], "bulk_register": ["names"],
    "start": [], "drop": [], "register": [],
}


@pytest.mark.parametrize("op", sorted(REQUIRED))
def test_the_schema_lists_what_an_operation_requires(openapi, op):
    assert sorted(_request_body(openapi, op).get("required", [])) == REQUIRED[op]


def test_the_schema_keeps_the_model_s_limits_and_choices(openapi):
    record = _request_body(openapi, "record_result")["properties"]
    assert (record["games_a"]["minimum"], record["games_a"]["maximum"]) == (0, 9)
    assert _request_body(openapi, "add_time")["properties"]["minutes"]["maximum"] == 120
    assert _request_body(openapi, "penalty")["properties"]["infraction"]["maxLength"] == 100
    assert _request_body(openapi, "settings")["properties"]["swiss_rounds"]["maximum"] == 20
    role = _request_body(openapi, "assign_judge")["properties"]["role"]
    enum = openapi["components"]["schemas"][(role.get("$ref") or role["allOf"][0]["$ref"]).rsplit("/", 1)[-1]]["enum"]
    assert sorted(enum) == ["floor_judge", "head_judge"]


def test_the_catch_all_path_is_not_in_the_schema(openapi):
    assert "/api/events/{slug}/actions/{op}/" not in openapi["paths"]
    assert len([p for p in openapi["paths"] if p.startswith("/api/events/{slug}/actions/")]) == len(OPERATIONS)


# ------------------------------------------------------------------------------------------ valid calls


@pytest.fixture
def world(paired_round, make_event, organiser, head_judge, floor_judge, make_user, act, monkeypatch):
    """A running event with round 1 paired (8 players) and a draft event of the same organiser."""
    event, regs, rnd = paired_round(online=True)
    match, other = rnd.matches.filter(player_b__isnull=False).order_by("table")[:2]
    appeal = Appeal.objects.create(event=event, registration=match.player_a, ruling="ruling", floor_judge=floor_judge)
    monkeypatch.setattr("tournaments.services.events.decklist_required", lambda event: False)
    return {"event": event, "draft": make_event(), "rnd": rnd, "match": match, "other": other, "appeal": appeal,
            "organiser": organiser, "head_judge": head_judge, "floor_judge": floor_judge, "act": act,
            "player": match.player_a.player, "opponent": match.player_b.player, "newcomer": make_user("newcomer"),
            "players": [make_user(f"drafty{i}") for i in range(4)]}


def _record_all(c):
    for m in c["rnd"].matches.filter(player_b__isnull=False):
        c["act"](services.match_record_result, match=m, by=c["floor_judge"], result="a")


def _open(c, *, register=0, check_in=False):
    c["act"](services.event_open_registration, event=c["draft"], by=c["organiser"])
    regs = [c["act"](services.registration_create, event=c["draft"], player=p) for p in c["players"][:register]]
    if check_in:
        c["act"](services.event_open_check_in, event=c["draft"], by=c["organiser"])
        for r in regs:
            c["act"](services.registration_check_in, registration=r, by=r.player)


def _open_and_delete(c):
    _open(c, register=1)
    c["deleted"] = c["draft"].registrations.get()
    _by("registration_delete", "organiser", c, registration=c["deleted"], reason="typo")


def _name_judge(c):
    c["act"](services.event_assign_role, event=c["event"], by=c["organiser"], user=c["newcomer"], role="floor_judge")


def _by(op, who, c, **kwargs):
    c["act"](getattr(services, op), by=c[who], **kwargs)


# op: (the event: "running" or "draft", who calls, body, what is done before, what it answers: 200, or "rule"
# where the event's state refuses it with the rule named (the body went past the edge))
VALID = {
    "open_registration": ("draft", "organiser", lambda c: {}, None, 200),
    "open_check_in": ("draft", "organiser", lambda c: {}, lambda c: _open(c), 200),
    "start": ("draft", "organiser", lambda c: {"swiss_rounds": 3}, lambda c: _open(c, register=4, check_in=True), 200),
    "register": ("draft", "newcomer", lambda c: {}, lambda c: _open(c), 200),
    "register_player": ("draft", "organiser", lambda c: {"username": "newcomer"}, lambda c: _open(c), 200),
    "withdraw": ("draft", "drafty0", lambda c: {}, lambda c: _open(c, register=1), 200),
    "check_in": ("draft", "organiser", lambda c: {"registration": c["draft"].registrations.get().pk},
                 lambda c: (_open(c, register=1), c["act"](services.event_open_check_in, event=c["draft"], by=c["organiser"])), 200),
    "bulk_register": ("draft", "organiser", lambda c: {"names": "newcomer\nRainbow Dash", "check_in": False}, lambda c: _open(c), 200),
    "settings": ("running", "organiser", lambda c: {"room_sound": "bell", "top_cut": 4}, None, 200),
    "next_round": ("running", "organiser", lambda c: {}, _record_all, 200),
    "pause_clocks": ("running", "head_judge", lambda c: {"reason": "fire alarm"}, None, 200),
    "resume_clocks": ("running", "head_judge", lambda c: {},
                      lambda c: _by("event_pause_clocks", "head_judge", c, event=c["event"], reason="drill"), 200),
    "swap_players": ("running", "head_judge", lambda c: {"round": 1, "first": c["match"].player_a_id,
                                                         "second": c["other"].player_a_id, "reason": "seats"}, None, 200),
    "pair_late_arrival": ("running", "head_judge", lambda c: {"round": 1, "registration": c["match"].player_a_id}, None, "rule"),
    "delete_player": ("draft", "organiser", lambda c: {"registration": c["draft"].registrations.get().pk, "reason": "typo"},
                      lambda c: _open(c, register=1), 200),
    "restore_player": ("draft", "organiser", lambda c: {"registration": c["deleted"].pk}, _open_and_delete, 200),
    "delete_round": ("running", "head_judge", lambda c: {"round": 1, "reason": "oops"}, None, 200),
    "restore_round": ("running", "head_judge", lambda c: {"round_id": c["rnd"].pk},
                      lambda c: _by("round_delete", "head_judge", c, round=c["rnd"], reason="oops"), 200),
    "delete_event": ("running", "organiser", lambda c: {"reason": "rain"}, None, 200),
    "restore_event": ("running", "organiser", lambda c: {},
                      lambda c: _by("event_delete", "organiser", c, event=c["event"], reason="rain"), 200),
    "undo_result": ("running", "floor_judge", lambda c: {"match": c["match"].pk},
                    lambda c: _by("match_record_result", "floor_judge", c, match=c["match"], result="a"), 200),
    "repair": ("running", "head_judge", lambda c: {"round": 1, "reason": "wrong seats"}, None, 200),
    "top_cut": ("running", "organiser", lambda c: {"size": 4}, None, "rule"),
    "finish": ("running", "organiser", lambda c: {}, None, "rule"),
    "publish": ("running", "organiser", lambda c: {}, None, "rule"),
    "drop": ("running", "player", lambda c: {}, None, 200),
    "late_entry": ("running", "organiser", lambda c: {"username": "newcomer", "policy": "byes"}, None, 200),
    "accept_role": ("running", "newcomer", lambda c: {"role": "floor_judge"}, _name_judge, 200),
    "decline_role": ("running", "newcomer", lambda c: {"role": "floor_judge"}, _name_judge, 200),
    "unlock_login": ("running", "organiser", lambda c: {"username": c["player"].username}, None, 200),
    "qualify": ("running", "organiser", lambda c: {"username": "newcomer"}, None, 200),
    "assign_judge": ("running", "organiser", lambda c: {"username": "newcomer", "role": "floor_judge"}, None, 200),
    "record_result": ("running", "floor_judge", lambda c: {"match": c["match"].pk, "result": "a", "games_a": 1, "games_b": 0}, None, 200),
    "correct_result": ("running", "head_judge", lambda c: {"match": c["match"].pk, "result": "b", "reason": "slip"},
                       lambda c: _by("match_record_result", "floor_judge", c, match=c["match"], result="a"), 200),
    "report": ("running", "player", lambda c: {"match": c["match"].pk, "result": "a"}, None, 200),
    "confirm": ("running", "opponent", lambda c: {"match": c["match"].pk, "agree": True},
                lambda c: _by("match_report_result", "player", c, match=c["match"], result="a"), 200),
    "concede": ("running", "player", lambda c: {"match": c["match"].pk}, None, 200),
    "add_time": ("running", "floor_judge", lambda c: {"match": c["match"].pk, "minutes": 3, "reason": "judge call"}, None, 200),
    "present": ("running", "player", lambda c: {"match": c["match"].pk}, None, 200),
    "end_of_match": ("running", "floor_judge", lambda c: {"match": c["match"].pk, "points_a": 3, "points_b": 2}, None, "rule"),
    "penalty": ("running", "floor_judge", lambda c: {"registration": c["match"].player_b_id, "kind": "game_warning",
                                                    "infraction": "Slow play"}, None, 200),
    "decklist_penalty": ("running", "floor_judge", lambda c: {"registration": c["match"].player_b_id}, None, "rule"),
    "appeal": ("running", "player", lambda c: {"ruling": "a ruling", "match": c["match"].pk}, None, 200),
    "decide_appeal": ("running", "head_judge", lambda c: {"appeal": c["appeal"].pk, "decision": "upheld", "upheld": True}, None, 200),
}


def test_every_operation_has_a_valid_call():
    assert set(VALID) == set(OPERATIONS)


def _who(c, who):
    return c[who] if who in c else next(p for p in c["players"] if p.username == who)


@pytest.mark.parametrize("op", sorted(VALID))
def test_a_valid_call_goes_through(world, op):
    where, who, body, before, answers = VALID[op]
    if before:
        before(world)
    event = world["event"] if where == "running" else world["draft"]
    client = APIClient()
    client.force_authenticate(_who(world, who))
    r = client.post(PATH.replace("{slug}", event.slug) % op, body(world), format="json")
    if answers == 200:
        assert r.status_code == 200, r.content
        assert r.json()["detail"]
    else:  # the edge took the body; the rules refuse it in words, naming no field
        assert r.status_code == 400 and "field" not in r.json() and r.json()["detail"], r.content


# ------------------------------------------------------------------------------------------ bad bodies


def _bad_value(field: str):
    """A value of the wrong kind for the field, by what the table says it is."""
    from tournaments.operation_bodies import FIELDS

    made = FIELDS[field](False)
    kind = type(made).__name__
    return {"IntegerField": "x", "ChoiceField": "nope", "BooleanField": "maybe", "CharField": {"a": 1},
            "UsernameField": "no-such-pony", "OwnTimerPresetField": 999999}[kind]


BAD = [(op, field) for op, (_, _, fields) in sorted(BODIES.items()) for field in fields]


@pytest.fixture
def draft_client(make_event, organiser):
    client = APIClient()
    client.force_authenticate(organiser)
    return make_event(), client


@pytest.mark.parametrize("op,field", BAD, ids=[f"{op}-{field}" for op, field in BAD])
def test_a_bad_value_is_a_400_naming_the_field(draft_client, op, field):
    event, client = draft_client
    r = client.post(PATH.replace("{slug}", event.slug) % op, {field: _bad_value(field)}, format="json")
    assert r.status_code == 400 and r.json()["field"], r.content
    assert f"'{field}' must be" in r.json()["detail"] or f"'{field}': " in r.json()["detail"], r.content


REQUIRED_FIELDS = [(op, field) for op, (_, _, fields) in sorted(BODIES.items()) for field, req in fields.items() if req]


@pytest.mark.parametrize("op,field", REQUIRED_FIELDS, ids=[f"{op}-{field}" for op, field in REQUIRED_FIELDS])
def test_a_missing_required_field_is_a_400_naming_it(draft_client, op, field):
    event, client = draft_client
    r = client.post(PATH.replace("{slug}", event.slug) % op, {}, format="json")
    assert r.status_code == 400 and f"'{field}' is required." in r.json()["detail"], r.content
    assert Event.objects.get(pk=event.pk).status == Event.Status.DRAFT  # nothing ran


@pytest.mark.parametrize("op", sorted(op for op, (_, _, fields) in BODIES.items() if not fields))
def test_an_operation_without_fields_refuses_a_body_that_is_not_an_object(draft_client, op):
    event, client = draft_client
    r = client.post(PATH.replace("{slug}", event.slug) % op, [1, 2], format="json")
    assert r.status_code in (400, 404) and r.json()["detail"]  # restore_event: only a deleted event is found


def test_the_old_urls_still_work(paired_round, organiser, head_judge):
    event, regs, rnd = paired_round()
    client = APIClient()
    client.force_authenticate(head_judge)
    r = client.post(f"/api/events/{event.slug}/actions/pause-clocks/", {"reason": "fire alarm"}, format="json")
    assert r.status_code == 200 and r.json()["detail"] == "Every clock is paused."
    assert client.post(f"/api/events/{event.slug}/actions/no_such_thing/", {}, format="json").status_code == 404
    client.force_authenticate(organiser)
    assert client.post(f"/api/events/{event.slug}/actions/delete-event/", {}, format="json").status_code == 200
    assert client.post(f"/api/events/{event.slug}/actions/restore-event/", {}, format="json").status_code == 200


def test_a_bulk_entry_of_more_than_200_characters_goes_through(make_event, organiser):
    """The operations' own limit for ``names`` was the 200-character default: 30 names were refused."""
    event = make_event()
    client = APIClient()
    client.force_authenticate(organiser)
    client.post(f"/api/events/{event.slug}/actions/open_registration/", {}, format="json")
    names = "\n".join(f"Pony Number {i}" for i in range(30))
    r = client.post(f"/api/events/{event.slug}/actions/bulk_register/", {"names": names}, format="json")
    assert r.status_code == 200, r.content
    assert len(r.json()["lines"]) == 30


def test_a_bulk_entry_from_the_web_form_takes_more_than_200_characters(make_event, organiser, client):
    event = make_event()
    client.force_login(organiser)
    client.post(f"/events/{event.slug}/do/open_registration/")
    names = "\n".join(f"Pony Number {i}" for i in range(30))
    client.post(f"/events/{event.slug}/do/bulk_register/", {"names": names})
    assert event.registrations.count() == 30
