"""Reads of the card catalog."""
from __future__ import annotations

import datetime as dt
from dataclasses import dataclass

from django.db.models import Case, F, IntegerField, Q, QuerySet, Value, When
from django.db.models.functions import Length

from decks.models import BanlistEntry, Card, Format, fold_name

# Real cards before the project's demo data, one game after the other, each in release order (a demo set
# has no release date: it must not come first just because empty dates sort first); within a set by
# number, PR2 before PR10 (a shorter number of the same set is a smaller one).
CATALOG_ORDER = ("card_set__demo", "game__name", F("card_set__release_date").asc(nulls_last=True), "card_set__code",
                 Length("number"), "number")


CARD_SEARCH_FIELDS = ("q", "game", "set", "type", "color", "keyword", "trait")
MAX_SEARCH_LENGTH = 200


class CardSearchError(ValueError):
    """A search the catalog cannot answer; names the field."""

    def __init__(self, message: str, *, field: str) -> None:
        super().__init__(message)
        self.field = field


def card_search_filters(params) -> dict[str, str]:
    """The search fields of a query string, checked: at most 200 characters, no NUL, and a ``q`` that
    holds something to search for (``!`` or an emoji alone fold to nothing)."""
    filters = {}
    for field in CARD_SEARCH_FIELDS:
        value = str(params.get(field, "") or "").strip()
        if "\x00" in value:
            raise CardSearchError(f"'{field}' may not contain NUL characters.", field=field)
        if len(value) > MAX_SEARCH_LENGTH:
            raise CardSearchError(f"'{field}' is at most {MAX_SEARCH_LENGTH} characters.", field=field)
        filters[field] = value
    if filters["q"] and not fold_name(filters["q"]):
        raise CardSearchError("'q' needs a letter or a digit to search for (punctuation and symbols are ignored).", field="q")
    return filters


def card_search(
    *, q: str = "", game: str = "", set_code: str = "", type: str = "", color: str = "", keyword: str = "",
    trait: str = "",
) -> QuerySet[Card]:
    """Cards matching every given filter. ``q`` matches name words (accent/case/punctuation-insensitive),
    a collector number ("PR16") or text."""
    qs = Card.objects.select_related("card_set", "game", "boosted").order_by(*CATALOG_ORDER)
    if game:
        qs = qs.filter(game__slug=game)
    if set_code:
        qs = qs.filter(card_set__code__iexact=set_code)
    if type:
        qs = qs.filter(type__iexact=type)
    if q:
        words = fold_name(q).split()
        name_q = Q(search_name__contains=words[0]) if words else Q(pk__in=[])  # nothing to match by name
        for word in words[1:]:
            name_q &= Q(search_name__contains=word)
        number_q = Q(number__iexact=q.strip())
        qs = qs.filter(name_q | number_q | Q(text__icontains=q.strip()))
        # Name and number matches first, then cards that only mention the words in their text.
        qs = qs.annotate(
            relevance=Case(When(number_q, then=Value(0)), When(name_q, then=Value(1)), default=Value(2), output_field=IntegerField())
        ).order_by("relevance", *CATALOG_ORDER)
    # JSON list filters are done in Python-friendly form that works on SQLite and PostgreSQL alike.
    if color:
        qs = qs.filter(colors__icontains=f'"{color.strip().title()}"')
    if keyword:
        qs = qs.filter(keywords__icontains=keyword.strip())
    if trait:
        qs = qs.filter(traits__icontains=trait.strip())
    return qs


@dataclass(frozen=True)
class CardBan:
    format: Format
    effective: dt.date
    number: str  # the printing the banlist names; a ban covers every card of that name
    via: Format | None = None  # the format whose banlist this format uses (block formats use Harmony's)


def card_bans(*, card: Card) -> list[CardBan]:
    """Where ``card`` is banned and since when (floor rules, Format Legality): banlist entries for any card
    of the same name, in their own format and in the formats that use that format's banlist."""
    entries = BanlistEntry.objects.filter(
        card__game=card.game, card__title=card.title, card__subtitle=card.subtitle,
    ).select_related("format", "card").order_by("effective", "format__name")
    bans: list[CardBan] = []
    for entry in entries:
        bans.append(CardBan(format=entry.format, effective=entry.effective, number=entry.card.number))
        for user in Format.objects.filter(banlist_from=entry.format).order_by("name"):
            bans.append(CardBan(format=user, effective=entry.effective, number=entry.card.number, via=entry.format))
    return bans


# --------------------------------------------------------------------------------------------- decklists
def decklists_published(event) -> bool:
    from decks.models import DecklistPublication

    return DecklistPublication.objects.filter(event=event).exists()


def decklist_can_view(*, decklist, user) -> bool:
    """The player, the event's staff (organiser, judges), and anyone once the organiser published the lists."""
    from tournaments.roles import is_event_staff

    if user is not None and user.is_authenticated and decklist.player_id == user.pk:
        return True
    if is_event_staff(decklist.event, user):
        return True
    return decklists_published(decklist.event)


def decklists_can_list(*, event, user) -> bool:
    from tournaments.roles import is_event_staff

    return is_event_staff(event, user) or decklists_published(event)


def decklist_get(*, event, player_username: str, user):
    """Guarded load: the decklist, or ``PermissionDenied`` / ``Decklist.DoesNotExist``. Strangers get
    "does not exist" so unpublished lists don't reveal who submitted."""
    from django.core.exceptions import PermissionDenied

    from decks.models import Decklist

    from tournaments.roles import is_event_staff

    own = user is not None and user.is_authenticated and user.get_username() == player_username
    if not (own or is_event_staff(event, user) or decklists_published(event)):
        # Checked before the look-up: a stranger can't learn whether a player has submitted a list.
        raise PermissionDenied("decklists are private until the organiser publishes them")
    decklist = Decklist.objects.select_related("event", "player", "current").get(
        event=event, player__username=player_username
    )
    if not decklist_can_view(decklist=decklist, user=user):
        if user is not None and user.is_authenticated:
            raise PermissionDenied("decklists are private until the organiser publishes them")
        raise PermissionDenied("log in to see your decklist")
    return decklist


def decklists_for_event(*, event, user):
    from django.core.exceptions import PermissionDenied

    from decks.models import Decklist

    if not decklists_can_list(event=event, user=user):
        raise PermissionDenied("only the organiser and the judges see all decklists before publication")
    return Decklist.objects.filter(event=event).select_related("player", "current").order_by("player__username")
