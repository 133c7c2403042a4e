"""Choosing the cards and players an effect acts on (705.2f: choices are made while following the
instructions): the candidates of a target description, the target decision, the filter of cards
outside play, the choice of a player.  Shared by the interpreter and the effect handlers."""
from __future__ import annotations

__all__ = ["ask_player", "card_filter", "choose_target", "target_cards"]


def target_cards(self, st, fr, e):
    """The cards ``e`` may act on.  A move to one fixed area ("to this card's Problem", "to that Friend's
    Problem", "there") offers no card already there: moving it would do nothing (506.2)."""
    cands = _target_cards(self, st, fr, e)
    if e.get("op") == "move" and e.get("to") in ("here", "it_problem", "it"):
        dest = move_destination(self, st, fr, e)
        cands = [c for c in cands if st["cards"][c].get("a") != dest]
    return cands


def move_destination(self, st, fr, e) -> str | None:
    """The one area a move to "here" / "it_problem" / "it" goes to (None: none)."""
    if e.get("to") == "here":
        src = fr.get("src")
        return st["cards"][src].get("a") if src in st["cards"] else None
    it = fr.get("it") if e.get("marked") else (fr.get("x") or {}).get("it")  # marked: the card a `mark` chose
    return st["cards"][it]["a"] if it and self.in_play(st, it) else None


def _target_cards(self, st, fr, e):
    tgt = e.get("target") or {"self": True}
    if "id" in tgt:
        return [tgt["id"]] if tgt["id"] in st["cards"] else []
    if tgt.get("it"):
        it = fr.get("it")
        return [it] if it and self.in_play(st, it) else []
    if tgt.get("on_it"):  # "one of your Resources on that Friend": attached to the card "it" names (a replaced one)
        it = fr.get("it")
        return [c for c in self.select(st, {k: v for k, v in tgt.items() if k != "on_it"}, fr["p"], fr["src"])
                if it and st["cards"][c].get("h") == it]
    if tgt.get("at") == "there":
        # "there" / "that Problem": the area of the card a Reaction responds to (reactions.py)
        tgt = {**tgt, "at": "area", "area": fr.get("rxa")}
    if tgt.get("least"):  # "a Friend with the least power among Friends involved in the faceoff" (ties: choose)
        cands = self.select(st, {k: v for k, v in tgt.items() if k != "least"}, fr["p"], fr["src"])
        lo = min((self.power(st, c) or 0 for c in cands), default=None)
        return [c for c in cands if (self.power(st, c) or 0) == lo]
    if tgt.get("lt_it_power"):  # "an opposing character with less power than that Friend"
        it = fr.get("it")
        lim = self.power(st, it) if it and self.in_play(st, it) else None
        return [c for c in self.select(st, tgt, fr["p"], fr["src"])
                if lim is not None and (self.power(st, c) or 0) < lim]
    if "it_power_diff" in tgt:  # "another one of your characters with 1 less power" (than that character, now)
        it = fr.get("it")
        want = self.power(st, it) + tgt["it_power_diff"] if it and self.in_play(st, it) and self.power(st, it) is not None \
            else None
        return [c for c in self.select(st, {k: v for k, v in tgt.items() if k != "it_power_diff"}, fr["p"], fr["src"])
                if want is not None and c != it and self.power(st, c) == want]
    if e.get("op") == "move" and e.get("to") == "area":  # "to each Problem": not one already there
        picked = fr.get("picked") or ()
        return [c for c in self.select(st, tgt, fr["p"], fr["src"])
                if st["cards"][c]["a"] != e.get("area") and c not in picked]
    if tgt.get("not_chosen"):  # "each other Friend" / "another character" than the chosen one (or this card)
        excl = fr.get("it") or fr["src"]
        return [c for c in _target_cards(self, st, fr, {**e, "target": {k: v for k, v in tgt.items() if k != "not_chosen"}})
                if c != excl]
    if tgt.get("fresh"):  # "up to two ...": a card already chosen by this frame can't be chosen again
        picked = fr.get("picked") or ()
        return [c for c in self.select(st, tgt, fr["p"], fr["src"]) if c not in picked]
    if tgt.get("not_it"):  # "another ...": not the card a watched event happened to either
        it = (fr.get("x") or {}).get("it")
        return [c for c in _target_cards(self, st, fr, {**e, "target": {k: v for k, v in tgt.items() if k != "not_it"}}) if c != it]
    la = (fr.get("x") or {}).get("la")
    if tgt.get("at") == "here" and la and fr["src"] not in st["cards"]:  # "here" after this card left play
        return [c for c in self.select(st, {k: v for k, v in tgt.items() if k != "at"}, fr["p"], fr["src"])
                if st["cards"][c]["a"] == la]
    if tgt.get("at") == "it":  # "there": the area of the card a watched event happened to
        it = (fr.get("x") or {}).get("it")
        if not (it and self.in_play(st, it)):
            return []
        area = st["cards"][it]["a"]
        return [c for c in self.select(st, {k: v for k, v in tgt.items() if k != "at"}, fr["p"], fr["src"])
                if st["cards"][c]["a"] == area]
    return self.select(st, tgt, fr["p"], fr["src"])


def choose_target(self, st, fr, e, cands, rule="705.2f"):
    """Return (done, target-or-None).  Asks a decision when there is a real choice."""
    tgt = e.get("target") or {}
    if fr["ch"] is not None:
        ch = fr["ch"]
        return True, (None if ch == "none" else ch)
    if not cands:
        return True, None
    if len(cands) == 1 and not tgt.get("optional"):
        return True, cands[0]
    opts = list(cands) + (["none"] if tgt.get("optional") else [])
    self.ask(st, fr["p"], "target", opts, rule, op=e["op"], src=fr["src"])
    return False, None


def card_filter(self, st, cid, flt) -> bool:
    d = self.db.cards[st["cards"][cid]["k"]]
    f = d.front
    if "type" in flt and f.type != flt["type"]:
        return False
    if "trait" in flt and flt["trait"] not in f.traits:
        return False
    if "max_cost" in flt and (f.cost or 0) > flt["max_cost"]:
        return False
    if "max_power" in flt and (f.power or 0) > flt["max_power"]:
        return False
    if "color" in flt and flt["color"] not in f.colors:
        return False
    if "not_type" in flt and f.type == flt["not_type"]:
        return False  # "a non-Friend card"
    if "min_printed" in flt and (f.power is None or f.power < flt["min_printed"]):
        return False  # a card outside play has only its printed power
    if "max_printed" in flt and (f.power is None or f.power > flt["max_printed"]):
        return False
    if "title" in flt and flt["title"] != f.title and flt["title"] not in self.alias_keys.get(d.key, ()):
        return False  # (201.3: "This card is both a Maud Pie and a Pinkie Pie in all zones")
    if "kw" in flt and flt["kw"] not in f.keywords:
        return False  # "a card with a Transform cost" (its printed keyword)
    if flt.get("no_req") and f.play_requirements:
        return False  # "a card with no play requirement" (205)
    if "name" in flt and d.name != flt["name"]:
        return False  # "a Friend with the same name" (201.1)
    return True


def ask_player(self, st, fr, p, players, what="player") -> tuple[bool, int | None]:
    """A choice of a player ("a player's deck", "a discard pile"): (done, player or None)."""
    if fr["ch"] is not None:
        return True, fr["ch"] if fr["ch"] in (0, 1) else None
    if not players:
        return True, None
    if len(players) == 1:
        return True, players[0]
    self.ask(st, p, "choice", list(players), "705.2f", src=fr["src"], what=what)
    return False, None
