"""Card text -> effect vocabulary (cardtext.py) and the coverage report."""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from tests.gameplay.conftest import CARDS
from gameplay.engine.mlp.cardtext import parse_effects, parse_line, parse_target


def test_play_to_your_home():
    assert parse_line("Play to your home.", "Friend", {}) == {"kind": "play_home"}


def test_attachment_host():
    assert parse_line("Play on a Friend.", "Resource", {}) == {"kind": "play_on", "host": {"type": "Friend"}}
    assert parse_line("Play on one of your Friends.", "Resource", {})["host"] == {"type": "Friend", "ctrl": "you"}


def test_enter_play_trigger_with_may():
    ab = parse_line("When this card enters play, you may frighten a Friend.", "Friend", {})
    assert ab["kind"] == "trigger" and ab["on"] == "enter"
    assert ab["effects"] == [{"op": "may", "effects": [{"op": "frighten", "target": {"type": "Friend"}}]}]


def test_activated_ability_cost_and_effect():
    ab = parse_line("Main Phase: Exhaust this card to draw a card.", "Friend", {})
    assert ab == {"kind": "activated", "timing": "main", "cost": {"exhaust": True},
                  "effects": [{"op": "draw", "n": 1, "who": "you"}], "text": "Main Phase: Exhaust this card to draw a card."}
    ab = parse_line("Immediate: Pay [2] to give this card +2 power until the end of the turn.", "Friend", {})
    assert ab["cost"] == {"tokens": 2}
    assert ab["effects"] == [{"op": "power", "n": 2, "target": {"self": True}, "until": "turn"}]


def test_event_timing_and_effects():
    ab = parse_line("Main Phase: Dismiss an opponent's Friend with 1 power or less.", "Event", {})
    assert ab["kind"] == "event" and ab["timing"] == "main"
    assert ab["effects"] == [{"op": "dismiss", "target": {"type": "Friend", "ctrl": "opp", "max_power": 1}}]


def test_chaos_trigger():
    ab = parse_line("Chaos: When this card is flipped, flip an additional card.", "Event", {})
    assert ab == {"kind": "trigger", "on": "flipped", "effects": [{"op": "flip", "n": 1}],
                  "text": "Chaos: When this card is flipped, flip an additional card."}


def test_static_abilities():
    assert parse_line("That Friend has +2 power.", "Resource", {})["op"] == "power"
    assert parse_line("This card can't be frightened.", "Friend", {})["op"] == "cant_frighten"
    assert parse_line("Troublemakers here have -1 power.", "Resource", {})["n"] == -1


def test_keyword_lines():
    assert parse_line("Swift, Stubborn", "Friend", {})["kind"] == "keyword"
    assert parse_line("Competitive 2", "Friend", {})["keywords"] == {"Competitive": 2}


def test_unknown_text_is_manual():
    assert parse_line("Choose odd or even and then reveal the top card of your deck.", "Friend", {})["kind"] == "manual"


def test_targets():
    assert parse_target("an opposing character") == {"type": "character", "ctrl": "opp"}
    assert parse_target("a Friend with 2 or less power here") == {"type": "Friend", "max_power": 2, "at": "here"}
    assert parse_target("each opposing Friend here") == {"type": "Friend", "ctrl": "opp", "each": True, "at": "here"}
    assert parse_target("this card") == {"self": True}
    assert parse_target("a Pegasus Friend")["trait"] == "Pegasus"


def test_sequences():
    assert parse_effects("Draw a card, then discard a card.") == [
        {"op": "draw", "n": 1, "who": "you"}, {"op": "discard", "n": 1, "who": "you"}]
    assert parse_effects("you may pay [1] to draw a card") == [
        {"op": "may", "effects": [{"op": "pay", "n": 1}, {"op": "draw", "n": 1, "who": "you"}]}]


def test_automated_only_when_every_ability_is(card_db):
    for c in card_db.cards.values():
        manual = [a for face in c.abilities.values() for a in face if a["kind"] == "manual" or a.get("manual")]
        if manual:
            assert not c.automated, c.number
        if c.automated:
            assert not c.unautomated_lines


def test_coverage_cli_json():
    root = Path(__file__).resolve().parents[2]
    out = subprocess.run([sys.executable, "-m", "gameplay.engine.mlp", "coverage", "--cards",
                          str(CARDS), "--json"],
                         cwd=root, capture_output=True, text=True, check=True).stdout
    data = json.loads(out)
    assert data["total"]["cards"] == 2031
    assert 0 < data["total"]["automated"] <= 2031
    assert sum(s["cards"] for s in data["sets"].values()) == 2031
