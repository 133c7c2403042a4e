"""The body each event operation takes (``POST /api/events/<slug>/actions/<operation>/``), one serializer per
operation, generated from one table: which fields it reads, which of them are required, who may call it.

The serializers are the API's edge: they check types, the model's limits and the choices, and a 400 names
the field. ``tournaments.operations`` then loads the objects named (within the event: 404 otherwise) and the
services apply the rules (a 400 whose ``detail`` names the rule) and the permissions (403). The OpenAPI
schema shows each operation as a path of its own with this body, so a client reads what it must send.
"""
from __future__ import annotations

from collections.abc import Callable

from django.contrib.auth import get_user_model
from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from config.schema import NOT_ONLY_WHITESPACE
from tournaments.models import Event, Penalty, Registration, TimerPreset
from tournaments.operations import INT_LIMITS, STR_LIMITS, OPERATIONS
from tournaments.services.matches import VALID_RESULTS

RESULTS = sorted(VALID_RESULTS)


def _messages(name: str, low: int | None = None, high: int | None = None, *, kind: str = "a whole number") -> dict[str, str]:
    """The operations' own words (``operations._int``, ``_str``), so web and API name a field the same way."""
    words = {"required": f"'{name}' is required.", "blank": f"'{name}' is required.", "null": f"'{name}' is required.",
             "invalid": f"'{name}' must be {kind}.", "max_string_length": f"'{name}' must be {kind}.",
             "invalid_choice": f"'{name}': \"{{input}}\" is not one of the choices.",
             "incorrect_type": f"'{name}' must be {kind}.", "max_length": f"'{name}' is at most {{max_length}} characters."}
    if low is not None:
        words["min_value"] = words["max_value"] = f"'{name}' must be between {low} and {high}."
    return words


def _number(name: str, low: int | None = None, high: int | None = None, help_text: str = "") -> Callable[[bool], serializers.Field]:
    """A whole number within the model's limits (``operations.INT_LIMITS``) or narrower ones (the rules')."""
    base_low, base_high = INT_LIMITS[name]
    low, high = max(base_low, low if low is not None else base_low), min(base_high, high if high is not None else base_high)
    return lambda required: serializers.IntegerField(required=required, min_value=low, max_value=high, help_text=help_text,
                                                     error_messages=_messages(name, low, high))


def _text(name: str, help_text: str) -> Callable[[bool], serializers.Field]:
    """Free text up to its column's (or a page's) length; a required text is not blank."""
    return lambda required: serializers.CharField(required=required, allow_blank=not required, max_length=STR_LIMITS[name],
                                                  help_text=help_text, error_messages=_messages(name, kind="text"))


def _choice(name: str, choices, help_text: str) -> Callable[[bool], serializers.Field]:
    return lambda required: serializers.ChoiceField(choices=choices, required=required, help_text=help_text,
                                                    error_messages=_messages(name, kind="one of the choices"))


def _flag(name: str, help_text: str) -> Callable[[bool], serializers.Field]:
    return lambda required: serializers.BooleanField(required=required, help_text=help_text,
                                                     error_messages=_messages(name, kind="true or false"))


@extend_schema_field({"type": "string", "minLength": 1, "maxLength": STR_LIMITS["username"], "pattern": NOT_ONLY_WHITESPACE})
class UsernameField(serializers.SlugRelatedField):
    """A user named by username; an unknown one is a 400 naming the field ("... does not exist")."""

    def __init__(self, **kwargs) -> None:
        super().__init__(slug_field="username", queryset=get_user_model().objects.all(), **kwargs)

    def to_internal_value(self, data):
        if not isinstance(data, str) or not data.strip() or "\x00" in data or len(data) > STR_LIMITS["username"]:
            self.fail("invalid")
        return super().to_internal_value(data.strip())


@extend_schema_field({"type": "integer", "minimum": 1})
class OwnTimerPresetField(serializers.PrimaryKeyRelatedField):
    """One of the caller's timer presets, by id."""

    def get_queryset(self):
        request = self.context.get("request")
        return TimerPreset.objects.filter(owner_id=getattr(getattr(request, "user", None), "pk", None))


FIELDS: dict[str, Callable[[bool], serializers.Field]] = {
    "match": _number("match", help_text="A match of this event (its id)"),
    "registration": _number("registration", help_text="A registration in this event (its id)"),
    "round": _number("round", help_text="A round's number"),
    "round_id": _number("round_id", help_text="A deleted round's id"),
    "appeal": _number("appeal", help_text="An appeal of this event (its id)"),
    "first": _number("first", help_text="A registration id"),
    "second": _number("second", help_text="A registration id"),
    "opponent": _number("opponent", help_text="An unpaired registration id (empty: the bye's player or a new table)"),
    "result": _choice("result", RESULTS, "a or b wins, a draw, or both lose"),
    "games_a": _number("games_a", help_text="Games won by player A (with games_b)"),
    "games_b": _number("games_b", help_text="Games won by player B (with games_a)"),
    "points_a": _number("points_a", help_text="Player A's points at the end of the match"),
    "points_b": _number("points_b", help_text="Player B's points at the end of the match"),
    "minutes": _number("minutes", help_text="Minutes to add (Time Extensions: 1-120)"),
    "swiss_rounds": _number("swiss_rounds", 1, 20, "The number of Swiss rounds (Tournament Rules, Swiss Rounds: 1-20)"),
    "top_cut": _number("top_cut", 0, 64, "Players in the elimination rounds (0 none, else a power of two)"),
    "size": _number("size", help_text="Players in the cut (empty: the tier's cut for this attendance)"),
    "end_of_match_cap_minutes": _number("end_of_match_cap_minutes", help_text="Limit on end-of-match procedures (head judge)"),
    "elimination_announced": _flag("elimination_announced", "Tier 1: elimination rounds announced"),
    "room_sound": _choice("room_sound", Event.RoomSound.choices, "The room display's cue"),
    "not_ready": _choice("not_ready", ["drop", "warn"], (
        "What to do with players a start check lists (limited events: no legal deck from their pool): drop them, "
        "or warn them (a Game Warning each; they stay in); without it the start is refused naming them")),
    "side": _choice("side", ["a", "b"], "Which player is present (a judge marking; players mark themselves)"),
    "waive": _flag("waive", "A judge waives the tardiness penalty"),
    "agree": _flag("agree", "Agree with the opponent's report (false: dispute it)"),
    "upheld": _flag("upheld", "The ruling is upheld"),
    "kind": _choice("kind", Penalty.Kind.choices, "The penalty"),
    "infraction": _text("infraction", "The infraction"),
    "note": _text("note", "A note"),
    "reason": _text("reason", "Why"),
    "ruling": _text("ruling", "The floor judge's ruling appealed"),
    "decision": _text("decision", "The head judge's decision"),
    "username": lambda required: UsernameField(required=required, help_text="A user's username",
                                               error_messages=_messages("username", kind="a user's username")
                                               | {"does_not_exist": "'username': no user called \"{value}\" (it does not exist)."}),
    "policy": _choice("policy", Registration.LatePolicy.choices, "What the missed rounds count as"),
    "role": _choice("role", ["head_judge", "floor_judge"], "A judge role"),
    "names": _text("names", "One username or name per line (CSV: the first column); at most 300 lines"),
    "check_in": _flag("check_in", "Also check them in (check-in open)"),
    "timer": lambda required: OwnTimerPresetField(required=required, help_text="One of your timer presets (its id)",
                                                  error_messages=_messages("timer", kind="one of your timer presets")
                                                  | {"does_not_exist": "'timer': you have no timer preset {pk_value} (it does not exist)."}),
    "issue_again": _flag("issue_again", "The same penalty this round is a second incident"),
}

ORGANISER, JUDGE, HEAD_JUDGE, PLAYER, STAFF = "the organiser", "a judge", "the head judge", "a player", "the organiser or a judge"

# operation: (who may, what it does, its fields: required or not)
BODIES: dict[str, tuple[str, str, dict[str, bool]]] = {
    "open_registration": (ORGANISER, "Open registration.", {}),
    "open_check_in": (ORGANISER, "Open check-in.", {}),
    "start": (ORGANISER, "Start the Swiss rounds (check-in open).", {"swiss_rounds": False, "not_ready": False}),
    "settings": (ORGANISER, "Change the event's settings (the end-of-match cap: the head judge).", {
        "swiss_rounds": False, "top_cut": False, "elimination_announced": False, "end_of_match_cap_minutes": False,
        "room_sound": False}),
    "next_round": (ORGANISER, "Pair and start the next round.", {"timer": False}),
    "pause_clocks": (HEAD_JUDGE, "Pause every clock of the event.", {"reason": False}),
    "resume_clocks": (HEAD_JUDGE, "Run the clocks again; every deadline moves by the pause.", {}),
    "swap_players": (HEAD_JUDGE, "Swap two players between tables of a round.", {
        "round": True, "first": True, "second": True, "reason": True}),
    "pair_late_arrival": (HEAD_JUDGE, "Pair a player who arrived late.", {
        "round": True, "registration": True, "opponent": False, "reason": False}),
    "bulk_register": (ORGANISER, "Register many players at once (names without an account get one).", {
        "names": True, "check_in": False}),
    "delete_player": (ORGANISER, "Delete a registration (restorable).", {"registration": True, "reason": False}),
    "restore_player": (ORGANISER, "Restore a deleted registration.", {"registration": True}),
    "delete_round": (HEAD_JUDGE, "Delete the latest round (restorable until another replaces it).", {
        "round": True, "reason": True}),
    "restore_round": (HEAD_JUDGE, "Restore a deleted round.", {"round_id": True}),
    "delete_event": (ORGANISER, "Delete the event (restorable until it is finished).", {"reason": False}),
    "restore_event": (ORGANISER, "Restore the deleted event.", {}),
    "undo_result": (JUDGE, "Take back a result the judge recorded (within two minutes).", {"match": True}),
    "repair": (HEAD_JUDGE, "Re-pair a round.", {"round": True, "reason": False}),
    "top_cut": (ORGANISER, "Start the elimination rounds.", {"size": False}),
    "finish": (ORGANISER, "Finish the event.", {}),
    "publish": (ORGANISER, "Publish the results.", {}),
    "register": (PLAYER, "Register yourself (the waiting list once the event is full).", {}),
    "register_player": (ORGANISER, "Register a player by username.", {"username": True}),
    "withdraw": (PLAYER, "Withdraw (yourself, or another registration: the organiser).", {"registration": False}),
    "check_in": (PLAYER, "Check in (yourself, or another registration: the organiser).", {"registration": False}),
    "drop": (PLAYER, "Drop from the event (yourself, or another registration: staff).", {"registration": False}),
    "late_entry": (ORGANISER, "Add a player after the start.", {"username": True, "policy": False}),
    "accept_role": ("the person named", "Accept a judge role the organiser offered you.", {"role": True}),
    "decline_role": ("the person named", "Decline (or give up) a judge role.", {"role": True}),
    "unlock_login": (STAFF, "Unlock a player's login after too many wrong passwords.", {"username": True}),
    "qualify": (ORGANISER, "Add a user to the event's qualification list.", {"username": True}),
    "assign_judge": (ORGANISER, "Name a judge (they hold the role once they accept it).", {"username": True, "role": True}),
    "record_result": (JUDGE, "Record a match's result.", {"match": True, "result": True, "games_a": False, "games_b": False}),
    "correct_result": (JUDGE, "Correct a final result.", {
        "match": True, "result": True, "reason": False, "games_a": False, "games_b": False}),
    "report": (PLAYER, "Report your match's result (your opponent confirms).", {"match": True, "result": True}),
    "confirm": (PLAYER, "Confirm (or dispute) your opponent's report.", {"match": True, "agree": False}),
    "concede": (PLAYER, "Concede your match.", {"match": True}),
    "add_time": (JUDGE, "Give a match extra time.", {"match": True, "minutes": True, "reason": False}),
    "present": (PLAYER, "Mark a player present (ready to play online).", {"match": True, "side": False, "waive": False}),
    "end_of_match": (JUDGE, "Enter the points at the end of a match.", {"match": True, "points_a": True, "points_b": True}),
    "penalty": (JUDGE, "Issue a penalty.", {
        "registration": True, "kind": True, "infraction": True, "note": False, "match": False, "issue_again": False}),
    "decklist_penalty": (JUDGE, "Check a player's deck-list penalty.", {"registration": True}),
    "appeal": (PLAYER, "Appeal a floor judge's ruling to the head judge.", {"ruling": True, "reason": False, "match": False}),
    "decide_appeal": (HEAD_JUDGE, "Decide an appeal.", {"appeal": True, "decision": True, "upheld": False}),
}
assert set(BODIES) == set(OPERATIONS), set(BODIES) ^ set(OPERATIONS)


def _camel(name: str) -> str:
    return "".join(part.capitalize() for part in name.split("_"))


def _body(name: str) -> type[serializers.Serializer]:
    who, what, fields = BODIES[name]
    attrs = {field: FIELDS[field](required) for field, required in fields.items()}
    attrs["__doc__"] = f"The body of {name}: {what}"
    attrs["Meta"] = type("Meta", (), {"ref_name": f"{_camel(name)}Action"})
    return type(f"{_camel(name)}ActionSerializer", (serializers.Serializer,), attrs)


OPERATION_BODIES: dict[str, type[serializers.Serializer]] = {name: _body(name) for name in BODIES}


def describe(name: str) -> str:
    """The operation's description in the API docs: what it does and who may."""
    who, what, fields = BODIES[name]
    needs = ", ".join(f for f, required in fields.items() if required)
    return f"{what} Who: {who}." + (f" Requires: {needs}." if needs else " No fields.")


def input_error(errors: dict) -> tuple[str, str]:
    """A serializer's errors as one message and the first field named: ("'minutes' must be between 1 and 120.", "minutes")."""
    parts, first = [], ""
    for field, messages in errors.items():
        first = first or field
        for message in messages if isinstance(messages, list) else [messages]:
            text = str(message)
            parts.append(text if f"'{field}'" in text else f"'{field}': {text}")
    return " ".join(parts), first


class EntryLineSerializer(serializers.Serializer):
    line = serializers.IntegerField()
    text = serializers.CharField(allow_blank=True)
    outcome = serializers.ChoiceField(choices=["registered", "checked in", "created and registered", "already registered", "error"])
    detail = serializers.CharField(allow_blank=True)
    registration_id = serializers.IntegerField(allow_null=True)


class OperationResultSerializer(serializers.Serializer):
    detail = serializers.CharField(help_text="What happened, in words")
    id = serializers.IntegerField(required=False, help_text="The object the operation made or changed")
    status = serializers.CharField(required=False, help_text="Its status now")
    warnings = serializers.ListField(child=serializers.CharField(), required=False, help_text="What the edit still allowed (a rematch)")


class BulkEntryResultSerializer(serializers.Serializer):
    detail = serializers.CharField(help_text="How many were registered, and the lines not entered")
    lines = EntryLineSerializer(many=True, help_text="One per line, in order")


def result_serializer(name: str) -> type[serializers.Serializer]:
    return BulkEntryResultSerializer if name == "bulk_register" else OperationResultSerializer
