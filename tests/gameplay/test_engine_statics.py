"""Continuous abilities (702) and rule modifiers added by the ``statics`` work: power counted per
something, Score Phase conditions, attachment statics, costs, home limits, confronting, playing and
moving restrictions, replacement modifiers (710)."""
from __future__ import annotations

from gameplay.engine.api import Action
from gameplay.engine.mlp.cardtext import parse_line
from gameplay.engine.mlp.engine import Ev
from gameplay.engine.mlp.scenario import (answer, draw_cards, exhaust, frighten, leave_play, place, problem, ready,
                                          resolve_all, resolve_step, score_points, set_card, set_tokens, stacked_game,
                                          to_hand)


def pw(game, st, cid):
    return game.power(st, cid)


def key_in_play(st, card_db, number):
    return next(o for o in st.cards_in_play if st.card_key(o) == card_db.key(number))


# ---------------------------------------------------------------- power (507, 702)
def test_parse_power_per_templates():
    ab = parse_line("This card has +1 power for each card in your hand.", "Friend", {})
    assert (ab["op"], ab["n"], ab["count"]) == ("power_per", 1, {"k": "your_hand"})
    ab = parse_line("Your Troublemakers have +1 power for each Event in your discard pile.", "Friend", {})
    assert ab["target"] == {"type": "Troublemaker", "ctrl": "you"} and ab["per"] == {"k": "disc_type", "type": "Event"}
    ab = parse_line("This Friend gets -5 power during the Score Phase.", "Resource", {})
    assert (ab["n"], ab["target"], ab["cond"]) == (-5, "host", {"k": "score_phase"})
    # a Friend's "That Friend ..." is not an attachment static
    assert parse_line("That Friend has +1 power for each Slick Shades in play.", "Friend", {})["kind"] == "manual"


def test_power_counted_per_hand_colors_and_discard(game, card_db):
    st = stacked_game(game)
    hand = len(st.hand(0))
    cg56 = place(game, st, "CG56", 0, "home0")  # 0 power, +1 per card in your hand
    assert pw(game, st, cg56) == hand
    cg21 = place(game, st, "CG21", 0, "home0")  # 1 power, +2 per color it has (Honesty)
    assert pw(game, st, cg21) == 1 + 2 * 2  # Prismatic: also Magic from Shining Armor (Crystal)
    ll83 = place(game, st, "LL83", 0, "home0")  # 4 power, -1 per color among characters you control
    # colors: Loyalty (Rainbow Dash), Magic (CG56), Honesty (CG21); LL83 itself has none yet
    assert pw(game, st, ll83) == 4 - 3
    ad83 = place(game, st, "AD83", 1, "home1")  # 2 power, +1 per color among Friends in discard piles
    assert pw(game, st, ad83) == 2
    for n, p in (("PR12", 0), ("PR33", 1), ("PR60", 1), ("PR20", 0)):  # Loyalty, Honesty, Magic, Loyalty
        c = place(game, st, n, p, f"home{p}")
        leave_play(game, st, c, "disc")
    assert pw(game, st, ad83) == 2 + 3


def test_power_counted_per_characters_here(game, card_db):
    st = stacked_game(game)
    eo179 = place(game, st, "EO179", 1, "prob0", face_down=False)  # +1 per color among opposing characters here
    assert pw(game, st, eo179) == 4
    place(game, st, "PR12", 0, "prob0")  # Loyalty
    place(game, st, "SB79", 0, "prob0")  # Honesty, Magic (also: your TMs +1 per Event in your discard)
    assert pw(game, st, eo179) == 4 + 3
    ff117 = place(game, st, "FF117", 1, "prob0")  # 7, -1 per different Trait among opposing characters here
    assert pw(game, st, ff117) == 7 - 2  # Earth Pony, Storm
    cg160 = place(game, st, "CG160", 1, "prob0")  # +1 per Foal character at its Problem
    place(game, st, "MT42", 0, "prob0")  # a Foal
    assert pw(game, st, cg160) == 4 + 1
    hm141 = place(game, st, "HM141", 0, "prob1")  # +2 per other exhausted character at its Problem
    place(game, st, "PR33", 0, "prob1", exhausted=True)
    place(game, st, "PR60", 1, "prob1", exhausted=True)
    place(game, st, "PR54", 1, "prob1")
    assert pw(game, st, hm141) == 2 + 4
    set_card(st, hm141, area="home0")  # at home it has no Problem
    assert pw(game, st, hm141) == 2


def test_power_filters_cutie_cost_printed_and_attachments(game, card_db):
    st = stacked_game(game)
    mt42 = place(game, st, "MT42", 0, "home0")  # +1 per your Cutie Marked Friends
    mt15 = place(game, st, "MT15", 0, "home0")  # Your Cutie Marked Friends have +1 power
    assert pw(game, st, mt42) == 3
    set_card(st, mt15, cutie_marked=True)
    assert pw(game, st, mt42) == 3 + 1 and pw(game, st, mt15) == 2 + 1
    set_card(st, mt42, cutie_marked=True)
    assert pw(game, st, mt42) == 3 + 2 + 1
    place(game, st, "EO148", 0, "home0")  # Your Friends with cost 2 or less have +1 power
    cheap, dear = place(game, st, "PR12", 0, "home0"), place(game, st, "PR31", 0, "home0")
    assert pw(game, st, cheap) == 3 and pw(game, st, dear) == 4
    mt55 = place(game, st, "MT55", 1, "home1")  # opposing Friends with 3+ printed power: -1 during your turn
    assert pw(game, st, dear) == 4 and st.turn_player == 0
    st.d["tp"] = 1
    assert pw(game, st, dear) == 3 and pw(game, st, cheap) == 3
    st.d["tp"] = 0
    assert mt55
    # attachments: Resources on a Friend, Accessories here
    pr26 = place(game, st, "PR26", 0, "prob0")  # +1 per Resource on it
    place(game, st, "EO197", 0, "prob0")  # Friends here with Resources on them have +2 power
    place(game, st, "CN169", 0, "prob0")  # Characters with Accessories on them here have +1 power
    assert pw(game, st, pr26) == 1 + 1  # (cost 1: Conductor's Baton)
    place(game, st, "CG149", 0, "prob0", host=pr26)  # Slick Shades (Accessory): +1 per Slick Shades in play
    assert pw(game, st, pr26) == 2 + 1 + 2 + 1 + 1
    place(game, st, "CG149", 1, "prob1", host=place(game, st, "PR33", 1, "prob1"))
    assert pw(game, st, pr26) == 2 + 1 + 2 + 1 + 2


def test_dfn_power_equal_to_friends_and_troublemaker_boosts(game, card_db):
    st = stacked_game(game)
    eo78 = place(game, st, "EO78", 0, "home0")  # power = number of Friends you have
    assert pw(game, st, eo78) == 1
    place(game, st, "PR12", 0, "home0")
    place(game, st, "PR12", 1, "home1")
    assert pw(game, st, eo78) == 2
    st.d["cards"][eo78]["cn"]["+1"] = 1  # counters still apply (519.4)
    assert pw(game, st, eo78) == 3
    tm = place(game, st, "EO179", 0, "prob1")
    place(game, st, "MT129", 0, "prob1")  # Problem: your TMs +1 per your characters here (none)
    assert pw(game, st, tm) == 4
    place(game, st, "SB93", 0, "prob1")  # Your characters and Troublemakers here have +1 power
    # EO179: +1 per color among opposing characters here (none); MT129: +1 (SB93); SB93: +1
    assert pw(game, st, tm) == 4 + 1 + 1
    place(game, st, "EO210", 0, "home0")  # Your TMs +1 per frightened Friend
    f = place(game, st, "PR33", 1, "home1")
    frighten(game, st, f)
    assert pw(game, st, tm) == 4 + 1 + 1 + 1


def test_score_phase_conditions(game, card_db):
    st = stacked_game(game)
    ad46 = place(game, st, "AD46", 1, "prob0")  # -3 during your opponent's Score Phase
    host = place(game, st, "PR31", 0, "prob0")
    place(game, st, "PR149", 0, "prob0", host=host)  # This Friend gets -5 power during the Score Phase
    cg196 = place(game, st, "CG196", 1, "prob0")  # Score Phase, exhausted: opposing Friends here -2
    assert pw(game, st, ad46) == 3 and pw(game, st, host) == 4
    st.d["step"] = "confront"  # 610 the turn player's (Ann's) Score Phase
    assert pw(game, st, ad46) == 0 and pw(game, st, host) == -1
    set_card(st, cg196, exhausted=True)
    assert pw(game, st, host) == -3
    st.d["tp"] = 1
    assert pw(game, st, ad46) == 3  # its own Score Phase


def test_attachment_power_and_keyword(game, card_db):
    st = stacked_game(game)
    f = place(game, st, "PR12", 0, "prob0")
    place(game, st, "HM105", 0, "prob0", host=f)  # +2 power and Eccentric 2
    assert pw(game, st, f) == 4 and game.keyword(st, f, "Eccentric") == 2
    g = place(game, st, "PR33", 0, "home0")
    place(game, st, "MT98", 0, "home0", host=g)  # +3 power and Prepared
    assert pw(game, st, g) == 5 and game.keyword(st, g, "Prepared") == 1
    cn85 = place(game, st, "CN85", 0, "prob0")  # other Friends here +1 per card beneath this card
    for _ in range(2):
        b = game._new(st.d, card_db.key("PR54"), 0, "ban")
        st.d["pl"][0]["ban"].append(b)
        set_card(st, b, banished_beneath=cn85)
    assert pw(game, st, f) == 4 + 2 and pw(game, st, cn85) == 2


# ---------------------------------------------------------------- action costs (609.2)
def legal(game, st, kind, p=0):
    return [a for a in game.legal_actions(st, p) if a.kind == kind]


def test_draw_and_rally_taxes(game, card_db):
    st = stacked_game(game)
    place(game, st, "AD173", 1, "prob1")  # Problem: using the draw action during the Main Phase costs +[1]
    set_tokens(st, 0, 1)
    assert not legal(game, st, "draw")
    set_tokens(st, 0, 2)
    st2, _ = game.apply(st, Action.make("draw", 0))
    assert st2.tokens(0) == 0
    # rally: "Rallying a frightened Friend costs +[1]" (all players) and "Opponents pay +[1] to rally Friends"
    f = place(game, st, "PR12", 0, "home0")
    frighten(game, st, f)
    place(game, st, "AD151", 1, "home1")
    set_tokens(st, 0, 2)
    assert not legal(game, st, "rally")
    place(game, st, "DE64", 0, "home0")  # binds only the opponents of its controller (Ann)
    set_tokens(st, 0, 3)
    st3, _ = game.apply(st, Action.make("rally", 0, card=f))
    assert st3.tokens(0) == 0 - 0 and not st3.frightened(f)
    place(game, st, "DE64", 1, "home1")
    set_tokens(st, 0, 3)
    assert not legal(game, st, "rally")


def test_move_taxes_on_actions_and_effects(game, card_db):
    st = stacked_game(game)
    f = place(game, st, "PR12", 0, "home0")
    place(game, st, "SB127", 1, "prob1")  # Problem (Bob's): opponents can't move characters here unless they pay [1]
    set_tokens(st, 0, 2)
    assert {a.get("area") for a in legal(game, st, "move") if a.get("card") == f} == {"prob0"}
    assert game.move_cost(st, 0, f, "prob1") == 3
    place(game, st, "DE138", 1, "prob0")  # opponents can't move characters away from here unless they pay [2]
    g = place(game, st, "PR33", 0, "prob0")
    assert game.move_cost(st, 0, g, "home0") == 4
    assert game.move_cost(st, 1, place(game, st, "PR60", 1, "prob0"), "home1") == 2  # not Bob
    # an effect move: the taxed destination is offered only if payable, choosing it pays, "none" declines
    set_tokens(st, 0, 1)
    st.d["rq"].append({"p": 0, "src": f, "eff": [{"op": "move", "target": {"id": f}}], "i": 0, "ch": None, "lbl": "",
                       "after": None})
    resolve_step(game, st)
    assert st.pending["options"] == ["prob0", "prob1", "none"]
    answer(game, st, 0, "prob1")
    resolve_all(game, st)
    assert st.area(f) == "prob1" and st.tokens(0) == 0


def test_effect_move_with_an_area_choice_moves(game, card_db):
    # (a fix: the chosen area used to be read as the effect's target, so nothing moved)
    st = stacked_game(game)
    f = place(game, st, "PR12", 0, "home0")
    st.d["rq"].append({"p": 0, "src": f, "eff": [{"op": "move", "target": {"type": "Friend", "ctrl": "you"}}], "i": 0,
                       "ch": None, "lbl": "", "after": None})
    resolve_step(game, st)
    answer(game, st, 0, "prob1")
    resolve_all(game, st)
    assert st.area(f) == "prob1"


def test_challenge_restrictions(game, card_db):
    st = stacked_game(game)
    tm = place(game, st, "FF119", 1, "prob0")  # can't be challenged except by two or more characters
    place(game, st, "PR12", 0, "prob0")
    assert not game.may_challenge(st, 0, tm)
    place(game, st, "PR33", 0, "prob0")
    assert game.may_challenge(st, 0, tm)
    place(game, st, "DE82", 1, "home1")  # opponents can't challenge your Troublemakers unless they pay [1]
    set_tokens(st, 0, 0)
    assert not game.may_challenge(st, 0, tm)
    set_tokens(st, 0, 1)
    assert game.may_challenge(st, 0, tm) and game.action_tax(st, 0, "challenge", tm) == 1
    tm2 = place(game, st, "CN159", 1, "prob1")  # unless they have at least 3 Friends at its Problem
    for n in ("PR12", "PR33"):
        place(game, st, n, 0, "prob1")
    assert not game.may_challenge(st, 0, tm2)
    place(game, st, "PR60", 0, "prob1")
    assert game.may_challenge(st, 0, tm2)


# ---------------------------------------------------------------- home limit (212, 616.3)
def test_home_limit_modifiers(game, card_db):
    st = stacked_game(game)
    assert game.home_limit(st, 0) == 3
    place(game, st, "HM76", 1, "home1")  # Players' home limits are reduced by 1
    assert game.home_limit(st, 0) == 2 and game.home_limit(st, 1) == 2
    set_card(st, problem(st, game, 1), card_key=card_db.key("AD183"))  # -1 per character that player controls here
    place(game, st, "PR12", 0, "prob1")
    assert game.home_limit(st, 0) == 1 and game.home_limit(st, 1) == 2
    place(game, st, "AD56", 1, "home1")  # opponent's home limit -1 per their Assets in their home
    place(game, st, "EO148", 0, "home0")  # an Asset
    assert game.home_limit(st, 0) == 0 and game.home_limit(st, 1) == 2


def test_critters_do_not_count_against_home_limit(game, card_db):
    from gameplay.engine.mlp.flow.turn import _no_home_limit
    st = stacked_game(game)
    critter = place(game, st, "PR81", 0, "home0")
    assert not _no_home_limit(game.r, st.d, critter)
    place(game, st, "MT58", 0, "home0")  # Your Critter Friends do not count against your home limit
    other = place(game, st, "PR81", 1, "home1")
    assert _no_home_limit(game.r, st.d, critter) and not _no_home_limit(game.r, st.d, other)
    assert card_db[card_db.key("CN88")].automated


# ---------------------------------------------------------------- confronting (611)
def set_problem(game, st, card_db, p, number):
    pid = problem(st, game, p)
    set_card(st, pid, card_key=card_db.key(number))
    return pid


def test_characters_that_cant_contribute(game, card_db):
    st = stacked_game(game)
    set_problem(game, st, card_db, 0, "AD168")  # Kindness 2 + not Kindness 2; 3+ power can't contribute
    place(game, st, "PR81", 0, "prob0")  # Kindness 2
    place(game, st, "PR31", 0, "prob0")  # Honesty 4
    assert not game.can_confront(st, 0, "prob0")
    place(game, st, "PR12", 0, "prob0")  # Loyalty 2
    assert game.can_confront(st, 0, "prob0")
    st = stacked_game(game)
    set_problem(game, st, card_db, 1, "AD181")  # opponents: Wild 5; no more than 2 characters contribute
    for n in ("PR12", "PR33", "PR60"):
        place(game, st, n, 0, "prob1")
    assert game.requirements(st, 0, "prob1") == [("Wild", 5)] and not game.can_confront(st, 0, "prob1")
    place(game, st, "PR31", 0, "prob1")
    assert game.can_confront(st, 0, "prob1")
    st = stacked_game(game)
    set_problem(game, st, card_db, 1, "FF124")  # opposing characters here with the highest power can't contribute
    for n in ("PR31", "PR12", "PR33"):  # 4, 2, 2 (Wild 5 needed)
        place(game, st, n, 0, "prob1")
    assert not game.can_confront(st, 0, "prob1")
    place(game, st, "PR60", 0, "prob1")
    assert game.can_confront(st, 0, "prob1")


def test_confront_needs_and_blocks(game, card_db):
    st = stacked_game(game)
    set_problem(game, st, card_db, 0, "RR7")  # +1 per each of their opponent's Friends here
    place(game, st, "PR12", 1, "prob0")
    place(game, st, "PR33", 1, "prob0")
    assert game.requirements(st, 0, "prob0")[-1] == ("Wild", 2)
    set_problem(game, st, card_db, 1, "CN171")  # can't confront unless at least 4 characters here
    for n in ("PR31", "PR31", "PR31"):
        place(game, st, n, 0, "prob1")
    assert not game.can_confront(st, 0, "prob1")
    place(game, st, "PR31", 0, "prob1")
    assert game.can_confront(st, 0, "prob1")
    tm = place(game, st, "PR31", 1, "prob1")
    set_card(st, tm, card_key=card_db.key("EO179"))  # an opposing face-up Troublemaker blocks (611.3e) ...
    assert not game.can_confront(st, 0, "prob1")
    place(game, st, "EO214", 0, "prob1")  # ... unless "Opposing Troublemakers don't prevent you ..."
    assert game.can_confront(st, 0, "prob1")
    place(game, st, "AD77", 1, "home1")  # Players can't confront more than one Problem per turn
    st.d["sc"] = {"todo": [], "conf": ["prob0"], "solved": []}
    assert not game.can_confront(st, 0, "prob1")


# ---------------------------------------------------------------- costs and restrictions to play (508, 609.2)
def play_areas(game, st, cid, p=0):
    k = st.card_key(cid)  # (legal_actions lists one of identical copies in hand)
    return {a.get("area") or a.get("host") for a in game.legal_actions(st, p) if a.kind in ("play", "play_troublemaker")
            and st.card_key(a.get("card")) == k}


def test_play_cost_increases(game, card_db):
    st = stacked_game(game)
    place(game, st, "DE45", 1, "home1")  # Opponents pay +[1] to play cards with cost 2 or less
    place(game, st, "EO107", 1, "home1")  # Opponents pay +[1] to play Friends with at least 3 printed power
    cheap, dear, big = to_hand(game, st, "PR12", 0), to_hand(game, st, "PR36", 0), to_hand(game, st, "PR31", 0)
    assert [game.card_cost(st, 0, c) for c in (cheap, dear, big)] == [3, 4, 5]
    assert game.card_cost(st, 1, to_hand(game, st, "PR12", 1)) == 2  # not its controller
    st = stacked_game(game)
    set_problem(game, st, card_db, 1, "EO187")  # Opponents pay +[1] to play Friends here
    f = to_hand(game, st, "PR12", 0)
    set_tokens(st, 0, 2)
    assert play_areas(game, st, f) == {"home0", "prob0"}
    set_tokens(st, 0, 3)
    st2, _ = game.apply(st, Action.make("play", 0, card=f, area="prob1"))
    assert st2.tokens(0) == 0
    set_problem(game, st, card_db, 0, "AD185")  # Players must pay +[1] to play a Troublemaker here
    tm = to_hand(game, st, "CG160", 0)
    set_tokens(st, 0, 1)
    assert play_areas(game, st, tm) == {"prob1"}
    set_tokens(st, 0, 2)
    st3, _ = game.apply(st, Action.make("play_troublemaker", 0, card=tm, area="prob0"))
    assert st3.tokens(0) == 0


def test_play_cost_reductions_first_each_turn(game, card_db):
    st = stacked_game(game)
    set_problem(game, st, card_db, 0, "MT130")  # first Friend you play to this Problem each turn: -1, minimum 1
    a, b = to_hand(game, st, "PR12", 0), to_hand(game, st, "PR20", 0)  # costs 2 and 1
    assert game.card_cost(st, 0, a, area="prob0") == 1 and game.card_cost(st, 0, a, area="home0") == 2
    assert game.card_cost(st, 0, b, area="prob0") == 1  # to a minimum of [1]
    set_tokens(st, 0, 5)
    st2, _ = game.apply(st, Action.make("play", 0, card=a, area="prob0"))
    assert st2.tokens(0) == 4
    b2 = next(c for c in st2.hand(0) if st2.card_key(c) == card_db.key("PR20"))
    c2 = next(c for c in st2.hand(0) if st2.card_key(c) == card_db.key("PR12"))
    assert game.card_cost(st2, 0, c2, area="prob0") == 2 and b2  # no longer the first this turn
    st = stacked_game(game)
    place(game, st, "LL19", 0, "home0")  # -1 for your first Friend with printed power 4 or more each turn
    big = to_hand(game, st, "PR31", 0)
    assert game.card_cost(st, 0, big) == 3 and game.card_cost(st, 0, to_hand(game, st, "PR12", 0)) == 2
    st = stacked_game(game)
    cg30 = to_hand(game, st, "CG30", 0)  # 8: -1 per your Earth Pony Friends at that Problem
    place(game, st, "PR12", 0, "prob1")
    place(game, st, "PR33", 0, "prob1")
    assert game.card_cost(st, 0, cg30, area="prob1") == 6 and game.card_cost(st, 0, cg30, area="prob0") == 8
    assert game.card_cost(st, 0, cg30, area="home0") == 8 and game.card_cost(st, 0, cg30) == 6  # lower bound
    set_problem(game, st, card_db, 1, "NM7")  # Bob's: X less for his first Friend each turn (X frightened Friends)
    for _ in range(2):
        frighten(game, st, place(game, st, "PR60", 0, "home0"))
    assert game.card_cost(st, 1, to_hand(game, st, "PR36", 1)) == 1
    st = stacked_game(game)
    set_problem(game, st, card_db, 0, "PR171")  # Resources played on characters here cost [1] less
    f = place(game, st, "PR12", 1, "prob0")
    res = to_hand(game, st, "PR149", 0)  # cost 1: "Play on a Friend"
    assert game.card_cost(st, 0, res, host=f) == 0
    assert game.card_cost(st, 0, res, host=place(game, st, "PR12", 1, "home1")) == 1


def test_play_restrictions(game, card_db):
    st = stacked_game(game)
    set_problem(game, st, card_db, 1, "MT124")  # Friends with 3 or more power can't be played here
    set_problem(game, st, card_db, 0, "PR188")  # Friends with less than 2 power can't be played to this Problem
    set_tokens(st, 0, 5)
    big, small = to_hand(game, st, "PR31", 0), to_hand(game, st, "PR20", 0)
    assert play_areas(game, st, big) == {"home0", "prob0"} and play_areas(game, st, small) == {"home0", "prob1"}
    st = stacked_game(game)
    set_problem(game, st, card_db, 1, "CG181")  # Resources can't be played on this Problem or on Friends here
    there, home = place(game, st, "PR12", 0, "prob1"), place(game, st, "PR12", 0, "home0")
    set_tokens(st, 0, 5)
    res = to_hand(game, st, "CG149", 0)  # "Play on a Friend" (Loyalty 3: the PR12s and Rainbow Dash)
    assert there not in play_areas(game, st, res) and home in play_areas(game, st, res)
    st = stacked_game(game)
    set_problem(game, st, card_db, 1, "AD177")  # 2+ characters here: can't move or play characters to this Problem
    place(game, st, "PR12", 0, "prob1")
    mover = place(game, st, "PR33", 0, "home0")
    set_tokens(st, 0, 5)
    f = to_hand(game, st, "PR60", 0)
    assert "prob1" in play_areas(game, st, f)
    place(game, st, "PR12", 0, "prob1")
    assert "prob1" not in play_areas(game, st, f)
    assert "prob1" not in {a.get("area") for a in legal(game, st, "move") if a.get("card") == mover}


def test_move_restrictions(game, card_db):
    st = stacked_game(game)
    set_problem(game, st, card_db, 1, "CN180")  # Friends with Resources on them can't be moved here
    a, b = place(game, st, "PR12", 0, "home0"), place(game, st, "PR33", 0, "home0")
    place(game, st, "PR149", 0, "home0", host=b)
    set_tokens(st, 0, 5)
    assert game.move_blocked(st, 0, b, "home0", "prob1") and not game.move_blocked(st, 0, a, "home0", "prob1")
    assert "prob1" not in {x.get("area") for x in legal(game, st, "move") if x.get("card") == b}
    st = stacked_game(game)
    place(game, st, "SB120", 1, "prob0")  # TM: opponents can't move characters away from here
    f = place(game, st, "PR12", 0, "prob0")
    set_tokens(st, 0, 5)
    assert not [x for x in legal(game, st, "move") if x.get("card") == f]
    st = stacked_game(game)
    mine = place(game, st, "PR73", 1, "prob1")  # Your opponents can't move this card
    st.d["rq"].append({"p": 0, "src": mine, "eff": [{"op": "move", "target": {"id": mine}, "to": "home"}], "i": 0,
                       "ch": None, "lbl": "", "after": None})
    resolve_all(game, st)
    assert st.area(mine) == "prob1"
    st = stacked_game(game)
    set_problem(game, st, card_db, 0, "PR180")  # 3 [Generosity] characters here: non-Generosity can't move away
    for _ in range(3):
        place(game, st, "PR79", 1, "prob0")
    g, h = place(game, st, "PR79", 0, "prob0"), place(game, st, "PR12", 0, "prob0")
    assert not game.move_blocked(st, 0, g, "prob0", "home0") and game.move_blocked(st, 0, h, "prob0", "home0")
    st = stacked_game(game)
    set_problem(game, st, card_db, 1, "RR9")  # the player with the most Friends here can't move Friends to it
    place(game, st, "PR12", 0, "prob1")
    f = place(game, st, "PR33", 0, "home0")
    assert game.move_blocked(st, 0, f, "home0", "prob1")
    place(game, st, "PR12", 1, "prob1")
    assert not game.move_blocked(st, 0, f, "home0", "prob1")


# ---------------------------------------------------------------- "can't" modifiers (104.2)
def test_cant_be_frightened_or_dismissed(game, card_db):
    st = stacked_game(game)
    set_problem(game, st, card_db, 0, "CG187")  # Friends here can't be frightened
    here, home = place(game, st, "PR12", 0, "prob0"), place(game, st, "PR12", 0, "home0")
    assert not frighten(game, st, here) and frighten(game, st, home)
    f = place(game, st, "PR31", 1, "home1")
    place(game, st, "EO143", 1, "home1")  # Your Friends with at least 4 power can't be frightened or dismissed
    assert not frighten(game, st, f)
    assert leave_play(game, st, f, "disc", verb="dismissed") is None and game.in_play(st, f)
    assert leave_play(game, st, f, "disc", verb="retired") is not None  # retiring is not dismissing
    g = place(game, st, "PR12", 1, "home1")
    place(game, st, "FF15", 1, "home1")  # Your Friends with +1 power counters on them can't be frightened
    assert frighten(game, st, place(game, st, "PR33", 1, "home1"))
    st.d["cards"][g]["cn"]["+1"] = 1
    assert not frighten(game, st, g)
    set_problem(game, st, card_db, 1, "PR189")  # [Honesty] Friends here cannot be dismissed
    h = place(game, st, "PR33", 0, "prob1")
    assert leave_play(game, st, h, "disc", verb="dismissed") is None
    # 104.3: never against the game
    assert leave_play(game, st, h, "disc", by_game=True, verb="dismissed by the game (511.6)") is not None


def test_cant_be_exhausted(game, card_db):
    st = stacked_game(game)
    f = place(game, st, "PR12", 1, "home1")
    place(game, st, "CN131", 0, "home1", host=f)  # That Friend can't be exhausted
    assert not exhaust(game, st, f)
    place(game, st, "AD-1", 1, "prob0")  # Players can't exhaust their Friends
    mine, theirs = place(game, st, "PR12", 0, "home0"), place(game, st, "PR33", 1, "home1")
    assert not exhaust(game, st, mine, by=0) and exhaust(game, st, theirs, by=0)
    cost_card = place(game, st, "CN20", 0, "home0")  # an "Exhaust this card ..." cost can't be paid (104.2a)
    from gameplay.engine.mlp.flow.legal import _can_pay_ability
    ab = next(a for a in game.abilities(st, cost_card) if a["kind"] == "activated")
    assert not _can_pay_ability(game.r, st.d, 0, cost_card, ab)


def test_cant_ready(game, card_db):
    st = stacked_game(game)
    place(game, st, "AD18", 1, "prob0")  # Friends here with 2 or less power can't ready
    small, big = place(game, st, "PR12", 0, "prob0", exhausted=True), place(game, st, "PR31", 0, "prob0", exhausted=True)
    assert not ready(game, st, small) and ready(game, st, big)
    st = stacked_game(game)
    f = place(game, st, "PR12", 1, "home1", exhausted=True)
    place(game, st, "EO169", 0, "home1", host=f)  # if that character has 3 or less power, no ready in the Ready Phase
    g = place(game, st, "PR31", 1, "home1", exhausted=True)
    place(game, st, "EO169", 0, "home1", host=g)
    st = pass_to_turn(game, st, 1)  # (the Resources stay on Bob's Friends at his home: 509.3, not 511.6)
    assert st.exhausted(f) and not st.exhausted(g)
    assert ready(game, st, f)  # readying by an effect is not the Ready Phase


def pass_to_turn(game, st, p):
    from gameplay.engine.mlp.scenario import pass_until
    return pass_until(game, st, lambda s: s.turn_player == p and s.step == "main")


def test_enter_exhausted_draw_limit_and_main_only(game, card_db):
    st = stacked_game(game)
    place(game, st, "CG153", 1, "home1")  # Opposing Friends enter play exhausted
    assert st.exhausted(place(game, st, "PR12", 0, "home0"))
    assert not st.exhausted(place(game, st, "PR12", 1, "home1"))
    place(game, st, "AD79", 1, "home1")  # Players can't draw more than 2 cards per turn
    n = len(st.hand(0))
    assert draw_cards(game, st, 0, 3) == 2 and len(st.hand(0)) == n + 2
    set_tokens(st, 0, 3)
    assert not legal(game, st, "draw")
    place(game, st, "FF84", 1, "home1")  # nothing but Main Phase actions
    st.d["prio"] = {"w": "phase", "p": 0, "n": 0}
    to_hand(game, st, "PR124", 0)
    assert game.actions_with_priority(st, 0) == []


# ---------------------------------------------------------------- losing abilities
def test_lose_abilities_static_and_keywords(game, card_db):
    st = stacked_game(game)
    f = place(game, st, "SB93", 0, "prob1")  # Prepared; "Your characters and Troublemakers here have +1 power"
    other = place(game, st, "PR12", 0, "prob1")
    assert pw(game, st, other) == 3 and game.keyword(st, f, "Prepared") == 1
    place(game, st, "AD196", 1, "prob1")  # Opposing Friends here lose and can't have abilities
    assert pw(game, st, other) == 2 and game.keyword(st, f, "Prepared") == 0 and game.abilities(st, f) == ()
    set_card(st, f, area="home0")
    assert game.keyword(st, f, "Prepared") == 1
    # attachments: "That Friend loses and can't have abilities" (also granted keywords)
    g = place(game, st, "PR33", 1, "home1")
    place(game, st, "MT98", 1, "home1", host=g)  # +3 power and Prepared
    assert game.keyword(st, g, "Prepared") == 1
    place(game, st, "AD129", 0, "home1", host=g)
    assert game.keyword(st, g, "Prepared") == 0 and pw(game, st, g) == 5  # the Resource's +3 is not g's ability


def test_lose_abilities_timestamp_order_and_epic(game, card_db):
    # 711.3: the earlier source removes the later one's abilities, so the later one does nothing
    st = stacked_game(game)
    first = place(game, st, "AD196", 1, "prob0")
    second = place(game, st, "AD196", 0, "prob0")
    assert game.lost_abilities(st, second) and not game.lost_abilities(st, first)
    # an Epic Troublemaker that loses its abilities is no longer Epic (Epic is a keyword)
    st = stacked_game(game)
    epic = next(k for k, d in card_db.cards.items() if d.front.type == "Troublemaker" and d.front.epic)
    tm = place(game, st, card_db.cards[epic].number, 0, "prob0")
    assert game.epic(st, tm)
    place(game, st, "LL72", 1, "prob0")  # Troublemakers here lose and can't have abilities
    assert not game.epic(st, tm)
    assert parse_line("Unique Friends and Resources lose and can't have abilities.", "Problem", {})["target"] == {
        "types": ["Friend", "Resource"], "trait": "Unique"}


# ---------------------------------------------------------------- bonus, fixed power, traits, colors, Eccentric X
def test_problem_bonus_modifiers(game, card_db):
    st = stacked_game(game)
    pid = problem(st, game, 1)
    printed = game.face(st, pid).bonus or 0
    place(game, st, "LL15", 0, "prob1")  # This card's Problem's bonus is increased by 1
    assert game.problem_bonus(st, pid) == printed + 1
    place(game, st, "CG59", 1, "prob1")  # This card's Problem has 0 bonus points (later: applies after, 711.3)
    assert game.problem_bonus(st, pid) == 0
    assert game.problem_bonus(st, problem(st, game, 0)) == (game.face(st, problem(st, game, 0)).bonus or 0)


def test_bonus_stolen_and_troublemaker_points_reduced(game, card_db):
    from gameplay.engine.mlp.flow import resolve_faceoff, start_faceoff
    st = stacked_game(game)
    place(game, st, "AD76", 1, "prob1")  # an opponent would score this card's Problem's bonus: you score instead
    place(game, st, "PR12", 0, "prob1")
    start_faceoff(game.r, st.d, Ev(), "problem", ["prob1"], 0)
    before = [st.score(p) for p in (0, 1)]
    bonus = game.problem_bonus(st, problem(st, game, 1))
    resolve_faceoff(game.r, st.d, Ev(), 0)
    assert st.score(1) == before[1] + bonus and st.score(0) == before[0]
    st = stacked_game(game)
    set_problem(game, st, card_db, 1, "AD179")  # defeating a Troublemaker here scores one fewer point
    tm = place(game, st, "EO179", 1, "prob1")
    pts = game.face(st, tm).bonus
    place(game, st, "PR12", 0, "prob1")
    start_faceoff(game.r, st.d, Ev(), "tm", ["prob1"], 0, tm=tm)
    resolve_faceoff(game.r, st.d, Ev(), 0)
    assert st.score(0) == max(pts - 1, 0)


def test_dismissed_friends_are_banished(game, card_db):
    st = stacked_game(game)
    place(game, st, "CG165", 1, "prob0")  # If a Friend would be dismissed, it is banished instead
    f = place(game, st, "PR12", 0, "home0")
    leave_play(game, st, f, "disc", verb="dismissed")
    assert len(st.banished(0)) == 1 and not st.discard_pile(0)


def test_fixed_power_traits_and_colors(game, card_db):
    st = stacked_game(game)
    set_problem(game, st, card_db, 0, "MT120")  # Friends here have 2 power and can't gain or lose power
    f = place(game, st, "PR31", 0, "prob0")
    st.d["cards"][f]["cn"]["+1"] = 3
    assert pw(game, st, f) == 2 and pw(game, st, st.mane(0)) == 1
    g = place(game, st, "PR12", 0, "home0")
    place(game, st, "AD124", 1, "home0", host=g)  # That Friend is a Critter
    assert "Critter" in game.traits(st, g)
    h = place(game, st, "PR33", 0, "home0")
    place(game, st, "CG126", 0, "home0", host=h)  # +2 power and is Crystal
    assert "Crystal" in game.traits(st, h) and pw(game, st, h) == 4
    tm = place(game, st, "AD166", 1, "prob0")  # opposing characters at this card's Problem lose colors
    assert game.colors(st, f) == () and game.colors(st, g) == ("Loyalty",) and tm


def test_counted_eccentric_and_move_power_limit(game, card_db):
    st = stacked_game(game)
    ll75 = place(game, st, "LL75", 1, "prob0")  # Eccentric X, X = Events in your discard pile
    assert game.keyword(st, ll75, "Eccentric") == 0
    for _ in range(2):
        e = game._new(st.d, card_db.key("PR124"), 1, "disc")
        st.d["pl"][1]["disc"].append(e)
    assert game.keyword(st, ll75, "Eccentric") == 2
    assert ("Wild", 2) in game.requirements(st, 0, "prob0")
    mt28 = place(game, st, "MT28", 1, "home1")  # Eccentric X, X = this card's power
    assert game.keyword(st, mt28, "Eccentric") == pw(game, st, mt28)
    eo68 = place(game, st, "EO68", 1, "prob1")  # opponents can't move characters with power <= this card's there
    weak, strong = place(game, st, "PR12", 0, "home0"), place(game, st, "PR31", 0, "home0")
    assert pw(game, st, eo68) >= 2 and pw(game, st, eo68) < 4
    assert game.move_blocked(st, 0, weak, "home0", "prob1") and not game.move_blocked(st, 0, strong, "home0", "prob1")


def test_opposing_friends_arriving_get_minus_power(game, card_db):
    st = stacked_game(game)
    place(game, st, "EO159", 1, "prob1", host=problem(st, game, 1))  # moved or played here: -1 this turn
    f = place(game, st, "PR12", 0, "home0")
    set_tokens(st, 0, 5)
    st2, _ = game.apply(st, Action.make("move", 0, card=f, area="prob1"))
    assert game.power(st2, f) == 1
    c = to_hand(game, st2, "PR31", 0)
    set_tokens(st2, 0, 5)
    st3, _ = game.apply(st2, Action.make("play", 0, card=c, area="prob1"))
    new = next(o for o in st3.cards_in_play if st3.card_key(o) == card_db.key("PR31"))
    assert game.power(st3, new) == 3


def test_play_from_discard_and_hand_to_banish(game, card_db):
    st = stacked_game(game)
    c = game._new(st.d, card_db.key("CN71"), 0, "disc")  # You may play this card from your discard pile
    st.d["pl"][0]["disc"].append(c)
    r = game._new(st.d, card_db.key("LL107"), 0, "disc")  # ... if a player has 8 or more points
    st.d["pl"][0]["disc"].append(r)
    place(game, st, "PR79", 0, "home0")  # [Generosity] 2 for the play requirements
    set_tokens(st, 0, 9)
    st._la = None
    cards = {a.get("card") for a in game.legal_actions(st, 0) if a.kind == "play"}
    assert c in cards and r not in cards
    st.d["pl"][1]["score"] = 8
    st._la = None
    assert r in {a.get("card") for a in game.legal_actions(st, 0) if a.kind == "play"}
    st2, _ = game.apply(st, Action.make("play", 0, card=c, area="home0"))
    assert any(st2.card_key(o) == card_db.key("CN71") for o in st2.cards_in_play) and c not in st2.discard_pile(0)
    st = stacked_game(game)
    place(game, st, "EO146", 1, "home1")  # a Friend put into a hand from play is banished instead
    f = place(game, st, "PR12", 0, "home0")
    leave_play(game, st, f, "hand", verb="returned to its owner's hand")
    assert len(st.banished(0)) == 1


def test_magical_tantrum_blocks_resources_on_the_problem_and_its_friends_only(game, card_db):
    # CG181 "Resources can't be played on this Problem or on Friends here": the text's two hosts. A Resource
    # played on a Mane Character (EO169 "Play on a character") or a Troublemaker (MT95) there is not blocked.
    st = stacked_game(game)
    set_problem(game, st, card_db, 1, "CG181")
    mane = st.mane(0)
    set_card(st, mane, area="prob1")
    friend = place(game, st, "PR31", 0, "prob1")  # Honesty 4 (EO169's requirement)
    tm = place(game, st, "EO171", 0, "prob1")
    for color in ("Magic", "Generosity"):  # MT95 needs 1 Magic and 1 Generosity power, AD133 3 Magic
        vanilla = max((c for c in card_db.cards.values() if c.front.type == "Friend" and c.front.colors == (color,)
                       and not c.front.text.strip() and not c.front.keywords), key=lambda c: (c.front.power or 0, c.number))
        place(game, st, vanilla.number, 0, "home0")
    place(game, st, "PR31", 0, "home0")
    set_tokens(st, 0, 9)
    on_char, on_tm, on_problem = to_hand(game, st, "EO169", 0), to_hand(game, st, "MT95", 0), to_hand(game, st, "AD133", 0)
    assert mane in play_areas(game, st, on_char) and friend not in play_areas(game, st, on_char)
    assert tm in play_areas(game, st, on_tm)
    assert play_areas(game, st, on_problem) == {problem(st, game, 0)}  # "Play on a Problem": not on this one


def test_players_cant_score_more_than_2_points_per_turn_while_ahuizotl_is_in_play(game):
    """AD75 Ahuizotl, Oppressive: "Players can't score more than 2 points per turn." (517, 104.2: a
    can't beats a can); scoring stops at 2 for each player, points scored earlier in the turn count."""
    st = stacked_game(game)
    place(game, st, "AD75", 1, "home1")
    score_points(game, st, 0, 1)
    score_points(game, st, 0, 3)
    score_points(game, st, 1, 5)
    assert (st.score(0), st.score(1)) == (2, 2)
