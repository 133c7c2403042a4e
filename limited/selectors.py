"""Reads for limited events: a drafter's own view of the draft, pools, the deck builder's data, draft logs.

Hidden information: ``draft_view`` is the only payload a drafter's page or socket gets; it holds the pack in
front of that seat and that seat's own picks, never another seat's (floor rules, Booster Draft Format:
"players may not ... reveal private information to other players until all cards have been drafted").
"""
from __future__ import annotations

import csv
import io
from collections import Counter

from django.utils import timezone

from decks.card_index import on_catalog_change
from decks.formats import LIMITED_PROVIDED_BY_BLOCK
from decks.models import Card, CardPool, CardSet
from limited.models import DraftPick, LimitedEvent, OpenedPack, Pod, Seat
from limited.pods import opener_of_pack_at, pass_direction
from limited.statements import pod_view_rows, read_json
from tournaments.models import Registration
from tournaments.pairing_adapter import Partition

COLOR_ORDER = ["Loyalty", "Honesty", "Laughter", "Magic", "Generosity", "Kindness"]
TYPE_ORDER = ["Mane Character", "Friend", "Resource", "Event", "Troublemaker", "Problem"]


def card_dict(card: Card) -> dict:
    return {"guid": card.guid, "number": card.number, "name": card.full_name, "title": card.title,
            "subtitle": card.subtitle, "type": card.type, "colors": list(card.colors or []), "rarity": card.rarity,
            "cost": card.cost, "power": card.power, "starting_problem": card.is_starting_problem, "text": card.text}


# Card facts a draft shows, by GUID: read once per process (cleared with the card index on catalog changes).
_card_cache: dict[str, dict] = {}
on_catalog_change(lambda **_kw: _card_cache.clear())


def _cards(guids: list[str]) -> list[dict]:
    missing = set(guids) - _card_cache.keys()
    if missing:
        for card in Card.objects.filter(guid__in=missing):
            _card_cache[card.guid] = card_dict(card)
    return [_card_cache[g] for g in guids if g in _card_cache]


def review_allowed_at(*, tier: int, status: str) -> bool:
    """Booster Draft Format: at Tier 2 or higher no reviewing between picks, only between packs; Tier 1 any time."""
    return tier < 2 or status in (Pod.Status.REVIEWING, Pod.Status.FINISHED, Pod.Status.SEATED)


def draft_view(seat: Seat) -> dict:
    """What the drafter at ``seat`` may see (see ``pod_views``)."""
    return pod_views(seat.pod_id, only=seat.pk)[seat.pk]


def pod_views(pod_id: int, *, only: int | None = None, light: bool = False) -> dict[int, dict]:
    """Each drafter's own view, by seat id: the public seating, the step, the timer, the pack in front of them
    (until they pick from it) and — when review is allowed — their own picks. Nothing of another seat's pack or
    picks. One statement (``statements.pod_view_rows``), plus one for the pick lists when they go out.

    ``light`` (the views pushed while the pod drafts): no ``picks`` key while the pod is drafting — the drafter
    already holds that list (their full view, then a ``picked_reply`` per pick; a client whose list does not
    match ``pick_count``, e.g. after a timer's auto-pick, asks for a full view). At the review between packs
    and at the end the light view carries the whole list again."""
    pod, seats = pod_view_rows(pod_id)
    drafting = pod.status == Pod.Status.DRAFTING
    allowed = review_allowed_at(tier=pod.tier, status=pod.status)
    with_picks = not (light and allowed and drafting)  # the "picks" key: the list when allowed, else None
    picks = _pick_lists(pod_id, only) if with_picks and allowed else None
    opened = {s.position: s for s in seats}
    public = {
        "event": pod.event, "pod": pod.number, "pod_id": pod_id, "status": pod.status,
        "tier": pod.tier, "packs": len(pod.packs), "pack_sets": pod.packs,
        "pack_number": pod.pack_number, "pick_number": pod.pick_number,
        "direction": "left" if pass_direction(pod.pack_number) > 0 else "right",
        "due_at": pod.step_due_at.isoformat() if pod.step_due_at else None,
        "server_now": timezone.now().isoformat(),
        "seats": [{"position": s.position, "name": s.name, "bot": s.bot} for s in seats],
    }
    views = {}
    for seat in seats:
        if only is not None and seat.id != only:
            continue
        mine = picks.get(seat.id, []) if picks is not None else None
        # With the list at hand the counts come from it, so that the view agrees with itself.
        step = (pod.pack_number, pod.pick_number)
        picked_now = any((p["pack_number"], p["pick_number"]) == step for p in mine) if mine is not None else seat.picked_this_step
        pack = None
        if drafting and not picked_now:
            opener = opener_of_pack_at(seat.position, pack_number=pod.pack_number, pick_number=pod.pick_number, pod_size=len(seats))
            pack = _cards(read_json(opened[opener].opened_remaining))
        views[seat.id] = dict(
            public, seat=seat.position, you=seat.name, pack=pack, picked_this_step=picked_now,
            pick_count=len(mine) if mine is not None else seat.pick_count, review_allowed=allowed,
        )
        if with_picks:
            views[seat.id]["picks"] = [_pick_dict(p["guid"], p) for p in mine] if mine is not None else None
    return views


def _pick_lists(pod_id: int, only: int | None) -> dict[int, list[dict]]:
    """The pod's picks (or only seat ``only``'s), by seat id, in order."""
    picks: dict[int, list[dict]] = {}
    for seat_id, pack_number, pick_number, guid, auto in (
            DraftPick.objects.filter(seat__pod_id=pod_id, **({"seat_id": only} if only else {}))
            .order_by("pack_number", "pick_number").values_list("seat_id", "pack_number", "pick_number", "card__guid", "auto")):
        picks.setdefault(seat_id, []).append({"guid": guid, "pack_number": pack_number, "pick_number": pick_number, "auto": auto})
    return picks


def _pick_dict(guid: str, step: dict) -> dict:
    return dict(_cards([guid])[0], **{k: step[k] for k in ("pack_number", "pick_number", "auto")})


def picked_reply(*, guid: str, pack_number: int, pick_number: int, pick_count: int, review_allowed: bool) -> dict:
    """The websocket's answer to its own drafter's pick that did not end the step: what changed in their view
    (the pack is gone, the pick is theirs), built without a query. The card is the one they just took from the
    pack in front of them, so it reveals nothing."""
    step = {"pack_number": pack_number, "pick_number": pick_number, "auto": False}
    return {"type": "picked", "pack_number": pack_number, "pick_number": pick_number, "pick_count": pick_count,
            "pick": _pick_dict(guid, step) if review_allowed else None}


def seat_of(pod: Pod, user) -> Seat | None:
    if not getattr(user, "is_authenticated", False):
        return None
    return Seat.objects.filter(pod=pod, player=user).select_related("pod").first()


def seat_for_event(limited: LimitedEvent, user) -> Seat | None:
    if not getattr(user, "is_authenticated", False):
        return None
    return Seat.objects.filter(pod__limited=limited, player=user).select_related("pod").first()


def pods_public(limited: LimitedEvent) -> list[dict]:
    """Pods and their seating: shown to each pod (and on the event's limited page)."""
    out = []
    for pod in limited.pods.prefetch_related("seats__player"):
        out.append({"number": pod.number, "id": pod.pk, "status": pod.status, "pack_number": pod.pack_number,
                    "pick_number": pod.pick_number,
                    "seats": [{"position": s.position, "name": s.name, "bot": s.bot} for s in pod.seats.all()]})
    return out


def pool_cards(*, event, player) -> list[dict]:
    """A player's pool, one entry per card with its count, in type and color order."""
    pool = CardPool.objects.filter(event=event, player=player).first()
    if pool is None:
        return []
    entries = pool.entries.select_related("card")
    rows = [dict(card_dict(e.card), qty=e.qty) for e in entries]
    return sorted(rows, key=_card_order)


def _card_order(card: dict) -> tuple:
    color = card["colors"][0] if card["colors"] else "~"
    type_rank = TYPE_ORDER.index(card["type"]) if card["type"] in TYPE_ORDER else 99
    return (type_rank, COLOR_ORDER.index(color) if color in COLOR_ORDER else 9, len(card["colors"]), card["name"])


def provided_cards(limited: LimitedEvent) -> list[dict]:
    """The block's Mane Characters and Starting Problems the organiser provides (floor rules table), for the
    blocks the event's packs come from; usable in any number."""
    blocks = set(CardSet.objects.filter(game__slug="mlp", code__in=set(limited.packs)).values_list("block", flat=True))
    numbers = [n for b in sorted(blocks) if b in LIMITED_PROVIDED_BY_BLOCK
               for n in LIMITED_PROVIDED_BY_BLOCK[b]["manes"] + LIMITED_PROVIDED_BY_BLOCK[b]["starting_problems"]]
    cards = {c.number: c for c in Card.objects.filter(game__slug="mlp", number__in=numbers)}
    return [dict(card_dict(cards[n]), provided=True) for n in numbers if n in cards]


def pool_packs(limited: LimitedEvent, player) -> list[dict]:
    """The packs a player opened (sealed) with how to regenerate each (judges: ``open_packs``)."""
    out = []
    for pack in OpenedPack.objects.filter(limited=limited, player=player, seat__isnull=True).order_by("index"):
        out.append({"index": pack.index, "set": pack.set_code, "seed": limited.event.seed, "player": pack.seed_player,
                    "cards": _cards(pack.cards)})
    return out


def pool_lists(limited: LimitedEvent) -> list[dict]:
    """Every player's pool for the judges' printable lists."""
    out = []
    for pool in CardPool.objects.filter(event=limited.event).select_related("player").order_by("player__username"):
        counts = Counter()
        rows = []
        for e in pool.entries.select_related("card"):
            rows.append(dict(card_dict(e.card), qty=e.qty))
            counts[e.card.type] += e.qty
        out.append({"player": pool.player.username, "player_id": pool.player_id, "cards": sorted(rows, key=_card_order),
                    "total": sum(counts.values()), "by_type": dict(counts)})
    return out


def draft_log(seat: Seat) -> list[dict]:
    """A drafter's picks in order (shown after the draft)."""
    return [dict(card_dict(p.card), pack_number=p.pack_number + 1, pick_number=p.pick_number + 1, auto=p.auto)
            for p in DraftPick.objects.filter(seat=seat).select_related("card").order_by("pack_number", "pick_number")]


def draft_log_csv(limited: LimitedEvent) -> str:
    """The organiser's export: every pick of every pod, in order."""
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow(["pod", "seat", "drafter", "pack", "pick", "number", "card", "rarity", "auto"])
    picks = (DraftPick.objects.filter(seat__pod__limited=limited)
             .select_related("seat__pod", "seat__player", "card")
             .order_by("seat__pod__number", "seat__position", "pack_number", "pick_number"))
    for p in picks:
        writer.writerow([p.seat.pod.number, p.seat.position + 1, p.seat.name, p.pack_number + 1, p.pick_number + 1,
                         p.card.number, p.card.full_name, p.card.rarity, "yes" if p.auto else ""])
    return out.getvalue()


def pod_partition(event, swiss_round: int) -> Partition | None:
    """Registered with the tournaments pairing (``LimitedConfig.ready``): the first ``pod_rounds`` Swiss rounds
    of a booster draft pair each player only within their own pod. The organiser's choice: the floor rules
    divide the players into pods for the draft (Limited Play, Booster Draft Format) and pair events by Swiss
    (General Rules, Swiss Rounds) without saying whether pods stay apart."""
    limited = LimitedEvent.objects.filter(event=event, kind=LimitedEvent.Kind.BOOSTER_DRAFT).first()
    if limited is None or swiss_round > limited.pod_rounds:
        return None
    registration_of = dict(Registration.objects.filter(event=event).values_list("player_id", "id"))
    groups = {registration_of[player]: f"pod {number}"
              for player, number in Seat.objects.filter(pod__limited=limited, player__isnull=False).values_list("player_id", "pod__number")
              if player in registration_of}
    if not groups:
        return None  # the pods are not seated yet
    if limited.pod_rounds >= (event.swiss_rounds or 99):
        which = "every Swiss round"
    else:
        which = "Swiss round 1" if limited.pod_rounds == 1 else f"Swiss rounds 1–{limited.pod_rounds}"
    return Partition(groups=groups, note=(
        f"Round {swiss_round} is paired within the draft pods: you play players of your own pod (the organiser's "
        f"choice for {which}); a pod with an odd number of players has its own bye."))
