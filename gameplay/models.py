"""Hosted online matches: engine-backed games between two seats, their append-only action logs,
state snapshots, decision deadlines and judge calls.

A game is always rebuildable from its engine, seed, the seats' deck snapshots and its action log
(the engine's ``replay``); ``GameSnapshot`` rows (``State.to_json`` every ``SNAPSHOT_EVERY``
actions) bound how many actions a load replays. Statuses change only through ``set_status()``
(``StatusPipeline``), which refuses anything the pipeline does not declare.
"""
from __future__ import annotations

from django.conf import settings
from django.db import models

from tournaments.models import StatusPipeline

#: a snapshot of the state is stored every this many actions, so loading replays at most this many
SNAPSHOT_EVERY = 8


class HostedMatch(StatusPipeline):
    """One match played on the server: two seats, best of N games, maybe a tournament match."""

    class Status(models.TextChoices):
        WAITING = "waiting", "waiting for players"
        SETUP = "setup", "setting up a game"
        PLAYING = "playing"
        TIME_CALLED = "time_called", "time called"
        FINISHED = "finished"
        ABANDONED = "abandoned"
        CORRECTED = "corrected", "corrected by a judge"

    TRANSITIONS = {
        "waiting": {"setup", "abandoned"},
        "setup": {"playing", "time_called", "finished", "abandoned"},
        "playing": {"setup", "time_called", "finished", "abandoned"},  # setup: the match's next game
        "time_called": {"setup", "finished", "abandoned"},  # elimination: another game (End of Match Procedures)
        "finished": {"corrected"},
        "abandoned": {"corrected"},
        "corrected": set(),
    }
    LIVE = ("waiting", "setup", "playing", "time_called")

    engine = models.CharField(max_length=20, default="mlp", help_text="Engine registry name (gameplay.engines)")
    engine_version = models.CharField(max_length=40, help_text="The engine build that plays this match")
    seed = models.BigIntegerField(help_text="Seeds every game of the match")
    status = models.CharField(max_length=12, choices=Status.choices, default=Status.WAITING)
    best_of = models.PositiveSmallIntegerField(default=1)
    games_won = models.JSONField(default=list, help_text="[seat 0, seat 1]")
    tournament_match = models.OneToOneField(
        "tournaments.Match", on_delete=models.SET_NULL, null=True, blank=True, related_name="hosted"
    )
    decision_seconds = models.PositiveIntegerField(default=120, help_text="Time a player has for one decision")
    grace_seconds = models.PositiveIntegerField(default=45, help_text="Disconnect grace period")
    featured = models.BooleanField(default=False, help_text="A featured table: spectators may watch it (the event's spectating policy)")
    winner_seat = models.SmallIntegerField(null=True, blank=True)
    result_reason = models.CharField(max_length=200, blank=True)
    created_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+")
    created_at = models.DateTimeField(auto_now_add=True)
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at", "-id"]
        verbose_name_plural = "hosted matches"

    def __str__(self) -> str:
        return f"online match {self.pk}"

    @property
    def wins_needed(self) -> int:
        return self.best_of // 2 + 1


class HostedSeat(models.Model):
    """One side of a hosted match: a user (casual), a registration (event) or a bot, and the deck it plays."""

    match = models.ForeignKey(HostedMatch, on_delete=models.CASCADE, related_name="seats")
    index = models.PositiveSmallIntegerField()
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, null=True, blank=True, related_name="hosted_seats")
    registration = models.ForeignKey("tournaments.Registration", on_delete=models.PROTECT, null=True, blank=True, related_name="+")
    bot_policy = models.CharField(max_length=20, blank=True, help_text="Non-empty: the server plays this seat")
    name = models.CharField(max_length=150)
    deck = models.JSONField(help_text="The deck snapshot this seat plays (engine form)")
    deck_source = models.CharField(max_length=200, blank=True, help_text="Where the deck came from")
    connections = models.IntegerField(default=0, help_text="Open websockets of this seat's player")
    disconnected_at = models.DateTimeField(null=True, blank=True)
    timeouts = models.PositiveIntegerField(default=0, help_text="Decisions the server made for this seat")

    class Meta:
        ordering = ["match", "index"]
        constraints = [models.UniqueConstraint(fields=["match", "index"], name="one_seat_per_index")]

    def __str__(self) -> str:
        return f"seat {self.index} of {self.match}: {self.name}"

    @property
    def is_bot(self) -> bool:
        return bool(self.bot_policy)


class HostedGame(StatusPipeline):
    """One game of a hosted match. ``seq`` is the number of actions applied; ``epoch`` changes when a
    judge rolls the game back, so a state cached for (epoch, seq) is never a stale branch."""

    class Status(models.TextChoices):
        SETUP = "setup", "pre-game"
        PLAYING = "playing"
        TIME_CALLED = "time_called", "time called"
        FINISHED = "finished"
        ABANDONED = "abandoned"

    TRANSITIONS = {
        "setup": {"playing", "time_called", "finished", "abandoned"},
        "playing": {"time_called", "finished", "abandoned"},
        "time_called": {"finished", "abandoned"},
        "finished": set(),
        "abandoned": set(),
    }
    LIVE = ("setup", "playing", "time_called")

    match = models.ForeignKey(HostedMatch, on_delete=models.CASCADE, related_name="games")
    number = models.PositiveSmallIntegerField()
    seed = models.BigIntegerField()
    first_player = models.SmallIntegerField(null=True, blank=True)
    status = models.CharField(max_length=12, choices=Status.choices, default=Status.SETUP)
    seq = models.PositiveIntegerField(default=0)
    epoch = models.PositiveIntegerField(default=0)
    outcome = models.JSONField(null=True, blank=True, help_text="{winner, reason, draw} once over")
    result_kind = models.CharField(max_length=20, blank=True, help_text="points, concede, time_called, game_loss, ...")
    paused = models.BooleanField(default=False)
    paused_remaining = models.FloatField(null=True, blank=True, help_text="Seconds left on the decision clock when paused")
    created_at = models.DateTimeField(auto_now_add=True)
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["match", "number"]
        constraints = [models.UniqueConstraint(fields=["match", "number"], name="one_game_per_number")]

    def __str__(self) -> str:
        return f"game {self.number} of {self.match}"


class GameSnapshot(models.Model):
    """``State.to_json`` after ``seq`` actions (0: the initial state)."""

    game = models.ForeignKey(HostedGame, on_delete=models.CASCADE, related_name="snapshots")
    seq = models.PositiveIntegerField()
    epoch = models.PositiveIntegerField(default=0)
    state = models.TextField()

    class Meta:
        ordering = ["game", "-seq"]
        constraints = [models.UniqueConstraint(fields=["game", "epoch", "seq"], name="one_snapshot_per_seq")]


class GameAction(models.Model):
    """One applied action, append-only. A judge's rollback voids the actions after the chosen one
    (kept, with the reason, for appeals); live rows have unique sequence numbers."""

    class Source(models.TextChoices):
        PLAYER = "player"
        BOT = "bot"
        TIMEOUT = "timeout", "decision time ran out"
        JUDGE = "judge"
        SERVER = "server", "tournament clock"

    game = models.ForeignKey(HostedGame, on_delete=models.CASCADE, related_name="actions")
    seq = models.PositiveIntegerField(help_text="1 for the first action of the game")
    actor = models.SmallIntegerField(help_text="Seat, or -1 for the tournament / a judge")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+")
    source = models.CharField(max_length=10, choices=Source.choices, default=Source.PLAYER)
    action = models.JSONField()
    events = models.JSONField(default=list, help_text="What the engine reported (filtered per viewer when shown)")
    created_at = models.DateTimeField(auto_now_add=True)
    voided_at = models.DateTimeField(null=True, blank=True)
    voided_reason = models.CharField(max_length=300, blank=True)

    class Meta:
        ordering = ["game", "seq", "id"]
        constraints = [
            models.UniqueConstraint(fields=["game", "seq"], condition=models.Q(voided_at__isnull=True), name="one_live_action_per_seq"),
        ]


class GameDeadline(models.Model):
    """When the server decides for the seat to move (decision timer / disconnect grace). One row per
    game, moved after every action; claimed with a compare-and-set on ``processed_at``, checked against
    ``seq`` and ``epoch`` so a deadline for an old position never acts."""

    game = models.OneToOneField(HostedGame, on_delete=models.CASCADE, related_name="deadline")
    seat = models.SmallIntegerField()
    seq = models.PositiveIntegerField()
    epoch = models.PositiveIntegerField(default=0)
    due_at = models.DateTimeField(db_index=True)
    processed_at = models.DateTimeField(null=True, blank=True, db_index=True)
    outcome = models.CharField(max_length=200, blank=True)


class JudgeCall(models.Model):
    """A player calls a judge from their table; the judge console shows it until answered."""

    game = models.ForeignKey(HostedGame, on_delete=models.CASCADE, related_name="judge_calls")
    seat = models.SmallIntegerField(null=True, blank=True)
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+")
    message = models.CharField(max_length=500, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    answered_at = models.DateTimeField(null=True, blank=True)
    answered_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+")

    class Meta:
        ordering = ["created_at", "id"]


class EventDeck(models.Model):
    """The deck a player plays in every online game of an event: their registered, validated decklist,
    snapshotted when registration locks (the event starts), so nobody plays another deck (and no deck
    check is needed online)."""

    event = models.ForeignKey("tournaments.Event", on_delete=models.CASCADE, related_name="online_decks")
    registration = models.OneToOneField("tournaments.Registration", on_delete=models.CASCADE, related_name="online_deck")
    deck = models.JSONField(help_text="Engine form")
    decklist_version_id = models.BigIntegerField(null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    def __str__(self) -> str:
        return f"online deck of {self.registration}"


class OnlineEventSettings(models.Model):
    """An online event's clocks for its hosted games, who may watch its tables, and whether its replays
    are published. An event without a row has the defaults."""

    class Spectators(models.TextChoices):
        OFF = "off", "spectating off"
        JUDGES = "judges", "judges and the organiser only"
        FEATURED = "featured", "featured tables, for everyone logged in"
        ALL = "all", "every table, for everyone logged in"

    event = models.OneToOneField("tournaments.Event", on_delete=models.CASCADE, related_name="online_settings")
    decision_seconds = models.PositiveIntegerField(default=120, help_text="Time a player has for one decision")
    grace_seconds = models.PositiveIntegerField(default=45, help_text="Disconnect grace period")
    spectators = models.CharField(max_length=10, choices=Spectators.choices, default=Spectators.FEATURED,
                                  help_text="Who may watch a table in the spectator view (judges always open tables in the judge view)")
    scouting_allowed = models.BooleanField(
        default=False, help_text="Players still playing a round may watch other tables of that round")
    replays_published_at = models.DateTimeField(
        null=True, blank=True, help_text="Since then anyone may watch the replays of the event's games; empty = private")
    replays_published_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+")

    @property
    def replays_published(self) -> bool:
        return self.replays_published_at is not None
