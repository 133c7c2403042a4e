"""Per-viewer views (a player 0 | 1, "spectator", "judge").  9.10: public information is shown to
everyone; private information (Inventories, deck contents and order, Neopet Decks, Rainbow Pools,
stolen piles, face-down Neopets before the reveal, Planned cards, Buried cards of a Discard) only to
its player (3.4b.2, 3.4b.2a) and to judges; a Look's cards only to the looking player, a Reveal's to
both (until the end of the turn, 9.10c)."""
from __future__ import annotations

from typing import Any

from . import rules as R


def card_public(g, st: dict, cid: str) -> dict[str, Any]:
    c = st["cards"][cid]
    d = g.db[c["k"]]
    out: dict[str, Any] = {"id": cid, "key": d.key, "name": d.name, "type": d.type, "number": d.number,
                           "level_requirement": d.level, "team": d.team, "text": d.text, "owner": c["o"], "zone": c["z"],
                           "automated": d.automated}
    if d.stats:
        out["stats"] = dict(d.stats)
    if d.species:
        out["species"] = d.species
    if d.color:
        out["color"] = d.color
    if "c" in c:
        out["controller"] = c["c"]
    if c.get("petpet_used"):
        out["petpet_used"] = list(c["petpet_used"])
    if c.get("counters"):
        out["counters"] = c["counters"]  # Glossary Counter: public
    if c.get("nc"):
        out["named_counters"] = dict(sorted(c["nc"].items()))  # counters of several named kinds: public
    if c.get("tf"):
        out["transformed_from"] = g.db[c["tf"]].name  # Glossary Transform: the Neopet it was (public)
    if c.get("fd"):
        out["face_down"] = True  # Buried (6.8d): only its owner and judges get this record
    if c.get("planned") is not None:
        out["planned_turn"] = c["planned"]
    return out


def _discard(g, st: dict, p: int, own: bool) -> list[dict[str, Any]]:
    """6.8c: the Discard is public, but a Buried card is face-down (6.8d): others see only that it is
    there (it still counts)."""
    return [card_public(g, st, c) if own or not st["cards"][c].get("fd")
            else {"face_down": True, "owner": st["cards"][c]["o"], "zone": "discard"}
            for c in st["players"][p]["discard"]]


def _neopet(g, st: dict, p: int, viewer: Any) -> dict[str, Any] | None:
    pl = st["players"][p]
    cid = pl["neopet"]
    if cid is None:
        return None
    face_up = bool(st["cards"][cid].get("fu"))
    if not face_up and viewer not in (p, "judge"):
        return {"face_down": True}  # 1.2e, 9.10b: not even its instance id
    out = card_public(g, st, cid)
    out.update({"face_down": not face_up, "damage": pl["damage"], "level": R.level(st, p),
                "stats": R.stats(g, st, p), "base_stats": {s: R.base_stat(g, st, p, s) for s in R.STAT_NAMES},
                "printed_stats": dict(g.db[st["cards"][cid]["k"]].stats), "status": dict(pl["status"])})
    return out


def _player(g, st: dict, p: int, viewer: Any) -> dict[str, Any]:
    pl = st["players"][p]
    own = viewer == p or viewer == "judge"

    def cards(zone: str) -> list[dict]:
        return [card_public(g, st, c) for c in pl[zone]]

    out = {
        "index": p, "name": pl["name"], "rounds_won": pl["rounds_won"],
        "neopet": _neopet(g, st, p, viewer), "codestones": cards("codestones"),
        "champion": card_public(g, st, pl["champion"]) if pl["champion"] else None,
        "equipment": cards("equipment"), "play_area": cards("play_area"), "discard": _discard(g, st, p, own),
        "void": cards("void"),
        "round_results": [{"face_up": bool(st["cards"][c].get("fu")), "card": card_public(g, st, c)}
                          for c in pl["round_results"]],  # 6.11b: public
        "inventory_size": len(pl["inventory"]), "main_deck_size": len(pl["main_deck"]),
        "neopet_deck_size": len(pl["neopet_deck"]), "rainbow_pool_size": len(pl["rainbow_pool"]),
        "stolen_size": len(pl["stolen"]), "exhausted": not pl["main_deck"],
        "inventory": cards("inventory") if own else None, "stolen": cards("stolen") if own else None,
        "neopet_deck": cards("neopet_deck") if own else None, "rainbow_pool": cards("rainbow_pool") if own else None,
        "played_card": pl["played_card"], "attached": pl["attached"], "pledged": pl["pledged"],
        "mulliganed": pl["mulliganed"],
        "equipment_slots": R.equipment_slots(g, st, p),  # 5.8d.2 (9.9a: more with an extra slot)
        "planned_size": len(pl["planned"]),  # 6.6d: each Planned card visible, its face private
        "planned": cards("planned") if own else None,
    }
    if viewer == "judge":
        out["main_deck"] = cards("main_deck")  # top first
    return out


def _pending(g, st: dict, viewer: Any) -> dict[str, Any] | None:
    pend = st["pending"]
    if not pend:
        return None
    if viewer not in (pend["player"], "judge"):
        return {"player": pend["player"], "kind": pend["kind"], "rule": pend.get("rule")}
    out = {k: v for k, v in pend.items() if k != "in_effect"}
    # the deciding player sees the cards offered to them (a search of their own deck, 8.11)
    offered = {o: card_public(g, st, o) for o in pend["options"] if isinstance(o, str) and o in st["cards"]}
    if pend.get("card") in st["cards"]:
        offered[pend["card"]] = card_public(g, st, pend["card"])
    if offered:
        out["cards"] = offered
    return out


def _queue(g, st: dict) -> list[dict[str, Any]]:
    out = []
    for e in st["queue"]:
        item = {"id": e["id"], "kind": e["kind"], "controller": e["controller"], "label": e["label"],
                "card": card_public(g, st, e["card"]) if e.get("card") else None,
                "source": e.get("source") if e.get("source") in st["cards"] and st["cards"][e["source"]]["z"] not in R.HIDDEN_ZONES else None}
        if e.get("dice"):
            item["dice"] = list(e["dice"])
        if e.get("target"):
            item["target"] = e["target"]["id"]
        out.append(item)
    return out


def _seen(g, st: dict, viewer: Any) -> list[dict[str, Any]]:
    """This turn's Looks (their cards only for the looking player) and Reveals (for everyone)."""
    out = []
    for s in st.get("seen", ()):
        item = {"kind": s["kind"], "player": s["player"], "whose": s["whose"], "from": s["from"], "n": len(s["cards"])}
        if s["kind"] == "reveal" or viewer in (s["player"], "judge"):
            item["cards"] = [card_public(g, st, c) for c in s["cards"]]
        out.append(item)
    return out


def _battle(g, st: dict) -> dict[str, Any] | None:
    """The dice battle (public, 9.10a), with each roll's success threshold (7.5g.2: 4 unless a passive
    ``dice: success_at`` changes it)."""
    b = st["battle"]
    if not b:
        return None
    out = dict(b)
    out["success_at"] = {"attack": R.success_at(g, st, b["attacker"], "attack"),
                         "defence": R.success_at(g, st, b["defender"], "defence")}
    return out


def build_view(g, st: dict, viewer: Any) -> dict[str, Any]:
    judge = viewer == "judge"
    pr = st["priority"]
    out = {
        "game": "neopets", "viewer": viewer, "turn": st["turn"], "round": st["round"], "active_player": st["active"],
        "first_player": st["first"], "phase": st["phase"],
        "step": st["battle"]["step"] if st["battle"] else None,
        "players": [_player(g, st, p, viewer) for p in (0, 1)],
        "queue": _queue(g, st),  # bottom first; the last entry resolves next (3.2)
        "battle": _battle(g, st),
        "priority": {"player": pr["player"], "passes": pr["passes"]} if pr else None,
        "pending": _pending(g, st, viewer),
        "modifiers": [dict(m) for m in st["mods"]],
        "delayed": [{"controller": d["controller"], "when": d["when"], "label": d["label"]} for d in st["delayed"]],
        "outcome": st["outcome"], "time_called": dict(st["time_called"]) if st["time_called"] else None,
        "seen": _seen(g, st, viewer),
    }
    if judge:
        out["rng"] = st["rng"]
        out["stage"] = st["stage"]
        out["resolving"] = [{"controller": f["controller"], "kind": f["kind"], "effects": f["effects"], "i": f["i"]}
                            for f in st["frames"]]
        out["waiting"] = list(st["waiting"])
    return out
