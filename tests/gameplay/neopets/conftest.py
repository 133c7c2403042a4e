"""Fixtures for the Neopets Battledome engine tests (pure Python; no database). The card pool is
``card_db`` (the demo set here, as the MLP pool in tests/gameplay/conftest.py), so pytest-django's ``db``
fixture keeps its meaning."""
from __future__ import annotations

import pytest

from gameplay.engine.neopets import CardDB, NeopetsGame


@pytest.fixture(scope="session")
def card_db() -> CardDB:
    return CardDB.demo()


@pytest.fixture()
def game(card_db) -> NeopetsGame:
    return NeopetsGame(card_db)
