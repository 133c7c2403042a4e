"""REST API for limited events (registered on the API router by ``config.api``):

- ``GET /api/limited/presets/`` — the floor rules' recommended sealed and draft formats
- ``GET|POST /api/limited/products/`` — organisers' special products (packs + cards each player keeps)
- ``GET|PUT /api/limited/events/<slug>/`` — the event's limited setup / set it up (organiser)
- ``POST .../open-pools/`` (sealed), ``.../seat-pods/``, ``.../start-draft/`` (draft) — organiser or head judge
- ``GET .../pods/`` — pods and seating (public once seated)
- ``GET .../pool/`` — the caller's own pool, the provided Mane Characters and Starting Problems, opened packs
- ``GET .../pools/`` — every pool (event staff); ``PUT .../pools/<username>/`` — a judge records a paper pool
- ``GET .../draft/`` — the caller's own draft view; ``POST .../draft/pick/`` — pick a card
- ``GET .../draft/log/`` — the caller's picks in order; ``GET .../draft/export/`` — every pick, CSV (staff)
- ``POST .../deck/validate/`` — check a deck against the caller's pool; ``POST .../deck/`` — register it (after
  the start: only a player warned at the start, until their first match needs it: ``limited.late``)
- ``GET .../deck/late/`` — the caller's late registration (open, until when, why not); ``GET .../missing-decks/`` —
  every player still without a ready deck after the start (event staff)

Thin edges: serializers parse, the services in ``limited.services`` / ``limited.draft`` check roles and rules.
Errors: 400 ``{"detail": ...}`` naming the field or rule, 403 for a missing role, 404 outside the event.
"""
from __future__ import annotations

from django.contrib.auth import get_user_model
from django.core.exceptions import PermissionDenied as DjangoPermissionDenied
from django.http import HttpResponse
from django.shortcuts import get_object_or_404
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework import permissions, serializers, status, viewsets
from rest_framework.decorators import action
from rest_framework.exceptions import NotFound, PermissionDenied
from rest_framework.response import Response

from decks.deckparse import DeckInputError
from decks.services import DecklistError, decklist_check, decklist_submit
from limited import draft, late, selectors, services
from limited.models import LimitedEvent, LimitedProduct
from limited.presets import PRESETS
from tournaments import roles
from tournaments.models import Event
from tournaments.services.common import EventError


class PresetSerializer(serializers.Serializer):
    key = serializers.CharField()
    name = serializers.CharField()
    kind = serializers.CharField()
    packs = serializers.ListField(child=serializers.CharField())


class ProductSerializer(serializers.ModelSerializer):
    # Lists of set codes and card numbers, not any JSON (the model's JSONField would take a number or a dict).
    packs = serializers.ListField(child=serializers.CharField(max_length=12), max_length=8,
                                  help_text="set codes of its boosters: 8 for sealed, 4 for a draft, e.g. [\"EO\", \"EO\", \"HM\", \"MT\"]")
    extra_cards = serializers.ListField(child=serializers.CharField(max_length=20), max_length=20, required=False,
                                        default=list, help_text="card numbers every player keeps, e.g. [\"MT1\"]")

    class Meta:
        model = LimitedProduct
        fields = ["id", "name", "packs", "extra_cards"]


class LimitedSetupSerializer(serializers.ModelSerializer):
    event = serializers.SlugRelatedField(slug_field="slug", read_only=True)

    class Meta:
        model = LimitedEvent
        fields = ["event", "kind", "mode", "status", "packs", "product_name", "extra_cards", "bots_fill", "pod_size",
                  "pod_sizes", "pick_timer_max", "pick_timer_min", "review_seconds", "pod_rounds", "opened_at"]
        read_only_fields = fields


class ConfigureSerializer(serializers.Serializer):
    kind = serializers.ChoiceField(choices=LimitedEvent.Kind.choices)
    preset = serializers.CharField(required=False, allow_blank=True, default="", help_text="a preset key (see /presets/)")
    product = serializers.PrimaryKeyRelatedField(queryset=LimitedProduct.objects.all(), required=False, allow_null=True)
    packs = serializers.ListField(child=serializers.CharField(max_length=12), required=False, default=list,
                                  help_text="set codes: 8 for sealed, 4 for a draft")
    mode = serializers.ChoiceField(choices=LimitedEvent.Mode.choices, default=LimitedEvent.Mode.ONLINE)
    bots_fill = serializers.BooleanField(default=False)
    pod_size = serializers.IntegerField(min_value=2, max_value=16, default=8)
    pod_sizes = serializers.ListField(child=serializers.IntegerField(min_value=2), required=False, default=list)
    pick_timer_max = serializers.IntegerField(min_value=0, max_value=600, default=75)
    pick_timer_min = serializers.IntegerField(min_value=0, max_value=600, default=10)
    review_seconds = serializers.IntegerField(min_value=0, max_value=600, default=30)
    pod_rounds = serializers.IntegerField(min_value=0, max_value=20, default=0, help_text=(
        "booster drafts: the first N Swiss rounds pair players only within their pod; 0 = the whole event"))
    extra_cards = serializers.ListField(child=serializers.CharField(max_length=20), required=False, default=list)


class PickSerializer(serializers.Serializer):
    card = serializers.CharField(max_length=64, help_text="the card's GUID, from the pack in front of you")
    # bounded so a wild number is a 400 naming the field, not an integer overflow in the pick's SQL statement
    pack_number = serializers.IntegerField(min_value=0, max_value=999, help_text="0-based: the pack you are picking from")
    pick_number = serializers.IntegerField(min_value=0, max_value=999, help_text="0-based pick within that pack")


class DeckCardSerializer(serializers.Serializer):
    card = serializers.CharField(max_length=300, help_text="GUID, set number (PR16) or name")
    qty = serializers.IntegerField(min_value=1, max_value=99, default=1)


class DeckSerializer(serializers.Serializer):
    cards = DeckCardSerializer(many=True)


class PoolRecordSerializer(serializers.Serializer):
    cards = DeckCardSerializer(many=True, help_text="the cards the player opened or drafted (GUIDs or numbers)")


class _Errors:
    def handle_exception(self, exc):
        if isinstance(exc, DjangoPermissionDenied):
            exc = PermissionDenied(str(exc) or None)
        elif isinstance(exc, (EventError, DeckInputError, DecklistError)):
            return Response({"detail": str(exc).strip("'\"")}, status=status.HTTP_400_BAD_REQUEST)
        return super().handle_exception(exc)


class PresetViewSet(viewsets.ViewSet):
    permission_classes = [permissions.AllowAny]

    @extend_schema(responses=PresetSerializer(many=True))
    def list(self, request):
        return Response(PresetSerializer([p.__dict__ for p in PRESETS], many=True).data)


class ProductViewSet(_Errors, viewsets.ViewSet):
    permission_classes = [permissions.IsAuthenticatedOrReadOnly]

    @extend_schema(responses=ProductSerializer(many=True))
    def list(self, request):
        return Response(ProductSerializer(LimitedProduct.objects.order_by("name"), many=True).data)

    @extend_schema(request=ProductSerializer, responses={201: ProductSerializer})
    def create(self, request):
        ser = ProductSerializer(data=request.data)
        ser.is_valid(raise_exception=True)
        product = services.limited_product_create(by=request.user, **ser.validated_data)
        return Response(ProductSerializer(product).data, status=status.HTTP_201_CREATED)


@extend_schema(parameters=[OpenApiParameter("slug", OpenApiTypes.STR, OpenApiParameter.PATH, description="the event's slug")])
class LimitedEventViewSet(_Errors, viewsets.ViewSet):
    permission_classes = [permissions.IsAuthenticatedOrReadOnly]
    lookup_field = "slug"

    def _event(self, slug: str) -> Event:
        event = get_object_or_404(Event.objects.select_related("format", "game"), slug=slug)
        if event.status == Event.Status.DRAFT and not roles.is_event_staff(event, self.request.user):
            raise NotFound("No such event.")
        return event

    def _limited(self, slug: str) -> LimitedEvent:
        return services.limited_of(self._event(slug))

    def _seat(self, limited: LimitedEvent):
        seat = selectors.seat_for_event(limited, self.request.user)
        if seat is None:
            raise NotFound("You have no seat in this draft.")
        return seat

    @extend_schema(responses=LimitedSetupSerializer)
    def retrieve(self, request, slug: str):
        return Response(LimitedSetupSerializer(self._limited(slug)).data)

    @extend_schema(request=ConfigureSerializer, responses=LimitedSetupSerializer)
    def update(self, request, slug: str):
        ser = ConfigureSerializer(data=request.data)
        ser.is_valid(raise_exception=True)
        d = dict(ser.validated_data)
        limited = services.limited_configure(event=self._event(slug), by=request.user, preset_key=d.pop("preset"), **d)
        return Response(LimitedSetupSerializer(limited).data)

    @extend_schema(request=None, responses={200: OpenApiResponse(description="{pools: n}")})
    @action(detail=True, methods=["post"], url_path="open-pools")
    def open_pools(self, request, slug: str):
        return Response({"pools": services.sealed_open_pools(event=self._event(slug), by=request.user)})

    @extend_schema(request=None, responses={200: OpenApiResponse(description="the pods and their seating")})
    @action(detail=True, methods=["post"], url_path="seat-pods")
    def seat_pods(self, request, slug: str):
        event = self._event(slug)
        draft.draft_seat_pods(event=event, by=request.user)
        return Response({"pods": selectors.pods_public(services.limited_of(event))})

    @extend_schema(request=None, responses=LimitedSetupSerializer)
    @action(detail=True, methods=["post"], url_path="start-draft")
    def start_draft(self, request, slug: str):
        return Response(LimitedSetupSerializer(draft.draft_start(event=self._event(slug), by=request.user)).data)

    @extend_schema(responses={200: OpenApiResponse(description="pods with their circular seating")})
    @action(detail=True, methods=["get"])
    def pods(self, request, slug: str):
        return Response({"pods": selectors.pods_public(self._limited(slug))})

    @extend_schema(responses={200: OpenApiResponse(description="your pool, the provided cards and your opened packs")})
    @action(detail=True, methods=["get"], permission_classes=[permissions.IsAuthenticated])
    def pool(self, request, slug: str):
        limited = self._limited(slug)
        return Response({"pool": selectors.pool_cards(event=limited.event, player=request.user),
                         "provided": selectors.provided_cards(limited),
                         "packs": selectors.pool_packs(limited, request.user)})

    @extend_schema(responses={200: OpenApiResponse(description="every player's pool (event staff)")})
    @action(detail=True, methods=["get"], url_path="pools", permission_classes=[permissions.IsAuthenticated])
    def pools(self, request, slug: str):
        limited = self._limited(slug)
        if not roles.is_event_staff(limited.event, request.user):
            raise PermissionDenied("Only the event's organiser and judges see every pool.")
        return Response({"pools": selectors.pool_lists(limited)})

    @extend_schema(request=PoolRecordSerializer, responses={200: OpenApiResponse(description="the recorded pool")},
                   parameters=[OpenApiParameter("username", OpenApiTypes.STR, OpenApiParameter.PATH)])
    @action(detail=True, methods=["put"], url_path=r"pools/(?P<username>[^/]+)", permission_classes=[permissions.IsAuthenticated])
    def record_pool(self, request, slug: str, username: str):
        event = self._event(slug)
        player = get_object_or_404(get_user_model(), username=username)
        ser = PoolRecordSerializer(data=request.data)
        ser.is_valid(raise_exception=True)
        cards: dict[str, int] = {}
        for entry in ser.validated_data["cards"]:
            cards[entry["card"]] = cards.get(entry["card"], 0) + entry["qty"]
        services.pool_set_by_judge(event=event, by=request.user, player=player, cards=cards)
        return Response({"player": username, "pool": selectors.pool_cards(event=event, player=player)})

    @extend_schema(responses={200: OpenApiResponse(description="your draft view: the pack in front of you, your picks")})
    @action(detail=True, methods=["get"], url_path="draft", permission_classes=[permissions.IsAuthenticated])
    def draft_state(self, request, slug: str):
        return Response(selectors.draft_view(self._seat(self._limited(slug))))

    @extend_schema(request=PickSerializer, responses={200: OpenApiResponse(description="your draft view after the pick")})
    @action(detail=True, methods=["post"], url_path="draft/pick", permission_classes=[permissions.IsAuthenticated])
    def pick(self, request, slug: str):
        seat = self._seat(self._limited(slug))
        ser = PickSerializer(data=request.data)
        ser.is_valid(raise_exception=True)
        draft.draft_pick(seat=seat, by=request.user, **ser.validated_data)
        return Response(selectors.draft_view(seat))

    @extend_schema(responses={200: OpenApiResponse(description="your picks in order")})
    @action(detail=True, methods=["get"], url_path="draft/log", permission_classes=[permissions.IsAuthenticated])
    def draft_log(self, request, slug: str):
        seat = self._seat(self._limited(slug))
        if seat.pod.status != "finished":
            raise PermissionDenied("The draft log opens when your pod has finished drafting.")
        return Response({"picks": selectors.draft_log(seat)})

    @extend_schema(responses={(200, "text/csv"): OpenApiTypes.STR})
    @action(detail=True, methods=["get"], url_path="draft/export", permission_classes=[permissions.IsAuthenticated])
    def draft_export(self, request, slug: str):
        limited = self._limited(slug)
        if not roles.is_event_staff(limited.event, request.user):
            raise PermissionDenied("Only the event's organiser and judges export the draft logs.")
        response = HttpResponse(selectors.draft_log_csv(limited), content_type="text/csv; charset=utf-8")
        response["Content-Disposition"] = f'attachment; filename="{limited.event.slug}-draft-log.csv"'
        return response

    @extend_schema(request=DeckSerializer, responses={200: OpenApiResponse(description="the validation report")})
    @action(detail=True, methods=["post"], url_path="deck/validate", permission_classes=[permissions.IsAuthenticated])
    def deck_validate(self, request, slug: str):
        event = self._event(slug)
        ser = DeckSerializer(data=request.data)
        ser.is_valid(raise_exception=True)
        _kind, _source, report = decklist_check(event=event, player=request.user, data=[dict(e) for e in ser.validated_data["cards"]])
        return Response(report.as_dict())

    @extend_schema(request=DeckSerializer, responses={200: OpenApiResponse(description="the registered version and its report")})
    @action(detail=True, methods=["post"], url_path="deck", permission_classes=[permissions.IsAuthenticated])
    def deck_register(self, request, slug: str):
        event = self._event(slug)
        ser = DeckSerializer(data=request.data)
        ser.is_valid(raise_exception=True)
        cards = [dict(e) for e in ser.validated_data["cards"]]
        if event.status in late.STARTED:  # after the start: only a player warned at the start, until their first match
            _decklist, version, report = late.late_deck_submit(event=event, player=request.user, data=cards)
        else:
            _decklist, version, report = decklist_submit(event=event, player=request.user, data=cards)
        return Response({"version": version.number, "legal": report.legal, "report": report.as_dict()})

    @extend_schema(responses={200: OpenApiResponse(description=(
        "after the start: whether the caller may still register their deck late (warned at the start), until when, "
        "and why not"))})
    @action(detail=True, methods=["get"], url_path="deck/late", permission_classes=[permissions.IsAuthenticated])
    def deck_late(self, request, slug: str):
        event = self._limited(slug).event
        registration = event.registrations.filter(player=request.user).select_related("player").first()
        if registration is None:
            raise NotFound("You are not registered for this event.")
        return Response(late.late_deck_of(event, registration).as_dict())

    @extend_schema(responses={200: OpenApiResponse(description=(
        "event staff: the players still playing without a ready deck after the start, whether each may still "
        "register it late and until when"))})
    @action(detail=True, methods=["get"], url_path="missing-decks", permission_classes=[permissions.IsAuthenticated])
    def missing_decks(self, request, slug: str):
        event = self._limited(slug).event
        if not roles.is_event_staff(event, request.user):
            raise PermissionDenied("Only the event's organiser and judges see who is still missing a deck.")
        return Response({"missing": [m.as_dict() for m in late.late_decks_missing(event)]})


def register(router) -> None:
    router.register("limited/presets", PresetViewSet, basename="limited-preset")
    router.register("limited/products", ProductViewSet, basename="limited-product")
    router.register("limited/events", LimitedEventViewSet, basename="limited-event")
