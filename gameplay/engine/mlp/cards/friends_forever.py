"""Friends Forever (FF) cards whose texts the template parser does not cover (per-card definitions)."""

CARDS: dict[str, dict] = {
    # Applejack & Pinkie Pie, Backdrop Builders: a Harmony line is its ability (the tag word has no game text,
    # 701.5); the faceoff started by the effect (514.2c) involves this card and the chosen opposing character;
    # "each of your Earth Ponies" is counted as the win is resolved.
    "FF67": {"front": [
        {"kind": "trigger", "on": "enter", "text": "Harmony Earth Pony: When this card enters play, you may start a "
         "faceoff involving this card and an opposing character. If you win, draw a card for each of your Earth Ponies.",
         "effects": [{"op": "may", "effects": [
             {"op": "start_fo", "mine": {"self": True}, "theirs": {"type": "character", "ctrl": "opp"},
              "win": [{"op": "per", "sel": {"type": "character", "ctrl": "you", "trait": "Earth Pony"},
                       "effects": [{"op": "draw", "n": 1, "who": "you"}]}]}]}]}]},
    # Stop Fighting!: the Harmony paragraph works while the Event is in your discard pile (Rules.fire_from_zone);
    # "banish this card to ..." is done first, and nothing else happens if it is no longer there.
    "FF98": {"front": [
        {"kind": "event", "timing": "immediate", "text": "Immediate: Frighten a Friend with 2 or less power.",
         "effects": [{"op": "frighten", "target": {"type": "Friend", "max_power": 2}}]},
        {"kind": "trigger", "on": "w_play", "zone": "disc", "subj": {"by": "you", "ptype": "Friend", "ptrait": "Griffon"},
         "text": "Harmony Griffon: When you play a Griffon Friend while this card is in your discard pile, you may "
                 "banish this card to frighten a Friend with 2 or less power.",
         "effects": [{"op": "may", "effects": [{"op": "self_from_discard", "to": "ban"},
                                               {"op": "frighten", "target": {"type": "Friend", "max_power": 2}}]}]}]},
    # Mistmane, Pillar of Beauty: "When you play this card" is its entering play; its second ability is activated
    # from the discard pile (703): the [2] and the card going to the hand are paid before the effect (508).
    "FF136": {"front": [
        {"kind": "trigger", "on": "enter", "text": "When you play this card, each player may put a card from their discard "
         "pile into their hand. For each card put into a player's hand this way, score a point.",
         "effects": [{"op": "each_disc_to_hand_score"}]},
        {"kind": "activated", "timing": "main", "zone": "disc", "cost": {"tokens": 2},
         "text": "Main Phase: While this card is in your discard pile, you may pay [2] and put it into your hand to put the "
                 "top three cards of each player's deck into that player's discard pile.",
         "effects": [{"op": "self_from_discard", "to": "hand"}, {"op": "each_player", "effects": [{"op": "mill", "n": 3}]}]}]},
    # Reliving History: the Harmony paragraph continues the Event (701.5); "until the end of the turn" restricts
    # the opponents' moves, by action or effect.
    "FF95": {"front": [
        {"kind": "event", "timing": "immediate", "text": "Immediate: Send a character that was moved this turn to its "
         "previous area. / Harmony Unicorn: If you have 3 or more Unicorn characters, opponents can't move characters "
         "until the end of the turn.",
         "effects": [{"op": "send_moved_back"},
                     {"op": "if", "cond": {"k": "count_at_least", "n": 3,
                                           "sel": {"type": "character", "ctrl": "you", "trait": "Unicorn"}},
                      "effects": [{"op": "restrict", "k": "no_move", "who": "opp", "until": "turn", "any": True}]}]}]},
    # Hyper Beam: the Harmony paragraph continues the Event (701.5); "that Resource" is the one banished (its
    # printed name, 201.1), an opposing one, so its controller is the opponent.
    "FF90": {"front": [
        {"kind": "event", "timing": "main", "text": "Main Phase: Banish an opposing Resource. / Harmony Unicorn: If you "
         "have a Unicorn character, that Resource's controller reveals their hand and you banish each card in it with "
         "the same name as that Resource.",
         "effects": [{"op": "banish", "target": {"type": "Resource", "ctrl": "opp"}},
                     {"op": "if", "cond": {"k": "you_have", "sel": {"type": "character", "ctrl": "you", "trait": "Unicorn"}},
                      "effects": [{"op": "banish_hand_same_name"}]}]}]},
    # Garner, Record Keeper: a public reveal (404.1) of one card per Griffon character of yours (counted as it
    # resolves); up to one back on top, the rest on the bottom in the order its owner chooses.
    "FF22": {"front": [
        {"kind": "trigger", "on": "enter", "text": "Harmony Griffon: When this card enters play, reveal a card from the "
         "top of your deck for each of your Griffon characters. Choose up to one of those cards and put it on top of "
         "your deck, then put the rest on the bottom of your deck.",
         "effects": [{"op": "look_sort", "n": {"sel": {"type": "character", "ctrl": "you", "trait": "Griffon"}},
                      "reveal": True, "pick": "top", "max_pick": 1, "rest": "bottom_any"}]}]},
    # Pony of Shadows, Pure Darkness (a Troublemaker): its controller follows the trigger after it left play (514.5a);
    # the Friend enters play at their home.
    "FF141": {"front": [
        {"kind": "trigger", "on": "defeated", "text": "When this card is defeated, you may reveal cards from the top of "
         "your deck until you reveal a Friend. If you do, put that Friend into play, then shuffle your deck.",
         "effects": [{"op": "may", "effects": [{"op": "reveal_until_play", "type": "Friend"}]}]}]},
    # Fume, Breathtaking: a "can't" on the opponent's Ready Step (603.1, 104.2; flow.turn.start_turn asks which one
    # character readies); the Harmony line is its enter trigger, counted as it resolves (each Dragon of yours).
    "FF16": {"front": [
        {"kind": "static", "op": "opp_ready_one",
         "text": "Opponents can't ready more than one character during their Ready Step."},
        {"kind": "trigger", "on": "enter", "text": "Harmony Dragon: When this card enters play, exhaust an opposing "
         "character for each Dragon character you have.",
         "effects": [{"op": "per", "sel": {"type": "character", "ctrl": "you", "trait": "Dragon"},
                      "effects": [{"op": "exhaust", "target": {"type": "character", "ctrl": "opp", "state": "ready"}}]}]}]},
    # Smolder, Culture Shock (Mane Character): the boosted side's trigger at the start of any faceoff (514.2); the
    # exhaustion is the cost of the rest (508.1d), and "If they do" needs a card in the opponent's hand.
    "FF2": {"front": [
        {"kind": "trigger", "on": "confront", "effects": [{"op": "turn_over"}],
         "text": "When you confront this card's Problem, turn this card over."}],
        "boosted": [
        {"kind": "trigger", "on": "any_fo_start", "text": "At the start of a faceoff, you may exhaust this card to have "
         "an opponent discard a card. If they do, one of your cards involved in the faceoff gets +X power until the end "
         "of the faceoff, where X is the discarded card's power.",
         "effects": [{"op": "may", "effects": [
             {"op": "costs_ok", "self_ready": True}, {"op": "exhaust_self_cost"},
             {"op": "opp_discard_power", "target": {"type": "character", "ctrl": "you", "at": "faceoff"}}]}]}]},
    # Star Swirl the Bearded, Pillar of Sorcery: the reveal is public (404.1); "the rest on the top or bottom in any
    # order" is the rest left on top, then any of them kept on top in the order picked and the others put on the
    # bottom in the order chosen (every arrangement reachable).  The flipped-Event replacement is asked as the
    # faceoff ends, before 514.6 puts the flipped cards on the bottom (trigger fo_end_pre).
    "FF135": {"front": [
        {"kind": "trigger", "on": "turn_start", "text": "At the start of your turn, reveal the top three cards of your "
         "deck. Put one into your hand and the rest on the top or bottom of your deck in any order.",
         "effects": [{"op": "reveal_n", "n": 3, "pick_n": 1, "pick": {}, "rest": "top"},
                     {"op": "look_sort", "n": 2, "pick": "top", "rest": "bottom_any"}]},
        {"kind": "trigger", "on": "fo_end_pre", "text": "If you would put a flipped Event on the bottom of your deck, you "
         "may exhaust this card to put that Event into your hand instead.",
         "effects": [{"op": "if", "cond": {"k": "flipped_type", "type": "Event"}, "effects": [{"op": "may", "effects": [
             {"op": "costs_ok", "self_ready": True}, {"op": "exhaust_self_cost"},
             {"op": "flipped_to_hand", "type": "Event"}]}]}]}]},
    # Thorax, Swarm Former: like FF135's, the replacement is asked as the faceoff ends (fo_end_pre), before 514.6
    # puts the flipped cards on the bottom; one flipped Changeling Friend to the hand, the others stay.
    "FF54": {"front": [
        {"kind": "trigger", "on": "flipped", "text": "Chaos: When this card is flipped, you may put it into play.",
         "effects": [{"op": "may", "effects": [{"op": "put_into_play", "zone": "self"}]}]},
        {"kind": "trigger", "on": "fo_end_pre", "text": "Harmony Changeling: If you would put any number of flipped "
         "Changeling Friends on the bottom of your deck, you may put one of them into your hand and the rest on the "
         "bottom instead.",
         "effects": [{"op": "if", "cond": {"k": "flipped_type", "type": "Friend", "trait": "Changeling"},
                      "effects": [{"op": "may", "effects": [
                          {"op": "flipped_to_hand", "type": "Friend", "trait": "Changeling"}]}]}]}]},
    # Princess Twilight Sparkle, Endless Friendship: an optional replacement (710, 712.3) paid with [2] and her
    # exhaustion (offered only when both can be paid); "until the end of the turn" puts the Friend back into play
    # under its owner then (a delayed effect, 615.1).
    "FF139": {"front": [
        {"kind": "static", "op": "power", "n": 2, "target": {"type": "character", "ctrl": "you", "other": True},
         "text": "Your other characters have +2 power."},
        {"kind": "static", "op": "no_frighten", "target": {"type": "Friend", "ctrl": "you"},
         "text": "Your Friends can't be frightened."},
        {"kind": "static", "op": "replace", "ev": "leave", "subj": {"type": "Friend", "ctrl": "you"}, "pay": 2,
         "need_ready": True,
         "instead": [{"op": "exhaust_self_cost"}, {"op": "banish", "target": {"it": True}, "keep": True},
                     {"op": "delay", "when": "turn_end", "effects": [{"op": "put_back"}], "lbl": "put that Friend into play"}],
         "text": "If one of your Friends would leave play, you may pay [2] and exhaust this card to banish that Friend "
                 "until the end of the turn instead."}]},
    # Silverstream, Fish out of Water: "When you play this card" is its entering play; the Problem card becomes a
    # Dilemma at a new area (522.1, 522.2), discarded when it would be replaced (522.3a).
    "FF29": {"front": [
        {"kind": "trigger", "on": "enter", "text": "When you play this card, you may put the top card of a Problem deck "
         "into play as a Dilemma. (It enters play at its own area; this does not replace any Problems already in play.).",
         "effects": [{"op": "may", "effects": [{"op": "pdeck_top_as_dilemma"}]}]}]},
}
