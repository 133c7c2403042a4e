"""Token copies of cards (520.2): a token whose printed information is the copied card's (its cost zero, as for
every token), modifiers on the original not copied.  The copy keeps the original's key, so its printed abilities
function through the ability indexes; ``Rules.abilities`` reads them for a token marked ``cp``."""
from __future__ import annotations

from .targeting import choose_target
from .triggered import make_token
from .choices import ASKED, pick_area


def put_token_copy(self, st, ev, p: int, key: str, area: str) -> str:
    """Put a token copy of the card with printed information ``key`` into play for ``p`` at ``area`` (520.2, 521)."""
    f = self.ff[key]
    t = {"power": f.power or 0, "colors": list(f.colors), "traits": list(f.traits), "name": f.name,
         "type": f.type, "kw": dict(self.kwf[key]), "cp": True}
    cid = f"c{st['nid']}"
    st["nid"] += 1
    st["cards"][cid] = {"k": key, "o": p, "z": "hand", "t": t}
    st["pl"][p]["hand"].append(cid)
    self.log(ev, "token", lambda: f"{self.pname(st, p)} puts a token copy of {f.name} into play")
    nid = self.enter_play(st, ev, cid, area, p)
    st["cards"][nid]["t"] = t
    return nid


def _copied_key(self, st, cid) -> tuple[str, dict | None]:
    """The printed information a copy of ``cid`` takes: its key, or a token's specified information (521.1a)."""
    c = st["cards"][cid]
    return c["k"], (dict(c["t"]) if c.get("t") and not c["t"].get("cp") else None)


def _op_token_copy(self, st, ev, fr, e) -> bool:
    """"Put a token copy of <a card> into play [under your control]": ``of`` is ``self`` (this card), ``it`` (the card
    an earlier instruction chose, read by its printed information ``itk`` even after it left play, 410.6a) or a
    selector (a card in play, chosen).  The copy enters at its controller's home, or ``here`` (this card's area)."""
    p, src = fr["p"], fr["src"]
    of = e.get("of", "it")
    if of == "self":
        key, tok = (_copied_key(self, st, src) if src in st["cards"] else (None, None))
    elif of == "it":
        if e.get("if_gone") and fr.get("it") and self.in_play(st, fr["it"]):
            return True  # "If you do": the card was not dismissed (a replacement or a "can't", 710, 104.2)
        key, tok = fr.get("itk"), None
    else:
        done, one = choose_target(self, st, fr, {"op": e["op"], "target": of}, self.select(st, of, p, src))
        if not done:
            return False
        key, tok = _copied_key(self, st, one) if one else (None, None)
    if key is None:
        return True  # nothing to copy (a token chosen earlier has no printed card to read back)
    area = f"home{p}"
    if e.get("at") == "problem":  # a Troublemaker copy: at a Problem its controller chooses (705.2f; 516.4 applies)
        area = pick_area(self, st, fr, p, [a for a in self.problem_areas(st) if self.problem_at(st, a)], "705.2f", src)
        if area is None or area == ASKED:
            return area is None
    elif e.get("at") == "here" and src in st["cards"] and str(st["cards"][src].get("a", "")).startswith(("prob", "dil", "home")):
        area = st["cards"][src]["a"]
    if tok is not None:  # a token's copy: its specified information (521.1a)
        nid = make_token(self, st, ev, p, {"power": tok["power"], "color": (tok["colors"] or [None])[0],
                                            "traits": tok["traits"], "kw": tok.get("kw")}, area)
    else:
        nid = put_token_copy(self, st, ev, p, key, area)
    fr["it"] = nid
    fr.setdefault("made", []).append(nid)
    return True


def _op_copy_that_event(self, st, ev, fr, e) -> bool:
    """"... to copy that Event's effects" (520.1): the Event whose play was watched is processed again, controlled by
    this effect's controller, its decisions made anew.  ``remove_counters`` ({counter, n}) or ``banish_self``: "you may banish this card to copy ..." is
    paid first, as a cost (508.1a); nothing is copied when this card is no longer in play to pay it (508.1d)."""
    p, src = fr["p"], fr["src"]
    key = ((fr.get("x") or {}).get("play") or {}).get("k")
    if key is None:
        return True
    rc = e.get("remove_counters")  # "remove 2 Ingredient counters from this card to copy its effects" (519)
    if rc:
        cn = st["cards"][src]["cn"] if src in st["cards"] and self.in_play(st, src) else {}
        if cn.get(rc["counter"], 0) < rc["n"]:
            return True  # the cost can't be paid (508.1d)
        cn[rc["counter"]] -= rc["n"]
        self.log(ev, "counters", lambda: f"{self.name(st, src)}: {rc['n']} {rc['counter']} counters removed")
    if e.get("banish_self"):
        if not self.in_play(st, src) or not self.leave_play(st, ev, src, "ban", verb="banished", cost=True):
            return True
    effs = [x for ab in self.abf[key] if ab["kind"] == "event" for x in ab["effects"]]
    self.log(ev, "copy", lambda: f"{self.pname(st, p)} copies the effects of {self.ff[key].name} (520.1)")
    fr["i"] += 1
    st["rq"].append({"p": p, "src": src, "eff": effs, "i": 0, "ch": None, "lbl": "copy", "after": None})
    fr["i"] -= 1
    return True


OPS = {"token_copy": _op_token_copy, "copy_that_event": _op_copy_that_event}
