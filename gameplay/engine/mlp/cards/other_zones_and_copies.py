"""Cards that give abilities to other cards, play cards from other zones or copy cards (issue #19: the last
manual cards of that class; per-card definitions, composed of existing ops)."""

_EO150 = 'Your Troublemakers have "At the start of your turn, gain [1].".'
_MT36 = ('Your Troublemakers here have "Immediate: During a faceoff, pay [1] to give this card +2 power until the end of '
         'the faceoff.".')

CARDS: dict[str, dict] = {
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
