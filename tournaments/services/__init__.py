"""Writes for running an event: lifecycle, registration, rounds, results, clocks, penalties, appeals.

Every service is keyword-only, checks the acting user's role itself (so every edge — web page, REST
API, websocket, management command — is enforced the same way), writes inside a transaction, and
broadcasts or schedules Celery work only after commit. Rule citations are to the MLP floor rules
("General Rules and Terms" onwards) in /shared/rules.

The services are grouped by concern; import them from here (``from tournaments.services import X``):

- ``common``: errors, the role check, audit log, status changes, row locks, match payloads, storing deadlines
- ``events``: an event's lifecycle, staff, settings, qualification and suspension lists
- ``registration``: eligibility, registering, the waiting list, check-in, late entry, withdrawing, dropping
- ``rounds``: starting, pairing and re-pairing rounds; the top cut
- ``deadlines``: acting on stored deadlines (their Celery task and the periodic sweep)
- ``matches``: match clocks and results
- ``penalties``: Tournament Penalties and appeals
- ``clocks``: timer presets (phases), pausing and resuming every clock of an event
- ``pairing_edits``: the head judge's manual pairing edits (swap players, pair a late arrival)
- ``players``: display names and bulk entry of walk-ins
- ``deleting``: reversible deletes of events, players and rounds until the event is finished

Imports run one way: common <- clocks, matches <- registration <- penalties <- rounds <- events, deadlines;
pairing_edits, players and deleting build on common and registration.
A test that replaces a name a service looks up patches it in the module that uses it
(e.g. ``tournaments.services.registration.registration_eligibility_errors``).
"""
from __future__ import annotations

from tournaments.services.common import (
    EventError,
    NotPermitted,
    User,
)
from tournaments.services.events import (
    MINIMUM_PLAYERS,
    event_accept_role,
    event_assign_role,
    event_create,
    event_decline_role,
    event_finish,
    event_open_check_in,
    event_open_registration,
    event_publish,
    event_start,
    event_unlock_login,
    event_update_settings,
    organiser_request,
    organiser_request_decide,
    qualification_add,
    suspension_add,
)
from tournaments.services.registration import (
    registration_add_late,
    registration_check_in,
    registration_create,
    registration_drop,
    registration_eligibility_errors,
    registration_withdraw,
)
from tournaments.services.rounds import (
    event_start_top_cut,
    round_missing_results_text,
    round_pair,
    round_repair,
    round_start_next,
)
from tournaments.services.deadlines import (
    deadline_process,
    deadlines_sweep,
)
from tournaments.services.matches import (
    VALID_RESULTS,
    match_add_time,
    match_call_time,
    match_concede,
    match_confirm_result,
    match_correct_result,
    match_end_of_match,
    match_mark_present,
    match_record_engine_result,
    match_record_result,
    match_report_result,
    match_undo_result,
)
from tournaments.services.clocks import (
    event_pause_clocks,
    event_resume_clocks,
    timer_preset_delete,
    timer_preset_save,
)
from tournaments.services.deleting import (
    event_delete,
    event_restore,
    registration_delete,
    registration_restore,
    round_delete,
    round_restore,
)
from tournaments.services.pairing_edits import (
    PairingEdit,
    round_pair_late_arrival,
    round_swap_players,
)
from tournaments.services.players import (
    EntryLine,
    player_set_display_name,
    registration_bulk_create,
)
from tournaments.services.penalties import (
    appeal_decide,
    appeal_file,
    penalty_for_decklist,
    penalty_issue,
)

__all__ = [
    "EntryLine",
    "PairingEdit",
    "event_delete",
    "event_pause_clocks",
    "event_restore",
    "event_resume_clocks",
    "player_set_display_name",
    "registration_bulk_create",
    "registration_delete",
    "registration_restore",
    "round_delete",
    "round_pair_late_arrival",
    "round_restore",
    "round_swap_players",
    "timer_preset_delete",
    "timer_preset_save",
    "MINIMUM_PLAYERS",
    "VALID_RESULTS",
    "EventError",
    "NotPermitted",
    "User",
    "appeal_decide",
    "appeal_file",
    "deadline_process",
    "deadlines_sweep",
    "event_accept_role",
    "event_assign_role",
    "event_create",
    "event_decline_role",
    "event_finish",
    "event_open_check_in",
    "event_open_registration",
    "event_publish",
    "event_start",
    "event_start_top_cut",
    "event_unlock_login",
    "event_update_settings",
    "match_add_time",
    "match_call_time",
    "match_concede",
    "match_confirm_result",
    "match_correct_result",
    "match_end_of_match",
    "match_mark_present",
    "match_record_engine_result",
    "match_record_result",
    "match_undo_result",
    "match_report_result",
    "penalty_for_decklist",
    "penalty_issue",
    "organiser_request",
    "organiser_request_decide",
    "qualification_add",
    "registration_add_late",
    "registration_check_in",
    "registration_create",
    "registration_drop",
    "registration_eligibility_errors",
    "registration_withdraw",
    "round_missing_results_text",
    "round_pair",
    "round_repair",
    "round_start_next",
    "suspension_add",
]
