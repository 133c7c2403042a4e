"""Writes for limited events: setting one up (packs, presets, special products), opening sealed pools,
recording pools (online or by the judges for paper events) and registering a deck built from a pool.

Keyword-only services that check the acting user's role themselves (organiser or head judge set things
up; each player only touches their own deck). Drafting itself is in ``limited.draft``.
"""
from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence

from django.contrib.auth import get_user_model
from django.db import transaction
from django.utils import timezone

from decks.boosters import NoBooster
from decks.models import Card, CardPool, CardPoolEntry, CardSet, Decklist
from decks.resolution import INVALID
from decks.services import decklist_check
from decks.boosters import open_pack, pack_rng
from decks.selectors import booster_cards, booster_spec
from limited.models import LimitedEvent, LimitedProduct, OpenedPack
from limited.pods import draft_pack_order
from limited.presets import PACKS_PER_KIND, preset
from tournaments.models import Event, EventRole, Registration
from tournaments.services.common import EventError, require_role, set_status
from tournaments.services.events import NotReady

STAFF = [EventRole.Role.ORGANISER, EventRole.Role.HEAD_JUDGE]
SETUP_STATUSES = ("draft", "registration_open", "check_in")


class LimitedError(EventError):
    """A limited-event action the rules or the event's state refuse; the message says why."""


def lock_limited(limited: LimitedEvent) -> LimitedEvent:
    # One setup change at a time: opening pools twice or seating twice must not happen.
    return LimitedEvent.objects.select_for_update(of=("self",)).select_related("event").get(pk=limited.pk)


def limited_of(event: Event) -> LimitedEvent:
    limited = LimitedEvent.objects.filter(event=event).select_related("event").first()
    if limited is None:
        raise LimitedError(f"{event.name} is not set up as a sealed or draft event yet.")
    return limited


def _check_packs(kind: str, packs: Sequence[str]) -> list[str]:
    wanted = PACKS_PER_KIND[kind]
    if len(packs) != wanted:
        rule = "Sealed Deck Format" if kind == "sealed" else "Booster Draft Format"
        raise LimitedError(f"packs: a {'sealed pool' if kind == 'sealed' else 'draft'} is made of {wanted} booster packs "
                           f"(Limited Play, {rule}); {len(packs)} given.")
    sets = {s.code: s for s in CardSet.objects.filter(game__slug="mlp", code__in=set(packs))}
    for code in packs:
        if code not in sets:
            raise LimitedError(f"packs: unknown set code {code!r}.")
        try:
            booster_spec(sets[code])
        except NoBooster as exc:
            raise LimitedError(f"packs: {exc}.") from None
    if kind == LimitedEvent.Kind.BOOSTER_DRAFT:
        # Booster Draft Format: "Boosters are opened in order of set recency, with the most recent set opened first."
        return draft_pack_order(packs, {c: s.release_date for c, s in sets.items()})
    return list(packs)


def _check_extra_cards(numbers: Iterable[str]) -> list[str]:
    numbers = [n.strip() for n in numbers if n and n.strip()]
    known = set(Card.objects.filter(game__slug="mlp", number__in=numbers).values_list("number", flat=True))
    unknown = [n for n in numbers if n not in known]
    if unknown:
        raise LimitedError(f"extra_cards: unknown card number(s) {', '.join(unknown)}.")
    return numbers


def limited_configure(
    *, event: Event, by, kind: str, packs: Sequence[str] = (), preset_key: str = "", product: LimitedProduct | None = None,
    mode: str = LimitedEvent.Mode.ONLINE, bots_fill: bool = False, pod_size: int = 8, pod_sizes: Sequence[int] = (),
    pick_timer_max: int = 75, pick_timer_min: int = 10, review_seconds: int = 30, extra_cards: Sequence[str] = (),
    pod_rounds: int = 0,
) -> LimitedEvent:
    """Make ``event`` a sealed or booster-draft event: its packs (a floor-rules preset, an organiser's special
    product, or any custom list), online or paper, and the draft's pods, bots and timers. ``pod_rounds``: how
    many of the first Swiss rounds pair players only within their draft pod (the organiser's choice: the floor
    rules divide a draft into pods but pair every event by Swiss, General Rules, Swiss Rounds)."""
    require_role(event, by, [EventRole.Role.ORGANISER], "set up the limited event")
    if kind not in LimitedEvent.Kind.values:
        raise LimitedError("kind: sealed or booster_draft.")
    if mode not in LimitedEvent.Mode.values:
        raise LimitedError("mode: online or paper.")
    if not (event.format.rules or {}).get("pool"):
        raise LimitedError(f"The event's format is {event.format.name}; sealed and draft events use a limited format "
                           "(decks are built from each player's pool: Limited Play, Limited Deck Construction).")
    name = ""
    if preset_key:
        chosen = preset(preset_key)
        if chosen is None or chosen.kind != kind:
            raise LimitedError(f"preset: no {kind.replace('_', ' ')} preset {preset_key!r}.")
        packs, name = chosen.packs, chosen.name
    elif product is not None:
        packs, name, extra_cards = product.packs, product.name, list(product.extra_cards) + list(extra_cards)
    if pod_size < 2:
        raise LimitedError("pod_size: a pod needs at least 2 players.")
    if pod_rounds < 0:
        raise LimitedError("pod_rounds: a number of rounds, 0 or more.")
    if pod_rounds and kind != LimitedEvent.Kind.BOOSTER_DRAFT:
        raise LimitedError("pod_rounds: only a booster draft has pods to pair within; a sealed event pairs everyone.")
    if pick_timer_max and pick_timer_min > pick_timer_max:
        raise LimitedError("pick_timer_min: the last pick's timer can't be longer than a full pack's.")
    ordered = _check_packs(kind, [str(p).strip().upper() for p in packs])
    extras = _check_extra_cards(extra_cards)
    with transaction.atomic():
        if event.status not in SETUP_STATUSES:
            raise LimitedError("The event has started; its packs can't change any more.")
        limited = LimitedEvent.objects.select_for_update().filter(event=event).first()
        if limited is not None and limited.status != LimitedEvent.Status.SETUP:
            raise LimitedError("The pools are already opened or the pods seated; the setup can't change any more.")
        values = dict(kind=kind, mode=mode, packs=ordered, product_name=name, extra_cards=extras, bots_fill=bots_fill,
                      pod_size=pod_size, pod_sizes=list(pod_sizes), pick_timer_max=pick_timer_max,
                      pick_timer_min=pick_timer_min, review_seconds=review_seconds, pod_rounds=pod_rounds)
        limited, _ = LimitedEvent.objects.update_or_create(event=event, defaults=values)
        Event.objects.filter(pk=event.pk).update(structure=kind)
    return limited


def limited_product_create(*, by, name: str, packs: Sequence[str], extra_cards: Sequence[str] = ()) -> LimitedProduct:
    """An organiser's special product (floor rules, Special Formats), reusable by their events."""
    if not getattr(by, "is_authenticated", False):
        raise LimitedError("Log in to define a product.")
    name = name.strip()
    if not name:
        raise LimitedError("name: the product needs a name.")
    if LimitedProduct.objects.filter(name__iexact=name).exists():
        raise LimitedError(f"name: a product called {name!r} exists already.")
    packs = [str(p).strip().upper() for p in packs]
    kind = "sealed" if len(packs) == 8 else "booster_draft"
    _check_packs(kind, packs)
    return LimitedProduct.objects.create(name=name, packs=packs, extra_cards=_check_extra_cards(extra_cards), created_by=by)


# --------------------------------------------------------------------------------------------- pools
def event_players(event: Event) -> list:
    """The players whose pools are opened: checked in if check-in is open, else every active registration."""
    regs = Registration.objects.filter(event=event, status__in=Registration.ACTIVE)
    if event.status == Event.Status.CHECK_IN and regs.filter(status=Registration.Status.CHECKED_IN).exists():
        regs = regs.filter(status=Registration.Status.CHECKED_IN)
    ids = regs.values_list("player_id", flat=True)
    return list(get_user_model().objects.filter(pk__in=ids).order_by("pk"))


def extra_card_guids(limited: LimitedEvent) -> list[str]:
    by_number = dict(Card.objects.filter(game__slug="mlp", number__in=limited.extra_cards).values_list("number", "guid"))
    return [by_number[n] for n in limited.extra_cards if n in by_number]


def pool_record(*, event: Event, player, cards: Iterable[str]) -> CardPool:
    """Store a player's pool (card GUIDs, repeats allowed) as the ``decks.CardPool`` validation reads."""
    return pools_record(event=event, pools={player.pk: list(cards)})[player.pk]


def pools_record(*, event: Event, pools: dict[int, list[str]]) -> dict[int, CardPool]:
    """Store several players' pools at once (player id -> card GUIDs, repeats allowed), replacing what they
    held: a draft pod's pools when it finishes, in a few queries whatever the pod's size."""
    ids = dict(Card.objects.filter(guid__in={g for cards in pools.values() for g in cards}).values_list("guid", "id"))
    have = set(CardPool.objects.filter(event=event, player_id__in=pools).values_list("player_id", flat=True))
    # ignore_conflicts: a pool created meanwhile (a judge recording it) is simply replaced below
    CardPool.objects.bulk_create([CardPool(event=event, player_id=p) for p in pools if p not in have], ignore_conflicts=True)
    stored = {p.player_id: p for p in CardPool.objects.filter(event=event, player_id__in=pools)}
    CardPoolEntry.objects.filter(pool__in=stored.values()).delete()
    CardPoolEntry.objects.bulk_create([CardPoolEntry(pool=stored[p], card_id=ids[g], qty=q)
                                       for p, cards in pools.items() for g, q in Counter(cards).items()])
    CardPool.objects.filter(pk__in=[p.pk for p in stored.values()]).update(updated_at=timezone.now())
    return stored


def sealed_open_pools(*, event: Event, by) -> int:
    """Sealed Deck Format: open each player's 8 packs (seeded by the event seed, the player's id and the pack
    number, so a judge can regenerate any pool) and record the pools. Returns the number of pools."""
    require_role(event, by, STAFF, "open the sealed pools")
    with transaction.atomic():
        limited = lock_limited(limited_of(event))
        if limited.kind != LimitedEvent.Kind.SEALED:
            raise LimitedError("This is a booster draft: seat the pods instead of opening sealed pools.")
        if limited.status != LimitedEvent.Status.SETUP:
            raise LimitedError("The sealed pools are already opened.")
        players = event_players(event)
        if not players:
            raise LimitedError("No player is registered, so there is no pool to open.")
        # Online the player sees their pool here; paper events print the same lists for the judges.
        for player in players:
            _open_sealed_pool(limited, player)
        limited.opened_at = timezone.now()
        limited.save(update_fields=["opened_at"])
        set_status(limited, LimitedEvent.Status.BUILDING)
    return len(players)


def _open_sealed_pool(limited: LimitedEvent, player) -> None:
    sets = {s.code: s for s in CardSet.objects.filter(game__slug="mlp", code__in=set(limited.packs))}
    specs = {code: (booster_spec(s), booster_cards(s)) for code, s in sets.items()}
    guids: list[str] = []
    rows = []
    for index, code in enumerate(limited.packs):
        spec, cards = specs[code]
        pack = [c.guid for c in open_pack(spec, cards, pack_rng(limited.event.seed, player.pk, index))]
        rows.append(OpenedPack(limited=limited, player=player, index=index, set_code=code, seed_player=str(player.pk), cards=pack))
        guids += pack
    OpenedPack.objects.bulk_create(rows)
    pool_record(event=limited.event, player=player, cards=guids + extra_card_guids(limited))


def pool_set_by_judge(*, event: Event, by, player, cards: dict[str, int]) -> CardPool:
    """Paper events: a judge records the pool a player opened or drafted (card GUIDs or numbers -> copies)."""
    require_role(event, by, STAFF + [EventRole.Role.FLOOR_JUDGE], "record card pools")
    limited = limited_of(event)
    if limited.mode != LimitedEvent.Mode.PAPER:
        raise LimitedError("Pools of an online event come from the opened packs and the draft; judges can't replace them.")
    if not Registration.objects.filter(event=event, player=player, status__in=Registration.ACTIVE).exists():
        raise LimitedError(f"{player} is not registered for {event.name}.")
    guids: list[str] = []
    for ident, qty in cards.items():
        card = Card.objects.filter(game__slug="mlp", guid=ident).first() or Card.objects.filter(game__slug="mlp", number=ident).first()
        if card is None:
            raise LimitedError(f"cards: unknown card {ident!r}.")
        if not isinstance(qty, int) or isinstance(qty, bool) or not 1 <= qty <= 99:
            raise LimitedError(f"cards: {ident}: the quantity must be a whole number from 1 to 99.")
        guids += [card.guid] * qty
    with transaction.atomic():
        return pool_record(event=event, player=player, cards=guids + extra_card_guids(limited))


# --------------------------------------------------------------------------------------------- the start
def limited_start_check(event: Event, checked: list[Registration]) -> NotReady | None:
    """Registered with ``event_start`` (``LimitedConfig.ready``): a sealed or draft event's first round waits
    until every player has registered a deck that is legal, built from their own pool as it stands now (a
    judge may have corrected the pool since: the deck is checked again)."""
    limited = LimitedEvent.objects.filter(event=event).first()
    if limited is None:
        return None
    late = [(reg, why) for reg in checked if (why := limited_deck_problem(event, reg.player))]
    rule = (f"A {limited.get_kind_display()} event's first round starts only when every player has registered a legal "
            "deck built from their own pool (Limited Play, Limited Deck Construction).")
    return NotReady(rule=rule, players=late)


def limited_deck_problem(event: Event, player) -> str:
    """Why ``player`` can't play the first round with a limited deck, or "" if they can."""
    if not CardPool.objects.filter(event=event, player=player).exists():
        return "no card pool yet"
    decklist = Decklist.objects.filter(event=event, player=player).select_related("current").first()
    if decklist is None or decklist.current is None:
        return "no deck registered"
    lines = [{"card": e["card"], "qty": e["qty"]} for e in decklist.current.entries if e.get("card")]
    _kind, _source, report = decklist_check(event=event, player=player, data=lines)
    problems = [p for p in report.problems if p.cls == INVALID]
    if problems or not lines:
        return "deck not legal: " + (f"{problems[0].message} ({problems[0].rule})" if problems else "it is empty")
    return ""
