"""The speed work keeps behaviour: the specialised state copy is an exact, independent deep copy;
the memoised confront solver and the cached per-key checks agree with the plain computations; the
self-play policies pick legal actions deterministically."""
from __future__ import annotations

import json
import marshal

from gameplay.engine import rng
from gameplay.engine.mlp import MLPGame
from gameplay.engine.mlp.deckbuild import random_deck
from gameplay.engine.mlp.rules.confront import _solve_requirements, solve_requirements
from gameplay.engine.mlp.selfplay import pick, run
from gameplay.engine.mlp.state import State, copy_state


def _walk(a, b, path="state"):
    """Same structure, and no mutable container shared between the two."""
    assert type(a) is type(b), path
    if isinstance(a, (dict, list)):
        assert a is not b, f"{path} is shared"
    if isinstance(a, dict):
        assert list(a) == list(b), path
        for k in a:
            _walk(a[k], b[k], f"{path}.{k}")
    elif isinstance(a, (list, tuple)):
        assert len(a) == len(b), path
        for i, (x, y) in enumerate(zip(a, b)):
            _walk(x, y, f"{path}[{i}]")
    else:
        assert a == b, path


def _states(card_db, seed, every=7):
    game = MLPGame(card_db)
    d0, s = random_deck(card_db, seed)
    d1, s = random_deck(card_db, s)
    st = game.new_game([d0, d1], seed=s)
    r = seed
    n = 0
    while st.d["outcome"] is None and n < 400:
        acts = game.legal_actions(st, game.to_move(st))
        r, i = rng.randbelow(r, len(acts))
        st, _ = game.apply(st, acts[i], copy=False)
        n += 1
        if n % every == 0:
            yield game, st


def test_copy_state_is_an_exact_independent_deep_copy(card_db):
    for game, st in _states(card_db, 3):
        cp = copy_state(st.d)
        _walk(st.d, cp)
        assert cp == marshal.loads(marshal.dumps(st.d))
        assert State(cp).to_json() == st.to_json()
        # mutating the copy leaves the original alone
        before = st.to_json()
        for c in cp["cards"].values():
            c["k"] = "x"
            if "cn" in c:
                c["cn"]["+1"] = 99
        cp["pl"][0]["hand"].append("zz")
        assert st.to_json() == before


def test_memoised_confront_solver_agrees(card_db):
    cases = [([(2, ("Loyalty",)), (2, ("Honesty",))], [("Wild", 4)]),
             ([(3, ("Loyalty", "Honesty"))], [("Loyalty", 2), ("Honesty", 2)]),
             ([(1, ()), (5, ("Magic",))], [("Not Magic", 1), ("Magic", 5)])]
    for chars, reqs in cases * 2:
        assert solve_requirements(chars, reqs) == _solve_requirements(chars, reqs)


def test_power_with_precomputed_sources_agrees(card_db):
    for game, st in _states(card_db, 5, every=5):
        srcs = game.r.power_sources(st.d)
        for cid in st.d["play"]:
            assert game.r.power(st.d, cid, srcs) == game.r.power(st.d, cid)


def test_policies_pick_legal_actions_deterministically(card_db):
    for game, st in _states(card_db, 9, every=3):
        if st.d["outcome"]:
            continue  # the game may end on a sampled action: nobody has anything to choose
        acts = game.legal_actions(st, game.to_move(st))
        for pol in ("uniform", "kind", "weighted"):
            r1, a1 = pick(12345, acts, pol)
            r2, a2 = pick(12345, acts, pol)
            assert a1 == a2 and r1 == r2 and a1 in acts


def test_run_reports_actions_and_turn_cap_share(card_db):
    res = run(card_db, 3, seed=7, policy="weighted")
    assert res["errors"] == 0, res["first_errors"]
    assert res["actions"] > 0 and res["actions_per_second"] > 0
    assert 0 <= res["turn_cap_share"] <= 1
    json.dumps(res)


def test_new_action_is_the_dataclass_action():
    from gameplay.engine.api import Action, new_action

    for args in (("pass", 0), ("play", 1, (("area", "home1"), ("card", "c7"))), ("choose", 0, (("option", "c3"),))):
        a, b = new_action(*args), Action(*args)
        assert a == b and hash(a) == hash(b) and list(a.__dict__.items()) == list(b.__dict__.items())
        assert a.to_dict() == b.to_dict() and str(a) == str(b) and a in {b}


def _all_states(card_db, seeds=(3, 21), every=2):
    for seed in seeds:
        yield from _states(card_db, seed, every=every)


def test_printed_cost_fast_path_agrees_with_card_cost(card_db):
    from gameplay.engine.mlp.flow.legal import _plain_costs

    checked = 0
    for game, st in _all_states(card_db):
        r, d = game.r, st.d
        r.forget()
        pcs = r.sop_keys.get("play_cost_self", ())
        for p in (0, 1):
            plain = _plain_costs(r, d, p)
            for cid in d["pl"][p]["hand"] + d["pl"][p]["disc"]:
                k = d["cards"][cid]["k"]
                if plain and k not in r.self_disc_keys and k not in pcs:
                    assert r.card_cost(d, p, cid) == max(card_db.cards[k].front.cost or 0, 0), (k, cid)
                    checked += 1
            # a pending cost reduction ("your next card costs [1] less") is a modifier: no fast path
            pend = d["pl"][p]["disc_next"]
            d["pl"][p]["disc_next"] = pend + [{"type": "card", "n": 1}]
            assert not _plain_costs(r, d, p)
            d["pl"][p]["disc_next"] = pend
    assert checked > 100


def test_extra_move_costs_fast_path_agrees(card_db):
    from gameplay.engine.mlp.flow.legal import _extra_move_costs

    for game, st in _all_states(card_db, seeds=(5, 8, 13)):
        for p in (0, 1):
            assert _extra_move_costs(game.r, st.d, p) == _extra_move_costs(game.r, st.d, p, full=True)
    # a Showy Friend of the opponent's in play (a card given another key: each game.r is a fresh session and reads it)
    showy = sorted(k for k in game.r.kw_keys.get("Showy", ()) if card_db.cards[k].front.type == "Friend")
    assert showy
    done = 0
    for game, st in _all_states(card_db, seeds=(5,), every=9):
        d = st.d
        for o in d["play"]:
            c = d["cards"][o]
            if game.r.ctype(d, o) == "Friend" and not c.get("fd") and not c.get("fr") and not c.get("t") and not d.get("lab"):
                old = c["k"]
                c["k"] = showy[0]
                p = 1 - c["c"]
                fast = _extra_move_costs(game.r, d, p)
                assert fast == _extra_move_costs(game.r, d, p, full=True) and fast.get(c["a"], 0) >= 1
                c["k"] = old
                done += 1
                break
    assert done


def test_printed_colors_fast_path_agrees(card_db):
    from gameplay.engine.mlp.carddb import COLOR_NAMES
    from gameplay.engine.mlp.flow.legal import _LazyColorPower, _color_power, _own_chars_printed_colors, _printed_colors_ok

    checked = 0
    for game, st in _all_states(card_db, seeds=(3, 21)):
        r, d = game.r, st.d
        r.forget()
        for p in (0, 1):
            plain = [(cid, r.colors(d, cid)) for cid in d["play"] if d["cards"][cid]["c"] == p
                     and not d["cards"][cid].get("fd") and not d["cards"][cid].get("fr") and r.is_char(d, cid)]
            if _printed_colors_ok(r, d):
                assert _own_chars_printed_colors(r, d, p) == plain
                checked += len(plain)
            lazy, full = _LazyColorPower(r, d, p), _color_power(r, d, p)
            for col in ("Loyalty", "Honesty", "Laughter", "Magic", "Kindness", "Generosity"):
                assert lazy.get(col, 0) == full.get(col, 0)
    assert checked > 50
    # a color modifier ("give one of your characters [Laughter]") is not a printed color
    for game, st in _all_states(card_db, seeds=(3,), every=11):
        r, d = game.r, st.d
        r.forget()
        for p in (0, 1):
            chars = [cid for cid in d["play"] if d["cards"][cid]["c"] == p and r.is_char(d, cid)
                     and not d["cards"][cid].get("fd") and not d["cards"][cid].get("fr")]
            if chars and _printed_colors_ok(r, d):
                col = next(x for x in COLOR_NAMES if x not in r.colors(d, chars[0]))
                d["mods"].append({"t": chars[0], "n": 0, "u": "phase", "ts": 0, "col": col})
                got = dict(_own_chars_printed_colors(r, d, p))[chars[0]]
                d["mods"].pop()
                assert col in got
                return
    raise AssertionError("no state with a character to give a color")


def test_hand_early_rejection_agrees(card_db):
    nonempty = 0
    for game, st in _all_states(card_db, seeds=(3, 21, 34), every=1):
        r, d = game.r, st.d
        r.forget()
        for p in (0, 1):
            for dedupe in (True, False):
                fast = r.priority_actions(d, p, dedupe=dedupe)
                keep = r._hand_fact
                r._hand_fact = {k: (-1, False) for k in card_db.cards}  # (no early rejection)
                try:
                    plain = r.priority_actions(d, p, dedupe=dedupe)
                finally:
                    r._hand_fact = keep
                assert fast == plain
                nonempty += bool(fast)
    assert nonempty
