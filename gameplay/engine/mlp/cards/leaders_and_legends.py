"""Leaders and Legends (LL) cards whose texts the template parser does not cover (per-card definitions,
composed from the effect vocabulary; tests: tests/gameplay/test_engine_cards_leaders_and_legends.py)."""
from __future__ import annotations

_OPP_CHAR = {"type": "character", "ctrl": "opp"}
_YOUR_EARTH_PONIES = {"type": "Friend", "ctrl": "you", "trait": "Earth Pony"}
_CRITTER_TOKEN = {"type": "Friend", "trait": "Critter", "color": "Kindness", "min_printed": 1, "max_printed": 1}
_YOUR_INVOLVED = {"type": "Friend", "ctrl": "you", "at": "faceoff"}
_RETIRE_SELF = {"op": "retire", "target": {"self": True}}

CARDS: dict[str, dict] = {
    # Sunburst, Card Tricks: a public reveal (518.1); the Event is not optional once revealed, the rest go to the
    # bottom in the order the player picks ("in any order")
    "LL74": {"front": [{"kind": "trigger", "on": "enter", "text": "When this card enters play, you may reveal the top 5 "
                        "cards of your deck. Put an Event revealed this way into your hand and the rest of the cards on the "
                        "bottom of your deck in any order.",
                        "effects": [{"op": "may", "effects": [{"op": "reveal_n", "n": 5, "pick": {"type": "Event"},
                                                               "pick_n": 1, "rest": "bottom_any"}]}]}]},
    # Swanifying Committee, Exacting Standards: Delay counters (519) put by its controller's moves, a move tax on the
    # opponent's own characters that carry one ("unless they pay", 609.2b), cleared at the end of the opponent's turn
    "LL79": {"front": [
        {"kind": "trigger", "on": "w_move", "subj": {"by": "you", "send": False, "sel": dict(_OPP_CHAR)},
         "text": "When you move an opposing character, put a Delay counter on it.",
         "effects": [{"op": "counters", "n": 1, "counter": "Delay", "target": {"it": True}}]},
        {"kind": "static", "op": "action_cost", "act": "move", "n": 1, "who": "opp", "unless": True,
         "sel": {**_OPP_CHAR, "counter_kind": "Delay"},
         "text": "Opponent's can't move their characters with Delay counters on them unless they pay [1]."},
        {"kind": "trigger", "on": "opp_turn_end",
         "text": "At the end of your opponent's turn, remove all Delay counters from opposing characters.",
         "effects": [{"op": "counters", "remove": True, "all": True, "counter": "Delay",
                      "target": {**_OPP_CHAR, "each": True, "counter_kind": "Delay"}}]},
    ]},
    # Harvest Schedule: "one or more" is one event (one counter however many are exhausted together); the opponent
    # retires (as_opponent: "your opponent" chooses their own exhausted Friend)
    "LL109": {"front": [
        {"kind": "play_home"},
        {"kind": "trigger", "on": "w_exhaust", "subj": {"by": "you", "batch": True, "sel": dict(_OPP_CHAR)},
         "text": "When you exhaust one or more opposing characters, put a Fatigue counter on this card.",
         "effects": [{"op": "counters", "n": 1, "counter": "Fatigue", "target": {"self": True}}]},
        {"kind": "trigger", "on": "opp_turn_end",
         "text": "At the end of your opponent's turn, if this card has 3 or more Fatigue counters on it, your opponent "
                 "retires an exhausted Friend.",
         "effects": [{"op": "if", "cond": {"k": "self_counters", "counter": "Fatigue", "n": 3}, "effects": [
             {"op": "as_opponent", "effects": [{"op": "retire", "target": {"type": "Friend", "ctrl": "you",
                                                                          "state": "exhausted"}}]}]}]},
    ]},
    # Sludge, High Maintenance: "unless you have 3 or fewer" = not while you have 4 or more (611.3); with no card in
    # the hand there is nothing to discard, so "If you don't" happens (712.3: a "may" that can't be done is not done)
    "LL71": {"front": [
        {"kind": "static", "op": "no_confront_power", "cond": {"k": "hand_at_least", "n": 4},
         "text": "This card can't contribute its power towards confronting Problems unless you have 3 or fewer cards in "
                 "your hand."},
        {"kind": "trigger", "on": "score_start",
         "text": "At the start of your Score Phase, you may discard a card. If you don't, retire this Friend.",
         "effects": [{"op": "if", "cond": {"k": "hand_below", "n": 1}, "effects": [_RETIRE_SELF],
                      "else": [{"op": "may", "effects": [{"op": "discard", "n": 1, "who": "you", "random": False}],
                                "else": [_RETIRE_SELF]}]}]},
    ]},
    # Spearhead, Paint It Black: an Art counter (519) on an opposing Resource, and a continuous ability over every
    # Resource carrying one (whoever controls it; 708, in timestamp order with the other sources, 711.3)
    "LL14": {"front": [
        {"kind": "trigger", "on": "enter", "text": "When this card enters play, put an Art counter on an opposing Resource.",
         "effects": [{"op": "counters", "n": 1, "counter": "Art", "target": {"type": "Resource", "ctrl": "opp"}}]},
        {"kind": "static", "op": "lose_abilities", "target": {"type": "Resource", "counter_kind": "Art"},
         "text": "Resources with Art counters on them lose and can't have abilities."},
    ]},
    # Moondancer, Academic Professional: a Chaos card's own power while flipped (515, glossary) is the highest among
    # the opposing cards involved (514.2d); "at other locations": any home or Problem but this card's area
    "LL35": {"front": [
        {"kind": "static", "op": "flip_self_power", "is": {"k": "opp_inv_highest"},
         "text": "Chaos: While this card is flipped, it has power equal to the highest power among opposing cards "
                 "involved in the faceoff."},
        {"kind": "static", "op": "power_per", "n": 1, "count": {"sel": {**_OPP_CHAR, "at": "elsewhere"}},
         "text": "This card has +1 power for each opposing character at other locations."},
    ]},
    # Into the Stream of Silence: the cards there as it resolves (a modifier made by an effect, 708; a face-down
    # Troublemaker too: it would have its abilities once uncovered this turn)
    "LL97": {"front": [
        {"kind": "event", "timing": "immediate",
         "text": "Immediate: Choose a Problem. Until the end of the turn, characters, Resources, and Troublemakers there "
                 "lose and can't have abilities.",
         "effects": [{"op": "choose_area"}, {"op": "lose_abilities_until", "until": "turn", "target": {
             "types": ["Friend", "Mane Character", "Resource", "Troublemaker"], "at": "there", "each": True,
             "fd_ok": True}}]},
    ]},
    # The Mean Six, Rivalry Isn't Magic: one grant per keyword, X counted continuously (702; a keyword granted to an
    # opposing character counts too, 516.4a's reading of current keywords)
    "LL124": {"front": [
        {"kind": "static", "op": "grant_kw", "kw": kw, "n": 1, "target": "self",
         "per": {"sel": {**_OPP_CHAR, "at": "here", "has_kw": kw}},
         "text": "This card has Competitive X, where X is the number of opposing characters here with Competitive. "
                 "The same is true for Diligent, Eccentric, and Showy."}
        for kw in ("Competitive", "Diligent", "Eccentric", "Showy")]},
    # Rainbow Dash, Flight Instructor: the "If" of an ability with no cost is its activation condition (the ability
    # would do nothing otherwise); boosted, "a character" moved by you (any controller's, 506) the first time each turn
    # and "1 less power" than that character as the trigger resolves; "to the same Problem" is its area
    "LL1": {
        "front": [{"kind": "activated", "timing": "immediate", "cost": {}, "while": {"k": "different_powers", "n": 3},
                   "effects": [{"op": "turn_over"}],
                   "text": "Immediate: If you control 3 or more characters with different power, turn this card over."}],
        "boosted": [{"kind": "trigger", "on": "w_move",
                     "subj": {"by": "you", "to": "problem", "send": False, "once_turn": True, "sel": {"type": "character"}},
                     "text": "When you move a character to any Problem for the first time each turn, you may move another "
                             "one of your characters with 1 less power to the same Problem.",
                     "effects": [{"op": "may", "effects": [{"op": "move", "to": "it", "target": {
                         "type": "character", "ctrl": "you", "it_power_diff": -1}}]}]}],
    },
    # Yak-Strength Hug: the banished Friend is remembered by this card (hold_gone) and goes to its owner's hand when
    # this card leaves play (410.6: a new card in the hand)
    "LL120": {"front": [
        {"kind": "play_on", "host": {"type": "Friend"}},
        {"kind": "trigger", "on": "enter", "text": "When this card enters play, banish an opposing Friend.",
         "effects": [{"op": "banish", "target": {"type": "Friend", "ctrl": "opp"}, "keep": True},
                     {"op": "hold_gone", "to": "hand"}]},
        {"kind": "trigger", "on": "leaves",
         "text": "When this card leaves play, put any cards banished this way into their owners' hands.",
         "effects": [{"op": "return_held", "to": "hand"}]},
    ]},
    # Crown of the Sibling Supreme: any faceoff won (514.5) by either player; the winner gains control (513.2; the
    # Resource stays in the home it is in: 511.5 sends only characters); the "If" is the activation condition
    "LL105": {"front": [
        {"kind": "play_home"},
        {"kind": "trigger", "on": "any_win_fo", "as_winner": True,
         "text": "When a player wins a faceoff, that player gains control of this card.",
         "effects": [{"op": "gain_control", "target": {"self": True}, "until": "permanent"}]},
        {"kind": "activated", "timing": "immediate", "cost": {"tokens": 1, "exhaust": True},
         "while": {"k": "won_faceoff_turn"}, "effects": [{"op": "score", "n": 1, "who": "you"}],
         "text": "Immediate: If you won a faceoff this turn, you may pay [1] and exhaust this card to score a point."},
    ]},
    # Applejack, Big Breakfast: counters counted as it enters (706); the Immediate ability's "If you do" needs a counter
    # removed (remove_counter_sel stops otherwise), "that Friend" is the one it came from
    "LL136": {"front": [
        {"kind": "static", "op": "enter_counters", "n": 1, "per": {"sel": {**_YOUR_EARTH_PONIES, "other": True}},
         "text": "This card enters play with a +1 power counter on it for each of your other Earth Pony Friends."},
        {"kind": "trigger", "on": "enter",
         "text": "When this card enters play, put a +1 power counter on each of your other Earth Pony Friends.",
         "effects": [{"op": "counters", "n": 1, "counter": "+1",
                      "target": {**_YOUR_EARTH_PONIES, "each": True, "other": True}}]},
        {"kind": "activated", "timing": "immediate", "cost": {},
         "text": "Immediate: Remove a +1 power counter from one of your Earth Pony Friends. If you do, that Friend can't "
                 "leave play this turn.",
         "effects": [{"op": "remove_counter_sel", "sel": dict(_YOUR_EARTH_PONIES), "mark": True},
                     {"op": "card_no_leave"}]},
    ]},
    # The Power of Friendship: two confront modifiers for this turn (611.3): your own Troublemakers (an Epic one would
    # stop you, 611.3e) don't prevent you; X is read at each Problem as you confront it
    "LL143": {"front": [
        {"kind": "event", "timing": "main",
         "text": "Main Phase: This turn, your Troublemakers don't prevent you from confronting Problems and you need X "
                 "power less to confront each Problem, where X is the highest power among Troublemakers you control there.",
         "effects": [{"op": "confront_mod", "tm_ok": "own", "who": "you", "until": "turn"},
                     {"op": "confront_mod", "own_tm": True, "who": "you", "until": "turn"}]},
    ]},
    # Yona, Friend of Spiders: a token (521) put into play by its controller's effect, whoever controls it; the cost is
    # offered only while this card is ready (exhausted, it can't be paid, 508.1d)
    "LL57": {"front": [
        {"kind": "trigger", "on": "w_enter", "subj": {"by": "you", "token": True, "sel": dict(_CRITTER_TOKEN)},
         "text": "When you put a 1 [Kindness] Critter Friend token into play, you may exhaust this card to put a 1 "
                 "[Kindness] Critter Friend token into play.",
         "effects": [{"op": "if", "cond": {"k": "self_ready"}, "effects": [
             {"op": "may", "effects": [{"op": "exhaust_self_cost"},
                                       {"op": "token", "power": 1, "color": "Kindness", "traits": ["Critter"],
                                        "at": "home"}]}]}]},
    ]},
    # Sonic Rainboom: a permission for this turn (512.5: an Immediate action any time its player has priority)
    "LL142": {"front": [
        {"kind": "event", "timing": "immediate",
         "text": "Immediate: Until the end of the turn, you may play Events with Main Phase timing as Immediate actions "
                 "(even if it isn't your Main Phase).",
         "effects": [{"op": "restrict", "k": "main_immediate", "who": "you", "until": "turn"}]},
    ]},
    # Same Day Delivery: a trigger of the card in its owner's deck (Rules.put, as its owner puts it on top: its own
    # Immediate ability or any other effect of theirs); revealing it is public (518.1), then the deck is shuffled
    "LL100": {"front": [
        {"kind": "trigger", "on": "to_deck_top",
         "text": "When you put this card on top of your deck, you may reveal it. If you do, gain [1], then shuffle your "
                 "deck.",
         "effects": [{"op": "may", "effects": [{"op": "reveal_self"}, {"op": "gain", "n": 1},
                                               {"op": "shuffle_into_deck"}]}]},
        {"kind": "event", "timing": "immediate", "text": "Immediate: Put this card on top of its owner's deck.",
         "effects": [{"op": "to_deck_top", "target": {"self": True}}]},
    ]},
    # Kerfuffle, Feathered Fashionista: put into play, not played (706: no cost); the discount reads the host the
    # Resource is played on (508)
    "LL45": {"front": [
        {"kind": "trigger", "on": "flipped",
         "text": "Chaos: When this card is flipped, you may put an attachment Resource from your hand into play "
                 "attached to a Friend.",
         "effects": [{"op": "may", "effects": [{"op": "attach_from_hand"}]}]},
        {"kind": "static", "op": "play_discount", "n": 1, "sel": {"type": "Resource", "on_friend": True}, "min": 1,
         "text": "You may pay [1] less to play Resources on Friends, to a minimum of [1]."},
    ]},
    # Ember, My Way or the Highway: "can't" modifiers (104.2) on your involved Friends; "a faceoff" is any faceoff (the
    # trigger is read as it ends, before 514.6); the activated ability needs a faceoff to end (514.6)
    "LL139": {"front": [
        *({"kind": "static", "op": op, "target": dict(_YOUR_INVOLVED),
           "text": "Your Friends involved in faceoffs can't be dismissed or frightened."} for op in ("no_dismiss", "no_frighten")),
        {"kind": "trigger", "on": "fo_end_pre",
         "text": "At the end of a faceoff, if you didn't lose that faceoff, distribute two +1 power counters among up "
                 "to two of your Friends.",
         "effects": [{"op": "if", "cond": {"k": "not_lost_fo"}, "effects": [
             {"op": "counters", "n": 1, "counter": "+1", "target": {"type": "Friend", "ctrl": "you"}} for _ in range(2)]}]},
        {"kind": "activated", "timing": "immediate", "cost": {"exhaust": True}, "while": {"k": "any_faceoff"},
         "text": "Immediate: Exhaust this card to end a faceoff. This card doesn't ready during its controller's next "
                 "Ready Phase.",
         "effects": [{"op": "end_faceoff"}, {"op": "mark", "target": {"self": True}}, {"op": "set_no_ready"}]},
    ]},
    # Whammy: an optional replacement of the home-limit retirement (616.3, 710, 712.3): retiring this card is its cost
    # (508.1a), then that Friend goes to its owner's hand
    "LL118": {"front": [
        {"kind": "play_home"},
        {"kind": "static", "op": "replace", "ev": "home_retire", "subj": {"type": "Friend", "ctrl": "you"},
         "instead": [{"op": "leave_self_cost", "to": "disc"}, {"op": "to_hand", "target": {"it": True}}],
         "text": "If one of your Friends would be retired for being in excess of your home limit, you may retire this "
                 "card to put that Friend into its owner's hand instead."},
    ]},
    # Princess Twilight Sparkle, There's A Spell For That!: a public reveal of the hand (518.1), names compared as 201.1
    # reads them; boosted, the revealed card's name limits the next-card discount (508, used by the first such card)
    "LL4": {
        "front": [{"kind": "activated", "timing": "main", "cost": {},
                   "text": "Main Phase: Reveal your hand. If no two cards in your hand have the same name, turn this card "
                           "over.",
                   "effects": [{"op": "reveal_own_hand"},
                               {"op": "if", "cond": {"k": "hand_names_distinct"}, "effects": [{"op": "turn_over"}]}]}],
        "boosted": [{"kind": "trigger", "on": "turn_start",
                     "text": "At the start of your turn, you may reveal the top card of your deck. If you do, you may pay "
                             "[1] less to play the first card with that card's name this turn.",
                     "effects": [{"op": "may", "effects": [{"op": "reveal_top_mark"}, {
                         "op": "cost_reduction", "n": 1, "type": "card", "name_of": "rev", "until": "turn"}]}]}],
    },
    # Pinkie Pie, Party Cannoneer: X as the ability is activated (105.2: never below 0), usable only while it can be
    # paid (508.1d); boosted, each player's Score Phase ("the Score Phase"), random discards by the seeded rng
    "LL3": {
        "front": [{"kind": "activated", "timing": "main", "cost": {}, "while": {"k": "can_pay_hand_minus", "n": 1},
                   "text": "Main Phase: Pay [X] to turn this card over, where X is the number of cards in your hand "
                           "minus 1.",
                   "effects": [{"op": "pay", "hand_minus": 1}, {"op": "turn_over"}]}],
        "boosted": [{"kind": "trigger", "on": "any_score_start",
                     "text": "At the start of the Score Phase, you may exhaust this card and discard any number of random "
                             "cards to dismiss an opposing non-token Friend with cost equal to the number of cards "
                             "discarded this way.",
                     "effects": [{"op": "if", "cond": {"k": "self_ready"}, "effects": [
                         {"op": "may", "effects": [{"op": "exhaust_self_cost"}, {"op": "discard_random_to_dismiss"}]}]}]}],
    },
    # Rarity, Booming Business (boosted): a "can't" (104.2) on the opponent's home-limit retirement (616.3); the token
    # (521; "White" is [Generosity], 203.1a) enters play under the opponent's control
    "LL5": {
        "boosted": [
            {"kind": "static", "op": "no_token_retire",
             "text": "While an opponent controls a non-token Friend, that player can't retire token Friends for being in "
                     "excess of their home limit."},
            {"kind": "activated", "timing": "main", "cost": {"tokens": 1, "exhaust": True},
             "text": "Main Phase: Pay [1] and exhaust this card to put a 1 White Unicorn Friend token with Prepared into "
                     "play under an opponent's control.",
             "effects": [{"op": "as_opponent", "effects": [{"op": "token", "power": 1, "color": "Generosity",
                                                           "traits": ["Unicorn"], "at": "home", "kw": {"Prepared": 1}}]}]},
        ],
    },
    # Rarity, Throw Me A Bone, Dear: "that Friend or Resource" is the one exhausted as the cost (508); the opponent
    # gains control of it (513.2; a Friend at home goes to its new controller's home, 511.5); owned = 513.1
    "LL137": {"front": [
        {"kind": "activated", "timing": "main",
         "cost": {"exhaust": True, "exhaust_sel": {"types": ["Friend", "Resource"], "ctrl": "you", "other": True,
                                                   "non_token": True}},
         "text": "Main Phase: Exhaust this card and one of your non-token Friends or Resources to have an opponent gain "
                 "control of that Friend or Resource. Then, if that opponent controls 2 or more non-token Friends or "
                 "Resources that you own, score a point.",
         "effects": [{"op": "gain_control", "target": {"it": True}, "until": "permanent", "to": "opp"},
                     {"op": "if", "cond": {"k": "count_at_least", "n": 2, "sel": {
                         "types": ["Friend", "Resource"], "ctrl": "opp", "owner": "you", "non_token": True}},
                      "effects": [{"op": "score", "n": 1, "who": "you"}]}]},
    ]},
}
