"""Shared fixtures for the gameplay engine tests (pure Python; no database)."""
from __future__ import annotations

from pathlib import Path

import pytest

from gameplay.engine.mlp import CardDB, MLPGame

CARDS = Path(__file__).resolve().parents[2].parent / "shared" / "cards" / "mlpccg"


@pytest.fixture(scope="session")
def db() -> CardDB:
    return CardDB.from_directory(CARDS)


@pytest.fixture()
def game(db) -> MLPGame:
    return MLPGame(db)
