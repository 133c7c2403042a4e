"""Players as people: display names, and bulk entry of walk-ins (a pasted or uploaded list of names).

A display name is what pairings, standings and the room display show; judges also see the username
(``Registration.judge_name``), which is unique, so two "Applejack"s are told apart at the table.
"""
from __future__ import annotations

import csv
import io
import unicodedata
from dataclasses import dataclass

from django.contrib.auth import get_user_model
from django.db import transaction
from django.utils.text import slugify

from tournaments.models import Event, EventRole, PlayerProfile, Registration
from tournaments.services.common import EventError, NotPermitted, audit, require_role
from tournaments.services.registration import registration_check_in, registration_create

DISPLAY_NAME_MAX = 60
BULK_MAX_LINES = 300


def player_set_display_name(*, user, display_name: str) -> PlayerProfile:
    """A user chooses the name shown on pairings and standings (empty: the username)."""
    if not getattr(user, "is_authenticated", False):
        raise NotPermitted("Log in to choose a display name.")
    name = " ".join(unicodedata.normalize("NFKC", display_name).split())
    if len(name) > DISPLAY_NAME_MAX:
        raise EventError(f"display_name: at most {DISPLAY_NAME_MAX} characters.")
    if any(unicodedata.category(ch).startswith("C") for ch in name):
        raise EventError("display_name: control characters are not allowed.")
    profile, _ = PlayerProfile.objects.get_or_create(user=user)
    profile.display_name = name
    profile.save(update_fields=["display_name"])
    return profile


@dataclass(frozen=True)
class EntryLine:
    """One line of a bulk entry and what became of it."""

    line: int
    text: str
    outcome: str  # "registered", "checked in", "created and registered", "already registered", "error"
    detail: str = ""
    registration_id: int | None = None


def bulk_entry_names(text: str) -> list[str]:
    """Names from pasted text or an uploaded CSV/text file: one per line, the first CSV column; blank
    lines and a "name"/"username" header are skipped."""
    names = []
    for row in csv.reader(io.StringIO(text)):
        if not row:
            continue
        name = " ".join(row[0].split())
        if name and name.lower() not in ("name", "username", "player"):
            names.append(name)
    return names


def _walk_in_user(name: str):
    """An existing account by username (or by a display name only one user has), else a new account
    for the walk-in: username from the name, no usable password (they can be given one later)."""
    User = get_user_model()
    user = User.objects.filter(username__iexact=name).first()
    if user is not None:
        return user, False
    named = list(PlayerProfile.objects.filter(display_name__iexact=name).select_related("user")[:2])
    if len(named) == 1:
        return named[0].user, False
    base = (slugify(name).replace("-", "_") or "player")[:24]
    candidate, n = base, 1
    while User.objects.filter(username__iexact=candidate).exists():
        n += 1
        candidate = f"{base}_{n}"
    user = User(username=candidate)
    user.set_unusable_password()
    user.save()
    PlayerProfile.objects.create(user=user, display_name=name[:DISPLAY_NAME_MAX])
    return user, True


def registration_bulk_create(*, event: Event, by, text: str, check_in: bool = False) -> list[EntryLine]:
    """The organiser registers a list of players at once (walk-ins at the door). Each line is a username
    or a name; names without an account get one. ``check_in`` also checks them in (check-in open).
    Every line is answered; one bad line does not stop the others."""
    require_role(event, by, [EventRole.Role.ORGANISER], "register players")
    names = bulk_entry_names(text)
    if not names:
        raise EventError("names: paste or upload at least one name, one per line.")
    if len(names) > BULK_MAX_LINES:
        raise EventError(f"names: at most {BULK_MAX_LINES} lines at once.")
    if check_in and event.status != Event.Status.CHECK_IN:
        raise EventError("check_in: check-in is not open.")
    results = []
    for i, name in enumerate(names, start=1):
        results.append(_bulk_entry_one(event, by, i, name, check_in))
    done = sum(1 for r in results if r.outcome != "error")
    audit(event=event, actor=by, action="bulk_entry", target=f"{done} of {len(results)} players",
          data={"lines": [[r.text, r.outcome] for r in results]})
    return results


def _bulk_entry_one(event: Event, by, line: int, name: str, check_in: bool) -> EntryLine:
    try:
        with transaction.atomic():
            user, created = _walk_in_user(name)
            existing = Registration.objects.filter(event=event, player=user).first()
            if existing is not None and existing.status != Registration.Status.WITHDRAWN:
                return EntryLine(line, name, "already registered", existing.get_status_display(), existing.pk)
            reg = registration_create(event=event, player=user, by=by)
            outcome = "created and registered" if created else "registered"
            if check_in and reg.status == Registration.Status.REGISTERED:
                reg = registration_check_in(registration=reg, by=by)
                outcome += ", checked in"
            detail = f"as {user.get_username()}" + (" (waiting list)" if reg.status == Registration.Status.WAITLISTED else "")
            return EntryLine(line, name, outcome, detail, reg.pk)
    except EventError as exc:
        return EntryLine(line, name, "error", str(exc))
