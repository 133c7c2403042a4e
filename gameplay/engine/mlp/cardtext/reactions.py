"""Reaction abilities (512.4): their bodies and costs."""
from __future__ import annotations

from ..reactions import parse_condition
from .costs import parse_cost
from .nested import parse_effects
from .targets import parse_target
from .vocab import re


def _it_refs(effs: list) -> list:
    """In an Event's Reaction, "it" / "there" can only mean the card that met the condition and its
    Problem (the Event itself is in the queue zone, with no area)."""
    out = []
    for e in effs:
        e = dict(e)
        t = e.get("target")
        if isinstance(t, dict):
            if t.get("self"):
                t = {"it": True}
            elif t.get("at") == "here":
                t = {**t, "at": "there"}
            e["target"] = t
        if "effects" in e:
            e["effects"] = _it_refs(e["effects"])
        out.append(e)
    return out


# Reaction bodies about the card that met the condition (reactions.py); else parse_effects
RX_BODIES: list = [
    # "that Problem" is the noted card's area (move ``to: it``); "other": not the noted card
    (r"^move one of your other characters to that Problem$",
     lambda m: [{"op": "move", "target": {"type": "character", "ctrl": "you", "not_it": True}, "to": "it"}]),
    (r"^put a number of \+1 power counters on it equal to the number of (\w+) counters on this card, then remove all "
     r"\1 counters from this card$",
     lambda m: [{"op": "counters", "counter": "+1", "target": {"it": True}, "n_self_counter": m.group(1)},
                {"op": "clear_counters", "counter": m.group(1)}]),
    (r"^defeat (an opponent's Troublemaker|an opposing Troublemaker)$",
     lambda m: [{"op": "defeat", "target": parse_target(m.group(1))}]),
    (r"^uncover an opponent's face-down Troublemaker$", lambda m: [{"op": "uncover", "opp": True}]),
    (r"^all players shuffle their decks$", lambda m: [{"op": "shuffle_decks"}]),
    (r"^(?:your opponent ignores|ignore) that card and flips? (?:another|a new) card$", lambda m: [{"op": "ignore_flip"}]),
    (r"^send that character to its previous area$", lambda m: [{"op": "send_back"}]),
    (r"^that opponent (?:must pay \[(\d+)\] if able|loses \[(\d+)\])$",
     lambda m: [{"op": "lose_tokens", "who": "opponent", "n": int(m.group(1) or m.group(2))}]),
    (r"^move that face-down Troublemaker to another Problem$", lambda m: [{"op": "move", "target": {"it": True}, "to": "problem"}]),
    (r"^move a different character there home$",  # there: this card's Problem; different: not the moved one
     lambda m: [{"op": "move", "target": {"type": "character", "at": "here", "not_it": True}, "to": "home"}]),
    (r"^move up to (?:2|two) of your characters to that Troublemaker's Problem$",
     lambda m: [{"op": "move", "target": {"type": "character", "ctrl": "you", "optional": True, "fresh": True}, "to": "it"}] * 2),
    (r"^your opponent needs \+(\d+) power to confront this card's Problem this turn$",
     lambda m: [{"op": "confront_mod", "n": int(m.group(1)), "who": "opp", "problem": "here", "until": "turn"}]),
    (r"^uncover that Troublemaker$", lambda m: [{"op": "uncover", "mine": True, "there": True}]),
    (r"^(?:you may )?put this card on (?:the )?top of (?:its owner's|your) deck$", lambda m: [{"op": "self_to_deck_top"}]),
    (r"^score an additional point$", lambda m: [{"op": "score", "n": 1, "who": "you"}]),
    (r"^exhaust the played (?:Friend|character)$", lambda m: [{"op": "exhaust", "target": {"it": True}}]),
    (r"^that opponent reattaches that Resource to another Friend$", lambda m: [{"op": "reattach_it"}]),
    (r"^send that character to its previous area\. That character can't be moved again this turn$",
     lambda m: [{"op": "send_back"}, {"op": "card_no_move"}]),
    (r"^put another Friend from your discard pile into your hand$", lambda m: [{"op": "disc_to_hand_other", "type": "Friend"}]),
    (r"^that card gets \+(\d+) power (?:this faceoff|until the end of the faceoff)$", lambda m: [{"op": "flip_power", "n": int(m.group(1))}]),
    (r"^ignore that card's power and flip a new card$", lambda m: [{"op": "ignore_flip"}]),
    (r"^your (\w+) Friends each get ([+-]\d+) power until the end of the (turn|phase)$",
     lambda m: parse_effects(f"your {m.group(1)} Friends get {m.group(2)} power until the end of the {m.group(3)}")),
]


def _rx_body(body: str) -> list | None:
    body = body.strip().rstrip(".")
    body = body[0].lower() + body[1:] if body else body
    for pat, fn in RX_BODIES:
        m = re.match(pat, body)
        if m:
            return fn(m)
    return parse_effects(body)


def parse_reaction(rest: str, card_type: str, line: str) -> dict | None:
    """"Reaction: After <condition>, <effect>" (512.4): an Event playable, or an ability activated,
    only in response to its condition (reactions.py)."""
    m = re.match(r"^(?:After|When|Play after|Play when) (.+?)(?:, |\. )(.+?)\.?$", rest)
    if not m:
        return None
    cond = parse_condition(m.group(1))
    if cond is None:
        return None
    body = m.group(2)
    body = body[0].lower() + body[1:]
    if card_type == "Event":
        mm = re.match(r"^(\w+) (all|each) (.+?) at a Problem(.*)$", body)
        if mm:  # "move all characters at a Problem home": choose the Problem, then "there"
            effs = parse_effects(f"{mm.group(1)} {mm.group(2)} {mm.group(3)} there{mm.group(4)}")
            if effs is None or not all(e.get("target", {}).get("at") == "here" for e in effs):
                return None
            effs = [{"op": "choose_area"}] + effs
        else:
            effs = _rx_body(body)
        if effs is None:
            return None
        return {"kind": "event", "timing": "reaction", "rx": cond, "effects": _it_refs(effs), "text": line}
    cost: dict | None = {}
    effs = None
    mm = re.match(r"^you may (.+?)\. If you do, (.+)$", body)
    if mm:
        cost, effs = parse_cost(mm.group(1)), _rx_body(mm.group(2))
    if effs is None or cost is None:
        mm = re.match(r"^(?:you may )?(.+?) to (.+)$", body)
        if mm:
            cost, effs = parse_cost(mm.group(1)), _rx_body(mm.group(2))
    if effs is None or cost is None:
        cost, effs = {}, _rx_body(re.sub(r"^you may ", "", body))
    if effs is None or cost is None:
        return None
    return {"kind": "activated", "timing": "reaction", "rx": cond, "cost": cost, "effects": effs, "text": line}
