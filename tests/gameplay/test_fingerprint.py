"""The abilities fingerprint (fingerprint.py): one hash over every card's compiled abilities."""
from __future__ import annotations

import dataclasses
import subprocess
import sys
from pathlib import Path

from gameplay.engine.mlp import CardDB
from gameplay.engine.mlp.fingerprint import abilities_fingerprint, card_json, per_card
from tests.gameplay.conftest import CARDS


def test_it_covers_every_card_of_the_pool(card_db):
    assert sum(1 for _ in per_card(card_db)) == len(card_db) == 2031


def test_it_is_the_same_for_the_same_cards(card_db):
    assert abilities_fingerprint(card_db) == abilities_fingerprint(CardDB(list(card_db.cards.values())))


def test_one_changed_ability_changes_it(card_db):
    card = card_db.number("PR1")
    front = card.abilities["front"]
    changed = dataclasses.replace(card, abilities={**card.abilities, "front": front + ({"kind": "static", "op": "x"},)})
    other = CardDB([changed if c is card else c for c in card_db.cards.values()])
    assert abilities_fingerprint(other) != abilities_fingerprint(card_db)


def test_a_tuple_turned_into_a_list_changes_it(card_db):
    card = card_db.number("PR1")
    as_list = dataclasses.replace(card, abilities={k: list(v) for k, v in card.abilities.items()})
    assert card_json(as_list) != card_json(card)


def test_the_command_prints_the_hash_and_with_per_card_one_line_a_card(card_db):
    root = Path(__file__).resolve().parents[2]
    cmd = [sys.executable, "-m", "gameplay.engine.mlp", "fingerprint", "--cards", str(CARDS)]
    out = subprocess.run(cmd, cwd=root, capture_output=True, text=True, check=True).stdout.split()
    assert out == [abilities_fingerprint(card_db)]
    lines = subprocess.run(cmd + ["--per-card"], cwd=root, capture_output=True, text=True, check=True).stdout.splitlines()
    assert len(lines) == len(card_db) + 1 and lines[-1] == out[0]
    assert lines[0].split("\t")[0] == next(per_card(card_db))[0].number
