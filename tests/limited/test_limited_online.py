"""A limited event played online: the pool decks (30 draw cards, 5 Problems: Limited Deck Construction) are the
decks of the hosted games, which play to a result that reaches the standings; and the late deck registration of a
player warned at the start (``limited.late``): open until their first match needs it, their match hosted as soon as
their deck is legal, the judges' list of who is still missing, and the Tardiness Game Loss when it never comes."""
from __future__ import annotations

from datetime import timedelta

import pytest
from django.test import Client
from django.utils import timezone

from gameplay.models import EventDeck, HostedGame, HostedMatch
from gameplay.services import state_load
from tests.gameplay.online_fixtures import committing, online, play  # noqa: F401
from tests.limited.deck_helpers import legal_deck
from tournaments.models import Deadline, Match, Penalty, Round

pytestmark = [pytest.mark.django_db]


def _as(user) -> Client:
    c = Client()
    c.force_login(user)
    return c


def _api(client: Client, method: str, url: str, body: dict | None = None):
    with committing():
        return getattr(client, method)(url, body or {}, content_type="application/json")


@pytest.fixture
def online_sealed(online, organiser, head_judge, many_players):
    """``online_sealed(n, ready)``: an online Premiere-block sealed event with ``n`` players checked in, pools
    opened, and a legal pool deck registered for the first ``ready`` of them."""
    from decks.models import Format
    from limited import services as limited_services
    from tests.conftest import load_catalog
    from tournaments import services

    if not Format.objects.filter(slug="mlp-limited").exists():
        load_catalog()

    def make(n: int, ready: int):
        fmt = Format.objects.select_related("game").get(slug="mlp-limited")
        with committing():
            event = services.event_create(
                by=organiser, name="Online Sealed", game=fmt.game, format=fmt, tier=1, seed=5, structure="sealed",
                online=True, starts_at=timezone.now() + timedelta(days=1), head_judge=head_judge,
                decklist_deadline=timezone.now() + timedelta(hours=20))
            services.event_accept_role(event=event, by=head_judge, role="head_judge")
            services.event_open_registration(event=event, by=organiser)
            players = many_players(n)
            regs = [services.registration_create(event=event, player=p) for p in players]
            services.event_open_check_in(event=event, by=organiser)
            for r in regs:
                services.registration_check_in(registration=r, by=r.player)
            limited_services.limited_configure(event=event, by=organiser, kind="sealed", preset_key="premiere-sealed")
            limited_services.sealed_open_pools(event=event, by=organiser)
        event.refresh_from_db()
        for p in players[:ready]:
            r = _api(_as(p), "post", f"/api/limited/events/{event.slug}/deck/", {"cards": legal_deck(event, p)})
            assert r.status_code == 200 and r.json()["legal"], r.content
        return event, players

    return make


def _start_and_pair(organiser, event, not_ready: str = "") -> Round:
    org = _as(organiser)
    r = _api(org, "post", f"/api/events/{event.slug}/actions/start/", {"not_ready": not_ready} if not_ready else {})
    assert r.status_code == 200, r.content
    r = _api(org, "post", f"/api/events/{event.slug}/actions/next_round/")
    assert r.status_code == 200, r.content
    return Round.objects.get(event=event, number=1)


def _match_of(rnd: Round, player) -> Match:
    from django.db.models import Q

    return Match.objects.get(Q(player_a__player=player) | Q(player_b__player=player), round=rnd)


def _pool_deck(event, player) -> dict:
    """The engine form of the player's registered pool deck."""
    from gameplay.engines import get_engine

    version = event.decklists.get(player=player).current
    return get_engine("mlp").deck_from_entries(version.entries)


# --------------------------------------------------------------------------------------------- online play
def test_an_online_limited_event_plays_the_pool_decks_to_a_result_in_the_standings(online_sealed, organiser):
    event, players = online_sealed(4, ready=4)
    rnd = _start_and_pair(organiser, event)
    matches = list(rnd.matches.select_related("player_a__player", "player_b__player"))
    assert len(matches) == 2
    for tm in matches:
        hm = HostedMatch.objects.get(tournament_match=tm)
        game = HostedGame.objects.get(match=hm, number=1)
        for seat in hm.seats.select_related("registration__player"):
            pool_deck = _pool_deck(event, seat.registration.player)
            # Limited Deck Construction: 30 draw cards and five Problems (here five copies of one Starting Problem)
            assert len(pool_deck["deck"]) == 30 and len(pool_deck["problems"]) == 5
            assert EventDeck.objects.get(registration=seat.registration).deck == pool_deck
        state = state_load(game)  # the engine game started from those decks: every card of them is in play
        for index, seat in enumerate(hm.seats.order_by("index").select_related("registration__player")):
            player_state = state.d["pl"][index]
            zones = [z for z in ("deck", "hand", "discard", "home", "play") if isinstance(player_state.get(z), list)]
            assert sum(len(player_state[z]) for z in zones) >= 30 - 1, (zones, player_state.keys())
    # Both tables play on the engine, seat by seat, until the match ends; the result reaches the standings.
    for tm in matches:
        hm = HostedMatch.objects.get(tournament_match=tm)
        users = {s.index: s.registration.player for s in hm.seats.select_related("registration__player")}
        for _ in range(40):
            game = HostedGame.objects.filter(match=hm).order_by("-number").first()
            if HostedMatch.objects.get(pk=hm.pk).status not in HostedMatch.LIVE:
                break
            play(game.pk, users, max_actions=400, policy_seed=tm.table)
        hm.refresh_from_db()
        assert hm.status not in HostedMatch.LIVE, "the limited game did not reach a result"
        tm.refresh_from_db()
        assert tm.status == Match.Status.FINAL and tm.result_source == "engine" and tm.result in ("a", "b", "draw")
    points = {row["username"]: row["points"] for row in _as(organiser).get(f"/api/events/{event.slug}/standings/").json()}
    assert set(points) == {p.username for p in players}
    for tm in matches:  # Scoring: a win 3 points, a loss 1, a draw 1
        a, b = tm.player_a.player.username, tm.player_b.player.username
        assert (points[a], points[b]) == {"a": (3, 1), "b": (1, 3), "draw": (1, 1)}[tm.result]
    assert Round.objects.get(pk=rnd.pk).status == Round.Status.COMPLETE


# --------------------------------------------------------------------------------------------- late registration
def test_a_player_warned_at_the_start_registers_their_deck_late_and_their_match_is_hosted(online_sealed, organiser, head_judge):
    event, players = online_sealed(4, ready=3)
    late_player = players[3]
    rnd = _start_and_pair(organiser, event, not_ready="warn")
    assert Penalty.objects.filter(registration__player=late_player, infraction="Not ready at the start").exists()
    tm = _match_of(rnd, late_player)
    assert not HostedMatch.objects.filter(tournament_match=tm).exists()  # no deck: the match can't be hosted yet
    other = Match.objects.filter(round=rnd, player_b__isnull=False).exclude(pk=tm.pk).get()
    assert HostedMatch.objects.filter(tournament_match=other).exists()

    # The judges see who is missing and until when; another player may not see the list.
    missing = _as(head_judge).get(f"/api/limited/events/{event.slug}/missing-decks/").json()["missing"]
    tardy = Deadline.objects.get(kind="tardiness", target_id=tm.round_id)
    assert [(m["username"], m["missing"], m["warned"], m["open"]) for m in missing] == [
        (late_player.username, "no deck registered", True, True)]
    assert missing[0]["until"] == tardy.due_at.isoformat() and missing[0]["first_match"]["table"] == tm.table
    assert _as(players[0]).get(f"/api/limited/events/{event.slug}/missing-decks/").status_code == 403
    page = _as(head_judge).get(f"/limited/{event.slug}/").content.decode()
    assert "Still missing a deck" in page and late_player.username in page

    # A player who had a legal deck at the start can't change it this way (Deck Lists: only before the start).
    on_time = _api(_as(players[0]), "post", f"/api/limited/events/{event.slug}/deck/", {"cards": legal_deck(event, players[0])[:-1]})
    assert on_time.status_code == 400 and "only players warned at the start" in on_time.json()["detail"]

    me = _as(late_player)
    state = me.get(f"/api/limited/events/{event.slug}/deck/late/").json()
    assert state["open"] is True and state["until"] == tardy.due_at.isoformat()
    builder = me.get(f"/limited/{event.slug}/deck/").content.decode()
    assert "You may still register your deck" in builder and "data-register disabled" not in builder
    short = legal_deck(event, late_player)[:-1]  # an illegal deck is saved with its report but hosts nothing
    r = _api(me, "post", f"/api/limited/events/{event.slug}/deck/", {"cards": short})
    assert r.status_code == 200 and r.json()["legal"] is False
    assert not HostedMatch.objects.filter(tournament_match=tm).exists()
    r = _api(me, "post", f"/api/limited/events/{event.slug}/deck/", {"cards": legal_deck(event, late_player)})
    assert r.status_code == 200 and r.json()["legal"] is True
    hm = HostedMatch.objects.get(tournament_match=tm)  # hosted at once, with the late pool deck
    seat = hm.seats.get(registration__player=late_player)
    assert EventDeck.objects.get(registration=seat.registration).deck == _pool_deck(event, late_player)
    assert _as(head_judge).get(f"/api/limited/events/{event.slug}/missing-decks/").json()["missing"] == []
    closed = me.get(f"/api/limited/events/{event.slug}/deck/late/").json()
    assert closed["open"] is False and "in play" in closed["why_closed"]


def test_without_a_deck_by_the_end_of_the_tardiness_grace_registration_closes_and_the_match_is_lost(online_sealed, organiser):
    from tournaments.services import deadline_process, match_mark_present

    event, players = online_sealed(4, ready=3)
    late_player = players[3]
    rnd = _start_and_pair(organiser, event, not_ready="warn")
    tm = _match_of(rnd, late_player)
    opponent_side = "b" if tm.player_a.player_id == late_player.pk else "a"
    with committing():  # the opponent is ready to play (their match could not be hosted: they say so on the pairings)
        match_mark_present(match=tm, by=tm.registration_of(opponent_side).player)
    tardy = Deadline.objects.get(kind="tardiness", target_id=rnd.pk)
    after = tardy.due_at + timedelta(seconds=1)
    from limited import late

    event.refresh_from_db()
    state = late.late_deck_of(event, tm.registration_of("a" if opponent_side == "b" else "b"), now=after)
    assert state.open is False and "Tardiness" in state.why_closed
    with committing():
        outcome = deadline_process(deadline_id=tardy.pk, now=after)
    assert late_player.username in outcome
    tm.refresh_from_db()
    assert Penalty.objects.filter(registration__player=late_player, kind="game_loss", infraction="Tardiness").exists()
    assert tm.status == Match.Status.FINAL and tm.result == opponent_side  # a one-game match (Match Structure)
    r = _api(_as(late_player), "post", f"/api/limited/events/{event.slug}/deck/", {"cards": legal_deck(event, late_player)})
    assert r.status_code == 400 and "closed" in r.json()["detail"]
