"""Decisions and priority windows (510): asking a player (a pending decision), opening and closing
windows, passing priority, and why an action is illegal.  Functions of ``rules.Rules`` (bound there)."""
from __future__ import annotations

from ...api import IllegalActionError, JUDGE, thaw
from ..constants import opponent
from ..reactions import rx_clear


def illegal_reason(self, st, action, legal) -> tuple[str, str]:
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


def manual_effect(self, st, ev, action):
    """manual_effect: a player (or judge) applies a typed effect of a card text the engine does not
    automate.  Logged for both players and judges."""
    p = action.player
    eff = thaw(action.get("effect"))
    if not isinstance(eff, dict) or "op" not in eff:
        raise IllegalActionError("manual_effect needs an effect {op: ...} from the vocabulary")
    if eff["op"] not in self.effects:  # every op the interpreter registers (effects.interpreter.EFFECTS)
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


def open_window(self, st, name) -> None:
    st["prio"] = {"w": name, "p": st["tp"], "n": 0}  # 510.2: the turn player gets priority


def open_phase_window(st, phase: str, end: bool = False) -> None:
    """601.2: a priority window at a phase or step boundary, the turn player first (510.2); ``phase``
    names the Phase it belongs to (512.3 "[x] Phase:" timing), ``end`` marks an end-of-Phase window
    (601.2c: no new windows for Phase actions of that Phase after it)."""
    st["prio"] = {"w": "phase", "p": st["tp"], "n": 0, "ph": phase, "end": end}


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

#: 601.2 "At the start and end of each Phase and Step a priority window opens": the window steps of a
#: turn, window step -> (the step after it, its Phase, an end-of-Phase window, the boundary and rule).
#: Where one step ends and the next starts with nothing happening in between, that moment is one
#: window (two windows in a row with no game event between them offer nothing one window does not:
#: taking an action opens a new window anyway, 510.3).  No window in the Ready Phase before the Draw
#: Step (601.2a) or in the Wrap Up Step (601.2b, 616.1).  The window after each confront step is
#: opened by ``flow.turn._confront_next`` (611, 610.1).
BOUNDARY_WINDOWS = {
    "w_draw": ("draw", "ready", False, "601.2a: after the Action Step, the start of the Draw Step (605)"),
    "w_ready": ("tp_start", "ready", True, "601.2: the end of the Draw Step and of the Ready Phase"),
    "w_tp": ("tm_uncover", "tp", False, "601.2: the start of the Troublemaker Phase (606) and Uncover Step (607)"),
    "w_uncovered": ("tm_challenge", "tp", False, "601.2: the end of the Uncover Step, start of the Challenge Step (608)"),
    "w_tp_end": ("main_start", "tp", True, "601.2: the end of the Challenge Step and of the Troublemaker Phase"),
    "w_main_end": ("main_over", "main", True, "601.2, 601.2c: the end of the Main Phase (609)"),
    "w_score": ("score_go", "score", False, "601.2: the start of the Score Phase (610) and its first Confront Step (611)"),
    "w_solve": ("solve", "score", False, "601.2: the end of the Faceoff Step (612), start of the Solve Step (613)"),
    "w_score_end": ("end", "score", True, "601.2: the end of the Solve Step and of the Score Phase"),
    "w_end": ("wrap", "end", False, "601.2, 615.1: the End Phase (614) and its End of Turn Step"),
}


def window_closed(self, st, ev, w) -> None:
    if w == "phase":
        bw = BOUNDARY_WINDOWS.get(st["step"])
        if bw is not None:
            st["step"] = bw[0]  # the game moves forward (510.3)
        return
    if w == "rx":
        return
    if w == "main":
        self.fire_all(st, ev, "main_end", players=(st["tp"],))  # "At the end of your Main Phase"
        st["step"] = "w_main_end"  # 601.2 (the phase's modifiers end after that window: main_over)
    elif w == "fo":
        fo = st["fo"]
        fo["stage"] = {"w_start": "flip", "w_flip": "compare", "w_end": "end"}[fo["stage"]]
