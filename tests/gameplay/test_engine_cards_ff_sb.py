"""Issue #19: the last manual cards of Friends Forever (FF) and Seaquestria and Beyond (SB), each played in a
scenario that fails without its definition (cards/friends_forever.py, cards/seaquestria.py)."""
from __future__ import annotations

from gameplay.engine.mlp.engine import Ev
from gameplay.engine.mlp.scenario import (advance, answer, automated, delayed_effects, end_durations, end_faceoff,
                                          enter_play, every_ending, first_answer, flip_for_faceoff, move_card, new_card,
                                          pass_until, place, play_effects, pre_priority, problem, replace_problem,
                                          resolve_all, resolve_faceoff, resolve_step, set_card, set_tokens,
                                          stacked_game, start_faceoff, to_discard, to_hand, trigger)


def pw(game, st, cid):
    return game.power(st, cid)


def _on_top_of_deck(game, st, p, number):
    """Test setup: the top card of player ``p``'s deck becomes ``number`` (what they flip next, 515.1)."""
    top = st.d["pl"][p]["deck"][0]
    set_card(st, top, card_key=game.db.key(number))
    return top


# ------------------------------------------------------------------ Chaos: a flipped card's trigger (515)
def test_pony_power_flipped_gives_your_involved_characters_power_until_the_faceoff_ends(game, card_db):
    """SB105 Pony Power: "Chaos: While this card is flipped, your characters involved in the faceoff have +1 power
    until the end of the faceoff" (515: a flipped card stays flipped until the faceoff ends, 514.6)."""
    assert automated(card_db, "SB105")
    st = stacked_game(game)
    mine = place(game, st, "PR12", 0, "prob0")
    away = place(game, st, "PR12", 0, "prob1")  # not involved
    theirs = place(game, st, "PR12", 1, "prob0")
    _on_top_of_deck(game, st, 0, "SB105")
    start_faceoff(game, st, "problem", ["prob0"], 0)
    flip_for_faceoff(game, st)
    resolve_all(game, st)
    assert (pw(game, st, mine), pw(game, st, away), pw(game, st, theirs)) == (3, 2, 2)
    end_durations(game, st, "faceoff")
    assert pw(game, st, mine) == 2


def test_wild_wonders_moves_characters_to_random_problems(game, card_db):
    """SB69 Rainbow Dash & Pinkie Pie, Wild Wonders: "When this card enters play, you may move up to 3 characters
    to random Problems" (any player's characters, one at a time, "none" stops) and "Chaos: When this card is
    flipped, move a character to a random Problem" (515)."""
    assert automated(card_db, "SB69")
    st = stacked_game(game)
    a = place(game, st, "PR12", 0, "home0")
    b = place(game, st, "PR12", 1, "home1")
    c = place(game, st, "PR33", 0, "home0")
    wild = place(game, st, "SB69", 0, "home0")
    trigger(game, st, "enter", wild)
    resolve_all(game, st, answers=[a, b, "none"])
    areas = {cid: st.d["cards"][cid]["a"] for cid in (a, b, c)}
    assert areas[a].startswith("prob") and areas[b].startswith("prob") and areas[c] == "home0"
    # flipped during a faceoff: one character (here the only one) goes to a random Problem
    st = stacked_game(game)
    for cid in (st.d["pl"][0]["mane"], st.d["pl"][1]["mane"]):
        set_card(st, cid, area="prob1")  # (the Mane Characters out of the way, at the other Problem)
    mover = place(game, st, "PR12", 0, "prob0")
    place(game, st, "PR12", 1, "prob0")
    _on_top_of_deck(game, st, 0, "SB69")
    start_faceoff(game, st, "problem", ["prob0"], 0)
    flip_for_faceoff(game, st)
    options = []
    resolve_all(game, st, pick=lambda pend: options.append(pend["options"]) or (
        mover if mover in pend["options"] else pend["options"][0]))
    assert any(mover in o for o in options) and st.d["cards"][mover]["a"] == "prob1"


# ------------------------------------------------------------------ "When you move a character" (who moves)
def test_storm_king_gains_one_or_two_when_you_move_a_character(game, card_db):
    """SB46 Storm King, Conniver: "When you move a character, you may exhaust this card to gain [1]. If you moved an
    opposing character, you may exhaust this card to gain [2] instead." — only moves its controller makes
    (issue #19 class 1: "you" is the mover), and a send is not a move (506.5)."""
    assert automated(card_db, "SB46")
    st = stacked_game(game)
    king = place(game, st, "SB46", 0, "home0")
    mine = place(game, st, "PR12", 0, "home0")
    theirs = place(game, st, "PR12", 1, "prob1")
    set_tokens(st, 0, 0)
    move_card(game, st, mine, "prob0", by=0)
    resolve_all(game, st)
    assert st.d["pl"][0]["tok"] == 1 and st.d["cards"][king]["ex"]
    set_card(st, king, exhausted=False)
    move_card(game, st, theirs, "prob0", by=0)  # an opposing character moved by you
    resolve_all(game, st)
    assert st.d["pl"][0]["tok"] == 1 + 2 and st.d["cards"][king]["ex"]
    set_card(st, king, exhausted=False)
    move_card(game, st, theirs, "prob1", by=1)  # the opponent moves it: not you
    move_card(game, st, mine, "prob1", send=True)  # sent, not moved
    resolve_all(game, st)
    assert st.d["pl"][0]["tok"] == 3 and not st.d["cards"][king]["ex"]
    move_card(game, st, mine, "prob0", by=0)
    resolve_all(game, st, answers=[False])  # "you may": declined
    assert st.d["pl"][0]["tok"] == 3 and not st.d["cards"][king]["ex"]


# ------------------------------------------------------------------ faceoffs started by an effect (514.2c)
def _builders_faceoff(game, mine_flip, their_flip, start=True, foe="PR20"):

    st = stacked_game(game)
    place(game, st, "PR12", 0, "home0")  # an Earth Pony Friend of yours
    place(game, st, "PR20", 0, "home0")  # a Pegasus: not counted
    foe = place(game, st, foe, 1, "home1")
    _on_top_of_deck(game, st, 0, mine_flip)
    _on_top_of_deck(game, st, 1, their_flip)
    builders = to_hand(game, st, "FF67", 0)
    ev = Ev()
    enter_play(game, st, builders, "home0", 0, ev=ev)
    advance(game, st, ev=ev)
    st._la = None
    hand = len(st.d["pl"][0]["hand"])
    assert st.d["pending"]["kind"] == "may"
    answer(game, st, 0, start)
    advance(game, st)
    st._la = None
    st = pass_until(game, st, lambda s: s.faceoff is None and not s.resolving and not s.d["pending"])
    return st, foe, len(st.d["pl"][0]["hand"]) - hand


def test_backdrop_builders_faceoff_draws_a_card_for_each_earth_pony_on_a_win(game, card_db):
    """FF67 Applejack & Pinkie Pie, Backdrop Builders (Harmony Earth Pony): "When this card enters play, you may
    start a faceoff involving this card and an opposing character. If you win, draw a card for each of your Earth
    Ponies." (514.2c; counted as the win resolves: itself and Emerald Green, not the Pegasus)."""
    assert automated(card_db, "FF67")
    st, foe, drawn = _builders_faceoff(game, "PR31", "PR20")  # 4 + 4 against 1 + 1
    assert drawn == 2
    st, foe, drawn = _builders_faceoff(game, "PR20", "PR31", foe="PR31")  # 4 + 1 against 4 + 4: lost
    assert drawn == 0
    st, foe, drawn = _builders_faceoff(game, "PR31", "PR20", start=False)  # "you may": declined
    assert drawn == 0 and st.faceoff is None


# ------------------------------------------------------------------ abilities of a card in the discard pile
def test_follow_my_lead_gives_power_and_returns_from_the_discard_pile_when_you_move_a_character(game, card_db):
    """SB102 Follow My Lead: "Main Phase: Give a character +2 power until the end of your turn." / "When you move a
    character, you may put this card into your hand from your discard pile." (a public zone, 404.1; only its
    owner's moves, not the opponent's, and not a send, 506.5)."""
    assert automated(card_db, "SB102")
    st = stacked_game(game)
    friend = place(game, st, "PR12", 0, "home0")
    event = next(ab for ab in card_db.number("SB102").abilities["front"] if ab["kind"] == "event")
    play_effects(game, st, 0, None, list(event["effects"]))  # (the Event's instructions, 609.2b)
    resolve_all(game, st, answers=[friend])
    assert pw(game, st, friend) == 4
    end_durations(game, st, "turn")
    assert pw(game, st, friend) == 2
    st = stacked_game(game)
    mine = place(game, st, "PR12", 0, "home0")
    theirs = place(game, st, "PR12", 1, "home1")
    lead = to_discard(game, st, "SB102", 0)
    move_card(game, st, theirs, "prob1", by=1)  # the opponent moves: not you
    move_card(game, st, mine, "prob1", send=True)  # sent: not moved
    resolve_all(game, st)
    assert lead in st.d["pl"][0]["disc"]
    move_card(game, st, mine, "prob0", by=0)
    resolve_all(game, st, answers=[False])  # "you may": declined
    assert lead in st.d["pl"][0]["disc"]
    move_card(game, st, mine, "prob1", by=0)
    hand = len(st.d["pl"][0]["hand"])
    resolve_all(game, st)
    assert not st.d["pl"][0]["disc"] and len(st.d["pl"][0]["hand"]) == hand + 1
    assert card_db.cards[st.d["cards"][st.d["pl"][0]["hand"][-1]]["k"]].number == "SB102"


def test_stop_fighting_frightens_from_the_discard_pile_when_you_play_a_griffon_friend(game, card_db):
    """FF98 Stop Fighting! (Harmony Griffon): "When you play a Griffon Friend while this card is in your discard
    pile, you may banish this card to frighten a Friend with 2 or less power." (705.2g: the played card's printed
    traits; the banished card is the cost of the frightening: done first, 410.5)."""
    from gameplay.engine.api import Action

    assert automated(card_db, "FF98")
    st = stacked_game(game)
    place(game, st, "PR12", 0, "home0")  # [Loyalty] for Gavin's play requirement (none)
    small = place(game, st, "PR20", 1, "home1")  # 1 power
    big = place(game, st, "PR31", 1, "home1")  # 4 power: not a target
    stop = to_discard(game, st, "FF98", 0)
    plain = to_hand(game, st, "PR12", 0)
    gavin = to_hand(game, st, "FF7", 0)
    set_tokens(st, 0, 10)
    st, _ = game.apply(st, Action.make("play", 0, card=plain, area="home0"))  # not a Griffon
    resolve_all(game, st)
    assert stop in st.d["pl"][0]["disc"]
    st, _ = game.apply(st, Action.make("play", 0, card=gavin, area="home0"))
    assert st.d["pending"]["kind"] == "may" and st.d["pending"]["player"] == 0
    options = []
    resolve_all(game, st, pick=lambda pend: options.append(pend["options"]) or (
        small if small in pend["options"] else pend["options"][0]))
    assert st.d["cards"][small].get("fr") and not st.d["cards"][big].get("fr")
    assert not st.d["pl"][0]["disc"] and len(st.d["pl"][0]["ban"]) == 1
    assert not any(big in o for o in options)


# ------------------------------------------------------------------ a discount read in the hand, a replacement by an opponent
def test_high_noon_costs_two_less_while_you_have_more_friends(game, card_db):
    """SB138 Princess Celestia, High Noon (cost 5): "While you have more Friends than an opponent, you may pay [2]
    less to play this card." (an ability that functions in the hand, 701.3; face-down Troublemakers aside, the
    Friends in play each player controls)."""
    assert automated(card_db, "SB138")
    st = stacked_game(game)
    noon = to_hand(game, st, "SB138", 0)
    place(game, st, "PR12", 0, "home0")
    place(game, st, "PR12", 1, "home1")
    assert game.card_cost(st, 0, noon) == 5  # one each: not more
    place(game, st, "PR12", 0, "home0")
    assert game.card_cost(st, 0, noon) == 3
    place(game, st, "PR12", 1, "home1")
    place(game, st, "PR12", 1, "home1")
    assert game.card_cost(st, 0, noon) == 5


def _opponent_does(game, st, player, op, cid, answers=()):
    play_effects(game, st, player, None, [{"op": op, "target": {"id": cid}}])
    asked, todo = [], list(answers)
    resolve_all(game, st, pick=lambda p: asked.append((p["kind"], p["player"])) or (todo.pop(0) if todo else True))
    return asked


def test_high_noon_puts_a_friend_here_into_its_owners_hand_instead_of_an_opponent_frightening_or_dismissing_it(
        game, card_db):
    """SB138: "If one of your Friends here would be frightened or dismissed by an opponent, you may put it into its
    owner's hand instead." (710, 712.3: her controller decides as it would happen; not for her controller's own
    effects, nor for a Friend at another area)."""
    for op in ("frighten", "dismiss"):
        st = stacked_game(game)
        place(game, st, "SB138", 0, "prob0")
        here = place(game, st, "PR12", 0, "prob0")
        away = place(game, st, "PR12", 0, "prob1")
        hand = len(st.d["pl"][0]["hand"])
        assert _opponent_does(game, st, 1, op, here) == [("may", 0)]
        assert not game.in_play(st, here) and len(st.d["pl"][0]["hand"]) == hand + 1
        assert _opponent_does(game, st, 1, op, away) == []  # not here
        assert not game.in_play(st, away) or st.d["cards"][away].get("fr")
        mine = place(game, st, "PR12", 0, "prob0")
        assert _opponent_does(game, st, 0, op, mine) == []  # her controller's own effect
        declined = place(game, st, "PR12", 0, "prob0")
        assert _opponent_does(game, st, 1, op, declined, [False]) == [("may", 0)]  # "you may": declined (710.3)
        assert (st.d["cards"][declined].get("fr") if op == "frighten" else not game.in_play(st, declined))
        assert len(st.d["pl"][0]["hand"]) == hand + 1


# ------------------------------------------------------------------ "When this Problem is replaced" (613.2, 522.3a)
def test_friendship_festival_setup_puts_five_earth_pony_tokens_into_play_when_replaced(game, card_db):
    """SB111 Friendship Festival Setup (a Dilemma, 522): "When this Problem is replaced, put five 1 [Laughter] Earth
    Pony Friend tokens into play." (613.2; a Dilemma goes to the discard pile instead, 522.3a, and its trigger still
    resolves: its controller's tokens, 521, at their home)."""
    from gameplay.engine.api import Action

    assert automated(card_db, "SB111")
    st = stacked_game(game)
    place(game, st, "PR36", 0, "home0")  # [Laughter] for its play requirement
    card = to_hand(game, st, "SB111", 0)
    set_tokens(st, 0, 10)
    st, _ = game.apply(st, Action.make("play", 0, card=card, area="dilemma"))
    dil = next(a for a in st.d["areas"] if a.startswith("dil"))
    tokens = [c for c in st.d["play"] if st.d["cards"][c].get("t")]
    assert tokens == []
    replace_problem(game, st, dil, solved=False)
    resolve_all(game, st)
    tokens = [c for c in st.d["play"] if st.d["cards"][c].get("t")]
    assert len(tokens) == 5 and dil not in st.d["areas"]
    for t in tokens:
        assert st.d["cards"][t]["c"] == 0 and st.d["cards"][t]["a"] == "home0" and pw(game, st, t) == 1
        assert "Laughter" in game.colors(st, t)
        assert "Earth Pony" in game.traits(st, t) and game.card_type(st, t) == "Friend"
    assert any(card_db.cards[st.d["cards"][c]["k"]].number == "SB111" for c in st.d["pl"][0]["disc"])
    before = len(st.d["play"])
    replace_problem(game, st, "prob0", solved=False)  # another Problem being replaced: not this card's trigger
    resolve_all(game, st)
    assert len([c for c in st.d["play"] if st.d["cards"][c].get("t")]) == 5 and len(st.d["play"]) <= before


# ------------------------------------------------------------------ each player's discard pile; an ability activated from it
def test_mistmane_lets_each_player_take_a_card_back_and_scores_for_each(game, card_db):
    """FF136 Mistmane, Pillar of Beauty: "When you play this card, each player may put a card from their discard pile
    into their hand. For each card put into a player's hand this way, score a point." (the turn player chooses first,
    801.1; Mistmane's controller scores, 517)."""
    assert automated(card_db, "FF136")
    for answers, points in (((0, 0), 2), ((0, "none"), 1), (("none", "none"), 0)):
        st = stacked_game(game)
        mine = to_discard(game, st, "PR12", 0)
        theirs = to_discard(game, st, "PR33", 1)
        mist = to_hand(game, st, "FF136", 0)
        enter_play(game, st, mist, "home0", 0)
        asked, picks = [], list(answers)

        def pick(pend):
            asked.append((pend["player"], pend["options"]))
            chosen = picks.pop(0)
            return pend["options"][0] if chosen == 0 else chosen
        resolve_all(game, st, pick=pick)
        assert asked == [(0, [mine, "none"]), (1, [theirs, "none"])]
        assert st.d["pl"][0]["score"] == points and st.d["pl"][1]["score"] == 0
        assert (mine in st.d["pl"][0]["disc"]) == (answers[0] == "none")


def test_mistmane_from_the_discard_pile_mills_three_cards_of_each_deck(game, card_db):
    """FF136: "Main Phase: While this card is in your discard pile, you may pay [2] and put it into your hand to put
    the top three cards of each player's deck into that player's discard pile." (703: activated from the discard
    pile; not while it is in play)."""
    st = stacked_game(game)
    mist = to_discard(game, st, "FF136", 0)
    set_tokens(st, 0, 2)
    decks = [list(st.d["pl"][p]["deck"][:3]) for p in (0, 1)]
    act = [a for a in game.legal_actions(st, 0) if a.kind == "activate" and a.get("card") == mist]
    assert len(act) == 1
    st, _ = game.apply(st, act[0])
    resolve_all(game, st)
    assert st.d["pl"][0]["tok"] == 0 and len(st.d["pl"][0]["hand"]) >= 1
    assert card_db.cards[st.d["cards"][st.d["pl"][0]["hand"][-1]]["k"]].number == "FF136"
    for p in (0, 1):
        assert len(st.d["pl"][p]["disc"]) == 3 and all(c not in st.d["pl"][p]["deck"] for c in decks[p])
    set_tokens(st, 0, 1)  # in play or short of [2]: not offered
    place(game, st, "FF136", 0, "home0")
    assert not [a for a in game.legal_actions(st, 0) if a.kind == "activate"
                and card_db.cards[st.d["cards"][a.get("card")]["k"]].number == "FF136"]


# ------------------------------------------------------------------ "moved this turn" and its previous area (506)
def test_reliving_history_sends_a_character_moved_this_turn_back_and_blocks_opposing_moves(game, card_db):
    """FF95 Reliving History: "Immediate: Send a character that was moved this turn to its previous area." (506.1:
    the area its last move took it from; a card only sent is not moved, 506.5) and "Harmony Unicorn: If you have 3
    or more Unicorn characters, opponents can't move characters until the end of the turn" (anyone's characters)."""
    event = card_db.number("FF95").abilities["front"][0]
    assert automated(card_db, "FF95")

    def play(st, answers=()):
        play_effects(game, st, 0, None, list(event["effects"]))
        asked, todo = [], list(answers)
        resolve_all(game, st, pick=lambda pend: asked.append(pend["options"]) or (
            todo.pop(0) if todo else pend["options"][0]))
        return asked

    st = stacked_game(game)
    moved = place(game, st, "PR12", 1, "home1")
    twice = place(game, st, "PR12", 1, "home1")
    sent = place(game, st, "PR12", 1, "prob1")
    move_card(game, st, moved, "prob0", by=1)
    move_card(game, st, twice, "prob0", by=1)
    move_card(game, st, twice, "prob1", by=1)
    move_card(game, st, sent, "prob0", send=True)
    assert play(st, [twice]) == [[moved, twice]]  # not the sent one
    assert st.d["cards"][twice]["a"] == "prob0" and st.d["cards"][moved]["a"] == "prob0"
    opp_mover = place(game, st, "PR12", 1, "home1")
    assert game.move_cost(st, 1, opp_mover, "prob1") >= 0 and not game.move_blocked(st, 1, opp_mover, "home1", "prob1")
    # with 3 Unicorn characters: opponents can't move characters (theirs or yours) until the end of the turn
    for _ in range(3):
        place(game, st, "PR60", 0, "home0")
    mine = place(game, st, "PR12", 0, "prob0")
    move_card(game, st, moved, "prob1", by=1)
    play(st)
    assert st.d["cards"][moved]["a"] == "prob0"
    assert game.move_blocked(st, 1, opp_mover, "home1", "prob1")
    assert game.move_blocked(st, 1, mine, "prob0", "prob1")
    assert not game.move_blocked(st, 0, mine, "prob0", "prob1")
    end_durations(game, st, "turn")
    assert not game.move_blocked(st, 1, opp_mover, "home1", "prob1")
    st = stacked_game(game)  # next turn: last turn's moves are not "this turn"
    old = place(game, st, "PR12", 1, "home1")
    move_card(game, st, old, "prob0", by=1)
    st.d["turn"] += 1
    assert play(st) == [] and st.d["cards"][old]["a"] == "prob0"


# ------------------------------------------------------------------ an optional replacement of "Choose one" (710)
def test_master_of_ceremonies_may_choose_each_effect_of_a_song(game, card_db):
    """SB136 Spike, Master of Ceremonies: "If you would choose one effect while playing a Song card, you may choose
    each effect instead." — HM97 The Wonderbolts Rap (a Song): move one of your characters, draw 2 cards and pay [2]
    less for your next Friend, all three; not for an opponent's Spike, nor for a card that is not a Song."""
    assert automated(card_db, "SB136")
    rap = next(ab for ab in card_db.number("HM97").abilities["front"] if ab["kind"] == "event")

    def play(st, number, pick):
        src = new_card(game, st, number, 0, "queue")  # the Event resolving (408)
        play_effects(game, st, 0, src, list(rap["effects"]))
        resolve_step(game, st)
        options = list(st.d["pending"]["options"])
        answer(game, st, 0, pick)
        resolve_all(game, st)
        return options

    st = stacked_game(game)
    place(game, st, "SB136", 0, "home0")
    place(game, st, "PR12", 0, "home0")
    hand = len(st.d["pl"][0]["hand"])
    assert play(st, "HM97", "each") == [0, 1, 2, "each"]
    assert len(st.d["pl"][0]["hand"]) == hand + 2  # draw 2 cards
    assert [c for c in st.d["play"] if st.d["cards"][c]["c"] == 0 and st.d["cards"][c]["a"] != "home0"]  # a move
    assert [r["n"] for r in st.d["pl"][0]["disc_next"]] == [2]  # pay [2] less for your next Friend
    hand = len(st.d["pl"][0]["hand"])
    assert play(st, "PR12", 1) == [0, 1, 2]  # not a Song: no "each"
    assert len(st.d["pl"][0]["hand"]) == hand + 2
    st = stacked_game(game)
    place(game, st, "SB136", 1, "home1")  # an opponent's Spike
    assert play(st, "HM97", 1) == [0, 1, 2]


# ------------------------------------------------------------------ "the same name as that Resource" (201.1)
def test_hyper_beam_banishes_a_resource_and_with_a_unicorn_each_card_of_its_name_in_its_controllers_hand(game, card_db):
    """FF90 Hyper Beam: "Main Phase: Banish an opposing Resource." / "Harmony Unicorn: If you have a Unicorn
    character, that Resource's controller reveals their hand and you banish each card in it with the same name as
    that Resource." (201.1: the same Title and Subtitle; the revealed hand is public, 404.1)."""
    assert automated(card_db, "FF90")
    beam = card_db.number("FF90").abilities["front"][0]
    for unicorn in (True, False):
        st = stacked_game(game)
        if unicorn:
            place(game, st, "PR60", 0, "home0")
        ruins = place(game, st, "SB118", 1, "home1")
        same = [to_hand(game, st, "SB118", 1) for _ in range(2)]
        other = to_hand(game, st, "SB140", 1)
        hand = len(st.d["pl"][1]["hand"])
        play_effects(game, st, 0, None, list(beam["effects"]))
        ev = resolve_all(game, st)
        assert not game.in_play(st, ruins) and len(st.d["pl"][1]["ban"]) == (3 if unicorn else 1)
        assert len(st.d["pl"][1]["hand"]) == hand - (2 if unicorn else 0) and other in st.d["pl"][1]["hand"]
        assert all((c in st.d["pl"][1]["hand"]) != unicorn for c in same)
        assert any("reveals their hand" in e.get("msg", "") for e in ev.items) == unicorn


# ------------------------------------------------------------------ named counters on a Problem (519)
def test_delaying_tactics_puts_delay_counters_that_tax_opposing_moves_until_an_opponent_moves_there(game, card_db):
    """SB109 Delaying Tactics (a Dilemma): "At the end of your turn, you may put a Delay counter on a Problem." /
    "Opponents pay +[1] to move characters to a Problem for each Delay counter on that Problem." (the move action,
    506.3) / "When an opponent moves a character to a Problem, remove all Delay counters from that Problem."."""
    from gameplay.engine.api import Action

    assert automated(card_db, "SB109")
    st = stacked_game(game)
    place(game, st, "CG63", 0, "home0")  # [Generosity] 4 for its play requirement
    card = to_hand(game, st, "SB109", 0)
    set_tokens(st, 0, 10)
    st, _ = game.apply(st, Action.make("play", 0, card=card, area="dilemma"))
    dil = next(a for a in st.d["areas"] if a.startswith("dil"))
    tactics = game.problem_at(st, dil)
    target = problem(st, game, 1)  # Bob's Problem
    mover = place(game, st, "PR12", 1, "home1")
    mine = place(game, st, "PR12", 0, "home0")
    base = game.move_cost(st, 1, mover, "prob1")
    assert game.move_cost(st, 1, mover, "prob0") == base
    for n in (1, 2):
        trigger(game, st, "turn_end", tactics)
        resolve_all(game, st, answers=[True, target])
        assert st.d["cards"][target]["cn"].get("Delay") == n
        assert game.move_cost(st, 1, mover, "prob1") == base + n  # opponents pay +[1] per counter
        assert game.move_cost(st, 1, mover, "prob0") == base and game.move_cost(st, 0, mine, "prob1") == \
            game.move_cost(st, 0, mine, "prob0")  # not another Problem, not its controller
    trigger(game, st, "turn_end", tactics)
    resolve_all(game, st, answers=[False])  # "you may": declined
    assert st.d["cards"][target]["cn"].get("Delay") == 2
    move_card(game, st, mine, "prob1", by=0)  # its controller moving there: kept
    resolve_all(game, st)
    assert st.d["cards"][target]["cn"].get("Delay") == 2
    move_card(game, st, mover, "prob1", by=1)  # an opponent moves a character there: all removed
    resolve_all(game, st)
    assert not st.d["cards"][target]["cn"].get("Delay") and game.move_cost(st, 1, mover, "prob0") == base


# ------------------------------------------------------------------ a public reveal of N cards, up to one on top (404.1)
def test_garner_reveals_a_card_per_griffon_and_keeps_up_to_one_on_top(game, card_db):
    """FF22 Garner, Record Keeper (Harmony Griffon): "When this card enters play, reveal a card from the top of your
    deck for each of your Griffon characters. Choose up to one of those cards and put it on top of your deck, then
    put the rest on the bottom of your deck." (a reveal is public, 404.1; itself and two other Griffons: three)."""
    assert automated(card_db, "FF22")
    for keep in (True, False):
        st = stacked_game(game)
        place(game, st, "FF7", 0, "home0")
        place(game, st, "FF25", 0, "home0")
        place(game, st, "FF6", 1, "home1")  # an opponent's Griffon: not yours
        deck = st.d["pl"][0]["deck"]
        a, b, c, d = deck[:4]
        garner = to_hand(game, st, "FF22", 0)
        ev = Ev()
        enter_play(game, st, garner, "home0", 0, ev=ev)
        asked = []
        resolve_all(game, st, ev=ev, pick=lambda pend: asked.append(pend["options"]) or (
            (c if keep else "done") if len(asked) == 1 else pend["options"][-1]))
        assert asked[0] == [a, b, c, "done"]  # three revealed: one per Griffon of yours
        deck = st.d["pl"][0]["deck"]
        if keep:
            assert deck[0] == c and deck[1] == d and set(deck[-2:]) == {a, b} and len(asked) == 2  # up to one
        else:
            assert deck[0] == d and set(deck[-3:]) == {a, b, c}
        public = [e for e in ev.items if e.get("to") is None and "reveals the top 3" in e.get("msg", "")]
        assert public and card_db.cards[st.d["cards"][c]["k"]].name in public[0]["msg"]


# ------------------------------------------------------------------ counters a card enters play with (519)
def test_boyle_enters_play_with_the_counters_of_another_one_of_your_characters(game, card_db):
    """SB20 Boyle, Power Up (2 power): "This card enters play with a number of +1 power counters on it equal to the
    number of +1 power counters on another one of your characters." (519; its controller chooses which character
    when their counts differ, 705.2f; an opponent's character is not one of yours)."""
    assert automated(card_db, "SB20")
    st = stacked_game(game)
    two = place(game, st, "PR12", 0, "home0")
    three = place(game, st, "PR12", 0, "home0")
    theirs = place(game, st, "PR12", 1, "home1")
    set_card(st, two, counters={"+1": 2})
    set_card(st, three, counters={"+1": 3})
    set_card(st, theirs, counters={"+1": 5})
    boyle = enter_play(game, st, to_hand(game, st, "SB20", 0), "home0", 0)
    resolve_step(game, st)  # (the choice is made as it enters: the first thing resolved)
    assert st.d["pending"]["kind"] == "target" and three in st.d["pending"]["options"]
    assert theirs not in st.d["pending"]["options"] and boyle not in st.d["pending"]["options"]
    resolve_all(game, st, answers=[three])
    assert st.d["cards"][boyle]["cn"].get("+1") == 3 and pw(game, st, boyle) == 5
    st = stacked_game(game)  # no other character of yours with counters: none
    place(game, st, "PR12", 1, "home1", exhausted=False)
    boyle = enter_play(game, st, to_hand(game, st, "SB20", 0), "home0", 0)
    resolve_all(game, st)
    assert not st.d["cards"][boyle]["cn"].get("+1") and pw(game, st, boyle) == 2


# ------------------------------------------------------------------ Transform costs (glossary: Transform X)
def test_pearl_of_transformation_lowers_transform_costs_and_searches_a_card_with_one(game, card_db):
    """SB140 The Pearl of Transformation: "You pay [1] less for Transform costs, to a minimum of [1]." (SB12 Rainbow
    Dash, Loyal Seapony, Transform 2, for [1] returning CG13 Rainbow Dash, Crystallized) and "Main Phase: Exhaust this
    card to search your deck for a card with a Transform cost, reveal it, and put it into your hand. Then, shuffle
    your deck." (518: the printed keyword; a public reveal, 404.1)."""
    from gameplay.engine.events import filter_events

    assert automated(card_db, "SB140")
    for pearl in (True, False):
        st = stacked_game(game)
        if pearl:
            place(game, st, "SB140", 0, "home0")
        place(game, st, "PR20", 0, "home0")
        place(game, st, "PR20", 0, "home0")  # [Loyalty] 2 for its play requirement
        old = place(game, st, "CG13", 0, "home0")
        card = to_hand(game, st, "SB12", 0)
        set_tokens(st, 0, 1)
        acts = [a for a in game.legal_actions(st, 0) if a.kind == "play" and a.get("transform") == old]
        assert bool(acts) == pearl  # [2] without the Pearl: more than the one token
        if pearl:
            st, _ = game.apply(st, acts[0])
            assert st.d["pl"][0]["tok"] == 0 and game.in_play(st, st.d["play"][-1])
            assert card not in st.d["pl"][0]["hand"] and any(game.name_of(st, c) == "Rainbow Dash, Crystallized"
                                                              for c in st.hand(0))
    st = stacked_game(game, decks=(["PR12"] * 6 + ["PR33"] * 5 + ["SB44"] + ["PR12"] * 5, None))
    pearl = place(game, st, "SB140", 0, "home0")
    act = next(a for a in game.legal_actions(st, 0) if a.kind == "activate" and a.get("card") == pearl)
    st, events = game.apply(st, act)
    assert st.d["pending"]["kind"] == "target"
    options = [o for o in st.d["pending"]["options"] if o != "none"]
    assert [card_db.cards[st.d["cards"][o]["k"]].number for o in options] == ["SB44"]  # only the Transform card
    st, events = game.apply(st, act.make("choose", 0, option=options[0]))
    assert any(game.name_of(st, c) == "Spike, Puffer Up" for c in st.hand(0)) and st.d["cards"][pearl]["ex"]
    assert any("Spike, Puffer Up" in e.get("msg", "") for e in filter_events(events, 1))  # revealed to the opponent


# ------------------------------------------------------------------ reveal until (404.1)
def test_pony_of_shadows_defeated_reveals_until_a_friend_and_puts_it_into_play(game, card_db):
    """FF141 Pony of Shadows, Pure Darkness (a Troublemaker): "When this card is defeated, you may reveal cards from
    the top of your deck until you reveal a Friend. If you do, put that Friend into play, then shuffle your deck."
    (its controller, after it left play, 514.5a; the revealed cards are public, 404.1)."""
    from gameplay.engine.events import filter_events

    assert automated(card_db, "FF141")
    for yes in (True, False):
        st = stacked_game(game, decks=(None, ["PR12"] * 6 + ["SB140", "FF90", "PR31"] + ["PR12"] * 10))
        shadows = place(game, st, "FF141", 1, "prob0")
        deck = len(st.d["pl"][1]["deck"])
        play_effects(game, st, 0, None, [{"op": "defeat", "target": {"id": shadows}}])
        ev = resolve_all(game, st, answers=[yes])
        full = [c for c in st.d["play"] if st.d["cards"][c]["c"] == 1 and game.name_of(st, c) == "Full Steam, Smoke Stacked"]
        assert bool(full) == yes and len(st.d["pl"][1]["deck"]) == deck - (1 if yes else 0)
        if yes:
            assert st.d["cards"][full[0]]["a"] == "home1"
            msgs = [e["msg"] for e in filter_events(ev.items, 0) if "reveals from the top" in e.get("msg", "")]
            assert msgs and "Hyper Beam" in msgs[0] and "Full Steam" in msgs[0]  # shown to the opponent too


# ------------------------------------------------------------------ the Ready Step (603.1)
def test_fume_exhausts_per_dragon_and_lets_opponents_ready_only_one_character(game, card_db):
    """FF16 Fume, Breathtaking: "Harmony Dragon: When this card enters play, exhaust an opposing character for each
    Dragon character you have." (itself and FF14: two) and "Opponents can't ready more than one character during their
    Ready Step." (603.1, 104.2: the opponent chooses which one; its controller's own Ready Step is not limited)."""
    from gameplay.engine.api import Action

    assert automated(card_db, "FF16")
    st = stacked_game(game)
    place(game, st, "FF14", 0, "home0")  # a Dragon of yours
    foes = [place(game, st, "PR12", 1, "home1") for _ in range(3)]
    fume = enter_play(game, st, to_hand(game, st, "FF16", 0), "home0", 0)
    resolve_all(game, st, answers=[foes[0], foes[1]])
    assert [bool(st.d["cards"][f]["ex"]) for f in foes] == [True, True, False]
    mine = place(game, st, "PR12", 0, "home0", exhausted=True)
    st, _ = game.apply(st, Action("pass", 0))
    st = pass_until(game, st, lambda s: s.d["tp"] == 1 and s.d["pending"] and s.d["pending"]["kind"] == "target")
    assert st.d["pending"]["player"] == 1 and set(st.d["pending"]["options"]) == {foes[0], foes[1]}
    st, _ = game.apply(st, Action.make("choose", 1, option=foes[1]))
    assert [bool(st.d["cards"][f]["ex"]) for f in foes] == [True, False, False]
    assert st.d["cards"][mine]["ex"] and game.in_play(st, fume)  # (not Ann's Ready Step)
    for f in foes:
        set_card(st, f, exhausted=True)
    st, _ = game.apply(st, Action("pass", 1))
    st = pass_until(game, st, lambda s: s.d["tp"] == 0 and s.d["step"] not in ("ready", "w_draw") or s.d["tp"] == 0
                    and s.d["pending"] is not None)
    assert not st.d["cards"][mine]["ex"]  # Fume's controller readies all of theirs


# ------------------------------------------------------------------ a discarded card's power (507.1)
def test_smolder_boosted_makes_an_opponent_discard_and_adds_its_power_to_one_of_your_involved_cards(game, card_db):
    """FF2 Smolder, Culture Shock (boosted): "At the start of a faceoff, you may exhaust this card to have an opponent
    discard a card. If they do, one of your cards involved in the faceoff gets +X power until the end of the faceoff,
    where X is the discarded card's power." (the opponent chooses the card, 410.3; its printed power, 507.1)."""
    assert automated(card_db, "FF2")
    st = stacked_game(game, manes=("FF2", "PR2"), decks=(None, ["PR31"] + ["PR12"] * 5 + ["PR12"] * 10))
    smolder = st.d["pl"][0]["mane"]
    set_card(st, smolder, boosted=True, area="home0")
    mine = place(game, st, "PR12", 0, "prob0")
    place(game, st, "PR12", 1, "prob0")
    full = next(c for c in st.d["pl"][1]["hand"] if game.name_of(st, c) == "Full Steam, Smoke Stacked")
    hand = len(st.d["pl"][1]["hand"])
    start_faceoff(game, st, "problem", ["prob0"], 0)
    asked = []
    resolve_all(game, st, pick=lambda pend: asked.append((pend["kind"], pend["player"])) or (
        True if pend["kind"] == "may" else (full if full in pend["options"] else mine)))
    assert asked[:2] == [("may", 0), ("target", 1)]  # the opponent chooses what to discard
    assert len(st.d["pl"][1]["hand"]) == hand - 1 and st.d["cards"][smolder]["ex"]
    assert pw(game, st, mine) == 2 + 4  # Full Steam's printed power
    end_durations(game, st, "faceoff")
    assert pw(game, st, mine) == 2


# ------------------------------------------------------------------ cancelling an Event as it is played
def test_octavia_may_pay_two_and_exhaust_to_cancel_an_opponents_event(game, card_db):
    """SB91 Octavia, Harmony and Dissonance: "As an opponent plays an Event, you may pay [2] and exhaust this card to
    cancel that card." — PR114 Let's Get This Party Started ("Draw 3 cards") does nothing and goes to the discard pile
    (304.2); declined, or without [2], it resolves; her controller's own Events are not offered."""
    from gameplay.engine.api import Action

    assert automated(card_db, "SB91")
    for cancel, tokens in ((True, 2), (False, 2), (None, 1)):
        st = stacked_game(game)
        octavia = place(game, st, "SB91", 1, "home1")
        place(game, st, "PR36", 0, "home0")  # [Laughter] for its play requirement
        party = to_hand(game, st, "PR114", 0)
        set_tokens(st, 0, 5)
        set_tokens(st, 1, tokens)
        hand = len(st.d["pl"][0]["hand"])
        st, _ = game.apply(st, Action.make("play", 0, card=party))
        if cancel is None:  # she can't pay [2]: not asked
            assert not st.d["pending"] or st.d["pending"]["player"] == 0
        else:
            assert st.d["pending"]["kind"] == "may" and st.d["pending"]["player"] == 1
            st, _ = game.apply(st, Action.make("choose", 1, option=cancel))
        drawn = len(st.d["pl"][0]["hand"]) - (hand - 1)
        assert drawn == (0 if cancel else 3)
        assert bool(st.d["cards"][octavia]["ex"]) == bool(cancel) and st.d["pl"][1]["tok"] == tokens - (2 if cancel else 0)
        assert any(game.name_of(st, c) == "Let's Get This Party Started" for c in st.discard_pile(0))
    st = stacked_game(game)  # her controller's own Event
    place(game, st, "SB91", 0, "home0")
    place(game, st, "PR36", 0, "home0")
    party = to_hand(game, st, "PR114", 0)
    set_tokens(st, 0, 5)
    hand = len(st.d["pl"][0]["hand"])
    st, _ = game.apply(st, Action.make("play", 0, card=party))
    assert len(st.d["pl"][0]["hand"]) == hand - 1 + 3


# ------------------------------------------------------------------ a trigger of a card in the hand (404.1)
def test_gummy_may_enter_play_from_the_hand_when_you_move_a_character(game, card_db):
    """SB61 Gummy, Lap Gator: "When you move a character, you may put this card from your hand into play." (only
    its owner's moves, not sends, 506.5; a hand card: its trigger is shown to its owner only until it enters
    play, 404.1)."""
    from gameplay.engine.events import filter_events

    assert automated(card_db, "SB61")
    for yes in (True, False):
        st = stacked_game(game)
        mine = place(game, st, "PR12", 0, "home0")
        theirs = place(game, st, "PR12", 1, "home1")
        gummy = to_hand(game, st, "SB61", 0)
        move_card(game, st, theirs, "prob1", by=1)  # the opponent's move
        move_card(game, st, mine, "prob1", send=True)  # a send
        resolve_all(game, st)
        assert gummy in st.d["pl"][0]["hand"]
        move_card(game, st, mine, "prob0", by=0)
        ev = resolve_all(game, st, answers=[yes])
        entered = [c for c in st.d["play"] if game.name_of(st, c) == "Gummy, Lap Gator"]
        assert bool(entered) == yes and (gummy in st.d["pl"][0]["hand"]) != yes
        if yes:
            assert st.d["cards"][entered[0]]["a"] == "home0" and st.d["cards"][entered[0]]["c"] == 0
        seen_by_opponent = " ".join(e.get("msg", "") for e in filter_events(ev.items, 1))
        assert ("Gummy" in seen_by_opponent) == yes  # declined: never named to the opponent


# ------------------------------------------------------------------ an optional replacement of sends home (710)
def test_canterlot_infiltration_may_send_your_characters_to_other_problems_instead_of_home(game, card_db):
    """SB107 Canterlot Infiltration (a Dilemma): "If one or more of your characters would be sent home from here, you
    may send those characters to other Problems instead." (710, 712.3: one decision for the characters sent home
    together as it is solved, 613.2; each goes to the other Problem its controller chooses; the opponent's
    characters go home)."""
    from gameplay.engine.api import Action

    assert automated(card_db, "SB107")
    for yes in (True, False):
        st = stacked_game(game)
        place(game, st, "PR12", 0, "home0")  # [Loyalty] 2 for its play requirement
        card = to_hand(game, st, "SB107", 0)
        set_tokens(st, 0, 10)
        st, _ = game.apply(st, Action.make("play", 0, card=card, area="dilemma"))
        dil = next(a for a in st.d["areas"] if a.startswith("dil"))
        a = place(game, st, "PR12", 0, dil)
        b = place(game, st, "PR33", 0, dil)
        foe = place(game, st, "PR12", 1, dil)
        replace_problem(game, st, dil, solved=True)
        asked = []
        resolve_all(game, st, pick=lambda pend: asked.append((pend["kind"], pend["player"])) or (
            yes if pend["kind"] == "may" else ("prob1" if pend["src"] == a else "prob0")))
        assert asked[0] == ("may", 0) and asked.count(("may", 0)) == 1  # one decision for both
        where = [st.d["cards"][c]["a"] for c in (a, b, foe)]
        assert where == (["prob1", "prob0", "home1"] if yes else ["home0", "home0", "home1"])


# ------------------------------------------------------------------ copying an Event's effects (520.1)
def test_magic_instructor_copies_an_event_by_exhausting_unicorns_equal_to_its_cost(game, card_db):
    """SB45 Starlight Glimmer, Magic Instructor: "When you play an Event, you may exhaust this card and a number of
    your other Unicorn Friends equal to that Event's cost to copy its effects." — PR114 (cost 1, "Draw 3 cards") is
    processed again (520.1): 6 cards; with no other ready Unicorn Friend the cost can't be paid (508.1d)."""
    from gameplay.engine.api import Action

    assert automated(card_db, "SB45")
    for unicorns, drawn in ((2, 6), (0, 3)):
        st = stacked_game(game)
        glimmer = place(game, st, "SB45", 0, "home0")
        others = [place(game, st, "PR60", 0, "home0") for _ in range(unicorns)]
        place(game, st, "PR36", 0, "home0")  # [Laughter] for its play requirement
        party = to_hand(game, st, "PR114", 0)
        set_tokens(st, 0, 5)
        hand = len(st.d["pl"][0]["hand"]) - 1
        st, _ = game.apply(st, Action.make("play", 0, card=party))
        asked = []
        for _ in range(10):
            pend = st.d["pending"]
            if not pend:
                break
            asked.append(pend["kind"])
            opt = True if pend["kind"] == "may" else (others[1] if others and others[1] in pend["options"] else pend["options"][0])
            st, _ = game.apply(st, Action.make("choose", 0, option=opt))
        assert len(st.d["pl"][0]["hand"]) - hand == drawn
        assert bool(st.d["cards"][glimmer]["ex"]) == bool(unicorns)
        if unicorns:
            assert asked == ["may", "target"]  # which one of the two Unicorn Friends
            assert [bool(st.d["cards"][o]["ex"]) for o in others] == [False, True]


# ------------------------------------------------------------------ a reveal, then top or bottom in any order; a flipped Event
def test_pillar_of_sorcery_reveals_three_keeps_one_and_sorts_the_rest(game, card_db):
    """FF135 Star Swirl the Bearded, Pillar of Sorcery: "At the start of your turn, reveal the top three cards of your
    deck. Put one into your hand and the rest on the top or bottom of your deck in any order." (a public reveal,
    404.1; every split of the other two between top and bottom, each part in any order)."""
    from gameplay.engine.events import filter_events

    assert automated(card_db, "FF135")
    st = stacked_game(game)
    star = place(game, st, "FF135", 0, "home0")
    a, b, c = st.d["pl"][0]["deck"][:3]
    rest = tuple(st.d["pl"][0]["deck"][3:])
    ev = Ev()
    trigger(game, st, "turn_start", star, ev=ev)
    pre_priority(game, st, ev=ev)
    resolve_step(game, st, ev=ev)
    assert st.d["pending"]["options"] == [a, b, c]
    public = " ".join(e.get("msg", "") for e in filter_events(ev.items, 1))
    assert all(game.name_of(st, x) in public for x in (a, b, c))
    kb = st.d["cards"][b]["k"]
    answer(game, st, 0, b)
    while not st.d["pending"]:
        resolve_step(game, st, ev=ev)
    assert st.d["cards"][st.d["pl"][0]["hand"][-1]]["k"] == kb  # the chosen card into the hand
    ends = every_ending(game, st, lambda d: tuple(d["pl"][0]["deck"]))
    assert ends == {(a, c) + rest, (c, a) + rest, (a,) + rest + (c,), (c,) + rest + (a,), rest + (a, c), rest + (c, a)}


def test_pillar_of_sorcery_may_exhaust_to_put_a_flipped_event_into_the_hand(game, card_db):
    """FF135: "If you would put a flipped Event on the bottom of your deck, you may exhaust this card to put that Event
    into your hand instead." (asked as the faceoff ends, before 514.6 puts the flipped cards on the bottom)."""
    for flip, asked_may in (("PR114", True), ("PR31", False)):
        st = stacked_game(game)
        star = place(game, st, "FF135", 0, "home0")
        place(game, st, "PR12", 0, "prob0")
        place(game, st, "PR12", 1, "prob0")
        _on_top_of_deck(game, st, 0, flip)
        start_faceoff(game, st, "problem", ["prob0"], 0)
        flip_for_faceoff(game, st)
        resolve_all(game, st)
        resolve_faceoff(game, st, 0)
        resolve_all(game, st)
        name = card_db.number(flip).name
        before = sum(game.name_of(st, x) == name for x in st.d["pl"][0]["hand"])
        end_faceoff(game, st)
        asked = []
        resolve_all(game, st, pick=lambda pend: asked.append(pend["kind"]) or first_answer(pend))
        in_hand = sum(game.name_of(st, x) == name for x in st.d["pl"][0]["hand"]) == before + 1
        assert ("may" in asked) == asked_may and in_hand == asked_may
        assert bool(st.d["cards"][star]["ex"]) == asked_may


def _faceoff_to_its_end(game, st, flip):
    """A Problem faceoff at prob0 where Ann flips ``flip``, won by Ann, up to its end (514.6); the decisions asked."""
    place(game, st, "PR12", 0, "prob0")
    place(game, st, "PR12", 1, "prob0")
    _on_top_of_deck(game, st, 0, flip)
    start_faceoff(game, st, "problem", ["prob0"], 0)
    flip_for_faceoff(game, st)
    resolve_all(game, st, answers=[False])  # (a Chaos "you may" of the flipped card: declined)
    resolve_faceoff(game, st, 0)
    resolve_all(game, st)
    end_faceoff(game, st)
    asked = []
    resolve_all(game, st, pick=lambda pend: asked.append(pend["kind"]) or first_answer(pend))
    return asked


def test_swarm_former_may_put_a_flipped_changeling_friend_into_the_hand(game, card_db):
    """FF54 Thorax, Swarm Former (Harmony Changeling): "If you would put any number of flipped Changeling Friends on
    the bottom of your deck, you may put one of them into your hand and the rest on the bottom instead." (asked as
    the faceoff ends, 514.6; not for another flipped card)."""
    assert automated(card_db, "FF54")
    for flip, offered in (("FF32", True), ("PR31", False)):
        st = stacked_game(game)
        place(game, st, "FF54", 0, "home0")
        name = card_db.number(flip).name
        before = sum(game.name_of(st, x) == name for x in st.d["pl"][0]["hand"])
        asked = _faceoff_to_its_end(game, st, flip)
        assert ("may" in asked) == offered
        assert sum(game.name_of(st, x) == name for x in st.d["pl"][0]["hand"]) == before + offered


def test_endless_friendship_banishes_a_leaving_friend_until_the_end_of_the_turn_instead(game, card_db):
    """FF139 Princess Twilight Sparkle, Endless Friendship: "If one of your Friends would leave play, you may pay [2] and
    exhaust this card to banish that Friend until the end of the turn instead." (710, 712.3: offered only when both
    costs can be paid; the Friend comes back into play at the end of the turn, 615.1)."""
    assert automated(card_db, "FF139")
    for tokens, offered in ((2, True), (1, False)):
        st = stacked_game(game)
        twilight = place(game, st, "FF139", 0, "home0")
        friend = place(game, st, "PR31", 0, "prob0")
        set_tokens(st, 0, tokens)
        asked = []
        ev = Ev()
        play_effects(game, st, 1, None, [{"op": "dismiss", "target": {"id": friend}}], ev=ev)
        resolve_all(game, st, ev=ev, pick=lambda pend: asked.append(pend["kind"]) or True)
        assert ("may" in asked) == offered and not game.in_play(st, friend)
        if offered:
            assert st.d["pl"][0]["tok"] == 0 and st.d["cards"][twilight]["ex"] and len(st.d["pl"][0]["ban"]) == 1
            assert not st.d["pl"][0]["disc"]
            delayed_effects(game, st, "turn_end")  # (as the End of Turn Step does, 615.1)
            resolve_all(game, st)
            back = [c for c in st.d["play"] if game.name_of(st, c) == "Full Steam, Smoke Stacked"]
            assert back and st.d["cards"][back[0]]["c"] == 0 and not st.d["pl"][0]["ban"]
        else:
            assert any(game.name_of(st, c) == "Full Steam, Smoke Stacked" for c in st.discard_pile(0))


def test_brian_may_retire_instead_of_another_friend_being_dismissed_banished_or_moved(game, card_db):
    """SB56 Brian, One Swell Guy: "If another one of your Friends would be dismissed, banished, or moved, you may retire
    this card instead." (710, 712.3; declined, it happens as it would have, 710.3; a send is not a move, 506.5)."""
    assert automated(card_db, "SB56")
    cases = [("dismiss", True), ("banish", True), ("move", True), ("move", False), ("send", None), ("retire", None)]
    for what, yes in cases:
        st = stacked_game(game)
        brian = place(game, st, "SB56", 0, "home0")
        friend = place(game, st, "PR12", 0, "prob0")
        ev = Ev()
        if what in ("move", "send"):
            move_card(game, st, friend, "prob1", by=1, send=what == "send", ev=ev)
        else:
            play_effects(game, st, 1 if what != "retire" else 0, None, [{"op": what, "target": {"id": friend}}], ev=ev)
        asked = []
        resolve_all(game, st, ev=ev, pick=lambda pend: asked.append((pend["kind"], pend["player"])) or yes)
        assert asked == ([] if yes is None else [("may", 0)]), what
        assert game.in_play(st, brian) != bool(yes)
        if yes:
            assert game.in_play(st, friend) and st.d["cards"][friend]["a"] == "prob0"
        elif what in ("move", "send"):
            assert st.d["cards"][friend]["a"] == "prob1"
        else:
            assert not game.in_play(st, friend)


def test_berry_punch_makes_an_opponent_move_their_character_to_a_different_problem(game, card_db):
    """SB27 Berry Punch, Off-Balance: "If an opponent would move a character to a Problem, you may exhaust this card.
    If you do, they choose a different Problem and move that character there instead." (710, 712.3; not a move home,
    nor her controller's own moves)."""
    assert automated(card_db, "SB27")
    st = stacked_game(game)
    berry = place(game, st, "SB27", 0, "home0")
    mover = place(game, st, "PR12", 1, "home1")
    st.d["areas"].append("dil999")  # (test setup: a Dilemma of Bob's, a third Problem to choose from, 522.2)
    dil = enter_play(game, st, to_hand(game, st, "FF116", 1), "dil999", 1, trigger=False)
    st.d["cards"][dil]["dil"] = True
    move_card(game, st, mover, "prob0", by=1)
    assert st.d["pending"] is None
    resolve_step(game, st)
    assert st.d["pending"]["kind"] == "may" and st.d["pending"]["player"] == 0
    answer(game, st, 0, True)
    resolve_step(game, st)
    ev = Ev()
    while not st.d["pending"] and st.d["rq"]:
        resolve_step(game, st, ev=ev)
    assert st.d["pending"]["player"] == 1 and set(st.d["pending"]["options"]) == {"prob1", "dil999"}
    answer(game, st, 1, "dil999")
    resolve_all(game, st)
    assert st.d["cards"][mover]["a"] == "dil999" and st.d["cards"][berry]["ex"]
    move_card(game, st, mover, "prob1", by=1)  # exhausted: no longer offered
    resolve_all(game, st)
    assert st.d["cards"][mover]["a"] == "prob1"
    set_card(st, berry, exhausted=False)
    mine = place(game, st, "PR12", 0, "home0")
    move_card(game, st, mine, "prob1", by=0)  # her controller's own move
    move_card(game, st, mover, "home1", by=1)  # a move home
    resolve_all(game, st)
    assert st.d["cards"][mine]["a"] == "prob1" and st.d["cards"][mover]["a"] == "home1" and not st.d["cards"][berry]["ex"]


# ------------------------------------------------------------------ a Problem card put into play as a Dilemma (522)
def test_silverstream_puts_the_top_card_of_a_problem_deck_into_play_as_a_dilemma(game, card_db):
    """FF29 Silverstream, Fish out of Water: "When you play this card, you may put the top card of a Problem deck into
    play as a Dilemma. (It enters play at its own area; this does not replace any Problems already in play.)" (522.1,
    522.2: a new area; the player chooses whose Problem deck; 522.3a: discarded when replaced)."""
    assert automated(card_db, "FF29")
    st = stacked_game(game)
    areas = list(st.d["areas"])
    problems = (problem(st, game, 0), problem(st, game, 1))
    top = st.d["pl"][1]["pdeck"][0]
    key = st.d["cards"][top]["k"]
    enter_play(game, st, to_hand(game, st, "FF29", 0), "home0", 0)
    resolve_all(game, st, answers=[True, 1])  # yes; Bob's Problem deck
    new = [a for a in st.d["areas"] if a not in areas]
    assert len(new) == 1 and new[0].startswith("dil")
    dil = game.problem_at(st, new[0])
    assert st.d["cards"][dil]["k"] == key and st.d["cards"][dil]["dil"] and st.d["cards"][dil]["c"] == 0
    assert (problem(st, game, 0), problem(st, game, 1)) == problems  # no Problem replaced
    replace_problem(game, st, new[0], solved=True)
    resolve_all(game, st)
    assert new[0] not in st.d["areas"] and any(st.d["cards"][c]["k"] == key for c in st.d["pl"][1]["disc"])
    st = stacked_game(game)  # declined
    areas = list(st.d["areas"])
    enter_play(game, st, to_hand(game, st, "FF29", 0), "home0", 0)
    resolve_all(game, st, answers=[False])
    assert st.d["areas"] == areas
