"""Neopets Battledome games are hosted like MLP games: the engine registry's "neopets" adapter builds the
engine from the imported cards, bots play a whole match through the services, the action log replays to
the stored state, and a finished match names its winner by rounds won (Neopets rules 1.2, 4.1)."""
from __future__ import annotations

import pytest

from gameplay.engines import engine_names, get_engine
from gameplay.models import HostedGame, HostedMatch
from gameplay.services import SeatSpec, bot_play, hosted_match_create, state_load, state_replay
from tests.gameplay.online_fixtures import online  # noqa: F401

pytestmark = pytest.mark.django_db


def test_the_registry_knows_both_games():
    assert engine_names() == ["mlp", "neopets"]


def test_a_decklists_entries_become_the_three_neopets_decks():
    adapter = get_engine("neopets")
    deck = adapter.deck_from_entries([
        {"card": "neopets:demo-pet", "qty": 1, "zone": "neopet", "name": "Demo Pet"},
        {"card": "neopets:demo-rainbow", "qty": 2, "zone": "rainbow", "name": "Demo Rainbow"},
        {"card": "neopets:demo-food", "qty": 3, "zone": "main", "name": "Demo Food"},
    ])
    assert deck == {"neopets": ["demo-pet"], "rainbow": ["demo-rainbow"] * 2, "main": ["demo-food"] * 3}
    with pytest.raises(ValueError, match="2.2"):
        adapter.deck_from_entries([{"card": "neopets:demo-food", "qty": 3, "zone": "main", "name": "Demo Food"}])


def test_two_bots_play_a_hosted_neopets_match_to_the_end(online, django_capture_on_commit_callbacks):
    adapter = get_engine("neopets")
    seats = [SeatSpec(name=name, deck=adapter.random_deck(seed), bot_policy="weighted")
             for name, seed in (("Demo Ann", 5), ("Demo Bob", 6))]
    with django_capture_on_commit_callbacks(execute=True):
        match = hosted_match_create(seats=seats, engine="neopets", seed=21)
    for _ in range(40):  # bots move in chunks of bot_play's max_moves
        game = HostedGame.objects.filter(match=match).order_by("-number").first()
        if game.status not in HostedGame.LIVE:
            break
        with django_capture_on_commit_callbacks(execute=True):
            bot_play(game_id=game.pk)
    match.refresh_from_db()
    game = HostedGame.objects.filter(match=match).order_by("-number").first()
    assert match.status == HostedMatch.Status.FINISHED, match.status
    assert game.seq > 10 and game.outcome
    assert state_replay(game).to_json() == state_load(game).to_json()
    rounds_won = adapter.summary(state_load(game))["scores"]
    winner = game.outcome.get("winner")
    assert winner is None or rounds_won[winner] >= rounds_won[1 - winner]
