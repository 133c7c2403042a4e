"""Zones and the game's basic actions on cards (4xx, 5xx): moving a card between zones, entering
and leaving play, drawing, shuffling, scoring and winning, exhausting, readying, frightening,
moving and sending home; the game log."""
from __future__ import annotations

from ... import rng as _rng
from ..constants import FRIEND, MANE, TM, WIN_POINTS
from ..reactions import actor
from ..effects.outside_play import queue_send_elsewhere
from ..effects.replacements import queue_persistent
from ..effects.triggered import unfright_blocked


class _Quiet:
    """No log: a zone change (``put``) is logged by whoever made it."""
    quiet = True


_QUIET = _Quiet()


ZONE_LIST = {"deck", "pdeck", "hand", "disc", "ban", "flip"}


class Zones:
    """Zones and the game's basic actions on cards (4xx, 5xx): moving a card between zones, entering"""

    # ================================================================= events/log helpers
    def log(self, ev, type_, msg_fn, **data):
        if ev.quiet:
            return
        ev.add(type_, msg_fn() if callable(msg_fn) else msg_fn, **data)

    # ================================================================= zones (4xx)
    def _remove(self, st, cid) -> None:
        c = st["cards"][cid]
        z = c.get("z")
        if z == "play":
            self._play_remove(st, cid)
            st["dy"] = 1
            if c["k"] in self.tw_keys:
                st["twn"] = st.get("twn", 0) - 1
            if c["k"] in self.kwg_keys:
                st["kwg"] = st.get("kwg", 0) - 1
            if c["k"] in self.lab_keys:
                st["lab"] = st.get("lab", 0) - 1
        elif z == "queue":
            pass
        elif z in ZONE_LIST:
            st["pl"][c["o"]][z].remove(cid)

    def put(self, st, cid, zone, pos="top") -> str | None:
        """Put a card into a non-play zone of its owner; the card gets a new id (410.6).
        Tokens cease to exist (521.3); Problems go to the bottom of their Problem deck (303.3)."""
        c = st["cards"][cid]
        was = c.get("z")
        self._remove(st, cid)
        del st["cards"][cid]
        if c.get("t"):
            return None  # 521.3
        d = self.db.cards[c["k"]]
        if d.front.type == "Problem" and zone in ("hand", "disc", "deck"):
            zone, pos = "pdeck", "bottom"  # 303.3
        if c.get("dil") and zone == "pdeck":
            zone = "disc"  # 522.3a
        nid = f"c{st['nid']}"
        st["nid"] += 1
        st["cards"][nid] = {"k": c["k"], "o": c["o"], "z": zone}
        if zone == "disc" and c["k"] in self.to_disc_keys:  # "When this card enters your discard pile" (any zone)
            for ab in self.to_disc_keys[c["k"]]:
                if ab.get("from") and ab["from"] != was:
                    continue  # "When this card enters the discard pile from play"
                # the name this card kept in play goes with its linked trigger ("a Friend with that name", LL76)
                self.queue_trigger(st, nid, c["o"], ab["effects"], ab.get("text", "to_disc"),
                                   {"named": c["nnm"]} if c.get("nnm") else None)
        if zone == "disc" and "w_disc" in self.trig_ev:
            # "When a card enters a discard pile" (AD141), "When another one of your Friends enters your discard pile"
            # (EO105, subj by: its owner): from any zone (704.1); the card in its new zone is "it" (410.6)
            self.watch(st, _QUIET, "w_disc", nid, {"by": c["o"], "ztype": d.front.type})
        lst = st["pl"][c["o"]][zone]
        if pos == "top" and zone in ("deck", "pdeck"):
            lst.insert(0, nid)
            if zone == "deck" and c["k"] in self.trig_ev.get("to_deck_top", ()) and actor(st) == c["o"]:
                # "When you put this card on top of your deck" (the owner putting it: its deck is the owner's)
                for ab in self.abf[c["k"]]:
                    if ab.get("kind") == "trigger" and ab.get("on") == "to_deck_top":
                        self.queue_trigger(st, nid, c["o"], ab["effects"], ab.get("text", "to_deck_top"))
        else:
            lst.append(nid)
        return nid

    def enter_play(self, st, ev, cid, area, ctrl, *, face_down=False, exhausted=False, host=None, trigger=True) -> str:
        """706.1: put a card into play (new id)."""
        c = st["cards"][cid]
        if c.get("z") != "play" or True:
            if c.get("z") in ZONE_LIST or c.get("z") == "queue":
                self._remove(st, cid)
            del st["cards"][cid]
        nid = f"c{st['nid']}"
        st["nid"] += 1
        if not exhausted and "enter_exhausted" in self.ops_in_play(st) and self._enters_exhausted(st, c, ctrl):
            exhausted = True  # "Opposing Friends enter play exhausted." (503.1)
        if not face_down and c["k"] in self.enter_ex_keys:
            exhausted = True  # "This card enters play exhausted." (503.1)
        nc = {"k": c["k"], "o": c["o"]}
        self.place_in_play(st, nid, nc, area, ctrl, exhausted=exhausted, face_down=face_down, host=host)
        if c.get("t"):
            nc["t"] = c["t"]
        st["dy"] = 1
        if nc["k"] in self.enter_cn_keys and not face_down:  # "This card enters play with 3 +1 power counters on it"
            # ("... for each of your other Earth Pony Friends": counted as it enters, 706)
            nc["cn"]["+1"] = sum(a["n"] * (self._count(st, nid, a["per"]) if "per" in a else 1)
                                 for a in self.abf[nc["k"]] if a.get("op") == "enter_counters")
            for a in self.abf[nc["k"]]:
                if a.get("op") == "enter_counters" and a.get("copy"):  # "... equal to the number on another one of
                    # your characters": chosen as it enters (705.2f), before anything else resolves
                    st["rq"].append({"p": ctrl, "src": nid, "eff": [{"op": "copy_plus_counters", "sel": a["copy"]}],
                                     "i": 0, "ch": None, "lbl": "enters play with counters", "after": None})
        if nc["k"] in self.static_keys and not face_down:
            self.restamp(st, nid)
        if not face_down and "opp_enters_lose" in self.ops_in_play(st) and self.ctype(st, nid) == FRIEND:
            # 706.1b "As an opposing Friend enters play, it loses and can't have abilities until the end of the
            # turn" applies as it enters: its own "When this card enters play" never triggers
            for o, _ab in self.statics(st, "opp_enters_lose"):
                if st["cards"][o]["c"] != ctrl:
                    self.add_lab_mod(st, nid, "turn")
                    break
        if trigger and self.rx_keys:  # a reactable event (512.4): "After an opposing Friend enters play"
            self.rx_note(st, "enter", card=nid, c=ctrl, a=area, type=self.ctype(st, nid), by=actor(st))
        if trigger and not face_down:
            self.fire(st, ev, "enter", nid)
            # Calming X: an opposing Friend entering play here gets -X until end of turn
            if self.ctype(st, nid) == FRIEND:
                for o in st["play"]:
                    oc = st["cards"][o]
                    if oc["a"] == area and oc["c"] != ctrl:
                        x = self.kw(st, o, "Calming")
                        if x:
                            self.add_mod(st, nid, -x, "turn")
            # 706.1d "When a/another/an opposing ... enters play"; ``by``: "When you put a ... token into play"
            self.watch(st, ev, "w_enter", nid, {"by": actor(st)})
        return nid

    def place_in_play(self, st, cid, card, area, ctrl, *, exhausted=False, face_down=False, host=None) -> None:
        """The one way a card record joins the play zone: ``card`` (with its key and owner) becomes the
        record of ``cid``, in play at ``area`` under ``ctrl`` (ready unless ``exhausted``, not
        frightened, no counters, not boosted), appended to the play zone with the play-zone index and
        the counters of cards in play kept (``twn`` Teamwork, ``kwg`` keyword grants, ``lab`` "lose
        abilities").  ``enter_play`` (706.1, a new id, 410.6) and the setup (the Mane Character, 102.1,
        and "Start the game with this card at your home", keeping their ids) use it."""
        card.update({"z": "play", "c": ctrl, "a": area, "ex": exhausted, "fr": False, "fd": face_down, "cn": {},
                     "h": host, "b": False})
        st["cards"][cid] = card
        st["play"].append(cid)
        self._play_added(st, cid)
        k = card["k"]
        if k in self.tw_keys:
            st["twn"] = st.get("twn", 0) + 1
        if k in self.kwg_keys:
            st["kwg"] = st.get("kwg", 0) + 1
        if k in self.lab_keys:
            st["lab"] = st.get("lab", 0) + 1

    def restamp(self, st, cid) -> None:
        """711.3a: a card's continuous abilities create their modifiers when they begin to function:
        as it enters play face-up (706.1c), is uncovered (505.1a), is unfrightened (504) or turned
        over (301.2).  Kept (``ts``) for cards with continuous abilities; ordering among modifiers
        whose sources have no ``ts`` falls back to the play zone's order."""
        if st["cards"][cid]["k"] in self.static_keys:
            st["ts"] += 1
            st["cards"][cid]["ts"] = st["ts"]

    def _enters_exhausted(self, st, c, ctrl) -> bool:
        t = c["t"].get("type", FRIEND) if c.get("t") else self.types[c["k"]]
        return t == FRIEND and any(self._who(ab, st["cards"][o]["c"], ctrl) for o, ab in self.statics(st, "enter_exhausted"))

    def leave_play(self, st, ev, cid, zone, pos="top", *, by_game=False, verb="dismissed", cost=False,
                   persist: bool | None = None, rskip: tuple = ()) -> str | None:
        """Move a card from play to another zone (dismiss, retire, banish, to hand, to deck).

        ``persist``: None asks Persistent's controller (a pending ``may`` decision queued on the
        resolution queue, so the card leaves or is frightened when that decision is answered);
        False: the occurrence is not replaced (declined, or 710.3 already replaced once)."""
        if not self.in_play(st, cid):
            return None
        c = st["cards"][cid]
        if self.ctype(st, cid) == MANE:
            self.log(ev, "prevented", lambda: f"{self.name(st, cid)} can't leave play (301.5)")
            return None
        for ab in self.abilities(st, cid):
            if ab["kind"] == "static" and ab.get("op") == "cant_leave":
                return None
        if not by_game and st.get("clr") and any(r["c"] == cid for r in st["clr"]):
            self.log(ev, "prevented", lambda: f"{self.name(st, cid)} can't leave play this turn")
            return None  # "that Friend can't leave play this turn" (effects.timed.card_no_leave; 104.3)
        if not by_game and st["pl"][c["c"]].get("tmr") and self.ctype(st, cid) == FRIEND and \
                any(r["k"] == "no_leave" for r in st["pl"][c["c"]]["tmr"]):
            # "your Friends can't leave play this turn" (effects.timed.restrict; 104.2, not against the game 104.3)
            self.log(ev, "prevented", lambda: f"{self.name(st, cid)} can't leave play this turn")
            return None
        if zone == "hand" and self.ctype(st, cid) == FRIEND and "hand_to_ban" in self.ops_in_play(st) and \
                self.statics(st, "hand_to_ban"):
            zone, verb = "ban", "banished instead of returned to hand (710)"  # "If a Friend would be put into a player's hand from play, banish that Friend instead."
        if zone == "disc" and verb.startswith("dismissed") and not by_game and self.ctype(st, cid) == FRIEND and \
                "dismiss_to_ban" in self.ops_in_play(st) and self.statics(st, "dismiss_to_ban"):
            zone, verb = "ban", "banished instead of dismissed (710)"  # "If a Friend would be dismissed, it is banished instead."
        if verb.startswith("dismissed") and not by_game and self.prevented(st, cid, "no_dismiss"):
            # "[Honesty] Friends here cannot be dismissed." (104.2; never against the game, 104.3)
            self.log(ev, "prevented", lambda: f"{self.name(st, cid)} can't be dismissed")
            return None
        if not by_game and (zone == "hand" or verb.startswith("dismissed")) and "no_opp_remove" in self.ops_in_play(st) \
                and self.prevented(st, cid, "no_opp_remove"):
            # "This card can't be dismissed ... or put into its owner's hand from play by opponents"
            if actor(st) != c["c"]:
                self.log(ev, "prevented", lambda: f"{self.name(st, cid)} can't be removed by an opponent")
                return None
        if not by_game and "no_leave" in self.ops_in_play(st) and self.prevented(st, cid, "no_leave"):
            self.log(ev, "prevented", lambda: f"{self.name(st, cid)} can't leave play")  # 104.2
            return None
        if verb.startswith("retired") and "616.3" not in verb and not by_game and self.prevented(st, cid, "no_retire"):
            self.log(ev, "prevented", lambda: f"{self.name(st, cid)} can't be retired")  # (except to home limit)
            return None
        if not by_game and not cost and persist is None and "replace" in self.ops_in_play(st):
            # (the home-limit retirement is replaced only by what takes the Friend out of the home, "home_retire": a
            # replacement that keeps it at home would be asked again and again, 616.3 / 802.3)
            # "If another of your Friends here would be dismissed, you may retire this card instead" (710)
            evs = (("home_retire",) if "616.3" in verb else ("leave", "dismiss") if verb.startswith("dismissed")
                   else ("leave", "banish") if zone == "ban" else ("leave",))
            if self.queue_replacement(st, cid, evs, rskip, {"zone": zone, "pos": pos, "verb": verb}):
                return None
        if persist is None and not by_game and not cost and self.persistent_applies(st, cid):
            # Persistent: "If this card would leave play, you may frighten it instead." (710, 712.3):
            # its controller decides as the card would leave.  Not for "by the game" (104.3: can't be
            # replaced; 104.4 only lets a replacement to another zone win over a uniqueness
            # dismissal, and frightening keeps the card in play) nor for costs (508.1a: a cost that
            # would be replaced can't be paid, so a player paying it never applies the replacement).
            queue_persistent(self, st, cid, zone, pos, verb)
            return None
        name = self.name(st, cid)
        if self.ctype(st, cid) == FRIEND:
            st["fl"] = st["turn"]  # "if a Friend left play this turn"
        if c["k"] in self.trig_ev.get("leaves", ()) or st.get("twn"):  # with its counters and power (410.6a last known information)
            self.fire(st, ev, "leaves", cid, extra={"cn": dict(c.get("cn") or {}), "pw": self.power(st, cid)})
        how = verb.split(" ", 1)[0]
        self.watch(st, ev, "w_leave", cid, {"how": how if how in ("dismissed", "retired", "banished") else None,
                                             "zone": zone, "la": c.get("a")})  # la: its last area ("here")
        # attachments of a card leaving play are dismissed (511.2)
        for o in list(st["play"]):
            if st["cards"][o].get("h") == cid:
                self.put(st, o, "disc")
        if self.rx_keys:  # "After one of your Friends is retired / dismissed / put into the discard pile from play"
            ct = self.ctype(st, cid)
            how = "dismiss" if verb.startswith("dismissed") else "retire" if verb.startswith("retired") else None
            note = self.rx_note(st, "left", c=c["c"], o=c["o"], a=c["a"], type=ct, zone=zone, how=how,
                                by=None if by_game else actor(st))
        else:
            note = None
        nid = self.put(st, cid, zone, pos)
        for t in st["trig"]:  # its own "When this card is dismissed, put it ..." finds it in the new zone (410.6a)
            if t["src"] == cid and t["x"].get("it") == cid:
                t["x"]["new"] = nid
        if note is not None:
            note["card"] = nid  # the card in its new zone (410.6a)
        self.log(ev, "zone", lambda: f"{name} is {verb}", card=nid)
        return nid

    def draw(self, st, ev, p, n=1, replace=True) -> int:
        """410.4: draw the topmost card, one at a time.  A draw an optional replacement may replace (710: "If you
        would draw a card during a Main Phase, you may ... instead") waits, with the draws after it, for its
        player's decision (``effects.points_and_hand.effect_replace_draw``, resolved next)."""
        got = 0
        pl = st["pl"][p]
        for i in range(n):
            if not self.may_draw(st, p):
                self.log(ev, "prevented", lambda: f"{pl['name']} can't draw more cards this turn")
                break
            src = self.draw_replacement(st, p) if replace and "replace_draw" in self.ops_in_play(st) else None
            if src is not None:
                st["rq"].append({"p": p, "src": src, "eff": [{"op": "replace_draw", "n": n - i}], "i": 0, "ch": None,
                                 "lbl": "", "after": None})
                break
            if not pl["deck"]:
                self.log(ev, "draw", lambda: f"{pl['name']} has no card to draw")
                break
            top = pl["deck"].pop(0)
            c = st["cards"].pop(top)
            nid = f"c{st['nid']}"
            st["nid"] += 1
            st["cards"][nid] = {"k": c["k"], "o": p, "z": "hand"}
            pl["hand"].append(nid)
            got += 1
            dt = pl.get("dtt")
            pl["dtt"] = [st["turn"], (dt[1] if dt and dt[0] == st["turn"] else 0) + 1]  # draws this turn
            if self.rx_keys:
                self.rx_note(st, "draw", by=p)  # "After your opponent draws a card" (410.4b: each draw)
            if self.may_fire(st, "draw"):
                self.fire_all(st, ev, "you_draw", players=(p,))
                self.fire_all(st, ev, "any_draw", extra={"card": nid, "by": p})  # "When a player draws a card"
            if not ev.quiet:
                ev.add("draw", f"{pl['name']} draws a card", player=p)
                ev.add("draw", f"You draw {self.db.cards[c['k']].name}", to=p, card=nid)
        return got

    def draw_replacement(self, st, p) -> str | None:
        """The card of player ``p`` whose "If you would draw a card during a Main Phase, you may exhaust one of your
        Friends to gain [1] instead" can replace their next draw now (CS2; static ``replace_draw``): during a Main
        Phase, with a Friend of theirs they can exhaust (the replacing instruction must be possible)."""
        if st.get("step") not in ("main", "main_start", "w_main_end"):
            return None
        srcs = [o for o, _ab in self.statics(st, "replace_draw") if st["cards"][o]["c"] == p]
        if srcs and any(st["cards"][o]["c"] == p and not st["cards"][o].get("ex") and self.ctype(st, o) == "Friend"
                        and self.can_exhaust(st, o, p) for o in st["play"]):
            return srcs[0]
        return None

    def may_draw(self, st, p) -> bool:
        """'Players can't draw more than 2 cards per turn.' / 'While a player has at least 4 cards in
        their hand, that player can't draw cards during the Main Phase.'"""
        ops = self.ops_in_play(st)
        if "no_draw_main" in ops and st.get("step") in ("main", "main_start", "w_main_end") and any(
                len(st["pl"][p]["hand"]) >= ab["n"] for o, ab in self.statics(st, "no_draw_main")):
            return False
        if "max_draws" not in ops:
            return True
        dt = st["pl"][p].get("dtt")
        done = dt[1] if dt and dt[0] == st["turn"] else 0
        return all(done < ab["n"] for o, ab in self.statics(st, "max_draws"))

    def shuffle(self, st, lst) -> None:
        st["rng"] = _rng.shuffle(st["rng"], lst)

    def rand(self, st, n) -> int:
        st["rng"], x = _rng.randbelow(st["rng"], n)
        return x

    def score(self, st, ev, p, n, why="") -> None:
        """517: scoring points; 'can't score' modifiers are checked here."""
        if n <= 0:
            return
        for o in (st["play"] if st.get("twn") else self.in_play_with(st, self.static_keys)):
            for ab in self.abilities(st, o):
                if ab["kind"] == "static" and ab.get("op") == "max_points_per_turn":
                    n = min(n, max(0, ab["n"] - st["pl"][p]["scored_turn"]))
                if ab["kind"] == "static" and ab.get("op") == "no_score_fo" and self.involved(st, o):
                    n = 0  # "Players can't score points during faceoffs involving this card"
        if n > 0 and self.flip_ns_keys and self._flipped_no_score(st, p):
            n = 0
        if n <= 0:
            return
        first = not (st["pl"][0]["scored_turn"] or st["pl"][1]["scored_turn"])
        st["pl"][p]["score"] += n
        st["pl"][p]["scored_turn"] += n
        self.log(ev, "score", lambda: f"{self.pname(st, p)} scores {n} point{'s' if n != 1 else ''}"
                 f"{(' ' + why) if why else ''} ({st['pl'][0]['score']}-{st['pl'][1]['score']})",
                 player=p, points=n)
        if first:  # "The first time a player scores a point each turn" (ST2)
            self.fire_all(st, ev, "first_score", extra={"by": p})
        self.check_win(st, ev)

    def _flipped_no_score(self, st, p) -> bool:
        """Chaos: "While this card is flipped, opponents can't score points" (an opponent's flipped card; not while
        opposing flipped cards lose their abilities)."""
        q = 1 - p
        if any(st["cards"][o]["c"] != q for o in self.has_static(st, "flip_no_abilities")):
            return False
        return any(st["cards"][f]["k"] in self.flip_ns_keys for f in st["pl"][q]["flip"])

    def check_win(self, st, ev) -> None:
        """103.2: 15 or more points wins; 103.2a simultaneous wins draw.  Sudden death (floor rules,
        time called): the first change in points decides."""
        if st["outcome"]:
            return
        s0, s1 = st["pl"][0]["score"], st["pl"][1]["score"]
        w0, w1 = s0 >= WIN_POINTS, s1 >= WIN_POINTS
        if w0 and w1:
            self.end(st, ev, None, "both players reached 15 points simultaneously (103.2a)")
        elif w0 or w1:
            self.end(st, ev, 0 if w0 else 1, "reached 15 points (103.2)")
        elif st["tc"] and st["tc"].get("sudden") and s0 != s1:
            self.end(st, ev, 0 if s0 > s1 else 1, "sudden death: first change in points (floor rules)")

    def end(self, st, ev, winner, reason) -> None:
        st["outcome"] = {"winner": winner, "reason": reason, "draw": winner is None}
        st["pending"] = None
        st["prio"] = None
        w = "draw" if winner is None else f"{self.pname(st, winner)} wins"
        ev.add("game_over", f"Game over: {w} — {reason}", winner=winner, reason=reason)

    # ================================================================= state changes
    def exhaust(self, st, ev, cid, by=None) -> bool:
        """503.2; ``by``: the player exhausting it ("Players can't exhaust their Friends")."""
        c = st["cards"][cid]
        if c.get("ex") or c.get("fr") or self.ctype(st, cid) == "Problem":
            return False  # 503.2a, 504.2a, 503.4a
        if not self.can_exhaust(st, cid, by):
            return False  # 104.2 a "can't" modifier
        c["ex"] = True
        self.log(ev, "exhaust", lambda: f"{self.name(st, cid)} is exhausted")
        # "When that Friend becomes exhausted"; "When you exhaust one or more opposing characters" (``by``)
        self.watch(st, ev, "w_exhaust", cid, {"by": actor(st) if by is None else by})
        return True

    def ready(self, st, ev, cid, rskip=()) -> bool:
        """Ready an exhausted card.  ``rskip``: replacement modifiers already declined for this readying (710.3)."""
        c = st["cards"][cid]
        if not c.get("ex") or c.get("fr"):
            return False
        if self.prevented(st, cid, "no_ready"):
            return False  # "Friends here with 2 or less power can't ready." (104.2)
        if "replace" in self.ops_in_play(st) and self.queue_replacement(st, cid, ("ready",), rskip, {}):
            return False  # "If this card would ready, you may pay 1AT. If you do, ... remains exhausted" (710): asked first
        c["ex"] = False
        c.pop("ntw", None)  # "loses Teamwork until it is readied"
        if st.get("labm"):
            self.end_while_exhausted(st, cid)
        self.fire(st, ev, "readies", cid)  # "When this card readies" (Harmony Dragon)
        return True

    def turn_tm_face_up(self, st, ev, cid, rskip=(), restamp=True) -> bool:
        """A face-down Troublemaker turned face-up without being uncovered ("This does not cover or uncover it", 607.3);
        an optional replacement ("you may choose to not turn it face-up", 710) is asked first (False: not turned now)."""
        if "replace" in self.ops_in_play(st) and self.queue_replacement(st, cid, ("face_up",), rskip, {"rst": restamp}):
            return False
        c = st["cards"][cid]
        c["fd"] = False
        st["dy"] = 1
        if restamp:
            self.restamp(st, cid)  # 711.3a its abilities function from now
        self.log(ev, "face_up", lambda: f"{self.name(st, cid)} is turned face-up at {self.area_name(st, c['a'])} (not uncovered)")
        return True

    def frighten(self, st, ev, cid, rskip: tuple | None = ()) -> bool:
        """504.1: turned face down, counters removed, attachments discarded.  Tokens cease (521.4).
        ``rskip``: replacement modifiers already declined for this occurrence (710.3); None: none apply."""
        c = st["cards"][cid]
        if c.get("fr") or c.get("fd"):
            return False  # 504.2b
        for ab in self.abilities(st, cid):
            if ab["kind"] == "static" and ab.get("op") == "cant_frighten" and \
                    (not ab.get("cond") or self._cond(st, cid, ab["cond"])):
                return False
        if self.prevented(st, cid, "no_frighten"):
            return False  # "Friends here can't be frightened." (104.2)
        if rskip is not None and "replace" in self.ops_in_play(st) and \
                self.queue_replacement(st, cid, ("frighten",), rskip, {}):
            return False  # "If this card would be frightened, you may exhaust it instead" (710): asked first
        name = self.name(st, cid)
        if c.get("t"):
            self.watch(st, ev, "w_fright", cid, {"by": actor(st)})  # it is frightened, then ceases to exist
            self._remove(st, cid)
            del st["cards"][cid]
            self.log(ev, "frighten", lambda: f"{name} is frightened and ceases to exist (521.4)")
            return True
        # "When this card becomes frightened": seen just before (a frightened card has no abilities, 504.1);
        # ``by``: the player frightening it ("When you frighten a Friend", the resolving effect's controller)
        self.watch(st, ev, "w_fright", cid, {"by": actor(st)})
        for o in list(st["play"]):
            if st["cards"][o].get("h") == cid:
                self.put(st, o, "disc")
        c["fr"] = True
        st["dy"] = 1
        c["ex"] = False
        if st.get("labm"):
            self.end_while_exhausted(st, cid)  # (and a frightened card has no abilities at all, 504.1)
        c["cn"] = {}
        c.pop("col", None)
        st["mods"] = [m for m in st["mods"] if m["t"] != cid]
        if st.get("kgm"):
            st["kgm"] = [g for g in st["kgm"] if g.get("t") != cid]  # its timed keyword grants end too
        self.log(ev, "frighten", lambda: f"{name} is frightened")
        if self.rx_keys:
            self.rx_note(st, "frighten", card=cid, c=c["c"], a=c["a"], type=self.ctype(st, cid))
        return True

    def unfrighten(self, st, ev, cid) -> bool:
        c = st["cards"][cid]
        if not c.get("fr"):
            return False  # 609.2e
        if c.get("nuw") and unfright_blocked(st, c):
            return False  # "While this card is exhausted, that card can't be unfrightened" (104.2)
        c["fr"] = False
        st["dy"] = 1
        self.restamp(st, cid)
        self.log(ev, "rally", lambda: f"{self.name(st, cid)} is unfrightened")
        if self.rx_keys:
            self.rx_note(st, "unfrighten", card=cid, c=c["c"], a=c["a"], type=self.ctype(st, cid))
        self.watch(st, ev, "w_unfright", cid)  # "When ... becomes unfrightened"
        return True

    def move_card(self, st, ev, cid, area, *, send=False, by=None, rskip=()) -> bool:
        """506: move (or send, 506.5) a card to another area.  ``rskip``: replacement modifiers already declined
        for this move (710.3); a move an optional replacement would replace is asked first (False: not moved now)."""
        c = st["cards"][cid]
        if c["a"] == area:
            return False  # 506.2
        if area.startswith("home") and int(area[4:]) != c["c"]:
            return False  # 506.2
        if area.startswith("home") and self.ctype(st, cid) == TM:
            return False  # 506.2a
        if not send and "replace" in self.ops_in_play(st) and \
                self.queue_replacement(st, cid, ("move",), rskip, {"to": area, "mby": by}):
            return False  # "If another one of your Friends would be ... moved, you may retire this card instead" (710)
        old = c["a"]
        was = bool(st["fo"]) and self.involved(st, cid)
        c["a"] = area
        st["dy"] = 1
        for o in st["play"]:
            if st["cards"][o].get("h") == cid:
                st["cards"][o]["a"] = area  # 509.3
        if not was and st["fo"] and self.involved(st, cid):  # 514.2d it becomes involved by moving
            self.fire(st, ev, "becomes_involved", cid)
            for o in list(st["play"]):
                if st["cards"][o].get("h") == cid:
                    self.fire(st, ev, "host_fo_start", o)  # "When that Friend becomes involved in a faceoff"
        self.log(ev, "move", lambda: f"{self.name(st, cid)} {'is sent' if send else 'moves'} to {self.area_name(st, area)}")
        if not send and "arrive_mod" in self.ops_in_play(st):
            self.arrive_mods(st, ev, cid)  # "Opposing Friends moved or played here get -1 power ..."
        if not send:
            c["mv"] = [st["turn"], old]  # "a character that was moved this turn" / "its previous area"
            if self.is_char(st, cid):  # "if that opponent did not move any characters this turn"
                mv = st.get("mvt")
                if not mv or mv[0] != st["turn"]:
                    mv = st["mvt"] = [st["turn"], []]
                if actor(st) not in mv[1]:
                    mv[1].append(actor(st))
            if self.rx_keys:  # "After an opponent moves a character to this card's Problem" (506.5: not when sent)
                self.rx_note(st, "moved", card=cid, c=c["c"], a=area, frm=old, type=self.ctype(st, cid), by=actor(st))
            mover = actor(st) if by is None else by
            self.fire(st, ev, "moved", cid, extra={"from": old, "to": area, "by": mover})
            if self.is_char(st, cid) and self.may_fire(st, "move"):
                # "When you move a character" / "When an opponent moves a character": the player moving it, not
                # the character's controller (an opponent's effect can move your character, 506.1c)
                self.fire_all(st, ev, "you_move", players=(mover,))
                self.fire_all(st, ev, "opp_moves", players=(1 - mover,))
            if mover == c["c"] and self.kw(st, cid, "Traveler"):  # "When you move this card" (glossary)
                self.queue_trigger(st, cid, c["c"], [{"op": "may", "effects": [
                    {"op": "counters", "n": 1, "counter": "+1", "target": {"self": True}}]}], "Traveler")
        # 506.1c "When [something] is moved" / "When you move ..." about any card; ``by`` is the player
        # moving it (the player acting when not told: a move action's player, a resolving effect's controller);
        # sends are marked (506.5)
        self.watch(st, ev, "w_move", cid, {"from": old, "to": area, "by": actor(st) if by is None else by, "send": send})
        return True

    def send_home(self, st, ev, cid) -> None:
        c = st["cards"][cid]
        if "send_elsewhere" in self.ops_in_play(st) and c["a"].startswith(("prob", "dil")):
            for o, ab in self.statics(st, "send_elsewhere"):
                # "If this card would be sent home, it is sent to another Problem instead" (710; not optional)
                if (o == cid) if ab["subj"] == "self" else self.matches(st, cid, ab["subj"], st["cards"][o]["c"], o):
                    others = [a for a in self.problem_areas(st) if a != c["a"] and self.problem_at(st, a)]
                    if ab.get("may") and others:  # "you may send those characters to other Problems instead"
                        queue_send_elsewhere(st, o, cid, others)
                    elif len(others) == 1:
                        self.move_card(st, ev, cid, others[0], send=True)
                    elif others:  # its controller chooses which other Problem (a decision, 705.2f)
                        st["rq"].append({"p": c["c"], "src": cid, "eff": [{"op": "send_to_area", "card": cid, "areas": others}],
                                         "i": 0, "ch": None, "lbl": "Sent to another Problem", "after": None})
                    else:
                        self.log(ev, "replace", lambda: f"{self.name(st, cid)} is not sent home (710.4)")
                    return
        self.move_card(st, ev, cid, f"home{c['c']}", send=True)
