"""python manage.py demo_data — demo users and an MLP Harmony event ready for registration.

Idempotent: running it again changes nothing. Needs the card catalog (import_cards) for formats.
"""
from __future__ import annotations

import datetime as dt

from django.contrib.auth.models import User
from django.core.management.base import BaseCommand, CommandError
from django.db import transaction
from django.utils import timezone

from decks.models import Format
from tournaments.models import Event, EventRole, Match, Round

DEMO_PASSWORD = "ponies-rock-42"
STAFF = [("organiser", "Olive Organiser"), ("headjudge", "Hazel Headjudge"), ("judge1", "Jade Judge"), ("judge2", "Juniper Judge")]
PLAYERS = [f"player{i:02d}" for i in range(1, 17)]
RUNNING_SLUG = "canterlot-friday-night"


def _harmony() -> Format:
    """The built-in Harmony format, installed with the card catalog (``import_cards``)."""
    fmt = Format.objects.filter(slug="mlp-harmony").first()
    if fmt is None:
        raise CommandError("No Harmony format: import the MLP cards first (`python manage.py import_cards mlp-octgn DIR`).")
    return fmt


class Command(BaseCommand):
    help = "Create demo users (organiser, head judge, two floor judges, 16 players) and an MLP Harmony event."

    @transaction.atomic
    def handle(self, *args, **opts):
        fmt = _harmony()
        users = {}
        for username, full in STAFF + [(p, p.title()) for p in PLAYERS]:
            first, _, last = full.partition(" ")
            user, created = User.objects.get_or_create(username=username, defaults={"first_name": first, "last_name": last})
            if created:
                user.set_password(DEMO_PASSWORD)
                user.save()
            users[username] = user
        from django.contrib.auth.models import Group

        from tournaments.roles import ORGANISERS_GROUP

        Group.objects.get_or_create(name=ORGANISERS_GROUP)[0].user_set.add(users["organiser"])  # may create events
        admin, created = User.objects.get_or_create(username="admin", defaults={"is_staff": True, "is_superuser": True})
        if created:
            admin.set_password(DEMO_PASSWORD)
            admin.save()
        start = (timezone.now() + dt.timedelta(days=7)).replace(hour=10, minute=0, second=0, microsecond=0)
        event, _ = Event.objects.get_or_create(
            slug="ponyville-harmony-open",
            defaults={
                "name": "Ponyville Harmony Open", "game": fmt.game, "format": fmt, "tier": Event.Tier.TIER_2,
                "status": Event.Status.REGISTRATION_OPEN, "starts_at": start,
                "decklist_deadline": start - dt.timedelta(hours=12), "capacity": 32,
                "venue": "Ponyville Town Hall", "organiser": users["organiser"], "seed": 20261122,
            },
        )
        for username, role in [("organiser", EventRole.Role.ORGANISER), ("headjudge", EventRole.Role.HEAD_JUDGE),
                               ("judge1", EventRole.Role.FLOOR_JUDGE), ("judge2", EventRole.Role.FLOOR_JUDGE)]:
            EventRole.objects.get_or_create(event=event, user=users[username], role=role)
        running = self._running_event(fmt, users)
        self.stdout.write(
            "Demo logins (password for all: %s):\n  organiser, headjudge, judge1, judge2, player01 … player16, admin (staff)\n"
            "Demo event: %s (%s)\nRunning demo event: %s (%s): %s"
            % (DEMO_PASSWORD, event.name, event.slug, running.name, running.slug, running_event_state(running))
        )

    def _running_event(self, fmt: Format, users: dict) -> Event:
        """A Tier 1 event with players 01-08 checked in, round 1 paired and every player at their table,
        to show the live pages. A demo whose round clock ran out while nobody played is made afresh, so a
        restart always shows a round under way."""
        from config.celery import app
        from tournaments import services

        existing = Event.objects.filter(slug=RUNNING_SLUG).first()
        if existing is not None and not running_event_is_idle(existing):
            return existing
        if existing is not None:  # demo data only: its matches first (they protect registrations), then the rest
            Match.objects.filter(round__event=existing).delete()
            existing.delete()
        app.conf.task_always_eager = True  # pair round 1 now, without waiting for a worker
        start = timezone.now().replace(second=0, microsecond=0)
        event = services.event_create(
            by=users["organiser"], name="Canterlot Friday Night", slug=RUNNING_SLUG, game=fmt.game, format=fmt,
            tier=1, starts_at=start, venue="Canterlot Hobby Shop", seed=7, head_judge=users["headjudge"],
            floor_judges=[users["judge1"]], elimination_announced=True,
        )
        for username, role in [("headjudge", "head_judge"), ("judge1", "floor_judge")]:
            services.event_accept_role(event=event, by=users[username], role=role)  # the judges said yes
        services.event_open_registration(event=event, by=users["organiser"])
        regs = [services.registration_create(event=event, player=users[p]) for p in PLAYERS[:8]]
        services.event_open_check_in(event=Event.objects.get(pk=event.pk), by=users["organiser"])
        for r in regs:
            services.registration_check_in(registration=r, by=r.player)
        services.event_start(event=Event.objects.get(pk=event.pk), by=users["organiser"], swiss_rounds=3)
        rnd = services.round_start_next(event=Event.objects.get(pk=event.pk), by=users["organiser"])
        from tournaments.tasks import pair_round_task

        pair_round_task(rnd.id)  # inside this command's transaction: pair now (the queued task then finds nothing to do)
        # Everyone is seated: the head judge marks them present, so no Tardiness Game Loss spoils the demo.
        for m in Match.objects.filter(round=rnd, player_b__isnull=False):
            for side in ("a", "b"):
                services.match_mark_present(match=m, by=users["headjudge"], side=side)
        return Event.objects.get(pk=event.pk)


def running_event_is_idle(event: Event, *, now: dt.datetime | None = None) -> bool:
    """The demo's current round ran out of time with no result recorded: nobody is playing it."""
    now = now or timezone.now()
    rnd = Round.objects.filter(event=event).order_by("-number").first()
    if rnd is None or rnd.status != Round.Status.RUNNING or rnd.ends_at is None or rnd.ends_at > now:
        return False
    return not Match.objects.filter(round=rnd, player_b__isnull=False, status=Match.Status.FINAL).exists()


def running_event_state(event: Event, *, now: dt.datetime | None = None) -> str:
    """The event as it stands, in a few words ("round 1 of 3 under way, 34 minutes left")."""
    now = now or timezone.now()
    rnd = Round.objects.filter(event=event).order_by("-number").first()
    if event.status in (Event.Status.FINISHED, Event.Status.PUBLISHED) or rnd is None:
        return event.get_status_display()
    of = f" of {event.swiss_rounds}" if rnd.kind == Round.Kind.SWISS and event.swiss_rounds else ""
    if rnd.status == Round.Status.COMPLETE:
        return f"round {rnd.number}{of} complete"
    if rnd.ends_at is not None and rnd.ends_at > now:
        left = int((rnd.ends_at - now).total_seconds() // 60)
        return f"round {rnd.number}{of} under way, {left} minute{'s' if left != 1 else ''} left"
    return f"round {rnd.number}{of} under way, time called"
