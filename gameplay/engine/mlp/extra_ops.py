"""Effect ops of timed abilities (Events and activated abilities, 2026-11-23 "cards-a"): challenges
started by an effect, delayed "at the end of the turn" / "at the start of the next turn" effects,
and the other ops their templates in cardtext.py (``_timed_effects``) produce.  Registered into
resolve.EVENT_OPS (same signature: ``op(rules, st, ev, frame, effect) -> done``)."""
from __future__ import annotations

from .resolve import _choose_target, _opp

TM = "Troublemaker"


def _challengeable(self, st, p, tm, how) -> bool:
    """608.2 / 514.2a.i: a face-up Troublemaker ``p`` may challenge with the described characters.
    A challenge tax must be payable (508.1d) and "can't be challenged except by two or more
    characters" is checked against the characters that would be involved."""
    from .flow import _challenge_ok

    c = st["cards"][tm]
    if c.get("fd") or self.ctype(st, tm) != TM:
        return False
    if how == "one":
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
    return bool(self.chars_at(st, c["a"], p)) and _challenge_ok(self, st, p, tm)


def _op_challenge(self, st, ev, fr, e) -> bool:
    """"Challenge an opposing Troublemaker with one of your characters / all your characters at its
    Problem / all of your characters in play" (608.4: a Troublemaker faceoff at its Problem, started by
    an effect: 707.4, the interrupted window stays open with the challenger's priority; 514.2a.i the
    effect says which characters are involved; 514.5a/b as for any challenge).  {with: one|problem|all,
    tm: opp|self|it}."""
    p, src = fr["p"], fr["src"]
    if st["fo"]:
        return True  # 707.4a no faceoff starts during a faceoff
    how = e.get("with", "problem")
    k = fr.get("k") or {}
    if "tm" not in k:
        which = e.get("tm", "opp")
        if which == "self":
            cands = [src] if src in st["cards"] and self.in_play(st, src) else []
        elif which == "it":
            it = fr.get("it") or (fr.get("x") or {}).get("it")
            cands = [it] if it and self.in_play(st, it) else []
        else:
            cands = [o for o in st["play"] if self.ctype(st, o) == TM and st["cards"][o]["c"] != p]
        cands = [o for o in cands if _challengeable(self, st, p, o, how)
                 and (not e.get("here") or self.chars_at(st, st["cards"][o]["a"], p))]
        done, tm = _choose_target(self, st, fr, {"op": "challenge", "target": {}}, cands, "608.1")
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
        done, one = _choose_target(self, st, fr, {"op": "challenge", "target": {}}, mine, "514.2a.i")
        if not done:
            return False
        if one is None:
            return True
        extra["tm_inv"] = [one]  # 514.2d.i flagged: it stays involved
    elif how == "all":
        extra["tm_all"] = True  # every character the challenger controls (checked continuously, 514.2d)
    tax = self.action_tax(st, p, "challenge", tm)
    if tax:  # "Opponents can't challenge your Troublemakers unless they pay [1]." (508.1d)
        if st["pl"][p]["tok"] < tax:
            return True
        self.pay_cost(st, p, tax, ev)
        self.log(ev, "pay", lambda: f"{self.pname(st, p)} pays {tax} to challenge")
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
    """"put that Friend into play": the card a delayed effect's creator banished, if it is still in the
    banished zone (410.6), at its owner's home under its owner's control."""
    g = (fr.get("x") or {}).get("gone")
    if g and g in st["cards"] and st["cards"][g].get("z") == "ban" and g in st["pl"][st["cards"][g]["o"]]["ban"]:
        o = st["cards"][g]["o"]
        nid = self.enter_play(st, ev, g, f"home{o}", o)
        self.log(ev, "enter", lambda: f"{self.name(st, nid)} is put into play")
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
    q = _opp(p) if e.get("who") == "opp" else p
    u = f"start{p}" if e.get("until") == "next_turn" else e.get("until", "turn")
    st["pl"][q].setdefault("fmod", []).append({"n": e["n"], "u": u})
    self.log(ev, "flip", lambda: f"{self.pname(st, q)} flips {abs(e['n'])} {'additional' if e['n'] > 0 else 'fewer'} "
             f"card(s) during faceoffs until the {'start of ' + self.pname(st, p) + chr(39) + 's next turn' if u.startswith('start') else 'end of the turn'}")
    return True


def _op_restrict(self, st, ev, fr, e) -> bool:
    """Timed restrictions on players (104.2 "can't"): "opponents can't move their characters this turn"
    (``no_move``: the move action and their effects' moves of their own characters, Rules.move_blocked),
    "opponents can't play Events this turn" (``no_events``); kept in ``pl["tmr"]``, expired by
    Rules.expire."""
    p = fr["p"]
    for q in ((_opp(p),) if e.get("who", "opp") == "opp" else (p,)):
        st["pl"][q].setdefault("tmr", []).append({"k": e["k"], "u": e.get("until", "turn")})
        self.log(ev, "restrict", lambda q=q: f"{self.pname(st, q)} can't "
                 f"{'move their characters' if e['k'] == 'no_move' else 'play Events'} this turn")
    return True


EXTRA_OPS = {
    "restrict": _op_restrict,
    "flip_mod": _op_flip_mod,
    "delay": _op_delay,
    "put_back": _op_put_back,
    "made": _op_made,
    "challenge": _op_challenge,
}
