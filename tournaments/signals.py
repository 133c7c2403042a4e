"""Hooks other apps listen to (the online-play app hosts a game for each paired match and follows the
match clock), so tournaments never imports them: the coupling runs one way."""
from __future__ import annotations

from django.dispatch import Signal

#: sent inside the pairing transaction once a round's matches exist; kwargs: round
round_paired = Signal()
#: sent when time is called on a match (End of Match Procedures begin); kwargs: match
match_time_called = Signal()
#: sent when the head judge's end-of-match limit runs out ("play stops immediately"); kwargs: match
match_play_stopped = Signal()
#: sent when a Game Loss is counted in a match that is not over or that the rules engine finished, inside
#: the penalty's transaction (the match locked); kwargs: match, side ("a"/"b", who receives it),
#: infraction, by (the judge, or None). A receiver that plays the match's games itself (an online match on
#: the rules engine) applies it to the game in progress — or, in a match it finished on the opponent's
#: Game Loss, to that same game — and answers with what it did; the penalty service then leaves the
#: match's games to it.
game_loss_issued = Signal()
#: sent after commit when a player who started an event without a legal deck registered one (the limited app's late
#: registration); kwargs: registration. The online-play app hosts that player's waiting match of the running round.
player_deck_ready = Signal()
