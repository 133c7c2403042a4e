"""Late deck registration: the players the organiser chose to warn at the start (a Game Warning each, "Not ready
at the start": ``tournaments.services.events``) stay in the event without a legal limited deck. They build and
register one from their own pool after the start, until their first match needs it; the organiser and judges
see who is still missing.

When the first match needs the deck — decided from the floor rules:

- Deck Lists (Tier 2/3 Rules) allow changes to a list only before the event starts; these players had no legal
  list at all, so theirs is a first registration, for which the organiser's warning stands in for the start.
- Tardiness (Tournament Penalties): "players are expected to begin their round on time", with a grace period
  (five minutes; online, the tier's online grace) before the Game Loss. A player without a deck cannot begin
  their match, so registration stays open until that grace of their first round ends (or their first match is
  decided); while it is open a legal deck snapshots at once and, online, the match is hosted on the spot
  (``tournaments.signals.player_deck_ready``).
- Still missing when the grace ends: they never became ready to play (online their match could not be hosted,
  so they could not open their table), and the round's tardiness deadline gives them the Game Loss (Game Loss:
  "Tardiness", "An illegal deck"); in a one-game match (Match Structure) that decides the match. Registration
  is then closed: the head judge decides what happens next (a drop, or a deck list fixed with their approval).
"""
from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from django.core.exceptions import PermissionDenied
from django.db import transaction
from django.db.models import Q
from django.utils import timezone

from decks.services import decklist_submit_late
from limited.models import LimitedEvent
from limited.services import LimitedError, limited_deck_problem
from tournaments.models import Deadline, Event, Match, Penalty, Registration
from tournaments.signals import player_deck_ready

WARNED_INFRACTION = "Not ready at the start"
STARTED = (Event.Status.SWISS, Event.Status.ELIMINATION)


@dataclass(frozen=True)
class LateDeck:
    """Where a player of a started limited event stands with their deck."""

    registration: Registration
    missing: str  # why they can't play yet ("no deck registered", "deck not legal: …"), or "" when ready
    warned: bool  # warned at the start (and so allowed to register late)
    open: bool  # may register now
    until: datetime | None  # registration closes then (the Tardiness grace of their first round), if known
    why_closed: str  # when not open: why
    first_match: Match | None

    def as_dict(self) -> dict:
        m = self.first_match
        return {"player": self.registration.name, "username": self.registration.player.username,
                "missing": self.missing, "warned": self.warned, "open": self.open,
                "until": self.until.isoformat() if self.until else None, "why_closed": self.why_closed,
                "first_match": {"round": m.round.number, "table": m.table, "status": m.status} if m else None}


def late_deck_of(event: Event, registration: Registration, *, now: datetime | None = None) -> LateDeck:
    now = now or timezone.now()
    missing = limited_deck_problem(event, registration.player)
    warned = Penalty.objects.filter(registration=registration, infraction=WARNED_INFRACTION).exists()
    first = (Match.objects.filter(Q(player_a=registration) | Q(player_b=registration), player_b__isnull=False)
             .select_related("round").order_by("round__number").first())
    until = None
    if first is not None:
        tardy = Deadline.objects.filter(kind=Deadline.Kind.TARDINESS, target_id=first.round_id).first()
        until = tardy.due_at if tardy else None
    why = _closed_because(event, registration, warned=warned, first=first, until=until, now=now)
    return LateDeck(registration=registration, missing=missing, warned=warned, open=not why, until=until,
                    why_closed=why, first_match=first)


def _closed_because(event: Event, registration: Registration, *, warned: bool, first: Match | None,
                    until: datetime | None, now: datetime) -> str:
    if event.status not in STARTED:
        return "the event has not started: register your deck as usual"
    if registration.status not in Registration.ACTIVE:
        return "you are no longer playing in this event"
    if not warned:
        return ("only players warned at the start may register late; a change to a registered list needs the head "
                "judge's approval (Deck Lists)")
    if _deck_in_play(registration):
        return "your deck is in play already (your online match was set up with it)"
    if first is not None and first.status == Match.Status.FINAL:
        return f"your first match (round {first.round.number}) is decided"
    if until is not None and now >= until:
        return (f"the Tardiness grace of round {first.round.number} ended at {until:%H:%M %Z}: your first match "
                "needed the deck (Tournament Penalties, Tardiness)")
    return ""


def _deck_in_play(registration: Registration) -> bool:
    from django.apps import apps

    if not apps.is_installed("gameplay"):
        return False
    return apps.get_model("gameplay", "EventDeck").objects.filter(registration=registration).exists()


def late_deck_submit(*, event: Event, player, data, now: datetime | None = None):
    """A warned player registers their pool deck after the start (see the module's rules). Returns
    (decklist, version, report) as ``decks.services.decklist_submit``; a legal deck is announced at once
    (``player_deck_ready``: online, their match of the running round is hosted now)."""
    registration = Registration.objects.filter(event=event, player=player).first()
    if registration is None or not LimitedEvent.objects.filter(event=event).exists():
        raise PermissionDenied("only players of this limited event register a deck here")
    state = late_deck_of(event, registration, now=now)
    if not state.open:
        raise LimitedError(f"Late deck registration is closed: {state.why_closed}.")
    with transaction.atomic():
        decklist, version, report = decklist_submit_late(
            event=event, player=player, data=data,
            reason="registered after the start (warned: not ready at the start; Limited Play, Limited Deck Construction)")
        if report.legal:
            transaction.on_commit(lambda: player_deck_ready.send(sender=Registration, registration=registration))
    return decklist, version, report


def late_decks_missing(event: Event, *, now: datetime | None = None) -> list[LateDeck]:
    """For the organiser and judges: every player still playing in a started limited event whose deck is not
    ready, with whether they may still register it and until when."""
    if event.status not in STARTED or not LimitedEvent.objects.filter(event=event).exists():
        return []
    regs = Registration.objects.filter(event=event, status__in=Registration.ACTIVE).select_related("player").order_by("player__username")
    # the full state (penalties, first match, its Tardiness deadline) only for the few whose deck is missing
    return [late_deck_of(event, reg, now=now) for reg in regs
            if limited_deck_problem(event, reg.player) and not _deck_in_play(reg)]
