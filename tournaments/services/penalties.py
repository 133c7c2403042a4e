"""Tournament Penalties (warnings, Game Losses, disqualification; deck-list penalties) and appeals of a
floor judge's ruling to the head judge.
"""
from __future__ import annotations

from django.db import IntegrityError, transaction
from django.utils import timezone

from tournaments import roles
from tournaments.broadcast import broadcast_event
from tournaments.decklists import decklist_for, decklist_penalty_class
from tournaments.models import Appeal, Deadline, Event, EventRole, Match, Penalty, Registration, Round
from tournaments.services.common import (
    EventError,
    NotPermitted,
    audit,
    broadcast_match,
    current_round,
    deadline_set,
    lock_match,
    require_role,
    set_status,
)
from tournaments.services.matches import match_finalise
from tournaments.signals import game_loss_issued
from tournaments.services.registration import concede_current, player_match


# --------------------------------------------------------------------------- penalties


def _penalty_refuse_duplicate(*, event: Event, registration: Registration, kind: str, infraction: str) -> None:
    current = current_round(event)
    same = Penalty.objects.filter(
        event=event, registration=registration, kind=kind, infraction__iexact=infraction.strip(),
        round_number=current.number if current else None,
    ).select_related("issued_by").first()
    if same is not None:
        who = same.issued_by.get_username() if same.issued_by else "the system"
        raise EventError(
            f"{registration.name} already has a {same.get_kind_display()} for {same.infraction} this round "
            f"(issued {timezone.localtime(same.created_at):%H:%M} by {who}). If this is a second incident, "
            "tick \"issue again\" and submit once more."
        )



def penalty_issue(
    *, event: Event, registration: Registration, by, kind: str, infraction: str, note: str = "",
    match: Match | None = None, decklist_id: int | None = None, system: bool = False, issue_again: bool = False,
) -> Penalty:
    """Issue a Tournament Penalty. A second Game Warning for the same infraction becomes a Game Loss;
    only the head judge disqualifies, and a disqualified player is dropped. The same penalty for the
    same infraction in the same round is refused unless ``issue_again`` (two judges, one incident)."""
    if not system:
        require_role(event, by, [EventRole.Role.HEAD_JUDGE, EventRole.Role.FLOOR_JUDGE], "issue penalties")
        if kind == Penalty.Kind.DISQUALIFICATION and not roles.is_head_judge(event, by):
            raise NotPermitted("Only the head judge may disqualify a player (Tournament Disqualification).")
    if kind not in Penalty.Kind.values:
        raise EventError(f"Penalty must be one of {', '.join(Penalty.Kind.labels)}.")
    if not infraction.strip():
        raise EventError("Name the infraction.")
    if registration.event_id != event.id:
        raise EventError("That player is not in this event.")
    with transaction.atomic():
        # The player's registration first, then their match (a Game Loss, a disqualification's concession):
        # the order a drop takes too (gameplay/services/common.py, "Lock order").
        Registration.objects.select_for_update(no_key=True).filter(pk=registration.pk).values_list("pk", flat=True).first()
        if not system and not issue_again and decklist_id is None:  # deck-list penalties: once per decklist, below
            _penalty_refuse_duplicate(event=event, registration=registration, kind=kind, infraction=infraction)
        escalated = False
        if kind == Penalty.Kind.GAME_WARNING and Penalty.objects.filter(
            event=event, registration=registration, kind=Penalty.Kind.GAME_WARNING, infraction__iexact=infraction.strip()
        ).exists():
            # Game Warning: "The second Game Warning for the same violation ... will result in a Game Loss".
            kind, escalated = Penalty.Kind.GAME_LOSS, True
            note = (note + " " if note else "") + f"Second Game Warning for {infraction} in this event: upgraded to a Game Loss."
        current = current_round(event)
        if match is None and kind == Penalty.Kind.GAME_LOSS:
            match = player_match(registration)
        try:
            with transaction.atomic():
                penalty = Penalty.objects.create(
                    event=event, registration=registration, match=match, kind=kind, infraction=infraction.strip(),
                    note=note, escalated=escalated, issued_by=by if getattr(by, "is_authenticated", False) else None,
                    round_number=current.number if current else None, decklist_id=decklist_id,
                )
        except IntegrityError:
            raise EventError("This decklist already has its penalty: one penalty per decklist (Deck Lists).") from None
        if kind == Penalty.Kind.GAME_LOSS:
            penalty.applied = _game_loss_apply(penalty, match)
            penalty.save(update_fields=["applied"])
        elif kind == Penalty.Kind.DISQUALIFICATION:
            reg = Registration.objects.select_for_update(no_key=True).get(pk=registration.pk)
            if reg.status in (Registration.Status.CHECKED_IN, Registration.Status.REGISTERED):
                concede_current(reg, source="disqualification", by=by)
            if reg.status != Registration.Status.DISQUALIFIED:
                Registration.objects.filter(pk=reg.pk).update(status=Registration.Status.DISQUALIFIED, dropped_at=timezone.now(),
                                                              dropped_after_round=current.number if current else 0)
            penalty.applied = "disqualified and dropped"
            penalty.save(update_fields=["applied"])
        audit(event=event, actor=by, action="penalty", target=registration.name, reason=note,
               data={"kind": kind, "infraction": infraction, "escalated": escalated})
    return penalty


def _game_loss_apply(penalty: Penalty, match: Match | None) -> str:
    """Game Loss: the opponent wins the current game; between games it applies to the player's next game;
    if both players get one in the same game, both lose it."""
    reg = penalty.registration
    if match is None or match.is_bye or match.round.status != Round.Status.RUNNING:
        Registration.objects.filter(pk=reg.pk).update(pending_game_losses=reg.pending_game_losses + 1)
        return "applies to the player's next game"
    m = lock_match(match)
    side = m.side_of(reg.id)
    opp = "b" if side == "a" else "a"
    if m.status != Match.Status.FINAL or m.result_source == "engine":
        # (a match the engine finished: its last game may be the one this Game Loss shares with the
        # opponent's, which the hosted match knows)
        online = _game_loss_online(m, side, penalty)
        if online:
            return online
    played = m.games_a + m.games_b + m.games_lost_by_both
    # "If both players receive a Game Loss penalty during the same game then both players will receive a
    # loss": the opponent's Game Loss already ended this game, and no game has been recorded since.
    same_game = m.penalty_game_no == played and m.penalty_game_loser == opp and played > 0
    if m.status == Match.Status.FINAL:
        if m.result_source == "penalty" and m.result == side and (same_game or m.round.best_of == 1):
            return match_game_lost_by_both(m, side=side, game_no=played, by=penalty.issued_by)
        Registration.objects.filter(pk=reg.pk).update(pending_game_losses=reg.pending_game_losses + 1)
        return "match over: applies to the player's next game"
    if same_game:
        setattr(m, f"games_{side}", getattr(m, f"games_{side}") - 1)
        m.games_lost_by_both += 1
        m.penalty_game_loser = "both"
        m.save(update_fields=[f"games_{side}", "games_lost_by_both", "penalty_game_loser"])
        broadcast_match(m)
        both = f"both players received a Game Loss in game {played}: both lose it ({m.games_a}-{m.games_b})"
        _restate_opponent_game_loss(m, opp, both)
        return both
    need = m.round.best_of // 2 + 1
    games = getattr(m, f"games_{opp}") + 1
    setattr(m, f"games_{opp}", games)
    m.penalty_game_no, m.penalty_game_loser = played + 1, side
    m.save(update_fields=[f"games_{opp}", "penalty_game_no", "penalty_game_loser"])
    if games >= need:
        match_finalise(m, result=opp, source="penalty", by=penalty.issued_by, games_a=m.games_a, games_b=m.games_b)
        return f"game and match to {m.registration_of(opp).name}"
    broadcast_match(m)
    return f"game to {m.registration_of(opp).name} ({m.games_a}-{m.games_b})"


def match_game_lost_by_both(m: Match, *, side: str, game_no: int, by) -> str:
    """"If both players receive a Game Loss penalty during the same game then both players will receive a
    loss" (Tournament Penalties, Game Loss): the game that ended final match ``m`` (won by ``side`` on the
    opponent's Game Loss) is lost by both. Best of one: a double loss. Longer: the match goes on — the
    status pipeline never reopens a final match; this penalty correction does, with an audit entry.
    ``m`` is locked by the caller."""
    opp = "b" if side == "a" else "a"
    if m.round.best_of == 1:
        m.result = Match.Result.DOUBLE_LOSS
        m.games_a = m.games_b = 0
        m.games_lost_by_both = 1
        m.penalty_game_loser = "both"
        m.save(update_fields=["result", "games_a", "games_b", "games_lost_by_both", "penalty_game_loser"])
        audit(event=m.round.event, actor=by, action="result", target=str(m),
              reason="both players received a Game Loss in the same game",
              data={"result": m.result, "games": [0, 0], "source": m.result_source})
        broadcast_match(m, kind="result")
        broadcast_event(slug=m.round.event.slug, kind="standings", data={})
        both = "both players received a Game Loss in the same game: both lose"
        _restate_opponent_game_loss(m, opp, both)
        return both
    setattr(m, f"games_{side}", getattr(m, f"games_{side}") - 1)
    m.games_lost_by_both += 1
    m.penalty_game_loser = "both"
    m.result, m.result_source, m.recorded_at, m.status = "", "", None, Match.Status.RUNNING
    m.save(update_fields=[f"games_{side}", "games_lost_by_both", "penalty_game_loser", "result",
                          "result_source", "recorded_at", "status"])
    if m.ends_at is not None and m.time_called_at is None:
        # Finalising retired the match clock; the reopened match needs it again.
        Deadline.objects.filter(kind=Deadline.Kind.MATCH_TIME, target_id=m.id).update(processed_at=None, outcome="")
        deadline_set(event=m.round.event, kind=Deadline.Kind.MATCH_TIME, target_id=m.id, due_at=m.ends_at)
    audit(event=m.round.event, actor=by, action="match reopened", target=str(m),
          reason="both players received a Game Loss in the same game",
          data={"games_a": m.games_a, "games_b": m.games_b, "games_lost_by_both": m.games_lost_by_both})
    broadcast_match(m, kind="result")
    broadcast_event(slug=m.round.event.slug, kind="standings", data={})
    both = f"both players received a Game Loss in game {game_no}: both lose it; the match goes on ({m.games_a}-{m.games_b})"
    _restate_opponent_game_loss(m, opp, both)
    return both


def _game_loss_online(m: Match, side: str, penalty: Penalty) -> str | None:
    """A match played online on the rules engine keeps its own games: the Game Loss ends the game in
    progress there (and the hosted match writes the match result when it ends). None: not such a match."""
    for _receiver, applied in game_loss_issued.send(sender=Match, match=m, side=side, infraction=penalty.infraction,
                                                  by=penalty.issued_by):
        if applied:
            return applied
    return None


def _restate_opponent_game_loss(m: Match, opp: str, applied: str) -> None:
    """The opponent's Game Loss in this game said "game (and match) to <this player>"; now that both lose
    the game, their penalty says so too (one outcome, told the same way on both penalties)."""
    earlier = (Penalty.objects.filter(match=m, registration_id=getattr(m, f"player_{opp}_id"), kind=Penalty.Kind.GAME_LOSS)
               .filter(applied__startswith="game ").order_by("-id").first())
    if earlier is not None:
        Penalty.objects.filter(pk=earlier.pk).update(applied=applied)


def pending_game_losses_apply(matches: list[Match]) -> None:
    """A Game Loss received between games applies to the player's next game."""
    for m in matches:
        if m.is_bye:
            continue
        for side in ("a", "b"):
            reg = Registration.objects.get(pk=getattr(m, f"player_{side}_id"))
            if reg.pending_game_losses:
                Registration.objects.filter(pk=reg.pk).update(pending_game_losses=reg.pending_game_losses - 1)
                penalty = Penalty.objects.filter(registration=reg, kind=Penalty.Kind.GAME_LOSS).order_by("-id").first()
                fake = penalty or Penalty(registration=reg, event=m.round.event)
                fake.registration = reg
                _game_loss_apply(fake, Match.objects.get(pk=m.pk))


def penalty_for_decklist(*, event: Event, registration: Registration, by) -> Penalty | None:
    """Deck-list penalty from the decks app's class: incorrect → Game Warning, invalid → Game Loss
    (Deck Lists); one penalty per decklist however many errors it has."""
    require_role(event, by, [EventRole.Role.HEAD_JUDGE, EventRole.Role.FLOOR_JUDGE], "issue deck-list penalties")
    decklist = decklist_for(event, registration.player)
    if decklist is None:
        raise EventError(f"{registration.name} has no decklist in this event.")
    cls = decklist_penalty_class(decklist)
    if cls is None:
        return None
    label = "Incorrect deck list" if cls == "game_warning" else "Invalid deck list"
    return penalty_issue(event=event, registration=registration, by=by, kind=cls, infraction=label,
                         note="Deck Lists", decklist_id=decklist.pk)


# --------------------------------------------------------------------------- appeals

MAX_RULING_CHARS = 2000  # a ruling and the reason to appeal it fit on a page
MAX_REASON_CHARS = 1000
MAX_OPEN_APPEALS = 3  # per player at a time: the head judge hears each one
MAX_APPEALS_PER_EVENT = 10


def appeal_file(*, event: Event, by, ruling: str, reason: str = "", floor_judge=None, match: Match | None = None) -> Appeal:
    """A player appeals a floor judge's ruling to the head judge (Judges)."""
    reg = Registration.objects.filter(event=event, player=by).first()
    if reg is None:
        raise NotPermitted("Only a player in the event may appeal a ruling.")
    if match is not None and match.side_of(reg.id) is None:
        raise NotPermitted("You can only appeal rulings in your own match.")
    if not ruling.strip():
        raise EventError("Describe the ruling you appeal.")
    if len(ruling) > MAX_RULING_CHARS or len(reason) > MAX_REASON_CHARS:
        raise EventError(f"ruling and reason: at most {MAX_RULING_CHARS} and {MAX_REASON_CHARS} characters.")
    appeals = Appeal.objects.filter(event=event, registration=reg)
    if appeals.filter(status=Appeal.Status.OPEN).count() >= MAX_OPEN_APPEALS:
        raise EventError(f"You have {MAX_OPEN_APPEALS} appeals waiting for the head judge; wait for a decision first.")
    if appeals.count() >= MAX_APPEALS_PER_EVENT:
        raise EventError(f"At most {MAX_APPEALS_PER_EVENT} appeals per player in one event; talk to the head judge.")
    appeal = Appeal.objects.create(event=event, registration=reg, match=match, floor_judge=floor_judge, ruling=ruling, reason=reason)
    broadcast_event(slug=event.slug, kind="appeal", data={"id": appeal.id})  # judges' pages refresh
    return appeal


def appeal_decide(*, appeal: Appeal, by, upheld: bool, decision: str) -> Appeal:
    """The head judge's ruling on an appeal is final (Judges: "A Head Judge's ruling ... is final")."""
    require_role(appeal.event, by, [EventRole.Role.HEAD_JUDGE], "decide an appeal")
    if not decision.strip() or len(decision) > MAX_RULING_CHARS:
        raise EventError(f"decision: between 1 and {MAX_RULING_CHARS} characters.")
    with transaction.atomic():
        a = Appeal.objects.select_for_update().get(pk=appeal.pk)
        if a.status != Appeal.Status.OPEN:
            raise EventError("The head judge has already decided this appeal; the decision is final.")
        set_status(a, Appeal.Status.UPHELD if upheld else Appeal.Status.OVERTURNED)
        a.decision, a.decided_by, a.decided_at = decision, by, timezone.now()
        a.save(update_fields=["decision", "decided_by", "decided_at"])
        audit(event=a.event, actor=by, action="appeal_decided", target=a.registration.name, reason=decision,
               data={"upheld": upheld, "appeal": a.id})
    return a
