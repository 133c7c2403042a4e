"""Booster drafts (floor rules, Booster Draft Format): seating the pods, opening the packs, picks, passing,
pick timers, bots and auto-picks, the review between packs, and the pools the draft leaves.

Every pod drafts in steps: at each step every seat holds one pack (``pods.opener_of_pack_at``) and picks
one card from it; when every seat has picked, the packs move on (left for packs 1 and 3, right for 2 and
4) and the next step begins. Bots, and drafters who disconnected, pick at once; a timed-out step is
finished by the server (``PickDeadline``: its Celery task, or the periodic sweep after a restart).
"""
from __future__ import annotations

import json
import random
from datetime import datetime, timedelta

from django.db import IntegrityError, transaction
from django.utils import timezone

from config.broadcast import group_send_many
from decks.boosters import PackCard, open_pack, pack_rng
from decks.card_index import on_catalog_change
from decks.models import Card, CardSet
from decks.selectors import booster_cards, booster_spec
from limited.bots import bot_pick
from limited.models import DraftPick, LimitedEvent, OpenedPack, PickDeadline, Pod, Seat
from limited.pods import check_pod_sizes, opener_of_pack_at, pick_seconds, pod_sizes, seat_pods
from limited.services import STAFF, LimitedError, event_players, extra_card_guids, limited_of, lock_limited, pools_record
from limited.statements import pass_packs_on, single_statement_picks, step_counts, take_card
from tournaments.models import Event
from tournaments.scheduling import schedule_task
from tournaments.services.common import require_role, set_status


def seat_group(seat_id: int) -> str:
    """One drafter's own group: only their view is ever sent to it."""
    return f"draft_seat_{seat_id}"


def _after_commit(fn) -> None:
    transaction.on_commit(fn)


def _notify(pod: Pod, *, seat: Seat | None = None) -> None:
    """After commit, send each drafter of the pod (or only ``seat``) their own view, built for the whole pod
    in a few queries (``selectors.pod_views``): per-player payloads to per-player groups."""
    pod_id, only = pod.pk, (seat.pk if seat is not None else None)
    _after_commit(lambda: send_views(pod_id, only=only))


def send_views(pod_id: int, *, only: int | None = None) -> None:
    """Light views (``selectors.pod_views``): while the pod drafts they leave the picks list out — the drafter
    has it from their full view and the ``picked`` replies — so a pick costs no re-serialised pick list."""
    from limited.selectors import pod_views

    # Each view is serialised once, here: the consumer passes the text on to its socket as it is.
    group_send_many([(seat_group(seat_id), {"type": "draft.view", "text": json.dumps({"type": "draft", "view": view})})
                     for seat_id, view in pod_views(pod_id, only=only, light=True).items()])


# --------------------------------------------------------------------------------------------- seating
def draft_seat_pods(*, event: Event, by) -> list[Pod]:
    """Divide the players into roughly equal pods (8 recommended, or the organiser's sizes) and seat each
    pod at random in a circle; bots take the empty seats when the organiser chose so."""
    require_role(event, by, STAFF, "seat the draft pods")
    with transaction.atomic():
        limited = lock_limited(limited_of(event))
        if limited.kind != LimitedEvent.Kind.BOOSTER_DRAFT:
            raise LimitedError("This is a sealed event: open the pools instead of seating pods.")
        if limited.status != LimitedEvent.Status.SETUP:
            raise LimitedError("The pods are already seated.")
        players = event_players(event)
        if not players:
            raise LimitedError("No player is registered, so there is no pod to seat.")
        try:
            sizes = check_pod_sizes(limited.pod_sizes, len(players)) if limited.pod_sizes else pod_sizes(len(players), limited.pod_size)
        except ValueError as exc:
            raise LimitedError(f"pod_sizes: {exc}.") from None
        rng = random.Random(f"ponyhall-seating/{event.seed}")
        pods = []
        for number, members in enumerate(seat_pods(players, sizes, rng), start=1):
            seats: list = list(members)
            if limited.bots_fill and len(seats) < limited.pod_size:
                seats += [None] * (limited.pod_size - len(seats))
                rng.shuffle(seats)  # bots sit among the players, not in a block
            pod = Pod.objects.create(limited=limited, number=number, size=len(seats))
            Seat.objects.bulk_create([Seat(pod=pod, position=i, player=p, bot=p is None) for i, p in enumerate(seats)])
            pods.append(pod)
        set_status(limited, LimitedEvent.Status.SEATED)
    return pods


def draft_start(*, event: Event, by, now: datetime | None = None) -> LimitedEvent:
    """Online drafts: every seat opens its packs (seeded: event seed, seat's player, pack number) and the
    first pick begins. Paper drafts end here: the judges record the pools (``pool_set_by_judge``)."""
    require_role(event, by, STAFF, "start the draft")
    now = now or timezone.now()
    with transaction.atomic():
        limited = lock_limited(limited_of(event))
        if limited.status != LimitedEvent.Status.SEATED:
            raise LimitedError("Seat the pods before the draft starts." if limited.status == "setup" else "The draft has started.")
        if limited.mode == LimitedEvent.Mode.PAPER:
            Pod.objects.filter(limited=limited).update(status=Pod.Status.FINISHED)
            set_status(limited, LimitedEvent.Status.BUILDING)
            return limited
        cards = {code: (booster_spec(s), booster_cards(s)) for code, s in
                 ((s.code, s) for s in CardSet.objects.filter(game__slug="mlp", code__in=set(limited.packs)))}
        for pod in Pod.objects.filter(limited=limited):
            _open_seat_packs(limited, pod, cards)
            set_status(pod, Pod.Status.DRAFTING)
            _step_begin(pod, now)
        limited.opened_at = now
        limited.save(update_fields=["opened_at"])
        set_status(limited, LimitedEvent.Status.DRAFTING)
    return limited


def _seed_player(seat: Seat) -> str:
    return str(seat.player_id) if seat.player_id else f"bot-{seat.pod.number}-{seat.position}"


def _open_seat_packs(limited: LimitedEvent, pod: Pod, cards: dict) -> None:
    rows = []
    for seat in pod.seats.select_related("pod"):
        for index, code in enumerate(limited.packs):
            spec, pool = cards[code]
            guids = [c.guid for c in open_pack(spec, pool, pack_rng(limited.event.seed, _seed_player(seat), index))]
            rows.append(OpenedPack(limited=limited, player_id=seat.player_id, seat=seat, index=index, set_code=code,
                                   seed_player=_seed_player(seat), cards=guids, remaining=list(guids)))
    OpenedPack.objects.bulk_create(rows)


# --------------------------------------------------------------------------------------------- picks
# How picks stay correct while the drafters of a pod pick at the same moment (on PostgreSQL each pick runs on
# its own thread): at each step every seat picks from a different pack, so a pick locks only the pack in front
# of the seat, in one short transaction. The unique (seat, pack, pick) row is the guard against a second pick
# for the same seat and step (a timer's auto-pick racing the drafter's click). Passing the packs on needs the
# pod's row: whichever pick sees, after it committed, that every seat has picked locks the pod and moves it on;
# the views are sent after that commit. Bots, timers and presence lock the pod first, then a pack: never the
# other way round, so no pick waits for the pod while holding a pack.
def lock_pod(pod_id: int) -> Pod:
    return Pod.objects.select_for_update(of=("self",)).select_related("limited__event").get(pk=pod_id)


def pack_in_front_of(pod: Pod, seat: Seat, *, lock: bool = False) -> OpenedPack:
    opener = opener_of_pack_at(seat.position, pack_number=pod.pack_number, pick_number=pod.pick_number, pod_size=pod.size)
    packs = OpenedPack.objects.select_for_update(of=("self",)) if lock else OpenedPack.objects
    return packs.get(seat__pod=pod, seat__position=opener, index=pod.pack_number)


def draft_pick(*, seat: Seat, card: str, pack_number: int, pick_number: int, by=None, now: datetime | None = None,
               notify_picker: bool = True) -> DraftPick:
    """The drafter at ``seat`` takes ``card`` (a GUID) from the pack in front of them, at the given step
    (a pick for a step that is over is refused, so a late click never takes from the next pack).

    When the pick completes the step, every drafter of the pod gets their next view. Otherwise only the
    picker's view changed: it is sent to their group, unless ``notify_picker`` is False — the websocket
    consumer answers its own drafter with ``selectors.picked_reply`` instead, with no query and no channel-layer
    hop. The returned pick carries ``pick_count``: the seat's picks in all, this one included."""
    now = now or timezone.now()
    if by is not None and seat.player_id != getattr(by, "pk", None):
        raise LimitedError("You can only pick for your own seat.")
    try:
        pick = _take_at_step(seat, card, pack_number=pack_number, pick_number=pick_number, now=now)
    except IntegrityError:  # one_pick_per_seat_step: this seat's pick for the step is already in
        raise LimitedError("You have already picked from this pack; wait for the next one.") from None
    step_done, pick.pick_count = step_counts(pod_id=seat.pod_id, seat_id=seat.pk, pack_number=pack_number,
                                             pick_number=pick_number)
    if not pass_on_if_complete(seat.pod_id, pack_number=pack_number, pick_number=pick_number, seats=seat.pod.size, now=now,
                               picked=step_done):
        if notify_picker:
            _notify(seat.pod, seat=seat)  # only the picker's view changed
    return pick


def _take_at_step(seat: Seat, card: str, *, pack_number: int, pick_number: int, now: datetime) -> DraftPick:
    """Take ``card`` from the pack in front of ``seat`` if the pod is at that step: one statement on PostgreSQL
    (``statements.take_card``), the same checks through the ORM in a transaction elsewhere."""
    if not single_statement_picks():
        with transaction.atomic():
            pack = _pack_at_step(seat, pack_number, pick_number)
            if pack is None:
                raise _step_refusal(seat.pod_id)
            return _take(pack, seat, card, pack_number=pack_number, pick_number=pick_number, auto=False)
    opener = opener_of_pack_at(seat.position, pack_number=pack_number, pick_number=pick_number, pod_size=seat.pod.size)
    taken = take_card(seat=seat, opener=opener, card=card, pack_number=pack_number, pick_number=pick_number, now=now)
    if not taken.at_step:
        raise _step_refusal(seat.pod_id)
    if taken.pick_id is None:
        raise LimitedError(NOT_IN_PACK)
    return DraftPick(id=taken.pick_id, seat=seat, pack_number=pack_number, pick_number=pick_number,
                     card_id=taken.card_id, auto=False, at=now)


def _pack_at_step(seat: Seat, pack_number: int, pick_number: int) -> OpenedPack | None:
    """The pack in front of ``seat`` at that step, locked, if the pod is picking that step (one query)."""
    opener = opener_of_pack_at(seat.position, pack_number=pack_number, pick_number=pick_number, pod_size=seat.pod.size)
    return (OpenedPack.objects.select_for_update(of=("self",))
            .filter(seat__pod_id=seat.pod_id, seat__position=opener, index=pack_number, seat__pod__status=Pod.Status.DRAFTING,
                    seat__pod__pack_number=pack_number, seat__pod__pick_number=pick_number)
            .first())


def _step_refusal(pod_id: int) -> LimitedError:
    pod = Pod.objects.get(pk=pod_id)
    if pod.status != Pod.Status.DRAFTING:
        return LimitedError("The pod is not picking right now" + (" (review between packs)." if pod.status == Pod.Status.REVIEWING else "."))
    return LimitedError(f"That pick is over: the pod is at pack {pod.pack_number + 1}, pick {pod.pick_number + 1}.")


NOT_IN_PACK = "card: that card is not in the pack in front of you."


def _take(pack: OpenedPack, seat: Seat, guid: str, *, pack_number: int, pick_number: int, auto: bool) -> DraftPick:
    """Move ``guid`` from the (locked) pack to the seat's picks."""
    if guid not in pack.remaining:
        raise LimitedError(NOT_IN_PACK)
    pick = DraftPick.objects.create(seat=seat, pack_number=pack_number, pick_number=pick_number,
                                    card_id=_card_id(guid, pack.remaining), auto=auto)
    pack.remaining.remove(guid)
    pack.save(update_fields=["remaining"])
    return pick


def pass_on_if_complete(pod_id: int, *, pack_number: int, pick_number: int, seats: int, now: datetime,
                        picked: int | None = None) -> bool:
    """After a pick committed: if every seat has picked at this step (``picked``: the count, if the caller has
    it), pass the packs on (once, under the pod's lock) and send everyone their new view. True when the step
    is over (whoever moved it on)."""
    if picked is None:
        picked = DraftPick.objects.filter(seat__pod_id=pod_id, pack_number=pack_number, pick_number=pick_number).count()
    if picked < seats:
        return False
    with transaction.atomic():
        # Mostly the packs go on within the pack: one compare-and-set on the pod's row does it.
        needs_more = pass_packs_on(pod_id=pod_id, pack_number=pack_number, pick_number=pick_number)
        if needs_more is False:  # nobody for the server to pick for, no timer to start: the drafters' new views
            _after_commit(lambda: send_views(pod_id))
            return True
        pod = lock_pod(pod_id)
        if needs_more:  # the packs went on; bots and away drafters pick, the timer starts
            _step_begin(pod, now)
            return True
        if (pod.status, pod.pack_number, pod.pick_number) != (Pod.Status.DRAFTING, pack_number, pick_number):
            return True  # another pick (or the timer) passed them on and sent the views
        return _advance_if_complete(pod, now)  # the pack is empty: review, the next pack, or the end


_card_ids: dict[str, int] = {}  # GUID -> row id, per process; cleared with the card index on catalog changes
on_catalog_change(lambda **_kw: _card_ids.clear())


def _card_id(guid: str, pack: list[str]) -> int:
    if guid not in _card_ids:  # the first pick from a pack learns the ids of the whole pack in one query
        _card_ids.update(Card.objects.filter(guid__in=set(pack) | {guid}).values_list("guid", "id"))
    return _card_ids[guid]


def _pack_cards(guids: list[str]) -> list[PackCard]:
    by_guid = {c.guid: c for c in Card.objects.filter(guid__in=guids)}
    return [PackCard(guid=g, number=by_guid[g].number, name=by_guid[g].full_name, rarity=by_guid[g].rarity,
                     type=by_guid[g].type, colors=tuple(by_guid[g].colors)) for g in guids]


def _auto_pick(pod: Pod, seat: Seat) -> DraftPick | None:
    """What a bot picks; also the pick for a drafter whose time ran out or who disconnected. The caller holds
    the pod's lock; the pack's lock makes a click of the drafter at the same moment either land first (then
    nothing is taken here) or wait and be refused."""
    pack = pack_in_front_of(pod, seat, lock=True)
    if DraftPick.objects.filter(seat=seat, pack_number=pod.pack_number, pick_number=pod.pick_number).exists():
        return None
    picked = list(DraftPick.objects.filter(seat=seat).values_list("card__guid", flat=True))
    choice = bot_pick(_pack_cards(pack.remaining), _pack_cards(picked))
    return _take(pack, seat, choice.guid, pack_number=pod.pack_number, pick_number=pod.pick_number, auto=True)


def _unpicked_seats(pod: Pod) -> list[Seat]:
    done = DraftPick.objects.filter(seat__pod=pod, pack_number=pod.pack_number, pick_number=pod.pick_number)
    return list(pod.seats.exclude(pk__in=done.values("seat_id")))


def _step_begin(pod: Pod, now: datetime) -> None:
    """A new step: bots and away drafters pick at once; the step's timer starts."""
    while pod.status == Pod.Status.DRAFTING:
        unpicked = _unpicked_seats(pod)
        auto = [seat for seat in unpicked if seat.bot or seat.away]
        for seat in auto:
            _auto_pick(pod, seat)
        if len(auto) < len(unpicked):
            # Someone is choosing. (Had they already picked meanwhile, their pick, once committed, finds the
            # step complete and passes the packs on: see pass_on_if_complete.)
            _set_pick_deadline(pod, now)
            break
        _advance(pod, now)  # everyone was a bot or away: the next step begins at once
    _notify(pod)


def _set_pick_deadline(pod: Pod, now: datetime) -> None:
    limited = pod.limited
    if not limited.pick_timer_max:  # no pick timer
        if pod.step_due_at is not None:
            pod.step_due_at = None
            pod.save(update_fields=["step_due_at"])
        return
    pack = OpenedPack.objects.filter(seat__pod=pod, index=pod.pack_number).first()
    left = len(pack.cards) - pod.pick_number  # before this step's picks (some seats may have picked already)
    seconds = pick_seconds(left, len(pack.cards), maximum=limited.pick_timer_max, minimum=limited.pick_timer_min)
    pod.step_due_at = now + timedelta(seconds=seconds) if seconds else None
    pod.save(update_fields=["step_due_at"])
    if seconds:
        _deadline(pod, PickDeadline.Kind.PICK, pod.step_due_at)


def _deadline(pod: Pod, kind: str, due_at: datetime) -> None:
    deadline, _ = PickDeadline.objects.get_or_create(pod=pod, kind=kind, pack_number=pod.pack_number,
                                                     pick_number=pod.pick_number, defaults={"due_at": due_at})
    from limited.tasks import draft_deadline_task

    schedule_task(draft_deadline_task, args=[deadline.pk], eta=deadline.due_at)


def _advance_if_complete(pod: Pod, now: datetime) -> bool:
    if _unpicked_seats(pod):
        return False
    _advance(pod, now)
    _step_begin(pod, now)
    return True


def _advance(pod: Pod, now: datetime) -> None:
    """Every seat picked: pass the packs on, or end the pack (review, next pack) or the draft."""
    pack = OpenedPack.objects.filter(seat__pod=pod, index=pod.pack_number).first()
    if pack.remaining:
        pod.pick_number += 1
        pod.save(update_fields=["pick_number"])
        return
    if pod.pack_number + 1 >= len(pod.limited.packs):
        _finish(pod)
        return
    review = pod.limited.review_seconds
    if review:
        # Booster Draft Format: "a brief period between each pack during which players may review".
        set_status(pod, Pod.Status.REVIEWING)
        pod.step_due_at = now + timedelta(seconds=review)
        pod.save(update_fields=["step_due_at"])
        _deadline(pod, PickDeadline.Kind.REVIEW, pod.step_due_at)
        return
    _next_pack(pod)


def _next_pack(pod: Pod) -> None:
    pod.pack_number += 1
    pod.pick_number = 0
    pod.step_due_at = None
    pod.save(update_fields=["pack_number", "pick_number", "step_due_at"])


def _finish(pod: Pod) -> None:
    """The draft is over: each drafter's picks (plus a special product's extra cards) are their pool."""
    set_status(pod, Pod.Status.FINISHED)
    pod.step_due_at = None
    pod.save(update_fields=["step_due_at"])
    limited = pod.limited
    players = pod.seats.filter(player__isnull=False).values_list("player_id", flat=True)
    pools: dict[int, list[str]] = {player: [] for player in players}
    for player, guid in (DraftPick.objects.filter(seat__pod=pod, seat__player__isnull=False)
                         .order_by("pack_number", "pick_number").values_list("seat__player_id", "card__guid")):
        pools[player].append(guid)
    extras = extra_card_guids(limited)
    pools_record(event=limited.event, pools={player: picks + extras for player, picks in pools.items()})
    # Pods finish on parallel threads: the event's row is locked so that the last of two pods finishing at the
    # same moment sees the other one finished.
    lock_limited(limited)
    if not Pod.objects.filter(limited=limited).exclude(status=Pod.Status.FINISHED).exclude(pk=pod.pk).exists():
        LimitedEvent.objects.filter(pk=limited.pk, status=LimitedEvent.Status.DRAFTING).update(status=LimitedEvent.Status.BUILDING)
    _notify(pod)


# --------------------------------------------------------------------------------------------- timers, presence
def draft_deadline_process(*, deadline_id: int, now: datetime | None = None) -> str | None:
    """A pick timer ran out (the server picks for everyone still thinking) or a review ended (the next pack
    begins). Claimed with a compare-and-set, so the task and the sweep act once."""
    now = now or timezone.now()
    with transaction.atomic():
        claimed = PickDeadline.objects.filter(id=deadline_id, processed_at__isnull=True, due_at__lte=now).update(processed_at=now)
        if claimed != 1:
            return None
        deadline = PickDeadline.objects.get(id=deadline_id)
        pod = lock_pod(deadline.pod_id)
        outcome = _deadline_act(pod, deadline, now)
        PickDeadline.objects.filter(id=deadline_id).update(outcome=outcome[:300])
    return outcome


def _deadline_act(pod: Pod, deadline: PickDeadline, now: datetime) -> str:
    if (pod.pack_number, pod.pick_number) != (deadline.pack_number, deadline.pick_number):
        return "the step was already over"
    if deadline.kind == PickDeadline.Kind.REVIEW:
        if pod.status != Pod.Status.REVIEWING:
            return "not reviewing"
        set_status(pod, Pod.Status.DRAFTING)
        _next_pack(pod)
        _step_begin(pod, now)
        return f"review over: pack {pod.pack_number + 1} begins"
    if pod.status != Pod.Status.DRAFTING:
        return "not drafting"
    late = [seat for seat in _unpicked_seats(pod) if _auto_pick(pod, seat)]  # None: their own click landed first
    _advance_if_complete(pod, now)
    return f"time ran out: auto-picked for {', '.join(s.name for s in late) or 'nobody'}"


def draft_deadlines_sweep(*, now: datetime | None = None, limit: int = 500) -> int:
    """Every few seconds (CELERY_BEAT_SCHEDULE): timers that ran out while no worker ran."""
    now = now or timezone.now()
    due = PickDeadline.objects.filter(processed_at__isnull=True, due_at__lte=now).values_list("id", flat=True)[:limit]
    return sum(draft_deadline_process(deadline_id=i, now=now) is not None for i in list(due))


def draft_presence(*, seat: Seat, connected: bool, now: datetime | None = None) -> None:
    """A drafter's pick screen opened or closed. With no screen open the drafter is away: auto-picked at
    once, and at every new pick, until they return."""
    now = now or timezone.now()
    step = None
    with transaction.atomic():
        pod = lock_pod(seat.pod_id)
        seat = Seat.objects.get(pk=seat.pk)
        seat.connections = seat.connections + 1 if connected else max(0, seat.connections - 1)
        seat.away = seat.connections == 0
        seat.save(update_fields=["connections", "away"])
        if seat.away and pod.status == Pod.Status.DRAFTING and seat in _unpicked_seats(pod):
            _auto_pick(pod, seat)
            if not _advance_if_complete(pod, now):
                _notify(pod, seat=seat)
                step = (pod.pack_number, pod.pick_number)
    if step is not None:
        _recheck_after_commit(pod, step, now)


def _recheck_after_commit(pod: Pod, step: tuple[int, int], now: datetime) -> None:
    """A server-side pick committed without ending the step. A drafter's click committed at the same moment may
    have counted the step before this pick was visible, as this transaction did not yet see that click: then
    neither passed the packs on. Counting again after commit — as every click does — makes the later of the
    two see both."""
    pass_on_if_complete(pod.pk, pack_number=step[0], pick_number=step[1], seats=pod.size, now=now)
