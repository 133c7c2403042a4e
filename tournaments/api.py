"""REST API for running events: the same operations as the web pages (``tournaments.operations``).

- ``GET /api/events/`` list, ``POST /api/events/`` create (the caller becomes the organiser)
- ``GET /api/events/<slug>/`` detail; ``/state/`` the caller's view (pairing, clock, standings);
  ``/standings/``, ``/pairings/?round=N``, ``/export/`` (pairings, results, standings, bracket, winner)
- ``POST /api/events/<slug>/actions/<operation>/`` with a JSON body: one of ``OPERATIONS`` (open_registration,
  start, record_result, ...), each documented as a path of its own with its own body
  (``tournaments.operation_bodies``: the fields, which are required, their limits and choices).
- ``GET /api/events/<slug>/display/`` the room display (clock, phase, pairings by name)
- ``GET|POST /api/timer-presets/``, ``GET|PUT|DELETE /api/timer-presets/<id>/`` the caller's timer presets
- ``GET /api/me/events/`` the caller's events; ``GET|PATCH /api/me/profile/`` the caller's display name
Errors: 400 ``{"detail": "<why, with the rule>", "field": "<the input field at fault>"}``, 403 for a missing role, 404 for objects outside the event.
"""
from __future__ import annotations

from django.contrib.auth import get_user_model
from django.db.models import Q
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema, extend_schema_field
from rest_framework import mixins, serializers, status, viewsets
from rest_framework.decorators import action
from rest_framework.exceptions import NotFound
from rest_framework.permissions import IsAuthenticatedOrReadOnly
from rest_framework.response import Response

from dataclasses import asdict

from django.shortcuts import get_object_or_404
from rest_framework.permissions import IsAuthenticated
from rest_framework.views import APIView

from config.schema import ErrorSerializer
from decks.models import Format
from tournaments import selectors, services
from tournaments.clock import MAX_PHASE_MINUTES, MAX_PHASES
from tournaments.models import Event, PlayerProfile, Round, TimerPreset
from tournaments.operations import BulkEntry, InputError, perform, whole_number
from tournaments.operation_bodies import BODIES, OPERATION_BODIES, describe, input_error, result_serializer
from tournaments.serializers import (
    EventExportSerializer,
    EventStateSerializer,
    RoomDisplaySerializer,
    RoundPublicSerializer,
    StandingSerializer,
)


class EventSerializer(serializers.ModelSerializer):
    game = serializers.SlugRelatedField(slug_field="slug", read_only=True)
    format = serializers.SlugRelatedField(slug_field="slug", read_only=True)
    organiser = serializers.SlugRelatedField(slug_field="username", read_only=True)

    class Meta:
        model = Event
        fields = ["slug", "name", "game", "format", "tier", "structure", "status", "starts_at", "decklist_deadline",
                  "capacity", "online", "venue", "organiser", "swiss_rounds", "top_cut", "elimination_announced",
                  "round_minutes", "room_sound", "clocks_paused_at"]
        read_only_fields = fields


class EventCreateSerializer(serializers.Serializer):
    name = serializers.CharField(max_length=200)
    format = serializers.SlugRelatedField(slug_field="slug", queryset=Format.objects.all())
    tier = serializers.ChoiceField(choices=Event.Tier.choices, default=1)
    structure = serializers.ChoiceField(choices=Event.Structure.choices, default=Event.Structure.CONSTRUCTED)
    starts_at = serializers.DateTimeField()
    decklist_deadline = serializers.DateTimeField(required=False, allow_null=True)
    capacity = serializers.IntegerField(required=False, allow_null=True, min_value=4, max_value=100_000)
    online = serializers.BooleanField(default=False)
    venue = serializers.CharField(required=False, allow_blank=True, default="", max_length=200)
    head_judge = serializers.SlugRelatedField(slug_field="username", queryset=get_user_model().objects.all(), required=False, allow_null=True)
    elimination_announced = serializers.BooleanField(default=False)
    seed = serializers.IntegerField(required=False, allow_null=True, min_value=0, max_value=2**63 - 1)
    round_minutes = serializers.IntegerField(required=False, allow_null=True, min_value=10, max_value=180,
                                             help_text="Swiss round length; empty = the tier's 35")


class EventViewSet(mixins.ListModelMixin, mixins.RetrieveModelMixin, viewsets.GenericViewSet):
    serializer_class = EventSerializer
    lookup_field = "slug"
    permission_classes = [IsAuthenticatedOrReadOnly]
    answers_409 = False  # the rules refuse with a 400 naming the rule (config/schema.py)

    def get_queryset(self):
        qs = Event.objects.select_related("game", "format", "organiser").order_by("starts_at")
        user = self.request.user
        if user.is_authenticated:
            return qs.filter(~Q(status=Event.Status.DRAFT) | Q(organiser=user) | Q(roles__user=user)).distinct()
        return qs.exclude(status=Event.Status.DRAFT)

    @extend_schema(request=EventCreateSerializer, responses=EventSerializer)
    def create(self, request):
        s = EventCreateSerializer(data=request.data)
        s.is_valid(raise_exception=True)
        d = s.validated_data
        try:
            event = services.event_create(by=request.user, game=d["format"].game, **d)
        except services.EventError as exc:
            return Response({"detail": str(exc)}, status=status.HTTP_400_BAD_REQUEST)
        return Response(EventSerializer(event).data, status=status.HTTP_201_CREATED)

    @extend_schema(responses=EventStateSerializer)
    @action(detail=True)
    def state(self, request, slug=None):
        return Response(selectors.event_state(event=self.get_object(), user=request.user))

    @extend_schema(responses=StandingSerializer(many=True))
    @action(detail=True, pagination_class=None)
    def standings(self, request, slug=None):
        return Response(selectors.standings_table(event=self.get_object()))

    @extend_schema(parameters=[OpenApiParameter("round", {"type": "integer", "minimum": 1, "maximum": 1000},
                                                    description="A round number (default: the latest)")],
                   responses=RoundPublicSerializer)
    @action(detail=True)
    def pairings(self, request, slug=None):
        event = self.get_object()
        try:
            number = whole_number(request.query_params, "round", required=False)
        except InputError as exc:
            return Response({"detail": str(exc), "field": exc.field}, status=status.HTTP_400_BAD_REQUEST)
        rounds = Round.objects.filter(event=event).order_by("number")
        rnd = rounds.filter(number=number).first() if number is not None else rounds.last()
        if rnd is None:
            raise NotFound("No such round.")
        return Response(selectors.round_public(rnd))

    @extend_schema(responses=EventExportSerializer)
    @action(detail=True)
    def export(self, request, slug=None):
        return Response(selectors.event_export(event=self.get_object()))

    @extend_schema(responses=RoomDisplaySerializer)
    @action(detail=True)
    def display(self, request, slug=None):
        """The room display: the current round's clock, its phase, the room's pause and pairings by name."""
        return Response(selectors.room_display(event=self.get_object()))

    @extend_schema(exclude=True)  # each operation is documented as a path of its own (below)
    @action(detail=True, methods=["post"], url_path=r"actions/(?P<op>[a-z_-]+)")
    def actions(self, request, slug=None, op=None):
        """Any operation by name (also with hyphens, ``restore-event``), as the documented paths serve it."""
        name = op.replace("-", "_")
        if name not in OPERATION_BODIES:
            raise NotFound(f"Unknown operation {name!r}.")
        return self.operate(request, slug, name)

    def operate(self, request, slug: str, name: str) -> Response:
        """Check the body with the operation's serializer (400 naming the field), then run it."""
        if name == "restore_event":  # a deleted event is found only by its organiser
            event = get_object_or_404(Event.all_objects.filter(organiser=request.user), slug=slug)
        else:
            event = self.get_object()
        if not isinstance(request.data, dict):
            return Response({"detail": "The body must be a JSON object of the operation's fields."}, status=status.HTTP_400_BAD_REQUEST)
        body = OPERATION_BODIES[name](data=request.data, context={"request": request})
        if not body.is_valid():
            detail, field = input_error(body.errors)
            return Response({"detail": detail, "field": field}, status=status.HTTP_400_BAD_REQUEST)
        try:
            message, obj = perform(event=event, user=request.user, name=name, data=dict(body.validated_data))
        except InputError as exc:
            return Response({"detail": str(exc), "field": exc.field}, status=status.HTTP_400_BAD_REQUEST)
        except services.EventError as exc:
            return Response({"detail": str(exc)}, status=status.HTTP_400_BAD_REQUEST)
        return Response(_operation_answer(message, obj))


def _operation_answer(message: str, obj) -> dict:
    answer = {"detail": message}
    if isinstance(obj, BulkEntry):
        answer["lines"] = [asdict(line) for line in obj]
        return answer
    if getattr(obj, "warnings", None):
        answer["warnings"] = obj.warnings
    if obj is not None and hasattr(obj, "pk"):
        answer["id"] = obj.pk
        if hasattr(obj, "status"):
            answer["status"] = obj.status
    return answer


OPERATION_ERRORS = {
    400: OpenApiResponse(ErrorSerializer, description=(
        "Bad input: `field` names the field and `detail` says why; or the rules or the event's state refuse it: "
        "`detail` names the rule (no `field`)")),
    404: OpenApiResponse(ErrorSerializer, description="No such event, or no such match, registration, round or "
                                                      "appeal in this event"),
}


def _operation_action(name: str):
    """``POST /api/events/<slug>/actions/<name>/``: one documented path per operation, with its own body."""

    def run(self, request, slug=None):
        return self.operate(request, slug, name)

    run.__name__ = run.__qualname__ = f"action_{name}"
    run = action(detail=True, methods=["post"], url_path=f"actions/{name}", url_name=f"action-{name.replace('_', '-')}")(run)
    return extend_schema(operation_id=f"events_actions_{name}", summary=BODIES[name][1], description=describe(name),
                         tags=["event operations"], request=OPERATION_BODIES[name],
                         responses={200: OpenApiResponse(result_serializer(name), description="Done: `detail` says what happened"),
                                    **OPERATION_ERRORS})(run)


for _name in OPERATION_BODIES:
    setattr(EventViewSet, f"action_{_name}", _operation_action(_name))


@extend_schema_field({
    "type": "array", "minItems": 1, "maxItems": MAX_PHASES,
    "items": {"type": "object", "required": ["name", "minutes"], "properties": {
        "name": {"type": "string"}, "minutes": {"type": "integer", "minimum": 1, "maximum": MAX_PHASE_MINUTES},
        "match_time": {"type": "boolean"}}},
})
class PhasesField(serializers.JSONField):
    """A round clock's phases, checked by ``tournaments.clock.phases_parse`` (a list, never null)."""


class TimerPresetSerializer(serializers.ModelSerializer):
    phases = PhasesField(help_text='[{"name": "Setup", "minutes": 3}, {"name": "Play", "minutes": 35, "match_time": true}, ...]')

    class Meta:
        model = TimerPreset
        fields = ["id", "name", "phases"]


class TimerPresetViewSet(viewsets.ModelViewSet):
    """The caller's timer presets: phases of a round clock, applied when starting a round (``next_round``, ``timer``)."""

    serializer_class = TimerPresetSerializer
    permission_classes = [IsAuthenticated]
    http_method_names = ["get", "post", "put", "delete"]

    def get_queryset(self):
        if getattr(self, "swagger_fake_view", False):  # the schema generator has no user
            return TimerPreset.objects.none()
        return TimerPreset.objects.filter(owner=self.request.user)

    def _save(self, request, preset=None, code=status.HTTP_200_OK):
        s = TimerPresetSerializer(data=request.data)
        s.is_valid(raise_exception=True)
        try:
            preset = services.timer_preset_save(by=request.user, preset=preset, **s.validated_data)
        except services.EventError as exc:
            return Response({"detail": str(exc)}, status=status.HTTP_400_BAD_REQUEST)
        return Response(TimerPresetSerializer(preset).data, status=code)

    def create(self, request):
        return self._save(request, code=status.HTTP_201_CREATED)

    def update(self, request, pk=None):
        return self._save(request, preset=self.get_object())

    def destroy(self, request, pk=None):
        services.timer_preset_delete(by=request.user, preset=self.get_object())
        return Response(status=status.HTTP_204_NO_CONTENT)


class ProfileSerializer(serializers.Serializer):
    username = serializers.CharField(read_only=True)
    display_name = serializers.CharField(allow_blank=True, max_length=200)


class MyProfileApi(APIView):
    """The caller's display name, shown on pairings, standings and the room display (judges also see the username)."""

    permission_classes = [IsAuthenticated]

    @extend_schema(responses=ProfileSerializer)
    def get(self, request):
        profile = PlayerProfile.objects.filter(user=request.user).first()
        return Response({"username": request.user.get_username(), "display_name": profile.display_name if profile else ""})

    @extend_schema(request=ProfileSerializer, responses=ProfileSerializer)
    def patch(self, request):
        s = ProfileSerializer(data=request.data, partial=True)  # PATCH: a body without the name changes nothing
        s.is_valid(raise_exception=True)
        if "display_name" not in s.validated_data:
            return self.get(request)
        try:
            profile = services.player_set_display_name(user=request.user, display_name=s.validated_data["display_name"])
        except services.EventError as exc:
            return Response({"detail": str(exc)}, status=status.HTTP_400_BAD_REQUEST)
        return Response({"username": request.user.get_username(), "display_name": profile.display_name})


class MyEventSerializer(serializers.Serializer):
    slug = serializers.CharField()
    name = serializers.CharField()
    status = serializers.CharField()
    starts_at = serializers.DateTimeField()
    as_player = serializers.CharField(allow_null=True, help_text="Your registration status, if you play")
    roles = serializers.ListField(child=serializers.CharField(), help_text="organiser, head judge, floor judge")


class MyEventsApi(APIView):
    """The caller's events: those they play in and those they run."""

    permission_classes = [IsAuthenticated]

    @extend_schema(responses=MyEventSerializer(many=True))
    def get(self, request):
        mine = selectors.my_events(user=request.user)
        rows: dict[int, dict] = {}
        for row in mine["playing"]:
            e = row["event"]
            rows[e.id] = {"slug": e.slug, "name": e.name, "status": e.status, "starts_at": e.starts_at, "as_player": row["status"], "roles": []}
        for row in mine["staff"]:
            e = row["event"]
            rows.setdefault(e.id, {"slug": e.slug, "name": e.name, "status": e.status, "starts_at": e.starts_at, "as_player": None, "roles": []})
            rows[e.id]["roles"] = row["roles"]
        return Response(MyEventSerializer(list(rows.values()), many=True).data)


def register(router) -> None:
    router.register("events", EventViewSet, basename="event")
    router.register("timer-presets", TimerPresetViewSet, basename="timer-preset")


def me_urlpatterns():
    from django.urls import path

    return [
        path("me/events/", MyEventsApi.as_view(), name="my-events"),
        path("me/profile/", MyProfileApi.as_view(), name="my-profile"),
    ]
