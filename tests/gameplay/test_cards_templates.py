"""Card-text templates added for coverage (cardtext.py): parse results and scenario tests proving that
representative cards really do what their text says in play (stacked games)."""
from __future__ import annotations

from gameplay.engine.api import Action
from gameplay.engine.mlp.cardtext import parse_effects, parse_line, parse_target
from gameplay.engine.mlp.engine import Ev
from gameplay.engine.mlp.scenario import (answer, place, resolve_all, resolve_step, set_card, set_tokens, stacked_game,
                                          to_hand)


def _resolve(game, st, limit=200):
    return resolve_all(game, st, limit)


def _run(game, st, effects, p=0, src=None):
    st.d["rq"].append({"p": p, "src": src or st.mane(p), "eff": effects, "i": 0, "ch": None,
                       "lbl": "test", "after": None})
    return _resolve(game, st)


def _answer(game, st, choose=None):
    """Answer pending decisions of a game driven by ``apply``: "may" -> yes, else ``choose(pending)`` or the first."""
    for _ in range(50):
        pend = st.pending
        if not pend or pend["kind"] not in ("may", "target", "choice", "order"):
            return st
        opt = True if pend["kind"] == "may" else (choose(pend) if choose else pend["options"][0])
        st, _ = game.apply(st, Action.make("choose", pend["player"], option=opt))
    return st


def _abilities(card_db, number, face="front"):
    return card_db.cards[card_db.key(number)].abilities[face]


# ------------------------------------------------------------------ selectors
def test_target_capitalised_determiners_colors_and_faceoff():
    assert parse_target("A character involved in a faceoff") == {"type": "character", "at": "faceoff"}
    assert parse_target("One of your characters") == {"type": "character", "ctrl": "you"}
    assert parse_target("Opposing characters involved in a faceoff") == {
        "type": "character", "ctrl": "opp", "each": True, "at": "faceoff"}
    assert parse_target("a [Loyalty] Friend") == {"type": "Friend", "color": "Loyalty"}
    assert parse_target("a Friend at home with at least 3 power") == {"type": "Friend", "at": "home", "min_power": 3}
    assert parse_target("a Resource in your opponent's home") == {"type": "Resource", "ctrl": "opp", "at": "home"}
    assert parse_target("one of your Critters") == {"type": "character", "ctrl": "you", "trait": "Critter"}


# ------------------------------------------------------------------ effects
def test_player_effect_templates():
    assert parse_effects("All players discard 2 cards") == [
        {"op": "each_player", "effects": [{"op": "discard", "n": 2, "who": "you"}]}]
    assert parse_effects("An opponent loses 2 action tokens") == [{"op": "lose_tokens", "n": 2, "who": "opponent"}]
    assert parse_effects("an opponent discards a card") == [
        {"op": "discard", "n": 1, "who": "opponent", "random": False}]
    assert parse_effects("Discard all the cards in your hand") == [{"op": "discard", "n": 99, "who": "you"}]
    assert parse_effects("search your discard pile for an Event and put it into your hand") == [
        {"op": "search", "filter": {"type": "Event"}, "zone": "disc", "to": "hand"}]
    assert parse_effects("search your deck for a Bon Bon card and put it into your hand") == [
        {"op": "search", "filter": {"title": "Bon Bon"}, "zone": "deck", "to": "hand"}]
    assert parse_effects("you may search your deck for a Pony Tone card, reveal it, and put it into your hand")[0][
        "effects"][0]["filter"] == {"trait": "Pony Tone"}


def test_power_have_until_and_move_home():
    assert parse_effects("Opposing characters involved in a faceoff have -2 power until the end of the faceoff") == [
        {"op": "power", "n": -2, "target": {"type": "character", "ctrl": "opp", "each": True, "at": "faceoff"},
         "until": "faceoff"}]
    assert parse_effects("move all characters here home") == [
        {"op": "move", "target": {"type": "character", "each": True, "at": "here"}, "to": "home"}]
    assert parse_effects("you may move one of your Critter Friends to the same Problem") == [
        {"op": "may", "effects": [{"op": "move", "target": {"type": "Friend", "ctrl": "you", "trait": "Critter"},
                                   "to": "here"}]}]


def test_verb_or_verb_up_to_and_each_x_and_y():
    r = parse_effects("frighten or unfrighten a Friend")
    assert r[0]["op"] == "choose_modes" and [m[0]["op"] for m in r[0]["modes"]] == ["frighten", "unfrighten"]
    r = parse_effects("Unfrighten up to two Friends")
    assert r == [{"op": "unfrighten", "target": {"type": "Friend", "optional": True, "state": "frightened"}}] * 2
    # "fresh": a character chosen by an earlier move of the same effect can't be chosen again
    assert parse_effects("Move up to two opposing characters") == [
        {"op": "move", "target": {"type": "character", "ctrl": "opp", "optional": True, "fresh": True}, "to": "choose"}] * 2
    assert parse_effects("dismiss each opposing Resource and Troublemaker") == [
        {"op": "dismiss", "target": {"type": "Resource", "ctrl": "opp", "each": True}},
        {"op": "dismiss", "target": {"type": "Troublemaker", "ctrl": "opp", "each": True}}]


def test_tokens_keep_two_word_traits_and_pairs():
    r = parse_effects("put a 1 [Laughter] Earth Pony Friend token into play")
    assert r == [{"op": "token", "power": 1, "color": "Laughter", "traits": ["Earth Pony"], "at": "home"}]
    r = parse_effects("put a 1 [Loyalty] Pegasus Friend token with Swift and a 1 [Laughter] Earth Pony Friend token into play")
    assert [x["traits"] for x in r] == [["Pegasus"], ["Earth Pony"]] and r[0]["kw"] == {"Swift": 1}


def test_conditions_if_you_have_color_and_if_there_are_no():
    r = parse_effects("if you have another [Laughter] character, you may draw a card")
    assert r == [{"op": "if", "cond": {"k": "you_have", "sel": {"type": "character", "ctrl": "you",
                                                              "color": "Laughter", "other": True}},
                  "effects": [{"op": "may", "effects": [{"op": "draw", "n": 1, "who": "you"}]}]}]
    r = parse_effects("if you have a Friend with at least 5 power, turn this card over")
    assert r[0]["cond"] == {"k": "you_have", "sel": {"type": "Friend", "min_power": 5, "ctrl": "you"}}
    # "this card's Problem" does not exist while the card is at home: its own condition, not met at
    # home (resolve._if_cond "no_opp_at_problem"; tested in test_engine_reactions.py)
    assert parse_effects("if there are no opposing characters at this card's Problem, draw a card")[0]["cond"] == \
        {"k": "no_opp_at_problem"}


# ------------------------------------------------------------------ triggers
def test_trigger_rewrites():
    ab = parse_line("At the end of each opponent's turn, that player discards a card.", "Friend", {})
    assert ab["on"] == "opp_turn_end" and ab["effects"][0]["who"] == "opponent"
    ab = parse_line("When a player confronts this Problem, they frighten one of their Friends at this Problem.",
                    "Problem", {})
    assert ab["on"] == "confront_this_any"
    assert ab["effects"] == [{"op": "frighten", "target": {"type": "Friend", "ctrl": "you", "at": "here"}}]
    ab = parse_line("When this Problem becomes solved, frighten a Friend.", "Problem", {})
    assert ab["on"] == "solved"
    ab = parse_line("When this Problem is played, its owner may search their deck for a Critter Friend, reveal it, "
                    "put it into their hand, and shuffle their deck.", "Problem", {})
    assert ab["effects"][0]["op"] == "may" and ab["effects"][0]["effects"][0]["filter"] == {"trait": "Critter", "type": "Friend"}
    ab = parse_line("When you win a faceoff involving this card, you may retire it to score a point.", "Friend", {})
    assert ab["effects"] == [{"op": "may", "effects": [{"op": "leave_self_cost", "to": "disc"},
                                                       {"op": "score", "n": 1, "who": "you"}]}]


# ------------------------------------------------------------------ static power
def test_static_power_templates():
    assert parse_line("This card has -3 power.", "Friend", {})["target"] == "self"
    ab = parse_line("Your Critters here have +1 power.", "Friend", {})
    assert ab["op"] == "power" and ab["target"] == {"type": "card", "ctrl": "you", "trait": "Critter", "at": "here"}
    ab = parse_line("This Friend gets -2 power.", "Resource", {})
    assert ab["target"] == "host"
    ab = parse_line("Your [Honesty] characters have +2 power while exhausted.", "Friend", {})
    assert ab["target"] == {"type": "character", "ctrl": "you", "color": "Honesty", "state": "exhausted"}
    ab = parse_line("This card has +1 power for each of your other characters.", "Friend", {})
    assert ab == {"kind": "static", "op": "power_per", "n": 1, "count": {"sel": {"type": "character", "ctrl": "you",
                                                                                 "other": True}},
                  "text": "This card has +1 power for each of your other characters."}
    ab = parse_line("While this card is at a Problem, each of your other [Kindness] characters at that Problem gets "
                    "+1 power.", "Friend", {})
    assert ab["cond"] == {"k": "at_problem"} and ab["target"]["at"] == "here"
    # "its Problem" needs the card to be at a Problem: the count is 0 while it is at home (statics work)
    assert parse_line("This card has +2 power for each other exhausted character at its Problem.", "Friend", {})[
        "count"]["at_problem"] is True
    # the engine's frightened count is global: "each of your frightened Friends" stays manual
    assert parse_line("This card has +1 power for each of your frightened Friends.", "Friend", {})["kind"] == "manual"
    # power filters in a continuous selector would make power depend on itself
    assert parse_line("Your Friends with 3 or more power have +1 power.", "Resource", {})["kind"] == "manual"


# ------------------------------------------------------------------ scenarios
def test_fast_food_gives_your_critters_plus_one(game):
    st = stacked_game(game)
    place(game, st, "HM108", 0, "home0")  # Fast Food: Your Critters have +1 power.
    crit = next(k for k, d in game.db.cards.items() if d.front.type == "Friend" and "Critter" in d.front.traits
                and d.automated and not d.front.text.strip())
    mine = place(game, st, game.db.cards[crit].number, 0, "prob0")
    theirs = place(game, st, game.db.cards[crit].number, 1, "prob1")
    base = game.db.cards[crit].front.power
    assert game.power(st, mine) == base + 1 and game.power(st, theirs) == base


def test_too_many_bandages_lowers_its_host(game):
    st = stacked_game(game)
    f = place(game, st, "PR12", 1, "prob1")
    place(game, st, "PR148", 0, "prob1", host=f)
    assert game.power(st, f) == 0


def test_applejack_hard_days_work_exhausted_honesty_characters(game):
    st = stacked_game(game)
    aj = place(game, st, "EO24", 0, "prob0")
    other = place(game, st, "PR33", 0, "prob0")  # Honesty, 2 power
    assert game.power(st, other) == 2
    set_card(st, other, exhausted=True)
    assert game.power(st, other) == 4 and game.power(st, aj) == 4


def test_changeling_citizens_count_your_other_characters(game):
    st = stacked_game(game)
    cc = place(game, st, "DE87", 0, "home0")
    before = game.power(st, cc)
    place(game, st, "PR12", 0, "prob0")
    place(game, st, "PR33", 1, "prob1")  # an opponent's character does not count
    assert game.power(st, cc) == before + 1


def test_pinkie_pie_joyous_pony_draws_only_with_another_laughter_character(game):
    st = stacked_game(game, manes=("PR3", "PR2"))  # Pinkie Pie mane: Laughter
    set_tokens(st, 0, 5)
    card = to_hand(game, st, "SB32", 0)
    n = len(st.hand(0))
    st, _ = game.apply(st, Action.make("play", 0, card=card, area="home0"))
    st = _answer(game, st)
    assert len(st.hand(0)) == n - 1 + 1
    st = stacked_game(game, manes=("PR1", "PR2"))  # Rainbow Dash mane: Loyalty
    set_tokens(st, 0, 5)
    card = to_hand(game, st, "SB32", 0)
    n = len(st.hand(0))
    st, _ = game.apply(st, Action.make("play", 0, card=card, area="home0"))
    st = _answer(game, st)
    assert len(st.hand(0)) == n - 1


def test_cheese_sandwich_dismisses_a_strong_friend_at_home(game, card_db):
    st = stacked_game(game, manes=("PR3", "PR2"))
    strong = place(game, st, "PR31", 1, "home1")
    weak = place(game, st, "PR33", 1, "home1")
    at_problem = place(game, st, "PR31", 1, "prob1")
    assert game.power(st, strong) >= 3 and game.power(st, weak) < 3
    src = place(game, st, "CG35", 0, "home0")
    _run(game, st, list(_abilities(card_db, "CG35")[0]["effects"]), src=src)
    assert not st.has_card(strong) or st.d["cards"][strong]["z"] != "play"
    assert st.d["cards"][weak]["z"] == "play" and st.d["cards"][at_problem]["z"] == "play"


def test_mage_meadowbrook_dismisses_each_opposing_resource_and_troublemaker(game, card_db):
    st = stacked_game(game)
    res = place(game, st, "HM108", 1, "home1")
    tm = place(game, st, "PR155", 1, "prob0")
    mine = place(game, st, "HM108", 0, "home0")
    src = place(game, st, "FF137", 0, "home0")
    _run(game, st, list(_abilities(card_db, "FF137")[0]["effects"]), src=src)
    assert res not in st.cards_in_play and tm not in st.cards_in_play and mine in st.cards_in_play


def test_deep_trouble_frightens_up_to_two_friends(game, card_db):
    st = stacked_game(game)
    a = place(game, st, "PR12", 1, "prob1")
    b = place(game, st, "PR33", 1, "prob1")
    ab = _abilities(card_db, "SB101")[0]
    assert ab["kind"] == "event" and ab["timing"] == "immediate"
    seen = []

    def pick(pend):  # choose a different Friend each time
        opts = [o for o in pend["options"] if o not in seen and o in (a, b)]
        seen.append(opts[0])
        return opts[0]

    st.d["rq"].append({"p": 0, "src": st.mane(0), "eff": list(ab["effects"]), "i": 0, "ch": None,
                       "lbl": "test", "after": None})
    ev = Ev()
    for _ in range(50):
        if st.pending:
            answer(game, st, 0, pick(st.pending), ev=ev)
        elif st.resolving:
            resolve_step(game, st, ev=ev)
        else:
            break
    assert st.frightened(a) and st.frightened(b)


def test_rarity_discorded_makes_the_opponent_discard_at_the_end_of_their_turn(game, card_db):
    ab = _abilities(card_db, "AD82")[0]
    assert ab["on"] == "opp_turn_end"
    st = stacked_game(game)
    src = place(game, st, "AD82", 1, "home1")
    n = len(st.hand(0))
    _run(game, st, list(ab["effects"]), p=1, src=src)
    assert len(st.hand(0)) == n - 1


def test_the_mane_six_party_planners_gain_control_of_each_opposing_friend(game, card_db):
    st = stacked_game(game)
    a = place(game, st, "PR12", 1, "prob1")
    b = place(game, st, "PR33", 1, "home1")
    src = place(game, st, "SB134", 0, "home0")
    _run(game, st, list(_abilities(card_db, "SB134")[0]["effects"]), src=src)
    assert st.controller(a) == 0 and st.controller(b) == 0
    assert {c["u"] for c in st.d["ctl"]} == {"score_phase"}


def test_coverage_gained_cards_are_automated(card_db):
    for number in ("SB32", "HM108", "EO24", "PR148", "DE87", "CG35", "FF137", "SB101", "AD82", "SB134", "MT60",
                   "HM66", "PR77", "PR13", "EO49", "CG189", "AD115"):
        assert card_db.cards[card_db.key(number)].automated, number


def test_more_effect_templates():
    assert parse_effects("choose an opponent's character at a Problem. Move it home") == [
        {"op": "mark", "target": {"type": "character", "ctrl": "opp", "at": "problem"}},
        {"op": "move", "target": {"it": True}, "to": "home"}]
    assert parse_effects("force your opponent to choose and discard a card") == [
        {"op": "discard", "n": 1, "who": "opponent", "random": False}]
    assert parse_effects("reduce by [1] the cost of the next Friend you play this turn") == [
        {"op": "cost_reduction", "n": 1, "type": "Friend", "until": "turn"}]
    assert parse_effects("Draw 4 cards, then put 3 cards from your hand on the top of your deck") == [
        {"op": "draw", "n": 4, "who": "you"}] + [{"op": "hand_to_deck_top"}] * 3
    assert parse_effects("all opponents lose an action token") == [{"op": "lose_tokens", "n": 1, "who": "opponent"}]
    assert parse_effects("an opponent discards a random card") == [
        {"op": "discard", "n": 1, "who": "opponent", "random": True}]
    assert parse_effects("Put an opposing Friend into its owner's hand, then that player discards a card") == [
        {"op": "to_hand", "target": {"type": "Friend", "ctrl": "opp"}},
        {"op": "discard", "n": 1, "who": "opponent", "random": False}]
    assert parse_effects("the attached Friend gets +2 power until the end of the turn") == [
        {"op": "power", "n": 2, "target": {"host": True}, "until": "turn"}]
    assert parse_effects("uncover a Troublemaker at its Problem") == [{"op": "uncover", "mine": False, "here": True}]


def test_harmony_tag_and_play_or_move(card_db):
    ab = parse_line("Harmony Pegasus: Your other Pegasus characters have +1 power.", "Friend", {})
    assert ab["kind"] == "static" and ab["target"] == {"type": "character", "ctrl": "you", "other": True,
                                                       "trait": "Pegasus"}
    assert parse_line("Harmony Dragon: Flip another additional card if you have a Dragon character.", "Friend",
                      {})["kind"] == "manual"
    abl = _abilities(card_db, "MT62")  # When you play or move this card to a Problem, another character there gets +2
    assert [(a["on"], a.get("when"), a.get("to")) for a in abl] == [("enter", "problem", None), ("moved", None, "problem")]


def test_tricksy_hat_moves_an_opposing_character_home(game, card_db):
    st = stacked_game(game)
    hat = place(game, st, "PR150", 0, "home0")
    foe = place(game, st, "PR33", 1, "prob0")
    set_tokens(st, 0, 3)
    idx = next(i for i, a in enumerate(_abilities(card_db, "PR150")) if a["kind"] == "activated")
    st, _ = game.apply(st, Action.make("activate", 0, card=hat, ability=idx))
    st = _answer(game, st)
    assert st.area(foe) == "home1" and st.exhausted(hat) and st.tokens(0) == 2


def test_smile_and_wave_pumps_its_host_when_you_play_a_friend(game, card_db):
    st = stacked_game(game)
    host = place(game, st, "PR12", 0, "prob0")
    place(game, st, "CG150", 0, "prob0", host=host)
    set_tokens(st, 0, 5)
    card = to_hand(game, st, "PR33", 0)
    st, _ = game.apply(st, Action.make("play", 0, card=card, area="home0"))
    st = _answer(game, st)
    assert game.power(st, host) == 4


def test_scope_things_out_draws_four_and_puts_three_back(game, card_db):
    st = stacked_game(game)
    n = len(st.hand(0))
    deck = len(st.deck(0))
    _run(game, st, list(_abilities(card_db, "EO136")[0]["effects"]))
    assert len(st.hand(0)) == n + 1 and len(st.deck(0)) == deck - 1


def test_problem_and_each_player_templates():
    assert parse_effects("each player may move one of their characters to this Problem") == [
        {"op": "each_player", "effects": [{"op": "may", "effects": [
            {"op": "move", "target": {"type": "character", "ctrl": "you"}, "to": "here"}]}]}]
    ab = parse_line("When this Problem is played, its owner may move one of their Critter Friends here from home.",
                    "Problem", {})
    assert ab["on"] == "enter" and ab["effects"] == [{"op": "may", "effects": [
        {"op": "move", "target": {"type": "Friend", "ctrl": "you", "trait": "Critter", "at": "home"}, "to": "here"}]}]
    ab = parse_line("Mane Characters here have +1 power.", "Problem", {})
    assert ab["op"] == "power" and ab["target"] == {"type": "Mane Character", "at": "here"}
    ab = parse_line("Your Mane Character has +1 power while at a Problem with this card.", "Friend", {})
    assert ab["cond"] == {"k": "at_problem"} and ab["target"] == {"type": "Mane Character", "ctrl": "you", "at": "here"}
    assert parse_line("Your opponent's home limit is decreased by 1.", "Troublemaker", {})["op"] == "opp_home_limit"


def test_mane_bonus_only_while_at_a_problem(game):
    st = stacked_game(game)  # PR85: Each of your other characters at a Problem with this card gets +1 power.
    pr85 = place(game, st, "PR85", 0, "home0")
    mate = place(game, st, "PR12", 0, "home0")
    assert game.power(st, mate) == 2  # at home: no bonus ("its Problem" does not exist)
    set_card(st, pr85, area="prob0")
    set_card(st, mate, area="prob0")
    st._la = None
    assert game.power(st, mate) == 3


def test_parasprite_pandemic_lets_each_player_search_for_a_troublemaker(game, card_db):
    st = stacked_game(game, decks=(["PR155"] * 10, ["PR156"] * 10))
    hands = [len(st.hand(p)) for p in (0, 1)]
    src = game.problem_at(st, "prob0")
    _run(game, st, list(_abilities(card_db, "PR187")[0]["effects"]), src=src)
    assert [len(st.hand(p)) for p in (0, 1)] == [hands[0] + 1, hands[1] + 1]


def test_research_student_moves_home_to_gain_a_token(game, card_db):
    ab = _abilities(card_db, "PRpf4")[0]
    assert ab["on"] == "confront" and card_db.cards[card_db.key("PRpf4")].automated
    st = stacked_game(game)
    ts = place(game, st, "PRpf4", 0, "prob0")
    set_tokens(st, 0, 0)
    _run(game, st, list(ab["effects"]), src=ts)
    assert st.area(ts) == "home0" and st.tokens(0) == 1
