"""Fixtures for the Neopets Battledome engine tests (pure Python; no database)."""
from __future__ import annotations

import pytest

from gameplay.engine.neopets import CardDB, NeopetsGame


@pytest.fixture(scope="session")
def db() -> CardDB:
    return CardDB.demo()


@pytest.fixture()
def game(db) -> NeopetsGame:
    return NeopetsGame(db)
