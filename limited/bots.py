"""The bots' (and the auto-pick's) choice of card: pure, deterministic.

Best rarity first; among equals, the card sharing most colors with the picks so far; then the pack's order.
Timed-out and disconnected drafters get the same pick a bot would make.
"""
from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from decks.boosters import PackCard

RARITY_RANK = {"UR": 6, "SR": 5, "R": 4, "U": 3, "C": 2, "F": 1, "P": 1}


def bot_pick(pack: Sequence[PackCard], picks: Sequence[PackCard]) -> PackCard:
    if not pack:
        raise ValueError("an empty pack has nothing to pick")
    colors = Counter(color for card in picks for color in card.colors)

    def score(item: tuple[int, PackCard]) -> tuple[int, int, int]:
        index, card = item
        return (RARITY_RANK.get(card.rarity, 0), sum(colors[c] for c in card.colors), -index)

    return max(enumerate(pack), key=score)[1]
