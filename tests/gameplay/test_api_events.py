"""REST for an event's online tables (/api/play/events/<slug>/): the permissions matrix of its writes
(every role tries each; only the allowed get through), bad input named, and the reads."""
from __future__ import annotations

import pytest
from rest_framework.test import APIClient

from gameplay.models import HostedMatch, OnlineEventSettings
from tests.gameplay.online_fixtures import committing, eight_players, online, online_event, staff  # noqa: F401
from tournaments import services as tournament_services
from tournaments.models import AuditEntry, Match

pytestmark = [pytest.mark.django_db]

ROLES = ["organiser", "head_judge", "floor_judge", "player", "stranger", "anonymous"]


@pytest.fixture
def ctx(online_event, staff, django_user_model):
    event = online_event()
    with committing():
        tournament_services.round_start_next(event=event, by=staff["organiser"])
    tm = Match.objects.filter(round__event=event, table=1).select_related("player_a__player").get()
    users = {**staff, "head_judge": staff["head_judge"], "player": tm.player_a.player, "anonymous": None,
             "stranger": django_user_model.objects.create_user(username="stranger", password="pony-pass-123")}
    return {"event": event, "slug": event.slug, "match": HostedMatch.objects.get(tournament_match=tm).pk, "users": users}


WRITES = {  # name: (roles allowed, method, url, body)
    "spectating": ({"organiser"}, "patch", lambda c: f"/api/play/events/{c['slug']}/", lambda c: {"spectators": "all"}),
    "publish_replays": ({"organiser"}, "post", lambda c: f"/api/play/events/{c['slug']}/publish-replays/", lambda c: {"publish": True}),
    "feature": ({"organiser", "head_judge"}, "post", lambda c: f"/api/play/events/{c['slug']}/feature/", lambda c: {"match": c["match"]}),
}


def _client(user) -> APIClient:
    client = APIClient()
    if user is not None:
        client.force_authenticate(user)
    return client


@pytest.mark.parametrize("role", ROLES)
@pytest.mark.parametrize("write", sorted(WRITES))
def test_each_role_may_do_only_its_own_writes(ctx, role, write):
    allowed, method, url, body = WRITES[write]
    r = getattr(_client(ctx["users"][role]), method)(url(ctx), body(ctx), format="json")
    if role in allowed:
        assert r.status_code == 200, r.content
    else:
        assert r.status_code == 403, (r.status_code, r.content)
        assert r.json()["code"] == "forbidden" and "Only the organiser" in r.json()["detail"]
    changed = {"spectating": OnlineEventSettings.objects.filter(event=ctx["event"], spectators="all").exists(),
               "publish_replays": OnlineEventSettings.objects.filter(event=ctx["event"], replays_published_at__isnull=False).exists(),
               "feature": HostedMatch.objects.get(pk=ctx["match"]).featured}[write]
    assert changed == (role in allowed)


def test_the_reads_and_the_changes_in_one_place(ctx):
    anyone = _client(None).get(f"/api/play/events/{ctx['slug']}/").json()
    assert anyone == {"event": ctx["slug"], "spectators": "featured", "scouting_allowed": False, "replays_published": False,
                      "replays_published_at": None, "decision_seconds": 120, "grace_seconds": 45, "featured_matches": []}
    org = _client(ctx["users"]["organiser"])
    body = org.patch(f"/api/play/events/{ctx['slug']}/", {"scouting_allowed": True}, format="json").json()
    assert body["spectators"] == "featured" and body["scouting_allowed"] is True  # a partial update keeps the rest
    body = org.post(f"/api/play/events/{ctx['slug']}/feature/", {"match": ctx["match"]}, format="json").json()
    assert body["featured_matches"] == [ctx["match"]]
    body = org.post(f"/api/play/events/{ctx['slug']}/publish-replays/", {}, format="json").json()
    assert body["replays_published"] is True and body["replays_published_at"]
    body = org.post(f"/api/play/events/{ctx['slug']}/publish-replays/", {"publish": False}, format="json").json()
    assert body["replays_published"] is False
    assert list(AuditEntry.objects.filter(event=ctx["event"], action__in=[
        "spectating_policy", "feature_table", "publish_replays", "unpublish_replays"]).values_list("action", flat=True)) == [
        "spectating_policy", "feature_table", "publish_replays", "unpublish_replays"]


@pytest.mark.parametrize("method, path, body, field", [
    ("patch", "", {"spectators": "everyone"}, "spectators"),
    ("post", "feature/", {"match": "x"}, "match"),
    ("post", "feature/", {}, "match"),
    ("post", "publish-replays/", {"publish": "perhaps"}, "publish"),
])
def test_bad_input_names_the_field(ctx, method, path, body, field):
    r = getattr(_client(ctx["users"]["organiser"]), method)(f"/api/play/events/{ctx['slug']}/{path}", body, format="json")
    assert r.status_code == 400 and field in r.json(), r.content


def test_a_match_of_another_event_or_none_is_refused_by_name(ctx):
    r = _client(ctx["users"]["organiser"]).post(f"/api/play/events/{ctx['slug']}/feature/", {"match": 999999}, format="json")
    assert r.status_code == 400 and r.json() == {"match": ["Online match 999999 does not exist in this event."]}
    assert _client(None).get("/api/play/events/no-such-event/").status_code == 404
