"""The game's numbers and words, once (Comprehensive Rules 3.8).  Imports no other engine module."""
from __future__ import annotations

from decks.sources.octgn_xml import COLORS as COLOR_NAMES
from decks.sources.octgn_xml import INFINITE_POWER as INFINITE

WIN_POINTS = 15  # 103.2: a player with 15 or more points wins
HAND_SIZE = 8  # 616.2: discard down to 8 at the end of the turn
MOVE_COST = 2  # 609.2b: moving a character costs 2 action tokens
DEFAULT_TURN_CAP = 200  # (the engine's guard against endless games, not a rule)

# card types (301)
TM = "Troublemaker"
FRIEND = "Friend"
MANE = "Mane Character"
CHAR_TYPES = (FRIEND, MANE)  # characters (301.1)

#: the color words of the card texts ("Pink") -> the color names of the data ("Laughter")
COLOR_WORDS = {"blue": "Loyalty", "orange": "Honesty", "pink": "Laughter", "purple": "Magic", "white": "Generosity",
               "yellow": "Kindness"}

__all__ = ["CHAR_TYPES", "COLOR_NAMES", "COLOR_WORDS", "DEFAULT_TURN_CAP", "FRIEND", "HAND_SIZE", "INFINITE", "MANE",
           "MOVE_COST", "TM", "WIN_POINTS", "opponent", "tokens_for"]


def tokens_for(highest: int) -> int:
    """604.1a-d: the action tokens a player gains, by the highest score of the game."""
    return 2 if highest <= 1 else 3 if highest <= 5 else 4 if highest <= 10 else 5


def opponent(p: int) -> int:
    """The other player of a two-player game."""
    return 1 - p
