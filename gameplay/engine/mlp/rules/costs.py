"""Costs and restrictions of actions (508, 609): action taxes, cost modifiers of cards played,
plays and moves blocked, challenge restrictions (608), play-requirement reductions (205.1)."""
from __future__ import annotations

from ..constants import FRIEND, TM


_ACT_BASE = {"rally": 2, "move": 1, "draw": 1, "challenge": 1}  # 609.2 base action costs


class Costs:
    """Costs and restrictions of actions (508, 609): action taxes, cost modifiers of cards played,"""

    def play_discount(self, st, p, cid, cost: int, host: str | None = None) -> int:
        """The cost of playing card ``cid`` after "you may pay [1] less to play Events" discounts of
        player ``p``'s cards in play and the card's own "you may pay [2] less to play this card" (an
        ability that functions in the hand, 701.3).  "to a minimum of [1]" keeps a cost of 1 or more
        at 1 (the discount is always taken: it never hurts its player)."""
        k = st["cards"][cid]["k"]
        if k not in self.self_disc_keys and "play_discount" not in self.ops_in_play(st):
            return cost  # (no "pay less" of its own and none in play: the common case)
        d = self.db.cards[k]
        f = d.front
        for ab in d.abilities.get("front", ()):
            if ab["kind"] == "static" and ab.get("op") == "play_discount" and ab.get("self") and \
                    self._own_discount_applies(st, p, ab["cond"]):
                cost = max(cost - ab["n"], min(cost, ab.get("min", 0)))
        if not self.sop_keys.get("play_discount") and not st.get("twn"):
            return cost
        for o, ab in self.statics(st, "play_discount"):
            if ab.get("self") or st["cards"][o]["c"] != p:
                continue
            sel = ab["sel"]
            if sel.get("type") != f.type or ("trait" in sel and sel["trait"] not in f.traits):
                continue
            if sel.get("on_friend") and not (self.ctype(st, host) == FRIEND if host in st["cards"] else any(
                    a["kind"] == "play_on" for a in d.abilities.get("front", ()))):
                continue  # "to play Resources on Friends" (without a host: the lower bound, if it attaches at all)
            cost = max(cost - ab["n"], min(cost, ab.get("min", 0)))
        return cost

    def _own_discount_applies(self, st, p, cond) -> bool:
        """The condition of a card's own "you may pay [2] less to play this card", read for the player ``p`` who
        would play it (the card is in their hand, not in play)."""
        if cond["k"] == "opp_controls_not_owned":  # "While an opponent controls a Friend they do not own"
            return any(st["cards"][o].get("c") == 1 - p and st["cards"][o]["o"] != 1 - p and self.ctype(st, o) == FRIEND
                       for o in st["play"])
        if cond["k"] == "more_friends_than_opp":  # "While you have more Friends than an opponent" (face-up ones)
            n = [sum(1 for o in st["play"] if st["cards"][o].get("c") == q and self.ctype(st, o) == FRIEND
                     and not st["cards"][o].get("fd")) for q in (p, 1 - p)]
            return n[0] > n[1]
        raise KeyError(f"unknown play-discount condition {cond['k']!r}")

    def transform_cost(self, st, p, f) -> int:
        """A card's Transform cost (glossary: Transform X) for player ``p``, less "You pay [1] less for Transform
        costs, to a minimum of [1]" of their cards in play."""
        x = f.keywords["Transform"]
        if "transform_discount" in self.ops_in_play(st):
            for o, ab in self.statics(st, "transform_discount"):
                if st["cards"][o]["c"] == p:
                    x = max(x - ab["n"], min(x, ab.get("min", 0)))
        return x

    def ability_tokens(self, st, p, cid, ab) -> int:
        """Action tokens to activate ``ab`` of ``cid``: its cost less "You may pay [1] less for the
        activated abilities of Pirate Ship" discounts of the activating player's cards (always taken)."""
        n = ab.get("cost", {}).get("tokens", 0)
        if "tokens_counter" in ab.get("cost", {}):  # "Pay a number of action tokens equal to the number of Party counters on this card"
            n = st["cards"][cid]["cn"].get(ab["cost"]["tokens_counter"], 0)
        if n and (self.sop_keys.get("ability_discount") or st.get("twn")):
            for o, d in self.statics(st, "ability_discount"):
                if st["cards"][o]["c"] == p and self.has_title(st, cid, d["title"]):
                    n = max(n - d["n"], 0)
        if n and st["cards"][cid]["k"] in self.sop_keys.get("turn_over_discount", ()) and \
                any(e.get("op") == "turn_over" for e in ab.get("effects", ())):
            for d in self.abilities(st, cid):  # "You pay 1 less action token to turn this card over for each
                if d.get("op") == "turn_over_discount":  # Critter Friend you control" (its own ability)
                    n = max(n - len(self.select(st, d["per"], p, cid)), 0)
        return n

    @staticmethod
    def _who(ab, ctrl, p) -> bool:
        """Whom a rule modifier binds: "Players" (all), "Opponents" (opp), "You" (you)."""
        w = ab.get("who", "all")
        return w == "all" or (w == "opp") == (p != ctrl)

    def action_tax(self, st, p, act, cid=None, frm=None, to=None, unless_only=False) -> int:
        """Extra action tokens player ``p`` pays to take an action (609.2): ``act`` is draw, rally,
        move or challenge; ``cid`` the card moved/rallied/challenged, ``frm``/``to`` the move's areas.
        "can't <act> unless they pay [N]" abilities carry ``unless`` (they also bind effect moves)."""
        tot = 0
        cards = st["cards"]
        for o, ab in self.statics(st, "action_cost"):
            s = cards[o]
            if ab["act"] != act or not self._who(ab, s["c"], p) or (unless_only and not ab.get("unless")):
                continue
            w = ab.get("where")
            if w:
                here = s["a"]
                if ab.get("at_problem") and not here.startswith(("prob", "dil")):
                    continue  # "this card's Problem": none while at home
                if (w == "to" and to != here) or (w == "from" and frm != here) or \
                        (w == "to_from" and here not in (to, frm)) or \
                        (w == "at" and (cid is None or cards[cid]["a"] != here)):
                    continue
            if ab.get("host") and cid != s.get("h"):
                continue  # "that Troublemaker" (the attached card)
            if ab.get("yours") and (cid is None or cards[cid]["c"] != s["c"]):
                continue  # "your Troublemakers"
            if ab.get("opposing") and (cid is None or cards[cid]["c"] == s["c"]):
                continue  # "Opposing characters here can't be moved unless ..."
            if "sel" in ab and (cid is None or not self.matches(st, cid, ab["sel"], s["c"], o)):
                continue  # "their characters with Delay counters on them"
            tot += ab["n"] * (self._to_counters(st, to, ab["per_to_counter"]) if "per_to_counter" in ab else 1)
            if "min" in ab:  # "..., to a minimum of [1]" (609.2e: rallying costs [2])
                tot = max(tot, ab["min"] - _ACT_BASE.get(act, 1))
        return tot

    def _to_counters(self, st, to, kind) -> int:
        """"for each Delay counter on that Problem": the counters on the Problem at the move's destination."""
        pid = self.problem_at(st, to) if to else None
        return st["cards"][pid].get("cn", {}).get(kind, 0) if pid else 0

    @staticmethod
    def _hand_match(f, sel) -> bool:
        """A card not in play (its printed information, 507.1) against a cost/restriction selector."""
        t = sel.get("type", "card")
        if t != "card" and f.type != t:
            return False
        if "max_cost" in sel and (f.cost is None or f.cost > sel["max_cost"]):
            return False
        pp = f.power or 0
        if ("min_printed" in sel and (f.power is None or pp < sel["min_printed"])) or \
                ("max_printed" in sel and (f.power is None or pp > sel["max_printed"])):
            return False
        return "trait" not in sel or sel["trait"] in f.traits

    def played_this_turn(self, st, p) -> list:
        """[type, printed power, area] of each card player ``p`` played this turn ("your first Event
        each turn")."""
        rec = st["pl"][p].get("ptt")
        return rec[1] if rec and rec[0] == st["turn"] else []

    def record_play(self, st, p, f, area) -> None:
        pl = st["pl"][p]
        if not pl.get("ptt") or pl["ptt"][0] != st["turn"]:
            pl["ptt"] = [st["turn"], []]
        pl["ptt"][1].append([f.type, f.power if f.type != TM else None, area,
                             list(f.traits) if f.type != TM else []])  # (a face-down TM's power stays hidden)
        if f.type == "Friend" and pl.get("hh") and pl["hh"]["f"]:
            del pl["hh"]  # "... have Hasty until you play a Friend" (HM101)
        if pl.get("req_red") and any(r.get("next") for r in pl["req_red"]):
            # "reduce the play requirement of the next card you play this turn": used by this card
            pl["req_red"] = [r for r in pl["req_red"] if not r.get("next")]

    def play_cost_delta(self, st, p, cid, base, area=None, host=None) -> int:
        """Continuous cost modifiers for playing a card (508): "Opponents pay +[1] to play Friends
        here", "Pay [1] less for your first Event each turn, to a minimum of [1]", ...  Increases
        apply first, then each reduction down to its minimum.  Without a destination (``area`` and
        ``host`` None) destination-bound increases are left out, so the cost is a lower bound.
        "You may pay less" reductions are always taken (they never hurt their player)."""
        f = self.cdef(st, cid).front
        cards = st["cards"]
        dest = area if area is not None else (cards[host]["a"] if host in cards else None)
        inc, decs = 0, []
        for o, ab in self.statics(st, "play_cost"):
            s = cards[o]
            if not self._who(ab, s["c"], p) or not self._hand_match(f, ab.get("sel", {})):
                continue
            if ab.get("sel", {}).get("color") == "chosen" and s.get("chc") not in f.colors:
                continue  # "Your Friends with that color cost [1] less" (the color kept by this card; none yet: none)
            w = ab.get("where")
            if w and dest is None and ab["n"] > 0:
                continue
            if w == "here" and dest is not None and dest != s["a"]:
                continue
            if w == "on_char_here" and host is not None and not (cards[host]["a"] == s["a"] and self.is_char(st, host)):
                continue
            if w == "on_src" and host is not None and host != o:
                continue
            if "opp_has" in ab:  # "While a player has at least 3 [Kindness] Friends at this Problem, that player's
                # opponent must pay +[1] to play a Friend here"
                oh = ab["opp_has"]
                if len([x for x in self.select(st, oh["sel"], 1 - p, o) if cards[x]["c"] == 1 - p]) < oh["n"]:
                    continue
            if ab.get("first"):
                done = [x for x in self.played_this_turn(st, p)
                        if x[0] == f.type and (w != "here" or x[2] == s["a"])
                        and ("min_printed" not in ab.get("sel", {}) or (x[1] or 0) >= ab["sel"]["min_printed"])
                        and ("trait" not in ab.get("sel", {}) or ab["sel"]["trait"] in (x[3] if len(x) > 3 else ()))]
                if done:
                    continue
            n = ab["n"]
            if ab.get("per") == "frightened_friends":
                n *= sum(1 for x in st["play"] if cards[x].get("fr") and self.ctype(st, x) == FRIEND)
            elif isinstance(ab.get("per"), dict):  # "for each Tip counter on this card"
                n *= s.get("cn", {}).get(ab["per"]["counter"], 0)
            if n > 0:
                inc += n
            elif n < 0:
                decs.append((-n, ab.get("min", 0)))
        for ab in self.abf[cards[cid]["k"]]:
            if ab["kind"] == "static" and ab.get("op") == "play_cost_self":
                # "You may pay [1] less to play this card to a Problem for each of your Earth Pony Friends there"
                areas = [dest] if dest is not None else self.problem_areas(st)
                k = max((sum(1 for x in self.chars_at(st, a, p) if self.ctype(st, x) == FRIEND
                             and ab["trait"] in self.traits(st, x)) for a in areas if a.startswith(("prob", "dil"))),
                        default=0)
                if k:
                    decs.append((ab["n"] * k, 0))
        c = base + inc
        for n, m in decs:
            c = max(c - n, min(c, m))
        return c - base

    def play_blocked(self, st, p, cid, area=None, host=None) -> bool:
        """Playing restrictions: "Friends with 3 or more power can't be played here", "Resources can't
        be played on this Problem or on Friends here", "Players with 2 or more characters here can't
        move or play characters to this Problem"."""
        f = self.cdef(st, cid).front
        cards = st["cards"]
        dest = area if area is not None else (cards[host]["a"] if host in cards else None)
        for o, ab in self.statics(st, "no_play"):
            s = cards[o]
            if dest != s["a"] or not self._who(ab, s["c"], p) or not self._hand_match(f, ab.get("sel", {})):
                continue
            if "min_chars" in ab and len(self.chars_at(st, dest, p)) < ab["min_chars"]:
                continue
            if "hosts" in ab and host in cards and self.ctype(st, host) not in ab["hosts"]:
                continue  # "on this Problem or on Friends here": not on a Mane Character or Troublemaker here
            return True
        return False

    def move_blocked(self, st, p, cid, frm, to, no_move: list | None = None) -> bool:
        """Moving restrictions (506) for player ``p`` moving ``cid`` from ``frm`` to ``to`` (the move
        action or an effect): "Opponents can't move characters away from here", "Friends with Resources
        on them can't be moved here", "Your opponents can't move this card", ..."""
        cards = st["cards"]
        if st.get("cmr") and any(r["c"] == cid for r in st["cmr"]):
            return True  # "That character can't be moved again this turn" (effects.timed.card_no_move)
        if st.get("amr") and any(r["a"] in (to, "*") for r in st["amr"]):  # ("*": any area)
            return True  # "Characters can't be moved to that Problem until the end of the turn" (effects.timed.area_restrict)
        if st["pl"][p].get("tmr") and any(r["k"] == "no_move" and (cards[cid]["c"] == p or r.get("any"))
                                          for r in st["pl"][p]["tmr"]):
            return True  # "opponents can't move (their) characters this turn" (effects.timed.restrict; ``any``: anyone's)
        # (``no_move``: ``statics(st, "no_move")`` when the caller already has it for this state)
        for o, ab in (self.statics(st, "no_move") if no_move is None else no_move):
            s = cards[o]
            if not self._who(ab, s["c"], p):
                continue
            w = ab.get("where")
            here = s["a"]
            if (w == "to" and to != here) or (w == "from" and frm != here) or (w == "to_from" and here not in (to, frm)):
                continue
            who = ab.get("card")
            if who == "self" and cid != o:
                continue
            if who == "self_or_mane" and cid not in (o, st["pl"][s["c"]]["mane"]):
                continue
            if who == "host" and cid != s.get("h"):
                continue
            if "sel" in ab and not self.matches(st, cid, ab["sel"], s["c"], o):
                continue
            if "min_chars" in ab and len(self.chars_at(st, here, p)) < ab["min_chars"]:
                continue  # "Players with 2 or more characters here ..."
            if ab.get("most_friends"):  # "The player with the most Friends here ..."
                mine = sum(1 for x in self.chars_at(st, here, p) if self.ctype(st, x) == FRIEND)
                theirs = sum(1 for x in self.chars_at(st, here, 1 - p) if self.ctype(st, x) == FRIEND)
                if mine <= theirs:
                    continue
            if ab.get("power_le_src") and (self.power(st, cid) or 0) > (self.power(st, o) or 0):
                continue  # "characters with power lower than or equal to this card's power"
            if "at_least" in ab:  # "If there are at least 3 [Generosity] characters at this Problem"
                if len(self.select(st, ab["at_least"]["sel"], s["c"], o)) < ab["at_least"]["n"]:
                    continue
            return True
        return False

    def challenge_allowed(self, st, p, tm) -> bool:
        """Challenge restrictions (608): a challenge tax must be payable (508.1d); "can't be challenged
        except by two or more characters" / "unless they have at least 3 Friends at its Problem"."""
        if st["pl"][p]["tok"] < self.action_tax(st, p, "challenge", tm):
            return False
        for ab in self.abilities(st, tm):
            if ab["kind"] == "static" and ab.get("op") == "challenge_req":
                n = sum(1 for o in self.chars_at(st, st["cards"][tm]["a"], p)
                        if ab.get("type", "character") == "character" or self.ctype(st, o) == ab["type"])
                if n < ab["n"]:
                    return False
        return True

    def req_reduction(self, st, p, color) -> int:
        """"Reduce the play requirements of your cards by 2 [Honesty]" (205.1) in effect for p."""
        return sum(r["n"] for r in st["pl"][p].get("req_red") or () if r["color"] == color)
