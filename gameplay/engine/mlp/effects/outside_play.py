"""Ops and conditions of the Friends Forever and Seaquestria and Beyond per-card definitions (cards/friends_forever.py,
cards/seaquestria.py), each named for what it does in the game's words. They cover cards outside play (the discard
pile, the hand: ``Rules.fire_from_zone``), moves and their previous areas, optional replacements (send elsewhere, move
to another Problem), reveals, copies of an Event, cancelling one, and "the watched card is an opponent's"."""
from __future__ import annotations

from .targeting import ask_player, choose_target
from .choices import ASKED, pick_area


def _op_self_from_hand_into_play(self, st, ev, fr, e) -> bool:
    """"you may put this card from your hand into play": at its owner's home (it is revealed as it enters play);
    nothing if it is no longer in their hand (410.6)."""
    src = fr["src"]
    c = st["cards"].get(src)
    if c and c.get("z") == "hand" and src in st["pl"][c["o"]]["hand"]:
        name = self.db.cards[c["k"]].name
        self.log(ev, "zone", lambda: f"{self.pname(st, c['o'])} puts {name} from their hand into play")
        self.enter_play(st, ev, src, f"home{c['o']}", c["o"])
    return True


def _op_self_from_discard(self, st, ev, fr, e) -> bool:
    """This card, in its owner's discard pile, goes to ``e["to"]`` (hand / ban).  If it is no longer there (it left
    since the trigger, 410.6), nothing else of the effect happens: "banish this card to ..." is not done (508.1d)."""
    src = fr["src"]
    c = st["cards"].get(src)
    if not (c and c.get("z") == "disc" and src in st["pl"][c["o"]]["disc"]):
        fr["i"] = len(fr["eff"])
        return False
    name = self.db.cards[c["k"]].name
    self.put(st, src, e["to"])
    where = "put into its owner's hand" if e["to"] == "hand" else "banished"
    self.log(ev, "zone", lambda: f"{name} is {where} from the discard pile")  # a public zone to another (404.1)
    return True


def _op_each_disc_to_hand_score(self, st, ev, fr, e) -> bool:
    """"Each player may put a card from their discard pile into their hand. For each card put into a player's hand
    this way, score a point": the turn player chooses first (801.1), each any card of their own discard pile or
    none; then this effect's controller scores a point per card taken (517)."""
    k = fr.get("k") or {"q": 0, "n": 0}
    fr["k"] = k
    order = (st["tp"], 1 - st["tp"])
    if fr["ch"] is not None:
        q = order[k["q"]]
        if fr["ch"] != "none" and fr["ch"] in st["pl"][q]["disc"]:
            name = self.name(st, fr["ch"])
            self.put(st, fr["ch"], "hand")
            self.log(ev, "zone", lambda: f"{self.pname(st, q)} puts {name} from their discard pile into their hand")
            k["n"] += 1
        fr["ch"] = None
        k["q"] += 1
    while k["q"] < 2:
        q = order[k["q"]]
        if st["pl"][q]["disc"]:
            self.ask(st, q, "target", list(st["pl"][q]["disc"]) + ["none"], "705.2f", op="to_hand", src=fr["src"])
            return False
        k["q"] += 1
    if k["n"]:
        self.score(st, ev, fr["p"], k["n"], "a card put into a hand this way")
    return True


def _op_send_moved_back(self, st, ev, fr, e) -> bool:
    """"Send a character that was moved this turn to its previous area": the area its last move this turn took it
    from (506.1; sends are not moves, 506.5); not one whose previous area is gone or can't take it (506.2)."""
    cards = st["cards"]
    cands = []
    for cid in st["play"]:
        mv = cards[cid].get("mv")
        if mv and mv[0] == st["turn"] and self.is_char(st, cid) and mv[1] in st["areas"] and mv[1] != cards[cid]["a"] \
                and not (mv[1].startswith("home") and int(mv[1][4:]) != cards[cid]["c"]):
            cands.append(cid)
    done, one = choose_target(self, st, fr, e, cands)
    if done and one is not None:
        self.move_card(st, ev, one, cards[one]["mv"][1], send=True)
    return done


def _op_banish_hand_same_name(self, st, ev, fr, e) -> bool:
    """"that Resource's controller reveals their hand and you banish each card in it with the same name as that
    Resource": the card an earlier effect chose (``itk``, its printed name: Title and Subtitle, 201.1), an opposing
    card, so its controller is the opponent; the hand becomes public (404.1)."""
    k = fr.get("itk")
    if not k:
        return True
    q = 1 - fr["p"]
    name = self.db.cards[k].name
    hand = st["pl"][q]["hand"]
    names = [self.db.cards[st["cards"][c]["k"]].name for c in hand]
    self.log(ev, "reveal", lambda: f"{self.pname(st, q)} reveals their hand: {', '.join(names) or 'no cards'}")
    for c in [c for c in hand if self.db.cards[st["cards"][c]["k"]].name == name]:
        self.put(st, c, "ban")
        self.log(ev, "zone", lambda: f"{self.pname(st, fr['p'])} banishes {name} from {self.pname(st, q)}'s hand")
    return True


def _op_clear_counters_there(self, st, ev, fr, e) -> bool:
    """"remove all Delay counters from that Problem": the Problem where the watched card was moved (519)."""
    it = (fr.get("x") or {}).get("it")
    pid = self.problem_at(st, st["cards"][it]["a"]) if it in st["cards"] and self.in_play(st, it) else None
    n = st["cards"][pid].get("cn", {}).pop(e["counter"], 0) if pid else 0
    if n:
        self.log(ev, "counters", lambda: f"{n} {e['counter']} counter(s) are removed from {self.name(st, pid)}")
    return True


def _op_copy_plus_counters(self, st, ev, fr, e) -> bool:
    """"This card enters play with a number of +1 power counters on it equal to the number of +1 power counters on
    another one of your characters" (519): its controller chooses that character when the counts differ."""
    src = fr["src"]
    cands = [c for c in self.select(st, e["sel"], fr["p"], src) if c != src]
    counts = {st["cards"][c].get("cn", {}).get("+1", 0) for c in cands}
    if len(counts) <= 1:
        done, one = True, (cands[0] if cands else None)
    else:
        done, one = choose_target(self, st, fr, {"op": "copy_plus_counters", "target": e["sel"]}, cands)
    if done and one is not None and self.in_play(st, src):
        n = st["cards"][one].get("cn", {}).get("+1", 0)
        if n:
            st["cards"][src]["cn"]["+1"] = st["cards"][src]["cn"].get("+1", 0) + n
            self.log(ev, "counters", lambda: f"{self.name(st, src)} enters play with {n} +1 power counter(s)")
    return done


def _op_reveal_until_play(self, st, ev, fr, e) -> bool:
    """"reveal cards from the top of your deck until you reveal a Friend. If you do, put that Friend into play, then
    shuffle your deck": a public reveal (404.1); the other revealed cards stay where they are, and the deck is
    shuffled only when a Friend was put into play (518.2's shuffle is part of "if you do")."""
    p = fr["p"]
    deck = st["pl"][p]["deck"]
    shown = []
    found = None
    for c in deck:
        shown.append(self.db.cards[st["cards"][c]["k"]].name)
        if self.types.get(st["cards"][c]["k"]) == e.get("type", "Friend"):
            found = c
            break
    if not shown:
        return True
    self.log(ev, "reveal", lambda: f"{self.pname(st, p)} reveals from the top of their deck: {', '.join(shown)}")
    if found is not None:
        self.enter_play(st, ev, found, f"home{p}", p)
        self.shuffle(st, deck)
    return True


def _op_ready_one_of(self, st, ev, fr, e) -> bool:
    """The Ready Step under "Opponents can't ready more than one character during their Ready Step" (603.1, 104.2):
    the turn player chooses the one of their exhausted characters that readies."""
    cands = [c for c in e["cards"] if c in st["cards"] and self.in_play(st, c) and st["cards"][c].get("ex")]
    done, one = choose_target(self, st, fr, {"op": "ready", "target": {}}, cands)
    if done and one is not None:
        c = st["cards"][one]
        c["ex"] = False
        if st.get("labm"):
            self.end_while_exhausted(st, one)
        self.log(ev, "ready", lambda: f"{self.name(st, one)} readies (only one character readies this Ready Step)")
        self.fire(st, ev, "readies", one)
    return done


def _op_opp_discard_power(self, st, ev, fr, e) -> bool:
    """"have an opponent discard a card. If they do, one of your cards involved in the faceoff gets +X power until
    the end of the faceoff, where X is the discarded card's power": the opponent chooses the card (410.3), its
    printed power (a card outside play, 507.1) is X; then this effect's controller chooses the card (705.2f)."""
    p, q = fr["p"], 1 - fr["p"]
    k = fr.get("k") or {}
    fr["k"] = k
    if "x" not in k:
        hand = st["pl"][q]["hand"]
        if not hand:
            return True
        if fr["ch"] is None and len(hand) > 1:
            self.ask(st, q, "target", list(hand), "410.3", op="discard", src=fr["src"])
            return False
        cid = hand[0] if fr["ch"] is None else fr["ch"]
        fr["ch"] = None
        face = self.db.cards[st["cards"][cid]["k"]].front
        k["x"] = face.power or 0
        self.put(st, cid, "disc")
        self.log(ev, "discard", lambda: f"{self.pname(st, q)} discards {face.name}")
        self.fire_all(st, ev, "opp_discards", players=(p,))
    done, one = choose_target(self, st, fr, {"op": "power", "target": e["target"]},
                              self.select(st, e["target"], p, fr["src"]))
    if done and one is not None and k["x"]:
        self.add_mod(st, one, k["x"], "faceoff")
        self.log(ev, "power", lambda: f"{self.name(st, one)} gets +{k['x']} power until the end of the faceoff")
    return done


def _op_cancel_event(self, st, ev, fr, e) -> bool:
    """"cancel that card": the Event being played does none of its instructions and goes to its owner's discard pile
    as it would after resolving (304.2)."""
    for f in st["rq"]:
        if f.get("src") == e["card"] and (f.get("after") or {}).get("discard") == e["card"]:
            f["i"] = len(f["eff"])
            name = self.name(st, e["card"])
            self.log(ev, "cancel", lambda: f"{self.pname(st, fr['p'])} cancels {name}")
    return True


def queue_send_elsewhere(st, src, cid, areas) -> None:
    """An optional "send to other Problems instead of home" (710, 712.3) for card ``cid``: the characters sent home
    from the same area in one occurrence (613.2) share one decision of the source's controller."""
    rq = st["rq"]
    top = rq[-1] if rq else None
    if top is not None and top["src"] == src and top["i"] == 0 and top["ch"] is None and not st["pending"] and \
            top["eff"][0]["op"] == "send_elsewhere_may":
        top["eff"][0]["cards"].append(cid)  # (not decided yet: the same occurrence)
        return
    rq.append({"p": st["cards"][src]["c"], "src": src, "i": 0, "ch": None, "lbl": "Sent to other Problems instead",
               "after": None, "eff": [{"op": "send_elsewhere_may", "cards": [cid], "areas": list(areas)}]})


def _op_send_elsewhere_may(self, st, ev, fr, e) -> bool:
    """"you may send those characters to other Problems instead": one "may" for them all; yes: each goes to another
    Problem its controller chooses (705.2f); no: they are sent home (710.3)."""
    cards = [c for c in e["cards"] if c in st["cards"] and self.in_play(st, c)]
    if not cards:
        return True
    if fr["ch"] is None:
        self.ask(st, fr["p"], "may", [True, False], "710", src=fr["src"], what="replacement",
                 text="send " + ", ".join(self.name(st, c) for c in cards) + " to other Problems instead of home")
        return False
    if not fr["ch"]:
        for c in cards:
            self.move_card(st, ev, c, f"home{st['cards'][c]['c']}", send=True)
        return True
    fr["i"] += 1
    for c in reversed(cards):  # the first card's destination is chosen first
        st["rq"].append({"p": st["cards"][c]["c"], "src": c, "eff": [{"op": "send_to_area", "card": c, "areas": e["areas"]}],
                         "i": 0, "ch": None, "lbl": "Sent to another Problem", "after": None})
    fr["i"] -= 1
    return True


def _op_copy_played_event(self, st, ev, fr, e) -> bool:
    """"When you play an Event, you may exhaust this card and a number of your other Unicorn Friends equal to that
    Event's cost to copy its effects": the costs are paid together or not at all (508.1d); the copy processes the
    Event's text again, controlled by this effect's controller, its decisions made anew (520.1)."""
    p, src = fr["p"], fr["src"]
    key = ((fr.get("x") or {}).get("play") or {}).get("k")
    k = fr.get("k") or {"picked": []}
    fr["k"] = k
    if fr["ch"] is not None:
        k["picked"].append(fr["ch"])
        fr["ch"] = None
    if key is None or not (self.in_play(st, src) and not st["cards"][src].get("ex") and self.can_exhaust(st, src, p)):
        return True
    n = self.ff[key].cost or 0
    cands = [c for c in self.select(st, e["sel"], p, src) if c != src and c not in k["picked"]
             and not st["cards"][c].get("ex") and self.can_exhaust(st, c, p)]
    need = n - len(k["picked"])
    if need > len(cands):
        return True  # the cost can't be paid (508.1d): nothing is exhausted
    if 0 < need < len(cands):
        self.ask(st, p, "target", cands, "705.2f", op="exhaust", src=src)
        return False
    for c in [src] + k["picked"] + (cands if need else []):
        self.exhaust(st, ev, c, by=p)
    effs = [x for ab in self.abf[key] if ab["kind"] == "event" for x in ab["effects"]]
    self.log(ev, "copy", lambda: f"{self.pname(st, p)} copies the effects of {self.ff[key].name} (520.1)")
    fr["i"] += 1
    st["rq"].append({"p": p, "src": src, "eff": effs, "i": 0, "ch": None, "lbl": "copy", "after": None})
    fr["i"] -= 1
    return True


def _op_move_to_other_problem(self, st, ev, fr, e) -> bool:
    """"they choose a different Problem and move that character there instead": the player who was moving it
    chooses another Problem than the one it was going to (and than its own area, 506.2); the new move is not
    replaced again by this card (710.3)."""
    x = fr.get("x") or {}
    cid = fr.get("it")
    if not (cid in st["cards"] and self.in_play(st, cid)):
        return True
    mover = x.get("mby") if x.get("mby") is not None else 1 - fr["p"]
    areas = [a for a in self.problem_areas(st) if self.problem_at(st, a) and a not in (x.get("to"), st["cards"][cid]["a"])]
    to = pick_area(self, st, fr, mover, areas, "705.2f", cid)
    if to is None or to == ASKED:
        return to is None
    self.move_card(st, ev, cid, to, by=mover, rskip=tuple(x.get("skip") or ()) + (fr["src"],))
    return True


def _op_pdeck_top_as_dilemma(self, st, ev, fr, e) -> bool:
    """"put the top card of a Problem deck into play as a Dilemma (It enters play at its own area; this does not
    replace any Problems already in play.)": the player chooses whose Problem deck (705.2f); the card becomes a
    Dilemma in play at a new area of its own (522.1, 522.2) under this effect's controller."""
    p = fr["p"]
    done, q = ask_player(self, st, fr, p, [x for x in (p, 1 - p) if st["pl"][x]["pdeck"]], what="Problem deck")
    if not done or q is None:
        return done
    top = st["pl"][q]["pdeck"][0]
    area = f"dil{st['nid']}"
    st["areas"].append(area)
    nid = self.enter_play(st, ev, top, area, p)
    st["cards"][nid]["dil"] = True  # 522.1
    self.log(ev, "play", lambda: f"{self.pname(st, p)} puts {self.name(st, nid)} into play as a Dilemma (522.2)")
    return True


def _cond_flipped_type(self, st, fr, cond) -> bool:
    """"If you would put a flipped Event on the bottom of your deck": one of your flipped cards is of that type."""
    return any(self.types.get(st["cards"][c]["k"]) == cond["type"] and cond.get("trait", "") in
               (self.ff[st["cards"][c]["k"]].traits if cond.get("trait") else ("",)) for c in st["pl"][fr["p"]]["flip"])


def _cond_moved_opposing(self, st, fr, cond) -> bool:
    """"If you moved an opposing character": the watched card (``x["it"]``) is controlled by an opponent of
    the ability's controller."""
    it = (fr.get("x") or {}).get("it")
    return bool(it in st["cards"] and self.in_play(st, it) and st["cards"][it]["c"] != fr["p"])


OPS = {"self_from_discard": _op_self_from_discard, "self_from_hand_into_play": _op_self_from_hand_into_play, "each_disc_to_hand_score": _op_each_disc_to_hand_score,
       "send_moved_back": _op_send_moved_back, "banish_hand_same_name": _op_banish_hand_same_name,
       "clear_counters_there": _op_clear_counters_there, "copy_plus_counters": _op_copy_plus_counters,
       "reveal_until_play": _op_reveal_until_play, "ready_one_of": _op_ready_one_of,
       "opp_discard_power": _op_opp_discard_power, "cancel_event": _op_cancel_event,
       "send_elsewhere_may": _op_send_elsewhere_may, "copy_played_event": _op_copy_played_event,
       "move_to_other_problem": _op_move_to_other_problem, "pdeck_top_as_dilemma": _op_pdeck_top_as_dilemma}
CONDS = {"moved_opposing": _cond_moved_opposing, "flipped_type": _cond_flipped_type}
