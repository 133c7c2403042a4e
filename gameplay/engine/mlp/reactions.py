"""Reaction timing (512.4, 512.4c, 512.4d).

A "Reaction: After <condition>, <effect>" Event or ability may be played / activated only in
response to its condition.  The engine records each game event a Reaction can name as a *note*
(``st["rx"]``: {"id", "ev", "card", "c", "by", ...}); a note stays reactable until the close of the
next priority window (512.4d: "You may only React to a condition that has been met since the close
of the most recent priority window").  Each Reaction reacts at most once per note (512.4c).  When a
note is made while no priority window is open (the start of a phase, an uncover, a faceoff flip
resolved by the game ...), a priority window (``"rx"``) opens after the game's processing only if
some player actually has a playable Reaction to it; otherwise the game goes on (no pass clicks).

The triggering card ("it", "that Friend", "that card") is the note's card; the resolution frame of
the Reaction gets it as its ``it``.

Conditions (an ability's ``rx`` dict, read from the reacting player's point of view):
  ev       phase | fo_start | enter | moved | uncovered | frighten | unfrighten | left | draw | gain |
           flip | action | win (a faceoff resolved: by = the winner, margin) | defeat (514.5a, by the challenger) (a list means any of them)
  ph       phase name: ready | tp | main | score | end;  whose: you | opp (whose turn it is)
  type     Friend | Troublemaker | character | card (the note's card);  ctrl: you | opp (its controller)
  by       you | opp (the player who played / moved / dismissed / drew / gained / flipped)
  played   True: the card entered play by being played (609.2a / 609.2c)
  here     True: the card is at (or was moved / played to) this card's Problem
  to       problem: it entered / was moved to a Problem;  self: True: the note's card is this card
  zone     disc | ban | hand ...: where a card that left play went;  how: dismiss | retire
  fo       tm | problem (the faceoff type);  chal: opp (the opponent is the challenger)
  max_power / color: the noted card (in play) has at most that power / that color now
"""
from __future__ import annotations

from typing import Any

from ..api import Action
from .constants import CHAR_TYPES



def rx_note(self, st, ev_kind: str, **data: Any) -> dict | None:
    """Record a reactable game event (only in games with a Reaction card, see ``rx_on``)."""
    on = st.get("rxg")
    if on is None:
        on = st["rxg"] = 1 if any(c["k"] in self.rx_keys for c in st["cards"].values()) else 0
    if not on:
        return None
    st["rxn"] = st.get("rxn", 0) + 1
    note = {"id": st["rxn"], "ev": ev_kind, "u": [], **data}
    st.setdefault("rx", []).append(note)
    st["rxf"] = 1  # a new note: advance() checks whether a Reaction window must open
    return note


def actor(st) -> int:
    """The player doing something now: the controller of the resolving effect, else the player with
    priority, else the turn player (the game's own steps)."""
    if st["rq"]:
        return st["rq"][-1]["p"]
    if st["prio"]:
        return st["prio"]["p"]
    return st["tp"]


def _ctype_of(self, st, cid) -> str | None:
    c = st["cards"].get(cid)
    if c is None:
        return None
    if c.get("z") == "play":
        return self.ctype(st, cid)
    return self.types.get(c["k"])


def rx_matches(self, st, p: int, src: str, cond: dict, note: dict) -> bool:
    """Does ``note`` meet the Reaction condition ``cond`` of player ``p``'s card ``src``?"""
    evk = cond["ev"]
    if note["ev"] != evk and not (isinstance(evk, list) and note["ev"] in evk):
        return False
    if note["ev"] == "enter" and cond.get("played") and not note.get("played"):
        return False
    if "ph" in cond and note.get("ph") != cond["ph"]:
        return False
    w = cond.get("whose")
    if w and (note.get("tp") == p) != (w == "you"):
        return False
    b = cond.get("by")
    if b and (note.get("by") == p) != (b == "you"):
        return False
    w = cond.get("ctrl")
    if w and (note.get("c") == p) != (w == "you"):
        return False
    t = cond.get("type")
    if t:
        ct = note.get("type")
        if t == "character":
            if ct not in CHAR_TYPES:
                return False
        elif ct != t:
            return False
    if cond.get("self") and note.get("card") != src:
        return False
    if cond.get("to") == "problem" and not str(note.get("a", "")).startswith(("prob", "dil")):
        return False
    if cond.get("here"):
        sc = st["cards"].get(src)
        if not sc or sc.get("z") != "play" or not sc["a"].startswith(("prob", "dil")) or note.get("a") != sc["a"]:
            return False
    if cond.get("my_fd_tm") and not any(st["cards"][o]["c"] == p and st["cards"][o].get("fd") and st["cards"][o]["a"] == note.get("a")
                                        and self.ctype(st, o) == "Troublemaker" for o in st["play"]):
        return False  # "... to a Problem with one of your face-down Troublemakers"
    if "zone" in cond and note.get("zone") != cond["zone"]:
        return False
    if "how" in cond and note.get("how") != cond["how"]:
        return False
    if cond.get("other") and note.get("card") == src:
        return False
    if "max_power" in cond or "color" in cond:  # "a Friend with 2 or less power", "one of your [Honesty] Friends"
        nc = note.get("card")
        if not nc or nc not in st["cards"] or not self.in_play(st, nc):
            return False
        if "max_power" in cond and (self.power(st, nc) or 0) > cond["max_power"]:
            return False
        if "color" in cond and cond["color"] not in self.colors(st, nc):
            return False
    if cond.get("attached") and not (st["cards"].get(note.get("card")) or {}).get("h"):
        return False  # "plays a Resource on a Friend"
    if "allcol" in cond and cond["allcol"] not in (note.get("allcol") or ()):
        return False  # "using only [Generosity] characters": every character of the challenger involved has it
    if "margin" in cond and note.get("margin", 0) < cond["margin"]:
        return False  # "when you win a Problem faceoff by at least 5 power"
    if "fo" in cond:
        fo = st["fo"]
        if not fo or (fo["type"] != cond["fo"] and not (cond["fo"] == "problem" and fo["type"] == "multi")):
            return False
    if cond.get("chal") and not (st["fo"] and (st["fo"]["chal"] == p) == (cond["chal"] == "you")):
        return False
    return True


def rx_notes_for(self, st, p: int, src: str, cond: dict, used_key: str | None = None) -> list[dict]:
    """The notes a Reaction may react to now (512.4c: not one it already reacted to)."""
    return [n for n in st.get("rx") or () if (used_key is None or used_key not in n["u"])
            and rx_matches(self, st, p, src, cond, n)]


def rx_has_cards(self, st, p: int) -> bool:
    rk = self.rx_keys
    cards = st["cards"]
    if any(cards[c]["k"] in rk for c in st["pl"][p]["hand"]):
        return True
    return any(cards[c]["c"] == p for c in self.in_play_with(st, rk))


def rx_window(self, st) -> bool:
    """After new notes were made outside any priority window, open one (510.2, the turn player
    first) if a player has a playable Reaction; True if a window was opened."""
    if not st.get("rxf"):
        return False
    st["rxf"] = 0
    tp = st["tp"]
    for q in (tp, 1 - tp):
        if rx_has_cards(self, st, q) and self.priority_actions(st, q, first_only=True, rx_only=True):
            self.open_window(st, "rx")
            return True
    return False


def rx_clear(st) -> None:
    """512.4d: a priority window closed; older conditions can no longer be reacted to."""
    if st.get("rx"):
        st["rx"] = []
    st["rxf"] = 0


def rx_take(st, action: Action, key: str | None) -> dict | None:
    """The note an action reacts to (marked used for ``key``, 512.4c)."""
    n = action.get("rx")
    if n is None:
        return None
    for note in st.get("rx") or ():
        if note["id"] == n:
            if key is not None:
                note["u"].append(key)
            return note
    return None


# ---------------------------------------------------------------- condition phrases (card text)
_PH = {"troublemaker": "tp", "main": "main", "score": "score", "ready": "ready", "end": "end"}
_TYPE = {"friend": "Friend", "character": "character", "troublemaker": "Troublemaker", "resource": "Resource"}


def _phase(m) -> dict:
    d: dict = {"ev": "phase"}
    if m.group(2):
        d["ph"] = _PH[m.group(2).lower()]
    if m.group(1) in ("your",):
        d["whose"] = "you"
    elif m.group(1) in ("an opponent's", "your opponent's"):
        d["whose"] = "opp"
    return d


# (pattern, condition or function of the match); the text is the part between "After" and the comma
RX_CONDITIONS: list = [
    (r"^the start of any phase$", {"ev": "phase"}),
    (r"^the start of (the|a|your|an opponent's|your opponent's) (Troublemaker|Main|Score|Ready|End) [Pp]hase$", _phase),
    (r"^the start of a [Ff]aceoff$", {"ev": "fo_start"}),
    (r"^an opposing (Friend|character) enters play$", lambda m: {"ev": "enter", "type": _TYPE[m.group(1).lower()], "ctrl": "opp"}),
    (r"^an opponent plays a (Friend|Troublemaker|Resource)$",
     lambda m: {"ev": "enter", "type": _TYPE[m.group(1).lower()], "by": "opp", "played": True}),
    (r"^an opponent plays a (Friend|character) to this card's Problem$",
     lambda m: {"ev": "enter", "type": _TYPE[m.group(1).lower()], "by": "opp", "played": True, "here": True}),
    (r"^an opponent's (Friend|character) is played to this card's Problem$",
     lambda m: {"ev": "enter", "type": _TYPE[m.group(1).lower()], "ctrl": "opp", "played": True, "here": True}),
    (r"^an opponent plays or moves a (Friend|character)$",
     lambda m: {"ev": ["enter", "moved"], "type": _TYPE[m.group(1).lower()], "by": "opp", "played": True}),
    (r"^an opponent plays or moves a (Friend|character) to this card's Problem$",
     lambda m: {"ev": ["enter", "moved"], "type": _TYPE[m.group(1).lower()], "by": "opp", "played": True, "here": True}),
    (r"^an opponent plays a Friend to a Problem with one of your face-down Troublemakers$",
     {"ev": "enter", "type": "Friend", "by": "opp", "played": True, "to": "problem", "my_fd_tm": True}),
    (r"^you play a (Friend|character) to a Problem$",
     lambda m: {"ev": "enter", "type": _TYPE[m.group(1).lower()], "by": "you", "played": True, "to": "problem"}),
    (r"^a Troublemaker is played$", {"ev": "enter", "type": "Troublemaker", "played": True}),
    (r"^an opponent moves a (Friend|character)$", lambda m: {"ev": "moved", "type": _TYPE[m.group(1).lower()], "by": "opp"}),
    (r"^an opponent moves a (Friend|character) to this card's Problem$",
     lambda m: {"ev": "moved", "type": _TYPE[m.group(1).lower()], "by": "opp", "here": True}),
    (r"^an opponent's (Friend|character) is moved to this card's Problem$",
     lambda m: {"ev": "moved", "type": _TYPE[m.group(1).lower()], "ctrl": "opp", "here": True}),
    (r"^an opponent's (Friend|character) has just been moved$", lambda m: {"ev": "moved", "type": _TYPE[m.group(1).lower()], "ctrl": "opp"}),
    (r"^you move this card to a Problem$", {"ev": "moved", "self": True, "by": "you", "to": "problem"}),
    (r"^a (Friend|character) becomes unfrightened$", lambda m: {"ev": "unfrighten", "type": _TYPE[m.group(1).lower()]}),
    (r"^an opponent's (Friend|character) is frightened$",
     lambda m: {"ev": "frighten", "type": _TYPE[m.group(1).lower()], "ctrl": "opp"}),
    (r"^a Troublemaker is uncovered$", {"ev": "uncovered"}),
    (r"^a faceoff begins$", {"ev": "fo_start"}),
    (r"^an opponent plays a Resource on a Friend$", {"ev": "enter", "type": "Resource", "by": "opp", "played": True, "attached": True}),
    (r"^an opponent's (Friend|character) is moved to a Problem$",
     lambda m: {"ev": "moved", "type": _TYPE[m.group(1).lower()], "ctrl": "opp", "to": "problem"}),
    (r"^an opponent's (Friend|character) enters play at (?:that Friend's|a) Problem$",
     lambda m: {"ev": "enter", "type": _TYPE[m.group(1).lower()], "ctrl": "opp", "to": "problem"}),
    (r"^you win a faceoff$", {"ev": "win", "by": "you"}),
    (r"^you defeat a Troublemaker$", {"ev": "defeat", "by": "you"}),
    (r"^you defeat a Troublemaker using only \[(\w+)\] characters$", lambda m: {"ev": "defeat", "by": "you", "allcol": m.group(1)}),
    (r"^you win a (Problem|Troublemaker) faceoff by at least (\d+) power$",
     lambda m: {"ev": "win", "by": "you", "fo": {"Problem": "problem", "Troublemaker": "tm"}[m.group(1)], "margin": int(m.group(2))}),
    (r"^an opponent's Troublemaker is uncovered at this card's Problem$", {"ev": "uncovered", "ctrl": "opp", "here": True}),
    (r"^one of your (Troublemakers|Friends|Resources) is put into the discard pile from play$",
     lambda m: {"ev": "left", "type": _TYPE[m.group(1)[:-1].lower()], "ctrl": "you", "zone": "disc"}),
    (r"^one of your (Friends|Resources) (?:is|has been) (dismissed|retired)$",
     lambda m: {"ev": "left", "type": _TYPE[m.group(1)[:-1].lower()], "ctrl": "you", "zone": "disc", "how": {"dismissed": "dismiss", "retired": "retire"}[m.group(2)]}),
    (r"^an opponent dismisses another one of your Friends$",
     {"ev": "left", "type": "Friend", "ctrl": "you", "zone": "disc", "how": "dismiss", "by": "opp", "other": True}),
    (r"^(?:your opponent|an opponent) draws a card$", {"ev": "draw", "by": "opp"}),
    (r"^an opponent receives at least \[1\]$", {"ev": "gain", "by": "opp"}),
    (r"^you flip a card during a faceoff$", {"ev": "flip", "by": "you"}),
    (r"^you flip a card$", {"ev": "flip", "by": "you"}),
    (r"^your opponent flips a card during a faceoff$", {"ev": "flip", "by": "opp"}),
    (r"^you flip a card during a Troublemaker faceoff while your opponent is challenging a Troublemaker$",
     {"ev": "flip", "by": "you", "fo": "tm", "chal": "opp"}),
    (r"^an opponent takes an action during their Main Phase$", {"ev": "action", "by": "opp"}),
    # the noted card's current power / colors as the Reaction is played (filters max_power, color)
    (r"^you play a Friend with (\d+) or less power$",
     lambda m: {"ev": "enter", "type": "Friend", "by": "you", "played": True, "max_power": int(m.group(1))}),
    (r"^one of your \[(\w+)\] Friends enters play$", lambda m: {"ev": "enter", "type": "Friend", "ctrl": "you", "color": m.group(1)}),
    (r"^one of your Friends is moved to or enters play at a Problem$",
     {"ev": ["enter", "moved"], "type": "Friend", "ctrl": "you", "to": "problem"}),
]


def parse_condition(text: str) -> dict | None:
    """"Reaction: After <text>, ..." -> a condition dict (see the module docstring), or None."""
    import re

    for pat, out in RX_CONDITIONS:
        m = re.match(pat, text)
        if m:
            return dict(out(m)) if callable(out) else dict(out)
    return None
