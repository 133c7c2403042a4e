"""Issue #19: the last manual cards of Equestrian Odysseys, High Magic, Marks in Time, Sands in Time and the
Defenders promo GF9, each played in a scenario (per-card definitions in mlp/cards/<set>.py)."""
from __future__ import annotations

from gameplay.engine.api import Action
from gameplay.engine.mlp.scenario import (answer, automated, enter_play, every_ending, frighten, leave_play, new_card,
                                          pass_until, place, play_effects, resolve_all, resolve_step,
                                          resolve_to_decision, run_step, score_points, set_card, set_tokens,
                                          stacked_game, start_faceoff, take_action, to_discard, to_hand, trigger)


def activations(game, st, cid, player=0):
    return [a for a in game.legal_actions(st, player) if a.kind == "activate" and a.to_dict().get("card") == cid]


def choose(game, st, player, option):
    return game.apply(st, Action.make("choose", player, option=option))[0]


# ------------------------------------------------------------------ EO3 Muffin Mare
def test_muffin_mare_turns_over_only_while_another_character_here_has_3_power(game, card_db):
    """EO3 Muffin Mare, Sharing is Caring: "While there is another character with at least 3 power here, you may
    turn this card over" (301.2; "here" is the Mane's area, its home too)."""
    assert automated(card_db, "EO3")
    st = stacked_game(game, manes=("EO3", "PR2"))
    mane = st.d["pl"][0]["mane"]
    place(game, st, "PR12", 0, st.d["cards"][mane]["a"])  # 2 power: not enough
    far = place(game, st, "PR31", 0, "prob1")  # 4 power, at another area: not here
    assert activations(game, st, mane) == []
    set_card(st, far, area=st.d["cards"][mane]["a"])
    acts = activations(game, st, mane)
    assert len(acts) == 1
    st, _ = game.apply(st, acts[0])
    st = resolve_and_pass(game, st)
    assert game.face(st, mane) == "boosted" or st.d["cards"][mane].get("b")


def resolve_and_pass(game, st):
    resolve_all(game, st)
    return st


# ------------------------------------------------------------------ EO58 Princess Luna
def test_luna_banishes_herself_and_returns_at_the_start_of_the_next_turn(game, card_db):
    """EO58 Princess Luna, Wax and Wane: "When an opposing Friend enters play here, you may banish this card, then
    put this card into play at the start of the next turn" (a delayed effect, 712; she returns at her owner's
    home, a new object, 410.6)."""
    assert automated(card_db, "EO58")
    st = stacked_game(game)
    luna = place(game, st, "EO58", 0, "prob1")
    opp = to_hand(game, st, "PR12", 1)
    enter_play(game, st, opp, "prob1", 1)
    resolve_all(game, st)  # "may": yes
    assert luna not in st.d["cards"] or st.d["cards"][luna].get("z") == "ban"
    assert any(st.d["cards"][c]["k"] == card_db.key("EO58") for c in st.d["pl"][0]["ban"])
    assert not any(st.d["cards"][c]["k"] == card_db.key("EO58") for c in st.d["play"])
    st = pass_until(game, st, lambda s: s.d["turn"] == 2 and s.d["step"] == "main")
    back = [c for c in st.d["play"] if st.d["cards"][c]["k"] == card_db.key("EO58")]
    assert len(back) == 1 and st.d["cards"][back[0]]["a"] == "home0"


def test_luna_stays_when_a_friend_of_her_own_enters_here(game, card_db):
    """EO58: only an opposing Friend entering play here triggers it."""
    st = stacked_game(game)
    luna = place(game, st, "EO58", 0, "prob1")
    mine = to_hand(game, st, "PR12", 0)
    enter_play(game, st, mine, "prob1", 0)
    resolve_all(game, st)
    assert luna in st.d["play"]


# ------------------------------------------------------------------ EO74 Sapphire Shores
def _accessory_cost_after(game, st, host):
    jacket = to_hand(game, st, "CG130", 0)  # Dazzling Jacket, an Accessory (cost 2)
    second = to_hand(game, st, "CG130", 0)
    set_tokens(st, 0, 10)
    st, _ = game.apply(st, Action.make("play", 0, card=jacket, host=host))
    resolve_all(game, st)
    return game.card_cost(st, 0, second)


def test_sapphire_shores_an_accessory_on_her_makes_the_next_accessory_cheaper(game, card_db):
    """EO74 Sapphire Shores, Star of the Show: "When you play an Accessory on this card, you pay [1] less for the
    next Accessory you play this turn" (509: the played card's host; 508 cost reduction)."""
    assert automated(card_db, "EO74")
    st = stacked_game(game)
    sapphire = place(game, st, "EO74", 0, "home0")
    assert _accessory_cost_after(game, st, sapphire) == 1
    st = stacked_game(game)
    place(game, st, "EO74", 0, "home0")
    other = place(game, st, "PR79", 0, "home0")
    assert _accessory_cost_after(game, st, other) == 2  # on another Friend: no reduction


# ------------------------------------------------------------------ EO174 Nightmare Moon
def _nightmare_moon_faceoff(game, card_db, win: bool):
    st = stacked_game(game, decks=(["PR31"] * 45 if win else ["PR20"] * 45, ["PR20"] * 45 if win else ["PR31"] * 45))
    nmm = place(game, st, "EO174", 0, "prob1")
    foe = place(game, st, "PR12", 1, "prob1")
    set_tokens(st, 0, 5)
    acts = activations(game, st, nmm)
    assert len(acts) == 1
    st, _ = game.apply(st, acts[0])
    for _ in range(200):
        if not st.d["fo"] and not st.d["rq"] and not st.d["pending"] and st.d["step"] == "main":
            break
        p = game.to_move(st)
        if p is None:
            break
        acts = game.legal_actions(st, p)
        pas = [a for a in acts if a.kind == "pass"]
        st, _ = game.apply(st, pas[0] if pas else acts[0])
    return st, nmm, foe


def test_nightmare_moon_winning_her_faceoff_dismisses_the_friend(game, card_db):
    """EO174 Nightmare Moon, Blackest Night: "Main Phase: Pay [3] to start a faceoff involving this card and an
    opposing Friend here. If you win the faceoff, dismiss that opposing Friend" (514.2c, 514.5d)."""
    assert automated(card_db, "EO174")
    st, nmm, foe = _nightmare_moon_faceoff(game, card_db, win=True)
    assert st.d["pl"][0]["tok"] == 2
    assert foe not in st.d["play"] and nmm in st.d["play"]
    assert st.d["pl"][1]["score"] == 0


def test_nightmare_moon_losing_her_faceoff_is_defeated_by_the_friends_controller(game, card_db):
    """EO174: "If you lose, that Friend's controller defeats this card" (514.5a: that player scores its points)."""
    st, nmm, foe = _nightmare_moon_faceoff(game, card_db, win=False)
    assert nmm not in st.d["play"] and foe in st.d["play"]
    assert st.d["pl"][1]["score"] == (card_db.number("EO174").front.bonus or 0) > 0


# ------------------------------------------------------------------ EO206 Party Favor
def test_party_favor_looks_at_the_problem_deck_where_it_enters(game, card_db):
    """EO206 Party Favor, A Bridge to Somewhere: "When this card enters play at a Problem, you may look at the top
    two cards of that Problem deck. If you do, put those cards on the top or bottom of that Problem deck in any
    order" (404.2: a private look at the deck of the Problem it is at, prob1: Bob's)."""
    assert automated(card_db, "EO206")
    st = stacked_game(game)
    place(game, st, "PR36", 0, "home0")
    place(game, st, "PR36", 0, "home0")  # 6 [Laughter] for its requirement
    pf = to_hand(game, st, "EO206", 0)
    set_tokens(st, 0, 5)
    st, _ = game.apply(st, Action.make("play", 0, card=pf, area="prob1"))
    assert st.d["pending"]["kind"] == "may"
    st = choose(game, st, 0, True)
    pdeck = list(st.d["pl"][1]["pdeck"])
    a, b = pdeck[:2]
    rest = tuple(pdeck[2:])
    ends = every_ending(game, st, lambda d: d["pl"][1]["pdeck"])
    assert ends == {(a, b) + rest, (b, a) + rest, (a,) + rest + (b,), (b,) + rest + (a,), rest + (a, b), rest + (b, a)}


def test_party_favor_exhausts_three_friends_here_to_replace_its_problem(game, card_db):
    """EO206: "Main Phase: Exhaust three of your Friends here to replace this card's Problem" (508 cost; 613.2)."""
    st = stacked_game(game)
    pf = place(game, st, "EO206", 0, "prob1")
    place(game, st, "PR12", 0, "prob1")
    assert activations(game, st, pf) == []  # two Friends here: the cost can't be paid (508.1d)
    place(game, st, "PR12", 0, "home0")
    assert activations(game, st, pf) == []
    place(game, st, "PR12", 0, "prob1")
    old = game.problem_at(st, "prob1")
    acts = activations(game, st, pf)
    assert len(acts) == 1
    st, _ = game.apply(st, acts[0])
    resolve_all(game, st)
    assert game.problem_at(st, "prob1") != old
    assert all(st.d["cards"][c]["ex"] for c in st.d["play"] if st.d["cards"][c]["a"] == "prob1"
               and st.d["cards"][c]["c"] == 0 and game.card_type(st, c) == "Friend")


# ------------------------------------------------------------------ ST2 Twilight Sparkle, Paradox Pony
def test_paradox_pony_counts_the_first_point_scored_each_turn(game, card_db):
    """ST2 Twilight Sparkle, Paradox Pony: "The first time a player scores a point each turn, put a Time counter on
    this card. Then, if there are at least 5 Time counters on this card, turn it over" (517, 519)."""
    assert automated(card_db, "ST2")
    st = stacked_game(game, manes=("ST2", "PR2"))
    mane = st.d["pl"][0]["mane"]
    for turn in range(5):
        score_points(game, st, 1 - turn % 2, 1)  # either player's first point
        score_points(game, st, turn % 2, 1)  # a second point the same turn: not counted
        resolve_all(game, st)
        assert st.d["cards"][mane]["cn"].get("Time", 0) == turn + 1
        assert bool(st.d["cards"][mane].get("b")) == (turn == 4)
        st = pass_until(game, st, lambda s, t=st.d["turn"]: s.d["turn"] == t + 1 and s.d["step"] == "main")


def test_paradox_pony_puts_a_friend_into_play_until_the_end_of_the_turn(game, card_db):
    """ST2 (boosted): "Main Phase: Pay [3] to put a Friend from your hand into play. At the end of your turn, put
    that Friend into your hand" (706: put into play, not played; a delayed effect, 712)."""
    st = stacked_game(game, manes=("ST2", "PR2"))
    mane = st.d["pl"][0]["mane"]
    set_card(st, mane, boosted=True)
    big = to_hand(game, st, "PR31", 0)
    set_tokens(st, 0, 5)

    def in_hand():
        return sum(st.d["cards"][c]["k"] == card_db.key("PR31") for c in st.d["pl"][0]["hand"])

    held = in_hand()
    acts = activations(game, st, mane)
    assert len(acts) == 1
    st, _ = game.apply(st, acts[0])
    st = choose(game, st, 0, big)
    entered = [c for c in st.d["play"] if st.d["cards"][c]["k"] == card_db.key("PR31")]
    assert len(entered) == 1 and st.d["pl"][0]["tok"] == 2 and in_hand() == held - 1

    st = pass_until(game, st, lambda s: s.d["tp"] == 1)
    assert in_hand() == held
    assert not any(st.d["cards"][c]["k"] == card_db.key("PR31") for c in st.d["play"])


# ------------------------------------------------------------------ HM140 Rainbow Dash, Zapp
def test_zapp_frightens_one_friend_for_each_action_token_paid(game, card_db):
    """HM140 Rainbow Dash, Zapp: "Chaos: When this card is flipped, pay any number of action tokens to frighten a
    Friend for each action token you pay this way" (707.4 Chaos; 504 frighten; 508.1d: no more picks once the
    tokens are spent, and a frightened Friend is not offered again)."""
    assert automated(card_db, "HM140")
    st = stacked_game(game)
    foes = [place(game, st, "PR12", 1, "prob1") for _ in range(3)]
    zapp = to_hand(game, st, "HM140", 0)
    set_tokens(st, 0, 2)
    trigger(game, st, "flipped", zapp)
    resolve_all(game, st)  # the first option each time: a Friend while tokens remain
    assert st.d["pl"][0]["tok"] == 0
    assert sum(bool(st.d["cards"][f].get("fr")) for f in foes) == 2


def test_zapp_stops_when_its_player_chooses_none(game, card_db):
    """HM140: "any number" includes none (705.2f): no token is paid."""
    st = stacked_game(game)
    place(game, st, "PR12", 1, "prob1")
    zapp = to_hand(game, st, "HM140", 0)
    set_tokens(st, 0, 2)
    trigger(game, st, "flipped", zapp)
    resolve_to_decision(game, st)
    assert "none" in st.d["pending"]["options"]
    answer(game, st, 0, "none")
    resolve_all(game, st)
    assert st.d["pl"][0]["tok"] == 2


def test_zapp_moves_to_a_frightened_friends_problem(game, card_db):
    """HM140: "Immediate: Pay [1] to move this card to a frightened Friend's Problem" (506; a frightened Friend
    at home has no Problem, so the ability is not offered for it)."""
    st = stacked_game(game)
    zapp = place(game, st, "HM140", 0, "home0")
    foe = place(game, st, "PR12", 1, "prob1")
    set_tokens(st, 0, 3)
    set_card(st, foe, frightened=True)
    acts = activations(game, st, zapp)
    assert len(acts) == 1
    st, _ = game.apply(st, acts[0])
    resolve_all(game, st)
    assert st.d["cards"][zapp]["a"] == "prob1" and st.d["pl"][0]["tok"] == 2


# ------------------------------------------------------------------ MT41 Coloratura
def test_coloratura_takes_one_plus_one_counter_from_each_chosen_character(game, card_db):
    """MT41 Coloratura, Razzle Dazzle: "When this card enters play, you may remove a +1 power counter from each of
    any number of other characters and put them on this card" (519: one counter from each chosen character)."""
    assert automated(card_db, "MT41")
    st = stacked_game(game)
    mine = place(game, st, "PR12", 0, "home0")
    foe = place(game, st, "PR12", 1, "prob1")
    bare = place(game, st, "PR12", 1, "prob1")
    set_card(st, mine, counters={"+1": 2})
    set_card(st, foe, counters={"+1": 1})
    col = to_hand(game, st, "MT41", 0)
    new = enter_play(game, st, col, "home0", 0)
    resolve_all(game, st)
    cn = lambda c: st.d["cards"][c]["cn"].get("+1", 0)  # noqa: E731
    assert (cn(new), cn(mine), cn(foe), cn(bare)) == (2, 1, 0, 0)
    assert game.power(st, new) == 4


# ------------------------------------------------------------------ EO212 Rarity, Soprano
def test_soprano_makes_the_chosen_player_discard_the_chosen_card_then_draw(game, card_db):
    """EO212 Rarity, Soprano: "When this card enters play, look at a player's hand and choose a card. That player
    discards that card, then draws a card" (404.2: the look is private; the discard is public, 410.3)."""
    from gameplay.engine.mlp import filter_events

    assert automated(card_db, "EO212")
    st = stacked_game(game)
    rarity = to_hand(game, st, "EO212", 0)
    enter_play(game, st, rarity, "home0", 0)
    hand = list(st.d["pl"][1]["hand"])
    deck_size = len(st.d["pl"][1]["deck"])
    resolve_to_decision(game, st)
    assert st.d["pending"]["kind"] == "choice" and st.d["pending"]["options"] == [1, 0]
    st, _ = game.apply(st, Action.make("choose", 0, option=1))
    assert st.d["pending"]["op"] == "look_hand" and set(st.d["pending"]["options"]) == set(hand)
    victim = hand[2]
    name = card_db[st.d["cards"][victim]["k"]].name
    st, evs = game.apply(st, Action.make("choose", 0, option=victim))
    assert len(st.d["pl"][1]["hand"]) == len(hand)  # one discarded, one drawn
    assert len(st.d["pl"][1]["deck"]) == deck_size - 1 and victim not in st.d["pl"][1]["hand"]
    assert card_db[st.d["cards"][st.d["pl"][1]["disc"][-1]]["k"]].name == name
    assert any(name in e["msg"] and "discards" in e["msg"] for e in filter_events(evs, 1))


def test_soprano_may_be_played_at_immediate_speed(game, card_db):
    """EO212: "Immediate: You may play this card from your hand" is Hasty's meaning (glossary: "You may play this
    card as an Immediate action"): Bob may play it when he gets priority in Ann's Main Phase (510.1), a Friend
    without it he may not."""
    st = stacked_game(game)
    rarity = to_hand(game, st, "EO212", 1)
    plain = to_hand(game, st, "PR60", 1)
    set_tokens(st, 1, 10)
    for col, n in card_db.number("EO212").front.play_requirements:
        for _ in range(n):
            place(game, st, {"Loyalty": "PR20", "Honesty": "PR33", "Laughter": "PR44", "Magic": "PR54",
                             "Generosity": "PR76", "Kindness": "PR86"}[col], 1, "home1")
    st, _ = game.apply(st, Action.make("draw", 0))
    assert game.to_move(st) == 1
    plays = {a.get("card") for a in game.legal_actions(st, 1) if a.kind == "play"}
    assert rarity in plays and plain not in plays


# ------------------------------------------------------------------ HM0 Big Mac, Princess for a Night
def test_big_mac_removes_a_counter_to_flip_an_additional_card_while_involved(game, card_db):
    """HM0 Big Mac, Princess for a Night: "Immediate: While this card is involved in a faceoff, you may remove a +1
    power counter from this card to flip an additional card" (514.2d involvement, 515 flipping, 519 the cost)."""
    assert automated(card_db, "HM0")
    st = stacked_game(game)
    assert game.keyword(st, place(game, st, "HM0", 0, "home0"), "Diligent")  # its keyword line still counts
    bm = place(game, st, "HM0", 0, "prob1")
    set_card(st, bm, counters={"+1": 1})
    place(game, st, "PR12", 1, "prob1")
    st.d["prio"] = {"w": "main", "p": 0, "n": 0}
    assert not [a for a in game.actions_with_priority(st, 0) if a.kind == "activate" and a.get("card") == bm]
    start_faceoff(game, st, "problem", ["prob1"], 0)
    st.d["prio"] = {"w": "fo", "p": 0, "n": 0}
    acts = [a for a in game.actions_with_priority(st, 0) if a.kind == "activate" and a.get("card") == bm]
    assert len(acts) == 1
    flipped = len(st.d["pl"][0]["flip"])
    take_action(game, st, acts[0])
    resolve_all(game, st)
    assert len(st.d["pl"][0]["flip"]) == flipped + 1 and st.d["cards"][bm]["cn"].get("+1", 0) == 0
    st.d["prio"] = {"w": "fo", "p": 0, "n": 0}
    assert not [a for a in game.actions_with_priority(st, 0) if a.kind == "activate" and a.get("card") == bm]


# ------------------------------------------------------------------ MT1 Scootaloo, Cutie Mark Crusader
def test_scootaloo_moves_up_to_two_characters_from_home_and_exhausts_them(game, card_db):
    """MT1 Scootaloo, Cutie Mark Crusader (boosted): "At the end of your turn, you may move up to two of your
    characters at home. If you do, exhaust those characters" (506 move; 503 exhausted; at most two)."""
    assert automated(card_db, "MT1")
    st = stacked_game(game, manes=("MT1", "PR2"))
    mane = st.d["pl"][0]["mane"]
    set_card(st, mane, boosted=True)
    home = [mane] + [place(game, st, "PR12", 0, "home0") for _ in range(3)]
    trigger(game, st, "turn_end", mane)
    resolve_all(game, st)
    moved = [c for c in home if not st.d["cards"][c]["a"].startswith("home")]
    assert len(moved) == 2 and all(st.d["cards"][c]["ex"] for c in moved)
    assert not any(st.d["cards"][c]["ex"] for c in home if c not in moved)


# ------------------------------------------------------------------ MT91 The Spectacle
def _spectacle(game, card_db, mode):
    st = stacked_game(game)
    for n in ("PR54", "PR54", "PR76", "PR76"):  # [Magic] and [Generosity] for its requirement
        place(game, st, n, 0, "home0")
    ev = to_hand(game, st, "MT91", 0)
    set_tokens(st, 0, 5)
    return st, ev


def test_the_spectacle_doubles_a_troublemaker_until_the_start_of_your_next_turn(game, card_db):
    """MT91 The Spectacle: "Choose one: ... double the power of one of your Troublemakers until the start of your
    next turn ..." (507: its power added as the effect resolves; the modifier ends as Ann's next turn starts)."""
    assert automated(card_db, "MT91")
    st, ev = _spectacle(game, card_db, 1)
    tm = place(game, st, "RR11", 0, "prob1")  # Diamond Dog, 4 power
    st, _ = game.apply(st, Action.make("play", 0, card=ev))
    assert st.d["pending"]["kind"] == "choice"
    st = choose(game, st, 0, st.d["pending"]["options"][1])
    assert game.power(st, tm) == 8
    st = pass_until(game, st, lambda s: s.d["tp"] == 1 and s.d["step"] == "main")
    assert game.power(st, tm) == 8
    st = pass_until(game, st, lambda s: s.d["tp"] == 0)
    assert game.power(st, tm) == 4


def test_the_spectacle_other_modes(game, card_db):
    """MT91: "Put an opposing Friend with 2 or less power on top of its owner's deck" / "put an Event from your
    discard pile into your hand" (705.2f: one mode chosen)."""
    st, ev = _spectacle(game, card_db, 0)
    small = place(game, st, "PR20", 1, "prob1")  # 1 power
    place(game, st, "PR31", 1, "prob1")  # 4 power: not a legal choice
    st, _ = game.apply(st, Action.make("play", 0, card=ev))
    st = choose(game, st, 0, st.d["pending"]["options"][0])
    assert small not in st.d["play"] and st.d["cards"][st.d["pl"][1]["deck"][0]]["k"] == card_db.key("PR20")
    st, ev = _spectacle(game, card_db, 2)

    old = to_discard(game, st, "CN119", 0)
    st, _ = game.apply(st, Action.make("play", 0, card=ev))
    st = choose(game, st, 0, st.d["pending"]["options"][2])
    if st.d["pending"]:
        st = choose(game, st, 0, old)
    assert old not in st.d["pl"][0]["disc"]
    assert card_db.key("CN119") in [st.d["cards"][c]["k"] for c in st.d["pl"][0]["hand"]]


# ------------------------------------------------------------------ HM28 Minuette, Making Friends
def test_minuette_makes_one_token_for_each_friend_exhausted_and_token_paid(game, card_db):
    """HM28 Minuette, Making Friends: "When one of your non-token Friends enters play here, you may exhaust any
    number of your Friends here and pay [1] for each Friend you exhaust this way to put that many 1 [Laughter]
    Earth Pony Friend tokens into play" (521 tokens; 508.1d: no more than the tokens paid)."""
    assert automated(card_db, "HM28")
    st = stacked_game(game)
    minuette = place(game, st, "HM28", 0, "prob1")
    here = [minuette, place(game, st, "PR12", 0, "prob1")]
    set_tokens(st, 0, 2)
    new = to_hand(game, st, "PR33", 0)
    new = enter_play(game, st, new, "prob1", 0)
    resolve_all(game, st)  # the first Friend offered each time, while a token is left
    tokens = [c for c in st.d["play"] if st.d["cards"][c].get("t") and st.d["cards"][c]["c"] == 0]
    assert len(tokens) == 2 and st.d["pl"][0]["tok"] == 0
    assert all(game.power(st, t) == 1 and list(game.colors(st, t)) == ["Laughter"] for t in tokens), [(game.power(st, t), game.colors(st, t)) for t in tokens]
    assert sum(st.d["cards"][c]["ex"] for c in here + [new]) == 2


def test_minuette_ignores_a_token_entering_play(game, card_db):
    """HM28: a token Friend entering play here does not trigger it ("non-token")."""
    st = stacked_game(game)
    minuette = place(game, st, "HM28", 0, "prob1")
    set_tokens(st, 0, 2)
    play_effects(game, st, 0, minuette, [{"op": "token", "power": 1, "color": "Laughter", "traits": ["Earth Pony"], "at": "here"}])
    resolve_all(game, st)
    assert st.d["pl"][0]["tok"] == 2 and not st.d["cards"][minuette]["ex"]


# ------------------------------------------------------------------ HM69 Dr. Hooves, All in Due Time
def test_dr_hooves_turns_a_face_down_troublemaker_over_without_uncovering_it(game, card_db):
    """HM69 Dr. Hooves, All in Due Time: "At the start of your Troublemaker Phase, you may turn over an opposing
    Troublemaker here. (This does not cover or uncover it.)": a face-down Villain turned face-up is not uncovered,
    so Villain (glossary: "When this Troublemaker is uncovered, frighten each Friend at its Problem") does not
    frighten Dr. Hooves; turned over again it is face-down (505.3)."""
    assert automated(card_db, "HM69")
    st = stacked_game(game)
    hooves = place(game, st, "HM69", 0, "prob1")
    villain = place(game, st, "PR152", 1, "prob1", face_down=True)
    trigger(game, st, "tp_start", hooves)
    resolve_all(game, st)
    assert not st.d["cards"][villain].get("fd") and not st.d["cards"][hooves].get("fr")
    trigger(game, st, "tp_start", hooves)
    resolve_all(game, st)
    assert st.d["cards"][villain].get("fd")


# ------------------------------------------------------------------ HM99 Tricking the Trixster
def test_tricking_the_trixster_keeps_the_chosen_character_at_the_solved_problem(game, card_db):
    """HM99 Tricking the Trixster: "Immediate: Choose a character. When that character's Problem is solved this
    turn, if that character would be sent home, it isn't sent home instead" (613.2 replaced, 710)."""
    assert automated(card_db, "HM99")
    st = stacked_game(game)
    for _ in range(2):
        place(game, st, "PR33", 0, "home0")  # [Honesty] for its requirement
    a, b = place(game, st, "PR12", 0, "prob0"), place(game, st, "PR31", 0, "prob0")
    trick = to_hand(game, st, "HM99", 0)
    set_tokens(st, 0, 5)
    st, _ = game.apply(st, Action.make("play", 0, card=trick))
    st = choose(game, st, 0, b)
    pid = game.problem_at(st, "prob0")
    set_card(st, pid, card_key=card_db.key("DE110"))  # "When this Problem is solved, score a point."
    st.d["step"] = "solve"
    st.d["sc"] = {"todo": [], "conf": ["prob0"], "solved": ["prob0"]}
    st.d["prio"] = None
    st._la = None
    run_step(game, st)
    resolve_all(game, st)
    run_step(game, st)
    assert (st.d["cards"][a]["a"], st.d["cards"][b]["a"]) == ("home0", "prob0")


# ------------------------------------------------------------------ HM101 / HM142: Friends in hand have Hasty
def _faceoff_plays(game, st, player=0):
    if not st.d["fo"]:
        place(game, st, "PR12", 0, "prob1")
        place(game, st, "PR12", 1, "prob1")
        start_faceoff(game, st, "problem", ["prob1"], 0)
    st.d["prio"] = {"w": "fo", "p": player, "n": 0}
    st._la = None
    return {a.get("card") for a in game.actions_with_priority(st, player) if a.kind == "play"}


def test_under_the_wire_gives_friends_in_hand_hasty_until_a_friend_is_played(game, card_db):
    """HM101 Under the Wire: "Immediate: This turn, Friends in your hand have Hasty until you play a Friend"
    (glossary Hasty: "You may play this card as an Immediate action", 512)."""
    assert automated(card_db, "HM101")
    st = stacked_game(game)
    st.d["pl"][0]["hand"].clear()  # (no copy of the Friend below in the opening hand: one action per copy)
    for _ in range(2):
        place(game, st, "PR12", 0, "home0")  # 4 [Loyalty] for its requirement
    friend = to_hand(game, st, "PR20", 0)  # Sweetie Sunrise, cost 1, [Loyalty] 1: no requirement
    wire = to_hand(game, st, "HM101", 0)
    set_tokens(st, 0, 9)
    st, _ = game.apply(st, Action.make("play", 0, card=wire))
    resolve_all(game, st)
    assert friend in _faceoff_plays(game, st)
    st2 = stacked_game(game)
    st2.d["pl"][0]["hand"].clear()
    assert to_hand(game, st2, "PR20", 0) not in _faceoff_plays(game, st2)  # without it: not in a faceoff
    take = next(a for a in game.actions_with_priority(st, 0) if a.kind == "play" and a.get("card") == friend)

    take_action(game, st, take)  # a Friend played: the Hasty ends
    resolve_all(game, st)
    assert any(st.d["cards"][c]["k"] == card_db.key("PR20") for c in st.d["play"])
    other = to_hand(game, st, "PR20", 0)
    assert other not in _faceoff_plays(game, st)


def test_fili_second_gives_friends_in_hand_hasty_this_turn_and_while_flipped(game, card_db):
    """HM142 Pinkie Pie, Fili-Second: "When you play this card, Friends in your hand have Hasty until the end of the
    turn" and "Chaos: While this card is flipped, Friends in your hand have Hasty" (515: one of its player's
    flipped cards)."""
    assert automated(card_db, "HM142")
    st = stacked_game(game)
    st.d["pl"][0]["hand"].clear()
    friend = to_hand(game, st, "PR20", 0)
    enter_play(game, st, to_hand(game, st, "HM142", 0), "home0", 0)
    resolve_all(game, st)
    set_tokens(st, 0, 5)
    assert friend in _faceoff_plays(game, st)
    st.d["turn"] += 1  # another turn: the grant has ended
    assert friend not in _faceoff_plays(game, st)
    new_card(game, st, "HM142", 0, "flip")
    assert friend in _faceoff_plays(game, st)
    st.d["pl"][1]["hand"].clear()
    assert to_hand(game, st, "PR20", 1) not in _faceoff_plays(game, st, 1)  # its player's hand only


# ------------------------------------------------------------------ EO43 Lyra, Ponyville's Got Talent
def _lyra(game, top: str):

    st = stacked_game(game, decks=([top] * 45, None))
    lyra = place(game, st, "EO43", 0, "prob1")
    foe = enter_play(game, st, to_hand(game, st, "PR12", 1), "prob1", 1)  # 2 power
    resolve_all(game, st)  # every "may": yes
    return st, lyra, foe


def test_lyra_dismisses_the_opposing_friend_when_the_revealed_card_has_more_power(game, card_db):
    """EO43 Lyra, Ponyville's Got Talent: "When an opposing Friend enters play here, you may reveal the top card of
    your deck. If you do, and that card's power is higher than that of the opposing Friend, you may exhaust this
    card to dismiss that Friend" (a public reveal; the card stays on top)."""
    assert automated(card_db, "EO43")
    st, lyra, foe = _lyra(game, "PR31")  # 4 power > 2
    assert foe not in st.d["play"] and st.d["cards"][lyra]["ex"]
    assert st.d["cards"][st.d["pl"][0]["deck"][0]]["k"] == card_db.key("PR31")
    st, lyra, foe = _lyra(game, "PR12")  # 2 power: not higher
    assert foe in st.d["play"] and not st.d["cards"][lyra]["ex"]


# ------------------------------------------------------------------ EO60 Spike, Number One Assistant
def test_spike_returns_the_events_it_banished_to_the_hand(game, card_db):
    """EO60 Spike, Number One Assistant: "Exhaust this card to banish an Event from your discard pile." / "Banish
    this card to put each Event banished this way into its owner's hand": only the Events its first ability
    banished (an Event banished otherwise stays)."""
    assert automated(card_db, "EO60")
    st = stacked_game(game)
    spike = place(game, st, "EO60", 0, "home0")
    ev = to_discard(game, st, "CN119", 0)
    other = to_discard(game, st, "AD95", 0)
    new_card(game, st, "AD95", 0, "ban")  # banished some other way
    assert len(activations(game, st, spike)) == 2
    st, _ = game.apply(st, activations(game, st, spike)[0])
    if st.d["pending"]:
        st = choose(game, st, 0, ev)
    assert ev not in st.d["pl"][0]["disc"] and other in st.d["pl"][0]["disc"]
    hand = [st.d["cards"][c]["k"] for c in st.d["pl"][0]["hand"]]
    st, _ = game.apply(st, activations(game, st, spike)[-1])
    resolve_all(game, st)
    new = [st.d["cards"][c]["k"] for c in st.d["pl"][0]["hand"]]
    assert sorted(new) == sorted(hand + [card_db.key("CN119")])
    assert spike not in st.d["play"] and card_db.key("AD95") in [st.d["cards"][c]["k"] for c in st.d["pl"][0]["ban"]]


# ------------------------------------------------------------------ EO149 Cutie Mark Vault
def test_cutie_mark_vault_counts_cards_put_on_top_and_pays_them_out(game, card_db):
    """EO149 Cutie Mark Vault: "When you put a card on top of your deck, you may exhaust this card to put a Cutie
    Mark counter on this card." / "Main Phase: Retire this card and remove any number of Cutie Mark counters from it
    to gain [1] for each Cutie Mark counter you remove" (519; one "may" per counter, 705.2f)."""
    assert automated(card_db, "EO149")
    st = stacked_game(game)
    vault = place(game, st, "EO149", 0, "home0")
    trigger(game, st, "you_deck_top", vault)
    resolve_all(game, st)
    assert st.d["cards"][vault]["cn"].get("Cutie Mark") == 1 and st.d["cards"][vault]["ex"]
    trigger(game, st, "you_deck_top", vault)
    resolve_all(game, st)  # exhausted: it can't pay the cost again
    assert st.d["cards"][vault]["cn"].get("Cutie Mark") == 1
    set_card(st, vault, exhausted=False, counters={"Cutie Mark": 3})
    set_tokens(st, 0, 0)
    acts = activations(game, st, vault)
    assert len(acts) == 1
    st, _ = game.apply(st, acts[0])
    answers = iter([True, True, False])  # remove two of the three
    for _ in range(20):
        if st.d["pending"]:
            st = choose(game, st, 0, next(answers))
        elif st.d["rq"]:
            resolve_step(game, st)
        else:
            break
    assert st.d["pl"][0]["tok"] == 2 and vault not in st.d["play"]


# ------------------------------------------------------------------ GF9 Defenders of Equestria, Royal Sisters
def test_royal_sisters_needs_and_discards_two_other_cards_to_be_played(game, card_db):
    """GF9 Defenders of Equestria, Royal Sisters: "As an additional cost to play this card, discard 2 cards" (508:
    not offered without two other cards in hand, 508.1d; its player chooses the two)."""
    assert automated(card_db, "GF9")
    st = stacked_game(game)
    place(game, st, "PR33", 0, "home0")  # [Honesty] 2 for its requirement
    keep = list(st.d["pl"][0]["hand"])
    st.d["pl"][0]["hand"][:] = keep[:1]
    sisters = to_hand(game, st, "GF9", 0)
    set_tokens(st, 0, 5)
    assert not [a for a in game.legal_actions(st, 0) if a.kind == "play" and a.get("card") == sisters]
    st.d["pl"][0]["hand"].insert(0, keep[1])  # two other cards now
    st._la = None
    play = next(a for a in game.legal_actions(st, 0) if a.kind == "play" and a.get("card") == sisters)
    st, _ = game.apply(st, play)
    while st.d["pending"] and st.d["pending"]["kind"] == "target":
        st = choose(game, st, 0, st.d["pending"]["options"][0])
    assert st.d["pl"][0]["hand"] == [] and len(st.d["pl"][0]["disc"]) == 2
    assert any(st.d["cards"][c]["k"] == card_db.key("GF9") for c in st.d["play"])


# ------------------------------------------------------------------ EO69 Octavia, Harsh Judge
def test_octavia_names_a_card_that_no_player_can_play_while_she_stays(game, card_db):
    """EO69 Octavia, Harsh Judge: "As this card enters play, name a card." / "Cards with that name can't be
    played." (201.1 a card's name; either player's cards; the restriction ends as she leaves play)."""
    assert automated(card_db, "EO69")
    st = stacked_game(game)
    st.d["pl"][0]["hand"].clear()
    mine, other = to_hand(game, st, "PR12", 0), to_hand(game, st, "PR33", 0)
    octavia = enter_play(game, st, to_hand(game, st, "EO69", 0), "home0", 0)
    resolve_to_decision(game, st)
    assert st.d["pending"]["what"] == "card_name"
    name = card_db.number("PR12").name
    st = choose(game, st, 0, name)
    set_tokens(st, 0, 9)
    plays = {a.get("card") for a in game.legal_actions(st, 0) if a.kind == "play"}
    assert mine not in plays and other in plays
    leave_play(game, st, octavia, "disc")
    plays = {a.get("card") for a in game.legal_actions(st, 0) if a.kind == "play"}
    assert mine in plays


# ------------------------------------------------------------------ ST1 Dr. Hooves, Time Walker
def test_time_walker_takes_an_extra_turn_at_five_time_counters(game, card_db):
    """ST1 Dr. Hooves, Time Walker: "When you win a faceoff, put a Time counter on this card. Then, if there are at
    least 5 Time counters on this card, remove them, turn it over, and take an extra turn after this one" (519;
    301.2; the next turn is his player's again)."""
    assert automated(card_db, "ST1")
    st = stacked_game(game, manes=("ST1", "PR2"))
    mane = st.d["pl"][0]["mane"]
    for n in range(1, 6):
        assert not st.d["cards"][mane].get("b")
        trigger(game, st, "you_win_fo", mane)
        resolve_all(game, st)
        assert st.d["cards"][mane]["cn"].get("Time", 0) == n % 5
    assert st.d["cards"][mane].get("b")
    st = pass_until(game, st, lambda s: s.d["turn"] == 2)
    assert st.d["tp"] == 0  # the extra turn
    st = pass_until(game, st, lambda s: s.d["turn"] == 3)
    assert st.d["tp"] == 1


# ------------------------------------------------------------------ EO213 Sugar Belle, Takes the Cake
def test_sugar_belle_controls_a_friend_until_she_leaves_play_or_is_frightened(game, card_db):
    """EO213 Sugar Belle, Takes the Cake: "When this card enters play, gain control of another Friend until this card
    leaves play or is frightened" (513.2; the Friend goes back to its owner's control, and home by 511.5)."""
    assert automated(card_db, "EO213")
    for end in ("frighten", "leave"):
        st = stacked_game(game)
        foe = place(game, st, "PR31", 1, "prob1")
        belle = enter_play(game, st, to_hand(game, st, "EO213", 0), "prob1", 0)
        resolve_all(game, st)
        assert st.d["cards"][foe]["c"] == 0
        resolve_all(game, st)
        assert st.d["cards"][foe]["c"] == 0  # it lasts
        frighten(game, st, belle) if end == "frighten" else leave_play(game, st, belle, "disc")
        resolve_all(game, st)
        assert st.d["cards"][foe]["c"] == 1 and st.d["cards"][foe]["a"] == "prob1"


# ------------------------------------------------------------------ EO105 Princess Cadance, Everlasting Love
def test_cadance_searches_for_a_friend_with_the_name_of_one_entering_the_discard_pile(game, card_db):
    """EO105 Princess Cadance, Everlasting Love: "When another one of your Friends enters your discard pile, you may
    exhaust this card to search your deck for a Friend with the same name and put that card into your hand"
    (from play or from the hand; 518.1 a private search; 201.1 the same name)."""
    assert automated(card_db, "EO105")
    deck = ["PR31"] * 20 + ["PR12"] + ["PR31"] * 24
    st = stacked_game(game, decks=(deck, None))
    cadance = place(game, st, "EO105", 0, "home0")
    gone = place(game, st, "PR12", 0, "prob1")
    in_hand = lambda: sum(st.d["cards"][c]["k"] == card_db.key("PR12") for c in st.d["pl"][0]["hand"])  # noqa: E731
    before = in_hand()
    leave_play(game, st, gone, "disc", verb="dismissed")
    resolve_all(game, st)
    assert in_hand() == before + 1 and st.d["cards"][cadance]["ex"]
    assert not any(st.d["cards"][c]["k"] == card_db.key("PR12") for c in st.d["pl"][0]["deck"])
    foe = place(game, st, "PR12", 1, "prob1")  # an opponent's Friend: not "your"
    set_card(st, cadance, exhausted=False)
    leave_play(game, st, foe, "disc", verb="dismissed")
    resolve_all(game, st)
    assert not st.d["cards"][cadance]["ex"]
