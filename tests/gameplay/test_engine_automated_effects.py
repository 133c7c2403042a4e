"""An automated card's effect changes the state it claims to (issue #19, class 2): a triggered ability
that resolves after its card left play acts on the card in its new zone (410.6a), and no automated
ability may name a target that can only be a card no longer in play."""
from __future__ import annotations

import re

from gameplay.engine.mlp.scenario import advance, place, play_effects, resolve_step, stacked_game


def _run_effect(game, st, player, effects):
    st.d["rq"].append({"p": player, "src": None, "eff": effects, "i": 0, "ch": None, "lbl": "test", "after": None})
    advance(game, st)
    st._la = None
    return st


def test_skeleton_soldiers_defeated_goes_to_its_owners_hand_514_5a_410_6a(game, card_db):
    # DE120 "When this card is defeated, put it into its owner's hand.": 514.5a dismisses the defeated
    # Troublemaker, then its trigger finds it in the discard pile (410.6a) and puts it into the hand
    assert card_db.cards[card_db.key("DE120")].automated
    st = stacked_game(game)
    tm = place(game, st, "DE120", 1, "prob0")
    hand_before = len(st.hand(1))
    st = _run_effect(game, st, 0, [{"op": "defeat", "target": {"id": tm}}])
    names = [card_db.cards[st.card_key(c)].number for c in st.hand(1)]
    assert "DE120" in names and len(st.hand(1)) == hand_before + 1
    assert not any(card_db.cards[st.card_key(c)].number == "DE120" for c in st.discard_pile(1))


# ------------------------------------------------------------------ every automated "leaves play" trigger
def _leaves_play_triggers(db):
    """Automated cards (not Problems or Mane Characters) with their own triggered ability on being
    defeated or leaving play: those resolve after the card left play."""
    out = []
    for c in db.cards.values():
        if not c.automated or c.front.type not in ("Friend", "Resource", "Troublemaker"):
            continue
        # (returning the cards this card banished as it entered, return_held, needs its enter trigger first: those
        # cards have their own scenarios, e.g. LL120 in test_engine_cards_leaders_and_legends.py)
        abs_ = [a for a in c.abilities.get("front", ()) if a.get("kind") == "trigger"
                and a.get("on") in ("defeated", "leaves") and "until this card leaves play" not in a.get("text", "")
                and [e.get("op") for e in a.get("effects", ())] != ["return_held"]
                and not any(e.get("op") == "return_held_tm" for e in a.get("effects") or ())]  # (held: as "until ...")
        if abs_:
            out.append(c.number)
    return sorted(out)


def _projection(st):
    """What a card effect can change: points, tokens, every zone's cards, the cards in play's state,
    timed modifiers (the log and bookkeeping ids left out)."""
    cards = st["cards"]

    def keys(ids):
        return sorted(cards[i]["k"] for i in ids)

    players = [(p["score"], p["tok"], keys(p["hand"]), [cards[i]["k"] for i in p["deck"]], keys(p["disc"]),
                keys(p["ban"]), bool(p.get("tmr")), bool(p.get("disc_next"))) for p in st["pl"]]
    play = sorted((cards[i]["k"], cards[i].get("c"), cards[i].get("a"), bool(cards[i].get("ex")),
                   bool(cards[i].get("fr")), bool(cards[i].get("fd")), repr(sorted((cards[i].get("cn") or {}).items())))
                  for i in st["play"])
    return players, play, len(st.get("mods") or ()), bool(st.get("kgm")), bool(st.get("amr")), bool(st.get("dly"))


def _leaves_play_scenario(game, number):
    """Ann (0) and Bob (1) with Friends at both Problems and cards in their discard piles; Bob's
    ``number`` in play at Ann's Problem, then removed by Ann (defeated if it is a Troublemaker)."""
    from gameplay.engine.mlp.scenario import set_tokens, to_discard

    st = stacked_game(game)
    for p in (0, 1):
        for area in ("prob0", "prob1"):
            place(game, st, "PR12", p, area)
        to_discard(game, st, "PR33", p)
        to_discard(game, st, "PR31", p)
        set_tokens(st, p, 9)
    ctype = game.db.cards[game.db.key(number)].front.type
    host = None
    if ctype == "Resource":
        host = place(game, st, "PR20", 1, "prob0")
    place(game, st, "EO171", 0, "prob1")  # a Troublemaker (its text only stops uncovering)
    cid = place(game, st, number, 1, "prob0", host=host)
    text = " ".join(game.db.cards[game.db.key(number)].front.text.split("\n"))
    for kind in set(re.findall(r"(\w+) counters? on (?:this card|it)\b", text)):
        st.d["cards"][cid].setdefault("cn", {})[kind] = 2  # "for each Trainee counter on it"
    if re.search(r"cards beneath (?:it|this card)\b", text):  # "put any cards beneath it into their owner's hand"
        st.d["cards"][game.r.put(st.d, st.deck(0)[0], "ban")]["bn"] = cid
    op = "defeat" if ctype == "Troublemaker" else "dismiss"
    return st, cid, op


def _resolve_answering_yes(game, st):
    from gameplay.engine.mlp.scenario import resolve_all

    advance(game, st)
    resolve_all(game, st)
    return st


def test_every_automated_leaves_play_trigger_changes_the_game_410_6a(game, card_db):
    """An automated card whose triggered ability resolves after it left play must do what its text
    says: the same removal with the card's triggers skipped leaves the game in another state."""
    numbers = _leaves_play_triggers(card_db)
    assert "DE120" in numbers and len(numbers) >= 10
    idle = []
    for number in numbers:
        st, cid, op = _leaves_play_scenario(game, number)
        with_trigger = _run_effect(game, st.copy(), 0, [{"op": op, "target": {"id": cid}}])
        _resolve_answering_yes(game, with_trigger)
        st_b = st.copy()
        st_b.d["rq"].append({"p": 0, "src": None, "eff": [{"op": op, "target": {"id": cid}}], "i": 0, "ch": None,
                             "lbl": "test", "after": None})
        resolve_step(game, st_b)
        st_b.d["trig"] = [t for t in st_b.triggers_waiting if t["src"] != cid]  # the card's own triggers skipped
        _resolve_answering_yes(game, st_b)
        if _projection(with_trigger.d) == _projection(st_b.d):
            idle.append(number)
    assert idle == [], f"automated leaves-play triggers that changed nothing: {idle}"


# ------------------------------------------------------------------ "that Friend" on an attachment (509)
def _flat(effects):
    for e in effects or ():
        if isinstance(e, dict):
            yield e
            for v in e.values():
                if isinstance(v, list):
                    yield from _flat(v if v and isinstance(v[0], dict) else [x for sub in v if isinstance(sub, list) for x in sub])


# costs paid as effects before the ability's own effects that choose "that Friend" (flow.legal)
# costs that choose a card the effects then call "that ..." (flow.legal: exhaust_sel becomes an exhaust of a chosen card)
_CHOOSING_COSTS = ("spend_pumped", "exhaust_sel")


def test_no_automated_ability_targets_a_card_nothing_chose(card_db):
    """An effect on "it" / "that Friend" (a card an earlier effect chose) with no earlier choice acts on
    nothing: automated abilities must name what they act on (the host of an attachment, 509, is "host")."""
    dead = []
    for c in card_db.cards.values():
        if not c.automated:
            continue
        for face in c.abilities.values():
            for ab in face:
                if ab.get("kind") not in ("trigger", "activated", "event") or ab.get("subj") or ab.get("rx") \
                        or str(ab.get("on", "")).startswith("w_") or any(k in (ab.get("cost") or {}) for k in _CHOOSING_COSTS):
                    continue
                chose = False
                for e in _flat(ab.get("effects")):
                    t = e.get("target")
                    if t == {"it": True} and not chose:
                        dead.append((c.number, ab.get("text")))
                        break
                    if (isinstance(t, dict) and not (t.get("self") or t.get("host"))) or \
                            e.get("op") not in ("may", "if", "pay", None):
                        chose = True
    assert dead == []


ATTACHED_THAT = {  # number: (host card, host type's area, what the ability does to the host)
    "MT97": ("PR12", "prob0", "area"), "MT95": ("EO171", "prob0", "area"), "CG145": ("PR12", "home0", "area"),
    "CG133": ("PR12", "prob0", "power"), "EO152": ("PR12", "prob0", "power"), "EO155": ("PR12", "prob0", "power"),
    "EO169": ("PR12", "prob0", "ex"),
}


def test_attached_resource_that_friend_is_its_host_509(game, card_db):
    """MT97 "When this card enters play, move that Friend.", MT95 "Pay [1] to move that Troublemaker.", CG133,
    CG145, EO152, EO155, EO169: "that Friend / Troublemaker / character" is the card the Resource is on."""
    from gameplay.engine.mlp.scenario import resolve_all, set_tokens

    for number, (host_no, area, what) in ATTACHED_THAT.items():
        ab = next(a for a in card_db.cards[card_db.key(number)].abilities["front"]
                  if a.get("kind") in ("trigger", "activated") and "that " in a.get("text", ""))
        assert {"host": True} in [e.get("target") for e in _flat(ab["effects"])], number
        st = stacked_game(game)
        set_tokens(st, 0, 9)
        host = place(game, st, host_no, 0, area)
        res = place(game, st, number, 0, area, host=host)
        before = (st.area(host), game.power(st, host), bool(st.exhausted(host)))
        play_effects(game, st, 0, res, ab["effects"])
        resolve_all(game, st)
        after = (st.area(host), game.power(st, host), bool(st.exhausted(host)))
        i = ("area", "power", "ex").index(what)
        assert after[i] != before[i], (number, ab["text"], before, after)


def test_moving_a_troublemaker_by_an_effect_offers_only_problems_506_2a(game):
    # "Troublemakers can't be moved to the home of any player" (506.2a): home is not a choice at all
    st = stacked_game(game)
    tm = place(game, st, "EO171", 0, "prob0")
    st.d["rq"].append({"p": 0, "src": None, "eff": [{"op": "move", "target": {"id": tm}, "to": "choose"}], "i": 0,
                       "ch": None, "lbl": "test", "after": None})
    resolve_step(game, st)
    if st.pending:
        assert not any(str(o).startswith("home") for o in st.pending["options"])
    else:  # one Problem to go to: moved without a decision
        assert st.area(tm) == "prob1"
