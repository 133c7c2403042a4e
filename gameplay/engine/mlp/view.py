"""What a viewer may see (404.1, 402.2, 403.2, 505.1d): a player sees their own hand, only the
size of the opponent's hand, only deck sizes, and no identity of opposing face-down Troublemakers;
a spectator sees only public information; a judge sees everything."""
from __future__ import annotations

from typing import Any


def _card_public(r, st, cid) -> dict[str, Any]:
    c = st["cards"][cid]
    if c.get("t"):
        return {"id": cid, "key": None, "name": r.name(st, cid), "number": None, "type": r.ctype(st, cid), "token": True}
    d = r.cdef(st, cid)
    out = {"id": cid, "key": d.key, "name": r.name(st, cid), "number": d.number, "type": r.ctype(st, cid)}
    return out


def _in_play(r, st, cid, viewer) -> dict[str, Any]:
    c = st["cards"][cid]
    hidden = c.get("fd") and r.ctype(st, cid) == "Troublemaker" and viewer != "judge" and viewer != c["c"] \
        and not r.fd_public(st, cid)  # "Players may look at face-down Troublemakers here"
    if hidden:
        return {"id": cid, "face_down": True, "type": "Troublemaker", "controller": c["c"], "area": c["a"]}
    out = _card_public(r, st, cid)
    out.update({"controller": c["c"], "owner": c["o"], "area": c["a"], "exhausted": bool(c.get("ex")),
                "frightened": bool(c.get("fr")), "face_down": bool(c.get("fd")), "counters": dict(c.get("cn") or {}),
                "power": r.power(st, cid), "colors": list(r.colors(st, cid))})
    if c.get("h"):
        out["attached_to"] = c["h"]
    if c.get("b"):
        out["boosted"] = True
    if c.get("t"):
        out["token"] = True
        out["name"] = c["t"].get("name", "token")
    if c.get("dil"):
        out["dilemma"] = True
    return out


def build_view(game, r, st: dict, viewer: Any) -> dict[str, Any]:
    """``viewer``'s view of ``st``; ``r`` is the calling ``MLPGame``'s ``Rules`` session."""
    judge = viewer == "judge"
    players = []
    for p, pl in enumerate(st["pl"]):
        own = judge or viewer == p or r.hand_revealed(st, p)
        players.append({
            "index": p, "name": pl["name"], "score": pl["score"], "action_tokens": pl["tok"],
            "hand_size": len(pl["hand"]),
            "hand": [_card_public(r, st, c) for c in pl["hand"]] if own else None,
            "deck_size": len(pl["deck"]), "problem_deck_size": len(pl["pdeck"]),
            "discard": [_card_public(r, st, c) for c in pl["disc"]],
            "banished": [_card_public(r, st, c) for c in pl["ban"]],
            "flipped": [_card_public(r, st, c) for c in pl["flip"]],
            "mane": pl["mane"], "home_limit": r.home_limit(st, p) if pl["mane"] in st["cards"] else None,
        })
        if pl["deck"] and r.deck_top_public(st, p):  # "Play with the top card of your deck revealed"
            players[-1]["deck_top"] = _card_public(r, st, pl["deck"][0])
        if judge:
            players[-1]["deck"] = [_card_public(r, st, c) for c in pl["deck"]]
            players[-1]["problem_deck"] = [_card_public(r, st, c) for c in pl["pdeck"]]
    areas = {}
    for a in st["areas"]:
        areas[a] = []
    for cid in st["play"]:
        a = st["cards"][cid]["a"]
        areas.setdefault(a, []).append(_in_play(r, st, cid, viewer))
    pend = st["pending"]
    pview = None
    if pend:
        if judge or viewer == pend["player"]:
            pview = {k: v for k, v in pend.items()}
            # The deciding player may see the cards offered to them (a search of their deck, a look at a
            # hand, 518): options that are cards outside play are described, so they can be told apart.
            offered = {o: _card_public(r, st, o) for o in pend["options"]
                       if isinstance(o, str) and o in st["cards"] and o not in st["play"]}
            if offered:
                pview["cards"] = offered
        else:
            pview = {"player": pend["player"], "kind": pend["kind"], "rule": pend.get("rule")}
    fo = st["fo"]
    fview = None
    if fo:
        fview = {"type": fo["type"], "areas": fo["areas"], "challenger": fo["chal"], "troublemaker": fo["tm"],
                 "stage": fo["stage"], "ignored": list(fo["ign"]),
                 "totals": [r.faceoff_total(st, 0), r.faceoff_total(st, 1)] if fo["stage"] not in ("start", "w_start") else None}
    setup = None
    if st["step"] == "setup_problem":
        setup = {str(p): ("chosen" if str(p) in st["setup"] else None) for p in range(2)}
        if judge:
            setup = dict(st["setup"])
    out = {
        "game": "mlpccg", "viewer": viewer, "turn": st["turn"], "turn_player": st["tp"], "first_player": st["first"],
        "step": st["step"], "players": players, "areas": areas,
        "priority": dict(st["prio"]) if st["prio"] else None, "pending": pview, "faceoff": fview,
        "outcome": st["outcome"], "time_called": dict(st["tc"]) if st["tc"] else None, "setup": setup,
        "modifiers": [m for m in st["mods"]],
    }
    if judge:
        out["rng"] = st["rng"]
        out["triggers_waiting"] = st["trig"]
        out["resolving"] = st["rq"]
    return out
