"""REST API for running events: the same operations as the web pages (``tournaments.operations``).

- ``GET /api/events/`` list, ``POST /api/events/`` create (the caller becomes the organiser)
- ``GET /api/events/<slug>/`` detail; ``/state/`` the caller's view (pairing, clock, standings);
  ``/standings/``, ``/pairings/?round=N``, ``/export/`` (pairings, results, standings, bracket, winner)
- ``POST /api/events/<slug>/actions/<operation>/`` with a JSON body: one of ``OPERATIONS`` (open_registration,
  open_check_in, start, settings, next_round, repair, top_cut, finish, publish, register, register_player,
  withdraw, check_in, drop, late_entry, qualify, assign_judge, record_result, correct_result, report, confirm,
  concede, add_time, present, end_of_match, penalty, decklist_penalty, appeal, decide_appeal).
Errors: 400 ``{"detail": "<why, with the rule>"}``, 403 for a missing role, 404 for objects outside the event.
"""
from __future__ import annotations

from django.contrib.auth import get_user_model
from django.db.models import Q
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import mixins, serializers, status, viewsets
from rest_framework.decorators import action
from rest_framework.exceptions import NotFound
from rest_framework.permissions import IsAuthenticatedOrReadOnly
from rest_framework.response import Response

from decks.models import Format
from tournaments import selectors, services
from tournaments.models import Event, Round
from tournaments.operations import OPERATIONS, InputError, perform, whole_number
from tournaments.serializers import (
    EventExportSerializer,
    EventStateSerializer,
    OperationResultSerializer,
    OperationSerializer,
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
                  "capacity", "online", "venue", "organiser", "swiss_rounds", "top_cut", "elimination_announced"]
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


class EventViewSet(mixins.ListModelMixin, mixins.RetrieveModelMixin, viewsets.GenericViewSet):
    serializer_class = EventSerializer
    lookup_field = "slug"
    permission_classes = [IsAuthenticatedOrReadOnly]

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

    @extend_schema(parameters=[OpenApiParameter("round", int, description="A round number (default: the latest)")],
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

    @extend_schema(request=OperationSerializer, responses=OperationResultSerializer,
                   parameters=[OpenApiParameter("op", str, OpenApiParameter.PATH, enum=sorted(OPERATIONS))])
    @action(detail=True, methods=["post"], url_path=r"actions/(?P<op>[a-z_-]+)")
    def actions(self, request, slug=None, op=None):
        event = self.get_object()
        if not isinstance(request.data, dict):
            return Response({"detail": "The body must be a JSON object of the operation's fields."}, status=status.HTTP_400_BAD_REQUEST)
        try:
            message, obj = perform(event=event, user=request.user, name=op.replace("-", "_"), data=dict(request.data.items()))
        except InputError as exc:
            return Response({"detail": str(exc), "field": exc.field}, status=status.HTTP_400_BAD_REQUEST)
        except services.EventError as exc:
            return Response({"detail": str(exc)}, status=status.HTTP_400_BAD_REQUEST)
        body = {"detail": message}
        if obj is not None and hasattr(obj, "pk"):
            body["id"] = obj.pk
            if hasattr(obj, "status"):
                body["status"] = obj.status
        return Response(body)


def register(router) -> None:
    router.register("events", EventViewSet, basename="event")
