"""A simulated Neopets Battledome event: 12 players, neopets-constructed decklists, Swiss with standard
scoring (win 3, draw 1, loss 0), every match played by the rules engine."""
from __future__ import annotations

import json
from io import StringIO

import pytest
from django.core.management import call_command

pytestmark = pytest.mark.django_db


@pytest.fixture()
def neopets_format(db):
    from decks.models import Format

    if not Format.objects.filter(slug="neopets-constructed").exists():
        from tests.conftest import load_catalog

        load_catalog()
    return Format.objects.get(slug="neopets-constructed")


def test_a_12_player_neopets_event_simulates_through_with_engine_played_matches(neopets_format):
    out = StringIO()
    call_command("simulate_event", "--game", "neopets", "--players", "12", "--seed", "5", "--json", stdout=out)
    data = json.loads(out.getvalue())
    assert data["event"]["status"] == "published" and data["winner"]
    assert (data["event"]["game"], data["event"]["format"]) == ("neopets", "neopets-constructed")  # the game's format
    assert data["simulation"]["decklists"] == {"submitted": 12, "legal": 12, "played_by": "gameplay.engine.neopets"}
    swiss = [r for r in data["rounds"] if r["kind"] == "swiss"]
    assert len(swiss) == 5  # 9 to 16 players: 5 rounds
    assert data["bracket"]["champion"] == data["winner"]
    # Swiss with standard scoring: a win (or a bye) is 3 points, a draw 1, a loss 0
    expected: dict[str, int] = {}
    for rnd in swiss:
        for m in rnd["pairings"]:
            a, b, result = m["a"], m["b"], m["result"]
            expected[a] = expected.get(a, 0) + {"a": 3, "bye": 3, "draw": 1}.get(result, 0)
            if b:
                expected[b] = expected.get(b, 0) + {"b": 3, "draw": 1}.get(result, 0)
    assert {s["player"]: s["points"] for s in data["standings"]} == expected
    assert data["standings"][0]["rank"] == 1
