"""Applying an action (609) and answering a decision: play, move, draw, rally, activate, manual
effects, concede, time called.  Functions of ``rules.Rules``."""
from __future__ import annotations

from ...api import Action, IllegalActionError, JUDGE
from ..constants import FRIEND, opponent
from ..reactions import rx_clear, rx_take
from .decisions import ask
from .faceoff import faceoff_send_home
from .legal import discount_fits, extra_cost_effects, event_timing, troublemaker_tax
from .turn import start_trigger, uncover_turn_players, uncover_one


# ====================================================================== apply / decide
def apply(self, st, action: Action, ev) -> None:
    if st["outcome"]:
        raise IllegalActionError("the game is over", "103.1")
    k, p = action.kind, action.player
    if k == "concede":
        if p not in (0, 1):
            raise IllegalActionError("only a player can concede", "103.4")
        self.end(st, ev, opponent(p), f"{self.pname(st, p)} concedes (103.4)")
        return
    if k == "time_called":
        if p != JUDGE:
            raise IllegalActionError("only the tournament (a judge, player -1) calls time", "floor rules: end of match")
        tc = {"turn": st["turn"], "mode": action.get("mode", "standard"), "cap": action.get("extra_turns_cap"),
              "done_current": False, "extra": 0, "sudden": False}
        if st["tc"]:
            raise IllegalActionError("time has already been called", "floor rules: end of match")
        st["tc"] = tc
        ev.add("time", "Time is called: the current turn is completed (floor rules, end of match procedure)")
        if st["step"].startswith("setup"):
            self.end(st, ev, None, "time called before the first turn")
        return
    if k == "manual_effect":
        self.manual_effect(st, ev, action)
        if st["fo"] is not None:
            st["fo"]["acted"] = st["fo"].get("acted", 0) + 1  # an action in this faceoff (802.3 ties)
        st["acts"] += 1
        self.advance(st, ev)
        return
    pend = st["pending"]
    if pend:
        if k != "choose" or p != pend["player"]:
            who = self.pname(st, pend["player"])
            raise IllegalActionError(f"{who} must first decide: {pend['kind']}", pend.get("rule", "801.1"))
        self.decide(st, ev, action)
    else:
        pr = st["prio"]
        if not pr or pr["p"] != p:
            raise IllegalActionError("that player does not have priority", "510.1")
        if k == "pass":
            self.pass_priority(st, ev)
        else:
            trusted = self._trusted
            # (an action taken from the cached list is found by identity, without comparing fields)
            if trusted is None or not (any(x is action for x in trusted) or action in trusted):
                legal = self.priority_actions(st, p, dedupe=False)
                if action not in legal:
                    raise IllegalActionError(*self.illegal_reason(st, action, legal))
            if pr["n"] and pr["w"] == "main" and st.get("rx") and action.get("rx") is None and p == st["tp"] \
                    and _is_main_phase_action(self, st, action):
                # 510.3/512.3: a Main Phase action after the other player passed opens a new priority
                # window; the old one closed, so its conditions can no longer be reacted to (512.4d)
                rx_clear(st)
            main_act = pr["w"] == "main" and p == st["tp"] and not st["fo"]
            self.do_action(st, ev, action)
            if st["fo"] is not None:
                st["fo"]["acted"] = st["fo"].get("acted", 0) + 1  # actions taken in this faceoff (802.3 ties)
            if main_act and self.rx_keys:
                self.rx_note(st, "action", by=p)  # "After an opponent takes an action during their Main Phase"
            pr = st["prio"]
            if pr is not None:
                pr["p"], pr["n"] = opponent(p), 0  # 510.1 / 705.2h: priority passes after an action
    st["acts"] += 1
    self.advance(st, ev)


def decide(self, st, ev, action) -> None:
    pend = st["pending"]
    opt = action.get("option")
    if isinstance(opt, tuple):
        opt = list(opt)
    if opt not in pend["options"]:
        raise IllegalActionError(f"{opt!r} is not one of the options for {pend['kind']}", pend.get("rule", "801.1"))
    st["pending"] = None
    kind = pend["kind"]
    p = pend["player"]
    if kind == "starting_problem":
        st["setup"][str(p)] = opt
        ev.add("setup", f"{self.pname(st, p)} chooses a Starting Problem", player=p)
        if p == 0:
            self.g._ask_starting_problem(st, 1)
        else:
            _setup_after_problems(self, st, ev)
    elif kind == "mulligan":
        st["pl"][p]["mull"] = bool(opt)
        ev.add("mulligan", f"{self.pname(st, p)} {'mulligans' if opt else 'keeps'} (102.4)", player=p)
        other = opponent(p)
        if st["pl"][other]["mull"] is None:
            ask(self, st, other, "mulligan", [False, True], "102.4")
        else:
            for q in (st["first"], opponent(st["first"])):  # 102.4a simultaneously
                if st["pl"][q]["mull"]:
                    pl = st["pl"][q]
                    for h in list(pl["hand"]):
                        self.put(st, h, "deck")
                    self.shuffle(st, pl["deck"])
                    self.draw(st, ev, q, 6)
            st["step"] = "turn"
            self.fire_all(st, ev, "game_start")  # "At the start of the game" (resolved before the first turn)
            if st["trig"]:
                st["step"] = "game_go"
            else:
                self.next_turn(st, ev, first=True)
    elif kind == "challenge":
        if opt == "done":
            st["step"] = "tp_end"  # (the Challenge Step ends: tp_end triggers, then its window)
        else:
            c = st["cards"][opt]
            tax = self.action_tax(st, p, "challenge", opt)
            if tax:  # "Opponents can't challenge your Troublemakers unless they pay [1]."
                self.pay_cost(st, p, tax, ev)
                self.log(ev, "pay", lambda: f"{self.pname(st, p)} pays {tax} to challenge")
            st["sc_ch"].append(c["a"])  # 608.1/608.3
            self.log(ev, "challenge", lambda: f"{self.pname(st, p)} challenges {self.name(st, opt)} at {self.area_name(st, c['a'])}")
            self.start_faceoff(st, ev, "tm", [c["a"]], p, tm=opt)
            self.watch(st, ev, "w_challenge", opt, {"by": p})  # "When a player / an opponent challenges ..."
    elif kind == "send_home":
        faceoff_send_home(self, st, ev, opt)
    elif kind == "discard_down":
        nm = self.name(st, opt)
        self.put(st, opt, "disc")
        self.log(ev, "discard", lambda: f"{self.pname(st, p)} discards {nm} (616.2)")
        self.fire_all(st, ev, "opp_discards", players=(opponent(p),))  # "When an opponent discards a card"
    elif kind == "retire_home":
        # 616.3: the player retires (not "by the game", 104.3), so Persistent may replace it; a frightened
        # Friend still counts, and the player chooses again (end_of_turn checks the home limit again)
        self.leave_play(st, ev, opt, "disc", verb="retired (616.3 home limit)")
    elif kind == "uniqueness":
        self.leave_play(st, ev, opt, "disc", by_game=True, verb="dismissed by the game (516.2 uniqueness)")
    elif kind == "order":
        t = st["trig"].pop(opt)
        start_trigger(self, st, ev, t)
    elif kind == "confront_order":
        st["sc"]["cur"] = opt  # 610.1 the turn player's chosen next confront step
    elif kind == "uncover_order":
        uncover_one(self, st, ev, opt)  # 607.2 the turn player's chosen next Troublemaker
        if uncover_turn_players(self, st, ev):
            st["step"] = "w_uncovered"  # 601.2 the end of the Uncover Step
            st["sc_ch"] = []
    elif kind == "vexing":
        sc = st["sc"]
        if opt != "no":
            self.leave_play(st, ev, opt, "disc", verb="retired (Vexing)")
            sc["vexed"] = True
        sc["vex_done"] = True
    elif kind in ("target", "may", "choice", "look"):
        st["rq"][-1]["ch"] = opt
    else:  # pragma: no cover
        raise IllegalActionError(f"unknown decision {kind}")


def _setup_after_problems(self, st, ev):
    for p in range(2):
        cid = st["setup"][str(p)]
        nid = self.enter_play(st, ev, cid, f"prob{p}", p, trigger=False)
        self.log(ev, "setup", lambda nid=nid, p=p: f"{self.pname(st, p)} starts with {self.name(st, nid)} (102.2)")
    # 102.3 random first player; shuffle; six cards
    fp = st["fp_forced"]
    if fp is None:
        fp = self.rand(st, 2)
    st["first"] = fp
    st["tp"] = fp
    self.log(ev, "setup", lambda: f"{self.pname(st, fp)} plays first (102.3)")
    for p in range(2):
        if not st["stacked"]:
            self.shuffle(st, st["pl"][p]["pdeck"])
            self.shuffle(st, st["pl"][p]["deck"])
        _start_at_problem_deck_bottom(self, st, p)
        self.draw(st, ev, p, 6)
    st["step"] = "setup_mulligan"
    ask(self, st, fp, "mulligan", [False, True], "102.4")


def _start_at_problem_deck_bottom(self, st, p) -> None:
    """"Start the game with this card on the bottom of your Problem deck" (after the shuffle of 102.3)."""
    pd = st["pl"][p]["pdeck"]
    for cid in [c for c in pd if any(a["kind"] == "static" and a.get("op") == "start_pdeck_bottom"
                                     for a in self.db.cards[st["cards"][c]["k"]].abilities.get("front", ()))]:
        pd.remove(cid)
        pd.append(cid)


def play_card(self, st, ev, action) -> None:
    p = action.player
    cid = action.get("card")
    d = self.cdef(st, cid)
    f = d.front
    pl = st["pl"][p]
    redeem = action.get("redeem")
    transform = action.get("transform")
    cost = 0 if action.get("free") else \
        self.card_cost(st, p, cid, redeem=bool(redeem), area=action.get("area"), host=action.get("host"))  # ("without paying its cost")
    self.record_play(st, p, f, action.get("area") or (st["cards"][action.get("host")]["a"] if action.get("host") else None))
    if redeem:
        self.leave_play(st, ev, redeem, "disc", verb="retired (Redeem)", cost=True)  # 508.1a
    if action.get("retire") and self.in_play(st, action.get("retire")):
        self.leave_play(st, ev, action.get("retire"), "disc", verb="retired (additional cost)", cost=True)  # 508.1a
    if transform:
        cost = self.transform_cost(st, p, f)  # Transform X: play for X, returning a Friend to hand
        self.leave_play(st, ev, transform, "hand", verb="returned to its owner's hand (Transform)", cost=True)
    for dn in list(pl["disc_next"]):
        if dn["type"] in (f.type, "card") and discount_fits(dn, f, cid) and not dn.get("all"):  # "all": every Event until the end of the faceoff
            pl["disc_next"].remove(dn)
    self.pay_cost(st, p, cost, ev)
    area = action.get("area")
    host = action.get("host")
    where = ""
    if area and area != "dilemma":
        where = f" at {self.area_name(st, area)}" if not area.startswith("home") else " to home"
    elif host:
        where = f" on {self.name(st, host)}"
    self.log(ev, "play", lambda: f"{pl['name']} pays {cost} to play {d.name}{where}", player=p, card_key=d.key)
    note = rx_take(st, action, None) if f.type == "Event" else None
    nid = None
    if f.type == FRIEND:
        nid = self.enter_play(st, ev, cid, area, p)
        _additional_discard(st, p, d, nid)
        if "arrive_mod" in self.ops_in_play(st):
            self.arrive_mods(st, ev, nid)  # "Opposing Friends moved or played here get -1 power ..."
        _rx_played(st, nid)
        _announce_manual(self, st, ev, nid)
        self.fire_all(st, ev, "you_play_friend", players=(p,))
    elif f.type == "Resource":
        if area == "dilemma":
            a = f"dil{st['nid']}"
            st["areas"].append(a)
            nid = self.enter_play(st, ev, cid, a, p)
            st["cards"][nid]["dil"] = True  # 522.1
        else:
            ha = st["cards"][host]["a"] if host else f"home{p}"
            nid = self.enter_play(st, ev, cid, ha, p, host=host)
        _rx_played(st, nid)
        _announce_manual(self, st, ev, nid)
    elif f.type == "Event":
        self._remove(st, cid)
        st["cards"][cid]["z"] = "queue"  # 705.2d
        effs = []
        for ab in d.abilities.get("front", ()):
            if ab["kind"] == "event":
                effs = list(ab["effects"])
                ec = ab.get("cost") or {}
                if ec.get("discard"):  # 508: additional costs are paid first
                    effs = [{"op": "discard", "n": ec["discard"], "who": "you"}] + effs
                if ec.get("retire_friend"):
                    effs = [{"op": "retire", "target": {"type": "Friend", "ctrl": "you"}, "paid": True}] + effs
        if not d.automated:
            self.log(ev, "manual_text", lambda: f"{d.name}: text not automated — apply manually: \"{f.text}\"", manual=True)
        fr = {"p": p, "src": cid, "eff": effs, "i": 0, "ch": None, "lbl": d.name, "after": {"discard": cid}}
        if note is not None:  # a Reaction: "it" / "that Friend" is the card that met the condition
            fr["it"] = note.get("card")
            fr["rxa"] = note.get("a")
            fr["rxf"] = note.get("frm")
            fr["x"] = {**(fr.get("x") or {}), "it": note.get("card")}  # "not_it" / to "it" (watched-event vocabulary)
        st["rq"].append(fr)
        if "cancel_opp_event" in self.ops_in_play(st):
            _offer_cancel(self, st, p, cid)
        self.fire_all(st, ev, "you_play_event", players=(p,))
        req_cols = {col for col, _ in f.play_requirements}
        for o in list(st["play"]):  # Talented: an Event whose play requirement shares this card's colors
            oc = st["cards"][o]
            if oc["c"] == p and oc["k"] in self.trig_keys and req_cols & set(self.colors(st, o)):
                self.fire(st, ev, "talented", o)
    self.fire_all(st, ev, "you_play", players=(p,))
    _watch_play(self, st, ev, p, d.key, nid)


def _additional_discard(st, p, d, nid) -> None:
    """"As an additional cost to play this card, discard 2 cards" (GF9; 508: paid as it is played, before anything
    else resolves; the legal play checked there are that many other cards in hand)."""
    for ab in d.abilities.get("front", ()):
        if ab.get("op") == "play_discard":
            st["rq"].append({"p": p, "src": nid, "eff": [{"op": "discard", "n": ab["n"], "who": "you"}], "i": 0,
                             "ch": None, "lbl": "additional cost", "after": None})


def _fire_face_down_play(self, st, tid, p, key) -> None:
    """"When you play this card to a Problem, you may ... to uncover this card": an ability that functions only
    while the card is face-down (505.1a), so its printed ability triggers though face-down cards have none.  Its
    label names no card (505.1d: a face-down Troublemaker is not public)."""
    for ab in self.abf[key]:
        if ab["kind"] == "trigger" and ab["on"] == "fd_played":
            self.queue_trigger(st, tid, p, ab["effects"], "played to a Problem (505.1a)")


def _offer_cancel(self, st, p, cid) -> None:
    """"As an opponent plays an Event, you may pay [2] and exhaust this card to cancel that card" (SB91): asked of the
    first such card's controller that can pay both costs (508.1d), before the Event's instructions resolve."""
    for o, ab in self.statics(st, "cancel_opp_event"):
        q = st["cards"][o]["c"]
        if q != p and st["pl"][q]["tok"] >= ab["pay"] and not st["cards"][o].get("ex") and self.can_exhaust(st, o, q):
            st["rq"].append({"p": q, "src": o, "lbl": ab.get("text", ""), "i": 0, "ch": None, "after": None, "eff": [
                {"op": "may", "effects": [{"op": "costs_ok", "tokens": ab["pay"], "self_ready": True},
                                          {"op": "pay", "n": ab["pay"]}, {"op": "exhaust_self_cost"},
                                          {"op": "cancel_event", "card": cid}]}]})
            return


def _watch_play(self, st, ev, p, key, nid, face_down=False) -> None:
    """705.2g: "When you / an opponent play(s) a [type / trait] card [here]" ("it" is the card played
    when it entered play; "here" compares the area it entered)."""
    x = {"play": {"p": p, "k": key, "fd": face_down}, "by": p}
    if nid is not None and nid in st["cards"] and self.in_play(st, nid):
        x["to"] = st["cards"][nid]["a"]
    self.watch(st, ev, "w_play", nid, x)


def _is_main_phase_action(self, st, action) -> bool:
    """609.2: an action that opens a new priority window (512.3), not an Immediate action taken in it."""
    k = action.kind
    if k in ("play_troublemaker", "move", "draw", "rally"):
        return True
    if k == "play":
        cid = action.get("card")
        d = self.cdef(st, cid) if cid in st["cards"] else None
        return d is not None and (d.front.type != "Event" or event_timing(self, d) == "main")
    if k == "activate":
        cid = action.get("card")
        abl = self.abilities(st, cid) if cid in st["cards"] else ()
        i = action.get("ability")
        return isinstance(i, int) and i < len(abl) and abl[i].get("timing") == "main"
    return False


def _rx_played(st, nid) -> None:
    """The card entered play by being played (609.2a): "After an opponent plays a Friend"."""
    for note in reversed(st.get("rx") or ()):
        if note.get("card") == nid and note["ev"] == "enter":
            note["played"] = True
            return


def _announce_manual(self, st, ev, cid):
    d = self.cdef(st, cid)
    if not d.automated and not ev.quiet:
        logged = {ab["text"] for ab in self.abilities(st, cid) if ab["kind"] == "manual" and ab.get("on") == "enter"}
        lines = "; ".join(x for x in d.unautomated_lines if x not in logged)
        if not lines:
            return
        self.log(ev, "manual_text", lambda: f"{d.name}: not automated — apply manually when relevant: \"{lines}\"", card=cid, manual=True)


def do_action(self, st, ev, action) -> None:
    k = action.kind
    p = action.player
    pl = st["pl"][p]
    if k == "play":
        self.play_card(st, ev, action)
    elif k == "play_troublemaker":
        cid = action.get("card")
        area = action.get("area")
        tm_cost = 1  # 609.2c
        for dn in list(pl["disc_next"]):  # "the next card you play costs [1] less": a Troublemaker is a card played
            if dn["type"] == "card" and not dn.get("color") and not dn.get("trait") and not dn.get("name") \
                    and not dn.get("card"):
                pl["disc_next"].remove(dn)
                tm_cost -= dn["n"]
        tm_cost = max(tm_cost, 0) + troublemaker_tax(st, p)
        tm_cost += self.play_cost_delta(st, p, cid, tm_cost, area=area)  # "+[1] to play a Troublemaker here"
        self.record_play(st, p, self.cdef(st, cid).front, area)
        self.pay_cost(st, p, tm_cost, ev)
        up = bool(self.has_static(st, "tm_face_up_here", area=area))  # "Troublemakers played here enter play face-up."
        key = st["cards"][cid]["k"]
        tid = self.enter_play(st, ev, cid, area, p, face_down=not up)
        if not up and key in self.trig_ev.get("fd_played", ()):
            _fire_face_down_play(self, st, tid, p, key)
        _rx_played(st, tid)
        self.fire_all(st, ev, "you_play_tm", players=(p,))
        _watch_play(self, st, ev, p, key, tid, face_down=not up)
        self.log(ev, "play", lambda: f"{pl['name']} pays {tm_cost} to play a Troublemaker face-down at {self.area_name(st, area)}", player=p)
    elif k == "move":
        cid = action.get("card")
        area = action.get("area")
        cost = self.move_cost(st, p, cid, area)
        self.pay_cost(st, p, cost, ev)
        self.log(ev, "pay", lambda: f"{pl['name']} pays {cost} to move {self.name(st, cid)}")
        self.move_card(st, ev, cid, area, by=p)
    elif k == "draw":
        n = 1 + self.action_tax(st, p, "draw")
        self.pay_cost(st, p, n, ev)
        self.log(ev, "pay", lambda: f"{pl['name']} pays {n} to draw a card (609.2d)")
        self.draw(st, ev, p, 1)
    elif k == "rally":
        cid = action.get("card")
        n = 2 + self.action_tax(st, p, "rally", cid)
        self.pay_cost(st, p, n, ev)
        self.log(ev, "pay", lambda: f"{pl['name']} pays {n} to rally {self.name(st, cid)} (609.2e)")
        self.unfrighten(st, ev, cid)
    elif k == "activate":
        cid = action.get("card")
        i = action.get("ability")
        ab = self.abilities(st, cid)[i]
        cost = ab.get("cost", {})
        c = st["cards"][cid]
        if cost.get("banish_self_hand"):
            # 508: the cost (banishing this card from the hand) is paid first; the card is revealed
            nm = self.name(st, cid)
            self.log(ev, "activate", lambda: f"{pl['name']} banishes {nm} from their hand: {ab.get('text', '')}")
            self.put(st, cid, "ban")
            st["rq"].append({"p": p, "src": cid, "eff": list(ab["effects"]), "i": 0, "ch": None, "lbl": ab.get("text", ""),
                             "after": None})
            return
        if (cost.get("tokens") or cost.get("tokens_counter")) and self.ability_tokens(st, p, cid, ab):
            self.pay_cost(st, p, self.ability_tokens(st, p, cid, ab), ev)
        if cost.get("exhaust"):
            self.exhaust(st, ev, cid, by=p)
        if cost.get("once_turn"):
            c["used"] = st["turn"]
        if cost.get("spend"):  # Pumped "spend": put cards from beneath this card into the discard pile
            for _ in range(cost["spend"]):
                b = next(x for pl_ in st["pl"] for x in pl_["ban"] if st["cards"][x].get("bn") == cid)
                self.put(st, b, "disc")
        if cost.get("remove_counters"):
            c["cn"]["+1"] -= cost["remove_counters"]
        if cost.get("ncounters"):
            c["cn"][cost["ncounters"]["name"]] -= cost["ncounters"]["n"]
        if cost.get("exhaust_mane"):
            self.exhaust(st, ev, st["pl"][p]["mane"])
        self.log(ev, "activate", lambda: f"{pl['name']} activates {self.name(st, cid)}: {ab.get('text', '')}")
        effs = list(ab["effects"])
        if cost.get("discard"):
            effs = [{"op": "discard", "n": cost["discard"], "who": "you"}] + effs  # 508 cost paid first
        if cost.get("retire_friend"):
            effs = [{"op": "retire", "target": {"type": "Friend", "ctrl": "you", "other": True}, "paid": True}] + effs
        effs = extra_cost_effects(cost) + effs
        if cost.get("dismiss_self"):
            self.leave_play(st, ev, cid, "disc", verb="dismissed", cost=True)  # 508 the cost is paid before the effect
        if cost.get("hand_self"):  # "put this card into its owner's hand to ..." (508)
            self.leave_play(st, ev, cid, "hand", verb="returned to its owner's hand", cost=True)
        if cost.get("deck_self"):  # "put this card on top of its owner's deck to ..." (508)
            self.leave_play(st, ev, cid, "deck", "top", verb="put on top of its owner's deck", cost=True)
        fr = {"p": p, "src": cid, "eff": effs, "i": 0, "ch": None, "lbl": ab.get("text", ""), "after":
              {"retire": cid} if cost.get("retire_self") else ({"banish": cid} if cost.get("banish_self") else None)}
        note = rx_take(st, action, f"{cid}/{i}")  # 512.4c once per instance of the condition
        if note is not None:
            fr["it"] = note.get("card")
            fr["rxa"] = note.get("a")
            fr["rxf"] = note.get("frm")
            fr["x"] = {**(fr.get("x") or {}), "it": note.get("card")}  # "not_it" / to "it" (watched-event vocabulary)
        st["rq"].append(fr)
    else:
        raise IllegalActionError(f"unknown action kind {k}", "705.1")
