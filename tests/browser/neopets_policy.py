"""The Neopets game of the table journey and the purposeful player that plays it.

``choose_action(payload, seat)`` picks, from a state message's legal actions, what a player who wants
to win quickly clicks: take the first turn, keep the Inventory, the Neopet with the most Attack, attach
a Codestone every Train Phase (Attack first), play Equipment, petpets, Champions and Potions, collect
Map Pieces, use the petpet's boosts, re-roll one failed die when more agile, yes to "may", else pass.
The browser journey turns each pick into clicks on the table; ``tests/gameplay/test_neopets_table_policy.py``
plays the same picks on the engine and shows the game ends in a few dozen turns.
"""
from __future__ import annotations

from typing import Any

from gameplay.engine.neopets.decks import demo_deck

#: Ann (seat 0, first player) plays the Tyrannian demo deck, Bob the Meridell one (decks.py); the match
#: is stacked (Main Deck orders kept, 1.2a skipped): Ann's deck opens with attack Codestones and weapons.
DECKS = ("Demo Tyrannian Might", "Demo Meridell Guard")
ANN_TOP = ("Demo Bri Codestone", "Demo Sturdy Sword", "Demo Bri Codestone", "Demo Strength Potion", "Demo Bri Codestone",
           "Demo Butter Knife", "Demo Bri Codestone", "Demo Quick Strike", "Demo Bri Codestone", "Demo Sturdy Sword",
           "Demo Bri Codestone")
#: the hosted match's seed: its first game's dice (gameplay.services.matches.game_seed) make a short game
MATCH_SEED = 5

#: what Ann prefers to play, best first (the rest: in the order the server lists them)
PLAY_ORDER = ("Equipment", "Petpet", "Faerie", "Hero", "Villain", "Potion", "Location", "Legend", "Paint Brush", "Food")


def decks() -> list[dict[str, Any]]:
    ann, bob = (demo_deck(name) for name in DECKS)
    rest = list(ann["main"])
    for name in ANN_TOP:
        rest.remove(name)
    ann["main"] = list(ANN_TOP) + rest
    return [ann, bob]


def _params(a: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in a.items() if k != "player"}


def _card(view: dict[str, Any], card_id: str) -> dict[str, Any]:
    pend = view.get("pending") or {}
    if card_id in (pend.get("cards") or {}):
        return pend["cards"][card_id]
    for pl in view["players"]:
        for zone in ("inventory", "stolen", "equipment", "play_area", "codestones", "discard", "void"):
            for c in pl.get(zone) or []:
                if c["id"] == card_id:
                    return c
    return {}


def _decide(view: dict[str, Any], pend: dict[str, Any]) -> Any:
    options = pend["options"]
    kind = pend["kind"]
    if kind == "go_first":
        return "first"
    if kind == "mulligan":
        return "keep"
    if kind in ("starting_neopet", "new_neopet"):
        return max(options, key=lambda o: ((_card(view, o).get("stats") or {}).get("attack", 0), o))
    if kind == "agility_reroll":
        failed = [i for i in options if isinstance(i, int) and pend["dice"][i] < 4]
        return failed[0] if failed and not pend.get("picked") else "done"
    if kind == "may":
        return "yes"
    if kind == "search":
        return next((o for o in options if o != "none"), "none")
    return options[0]


def choose_action(payload: dict[str, Any], seat: int) -> dict[str, Any] | None:
    legal = payload.get("legal_actions") or []
    if not legal:
        return None
    view = payload["view"]
    pend = view.get("pending")
    if pend and any(a["kind"] == "choose" for a in legal):
        return {"kind": "choose", "option": _decide(view, pend)}
    attach = [a for a in legal if a["kind"] == "attach"]
    if attach:
        def attack_first(a: dict[str, Any]) -> tuple:
            stats = _card(view, a["card"]).get("stats") or {}
            return (-stats.get("attack", 0), -stats.get("hit_points", 0), a["card"])
        return _params(sorted(attach, key=attack_first)[0])
    petpet = [a for a in legal if a["kind"] == "petpet"]
    if petpet:
        return _params(petpet[0])
    collect = [a for a in legal if a["kind"] == "collect"]
    if collect:
        return _params(collect[0])
    plays = [a for a in legal if a["kind"] == "play" and not a.get("replace") and not a.get("pledge")]
    plays = [a for a in plays if _card(view, a["card"]).get("type") in PLAY_ORDER]
    if plays:
        plays.sort(key=lambda a: PLAY_ORDER.index(_card(view, a["card"]).get("type")))
        return _params(plays[0])
    return {"kind": "pass"}
