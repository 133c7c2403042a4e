"""Decklist REST API (registered by ``decks.api.register``):

- ``POST /api/decklists/validate/`` — anyone: {format, date?, text | o8d | cards} -> the report
- ``GET  /api/decklists/<event>/`` — the event's lists (organiser/judges; everyone once published)
- ``GET|POST /api/decklists/<event>/mine/`` — the player's own list / submit or replace it (``replace_legal``
  to replace a legal list with one that is not: without it 409 and nothing is saved)
- ``GET  /api/decklists/<event>/mine/versions/<n>/`` — one earlier version of the player's list
- ``POST /api/decklists/<event>/mine/versions/<n>/restore/`` — make it the registered list again (before the deadline)
- ``GET  /api/decklists/<event>/<username>/`` — one list (the player, staff, or anyone once published)
- ``POST /api/decklists/<event>/publish/`` — organiser
- ``POST /api/decklists/<event>/<username>/change-request/`` — the player, after the deadline
- ``POST /api/decklists/<event>/<username>/changes/<id>/decide/`` — head judge
- ``POST /api/decklists/<event>/<username>/deck-check/`` — judges

Thin edges: a serializer parses the input, the services check the rules and permissions.
"""
from __future__ import annotations

from django.core.exceptions import PermissionDenied as DjangoPermissionDenied
from django.core.exceptions import RequestDataTooBig
from django.shortcuts import get_object_or_404
from django.utils import timezone
from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework import permissions, serializers, status, viewsets
from rest_framework.decorators import action
from rest_framework.exceptions import NotFound, PermissionDenied, ValidationError
from rest_framework.response import Response

from decks import selectors, services
from decks.deckparse import MAX_DECK_BYTES, DeckInputError
from decks.models import Decklist, DecklistChangeRequest
from decks.validation import UnknownFormat, validate_deck_input
from tournaments import event_selectors


class DeckEntrySerializer(serializers.Serializer):
    card = serializers.CharField(max_length=300, help_text="GUID, set number (PR16) or name")
    qty = serializers.IntegerField(min_value=1, max_value=99, default=1)
    section = serializers.CharField(max_length=40, required=False, allow_blank=True)


class DeckInputSerializer(serializers.Serializer):
    """Exactly one of: ``text`` (plain list), ``o8d`` (OCTGN XML), ``cards`` (entries) or a ``deck_file`` upload."""

    text = serializers.CharField(required=False, allow_blank=False, max_length=MAX_DECK_BYTES, trim_whitespace=False)
    o8d = serializers.CharField(required=False, allow_blank=False, max_length=MAX_DECK_BYTES, trim_whitespace=False)
    cards = DeckEntrySerializer(many=True, required=False)
    deck_file = serializers.FileField(required=False)
    reason = serializers.CharField(required=False, allow_blank=True, max_length=2000)
    replace_legal = serializers.BooleanField(
        required=False, default=False,
        help_text="replace a legal registered list with one that is not legal (without it: 409, nothing saved)")

    def validate(self, attrs):
        given = [k for k in ("text", "o8d", "cards", "deck_file") if attrs.get(k) not in (None, "", [])]
        if len(given) != 1:
            raise ValidationError("send exactly one of: text, o8d, cards, deck_file")
        if attrs.get("deck_file") is not None and attrs["deck_file"].size > MAX_DECK_BYTES:
            raise ValidationError(f"the file is larger than {MAX_DECK_BYTES // 1024} KB; a decklist is a few KB")
        return attrs

    def deck_data(self):
        d = self.validated_data
        if "cards" in d and d["cards"]:
            return [dict(e) for e in d["cards"]], "json"
        if d.get("deck_file") is not None:
            return d["deck_file"].read(MAX_DECK_BYTES + 1), "auto"
        if d.get("o8d"):
            return d["o8d"], "o8d"
        return d["text"], "text"


class RestoreSerializer(serializers.Serializer):
    replace_legal = serializers.BooleanField(
        required=False, default=False, help_text="restore a version that is not legal over a legal registered list")


class ValidateSerializer(DeckInputSerializer):
    format = serializers.SlugField(help_text="format slug, e.g. mlp-harmony")
    date = serializers.DateField(required=False, help_text="the event's date; default today")
    pool = DeckEntrySerializer(many=True, required=False, help_text=(
        "Limited formats: the player's sealed/draft pool (card GUID, number or name with copies); the deck is "
        "checked against it"))

    def pool_counts(self, fmt) -> dict[str, int] | None:
        """The pool as card GUIDs -> copies, or None when none was sent; unknown cards are a 400 naming them."""
        entries = self.validated_data.get("pool")
        if entries is None:
            return None
        from decks.card_index import card_index
        from decks.deckparse import entries_to_lines
        from decks.resolution import resolve_lines
        from decks.validation import FormatSpec

        spec = FormatSpec.load(fmt)
        counts: dict[str, int] = {}
        for r in resolve_lines(card_index(spec.game), entries_to_lines([dict(e) for e in entries])):
            if r.card is None:
                raise ValidationError({"pool": [f"unknown card {r.line.name!r}"]})
            counts[r.card.guid] = counts.get(r.card.guid, 0) + r.line.qty
        return counts


class DecklistSerializer(serializers.ModelSerializer):
    event = serializers.SlugRelatedField(slug_field="slug", read_only=True)
    player = serializers.SlugRelatedField(slug_field="username", read_only=True)
    version = serializers.IntegerField(source="current.number", read_only=True, default=None)
    submitted_at = serializers.DateTimeField(source="current.submitted_at", read_only=True, default=None)
    legal = serializers.BooleanField(source="current.legal", read_only=True, default=None)
    penalty_class = serializers.CharField(source="current.penalty_class", read_only=True, default=None)

    class Meta:
        model = Decklist
        fields = ["event", "player", "version", "submitted_at", "legal", "penalty_class"]


class DecklistVersionSerializer(serializers.Serializer):
    number = serializers.IntegerField()
    kind = serializers.CharField()
    submitted_at = serializers.DateTimeField()
    submitted_by = serializers.CharField()
    reason = serializers.CharField(allow_blank=True)
    approved_by = serializers.CharField(allow_null=True)
    legal = serializers.BooleanField(allow_null=True)


class DecklistDetailSerializer(DecklistSerializer):
    """One list with its validation report, its cards and every version."""

    report = serializers.JSONField(allow_null=True, help_text="The validation report (see the validate endpoint)")
    entries = serializers.ListField(child=serializers.JSONField())
    versions = DecklistVersionSerializer(many=True)

    class Meta(DecklistSerializer.Meta):
        fields = DecklistSerializer.Meta.fields + ["report", "entries", "versions"]


class ReportSerializer(serializers.Serializer):
    """The validation report: legal or not, and every problem with the rule that decides it."""

    format = serializers.JSONField(help_text="{slug, name, game}")
    date = serializers.DateField(help_text="The date the deck was checked on (banlists are dated)")
    legal = serializers.BooleanField()
    flagged = serializers.BooleanField(help_text="Legal but incorrect: a Game Warning (Deck Lists)")
    penalty_class = serializers.CharField(allow_null=True)
    source_kind = serializers.CharField()
    deck = serializers.ListField(child=serializers.JSONField(), help_text="The cards by zone")
    problems = serializers.ListField(child=serializers.JSONField(), help_text="Each with its rule, message and class")
    lines = serializers.ListField(child=serializers.JSONField())
    notes = serializers.ListField(child=serializers.JSONField())

    class Meta:
        ref_name = "DeckReport"


class PublicationSerializer(serializers.Serializer):
    published_at = serializers.DateTimeField()
    published_by = serializers.CharField()


class ChangeRequestSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    status = serializers.CharField()
    reason = serializers.CharField(allow_blank=True)
    report = serializers.JSONField()


class DecisionSerializer(serializers.Serializer):
    decision = serializers.ChoiceField(choices=["approve", "reject"])
    note = serializers.CharField(required=False, allow_blank=True, max_length=2000)


class DecisionResultSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    status = serializers.CharField()
    version = serializers.IntegerField(allow_null=True)


class DeckCheckInputSerializer(serializers.Serializer):
    outcome = serializers.ChoiceField(choices=["matches", "discrepancy"])
    note = serializers.CharField(required=False, allow_blank=True, max_length=2000)
    penalty_class = serializers.ChoiceField(choices=["game_warning", "game_loss"], required=False, allow_null=True, allow_blank=True)
    round = serializers.IntegerField(required=False, allow_null=True, min_value=1, max_value=1000)


class DeckCheckSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    outcome = serializers.CharField()
    penalty_class = serializers.CharField(allow_null=True, allow_blank=True)
    version = serializers.IntegerField()


def _decklist_payload(decklist: Decklist, *, include_report: bool = True) -> dict:
    data = DecklistSerializer(decklist).data
    current = decklist.current
    if include_report:
        data["report"] = current.report if current else None
        data["entries"] = current.entries if current else []
        data["versions"] = [
            {"number": v.number, "kind": v.kind, "submitted_at": v.submitted_at, "submitted_by": v.submitted_by.username,
             "reason": v.reason, "approved_by": v.approved_by.username if v.approved_by else None, "legal": v.legal}
            for v in decklist.versions.select_related("submitted_by", "approved_by").order_by("number")
        ]
    return data


class _Errors:
    """Service errors as HTTP answers: bad input 400, rules (deadline, state) 409, permission 403."""

    def handle_exception(self, exc):
        if isinstance(exc, RequestDataTooBig):
            return Response({"detail": f"the request is too large; a decklist is a few KB (at most "
                                       f"{MAX_DECK_BYTES // 1024} KB)"}, status=status.HTTP_400_BAD_REQUEST)
        if isinstance(exc, (DeckInputError, UnknownFormat)):
            return Response({"detail": str(exc).strip("'\"")}, status=status.HTTP_400_BAD_REQUEST)
        if isinstance(exc, services.LegalListWouldBeReplaced):
            return Response({"detail": str(exc), "code": "legal_list_would_be_replaced",
                             "registered_version": exc.current.number, "report": exc.report.as_dict()},
                            status=status.HTTP_409_CONFLICT)
        if isinstance(exc, services.DecklistError):
            return Response({"detail": str(exc)}, status=status.HTTP_409_CONFLICT)
        if isinstance(exc, DjangoPermissionDenied):
            exc = PermissionDenied(str(exc) or None)
        return super().handle_exception(exc)


class DeckValidateViewSet(_Errors, viewsets.ViewSet):
    """Check a deck against a format on a date (the public "check a deck" page, as an API)."""

    permission_classes = [permissions.AllowAny]

    @extend_schema(request=ValidateSerializer, responses=ReportSerializer)
    def create(self, request):
        ser = ValidateSerializer(data=request.data)
        ser.is_valid(raise_exception=True)
        data, kind = ser.deck_data()
        if kind == "json":
            from decks.deckparse import entries_to_lines
            from decks.validation import FormatSpec, validate_deck

            spec = FormatSpec.load(ser.validated_data["format"])
            report = validate_deck(lines=entries_to_lines(data), fmt=spec, pool=ser.pool_counts(spec),
                                   on=ser.validated_data.get("date") or timezone.localdate(), source_kind="json")
        else:
            report = validate_deck_input(data=data, fmt=ser.validated_data["format"], kind=kind,
                                         pool=ser.pool_counts(ser.validated_data["format"]),
                                         on=ser.validated_data.get("date") or timezone.localdate())
        return Response(report.as_dict())


class EventDecklistViewSet(_Errors, viewsets.ViewSet):
    """Decklists of one event; every read and write is permission-checked."""

    lookup_field = "username"
    lookup_value_regex = r"[^/]+"
    permission_classes = [permissions.AllowAny]  # reads are checked per decklist; writes need a user (below)

    def _event(self):
        return get_object_or_404(event_selectors.events(), slug=self.kwargs["event_slug"])

    def _user(self, request):
        if not request.user or not request.user.is_authenticated:
            from rest_framework.exceptions import NotAuthenticated

            raise NotAuthenticated()
        return request.user

    def _decklist(self, event, username):
        try:
            return selectors.decklist_get(event=event, player_username=username, user=self.request.user)
        except Decklist.DoesNotExist:
            raise NotFound("no decklist") from None

    @extend_schema(responses=DecklistSerializer(many=True))
    def list(self, request, event_slug: str):
        event = self._event()
        decklists = selectors.decklists_for_event(event=event, user=request.user)
        return Response([_decklist_payload(d, include_report=False) for d in decklists])

    @extend_schema(responses=DecklistDetailSerializer)
    def retrieve(self, request, event_slug: str, username: str):
        return Response(_decklist_payload(self._decklist(self._event(), username)))

    @extend_schema(request=DeckInputSerializer, responses={200: DecklistDetailSerializer, 201: DecklistDetailSerializer})
    @action(detail=False, methods=["get", "post"])
    def mine(self, request, event_slug: str):
        event, user = self._event(), self._user(request)
        if request.method == "GET":
            decklist = Decklist.objects.filter(event=event, player=user).select_related("current").first()
            if decklist is None:
                raise NotFound("you have not submitted a decklist for this event")
            return Response(_decklist_payload(decklist))
        ser = DeckInputSerializer(data=request.data)
        ser.is_valid(raise_exception=True)
        data, kind = ser.deck_data()
        decklist, version, report = services.decklist_submit(
            event=event, player=user, data=data, kind="auto" if kind == "json" else kind,
            reason=ser.validated_data.get("reason", ""), replace_legal=ser.validated_data["replace_legal"],
        )
        body = _decklist_payload(decklist)
        return Response(body, status=status.HTTP_201_CREATED if version.number == 1 else status.HTTP_200_OK)

    def _my_decklist(self, request) -> Decklist:
        decklist = Decklist.objects.filter(event=self._event(), player=self._user(request)).first()
        if decklist is None:
            raise NotFound("you have not submitted a decklist for this event")
        return decklist

    @extend_schema(responses={200: OpenApiResponse(description="one version: source, entries, report")})
    @action(detail=False, methods=["get"], url_path=r"mine/versions/(?P<number>\d+)")
    def my_version(self, request, event_slug: str, number: str):
        version = self._my_decklist(request).versions.select_related("submitted_by").filter(number=int(number)).first()
        if version is None:
            raise NotFound(f"there is no version {number} of your decklist")
        return Response({
            "number": version.number, "kind": version.kind, "submitted_at": version.submitted_at,
            "submitted_by": version.submitted_by.username, "reason": version.reason, "legal": version.legal,
            "source_kind": version.source_kind, "source": version.source, "entries": version.entries,
            "report": version.report,
        })

    @extend_schema(request=RestoreSerializer, responses=DecklistDetailSerializer)
    @action(detail=False, methods=["post"], url_path=r"mine/versions/(?P<number>\d+)/restore")
    def restore(self, request, event_slug: str, number: str):
        ser = RestoreSerializer(data=request.data)
        ser.is_valid(raise_exception=True)
        decklist = self._my_decklist(request)
        services.decklist_restore(decklist=decklist, number=int(number), by=request.user,
                                  replace_legal=ser.validated_data["replace_legal"])
        decklist.refresh_from_db()
        return Response(_decklist_payload(decklist))

    @extend_schema(request=None, responses=PublicationSerializer)
    @action(detail=False, methods=["post"])
    def publish(self, request, event_slug: str):
        publication = services.decklists_publish(event=self._event(), by=self._user(request))
        return Response({"published_at": publication.published_at, "published_by": publication.published_by.username})

    @extend_schema(request=DeckInputSerializer, responses={201: ChangeRequestSerializer})
    @action(detail=True, methods=["post"], url_path="change-request")
    def change_request(self, request, event_slug: str, username: str):
        event, user = self._event(), self._user(request)
        decklist = self._decklist(event, username)
        ser = DeckInputSerializer(data=request.data)
        ser.is_valid(raise_exception=True)
        data, kind = ser.deck_data()
        change, report = services.decklist_change_request(
            decklist=decklist, requested_by=user, data=data, kind="auto" if kind == "json" else kind,
            reason=ser.validated_data.get("reason", ""),
        )
        return Response({"id": change.pk, "status": change.status, "reason": change.reason, "report": change.report},
                        status=status.HTTP_201_CREATED)

    @extend_schema(request=DecisionSerializer, responses=DecisionResultSerializer)
    @action(detail=True, methods=["post"], url_path=r"changes/(?P<change_id>\d+)/decide")
    def decide(self, request, event_slug: str, username: str, change_id: str):
        event, user = self._event(), self._user(request)
        change = get_object_or_404(DecklistChangeRequest, pk=change_id, decklist__event=event,
                                   decklist__player__username=username)
        ser = DecisionSerializer(data=request.data)
        ser.is_valid(raise_exception=True)
        change = services.decklist_change_decide(change_request=change, judge=user, approve=ser.validated_data["decision"] == "approve",
                                                 note=ser.validated_data.get("note", ""))
        return Response({"id": change.pk, "status": change.status,
                         "version": change.version.number if change.version else None})

    @extend_schema(request=DeckCheckInputSerializer, responses={201: DeckCheckSerializer})
    @action(detail=True, methods=["post"], url_path="deck-check")
    def deck_check(self, request, event_slug: str, username: str):
        event, user = self._event(), self._user(request)
        if not event_selectors.is_judge(event, user):
            raise PermissionDenied("only the event's judges may record deck checks")
        decklist = get_object_or_404(Decklist, event=event, player__username=username)
        ser = DeckCheckInputSerializer(data=request.data)
        ser.is_valid(raise_exception=True)
        d = ser.validated_data
        check = services.deck_check_record(
            decklist=decklist, judge=user, matches=d["outcome"] == "matches", note=d.get("note", ""),
            penalty_class=d.get("penalty_class") or None, round_number=d.get("round"),
        )
        return Response({"id": check.pk, "outcome": check.outcome, "penalty_class": check.penalty_class,
                         "version": check.version.number}, status=status.HTTP_201_CREATED)


def register(router) -> None:
    router.register("decklists/validate", DeckValidateViewSet, basename="decklist-validate-api")
    router.register(r"decklists/(?P<event_slug>[-\w]+)", EventDecklistViewSet, basename="event-decklist")

