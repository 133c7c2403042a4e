"""Game-neutral rules-engine API shared by the card-game engines (pure Python, no Django)."""
from .api import Action, Game, IllegalActionError, Outcome, Viewer

__all__ = ["Action", "Game", "IllegalActionError", "Outcome", "Viewer"]
