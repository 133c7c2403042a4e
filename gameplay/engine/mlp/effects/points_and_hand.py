"""Paying points as a cost, putting a card from the hand into play, skipping a turn (registered in
``interpreter.EFFECTS``)."""
from __future__ import annotations

from .faceoff import placement
from .targeting import card_filter, choose_target


def effect_pay_points(self, st, ev, fr, e) -> bool:
    """"You may pay 2 points. If you do, ...": an instruction to pay is a cost (508.1); a player with fewer points
    can't pay it (508.1d) and the rest does not happen.  ``half``: "half their points, rounded up"."""
    p = fr["p"]
    pts = st["pl"][p]["score"]
    n = (pts + 1) // 2 if e.get("half") else e["n"]
    if pts < n:
        fr["i"] = len(fr["eff"])  # 508.1d
        return False
    st["pl"][p]["score"] -= n
    self.log(ev, "pay", lambda: f"{self.pname(st, p)} pays {n} point{'s' if n != 1 else ''} "
             f"({st['pl'][0]['score']}-{st['pl'][1]['score']})", player=p, points=-n)
    return True


def effect_hand_to_play(self, st, ev, fr, e) -> bool:
    """"Put a Resource from your hand into play" (706): a card of ``filter`` chosen from the hand (revealed as it
    enters play), placed as 305.1 says (``effects.faceoff.placement``: an attachment on a chosen host)."""
    p, src = fr["p"], fr["src"]
    hand = st["pl"][p]["hand"]
    cid = fr.get("hp")
    if cid is None:
        cands = [c for c in hand if card_filter(self, st, c, e.get("filter", {}))]
        if fr["ch"] is None:
            if not cands:
                return True
            self.ask(st, p, "target", cands, "706", op="hand_to_play", src=src)
            return False
        if fr["ch"] not in cands:
            return True
        cid = fr["hp"] = fr["ch"]
        fr["ch"] = None
    done, area, host = placement(self, st, fr, p, cid, src)
    if not done:
        return False
    fr.pop("hp", None)
    if area is None or cid not in hand:
        return True  # no legal place: it stays in the hand
    nm = self.db.cards[st["cards"][cid]["k"]].name
    self.enter_play(st, ev, cid, area, p, host=host)
    self.log(ev, "enter", lambda: f"{self.pname(st, p)} puts {nm} from their hand into play")
    return True


def effect_skip_turn(self, st, ev, fr, e) -> bool:
    """"You may skip your first turn. If you do, ...": the player skips the turn about to begin (``flow.turn``'s
    ``turn_skip`` step reads the mark)."""
    st["skip"] = fr["p"]
    return True


def effect_replace_draw(self, st, ev, fr, e) -> bool:
    """A draw of ``fr["p"]`` the source's "If you would draw a card during a Main Phase, you may exhaust one of your
    Friends to gain [1] instead" may replace (710, 712.3): asked as the draw would happen; yes: exhaust a chosen
    Friend of theirs and gain [1] instead of drawing; no: the card is drawn.  The ``n - 1`` draws after it follow
    (each may be replaced again)."""
    p = fr["p"]
    k = fr.get("k")
    if k is None:
        if fr["ch"] is None:
            self.ask(st, p, "may", [True, False], "710", src=fr["src"], what="replacement",
                     text=f"{self.name(st, fr['src'])}: exhaust one of your Friends to gain [1] instead of drawing a card")
            return False
        k = fr["k"] = {"yes": fr["ch"]}
        fr["ch"] = None
    if k["yes"]:
        cands = [o for o in st["play"] if st["cards"][o]["c"] == p and not st["cards"][o].get("ex")
                 and self.ctype(st, o) == "Friend" and self.can_exhaust(st, o, p)]
        done, one = choose_target(self, st, fr, {"op": "exhaust", "target": {}}, cands)
        if not done:
            return False
        if one is not None and self.exhaust(st, ev, one, by=p):
            st["pl"][p]["tok"] += 1
            self.log(ev, "replace", lambda: f"{self.name(st, fr['src'])} replaces a draw (710): "
                     f"{self.pname(st, p)} gains 1 action token instead")
        else:
            self.draw(st, ev, p, 1, replace=False)
    else:
        self.draw(st, ev, p, 1, replace=False)
    if e["n"] > 1:
        self.draw(st, ev, p, e["n"] - 1)
    return True
