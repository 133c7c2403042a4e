"""Every automated card's ability does what it claims (issue #19, class 2: "an automated card whose effect
does nothing must be impossible").  Each ability is put into a scenario where it should act
(``effect_scenarios``: a generic board, plus what its op or condition needs, and the context its trigger or
Reaction gives it) and must change the game -- a card moved, power, tokens or points changed, a decision that
changes something offered -- or show its controller what it claims to show (a look at a hand).

- "When this card enters play" triggers are fired by the card really entering play (706.1), against the same
  entry with no trigger;
- every other triggered ability, activated ability and Event has its effects resolved by its card, against the
  same scenario with nothing resolved.

The cards that can't be checked this way are listed in ``UNCHECKED`` with the reason."""
from __future__ import annotations

import re

import pytest

from gameplay.engine.mlp.engine import Ev
from gameplay.engine.mlp.scenario import place
from tests.gameplay.effect_scenarios import (
    settle,
    walk,
    ability_contexts,
    apply_needs,
    generic_scenario,
    information,
    needs_faceoff,
    projection,
    resolve_exploring,
    start_problem_faceoff,
)

#: trigger events checked elsewhere: the card has left play when its ability resolves (410.6a), see
#: test_engine_automated_effects.py::test_every_automated_leaves_play_trigger_changes_the_game_410_6a
LEFT_PLAY = {"leaves", "defeated"}
LEFT_PLAY_OPS = {"left_to_hand", "return_held"}

#: (card, ability index): why the generic check can't show its effect (limits of the scenario, not engine
#: faults found; keep this list short: a new entry needs a reason)
UNCHECKED: dict[tuple[str, int], str] = {
    # a faceoff-start trigger of a card in play fires as the scenario starts its faceoff (514.2), so it has
    # already acted (the card went to hand / joined the faceoff / sent the Friends home) when the check runs
    ("AD125", 1): "its own trigger resolves as the scenario's faceoff starts (the card is in hand by then)",
    ("DE134", 0): "its own trigger resolves as the scenario's faceoff starts (it is involved by then)",
    ("HM124", 0): "its own trigger resolves as the scenario's faceoff starts",
    # context the generic board does not give
    ("EO90", 0): "only during a Troublemaker faceoff (the scenario's is a Problem faceoff)",
    ("SB119", 2): "needs a Troublemaker among its controller's flipped cards (the flips come from the deck)",
    ("PR211", 1): "returns the Troublemaker its play trigger banished: nothing is held on the generic board "
                  "(played in test_engine_cards_ad_de_pr.py)",
    ("AD198", 0): "reads the type of the card the opponent played (the trigger's event), not given by the check",
    ("SB96", 0): "reads the card discarded as its cost (508.1), given only by activating it",
    ("LL105", 1): "'that player' is the faceoff's winner (as_winner), not given by the check: resolved by its own "
                  "controller it changes nothing (tests/gameplay/test_engine_cards_leaders_and_legends.py plays it)",
    ("EO60", 1): "returns the Events its own first ability banished; the generic board has none (tested by scenario)",
    ("FF135", 1): "needs an Event among its controller's flipped cards (the flips come from the deck)",
    ("SB45", 0): "copies the Event just played (the trigger's event), not given by the check (test_engine_cards_ff_sb)",
    ("LL38", 0): "copies the Event just played (the trigger's event), not given by the check "
                 "(test_engine_cards_other_zones_and_copies)",
    ("LL133", 1): "copies the Event just played, paid with counters its first ability puts "
                  "(test_engine_cards_other_zones_and_copies)",
}


def _src_area(card, ability):
    t = card.front.type
    kinds = {a["kind"] for a in card.abilities.get("front", ())}
    if t == "Troublemaker":
        return "prob1", False
    if t == "Resource":
        if "play_on" in kinds:
            return "prob0", True
        return ("home0" if "play_home" in kinds else "prob0"), False
    if ability.get("when") == "home":
        return "home0", False
    return "prob0", False


def _host_player(ability) -> int:
    return 1 if any(d.get("k") == "host_yours" and d.get("yours") is False or  # "You control that Friend" (CG140)
                    d.get("op") == "gain_control" and d.get("target") == {"host": True} for d in walk(ability)) else 0


def _counters_named(card) -> dict:
    text = " ".join((card.front.text or "").split("\n"))
    kinds = set(re.findall(r"((?:Cutie )?[\w+]+) (?:power )?counters? (?:on|from) (?:this card|it)\b", text))
    if "+1 power counter" in text:
        kinds.add("+1")
    return {k: 2 for k in kinds}


def _board(game, card, ability, exhausted: bool):
    """The generic scenario with what the ability needs, and its card: (state, source id)."""
    db = game.db
    st = generic_scenario(game)
    apply_needs(game, st, ability)
    t = card.front.type
    on = ability.get("on")
    if ability.get("zone") in ("disc", "hand"):  # a trigger of a card in its owner's discard pile / hand
        src = game._new(st.d, card.key, 0, ability["zone"])  # (Rules.fire_from_zone)
        st.d["pl"][0][ability["zone"]].append(src)
    elif t == "Mane Character":
        src = st.d["pl"][0]["mane"]
        st.d["cards"][src]["a"] = "prob0"
    elif t == "Problem":  # Ann's Problem is this card (a test setup giving a card another key: the engine reads it afresh)
        src = game.r.problem_at(st.d, "prob0")
        st.d["cards"][src]["k"] = card.key
    elif t == "Event":
        src = game._new(st.d, card.key, 0, "queue")  # an Event resolves from the queue zone (408)
    else:
        area, on_friend = _src_area(card, ability)
        host = place(game, st, "PR12", _host_player(ability), area) if on_friend else None
        src = place(game, st, card.number, 0, area, host=host)
    c = st.d["cards"][src]
    if c.get("z") == "play" or t in ("Mane Character", "Problem"):
        c.setdefault("cn", {}).update(_counters_named(card))
        for d in walk(ability.get("effects")):
            if d.get("k") in ("self_counters", "self_counters_exact"):
                c["cn"][d["counter"]] = d["n"]
            if d.get("on_src") and d.get("trait") == "Accessory":  # "Retire an Accessory on this card" (CN80)
                place(game, st, "PR139", 0, c["a"], host=src)
            if d.get("op") == "play_free_on_self":  # an Accessory to play on it: its 2 [Generosity] are CN80's own
                st.d["pl"][0]["hand"].append(game._new(st.d, db.key("PR141"), 0, "hand"))
        if exhausted:
            c["ex"] = True
        if "beneath" in (card.front.text or ""):
            for n in ("PR33", "PR12"):
                b = game._new(st.d, db.key(n), 0, "ban")
                st.d["pl"][0]["ban"].append(b)
                st.d["cards"][b]["bn"] = src
    if needs_faceoff(ability):
        start_problem_faceoff(game, st)
        if on == "flipped":  # "When this card is flipped" (Chaos, 515): it is one of Ann's flipped cards
            src = game._new(st.d, card.key, 0, "flip")
            st.d["pl"][0]["flip"].append(src)
    st._la = None
    return st, src


def _flipped_contexts(st):
    return [st.d["pl"][p]["flip"][-1] for p in (0, 1) if st.d["pl"][p].get("flip")]


def _run(game, card, ability, *, act: bool, exhausted: bool, it_index: int):
    st, src = _board(game, card, ability, exhausted)
    its = ability_contexts(game, st, ability, src)
    if its != [None] and st.d.get("fo"):
        its = _flipped_contexts(st) + its
    it = its[it_index] if it_index < len(its) else None
    ev = Ev()
    if act:
        fr = {"p": 0, "src": src, "eff": list(ability["effects"]), "i": 0, "ch": None, "lbl": "test", "after": None}
        if it is not None:  # what a trigger (x) or a Reaction (rxa: its area, rxf: where it came from) noted
            area = st.d["cards"][it].get("a")
            fr.update(it=it, itk=st.d["cards"][it]["k"], rxa=area, rxf="home1" if area != "home1" else "prob1",
                      x={"it": it, "area": [area]})
        st.d["rq"].append(fr)
    return st, ev, len(its)


def acts(game, card, ability) -> bool:
    """Some context (the card ready or exhausted, each card its "it" may be) in which resolving the ability
    changes the game or shows its controller something."""
    for exhausted in (False, True):
        k, n = 0, 1
        while k < n:
            before, ev_b, n = _run(game, card, ability, act=False, exhausted=exhausted, it_index=k)
            settle(game, before, ev_b)
            st, ev, _ = _run(game, card, ability, act=True, exhausted=exhausted, it_index=k)
            _, changed = resolve_exploring(game, st, projection(before.d), ev, [60])
            if changed or information(ev.items, 0):
                return True
            k += 1
    return False


def _enter(game, card, ability, trigger: bool):
    st = generic_scenario(game)
    apply_needs(game, st, ability)
    area, on_friend = _src_area(card, ability)
    host = place(game, st, "PR12", _host_player(ability), area) if on_friend else None
    if card.front.type == "Problem":  # it replaces Ann's Problem (613.2)
        game.r.put(st.d, game.r.problem_at(st.d, "prob0"), "pdeck")
    cid = game._new(st.d, card.key, 0, "hand")
    st.d["pl"][0]["hand"].append(cid)
    ev = Ev()
    game.r.enter_play(st.d, ev, cid, area, 0, host=host, trigger=trigger)
    return st, ev


def enters_play_acts(game, card, ability) -> bool:
    before, ev_b = _enter(game, card, ability, False)
    settle(game, before, ev_b)
    st, ev = _enter(game, card, ability, True)
    _, changed = resolve_exploring(game, st, projection(before.d), ev, [60])
    return changed or bool(information(ev.items, 0))


def _abilities(db, pick):
    for card in sorted(db.cards.values(), key=lambda c: c.number or ""):
        if not card.automated:
            continue
        for i, ab in enumerate(card.abilities.get("front", ())):
            if ab.get("effects") and pick(ab):
                yield card, i, ab


def _is_enter(ab) -> bool:
    return ab.get("kind") == "trigger" and ab.get("on") == "enter"


def _is_other(ab) -> bool:
    if ab.get("kind") not in ("trigger", "activated", "event") or _is_enter(ab):
        return False
    if ab.get("on") in LEFT_PLAY or any(d.get("op") in LEFT_PLAY_OPS for d in walk(ab.get("effects"))):
        return False  # checked by the leaves-play test (410.6a)
    return True


def test_every_automated_enters_play_trigger_changes_the_game_706(game, card_db):
    checked, idle = 0, []
    for card, i, ab in _abilities(card_db, _is_enter):
        checked += 1
        if (card.number, i) not in UNCHECKED and not enters_play_acts(game, card, ab):
            idle.append((card.number, ab.get("text")))
    assert checked >= 190 and idle == [], f"{len(idle)} of {checked} enters-play triggers changed nothing: {idle}"


@pytest.mark.parametrize("kind", ["trigger", "activated", "event"])
def test_every_automated_ability_changes_the_game(game, card_db, kind):
    checked, idle = 0, []
    for card, i, ab in _abilities(card_db, lambda a: a.get("kind") == kind and _is_other(a)):
        checked += 1
        if (card.number, i) not in UNCHECKED and not acts(game, card, ab):
            idle.append((card.number, i, ab.get("text")))
    assert checked >= 200 and idle == [], f"{len(idle)} of {checked} {kind} abilities changed nothing: " + \
        "\n".join(map(repr, idle))


# ------------------------------------------------------------------ an Event acting on itself (408, 304.2)
def _self_zone_events(db):
    """Automated Events whose effects move "this card" (a chosen-card op on itself), with the zone it claims."""
    zones = {"to_deck_top": "deck", "banish": "ban", "to_hand": "hand", "dismiss": "disc"}
    out = []
    for card, _i, ab in _abilities(db, lambda a: a.get("kind") == "event"):
        if card.front.type != "Event" or ab.get("timing") not in ("main", "immediate"):  # (played in a Main Phase here;
            # a Faceoff Event, AD111, is checked by test_every_automated_ability_changes_the_game)
            continue
        for d in walk(ab.get("effects")):
            if d.get("op") in zones and d.get("target") == {"self": True}:
                out.append((card.number, zones[d["op"]]))
    return out


def test_an_event_that_moves_itself_ends_there_not_in_the_discard_pile_304_2(game, card_db):
    """HM95 "Put this card on top of its owner's deck.", EO134 "Gain [5], then banish this card.": played for
    real, the Event ends where it says (it resolves in the queue zone, 408; 304.2 puts it into the discard
    pile only if it is still there)."""
    from gameplay.engine.mlp.scenario import set_tokens, stacked_game, to_hand

    found = _self_zone_events(card_db)
    assert {"HM95", "EO134"} <= {n for n, _ in found}
    for number, zone in found:
        st = stacked_game(game)
        set_tokens(st, 0, 9)
        for n in ("PR12", "PR33", "PR36", "PR54", "PR71", "PR81") * 4:  # every color's power for its requirement
            place(game, st, n, 0, "home0")
        card = to_hand(game, st, number, 0)
        play = next(a for a in game.legal_actions(st, 0) if a.kind == "play" and a.get("card") == card)
        st, _ = game.apply(st, play)
        pl = st.d["pl"][0]
        where = {z: [card_db.cards[st.d["cards"][c]["k"]].number for c in pl[z]] for z in ("deck", "ban", "hand", "disc")}
        assert number in where[zone] and (zone == "disc" or number not in where["disc"]), (number, zone, where)
