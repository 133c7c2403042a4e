"""Reaction timing (512.4): Reactions are playable only in response to their condition, once per
instance (512.4c), until the close of the next priority window (512.4d); Reaction windows open
only when someone can react."""
from __future__ import annotations

from gameplay.engine.api import Action
from gameplay.engine.mlp.cardtext import parse_line
from gameplay.engine.mlp.engine import Ev
from gameplay.engine.mlp.scenario import place, resolve_all, set_tokens, stacked_game, to_hand


def rx_plays(game, st, p, cid=None):
    return [a for a in game.legal_actions(st, p) if a.get("rx") is not None and (cid is None or a.get("card") == cid)]


def colored(game, st, p, color, n=5):
    """Give player ``p`` enough [color] power for a play requirement (205.1): a textless Friend at home."""
    db = game.db
    num = max((d for d in db.cards.values() if d.front.type == "Friend" and not d.front.text.strip()
               and d.front.colors == (color,) and "Unique" not in d.front.traits),
              key=lambda d: ((d.front.power or 0), d.number)).number
    from gameplay.engine.mlp.flow import _color_power

    while _color_power(game.r, st.d, p).get(color, 0) < n:
        place(game, st, num, p, f"home{p}")


def key_in(st, db, number, zone="play"):
    k = db.key(number)
    return [c for c, x in st.d["cards"].items() if x["k"] == k and x.get("z") == zone]


def test_parse_reaction_conditions():
    ab = parse_line("Reaction: After an opposing Friend enters play, move it.", "Event", {})
    assert ab["kind"] == "event" and ab["timing"] == "reaction"
    assert ab["rx"] == {"ev": "enter", "type": "Friend", "ctrl": "opp"}
    assert ab["effects"] == [{"op": "move", "target": {"it": True}, "to": "choose"}]  # "it": the Friend
    ab = parse_line("Reaction: After the start of an opponent's Score Phase, you may move one of your characters to a Problem.", "Event", {})
    assert ab["rx"] == {"ev": "phase", "ph": "score", "whose": "opp"}
    ab = parse_line("Reaction: After your opponent draws a card, exhaust this card to draw 2 cards.", "Friend", {})
    assert (ab["kind"], ab["rx"], ab["cost"]) == ("activated", {"ev": "draw", "by": "opp"}, {"exhaust": True})
    ab = parse_line("Reaction: When an opponent's character is played to this card's Problem, you may exhaust this card. "
                    "If you do, move that character.", "Friend", {})
    assert ab["cost"] == {"exhaust": True} and ab["effects"] == [{"op": "move", "target": {"it": True}, "to": "choose"}]
    ab = parse_line("Reaction: After you play a Friend to a Problem, opposing Friends there have -1 power until the end of the turn.", "Event", {})
    assert ab["effects"][0]["target"]["at"] == "there"
    # an unknown condition stays manual
    assert parse_line("Reaction: After an opponent sings a song, draw a card.", "Event", {}).get("manual")


def test_reaction_event_only_after_its_condition(game, db):
    # AD103 Missed Teleport: "Reaction: After an opposing Friend enters play, move it."
    st = stacked_game(game)
    mt = to_hand(game, st, "AD103", 1)
    colored(game, st, 1, "Magic")
    set_tokens(st, 1, 5)
    fr = to_hand(game, st, "PR12", 0)
    set_tokens(st, 0, 5)
    st.d["pl"][0]["hand"] = [fr]
    st._la = None
    assert not rx_plays(game, st, 1)  # 512.4: no condition met, not playable
    st, _ = game.apply(st, Action.make("play", 0, card=fr, area="prob0"))
    assert game.to_move(st) == 1  # the opponent got priority and has a real choice
    acts = rx_plays(game, st, 1, mt)
    assert len(acts) == 1
    friend = next(c for c in key_in(st, db, "PR12") if st.d["cards"][c]["c"] == 0)
    st, _ = game.apply(st, acts[0])
    pend = st.d["pending"]
    assert pend["kind"] == "choice" and pend["player"] == 1  # where to move it
    st, _ = game.apply(st, Action.make("choose", 1, option="prob1"))
    assert st.d["cards"][friend]["a"] == "prob1"
    assert not key_in(st, db, "AD103", "hand")


def test_reaction_condition_expires_with_the_window(game, db):
    # 512.4d: after the window in which the Friend entered play closed, Missed Teleport can't react
    st = stacked_game(game)
    mt = to_hand(game, st, "AD103", 1)
    colored(game, st, 1, "Magic")
    set_tokens(st, 1, 5)
    a, b = to_hand(game, st, "PR12", 0), to_hand(game, st, "PR33", 0)
    st.d["pl"][0]["hand"] = [a, b]
    set_tokens(st, 0, 9)
    st, _ = game.apply(st, Action.make("play", 0, card=a, area="home0"))
    assert rx_plays(game, st, 1, mt)
    st, _ = game.apply(st, Action("pass", 1))
    assert game.to_move(st) == 0
    st, _ = game.apply(st, Action.make("draw", 0))  # a new Main Phase action: a new window (512.3)
    assert game.to_move(st) != 1 or not rx_plays(game, st, 1, mt)


def test_no_reaction_window_without_a_playable_reaction(game, db):
    # AD104 Nope ("After the start of any phase") with no action token to pay for it: no window,
    # the game goes on without a pass click (auto-pass)
    st = stacked_game(game)
    to_hand(game, st, "AD104", 1)
    colored(game, st, 1, "Honesty")
    set_tokens(st, 1, 0)
    st, _ = game.apply(st, Action("pass", 0))  # end the Main Phase
    assert st.d["turn"] >= 2 or game.to_move(st) == 0


def test_reaction_window_at_the_start_of_a_phase(game, db):
    # AD104 Nope: the opponent gets priority after the start of the Score Phase (and may react)
    st = stacked_game(game)
    nope = to_hand(game, st, "AD104", 1)
    colored(game, st, 1, "Honesty")
    set_tokens(st, 1, 5)
    tgt = place(game, st, "PR12", 0, "prob0")
    st, _ = game.apply(st, Action("pass", 0))  # the Main Phase ends -> Score Phase starts
    assert game.to_move(st) == 1 and st.d["step"] in ("score_go", "w_score")
    acts = rx_plays(game, st, 1, nope)
    assert acts
    st, ev = game.apply(st, acts[0])
    log = [e["msg"] for e in ev]
    while st.d["pending"]:
        pend = st.d["pending"]
        st, ev = game.apply(st, Action.make("choose", pend["player"], option=tgt if tgt in pend["options"] else pend["options"][0]))
        log += [e["msg"] for e in ev]
    assert any("gets -4 power" in m for m in log)
    assert not key_in(st, db, "AD104", "hand")


def test_reaction_ability_once_per_instance(game, db):
    # PR201 Lyra Heartstrings: "Reaction: After your opponent draws a card, exhaust this card to draw 2 cards."
    st = stacked_game(game)
    lyra = place(game, st, "PR201", 1, "home1")
    set_tokens(st, 0, 3)
    st, _ = game.apply(st, Action.make("draw", 0))
    acts = rx_plays(game, st, 1, lyra)
    assert len(acts) == 1 and acts[0].kind == "activate"
    n = len(st.d["pl"][1]["hand"])
    st, _ = game.apply(st, acts[0])
    assert len(st.d["pl"][1]["hand"]) == n + 2
    assert st.d["cards"][lyra]["ex"]
    assert not rx_plays(game, st, 1, lyra)


def test_reaction_to_a_card_put_into_the_discard_pile(game, db):
    # AD113 Rehabilitation: "After one of your Troublemakers is put into the discard pile from play,
    # put that card into your hand."
    st = stacked_game(game)
    tm = place(game, st, "PR153", 1, "prob0")
    reh = to_hand(game, st, "AD113", 1)
    colored(game, st, 1, "Kindness")
    set_tokens(st, 1, 5)
    game.r.leave_play(st.d, Ev(), tm, "disc", verb="dismissed")
    st.d["prio"]["p"] = 1  # the opponent has priority in the Main Phase window
    st._la = None
    acts = rx_plays(game, st, 1, reh)
    assert len(acts) == 1
    k = st.d["cards"][tm]["k"] if tm in st.d["cards"] else None
    st, _ = game.apply(st, acts[0])
    hand_keys = [st.d["cards"][c]["k"] for c in st.d["pl"][1]["hand"]]
    assert db.key("PR153") in hand_keys and k is None


def test_reaction_there_is_the_problem_of_the_played_friend(game, db):
    # CG115 Sound the Flugelhorn!: "After you play a Friend to a Problem, opposing Friends there have -1 power"
    st = stacked_game(game)
    horn = to_hand(game, st, "CG115", 0)
    colored(game, st, 0, "Laughter")
    fr = to_hand(game, st, "PR12", 0)
    there = place(game, st, "PR33", 1, "prob1")
    elsewhere = place(game, st, "PR31", 1, "prob0")
    set_tokens(st, 0, 9)
    p_there, p_else = game.power(st, there), game.power(st, elsewhere)
    st, _ = game.apply(st, Action.make("play", 0, card=fr, area="prob1"))
    assert game.to_move(st) == 0  # the opponent had nothing to do (auto-pass); still this window
    acts = rx_plays(game, st, 0, horn)
    assert len(acts) == 1
    st, _ = game.apply(st, acts[0])
    assert game.power(st, there) == p_there - 1 and game.power(st, elsewhere) == p_else
