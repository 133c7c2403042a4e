"""The turn (6xx) and the machine that runs it: advancing to the next decision, pre-priority
processing (511), uniqueness (516), the steps and phases, uncovering (607.2), confronting (611),
the start and end of a turn.  Functions of ``rules.Rules``."""
from __future__ import annotations

import json
import re

from ..constants import FRIEND, MANE, TM, opponent, tokens_for
from ..reactions import rx_window
from ..effects.timed import fire_delayed
from ..effects.triggered import no_ready_while, note_gain
from ..state import copy_state
from .decisions import BOUNDARY_WINDOWS, ask, open_phase_window


_OPP_HOME = ("home1", "home0")  # (by controller: the other player's home)


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


def _end_source_control(self, st, ev) -> None:
    """"Gain control of another Friend until this card leaves play or is frightened" (EO213): the control returns
    (513.2) once its source has left play (410.6: a new object) or is frightened; the next wave sends it home."""
    keep = []
    for x in st["ctl"]:
        s = st["cards"].get(x.get("src")) if x["u"] == "source" else None
        if x["u"] == "source" and not (s and s.get("z") == "play" and not s.get("fr")):
            c = st["cards"].get(x["t"])
            if c and c.get("z") == "play" and c["c"] != x["to"]:
                c["c"] = x["to"]
                st["dy"] = 1
                self.log(ev, "control", lambda cid=x["t"], q=x["to"]: f"{self.pname(st, q)} regains control of {self.name(st, cid)}")
            continue
        keep.append(x)
    st["ctl"] = keep


def ppp(self, st, ev) -> bool:
    """511 pre-priority processing (one wave); True if something happened."""
    did = False
    cards = st["cards"]
    areas = st["areas"]
    if st.get("ctl"):
        _end_source_control(self, st, ev)
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
            elif self.ctype(st, cid) != "Problem" and a not in areas:
                # 511.6 only for areas that ceased to exist: an attachment on an opponent's Friend at
                # that player's home is in its host's area (509.3), and a Resource whose control changed
                # stays in the home it is in (511.5 sends characters only)
                self.leave_play(st, ev, cid, "disc", by_game=True, verb="dismissed by the game (511.6)")
                did = True
    if did:
        return True
    if _uniqueness(self, st, ev):
        return True
    st["dy"] = 0
    return _ppp_triggers(self, st, ev)


def _power_reached(self, st) -> None:
    """"When this card has 8 power" (a state trigger, 704): it triggers once as its power reaches N, and again only
    after its power has dropped below N (the card's ``pwr`` flag)."""
    for cid in self.in_play_with(st, self.trig_ev["has_power"]):
        c = st["cards"][cid]
        for ab in self.abilities(st, cid):
            if ab["kind"] != "trigger" or ab["on"] != "has_power":
                continue
            if (self.power(st, cid) or 0) < ab["n"]:
                c.pop("pwr", None)
            elif not c.get("pwr"):
                c["pwr"] = True
                self.queue_trigger(st, cid, c["c"], ab["effects"], ab.get("text", "has_power"))


def _ppp_triggers(self, st, ev) -> bool:
    if "has_power" in self.trig_ev:
        _power_reached(self, st)
    if st["trig"]:
        # 511.7a: the player who most recently had priority (or the turn player) goes first
        first = st["tp"]
        for q in (first, opponent(first)):
            mine = [i for i, t in enumerate(st["trig"]) if t["p"] == q]
            if not mine:
                continue
            if len(mine) == 1 or len({str(st["trig"][i]["eff"]) for i in mine}) == 1:
                t = st["trig"].pop(mine[0])
                start_trigger(self, st, ev, t)
            else:
                ask(self, st, q, "order", mine, "511.7a", labels=[st["trig"][i]["lbl"] for i in mine])
            return True
    return False


def start_trigger(self, st, ev, t):
    src = t["src"]
    # a card in a hidden zone (its owner's deck or hand) triggers privately: only its controller learns it (404.1)
    hidden = {"to": t["p"]} if src in st["cards"] and st["cards"][src].get("z") in ("deck", "hand") else {}
    self.log(ev, "trigger", lambda: f"{_trigger_source_name(self, st, src)}: {t['lbl']}", **hidden)
    st["rq"].append({"p": t["p"], "src": src, "eff": t["eff"], "i": 0, "ch": None, "lbl": t["lbl"], "after": None,
                     "x": t.get("x", {}), "it": t.get("x", {}).get("it")})  # a watched event's card is "it"


def _trigger_source_name(self, st, src) -> str:
    """The public name of a triggered ability's source: a face-down Troublemaker has none (505.1d.i)."""
    if src not in st["cards"]:
        return "A card"
    c = st["cards"][src]
    return "A face-down Troublemaker" if c.get("fd") and c.get("z") == "play" else self.name(st, src)


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
    # 516.4a Epic Troublemaker and another Troublemaker at its Problem: Epic as the card has it now
    # (printed, "While this card has at least 3 +1 power counters on it, it is Epic", "That Troublemaker is Epic")
    epics = self.in_play_with(st, self.epic_keys)
    if "grant_epic" in self.ops_in_play(st) or self.in_play_with(st, self.epic_if_keys):
        epics = [o for o in st["play"] if self.ctype(st, o) == TM]
    for cid in epics:
        c = cards[cid]
        if self.ctype(st, cid) == TM and not c.get("fd") and self.epic(st, cid):
            others = [o for o in self.tms_at(st, c["a"]) if o != cid and not st["cards"][o].get("fd")]
            if others:
                ids = others + [cid]
                non_epic = [i for i in ids if not self.epic(st, i)]
                ask(self, st, st["tp"], "uniqueness", non_epic or ids, "516.4a")
                return True
    return False


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
    bw = BOUNDARY_WINDOWS.get(s)
    if bw is not None:
        # 601.2: a priority window at a phase or step boundary (the step stays the window's while it
        # is open; window_closed moves on).  Auto-passed by whoever has nothing but "pass".
        open_phase_window(st, bw[1], bw[2])
        return
    handler = STEPS.get(s)
    if handler is None:
        raise RuntimeError(f"unknown step {s}")  # pragma: no cover
    return handler(self, st, ev, fo, s, tp)


def _step_tp_start(self, st, ev, _fo, _s, tp) -> None:
    # 606: the Troublemaker Phase starts (its triggers resolve before the Uncover Step)
    if st.get("skip_tp"):  # "skip the next Troublemaker Phase": none of its steps, windows or triggers happen
        st["skip_tp"] -= 1
        self.log(ev, "phase", lambda: f"{self.pname(st, tp)}'s Troublemaker Phase is skipped")
        st["step"] = "main_start"
        return
    if self.rx_keys:
        self.rx_note(st, "phase", ph="tp", tp=tp)
    if self.may_fire(st, "tp_start"):
        self.fire_all(st, ev, "tp_start", players=(tp,))
        self.fire_all(st, ev, "opp_tp_start", players=(opponent(tp),))
        self.fire_all(st, ev, "any_tp_start")
    st["step"] = "w_tp"  # 601.2 the start-of-Troublemaker-Phase window ("Troublemaker Phase:" abilities, 512.3)


def _step_tm_uncover(self, st, ev, _fo, _s, _tp) -> None:
    if uncover_turn_players(self, st, ev):
        st["step"] = "w_uncovered"  # 601.2 the end of the Uncover Step
        st["sc_ch"] = []


def _step_tm_challenge(self, st, _ev, _fo, _s, tp) -> None:
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


def _step_tp_end(self, st, ev, _fo, _s, tp) -> None:
    # the Troublemaker Phase ends: "At the end of [each player's / your] Troublemaker Phase"
    if self.may_fire(st, "tp_end"):
        self.fire_all(st, ev, "tp_end", players=(tp,))
        self.fire_all(st, ev, "any_tp_end")
    st["step"] = "w_tp_end"  # 601.2 the end-of-Troublemaker-Phase window (601.2c)


def _step_main_start(self, st, ev, _fo, _s, tp) -> None:
    if self.rx_keys:
        self.rx_note(st, "phase", ph="main", tp=tp)
    if self.may_fire(st, "main_start"):
        self.fire_all(st, ev, "main_start", players=(tp,))
        self.fire_all(st, ev, "any_main_start")  # "At the start of each player's Main Phase, that player ..."
    _inspired(self, st, ev)
    st["step"] = "main"
    self.open_window(st, "main")  # 609.1


def _step_main_over(self, st, _ev, _fo, _s, _tp) -> None:
    self.expire(st, "main_phase")  # "until the end of the phase" during the Main Phase (after its end window)
    st["step"] = "score"  # 610


def _step_score(self, st, _ev, _fo, _s, tp) -> None:
    if self.rx_keys:
        self.rx_note(st, "phase", ph="score", tp=tp)  # reacted to in the start-of-Score-Phase window
    st["step"] = "w_score"


def _step_score_go(self, st, ev, _fo, _s, tp) -> None:
    if self.may_fire(st, "score_start"):
        self.fire_all(st, ev, "score_start", players=(tp,))
        self.fire_all(st, ev, "any_score_start")  # "At the start of the Score Phase" (each player's)
    st["sc"] = {"todo": [a for a in self.problem_areas(st) if a != f"prob{opponent(tp)}"] + [f"prob{opponent(tp)}"],
                "conf": [], "solved": []}
    st["step"] = "confront"


def _step_confront(self, st, ev, _fo, _s, _tp) -> None:
    _confront_next(self, st, ev)


def _step_faceoff_step(self, st, ev, _fo, _s, tp) -> None:
    sc = st["sc"]
    conf = sc["conf"]
    st["step"] = "solve"  # (no faceoff: the last confront step's window was the Faceoff Step's)
    if len(conf) >= 2:  # 612.1
        st["step"] = "w_solve"  # 601.2 the end of the Faceoff Step, after the faceoff
        self.start_faceoff(st, ev, "multi", list(conf), tp)
    elif len(conf) == 1 and _confrontable(self, st, opponent(tp), conf):  # 612.2
        st["step"] = "w_solve"
        self.start_faceoff(st, ev, "problem", list(conf), tp)


def _step_solve(self, st, ev, _fo, _s, _tp) -> None:
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
    st["step"] = "w_score_end"  # 601.2 the end-of-Score-Phase window (601.2c)


def _step_end(self, st, ev, _fo, _s, tp) -> None:
    if self.rx_keys:
        self.rx_note(st, "phase", ph="end", tp=tp)
    if self.may_fire(st, "turn_end"):
        self.fire_all(st, ev, "turn_end", players=(tp,))  # 615.1
        self.fire_all(st, ev, "opp_turn_end", players=(opponent(tp),))
        self.fire_all(st, ev, "any_turn_end")
    if self.ban_trig.get("turn_end"):  # "At the end of your turn, if this card is banished, ..." (LL145)
        self.fire_from_zone(st, "ban", self.ban_trig["turn_end"], "turn_end", {}, players=(tp,))
    if st.get("dly"):
        fire_delayed(self, st, "turn_end")  # "At the end of the turn, ..." (effects.timed.delay)
    st["step"] = "w_end"


def _step_wrap(self, st, ev, _fo, _s, _tp) -> None:
    self.end_of_turn(st, ev)


def _step_game_go(self, st, ev, _fo, _s, _tp) -> None:
    # "At the start of the game" triggers resolved: the first turn begins
    self.next_turn(st, ev, first=True)


def _step_draw(self, st, ev, _fo, _s, tp) -> None:
    """605 the Draw Step (then "At the end of your draw step" / "At the start of your turn" triggers)."""
    pl = st["pl"][tp]
    extra = [ab["n"] for o in self.has_static(st, "extra_tokens_draw", ctrl=tp) for ab in self.abilities(st, o)
             if ab.get("op") == "extra_tokens_draw"]
    if not (tp == st["first"] and pl["turns"] == 1):  # 605.1a
        self.draw(st, ev, tp, 1 + len(extra))
    if self.may_fire(st, "turn_start"):
        self.fire_all(st, ev, "draw_step_end", players=(tp,))  # "At the end of your draw step" (605)
        self.fire_all(st, ev, "turn_start", players=(tp,))
        self.fire_all(st, ev, "any_turn_start")  # "At the start of each player's turn" ("that player": as_tp)
    if st.get("dly"):
        fire_delayed(self, st, "turn_start")  # "At the start of the next turn, ..." (effects.timed.delay)
        fire_delayed(self, st, "own_turn_start")
    for cid in self.kw_candidates(st, "Meticulous"):
        if st["cards"][cid]["c"] == tp:
            x = self.kw(st, cid, "Meticulous")
            if x:
                self.queue_trigger(st, cid, tp, [{"op": "may", "effects": [{"op": "look_top", "n": x, "whose": "you"}]}], f"Meticulous {x}")
    st["step"] = "w_ready"


#: a step of the turn (st["step"]) -> what the game does in it (rules, st, ev, faceoff, step, turn player)
STEPS = {
    "draw": _step_draw,
    "tp_start": _step_tp_start,
    "tm_uncover": _step_tm_uncover,
    "tm_challenge": _step_tm_challenge,
    "tp_end": _step_tp_end,
    "main_start": _step_main_start,
    "main_over": _step_main_over,
    "score": _step_score,
    "score_go": _step_score_go,
    "confront": _step_confront,
    "faceoff_step": _step_faceoff_step,
    "solve": _step_solve,
    "end": _step_end,
    "wrap": _step_wrap,
    "game_go": _step_game_go,
}


def uncover_turn_players(self, st, ev) -> bool:
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
                and self.ctype(st, cid) == TM and _can_uncover(self, st, cid) and st["cards"][cid].get("kfd") != st["turn"]]
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


def uncover_one(self, st, ev, cid, by=None, rskip=()) -> None:
    """Uncover a face-down Troublemaker (607).  ``rskip``: replacement modifiers already declined (710.3)."""
    c = st["cards"][cid]
    if any(not st["cards"][o].get("fd") and self.epic(st, o) for o in self.tms_at(st, c["a"])):
        return  # 607.1
    if self.has_static(st, "no_uncover", area=c["a"]):
        return  # "Troublemakers can't be uncovered here."
    if "replace" in self.ops_in_play(st) and self.queue_replacement(st, cid, ("uncover",), rskip, {"uby": by}):
        c["kfd"] = st["turn"]  # "If a Troublemaker would be uncovered here, you may ... instead" (710): asked first;
        return  # (not offered again by this Uncover Step while the decision waits or once it is replaced)
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
        # requirements they meet), so the order is asked (``confront_order``) among the Problems that
        # can be confronted now, when there are two or more.  A Problem that can't be confronted now
        # waits (a confront may make it confrontable); once none can be confronted, the remaining
        # steps confront nothing.  A waiting Problem an earlier confront could make confrontable is
        # offered too (``_may_become_confrontable``): choosing it performs its empty step first.
        todo = [a for a in sc["todo"] if a in st["areas"]]
        sc["todo"] = todo
        can = _confrontable(self, st, tp, todo)
        if not can:
            sc["todo"] = []
            sc.pop("cur", None)
            st["step"] = "faceoff_step"
            return
        waiting = _may_become_confrontable(self, st, ev, tp, todo, can) if len(todo) > len(can) else []
        if len(can) + len(waiting) > 1:
            ask(self, st, tp, "confront_order", can + waiting, "610.1")
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
    first_cf, first_opp = _confront(self, st, ev, tp, area)
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
                    if ab.get("by") == "opp" and (c_["o"] == tp or (ab.get("first_opp") and not first_opp)):
                        continue  # "When / The first time the Challengers confront this Problem" (the Villain's opponents)
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
    open_phase_window(st, "score")  # 601.2 the end of this Confront Step (611), the start of the next


def _confront(self, st, ev, tp, area) -> tuple[bool, bool]:
    """611.4: the turn player confronts the Problem at ``area`` and scores a point; the Problem is
    marked confronted (this turn, and ever).  Whether it is the first confront of that Problem, and the
    first by an opponent of its owner."""
    st["sc"]["conf"].append(area)
    pid = self.problem_at(st, area)
    first_cf = bool(pid) and not st["cards"][pid].get("cf")  # "The first player to confront this Problem"
    first_opp = False
    if pid:
        c = st["cards"][pid]
        c["cf"] = True  # "Once this Problem has been confronted, ..."
        if c["o"] != tp:
            first_opp = not c.get("cfo")
            c["cfo"] = True  # "The first time the Challengers confront this Problem"
    cf = st.get("cft")
    if not cf or cf[0] != st["turn"]:
        cf = st["cft"] = [st["turn"], []]
    cf[1].append(pid)  # "if no Problems were confronted this turn" (effects.conditions._if_cond)
    self.log(ev, "confront", lambda: f"{self.pname(st, tp)} confronts {self.area_name(st, area)} (611.4)", area=area)
    self.score(st, ev, tp, 1)
    return first_cf, first_opp


def _may_become_confrontable(self, st, ev, tp, todo, can) -> list:
    """610.1: the Problems of ``todo`` the turn player can't confront now that an earlier confront
    (of Problems of ``can``) could make confrontable, so that their order matters: the turn player
    may put such a Problem's step first, where it confronts nothing (611.1 reads the requirements as
    its own step comes).  While a card in play has a triggered ability a confront step fires (611.4),
    any such Problem where they have characters (what a triggered effect does isn't foreseen);
    otherwise the ones a confront makes confrontable through a continuous ability (702) reading
    what the confront changes -- its point (611.4: "While a player has 8 or more points, ..."), the
    Problems confronted this turn -- tried on copies of the state (``_confront_trials``)."""
    rest = [a for a in todo if a not in can]
    out = set()
    if _confront_fires(self, st, tp, can):
        out.update(a for a in rest if self.chars_at(st, a, tp))
    left = [a for a in rest if a not in out]
    if left:
        out.update(_confront_trials(self, st, ev, tp, can, left))
    return [a for a in rest if a in out]


def _confront_fires(self, st, tp, can) -> bool:
    """Whether confronting a Problem of ``can`` fires a triggered ability of a card in play (611.4, as
    ``_confront_next`` fires them): "When you / an opponent confront(s) a Problem" anywhere, the
    Problem's own "When you confront this Problem", a card of the turn player's at that Problem."""
    if not self.may_fire(st, "confront_step"):
        return False
    if st.get("twn"):
        return True  # (abilities lent by Teamwork: not worth reading here)
    cards = st["cards"]
    for cid in self.in_play_with(st, self.trig_keys):
        c = cards[cid]
        for ab in self.abilities(st, cid):
            on = ab.get("on") if ab["kind"] == "trigger" else None
            if on in ("you_confront", "opp_confronts") and (on == "you_confront") == (c["c"] == tp):
                return True
            if on in ("confront", "confront_this", "confront_this_any", "confronted") and c["a"] in can:
                return True
    return False


def _confront_trials(self, st, ev, tp, can, rest) -> set:
    """The areas of ``rest`` confrontable after confronting each Problem of ``can`` alone, or all of
    them in order (each only while it can still be confronted: "Players can't confront more than one
    Problem per turn"), on a copy of the state with a quiet log (nothing of the trial is shown)."""
    trials = [[a] for a in can] + ([list(can)] if len(can) > 1 else [])
    out: set = set()
    for areas in trials:
        trial = copy_state(st)
        quiet = type(ev)(quiet=True)
        for a in areas:
            if _confrontable(self, trial, tp, [a]):
                _confront(self, trial, quiet, tp, a)
        out.update(_confrontable(self, trial, tp, [a for a in rest if a not in out]))
        if len(out) == len(rest):
            break
    self.forget()  # (the play-zone index follows the state's own play zone again)
    return out


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
        # "take an extra turn after this one" (ST1): that player's turn comes next
        _begin_turn(self, st, ev, st["xt"].pop(0) if st.get("xt") else opponent(st["tp"]))
    else:
        _begin_turn(self, st, ev, st["first"])


def _decide_by_points(self, st, ev, reason, draw_ok=True):
    s0, s1 = st["pl"][0]["score"], st["pl"][1]["score"]
    if s0 == s1:
        self.end(st, ev, None, reason + ": equal points, draw")
    else:
        self.end(st, ev, 0 if s0 > s1 else 1, reason)


def _begin_turn(self, st, ev, tp):
    if not st["pl"][tp]["turns"] and _ask_skip_first_turn(self, st, tp):
        return  # "You may skip your first turn" is decided first (``_step_turn_skip`` goes on)
    st["turn"] += 1
    st["tp"] = tp
    pl = st["pl"][tp]
    pl["turns"] += 1
    pl["scored_turn"] = 0
    st["pl"][opponent(tp)]["scored_turn"] = 0
    self.log(ev, "turn", lambda: f"Turn {st['turn']}: {pl['name']}", turn=st["turn"], player=tp)
    self.start_turn(st, ev)


def _ask_skip_first_turn(self, st, tp) -> bool:
    """"You may skip your first turn. If you do, ..." (a static ability of a card the player controls as their first
    turn would begin, QC11 / NM11): its may decision (with what "If you do" gives) waits as a triggered effect of that
    card; the ``turn_skip`` step then skips the turn or begins it.  Asked once (``pl["skq"]``)."""
    pl = st["pl"][tp]
    if pl.get("skq") or "skip_first_turn" not in self.ops_in_play(st):
        return False
    pl["skq"] = True
    srcs = [(o, ab) for o, ab in self.statics(st, "skip_first_turn") if st["cards"][o]["c"] == tp]
    if not srcs:
        return False
    o, ab = srcs[0]
    self.queue_trigger(st, o, tp, [{"op": "may", "effects": [{"op": "skip_turn"}, *ab["then"]]}], ab.get("text", ""))
    st["skq"] = tp
    st["step"] = "turn_skip"
    return True


def _step_turn_skip(self, st, ev, _fo, _s, _tp) -> None:
    """The first turn of ``st["skq"]`` after its "You may skip your first turn" decision: skipped (it counts as
    that player's first turn, so the next one is their second: 605.1a does not apply to it), or begun."""
    tp = st.pop("skq")
    if st.pop("skip", None) == tp:
        st["pl"][tp]["turns"] += 1
        st["tp"] = tp
        self.log(ev, "turn", lambda: f"{self.pname(st, tp)} skips their first turn")
        self.next_turn(st, ev)
    else:
        _begin_turn(self, st, ev, tp)


STEPS["turn_skip"] = _step_turn_skip


def start_turn(self, st, ev) -> None:
    tp = st["tp"]
    self.expire(st, f"start{tp}")  # "until the start of your next turn" modifiers end as the turn starts
    pl = st["pl"][tp]
    if pl["disc_next"]:  # "That opponent pays +[3] to play Events until the start of their next turn"
        pl["disc_next"] = [d for d in pl["disc_next"] if d.get("u") != "own_next_turn"]
    nr = "no_ready" in self.ops_in_play(st)  # "Friends here with 2 or less power can't ready."
    readying = []
    for cid in st["play"]:  # 603.1
        c = st["cards"][cid]
        if c["c"] == tp and c.get("nr"):
            del c["nr"]  # "do not ready during their controller's next Ready Phase"
            continue
        if c.get("nrw") and no_ready_while(st, c):
            continue  # "While this card remains in play, that character does not ready during the Ready Phase"
        if c["c"] == tp and c.get("ex") and not (nr and self.prevented(st, cid, "no_ready", phase="ready")):
            readying.append(cid)
    chars = [cid for cid in readying if self.is_char(st, cid)]
    if len(chars) > 1 and any(st["cards"][o]["c"] != tp for o, _ab in self.statics(st, "opp_ready_one")):
        # "Opponents can't ready more than one character during their Ready Step": the player chooses which one
        readying = [cid for cid in readying if cid not in chars]
        st["rq"].append({"p": tp, "src": None, "eff": [{"op": "ready_one_of", "cards": chars}], "i": 0, "ch": None,
                         "lbl": "Ready Step (603.1)", "after": None})
    for cid in readying:
        c = st["cards"][cid]
        if "replace" in self.ops_in_play(st) and self.queue_replacement(st, cid, ("ready",), (), {}):
            continue  # "If this card would ready, you may pay 1AT ... remains exhausted instead" (710): asked first
        c["ex"] = False
        c.pop("ntw", None)  # "loses Teamwork until it is readied"
        if st.get("labm"):
            self.end_while_exhausted(st, cid)
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
        self.rx_note(st, "phase", ph="ready", tp=tp)  # reacted to in the window at the start of the Draw Step (601.2a)
        self.rx_note(st, "gain", by=tp, n=n)
    st["step"] = "w_draw"  # 601.2a the first window of the Ready Phase: after the Action Step


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
        opts = _retirable(self, st, tp, friends) if "no_token_retire" in ops else friends
        if opts:  # (none: the player can't retire any of them, 104.2, and the excess stays)
            ask(self, st, tp, "retire_home", opts, "616.3")
            return
    self.expire(st, "turn")  # 616.4
    for p in range(2):
        st["pl"][p]["disc_next"] = [d for d in st["pl"][p]["disc_next"] if d.get("u") != "turn"]
    self.next_turn(st, ev)


def _retirable(self, st, tp, friends) -> list:
    """"While an opponent controls a non-token Friend, that player can't retire token Friends for being in excess of
    their home limit" (104.2): the Friends at home player ``tp`` may retire (616.3)."""
    cards = st["cards"]
    if not any(cards[o]["c"] != tp for o, _ab in self.statics(st, "no_token_retire")) or not any(
            cards[o]["c"] == tp and not cards[o].get("t") and self.ctype(st, o) == FRIEND for o in st["play"]):
        return friends
    return [cid for cid in friends if not cards[cid].get("t")]


def _no_home_limit(self, st, cid):
    if self.exempt_home_limit(st, cid):
        return True
    if st["cards"][cid]["k"] not in self.static_keys and not st.get("twn"):
        return False
    return any(ab["kind"] == "static" and ab.get("op") == "no_home_limit" for ab in self.abilities(st, cid))
