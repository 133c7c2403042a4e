"""Events, per-event roles, registrations, rounds, matches, penalties, appeals, deadlines and the audit log.

Every stateful model declares its status pipeline (``TRANSITIONS``) and changes status only through
``set_status()``, which refuses an illegal transition with a clear message and treats setting the
current status again as a no-op, so retried tasks are safe.
"""
from __future__ import annotations

from datetime import datetime, timedelta

from django.conf import settings
from django.db import models
from django.utils import timezone


class IllegalTransition(ValueError):
    """A status change the declared pipeline does not allow."""


class StatusPipeline(models.Model):
    """Mixin: ``TRANSITIONS`` maps each status to the statuses that may follow it."""

    TRANSITIONS: dict[str, set[str]] = {}

    class Meta:
        abstract = True

    def can_set_status(self, new: str) -> bool:
        return new == self.status or new in self.TRANSITIONS.get(self.status, set())

    def set_status(self, new: str, *, save: bool = True) -> bool:
        """Move to ``new``; returns False when it already was ``new`` (a no-op)."""
        if new == self.status:
            return False
        if new not in self.TRANSITIONS.get(self.status, set()):
            labels = {k: str(v).lower() for k, v in self._meta.get_field("status").choices}
            allowed = ", ".join(labels.get(s, s) for s in sorted(self.TRANSITIONS.get(self.status, set()))) or "nothing"
            raise IllegalTransition(
                f"The {self._meta.verbose_name} cannot go from {labels.get(self.status, self.status)} "
                f"to {labels.get(new, new)} (next may come: {allowed})."
            )
        self.status = new
        if save:
            self.save(update_fields=["status"])
        return True


class LiveManager(models.Manager):
    """Rows not soft-deleted. ``all_objects`` sees the deleted ones too (to restore them)."""

    def get_queryset(self):
        return super().get_queryset().filter(deleted_at__isnull=True)


def display_name(user) -> str:
    """The name a player chose (``PlayerProfile.display_name``), or their username."""
    if user is None:
        return ""
    try:
        chosen = user.player_profile.display_name
    except (AttributeError, PlayerProfile.DoesNotExist):
        chosen = ""
    return chosen or user.get_username()


def display_name_for_judges(user) -> str:
    """Judges tell players apart by username: "Twilight Sparkle (player05)" when the names differ."""
    shown = display_name(user)
    username = user.get_username() if user is not None else ""
    return shown if shown == username else f"{shown} ({username})"


class PlayerProfile(models.Model):
    """What a user shows of themselves: the display name on pairings, standings and the room display."""

    user = models.OneToOneField(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="player_profile")
    display_name = models.CharField(max_length=60, blank=True)

    def __str__(self) -> str:
        return self.display_name or self.user.get_username()


class TimerPreset(models.Model):
    """An organiser's round clock made of phases, e.g. 3 min setup, 35 min play, 5 min "game ends in".

    ``phases`` is a list of ``{"name": str, "minutes": int, "match_time": bool}``; time is called
    (End of Match Procedures) at the end of the last phase marked ``match_time``.
    """

    owner = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="timer_presets")
    name = models.CharField(max_length=80)
    phases = models.JSONField(default=list)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["name", "id"]
        constraints = [models.UniqueConstraint(fields=["owner", "name"], name="unique_timer_preset_name")]

    def __str__(self) -> str:
        return self.name


class Event(StatusPipeline):
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
    # Running the event.
    swiss_rounds = models.PositiveIntegerField(
        null=True, blank=True, help_text="Announced by the head judge before the start (floor rules, Swiss Rounds)"
    )
    top_cut = models.PositiveIntegerField(
        null=True, blank=True, help_text="Players in the elimination rounds: 0 none, empty = floor-rules default"
    )
    elimination_announced = models.BooleanField(
        default=False, help_text="Tier 1: elimination rounds only if announced before the start"
    )
    end_of_match_cap_minutes = models.PositiveIntegerField(
        null=True, blank=True, help_text="Head judge's limit on end-of-match procedures (5 minutes), empty = none"
    )
    started_at = models.DateTimeField(null=True, blank=True)
    top_cut_seeds = models.JSONField(default=list, blank=True, help_text="Registration ids, seed order")
    round_minutes = models.PositiveIntegerField(
        null=True, blank=True, help_text="Swiss round length in minutes; empty = the tier's (35, Match Time Limit)"
    )
    # The room: every clock paused (announcements, a fire alarm) since this moment; empty = running.
    clocks_paused_at = models.DateTimeField(null=True, blank=True)
    class RoomSound(models.TextChoices):
        CHIME = "chime"
        BELL = "bell"
        BUZZER = "buzzer"
        NONE = "none", "no sound"

    room_sound = models.CharField(max_length=10, choices=RoomSound.choices, default=RoomSound.CHIME)
    deleted_at = models.DateTimeField(null=True, blank=True)

    objects = LiveManager()
    all_objects = models.Manager()

    TRANSITIONS = {
        "draft": {"registration_open"},
        "registration_open": {"check_in", "draft"},
        "check_in": {"swiss", "registration_open"},
        "swiss": {"elimination", "finished"},
        "elimination": {"finished"},
        "finished": {"published"},
        "published": set(),
    }

    class Meta:
        ordering = ["-starts_at"]
        base_manager_name = "all_objects"

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
    # A judge named by the organiser holds the role only once they accept it (empty: pending).
    accepted_at = models.DateTimeField(null=True, blank=True, default=timezone.now,
                                       help_text="When the person named accepted the role; empty while pending")

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


class OrganiserRequest(models.Model):
    """A user asks to organise events; site staff approve it in the admin (which grants the
    ``tournaments.add_event`` permission through the "Organisers" group)."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="organiser_requests")
    about = models.CharField(max_length=500, help_text="Store, community or events the user runs")
    created_at = models.DateTimeField(auto_now_add=True)
    decided_at = models.DateTimeField(null=True, blank=True)
    approved = models.BooleanField(null=True, help_text="Empty while waiting for staff")

    class Meta:
        ordering = ["-created_at"]

    def __str__(self) -> str:
        return f"{self.user} asks to organise events"


class Suspension(models.Model):
    """The global suspension list: a suspended user may not register for any event (floor rules,
    Player Eligibility: "All players not suspended ... are eligible")."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="suspensions")
    reason = models.CharField(max_length=300)
    until = models.DateTimeField(null=True, blank=True, help_text="Empty = indefinite")
    created_at = models.DateTimeField(auto_now_add=True)

    def __str__(self) -> str:
        return f"{self.user} suspended: {self.reason}"


class Qualification(models.Model):
    """The organiser-managed list of players qualified for a Tier 3 event (Tier 3, Player Eligibility)."""

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="qualifications")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="qualifications")
    note = models.CharField(max_length=200, blank=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["event", "user"], name="unique_qualification")]


class Registration(StatusPipeline):
    class Status(models.TextChoices):
        WAITLISTED = "waitlisted", "waiting list"
        REGISTERED = "registered"
        CHECKED_IN = "checked_in", "checked in"
        WITHDRAWN = "withdrawn"
        NO_SHOW = "no_show", "did not check in"
        DROPPED = "dropped"
        DISQUALIFIED = "disqualified"

    class LatePolicy(models.TextChoices):
        LOSSES = "losses", "a loss for each missed round"
        BYES = "byes", "a bye (win points) for each missed round"

    TRANSITIONS = {
        "waitlisted": {"registered", "withdrawn"},
        "registered": {"checked_in", "withdrawn", "no_show", "dropped", "disqualified"},
        "checked_in": {"registered", "dropped", "disqualified", "withdrawn"},
        "withdrawn": {"registered", "waitlisted"},
        "no_show": set(),
        "dropped": {"disqualified"},
        "disqualified": set(),
    }
    ACTIVE = ("registered", "checked_in")

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="registrations")
    player = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="registrations")
    status = models.CharField(max_length=20, choices=Status.choices, default=Status.REGISTERED)
    created_at = models.DateTimeField(auto_now_add=True)
    checked_in_at = models.DateTimeField(null=True, blank=True)
    dropped_at = models.DateTimeField(null=True, blank=True)
    dropped_after_round = models.PositiveIntegerField(null=True, blank=True)
    # Late entry: rounds missed and what the organiser gave for them.
    late_missed_rounds = models.PositiveIntegerField(default=0)
    late_policy = models.CharField(max_length=10, choices=LatePolicy.choices, blank=True)
    # Game Losses given between games apply to the player's next game (Tournament Penalties, Game Loss).
    pending_game_losses = models.PositiveIntegerField(default=0)
    deleted_at = models.DateTimeField(null=True, blank=True)

    objects = LiveManager()
    all_objects = models.Manager()

    class Meta:
        ordering = ["created_at", "id"]
        base_manager_name = "all_objects"
        constraints = [models.UniqueConstraint(fields=["event", "player"], name="unique_registration")]

    def __str__(self) -> str:
        return self.name

    @property
    def name(self) -> str:
        return display_name(self.player)

    @property
    def judge_name(self) -> str:
        return display_name_for_judges(self.player)

    @property
    def in_event(self) -> bool:
        """Still playing: may be paired."""
        return self.status == self.Status.CHECKED_IN


class Round(StatusPipeline):
    class Kind(models.TextChoices):
        SWISS = "swiss", "Swiss"
        ELIMINATION = "elimination"

    class Status(models.TextChoices):
        PENDING = "pending", "being paired"
        RUNNING = "running"
        COMPLETE = "complete"

    TRANSITIONS = {"pending": {"running"}, "running": {"complete", "pending"}, "complete": set()}

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="rounds")
    number = models.PositiveIntegerField()
    kind = models.CharField(max_length=12, choices=Kind.choices, default=Kind.SWISS)
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.PENDING)
    best_of = models.PositiveIntegerField(default=1)
    minutes = models.PositiveIntegerField(null=True, blank=True, help_text="Empty = untimed")
    starts_at = models.DateTimeField(null=True, blank=True)
    ends_at = models.DateTimeField(null=True, blank=True)
    warnings = models.JSONField(default=list, blank=True)
    # The round clock's phases (a copy of the organiser's TimerPreset): see ``tournaments.clock``.
    phases = models.JSONField(default=list, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    deleted_at = models.DateTimeField(null=True, blank=True)

    objects = LiveManager()
    all_objects = models.Manager()

    class Meta:
        ordering = ["event", "number"]
        base_manager_name = "all_objects"
        constraints = [
            models.UniqueConstraint(
                fields=["event", "number"], condition=models.Q(deleted_at__isnull=True), name="unique_round_number",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.event} round {self.number}"


class Match(StatusPipeline):
    class Status(models.TextChoices):
        RUNNING = "running"
        TIME_CALLED = "time_called", "time called"
        REPORTED = "reported", "awaiting confirmation"
        DISPUTED = "disputed", "disputed — judge called"
        FINAL = "final"

    class Result(models.TextChoices):
        NONE = "", "no result"
        A = "a", "player A wins"
        B = "b", "player B wins"
        DRAW = "draw"
        DOUBLE_LOSS = "double_loss", "both lose"
        BYE = "bye"

    TRANSITIONS = {
        "running": {"time_called", "reported", "disputed", "final"},
        "time_called": {"reported", "disputed", "final"},
        "reported": {"final", "disputed", "running", "time_called"},
        "disputed": {"final"},
        "final": set(),
    }

    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="matches")
    table = models.PositiveIntegerField(null=True, blank=True, help_text="Empty for the bye")
    player_a = models.ForeignKey(Registration, on_delete=models.PROTECT, related_name="+")
    player_b = models.ForeignKey(Registration, on_delete=models.PROTECT, related_name="+", null=True, blank=True)
    status = models.CharField(max_length=12, choices=Status.choices, default=Status.RUNNING)
    result = models.CharField(max_length=12, choices=Result.choices, blank=True, default="")
    result_source = models.CharField(max_length=20, blank=True, help_text="judge, players, concession, penalty, drop")
    games_a = models.PositiveIntegerField(default=0)
    games_b = models.PositiveIntegerField(default=0)
    recorded_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    recorded_at = models.DateTimeField(null=True, blank=True)
    # Online events: each player's own report; the opponent confirms (what-users-need 12).
    report_a = models.CharField(max_length=12, blank=True)
    report_b = models.CharField(max_length=12, blank=True)
    # Clock: the round's end plus this match's extensions; the server owns it.
    extra_seconds = models.PositiveIntegerField(default=0)
    deck_check = models.BooleanField(default=False)
    # Tardiness (floor rules, Tardiness): marked present, or a judge waived the penalty.
    present_a = models.BooleanField(default=False)
    present_b = models.BooleanField(default=False)
    tardiness_waived = models.BooleanField(default=False)
    # End of Match Procedures.
    time_called_at = models.DateTimeField(null=True, blank=True)
    eom_stop_at = models.DateTimeField(null=True, blank=True)
    points_a = models.PositiveIntegerField(null=True, blank=True)
    points_b = models.PositiveIntegerField(null=True, blank=True)
    extra_game = models.BooleanField(default=False, help_text="Elimination draw: another game to the first change in points")
    explanation = models.CharField(max_length=300, blank=True)
    rematch = models.BooleanField(default=False)
    # Game Loss bookkeeping (Tournament Penalties, Game Loss): the number of the last game a Game Loss
    # decided and whose penalty it was, so a second Game Loss "during the same game" makes both lose it.
    penalty_game_no = models.PositiveSmallIntegerField(default=0)
    penalty_game_loser = models.CharField(max_length=4, blank=True, help_text="a, b or both")
    games_lost_by_both = models.PositiveSmallIntegerField(default=0)

    class Meta:
        ordering = ["round", "table", "id"]
        verbose_name_plural = "matches"

    def __str__(self) -> str:
        b = self.player_b.name if self.player_b_id else "bye"
        return f"table {self.table}: {self.player_a.name} vs {b}"

    @property
    def ends_at(self) -> datetime | None:
        if self.round.ends_at is None:
            return None
        return self.round.ends_at + timedelta(seconds=self.extra_seconds)

    @property
    def is_bye(self) -> bool:
        return self.player_b_id is None

    def side_of(self, registration_id: int) -> str | None:
        if registration_id == self.player_a_id:
            return "a"
        if registration_id == self.player_b_id:
            return "b"
        return None

    def registration_of(self, side: str) -> Registration | None:
        return self.player_a if side == "a" else self.player_b

    @property
    def winner(self) -> Registration | None:
        if self.result in ("a", "bye"):
            return self.player_a
        if self.result == "b":
            return self.player_b
        return None


class Penalty(models.Model):
    """Tournament Penalties: Procedural Error, Game Warning, Game Loss, Disqualification."""

    class Kind(models.TextChoices):
        PROCEDURAL_ERROR = "procedural_error", "Procedural Error"
        GAME_WARNING = "game_warning", "Game Warning"
        GAME_LOSS = "game_loss", "Game Loss"
        DISQUALIFICATION = "disqualification", "Disqualification"

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="penalties")
    registration = models.ForeignKey(Registration, on_delete=models.CASCADE, related_name="penalties")
    match = models.ForeignKey(Match, on_delete=models.SET_NULL, null=True, blank=True, related_name="penalties")
    round_number = models.PositiveIntegerField(null=True, blank=True)
    kind = models.CharField(max_length=20, choices=Kind.choices)
    infraction = models.CharField(max_length=100)
    note = models.TextField(blank=True)
    escalated = models.BooleanField(default=False, help_text="A second Game Warning for the same infraction")
    applied = models.CharField(max_length=200, blank=True, help_text="What the penalty did to the match")
    decklist_id = models.BigIntegerField(null=True, blank=True, help_text="Deck-list penalties: one per decklist")
    issued_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["created_at", "id"]
        verbose_name_plural = "penalties"
        constraints = [
            # Deck Lists: "A deck list penalty should only be issued and corrected once per decklist".
            models.UniqueConstraint(
                fields=["event", "decklist_id"], condition=models.Q(decklist_id__isnull=False),
                name="one_penalty_per_decklist",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.get_kind_display()} ({self.infraction}) to {self.registration}"


class Appeal(StatusPipeline):
    """A player appeals a floor judge's ruling; the head judge's decision is final (Judges)."""

    class Status(models.TextChoices):
        OPEN = "open"
        UPHELD = "upheld", "ruling upheld"
        OVERTURNED = "overturned", "ruling overturned"

    TRANSITIONS = {"open": {"upheld", "overturned"}, "upheld": set(), "overturned": set()}

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="appeals")
    registration = models.ForeignKey(Registration, on_delete=models.CASCADE, related_name="appeals")
    match = models.ForeignKey(Match, on_delete=models.SET_NULL, null=True, blank=True, related_name="appeals")
    floor_judge = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+")
    ruling = models.TextField(help_text="The floor judge's ruling being appealed")
    reason = models.TextField(blank=True)
    status = models.CharField(max_length=12, choices=Status.choices, default=Status.OPEN)
    decision = models.TextField(blank=True)
    decided_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+")
    decided_at = models.DateTimeField(null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)


class Deadline(models.Model):
    """A moment the server must act at, stored so a restart loses nothing.

    Scheduled with Celery at ``due_at``; the periodic sweep processes any that passed while no worker
    ran. ``processed_at`` is claimed with a compare-and-set, so each deadline acts exactly once.
    """

    class Kind(models.TextChoices):
        MATCH_TIME = "match_time", "match time is up"
        TARDINESS = "tardiness", "tardiness grace period over"
        END_OF_MATCH_CAP = "eom_cap", "end-of-match procedure limit"

    kind = models.CharField(max_length=20, choices=Kind.choices)
    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="deadlines")
    target_id = models.BigIntegerField(help_text="Match id (match time, eom cap) or round id (tardiness)")
    due_at = models.DateTimeField(db_index=True)
    processed_at = models.DateTimeField(null=True, blank=True, db_index=True)
    outcome = models.CharField(max_length=300, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["due_at", "id"]
        constraints = [models.UniqueConstraint(fields=["kind", "target_id"], name="one_deadline_per_kind_target")]

    def __str__(self) -> str:
        return f"{self.get_kind_display()} #{self.target_id} at {self.due_at:%H:%M:%S}"


class AuditEntry(models.Model):
    """Who changed what and why: result corrections, re-pairings, penalties, appeals (what-users-need 1)."""

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="audit")
    actor = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+")
    action = models.CharField(max_length=50)
    target = models.CharField(max_length=200, blank=True)
    reason = models.TextField(blank=True)
    data = models.JSONField(default=dict, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["created_at", "id"]
        verbose_name_plural = "audit entries"
