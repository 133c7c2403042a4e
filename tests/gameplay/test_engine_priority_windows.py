"""Priority windows at every Phase and Step boundary the rules name (601.2, 510.2): the start of the Draw
Step (601.2a: none earlier in the Ready Phase), the end of the Ready Phase, the Troublemaker Phase's start,
step boundary and end, the end of the Main Phase (601.2c), the start of the Score Phase, after each
confront step (611), after the Faceoff Step's faceoff (612), the end of the Score Phase, the End of Turn
Step (615); none in the Wrap Up Step (601.2b).  Auto-passed when nobody has anything but "pass"."""
from __future__ import annotations

import pytest

from gameplay.engine.api import Action
from gameplay.engine.mlp.flow.decisions import BOUNDARY_WINDOWS
from gameplay.engine.mlp.rules import Rules
from gameplay.engine.mlp.scenario import pass_until, place, set_tokens, stacked_game


@pytest.fixture
def windows_never_auto_pass(monkeypatch):
    """Every window is offered to both players (as if each held an Immediate card)."""
    monkeypatch.setattr(Rules, "has_non_pass", lambda self, st, p: True)


def _windows_of_turn(game, st, turn):
    """(step, phase, end-of-phase, the player with priority) of each phase window of ``turn``, everyone passing."""
    seen = []
    for _ in range(400):
        if st.d["turn"] > turn or st.d["outcome"]:
            return seen
        pr = st.d["prio"]
        if st.d["turn"] == turn and pr and pr["w"] == "phase" and pr["n"] == 0:
            seen.append((st.d["step"], pr["ph"], pr["end"], pr["p"]))
        p = game.to_move(st)
        acts = game.legal_actions(st, p)
        pas = [a for a in acts if a.kind == "pass"]
        if st.d["pending"]:
            opts = st.d["pending"]["options"]
            a = Action.make("choose", p, option="done" if "done" in opts else False if st.d["pending"]["kind"] == "may" else opts[0])
        else:
            a = pas[0]
        st, _ = game.apply(st, a)
    raise AssertionError("turn did not end")


def test_a_window_opens_at_each_boundary_of_a_turn_601_2(game, windows_never_auto_pass):
    st = stacked_game(game)  # Ann's first Main Phase
    seen = _windows_of_turn(game, st, 2)  # Bob's turn: no confront, no faceoff
    assert seen == [
        ("w_draw", "ready", False, 1),  # 601.2a: the first window of the Ready Phase is after the Action Step
        ("w_ready", "ready", True, 1),
        ("w_tp", "tp", False, 1),
        ("w_uncovered", "tp", False, 1),
        ("w_tp_end", "tp", True, 1),
        ("w_main_end", "main", True, 1),  # 601.2c (the Main Phase's own window, 609.1, is not a phase window)
        ("w_score", "score", False, 1),
        ("w_score_end", "score", True, 1),
        ("w_end", "end", False, 1),  # 615; none in the Wrap Up Step (601.2b)
    ]
    assert {s for s, *_ in seen} <= set(BOUNDARY_WINDOWS)
    assert all(rule.startswith("601.2") for *_, rule in BOUNDARY_WINDOWS.values())


def test_a_window_opens_after_each_confront_step_611(game, windows_never_auto_pass):
    st = stacked_game(game)
    place(game, st, "PR12", 0, "prob0")  # PR190 at Ann's Problem asks her 1 Honesty and 1 non-Honesty power
    place(game, st, "PR33", 0, "prob0")
    st = pass_until(game, st, lambda s: s.d["step"] == "confront" and s.d["prio"] is not None)
    assert st.d["prio"]["ph"] == "score" and st.d["pl"][0]["score"] == 1 and st.d["sc"]["conf"] == ["prob0"]


def test_tokens_come_before_the_first_window_and_the_draw_after_it_601_2a(game):
    """Bob's DE84 ("Immediate: Exhaust this card to gain [1].") is usable in Ann's window at the start of her
    Draw Step: she already has her action tokens (604) and has not drawn yet (605)."""
    st = stacked_game(game)
    bob = place(game, st, "DE84", 1, "home1")
    st = pass_until(game, st, lambda s: s.d["turn"] == 2)  # Bob's turn (he uses nothing)
    st = pass_until(game, st, lambda s: s.d["turn"] == 3 and s.d["step"] == "w_draw" and game.to_move(s) == 1)
    hand, deck = len(st.d["pl"][0]["hand"]), len(st.d["pl"][0]["deck"])
    assert st.d["pl"][0]["tok"] > 0 and st.d["prio"]["ph"] == "ready"
    act = next(a for a in game.legal_actions(st, 1) if a.kind == "activate" and a.get("card") == bob)
    tok = st.d["pl"][1]["tok"]
    st, _ = game.apply(st, act)
    assert st.d["pl"][1]["tok"] == tok + 1
    assert (len(st.d["pl"][0]["hand"]), len(st.d["pl"][0]["deck"])) == (hand + 1, deck - 1)  # 605.1: drawn once the window closed (both passed after the action)


def test_phase_abilities_not_after_the_end_of_phase_window_opened_601_2c(game, windows_never_auto_pass):
    """CG12 Rainbow Dash, "Troublemaker Phase: Retire this card to move one of your Friends to this card's
    Problem": in the Troublemaker Phase's start and step windows (512.3), not in its end window (601.2c)."""
    st = stacked_game(game)
    dash = place(game, st, "CG12", 0, "prob1")
    place(game, st, "PR36", 0, "home0")

    def usable(s):
        return any(a.kind == "activate" and a.get("card") == dash for a in game.legal_actions(s, 0))

    for step, want in (("w_tp", True), ("w_uncovered", True), ("w_tp_end", False)):
        st = pass_until(game, st, lambda s, step=step: s.d["turn"] == 3 and s.d["step"] == step and game.to_move(s) == 0,
                        limit=400)
        set_tokens(st, 0, 5)
        assert usable(st) is want, step


def test_immediate_but_no_main_phase_action_in_the_end_of_main_phase_window_601_2c(game, windows_never_auto_pass):
    st = stacked_game(game)
    de84 = place(game, st, "DE84", 0, "home0")
    set_tokens(st, 0, 5)
    st = pass_until(game, st, lambda s: s.d["step"] == "w_main_end" and game.to_move(s) == 0)
    kinds = {a.kind for a in game.legal_actions(st, 0)}
    assert "draw" not in kinds and "move" not in kinds  # 609.2: Main Phase actions only in the Main Phase window
    assert any(a.kind == "activate" and a.get("card") == de84 for a in game.legal_actions(st, 0))
