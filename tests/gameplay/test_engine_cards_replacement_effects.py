"""Issue #19: optional replacement effects ("If ... would ..., you may ... instead", 710, 712.3) automated by per-card
definitions (mlp/cards/replacement_effects.py), each played in a scenario through the public API."""
from __future__ import annotations

from gameplay.engine.api import Action
from gameplay.engine.mlp.engine import Ev
from gameplay.engine.mlp.scenario import (answer, automated, pass_until, place, pre_priority, problem, resolve_faceoff,
                                          resolve_step, set_card, stacked_game, start_faceoff)


def _settle(game, st, answers=()) -> list:
    """Resolve the queue, giving ``answers`` to the decisions in order; returns the decisions asked (kind, player)."""
    answers = list(answers)
    asked = []
    ev = Ev()
    for _ in range(200):
        pend = st.d["pending"]
        if pend:
            asked.append((pend["kind"], pend["player"]))
            answer(game, st, pend["player"], answers.pop(0) if answers else True, ev=ev)
        elif st.d["rq"]:
            resolve_step(game, st, ev=ev)
        elif not pre_priority(game, st, ev=ev):
            break
    st._la = None
    return asked


# ------------------------------------------------------------------ EO160 Preemptive Flick
def test_preemptive_flick_may_retire_to_stop_an_opponents_move(game, card_db):
    """EO160: "If an opponent would move a character, you may retire this card instead. If you do, that character is
    not moved." (710, 712.3: asked as the opponent's move would happen; declined, it moves, 710.3; its controller's own
    moves and sends, 506.5, are not replaced)."""
    assert automated(card_db, "EO160")
    for whose, yes in ((1, True), (1, False), (0, None)):
        for mover in (0, 1):  # any character: the opponent moving their own or one of yours
            st = stacked_game(game)
            flick = place(game, st, "EO160", 0, "home0")
            char = place(game, st, "PR12", mover, f"home{mover}")
            game.r.move_card(st.d, Ev(), char, "prob0", by=whose)
            asked = _settle(game, st, [yes])
            assert asked == ([] if yes is None else [("may", 0)])
            assert game.r.in_play(st.d, flick) != bool(yes)
            assert st.d["cards"][char]["a"] == (f"home{mover}" if yes else "prob0")
    st = stacked_game(game)
    flick = place(game, st, "EO160", 0, "home0")
    char = place(game, st, "PR12", 1, "prob1")
    game.r.move_card(st.d, Ev(), char, "home1", send=True, by=1)  # a send is not a move (506.5)
    assert _settle(game, st) == [] and game.r.in_play(st.d, flick)


# ------------------------------------------------------------------ EO198 Take Shelter
def test_take_shelter_may_move_a_friend_over_the_home_limit_here_instead_of_retiring_it(game, card_db):
    """EO198 (a Problem): "If one of your Friends would be retired for being in excess of your home limit, you may move
    it here instead." (616.3, 710, 712.3: asked as the Friend would be retired; the move takes it out of the home)."""
    assert automated(card_db, "EO198")
    for use in (True, False):
        st = stacked_game(game)
        shelter = problem(st, game, 0)
        set_card(st, shelter, card_key=game.db.key("EO198"))
        limit = game.home_limit(st, 0)
        friends = [place(game, st, "PR12", 0, "home0") for _ in range(limit + 1)]
        st = pass_until(game, st, lambda s: s.pending and s.pending["kind"] == "retire_home")
        st, _ = game.apply(st, Action.make("choose", 0, option=friends[0]))
        assert st.pending["kind"] == "may" and st.pending["player"] == 0
        st, _ = game.apply(st, Action.make("choose", 0, option=use))
        assert game.in_play(st, friends[0]) == use
        if use:
            assert st.d["cards"][friends[0]]["a"] == st.d["cards"][shelter]["a"]


# ------------------------------------------------------------------ LL42 Aunt Holiday & Auntie Lofty
def test_aunts_may_retire_a_resource_on_another_friend_instead_of_it_being_dismissed_or_frightened(game, card_db):
    """LL42: "If one of your other Friends would be dismissed or frightened, you may retire one of your Resources on
    that Friend instead." (710, 712.3; declined, it happens, 710.3; asked only while one of your Resources is on it)."""
    assert automated(card_db, "LL42")
    for what in ("dismiss", "frighten"):
        for yes in (True, False):
            st = stacked_game(game)
            aunts = place(game, st, "LL42", 0, "home0")
            friend = place(game, st, "PR12", 0, "prob0")
            res = place(game, st, "EO164", 0, "prob0", host=friend)
            game.r.play_effects(st.d, Ev(), 1, None, [{"op": what, "target": {"id": friend}}])
            assert _settle(game, st, [yes]) == [("may", 0)]
            assert not game.r.in_play(st.d, res)  # retired, or discarded with its host (declined)
            gone = not game.r.in_play(st.d, friend) or st.d["cards"][friend].get("fr")
            assert bool(gone) != yes and game.r.in_play(st.d, aunts)
    st = stacked_game(game)  # no Resource on that Friend, or the Aunts themselves: nothing to ask
    aunts = place(game, st, "LL42", 0, "home0")
    friend = place(game, st, "PR12", 0, "prob0")
    place(game, st, "EO164", 0, "home0", host=aunts)
    game.r.play_effects(st.d, Ev(), 1, None, [{"op": "dismiss", "target": {"id": friend}},
                                              {"op": "dismiss", "target": {"id": aunts}}])
    assert _settle(game, st) == [] and not game.r.in_play(st.d, friend) and not game.r.in_play(st.d, aunts)


def test_aunts_choose_which_of_several_resources_on_that_friend_to_retire(game, card_db):
    """LL42 with two of your Resources on the Friend: the one retired is chosen (705.2f), the other stays."""
    st = stacked_game(game)
    place(game, st, "LL42", 0, "home0")
    friend = place(game, st, "PR12", 0, "prob0")
    first, second = (place(game, st, "EO164", 0, "prob0", host=friend) for _ in range(2))
    game.r.play_effects(st.d, Ev(), 1, None, [{"op": "dismiss", "target": {"id": friend}}])
    ev = Ev()
    while not st.d["pending"] or st.d["pending"]["kind"] == "may":
        if st.d["pending"]:
            answer(game, st, 0, True, ev=ev)
        else:
            resolve_step(game, st, ev=ev)
    assert set(st.d["pending"]["options"]) >= {first, second}
    answer(game, st, 0, second, ev=ev)
    _settle(game, st)
    assert game.r.in_play(st.d, friend) and game.r.in_play(st.d, first) and not game.r.in_play(st.d, second)


# ------------------------------------------------------------------ EO178 The Smooze, Creeping Crud
def test_the_smooze_may_remove_a_counter_instead_of_being_defeated(game, card_db):
    """EO178: "If this card would be defeated, you may remove a +1 power counter from it instead. If you do, this card
    is not defeated." (514.5a, 710, 712.3: its controller is asked as the challenger would defeat it; not defeated,
    the challenger scores nothing; declined, or with no counter, it is defeated)."""
    assert automated(card_db, "EO178")
    for counters, yes in ((2, True), (1, False), (0, None)):
        st = stacked_game(game)
        smooze = place(game, st, "EO178", 1, "prob0")
        set_card(st, smooze, counters={"+1": counters} if counters else {})
        place(game, st, "PR31", 0, "prob0")
        points = st.d["pl"][0]["score"]
        start_faceoff(game, st, "tm", ["prob0"], 0, tm=smooze)
        resolve_faceoff(game, st, 0)
        asked = _settle(game, st, [yes])
        assert asked[:1] == ([] if yes is None else [("may", 1)])
        assert game.r.in_play(st.d, smooze) == bool(yes)
        if yes:
            assert st.d["cards"][smooze]["cn"] == {"+1": counters - 1} and st.d["pl"][0]["score"] == points
        else:
            assert st.d["pl"][0]["score"] == points + 2  # its bonus: defeated (514.5a)


# ------------------------------------------------------------------ CGpf14 Maud Pie, Let's Play "Camouflage"
def test_maud_may_pay_an_action_token_to_remain_exhausted_instead_of_readying(game, card_db):
    """CGpf14: "If this card would ready, you may pay 1AT. If you do, this card remains exhausted instead." (710, 712.3:
    asked as she would ready, only while her controller can pay; declined, she readies, 710.3)."""
    from gameplay.engine.mlp.scenario import set_tokens
    assert automated(card_db, "CGpf14")
    for tokens, yes in ((2, True), (2, False), (0, None)):
        st = stacked_game(game)
        maud = place(game, st, "CGpf14", 0, "home0", exhausted=True)
        set_tokens(st, 0, tokens)
        game.r.play_effects(st.d, Ev(), 1, None, [{"op": "ready", "target": {"id": maud}}])
        assert _settle(game, st, [yes]) == ([] if yes is None else [("may", 0)])
        assert st.d["cards"][maud]["ex"] == bool(yes)
        assert st.d["pl"][0]["tok"] == tokens - (1 if yes else 0)


def test_maud_remains_exhausted_through_the_ready_phase_and_keeps_her_friend_without_abilities(game, card_db):
    """CGpf14 in her controller's Ready Phase (601): paid, she stays exhausted, so "While this card remains exhausted,
    that Friend loses ... abilities" goes on into the next turn."""
    from gameplay.engine.mlp.scenario import set_tokens
    st = stacked_game(game)
    maud = place(game, st, "CGpf14", 0, "home0", exhausted=True)
    st = pass_until(game, st, lambda s: s.pending and s.pending["kind"] == "may" and s.pending["player"] == 0
                    and s.d["tp"] == 0 and s.d["turn"] > 1)
    set_tokens(st, 0, max(st.d["pl"][0]["tok"], 1))
    tok = st.d["pl"][0]["tok"]
    st, _ = game.apply(st, Action.make("choose", 0, option=True))
    assert st.d["cards"][maud]["ex"] and st.d["pl"][0]["tok"] == tok - 1


# ------------------------------------------------------------------ EO141 A Stern Talking-To
def test_a_stern_talking_to_may_be_retired_to_keep_a_troublemaker_here_face_down(game, card_db):
    """EO141: "If a Troublemaker would be uncovered here, you may retire this card instead." (607 the Uncover Step,
    710, 712.3: asked of its controller as the Troublemaker would be uncovered; declined, it is uncovered, 710.3; not
    for a Troublemaker at another Problem)."""
    assert automated(card_db, "EO141")
    for yes in (True, False):
        st = stacked_game(game)
        talk = place(game, st, "EO141", 0, "prob0", host=problem(st, game, 0))
        dog = place(game, st, "RR11", 1, "prob0", face_down=True)
        other = place(game, st, "RR11", 1, "prob1", face_down=True)
        st = pass_until(game, st, lambda s: s.pending and s.pending["kind"] == "may" and s.pending["player"] == 0)
        assert st.d["tp"] == 1
        st, _ = game.apply(st, Action.make("choose", 0, option=yes))
        st = pass_until(game, st, lambda s: s.d.get("step") == "main" and s.d["tp"] == 1)
        assert game.in_play(st, talk) != yes
        assert bool(st.d["cards"][dog].get("fd")) == yes and not st.d["cards"][other].get("fd")


# ------------------------------------------------------------------ EO208 Pinkie Pie, Remix Master
def test_pinkie_may_exhaust_instead_of_her_problem_being_replaced(game, card_db):
    """EO208: "If this card's Problem would be replaced, you may exhaust this card instead." (613.2, 710, 712.3: asked
    as her Problem would be replaced, solved or by an effect, while she can be exhausted; exhausted, nothing of 613.2
    happens; declined, it is replaced and she goes home, 710.3)."""
    from gameplay.engine.mlp.scenario import replace_problem
    assert automated(card_db, "EO208")
    for solved, ready, yes in ((True, True, True), (False, True, True), (True, True, False), (True, False, None)):
        st = stacked_game(game)
        pid = problem(st, game, 0)
        pinkie = place(game, st, "EO208", 0, "prob0", exhausted=not ready)
        replace_problem(game, st, "prob0", solved=solved)
        assert _settle(game, st, [yes]) == ([] if yes is None else [("may", 0)])
        assert (problem(st, game, 0) == pid) == bool(yes)
        assert st.d["cards"][pinkie]["a"] == ("prob0" if yes else "home0") and st.d["cards"][pinkie]["ex"] == (
            bool(yes) or not ready)


# ------------------------------------------------------------------ LL62 Grogar, Tactical Consideration
def test_grogar_may_keep_a_face_down_troublemaker_from_being_uncovered(game, card_db):
    """LL62: "If one of your face-down Troublemakers would be turned face-up or uncovered, you may choose to not turn
    it face-up or uncover it instead." (607 the Uncover Step, 710, 712.3; declined, it is uncovered, 710.3)."""
    assert automated(card_db, "LL62")
    for yes in (True, False):
        st = stacked_game(game)
        place(game, st, "LL62", 1, "home1")
        dog = place(game, st, "RR11", 1, "prob1", face_down=True)
        st = pass_until(game, st, lambda s: s.pending and s.pending["kind"] == "may" and s.pending["player"] == 1)
        assert st.d["tp"] == 1 and st.d["cards"][dog].get("fd")
        st, _ = game.apply(st, Action.make("choose", 1, option=yes))
        st = pass_until(game, st, lambda s: s.d.get("step") == "main" and s.d["tp"] == 1)
        assert bool(st.d["cards"][dog].get("fd")) == yes


def test_grogar_may_keep_a_face_down_troublemaker_from_being_turned_face_up_by_an_opponent(game, card_db):
    """LL62 against "Turn over an opposing Troublemaker here. (This does not cover or uncover it.)" (607.3): its
    controller is asked as it would turn face-up; an opponent's Troublemaker is not his to keep face down."""
    for yes in (True, False):
        st = stacked_game(game)
        place(game, st, "LL62", 1, "home1")
        dog = place(game, st, "RR11", 1, "prob0", face_down=True)
        game.r.play_effects(st.d, Ev(), 0, None, [{"op": "turn_tm_over", "target": {"id": dog}}])
        assert _settle(game, st, [yes]) == [("may", 1)]
        assert bool(st.d["cards"][dog].get("fd")) == yes
    st = stacked_game(game)
    place(game, st, "LL62", 1, "home1")
    theirs = place(game, st, "RR11", 0, "prob0", face_down=True)
    game.r.play_effects(st.d, Ev(), 1, None, [{"op": "turn_tm_over", "target": {"id": theirs}}])
    assert _settle(game, st) == [] and not st.d["cards"][theirs].get("fd")
