"""Card catalog: games, sets/products and cards with every gameplay field of the data."""
from __future__ import annotations

import unicodedata

from django.conf import settings
from django.db import models


def fold_name(value: str) -> str:
    """Case-, accent- and punctuation-insensitive form of a card name, for search and matching."""
    value = unicodedata.normalize("NFKD", value)
    value = "".join(c for c in value if not unicodedata.combining(c)).casefold()
    value = value.replace("&", " and ")
    value = "".join(c if c.isalnum() else " " for c in value)
    return " ".join(value.split())


class Game(models.Model):
    MLP = "mlp"
    NEOPETS = "neopets"
    slug = models.SlugField(unique=True)
    name = models.CharField(max_length=100)

    def __str__(self) -> str:
        return self.name


class CardSet(models.Model):
    """A set or product (main expansion, supplemental product, promos, tokens)."""

    game = models.ForeignKey(Game, on_delete=models.PROTECT, related_name="sets")
    code = models.CharField(max_length=12, help_text="Collector-number prefix, e.g. PR, CN, EO")
    name = models.CharField(max_length=100)
    source_name = models.CharField(max_length=100, blank=True, help_text="Name as written in the source data")
    source_guid = models.CharField(max_length=64, blank=True)
    release_date = models.DateField(null=True, blank=True)
    block = models.CharField(max_length=50, blank=True, help_text="e.g. Premiere, Odyssey")
    supplemental = models.BooleanField(default=False, help_text="Supplemental products are not block-legal")
    demo = models.BooleanField(default=False, help_text="Demo data written by the project, not a real product")
    packaging = models.JSONField(
        default=list, blank=True,
        help_text="Boosters as the data defines them: [{name, id, slots: [{pick: {qty, key, value}} | {options: [...]}]}]",
    )

    class Meta:
        constraints = [models.UniqueConstraint(fields=["game", "code"], name="unique_set_code_per_game")]
        ordering = ["game", "release_date", "code"]

    def __str__(self) -> str:
        return self.name


class CardType(models.TextChoices):
    MANE = "Mane Character"
    FRIEND = "Friend"
    EVENT = "Event"
    RESOURCE = "Resource"
    TROUBLEMAKER = "Troublemaker"
    PROBLEM = "Problem"
    # Neopets Battledome
    NEOPET = "Neopet"
    EQUIPMENT = "Equipment"
    PAINT_BRUSH = "Paint Brush"
    LEGEND = "Legend"
    POTION = "Potion"
    FOOD = "Food"
    ITEM = "Item"  # the first demo file's word for Equipment
    ACTION = "Action"  # the first demo file's word for Legend
    LOCATION = "Location"
    FAERIE = "Faerie"
    HERO = "Hero"
    VILLAIN = "Villain"
    PETPET = "Petpet"
    MAP_PIECE = "Map Piece"
    CODESTONE = "Codestone"
    FACTION = "Faction"


class Card(models.Model):
    game = models.ForeignKey(Game, on_delete=models.PROTECT, related_name="cards")
    card_set = models.ForeignKey(CardSet, on_delete=models.PROTECT, related_name="cards")
    # Pinned identity: the OCTGN card GUID (or the import's own id); survives re-imports.
    guid = models.CharField(max_length=64, unique=True)
    number = models.CharField(max_length=20, db_index=True, help_text="Set prefix + collector number, e.g. PR16")
    title = models.CharField(max_length=200)
    subtitle = models.CharField(max_length=200, blank=True)
    type = models.CharField(max_length=30, choices=CardType.choices, db_index=True)
    colors = models.JSONField(default=list, blank=True, help_text="Zero to three colors")
    power = models.IntegerField(null=True, blank=True)
    cost = models.IntegerField(null=True, blank=True)
    play_requirements = models.JSONField(default=list, blank=True, help_text='[{"color": ..., "amount": n}]')
    traits = models.JSONField(default=list, blank=True)
    keywords = models.JSONField(default=list, blank=True)
    text = models.TextField(blank=True)
    rarity = models.CharField(max_length=4, blank=True)
    bonus = models.IntegerField(null=True, blank=True, help_text="Problem bonus, Troublemaker points, Dilemma bonus")
    home_limit = models.IntegerField(null=True, blank=True)
    problem_requirements = models.JSONField(default=list, blank=True, help_text="Owner's confront requirements")
    problem_opponent_power = models.IntegerField(null=True, blank=True)
    # Neopets Battledome fields
    hit_points = models.IntegerField(null=True, blank=True)
    attack = models.IntegerField(null=True, blank=True)
    defence = models.IntegerField(null=True, blank=True)
    agility = models.IntegerField(null=True, blank=True)
    level_requirement = models.IntegerField(null=True, blank=True)
    team_icon = models.CharField(max_length=50, blank=True)
    species = models.CharField(max_length=50, blank=True)
    rainbow_pool = models.BooleanField(default=False, help_text="Neopets: a Rainbow Pool card")
    extra = models.JSONField(default=dict, blank=True)
    search_name = models.CharField(max_length=420, db_index=True, editable=False)

    class Meta:
        ordering = ["card_set__release_date", "card_set__code", "number"]
        indexes = [models.Index(fields=["game", "type"])]

    def __str__(self) -> str:
        return f"{self.full_name} ({self.number})"

    @property
    def full_name(self) -> str:
        """The card's name for copy limits: title and subtitle (101.2)."""
        return f"{self.title}, {self.subtitle}" if self.subtitle else self.title

    @property
    def is_unique(self) -> bool:
        return "Unique" in self.traits

    @property
    def is_starting_problem(self) -> bool:
        return "Starting Problem" in self.keywords

    def save(self, *args, **kwargs):
        self.search_name = fold_name(self.full_name)
        super().save(*args, **kwargs)


class BoostedSide(models.Model):
    """The boosted (back) side of a Mane Character, with its own fields."""

    card = models.OneToOneField(Card, on_delete=models.CASCADE, related_name="boosted")
    title = models.CharField(max_length=200)
    subtitle = models.CharField(max_length=200, blank=True)
    type = models.CharField(max_length=30, choices=CardType.choices)
    colors = models.JSONField(default=list, blank=True)
    power = models.IntegerField(null=True, blank=True)
    traits = models.JSONField(default=list, blank=True)
    keywords = models.JSONField(default=list, blank=True)
    text = models.TextField(blank=True)
    home_limit = models.IntegerField(null=True, blank=True)

    def __str__(self) -> str:
        return f"{self.card} (boosted)"


class CardAlias(models.Model):
    """Another identity for a card: promos that exist only in comments of the data (PRpf1 = PR212)."""

    guid = models.CharField(max_length=64, unique=True)
    number = models.CharField(max_length=20, db_index=True)
    name = models.CharField(max_length=300)
    card = models.ForeignKey(Card, on_delete=models.CASCADE, related_name="aliases")

    def __str__(self) -> str:
        return f"{self.number} -> {self.card.number}"


class Format(models.Model):
    """A format is data: deck-construction rules plus legal sets plus a dated banlist.

    ``rules`` holds the construction rules (copy limits, deck sizes) read by ``decks.validation``.
    """

    game = models.ForeignKey(Game, on_delete=models.PROTECT, related_name="formats")
    slug = models.SlugField(unique=True)
    name = models.CharField(max_length=100)
    description = models.TextField(blank=True)
    rules = models.JSONField(default=dict, blank=True)
    legal_sets = models.ManyToManyField(CardSet, blank=True, related_name="formats")
    all_released_sets_legal = models.BooleanField(
        default=False, help_text="Every product released by the event's date is legal (e.g. Harmony)"
    )
    banlist_from = models.ForeignKey(
        "self", on_delete=models.SET_NULL, null=True, blank=True, related_name="banlist_users",
        help_text="Also apply this format's banlist (block formats use the Harmony banlist)",
    )

    def __str__(self) -> str:
        return self.name


# ---------------------------------------------------------------------------------------------
# Decklists (issue 3): banlists, limited pools, submitted lists with their audit trail, deck checks.


class BanlistEntry(models.Model):
    """A card banned in a format from ``effective`` on (floor rules, "Format Legality")."""

    format = models.ForeignKey(Format, on_delete=models.CASCADE, related_name="banlist")
    card = models.ForeignKey(Card, on_delete=models.CASCADE, related_name="bans")
    effective = models.DateField(help_text="The card is banned in events on or after this date")
    note = models.CharField(max_length=200, blank=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["format", "card"], name="unique_ban_per_format")]
        ordering = ["effective", "card__number"]
        verbose_name_plural = "banlist entries"

    def __str__(self) -> str:
        return f"{self.card} banned in {self.format} from {self.effective}"


class CardPool(models.Model):
    """A player's sealed or draft pool for one event (Limited Play): the cards a limited deck is built from."""

    event = models.ForeignKey("tournaments.Event", on_delete=models.CASCADE, related_name="card_pools")
    player = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="card_pools")
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["event", "player"], name="unique_pool_per_player_event")]

    def __str__(self) -> str:
        return f"pool of {self.player} at {self.event}"


class CardPoolEntry(models.Model):
    pool = models.ForeignKey(CardPool, on_delete=models.CASCADE, related_name="entries")
    card = models.ForeignKey(Card, on_delete=models.PROTECT, related_name="+")
    qty = models.PositiveIntegerField(default=1)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["pool", "card"], name="unique_card_per_pool")]


class Decklist(models.Model):
    """A player's decklist for one event, keyed by (event, player). Every version is kept."""

    event = models.ForeignKey("tournaments.Event", on_delete=models.CASCADE, related_name="decklists")
    player = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="decklists")
    current = models.ForeignKey(
        "DecklistVersion", on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["event", "player"], name="unique_decklist_per_player_event")]
        ordering = ["event", "player__username"]

    def __str__(self) -> str:
        return f"decklist of {self.player} at {self.event}"


class PenaltyClass(models.TextChoices):
    GAME_WARNING = "game_warning", "Game Warning"
    GAME_LOSS = "game_loss", "Game Loss"


class DecklistVersion(models.Model):
    """One submitted version of a decklist: what was sent, how it resolved and who sent it, when and why."""

    class Kind(models.TextChoices):
        SUBMITTED = "submitted"
        REPLACED = "replaced", "replaced before the deadline"
        APPROVED_CHANGE = "approved_change", "change approved by the head judge"

    decklist = models.ForeignKey(Decklist, on_delete=models.CASCADE, related_name="versions")
    number = models.PositiveIntegerField()
    kind = models.CharField(max_length=20, choices=Kind.choices)
    source_kind = models.CharField(max_length=10, help_text="text, o8d or json")
    source = models.TextField(help_text="What the player sent (text or the .o8d XML, JSON as text)")
    entries = models.JSONField(default=list, help_text="Resolved lines: card guid, qty, zone, status")
    report = models.JSONField(default=dict, help_text="The validation report at submission")
    legal = models.BooleanField(default=False)
    penalty_class = models.CharField(max_length=20, choices=PenaltyClass.choices, blank=True)
    submitted_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+")
    submitted_at = models.DateTimeField(auto_now_add=True)
    reason = models.TextField(blank=True)
    approved_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, null=True, blank=True, related_name="+"
    )

    class Meta:
        constraints = [models.UniqueConstraint(fields=["decklist", "number"], name="unique_decklist_version")]
        ordering = ["decklist", "number"]

    def __str__(self) -> str:
        return f"{self.decklist} v{self.number}"


class DecklistChangeRequest(models.Model):
    """After the deadline a change needs the head judge's approval, before the event starts (Tier 2/3 "Deck Lists")."""

    class Status(models.TextChoices):
        PENDING = "pending"
        APPROVED = "approved"
        REJECTED = "rejected"

    decklist = models.ForeignKey(Decklist, on_delete=models.CASCADE, related_name="change_requests")
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.PENDING)
    source_kind = models.CharField(max_length=10)
    source = models.TextField()
    entries = models.JSONField(default=list)
    report = models.JSONField(default=dict)
    reason = models.TextField()
    requested_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+")
    requested_at = models.DateTimeField(auto_now_add=True)
    decided_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, null=True, blank=True, related_name="+"
    )
    decided_at = models.DateTimeField(null=True, blank=True)
    decision_note = models.TextField(blank=True)
    version = models.OneToOneField(
        DecklistVersion, on_delete=models.SET_NULL, null=True, blank=True, related_name="change_request"
    )

    class Meta:
        ordering = ["-requested_at"]
        constraints = [
            models.UniqueConstraint(
                fields=["decklist"], condition=models.Q(status="pending"), name="one_pending_change_per_decklist"
            )
        ]


class DecklistAuditEntry(models.Model):
    """Who did what to a decklist, when and why: submissions, changes, approvals, publication, deck checks."""

    decklist = models.ForeignKey(Decklist, on_delete=models.CASCADE, related_name="audit")
    actor = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+")
    action = models.CharField(max_length=40)
    at = models.DateTimeField(auto_now_add=True)
    note = models.TextField(blank=True)
    version = models.ForeignKey(DecklistVersion, on_delete=models.SET_NULL, null=True, blank=True, related_name="+")

    class Meta:
        ordering = ["at", "id"]
        verbose_name_plural = "decklist audit entries"


class DecklistPublication(models.Model):
    """The organiser published the event's decklists (open decklists): from now on anyone may read them."""

    event = models.OneToOneField("tournaments.Event", on_delete=models.CASCADE, related_name="decklist_publication")
    published_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+")
    published_at = models.DateTimeField(auto_now_add=True)


class DeckCheck(models.Model):
    """A judge's check of a player's deck against the registered list (Tier 2/3 "Deck Checks")."""

    class Outcome(models.TextChoices):
        MATCHES = "matches"
        DISCREPANCY = "discrepancy"

    decklist = models.ForeignKey(Decklist, on_delete=models.CASCADE, related_name="deck_checks")
    version = models.ForeignKey(DecklistVersion, on_delete=models.PROTECT, related_name="+")
    judge = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+")
    checked_at = models.DateTimeField(auto_now_add=True)
    round_number = models.PositiveIntegerField(null=True, blank=True)
    outcome = models.CharField(max_length=20, choices=Outcome.choices)
    note = models.TextField(blank=True)
    # None when the deck matches; "game_warning" / "game_loss" for a discrepancy (floor rules, Deck Lists)
    penalty_class = models.CharField(max_length=20, choices=PenaltyClass.choices, null=True, blank=True, default=None)

    class Meta:
        ordering = ["-checked_at"]
