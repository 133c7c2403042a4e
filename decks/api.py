"""Card catalog API: /api/cards/, /api/sets/, /api/games/."""
from __future__ import annotations

from django.db.models import Count
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import viewsets
from rest_framework.exceptions import ValidationError

from decks.models import CardSet, Game
from decks.selectors import MAX_SEARCH_LENGTH, CardSearchError, card_search, card_search_filters
from decks.serializers import CardSerializer, CardSetSerializer, GameSerializer

CARD_FILTERS = ["q", "game", "set", "type", "color", "keyword", "trait"]


def _filter_schema(name: str) -> dict:
    """At most 200 characters (decks.selectors.MAX_SEARCH_LENGTH); ``q`` is blank or holds a letter, a digit
    or "&" (what the folded name keeps: punctuation and symbols alone search for nothing, a 400)."""
    schema = {"type": "string", "maxLength": MAX_SEARCH_LENGTH}
    if name == "q":
        schema["pattern"] = r"^\s*$|[^\W_]|&"
    return schema


@extend_schema(
    parameters=[OpenApiParameter(name, _filter_schema(name), description=f"filter by {name}") for name in CARD_FILTERS]
)
class CardViewSet(viewsets.ReadOnlyModelViewSet):
    """Search the catalog by name (accent/case-insensitive), set code, type, color, keyword or trait."""

    serializer_class = CardSerializer
    lookup_field = "guid"

    def get_queryset(self):
        if self.action != "list":
            return card_search()
        try:
            f = card_search_filters(self.request.query_params)
        except CardSearchError as exc:
            raise ValidationError({exc.field: [str(exc)]}) from None
        return card_search(
            q=f["q"], game=f["game"], set_code=f["set"], type=f["type"], color=f["color"], keyword=f["keyword"],
            trait=f["trait"],
        )


class CardSetViewSet(viewsets.ReadOnlyModelViewSet):
    serializer_class = CardSetSerializer
    lookup_field = "code"
    queryset = CardSet.objects.select_related("game").annotate(card_count=Count("cards")).order_by("game__slug", "release_date", "code")


class GameViewSet(viewsets.ReadOnlyModelViewSet):
    serializer_class = GameSerializer
    lookup_field = "slug"
    queryset = Game.objects.order_by("slug")


def register(router) -> None:
    from decks.decklist_api import register as register_decklists

    register_decklists(router)  # before "cards": the decklist routes have their own prefix
    router.register("cards", CardViewSet, basename="card")
    router.register("sets", CardSetViewSet, basename="cardset")
    router.register("games", GameViewSet, basename="game")
