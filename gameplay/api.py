"""REST API for hosted games: the same operations as the websocket, so a bot or a test can play
without one (protocol: docs/online-play.md).

- ``GET /api/play/matches/`` (mine), ``POST /api/play/matches/`` (challenge a user / play a bot),
  ``GET /api/play/matches/<id>/``, ``POST .../accept/``, ``.../cancel/``, ``.../concede/``
- ``GET /api/play/games/<id>/state/`` (the websocket's "state" message), ``POST .../actions/``
  ``{"seq": N, "action": {...}}``, ``GET .../log/?after=N``, ``POST .../call-judge/``
- judges: ``POST .../pause/``, ``.../resume/``, ``.../add-time/``, ``.../penalty/``, ``.../rollback/``,
  ``.../manual-effect/``, ``.../answer-call/``
Errors: ``{"code", "detail", "rule"}`` — 400 (illegal, malformed, finished, paused), 409 (stale: the body
also has the current "state"), 403 (forbidden), 404.
"""
from __future__ import annotations

from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema, extend_schema_field, inline_serializer
from rest_framework import mixins, serializers, status, viewsets
from rest_framework.decorators import action
from rest_framework.permissions import AllowAny, IsAuthenticated
from rest_framework.exceptions import NotFound
from rest_framework.response import Response

from gameplay import selectors, services
from gameplay.models import HostedGame, HostedMatch, JudgeCall
from tournaments.public_match import match_public
from tournaments.serializers import MatchPublicSerializer


# --------------------------------------------------------------------------- serializers


class SeatSerializer(serializers.Serializer):
    index = serializers.IntegerField()
    name = serializers.CharField()
    bot = serializers.BooleanField(source="is_bot")
    deck_source = serializers.CharField()


class GameSummarySerializer(serializers.ModelSerializer):
    class Meta:
        model = HostedGame
        fields = ["id", "number", "status", "seq", "first_player", "outcome", "result_kind", "paused"]
        read_only_fields = fields


class MatchSerializer(serializers.ModelSerializer):
    seats = SeatSerializer(many=True, read_only=True)
    games = GameSummarySerializer(many=True, read_only=True)
    tournament_match = serializers.IntegerField(source="tournament_match_id", read_only=True, allow_null=True)
    pairing = serializers.SerializerMethodField(
        help_text="An event match's pairing in the one public shape of a match (round, table, players, result, "
                  "clock), as the event's state, pairings and websocket send it; empty for a casual match")
    table_url = serializers.SerializerMethodField()
    presence = serializers.SerializerMethodField(help_text=(
        "Event matches: each seat at the table now, arrived (ready to play) or late (after the round's start plus the online "
        "tardiness grace), and when a player who has not arrived becomes late; null for a casual match"))

    class Meta:
        model = HostedMatch
        fields = ["id", "engine", "engine_version", "status", "best_of", "games_won", "winner_seat", "result_reason",
                  "tournament_match", "pairing", "decision_seconds", "grace_seconds", "created_at", "finished_at", "seats",
                  "games", "table_url", "featured", "presence"]
        read_only_fields = fields

    @extend_schema_field(MatchPublicSerializer(allow_null=True))
    def get_pairing(self, obj) -> dict | None:
        return match_public(obj.tournament_match) if obj.tournament_match_id else None

    def get_table_url(self, obj) -> str:
        return f"/play/m/{obj.pk}/"

    @extend_schema_field(inline_serializer("TablePresence", {
        "live": serializers.BooleanField(), "late_at": serializers.DateTimeField(allow_null=True), "grace_minutes": serializers.IntegerField(),
        "tardiness_waived": serializers.BooleanField(), "seats": serializers.ListField(child=inline_serializer("SeatPresence", {
            "seat": serializers.IntegerField(), "name": serializers.CharField(), "at_table": serializers.BooleanField(),
            "arrived": serializers.BooleanField(), "late": serializers.BooleanField(), "left_at": serializers.DateTimeField(allow_null=True)}))},
        allow_null=True))
    def get_presence(self, obj) -> dict | None:
        from gameplay.presence import table_presence

        if obj.tournament_match_id is None:
            return None
        p = table_presence(tournament_match=obj.tournament_match)
        if p is None:
            return None
        seats = [{k: v for k, v in s.items() if k not in ("user_id", "side")} for s in p["seats"]]
        return {"live": p["live"], "late_at": p["late_at"], "grace_minutes": p["grace_minutes"], "tardiness_waived": p["tardiness_waived"], "seats": seats}


class DeckChoiceSerializer(serializers.Serializer):
    decklist_version = serializers.IntegerField(required=False, help_text="One of your legal decklists (version id)")
    random_format = serializers.CharField(required=False, help_text="A random legal deck of this format, e.g. mlp-harmony")


class ChallengeSerializer(serializers.Serializer):
    opponent = serializers.CharField(required=False, allow_blank=True, help_text="Username to challenge")
    bot = serializers.BooleanField(default=False, help_text="Play the server's bot instead")
    best_of = serializers.ChoiceField(choices=[1, 3], default=1)
    deck = DeckChoiceSerializer()
    bot_deck = DeckChoiceSerializer(required=False)


class AcceptSerializer(serializers.Serializer):
    deck = DeckChoiceSerializer()


class ActionBodySerializer(serializers.Serializer):
    """An action of the state's ``legal_actions``: its kind and the kind's parameters beside it."""

    kind = serializers.CharField(min_length=1, help_text='e.g. "pass", "play_card", "concede"; the server sets "player" from your seat')


class ActionSerializer(serializers.Serializer):
    seq = serializers.IntegerField(help_text="The sequence number of the state you acted on")
    action = ActionBodySerializer(help_text='{"kind": ..., ...params}, as listed in the state\'s legal_actions')


class CallJudgeSerializer(serializers.Serializer):
    message = serializers.CharField(required=False, allow_blank=True, max_length=500, default="")


class ReasonSerializer(serializers.Serializer):
    reason = serializers.CharField(required=False, allow_blank=True, default="")


class AddTimeSerializer(serializers.Serializer):
    minutes = serializers.IntegerField(min_value=1, max_value=120)
    reason = serializers.CharField(required=False, allow_blank=True, default="")


class GamePenaltySerializer(serializers.Serializer):  # not "Penalty": the schema's PenaltyKindEnum has four kinds

    seat = serializers.IntegerField(min_value=0, max_value=1)
    kind = serializers.ChoiceField(choices=["procedural_error", "game_warning", "game_loss"])
    infraction = serializers.CharField(max_length=100)
    note = serializers.CharField(required=False, allow_blank=True, default="")


class RollbackSerializer(serializers.Serializer):
    to_seq = serializers.IntegerField(min_value=0, help_text="Keep actions 1..to_seq; later ones are voided")
    reason = serializers.CharField()


class ManualEffectSerializer(serializers.Serializer):
    as_player = serializers.IntegerField(min_value=0, max_value=1)
    effect = serializers.DictField(help_text="An effect of the engine's vocabulary: {op: ..., ...}")
    target = serializers.CharField(required=False, allow_null=True)
    source = serializers.CharField(required=False, allow_null=True)


class AnswerCallSerializer(serializers.Serializer):
    call = serializers.IntegerField()


# The services' refusals carry all three; a body the serializer refuses names each field instead
# ({"<field>": ["why"]}), and a missing login is DRF's {"detail": ...}: none is promised to every error.
ERROR = inline_serializer("GameErrorBody", {
    "code": serializers.CharField(required=False, help_text="illegal, malformed, finished, paused, stale or forbidden"),
    "detail": serializers.CharField(required=False, help_text="Why, in words"),
    "rule": serializers.CharField(required=False, help_text="The comprehensive rule that decides, when one does"),
})
STATE = inline_serializer("GameState", {
    "type": serializers.CharField(), "seq": serializers.IntegerField(), "game": serializers.DictField(),
    "viewer": serializers.DictField(), "view": serializers.DictField(), "legal_actions": serializers.ListField(child=serializers.DictField()),
    "to_move": serializers.IntegerField(allow_null=True), "waiting_for": serializers.CharField(), "clocks": serializers.DictField(),
    "log": serializers.ListField(child=serializers.DictField()), "outcome": serializers.DictField(allow_null=True),
    "players": serializers.ListField(child=serializers.DictField()),
    "judge_calls": serializers.ListField(child=serializers.DictField(), required=False),
})
REPLAY = inline_serializer("GameReplayStep", {"steps": serializers.IntegerField(), "step": serializers.IntegerField(),
                                                "action": serializers.DictField(allow_null=True), "state": serializers.DictField()})
LOG = inline_serializer("GameLog", {"seq": serializers.IntegerField(), "log": serializers.ListField(child=serializers.DictField())})
STALE = inline_serializer("GameStaleAction", {
    "code": serializers.CharField(help_text="stale"), "detail": serializers.CharField(),
    "rule": serializers.CharField(), "state": serializers.DictField(help_text="the current state, as GET .../state/ gives it"),
})
OK = inline_serializer("GameOk", {"detail": serializers.CharField(), "seq": serializers.IntegerField()})


def _error(exc: services.GameError) -> Response:
    code = status.HTTP_403_FORBIDDEN if exc.code == "forbidden" else status.HTTP_409_CONFLICT if exc.code == "stale" else status.HTTP_400_BAD_REQUEST
    return Response({"code": exc.code, "detail": str(exc), "rule": exc.rule}, status=code)


# --------------------------------------------------------------------------- matches


class HostedMatchViewSet(mixins.ListModelMixin, mixins.RetrieveModelMixin, viewsets.GenericViewSet):
    serializer_class = MatchSerializer
    permission_classes = [IsAuthenticated]
    queryset = HostedMatch.objects.none()  # (for the schema; get_queryset gives the user's matches)

    def get_queryset(self):
        return selectors.matches_for_user(self.request.user).order_by("-created_at", "-id")

    @extend_schema(request=ChallengeSerializer, responses={201: MatchSerializer, 400: ERROR})
    def create(self, request):
        s = ChallengeSerializer(data=request.data)
        s.is_valid(raise_exception=True)
        d = s.validated_data
        try:
            match = services.casual_challenge(by=request.user, deck=d["deck"], opponent=d.get("opponent") or None,
                                              bot=d["bot"], best_of=d["best_of"], bot_deck=d.get("bot_deck"))
        except services.GameError as exc:
            return _error(exc)
        return Response(MatchSerializer(match).data, status=status.HTTP_201_CREATED)

    def _run(self, fn, **kwargs) -> Response:
        try:
            match = fn(**kwargs)
        except services.GameError as exc:
            return _error(exc)
        return Response(MatchSerializer(HostedMatch.objects.get(pk=match.pk)).data)

    @extend_schema(request=AcceptSerializer, responses={200: MatchSerializer, 400: ERROR, 403: ERROR})
    @action(detail=True, methods=["post"])
    def accept(self, request, pk=None):
        s = AcceptSerializer(data=request.data)
        s.is_valid(raise_exception=True)
        return self._run(services.casual_accept, match_id=self.get_object().pk, by=request.user, deck=s.validated_data["deck"])

    @extend_schema(request=None, responses={200: MatchSerializer, 400: ERROR, 403: ERROR})
    @action(detail=True, methods=["post"])
    def cancel(self, request, pk=None):
        return self._run(services.casual_cancel, match_id=self.get_object().pk, by=request.user)

    @extend_schema(request=None, responses={200: MatchSerializer, 400: ERROR, 403: ERROR},
                   description="Concede the match: the game in progress and every game still to play (103.4).")
    @action(detail=True, methods=["post"])
    def concede(self, request, pk=None):
        return self._run(services.match_concede, match_id=self.get_object().pk, user=request.user)


# --------------------------------------------------------------------------- games


class HostedGameViewSet(viewsets.GenericViewSet):
    permission_classes = [IsAuthenticated]
    lookup_value_regex = r"[0-9]+"  # a game id is a number: anything else in the path is a 404, never int() failing
    queryset = HostedGame.objects.all()
    serializer_class = GameSummarySerializer

    def _game(self, pk) -> HostedGame:
        if not str(pk).isascii() or not str(pk).isdigit():  # "null,null" in the path is not a game: 404, not a 500
            raise NotFound("No such game.")
        return selectors.game_get(int(pk))

    def _viewer(self, game):
        return selectors.game_viewer(game=game, user=self.request.user)

    @extend_schema(responses={200: STATE, 403: ERROR})
    @action(detail=True)
    def state(self, request, pk=None):
        game = self._game(pk)
        try:
            viewer = self._viewer(game)
        except services.GameError as exc:
            return _error(exc)
        return Response(selectors.game_state_payload(game=game, viewer=viewer))

    @extend_schema(request=ActionSerializer, responses={200: STATE, 400: ERROR, 403: ERROR, 409: STALE})
    @action(detail=True, methods=["post"])
    def actions(self, request, pk=None):
        data = request.data if isinstance(request.data, dict) else {}
        try:
            services.game_submit_action(game_id=int(pk), user=request.user, seq=data.get("seq"), action=data.get("action"))
        except services.GameError as exc:
            response = _error(exc)
            if exc.code == "stale":
                game = self._game(pk)
                response.data["state"] = selectors.game_state_payload(game=game, viewer=self._viewer(game))
            return response
        game = self._game(pk)
        return Response(selectors.game_state_payload(game=game, viewer=self._viewer(game)))

    @extend_schema(parameters=[OpenApiParameter("step", int, description="Actions applied (0 = the start)")],
                   responses={200: REPLAY, 403: ERROR},
                   description="A finished game after N actions, as you may see it: its players their own side, judges "
                               "everything (also live games), the organiser and - once the organiser published the event's "
                               "replays - anyone, also without logging in, the spectator view (no hands, no deck order).")
    @action(detail=True, permission_classes=[AllowAny])
    def replay(self, request, pk=None):
        game = self._game(pk)
        try:
            viewer = selectors.replay_viewer(game=game, user=request.user)
            step = int(request.query_params.get("step", 0))
            return Response(selectors.game_replay_step(game=game, viewer=viewer, step=step))
        except services.GameError as exc:
            return _error(exc)
        except ValueError:
            return Response({"code": "malformed", "detail": "step must be an integer.", "rule": ""}, status=400)

    @extend_schema(parameters=[OpenApiParameter("after", int, description="Only events of actions after this one")], responses={200: LOG})
    @action(detail=True)
    def log(self, request, pk=None):
        game = self._game(pk)
        try:
            viewer = self._viewer(game)
            after = int(request.query_params.get("after", 0))
        except services.GameError as exc:
            return _error(exc)
        except ValueError:
            return Response({"code": "malformed", "detail": "after must be an integer.", "rule": ""}, status=400)
        return Response({"seq": game.seq, "log": selectors.game_log(game=game, viewer=viewer, after=after)})

    def _do(self, fn, serializer=None, **kwargs) -> Response:
        if serializer is not None:
            s = serializer(data=self.request.data)
            s.is_valid(raise_exception=True)
            kwargs.update(s.validated_data)
        try:
            fn(**kwargs)
        except services.GameError as exc:
            return _error(exc)
        except Exception as exc:  # the tournament services' errors (EventError, NotPermitted)
            from tournaments.services import EventError, NotPermitted

            if isinstance(exc, NotPermitted):
                return Response({"code": "forbidden", "detail": str(exc), "rule": ""}, status=403)
            if isinstance(exc, EventError):
                return Response({"code": "illegal", "detail": str(exc), "rule": ""}, status=400)
            raise
        game = HostedGame.objects.get(pk=kwargs["game_id"])
        return Response({"detail": "done", "seq": game.seq})

    @extend_schema(request=CallJudgeSerializer, responses={200: OK, 403: ERROR})
    @action(detail=True, methods=["post"], url_path="call-judge")
    def call_judge(self, request, pk=None):
        return self._do(services.judge_call, CallJudgeSerializer, game_id=int(pk), user=request.user)

    @extend_schema(request=ReasonSerializer, responses={200: OK, 403: ERROR})
    @action(detail=True, methods=["post"])
    def pause(self, request, pk=None):
        return self._do(services.judge_pause, ReasonSerializer, game_id=int(pk), by=request.user, paused=True)

    @extend_schema(request=ReasonSerializer, responses={200: OK, 403: ERROR})
    @action(detail=True, methods=["post"])
    def resume(self, request, pk=None):
        return self._do(services.judge_pause, ReasonSerializer, game_id=int(pk), by=request.user, paused=False)

    @extend_schema(request=AddTimeSerializer, responses={200: OK, 403: ERROR})
    @action(detail=True, methods=["post"], url_path="add-time")
    def add_time(self, request, pk=None):
        return self._do(services.judge_add_time, AddTimeSerializer, game_id=int(pk), by=request.user)

    @extend_schema(request=GamePenaltySerializer, responses={200: OK, 400: ERROR, 403: ERROR},
                   description="A penalty from inside the game; a Game Loss ends the game for the opponent.")
    @action(detail=True, methods=["post"])
    def penalty(self, request, pk=None):
        return self._do(services.judge_penalty, GamePenaltySerializer, game_id=int(pk), by=request.user)

    @extend_schema(request=RollbackSerializer, responses={200: OK, 400: ERROR, 403: ERROR})
    @action(detail=True, methods=["post"])
    def rollback(self, request, pk=None):
        return self._do(services.judge_rollback, RollbackSerializer, game_id=int(pk), by=request.user)

    @extend_schema(request=ManualEffectSerializer, responses={200: OK, 400: ERROR, 403: ERROR})
    @action(detail=True, methods=["post"], url_path="manual-effect")
    def manual_effect(self, request, pk=None):
        return self._do(services.judge_manual_effect, ManualEffectSerializer, game_id=int(pk), by=request.user)

    @extend_schema(request=AnswerCallSerializer, responses={200: OK, 403: ERROR})
    @action(detail=True, methods=["post"], url_path="answer-call")
    def answer_call(self, request, pk=None):
        s = AnswerCallSerializer(data=request.data)
        s.is_valid(raise_exception=True)
        if not JudgeCall.objects.filter(pk=s.validated_data["call"], game=self._game(pk)).exists():
            raise NotFound(f"call: there is no judge call {s.validated_data['call']} in this game.")
        try:
            services.judge_call_answer(call_id=s.validated_data["call"], by=request.user)
        except services.GameError as exc:
            return _error(exc)
        return Response({"detail": "answered", "seq": self._game(pk).seq})


def register(router) -> None:
    router.register("play/matches", HostedMatchViewSet, basename="play-match")
    router.register("play/games", HostedGameViewSet, basename="play-game")
    from gameplay.api_events import register as register_events

    register_events(router)
