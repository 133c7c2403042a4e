"""Whole limited events, from creation to round 1 pairings, through the API as organiser and players."""
from __future__ import annotations

from collections import Counter

import pytest
from django.test import Client

from limited.models import LimitedEvent, Pod
from tests.limited.deck_helpers import legal_deck
from tournaments.models import Match, Round

pytestmark = pytest.mark.django_db


def _as(user) -> Client:
    c = Client()
    c.force_login(user)
    return c


def _post(client: Client, url: str, body: dict | None = None, method: str = "post"):
    response = getattr(client, method)(url, body or {}, content_type="application/json")
    assert response.status_code in (200, 201), (url, response.content)
    return response.json()


def _start_and_pair(organiser, event, django_capture_on_commit_callbacks) -> Round:
    org = _as(organiser)
    with django_capture_on_commit_callbacks(execute=True):
        _post(org, f"/api/events/{event.slug}/actions/start/")
        _post(org, f"/api/events/{event.slug}/actions/next_round/")
    return Round.objects.get(event=event, number=1)


def test_a_whole_sealed_event_from_creation_to_round_one_pairings(organiser, limited_event, django_capture_on_commit_callbacks):
    event = limited_event(8)
    org = _as(organiser)
    presets = org.get("/api/limited/presets/").json()
    assert {p["key"] for p in presets} >= {"odyssey-sealed", "premiere-sealed"}
    with django_capture_on_commit_callbacks(execute=True):
        setup = _post(org, f"/api/limited/events/{event.slug}/", {"kind": "sealed", "preset": "odyssey-sealed"}, "put")
        assert setup["packs"] == ["EO", "EO", "EO", "HM", "HM", "MT", "MT", "MT"]
        assert _post(org, f"/api/limited/events/{event.slug}/open-pools/")["pools"] == 8
    event.refresh_from_db()
    for reg in event.registrations.select_related("player"):
        me = _as(reg.player)
        pool = me.get(f"/api/limited/events/{event.slug}/pool/").json()
        assert sum(c["qty"] for c in pool["pool"]) == 96
        deck = legal_deck(event, reg.player, mane="EO1", starting_problem="EO191")
        assert _post(me, f"/api/limited/events/{event.slug}/deck/", {"cards": deck})["legal"] is True
    rnd = _start_and_pair(organiser, event, django_capture_on_commit_callbacks)
    assert rnd.matches.count() == 4 and Match.objects.filter(round=rnd, player_b__isnull=True).count() == 0


def test_a_whole_draft_event_from_creation_to_round_one_pairings(organiser, limited_event, django_capture_on_commit_callbacks):
    event = limited_event(6)
    org = _as(organiser)
    with django_capture_on_commit_callbacks(execute=True):
        _post(org, f"/api/limited/events/{event.slug}/", {"kind": "booster_draft", "preset": "premiere-draft",
                                                           "bots_fill": True, "pick_timer_max": 0, "review_seconds": 0}, "put")
        pods = _post(org, f"/api/limited/events/{event.slug}/seat-pods/")["pods"]
        assert len(pods) == 1 and len(pods[0]["seats"]) == 8
        _post(org, f"/api/limited/events/{event.slug}/start-draft/")
    players = [r.player for r in event.registrations.select_related("player")]
    clients = {p.pk: _as(p) for p in players}
    for _ in range(48):  # every human picks the first card of the pack in front of them, by the API
        for p in players:
            view = clients[p.pk].get(f"/api/limited/events/{event.slug}/draft/").json()
            if view["pack"]:
                with django_capture_on_commit_callbacks(execute=True):
                    _post(clients[p.pk], f"/api/limited/events/{event.slug}/draft/pick/", {
                        "card": view["pack"][0]["guid"], "pack_number": view["pack_number"], "pick_number": view["pick_number"]})
    assert Pod.objects.get(limited__event=event).status == "finished"
    assert LimitedEvent.objects.get(event=event).status == "building"
    for p in players:
        log = clients[p.pk].get(f"/api/limited/events/{event.slug}/draft/log/").json()["picks"]
        assert len(log) == 48
        deck = legal_deck(event, p)
        assert _post(clients[p.pk], f"/api/limited/events/{event.slug}/deck/", {"cards": deck})["legal"] is True
    export = org.get(f"/api/limited/events/{event.slug}/draft/export/")
    assert export.status_code == 200 and export.content.decode().count("\n") == 1 + 8 * 48
    rnd = _start_and_pair(organiser, event, django_capture_on_commit_callbacks)
    assert rnd.matches.count() == 3


def test_api_errors_name_the_field(organiser, limited_event):
    event = limited_event(2)
    org = _as(organiser)
    bad = org.put(f"/api/limited/events/{event.slug}/", {"kind": "sealed", "packs": ["PR"] * 3}, content_type="application/json")
    assert bad.status_code == 400 and "packs:" in bad.json()["detail"] and "Sealed Deck Format" in bad.json()["detail"]
    bad = org.put(f"/api/limited/events/{event.slug}/", {"kind": "cube"}, content_type="application/json")
    assert bad.status_code == 400 and "kind" in bad.json()


def test_a_pick_with_a_wild_pack_or_pick_number_is_a_400_naming_the_field(organiser, limited_event,
                                                                            django_capture_on_commit_callbacks):
    """Found by the schema fuzzer: a pick number beyond PostgreSQL's integer made the pick's SQL statement fail (500)."""
    event = limited_event(2)
    org = _as(organiser)
    with django_capture_on_commit_callbacks(execute=True):
        _post(org, f"/api/limited/events/{event.slug}/", {"kind": "booster_draft", "preset": "premiere-draft",
                                                           "bots_fill": True, "pick_timer_max": 0, "review_seconds": 0}, "put")
        _post(org, f"/api/limited/events/{event.slug}/seat-pods/")
        _post(org, f"/api/limited/events/{event.slug}/start-draft/")
    me = _as(event.registrations.first().player)
    view = me.get(f"/api/limited/events/{event.slug}/draft/").json()
    for field in ("pack_number", "pick_number"):
        body = {"card": view["pack"][0]["guid"], "pack_number": view["pack_number"], "pick_number": view["pick_number"],
                field: 2 ** 40}
        bad = me.post(f"/api/limited/events/{event.slug}/draft/pick/", body, content_type="application/json")
        assert bad.status_code == 400 and field in str(bad.json()), bad.content
    assert me.get(f"/api/limited/events/{event.slug}/draft/").json()["pack"] == view["pack"]  # nothing was taken


def test_the_limited_api_is_in_the_openapi_schema(client):
    schema = client.get("/api/schema/", HTTP_ACCEPT="application/json").content.decode()
    for path in ("/api/limited/presets/", "/api/limited/products/", "/api/limited/events/{slug}/draft/pick/",
                 "/api/limited/events/{slug}/deck/validate/", "/api/limited/events/{slug}/open-pools/",
                 "/api/limited/events/{slug}/seat-pods/", "/api/limited/events/{slug}/draft/export/",
                 "/api/limited/events/{slug}/deck/late/", "/api/limited/events/{slug}/missing-decks/"):
        assert path in schema


# --------------------------------------------------------------------------------------------- pods, the start
def _paper_draft_with_pools(organiser, event, *, pod_sizes, pod_rounds=0):
    """A paper booster draft, seated in ``pod_sizes``; each player gets a pool of 32 Premiere draw cards."""
    from decks.models import Card
    from limited import draft, services

    services.limited_configure(event=event, by=organiser, kind="booster_draft", preset_key="premiere-draft",
                               mode="paper", pod_sizes=pod_sizes, pod_rounds=pod_rounds)
    draft.draft_seat_pods(event=event, by=organiser)
    draft.draft_start(event=event, by=organiser)  # paper: the players draft real packs; the judges record pools
    draw = list(Card.objects.filter(game__slug="mlp", card_set__code="PR").exclude(type__in=["Mane Character", "Problem"])
                .values_list("guid", flat=True)[:32])
    for reg in event.registrations.select_related("player"):
        services.pool_record(event=event, player=reg.player, cards=draw)


def _register_decks(event, players):
    from decks.services import decklist_submit

    for player in players:
        decklist_submit(event=event, player=player, data=legal_deck(event, player))


def _pods_of(event) -> dict[int, int]:
    from limited.models import Seat

    return {reg_id: number for reg_id, number in Seat.objects.filter(pod__limited__event=event, player__isnull=False)
            .values_list("player__registrations__id", "pod__number")}


def test_draft_rounds_pair_within_pods_for_the_rounds_the_organiser_chose(organiser, head_judge, limited_event, django_capture_on_commit_callbacks):
    """Pods of 6 and 5 with pod_rounds=2: rounds 1 and 2 pair each player within their pod, the odd pod's
    bye stays in that pod, the pairings page and API say so; round 3 pairs the whole event."""
    from tournaments import services as event_services

    event = limited_event(11)
    _paper_draft_with_pools(organiser, event, pod_sizes=[6, 5], pod_rounds=2)
    _register_decks(event, [r.player for r in event.registrations.select_related("player")])
    pods = _pods_of(event)
    assert sorted(Counter(pods.values()).values()) == [5, 6]
    org = _as(organiser)
    with django_capture_on_commit_callbacks(execute=True):
        _post(org, f"/api/events/{event.slug}/actions/start/", {"swiss_rounds": 3})
    for number in (1, 2):
        with django_capture_on_commit_callbacks(execute=True):
            _post(org, f"/api/events/{event.slug}/actions/next_round/")
        rnd = Round.objects.get(event=event, number=number)
        matches = list(rnd.matches.all())
        assert all(pods[m.player_a_id] == pods[m.player_b_id] for m in matches if m.player_b_id), "a pairing across pods"
        byes = [m for m in matches if m.player_b_id is None]
        assert len(byes) == 1 and Counter(pods.values())[pods[byes[0].player_a_id]] == 5  # the odd pod's own bye
        assert byes[0].explanation.startswith(f"within pod {pods[byes[0].player_a_id]}: bye")
        note = org.get(f"/api/events/{event.slug}/pairings/?round={number}").json()["pairing_note"]
        assert note.startswith(f"Round {number} is paired within the draft pods")
        page = org.get(f"/events/{event.slug}/?tab=pairings&round={number}").content.decode()
        assert "data-pairing-note" in page and "paired within the draft pods" in page
        for m in matches:
            if m.player_b_id:
                event_services.match_record_result(match=m, by=head_judge, result="a")
    with django_capture_on_commit_callbacks(execute=True):
        _post(org, f"/api/events/{event.slug}/actions/next_round/")
    assert org.get(f"/api/events/{event.slug}/pairings/?round=3").json()["pairing_note"] is None
    assert not Round.objects.get(event=event, number=3).matches.filter(explanation__startswith="within pod").exists()


def test_pod_rounds_are_only_for_drafts(organiser, limited_event):
    event = limited_event(4)
    bad = _as(organiser).put(f"/api/limited/events/{event.slug}/", {"kind": "sealed", "preset": "premiere-sealed", "pod_rounds": 2},
                             content_type="application/json")
    assert bad.status_code == 400 and "pod_rounds: only a booster draft has pods" in bad.json()["detail"]


def test_a_limited_event_starts_only_when_every_player_has_a_legal_deck_from_their_pool(organiser, limited_event, django_capture_on_commit_callbacks):
    from decks.services import decklist_submit
    from tournaments.models import Event, Penalty, Registration

    event = limited_event(6)
    _paper_draft_with_pools(organiser, event, pod_sizes=[6])
    players = sorted((r.player for r in event.registrations.select_related("player")), key=lambda p: p.username)
    _register_decks(event, players[:4])
    too_small = legal_deck(event, players[4])[:-1]  # the last draw cards left out: under 30
    decklist_submit(event=event, player=players[4], data=too_small)
    org = _as(organiser)
    refused = org.post(f"/api/events/{event.slug}/actions/start/", {}, content_type="application/json")
    detail = refused.json()["detail"]
    assert refused.status_code == 400, detail
    assert "Limited Play, Limited Deck Construction" in detail
    assert f"{players[5].username} (no deck registered)" in detail
    assert f"{players[4].username} (deck not legal:" in detail
    assert players[0].username not in detail
    page = org.post(f"/events/{event.slug}/do/start/", {"next": f"/events/{event.slug}/admin/"}, follow=True).content.decode()
    assert "no deck registered" in page  # the same refusal on the web page, whose start form offers the choice
    assert 'name="not_ready"' in page and "warn them (Game Warning)" in page
    assert Event.objects.get(pk=event.pk).status == "check_in"
    # The organiser warns them instead: they stay in with a Game Warning each and the event starts.
    with django_capture_on_commit_callbacks(execute=True):
        _post(org, f"/api/events/{event.slug}/actions/start/", {"not_ready": "warn"})
    assert Event.objects.get(pk=event.pk).status == "swiss"
    warned = set(Penalty.objects.filter(event=event, kind="game_warning").values_list("registration__player__username", flat=True))
    assert warned == {players[4].username, players[5].username}
    assert Registration.objects.filter(event=event, status="checked_in").count() == 6


def test_the_organiser_may_drop_the_players_without_a_deck(organiser, limited_event, django_capture_on_commit_callbacks):
    from tournaments.models import Registration

    event = limited_event(6)
    _paper_draft_with_pools(organiser, event, pod_sizes=[6])
    players = sorted((r.player for r in event.registrations.select_related("player")), key=lambda p: p.username)
    _register_decks(event, players[:5])
    with django_capture_on_commit_callbacks(execute=True):
        _post(_as(organiser), f"/api/events/{event.slug}/actions/start/", {"not_ready": "drop"})
        rnd = _post(_as(organiser), f"/api/events/{event.slug}/actions/next_round/")
    assert Registration.objects.get(event=event, player=players[5]).status == "withdrawn"
    assert Round.objects.get(event=event, number=1).matches.count() == 3  # five players: two matches and a bye
