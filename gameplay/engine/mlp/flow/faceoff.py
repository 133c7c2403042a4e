"""Faceoffs (514): starting one, flipping (515), the result, sending home, ending it, and replacing a
solved Problem (611.5).  Functions of ``rules.Rules``."""
from __future__ import annotations

from ..constants import FRIEND, MANE, TM, opponent
from ..effects.timed import defeat_bonus
from ..effects.triggered import stays_on_solve
from .decisions import ask


# ====================================================================== faceoffs (514)
def start_faceoff(self, st, ev, type_, areas, chal, tm=None, extra=None) -> None:
    st["fo"] = {"type": type_, "areas": areas, "chal": chal, "tm": tm, "stage": "start", "ign": [], "bonus": [0, 0],
                "rounds": 0, "winner": None, "stud": [False, False], "rand": [], "tie": False}
    if extra:
        st["fo"].update(extra)  # a faceoff started by an effect (514.2c): involvement and outcomes
    for q in (0, 1):  # "add its power to your next faceoff this turn" (514.4a: that player's total)
        nfb = st["pl"][q].pop("nfb", None)
        if nfb and nfb[0] == st["turn"]:
            st["fo"]["bonus"][q] += nfb[1]
    kind = {"tm": "Troublemaker", "problem": "Problem", "multi": "Multi Problem", "effect": "A"}[type_]
    if type_ == "effect":
        self.log(ev, "faceoff", lambda: "A faceoff is started by an effect" +
                 (f" at {', '.join(self.area_name(st, a) for a in areas)}" if areas else "") + " (514.2c, 707.4)")
    else:
        self.log(ev, "faceoff", lambda: f"{kind} faceoff at {', '.join(self.area_name(st, a) for a in areas)} (514)")
    if self.rx_keys:
        self.rx_note(st, "fo_start", tp=st["tp"])
    for cid in list(st["play"]) if self.may_fire(st, "fo_inv") or not self.af_free(st) else ():
        # (without a card to trigger, only involvement would be read: see af_free)
        if self.involved(st, cid):
            self.fire(st, ev, "fo_start", cid)
            self.fire(st, ev, "becomes_involved", cid)  # "When this card becomes involved in a faceoff" (514.2)
            for o in st["play"]:  # "When that character becomes involved in a faceoff" (its attachments)
                if st["cards"][o].get("h") == cid:
                    self.fire(st, ev, "host_fo_start", o)
    if self.may_fire(st, "fo_start"):
        if type_ in ("problem", "multi"):
            self.fire_all(st, ev, "problem_fo_start", extra={"area": list(areas)})  # "here": one of these Problems
        self.fire_all(st, ev, "opp_starts_fo", players=(opponent(chal),), extra={"area": list(areas)})
        self.fire_all(st, ev, "any_fo_start", extra={"area": list(areas)})  # "At the start of a faceoff [here]"
        self.fire_all(st, ev, "you_start_fo", players=(chal,), extra={"area": list(areas)})  # "When you start a faceoff here"
    for cid in list(st["play"]):  # Prepared: when an opponent starts a faceoff here, gain 1
        c = st["cards"][cid]
        if c["c"] != chal and c["a"] in areas and self.kw(st, cid, "Prepared"):
            self.queue_trigger(st, cid, c["c"], [{"op": "gain", "n": 1}], "Prepared")


def flip_one(self, st, ev, p) -> str | None:
    """515.1"""
    pl = st["pl"][p]
    if not pl["deck"]:
        return None
    top = pl["deck"].pop(0)
    c = st["cards"].pop(top)
    nid = f"c{st['nid']}"
    st["nid"] += 1
    st["cards"][nid] = {"k": c["k"], "o": p, "z": "flip"}
    pl["flip"].append(nid)
    self.log(ev, "flip", lambda: f"{pl['name']} flips {self.name(st, nid)} ({self.printed_power(st, nid)})", card=nid)
    if self.rx_keys:
        self.rx_note(st, "flip", card=nid, by=p)  # "After you flip a card during a faceoff"
    if not any(st["cards"][o]["c"] != p for o in self.has_static(st, "flip_no_abilities")):
        self.fire(st, ev, "flipped", nid)  # Chaos (not: "Opposing flipped cards lose and can't have abilities")
    self.fire_all(st, ev, "you_flip", players=(p,), extra={"card": nid})  # "When you flip a (Chaotic) card"
    # Random: once per faceoff, if you flip a card with 1 power you may ignore it and flip a new card:
    # a "may" of the flipping player (712.3), queued so it is answered before the next priority
    # (each card's Random is a separate ability, 701.2a: ``fo["rand"]`` lists the Random cards used)
    if st["fo"] and self.printed_power(st, nid) == 1:
        if random_cards(self, st, p):
            e = {"op": "random_flip", "p": p, "card": nid}
            top = st["rq"][-1] if st["rq"] else None
            if top is not None and top["lbl"] == "Random" and top["i"] == 0 and top["ch"] is None and not st["pending"]:
                top["eff"].append(e)  # simultaneous flips: the turn player decides first (801.1)
            else:
                st["rq"].append({"p": p, "src": None, "eff": [e], "i": 0, "ch": None, "lbl": "Random", "after": None})
    return nid


def random_cards(self, st, p) -> list[str]:
    """p's involved cards with Random not used yet this faceoff."""
    used = st["fo"]["rand"]
    return [o for o in st["play"] if st["cards"][o]["c"] == p and o not in used and self.involved(st, o)
            and self.kw(st, o, "Random")]


def faceoff_flip(self, st, ev) -> None:
    fo = st["fo"]
    fo["rounds"] += 1
    for p in (st["tp"], opponent(st["tp"])):
        n = 1
        if fo["rounds"] == 1 and ("flip_extra" in self.ops_in_play(st) or not self.af_free(st)):
            # 514.3a "flip an additional card during faceoffs" (no card has it without one printing it)
            for cid in st["play"]:
                if self.involved(st, cid) and st["cards"][cid]["c"] == p:
                    for ab in self.abilities(st, cid):
                        if ab["kind"] == "static" and ab.get("op") == "flip_extra":
                            n += ab.get("n", 1)
        if fo["rounds"] == 1:
            n += _flip_mods(self, st, p)
            n += fo.get("fadd", 0)  # "have players flip 1 fewer cards during that faceoff" (op fo_flip_mod)
        for _ in range(max(n, 0)):
            flip_one(self, st, ev, p)


def _flip_mods(self, st, p) -> int:
    """514.3a "flip an additional card / N fewer cards during faceoffs" (static ``flip_mod``)."""
    fo = st["fo"]
    n = sum(r["n"] for r in st["pl"][p].get("fmod") or ())  # timed ones (effects.timed.flip_mod)
    for o in self.has_static(st, "flip_mod"):
        c = st["cards"][o]
        for ab in self.abilities(st, o):
            if ab["kind"] != "static" or ab.get("op") != "flip_mod" or not self.fo_is(st, ab.get("fo", True)):
                continue
            if not self.fo_player_ok(st, o, ab, p):
                continue
            scope = ab.get("scope", "any")
            if (scope == "involved" and not self.involved(st, o)) or (scope == "here" and c["a"] not in fo["areas"]):
                continue
            if ab.get("beneath") and self.beneath_count(st, o) < ab["beneath"]:
                continue
            if ab.get("cond") and not self._cond(st, o, ab["cond"]):
                continue
            n += ab["n"]
    return n


def resolve_faceoff(self, st, ev, winner, margin=None) -> None:
    """514.5 (``margin``: the difference of the power totals, when just compared)"""
    fo = st["fo"]
    fo["winner"] = winner
    fo["stage"] = "resolved"
    if winner is None:
        # nobody has a higher total (a tie ended by 802.3): nobody wins, the faceoff still becomes
        # resolved (514.5), so a Problem faceoff's Problems are solved (613.1) without a bonus
        if fo["type"] in ("problem", "multi") and st["sc"] is not None:
            st["sc"]["solved"] = list(fo["areas"])
        return
    if margin is None:
        t0, t1 = self.faceoff_totals(st)
        margin = abs(t0 - t1)
    if fo["type"] in ("problem", "multi"):  # "If you won a Problem faceoff by at least N power this turn"
        won = st["pl"][winner].get("wonp")
        st["pl"][winner]["wonp"] = [st["turn"], max(margin, won[1] if won and won[0] == st["turn"] else 0)]
    loser = opponent(winner)
    for cid in list(st["play"]) if self.may_fire(st, "fo_lose") or not self.af_free(st) else ():
        # "When you lose a faceoff involving this card" (before 514.5b sends home)
        c = st["cards"].get(cid)
        if c and c["c"] == loser and self.involved(st, cid):
            self.fire(st, ev, "lose_faceoff", cid)
    st["pl"][winner]["wonf"] = st["turn"]  # "If you won a faceoff this turn" (any kind)
    if "any_win_fo" in self.trig_ev:  # "When a player wins a faceoff, that player ..." (as_winner)
        self.fire_all(st, ev, "any_win_fo", extra={"margin": margin, "winner": winner})
    if "you_win_fo" in self.trig_ev:  # "When you win a Problem faceoff by at least 5 power" (any faceoff of yours)
        self.fire_all(st, ev, "you_win_fo", players=(winner,), extra={"margin": margin})
    for a in fo["areas"] if self.may_fire(st, "fo_here") else ():  # "When you win a faceoff here / at this Problem"
        self.fire_all(st, ev, "win_fo_here", players=(winner,), area=a)
        self.fire_all(st, ev, "any_win_fo_here", area=a, extra={"margin": margin, "winner": winner})
        if fo["type"] == "tm" and winner != fo["chal"]:  # "When an opponent loses a faceoff against a Troublemaker here"
            self.fire_all(st, ev, "opp_loses_tm_fo_here", players=(winner,), area=a)
    chal = fo["chal"]
    self.log(ev, "faceoff", lambda: f"{self.pname(st, winner)} wins the faceoff (514.5)", winner=winner)
    if self.rx_keys:  # "When you win a (Problem) faceoff [by at least N power]" (reacted to in the 514.6 window)
        self.rx_note(st, "win", by=winner, margin=margin, tp=st["tp"])
    if fo["type"] == "tm":
        tm = fo["tm"]
        if self.may_fire(st, "tm_fo"):
            self.fire_all(st, ev, "you_win_tm_fo", players=(winner,))
            self.fire_all(st, ev, "you_lose_tm_fo", players=(loser,))  # "When you lose a Troublemaker faceoff"
        if winner == chal:
            # 514.5a defeat the Troublemaker ("If this card would be defeated, you may ... instead": asked first, 710)
            if self.in_play(st, tm) and not ("replace" in self.ops_in_play(st) and
                                             self.queue_replacement(st, tm, ("defeat",), (), {"chal": chal})):
                defeat_troublemaker(self, st, ev, tm, chal)
        else:
            opts = [cid for cid in st["play"] if st["cards"][cid]["c"] == chal and self.involved(st, cid)
                    and self.is_char(st, cid) and not st["cards"][cid]["a"].startswith("home")]
            if len(opts) == 1:
                faceoff_send_home(self, st, ev, opts[0])
            elif opts:
                ask(self, st, chal, "send_home", opts, "514.5b")
    elif fo["type"] == "effect":
        _effect_outcome(self, st, winner)
    else:
        bonus = 0
        for a in fo["areas"]:
            pid = self.problem_at(st, a)
            if pid:
                bonus = max(bonus, self.problem_bonus(st, pid))
        if st["sc"] is not None:
            st["sc"]["solved"] = list(fo["areas"])  # 613.1
        thief = [st["cards"][o]["c"] for o, ab in self.statics(st, "steal_bonus")
                 if st["cards"][o]["a"] in fo["areas"] and st["cards"][o]["c"] != winner]
        if thief and bonus > 0:
            # "If an opponent would score this card's Problem's bonus points, you score them instead." (710)
            self.log(ev, "replace", lambda: f"{self.pname(st, thief[0])} scores the Problem bonus instead (710)")
            winner_ = thief[0]
        else:
            winner_ = winner
        self.score(st, ev, winner_, bonus, "Problem bonus (514.5c)")
        if bonus > 0:  # "When you score a Problem's bonus points, ..."
            self.fire_all(st, ev, "you_score_bonus", players=(winner_,))
    for cid in list(st["play"]):
        c = st["cards"].get(cid)
        if c and c["c"] == winner and self.involved(st, cid):
            self.fire(st, ev, "win_faceoff", cid, extra={"margin": margin})
            for o in list(st["play"]):  # "When you win a faceoff involving that character" (attachments)
                if st["cards"][o].get("h") == cid and st["cards"][o]["c"] == winner:
                    self.fire(st, ev, "host_wins_fo", o)
            x = self.kw(st, cid, "Diligent")
            if x:
                self.queue_trigger(st, cid, winner, [{"op": "may", "effects": [
                    {"op": "counters", "n": x, "counter": "+1", "target": {"self": True}}]}], f"Diligent {x}")
            if self.kw(st, cid, "Studious") and not fo["stud"][winner]:
                fo["stud"][winner] = True
                self.queue_trigger(st, cid, winner, [{"op": "gain", "n": 1}], "Studious")



def defeat_troublemaker(self, st, ev, tm, chal) -> None:
    """514.5a: the challenger defeats the Troublemaker: its triggers, the challenger scores its bonus, it is
    dismissed."""
    pts = self.face(st, tm).bonus or 0
    if self.statics(st, "tm_points_minus"):
        # "If a player would score points for defeating a Troublemaker here, they score one
        # fewer points instead." (710)
        pts = max(pts - sum(ab["n"] for o, ab in self.statics(st, "tm_points_minus")
                            if st["cards"][o]["a"] == st["cards"][tm]["a"]), 0)
    nm = self.name(st, tm)
    self.fire(st, ev, "defeated", tm, extra={"la": st["cards"][tm]["a"], "it": tm})  # la: "here" once it is gone; it: found in its new zone (410.6a)
    # "When a challenger defeats this card" (608, 514.5a): defeated by the challenger, not by an effect
    self.fire(st, ev, "challenger_defeats", tm, extra={"la": st["cards"][tm]["a"], "it": tm})
    self.watch(st, ev, "w_defeat", tm, {"by": chal, "pw": self.power(st, tm)})  # "When a player defeats a Troublemaker ..." (pw: 410.6a)
    self.score(st, ev, chal, pts, f"for defeating {nm}")
    if st["pl"][chal].get("ndb"):
        defeat_bonus(self, st, ev, chal)  # "The next time you defeat a Troublemaker this turn, ..."
    self.leave_play(st, ev, tm, "disc", verb="defeated and dismissed (514.5a)")
    if self.rx_keys:  # "Play when you defeat a Troublemaker [using only [Generosity] characters]"
        used = [o for o in st["play"] if st["cards"][o]["c"] == chal and self.is_char(st, o) and self.involved(st, o)]
        allcol = sorted(set.intersection(*(set(self.colors(st, o)) for o in used))) if used else []
        self.rx_note(st, "defeat", by=chal, tp=st["tp"], allcol=allcol)


def faceoff_send_home(self, st, ev, cid) -> None:
    """514.5b, unless "If a player loses a faceoff involving this card / that Troublemaker and would send
    a Friend home, they retire / dismiss that Friend instead" applies."""
    if st["fo"] and self.ctype(st, cid) == FRIEND:
        for o in self.has_static(st, "fo_send_replace"):
            for ab in self.abilities(st, o):
                if ab["kind"] != "static" or ab.get("op") != "fo_send_replace":
                    continue
                t = o if ab.get("target", "self") == "self" else st["cards"][o].get("h")
                if t and self.in_play(st, t) and self.involved(st, t):
                    self.leave_play(st, ev, cid, "disc", verb=f"{ab['verb']} instead of being sent home")
                    return
    self.send_home(st, ev, cid)


def _effect_outcome(self, st, winner) -> None:
    """514.5d: the winner / loser of a faceoff started by an effect follows its instructions (pushed
    so that the winner's resolve first; "If you win" only when the starter wins, "it" being the
    opposing card)."""
    fo = st["fo"]
    frames = []
    if fo.get("fx_win") and winner == fo["chal"]:
        frames.append((winner, fo["fx_win"], fo.get("it")))
    if fo.get("fx_lose") and winner is not None and winner != fo["chal"]:
        # "If you lose, that Friend's controller defeats this card": the winner follows it (EO174)
        frames.append((winner, fo["fx_lose"], fo.get("it")))
    if fo.get("fx_winner"):
        frames.append((winner, fo["fx_winner"], None))
    if fo.get("fx_loser"):
        frames.append((opponent(winner), fo["fx_loser"], None))
    for q, effs, it in reversed(frames):
        st["rq"].append({"p": q, "src": fo.get("src"), "eff": list(effs), "i": 0, "ch": None, "lbl": "faceoff",
                         "after": None, "it": it})


def end_faceoff(self, st, ev) -> None:
    """514.6: flipped cards go to the bottom of their owners' decks."""
    fo = st["fo"]
    if not fo.get("pumped"):
        # Pumped: once per faceoff, a flipped card may be banished beneath the Pumped card instead of
        # the bottom of the deck (710, 712.3): each Pumped card's controller decides, the turn player
        # first (801.1); the faceoff ends once those decisions are resolved (step() calls this again)
        fo["pumped"] = True
        effs = [{"op": "pumped", "p": p, "host": cid} for p in (st["tp"], opponent(st["tp"])) if st["pl"][p]["flip"]
                for cid in st["play"] if st["cards"][cid]["c"] == p and self.involved(st, cid) and self.kw(st, cid, "Pumped")]
        fired = False
        if "fo_end_pre" in self.trig_ev:
            # "At the end of a faceoff [involving this card], you may put one of your flipped cards into your hand":
            # triggered as the faceoff ends, resolved while the flipped cards are still there (514.6)
            n0 = len(st["trig"])
            tk = self.trig_keys if st.get("twn") else self.trig_ev["fo_end_pre"]  # (Teamwork may lend it, as fire_all)
            for cid in list(self.in_play_with(st, tk)):
                self.fire(st, ev, "fo_end_pre", cid, extra={"inv": self.involved(st, cid)})
            fired = len(st["trig"]) > n0
        if fired and not effs:
            fo["stage"] = "end"
            return
        if effs:
            st["rq"].append({"p": st["tp"], "src": None, "eff": effs, "i": 0, "ch": None, "lbl": "Pumped", "after": None})
            fo["stage"] = "end"
            return
    fo_ = st["fo"]
    for x in reversed(fo_.get("end_fx", [])):  # "At the end of the faceoff, ..." (delayed effects)
        st["rq"].append({"p": x["p"], "src": x["src"], "eff": list(x["eff"]), "i": 0, "ch": None, "lbl": "faceoff",
                         "after": None})
    if fo_["type"] == "effect" and fo_.get("fx_loser_end") and fo_["winner"] is not None and len(fo_.get("inv", ())) == 2:
        # "At the end of the faceoff, the loser dismisses one of their Friends that was involved"
        lost = fo_["inv"][0] if fo_["winner"] != fo_["chal"] else fo_["inv"][1]
        st["rq"].append({"p": opponent(fo_["winner"]), "src": fo_.get("src"), "eff": list(fo_["fx_loser_end"]), "i": 0,
                         "ch": None, "lbl": "faceoff", "after": None, "it": lost})
    for cid in list(st["play"]) if self.may_fire(st, "fo_end") or not self.af_free(st) else ():
        if self.involved(st, cid):
            self.fire(st, ev, "fo_end", cid)
    to_disc = fo_["type"] in ("problem", "multi") and any(
        st["cards"][o]["a"] in fo_["areas"] for o in self.has_static(st, "flip_to_disc"))
    for p in (0, 1):
        if to_disc:  # "If a card flipped for a Problem faceoff here would be put on the bottom of its owner's deck,
            for fid in list(st["pl"][p]["flip"]):  # it is put into its owner's discard pile instead."
                self.put(st, fid, "disc")
            continue
        for fid in list(st["pl"][p]["flip"]):
            self.put(st, fid, "deck", "bottom")
    st["fo"] = None
    self.expire(st, "faceoff")
    for p in (0, 1):  # "pay [3] less for your next Event until the end of the faceoff"
        st["pl"][p]["disc_next"] = [d for d in st["pl"][p]["disc_next"] if d.get("u") != "faceoff"]
    self.log(ev, "faceoff", "The faceoff ends")
    if fo_.get("ret"):  # 707.4 the window the effect interrupted goes on (the starter gets priority)
        st["prio"] = {**fo_["ret"], "p": fo_["chal"], "n": 0}


def replace_problem(self, st, ev, area, solved=True, solved_fired=False, rskip=()) -> None:
    """613.2 (``solved``: False when an effect replaces the Problem; ``solved_fired``: the Solve Step
    already fired "When this Problem is solved", 613.1; ``rskip``: replacement modifiers already declined, 710.3)"""
    pid = self.problem_at(st, area)
    if pid is not None and "replace" in self.ops_in_play(st) and self.queue_replacement(
            st, pid, ("replace_problem",), rskip, {"area": area, "solved": solved, "sfd": solved_fired}):
        return  # "If this card's Problem would be replaced, you may exhaust this card instead" (710): asked first
    stay = self.statics(st, "solved_stay") if solved else []
    for cid in list(st["play"]):
        c = st["cards"].get(cid)
        if not c or c["a"] != area or cid == pid:
            continue
        t = self.ctype(st, cid)
        if t in (FRIEND, MANE) and any((o == cid) if ab["subj"] == "self" else self.matches(st, cid, ab["subj"], st["cards"][o]["c"], o)
                                       for o, ab in stay):
            # "If one or more of your Friends with 2 or less printed power would be sent home from a
            # solved Problem, they aren't sent home instead" (710)
            self.log(ev, "replace", lambda cid=cid: f"{self.name(st, cid)} is not sent home (710)")
            continue
        if t in (FRIEND, MANE):
            if solved and stays_on_solve(self, st, cid):
                continue  # "If this card would be sent home, it isn't sent home instead" (710)
            self.send_home(st, ev, cid)
        elif t == TM and not c.get("fd"):
            self.leave_play(st, ev, cid, "disc", by_game=True, verb="dismissed by the game (613.2)")
        elif t == "Resource" and c.get("h") is None:
            self.leave_play(st, ev, cid, "disc", by_game=True, verb="dismissed by the game (613.2)")
    if pid is None:
        return
    owner = st["cards"][pid]["o"]
    nm = self.name(st, pid)
    if not solved_fired:
        self.fire(st, ev, "solved", pid)
    self.fire(st, ev, "replaced", pid)  # "When this Problem is replaced" (613.2; a Dilemma too, 522.3a)
    if st["cards"][pid].get("dil"):
        self.put(st, pid, "disc")  # 522.3 / 522.3a
        st["areas"].remove(area)
        self.log(ev, "solve", lambda: f"Dilemma {nm} is solved and put into the discard pile (522.3)")
        return
    for o in list(st["play"]):
        if st["cards"][o].get("h") == pid:
            self.put(st, o, "disc")
    self.put(st, pid, "pdeck", "bottom")
    pd = st["pl"][owner]["pdeck"]
    if pd:
        new = self.enter_play(st, ev, pd[0], area, owner)
        self.log(ev, "solve", lambda: f"{nm} is solved and replaced by {self.name(st, new)} (613.2)")
