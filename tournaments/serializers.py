"""What the event API answers and accepts, as serializers: they document the real bodies in the OpenAPI
schema (``/api/schema/``). The selectors build the bodies; these describe them field by field."""
from __future__ import annotations

from rest_framework import serializers

from tournaments.models import Event, Match, Penalty, Registration
from tournaments.operations import INT_LIMITS, STR_LIMITS

Nullable = {"allow_null": True}


class MatchPublicSerializer(serializers.Serializer):
    """The one public shape of a match (``tournaments.public_match.PublicMatch``): the matches of ``state``
    and ``pairings``, and the ``data`` of the event websocket's match messages (``match``, ``result``, ``clock``,
    ``time_called``, ``stop_play``, ``extra_game``, ``dispute``). Pairs are [player A, player B]."""

    class Meta:
        ref_name = "MatchPublic"

    id = serializers.IntegerField()
    round = serializers.IntegerField(help_text="The round's number")
    table = serializers.IntegerField(**Nullable, help_text="Empty for the bye")
    a = serializers.CharField(help_text="Player A's display name")
    b = serializers.CharField(**Nullable, help_text="Empty for the bye")
    a_judge = serializers.CharField(help_text="Player A as judges tell players apart: display name (username)")
    b_judge = serializers.CharField(**Nullable)
    a_username = serializers.CharField()
    b_username = serializers.CharField(**Nullable)
    a_registration = serializers.IntegerField()
    b_registration = serializers.IntegerField(**Nullable)
    status = serializers.ChoiceField(choices=Match.Status.choices)
    status_label = serializers.CharField()
    result = serializers.ChoiceField(choices=Match.Result.choices, allow_blank=True, help_text="Empty until final")
    result_label = serializers.CharField(allow_blank=True, help_text="The result in words")
    result_source = serializers.CharField(allow_blank=True, help_text="Who decided it: judge, players, concession, penalty, drop, engine, ...")
    recorded_by = serializers.IntegerField(**Nullable, help_text="The user who recorded the result")
    recorded_at = serializers.DateTimeField(**Nullable)
    games = serializers.ListField(child=serializers.IntegerField(), help_text="[games won by a, by b]")
    games_lost_by_both = serializers.IntegerField()
    ends_at = serializers.DateTimeField(**Nullable, help_text="The match clock's end; empty when untimed or final")
    extra_minutes = serializers.IntegerField(help_text="Time a judge added to this match")
    deck_check = serializers.BooleanField()
    time_called_at = serializers.DateTimeField(**Nullable)
    eom_stop_at = serializers.DateTimeField(**Nullable)
    points = serializers.ListField(child=serializers.IntegerField(**Nullable), **Nullable,
                                   help_text="End of match: [points of a, of b]")
    extra_game = serializers.BooleanField()
    rematch = serializers.BooleanField()
    present = serializers.ListField(child=serializers.BooleanField(), help_text="[a present, b present] (Tardiness)")
    tardiness_waived = serializers.BooleanField()


class RoundPublicSerializer(serializers.Serializer):
    number = serializers.IntegerField()
    kind = serializers.CharField()
    status = serializers.CharField()
    best_of = serializers.IntegerField()
    starts_at = serializers.DateTimeField(**Nullable)
    ends_at = serializers.DateTimeField(**Nullable)
    warnings = serializers.ListField(child=serializers.JSONField())
    matches = MatchPublicSerializer(many=True)
    pairing_note = serializers.CharField(**Nullable, help_text="Why players only meet within their group this round (draft pods)")


class StandingSerializer(serializers.Serializer):
    rank = serializers.IntegerField()
    registration = serializers.IntegerField()
    player = serializers.CharField()
    points = serializers.FloatField()
    wins = serializers.IntegerField()
    losses = serializers.IntegerField()
    draws = serializers.IntegerField()
    byes = serializers.IntegerField()
    mwp = serializers.FloatField(help_text="Match-win percentage")
    omw = serializers.FloatField(help_text="Opponents' match-win percentage")
    oomw = serializers.FloatField(help_text="Opponents' opponents' match-win percentage")
    dropped = serializers.BooleanField()
    status = serializers.ChoiceField(choices=Registration.Status.choices)


class BracketMatchSerializer(serializers.Serializer):
    seed_a = serializers.IntegerField()
    a = serializers.CharField()
    seed_b = serializers.IntegerField()
    b = serializers.CharField()


class BracketSerializer(serializers.Serializer):
    size = serializers.IntegerField()
    best_of = serializers.IntegerField()
    seeds = serializers.ListField(child=serializers.CharField())
    rounds = serializers.ListField(child=BracketMatchSerializer(many=True))
    winners = serializers.ListField(child=serializers.ListField(child=serializers.CharField()))
    champion = serializers.CharField(**Nullable)


class EventSummarySerializer(serializers.Serializer):
    slug = serializers.CharField()
    name = serializers.CharField()
    tier = serializers.IntegerField()
    status = serializers.ChoiceField(choices=Event.Status.choices)
    status_label = serializers.CharField()
    online = serializers.BooleanField()
    swiss_rounds = serializers.IntegerField(**Nullable)
    top_cut = serializers.IntegerField(**Nullable)
    format = serializers.CharField()
    game = serializers.CharField()
    players = serializers.IntegerField()


class EventStateSerializer(serializers.Serializer):
    """``GET /api/events/<slug>/state/``: what the caller may see now."""

    server_now = serializers.DateTimeField()
    event = EventSummarySerializer()
    rounds = RoundPublicSerializer(many=True, help_text="The current round")
    current_round = serializers.IntegerField(**Nullable)
    standings = StandingSerializer(many=True)
    bracket = BracketSerializer(**Nullable)
    roles = serializers.ListField(child=serializers.CharField(), help_text="The caller's roles in the event")
    me = serializers.JSONField(required=False, help_text="A player's own registration, match and penalties")
    staff = serializers.JSONField(required=False, help_text="Organiser and judges: penalties, appeals, presence")


class ExportPairingSerializer(serializers.Serializer):
    table = serializers.IntegerField(**Nullable)
    a = serializers.CharField()
    b = serializers.CharField(**Nullable)
    result = serializers.CharField(**Nullable)
    games = serializers.ListField(child=serializers.IntegerField())
    games_lost_by_both = serializers.IntegerField()
    source = serializers.CharField(allow_blank=True)
    explanation = serializers.CharField(allow_blank=True)
    deck_check = serializers.BooleanField()
    rematch = serializers.BooleanField()


class ExportRoundSerializer(serializers.Serializer):
    number = serializers.IntegerField()
    kind = serializers.CharField()
    best_of = serializers.IntegerField()
    warnings = serializers.ListField(child=serializers.JSONField())
    pairings = ExportPairingSerializer(many=True)


class ExportEventSerializer(serializers.Serializer):
    slug = serializers.CharField()
    name = serializers.CharField()
    game = serializers.CharField()
    format = serializers.CharField()
    tier = serializers.IntegerField()
    status = serializers.ChoiceField(choices=Event.Status.choices)
    swiss_rounds = serializers.IntegerField(**Nullable)
    top_cut = serializers.IntegerField(**Nullable)
    seed = serializers.IntegerField(required=False, help_text="The pairing seed: published once the event is finished")


class ExportPenaltySerializer(serializers.Serializer):
    player = serializers.CharField()
    kind = serializers.ChoiceField(choices=Penalty.Kind.choices)
    kind_label = serializers.CharField()
    infraction = serializers.CharField()
    note = serializers.CharField(allow_blank=True)
    round = serializers.IntegerField(**Nullable)
    escalated = serializers.BooleanField()
    applied = serializers.CharField(allow_blank=True)
    issued_by = serializers.CharField()


class EventExportSerializer(serializers.Serializer):
    """``GET /api/events/<slug>/export/``: the whole event as data."""

    event = ExportEventSerializer()
    rounds = ExportRoundSerializer(many=True)
    standings = StandingSerializer(many=True)
    bracket = BracketSerializer(**Nullable)
    winner = serializers.CharField(**Nullable)
    penalties = ExportPenaltySerializer(many=True, required=False, help_text="Once results are published")


def _int(name: str, help_text: str) -> serializers.IntegerField:
    low, high = INT_LIMITS[name]
    return serializers.IntegerField(required=False, min_value=low, max_value=high, help_text=help_text)


def _text(name: str, help_text: str) -> serializers.CharField:
    return serializers.CharField(required=False, allow_blank=True, max_length=STR_LIMITS[name], help_text=help_text)


class OperationSerializer(serializers.Serializer):
    """The body of ``POST /api/events/<slug>/actions/<operation>/``: each operation reads the fields it
    needs (the operation's description in the API docs says which); the rest are ignored."""

    match = _int("match", "A match of this event (record_result, correct_result, report, confirm, concede, add_time, present, end_of_match, penalty, appeal)")
    registration = _int("registration", "A registration in this event (withdraw, check_in, drop for another player; penalty, decklist_penalty)")
    round = _int("round", "A round number (repair)")
    appeal = _int("appeal", "An appeal of this event (decide_appeal)")
    result = serializers.ChoiceField(choices=["a", "b", "draw", "double_loss"], required=False,
                                     help_text="record_result, correct_result, report")
    games_a = _int("games_a", "Games won by player A (with games_b)")
    games_b = _int("games_b", "Games won by player B (with games_a)")
    points_a = _int("points_a", "end_of_match: player A's points")
    points_b = _int("points_b", "end_of_match: player B's points")
    minutes = _int("minutes", "add_time: minutes to add (1-120)")
    swiss_rounds = serializers.IntegerField(required=False, min_value=1, max_value=20,
                                            help_text="start, settings: the number of Swiss rounds (1-20)")
    not_ready = serializers.ChoiceField(choices=["drop", "warn"], required=False, help_text=(
        "start: what to do with players a start check lists (limited events: no legal deck from their pool) - "
        "drop them, or warn them (a Game Warning each; they stay in); without it the start is refused naming them"))
    top_cut = serializers.IntegerField(required=False, min_value=0, max_value=64,
                                       help_text="settings: players in the elimination rounds (0 none, else a power of two)")
    size = _int("size", "top_cut: players in the cut")
    end_of_match_cap_minutes = _int("end_of_match_cap_minutes", "settings (head judge): limit on end-of-match procedures")
    elimination_announced = serializers.BooleanField(required=False, help_text="settings: Tier 1 elimination rounds announced")
    side = serializers.ChoiceField(choices=["a", "b"], required=False, help_text="present: which player is present")
    waive = serializers.BooleanField(required=False, help_text="present: a judge waives the tardiness penalty")
    agree = serializers.BooleanField(required=False, help_text="confirm: agree with the opponent's report")
    upheld = serializers.BooleanField(required=False, help_text="decide_appeal: the ruling is upheld")
    kind = serializers.ChoiceField(choices=Penalty.Kind.choices, required=False, help_text="penalty")
    infraction = _text("infraction", "penalty: the infraction")
    note = _text("note", "penalty: a note")
    reason = _text("reason", "repair, correct_result, add_time, appeal: why")
    ruling = _text("ruling", "appeal: the floor judge's ruling appealed")
    decision = _text("decision", "decide_appeal: the head judge's decision")
    username = serializers.CharField(required=False, max_length=STR_LIMITS["username"],
                                     help_text="register_player, late_entry, qualify, assign_judge, unlock_login")
    policy = serializers.ChoiceField(choices=Registration.LatePolicy.choices, required=False, help_text="late_entry")
    role = serializers.ChoiceField(choices=["head_judge", "floor_judge"], required=False,
                                   help_text="assign_judge, accept_role, decline_role")
    round_id = _int("round_id", "A deleted round's id (restore_round)")
    first = _int("first", "swap_players: a registration id")
    second = _int("second", "swap_players: a registration id")
    opponent = _int("opponent", "pair_late_arrival: an unpaired registration id")
    names = serializers.CharField(required=False, allow_blank=True, max_length=20_000,
                                  help_text="bulk_register: one username or name per line (CSV: first column)")
    check_in = serializers.BooleanField(required=False, help_text="bulk_register: also check them in")
    timer = _int("timer", "next_round: one of your timer presets' id")
    issue_again = serializers.BooleanField(required=False, help_text="penalty: the same penalty this round is a second incident")
    room_sound = serializers.ChoiceField(required=False, choices=Event.RoomSound.choices, help_text="settings: the room display's cue")


class OperationResultSerializer(serializers.Serializer):
    detail = serializers.CharField(help_text="What happened, in words")
    id = serializers.IntegerField(required=False, help_text="The object the operation made or changed")
    status = serializers.CharField(required=False, help_text="Its status now")
    warnings = serializers.ListField(child=serializers.JSONField(), required=False, help_text="What the edit still allowed")
    lines = serializers.ListField(child=serializers.JSONField(), required=False, help_text="bulk_register: one per line")


class RoomDisplaySerializer(serializers.Serializer):
    """``GET /api/events/<slug>/display/``: the room display (clock, phase, pause, pairings by name)."""

    class Meta:
        ref_name = "RoomDisplay"

    def to_representation(self, instance):
        return instance
