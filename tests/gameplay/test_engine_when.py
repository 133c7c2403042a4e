"""Watched-event triggers ("When an opposing Friend enters play here", "When you move a character to
this Problem", "When an opponent plays a Friend", ...): the ``w_*`` trigger events with their ``subj``
filter (rules.watch / rules._watch_ok) and the plain player-event triggers (any_draw, opp_discards,
opp_pays_last, opp_loses_tokens, opp_confronts).  704.1: a triggered ability watches for its trigger
condition; 712.2: the condition is checked as the effect is created."""
from __future__ import annotations

from gameplay.engine.api import Action
from gameplay.engine.mlp.cardtext import parse_line
from gameplay.engine.mlp.engine import Ev
from gameplay.engine.mlp.scenario import (answer, draw_cards, enter_play, exhaust, frighten, leave_play, place,
                                          play_effects, pre_priority, ready, replace_problem, resolve_all, resolve_step,
                                          set_card, set_tokens, stacked_game, to_hand, trigger, unfrighten,
                                          watched_event)


def power(game, st, cid):
    return game.power(st, cid)


def act(game, st, kind, p=0, **params):
    """Player ``p`` acts; the other player passes priority first if needed (510)."""
    for _ in range(4):
        if game.to_move(st) == p:
            break
        st, _ = game.apply(st, Action.make("pass", 1 - p))
    st, _ = game.apply(st, Action.make(kind, p, **params))
    return st


def by_key(game, st, number):
    k = game.db.key(number)
    return [o for o in st.cards_in_play if st.card_key(o) == k]


# ------------------------------------------------------------------ parser
def test_parse_watched_triggers():
    ab = parse_line("When an opposing Friend enters play here, you may pay [1] to frighten it.", "Friend", {})
    assert ab["on"] == "w_enter" and ab["subj"] == {"sel": {"type": "Friend", "ctrl": "opp", "at": "here"}}
    assert ab["effects"] == [{"op": "may", "effects": [{"op": "pay", "n": 1}, {"op": "frighten", "target": {"it": True}}]}]
    ab = parse_line("When an opponent's Friend is dismissed, dismiss the attached Friend.", "Resource", {})
    assert ab["on"] == "w_leave" and ab["subj"] == {"how": "dismissed", "sel": {"type": "Friend", "ctrl": "opp"}}
    ab = parse_line("When that Friend becomes exhausted, dismiss it.", "Resource", {})
    assert ab["subj"] == {"sel": {"host": True}} and ab["effects"] == [{"op": "dismiss", "target": {"it": True}}]
    ab = parse_line("When you move a character to this Problem for the first time each turn, you may move "
                    "another one of your characters to this Problem.", "Problem", {})
    assert ab["on"] == "w_move" and ab["subj"]["once_turn"] and ab["subj"]["to"] == "here"
    assert ab["effects"][0]["effects"][0]["target"] == {"type": "character", "ctrl": "you", "other": True, "not_it": True}
    ab = parse_line("When you move a character to a Problem, you may pay [1] to move an opposing character there home.",
                    "Friend", {})
    assert ab["effects"][0]["effects"][1] == {"op": "move", "target": {"type": "character", "ctrl": "opp", "at": "it"},
                                              "to": "home"}
    ab = parse_line("When a Problem enters play, you may move one of your characters at home to that Problem.", "Friend", {})
    assert ab["effects"][0]["effects"][0]["to"] == "it"
    ab = parse_line("When you play a Pegasus Friend to this card's Problem, you may exhaust this card. If you do, gain [1].",
                    "Friend", {})
    assert ab["subj"] == {"by": "you", "ptype": "Friend", "ptrait": "Pegasus", "to": "here"}
    assert ab["effects"] == [{"op": "may", "effects": [{"op": "exhaust_self_cost"}, {"op": "gain", "n": 1}]}]
    assert parse_line("When you play the last card in your hand, you may move this card.", "Friend", {})["subj"] == \
        {"by": "you", "last": True}
    assert parse_line("When an opponent pays their last action token, you may draw a card.", "Resource", {})["on"] == "opp_pays_last"
    ab = parse_line("When an opponent confronts this card's Problem, that opponent loses [1].", "Friend", {})
    assert ab["on"] == "opp_confronts" and ab["here"] and ab["effects"][0]["op"] == "lose_tokens"


def test_parse_watched_triggers_left_manual():
    for text, typ in (
        # "that Friend" names the host only on an attachment
        ("When that Friend becomes exhausted, dismiss it.", "Friend"),
        ("When one or more of your Friends becomes frightened, you may pay [1] to move another of your Friends.", "Problem"),
    ):
        assert parse_line(text, typ, {})["kind"] == "manual", text


# ------------------------------------------------------------------ enters play (706.1d)
def test_opposing_friend_enters_here(game, card_db):
    # EO97: "When an opposing Friend enters play here, this card gets +1 power until the end of the turn."
    # MT64: "When an opposing Friend enters play here, you may pay [1] to frighten it."
    st = stacked_game(game)
    eo97 = place(game, st, "EO97", 1, "prob0")
    mt64 = place(game, st, "MT64", 1, "prob0")
    elsewhere = place(game, st, "EO97", 1, "prob1")
    set_tokens(st, 1, 1)
    base = power(game, st, eo97)
    cid = to_hand(game, st, "PR12", 0)
    set_tokens(st, 0, 5)
    st = act(game, st, "play", card=cid, area="prob0")
    resolve_all(game, st)
    assert power(game, st, eo97) == base + 1
    assert power(game, st, elsewhere) == base  # not "here"
    friend = by_key(game, st, "PR12")[0]
    assert st.frightened(friend) and st.tokens(1) == 0  # MT64 paid 1 and frightened "it"
    # its own Friends entering do not trigger "opposing"
    mine = to_hand(game, st, "PR33", 1)
    enter_play(game, st, mine, "prob0", 1)
    resolve_all(game, st)
    assert power(game, st, eo97) == base + 1 and mt64 in st.cards_in_play


def test_this_or_another_pegasus_enters(game, card_db):
    # SB7: "When this or another one of your Pegasus Friends enters play, that Friend gets +1 power ..."
    st = stacked_game(game)
    place(game, st, "SB7", 0, "home0")
    peg = to_hand(game, st, "SB7", 0)  # another copy (a Pegasus Friend)
    nid = enter_play(game, st, peg, "prob0", 0)
    resolve_all(game, st)
    # the entering copy triggers both copies' abilities (its own "this" and the other's "another")
    assert power(game, st, nid) == card_db[card_db.key("SB7")].front.power + 2
    other = to_hand(game, st, "PR12", 0)  # an Earth Pony: no trigger
    oid = enter_play(game, st, other, "prob0", 0)
    resolve_all(game, st)
    assert power(game, st, oid) == 2


def test_problem_enters_move_there(game, card_db):
    # SB64: "When a Problem enters play, you may move one of your characters at home to that Problem."
    st = stacked_game(game)
    place(game, st, "SB64", 0, "prob0")
    friend = place(game, st, "PR12", 0, "home0")
    mane = st.mane(0)
    replace_problem(game, st, "prob1")
    resolve_all(game, st)  # chooses one of the two characters at home (the Mane Character or the Friend)
    assert {st.area(friend), st.area(mane)} == {"home0", "prob1"}


# ------------------------------------------------------------------ leaves play
def test_opposing_friend_dismissed(game, card_db):
    # AD36: "When an opposing Friend is dismissed, this card gets +2 power until the end of the turn."
    # HM113 (on a Friend): "When an opponent's Friend is dismissed, dismiss the attached Friend."
    st = stacked_game(game)
    ad36 = place(game, st, "AD36", 0, "home0")
    host = place(game, st, "PR12", 0, "home0")
    place(game, st, "HM113", 0, "home0", host=host)
    foe = place(game, st, "PR33", 1, "home1")
    foe2 = place(game, st, "PR60", 1, "home1")
    base = power(game, st, ad36)
    leave_play(game, st, foe, "disc", verb="retired")  # retired is not dismissed
    resolve_all(game, st)
    assert power(game, st, ad36) == base and host in st.cards_in_play
    leave_play(game, st, foe2, "disc", verb="dismissed")
    resolve_all(game, st)
    assert power(game, st, ad36) == base + 2
    assert host not in st.cards_in_play


# ------------------------------------------------------------------ moves (506.1c)
def test_move_to_this_problem_first_time_each_turn(game, card_db):
    # SB131: "When you move a character to this Problem for the first time each turn, you may move another
    # one of your characters to this Problem."
    st = stacked_game(game)
    prob = game.problem_at(st, "prob0")
    set_card(st, prob, card_key=card_db.key("SB131"))  # test setup: this Problem is SB131
    a = place(game, st, "PR12", 0, "home0")
    b = place(game, st, "PR33", 0, "home0")
    mine = (a, b, st.mane(0))
    set_tokens(st, 0, 10)
    st = act(game, st, "move", card=a, area="prob0")
    resolve_all(game, st)
    here = [x for x in mine if st.area(x) == "prob0"]
    assert len(here) == 2  # the moved one and one more ("another": not the moved one)
    last = next(x for x in mine if st.area(x) == "home0")
    st = act(game, st, "move", card=last, area="prob0")
    assert all(st.area(x) == "prob0" for x in mine)
    assert not st.triggers_waiting and not st.resolving  # the second move that turn does not trigger


def test_move_there_home(game, card_db):
    # EO59: "When you move a character to a Problem, you may pay [1] to move an opposing character there home."
    st = stacked_game(game)
    place(game, st, "EO59", 0, "home0")
    mine = place(game, st, "PR12", 0, "home0")
    foe_there = place(game, st, "PR33", 1, "prob1")
    foe_else = place(game, st, "PR60", 1, "prob0")
    set_tokens(st, 0, 5)
    st = act(game, st, "move", card=mine, area="prob1")
    resolve_all(game, st)
    assert st.area(foe_there) == "home1" and st.area(foe_else) == "prob0"


def test_attached_friend_moved(game, card_db):
    # LL106: "When you move the attached Friend, it gets +1 power until the end of the turn."
    st = stacked_game(game)
    host = place(game, st, "PR12", 0, "home0")
    place(game, st, "LL106", 0, "home0", host=host)
    other = place(game, st, "PR33", 0, "home0")
    set_tokens(st, 0, 5)
    st = act(game, st, "move", card=other, area="prob0")
    resolve_all(game, st)
    assert power(game, st, host) == 2
    st = act(game, st, "move", card=host, area="prob0")
    resolve_all(game, st)
    assert power(game, st, host) == 3


# ------------------------------------------------------------------ plays (705.2g)
def test_opponent_plays_a_friend_and_last_card(game, card_db):
    # CG47: "When an opponent plays a Friend, gain [1]."
    # AD10: "When you play the last card in your hand, you may frighten a Friend here."
    st = stacked_game(game)
    place(game, st, "CG47", 1, "home1")
    ad10 = place(game, st, "AD10", 0, "prob0")
    foe = place(game, st, "PR33", 1, "prob0")
    st.d["pl"][0]["hand"] = []
    set_tokens(st, 1, 0)
    a = to_hand(game, st, "PR12", 0)
    b = to_hand(game, st, "PR60", 0)
    set_tokens(st, 0, 10)
    st = act(game, st, "play", card=a, area="home0")
    resolve_all(game, st)
    assert st.tokens(1) == 1 and not st.frightened(foe)
    st = act(game, st, "play", card=b, area="home0")
    resolve_all(game, st)
    assert st.tokens(1) == 2
    assert st.frightened(foe) or st.frightened(ad10)  # the last card: a Friend here frightened


def test_play_trait_to_this_problem_exhaust_if_you_do(game, card_db):
    # PR19: "When you play a Pegasus Friend to this card's Problem, you may exhaust this card. If you do, gain [1]."
    st = stacked_game(game)
    pr19 = place(game, st, "PR19", 0, "prob0")
    set_tokens(st, 0, 10)
    peg = to_hand(game, st, "FF11", 0)
    st = act(game, st, "play", card=peg, area="prob0")
    tok = st.tokens(0)
    resolve_all(game, st)
    assert st.exhausted(pr19) and st.tokens(0) == tok + 1
    peg2 = to_hand(game, st, "FF11", 0)
    st = act(game, st, "play", card=peg2, area="prob0")
    tok = st.tokens(0)
    resolve_all(game, st)
    assert st.tokens(0) == tok  # already exhausted: "if you do" fails (no token)


# ------------------------------------------------------------------ uncover, exhaust, frighten
def test_troublemaker_uncovered_here(game, card_db):
    # PR66: "When a Troublemaker at this card's Problem is uncovered, you may exhaust this card to score a point."
    from gameplay.engine.mlp.flow import uncover_one

    st = stacked_game(game)
    pr66 = place(game, st, "PR66", 0, "prob0")
    tm = place(game, st, "AD160", 1, "prob0", face_down=True)
    uncover_one(game.r, st.d, Ev(), tm)
    score = st.score(0)
    resolve_all(game, st)
    assert st.exhausted(pr66) and st.score(0) == score + 1


def test_host_exhausted_dismissed(game, card_db):
    # CN136 (on a Friend): "When that Friend becomes exhausted, dismiss it."
    st = stacked_game(game)
    host = place(game, st, "PR12", 0, "home0")
    place(game, st, "CN136", 0, "home0", host=host)
    other = place(game, st, "PR33", 0, "home0")
    exhaust(game, st, other)
    resolve_all(game, st)
    assert host in st.cards_in_play
    exhaust(game, st, host)
    resolve_all(game, st)
    assert host not in st.cards_in_play


def test_friend_frightened_and_unfrightened(game, card_db):
    # MT7: "When this or another Friend is frightened, you may put a 1 [Loyalty] Pegasus Friend token with
    # Swift into play."  HM21: "When this or another one of your Friends becomes unfrightened, you may put a
    # +1 power counter on one of your Friends."
    st = stacked_game(game)
    place(game, st, "MT7", 0, "home0")
    hm21 = place(game, st, "HM21", 0, "home0")
    foe = place(game, st, "PR33", 1, "home1")
    frighten(game, st, foe)
    resolve_all(game, st)
    toks = [o for o in st.cards_in_play if st.is_token(o)]
    assert len(toks) == 1 and game.keyword(st, toks[0], "Swift") == 1
    unfrighten(game, st, foe)  # an opponent's Friend: HM21 does not trigger
    resolve_all(game, st)
    assert sum(sum(st.counters(o).values()) for o in st.cards_in_play) == 0
    frighten(game, st, hm21)
    resolve_all(game, st)
    unfrighten(game, st, hm21)
    resolve_all(game, st)
    assert sum(st.counters(o).get("+1", 0) for o in st.cards_in_play if st.controller(o) == 0) == 1


# ------------------------------------------------------------------ player events
def test_player_event_triggers(game, card_db):
    # AD160: "When a player draws a card, put a +1 power counter on this card."
    # PR34: "When an opponent discards a card, this card gets +1 power until the end of the turn."
    # FF106: "When an opponent loses one or more action tokens, you may exhaust this card to gain [1]."
    # AD132: "When an opponent pays their last action token, you may draw a card."
    st = stacked_game(game)
    ad160 = place(game, st, "AD160", 1, "prob1")
    pr34 = place(game, st, "PR34", 1, "home1")
    ff106 = place(game, st, "FF106", 1, "home1")
    place(game, st, "AD132", 1, "home1")
    draw_cards(game, st, 0, 2)
    resolve_all(game, st)
    assert st.counters(ad160).get("+1") == 2
    base = power(game, st, pr34)
    play_effects(game, st, 1, pr34, [{"op": "discard", "n": 1, "who": "opponent"}])
    resolve_all(game, st)
    assert power(game, st, pr34) == base + 1
    set_tokens(st, 0, 2)
    set_tokens(st, 1, 0)
    play_effects(game, st, 1, pr34, [{"op": "lose_tokens", "n": 1, "who": "opponent"}])
    resolve_all(game, st)
    assert st.exhausted(ff106) and st.tokens(1) == 1
    hand = len(st.hand(1))
    st, _ = game.apply(st, Action.make("draw", 0))  # pays 1: their last token
    resolve_all(game, st)
    assert st.tokens(0) == 0 and len(st.hand(1)) == hand + 1


def test_opponent_confronts_this_cards_problem(game, card_db):
    # PR46: "When your opponent confronts this card's Problem, draw a card."  (611.4 confronting)
    from gameplay.engine.mlp.scenario import pass_until

    st = stacked_game(game)
    place(game, st, "PR46", 1, "prob0")
    for _ in range(3):
        place(game, st, "PR31", 0, "prob0")
    hand = len(st.hand(1))
    st = pass_until(game, st, lambda s: s.step in ("faceoff_step", "solve", "end") or len(s.hand(1)) > hand)
    assert len(st.hand(1)) == hand + 1


# ------------------------------------------------------------------ conditions, actors, costs
def test_parse_conditions_actors_costs():
    ab = parse_line("When this card enters play during your turn, an opponent loses [1] and you gain [1].", "Friend", {})
    assert ab["on"] == "enter" and ab["your_turn"]
    ab = parse_line("When you confront this Problem with at least 4 characters, gain [1].", "Problem", {})
    assert ab["on"] == "confront_this" and ab["min_chars"] == 4
    ab = parse_line("When a player confronts this Problem with characters that have at least 3 different colors among "
                    "them, that player may exhaust one of their characters here to gain [1].", "Problem", {})
    assert ab["on"] == "confront_this_any" and ab["min_colors"] == 3
    assert ab["effects"] == [{"op": "may", "effects": [
        {"op": "exhaust", "target": {"type": "character", "ctrl": "you", "at": "here", "state": "ready"}, "cost": True},
        {"op": "gain", "n": 1}]}]
    ab = parse_line("When a player challenges this card, that player moves one of their characters at this card's "
                    "Problem home.", "Troublemaker", {})
    assert ab["on"] == "w_challenge" and ab["as_by"] and ab["effects"] == [
        {"op": "move", "target": {"type": "character", "ctrl": "you", "at": "here"}, "to": "home"}]
    ab = parse_line("When a Friend enters play here, you may pay [2] and exhaust one of your characters here to dismiss "
                    "that Friend.", "Problem", {})
    assert ab["effects"][0]["effects"][0] == {"op": "exhaust", "cost": True, "pay": 2,
                                              "target": {"type": "character", "ctrl": "you", "at": "here", "state": "ready"}}
    ab = parse_line("When this card is turned face-up, you may pay [1] to dismiss an opposing Resource.", "Troublemaker", {})
    assert ab["on"] == "uncovered"


def test_enters_during_your_turn_only(game, card_db):
    # HM-1: "When this card enters play during your turn, an opponent loses [1] and you gain [1]."
    st = stacked_game(game)
    set_tokens(st, 0, 0)
    set_tokens(st, 1, 3)
    c = to_hand(game, st, "HM-1", 0)
    enter_play(game, st, c, "home0", 0)
    resolve_all(game, st)
    assert (st.tokens(0), st.tokens(1)) == (1, 2)
    c = to_hand(game, st, "HM-1", 1)  # player 1's card entering during player 0's turn
    enter_play(game, st, c, "home1", 1)
    resolve_all(game, st)
    assert (st.tokens(0), st.tokens(1)) == (1, 2)


def test_enters_or_frightened_split(game, card_db):
    # HM60: "When this card enters play or becomes frightened, put a 1 [Kindness] Critter Friend token into play."
    st = stacked_game(game)
    c = to_hand(game, st, "HM60", 0)
    nid = enter_play(game, st, c, "home0", 0)
    resolve_all(game, st)
    assert sum(1 for o in st.cards_in_play if st.is_token(o)) == 1
    frighten(game, st, nid)
    resolve_all(game, st)
    assert sum(1 for o in st.cards_in_play if st.is_token(o)) == 2


def _confront(game, st):
    from gameplay.engine.mlp.scenario import pass_until

    return pass_until(game, st, lambda s: s.step in ("faceoff_step", "solve", "end") or bool(s.pending
                      and s.pending["kind"] == "may"))


def test_confront_with_three_colors(game, card_db):
    # CG170: "When a player confronts this Problem with characters that have at least 3 different colors among
    # them, that player may draw a card."  (611.4)
    for numbers, drew in ((("PR12", "PR33", "PR60"), True), (("PR12", "PR33", "PR31"), False)):
        st = stacked_game(game)
        prob = game.problem_at(st, "prob1")
        set_card(st, prob, card_key=card_db.key("CG170"))  # test setup: the opponent's Problem is CG170
        for n in numbers:
            place(game, st, n, 0, "prob1")
        place(game, st, "PR31", 0, "prob1")
        hand = len(st.hand(0))
        st = _confront(game, st)
        if drew:
            assert st.pending and st.pending["kind"] == "may"
            st, _ = game.apply(st, Action.make("choose", 0, option=True))
            assert len(st.hand(0)) == hand + 1
        else:
            assert not (st.pending and st.pending["kind"] == "may")


def test_confront_with_at_least_four_characters(game, card_db):
    # HM120: "When you confront this Problem with at least 4 characters, gain [1]."  (frightened ones don't count)
    for n, fright, gained in ((4, 0, 1), (3, 0, 0), (4, 1, 0)):
        st = stacked_game(game)
        prob = game.problem_at(st, "prob0")
        set_card(st, prob, card_key=card_db.key("HM120"))
        chars = [place(game, st, "PR31", 0, "prob0") for _ in range(n)]
        for c in chars[:fright]:
            frighten(game, st, c)
        set_tokens(st, 0, 0)
        trigger(game, st, "confront_this", prob)
        resolve_all(game, st)
        assert st.tokens(0) == gained


def test_challenged_that_player_moves_home(game, card_db):
    # CN162: "When a player challenges this card, that player moves one of their characters at this card's
    # Problem home."  (608.1; the challenger follows the effect)
    st = stacked_game(game)
    tm = place(game, st, "CN162", 1, "prob0")
    a = place(game, st, "PR12", 0, "prob0")
    watched_event(game, st, "w_challenge", tm, {"by": 0})  # as flow.decide does for a "challenge" choice
    assert st.triggers_waiting[0]["p"] == 0  # the challenger follows it, not the Troublemaker's controller
    resolve_all(game, st)
    assert st.area(a) == "home0"


def test_defeat_troublemaker_here_scores(game, card_db):
    # PR178: "When a player defeats a Troublemaker at this Problem, that player scores an additional point."
    st = stacked_game(game)
    prob = game.problem_at(st, "prob1")
    set_card(st, prob, card_key=card_db.key("PR178"))
    tm = place(game, st, "AD160", 1, "prob1")
    score = st.score(0)
    watched_event(game, st, "w_defeat", tm, {"by": 0})
    resolve_all(game, st)
    assert st.score(0) == score + 1 and st.score(1) == 0


def test_cost_exhaust_a_character_and_pay(game, card_db):
    # EO186: "When a Friend enters play here, you may pay [2] and exhaust one of your characters here to
    # dismiss that Friend."  Both are paid or neither (508.1d).
    st = stacked_game(game)
    prob = game.problem_at(st, "prob0")
    set_card(st, prob, card_key=card_db.key("EO186"))
    set_tokens(st, 0, 5)
    foe = to_hand(game, st, "PR33", 1)
    nid = enter_play(game, st, foe, "prob0", 1)
    resolve_all(game, st)
    assert nid in st.cards_in_play and st.tokens(0) == 5  # no character of yours here: nothing paid
    mine = place(game, st, "PR12", 0, "prob0")
    foe = to_hand(game, st, "PR60", 1)
    nid = enter_play(game, st, foe, "prob0", 1)
    resolve_all(game, st)
    assert nid not in st.cards_in_play and st.exhausted(mine) and st.tokens(0) == 3
    set_tokens(st, 0, 1)
    other = place(game, st, "PR33", 0, "prob0")
    foe = to_hand(game, st, "PR31", 1)
    nid = enter_play(game, st, foe, "prob0", 1)
    resolve_all(game, st)
    assert nid in st.cards_in_play and not st.exhausted(other) and st.tokens(0) == 1  # can't pay [2]


def test_cost_frighten_this_card(game, card_db):
    # DE139: "When you confront this card's Problem, you may frighten this card to score a point."
    st = stacked_game(game)
    c = place(game, st, "DE139", 0, "prob0")
    effs = game.abilities(st, c)[0]["effects"]
    play_effects(game, st, 0, c, effs)
    score = st.score(0)
    resolve_all(game, st)
    assert st.frightened(c) and st.score(0) == score + 1
    play_effects(game, st, 0, c, effs)
    resolve_all(game, st)
    assert st.score(0) == score + 1  # already frightened: the cost can't be paid


# ------------------------------------------------------------------ deck top, counters, points, "there"
def test_put_card_on_top_of_your_deck(game, card_db):
    # EO54: "When you put a card on top of your deck, this card gets +1 power until the end of the turn."
    # PR74 (search the discard pile, put it on top of your deck) puts a card on top of your deck too.
    st = stacked_game(game)
    eo54 = place(game, st, "EO54", 0, "home0")
    base = power(game, st, eo54)
    play_effects(game, st, 0, eo54, [{"op": "hand_to_deck_top"}])
    resolve_all(game, st)
    assert power(game, st, eo54) == base + 1
    st.d["pl"][0]["disc"].append(to_hand(game, st, "PR12", 0))
    st.d["pl"][0]["hand"].remove(st.discard_pile(0)[-1])
    st.d["cards"][st.discard_pile(0)[-1]]["z"] = "disc"
    play_effects(game, st, 0, eo54, [{"op": "search", "filter": {}, "zone": "disc", "to": "deck"}])
    resolve_all(game, st)
    assert power(game, st, eo54) == base + 2
    assert st.card_key(st.deck(0)[0]) == card_db.key("PR12")
    play_effects(game, st, 1, eo54, [{"op": "hand_to_deck_top"}])  # the opponent's deck: no
    resolve_all(game, st)
    assert power(game, st, eo54) == base + 2


def test_plus_one_counter_on_this_card_and_first_time_here(game, card_db):
    # SB77: "When you put a +1 power counter on this card, you may exhaust it to draw a card."
    # HM122: "When you put a +1 power counter on a character here for the first time each turn, you may put
    # a +1 power counter on another character here."
    st = stacked_game(game)
    sb77 = place(game, st, "SB77", 0, "prob0")
    prob = game.problem_at(st, "prob0")
    set_card(st, prob, card_key=card_db.key("HM122"))
    other = place(game, st, "PR12", 0, "prob0")
    hand = len(st.hand(0))
    play_effects(game, st, 0, sb77, [{"op": "counters", "n": 1, "counter": "+1", "target": {"self": True}}])
    resolve_all(game, st)
    assert st.exhausted(sb77) and len(st.hand(0)) == hand + 1
    assert st.counters(other).get("+1") == 1  # HM122 put one on another character here
    play_effects(game, st, 0, other, [{"op": "counters", "n": 1, "counter": "+1", "target": {"self": True}}])
    resolve_all(game, st)
    assert st.counters(other).get("+1") == 2 and st.counters(sb77).get("+1") == 1  # once a turn


def test_if_a_player_has_points(game, card_db):
    # LL12: "When this card enters play, if a player has 8 or more points, you may frighten a Friend."
    st = stacked_game(game)
    foe = place(game, st, "PR33", 1, "home1")
    c = to_hand(game, st, "LL12", 0)
    enter_play(game, st, c, "home0", 0)
    resolve_all(game, st)
    assert not st.frightened(foe)
    st.d["pl"][1]["score"] = 8
    c = to_hand(game, st, "LL12", 0)
    enter_play(game, st, c, "prob0", 0)
    resolve_all(game, st)
    assert sum(1 for o in st.cards_in_play if st.frightened(o)) == 1


def test_moved_host_other_characters_there(game, card_db):
    # HM106 (on a Friend): "When you move that character to a Problem, your other characters there each get
    # +1 power until the end of the turn."
    st = stacked_game(game)
    host = place(game, st, "PR12", 0, "home0")
    place(game, st, "HM106", 0, "home0", host=host)
    there = place(game, st, "PR33", 0, "prob1")
    elsewhere = place(game, st, "PR60", 0, "prob0")
    foe = place(game, st, "PR31", 1, "prob1")
    set_tokens(st, 0, 5)
    st = act(game, st, "move", card=host, area="prob1")
    resolve_all(game, st)
    assert (power(game, st, there), power(game, st, elsewhere), power(game, st, host), power(game, st, foe)) == (3, 2, 2, 4)


def test_play_friend_to_a_problem_move_this_card_there(game, card_db):
    # HM139 (boosted side): "When you play a Friend to a Problem, you may move this card to that Problem."
    st = stacked_game(game, manes=("HM139", "PR2"))
    mane = st.mane(0)
    set_card(st, mane, boosted=True)  # test setup: turned over (301.2)
    set_tokens(st, 0, 5)
    c = to_hand(game, st, "PR12", 0)
    st = act(game, st, "play", card=c, area="prob1")
    resolve_all(game, st)
    assert st.area(mane) == "prob1"


# ------------------------------------------------------------------ after leaving play, reorder, uncover it
def test_dismissed_put_it_into_hand(game, card_db):
    # PR25: "When this card is dismissed, put it into its owner's hand."  The card is found in the discard
    # pile it went to (410.6a); retiring it does not trigger.
    st = stacked_game(game)
    key = card_db.key("PR25")
    c = place(game, st, "PR25", 0, "home0")
    leave_play(game, st, c, "disc", verb="dismissed")
    resolve_all(game, st)
    assert any(st.card_key(h) == key for h in st.hand(0))
    assert not any(st.card_key(x) == key for x in st.discard_pile(0))
    c = place(game, st, "PR25", 0, "home0")
    leave_play(game, st, c, "disc", verb="retired")
    resolve_all(game, st)
    assert any(st.card_key(x) == key for x in st.discard_pile(0))


def test_retired_dismiss_a_friend_here(game, card_db):
    # EO154 (a Location on a Problem): "When this card is retired, you may pay [1] to dismiss a Friend here."
    # "here" is the area it was in (its last known area).
    st = stacked_game(game)
    loc = place(game, st, "EO154", 0, "prob1")
    here = place(game, st, "PR33", 1, "prob1")
    there = place(game, st, "PR60", 1, "prob0")
    set_tokens(st, 0, 1)
    leave_play(game, st, loc, "disc", verb="retired")
    resolve_all(game, st)
    assert here not in st.cards_in_play and there in st.cards_in_play and st.tokens(0) == 0


def test_reorder_top_of_deck(game, card_db):
    # PR62: "When you play this card, you may look at the top 2 cards of your deck and put them back in any order."
    st = stacked_game(game)
    deck = st.deck(0)
    a, b, c = deck[:3]
    src = place(game, st, "PR62", 0, "home0")
    ev = Ev()
    play_effects(game, st, 0, src, [{"op": "reorder_top", "n": 2, "whose": "you", "deck": "deck"}], ev=ev)
    resolve_step(game, st, ev=ev)
    pend = st.pending
    assert pend["kind"] == "target" and set(pend["options"]) == {a, b}
    answer(game, st, 0, b, ev=ev)
    resolve_all(game, st)
    assert deck[:3] == [b, a, c]
    assert any(e.get("to") == 0 and e["type"] == "look" for e in ev.items)  # private to the looker


def test_look_at_top_of_problem_deck(game, card_db):
    # EO182: "When this Problem is solved, you may look at the top card of your Problem deck and put it on the
    # top or the bottom of that deck."
    st = stacked_game(game)
    pdeck = st.problem_deck(0)
    top = pdeck[0]
    src = game.problem_at(st, "prob0")
    ev = Ev()
    play_effects(game, st, 0, src, [{"op": "look_pdeck", "whose": "you", "deck": "pdeck"}], ev=ev)
    resolve_step(game, st, ev=ev)
    answer(game, st, 0, "bottom", ev=ev)
    resolve_all(game, st)
    assert pdeck[-1] == top and pdeck[0] != top


def test_played_troublemaker_here_may_uncover(game, card_db):
    # CN186: "When a Troublemaker is played here, its controller may pay [2] to uncover it."  The player who
    # played it follows the effect; PR136 "When you uncover a Troublemaker, the next card you play that turn
    # has its cost reduced by [1]" then reduces their next card.
    st = stacked_game(game)
    place(game, st, "CN186", 1, "prob1")
    place(game, st, "PR136", 0, "home0")
    tm = to_hand(game, st, "AD160", 0)
    set_tokens(st, 0, 5)
    st = act(game, st, "play_troublemaker", card=tm, area="prob1")
    assert st.pending["kind"] == "may" and st.pending["player"] == 0
    resolve_all(game, st)
    tms = by_key(game, st, "AD160")
    assert len(tms) == 1 and not st.face_down(tms[0]) and st.tokens(0) == 2
    assert st.d["pl"][0]["disc_next"] == [{"type": "card", "n": 1, "u": "turn"}]
    c = to_hand(game, st, "PR12", 0)
    st = act(game, st, "play", card=c, area="home0")
    assert st.tokens(0) == 1 and st.d["pl"][0]["disc_next"] == []


def test_cost_reduction_for_the_next_card_applies_to_a_troublemaker(game, card_db):
    # "the next card you play": playing a Troublemaker (609.2c) is playing a card, so it uses the reduction
    st = stacked_game(game)
    st.d["pl"][0]["disc_next"].append({"type": "card", "n": 1, "u": "turn"})
    set_tokens(st, 0, 3)
    tm = to_hand(game, st, "AD160", 0)
    st = act(game, st, "play_troublemaker", card=tm, area="prob1")
    assert st.tokens(0) == 3 and st.d["pl"][0]["disc_next"] == []


# ------------------------------------------------------------------ Troublemakers into play, cost reductions, ...
def test_troublemaker_from_hand_into_play_face_up(game, card_db):
    # FF35: "When this card enters play, you may put a Troublemaker from your hand into play face-up."
    # (at a Problem: a Troublemaker is never at home, 506.2a)
    st = stacked_game(game)
    tm = to_hand(game, st, "AD160", 0)
    c = to_hand(game, st, "FF35", 0)
    enter_play(game, st, c, "home0", 0)
    resolve_all(game, st)  # picks the Troublemaker, then the first Problem
    tms = by_key(game, st, "AD160")
    assert tm not in st.hand(0) and len(tms) == 1
    assert not st.face_down(tms[0]) and st.area(tms[0]).startswith("prob")


def test_search_deck_for_troublemaker_face_up(game, card_db):
    # EO95: "When this card enters play, search your deck for a Troublemaker and put it into play face-up."
    st = stacked_game(game, decks=(["PR12"] * 6 + ["AD160"], None))
    c = to_hand(game, st, "EO95", 0)
    enter_play(game, st, c, "home0", 0)
    resolve_all(game, st)
    tms = by_key(game, st, "AD160")
    assert len(tms) == 1 and not st.face_down(tms[0])


def test_colored_and_trait_cost_reductions(game, card_db):
    # PR84: "When you play this card, the cost of your next [Kindness] Friend this turn is reduced by [1]."
    st = stacked_game(game)
    src = place(game, st, "PR84", 0, "home0")
    play_effects(game, st, 0, src, game.abilities(st, src)[0]["effects"])
    resolve_all(game, st)
    loyal = to_hand(game, st, "PR12", 0)
    kind = to_hand(game, st, "PR84", 0)  # a [Kindness] Friend
    assert game.card_cost(st, 0, loyal) == card_db[card_db.key("PR12")].front.cost
    assert game.card_cost(st, 0, kind) == card_db[card_db.key("PR84")].front.cost - 1
    # "pay [2] less for the next Accessory you play this turn" (EO70) only for an Accessory
    st.d["pl"][0]["disc_next"] = [{"type": "card", "n": 2, "u": "turn", "trait": "Accessory"}]
    acc = to_hand(game, st, "LL106", 0)
    assert game.card_cost(st, 0, acc) == max(0, card_db[card_db.key("LL106")].front.cost - 2)
    assert game.card_cost(st, 0, loyal) == card_db[card_db.key("PR12")].front.cost


def test_if_a_friend_left_play_this_turn(game, card_db):
    # LL25: "When this card enters play, if a Friend left play this turn, you may draw 2 cards."
    st = stacked_game(game)
    hand = len(st.hand(0))
    c = to_hand(game, st, "LL25", 0)
    enter_play(game, st, c, "home0", 0)
    resolve_all(game, st)
    assert len(st.hand(0)) == hand
    f = place(game, st, "PR33", 1, "home1")
    leave_play(game, st, f, "disc", verb="dismissed")
    c = to_hand(game, st, "LL25", 0)
    enter_play(game, st, c, "home0", 0)
    resolve_all(game, st)
    assert len(st.hand(0)) == hand + 2


def test_uncovered_pay_then_dismiss_cheap_friends_here(game, card_db):
    # CG205: "When this card is uncovered, you may pay [2]. If you do, dismiss each Friend here with cost 2 or less."
    from gameplay.engine.mlp.flow import uncover_one

    st = stacked_game(game)
    tm = place(game, st, "CG205", 0, "prob1", face_down=True)
    cheap = place(game, st, "PR33", 1, "prob1")
    dear = place(game, st, "PR31", 1, "prob1")
    set_tokens(st, 0, 2)
    uncover_one(game.r, st.d, Ev(), tm)
    resolve_all(game, st)
    assert cheap not in st.cards_in_play and dear in st.cards_in_play and st.tokens(0) == 0


def test_retired_or_dismissed_and_opposing_tokens(game, card_db):
    # DE79: "When one of your Friends is retired or dismissed, you may put a +1 power counter on this card."
    st = stacked_game(game)
    de79 = place(game, st, "DE79", 0, "home0")
    for verb in ("retired", "dismissed", "banished"):
        f = place(game, st, "PR12", 0, "home0")
        leave_play(game, st, f, "ban" if verb == "banished" else "disc", verb=verb)
        resolve_all(game, st)
    assert st.counters(de79).get("+1") == 2
    # QC16: "When this problem becomes solved, dismiss all opposing token Friends."
    play_effects(game, st, 1, None, [{"op": "token", "power": 1, "color": "Kindness", "traits": ["Critter"]}])
    resolve_all(game, st)
    play_effects(game, st, 0, de79, [{"op": "dismiss", "target": {"type": "Friend", "ctrl": "opp", "token": True,
                                                                              "each": True}}])
    resolve_all(game, st)
    assert not any(st.is_token(o) for o in st.cards_in_play)


def test_parse_batch_three():
    ab = parse_line("When you confront this card's Problem you may pay [1] to choose an opponent. That opponent chooses "
                    "and discards a card.", "Friend", {})
    assert ab["on"] == "confront" and ab["effects"][0]["effects"][1] == {"op": "discard", "n": 1, "who": "opponent",
                                                                         "random": False}
    ab = parse_line("When you confront this Problem, you may replace another Problem.", "Problem", {})
    assert ab["effects"] == [{"op": "may", "effects": [{"op": "replace_problem", "other": True}]}]
    ab = parse_line("When this card is uncovered, all players discard all the cards in their hand then draw 3 cards.",
                    "Troublemaker", {})
    assert ab["effects"][0]["op"] == "each_player"
    ab = parse_line("When an opponent's character is moved from here to another Problem, draw a card and move this "
                    "card there.", "Friend", {})
    assert ab["subj"]["from"] == "here" and ab["effects"][1] == {"op": "move", "target": {"self": True}, "to": "it"}


def test_opponent_may_pay_to_dismiss_uncovered(game, card_db):
    # AD164: "When this card is uncovered, an opponent may pay [2] to dismiss this card."  The opponent
    # decides and pays.
    from gameplay.engine.mlp.flow import uncover_one

    st = stacked_game(game)
    tm = place(game, st, "AD164", 0, "prob1", face_down=True)
    set_tokens(st, 1, 3)
    uncover_one(game.r, st.d, Ev(), tm)
    ev = Ev()
    for _ in range(10):
        if st.pending:
            break
        pre_priority(game, st, ev=ev) or (st.resolving and resolve_step(game, st, ev=ev))
    assert st.pending["kind"] == "may" and st.pending["player"] == 1
    resolve_all(game, st)
    assert tm not in st.cards_in_play and st.tokens(1) == 1


def test_send_moved_character_back_and_costs_ok(game, card_db):
    # SB87: "When an opposing character is moved, you may pay [1] and exhaust this card to send that character
    # to its previous area."  Both costs or neither (508.1d).
    st = stacked_game(game)
    sb87 = place(game, st, "SB87", 1, "home1")
    foe = place(game, st, "PR12", 0, "home0")
    set_tokens(st, 1, 1)
    set_tokens(st, 0, 5)
    st = act(game, st, "move", card=foe, area="prob1")
    resolve_all(game, st)
    assert st.area(foe) == "home0" and st.exhausted(sb87) and st.tokens(1) == 0
    ready(game, st, sb87)  # ready, but no token: nothing is paid
    st = act(game, st, "move", card=foe, area="prob1")
    resolve_all(game, st)
    assert st.area(foe) == "prob1" and not st.exhausted(sb87)


def test_parse_enters_at_lowercase_problem_and_shuffle():
    ab = parse_line("When this card enters play at a problem, each player shuffles their deck and draws a card.", "Friend", {})
    assert ab["on"] == "enter" and ab["when"] == "problem" and ab["effects"][0]["op"] == "each_player"


def test_you_move_and_opponent_moves_follow_the_player_moving_not_the_controller(game, card_db):
    # 506.1c (issue #19, class 1): FF41 "When you move a character, this card gets +1 power until the end of the
    # turn" and EO104 "When an opponent moves a character, you may draw a card" read who moves the character: an
    # opponent's effect moving one of your characters is the opponent moving it.
    st = stacked_game(game)
    fleur = place(game, st, "FF41", 0, "home0")
    mine = place(game, st, "PR12", 0, "home0")
    place(game, st, "EO104", 0, "home0")
    base = power(game, st, fleur)
    hand0 = len(st.hand(0))
    mover = place(game, st, "PR33", 1, "home1")
    play_effects(game, st, 1, mover, [{"op": "move", "to": "prob0", "target": {"type": "character", "ctrl": "opp"}}])
    resolve_all(game, st)
    assert st.area(mine) == "prob0" or st.area(st.mane(0)) == "prob0"  # player 1's effect moved player 0's character
    assert power(game, st, fleur) == base  # player 0 did not move it: FF41 does not fire
    assert len(st.hand(0)) == hand0 + 1  # the opponent moved it: EO104 fires for player 0
    set_tokens(st, 0, 5)
    st = act(game, st, "move", card=fleur, area="prob1")
    resolve_all(game, st)
    assert st.area(fleur) == "prob1" and power(game, st, fleur) == base + 1  # player 0 moving their own character: FF41 fires
