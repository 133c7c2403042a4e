"""Issue #19: cards that give abilities to other cards, play cards from other zones or copy cards, each played in a
scenario that fails without its definition (mlp/cards/other_zones_and_copies.py)."""
from __future__ import annotations

from gameplay.engine.api import Action
from gameplay.engine.mlp.scenario import (automated, place, pre_priority, resolve_all, resolve_step, score_points,
                                          problem, replace_problem, set_card, set_tokens, stacked_game, start_faceoff,
                                          take_action, to_hand, trigger)


def activations(game, st, cid, player=0):
    return [a for a in game.legal_actions(st, player) if a.kind == "activate" and a.to_dict().get("card") == cid]


# ------------------------------------------------------------------ EO150 Daring Do Poster
def test_poster_gains_one_token_per_face_up_troublemaker_of_yours(game, card_db):
    """EO150 Daring Do Poster: 'Your Troublemakers have "At the start of your turn, gain [1]."' — one [1] for each of
    your Troublemakers with abilities; a face-down one has none (505.1a), an opponent's is not yours."""
    assert automated(card_db, "EO150")
    st = stacked_game(game)
    poster = place(game, st, "EO150", 0, "home0")
    place(game, st, "RR11", 0, "prob1")
    place(game, st, "PR155", 0, "prob0")
    place(game, st, "PR155", 0, "prob1", face_down=True)
    place(game, st, "RR11", 1, "prob0")
    set_tokens(st, 0, 0)
    set_tokens(st, 1, 0)
    trigger(game, st, "turn_start", poster)
    resolve_all(game, st)
    assert st.d["pl"][0]["tok"] == 2
    assert st.d["pl"][1]["tok"] == 0


def test_poster_gives_nothing_without_troublemakers(game, card_db):
    """EO150: with no Troublemaker of yours in play nothing is gained (the ability is the Troublemakers')."""
    st = stacked_game(game)
    poster = place(game, st, "EO150", 0, "home0")
    set_tokens(st, 0, 0)
    trigger(game, st, "turn_start", poster)
    resolve_all(game, st)
    assert st.d["pl"][0]["tok"] == 0


# ------------------------------------------------------------------ MT36 Starlight Glimmer, Apocalypse Now
def test_starlight_troublemakers_here_pay_one_for_two_power_during_a_faceoff(game, card_db):
    """MT36 Starlight Glimmer, Apocalypse Now: 'Your Troublemakers here have "Immediate: During a faceoff, pay [1]
    to give this card +2 power until the end of the faceoff."' (508 cost; 514 faceoff; only a Troublemaker of yours
    at her Problem)."""
    assert automated(card_db, "MT36")
    st = stacked_game(game)
    glimmer = place(game, st, "MT36", 0, "prob0")
    mine = place(game, st, "RR11", 0, "prob0")
    far = place(game, st, "RR11", 0, "prob1")
    place(game, st, "PR31", 1, "prob0")
    set_tokens(st, 0, 3)
    assert activations(game, st, glimmer) == []  # no faceoff yet
    start_faceoff(game, st, "problem", ["prob0"], 0)
    before, far_before = game.power(st, mine), game.power(st, far)
    acts = activations(game, st, glimmer)
    assert len(acts) == 1
    st, _ = game.apply(st, acts[0])
    resolve_all(game, st)
    assert game.power(st, mine) == before + 2
    assert game.power(st, far) == far_before
    assert st.d["pl"][0]["tok"] == 2


# ------------------------------------------------------------------ token copies (520.2)
def resolve_picking(game, st, pick):
    """Resolve the queue; a target decision is answered with ``pick`` when offered, else like resolve_all."""
    for _ in range(200):
        pend = st.d["pending"]
        if pend and pend["kind"] == "target" and pick in pend["options"]:
            st, _ = game.apply(st, Action.make("choose", pend["player"], option=pick))
        elif pend:
            opt = True if pend["kind"] == "may" else pend["options"][0]
            st, _ = game.apply(st, Action.make("choose", pend["player"], option=opt))
        elif st.d["rq"] or st.d["trig"]:
            resolve_all(game, st)
        else:
            return st
    return st


def play_from_hand(game, st, number, player=0, pick=None, area=None):
    """Play ``number`` from ``player``'s hand through a legal play action (requirements met by Friends at home), then resolve what it starts."""
    for friend in ("EO45", "PR20", "PR31", "PR33"):  # (EO45: 4 [Laughter] power, no text)
        place(game, st, friend, player, f"home{player}")
    set_tokens(st, player, 10)
    cid = to_hand(game, st, number, player)
    acts = [a for a in game.legal_actions(st, player) if a.kind == "play" and a.get("card") == cid
            and (area is None or area in a.to_dict().values())]
    assert acts, f"{number} can't be played"
    st, _ = game.apply(st, acts[0])
    return resolve_picking(game, st, pick)


def copies_of(game, st, number, player):
    key = game.db.key(number)
    return [c for c in st.d["play"] if st.d["cards"][c]["k"] == key and st.d["cards"][c].get("t")
            and st.d["cards"][c]["c"] == player]


def test_dip_in_the_pool_copies_a_non_unique_friend_with_its_abilities(game, card_db):
    """HM88 Dip in the Pool: "Put a token copy of one of your non-Unique Friends into play." (520.2: the copy's
    printed information is the Friend's — power, colors, traits, abilities — its cost zero, and modifiers on the
    original are not copied; 521: it is a token).  AD37's copy enters play, so its own enter trigger draws 2."""
    assert automated(card_db, "HM88")
    st = stacked_game(game)
    cadance = place(game, st, "AD37", 0, "prob0")
    set_card(st, cadance, counters={"+1": 2})
    hand = len(st.hand(0))
    st = play_from_hand(game, st, "HM88", pick=cadance)
    made = copies_of(game, st, "AD37", 0)
    assert len(made) == 1
    tok = made[0]
    front = card_db.cards[card_db.key("AD37")].front
    assert st.d["cards"][tok]["a"] == "home0"
    assert game.power(st, tok) == front.power  # the +1 power counters are not copied
    assert game.power(st, cadance) == front.power + 2
    assert game.r.colors(st.d, tok) == front.colors and game.r.ctype(st.d, tok) == "Friend"
    assert len(st.hand(0)) == hand + 2  # the copy's "When this card enters play, draw 2 cards."
    assert "HM88" not in [card_db.cards[st.d["cards"][c]["k"]].number for c in st.hand(0)]


def test_dip_in_the_pool_offers_only_non_unique_friends_of_yours(game, card_db):
    """HM88: a Unique Friend (AD199, Unique printed, 516) and an opponent's Friend are not offered."""
    st = stacked_game(game)
    theirs = place(game, st, "AD37", 1, "prob0")
    unique = place(game, st, "AD199", 0, "prob0")
    offered = []
    for friend in ("AD37", "PR12", "PR20", "PR31"):
        place(game, st, friend, 0, "home0")
    set_tokens(st, 0, 10)
    cid = to_hand(game, st, "HM88", 0)
    act = next(a for a in game.legal_actions(st, 0) if a.kind == "play" and a.get("card") == cid)
    st, _ = game.apply(st, act)
    for _ in range(20):
        pend = st.d["pending"]
        if pend and pend["kind"] == "target":
            offered = list(pend["options"])
            break
        if not (st.d["rq"] or st.d["trig"]):
            break
        game.r.resolve_step(st.d, __import__("gameplay.engine.mlp.engine", fromlist=["Ev"]).Ev())
    assert offered and theirs not in offered and unique not in offered
    assert len(offered) == 4  # the four non-Unique Friends at home


def test_discord_dismisses_a_friend_here_and_copies_it_under_your_control(game, card_db):
    """LL28 Discord, Second Opinion: "When you play this card, you may dismiss a Friend here. If you do, put a token
    copy of that Friend into play under your control." (the copy reads the dismissed Friend's printed information,
    410.6a / 520.2; it is yours, at your home)."""
    assert automated(card_db, "LL28")
    st = stacked_game(game)
    theirs = place(game, st, "AD37", 1, "prob0")
    hand = len(st.hand(0))
    st = play_from_hand(game, st, "LL28", pick=theirs, area="prob0")
    assert theirs not in st.d["play"]
    assert any(card_db.cards[st.d["cards"][c]["k"]].number == "AD37" for c in st.d["pl"][1]["disc"])
    made = copies_of(game, st, "AD37", 0)
    assert len(made) == 1 and st.d["cards"][made[0]]["c"] == 0 and st.d["cards"][made[0]]["a"] == "home0"
    assert len(st.hand(0)) == hand + 2  # the copy entered play under your control: its enter trigger is yours


def test_discord_declined_or_elsewhere_makes_no_copy(game, card_db):
    """LL28: "you may" declined: nothing is dismissed and no copy is made; a Friend at another Problem is not
    "here" (it stays)."""
    st = stacked_game(game)
    far = place(game, st, "AD37", 1, "prob1")
    for friend in ("EO45", "PR20"):
        place(game, st, friend, 0, "home0")
    set_tokens(st, 0, 10)
    cid = to_hand(game, st, "LL28", 0)
    act = next(a for a in game.legal_actions(st, 0) if a.kind == "play" and a.get("card") == cid
               and "prob0" in a.to_dict().values())
    st, _ = game.apply(st, act)
    asked = []
    for _ in range(50):
        pend = st.d["pending"]
        if pend and pend["kind"] == "may":
            st, _ = game.apply(st, Action.make("choose", pend["player"], option=False))
        elif pend:
            assert far not in pend["options"]
            st, _ = game.apply(st, Action.make("choose", pend["player"], option=pend["options"][0]))
        elif not pre_priority(game, st) and not st.d["rq"]:
            break
        elif st.d["rq"]:
            resolve_step(game, st)
        asked.append(pend and pend["kind"])
    assert "may" in asked
    assert far in st.d["play"]
    assert not [c for c in st.d["play"] if st.d["cards"][c].get("t")]


def test_tempest_shadow_puts_a_troublemaker_and_its_token_copy_into_play_face_up(game, card_db):
    """SB135 Tempest Shadow, Stormcaller: "Main Phase: Exhaust this card to put a Troublemaker from your hand into play
    face-up, then put a token copy of it into play face-up." (520.2; each at a chosen Problem: two face-up
    Troublemakers of one player at one Problem would violate uniqueness, 516.4)."""
    assert automated(card_db, "SB135")
    st = stacked_game(game)
    tempest = place(game, st, "SB135", 0, "home0")
    tm = to_hand(game, st, "PR155", 0)
    acts = activations(game, st, tempest)
    assert len(acts) == 1
    st, _ = game.apply(st, acts[0])
    areas = iter(("prob0", "prob1"))
    for _ in range(50):
        pend = st.d["pending"]
        if pend and pend.get("what") == "area":
            st, _ = game.apply(st, Action.make("choose", pend["player"], option=next(areas)))
        elif pend:
            opt = True if pend["kind"] == "may" else pend["options"][0]
            st, _ = game.apply(st, Action.make("choose", pend["player"], option=opt))
        elif st.d["rq"] or st.d["trig"]:
            resolve_all(game, st)
        else:
            break
    key = card_db.key("PR155")
    mine = [c for c in st.d["play"] if st.d["cards"][c]["k"] == key and st.d["cards"][c]["c"] == 0]
    assert tm not in st.hand(0)
    assert len(mine) == 2 and all(not st.d["cards"][c].get("fd") for c in mine)
    assert sorted(st.d["cards"][c]["a"] for c in mine) == ["prob0", "prob1"]
    assert [bool(st.d["cards"][c].get("t")) for c in sorted(mine, key=lambda c: st.d["cards"][c]["a"])] == [False, True]
    assert game.r.ctype(st.d, mine[0]) == game.r.ctype(st.d, mine[1]) == "Troublemaker"
    assert st.d["cards"][tempest].get("ex")


# ------------------------------------------------------------------ copies of an Event's effects (520.1)
def test_headmare_banishes_herself_to_copy_a_cheap_event_once_a_player_has_8_points(game, card_db):
    """LL38 Princess Twilight Sparkle, Headmare: "When you play an Event with cost 2 or less, if a player has 8 or
    more points, you may banish this card to copy that Event's effects." (520.1: processed again, yours; 508.1a:
    banishing her is the cost).  PR114 (cost 1) draws 3; the copy draws 3 more."""
    assert automated(card_db, "LL38")
    for points, copied in ((7, False), (8, True)):
        st = stacked_game(game)
        twilight = place(game, st, "LL38", 0, "home0")
        score_points(game, st, 1, points)  # "a player": the opponent's points count too
        hand = len(st.hand(0))
        st = play_from_hand(game, st, "PR114")
        assert len(st.hand(0)) == hand + (6 if copied else 3)
        assert (twilight in st.d["play"]) is not copied
        assert any(card_db.cards[st.d["cards"][c]["k"]].number == "LL38" for c in st.d["pl"][0]["ban"]) is copied


def test_recipe_research_counts_confronts_and_spends_two_counters_to_copy_an_event(game, card_db):
    """LL133 Recipe Research (a Problem): "When this Problem is confronted, put an Ingredient counter on this card."
    and "When you play an Event, you may remove 2 Ingredient counters from this card to copy its effects." (519
    counters, 508.1a cost, 520.1 copy; "you" is the Problem's owner)."""
    assert automated(card_db, "LL133")
    st = stacked_game(game, problems=(["PR190", "LL133"], None))
    replace_problem(game, st, "prob0", solved=False)
    resolve_all(game, st)
    recipe = problem(st, game, 0)
    assert st.d["cards"][recipe]["k"] == card_db.key("LL133")
    hand = len(st.hand(0))
    st = play_from_hand(game, st, "PR114")  # no counters yet: only the Event's own 3 cards
    assert len(st.hand(0)) == hand + 3
    for _ in range(2):
        trigger(game, st, "confronted", recipe)
        resolve_all(game, st)
    assert st.d["cards"][recipe]["cn"].get("Ingredient") == 2
    hand = len(st.hand(0))
    st = play_from_hand(game, st, "PR114")
    assert len(st.hand(0)) == hand + 6  # the copy draws 3 more
    assert st.d["cards"][recipe]["cn"].get("Ingredient", 0) == 0


# ------------------------------------------------------------------ LL61: Hasty for the Friends in hand
def _faceoff_plays(game, st, player=0):
    if not st.d["fo"]:
        place(game, st, "PR12", 0, "prob1")
        place(game, st, "PR12", 1, "prob1")
        start_faceoff(game, st, "problem", ["prob1"], 0)
    st.d["prio"] = {"w": "fo", "p": player, "n": 0}
    st._la = None
    return {a.get("card") for a in game.actions_with_priority(st, player) if a.kind == "play"}


def test_grampa_gruff_gives_hand_friends_hasty_until_a_friend_is_played(game, card_db):
    """LL61 Grampa Gruff, Too Long; Didn't Read: "When this card enters play, this turn, Friends in your hand have
    Hasty until you play a Friend." (glossary Hasty: "You may play this card as an Immediate action", 512; his own
    play does not end it, the next Friend played does)."""
    assert automated(card_db, "LL61")
    st = stacked_game(game)
    st.d["pl"][0]["hand"].clear()
    friend = to_hand(game, st, "PR20", 0)  # cost 1, no requirement
    st = play_from_hand(game, st, "LL61")
    assert friend in _faceoff_plays(game, st)
    take = next(a for a in game.actions_with_priority(st, 0) if a.kind == "play" and a.get("card") == friend)
    take_action(game, st, take)  # a Friend played: the Hasty ends
    resolve_all(game, st)
    assert friend not in st.hand(0)
    other = to_hand(game, st, "PR20", 0)
    assert other not in _faceoff_plays(game, st)


def test_without_grampa_gruff_hand_friends_wait_for_the_main_phase(game, card_db):
    """LL61: the control: a Friend in hand is not playable during a faceoff (512) without the effect."""
    st = stacked_game(game)
    st.d["pl"][0]["hand"].clear()
    friend = to_hand(game, st, "PR20", 0)
    assert friend not in _faceoff_plays(game, st)
