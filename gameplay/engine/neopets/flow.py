"""Setup (1.2), the turn (7.1-7.6), phase-based priority and the Queue (8.1, 3.2, 3.7, 3.8), the dice
battle (7.5) and rounds (7.7-7.10).

``advance`` runs every automatic step until a player must decide (a pending decision, or priority
with something other than passing to do: a player whose only legal action is to pass passes
automatically).  ``st["stage"]`` names the next automatic step of the turn.
"""
from __future__ import annotations

from typing import Any

from .. import rng as _rng
from ..api import Action, IllegalActionError, new_action
from . import rules as R
from .carddb import PREPARATION_TYPES
from .effects import OPS, Ctx, Wait

TURN_CAP = 300
INVENTORY_START = 5  # 1.2d
PLAY_FROM = ("inventory", "stolen")  # 8.10c.3: stolen cards are played as if in your Inventory


class Ev:
    """The events of one ``apply``: {"type", "msg", optional "to": player (private), "judge": True}."""

    __slots__ = ("items", "quiet")

    def __init__(self, quiet: bool = False) -> None:
        self.items: list[dict[str, Any]] = []
        self.quiet = quiet

    def add(self, type_: str, msg: str, **data: Any) -> None:
        if self.quiet and type_ not in ("game_over", "round_won"):
            return
        data["type"] = type_
        data["msg"] = msg
        self.items.append(data)


# ============================================================================ setup (1.2)
def new_state(g, decks: list[dict], seed: int, names: tuple[str, str], stacked: bool, first_player: int | None) -> dict:
    st: dict[str, Any] = {
        "v": 1, "game": "neopets", "seed": seed, "rng": seed & _rng.MASK, "nid": 0, "stacked": stacked, "dice": [],
        "turn_cap": g.turn_cap, "turn": 0, "active": 0, "first": 0, "round": 1, "phase": "setup", "stage": "setup",
        "seq": 0, "cards": {}, "players": [], "queue": [], "frames": [], "waiting": [], "priority": None, "pending": None,
        "battle": None, "mods": [], "delayed": [], "ko": None, "outcome": None, "time_called": None, "setup": {},
    }
    for p in range(2):
        st["players"].append({
            "name": names[p], "rounds_won": 0, "neopet_deck": [], "rainbow_pool": [], "main_deck": [], "inventory": [],
            "discard": [], "void": [], "play_area": [], "stolen": [], "round_results": [], "codestones": [],
            "equipment": [], "neopet": None, "champion": None, "damage": 0,
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


def ask(st: dict, p: int, kind: str, options: list, rule: str, **extra: Any) -> None:
    st["pending"] = {"kind": kind, "player": p, "options": options, "rule": rule, **extra}


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
            R.knockout_check(g, st)
            changed = False
            if st["ko"] is not None:
                continue
        if st["queue"] and st["queue"][-1]["kind"] == "place":
            place_card(g, st, ev, st["queue"].pop()["card"])
            changed = True
            continue
        pr = st["priority"]
        if pr:
            if has_choice(g, st, pr["player"]):
                return
            pass_priority(g, st, ev)
            continue
        STAGES[st["stage"]](g, st, ev)
        changed = True
    raise RuntimeError("the game did not settle (engine loop)")


def open_window(st: dict, then: str, first: int | None = None, *, only_if_queue: bool = False) -> None:
    """8.1a: priority passes in every phase as it attempts to end; the Active Player first (3.8d)."""
    if only_if_queue and not st["queue"]:
        st["stage"] = then
        return
    st["priority"] = {"player": st["active"] if first is None else first, "passes": 0, "then": then}


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


# ---------------------------------------------------------------------------- stages of a turn
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
    phase_start(g, st, "draw")
    st["stage"] = "draw_triggers"


def _draw_triggers(g, st: dict, ev: Ev) -> None:
    open_window(st, "draw_card", only_if_queue=True)  # 7.2c


def _draw_card(g, st: dict, ev: Ev) -> None:
    R.draw(g, st, ev, st["active"], 1)  # 7.2e.2: the mandatory draw
    open_window(st, "train_start")  # 7.2g.1 (7.2d's window before the draw is this one: 7.2f.1)


def phase_start(g, st: dict, phase: str) -> None:
    st["phase"] = phase
    R.fire(g, st, "phase_start", st["active"], phase=phase)  # 9.5b "at the beginning of"


def _train_start(g, st: dict, ev: Ev) -> None:
    phase_start(g, st, "train")  # 7.3
    st["stage"] = "train_window"


def _train_window(g, st: dict, ev: Ev) -> None:
    open_window(st, "preparation_start")  # 7.3g


def _preparation_start(g, st: dict, ev: Ev) -> None:
    phase_start(g, st, "preparation")  # 7.4
    st["stage"] = "preparation_window"


def _preparation_window(g, st: dict, ev: Ev) -> None:
    open_window(st, "battle_start")  # 7.4f


def _battle_start(g, st: dict, ev: Ev) -> None:
    if st["turn"] == 1:  # 7.5a: the player going first skips the first Battle Phase of the game
        ev.add("skip_battle", f"{R.pname(st, st['active'])} skips the Battle Phase of the first turn (7.5a)")
        st["stage"] = "end_start"
        return
    phase_start(g, st, "battle")
    a = st["active"]
    st["battle"] = {"attacker": a, "defender": R.opp(a), "attack": [], "defence": [], "rerolled": [], "step": "start",
                    "damage": None, "attacks": True}
    st["stage"] = "battle_window"


def _battle_window(g, st: dict, ev: Ev) -> None:
    open_window(st, "attack_roll")  # 7.5b.2


def can_attack(g, st: dict) -> str | None:
    """Why the attacker does not attack this Battle Phase, or None."""
    a = st["active"]
    me, them = st["players"][a], st["players"][R.opp(a)]
    if me["status"]["frozen"]:
        me["status"]["frozen"] = False  # Glossary Freeze: only its next Battle Phase
        return "is Frozen"
    if me["status"]["shadows"] or them["status"]["shadows"]:
        return "can't attack or be attacked while in the Shadows"
    if R.cant(g, st, a, "attack"):
        return "can't attack (1.5a)"
    return None


def _attack_roll(g, st: dict, ev: Ev) -> None:
    """7.5d: dice equal to the Attack Stat, rolled; then the Active Player gains priority."""
    b = st["battle"]
    why = can_attack(g, st)
    if why:
        b["attacks"] = False
        ev.add("no_attack", f"{R.pname(st, b['attacker'])}'s Neopet {why}", player=b["attacker"])
        st["stage"] = "end_start"
        return
    b["step"] = "attack"
    b["attack"] = R.roll(st, R.stat(g, st, b["attacker"], "attack"))
    ev.add("attack_dice", f"{R.pname(st, b['attacker'])} rolls {len(b['attack'])} attack dice: {b['attack']}",
           player=b["attacker"], dice=list(b["attack"]))
    R.fire(g, st, "attack_rolled", b["attacker"])
    open_window(st, "defence_roll")  # 7.5d.4


def _defence_roll(g, st: dict, ev: Ev) -> None:
    """7.5e: the non-active player rolls dice equal to their Defence Stat and gains priority."""
    b = st["battle"]
    b["step"] = "defence"
    b["defence"] = R.roll(st, R.stat(g, st, b["defender"], "defence"))
    ev.add("defence_dice", f"{R.pname(st, b['defender'])} rolls {len(b['defence'])} defence dice: {b['defence']}",
           player=b["defender"], dice=list(b["defence"]))
    open_window(st, "agility", first=b["defender"])  # 7.5e.5


def _agility(g, st: dict, ev: Ev) -> None:
    """7.5f: the Neopet with the higher Agility may re-roll up to the difference in dice."""
    b = st["battle"]
    b["step"] = "agility"
    ag = [R.stat(g, st, p, "agility") for p in (0, 1)]
    if ag[0] == ag[1]:
        st["stage"] = "damage_step"
        return
    hi = 0 if ag[0] > ag[1] else 1
    b["agility"] = {"player": hi, "allowed": abs(ag[0] - ag[1]), "picked": []}
    ev.add("agility", f"{R.pname(st, hi)}'s Neopet is more agile ({ag[hi]} to {ag[1 - hi]}): up to "
           f"{abs(ag[0] - ag[1])} re-rolls (7.5f.4)", player=hi)
    ask_agility(st, ev)


def own_dice(st: dict, p: int) -> list[int]:
    b = st["battle"]
    return b["attack"] if p == b["attacker"] else b["defence"]


def ask_agility(st: dict, ev: Ev) -> None:
    ag = st["battle"]["agility"]
    dice = own_dice(st, ag["player"])
    opts = [i for i in range(len(dice)) if i not in ag["picked"]]  # 7.5f.7: a die only once
    if len(ag["picked"]) >= ag["allowed"] or not opts:
        finish_agility(st, ev)
        return
    ask(st, ag["player"], "agility_reroll", opts + ["done"], "7.5f.5", dice=list(dice), picked=list(ag["picked"]))


def finish_agility(st: dict, ev: Ev) -> None:
    ag = st["battle"]["agility"]
    dice = own_dice(st, ag["player"])
    if ag["picked"]:
        new = R.roll(st, len(ag["picked"]))  # 7.5f.8: rolled simultaneously
        for i, v in zip(ag["picked"], new):
            dice[i] = v
        ev.add("agility_reroll", f"{R.pname(st, ag['player'])} re-rolls {len(ag['picked'])} dice: {dice}",
               player=ag["player"], dice=list(dice))
    st["pending"] = None
    open_window(st, "damage_step", first=ag["player"])  # 7.5f.9


def battle_result(st: dict) -> dict[str, int]:
    """7.5g: 6s are criticals (never blocked, 7.5g.5); each success of defence blocks one 4-5 hit."""
    b = st["battle"]
    crits = sum(1 for v in b["attack"] if v == 6)
    hits = sum(1 for v in b["attack"] if v in (4, 5))
    blocks = sum(1 for v in b["defence"] if R.success(v))
    damage = crits + max(0, hits - blocks)
    if st["players"][b["attacker"]]["status"]["double_damage"] == st["turn"]:
        damage *= 2  # Glossary Enter the Shadows
    return {"criticals": crits, "hits": hits, "blocks": blocks, "damage": damage}


def _damage_step(g, st: dict, ev: Ev) -> None:
    b = st["battle"]
    b["step"] = "damage"
    res = battle_result(st)
    b.update(res)
    ev.add("battle_result", f"{res['criticals']} critical, {res['hits']} hits, {res['blocks']} blocks: {res['damage']} "
           "damage (7.5g)", **res)
    open_window(st, "damage_calc")  # 7.5g.8


def _damage_calc(g, st: dict, ev: Ev) -> None:
    """7.5h: the final dice deal their damage at once."""
    b = st["battle"]
    res = battle_result(st)
    b.update(res)
    R.deal_damage(g, st, ev, b["defender"], res["damage"], source="battle", by=b["attacker"])
    b["step"] = "done"
    st["stage"] = "end_start"


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
    st["active"] = R.opp(st["active"])
    st["stage"] = "turn_start"


def _new_round(g, st: dict, ev: Ev) -> None:
    ask_neopet(g, st, st["setup"]["round_winner"], "new_neopet", "7.10a.1")


STAGES = {
    "turn_start": _turn_start, "beginning_window": _beginning_window, "draw_start": _draw_start,
    "draw_triggers": _draw_triggers, "draw_card": _draw_card, "train_start": _train_start, "train_window": _train_window,
    "preparation_start": _preparation_start, "preparation_window": _preparation_window, "battle_start": _battle_start,
    "battle_window": _battle_window, "attack_roll": _attack_roll, "defence_roll": _defence_roll, "agility": _agility,
    "damage_step": _damage_step, "damage_calc": _damage_calc, "end_start": _end_start, "end_window": _end_window,
    "turn_end": _turn_end, "new_round": _new_round,
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
        for cid in list(pl["codestones"]) + list(pl["equipment"]):
            R.put(st, cid, "discard", st["cards"][cid]["o"])
        if pl["champion"] is not None:
            R.put(st, pl["champion"], "void", st["cards"][pl["champion"]]["o"])
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
    st["mods"] = []
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
def frame(controller: int, source: str | None, effects: list, entry: dict, *, card: str | None = None,
          kind: str = "resolve", qlen: int = 0) -> dict:
    return {"kind": kind, "controller": controller, "source": source, "card": card, "effects": list(effects),
            "entry": entry, "i": 0, "answers": [], "qlen": qlen}


def new_entry(st: dict, p: int, kind: str, source: str | None, label: str, **data: Any) -> dict:
    qid = f"q{st['nid']}"
    st["nid"] += 1
    return {"id": qid, "controller": p, "kind": kind, "source": source, "label": label, **data}


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
        handler = COST_STEPS[eff["op"]] if fr["kind"] == "cost" else OPS[eff["op"]]
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
        finish_cost(g, st, ev, fr)
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
    if d.is_champion:  # 5.5d
        if pl["champion"] is not None:
            R.put(st, pl["champion"], "void", st["cards"][pl["champion"]]["o"])  # 5.5f
        R.put(st, cid, "champion", p)
    elif d.type in ("Equipment", "Petpet"):  # 5.8d, 5.9c.2
        if len(pl["equipment"]) >= R.EQUIPMENT_SLOTS:
            R.to_discard(g, st, pl["equipment"][0])  # 5.8e (played by an effect past the limit: the oldest)
        R.put(st, cid, "equipment", p)
    elif d.type in ("Location", "Map Piece"):  # 5.12d
        R.put(st, cid, "play_area", p)
    elif d.type == "Food":  # 5.11d.1
        R.put(st, cid, "void", st["cards"][cid]["o"])
    else:  # Legend, Potion, Paint Brush (3.7d.2, 5.6c.2, 5.7d, 5.10d)
        R.put(st, cid, "discard", st["cards"][cid]["o"])
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


# ============================================================================ putting things into the Queue
def cost_steps(g, st: dict, p: int, ability: dict | None, *, source: str | None) -> list[dict]:
    """3.6 / 3.3c: targets, Additional Costs and dice (8.13a) before the effect enters the Queue."""
    steps: list[dict] = []
    if not ability:
        return steps
    if ability.get("target"):
        steps.append({"op": "target", **ability["target"]})
    cost = ability.get("cost") or {}
    if cost.get("discard"):
        steps.append({"op": "pay_discard", "n": cost["discard"]})
    if cost.get("discard_self"):
        steps.append({"op": "pay_self", "to": "discard"})
    if cost.get("void_self"):
        steps.append({"op": "pay_self", "to": "void"})
    if ability.get("roll"):
        steps.append({"op": "roll", **ability["roll"]})
    return steps


def put_in_queue(g, st: dict, ev: Ev, entry: dict, ability: dict | None) -> None:
    steps = cost_steps(g, st, entry["controller"], ability, source=entry.get("source"))
    st["frames"].append(frame(entry["controller"], entry.get("source"), steps, entry, kind="cost"))


def finish_cost(g, st: dict, ev: Ev, fr: dict) -> None:
    entry = fr["entry"]
    st["queue"].append(entry)
    p = entry["controller"]
    if st["priority"] is not None:  # 3.8d.1: the player holds priority
        st["priority"]["player"], st["priority"]["passes"] = p, 0
    ev.add("queue", f"{entry['label']} goes into the Queue", entry=entry["id"], player=p,
           **({"dice": entry["dice"]} if entry.get("dice") else {}))


COST_STEPS: dict[str, Any] = {}


def cost_step(name: str):
    def register(fn):
        if name in COST_STEPS:
            raise ValueError(f"the cost step {name!r} is registered twice")
        COST_STEPS[name] = fn
        return fn
    return register


def target_options(g, st: dict, p: int, t: dict) -> list[str]:
    """Cards a target selector allows (the Battledome or the Play Area; 5.1b: Neopets are not cards)."""
    whose = {"you": [p], "opponent": [R.opp(p)], "any": [p, R.opp(p)]}[t.get("whose", "opponent")]
    out = []
    for q in whose:
        pl = st["players"][q]
        for cid in ([pl["champion"]] if pl["champion"] else []) + pl["equipment"] + pl["play_area"]:
            if R.cdef(g, st, cid).type in t.get("types", ()):
                out.append(cid)
    return out


@cost_step("target")
def _target(ctx: Ctx, e: dict) -> None:
    opts = target_options(ctx.g, ctx.st, ctx.controller, e)
    cid = ctx.ask("target", opts, "3.3c")
    c = ctx.st["cards"][cid]
    ctx.frame["entry"]["target"] = {"id": cid, "zone": c["z"], "player": c["p"]}
    ctx.log("target", f"{R.pname(ctx.st, ctx.controller)} targets {ctx.name(cid)}", card=cid)


@cost_step("pay_discard")
def _pay_discard(ctx: Ctx, e: dict) -> None:
    inv = ctx.st["players"][ctx.controller]["inventory"]
    chosen: list[str] = []
    for _ in range(e["n"]):
        chosen.append(ctx.ask("pay_discard", [c for c in inv if c not in chosen], "3.6"))
    for cid in chosen:
        R.put(ctx.st, cid, "discard", ctx.st["cards"][cid]["o"])
        ctx.log("discard", f"{R.pname(ctx.st, ctx.controller)} discards {ctx.name(cid)} as a cost (3.6d)", card=cid)


@cost_step("pay_self")
def _pay_self(ctx: Ctx, e: dict) -> None:
    cid = ctx.source
    if e["to"] == "discard":
        R.to_discard(ctx.g, ctx.st, cid)  # (a Champion goes to the Void instead, 5.5e)
    else:
        R.put(ctx.st, cid, e["to"], ctx.st["cards"][cid]["o"])
    ctx.log("cost", f"{ctx.name(cid)} goes to the {e['to']} as a cost (3.6)", card=cid)


@cost_step("roll")
def _roll(ctx: Ctx, e: dict) -> None:
    dice = R.roll(ctx.st, e.get("dice", 1), e.get("sides", 6))
    ctx.frame["entry"]["dice"] = dice
    ctx.log("roll", f"{R.pname(ctx.st, ctx.controller)} rolls {dice} (8.13a)", player=ctx.controller, dice=dice)


# ============================================================================ player actions
def card_ability(d, kind: str = "play") -> dict | None:
    """The ability carrying the card's target / cost / roll / condition (8.6b) (the first with any)."""
    for _i, a in d.abilities(kind):
        if a.get("target") or a.get("cost") or a.get("roll") or a.get("condition"):
            return a
    return None


def costs_payable(g, st: dict, p: int, ability: dict | None, source: str | None, *, playing: str | None = None) -> bool:
    """3.3c / 9.11a: the costs can be paid and the targets exist."""
    if not ability:
        return True
    cost = ability.get("cost") or {}
    inv = [c for c in st["players"][p]["inventory"] if c != playing]
    if cost.get("discard", 0) > len(inv):
        return False
    if ability.get("target") and not target_options(g, st, p, ability["target"]):
        return False
    return R.condition(g, st, p, source, ability.get("condition"))


def matching_rainbow(g, st: dict, p: int, brush: str) -> str | None:
    """5.6c.2 / 5.6d: the Rainbow Pool Neopet of the active Neopet's species in the brush's color."""
    pl = st["players"][p]
    if pl["neopet"] is None:
        return None
    species = R.cdef(g, st, pl["neopet"]).species.casefold()
    color = R.cdef(g, st, brush).color.casefold()
    for cid in pl["rainbow_pool"]:
        d = R.cdef(g, st, cid)
        if d.type == "Neopet" and d.rainbow_pool and d.species.casefold() == species and (not color or d.color.casefold() == color):
            return cid
    return None


def why_not_type(g, st: dict, p: int, cid: str) -> tuple[str, str] | None:
    """Type rules for playing a card (by the player or by an effect)."""
    d = R.cdef(g, st, cid)
    pl = st["players"][p]
    if d.type == "Codestone":
        return "a Codestone is attached, not played", "5.14c.1"
    if d.level is not None and d.level > R.level(st, p):  # 3.3a, 3.3a.1 (9.7a: no requirement)
        return f"{d.name} needs level {d.level}; your Neopet is level {R.level(st, p)}", "3.3a"
    if d.type == "Paint Brush" and matching_rainbow(g, st, p, cid) is None:
        return "no matching Rainbow Pool Neopet in your Rainbow Pool", "5.6d"
    if d.type == "Petpet" and any(R.cdef(g, st, c).type == "Petpet" for c in pl["equipment"]):
        return "you already control a petpet", "5.9e"
    if d.type == "Food" and R.cant(g, st, p, "play_food"):
        return "you can't play Food", "1.5a"
    if d.type == "Potion" and R.cant(g, st, p, "play_potion"):
        return "you can't play Potions", "1.5a"
    if d.type == "Location" and d.requires_map_pieces > sum(1 for c in pl["play_area"] if R.cdef(g, st, c).type == "Map Piece"):
        return f"{d.name} needs {d.requires_map_pieces} collected Map Pieces", "5.13h"
    if not costs_payable(g, st, p, card_ability(d), cid, playing=cid):
        return "its costs can't be paid or it has no legal target", "3.3c"
    return None


def why_not_play(g, st: dict, p: int, cid: str) -> tuple[str, str] | None:
    """Why player ``p`` can't play ``cid`` now (from the Inventory or stolen pile), or None."""
    c = st["cards"][cid]
    if c["z"] not in PLAY_FROM or c["p"] != p:
        return "that card is not in your Inventory", "3.3"
    d = R.cdef(g, st, cid)
    if d.type == "Food":
        if d.timing and d.timing.get("phase") and d.timing["phase"] != st["phase"]:
            return f"{d.name} can be played only during the {d.timing['phase']} phase", "5.11c.2"
        return why_not_type(g, st, p, cid)
    if d.type == "Map Piece":
        return "a Map Piece is collected", "5.13c"
    if d.type not in PREPARATION_TYPES:
        return why_not_type(g, st, p, cid)
    if p != st["active"] or st["phase"] != "preparation":  # 5.5c, 5.6c.1, 5.7c, 5.8c, 5.9c.1, 5.10c, 5.12c
        return f"a {d.type} is played only during your Preparation Phase", "7.4d.1"
    if st["queue"] or st["frames"]:
        return f"a {d.type} is played only when the Queue is empty", "5.5c"
    if st["players"][p]["played_card"]:
        return "you already played your one card this Preparation Phase", "7.4d.1"
    return why_not_type(g, st, p, cid)


def playable_by_effect(g, st: dict, p: int, cid: str) -> bool:
    d = R.cdef(g, st, cid)
    return d.type == "Map Piece" or (d.type != "Neopet" and why_not_type(g, st, p, cid) is None)


def play_card(g, st: dict, ev: Ev, p: int, cid: str, *, by_effect: bool = False, replace: str | None = None,
              pledge: str | None = None) -> None:
    """3.3b: a played card goes into the Queue (after its costs and targets, 3.6c)."""
    d = R.cdef(g, st, cid)
    pl = st["players"][p]
    if d.type == "Map Piece":  # 5.13f: collected instead
        collect(g, st, ev, p, cid)
        return
    if replace is not None:  # 5.8e / 5.9c.3
        ev.add("replace", f"{R.pname(st, p)} sends {R.name(g, st, replace)} to the Discard to free a slot", card=replace)
        R.to_discard(g, st, replace)
    if d.is_champion and pl["champion"] is not None:  # 5.5f: the active one first goes to the Void
        R.put(st, pl["champion"], "void", st["cards"][pl["champion"]]["o"])
    if d.type == "Location":
        for old in [c for c in pl["play_area"] if R.cdef(g, st, c).type == "Location"]:
            R.put(st, old, "discard", st["cards"][old]["o"])  # 5.12f
        pieces = [c for c in pl["play_area"] if R.cdef(g, st, c).type == "Map Piece"][:d.requires_map_pieces]
        for mp in pieces:  # 5.13h: the Location condition is met
            R.put(st, mp, "discard", st["cards"][mp]["o"])
    if not by_effect and d.type != "Food":
        pl["played_card"] = True  # 7.4d.1 (9.1a, 5.11d: not by effect, not Food)
    R.put(st, cid, "queue", p)
    entry = new_entry(st, p, "card", cid, d.name, card=cid, key=d.key, by_effect=by_effect)
    ev.add("play", f"{R.pname(st, p)} plays {d.name}" + (" (by an effect, 9.1)" if by_effect else ""), player=p, card=cid)
    if pledge is not None:  # 5.15c: at the same time, without the Queue
        R.put(st, pledge, "play_area", p)
        pl["pledged"] = True
        ev.add("pledge", f"{R.pname(st, p)} pledges allegiance to {R.name(g, st, pledge)} (5.15c)", player=p, card=pledge)
    R.fire(g, st, "play", p, key=d.key)  # 9.1c
    put_in_queue(g, st, ev, entry, card_ability(d))


def collect(g, st: dict, ev: Ev, p: int, cid: str) -> None:
    """5.13c-g: into the Play Area, without the Queue; not the one card of the phase."""
    R.put(st, cid, "play_area", p)
    ev.add("collect", f"{R.pname(st, p)} collects the Map Piece {R.name(g, st, cid)} (5.13)", player=p, card=cid)


def attach(g, st: dict, ev: Ev, p: int, cid: str) -> None:
    """5.14c: underneath the active Neopet; no Queue, priority is kept (5.14d)."""
    R.put(st, cid, "codestones", p)
    st["players"][p]["attached"] = True
    ev.add("attach", f"{R.pname(st, p)} attaches {R.name(g, st, cid)}: level {R.level(st, p)}", player=p, card=cid)
    R.fire(g, st, "codestone_attached", p)


def activate(g, st: dict, ev: Ev, p: int, cid: str, index: int) -> None:
    """8.4: an activated ability goes into the Queue once its costs are paid."""
    d = R.cdef(g, st, cid)
    a = d.effects[index]
    if a.get("once_per_turn"):
        st["cards"][cid].setdefault("used", {})[str(index)] = st["turn"]
    entry = new_entry(st, p, "ability", cid, f"{d.name}: ability", key=d.key, ability=index)
    ev.add("activate", f"{R.pname(st, p)} activates {d.name}", player=p, card=cid)
    put_in_queue(g, st, ev, entry, a)


def petpet_boost(g, st: dict, ev: Ev, p: int, stat_name: str) -> None:
    """5.9d: the Neopet gains the petpet's stat until the end of the turn (each stat once per petpet)."""
    pet = petpet_of(g, st, p)
    st["cards"][pet].setdefault("petpet_used", []).append(stat_name)
    n = R.cdef(g, st, pet).stat(stat_name)
    st["mods"].append({"player": p, "stat": stat_name, "n": n, "mode": "add", "until": "turn", "by": p, "turn": st["turn"]})
    ev.add("petpet", f"{R.pname(st, p)}'s Neopet gains {n} {stat_name} from {R.name(g, st, pet)} (5.9d)", player=p)


def petpet_of(g, st: dict, p: int) -> str | None:
    for cid in st["players"][p]["equipment"]:
        if R.cdef(g, st, cid).type == "Petpet":
            return cid
    return None


# ============================================================================ legal actions
def activatable(g, st: dict, p: int) -> list[tuple[str, int]]:
    """8.4a: on your turn while the Queue is empty."""
    if p != st["active"] or st["queue"] or st["frames"] or st["phase"] in ("setup", "over"):
        return []
    out = []
    for cid in R.sources(st, p):
        d = R.cdef(g, st, cid)
        for i, a in d.abilities("activated"):
            if a.get("phase") and a["phase"] != st["phase"]:
                continue
            if a.get("once_per_turn") and st["cards"][cid].get("used", {}).get(str(i)) == st["turn"]:
                continue
            if costs_payable(g, st, p, a, cid):
                out.append((cid, i))
    return out


def priority_actions(g, st: dict, p: int) -> list[Action]:
    acts = [new_action("pass", p)]
    pl = st["players"][p]
    empty = not st["queue"] and not st["frames"]
    mine = p == st["active"]
    if mine and empty and st["phase"] == "train" and not pl["attached"] and R.level(st, p) < R.MAX_CODESTONES \
            and pl["neopet"] is not None and not R.cant(g, st, p, "attach_codestone"):
        for cid in pl["inventory"]:
            if R.cdef(g, st, cid).type == "Codestone":
                acts.append(Action.make("attach", p, card=cid))
    for zone in PLAY_FROM:
        for cid in pl[zone]:
            d = R.cdef(g, st, cid)
            if d.type == "Map Piece":
                if mine and empty and st["phase"] == "preparation":
                    acts.append(Action.make("collect", p, card=cid))
                continue
            if d.type == "Codestone" or why_not_play(g, st, p, cid) is not None:
                continue
            acts.extend(play_variants(g, st, p, cid))
    for cid, i in activatable(g, st, p):
        acts.append(Action.make("activate", p, card=cid, ability=i))
    if st["phase"] == "battle":
        pet = petpet_of(g, st, p)
        if pet is not None:
            used = st["cards"][pet].get("petpet_used", [])
            for s in ("attack", "defence", "agility"):
                if s not in used and R.cdef(g, st, pet).stat(s):
                    acts.append(Action.make("petpet", p, stat=s))
    return acts


def play_variants(g, st: dict, p: int, cid: str) -> list[Action]:
    """One ``play`` per legal way: which slot card to replace (5.8e / 5.9c.3), which Faction to
    pledge to with a Legend (5.15c)."""
    d = R.cdef(g, st, cid)
    pl = st["players"][p]
    if d.type in ("Equipment", "Petpet") and len(pl["equipment"]) >= R.EQUIPMENT_SLOTS:
        return [Action.make("play", p, card=cid, replace=old) for old in pl["equipment"]]
    out = [Action.make("play", p, card=cid)]
    if d.type == "Legend" and d.team and not pl["pledged"]:
        for f in pl["rainbow_pool"]:
            fd = R.cdef(g, st, f)
            if fd.type == "Faction" and fd.team.casefold() == d.team.casefold():
                out.append(Action.make("play", p, card=cid, pledge=f))
    return out


def has_choice(g, st: dict, p: int) -> bool:
    """Whether the priority holder has anything but ``pass`` (else they pass automatically)."""
    pl = st["players"][p]
    for zone in PLAY_FROM:  # Food is the only card playable by both players at any priority
        for cid in pl[zone]:
            if R.cdef(g, st, cid).type == "Food" and why_not_play(g, st, p, cid) is None:
                return True
    if st["phase"] == "battle" and petpet_of(g, st, p) is not None:
        if len(priority_actions(g, st, p)) > 1:
            return True
    if p != st["active"]:
        return False
    return len(priority_actions(g, st, p)) > 1


# ============================================================================ applying a player's action
def apply_priority_action(g, st: dict, ev: Ev, action: Action) -> None:
    p = action.player
    pr = st["priority"]
    if not pr or pr["player"] != p:
        raise IllegalActionError("that player does not have priority", "3.8c")
    k = action.kind
    if k == "pass":
        pass_priority(g, st, ev)
        return
    legal = priority_actions(g, st, p)
    if action not in legal:
        raise IllegalActionError(*why_illegal(g, st, action))
    if k == "play":
        play_card(g, st, ev, p, action.get("card"), replace=action.get("replace"), pledge=action.get("pledge"))
    elif k == "attach":
        attach(g, st, ev, p, action.get("card"))
    elif k == "collect":
        collect(g, st, ev, p, action.get("card"))
    elif k == "activate":
        activate(g, st, ev, p, action.get("card"), action.get("ability"))
    elif k == "petpet":
        petpet_boost(g, st, ev, p, action.get("stat"))
    pr["player"], pr["passes"] = p, 0  # 3.8d.1: acting keeps priority


def why_illegal(g, st: dict, action: Action) -> tuple[str, str]:
    p, k, cid = action.player, action.kind, action.get("card")
    if cid is not None and cid not in st["cards"]:
        return f"no card {cid}", "3.3"
    if k == "play":
        why = why_not_play(g, st, p, cid)
        if why:
            return why
        return "that slot or Faction choice is not allowed", "5.8e"
    if k == "attach":
        if st["phase"] != "train" or p != st["active"]:
            return "a Codestone is attached only during your Train Phase", "5.14c.2"
        if st["players"][p]["attached"]:
            return "one Codestone per Train Phase", "5.14c.2"
        if R.level(st, p) >= R.MAX_CODESTONES:
            return "no more than five Codestones", "5.14c.3"
        return "that is not a Codestone in your Inventory", "5.14c"
    if k == "collect":
        return "a Map Piece is collected during your Preparation Phase when the Queue is empty", "5.13e"
    if k == "activate":
        return "activated abilities: on your turn, while the Queue is empty, costs paid", "8.4a"
    if k == "petpet":
        return "each petpet stat once, during the Battle Phase", "5.9d"
    return f"unknown action {k}", "3.8c"


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
            finish_agility(st, ev)
        else:
            ag["picked"].append(option)
            st["pending"] = None
            ask_agility(st, ev)
    elif kind == "trigger_order":
        st["pending"] = None
        enqueue_trigger(g, st, ev, next(w for w in st["waiting"] if w["id"] == option))
    else:
        st["pending"] = None
        decide_setup(g, st, ev, pend, option)
