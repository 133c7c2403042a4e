"""Zones, card moves, dice, Neopet stats, damage and triggers (Comprehensive Rules 1.2).

Plain functions over the state dict (see state.py).  ``g`` is the ``NeopetsGame`` (card database);
``ev`` collects the events of one ``apply``.
"""
from __future__ import annotations

from typing import Any, Callable, Iterator

from .. import rng as _rng
from ..api import IllegalActionError
from .carddefs import CardDef

#: zone tags of the per-player lists (state.py)
LIST_ZONES = ("neopet_deck", "rainbow_pool", "main_deck", "inventory", "discard", "void", "play_area", "stolen",
              "round_results", "codestones", "equipment", "planned")  # planned: face-down in the Battledome (6.6d)
SLOT_ZONES = ("neopet", "champion")  # 6.4, 6.6a.1
HIDDEN_ZONES = frozenset({"neopet_deck", "rainbow_pool", "main_deck", "inventory", "stolen", "planned"})  # 9.10b
IN_PLAY = frozenset({"neopet", "champion", "equipment", "play_area"})  # sources of abilities (8.3b, 8.7a.1)
INVENTORY_MAX = 50  # 6.7b
STAT_MAX = 10  # 5.3d
HIT_POINTS_MAX = 16  # 5.3d.1
MAX_CODESTONES = 5  # 5.14c.3
EQUIPMENT_SLOTS = 3  # 5.8d.2
STAT_NAMES = ("attack", "defence", "agility", "hit_points")  # 5.3a


def opp(p: int) -> int:
    return 1 - p


def cdef(g, st: dict, cid: str) -> CardDef:
    return g.db[st["cards"][cid]["k"]]


def name(g, st: dict, cid: str) -> str:
    return cdef(g, st, cid).name


def pname(st: dict, p: int) -> str:
    return st["players"][p]["name"]


# ---------------------------------------------------------------------------------------------- dice
def roll(st: dict, n: int, sides: int = 6) -> list[int]:
    """``n`` dice from the state's PRNG (stacked results first, for tests).  9.3a: a d3 is a d6
    read 1-2 -> 1, 3-4 -> 2, 5-6 -> 3."""
    out = []
    for _ in range(max(0, n)):
        if st["dice"]:
            v = st["dice"].pop(0)
        else:
            st["rng"], v = _rng.randbelow(st["rng"], 6)
            v += 1
        out.append((v + 1) // 2 if sides == 3 else v)
    return out


def success(v: int) -> bool:
    return v >= 4  # 7.5g.2 (1-3 fail, 7.5g.3)


# ---------------------------------------------------------------------------------------------- zones
def new_card(st: dict, key: str, owner: int, zone: str) -> str:
    cid = f"c{st['nid']}"
    st["nid"] += 1
    st["cards"][cid] = {"k": key, "o": owner, "z": zone, "p": owner}
    st["players"][owner][zone].append(cid)
    return cid


def detach(st: dict, cid: str) -> None:
    """Take a card out of wherever it is (a list, a slot or the Queue)."""
    c = st["cards"][cid]
    z, p = c["z"], c["p"]
    if z in SLOT_ZONES:
        st["players"][p][z] = None
    elif z == "queue":
        for i, e in enumerate(st["queue"]):
            if e.get("card") == cid:
                del st["queue"][i]
                break
    elif z != "resolving":
        st["players"][p][z].remove(cid)


def put(st: dict, cid: str, zone: str, p: int, *, bottom: bool = True, **fields: Any) -> None:
    """Move a card to ``zone`` of player ``p`` (list zones: on the bottom, or on top with
    ``bottom=False``; a deck's top is its first item).  In-play fields start fresh."""
    c = st["cards"][cid]
    detach(st, cid)
    new = {"k": c["k"], "o": c["o"], "z": zone, "p": p}
    if zone in IN_PLAY or zone == "codestones":
        st["seq"] += 1
        new.update({"c": p, "seq": st["seq"]})
    new.update(fields)
    st["cards"][cid] = new
    if zone in SLOT_ZONES:
        st["players"][p][zone] = cid
    elif zone in ("queue", "resolving"):
        pass  # (the Queue entry / the frame holds it)
    elif bottom:
        st["players"][p][zone].append(cid)
    else:
        st["players"][p][zone].insert(0, cid)


def to_discard(g, st: dict, cid: str, ev=None) -> None:
    """A card leaving play or the Queue: Faeries, Heroes and Villains from the Battledome go to their
    owner's Void (5.5e), anything else to its owner's Discard (3.7d, 3.5a)."""
    c = st["cards"][cid]
    if c["z"] == "champion":
        to_void(g, st, cid, ev)
        return
    put(st, cid, "discard", c["o"])


def to_void(g, st: dict, cid: str, ev=None) -> None:
    """A card sent to its owner's Void - unless its own replacement effect (8.9b, ``event: voided``: "if
    this card would be sent to the Void, return it to your Inventory / Discard / the bottom of your
    Main Deck instead") replaces the event.  (A cost paid by voiding the card itself is paid as
    stated, 3.6.)"""
    c = st["cards"][cid]
    where = own_replacement(g, st, cid, "voided")
    if where is None:
        put(st, cid, "void", c["o"])
        return
    put(st, cid, where, c["o"])
    if ev is not None:
        ev.add("replace", f"{name(g, st, cid)} would be sent to the Void: it goes to its owner's "
               f"{where.replace('_', ' ')} instead (8.9b)", card=cid, player=c["o"])


def own_replacement(g, st: dict, cid: str, event: str) -> str | None:
    """Where a card's own replacement effect for ``event`` (destroyed / voided) sends it instead, or
    None (no such effect, its condition fails, or the Inventory is full, 6.7b)."""
    c = st["cards"][cid]
    for _i, a in cdef(g, st, cid).abilities("replacement"):
        if a.get("event") != event or not condition(g, st, c.get("c", c["o"]), cid, a.get("condition")):
            continue
        where = a.get("instead", "inventory")
        if where == "inventory" and len(st["players"][c["o"]]["inventory"]) >= INVENTORY_MAX:
            return None  # 6.7b: no room; the event happens after all
        return where
    return None


def destroy(g, st: dict, ev, cid: str) -> None:
    """Glossary Destroy: from the Battledome to the Discard (a Champion to the Void, 5.5e) - unless the
    card's own replacement effect (8.9b, "if this card would be destroyed, return it to your
    Inventory / the bottom of your Main Deck instead") replaces the event."""
    c = st["cards"][cid]
    where = own_replacement(g, st, cid, "destroyed")
    if where is None:
        ev.add("destroy", f"{name(g, st, cid)} is destroyed", card=cid)
        to_discard(g, st, cid, ev)
        return
    put(st, cid, where, c["o"])
    ev.add("replace", f"{name(g, st, cid)} would be destroyed: it goes to its owner's "
           f"{where.replace('_', ' ')} instead (8.9b)", card=cid, player=c["o"])


def steal_replaced(g, st: dict, ev, cid: str) -> bool:
    """8.9 ``event: stolen``: "if a card of yours would be stolen (8.10), put it into your Discard / on
    the bottom of your Main Deck instead" - a replacement of a card in play, for its ``to`` (default
    you: the cards' owner).  True if the steal was replaced."""
    owner = st["cards"][cid]["o"]
    for ctrl, src, _i, a in abilities_in_play(g, st, "replacement"):
        if a.get("event") != "stolen" or not applies_to(ctrl, a.get("to", "you"), owner) \
                or not condition(g, st, ctrl, src, a.get("condition")):
            continue
        where = a.get("instead", "discard")
        put(st, cid, where, owner)
        ev.add("replace", f"{name(g, st, src)}: a card {pname(st, owner)} would lose to a steal goes to their "
               f"{where.replace('_', ' ')} instead (8.9)", card=src, player=owner)
        return True
    return False


def face_up_discard(st: dict, p: int) -> list[str]:
    """6.8d: face-down (Buried) cards of a Discard can't be targeted or played unless stated."""
    return [c for c in st["players"][p]["discard"] if not st["cards"][c].get("fd")]


def shuffle_deck(st: dict, p: int) -> None:
    if not st["stacked"]:
        st["rng"] = _rng.shuffle(st["rng"], st["players"][p]["main_deck"])


def draw(g, st: dict, ev, p: int, n: int = 1) -> int:
    """8.12a: the top card of the Main Deck into the Inventory (never past 50 cards, 6.7b)."""
    pl = st["players"][p]
    drawn = 0
    for _ in range(n):
        if not pl["main_deck"] or len(pl["inventory"]) >= INVENTORY_MAX:
            break
        cid = pl["main_deck"][0]
        put(st, cid, "inventory", p)
        drawn += 1
        ev.add("draw", f"You draw {name(g, st, cid)}", to=p, player=p, card=cid)
    if drawn:
        ev.add("draws", f"{pname(st, p)} draws {drawn} card{'s' if drawn > 1 else ''}", player=p, n=drawn)
    return drawn


# ---------------------------------------------------------------------------------------------- in play
def sources(st: dict, p: int) -> Iterator[str]:
    """Cards of player ``p`` whose abilities apply (8.7a.1): the active Neopet, the Champion, the
    Equipment Slots (petpets too) and the Play Area."""
    pl = st["players"][p]
    if pl["neopet"] is not None and st["cards"][pl["neopet"]].get("fu"):
        yield pl["neopet"]
    if pl["champion"] is not None:
        yield pl["champion"]
    yield from pl["equipment"]
    yield from pl["play_area"]


def abilities_in_play(g, st: dict, kind: str) -> Iterator[tuple[int, str, int, dict]]:
    """(controller, card id, ability index, ability) of every ``kind`` ability in play, in the order
    the cards came into play."""
    found = []
    cards, db = st["cards"], g.db.cards
    for p in (0, 1):
        for cid in sources(st, p):
            d = db[cards[cid]["k"]]
            if kind in d.kinds:
                for i, a in enumerate(d.effects):
                    if a["kind"] == kind:
                        found.append((cards[cid].get("seq", 0), p, cid, i, a))
    if len(found) > 1:
        found.sort(key=lambda t: t[0])
    for _s, p, cid, i, a in found:
        yield p, cid, i, a


def applies_to(controller: int, who: str, p: int) -> bool:
    """An ability's ``who``/``to`` (you | opponent | each) relative to its controller."""
    return who == "each" or (who == "opponent") == (p != controller)


def cant(g, st: dict, p: int, what: str) -> bool:
    """1.5a: a passive "can't" beats any "can"."""
    for ctrl, cid, _i, a in abilities_in_play(g, st, "passive"):
        if a.get("cant") == what and applies_to(ctrl, a.get("who", "opponent"), p) and condition(g, st, ctrl, cid, a.get("condition")):
            return True
    return False


def immune(g, st: dict, p: int, what: str) -> bool:
    """Glossary "Immune": player ``p``'s Neopet can't be affected by ``what``."""
    if what in ("freeze",) and st["players"][p]["status"].get("shadows"):
        return True  # Glossary "Enter the Shadows": not affected by Status effects
    for ctrl, cid, _i, a in abilities_in_play(g, st, "passive"):
        if a.get("immune") == what and ctrl == p and condition(g, st, ctrl, cid, a.get("condition")):
            return True
    return False


def equipment_slots(g, st: dict, p: int) -> int:
    """5.8d.2: three Equipment Slots, plus the extra ones a passive ability of player ``p`` gives
    (9.9a: more cards in the Battledome than the normal limit)."""
    n = EQUIPMENT_SLOTS
    for ctrl, cid, _i, a in abilities_in_play(g, st, "passive"):
        if a.get("slots") and ctrl == p and condition(g, st, ctrl, cid, a.get("condition")):
            n += a["slots"]
    return n


def excess_equipment(g, st: dict, ev) -> None:
    """When an extra Equipment Slot is gone (9.9a: the card that gave it left play), the oldest cards of
    the slots go to the Discard until they fit (the engine's choice: the rules leave it open)."""
    for p in (0, 1):
        eq = st["players"][p]["equipment"]
        while len(eq) > EQUIPMENT_SLOTS and len(eq) > equipment_slots(g, st, p):
            cid = eq[0]
            ev.add("slot_lost", f"{name(g, st, cid)} has no Equipment Slot any more: to the Discard (9.9a)", card=cid)
            to_discard(g, st, cid)


# ---------------------------------------------------------------------------------------------- dice rules
def dice_rules(g, st: dict, p: int, rule: str, roll_: str | None = None) -> Iterator[int]:
    """The ``n`` of every passive ``dice`` ability of kind ``rule`` (extra / success_at / reroll_limit)
    that applies to player ``p`` (``to``, default you) and to their ``roll_`` (attack / defence; a
    passive's ``side`` ``any`` or absent means both), in the order their cards came into play."""
    for ctrl, cid, _i, a in abilities_in_play(g, st, "passive"):
        if a.get("dice") == rule and applies_to(ctrl, a.get("to", "you"), p) \
                and a.get("side", "any") in ("any", roll_) and condition(g, st, ctrl, cid, a.get("condition")):
            yield a.get("n", 0)


def battle_dice(g, st: dict, p: int, roll_: str) -> int:
    """7.5d.2 / 7.5e.2: as many dice as the Attack / Defence Stat, plus or minus the extra dice of
    passive abilities (``dice: extra``) - never fewer than none."""
    return max(0, stat(g, st, p, roll_) + sum(dice_rules(g, st, p, "extra", roll_)))


def success_at(g, st: dict, p: int, roll_: str) -> int:
    """7.5g.2: a battle die succeeds on 4 or more - unless a passive ability (``dice: success_at``)
    counts successes from another result; with several, the one applied first takes precedence
    (8.7d).  A 6 stays the only critical (9.3b.1), and a 6 always succeeds."""
    return min(6, next(dice_rules(g, st, p, "success_at", roll_), 4))


def reroll_limit(g, st: dict, p: int) -> int | None:
    """7.5f.4: the more agile player re-rolls up to the difference in Agility - at most ``n`` dice
    under a passive ``dice: reroll_limit`` (the one applied first, 8.7d); None: no limit."""
    return next(dice_rules(g, st, p, "reroll_limit"), None)


# ---------------------------------------------------------------------------------------------- Transform
def transform_options(g, st: dict, p: int, f: dict | None) -> list[str]:
    """Glossary Transform: the Rainbow Pool Neopets player ``p``'s active Neopet may become - the same
    Name (the engine reads it as the active Neopet's species, as a Paint Brush does, 5.6c.2), matching
    the card's filter ``f``, and meeting the requirements on the card (its Level Requirement, 3.3a.1)."""
    pl = st["players"][p]
    if pl["neopet"] is None or not st["cards"][pl["neopet"]].get("fu"):
        return []
    species = cdef(g, st, pl["neopet"]).species.casefold()
    lv = level(st, p)
    out = []
    for cid in pl["rainbow_pool"]:
        d = cdef(g, st, cid)
        if d.type == "Neopet" and d.species.casefold() == species and (d.level or 0) <= lv \
                and matches_filter(d, f or {}):
            out.append(cid)
    return out


# ---------------------------------------------------------------------------------------------- Look / Reveal
def show(st: dict, kind: str, player: int, whose: int, zone: str, cards: list[str]) -> None:
    """Glossary Look (``kind`` look: only ``player`` sees the cards) and Reveal (both players).  9.10c:
    revealed once, not public information after - the view shows them until the end of the turn."""
    st.setdefault("seen", []).append({"kind": kind, "player": player, "whose": whose, "from": zone,
                                      "cards": list(cards), "turn": st["turn"]})


def seen_by(st: dict, viewer) -> set[str]:
    """Card ids a viewer was shown by a Look or Reveal this turn."""
    return {c for s in st.get("seen", ()) if s["kind"] == "reveal" or viewer in (s["player"], "judge")
            for c in s["cards"]}


# ---------------------------------------------------------------------------------------------- counters
def counters(st: dict, cid: str | None, kind: str | None = None) -> int:
    """Glossary Counter / Store: counters on a card (they go with the card's in-play record: a card
    that changes zones loses them).  ``kind`` names one of several kinds of counters on a card
    (``"fire"``, ``"ice"``: card record ``nc``); without it, the card's plain counters."""
    c = st["cards"].get(cid) if cid is not None else None
    if c is None:
        return 0
    return c.get("counters", 0) if kind is None else c.get("nc", {}).get(kind, 0)


def add_counters(st: dict, cid: str, n: int, kind: str | None = None) -> int:
    c = st["cards"][cid]
    if kind is not None:
        named = c.setdefault("nc", {})
        named[kind] = max(0, named.get(kind, 0) + n)
        if not named[kind]:
            del named[kind]
        if not named:
            del c["nc"]
        return counters(st, cid, kind)
    c["counters"] = max(0, c.get("counters", 0) + n)
    if not c["counters"]:
        del c["counters"]
    return c.get("counters", 0)


# ---------------------------------------------------------------------------------------------- stats
def level(st: dict, p: int) -> int:
    return len(st["players"][p]["codestones"])  # 5.14e.1


def base_stat(g, st: dict, p: int, stat: str) -> int:
    """5.3b.1: printed value plus the attached Codestones' boosts."""
    pl = st["players"][p]
    if pl["neopet"] is None:
        return 0
    v = cdef(g, st, pl["neopet"]).stat(stat)
    for cs in pl["codestones"]:
        v += cdef(g, st, cs).stat(stat)
    return v


def _modify(v: int, n: int, mode: str) -> int:
    return v * 2 if mode == "double" else v + n


def stat(g, st: dict, p: int, stat_name: str) -> int:
    """5.3b.2 Total Value: base, then passive abilities in the order their cards came into play
    (8.7c: the engine applies them in that order rather than asking), then timed modifiers; capped
    at 10 per stat and 16 Hit Points (5.3d), never below 0."""
    v = base_stat(g, st, p, stat_name)
    if st["players"][p]["neopet"] is None:
        return 0
    for ctrl, cid, _i, a in abilities_in_play(g, st, "passive"):
        if a.get("stat") == stat_name and applies_to(ctrl, a.get("to", "you"), p) \
                and condition(g, st, ctrl, cid, a.get("condition")):
            v = _modify(v, a.get("n", 0), a.get("mode", "add"))
    for m in st["mods"]:
        if m["player"] == p and m["stat"] == stat_name:
            v = _modify(v, m["n"], m["mode"])
    return max(0, min(v, HIT_POINTS_MAX if stat_name == "hit_points" else STAT_MAX))


def stats(g, st: dict, p: int) -> dict[str, int]:
    return {s: stat(g, st, p, s) for s in ("attack", "defence", "agility", "hit_points")}


# ---------------------------------------------------------------------------------------------- damage
def deal_damage(g, st: dict, ev, p: int, n: int, *, source: str = "effect", by: int | None = None) -> int:
    """Deal ``n`` damage to player ``p``'s Neopet.  Replacement effects (8.9) apply first; knocking
    out is checked at once (7.5h.3), so the first Neopet knocked out loses the round (1.3a.2)."""
    pl = st["players"][p]
    if n <= 0 or pl["neopet"] is None or st["ko"] is not None:
        return 0
    for ctrl, cid, i, a in abilities_in_play(g, st, "replacement"):
        if a.get("event") != "damage" or not applies_to(ctrl, a.get("to", "you"), p):
            continue
        if a.get("source", "any") not in ("any", source) or not condition(g, st, ctrl, cid, a.get("condition")):
            continue
        used = st["cards"][cid].setdefault("used", {})
        if a.get("once_per_turn") and used.get(str(i)) == st["turn"]:
            continue
        prevented = min(n, a.get("prevent", 0))
        if prevented:
            used[str(i)] = st["turn"]
            n -= prevented
            ev.add("prevent", f"{name(g, st, cid)} prevents {prevented} damage instead (8.9)", card=cid, n=prevented)
        if n <= 0:
            return 0
    pl["damage"] += n
    hp = stat(g, st, p, "hit_points")
    ev.add("damage", f"{name(g, st, pl['neopet'])} ({pname(st, p)}) is dealt {n} damage ({pl['damage']}/{hp})",
           player=p, n=n, source=source)
    if pl["damage"] >= hp and not survives_knock_out(g, st, ev, p):
        st["ko"] = p
        ev.add("knocked_out", f"{name(g, st, pl['neopet'])} is knocked out (7.5h.3)", player=p)
        return n
    fire(g, st, "dealt_damage", p, n=n)
    if by is not None:
        fire(g, st, "deals_damage", by, n=n)
    return n


def heal(g, st: dict, ev, p: int, n: int) -> None:
    pl = st["players"][p]
    healed = min(n, pl["damage"])
    pl["damage"] -= healed
    if healed:
        ev.add("heal", f"{pname(st, p)}'s Neopet heals {healed} damage", player=p, n=healed)


def knockout_check(g, st: dict, ev=None) -> None:
    """A Neopet whose damage reaches its Hit Points (an effect lowered them) is knocked out (7.5h.3);
    the non-active player's Neopet is looked at first."""
    if st["ko"] is not None or st["phase"] in ("setup", "over"):
        return
    for p in (opp(st["active"]), st["active"]):
        pl = st["players"][p]
        if pl["damage"] and pl["neopet"] is not None and pl["damage"] >= stat(g, st, p, "hit_points") \
                and not survives_knock_out(g, st, ev, p):
            st["ko"] = p
            return


def survives_knock_out(g, st: dict, ev, p: int) -> bool:
    """8.9: "if your Neopet would be knocked out, instead it is left with 1 Hit Point" (``event:
    knock_out``): the damage becomes its Hit Points minus one and the card goes to its owner's
    Discard (a Champion to the Void, 5.5e) - the replacement is spent with its card, so it can't
    keep a Neopet in the round for ever."""
    pl = st["players"][p]
    for ctrl, cid, _i, a in abilities_in_play(g, st, "replacement"):
        if a.get("event") != "knock_out" or not applies_to(ctrl, a.get("to", "you"), p) \
                or not condition(g, st, ctrl, cid, a.get("condition")):
            continue
        hp = stat(g, st, p, "hit_points")
        if hp < 1:
            continue  # no Hit Point to be left with
        pl["damage"] = hp - 1
        to_discard(g, st, cid)
        if ev is not None:
            ev.add("replace", f"{pname(st, p)}'s Neopet would be knocked out: {name(g, st, cid)} leaves it 1 Hit Point "
                   f"instead (8.9)", player=p, card=cid)
        return True
    return False


# ---------------------------------------------------------------------------------------------- triggers
def phase_start(g, st: dict, phase: str) -> None:
    st["phase"] = phase
    fire(g, st, "phase_start", st["active"], phase=phase)  # 9.5b "at the beginning of"


def fire(g, st: dict, event: str, p: int, **data: Any) -> None:
    """Collect triggered abilities (8.5) whose ``on`` matches an event that happened to player ``p``;
    they wait (8.5b) until the effect that caused them has finished, then go into the Queue (9.6a)."""
    for ctrl, cid, i, a in abilities_in_play(g, st, "triggered"):
        if trigger_matches(g, st, a, event, ctrl, p, data) and condition(g, st, ctrl, cid, a.get("condition")):
            st["nid"] += 1
            st["waiting"].append({"id": f"t{st['nid']}", "controller": ctrl, "source": cid, "ability": i, "kind": "trigger",
                                  "label": f"{name(g, st, cid)}: {a.get('on')}"})


def trigger_matches(g, st: dict, a: dict, event: str, ctrl: int, p: int, data: dict) -> bool:
    on = a.get("on")
    mine = p == ctrl
    if on == event and event in ("turn_start", "end_of_turn", "dealt_damage", "deals_damage", "codestone_attached",
                                 "attack_rolled"):
        return mine
    if on == "opponent_turn_start" and event == "turn_start":
        return not mine
    if on == "phase_start" and event == "phase_start":
        return (mine or a.get("any_turn", False)) and a.get("phase") == data.get("phase")
    if on in ("you_play", "opponent_plays") and event == "play":
        if (on == "you_play") != mine:
            return False
        return matches_filter(g.db[data["key"]], a.get("filter") or {})
    return False


def matches_filter(d: CardDef, f: dict) -> bool:
    """A card filter: ``type`` / ``types``, ``team``, ``name_contains`` (9.8a: any name containing
    the words, punctuation and case ignored), ``max_level``."""
    if "type" in f and d.type != f["type"]:
        return False
    if "types" in f and d.type not in f["types"]:
        return False
    if f.get("team") and d.team.casefold() != str(f["team"]).casefold():
        return False
    if f.get("name_contains"):
        def norm(s: str) -> str:
            return "".join(ch for ch in s.casefold() if ch.isalnum() or ch == " ")
        if norm(f["name_contains"]).rstrip("s") not in norm(d.name):
            return False
    if "max_level" in f and (d.level is None or d.level > f["max_level"]):
        return False  # 4.2d: cards without a Level Requirement are not counted
    return True


# ---------------------------------------------------------------------------------------------- conditions
CONDITIONS: dict[str, Callable[..., bool]] = {}


def condition_test(name_: str) -> Callable:
    def register(fn: Callable) -> Callable:
        if name_ in CONDITIONS:
            raise ValueError(f"the condition {name_!r} is registered twice")
        CONDITIONS[name_] = fn
        return fn
    return register


def condition(g, st: dict, p: int, source: str | None, cond: dict | None, entry: dict | None = None) -> bool:
    """8.6 / 8.7a.3: ``cond`` ({"test": name, ...}) for player ``p``; no condition is true."""
    if not cond:
        return True
    return CONDITIONS[cond["test"]](g, st, p, source, cond, entry or {})


@condition_test("inventory_at_most")
def _inventory_at_most(g, st, p, src, c, e) -> bool:
    return len(st["players"][p]["inventory"]) <= c.get("n", 0)


@condition_test("level_at_least")
def _level_at_least(g, st, p, src, c, e) -> bool:
    return level(st, p) >= c.get("n", 1)


@condition_test("damage_at_least")
def _damage_at_least(g, st, p, src, c, e) -> bool:
    return st["players"][p]["damage"] >= c.get("n", 1)


@condition_test("opponent_damage_at_least")
def _opp_damage_at_least(g, st, p, src, c, e) -> bool:
    return st["players"][opp(p)]["damage"] >= c.get("n", 1)


@condition_test("behind_in_rounds")
def _behind(g, st, p, src, c, e) -> bool:
    return st["players"][p]["rounds_won"] < st["players"][opp(p)]["rounds_won"]


@condition_test("your_turn")
def _your_turn(g, st, p, src, c, e) -> bool:
    return st["active"] == p


@condition_test("phase")
def _phase(g, st, p, src, c, e) -> bool:
    return st["phase"] == c.get("phase")


@condition_test("controls")
def _controls(g, st, p, src, c, e) -> bool:
    return any(matches_filter(cdef(g, st, cid), c.get("filter") or {}) for cid in sources(st, p)
               if cdef(g, st, cid).type != "Neopet")


@condition_test("exhausted")
def _exhausted(g, st, p, src, c, e) -> bool:
    return not st["players"][p]["main_deck"]  # 9.2a


@condition_test("successes_at_least")
def _successes(g, st, p, src, c, e) -> bool:
    return sum(1 for v in e.get("dice") or () if success(v)) >= c.get("n", 1)  # 8.13a


@condition_test("species")
def _species(g, st, p, src, c, e) -> bool:
    neo = st["players"][p]["neopet"]
    return neo is not None and cdef(g, st, neo).species.casefold() == str(c.get("species", "")).casefold()


@condition_test("counters_at_least")
def _counters_at_least(g, st, p, src, c, e) -> bool:
    return counters(st, src, c.get("counter")) >= c.get("n", 1)  # Glossary Counter: on the ability's card (of one kind)


@condition_test("can_transform")
def _can_transform(g, st, p, src, c, e) -> bool:
    return bool(transform_options(g, st, p, c.get("filter")))  # Glossary Transform (9.11a: it can resolve)


@condition_test("not")
def _not(g, st, p, src, c, e) -> bool:
    return not condition(g, st, p, src, c.get("condition"), e)


def check_condition_names(cond: dict | None, card: str) -> None:
    if cond is None:
        return
    if not isinstance(cond, dict) or cond.get("test") not in CONDITIONS:
        raise IllegalActionError(f"{card}: unknown condition {cond!r}")
    if cond["test"] == "not":
        check_condition_names(cond.get("condition"), card)
