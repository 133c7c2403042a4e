"""Card catalog: games, sets/products and cards with every gameplay field of the data."""
from __future__ import annotations

import unicodedata

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
    ITEM = "Item"
    ACTION = "Action"
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

    def __str__(self) -> str:
        return self.name
