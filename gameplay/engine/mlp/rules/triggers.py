"""Triggered abilities (707): queueing a trigger, firing the abilities of a game event, watched
events ("When a card ... this turn")."""
from __future__ import annotations

from ..effects.triggered import xf_ok
from .queries import NO_KEYS


class Triggers:
    """Triggered abilities (707): queueing a trigger, firing the abilities of a game event, watched"""

    # ================================================================= triggers (704, 511.7)
    def queue_trigger(self, st, src, ctrl, effects, label, extra=None) -> None:
        st["trig"].append({"p": ctrl, "src": src, "eff": effects, "lbl": label, "x": extra or {}})

    def fire(self, st, ev, event, cid, extra=None) -> None:
        """A card's own triggered abilities for ``event`` (enter, moved, turn_start, ...)."""
        c = st["cards"].get(cid)
        if not c or c["k"] not in self.trig_keys:
            return
        if c["k"] not in self.trig_ev.get(event, ()) and (
                not st.get("twn") or (not self.in_play_with(st, self.tw_ev.get(event, NO_KEYS)) and self.af_free(st))):
            # no ability of this card triggers on that event, and no Teamwork card in play has one to
            # lend (reading what is lent could read card types, see af_free)
            return
        for ab in self.abilities(st, cid):
            if ab["kind"] == "trigger" and ab["on"] == event:
                if ab.get("fo") and not (st["fo"] and (st["fo"]["type"] == ab["fo"] or (ab["fo"] == "problem" and st["fo"]["type"] == "multi"))):
                    continue
                if event == "enter" and c.get("t") and ab.get("text", "").startswith("When you play this card"):
                    continue  # a token copy (520.2) is put into play, never played (609.2a)
                if ab.get("when") == "problem" and not c["a"].startswith(("prob", "dil")):
                    continue
                if ab.get("when") == "home" and not c["a"].startswith("home"):
                    continue
                if ab.get("your_turn") and st["tp"] != c.get("c", c["o"]):
                    continue  # "When this card enters play during your turn"
                if event == "moved" and ab.get("to") == "problem" and not (extra or {}).get("to", "").startswith(("prob", "dil")):
                    continue
                if ab.get("by") == "you" and (extra or {}).get("by", c.get("c")) != c.get("c"):
                    continue  # "When you move this card": only its controller moving it, not an opponent's effect
                if ab.get("here") and (extra or {}).get("area") is not None and c.get("a") not in (extra or {}).get("area"):
                    continue
                if event == "moved" and ab.get("from") == "home" and not (extra or {}).get("from", "").startswith("home"):
                    continue
                if ab.get("first_turn") and st["pl"][c["c"]]["turns"] != 1:
                    continue  # "At the start of your first turn"
                if ab.get("margin") and (extra or {}).get("margin", 0) < ab["margin"]:
                    continue  # "by at least N power"
                if ab.get("inv") and not (extra or {}).get("inv"):
                    continue  # "At the end of a faceoff involving this card"
                if ab.get("opp_turn") and st["tp"] == c.get("c", c["o"]):
                    continue  # "At the start of an opponent's Main Phase"
                if ab.get("mane_inv") and not self.involved(st, st["pl"][c.get("c", c["o"])]["mane"]):
                    continue  # "When this card's owner wins a faceoff involving their Mane Character"
                if ab.get("exact") is not None and (extra or {}).get("margin") != ab["exact"]:
                    continue  # "by exactly N power"
                fc = (extra or {}).get("card")
                if ab.get("flip") and not (fc in st["cards"] and ab["flip"] in self.traits(st, fc)):
                    continue  # "When you flip a Chaotic card" (Chaotic is a trait)
                if ab.get("subj") is not None and not self._watch_ok(st, cid, ab, extra or {}):
                    continue  # a watched event about another card whose condition does not hold
                if ab.get("xf") is not None and not xf_ok(self, st, cid, ab["xf"], extra or {}):
                    continue  # effects.triggered.xf_ok: face-up, during a faceoff, who drew, drawn card type
                if ab.get("your_turn") and st["tp"] != c.get("c", c["o"]):
                    continue  # "When this card enters play during your turn"
                if ab.get("min_chars") and len([o for o in self.chars_at(st, c["a"], c.get("c", c["o"]))
                                                if not st["cards"][o].get("fr")]) < ab["min_chars"]:
                    continue  # "When you confront this Problem with at least N characters"
                # "they ..." (start of the opponent's / each player's Troublemaker Phase): the turn player
                ctrl = st["tp"] if ab.get("as_tp") else c.get("c", c["o"])
                if ab.get("as_by") and (extra or {}).get("by") is not None:
                    ctrl = extra["by"]  # "that player ...": the player who did the watched thing
                if ab.get("as_winner") and (extra or {}).get("winner") is not None:
                    ctrl = extra["winner"]  # "When a player wins a faceoff here ..., that player ..."
                self.queue_trigger(st, cid, ctrl, ab["effects"], ab.get("text", event), extra)
            elif ab["kind"] == "manual" and ab.get("on") == event:
                self.log(ev, "manual_text", lambda ab=ab: f"{self.name(st, cid)}: apply manually — \"{ab['text']}\"",
                         card=cid, manual=True)

    def may_fire(self, st, group) -> bool:
        """Whether ``fire_all`` could find a card in play for one of the events of ``tev_groups[group]``
        (else each of those calls would do nothing: one look instead of one per event)."""
        return bool(self.in_play_with(st, self.trig_keys if st.get("twn") else self.tev_groups[group]))

    def fire_all(self, st, ev, event, players=None, area=None, extra=None) -> None:
        if event == "opp_discards" and players:  # every discard site reports to the discarder's opponent
            pl = st["pl"][1 - players[0]]
            d = pl.get("xtt")
            pl["xtt"] = [st["turn"], (d[1] if d and d[0] == st["turn"] else 0) + 1]  # discards this turn
        tk = self.trig_keys if st.get("twn") else self.trig_ev.get(event, NO_KEYS)
        if not tk:
            return  # no card triggers on that event
        cards = st["cards"]
        # firing only queues triggers (and logs manual texts): the play zone can't change meanwhile
        for cid in self.in_play_with(st, tk):
            c = cards.get(cid)
            if not c or (players is not None and c["c"] not in players):
                continue
            if area is not None and c["a"] != area:
                continue
            self.fire(st, ev, event, cid, extra)

    # ================================================================= watched events (704.1)
    def watch(self, st, ev, event, subj, extra=None) -> None:
        """Fire ``event`` ("w_enter", "w_leave", "w_move", "w_play", ...) for every card in play whose
        triggered ability watches something happening to a card ("When an opposing Friend enters
        play here").  ``subj`` (the card it happened to) becomes the effect's "it"; the ability's
        ``subj`` filter is checked as the event happens (712.2: state as the effect is created)."""
        if event in self.disc_trig:
            self.fire_from_zone(st, "disc", self.disc_trig[event], event, {"it": subj, **(extra or {})})
        if event in self.hand_trig:
            self.fire_from_zone(st, "hand", self.hand_trig[event], event, {"it": subj, **(extra or {})})
        tk = self.trig_keys if st.get("twn") else self.trig_ev.get(event)
        if not tk or not self.in_play_with(st, tk):
            return  # (no card in play can watch it: fire_all would find none)
        self.fire_all(st, ev, event, extra={"it": subj, **(extra or {})})

    def fire_from_zone(self, st, zone, keys, event, x, players=(0, 1)) -> None:
        """The watched-event triggers of cards in their owner's discard pile or hand ("When you play a Griffon
        Friend while this card is in your discard pile, ...", "you may put this card from your hand into play");
        the owner is "you".  A hand card's trigger is shown to its owner only (404.1, flow.turn.start_trigger)."""
        for p in players:
            for cid in list(st["pl"][p][zone]):
                k = st["cards"][cid]["k"]
                for ab in keys.get(k, ()):
                    if ab.get("subj") is None or self._watch_ok(st, cid, ab, x):
                        self.queue_trigger(st, cid, p, ab["effects"], ab.get("text", event), x)

    def _watch_ok(self, st, cid, ab, x) -> bool:
        """Does a watched event (``x``: it, by, from, to, how, play) meet an ability's ``subj`` filter?
        Filter keys: a selector (type, ctrl, at "here", other, self, trait, color, ... relative to the
        watching card ``cid``), "host" (the card it is attached to), "by" (you/opp: the player who
        did it), "to"/"from" ("here": the watching card's area; "problem"; "home"), "how"
        (dismissed/retired/banished), "ztype" (the printed type of a card entering a discard pile), "token"
        (True/False), "last" (you played the last card in your hand), "once_turn" ("for the first time each
        turn"), "batch" ("one or more": not again while this ability's trigger from the same event still waits)."""
        f = ab["subj"]
        c = st["cards"][cid]
        me = c.get("c", c["o"])
        it = x.get("it")
        if f.get("by") is not None and x.get("by", -1) != (me if f["by"] == "you" else 1 - me):
            return False
        for key in ("to", "from"):
            w = f.get(key)
            if w is None:
                continue
            a = x.get(key) or ""
            if w == "here" and a != c.get("a"):
                return False
            if w == "problem" and not a.startswith(("prob", "dil")):
                return False
            if w == "home" and not a.startswith("home"):
                return False
        if f.get("how") is not None and x.get("how") not in (f["how"] if isinstance(f["how"], list) else (f["how"],)):
            return False
        if f.get("send") is False and x.get("send"):
            return False
        if f.get("ztype") and x.get("ztype") != f["ztype"]:
            return False  # the printed type of a card entering a zone outside play ("one of your Friends", w_disc)
        pl = x.get("play")
        if pl is not None:  # "When an opponent plays a Friend": the played card's printed information
            face = self.ff[pl["k"]]
            if f.get("ptype") and face.type != f["ptype"]:
                return False
            if f.get("ptrait") and (pl.get("fd") or f["ptrait"] not in face.traits):
                return False
            if f.get("pmax_cost") is not None and (face.cost or 0) > f["pmax_cost"]:
                return False
            if f.get("last") and st["pl"][pl["p"]]["hand"]:
                return False
            if f.get("pfirst") and sum(1 for r in self.played_this_turn(st, pl["p"]) if r[0] == face.type and (
                    not f.get("ptrait") or f["ptrait"] in r[3])) != 1:
                return False  # "When you play your first Crystal Friend each turn" (record_play: this one is recorded)
        sel = f.get("sel")
        if sel is not None:
            if sel.get("host"):
                if it is None or c.get("h") != it:
                    return False
            elif it is None or not self.matches(st, it, sel, me, cid):
                return False
            if "token" in f and bool(st["cards"][it].get("t")) != f["token"]:
                return False
        if f.get("batch") and any(t["src"] == cid and t["lbl"] == ab.get("text", ab["on"]) for t in st["trig"]):
            return False  # "one or more": one trigger while the first still waits (the same event, 704)
        if f.get("once_game"):  # "The first player to play a Friend to this Problem" (this card's first time)
            if c.get("fg"):
                return False
            c["fg"] = True
        if f.get("once_turn"):
            seen = c.setdefault("ft", {})
            k = ab.get("text", ab["on"])
            if seen.get(k) == st["turn"]:
                return False
            seen[k] = st["turn"]
        return True
