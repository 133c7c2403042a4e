"""One-of texts left manual by the per-set passes (issue #19): per-card definitions composed from the existing
effect vocabulary.  Each entry says which rule decides it and how the text maps onto the ops."""

CARDS: dict[str, dict] = {
    # Pony Charm: "You control that Friend." (513.2) holds while this Resource stays attached; it is read as the
    # host's control changing as the card enters play and returning once this card leaves play (509.5: it leaves
    # with its host too), the same "until": "source" bookkeeping as EO213 (flow.turn._end_source_control).
    "CG140": {"front": [
        {"kind": "play_on", "host": {"type": "Friend"}},
        {"kind": "trigger", "on": "enter", "text": "You control that Friend.",
         "effects": [{"op": "gain_control", "target": {"host": True}, "until": "source"}]},
    ]},
    # Ponyville Banner: a Score Phase ability (512.3) retiring this card as its cost; "that Problem" is the chosen
    # one (705.2f); the requirements are met (611.3) by the three races being there ready, kept in st["cmods"]
    "CG141": {"front": [
        {"kind": "play_home"},
        {"kind": "activated", "timing": "score", "cost": {"retire_self": True},
         "text": "Score Phase: Retire this card to choose a Problem. This turn, you meet the confront requirements of "
                 "that Problem if you have at least one ready Unicorn, Earth Pony, and Pegasus character there.",
         "effects": [{"op": "confront_mod", "problem": "choose", "who": "you", "until": "turn",
                      "meet": ["Unicorn", "Earth Pony", "Pegasus"]}]},
    ]},
    # Open Skies & Clear Skies, Cloud Movers: the Chaos line as the parser compiles it; the discard trigger checks,
    # as the discard happens (712.2), that it is the opponent's first discard this turn (pl["xtt"], counted by
    # Rules.fire_all wherever an opponent's discard is reported)
    "EO30": {"front": [
        {"kind": "trigger", "on": "flipped", "text": "Chaos: When this card is flipped, an opponent discards a card.",
         "effects": [{"op": "discard", "n": 1, "who": "opponent", "random": False}]},
        {"kind": "trigger", "on": "opp_discards", "xf": {"first_discard": True},
         "text": "When an opponent discards a card, if it's the first card that player has discarded this turn, put a "
                 "+1 power counter on this card.",
         "effects": [{"op": "counters", "n": 1, "counter": "+1", "target": {"self": True}}]},
    ]},
    # Canterlot Citizens, Pony Populace: exhausting it is the cost (508.1d, "you may ... to"); its power counts
    # towards the chosen Problem's requirements this turn although exhausted and elsewhere (the card's text over
    # 503.5 / 611.3, 104.1), kept in st["cmods"] and read by Rules.meets
    "SB57": {"front": [
        {"kind": "trigger", "on": "score_start",
         "text": "At the start of your Score Phase, you may exhaust this card to contribute its power to confronting a "
                 "Problem.",
         "effects": [{"op": "may", "effects": [{"op": "exhaust_self_cost"},
                                               {"op": "confront_mod", "problem": "choose", "who": "you",
                                                "until": "turn", "contrib": True}]}]},
        {"kind": "static", "op": "no_home_limit", "text": "This card does not count against your home limit."},
    ]},
    # Grogar, Legion of Doom: the first line as the parser reads "Banish this card to search ..." (505.1: "put it
    # into play" without "face-up" is face-down); the second is a triggered ability of the banished card (as the
    # discard-pile / hand ones, Rules.fire_from_zone: only at the end of its owner's turn), paying [1] and
    # banishing a Troublemaker together as its cost (508.1d)
    "LL145": {"front": [
        {"kind": "activated", "timing": "immediate", "cost": {"banish_self": True},
         "text": "Immediate: Banish this card to search your deck for a Troublemaker, then put it into play.",
         "effects": [{"op": "tm_into_play", "zone": "deck", "face_up": False, "at": "choose"}]},
        {"kind": "trigger", "on": "turn_end", "zone": "ban",
         "text": "At the end of your turn, if this card is banished, you may pay [1] and banish one of your "
                 "Troublemakers to put this card into play face-up.",
         "effects": [{"op": "may", "effects": [
             {"op": "banish", "target": {"type": "Troublemaker", "ctrl": "you"}, "cost": True, "pay": 1},
             {"op": "tm_into_play", "zone": "ban", "self": True, "face_up": True, "at": "choose"}]}]},
    ]},
    # Aurora, Bori & Alice, Givers of the Grove: "name a Friend" (201.1) among the Friends' names, kept on the card
    # (nnm / nnt) for its static, as EO69; the name goes with the card to the discard pile for the linked trigger
    # (Rules.put passes it as "named"), a revealed search (518.1) for a Friend with that name
    "LL76": {"front": [
        {"kind": "trigger", "on": "enter", "text": "As this card enters play, name a Friend.",
         "effects": [{"op": "name_card", "type": "Friend", "keep": True}]},
        {"kind": "static", "op": "no_play_named", "text": "Friends with that name can't be played."},
        {"kind": "trigger", "on": "to_disc", "from": "play",
         "text": "When this card is put into your discard pile from play, you may search your deck for a Friend with "
                 "that name, reveal it, and put it into your hand.",
         "effects": [{"op": "may", "effects": [{"op": "search", "filter": {"type": "Friend"}, "that_name": True,
                                                "zone": "deck", "to": "hand", "reveal": True}]}]},
    ]},
    # Sapphire Shores, Costume Changer: retiring an Accessory on this card is the cost (508.1d), so the ability is
    # offered only while one is on it; the Accessory is then played (609.2a) on this card for free
    "CN80": {"front": [
        {"kind": "activated", "timing": "main", "cost": {},
         "while": {"k": "sel_at_least", "n": 1, "sel": {"type": "Resource", "trait": "Accessory", "on_src": True}},
         "text": "Main Phase: Retire an Accessory on this card to play an Accessory on this card for free.",
         "effects": [{"op": "retire", "target": {"type": "Resource", "trait": "Accessory", "on_src": True}, "cost": True},
                     {"op": "play_free_on_self", "trait": "Accessory"}]},
    ]},
}
