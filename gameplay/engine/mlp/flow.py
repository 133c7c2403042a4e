"""Turn structure (6xx), priority (510-512), pre-priority processing (511), faceoffs (514), actions
and decisions.  These functions are methods of ``rules.Rules`` (bound in its class body)."""
from __future__ import annotations

import json
import re
from operator import itemgetter

from ..api import JUDGE, Action, IllegalActionError, new_action, thaw
from .constants import COLOR_NAMES, FRIEND, MANE, TM, opponent, tokens_for
from .timed_effects import defeat_bonus, fire_delayed, pumped_hosts
from .reactions import rx_clear, rx_notes_for, rx_take, rx_window
from .targeting import card_filter
from .triggered_effects import no_ready_while, note_gain, stays_on_solve

_KEY = itemgetter("k")  # a card record's key
_OPP_HOME = ("home1", "home0")  # (by controller: the other player's home)


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
        self._manual(st, ev, action)
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
                    raise IllegalActionError(*self._why(st, action, legal))
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


def _why(self, st, action, legal) -> tuple[str, str]:
    """A specific reason (and rule) why an action is illegal."""
    k = action.kind
    p = action.player
    pl = st["pl"][p]
    fo = st["fo"]
    cid = action.get("card")
    if k in ("play", "play_troublemaker", "move", "draw", "rally") and (st["prio"]["w"] != "main" or fo or st["tp"] != p):
        if k != "play" or cid not in pl["hand"]:
            return ("Main Phase actions only by the turn player in their Main Phase, not during a faceoff", "512.3")
    if k in ("play", "play_troublemaker"):
        if cid not in pl["hand"]:
            return ("that card is not in your hand", "609.2a")
        d = self.cdef(st, cid)
        if k == "play_troublemaker" and pl["tok"] < 1:
            return ("playing a Troublemaker costs 1 action token", "609.2c")
        cost = self.card_cost(st, p, cid)
        if cost > pl["tok"]:
            return (f"{d.name} costs {cost} action tokens; you have {pl['tok']}", "508.1d")
        if not self.can_pay_requirement(st, p, d):
            return (f"play requirement of {d.name} not met", "205.1")
        return ("that card can't be played now or there", "512")
    if k == "move":
        tgt = action.get("area")
        c = st["cards"].get(cid)
        if c and c.get("a") == tgt:
            return ("characters can't be moved to their current area", "506.2")
        if tgt and tgt.startswith("home") and int(tgt[4:]) != p:
            return ("cards can't be moved to the home of another player", "506.2")
        if c and pl["tok"] < self.move_cost(st, p, cid, tgt or ""):
            return ("not enough action tokens to move", "609.2b")
        return ("illegal move", "506")
    if k == "draw" and pl["tok"] < 1:
        return ("drawing a card costs 1 action token", "609.2d")
    if k == "rally":
        c = st["cards"].get(cid)
        if c and not c.get("fr"):
            return ("cards which are not frightened can't be unfrightened", "609.2e")
        return ("rallying costs 2 action tokens", "609.2e")
    if k == "activate":
        return ("that ability can't be activated now (timing or cost)", "703.1")
    return (f"{k} is not a legal action now", "510.1")


def ask(self, st, p, kind, options, rule, **ctx) -> None:
    st["pending"] = {"kind": kind, "player": p, "options": options, "rule": rule, **ctx}


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
            st["step"] = "tp_end"
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
        _fo_send_home(self, st, ev, opt)
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
        _start_trigger(self, st, ev, t)
    elif kind == "confront_order":
        st["sc"]["cur"] = opt  # 610.1 the turn player's chosen next confront step
    elif kind == "uncover_order":
        uncover_one(self, st, ev, opt)  # 607.2 the turn player's chosen next Troublemaker
        if _uncover(self, st, ev):
            st["step"] = "tm_challenge"
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
        self.draw(st, ev, p, 6)
    st["step"] = "setup_mulligan"
    ask(self, st, fp, "mulligan", [False, True], "102.4")


def _manual(self, st, ev, action):
    """manual_effect: a player (or judge) applies a typed effect of a card text the engine does not
    automate.  Logged for both players and judges."""
    p = action.player
    eff = thaw(action.get("effect"))
    if not isinstance(eff, dict) or "op" not in eff:
        raise IllegalActionError("manual_effect needs an effect {op: ...} from the vocabulary")
    if eff["op"] not in self.effects:  # every op the interpreter registers (resolve.EFFECTS)
        raise IllegalActionError(f"unknown effect op {eff['op']}")
    if p != JUDGE:
        holder = st["pending"]["player"] if st["pending"] else (st["prio"]["p"] if st["prio"] else None)
        if holder != p:
            raise IllegalActionError("a manual effect can be applied only by the player who may act", "510.1")
    src = action.get("source")
    ctrl = p if p != JUDGE else action.get("as_player", 0)
    who = "Judge" if p == JUDGE else self.pname(st, p)
    ev.add("manual_effect", f"{who} applies a manual effect: {eff['op']} {dict((k, v) for k, v in eff.items() if k != 'op')}"
           + (f" for {self.name(st, src)}" if src in st["cards"] and st["cards"][src].get("z") in ("play", "disc") else ""),
           effect=eff, player=p, manual=True)
    target = action.get("target")
    if target is not None:
        eff = dict(eff)
        eff["target"] = {"id": target}
    st["rq"].append({"p": ctrl, "src": src, "eff": [eff], "i": 0, "ch": None, "lbl": "manual", "after": None})


# ====================================================================== the machine
def advance(self, st, ev) -> None:
    """Run automatic game steps until a player has a decision or priority with a real choice
    (auto-pass otherwise), or the game is over."""
    guard = 0
    seen: dict = {}  # 802.3 loop detection: the states where a trigger was about to start
    while True:
        guard += 1
        if guard > LOOP_SCAN and _mandatory_loop(self, st, ev, guard, seen):
            guard = 0  # the loop is broken: play proceeds
            seen.clear()
            continue
        if st["outcome"] or st["pending"]:
            return
        if st["rq"]:
            self.resolve_step(st, ev)
            continue
        if (st.get("dy") or st["trig"]) and self.ppp(st, ev):  # (ppp does nothing without either)
            continue
        pr = st["prio"]
        if pr:
            if self.has_non_pass(st, pr["p"]):
                return
            self.pass_priority(st, ev, auto=True)
            continue
        if st.get("rxf") and rx_window(self, st):
            continue  # 512.4: a Reaction window after the game's processing (see reactions.py)
        self.step(st, ev)


# 802: one advance() runs the game with no player decision in between, so a state repeating inside it
# is a loop with no optional actions (802.3).  A real game needs at most a few dozen iterations per
# advance(); loop detection starts after LOOP_SCAN, and a loop whose state keeps changing (so it never
# repeats exactly) is stopped at LOOP_LIMIT.
LOOP_SCAN = 1000
LOOP_PRINTS = 2000
LOOP_LIMIT = 100000
_INSTANCE_ID = re.compile(r'"c\d+"')
# not part of what repeats: counters of actions and instance ids / timestamps (410.6 gives a card a new id
# each time it changes zones, 711.3a a new timestamp: the same cards in the same places are the same state)
_LOOP_VOLATILE = ("acts", "nid", "ts")


def _loop_print(st) -> str:
    """The state with instance ids renamed in order of appearance (so a card that left and came back
    under a new id reads the same) and the volatile counters left out."""
    text = json.dumps({k: v for k, v in st.items() if k not in _LOOP_VOLATILE}, separators=(",", ":"))
    names: dict = {}
    return _INSTANCE_ID.sub(lambda m: names.setdefault(m.group(0), f'"#{len(names)}"'), text)


def _mandatory_loop(self, st, ev, guard, seen) -> bool:
    """802.3: a loop with no optional actions is repeated a number of times (greater than 24,567,837,
    chosen by the controller of its first mandatory effect), "ending immediately before the first
    mandatory effect would trigger the next time ... That effect instead does not trigger and play
    proceeds."  Checked where a waiting triggered effect is about to start (511.7): when that state
    has been seen before in this advance(), every repetition leaves the game as it is, so the number
    chosen changes nothing and the trigger is dropped now.  A loop that changes the game on every
    repetition never repeats exactly: it is stopped the same way once it has run LOOP_LIMIT steps (a
    number of repetitions standing in for the player's choice)."""
    if guard > 2 * LOOP_LIMIT and not st["outcome"]:  # pragma: no cover - engine guard: a loop outside triggers
        self.end(st, ev, None, "unbreakable loop (802.3)")
        return True
    if st["outcome"] or st["pending"] or st["rq"] or not st["trig"]:
        return False
    if guard <= LOOP_LIMIT:
        if guard > LOOP_SCAN + LOOP_PRINTS:
            return False  # (a loop of triggers repeats within a few dozen steps: stop printing states)
        fp = _loop_print(st)
        if fp not in seen:
            seen[fp] = guard
            return False
        reps = "it repeats without changing the game"
    else:
        reps = f"it is stopped after {LOOP_LIMIT:,} steps"
    first = st["tp"]  # the trigger 511.7a would start next: the turn player's first, else the other's
    i = next((i for i, t in enumerate(st["trig"]) if t["p"] == first), 0)
    t = st["trig"].pop(i)
    src = t["src"]
    self.log(ev, "loop", lambda: f"Mandatory loop (802.3): {reps}, so "
             f"{self.name(st, src) if src in st['cards'] else 'a card'}'s effect \"{t['lbl']}\" does not trigger "
             "again and play proceeds")
    return True


def ppp(self, st, ev) -> bool:
    """511 pre-priority processing (one wave); True if something happened."""
    did = False
    cards = st["cards"]
    areas = st["areas"]
    if not st.get("dy"):
        return _ppp_triggers(self, st, ev)
    for cid in list(st["play"]):
        c = cards.get(cid)
        if c is None:
            continue
        h = c.get("h")
        if h:
            hc = cards.get(h)
            if hc is None or hc.get("z") != "play" or hc.get("fd") or hc.get("fr"):
                self.leave_play(st, ev, cid, "disc", by_game=True, verb="dismissed by the game (511.2/511.3)")
                did = True
                continue
        if c.get("fr") and self.ctype(st, cid) != FRIEND:
            c["fr"] = False  # 511.4
            self.restamp(st, cid)
            did = True
        a = c["a"]
        if a not in areas or a == _OPP_HOME[c["c"]]:
            if self.is_char(st, cid):
                c["a"] = f"home{c['c']}"  # 511.5
                did = True
            elif self.ctype(st, cid) != "Problem" and (a not in areas or not h):
                # 511.6 only for areas that ceased to exist: an attachment on an opponent's Friend at
                # that player's home is in its host's area (509.3), which exists
                self.leave_play(st, ev, cid, "disc", by_game=True, verb="dismissed by the game (511.6)")
                did = True
    if did:
        return True
    if _uniqueness(self, st, ev):
        return True
    st["dy"] = 0
    return _ppp_triggers(self, st, ev)


def _ppp_triggers(self, st, ev) -> bool:
    if st["trig"]:
        # 511.7a: the player who most recently had priority (or the turn player) goes first
        first = st["tp"]
        for q in (first, opponent(first)):
            mine = [i for i, t in enumerate(st["trig"]) if t["p"] == q]
            if not mine:
                continue
            if len(mine) == 1 or len({str(st["trig"][i]["eff"]) for i in mine}) == 1:
                t = st["trig"].pop(mine[0])
                _start_trigger(self, st, ev, t)
            else:
                ask(self, st, q, "order", mine, "511.7a", labels=[st["trig"][i]["lbl"] for i in mine])
            return True
    return False


def _start_trigger(self, st, ev, t):
    src = t["src"]
    self.log(ev, "trigger", lambda: f"{self.name(st, src) if src in st['cards'] else 'A card'}: {t['lbl']}")
    st["rq"].append({"p": t["p"], "src": src, "eff": t["eff"], "i": 0, "ch": None, "lbl": t["lbl"], "after": None,
                     "x": t.get("x", {}), "it": t.get("x", {}).get("it")})  # a watched event's card is "it"


def _uniqueness(self, st, ev) -> bool:
    """516: Unique names per controller; one face-up Troublemaker per player per Problem; Epic."""
    seen: dict = {}
    cards = st["cards"]
    uk = self.unique_keys
    types = self.types
    for cid in self.in_play_with(st, self.unique_tm_keys):  # (no other card takes part)
        c = cards[cid]
        if c.get("fd") or c.get("t"):
            continue
        k = c["k"]
        if k in uk:  # (a card whose key is not listed has no face with the Unique trait)
            f = (self.fb if c.get("b") else self.ff)[k]  # (face())
            if "Unique" in f.traits:
                seen.setdefault(("u", c["c"], f.name), []).append(cid)
        if types[k] == TM and not c.get("dil"):  # ctype() of a card that is no token
            seen.setdefault(("tm", c["c"], c["a"]), []).append(cid)
    for key, ids in seen.items():
        if len(ids) > 1:
            opts = ids
            if key[0] == "tm":
                non_epic = [i for i in ids if not self.epic(st, i)]
                opts = non_epic or ids  # 516.4b
            ask(self, st, key[1], "uniqueness", opts, "516.2")
            return True
    if "all_unique" in self.ops_in_play(st) and self.statics(st, "all_unique"):
        # "Cards in play have Unique." (516.2: one card of each name per controller)
        seen = {}
        for cid in st["play"]:
            c = cards[cid]
            if c.get("fd") or c.get("t") or types[c["k"]] == "Problem":
                continue
            seen.setdefault((c["c"], self.face(st, cid).name), []).append(cid)
        for key, ids in seen.items():
            if len(ids) > 1:
                ask(self, st, key[0], "uniqueness", ids, "516.2")
                return True
    # 516.4a Epic Troublemaker and another Troublemaker at its Problem
    for cid in self.in_play_with(st, self.epic_keys):
        c = cards[cid]
        if self.ctype(st, cid) == TM and not c.get("fd") and self.epic(st, cid):
            others = [o for o in self.tms_at(st, c["a"]) if o != cid and not st["cards"][o].get("fd")]
            if others:
                ids = others + [cid]
                non_epic = [i for i in ids if not self.epic(st, i)]
                ask(self, st, st["tp"], "uniqueness", non_epic or ids, "516.4a")
                return True
    return False


def open_window(self, st, name) -> None:
    st["prio"] = {"w": name, "p": st["tp"], "n": 0}  # 510.2: the turn player gets priority


def pass_priority(self, st, ev, auto=False) -> None:
    pr = st["prio"]
    pr["n"] += 1
    if pr["n"] >= 2:  # 510.2 all players passed consecutively
        st["prio"] = None
        if st.get("rx") or st.get("rxf"):
            rx_clear(st)  # 512.4d
        self.window_closed(st, ev, pr["w"])
    else:
        pr["p"] = opponent(pr["p"])


PHASE_WINDOWS = {"w_ready": "tp_start", "w_score": "score_go", "w_end": "wrap"}


def window_closed(self, st, ev, w) -> None:
    if w in ("phase", "rx"):
        return  # step() already moved on to the step after the window
    if w == "main":
        self.fire_all(st, ev, "main_end", players=(st["tp"],))  # "At the end of your Main Phase"
        self.expire(st, "main_phase")  # "until the end of the phase" during the Main Phase
        st["step"] = "score"  # 610
    elif w == "fo":
        fo = st["fo"]
        fo["stage"] = {"w_start": "flip", "w_flip": "compare", "w_end": "end"}[fo["stage"]]


def step(self, st, ev) -> None:
    fo = st["fo"]
    if fo:
        stg = fo["stage"]
        if stg == "start":
            fo["stage"] = "w_start"
            self.open_window(st, "fo")  # 514.2
        elif stg == "flip":
            self.faceoff_flip(st, ev)
            fo["stage"] = "w_flip"
            self.open_window(st, "fo")  # 514.3
        elif stg == "compare":
            t0, t1 = self.faceoff_totals(st)
            self.log(ev, "faceoff", lambda: f"Faceoff totals: {self.pname(st, 0)} {t0}, {self.pname(st, 1)} {t1}")
            if t0 == t1:
                empty = not st["pl"][0]["deck"] and not st["pl"][1]["deck"]
                if empty and fo.get("dry") == [fo.get("acted", 0), fo["rounds"] - 1]:
                    # 514.4c repeats "flip another card, priority window, compare" until the totals
                    # differ; with both decks empty nobody flips (515.1), and a whole repetition in
                    # which nobody took an action changed nothing: a loop without optional actions.
                    # 802.3 ends it: the repetition does not happen again, so no player has a
                    # higher total and nobody wins or loses the faceoff (514.5).
                    self.log(ev, "faceoff", "Tied with no cards left to flip and no action taken: the loop ends (802.3), nobody wins the faceoff (514.5)")
                    self.resolve_faceoff(st, ev, None)
                elif fo["rounds"] > 60:  # pragma: no cover - engine guard against endless ties (802)
                    self.log(ev, "faceoff", "Tied after 60 flips: nobody wins the faceoff (802.3)")
                    self.resolve_faceoff(st, ev, None)
                else:
                    if empty:  # 514.4c: flip again (nothing) and open a window where players may act (802.4)
                        fo["dry"] = [fo.get("acted", 0), fo["rounds"]]
                    fo["stage"] = "flip"  # 514.4c ties flip again
                    fo["tie"] = True
            elif any(self.involved(st, o) for o in self.has_static(st, "lowest_wins")):
                self.resolve_faceoff(st, ev, 0 if t0 < t1 else 1, abs(t0 - t1))  # "The player with the lowest power total wins"
            else:
                self.resolve_faceoff(st, ev, 0 if t0 > t1 else 1, abs(t0 - t1))
        elif stg == "resolved":
            fo["stage"] = "w_end"
            self.open_window(st, "fo")  # 514.6
        elif stg == "end":
            self.end_faceoff(st, ev)
        return
    s = st["step"]
    tp = st["tp"]
    if s in PHASE_WINDOWS:
        # 601.2: a priority window at a phase boundary (Immediate actions only; auto-passed when
        # nobody has one)
        st["step"] = PHASE_WINDOWS[s]
        st["prio"] = {"w": "phase", "p": tp, "n": 0}
        return
    if s == "tp_start":  # 606: the Troublemaker Phase starts (its triggers resolve before the Uncover Step)
        if self.rx_keys:
            self.rx_note(st, "phase", ph="tp", tp=tp)
        if self.may_fire(st, "tp_start"):
            self.fire_all(st, ev, "tp_start", players=(tp,))
            self.fire_all(st, ev, "opp_tp_start", players=(opponent(tp),))
            self.fire_all(st, ev, "any_tp_start")
        st["step"] = "tm_uncover"
        tpk = self.tp_keys
        if tpk and any(st["cards"][c]["k"] in tpk for c in st["pl"][tp]["hand"] + [o for o in st["play"] if st["cards"][o]["c"] == tp]):
            # 601.2 the start-of-Troublemaker-Phase window, for "Troublemaker Phase:" abilities (512.3);
            # opened only when the turn player has such a card (otherwise nobody could act differently)
            st["prio"] = {"w": "phase", "p": tp, "n": 0}
    elif s == "tm_uncover":
        if _uncover(self, st, ev):
            st["step"] = "tm_challenge"
            st["sc_ch"] = []
    elif s == "tm_challenge":
        opts = []
        # (only a Troublemaker's key or a token can be a Troublemaker; other cards' types are read only
        # while one may carry an "also a Friend" mark, see af_free)
        for cid in self.in_play_with(st, self.tm_tok_keys) if self.af_free(st) else st["play"]:
            c = st["cards"][cid]
            if self.ctype(st, cid) != TM or c.get("fd") or c["a"] in st["sc_ch"]:
                continue
            if c["c"] == tp and not self.epic(st, cid):
                continue  # 608.1 opposing or Epic
            if self.chars_at(st, c["a"], tp) and self.challenge_allowed(st, tp, cid):  # 608.2
                opts.append(cid)
        if opts:
            ask(self, st, tp, "challenge", opts + ["done"], "608.1")
        else:
            st["step"] = "tp_end"
    elif s == "tp_end":  # the Troublemaker Phase ends: "At the end of [each player's / your] Troublemaker Phase"
        if self.may_fire(st, "tp_end"):
            self.fire_all(st, ev, "tp_end", players=(tp,))
            self.fire_all(st, ev, "any_tp_end")
        st["step"] = "main_start"
    elif s == "main_start":
        if self.rx_keys:
            self.rx_note(st, "phase", ph="main", tp=tp)
        if self.may_fire(st, "main_start"):
            self.fire_all(st, ev, "main_start", players=(tp,))
            self.fire_all(st, ev, "any_main_start")  # "At the start of each player's Main Phase, that player ..."
        _inspired(self, st, ev)
        st["step"] = "main"
        self.open_window(st, "main")  # 609.1
    elif s == "score":
        if self.rx_keys:
            self.rx_note(st, "phase", ph="score", tp=tp)  # reacted to in the start-of-Score-Phase window
        st["step"] = "w_score"
    elif s == "score_go":
        if self.may_fire(st, "score_start"):
            self.fire_all(st, ev, "score_start", players=(tp,))
            self.fire_all(st, ev, "any_score_start")  # "At the start of the Score Phase" (each player's)
        st["sc"] = {"todo": [a for a in self.problem_areas(st) if a != f"prob{opponent(tp)}"] + [f"prob{opponent(tp)}"],
                    "conf": [], "solved": []}
        st["step"] = "confront"
    elif s == "confront":
        _confront_next(self, st, ev)
    elif s == "faceoff_step":
        sc = st["sc"]
        conf = sc["conf"]
        st["step"] = "solve"
        if len(conf) >= 2:  # 612.1
            self.start_faceoff(st, ev, "multi", list(conf), tp)
        elif len(conf) == 1 and _confrontable(self, st, opponent(tp), conf):  # 612.2
            self.start_faceoff(st, ev, "problem", list(conf), tp)
    elif s == "solve":
        if st["sc"]["solved"] and not st["sc"].get("sfired"):
            # 613.1 the Problems become solved as the Solve Step starts: "When this Problem is solved"
            # triggers now and resolves before 613.2 replaces it (its characters are still there)
            st["sc"]["sfired"] = True
            for a in st["sc"]["solved"]:
                pid = self.problem_at(st, a) if a in st["areas"] else None
                if pid:
                    self.fire(st, ev, "solved", pid)
            return
        for a in st["sc"]["solved"]:  # 613.2
            if a in st["areas"]:
                self.replace_problem(st, ev, a, solved_fired=True)
        st["sc"] = None
        self.expire(st, "score_phase")
        if st.get("dly"):
            fire_delayed(self, st, "score_end_own")  # "At the end of your Score Phase, ..."
        st["step"] = "end"
    elif s == "end":
        if self.rx_keys:
            self.rx_note(st, "phase", ph="end", tp=tp)
        if self.may_fire(st, "turn_end"):
            self.fire_all(st, ev, "turn_end", players=(tp,))  # 615.1
            self.fire_all(st, ev, "opp_turn_end", players=(opponent(tp),))
            self.fire_all(st, ev, "any_turn_end")
        if st.get("dly"):
            fire_delayed(self, st, "turn_end")  # "At the end of the turn, ..." (timed_effects.delay)
        st["step"] = "w_end"
    elif s == "wrap":
        self.end_of_turn(st, ev)
    elif s == "game_go":  # "At the start of the game" triggers resolved: the first turn begins
        self.next_turn(st, ev, first=True)
    else:  # pragma: no cover
        raise RuntimeError(f"unknown step {s}")


def _uncover(self, st, ev) -> bool:
    """607: uncover the turn player's face-down Troublemakers; True when done, False when the turn
    player must choose which one to uncover next (``uncover_order``, 607.2).  The order is asked only
    when it can matter: two or more of them would be uncovered at one Problem and one of them is
    Epic (607.1 / 607.3: uncovered first it keeps the others face-down, later it dismisses them) or
    has "Troublemakers can't be uncovered here".  Otherwise every order gives the same game state
    (an uncover's triggered effects wait for pre-priority processing, 511.7, whatever the order)."""
    tp = st["tp"]
    while True:
        cands = self.in_play_with(st, self.tm_tok_keys) if self.af_free(st) else st["play"]  # (see tm_tok_keys)
        todo = [cid for cid in cands if st["cards"][cid]["c"] == tp and st["cards"][cid].get("fd")
                and self.ctype(st, cid) == TM and _can_uncover(self, st, cid)]
        if not todo:
            return True
        if len(todo) > 1 and _uncover_order_matters(self, st, todo):
            ask(self, st, tp, "uncover_order", todo, "607.2")
            return False
        uncover_one(self, st, ev, todo[0])


def _can_uncover(self, st, cid) -> bool:
    a = st["cards"][cid]["a"]
    if any(not st["cards"][o].get("fd") and self.epic(st, o) for o in self.tms_at(st, a)):
        return False  # 607.1 (as uncover_one checks it: an "it is Epic" ability counts, a lost Epic not)
    return not self.has_static(st, "no_uncover", area=a)


def _uncover_order_matters(self, st, todo) -> bool:
    by_area: dict = {}
    for cid in todo:
        by_area.setdefault(st["cards"][cid]["a"], []).append(cid)
    for ids in by_area.values():
        if len(ids) > 1 and any(self.face(st, i).epic or any(ab.get("op") == "no_uncover" for ab in
                                self.db.cards[st["cards"][i]["k"]].abilities.get("front", ())) for i in ids):
            return True
    return False


def uncover_one(self, st, ev, cid, by=None) -> None:
    c = st["cards"][cid]
    if any(not st["cards"][o].get("fd") and self.epic(st, o) for o in self.tms_at(st, c["a"])):
        return  # 607.1
    if self.has_static(st, "no_uncover", area=c["a"]):
        return  # "Troublemakers can't be uncovered here."
    c["fd"] = False
    st["dy"] = 1
    self.restamp(st, cid)  # 711.3a its abilities begin to function now
    self.log(ev, "uncover", lambda: f"{self.pname(st, c['c'])} uncovers {self.name(st, cid)} at {self.area_name(st, c['a'])}")
    if self.epic(st, cid):  # 607.3
        for o in self.tms_at(st, c["a"]):
            if o != cid and not st["cards"][o].get("fd"):
                self.leave_play(st, ev, o, "disc", verb="dismissed (607.3 Epic)")
    if self.kw(st, cid, "Villain"):  # Villain: frighten each Friend at its Problem
        for o in list(st["play"]):
            if st["cards"].get(o, {}).get("a") == c["a"] and self.ctype(st, o) == FRIEND:
                self.frighten(st, ev, o)
    if self.rx_keys:
        self.rx_note(st, "uncovered", card=cid, c=c["c"], a=c["a"], type=TM)
    self.fire(st, ev, "uncovered", cid)
    # "When a / an opposing Troublemaker is uncovered [here]", "When you uncover a Troublemaker"
    self.watch(st, ev, "w_uncover", cid, {"by": c["c"] if by is None else by})


def _inspired(self, st, ev):
    """Inspired: look at as many top cards of the opponent's deck as cards with Inspired you control."""
    tp = st["tp"]
    cards = st["cards"]
    n = sum(1 for cid in self.kw_candidates(st, "Inspired") if cards[cid]["c"] == tp and self.kw(st, cid, "Inspired"))
    if n:
        src = next(cid for cid in st["play"] if st["cards"][cid]["c"] == tp and self.kw(st, cid, "Inspired"))
        self.queue_trigger(st, src, tp, [{"op": "look_top", "n": n, "whose": "opponent"}], "Inspired")


def _confront_next(self, st, ev):
    sc = st["sc"]
    tp = st["tp"]
    area = sc.get("cur")
    if area is None or area not in sc["todo"]:
        # 610.1: a confront step is performed for each Problem in the order of the turn player's
        # choosing.  611.1: confronting is not optional (the turn player confronts a Problem whose
        # requirements they meet), so the order is asked (``confront_order``) only among the
        # Problems that can be confronted now, and only when there are two or more.  A Problem that
        # can't be confronted now waits (a confront may make it confrontable); once none can be
        # confronted, the remaining steps confront nothing.
        todo = [a for a in sc["todo"] if a in st["areas"]]
        sc["todo"] = todo
        can = _confrontable(self, st, tp, todo)
        if not can:
            sc["todo"] = []
            sc.pop("cur", None)
            st["step"] = "faceoff_step"
            return
        if len(can) > 1:
            ask(self, st, tp, "confront_order", can, "610.1")
            return
        area = sc["cur"] = can[0]
    elif area not in st["areas"] or not self.can_confront(st, tp, area):
        sc["todo"].remove(area)
        sc.pop("cur", None)
        sc.pop("vex_done", None)
        sc.pop("vexed", None)
        return
    if not sc.get("vex_done"):
        vex = [o for o in st["play"] if st["cards"][o]["a"] == area and st["cards"][o]["c"] != tp and self.kw(st, o, "Vexing")]
        if vex:
            ask(self, st, opponent(tp), "vexing", vex + ["no"], "Vexing (710)")
            return
    vexed = sc.pop("vexed", False)
    sc.pop("vex_done", None)
    sc["todo"].remove(area)
    sc.pop("cur", None)
    if vexed:
        return
    sc["conf"].append(area)
    pid_ = self.problem_at(st, area)
    first_cf = bool(pid_) and not st["cards"][pid_].get("cf")  # "The first player to confront this Problem"
    if pid_:
        st["cards"][pid_]["cf"] = True  # "Once this Problem has been confronted, ..." 
    cf = st.get("cft")
    if not cf or cf[0] != st["turn"]:
        cf = st["cft"] = [st["turn"], []]
    cf[1].append(self.problem_at(st, area))  # "if no Problems were confronted this turn" (resolve.py _if_cond)
    self.log(ev, "confront", lambda: f"{self.pname(st, tp)} confronts {self.area_name(st, area)} (611.4)")
    self.score(st, ev, tp, 1)
    pid = self.problem_at(st, area)
    if pid:
        if st["cards"][pid]["o"] == tp:
            self.fire(st, ev, "confront_this", pid)
        c_ = st["cards"][pid]
        if c_["k"] in self.trig_ev.get("confronted", ()):
            self.fire(st, ev, "confronted", pid)  # "When this card is confronted" (by anyone; its controller follows it)
        if c_["k"] in self.trig_keys:
            for ab in self.abilities(st, pid):
                if ab["kind"] == "trigger" and ab["on"] == "confront_this_any":
                    if ab.get("first") and not first_cf:
                        continue
                    if ab.get("min_colors") and len({col for o in self.chars_at(st, area, tp)
                                                     if not st["cards"][o].get("fr") for col in self.colors(st, o)}) < ab["min_colors"]:
                        continue  # "... with characters that have at least N different colors among them"
                    self.queue_trigger(st, pid, tp, ab["effects"], ab.get("text", ""))
    # "When an opponent confronts this card's Problem / a Problem" (on the other player's cards)
    if self.may_fire(st, "confront"):
        self.fire_all(st, ev, "opp_confronts", players=(opponent(tp),), extra={"area": [area]})
        self.fire_all(st, ev, "you_confront", players=(tp,), extra={"area": [area]})  # "When you confront a Problem"
    for cid in list(st["play"]):
        c = st["cards"].get(cid)
        if c and c["c"] == tp and c["a"] == area:
            self.fire(st, ev, "confront", cid)
        elif c and c["c"] == tp and self.ctype(st, cid) == MANE and c["a"] == area:
            self.fire(st, ev, "confront", cid)


def _confrontable(self, st, p, areas) -> list:
    """The areas whose Problem player ``p`` can confront now (``can_confront``).  611.3: without a
    character of theirs there, a Problem with a requirement of 1 or more can't be confronted
    (``meets``), which is found without the whole check -- unless a card in play carries an "also a
    Friend" mark, which ``ctype`` drops once its modifier has ended (the full check reads the cards
    there, so it stays the one that drops it)."""
    quick = self.af_free(st)
    cards = st["cards"]
    at: dict = {}  # area -> its cards in play, in play order (read by every check)
    for o in st["play"]:
        at.setdefault(cards[o]["a"], []).append(o)
    out = []
    for a in areas:
        here = at.get(a, [])
        if quick and not self._chars_in(st, here, p):
            pid = self._problem_in(st, here)
            if pid is None or any(n > 0 for _, n in self.base_requirements(st, p, pid)):
                continue
        if self.can_confront(st, p, a, here):
            out.append(a)
    return out


# ====================================================================== turns
def next_turn(self, st, ev, first=False) -> None:
    if not first:
        tc = st["tc"]
        if tc:
            if not tc["done_current"]:
                tc["done_current"] = True
                if st["tp"] == st["first"] and tc.get("extra_given") is None:
                    tc["extra_given"] = True  # floor rules: the other player takes one more turn
                    ev.add("time", "Time: the second player takes one more turn")
                    tc["extra"] += 1
                    _begin_turn(self, st, ev, opponent(st["tp"]))
                    return
            else:
                tc["extra"] += 1
            if tc.get("cap") is not None and tc["extra"] > tc["cap"] and tc["sudden"]:
                _decide_by_points(self, st, ev, "time called: hard limit of extra turns reached", draw_ok=True)
                return
            if not tc["sudden"]:
                s0, s1 = st["pl"][0]["score"], st["pl"][1]["score"]
                if s0 != s1 or tc["mode"] != "sudden_death":
                    _decide_by_points(self, st, ev, "time called: most points (floor rules)", draw_ok=True)
                    return
                tc["sudden"] = True
                ev.add("time", "Time: scores are tied — sudden death, the first change in points wins")
        if st["turn"] >= self.g.turn_cap:
            self.end(st, ev, None, f"turn cap of {self.g.turn_cap} turns reached (engine limit): draw")
            return
        _begin_turn(self, st, ev, opponent(st["tp"]))
    else:
        _begin_turn(self, st, ev, st["first"])


def _decide_by_points(self, st, ev, reason, draw_ok=True):
    s0, s1 = st["pl"][0]["score"], st["pl"][1]["score"]
    if s0 == s1:
        self.end(st, ev, None, reason + ": equal points, draw")
    else:
        self.end(st, ev, 0 if s0 > s1 else 1, reason)


def _begin_turn(self, st, ev, tp):
    st["turn"] += 1
    st["tp"] = tp
    pl = st["pl"][tp]
    pl["turns"] += 1
    pl["scored_turn"] = 0
    st["pl"][opponent(tp)]["scored_turn"] = 0
    self.log(ev, "turn", lambda: f"Turn {st['turn']}: {pl['name']}", turn=st["turn"], player=tp)
    self.start_turn(st, ev)


def start_turn(self, st, ev) -> None:
    tp = st["tp"]
    self.expire(st, f"start{tp}")  # "until the start of your next turn" modifiers end as the turn starts
    pl = st["pl"][tp]
    nr = "no_ready" in self.ops_in_play(st)  # "Friends here with 2 or less power can't ready."
    for cid in st["play"]:  # 603.1
        c = st["cards"][cid]
        if c["c"] == tp and c.get("nr"):
            del c["nr"]  # "do not ready during their controller's next Ready Phase"
            continue
        if c.get("nrw") and no_ready_while(st, c):
            continue  # "While this card remains in play, that character does not ready during the Ready Phase"
        if c["c"] == tp and c.get("ex") and not (nr and self.prevented(st, cid, "no_ready", phase="ready")):
            c["ex"] = False
            self.fire(st, ev, "readies", cid)  # "When this card readies" (603.1)
    hi = max(st["pl"][0]["score"], st["pl"][1]["score"])
    n = tokens_for(hi)  # 604.1
    extra = [ab["n"] for o in self.has_static(st, "extra_tokens_draw", ctrl=tp) for ab in self.abilities(st, o)
             if ab.get("op") == "extra_tokens_draw"]
    n += sum(extra)
    pl["tok"] += n
    note_gain(st, tp, n)  # (tokens gained this turn)
    self.log(ev, "tokens", lambda: f"{pl['name']} gains {n} action tokens ({pl['tok']})")
    if self.rx_keys:
        self.rx_note(st, "phase", ph="ready", tp=tp)  # reacted to in the window after the Draw Step (601.2a)
        self.rx_note(st, "gain", by=tp, n=n)
    if not (tp == st["first"] and pl["turns"] == 1):  # 605.1a
        self.draw(st, ev, tp, 1 + len(extra))
    if self.may_fire(st, "turn_start"):
        self.fire_all(st, ev, "draw_step_end", players=(tp,))  # "At the end of your draw step" (605)
        self.fire_all(st, ev, "turn_start", players=(tp,))
        self.fire_all(st, ev, "any_turn_start")  # "At the start of each player's turn" ("that player": as_tp)
    if st.get("dly"):
        fire_delayed(self, st, "turn_start")  # "At the start of the next turn, ..." (timed_effects.delay)
        fire_delayed(self, st, "own_turn_start")
    for cid in self.kw_candidates(st, "Meticulous"):
        if st["cards"][cid]["c"] == tp:
            x = self.kw(st, cid, "Meticulous")
            if x:
                self.queue_trigger(st, cid, tp, [{"op": "may", "effects": [{"op": "look_top", "n": x, "whose": "you"}]}], f"Meticulous {x}")
    st["step"] = "w_ready"


def end_of_turn(self, st, ev) -> None:
    """616 wrap up: hand size 8, home limit, end of "this turn" modifiers, next turn."""
    tp = st["tp"]
    pl = st["pl"][tp]
    if len(pl["hand"]) > max(self.hand_size(st, tp), pl.get("hsz", 0)):  # ("your maximum hand size increases to 10")
        ask(self, st, tp, "discard_down", list(pl["hand"]), "616.2")
        return
    home = f"home{tp}"
    cards = st["cards"]
    ops = self.ops_in_play(st)
    # (none is exempt without such an ability in play; reading abilities may read card types: af_free)
    anyex = "home_limit_exempt" in ops or "no_home_limit" in ops or not self.af_free(st)
    friends = [cid for cid in st["play"] if cards[cid]["a"] == home and cards[cid]["c"] == tp
               and self.ctype(st, cid) == FRIEND and not (anyex and _no_home_limit(self, st, cid))]
    if len(friends) > self.home_limit(st, tp):
        ask(self, st, tp, "retire_home", friends, "616.3")
        return
    self.expire(st, "turn")  # 616.4
    for p in range(2):
        st["pl"][p]["disc_next"] = [d for d in st["pl"][p]["disc_next"] if d.get("u") != "turn"]
    self.next_turn(st, ev)


def _no_home_limit(self, st, cid):
    if self.exempt_home_limit(st, cid):
        return True
    if st["cards"][cid]["k"] not in self.static_keys and not st.get("twn"):
        return False
    return any(ab["kind"] == "static" and ab.get("op") == "no_home_limit" for ab in self.abilities(st, cid))


# ====================================================================== faceoffs (514)
def start_faceoff(self, st, ev, type_, areas, chal, tm=None, extra=None) -> None:
    st["fo"] = {"type": type_, "areas": areas, "chal": chal, "tm": tm, "stage": "start", "ign": [], "bonus": [0, 0],
                "rounds": 0, "winner": None, "stud": [False, False], "rand": [], "tie": False}
    if extra:
        st["fo"].update(extra)  # a faceoff started by an effect (514.2c): involvement and outcomes
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
    n = sum(r["n"] for r in st["pl"][p].get("fmod") or ())  # timed ones (timed_effects.flip_mod)
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
            if self.in_play(st, tm):  # 514.5a defeat the Troublemaker
                pts = self.face(st, tm).bonus or 0
                if self.statics(st, "tm_points_minus"):
                    # "If a player would score points for defeating a Troublemaker here, they score one
                    # fewer points instead." (710)
                    pts = max(pts - sum(ab["n"] for o, ab in self.statics(st, "tm_points_minus")
                                        if st["cards"][o]["a"] == st["cards"][tm]["a"]), 0)
                nm = self.name(st, tm)
                self.fire(st, ev, "defeated", tm, extra={"la": st["cards"][tm]["a"]})  # la: "here" once it is gone
                self.watch(st, ev, "w_defeat", tm, {"by": chal})  # "When a player defeats a Troublemaker ..."
                self.score(st, ev, chal, pts, f"for defeating {nm}")
                if st["pl"][chal].get("ndb"):
                    defeat_bonus(self, st, ev, chal)  # "The next time you defeat a Troublemaker this turn, ..."
                self.leave_play(st, ev, tm, "disc", verb="defeated and dismissed (514.5a)")
                if self.rx_keys:  # "Play when you defeat a Troublemaker [using only [Generosity] characters]"
                    used = [o for o in st["play"] if st["cards"][o]["c"] == chal and self.is_char(st, o) and self.involved(st, o)]
                    allcol = sorted(set.intersection(*(set(self.colors(st, o)) for o in used))) if used else []
                    self.rx_note(st, "defeat", by=chal, tp=st["tp"], allcol=allcol)
        else:
            opts = [cid for cid in st["play"] if st["cards"][cid]["c"] == chal and self.involved(st, cid)
                    and self.is_char(st, cid) and not st["cards"][cid]["a"].startswith("home")]
            if len(opts) == 1:
                _fo_send_home(self, st, ev, opts[0])
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


def _fo_send_home(self, st, ev, cid) -> None:
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
        st["prio"] = {"w": fo_["ret"]["w"], "p": fo_["chal"], "n": 0}


def replace_problem(self, st, ev, area, solved=True, solved_fired=False) -> None:
    """613.2 (``solved``: False when an effect replaces the Problem; ``solved_fired``: the Solve Step
    already fired "When this Problem is solved", 613.1)"""
    pid = self.problem_at(st, area)
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


# ====================================================================== actions
def has_non_pass(self, st, p) -> bool:
    if not st.get("twn"):
        return _has_non_pass(self, st, p)
    self._twc = {}  # read-only from here: Teamwork lookups may be memoised
    try:
        return _has_non_pass(self, st, p)
    finally:
        self._twc = None


def _has_non_pass(self, st, p) -> bool:
    pr = st["prio"]
    if not (pr["w"] == "main" and p == st["tp"] and not st["fo"]):
        cards = st["cards"]
        qk, ak = self.quick_keys, self.act_keys
        qfo = self.quick_fo
        qrx = self.quick_rx
        tok = st["pl"][p]["tok"]
        ff = self.ff
        hak = self.hand_act_keys
        dak = self.disc_act_keys
        pl = st["pl"][p]
        plain = None  # card_cost is the printed cost (as in priority_actions; asked when needed)
        disc = pl["disc"]
        # (the discard pile's cards with a key in disc_act_keys, looked for at C speed first)
        dd = [x for x in disc if cards[x]["k"] in dak] if dak and disc and \
            not dak.isdisjoint(map(_KEY, map(cards.__getitem__, disc))) else ()
        for c in (pl["hand"] + dd if dd else pl["hand"]):
            if dak and cards[c]["k"] in dak and cards[c]["z"] == "disc":
                break  # an ability activated from the discard pile: the full check follows
            k = cards[c]["k"]
            if k in hak:
                break  # an ability activated from the hand (no token cost): the full check follows
            if k in qk:
                # what priority_actions requires of a hand card outside the Main Phase (a necessary
                # condition only: the full check follows)
                f = ff[k]
                tm = qfo.get(k)
                if tm is not None and not (st["fo"] if tm == "faceoff" else _fo_type_ok(st["fo"], tm)):
                    continue  # an Event playable only during (such) a faceoff
                if k in qrx and not st.get("rx"):
                    continue  # a Reaction with nothing to react to (rx_notes_for finds no note)
                if f.type == TM:
                    continue
                if "Redeem" in f.keywords or "Transform" in f.keywords:
                    break
                if plain is None:
                    plain = _plain_costs(self, st, p)
                if _quick_cost(self, st, p, c, k, f, plain) <= tok:
                    break
        else:
            # keyword grants matter here only if one could grant Agile (or a token could have it)
            kwg = st.get("kwg") and _may_grant_agile(self, st, p)
            if not (st.get("twn") or kwg) and not any(cards[c]["c"] == p for c in self.in_play_with(st, ak)):
                return False  # nothing usable outside the Main Phase: auto-pass
    # (the full list at once, no first_only pass first: with no action it reads what the full list
    # reads, and with one the full list is built anyway)
    acts = self.priority_actions(st, p)
    self._last = (p, acts)
    return bool(acts)


def _may_grant_agile(self, st, p) -> bool:
    """Could a keyword grant in play give one of ``p``'s cards Agile (outside the Main Phase the
    only granted keyword that adds actions)?  Tokens count too (their keywords are their own)."""
    if self.kw_may_differ(st, "Agile"):
        return True
    cards = st["cards"]
    return any(cards[o].get("t") and cards[o]["c"] == p for o in st["play"])


def legal_actions(self, st, p) -> list[Action]:
    if st["outcome"]:
        return []
    pend = st["pending"]
    if pend:
        if pend["player"] != p:
            return []
        # (Action.make("choose", p, option=o): a string or number option is its own frozen form)
        return [new_action("choose", p, (("option", o),)) if o.__class__ in (str, int) else Action.make("choose", p, option=o)
                for o in pend["options"]]
    pr = st["prio"]
    if not pr or pr["p"] != p:
        return []
    return [new_action("pass", p)] + self.priority_actions(st, p)


def card_cost(self, st, p, cid, redeem=False, area=None, host=None) -> int:
    """508: the cost to play a card, with its continuous cost modifiers (``Rules.play_cost_delta``;
    without ``area``/``host`` a lower bound over the destinations)."""
    d = self.cdef(st, cid)
    cost = d.front.cost or 0
    t = d.front.type
    for dn in st["pl"][p]["disc_next"]:
        if dn["type"] in (t, "card") and _dn_fits(dn, d.front):
            cost = max(cost - dn["n"], min(cost, dn["min"])) if "min" in dn else cost - dn["n"]  # "to a minimum of [1]"
    if redeem:
        cost -= 3
    cost = self.play_discount(st, p, cid, cost)  # "you may pay [1] less to play Events" (rules.play_discount)
    if st["fo"]:  # "Opponents pay +[1] to play cards during faceoffs [involving this card]"
        for o in self.has_static(st, "fo_play_tax"):
            for ab in self.abilities(st, o):
                if ab["kind"] != "static" or ab.get("op") != "fo_play_tax" or (ab.get("involving") and not self.involved(st, o)):
                    continue
                if not self.fo_player_ok(st, o, {**ab, "who": ab.get("who", "opp")}, p):
                    continue  # "Opponents pay ..." / "the player with the most Unicorn characters here pays -[1]"
                if (ab.get("scope") == "here" and st["cards"][o]["a"] not in st["fo"]["areas"]) or \
                        (ab.get("type") and ab["type"] != t):
                    continue
                cost += ab["n"]
    cost = max(cost, 0)
    if "play_cost" in self.ops_in_play(st) or st["cards"][cid]["k"] in self.sop_keys.get("play_cost_self", ()):
        cost = max(cost + self.play_cost_delta(st, p, cid, cost, area, host), 0)
    return cost


def _plain_costs(self, st, p) -> bool:
    """Whether ``card_cost(st, p, cid)`` is the printed cost (at least 0) for every card whose key
    is in neither ``self_disc_keys`` nor ``sop_keys["play_cost_self"]``: no pending reduction
    (``disc_next``), and no play discount, cost modifier or (during a faceoff) play tax in play.
    A new cost modifier read by ``card_cost`` must make this False while it can apply."""
    ops = self.ops_in_play(st)
    return not st["pl"][p]["disc_next"] and "play_discount" not in ops and "play_cost" not in ops and \
        not (st["fo"] and "fo_play_tax" in ops)


def _own_cost_modifier(self, k) -> bool:
    """Does the card (key) carry a modifier of its own cost (``self_disc_keys``, ``play_cost_self``)?"""
    return k in self.self_disc_keys or k in self.sop_keys.get("play_cost_self", ())


def _quick_cost(self, st, p, cid, k, face, plain) -> int:
    """``card_cost(st, p, cid)``, read as the printed cost (at least 0) when ``plain``
    (``_plain_costs``) holds and the card has no cost modifier of its own."""
    if plain and not _own_cost_modifier(self, k):
        return max(face.cost or 0, 0)
    return self.card_cost(st, p, cid)


def _hand_fact(self, k) -> tuple:
    """Card data for ``priority_actions``' early rejection of a hand card (cached per key in
    ``Rules._hand_fact``): (its printed cost, at least 0, when a printed cost above the player's
    tokens surely rejects it, else -1; whether it is an Event).  -1 for Troublemakers (their own
    rule), cards with Redeem or Transform (other costs) and cards with a cost modifier of their own
    (``self_disc_keys``, ``play_cost_self``)."""
    f = self.db.cards[k].front
    if f.type == TM or "Redeem" in f.keywords or "Transform" in f.keywords or _own_cost_modifier(self, k):
        return (-1, f.type == "Event")
    return (max(f.cost or 0, 0), f.type == "Event")


def _dn_fits(dn: dict, face) -> bool:
    """A pending cost reduction limited to a color or trait ("your next [Kindness] Friend", "the next
    Accessory you play") applies only to a card with it (printed information)."""
    if dn.get("color") and dn["color"] not in face.colors:
        return False
    if dn.get("trait") and dn["trait"] not in face.traits:
        return False
    return True


def can_pay_requirement(self, st, p, d) -> bool:
    """205.1: the player's characters have at least that much power of that color (507.3)."""
    reqs = d.front.play_requirements
    if not reqs:
        return True
    for col, n in reqs:
        if col not in COLOR_NAMES:
            continue
        tot = 0
        for cid in st["play"]:
            c = st["cards"][cid]
            if c["c"] == p and self.is_char(st, cid) and col in self.colors(st, cid):
                tot += self.power(st, cid) or 0
        if tot < n - self.req_reduction(st, p, col):
            return False
    return True


def move_cost(self, st, p, cid, area) -> int:
    """609.2b: 2, Swift -1, Showy +X at an opponent's Problem, never below 1."""
    cost = 2
    if self.kw(st, cid, "Swift"):
        cost -= 1
    cost += _extra_move_costs(self, st, p).get(area, 0)
    cost += self.action_tax(st, p, "move", cid, st["cards"][cid]["a"], area)  # "can't move ... unless they pay"
    return max(cost, 1)


def _extra_move_costs(self, st, p, full=False) -> dict:
    """Showy X and "Your opponent must pay +[N] to move a character to this card's Problem".
    (``full``: read every card in play, without the fast path; for tests.)"""
    out: dict = {}
    cards = st["cards"]
    # (without Teamwork, which lends abilities, only cards printing it can have opp_move_cost)
    sk = self.static_keys if st.get("twn") else self.sop_keys.get("opp_move_cost", ())
    showy = self.kw_keys.get("Showy", ())
    twn = self.kw_may_differ(st, "Showy")  # Teamwork, or a grant in play that could give Showy
    src = st["play"]
    if not twn and not st.get("twn") and not full:
        # only cards printing Showy or opp_move_cost, and tokens (the placeholder key), add anything:
        # the others, in play order (a long-lived table, see in_play_with)
        src = self.in_play_with(st, self.move_cost_keys)
    for o in src:
        oc = cards[o]
        if oc["c"] == p:
            continue
        x = self.kw(st, o, "Showy") if (oc["k"] in showy or twn or oc.get("t")) else 0
        if oc["k"] in sk:
            x += sum(ab["n"] for ab in self.abilities(st, o) if ab["kind"] == "static" and ab.get("op") == "opp_move_cost")
        if x:
            out[oc["a"]] = out.get(oc["a"], 0) + x
    return out


def pay_cost(self, st, p, n, ev=None) -> None:
    st["pl"][p]["tok"] -= n
    if n > 0 and st["pl"][p]["tok"] == 0 and ev is not None:
        self.fire_all(st, ev, "opp_pays_last", players=(opponent(p),))  # "When an opponent pays their last action token"


def _timing(self, d) -> str:
    for ab in d.abilities.get("front", ()):
        if ab["kind"] == "event":
            return ab["timing"]
    return "main"


def priority_actions(self, st, p, first_only=False, dedupe=True, rx_only=False) -> list[Action]:
    """The player's actions other than passing (510).  ``first_only``: stop at the first one (is
    there any?); ``rx_only``: only the Reaction actions (512.4, the ones with an ``rx`` note: Reaction
    Events in the hand and activated Reaction abilities), for ``rx_window``."""
    acts: list[Action] = []
    pr = st["prio"]
    fo = st["fo"]
    main = pr is not None and pr["w"] == "main" and p == st["tp"] and not fo
    pl = st["pl"][p]
    tok = pl["tok"]
    areas = st["areas"]
    cards = st["cards"]
    prob_areas = [a for a in areas if not a.startswith("home")]
    db = self.db.cards
    quick = self.quick_keys
    seen = set()
    colpow = None
    if not main and "main_only" in self.ops_in_play(st) and self.statics(st, "main_only"):
        return acts  # "Players can't play cards, activate abilities, or take actions except as a Main Phase action."
    no_tm = None  # areas with "Troublemakers can't be played here" (has_static(..., area=a))
    dep_any = None  # continuous cost modifiers / playing restrictions in play (computed once)
    hinfo = self._hand_info
    # card_cost is the printed cost (max 0) when no cost modifier can apply: no pending reduction
    # ("your next Friend costs [1] less"), no faceoff play tax, discount or cost modifier in play and
    # none of the card's own (self_disc_keys, play_cost_self); decided once, on the first card
    plain = None
    hfact = self._hand_fact

    # "Opponents can't play cards during faceoffs involving this card"
    no_play = bool(fo) and any(cards[o]["c"] != p and self.involved(st, o) for o in self.has_static(st, "fo_no_play"))
    if fo and pl.get("tmr") and any(r["k"] == "no_fo_play" for r in pl["tmr"]):
        no_play = True  # "opponents can't play cards during faceoffs" this turn (timed_effects.restrict)
    if fo and not no_play and self.has_static(st, "fo_no_play_mane"):
        # "While an opponent's Mane Character is boosted, that player can't play cards during faceoffs
        # involving their Mane Character"
        m_ = pl["mane"]
        no_play = m_ in cards and bool(cards[m_].get("b")) and self.involved(st, m_) and \
            any(cards[o]["c"] != p for o in self.has_static(st, "fo_no_play_mane"))
    # actions are built with their params already in Action.make's order (sorted by name)
    hand = pl["hand"]
    if main and self.dpk and pl["disc"]:  # "You may play this card from your discard pile." (701.3)
        hand = hand + [c for c in pl["disc"] if cards[c]["k"] in self.dpk and self.disc_play_ok(st, c)]
    for cid in (hand if not no_play else ()):
        k = cards[cid]["k"]
        if k in seen and dedupe:
            continue  # identical copies give identical actions (legal_actions lists one of them)
        if not main and k not in quick:
            continue
        if rx_only and k not in self.quick_rx:
            continue  # (only Reaction Events give actions with a note)
        pc = hfact.get(k)
        if pc is None:
            pc = hfact[k] = _hand_fact(self, k)
        if pc[0] > tok:
            # printed cost above the tokens, no Redeem / Transform, no cost modifier of its own: with
            # no cost modifier in play the cost check below rejects it; Events read nothing that
            # changes the state before it unless an "also a Friend" mark could be dropped (ctype)
            if plain is None:
                plain = _plain_costs(self, st, p)
            if plain and (not pc[1] or self.af_free(st)):
                continue
        d = db[k]
        f = d.front
        t = f.type
        if t == TM:
            if main and tok >= 1:
                seen.add(k)
                if no_tm is None:
                    no_tm = {cards[o]["a"] for o in self.has_static(st, "no_tm_here")}
                    no_tm |= {cards[o]["a"] for o in self.has_static(st, "no_opp_tm_here") if cards[o]["c"] != p}
                    no_tm |= {cards[o]["a"] for o in self.has_static(st, "no_tm_once_confronted") if cards[o].get("cf")}
                    tm_dep = bool({"play_cost", "no_play"} & self.ops_in_play(st))
                for a in prob_areas:
                    if a in no_tm:
                        continue
                    if tm_dep and (1 + self.play_cost_delta(st, p, cid, 1, area=a) > tok or self.play_blocked(st, p, cid, area=a)):
                        continue  # "Players must pay +[1] to play a Troublemaker here." (609.2c, 508.1d)
                    acts.append(new_action("play_troublemaker", p, (("area", a), ("card", cid))))
                    if first_only:
                        return acts
            continue
        info = hinfo.get(k)
        if info is None:
            info = hinfo[k] = (_timing(self, d), _event_cost(d), _play_rule(self, d))
        hasty = "Hasty" in f.keywords
        if t == "Event":
            if pl.get("tmr") and any(r["k"] == "no_events" for r in pl["tmr"]):
                continue  # "opponents can't play Events this turn" (timed_effects.restrict)
            tm = info[0]
            ok = main if tm == "main" else (fo is not None) if tm == "faceoff" else _fo_type_ok(fo, tm) if tm.startswith("faceoff_") else True
            if tm in PHASE_TIMINGS:
                ok = _phase_timing_ok(st, p, tm)
            rxc = _rx_cond(self, k)  # a Reaction, also "Faceoff Reaction" / "Main Phase Reaction" (512.4b)
            if rxc is not None:
                notes = rx_notes_for(self, st, p, cid, rxc)  # 512.4: only in response to its condition
                if not notes:
                    continue
            ecost = info[1]
            if ecost.get("discard") and len(pl["hand"]) - 1 < ecost["discard"]:
                ok = False  # 508.1d the additional cost can't be paid
            if ecost.get("retire_friend") and not any(cards[o]["c"] == p and self.ctype(st, o) == FRIEND for o in st["play"]):
                ok = False
        else:
            ok = main or hasty
        if not ok:
            continue
        if plain is None:
            plain = _plain_costs(self, st, p)
        cost = _quick_cost(self, st, p, cid, k, f, plain)
        if cost > tok and "Redeem" not in f.keywords and "Transform" not in f.keywords:
            continue
        redeem_opts = []
        if "Redeem" in f.keywords:
            for o in st["play"]:
                oc = cards[o]
                if oc["c"] == p and not oc.get("t") and self.ctype(st, o) in (FRIEND, TM) and not oc.get("fd") and self.face(st, o).title == f.title:
                    redeem_opts.append(o)
        transform = []
        tx = f.keywords.get("Transform")
        if tx is not None and "hand_to_ban" in self.ops_in_play(st) and self.statics(st, "hand_to_ban"):
            tx = None  # 508.1a: returning a Friend to hand would be replaced, so that cost can't be paid
        if tx is not None and t == FRIEND:
            for o in st["play"]:
                oc = cards[o]
                if oc["c"] == p and not oc.get("t") and self.ctype(st, o) == FRIEND and not oc.get("fd"):
                    of = self.face(st, o)
                    if f.title in of.title and of.subtitle != f.subtitle:
                        transform.append(o)
            if tx > tok:
                transform = []
        if cost > tok and not (redeem_opts and self.card_cost(st, p, cid, True) <= tok) and not transform:
            continue
        reqs = f.play_requirements
        if reqs:
            if colpow is None:
                colpow = _LazyColorPower(self, st, p)  # (_color_power's sums, per color on demand)
            if any(colpow.get(col, 0) < n - (self.req_reduction(st, p, col) if pl.get("req_red") else 0)
                   for col, n in reqs if col in COLOR_NAMES):
                continue
        if k in self.must_ctrl and not self.controls_title(st, p, self.must_ctrl[k]):
            continue  # "You must control Rarity to play this card."
        seen.add(k)
        rule = info[2]
        # continuous cost modifiers and restrictions bound to a destination (Rules.play_cost_delta,
        # Rules.play_blocked): the cost above is a lower bound, checked again per destination
        if dep_any is None:
            ops = self.ops_in_play(st)
            dep_any = "play_cost" in ops or "no_play" in ops
        dep = dep_any or k in self.sop_keys.get("play_cost_self", ())
        if t == FRIEND:
            dests = [f"home{p}"] if rule == "home" else [f"home{p}"] + prob_areas
            xr = _retire_cost_opts(self, st, p, k)  # "As an additional cost to play this card, retire a Friend"
            if st.get("amr"):  # "Characters can't be ... played to that Problem for the rest of the turn"
                dests = [a for a in dests if not any(r["a"] == a and r.get("play") for r in st["amr"])]
            for a in dests:
                if dep and self.play_blocked(st, p, cid, area=a):
                    continue
                if (self.card_cost(st, p, cid, area=a) if dep else cost) <= tok:
                    if xr is None:
                        acts.append(new_action("play", p, (("area", a), ("card", cid))))
                    else:  # 508: the Friend to retire is chosen as the card is played
                        acts.extend(new_action("play", p, (("area", a), ("card", cid), ("retire", r))) for r in xr)
                for r in (redeem_opts if not dep or self.card_cost(st, p, cid, True, area=a) <= tok else ()):
                    acts.append(new_action("play", p, (("area", a), ("card", cid), ("redeem", r))))
                for r in transform:
                    acts.append(new_action("play", p, (("area", a), ("card", cid), ("transform", r))))
                if first_only and acts:
                    return acts
        elif t == "Resource":
            if d.front.dilemma:
                acts.append(new_action("play", p, (("area", "dilemma"), ("card", cid))))
            elif rule == "home" or rule is None:
                acts.append(new_action("play", p, (("area", f"home{p}"), ("card", cid))))
            elif rule == "problem":
                for a in prob_areas:
                    pid = self.problem_at(st, a)
                    if pid and not (dep and (self.play_blocked(st, p, cid, host=pid) or self.card_cost(st, p, cid, host=pid) > tok)):
                        acts.append(new_action("play", p, (("card", cid), ("host", pid))))
            else:
                for o in st["play"]:
                    if self.matches(st, o, rule, p, None) and \
                            not (dep and (self.play_blocked(st, p, cid, host=o) or self.card_cost(st, p, cid, host=o) > tok)):
                        acts.append(new_action("play", p, (("card", cid), ("host", o))))
        elif t == "Event":
            if rxc is not None:
                for n_ in notes:
                    acts.append(new_action("play", p, (("card", cid), ("rx", n_["id"]))))
            else:
                acts.append(new_action("play", p, (("card", cid),)))
        if first_only and acts:
            return acts
    # abilities activated from the discard pile ("Banish this card from your discard pile to ...", 703)
    if self.disc_act_keys:
        for cid in pl["disc"]:
            if cards[cid]["k"] not in self.disc_act_keys:
                continue
            for i, ab in enumerate(self.abilities(st, cid)):
                if ab["kind"] != "activated" or ab.get("zone") != "disc":
                    continue
                tm = ab["timing"]
                if (tm == "main" and not main) or (tm == "faceoff" and not fo) or \
                        (tm.startswith("faceoff_") and not _fo_type_ok(fo, tm)) or \
                        (tm in PHASE_TIMINGS and not _phase_timing_ok(st, p, tm)):
                    continue
                acts.append(new_action("activate", p, (("ability", i), ("card", cid))))
                if first_only:
                    return acts
    # abilities activated from the hand ("Banish this card from your hand to ...", 703)
    if self.hand_act_keys and not rx_only:
        for cid in pl["hand"]:
            if cards[cid]["k"] not in self.hand_act_keys:
                continue
            for i, ab in enumerate(self.abilities(st, cid)):
                if ab["kind"] != "activated" or ab.get("zone") != "hand":
                    continue
                tm = ab["timing"]
                if (tm == "main" and not main) or (tm == "faceoff" and not fo) or \
                        (tm.startswith("faceoff_") and not _fo_type_ok(fo, tm)):
                    continue
                if tm in PHASE_TIMINGS and not _phase_timing_ok(st, p, tm):
                    continue
                acts.append(new_action("activate", p, (("ability", i), ("card", cid))))
                if first_only:
                    return acts
    # moves (609.2b) and Agile
    showy = None
    dest_all = [f"home{p}"] + prob_areas
    agile = self.kw_keys.get("Agile", ())
    swift = self.kw_keys.get("Swift", ())
    twn = self.kw_may_differ(st, "Agile")  # Teamwork, or a grant in play that could give Agile
    tws = self.kw_may_differ(st, "Swift")
    taxed = "action_cost" in self.ops_in_play(st)  # "Opponents pay +[1] to rally Friends", move taxes
    mb = None  # moving restrictions in play
    # a move costs at least 1 (609.2b) and a rally 2 (609.2e): with no token and no action tax in
    # play, no character can do either
    for cid in (st["play"] if (tok >= 1 or taxed) and not rx_only else ()):
        c = cards[cid]
        if c["c"] != p:
            continue
        if not main and not (c["k"] in agile or twn or c.get("t")):
            continue  # no Agile: no move outside the Main Phase, and no rally either
        ct = self.ctype(st, cid)
        if ct not in (FRIEND, MANE):
            continue
        if main or (self.kw(st, cid, "Agile") and not c.get("fr")):
            if showy is None:
                showy = _extra_move_costs(self, st, p)
            base = 1 if (c["k"] in swift or tws or c.get("t")) and self.kw(st, cid, "Swift") else 2
            here = c["a"]
            if mb is None:
                mb = "no_move" in self.ops_in_play(st) or bool(pl.get("tmr")) or bool(st.get("amr")) or bool(st.get("cmr"))
                nm = self.statics(st, "no_move") if mb else None  # (the same for every card and destination)
            for a in dest_all:
                if mb and a != here and self.move_blocked(st, p, cid, here, a, nm):
                    continue
                if a != here and max(base + showy.get(a, 0) + (self.action_tax(st, p, "move", cid, here, a) if taxed else 0), 1) <= tok:
                    acts.append(new_action("move", p, (("area", a), ("card", cid))))
                    if first_only:
                        return acts
        if main and c.get("fr") and tok >= 2 + (self.action_tax(st, p, "rally", cid) if taxed else 0):
            acts.append(new_action("rally", p, (("card", cid),)))  # 609.2e
    if main and not rx_only and tok >= 1 + (self.action_tax(st, p, "draw") if taxed else 0) and pl["deck"] and self.may_draw(st, p):
        acts.append(new_action("draw", p))  # 609.2d
    # activated abilities (609.2f, 703)
    anyp = self.anyp_keys if main else ()
    for cid in (st["play"] if st.get("twn") else self.in_play_with(st, self.activ_keys)):
        c = cards[cid]
        if c["c"] != p and c["k"] not in anyp:
            continue
        for i, ab in enumerate(self.abilities(st, cid)):
            if ab["kind"] != "activated" or ab.get("zone") == "hand":
                continue  # (abilities activated from the hand are listed with the hand)
            if c["c"] != p and not ab.get("any_player"):
                continue  # "Any player may activate this ability." (703; only those of another's card)
            tm = ab["timing"]
            if tm == "main" and not main:
                continue
            if tm == "faceoff" and not fo:
                continue
            if tm.startswith("faceoff_") and not _fo_type_ok(fo, tm):
                continue
            if tm in PHASE_TIMINGS and not _phase_timing_ok(st, p, tm):
                continue
            if ab.get("rx") is not None:  # 512.4 Reaction: one action per condition met (512.4c)
                if _can_pay_ability(self, st, p, cid, ab):
                    for n_ in rx_notes_for(self, st, p, cid, ab["rx"], f"{cid}/{i}"):
                        acts.append(new_action("activate", p, (("ability", i), ("card", cid), ("rx", n_["id"]))))
                        if first_only:
                            return acts
                continue
            if rx_only:
                continue
            if _can_pay_ability(self, st, p, cid, ab):
                acts.append(new_action("activate", p, (("ability", i), ("card", cid))))
                if first_only:
                    return acts
    return acts


# 512.3 "Score Phase:" / "Troublemaker Phase:" timing: only the turn player, in a priority window of that
# Phase of their turn, not during a faceoff (512.3a): the start-of-Score-Phase window (601.2) and the
# start-of-Troublemaker-Phase window (opened after its start triggers when such a card could be used)
PHASE_TIMINGS = {"score": "score_go", "tp": "tm_uncover"}


def _phase_timing_ok(st, p, tm) -> bool:
    pr = st["prio"]
    return p == st["tp"] and not st["fo"] and pr is not None and pr["w"] == "phase" and st["step"] == PHASE_TIMINGS[tm]


def _rx_cond(self, k) -> dict | None:
    """The Reaction condition of an Event (card key), cached."""
    cache = self.__dict__.setdefault("_rx_ev", {})
    if k not in cache:
        cache[k] = next((ab.get("rx") for ab in self.db.cards[k].abilities.get("front", ()) if ab["kind"] == "event"), None)
    return cache[k]


def _fo_type_ok(fo, timing) -> bool:
    """512.4a timing phrases naming a type of faceoff."""
    if not fo:
        return False
    if timing == "faceoff_tm":
        return fo["type"] == "tm"
    return fo["type"] in ("problem", "multi")


def _color_power(self, st, p) -> dict:
    """507.3 power of each color the player controls."""
    out: dict = {}
    cards = st["cards"]
    srcs = None
    for cid in st["play"]:
        c = cards[cid]
        if c["c"] == p and not c.get("fd") and not c.get("fr") and self.is_char(st, cid):
            if srcs is None:
                srcs = self.power_sources(st)
            pw = self.power(st, cid, srcs) or 0
            for col in self.colors(st, cid):
                out[col] = out.get(col, 0) + pw
    return out


def _printed_colors_ok(self, st) -> bool:
    """``colors`` of a face-up, unfrightened card in play is its printed colors (of its current face)
    unless the card is a token, Prismatic, has a ``col`` mark or a color modifier (``mods`` entry
    with ``col``), or Teamwork, a keyword / color grant or a "lose colors" card is in play: this
    says the state-wide part (no twn, kwg, no_colors); ``_own_chars_printed_colors`` the per-card
    part.  A new way for colors to change must make them fall back to ``colors``."""
    return not st.get("kwg") and not st.get("twn") and "no_colors" not in self.ops_in_play(st)


def _own_chars_printed_colors(self, st, p) -> list:
    """``[(cid, colors(st, cid))]`` for ``p``'s face-up, unfrightened characters in play (play
    order), with the printed colors read directly where ``colors`` would return them (see
    ``_printed_colors_ok``, which must hold)."""
    cards = st["cards"]
    mt = {m["t"] for m in st["mods"] if m.get("col")}  # (cards with a color modifier)
    pk = self.prism_keys
    ff, fb = self.ff, self.fb
    out = []
    for cid in st["play"]:
        c = cards[cid]
        if c["c"] != p or c.get("fd") or c.get("fr") or not self.is_char(st, cid):
            continue
        if c.get("col") or c.get("t") or c["k"] in pk or cid in mt:
            out.append((cid, self.colors(st, cid)))
        else:
            out.append((cid, (fb if c.get("b") else ff)[c["k"]].colors))
    return out


class _LazyColorPower:
    """``_color_power(self, st, p)`` for one unchanged state, summed per color only when a play
    requirement asks for that color: a character's power is computed only if one of its colors is
    asked for (same sums; ``get(col, 0)`` as on the dict)."""

    __slots__ = ("r", "st", "p", "chars", "srcs", "pw", "sums")

    def __init__(self, r, st, p) -> None:
        self.r, self.st, self.p = r, st, p
        self.chars = None
        self.srcs = None
        self.pw: dict = {}
        self.sums: dict = {}

    def get(self, col, default=0):
        v = self.sums.get(col)
        if v is not None:
            return v
        r, st = self.r, self.st
        if self.chars is None:
            cards = st["cards"]
            p = self.p
            self.chars = [(cid, r.colors(st, cid)) for cid in st["play"]
                          if cards[cid]["c"] == p and not cards[cid].get("fd") and not cards[cid].get("fr")
                          and r.is_char(st, cid)] if not _printed_colors_ok(r, st) else \
                _own_chars_printed_colors(r, st, p)
        v = 0
        found = False
        for cid, cols in self.chars:
            if col in cols:
                found = True
                pw = self.pw.get(cid)
                if pw is None:
                    if self.srcs is None:
                        self.srcs = r.power_sources(st)
                    pw = self.pw[cid] = r.power(st, cid, self.srcs) or 0
                v += pw
        self.sums[col] = v
        return v if found else default


def main_actions(self, st, p):
    return self.priority_actions(st, p)


def immediate_actions(self, st, p):
    return self.priority_actions(st, p)


def _event_cost(d) -> dict:
    for ab in d.abilities.get("front", ()):
        if ab["kind"] == "event":
            return ab.get("cost") or {}
    return {}


def _play_rule(self, d):
    for ab in d.abilities.get("front", ()):
        if ab["kind"] == "play_home":
            return "home"
        if ab["kind"] == "play_on":
            return ab["host"]
        if ab["kind"] == "play_problem":
            return "problem"
    return None


def _can_pay_ability(self, st, p, cid, ab) -> bool:
    cost = ab.get("cost", {})
    c = st["cards"][cid]
    if ab.get("while") and not self._cond(st, cid, ab["while"]):
        return False  # "Main Phase: While you have no [Honesty] Friends, you may exhaust this card ..."
    if st["pl"][p]["tok"] < self.ability_tokens(st, p, cid, ab):  # (with "pay [1] less" discounts)
        return False
    if cost.get("exhaust") and (c.get("ex") or c.get("fr") or not self.can_exhaust(st, cid, p)):
        return False  # (104.2a a cost requiring what can't happen can't be paid)
    if cost.get("once_turn") and c.get("used") == st["turn"]:
        return False
    if cost.get("cutie") and c.get("cm"):
        return False
    if cost.get("boosted") is not None and bool(c.get("b")) != cost["boosted"]:
        return False
    if cost.get("discard") and len(st["pl"][p]["hand"]) < cost["discard"]:
        return False
    if cost.get("spend") and self.beneath_count(st, cid) < cost["spend"]:
        return False
    if cost.get("remove_counters") and c.get("cn", {}).get("+1", 0) < cost["remove_counters"]:
        return False
    if cost.get("ncounters") and c.get("cn", {}).get(cost["ncounters"]["name"], 0) < cost["ncounters"]["n"]:
        return False  # "Remove 2 Harmony counters from this card to ..." (508.1d)
    if cost.get("retire_friend") and not any(st["cards"][o]["c"] == p and self.ctype(st, o) == FRIEND and o != cid for o in st["play"]):
        return False
    if cost.get("exhaust_mane"):
        m = st["pl"][p]["mane"]
        if m not in st["cards"] or st["cards"][m].get("ex") or st["cards"][m].get("fr"):
            return False
    if not _can_pay_extra(self, st, p, cid, cost):
        return False
    return True


def _cost_sel(sel: dict, **extra) -> dict:
    return {**sel, "ctrl": "you", **extra}


def _can_pay_extra(self, st, p, cid, cost) -> bool:
    """508.1d the costs chosen among several cards: exhaust / retire / banish another card."""
    if (cost.get("dismiss_self") or cost.get("hand_self") or cost.get("deck_self")) and not self.in_play(st, cid):
        return False
    if "counter_sel" in cost and not any(st["cards"][o]["c"] == p and st["cards"][o].get("cn", {}).get("+1")
                                         and self.matches(st, o, cost["counter_sel"], p, cid) for o in st["play"]):
        return False  # "remove a +1 power counter from one of your cards": none has one (508.1d)
    if "any_counter" in cost and not any(st["cards"][o]["c"] == p and any(v > 0 for v in st["cards"][o].get("cn", {}).values())
                                         and self.matches(st, o, cost["any_counter"], p, cid) for o in st["play"]):
        return False  # "Remove a counter from one of your ready characters": none has one (508.1d)
    if cost.get("spend_pumped"):
        if not pumped_hosts(self, st, p, need=1):
            return False
    if "discard_sel" in cost:  # "Discard an Event to ..."
        if not any(card_filter(self, st, o, cost["discard_sel"]) for o in st["pl"][p]["hand"]):
            return False
    if cost.get("exhaust_host"):  # "Exhaust that Friend" (the Resource's host)
        h = st["cards"][cid].get("h")
        if not h or not self.in_play(st, h) or st["cards"][h].get("ex") or st["cards"][h].get("fr"):
            return False
    if "exhaust_sel" in cost and not self.select(st, _cost_sel(cost["exhaust_sel"], state="ready"), p, cid):
        return False
    if "retire_sel" in cost and len(self.select(st, _cost_sel(cost["retire_sel"]["sel"]), p, cid)) < cost["retire_sel"]["n"]:
        return False
    if "dismiss_sel" in cost and not self.select(st, _cost_sel(cost["dismiss_sel"]), p, cid):
        return False
    if "exhaust_n" in cost and len(self.select(st, _cost_sel(cost["exhaust_n"]["sel"], state="ready"), p, cid)) < cost["exhaust_n"]["n"]:
        return False  # "Exhaust 3 of your Friends to ..." (508.1d)
    if "banish_from" in cost:
        bf = cost["banish_from"]
        if not any(card_filter(self, st, o, bf["filter"]) for o in st["pl"][p][bf["zone"]]):
            return False
    return True


def _retire_cost_opts(self, st, p, k) -> list[str] | None:
    """Friends player ``p`` may retire to pay "As an additional cost to play this card, retire a Friend"
    (508; None: the card has no such cost)."""
    if k not in self.sop_keys.get("add_cost", ()):
        return None
    return [o for o in st["play"] if st["cards"][o]["c"] == p and self.ctype(st, o) == FRIEND and not st["cards"][o].get("fd")]


def _extra_cost_effects(cost) -> list[dict]:
    """Costs that need a choice are paid first (508) as effects at the head of the ability."""
    effs: list[dict] = []
    if cost.get("exhaust_host"):
        effs.append({"op": "exhaust", "target": {"host": True}})
    if cost.get("discard_hand"):
        effs.append({"op": "discard", "n": 99, "who": "you"})
    if "exhaust_sel" in cost:
        effs.append({"op": "exhaust", "target": _cost_sel(cost["exhaust_sel"], state="ready")})
    if "retire_sel" in cost:
        effs += [{"op": "retire", "target": _cost_sel(cost["retire_sel"]["sel"], fresh=True), "paid": True}] * cost["retire_sel"]["n"]
    if "banish_from" in cost:
        effs.append({"op": "banish_from_zone", **cost["banish_from"], "whose": "you"})
    if "dismiss_sel" in cost:
        effs.append({"op": "dismiss", "target": _cost_sel(cost["dismiss_sel"]), "paid": True})
    if "exhaust_n" in cost:
        effs += [{"op": "exhaust", "target": _cost_sel(cost["exhaust_n"]["sel"], state="ready", fresh=True), "paid": True}] * cost["exhaust_n"]["n"]
    if "discard_sel" in cost:
        effs.append({"op": "discard_sel", "filter": cost["discard_sel"]})
    if "counter_sel" in cost:
        effs.append({"op": "remove_counter_sel", "sel": cost["counter_sel"]})
    if "any_counter" in cost:
        effs.append({"op": "remove_any_counter", "sel": cost["any_counter"]})
    if cost.get("spend_pumped"):
        effs.append({"op": "spend_pumped"})
    return effs


def play_card(self, st, ev, action) -> None:
    p = action.player
    cid = action.get("card")
    d = self.cdef(st, cid)
    f = d.front
    pl = st["pl"][p]
    redeem = action.get("redeem")
    transform = action.get("transform")
    cost = self.card_cost(st, p, cid, redeem=bool(redeem), area=action.get("area"), host=action.get("host"))
    self.record_play(st, p, f, action.get("area") or (st["cards"][action.get("host")]["a"] if action.get("host") else None))
    if redeem:
        self.leave_play(st, ev, redeem, "disc", verb="retired (Redeem)", cost=True)  # 508.1a
    if action.get("retire") and self.in_play(st, action.get("retire")):
        self.leave_play(st, ev, action.get("retire"), "disc", verb="retired (additional cost)", cost=True)  # 508.1a
    if transform:
        cost = f.keywords.get("Transform", cost)  # Transform X: play for X, returning a Friend to hand
        self.leave_play(st, ev, transform, "hand", verb="returned to its owner's hand (Transform)", cost=True)
    for dn in list(pl["disc_next"]):
        if dn["type"] in (f.type, "card") and _dn_fits(dn, f) and not dn.get("all"):  # "all": every Event until the end of the faceoff
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
        self.fire_all(st, ev, "you_play_event", players=(p,))
        req_cols = {col for col, _ in f.play_requirements}
        for o in list(st["play"]):  # Talented: an Event whose play requirement shares this card's colors
            oc = st["cards"][o]
            if oc["c"] == p and oc["k"] in self.trig_keys and req_cols & set(self.colors(st, o)):
                self.fire(st, ev, "talented", o)
    self.fire_all(st, ev, "you_play", players=(p,))
    _watch_play(self, st, ev, p, d.key, nid)


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
        return d is not None and (d.front.type != "Event" or _timing(self, d) == "main")
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
            if dn["type"] == "card" and not dn.get("color") and not dn.get("trait"):
                pl["disc_next"].remove(dn)
                tm_cost -= dn["n"]
        tm_cost = max(tm_cost, 0)
        tm_cost += self.play_cost_delta(st, p, cid, tm_cost, area=area)  # "+[1] to play a Troublemaker here"
        self.record_play(st, p, self.cdef(st, cid).front, area)
        self.pay_cost(st, p, tm_cost, ev)
        up = bool(self.has_static(st, "tm_face_up_here", area=area))  # "Troublemakers played here enter play face-up."
        key = st["cards"][cid]["k"]
        tid = self.enter_play(st, ev, cid, area, p, face_down=not up)
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
        if cost.get("tokens") and self.ability_tokens(st, p, cid, ab):
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
        effs = _extra_cost_effects(cost) + effs
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


