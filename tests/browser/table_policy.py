"""The stacked game of the table journeys and the simple player that plays it.

``choose_action(payload, seat)`` picks, from a state message's legal actions, what a purposeful player
clicks: yes to "may", keep the hand, the first Starting Problem, play Friends to Problems, move the Mane
Character to a Problem, else pass.  The browser journey turns each pick into clicks on the table; the
engine test plays the same picks directly and shows the stacked game ends with 15 points in a few turns.
"""
from __future__ import annotations

from typing import Any

#: Ann (seat 0, first player): Tank, Burrower opens (a triggered "may": draw a card and discard a card),
#: then two-colour power for the Problems' requirements.  Bob (seat 1) holds a Friend he plays at Ann's
#: Problem so a Problem faceoff happens.
ANN = {"mane": "PR1", "deck": ["EO21", "PR31", "PR12", "EO25", "EO15", "PR33", "PR31", "EO25", "EO15", "PR31", "EO25", "EO15",
                               "PR12", "PR33", "PR31", "EO25", "EO15", "PR31", "EO25", "EO15"]}
BOB = {"mane": "PR2", "deck": ["PR60", "PR79", "PR81", "PR60", "PR79", "PR81", "PR60", "PR79", "PR81", "PR60", "PR79", "PR81"]}


def decks() -> list[dict[str, Any]]:
    from gameplay.engine.mlp.scenario import deck_spec

    return [deck_spec(ANN["mane"], ANN["deck"]), deck_spec(BOB["mane"], BOB["deck"])]


def _params(a: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in a.items() if k != "player"}


def choose_action(payload: dict[str, Any], seat: int, *, bob_plays_once: bool = True) -> dict[str, Any] | None:
    legal = payload.get("legal_actions") or []
    if not legal:
        return None
    view = payload["view"]
    pend = view.get("pending")
    if pend and any(a["kind"] == "choose" for a in legal):
        options = pend["options"]
        if pend["kind"] == "may":
            return {"kind": "choose", "option": True}
        if pend["kind"] == "mulligan":
            return {"kind": "choose", "option": False}
        return {"kind": "choose", "option": options[0]}
    plays = [a for a in legal if a["kind"] == "play" and str(a.get("area", "")).startswith("prob")]
    if seat == 1:
        # Bob plays one Friend at Ann's Problem on his first turn (a faceoff follows), then passes.
        mine = [c for c in view["areas"].get("prob0", []) if c.get("controller") == 1]
        if bob_plays_once and not mine and view.get("turn", 0) <= 2:
            at_ann = [a for a in plays if a["area"] == "prob0"]
            if at_ann:
                return _params(at_ann[0])
        return {"kind": "pass"}
    if plays:
        # spread Ann's Friends over both Problems, the one with fewer of her characters first
        def mine_at(area: str) -> int:
            return sum(1 for c in view["areas"].get(area, []) if c.get("controller") == seat and c.get("type") != "Problem")
        plays.sort(key=lambda a: (mine_at(a["area"]), a["area"]))
        return _params(plays[0])
    moves = [a for a in legal if a["kind"] == "move" and str(a.get("area", "")).startswith("prob")
             and _area_of(view, a["card"]).startswith("home")]
    if moves:
        return _params(moves[0])
    return {"kind": "pass"}


def _area_of(view: dict[str, Any], card_id: str) -> str:
    for area, cards in view["areas"].items():
        if any(c.get("id") == card_id for c in cards):
            return area
    return ""
