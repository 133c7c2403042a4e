"""Effects that shape how other effects run: "you may", "Choose one", marking "it", repeating per
card or per player, acting as an opponent, choosing an area or a color, costs paid by effects."""
from __future__ import annotations

from ..constants import COLOR_NAMES, opponent
from .targeting import choose_target, target_cards


def effect_may(self, st, ev, fr, e) -> bool:
    p = fr["p"]
    src = fr["src"]
    if fr["ch"] is None:
        self.ask(st, p, "may", [True, False], "712.3", src=src, text=_describe(e))
        return False
    if fr["ch"]:
        fr["i"] += 1
        fr["ch"] = None
        st["rq"].append({"p": p, "src": src, "eff": list(e["effects"]), "i": 0, "ch": None, "lbl": "may",
                         "after": None, "it": fr.get("it"), "rev": fr.get("rev"), "x": fr.get("x") or {},
                         "rxa": fr.get("rxa")})
        fr["i"] -= 1  # the outer resolve_step increments after return True
        return True
    if e.get("else"):  # "You may discard a card. If you don't, retire this Friend."
        fr["i"] += 1
        fr["ch"] = None
        st["rq"].append({"p": p, "src": src, "eff": list(e["else"]), "i": 0, "ch": None, "lbl": "", "after": None,
                         "it": fr.get("it"), "x": fr.get("x") or {}})
        fr["i"] -= 1
    return True


def effect_choose_modes(self, st, ev, fr, e) -> bool:
    p = fr["p"]
    src = fr["src"]
    chosen = fr.setdefault("modes", [])
    if fr["ch"] == "each":  # SB136: "you may choose each effect instead" (710)
        chosen[:] = range(len(e["modes"]))
    elif fr["ch"] is not None:
        chosen.append(fr["ch"])
    fr["ch"] = None
    if len(chosen) < e.get("n", 1):
        opts = [i for i in range(len(e["modes"])) if i not in chosen]
        if e.get("n", 1) == 1 and _song_each(self, st, p, src):
            opts.append("each")
        self.ask(st, p, "choice", opts, "705.2f", src=src, what="mode", labels=e.get("labels"))
        return False
    fr.pop("modes", None)
    effs = [x for i in chosen for x in e["modes"][i]]
    fr["i"] += 1
    st["rq"].append({"p": p, "src": src, "eff": effs, "i": 0, "ch": None, "lbl": "", "after": None})
    fr["i"] -= 1
    return True


def _song_each(self, st, p, src) -> bool:
    """"If you would choose one effect while playing a Song card, you may choose each effect instead": ``p`` plays
    a Song (its printed trait) and has such a card in play with its abilities."""
    c = st["cards"].get(src)
    return bool(c and "Song" in self.ff[c["k"]].traits and "song_each" in self.ops_in_play(st)
                and any(st["cards"][o]["c"] == p for o, _ab in self.statics(st, "song_each")))


def effect_as_opponent(self, st, ev, fr, e) -> bool:
    p = fr["p"]
    src = fr["src"]
    fr["i"] += 1
    st["rq"].append({"p": opponent(p), "src": src, "eff": list(e["effects"]), "i": 0, "ch": None, "lbl": "", "after": None})
    fr["i"] -= 1
    return True


#: what ``pick_area`` returns while the player's decision waits
ASKED = "asked"


def pick_area(self, st, fr, player: int, areas: list[str], rule: str, src) -> str | None:
    """One of ``areas`` for an effect: chosen by ``player`` when there are two or more (705.2f; asked once, the
    answer read back from the frame), the only one otherwise; None when there is none, ``ASKED`` while waiting."""
    if not areas:
        return None
    if fr["ch"] is None and len(areas) > 1:
        self.ask(st, player, "choice", areas, rule, src=src, what="area")
        return ASKED
    return fr["ch"] if fr["ch"] in areas else areas[0]


def effect_choose_area(self, st, ev, fr, e) -> bool:
    p = fr["p"]
    src = fr["src"]
    areas = [a for a in self.problem_areas(st) if self.problem_at(st, a)]
    if not areas:
        return True
    if fr["ch"] is None:
        self.ask(st, p, "choice", areas, "705.2f", src=src, what="area")
        return False
    fr["rxa"] = fr["ch"]
    return True


def effect_each_player(self, st, ev, fr, e) -> bool:
    src = fr["src"]
    fr["i"] += 1
    for q in (opponent(st["tp"]), st["tp"]):  # pushed in reverse: the turn player resolves first (801.1)
        st["rq"].append({"p": q, "src": src, "eff": list(e["effects"]), "i": 0, "ch": None, "lbl": "", "after": None})
    fr["i"] -= 1
    return True


def effect_mark(self, st, ev, fr, e) -> bool:
    cands = target_cards(self, st, fr, e)
    done, one = choose_target(self, st, fr, e, cands)
    if not done:
        return False
    fr["it"] = one
    return True


def effect_exhaust_self_cost(self, st, ev, fr, e) -> bool:
    p = fr["p"]
    src = fr["src"]
    if not (src in st["cards"] and self.in_play(st, src) and self.exhaust(st, ev, src, by=p)):
        fr["i"] = len(fr["eff"])  # 508.1d the cost can't be paid: nothing else happens
        return False
    return True


def effect_leave_self_cost(self, st, ev, fr, e) -> bool:
    src = fr["src"]
    if not (src in st["cards"] and self.in_play(st, src)) or \
            self.leave_play(st, ev, src, e.get("to", "disc"), verb="banished" if e.get("to") == "ban" else "retired",
                            cost=True) is None:
        fr["i"] = len(fr["eff"])
        return False
    return True


def effect_pay(self, st, ev, fr, e) -> bool:
    p = fr["p"]
    # "Pay [X] ..., where X is the number of cards in your hand minus 1" (``hand_minus``; 105.2: never below 0)
    n = max(len(st["pl"][p]["hand"]) - e["hand_minus"], 0) if "hand_minus" in e else e["n"]
    if st["pl"][p]["tok"] < n:
        fr["i"] = len(fr["eff"])  # 508.1d can't pay: the rest does not happen
        return False
    st["pl"][p]["tok"] -= n
    self.log(ev, "pay", lambda: f"{self.pname(st, p)} pays {n}")
    if n > 0 and st["pl"][p]["tok"] == 0:
        self.fire_all(st, ev, "opp_pays_last", players=(opponent(p),))  # "pays their last action token"
    return True


def effect_per(self, st, ev, fr, e) -> bool:
    p = fr["p"]
    src = fr["src"]
    n = len(self.select(st, e["sel"], p, src)) if e.get("sel") else \
        (self.beneath_count(st, src) if e.get("beneath") and src in st["cards"] else 1)
    if e.get("counter"):  # "remove any number of Cutie Mark counters from it to ... for each" (one may each)
        n = st["cards"][src]["cn"].get(e["counter"], 0) if src in st["cards"] and self.in_play(st, src) else 0
    if n:
        fr["i"] += 1
        st["rq"].append({"p": p, "src": src, "eff": list(e["effects"]) * n, "i": 0, "ch": None, "lbl": "",
                         "after": None, "it": fr.get("it")})
        fr["i"] -= 1
    return True


def effect_lose_tokens(self, st, ev, fr, e) -> bool:
    p = fr["p"]
    for q in ((0, 1) if e.get("who") == "each" else (opponent(p) if e.get("who") == "opponent" else p,)):
        n = min(e.get("n", 1), st["pl"][q]["tok"])
        if "down_to" in e:  # "loses action tokens until they have no more than [2]"
            n = max(st["pl"][q]["tok"] - e["down_to"], 0)
        st["pl"][q]["tok"] -= n
        self.log(ev, "tokens", lambda q=q, n=n: f"{self.pname(st, q)} loses {n} action token(s)")
        if n > 0:
            self.fire_all(st, ev, "opp_loses_tokens", players=(opponent(q),))  # "loses one or more action tokens"
    return True


def effect_pick_color(self, st, ev, fr, e) -> bool:
    p = fr["p"]
    src = fr["src"]
    if fr["ch"] is None:
        self.ask(st, p, "choice", list(COLOR_NAMES), "705.2f", src=src, what="color")
        return False
    fr["color"] = fr["ch"]
    return True


def _describe(e) -> str:
    return ", ".join(x["op"] for x in e.get("effects", []))
