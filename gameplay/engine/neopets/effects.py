"""The declarative effect vocabulary of Neopets cards: a registry op -> handler.

A card's ``effects`` field lists abilities (``docs/neopets-card-format.md``):
  {"kind": "play", "do": [...]}            what the card does as it resolves from the Queue (3.7b)
  {"kind": "activated", "do": [...], "cost": {...}, "once_per_turn": true}         8.4
  {"kind": "triggered", "on": <trigger>, "do": [...]}                                8.5
  {"kind": "passive", "stat"/"cant"/"immune": ...}                                  8.7
  {"kind": "replacement", "event": "damage" | "knock_out" | "destroyed", ...}         8.9
Any ability may carry ``condition`` (8.6: checked to put it into the Queue and again as it
resolves), ``target`` (chosen as it is put into the Queue, 3.3c) and ``roll`` (dice rolled as an
Additional Cost, 8.13a).  Delayed triggers are the ``delay`` op (8.8).

Handlers are ``fn(ctx, effect)``.  A handler that needs a player's decision calls ``ctx.ask``; the
first time that raises ``Wait`` (the decision is pending) and the effect runs again from its start
once answered, with the earlier answers replayed.  So a handler asks all its questions before it
changes the state or rolls dice.
"""
from __future__ import annotations

from typing import Any, Callable

from .. import rng as _rng
from . import rules as R
from .errors import CardDataError

OPS: dict[str, Callable[["Ctx", dict], None]] = {}

ABILITY_KINDS = frozenset({"play", "activated", "triggered", "passive", "replacement"})
TRIGGERS = frozenset({"turn_start", "opponent_turn_start", "phase_start", "end_of_turn", "dealt_damage",
                      "deals_damage", "you_play", "opponent_plays", "codestone_attached", "attack_rolled"})
CANT = frozenset({"play_food", "play_potion", "attach_codestone", "attack"})
IMMUNE = frozenset({"freeze", "steal"})
COSTS = frozenset({"discard", "discard_self", "void_self", "remove_counters"})
REPLACEMENTS = frozenset({"damage", "knock_out", "destroyed", "voided", "stolen"})  # 8.9: the events replaced
#: 8.9b: where a replaced move sends the card instead (the default first)
INSTEAD: dict[str, tuple[str, ...]] = {"destroyed": ("inventory", "main_deck"),
                                       "voided": ("inventory", "discard", "main_deck"),
                                       "stolen": ("discard", "main_deck")}
PASSIVES = ("stat", "cant", "immune", "slots", "dice")
DICE_RULES = frozenset({"extra", "success_at", "reroll_limit"})  # passive "dice": the battle's dice rules (7.5)
HIDDEN_SEEN_ZONES = ("main_deck", "inventory", "neopet_deck", "rainbow_pool")  # Look / Reveal: from (9.10b)
UNTIL = frozenset({"turn", "next_turn", "round"})
AMOUNTS = frozenset({"successes", "criticals", "total", "counters"})
TARGET_TYPES = frozenset({"Equipment", "Petpet", "Faerie", "Hero", "Villain", "Location"})


class Wait(Exception):
    """A decision is pending; the effect runs again once it is answered."""


def op(name: str) -> Callable:
    def register(fn: Callable) -> Callable:
        if name in OPS:
            raise ValueError(f"the effect op {name!r} is registered twice")
        OPS[name] = fn
        return fn
    return register


class Ctx:
    """What a handler sees: the game, the state, the events, the frame resolving (its controller,
    its source card, its Queue entry with dice results and target)."""

    __slots__ = ("g", "st", "ev", "frame", "asked")

    def __init__(self, g, st: dict, ev, frame: dict) -> None:
        self.g, self.st, self.ev, self.frame = g, st, ev, frame
        self.asked = 0

    @property
    def controller(self) -> int:
        return self.frame["controller"]

    @property
    def source(self) -> str | None:
        return self.frame.get("source")

    @property
    def entry(self) -> dict:
        return self.frame.get("entry") or {}

    def players(self, who: str) -> list[int]:
        c = self.controller
        return {"you": [c], "opponent": [R.opp(c)], "each": [c, R.opp(c)]}[who]

    def amount(self, n: Any) -> int:
        if isinstance(n, int):
            return n
        dice = self.entry.get("dice") or []
        if n == "successes":
            return sum(1 for v in dice if R.success(v))
        if n == "criticals":
            return sum(1 for v in dice if v == 6)
        if n == "total":
            return sum(dice)
        if n == "counters":  # Glossary Counter: the counters on the ability's card
            return R.counters(self.st, self.source)
        if isinstance(n, dict) and "counters" in n:  # {"counters": kind}: the counters of one kind on it
            return R.counters(self.st, self.source, n["counters"])
        raise CardDataError(f"unknown amount {n!r}")

    def ask(self, kind: str, options: list, rule: str, *, player: int | None = None, **extra: Any) -> Any:
        i = self.asked
        self.asked += 1
        answers = self.frame["answers"]
        if i < len(answers):
            return answers[i]
        self.st["pending"] = {"kind": kind, "player": self.controller if player is None else player,
                              "options": list(options), "rule": rule, "in_effect": True, **extra}
        raise Wait

    def insert(self, effects: list[dict]) -> None:
        """Run ``effects`` right after the current one (may / if / choose_one)."""
        i = self.frame["i"]
        self.frame["effects"][i + 1:i + 1] = list(effects)

    def log(self, type_: str, msg: str, **data: Any) -> None:
        self.ev.add(type_, msg, **data)

    def name(self, cid: str) -> str:
        return R.name(self.g, self.st, cid)


# ================================================================================ damage, stats, status
@op("damage")
def _damage(ctx: Ctx, e: dict) -> None:
    for p in ctx.players(e.get("to", "opponent")):
        R.deal_damage(ctx.g, ctx.st, ctx.ev, p, ctx.amount(e.get("n", 1)), source="effect",
                      by=ctx.controller if p != ctx.controller else None)
        if ctx.st["ko"] is not None:
            return


@op("heal")
def _heal(ctx: Ctx, e: dict) -> None:
    for p in ctx.players(e.get("to", "you")):
        R.heal(ctx.g, ctx.st, ctx.ev, p, ctx.amount(e.get("n", 1)))


@op("stat")
def _stat(ctx: Ctx, e: dict) -> None:
    """A timed stat change: ``until`` turn (7.6b) | next_turn (the start of your next turn, 7.1a) | round."""
    for p in ctx.players(e.get("to", "you")):
        n = ctx.amount(e.get("n", 0))
        ctx.st["mods"].append({"player": p, "stat": e["stat"], "n": n, "mode": e.get("mode", "add"),
                               "until": e.get("until", "turn"), "by": ctx.controller, "turn": ctx.st["turn"]})
        how = "doubled" if e.get("mode") == "double" else f"{n:+d}"
        ctx.log("stat", f"{R.pname(ctx.st, p)}'s Neopet: {e['stat']} {how} until the end of the {e.get('until', 'turn')}",
                player=p, stat=e["stat"], n=n)


@op("freeze")
def _freeze(ctx: Ctx, e: dict) -> None:
    """Glossary Freeze: the Neopet does not attack during its next Battle Phase."""
    for p in ctx.players(e.get("to", "opponent")):
        if R.immune(ctx.g, ctx.st, p, "freeze"):
            ctx.log("immune", f"{R.pname(ctx.st, p)}'s Neopet is immune to Freeze", player=p)
            continue
        ctx.st["players"][p]["status"]["frozen"] = True
        ctx.log("status", f"{R.pname(ctx.st, p)}'s Neopet is Frozen", player=p, status="frozen")


@op("shadows")
def _shadows(ctx: Ctx, e: dict) -> None:
    """Glossary Enter the Shadows: can't attack or be attacked until the start of your next turn;
    that turn it deals double damage."""
    ctx.st["players"][ctx.controller]["status"]["shadows"] = True
    ctx.log("status", f"{R.pname(ctx.st, ctx.controller)}'s Neopet enters the Shadows", player=ctx.controller,
            status="shadows")


@op("abandon")
def _abandon(ctx: Ctx, e: dict) -> None:
    """Glossary Abandon: you lose the round."""
    ctx.st["ko"] = ctx.controller
    ctx.log("abandon", f"{R.pname(ctx.st, ctx.controller)} abandons the round", player=ctx.controller)


@op("reroll")
def _reroll(ctx: Ctx, e: dict) -> None:
    """Re-roll up to ``n`` of your failed battle dice (lowest first; 9.3b: d6 only)."""
    b = ctx.st["battle"]
    if not b:
        return
    side = "attack" if b["attacker"] == ctx.controller else "defence"
    dice = b[side]
    at = R.success_at(ctx.g, ctx.st, ctx.controller, side)  # (a passive dice: success_at, 7.5g.2)
    failed = sorted((v, i) for i, v in enumerate(dice) if v < at)[:ctx.amount(e.get("n", 1))]
    for _v, i in failed:
        dice[i] = R.roll(ctx.st, 1)[0]
    if failed:
        ctx.log("reroll", f"{R.pname(ctx.st, ctx.controller)} re-rolls {len(failed)} {side} dice: {dice}",
                player=ctx.controller, dice=list(dice))


# ================================================================================ cards: draw, discard, decks
@op("draw")
def _draw(ctx: Ctx, e: dict) -> None:
    for p in ctx.players(e.get("who", "you")):  # 8.12b: drawn simultaneously
        R.draw(ctx.g, ctx.st, ctx.ev, p, ctx.amount(e.get("n", 1)))


@op("discard")
def _discard(ctx: Ctx, e: dict) -> None:
    """Glossary Discard: from the Inventory; the player chooses (or ``random``)."""
    n = ctx.amount(e.get("n", 1))
    picks: dict[int, list[str]] = {}
    for p in ctx.players(e.get("who", "you")):
        inv = ctx.st["players"][p]["inventory"]
        chosen: list[str] = []
        if not e.get("random"):
            for _ in range(min(n, len(inv))):
                chosen.append(ctx.ask("discard", [c for c in inv if c not in chosen], "10 Discard", player=p))
        picks[p] = chosen
    for p, chosen in picks.items():
        if e.get("random"):
            inv = list(ctx.st["players"][p]["inventory"])
            for _ in range(min(n, len(inv))):
                ctx.st["rng"], i = _rng.randbelow(ctx.st["rng"], len(inv))
                chosen.append(inv.pop(i))
        for cid in chosen:
            R.put(ctx.st, cid, "discard", ctx.st["cards"][cid]["o"])
            ctx.log("discard", f"{R.pname(ctx.st, p)} discards {ctx.name(cid)}", player=p, card=cid)


@op("scrap")
def _scrap(ctx: Ctx, e: dict) -> None:
    """Glossary Scrap: the top card of the Deck to the Discard."""
    for p in ctx.players(e.get("who", "you")):
        for _ in range(ctx.amount(e.get("n", 1))):
            deck = ctx.st["players"][p]["main_deck"]
            if not deck:
                break
            cid = deck[0]
            R.put(ctx.st, cid, "discard", p)
            ctx.log("scrap", f"{R.pname(ctx.st, p)} scraps {ctx.name(cid)}", player=p, card=cid)


@op("recycle")
def _recycle(ctx: Ctx, e: dict) -> None:
    """Glossary Recycle: cards from your Discard to the bottom of your Deck (public zone: chosen)."""
    p = ctx.controller
    disc = R.face_up_discard(ctx.st, p)  # 6.8d: not the Buried cards
    chosen: list[str] = []
    for _ in range(min(ctx.amount(e.get("n", 1)), len(disc))):
        chosen.append(ctx.ask("recycle", [c for c in disc if c not in chosen], "10 Recycle"))
    for cid in chosen:
        R.put(ctx.st, cid, "main_deck", p)
        ctx.log("recycle", f"{R.pname(ctx.st, p)} recycles {ctx.name(cid)}", player=p, card=cid)


@op("search")
def _search(ctx: Ctx, e: dict) -> None:
    """8.11: search your Main Deck for a card matching ``filter`` (you may fail to find, 9.11b),
    show it (8.11b), add it to your Inventory, then shuffle (8.11d)."""
    p = ctx.controller
    deck = ctx.st["players"][p]["main_deck"]
    found = [c for c in deck if R.matches_filter(R.cdef(ctx.g, ctx.st, c), e.get("filter") or {})]
    pick = ctx.ask("search", found + ["none"], "8.11")
    if pick != "none":
        R.put(ctx.st, pick, "inventory", p)
        ctx.log("search", f"{R.pname(ctx.st, p)} searches their Main Deck and shows {ctx.name(pick)} (8.11b)",
                player=p, card=pick)
    else:
        ctx.log("search", f"{R.pname(ctx.st, p)} searches their Main Deck and finds nothing", player=p)
    R.shuffle_deck(ctx.st, p)


@op("fetch")
def _fetch(ctx: Ctx, e: dict) -> None:
    """Glossary Fetch from a public zone (Discard or Void): can't fail when a card matches."""
    p = ctx.controller
    zone = e.get("from", "discard")
    pool = R.face_up_discard(ctx.st, p) if zone == "discard" else ctx.st["players"][p][zone]  # 6.8d
    found = [c for c in pool if R.matches_filter(R.cdef(ctx.g, ctx.st, c), e.get("filter") or {})]
    if not found:
        return
    pick = ctx.ask("fetch", found, "10 Fetch")
    R.put(ctx.st, pick, "inventory", p)
    ctx.log("fetch", f"{R.pname(ctx.st, p)} fetches {ctx.name(pick)} from their {zone}", player=p, card=pick)


@op("foresee")
def _foresee(ctx: Ctx, e: dict) -> None:
    """Glossary Foresee: look at the top N cards; each to the bottom or back on top (in order)."""
    p = ctx.controller
    top = ctx.st["players"][p]["main_deck"][:ctx.amount(e.get("n", 1))]
    where = [ctx.ask("foresee", ["top", "bottom"], "10 Foresee", card=cid) for cid in top]
    for cid, w in zip(top, where):
        if w == "bottom":
            R.put(ctx.st, cid, "main_deck", p)
    ctx.log("foresee", f"{R.pname(ctx.st, p)} foresees {len(top)} cards and puts {where.count('bottom')} on the bottom",
            player=p)


@op("shuffle")
def _shuffle(ctx: Ctx, e: dict) -> None:
    R.shuffle_deck(ctx.st, ctx.controller)
    ctx.log("shuffle", f"{R.pname(ctx.st, ctx.controller)} shuffles their Main Deck", player=ctx.controller)


@op("steal")
def _steal(ctx: Ctx, e: dict) -> None:
    """8.10: cards of the opponent into your stolen card pile (played as if in your Inventory)."""
    p = ctx.controller
    o = R.opp(p)
    if R.immune(ctx.g, ctx.st, o, "steal"):
        ctx.log("immune", f"{R.pname(ctx.st, o)} is immune to stealing", player=o)
        return
    src = e.get("from", "inventory")
    zone = {"inventory": "inventory", "main_deck": "main_deck", "discard": "discard"}[src]
    n = ctx.amount(e.get("n", 1))
    chosen: list[str] = []
    if src == "discard":  # a public zone: chosen
        pool = R.face_up_discard(ctx.st, o)  # 6.8d: not the Buried cards
        for _ in range(min(n, len(pool))):
            chosen.append(ctx.ask("steal", [c for c in pool if c not in chosen], "8.10"))
    elif src == "main_deck":
        chosen = list(ctx.st["players"][o]["main_deck"][:n])
    else:  # a blind pick from the Inventory
        inv = list(ctx.st["players"][o][zone])
        for _ in range(min(n, len(inv))):
            ctx.st["rng"], i = _rng.randbelow(ctx.st["rng"], len(inv))
            chosen.append(inv.pop(i))
    for cid in chosen:
        if R.steal_replaced(ctx.g, ctx.st, ctx.ev, cid):  # 8.9: a stolen replacement of the owner
            continue
        R.put(ctx.st, cid, "stolen", p)
        ctx.log("steal", f"{R.pname(ctx.st, p)} steals a card from {R.pname(ctx.st, o)}'s {src.replace('_', ' ')}",
                player=p, n=1)
        ctx.log("stolen", f"You steal {ctx.name(cid)}", to=p, card=cid)


# ================================================================================ targets, the Queue, play
def target_of(ctx: Ctx) -> str | None:
    """3.3c.1: a target no longer in its original zone is not affected."""
    t = ctx.entry.get("target")
    if not t:
        return None
    c = ctx.st["cards"].get(t["id"])
    if c is None or c["z"] != t["zone"] or c["p"] != t["player"]:
        ctx.log("fizzle", "The target is no longer there; that part does not resolve (3.3c.1)")
        return None
    return t["id"]


@op("destroy")
def _destroy(ctx: Ctx, e: dict) -> None:
    """Glossary Destroy: the target from the Battledome to the Discard (a Champion to the Void, 5.5e)."""
    t = target_of(ctx)
    if t is not None:
        R.destroy(ctx.g, ctx.st, ctx.ev, t)  # (its own replacement effect may send it elsewhere, 8.9b)


@op("void_card")
def _void_card(ctx: Ctx, e: dict) -> None:
    t = target_of(ctx)
    if t is not None:
        ctx.log("void", f"{ctx.name(t)} is sent to the Void", card=t)
        R.to_void(ctx.g, ctx.st, t, ctx.ev)  # (its own voided replacement may send it elsewhere, 8.9b)


@op("negate")
def _negate(ctx: Ctx, e: dict) -> None:
    """Glossary Negate: the entry this responds to (now the Queue's newest) does not resolve; a card
    goes to its owner's Discard (5.11d.2: a Food too)."""
    q = ctx.st["queue"]
    if not q:
        return
    entry = q[-1]
    ctx.log("negate", f"{entry['label']} is negated", entry=entry["id"])
    if entry.get("card"):
        cid = entry["card"]
        R.put(ctx.st, cid, "discard", ctx.st["cards"][cid]["o"])
    else:
        q.pop()


@op("play_from")
def _play_from(ctx: Ctx, e: dict) -> None:
    """9.1: play a card from your Inventory / Discard by this effect (it does not count as the
    Preparation Phase's one card, timing restrictions are ignored (9.1b), the Level Requirement
    still applies (3.3a.1)); a Map Piece is collected instead (5.13f).  Codestones are never played
    (5.14c.1)."""
    p = ctx.controller
    zone = e.get("from", "inventory")
    pool = R.face_up_discard(ctx.st, p) if zone == "discard" else ctx.st["players"][p][zone]  # 6.8d
    found = [c for c in pool
             if R.matches_filter(R.cdef(ctx.g, ctx.st, c), e.get("filter") or {})
             and ctx.g.playable_by_effect(ctx.st, p, c)]
    if not found:
        return
    pick = ctx.ask("play_from", found + ["none"], "9.1")
    if pick != "none":
        ctx.g.play_by_effect(ctx.st, ctx.ev, p, pick)


@op("paint")
def _paint(ctx: Ctx, e: dict) -> None:
    """5.6c.2: the active Neopet goes into the Rainbow Pool and the matching Rainbow Pool Neopet takes
    its place, keeping its damage and Status effects (5.6c.3) and its Codestones."""
    p = ctx.controller
    brush = ctx.source if e.get("brush") is None else e["brush"]
    new = ctx.g.matching_rainbow(ctx.st, p, brush)
    if new is None:
        ctx.log("fizzle", "No matching Rainbow Pool Neopet any more (5.6d)")
        return
    old = ctx.st["players"][p]["neopet"]
    R.put(ctx.st, old, "rainbow_pool", p)
    R.put(ctx.st, new, "neopet", p, fu=True)
    ctx.log("paint", f"{ctx.name(old)} is painted: {ctx.name(new)} (5.6c.2)", player=p, card=new)


@op("transform")
def _transform(ctx: Ctx, e: dict) -> None:
    """Glossary Transform: your active Neopet goes into your Rainbow Pool and a Rainbow Pool Neopet of the
    same Name (species) matching ``filter`` and meeting its requirements (Level Requirement) takes its
    place, keeping its damage, Status effects (5.6c.3) and Codestones.  With several, you choose."""
    p = ctx.controller
    opts = R.transform_options(ctx.g, ctx.st, p, e.get("filter"))
    if not opts:
        ctx.log("fizzle", "No Rainbow Pool Neopet to transform into (Glossary Transform)")
        return
    new = opts[0] if len(opts) == 1 else ctx.ask("transform", opts, "10 Transform")
    old = ctx.st["players"][p]["neopet"]
    R.put(ctx.st, old, "rainbow_pool", p)
    R.put(ctx.st, new, "neopet", p, fu=True, tf=ctx.st["cards"][old]["k"])
    ctx.log("transform", f"{ctx.name(old)} transforms into {ctx.name(new)} (10 Transform; 5.6c.3)", player=p, card=new)


# ================================================================================ counters (Glossary Counter, Store)
@op("store")
def _store(ctx: Ctx, e: dict) -> None:
    """Glossary Store: place ``n`` counters on this card (``on: "self"``; a card resolving keeps them
    as it comes into play) or on the ability's target (``on: "target"``); ``counter`` names their kind
    when a card keeps several kinds apart ("store 1 fire counter")."""
    cid = target_of(ctx) if e.get("on") == "target" else ctx.source
    if cid is None or ctx.st["cards"][cid]["z"] not in R.IN_PLAY | {"resolving"}:
        ctx.log("fizzle", "No card in play to store counters on (Glossary Store)")
        return
    n = ctx.amount(e.get("n", 1))
    kind = e.get("counter")
    total = R.add_counters(ctx.st, cid, n, kind)
    what = f"{kind} counter" if kind else "counter"
    ctx.log("store", f"{ctx.name(cid)}: {n} {what}{'s' if n != 1 else ''} stored ({total} on it)", card=cid, n=n,
            counters=total, **({"counter": kind} if kind else {}))


@op("remove_counters")
def _remove_counters(ctx: Ctx, e: dict) -> None:
    """Remove up to ``n`` counters (of the kind ``counter``) from this card (``n: "counters"``: all of them)."""
    cid = ctx.source
    kind = e.get("counter")
    have = R.counters(ctx.st, cid, kind)
    n = min(have, have if e.get("n") == "counters" else ctx.amount(e.get("n", 1)))
    if n:
        total = R.add_counters(ctx.st, cid, -n, kind)
        what = f"{kind} counter" if kind else "counter"
        ctx.log("counters", f"{ctx.name(cid)}: {n} {what}{'s' if n != 1 else ''} removed ({total} left)", card=cid,
                n=-n, counters=total, **({"counter": kind} if kind else {}))


# ================================================================================ Planned, Bury, Exhume
def _choose_cards(ctx: Ctx, kind: str, pool: list[str], n: int, rule: str, *, optional: bool = False,
                  player: int | None = None) -> list[str]:
    """Up to ``n`` cards of ``pool``, one decision each (``optional``: the player may stop, "done")."""
    chosen: list[str] = []
    for _ in range(min(n, len(pool))):
        pick = ctx.ask(kind, [c for c in pool if c not in chosen] + (["done"] if optional else []), rule, player=player)
        if pick == "done":
            break
        chosen.append(pick)
    return chosen


def _filtered(ctx: Ctx, cards: list[str], e: dict) -> list[str]:
    return [c for c in cards if R.matches_filter(R.cdef(ctx.g, ctx.st, c), e.get("filter") or {})]


@op("plan")
def _plan(ctx: Ctx, e: dict) -> None:
    """Glossary Planned: up to ``n`` cards of your Inventory (matching ``filter``) go into the Battledome
    face-down (6.6d; private, 3.4b).  During a later Preparation Phase of yours you may play them (not
    the phase's one card); at the end of your turn the ones Planned on an earlier turn go to the Discard."""
    p = ctx.controller
    if e.get("self"):
        _plan_self(ctx)
        return
    pool = _filtered(ctx, list(ctx.st["players"][p]["inventory"]), e)
    for cid in _choose_cards(ctx, "plan", pool, ctx.amount(e.get("n", 1)), "10 Planned", optional=True):
        R.put(ctx.st, cid, "planned", p, planned=ctx.st["turn"])
        ctx.log("plan", f"{R.pname(ctx.st, p)} plans a card face-down (6.6d)", player=p)
        ctx.log("planned_you", f"You plan {ctx.name(cid)}", to=p, card=cid)


def _plan_self(ctx: Ctx) -> None:
    """"Plan this card" (Glossary Planned, 6.6d): the card resolving goes into the Battledome face-down
    instead of to its slot or Discard, and the rest of its effects wait until it is played from there on
    a later turn.  Played from Planned, the card is not Planned again: this op does nothing and the
    rest of its effects happen."""
    cid = ctx.frame.get("card")
    if cid is None or ctx.entry.get("planned") or ctx.st["cards"][cid]["z"] != "resolving":
        return
    p = ctx.controller
    R.put(ctx.st, cid, "planned", p, planned=ctx.st["turn"])
    del ctx.frame["effects"][ctx.frame["i"] + 1:]
    ctx.log("plan", f"{R.pname(ctx.st, p)} plans {ctx.name(cid)} face-down (6.6d)", player=p, card=cid)


@op("bury")
def _bury(ctx: Ctx, e: dict) -> None:
    """Glossary Bury: ``from: discard`` flips face-up cards of your Discard face-down (chosen);
    ``inventory`` (chosen) and ``main_deck`` (the top ``n``) put cards into your Discard face-down.
    Buried cards are private and can't be targeted or played (6.8d); they still count as Discard cards."""
    p = ctx.controller
    src = e.get("from", "discard")
    n = ctx.amount(e.get("n", 1))
    if src == "main_deck":
        chosen = ctx.st["players"][p]["main_deck"][:n]
    else:
        pool = R.face_up_discard(ctx.st, p) if src == "discard" else list(ctx.st["players"][p]["inventory"])
        chosen = _choose_cards(ctx, "bury", _filtered(ctx, pool, e), n, "10 Bury")
    for cid in chosen:
        if src == "discard":
            ctx.st["cards"][cid]["fd"] = True
            ctx.log("bury", f"{R.pname(ctx.st, p)} buries {ctx.name(cid)} in their Discard (10 Bury)", player=p, card=cid)
            continue
        R.put(ctx.st, cid, "discard", ctx.st["cards"][cid]["o"], fd=True)
        ctx.log("bury", f"{R.pname(ctx.st, p)} buries a card from their {src.replace('_', ' ')} face-down (10 Bury)",
                player=p)
        ctx.log("buried_you", f"You bury {ctx.name(cid)}", to=p, card=cid)


@op("exhume")
def _exhume(ctx: Ctx, e: dict) -> None:
    """Glossary Exhume: up to ``n`` Buried cards of your Discard (chosen) are flipped face-up: public again."""
    p = ctx.controller
    pool = _filtered(ctx, [c for c in ctx.st["players"][p]["discard"] if ctx.st["cards"][c].get("fd")], e)
    for cid in _choose_cards(ctx, "exhume", pool, ctx.amount(e.get("n", 1)), "10 Exhume"):
        del ctx.st["cards"][cid]["fd"]
        ctx.log("exhume", f"{R.pname(ctx.st, p)} exhumes {ctx.name(cid)} (10 Exhume)", player=p, card=cid)


# ================================================================================ Look, Reveal (9.10c)
def _top_or_inventory(ctx: Ctx, q: int, e: dict) -> list[str]:
    """The top ``n`` of a Main Deck, or a whole Inventory / Neopet Deck / Rainbow Pool (9.10b)."""
    pl = ctx.st["players"][q]
    if e.get("from", "main_deck") == "main_deck":
        return pl["main_deck"][:ctx.amount(e.get("n", 1))]
    return list(pl[e["from"]])


ZONE_WORDS = {"main_deck": "Main Deck", "inventory": "Inventory", "neopet_deck": "Neopet Deck",
              "rainbow_pool": "Rainbow Pool"}


@op("look")
def _look(ctx: Ctx, e: dict) -> None:
    """Glossary Look: the controller alone sees ``whose`` (you / opponent) top ``n`` Main Deck cards
    (``from: main_deck``) or whole Inventory (``from: inventory``); the cards stay where they are
    and stay private for everyone else (9.10b)."""
    p = ctx.controller
    q = ctx.players(e.get("whose", "you"))[0]
    zone = e.get("from", "main_deck")
    cards = _top_or_inventory(ctx, q, e)
    R.show(ctx.st, "look", p, q, zone, cards)
    whose = "their" if q == p else f"{R.pname(ctx.st, q)}'s"
    what = f"the top {len(cards)} card{'s' if len(cards) != 1 else ''} of {whose} Main Deck" if zone == "main_deck" \
        else f"{whose} {ZONE_WORDS[zone]} ({len(cards)} cards)"
    ctx.log("look", f"{R.pname(ctx.st, p)} looks at {what} (10 Look)", player=p, whose=q, n=len(cards))
    ctx.log("looked", "You look at: " + (", ".join(ctx.name(c) for c in cards) or "nothing"), to=p, cards=list(cards))


@op("reveal")
def _reveal(ctx: Ctx, e: dict) -> None:
    """Glossary Reveal: cards face-up for both players, once (9.10c).  ``from: main_deck``: the top
    ``n`` of ``whose`` deck; with ``take`` (a filter; your own deck) the matching ones go to your
    Inventory, and ``rest`` (top / bottom / discard) says where the others go.  ``from: inventory`` /
    ``neopet_deck`` / ``rainbow_pool``: ``n`` cards matching ``filter`` chosen by their owner (the whole
    zone without ``n``); the cards stay where they are."""
    p = ctx.controller
    q = ctx.players(e.get("whose", "you"))[0]
    zone = e.get("from", "main_deck")
    if zone != "main_deck" and "n" in e:
        pool = _filtered(ctx, list(ctx.st["players"][q][zone]), e)
        cards = _choose_cards(ctx, "reveal", pool, ctx.amount(e["n"]), "10 Reveal", player=q)
    else:
        cards = _top_or_inventory(ctx, q, e)
    R.show(ctx.st, "reveal", p, q, zone, cards)
    ctx.log("reveal", f"{R.pname(ctx.st, q)} reveals " + (", ".join(ctx.name(c) for c in cards) or "nothing")
            + " (10 Reveal)", player=q, cards=list(cards))
    if zone != "main_deck":
        return
    take = e.get("take")
    for cid in cards:
        if take is not None and R.matches_filter(R.cdef(ctx.g, ctx.st, cid), take) \
                and len(ctx.st["players"][p]["inventory"]) < R.INVENTORY_MAX:
            R.put(ctx.st, cid, "inventory", p)  # Glossary Add: shown (it was just revealed)
            ctx.log("add", f"{R.pname(ctx.st, p)} adds {ctx.name(cid)} to their Inventory", player=p, card=cid)
        elif e.get("rest", "top") != "top":
            R.put(ctx.st, cid, {"bottom": "main_deck", "discard": "discard"}[e["rest"]], ctx.st["cards"][cid]["o"])


# ================================================================================ structure
@op("may")
def _may(ctx: Ctx, e: dict) -> None:
    if ctx.ask("may", ["yes", "no"], e.get("rule", "8.6"), what=e.get("label", "")) == "yes":
        ctx.insert(e["do"])


@op("if")
def _if(ctx: Ctx, e: dict) -> None:
    """8.6d: a condition checked as the effect resolves."""
    ok = R.condition(ctx.g, ctx.st, ctx.controller, ctx.source, e["condition"], ctx.entry)
    ctx.insert(e.get("then", []) if ok else e.get("else", []))


@op("choose_one")
def _choose_one(ctx: Ctx, e: dict) -> None:
    labels = [m["label"] for m in e["modes"]]
    pick = ctx.ask("choose_one", labels, "3.7c")
    ctx.insert(e["modes"][labels.index(pick)]["do"])


@op("delay")
def _delay(ctx: Ctx, e: dict) -> None:
    """8.8: an event at a later time (``when``: end_of_turn | next_turn_start | end_of_round),
    whatever happens to the card that made it (8.8b)."""
    ctx.st["delayed"].append({"controller": ctx.controller, "source": ctx.source, "when": e["when"],
                              "effects": list(e["do"]), "turn": ctx.st["turn"],
                              "label": f"{ctx.name(ctx.source) if ctx.source else 'Delayed'} (delayed)"})
    ctx.log("delay", f"A delayed effect waits until {e['when'].replace('_', ' ')} (8.8)", when=e["when"])


# ================================================================================ validation
#: (op, parameter) -> the values it may take (the default first)
OP_CHOICES: dict[tuple[str, str], tuple[str, ...]] = {
    ("store", "on"): ("self", "target"),
    ("bury", "from"): ("discard", "inventory", "main_deck"),
    ("look", "whose"): ("you", "opponent"), ("look", "from"): HIDDEN_SEEN_ZONES,
    ("reveal", "whose"): ("you", "opponent"), ("reveal", "from"): HIDDEN_SEEN_ZONES,
    ("reveal", "rest"): ("top", "bottom", "discard"),
}


def _check_params(e: dict, card: str) -> None:
    for (name, param), allowed in OP_CHOICES.items():
        if e["op"] == name and e.get(param, allowed[0]) not in allowed:
            raise CardDataError(f"{card}: {name}: {param} is {e[param]!r} (one of {list(allowed)})")
    if e["op"] == "reveal" and "take" in e and (e.get("whose", "you") != "you" or e.get("from", "main_deck") != "main_deck"):
        raise CardDataError(f"{card}: reveal: take needs your own Main Deck (whose you, from main_deck)")
    for key in ("filter", "take"):
        if key in e and not isinstance(e[key], dict):
            raise CardDataError(f"{card}: {e['op']}: {key} must be a filter object")
    if "counter" in e and (e["op"] not in ("store", "remove_counters") or not _counter_name(e["counter"])):
        raise CardDataError(f"{card}: {e['op']}: counter is {e['counter']!r} (the name of a kind of counter, "
                            "on store / remove_counters)")
    if e["op"] == "plan" and "self" in e and (e["self"] is not True or set(e) - {"op", "self"}):
        raise CardDataError(f"{card}: plan: self is {e['self']!r} (true, with no n or filter: \"plan this card\")")


def _counter_name(v: Any) -> bool:
    return isinstance(v, str) and bool(v.strip()) and len(v) <= 40


def _check_amount(n: Any, op_: str, card: str) -> None:
    if n is None or (isinstance(n, int) and not isinstance(n, bool)) or (isinstance(n, str) and n in AMOUNTS):
        return
    if isinstance(n, dict) and set(n) == {"counters"} and _counter_name(n["counters"]):
        return
    raise CardDataError(f"{card}: {op_}: n is {n!r} (a whole number, one of {sorted(AMOUNTS)}, or "
                        "{\"counters\": kind})")


def check_effects(effects: Any, card: str) -> None:
    if not isinstance(effects, list):
        raise CardDataError(f"{card}: effects must be a list of {{op: ...}}")
    for e in effects:
        if not isinstance(e, dict) or e.get("op") not in OPS:
            raise CardDataError(f"{card}: unknown effect op {e.get('op') if isinstance(e, dict) else e!r}")
        _check_amount(e.get("n"), e["op"], card)
        if e["op"] == "stat" and (e.get("stat") not in R.STAT_NAMES or e.get("until", "turn") not in UNTIL):
            raise CardDataError(f"{card}: stat needs stat in {R.STAT_NAMES} and until in {sorted(UNTIL)}")
        if e["op"] == "delay" and e.get("when") not in ("end_of_turn", "next_turn_start", "end_of_round"):
            raise CardDataError(f"{card}: delay: when is {e.get('when')!r}")
        _check_params(e, card)
        if "condition" in e:
            _check_condition(e["condition"], card)
        for key in ("do", "then", "else"):
            if key in e:
                check_effects(e[key], card)
        for m in e.get("modes", ()):
            check_effects(m.get("do"), card)


def _check_condition(cond: Any, card: str) -> None:
    try:
        R.check_condition_names(cond, card)
    except Exception as exc:  # (IllegalActionError from rules: report as card data)
        raise CardDataError(str(exc)) from None


def validate_abilities(abilities: Any, *, card: str) -> None:
    """Refuse card data outside the vocabulary, naming the card and the field."""
    if not isinstance(abilities, list):
        raise CardDataError(f"{card}: effects must be a list of abilities")
    for a in abilities:
        kind = a.get("kind") if isinstance(a, dict) else None
        if kind not in ABILITY_KINDS:
            raise CardDataError(f"{card}: ability kind {kind!r} (one of {sorted(ABILITY_KINDS)})")
        if "condition" in a:
            _check_condition(a["condition"], card)
        if kind == "triggered" and a.get("on") not in TRIGGERS:
            raise CardDataError(f"{card}: trigger {a.get('on')!r} (one of {sorted(TRIGGERS)})")
        if kind == "passive":
            if not any(k in a for k in PASSIVES):
                raise CardDataError(f"{card}: a passive ability needs one of {', '.join(PASSIVES)}")
            if "slots" in a and (not isinstance(a["slots"], int) or isinstance(a["slots"], bool) or a["slots"] < 1):
                raise CardDataError(f"{card}: passive slots is {a['slots']!r} (extra Equipment Slots, a whole number "
                                    "from 1; 9.9a)")
            if "stat" in a and a["stat"] not in R.STAT_NAMES:
                raise CardDataError(f"{card}: passive stat {a['stat']!r}")
            if "cant" in a and a["cant"] not in CANT:
                raise CardDataError(f"{card}: cant {a['cant']!r} (one of {sorted(CANT)})")
            if "immune" in a and a["immune"] not in IMMUNE:
                raise CardDataError(f"{card}: immune {a['immune']!r} (one of {sorted(IMMUNE)})")
            if "dice" in a:
                _check_dice_rule(a, card)
        if kind == "replacement":
            _check_replacement(a, card)
        if kind in ("play", "activated", "triggered"):
            check_effects(a.get("do", []), card)
            if kind != "play" and _plans_itself(a.get("do", [])):
                raise CardDataError(f"{card}: plan: self (\"plan this card\") only in a play ability: the card "
                                    "resolving is Planned (6.6d)")
        for c, v in (a.get("cost") or {}).items():
            if c not in COSTS:
                raise CardDataError(f"{card}: cost {c!r} (one of {sorted(COSTS)})")
            if c == "remove_counters" and not _counter_cost(v):
                raise CardDataError(f"{card}: cost remove_counters is {v!r} (a whole number from 1, or "
                                    "{kind: a whole number from 1} for named counters)")
        t = a.get("target")
        if t is not None and (not isinstance(t, dict) or not set(t.get("types", ())) <= TARGET_TYPES
                              or t.get("whose", "opponent") not in ("you", "opponent", "any")):
            raise CardDataError(f"{card}: target {t!r}")
        r = a.get("roll")
        if r is not None and (not isinstance(r, dict) or r.get("sides", 6) not in (3, 6)):
            raise CardDataError(f"{card}: roll {r!r} (dice, sides 6 or 3)")


def _counter_cost(v: Any) -> bool:
    def whole(x: Any) -> bool:
        return isinstance(x, int) and not isinstance(x, bool) and x >= 1
    if isinstance(v, dict):
        return bool(v) and all(_counter_name(k) and whole(x) for k, x in v.items())
    return whole(v)


def _plans_itself(effects: list) -> bool:
    for e in effects:
        if isinstance(e, dict) and (e.get("op") == "plan" and e.get("self")
                                    or any(_plans_itself(e.get(k) or []) for k in ("do", "then", "else"))
                                    or any(_plans_itself(m.get("do") or []) for m in e.get("modes", ()))):
            return True
    return False


def _check_dice_rule(a: dict, card: str) -> None:
    """Passive ``dice`` (7.5): ``extra`` dice (n, may be negative) for a ``side`` (attack / defence), successes from ``n``
    (``success_at`` 2-6, 7.5g.2), a ``reroll_limit`` of n (0 or more) for the Agility Step (7.5f.4)."""
    rule, n = a["dice"], a.get("n")
    if rule not in DICE_RULES:
        raise CardDataError(f"{card}: passive dice is {rule!r} (one of {sorted(DICE_RULES)})")
    if not isinstance(n, int) or isinstance(n, bool):
        raise CardDataError(f"{card}: passive dice {rule}: n is {n!r} (a whole number)")
    if rule == "success_at" and not 2 <= n <= 6:
        raise CardDataError(f"{card}: passive dice success_at: n is {n} (a die result from 2 to 6; 7.5g.2)")
    if rule == "reroll_limit" and n < 0:
        raise CardDataError(f"{card}: passive dice reroll_limit: n is {n} (0 or more; 7.5f.4)")
    if a.get("side", "any") not in ("attack", "defence", "any") or (rule == "reroll_limit" and "side" in a):
        raise CardDataError(f"{card}: passive dice {rule}: side is {a.get('side')!r} (attack, defence or any; "
                            "not for reroll_limit)")
    if a.get("to", "you") not in ("you", "opponent", "each"):
        raise CardDataError(f"{card}: passive dice {rule}: to is {a.get('to')!r} (you, opponent or each)")


def _check_replacement(a: dict, card: str) -> None:
    """8.9: the events a replacement effect of the vocabulary replaces."""
    event = a.get("event")
    if event not in REPLACEMENTS:
        raise CardDataError(f"{card}: replacement event {event!r} (one of {sorted(REPLACEMENTS)})")
    if event in INSTEAD and a.get("instead", INSTEAD[event][0]) not in INSTEAD[event]:
        raise CardDataError(f"{card}: replacement {event}: instead is {a.get('instead')!r} "
                            f"(one of {sorted(INSTEAD[event])})")
    if event == "damage" and not isinstance(a.get("prevent", 0), int):
        raise CardDataError(f"{card}: replacement damage: prevent is {a.get('prevent')!r} (a whole number)")
