"""Limited events (floor rules, "My Little Pony CCG Limited Play"): the sealed or draft setup of an event,
booster-draft pods and their seats, the packs opened, the picks made and the pick timers.

A player's pool ends up as a ``decks.CardPool`` and their deck as a normal ``decks.Decklist``, so the rest
of the event (registration, Swiss rounds, online matches) runs as for any event.
"""
from __future__ import annotations

from django.conf import settings
from django.db import models

from tournaments.models import Event, StatusPipeline


class LimitedProduct(models.Model):
    """An organiser's special limited product as data (floor rules, Special Formats): the packs it holds
    and the fixed cards each player keeps (e.g. a Mane Character and a promo in a Pack Drafter)."""

    name = models.CharField(max_length=100, unique=True)
    packs = models.JSONField(default=list, help_text="Set codes of its boosters, e.g. [\"EO\", \"EO\", \"HM\", \"MT\"]")
    extra_cards = models.JSONField(default=list, blank=True, help_text="Card numbers every player keeps, e.g. [\"MT1\"]")
    created_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+")

    def __str__(self) -> str:
        return self.name


class LimitedEvent(StatusPipeline):
    class Kind(models.TextChoices):
        SEALED = "sealed", "sealed deck"
        BOOSTER_DRAFT = "booster_draft", "booster draft"

    class Mode(models.TextChoices):
        ONLINE = "online", "online (pools and picks here)"
        PAPER = "paper", "paper (real packs; judges record the pools)"

    class Status(models.TextChoices):
        SETUP = "setup"
        SEATED = "seated", "pods seated"
        DRAFTING = "drafting"
        BUILDING = "building", "deck building"

    TRANSITIONS = {
        "setup": {"seated", "building"},
        "seated": {"drafting", "building", "setup"},
        "drafting": {"building"},
        "building": set(),
    }

    event = models.OneToOneField(Event, on_delete=models.CASCADE, related_name="limited")
    kind = models.CharField(max_length=20, choices=Kind.choices)
    mode = models.CharField(max_length=10, choices=Mode.choices, default=Mode.ONLINE)
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.SETUP)
    packs = models.JSONField(default=list, help_text="Set codes; a draft opens them newest set first")
    product_name = models.CharField(max_length=100, blank=True)
    extra_cards = models.JSONField(default=list, blank=True, help_text="Card numbers every player keeps (Special Formats)")
    bots_fill = models.BooleanField(default=False, help_text="Bots take the empty seats so every pod drafts full")
    pod_size = models.PositiveIntegerField(default=8, help_text="Booster Draft Format: 8 players per pod recommended")
    pod_sizes = models.JSONField(default=list, blank=True, help_text="Organiser's override of the pod sizes")
    pick_timer_max = models.PositiveIntegerField(default=75, help_text="Seconds for a full pack's pick; 0 = no timer")
    pick_timer_min = models.PositiveIntegerField(default=10, help_text="Seconds for the last card of a pack")
    review_seconds = models.PositiveIntegerField(default=30, help_text="Review between packs (Booster Draft Format)")
    pod_rounds = models.PositiveIntegerField(
        default=0, help_text="Booster drafts: the first N Swiss rounds pair players only within their pod (0 = the whole event)")
    opened_at = models.DateTimeField(null=True, blank=True)

    def __str__(self) -> str:
        return f"{self.get_kind_display()} at {self.event}"


class Pod(StatusPipeline):
    class Status(models.TextChoices):
        SEATED = "seated"
        DRAFTING = "drafting"
        REVIEWING = "reviewing", "reviewing between packs"
        FINISHED = "finished"

    TRANSITIONS = {
        "seated": {"drafting", "finished"},
        "drafting": {"reviewing", "finished"},
        "reviewing": {"drafting"},
        "finished": set(),
    }

    limited = models.ForeignKey(LimitedEvent, on_delete=models.CASCADE, related_name="pods")
    number = models.PositiveIntegerField()
    size = models.PositiveIntegerField(default=0, help_text="Seats at the table, bots included")
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.SEATED)
    pack_number = models.PositiveIntegerField(default=0, help_text="0-based: the pack being drafted")
    pick_number = models.PositiveIntegerField(default=0, help_text="0-based pick within the pack")
    step_due_at = models.DateTimeField(null=True, blank=True, help_text="When this pick (or the review) times out")

    class Meta:
        constraints = [models.UniqueConstraint(fields=["limited", "number"], name="unique_pod_number")]
        ordering = ["limited", "number"]

    def __str__(self) -> str:
        return f"pod {self.number} of {self.limited.event}"


class Seat(models.Model):
    """A seat at a pod's table, clockwise: passing left goes to the next position."""

    pod = models.ForeignKey(Pod, on_delete=models.CASCADE, related_name="seats")
    position = models.PositiveIntegerField()
    player = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, null=True, blank=True, related_name="draft_seats")
    bot = models.BooleanField(default=False)
    connections = models.PositiveIntegerField(default=0, help_text="Open pick screens (a drafter may have two tabs)")
    away = models.BooleanField(default=False, help_text="Left the draft (no pick screen open): auto-picked until back")

    class Meta:
        constraints = [models.UniqueConstraint(fields=["pod", "position"], name="unique_seat_position")]
        ordering = ["pod", "position"]

    @property
    def name(self) -> str:
        return self.name_of(self.player.username if self.player_id else None, self.position)

    @staticmethod
    def name_of(username: str | None, position: int) -> str:
        """The seat's name at the table: its drafter's username, or a bot's by position."""
        return username if username is not None else f"Bot {position + 1}"

    def __str__(self) -> str:
        return f"seat {self.position + 1} of {self.pod}: {self.name}"


class OpenedPack(models.Model):
    """A pack opened for a player (sealed) or at a seat (draft), with how to regenerate it."""

    limited = models.ForeignKey(LimitedEvent, on_delete=models.CASCADE, related_name="opened_packs")
    player = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, null=True, blank=True, related_name="+")
    seat = models.ForeignKey(Seat, on_delete=models.CASCADE, null=True, blank=True, related_name="packs")
    index = models.PositiveIntegerField(help_text="0-based pack number for its player or seat")
    set_code = models.CharField(max_length=12)
    seed_player = models.CharField(max_length=40, help_text="The player part of the pack's seed")
    cards = models.JSONField(default=list, help_text="Card GUIDs as opened")
    remaining = models.JSONField(default=list, help_text="Draft: card GUIDs not picked yet")

    class Meta:
        ordering = ["limited", "seat", "player", "index"]


class DraftPick(models.Model):
    seat = models.ForeignKey(Seat, on_delete=models.CASCADE, related_name="picks")
    pack_number = models.PositiveIntegerField()
    pick_number = models.PositiveIntegerField()
    card = models.ForeignKey("decks.Card", on_delete=models.PROTECT, related_name="+")
    auto = models.BooleanField(default=False, help_text="Picked by the server (timer ran out, disconnected, or a bot)")
    at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["seat", "pack_number", "pick_number"], name="one_pick_per_seat_step")]
        ordering = ["seat", "pack_number", "pick_number"]


class PickDeadline(models.Model):
    """When a pick (or the review between packs) times out; processed exactly once, by its Celery task or
    by the periodic sweep, so a worker restart loses nothing."""

    class Kind(models.TextChoices):
        PICK = "pick"
        REVIEW = "review"

    pod = models.ForeignKey(Pod, on_delete=models.CASCADE, related_name="deadlines")
    kind = models.CharField(max_length=10, choices=Kind.choices)
    pack_number = models.PositiveIntegerField()
    pick_number = models.PositiveIntegerField()
    due_at = models.DateTimeField(db_index=True)
    processed_at = models.DateTimeField(null=True, blank=True)
    outcome = models.CharField(max_length=300, blank=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["pod", "kind", "pack_number", "pick_number"], name="one_deadline_per_step")]
