"""Friends Forever (FF) cards whose texts the template parser does not cover (per-card definitions)."""

CARDS: dict[str, dict] = {
    # Applejack & Pinkie Pie, Backdrop Builders: a Harmony line is its ability (the tag word has no game text,
    # 701.5); the faceoff started by the effect (514.2c) involves this card and the chosen opposing character;
    # "each of your Earth Ponies" is counted as the win is resolved.
    "FF67": {"front": [
        {"kind": "trigger", "on": "enter", "text": "Harmony Earth Pony: When this card enters play, you may start a "
         "faceoff involving this card and an opposing character. If you win, draw a card for each of your Earth Ponies.",
         "effects": [{"op": "may", "effects": [
             {"op": "start_fo", "mine": {"self": True}, "theirs": {"type": "character", "ctrl": "opp"},
              "win": [{"op": "per", "sel": {"type": "character", "ctrl": "you", "trait": "Earth Pony"},
                       "effects": [{"op": "draw", "n": 1, "who": "you"}]}]}]}]}]},
}
