"""The effect interpreter: resolves frames of vocabulary effects (effects.py) from the resolution
queue ``st["rq"]``.  When an effect needs a choice (a target, "you may", ...) it sets a pending
decision and returns; the chosen option comes back in ``frame["ch"]`` (705.2f: decisions are made
in order while following the instructions)."""
from __future__ import annotations

from .constants import COLOR_NAMES, FRIEND, opponent
from .timed_effects import TIMED_ABILITY_OPS, TIMED_IF_CONDS, defeat_bonus
from .registry import Registry
from .flow import flip_one, random_cards, uncover_one
from .targeting import ask_player, card_filter, choose_target, target_cards
from .triggered_effects import CONDS as TRIGGER_CONDS, OPS as TRIGGER_OPS, note_gain




#: the ops ``targeted_effect`` acts on (grant_kw without an each-selector too: see _effect_grant_kw)
TARGETED_OPS = ("add_color", "banish", "counters", "defeat", "dismiss", "exhaust", "frighten", "gain_control", "move", "power", "ready", "retire", "send_home", "to_deck_top", "to_hand", "turn_face_down", "unfrighten")


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
            self.leave_play(st, ev, after["retire"], "disc", verb="retired", cost=True)  # 508.1a a cost
        if "banish" in after and self.in_play(st, after["banish"]):
            self.leave_play(st, ev, after["banish"], "ban", verb="banished", cost=True)  # 508.1a a cost
        return
    e = fr["eff"][fr["i"]]
    if self.run_effect(st, ev, fr, e):
        fr["i"] += 1
        fr["ch"] = None
        fr.pop("k", None)


def run_effect(self, st, ev, fr, e) -> bool:
    """Resolve one effect of a frame: its op's handler (``EFFECTS``); True when it is done, False when
    it waits for a decision (the answer comes back in ``fr["ch"]``).  An op no handler is registered for
    is read as an effect on chosen cards (``targeted_effect``), as the interpreter always did."""
    handler = EFFECTS.get(e["op"])
    return (handler or targeted_effect)(self, st, ev, fr, e)


def targeted_effect(self, st, ev, fr, e) -> bool:
    """The effects on chosen cards (exhaust, ready, frighten, dismiss, move, power, ...): the targets
    (705.2f), then the op on each of them."""
    op = e["op"]
    p = fr["p"]
    src = fr["src"]
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
    cands = target_cards(self, st, fr, e)
    if e.get("cost") and fr["ch"] is None and (not cands or st["pl"][p]["tok"] < e.get("pay", 0)):
        fr["i"] = len(fr["eff"])  # 508.1d the cost can't be paid: nothing else happens
        return False
    if op == "move" and fr.get("k") in cands:
        chosen = [fr["k"]]  # the card whose destination was just chosen (``ch`` holds the area, not a target)
    elif tgt.get("each"):
        chosen = cands
    elif tgt.get("random") and cands:  # "a random character" / "at random": the seeded rng (rng.py)
        chosen = [cands[self.rand(st, len(cands))]]
    elif op == "move" and fr.get("k") is not None:
        chosen = [fr["k"]]  # the card was chosen before the destination decision (fr["ch"] is the area now)
    else:
        done, one = choose_target(self, st, fr, e, cands)
        if not done:
            return False
        chosen = [one] if one else []
    prev_it = fr.get("it")  # "add its power to ...": the card chosen before this effect
    if e.get("cost"):  # "you may exhaust <a card> to ...": the rest happens only if this was done (508.1d)
        snap = {c_: (st["cards"][c_].get("ex"), st["cards"][c_].get("fr")) for c_ in chosen if self.in_play(st, c_)}
        if not snap or st["pl"][p]["tok"] < e.get("pay", 0):
            fr["i"] = len(fr["eff"])
            return False
        if e.get("pay"):
            st["pl"][p]["tok"] -= e["pay"]
            self.log(ev, "pay", lambda: f"{self.pname(st, p)} pays {e['pay']}")
            if st["pl"][p]["tok"] == 0:
                self.fire_all(st, ev, "opp_pays_last", players=(opponent(p),))
    paid = bool(e.get("cost") or e.get("paid"))  # a cost: Persistent can't replace it (508.1a)
    for cid in chosen:
        if not self.in_play(st, cid):
            continue
        if not e.get("cost"):  # a card paid as a cost does not become "it" ("... to dismiss that Friend")
            fr["it"] = cid
            fr["itk"] = None if st["cards"][cid].get("t") else st["cards"][cid]["k"]  # (its printed information)
        elif e.get("mark_cost"):  # "Exhaust one of your Friends to ... the number of colors that Friend has"
            fr["paid_card"] = cid
        if tgt.get("fresh"):
            fr.setdefault("picked", []).append(cid)
        if op == "exhaust":
            if self.exhaust(st, ev, cid, by=p) and e.get("no_ready"):
                st["cards"][cid]["nr"] = True  # it does not ready during its controller's next Ready Phase
        elif op == "ready":
            if self.ready(st, ev, cid):
                self.log(ev, "ready", lambda cid=cid: f"{self.name(st, cid)} is readied")
        elif op == "frighten":
            self.frighten(st, ev, cid)
        elif op == "unfrighten":
            self.unfrighten(st, ev, cid)
        elif op == "dismiss":
            self.leave_play(st, ev, cid, "disc", verb="dismissed", cost=paid)
        elif op == "banish":
            gone = self.leave_play(st, ev, cid, "ban", verb="banished", cost=paid)
            if gone and e.get("keep"):
                fr["gone"] = gone  # "Banish a Friend, then put that Friend into play"
        elif op == "retire":
            if st["cards"][cid]["c"] == p:  # 410.2
                self.leave_play(st, ev, cid, "disc", verb="retired", cost=paid)
        elif op == "to_hand":
            self.leave_play(st, ev, cid, "hand", verb="returned to its owner's hand", cost=paid)
        elif op == "to_deck_top":
            own = st["cards"][cid]["o"]
            if self.leave_play(st, ev, cid, "deck", "top", verb="put on top of its owner's deck", cost=paid) and own == p:
                self.fire_all(st, ev, "you_deck_top", players=(p,))  # your card on top of your deck
            elif own == p:
                _persistent_then(st, cid, "you_deck_top", p)  # if Persistent's decision lets it go
        elif op == "defeat":  # 514.5a: score its point value and dismiss it
            if self.ctype(st, cid) == "Troublemaker" and not st["cards"][cid].get("fd"):
                pts = self.face(st, cid).bonus or 0
                nm = self.name(st, cid)
                self.fire(st, ev, "defeated", cid, extra={"la": st["cards"][cid]["a"]})
                self.score(st, ev, p, pts, f"for defeating {nm}")
                if st["pl"][p].get("ndb"):
                    defeat_bonus(self, st, ev, p)
                self.leave_play(st, ev, cid, "disc", verb="defeated and dismissed (514.5a)")
        elif op == "send_home":
            if not st["cards"][cid]["a"].startswith("home"):
                self.send_home(st, ev, cid)
        elif op == "move":
            to = e.get("to", "choose")
            c = st["cards"][cid]
            if to == "area":
                dest = [e["area"]] if e.get("area") in st["areas"] else []
            elif to == "home":
                dest = [f"home{c['c']}"]
            elif to == "random_problem":  # "move this card to a random Problem" (seeded rng)
                probs = [a for a in self.problem_areas(st) if a != c["a"]]
                dest = [probs[self.rand(st, len(probs))]] if probs else []
            elif to == "here" and src in st["cards"] and st["cards"][src].get("a"):
                dest = [st["cards"][src]["a"]]
                if e.get("prob_only") and dest[0].startswith("home"):
                    dest = []  # "to this card's Problem": it has none at home
            elif to == "it_problem":  # "to that Friend's Problem": none while that Friend is at home
                it = (fr.get("x") or {}).get("it")
                dest = [st["cards"][it]["a"]] if it and self.in_play(st, it) and \
                    st["cards"][it]["a"].startswith(("prob", "dil")) else []
            elif to == "it":  # "to that Problem": where a watched event happened
                it = (fr.get("x") or {}).get("it")
                dest = [st["cards"][it]["a"]] if it and self.in_play(st, it) else []
            else:
                dest = [a for a in st["areas"] if a != c["a"] and not (a.startswith("home") and int(a[4:]) != c["c"])]
                if to == "problem":
                    dest = [a for a in dest if not a.startswith("home")]
            dest = [a for a in dest if a != c["a"]]
            if e.get("distinct"):  # "Move each of them to a different Problem"
                dest = [a for a in dest if a not in (fr.get("dests") or ())]
            if self.statics(st, "no_move") or st["pl"][p].get("tmr") or st.get("amr") or st.get("cmr"):  # "Your opponents can't move this card", ... (506)
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
            if self.move_card(st, ev, cid, area, by=p) and e.get("distinct"):
                fr.setdefault("dests", []).append(area)
        elif op == "power":
            n = e["n"]
            if e.get("per"):  # "+1 power for each ...": counted as the effect resolves
                n *= len(self.select(st, e["per"], p, src))
            if e.get("per_disc"):  # "+1 power for each Event in your discard pile"
                n *= sum(1 for d in st["pl"][p]["disc"] if self.types[st["cards"][d]["k"]] == e["per_disc"])
            if e.get("per_at_it"):  # "+1 power for each of your other Friends at its Problem"
                per = e["per_at_it"]
                a = st["cards"][cid]["a"]
                n = 0 if a.startswith("home") else per["n"] * sum(
                    1 for o in self.select(st, {"type": per["type"], "ctrl": per.get("ctrl", "you")}, p, src)
                    if o != cid and st["cards"][o]["a"] == a)
            if e.get("n_from"):  # "add its power to ...": the amount is fixed as the effect resolves
                frm = src if e["n_from"] == "self" else (prev_it or src) if e["n_from"] == "its" else prev_it
                n = (self.power(st, frm) or 0) if frm and self.in_play(st, frm) else 0
            if e.get("until", "turn") == "permanent":
                st["cards"][cid]["cn"]["+1"] = st["cards"][cid]["cn"].get("+1", 0) + n
            else:
                self.add_mod(st, cid, n, _until(e, p), col=e.get("color"))  # "+1 [Loyalty]": colored power
            self.log(ev, "power", lambda cid=cid: f"{self.name(st, cid)} gets {n:+d} power"
                     f"{' until the end of the ' + e.get('until', 'turn') if e.get('until') != 'permanent' else ''}")
        elif op == "grant_kw":  # "That Friend gains Stubborn until the end of the turn"
            n_ = e.get("n", 1)
            if "per" in e and e["per"].get("k") == "your_hand":  # "for each card in your hand" (708.2b)
                n_ *= len(st["pl"][p]["hand"])
            elif "per" in e:  # "for each of your Pegasus characters": counted as the modifier is created (708.2b)
                n_ *= len(self.select(st, e["per"]["sel"], p, src))
            if n_:
                self.add_kw_grant(st, e["kw"], n_, _until(e, p), cid=cid)
            self.log(ev, "keyword", lambda cid=cid, n_=n_: f"{self.name(st, cid)} has {e['kw']}"
                     f"{' ' + str(n_) if e['kw'] in ('Competitive', 'Supportive', 'Diligent', 'Showy', 'Calming', 'Meticulous', 'Eccentric') else ''}"
                     f" until the {'start of your next turn' if e.get('until') == 'next_turn' else 'end of the ' + e.get('until', 'turn')}")
        elif op == "add_color":
            col = fr.get("color") if e["color"] == "chosen" else e["color"]  # "that color" (pick_color)
            if col is None:
                continue
            if self.is_char(st, cid) or self.ctype(st, cid) == "Troublemaker":
                self.add_mod(st, cid, 0, e.get("until", "turn"), col=col)
                self.log(ev, "color", lambda cid=cid: f"{self.name(st, cid)} is also [{col}] until the end of the "
                         f"{'phase' if e.get('until') == 'phase' else e.get('until', 'turn')}")
        elif op == "turn_face_down":
            c = st["cards"][cid]
            if not c.get("fd"):
                c["fd"] = True  # 505.3 it becomes a different card: modifiers and counters end
                c["cn"] = {}
                c.pop("ts", None)  # no abilities face-down (505.1a): a new 711.3a timestamp when uncovered
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
            k_n = max(self.power(st, cid) or 0, 0) if e.get("n_power") else e.get("n", 1)  # "equal to that Friend's power"
            if e.get("n_self_counter"):  # "equal to the number of Harmony counters on this card" (as it resolves)
                sc = st["cards"].get(fr["src"])
                k_n = sc.get("cn", {}).get(e["n_self_counter"], 0) if sc and self.in_play(st, fr["src"]) else 0
            if e.get("remove"):  # "remove a +1 power counter from this card"
                k_n = min(k_n, cn.get(key, 0))
                cn[key] = cn.get(key, 0) - k_n
                self.log(ev, "counters", lambda cid=cid, k_n=k_n: f"{k_n} {key} counter(s) removed from {self.name(st, cid)}")
                continue
            cn[key] = cn.get(key, 0) + k_n
            self.log(ev, "counters", lambda cid=cid: f"{self.name(st, cid)} gets {k_n} {key} counter(s)")
            if key == "+1":
                self.watch(st, ev, "w_counter", cid, {"by": p})  # "When you put a +1 power counter on ..."
            elif st["cards"][cid]["c"] == p:
                self.fire(st, ev, "counter_put", cid, extra={"counter": key})  # "When you put a Trainee counter on this card"
    if e.get("cost") and not any(not self.in_play(st, c_) or (st["cards"][c_].get("ex"), st["cards"][c_].get("fr")) != v
                                 for c_, v in snap.items()):
        fr["i"] = len(fr["eff"])  # nothing was exhausted / frightened / removed: the cost was not paid
        return False
    return True


def _effect_may(self, st, ev, fr, e) -> bool:
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
    return True


def _effect_choose_modes(self, st, ev, fr, e) -> bool:
    p = fr["p"]
    src = fr["src"]
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


def _effect_hand_to_deck_top(self, st, ev, fr, e) -> bool:
    op = e["op"]
    p = fr["p"]
    src = fr["src"]
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


def _effect_uncover(self, st, ev, fr, e) -> bool:
    p = fr["p"]
    src = fr["src"]
    cands = [c for c in st["play"] if st["cards"][c].get("fd") and self.ctype(st, c) == "Troublemaker"
             and (not e.get("mine") or st["cards"][c]["c"] == p)
             and (not e.get("opp") or st["cards"][c]["c"] != p)
             and (not e.get("there") or st["cards"][c]["a"] == fr.get("rxa"))
             and (not e.get("here") or (src in st["cards"] and st["cards"][c]["a"] == st["cards"][src].get("a")))]
    done, one = choose_target(self, st, fr, e, cands)
    if not done:
        return False
    if one:
        uncover_one(self, st, ev, one, by=p)
    return True


def _effect_as_opponent(self, st, ev, fr, e) -> bool:
    p = fr["p"]
    src = fr["src"]
    fr["i"] += 1
    st["rq"].append({"p": opponent(p), "src": src, "eff": list(e["effects"]), "i": 0, "ch": None, "lbl": "", "after": None})
    fr["i"] -= 1
    return True


def _effect_choose_area(self, st, ev, fr, e) -> bool:
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


def _effect_fo_flip_mod(self, st, ev, fr, e) -> bool:
    if st["fo"]:
        st["fo"]["fadd"] = st["fo"].get("fadd", 0) + e.get("n", -1)
    return True


def _effect_shuffle_decks(self, st, ev, fr, e) -> bool:
    for q in (st["tp"], opponent(st["tp"])):
        self.shuffle(st, st["pl"][q]["deck"])
    self.log(ev, "shuffle", "Each player shuffles their deck")
    return True


def _effect_ignore_flip(self, st, ev, fr, e) -> bool:
    fo = st["fo"]
    it = fr.get("it")
    if fo and it in st["cards"] and st["cards"][it].get("z") == "flip" and it not in fo["ign"]:
        fo["ign"].append(it)
        q = st["cards"][it]["o"]
        self.log(ev, "flip", lambda: f"{self.name(st, it)} is ignored")
        flip_one(self, st, ev, q)
    return True


def _effect_send_back(self, st, ev, fr, e) -> bool:
    it, frm = fr.get("it"), fr.get("rxf")
    if it and frm and self.in_play(st, it) and frm in st["areas"]:
        self.move_card(st, ev, it, frm, send=True)
    return True


def _effect_each_player(self, st, ev, fr, e) -> bool:
    src = fr["src"]
    fr["i"] += 1
    for q in (opponent(st["tp"]), st["tp"]):  # pushed in reverse: the turn player resolves first (801.1)
        st["rq"].append({"p": q, "src": src, "eff": list(e["effects"]), "i": 0, "ch": None, "lbl": "", "after": None})
    fr["i"] -= 1
    return True


def _effect_mark(self, st, ev, fr, e) -> bool:
    cands = target_cards(self, st, fr, e)
    done, one = choose_target(self, st, fr, e, cands)
    if not done:
        return False
    fr["it"] = one
    return True


def _effect_at_fo_end(self, st, ev, fr, e) -> bool:
    p = fr["p"]
    src = fr["src"]
    if st["fo"]:
        st["fo"].setdefault("end_fx", []).append({"p": p, "src": src, "eff": list(e["effects"])})
    return True


def _effect_if(self, st, ev, fr, e) -> bool:
    p = fr["p"]
    src = fr["src"]
    ok = IF_CONDITIONS[e["cond"]["k"]](self, st, fr, e["cond"])  # (an unknown condition fails loudly)
    branch = e["effects"] if ok else e.get("else")  # "else": "Otherwise, ..." / "If ..., ... instead" (AD109)
    if branch:
        fr["i"] += 1
        st["rq"].append({"p": p, "src": src, "eff": list(branch), "i": 0, "ch": None, "lbl": "", "after": None,
                         "it": fr.get("it"), "x": fr.get("x") or {}, "rxa": fr.get("rxa"),
                         "rev": fr.get("rev")})
        fr["i"] -= 1
    return True


def _effect_exhaust_self_cost(self, st, ev, fr, e) -> bool:
    p = fr["p"]
    src = fr["src"]
    if not (src in st["cards"] and self.in_play(st, src) and self.exhaust(st, ev, src, by=p)):
        fr["i"] = len(fr["eff"])  # 508.1d the cost can't be paid: nothing else happens
        return False
    return True


def _effect_leave_self_cost(self, st, ev, fr, e) -> bool:
    src = fr["src"]
    if not (src in st["cards"] and self.in_play(st, src)) or \
            self.leave_play(st, ev, src, e.get("to", "disc"), verb="banished" if e.get("to") == "ban" else "retired",
                            cost=True) is None:
        fr["i"] = len(fr["eff"])
        return False
    return True


def _effect_pay(self, st, ev, fr, e) -> bool:
    p = fr["p"]
    if st["pl"][p]["tok"] < e["n"]:
        fr["i"] = len(fr["eff"])  # 508.1d can't pay: the rest does not happen
        return False
    st["pl"][p]["tok"] -= e["n"]
    self.log(ev, "pay", lambda: f"{self.pname(st, p)} pays {e['n']}")
    if e["n"] > 0 and st["pl"][p]["tok"] == 0:
        self.fire_all(st, ev, "opp_pays_last", players=(opponent(p),))  # "pays their last action token"
    return True


def _effect_if_faceoff(self, st, ev, fr, e) -> bool:
    p = fr["p"]
    src = fr["src"]
    if st["fo"]:
        fr["i"] += 1
        st["rq"].append({"p": p, "src": src, "eff": list(e["effects"]), "i": 0, "ch": None, "lbl": "", "after": None})
        fr["i"] -= 1
    return True


def _effect_flip_if_involved(self, st, ev, fr, e) -> bool:
    p = fr["p"]
    if st["fo"]:
        titles = {self.face(st, c).title for c in st["play"] if self.involved(st, c) and st["cards"][c]["c"] == p
                  and not st["cards"][c].get("t")}
        have = [n for n in e["names"] if n in titles]
        n = e["all_n"] if len(have) == len(e["names"]) else e["n"] if have else 0
        for _ in range(n):
            flip_one(self, st, ev, p)
    return True


def _effect_start_fo(self, st, ev, fr, e) -> bool:
    return _start_fo(self, st, ev, fr, e)


def _effect_spend_cost(self, st, ev, fr, e) -> bool:
    p = fr["p"]
    src = fr["src"]
    under = [b for q in (0, 1) for b in st["pl"][q]["ban"] if st["cards"][b].get("bn") == src] if src in st["cards"] else []
    if len(under) < e.get("n", 1):
        fr["i"] = len(fr["eff"])  # 508.1d the cost can't be paid: nothing else happens
        return False
    done, one = choose_target(self, st, fr, {"op": "spend", "target": {}}, under)
    if not done:
        return False
    nm = self.name(st, one)
    self.put(st, one, "disc")
    self.log(ev, "spend", lambda: f"{self.pname(st, p)} spends {nm} from beneath {self.name(st, src)}")
    return True


def _effect_per(self, st, ev, fr, e) -> bool:
    p = fr["p"]
    src = fr["src"]
    n = len(self.select(st, e["sel"], p, src)) if e.get("sel") else \
        (self.beneath_count(st, src) if e.get("beneath") and src in st["cards"] else 1)
    if n:
        fr["i"] += 1
        st["rq"].append({"p": p, "src": src, "eff": list(e["effects"]) * n, "i": 0, "ch": None, "lbl": "",
                         "after": None, "it": fr.get("it")})
        fr["i"] -= 1
    return True


def _effect_reveal_top_group(self, st, ev, fr, e) -> bool:
    return _faceoff_effect(self, st, ev, fr, e)


def _effect_lose_tokens(self, st, ev, fr, e) -> bool:
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


def _effect_flipped_card(self, st, ev, fr, e) -> bool:
    return _flipped_card(self, st, ev, fr, e)


def _effect_mill(self, st, ev, fr, e) -> bool:
    p = fr["p"]
    deck = st["pl"][p]["deck"]
    for _ in range(min(e.get("n", 1), len(deck))):
        nm = self.name(st, deck[0])
        self.put(st, deck[0], "disc")
        self.log(ev, "mill", lambda nm=nm: f"{self.pname(st, p)} puts {nm} from the top of their deck into their discard pile")
    return True


def _effect_pick_color(self, st, ev, fr, e) -> bool:
    p = fr["p"]
    src = fr["src"]
    if fr["ch"] is None:
        self.ask(st, p, "choice", list(COLOR_NAMES), "705.2f", src=src, what="color")
        return False
    fr["color"] = fr["ch"]
    return True


def _effect_replace_problem(self, st, ev, fr, e) -> bool:
    p = fr["p"]
    src = fr["src"]
    if e.get("here"):
        a = st["cards"][src]["a"] if src in st["cards"] and self.in_play(st, src) else None
        if a and not a.startswith("home") and self.problem_at(st, a) and not _no_replace(self, st, a):
            self.replace_problem(st, ev, a, solved=False)
        return True
    areas = [a for a in self.problem_areas(st) if self.problem_at(st, a) and not _no_replace(self, st, a)]
    if e.get("other"):  # "replace another Problem": not this card's
        areas = [a for a in areas if a != st["cards"].get(src, {}).get("a")]
    if not areas:
        return True
    if fr["ch"] is None:
        self.ask(st, p, "choice", areas, "613.2", src=src, what="area")
        return False
    if fr["ch"] in st["areas"]:
        self.replace_problem(st, ev, fr["ch"], solved=False)
    return True


def _effect_draw_to(self, st, ev, fr, e) -> bool:
    p = fr["p"]
    n = e.get("n", 1) - len(st["pl"][p]["hand"])
    if n > 0:
        self.draw(st, ev, p, n)
    return True


def _effect_also_friend(self, st, ev, fr, e) -> bool:
    src = fr["src"]
    # "this card is also a [Honesty] Friend until the end of the phase": a character with its printed
    # power and that color (a modifier; Rules.ctype / _also_friend)
    if src in st["cards"] and self.in_play(st, src) and not st["cards"][src].get("fr"):
        self.add_mod(st, src, 0, e.get("until", "phase"), col=e["color"])
        st["mods"][-1]["af"] = True
        st["cards"][src]["af"] = 1
        self._kmemo.af = True  # (Rules.af_free)
        st["dy"] = 1
        self.log(ev, "type", lambda: f"{self.name(st, src)} is also a [{e['color']}] Friend until the end of the "
                 f"{'phase' if e.get('until', 'phase') == 'phase' else e.get('until')}")
    return True


def _effect_grant_kw(self, st, ev, fr, e) -> bool:
    """grant_kw with an each-selector (708.5); a chosen target: ``targeted_effect``"""
    p = fr["p"]
    src = fr["src"]
    if (e.get("target") or {}).get("each"):
        # "Your characters have Swift this turn": a continuous modifier over a description, so
        # characters that begin to fit it later are affected too (708.5)
        sel_ = {k: v for k, v in e["target"].items() if k != "each"}
        self.add_kw_grant(st, e["kw"], e.get("n", 1), _until(e, p), sel=sel_, p=p, src=src)
        self.log(ev, "keyword", lambda: f"{self.pname(st, p)}'s effect grants {e['kw']}"
                 f"{' ' + str(e['n']) if e.get('n', 1) != 1 else ''} ({e.get('until', 'turn')})")
        return True
    return targeted_effect(self, st, ev, fr, e)


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
    targets = [p] if who == "you" else [opponent(p)] if who == "opponent" else [p, opponent(p)]
    if op == "draw":
        for q in targets:
            if e.get("bottom"):  # "draw a card from the bottom of your deck"
                deck = st["pl"][q]["deck"]
                if deck:
                    deck.insert(0, deck.pop())
            self.draw(st, ev, q, e.get("n", 1))
    elif op == "gain":
        n = e.get("n", 1)
        if e.get("n_counters"):  # "equal to the number of Harmony counters on it"
            n = st["cards"][src]["cn"].get(e["n_counters"], 0) if src in st["cards"] and self.in_play(st, src) else 0
        st["pl"][p]["tok"] += n
        self.log(ev, "tokens", lambda: f"{self.pname(st, p)} gains {n} action token(s)")
        note_gain(st, p, n)
        if self.rx_keys:
            self.rx_note(st, "gain", by=p, n=n)  # "When an opponent receives at least [1]"
    elif op == "score":
        for q in targets:
            self.score(st, ev, q, e.get("n", 1))
    elif op == "cost_reduction":
        st["pl"][p]["disc_next"].append({"type": e.get("type", "card"), "n": e.get("n", 1), "u": e.get("until", "turn"),
                                         **{k: e[k] for k in ("color", "trait", "min") if e.get(k)},
                                         **({"all": True} if e.get("all") else {})})
    elif op == "discard":
        q = targets[0]
        hand = st["pl"][q]["hand"]
        done = fr.get("k") or 0
        if e.get("cost") and not hand and not done:
            fr["i"] = len(fr["eff"])  # "you may discard a card to ...": the cost can't be paid (508.1d)
            return False
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
        self.fire_all(st, ev, "opp_discards", players=(opponent(q),))  # "When an opponent discards a card"
        fr["k"] = done + 1
        if fr["k"] < e.get("n", 1) and st["pl"][q]["hand"]:
            return _player_effect(self, st, ev, fr, e)
    elif op == "flip":
        fo = st["fo"]
        if fo:
            for _ in range(e.get("n", 1)):
                flip_one(self, st, ev, p)
    elif op == "look_top":
        if e.get("whose") == "choose":  # "a player's deck" / "a Problem deck": choose whose first
            if fr.get("lq") is None:
                done, qq = ask_player(self, st, fr, p, [p, opponent(p)])
                if not done:
                    return False
                fr["lq"], fr["ch"] = qq, None
            q = fr["lq"]
        else:
            q = p if e.get("whose", "you") == "you" else opponent(p)
        zone = e.get("zone", "deck")
        deck = st["pl"][q][zone]
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
                _finish_look(self, st, fr, q, zone)
                return True
            self.ask(st, p, "look", ["top", "bottom"], "Meticulous/Inspired", card=k)
            return False
        fr.setdefault("bot", [])
        if fr["ch"] == "bottom":
            fr["bot"].append(fr["look"][k])
        fr["k"] = k + 1
        fr["ch"] = None
        if fr["k"] >= len(fr["look"]):
            _finish_look(self, st, fr, q, zone)
            return True
        self.ask(st, p, "look", ["top", "bottom"], "Meticulous/Inspired", card=fr["k"])
        return False
    elif op == "search":
        zone = e.get("zone", "deck")
        lst = st["pl"][p][zone]
        flt = e.get("filter", {})
        cands = [c for c in lst if card_filter(self, st, c, flt)]
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
                self.log(ev, "search", lambda: f"{self.pname(st, p)} searches and puts {nm} "
                         f"{'on top of their deck' if e.get('to') == 'deck' else 'into their hand'}")
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
        cands = [c for c in lst if card_filter(self, st, c, flt)]
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
        col = fr.get("color") if e.get("color") == "chosen" else e.get("color")  # "with that color" (pick_color)
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
        fr.setdefault("made", []).append(nid)  # "At the end of the turn, banish them" (timed_effects.delay)
        self.log(ev, "token", lambda: f"{self.pname(st, p)} puts a {t['power']}-power {t['name']} token into play")
    elif op == "turn_over":
        if src in st["cards"] and self.in_play(st, src):
            c = st["cards"][src]
            if self.cdef(st, src).boosted is not None and not (e.get("to") == "boosted" and c.get("b")):
                c["b"] = not c.get("b")
                st["dy"] = 1
                self.restamp(st, src)  # 711.3a the other face's abilities begin to function
                self.log(ev, "boost", lambda: f"{self.name(st, src)} is turned over ({'Boosted' if c['b'] else 'Start'} side) (301.2)")
                self.fire(st, ev, "side_up", src)  # "When this side of the card is turned face up"
    elif op == "cutie_mark":
        if src in st["cards"] and self.in_play(st, src):
            c = st["cards"][src]
            if not c.get("cm"):
                c["cm"] = True
                c["cn"]["+1"] = c["cn"].get("+1", 0) + 1
                self.log(ev, "cutie", lambda: f"{self.name(st, src)} is Cutie Marked")
                self.watch(st, ev, "w_counter", src, {"by": p})  # Cutie Mark puts a +1 power counter (glossary)
                self.fire(st, ev, "cutie_marked", src)
                self.fire_all(st, ev, "friend_cutie", players=(c["c"],), extra={"it": src})  # "that Friend"
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
            mine_c = [c for c in self.select(st, e["mine"], p, src) if opps(c)]
            done, one = choose_target(self, st, fr, {"op": "start_fo", "target": {}}, mine_c)
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
def _if_cond(self, st, p, src, cond) -> bool:
    """The conditions of "if ..." texts other than you_have / none (cardtext IF_TEMPLATES)."""
    k = cond["k"]
    if k == "opp_tokens_at_least":
        return st["pl"][opponent(p)]["tok"] >= cond["n"]
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
    if k == "opp_mane_boosted":
        m = st["pl"][opponent(p)]["mane"]
        return bool(m in st["cards"] and st["cards"][m].get("b"))
    if k == "count_at_least":  # "if you have 2 or more other Changeling characters here"
        return len(self.select(st, cond["sel"], p, src)) >= cond["n"]
    if k == "not_first":  # "At the start of your first turn, if you did not play first"
        return st["first"] != p
    if k == "opp_moved_none":  # "if that opponent did not move any characters this turn"
        mv = st.get("mvt")
        return not (mv and mv[0] == st["turn"] and opponent(p) in mv[1])
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
        self.end(st, ev, opponent(p), f"{self.pname(st, p)} loses the game ({self.name(st, src) if src in st['cards'] else 'card effect'})")
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
            done, host = choose_target(self, st, fr, {"op": "put_into_play", "target": {}}, cands)
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


def _finish_look(self, st, fr, q, zone="deck"):
    fr.pop("lq", None)
    deck = st["pl"][q][zone]
    bot = fr.get("bot", [])
    for c in bot:
        if c in deck:
            deck.remove(c)
            deck.append(c)
    fr.pop("look", None)
    fr.pop("bot", None)


def _describe(e) -> str:
    return ", ".join(x["op"] for x in e.get("effects", []))


def play_effects(self, st, ev, p, src, effects, label="") -> None:
    st["rq"].append({"p": p, "src": src, "eff": list(effects), "i": 0, "ch": None, "lbl": label, "after": None})


# ------------------------------------------------------------------ zone, deck, hand and confront ops


def _op_banish_from_zone(self, st, ev, fr, e) -> bool:
    """Banish a card from a discard pile or your hand (410.5): {zone: disc|hand, whose: you|any, filter}."""
    p = fr["p"]
    owners = [p] if e.get("whose", "you") == "you" else [opponent(p)] if e["whose"] == "opp" else [p, opponent(p)]
    cands = [c for q in owners for c in st["pl"][q][e.get("zone", "disc")] if card_filter(self, st, c, e.get("filter", {}))]
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
        self.log(ev, "banish", lambda: f"{self.pname(st, p)} banishes {nm} from a {'hand' if e.get('zone') == 'hand' else 'discard pile'}")
        if e.get("then"):  # "If you do, ..."
            fr["i"] += 1
            st["rq"].append({"p": p, "src": fr["src"], "eff": list(e["then"]), "i": 0, "ch": None, "lbl": "", "after": None})
            fr["i"] -= 1
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
    done, q = ask_player(self, st, fr, p, [x for x in (p, opponent(p)) if st["pl"][x]["disc"]], "discard pile")
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
    done, q = ask_player(self, st, fr, p, [p, opponent(p)])
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
    n = st["pl"][opponent(p)]["tok"] if e.get("count") == "opp_tokens" else 0
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
            q = opponent(p)
        else:
            done, q = ask_player(self, st, fr, p, [opponent(p), p], "hand")
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
    cands = [c for c in hand if card_filter(self, st, c, flt)]
    if fr["ch"] is None:
        if not cands:
            return True
        # the offered cards are shown only to the looking player (view.py describes offered options)
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
    if until == "next_turn":
        until = f"start{p}"  # "until the start of your next turn"
    m = {"who": p if who == "you" else opponent(p) if who == "opp" else -1, "prob": prob, "u": until}
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


def _op_retire_random(self, st, ev, fr, e) -> bool:
    """"An opponent retires a random Friend" (410.2; chosen with the game's seeded rng)."""
    q = opponent(fr["p"]) if e.get("who") == "opponent" else fr["p"]
    cands = [c for c in st["play"] if st["cards"][c]["c"] == q and self.ctype(st, c) == e.get("type", FRIEND)]
    if cands:
        self.leave_play(st, ev, cands[self.rand(st, len(cands))], "disc", verb="retired (at random)")
    return True


def _op_tm_put(self, st, ev, fr, e) -> bool:
    """Put a Troublemaker from your hand / deck (a search, 518) / discard pile into play at a Problem
    (``at``: choose / here), face-up unless ``"face_up": False`` (505.1: "put ... into play" without
    "face-up" is face-down; the parser says which); ``played``: it is played (609.2c, no cost)."""
    p = fr["p"]
    zone = e.get("zone", "hand")
    lst = st["pl"][p][zone]
    k = fr.get("k")
    if k is None:
        cands = [c for c in lst if self.db.cards[st["cards"][c]["k"]].front.type == "Troublemaker"]
        if fr["ch"] is None:
            if not cands:
                if zone == "deck":
                    self.shuffle(st, lst)
                return True
            opts = cands + (["none"] if zone == "deck" else [])
            if len(opts) > 1:
                self.ask(st, p, "target", opts, "518.1" if zone == "deck" else "705.2f", op="tm_into_play", src=fr["src"])
                return False
            fr["ch"] = opts[0]
        if fr["ch"] not in cands:
            if zone == "deck":
                self.shuffle(st, lst)
            return True
        fr["k"] = k = fr["ch"]
        fr["ch"] = None
    if e.get("at") == "here":
        src = fr["src"]
        a = st["cards"][src]["a"] if src in st["cards"] and self.in_play(st, src) else (fr.get("x") or {}).get("la")
        areas = [a] if a and not a.startswith("home") and self.problem_at(st, a) else []
    else:
        areas = [a for a in self.problem_areas(st) if self.problem_at(st, a)]
    if e.get("played"):  # a played Troublemaker obeys "Troublemakers can't be played here"
        no_tm = {st["cards"][o]["a"] for o in self.has_static(st, "no_tm_here")}
        areas = [a for a in areas if a not in no_tm]
    if not areas:
        return True
    if fr["ch"] is None and len(areas) > 1:
        self.ask(st, p, "choice", areas, "705.2f", src=fr["src"], what="area")
        return False
    area = fr["ch"] if fr["ch"] in areas else areas[0]
    up = e.get("face_up", True)
    nm = self.db.cards[st["cards"][k]["k"]].name
    nid = self.enter_play(st, ev, k, area, p, face_down=not up)
    if zone == "deck":
        self.shuffle(st, lst)
    if e.get("played"):  # "play a Troublemaker for free": it is played (When you play a Troublemaker)
        self.fire_all(st, ev, "you_play_tm", players=(p,))
    self.log(ev, "enter", lambda: f"{self.pname(st, p)} puts {nm if up else 'a Troublemaker'} into play "
             f"{'face-up' if up else 'face-down'} at {self.area_name(st, area)}", card=nid if up else None)
    return True


def _op_req_reduction(self, st, ev, fr, e) -> bool:
    """Reduce the play requirements (205.1) of your cards by N of a color until the end of the turn."""
    p = fr["p"]
    col = fr.get("color") if e["color"] == "chosen" else e["color"]  # "of the chosen color" (pick_color)
    if not col:
        return True
    r = {"color": col, "n": e.get("n", 1), "u": e.get("until", "turn")}
    if e.get("next"):
        r["next"] = True  # only the next card played this turn (Rules.record_play removes it)
    st["pl"][p].setdefault("req_red", []).append(r)
    self.log(ev, "requirement", lambda: f"{self.pname(st, p)}'s play requirements are reduced by {e.get('n', 1)} [{col}] "
             + ("for the next card played this turn" if e.get("next") else "this turn"))
    return True


def _cond_points(self, st, fr, cond) -> bool:
    return max(x["score"] for x in st["pl"]) >= cond["n"]  # "If a player has 8 or more points"


def _cond_tokens_parity(self, st, fr, cond) -> bool:
    return (st["pl"][fr["p"]]["tok"] % 2 == 0) == cond["even"]  # "each player with an even number of action tokens"


def _cond_it_power(self, st, fr, cond) -> bool:
    it = fr.get("it")
    return bool(it and self.in_play(st, it) and (self.power(st, it) or 0) <= cond["n"])  # "If it has 0 power or less"


def _cond_host_yours(self, st, fr, cond) -> bool:
    """"If that Friend is (not) yours" on an attachment: its host's controller."""
    h = st["cards"].get(fr["src"], {}).get("h")
    return bool(h and self.in_play(st, h)) and (st["cards"][h]["c"] == fr["p"]) == cond["yours"]


def _cond_it_cost(self, st, fr, cond) -> bool:
    """"If that Friend's cost is less than or equal to the number of Unicorn characters you have" (its
    printed cost, also after it left play; a token has no cost, 521.2)."""
    k = fr.get("itk")
    cost = self.ff[k].cost if k else None
    return cost is not None and cost <= len(self.select(st, cond["sel"], fr["p"], fr["src"]))


def _cond_opp_more_points(self, st, fr, cond) -> bool:
    """"If an opponent has more points than you"."""
    p = fr["p"]
    return st["pl"][opponent(p)]["score"] > st["pl"][p]["score"]


def _cond_friend_left_turn(self, st, fr, cond) -> bool:
    """"If a Friend left play this turn"."""
    return st.get("fl") == st["turn"]


def _cond_won_by(self, st, fr, cond) -> bool:
    """"If you won a Problem faceoff by at least N power this turn"."""
    won = st["pl"][fr["p"]].get("wonp")
    return bool(won) and won[0] == st["turn"] and won[1] >= cond["n"]


def _cond_you_have(self, st, fr, cond) -> bool:
    """"If you have a ..." (a selector finds a card)."""
    return bool(self.select(st, cond["sel"], fr["p"], fr["src"]))


def _cond_none(self, st, fr, cond) -> bool:
    """"If there are no ..." (a selector finds nothing)."""
    return not self.select(st, cond["sel"], fr["p"], fr["src"])


def _cond_of_if_texts(self, st, fr, cond) -> bool:
    """The conditions ``_if_cond`` reads."""
    return _if_cond(self, st, fr["p"], fr["src"], cond)


IF_CONDS = {"points_at_least": _cond_points, "tokens_parity": _cond_tokens_parity, "it_power_at_most": _cond_it_power,
            "host_yours": _cond_host_yours, "it_cost_le_count": _cond_it_cost}


def _op_move_to_each(self, st, ev, fr, e) -> bool:
    """"Move one of your characters to each Problem": one move per Problem, each a different character."""
    areas = [a for a in self.problem_areas(st) if self.problem_at(st, a)]
    fr["i"] += 1
    st["rq"].append({"p": fr["p"], "src": fr["src"], "i": 0, "ch": None, "lbl": "", "after": None,
                     "eff": [{"op": "move", "target": dict(e["target"]), "to": "area", "area": a} for a in areas]})
    fr["i"] -= 1
    return True


def _op_repeat(self, st, ev, fr, e) -> bool:
    """Repeat sub-effects a counted number of times ("for each color this card has", "up to the number
    of action tokens your opponent has"), in one frame so "fresh" choices stay distinct."""
    p, src = fr["p"], fr["src"]
    k = e["count"].get("k")
    if k == "own_colors":
        n = len(self.colors(st, src)) if src in st["cards"] and self.in_play(st, src) else 0
    elif k == "opp_tokens":
        n = st["pl"][opponent(p)]["tok"]
    else:
        n = 0
    if n > 0:
        fr["i"] += 1
        st["rq"].append({"p": p, "src": src, "eff": [dict(x) for _ in range(n) for x in e["effects"]], "i": 0, "ch": None,
                         "lbl": "", "after": None})
        fr["i"] -= 1
    return True


def _op_look_fd_tm(self, st, ev, fr, e) -> bool:
    """Look at a face-down Troublemaker at this card's Problem, or at any Problem with ``any`` ("Look at
    a face-down Troublemaker"); private to the looking player, 505.1d."""
    p, src = fr["p"], fr["src"]
    a = st["cards"][src]["a"] if src in st["cards"] and self.in_play(st, src) else None
    cands = [o for o in st["play"] if (e.get("any") or (a and st["cards"][o]["a"] == a)) and st["cards"][o].get("fd")
             and self.ctype(st, o) == "Troublemaker"]
    if not cands:
        return True
    if fr["ch"] is None and len(cands) > 1:
        self.ask(st, p, "target", cands, "705.2f", op="look", src=src)
        return False
    one = fr["ch"] if fr["ch"] in cands else cands[0]
    if not ev.quiet:
        ev.add("look", f"{self.pname(st, p)} looks at a face-down Troublemaker", player=p)
        ev.add("look", f"You see: {self.db.cards[st['cards'][one]['k']].name}", to=p)
    return True


def _op_return_gone(self, st, ev, fr, e) -> bool:
    """Put the card an earlier effect of this frame banished back into play at its owner's home, under
    its owner's control (513.2, 706)."""
    g = fr.pop("gone", None)
    if g and g in st["cards"] and st["cards"][g].get("z") == "ban":
        o = st["cards"][g]["o"]
        nid = self.enter_play(st, ev, g, f"home{o}", o)
        self.log(ev, "enter", lambda: f"{self.name(st, nid)} is put into play")
    return True


def _op_exchange_control(self, st, ev, fr, e) -> bool:
    """Exchange control of one of your Friends and an opposing Friend until a duration ends (513.2);
    ``theirs_by: "opp"``: the opponent chooses theirs, at the same Problem as yours (AD116)."""
    p = fr["p"]
    k = fr.get("k") or {}
    if "mine" not in k:
        cands = self.select(st, e["mine"], p, fr["src"])
        if fr["ch"] is None:
            if not cands:
                return True
            if len(cands) > 1:
                self.ask(st, p, "target", cands, "705.2f", op="exchange_control", src=fr["src"])
                return False
            fr["ch"] = cands[0]
        k["mine"] = fr["ch"]
        fr["ch"] = None
        fr["k"] = k
    mine = k["mine"]
    if not self.in_play(st, mine):
        return True
    sel = dict(e["theirs"])
    chooser = opponent(p) if e.get("theirs_by") == "opp" else p
    cands = [c for c in self.select(st, sel, chooser, fr["src"]) if st["cards"][c]["c"] != p]
    if e.get("same_area"):
        cands = [c for c in cands if st["cards"][c]["a"] == st["cards"][mine]["a"]]
    if fr["ch"] is None:
        if not cands:
            return True
        if len(cands) > 1:
            self.ask(st, chooser, "target", cands, "705.2f", op="exchange_control", src=fr["src"])
            return False
        fr["ch"] = cands[0]
    theirs = fr["ch"]
    if theirs not in cands:
        return True
    u = e.get("until", "score_phase")
    for cid, new in ((mine, opponent(p)), (theirs, p)):
        old = st["cards"][cid]["c"]
        st["cards"][cid]["c"] = new
        st["ctl"].append({"t": cid, "to": old, "u": u})
    st["dy"] = 1
    self.log(ev, "control", lambda: f"{self.name(st, mine)} and {self.name(st, theirs)} exchange controllers")
    return True


def _op_bottom_pick(self, st, ev, fr, e) -> bool:
    """Look at the bottom N cards of your deck; you may put one of them on top (private)."""
    p = fr["p"]
    deck = st["pl"][p]["deck"]
    look = deck[-min(e.get("n", 1), len(deck)):] if deck else []
    if fr["ch"] is None:
        if not look:
            return True
        if not ev.quiet:
            ev.add("look", f"{self.pname(st, p)} looks at the bottom {len(look)} card(s) of their deck", player=p)
            ev.add("look", "You see: " + ", ".join(self.db.cards[st["cards"][c]["k"]].name for c in look), to=p)
        self.ask(st, p, "target", list(look) + ["none"], "705.2f", op="bottom_pick", src=fr["src"])
        return False
    if fr["ch"] in look:
        deck.remove(fr["ch"])
        deck.insert(0, fr["ch"])
        self.log(ev, "deck", lambda: f"{self.pname(st, p)} puts a card from the bottom of their deck on top")
    return True


def _op_top_split(self, st, ev, fr, e) -> bool:
    """Look at the top three cards: one into your hand, one on top, one on the bottom (private)."""
    p = fr["p"]
    deck = st["pl"][p]["deck"]
    k = fr.get("k")
    if k is None:
        k = fr["k"] = {"left": list(deck[:3]), "done": []}
        if not ev.quiet and k["left"]:
            ev.add("look", f"{self.pname(st, p)} looks at the top {len(k['left'])} card(s) of their deck", player=p)
            ev.add("look", "You see: " + ", ".join(self.db.cards[st["cards"][c]["k"]].name for c in k["left"]), to=p)
    if fr["ch"] is not None and fr["ch"] in k["left"]:
        k["left"].remove(fr["ch"])
        k["done"].append(fr["ch"])
        fr["ch"] = None
    steps = ("hand", "top", "bottom")
    while len(k["done"]) < len(steps) and k["left"]:
        if len(k["left"]) == 1:
            k["done"].append(k["left"].pop())
            continue
        self.ask(st, p, "target", list(k["left"]), "705.2f", op="top_split", src=fr["src"], to=steps[len(k["done"])])
        return False
    for cid, where in zip(k["done"], steps):
        if cid not in deck:
            continue
        if where == "hand":
            self.put(st, cid, "hand")  # (put takes it out of the deck)
        elif where == "top":
            deck.remove(cid)
            deck.insert(0, cid)
        else:
            deck.remove(cid)
            deck.append(cid)
    self.log(ev, "deck", lambda: f"{self.pname(st, p)} puts a card into their hand and rearranges their deck")
    return True


def _op_fo_plus(self, st, ev, fr, e) -> bool:
    """"You have +2 power during Faceoffs this turn": added to your faceoff total (514.4a)."""
    p = fr["p"]
    st["pl"][p].setdefault("fo_plus", []).append({"n": e.get("n", 1), "u": e.get("until", "turn")})
    self.log(ev, "power", lambda: f"{self.pname(st, p)} has {e.get('n', 1):+d} power during faceoffs this turn")
    return True


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


def _persistent_then(st, cid, event, p) -> None:
    """A trigger event the effect fires once the card has really left (kept on the queued decision)."""
    rq = st["rq"]
    if rq and rq[-1].get("lbl") == "Persistent":
        for pe in rq[-1]["eff"]:
            if pe.get("card") == cid:
                pe["then"] = [event, p]


def _op_persistent(self, st, ev, fr, e) -> bool:
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


def _op_random_flip(self, st, ev, fr, e) -> bool:
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


def _op_pumped(self, st, ev, fr, e) -> bool:
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


EVENT_OPS = {
    "fo_plus": _op_fo_plus,
    "return_gone": _op_return_gone,
    "exchange_control": _op_exchange_control,
    "bottom_pick": _op_bottom_pick,
    "top_split": _op_top_split,
    "move_to_each": _op_move_to_each,
    "repeat": _op_repeat,
    "look_fd_tm": _op_look_fd_tm,
    "req_reduction": _op_req_reduction,
    "retire_random": _op_retire_random,
    "tm_into_play": _op_tm_put,
    "persistent": _op_persistent,
    "random_flip": _op_random_flip,
    "pumped": _op_pumped,
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


# ------------------------------------------------------------------ watched-trigger ops (when-helper)
def _deck_of(self, st, fr, e) -> list | None:
    """The deck an effect looks at: ``whose`` you / opponent / problem_here (the owner of the Problem at
    this card's area), ``deck`` "deck" (draw deck) or "pdeck" (Problem deck)."""
    p, src = fr["p"], fr["src"]
    whose = e.get("whose", "you")
    if whose == "problem_here":
        area = st["cards"].get(src, {}).get("a")
        pid = self.problem_at(st, area) if area else None
        if pid is None:
            return None
        q = st["cards"][pid]["o"]
    else:
        q = p if whose == "you" else opponent(p)
    return st["pl"][q][e.get("deck", "deck")]


def _op_reorder_top(self, st, ev, fr, e) -> bool:
    """"Look at the top N cards of <a deck> and put them back in any order": the looker (privately)
    picks, one at a time, the card to put back next from the top."""
    p = fr["p"]
    deck = _deck_of(self, st, fr, e)
    if not deck:
        return True
    k = fr.get("k")
    if k is None:
        look = deck[:min(e.get("n", 1), len(deck))]
        fr["k"] = k = {"look": look, "order": []}
        if not ev.quiet:
            ev.add("look", f"{self.pname(st, p)} looks at the top {len(look)} card(s) of a deck", player=p)
            ev.add("look", "You see: " + ", ".join(self.db.cards[st["cards"][c]["k"]].name for c in look), to=p)
    if fr["ch"] is not None:
        if fr["ch"] in k["look"] and fr["ch"] not in k["order"]:
            k["order"].append(fr["ch"])
        fr["ch"] = None
    rest = [c for c in k["look"] if c not in k["order"]]
    if len(rest) > 1:
        self.ask(st, p, "target", rest, "705.2f", op="reorder_top", src=fr["src"])
        return False
    order = k["order"] + rest
    for c in order:
        if c in deck:
            deck.remove(c)
    deck[0:0] = [c for c in order if c in st["cards"]]
    return True


def _op_look_pdeck(self, st, ev, fr, e) -> bool:
    """"Look at the top card of your Problem deck and put it on the top or the bottom of that deck"."""
    p = fr["p"]
    deck = _deck_of(self, st, fr, e)
    if not deck:
        return True
    top = deck[0]
    if fr["ch"] is None:
        if not ev.quiet:
            ev.add("look", f"{self.pname(st, p)} looks at the top card of a Problem deck", player=p)
            ev.add("look", f"You see: {self.db.cards[st['cards'][top]['k']].name}", to=p)
        self.ask(st, p, "look", ["top", "bottom"], "705.2f", card=0)
        return False
    if fr["ch"] == "bottom" and deck and deck[0] == top:
        deck.append(deck.pop(0))
    return True


def _op_uncover_it(self, st, ev, fr, e) -> bool:
    """"... may pay [2] to uncover it": the Troublemaker a watched event happened to, if still face-down."""
    it = (fr.get("x") or {}).get("it")
    if it and self.in_play(st, it) and st["cards"][it].get("fd") and self.ctype(st, it) == "Troublemaker":
        uncover_one(self, st, ev, it, by=fr["p"])
    return True


def _op_left_to_hand(self, st, ev, fr, e) -> bool:
    """"When this card is dismissed, put it into its owner's hand": the card in the zone it went to,
    if it is still there (410.6a)."""
    new = (fr.get("x") or {}).get("new")
    c = st["cards"].get(new) if new else None
    if c and c.get("z") in ("disc", "ban", "deck") and new in st["pl"][c["o"]][c["z"]]:
        nm = self.db.cards[c["k"]].name
        self.put(st, new, "hand")
        self.log(ev, "zone", lambda: f"{nm} is put into its owner's hand")
    return True


def _op_send_it_back(self, st, ev, fr, e) -> bool:
    """"Send that character to its previous area" (a watched move: the area it was moved from, 506.5)."""
    x = fr.get("x") or {}
    it, frm = x.get("it"), x.get("from")
    if it and frm and self.in_play(st, it) and frm in st["areas"] and st["cards"][it]["a"] != frm:
        if not (frm.startswith("home") and int(frm[4:]) != st["cards"][it]["c"]):
            self.move_card(st, ev, it, frm, send=True)
    return True


def _op_costs_ok(self, st, ev, fr, e) -> bool:
    """Before paying several costs ("pay [1] and exhaust this card"): if any can't be paid, none is and
    nothing else happens (508.1d)."""
    src = fr["src"]
    ok = st["pl"][fr["p"]]["tok"] >= e.get("tokens", 0)
    if e.get("self_ready"):
        c = st["cards"].get(src)
        ok = ok and c is not None and self.in_play(st, src) and not c.get("ex") and not c.get("fr")
    if not ok:
        fr["i"] = len(fr["eff"])
        return False
    return True


WHEN_OPS = {
    "costs_ok": _op_costs_ok,
    "send_it_back": _op_send_it_back,
    "reorder_top": _op_reorder_top,
    "look_pdeck": _op_look_pdeck,
    "uncover_it": _op_uncover_it,
    "left_to_hand": _op_left_to_hand,
}


# ------------------------------------------------------------------ optional replacement modifiers (710)
def _op_replace_ask(self, st, ev, fr, e) -> bool:
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
    if ab is None or ab.get("op") != "replace" or (src, e["i"]) not in self.replacements(st, cid, tuple(e["evs"]), tuple(e.get("skip", ()))):
        _replace_declined(self, st, ev, e, tuple(e.get("skip", ())))  # 710.5a: it no longer applies
        return True
    q = fr["p"]
    if fr["ch"] is None:
        what = "frightened" if e["evs"] == ["frighten"] else e.get("verb", "dismissed").split(" (")[0]
        self.ask(st, q, "may", [True, False], "710", src=src, card=cid, what="replacement",
                 text=f"{self.name(st, src)}: replace {self.name(st, cid)} being {what} — \"{ab.get('text', '')}\"")
        return False
    if fr["ch"]:
        if ab.get("pay"):
            st["pl"][q]["tok"] -= ab["pay"]
        self.log(ev, "replace", lambda: f"{self.name(st, src)} replaces it (710): {ab.get('text', '')}")
        fr["i"] += 1
        st["rq"].append({"p": q, "src": src, "eff": list(ab["instead"]), "i": 0, "ch": None, "lbl": "", "after": None,
                         "it": cid})
        fr["i"] -= 1
    else:
        _replace_declined(self, st, ev, e, skip)
    return True


def _replace_declined(self, st, ev, e, skip) -> None:
    if e["evs"] == ["frighten"]:
        self.frighten(st, ev, e["card"], rskip=skip)
    else:
        self.leave_play(st, ev, e["card"], e["zone"], e["pos"], verb=e["verb"], rskip=skip)


EVENT_OPS["replace_ask"] = _op_replace_ask


def _no_replace(self, st, area) -> bool:
    """"This card's Problem can't be replaced until it is solved" (104.2: an effect can't replace it)."""
    return any(st["cards"][o]["a"] == area for o, ab in self.statics(st, "no_replace"))


def _op_send_to_area(self, st, ev, fr, e) -> bool:
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


EVENT_OPS["send_to_area"] = _op_send_to_area


def _op_choose_colors(self, st, ev, fr, e) -> bool:
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


EVENT_OPS["choose_colors"] = _op_choose_colors


def _op_reveal_colors(self, st, ev, fr, e) -> bool:
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


EVENT_OPS["reveal_colors"] = _op_reveal_colors





#: every effect op -> its handler (one handler per op: the registry refuses a second one).  The order
#: is the interpreter's: its own ops, the Event and triggered-ability ops, the player effects, then the
#: effects on chosen cards.
EFFECTS = Registry("effect op")
EFFECTS.register("may", _effect_may)
EFFECTS.register("choose_modes", _effect_choose_modes)
EFFECTS.register("hand_to_deck_top", _effect_hand_to_deck_top)
EFFECTS.register("uncover", _effect_uncover)
EFFECTS.register("as_opponent", _effect_as_opponent)
EFFECTS.register("choose_area", _effect_choose_area)
EFFECTS.register("fo_flip_mod", _effect_fo_flip_mod)
EFFECTS.register("shuffle_decks", _effect_shuffle_decks)
EFFECTS.register("ignore_flip", _effect_ignore_flip)
EFFECTS.register("send_back", _effect_send_back)
EFFECTS.register("each_player", _effect_each_player)
EFFECTS.register("mark", _effect_mark)
EFFECTS.register("at_fo_end", _effect_at_fo_end)
EFFECTS.register("if", _effect_if)
EFFECTS.register("exhaust_self_cost", _effect_exhaust_self_cost)
EFFECTS.register("leave_self_cost", _effect_leave_self_cost)
EFFECTS.register("pay", _effect_pay)
EFFECTS.register("if_faceoff", _effect_if_faceoff)
EFFECTS.register("flip_if_involved", _effect_flip_if_involved)
EFFECTS.register("start_fo", _effect_start_fo)
EFFECTS.register("spend_cost", _effect_spend_cost)
EFFECTS.register("per", _effect_per)
EFFECTS.register("reveal_top", _effect_reveal_top_group)
EFFECTS.register("revealed", _effect_reveal_top_group)
EFFECTS.register("lose_game", _effect_reveal_top_group)
EFFECTS.register("end_faceoff", _effect_reveal_top_group)
EFFECTS.register("lose_tokens", _effect_lose_tokens)
EFFECTS.register("flipped_card", _effect_flipped_card)
EFFECTS.register("mill", _effect_mill)
EFFECTS.register("pick_color", _effect_pick_color)
EFFECTS.register("replace_problem", _effect_replace_problem)
EFFECTS.register("draw_to", _effect_draw_to)
EFFECTS.register_all(EVENT_OPS)
EFFECTS.register_all(TIMED_ABILITY_OPS)
EFFECTS.register_all(WHEN_OPS)
EFFECTS.register_all(TRIGGER_OPS)
EFFECTS.register("draw", _player_effect)
EFFECTS.register("discard", _player_effect)
EFFECTS.register("gain", _player_effect)
EFFECTS.register("score", _player_effect)
EFFECTS.register("look_top", _player_effect)
EFFECTS.register("search", _player_effect)
EFFECTS.register("flip", _player_effect)
EFFECTS.register("token", _player_effect)
EFFECTS.register("put_into_play", _player_effect)
EFFECTS.register("cost_reduction", _player_effect)
EFFECTS.register("turn_over", _player_effect)
EFFECTS.register("cutie_mark", _player_effect)
EFFECTS.register("choose_color", _player_effect)
EFFECTS.register("also_friend", _effect_also_friend)
EFFECTS.register("grant_kw", _effect_grant_kw)
for _op in TARGETED_OPS:
    EFFECTS.register(_op, targeted_effect)


#: every condition of an ``if`` effect -> its test ``(rules, st, frame, cond) -> bool``: checked in this one
#: place, and a condition nobody registered raises instead of reading as false
IF_CONDITIONS = Registry("if condition")
IF_CONDITIONS.register_all({"opp_more_points": _cond_opp_more_points, "friend_left_turn": _cond_friend_left_turn,
                            "won_by": _cond_won_by, "you_have": _cond_you_have, "none": _cond_none})
IF_CONDITIONS.register_all(IF_CONDS)
IF_CONDITIONS.register_all(TIMED_IF_CONDS)
IF_CONDITIONS.register_all(TRIGGER_CONDS)
for _k in ("opp_tokens_at_least", "not_confronted", "none_confronted", "hand_below", "beneath_at_least", "self_power_at_least", "highest_power", "opp_mane_boosted", "count_at_least", "not_first", "opp_moved_none", "no_opp_at_problem"):
    IF_CONDITIONS.register(_k, _cond_of_if_texts)
