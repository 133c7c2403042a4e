"""The effect interpreter: resolves frames of vocabulary effects (effects.py) from the resolution
queue ``st["rq"]``.  When an effect needs a choice (a target, "you may", ...) it sets a pending
decision and returns; the chosen option comes back in ``frame["ch"]`` (705.2f: decisions are made
in order while following the instructions)."""
from __future__ import annotations

from .carddb import COLOR_NAMES

FRIEND = "Friend"


def _opp(p):
    return 1 - p


def resolve_step(self, st, ev) -> None:
    fr = st["rq"][-1]
    if fr["i"] >= len(fr["eff"]):
        st["rq"].pop()
        after = fr.get("after") or {}
        if "discard" in after:
            cid = after["discard"]
            if cid in st["cards"]:
                st["cards"][cid]["z"] = "queue"
                self.put(st, cid, "disc")  # 304.2
        if "retire" in after and self.in_play(st, after["retire"]):
            self.leave_play(st, ev, after["retire"], "disc", verb="retired")
        if "banish" in after and self.in_play(st, after["banish"]):
            self.leave_play(st, ev, after["banish"], "ban", verb="banished")
        return
    e = fr["eff"][fr["i"]]
    if self.run_effect(st, ev, fr, e):
        fr["i"] += 1
        fr["ch"] = None
        fr.pop("k", None)


def _targets(self, st, fr, e):
    tgt = e.get("target") or {"self": True}
    if "id" in tgt:
        return [tgt["id"]] if tgt["id"] in st["cards"] else []
    if tgt.get("it"):
        it = fr.get("it")
        return [it] if it and self.in_play(st, it) else []
    return self.select(st, tgt, fr["p"], fr["src"])


def _choose_target(self, st, fr, e, cands, rule="705.2f"):
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


def run_effect(self, st, ev, fr, e) -> bool:
    op = e["op"]
    p = fr["p"]
    src = fr["src"]
    if op == "may":
        if fr["ch"] is None:
            self.ask(st, p, "may", [True, False], "712.3", src=src, text=_describe(e))
            return False
        if fr["ch"]:
            fr["i"] += 1
            fr["ch"] = None
            st["rq"].append({"p": p, "src": src, "eff": list(e["effects"]), "i": 0, "ch": None, "lbl": "may",
                             "after": None, "it": fr.get("it")})
            fr["i"] -= 1  # the outer resolve_step increments after return True
            return True
        return True
    if op == "choose_modes":
        chosen = fr.setdefault("modes", [])
        if fr["ch"] is not None:
            chosen.append(fr["ch"])
            fr["ch"] = None
        if len(chosen) < e.get("n", 1):
            opts = [i for i in range(len(e["modes"])) if i not in chosen]
            self.ask(st, p, "choice", opts, "705.2f", src=src, what="mode", labels=e.get("labels"))
            return False
        fr.pop("modes", None)
        effs = [x for i in chosen for x in e["modes"][i]]
        fr["i"] += 1
        st["rq"].append({"p": p, "src": src, "eff": effs, "i": 0, "ch": None, "lbl": "", "after": None})
        fr["i"] -= 1
        return True
    if op == "hand_to_deck_top":
        hand = st["pl"][p]["hand"]
        if not hand:
            return True
        if fr["ch"] is None:
            self.ask(st, p, "target", list(hand), "402.3", op=op, src=src)
            return False
        if fr["ch"] in hand:
            self.put(st, fr["ch"], "deck", "top")
            self.log(ev, "deck", lambda: f"{self.pname(st, p)} puts a card from their hand on top of their deck")
        return True
    if op == "uncover":
        cands = [c for c in st["play"] if st["cards"][c].get("fd") and self.ctype(st, c) == "Troublemaker"
                 and (not e.get("mine") or st["cards"][c]["c"] == p)
                 and (not e.get("here") or (src in st["cards"] and st["cards"][c]["a"] == st["cards"][src].get("a")))]
        done, one = _choose_target(self, st, fr, e, cands)
        if not done:
            return False
        if one:
            from .flow import uncover_one

            uncover_one(self, st, ev, one)
        return True
    if op == "each_player":
        fr["i"] += 1
        for q in (_opp(st["tp"]), st["tp"]):  # pushed in reverse: the turn player resolves first (801.1)
            st["rq"].append({"p": q, "src": src, "eff": list(e["effects"]), "i": 0, "ch": None, "lbl": "", "after": None})
        fr["i"] -= 1
        return True
    if op == "mark":
        cands = _targets(self, st, fr, e)
        done, one = _choose_target(self, st, fr, e, cands)
        if not done:
            return False
        fr["it"] = one
        return True
    if op == "if":
        cond = e["cond"]
        found = self.select(st, cond["sel"], p, src)
        ok = bool(found) if cond["k"] == "you_have" else not found
        if ok:
            fr["i"] += 1
            st["rq"].append({"p": p, "src": src, "eff": list(e["effects"]), "i": 0, "ch": None, "lbl": "", "after": None})
            fr["i"] -= 1
        return True
    if op == "exhaust_self_cost":
        if not (src in st["cards"] and self.in_play(st, src) and self.exhaust(st, ev, src, by=p)):
            fr["i"] = len(fr["eff"])  # 508.1d the cost can't be paid: nothing else happens
            return False
        return True
    if op == "leave_self_cost":
        if not (src in st["cards"] and self.in_play(st, src)) or \
                self.leave_play(st, ev, src, e.get("to", "disc"), verb="banished" if e.get("to") == "ban" else "retired") is None:
            fr["i"] = len(fr["eff"])
            return False
        return True
    if op == "pay":
        if st["pl"][p]["tok"] < e["n"]:
            fr["i"] = len(fr["eff"])  # 508.1d can't pay: the rest does not happen
            return False
        st["pl"][p]["tok"] -= e["n"]
        self.log(ev, "pay", lambda: f"{self.pname(st, p)} pays {e['n']}")
        return True
    if op == "if_faceoff":
        if st["fo"]:
            fr["i"] += 1
            st["rq"].append({"p": p, "src": src, "eff": list(e["effects"]), "i": 0, "ch": None, "lbl": "", "after": None})
            fr["i"] -= 1
        return True
    if op == "flip_if_involved":
        if st["fo"]:
            titles = {self.face(st, c).title for c in st["play"] if self.involved(st, c) and st["cards"][c]["c"] == p
                      and not st["cards"][c].get("t")}
            have = [n for n in e["names"] if n in titles]
            n = e["all_n"] if len(have) == len(e["names"]) else e["n"] if have else 0
            from .flow import _flip_one

            for _ in range(n):
                _flip_one(self, st, ev, p)
        return True
    if op == "lose_tokens":
        q = _opp(p) if e.get("who") == "opponent" else p
        n = min(e.get("n", 1), st["pl"][q]["tok"])
        st["pl"][q]["tok"] -= n
        self.log(ev, "tokens", lambda: f"{self.pname(st, q)} loses {n} action token(s)")
        return True
    if op == "mill":
        deck = st["pl"][p]["deck"]
        for _ in range(min(e.get("n", 1), len(deck))):
            nm = self.name(st, deck[0])
            self.put(st, deck[0], "disc")
            self.log(ev, "mill", lambda nm=nm: f"{self.pname(st, p)} puts {nm} from the top of their deck into their discard pile")
        return True
    if op == "replace_problem":
        areas = [a for a in self.problem_areas(st) if self.problem_at(st, a)]
        if not areas:
            return True
        if fr["ch"] is None:
            self.ask(st, p, "choice", areas, "613.2", src=src, what="area")
            return False
        if fr["ch"] in st["areas"]:
            self.replace_problem(st, ev, fr["ch"])
        return True
    if op in ("draw", "discard", "gain", "score", "look_top", "search", "flip", "token", "put_into_play",
              "cost_reduction", "turn_over", "cutie_mark", "choose_color"):
        return _player_effect(self, st, ev, fr, e)
    # targeted card effects
    tgt = e.get("target") or {"self": True}
    if tgt.get("self") and src in st["cards"] and st["cards"][src].get("z") == "flip" and op in ("banish", "dismiss", "to_deck_top"):
        # a flipped (Chaos) card acting on itself in the flip zone
        nm = self.name(st, src)
        self.put(st, src, "ban" if op == "banish" else "deck" if op == "to_deck_top" else "disc", "top")
        self.log(ev, "zone", lambda: f"{nm} is {'banished' if op == 'banish' else 'moved'} from the flip zone")
        return True
    cands = _targets(self, st, fr, e)
    if op == "move" and fr.get("k") in cands:
        chosen = [fr["k"]]  # the card whose destination was just chosen (``ch`` holds the area, not a target)
    elif tgt.get("each"):
        chosen = cands
    else:
        done, one = _choose_target(self, st, fr, e, cands)
        if not done:
            return False
        chosen = [one] if one else []
    for cid in chosen:
        if not self.in_play(st, cid):
            continue
        fr["it"] = cid
        if op == "exhaust":
            self.exhaust(st, ev, cid, by=p)
        elif op == "ready":
            if self.ready(st, ev, cid):
                self.log(ev, "ready", lambda cid=cid: f"{self.name(st, cid)} is readied")
        elif op == "frighten":
            self.frighten(st, ev, cid)
        elif op == "unfrighten":
            self.unfrighten(st, ev, cid)
        elif op == "dismiss":
            self.leave_play(st, ev, cid, "disc", verb="dismissed")
        elif op == "banish":
            self.leave_play(st, ev, cid, "ban", verb="banished")
        elif op == "retire":
            if st["cards"][cid]["c"] == p:  # 410.2
                self.leave_play(st, ev, cid, "disc", verb="retired")
        elif op == "to_hand":
            self.leave_play(st, ev, cid, "hand", verb="returned to its owner's hand")
        elif op == "to_deck_top":
            self.leave_play(st, ev, cid, "deck", "top", verb="put on top of its owner's deck")
        elif op == "send_home":
            if not st["cards"][cid]["a"].startswith("home"):
                self.send_home(st, ev, cid)
        elif op == "move":
            to = e.get("to", "choose")
            c = st["cards"][cid]
            if to == "home":
                dest = [f"home{c['c']}"]
            elif to == "here" and src in st["cards"] and st["cards"][src].get("a"):
                dest = [st["cards"][src]["a"]]
            else:
                dest = [a for a in st["areas"] if a != c["a"] and not (a.startswith("home") and int(a[4:]) != c["c"])]
                if to == "problem":
                    dest = [a for a in dest if not a.startswith("home")]
            dest = [a for a in dest if a != c["a"]]
            if self.statics(st, "no_move"):  # "Your opponents can't move this card", ... (506)
                dest = [a for a in dest if not self.move_blocked(st, p, cid, c["a"], a)]
            tax = {a: self.action_tax(st, p, "move", cid, c["a"], a, unless_only=True) for a in dest} \
                if self.statics(st, "action_cost") else {}
            if any(tax.values()):
                # "Opponents can't move characters unless they pay [1]": a taxed destination is open only
                # if its cost can be paid (508.1d); choosing it pays, and the mover may decline ("none")
                dest = [a for a in dest if tax[a] <= st["pl"][p]["tok"]]
                if not dest:
                    continue
                if fr.get("k") is None:
                    fr["k"] = cid
                    fr["ch"] = None
                    self.ask(st, p, "choice", dest + ["none"], "506", src=src, what="area")
                    return False
                if fr["ch"] not in dest:
                    continue
                area = fr["ch"]
                if tax[area]:
                    st["pl"][p]["tok"] -= tax[area]
                    self.log(ev, "pay", lambda a=area: f"{self.pname(st, p)} pays {tax[a]} to move {self.name(st, cid)}")
                self.move_card(st, ev, cid, area)
                continue
            if not dest:
                continue
            if len(dest) > 1:
                if fr.get("k") is None:
                    fr["k"] = cid
                    fr["ch"] = None
                    self.ask(st, p, "choice", dest, "506", src=src, what="area")
                    return False
                area = fr["ch"] if fr["ch"] in dest else dest[0]
            else:
                area = dest[0]
            self.move_card(st, ev, cid, area)
        elif op == "power":
            n = e["n"]
            if e.get("until", "turn") == "permanent":
                st["cards"][cid]["cn"]["+1"] = st["cards"][cid]["cn"].get("+1", 0) + n
            else:
                self.add_mod(st, cid, n, e.get("until", "turn"))
            self.log(ev, "power", lambda cid=cid: f"{self.name(st, cid)} gets {n:+d} power"
                     f"{' until the end of the ' + e.get('until', 'turn') if e.get('until') != 'permanent' else ''}")
        elif op == "add_color":
            col = e["color"]
            if self.is_char(st, cid) or self.ctype(st, cid) == "Troublemaker":
                self.add_mod(st, cid, 0, e.get("until", "turn"), col=col)
                self.log(ev, "color", lambda cid=cid: f"{self.name(st, cid)} is also [{col}] until the end of the "
                         f"{'phase' if e.get('until') == 'phase' else e.get('until', 'turn')}")
        elif op == "turn_face_down":
            c = st["cards"][cid]
            if not c.get("fd"):
                c["fd"] = True  # 505.3 it becomes a different card: modifiers and counters end
                c["cn"] = {}
                st["mods"] = [m for m in st["mods"] if m["t"] != cid]
                st["dy"] = 1
                self.log(ev, "face_down", lambda cid=cid: "A Troublemaker is turned face-down")
        elif op == "gain_control":
            c = st["cards"][cid]
            if c["c"] != p:
                old = c["c"]
                c["c"] = p  # 513.2
                st["dy"] = 1
                if e.get("until", "permanent") != "permanent":
                    st["ctl"].append({"t": cid, "to": old, "u": e["until"]})
                self.log(ev, "control", lambda cid=cid: f"{self.pname(st, p)} gains control of {self.name(st, cid)}")
        elif op == "counters":
            cn = st["cards"][cid]["cn"]
            key = e.get("counter", "+1")
            cn[key] = cn.get(key, 0) + e.get("n", 1)
            self.log(ev, "counters", lambda cid=cid: f"{self.name(st, cid)} gets {e.get('n', 1)} {key} counter(s)")
    return True


def _player_effect(self, st, ev, fr, e) -> bool:
    op = e["op"]
    p = fr["p"]
    src = fr["src"]
    who = e.get("who", "you")
    targets = [p] if who == "you" else [_opp(p)] if who == "opponent" else [p, _opp(p)]
    if op == "draw":
        for q in targets:
            self.draw(st, ev, q, e.get("n", 1))
    elif op == "gain":
        st["pl"][p]["tok"] += e.get("n", 1)
        self.log(ev, "tokens", lambda: f"{self.pname(st, p)} gains {e.get('n', 1)} action token(s)")
    elif op == "score":
        for q in targets:
            self.score(st, ev, q, e.get("n", 1))
    elif op == "cost_reduction":
        st["pl"][p]["disc_next"].append({"type": e.get("type", "card"), "n": e.get("n", 1), "u": e.get("until", "turn")})
    elif op == "discard":
        q = targets[0]
        hand = st["pl"][q]["hand"]
        done = fr.get("k") or 0
        if done >= e.get("n", 1) or not hand:
            return True
        if e.get("random"):
            cid = hand[self.rand(st, len(hand))]
        elif fr["ch"] is None:
            if len(hand) <= e.get("n", 1) - done:
                cid = hand[0]
            else:
                self.ask(st, q, "target", list(hand), "410.3", op="discard", src=src)
                return False
        else:
            cid = fr["ch"]
            fr["ch"] = None
        nm = self.db.cards[st["cards"][cid]["k"]].name
        self.put(st, cid, "disc")
        self.log(ev, "discard", lambda: f"{self.pname(st, q)} discards {nm}")
        fr["k"] = done + 1
        if fr["k"] < e.get("n", 1) and st["pl"][q]["hand"]:
            return _player_effect(self, st, ev, fr, e)
    elif op == "flip":
        fo = st["fo"]
        if fo:
            from .flow import _flip_one

            for _ in range(e.get("n", 1)):
                _flip_one(self, st, ev, p)
    elif op == "look_top":
        q = p if e.get("whose", "you") == "you" else _opp(p)
        deck = st["pl"][q]["deck"]
        n = min(e.get("n", 1), len(deck))
        if n <= 0:
            return True
        # decide one card at a time: top or bottom (private; Meticulous / Inspired)
        k = fr.get("k") or 0
        if fr["ch"] is None:
            if k == 0:
                fr["look"] = deck[:n]
                if not ev.quiet:
                    names = ", ".join(self.db.cards[st["cards"][c]["k"]].name for c in fr["look"])
                    ev.add("look", f"{self.pname(st, p)} looks at the top {n} card(s) of a deck", player=p)
                    ev.add("look", f"You see: {names}", to=p)
            if k >= len(fr["look"]):
                _finish_look(self, st, fr, q)
                return True
            self.ask(st, p, "look", ["top", "bottom"], "Meticulous/Inspired", card=k)
            return False
        fr.setdefault("bot", [])
        if fr["ch"] == "bottom":
            fr["bot"].append(fr["look"][k])
        fr["k"] = k + 1
        fr["ch"] = None
        if fr["k"] >= len(fr["look"]):
            _finish_look(self, st, fr, q)
            return True
        self.ask(st, p, "look", ["top", "bottom"], "Meticulous/Inspired", card=fr["k"])
        return False
    elif op == "search":
        zone = e.get("zone", "deck")
        lst = st["pl"][p][zone]
        flt = e.get("filter", {})
        cands = [c for c in lst if _card_filter(self, st, c, flt)]
        if fr["ch"] is None:
            if not cands:
                if zone == "deck":
                    self.shuffle(st, lst)  # 518.2
                return True
            self.ask(st, p, "target", cands + ["none"], "518.1", op="search", src=src)
            return False
        ch = fr["ch"]
        if ch != "none" and ch in lst:
            nm = self.db.cards[st["cards"][ch]["k"]].name
            if e.get("to") == "play":
                self.enter_play(st, ev, ch, f"home{p}", p)
                self.log(ev, "search", lambda: f"{self.pname(st, p)} searches and puts {nm} into play")
            else:
                self.put(st, ch, e.get("to", "hand"))
                self.log(ev, "search", lambda: f"{self.pname(st, p)} searches and puts {nm} into their hand")
        if zone == "deck":
            self.shuffle(st, lst)
    elif op == "put_into_play":
        zone = e.get("zone", "discard")
        if zone == "self":
            if src in st["cards"] and st["cards"][src].get("z") in ("flip", "hand", "disc"):
                area = f"home{p}"
                self.enter_play(st, ev, src, area, p)
            return True
        lst = st["pl"][p]["disc" if zone == "discard" else zone]
        flt = e.get("filter", {})
        cands = [c for c in lst if _card_filter(self, st, c, flt)]
        if fr["ch"] is None:
            if not cands:
                return True
            self.ask(st, p, "target", cands + ["none"], "706", op="put_into_play", src=src)
            return False
        ch = fr["ch"]
        if ch != "none" and ch in lst:
            area = f"home{p}"
            if e.get("at") == "here" and src in st["cards"] and st["cards"][src].get("a"):
                area = st["cards"][src]["a"]
            nid = self.enter_play(st, ev, ch, area, p)
            self.log(ev, "enter", lambda: f"{self.name(st, nid)} is put into play")
    elif op == "token":
        col = e.get("color")
        t = {"power": e.get("power", 1), "colors": [col] if col else [], "traits": list(e.get("traits", [])),
             "name": e.get("name") or " ".join(e.get("traits", [])) or "Token", "kw": dict(e.get("kw") or {})}  # 521.1a
        cid = f"c{st['nid']}"
        st["nid"] += 1
        # a token has only its specified information (521.1); "k" is a neutral placeholder Friend key
        st["cards"][cid] = {"k": self.token_key, "o": p, "z": "hand", "t": t}
        st["pl"][p]["hand"].append(cid)
        area = f"home{p}"
        if e.get("at") == "here" and src in st["cards"] and st["cards"][src].get("a"):
            area = st["cards"][src]["a"]
        nid = self.enter_play(st, ev, cid, area, p)
        st["cards"][nid]["t"] = t
        self.log(ev, "token", lambda: f"{self.pname(st, p)} puts a {t['power']}-power {t['name']} token into play")
    elif op == "turn_over":
        if src in st["cards"] and self.in_play(st, src):
            c = st["cards"][src]
            if self.cdef(st, src).boosted is not None:
                c["b"] = not c.get("b")
                st["dy"] = 1
                self.log(ev, "boost", lambda: f"{self.name(st, src)} is turned over ({'Boosted' if c['b'] else 'Start'} side) (301.2)")
    elif op == "cutie_mark":
        if src in st["cards"] and self.in_play(st, src):
            c = st["cards"][src]
            if not c.get("cm"):
                c["cm"] = True
                c["cn"]["+1"] = c["cn"].get("+1", 0) + 1
                self.log(ev, "cutie", lambda: f"{self.name(st, src)} is Cutie Marked")
                self.fire(st, ev, "cutie_marked", src)
                self.fire_all(st, ev, "friend_cutie", players=(c["c"],))
    elif op == "choose_color":
        if fr["ch"] is None:
            self.ask(st, p, "choice", list(COLOR_NAMES), "as this card enters play", src=src, what="color")
            return False
        if src in st["cards"] and self.in_play(st, src):
            st["cards"][src]["col"] = [fr["ch"]]
    return True


def _finish_look(self, st, fr, q):
    deck = st["pl"][q]["deck"]
    bot = fr.get("bot", [])
    for c in bot:
        if c in deck:
            deck.remove(c)
            deck.append(c)
    fr.pop("look", None)
    fr.pop("bot", None)


def _card_filter(self, st, cid, flt) -> bool:
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
    if "title" in flt and flt["title"] != f.title:
        return False
    return True


def _describe(e) -> str:
    return ", ".join(x["op"] for x in e.get("effects", []))


def play_effects(self, st, ev, p, src, effects, label="") -> None:
    st["rq"].append({"p": p, "src": src, "eff": list(effects), "i": 0, "ch": None, "lbl": label, "after": None})
