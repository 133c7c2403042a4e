"""Continuous abilities about power (doubled, per card) and attachments' hosts, and "as it enters play" texts, as
whole-line templates in the ``STATIC_EXTRA`` form: (regex, card types or None, builder).  ``static_lines`` appends them to
``STATIC_EXTRA``, so they are tried after every older static template (a text an older template
understands keeps its compiled form)."""
from __future__ import annotations

from .statics import static_condition
from .targets import parse_target
from .vocab import COLOR_RE


def _doubled_while(m) -> dict | None:
    cond = static_condition(m[1]) if m[1] else None
    if m[1] and cond is None:
        return None
    return {"op": "power_double", "target": "self", **({"cond": cond} if cond else {})}


def _doubled_for_each_here(m) -> dict | None:
    sel = parse_target("a " + m[1])
    if sel is None or set(sel) - {"type", "trait", "ctrl"}:
        return None
    return {"op": "power_double", "target": "self", "per": {"sel": {**sel, "at": "here"}, "at_problem": True}}


#: power doubled (507): applied after every other change of the card's power, once per doubling
#: (doubling is multiplying the power the card would otherwise have by two; the 3.8 rules have no
#: other text on it)
DOUBLED_POWER: list = [
    # SB80 Applejack & Rarity, Odd Couple
    (r"^(While .+?, )?this card's power is doubled$", None, _doubled_while),
    # SB50 Capper Dapperpaws, Smooth Talker
    (r"^This card's power is doubled for each (\w+) here$", None, _doubled_for_each_here),
    # FF120 Pukwudgie, Strength in Numbers ("Pukwudgie" is a title, 201.3a: the name before the comma)
    (r"^Double this card's power for each other ([A-Z][\w'-]*) in play$", None,
     lambda m: {"op": "power_double", "target": "self", "per": {"k": "titled_other", "title": m[1]}}),
    # LL104 Clouded By Anger (a Resource on a Friend)
    (r"^Double that Friend's power$", ("Resource",), lambda m: {"op": "power_double", "target": "host"}),
]

#: modifiers applied as a card enters play (706.1b)
AS_IT_ENTERS: list = [
    # SB110 Desert Road (Rules.enter_play adds a lose_abilities_until modifier, Rules.add_lab_mod)
    (r"^As an opposing Friend enters play, it loses and can't have abilities until the end of the turn$", None,
     lambda m: {"op": "opp_enters_lose"}),
]

#: an attachment's continuous abilities about its host (509)
ATTACHMENTS: list = [
    # CN135 Chic Beret
    (r"^That Friend has \+(\d+) power and is also \[(%s)\]$" % COLOR_RE, ("Resource",),
     lambda m: {"op": "power", "parts": [{"op": "power", "n": int(m[1]), "target": "host"},
                                         {"op": "grant_color", "color": m[2], "target": "host"}]}),
    # AD121 Alicorn Costume: +1 power and every color while its host has the most Resources on it
    (r"^While that Friend has more Resources on it than any other Friend, that Friend has \+(\d+) power and is "
     r"\[Generosity\], \[Magic\], \[Kindness\], \[Honesty\], \[Loyalty\], and \[Laughter\]$", ("Resource",),
     lambda m: {"op": "power", "parts": [{"op": "power", "n": int(m[1]), "target": "host", "cond": {"k": "host_most_resources"}},
                                         *({"op": "grant_color", "color": col, "target": "host", "cond": {"k": "host_most_resources"}}
                                           for col in ("Generosity", "Magic", "Kindness", "Honesty", "Loyalty", "Laughter"))]}),
    # PR141 Marvelous Chapeau ("this Friend" is its host; the attachment is at its host's area, so "that Problem" is its own)
    (r"^While this Friend is at an opponent's Problem, if you have at least (\d+) \[(%s)\] in play, you need -(\d+) power to "
     r"confront that Problem$" % COLOR_RE, ("Resource",),
     lambda m: {"op": "confront_need", "n": -int(m[3]), "who": "you",
                "cond": {"k": "all", "of": [{"k": "host_at_opp_problem"},
                                            {"k": "color_power_at_least", "color": m[2], "n": int(m[1])}]}}),
    # CN137 Combat Hat: an attachment is at its host's area, so "that Friend's Problem" is this card's (opp_move_cost)
    (r"^Your opponent must pay \+\[(\d+)\] to move a character to that Friend's Problem$", ("Resource",),
     lambda m: {"op": "opp_move_cost", "n": int(m[1])}),
]

#: power counted per something (702)
POWER_PER: list = [
    # AD62 Sapphire Shores, Glitz and Glam
    (r"^This card has \+(\d+) power for each of your Accessories$", None,
     lambda m: {"op": "power_per", "n": int(m[1]), "count": {"sel": {"type": "Resource", "trait": "Accessory", "ctrl": "you"}}}),
    # AD156 Babs Seed, Bigger Bully (printed power 0): replaces the printed power like EO78's power_is (507)
    (r"^This card's power is equal to double the power of an opposing character here with the highest power$", None,
     lambda m: {"op": "power_is", "count": {"k": "opp_highest_here", "times": 2}}),
]

#: playing restrictions (609.2)
PLAY_LIMITS: list = [
    # CG4 Bubbly Mare, Helping Hoof (boosted): read from the cards each player played this turn (Rules.played_this_turn;
    # flow.legal._one_of_each_type)
    (r"^Opponents can't play more than one card of each type per turn$", None, lambda m: {"op": "opp_one_per_type"}),
]

POWER_AND_ATTACHMENT_STATICS: list = [*DOUBLED_POWER, *AS_IT_ENTERS, *ATTACHMENTS, *POWER_PER, *PLAY_LIMITS]
