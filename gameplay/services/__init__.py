"""Writes for hosted online games, grouped by concern (import them from here):

- ``common``: errors with protocol codes, guarded loads (row locks), the state cache, loading a state
- ``timers``: storing decision deadlines; what follows every change (deadline, broadcast, bot move)
- ``matches``: creating a match, starting games, what follows a game, results to the tournament
- ``actions``: the one path every action takes; players' actions and concessions
- ``bots``: bot seats' moves
- ``clocks``: acting on deadlines, time called, the end-of-match limit, connections, pausing
- ``judges``: pause, extra time, penalties, rollback, judge calls, manual effects
- ``events``: online events (deck snapshots, a hosted match per pairing, matches decided outside the game)
- ``spectating``: the organiser's spectating policy, featured tables, publishing replays
- ``arrivals``: a player opening their event table (ready to play) and their opponent told live

Imports run one way: common <- timers <- matches <- actions <- bots, clocks <- judges, events; spectating and
arrivals need only common.
"""
from __future__ import annotations

from gameplay.services.actions import game_submit_action, match_concede, match_concede_game
from gameplay.services.arrivals import seat_arrived
from gameplay.services.bots import bot_play
from gameplay.services.casual import casual_accept, casual_cancel, casual_challenge, casual_deck
from gameplay.services.clocks import (
    deadline_process,
    deadlines_sweep,
    match_play_stopped,
    match_time_called,
    seat_connection,
)
from gameplay.services.common import (
    Forbidden,
    GameError,
    GameFinished,
    GamePaused,
    IllegalAction,
    MalformedAction,
    StaleAction,
    state_load,
    state_replay,
)
from gameplay.services.events import (
    event_decks_lock,
    online_settings_update,
    registration_host_waiting_match,
    round_host_matches,
    tournament_game_loss,
    tournament_match_decided,
)
from gameplay.services.judges import (
    judge_add_time,
    judge_call,
    judge_call_answer,
    judge_manual_effect,
    judge_pause,
    judge_penalty,
    judge_rollback,
)
from gameplay.services.matches import SeatSpec, hosted_match_create
from gameplay.services.spectating import event_replays_publish, event_spectating_set, match_feature

__all__ = [
    "Forbidden", "GameError", "GameFinished", "GamePaused", "IllegalAction", "MalformedAction", "SeatSpec", "StaleAction",
    "bot_play", "casual_accept", "event_replays_publish", "event_spectating_set", "match_feature", "casual_cancel", "casual_challenge", "casual_deck", "deadline_process", "deadlines_sweep", "event_decks_lock", "game_submit_action", "hosted_match_create",
    "judge_add_time", "judge_call", "judge_call_answer", "judge_manual_effect", "judge_pause", "judge_penalty",
    "judge_rollback", "match_concede", "match_concede_game", "match_play_stopped", "match_time_called",
    "online_settings_update", "registration_host_waiting_match", "round_host_matches", "seat_arrived", "seat_connection", "state_load", "state_replay", "tournament_game_loss", "tournament_match_decided",
]
