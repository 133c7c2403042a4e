"""Effects on chosen cards (705.2f): banish, dismiss, exhaust, ready, frighten, move, power,
counters, gain control, ... (``TARGETED_OPS``), and keyword / Friend grants."""
from __future__ import annotations

from ..constants import opponent
from .targeting import choose_target, target_cards
from .timed import defeat_bonus
from .replacements import persistent_then


#: the ops ``targeted_effect`` acts on (grant_kw without an each-selector too: see effect_grant_kw)
TARGETED_OPS = ("add_color", "banish", "counters", "defeat", "dismiss", "exhaust", "frighten", "gain_control", "move", "power", "ready", "retire", "send_home", "to_deck_top", "to_hand", "turn_face_down", "unfrighten",
                "lose_abilities_until", "turn_tm_over", "lose_teamwork")


#: the chosen-card ops a card outside play may do to itself ("this card"), and the zone each puts it in
_SELF_OUTSIDE_PLAY = {"banish": "ban", "dismiss": "disc", "to_deck_top": "deck", "to_hand": "hand"}


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
    if tgt.get("self") and op in _SELF_OUTSIDE_PLAY and src in st["cards"] and st["cards"][src].get("z") in ("flip", "queue"):
        # a flipped (Chaos) card acting on itself in the flip zone, or an Event on itself while it resolves in
        # the queue zone (408; "Put this card on top of its owner's deck", "then banish this card"): put
        # elsewhere, it is not put into the discard pile afterwards (304.2)
        nm = self.name(st, src)
        where = {"flip": "the flip zone", "queue": "the queue"}[st["cards"][src]["z"]]
        self.put(st, src, _SELF_OUTSIDE_PLAY[op], "top")
        self.log(ev, "zone", lambda: f"{nm} is {'banished' if op == 'banish' else 'moved'} from {where}")
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
            fr["paid_pw"] = self.power(st, cid) or 0  # "Retire one of your Resources to add its power ..." (410.6a)
        if tgt.get("fresh"):
            fr.setdefault("picked", []).append(cid)
        handler = ON_CHOSEN_CARD.get(op)
        if handler is not None and handler(self, st, ev, fr, e, op, p, src, tgt, cands, prev_it, paid, cid) is False:
            return False
    if e.get("cost") and not any(not self.in_play(st, c_) or (st["cards"][c_].get("ex"), st["cards"][c_].get("fr")) != v
                                 for c_, v in snap.items()):
        fr["i"] = len(fr["eff"])  # nothing was exhausted / frightened / removed: the cost was not paid
        return False
    return True


def _on_exhaust(self, st, ev, _fr, e, _op, p, _src, _tgt, _cands, _prev_it, _paid, cid) -> bool | None:
    if self.exhaust(st, ev, cid, by=p) and e.get("no_ready"):
        st["cards"][cid]["nr"] = True  # it does not ready during its controller's next Ready Phase


def _on_ready(self, st, ev, _fr, _e, _op, _p, _src, _tgt, _cands, _prev_it, _paid, cid) -> bool | None:
    if self.ready(st, ev, cid):
        self.log(ev, "ready", lambda cid=cid: f"{self.name(st, cid)} is readied")


def _on_frighten(self, st, ev, _fr, _e, _op, _p, _src, _tgt, _cands, _prev_it, _paid, cid) -> bool | None:
    self.frighten(st, ev, cid)


def _on_unfrighten(self, st, ev, _fr, _e, _op, _p, _src, _tgt, _cands, _prev_it, _paid, cid) -> bool | None:
    self.unfrighten(st, ev, cid)


def _on_dismiss(self, st, ev, _fr, _e, _op, _p, _src, _tgt, _cands, _prev_it, paid, cid) -> bool | None:
    self.leave_play(st, ev, cid, "disc", verb="dismissed", cost=paid)


def _on_banish(self, st, ev, fr, e, _op, _p, _src, _tgt, _cands, _prev_it, paid, cid) -> bool | None:
    gone = self.leave_play(st, ev, cid, "ban", verb="banished", cost=paid)
    if gone and e.get("keep"):
        fr["gone"] = gone  # "Banish a Friend, then put that Friend into play"


def _on_retire(self, st, ev, _fr, _e, _op, p, _src, _tgt, _cands, _prev_it, paid, cid) -> bool | None:
    if st["cards"][cid]["c"] == p:  # 410.2
        self.leave_play(st, ev, cid, "disc", verb="retired", cost=paid)


def _on_to_hand(self, st, ev, _fr, _e, _op, _p, _src, _tgt, _cands, _prev_it, paid, cid) -> bool | None:
    self.leave_play(st, ev, cid, "hand", verb="returned to its owner's hand", cost=paid)


def _on_to_deck_top(self, st, ev, _fr, _e, _op, p, _src, _tgt, _cands, _prev_it, paid, cid) -> bool | None:
    own = st["cards"][cid]["o"]
    if self.leave_play(st, ev, cid, "deck", "top", verb="put on top of its owner's deck", cost=paid) and own == p:
        self.fire_all(st, ev, "you_deck_top", players=(p,))  # your card on top of your deck
    elif own == p:
        persistent_then(st, cid, "you_deck_top", p)  # if Persistent's decision lets it go


def _on_defeat(self, st, ev, _fr, _e, _op, p, _src, _tgt, _cands, _prev_it, _paid, cid) -> bool | None:
    # 514.5a: score its point value and dismiss it
    if self.ctype(st, cid) == "Troublemaker" and not st["cards"][cid].get("fd"):
        pts = self.face(st, cid).bonus or 0
        nm = self.name(st, cid)
        self.fire(st, ev, "defeated", cid, extra={"la": st["cards"][cid]["a"], "it": cid})  # it: found in its new zone (410.6a)
        self.watch(st, ev, "w_defeat", cid, {"by": p, "pw": self.power(st, cid)})  # defeated by an effect's player too
        self.score(st, ev, p, pts, f"for defeating {nm}")
        if st["pl"][p].get("ndb"):
            defeat_bonus(self, st, ev, p)
        self.leave_play(st, ev, cid, "disc", verb="defeated and dismissed (514.5a)")


def _on_send_home(self, st, ev, _fr, _e, _op, _p, _src, _tgt, _cands, _prev_it, _paid, cid) -> bool | None:
    if not st["cards"][cid]["a"].startswith("home"):
        self.send_home(st, ev, cid)


def _on_move(self, st, ev, fr, e, _op, p, src, _tgt, _cands, _prev_it, _paid, cid) -> bool | None:
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
        it = _prev_it if e.get("marked") else (fr.get("x") or {}).get("it")  # marked: the card a `mark` chose before
        dest = [st["cards"][it]["a"]] if it and self.in_play(st, it) and \
            st["cards"][it]["a"].startswith(("prob", "dil")) else []
    elif to == "with":  # "to a Problem with a Troublemaker": a Problem where a card fitting ``with`` is (505.2: face-up)
        dest = [a for a in self.problem_areas(st)
                if any(st["cards"][o]["a"] == a for o in self.select(st, e["with"], p, src))]
    elif to == "it":  # "to that Problem": where a watched event happened
        it = (fr.get("x") or {}).get("it")
        dest = [st["cards"][it]["a"]] if it and self.in_play(st, it) else []
    else:
        dest = [a for a in st["areas"] if a != c["a"] and not (a.startswith("home") and int(a[4:]) != c["c"])]
        if to == "problem" or self.ctype(st, cid) == "Troublemaker":  # 506.2a: never to a home
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
            return None
        if fr.get("k") is None:
            fr["k"] = cid
            fr["ch"] = None
            self.ask(st, p, "choice", dest + ["none"], "506", src=src, what="area")
            return False
        if fr["ch"] not in dest:
            return None
        area = fr["ch"]
        if tax[area]:
            self.pay_cost(st, p, tax[area], ev)
            self.log(ev, "pay", lambda a=area: f"{self.pname(st, p)} pays {tax[a]} to move {self.name(st, cid)}")
        self.move_card(st, ev, cid, area, by=p)
        return None
    if not dest:
        return None
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


def _on_power(self, st, ev, fr, e, _op, p, src, _tgt, _cands, prev_it, _paid, cid) -> bool | None:
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
        if e["n_from"] == "paid":  # the card paid as the cost, its power as it was paid
            n = fr.get("paid_pw", 0)
    if e.get("until", "turn") == "permanent":
        st["cards"][cid]["cn"]["+1"] = st["cards"][cid]["cn"].get("+1", 0) + n
    else:
        self.add_mod(st, cid, n, _until(e, p), col=e.get("color"))  # "+1 [Loyalty]": colored power
    self.log(ev, "power", lambda cid=cid: f"{self.name(st, cid)} gets {n:+d} power"
             f"{' until the end of the ' + e.get('until', 'turn') if e.get('until') != 'permanent' else ''}")


def _on_grant_kw(self, st, ev, _fr, e, _op, p, src, _tgt, _cands, _prev_it, _paid, cid) -> bool | None:
    # "That Friend gains Stubborn until the end of the turn"
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


def _on_add_color(self, st, ev, fr, e, _op, _p, _src, _tgt, _cands, _prev_it, _paid, cid) -> bool | None:
    col = fr.get("color") if e["color"] == "chosen" else e["color"]  # "that color" (pick_color)
    if col is None:
        return None
    if self.is_char(st, cid) or self.ctype(st, cid) == "Troublemaker":
        self.add_mod(st, cid, 0, e.get("until", "turn"), col=col)
        self.log(ev, "color", lambda cid=cid: f"{self.name(st, cid)} is also [{col}] until the end of the "
                 f"{'phase' if e.get('until') == 'phase' else e.get('until', 'turn')}")


def _on_turn_face_down(self, st, ev, _fr, _e, _op, _p, _src, _tgt, _cands, _prev_it, _paid, cid) -> bool | None:
    c = st["cards"][cid]
    if not c.get("fd"):
        c["fd"] = True  # 505.3 it becomes a different card: modifiers and counters end
        c["cn"] = {}
        c.pop("ts", None)  # no abilities face-down (505.1a): a new 711.3a timestamp when uncovered
        st["mods"] = [m for m in st["mods"] if m["t"] != cid]
        st["dy"] = 1
        self.log(ev, "face_down", lambda cid=cid: "A Troublemaker is turned face-down")
        if c["k"] in self.trig_ev.get("turned_fd", ()):  # "When this card ... is turned face-down, ..." (its printed
            for ab in self.abf[c["k"]]:  # ability looks back at the card before it turned, like leaving play, 410.6a)
                if ab["kind"] == "trigger" and ab["on"] == "turned_fd":
                    self.queue_trigger(st, cid, c["c"], ab["effects"], ab.get("text", ""))


def _on_turn_tm_over(self, st, ev, fr, e, op, p, src, tgt, cands, prev_it, paid, cid) -> bool | None:
    """"Turn over an opposing Troublemaker here. (This does not cover or uncover it.)" (HM69): a face-down one
    turns face-up without being uncovered (no uncover trigger, Epic or Villain, 607), its abilities functioning
    from now (711.3a); a face-up one turns face-down (505.3)."""
    if not st["cards"][cid].get("fd"):
        return _on_turn_face_down(self, st, ev, fr, e, op, p, src, tgt, cands, prev_it, paid, cid)
    self.turn_tm_face_up(st, ev, cid)
    return None


def _on_gain_control(self, st, ev, _fr, e, _op, p, _src, _tgt, _cands, _prev_it, _paid, cid) -> bool | None:
    if e.get("to") == "opp":  # "to have an opponent gain control of that Friend" (513.2)
        p = 1 - p
    c = st["cards"][cid]
    if c["c"] != p:
        old = c["c"]
        c["c"] = p  # 513.2
        st["dy"] = 1
        if e.get("until", "permanent") != "permanent":  # "source": until _src leaves play or is frightened (EO213)
            st["ctl"].append({"t": cid, "to": old, "u": e["until"], **({"src": _src} if e["until"] == "source" else {})})
        self.log(ev, "control", lambda cid=cid: f"{self.pname(st, p)} gains control of {self.name(st, cid)}")


def _on_counters(self, st, ev, fr, e, _op, p, _src, _tgt, _cands, _prev_it, _paid, cid) -> bool | None:
    cn = st["cards"][cid]["cn"]
    key = e.get("counter", "+1")
    k_n = max(self.power(st, cid) or 0, 0) if e.get("n_power") else e.get("n", 1)  # "equal to that Friend's power"
    if e.get("n_self_counter"):  # "equal to the number of Harmony counters on this card" (as it resolves)
        sc = st["cards"].get(fr["src"])
        k_n = sc.get("cn", {}).get(e["n_self_counter"], 0) if sc and self.in_play(st, fr["src"]) else 0
    if e.get("remove"):  # "remove a +1 power counter from this card"; "remove all Delay counters from ..."
        k_n = cn.get(key, 0) if e.get("all") else min(k_n, cn.get(key, 0))
        cn[key] = cn.get(key, 0) - k_n
        self.log(ev, "counters", lambda cid=cid, k_n=k_n: f"{k_n} {key} counter(s) removed from {self.name(st, cid)}")
        return None
    cn[key] = cn.get(key, 0) + k_n
    self.log(ev, "counters", lambda cid=cid: f"{self.name(st, cid)} gets {k_n} {key} counter(s)")
    if key == "+1":
        self.watch(st, ev, "w_counter", cid, {"by": p})  # "When you put a +1 power counter on ..."
    elif st["cards"][cid]["c"] == p:
        self.fire(st, ev, "counter_put", cid, extra={"counter": key})  # "When you put a Trainee counter on this card"


def _on_lose_teamwork(self, st, ev, _fr, _e, _op, _p, _src, _tgt, _cands, _prev_it, _paid, cid) -> bool | None:
    """"That Friend loses Teamwork until it is readied" (card key ``ntw``, cleared as it readies, 603.1)."""
    if self.kw(st, cid, "Teamwork"):
        st["cards"][cid]["ntw"] = True
        st["dy"] = 1
        self.log(ev, "abilities", lambda: f"{self.name(st, cid)} loses Teamwork until it is readied")


def _on_lose_abilities_until(self, st, ev, _fr, e, _op, _p, src, _tgt, _cands, _prev_it, _paid, cid) -> bool | None:
    # "That character loses and can't have abilities until the end of the turn" / "While this card remains
    # exhausted, that Friend loses and can't have abilities" (a modifier made by an effect, 708; Rules.add_lab_mod)
    while_ex = src if e.get("while_ex") else None
    if while_ex is not None and not (src in st["cards"] and self.in_play(st, src) and st["cards"][src].get("ex")):
        return None  # its source no longer remains exhausted: the modifier would end at once
    self.add_lab_mod(st, cid, e.get("until", "turn") if while_ex is None else "permanent", while_ex=while_ex)
    self.log(ev, "abilities", lambda: f"{self.name(st, cid)} loses and can't have abilities "
             + ("while " + self.name(st, src) + " remains exhausted" if while_ex else "until the end of the " + e.get("until", "turn")))


#: a targeted op -> what it does to one chosen card (False: the effect waits for a decision)
ON_CHOSEN_CARD = {
    "exhaust": _on_exhaust,
    "ready": _on_ready,
    "frighten": _on_frighten,
    "unfrighten": _on_unfrighten,
    "dismiss": _on_dismiss,
    "banish": _on_banish,
    "retire": _on_retire,
    "to_hand": _on_to_hand,
    "to_deck_top": _on_to_deck_top,
    "defeat": _on_defeat,
    "send_home": _on_send_home,
    "move": _on_move,
    "power": _on_power,
    "grant_kw": _on_grant_kw,
    "add_color": _on_add_color,
    "turn_face_down": _on_turn_face_down,
    "turn_tm_over": _on_turn_tm_over,
    "gain_control": _on_gain_control,
    "counters": _on_counters,
    "lose_abilities_until": _on_lose_abilities_until,
    "lose_teamwork": _on_lose_teamwork,
}


def effect_also_friend(self, st, ev, fr, e) -> bool:
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


def effect_grant_kw(self, st, ev, fr, e) -> bool:
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
