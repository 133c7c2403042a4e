"""The online-play pages: the lobby, a casual game against a bot, the table page's context, the replay,
the judges' console, and "Play your match" on an online event's page."""
from __future__ import annotations

import json

import pytest

from gameplay.models import HostedGame, HostedMatch
from tests.gameplay.online_fixtures import ann, bob, casual_match, committing, eight_players, online, online_event, staff  # noqa: F401
from tournaments.models import Match

pytestmark = pytest.mark.django_db


@pytest.fixture
def harmony_loaded(online):
    from decks.models import Format
    from tests.conftest import load_catalog

    if not Format.objects.filter(slug="mlp-harmony").exists():
        load_catalog()


def test_the_lobby_lists_my_matches_and_offers_a_game(client, casual_match, ann, harmony_loaded):
    casual_match()
    client.force_login(ann)
    r = client.get("/play/")
    assert r.status_code == 200
    html = r.content.decode()
    assert "Your matches" in html and "Bob" in html and "A random legal" in html


def test_a_player_starts_a_game_against_a_bot_and_opens_the_table(client, ann, harmony_loaded):
    client.force_login(ann)
    with committing():
        r = client.post("/play/challenge/", {"opponent_kind": "bot", "deck": "random:mlp-harmony", "best_of": "1"})
    match = HostedMatch.objects.get(seats__user=ann)
    assert r.status_code == 302 and r["Location"] == f"/play/m/{match.pk}/"
    r = client.get(r["Location"])
    assert r.status_code == 200
    assert r.context["viewer"] == {"role": "player", "seat": 0}
    assert r.context["ws_path"] == f"/ws/play/g/{r.context['game'].pk}/"
    assert json.loads(r.context["state_json"])["type"] == "state"


def test_a_challenge_waits_for_the_opponent_who_accepts_with_a_deck(client, ann, bob, harmony_loaded):
    client.force_login(ann)
    with committing():
        client.post("/play/challenge/", {"opponent_kind": "user", "opponent": "bob", "deck": "random:mlp-harmony"})
    match = HostedMatch.objects.get(seats__user=ann)
    assert match.status == "waiting" and not HostedGame.objects.filter(match=match).exists()
    client.force_login(bob)
    with committing():
        r = client.post(f"/play/m/{match.pk}/accept/", {"deck": "random:mlp-harmony"})
    assert r.status_code == 302
    match.refresh_from_db()
    assert match.status == "setup" and HostedGame.objects.filter(match=match).count() == 1


def test_a_challenge_to_nobody_explains_itself(client, ann, harmony_loaded):
    client.force_login(ann)
    r = client.post("/play/challenge/", {"opponent_kind": "user", "opponent": "nobody", "deck": "random:mlp-harmony"}, follow=True)
    assert "no user" in r.content.decode()
    assert not HostedMatch.objects.exists()


def test_the_replay_shows_the_log_as_the_viewer_may_read_it(client, casual_match, ann):
    from gameplay.services import match_concede_game

    match = casual_match()
    game = HostedGame.objects.get(match=match)
    match_concede_game(game_id=game.pk, user=ann)
    client.force_login(ann)
    r = client.get(f"/play/g/{game.pk}/replay/")
    assert r.status_code == 200 and "concedes" in r.content.decode()


def test_the_judges_console_and_play_your_match_on_the_event_page(client, online_event, staff):
    from tournaments import services

    event = online_event()
    with committing():
        services.round_start_next(event=event, by=staff["organiser"])
    tm = Match.objects.filter(round__event=event, player_b__isnull=False).order_by("table").first()
    client.force_login(staff["floor_judge"])
    r = client.get(f"/play/judge/{event.slug}/")
    assert r.status_code == 200 and r.content.decode().count("Open (judge view)") == 4
    client.force_login(tm.player_a.player)
    assert client.get(f"/play/judge/{event.slug}/").status_code == 403
    page = client.get(f"/events/{event.slug}/").content.decode()
    assert f'href="/play/m/{tm.hosted.pk}/"' in page and "Play your match" in page
    assert "snapshotted when registration locks" in page and "I won" not in page


def test_the_head_judge_sets_the_online_clocks_and_new_matches_use_them(client, online_event, staff):
    from gameplay.models import OnlineEventSettings
    from tournaments import services

    event = online_event()
    client.force_login(staff["floor_judge"])
    client.post(f"/play/judge/{event.slug}/clocks/", {"decision_seconds": "60", "grace_seconds": "20"})
    assert not OnlineEventSettings.objects.filter(event=event).exists()  # a floor judge may not
    client.force_login(staff["head_judge"])
    r = client.post(f"/play/judge/{event.slug}/clocks/", {"decision_seconds": "5", "grace_seconds": "20"}, follow=True)
    assert "decision_seconds: between 15 and 900" in r.content.decode()
    client.post(f"/play/judge/{event.slug}/clocks/", {"decision_seconds": "60", "grace_seconds": "20"})
    with committing():
        services.round_start_next(event=event, by=staff["organiser"])
    assert set(HostedMatch.objects.filter(tournament_match__round__event=event).values_list("decision_seconds", "grace_seconds")) == {(60, 20)}


def test_a_player_with_a_display_name_finds_play_your_match_on_the_pairings(client, online_event, staff):
    """The pairings row knows its players by username (the public shape's a_username/b_username), not
    by the display names it shows."""
    from tournaments import services
    from tournaments.models import PlayerProfile

    event = online_event()
    with committing():
        services.round_start_next(event=event, by=staff["organiser"])
    tm = Match.objects.filter(round__event=event, player_b__isnull=False).order_by("table").first()
    PlayerProfile.objects.update_or_create(user=tm.player_b.player, defaults={"display_name": "Rarity"})
    client.force_login(tm.player_b.player)
    page = client.get(f"/events/{event.slug}/?tab=pairings").content.decode()
    assert "Rarity" in page
    assert f'<a class="play-match" href="/play/m/{tm.hosted.pk}/">Play your match</a>' in page
