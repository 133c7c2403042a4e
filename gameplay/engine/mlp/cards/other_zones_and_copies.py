"""Cards that give abilities to other cards, play cards from other zones or copy cards (issue #19: the last
manual cards of that class; per-card definitions, composed of existing ops)."""

_EO150 = 'Your Troublemakers have "At the start of your turn, gain [1].".'
_MT36 = ('Your Troublemakers here have "Immediate: During a faceoff, pay [1] to give this card +2 power until the end of '
         'the faceoff.".')
_HM88 = "Main Phase: Put a token copy of one of your non-Unique Friends into play."
_LL28 = ("When you play this card, you may dismiss a Friend here. If you do, put a token copy of that Friend into play "
         "under your control.")
_SB135 = ("Main Phase: Exhaust this card to put a Troublemaker from your hand into play face-up, then put a token copy "
          "of it into play face-up.")
_LL38 = ("When you play an Event with cost 2 or less, if a player has 8 or more points, you may banish this card to copy "
         "that Event's effects.")
_LL133_CONFRONTED = "When this Problem is confronted, put an Ingredient counter on this card."
_LL133_COPY = "When you play an Event, you may remove 2 Ingredient counters from this card to copy its effects."
_LL61 = "When this card enters play, this turn, Friends in your hand have Hasty until you play a Friend."

CARDS: dict[str, dict] = {
    # Grampa Gruff, Too Long; Didn't Read: HM101's Hasty for the hand (glossary Hasty: played as an Immediate action,
    # 512), from an enter trigger; this card's own play is recorded before its trigger resolves, so the next Friend
    # played ends it (Rules.record_play)
    "LL61": {"front": [{"kind": "trigger", "on": "enter", "text": _LL61,
                        "effects": [{"op": "hand_hasty", "until_friend": True}]}]},
    # Recipe Research (a Problem): confronted by any player (its owner's trigger, 611); "you" = its owner; the two
    # counters are the copy's cost (508.1a, 519)
    "LL133": {"front": [
        {"kind": "trigger", "on": "confronted", "text": _LL133_CONFRONTED,
         "effects": [{"op": "counters", "n": 1, "counter": "Ingredient", "target": {"self": True}}]},
        {"kind": "trigger", "on": "w_play", "subj": {"by": "you", "ptype": "Event"}, "text": _LL133_COPY,
         "effects": [{"op": "may", "effects": [
             {"op": "copy_that_event", "remove_counters": {"counter": "Ingredient", "n": 2}}]}]}]},
    # Princess Twilight Sparkle, Headmare: the played Event's printed cost (ptype / pmax_cost read the played card);
    # "if a player has 8 or more points" checked as the trigger resolves (707); banishing her is the copy's cost
    "LL38": {"front": [{"kind": "trigger", "on": "w_play", "subj": {"by": "you", "ptype": "Event", "pmax_cost": 2},
                        "text": _LL38, "effects": [{"op": "if", "cond": {"k": "points_at_least", "n": 8}, "effects": [
                            {"op": "may", "effects": [{"op": "copy_that_event", "banish_self": True}]}]}]}]},
    # Tempest Shadow, Stormcaller: each at a Problem its controller chooses; two face-up Troublemakers of one player at
    # one Problem violate uniqueness (516.4), so a player puts them at different Problems or dismisses one (516.2)
    "SB135": {"front": [{"kind": "activated", "timing": "main", "cost": {"exhaust": True}, "text": _SB135, "effects": [
        {"op": "tm_into_play", "zone": "hand", "face_up": True},
        {"op": "token_copy", "of": "it", "at": "problem"}]}]},
    # Dip in the Pool: a token copy (520.2: the Friend's printed information, no modifiers, cost zero) at your home
    "HM88": {"front": [{"kind": "event", "timing": "main", "text": _HM88, "effects": [
        {"op": "token_copy", "of": {"type": "Friend", "ctrl": "you", "not_unique": True}}]}]},
    # Discord, Second Opinion: "If you do" = only once the Friend has left play (dismissed, not replaced); the copy
    # reads the dismissed Friend's printed information (410.6a) and is yours wherever the Friend was
    "LL28": {"front": [{"kind": "trigger", "on": "enter", "text": _LL28, "effects": [{"op": "may", "effects": [
        {"op": "dismiss", "target": {"type": "Friend", "at": "here"}},
        {"op": "token_copy", "of": "it", "if_gone": True}]}]}]},
    # Daring Do Poster: each of your Troublemakers has the quoted trigger, so at the start of your turn you gain [1]
    # once per Troublemaker that has abilities; face-down ones have none (505.1a) and can't be referenced (505.2),
    # so the selector skips them.  Read as one trigger of the Poster (the gains are the same).
    "EO150": {"front": [{"kind": "play_home"}, {"kind": "trigger", "on": "turn_start", "text": _EO150, "effects": [
        {"op": "per", "sel": {"type": "Troublemaker", "ctrl": "you"}, "effects": [{"op": "gain", "n": 1}]}]}]},
    # Starlight Glimmer, Apocalypse Now: each of your Troublemakers at her Problem has the quoted Immediate ability
    # (508: [1] a use, during any faceoff, 514); read as her ability giving +2 to one of them, the one "this card"
    # the activating player picks.
    "MT36": {"front": [{"kind": "activated", "timing": "faceoff", "cost": {"tokens": 1}, "text": _MT36, "effects": [
        {"op": "power", "n": 2, "target": {"type": "Troublemaker", "ctrl": "you", "at": "here"}, "until": "faceoff"}]}]},
}
