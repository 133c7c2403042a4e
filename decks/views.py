"""Card browser pages."""
from __future__ import annotations

from urllib.parse import urlencode

from django.core.paginator import Paginator
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render

from decks.models import Card, CardSet, CardType, Game
from decks.selectors import CARD_SEARCH_FIELDS, CardSearchError, card_bans, card_search, card_search_filters
from decks.sources.octgn_xml import COLORS, KEYWORDS


def card_list(request: HttpRequest) -> HttpResponse:
    p = request.GET
    try:
        filters = card_search_filters(p)
        error = ""
    except CardSearchError as exc:
        filters = {k: "" for k in CARD_SEARCH_FIELDS}
        error = str(exc)
    cards = Card.objects.none() if error else card_search(
        q=filters["q"], game=filters["game"], set_code=filters["set"], type=filters["type"],
        color=filters["color"], keyword=filters["keyword"],
    )
    page = Paginator(cards, 60).get_page(p.get("page"))
    query = urlencode({k: v for k, v in filters.items() if v})
    return render(request, "decks/card_list.html", {
        "error": error,
        "page": page, "filters": filters, "query": query, "games": Game.objects.all(),
        "sets": CardSet.objects.select_related("game"), "types": CardType.choices, "colors": COLORS,
        "keywords": sorted(KEYWORDS),
    }, status=400 if error else 200)


def card_detail(request: HttpRequest, guid: str) -> HttpResponse:
    card = get_object_or_404(Card.objects.select_related("card_set", "game"), guid=guid)
    boosted = getattr(card, "boosted", None)
    return render(request, "decks/card_detail.html", {"card": card, "boosted": boosted, "bans": card_bans(card=card)})
