"""A whole online event played on the engine: 8 players (bots driving the REST API as the players),
round 1 pairing to final standings with no human result entry; decks snapshotted when registration
locks; a dropped player's match is conceded."""
from __future__ import annotations

import pytest
from rest_framework.test import APIClient

from gameplay.engine import rng as _rng
from gameplay.engines import get_engine
from gameplay.engine.api import Action
from gameplay.models import EventDeck, HostedGame, HostedMatch
from tournaments.models import AuditEntry, Match, Round
from tests.gameplay.online_fixtures import committing, eight_players, online, online_event, staff  # noqa: F401

pytestmark = [pytest.mark.django_db, pytest.mark.slow]


def _client(user) -> APIClient:
    c = APIClient()
    c.force_authenticate(user)
    return c


def _api(client: APIClient, method: str, url: str, data=None):
    with committing():  # the response's after-commit work (broadcasts, pairing, bot tasks) runs
        r = getattr(client, method)(url, data, format="json") if data is not None else getattr(client, method)(url)
    return r


class ApiBot:
    """A player played by a bot through the REST API: the weighted random policy, seeded."""

    def __init__(self, user, seed: int):
        self.client = _client(user)
        self.rng = seed & _rng.MASK

    def my_match(self) -> dict | None:
        live = [m for m in _api(self.client, "get", "/api/play/matches/").json()["results"] if m["status"] in HostedMatch.LIVE]
        return live[0] if live else None

    def step(self, game_id: int) -> bool:
        """Act once if it is my decision; True if I acted."""
        state = _api(self.client, "get", f"/api/play/games/{game_id}/state/").json()
        if not state["legal_actions"]:
            return False
        acts = [Action.from_dict(a) for a in state["legal_actions"]]
        self.rng, action = get_engine("mlp").bot_pick(self.rng, acts)
        r = _api(self.client, "post", f"/api/play/games/{game_id}/actions/", {"seq": state["seq"], "action": action.to_dict()})
        assert r.status_code == 200, r.json()
        return True


def _play_round(bots: dict[int, ApiBot], full_tables: set[int], actions_before_concede: int = 12) -> None:
    """Every live match of the round: the full tables are played to the end through the API; at the
    other tables the players play a few actions and then the player to move concedes (103.4)."""
    for user_id, bot in bots.items():
        m = bot.my_match()
        if m is None:
            continue
        tm = Match.objects.get(pk=m["tournament_match"])
        game_id = max(m["games"], key=lambda g: g["number"])["id"]
        seats = {s.index: bots[(s.registration.player_id)] for s in HostedMatch.objects.get(pk=m["id"]).seats.select_related("registration")}
        n = 0
        while HostedMatch.objects.get(pk=m["id"]).status in HostedMatch.LIVE:
            game_id = HostedGame.objects.filter(match_id=m["id"]).order_by("-number").values_list("id", flat=True).first()
            acted = seats[0].step(game_id) or seats[1].step(game_id)
            assert acted, "nobody could act in a live game"
            n += 1
            if tm.table not in full_tables and n >= actions_before_concede:
                mover = seats[0] if _api(seats[0].client, "get", f"/api/play/games/{game_id}/state/").json()["legal_actions"] else seats[1]
                assert _api(mover.client, "post", f"/api/play/matches/{m['id']}/concede/").status_code == 200
            assert n < 5000


def test_a_whole_online_event_runs_from_round_one_to_final_standings_on_the_engine(online_event, staff, eight_players):
    event = online_event()
    assert EventDeck.objects.filter(event=event).count() == 8  # snapshotted when registration locked
    organiser = _client(staff["organiser"])
    bots = {p.pk: ApiBot(p, seed=i) for i, p in enumerate(eight_players)}
    for number in (1, 2, 3):
        r = _api(organiser, "post", f"/api/events/{event.slug}/actions/next_round/", {})
        assert r.status_code == 200, r.json()
        rnd = Round.objects.get(event=event, number=number)
        assert rnd.status == "running"
        assert HostedMatch.objects.filter(tournament_match__round=rnd).count() == 4  # every pairing hosted
        _play_round(bots, full_tables={1} if number == 1 else set())
        rnd.refresh_from_db()
        assert rnd.status == "complete", [str(m) + m.status for m in rnd.matches.all()]
        for m in rnd.matches.all():
            assert m.status == "final" and m.result_source == "engine"
            hm = m.hosted
            assert m.result == {0: "a", 1: "b", None: "draw"}[hm.winner_seat]
    assert AuditEntry.objects.filter(event=event, action="engine_result").count() == 12
    played_out = HostedMatch.objects.get(tournament_match__round__number=1, tournament_match__table=1)
    assert HostedGame.objects.get(match=played_out).result_kind in ("points", "turn_cap", "draw")
    r = _api(organiser, "post", f"/api/events/{event.slug}/actions/finish/", {})
    assert r.status_code == 200, r.json()
    standings = _api(organiser, "get", f"/api/events/{event.slug}/standings/").json()
    rows = standings if isinstance(standings, list) else standings.get("rows", standings.get("standings", []))
    assert len(rows) == 8


def test_a_dropped_players_online_match_is_conceded(online_event, staff, eight_players):
    from tournaments import services

    event = online_event()
    with committing():
        services.round_start_next(event=event, by=staff["organiser"])
    tm = Match.objects.filter(round__event=event, player_b__isnull=False).order_by("table").first()
    hm = tm.hosted
    with committing():
        services.registration_drop(registration=tm.player_a, by=tm.player_a.player)
    hm.refresh_from_db()
    tm.refresh_from_db()
    assert tm.status == "final" and tm.result == "b" and tm.result_source == "drop"
    assert hm.status == "finished" and hm.winner_seat == 1
    game = HostedGame.objects.get(match=hm)
    assert game.status == "finished" and game.result_kind == "concede"


def test_a_player_without_a_legal_decklist_is_not_hosted_and_the_audit_says_why(online_event, staff, eight_players):
    from decks.models import Decklist
    from tournaments import services

    event = online_event()
    reg = event.registrations.get(player=eight_players[0])
    EventDeck.objects.filter(registration=reg).delete()
    Decklist.objects.filter(event=event, player=eight_players[0]).delete()
    with committing():
        services.round_start_next(event=event, by=staff["organiser"])
    assert HostedMatch.objects.filter(tournament_match__round__event=event).count() == 3
    assert AuditEntry.objects.filter(event=event, action="online_not_hosted").exists()


def test_an_online_event_of_a_game_without_an_engine_is_paired_as_before(monkeypatch, online_event, staff):
    from tournaments import services

    event = online_event()
    monkeypatch.setattr("gameplay.services.events.ENGINE_FOR_GAME", {"mlp": "chess"})  # no such engine registered
    with committing():
        services.round_start_next(event=event, by=staff["organiser"])
    assert Round.objects.get(event=event, number=1).status == "running"
    assert not HostedMatch.objects.filter(tournament_match__round__event=event).exists()
