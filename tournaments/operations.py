"""One table of the operations a user can perform on an event, shared by the web pages and the REST API.

Each operation parses its input (a dict from a form or JSON), loads the objects it names *within this
event* (a match id from another event is "not found"), and calls one service. Permissions are checked
by the services themselves, so every edge enforces the same rules.
"""
from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from django.contrib.auth import get_user_model
from django.http import Http404

from tournaments import selectors, services
from tournaments.models import Appeal, Event, Match, Registration, Round, TimerPreset


class InputError(ValueError):
    """Bad input for one field: the message names it (shown as a 400)."""

    def __init__(self, message: str, *, field: str = "") -> None:
        super().__init__(message)
        self.field = field


# The most each whole-number field may hold: the model's limits, or the rules' (Swiss Rounds, Time Extensions).
DB_ID = (1, 2**63 - 1)
INT_LIMITS: dict[str, tuple[int, int]] = {
    "match": DB_ID, "registration": DB_ID, "appeal": DB_ID, "round": (1, 1000),
    # Within the database's range here; the services name the rule (Swiss Rounds 1-20, a power-of-two cut).
    "swiss_rounds": (-(2**31), 2**31 - 1), "top_cut": (-(2**31), 2**31 - 1), "size": (0, 256), "end_of_match_cap_minutes": (0, 60),
    "round_id": DB_ID, "first": DB_ID, "second": DB_ID, "opponent": DB_ID, "timer": DB_ID,
    "games_a": (0, 9), "games_b": (0, 9), "points_a": (0, 100), "points_b": (0, 100), "minutes": (1, 120),
}
# The longest text each field may hold (the model's column, or a page's worth for free text).
STR_LIMITS: dict[str, int] = {
    "result": 12, "side": 1, "kind": 20, "policy": 10, "role": 20, "username": 150, "infraction": 100,
    "reason": 1000, "note": 2000, "ruling": 2000, "decision": 2000, "not_ready": 10,
    "names": 30_000,  # a bulk entry: at most 300 lines (services.players.BULK_MAX_LINES) of 100 characters
    "room_sound": 10,
}
_WHOLE_NUMBER = re.compile(r"-?[0-9]+", re.ASCII)


def _int(data: dict, key: str, *, required: bool = True) -> int | None:
    value = data.get(key)
    if value in (None, ""):
        if required:
            raise InputError(f"'{key}' is required.", field=key)
        return None
    if isinstance(value, bool) or isinstance(value, float) and not value.is_integer():
        raise InputError(f"'{key}' must be a whole number.", field=key)
    if isinstance(value, float):
        value = int(value)
    if isinstance(value, str) and _WHOLE_NUMBER.fullmatch(value.strip()):
        value = int(value.strip())
    if not isinstance(value, int):
        raise InputError(f"'{key}' must be a whole number.", field=key)
    low, high = INT_LIMITS.get(key, (0, 2**31 - 1))
    if not low <= value <= high:
        raise InputError(f"'{key}' must be between {low} and {high}.", field=key)
    return value


def whole_number(data, key: str, *, required: bool = True) -> int | None:
    """A whole-number field (form, JSON or query string) within its limits; ``InputError`` names it."""
    return _int(data, key, required=required)


def _str(data: dict, key: str, *, required: bool = False) -> str:
    value = data.get(key, "")
    if value is None:
        value = ""
    if not isinstance(value, (str, int)) or isinstance(value, bool):
        raise InputError(f"'{key}' must be text.", field=key)
    value = str(value).strip()
    if "\x00" in value:
        raise InputError(f"'{key}' may not contain NUL characters.", field=key)
    limit = STR_LIMITS.get(key, 200)
    if len(value) > limit:
        raise InputError(f"'{key}' is at most {limit} characters ({len(value)} given).", field=key)
    if required and not value:
        raise InputError(f"'{key}' is required.", field=key)
    return value


def _bool(data: dict, key: str) -> bool | None:
    value = data.get(key)
    if value in (None, ""):
        return None
    if isinstance(value, bool):
        return value
    return str(value).lower() in ("1", "true", "yes", "on")


def _match(event: Event, data: dict) -> Match:
    m = Match.objects.select_related("round__event").filter(id=_int(data, "match"), round__event=event).first()
    if m is None:
        raise Http404("No such match in this event.")
    return m


def _registration(event: Event, data: dict, user=None, *, key: str = "registration", deleted: bool = False) -> Registration:
    rid = _int(data, key, required=user is None)
    qs = (Registration.all_objects if deleted else Registration.objects).select_related("player", "event").filter(event=event)
    reg = qs.filter(id=rid).first() if rid else qs.filter(player=user).first()
    if reg is None:
        raise Http404("No such registration in this event.")
    return reg


def _user(data: dict, key: str = "username"):
    if isinstance(data.get(key), get_user_model()):  # the API's body already found them
        return data[key]
    name = _str(data, key, required=True)
    user = get_user_model().objects.filter(username=name).first()
    if user is None:
        raise InputError(f"'{key}': no user called {name!r}.", field=key)
    return user


def _round(event: Event, data: dict, *, deleted: bool = False) -> Round:
    if deleted:
        r = Round.all_objects.filter(event=event, id=_int(data, "round_id"), deleted_at__isnull=False).first()
    else:
        r = Round.objects.filter(event=event, number=_int(data, "round")).first()
    if r is None:
        raise Http404("No such round.")
    return r


def _registered_text(reg: Registration, who: str) -> str:
    if reg.status == Registration.Status.WAITLISTED:
        position = selectors.waitlist_position(registration=reg)
        return (f"The event is full: {who} on the waiting list (number {position}). "
                "The first place that frees is offered in waiting-list order.")
    return f"{who} registered."


def _reported_text(m: Match) -> str:
    if m.status == Match.Status.DISPUTED:
        return "Your report differs from your opponent's: the match is disputed and a judge will decide."
    if m.status == Match.Status.FINAL:
        return "Both reports agree: the result is final."
    return "Result reported; waiting for your opponent to confirm."



def _timer(user, data: dict) -> TimerPreset | None:
    if isinstance(data.get("timer"), TimerPreset):  # the API's body already found it among the caller's
        return data["timer"]
    tid = _int(data, "timer", required=False)
    if tid is None:
        return None
    preset = TimerPreset.objects.filter(id=tid, owner=user).first()
    if preset is None:
        raise InputError("'timer' must be one of your timer presets.", field="timer")
    return preset


class BulkEntry(list):
    """The answer to a bulk entry: one ``EntryLine`` per line, and a summary for the message."""

    @property
    def notice(self) -> str:
        errors = [f"line {r.line} ({r.text}): {r.detail}" for r in self if r.outcome == "error"]
        done = sum(1 for r in self if r.outcome != "error" and r.outcome != "already registered")
        text = f"{done} registered, {sum(1 for r in self if r.outcome == 'already registered')} already in."
        return text + (" Not entered: " + "; ".join(errors) if errors else "")


def _bulk_result(lines: list) -> BulkEntry:
    return BulkEntry(lines)


Op = Callable[[Event, Any, dict], Any]
Message = str | Callable[[Any], str]  # what the user is told: fixed, or read from the operation's result


def _top_cut_message(rnd: Round) -> str:
    return selectors.top_cut_note(event=rnd.event)  # "Top 4 cut from 17 players: a top 8 was due, ..."


def _confirm_message(m: Match) -> str:
    if m.status == Match.Status.DISPUTED:
        return "Disputed: a judge has been called and will decide."
    return "Result confirmed." if m.status == Match.Status.FINAL else "Thank you."


def _present_message(m: Match) -> str:
    return "Marked ready to play." if m.round.event.online else "Marked present."


OPERATIONS: dict[str, tuple[Message, Op]] = {
    # name: (message shown on success, operation)
    "open_registration": ("Registration is open.", lambda e, u, d: services.event_open_registration(event=e, by=u)),
    "open_check_in": ("Check-in is open.", lambda e, u, d: services.event_open_check_in(event=e, by=u)),
    "start": ("The event has started.", lambda e, u, d: services.event_start(
        event=e, by=u, swiss_rounds=_int(d, "swiss_rounds", required=False), not_ready=_str(d, "not_ready"))),
    "settings": ("Settings saved.", lambda e, u, d: services.event_update_settings(
        event=e, by=u, swiss_rounds=_int(d, "swiss_rounds", required=False), top_cut=_int(d, "top_cut", required=False),
        elimination_announced=_bool(d, "elimination_announced"),
        end_of_match_cap_minutes=_int(d, "end_of_match_cap_minutes", required=False),
        room_sound=_str(d, "room_sound") or None)),
    "next_round": ("The next round is being paired.", lambda e, u, d: services.round_start_next(event=e, by=u, timer=_timer(u, d))),
    "pause_clocks": ("Every clock is paused.", lambda e, u, d: services.event_pause_clocks(event=e, by=u, reason=_str(d, "reason"))),
    "resume_clocks": ("The clocks run again; every deadline moved by the pause.", lambda e, u, d: services.event_resume_clocks(event=e, by=u)),
    "swap_players": ("Players swapped.", lambda e, u, d: services.round_swap_players(
        round=_round(e, d), by=u, first=_registration(e, d, key="first"), second=_registration(e, d, key="second"),
        reason=_str(d, "reason", required=True))),
    "pair_late_arrival": ("Late arrival paired.", lambda e, u, d: services.round_pair_late_arrival(
        round=_round(e, d), by=u, registration=_registration(e, d),
        opponent=_registration(e, d, key="opponent") if d.get("opponent") else None, reason=_str(d, "reason"))),
    "bulk_register": ("Bulk entry done.", lambda e, u, d: _bulk_result(services.registration_bulk_create(
        event=e, by=u, text=_str(d, "names", required=True), check_in=bool(_bool(d, "check_in"))))),
    "delete_player": ("Player deleted; restore them from the list of deleted players.", lambda e, u, d: services.registration_delete(
        registration=_registration(e, d), by=u, reason=_str(d, "reason"))),
    "restore_player": ("Player restored.", lambda e, u, d: services.registration_restore(registration=_registration(e, d, deleted=True), by=u)),
    "delete_round": ("Round deleted; it can be restored until another round replaces it.", lambda e, u, d: services.round_delete(
        round=_round(e, d), by=u, reason=_str(d, "reason", required=True))),
    "restore_round": ("Round restored.", lambda e, u, d: services.round_restore(round=_round(e, d, deleted=True), by=u)),
    "delete_event": ("Event deleted; restore it from My events until it is finished.", lambda e, u, d: services.event_delete(event=e, by=u, reason=_str(d, "reason"))),
    "restore_event": ("Event restored.", lambda e, u, d: services.event_restore(event=e, by=u)),
    "undo_result": ("Result taken back.", lambda e, u, d: services.match_undo_result(match=_match(e, d), by=u)),
    "repair": ("The round is being re-paired.", lambda e, u, d: services.round_repair(round=_round(e, d), by=u, reason=_str(d, "reason"))),
    "top_cut": (_top_cut_message, lambda e, u, d: services.event_start_top_cut(event=e, by=u, size=_int(d, "size", required=False))),
    "finish": ("The event is finished.", lambda e, u, d: services.event_finish(event=e, by=u)),
    "publish": ("Results are published.", lambda e, u, d: services.event_publish(event=e, by=u)),
    "register": (lambda reg: _registered_text(reg, "You are"), lambda e, u, d: services.registration_create(event=e, player=u)),
    "register_player": (lambda reg: _registered_text(reg, f"{reg.name} is"), lambda e, u, d: services.registration_create(event=e, player=_user(d), by=u)),
    "withdraw": ("Withdrawn.", lambda e, u, d: services.registration_withdraw(registration=_registration(e, d, u if not d.get("registration") else None), by=u)),
    "check_in": ("Checked in.", lambda e, u, d: services.registration_check_in(registration=_registration(e, d, u if not d.get("registration") else None), by=u)),
    "drop": ("Dropped.", lambda e, u, d: services.registration_drop(registration=_registration(e, d, u if not d.get("registration") else None), by=u)),
    "late_entry": ("Late entry added.", lambda e, u, d: services.registration_add_late(event=e, by=u, player=_user(d), policy=_str(d, "policy") or "losses")),
    "accept_role": ("You accepted the role.", lambda e, u, d: services.event_accept_role(event=e, by=u, role=_str(d, "role", required=True))),
    "decline_role": ("You declined the role.", lambda e, u, d: services.event_decline_role(event=e, by=u, role=_str(d, "role", required=True))),
    "unlock_login": ("Login unlocked.", lambda e, u, d: services.event_unlock_login(event=e, by=u, user=_user(d))),
    "qualify": ("Added to the qualification list.", lambda e, u, d: services.qualification_add(event=e, by=u, user=_user(d))),
    "assign_judge": ("Judge named: they hold the role once they accept it.", lambda e, u, d: services.event_assign_role(event=e, by=u, user=_user(d), role=_str(d, "role", required=True))),
    "record_result": ("Result recorded.", lambda e, u, d: services.match_record_result(
        match=_match(e, d), by=u, result=_str(d, "result", required=True), games_a=_int(d, "games_a", required=False),
        games_b=_int(d, "games_b", required=False))),
    "correct_result": ("Result corrected.", lambda e, u, d: services.match_correct_result(
        match=_match(e, d), by=u, result=_str(d, "result", required=True), reason=_str(d, "reason"),
        games_a=_int(d, "games_a", required=False), games_b=_int(d, "games_b", required=False))),
    "report": (lambda m: _reported_text(m), lambda e, u, d: services.match_report_result(
        match=_match(e, d), by=u, result=_str(d, "result", required=True))),
    "confirm": (_confirm_message, lambda e, u, d: services.match_confirm_result(match=_match(e, d), by=u, agree=bool(_bool(d, "agree")))),
    "concede": ("You conceded.", lambda e, u, d: services.match_concede(match=_match(e, d), by=u)),
    "add_time": ("Time added.", lambda e, u, d: services.match_add_time(match=_match(e, d), by=u, minutes=_int(d, "minutes"), reason=_str(d, "reason"))),
    "present": (_present_message, lambda e, u, d: services.match_mark_present(match=_match(e, d), by=u, side=_str(d, "side") or None, waive=bool(_bool(d, "waive")))),
    "end_of_match": ("Points entered.", lambda e, u, d: services.match_end_of_match(match=_match(e, d), by=u, points_a=_int(d, "points_a"), points_b=_int(d, "points_b"))),
    "penalty": ("Penalty issued.", lambda e, u, d: services.penalty_issue(
        event=e, registration=_registration(e, d), by=u, kind=_str(d, "kind", required=True),
        infraction=_str(d, "infraction", required=True), note=_str(d, "note"),
        match=_match(e, d) if d.get("match") else None, issue_again=bool(_bool(d, "issue_again")))),
    "decklist_penalty": ("Deck-list penalty checked.", lambda e, u, d: services.penalty_for_decklist(event=e, registration=_registration(e, d), by=u)),
    "appeal": ("Your appeal goes to the head judge.", lambda e, u, d: services.appeal_file(
        event=e, by=u, ruling=_str(d, "ruling", required=True), reason=_str(d, "reason"),
        match=_match(e, d) if d.get("match") else None)),
    "decide_appeal": ("Appeal decided.", lambda e, u, d: services.appeal_decide(
        appeal=_appeal(e, d), by=u, upheld=bool(_bool(d, "upheld")), decision=_str(d, "decision", required=True))),
}


def _appeal(event: Event, data: dict) -> Appeal:
    a = Appeal.objects.select_related("event", "registration__player").filter(id=_int(data, "appeal"), event=event).first()
    if a is None:
        raise Http404("No such appeal.")
    return a


def perform(*, event: Event, user, name: str, data: dict) -> tuple[str, Any]:
    """Run operation ``name``. Raises Http404, InputError, services.EventError or services.NotPermitted."""
    if name not in OPERATIONS:
        raise Http404(f"Unknown operation {name!r}.")
    if not getattr(user, "is_authenticated", False):
        raise services.NotPermitted("Log in first.")
    message, op = OPERATIONS[name]
    result = op(event, user, data)
    text = message(result) if callable(message) else message
    notice = getattr(result, "notice", "")  # warnings the edit still allowed (a rematch), a bulk entry's summary
    return (f"{text} {notice}" if notice else text), result
