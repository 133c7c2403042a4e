"""Effect ops of timed abilities (Events and activated abilities: "Main Phase:", "Immediate:",
"Faceoff:", ...): challenges started by an effect, delayed "at the end of the turn" / "at the start of the next turn" effects,
and the other ops their templates in cardtext/timed.py (``timed_effects``) produce.  interpreter.py registers
``TIMED_ABILITY_OPS`` in EFFECTS (same signature: ``op(rules, st, ev, frame, effect) -> done``)."""
from __future__ import annotations

from ..constants import TM, opponent
from .targeting import ask_player, card_filter, choose_target, target_cards


def _challengeable(self, st, p, tm, how) -> bool:
    """608.2 / 514.2a.i: a face-up Troublemaker ``p`` may challenge with the described characters.
    A challenge tax must be payable (508.1d) and "can't be challenged except by two or more
    characters" is checked against the characters that would be involved."""
    c = st["cards"][tm]
    if c.get("fd") or self.ctype(st, tm) != TM:
        return False
    if how in ("one", "self"):
        mine = [o for o in st["play"] if st["cards"][o]["c"] == p and self.is_char(st, o)]
        if not mine:
            return False
        if any(ab["kind"] == "static" and ab.get("op") == "challenge_req" and ab["n"] > 1 for ab in self.abilities(st, tm)):
            return False  # one character can't meet "except by two or more characters"
        return st["pl"][p]["tok"] >= self.action_tax(st, p, "challenge", tm)
    if how == "all":
        if not any(st["cards"][o]["c"] == p and self.is_char(st, o) for o in st["play"]):
            return False
        return st["pl"][p]["tok"] >= self.action_tax(st, p, "challenge", tm)
    # "with (all) your characters at its Problem": 608.2 at least one character there
    return bool(self.chars_at(st, c["a"], p)) and self.challenge_allowed(st, p, tm)


def _op_challenge(self, st, ev, fr, e) -> bool:
    """"Challenge an opposing Troublemaker with one of your characters / all your characters at its
    Problem / all of your characters in play" (608.4: a Troublemaker faceoff at its Problem, started by
    an effect: 707.4, the interrupted window stays open with the challenger's priority; 514.2a.i the
    effect says which characters are involved; 514.5a/b as for any challenge).  {with: one|self|problem|
    all, tm: opp|self|it or a selector}: "with this card" (``self``) involves only the source, which must
    be one of the challenger's characters in play; ``problem`` ("with your characters there") the
    challenger's characters at the Troublemaker's Problem (514.2a)."""
    p, src = fr["p"], fr["src"]
    if st["fo"]:
        return True  # 707.4a no faceoff starts during a faceoff
    how = e.get("with", "problem")
    if how == "self" and not (src in st["cards"] and self.in_play(st, src) and st["cards"][src]["c"] == p
                              and self.is_char(st, src)):
        return True  # "with this card": it is no longer one of your characters in play
    k = fr.get("k") or {}
    if "tm" not in k:
        which = e.get("tm", "opp")
        if isinstance(which, dict) and which.get("it"):
            which = "it"
        if isinstance(which, dict):  # a selector: "an opposing Troublemaker here", "a Troublemaker there"
            cands = [o for o in self.select(st, which, p, src) if self.ctype(st, o) == TM]
        elif which == "self":
            cands = [src] if src in st["cards"] and self.in_play(st, src) else []
        elif which == "it":
            it = fr.get("it") or (fr.get("x") or {}).get("it")
            cands = [it] if it and self.in_play(st, it) else []
        else:
            cands = [o for o in st["play"] if self.ctype(st, o) == TM and st["cards"][o]["c"] != p]
        cands = [o for o in cands if _challengeable(self, st, p, o, how)
                 and (not e.get("here") or self.chars_at(st, st["cards"][o]["a"], p))]
        done, tm = choose_target(self, st, fr, {"op": "challenge", "target": {}}, cands, "608.1")
        if not done:
            return False
        if tm is None:
            return True
        fr["k"] = k = {"tm": tm}
        fr["ch"] = None
    tm = k["tm"]
    if not self.in_play(st, tm):
        return True
    area = st["cards"][tm]["a"]
    extra: dict = {}
    if how == "one":
        mine = [o for o in st["play"] if st["cards"][o]["c"] == p and self.is_char(st, o)]
        if e.get("here"):  # "with one of your characters here"
            mine = [o for o in mine if st["cards"][o]["a"] == area]
        done, one = choose_target(self, st, fr, {"op": "challenge", "target": {}}, mine, "514.2a.i")
        if not done:
            return False
        if one is None:
            return True
        extra["tm_inv"] = [one]  # 514.2d.i flagged: it stays involved
    elif how == "self":
        extra["tm_inv"] = [src]  # 514.2a.i "with this card": the only character involved
    elif how == "all":
        extra["tm_all"] = True  # every character the challenger controls (checked continuously, 514.2d)
    tax = self.action_tax(st, p, "challenge", tm)
    if tax:  # "Opponents can't challenge your Troublemakers unless they pay [1]." (508.1d)
        if st["pl"][p]["tok"] < tax:
            return True
        self.pay_cost(st, p, tax, ev)
        self.log(ev, "pay", lambda: f"{self.pname(st, p)} pays {tax} to challenge")
    extra["src"] = src
    if st["prio"]:
        extra["ret"] = dict(st["prio"])
    self.log(ev, "challenge", lambda: f"{self.pname(st, p)} challenges {self.name(st, tm)} at {self.area_name(st, area)} (608.4)")
    self.start_faceoff(st, ev, "tm", [area], p, tm=tm, extra=extra)
    self.watch(st, ev, "w_challenge", tm, {"by": p})
    if st["prio"]:
        st["fo"]["stage"] = "w_start"
        st["prio"] = {"w": "fo", "p": p, "n": 0}  # 707.4
    return True


# ------------------------------------------------------------------ delayed effects
# A delayed effect ("At the end of the turn, ...", "At the start of the next turn, put that Friend into
# play", 712 triggered effects created by a one-shot effect) waits in ``st["dly"]`` and is queued as a
# trigger of its controller when its moment comes (flow.step / start_turn call ``fire_delayed``):
#   turn_end (615.1, "At the end of the turn"), turn_start ("At the start of the next turn", 603),
#   own_turn_start ("at the start of your next turn"), score_end_own ("At the end of your Score Phase").
# The frame keeps "it" (the card the effect touched), the banished card to put back ("gone") and the
# tokens it made ("them").
def _op_delay(self, st, ev, fr, e) -> bool:
    st.setdefault("dly", []).append({"w": e["when"], "p": fr["p"], "src": fr["src"], "eff": list(e["effects"]),
                                     "it": fr.get("it"), "gone": fr.get("gone"), "made": list(fr.get("made") or ()),
                                     "turn": st["turn"], "lbl": e.get("lbl", "delayed effect")})
    return True


def fire_delayed(self, st, when) -> None:
    """Queue the delayed effects whose moment is ``when`` (as triggered effects, 511.7 / 712)."""
    keep, due = [], []
    for d in st.get("dly") or ():
        ok = d["w"] == when
        if ok and when in ("own_turn_start", "score_end_own"):
            ok = st["tp"] == d["p"]
        if ok and when == "turn_start":
            ok = st["turn"] > d["turn"]
        (due if ok else keep).append(d)
    st["dly"] = keep
    for d in due:
        self.queue_trigger(st, d["src"], d["p"], d["eff"], d["lbl"], extra={"it": d["it"], "gone": d["gone"], "made": d["made"]})


def _op_put_back(self, st, ev, fr, e) -> bool:
    """"put that Friend into play [frightened]": the card a delayed effect's creator banished, if it is
    still in the banished zone (410.6), at its owner's home under its owner's control."""
    g = (fr.get("x") or {}).get("gone")
    if g and g in st["cards"] and st["cards"][g].get("z") == "ban" and g in st["pl"][st["cards"][g]["o"]]["ban"]:
        o = st["cards"][g]["o"]
        nid = self.enter_play(st, ev, g, f"home{o}", o)
        self.log(ev, "enter", lambda: f"{self.name(st, nid)} is put into play")
        if e.get("frightened") and self.in_play(st, nid):
            self.frighten(st, ev, nid)
    return True


def _op_made(self, st, ev, fr, e) -> bool:
    """"banish them" / "retire them": the tokens the delayed effect's creator put into play, those still in
    play (a token leaving play ceases to exist, 521.3)."""
    for cid in (fr.get("x") or {}).get("made") or ():
        if self.in_play(st, cid):
            verb = {"banish": "banished", "retire": "retired", "dismiss": "dismissed"}[e["verb"]]
            self.leave_play(st, ev, cid, "ban" if e["verb"] == "banish" else "disc", verb=verb)
    return True


def _op_flip_mod(self, st, ev, fr, e) -> bool:
    """"Flip an additional card during faceoffs until the end of the turn" / "opponents flip 1 fewer cards
    for faceoffs until the start of your next turn" (514.3a: the first flip of each faceoff; kept per
    player in ``pl["fmod"]`` with a duration, read by flow._flip_mods, expired by Rules.expire)."""
    p = fr["p"]
    q = opponent(p) if e.get("who") == "opp" else p
    u = f"start{p}" if e.get("until") == "next_turn" else e.get("until", "turn")
    st["pl"][q].setdefault("fmod", []).append({"n": e["n"], "u": u})
    self.log(ev, "flip", lambda: f"{self.pname(st, q)} flips {abs(e['n'])} {'additional' if e['n'] > 0 else 'fewer'} "
             f"card(s) during faceoffs until the {'start of ' + self.pname(st, p) + chr(39) + 's next turn' if u.startswith('start') else 'end of the turn'}")
    return True


#: what a timed player restriction (``pl["tmr"]``) says, for the log
_RESTRICTIONS = {"no_move": "can't move their characters", "no_events": "can't play Events",
                 "no_leave": "can't have their Friends leave play",
                 "main_immediate": "may play Events with Main Phase timing as Immediate actions"}


def _op_restrict(self, st, ev, fr, e) -> bool:
    """Timed restrictions on players (104.2 "can't"): "opponents can't move their characters this turn"
    (``no_move``: the move action and their effects' moves of their own characters, Rules.move_blocked),
    "opponents can't play Events this turn" (``no_events``); also the permission ``main_immediate`` ("you may play
    Events with Main Phase timing as Immediate actions", 512.5; flow.legal); kept in ``pl["tmr"]``, expired by
    Rules.expire."""
    p = fr["p"]
    for q in ((opponent(p),) if e.get("who", "opp") == "opp" else (p,)):
        r = {"k": e["k"], "u": e.get("until", "turn")}
        if e.get("any"):
            r["any"] = True  # "opponents can't move characters": anyone's, not only their own
        st["pl"][q].setdefault("tmr", []).append(r)
        what = _RESTRICTIONS.get(e["k"], "can't play cards during faceoffs")
        self.log(ev, "restrict", lambda q=q, what=what: f"{self.pname(st, q)} {what} this turn")
    return True


def _op_self_to_deck_top(self, st, ev, fr, e) -> bool:
    """"Put this card on the top of its owner's deck": an Event while it resolves (instead of going to the
    discard pile afterwards, 304.2: it is no longer in the queue zone) or this card in play."""
    src = fr["src"]
    c = st["cards"].get(src)
    if c is None:
        return True
    nm = self.name(st, src)
    if c.get("z") == "queue":
        self.put(st, src, "deck", "top")
        self.log(ev, "deck", lambda: f"{nm} is put on top of its owner's deck")
    elif self.in_play(st, src):
        self.leave_play(st, ev, src, "deck", "top", verb="put on top of its owner's deck")
    return True


def _op_flip_power(self, st, ev, fr, e) -> bool:
    """"That card gets +5 power this faceoff": the flipped card a Reaction responds to (its power counts in
    its player's total while it is flipped, 514.4a)."""
    it = fr.get("it")
    if e.get("choose"):  # "give one of your flipped cards +3 power until the end of the faceoff"
        done, it = choose_target(self, st, fr, {"op": "flip_power", "target": {}}, list(st["pl"][fr["p"]]["flip"]) if st["fo"] else [])
        if not done:
            return False
    if st["fo"] and it in st["cards"] and st["cards"][it].get("z") == "flip":
        self.add_mod(st, it, e["n"], "faceoff")
        self.log(ev, "power", lambda: f"{self.name(st, it)} (flipped) gets {e['n']:+d} power until the end of the faceoff")
    return True


def _op_discard_sel(self, st, ev, fr, e) -> bool:
    """A cost "Discard an Event to ...": the player chooses a hand card with that type (508; with none the
    rest does not happen, 508.1d)."""
    p = fr["p"]
    cands = [o for o in st["pl"][p]["hand"] if card_filter(self, st, o, e["filter"])]
    if not cands:
        fr["i"] = len(fr["eff"])
        return False
    if fr["ch"] is None and len(cands) > 1:
        self.ask(st, p, "target", cands, "508.1", op="discard", src=fr["src"])
        return False
    cid = fr["ch"] if fr["ch"] in cands else cands[0]
    nm = self.name(st, cid)
    fr["discarded"] = self.put(st, cid, "disc")  # "the discarded card's colors"
    self.log(ev, "discard", lambda: f"{self.pname(st, p)} discards {nm}")
    self.fire_all(st, ev, "opp_discards", players=(opponent(p),))
    return True


# ------------------------------------------------------------------ cards beneath a card (Pumped, glossary "beneath")
def _beneath(self, st, host) -> list[str]:
    return [b for q in (0, 1) for b in st["pl"][q]["ban"] if st["cards"][b].get("bn") == host]


def pumped_hosts(self, st, p, mine=True, need=0) -> list[str]:
    return [o for o in st["play"] if (not mine or st["cards"][o]["c"] == p) and self.ctype(st, o) == "Friend"
            and self.kw(st, o, "Pumped") and (not need or len(_beneath(self, st, o)) >= need)]


def _op_ban_beneath(self, st, ev, fr, e) -> bool:
    """"Banish <a card> to beneath <a card>" (the banished card is beneath it: Pumped's spend, "for each card
    beneath this card"): ``what`` self (this Event as it resolves) / hand (a hand card with ``filter``,
    revealed) / deck_top (the top card of your deck) / target (a card in play, ``target``); ``host`` self / pumped
    (one of your Friends with Pumped).
    Choices in the printed order: the card, then the Friend it goes beneath (705.2f)."""
    p, src = fr["p"], fr["src"]
    k = fr.get("k") or {}
    if "card" not in k:
        what = e["what"]
        if what == "self":
            card = src if src in st["cards"] and st["cards"][src].get("z") == "queue" else None
        elif what == "deck_top":  # "banish the top card of your deck to beneath this card" (face-down: 407)
            card = st["pl"][p]["deck"][0] if st["pl"][p]["deck"] else None
        elif what == "hand":
            cands = [o for o in st["pl"][p]["hand"] if card_filter(self, st, o, e.get("filter") or {})]
            if not cands:
                return True
            if fr["ch"] is None and len(cands) > 1:
                self.ask(st, p, "target", cands, "705.2f", op="ban_beneath", src=src)
                return False
            card = fr["ch"] if fr["ch"] in cands else cands[0]
        else:
            done, card = choose_target(self, st, fr, e, target_cards(self, st, fr, e))
            if not done:
                return False
        if card is None:
            return True
        fr["k"] = k = {"card": card}
        fr["ch"] = None
    card = k["card"]
    if e.get("host") == "self":
        host = src if src in st["cards"] and self.in_play(st, src) else None
    else:
        done, host = choose_target(self, st, fr, {"op": "ban_beneath", "target": {}}, pumped_hosts(self, st, p))
        if not done:
            return False
    if host is None or card not in st["cards"]:
        return True
    nm = self.name(st, card)
    if st["cards"][card].get("z") == "play":
        nid = self.leave_play(st, ev, card, "ban", verb="banished")
    else:
        if st["cards"][card].get("z") == "hand":
            self.log(ev, "reveal", lambda: f"{self.pname(st, p)} reveals {nm} from their hand")
        nid = self.put(st, card, "ban")
    if nid and nid in st["cards"] and st["cards"][nid].get("z") == "ban":
        st["cards"][nid]["bn"] = host
        self.log(ev, "beneath", lambda: f"{nm} is banished beneath {self.name(st, host)}")
    return True


def _op_from_beneath(self, st, ev, fr, e) -> bool:
    """Cards beneath a card: ``to`` deck_top (one chosen card from beneath this card onto its owner's deck),
    disc (all cards from beneath a chosen Friend with Pumped into the discard pile), play (this card is
    dismissed and all cards beneath it are put into play at their owners' homes, 706)."""
    p, src = fr["p"], fr["src"]
    to = e["to"]
    if to == "deck_top":
        under = _beneath(self, st, src) if src in st["cards"] else []
        done, one = choose_target(self, st, fr, {"op": "from_beneath", "target": {}}, under)
        if not done or one is None:
            return done
        nm = self.name(st, one)
        self.put(st, one, "deck", "top")
        self.log(ev, "deck", lambda: f"{nm} is put from beneath {self.name(st, src)} on top of its owner's deck")
        return True
    if to == "disc":
        done, host = choose_target(self, st, fr, {"op": "from_beneath", "target": {}},
                                    pumped_hosts(self, st, p, mine=False, need=1))
        if not done or host is None:
            return done
        for b in _beneath(self, st, host):
            self.put(st, b, "disc")
        self.log(ev, "discard", lambda: f"The cards beneath {self.name(st, host)} are put into the discard pile")
        return True
    # play: "dismiss this card and put any cards beneath it into play at their owners' homes"
    if not (src in st["cards"] and self.in_play(st, src)):
        return True
    under = _beneath(self, st, src)
    self.leave_play(st, ev, src, "disc", verb="dismissed")
    for b in under:
        if b in st["cards"] and st["cards"][b].get("z") == "ban":
            st["cards"][b].pop("bn", None)
            o = st["cards"][b]["o"]
            if self.types.get(st["cards"][b]["k"]) in ("Friend", "Resource", "Troublemaker"):
                nid = self.enter_play(st, ev, b, f"home{o}", o)
                self.log(ev, "enter", lambda nid=nid: f"{self.name(st, nid)} is put into play")
    return True


def _op_spend_pumped(self, st, ev, fr, e) -> bool:
    """Cost "Spend a card from beneath one of your Friends with Pumped to give that Friend ...": choose the
    Friend (it becomes "that Friend"), then the card beneath it to put into the discard pile (glossary: spend)."""
    p = fr["p"]
    k = fr.get("k") or {}
    if "host" not in k:
        done, host = choose_target(self, st, fr, {"op": "spend", "target": {}}, pumped_hosts(self, st, p, need=1))
        if not done:
            return False
        if host is None:
            fr["i"] = len(fr["eff"])  # 508.1d
            return False
        fr["k"] = k = {"host": host}
        fr["ch"] = None
    host = k["host"]
    done, one = choose_target(self, st, fr, {"op": "spend", "target": {}}, _beneath(self, st, host))
    if not done:
        return False
    if one is None:
        fr["i"] = len(fr["eff"])
        return False
    nm = self.name(st, one)
    self.put(st, one, "disc")
    self.log(ev, "spend", lambda: f"{self.pname(st, p)} spends {nm} from beneath {self.name(st, host)}")
    fr["it"] = host
    return True


# ------------------------------------------------------------------ moves to a chosen Problem, "instead" choices
def _can_move(self, st, p, cid, to) -> bool:
    c = st["cards"][cid]
    if c["a"] == to or (to.startswith("home") and int(to[4:]) != c["c"]):
        return False  # 506.2
    if (self.statics(st, "no_move") or st["pl"][p].get("tmr") or st.get("amr") or st.get("cmr")) and self.move_blocked(st, p, cid, c["a"], to):
        return False  # 506 restrictions
    return True


def _op_here_area(self, st, ev, fr, e) -> bool:
    """"that Problem" = this card's Problem (none while it is at home)."""
    a = st["cards"][fr["src"]]["a"] if fr["src"] in st["cards"] and self.in_play(st, fr["src"]) else None
    fr["rxa"] = a if a and not a.startswith("home") else None
    return True


def _op_move_to_chosen(self, st, ev, fr, e) -> bool:
    """Move a card to the Problem chosen before (``choose_area`` / ``here_area``: fr["rxa"]): "Move a random
    Friend to that Problem" (seeded rng, among those that can go there), "Move up to 3 of your Critter Friends
    to that Problem" (optional, distinct), or this card "to a Problem where you have a Critter or Foal Friend"
    (``where_have``: the destination is chosen here)."""
    p, src = fr["p"], fr["src"]
    tgt = e["target"]
    if e.get("where_have"):
        wh = e["where_have"]
        if not (src in st["cards"] and self.in_play(st, src)):
            return True
        areas = [a for a in self.problem_areas(st) if _can_move(self, st, p, src, a) and any(
            st["cards"][o]["a"] == a and st["cards"][o]["c"] == p and self.ctype(st, o) == wh["type"]
            and set(wh["traits"]) & set(self.traits(st, o)) for o in st["play"])]
        if not areas:
            return True
        if fr["ch"] is None and len(areas) > 1:
            self.ask(st, p, "choice", areas, "506", src=src, what="area")
            return False
        to = fr["ch"] if fr["ch"] in areas else areas[0]
        self.move_card(st, ev, src, to, by=p)
        return True
    to = fr.get("rxa")
    if not to or to not in st["areas"]:
        return True
    cands = [c for c in target_cards(self, st, fr, {**e, "target": {k: v for k, v in tgt.items() if k != "random"}})
             if _can_move(self, st, p, c, to)]
    if tgt.get("random"):
        one = cands[self.rand(st, len(cands))] if cands else None
    else:
        done, one = choose_target(self, st, fr, e, cands)
        if not done:
            return False
    if one is None:
        return True
    if tgt.get("fresh"):
        fr.setdefault("picked", []).append(one)
    fr["it"] = one
    self.move_card(st, ev, one, to, by=p)
    return True


def _op_opp_moves_away(self, st, ev, fr, e) -> bool:
    """"Your opponent moves one of their Friends away from that Problem": the opponent chooses the Friend and
    the area it goes to (506; their home or another Problem)."""
    p = fr["p"]
    q = opponent(p)
    a = fr.get("rxa")
    k = fr.get("k") or {}
    if "card" not in k:
        cands = [o for o in st["play"] if st["cards"][o]["a"] == a and st["cards"][o]["c"] == q and self.ctype(st, o) == e.get("type", "Friend")
                 and any(_can_move(self, st, q, o, x) for x in st["areas"])]
        if not cands:
            return True
        if fr["ch"] is None and len(cands) > 1:
            self.ask(st, q, "target", cands, "506", op="move", src=fr["src"])
            return False
        fr["k"] = k = {"card": fr["ch"] if fr["ch"] in cands else cands[0]}
        fr["ch"] = None
    cid = k["card"]
    if not self.in_play(st, cid):
        return True
    dests = [x for x in st["areas"] if _can_move(self, st, q, cid, x)]
    if not dests:
        return True
    if fr["ch"] is None and len(dests) > 1:
        self.ask(st, q, "choice", dests, "506", src=fr["src"], what="area")
        return False
    self.move_card(st, ev, cid, fr["ch"] if fr["ch"] in dests else dests[0], by=q)
    return True


def _op_it_unless_mine(self, st, ev, fr, e) -> bool:
    """"Dismiss an opposing Troublemaker. ... If you do, gain control of that Troublemaker instead": the card
    is dismissed unless the replacement made it yours."""
    it = fr.get("it")
    if it and self.in_play(st, it) and st["cards"][it]["c"] != fr["p"]:
        self.leave_play(st, ev, it, "disc", verb={"dismiss": "dismissed"}[e["verb"]])
    return True


def _op_ban_at_it_le(self, st, ev, fr, e) -> bool:
    """"Banish each Friend at that Mane Character's Problem with power less than or equal to the power of that
    Mane Character" (the power compared as the effect resolves; nothing while it is at home)."""
    it = fr.get("it")
    if not (it and self.in_play(st, it)):
        return True
    a = st["cards"][it]["a"]
    if a.startswith("home"):
        return True
    lim = self.power(st, it) or 0
    for o in [o for o in st["play"] if st["cards"][o]["a"] == a and self.ctype(st, o) == "Friend"
              and (self.power(st, o) or 0) <= lim]:
        if self.in_play(st, o):
            self.leave_play(st, ev, o, "ban", verb="banished")
    return True


# ------------------------------------------------------------------ "any number of" (multi-select decisions)
def _op_look_sort(self, st, ev, fr, e) -> bool:
    """"Look at the top N cards of a player's deck. Put any number of them into their owner's discard pile and
    the rest back on top in any order" (``pick``: disc, ``rest``: top) / "... put any number of them back on top
    of the deck in any order, and the rest on the bottom" (``pick``: top, ``rest``: bottom).  Private look; the
    looker picks cards one at a time ("done" ends an "any number" choice, 705.2f), then orders the top."""
    p, src = fr["p"], fr["src"]
    k = fr.get("k")
    if k is None:
        whose = e.get("whose", "you")
        if whose == "choose":
            done, q = ask_player(self, st, fr, p, [0, 1])
            if not done:
                return False
            fr["ch"] = None
        elif whose == "here":  # "that Problem deck": the deck of the Problem this card is at (its owner's)
            prob = self.problem_at(st, st["cards"][src]["a"]) if src in st["cards"] and self.in_play(st, src) else None
            q = st["cards"][prob]["o"] if prob else None
        else:
            q = p if whose == "you" else opponent(p)
        if q is None:
            return True
        n = e.get("n", 1)
        if n == "colors":  # "equal to the number of colors this card has"
            n = len(self.colors(st, src)) if src in st["cards"] and self.in_play(st, src) else 0
        elif isinstance(n, dict):  # "a card ... for each of your Griffon characters"
            n = len(self.select(st, n["sel"], p, src))
        deck = st["pl"][q][e.get("deck", "deck")]
        look = list(deck[:max(n, 0)])
        fr["k"] = k = {"q": q, "look": look, "pick": [], "picking": e["pick"] != "none", "order": []}
        if look and e.get("reveal"):  # "reveal": public (404.1)
            names = ", ".join(self.db.cards[st["cards"][c]["k"]].name for c in look)
            self.log(ev, "reveal", lambda: f"{self.pname(st, p)} reveals the top {len(look)} card(s) of "
                     f"{self.pname(st, q)}'s deck: {names}")
        elif look and not ev.quiet:
            ev.add("look", f"{self.pname(st, p)} looks at the top {len(look)} card(s) of {self.pname(st, q)}'s deck", player=p)
            ev.add("look", "You see: " + ", ".join(self.db.cards[st["cards"][c]["k"]].name for c in look), to=p)
    ch = fr["ch"]
    fr["ch"] = None
    if k["picking"]:
        if ch == "done":
            k["picking"] = False
        elif ch is not None and ch in k["look"] and ch not in k["pick"]:
            k["pick"].append(ch)
        left = [c for c in k["look"] if c not in k["pick"]]
        if k["picking"] and left and len(k["pick"]) < e.get("max_pick", len(k["look"])):  # ("up to one")
            self.ask(st, p, "target", left + ["done"], "705.2f", op="look_sort", src=src, to=e["pick"])
            return False
        k["picking"] = False
        ch = None
    rest = [c for c in k["look"] if c not in k["pick"]]
    if e["rest"] == "top":  # the rest back on top in any order: the next card from the top, one at a time
        if ch is not None and ch in rest and ch not in k["order"]:
            k["order"].append(ch)
        todo = [c for c in rest if c not in k["order"]]
        if len(todo) > 1:
            self.ask(st, p, "target", todo, "705.2f", op="reorder_top", src=src)
            return False
        top, disc, bottom = k["order"] + todo, k["pick"], []
    elif e["rest"] == "bottom_any":  # the rest on the bottom in the order picked (the last one picked lowest)
        if ch is not None and ch in rest and ch not in k["order"]:
            k["order"].append(ch)
        todo = [c for c in rest if c not in k["order"]]
        if len(todo) > 1:
            self.ask(st, p, "target", todo, "705.2f", op="reorder_bottom", src=src)
            return False
        top, disc, bottom = k["pick"], [], k["order"] + todo
    else:
        top, disc, bottom = k["pick"], [], rest
    q = k["q"]
    deck = st["pl"][q][e.get("deck", "deck")]
    for c in k["look"]:
        if c in deck:
            deck.remove(c)
    for c in disc:
        st["pl"][q]["deck"].insert(0, c)  # (put takes it from the deck)
        nm = self.name(st, c)
        self.put(st, c, "disc")
        self.log(ev, "mill", lambda nm=nm: f"{nm} is put from the top of {self.pname(st, q)}'s deck into the discard pile")
    deck[0:0] = top
    deck.extend(bottom)
    self.log(ev, "deck", lambda: f"{self.pname(st, p)} puts {len(top)} card(s) back on top"
             + (f" and {len(bottom)} on the bottom" if bottom else "") + f" of {self.pname(st, q)}'s deck")
    return True


def _op_hand_hasty(self, st, ev, fr, e) -> bool:
    """"Friends in your hand have Hasty until the end of the turn" (HM142) / "This turn, Friends in your hand have
    Hasty until you play a Friend" (HM101; ``until_friend``: Rules.record_play ends it): kept in ``pl["hh"]``."""
    p = fr["p"]
    st["pl"][p]["hh"] = {"t": st["turn"], "f": bool(e.get("until_friend"))}
    self.log(ev, "grant", lambda: f"Friends in {self.pname(st, p)}'s hand have Hasty this turn"
             + (" until they play a Friend" if e.get("until_friend") else ""))
    return True


def _op_extra_turn(self, st, ev, fr, e) -> bool:
    """"Take an extra turn after this one" (ST1): flow.turn.next_turn gives the next turn to this player."""
    p = fr["p"]
    st.setdefault("xt", []).append(p)
    self.log(ev, "turn", lambda: f"{self.pname(st, p)} will take an extra turn after this one")
    return True


def hand_hasty(self, st, p) -> bool:
    """Do Friends in player ``p``'s hand have Hasty (glossary: "You may play this card as an Immediate action")?
    A grant of ``hand_hasty`` this turn, or a flipped card of theirs with "Chaos: While this card is flipped,
    Friends in your hand have Hasty" (HM142, static ``hand_hasty_flipped``)."""
    pl = st["pl"][p]
    hh = pl.get("hh")
    if hh and hh["t"] == st["turn"]:
        return True
    cards = st["cards"]
    return any(ab.get("op") == "hand_hasty_flipped" for c in pl["flip"] if c in cards
               for ab in self.db.cards[cards[c]["k"]].abilities.get("front", ()))


def _op_any_number(self, st, ev, fr, e) -> bool:
    """"<verb> any number of <cards>": one optional choice at a time ("none" ends it, 705.2f), each chosen card
    gets the inner effect (a targeted op) once, then ``then`` ("... and put them on this card", MT41).  ``pay``: each
    pick costs that many action tokens ("pay any number of action tokens to frighten a Friend for each", HM140), so
    none is offered once the player can't pay (508.1d)."""
    inner = e["effect"]
    picked = fr.setdefault("picked", [])
    if fr["ch"] is not None:
        ch = fr["ch"]
        fr["ch"] = None
        if ch == "none":
            fr.pop("picked", None)
            return True
        picked.append(ch)
        eff = ([{"op": "pay", "n": e["pay"]}] if e.get("pay") else []) + [{**inner, "target": {"id": ch}}] + list(e.get("then", ()))
        st["rq"].append({"p": fr["p"], "src": fr["src"], "eff": eff, "i": 0, "ch": None,
                         "lbl": "", "after": None, "it": fr.get("it"), "rxa": fr.get("rxa")})
        fr["i"] -= 1  # the pushed frame resolves first; then this effect asks again (resolve_step adds 1)
        return True
    cands = [c for c in target_cards(self, st, fr, inner) if c not in picked]
    if e.get("max") and len(picked) >= e["max"]:  # "up to two of your characters"
        cands = []
    if not cands or st["pl"][fr["p"]]["tok"] < e.get("pay", 0):
        fr.pop("picked", None)
        return True
    self.ask(st, fr["p"], "target", cands + ["none"], "705.2f", op=inner["op"], src=fr["src"])
    return False


def _op_disc_to_hand_other(self, st, ev, fr, e) -> bool:
    """"put another Friend from your discard pile into your hand": not the card the Reaction responds to (its id
    in the discard pile, 410.6a)."""
    p = fr["p"]
    it = fr.get("it")
    new = (fr.get("x") or {}).get("new")  # "When this card leaves play, ... another card": not this card (410.6a)
    ty = e.get("type", "Friend")
    cands = [c for c in st["pl"][p]["disc"] if c != it and c != new
             and (ty == "card" or self.types.get(st["cards"][c]["k"]) == ty)]
    done, one = choose_target(self, st, fr, {"op": "to_hand", "target": {}}, cands)
    if not done or one is None:
        return done
    nm = self.name(st, one)
    self.put(st, one, "hand")
    self.log(ev, "zone", lambda: f"{self.pname(st, p)} puts {nm} from their discard pile into their hand")
    return True


def _op_keep_retire(self, st, ev, fr, e) -> bool:
    """"Each player chooses up to 3 of their Friends and retires the rest": picks one at a time ("done" stops),
    then the others are retired together (410.2 their own cards)."""
    p = fr["p"]
    k = fr.get("k") or {"keep": []}
    fr["k"] = k
    if fr["ch"] is not None:
        if fr["ch"] != "done":
            k["keep"].append(fr["ch"])
        else:
            k["stop"] = True
        fr["ch"] = None
    mine = [o for o in st["play"] if st["cards"][o]["c"] == p and self.ctype(st, o) == e.get("type", "Friend")]
    left = [o for o in mine if o not in k["keep"]]
    if not k.get("stop") and len(k["keep"]) < e["n"] and left and len(mine) > e["n"]:
        self.ask(st, p, "target", left + ["done"], "705.2f", op="keep", src=fr["src"])
        return False
    if len(mine) <= e["n"]:
        return True  # nothing to retire
    for o in left:
        if self.in_play(st, o):
            self.leave_play(st, ev, o, "disc", verb="retired")
    return True


def _op_search_multi(self, st, ev, fr, e) -> bool:
    """"Search your deck for up to three Critter Friends with different names, reveal them, and put them into your
    hand" (518: one card at a time, "done" to stop; revealed: public, or with ``private`` seen only by its player;
    then the deck is shuffled, 518.2)."""
    p = fr["p"]
    deck = st["pl"][p]["deck"]
    k = fr.get("k") or {"got": [], "names": []}
    fr["k"] = k
    if fr["ch"] is not None:
        if fr["ch"] == "done":
            k["stop"] = True
        elif fr["ch"] in deck:
            k["names"].append(self.db.cards[st["cards"][fr["ch"]]["k"]].front.title)
            nm = self.name(st, fr["ch"])
            k["got"].append(self.put(st, fr["ch"], "hand"))
            if e.get("private"):  # no "reveal" in the text: only its player sees the card (518.1, 404.1)
                self.log(ev, "search", lambda: f"{self.pname(st, p)} searches their deck and puts a card into their hand")
                self.log(ev, "search", lambda: f"You put {nm} into your hand", to=p)
            else:
                self.log(ev, "search", lambda: f"{self.pname(st, p)} reveals {nm} and puts it into their hand")
        fr["ch"] = None
    cands = [c for c in deck if card_filter(self, st, c, e.get("filter") or {})
             and not (e.get("distinct_names") and self.db.cards[st["cards"][c]["k"]].front.title in k["names"])]
    if not k.get("stop") and len(k["got"]) < e["n"] and cands:
        if not k.get("looked") and not ev.quiet:
            k["looked"] = True
            ev.add("search", f"{self.pname(st, p)} searches their deck", player=p)
        self.ask(st, p, "target", cands + ["done"], "518.1", op="search", src=fr["src"])
        return False
    self.shuffle(st, deck)  # 518.2
    self.log(ev, "shuffle", lambda: f"{self.pname(st, p)} shuffles their deck")
    return True


def _op_next_defeat_bonus(self, st, ev, fr, e) -> bool:
    """"The next time you defeat a Troublemaker this turn, score an additional point" (a delayed one-shot bonus,
    used by defeat_bonus)."""
    st["pl"][fr["p"]]["ndb"] = [st["turn"], e.get("n", 1)]
    return True


def defeat_bonus(self, st, ev, p) -> None:
    """Called as ``p`` defeats a Troublemaker (514.5a)."""
    b = st["pl"][p].pop("ndb", None)
    if b and b[0] == st["turn"]:
        self.score(st, ev, p, b[1], "(an additional point for the next Troublemaker defeated this turn)")


def _op_flip_tm(self, st, ev, fr, e) -> bool:
    """"Turn over a face-up or face-down Troublemaker. (This does not cover or uncover it.)": face-up becomes
    face-down (505.3: a new card, modifiers and counters end), face-down becomes face-up without uncovering
    (no "when uncovered" triggers, 607.3)."""
    cands = [o for o in st["play"] if self.types.get(st["cards"][o]["k"]) == TM]
    done, one = choose_target(self, st, fr, {"op": "flip_tm", "target": {}}, cands)
    if not done or one is None:
        return done
    c = st["cards"][one]
    if c.get("fd"):
        self.turn_tm_face_up(st, ev, one, restamp=False)
    else:
        c["fd"] = True
        c["cn"] = {}
        st["mods"] = [m for m in st["mods"] if m["t"] != one]
        self.log(ev, "face_down", "A Troublemaker is turned face-down")
    st["dy"] = 1
    return True


def _op_area_restrict(self, st, ev, fr, e) -> bool:
    """"Characters can't be moved [or played] to that Problem until the end of the turn" (104.2; ``st["amr"]``,
    read by Rules.move_blocked and the play actions; ``area``: there = the Reaction's card's area, here = this
    card's area)."""
    if e.get("area") == "there":
        a = fr.get("rxa")
    else:
        a = st["cards"][fr["src"]]["a"] if fr["src"] in st["cards"] and self.in_play(st, fr["src"]) else None
    if a and not a.startswith("home"):
        st.setdefault("amr", []).append({"a": a, "play": bool(e.get("play")), "u": "turn"})
        self.log(ev, "restrict", lambda: f"Characters can't be moved{' or played' if e.get('play') else ''} to "
                 f"{self.area_name(st, a)} this turn")
    return True


def _op_reveal_random_hand(self, st, ev, fr, e) -> bool:
    """"have an opponent reveal a random card from their hand" (the seeded rng; the card is shown to all)."""
    q = opponent(fr["p"])
    hand = st["pl"][q]["hand"]
    if hand:
        c = hand[self.rand(st, len(hand))]
        nm = self.name(st, c)
        self.log(ev, "reveal", lambda: f"{self.pname(st, q)} reveals {nm} (a random card from their hand)")
    return True


def _op_reveal_n(self, st, ev, fr, e) -> bool:
    """Reveal the top N cards of your deck (public): ``pick_n`` 1 (a chosen revealed card with ``pick``'s type into
    the hand, optional with ``may``) or "each" (every such card); the rest: disc (discard pile), bottom (bottom of
    the deck), top_any / bottom_any (back on top / on the bottom in the order chosen, one card at a time)."""
    p, src = fr["p"], fr["src"]
    deck = st["pl"][p]["deck"]
    k = fr.get("k")
    if k is None:
        n = e["n"]
        if n == "colors":
            n = len(self.colors(st, src)) if src in st["cards"] and self.in_play(st, src) else 0
        elif n == "involved":  # "equal to the number of their characters involved in the faceoff"
            n = sum(1 for o in st["play"] if st["cards"][o]["c"] == p and self.is_char(st, o) and self.involved(st, o))
        rev = list(deck[:max(n, 0)])
        fr["k"] = k = {"rev": rev, "picked": None, "order": []}
        if rev:
            self.log(ev, "reveal", lambda: f"{self.pname(st, p)} reveals " + ", ".join(self.name(st, c) for c in rev))
    rev = k["rev"]
    fits = [c for c in rev if card_filter(self, st, c, e["pick"])]
    if e["pick_n"] == "each":
        take = fits
    else:
        if k["picked"] is None:
            if fr["ch"] is not None:
                k["picked"] = fr["ch"]
                fr["ch"] = None
            elif fits and (len(fits) > 1 or e.get("may")):
                self.ask(st, p, "target", fits + (["none"] if e.get("may") else []), "705.2f", op="reveal_n", src=src)
                return False
            else:
                k["picked"] = fits[0] if fits else "none"
        take = [k["picked"]] if k["picked"] in rev else []
    rest = [c for c in rev if c not in take]
    if e["rest"] in ("top_any", "bottom_any"):  # "in any order": the player picks the next card, one at a time
        if fr["ch"] is not None and fr["ch"] in rest and fr["ch"] not in k["order"]:
            k["order"].append(fr["ch"])
            fr["ch"] = None
        todo = [c for c in rest if c not in k["order"]]
        if len(todo) > 1:
            self.ask(st, p, "target", todo, "705.2f", op="reorder_" + e["rest"][:-4], src=src)
            return False
        rest = k["order"] + todo
    for c in take:
        nm = self.name(st, c)
        self.put(st, c, "hand")
        self.log(ev, "zone", lambda nm=nm: f"{self.pname(st, p)} puts the revealed {nm} into their hand")
    for c in rest:
        if c in deck:
            deck.remove(c)
    if e["rest"] == "disc":
        for c in rest:
            deck.insert(0, c)
            self.put(st, c, "disc")
    elif e["rest"] in ("bottom", "bottom_any"):  # bottom_any: the first picked highest, as look_sort
        deck.extend(rest)
    else:
        deck[0:0] = rest
    return True


def _op_remove_counter_sel(self, st, ev, fr, e) -> bool:
    """Cost "remove a +1 power counter from one of your cards" (519; the player picks the card)."""
    p = fr["p"]
    cands = [o for o in st["play"] if st["cards"][o]["c"] == p and st["cards"][o].get("cn", {}).get("+1")
             and self.matches(st, o, e["sel"], p, fr["src"])]
    done, one = choose_target(self, st, fr, {"op": "remove_counter", "target": {}}, cands, "508.1")
    if not done:
        return False
    if one is None:
        fr["i"] = len(fr["eff"])
        return False
    st["cards"][one]["cn"]["+1"] -= 1
    self.log(ev, "counters", lambda: f"A +1 power counter is removed from {self.name(st, one)}")
    if e.get("mark"):  # "If you do, that Friend ...": later effects act on it
        fr["it"] = one
    return True


def _op_counters_onto_it(self, st, ev, fr, e) -> bool:
    """"redistribute any number of +1 power counters on your characters onto one of your Friends": after that Friend
    was chosen (mark), one counter at a time from another of your characters ("none" ends, 705.2f)."""
    p = fr["p"]
    it = fr.get("it")
    if not (it and self.in_play(st, it)):
        return True
    if fr["ch"] is not None:
        ch = fr["ch"]
        fr["ch"] = None
        if ch == "none":
            return True
        if self.in_play(st, ch) and st["cards"][ch]["cn"].get("+1"):
            st["cards"][ch]["cn"]["+1"] -= 1
            cn = st["cards"][it]["cn"]
            cn["+1"] = cn.get("+1", 0) + 1
            self.log(ev, "counters", lambda: f"A +1 power counter moves from {self.name(st, ch)} to {self.name(st, it)}")
    cands = [o for o in st["play"] if o != it and st["cards"][o]["c"] == p and self.is_char(st, o)
             and st["cards"][o].get("cn", {}).get("+1")]
    if not cands:
        return True
    self.ask(st, p, "target", cands + ["none"], "705.2f", op="counters", src=fr["src"])
    return False


# ------------------------------------------------------------------ assorted Event ops
def _op_flipped_to_hand(self, st, ev, fr, e) -> bool:
    """"put one of the cards you flipped for the faceoff into your hand" (409: it leaves the flip zone).
    ``each``: "if you would put a flipped Event on the bottom of your deck, you may put it into your hand
    instead" -- every such card, each one optional (712.3): one pick at a time, "none" ends."""
    p = fr["p"]
    flips = list(st["pl"][p]["flip"])
    if e.get("type"):  # "one of your flipped Troublemakers"
        flips = [c for c in flips if self.types.get(st["cards"][c]["k"]) == e["type"]]
    if e.get("trait"):  # "one of them" of "flipped Changeling Friends" (printed traits, 409)
        flips = [c for c in flips if e["trait"] in self.ff[st["cards"][c]["k"]].traits]
    tgt = {"optional": True} if e.get("each") else {}
    done, one = choose_target(self, st, fr, {"op": "flipped_to_hand", "target": tgt}, flips)
    if not done or one is None:
        return done
    nm = self.name(st, one)
    self.put(st, one, "hand")
    if st["fo"] and one in st["fo"].get("ign", ()):
        st["fo"]["ign"].remove(one)
    self.log(ev, "zone", lambda: f"{self.pname(st, p)} puts {nm} (flipped) into their hand")
    if e.get("each") and len(flips) > 1:
        fr["ch"] = None
        fr["i"] -= 1  # ask again for the others (resolve_step adds 1)
    return True


def _op_name_disc_to_deck(self, st, ev, fr, e) -> bool:
    """"name a card, put all cards in your discard pile with that name on top of your deck, and shuffle your deck":
    the names offered are those in the discard pile (naming another card would move nothing)."""
    p = fr["p"]
    disc = st["pl"][p]["disc"]
    names = sorted({self.db.cards[st["cards"][c]["k"]].name for c in disc})
    if not names:
        self.shuffle(st, st["pl"][p]["deck"])
        return True
    if fr["ch"] is None:
        self.ask(st, p, "choice", names, "705.2f", src=fr["src"], what="name")
        return False
    nm = fr["ch"]
    for c in [c for c in disc if self.db.cards[st["cards"][c]["k"]].name == nm]:
        self.put(st, c, "deck", "top")
    self.shuffle(st, st["pl"][p]["deck"])
    self.log(ev, "deck", lambda: f"{self.pname(st, p)} names {nm}, puts those cards from their discard pile on top of their "
             "deck and shuffles it")
    return True


def _op_parity_guess(self, st, ev, fr, e) -> bool:
    """"Choose odd or even and then reveal the top card of your deck. If that card's printed power matches your choice,
    gain [1] and draw a card. Otherwise, draw a card. (0 counts as even.)" (a public reveal; it stays on top, then
    it is drawn)."""
    p = fr["p"]
    if fr["ch"] is None:
        self.ask(st, p, "choice", ["odd", "even"], "705.2f", src=fr["src"], what="parity")
        return False
    guess = fr["ch"]
    deck = st["pl"][p]["deck"]
    ok = False
    if deck:
        pp = self.printed_power(st, deck[0]) or 0
        ok = (pp % 2 == 0) == (guess == "even")
        nm = self.name(st, deck[0])
        self.log(ev, "reveal", lambda: f"{self.pname(st, p)} chooses {guess} and reveals {nm} ({pp})")
    if ok:
        st["pl"][p]["tok"] += e.get("gain", 1)
        self.log(ev, "tokens", lambda: f"{self.pname(st, p)} gains {e.get('gain', 1)} action token(s)")
    self.draw(st, ev, p, 1)
    return True


def _op_two_from_discards(self, st, ev, fr, e) -> bool:
    """"Choose two cards in discard piles. Banish one and put the other into its owner's hand." (two picks, then
    which one is banished)."""
    p = fr["p"]
    k = fr.get("k") or {"two": []}
    fr["k"] = k
    if fr["ch"] is not None:
        ch = fr["ch"]
        fr["ch"] = None
        if len(k["two"]) < 2:
            k["two"].append(ch)
        else:
            k["ban"] = ch
    cands = [c for q in (p, opponent(p)) for c in st["pl"][q]["disc"] if c not in k["two"]]
    if len(k["two"]) < 2 and cands:
        self.ask(st, p, "target", cands, "705.2f", op="choose_discard", src=fr["src"])
        return False
    two = [c for c in k["two"] if c in st["cards"]]
    if not two:
        return True
    if "ban" not in k:
        if len(two) == 1:
            k["ban"] = two[0]
        else:
            self.ask(st, p, "target", two, "705.2f", op="banish", src=fr["src"])
            return False
    for c in two:
        nm = self.name(st, c)
        if c == k["ban"]:
            self.put(st, c, "ban")
            self.log(ev, "banish", lambda nm=nm: f"{nm} is banished from a discard pile")
        else:
            self.put(st, c, "hand")
            self.log(ev, "zone", lambda nm=nm: f"{nm} is put into its owner's hand from a discard pile")
    return True


def _op_opponent_picks_one_of_two(self, st, ev, fr, e) -> bool:
    """"Choose 2 [Generosity] Friends from your discard pile. An opponent chooses 1 to put into your hand. You may
    put the other into play at your home." (the discard pile is public, 406; with fewer than 2 such cards there is
    nothing to choose; 705.2f: each player makes the choice the text gives them)."""
    p = fr["p"]
    k = fr.setdefault("k", {"two": []})
    if fr["ch"] is not None:
        ch, fr["ch"] = fr["ch"], None
        if len(k["two"]) < 2:
            k["two"].append(ch)
        elif "hand" not in k:
            k["hand"] = ch
        else:
            k["play"] = ch
    cands = [c for c in st["pl"][p]["disc"] if card_filter(self, st, c, e["filter"]) and c not in k["two"]]
    if len(k["two"]) < 2:
        if len(cands) + len(k["two"]) < 2:
            return True
        self.ask(st, p, "target", cands, "705.2f", op="choose_discard", src=fr["src"])
        return False
    if "hand" not in k:
        self.ask(st, opponent(p), "target", list(k["two"]), "705.2f", op="to_hand", src=fr["src"])
        return False
    other = next(c for c in k["two"] if c != k["hand"])
    if "play" not in k:
        nm_h = self.name(st, k["hand"])
        self.put(st, k["hand"], "hand")
        self.log(ev, "zone", lambda: f"{nm_h} is put into its owner's hand from the discard pile")
        self.ask(st, p, "may", [True, False], "712.3", src=fr["src"], text="put into play")
        return False
    if k["play"] and other in st["pl"][p]["disc"]:
        nid = self.enter_play(st, ev, other, f"home{p}", p)
        self.log(ev, "enter", lambda: f"{self.name(st, nid)} is put into play from the discard pile")
    return True


def _op_copy_counter(self, st, ev, fr, e) -> bool:
    """"Choose a counter on one of your ready cards. Put another counter of the same type on that card." (519)"""
    p = fr["p"]
    k = fr.get("k") or {}
    fr["k"] = k
    if "card" not in k:
        cands = [o for o in st["play"] if st["cards"][o]["c"] == p and not st["cards"][o].get("ex")
                 and any(v > 0 for v in st["cards"][o].get("cn", {}).values())]
        done, one = choose_target(self, st, fr, {"op": "counters", "target": {}}, cands)
        if not done or one is None:
            return done
        k["card"] = one
        fr["ch"] = None
    cid = k["card"]
    kinds = sorted(t for t, v in st["cards"][cid]["cn"].items() if v > 0)
    if not kinds:
        return True
    if fr["ch"] is None and len(kinds) > 1:
        self.ask(st, p, "choice", kinds, "705.2f", src=fr["src"], what="counter")
        return False
    kind = fr["ch"] if fr["ch"] in kinds else kinds[0]
    st["cards"][cid]["cn"][kind] += 1
    self.log(ev, "counters", lambda: f"{self.name(st, cid)} gets another {kind} counter")
    if kind == "+1":
        self.watch(st, ev, "w_counter", cid, {"by": p})
    return True


def _op_up_to_colors(self, st, ev, fr, e) -> bool:
    """"... a number of opposing Friends up to the number of colors that Friend has" (the Friend paid as the cost;
    optional distinct picks, counted as the effect resolves)."""
    paid = fr.get("paid_card")
    n = len(self.colors(st, paid)) if paid and paid in st["cards"] and self.in_play(st, paid) else 0
    inner = e["effect"]
    tg = {**inner["target"], "optional": True, "fresh": True}
    if n:
        fr["i"] += 1
        st["rq"].append({"p": fr["p"], "src": fr["src"], "eff": [{**inner, "target": dict(tg)} for _ in range(n)], "i": 0,
                         "ch": None, "lbl": "", "after": None})
        fr["i"] -= 1
    return True


def _op_dismiss_tokens(self, st, ev, fr, e) -> bool:
    """"Dismiss a Friend or Resource. That card's controller may put a number of 1 [Kindness] Critter Friend tokens
    equal to that card's cost into play under their control." (the controller decides, 712.3)."""
    p = fr["p"]
    k = fr.get("k") or {}
    fr["k"] = k
    if "q" not in k:
        cands = target_cards(self, st, fr, {"op": "dismiss", "target": {"type": "card", "types": ["Friend", "Resource"]}})
        done, one = choose_target(self, st, fr, {"op": "dismiss", "target": {}}, cands)
        if not done or one is None:
            return done
        k["q"] = st["cards"][one]["c"]
        k["n"] = 0 if st["cards"][one].get("t") else (self.face(st, one).cost or 0)
        self.leave_play(st, ev, one, "disc", verb="dismissed")
        fr["ch"] = None
        if not k["n"]:
            return True
        self.ask(st, k["q"], "may", [True, False], "712.3", src=fr["src"], text=f"put {k['n']} Critter token(s) into play")
        return False
    if fr["ch"]:
        q = k["q"]
        for _ in range(k["n"]):
            st["rq"].append({"p": q, "src": fr["src"], "eff": [{"op": "token", "power": 1, "color": e["color"], "traits": [e["trait"]],
                                                                "at": "home"}], "i": 0, "ch": None, "lbl": "", "after": None})
    return True


# ------------------------------------------------------------------ conditions (Rules._cond, resolve's "if")
def _cond_chars_here_min(self, st, src, cond) -> bool:
    """"While this card is at a Problem with 2 or more other characters" (any player's)."""
    c = st["cards"][src]
    if not c["a"].startswith(("prob", "dil")):
        return False
    return sum(1 for o in st["play"] if o != src and st["cards"][o]["a"] == c["a"] and self.is_char(st, o)) >= cond["n"]


def _cond_over_home_limit(self, st, src, cond) -> bool:
    """"if you have Friends at home in excess of your home limit" (212, 616.3)."""
    p = st["cards"][src]["c"]
    n = sum(1 for o in st["play"] if st["cards"][o]["c"] == p and st["cards"][o]["a"] == f"home{p}" and self.ctype(st, o) == "Friend")
    return n > self.home_limit(st, p)


def _cond_lowest_here(self, st, src, cond) -> bool:
    """"While this card has lower power than any other Friends here" (at least one other Friend here)."""
    c = st["cards"][src]
    others = [o for o in st["play"] if o != src and st["cards"][o]["a"] == c["a"] and self.ctype(st, o) == "Friend"]
    pw = self.power(st, src) or 0
    return bool(others) and all((self.power(st, o) or 0) > pw for o in others)


def _cond_different_powers(self, st, src, cond) -> bool:
    """"If you control 3 or more characters with different power": N distinct powers among them (507; a frightened
    or face-down card has none)."""
    p = st["cards"][src]["c"]
    pws = {self.power(st, o) for o in st["play"] if st["cards"][o]["c"] == p and self.is_char(st, o)}
    return len(pws - {None}) >= cond["n"]


def _cond_can_pay_hand_minus(self, st, src, cond) -> bool:
    """"Pay [X] ..., where X is the number of cards in your hand minus 1": only while it can be paid (508.1d)."""
    pl = st["pl"][st["cards"][src]["c"]]
    return pl["tok"] >= max(len(pl["hand"]) - cond["n"], 0)


def _cond_any_faceoff(self, st, src, cond) -> bool:
    """"to end a faceoff": while any faceoff is being played (514), whoever is involved."""
    return bool(st["fo"])


def _cond_won_faceoff_turn(self, st, src, cond) -> bool:
    """"If you won a faceoff this turn" (any faceoff, 514.5)."""
    return st["pl"][st["cards"][src]["c"]].get("wonf") == st["turn"]


CARD_CONDS = {"chars_here_min": _cond_chars_here_min, "over_home_limit": _cond_over_home_limit, "lowest_here": _cond_lowest_here,
              "different_powers": _cond_different_powers, "won_faceoff_turn": _cond_won_faceoff_turn,
              "any_faceoff": _cond_any_faceoff, "can_pay_hand_minus": _cond_can_pay_hand_minus}


def _if_over_home_limit(self, st, fr, cond) -> bool:
    return fr["src"] in st["cards"] and self.in_play(st, fr["src"]) and _cond_over_home_limit(self, st, fr["src"], cond)


def _if_it_trait(self, st, fr, cond) -> bool:
    """"If that character is an Earth Pony" (the card chosen before)."""
    it = fr.get("it")
    return bool(it and self.in_play(st, it) and cond["trait"] in self.traits(st, it))


def _op_remove_any_counter(self, st, ev, fr, e) -> bool:
    """Cost "Remove a counter from one of your ready characters" (any type, 519): the card, then the counter type
    when it has several; later "If you remove the counter from a Dragon" / "If the counter is a Postage counter"
    read ``rc`` / ``rct``."""
    p = fr["p"]
    k = fr.get("k") or {}
    fr["k"] = k
    if "card" not in k:
        cands = [o for o in st["play"] if st["cards"][o]["c"] == p and any(v > 0 for v in st["cards"][o].get("cn", {}).values())
                 and self.matches(st, o, e["sel"], p, fr["src"])]
        done, one = choose_target(self, st, fr, {"op": "remove_counter", "target": {}}, cands, "508.1")
        if not done:
            return False
        if one is None:
            fr["i"] = len(fr["eff"])
            return False
        k["card"] = one
        fr["ch"] = None
    cid = k["card"]
    kinds = sorted(t for t, v in st["cards"][cid]["cn"].items() if v > 0)
    if not kinds:
        fr["i"] = len(fr["eff"])
        return False
    if fr["ch"] is None and len(kinds) > 1:
        self.ask(st, p, "choice", kinds, "508.1", src=fr["src"], what="counter")
        return False
    kind = fr["ch"] if fr["ch"] in kinds else kinds[0]
    st["cards"][cid]["cn"][kind] -= 1
    fr["rc"], fr["rct"] = cid, kind
    self.log(ev, "counters", lambda: f"A {kind} counter is removed from {self.name(st, cid)}")
    return True


def _op_retire_count(self, st, ev, fr, e) -> bool:
    """"As an additional cost to play this card, retire any number of Friends. Draw cards equal to the number of Friends
    retired this way, and an opponent discards that many cards." (one optional pick at a time; 410.2 your own)."""
    p = fr["p"]
    k = fr.get("k") or {"n": 0}
    fr["k"] = k
    if fr["ch"] is not None:
        ch = fr["ch"]
        fr["ch"] = None
        if ch == "none":
            k["stop"] = True
        elif self.in_play(st, ch):
            if self.leave_play(st, ev, ch, "disc", verb="retired", cost=True) is not None:
                k["n"] += 1
    cands = [o for o in st["play"] if st["cards"][o]["c"] == p and self.ctype(st, o) == "Friend"]
    if not k.get("stop") and cands:
        self.ask(st, p, "target", cands + ["none"], "508.1", op="retire", src=fr["src"])
        return False
    n = k["n"]
    if n:
        fr["i"] += 1
        st["rq"].append({"p": p, "src": fr["src"], "eff": [{"op": "draw", "n": n, "who": "you"},
                                                          {"op": "discard", "n": n, "who": "opponent"}],
                         "i": 0, "ch": None, "lbl": "", "after": None})
        fr["i"] -= 1
    return True


def _op_confronted_score(self, st, ev, fr, e) -> bool:
    """"Choose a Problem you confronted this turn. If there are no opposing Friends at that Problem, score a point."
    (the turn's confronts, ``st["cft"]``)."""
    p = fr["p"]
    cf = st.get("cft")
    if p != st["tp"] or not cf or cf[0] != st["turn"]:
        return True
    areas = [st["cards"][pid]["a"] for pid in cf[1] if pid and pid in st["cards"] and self.in_play(st, pid)]
    areas = list(dict.fromkeys(areas))
    if not areas:
        return True
    if fr["ch"] is None and len(areas) > 1:
        self.ask(st, p, "choice", areas, "705.2f", src=fr["src"], what="area")
        return False
    a = fr["ch"] if fr["ch"] in areas else areas[0]
    if not any(st["cards"][o]["a"] == a and st["cards"][o]["c"] != p and self.ctype(st, o) == "Friend" for o in st["play"]):
        self.score(st, ev, p, 1, "(no opposing Friends at a Problem confronted this turn)")
    return True


def _op_swap_self(self, st, ev, fr, e) -> bool:
    """"exchange control of this card and an opposing Resource" / "gain control of an opponent's non-attachment
    Resource. That opponent gains control of this card." (513.2, for the rest of the game); ``no_ready``: this card
    does not ready during its controller's next Ready Phase (603.1)."""
    p, src = fr["p"], fr["src"]
    if not (src in st["cards"] and self.in_play(st, src)):
        return True
    cands = [c for c in target_cards(self, st, fr, {"op": "gain_control", "target": e["theirs"]}) if c != src
             and not (e.get("unattached") and st["cards"][c].get("h"))]
    done, one = choose_target(self, st, fr, {"op": "gain_control", "target": {}}, cands)
    if not done or one is None:
        return done
    q = st["cards"][one]["c"]
    st["cards"][one]["c"] = p
    st["cards"][src]["c"] = q
    for cid, new in ((one, p), (src, q)):
        c = st["cards"][cid]
        if c["a"].startswith("home") and not c.get("h"):
            c["a"] = f"home{new}"  # a Resource at home stays at its controller's home (else 511.6 as the engine reads it)
    st["dy"] = 1
    if e.get("no_ready"):
        st["cards"][src]["nr"] = True
    self.log(ev, "control", lambda: f"{self.pname(st, p)} gains control of {self.name(st, one)}; {self.pname(st, q)} gains control of "
             f"{self.name(st, src)}")
    return True


def _op_name_type_discard(self, st, ev, fr, e) -> bool:
    """"name a card type and an opponent reveals their hand and discards a card with that type" (the opponent
    chooses which card of that type)."""
    p = fr["p"]
    q = opponent(p)
    k = fr.get("k") or {}
    fr["k"] = k
    if "type" not in k:
        if fr["ch"] is None:
            self.ask(st, p, "choice", ["Friend", "Event", "Resource", "Troublemaker"], "705.2f", src=fr["src"], what="type")
            return False
        k["type"] = fr["ch"]
        fr["ch"] = None
        hand = st["pl"][q]["hand"]
        self.log(ev, "reveal", lambda: f"{self.pname(st, p)} names {k['type']}; {self.pname(st, q)} reveals their hand: "
                 + (", ".join(self.name(st, c) for c in hand) or "no cards"))
    cands = [c for c in st["pl"][q]["hand"] if self.types.get(st["cards"][c]["k"]) == k["type"]]
    if not cands:
        return True
    if fr["ch"] is None and len(cands) > 1:
        self.ask(st, q, "target", cands, "705.2f", op="discard", src=fr["src"])
        return False
    cid = fr["ch"] if fr["ch"] in cands else cands[0]
    nm = self.name(st, cid)
    self.put(st, cid, "disc")
    self.log(ev, "discard", lambda: f"{self.pname(st, q)} discards {nm}")
    self.fire_all(st, ev, "opp_discards", players=(p,))
    return True


def _op_join_faceoff(self, st, ev, fr, e) -> bool:
    """"this card becomes involved in the faceoff" (514.2d.i: flagged, it stays involved)."""
    src = fr["src"]
    if st["fo"] and src in st["cards"] and self.in_play(st, src) and not self.involved(st, src):
        st["fo"].setdefault("xinv", []).append(src)
        self.log(ev, "faceoff", lambda: f"{self.name(st, src)} becomes involved in the faceoff")
    return True


def _op_disc_into_faceoff(self, st, ev, fr, e) -> bool:
    """"Choose a Friend in your discard pile. Put it into play at a Problem where a faceoff is being resolved. At the
    end of the faceoff, banish that Friend." (706; it is involved as a character there, 514.2b)."""
    p = fr["p"]
    fo = st["fo"]
    if not fo:
        return True
    k = fr.get("k") or {}
    fr["k"] = k
    if "card" not in k:
        cands = [c for c in st["pl"][p]["disc"] if self.types.get(st["cards"][c]["k"]) == "Friend"]
        done, one = choose_target(self, st, fr, {"op": "put_into_play", "target": {}}, cands)
        if not done or one is None:
            return done
        k["card"] = one
        fr["ch"] = None
    areas = [a for a in fo["areas"] if a in st["areas"] and not a.startswith("home")]
    if not areas:
        return True
    if fr["ch"] is None and len(areas) > 1:
        self.ask(st, p, "choice", areas, "705.2f", src=fr["src"], what="area")
        return False
    a = fr["ch"] if fr["ch"] in areas else areas[0]
    nid = self.enter_play(st, ev, k["card"], a, p)
    self.log(ev, "enter", lambda: f"{self.name(st, nid)} is put into play at {self.area_name(st, a)}")
    if fo.get("type") in ("tm", "effect") and not self.involved(st, nid):
        fo.setdefault("xinv", []).append(nid)  # "where a faceoff is being resolved": it is in that faceoff
    fo.setdefault("end_fx", []).append({"p": p, "src": fr["src"], "eff": [{"op": "banish", "target": {"id": nid}}]})
    return True


def _op_colors_of_discarded(self, st, ev, fr, e) -> bool:
    """"give this card the discarded card's colors until the end of the turn" (the card the cost discarded)."""
    d = fr.get("discarded")
    src = fr["src"]
    if d and d in st["cards"] and src in st["cards"] and self.in_play(st, src):
        for col in self.db.cards[st["cards"][d]["k"]].front.colors:
            self.add_mod(st, src, 0, "turn", col=col)
        self.log(ev, "color", lambda: f"{self.name(st, src)} has the colors of {self.name(st, d)} until the end of the turn")
    return True


def _op_search_deck_or_disc(self, st, ev, fr, e) -> bool:
    """"search your deck or discard pile for an Accessory, reveal it, and put it into your hand" (518; a deck searched
    is shuffled, 518.2)."""
    p = fr["p"]
    pl = st["pl"][p]
    cands = [c for z in ("deck", "disc") for c in pl[z] if card_filter(self, st, c, e["filter"])]
    if fr["ch"] is None and cands:
        self.ask(st, p, "target", cands + ["none"], "518.1", op="search", src=fr["src"])
        return False
    ch = fr["ch"]
    if ch in cands:
        nm = self.name(st, ch)
        self.put(st, ch, "hand")
        self.log(ev, "search", lambda: f"{self.pname(st, p)} reveals {nm} and puts it into their hand")
    self.shuffle(st, pl["deck"])
    return True


def _op_reveal_until_friend(self, st, ev, fr, e) -> bool:
    """"Reveal cards from the top of an opponent's deck until you reveal a Friend. Put that Friend into play under your
    control, then that opponent shuffles their deck." (public reveal; the others stay in the deck, then shuffled)."""
    p = fr["p"]
    q = opponent(p)
    deck = st["pl"][q]["deck"]
    shown = []
    for c in list(deck):
        shown.append(self.name(st, c))
        if self.types.get(st["cards"][c]["k"]) == "Friend":
            self.log(ev, "reveal", lambda: f"{self.pname(st, p)} reveals " + ", ".join(shown) + f" from {self.pname(st, q)}'s deck")
            nid = self.enter_play(st, ev, c, f"home{p}", p)
            self.log(ev, "enter", lambda: f"{self.name(st, nid)} is put into play under {self.pname(st, p)}'s control")
            break
    else:
        if shown:
            self.log(ev, "reveal", lambda: f"{self.pname(st, p)} reveals {self.pname(st, q)}'s whole deck: no Friend")
    self.shuffle(st, deck)
    return True


def _op_friends_from_opponents_discard(self, st, ev, fr, e) -> bool:
    """"Each player chooses a Friend card in their opponent's discard pile. The owners of each of those Friends may put
    them into play." (the turn player chooses first, 801.1; each owner decides for their card, 712.3)."""
    k = fr.get("k") or {"picks": {}, "asked": []}
    fr["k"] = k
    order = [st["tp"], opponent(st["tp"])]
    for chooser in order:
        if str(chooser) in k["picks"]:
            continue
        cands = [c for c in st["pl"][opponent(chooser)]["disc"] if self.types.get(st["cards"][c]["k"]) == "Friend"]
        if fr["ch"] is not None and k.get("who") == chooser:
            k["picks"][str(chooser)] = fr["ch"]
            fr["ch"] = None
            continue
        if not cands:
            k["picks"][str(chooser)] = None
            continue
        if len(cands) == 1:
            k["picks"][str(chooser)] = cands[0]
            continue
        k["who"] = chooser
        self.ask(st, chooser, "target", cands, "705.2f", op="choose_discard", src=fr["src"])
        return False
    for chooser in order:  # the owner of each chosen Friend (the other player) may put it into play
        cid = k["picks"].get(str(chooser))
        owner = opponent(chooser)
        if not cid or cid not in st["cards"] or str(owner) in k["asked"]:
            continue
        if fr["ch"] is None:
            k["who"] = owner
            self.ask(st, owner, "may", [True, False], "712.3", src=fr["src"], text=f"put {self.name(st, cid)} into play")
            return False
        k["asked"].append(str(owner))
        yes, fr["ch"] = fr["ch"], None
        if yes and st["cards"][cid].get("z") == "disc":
            nid = self.enter_play(st, ev, cid, f"home{owner}", owner)
            self.log(ev, "enter", lambda nid=nid: f"{self.name(st, nid)} is put into play")
    return True


def _op_ban_disc_add_power(self, st, ev, fr, e) -> bool:
    """"Banish a Friend from a discard pile. Add that Friend's power to one of your Friends involved in the faceoff until
    the end of the faceoff." (its printed power: a card outside play, 507)."""
    p = fr["p"]
    k = fr.get("k") or {}
    fr["k"] = k
    if "n" not in k:
        cands = [c for q in (p, opponent(p)) for c in st["pl"][q]["disc"] if self.types.get(st["cards"][c]["k"]) == "Friend"]
        done, one = choose_target(self, st, fr, {"op": "banish", "target": {}}, cands, "410.5")
        if not done or one is None:
            return done
        k["n"] = self.db.cards[st["cards"][one]["k"]].front.power or 0
        nm = self.name(st, one)
        self.put(st, one, "ban")
        self.log(ev, "banish", lambda: f"{self.pname(st, p)} banishes {nm} from a discard pile")
        fr["ch"] = None
    cands = target_cards(self, st, fr, {"op": "power", "target": {"type": "Friend", "ctrl": "you", "at": "faceoff"}})
    done, one = choose_target(self, st, fr, {"op": "power", "target": {}}, cands)
    if not done or one is None:
        return done
    self.add_mod(st, one, k["n"], "faceoff")
    self.log(ev, "power", lambda: f"{self.name(st, one)} gets {k['n']:+d} power until the end of the faceoff")
    return True


def _op_reveal_then_move(self, st, ev, fr, e) -> bool:
    """LL98 Power Shift: reveal the top card (public; it stays on top); move an opposing character with power less than
    its printed power, or, if a player has 8 or more points, up to two instead."""
    p = fr["p"]
    deck = st["pl"][p]["deck"]
    if not deck:
        return True
    pp = self.printed_power(st, deck[0]) or 0
    self.log(ev, "reveal", lambda: f"{self.pname(st, p)} reveals {self.name(st, deck[0])} ({pp})")
    two = any(x["score"] >= e["points"] for x in st["pl"])
    tg = {"type": "character", "ctrl": "opp", "max_power": pp - 1}
    if two:
        tg = {**tg, "optional": True, "fresh": True}
    effs = [{"op": "move", "target": dict(tg), "to": "choose"} for _ in range(2 if two else 1)]
    fr["i"] += 1
    st["rq"].append({"p": p, "src": fr["src"], "eff": effs, "i": 0, "ch": None, "lbl": "", "after": None})
    fr["i"] -= 1
    return True


def _op_big_mix_up(self, st, ev, fr, e) -> bool:
    """EO114 Big Mix-Up: choose up to two opposing Friends (one optional pick at a time); their controller may return any
    number of them to their owners' hands (one pick at a time, "none" ends); then score a point for each chosen Friend
    still in play."""
    p = fr["p"]
    q = opponent(p)
    k = fr.get("k") or {"chosen": [], "stage": "choose"}
    fr["k"] = k
    ch, fr["ch"] = fr["ch"], None
    if k["stage"] == "choose":
        if ch == "none":
            k["stage"] = "return"
            ch = None
        elif ch is not None:
            k["chosen"].append(ch)
            ch = None
        cands = [o for o in st["play"] if st["cards"][o]["c"] != p and self.ctype(st, o) == "Friend" and o not in k["chosen"]]
        if k["stage"] == "choose" and len(k["chosen"]) < 2 and cands:
            self.ask(st, p, "target", cands + ["none"], "705.2f", op="choose", src=fr["src"])
            return False
        k["stage"] = "return"
        k["ret"] = []
    if k["stage"] == "return":
        if ch == "none":
            k["stage"] = "score"
        elif ch is not None:
            k["ret"].append(ch)
            if self.in_play(st, ch):
                self.leave_play(st, ev, ch, "hand", verb="returned to its owner's hand")
        left = [o for o in k["chosen"] if self.in_play(st, o) and o not in k["ret"]]
        if k["stage"] == "return" and left:
            self.ask(st, q, "target", left + ["none"], "705.2f", op="to_hand", src=fr["src"])
            return False
    n = sum(1 for o in k["chosen"] if self.in_play(st, o))
    if n:
        self.score(st, ev, p, n, "(a point for each chosen Friend in play)")
    return True


def _op_reveal_even_recall(self, st, ev, fr, e) -> bool:
    """SB5 Capper Dapperpaws: reveal the top five cards (public); for each card with even power revealed (a card with no
    power has none), put a card from your discard pile into your hand; then shuffle your deck."""
    p = fr["p"]
    pl = st["pl"][p]
    k = fr.get("k")
    if k is None:
        rev = list(pl["deck"][:e.get("n", 5)])
        even = sum(1 for c in rev if self.db.cards[st["cards"][c]["k"]].front.power is not None
                   and self.db.cards[st["cards"][c]["k"]].front.power % 2 == 0)
        if rev:
            self.log(ev, "reveal", lambda: f"{self.pname(st, p)} reveals " + ", ".join(self.name(st, c) for c in rev))
        fr["k"] = k = {"left": even}
    if fr["ch"] is not None:
        ch, fr["ch"] = fr["ch"], None
        if ch in pl["disc"]:
            nm = self.name(st, ch)
            self.put(st, ch, "hand")
            self.log(ev, "zone", lambda: f"{self.pname(st, p)} puts {nm} from their discard pile into their hand")
            k["left"] -= 1
    if k["left"] > 0 and pl["disc"]:
        self.ask(st, p, "target", list(pl["disc"]), "705.2f", op="to_hand", src=fr["src"])
        return False
    self.shuffle(st, pl["deck"])
    return True


def _op_self_to_ban(self, st, ev, fr, e) -> bool:
    """"Banish this card." (an Event as it resolves: banished instead of going to the discard pile, 304.2)."""
    src = fr["src"]
    c = st["cards"].get(src)
    if c is not None and c.get("z") == "queue":
        nm = self.name(st, src)
        self.put(st, src, "ban")
        self.log(ev, "banish", lambda: f"{nm} is banished")
    return True


def _op_destiny_drain(self, st, ev, fr, e) -> bool:
    """CG201 Destiny Drain: choose a card in an opponent's discard pile; every card with the same name in that player's hand,
    deck and discard pile is banished (518: the hand and deck are searched, the deck is shuffled, 518.2)."""
    p = fr["p"]
    q = opponent(p)
    pl = st["pl"][q]
    done, one = choose_target(self, st, fr, {"op": "choose_discard", "target": {}}, list(pl["disc"]))
    if not done or one is None:
        return done
    nm = self.db.cards[st["cards"][one]["k"]].name
    if not ev.quiet:
        ev.add("look", f"{self.pname(st, p)} searches {self.pname(st, q)}'s hand and deck", player=p)
    gone = [c for z in ("hand", "deck", "disc") for c in pl[z] if self.db.cards[st["cards"][c]["k"]].name == nm]
    for c in gone:
        self.put(st, c, "ban")
    self.shuffle(st, pl["deck"])
    self.log(ev, "banish", lambda: f"{len(gone)} card(s) named {nm} are banished from {self.pname(st, q)}'s hand, deck and discard pile")
    return True


def _op_card_no_move(self, st, ev, fr, e) -> bool:
    """"That character can't be moved again this turn" (104.2; ``st["cmr"]``, Rules.move_blocked; a send, 506.5, is
    not a move)."""
    it = fr.get("it")
    if it and self.in_play(st, it):
        st.setdefault("cmr", []).append({"c": it, "u": "turn"})
        self.log(ev, "restrict", lambda: f"{self.name(st, it)} can't be moved again this turn")
    return True


def _op_card_no_leave(self, st, ev, fr, e) -> bool:
    """"That Friend can't leave play this turn" (104.2; ``st["clr"]``, Rules.leave_play; the game still removes it,
    104.3)."""
    it = fr.get("it")
    if it and self.in_play(st, it):
        st.setdefault("clr", []).append({"c": it, "u": "turn"})
        self.log(ev, "restrict", lambda: f"{self.name(st, it)} can't leave play this turn")
    return True


def _op_reattach_it(self, st, ev, fr, e) -> bool:
    """"that opponent reattaches that Resource to another Friend": its controller picks another Friend that fits its
    "Play on ..." host description (509; read from that player's point of view); none: it stays."""
    it = fr["src"] if e.get("self") else fr.get("it")  # "reattach this card to another Friend"
    if not (it and self.in_play(st, it) and st["cards"][it].get("h")):
        return True
    c = st["cards"][it]
    q = c["c"]
    rule = next((ab["host"] for ab in self.abilities(st, it) if ab["kind"] == "play_on"), {"type": "Friend"})
    cands = [o for o in st["play"] if o != c["h"] and o != it and self.ctype(st, o) == "Friend" and self.matches(st, o, rule, q, it)]
    if e.get("by") == "you":  # "you may reattach a Resource from one Friend to another": the instructed player chooses (509.5)
        q = fr["p"]
        if e.get("to"):
            cands = [o for o in cands if self.matches(st, o, e["to"], q, fr["src"])]
    if not cands:
        return True
    if fr["ch"] is None and len(cands) > 1:
        self.ask(st, q, "target", cands, "509", op="reattach", src=fr["src"])
        return False
    host = fr["ch"] if fr["ch"] in cands else cands[0]
    c["h"] = host
    c["a"] = st["cards"][host]["a"]
    st["dy"] = 1
    self.log(ev, "attach", lambda: f"{self.name(st, it)} is reattached to {self.name(st, host)}")
    return True


def _op_temp_gain(self, st, ev, fr, e) -> bool:
    """"Exhaust this card to gain [1] until the end of the phase" (502: action tokens are alike, so as the duration ends
    the player loses that many, if they still have them)."""
    p = fr["p"]
    u = self.duration(st, e.get("until", "phase"))
    st["pl"][p]["tok"] += e["n"]
    st["pl"][p].setdefault("ttok", []).append({"n": e["n"], "u": u})
    self.log(ev, "tokens", lambda: f"{self.pname(st, p)} gains {e['n']} action token(s) until the end of the "
             f"{'phase' if e.get('until', 'phase') == 'phase' else 'turn'}")
    return True


def _op_power_guess(self, st, ev, fr, e) -> bool:
    """MT104 Magic Arena: look at your top card (private), choose a number; the opponent guesses whether its power
    matches; the card is revealed; a correct guess banishes it, otherwise you gain [3]."""
    p = fr["p"]
    q = opponent(p)
    deck = st["pl"][p]["deck"]
    if not deck:
        return True
    top_ = deck[0]
    k = fr.get("k") or {}
    fr["k"] = k
    if "n" not in k:
        if fr["ch"] is None:
            if not ev.quiet:
                ev.add("look", f"{self.pname(st, p)} looks at the top card of their deck", player=p)
                ev.add("look", f"You see: {self.name(st, top_)}", to=p)
            self.ask(st, p, "choice", list(range(0, 11)), "705.2f", src=fr["src"], what="number")
            return False
        k["n"] = fr["ch"]
        fr["ch"] = None
        self.log(ev, "choice", lambda: f"{self.pname(st, p)} chooses {k['n']}")
    if fr["ch"] is None:
        self.ask(st, q, "choice", ["matches", "does not match"], "705.2f", src=fr["src"], what="guess")
        return False
    guess = fr["ch"]
    pw = self.db.cards[st["cards"][top_]["k"]].front.power
    match = pw is not None and pw == k["n"]
    nm = self.name(st, top_)
    self.log(ev, "reveal", lambda: f"{self.pname(st, q)} guesses it {guess}; {self.pname(st, p)} reveals {nm} ({pw})")
    if (guess == "matches") == match:
        self.put(st, top_, "ban")
        self.log(ev, "banish", lambda: f"{nm} is banished")
    else:
        st["pl"][p]["tok"] += e.get("gain", 3)
        self.log(ev, "tokens", lambda: f"{self.pname(st, p)} gains {e.get('gain', 3)} action tokens")
    return True


def _op_home_score_bonus(self, st, ev, fr, e) -> bool:
    """"move this card home to score points equal to that Problem's bonus": the move is what the player
    does to score (a "may ... to" instruction), so nothing is scored if this card can't be moved home (506.2, 104.2);
    the bonus is that of the Problem it left (210, 517.2)."""
    src, p = fr["src"], fr["p"]
    if not (src in st["cards"] and self.in_play(st, src)):
        return True
    a = st["cards"][src]["a"]
    pid = self.problem_at(st, a) if a.startswith(("prob", "dil")) else None
    home = f"home{st['cards'][src]['c']}"
    if pid is None or (self.statics(st, "no_move") and self.move_blocked(st, p, src, a, home)):
        return True
    bonus = self.problem_bonus(st, pid)
    if not self.move_card(st, ev, src, home, by=p):
        return True
    if bonus > 0:
        self.score(st, ev, p, bonus)
    return True


TIMED_ABILITY_OPS = {
    "home_score_bonus": _op_home_score_bonus,
    "power_guess": _op_power_guess,
    "temp_gain": _op_temp_gain,
    "reattach_it": _op_reattach_it,
    "card_no_move": _op_card_no_move,
    "card_no_leave": _op_card_no_leave,
    "self_to_ban": _op_self_to_ban,
    "destiny_drain": _op_destiny_drain,
    "reveal_then_move": _op_reveal_then_move,
    "big_mix_up": _op_big_mix_up,
    "reveal_even_recall": _op_reveal_even_recall,
    "name_type_discard": _op_name_type_discard,
    "join_faceoff": _op_join_faceoff,
    "disc_into_faceoff": _op_disc_into_faceoff,
    "colors_of_discarded": _op_colors_of_discarded,
    "search_deck_or_disc": _op_search_deck_or_disc,
    "reveal_until_friend": _op_reveal_until_friend,
    "discord_pile": _op_friends_from_opponents_discard,
    "ban_disc_add_power": _op_ban_disc_add_power,
    "remove_any_counter": _op_remove_any_counter,
    "retire_count": _op_retire_count,
    "confronted_score": _op_confronted_score,
    "swap_self": _op_swap_self,
    "flipped_to_hand": _op_flipped_to_hand,
    "name_disc_to_deck": _op_name_disc_to_deck,
    "parity_guess": _op_parity_guess,
    "two_from_discards": _op_two_from_discards,
    "opponent_picks_one_of_two": _op_opponent_picks_one_of_two,
    "copy_counter": _op_copy_counter,
    "up_to_colors": _op_up_to_colors,
    "dismiss_tokens": _op_dismiss_tokens,
    "area_restrict": _op_area_restrict,
    "reveal_random_hand": _op_reveal_random_hand,
    "reveal_n": _op_reveal_n,
    "remove_counter_sel": _op_remove_counter_sel,
    "counters_onto_it": _op_counters_onto_it,
    "disc_to_hand_other": _op_disc_to_hand_other,
    "keep_retire": _op_keep_retire,
    "search_multi": _op_search_multi,
    "next_defeat_bonus": _op_next_defeat_bonus,
    "flip_tm": _op_flip_tm,
    "look_sort": _op_look_sort,
    "any_number": _op_any_number,
    "hand_hasty": _op_hand_hasty,
    "extra_turn": _op_extra_turn,
    "here_area": _op_here_area,
    "move_to_chosen": _op_move_to_chosen,
    "opp_moves_away": _op_opp_moves_away,
    "it_unless_mine": _op_it_unless_mine,
    "ban_at_it_le": _op_ban_at_it_le,
    "ban_beneath": _op_ban_beneath,
    "from_beneath": _op_from_beneath,
    "spend_pumped": _op_spend_pumped,
    "discard_sel": _op_discard_sel,
    "self_to_deck_top": _op_self_to_deck_top,
    "flip_power": _op_flip_power,
    "restrict": _op_restrict,
    "flip_mod": _op_flip_mod,
    "delay": _op_delay,
    "put_back": _op_put_back,
    "made": _op_made,
    "challenge": _op_challenge,
}


def _if_rc_trait(self, st, fr, cond) -> bool:
    """"If you remove the counter from a Dragon or Pegasus" (the card the cost removed it from)."""
    rc = fr.get("rc")
    return bool(rc and rc in st["cards"] and set(cond["traits"]) & set(self.traits(st, rc)))


def _if_rc_type(self, st, fr, cond) -> bool:
    """"If the counter is a Postage counter"."""
    return fr.get("rct") == cond["type"]


#: the conditions of ``if`` effects these templates add (resolve.IF_CONDITIONS)
TIMED_IF_CONDS = {"over_home_limit": _if_over_home_limit, "it_trait": _if_it_trait, "rc_trait": _if_rc_trait,
                  "rc_type": _if_rc_type}
