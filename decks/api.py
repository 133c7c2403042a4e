"""Card catalog API: /api/cards/, /api/sets/, /api/games/."""
from __future__ import annotations

from django.db.models import Count
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import viewsets

from decks.models import CardSet, Game
from decks.selectors import card_search
from decks.serializers import CardSerializer, CardSetSerializer, GameSerializer

CARD_FILTERS = ["q", "game", "set", "type", "color", "keyword", "trait"]


@extend_schema(
    parameters=[OpenApiParameter(name, OpenApiTypes.STR, description=f"filter by {name}") for name in CARD_FILTERS]
)
class CardViewSet(viewsets.ReadOnlyModelViewSet):
    """Search the catalog by name (accent/case-insensitive), set code, type, color, keyword or trait."""

    serializer_class = CardSerializer
    lookup_field = "guid"

    def get_queryset(self):
        p = self.request.query_params
        return card_search(
            q=p.get("q", ""), game=p.get("game", ""), set_code=p.get("set", ""), type=p.get("type", ""),
            color=p.get("color", ""), keyword=p.get("keyword", ""), trait=p.get("trait", ""),
        )


class CardSetViewSet(viewsets.ReadOnlyModelViewSet):
    serializer_class = CardSetSerializer
    lookup_field = "code"
    queryset = CardSet.objects.select_related("game").annotate(card_count=Count("cards")).order_by("game__slug", "release_date", "code")


class GameViewSet(viewsets.ReadOnlyModelViewSet):
    serializer_class = GameSerializer
    lookup_field = "slug"
    queryset = Game.objects.all()


def register(router) -> None:
    from decks.decklist_api import register as register_decklists

    register_decklists(router)  # before "cards": the decklist routes have their own prefix
    router.register("cards", CardViewSet, basename="card")
    router.register("sets", CardSetViewSet, basename="cardset")
    router.register("games", GameViewSet, basename="game")
