"""Defenders of Equestria promos (GF) whose texts the template parser does not cover (per-card definitions)."""

_GF9_COST = "As an additional cost to play this card, discard 2 cards."
_GF9_ALIAS = "This card is both a Princess Celestia and a Princess Luna in all zones."

CARDS: dict[str, dict] = {
    # Defenders of Equestria, Royal Sisters: an additional cost on a Friend (508; flow.legal offers it only with two
    # other cards in hand, flow.actions makes them discarded as it is played)
    "GF9": {"front": [{"kind": "static", "op": "play_discard", "n": 2, "text": _GF9_COST},
                      {"kind": "static", "op": "alias", "titles": ["Princess Celestia", "Princess Luna"], "text": _GF9_ALIAS}]},
}
