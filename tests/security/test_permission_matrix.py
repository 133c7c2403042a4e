"""The permission matrix of the writes this suite adds (the event operations' matrix is in
tests/tournaments/test_permissions.py): every role tries every write; only the allowed ones get through.
Accepting a role is the named person's own act: anyone else is told nobody offered it to them
(tests/security/test_roles_and_names.py)."""
from __future__ import annotations

import pytest
from rest_framework.test import APIClient

from tournaments import services
from tournaments.models import EventRole

pytestmark = pytest.mark.django_db

ROLES = ["organiser", "head_judge", "floor_judge", "player", "other_player", "named_judge", "anonymous"]

# write: (roles allowed, method+url builder, body builder)
WRITES = {
    "unlock_login": ({"organiser"}, lambda c: f"/api/events/{c['slug']}/actions/unlock_login/", lambda c: {"username": "player1"}),
    "assign_judge": ({"organiser"}, lambda c: f"/api/events/{c['slug']}/actions/assign_judge/", lambda c: {"username": "player3", "role": "floor_judge"}),
    "settings_as_named_judge": ({"organiser", "head_judge"}, lambda c: f"/api/events/{c['slug']}/actions/settings/", lambda c: {"swiss_rounds": 4}),
    "publish_decklists": ({"organiser"}, lambda c: f"/api/decklists/{c['slug']}/publish/", lambda c: {}),
    "create_event": ({"organiser"}, lambda c: "/api/events/", lambda c: {"name": "Another", "format": "mlp-harmony", "starts_at": "2027-01-01T10:00:00Z"}),
}


@pytest.fixture
def ctx(running_event, make_user, organiser, head_judge, floor_judge, players, act):
    event, regs = running_event(n=4)
    named = make_user("named_judge")
    services.event_assign_role(event=event, by=organiser, user=named, role="floor_judge")
    other = make_user("other_player")
    return {"slug": event.slug, "event": event, "users": {
        "organiser": organiser, "head_judge": head_judge, "floor_judge": floor_judge, "player": regs[0].player,
        "other_player": other, "named_judge": named, "anonymous": None,
    }}


@pytest.mark.parametrize("role", ROLES)
@pytest.mark.parametrize("write", sorted(WRITES))
def test_each_role_may_do_only_its_own_writes(ctx, role, write):
    allowed, url, body = WRITES[write]
    client = APIClient()
    if ctx["users"][role] is not None:
        client.force_authenticate(ctx["users"][role])
    r = client.post(url(ctx), body(ctx), format="json")
    if role in allowed:
        assert r.status_code in (200, 201, 400, 409), r.content  # 400/409: allowed, but the state says no
    else:
        assert r.status_code in (401, 403), (r.status_code, r.content)


def test_a_named_judge_holds_the_role_only_after_accepting(ctx):
    named = ctx["users"]["named_judge"]
    assert EventRole.objects.get(event=ctx["event"], user=named).accepted_at is None
    client = APIClient()
    client.force_authenticate(named)
    assert client.post(f"/api/events/{ctx['slug']}/actions/accept_role/", {"role": "floor_judge"}, format="json").status_code == 200
    m = ctx["event"].registrations.first()
    r = client.post(f"/api/events/{ctx['slug']}/actions/penalty/",
                    {"registration": m.id, "kind": "procedural_error", "infraction": "Late"}, format="json")
    assert r.status_code == 200, r.content
