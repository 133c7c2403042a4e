"""Effects on zones, decks and hands, and on confronting: hand to deck, uncover, spend a card from
beneath, mill, replace a Problem, banish from a zone, look at a hand, shuffle, confront modifiers,
reorder the top of a deck; ``EVENT_OPS`` and ``WHEN_OPS``."""
from __future__ import annotations

from ..constants import FRIEND, opponent
from ..flow import uncover_one
from .targeting import ask_player, card_filter, choose_target
from .faceoff import op_exhaust_one_color, op_fo_plus, op_next_fo_bonus
from .replacements import no_replace, op_choose_colors, op_persistent, op_pumped, op_random_flip, op_replace_ask, op_reveal_colors, op_send_to_area


def effect_hand_to_deck_top(self, st, ev, fr, e) -> bool:
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


def effect_uncover(self, st, ev, fr, e) -> bool:
    p = fr["p"]
    src = fr["src"]
    cands = [c for c in st["play"] if st["cards"][c].get("fd") and self.ctype(st, c) == "Troublemaker"
             and (not e.get("mine") or st["cards"][c]["c"] == p)
             and (not e.get("opp") or st["cards"][c]["c"] != p)
             and (not e.get("there") or st["cards"][c]["a"] == fr.get("rxa"))
             and (not e.get("self") or c == src)  # "uncover this card"
             and (not e.get("here") or (src in st["cards"] and st["cards"][c]["a"] == st["cards"][src].get("a")))]
    done, one = choose_target(self, st, fr, e, cands)
    if not done:
        return False
    if one:
        uncover_one(self, st, ev, one, by=p)
    return True


def effect_shuffle_decks(self, st, ev, fr, e) -> bool:
    for q in (st["tp"], opponent(st["tp"])):
        self.shuffle(st, st["pl"][q]["deck"])
    self.log(ev, "shuffle", "Each player shuffles their deck")
    return True


def effect_send_back(self, st, ev, fr, e) -> bool:
    it, frm = fr.get("it"), fr.get("rxf")
    if it and frm and self.in_play(st, it) and frm in st["areas"]:
        self.move_card(st, ev, it, frm, send=True)
    return True


def effect_spend_cost(self, st, ev, fr, e) -> bool:
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


def effect_mill(self, st, ev, fr, e) -> bool:
    p = fr["p"]
    deck = st["pl"][p]["deck"]
    for _ in range(min(e.get("n", 1), len(deck))):
        nm = self.name(st, deck[0])
        self.put(st, deck[0], "disc")
        self.log(ev, "mill", lambda nm=nm: f"{self.pname(st, p)} puts {nm} from the top of their deck into their discard pile")
    return True


def effect_replace_problem(self, st, ev, fr, e) -> bool:
    p = fr["p"]
    src = fr["src"]
    if e.get("here"):
        a = st["cards"][src]["a"] if src in st["cards"] and self.in_play(st, src) else None
        if a and not a.startswith("home") and self.problem_at(st, a) and not no_replace(self, st, a):
            self.replace_problem(st, ev, a, solved=False)
        return True
    areas = [a for a in self.problem_areas(st) if self.problem_at(st, a) and not no_replace(self, st, a)]
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


def effect_draw_to(self, st, ev, fr, e) -> bool:
    p = fr["p"]
    n = e.get("n", 1) - len(st["pl"][p]["hand"])
    if n > 0:
        self.draw(st, ev, p, n)
    return True


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
        nid = self.put(st, ch, "ban")
        self.log(ev, "banish", lambda: f"{self.pname(st, p)} banishes {nm} from a {'hand' if e.get('zone') == 'hand' else 'discard pile'}")
        if e.get("track") and fr["src"] in st["cards"] and nid:  # "each Event banished this way" (EO60)
            st["cards"][fr["src"]].setdefault("bw", []).append(nid)
        if e.get("then"):  # "If you do, ..."
            fr["i"] += 1
            st["rq"].append({"p": p, "src": fr["src"], "eff": list(e["then"]), "i": 0, "ch": None, "lbl": "", "after": None})
            fr["i"] -= 1
    return True


def _op_banished_to_hand(self, st, ev, fr, e) -> bool:
    """"put each Event banished this way into its owner's hand": the cards this card's ``track``-ed banishing put in
    the banished zone (public, 409) and still there (410.6: a card that left it is a new object)."""
    src = fr["src"]
    for cid in list(st["cards"].get(src, {}).get("bw") or ()):
        c = st["cards"].get(cid)
        if c and c.get("z") == "ban" and cid in st["pl"][c["o"]]["ban"]:
            nm = self.db.cards[c["k"]].name
            self.put(st, cid, "hand")
            self.log(ev, "to_hand", lambda nm=nm: f"{nm} is put from the banished zone into its owner's hand")
    if src in st["cards"]:
        st["cards"][src].pop("bw", None)
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
            if e.get("then_draw"):  # no card to discard: the draw still happens
                self.draw(st, ev, q, e["then_draw"])
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
    if e.get("then_draw"):  # "That player discards that card, then draws a card" (EO212)
        self.draw(st, ev, q, e["then_draw"])
    return True


def _op_confront_mod(self, st, ev, fr, e) -> bool:
    """Confront requirement changes ("Opponents need +2 power to confront that Problem until the end of
    the turn", 611.3) and "Troublemakers don't prevent you from confronting Problems" (611.3e), kept in
    ``st["cmods"]`` with a duration.  {n, who: you|opp|all, problem: choose|here|all, until, tm_ok, meet (traits), contrib (this card's power)}."""
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
    if e.get("meet"):  # "you meet the confront requirements of that Problem if you have ... there" (CG141)
        m["meet"] = list(e["meet"])
    elif e.get("contrib"):  # "contribute its power to confronting a Problem" (SB57: this card, from anywhere)
        m["contrib"] = fr["src"]
    elif e.get("tm_ok"):
        m["tm_ok"] = e["tm_ok"] if isinstance(e["tm_ok"], str) else True
        if e["tm_ok"] == "it":
            m["tm_ok"] = fr.get("it") or ""
    else:
        m["n"] = e.get("n", 0)
        if e.get("own_tm"):  # "-X, where X is the highest power among Troublemakers you control there" (as you confront)
            m["own_tm"] = True
    st.setdefault("cmods", []).append(m)
    self.log(ev, "confront", lambda: f"{self.pname(st, p)}: " + (
        "Troublemakers don't prevent confronting" if e.get("tm_ok") else
        f"confront requirements met with a ready {', '.join(m['meet'])} character" if e.get("meet") else
        f"{self.name(st, fr['src'])} contributes its power to confronting" if e.get("contrib") else
        "confront requirements less the highest power among their Troublemakers there" if e.get("own_tm") else
        f"confront requirements {m['n']:+d}") + (f" at {self.name(st, prob)}" if prob else ""))
    return True


def _op_retire_random(self, st, ev, fr, e) -> bool:
    """"An opponent retires a random Friend" (410.2; chosen with the game's seeded rng)."""
    q = opponent(fr["p"]) if e.get("who") == "opponent" else fr["p"]
    cands = [c for c in st["play"] if st["cards"][c]["c"] == q and self.ctype(st, c) == e.get("type", FRIEND)]
    if cands:
        self.leave_play(st, ev, cands[self.rand(st, len(cands))], "disc", verb="retired (at random)")
    return True


def _op_tm_put(self, st, ev, fr, e) -> bool:
    """Put a Troublemaker from your hand / deck (a search, 518) / discard pile / banished cards (``self``: this
    card) into play at a Problem
    (``at``: choose / here), face-up unless ``"face_up": False`` (505.1: "put ... into play" without
    "face-up" is face-down; the parser says which); ``played``: it is played (609.2c, no cost)."""
    p = fr["p"]
    zone = e.get("zone", "hand")
    lst = st["pl"][p][zone]
    k = fr.get("k")
    if k is None:
        cands = [c for c in lst if self.db.cards[st["cards"][c]["k"]].front.type == "Troublemaker"]
        if e.get("self"):  # "put this card into play" from the zone it is in (LL145: banished)
            cands = [c for c in cands if c == fr["src"]]
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
    key = st["cards"][k]["k"]
    nid = self.enter_play(st, ev, k, area, p, face_down=not up)
    fr["it"], fr["itk"] = nid, key  # "then put a token copy of it into play" (520.2)
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

EVENT_OPS = {
    "fo_plus": op_fo_plus,
    "next_fo_bonus": op_next_fo_bonus,
    "exhaust_one_color": op_exhaust_one_color,
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
    "persistent": op_persistent,
    "random_flip": op_random_flip,
    "pumped": op_pumped,
    "banish_from_zone": _op_banish_from_zone,
    "banished_to_hand": _op_banished_to_hand,
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


def _op_beneath_to_hand(self, st, ev, fr, e) -> bool:
    """"When this card leaves play or is turned face-down, put any cards beneath it into their owner's hand" (the
    banished cards beneath it, 407.1 public, each into its owner's hand; 410.6a: read after it left play)."""
    src = fr["src"]
    for b in [b for q in (0, 1) for b in st["pl"][q]["ban"] if st["cards"][b].get("bn") == src]:
        nm = self.name(st, b)
        self.put(st, b, "hand")
        self.log(ev, "zone", lambda nm=nm: f"{nm} is put from beneath a card into its owner's hand")
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
    "beneath_to_hand": _op_beneath_to_hand,
}

EVENT_OPS["replace_ask"] = op_replace_ask

EVENT_OPS["send_to_area"] = op_send_to_area

EVENT_OPS["choose_colors"] = op_choose_colors

EVENT_OPS["reveal_colors"] = op_reveal_colors
