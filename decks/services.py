"""Decklist writes: submit/replace, change requests and approvals, publication, deck checks, card pools.

Floor rules, Tier 2/3 "Deck Lists": lists are required for Tier 2 and 3 events and turned in before the
event starts (here: before the event's decklist deadline); changes after that need the head judge's
approval and only before the event starts. Every version is kept with who, when and why.

The tournaments app calls ``decklist_required``, ``decklist_status``, ``decklist_penalty_class`` and
``deck_check_record``.
"""
from __future__ import annotations

import datetime as dt
from dataclasses import dataclass

from django.core.exceptions import PermissionDenied
from django.db import IntegrityError, transaction
from django.utils import timezone

from decks.deckparse import DeckInputError, entries_to_lines, parse_deck
from decks.models import (
    Card, CardPool, CardPoolEntry, DeckCheck, Decklist, DecklistAuditEntry, DecklistChangeRequest,
    DecklistPublication, DecklistVersion,
)
from decks.validation import GAME_LOSS, GAME_WARNING, DeckReport, FormatSpec, validate_deck
from tournaments import event_selectors


class DecklistError(ValueError):
    """A decklist action refused by the rules (deadline passed, nothing pending, ...); nothing is stored."""


class LegalListWouldBeReplaced(DecklistError):
    """The registered list is legal and the new one is not: nothing is stored until the player confirms
    (``replace_legal=True``). ``report`` is the new list's report, to show what is wrong with it."""

    def __init__(self, *, current: DecklistVersion, report: DeckReport):
        self.current, self.report = current, report
        super().__init__(
            f"your registered list (version {current.number}) is legal and this one is not "
            f"({len(report.problems)} problem{'s' if len(report.problems) != 1 else ''}): nothing was saved")


# --------------------------------------------------------------------------------------------- rules
# What the event says (its deadline, whether it started, its tier, who is registered) comes from the
# tournaments app's selectors; these names stay the decks app's vocabulary for the views and other apps.
decklist_deadline = event_selectors.decklist_deadline
event_has_started = event_selectors.event_has_started
decklist_required = event_selectors.decklists_required
player_is_registered = event_selectors.player_is_registered
registered_players = event_selectors.registered_players


def event_date(event) -> dt.date:
    """The date formats are checked on: the event's start date (banlist and release dates are dated)."""
    return timezone.localdate(event.starts_at)


def decklist_locked(event, *, now: dt.datetime | None = None) -> bool:
    """Lists are locked once the deadline passed or the event started (Tier 2/3 Rules, Deck Lists)."""
    now = now or timezone.now()
    return now >= decklist_deadline(event) or event_has_started(event, now=now)


def card_pool_for(event, player) -> dict[str, int] | None:
    pool = CardPool.objects.filter(event=event, player=player).first()
    if pool is None:
        return None
    return dict(pool.entries.values_list("card__guid", "qty"))


def decklist_check(*, event, player=None, data: bytes | str | list | dict, kind: str = "auto") -> tuple[str, str, DeckReport]:
    """Parse and validate a list for ``event`` (its format, on its date, the player's pool if limited).

    Returns (source kind, source text, report); raises ``DeckInputError``.
    """
    if isinstance(data, (list, dict)):
        import json

        lines, info, kind = entries_to_lines(data), {}, "json"
        source = json.dumps(data, ensure_ascii=False)
    else:
        kind, lines, info = parse_deck(data, kind=kind)
        source = data.decode("utf-8-sig", "replace") if isinstance(data, bytes) else data
    spec = FormatSpec.load(event.format)
    pool = card_pool_for(event, player) if spec.rules.get("pool") and player is not None else None
    report = validate_deck(lines=lines, fmt=spec, on=event_date(event), pool=pool, source_kind=kind, info=info)
    return kind, source, report


# --------------------------------------------------------------------------------------------- writes
def _audit(decklist: Decklist, actor, action: str, note: str = "", version: DecklistVersion | None = None) -> None:
    DecklistAuditEntry.objects.create(decklist=decklist, actor=actor, action=action, note=note, version=version)


def _new_version(decklist: Decklist, *, kind: str, source_kind: str, source: str, report: DeckReport | dict,
                 entries: list | None = None, by, reason: str = "", approved_by=None) -> DecklistVersion:
    last = decklist.versions.order_by("-number").values_list("number", flat=True).first() or 0
    report_dict = report.as_dict() if isinstance(report, DeckReport) else report
    version = DecklistVersion.objects.create(
        decklist=decklist, number=last + 1, kind=kind, source_kind=source_kind, source=source,
        entries=entries if entries is not None else report.entries(), report=report_dict,
        legal=report_dict["legal"], penalty_class=report_dict["penalty_class"] or "", submitted_by=by,
        reason=reason, approved_by=approved_by,
    )
    decklist.current = version
    decklist.save(update_fields=["current", "updated_at"])
    return version


def _check_open_for_replacing(event, player, *, now: dt.datetime | None) -> None:
    if not player_is_registered(event, player):
        raise PermissionDenied("only players registered for the event may submit a decklist")
    if decklist_locked(event, now=now):
        raise DecklistError(
            f"the decklist deadline ({decklist_deadline(event):%Y-%m-%d %H:%M %Z}) has passed; changes now need the "
            "head judge's approval, before the event starts (floor rules, Deck Lists)")


def _replace(decklist: Decklist, *, created: bool, source_kind: str, source: str, report: DeckReport, by,
             reason: str, replace_legal: bool, action: str) -> DecklistVersion:
    current = decklist.current
    if current is not None and current.legal and not report.legal and not replace_legal:
        raise LegalListWouldBeReplaced(current=current, report=report)
    version = _new_version(
        decklist, kind=DecklistVersion.Kind.SUBMITTED if created or current is None else DecklistVersion.Kind.REPLACED,
        source_kind=source_kind, source=source, report=report, by=by, reason=reason,
    )
    _audit(decklist, by, "submitted" if version.number == 1 else action, reason, version)
    return version


@transaction.atomic
def decklist_submit(*, event, player, data: bytes | str | list | dict, kind: str = "auto", reason: str = "",
                    replace_legal: bool = False, now: dt.datetime | None = None) -> tuple[Decklist, DecklistVersion, DeckReport]:
    """Submit or replace ``player``'s list for ``event`` before the deadline. One transaction: bad input
    stores nothing. Illegal lists are stored too (with their report), so the player sees what to fix -
    except over a legal list: that needs ``replace_legal`` (raises ``LegalListWouldBeReplaced``)."""
    _check_open_for_replacing(event, player, now=now)
    source_kind, source, report = decklist_check(event=event, player=player, data=data, kind=kind)
    # Lock the player's decklist row: two simultaneous submissions must not get the same version number.
    decklist, created = Decklist.objects.select_for_update().get_or_create(event=event, player=player)
    version = _replace(decklist, created=created, source_kind=source_kind, source=source, report=report, by=player,
                       reason=reason, replace_legal=replace_legal, action="replaced")
    return decklist, version, report


@transaction.atomic
def decklist_submit_late(*, event, player, data: bytes | str | list | dict, reason: str) -> tuple[Decklist, DecklistVersion, DeckReport]:
    """A first registration after the deadline, for a player the event let in without a legal list (the
    ``limited`` app's late registration decides who and until when; it calls this only then). As
    ``decklist_submit`` otherwise: validated, versioned, audited with ``reason``; it never replaces a legal list."""
    if not player_is_registered(event, player):
        raise PermissionDenied("only players registered for the event may submit a decklist")
    source_kind, source, report = decklist_check(event=event, player=player, data=data)
    decklist, created = Decklist.objects.select_for_update().get_or_create(event=event, player=player)
    version = _replace(decklist, created=created, source_kind=source_kind, source=source, report=report, by=player,
                       reason=reason, replace_legal=False, action="replaced")
    return decklist, version, report


@transaction.atomic
def decklist_restore(*, decklist: Decklist, number: int, by, replace_legal: bool = False,
                     now: dt.datetime | None = None) -> tuple[DecklistVersion, DeckReport]:
    """Before the deadline the player makes an earlier version their list again: a new version with that
    version's cards, checked again now (the format's banlist may have changed since)."""
    if getattr(by, "pk", None) != decklist.player_id:
        raise PermissionDenied("only the player may restore an earlier version of their decklist")
    event = decklist.event
    _check_open_for_replacing(event, by, now=now)
    decklist = Decklist.objects.select_for_update(of=("self",)).select_related("current").get(pk=decklist.pk)
    old = decklist.versions.filter(number=number).first()
    if old is None:
        raise DecklistError(f"there is no version {number} of this decklist")
    if decklist.current_id == old.pk:
        raise DecklistError(f"version {number} is already your registered list")
    source_kind, source, report = decklist_check(event=event, player=by, data=old.source, kind=old.source_kind)
    version = _replace(decklist, created=False, source_kind=source_kind, source=source, report=report, by=by,
                       reason=f"restored version {number}", replace_legal=replace_legal, action="restored")
    return version, report


@transaction.atomic
def decklist_change_request(*, decklist: Decklist, requested_by, data: bytes | str | list | dict, reason: str,
                            kind: str = "auto", now: dt.datetime | None = None) -> tuple[DecklistChangeRequest, DeckReport]:
    """After the deadline, before the event starts: the player asks the head judge to approve a new list."""
    event = decklist.event
    if requested_by.pk != decklist.player_id:
        raise PermissionDenied("only the player may ask to change their decklist")
    if not decklist_locked(event, now=now):
        raise DecklistError("the deadline has not passed: replace the list directly")
    if event_has_started(event, now=now):
        raise DecklistError("the event has started; a decklist can't be changed any more (floor rules, Deck Lists)")
    if not reason.strip():
        raise DecklistError("say why the list must change: the head judge decides on the reason")
    source_kind, source, report = decklist_check(event=event, player=decklist.player, data=data, kind=kind)
    if decklist.change_requests.filter(status=DecklistChangeRequest.Status.PENDING).exists():
        raise DecklistError("a change request is already waiting for the head judge")
    try:
        with transaction.atomic():
            request = DecklistChangeRequest.objects.create(
                decklist=decklist, source_kind=source_kind, source=source, entries=report.entries(),
                report=report.as_dict(), reason=reason.strip(), requested_by=requested_by,
            )
    except IntegrityError:
        raise DecklistError("a change request is already waiting for the head judge") from None
    _audit(decklist, requested_by, "change_requested", reason.strip())
    return request, report


@transaction.atomic
def decklist_change_decide(*, change_request: DecklistChangeRequest, judge, approve: bool, note: str = "",
                           now: dt.datetime | None = None) -> DecklistChangeRequest:
    """The head judge approves (a new version is recorded, approved by them) or rejects a change request."""
    # Lock the request: a double click must not approve twice.
    change_request = DecklistChangeRequest.objects.select_for_update().select_related("decklist__event").get(pk=change_request.pk)
    decklist = change_request.decklist
    if not event_selectors.is_head_judge(decklist.event, judge):
        raise PermissionDenied("only the head judge may approve decklist changes (floor rules, Deck Lists)")
    if change_request.status != DecklistChangeRequest.Status.PENDING:
        raise DecklistError(f"this change request was already {change_request.status}")
    if approve and event_has_started(decklist.event, now=now):
        raise DecklistError("the event has started; changes may only be approved before it starts (floor rules, Deck Lists)")
    change_request.decided_by = judge
    change_request.decided_at = timezone.now()
    change_request.decision_note = note
    if approve:
        change_request.status = DecklistChangeRequest.Status.APPROVED
        change_request.version = _new_version(
            decklist, kind=DecklistVersion.Kind.APPROVED_CHANGE, source_kind=change_request.source_kind,
            source=change_request.source, report=change_request.report, entries=change_request.entries,
            by=change_request.requested_by, reason=change_request.reason, approved_by=judge,
        )
    else:
        change_request.status = DecklistChangeRequest.Status.REJECTED
    change_request.save()
    _audit(decklist, judge, "change_approved" if approve else "change_rejected", note, change_request.version)
    return change_request


@transaction.atomic
def decklists_publish(*, event, by) -> DecklistPublication:
    """The organiser publishes the event's decklists (floor rules, Public Event Information). Idempotent."""
    if not event_selectors.is_organiser(event, by):
        raise PermissionDenied("only the organiser may publish the event's decklists")
    if not decklist_locked(event) and not DecklistPublication.objects.filter(event=event).exists():
        # Public Event Information: lists are published once they can no longer change, or players
        # could read each other's lists and still replace their own.
        raise DecklistError(
            f"decklists can be published once they are locked (the deadline, {timezone.localtime(decklist_deadline(event)):%d %b %Y %H:%M}, "
            "has passed or the event has started)"
        )
    publication, created = DecklistPublication.objects.get_or_create(event=event, defaults={"published_by": by})
    if created:
        for decklist in Decklist.objects.filter(event=event):
            _audit(decklist, by, "published")
    return publication


@transaction.atomic
def deck_check_record(*, decklist: Decklist, judge, matches: bool, note: str = "", penalty_class: str | None = None,
                      round_number: int | None = None) -> DeckCheck:
    """A judge records a deck check against the registered list (Tier 2/3 "Deck Checks").

    A discrepancy is an invalid deck list ("does not match the deck being played"): Game Loss unless the
    judge gives another class. The returned ``DeckCheck.penalty_class`` is "game_warning", "game_loss" or None.
    """
    if not event_selectors.is_judge(decklist.event, judge):
        raise PermissionDenied("only the event's judges may record deck checks")
    if decklist.current_id is None:
        raise DecklistError("the player has no registered decklist to check against")
    if matches:
        penalty = None
    else:
        if not note.strip():
            raise DecklistError("describe the discrepancy")
        penalty = penalty_class or GAME_LOSS
        if penalty not in (GAME_WARNING, GAME_LOSS):
            raise DecklistError("the penalty class is game_warning or game_loss")
    check = DeckCheck.objects.create(
        decklist=decklist, version_id=decklist.current_id, judge=judge, round_number=round_number,
        outcome=DeckCheck.Outcome.MATCHES if matches else DeckCheck.Outcome.DISCREPANCY, note=note.strip(),
        penalty_class=penalty,
    )
    _audit(decklist, judge, "deck_check", f"{check.outcome}: {note}".strip(": "), decklist.current)
    return check


@transaction.atomic
def card_pool_set(*, event, player, cards: dict[str, int], by=None) -> CardPool:
    """Record a player's sealed/draft pool: card GUIDs (or set numbers) with quantities. Replaces the pool."""
    if by is not None and not event_selectors.is_event_staff(event, by):
        raise PermissionDenied("only the event's staff may record card pools")
    pool, _ = CardPool.objects.get_or_create(event=event, player=player)
    pool.entries.all().delete()
    rows = []
    for ident, qty in cards.items():
        card = Card.objects.filter(game=event.game, guid=ident).first() or Card.objects.filter(game=event.game, number=ident).first()
        if card is None:
            raise DeckInputError(f"unknown card {ident!r} in the pool")
        rows.append(CardPoolEntry(pool=pool, card=card, qty=qty))
    CardPoolEntry.objects.bulk_create(rows)
    pool.save()
    return pool


# --------------------------------------------------------------------------------------------- status for tournaments
@dataclass(frozen=True)
class DecklistStatus:
    required: bool
    submitted: bool
    locked: bool
    legal: bool | None
    penalty_class: str | None
    pending_change: bool
    version: int | None

    @property
    def status(self) -> str:
        if not self.submitted:
            return "missing"
        if not self.legal:
            return "illegal"
        return "incorrect" if self.penalty_class else "legal"


def decklist_status(event, player) -> DecklistStatus:
    decklist = Decklist.objects.filter(event=event, player=player).select_related("current").first()
    current = decklist.current if decklist else None
    return DecklistStatus(
        required=decklist_required(event), submitted=current is not None, locked=decklist_locked(event),
        legal=current.legal if current else None, penalty_class=(current.penalty_class or None) if current else None,
        pending_change=bool(decklist and decklist.change_requests.filter(status="pending").exists()),
        version=current.number if current else None,
    )


def decklist_penalty_class(decklist: Decklist) -> str | None:
    """One penalty per decklist (floor rules, Deck Lists): invalid -> "game_loss", incorrect -> "game_warning"."""
    current = decklist.current if decklist is not None else None
    if current is None:
        return None
    return current.penalty_class or None
