"""python manage.py demo_data — demo users and an MLP Harmony event ready for registration.

Idempotent: running it again changes nothing. Needs the card catalog (import_cards) for formats.
"""
from __future__ import annotations

import datetime as dt

from django.contrib.auth.models import User
from django.core.management.base import BaseCommand
from django.db import transaction
from django.utils import timezone

from decks.models import Format, Game
from tournaments.models import Event, EventRole

DEMO_PASSWORD = "ponies-rock-42"
STAFF = [("organiser", "Olive Organiser"), ("headjudge", "Hazel Headjudge"), ("judge1", "Jade Judge"), ("judge2", "Juniper Judge")]
PLAYERS = [f"player{i:02d}" for i in range(1, 17)]


def _ensure_formats() -> Format:
    try:
        from decks.formats import formats_install
    except ImportError:  # formats module not installed yet: a minimal Harmony format
        game, _ = Game.objects.get_or_create(slug=Game.MLP, defaults={"name": "My Little Pony CCG"})
        fmt, _ = Format.objects.get_or_create(
            slug="mlp-harmony", defaults={"game": game, "name": "Harmony", "all_released_sets_legal": True}
        )
        return fmt
    formats_install()
    return Format.objects.get(slug="mlp-harmony")


class Command(BaseCommand):
    help = "Create demo users (organiser, head judge, two floor judges, 16 players) and an MLP Harmony event."

    @transaction.atomic
    def handle(self, *args, **opts):
        fmt = _ensure_formats()
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
            "Demo event: %s (%s)\nRunning demo event (round 1 under way): %s (%s)"
            % (DEMO_PASSWORD, event.name, event.slug, running.name, running.slug)
        )

    def _running_event(self, fmt: Format, users: dict) -> Event:
        """A Tier 1 event with players 01-08 checked in and round 1 paired, to show the live pages."""
        from config.celery import app
        from tournaments import services

        existing = Event.objects.filter(slug="canterlot-friday-night").first()
        if existing is not None:
            return existing
        app.conf.task_always_eager = True  # pair round 1 now, without waiting for a worker
        start = timezone.now().replace(second=0, microsecond=0)
        event = services.event_create(
            by=users["organiser"], name="Canterlot Friday Night", slug="canterlot-friday-night", game=fmt.game, format=fmt,
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
        return event
