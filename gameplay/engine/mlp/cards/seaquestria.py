"""Seaquestria and Beyond (SB) cards whose texts the template parser does not cover (per-card definitions)."""

_CHAR = {"type": "character"}

CARDS: dict[str, dict] = {
    # Pony Power: its Chaos line is a flipped card's trigger (515); "while this card is flipped ... until the end of
    # the faceoff" is the same span, since a flipped card stays flipped until the faceoff ends (514.6).
    "SB105": {"front": [
        {"kind": "trigger", "on": "flipped", "text": "Chaos: While this card is flipped, your characters involved in the "
         "faceoff have +1 power until the end of the faceoff.",
         "effects": [{"op": "power", "n": 1, "target": {**_CHAR, "ctrl": "you", "each": True, "at": "faceoff"},
                      "until": "faceoff"}]},
        {"kind": "event", "timing": "main", "text": "Main Phase: Challenge an opposing Troublemaker with all your "
         "characters at its Problem. Your characters involved in the faceoff have +1 power until the end of the faceoff.",
         "effects": [{"op": "challenge", "with": "problem", "tm": "opp"},
                     {"op": "power", "n": 1, "target": {**_CHAR, "ctrl": "you", "each": True, "at": "faceoff"},
                      "until": "faceoff"}]}]},
    # Rainbow Dash & Pinkie Pie, Wild Wonders: "a character" is any player's; a random Problem other than the one it
    # is at (moving it to its own area would do nothing, 506.2), drawn from the game's seeded generator.
    "SB69": {"front": [
        {"kind": "trigger", "on": "flipped", "text": "Chaos: When this card is flipped, move a character to a random Problem.",
         "effects": [{"op": "move", "target": dict(_CHAR), "to": "random_problem"}]},
        {"kind": "trigger", "on": "enter", "text": "When this card enters play, you may move up to 3 characters to random "
         "Problems.",
         "effects": [{"op": "move", "target": {**_CHAR, "optional": True, "fresh": True}, "to": "random_problem"}] * 3}]},
    # Storm King, Conniver: "When you move a character" (any player's: a watched move by you, not a send); one
    # exhaustion pays for [1], or for [2] when the moved character is an opponent's ("instead").
    "SB46": {"front": [
        {"kind": "trigger", "on": "w_move", "subj": {"by": "you", "send": False, "sel": dict(_CHAR)},
         "text": "When you move a character, you may exhaust this card to gain [1]. If you moved an opposing character, "
                 "you may exhaust this card to gain [2] instead.",
         "effects": [{"op": "may", "effects": [
             {"op": "costs_ok", "self_ready": True}, {"op": "exhaust_self_cost"},
             {"op": "if", "cond": {"k": "moved_opposing"}, "effects": [{"op": "gain", "n": 2}],
              "else": [{"op": "gain", "n": 1}]}]}]}]},
    # Follow My Lead: an Event played in your own Main Phase, so "until the end of your turn" is this turn; its
    # second paragraph works while it is in your discard pile (a public zone: Rules.fire_from_zone).
    "SB102": {"front": [
        {"kind": "event", "timing": "main", "text": "Main Phase: Give a character +2 power until the end of your turn.",
         "effects": [{"op": "power", "n": 2, "target": dict(_CHAR), "until": "turn"}]},
        {"kind": "trigger", "on": "w_move", "zone": "disc", "subj": {"by": "you", "send": False, "sel": dict(_CHAR)},
         "text": "When you move a character, you may put this card into your hand from your discard pile.",
         "effects": [{"op": "may", "effects": [{"op": "self_from_discard", "to": "hand"}]}]}]},
    # Princess Celestia, High Noon: her own discount is read in the hand for the player who would play her (701.3);
    # the replacement (710, 712.3) is offered only when an opponent frightens or dismisses the Friend (the player
    # doing it as the occurrence would happen), for each of the two occurrences the text names.
    "SB138": {"front": [
        {"kind": "static", "op": "play_discount", "n": 2, "self": True, "cond": {"k": "more_friends_than_opp"},
         "text": "While you have more Friends than an opponent, you may pay [2] less to play this card."},
        *({"kind": "static", "op": "replace", "ev": ev, "by": "opp", "subj": {"type": "Friend", "ctrl": "you", "at": "here"},
           "instead": [{"op": "to_hand", "target": {"it": True}}],
           "text": "If one of your Friends here would be frightened or dismissed by an opponent, you may put it into "
                   "its owner's hand instead."} for ev in ("frighten", "dismiss"))]},
    # Friendship Festival Setup (a Dilemma, 522): "is replaced" fires as 613.2 replaces it (solved, or by an effect),
    # and resolves after it went to the discard pile (522.3a); its controller's tokens enter at their home (521).
    "SB111": {"front": [
        {"kind": "trigger", "on": "replaced", "text": "When this Problem is replaced, put five 1 [Laughter] Earth Pony "
         "Friend tokens into play.",
         "effects": [{"op": "token", "power": 1, "color": "Laughter", "traits": ["Earth Pony"], "at": "home"}] * 5}]},
    # Spike, Master of Ceremonies: an optional replacement of the "Choose one" of a Song its controller plays (710,
    # 712.3): "each" is offered with the modes (effects.choices.effect_choose_modes), and all of them are followed.
    "SB136": {"front": [
        {"kind": "static", "op": "song_each", "text": "If you would choose one effect while playing a Song card, you may "
         "choose each effect instead."}]},
    # Delaying Tactics (a Dilemma, 522): named counters on Problems (519); the tax is on the move action only (506.3),
    # read at the destination's Problem; any opponent's move there (by action or effect, not a send) clears them.
    "SB109": {"front": [
        {"kind": "trigger", "on": "turn_end", "text": "At the end of your turn, you may put a Delay counter on a Problem.",
         "effects": [{"op": "may", "effects": [{"op": "counters", "n": 1, "counter": "Delay",
                                                "target": {"type": "Problem"}}]}]},
        {"kind": "static", "op": "action_cost", "act": "move", "who": "opp", "n": 1, "per_to_counter": "Delay",
         "text": "Opponents pay +[1] to move characters to a Problem for each Delay counter on that Problem."},
        {"kind": "trigger", "on": "w_move", "subj": {"by": "opp", "to": "problem", "send": False, "sel": dict(_CHAR)},
         "text": "When an opponent moves a character to a Problem, remove all Delay counters from that Problem.",
         "effects": [{"op": "clear_counters_there", "counter": "Delay"}]}]},
    # Boyle, Power Up: counters it enters play with (519), copied from another one of your characters chosen as it
    # enters (rules.zones.enter_play; op copy_plus_counters).
    "SB20": {"front": [
        {"kind": "static", "op": "enter_counters", "n": 0, "copy": {"type": "character", "ctrl": "you", "other": True},
         "text": "This card enters play with a number of +1 power counters on it equal to the number of +1 power counters "
                 "on another one of your characters."}]},
    # The Pearl of Transformation: Transform X (glossary) is the cost the card is played for; the search names
    # the printed keyword (518: reveal, then shuffle).
    "SB140": {"front": [
        {"kind": "play_home"},
        {"kind": "static", "op": "transform_discount", "n": 1, "min": 1,
         "text": "You pay [1] less for Transform costs, to a minimum of [1]."},
        {"kind": "activated", "timing": "main", "cost": {"exhaust": True},
         "text": "Main Phase: Exhaust this card to search your deck for a card with a Transform cost, reveal it, and put "
                 "it into your hand. Then, shuffle your deck.",
         "effects": [{"op": "search", "filter": {"kw": "Transform"}, "zone": "deck", "to": "hand", "reveal": True}]}]},
    # Octavia, Harmony and Dissonance: asked as an opponent plays an Event, before its instructions (flow.actions
    # _offer_cancel); both costs are paid or neither (508.1d).
    "SB91": {"front": [
        {"kind": "static", "op": "cancel_opp_event", "pay": 2,
         "text": "As an opponent plays an Event, you may pay [2] and exhaust this card to cancel that card."}]},
    # Gummy, Lap Gator: a trigger of a card in its owner's hand (Rules.fire_from_zone), shown to them only until
    # they put it into play (404.1).
    "SB61": {"front": [
        {"kind": "trigger", "on": "w_move", "zone": "hand", "subj": {"by": "you", "send": False, "sel": dict(_CHAR)},
         "text": "When you move a character, you may put this card from your hand into play.",
         "effects": [{"op": "may", "effects": [{"op": "self_from_hand_into_play"}]}]}]},
    # Canterlot Infiltration (a Dilemma): an optional replacement of sends home from its area (710, 712.3); the
    # characters sent home together (613.2) share one decision (effects.outside_play.queue_send_elsewhere).
    "SB107": {"front": [
        {"kind": "static", "op": "send_elsewhere", "may": True, "subj": {"type": "character", "ctrl": "you", "at": "here"},
         "text": "If one or more of your characters would be sent home from here, you may send those characters to "
                 "other Problems instead."}]},
    # Starlight Glimmer, Magic Instructor: "copy its effects" (520.1) after the Event resolved (the trigger waits
    # until then, 704); the played Event's printed cost counts the other Unicorn Friends to exhaust.
    "SB45": {"front": [
        {"kind": "trigger", "on": "w_play", "subj": {"by": "you", "ptype": "Event"},
         "text": "When you play an Event, you may exhaust this card and a number of your other Unicorn Friends equal to "
                 "that Event's cost to copy its effects.",
         "effects": [{"op": "may", "effects": [
             {"op": "copy_played_event", "sel": {"type": "Friend", "ctrl": "you", "trait": "Unicorn"}}]}]}]},
    # Brian, One Swell Guy: optional replacements (710, 712.3) of three occurrences; a move by action or effect (not
    # a send, 506.5) is asked before it happens (rules.zones.move_card) and done as it would have been if declined.
    "SB56": {"front": [
        {"kind": "static", "op": "replace", "ev": ev, "subj": {"type": "Friend", "ctrl": "you", "other": True},
         "instead": [{"op": "retire", "target": {"self": True}}],
         "text": "If another one of your Friends would be dismissed, banished, or moved, you may retire this card "
                 "instead."} for ev in ("dismiss", "banish", "move")]},
    # Berry Punch, Off-Balance: an optional replacement (710, 712.3) of an opponent's move to a Problem (the player
    # moving it, as the move would happen); that player then chooses the other Problem.
    "SB27": {"front": [
        {"kind": "static", "op": "replace", "ev": "move", "by": "opp", "to": "problem", "need_ready": True,
         "subj": {"type": "character"},
         "instead": [{"op": "exhaust_self_cost"}, {"op": "move_to_other_problem"}],
         "text": "If an opponent would move a character to a Problem, you may exhaust this card. If you do, they choose "
                 "a different Problem and move that character there instead."}]},
}
