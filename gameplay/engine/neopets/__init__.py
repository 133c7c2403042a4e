"""Neopets Battledome TCG rules engine (Comprehensive Rules 1.2).  Pure Python; no Django."""
from .carddb import CardDataError, CardDB, CardDef
from .engine import NeopetsGame, filter_events
from .state import State

__all__ = ["CardDataError", "CardDB", "CardDef", "NeopetsGame", "State", "filter_events"]
