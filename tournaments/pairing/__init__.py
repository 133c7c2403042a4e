"""Swiss pairing, standings and top-cut engine (pure Python, no Django).

Public API::

    from tournaments.pairing import (
        Player, MatchRecord, Scoring, MLP_SCORING, DEFAULT_SCORING,
        pair_swiss, compute_standings, suggested_swiss_rounds,
        top_cut_size, bracket_seed, bracket_advance, PairingError,
    )

See ``README.md`` in this package for the definitions and the JSON format of
``python -m tournaments.pairing``.
"""

from __future__ import annotations

from .elimination import (
    Bracket,
    BracketMatch,
    bracket_advance,
    bracket_order,
    bracket_seed,
    TopCut,
    elimination_best_of,
    top_cut_plan,
    top_cut_size,
    top_cut_wanted,
)
from .models import (
    DEFAULT_SCORING,
    MLP_SCORING,
    SCORING_BY_GAME,
    MatchRecord,
    PairingError,
    Player,
    Scoring,
    scoring_for_game,
)
from .standings import (
    SANCTIONED_MINIMUM_PLAYERS,
    TIEBREAKER_SYSTEMS,
    Standing,
    compute_standings,
    is_sanctionable,
    suggested_swiss_rounds,
)
from .swiss import Pairing, PairingResult, pair_swiss

__all__ = [
    "Bracket",
    "BracketMatch",
    "DEFAULT_SCORING",
    "MLP_SCORING",
    "MatchRecord",
    "Pairing",
    "PairingError",
    "PairingResult",
    "Player",
    "SANCTIONED_MINIMUM_PLAYERS",
    "SCORING_BY_GAME",
    "Scoring",
    "Standing",
    "TIEBREAKER_SYSTEMS",
    "bracket_advance",
    "bracket_order",
    "bracket_seed",
    "compute_standings",
    "elimination_best_of",
    "is_sanctionable",
    "pair_swiss",
    "scoring_for_game",
    "suggested_swiss_rounds",
    "TopCut",
    "top_cut_plan",
    "top_cut_size",
    "top_cut_wanted",
]
