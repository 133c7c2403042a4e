"""Defenders of Equestria (DE) cards whose texts the template parser does not cover (per-card definitions)."""

CARDS: dict[str, dict] = {
    # Pow, Loyal Henchpony: an optional replacement (710, 712.3) paid by exhausting this card (508.1d: only while
    # it can be exhausted); "it" is the Troublemaker, turned face-down (505.3) instead of leaving play
    "DE23": {"front": [
        {"kind": "static", "op": "replace", "ev": "dismiss", "subj": {"type": "Troublemaker", "ctrl": "you"}, "need_ready": True,
         "instead": [{"op": "exhaust", "target": {"self": True}, "cost": True}, {"op": "turn_face_down", "target": {"it": True}}],
         "text": "When one of your Troublemakers would be dismissed, you may exhaust this card to turn it face-down instead."},
        {"kind": "static", "op": "cant_frighten", "text": "This card can't be frightened."}]},
    # Ravers, Glowsticks Optional: a watched entering (704.1; tokens excluded, 521) and a delayed effect (615.1)
    # that banishes the tokens this ability made
    "DE32": {"front": [
        {"kind": "trigger", "on": "w_enter", "subj": {"sel": {"type": "Friend", "ctrl": "you"}, "token": False},
         "text": "When one of your non-token Friends enters play, put a 1 [Laughter] Earth Pony Friend token into play at "
                 "each Problem. At the end of the turn, banish those tokens.",
         "effects": [{"op": "token_each_problem", "power": 1, "color": "Laughter", "traits": ["Earth Pony"]},
                     {"op": "delay", "when": "turn_end", "lbl": "At the end of the turn, banish those tokens",
                      "effects": [{"op": "made", "verb": "banish"}]}]}]},
    # Granny Smith, Out of Bounds: the flipped Friends go to the bottom of the deck as the faceoff ends (514.6);
    # the replacement takes one of them into the hand first (712.3: "you may")
    "DE68": {"front": [
        {"kind": "static", "op": "flip_extra", "n": 1, "text": "Flip an additional card during faceoffs involving this card."},
        {"kind": "trigger", "on": "fo_end_pre",
         "text": "If you would put any number of flipped Friends on the bottom of your deck, you may put one of them into "
                 "your hand and the rest on the bottom instead.",
         "effects": [{"op": "may", "effects": [{"op": "flipped_to_hand", "type": "Friend"}]}]}]},
    # Scrapbook Project: "When you win a Problem faceoff" (any faceoff of yours); the four banishes are done
    # together or not at all (508.1d)
    "DE141": {"front": [
        {"kind": "play_home"},
        {"kind": "trigger", "on": "turn_end", "text": "At the end of your turn, each player discards a card.",
         "effects": [{"op": "each_player", "effects": [{"op": "discard", "n": 1, "who": "you"}]}]},
        {"kind": "trigger", "on": "you_win_fo", "fo": "problem",
         "text": "When you win a Problem faceoff, you may banish a Friend, Resource, Event, and Troublemaker from your "
                 "discard pile to score a point.",
         "effects": [{"op": "if", "cond": {"k": "disc_has_types", "types": ["Friend", "Resource", "Event", "Troublemaker"]},
                      "effects": [{"op": "may", "effects": [
                          *({"op": "banish_from_zone", "zone": "disc", "whose": "you", "filter": {"type": t}}
                            for t in ("Friend", "Resource", "Event", "Troublemaker")),
                          {"op": "score", "n": 1, "who": "you"}]}]}]}]},
    # Applejack, Captain of the Seven Seas: each player, the turn player first (801.1), keeps one card of each type
    "DE135": {"front": [
        {"kind": "trigger", "on": "enter",
         "text": "When this card enters play, each player chooses a Friend, Resource, and Troublemaker they control, and "
                 "retires the rest.",
         "effects": [{"op": "each_player", "effects": [{"op": "keep_one_of_each",
                                                        "types": ["Friend", "Resource", "Troublemaker"]}]}]}]},
    # Vapor Trail, Wind Beneath Your Wings: while flipped (515), each of your characters counted in the faceoff has
    # +1 power; "becomes involved" at the faceoff's start or by moving into it (514.2, 514.2d)
    "DE55": {"front": [
        {"kind": "static", "op": "flip_self_power", "chars": True, "n": 1,
         "text": "Chaos: While this card is flipped, your characters have +1 power."},
        {"kind": "trigger", "on": "becomes_involved",
         "text": "When this card becomes involved in a faceoff, one of your characters at home becomes involved in the "
                 "faceoff.",
         "effects": [{"op": "chosen_joins_faceoff", "target": {"type": "character", "ctrl": "you", "at": "home"}}]}]},
    # Dr. Hooves, Caroller: a public reveal (404.1); the discount is for that Event only, this turn (508)
    "DE34": {"front": [
        {"kind": "activated", "timing": "main", "cost": {"exhaust": True},
         "text": "Main Phase: Exhaust this card to reveal the top card of your deck. If you reveal an Event this way, put "
                 "that Event into your hand and you may pay [1] less to play it this turn.",
         "effects": [{"op": "reveal_top", "whose": "you", "cond": {"type": "Event"}, "else": [],
                      "then": [{"op": "revealed", "to": "hand"},
                               {"op": "cost_reduction", "n": 1, "type": "Event", "card": "it", "until": "turn"}]}]}]},
    # Changeling Mimics: a timed cost increase on every card of the chosen type the opponent plays (508; a
    # Troublemaker's cost is [1], 609.2c), ending as that opponent's next turn starts
    "DE116": {"front": [
        {"kind": "trigger", "on": "any_turn_start", "opp_turn": True,
         "text": "At the start of each opponent's turn, you may choose Event, Resource, or Troublemaker. That opponent pays "
                 "+[3] to play cards of the chosen type until the start of their next turn.",
         "effects": [{"op": "may", "effects": [{"op": "choose_modes", "labels": ["Event", "Resource", "Troublemaker"],
                                                "modes": [[{"op": "as_opponent", "effects": [
                                                    {"op": "cost_reduction", "n": -3, "type": t, "all": True,
                                                     "until": "own_next_turn"}]}]
                                                          for t in ("Event", "Resource", "Troublemaker")]}]}]}]},
    # Starlight Glimmer, Taking Charge: a Friend played (609.2a) without its cost; its play requirement applies (205.1)
    "DE137": {"front": [
        {"kind": "trigger", "on": "turn_start",
         "text": "At the start of your turn, you may play a Friend from your hand without paying its cost.",
         "effects": [{"op": "play_free_friend"}]}]},
}
