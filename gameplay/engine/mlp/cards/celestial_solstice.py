"""Celestial Solstice (CS, CSf): per-card definitions."""
from __future__ import annotations

CARDS: dict[str, dict] = {
    # Princess Luna, The Setting Moon: an optional replacement of its controller's draws (710; Rules.draw)
    "CS2": {"front": [{"kind": "static", "op": "replace_draw",
                       "text": "If you would draw a card during a Main Phase, you may exhaust one of your Friends to gain "
                               "[1] instead."}]},
    # Twilight Sparkle, Friendship is Magic
    "CSf1": {
        "front": [{"kind": "trigger", "on": "w_play", "subj": {"by": "you", "ptype": "Friend"},
                   "text": "When you play a Friend that is a different color from one of your other Friends, turn this "
                           "card over.",
                   "effects": [{"op": "if", "cond": {"k": "color_differs", "it": True, "sel": {"type": "Friend", "ctrl": "you"}},
                                "effects": [{"op": "turn_over"}]}]}],
        # "for each of your opponents": one color in a two-player game; the card keeps it (``chc``) and has it
        "boosted": [{"kind": "trigger", "on": "side_up", "effects": [{"op": "keep_color"}],
                     "text": "When this side of the card is turned face up, choose a color for each of your opponents."},
                    {"kind": "static", "op": "grant_color", "color": "chosen", "target": "self",
                     "text": "This card gains each of those colors."}],
    },
}
