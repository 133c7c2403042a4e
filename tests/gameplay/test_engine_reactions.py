"""Reaction timing (512.4): Reactions are playable only in response to their condition, once per
instance (512.4c), until the close of the next priority window (512.4d); Reaction windows open
only when someone can react."""
from __future__ import annotations

from gameplay.engine.api import Action
from gameplay.engine.mlp.cardtext import parse_line
from gameplay.engine.mlp.engine import Ev
from gameplay.engine.mlp.effects.conditions import _if_cond
from gameplay.engine.mlp.scenario import (add_power, answer, flip_for_faceoff, frighten, leave_play, place,
                                          play_effects, resolve_all, resolve_step, set_card, set_tokens, stacked_game,
                                          start_faceoff, take_action, to_hand, trigger_all)


def rx_plays(game, st, p, cid=None):
    return [a for a in game.legal_actions(st, p) if a.get("rx") is not None and (cid is None or a.get("card") == cid)]


def colored(game, st, p, color, n=5):
    """Give player ``p`` enough [color] power for a play requirement (205.1): a textless Friend at home."""
    card_db = game.db
    num = max((d for d in card_db.cards.values() if d.front.type == "Friend" and not d.front.text.strip()
               and d.front.colors == (color,) and "Unique" not in d.front.traits),
              key=lambda d: ((d.front.power or 0), d.number)).number
    from gameplay.engine.mlp.flow.legal import _color_power

    while _color_power(game.r, st.d, p).get(color, 0) < n:
        place(game, st, num, p, f"home{p}")


def key_in(st, card_db, number, zone="play"):
    k = card_db.key(number)
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


def test_reaction_event_only_after_its_condition(game, card_db):
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
    friend = next(c for c in key_in(st, card_db, "PR12") if st.controller(c) == 0)
    st, _ = game.apply(st, acts[0])
    pend = st.pending
    assert pend["kind"] == "choice" and pend["player"] == 1  # where to move it
    st, _ = game.apply(st, Action.make("choose", 1, option="prob1"))
    assert st.area(friend) == "prob1"
    assert not key_in(st, card_db, "AD103", "hand")


def test_reaction_condition_expires_with_the_window(game, card_db):
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


def test_no_reaction_window_without_a_playable_reaction(game, card_db):
    # AD104 Nope ("After the start of any phase") with no action token to pay for it: no window,
    # the game goes on without a pass click (auto-pass)
    st = stacked_game(game)
    to_hand(game, st, "AD104", 1)
    colored(game, st, 1, "Honesty")
    set_tokens(st, 1, 0)
    st, _ = game.apply(st, Action("pass", 0))  # end the Main Phase
    assert st.turn >= 2 or game.to_move(st) == 0


def test_reaction_window_at_the_start_of_a_phase(game, card_db):
    # AD104 Nope: the opponent gets priority after the start of the Score Phase (and may react)
    st = stacked_game(game)
    nope = to_hand(game, st, "AD104", 1)
    colored(game, st, 1, "Honesty")
    set_tokens(st, 1, 5)
    tgt = place(game, st, "PR12", 0, "prob0")
    st, _ = game.apply(st, Action("pass", 0))  # the Main Phase ends -> Score Phase starts
    assert game.to_move(st) == 1 and st.step in ("score_go", "w_score")
    acts = rx_plays(game, st, 1, nope)
    assert acts
    st, ev = game.apply(st, acts[0])
    log = [e["msg"] for e in ev]
    while st.pending:
        pend = st.pending
        st, ev = game.apply(st, Action.make("choose", pend["player"], option=tgt if tgt in pend["options"] else pend["options"][0]))
        log += [e["msg"] for e in ev]
    assert any("gets -4 power" in m for m in log)
    assert not key_in(st, card_db, "AD104", "hand")


def test_reaction_ability_once_per_instance(game, card_db):
    # PR201 Lyra Heartstrings: "Reaction: After your opponent draws a card, exhaust this card to draw 2 cards."
    st = stacked_game(game)
    lyra = place(game, st, "PR201", 1, "home1")
    set_tokens(st, 0, 3)
    st, _ = game.apply(st, Action.make("draw", 0))
    acts = rx_plays(game, st, 1, lyra)
    assert len(acts) == 1 and acts[0].kind == "activate"
    n = len(st.hand(1))
    st, _ = game.apply(st, acts[0])
    assert len(st.hand(1)) == n + 2
    assert st.exhausted(lyra)
    assert not rx_plays(game, st, 1, lyra)


def test_reaction_to_a_card_put_into_the_discard_pile(game, card_db):
    # AD113 Rehabilitation: "After one of your Troublemakers is put into the discard pile from play,
    # put that card into your hand."
    st = stacked_game(game)
    tm = place(game, st, "PR153", 1, "prob0")
    reh = to_hand(game, st, "AD113", 1)
    colored(game, st, 1, "Kindness")
    set_tokens(st, 1, 5)
    leave_play(game, st, tm, "disc", verb="dismissed")
    st.d["prio"]["p"] = 1  # the opponent has priority in the Main Phase window
    st._la = None
    acts = rx_plays(game, st, 1, reh)
    assert len(acts) == 1
    k = st.card_key(tm) if st.has_card(tm) else None
    st, _ = game.apply(st, acts[0])
    hand_keys = [st.card_key(c) for c in st.hand(1)]
    assert card_db.key("PR153") in hand_keys and k is None


def test_reaction_there_is_the_problem_of_the_played_friend(game, card_db):
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


# ------------------------------------------------------------------ more Reaction conditions
def run(game, st, p, src, effects):
    play_effects(game, st, p, src, effects)
    return resolve_all(game, st)


def opp_priority(st):
    st.d["prio"]["p"] = 1  # the opponent has priority in the Main Phase window (test setup)
    st.d["prio"]["n"] = 0
    st._la = None


def test_reaction_to_an_opponent_moving_a_character_here(game, card_db):
    # RR1 Apple Strudel: "After an opponent moves a character to this card's Problem, you may pay [1]
    # to exhaust that character."
    st = stacked_game(game)
    rr = place(game, st, "RR1", 1, "prob1")
    mover = place(game, st, "PR12", 0, "home0")
    other = place(game, st, "PR33", 0, "home0")
    set_tokens(st, 0, 9)
    set_tokens(st, 1, 2)
    st, _ = game.apply(st, Action.make("move", 0, card=other, area="prob0"))  # not its Problem
    assert not rx_plays(game, st, 1, rr)
    if game.to_move(st) == 1:
        st, _ = game.apply(st, Action("pass", 1))
    st, _ = game.apply(st, Action.make("move", 0, card=mover, area="prob1"))
    acts = rx_plays(game, st, 1, rr)
    assert len(acts) == 1
    st, _ = game.apply(st, acts[0])
    assert st.exhausted(mover) and st.tokens(1) == 1


def test_stand_still_sends_the_moved_character_back(game, card_db):
    # PR118 Stand Still!: "Play after an opponent's character has just been moved. Send that character
    # to its previous area."
    st = stacked_game(game)
    ss = to_hand(game, st, "PR118", 1)
    colored(game, st, 1, card_db[card_db.key("PR118")].front.play_requirements[0][0] if card_db[card_db.key("PR118")].front.play_requirements else "Loyalty")
    set_tokens(st, 1, 5)
    mover = place(game, st, "PR12", 0, "home0")
    set_tokens(st, 0, 5)
    st, _ = game.apply(st, Action.make("move", 0, card=mover, area="prob1"))
    acts = rx_plays(game, st, 1, ss)
    assert len(acts) == 1
    st, _ = game.apply(st, acts[0])
    assert st.area(mover) == "home0"


def test_frighten_and_unfrighten_reactions(game, card_db):
    # CN18 Rainbow Dash, Goosebump Giver: "After an opponent's Friend is frightened, you may exhaust this
    # card to frighten another Friend."  CG123 Unending Nightmare: "After a Friend becomes unfrightened,
    # frighten that Friend."
    st = stacked_game(game)
    rd = place(game, st, "CN18", 1, "home1")
    a = place(game, st, "PR12", 0, "prob0")
    b = place(game, st, "PR33", 0, "prob0")
    frighten(game, st, a)
    opp_priority(st)
    acts = rx_plays(game, st, 1, rd)
    assert len(acts) == 1
    st, _ = game.apply(st, acts[0])
    while st.pending:
        st, _ = game.apply(st, Action.make("choose", 1, option=b if b in st.pending["options"] else st.pending["options"][0]))
    assert st.frightened(b) and st.exhausted(rd)
    # Unending Nightmare
    st = stacked_game(game)
    un = to_hand(game, st, "CG123", 1)
    req = card_db[card_db.key("CG123")].front.play_requirements
    if req:
        colored(game, st, 1, req[0][0], req[0][1])
    set_tokens(st, 1, 5)
    a = place(game, st, "PR12", 0, "prob0")
    frighten(game, st, a)
    set_tokens(st, 0, 5)
    st._la = None
    st, _ = game.apply(st, Action.make("rally", 0, card=a))
    acts = rx_plays(game, st, 1, un)
    assert len(acts) == 1
    st, _ = game.apply(st, acts[0])
    assert st.frightened(a)


def test_ignore_a_flipped_card(game, card_db):
    # PR111 Duck and Cover: "After you flip a card during a faceoff, ignore that card and flip a new card."
    st = stacked_game(game)
    dc = to_hand(game, st, "PR111", 0)
    req = card_db[card_db.key("PR111")].front.play_requirements
    if req:
        colored(game, st, 0, req[0][0], req[0][1])
    set_tokens(st, 0, 5)
    st.d["fo"] = {"type": "problem", "areas": ["prob0"], "chal": 0, "tm": None, "stage": "w_flip", "ign": [], "bonus": [0, 0],
                  "rounds": 1, "winner": None, "stud": [False, False], "rand": [], "tie": False}
    from gameplay.engine.mlp.flow import flip_one

    flipped = flip_one(game.r, st.d, Ev(), 0)
    st.d["prio"] = {"w": "fo", "p": 0, "n": 0}
    st._la = None
    acts = rx_plays(game, st, 0, dc)
    assert len(acts) == 1
    n = len(st.flipped(0))
    take_action(game, st, acts[0])
    resolve_all(game, st)
    # 514.4b: the ignored card stays flipped, another is flipped
    assert flipped in st.flipped(0) and len(st.flipped(0)) == n + 1
    assert st.faceoff["ign"] == [flipped]


def test_epic_win_and_fire_in_the_sky_at_the_start_of_your_troublemaker_phase(game, card_db):
    # AD97 Epic Win: "After the start of your Troublemaker Phase, defeat an opponent's Troublemaker."
    st = stacked_game(game)
    ew = to_hand(game, st, "AD97", 1)
    req = card_db[card_db.key("AD97")].front.play_requirements
    if req:
        colored(game, st, 1, req[0][0], req[0][1])
    tm = place(game, st, "PR153", 0, "prob1")
    pts = game.face(st, tm).bonus or 0
    set_tokens(st, 1, 9)
    st, _ = game.apply(st, Action("pass", 0))  # Ann's turn ends; Bob's turn starts
    # no window at the start of Bob's Ready Phase for Epic Win; at the start of his Troublemaker Phase yes
    for _ in range(20):
        if game.to_move(st) == 1 and rx_plays(game, st, 1, ew):
            break
        p = game.to_move(st)
        st, _ = game.apply(st, game.legal_actions(st, p)[0] if st.pending else Action("pass", p))
    assert st.step == "w_tp" and st.priority["w"] in ("rx", "phase")
    score = st.score(1)
    st, _ = game.apply(st, rx_plays(game, st, 1, ew)[0])
    assert st.score(1) == score + pts and not st.has_card(tm)


def test_cutie_pox_scare_chooses_the_problem(game, card_db):
    # CG98 Cutie Pox Scare: "After the start of a Score Phase, move all characters at a Problem home."
    st = stacked_game(game)
    a = place(game, st, "PR12", 0, "prob0")
    b = place(game, st, "PR33", 1, "prob0")
    c = place(game, st, "PR31", 0, "prob1")
    run(game, st, 1, None, [{"op": "choose_area"}, {"op": "move", "target": {"type": "character", "each": True, "at": "there"}, "to": "home"}])
    # resolve_all answered the first option (prob0)
    assert st.area(a) == "home0" and st.area(b) == "home1" and st.area(c) == "prob1"


def test_shuffle_and_lose_token_ops(game, card_db):
    st = stacked_game(game)
    set_tokens(st, 0, 3)
    run(game, st, 1, None, [{"op": "lose_tokens", "who": "opponent", "n": 1}])  # CG100 "must pay [1] if able"
    assert st.tokens(0) == 2
    deck = list(st.deck(0))
    run(game, st, 1, None, [{"op": "shuffle_decks"}])  # CN105 (the game's seeded rng)
    assert sorted(st.deck(0)) == sorted(deck)


def test_reaction_to_gaining_tokens_and_to_a_troublemaker_played(game, card_db):
    # PR83 Fluttershy: "When an opponent receives at least [1], you may exhaust this card. If you do,
    # that opponent loses [1]."  CN150 The High Ground: "After a Troublemaker is played, you may exhaust
    # this card to ready one of your characters."
    st = stacked_game(game)
    fl = place(game, st, "PR83", 1, "home1")
    hg = place(game, st, "CN150", 1, "home1")
    tired = place(game, st, "PR12", 1, "prob1", exhausted=True)
    set_tokens(st, 0, 3)
    run(game, st, 0, None, [{"op": "gain", "n": 1}])
    opp_priority(st)
    acts = rx_plays(game, st, 1, fl)
    assert len(acts) == 1
    st, _ = game.apply(st, acts[0])
    assert st.tokens(0) == 3
    tm = to_hand(game, st, "PR153", 0)
    st.d["prio"] = {"w": "main", "p": 0, "n": 0}
    st._la = None
    st, _ = game.apply(st, Action.make("play_troublemaker", 0, card=tm, area="prob1"))
    acts = rx_plays(game, st, 1, hg)
    assert len(acts) == 1
    st, _ = game.apply(st, acts[0])
    while st.pending:
        pend = st.pending
        st, _ = game.apply(st, Action.make("choose", pend["player"], option=tired if tired in pend["options"] else pend["options"][0]))
    assert not st.exhausted(tired)


# ------------------------------------------------------------------ start / end of turn texts
def test_parse_new_trigger_phrases():
    ab = parse_line("At the start of the Score Phase, you may move this card home.", "Friend", {})
    assert ab["on"] == "any_score_start"
    ab = parse_line("At the start of each player's turn, that player draws an additional card.", "Resource", {})
    assert (ab["on"], ab["as_tp"], ab["effects"]) == ("any_turn_start", True, [{"op": "draw", "n": 1, "who": "you"}])
    ab = parse_line("At the start of a Problem faceoff here, each player may pay [1] to ready a character here.", "Problem", {})
    assert ab["on"] == "problem_fo_start" and ab["here"]
    ab = parse_line("At the end of your opponent's turn, if no Problems were confronted this turn, score a point.", "Problem", {})
    assert ab["on"] == "opp_turn_end" and ab["effects"][0]["cond"] == {"k": "none_confronted"}
    ab = parse_line("At the start of your turn, each opponent retires a frightened Friend.", "Friend", {})
    assert ab["effects"] == [{"op": "as_opponent", "effects": [
        {"op": "retire", "target": {"type": "Friend", "ctrl": "you", "state": "frightened"}}]}]


def test_each_players_turn_start_trigger(game, card_db):
    # CN145 Pie Family Rock Farm: "At the start of each player's turn, that player draws an additional card."
    st = stacked_game(game)
    place(game, st, "CN145", 0, "home0")
    hand1 = len(st.hand(1))
    st, _ = game.apply(st, Action("pass", 0))  # Bob's turn: he draws 1 (605.1) + 1
    while game.to_move(st) == 0 and st.turn == 1:
        st, _ = game.apply(st, Action("pass", 0))
    assert st.turn_player == 1 and len(st.hand(1)) == hand1 + 2


def test_start_of_the_score_phase_trigger_each_player(game, card_db):
    # AD81 Rainbow Dash, Discorded: "At the start of the Score Phase, you may move this card home." (also
    # in the opponent's Score Phase)
    st = stacked_game(game)
    rd = place(game, st, "AD81", 1, "prob0")
    st, _ = game.apply(st, Action("pass", 0))  # Ann's Score Phase
    for _ in range(10):
        if st.pending and st.pending["kind"] == "may":
            break
        st, _ = game.apply(st, Action("pass", game.to_move(st)))
    assert st.pending["player"] == 1
    st, _ = game.apply(st, Action.make("choose", 1, option=True))
    assert st.area(rd) == "home1"


def test_problem_faceoff_here_trigger(game, card_db):
    # HM124 Fluttershy's Worst Nightmare: "At the start of a Problem faceoff here, put each opposing Friend
    # here with 0 power into its owner's hand."
    st = stacked_game(game)
    pid = place(game, st, "HM124", 0, "dil9")
    st.d["areas"].append("dil9")
    weak = place(game, st, "PR12", 1, "dil9")
    add_power(game, st, weak, -game.power(st, weak), "turn")
    strong = place(game, st, "PR33", 1, "dil9")
    elsewhere = place(game, st, "PR31", 1, "prob0")
    add_power(game, st, elsewhere, -game.power(st, elsewhere), "turn")
    start_faceoff(game, st, "problem", ["prob0"], 0)
    resolve_all(game, st)
    assert st.has_card(elsewhere)  # not here
    st.d["fo"] = None
    start_faceoff(game, st, "problem", ["dil9"], 0)
    resolve_all(game, st)
    assert not st.has_card(weak) and st.has_card(strong) and st.has_card(pid)


def test_if_conditions(game, card_db):
    st = stacked_game(game)
    tm = place(game, st, "AD152", 0, "home0")  # Tread Mill
    set_tokens(st, 0, 0)
    set_tokens(st, 1, 2)
    eff = card_db[card_db.key("AD152")].abilities["front"][-1]["effects"]
    run(game, st, 0, tm, eff)
    assert st.tokens(0) == 0
    set_tokens(st, 1, 3)
    run(game, st, 0, tm, eff)
    assert st.tokens(0) == 1
    # hand_below + draw_to (DE28 Gabby)
    st.d["pl"][0]["hand"] = st.hand(0)[:1]
    run(game, st, 0, None, [{"op": "if", "cond": {"k": "hand_below", "n": 4}, "effects": [{"op": "draw_to", "n": 4}]}])
    assert len(st.hand(0)) == 4
    # self power, beneath, highest power, no opposing characters at this card's Problem
    me = place(game, st, "PR12", 0, "prob1")
    cond = lambda k, **kw: _if_cond(game.r, st.d, 0, me, {"k": k, **kw})
    assert cond("self_power_at_least", n=game.power(st, me)) and not cond("self_power_at_least", n=game.power(st, me) + 1)
    assert not cond("beneath_at_least", n=1)
    assert cond("no_opp_at_problem")
    big = place(game, st, "PR33", 1, "prob1")
    add_power(game, st, big, 20, "turn")
    assert not cond("no_opp_at_problem") and not cond("highest_power")
    home = place(game, st, "PR31", 0, "home0")
    assert not _if_cond(game.r, st.d, 0, home, {"k": "no_opp_at_problem"})


def test_confronted_this_turn_conditions(game, card_db):
    # MT119 Blackmail / DE40 Zecora: "if no Problems were confronted this turn" / "if this card's Problem
    # was not confronted"
    st = stacked_game(game)
    z = place(game, st, "DE40", 1, "prob0")
    f = lambda k: _if_cond(game.r, st.d, 1, z, {"k": k})
    assert f("none_confronted") and f("not_confronted")
    st.d["cft"] = [st.turn, [game.problem_at(st, "prob1")]]
    assert not f("none_confronted") and f("not_confronted")
    st.d["cft"][1].append(game.problem_at(st, "prob0"))
    assert not f("not_confronted")
    st.d["cft"][0] -= 1  # another turn's record
    assert f("none_confronted")


def test_turn_ops(game, card_db):
    st = stacked_game(game)
    bottom = st.deck(0)[-1]
    k = st.card_key(bottom)
    run(game, st, 0, None, [{"op": "draw", "n": 1, "who": "you", "bottom": True}])  # CG26
    assert st.card_key(st.hand(0)[-1]) == k
    set_tokens(st, 1, 5)
    run(game, st, 0, None, [{"op": "lose_tokens", "who": "opponent", "down_to": 2}])  # EO209
    assert st.tokens(1) == 2
    pm = place(game, st, "SB31", 0, "home0")  # Party Mare: a random Problem (seeded rng)
    run(game, st, 0, pm, [{"op": "move", "target": {"self": True}, "to": "random_problem"}])
    assert st.area(pm) in ("prob0", "prob1")
    mine = place(game, st, "PR12", 0, "prob0")
    theirs = place(game, st, "PR33", 1, "prob0")
    frighten(game, st, mine)
    frighten(game, st, theirs)
    run(game, st, 0, None, [{"op": "as_opponent", "effects": [  # DE12 Torch: the opponent retires one of theirs
        {"op": "retire", "target": {"type": "Friend", "ctrl": "you", "state": "frightened"}}]}])
    assert st.has_card(mine) and not st.has_card(theirs)


# ------------------------------------------------------------------ second batch of start / end texts
def test_parse_second_batch():
    from gameplay.engine.mlp.cardtext import parse_effects

    assert parse_effects("choose a color. This card loses its colors and becomes that color") == [{"op": "choose_color"}]
    assert parse_effects("you may discard a card to draw a card") == [{"op": "may", "effects": [
        {"op": "discard", "n": 1, "who": "you", "cost": True}, {"op": "draw", "n": 1, "who": "you"}]}]
    assert parse_effects("retire another one of your Friends. If you do, put a +1 power counter on this card")[0] == \
        {"op": "retire", "target": {"type": "Friend", "ctrl": "you", "other": True}, "cost": True}
    r = parse_effects("you may exhaust this card to choose an opposing Friend here. That Friend has -2 power until the end of the turn")
    assert r[0]["effects"][0] == {"op": "exhaust_self_cost"} and r[0]["effects"][2]["n"] == -2
    assert parse_line("At the start of your first turn, if you did not play first, gain [1].", "Problem", {})["first_turn"]
    assert parse_line("At the start of the game, you may draw a card.", "Problem", {})["on"] == "game_start"
    assert parse_line("At the end of your draw step, if an opponent's Mane Character is at home, you may draw a card and "
                      "discard a card.", "Friend", {})["on"] == "draw_step_end"


def test_discard_cost_with_an_empty_hand(game, card_db):
    st = stacked_game(game)
    st.d["pl"][0]["hand"] = []
    n = len(st.cards_in_play)
    eff = [{"op": "discard", "n": 1, "who": "you", "cost": True}, {"op": "token", "power": 1, "color": "Kindness", "traits": ["Critter"], "at": "home"}]
    run(game, st, 0, None, eff)
    assert len(st.cards_in_play) == n  # 508.1d: no card to discard, no token
    to_hand(game, st, "PR12", 0)
    run(game, st, 0, None, eff)
    assert len(st.cards_in_play) == n + 1 and not st.hand(0)


def test_retire_another_friend_if_you_do(game, card_db):
    # AD201 King Sombra, Slave Driver: "At the end of your turn, retire another one of your Friends. If you
    # do, put a +1 power counter on this card."
    st = stacked_game(game)
    ks = place(game, st, "AD201", 0, "home0")
    eff = card_db[card_db.key("AD201")].abilities["front"][-1]["effects"]
    run(game, st, 0, ks, eff)
    assert st.counters(ks).get("+1", 0) == 0  # no other Friend: nothing
    victim = place(game, st, "PR12", 0, "home0")
    run(game, st, 0, ks, eff)
    assert not st.has_card(victim) and st.counters(ks)["+1"] == 1


def test_first_turn_and_not_first(game, card_db):
    # MT116 A Second Chance: "At the start of your first turn, if you did not play first, gain [1]."
    st = stacked_game(game, problems=(None, ["MT116"] + ["PR168"] * 9))
    pid = game.problem_at(st, "prob1")
    assert st.card_key(pid) == card_db.key("MT116")
    tok = st.tokens(1)
    st, ev = game.apply(st, Action("pass", 0))  # Bob's first turn
    assert any("A Second Chance" in e["msg"] for e in ev if e["type"] == "trigger")
    st.d["pl"][1]["turns"] = 2  # a later turn: no trigger
    trigger_all(game, st, "turn_start", players=(1,))
    assert not st.triggers_waiting


def test_game_start_trigger(game, card_db):
    # FF128 Royal Breakfast (a Starting Problem): "At the start of the game, you may draw a card."
    st = stacked_game(game, problems=(["FF128"] + ["PR168"] * 9, None))
    hand = len(st.hand(0))
    assert st.card_key(game.problem_at(st, "prob0")) == card_db.key("FF128")
    # the trigger resolves before the first turn begins
    assert st.turn == 0 and st.pending["kind"] == "may" and hand == 6
    st, _ = game.apply(st, Action.make("choose", 0, option=True))
    assert st.turn == 1 and len(st.hand(0)) == 7  # 605.1a: no draw on the first turn


def test_opponent_did_not_move_and_draw_step_end(game, card_db):
    st = stacked_game(game)
    sb = place(game, st, "SB51", 1, "home1")
    f = lambda: _if_cond(game.r, st.d, 1, sb, {"k": "opp_moved_none"})
    assert f()
    mover = place(game, st, "PR12", 0, "home0")
    set_tokens(st, 0, 5)
    st, _ = game.apply(st, Action.make("move", 0, card=mover, area="prob0"))
    assert not f()
    # CN22 Shooting Star: the trigger fires at the end of the draw step
    cn = place(game, st, "CN22", 0, "home0")
    trigger_all(game, st, "draw_step_end", players=(0,))
    assert st.triggers_waiting and st.triggers_waiting[0]["src"] == cn


def test_four_step_moves_a_different_character_home(game, card_db):
    # CN56 Four Step: "After an opponent's Friend is moved to this card's Problem, you may exhaust this card
    # to move a different character there home."
    st = stacked_game(game)
    fs = place(game, st, "CN56", 1, "prob1")
    other = place(game, st, "PR33", 0, "prob1")
    mover = place(game, st, "PR12", 0, "home0")
    set_tokens(st, 0, 5)
    st, _ = game.apply(st, Action.make("move", 0, card=mover, area="prob1"))
    acts = rx_plays(game, st, 1, fs)
    assert len(acts) == 1
    st, _ = game.apply(st, acts[0])
    while st.pending:
        pend = st.pending
        assert mover not in pend["options"]  # not the moved Friend
        st, _ = game.apply(st, Action.make("choose", pend["player"], option=other if other in pend["options"] else pend["options"][0]))
    assert st.area(other) == "home0" and st.area(mover) == "prob1"


def test_a_major_problem_uncovers_your_troublemaker_there(game, card_db):
    # CN99 A Major Problem: "After an opponent plays a Friend to a Problem with one of your face-down
    # Troublemakers, uncover that Troublemaker."
    st = stacked_game(game)
    amp = to_hand(game, st, "CN99", 1)
    req = card_db[card_db.key("CN99")].front.play_requirements
    if req:
        colored(game, st, 1, req[0][0], req[0][1])
    set_tokens(st, 1, 5)
    tm = place(game, st, "PR153", 1, "prob0", face_down=True)
    a, b = to_hand(game, st, "PR12", 0), to_hand(game, st, "PR33", 0)
    set_tokens(st, 0, 9)
    st, _ = game.apply(st, Action.make("play", 0, card=a, area="prob1"))  # no Troublemaker of Bob's there
    assert not rx_plays(game, st, 1, amp)
    if game.to_move(st) == 1:
        st, _ = game.apply(st, Action("pass", 1))
    st, _ = game.apply(st, Action.make("play", 0, card=b, area="prob0"))
    acts = rx_plays(game, st, 1, amp)
    assert len(acts) == 1
    st, _ = game.apply(st, acts[0])
    assert not st.face_down(tm)


def test_two_of_a_kind_moves_up_to_two_to_the_uncovered_troublemaker(game, card_db):
    # AD119 Two of a Kind: "After a Troublemaker is uncovered, move up to 2 of your characters to that
    # Troublemaker's Problem."
    st = stacked_game(game)
    tk = to_hand(game, st, "AD119", 0)
    req = card_db[card_db.key("AD119")].front.play_requirements
    if req:
        colored(game, st, 0, req[0][0], req[0][1])
    a = place(game, st, "PR12", 0, "home0")
    b = place(game, st, "PR33", 0, "home0")
    tm = place(game, st, "PR153", 1, "prob1", face_down=True)
    from gameplay.engine.mlp.flow import uncover_one

    uncover_one(game.r, st.d, Ev(), tm)
    set_tokens(st, 0, 5)
    acts = rx_plays(game, st, 0, tk)
    assert len(acts) == 1
    take_action(game, st, acts[0])
    picks = [a, b]
    for _ in range(10):
        pend = st.pending
        if pend:
            opt = next((x for x in picks if x in pend["options"]), pend["options"][0])
            if opt in picks:
                picks.remove(opt)
            answer(game, st, pend["player"], opt)
        elif st.resolving:
            resolve_step(game, st)
        else:
            break
    assert st.area(a) == "prob1" and st.area(b) == "prob1"


def test_breeziefied_raises_the_confront_requirement_then_retires(game, card_db):
    # CG42 Pinkie Pie, Breeziefied: "After the start of the Score Phase, you may retire this card. If you do,
    # your opponent needs +2 power to confront this card's Problem this turn."
    st = stacked_game(game)
    pp = place(game, st, "CG42", 1, "prob0")
    st, _ = game.apply(st, Action("pass", 0))  # the Score Phase starts: Bob may react
    acts = rx_plays(game, st, 1, pp)
    assert len(acts) == 1
    take_action(game, st, acts[0])  # resolve in place (the turn would end and expire it)
    resolve_all(game, st)
    assert not st.has_card(pp)
    pid = game.problem_at(st, "prob0")
    assert st.d["cmods"] == [{"who": 0, "prob": pid, "u": "turn", "n": 2}]  # Ann (the opponent) needs +2 there


# ------------------------------------------------------------------ faceoff-start texts and choices
def test_parse_faceoff_start_texts():
    ab = parse_line("At the start of a faceoff, you may pay [1] and exhaust this card to have players flip 1 fewer cards "
                    "during that faceoff.", "Resource", {})
    assert ab["on"] == "any_fo_start" and ab["effects"][0]["effects"][-1] == {"op": "fo_flip_mod", "n": -1}
    ab = parse_line("At the start of a faceoff here you may move an opposing character.", "Problem", {})
    assert ab["on"] == "any_fo_start" and ab["here"]
    ab = parse_line("At the start of your Troublemaker phase, exhaust one of your characters at random to gain [1].", "Troublemaker", {})
    assert ab["effects"][0]["cost"] and ab["effects"][0]["target"]["random"]
    ab = parse_line("At the start of a Problem faceoff here, each player chooses a character involved in the faceoff. "
                    "Those characters have +2 power until the end of the faceoff.", "Problem", {})
    assert ab["effects"] == [{"op": "each_player", "effects": [
        {"op": "power", "n": 2, "target": {"type": "character", "at": "faceoff"}, "until": "faceoff"}]}]


def test_flip_fewer_cards_during_that_faceoff(game, card_db):
    # HM59 Fluttershy, Conflict Resolver: "... you may pay [1] to have players flip 1 fewer cards during that
    # faceoff." (514.3a: the first flip only)
    st = stacked_game(game)
    place(game, st, "HM59", 0, "prob0")
    place(game, st, "PR12", 1, "prob0")
    set_tokens(st, 0, 3)
    start_faceoff(game, st, "problem", ["prob0"], 0)
    resolve_all(game, st)  # answers the may with yes
    assert st.tokens(0) == 2 and st.faceoff["fadd"] == -1
    flip_for_faceoff(game, st)
    assert not st.flipped(0) and not st.flipped(1)  # 1 - 1 = 0 cards each


def test_random_choices_use_the_seeded_rng(game, card_db):
    # CN203 Queen Chrysalis: "exhaust a random character involved in the faceoff"
    st = stacked_game(game)
    a = place(game, st, "PR12", 0, "prob0")
    b = place(game, st, "PR33", 0, "prob0")
    st.d["fo"] = {"type": "problem", "areas": ["prob0"], "chal": 0, "tm": None, "stage": "w_start", "ign": [], "bonus": [0, 0],
                  "rounds": 0, "winner": None, "stud": [False, False], "rand": [], "tie": False}
    rng = st.d["rng"]
    run(game, st, 1, None, [{"op": "exhaust", "target": {"type": "character", "at": "faceoff", "random": True}}])
    assert not st.pending and st.d["rng"] != rng
    assert sum(1 for c in (a, b) if st.exhausted(c)) + sum(
        1 for c in st.cards_in_play if st.exhausted(c) and c not in (a, b)) == 1
    # MT112 King Sombra: the cost can't be paid with no ready character -> no token
    st2 = stacked_game(game)
    for c in st2.cards_in_play:
        if st2.controller(c) == 0:
            set_card(st2, c, exhausted=True)
    set_tokens(st2, 0, 0)
    run(game, st2, 0, None, [{"op": "exhaust", "target": {"type": "character", "ctrl": "you", "state": "ready", "random": True},
                             "cost": True}, {"op": "gain", "n": 1}])
    assert st2.tokens(0) == 0


def test_popping_corn_else_branch_and_token_choice(game, card_db):
    # AD109 Popping Corn: 2 or less power, or 3 or less if an opponent's Mane Character is Boosted
    eff = next(a for a in card_db[card_db.key("AD109")].abilities["front"] if a["kind"] == "event")["effects"]
    st = stacked_game(game)
    two = place(game, st, "PR12", 0, "prob0")
    three = place(game, st, "PR33", 0, "prob0")
    add_power(game, st, two, 2 - game.power(st, two), "turn")
    add_power(game, st, three, 3 - game.power(st, three), "turn")
    run(game, st, 1, None, eff)  # resolve_all chooses prob0
    assert st.exhausted(two) and not st.exhausted(three)
    set_card(st, two, exhausted=False)
    set_card(st, st.mane(0), boosted=True)  # Ann's Mane Character is Boosted
    run(game, st, 1, None, eff)
    assert st.exhausted(two) and st.exhausted(three)
    # NM18 Welcome Party: one of three tokens
    ab = next(a for a in card_db[card_db.key("NM18")].abilities["front"] if a["kind"] == "trigger")
    assert ab["effects"][0]["effects"][0]["op"] == "choose_modes" and len(ab["effects"][0]["effects"][0]["modes"]) == 3


def test_end_of_each_players_troublemaker_phase(game, card_db):
    # PR152 Ahuizotl: "At the end of each player's Troublemaker Phase, that player moves one of their
    # characters home from this card's Problem."
    st = stacked_game(game)
    place(game, st, "PR152", 0, "prob1")
    bobs = place(game, st, "PR12", 1, "prob1")
    st, _ = game.apply(st, Action("pass", 0))  # Bob's turn: his Troublemaker Phase ends -> he moves it home
    for _ in range(20):
        if st.turn_player == 1 and st.step == "main":
            break
        p = game.to_move(st)
        acts = game.legal_actions(st, p)
        st, _ = game.apply(st, next((a for a in acts if a.kind == "choose" and a.get("option") == "done"), None)
                           or (acts[0] if st.pending else Action("pass", p)))
    assert st.area(bobs) == "home1"


def test_main_phase_actions_open_a_new_window():
    # 512.3: only Main Phase actions by the turn player end the old window's conditions (512.4d)
    from gameplay.engine.mlp.flow.actions import _is_main_phase_action

    class R:  # the parts of Rules the check reads
        pass

    assert _is_main_phase_action(R(), {"cards": {}}, Action.make("draw", 0))
    assert _is_main_phase_action(R(), {"cards": {}}, Action.make("move", 0, card="c1", area="prob0"))
    assert not _is_main_phase_action(R(), {"cards": {}}, Action.make("pass", 0))
