"""REST API for an event's online tables, as the organiser sets them up:

- ``GET /api/play/events/<slug>/``: the spectating policy, whether replays are published, the featured
  tables and the online clocks (anyone who may see the event)
- ``PATCH /api/play/events/<slug>/`` ``{"spectators": "off"|"judges"|"featured"|"all", "scouting_allowed": bool}``
  (the organiser)
- ``POST /api/play/events/<slug>/publish-replays/`` ``{"publish": true|false}`` (the organiser)
- ``POST /api/play/events/<slug>/feature/`` ``{"match": <online match id>, "featured": true|false}`` (the
  organiser or the head judge)

Errors: ``{"code", "detail", "rule"}`` as the rest of ``/api/play/``: 400 bad input, 403 not permitted, 404.
"""
from __future__ import annotations

from drf_spectacular.utils import extend_schema
from rest_framework import serializers, status, viewsets
from rest_framework.decorators import action
from rest_framework.exceptions import NotFound
from rest_framework.permissions import AllowAny
from rest_framework.response import Response

from gameplay import services
from gameplay.api import ERROR  # the one error body of /api/play/ (a 404 or a refused field carries only part of it)
from gameplay.access import event_online_settings
from gameplay.models import HostedMatch, OnlineEventSettings


class OnlineEventSerializer(serializers.Serializer):
    event = serializers.CharField(source="event.slug", read_only=True)
    spectators = serializers.ChoiceField(choices=OnlineEventSettings.Spectators.choices,
                                         help_text="Who may watch the tables in the spectator view")
    scouting_allowed = serializers.BooleanField(help_text="Players still playing a round may watch other tables of it")
    replays_published = serializers.BooleanField(read_only=True)
    replays_published_at = serializers.DateTimeField(read_only=True, allow_null=True)
    decision_seconds = serializers.IntegerField(read_only=True)
    grace_seconds = serializers.IntegerField(read_only=True)
    featured_matches = serializers.SerializerMethodField(help_text="Online match ids of the featured tables")

    def get_featured_matches(self, obj) -> list[int]:
        return list(HostedMatch.objects.filter(tournament_match__round__event=obj.event, featured=True)
                    .order_by("pk").values_list("pk", flat=True))


class SpectatingSerializer(serializers.Serializer):
    spectators = serializers.ChoiceField(choices=OnlineEventSettings.Spectators.choices, required=False)
    scouting_allowed = serializers.BooleanField(required=False)


class PublishSerializer(serializers.Serializer):
    publish = serializers.BooleanField(default=True, help_text="false: make the replays private again")


class FeatureSerializer(serializers.Serializer):
    match = serializers.IntegerField(help_text="The online match id (GET /api/play/matches/<id>/, table_url /play/m/<id>/)")
    featured = serializers.BooleanField(default=True)




def _error(exc: services.GameError) -> Response:
    code = status.HTTP_403_FORBIDDEN if exc.code == "forbidden" else status.HTTP_400_BAD_REQUEST
    return Response({"code": exc.code, "detail": str(exc), "rule": exc.rule}, status=code)


class OnlineEventViewSet(viewsets.GenericViewSet):
    permission_classes = [AllowAny]  # reads follow the event's visibility; writes check the role in the service
    serializer_class = OnlineEventSerializer
    lookup_field = "slug"
    lookup_value_regex = r"[-a-zA-Z0-9_]+"
    queryset = OnlineEventSettings.objects.none()  # (for the schema)

    def _event(self, slug):
        from tournaments import roles
        from tournaments.models import Event

        event = Event.objects.filter(slug=slug).first()
        if event is None or (event.status == Event.Status.DRAFT and not roles.is_event_staff(event, self.request.user)):
            raise NotFound("No such event.")
        return event

    def _settings(self, slug) -> Response:
        return Response(OnlineEventSerializer(event_online_settings(self._event(slug))).data)

    @extend_schema(responses={200: OnlineEventSerializer, 404: ERROR})
    def retrieve(self, request, slug=None):
        return self._settings(slug)

    @extend_schema(request=SpectatingSerializer, responses={200: OnlineEventSerializer, 400: ERROR, 403: ERROR, 404: ERROR},
                   description="The organiser chooses who may watch the tables.")
    def partial_update(self, request, slug=None):
        event = self._event(slug)
        s = SpectatingSerializer(data=request.data)
        s.is_valid(raise_exception=True)
        current = event_online_settings(event)
        try:
            services.event_spectating_set(event=event, by=request.user,
                                          spectators=s.validated_data.get("spectators", current.spectators),
                                          scouting_allowed=s.validated_data.get("scouting_allowed", current.scouting_allowed))
        except services.GameError as exc:
            return _error(exc)
        return self._settings(slug)

    @extend_schema(request=PublishSerializer, responses={200: OnlineEventSerializer, 400: ERROR, 403: ERROR, 404: ERROR},
                   description="The organiser publishes the replays of the event's games (anyone may watch them, "
                               "spectator view) or makes them private again.")
    @action(detail=True, methods=["post"], url_path="publish-replays")
    def publish_replays(self, request, slug=None):
        event = self._event(slug)
        s = PublishSerializer(data=request.data)
        s.is_valid(raise_exception=True)
        try:
            services.event_replays_publish(event=event, by=request.user, publish=s.validated_data["publish"])
        except services.GameError as exc:
            return _error(exc)
        return self._settings(slug)

    @extend_schema(request=FeatureSerializer, responses={200: OnlineEventSerializer, 400: ERROR, 403: ERROR, 404: ERROR},
                   description="The organiser or the head judge features a table (or stops featuring it).")
    @action(detail=True, methods=["post"])
    def feature(self, request, slug=None):
        event = self._event(slug)
        s = FeatureSerializer(data=request.data)
        s.is_valid(raise_exception=True)
        if not HostedMatch.objects.filter(pk=s.validated_data["match"], tournament_match__round__event=event).exists():
            # a reference to no such object, named by its field like any serializer error
            return Response({"match": [f"Online match {s.validated_data['match']} does not exist in this event."]},
                            status=status.HTTP_400_BAD_REQUEST)
        try:
            services.match_feature(match_id=s.validated_data["match"], by=request.user, featured=s.validated_data["featured"])
        except services.GameError as exc:
            return _error(exc)
        return self._settings(slug)


def register(router) -> None:
    router.register("play/events", OnlineEventViewSet, basename="play-event")

