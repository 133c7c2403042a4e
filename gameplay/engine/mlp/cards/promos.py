"""Promo cards whose texts the template parser does not cover (per-card definitions)."""

CARDS: dict[str, dict] = {
    # Twilight Sparkle, Research Student: "When you confront this card's Problem, you may move this card home
    # to gain 1AT."  The card is at that Problem when the trigger resolves, so moving it home is always possible.
    "PRpf4": {"front": [{"kind": "trigger", "on": "confront", "text": "When you confront this card's Problem, you may "
                         "move this card home to gain 1AT.",
                         "effects": [{"op": "may", "effects": [{"op": "move", "target": {"self": True}, "to": "home"},
                                                               {"op": "gain", "n": 1}]}]}]},
}
