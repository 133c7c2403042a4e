"""Permissions are enforced on the server for every action: one test per role per action (REST API)."""
from __future__ import annotations

import pytest
from rest_framework.test import APIClient

from tournaments import services
from tournaments.models import Appeal, Registration

pytestmark = pytest.mark.django_db

ROLES = ["organiser", "head_judge", "floor_judge", "player", "other_player", "anonymous"]

# action: (roles allowed, body builder)
ACTIONS = {
    "open_registration": ({"organiser"}, lambda ctx: {}),
    "next_round": ({"organiser", "head_judge"}, lambda ctx: {}),
    "top_cut": ({"organiser"}, lambda ctx: {}),
    "finish": ({"organiser"}, lambda ctx: {}),
    "publish": ({"organiser"}, lambda ctx: {}),
    "late_entry": ({"organiser"}, lambda ctx: {"username": "latecomer", "policy": "byes"}),
    "settings": ({"organiser", "head_judge"}, lambda ctx: {"swiss_rounds": 5}),
    "record_result": ({"head_judge", "floor_judge"}, lambda ctx: {"match": ctx["match"].id, "result": "a"}),
    "correct_result": ({"head_judge"}, lambda ctx: {"match": ctx["match"].id, "result": "b", "reason": "slip"}),
    "add_time": ({"head_judge", "floor_judge"}, lambda ctx: {"match": ctx["match"].id, "minutes": 5}),
    "present_waive": ({"head_judge", "floor_judge"}, lambda ctx: {"match": ctx["match"].id, "waive": True}),
    "end_of_match": ({"head_judge", "floor_judge"}, lambda ctx: {"match": ctx["match"].id, "points_a": 1, "points_b": 2}),
    "penalty": ({"head_judge", "floor_judge"}, lambda ctx: {"registration": ctx["match"].player_b_id, "kind": "game_warning", "infraction": "Slow play"}),
    "penalty_dq": ({"head_judge"}, lambda ctx: {"registration": ctx["match"].player_b_id, "kind": "disqualification", "infraction": "Cheating"}),
    "repair": ({"head_judge"}, lambda ctx: {"round": 1, "reason": "wrong list"}),
    "concede": ({"player"}, lambda ctx: {"match": ctx["match"].id}),
    "report": ({"player"}, lambda ctx: {"match": ctx["match"].id, "result": "a"}),
    "drop_other": ({"organiser", "head_judge"}, lambda ctx: {"registration": ctx["match"].player_b_id}),
    "decide_appeal": ({"head_judge"}, lambda ctx: {"appeal": ctx["appeal"].id, "upheld": True, "decision": "upheld"}),
}
OP_NAME = {"present_waive": "present", "penalty_dq": "penalty", "drop_other": "drop"}


@pytest.mark.parametrize("role", ROLES)
@pytest.mark.parametrize("action", sorted(ACTIONS))
def test_each_role_may_do_only_its_own_actions(paired_round, organiser, head_judge, floor_judge, make_user, act, action, role):
    event, regs, rnd = paired_round(online=True)
    matches = list(rnd.matches.filter(player_b__isnull=False).order_by("table"))
    match = matches[0]
    make_user("latecomer")
    appeal = Appeal.objects.create(event=event, registration=match.player_a, ruling="ruling", floor_judge=floor_judge)
    if action == "correct_result":
        act(services.match_record_result, match=match, by=floor_judge, result="a")
    users = {
        "organiser": organiser, "head_judge": head_judge, "floor_judge": floor_judge,
        "player": match.player_a.player, "other_player": matches[1].player_a.player, "anonymous": None,
    }
    allowed, body = ACTIONS[action]
    client = APIClient()
    if users[role] is not None:
        client.force_authenticate(users[role])
    url = f"/api/events/{event.slug}/actions/{OP_NAME.get(action, action)}/"
    response = client.post(url, body({"match": match, "appeal": appeal}), format="json")
    if role in allowed:
        assert response.status_code in (200, 400), response.content  # 400: allowed, but the event's state says no
        assert response.status_code != 403
    else:
        assert response.status_code == 403, response.content


def test_a_players_drop_and_a_result_in_another_event_are_not_found(paired_round, floor_judge, act):
    event, regs, rnd = paired_round()
    client = APIClient()
    client.force_authenticate(floor_judge)
    response = client.post(f"/api/events/{event.slug}/actions/record_result/", {"match": 999999, "result": "a"}, format="json")
    assert response.status_code == 404


def test_a_player_drops_themself_through_the_api(paired_round):
    event, regs, rnd = paired_round()
    client = APIClient()
    client.force_authenticate(regs[0].player)
    response = client.post(f"/api/events/{event.slug}/actions/drop/", {}, format="json")
    assert response.status_code == 200
    assert Registration.objects.get(pk=regs[0].pk).status == "dropped"


def test_the_api_creates_an_event_and_runs_it(harmony, organiser, make_user):
    game, fmt = harmony
    client = APIClient()
    assert client.post("/api/events/", {}, format="json").status_code == 403
    client.force_authenticate(organiser)
    r = client.post("/api/events/", {"name": "API Cup", "format": fmt.slug, "tier": 1, "starts_at": "2030-01-01T10:00:00Z"}, format="json")
    assert r.status_code == 201, r.content
    slug = r.json()["slug"]
    assert client.post(f"/api/events/{slug}/actions/open_registration/", {}, format="json").json()["status"] == "registration_open"
    player = make_user("api_player")
    pc = APIClient()
    pc.force_authenticate(player)
    assert pc.post(f"/api/events/{slug}/actions/register/", {}, format="json").status_code == 200
    state = pc.get(f"/api/events/{slug}/state/").json()
    assert state["me"]["status"] == "registered"
    bad = client.post(f"/api/events/{slug}/actions/start/", {}, format="json")
    assert bad.status_code == 400 and "cannot go from registration open" in bad.json()["detail"]


def test_a_refused_action_is_not_shown_again_on_the_next_page(paired_round, players, client):
    event, regs, rnd = paired_round()
    client.force_login(players[0])
    for _ in range(6):
        assert client.post(f"/events/{event.slug}/do/settings/", {"top_cut": "4"}).status_code == 403
    page = client.get(f"/events/{event.slug}/")
    assert [str(m) for m in page.context["messages"]] == []
