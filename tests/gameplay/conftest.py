"""Shared fixtures for the gameplay engine tests (pure Python; no database).  The card pool is
``card_db``, so pytest-django's ``db`` fixture keeps its meaning for the tests that need a database."""
from __future__ import annotations

import os
from pathlib import Path

import pytest

from gameplay.engine.mlp import CardDB, MLPGame

#: the shared card data (PONYHALL_SHARED_DIR, as config.settings reads it; default: ../shared)
SHARED_DIR = Path(os.environ.get("PONYHALL_SHARED_DIR", Path(__file__).resolve().parents[2].parent / "shared")).resolve()
CARDS = SHARED_DIR / "cards" / "mlpccg"


@pytest.fixture(scope="session")
def card_db() -> CardDB:
    return CardDB.from_directory(CARDS)


@pytest.fixture()
def game(card_db) -> MLPGame:
    return MLPGame(card_db)
