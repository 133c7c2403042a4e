"""Effect ops of the triggered-ability templates: named counters, looking
at a hand, pay-or-dismiss choices, printed-cost / last-known-power amounts, turning a Mane Character
over, naming a card, and challenges started by an effect (514.2a.i).  interpreter.py registers
``OPS`` in ``EFFECTS`` and conditions.py ``CONDS`` in ``IF_CONDITIONS``."""
from __future__ import annotations

from ..constants import COLOR_NAMES, opponent
from .targeting import ask_player, card_filter, choose_target, target_cards


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
        fr["removed"] = n  # "... up to the number of counters removed this way"
        if n:
            self.log(ev, "counters", lambda: f"{n} {e['counter']} counter(s) are removed from {self.name(st, src)}")
    return True


def _op_peek_hand(self, st, ev, fr, e) -> bool:
    """"You may look at an opponent's hand": only the looking player sees the cards (404.2)."""
    p = fr["p"]
    q = opponent(p)
    if not ev.quiet:
        ev.add("look", f"{self.pname(st, p)} looks at {self.pname(st, q)}'s hand", player=p)
        names = ", ".join(self.db.cards[st["cards"][c]["k"]].name for c in st["pl"][q]["hand"]) or "no cards"
        ev.add("look", f"You see: {names}", to=p)
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
    p = opponent(fr["p"]) if e.get("who") == "opp" else fr["p"]  # "that opponent may pay [1]. If they don't, ..."
    n = e["n"]
    if fr["ch"] is None:
        if st["pl"][p]["tok"] >= n:
            self.ask(st, p, "choice", ["pay", "decline"], "508.1d", src=fr["src"], what="pay", n=n)
            return False
        fr["ch"] = "decline"
    if fr["ch"] == "pay":
        self.pay_cost(st, p, n, ev)
        self.log(ev, "pay", lambda: f"{self.pname(st, p)} pays {n}")
        if e.get("then"):  # "you may pay [3]. If you do, ... Otherwise, ..."
            _push(st, fr, fr["p"], e["then"])
        return True
    _push(st, fr, fr["p"], e["else"])
    return True


def _op_draw_to_opp(self, st, ev, fr, e) -> bool:
    """"If an opponent has more cards in their hand than you, draw cards until you have the same
    number of cards in your hand as your opponent"."""
    p = fr["p"]
    n = len(st["pl"][opponent(p)]["hand"]) - len(st["pl"][p]["hand"])
    if n > 0:
        self.draw(st, ev, p, n)
    return True


def _op_gain_cost_of(self, st, ev, fr, e) -> bool:
    """"Retire one of your Friends to gain action tokens equal to that Friend's cost": the card's
    printed cost (204; a token has none, 521.2) as it leaves play."""
    p = fr["p"]
    cands = target_cards(self, st, fr, e)
    done, one = choose_target(self, st, fr, e, cands)
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
        note_gain(st, p, cost)
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
    if e.get("n_la_power"):  # "equal to this card's power" (as it left play)
        n = max((fr.get("x") or {}).get("pw") or 0, 0)
    if e.get("n_la_counter"):  # "for each Trainee counter on it" (as it left play)
        n = ((fr.get("x") or {}).get("cn") or {}).get(e["n_la_counter"], 0)
    if e.get("n_it_power"):  # "equal to that Troublemaker's power"
        it = fr.get("it")
        n = max(self.power(st, it) or 0, 0) if it and self.in_play(st, it) else 0
    tok = {k: v for k, v in e.items() if k not in ("op", "n_snap", "n", "n_it_power", "n_la_counter", "n_la_power")}
    if n > 0:
        _push(st, fr, fr["p"], [{"op": "token", **tok} for _ in range(n)])
    return True


def _op_turn_mane(self, st, ev, fr, e) -> bool:
    """"Turn a Mane Character over" / "to its Start side" (301.2): any player's Mane Character (``ctrl: opp``:
    an opponent's)."""
    p = fr["p"]
    cands = [o for o in st["play"] if self.ctype(st, o) == "Mane Character" and self.cdef(st, o).boosted is not None
             and (e.get("side") != "start" or st["cards"][o].get("b"))
             and (e.get("ctrl") != "opp" or st["cards"][o]["c"] != p)  # "an opponent's Mane Character"
             and (not e.get("own") or st["cards"][o]["c"] == p)]  # "turn your Mane Character over"
    done, one = choose_target(self, st, fr, {"op": "turn_mane", "target": {}}, cands)
    if not done or one is None:
        return True if done else False
    c = st["cards"][one]
    c["b"] = not c.get("b")
    st["dy"] = 1
    self.log(ev, "boost", lambda: f"{self.name(st, one)} is turned over ({'Boosted' if c['b'] else 'Start'} side) (301.2)")
    self.fire(st, ev, "side_up", one)
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
    return self.card_names


def _names_of_type(self, ctype: str) -> list[str]:
    """The names of the card pool's cards of one printed type ("name a Friend", LL76), sorted."""
    return sorted({c.name for c in self.db.cards.values() if c.front.type == ctype})


def _op_name_card(self, st, ev, fr, e) -> bool:
    """"Name a card" / "name a Friend" (type): a decision offering card names (201.1); later effects say "that
    name".  keep: the name stays on this card (nnm, with the type in nnt) for its static and its later triggers."""
    if fr["ch"] is None:
        names = _names_of_type(self, e["type"]) if e.get("type") else card_names(self)
        self.ask(st, fr["p"], "choice", names, "201.1", src=fr["src"], what="card_name")
        return False
    fr["named"] = fr["ch"]
    self.log(ev, "name", lambda: f"{self.pname(st, fr['p'])} names {fr['ch']}")
    src = fr["src"]
    if e.get("keep") and src in st["cards"] and self.in_play(st, src):
        st["cards"][src]["nnm"] = fr["ch"]  # "Cards with that name can't be played" (EO69: while this card stays)
        if e.get("type"):
            st["cards"][src]["nnt"] = e["type"]  # "Friends with that name can't be played" (LL76)
    return True


def _op_reveal_discard_named(self, st, ev, fr, e) -> bool:
    """"<A player> reveals their hand and discards all cards with that name" (the hand becomes public)."""
    p = fr["p"]
    if e.get("whose") == "choose":
        done, q = ask_player(self, st, fr, p, [opponent(p), p])
        if not done:
            return False
    else:
        q = opponent(p)
    hand = st["pl"][q]["hand"]
    names = [self.db.cards[st["cards"][c]["k"]].name for c in hand]
    self.log(ev, "reveal", lambda: f"{self.pname(st, q)} reveals their hand: {', '.join(names) or 'no cards'}")
    named = fr.get("named")
    for c in [c for c in hand if self.db.cards[st["cards"][c]["k"]].name == named]:
        self.put(st, c, "disc")
        self.log(ev, "discard", lambda: f"{self.pname(st, q)} discards {named}")
        self.fire_all(st, ev, "opp_discards", players=(opponent(q),))
    return True


def _move_tax(self, st, p, cid, dest) -> int:
    if not self.statics(st, "action_cost"):
        return 0
    return self.action_tax(st, p, "move", cid, st["cards"][cid]["a"], dest, unless_only=True)


def _op_move_up_to(self, st, ev, fr, e) -> bool:
    """"You may move up to N of your Friends to that Problem": one at a time, each a different card not
    already there, until N were moved or the player chooses "none" (506); N "removed": the counters a
    ``clear_counters`` of the same effect removed."""
    p, src = fr["p"], fr["src"]
    if e.get("to") == "it":  # "to that Problem": where the watched event happened
        it = (fr.get("x") or {}).get("it")
        dest = st["cards"][it]["a"] if it and self.in_play(st, it) else None
    else:
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
    if dest is None or dest.startswith("home") or len(moved) >= (fr.get("removed", 0) if e["n"] == "removed" else e["n"]):
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


def _op_stay_mark(self, st, ev, fr, e) -> bool:
    """"chooses a Friend here. If that Friend would be sent home, it isn't sent home instead" (710: the
    Solve Step's 613.2 sending home is replaced for the chosen Friend this turn)."""
    cands = target_cards(self, st, fr, e)
    done, one = choose_target(self, st, fr, e, cands)
    if not done:
        return False
    if one and self.in_play(st, one):
        st["cards"][one]["stay"] = st["turn"]
        self.log(ev, "replace", lambda: f"{self.name(st, one)} won't be sent home as the Problem is solved (710)")
    return True


def stays_on_solve(self, st, cid) -> bool:
    """613.2 replaced (710): "If this card / that Friend would be sent home, it isn't sent home instead"."""
    c = st["cards"][cid]
    if c.get("stay") == st["turn"]:
        return True
    for o, ab in self.statics(st, "stay_on_solve"):
        if (o == cid and ab.get("target") == "self") or (ab.get("target") == "host" and st["cards"][o].get("h") == cid):
            return True
    return False


def _op_remove_counter(self, st, ev, fr, e) -> bool:
    src = fr["src"]
    if src in st["cards"] and self.in_play(st, src):
        cn = st["cards"][src]["cn"]
        k = e.get("counter", "+1")
        n = min(cn.get(k, 0), e.get("n", 1))
        if n:
            cn[k] -= n
            if not cn[k]:
                del cn[k]
                self.fire(st, ev, "counters_gone", src, extra={"counter": k})  # "When you remove the last ... counter"
            self.log(ev, "counters", lambda: f"{n} {k} counter(s) removed from {self.name(st, src)}")
    return True


def _op_peek_pdeck(self, st, ev, fr, e) -> bool:
    """"Look at the top card of any Problem deck" (private to the looking player)."""
    p = fr["p"]
    done, q = ask_player(self, st, fr, p, [p, opponent(p)])
    if not done:
        return False
    deck = st["pl"][q]["pdeck"]
    if deck and not ev.quiet:
        ev.add("look", f"{self.pname(st, p)} looks at the top card of {self.pname(st, q)}'s Problem deck", player=p)
        ev.add("look", f"You see: {self.db.cards[st['cards'][deck[0]]['k']].name}", to=p)
    return True


def _op_discard_shared_type(self, st, ev, fr, e) -> bool:
    """"discard a card that shares a type with that card" (the played card's printed type) as a cost."""
    p = fr["p"]
    pl = (fr.get("x") or {}).get("play") or {}
    typ = self.db.cards[pl["k"]].front.type if pl.get("k") in self.db.cards else None
    hand = st["pl"][p]["hand"]
    cands = [c for c in hand if typ and self.db.cards[st["cards"][c]["k"]].front.type == typ]
    if fr["ch"] is None:
        if not cands:
            fr["i"] = len(fr["eff"])  # 508.1d the cost can't be paid
            return False
        self.ask(st, p, "target", cands, "508.1d", op="discard", src=fr["src"])
        return False
    ch = fr["ch"]
    nm = self.db.cards[st["cards"][ch]["k"]].name
    self.put(st, ch, "disc")
    self.log(ev, "discard", lambda: f"{self.pname(st, p)} discards {nm}")
    self.fire_all(st, ev, "opp_discards", players=(opponent(p),))
    return True


def _op_hold_gone(self, st, ev, fr, e) -> bool:
    """"... until this card leaves play": remember the banished card; if this card already left play,
    it comes back at once."""
    g = fr.pop("gone", None)
    src = fr["src"]
    if not g:
        return True
    if src in st["cards"] and self.in_play(st, src):
        st.setdefault("held", {}).setdefault(src, []).append(g)
    else:
        _return_one(self, st, ev, g, False, e.get("to"))
    return True


def _return_one(self, st, ev, g, frightened, to=None) -> None:
    c = st["cards"].get(g)
    if c and c.get("z") == "ban" and to == "hand":  # "put any cards banished this way into their owners' hands"
        nm = self.name(st, g)
        self.put(st, g, "hand")
        self.log(ev, "zone", lambda: f"{nm} returns to {self.pname(st, c['o'])}'s hand")
    elif c and c.get("z") == "ban":
        st["pl"][c["o"]]["ban"].remove(g)
        st["pl"][c["o"]]["hand"].append(g)
        c["z"] = "hand"
        nid = self.enter_play(st, ev, g, f"home{c['o']}", c["o"])  # 706 / 513.2: under its owner's control
        self.log(ev, "enter", lambda: f"{self.name(st, nid)} returns to play")
        if frightened and self.in_play(st, nid):
            self.frighten(st, ev, nid)


def _friend_hosts(self, st, p, cid) -> list:
    """The Friends an attachment in the hand could be attached to: those its "Play on ..." rule allows (509.1)."""
    rule = next((ab["host"] for ab in self.db.cards[st["cards"][cid]["k"]].abilities.get("front", ())
                 if ab["kind"] == "play_on"), None)
    return [] if rule is None else [o for o in self.select(st, rule, p, None) if self.ctype(st, o) == "Friend"]


def _op_attach_from_hand(self, st, ev, fr, e) -> bool:
    """"Put an attachment Resource from your hand into play attached to a Friend" (706: not played, so no cost;
    the player chooses the Resource, then a Friend its "Play on ..." rule allows, 509.1)."""
    p, src = fr["p"], fr["src"]
    res = fr.get("k")
    if res is None:
        cands = [c for c in st["pl"][p]["hand"] if self.types[st["cards"][c]["k"]] == "Resource" and _friend_hosts(self, st, p, c)]
        if fr["ch"] is None and len(cands) > 1:
            self.ask(st, p, "target", cands, "706", op="put_into_play", src=src)
            return False
        res = fr["ch"] if fr["ch"] in cands else (cands[0] if cands else None)
        if res is None:
            return True
        fr["k"], fr["ch"] = res, None
    hosts = _friend_hosts(self, st, p, res)
    if not hosts:
        return True
    if fr["ch"] is None and len(hosts) > 1:
        self.ask(st, p, "target", hosts, "509.1", op="put_into_play", src=src)
        return False
    host = fr["ch"] if fr["ch"] in hosts else hosts[0]
    nm, hn = self.name(st, res), self.name(st, host)
    self.enter_play(st, ev, res, st["cards"][host]["a"], p, host=host)
    self.log(ev, "enter", lambda: f"{self.pname(st, p)} puts {nm} into play attached to {hn}")
    return True


def _op_reveal_top_mark(self, st, ev, fr, e) -> bool:
    """"Reveal the top card of your deck" (public, 518.1) and remember it: later effects' "that card" (``fr["rev"]``)."""
    p = fr["p"]
    deck = st["pl"][p]["deck"]
    if deck:
        fr["rev"] = deck[0]
        nm = self.db.cards[st["cards"][deck[0]]["k"]].name
        self.log(ev, "reveal", lambda: f"{self.pname(st, p)} reveals the top card of their deck: {nm}")
    return True


def _op_reveal_own_hand(self, st, ev, fr, e) -> bool:
    """"Reveal your hand" (public, 518.1)."""
    p = fr["p"]
    names = [self.db.cards[st["cards"][c]["k"]].name for c in st["pl"][p]["hand"]]
    self.log(ev, "reveal", lambda: f"{self.pname(st, p)} reveals their hand: {', '.join(names) or 'no cards'}")
    return True


def _op_discard_random_to_dismiss(self, st, ev, fr, e) -> bool:
    """"discard any number of random cards to dismiss an opposing non-token Friend with cost equal to the number of
    cards discarded this way": the player picks the number (only one with such a Friend and enough cards, 204),
    the cards are discarded at random (seeded rng), then that Friend is chosen (705.2f) and dismissed."""
    p, src = fr["p"], fr["src"]
    hand = st["pl"][p]["hand"]

    def friends(n):
        return [o for o in st["play"] if st["cards"][o]["c"] != p and not st["cards"][o].get("t")
                and self.ctype(st, o) == "Friend" and (self.face(st, o).cost or 0) == n]
    n = fr.get("k")
    if n is None:
        opts = [x for x in range(len(hand) + 1) if friends(x)]
        if not opts:
            return True
        if fr["ch"] is None:
            self.ask(st, p, "choice", opts, "705.2f", src=src, what="number")
            return False
        n = fr["ch"] if fr["ch"] in opts else opts[0]
        fr["k"], fr["ch"] = n, None
        for _ in range(n):
            c = hand[self.rand(st, len(hand))]
            nm = self.name(st, c)
            self.put(st, c, "disc")
            self.log(ev, "discard", lambda nm=nm: f"{self.pname(st, p)} discards {nm} (at random)")
            self.fire_all(st, ev, "opp_discards", players=(opponent(p),))
    cands = friends(n)
    done, one = choose_target(self, st, fr, {"op": "dismiss", "target": {}}, cands)
    if not done:
        return False
    if one is not None and self.in_play(st, one):
        self.leave_play(st, ev, one, "disc", verb="dismissed")
    return True


def _op_reveal_self(self, st, ev, fr, e) -> bool:
    """"You may reveal it": this card, wherever it is (a hidden zone: the reveal is public, 518.1 / 404.1)."""
    src = fr["src"]
    if src in st["cards"]:
        nm = self.name(st, src)
        self.log(ev, "reveal", lambda: f"{self.pname(st, fr['p'])} reveals {nm}")
    return True


def _op_return_held(self, st, ev, fr, e) -> bool:
    for g in (st.get("held") or {}).pop(fr["src"], []):
        _return_one(self, st, ev, g, False, e.get("to"))
    if "held" in st and not st["held"]:
        del st["held"]
    return True


def _op_each_problem(self, st, ev, fr, e) -> bool:
    """"... at each Problem": the instructions once per Problem ("at": "area" = that Problem)."""
    areas = [a for a in self.problem_areas(st) if self.problem_at(st, a)]
    effs = []
    for a in areas:
        for x in e["effects"]:
            effs.append({**x, "target": {**x["target"], "area": a}} if isinstance(x.get("target"), dict) else dict(x))
    if effs:
        _push(st, fr, fr["p"], effs)
    return True


def _op_any_number(self, st, ev, fr, e) -> bool:
    """"... on any number of <cards>": one card at a time, each different, until the player says "done"."""
    p, src = fr["p"], fr["src"]
    picked = fr.setdefault("picked", [])
    if fr["ch"] is not None:
        ch, fr["ch"] = fr["ch"], None
        if ch == "done":
            fr.pop("picked", None)
            return True
        picked.append(ch)
        fr["i"] += 1  # run the instructions for it, then come back here
        st["rq"].append({"p": p, "src": src, "eff": list(e["effects"]), "i": 0, "ch": None, "lbl": "", "after": None, "it": ch})
        fr["i"] -= 2
        return True
    cands = [c for c in self.select(st, e["target"], p, src) if c not in picked]
    if not cands:
        fr.pop("picked", None)
        return True
    self.ask(st, p, "target", cands + ["done"], "705.2f", op="any_number", src=src)
    return False


def make_token(self, st, ev, p, e, area) -> str:
    """521.1a a token has only its specified information."""
    t = {"power": e.get("power", 1), "colors": [e["color"]] if e.get("color") else [], "traits": list(e.get("traits", [])),
         "name": " ".join(e.get("traits", [])) or "Token", "kw": dict(e.get("kw") or {})}
    cid = f"c{st['nid']}"
    st["nid"] += 1
    st["cards"][cid] = {"k": self.token_key, "o": p, "z": "hand", "t": t}
    st["pl"][p]["hand"].append(cid)
    nid = self.enter_play(st, ev, cid, area, p)
    st["cards"][nid]["t"] = t
    self.log(ev, "token", lambda: f"{self.pname(st, p)} puts a {t['power']}-power {t['name']} token into play at "
             f"{self.area_name(st, area)}")
    return nid


def _op_token_each_problem(self, st, ev, fr, e) -> bool:
    for a in [a for a in self.problem_areas(st) if self.problem_at(st, a)]:
        fr.setdefault("made", []).append(make_token(self, st, ev, fr["p"], e, a))  # "banish those tokens" (delay)
    return True


def _op_from_opp_disc(self, st, ev, fr, e) -> bool:
    """"Put a Friend from an opponent's discard pile into play under your control" (513.2, 706)."""
    p = fr["p"]
    lst = st["pl"][opponent(p)]["disc"]
    cands = [c for c in lst if card_filter(self, st, c, e.get("filter", {}))]
    if fr["ch"] is None:
        if not cands:
            return True
        self.ask(st, p, "target", cands + ["none"], "706", op="put_into_play", src=fr["src"])
        return False
    ch = fr["ch"]
    if ch in cands:
        nid = self.enter_play(st, ev, ch, f"home{p}", p)
        self.log(ev, "enter", lambda: f"{self.name(st, nid)} is put into play under {self.pname(st, p)}'s control")
    return True


CARD_TYPES = ("Friend", "Resource", "Event", "Troublemaker", "Problem", "Mane Character")


def _op_name_type(self, st, ev, fr, e) -> bool:
    """"Name a card type" (206): kept on this card for "the named type"."""
    if fr["ch"] is None:
        self.ask(st, fr["p"], "choice", list(CARD_TYPES), "206", src=fr["src"], what="card_type")
        return False
    src = fr["src"]
    if src in st["cards"] and self.in_play(st, src):
        st["cards"][src]["ntype"] = fr["ch"]
        self.log(ev, "name", lambda: f"{self.pname(st, fr['p'])} names the card type {fr['ch']}")
    return True


def xf_ok(self, st, cid, xf, x) -> bool:
    """Extra trigger conditions checked as the event happens (712.2): ``face_up`` (this card entered
    play face-up), ``fo`` (during a faceoff), ``by`` (you / opp did it), ``dtype`` / ``dnamed`` (the
    printed type of the drawn card / the type this card named)."""
    c = st["cards"][cid]
    me = c.get("c", c["o"])
    if xf.get("face_up") and c.get("fd"):
        return False
    if xf.get("fo") and not st["fo"]:
        return False
    if xf.get("counter") and x.get("counter") != xf["counter"]:
        return False
    if xf.get("main") and st.get("step") not in ("main", "main_start", "w_main_end"):
        return False  # "during their Main Phase"
    if xf.get("draws_n"):  # "your third card during a turn" (draws this turn, counted by Rules.draw)
        dt = st["pl"][me].get("dtt")
        if not (dt and dt[0] == st["turn"] and dt[1] == xf["draws_n"]):
            return False
    if xf.get("host_mine"):  # "a Resource on one of your Friends"
        it = x.get("it")
        h = st["cards"][it].get("h") if it in st["cards"] else None
        if not (h and st["cards"][h].get("c") == me and self.ctype(st, h) == "Friend"):
            return False
    if xf.get("host_self"):  # "When you play an Accessory on this card" (509: the played card's host)
        it = x.get("it")
        if not (it in st["cards"] and st["cards"][it].get("h") == cid):
            return False
    if xf.get("host_tp") and not (c.get("h") in st["cards"] and st["cards"][c["h"]].get("c") == st["tp"]):
        return False  # "At the start of each of that Friend's controller's turns"
    if xf.get("by") is not None and x.get("by", -1) != (me if xf["by"] == "you" else 1 - me):
        return False
    if xf.get("first_discard"):  # "if it's the first card that player has discarded this turn" (the discarder)
        dt = st["pl"][1 - me].get("xtt")
        if not (dt and dt[0] == st["turn"] and dt[1] == 1):
            return False
    card = x.get("card")
    if "dtype" in xf or xf.get("dnamed"):
        if card not in st["cards"]:
            return False
        typ = self.db.cards[st["cards"][card]["k"]].front.type
        if typ != (xf["dtype"] if "dtype" in xf else c.get("ntype")):
            return False
    return True


def _op_random_mode(self, st, ev, fr, e) -> bool:
    """"Choose one at random: ..." (the game's seeded rng, rng.py)."""
    i = self.rand(st, len(e["modes"]))
    self.log(ev, "random", lambda: f"At random: {e['labels'][i]}")
    _push(st, fr, fr["p"], e["modes"][i])
    return True


def _op_copy_tokens(self, st, ev, fr, e) -> bool:
    """"Put a token copy of each of your token Friends into play" (521: the copy has the token's information)."""
    p = fr["p"]
    for o in [o for o in st["play"] if st["cards"][o]["c"] == p and st["cards"][o].get("t") and self.ctype(st, o) == "Friend"]:
        t = st["cards"][o]["t"]
        make_token(self, st, ev, p, {"power": t["power"], "color": (t["colors"] or [None])[0], "traits": t["traits"],
                                     "kw": t.get("kw")}, f"home{p}")
    return True


def _op_confront_block_here(self, st, ev, fr, e) -> bool:
    """"Players can't confront that Problem that turn" (this card's Problem)."""
    src = fr["src"]
    a = st["cards"][src]["a"] if src in st["cards"] and self.in_play(st, src) else None
    prob = self.problem_at(st, a) if a and not a.startswith("home") else None
    if prob:
        st.setdefault("cmods", []).append({"who": -1, "prob": prob, "u": "turn", "block": True})
        self.log(ev, "confront", lambda: f"Players can't confront {self.name(st, prob)} this turn")
    return True


def _op_remove_any_counter(self, st, ev, fr, e) -> bool:
    """"Remove a counter from a ready card": choose the card, then the kind of counter (519)."""
    p = fr["p"]
    if fr.get("k") is None:
        cands = [o for o in st["play"] if st["cards"][o].get("cn") and not st["cards"][o].get("ex")
                 and not st["cards"][o].get("fd")]
        done, one = choose_target(self, st, fr, {"op": "remove_counter", "target": {}}, cands)
        if not done:
            return False
        if one is None:
            return True
        fr["k"], fr["ch"] = one, None
    one = fr["k"]
    kinds = sorted(st["cards"][one]["cn"]) if one in st["cards"] else []
    if not kinds:
        return True
    if fr["ch"] is None and len(kinds) > 1:
        self.ask(st, p, "choice", kinds, "519", src=fr["src"], what="counter")
        return False
    k = fr["ch"] if fr["ch"] in kinds else kinds[0]
    cn = st["cards"][one]["cn"]
    cn[k] -= 1
    if not cn[k]:
        del cn[k]
    self.log(ev, "counters", lambda: f"A {k} counter is removed from {self.name(st, one)}")
    return True


def _op_reveal_hand_pick(self, st, ev, fr, e) -> bool:
    """"An opponent reveals their hand. You may choose a Friend card from their hand and they discard that
    card" (the revealed hand is public)."""
    p = fr["p"]
    q = opponent(p)
    hand = st["pl"][q]["hand"]
    if fr["ch"] is None:
        names = [self.db.cards[st["cards"][c]["k"]].name for c in hand]
        self.log(ev, "reveal", lambda: f"{self.pname(st, q)} reveals their hand: {', '.join(names) or 'no cards'}")
        cands = [c for c in hand if card_filter(self, st, c, e.get("filter", {}))]
        if not cands:
            return True
        self.ask(st, p, "target", cands + (["none"] if e.get("optional") else []), "705.2f", op="discard", src=fr["src"])
        return False
    ch = fr["ch"]
    if ch in hand:
        nm = self.db.cards[st["cards"][ch]["k"]].name
        self.put(st, ch, "disc")
        self.log(ev, "discard", lambda: f"{self.pname(st, q)} discards {nm}")
        self.fire_all(st, ev, "opp_discards", players=(p,))
    return True


def _op_reveal_any(self, st, ev, fr, e) -> bool:
    """"You may reveal any number of Events from your hand ... +2 power for each Event revealed this way":
    a multi-select (one card at a time, "done" ends it)."""
    p, src = fr["p"], fr["src"]
    shown = fr.setdefault("picked", [])
    hand = st["pl"][p]["hand"]
    if fr["ch"] is not None:
        ch, fr["ch"] = fr["ch"], None
        if ch != "done" and ch in hand:
            shown.append(ch)
            nm = self.db.cards[st["cards"][ch]["k"]].name
            self.log(ev, "reveal", lambda: f"{self.pname(st, p)} reveals {nm}")
        if ch == "done":
            cands = []
        else:
            cands = None
    else:
        cands = None
    if cands is None:
        cands = [c for c in hand if c not in shown and self.db.cards[st["cards"][c]["k"]].front.type == e["type"]]
        if cands:
            self.ask(st, p, "target", cands + ["done"], "705.2f", op="reveal", src=src)
            return False
    n = len(shown) * e["power"]
    fr.pop("picked", None)
    if n and src in st["cards"] and self.in_play(st, src):
        self.add_mod(st, src, n, "turn")
        self.log(ev, "power", lambda: f"{self.name(st, src)} gets {n:+d} power until the end of the turn")
    return True


def _op_retire_any(self, st, ev, fr, e) -> bool:
    """"Retire any number of Friends" (410.2: your own), one at a time until "done"; then counters equal to
    their combined power (as they left play) or that many tokens."""
    p, src = fr["p"], fr["src"]
    acc = fr.setdefault("picked", [])
    if fr["ch"] is not None:
        ch, fr["ch"] = fr["ch"], None
        if ch != "done" and self.in_play(st, ch):
            pw = max(self.power(st, ch) or 0, 0)
            if self.leave_play(st, ev, ch, "disc", verb="retired") is not None:
                acc.append(pw)
            return _op_retire_any(self, st, ev, fr, e) if st["pending"] is None else False
        if ch == "done":
            return _retire_any_done(self, st, ev, fr, e)
    cands = [o for o in st["play"] if st["cards"][o]["c"] == p and self.ctype(st, o) == "Friend"
             and (e.get("then") != "counters_power" or o != src)]
    if not cands:
        return _retire_any_done(self, st, ev, fr, e)
    self.ask(st, p, "target", cands + ["done"], "410.2", op="retire", src=src)
    return False


def _retire_any_done(self, st, ev, fr, e) -> bool:
    acc = fr.pop("picked", [])
    p, src = fr["p"], fr["src"]
    if e.get("then") == "counters_power":
        n = sum(acc)
        if n and src in st["cards"] and self.in_play(st, src):
            cn = st["cards"][src]["cn"]
            cn["+1"] = cn.get("+1", 0) + n
            self.log(ev, "counters", lambda: f"{self.name(st, src)} gets {n} +1 power counter(s)")
            self.watch(st, ev, "w_counter", src, {"by": p})
    elif e.get("then") == "tokens" and acc:
        n = len(acc) * (2 if any(x["score"] >= e.get("double_if_points", 99) for x in st["pl"]) else 1)
        for _ in range(n):
            make_token(self, st, ev, p, e["token"], f"home{p}")
    return True


def _op_hand_size(self, st, ev, fr, e) -> bool:
    st["pl"][fr["p"]]["hsz"] = e["n"]  # 616.2's maximum hand size, for the rest of the game
    self.log(ev, "hand", lambda: f"{self.pname(st, fr['p'])}'s maximum hand size is now {e['n']}")
    return True


def hand_size(st, p) -> int:
    return st["pl"][p].get("hsz", 8)  # 616.2


def _op_draw_to_max(self, st, ev, fr, e) -> bool:
    n = hand_size(st, fr["p"]) - len(st["pl"][fr["p"]]["hand"])
    if n > 0:
        self.draw(st, ev, fr["p"], n)
    return True


def _op_leave_faceoff(self, st, ev, fr, e) -> bool:
    """A card ceases to be involved in the faceoff (514.2c: the effect says so)."""
    fo = st["fo"]
    if not fo:
        return True
    p, src = fr["p"], fr["src"]
    tg = dict(e["target"])
    hi = tg.pop("opp_highest", False)
    mc = tg.pop("max_power_colors", False)
    cands = self.select(st, tg, p, src)
    if hi:  # strictly higher than every other one: at most one card
        pw = {c: self.power(st, c) or 0 for c in cands}
        cands = [c for c in cands if all(pw[c] > pw[o] for o in cands if o != c)]
    if mc:
        n = len(self.colors(st, src)) if src in st["cards"] and self.in_play(st, src) else 0
        cands = [c for c in cands if (self.power(st, c) or 0) <= n]
    done, one = choose_target(self, st, fr, {"op": "leave_faceoff", "target": {"optional": False}}, cands)
    if not done:
        return False
    if one:
        fo.setdefault("out", []).append(one)
        self.log(ev, "faceoff", lambda: f"{self.name(st, one)} is no longer involved in the faceoff (514.2c)")
    return True


def _op_join_faceoff(self, st, ev, fr, e) -> bool:
    """This card becomes involved in the faceoff (flagged: it stays involved, 514.2d.i)."""
    fo, src = st["fo"], fr["src"]
    if fo and src in st["cards"] and self.in_play(st, src) and not self.involved(st, src):
        fo.setdefault("join", []).append(src)
        if src in fo.get("out", ()):
            fo["out"].remove(src)
        self.log(ev, "faceoff", lambda: f"{self.name(st, src)} becomes involved in the faceoff")
    return True


def _op_to_hand_self_host(self, st, ev, fr, e) -> bool:
    """"Put this card and that Friend into their owners' hands": this Resource first (it would be
    dismissed with its host otherwise, 509), then its host."""
    src = fr["src"]
    if not (src in st["cards"] and self.in_play(st, src)):
        return True
    h = st["cards"][src].get("h")
    self.leave_play(st, ev, src, "hand", verb="returned to its owner's hand")
    if h and self.in_play(st, h):
        self.leave_play(st, ev, h, "hand", verb="returned to its owner's hand")
    return True


def _op_each_pay_or(self, st, ev, fr, e) -> bool:
    """"For each of that player's Friends, that player retires that Friend unless they pay [1]":
    one decision per Friend (508.1d: paying only with enough tokens)."""
    p = fr["p"]
    todo = fr.get("k")
    if todo is None:
        todo = fr["k"] = [o for o in st["play"] if st["cards"][o]["c"] == p and self.ctype(st, o) == "Friend"]
    while todo:
        cur = todo[0]
        if not self.in_play(st, cur):
            todo.pop(0)
            continue
        if fr["ch"] is None and st["pl"][p]["tok"] >= e["n"]:
            self.ask(st, p, "choice", ["pay", "decline"], "508.1d", src=fr["src"], what="pay", n=e["n"], card=cur)
            return False
        ch, fr["ch"] = fr["ch"] or "decline", None
        todo.pop(0)
        if ch == "pay":
            self.pay_cost(st, p, e["n"], ev)
            self.log(ev, "pay", lambda: f"{self.pname(st, p)} pays {e['n']} for {self.name(st, cur)}")
        else:
            self.leave_play(st, ev, cur, "disc", verb="retired")
            if st["pending"]:
                return False
    return True


def _op_replace_it(self, st, ev, fr, e) -> bool:
    """"replace it": the Problem that entered play (the watched card), 613.2."""
    it = (fr.get("x") or {}).get("it") or fr.get("it")
    if it and self.in_play(st, it) and self.problem_at(st, st["cards"][it]["a"]) == it:
        self.replace_problem(st, ev, st["cards"][it]["a"], solved=False)
    return True


def _op_retire_or_self(self, st, ev, fr, e) -> bool:
    """"Retire another Friend here. If you can't, retire this card." (410.2)"""
    cands = target_cards(self, st, fr, e)
    src = fr["src"]
    if not cands:
        if src in st["cards"] and self.in_play(st, src) and st["cards"][src]["c"] == fr["p"]:
            self.leave_play(st, ev, src, "disc", verb="retired")
        return True
    done, one = choose_target(self, st, fr, e, cands)
    if not done:
        return False
    if one:
        self.leave_play(st, ev, one, "disc", verb="retired")
    return True


def _op_give_control(self, st, ev, fr, e) -> bool:
    """"Choose an opponent. That opponent gains control of this card." (513.2, permanent)"""
    src = fr["src"]
    if src in st["cards"] and self.in_play(st, src):
        c = st["cards"][src]
        q = opponent(fr["p"])
        if c["c"] != q:
            c["c"] = q
            if c["a"].startswith("home"):  # a character at its old controller's home goes to the new one's
                c["a"] = f"home{q}"
            st["dy"] = 1
            self.log(ev, "control", lambda: f"{self.pname(st, q)} gains control of {self.name(st, src)}")
    return True


def _op_no_ready_while(self, st, ev, fr, e) -> bool:
    """"While this card remains in play, that character does not ready during the Ready Phase" (603.1)."""
    it, src = fr.get("it"), fr["src"]
    if it and self.in_play(st, it) and src in st["cards"] and self.in_play(st, src):
        st["cards"][it]["nrw"] = src
    return True


def _op_no_unfright_while_ex(self, st, ev, fr, e) -> bool:
    """"While this card is exhausted, that card can't be unfrightened" (104.2 over 609.2e and effects)."""
    it, src = fr.get("it"), fr["src"]
    if it and self.in_play(st, it) and src in st["cards"] and self.in_play(st, src):
        st["cards"][it]["nuw"] = src
    return True


def unfright_blocked(st, c) -> bool:
    """Is this card kept frightened by an exhausted card in play (``no_unfright_while_ex``)?"""
    src = st["cards"].get(c.get("nuw") or "", {})
    return src.get("z") == "play" and bool(src.get("ex"))


def no_ready_while(st, c) -> bool:
    src = c.get("nrw")
    return bool(src) and st["cards"].get(src, {}).get("z") == "play"


def _op_search_play(self, st, ev, fr, e) -> bool:
    """"Search your deck for <name>, play it to your home [frightened] for free, and shuffle your deck"
    (518; played without its cost, 609.2a)."""
    p = fr["p"]
    deck = st["pl"][p]["deck"]
    cands = [c for c in deck if e["title"] in self.db.cards[st["cards"][c]["k"]].front.title]  # 201.3a its Title
    if fr["ch"] is None:
        if not cands:
            self.shuffle(st, deck)
            return True
        self.ask(st, p, "target", cands + ["none"], "518.1", op="search", src=fr["src"])
        return False
    ch = fr["ch"]
    if ch in cands:
        nid = self.enter_play(st, ev, ch, f"home{p}", p)
        self.log(ev, "enter", lambda: f"{self.pname(st, p)} searches and plays {self.name(st, nid)} to their home")
        if e.get("frightened") and self.in_play(st, nid):
            self.frighten(st, ev, nid)
    self.shuffle(st, deck)
    return True


def _op_power_it_host(self, st, ev, fr, e) -> bool:
    """"that Friend gets +2 power": the Friend the played Resource is on."""
    it = fr.get("it")
    h = st["cards"][it].get("h") if it in st["cards"] else None
    if h and self.in_play(st, h):
        self.add_mod(st, h, e["n"], e.get("until", "turn"))
        self.log(ev, "power", lambda: f"{self.name(st, h)} gets {e['n']:+d} power until the end of the turn")
    return True


def _op_keep_color(self, st, ev, fr, e) -> bool:
    """"Choose a color." kept on this card (``chc``) for "Your Mane Character has that color"."""
    if fr["ch"] is None:
        self.ask(st, fr["p"], "choice", list(_colors()), "705.2f", src=fr["src"], what="color")
        return False
    src = fr["src"]
    if src in st["cards"] and self.in_play(st, src):
        st["cards"][src]["chc"] = fr["ch"]
        self.log(ev, "color", lambda: f"{self.pname(st, fr['p'])} chooses {fr['ch']}")
    return True


def _colors():
    return COLOR_NAMES


def _op_set_no_ready(self, st, ev, fr, e) -> bool:
    it = fr.get("it")
    if it and self.in_play(st, it):
        st["cards"][it]["nr"] = True  # 603.1 skipped once
        self.log(ev, "ready", lambda: f"{self.name(st, it)} won't ready during its controller's next Ready Phase")
    return True


def _op_gone_at_fo_end(self, st, ev, fr, e) -> bool:
    """"... until the end of the faceoff": the banished card comes back as the faceoff ends (514.6)."""
    g = fr.pop("gone", None)
    if g and st["fo"]:
        st["fo"].setdefault("end_fx", []).append({"p": fr["p"], "src": fr["src"], "eff": [{"op": "return_id", "g": g}]})
    elif g:
        _return_one(self, st, ev, g, False)
    return True


def _op_return_id(self, st, ev, fr, e) -> bool:
    _return_one(self, st, ev, e["g"], False)
    return True


def _op_most_accessories_gain(self, st, ev, fr, e) -> bool:
    """"if a player has a Friend with more Accessories on it than any other Friend, that player gains [1]"."""
    cnt = {}
    for o in st["play"]:
        h = st["cards"][o].get("h")
        if h and "Accessory" in self.traits(st, o):
            cnt[h] = cnt.get(h, 0) + 1
    friends = [o for o in st["play"] if self.ctype(st, o) == "Friend"]
    best = max((cnt.get(f, 0) for f in friends), default=0)
    top = [f for f in friends if cnt.get(f, 0) == best]
    if best > 0 and len(top) == 1:
        q = st["cards"][top[0]]["c"]
        st["pl"][q]["tok"] += e.get("n", 1)
        note_gain(st, q, e.get("n", 1))
        self.log(ev, "tokens", lambda: f"{self.pname(st, q)} gains {e.get('n', 1)} action token(s)")
    return True


def _op_move_fewer_chars(self, st, ev, fr, e) -> bool:
    """"Move this card to a Problem with a number of characters equal to or less than the number of
    characters at this card's Problem"."""
    src = fr["src"]
    if not (src in st["cards"] and self.in_play(st, src)):
        return True
    a = st["cards"][src]["a"]
    n = len(self.chars_at(st, a))
    dest = [x for x in self.problem_areas(st) if x != a and self.problem_at(st, x) and len(self.chars_at(st, x)) <= n]
    if not dest:
        return True
    if fr["ch"] is None and len(dest) > 1:
        self.ask(st, fr["p"], "choice", dest, "506", src=src, what="area")
        return False
    self.move_card(st, ev, src, fr["ch"] if fr["ch"] in dest else dest[0], by=fr["p"])
    return True


def _op_lose_old_tokens(self, st, ev, fr, e) -> bool:
    """"that player loses all action tokens that weren't gained this turn" (``pl["gtt"]``: gained this turn)."""
    pl = st["pl"][fr["p"]]
    g = pl.get("gtt")
    n = max(pl["tok"] - (g[1] if g and g[0] == st["turn"] else 0), 0)
    if n:
        pl["tok"] -= n
        self.log(ev, "tokens", lambda: f"{self.pname(st, fr['p'])} loses {n} action token(s)")
        self.fire_all(st, ev, "opp_loses_tokens", players=(opponent(fr["p"]),))
    return True


def note_gain(st, p, n) -> None:
    """Action tokens gained this turn (for "tokens that weren't gained this turn")."""
    pl = st["pl"][p]
    g = pl.get("gtt")
    pl["gtt"] = [st["turn"], (g[1] if g and g[0] == st["turn"] else 0) + n]


def _op_replace_each(self, st, ev, fr, e) -> bool:
    """"Replace each Problem" (613.2, one after the other)."""
    for a in [a for a in self.problem_areas(st) if self.problem_at(st, a) and not a.startswith("dil")]:
        if a in st["areas"] and self.problem_at(st, a):
            self.replace_problem(st, ev, a, solved=False)
    return True


def _op_hand_same_cost_there(self, st, ev, fr, e) -> bool:
    """"put a Friend with the same cost from your hand into play at that Problem" (the Friend that entered)."""
    p = fr["p"]
    it = (fr.get("x") or {}).get("it")
    if not (it and self.in_play(st, it)):
        return True
    cost = 0 if st["cards"][it].get("t") else (self.face(st, it).cost or 0)
    area = st["cards"][it]["a"]
    cands = [c for c in st["pl"][p]["hand"] if self.db.cards[st["cards"][c]["k"]].front.type == "Friend"
             and (self.db.cards[st["cards"][c]["k"]].front.cost or 0) == cost]
    if fr["ch"] is None:
        if not cands:
            return True
        self.ask(st, p, "target", cands + ["none"], "706", op="put_into_play", src=fr["src"])
        return False
    if fr["ch"] in cands:
        nid = self.enter_play(st, ev, fr["ch"], area, p)
        self.log(ev, "enter", lambda: f"{self.pname(st, p)} puts {self.name(st, nid)} into play at {self.area_name(st, area)}")
    return True


def _op_search_same_name(self, st, ev, fr, e) -> bool:
    """"search your deck for a card with the same name and put that card into play [exhausted]" (518)."""
    p = fr["p"]
    it = fr.get("it")
    deck = st["pl"][p]["deck"]
    name = self.name(st, it) if it and it in st["cards"] and not st["cards"][it].get("t") else None
    cands = [c for c in deck if name and self.db.cards[st["cards"][c]["k"]].name == name]
    if fr["ch"] is None:
        if not cands:
            self.shuffle(st, deck)
            return True
        self.ask(st, p, "target", cands + ["none"], "518.1", op="search", src=fr["src"])
        return False
    if fr["ch"] in cands:
        nid = self.enter_play(st, ev, fr["ch"], f"home{p}", p, exhausted=bool(e.get("exhausted")))
        self.log(ev, "search", lambda: f"{self.pname(st, p)} searches and puts {self.name(st, nid)} into play")
    self.shuffle(st, deck)
    return True


def _op_discard_hand_draw(self, st, ev, fr, e) -> bool:
    """"discard all the cards in your hand to draw that many cards plus one"."""
    p = fr["p"]
    hand = list(st["pl"][p]["hand"])
    for c in hand:
        nm = self.db.cards[st["cards"][c]["k"]].name
        self.put(st, c, "disc")
        self.log(ev, "discard", lambda nm=nm: f"{self.pname(st, p)} discards {nm}")
        self.fire_all(st, ev, "opp_discards", players=(opponent(p),))
    self.draw(st, ev, p, len(hand) + e.get("plus", 0))
    return True


def _op_snap_counters(self, st, ev, fr, e) -> bool:
    src = fr["src"]
    fr["snap"] = st["cards"][src].get("cn", {}).get(e["counter"], 0) if src in st["cards"] and self.in_play(st, src) else 0
    return True


def _op_disc_friends_up_to(self, st, ev, fr, e) -> bool:
    """"each player puts a number of Friends from their discard pile into play up to N" (one at a time,
    "done" stops; N was remembered before this card left play).  ``k``: how many are still allowed."""
    p = fr["p"]
    left = fr.get("k")
    if left is None:
        parent = next((f for f in reversed(st["rq"][:-1]) if "snap" in f), None)
        left = fr["k"] = parent["snap"] if parent else 0
    if fr["ch"] is not None:
        ch, fr["ch"] = fr["ch"], None
        if ch == "done":
            return True
        if ch in st["pl"][p]["disc"]:
            nid = self.enter_play(st, ev, ch, f"home{p}", p)
            self.log(ev, "enter", lambda: f"{self.name(st, nid)} is put into play from the discard pile")
            left = fr["k"] = left - 1
    cands = [c for c in st["pl"][p]["disc"] if self.db.cards[st["cards"][c]["k"]].front.type == "Friend"]
    if left <= 0 or not cands:
        return True
    self.ask(st, p, "target", cands + ["done"], "706", op="put_into_play", src=fr["src"])
    return False


OPS = {
    "lose_old_tokens": _op_lose_old_tokens,
    "replace_each": _op_replace_each,
    "hand_same_cost_there": _op_hand_same_cost_there,
    "search_same_name": _op_search_same_name,
    "discard_hand_draw": _op_discard_hand_draw,
    "snap_counters": _op_snap_counters,
    "disc_friends_up_to": _op_disc_friends_up_to,
    "keep_color": _op_keep_color,
    "set_no_ready": _op_set_no_ready,
    "gone_at_fo_end": _op_gone_at_fo_end,
    "return_id": _op_return_id,
    "most_accessories_gain": _op_most_accessories_gain,
    "move_fewer_chars": _op_move_fewer_chars,
    "replace_it": _op_replace_it,
    "retire_or_self": _op_retire_or_self,
    "give_control": _op_give_control,
    "no_unfright_while_ex": _op_no_unfright_while_ex,
    "no_ready_while": _op_no_ready_while,
    "search_play": _op_search_play,
    "power_it_host": _op_power_it_host,
    "random_mode": _op_random_mode,
    "copy_tokens": _op_copy_tokens,
    "confront_block_here": _op_confront_block_here,
    "remove_counter_ready": _op_remove_any_counter,
    "reveal_hand_pick": _op_reveal_hand_pick,
    "reveal_any": _op_reveal_any,
    "retire_any": _op_retire_any,
    "hand_size": _op_hand_size,
    "draw_to_max": _op_draw_to_max,
    "leave_faceoff": _op_leave_faceoff,
    "self_join_fo": _op_join_faceoff,
    "to_hand_self_host": _op_to_hand_self_host,
    "each_pay_or": _op_each_pay_or,
    "stay_mark": _op_stay_mark,
    "remove_counter": _op_remove_counter,
    "peek_pdeck": _op_peek_pdeck,
    "discard_shared_type": _op_discard_shared_type,
    "hold_gone": _op_hold_gone,
    "reveal_self": _op_reveal_self,
    "discard_random_to_dismiss": _op_discard_random_to_dismiss,
    "reveal_top_mark": _op_reveal_top_mark,
    "reveal_own_hand": _op_reveal_own_hand,
    "attach_from_hand": _op_attach_from_hand,
    "return_held": _op_return_held,
    "each_problem": _op_each_problem,
    "pick_any": _op_any_number,
    "token_each_problem": _op_token_each_problem,
    "from_opp_disc": _op_from_opp_disc,
    "name_type": _op_name_type,
    "move_up_to": _op_move_up_to,
    "clear_counters": _op_clear_counters,
    "peek_hand": _op_peek_hand,
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
}


def _cond_self_counters(self, st, fr, cond) -> bool:
    src = fr["src"]
    return src in st["cards"] and st["cards"][src].get("cn", {}).get(cond["counter"], 0) >= cond["n"]


def _cond_tokens_at_least(self, st, fr, cond) -> bool:
    return st["pl"][fr["p"]]["tok"] >= cond["n"]


def _cond_more_friends(self, st, fr, cond) -> bool:
    p = fr["p"]
    n = [len(self.select(st, {"type": "Friend", "ctrl": "you"}, q, None)) for q in (p, opponent(p))]
    return n[0] > n[1]


def _cond_opp_more_chars_here(self, st, fr, cond) -> bool:
    p, src = fr["p"], fr["src"]
    a = st["cards"][src]["a"] if src in st["cards"] and self.in_play(st, src) else None
    return a is not None and len(self.chars_at(st, a, opponent(p))) > len(self.chars_at(st, a, p))


def _cond_la_problem(self, st, fr, cond) -> bool:
    """"its Problem" after this card left play: its last area, if that was a Problem."""
    src = fr["src"]
    a = (fr.get("x") or {}).get("la") or (st["cards"][src]["a"] if src in st["cards"] and self.in_play(st, src) else "")
    return a.startswith(("prob", "dil"))


def _played(self, st, fr, cond) -> int:
    q = fr["p"] if cond.get("who", "you") == "you" else opponent(fr["p"])
    return len(self.played_this_turn(st, q))


def _cond_higher_other(self, st, fr, cond) -> bool:
    src = fr["src"]
    if not (src in st["cards"] and self.in_play(st, src)):
        return False
    pw = self.power(st, src) or 0
    return any(o != src and self.is_char(st, o) and (self.power(st, o) or 0) > pw for o in st["play"])


def _cond_friends_here(self, st, fr, cond) -> bool:
    """"if this card is with at least 3 of your Friends" (at its area, home or Problem)."""
    src, p = fr["src"], fr["p"]
    if not (src in st["cards"] and self.in_play(st, src)):
        return False
    a = st["cards"][src]["a"]
    return sum(1 for o in st["play"] if o != src and st["cards"][o]["a"] == a and st["cards"][o]["c"] == p
               and self.ctype(st, o) == "Friend") >= cond["n"]


def _cond_color_chars_here(self, st, fr, cond) -> bool:
    src, p = fr["src"], fr["p"]
    if not (src in st["cards"] and self.in_play(st, src)):
        return False
    return sum(1 for o in self.chars_at(st, st["cards"][src]["a"], p) if o != src and cond["color"] in self.colors(st, o)) >= cond["n"]


def _cond_opp_drawn(self, st, fr, cond) -> bool:
    dt = st["pl"][opponent(fr["p"])].get("dtt")
    return bool(dt) and dt[0] == st["turn"] and dt[1] >= cond["n"]


def _cond_others_than_it(self, st, fr, cond) -> bool:
    it = (fr.get("x") or {}).get("it")
    return sum(1 for o in self.select(st, cond["sel"], fr["p"], fr["src"]) if o != it) >= cond["n"]


def _cond_have_names(self, st, fr, cond) -> bool:
    p = fr["p"]
    have = {self.name(st, o) for o in st["play"] if st["cards"][o]["c"] == p and not st["cards"][o].get("fd")}
    return all(n in have for n in cond["names"])


CONDS = {"others_than_it": _cond_others_than_it, "have_names": _cond_have_names,
         "friends_here": _cond_friends_here, "color_chars_here": _cond_color_chars_here, "opp_drawn_at_least": _cond_opp_drawn,
         "self_counters_exact": lambda self, st, fr, cond: fr["src"] in st["cards"] and
         st["cards"][fr["src"]].get("cn", {}).get(cond["counter"], 0) == cond["n"],
         "la_problem": _cond_la_problem, "higher_other": _cond_higher_other,
         "played_at_least": lambda self, st, fr, cond: _played(self, st, fr, cond) >= cond["n"],
         "played_exactly": lambda self, st, fr, cond: _played(self, st, fr, cond) == cond["n"],
         "self_counters": _cond_self_counters, "tokens_at_least": _cond_tokens_at_least,
         "more_friends": _cond_more_friends, "opp_more_chars_here": _cond_opp_more_chars_here}
