"""Optional replacements (710, 712.3): Persistent, Random, Pumped and the "instead" effects a player
may choose as they would apply."""
from __future__ import annotations

from ..constants import COLOR_NAMES, FRIEND
from ..flow import flip_one, random_cards
from ..flow.faceoff import defeat_troublemaker
from ..flow.turn import uncover_one


# ------------------------------------------------------------------ optional replacements (710, 712.3)
def queue_persistent(self, st, cid, zone, pos, verb) -> None:
    """Persistent would replace a card leaving play: its controller's ``may`` decision is asked from
    the resolution queue, on top of the frame being resolved, so it is answered before anything
    else of that effect happens (705.2f).  Several cards leaving at once share one frame and are
    decided in order."""
    e = {"op": "persistent", "card": cid, "zone": zone, "pos": pos, "verb": verb}
    rq = st["rq"]
    top = rq[-1] if rq else None
    if top is not None and top.get("lbl") == "Persistent" and top["i"] == 0 and top["ch"] is None and not st["pending"]:
        top["eff"].append(e)  # not started yet: the same occurrence batch
        return
    rq.append({"p": st["cards"][cid]["c"], "src": cid, "eff": [e], "i": 0, "ch": None, "lbl": "Persistent", "after": None})


def persistent_then(st, cid, event, p) -> None:
    """A trigger event the effect fires once the card has really left (kept on the queued decision)."""
    rq = st["rq"]
    if rq and rq[-1].get("lbl") == "Persistent":
        for pe in rq[-1]["eff"]:
            if pe.get("card") == cid:
                pe["then"] = [event, p]


def op_persistent(self, st, ev, fr, e) -> bool:
    cid = e["card"]
    if not self.in_play(st, cid):
        return True  # it has already left play (a new card, 410.6): nothing to replace
    if not self.persistent_applies(st, cid):
        # 710.5a: the replacement no longer applies (frightened, lost Persistent): it leaves
        _persistent_left(self, st, ev, e)
        return True
    q = st["cards"][cid]["c"]
    if fr["ch"] is None:
        self.ask(st, q, "may", [True, False], "710", src=cid, card=cid, what="Persistent",
                 text=f"Persistent: frighten {self.name(st, cid)} instead of it being {e['verb'].split(' (')[0]}")
        return False
    if fr["ch"]:
        self.log(ev, "replace", lambda: f"{self.name(st, cid)} is frightened instead (Persistent, 710)")
        self.frighten(st, ev, cid)  # 710.4: replaced even if it can't be frightened
    else:
        _persistent_left(self, st, ev, e)  # declined: the card leaves (710.3: not replaced again)
    return True


def _persistent_left(self, st, ev, e) -> None:
    if self.leave_play(st, ev, e["card"], e["zone"], e["pos"], verb=e["verb"], persist=False) and e.get("then"):
        self.fire_all(st, ev, e["then"][0], players=(e["then"][1],))


def op_random_flip(self, st, ev, fr, e) -> bool:
    """Random: "Once per faceoff, during a faceoff involving this card, if you flip a card with 1
    power, you may ignore it and flip a new card" (712.3: asked as the card is flipped)."""
    fo = st["fo"]
    p = e["p"]
    nid = e["card"]
    rnd = random_cards(self, st, p) if fo else []
    if not rnd or nid not in st["pl"][p]["flip"] or nid in fo["ign"]:
        return True  # each Random card used already this faceoff, or no longer applicable
    if fr["ch"] is None:
        self.ask(st, p, "may", [True, False], "Random (712.3)", card=nid, what="Random",
                 text=f"Random: ignore {self.name(st, nid)} (1 power) and flip a new card")
        return False
    if fr["ch"]:
        fo["rand"].append(rnd[0])  # once per faceoff for that card: only a use counts
        fo["ign"].append(nid)  # 514.4b / 515.4
        self.log(ev, "flip", lambda: f"Random: {self.pname(st, p)} ignores {self.name(st, nid)} and flips a new card")
        flip_one(self, st, ev, p)
    return True


def op_pumped(self, st, ev, fr, e) -> bool:
    """Pumped: "Once per faceoff, during a faceoff involving this card, if you would put a flipped
    card on the bottom of your deck you may banish it to beneath this card instead." Asked as the
    faceoff ends (514.6), once for each Pumped card: ``may`` for one flipped card, else a ``target``
    among them (or ``none``)."""
    p = e["p"]
    host = e["host"]
    flips = list(st["pl"][p]["flip"])
    if not flips or not self.in_play(st, host) or st["cards"][host]["c"] != p or not self.kw(st, host, "Pumped") \
            or not (st["fo"] and self.involved(st, host)):
        return True
    if fr["ch"] is None:
        txt = f"Pumped: banish a flipped card beneath {self.name(st, host)} instead of the bottom of your deck"
        if len(flips) == 1:
            self.ask(st, p, "may", [True, False], "Pumped (710)", card=host, what="Pumped", text=txt, flipped=flips[0])
        else:
            self.ask(st, p, "target", flips + ["none"], "Pumped (710)", op="pumped", src=host, text=txt)
        return False
    ch = fr["ch"]
    fid = flips[0] if ch is True else ch if ch in flips else None
    if fid is not None:
        nm = self.name(st, fid)
        nid = self.put(st, fid, "ban")
        st["cards"][nid]["bn"] = host
        self.log(ev, "pumped", lambda: f"{nm} is banished beneath {self.name(st, host)} (Pumped)")
    return True


# ------------------------------------------------------------------ optional replacement modifiers (710)
def op_replace_ask(self, st, ev, fr, e) -> bool:
    """"If this card would be frightened, you may exhaust it instead", "If another of your Friends here
    would be dismissed, you may retire this card instead", ...: the source's controller decides (712.3)
    as the occurrence would happen; "yes" does the replacing effects ("it" is the card), "no" lets the
    occurrence happen without this modifier (710.3; another modifier may still replace it)."""
    cid, src = e["card"], fr["src"]
    if not self.in_play(st, cid):
        return True  # it has already left play (a new card, 410.6): nothing to replace
    skip = tuple(e.get("skip", ())) + (src,)
    abl = self.abilities(st, src) if self.in_play(st, src) else ()
    ab = abl[e["i"]] if e["i"] < len(abl) else None
    if ab is None or ab.get("op") != "replace" or (src, e["i"]) not in self.replacements(st, cid, tuple(e["evs"]), tuple(e.get("skip", ())), e.get("by"),
                                                                   e.get("to")):
        _replace_declined(self, st, ev, e, tuple(e.get("skip", ())))  # 710.5a: it no longer applies
        return True
    q = fr["p"]
    if fr["ch"] is None:
        what = {"frighten": "frightened", "move": "moved", "defeat": "defeated", "ready": "readied", "uncover": "uncovered", "replace_problem": "replaced", "face_up": "turned face-up"}.get(e["evs"][0]) or e.get("verb", "dismissed").split(" (")[0]
        self.ask(st, q, "may", [True, False], "710", src=src, card=cid, what="replacement",
                 text=f"{self.name(st, src)}: replace {self.name(st, cid)} being {what} — \"{ab.get('text', '')}\"")
        return False
    if fr["ch"]:
        if ab.get("pay"):
            st["pl"][q]["tok"] -= ab["pay"]
        self.log(ev, "replace", lambda: f"{self.name(st, src)} replaces it (710): {ab.get('text', '')}")
        fr["i"] += 1
        st["rq"].append({"p": q, "src": src, "eff": list(ab["instead"]), "i": 0, "ch": None, "lbl": "", "after": None,
                         "it": cid, "x": {"to": e.get("to"), "mby": e.get("mby", e.get("by")), "skip": list(skip)}})
        fr["i"] -= 1
    else:
        _replace_declined(self, st, ev, e, skip)
    return True


def _replace_declined(self, st, ev, e, skip) -> None:
    if e["evs"] == ["frighten"]:
        self.frighten(st, ev, e["card"], rskip=skip)
    elif e["evs"] == ["replace_problem"]:
        if e["area"] in st["areas"] and self.problem_at(st, e["area"]) == e["card"]:
            self.replace_problem(st, ev, e["area"], solved=e["solved"], solved_fired=e["sfd"], rskip=skip)
    elif e["evs"] == ["face_up"]:
        self.turn_tm_face_up(st, ev, e["card"], rskip=skip, restamp=e.get("rst", True))
    elif e["evs"] == ["uncover"]:
        uncover_one(self, st, ev, e["card"], by=e.get("uby"), rskip=skip)
    elif e["evs"] == ["ready"]:
        self.ready(st, ev, e["card"], rskip=skip)
    elif e["evs"] == ["defeat"]:
        defeat_troublemaker(self, st, ev, e["card"], e["chal"])
    elif e["evs"] == ["move"]:
        self.move_card(st, ev, e["card"], e["to"], by=e.get("mby"), rskip=skip)
    else:
        self.leave_play(st, ev, e["card"], e["zone"], e["pos"], verb=e["verb"], rskip=skip)


def no_replace(self, st, area) -> bool:
    """"This card's Problem can't be replaced until it is solved" (104.2: an effect can't replace it)."""
    return any(st["cards"][o]["a"] == area for o, ab in self.statics(st, "no_replace"))


def op_send_to_area(self, st, ev, fr, e) -> bool:
    """A card sent to another Problem instead of home: its controller chooses which (705.2f)."""
    cid = e["card"]
    areas = [a for a in e["areas"] if a in st["areas"] and self.problem_at(st, a)]
    if not self.in_play(st, cid) or not areas:
        return True
    if fr["ch"] is None and len(areas) > 1:
        self.ask(st, fr["p"], "choice", areas, "705.2f", src=cid, what="area")
        return False
    to = fr["ch"] if fr["ch"] in areas else areas[0]
    self.move_card(st, ev, cid, to, send=True)
    return True


def op_choose_colors(self, st, ev, fr, e) -> bool:
    """"As this card enters play, choose up to two colors. This card has those colors": one color at a
    time, "done" ends the choice (none, one or two)."""
    src, p = fr["src"], fr["p"]
    k = fr.get("k")
    if k is None:
        k = fr["k"] = []
    if fr["ch"] is not None:
        if fr["ch"] == "done":
            k.append("done")
        elif fr["ch"] in COLOR_NAMES and fr["ch"] not in k:
            k.append(fr["ch"])
        fr["ch"] = None
    cols = [x for x in k if x != "done"]
    if "done" not in k and len(cols) < e.get("n", 2):
        self.ask(st, p, "choice", [c for c in COLOR_NAMES if c not in cols] + ["done"], "as this card enters play",
                 src=src, what="color")
        return False
    if cols and src in st["cards"] and self.in_play(st, src):
        st["cards"][src]["col"] = list(cols)
        self.log(ev, "color", lambda: f"{self.name(st, src)} is {', '.join(cols)}")
    return True


def op_reveal_colors(self, st, ev, fr, e) -> bool:
    """"As this card enters play, you may reveal a Friend in your hand. This card is the revealed
    Friend's colors" (its printed colors, 202; "none": nothing is revealed, 712.3)."""
    src, p = fr["src"], fr["p"]
    cands = [c for c in st["pl"][p]["hand"] if self.types[st["cards"][c]["k"]] == FRIEND]
    if not cands:
        return True
    if fr["ch"] is None:
        self.ask(st, p, "target", cands + ["none"], "712.3", op="reveal", src=src)
        return False
    ch = fr["ch"]
    if ch in cands and src in st["cards"] and self.in_play(st, src):
        f = self.ff[st["cards"][ch]["k"]]
        self.log(ev, "reveal", lambda: f"{self.pname(st, p)} reveals {f.name} from their hand")
        st["cards"][src]["col"] = list(f.colors)
    return True
