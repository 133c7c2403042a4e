"""Confronting (611) and faceoff totals (514): who is involved and contributes, the totals with
flipped cards, a Problem's requirements and whether a player meets them (611.3)."""
from __future__ import annotations

from itertools import combinations

from ..constants import COLOR_NAMES, FRIEND, INFINITE, TM, opponent


#: steps of the Score Phase (610): "during the Score Phase" conditions
SCORE_STEPS = ("score", "w_score", "score_go", "confront", "faceoff_step", "w_solve", "solve", "w_score_end")

_SOLVED: dict = {}


def solve_requirements(chars: list[tuple[int, tuple[str, ...]]], reqs: list[tuple[str, int]]) -> bool:
    """Assignment problem of 611.3: can the characters (power, colors) cover every requirement?
    Memoised on its (hashable) arguments: it is a pure function."""
    key = (tuple(chars), tuple(reqs))
    res = _SOLVED.get(key)
    if res is None:
        if len(_SOLVED) > 50000:
            _SOLVED.clear()
        res = _SOLVED[key] = _solve_requirements(chars, reqs)
    return res


def _solve_requirements(chars, reqs) -> bool:
    need = [n for _, n in reqs]
    kinds = [c for c, _ in reqs]
    if sum(p for p, _ in chars) < sum(need):
        return False
    chars = sorted(chars, key=lambda x: -x[0])

    def fits(colors, kind):
        if kind == "Wild":
            return True
        if kind.startswith("Not "):
            bad = kind[4:]
            return any(c != bad for c in colors) or not colors
        return kind in colors

    memo: dict = {}
    suffix = [0] * (len(chars) + 1)
    for i in range(len(chars) - 1, -1, -1):
        suffix[i] = suffix[i + 1] + chars[i][0]

    def rec(i, need_t):
        if all(n <= 0 for n in need_t):
            return True
        if i == len(chars) or suffix[i] < sum(n for n in need_t if n > 0):
            return False
        key = (i, need_t)
        if key in memo:
            return memo[key]
        pw, cols = chars[i]
        res = False
        tried = set()
        for j, kind in enumerate(kinds):
            if need_t[j] > 0 and fits(cols, kind) and (kind, need_t[j]) not in tried:
                tried.add((kind, need_t[j]))
                nt = list(need_t)
                nt[j] -= pw
                if rec(i + 1, tuple(nt)):
                    res = True
                    break
        if not res:
            res = rec(i + 1, need_t)
        memo[key] = res
        return res

    return rec(0, tuple(need))


class ConfrontAndFaceoff:
    """Confronting (611) and faceoff totals (514): who is involved and contributes, the totals with"""

    # ================================================================= involvement / faceoffs
    def involved(self, st, cid) -> bool:
        """514.2: involvement is checked continuously from the faceoff's description."""
        fo = st["fo"]
        if not fo:
            return False
        c = st["cards"].get(cid)
        if not c or c.get("z") != "play":
            return False
        if "join" in fo or "out" in fo:  # an effect made it (cease to) be involved (514.2c, 514.2d.i)
            if cid in fo.get("out", ()):
                return False
            if cid in fo.get("join", ()):
                return True
        if "xinv" in fo and cid in fo["xinv"]:  # "this card becomes involved in the faceoff" (effects.timed.join_faceoff, 514.2d.i)
            return True
        if fo["type"] == "tm":
            if cid == fo["tm"]:
                return True
            if self.types.get(c["k"]) == "Mane Character" and not c.get("t") and fo["tm"] in st["cards"] and \
                    any(a.get("op") == "no_mane_tm_fo" for a in self.abilities(st, fo["tm"])):
                return False  # "Mane Characters can't be involved in Troublemaker faceoffs involving this card" (104.2)
            if "tm_inv" in fo or "tm_all" in fo:  # a challenge by an effect (514.2a.i; effects.timed.challenge)
                return cid in fo["tm_inv"] if "tm_inv" in fo else c["c"] == fo["chal"] and self.is_char(st, cid)
            return c["a"] in fo["areas"] and c["c"] == fo["chal"] and self.is_char(st, cid)  # 514.2a
        if self.types.get(c["k"]) == "Mane Character" and not c.get("t") and self.has_static(st, "no_mane_fo"):
            return False  # "Mane Characters can't be involved in faceoffs"
        if fo["type"] == "effect":
            # 514.2c started by an effect: its cards are flagged (514.2d.i), or everyone's characters
            # at its Problem are involved (checked continuously, 514.2d)
            return cid in fo["inv"] or (bool(fo.get("inv_area")) and c["a"] in fo["areas"] and self.is_char(st, cid))
        return c["a"] in fo["areas"] and self.is_char(st, cid)  # 514.2b

    def contributes(self, st, cid) -> bool:
        """503.5: exhausted cards don't contribute (unless Stubborn); frightened/face-down have no power."""
        c = st["cards"][cid]
        if c.get("fr") or c.get("fd"):
            return False
        if c.get("ex") and not ((c["k"] in self.kw_keys.get("Stubborn", ()) or c.get("t") or self.kw_may_differ(st, "Stubborn"))
                                and self.kw(st, cid, "Stubborn")):
            return False
        if "no_faceoff_power" not in self.ops_in_play(st) and self.af_free(st):
            return True  # (no card has it without one printing it in play; see af_free)
        for ab in self.abilities(st, cid):
            if ab["kind"] == "static" and ab.get("op") == "no_faceoff_power":
                return False
        return True

    def faceoff_total(self, st, p) -> int:
        """514.4a"""
        return self.faceoff_totals(st)[p]

    def faceoff_totals(self, st) -> list[int]:
        """514.4a both players' power totals (one pass over the cards in play)."""
        fo = st["fo"]
        tot = [0, 0]
        srcs = None
        nc = self.has_static(st, "no_contrib") if self.static_keys else []
        for cid in st["play"]:
            if not self.involved(st, cid) or not self.contributes(st, cid):
                continue
            if nc and self.no_contrib(st, cid, "faceoff", nc):
                continue
            c = st["cards"][cid]
            owner_side = c["c"]
            if fo["type"] == "tm" and cid == fo["tm"] and c["c"] == fo["chal"]:
                owner_side = opponent(fo["chal"])  # 514.4a.i
            if srcs is None:
                srcs = self.power_sources(st)
            tot[owner_side] += self.power(st, cid, srcs) or 0
        return [self._fo_flip_total(st, 0, tot[0]), self._fo_flip_total(st, 1, tot[1])]

    def _fo_flip_total(self, st, p, tot) -> int:
        """Player ``p``'s total from their characters' power ``tot``: flipped cards and modifiers."""
        fo = st["fo"]
        fp = 0
        for o in self.has_static(st, "flip_power", ctrl=p) + self.has_static(st, "fo_bonus"):
            for ab in self.abilities(st, o):
                if ab["kind"] != "static":
                    continue
                if ab.get("op") == "flip_power":
                    # "Your flipped cards have +2 power [for each Muscle counter on this card]"
                    fp += ab["n"] * (st["cards"][o].get("cn", {}).get(ab["per_counter"], 0) if ab.get("per_counter") else 1)
                elif ab.get("op") == "fo_bonus" and self.fo_is(st, ab.get("fo", True)) and \
                        (ab.get("scope") != "here" or st["cards"][o]["a"] in fo["areas"]) and \
                        self.fo_player_ok(st, o, ab, p):
                    tot += ab["n"] * self.fo_bonus_count(st, o, ab)  # 514.4a a modifier of the player's power total
        hi = None
        if any(st["cards"][o]["c"] != p and self.involved(st, o) and self.fo_is(st, "problem")
               for o in self.has_static(st, "ignore_highest")):
            # "your opponent ignores one of their flipped cards with the highest power" (515.4)
            cand = [f for f in st["pl"][p]["flip"] if f not in fo["ign"]]
            hi = max(cand, key=lambda f: self.power(st, f) or 0) if cand else None
        for fid in st["pl"][p]["flip"]:
            if fid in fo["ign"] or fid == hi:
                continue  # 514.4b ignored flipped cards
            if st["mods"] or st["cards"][fid].get("cn"):
                tot += (self.power(st, fid) or 0) + fp  # a Chaos card's "it has +2 power" modifies its power
            else:
                tot += self.printed_power(st, fid) + fp
            if st["cards"][fid]["k"] in self.flip_self_keys:
                tot += self.flip_self_power(st, fid, p)
        tot += fo["bonus"][p]
        tot += sum(x["n"] for x in st["pl"][p].get("fo_plus") or ())  # "You have +2 power during Faceoffs this turn"
        return tot

    def flip_self_power(self, st, fid, p) -> int:
        """Chaos (glossary, 515): "While this card is flipped, it has +2 power / +1 power for each card
        in your hand / power equal to the number of cards in your hand / power equal to the highest power among
        opposing cards involved in the faceoff" — continuous abilities of the
        flipped card itself, read while it is flipped (not while opposing flipped cards lose their
        abilities)."""
        if any(st["cards"][o]["c"] != p for o in self.has_static(st, "flip_no_abilities")):
            return 0
        out = 0
        for ab in self.abf[st["cards"][fid]["k"]]:
            if ab["kind"] != "static" or ab.get("op") != "flip_self_power":
                continue
            hand = len(st["pl"][p]["hand"])
            if ab.get("chars"):  # "your characters have +1 power": each of your characters counted in the total
                out += ab["n"] * sum(1 for o in st["play"] if st["cards"][o]["c"] == p and self.is_char(st, o)
                                     and self.involved(st, o) and self.contributes(st, o))
            elif "is" in ab:  # the count replaces the printed power (counters and modifiers stay, 507)
                n = self._opp_involved_highest(st, p) if ab["is"]["k"] == "opp_inv_highest" else hand
                out += n - self.printed_power(st, fid)
            else:
                out += ab["n"] * (hand if ab.get("per") else 1)
        return out

    def _own_tm_highest(self, st, p, area) -> int:
        """The highest power among player ``p``'s face-up Troublemakers at ``area`` (0 with none; 505.2)."""
        return max((self.power(st, t) or 0 for t in st["play"] if st["cards"][t]["c"] == p and st["cards"][t]["a"] == area
                    and not st["cards"][t].get("fd") and self.ctype(st, t) == TM), default=0)

    def _opp_involved_highest(self, st, p) -> int:
        """"the highest power among opposing cards involved in the faceoff" (514.2d; 0 with none, 105.2)."""
        return max((self.power(st, o) or 0 for o in st["play"]
                    if st["cards"][o]["c"] != p and not st["cards"][o].get("fd") and self.involved(st, o)), default=0)

    def _fo_cond(self, st, src, cond) -> bool:
        """Faceoff conditions of flip modifiers: an opposing involved character with N or more power;
        this card involved with N of your other <trait> Friends; N of your <color> Friends at one of the
        faceoff's Problems."""
        fo = st["fo"]
        if not fo:
            return False
        c = st["cards"][src]
        k = cond["k"]
        if k == "opp_inv_power":
            return any(st["cards"][o]["c"] != c["c"] and self.is_char(st, o) and self.involved(st, o)
                       and (self.power(st, o) or 0) >= cond["n"] for o in st["play"])
        ty = cond.get("type", "character")

        def fits(o):
            oc = st["cards"][o]
            if oc["c"] != c["c"] or not (self.ctype(st, o) == ty if ty != "character" else self.is_char(st, o)):
                return False
            return ("trait" not in cond or cond["trait"] in self.traits(st, o)) and \
                ("color" not in cond or cond["color"] in self.colors(st, o))
        if k == "inv_with":
            return sum(1 for o in st["play"] if o != src and fits(o) and self.involved(st, o)) >= cond["n"]
        return any(sum(1 for o in st["play"] if fits(o) and st["cards"][o]["a"] == a) >= cond["n"] for a in fo["areas"])

    def fo_player_ok(self, st, src, ab, p) -> bool:
        """Which player a faceoff modifier is for: "you" (its controller), "the player with the most
        <trait> characters here" (more than any other player) or "players with at least N ..."."""
        who = ab.get("who", "you")
        c = st["cards"][src]
        if who == "you":
            return c["c"] == p
        if who == "opp":
            return c["c"] != p
        if who == "each":
            return True
        cnt = [sum(1 for o in self.chars_at(st, c["a"], q) if ab["trait"] in self.traits(st, o)) for q in (0, 1)]
        if who == "most":
            return cnt[p] > cnt[1 - p]
        return cnt[p] >= ab.get("min", 1)  # at_least

    def fo_bonus_count(self, st, src, ab) -> int:
        per = ab.get("per")
        if not per:
            return 1
        c = st["cards"][src]
        if per.get("k") == "att_involved":  # your Resources attached to characters involved in the faceoff
            return sum(1 for o in st["play"] if st["cards"][o]["c"] == c["c"] and self.ctype(st, o) == "Resource"
                       and st["cards"][o].get("h") and self.involved(st, st["cards"][o]["h"]))
        return len(self.select(st, per, c["c"], src))

    def fo_is(self, st, kind) -> bool:
        """Is a faceoff of this kind (True: any; "problem" includes Multi Problem faceoffs) happening?"""
        fo = st["fo"]
        if not fo:
            return False
        if kind in ("tm", "problem"):
            return fo["type"] == kind or (kind == "problem" and fo["type"] == "multi")
        return True

    def no_contrib(self, st, cid, what, srcs=None) -> bool:
        """'... can't contribute its power to faceoffs / confronting Problems' from any card in play."""
        for o in (srcs if srcs is not None else self.has_static(st, "no_contrib")):
            for ab in self.abilities(st, o):
                if ab["kind"] != "static" or ab.get("op") != "no_contrib" or ab.get("what") != what:
                    continue
                if ab.get("involving") and not self.involved(st, o):
                    continue
                if self._static_applies(st, o, ab, cid):
                    return True
        return False

    # ================================================================= confronting (611)
    def base_requirements(self, st, p, prob) -> list[tuple[str, int]]:
        """The printed confront requirements of Problem ``prob`` for player ``p`` (611.2)."""
        c = st["cards"][prob]
        f = self.ff[c["k"]]
        if c["o"] == p:
            reqs = f.problem_requirements
        else:
            reqs = [("Wild", f.problem_opponent_power or 0)]
        out = []
        for col, n in reqs:
            if col == "Rainbow":
                out.extend((x, 1) for x in COLOR_NAMES)  # AD176: one of each color (documented)
            else:
                out.append((col, n))
        return out

    def requirements(self, st, p, area, here=None) -> list[tuple[str, int]] | None:
        """611.2 (``here``: ``cards_at(st, area)`` when already known)."""
        if here is None:
            here = self.cards_at(st, area)
        prob = self._problem_in(st, here)
        if prob is None:
            return None
        c = st["cards"][prob]
        out = self.base_requirements(st, p, prob)
        # Eccentric X: opponents need +X wild to confront this card's Problem
        cards = st["cards"]
        sk = self.static_keys
        ecc = self.kw_keys.get("Eccentric", ())
        twn = self.kw_may_differ(st, "Eccentric")  # (cards outside static_keys have no static ability without Teamwork)
        for o in here:
            oc = cards[o]
            if oc["c"] == p:
                continue
            k = oc["k"]
            if k in ecc or twn or oc.get("t"):
                x = self.kw(st, o, "Eccentric")
                if x:
                    out.append(("Wild", x))
            if k in sk or twn:  # (only such cards can have a static ability)
                for ab in self.abilities(st, o):
                    if ab["kind"] == "static" and ab.get("op") == "opp_needs" and \
                            (not ab.get("cond") or self._cond(st, o, ab["cond"])):  # "While this card is exhausted, ..."
                        out.append(("Wild", ab["n"]))
        for m in st.get("cmods") or ():  # "Opponents need +2 power to confront that Problem" (effects)
            if m.get("own_tm"):  # "you need X power less ..., where X is the highest power among Troublemakers you
                m = {**m, "n": -self._own_tm_highest(st, m["who"], area)}  # control there" (as you confront)
            if m.get("n", 0) and m["who"] in (p, -1) and m["prob"] in (None, prob):
                # "You need -4 power to confront that Problem" / "reduce a Problem's confront requirements
                # by 2 power": 1 power less of any requirement at a time ("Less", as the statics, meets)
                out.append(("Wild", m["n"]) if m["n"] > 0 else ("Less", -m["n"]))
        for o, ab in self.statics(st, "confront_need"):
            # "Players need +1 power to confront this Problem for each ..." (611.2, as Eccentric: wild power)
            oc = cards[o]
            if ab.get("where") == "opp_problems":  # "You need -2 power to confront opposing Problems"
                if c["o"] == oc["c"] or not self._who(ab, oc["c"], p):
                    continue
            elif oc["a"] != area or not self._who(ab, oc["c"], p):
                continue
            per = ab.get("per")
            if per == "opp_friends_here":
                k = sum(1 for x in self.chars_at(st, area, 1 - p) if self.ctype(st, x) == FRIEND)
            elif per == "colors_here":
                k = len({col for x in self.chars_at(st, area, p) for col in self.colors(st, x)})
            elif isinstance(per, dict) and per.get("counter"):  # "for each Chorus counter on this card"
                k = oc.get("cn", {}).get(per["counter"], 0)
            elif per == "frightened_here":
                k = sum(1 for x in st["play"] if cards[x]["a"] == area and cards[x]["c"] == p and cards[x].get("fr")
                        and self.ctype(st, x) == FRIEND)
            elif per == "disc_types":  # "for each card type among cards in your discard pile"
                k = len({self.types[cards[d]["k"]] for d in st["pl"][p]["disc"]})
            else:
                k = 1
            if ab["n"] * k > 0:
                out.append(("Wild", ab["n"] * k))
            elif ab["n"] * k < 0:
                out.append(("Less", -ab["n"] * k))  # "You need -2 power to confront ..." (meets)
        return out

    def meets(self, st, p, area, here=None) -> bool:
        """611.3: characters at the Problem contribute power in the required amounts and colors.
        Each character gives all its power to one requirement (611.3b); Wild takes any color or
        none (611.3d); "Not <Color>" any power but that color (611.3c).  (``here``: ``cards_at``.)"""
        if here is None:
            here = self.cards_at(st, area)
        reqs = self.requirements(st, p, area, here)
        if not reqs:
            return False
        if st.get("cmods") and self._meets_by_traits(st, p, area, here):
            return True
        if any(n >= INFINITE for _, n in reqs):
            return False
        less = 0
        if any(k == "Less" for k, _ in reqs):
            # "You need -2 power to confront this Problem": the player needs that much less power in all,
            # taken off whichever requirements they like (1 power of any color at a time); they still
            # need characters there (611.3)
            less = sum(n for k, n in reqs if k == "Less")
            reqs = [(k, n) for k, n in reqs if k != "Less"]
            if not reqs or not self._chars_in(st, here, p):
                return bool(self._chars_in(st, here, p))
        mine = self._chars_in(st, here, p)
        lent = self._contributed(st, p, area) if st.get("cmods") else []
        if not mine and not lent:
            return solve_requirements([], reqs)  # (no character there: what the filters below would leave)
        chars = [x for x in lent if x[1] not in mine]
        srcs = None
        limits = self.statics(st, "problem_no_contrib") + self.statics(st, "max_contrib")
        limits = [(o, ab) for o, ab in limits if st["cards"][o]["a"] == area]
        banned = self._no_contrib(st, p, area, limits) if limits else ()
        nc = self.has_static(st, "no_contrib") if self.static_keys else []
        ncp = "no_confront_power" in self.ops_in_play(st) or not self.af_free(st)  # (else none has it)
        for cid in mine:
            if not self.contributes(st, cid) or cid in banned:
                continue
            if nc and self.no_contrib(st, cid, "confront", nc):
                continue
            if ncp and any(ab["kind"] == "static" and ab.get("op") == "no_confront_power" and
                           (not ab.get("cond") or self._cond(st, cid, ab["cond"])) for ab in self.abilities(st, cid)):
                continue
            if srcs is None:
                srcs = self.power_sources(st)
            pw = self.power(st, cid, srcs) or 0
            if pw > 0:
                chars.append((pw, cid))
        if sum(pw for pw, _ in chars) + less < sum(n for _, n in reqs):
            return False  # not enough power in all, whatever the colors (as solve_requirements finds)
        chars = [(pw, self.colors(st, cid)) for pw, cid in chars]
        virt = [(1, COLOR_NAMES)] * less  # the reduction, spread over the requirements
        cap = min((ab["n"] for o, ab in limits if ab["op"] == "max_contrib"), default=None)
        if cap is not None and len(chars) > cap:
            # "No more than 2 of each players' characters can contribute ...": some group of at most 2
            return any(solve_requirements(list(g) + virt, reqs) for g in combinations(chars, cap))
        return solve_requirements(chars + virt, reqs)

    def _no_contrib(self, st, p, area, limits) -> set:
        """Characters of ``p`` at ``area`` that can't contribute their power to confronting it (611.3a)."""
        out = set()
        mine = self.chars_at(st, area, p)
        for o, ab in limits:
            if ab["op"] != "problem_no_contrib":
                continue
            ctrl = st["cards"][o]["c"]
            if ab.get("who") == "opp" and p == ctrl:
                continue
            if ab.get("highest"):  # "Opposing characters here with the highest power among opposing characters"
                pws = {x: self.power(st, x) or 0 for x in mine}
                top = max(pws.values(), default=None)
                out.update(x for x, v in pws.items() if v == top)
            else:
                out.update(x for x in mine if self.matches(st, x, ab["sel"], ctrl, o))
        return out

    def _contributed(self, st, p, area) -> list[tuple[int, str]]:
        """"you may exhaust this card to contribute its power to confronting a Problem" (SB57): (power, card) of
        ``p``'s cards lent to this Problem this turn, still in play under ``p`` with power (504.1: not frightened)."""
        prob = self.problem_at(st, area)
        out = []
        for m in st["cmods"]:
            cid = m.get("contrib")
            if cid and m["who"] == p and m["prob"] == prob and self.in_play(st, cid):
                c = st["cards"][cid]
                pw = (self.power(st, cid) or 0) if c["c"] == p and not (c.get("fr") or c.get("fd")) else 0
                if pw > 0:
                    out.append((pw, cid))
        return out

    def _meets_by_traits(self, st, p, area, here) -> bool:
        """"This turn, you meet the confront requirements of that Problem if you have at least one ready Unicorn,
        Earth Pony, and Pegasus character there" (CG141; 611.3 replaced: 503.5 ready = not exhausted)."""
        prob = self.problem_at(st, area)
        for m in st["cmods"]:
            if m.get("meet") and m["who"] in (p, -1) and m["prob"] == prob:
                ready = [x for x in self._chars_in(st, here, p) if not st["cards"][x].get("ex")]
                if all(any(t in self.traits(st, x) for x in ready) for t in m["meet"]):
                    return True
        return False

    def can_confront(self, st, p, area, here=None) -> bool:
        """611.3e: no opposing face-up Troublemaker nor face-up Epic Troublemaker there.  (``here``:
        ``cards_at(st, area)`` when already known.)"""
        if here is None:
            here = self.cards_at(st, area)
        if not self._confront_allowed(st, p, area):
            return False
        # "Troublemakers don't prevent players from confronting this Problem" (all) / "Opposing
        # Troublemakers don't prevent you ..." (only opposing ones: your own Epic one still does)
        unblocked = {ab["who"] for o, ab in self.statics(st, "tm_no_block")
                     if st["cards"][o]["a"] == area and self._who(ab, st["cards"][o]["c"], p)}
        tm_ok = [m["tm_ok"] for m in st.get("cmods") or () if m.get("tm_ok") and m["who"] in (p, -1)]
        for t in () if "all" in unblocked else [o for o in here if self.ctype(st, o) == TM]:  # (tms_at)
            c = st["cards"][t]
            if c.get("fd") or (c["c"] != p and unblocked):
                continue
            if True in tm_ok or t in tm_ok or ("own" in tm_ok and c["c"] == p):
                continue  # "[Your] Troublemakers don't prevent you from confronting Problems" (an effect)
            if c["c"] != p or self.epic(st, t):
                return False
        for o in self.has_static(st, "no_confront", area=area):  # "players can't confront this Problem"
            if any(ab.get("op") == "no_confront" and (not ab.get("cond") or self._cond(st, o, ab["cond"]))
                   for ab in self.abilities(st, o) if ab["kind"] == "static"):
                return False
        return self.meets(st, p, area, here)

    def _confront_allowed(self, st, p, area) -> bool:
        """'Players can't confront this Problem [unless they have at least 4 characters here]',
        'Players can't confront more than one Problem per turn.'"""
        for o, ab in self.statics(st, "confront_block"):
            oc = st["cards"][o]
            if oc["a"] != area or not self._who(ab, oc["c"], p):
                continue
            if "min_chars" not in ab or len(self.chars_at(st, area, p)) < ab["min_chars"]:
                return False
        if self.statics(st, "one_confront") and st.get("sc") and st["sc"]["conf"] and st["tp"] == p:
            return False
        if any(m.get("block") for m in st.get("cmods") or ()):  # "players can't confront that Problem that turn"
            pid = self.problem_at(st, area)
            if any(m.get("block") and m["prob"] == pid for m in st["cmods"]):
                return False
        return True
