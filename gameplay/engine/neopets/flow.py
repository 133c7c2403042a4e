"""Setup (1.2), the turn (7.1-7.6), phase-based priority and the Queue (8.1, 3.2, 3.7, 3.8), rounds and
the end of the game (7.7-7.10).  The dice battle is battle.py; playing cards and legal actions play.py.

``advance`` runs every automatic step until a player must decide (a pending decision, or priority
with something other than passing to do: a player whose only legal action is to pass passes
automatically).  ``st["stage"]`` names the next automatic step of the turn.
"""
from __future__ import annotations

from typing import Any

from .. import rng as _rng
from ..api import Action, IllegalActionError
from . import battle, play
from . import rules as R
from .effects import OPS, Ctx, Wait
from .events import Ev
from .priority import ask, frame, new_entry, open_window


# ============================================================================ setup (1.2)
TURN_CAP = 300
INVENTORY_START = 5  # 1.2d


def new_state(g, decks: list[dict], seed: int, names: tuple[str, str], stacked: bool, first_player: int | None) -> dict:
    st: dict[str, Any] = {
        "v": 1, "game": "neopets", "seed": seed, "rng": seed & _rng.MASK, "nid": 0, "stacked": stacked, "dice": [],
        "turn_cap": g.turn_cap, "turn": 0, "active": 0, "first": 0, "round": 1, "phase": "setup", "stage": "setup",
        "seq": 0, "cards": {}, "players": [], "queue": [], "frames": [], "waiting": [], "priority": None, "pending": None,
        "battle": None, "mods": [], "delayed": [], "ko": None, "outcome": None, "time_called": None, "setup": {},
        "seen": [],
    }
    for p in range(2):
        st["players"].append({
            "name": names[p], "rounds_won": 0, "neopet_deck": [], "rainbow_pool": [], "main_deck": [], "inventory": [],
            "discard": [], "void": [], "play_area": [], "stolen": [], "round_results": [], "codestones": [],
            "equipment": [], "planned": [], "neopet": None, "champion": None, "damage": 0,
            "status": {"frozen": False, "shadows": False, "double_damage": None}, "mulliganed": None,
            "played_card": False, "attached": False, "pledged": False, "turns": 0,
        })
    for p in range(2):
        spec = decks[p]
        main = [g.db.key(k) for k in spec.get("main", [])]
        if not stacked:  # 1.2a: each player shuffles their Main Deck
            st["rng"] = _rng.shuffle(st["rng"], main)
        for zone, keys in (("neopet_deck", spec.get("neopets", [])), ("rainbow_pool", spec.get("rainbow", [])),
                           ("main_deck", main)):
            for k in keys:
                R.new_card(st, g.db.key(k), p, zone)
    if first_player is None:  # 1.2c: randomly determine the starting player
        st["rng"], starter = _rng.randbelow(st["rng"], 2)
    else:
        starter = first_player
    st["setup"] = {"starter": starter}
    ask(st, starter, "go_first", ["first", "defer"], "1.2c")
    return st


def decide_setup(g, st: dict, ev: Ev, pend: dict, option: Any) -> None:
    p = pend["player"]
    kind = pend["kind"]
    if kind == "go_first":
        first = p if option == "first" else R.opp(p)
        st["first"] = st["active"] = first
        ev.add("first", f"{R.pname(st, first)} takes the first turn" + (" (deferred, 1.2c)" if option == "defer" else ""),
               player=first)
        for q in (first, R.opp(first)):
            R.draw(g, st, ev, q, INVENTORY_START)  # 1.2d
        ask(st, first, "mulligan", ["keep", "mulligan"], "1.2d.1")
    elif kind == "mulligan":
        pl = st["players"][p]
        pl["mulliganed"] = option == "mulligan"
        if option == "mulligan":  # 1.2d.1: shuffle the Inventory into the Main Deck, draw another 5
            for cid in list(pl["inventory"]):
                R.put(st, cid, "main_deck", p)
            R.shuffle_deck(st, p)
            ev.add("mulligan", f"{R.pname(st, p)} mulligans", player=p)
            R.draw(g, st, ev, p, INVENTORY_START)
        other = R.opp(p)
        if st["players"][other]["mulliganed"] is None:
            ask(st, other, "mulligan", ["keep", "mulligan"], "1.2d.1")
        else:
            ask_neopet(g, st, st["first"], "starting_neopet", "1.2e")
    elif kind in ("starting_neopet", "new_neopet"):
        choose_neopet(g, st, ev, p, option, face_up=kind == "new_neopet")


def ask_neopet(g, st: dict, p: int, kind: str, rule: str) -> None:
    opts = [c for c in st["players"][p]["neopet_deck"] if R.cdef(g, st, c).basic]
    if not opts:  # no Neopet left to play a round with: that player can't go on
        end_game(g, st, Ev(True), R.opp(p), f"{R.pname(st, p)} has no Neopet left (2.2a)")
        return
    ask(st, p, kind, opts, rule)


def choose_neopet(g, st: dict, ev: Ev, p: int, cid: str, *, face_up: bool) -> None:
    R.put(st, cid, "neopet", p, fu=face_up)
    if not face_up:  # 1.2e: face-down until both are chosen
        ev.add("neopet_chosen", f"{R.pname(st, p)} places a Neopet face-down", player=p)
        ev.add("neopet_chosen_you", f"You choose {R.name(g, st, cid)}", to=p, card=cid)
        other = R.opp(p)
        if st["players"][other]["neopet"] is None:
            ask_neopet(g, st, other, "starting_neopet", "1.2e")
            return
        for q in (0, 1):  # 1.2e.1: flipped face-up together
            st["cards"][st["players"][q]["neopet"]]["fu"] = True
            ev.add("reveal", f"{R.pname(st, q)} reveals {R.name(g, st, st['players'][q]['neopet'])}", player=q,
                   card=st["players"][q]["neopet"])
        st["stage"] = "turn_start"
        return
    ev.add("new_neopet", f"{R.pname(st, p)} chooses {R.name(g, st, cid)} (7.10a)", player=p, card=cid)
    winner = st["setup"]["round_winner"]
    if p == winner:
        ask_neopet(g, st, R.opp(winner), "new_neopet", "7.10a.2")
    else:
        st["active"] = p  # 7.10a.3: the player whose Neopet was knocked out is the Active Player
        st["stage"] = "turn_start"


# ============================================================================ the machine
def advance(g, st: dict, ev: Ev) -> None:
    changed = True  # (a Neopet's Hit Points can only drop when something other than a pass happened)
    for _ in range(200000):
        if st["outcome"] or st["pending"]:
            return
        if st["ko"] is not None:
            end_round(g, st, ev, st["ko"])
            continue
        if st["frames"]:
            run_frame(g, st, ev)
            changed = True
            continue
        if st["waiting"]:
            queue_waiting(g, st, ev)
            continue
        if changed:
            R.knockout_check(g, st, ev)
            R.excess_equipment(g, st, ev)
            changed = False
            if st["ko"] is not None:
                continue
        if st["queue"] and st["queue"][-1]["kind"] == "place":
            place_card(g, st, ev, st["queue"].pop()["card"])
            changed = True
            continue
        pr = st["priority"]
        if pr:
            if play.has_choice(g, st, pr["player"]):
                return
            pass_priority(g, st, ev)
            continue
        STAGES[st["stage"]](g, st, ev)
        changed = True
    raise RuntimeError("the game did not settle (engine loop)")


def pass_priority(g, st: dict, ev: Ev) -> None:
    pr = st["priority"]
    pr["passes"] += 1
    if pr["passes"] < 2:
        pr["player"] = R.opp(pr["player"])
        return
    if st["queue"]:  # 3.7a: both passed in succession: the newest entry resolves
        resolve_top(g, st, ev)
        pr["player"], pr["passes"] = st["active"], 0  # 3.8b
        return
    st["priority"] = None  # the phase / step ends (7.2g.1, 7.3g.1, 7.4f.1)
    st["stage"] = pr["then"]


# ============================================================================ stages of a turn (7.1-7.6)
def _turn_start(g, st: dict, ev: Ev) -> None:
    """7.1: effects lasting until the start of this player's turn end (7.1a); start triggers (7.1b)."""
    a = st["active"]
    if st["turn"] >= st["turn_cap"]:
        end_by_rounds(g, st, ev, f"turn cap ({st['turn_cap']} turns)")
        return
    st["turn"] += 1
    st["phase"] = "beginning"
    pl = st["players"][a]
    pl["turns"] += 1
    pl["played_card"] = pl["attached"] = False
    st["mods"] = [m for m in st["mods"] if not (m["until"] == "next_turn" and m["by"] == a)]
    if pl["status"]["shadows"]:  # Glossary Enter the Shadows: ends now; double damage this turn
        pl["status"]["shadows"] = False
        pl["status"]["double_damage"] = st["turn"]
    ev.add("turn", f"Turn {st['turn']}: {R.pname(st, a)} (round {st['round']})", player=a, turn=st["turn"])
    release_delayed(g, st, "next_turn_start", lambda d: d["controller"] == a and d["turn"] < st["turn"])
    R.fire(g, st, "turn_start", a)
    st["stage"] = "beginning_window"


def _beginning_window(g, st: dict, ev: Ev) -> None:
    open_window(st, "draw_start", only_if_queue=True)  # 7.1b.2; 7.2a: no phase-based priority yet


def _draw_start(g, st: dict, ev: Ev) -> None:
    st["phase"] = "draw"
    a = st["active"]
    if not st["players"][a]["main_deck"]:  # 9.2b: Exhausted
        ev.add("exhausted", f"{R.pname(st, a)} is Exhausted (9.2b)", player=a)
        R.deal_damage(g, st, ev, a, 1, source="exhaustion")
    R.phase_start(g, st, "draw")
    st["stage"] = "draw_triggers"


def _draw_triggers(g, st: dict, ev: Ev) -> None:
    open_window(st, "draw_card", only_if_queue=True)  # 7.2c


def _draw_card(g, st: dict, ev: Ev) -> None:
    R.draw(g, st, ev, st["active"], 1)  # 7.2e.2: the mandatory draw
    open_window(st, "train_start")  # 7.2g.1 (7.2d's window before the draw is this one: 7.2f.1)


def _train_start(g, st: dict, ev: Ev) -> None:
    R.phase_start(g, st, "train")  # 7.3
    st["stage"] = "train_window"


def _train_window(g, st: dict, ev: Ev) -> None:
    open_window(st, "preparation_start")  # 7.3g


def _preparation_start(g, st: dict, ev: Ev) -> None:
    R.phase_start(g, st, "preparation")  # 7.4
    st["stage"] = "preparation_window"


def _preparation_window(g, st: dict, ev: Ev) -> None:
    open_window(st, "battle_start")  # 7.4f


def _end_start(g, st: dict, ev: Ev) -> None:
    st["phase"] = "end"
    R.fire(g, st, "end_of_turn", st["active"])  # 7.6a
    release_delayed(g, st, "end_of_turn", lambda d: d["turn"] <= st["turn"])
    st["stage"] = "end_window"


def _end_window(g, st: dict, ev: Ev) -> None:
    open_window(st, "turn_end")


def _turn_end(g, st: dict, ev: Ev) -> None:
    """7.6b: "until End of Turn" effects cease; the other player's turn begins."""
    st["mods"] = [m for m in st["mods"] if m["until"] != "turn"]
    st["battle"] = None
    a = st["active"]
    for cid in [c for c in st["players"][a]["planned"] if st["cards"][c]["planned"] < st["turn"]]:
        R.put(st, cid, "discard", st["cards"][cid]["o"])  # Glossary Planned: not played in time
        ev.add("planned_lost", f"{R.pname(st, a)}'s Planned {R.name(g, st, cid)} goes to the Discard (10 Planned)",
               player=a, card=cid)
    st["seen"] = []  # 9.10c: a revealed card is not public information after
    st["active"] = R.opp(a)
    st["stage"] = "turn_start"


def _new_round(g, st: dict, ev: Ev) -> None:
    ask_neopet(g, st, st["setup"]["round_winner"], "new_neopet", "7.10a.1")


STAGES = {
    "turn_start": _turn_start, "beginning_window": _beginning_window, "draw_start": _draw_start,
    "draw_triggers": _draw_triggers, "draw_card": _draw_card, "train_start": _train_start, "train_window": _train_window,
    "preparation_start": _preparation_start, "preparation_window": _preparation_window, "end_start": _end_start,
    "end_window": _end_window, "turn_end": _turn_end, "new_round": _new_round, **battle.STAGES,
}


# ============================================================================ rounds and the game (7.7-7.10)
def end_round(g, st: dict, ev: Ev, loser: int) -> None:
    """7.7: the knocked-out player loses the round; the Queue is emptied (7.7a.3)."""
    st["ko"] = None
    winner = R.opp(loser)
    st["players"][winner]["rounds_won"] += 1
    ev.add("round_won", f"{R.pname(st, winner)} wins round {st['round']} "
           f"({st['players'][0]['rounds_won']}-{st['players'][1]['rounds_won']})", player=winner, round=st["round"])
    clear_queue(g, st)
    if st["players"][winner]["rounds_won"] >= 2:  # 1.3a, 1.4a
        end_game(g, st, ev, winner, f"{R.pname(st, winner)} wins two rounds (1.3a)")
        return
    if st["time_called"]:
        end_by_rounds(g, st, ev, "time was called: the round is finished (house rule)")
        return
    cleanup(g, st, ev, winner)
    st["round"] += 1
    st["setup"]["round_winner"] = winner
    st["stage"] = "new_round"


def clear_queue(g, st: dict) -> None:
    """7.7a.3: everything in the Queue is removed without resolving (cards to their owner's Discard)."""
    for fr in st["frames"]:
        cid = fr.get("card") or (fr["entry"].get("card") if fr["kind"] == "cost" else None)
        if cid and st["cards"][cid]["z"] in ("resolving", "queue"):
            R.put(st, cid, "discard", st["cards"][cid]["o"])
    for e in list(st["queue"]):
        if e.get("card"):
            R.put(st, e["card"], "discard", st["cards"][e["card"]]["o"])
    st["queue"], st["frames"], st["waiting"] = [], [], []
    st["priority"] = st["pending"] = st["battle"] = None


def cleanup(g, st: dict, ev: Ev, winner: int) -> None:
    """7.8: Neopets to the Round Results (winner face-up, 7.8b); Codestones, Equipment, petpets to the
    Discard and Champions to the Void (7.8b.1); Locations, Map Pieces and Factions stay (7.8b.2);
    stolen cards are shuffled into their owners' Main Decks (8.10c.4)."""
    for p in (winner, R.opp(winner)):
        pl = st["players"][p]
        R.put(st, pl["neopet"], "round_results", p, fu=p == winner)
        for cid in list(pl["codestones"]) + list(pl["equipment"]) + list(pl["planned"]):  # (Planned: 6.6d)
            R.put(st, cid, "discard", st["cards"][cid]["o"])
        if pl["champion"] is not None:
            R.to_void(g, st, pl["champion"], ev)
        for cid in list(pl["play_area"]):
            if R.cdef(g, st, cid).type not in ("Location", "Map Piece", "Faction"):
                R.put(st, cid, "discard", st["cards"][cid]["o"])  # 6.10c
        owners = set()
        for cid in list(pl["stolen"]):
            o = st["cards"][cid]["o"]
            R.put(st, cid, "main_deck", o)
            owners.add(o)
        for o in sorted(owners):
            R.shuffle_deck(st, o)
        pl["damage"] = 0
        pl["status"] = {"frozen": False, "shadows": False, "double_damage": None}
    st["mods"], st["seen"] = [], []
    ev.add("cleanup", "End of Round Cleanup (7.8)")
    # 7.9: "End of Round" delayed triggers resolve now, without the Queue; the round's winner's first
    for p in (winner, R.opp(winner)):
        for d in [d for d in st["delayed"] if d["when"] == "end_of_round" and d["controller"] == p]:
            st["delayed"].remove(d)
            st["frames"].append(frame(d["controller"], d["source"], d["effects"], {"label": d["label"]}))


def end_game(g, st: dict, ev: Ev, winner: int | None, reason: str) -> None:
    st["outcome"] = {"winner": winner, "reason": reason, "draw": winner is None}
    st["phase"] = "over"
    st["priority"] = st["pending"] = None
    ev.add("game_over", reason, winner=winner)


def end_by_rounds(g, st: dict, ev: Ev, reason: str) -> None:
    """House rule (time called, turn cap): more rounds won wins; equal is a draw."""
    w = [pl["rounds_won"] for pl in st["players"]]
    winner = None if w[0] == w[1] else (0 if w[0] > w[1] else 1)
    end_game(g, st, ev, winner, f"{reason}; rounds {w[0]}-{w[1]}" + ("" if winner is not None else ": a draw"))


# ============================================================================ the Queue (3.2, 3.7)
def ability_of(g, st: dict, entry: dict) -> dict | None:
    if entry.get("ability") is None:
        return None
    return g.db[entry["key"]].effects[entry["ability"]]


def resolve_top(g, st: dict, ev: Ev) -> None:
    """3.7a-c: the newest entry resolves: its controller enacts its effects in order."""
    entry = st["queue"].pop()
    if entry["kind"] == "place":
        place_card(g, st, ev, entry["card"])
        return
    p = entry["controller"]
    card = entry.get("card")
    if entry["kind"] == "card":
        d = R.cdef(g, st, card)
        abilities = [a for _i, a in d.abilities("play")]
        effects = ([{"op": "paint"}] if d.type == "Paint Brush" else [])
        R.put(st, card, "resolving", p)
        cond_ok = all(R.condition(g, st, p, card, a.get("condition"), entry) for a in abilities)
        if cond_ok:
            for a in abilities:
                effects += a.get("do", [])
        else:
            ev.add("no_effect", f"{d.name}'s condition is not met: it resolves with no effect (8.6d)")
        ev.add("resolve", f"{entry['label']} resolves", entry=entry["id"])
        st["frames"].append(frame(p, card, effects, entry, card=card, qlen=len(st["queue"])))
        return
    a = ability_of(g, st, entry) if entry["kind"] != "delayed" else None
    effects = entry.get("effects") or (a.get("do", []) if a else [])
    if a is not None and not R.condition(g, st, p, entry.get("source"), a.get("condition"), entry):
        ev.add("no_effect", f"{entry['label']}: the condition is not met (8.6d)")
        effects = []
    ev.add("resolve", f"{entry['label']} resolves", entry=entry["id"])
    st["frames"].append(frame(p, entry.get("source"), effects, entry, qlen=len(st["queue"])))


def run_frame(g, st: dict, ev: Ev) -> None:
    fr = st["frames"][-1]
    while fr["i"] < len(fr["effects"]):
        eff = fr["effects"][fr["i"]]
        handler = play.COST_STEPS[eff["op"]] if fr["kind"] == "cost" else OPS[eff["op"]]
        try:
            handler(Ctx(g, st, ev, fr), eff)
        except Wait:
            return
        fr["i"] += 1
        fr["answers"] = []
        if st["ko"] is not None or not st["frames"] or st["frames"][-1] is not fr:
            return  # knocked out (7.7a.3), or a nested frame (a card played by this effect) runs first
    st["frames"].pop()
    if fr["kind"] == "cost":
        play.finish_cost(g, st, ev, fr)
    elif fr.get("card"):
        finish_card(g, st, ev, fr)


def finish_card(g, st: dict, ev: Ev, fr: dict) -> None:
    """3.7d; 9.1a.1: cards played by this card's effect resolve before it is put away."""
    cid = fr["card"]
    if st["cards"][cid]["z"] != "resolving":
        return  # (negated or moved while resolving)
    if len(st["queue"]) > fr["qlen"]:
        R.put(st, cid, "queue", fr["controller"])
        st["queue"].insert(fr["qlen"], {"id": f"q{st['nid']}", "kind": "place", "card": cid, "controller": fr["controller"],
                                        "source": cid, "label": f"{R.name(g, st, cid)} (resolved)"})
        st["nid"] += 1
        return
    place_card(g, st, ev, cid)


def place_card(g, st: dict, ev: Ev, cid: str) -> None:
    """3.7d.1-2: where a resolved card goes."""
    d = R.cdef(g, st, cid)
    p = st["cards"][cid]["p"]
    pl = st["players"][p]
    kept = st["cards"][cid].get("counters")  # (stored as it resolved: Glossary Store)
    kept_named = st["cards"][cid].get("nc")
    if d.is_champion:  # 5.5d
        if pl["champion"] is not None:
            R.to_void(g, st, pl["champion"], ev)  # 5.5f
        R.put(st, cid, "champion", p)
    elif d.type in ("Equipment", "Petpet"):  # 5.8d, 5.9c.2
        if len(pl["equipment"]) >= R.equipment_slots(g, st, p):  # (9.9a: extra slots)
            R.to_discard(g, st, pl["equipment"][0])  # 5.8e (played by an effect past the limit: the oldest)
        R.put(st, cid, "equipment", p)
    elif d.type in ("Location", "Map Piece"):  # 5.12d
        R.put(st, cid, "play_area", p)
    elif d.type == "Food":  # 5.11d.1
        R.put(st, cid, "void", st["cards"][cid]["o"])
    else:  # Legend, Potion, Paint Brush (3.7d.2, 5.6c.2, 5.7d, 5.10d)
        R.put(st, cid, "discard", st["cards"][cid]["o"])
    if kept and st["cards"][cid]["z"] in R.IN_PLAY:
        st["cards"][cid]["counters"] = kept
    if kept_named and st["cards"][cid]["z"] in R.IN_PLAY:
        st["cards"][cid]["nc"] = kept_named
    ev.add("placed", f"{d.name} goes to {st['cards'][cid]['z'].replace('_', ' ')}", card=cid)


def queue_waiting(g, st: dict, ev: Ev) -> None:
    """9.6a: the Active Player puts their triggered abilities into the Queue first (in the order
    they choose), then the non-active player."""
    for p in (st["active"], R.opp(st["active"])):
        mine = [w for w in st["waiting"] if w["controller"] == p]
        if not mine:
            continue
        if len({w["source"] for w in mine}) > 1 and len(mine) > 1:
            ask(st, p, "trigger_order", [w["id"] for w in mine], "9.6a",
                labels={w["id"]: w["label"] for w in mine})
            return
        for w in mine:
            enqueue_trigger(g, st, ev, w)
        return


def enqueue_trigger(g, st: dict, ev: Ev, w: dict) -> None:
    st["waiting"].remove(w)
    key = st["cards"][w["source"]]["k"]
    entry = new_entry(st, w["controller"], "trigger", w["source"], w["label"], key=key, ability=w["ability"])
    st["queue"].append(entry)
    ev.add("trigger", f"{w['label']} goes into the Queue (8.5)", entry=entry["id"])


def release_delayed(g, st: dict, when: str, due) -> None:
    """8.8c: a delayed trigger's event goes into the Queue (standard priority)."""
    for d in [d for d in st["delayed"] if d["when"] == when and due(d)]:
        st["delayed"].remove(d)
        st["queue"].append(new_entry(st, d["controller"], "delayed", d["source"], d["label"], effects=d["effects"]))


# ============================================================================ a player's action or decision
def apply_priority_action(g, st: dict, ev: Ev, action: Action) -> None:
    p = action.player
    pr = st["priority"]
    if not pr or pr["player"] != p:
        raise IllegalActionError("that player does not have priority", "3.8c")
    k = action.kind
    if k == "pass":
        pass_priority(g, st, ev)
        return
    legal = play.priority_actions(g, st, p)
    if action not in legal:
        raise IllegalActionError(*play.why_illegal(g, st, action))
    if k == "play":
        play.play_card(g, st, ev, p, action.get("card"), replace=action.get("replace"), pledge=action.get("pledge"))
    elif k == "attach":
        play.attach(g, st, ev, p, action.get("card"))
    elif k == "collect":
        play.collect(g, st, ev, p, action.get("card"))
    elif k == "activate":
        play.activate(g, st, ev, p, action.get("card"), action.get("ability"))
    elif k == "petpet":
        play.petpet_boost(g, st, ev, p, action.get("stat"))
    pr["player"], pr["passes"] = p, 0  # 3.8d.1: acting keeps priority


def decide(g, st: dict, ev: Ev, action: Action) -> None:
    pend = st["pending"]
    if action.kind != "choose" or action.player != pend["player"]:
        raise IllegalActionError(f"{R.pname(st, pend['player'])} must first decide: {pend['kind']}", pend.get("rule", ""))
    option = action.get("option")
    if option not in pend["options"]:
        raise IllegalActionError(f"{option!r} is not one of the options of {pend['kind']}", pend.get("rule", ""))
    kind = pend["kind"]
    if pend.get("in_effect"):
        st["pending"] = None
        st["frames"][-1]["answers"].append(option)
    elif kind == "agility_reroll":
        ag = st["battle"]["agility"]
        if option == "done":
            battle.finish_agility(st, ev)
        else:
            ag["picked"].append(option)
            st["pending"] = None
            battle.ask_agility(st, ev)
    elif kind == "trigger_order":
        st["pending"] = None
        enqueue_trigger(g, st, ev, next(w for w in st["waiting"] if w["id"] == option))
    else:
        st["pending"] = None
        decide_setup(g, st, ev, pend, option)
