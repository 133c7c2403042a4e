"""The dice battle of the Battle Phase (7.5): attack and defence dice, the Agility re-roll, successes,
criticals and blocks, damage.  Each step is a stage of ``flow.advance``."""
from __future__ import annotations

from . import rules as R
from .events import Ev
from .priority import ask, open_window


def _battle_start(g, st: dict, ev: Ev) -> None:
    if st["turn"] == 1:  # 7.5a: the player going first skips the first Battle Phase of the game
        ev.add("skip_battle", f"{R.pname(st, st['active'])} skips the Battle Phase of the first turn (7.5a)")
        st["stage"] = "end_start"
        return
    R.phase_start(g, st, "battle")
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
    b["attack"] = R.roll(st, R.battle_dice(g, st, b["attacker"], "attack"))  # (dice: extra)
    ev.add("attack_dice", f"{R.pname(st, b['attacker'])} rolls {len(b['attack'])} attack dice: {b['attack']}",
           player=b["attacker"], dice=list(b["attack"]))
    R.fire(g, st, "attack_rolled", b["attacker"])
    open_window(st, "defence_roll")  # 7.5d.4


def _defence_roll(g, st: dict, ev: Ev) -> None:
    """7.5e: the non-active player rolls dice equal to their Defence Stat (with extra dice) and gains priority."""
    b = st["battle"]
    b["step"] = "defence"
    b["defence"] = R.roll(st, R.battle_dice(g, st, b["defender"], "defence"))
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
    allowed = abs(ag[0] - ag[1])
    limit = R.reroll_limit(g, st, hi)
    why = "7.5f.4"
    if limit is not None and limit < allowed:
        allowed, why = max(0, limit), "7.5f.4; a re-roll limit"
    b["agility"] = {"player": hi, "allowed": allowed, "picked": []}
    ev.add("agility", f"{R.pname(st, hi)}'s Neopet is more agile ({ag[hi]} to {ag[1 - hi]}): up to "
           f"{allowed} re-rolls ({why})", player=hi)
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


def battle_result(g, st: dict) -> dict[str, int]:
    """7.5g: 6s are criticals (never blocked, 7.5g.5; 9.3b.1); each success of defence blocks one
    non-critical hit.  Successes are 4-6 (7.5g.2) unless a passive ``dice: success_at`` changes a
    player's roll."""
    b = st["battle"]
    hit_at = R.success_at(g, st, b["attacker"], "attack")
    block_at = R.success_at(g, st, b["defender"], "defence")
    crits = sum(1 for v in b["attack"] if v == 6)
    hits = sum(1 for v in b["attack"] if hit_at <= v < 6)
    blocks = sum(1 for v in b["defence"] if v >= block_at)
    damage = crits + max(0, hits - blocks)
    if st["players"][b["attacker"]]["status"]["double_damage"] == st["turn"]:
        damage *= 2  # Glossary Enter the Shadows
    return {"criticals": crits, "hits": hits, "blocks": blocks, "damage": damage}


def _damage_step(g, st: dict, ev: Ev) -> None:
    b = st["battle"]
    b["step"] = "damage"
    res = battle_result(g, st)
    b.update(res)
    ev.add("battle_result", f"{res['criticals']} critical, {res['hits']} hits, {res['blocks']} blocks: {res['damage']} "
           "damage (7.5g)", **res)
    open_window(st, "damage_calc")  # 7.5g.8


def _damage_calc(g, st: dict, ev: Ev) -> None:
    """7.5h: the final dice deal their damage at once."""
    b = st["battle"]
    res = battle_result(g, st)
    b.update(res)
    R.deal_damage(g, st, ev, b["defender"], res["damage"], source="battle", by=b["attacker"])
    b["step"] = "done"
    st["stage"] = "end_start"


STAGES = {
    "battle_start": _battle_start, "battle_window": _battle_window, "attack_roll": _attack_roll,
    "defence_roll": _defence_roll, "agility": _agility, "damage_step": _damage_step, "damage_calc": _damage_calc,
}
