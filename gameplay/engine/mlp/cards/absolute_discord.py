"""Absolute Discord (AD) cards whose texts the template parser does not cover (per-card definitions)."""

CARDS: dict[str, dict] = {
    # Owlowiscious, Tome Retriever: a Chaos trigger (707.4) that banishes the flipped card itself and flips
    # another; "enters the discard pile from play" only (not from the hand, the deck or a faceoff)
    "AD47": {"front": [
        {"kind": "trigger", "on": "flipped", "text": "Chaos: When this card is flipped, gain [1], banish this card, and flip another.",
         "effects": [{"op": "gain", "n": 1}, {"op": "banish", "target": {"self": True}}, {"op": "flip", "n": 1}]},
        {"kind": "trigger", "on": "to_disc", "from": "play", "text": "When this card enters the discard pile from play, gain [1].",
         "effects": [{"op": "gain", "n": 1}]}]},
    # Tracking Tirek: "the player with the most power here" follows the instruction (no one on equal power)
    "AD189": {"front": [
        {"kind": "trigger", "on": "problem_fo_start", "here": True,
         "text": "At the start of a Problem faceoff here, the player with the most power here puts one of their Friends here "
                 "on top of its owner's deck.",
         "effects": [{"op": "as_most_power_here", "effects": [
             {"op": "to_deck_top", "target": {"type": "Friend", "ctrl": "you", "at": "here"}}]}]}]},
    # Whining: "they" is the opponent who defeated it (as_by); +[2] on the next card they play this turn (508, 609.2c)
    "AD154": {"front": [
        {"kind": "play_home"},
        {"kind": "trigger", "on": "w_defeat", "as_by": True, "subj": {"sel": {"type": "Troublemaker"}, "by": "opp"},
         "text": "When an opponent defeats a Troublemaker, they must pay +[2] to play the next card they play this turn.",
         "effects": [{"op": "cost_reduction", "n": -2, "type": "card", "until": "turn"}]}]},
    # Fluttershy, Hide and Squeak: retiring it is the cost (508.1: if it can't leave play, nothing is skipped)
    "AD200": {"front": [
        {"kind": "trigger", "on": "any_turn_start",
         "text": "At the start of the turn, you may retire this card to skip the next Troublemaker Phase.",
         "effects": [{"op": "may", "effects": [{"op": "leave_self_cost", "to": "disc"}, {"op": "skip_tp"}]}]}]},
    # Scootaloo, Practice Makes Perfect: scoring prevented (517) while it is flipped (its controller's opponents) and
    # during faceoffs involving it (every player)
    "AD28": {"front": [
        {"kind": "static", "op": "flipped_no_score", "text": "Chaos: While this card is flipped, opponents can't score points."},
        {"kind": "static", "op": "no_score_fo", "text": "During faceoffs involving this card, players can't score points."}]},
    # A Cuddle with a Pekingese: "you may draw it" takes the revealed card (HM143's reading); the discount is for
    # that Friend only (508) and the second draw is offered whether or not the first card was taken
    "AD84": {"front": [
        {"kind": "event", "timing": "main",
         "text": "Main Phase: Reveal the top card of your deck and you may draw it. If the card was a Critter Friend, you "
                 "may pay [1] less to play that Friend this turn and you may draw another card.",
         "effects": [{"op": "reveal_top", "whose": "you", "cond": {"type": "Friend", "trait": "Critter"},
                      "else": [{"op": "may", "effects": [{"op": "revealed", "to": "hand"}]}],
                      "then": [{"op": "may", "effects": [
                                   {"op": "revealed", "to": "hand"},
                                   {"op": "cost_reduction", "n": 1, "type": "Friend", "card": "it", "until": "turn"}]},
                               {"op": "may", "effects": [{"op": "draw", "n": 1, "who": "you"}]}]}]}]},
    # Portal to Tartarus: any card entering any discard pile (410.6: "that card" in its new zone); exhausting this card
    # is what the banish is done for (508.1d: only while it can be exhausted)
    "AD141": {"front": [
        {"kind": "play_home"},
        {"kind": "trigger", "on": "w_disc",
         "text": "When a card enters a discard pile, you may exhaust this card to banish that card.",
         "effects": [{"op": "may", "effects": [{"op": "costs_ok", "self_ready": True, "tokens": 0},
                                               {"op": "exhaust_self_cost"}, {"op": "banish_that_card"}]}]}]},
    # Chaos Capital of the World: only a Mane Character has another side (301.2), so "each character" turned over
    # is each Mane Character
    "AD203": {"front": [
        {"kind": "trigger", "on": "flipped", "text": "Chaos: When this card is flipped, turn each Mane Character over.",
         "effects": [{"op": "turn_each_mane"}]},
        {"kind": "event", "timing": "main", "text": "Main Phase: Turn each character over.",
         "effects": [{"op": "turn_each_mane"}]}]},
    # Rarity's Epiphany: two of three modes (AD108's form); "without an attached Resource" is the selector `att`
    "AD112": {"front": [
        {"kind": "event", "timing": "main",
         "text": "Main Phase: Choose two: Dismiss a Friend without an attached Resource, put a Resource from your discard pile "
                 "into your hand, or put an Accessory from your hand into play attached to a Friend.",
         "effects": [{"op": "choose_modes", "n": 2,
                      "labels": ["Dismiss a Friend without an attached Resource",
                                 "put a Resource from your discard pile into your hand",
                                 "put an Accessory from your hand into play attached to a Friend"],
                      "modes": [[{"op": "dismiss", "target": {"type": "Friend", "att": {"type": "Resource", "present": False}}}],
                                [{"op": "search", "zone": "disc", "to": "hand", "filter": {"type": "Resource"}}],
                                [{"op": "hand_attachment_into_play", "trait": "Accessory"}]]}]}]},
    # Photo Op: "choose a Problem" then its bonus (210) is 0 this turn; the Reaction forbids every move this turn
    "AD106": {"front": [
        {"kind": "trigger", "on": "flipped",
         "text": "Chaos: When this card is flipped, choose a Problem. That Problem's bonus is 0 until the end of the turn.",
         "effects": [{"op": "choose_area"}, {"op": "bonus_zero_there"}]},
        {"kind": "event", "timing": "reaction", "rx": {"ev": "phase", "ph": "main"},
         "text": "Reaction: After the start of the Main Phase, characters can't be moved this turn.",
         "effects": [{"op": "no_moves_this_turn"}]}]},
    # The Element of Surprise: removing a Chaos counter is what the ignore is done for (508.1d: only with one there)
    "AD150": {"front": [
        {"kind": "play_home"},
        {"kind": "static", "op": "must_control", "title": "Discord", "text": "You must control Discord to play this card."},
        {"kind": "trigger", "on": "turn_start", "text": "At the start of your turn, put a Chaos counter on this card.",
         "effects": [{"op": "counters", "counter": "Chaos", "n": 1, "target": {"self": True}}]},
        {"kind": "trigger", "on": "you_flip",
         "text": "When you flip a non-Chaotic card, you may remove a Chaos counter from this card to ignore that card and "
                 "flip another card.",
         "effects": [{"op": "if", "cond": {"k": "flipped_lacks_trait", "trait": "Chaotic"}, "effects": [
             {"op": "if", "cond": {"k": "self_counters", "counter": "Chaos", "n": 1}, "effects": [
                 {"op": "may", "effects": [{"op": "remove_counter", "counter": "Chaos", "n": 1},
                                           {"op": "ignore_that_flip"}]}]}]}]}]},
    # Lotus Blossom, Masseuse: the flipped card banishes itself (707.4) and the card put on top is the one flipped
    # next (515); the activated ability's cost banishes this card once its effect is done (508, "after")
    "AD58": {"front": [
        {"kind": "trigger", "on": "flipped",
         "text": "Chaos: When this card is flipped, banish this card, put a card from your discard pile on top of your deck, "
                 "then flip that card.",
         "effects": [{"op": "banish", "target": {"self": True}},
                     {"op": "if", "cond": {"k": "disc_not_empty"}, "effects": [
                         {"op": "search", "zone": "disc", "to": "deck", "filter": {}, "must": True}, {"op": "flip", "n": 1}]}]},
        {"kind": "activated", "timing": "faceoff", "cost": {"banish_self": True},
         "text": "Faceoff: Banish this card to put a Friend from your discard pile into play here. At the end of the "
                 "faceoff, banish that card.",
         "effects": [{"op": "disc_friend_here_for_faceoff"}]}]},
    # Discord, Give or Take: the look is private (404.2) and only an equal printed power lets the card be revealed
    # (404.1) to turn this card over; the boosted side's +3 or -3 is chosen with its character
    "AD192": {
        "front": [{"kind": "trigger", "on": "w_enter", "subj": {"sel": {"type": "Friend", "ctrl": "you"}},
                   "text": "When one of your Friends enters play, you may look at the top card of your deck. If those cards "
                           "have the same printed power, you may reveal that card to turn this card over.",
                   "effects": [{"op": "may", "effects": [{"op": "look_top_same_power", "then": [{"op": "turn_over"}]}]}]}],
        "boosted": [{"kind": "trigger", "on": "any_score_start",
                     "text": "At the start of the Score Phase, you may pay [2] to give another character here +3 or -3 power "
                             "until the end of the turn.",
                     "effects": [{"op": "may", "effects": [
                         {"op": "pay", "n": 2},
                         {"op": "choose_modes", "labels": ["+3 power", "-3 power"],
                          "modes": [[{"op": "power", "n": n, "until": "turn",
                                      "target": {"type": "character", "at": "here", "other": True}}] for n in (3, -3)]}]}]}],
    },
}
