"""Build a legal limited deck from a player's pool, as a player would in the deck builder."""
from __future__ import annotations

from limited import selectors


def legal_deck(event, player, *, mane: str = "CN1", starting_problem: str = "PR168") -> list[dict]:
    """A provided Mane, five copies of a provided Starting Problem and 30 draw cards from the pool."""
    pool = selectors.pool_cards(event=event, player=player)
    provided = {c["number"]: c["guid"] for c in selectors.provided_cards(event.limited)}
    deck = [{"card": provided[mane], "qty": 1}, {"card": provided[starting_problem], "qty": 5}]
    need = 30
    for card in pool:
        if card["type"] in ("Mane Character", "Problem") or need == 0:
            continue
        take = min(card["qty"], need)
        deck.append({"card": card["guid"], "qty": take})
        need -= take
    assert need == 0, "the pool has fewer than 30 draw cards"
    return deck
