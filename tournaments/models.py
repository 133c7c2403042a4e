"""Events and per-event roles."""
from __future__ import annotations

from django.conf import settings
from django.db import models


class Event(models.Model):
    class Tier(models.IntegerChoices):
        TIER_1 = 1, "Tier 1"
        TIER_2 = 2, "Tier 2"
        TIER_3 = 3, "Tier 3"

    class Structure(models.TextChoices):
        CONSTRUCTED = "constructed"
        SEALED = "sealed"
        BOOSTER_DRAFT = "booster_draft", "booster draft"

    class Status(models.TextChoices):
        DRAFT = "draft"
        REGISTRATION_OPEN = "registration_open", "registration open"
        CHECK_IN = "check_in", "check-in"
        SWISS = "swiss", "Swiss rounds"
        ELIMINATION = "elimination", "elimination rounds"
        FINISHED = "finished"
        PUBLISHED = "published", "results published"

    slug = models.SlugField(unique=True)
    name = models.CharField(max_length=200)
    game = models.ForeignKey("decks.Game", on_delete=models.PROTECT, related_name="events")
    format = models.ForeignKey("decks.Format", on_delete=models.PROTECT, related_name="events")
    tier = models.IntegerField(choices=Tier.choices, default=Tier.TIER_1)
    structure = models.CharField(max_length=20, choices=Structure.choices, default=Structure.CONSTRUCTED)
    status = models.CharField(max_length=20, choices=Status.choices, default=Status.DRAFT)
    starts_at = models.DateTimeField()
    decklist_deadline = models.DateTimeField(null=True, blank=True)
    capacity = models.PositiveIntegerField(null=True, blank=True)
    online = models.BooleanField(default=False)
    venue = models.CharField(max_length=200, blank=True)
    organiser = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="organised_events")
    seed = models.BigIntegerField(default=0, help_text="Seeds pairing and tiebreak randomness")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-starts_at"]

    def __str__(self) -> str:
        return self.name


class EventRole(models.Model):
    """A user's role in one event. The organiser is also recorded on the event itself."""

    class Role(models.TextChoices):
        ORGANISER = "organiser"
        HEAD_JUDGE = "head_judge", "head judge"
        FLOOR_JUDGE = "floor_judge", "floor judge"
        PLAYER = "player"

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="roles")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="event_roles")
    role = models.CharField(max_length=20, choices=Role.choices)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["event", "user", "role"], name="unique_role_per_user_event"),
            # One head judge per event.
            models.UniqueConstraint(
                fields=["event"], condition=models.Q(role="head_judge"), name="one_head_judge_per_event"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.user} — {self.get_role_display()} at {self.event}"
