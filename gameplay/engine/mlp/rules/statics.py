"""Continuous abilities (7xx): the statics in play and when they apply (their conditions),
power and its modifiers, lost abilities, replacements (710), restrictions ("can't"), and
the durations of modifiers ("until the end of the turn")."""
from __future__ import annotations

from ..constants import CHAR_TYPES, FRIEND, TM
from ..effects.timed import CARD_CONDS
from ..reactions import actor
from .confront import SCORE_STEPS
from .queries import CARD_KEY, NO_KEYS


_NO_OPS: dict = {}  # (no static abilities, Rules._own_statics; never mutated)

POWER_OPS = ("power", "power_per_beneath", "power_per", "power_is", "power_double")  # power-changing static abilities


def _reads_own_power(cond) -> bool:
    """Whether a static's condition reads its source's current power (a grant conditioned on it
    depends on the other modifiers of that power, 711.3b)."""
    if not cond:
        return False
    k = cond.get("k")
    if k == "all":
        return any(_reads_own_power(x) for x in cond.get("conds") or cond.get("of") or ())
    return k in ("power_at_least", "power_at_most", "highest_power_here")


class ContinuousAbilities:
    """Continuous abilities (7xx): the statics in play and when they apply (their conditions),"""

    def granted_power_kws(self, st, cid) -> dict:
        """Granted instances of the power keywords (Competitive X, Supportive X, Caretaker,
        Experienced), summed per keyword, from continuous grants and timed grants.  A grant
        conditioned on the card's own power ("While this card has at least 5 power, it has
        Competitive 2", MT59) depends on every other modifier of that power (711.3b), the other
        grants included: it is applied after them (711.4), reading the power with them but without
        itself (``_kwpart``: what a power read during this computation sees); several such grants
        are ordered by ``_own_power_grants`` (711.4 / 711.5)."""
        guard = self._kwp
        if cid in guard:
            return self._kwpart.get(cid) or {}
        guard.add(cid)
        try:
            out: dict = {}
            later: list = []
            gk = self.kwg_by.get("*power", NO_KEYS) if not st.get("twn") else self.kwg_keys
            for o in self.in_play_with(st, gk):
                for ab in self.abilities(st, o):
                    if ab["kind"] == "static" and ab.get("op") == "grant_kw" and ab["kw"] in self.POWER_KW:
                        n = ab["n"] if "per" not in ab else ab["n"] * self._count(st, o, ab["per"])
                        if n and o == cid and _reads_own_power(ab.get("cond")):
                            later.append((ab, n))
                        elif n and self._static_applies(st, o, ab, cid):
                            out[ab["kw"]] = out.get(ab["kw"], 0) + n
            for g in st.get("kgm") or ():
                if g["kw"] in self.POWER_KW and self._kgm_applies(st, g, cid):
                    out[g["kw"]] = out.get(g["kw"], 0) + g["n"]
            if later:
                try:
                    out = self._own_power_grants(st, cid, out, later)
                finally:
                    self._kwpart.pop(cid, None)
            return out
        finally:
            guard.discard(cid)

    def _own_power_grants(self, st, cid, out, later) -> dict:
        """Apply the grants conditioned on ``cid``'s own power after the others (``out``), in
        timestamp order (``later`` is in play-zone then text order) except that one whose result
        another remaining one would change waits for it (711.4); if each depends on another they
        are interdependent and the earliest applies first (711.5).  Each condition is read with
        the grants applied so far (``_kwpart``), never with itself."""
        part = dict(out)
        self._kwpart[cid] = part

        def holds(ab, extra=None) -> bool:
            if extra is not None:
                part[extra[0]] = part.get(extra[0], 0) + extra[1]
            try:
                return self._static_applies(st, cid, ab, cid)
            finally:
                if extra is not None:
                    part[extra[0]] -= extra[1]
                    if not part[extra[0]]:
                        del part[extra[0]]
        left = list(later)
        while left:
            i = 0
            if len(left) > 1:
                for j, (ab, _n) in enumerate(left):
                    now = holds(ab)
                    if all(holds(ab, (q["kw"], m)) == now for k, (q, m) in enumerate(left) if k != j):
                        i = j  # depends on no remaining grant (711.4)
                        break
            ab, n = left.pop(i)
            if holds(ab):
                part[ab["kw"]] = part.get(ab["kw"], 0) + n
        return part

    def lost(self, st, cid) -> bool:
        """Whether a card in play loses and can't have abilities ("Friends here lose and can't have
        abilities", "That Friend loses ...").  The sources are ordered by ``_lab_active`` (711.3-711.5):
        a source whose own abilities another source removes does nothing."""
        if self._lost_busy:
            return False  # (reading a selector while deciding this: printed abilities)
        if st.get("labm") and self.lost_by_effect(st, cid):
            return True
        self._lost_busy = True
        try:
            return any(self._static_applies(st, a, ab, cid) for a, ab in self._lab_active(st))
        finally:
            self._lost_busy = False

    def lost_by_effect(self, st, cid) -> bool:
        """A timed "loses and can't have abilities" modifier an effect made (``labm``: "until the end of
        the turn", or "while this card remains exhausted"); its source is an effect, not a card's
        ability, so no other modifier can remove it (711.3-711.5 order only abilities)."""
        cards = st["cards"]
        for m in st["labm"]:
            if m["t"] == cid:
                w = m.get("while_ex")
                if w is None or (w in cards and cards[w].get("z") == "play" and cards[w].get("ex")
                                 and not cards[w].get("fr")):
                    return True
        return False

    def add_lab_mod(self, st, cid, until, while_ex=None) -> None:
        """Start a timed "loses and can't have abilities" modifier on a card in play (``labm``); while
        any is kept, the ``lab`` counter counts one more source (the fast paths then ask ``lost``)."""
        st["ts"] += 1
        m = {"t": cid, "u": self.duration(st, until), "ts": st["ts"]}
        if while_ex is not None:
            m["while_ex"] = while_ex
        st.setdefault("labm", []).append(m)
        if not st.get("labt"):
            st["labt"] = 1
            st["lab"] = st.get("lab", 0) + 1
        st["dy"] = 1

    def end_while_exhausted(self, st, cid) -> None:
        """``cid`` readied (or was frightened): its "while this card remains exhausted" modifiers end for
        good (exhausting it again does not bring them back)."""
        self._prune_lab_mods(st, lambda m: m.get("while_ex") != cid)

    def _prune_lab_mods(self, st, keep) -> None:
        st["labm"] = [m for m in st["labm"] if keep(m)]
        if not st["labm"] and st.get("labt"):
            st["labt"] = 0
            st["lab"] = st.get("lab", 0) - 1

    def _lab_active(self, st) -> list:
        """The "lose and can't have abilities" modifiers that apply, in the order of 711.3-711.5.
        Timestamps (711.3a): when each source's abilities began to function (``restamp``).  A
        modifier depends on another (711.3b) when the other would remove its source's abilities (so
        its presence changes whether the first exists at all).  Each step applies the earliest remaining modifier that depends on no other
        remaining one (711.4: a dependent modifier waits until every modifier it depends on has
        applied, even a later-timestamped one); when every remaining one depends on another
        (interdependent, 711.5) the earliest applies.  Applying one removes the remaining modifiers
        of the sources it affects.  E.g. Clipped Wings (AD129) on a Friend, then Trashed (EO167) on
        Clipped Wings: Clipped Wings depends on the later Trashed, so its Friend keeps its abilities;
        two opposing Iron Wills (AD196) at one Problem are interdependent (the earlier one wins)."""
        cards = st["cards"]
        srcs: list = []
        for o in self.in_play_with(st, self.lab_keys):
            oc = cards[o]
            if oc.get("fd") or oc.get("fr") or oc.get("t"):
                continue
            abl = [ab for ab in (self.abb if oc.get("b") else self.abf)[oc["k"]]
                   if ab["kind"] == "static" and ab.get("op") == "lose_abilities"]
            if abl:
                srcs.append((o, abl))
        if len(srcs) < 2:
            return [(o, ab) for o, abl in srcs for ab in abl]
        srcs.sort(key=lambda x: cards[x[0]].get("ts", 0))  # (stable: the play zone's order otherwise)
        # dep[o]: the other sources whose modifiers would remove o's abilities (o depends on them)
        dep = {o: {t for t, tabl in srcs if t != o and any(self._static_applies(st, t, ab, o) for ab in tabl)}
               for o, _ in srcs}
        active: list = []
        left = list(srcs)
        while left:
            names = {o for o, _ in left}
            i = next((j for j, (o, _) in enumerate(left) if not dep[o] & names), 0)  # 711.4, else 711.5
            o, abl = left.pop(i)
            active.extend((o, ab) for ab in abl)
            left = [(t, tabl) for t, tabl in left if o not in dep[t]]  # their sources lost their abilities
        return active

    def disc_play_ok(self, st, cid) -> bool:
        """'You may play this card from your discard pile' ['If a player has 8 or more points, ...']."""
        for ab in self.abf[st["cards"][cid]["k"]]:
            if ab["kind"] == "static" and ab.get("op") == "play_from_disc":
                n = ab.get("min_points")
                if n is None or max(pl["score"] for pl in st["pl"]) >= n:
                    return True
        return False

    def problem_bonus(self, st, pid) -> int:
        """210: a Problem's bonus with "This card's Problem has 0 bonus points" / "... bonus is increased
        by 1" (sources at its area, applied in timestamp order, 711.3)."""
        if st["cards"][pid].get("b0") == st["turn"]:
            return 0  # "That Problem's bonus is 0 until the end of the turn"
        b = self.face(st, pid).bonus or 0
        a = st["cards"][pid]["a"]
        for o, ab in self.statics(st, "bonus_mod"):
            if st["cards"][o]["a"] == a:
                b = ab["n"] if ab.get("set") else b + ab["n"]
        return max(b, 0)

    def arrive_mods(self, st, ev, cid) -> None:
        """'Opposing Friends moved or played here get -1 power until the end of the turn.'"""
        c = st["cards"][cid]
        if self.ctype(st, cid) != FRIEND:
            return
        for o, ab in self.statics(st, "arrive_mod"):
            if st["cards"][o]["a"] == c["a"] and st["cards"][o]["c"] != c["c"]:
                self.add_mod(st, cid, ab["n"], "turn")
                self.log(ev, "power", lambda: f"{self.name(st, cid)} gets {ab['n']:+d} power until the end of the turn")

    def epic(self, st, cid) -> bool:
        """Epic (a keyword: lost with the card's abilities)."""
        if st.get("lab") and self.lost(st, cid):
            return False
        if self.face(st, cid).epic:
            return True
        if st["cards"][cid]["k"] in self.epic_if_keys and any(  # "While this card has at least 3 +1 power counters on it, it is Epic"
                ab["kind"] == "static" and ab.get("op") == "epic_if" and
                st["cards"][cid].get("cn", {}).get(ab["counter"], 0) >= ab["n"] for ab in self.abilities(st, cid)):
            return True
        # "That Troublemaker is Epic" (an attachment's continuous ability)
        return "grant_epic" in self.ops_in_play(st) and any(self._static_applies(st, o, ab, cid)
                                                            for o, ab in self.statics(st, "grant_epic"))

    def replacements(self, st, cid, evs, rskip=(), by=None, to=None) -> list[tuple[str, int]]:
        """Optional replacement modifiers (710) that would replace card ``cid`` being frightened /
        dismissed / leaving play: (source, index of the ability in its abilities).  ``by``: the player doing
        it (an ability with ``by: opp`` replaces only what an opponent of its controller does)."""
        out = []
        cards = st["cards"]
        for o in st["play"]:
            if cards[o]["k"] not in self.sop_keys.get("replace", ()) and not st.get("twn"):
                continue
            if o in rskip or cards[o].get("fr") or cards[o].get("fd"):
                continue
            for i, ab in enumerate(self.abilities(st, o)):
                if ab["kind"] != "static" or ab.get("op") != "replace" or ab["ev"] not in evs:
                    continue
                subj = ab["subj"]
                if subj == "self":
                    ok = cid == o
                elif subj == "host":
                    ok = cards[o].get("h") == cid
                elif subj == "own_problem":  # "this card's Problem": the Problem at this card's area
                    ok = cards[o]["a"] == cards[cid]["a"] and self.problem_at(st, cards[o]["a"]) == cid
                else:
                    ok = self.matches(st, cid, subj, cards[o]["c"], o)
                if not ok or (ab.get("by") == "opp" and by in (None, cards[o]["c"])):
                    continue  # ("... would be frightened or dismissed by an opponent")
                if ab.get("to") == "problem" and not (to or "").startswith(("prob", "dil")):
                    continue  # ("would move a character to a Problem")
                if ab.get("pay") and st["pl"][cards[o]["c"]]["tok"] < ab["pay"]:
                    continue  # "you may pay [1] to ...": only if it can be paid (508.1d)
                if ab.get("need_counter") and not cards[o].get("cn", {}).get(ab["need_counter"]):
                    continue  # "you may remove a +1 power counter from it instead": only while it has one
                if ab.get("need_ready") and (cards[o].get("ex") or not self.can_exhaust(st, o)):
                    continue  # "you may exhaust this card to ...": only if it can be exhausted
                out.append((o, i))
        return out

    def queue_replacement(self, st, cid, evs, rskip, info) -> bool:
        """Queue the controller's ``may`` decision of the first optional replacement modifier that would
        replace this occurrence (710, 712.3); the occurrence happens (or is replaced) when it is
        answered.  710.5: the modifiers are offered one at a time (declining one offers the next)."""
        by = info["mby"] if info.get("mby") is not None else actor(st)  # (noted now: the replacement's frame will be
        # resolving when it is answered)
        found = self.replacements(st, cid, evs, rskip, by, info.get("to"))
        if not found:
            return False
        o, i = found[0]
        e = {"op": "replace_ask", "card": cid, "evs": list(evs), "i": i, "skip": list(rskip), "by": by, **info}
        st["rq"].append({"p": st["cards"][o]["c"], "src": o, "eff": [e], "i": 0, "ch": None, "lbl": "Replacement",
                         "after": None})
        return True

    def power_sources(self, st) -> list:
        """The cards in play with power-changing static abilities, with those abilities: computed
        once when several powers are needed in the same state (``power(..., srcs=...)``)."""
        out = []
        if not st.get("twn") and not st.get("lab"):
            cards = st["cards"]
            for o in self.in_play_with(st, self.pow_keys):
                c = cards[o]
                if not (c.get("fd") or c.get("t") or c.get("fr")):  # (abilities(): 505.1a, 504.1)
                    abl = (self.pow_abb if c.get("b") else self.pow_abf)[c["k"]]
                    if abl:
                        out.append((o, abl))
            return out
        for o in (st["play"] if st.get("twn") else self.in_play_with(st, self.pow_keys)):
            abl = [ab for ab in self.abilities(st, o)
                   if ab["kind"] == "static" and ab.get("op") in POWER_OPS]
            if abl:
                out.append((o, abl))
        return out

    def power(self, st, cid, srcs=None) -> int | None:
        """507: printed power adjusted by counters (519.4), modifiers and continuous abilities.
        Face-down and frightened cards have no power (505.1b, 504).  ``srcs``: a
        ``power_sources(st)`` result for this same state (an optimisation; same result)."""
        c = st["cards"][cid]
        if c.get("fd") or c.get("fr"):
            return None
        if c.get("z") == "play" and "power_fixed" in self.ops_in_play(st):
            for o, ab in self.statics(st, "power_fixed"):
                if self._static_applies(st, o, ab, cid):
                    return ab["n"]  # "Friends here have 2 power and can't gain or lose power."
        if c.get("t"):
            base = c["t"].get("power", 0)
        else:
            base = (self.fb if c.get("b") else self.ff)[c["k"]].power  # face()
            if base is None:
                return None
        p = base + c.get("cn", {}).get("+1", 0)
        mods = st["mods"]
        if mods:
            for m in mods:
                if m["t"] == cid:
                    p += m["n"]
        if c.get("z") != "play":
            return p
        kws = (self.kwb if c.get("b") else self.kwf)[c["k"]] if not c.get("t") else c["t"].get("kw", {})
        twn = st.get("twn")
        if twn and not c.get("t"):
            bor = self._teamwork(st, cid, c)
            if bor:
                kws = dict(kws)
                for o in bor:
                    for k_, v_ in self.kwf[st["cards"][o]["k"]].items():
                        if k_ != "Teamwork":
                            kws[k_] = max(kws.get(k_, 0), v_)
        kwg = st.get("kwg")
        if kws or kwg:
            if st.get("lab") and self.lost(st, cid):
                kws = kwg = None  # "loses and can't have abilities": granted keywords too
        if kws:
            p += self._kw_power(st, cid, c, kws)
        if kwg and (self.in_play_with(st, self.kwg_by.get("*power", NO_KEYS) if not twn else self.kwg_keys)
                    or st.get("kgm")):  # granted Competitive / Supportive / Caretaker / Experienced
            gkw = self.granted_power_kws(st, cid)  # (none without a grant in play or a timed grant)
            if gkw:
                p += self._kw_power(st, cid, c, gkw)
        dmk = self.disc_mane_keys
        if dmk and st["pl"][c["c"]]["mane"] == cid:
            disc = st["pl"][c["c"]]["disc"]
            cards = st["cards"]
            if any(map(dmk.__contains__, map(CARD_KEY, map(cards.__getitem__, disc)))):  # (a C-speed look first)
                for d in disc:  # an ability that functions in the discard pile (701.3)
                    if cards[d]["k"] in dmk and cards[d]["o"] == c["c"]:
                        p += sum(a["n"] for a in self.abf[cards[d]["k"]] if a.get("op") == "disc_mane_power")
        # continuous abilities of cards in play (702, 708)
        if srcs is None:
            srcs = self.power_sources(st)
        mult = 1
        for o, abl in srcs:
            for ab in abl:
                op = ab.get("op")
                if o != cid and (op not in ("power", "power_double") or ab.get("target", "self") == "self"):
                    continue  # (another card's ability about itself: see _static_applies and below)
                if op == "power_double":  # "this card's power is doubled [for each ...]" ("tripled": ``times``)
                    if self._static_applies(st, o, ab, cid):
                        mult *= ab.get("times", 2) ** (self._count(st, o, ab["per"]) if "per" in ab else 1)
                    continue
                if op == "power":
                    if self._static_applies(st, o, ab, cid):
                        # "Your Troublemakers have +1 power for each ..." (a count read at the source)
                        p += ab["n"] * self._count(st, o, ab["per"]) if "per" in ab else ab["n"]
                elif op == "power_is" and o == cid:
                    # "This card's power is equal to <count>": the count replaces the printed power
                    # (counters and modifiers still apply on top, 507)
                    p += self._count(st, cid, ab["count"]) - base
                elif op == "power_per_beneath" and o == cid and (not ab.get("cond") or self._cond(st, o, ab["cond"])):
                    p += ab["n"] * self.beneath_count(st, cid)
                elif op == "power_per" and o == cid and (not ab.get("fo_only") or st["fo"]) \
                        and (not ab.get("cond") or self._cond(st, o, ab["cond"])):
                    p += ab["n"] * self._count(st, cid, ab["count"])
        return p * mult if mult != 1 else p  # doubled / tripled after every other change (507)

    def _count(self, st, src, cnt) -> int:
        c = st["cards"][src]
        if cnt.get("k") == "opp_hand":
            return len(st["pl"][1 - c["c"]]["hand"])
        if cnt.get("k") == "your_tokens":
            return st["pl"][c["c"]]["tok"]
        if cnt.get("k") == "self_counter":  # "for each Momentum counter on it"
            return c.get("cn", {}).get(cnt["counter"], 0)
        if cnt.get("k") == "disc_types":  # "for each card type among cards in your discard pile"
            return len({self.types[st["cards"][d]["k"]] for d in st["pl"][c["c"]]["disc"]})
        if cnt.get("k") == "opp_tokens":
            return st["pl"][1 - c["c"]]["tok"]
        k = cnt.get("k")
        if k is not None:
            return self._count_kind(st, src, c, cnt, k)
        if cnt.get("at_problem") and not c["a"].startswith(("prob", "dil")):
            return 0  # "at its Problem": a card at home has no Problem
        sel = cnt["sel"]
        if sel.get("state") == "frightened":
            return sum(1 for o in st["play"] if st["cards"][o].get("fr") and self.ctype(st, o) == FRIEND)
        return len(self.select(st, sel, c["c"], src))

    def _count_kind(self, st, src, c, cnt, k) -> int:
        """Counts for "+N power for each ..." abilities that are not a count of cards in play."""
        ctrl = c["c"]
        if k == "your_hand":
            return len(st["pl"][ctrl]["hand"])
        if k == "own_colors":  # "for each color it has"
            return len(self.colors(st, src))
        if k in ("colors_among", "traits_among"):  # "for each color/different Trait among <selector>"
            seen: set = set()
            for o in self.select(st, cnt["sel"], ctrl, src):
                seen.update(self.colors(st, o) if k == "colors_among" else self.traits(st, o))
            return len(seen)
        if k == "disc_colors":  # "for each color among Friends in discard piles" (printed colors)
            seen = set()
            for pl in st["pl"]:
                for d in pl["disc"]:
                    f = self.ff[st["cards"][d]["k"]]
                    if f.type == FRIEND:
                        seen.update(f.colors)
            return len(seen)
        if k == "disc_type":  # "for each Event in your discard pile"
            return sum(1 for d in st["pl"][ctrl]["disc"] if self.types[st["cards"][d]["k"]] == cnt["type"])
        if k == "named":  # "for each Slick Shades in play"
            if cnt.get("yours_other"):  # "for each of your other Friends named Pukwudgie, Prickly Pest"
                return sum(1 for o in st["play"] if o != src and st["cards"][o].get("c") == ctrl and self.name(st, o) == cnt["name"]
                           and self.ctype(st, o) == FRIEND and not st["cards"][o].get("fd"))
            return sum(1 for o in st["play"] if self.name(st, o) == cnt["name"] and not st["cards"][o].get("fd"))
        if k == "titled_other":  # "for each other Pukwudgie in play" (a title, 201.3a; face-down cards have none)
            return sum(1 for o in st["play"] if o != src and not st["cards"][o].get("fd") and not st["cards"][o].get("t")
                       and self.face(st, o).title == cnt["title"])
        if k == "opp_highest_here":  # "double the power of an opposing character here with the highest power" (AD156)
            return cnt.get("times", 1) * self._opp_highest_here(st, src, c)
        if k == "beneath":  # "for each card beneath this card"
            return self.beneath_count(st, src)
        if k == "own_power":  # "Eccentric X, where X is this card's power"
            return max(self.power(st, src) or 0, 0)
        if k == "deck_top_power":  # "the printed power of the top card of your deck" (202)
            deck = st["pl"][ctrl]["deck"]
            return (self.ff[st["cards"][deck[0]]["k"]].power or 0) if deck else 0
        if k == "disc_title":  # "for each Dr. Hooves Friend in your discard pile" (201.3a)
            out = 0
            for d in st["pl"][ctrl]["disc"]:
                f = self.ff[st["cards"][d]["k"]]
                if ("type" not in cnt or f.type == cnt["type"]) and (f.title == cnt["title"] or f.name == cnt["title"] or
                                                                     cnt["title"] in self.alias_keys.get(st["cards"][d]["k"], ())):
                    out += 1
            return out
        if k == "ban_type":  # "for each Event in each Banished Zone"
            return sum(1 for pl in st["pl"] for d in pl["ban"] if self.types[st["cards"][d]["k"]] == cnt["type"])
        return 0

    def _opp_highest_here(self, st, src, c) -> int:
        """The highest power among the opposing characters in the card's area (0 with none: 105.2).  (The one card
        reading it, AD156, is a Troublemaker: no character's power reads it back.)"""
        return max((self.power(st, o) or 0 for o in self.chars_at(st, c["a"]) if st["cards"][o]["c"] != c["c"]), default=0)

    def _kw_power(self, st, cid, c, kws) -> int:
        p = 0
        fo = st["fo"]
        if fo and "Competitive" in kws and self.involved(st, cid):
            p += kws["Competitive"]  # Competitive X
        ctrl = c["c"]
        area = c["a"]
        if "Caretaker" in kws and area.startswith(("prob", "dil")):
            for o in st["play"]:
                if o != cid and st["cards"][o].get("c") == ctrl and st["cards"][o]["a"] == area and \
                        self.ctype(st, o) == FRIEND and "Critter" in self.traits(st, o):
                    p += 1  # Caretaker
                    break
        x = kws.get("Supportive", 0) if not c.get("t") else 0
        if x:
            mane = st["pl"][ctrl]["mane"]
            if mane in st["cards"] and st["cards"][mane]["a"] == area and mane != cid and \
                    set(self.colors(st, mane)) & set(self.colors(st, cid)):
                p += x  # Supportive X (its current colors: it depends on color modifiers, 711.3b)
        if "Experienced" in kws and not c.get("t"):
            nm = self.face(st, cid).name
            p += sum(1 for d in st["pl"][ctrl]["disc"] if self.db.cards[st["cards"][d]["k"]].name == nm)
        return p

    def _own_statics(self, c) -> dict:
        """A card's static abilities by op, as ``abilities`` gives them while ``st["twn"]`` and
        ``st["lab"]`` are unset (then it has no side effects nor borrowed abilities)."""
        if c.get("fd") or c.get("t") or c.get("fr"):
            return _NO_OPS  # 505.1a, 504.1
        return (self.sopb if c.get("b") else self.sopf).get(c["k"], _NO_OPS)

    def has_static(self, st, op, ctrl=None, area=None) -> list[str]:
        if op not in self.ops_in_play(st):
            return []  # (no card in play prints it; abilities() only lends printed abilities of cards in play)
        out = []
        cards = st["cards"]
        if not st.get("twn") and not st.get("lab"):
            for o in self.in_play_with(st, self.sop_keys[op]):  # (op is in ops_in_play)
                c = cards[o]
                if (ctrl is None or c["c"] == ctrl) and (area is None or c["a"] == area) and op in self._own_statics(c):
                    out.append(o)
            return out
        for o in self.in_play_with(st, self.static_keys):
            c = cards[o]
            if (ctrl is not None and c["c"] != ctrl) or (area is not None and c["a"] != area):
                continue
            if any(ab["kind"] == "static" and ab.get("op") == op for ab in self.abilities(st, o)):
                out.append(o)
        return out

    def hand_revealed(self, st, p) -> bool:
        """'Opponents play with their hands revealed.'"""
        return bool(self.has_static(st, "reveal_opp_hands", ctrl=1 - p))

    def _static_applies(self, st, src, ab, cid) -> bool:
        tgt = ab.get("target", "self")
        s = st["cards"][src]
        if s.get("z") != "play" or s.get("fr"):
            return False
        if tgt == "self":
            ok = src == cid
        elif tgt == "host":
            ok = s.get("h") == cid
        else:
            ok = self.matches(st, cid, tgt, s["c"], src)
        if not ok:
            return False
        if ab.get("fo_only") and not st["fo"]:
            return False
        if ab.get("fo_only") in ("tm", "problem") and not self.fo_is(st, ab["fo_only"]):
            return False
        cond = ab.get("cond")
        if cond:
            return self._cond(st, src, cond)
        return True

    def _cond(self, st, src, cond) -> bool:
        c = st["cards"][src]
        k = cond.get("k")
        handler = STATIC_CONDITIONS.get(k)
        if handler is None:
            return False
        return handler(self, st, src, cond, c, k)

    # ================================================================= rule modifiers (702, statics work)
    def statics(self, st, op) -> list[tuple[str, dict]]:
        """(source id, ability) of every continuous ability ``op`` of the cards in play whose
        conditions hold.  Frightened and face-down cards have no abilities (504, 505.1a)."""
        if op not in self.ops_in_play(st):
            return []
        out = []
        twn = st.get("twn")
        if not twn and not st.get("lab"):
            cards = st["cards"]
            for o in self.in_play_with(st, self.sop_keys[op]):  # (op is in ops_in_play)
                for ab in self._own_statics(cards[o]).get(op, ()):
                    if not ab.get("cond") or self._cond(st, o, ab["cond"]):
                        out.append((o, ab))
            return out
        if twn and not self.in_play_with(st, self.tw_sop.get(op, NO_KEYS)) and self.af_free(st):
            twn = None  # no Teamwork card in play lends it: only cards printing it have it (see af_free)
        for o in (st["play"] if twn else self.in_play_with(st, self.sop_keys.get(op, NO_KEYS))):
            for ab in self.abilities(st, o):
                if ab["kind"] == "static" and ab.get("op") == op and (not ab.get("cond") or self._cond(st, o, ab["cond"])):
                    out.append((o, ab))
        return out

    def prevented(self, st, cid, op, phase=None) -> bool:
        """Whether a continuous "can't" ability ``op`` (no_frighten, no_dismiss, no_exhaust, no_ready)
        applies to card ``cid``: its target (self, host or a selector), ``max_power`` ("If that
        character has 3 or less power") and ``phase`` ("during the Ready Phase")."""
        if op not in self.ops_in_play(st):
            return False
        for o, ab in self.statics(st, op):
            if ab.get("phase") and ab["phase"] != phase:
                continue
            if not self._static_applies(st, o, ab, cid):
                continue
            if "max_power" in ab and (self.power(st, cid) or 0) > ab["max_power"]:
                continue
            return True
        return False

    def can_exhaust(self, st, cid, by=None) -> bool:
        """'That Friend can't be exhausted.' / 'Players can't exhaust their Friends.' (104.2; a cost
        requiring it can't be paid, 104.2a)"""
        if self.prevented(st, cid, "no_exhaust"):
            return False
        c = st["cards"][cid]
        return not (by is not None and by == c.get("c") and "no_exhaust_own" in self.ops_in_play(st)
                    and self.ctype(st, cid) == FRIEND and self.statics(st, "no_exhaust_own"))

    def persistent_applies(self, st, cid) -> bool:
        """Persistent replaces leaving play of a face-up Friend that has it (a frightened card is
        face down and has no abilities, 505.1a)."""
        c = st["cards"].get(cid)
        return bool(c) and self.in_play(st, cid) and not c.get("fr") and self.ctype(st, cid) == FRIEND \
            and bool(self.kw(st, cid, "Persistent"))

    def add_mod(self, st, cid, n, until, col=None) -> None:
        st["ts"] += 1
        m = {"t": cid, "n": n, "u": self.duration(st, until), "ts": st["ts"]}  # 711.3a timestamp
        if col:
            m["col"] = col  # an added color (not power)
        st["mods"].append(m)

    def duration(self, st, until) -> str:
        """'until the end of the phase' -> the phase the effect resolves in (601.1): the Main Phase
        ("main_phase", expired when the Main Phase ends), the Score Phase, or else the turn."""
        if until != "phase":
            return until
        s = st.get("step")
        if s in ("main", "main_start", "w_main_end"):
            return "main_phase"
        if s in SCORE_STEPS:
            return "score_phase"
        return "turn"

    # ================================================================= cleanup
    def expire(self, st, until) -> None:
        if st["mods"]:
            st["mods"] = [m for m in st["mods"] if m["u"] != until]
        if st.get("labm"):  # timed "loses and can't have abilities" (a card that left play is a new one, 410.6)
            cards = st["cards"]
            self._prune_lab_mods(st, lambda m: m["u"] != until and cards.get(m["t"], {}).get("z") == "play"
                                 and (m.get("while_ex") is None or cards.get(m["while_ex"], {}).get("z") == "play"))
        if st.get("kgm") is not None:  # timed keyword grants (add_kw_grant)
            st["kgm"] = [g for g in st["kgm"] if g["u"] != until]
            if not st["kgm"] and st.get("kgt"):
                st["kgt"] = 0
                st["kwg"] = st.get("kwg", 0) - 1
        if st.get("ctl"):
            keep = []
            for x in st["ctl"]:
                if x["u"] == until:
                    c = st["cards"].get(x["t"])
                    if c and c.get("z") == "play":
                        c["c"] = x["to"]  # control returns (513.2); PPP sends characters home (511.5)
                        st["dy"] = 1
                else:
                    keep.append(x)
            st["ctl"] = keep
        if st.get("cmods"):
            st["cmods"] = [m for m in st["cmods"] if m["u"] != until]
        if st.get("amr"):  # timed area restrictions (effects.timed.area_restrict)
            st["amr"] = [r for r in st["amr"] if r["u"] != until]
        if st.get("cmr"):  # timed "can't be moved" on one card (effects.timed.card_no_move)
            st["cmr"] = [r for r in st["cmr"] if r["u"] != until]
        if st.get("clr"):  # timed "can't leave play" on one card (effects.timed.card_no_leave)
            st["clr"] = [r for r in st["clr"] if r["u"] != until]
        for pl in st["pl"]:
            if pl.get("req_red"):
                pl["req_red"] = [r for r in pl["req_red"] if r["u"] != until]
            if pl.get("fo_plus"):
                pl["fo_plus"] = [r for r in pl["fo_plus"] if r["u"] != until]
            if pl.get("ttok"):  # "gain [1] until the end of the phase": lose it again, if still there (effects.timed.temp_gain)
                for r in [r for r in pl["ttok"] if r["u"] == until]:
                    pl["tok"] -= min(r["n"], pl["tok"])
                pl["ttok"] = [r for r in pl["ttok"] if r["u"] != until]
            if pl.get("tmr"):  # timed restrictions on a player (effects.timed.restrict)
                pl["tmr"] = [r for r in pl["tmr"] if r["u"] != until]
            if pl.get("fmod"):  # timed flip-count modifiers (effects.timed.flip_mod)
                pl["fmod"] = [r for r in pl["fmod"] if r["u"] != until]

    def prune_mods(self, st) -> None:
        cards = st["cards"]
        if st["mods"]:
            st["mods"] = [m for m in st["mods"] if m["t"] in cards]


def _while_faceoff(self, st, src, cond, _c, _k) -> bool:
    if cond.get("fo") in ("tm", "problem") and not self.fo_is(st, cond["fo"]):
        return False
    return bool(st["fo"]) and self.involved(st, src)


def _while_at_problem(self, _st, _src, _cond, c, _k) -> bool:
    return c["a"].startswith(("prob", "dil"))


def _while_at_home(self, _st, _src, _cond, c, _k) -> bool:
    return c["a"].startswith("home")


def _while_hand_at_least(self, st, _src, cond, c, _k) -> bool:
    return len(st["pl"][c["c"]]["hand"]) >= cond["n"]


def _while_cutie(self, _st, _src, _cond, c, _k) -> bool:
    return bool(c.get("cm"))


def _while_your_turn(self, st, _src, _cond, c, _k) -> bool:
    return st["tp"] == c["c"]


def _while_opp_turn(self, st, _src, _cond, c, _k) -> bool:
    return st["tp"] != c["c"]


def _while_power_at_least(self, st, src, cond, _c, k) -> bool:
    # keyword grants only (cardtext.parse_static_keyword)
    pw = self.power(st, src)
    if pw is None:
        return False
    return pw >= cond["n"] if k == "power_at_least" else pw <= cond["n"]


def _while_hand_at_most(self, st, _src, cond, c, _k) -> bool:
    return len(st["pl"][c["c"]]["hand"]) <= cond["n"]


def _while_opp_mane_boosted(self, st, _src, _cond, c, k) -> bool:
    m = st["pl"][1 - c["c"]]["mane"]
    mc = st["cards"].get(m)
    if not mc or mc.get("z") != "play":
        return False
    return bool(mc.get("b")) if k == "opp_mane_boosted" else mc["a"].startswith("home")


def _while_no_opp_here(self, st, _src, _cond, c, _k) -> bool:
    return not any(st["cards"][o].get("c") != c["c"] and st["cards"][o]["a"] == c["a"] and self.is_char(st, o)
                   for o in st["play"])


def _while_exhausted(self, _st, _src, _cond, c, _k) -> bool:
    return bool(c.get("ex"))


def _while_host_involved(self, st, _src, _cond, c, _k) -> bool:
    # a Resource's "While involved in a faceoff, that Friend has +1 power"
    return bool(st["fo"]) and bool(c.get("h")) and self.involved(st, c["h"])


def _while_opp_more_points(self, st, _src, _cond, c, _k) -> bool:
    # "While an opponent has more points than you"
    return st["pl"][1 - c["c"]]["score"] > st["pl"][c["c"]]["score"]


def _while_opp_inv_power(self, st, src, cond, _c, _k) -> bool:
    return self._fo_cond(st, src, cond)


def _while_more_chars_here(self, st, _src, _cond, c, _k) -> bool:
    # "While you have more characters here than any opponent"
    ch = self.chars_at(st, c["a"])
    mine = sum(1 for o in ch if st["cards"][o]["c"] == c["c"])
    return mine > len(ch) - mine


def _while_mane_color(self, st, _src, cond, c, _k) -> bool:
    m = st["pl"][c["c"]]["mane"]
    return m in st["cards"] and cond["color"] in self.colors(st, m)


def _while_with(self, st, src, cond, c, _k) -> bool:
    ty = cond.get("type", "character")
    for o in st["play"]:
        oc = st["cards"][o]
        if o == src or oc.get("c") != c["c"] or oc["a"] != c["a"] or oc.get("fd"):
            continue
        t_ = self.ctype(st, o)
        if not (t_ in CHAR_TYPES if ty == "character" else t_ == ty):
            continue
        if ("trait" in cond and cond["trait"] in self.traits(st, o)) or \
                ("color" in cond and cond["color"] in self.colors(st, o)):
            return True
    return False


def _while_all(self, st, src, cond, _c, _k) -> bool:
    # several conditions ("While this card is exhausted and at a Problem")
    return all(self._cond(st, src, x) for x in cond.get("conds") or cond.get("of") or ())


def _while_with_title(self, st, src, cond, c, _k) -> bool:
    # "While with your Rainbow Dash" (201.3a)
    return any(o != src and st["cards"][o].get("c") == c["c"] and st["cards"][o]["a"] == c["a"]
               and self.is_char(st, o) and self.has_title(st, o, cond["title"]) for o in st["play"])


def _while_at_problem_with(self, st, src, cond, c, _k) -> bool:
    # "While at a Problem with a [Kindness] Friend / with Pinkie Pie"
    if not c["a"].startswith(("prob", "dil")):
        return False
    sel = dict(cond["sel"], at="here", other=True)
    return any(self.matches(st, o, sel, c["c"], src) for o in st["play"])


def _while_you_have(self, st, src, cond, c, _k) -> bool:
    # "While you have a Friend in play / another Dragon character"
    return any(self.matches(st, o, cond["sel"], c["c"], src) for o in st["play"])


def _while_ready(self, _st, _src, _cond, c, _k) -> bool:
    return not c.get("ex") and not c.get("fr")


def _while_mane_boosted(self, st, _src, _cond, c, k) -> bool:
    m = st["cards"].get(st["pl"][c["c"]]["mane"])
    return bool(m and m.get("b")) == (k == "mane_boosted")


def _while_not_cutie(self, _st, _src, _cond, c, _k) -> bool:
    return not c.get("cm")


def _while_any_of(self, st, src, cond, _c, _k) -> bool:
    # "While you have Princess Luna, Princess Twilight Sparkle, or Princess Cadance"
    return any(self._cond(st, src, x) for x in cond["of"])


def _while_self_counters(self, _st, _src, cond, c, _k) -> bool:
    # "While this card has at least one Postage counter on it"
    return c.get("cn", {}).get(cond["counter"], 0) >= cond["n"]


def _while_main_phase(self, st, _src, _cond, _c, _k) -> bool:
    return st.get("step") in ("main", "main_start", "w_main_end")


def _while_host_only_friend(self, st, _src, _cond, c, _k) -> bool:
    # "While that Friend is the only Friend at its Problem"
    h = c.get("h")
    hc = st["cards"].get(h) if h else None
    if not hc or hc.get("z") != "play" or not hc["a"].startswith(("prob", "dil")):
        return False
    return not any(o != h and st["cards"][o]["a"] == hc["a"] and self.ctype(st, o) == FRIEND for o in st["play"])


def _while_fd_tm_here(self, st, _src, _cond, c, _k) -> bool:
    # "While there is a facedown Troublemaker here"
    return any(st["cards"][o]["a"] == c["a"] and st["cards"][o].get("fd") and self.ctype(st, o) == TM
               for o in st["play"])


def _while_opp_boosted_mane_here(self, st, _src, _cond, c, _k) -> bool:
    # "While an opponent's boosted Mane Character is here"
    m = st["cards"].get(st["pl"][1 - c["c"]]["mane"])
    return bool(m and m.get("z") == "play" and m.get("b") and m["a"] == c["a"])


def _while_highest_power_here(self, st, src, _cond, c, _k) -> bool:
    # "While this card has power higher than any other Friend here"
    pw = self.power(st, src)
    if pw is None:
        return False
    return all((self.power(st, o) or 0) < pw for o in st["play"] if o != src
               and st["cards"][o]["a"] == c["a"] and self.ctype(st, o) == FRIEND)


def _while_opp_controls_not_owned(self, st, _src, _cond, c, _k) -> bool:
    # "While an opponent controls a Friend they do not own"
    q = 1 - c.get("c", c["o"])
    return any(st["cards"][o].get("c") == q and st["cards"][o]["o"] != q and self.ctype(st, o) == FRIEND
               for o in st["play"])


def _while_you_have_none(self, st, src, cond, c, _k) -> bool:
    # "While you have no [Honesty] Friends"
    return not any(self.matches(st, o, cond["sel"], c["c"], src) for o in st["play"])


def _while_friends_cmp(self, st, _src, cond, c, _k) -> bool:
    # "While an opponent has more Friends than you" / "you have more ... than"
    n = [sum(1 for o in st["play"] if st["cards"][o].get("c") == q and self.ctype(st, o) == FRIEND
             and not st["cards"][o].get("fd")) for q in (c["c"], 1 - c["c"])]
    return n[1] > n[0] if cond["who"] == "opp" else n[0] > n[1]


def _while_disc_has(self, st, _src, cond, c, _k) -> bool:
    # "While you have a Friend in your discard pile"
    return any(self.types[st["cards"][d]["k"]] == cond["type"] for d in st["pl"][c["c"]]["disc"])


def _while_any_score_at_least(self, st, _src, cond, _c, _k) -> bool:
    # "While a player has 8 or more points"
    return any(pl["score"] >= cond["n"] for pl in st["pl"])


def _while_opp_tokens_at_least(self, st, _src, cond, c, _k) -> bool:
    # "While an opponent has at least [2]"
    return st["pl"][1 - c["c"]]["tok"] >= cond["n"]


def _while_host_fo(self, st, _src, cond, c, _k) -> bool:
    # a Resource's host involved in a (Troublemaker) faceoff
    h = c.get("h")
    fo = st["fo"]
    return bool(h and fo and (cond.get("fo") is None or fo["type"] == cond["fo"]) and self.involved(st, h))


def _while_score_phase(self, st, _src, _cond, c, k) -> bool:
    # "during the Score Phase" (610) / "your opponent's"
    if st.get("step") not in SCORE_STEPS:
        return False
    return k == "score_phase" or st["tp"] != c["c"]


def _while_host_at_problem(self, st, _src, _cond, c, _k) -> bool:
    # "While that Friend is at a Problem"
    hc = st["cards"].get(c.get("h")) if c.get("h") else None
    return bool(hc and hc.get("z") == "play" and hc["a"].startswith(("prob", "dil")))


def _while_host_at_opp_problem(self, st, _src, _cond, c, _k) -> bool:
    # "While this Friend is at an opponent's Problem" (PR141, an attachment: its host; 501.1 a player's Problem)
    hc = st["cards"].get(c.get("h")) if c.get("h") else None
    return bool(hc and hc.get("z") == "play" and hc["a"] == f"prob{1 - c['c']}")


def _while_host_most_resources(self, st, _src, _cond, c, _k) -> bool:
    # "While that Friend has more Resources on it than any other Friend" (AD121; 509: Resources attached to it)
    cards = st["cards"]
    h = c.get("h")
    if h not in cards:
        return False
    on: dict = {}
    for o in st["play"]:
        x = cards[o].get("h")
        if x and self.ctype(st, o) == "Resource":
            on[x] = on.get(x, 0) + 1
    mine = on.get(h, 0)
    return all(n < mine for x, n in on.items() if x != h and self.ctype(st, x) == FRIEND)


def _while_color_power_at_least(self, st, _src, cond, c, _k) -> bool:
    # "if you have at least 3 [Generosity] in play": the power of that color its controller has (507.3)
    p = c["c"]
    cards = st["cards"]
    total = sum(self.power(st, o) or 0 for o in st["play"]
                if cards[o]["c"] == p and self.is_char(st, o) and cond["color"] in self.colors(st, o))
    return total >= cond["n"]


def _while_host_boosted(self, st, _src, _cond, c, _k) -> bool:
    # "While that Mane Character is boosted"
    hc = st["cards"].get(c.get("h")) if c.get("h") else None
    return bool(hc and hc.get("z") == "play" and hc.get("b"))


def _while_host_trait(self, st, _src, cond, c, _k) -> bool:
    # "If that Friend is a Changeling"
    h = c.get("h")
    return bool(h and self.in_play(st, h) and cond["trait"] in self.traits(st, h))


def _while_host_highest_power_here(self, st, _src, _cond, c, k) -> bool:
    # "While that Friend has power higher than any other
    h = c.get("h")                                       # Friend here" / "if that Mane Character is at home"
    hc = st["cards"].get(h) if h else None
    if not hc or hc.get("z") != "play":
        return False
    if k == "host_at_home":
        return hc["a"].startswith("home")
    pw = self.power(st, h)
    return pw is not None and all((self.power(st, o) or 0) < pw for o in st["play"] if o != h
                                  and st["cards"][o]["a"] == hc["a"] and self.ctype(st, o) == FRIEND)


def _while_sel_at_least(self, st, src, cond, c, _k) -> bool:
    # "While there are at least 2 Pegasus Friends at this card's Problem"
    return len(self.select(st, cond["sel"], c["c"], src)) >= cond["n"]


def _while_your_tp(self, st, _src, _cond, c, _k) -> bool:
    # "during your Troublemaker Phase" (606)
    return st["tp"] == c["c"] and st.get("step") in ("tp_start", "w_tp", "tm_uncover", "w_uncovered", "tm_challenge", "tp_end", "w_tp_end")


def _while_friends_here_at_least(self, st, _src, cond, c, _k) -> bool:
    # "While you have 4 or more Friends here"
    return sum(1 for o in st["play"] if st["cards"][o].get("c") == c["c"] and st["cards"][o]["a"] == c["a"]
               and self.ctype(st, o) == FRIEND and not st["cards"][o].get("fd")) >= cond["n"]


def _while_you_points_at_least(self, st, _src, cond, c, _k) -> bool:
    # "While you have at least 8 points"
    return st["pl"][c["c"]]["score"] >= cond["n"]


def _while_beneath_at_least(self, st, src, cond, _c, _k) -> bool:
    # "While this card has at least 1 card beneath it"
    return self.beneath_count(st, src) >= cond["n"]


def _while_with_trait(self, st, src, cond, c, _k) -> bool:
    tr = cond["trait"]
    return any(o != src and st["cards"][o].get("c") == c["c"] and st["cards"][o]["a"] == c["a"]
               and tr in self.traits(st, o) for o in st["play"])


def _while_chars_here_min(self, st, src, cond, _c, k) -> bool:
    # (conditions of timed abilities, effects.timed.py)
    return CARD_CONDS[k](self, st, src, cond)


#: a static ability's condition ("While ...") -> its test (rules, st, src, cond, card, k)
STATIC_CONDITIONS = {
    "faceoff": _while_faceoff,
    "at_problem": _while_at_problem,
    "at_home": _while_at_home,
    "hand_at_least": _while_hand_at_least,
    "cutie": _while_cutie,
    "your_turn": _while_your_turn,
    "opp_turn": _while_opp_turn,
    "power_at_least": _while_power_at_least,
    "power_at_most": _while_power_at_least,
    "hand_at_most": _while_hand_at_most,
    "opp_mane_boosted": _while_opp_mane_boosted,
    "opp_mane_home": _while_opp_mane_boosted,
    "no_opp_here": _while_no_opp_here,
    "exhausted": _while_exhausted,
    "host_involved": _while_host_involved,
    "opp_more_points": _while_opp_more_points,
    "opp_inv_power": _while_opp_inv_power,
    "inv_with": _while_opp_inv_power,
    "fo_area_with": _while_opp_inv_power,
    "more_chars_here": _while_more_chars_here,
    "mane_color": _while_mane_color,
    "with": _while_with,
    "all": _while_all,
    "with_title": _while_with_title,
    "at_problem_with": _while_at_problem_with,
    "you_have": _while_you_have,
    "ready": _while_ready,
    "mane_boosted": _while_mane_boosted,
    "mane_not_boosted": _while_mane_boosted,
    "not_cutie": _while_not_cutie,
    "any_of": _while_any_of,
    "self_counters": _while_self_counters,
    "main_phase": _while_main_phase,
    "host_only_friend": _while_host_only_friend,
    "fd_tm_here": _while_fd_tm_here,
    "opp_boosted_mane_here": _while_opp_boosted_mane_here,
    "highest_power_here": _while_highest_power_here,
    "opp_controls_not_owned": _while_opp_controls_not_owned,
    "you_have_none": _while_you_have_none,
    "friends_cmp": _while_friends_cmp,
    "disc_has": _while_disc_has,
    "any_score_at_least": _while_any_score_at_least,
    "opp_tokens_at_least": _while_opp_tokens_at_least,
    "host_fo": _while_host_fo,
    "score_phase": _while_score_phase,
    "opp_score_phase": _while_score_phase,
    "host_at_problem": _while_host_at_problem,
    "host_at_opp_problem": _while_host_at_opp_problem,
    "host_most_resources": _while_host_most_resources,
    "color_power_at_least": _while_color_power_at_least,
    "host_boosted": _while_host_boosted,
    "host_trait": _while_host_trait,
    "host_highest_power_here": _while_host_highest_power_here,
    "host_at_home": _while_host_highest_power_here,
    "sel_at_least": _while_sel_at_least,
    "your_tp": _while_your_tp,
    "friends_here_at_least": _while_friends_here_at_least,
    "you_points_at_least": _while_you_points_at_least,
    "beneath_at_least": _while_beneath_at_least,
    "with_trait": _while_with_trait,
    "chars_here_min": _while_chars_here_min,
    "over_home_limit": _while_chars_here_min,
    "lowest_here": _while_chars_here_min,
    "different_powers": _while_chars_here_min,
    "won_faceoff_turn": _while_chars_here_min,
    "any_faceoff": _while_chars_here_min,
    "can_pay_hand_minus": _while_chars_here_min,
}
