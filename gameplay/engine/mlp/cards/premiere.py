"""Premiere (PR) cards whose texts the template parser does not cover."""
CARDS: dict[str, dict] = {
    # Wild Fire, Speed Racer: "When you move this card to a Problem, you may move another one of your
    # characters to the same Problem."
    "PR10": {"front": [{"kind": "trigger", "on": "moved", "to": "problem", "text": "move another character along",
                        "effects": [{"op": "may", "effects": [{"op": "move", "to": "here",
                                                               "target": {"type": "character", "ctrl": "you", "other": True}}]}]}]},
}
