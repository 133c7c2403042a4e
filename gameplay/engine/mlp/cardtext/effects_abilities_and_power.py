"""Effect sentences that take abilities away for a while, reattach, or double a power, in the ``SMALL_EFFECT_SENTENCES`` form
(pattern matched case-insensitively, builder); ``effects`` appends them after every older sentence
template, so a text an older template understands keeps its compiled form."""
from __future__ import annotations

from .targets import parse_target
from .vocab import re

#: "an opposing Friend or boosted Mane Character": a Mane Character only while boosted (DE21)
_OR_BOOSTED_MANE = {"types": ["Friend", "Mane Character"], "ctrl": "opp", "boosted_mane": True}


def _chosen(what: str) -> dict | None:
    if what.lower() == "an opposing friend or boosted mane character":
        return dict(_OR_BOOSTED_MANE)
    tg = parse_target(what)
    if tg is None or tg.get("each") or tg.get("self") or tg.get("it"):
        return None
    return tg


def _loses_until_end_of_turn(m) -> list | None:
    tg = _chosen(m[1])
    return None if tg is None else [{"op": "lose_abilities_until", "target": tg, "until": "turn"}]


def _loses_while_exhausted(m) -> list | None:
    tg = _chosen(m[1])
    return None if tg is None else [{"op": "lose_abilities_until", "target": tg, "while_ex": True}]


#: a card loses and can't have abilities for a while, by an effect (708; Rules.add_lab_mod)
LOSE_ABILITIES: list = [
    # DE21 "choose an opposing Friend or boosted Mane Character. That character loses and can't have abilities until
    # the end of the turn"
    (r"^choose (an? .+?)\. That (?:character|Friend|card) loses and can't have abilities until the end of the turn$",
     _loses_until_end_of_turn),
    # FF12 (Harmony Earth Pony) "an opposing Friend loses and can't have abilities until the end of the turn"
    (r"^(an? .+?) loses and can't have abilities until the end of the turn$", _loses_until_end_of_turn),
    # CGpf14 "choose an opponent's Friend. While this card remains exhausted, that Friend loses and can't have abilities"
    (r"^choose (an? .+?)\. While this card remains exhausted, that (?:character|Friend|card) loses and can't have "
     r"abilities$", _loses_while_exhausted),
]

#: 509.5 reattaching: the activating player chooses another Friend that fits the attachment's "Play on ..." rule
REATTACH: list = [
    # CN135 "Pay [1] to reattach this card to another Friend"; CN137 "... to another one of your Friends"
    (r"^reattach this card to another (?:Friend|(one of your) Friends)$",
     lambda m: [{"op": "reattach_it", "self": True, "by": "you", **({"to": {"type": "Friend", "ctrl": "you"}} if m[1] else {})}]),
]

_ACCESSORY_ON_IT = {"type": "Friend", "att": {"type": "Resource", "trait": "Accessory"}}


def _double_chosen_power(m) -> list | None:
    tg = dict(_ACCESSORY_ON_IT) if m[1].lower() == "a friend with an accessory on it" else _chosen(m[1])
    if tg is None:
        return None
    # +X where X is its power as the effect resolves (as "double this card's power until the end of the turn")
    return [{"op": "mark", "target": tg}, {"op": "power", "n": 0, "n_from": "it", "target": {"it": True}, "until": m[2]}]


#: doubling a chosen card's power for a while (507)
DOUBLE_POWER: list = [
    # AD62 (Chaos) "choose a Friend with an Accessory on it. Double that Friend's power until the end of the faceoff"
    (r"^choose (an? .+?)\. Double that (?:Friend|character)'s power until the end of the (faceoff|turn)$", _double_chosen_power),
]

#: points scored by a player the text picks (517.2: scored with this card)
SCORE_BY_POINTS: list = [
    # CG67 Matilda, Full of Hope (enters play): with equal points no player has the fewest, and none scores
    (r"^the player with the fewest points scores a point$", lambda m: [{"op": "score", "n": 1, "who": "fewest_points"}]),
]

ABILITY_AND_POWER_EFFECTS: list = [*LOSE_ABILITIES, *REATTACH, *DOUBLE_POWER, *SCORE_BY_POINTS]
assert all(re.compile(p) for p, _ in ABILITY_AND_POWER_EFFECTS)
