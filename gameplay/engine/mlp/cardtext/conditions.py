""""If <condition>, <effects>" conditions read by resolve.py's ``if`` (besides you_have / none)."""
from __future__ import annotations

from .vocab import TRAITS


# "if <condition>, <effects>" conditions read by resolve.py's "if" (besides you_have / none)
IF_TEMPLATES: list = [
    (r"^if an opponent has at least \[(\d+)\], (.+)$", lambda m: {"k": "opp_tokens_at_least", "n": int(m.group(1))}),
    (r"^if (?:this card's|its) Problem was not confronted(?: this turn)?, (.+)$", {"k": "not_confronted"}),
    (r"^if no Problems were confronted this turn, (.+)$", {"k": "none_confronted"}),
    (r"^if you have fewer than (\d+) cards in your hand, (.+)$", lambda m: {"k": "hand_below", "n": int(m.group(1))}),
    (r"^if this card has at least (\d+) cards? beneath it, (.+)$", lambda m: {"k": "beneath_at_least", "n": int(m.group(1))}),
    (r"^if this card has at least (\d+) power, (.+)$", lambda m: {"k": "self_power_at_least", "n": int(m.group(1))}),
    (r"^if you have a character with the highest power, (.+)$", {"k": "highest_power"}),
    (r"^if there are no opposing characters at this card's Problem, (.+)$", {"k": "no_opp_at_problem"}),
    (r"^if you did not play first, (.+)$", {"k": "not_first"}),
    (r"^if that opponent did not move any characters this turn, (.+)$", {"k": "opp_moved_none"}),
    (r"^if an opponent's Mane Character is at home, (.+)$",
     {"k": "you_have", "sel": {"type": "Mane Character", "ctrl": "opp", "at": "home"}}),
]


IF_TEMPLATES.append(  # "if you have 2 or more other Changeling characters here, ..." (resolve._if_cond)
    (r"^if you have (\d+) or more other (%s) characters here, (.+)$" % "|".join(TRAITS),
     lambda m: {"k": "count_at_least", "n": int(m.group(1)),
                "sel": {"type": "character", "ctrl": "you", "trait": m.group(2), "at": "here", "other": True}}))
