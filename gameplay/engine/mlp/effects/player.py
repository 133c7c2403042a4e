"""Effects on players (4xx): draw, discard, gain, score, look at the top of a deck, search, flip,
tokens, put into play, cost reductions, turning over, Cutie Marks, choosing a color."""
from __future__ import annotations

from ..constants import COLOR_NAMES, opponent
from ..flow import flip_one
from .targeting import ask_player, card_filter
from .triggered import note_gain


def _search_into_hand(self, st, ev, p: int, ch: str, zone: str, reveal: bool) -> None:
    """Put the card found into the hand: from a deck (a hidden zone into a hidden one) it is named only to
    its player unless the text says "reveal" (518.1, 404.1); from the public discard pile to everyone."""
    nm = self.db.cards[st["cards"][ch]["k"]].name
    self.put(st, ch, "hand")
    if zone == "deck" and not reveal:
        self.log(ev, "search", lambda: f"{self.pname(st, p)} searches their deck and puts a card into their hand")
        self.log(ev, "search", lambda: f"You put {nm} into your hand", to=p)
    elif zone == "deck":
        self.log(ev, "search", lambda: f"{self.pname(st, p)} reveals {nm} and puts it into their hand")
    else:
        self.log(ev, "search", lambda: f"{self.pname(st, p)} puts {nm} from their discard pile into their hand")


def _players(st, p: int, who: str) -> list[int]:
    if who == "you":
        return [p]
    if who == "opponent":
        return [opponent(p)]
    if who == "fewest_points":  # "the player with the fewest points" (CG67): no player while the points are equal
        s0, s1 = st["pl"][0]["score"], st["pl"][1]["score"]
        return [] if s0 == s1 else [0 if s0 < s1 else 1]
    return [p, opponent(p)]


def player_effect(self, st, ev, fr, e) -> bool:
    op = e["op"]
    p = fr["p"]
    src = fr["src"]
    who = e.get("who", "you")
    targets = _players(st, p, who)
    handler = PLAYER_EFFECTS.get(op)
    if handler is None:
        return True
    return handler(self, st, ev, fr, e, op, p, src, who, targets)


def _player_draw(self, st, ev, _fr, e, _op, _p, _src, _who, targets) -> bool:
    for q in targets:
        if e.get("bottom"):  # "draw a card from the bottom of your deck"
            deck = st["pl"][q]["deck"]
            if deck:
                deck.insert(0, deck.pop())
        self.draw(st, ev, q, e.get("n", 1))
    return True


def _player_gain(self, st, ev, _fr, e, _op, p, src, _who, _targets) -> bool:
    n = e.get("n", 1)
    if e.get("n_counters"):  # "equal to the number of Harmony counters on it"
        n = st["cards"][src]["cn"].get(e["n_counters"], 0) if src in st["cards"] and self.in_play(st, src) else 0
    st["pl"][p]["tok"] += n
    self.log(ev, "tokens", lambda: f"{self.pname(st, p)} gains {n} action token(s)")
    note_gain(st, p, n)
    if self.rx_keys:
        self.rx_note(st, "gain", by=p, n=n)  # "When an opponent receives at least [1]"
    return True


def _player_score(self, st, ev, _fr, e, _op, _p, _src, _who, targets) -> bool:
    for q in targets:
        self.score(st, ev, q, e.get("n", 1))
    return True


def _player_cost_reduction(self, st, _ev, fr, e, _op, p, _src, _who, _targets) -> bool:
    named = {}
    if e.get("name_of") == "rev":  # "the first card with that card's name": the card revealed before (201.1)
        rev = fr.get("rev")
        if rev not in st["cards"]:
            return True
        named = {"name": self.db.cards[st["cards"][rev]["k"]].name}
    if e.get("card") == "it":  # "you may pay [1] less to play that Event this turn": that card only
        if not (fr.get("it") in st["cards"] and st["cards"][fr["it"]].get("z") == "hand"):
            return True
    st["pl"][p]["disc_next"].append({"type": e.get("type", "card"), "n": e.get("n", 1), "u": e.get("until", "turn"),
                                     **{k: e[k] for k in ("color", "trait", "min") if e.get(k)}, **named,
                                     **({"card": fr["it"]} if e.get("card") == "it" else {}),
                                     **({"all": True} if e.get("all") else {})})
    return True


def _player_discard(self, st, ev, fr, e, _op, _p, src, _who, targets) -> bool:
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
        return player_effect(self, st, ev, fr, e)
    return True


def _player_flip(self, st, ev, _fr, e, _op, p, _src, _who, _targets) -> bool:
    fo = st["fo"]
    if fo:
        for _ in range(e.get("n", 1)):
            flip_one(self, st, ev, p)
    return True


def _player_look_top(self, st, ev, fr, e, _op, p, _src, _who, _targets) -> bool:
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
    # decide one card at a time: top or bottom (private), then the order of each group: Meticulous "on
    # the top or bottom of your deck in any order", Inspired "on top of the deck in any order, and the
    # rest on the bottom" (glossary): every arrangement of the cards looked at can be reached
    k = fr.get("k") or 0
    if fr["ch"] is None and k == 0:
        fr["look"] = deck[:n]
        if not ev.quiet:
            names = ", ".join(self.db.cards[st["cards"][c]["k"]].name for c in fr["look"])
            ev.add("look", f"{self.pname(st, p)} looks at the top {n} card(s) of a deck", player=p)
            ev.add("look", f"You see: {names}", to=p)
    elif fr["ch"] is not None and "ord" not in fr:
        if fr["ch"] == "bottom":
            fr.setdefault("bot", []).append(fr["look"][k])
        fr["k"] = k = k + 1
        fr["ch"] = None
    if k < len(fr["look"]):
        self.ask(st, p, "look", ["top", "bottom"], "Meticulous/Inspired", card=k)
        return False
    return _order_looked_cards(self, st, fr, p, q, zone)


def _order_looked_cards(self, st, fr, p, q, zone) -> bool:
    """"... in any order": the looker picks the next card from the top of the cards going on top, then of
    those going to the bottom (the last one picked is the bottom card), one at a time."""
    bot = fr.get("bot", [])
    groups = {"top": [c for c in fr["look"] if c not in bot], "bottom": list(bot)}
    order = fr.setdefault("ord", {"top": [], "bottom": []})
    if fr["ch"] is not None:
        side = "top" if len(order["top"]) < len(groups["top"]) else "bottom"
        if fr["ch"] in groups[side] and fr["ch"] not in order[side]:
            order[side].append(fr["ch"])
        fr["ch"] = None
    for side in ("top", "bottom"):
        rest = [c for c in groups[side] if c not in order[side]]
        if len(rest) > 1:
            self.ask(st, p, "target", rest, "Meticulous/Inspired: in any order", op=f"order_{side}")
            return False
        order[side] += rest
    fr["bot"] = order["bottom"]
    deck = st["pl"][q][zone]
    top = [c for c in order["top"] if c in deck]
    for c in top:
        deck.remove(c)
    deck[0:0] = top
    fr.pop("ord", None)
    _finish_look(self, st, fr, q, zone)
    return True


def _player_search(self, st, ev, fr, e, _op, p, src, _who, _targets) -> bool:
    zone = e.get("zone", "deck")
    lst = st["pl"][p][zone]
    flt = e.get("filter", {})
    if e.get("name_of_it"):  # "... with the same name" as the card the event happened to (EO105)
        it = fr.get("it")
        flt = {**flt, "name": self.db.cards[st["cards"][it]["k"]].name if it in st["cards"] else None}
    if e.get("that_name"):  # "... a Friend with that name": the name the source kept (LL76, 201.1)
        flt = {**flt, "name": (fr.get("x") or {}).get("named") or fr.get("named")}
    cands = [c for c in lst if card_filter(self, st, c, flt)]
    if fr["ch"] is None:
        if not cands:
            if zone == "deck":
                self.shuffle(st, lst)  # 518.2
            return True
        self.ask(st, p, "target", cands + ([] if e.get("must") else ["none"]), "518.1", op="search", src=src)  # (must: not "may")
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
            _search_into_hand(self, st, ev, p, ch, zone, bool(e.get("reveal")))
    if zone == "deck":
        self.shuffle(st, lst)
    return True


def _player_put_into_play(self, st, ev, fr, e, _op, p, src, _who, _targets) -> bool:
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
        if e.get("mark"):  # "... At the end of your turn, put that Friend into your hand" (ST2): it
            fr["it"] = nid
    return True


def _player_token(self, st, ev, fr, e, _op, p, src, _who, _targets) -> bool:
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
    fr.setdefault("made", []).append(nid)  # "At the end of the turn, banish them" (effects.timed.delay)
    self.log(ev, "token", lambda: f"{self.pname(st, p)} puts a {t['power']}-power {t['name']} token into play")
    return True


def _player_turn_over(self, st, ev, _fr, e, _op, _p, src, _who, _targets) -> bool:
    if src in st["cards"] and self.in_play(st, src):
        c = st["cards"][src]
        if self.cdef(st, src).boosted is not None and not (e.get("to") == "boosted" and c.get("b")):
            c["b"] = not c.get("b")
            st["dy"] = 1
            self.restamp(st, src)  # 711.3a the other face's abilities begin to function
            self.log(ev, "boost", lambda: f"{self.name(st, src)} is turned over ({'Boosted' if c['b'] else 'Start'} side) (301.2)")
            self.fire(st, ev, "side_up", src)  # "When this side of the card is turned face up"
    return True


def _player_cutie_mark(self, st, ev, _fr, _e, _op, p, src, _who, _targets) -> bool:
    if src in st["cards"] and self.in_play(st, src):
        c = st["cards"][src]
        if not c.get("cm"):
            c["cm"] = True
            c["cn"]["+1"] = c["cn"].get("+1", 0) + 1
            self.log(ev, "cutie", lambda: f"{self.name(st, src)} is Cutie Marked")
            self.watch(st, ev, "w_counter", src, {"by": p})  # Cutie Mark puts a +1 power counter (glossary)
            self.fire(st, ev, "cutie_marked", src)
            self.fire_all(st, ev, "friend_cutie", players=(c["c"],), extra={"it": src})  # "that Friend"
    return True


def _player_choose_color(self, st, _ev, fr, _e, _op, p, src, _who, _targets) -> bool:
    if fr["ch"] is None:
        self.ask(st, p, "choice", list(COLOR_NAMES), "as this card enters play", src=src, what="color")
        return False
    if src in st["cards"] and self.in_play(st, src):
        st["cards"][src]["col"] = [fr["ch"]]
    return True


#: an effect on players: op -> its handler (rules, st, ev, frame, effect, player, source, who, target players)
PLAYER_EFFECTS = {
    "draw": _player_draw,
    "gain": _player_gain,
    "score": _player_score,
    "cost_reduction": _player_cost_reduction,
    "discard": _player_discard,
    "flip": _player_flip,
    "look_top": _player_look_top,
    "search": _player_search,
    "put_into_play": _player_put_into_play,
    "token": _player_token,
    "turn_over": _player_turn_over,
    "cutie_mark": _player_cutie_mark,
    "choose_color": _player_choose_color,
}


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
