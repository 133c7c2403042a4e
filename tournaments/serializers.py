"""What the event API answers and accepts, as serializers: they document the real bodies in the OpenAPI
schema (``/api/schema/``). The selectors build the bodies; these describe them field by field."""
from __future__ import annotations

from rest_framework import serializers

from tournaments.models import Event, Match, Penalty, Registration

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


class RoomDisplaySerializer(serializers.Serializer):
    """``GET /api/events/<slug>/display/``: the room display (clock, phase, pause, pairings by name)."""

    class Meta:
        ref_name = "RoomDisplay"

    def to_representation(self, instance):
        return instance
