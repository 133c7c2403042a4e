"""Reads of the card catalog."""
from __future__ import annotations

import datetime as dt
from dataclasses import dataclass

from django.db.models import Case, F, IntegerField, Q, QuerySet, Value, When
from django.db.models.functions import Length

from decks.boosters import BoosterSpec, NoBooster, PackCard, open_pack, pack_rng
from decks.models import BanlistEntry, Card, CardSet, Format, fold_name
from tournaments import event_selectors

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
    if user is not None and user.is_authenticated and decklist.player_id == user.pk:
        return True
    if event_selectors.is_event_staff(decklist.event, user):
        return True
    return decklists_published(decklist.event)


def decklists_can_list(*, event, user) -> bool:
    return event_selectors.is_event_staff(event, user) or decklists_published(event)


def decklist_get(*, event, player_username: str, user):
    """Guarded load: the decklist, or ``PermissionDenied`` / ``Decklist.DoesNotExist``. Strangers get
    "does not exist" so unpublished lists don't reveal who submitted."""
    from django.core.exceptions import PermissionDenied

    from decks.models import Decklist

    own = user is not None and user.is_authenticated and user.get_username() == player_username
    if not (own or event_selectors.is_event_staff(event, user) or decklists_published(event)):
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


# ---------------------------------------------------------------------------------------------- Neopets engine
NEOPETS_GUID_PREFIX = "neopets:"


def neopets_card_records() -> list[dict]:
    """Every Neopets card in the project's card format (docs/neopets-card-format.md), as
    ``gameplay.engine.neopets.CardDB.from_records`` reads it for an online match: ids are the
    import's ids (the GUID without ``neopets:``), engine fields (``effects``, ...) come from ``extra``."""
    out = []
    for c in Card.objects.filter(game__slug="neopets").order_by("id"):
        rec = {"id": c.guid.removeprefix(NEOPETS_GUID_PREFIX), "name": c.title, "type": c.type, "number": c.number,
               "text": c.text, "level_requirement": c.level_requirement, "team_icon": c.team_icon,
               "species": c.species, "rainbow_pool": c.rainbow_pool, "traits": list(c.traits),
               "hit_points": c.hit_points, "attack": c.attack, "defence": c.defence, "agility": c.agility}
        rec.update(c.extra or {})
        out.append(rec)
    return out


def neopets_engine_deck(report) -> dict[str, list[str]]:
    """A validated Neopets decklist (``decks.validation.DeckReport``) as the engine's deck:
    {"neopets": [ids], "rainbow": [ids], "main": [ids]} (2.2-2.4)."""
    def ids(zone: str) -> list[str]:
        return [card.guid.removeprefix(NEOPETS_GUID_PREFIX) for card, qty in report.zones[zone] for _ in range(qty)]

    return {"neopets": ids("neopet"), "rainbow": ids("rainbow"), "main": ids("main")}


# --------------------------------------------------------------------------------------------- boosters
def card_set_find(*, game: str = "mlp", name: str) -> CardSet:
    """A set by its code ("PR"), its name ("Premiere", "The Crystal Games") or the data's own name
    ("Premier", "Crystal Games"); raises ``NoBooster`` naming the known sets."""
    wanted = name.strip()
    qs = CardSet.objects.filter(game__slug=game)
    found = (qs.filter(code__iexact=wanted).first() or qs.filter(name__iexact=wanted).first()
             or qs.filter(source_name__iexact=wanted.replace(" ", "-")).first()
             or qs.filter(name__iexact=f"The {wanted}").first())
    if found is None:
        known = ", ".join(f"{s.name} ({s.code})" for s in qs.order_by("release_date", "code"))
        raise NoBooster(f"unknown set {name!r}; known sets: {known or 'none (import the cards first)'}")
    return found


def booster_spec(card_set: CardSet) -> BoosterSpec:
    """The set's booster as its packaging data defines it (``NoBooster`` if it has none)."""
    return BoosterSpec.from_packaging(set_code=card_set.code, set_name=card_set.name, packaging=card_set.packaging or [])


def booster_cards(card_set: CardSet) -> list[PackCard]:
    """The set's cards a pack can hold, in a stable order (collector number), so seeded draws repeat."""
    rows = Card.objects.filter(card_set=card_set).order_by("number", "guid").values_list(
        "guid", "number", "title", "subtitle", "rarity", "type", "colors", "keywords")
    return [PackCard(guid=g, number=n, name=f"{t}, {s}" if s else t, rarity=r, type=ty, colors=tuple(c or ()),
                     keywords=tuple(k.rstrip(".") for k in (kw or ())))
            for g, n, t, s, r, ty, c, kw in rows]


def packs_open(*, card_set: CardSet, count: int, seed: int | str, player: int | str = "", first_index: int = 0) -> list[list[PackCard]]:
    """``count`` packs of ``card_set`` for ``player`` (pack numbers ``first_index`` on), reproducible from the seed."""
    spec = booster_spec(card_set)
    cards = booster_cards(card_set)
    return [open_pack(spec, cards, pack_rng(seed, player, first_index + i)) for i in range(count)]
