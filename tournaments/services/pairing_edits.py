"""The head judge's manual pairing edits in a running round: swap two players, pair a late arrival.

The head judge has "ultimate responsibility and authority for any specific tournament" (Judges), so an
edit may pair two players who already met; it is allowed, written to the audit log and answered with
a warning naming the earlier round. Only matches without a result (and without players' reports) change.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from django.db import transaction
from django.db.models import Q

from tournaments.broadcast import broadcast_event
from tournaments.models import Deadline, Event, EventRole, Match, Registration, Round
from tournaments.services.common import EventError, audit, deadline_set, require_role


@dataclass
class PairingEdit:
    round: Round
    matches: list[Match]
    warnings: list[str] = field(default_factory=list)

    @property
    def pk(self) -> int:
        return self.round.pk

    @property
    def notice(self) -> str:
        return " ".join(self.warnings)


def _editable(m: Match, reg: Registration) -> None:
    if m.is_bye:
        return  # a bye is the pairing's, not a recorded outcome
    if m.status == Match.Status.FINAL or m.report_a or m.report_b:
        raise EventError(f"{reg.name}'s match ({m}) already has a result; the head judge corrects results instead.")


def _lock_round(round: Round) -> Round:
    # Two judges editing the same round at once would otherwise swap from stale tables. The round's
    # matches first, then the round (the lock order, tournaments/services/common.py).
    list(Match.objects.select_for_update(of=("self",)).filter(round_id=round.pk).order_by("id").values_list("pk"))
    rnd = Round.objects.select_for_update(of=("self",)).select_related("event").get(pk=round.pk)
    if rnd.status != Round.Status.RUNNING:
        raise EventError(f"Round {rnd.number} is {rnd.get_status_display()}; pairings are edited in a running round.")
    return rnd


def _match_of(rnd: Round, reg: Registration) -> Match | None:
    return rnd.matches.select_for_update().filter(Q(player_a=reg) | Q(player_b=reg)).first()


def rematch_warning(*, round: Round, a_id: int, b_id: int | None) -> str:
    """'X and Y already played in round N' when they met in an earlier round of the event."""
    if b_id is None:
        return ""
    earlier = Match.objects.filter(
        round__event=round.event, round__deleted_at__isnull=True, round__number__lt=round.number,
    ).filter(Q(player_a_id=a_id, player_b_id=b_id) | Q(player_a_id=b_id, player_b_id=a_id)).select_related(
        "round", "player_a__player", "player_b__player").first()
    if earlier is None:
        return ""
    return f"Rematch: {earlier.player_a.name} and {earlier.player_b.name} already played in round {earlier.round.number}."


def _after_edit(rnd: Round, changed: list[Match]) -> list[str]:
    warnings = []
    for m in changed:
        text = rematch_warning(round=rnd, a_id=m.player_a_id, b_id=m.player_b_id)
        if bool(text) != m.rematch:
            m.rematch = bool(text)
            m.save(update_fields=["rematch"])
        if text:
            warnings.append(text)
    return warnings


def round_swap_players(*, round: Round, by, first: Registration, second: Registration, reason: str) -> PairingEdit:
    """Swap two players between their matches (or seats in one match), e.g. after a mis-entered check-in."""
    event = round.event
    require_role(event, by, [EventRole.Role.HEAD_JUDGE], "edit pairings")
    if first.pk == second.pk:
        raise EventError("Choose two different players to swap.")
    with transaction.atomic():
        rnd = _lock_round(round)
        m1, m2 = _match_of(rnd, first), _match_of(rnd, second)
        for m, reg in ((m1, first), (m2, second)):
            if m is None:
                raise EventError(f"{reg.name} is not paired in round {rnd.number}; pair them as a late arrival.")
            _editable(m, reg)
        if m1.pk == m2.pk:
            raise EventError(f"{first.name} and {second.name} already play each other.")
        if m1.is_bye and m2.is_bye:
            raise EventError("Both players have a bye.")
        before = [str(m1), str(m2)]
        s1, s2 = m1.side_of(first.pk), m2.side_of(second.pk)
        setattr(m1, f"player_{s1}_id", second.pk)
        setattr(m2, f"player_{s2}_id", first.pk)
        for m in (m1, m2):
            m.present_a = m.present_b = False
            m.save(update_fields=["player_a", "player_b", "present_a", "present_b"])
        changed = [Match.objects.select_related("player_a__player", "player_b__player").get(pk=m.pk) for m in (m1, m2)]
        warnings = _after_edit(rnd, changed)
        audit(event=event, actor=by, action="swap_players", target=f"round {rnd.number}", reason=reason,
              data={"round": rnd.number, "before": before, "after": [str(m) for m in changed], "warnings": warnings})
        broadcast_event(slug=event.slug, kind="pairings", data={"round": rnd.number})
    return PairingEdit(round=rnd, matches=changed, warnings=warnings)


def round_pair_late_arrival(*, round: Round, by, registration: Registration, opponent: Registration | None = None,
                            reason: str = "") -> PairingEdit:
    """Pair a checked-in player who has no match this round: against ``opponent`` (also unpaired), or
    else against the player who has the bye (the bye becomes a match)."""
    event = round.event
    require_role(event, by, [EventRole.Role.HEAD_JUDGE], "edit pairings")
    with transaction.atomic():
        rnd = _lock_round(round)
        for reg in (registration, opponent):
            if reg is None:
                continue
            reg.refresh_from_db()
            if reg.status != Registration.Status.CHECKED_IN:
                raise EventError(f"{reg.name} is {reg.get_status_display()}; check them in (or add a late entry) first.")
            if _match_of(rnd, reg) is not None:
                raise EventError(f"{reg.name} is already paired in round {rnd.number}; swap players instead.")
        if opponent is not None:
            a_id, table = opponent.pk, (rnd.matches.exclude(table=None).order_by("-table").values_list("table", flat=True).first() or 0) + 1
        else:
            bye = rnd.matches.select_for_update().filter(player_b__isnull=True).first()
            if bye is None:
                raise EventError(f"Nobody has the bye in round {rnd.number}: choose an opponent who is not paired yet.")
            a_id, table = bye.player_a_id, (rnd.matches.exclude(table=None).order_by("-table").values_list("table", flat=True).first() or 0) + 1
            bye.delete()  # the bye was the pairing's, not an outcome: it becomes this match
        m = Match.objects.create(round=rnd, table=table, player_a_id=a_id, player_b_id=registration.pk,
                                 explanation="paired by the head judge")
        if rnd.ends_at is not None:
            deadline_set(event=event, kind=Deadline.Kind.MATCH_TIME, target_id=m.id, due_at=m.ends_at)
        m = Match.objects.select_related("player_a__player", "player_b__player", "round").get(pk=m.pk)
        warnings = _after_edit(rnd, [m])
        audit(event=event, actor=by, action="pair_late_arrival", target=str(m), reason=reason,
              data={"round": rnd.number, "match": m.id, "warnings": warnings})
        broadcast_event(slug=event.slug, kind="pairings", data={"round": rnd.number})
    return PairingEdit(round=rnd, matches=[m], warnings=warnings)


def event_unpaired_players(*, event: Event, round: Round) -> list[Registration]:
    """Checked-in players with no match in ``round`` (late arrivals to pair)."""
    paired = set()
    for a, b in round.matches.values_list("player_a_id", "player_b_id"):
        paired.update(x for x in (a, b) if x)
    return [r for r in Registration.objects.filter(event=event, status=Registration.Status.CHECKED_IN).select_related(
        "player__player_profile") if r.pk not in paired]
