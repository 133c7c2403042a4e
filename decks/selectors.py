"""Reads of the card catalog."""
from __future__ import annotations

from django.db.models import Q, QuerySet

from decks.models import Card, fold_name


def card_search(
    *, q: str = "", game: str = "", set_code: str = "", type: str = "", color: str = "", keyword: str = "",
    trait: str = "",
) -> QuerySet[Card]:
    """Cards matching every given filter. ``q`` matches name words (accent/case/punctuation-insensitive),
    a collector number ("PR16") or text."""
    qs = Card.objects.select_related("card_set", "game", "boosted")
    if game:
        qs = qs.filter(game__slug=game)
    if set_code:
        qs = qs.filter(card_set__code__iexact=set_code)
    if type:
        qs = qs.filter(type__iexact=type)
    if q:
        folded = fold_name(q)
        name_q = Q()
        for word in folded.split():
            name_q &= Q(search_name__contains=word)
        qs = qs.filter(name_q | Q(number__iexact=q.strip()) | Q(text__icontains=q.strip()))
    # JSON list filters are done in Python-friendly form that works on SQLite and PostgreSQL alike.
    if color:
        qs = qs.filter(colors__icontains=f'"{color.strip().title()}"')
    if keyword:
        qs = qs.filter(keywords__icontains=keyword.strip())
    if trait:
        qs = qs.filter(traits__icontains=trait.strip())
    return qs
