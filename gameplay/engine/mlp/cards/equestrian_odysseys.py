"""Equestrian Odysseys (EO) cards whose texts the template parser does not cover (per-card definitions)."""

_EO3 = "While there is another character with at least 3 power here, you may turn this card over."
_EO58_GAIN = "When this card enters play, gain [1]."
_EO58 = ("When an opposing Friend enters play here, you may banish this card, then put this card into play at the start "
         "of the next turn.")
_EO74_CHAOS = "Chaos: When this card is flipped, exhaust all Friends without an attached Accessory involved in the faceoff."
_EO74 = "When you play an Accessory on this card, you pay [1] less for the next Accessory you play this turn."
_EO174 = ("Main Phase: Pay [3] to start a faceoff involving this card and an opposing Friend here. If you win the faceoff, "
          "dismiss that opposing Friend. If you lose, that Friend's controller defeats this card.")
_EO206_LOOK = ("When this card enters play at a Problem, you may look at the top two cards of that Problem deck. If you do, "
               "put those cards on the top or bottom of that Problem deck in any order.")
_EO206_REPLACE = "Main Phase: Exhaust three of your Friends here to replace this card's Problem."

_EO212_LOOK = ("When this card enters play, look at a player's hand and choose a card. That player discards that card, then "
               "draws a card.")
_EO212_HASTY = "Immediate: You may play this card from your hand."

_EO43 = ("When an opposing Friend enters play here, you may reveal the top card of your deck. If you do, and that card's "
         "power is higher than that of the opposing Friend, you may exhaust this card to dismiss that Friend.")
_EO60_BANISH = "Main Phase: Exhaust this card to banish an Event from your discard pile."
_EO60_RETURN = "Main Phase: Banish this card to put each Event banished this way into its owner's hand."
_EO149_COUNTER = "When you put a card on top of your deck, you may exhaust this card to put a Cutie Mark counter on this card."
_EO149_GAIN = ("Main Phase: Retire this card and remove any number of Cutie Mark counters from it to gain [1] for each "
               "Cutie Mark counter you remove.")

_EO69_NAME = "As this card enters play, name a card."
_EO69_BAN = "Cards with that name can't be played."

_EO213 = "When this card enters play, gain control of another Friend until this card leaves play or is frightened."

_EO105 = ("When another one of your Friends enters your discard pile, you may exhaust this card to search your deck for a "
          "Friend with the same name and put that card into your hand.")

_OPP_FRIEND_ENTERS_HERE = {"sel": {"type": "Friend", "ctrl": "opp", "at": "here"}}

CARDS: dict[str, dict] = {
    # Muffin Mare, Sharing is Caring: a Mane's "you may turn this card over" with no Phase named is usable whenever
    # its controller has priority while the condition holds (like CN1's "Any Phase: While ..."); "here" is the
    # Mane's area, home or a Problem
    "EO3": {"front": [{"kind": "activated", "timing": "immediate", "cost": {}, "effects": [{"op": "turn_over"}], "text": _EO3,
                       "while": {"k": "sel_at_least", "n": 1,
                                 "sel": {"type": "character", "at": "here", "other": True, "min_power": 3}}}]},
    # Princess Luna, Wax and Wane: banished (kept), back into play at the start of the next turn, whoever's it is
    "EO58": {"front": [
        {"kind": "trigger", "on": "enter", "effects": [{"op": "gain", "n": 1}], "text": _EO58_GAIN},
        {"kind": "trigger", "on": "w_enter", "subj": _OPP_FRIEND_ENTERS_HERE, "text": _EO58, "effects": [{"op": "may", "effects": [
            {"op": "banish", "target": {"self": True}, "keep": True},
            {"op": "delay", "when": "turn_start", "effects": [{"op": "put_back"}], "lbl": "put this card into play"}]}]}]},
    # Sapphire Shores, Star of the Show: an Accessory played attached to this card (509; xf host_self)
    "EO74": {"front": [
        {"kind": "trigger", "on": "flipped", "text": _EO74_CHAOS, "effects": [
            {"op": "exhaust", "target": {"type": "Friend", "each": True, "no_att": "Accessory", "at": "faceoff"}}]},
        {"kind": "trigger", "on": "w_play", "subj": {"by": "you", "ptype": "Resource", "ptrait": "Accessory"},
         "xf": {"host_self": True}, "text": _EO74,
         "effects": [{"op": "cost_reduction", "type": "Resource", "trait": "Accessory", "n": 1}]}]},
    # Nightmare Moon, Blackest Night: a faceoff started by an effect (514.2c, 514.5d); "If you lose" is followed by
    # the winner, who defeats it (514.5a: the defeating player scores its points)
    "EO174": {"front": [{"kind": "activated", "timing": "main", "cost": {"tokens": 3}, "text": _EO174, "effects": [
        {"op": "start_fo", "mine": {"self": True}, "theirs": {"type": "Friend", "ctrl": "opp", "at": "here"},
         "win": [{"op": "dismiss", "target": {"it": True}}],
         "lose": [{"op": "defeat", "target": {"self": True}}]}]}]},
    # Party Favor, A Bridge to Somewhere: "that Problem deck" is the deck of the Problem it entered play at
    "EO206": {"front": [
        {"kind": "trigger", "on": "enter", "when": "problem", "text": _EO206_LOOK, "effects": [{"op": "may", "effects": [
            {"op": "look_sort", "n": 2, "whose": "here", "deck": "pdeck", "pick": "top", "rest": "bottom_any"}]}]},
        {"kind": "activated", "timing": "main", "text": _EO206_REPLACE, "effects": [{"op": "replace_problem", "here": True}],
         "cost": {"exhaust_n": {"n": 3, "sel": {"type": "Friend", "at": "here"}}}}]},
    # Rarity, Soprano: a private look at the chosen player's hand (404.2); "Immediate: You may play this card from
    # your hand" is the glossary's meaning of Hasty ("You may play this card as an Immediate action"), so the line is
    # that keyword
    "EO212": {"front": [{"kind": "trigger", "on": "enter", "text": _EO212_LOOK,
                         "effects": [{"op": "look_hand", "whose": "choose", "then_draw": 1}]}],
              "front_keywords": {"Hasty": 1}},
    # Lyra, Ponyville's Got Talent: a public reveal (the card stays on top); its printed power against the
    # opposing Friend's power now (507)
    "EO43": {"front": [{"kind": "trigger", "on": "w_enter", "subj": _OPP_FRIEND_ENTERS_HERE, "text": _EO43, "effects": [
        {"op": "may", "effects": [{"op": "reveal_top", "cond": {"gt_it_power": True}, "then": [
            {"op": "may", "effects": [{"op": "exhaust_self_cost"}, {"op": "dismiss", "target": {"it": True}}]}]}]}]}]},
    # Spike, Number One Assistant: "this way" is this card's own first ability (the banished cards it tracked)
    "EO60": {"front": [
        {"kind": "activated", "timing": "main", "cost": {"exhaust": True}, "text": _EO60_BANISH,
         "effects": [{"op": "banish_from_zone", "zone": "disc", "whose": "you", "filter": {"type": "Event"}, "track": True}]},
        {"kind": "activated", "timing": "main", "cost": {"banish_self": True}, "text": _EO60_RETURN,
         "effects": [{"op": "banished_to_hand"}]}]},
    # Cutie Mark Vault: named counters (519); "any number" is one "may" per counter (705.2f), the card retired as
    # the cost
    "EO149": {"front": [
        {"kind": "play_home"},
        {"kind": "trigger", "on": "you_deck_top", "text": _EO149_COUNTER, "effects": [{"op": "may", "effects": [
            {"op": "exhaust_self_cost"}, {"op": "counters", "n": 1, "counter": "Cutie Mark", "target": {"self": True}}]}]},
        {"kind": "activated", "timing": "main", "cost": {"retire_self": True}, "text": _EO149_GAIN, "effects": [
            {"op": "per", "counter": "Cutie Mark", "effects": [{"op": "may", "effects": [
                {"op": "counters", "n": 1, "counter": "Cutie Mark", "remove": True, "target": {"self": True}},
                {"op": "gain", "n": 1}]}]}]}]},
    # Octavia, Harsh Judge: the name (201.1) is chosen as it enters play and kept on it; no player may play a card
    # with that name while it is in play (flow.legal)
    "EO69": {"front": [{"kind": "trigger", "on": "enter", "text": _EO69_NAME, "effects": [{"op": "name_card", "keep": True}]},
                       {"kind": "static", "op": "no_play_named", "text": _EO69_BAN}]},
    # Sugar Belle, Takes the Cake: control (513.2) kept while this card stays in play unfrightened (flow.turn
    # returns it in pre-priority processing, 511)
    "EO213": {"front": [{"kind": "trigger", "on": "enter", "text": _EO213, "effects": [
        {"op": "gain_control", "target": {"type": "Friend", "ctrl": "opp"}, "until": "source"}]}]},
    # Princess Cadance, Everlasting Love: a Friend of yours entering your discard pile from any zone (Rules.put
    # watches w_disc); a private search (518.1) for a Friend with its name (201.1)
    "EO105": {"front": [{"kind": "trigger", "on": "w_disc", "subj": {"by": "you", "ztype": "Friend"}, "text": _EO105, "effects": [
        {"op": "may", "effects": [{"op": "exhaust_self_cost"},
                                  {"op": "search", "filter": {"type": "Friend"}, "name_of_it": True, "zone": "deck", "to": "hand"}]}]}]},
}
