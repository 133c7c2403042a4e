"""Effects about faceoffs (514, 515): faceoffs started by an effect, flipped cards, revealing the
top card of a deck, "if involved", effects at the end of a faceoff."""
from __future__ import annotations

from ..constants import opponent
from ..flow import flip_one
from .targeting import choose_target
from .choices import ASKED, pick_area


def effect_fo_flip_mod(self, st, ev, fr, e) -> bool:
    if st["fo"]:
        st["fo"]["fadd"] = st["fo"].get("fadd", 0) + e.get("n", -1)
    return True


def effect_ignore_flip(self, st, ev, fr, e) -> bool:
    fo = st["fo"]
    it = fr.get("it")
    if fo and it in st["cards"] and st["cards"][it].get("z") == "flip" and it not in fo["ign"]:
        fo["ign"].append(it)
        q = st["cards"][it]["o"]
        self.log(ev, "flip", lambda: f"{self.name(st, it)} is ignored")
        flip_one(self, st, ev, q)
    return True


def effect_at_fo_end(self, st, ev, fr, e) -> bool:
    p = fr["p"]
    src = fr["src"]
    if st["fo"]:
        st["fo"].setdefault("end_fx", []).append({"p": p, "src": src, "eff": list(e["effects"])})
    return True


def effect_if_faceoff(self, st, ev, fr, e) -> bool:
    p = fr["p"]
    src = fr["src"]
    if st["fo"]:
        fr["i"] += 1
        st["rq"].append({"p": p, "src": src, "eff": list(e["effects"]), "i": 0, "ch": None, "lbl": "", "after": None})
        fr["i"] -= 1
    return True


def effect_flip_if_involved(self, st, ev, fr, e) -> bool:
    p = fr["p"]
    if st["fo"]:
        titles = {self.face(st, c).title for c in st["play"] if self.involved(st, c) and st["cards"][c]["c"] == p
                  and not st["cards"][c].get("t")}
        have = [n for n in e["names"] if n in titles]
        n = e["all_n"] if len(have) == len(e["names"]) else e["n"] if have else 0
        for _ in range(n):
            flip_one(self, st, ev, p)
    return True


def effect_start_fo(self, st, ev, fr, e) -> bool:
    return _start_fo(self, st, ev, fr, e)


def effect_reveal_top_group(self, st, ev, fr, e) -> bool:
    return _faceoff_effect(self, st, ev, fr, e)


def effect_flipped_card(self, st, ev, fr, e) -> bool:
    return _flipped_card(self, st, ev, fr, e)


def _start_fo(self, st, ev, fr, e) -> bool:
    """707.4 an effect starts a faceoff (514.2c): the window it interrupted stays open with the
    starter receiving priority; 707.4a not during a faceoff."""
    p = fr["p"]
    src = fr["src"]
    if st["fo"]:
        return True
    extra: dict = {"src": src, "inv": []}
    for k in ("win", "lose", "winner", "loser", "loser_end"):
        if e.get(k):
            extra["fx_" + k] = e[k]  # "winner" is also the faceoff's winning player (fo["winner"])
    areas: list = []
    if e.get("area"):
        cands = [a for a in self.problem_areas(st) if self.chars_at(st, a, p) and self.chars_at(st, a, opponent(p))]
        if not cands:
            return True
        if fr["ch"] is None and len(cands) > 1:
            self.ask(st, p, "choice", cands, "514.2e", src=src, what="area")
            return False
        areas = [fr["ch"] if fr["ch"] in cands else cands[0]]
        extra["inv_area"] = True
    else:
        theirs_sel = {k: v for k, v in e["theirs"].items() if k != "ge"}

        def opps(mine):
            pw = self.power(st, mine) or 0
            return [o for o in self.select(st, theirs_sel, p, src)
                    if not e["theirs"].get("ge") or (self.power(st, o) or 0) >= pw]

        if fr.get("fo_mine") is None:
            my_cards = [c for c in self.select(st, e["mine"], p, src) if opps(c)]
            done, one = choose_target(self, st, fr, {"op": "start_fo", "target": {}}, my_cards)
            if not done:
                return False
            if one is None:
                return True  # nothing can be involved: no faceoff
            fr["fo_mine"] = one
            fr["ch"] = None
        mine = fr["fo_mine"]
        done, theirs = choose_target(self, st, fr, {"op": "start_fo", "target": {}}, opps(mine) if self.in_play(st, mine) else [])
        if not done:
            return False
        fr.pop("fo_mine", None)
        if theirs is None:
            return True
        extra["inv"] = [mine, theirs]
        extra["it"] = theirs
    if st["prio"]:
        extra["ret"] = dict(st["prio"])
    self.start_faceoff(st, ev, "effect", areas, p, extra=extra)
    if st["prio"]:
        st["fo"]["stage"] = "w_start"
        st["prio"] = {"w": "fo", "p": p, "n": 0}  # 707.4
    return True


def _flipped_card(self, st, ev, fr, e) -> bool:
    """Choose a flipped card of a player (409: the flip zone is public) and ignore it (515.4; an
    ignored card can't be ignored again, 515.4a) or banish it (it leaves the flip zone, so it no
    longer adds its power).  "each": one of each player's flipped cards, the opponent's first."""
    p = fr["p"]
    fo = st["fo"]
    if not fo:
        return True
    players = [opponent(p)] if e.get("who") == "opp" else [opponent(p), p]
    k = fr.get("k") or 0
    while k < len(players):
        q = players[k]
        cands = [f for f in st["pl"][q]["flip"] if not (e["act"] == "ignore" and f in fo["ign"])]
        if not cands:
            k += 1
            continue
        if fr["ch"] is None and len(cands) > 1:
            fr["k"] = k
            self.ask(st, p, "target", cands, "515.4", op="flipped_card", src=fr["src"])
            return False
        one = fr["ch"] if fr["ch"] in cands else cands[0]
        fr["ch"] = None
        nm = self.name(st, one)
        if e["act"] == "ignore":
            fo["ign"].append(one)
            self.log(ev, "flip", lambda nm=nm, q=q: f"{self.pname(st, q)}'s flipped {nm} is ignored (515.4)")
        else:
            self.put(st, one, "ban")
            self.log(ev, "flip", lambda nm=nm, q=q: f"{self.pname(st, q)}'s flipped {nm} is banished")
        k += 1
        fr["k"] = k
    fr.pop("k", None)
    return True


def _faceoff_effect(self, st, ev, fr, e) -> bool:
    """Reveal-the-top-card branches, losing the game, ending a faceoff."""
    op = e["op"]
    p = fr["p"]
    src = fr["src"]
    if op == "lose_game":  # 103.5 (``who: opponent``: "your opponents lose the game"; with two players 103.3 ends it)
        loser = opponent(p) if e.get("who") == "opponent" else p
        self.end(st, ev, opponent(loser),
                 f"{self.pname(st, loser)} loses the game ({self.name(st, src) if src in st['cards'] else 'card effect'})")
        return True
    if op == "end_faceoff":
        fo = st["fo"]
        if fo and fo["stage"] != "end":
            fo["stage"] = "end"  # 514.6: no winner; flipped cards go to the bottom, involvement ends
            if st["prio"] and st["prio"]["w"] == "fo":
                st["prio"] = None
            self.log(ev, "faceoff", "The faceoff is ended by an effect")
        return True
    if op == "reveal_top":
        q = p if e.get("whose", "you") == "you" else opponent(p)
        deck = st["pl"][q]["deck"]
        if not deck:
            return True
        cid = deck[0]
        d = self.db.cards[st["cards"][cid]["k"]].front
        nm = d.name
        # a revealed card is public information (it stays on top of the deck unless the text moves it)
        self.log(ev, "reveal", lambda: f"{self.pname(st, q)} reveals {nm} ({d.power or 0}) from the top of their deck")
        cond = e.get("cond", {})
        pw = d.power or 0
        ok = True
        if "type" in cond:
            ok = d.type == cond["type"]
        if "trait" in cond:  # "If the card was a Critter Friend"
            ok = ok and cond["trait"] in d.traits
        if "parity" in cond:
            ok = (pw % 2 == 0) == (cond["parity"] == "even")
        if "max_pp" in cond:
            ok = ok and pw <= cond["max_pp"]
        if "min_pp" in cond:
            ok = ok and pw >= cond["min_pp"]
        it = fr.get("it") if cond.get("gt_it_power") else None
        if cond.get("gt_it_power"):  # "and that card's power is higher than that of the opposing Friend" (EO43)
            ok = ok and bool(it) and self.in_play(st, it) and pw > (self.power(st, it) or 0)
        effs = e.get("then", []) if ok else e.get("else", [])
        if effs:
            fr["i"] += 1
            st["rq"].append({"p": p, "src": src, "eff": list(effs), "i": 0, "ch": None, "lbl": "", "after": None,
                             "rev": cid, **({"it": it} if it else {})})
            fr["i"] -= 1
        return True
    # "revealed": move the revealed card, if it is still where it was revealed (the top of a deck)
    cid = fr.get("rev")
    if not cid or cid not in st["cards"] or st["cards"][cid].get("z") != "deck":
        return True
    owner = st["cards"][cid]["o"]
    if cid not in st["pl"][owner]["deck"]:
        return True
    nm = self.db.cards[st["cards"][cid]["k"]].name
    to = e.get("to")
    if to == "play":
        d = self.db.cards[st["cards"][cid]["k"]].front
        if d.type not in ("Friend", "Resource") or owner != p:
            return True
        done, area, host = placement(self, st, fr, p, cid, src)
        if not done:
            return False
        if area is None:
            return True  # no legal host: it stays on top of the deck
        nid = self.enter_play(st, ev, cid, area, p, host=host)
        self.log(ev, "enter", lambda: f"{self.pname(st, p)} puts the revealed {nm} into play")
        return True
    zone = {"hand": "hand", "disc": "disc", "ban": "ban"}[to]
    fr["it"] = self.put(st, cid, zone)  # "that Event" / "that Friend" in the instructions that follow (410.6)
    self.log(ev, "reveal", lambda: f"The revealed {nm} is put into its owner's "
             f"{'hand' if zone == 'hand' else 'discard pile' if zone == 'disc' else 'banished zone'}")
    return True


def op_next_fo_bonus(self, st, ev, fr, e) -> bool:
    """"You may add its power to your next faceoff this turn": the power the watched card had as the event happened
    (410.6a, ``x.pw``) is added to your total in the next faceoff started this turn (514.4a; ``pl["nfb"]``)."""
    p = fr["p"]
    x = fr.get("x") or {}
    n = x.get("pw")
    it = x.get("it") or fr.get("it")
    if n is None and it in st["cards"]:  # (no power noted: the card's current, else printed, power)
        n = self.power(st, it) if self.in_play(st, it) else (self.face(st, it).power or 0)
    if n:
        nfb = st["pl"][p].get("nfb")
        st["pl"][p]["nfb"] = [st["turn"], n + (nfb[1] if nfb and nfb[0] == st["turn"] else 0)]
        self.log(ev, "power", lambda: f"{self.pname(st, p)} adds {n} power to their next faceoff this turn")
    return True


def op_exhaust_one_color(self, st, ev, fr, e) -> bool:
    """"Exhaust all characters involved in that faceoff that have only that color" (the color chosen before,
    ``pick_color``; a character with two colors, or none, is not one, 203)."""
    col = fr.get("color")
    if not (col and st["fo"]):
        return True
    for cid in [o for o in st["play"] if self.is_char(st, o) and self.involved(st, o)]:
        if tuple(self.colors(st, cid)) == (col,):
            self.exhaust(st, ev, cid, by=fr["p"])
    return True


def placement(self, st, fr, p, cid, src) -> tuple[bool, str | None, str | None]:
    """Where a card put into play by an effect goes (706, 305.1): an attachment onto a chosen legal host (305.1b),
    a "play to a Problem" card at a chosen Problem, any other at its player's home (305.1a).  (done, area, host):
    not done while a decision is asked; area None when there is no legal place."""
    pl_on = next((ab for ab in self.db.cards[st["cards"][cid]["k"]].abilities.get("front", ())
                  if ab["kind"] in ("play_on", "play_problem")), None)
    if pl_on is not None and pl_on["kind"] == "play_on":
        cands = [c for c in self.select(st, pl_on["host"], p, None)]
        done, host = choose_target(self, st, fr, {"op": "put_into_play", "target": {}}, cands)
        if not done:
            return False, None, None
        return True, (st["cards"][host]["a"] if host is not None else None), host
    if pl_on is not None:
        area = pick_area(self, st, fr, p, [a for a in self.problem_areas(st) if self.problem_at(st, a)], "706", src)
        return area != ASKED, (None if area == ASKED else area), None
    return True, f"home{p}", None


def op_fo_plus(self, st, ev, fr, e) -> bool:
    """"You have +2 power during Faceoffs this turn": added to your faceoff total (514.4a)."""
    p = fr["p"]
    st["pl"][p].setdefault("fo_plus", []).append({"n": e.get("n", 1), "u": e.get("until", "turn")})
    self.log(ev, "power", lambda: f"{self.pname(st, p)} has {e.get('n', 1):+d} power during faceoffs this turn")
    return True
