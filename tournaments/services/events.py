"""An event's lifecycle and its staff: creation, judges, settings, the status pipeline (registration,
check-in, start, finish, publish), the qualification list (Tier 3) and the global suspension list.
"""
from __future__ import annotations

import random
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from datetime import datetime, timedelta

from django.db import transaction
from django.utils import timezone
from django.utils.text import slugify

from tournaments.broadcast import broadcast_event
from tournaments.decklists import decklist_missing, decklist_required
from tournaments import roles
from tournaments.models import Event, EventRole, OrganiserRequest, Qualification, Registration, Round, Suspension
from tournaments.pairing import suggested_swiss_rounds
from tournaments.pairing_adapter import event_bracket
from tournaments.services.common import EventError, NotPermitted, audit, lock_event, require_role, set_status
from tournaments.services.rounds import round_missing_results_text
from tournaments.tiers import tier_rules


MINIMUM_PLAYERS = 4  # Participation Minimums: four players to be sanctioned
MAX_SWISS_ROUNDS = 20  # far above the floor rules' "Swiss Rounds" table; a typo guard
MAX_TOP_CUT = 64


def _check_swiss_rounds(n: int) -> None:
    if not 1 <= n <= MAX_SWISS_ROUNDS:
        raise EventError(f"Swiss rounds must be between 1 and {MAX_SWISS_ROUNDS} (got {n}); the floor rules' "
                         "Swiss Rounds table suggests 3 to 8 by the number of players.")


def _check_top_cut(n: int) -> None:
    # Elimination Rounds: single elimination, so the cut is a power of two; 0 means no elimination rounds.
    if n != 0 and (n < 2 or n > MAX_TOP_CUT or n & (n - 1)):
        raise EventError(f"Top cut must be 0 (no elimination rounds) or a power of two from 2 to {MAX_TOP_CUT} "
                         f"(got {n}); single elimination needs 2, 4, 8, ... players (Elimination Rounds).")


def _check_end_of_match_cap(minutes: int) -> None:
    if not 0 <= minutes <= 60:
        raise EventError(f"The end-of-match limit must be between 0 (none) and 60 minutes (got {minutes}).")
EARLIEST_START_YEAR = 2000
LATEST_START = timedelta(days=5 * 366)


def _check_start_date(starts_at: datetime) -> None:
    if starts_at.year < EARLIEST_START_YEAR or starts_at > timezone.now() + LATEST_START:
        raise EventError(f"starts_at: an event starts between {EARLIEST_START_YEAR} and five years from now.")


def event_create(
    *, by, name: str, game, format, tier: int = 1, structure: str = Event.Structure.CONSTRUCTED,
    starts_at: datetime, decklist_deadline: datetime | None = None, capacity: int | None = None,
    online: bool = False, venue: str = "", seed: int | None = None, slug: str | None = None,
    head_judge=None, floor_judges: Iterable = (), top_cut: int | None = None,
    elimination_announced: bool = False, round_minutes: int | None = None,
) -> Event:
    if not getattr(by, "is_authenticated", False):
        raise NotPermitted("Log in to create an event.")
    if not roles.may_organise(by):
        raise NotPermitted("Only organisers create events: ask to become one (Events → Organise an event).")
    tier_rules(tier)
    _check_start_date(starts_at)
    if decklist_deadline is not None and decklist_deadline > starts_at:
        raise EventError("decklist_deadline: deck lists are due before the event starts.")
    if capacity is not None and not MINIMUM_PLAYERS <= capacity <= 100_000:
        raise EventError(f"capacity: between {MINIMUM_PLAYERS} and 100000 players.")
    if seed is not None and not 0 <= seed < 2**63:
        raise EventError("seed: a whole number from 0 to 2^63 - 1.")
    if len(venue) > 200 or len(name) > 200:
        raise EventError("name and venue: at most 200 characters.")
    if top_cut is not None:
        _check_top_cut(top_cut)
    if format.game_id != game.id:
        raise EventError(f"format: {format} is not a format of {game}.")
    event_check_details(format=format, structure=structure, starts_at=starts_at, decklist_deadline=decklist_deadline,
                        round_minutes=round_minutes)
    base = slug or slugify(name)[:40] or "event"
    candidate, n = base, 1
    while Event.objects.filter(slug=candidate).exists():
        n += 1
        candidate = f"{base}-{n}"
    with transaction.atomic():
        event = Event.objects.create(
            slug=candidate, name=name, game=game, format=format, tier=tier, structure=structure,
            starts_at=starts_at, decklist_deadline=decklist_deadline or (starts_at if tier >= 2 else None),
            capacity=capacity, online=online, venue=venue, organiser=by,
            seed=seed if seed is not None else random.SystemRandom().randrange(1, 2**31),
            top_cut=top_cut, elimination_announced=elimination_announced, round_minutes=round_minutes,
        )
        EventRole.objects.create(event=event, user=by, role=EventRole.Role.ORGANISER)
        # Judges named here hold their role once they accept it (event_accept_role).
        if head_judge is not None:
            _name_role(event, by, head_judge, EventRole.Role.HEAD_JUDGE)
        for fj in floor_judges:
            _name_role(event, by, fj, EventRole.Role.FLOOR_JUDGE)
    return event


ROUND_MINUTES = (10, 180)


def event_check_details(*, format, structure: str, starts_at: datetime, decklist_deadline: datetime | None,
                        round_minutes: int | None) -> None:
    """What a new event's details must satisfy; each message starts with the field it is about."""
    limited = bool((format.rules or {}).get("pool"))
    if structure not in Event.Structure.values:
        raise EventError(f"structure: must be one of {', '.join(Event.Structure.values)}.")
    if limited and structure == Event.Structure.CONSTRUCTED:
        raise EventError(f"structure: {format.name} is a limited format: choose sealed or booster draft (Limited Deck Construction).")
    if not limited and structure != Event.Structure.CONSTRUCTED:
        label = Event.Structure(structure).label
        raise EventError(f"structure: {format.name} is a constructed format; a {label} event needs a limited format.")
    if timezone.localdate(starts_at) < timezone.localdate():
        raise EventError(f"starts_at: {timezone.localtime(starts_at):%Y-%m-%d} is in the past; an event starts today or later.")
    if decklist_deadline is not None and decklist_deadline > starts_at:
        raise EventError("decklist_deadline: must be at or before the start (Deck Lists: lists are provided prior to the start).")
    if round_minutes is not None and not ROUND_MINUTES[0] <= round_minutes <= ROUND_MINUTES[1]:
        raise EventError(f"round_minutes: between {ROUND_MINUTES[0]} and {ROUND_MINUTES[1]} minutes (the floor rules' Swiss round is 35).")


def event_assign_role(*, event: Event, by, user, role: str) -> EventRole:
    """The organiser appoints the head judge and floor judges (General Rules, Tournament Organizer)."""
    require_role(event, by, [EventRole.Role.ORGANISER], "appoint judges")
    if role not in (EventRole.Role.HEAD_JUDGE, EventRole.Role.FLOOR_JUDGE):
        raise EventError("Only a head judge or a floor judge can be appointed.")
    rules = tier_rules(event.tier)
    if not rules.staff_may_play and Registration.objects.filter(event=event, player=user, status__in=Registration.ACTIVE).exists():
        raise EventError(f"{user} is registered to play; judges may not play in a Tier {event.tier} event (Tier {event.tier} Rules, Player Eligibility).")
    with transaction.atomic():
        existing = EventRole.objects.filter(event=event, user=user, role=role).first()
        if existing is not None:
            return existing
        if role == EventRole.Role.HEAD_JUDGE:
            EventRole.objects.filter(event=event, role=role).delete()  # one head judge per event
        return _name_role(event, by, user, role)


def _name_role(event: Event, by, user, role: str) -> EventRole:
    """The organiser names someone to a role: pending until they accept (appointing yourself needs no consent)."""
    accepted = timezone.now() if user.pk == getattr(by, "pk", None) else None
    obj = EventRole.objects.create(event=event, user=user, role=role, accepted_at=accepted)
    if accepted is None:
        audit(event=event, actor=by, action="role_named", target=user.get_username(), data={"role": role})
    return obj


def event_accept_role(*, event: Event, by, role: str) -> EventRole:
    """The person named accepts a role the organiser offered them."""
    with transaction.atomic():
        obj = EventRole.objects.select_for_update().filter(event=event, user=by, role=role).first()
        if obj is None:
            raise EventError(f"role: nobody offered you the {role.replace('_', ' ')} role in this event.")
        if obj.accepted_at is None:
            if role != EventRole.Role.ORGANISER and Registration.objects.filter(
                event=event, player=by, status__in=Registration.ACTIVE).exists() and not tier_rules(event.tier).staff_may_play:
                raise EventError(f"You are registered to play; judges may not play in a Tier {event.tier} event "
                                 f"(Tier {event.tier} Rules, Player Eligibility). Withdraw first.")
            obj.accepted_at = timezone.now()
            obj.save(update_fields=["accepted_at"])
            audit(event=event, actor=by, action="role_accepted", target=by.get_username(), data={"role": role})
    return obj


def event_decline_role(*, event: Event, by, role: str) -> None:
    """The person named declines (or later gives up) a judge role."""
    if role == EventRole.Role.ORGANISER:
        raise EventError("The organiser cannot leave their own event.")
    with transaction.atomic():
        deleted, _ = EventRole.objects.filter(event=event, user=by, role=role).delete()
        if not deleted:
            raise EventError(f"role: you have no {role.replace('_', ' ')} role in this event.")
        audit(event=event, actor=by, action="role_declined", target=by.get_username(), data={"role": role})


def organiser_request(*, by, about: str) -> OrganiserRequest:
    """A user asks to organise events; staff approve in the admin (``organiser_request_decide``)."""
    if not getattr(by, "is_authenticated", False):
        raise NotPermitted("Log in to ask to organise events.")
    about = about.strip()
    if not about or len(about) > 500 or "\x00" in about:
        raise EventError("about: tell us in up to 500 characters which events you run.")
    if roles.may_organise(by):
        raise EventError("You can already create events.")
    if OrganiserRequest.objects.filter(user=by, approved__isnull=True).exists():
        raise EventError("Your request is waiting for the site staff.")
    return OrganiserRequest.objects.create(user=by, about=about)


def organiser_request_decide(*, request: OrganiserRequest, by, approve: bool) -> OrganiserRequest:
    """Site staff approve (the user joins the Organisers group) or refuse a request."""
    if not getattr(by, "is_staff", False):
        raise NotPermitted("Only site staff decide who organises events.")
    from django.contrib.auth.models import Group

    with transaction.atomic():
        req = OrganiserRequest.objects.select_for_update().get(pk=request.pk)
        req.approved, req.decided_at = approve, timezone.now()
        req.save(update_fields=["approved", "decided_at"])
        if approve:
            Group.objects.get_or_create(name=roles.ORGANISERS_GROUP)[0].user_set.add(req.user)
    return req


def event_update_settings(
    *, event: Event, by, swiss_rounds: int | None = None, top_cut: int | None = None,
    elimination_announced: bool | None = None, end_of_match_cap_minutes: int | None = None,
    room_sound: str | None = None,
) -> Event:
    have = require_role(event, by, [EventRole.Role.ORGANISER, EventRole.Role.HEAD_JUDGE], "change the event's settings")
    started = event.status not in ("draft", "registration_open", "check_in")
    fields = []
    if elimination_announced is not None and elimination_announced != event.elimination_announced:
        if started:
            # Tier 1, Elimination Rounds: players must be told before the beginning of the tournament.
            raise EventError("Elimination rounds must be announced before the event starts (Tier 1 Rules, Elimination Rounds).")
        event.elimination_announced = elimination_announced
        fields.append("elimination_announced")
    if top_cut is not None:
        if event.status in ("elimination", "finished", "published"):
            raise EventError("The top cut is already made.")
        _check_top_cut(top_cut)
        event.top_cut = top_cut
        fields.append("top_cut")
    if swiss_rounds is not None:
        _check_swiss_rounds(swiss_rounds)
        played = Round.objects.filter(event=event, kind=Round.Kind.SWISS).count()
        if swiss_rounds < played:
            raise EventError(f"{played} Swiss rounds are already played.")
        event.swiss_rounds = swiss_rounds
        fields.append("swiss_rounds")
    if end_of_match_cap_minutes is not None:
        if EventRole.Role.HEAD_JUDGE not in have:
            raise NotPermitted("Only the head judge may limit end-of-match procedures (End of Match Procedures).")
        _check_end_of_match_cap(end_of_match_cap_minutes)
        event.end_of_match_cap_minutes = end_of_match_cap_minutes or None
        fields.append("end_of_match_cap_minutes")
    if room_sound is not None:
        if room_sound not in Event.RoomSound.values:
            raise EventError(f"room_sound: one of {', '.join(Event.RoomSound.values)}.")
        event.room_sound = room_sound
        fields.append("room_sound")
    if fields:
        event.save(update_fields=fields)
    return event


def _event_transition(event: Event, by, new: str, action: str) -> Event:
    require_role(event, by, [EventRole.Role.ORGANISER], action)
    with transaction.atomic():
        event = lock_event(event)
        set_status(event, new)
        broadcast_event(slug=event.slug, kind="event", data={"status": event.status})
    return event


def event_open_registration(*, event: Event, by) -> Event:
    return _event_transition(event, by, Event.Status.REGISTRATION_OPEN, "open registration")


def event_open_check_in(*, event: Event, by) -> Event:
    return _event_transition(event, by, Event.Status.CHECK_IN, "open check-in")


# Apps that need something of every player before round 1 register a check here (``limited``: a legal deck
# built from the player's own pool). A check returns the players who are not ready with the reason for each,
# and the rule as the sentence the refusal begins with; the tournaments app never imports those apps.
@dataclass(frozen=True)
class NotReady:
    rule: str
    players: list[tuple[Registration, str]]


StartCheck = Callable[[Event, list[Registration]], "NotReady | None"]
_start_checks: list[StartCheck] = []
NOT_READY_CHOICES = ("drop", "warn")  # what the organiser may do with the players a start check lists


def register_start_check(check: StartCheck) -> None:
    if check not in _start_checks:
        _start_checks.append(check)


def _start_checks_apply(event: Event, checked: list[Registration], by, not_ready: str) -> list[Registration]:
    """Run the registered start checks. Without a choice the start is refused naming every player and why;
    ``drop`` withdraws them; ``warn`` keeps them in with a Game Warning each (the judges then fix their decks).
    Returns the players still checked in."""
    if not_ready and not_ready not in NOT_READY_CHOICES:
        raise EventError(f"not_ready: {' or '.join(NOT_READY_CHOICES)} (or leave it empty to wait for everyone).")
    for check in _start_checks:
        found = check(event, checked)
        if not found or not found.players:
            continue
        names = "; ".join(f"{reg.name} ({why})" for reg, why in found.players)
        if not not_ready:
            raise EventError(f"{found.rule} Not ready: {names}. Wait for them, or start again choosing to drop "
                             "them or to warn them (a Game Warning each; they stay in).")
        from tournaments.services.penalties import penalty_issue
        from tournaments.services.registration import registration_withdraw

        for reg, why in found.players:
            if not_ready == "drop":
                registration_withdraw(registration=reg, by=by)
                audit(event=event, actor=by, action="drop", target=reg.name, reason=f"not ready at the start: {why}")
            else:
                penalty_issue(event=event, registration=reg, by=by, kind="game_warning", system=True,
                              infraction="Not ready at the start", note=f"{why}. {found.rule}")
        dropped = {reg.pk for reg, _ in found.players} if not_ready == "drop" else set()
        checked = [r for r in checked if r.pk not in dropped]
    return checked


def event_start(*, event: Event, by, swiss_rounds: int | None = None, not_ready: str = "") -> Event:
    """Close check-in and begin the Swiss rounds. Registered players who did not check in are no-shows.
    Players the registered start checks list (limited events: no legal deck from their pool) keep the event
    from starting unless the organiser chooses ``not_ready``: "drop" or "warn"."""
    require_role(event, by, [EventRole.Role.ORGANISER], "start the event")
    with transaction.atomic():
        event = lock_event(event)
        if event.status != Event.Status.CHECK_IN:
            # Only check-in may become the Swiss rounds: starting again would rewrite started_at and the
            # announced number of rounds (the settings refuse that change too).
            raise EventError(f"The event cannot go from {event.get_status_display()} to Swiss rounds: "
                             "only an event in check-in starts.")
        if swiss_rounds is not None:
            _check_swiss_rounds(swiss_rounds)
        checked = list(Registration.objects.filter(event=event, status=Registration.Status.CHECKED_IN).select_related("player"))
        checked = _start_checks_apply(event, checked, by, not_ready)
        if len(checked) < MINIMUM_PLAYERS:
            raise EventError(
                f"{len(checked)} players are checked in; an event needs at least {MINIMUM_PLAYERS} "
                "(Tournament Policies, Participation Minimums)."
            )
        if decklist_required(event):
            missing = [r.name for r in checked if decklist_missing(event, r.player) is True]
            if missing:
                raise EventError(
                    f"Deck lists are required before the start of a Tier {event.tier} event "
                    f"(Tier {event.tier} Rules, Deck Lists); missing: {', '.join(missing)}. Drop them or wait."
                )
        for reg in Registration.objects.filter(event=event, status=Registration.Status.REGISTERED):
            set_status(reg, Registration.Status.NO_SHOW)
        Registration.objects.filter(event=event, status=Registration.Status.WAITLISTED).update(
            status=Registration.Status.WITHDRAWN
        )
        event.swiss_rounds = swiss_rounds or event.swiss_rounds or suggested_swiss_rounds(len(checked))
        event.started_at = timezone.now()
        event.save(update_fields=["swiss_rounds", "started_at"])
        set_status(event, Event.Status.SWISS)
        broadcast_event(slug=event.slug, kind="event", data={"status": event.status})
    return event


def event_finish(*, event: Event, by) -> Event:
    require_role(event, by, [EventRole.Role.ORGANISER], "finish the event")
    with transaction.atomic():
        event = lock_event(event)
        unfinished = Round.objects.filter(event=event).exclude(status=Round.Status.COMPLETE)
        if unfinished.exists():
            r = unfinished.first()
            raise EventError(f"Round {r.number} is not complete: {round_missing_results_text(round=r)}")
        if event.status == Event.Status.ELIMINATION:
            bracket = event_bracket(event)
            if bracket is not None and bracket.champion is None:
                raise EventError("The elimination rounds have no winner yet.")
        set_status(event, Event.Status.FINISHED)
        broadcast_event(slug=event.slug, kind="event", data={"status": event.status})
    return event


def event_publish(*, event: Event, by) -> Event:
    return _event_transition(event, by, Event.Status.PUBLISHED, "publish the results")


def event_unlock_login(*, event: Event, by, user) -> int:
    """The organiser unlocks the login of a player or judge of their event after too many wrong passwords
    (an admin unlocks anyone in the admin). Returns how many failed-attempt records were cleared."""
    require_role(event, by, [EventRole.Role.ORGANISER], "unlock a login")
    if not (Registration.objects.filter(event=event, player=user).exists() or EventRole.objects.filter(event=event, user=user).exists()):
        raise EventError(f"{user} is not in this event; an admin can unlock other accounts.")
    from config.auth import login_unlock

    return login_unlock(username=user.get_username())


def qualification_add(*, event: Event, by, user, note: str = "") -> Qualification:
    """Tier 3, Player Eligibility: the organiser keeps the list of qualified players."""
    require_role(event, by, [EventRole.Role.ORGANISER], "manage the qualification list")
    obj, _ = Qualification.objects.get_or_create(event=event, user=user, defaults={"note": note})
    return obj


def suspension_add(*, user, reason: str, until: datetime | None = None) -> Suspension:
    """The global suspension list (managed by site staff in the admin)."""
    return Suspension.objects.create(user=user, reason=reason, until=until)
