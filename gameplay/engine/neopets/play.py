"""Playing cards (3.3, 7.4d, 5.x), attaching Codestones (5.14c), collecting Map Pieces (5.13), activating
abilities (8.4), petpet boosts (5.9d); their costs and targets (3.3c, 3.6, 8.13a) before the Queue;
and the legal actions of the player with priority."""
from __future__ import annotations

from typing import Any

from ..api import Action, new_action
from . import rules as R
from .carddefs import PREPARATION_TYPES
from .effects import Ctx
from .events import Ev
from .priority import frame, new_entry


PLAY_FROM = ("inventory", "stolen")  # 8.10c.3: stolen cards are played as if in your Inventory


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
    for kind, n in counter_costs(cost):
        steps.append({"op": "pay_counters", "n": n, **({"counter": kind} if kind else {})})
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


def counter_costs(cost: dict) -> list[tuple[str | None, int]]:
    """``remove_counters``: n (plain counters) or {kind: n} (named counters, one kind or several)."""
    v = cost.get("remove_counters")
    if not v:
        return []
    return sorted(v.items()) if isinstance(v, dict) else [(None, v)]


@cost_step("pay_counters")
def _pay_counters(ctx: Ctx, e: dict) -> None:
    """Glossary Counter: counters (of one kind) removed from this card as a cost (3.6)."""
    kind = e.get("counter")
    left = R.add_counters(ctx.st, ctx.source, -e["n"], kind)
    ctx.log("cost", f"{ctx.name(ctx.source)}: {e['n']} {kind + ' ' if kind else ''}counters removed as a cost "
            f"(3.6; {left} left)", card=ctx.source)


@cost_step("roll")
def _roll(ctx: Ctx, e: dict) -> None:
    dice = R.roll(ctx.st, e.get("dice", 1), e.get("sides", 6))
    ctx.frame["entry"]["dice"] = dice
    ctx.log("roll", f"{R.pname(ctx.st, ctx.controller)} rolls {dice} (8.13a)", player=ctx.controller, dice=dice)


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
    if any(n > R.counters(st, source, kind) for kind, n in counter_costs(cost)):
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


def why_not_play_planned(g, st: dict, p: int, cid: str) -> tuple[str, str] | None:
    """Glossary Planned: during your Preparation Phase you may play cards Planned on a previous turn
    (not the phase's one card: every Planned card may be played); a Planned Codestone is never
    attached (Codestones are not played).  The Queue must be empty, as for the one card (5.5c)."""
    c = st["cards"][cid]
    d = R.cdef(g, st, cid)
    if p != st["active"] or st["phase"] != "preparation":
        return "a Planned card is played during your Preparation Phase", "10 Planned"
    if st["queue"] or st["frames"]:
        return "a Planned card is played when the Queue is empty", "10 Planned"
    if c.get("planned", st["turn"]) >= st["turn"]:
        return "a card Planned this turn can be played from your next turn on", "10 Planned"
    if d.type == "Codestone":
        return "a Planned Codestone can't be attached: Codestones are not played", "10 Planned"
    if d.type == "Map Piece":
        return None  # collected instead (5.13f)
    return why_not_type(g, st, p, cid)


def why_not_play(g, st: dict, p: int, cid: str) -> tuple[str, str] | None:
    """Why player ``p`` can't play ``cid`` now (from the Inventory, the stolen pile or their Planned
    cards), or None."""
    c = st["cards"][cid]
    if c["z"] == "planned" and c["p"] == p:
        return why_not_play_planned(g, st, p, cid)
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
        R.to_void(g, st, pl["champion"], ev)
    if d.type == "Location":
        for old in [c for c in pl["play_area"] if R.cdef(g, st, c).type == "Location"]:
            R.put(st, old, "discard", st["cards"][old]["o"])  # 5.12f
        pieces = [c for c in pl["play_area"] if R.cdef(g, st, c).type == "Map Piece"][:d.requires_map_pieces]
        for mp in pieces:  # 5.13h: the Location condition is met
            R.put(st, mp, "discard", st["cards"][mp]["o"])
    from_plan = st["cards"][cid]["z"] == "planned"
    if not by_effect and d.type != "Food" and not from_plan:
        pl["played_card"] = True  # 7.4d.1 (9.1a, 5.11d: not by effect, not Food; Glossary Planned)
    R.put(st, cid, "queue", p)
    entry = new_entry(st, p, "card", cid, d.name, card=cid, key=d.key, by_effect=by_effect,
                      **({"planned": True} if from_plan else {}))  # (a card that Plans itself is not Planned again)
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
    if mine and empty and st["phase"] == "preparation":
        for cid in pl["planned"]:
            if why_not_play_planned(g, st, p, cid) is None:
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
    if d.type in ("Equipment", "Petpet") and len(pl["equipment"]) >= R.equipment_slots(g, st, p):  # 9.9a
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
