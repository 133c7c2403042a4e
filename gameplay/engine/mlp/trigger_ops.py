"""Effect ops of the triggered-ability templates added 2026-11-23 (cards-b): named counters, looking
at a hand, pay-or-dismiss choices, printed-cost / last-known-power amounts, turning a Mane Character
over, naming a card, and challenges started by an effect (514.2a.i).  Registered into
``resolve.WHEN_OPS`` (and the ``if`` conditions into ``resolve.IF_CONDS``) at import."""
from __future__ import annotations

from . import resolve as _r

TM = "Troublemaker"


def _opp(p):
    return 1 - p


def _push(st, fr, p, effects, **extra) -> None:
    """Run ``effects`` next, in a frame of their own (the current effect counts as done)."""
    fr["i"] += 1
    st["rq"].append({"p": p, "src": fr["src"], "eff": list(effects), "i": 0, "ch": None, "lbl": "", "after": None,
                     "it": fr.get("it"), "x": fr.get("x") or {}, "rxa": fr.get("rxa"), **extra})
    fr["i"] -= 1


def _op_clear_counters(self, st, ev, fr, e) -> bool:
    """"remove them": every counter of that kind on this card (519)."""
    src = fr["src"]
    if src in st["cards"] and self.in_play(st, src):
        n = st["cards"][src]["cn"].pop(e["counter"], 0)
        if n:
            self.log(ev, "counters", lambda: f"{n} {e['counter']} counter(s) are removed from {self.name(st, src)}")
    return True


def _op_peek_hand(self, st, ev, fr, e) -> bool:
    """"You may look at an opponent's hand": only the looking player sees the cards (404.2)."""
    p = fr["p"]
    q = _opp(p)
    if not ev.quiet:
        ev.add("look", f"{self.pname(st, p)} looks at {self.pname(st, q)}'s hand", player=p)
        names = ", ".join(self.db.cards[st["cards"][c]["k"]].name for c in st["pl"][q]["hand"]) or "no cards"
        ev.add("look", f"You see: {names}", to=p)
    return True


def _op_look_fd_any(self, st, ev, fr, e) -> bool:
    """"Look at a face-down Troublemaker" (any Problem; private to the looking player, 505.1d)."""
    p = fr["p"]
    cands = [o for o in st["play"] if st["cards"][o].get("fd") and self.ctype(st, o) == TM]
    if not cands:
        return True
    if fr["ch"] is None and len(cands) > 1:
        self.ask(st, p, "target", cands, "705.2f", op="look", src=fr["src"])
        return False
    one = fr["ch"] if fr["ch"] in cands else cands[0]
    if not ev.quiet:
        ev.add("look", f"{self.pname(st, p)} looks at a face-down Troublemaker", player=p)
        ev.add("look", f"You see: {self.db.cards[st['cards'][one]['k']].name}", to=p)
    return True


def _op_discard_tokens(self, st, ev, fr, e) -> bool:
    """"each player discards a card for each action token they have" (counted as it resolves)."""
    n = st["pl"][fr["p"]]["tok"]
    if n > 0:
        _push(st, fr, fr["p"], [{"op": "discard", "n": n, "who": "you", "random": False}])
    return True


def _op_pay_or(self, st, ev, fr, e) -> bool:
    """"Its owner must pay [2] or dismiss it": its controller chooses to pay (only with enough action
    tokens, 508.1d) or the other instruction happens."""
    p = fr["p"]
    n = e["n"]
    if fr["ch"] is None:
        if st["pl"][p]["tok"] >= n:
            self.ask(st, p, "choice", ["pay", "decline"], "508.1d", src=fr["src"], what="pay", n=n)
            return False
        fr["ch"] = "decline"
    if fr["ch"] == "pay":
        self.pay_cost(st, p, n, ev)
        self.log(ev, "pay", lambda: f"{self.pname(st, p)} pays {n}")
        return True
    _push(st, fr, p, e["else"])
    return True


def _op_draw_to_opp(self, st, ev, fr, e) -> bool:
    """"If an opponent has more cards in their hand than you, draw cards until you have the same
    number of cards in your hand as your opponent"."""
    p = fr["p"]
    n = len(st["pl"][_opp(p)]["hand"]) - len(st["pl"][p]["hand"])
    if n > 0:
        self.draw(st, ev, p, n)
    return True


def _op_gain_cost_of(self, st, ev, fr, e) -> bool:
    """"Retire one of your Friends to gain action tokens equal to that Friend's cost": the card's
    printed cost (204; a token has none, 521.2) as it leaves play."""
    p = fr["p"]
    cands = _r._targets(self, st, fr, e)
    done, one = _r._choose_target(self, st, fr, e, cands)
    if not done:
        return False
    if one is None or not self.in_play(st, one):
        return True
    cost = 0 if st["cards"][one].get("t") else (self.face(st, one).cost or 0)
    verb = e.get("verb", "retire")
    if self.leave_play(st, ev, one, "disc", verb="retired" if verb == "retire" else "dismissed") is None:
        return True  # it did not leave play (a replacement, 710): no tokens
    if cost:
        st["pl"][p]["tok"] += cost
        self.log(ev, "tokens", lambda: f"{self.pname(st, p)} gains {cost} action token(s)")
    return True


def _op_snap_power(self, st, ev, fr, e) -> bool:
    """Remember this card's power before a cost removes it ("retire this card to ... equal to its power")."""
    src = fr["src"]
    fr["snap"] = max(self.power(st, src) or 0, 0) if src in st["cards"] and self.in_play(st, src) else 0
    return True


def _op_tokens_n(self, st, ev, fr, e) -> bool:
    """A number of tokens (521) equal to a remembered amount."""
    n = fr.get("snap", 0) if e.get("n_snap") else e.get("n", 1)
    tok = {k: v for k, v in e.items() if k not in ("op", "n_snap", "n")}
    if n > 0:
        _push(st, fr, fr["p"], [{"op": "token", **tok} for _ in range(n)])
    return True


def _op_turn_mane(self, st, ev, fr, e) -> bool:
    """"Turn a Mane Character over" / "to its Start side" (301.2): any player's Mane Character."""
    p = fr["p"]
    cands = [o for o in st["play"] if self.ctype(st, o) == "Mane Character" and self.cdef(st, o).boosted is not None
             and (e.get("side") != "start" or st["cards"][o].get("b"))]
    done, one = _r._choose_target(self, st, fr, {"op": "turn_mane", "target": {}}, cands)
    if not done or one is None:
        return True if done else False
    c = st["cards"][one]
    c["b"] = not c.get("b")
    st["dy"] = 1
    self.log(ev, "boost", lambda: f"{self.name(st, one)} is turned over ({'Boosted' if c['b'] else 'Start'} side) (301.2)")
    return True


def _op_dismiss_same_name(self, st, ev, fr, e) -> bool:
    """"... and each other opposing Friend with the same name" (201.1: the full name)."""
    it = fr.get("it")
    p = fr["p"]
    if not it or it not in st["cards"]:
        return True
    name = self.db.cards[st["cards"][it]["k"]].name if not st["cards"][it].get("t") else None
    if self.in_play(st, it):
        self.leave_play(st, ev, it, "disc", verb="dismissed")
    if name is None:
        return True
    for o in list(st["play"]):
        c = st["cards"].get(o)
        if c and not c.get("t") and not c.get("fd") and self.ctype(st, o) == "Friend" and \
                (c["c"] != p if e.get("ctrl") == "opp" else True) and self.db.cards[c["k"]].name == name:
            self.leave_play(st, ev, o, "disc", verb="dismissed")
    return True


def card_names(self) -> list[str]:
    """The names a player may name (201.1): every card name of the card pool, sorted."""
    names = getattr(self, "_cb_names", None)
    if names is None:
        names = sorted({c.name for c in self.db.cards.values() if c.front.type != "Mane Character" or True})
        self._cb_names = names
    return names


def _op_name_card(self, st, ev, fr, e) -> bool:
    """"Name a card": a decision offering card names (201.1); later effects say "that name"."""
    if fr["ch"] is None:
        self.ask(st, fr["p"], "choice", card_names(self), "201.1", src=fr["src"], what="card_name")
        return False
    fr["named"] = fr["ch"]
    self.log(ev, "name", lambda: f"{self.pname(st, fr['p'])} names {fr['ch']}")
    return True


def _op_reveal_discard_named(self, st, ev, fr, e) -> bool:
    """"<A player> reveals their hand and discards all cards with that name" (the hand becomes public)."""
    p = fr["p"]
    if e.get("whose") == "choose":
        done, q = _r._ask_player(self, st, fr, p, [_opp(p), p])
        if not done:
            return False
    else:
        q = _opp(p)
    hand = st["pl"][q]["hand"]
    names = [self.db.cards[st["cards"][c]["k"]].name for c in hand]
    self.log(ev, "reveal", lambda: f"{self.pname(st, q)} reveals their hand: {', '.join(names) or 'no cards'}")
    named = fr.get("named")
    for c in [c for c in hand if self.db.cards[st["cards"][c]["k"]].name == named]:
        self.put(st, c, "disc")
        self.log(ev, "discard", lambda: f"{self.pname(st, q)} discards {named}")
        self.fire_all(st, ev, "opp_discards", players=(_opp(q),))
    return True


def _op_challenge(self, st, ev, fr, e) -> bool:
    """An effect challenges a Troublemaker (608.4: a Troublemaker faceoff at its Problem; 514.2a.i the
    effect says which cards are involved: "with this card" = only this card, "with your characters
    there" = the challenger's characters at that Problem, 514.2a).  707.4: the interrupted priority
    window stays open with the challenger receiving priority; 707.4a: not during a faceoff."""
    p, src = fr["p"], fr["src"]
    if st["fo"]:
        return True
    sel = e["tm"]
    if sel.get("it"):
        it = fr.get("it") or (fr.get("x") or {}).get("it")
        cands = [it] if it and self.in_play(st, it) and self.ctype(st, it) == TM else []
    else:
        cands = self.select(st, sel, p, src)
    cands = [t for t in cands if not st["cards"][t].get("fd")]
    if e.get("with") == "self":
        if not (src in st["cards"] and self.in_play(st, src) and self.is_char(st, src)):
            return True
    else:
        cands = [t for t in cands if self.chars_at(st, st["cards"][t]["a"], p)]
    done, tm = _r._choose_target(self, st, fr, {"op": "challenge", "target": {}}, cands)
    if not done:
        return False
    if tm is None:
        return True
    area = st["cards"][tm]["a"]
    extra = {"src": src}
    if e.get("with") == "self":
        extra["only"] = [src]
    if st["prio"]:
        extra["ret"] = dict(st["prio"])
    self.log(ev, "challenge", lambda: f"{self.pname(st, p)} challenges {self.name(st, tm)} at {self.area_name(st, area)} "
             f"(an effect, 608.4)")
    self.start_faceoff(st, ev, "tm", [area], p, tm=tm, extra=extra)
    self.watch(st, ev, "w_challenge", tm, {"by": p})
    if st["prio"]:
        st["fo"]["stage"] = "w_start"
        st["prio"] = {"w": "fo", "p": p, "n": 0}  # 707.4
    return True


def _move_tax(self, st, p, cid, dest) -> int:
    if not self.statics(st, "action_cost"):
        return 0
    return self.action_tax(st, p, "move", cid, st["cards"][cid]["a"], dest, unless_only=True)


def _op_move_up_to(self, st, ev, fr, e) -> bool:
    """"You may move up to N of your Friends to that Problem": one at a time, each a different card not
    already there, until N were moved or the player chooses "none" (506)."""
    p, src = fr["p"], fr["src"]
    dest = st["cards"][src]["a"] if src in st["cards"] and self.in_play(st, src) else None
    moved = fr.setdefault("picked", [])
    if fr["ch"] is not None:
        ch, fr["ch"] = fr["ch"], None
        if ch == "none":
            fr.pop("picked", None)
            return True
        if self.in_play(st, ch) and st["cards"][ch]["a"] != dest:
            tax = _move_tax(self, st, p, ch, dest)
            if tax:  # "... can't move characters unless they pay [1]" binds effect moves too (paid as chosen)
                self.pay_cost(st, p, tax, ev)
            self.move_card(st, ev, ch, dest, by=p)
        moved.append(ch)
    if dest is None or dest.startswith("home") or len(moved) >= e["n"]:
        fr.pop("picked", None)
        return True
    cands = [c for c in self.select(st, e["target"], p, src) if st["cards"][c]["a"] != dest and c not in moved
             and not (self.statics(st, "no_move") and self.move_blocked(st, p, c, st["cards"][c]["a"], dest))
             and _move_tax(self, st, p, c, dest) <= st["pl"][p]["tok"]]
    if not cands:
        fr.pop("picked", None)
        return True
    self.ask(st, p, "target", cands + ["none"], "506", op="move", src=src)
    return False


OPS = {
    "move_up_to": _op_move_up_to,
    "clear_counters": _op_clear_counters,
    "peek_hand": _op_peek_hand,
    "look_fd_any": _op_look_fd_any,
    "discard_tokens": _op_discard_tokens,
    "pay_or": _op_pay_or,
    "draw_to_opp": _op_draw_to_opp,
    "gain_cost_of": _op_gain_cost_of,
    "snap_power": _op_snap_power,
    "tokens_n": _op_tokens_n,
    "turn_mane": _op_turn_mane,
    "dismiss_same_name": _op_dismiss_same_name,
    "name_card": _op_name_card,
    "reveal_discard_named": _op_reveal_discard_named,
    "challenge": _op_challenge,
}


def _cond_self_counters(self, st, fr, cond) -> bool:
    src = fr["src"]
    return src in st["cards"] and st["cards"][src].get("cn", {}).get(cond["counter"], 0) >= cond["n"]


def _cond_tokens_at_least(self, st, fr, cond) -> bool:
    return st["pl"][fr["p"]]["tok"] >= cond["n"]


def _cond_more_friends(self, st, fr, cond) -> bool:
    p = fr["p"]
    n = [len(self.select(st, {"type": "Friend", "ctrl": "you"}, q, None)) for q in (p, _opp(p))]
    return n[0] > n[1]


def _cond_opp_more_chars_here(self, st, fr, cond) -> bool:
    p, src = fr["p"], fr["src"]
    a = st["cards"][src]["a"] if src in st["cards"] and self.in_play(st, src) else None
    return a is not None and len(self.chars_at(st, a, _opp(p))) > len(self.chars_at(st, a, p))


CONDS = {"self_counters": _cond_self_counters, "tokens_at_least": _cond_tokens_at_least,
         "more_friends": _cond_more_friends, "opp_more_chars_here": _cond_opp_more_chars_here}
