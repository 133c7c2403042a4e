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
    if tgt.get("at") == "there":
        # "there" / "that Problem": the area of the card a Reaction responds to (reactions.py)
        tgt = {**tgt, "at": "area", "area": fr.get("rxa")}
    if tgt.get("fresh"):  # "up to two ...": a card already chosen by this frame can't be chosen again
        picked = fr.get("picked") or ()
        return [c for c in self.select(st, tgt, fr["p"], fr["src"]) if c not in picked]
    if tgt.get("not_it"):  # "another ...": not the card a watched event happened to either
        it = (fr.get("x") or {}).get("it")
        return [c for c in _targets(self, st, fr, {**e, "target": {k: v for k, v in tgt.items() if k != "not_it"}}) if c != it]
    if tgt.get("at") == "it":  # "there": the area of the card a watched event happened to
        it = (fr.get("x") or {}).get("it")
        if not (it and self.in_play(st, it)):
            return []
        area = st["cards"][it]["a"]
        return [c for c in self.select(st, {k: v for k, v in tgt.items() if k != "at"}, fr["p"], fr["src"])
                if st["cards"][c]["a"] == area]
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
                             "after": None, "it": fr.get("it"), "rev": fr.get("rev"), "x": fr.get("x") or {}})
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
            self.fire_all(st, ev, "you_deck_top", players=(p,))  # "When you put a card on top of your deck"
        return True
    if op == "uncover":
        cands = [c for c in st["play"] if st["cards"][c].get("fd") and self.ctype(st, c) == "Troublemaker"
                 and (not e.get("mine") or st["cards"][c]["c"] == p)
                 and (not e.get("opp") or st["cards"][c]["c"] != p)
                 and (not e.get("here") or (src in st["cards"] and st["cards"][c]["a"] == st["cards"][src].get("a")))]
        done, one = _choose_target(self, st, fr, e, cands)
        if not done:
            return False
        if one:
            from .flow import uncover_one

            uncover_one(self, st, ev, one, by=p)
        return True
    if op == "as_opponent":
        fr["i"] += 1
        st["rq"].append({"p": _opp(p), "src": src, "eff": list(e["effects"]), "i": 0, "ch": None, "lbl": "", "after": None})
        fr["i"] -= 1
        return True
    if op == "choose_area":  # "choose a Problem": later "there" (reactions.py)
        areas = [a for a in self.problem_areas(st) if self.problem_at(st, a)]
        if not areas:
            return True
        if fr["ch"] is None:
            self.ask(st, p, "choice", areas, "705.2f", src=src, what="area")
            return False
        fr["rxa"] = fr["ch"]
        return True
    if op == "shuffle_decks":
        for q in (st["tp"], _opp(st["tp"])):
            self.shuffle(st, st["pl"][q]["deck"])
        self.log(ev, "shuffle", "Each player shuffles their deck")
        return True
    if op == "ignore_flip":  # "ignore that card and flip another card" (514.4b: it stays flipped)
        fo = st["fo"]
        it = fr.get("it")
        if fo and it in st["cards"] and st["cards"][it].get("z") == "flip" and it not in fo["ign"]:
            fo["ign"].append(it)
            q = st["cards"][it]["o"]
            self.log(ev, "flip", lambda: f"{self.name(st, it)} is ignored")
            from .flow import _flip_one

            _flip_one(self, st, ev, q)
        return True
    if op == "send_back":  # "Send that character to its previous area."
        it, frm = fr.get("it"), fr.get("rxf")
        if it and frm and self.in_play(st, it) and frm in st["areas"]:
            self.move_card(st, ev, it, frm, send=True)
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
        if cond["k"] == "points_at_least":  # "If a player has 8 or more points"
            ok = any(pl_["score"] >= cond["n"] for pl_ in st["pl"])
        elif cond["k"] == "won_by":  # "If you won a Problem faceoff by at least N power this turn"
            won = st["pl"][p].get("wonp")
            ok = bool(won) and won[0] == st["turn"] and won[1] >= cond["n"]
        elif cond["k"] in ("you_have", "none"):
            found = self.select(st, cond["sel"], p, src)
            ok = bool(found) if cond["k"] == "you_have" else not found
        else:
            ok = _if_cond(self, st, p, src, cond)
        if ok:
            fr["i"] += 1
            st["rq"].append({"p": p, "src": src, "eff": list(e["effects"]), "i": 0, "ch": None, "lbl": "", "after": None,
                             "it": fr.get("it"), "x": fr.get("x") or {}})
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
        if e["n"] > 0 and st["pl"][p]["tok"] == 0:
            self.fire_all(st, ev, "opp_pays_last", players=(_opp(p),))  # "pays their last action token"
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
    if op == "start_fo":
        return _start_fo(self, st, ev, fr, e)
    if op == "per":  # "... for each <selector>": the instructions repeated, counted as they resolve
        n = len(self.select(st, e["sel"], p, src)) if e.get("sel") else 1
        if n:
            fr["i"] += 1
            st["rq"].append({"p": p, "src": src, "eff": list(e["effects"]) * n, "i": 0, "ch": None, "lbl": "",
                             "after": None, "it": fr.get("it")})
            fr["i"] -= 1
        return True
    if op in ("reveal_top", "revealed", "lose_game", "end_faceoff"):
        return _faceoff_effect(self, st, ev, fr, e)
    if op == "lose_tokens":
        for q in ((0, 1) if e.get("who") == "each" else (_opp(p) if e.get("who") == "opponent" else p,)):
            n = min(e.get("n", 1), st["pl"][q]["tok"])
            if "down_to" in e:  # "loses action tokens until they have no more than [2]"
                n = max(st["pl"][q]["tok"] - e["down_to"], 0)
            st["pl"][q]["tok"] -= n
            self.log(ev, "tokens", lambda q=q, n=n: f"{self.pname(st, q)} loses {n} action token(s)")
            if n > 0:
                self.fire_all(st, ev, "opp_loses_tokens", players=(_opp(q),))  # "loses one or more action tokens"
        return True
    if op == "flipped_card":
        return _flipped_card(self, st, ev, fr, e)
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
    if op == "draw_to":
        n = e.get("n", 1) - len(st["pl"][p]["hand"])
        if n > 0:
            self.draw(st, ev, p, n)
        return True
    if op in EVENT_OPS:
        return EVENT_OPS[op](self, st, ev, fr, e)
    if op in ("draw", "discard", "gain", "score", "look_top", "search", "flip", "token", "put_into_play",
              "cost_reduction", "turn_over", "cutie_mark", "choose_color"):
        return _player_effect(self, st, ev, fr, e)
    if op == "grant_kw" and (e.get("target") or {}).get("each"):
        # "Your characters have Swift this turn": a continuous modifier over a description, so
        # characters that begin to fit it later are affected too (708.5)
        sel_ = {k: v for k, v in e["target"].items() if k != "each"}
        self.add_kw_grant(st, e["kw"], e.get("n", 1), _until(e, p), sel=sel_, p=p, src=src)
        self.log(ev, "keyword", lambda: f"{self.pname(st, p)}'s effect grants {e['kw']}"
                 f"{' ' + str(e['n']) if e.get('n', 1) != 1 else ''} ({e.get('until', 'turn')})")
        return True
    # targeted card effects
    tgt = e.get("target") or {"self": True}
    if op == "to_hand" and tgt.get("it") and fr.get("it") in st["cards"] and st["cards"][fr["it"]].get("z") == "disc":
        # a Reaction to a card put into the discard pile from play: "put that card into your hand"
        it = fr["it"]
        nm = self.name(st, it)
        fr["it"] = self.put(st, it, "hand")
        self.log(ev, "zone", lambda: f"{nm} is put into its owner's hand from the discard pile")
        return True
    if op == "power" and tgt.get("self") and src in st["cards"] and st["cards"][src].get("z") == "flip":
        # a flipped (Chaos) card's "it has +2 power": its power counts in the power total (514.4a)
        n = e["n"] * (len(self.select(st, e["per"], p, src)) if e.get("per") else 1)
        self.add_mod(st, src, n, e.get("until", "turn"))
        self.log(ev, "power", lambda: f"{self.name(st, src)} (flipped) gets {n:+d} power")
        return True
    if tgt.get("self") and src in st["cards"] and st["cards"][src].get("z") == "flip" and op in ("banish", "dismiss", "to_deck_top"):
        # a flipped (Chaos) card acting on itself in the flip zone
        nm = self.name(st, src)
        self.put(st, src, "ban" if op == "banish" else "deck" if op == "to_deck_top" else "disc", "top")
        self.log(ev, "zone", lambda: f"{nm} is {'banished' if op == 'banish' else 'moved'} from the flip zone")
        return True
    cands = _targets(self, st, fr, e)
    if e.get("cost") and fr["ch"] is None and (not cands or st["pl"][p]["tok"] < e.get("pay", 0)):
        fr["i"] = len(fr["eff"])  # 508.1d the cost can't be paid: nothing else happens
        return False
    if op == "move" and fr.get("k") in cands:
        chosen = [fr["k"]]  # the card whose destination was just chosen (``ch`` holds the area, not a target)
    elif tgt.get("each"):
        chosen = cands
    elif op == "move" and fr.get("k") is not None:
        chosen = [fr["k"]]  # the card was chosen before the destination decision (fr["ch"] is the area now)
    else:
        done, one = _choose_target(self, st, fr, e, cands)
        if not done:
            return False
        chosen = [one] if one else []
    if e.get("cost"):  # "you may exhaust <a card> to ...": the rest happens only if this was done (508.1d)
        snap = {c_: (st["cards"][c_].get("ex"), st["cards"][c_].get("fr")) for c_ in chosen if self.in_play(st, c_)}
        if not snap or st["pl"][p]["tok"] < e.get("pay", 0):
            fr["i"] = len(fr["eff"])
            return False
        if e.get("pay"):
            st["pl"][p]["tok"] -= e["pay"]
            self.log(ev, "pay", lambda: f"{self.pname(st, p)} pays {e['pay']}")
            if st["pl"][p]["tok"] == 0:
                self.fire_all(st, ev, "opp_pays_last", players=(_opp(p),))
    for cid in chosen:
        if not self.in_play(st, cid):
            continue
        if not e.get("cost"):  # a card paid as a cost does not become "it" ("... to dismiss that Friend")
            fr["it"] = cid
        if tgt.get("fresh"):
            fr.setdefault("picked", []).append(cid)
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
            own = st["cards"][cid]["o"]
            if self.leave_play(st, ev, cid, "deck", "top", verb="put on top of its owner's deck") and own == p:
                self.fire_all(st, ev, "you_deck_top", players=(p,))  # your card on top of your deck
        elif op == "defeat":  # 514.5a: score its point value and dismiss it
            if self.ctype(st, cid) == "Troublemaker" and not st["cards"][cid].get("fd"):
                pts = self.face(st, cid).bonus or 0
                nm = self.name(st, cid)
                self.fire(st, ev, "defeated", cid)
                self.score(st, ev, p, pts, f"for defeating {nm}")
                self.leave_play(st, ev, cid, "disc", verb="defeated and dismissed (514.5a)")
        elif op == "send_home":
            if not st["cards"][cid]["a"].startswith("home"):
                self.send_home(st, ev, cid)
        elif op == "move":
            to = e.get("to", "choose")
            c = st["cards"][cid]
            if to == "home":
                dest = [f"home{c['c']}"]
            elif to == "random_problem":  # "move this card to a random Problem" (seeded rng)
                probs = [a for a in self.problem_areas(st) if a != c["a"]]
                dest = [probs[self.rand(st, len(probs))]] if probs else []
            elif to == "here" and src in st["cards"] and st["cards"][src].get("a"):
                dest = [st["cards"][src]["a"]]
            elif to == "it":  # "to that Problem": where a watched event happened
                it = (fr.get("x") or {}).get("it")
                dest = [st["cards"][it]["a"]] if it and self.in_play(st, it) else []
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
                    self.pay_cost(st, p, tax[area], ev)
                    self.log(ev, "pay", lambda a=area: f"{self.pname(st, p)} pays {tax[a]} to move {self.name(st, cid)}")
                self.move_card(st, ev, cid, area, by=p)
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
            self.move_card(st, ev, cid, area, by=p)
        elif op == "power":
            n = e["n"]
            if e.get("per"):  # "+1 power for each ...": counted as the effect resolves
                n *= len(self.select(st, e["per"], p, src))
            if e.get("until", "turn") == "permanent":
                st["cards"][cid]["cn"]["+1"] = st["cards"][cid]["cn"].get("+1", 0) + n
            else:
                self.add_mod(st, cid, n, _until(e, p), col=e.get("color"))  # "+1 [Loyalty]": colored power
            self.log(ev, "power", lambda cid=cid: f"{self.name(st, cid)} gets {n:+d} power"
                     f"{' until the end of the ' + e.get('until', 'turn') if e.get('until') != 'permanent' else ''}")
        elif op == "grant_kw":  # "That Friend gains Stubborn until the end of the turn"
            self.add_kw_grant(st, e["kw"], e.get("n", 1), _until(e, p), cid=cid)
            self.log(ev, "keyword", lambda cid=cid: f"{self.name(st, cid)} has {e['kw']}"
                     f"{' ' + str(e['n']) if e.get('n', 1) != 1 else ''} until the end of the {e.get('until', 'turn')}")
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
            if key == "+1":
                self.watch(st, ev, "w_counter", cid, {"by": p})  # "When you put a +1 power counter on ..."
    if e.get("cost") and not any(not self.in_play(st, c_) or (st["cards"][c_].get("ex"), st["cards"][c_].get("fr")) != v
                                 for c_, v in snap.items()):
        fr["i"] = len(fr["eff"])  # nothing was exhausted / frightened / removed: the cost was not paid
        return False
    return True


def _until(e, p) -> str:
    """An effect's duration; "until the start of your next turn" ends as its controller's next
    turn starts (``start_turn`` expires ``start<p>``)."""
    u = e.get("until", "turn")
    return f"start{p}" if u == "next_turn" else u


def _player_effect(self, st, ev, fr, e) -> bool:
    op = e["op"]
    p = fr["p"]
    src = fr["src"]
    who = e.get("who", "you")
    targets = [p] if who == "you" else [_opp(p)] if who == "opponent" else [p, _opp(p)]
    if op == "draw":
        for q in targets:
            if e.get("bottom"):  # "draw a card from the bottom of your deck"
                deck = st["pl"][q]["deck"]
                if deck:
                    deck.insert(0, deck.pop())
            self.draw(st, ev, q, e.get("n", 1))
    elif op == "gain":
        st["pl"][p]["tok"] += e.get("n", 1)
        self.log(ev, "tokens", lambda: f"{self.pname(st, p)} gains {e.get('n', 1)} action token(s)")
        if self.rx_keys:
            self.rx_note(st, "gain", by=p, n=e.get("n", 1))  # "When an opponent receives at least [1]"
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
        self.fire_all(st, ev, "opp_discards", players=(_opp(q),))  # "When an opponent discards a card"
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
            elif e.get("to") == "deck":  # "... and put it on top of your deck" (from the public discard pile)
                self.put(st, ch, "deck", "top")
                self.log(ev, "search", lambda: f"{self.pname(st, p)} puts {nm} from their discard pile on top of their deck")
                self.fire_all(st, ev, "you_deck_top", players=(p,))
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
                self.watch(st, ev, "w_counter", src, {"by": p})  # Cutie Mark puts a +1 power counter (glossary)
                self.fire(st, ev, "cutie_marked", src)
                self.fire_all(st, ev, "friend_cutie", players=(c["c"],))
    elif op == "choose_color":
        if fr["ch"] is None:
            self.ask(st, p, "choice", list(COLOR_NAMES), "as this card enters play", src=src, what="color")
            return False
        if src in st["cards"] and self.in_play(st, src):
            st["cards"][src]["col"] = [fr["ch"]]
    return True


def _start_fo(self, st, ev, fr, e) -> bool:
    """707.4 an effect starts a faceoff (514.2c): the window it interrupted stays open with the
    starter receiving priority; 707.4a not during a faceoff."""
    p = fr["p"]
    src = fr["src"]
    if st["fo"]:
        return True
    extra: dict = {"src": src, "inv": []}
    for k in ("win", "winner", "loser", "loser_end"):
        if e.get(k):
            extra["fx_" + k] = e[k]  # "winner" is also the faceoff's winning player (fo["winner"])
    areas: list = []
    if e.get("area"):
        cands = [a for a in self.problem_areas(st) if self.chars_at(st, a, p) and self.chars_at(st, a, _opp(p))]
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
            mine_c = [c for c in self.select(st, e["mine"], p, src) if opps(c)]
            done, one = _choose_target(self, st, fr, {"op": "start_fo", "target": {}}, mine_c)
            if not done:
                return False
            if one is None:
                return True  # nothing can be involved: no faceoff
            fr["fo_mine"] = one
            fr["ch"] = None
        mine = fr["fo_mine"]
        done, theirs = _choose_target(self, st, fr, {"op": "start_fo", "target": {}}, opps(mine) if self.in_play(st, mine) else [])
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
    players = [_opp(p)] if e.get("who") == "opp" else [_opp(p), p]
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
def _if_cond(self, st, p, src, cond) -> bool:
    """The conditions of "if ..." texts other than you_have / none (cardtext IF_TEMPLATES)."""
    k = cond["k"]
    if k == "opp_tokens_at_least":
        return st["pl"][_opp(p)]["tok"] >= cond["n"]
    if k in ("not_confronted", "none_confronted"):
        cf = st.get("cft")
        done = cf[1] if cf and cf[0] == st["turn"] else []
        if k == "none_confronted":
            return not done
        c = st["cards"].get(src)
        pid = self.problem_at(st, c["a"]) if c and c.get("z") == "play" else None
        return pid is not None and pid not in done
    if k == "hand_below":
        return len(st["pl"][p]["hand"]) < cond["n"]
    if k == "beneath_at_least":
        return src in st["cards"] and self.beneath_count(st, src) >= cond["n"]
    if k == "self_power_at_least":
        return src in st["cards"] and self.in_play(st, src) and (self.power(st, src) or 0) >= cond["n"]
    if k == "highest_power":
        pw = {cid: self.power(st, cid) for cid in st["play"] if self.is_char(st, cid)}
        pw = {cid: v for cid, v in pw.items() if v is not None}
        if not pw:
            return False
        top = max(pw.values())
        return any(v == top and st["cards"][cid]["c"] == p for cid, v in pw.items())
    if k == "no_opp_at_problem":
        c = st["cards"].get(src)
        if not c or c.get("z") != "play" or not c["a"].startswith(("prob", "dil")):
            return False  # at home this card has no Problem
        return not any(st["cards"][o]["c"] != p and st["cards"][o]["a"] == c["a"] for o in self.chars_at(st, c["a"]))
    return False


def _faceoff_effect(self, st, ev, fr, e) -> bool:
    """Reveal-the-top-card branches, losing the game, ending a faceoff."""
    op = e["op"]
    p = fr["p"]
    src = fr["src"]
    if op == "lose_game":
        self.end(st, ev, _opp(p), f"{self.pname(st, p)} loses the game ({self.name(st, src) if src in st['cards'] else 'card effect'})")
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
        q = p if e.get("whose", "you") == "you" else _opp(p)
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
        if "parity" in cond:
            ok = (pw % 2 == 0) == (cond["parity"] == "even")
        if "max_pp" in cond:
            ok = ok and pw <= cond["max_pp"]
        if "min_pp" in cond:
            ok = ok and pw >= cond["min_pp"]
        effs = e.get("then", []) if ok else e.get("else", [])
        if effs:
            fr["i"] += 1
            st["rq"].append({"p": p, "src": src, "eff": list(effs), "i": 0, "ch": None, "lbl": "", "after": None,
                             "rev": cid})
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
        host = None
        area = f"home{p}"
        pl_on = next((ab for ab in self.db.cards[st["cards"][cid]["k"]].abilities.get("front", ()) if ab["kind"] in ("play_on", "play_problem")), None)
        if d.type not in ("Friend", "Resource") or owner != p:
            return True
        if pl_on is not None and pl_on["kind"] == "play_on":
            cands = [c for c in self.select(st, pl_on["host"], p, None)]
            done, host = _choose_target(self, st, fr, {"op": "put_into_play", "target": {}}, cands)
            if not done:
                return False
            if host is None:
                return True  # no legal host: it stays on top of the deck
            area = st["cards"][host]["a"]
        elif pl_on is not None:
            areas = [a for a in self.problem_areas(st) if self.problem_at(st, a)]
            if not areas:
                return True
            if fr["ch"] is None and len(areas) > 1:
                self.ask(st, p, "choice", areas, "706", src=src, what="area")
                return False
            area = fr["ch"] if fr["ch"] in areas else areas[0]
        nid = self.enter_play(st, ev, cid, area, p, host=host)
        self.log(ev, "enter", lambda: f"{self.pname(st, p)} puts the revealed {nm} into play")
        return True
    zone = {"hand": "hand", "disc": "disc", "ban": "ban"}[to]
    self.put(st, cid, zone)
    self.log(ev, "reveal", lambda: f"The revealed {nm} is put into its owner's "
             f"{'hand' if zone == 'hand' else 'discard pile' if zone == 'disc' else 'banished zone'}")
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
    if "min_printed" in flt and (f.power is None or f.power < flt["min_printed"]):
        return False  # a card outside play has only its printed power
    if "max_printed" in flt and (f.power is None or f.power > flt["max_printed"]):
        return False
    if "title" in flt and flt["title"] != f.title:
        return False
    return True


def _describe(e) -> str:
    return ", ".join(x["op"] for x in e.get("effects", []))


def play_effects(self, st, ev, p, src, effects, label="") -> None:
    st["rq"].append({"p": p, "src": src, "eff": list(effects), "i": 0, "ch": None, "lbl": label, "after": None})


# ------------------------------------------------------------------ zone, deck, hand and confront ops
def _ask_player(self, st, fr, p, players, what="player") -> tuple[bool, int | None]:
    """A choice of a player ("a player's deck", "a discard pile"): (done, player or None)."""
    if fr["ch"] is not None:
        return True, fr["ch"] if fr["ch"] in (0, 1) else None
    if not players:
        return True, None
    if len(players) == 1:
        return True, players[0]
    self.ask(st, p, "choice", list(players), "705.2f", src=fr["src"], what=what)
    return False, None


def _op_banish_from_zone(self, st, ev, fr, e) -> bool:
    """Banish a card from a discard pile or your hand (410.5): {zone: disc|hand, whose: you|any, filter}."""
    p = fr["p"]
    owners = [p] if e.get("whose", "you") == "you" else [p, _opp(p)]
    cands = [c for q in owners for c in st["pl"][q][e.get("zone", "disc")] if _card_filter(self, st, c, e.get("filter", {}))]
    if fr["ch"] is None:
        if not cands:
            return True
        if len(cands) > 1 or e.get("optional"):
            self.ask(st, p, "target", cands + (["none"] if e.get("optional") else []), "410.5", op="banish", src=fr["src"])
            return False
        ch = cands[0]
    else:
        ch = fr["ch"]
    if ch in cands:
        nm = self.db.cards[st["cards"][ch]["k"]].name
        self.put(st, ch, "ban")
        fr["banished"] = fr.get("banished", 0) + 1
        self.log(ev, "banish", lambda: f"{self.pname(st, p)} banishes {nm} from a {'hand' if e.get('zone') == 'hand' else 'discard pile'}")
    return True


def _op_draw_bottom(self, st, ev, fr, e) -> bool:
    """Draw from the bottom of your deck (410.4 draws the top card; this names the bottom)."""
    p = fr["p"]
    deck = st["pl"][p]["deck"]
    for _ in range(e.get("n", 1)):
        if not deck:
            break
        deck.insert(0, deck.pop())
        self.draw(st, ev, p, 1)
    return True


def _op_deck_bottom_to_top(self, st, ev, fr, e) -> bool:
    deck = st["pl"][fr["p"]]["deck"]
    if len(deck) > 1:
        deck.insert(0, deck.pop())
    self.log(ev, "deck", lambda: f"{self.pname(st, fr['p'])} puts the bottom card of their deck on top")
    return True


def _op_shuffle_into_deck(self, st, ev, fr, e) -> bool:
    """Shuffle your hand / discard pile / one card of your hand into your deck, or just shuffle it (518.2)."""
    p = fr["p"]
    pl = st["pl"][p]
    frm = e.get("from")
    if frm == "hand_card":
        if pl["hand"]:
            if fr["ch"] is None and len(pl["hand"]) > 1:
                self.ask(st, p, "target", list(pl["hand"]), "402.3", op="shuffle_into_deck", src=fr["src"])
                return False
            ch = fr["ch"] if fr["ch"] in pl["hand"] else pl["hand"][0]
            self.put(st, ch, "deck")
    elif frm in ("hand", "disc"):
        for c in list(pl[frm]):
            self.put(st, c, "deck")
    self.shuffle(st, pl["deck"])
    what = {"hand": "their hand into their deck", "disc": "their discard pile into their deck",
            "hand_card": "a card from their hand into their deck"}.get(frm, "their deck")
    self.log(ev, "shuffle", lambda: f"{self.pname(st, p)} shuffles {what}")
    return True


def _op_banish_discard_pile(self, st, ev, fr, e) -> bool:
    """Banish all cards in a discard pile (the player chooses whose)."""
    p = fr["p"]
    done, q = _ask_player(self, st, fr, p, [x for x in (p, _opp(p)) if st["pl"][x]["disc"]], "discard pile")
    if not done:
        return False
    if q is not None:
        n = len(st["pl"][q]["disc"])
        for c in list(st["pl"][q]["disc"]):
            self.put(st, c, "ban")
        self.log(ev, "banish", lambda: f"{self.pname(st, p)} banishes the {n} card(s) of {self.pname(st, q)}'s discard pile")
    return True


def _op_mill_player(self, st, ev, fr, e) -> bool:
    """"A player puts the top N cards of their deck into their discard pile": you choose the player."""
    p = fr["p"]
    done, q = _ask_player(self, st, fr, p, [p, _opp(p)])
    if not done:
        return False
    deck = st["pl"][q]["deck"]
    for _ in range(min(e.get("n", 1), len(deck))):
        nm = self.name(st, deck[0])
        self.put(st, deck[0], "disc")
        self.log(ev, "mill", lambda nm=nm: f"{self.pname(st, q)} puts {nm} from the top of their deck into their discard pile")
    return True


def _op_draw_per(self, st, ev, fr, e) -> bool:
    """Draw a card for each action token your opponent has, then discard the same number."""
    p = fr["p"]
    n = st["pl"][_opp(p)]["tok"] if e.get("count") == "opp_tokens" else 0
    got = self.draw(st, ev, p, n) if n > 0 else 0
    if got and e.get("then_discard"):
        fr["i"] += 1
        st["rq"].append({"p": p, "src": fr["src"], "eff": [{"op": "discard", "n": got, "who": "you"}], "i": 0,
                         "ch": None, "lbl": "", "after": None})
        fr["i"] -= 1
    return True


def _op_look_hand(self, st, ev, fr, e) -> bool:
    """Look at a player's hand (private to the looker) and choose a card from it matching ``filter``;
    that card is discarded or put on top of its owner's deck.  ``any_if_points``: if a player has that
    many points, any card may be chosen instead."""
    p = fr["p"]
    k = fr.get("k")
    if k is None:
        if e.get("whose") == "opp":
            q = _opp(p)
        else:
            done, q = _ask_player(self, st, fr, p, [_opp(p), p], "hand")
            if not done:
                return False
            fr["ch"] = None
        fr["k"] = k = {"q": q}
        hand = st["pl"][q]["hand"]
        if not ev.quiet:
            ev.add("look", f"{self.pname(st, p)} looks at {self.pname(st, q)}'s hand", player=p)
            names = ", ".join(self.db.cards[st["cards"][c]["k"]].name for c in hand) or "no cards"
            ev.add("look", f"You see: {names}", to=p)
    q = k["q"]
    hand = st["pl"][q]["hand"]
    flt = e.get("filter", {})
    if e.get("any_if_points") and max(x["score"] for x in st["pl"]) >= e["any_if_points"]:
        flt = {}
    cands = [c for c in hand if _card_filter(self, st, c, flt)]
    if fr["ch"] is None:
        if not cands:
            return True
        self.ask(st, p, "target", cands + (["none"] if e.get("optional") else []), "705.2f", op="look_hand", src=fr["src"])
        return False
    ch = fr["ch"]
    if ch in cands:
        nm = self.db.cards[st["cards"][ch]["k"]].name
        if e.get("to") == "deck_top":
            self.put(st, ch, "deck", "top")
            self.log(ev, "deck", lambda: f"{self.pname(st, p)} puts a card from {self.pname(st, q)}'s hand on top of their deck")
        else:
            self.put(st, ch, "ban" if e.get("to") == "ban" else "disc")
            self.log(ev, "discard", lambda: f"{self.pname(st, q)} {'banishes' if e.get('to') == 'ban' else 'discards'} {nm}")
    return True


def _op_confront_mod(self, st, ev, fr, e) -> bool:
    """Confront requirement changes ("Opponents need +2 power to confront that Problem until the end of
    the turn", 611.3) and "Troublemakers don't prevent you from confronting Problems" (611.3e), kept in
    ``st["cmods"]`` with a duration.  {n, who: you|opp|all, problem: choose|here|all, until, tm_ok}."""
    p = fr["p"]
    where = e.get("problem", "all")
    prob = None
    if where == "choose":
        areas = [a for a in self.problem_areas(st) if self.problem_at(st, a)]
        if fr["ch"] is None and len(areas) > 1:
            self.ask(st, p, "choice", areas, "705.2f", src=fr["src"], what="area")
            return False
        area = fr["ch"] if fr["ch"] in areas else (areas[0] if areas else None)
        prob = self.problem_at(st, area) if area else None
        if prob is None:
            return True
    elif where == "here":
        src = fr["src"]
        a = st["cards"][src]["a"] if src in st["cards"] and self.in_play(st, src) else None
        prob = self.problem_at(st, a) if a and not a.startswith("home") else None
        if prob is None:
            return True
    who = e.get("who", "you")
    until = e.get("until", "turn")
    if until == "next_turn_start":
        until = f"start{p}"  # "until the start of your next turn"
    m = {"who": p if who == "you" else _opp(p) if who == "opp" else -1, "prob": prob, "u": until}
    if e.get("tm_ok"):
        m["tm_ok"] = e["tm_ok"] if isinstance(e["tm_ok"], str) else True
        if e["tm_ok"] == "it":
            m["tm_ok"] = fr.get("it") or ""
    else:
        m["n"] = e.get("n", 0)
    st.setdefault("cmods", []).append(m)
    self.log(ev, "confront", lambda: f"{self.pname(st, p)}: " + (
        "Troublemakers don't prevent confronting" if e.get("tm_ok") else f"confront requirements {m['n']:+d}")
        + (f" at {self.name(st, prob)}" if prob else ""))
    return True


EVENT_OPS = {
    "banish_from_zone": _op_banish_from_zone,
    "draw_bottom": _op_draw_bottom,
    "deck_bottom_to_top": _op_deck_bottom_to_top,
    "shuffle_into_deck": _op_shuffle_into_deck,
    "banish_discard_pile": _op_banish_discard_pile,
    "mill_player": _op_mill_player,
    "draw_per": _op_draw_per,
    "look_hand": _op_look_hand,
    "confront_mod": _op_confront_mod,
}
