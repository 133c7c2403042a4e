"""The typed effect vocabulary.  Card texts (cardtext.py, cards/*.py) and the ``manual_effect``
action are expressed with these; each serialises to a small dict the engine interprets
(``{"op": "draw", "n": 1}``), so effects can wait inside the (JSON) game state while a player
decides a target.

Selectors (``Sel``) describe which cards an effect may touch: type, controller, area, trait,
color and power filters.  ``choose=True`` (default) means the effect's controller picks one
matching card when the effect resolves; ``each=True`` affects all matching cards.
"""
from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any

DURATIONS = ("turn", "faceoff", "permanent", "score_phase", "phase", "main_phase", "next_turn")


@dataclass(frozen=True)
class Sel:
    type: str = "card"  # card | character | Friend | Troublemaker | Resource | Mane | Problem
    ctrl: str = "any"  # any | you | opp
    at: str | None = None  # None | here | home | problem | faceoff (involved in the current faceoff)
    self_: bool = False  # exactly this card (SELF)
    other: bool = False  # another card than this one
    max_power: int | None = None
    min_power: int | None = None
    trait: str | None = None
    color: str | None = None
    state: str | None = None  # None | exhausted | ready | frightened
    each: bool = False
    optional: bool = False  # the chooser may choose none

    def to_dict(self) -> dict[str, Any]:
        d = {k: v for k, v in asdict(self).items() if v not in (None, False, "any", "card") or k == "type"}
        if "self_" in d:
            d["self"] = d.pop("self_")
        return d


SELF = Sel(type="card", self_=True)
YOUR_FRIENDS = Sel(type="Friend", ctrl="you")
OPPONENT_CHARACTERS = Sel(type="character", ctrl="opp")
HERE = Sel(type="character", at="here")


def sel(**kw: Any) -> dict[str, Any]:
    if "self" in kw:
        kw["self_"] = kw.pop("self")
    return Sel(**kw).to_dict()


@dataclass(frozen=True)
class Effect:
    op: str

    def to_dict(self) -> dict[str, Any]:
        d = {"op": self.op}
        for k, v in asdict(self).items():
            if k == "op" or v is None:
                continue
            d[k] = v
        return d


def _eff(op: str):
    def deco(cls):
        cls = dataclass(frozen=True)(cls)
        cls.OP = op
        return cls

    return deco


@dataclass(frozen=True)
class Draw:
    n: int = 1
    who: str = "you"  # you | opponent | each

    def to_dict(self):
        return {"op": "draw", "n": self.n, "who": self.who}


@dataclass(frozen=True)
class Discard:
    n: int = 1
    who: str = "you"
    random: bool = False

    def to_dict(self):
        return {"op": "discard", "n": self.n, "who": self.who, "random": self.random}


@dataclass(frozen=True)
class GainActionTokens:
    n: int = 1

    def to_dict(self):
        return {"op": "gain", "n": self.n}


@dataclass(frozen=True)
class Score:
    n: int = 1
    who: str = "you"

    def to_dict(self):
        return {"op": "score", "n": self.n, "who": self.who}


@dataclass(frozen=True)
class _Targeted:
    target: dict = field(default_factory=lambda: SELF.to_dict())


def _targeted(op: str):
    @dataclass(frozen=True)
    class T:
        target: dict = field(default_factory=lambda: SELF.to_dict())

        def to_dict(self):
            return {"op": op, "target": dict(self.target)}

    T.__name__ = T.__qualname__ = op.title().replace("_", "")
    return T


Exhaust = _targeted("exhaust")
Ready = _targeted("ready")
Frighten = _targeted("frighten")
Unfrighten = _targeted("unfrighten")
Dismiss = _targeted("dismiss")
Banish = _targeted("banish")
Retire = _targeted("retire")
ReturnToHand = _targeted("to_hand")
PutOnTopOfDeck = _targeted("to_deck_top")
SendHome = _targeted("send_home")


@dataclass(frozen=True)
class Move:
    target: dict = field(default_factory=lambda: SELF.to_dict())
    to: str = "choose"  # choose | home | here | problem

    def to_dict(self):
        return {"op": "move", "target": dict(self.target), "to": self.to}


@dataclass(frozen=True)
class ModifyPower:
    n: int
    target: dict = field(default_factory=lambda: SELF.to_dict())
    until: str = "turn"  # turn | faceoff | permanent | score_phase

    def to_dict(self):
        return {"op": "power", "n": self.n, "target": dict(self.target), "until": self.until}


@dataclass(frozen=True)
class AddCounters:
    n: int = 1
    counter: str = "+1"
    target: dict = field(default_factory=lambda: SELF.to_dict())

    def to_dict(self):
        return {"op": "counters", "n": self.n, "counter": self.counter, "target": dict(self.target)}


@dataclass(frozen=True)
class Search:
    """Search your draw deck (or discard pile) for a card matching ``filter`` and put it in hand (518)."""

    filter: dict = field(default_factory=dict)
    zone: str = "deck"
    to: str = "hand"

    def to_dict(self):
        return {"op": "search", "filter": dict(self.filter), "zone": self.zone, "to": self.to}


@dataclass(frozen=True)
class LookAtTop:
    """Look at the top N cards of a deck and put them back on top or bottom (Meticulous, Inspired)."""

    n: int = 1
    whose: str = "you"

    def to_dict(self):
        return {"op": "look_top", "n": self.n, "whose": self.whose}


@dataclass(frozen=True)
class PutIntoPlay:
    """Put a card from a zone into play (706)."""

    filter: dict = field(default_factory=dict)
    zone: str = "discard"  # discard | hand | deck | self (a flipped/Chaos card)

    def to_dict(self):
        return {"op": "put_into_play", "filter": dict(self.filter), "zone": self.zone}


@dataclass(frozen=True)
class CreateToken:
    power: int = 1
    color: str | None = None
    traits: tuple = ()
    at: str = "home"

    def to_dict(self):
        return {"op": "token", "power": self.power, "color": self.color, "traits": list(self.traits), "at": self.at}


@dataclass(frozen=True)
class FlipAdditional:
    n: int = 1

    def to_dict(self):
        return {"op": "flip", "n": self.n}


@dataclass(frozen=True)
class TurnOver:
    """Turn a Mane Character over (301.2)."""

    def to_dict(self):
        return {"op": "turn_over"}


@dataclass(frozen=True)
class CutieMark:
    def to_dict(self):
        return {"op": "cutie_mark"}


@dataclass(frozen=True)
class May:
    effects: tuple = ()

    def to_dict(self):
        return {"op": "may", "effects": [e if isinstance(e, dict) else e.to_dict() for e in self.effects]}


#: op name -> human description (README / manual effect validation)
OPS = {
    "draw": "draw N cards (410.4)",
    "discard": "discard N cards from hand (410.3)",
    "gain": "gain N action tokens (502)",
    "score": "score N points (517)",
    "exhaust": "exhaust a card (503.2)",
    "ready": "ready a card (503.3)",
    "frighten": "frighten a card (504.1)",
    "unfrighten": "unfrighten a card (504.3)",
    "dismiss": "dismiss a card (410.1)",
    "banish": "banish a card (410.5)",
    "retire": "retire a card you control (410.2)",
    "to_hand": "put a card in play into its owner's hand",
    "to_deck_top": "put a card in play on top of its owner's deck",
    "send_home": "send a character home (506.5)",
    "move": "move a card to another area (506)",
    "power": "+/-N power with a duration (507, 708)",
    "counters": "put N counters on a card (519)",
    "search": "search a deck for a card and put it in hand (518)",
    "look_top": "look at the top N cards of a deck (private) and put them back",
    "put_into_play": "put a card into play from a zone (706)",
    "token": "create a token (521)",
    "flip": "flip additional cards during a faceoff (515)",
    "turn_over": "turn a Mane Character over (301.2)",
    "cutie_mark": "Cutie Mark a card (glossary)",
    "may": "optional sub-effects",
    "exhaust_self_cost": "exhaust this card as a cost (stops the rest if it can't)",
    "leave_self_cost": "banish/retire this card as a cost (stops the rest if it can't)",
    "each_player": "each player (turn player first) follows the sub-effects as 'you'",
    "mark": "choose a card that later effects call 'it' / 'that character'",
    "lose_tokens": "a player loses N action tokens",
    "mill": "put the top N cards of your deck into your discard pile",
    "replace_problem": "replace a Problem (613.2)",
    "choose_modes": "Choose one/two: the player picks N of the listed modes",
    "hand_to_deck_top": "put a card from your hand on top of your deck",
    "turn_face_down": "turn a Troublemaker face-down (505.3)",
    "uncover": "uncover a face-down Troublemaker (607.3)",
    "gain_control": "gain control of a card, permanently or until the end of the turn (513.2)",
    "if": "sub-effects if a condition holds ({k: you_have|none, sel: selector})",
    "pay": "pay N action tokens (a cost inside an effect; stops the rest if it can't be paid)",
    "if_faceoff": "sub-effects only during a faceoff",
    "flip_if_involved": "flip N (or all_n) additional cards if named characters are involved in the faceoff",
    "cost_reduction": "pay N less for your next card of a type this turn",
    "choose_color": "choose a color for this card",
    "add_color": "a card is also a color until the end of the turn or phase ({color, target, until})",
    "costs_ok": "check that several costs can all be paid before paying any (508.1d)",
    "send_it_back": "send the card a watched move was about back to the area it was moved from (506.5)",
    "tm_into_play": "put a Troublemaker from your hand / discard pile / deck (search) into play face-up at a Problem",
    "reorder_top": "look at the top N cards of a deck (yours, an opponent's, this card's Problem deck) and put them back in any order",
    "look_pdeck": "look at the top card of a Problem deck and put it on the top or the bottom",
    "uncover_it": "uncover the face-down Troublemaker a watched trigger is about",
    "left_to_hand": "put the card that just left play into its owner's hand from the zone it went to (410.6a)",
    "draw_to": "draw cards until you have N cards in your hand",
    "as_opponent": "the opponent follows the sub-effects as 'you' (\"each opponent retires a frightened Friend\")",
    "choose_area": "choose a Problem; later effects' \"there\" is that Problem",
    "defeat": "defeat a Troublemaker: score its points and dismiss it (514.5a)",
    "shuffle_decks": "each player shuffles their deck",
    "ignore_flip": "ignore the flipped card a Reaction responds to and flip another (514.4b)",
    "send_back": "send the moved card a Reaction responds to back to its previous area (506.5)",
    "grant_kw": "a card (or, with an each-selector, every card that fits it, 708.5) has a keyword until the end"
                " of the turn / the start of your next turn ({kw, n, target, until})",
}
