"""My Little Pony CCG rules engine (Comprehensive Rules 3.8).  Pure Python; no Django."""
from .carddb import CardDB, CardDef
from .engine import MLPGame, filter_events
from .state import State

__all__ = ["CardDB", "CardDef", "MLPGame", "State", "filter_events"]
