from django.contrib import admin

from decks.models import (
    BanlistEntry, BoostedSide, Card, CardAlias, CardPool, CardPoolEntry, CardSet, DeckCheck, Decklist,
    DecklistAuditEntry, DecklistChangeRequest, DecklistPublication, DecklistVersion, Format, Game,
)


@admin.register(Game)
class GameAdmin(admin.ModelAdmin):
    list_display = ["slug", "name"]


@admin.register(CardSet)
class CardSetAdmin(admin.ModelAdmin):
    list_display = ["code", "name", "game", "release_date", "block", "supplemental", "demo"]
    list_filter = ["game", "supplemental", "block"]


class BoostedInline(admin.StackedInline):
    model = BoostedSide
    extra = 0


@admin.register(Card)
class CardAdmin(admin.ModelAdmin):
    list_display = ["number", "title", "subtitle", "type", "card_set", "rarity"]
    list_filter = ["game", "type", "card_set"]
    search_fields = ["title", "subtitle", "number", "guid"]
    inlines = [BoostedInline]


@admin.register(CardAlias)
class CardAliasAdmin(admin.ModelAdmin):
    list_display = ["number", "name", "card", "guid"]


class BanlistEntryInline(admin.TabularInline):
    """Organisers add dated bans here: a card is banned in events on or after ``effective``."""

    model = BanlistEntry
    extra = 1
    autocomplete_fields = ["card"]


@admin.register(Format)
class FormatAdmin(admin.ModelAdmin):
    list_display = ["slug", "name", "game", "all_released_sets_legal", "banlist_from", "legal_set_codes"]
    list_filter = ["game", "all_released_sets_legal"]
    search_fields = ["slug", "name"]
    prepopulated_fields = {"slug": ["name"]}
    filter_horizontal = ["legal_sets"]
    inlines = [BanlistEntryInline]
    fieldsets = [
        (None, {"fields": ["game", "name", "slug", "description"]}),
        ("Legal cards", {"fields": ["all_released_sets_legal", "legal_sets", "banlist_from"],
                         "description": "Either every product released by the event's date, or the chosen sets "
                                        "(released by the event's date). Bans of the 'banlist from' format also apply."}),
        ("Deck construction", {"fields": ["rules"], "description": (
            'JSON, e.g. MLP {"mane": {"exactly": 1}, "draw_deck": {"min": 45, "max_copies": 3}, '
            '"problem_deck": {"exactly": 10, "max_copies": 2}}; Neopets {"neopet_deck": {"min": 3, "max": 5}, '
            '"rainbow_pool": {"max": 15, "max_neopets": 10}, "main_deck": {"exactly": 50, "max_copies": 2}}. '
            "See decks/formats.py.")}),
    ]

    @admin.display(description="legal sets")
    def legal_set_codes(self, obj: Format) -> str:
        return "all released" if obj.all_released_sets_legal else ", ".join(s.code for s in obj.legal_sets.all())


@admin.register(BanlistEntry)
class BanlistEntryAdmin(admin.ModelAdmin):
    list_display = ["card", "format", "effective", "note"]
    list_filter = ["format"]
    autocomplete_fields = ["card"]
    search_fields = ["card__title", "card__subtitle", "card__number"]


class CardPoolEntryInline(admin.TabularInline):
    model = CardPoolEntry
    extra = 0
    autocomplete_fields = ["card"]


@admin.register(CardPool)
class CardPoolAdmin(admin.ModelAdmin):
    list_display = ["event", "player", "updated_at"]
    list_filter = ["event"]
    search_fields = ["player__username", "event__name"]
    inlines = [CardPoolEntryInline]


class DecklistVersionInline(admin.TabularInline):
    model = DecklistVersion
    extra = 0
    fields = ["number", "kind", "legal", "penalty_class", "submitted_by", "submitted_at", "reason", "approved_by"]
    readonly_fields = fields
    can_delete = False
    show_change_link = True


class DecklistAuditInline(admin.TabularInline):
    model = DecklistAuditEntry
    extra = 0
    fields = ["at", "actor", "action", "note", "version"]
    readonly_fields = fields
    can_delete = False


@admin.register(Decklist)
class DecklistAdmin(admin.ModelAdmin):
    """Read-mostly: lists change through the services (deadline, head judge approval), never here."""

    list_display = ["event", "player", "current", "updated_at"]
    list_filter = ["event"]
    search_fields = ["player__username", "event__name"]
    readonly_fields = ["event", "player", "current", "created_at", "updated_at"]
    inlines = [DecklistVersionInline, DecklistAuditInline]


@admin.register(DecklistVersion)
class DecklistVersionAdmin(admin.ModelAdmin):
    list_display = ["decklist", "number", "kind", "legal", "penalty_class", "submitted_by", "submitted_at"]
    list_filter = ["kind", "legal", "penalty_class"]
    readonly_fields = [f.name for f in DecklistVersion._meta.fields]


@admin.register(DecklistChangeRequest)
class DecklistChangeRequestAdmin(admin.ModelAdmin):
    list_display = ["decklist", "status", "requested_by", "requested_at", "decided_by", "decided_at"]
    list_filter = ["status"]
    readonly_fields = [f.name for f in DecklistChangeRequest._meta.fields]


@admin.register(DeckCheck)
class DeckCheckAdmin(admin.ModelAdmin):
    list_display = ["decklist", "round_number", "outcome", "penalty_class", "judge", "checked_at"]
    list_filter = ["outcome", "penalty_class"]
    readonly_fields = [f.name for f in DeckCheck._meta.fields]


@admin.register(DecklistPublication)
class DecklistPublicationAdmin(admin.ModelAdmin):
    list_display = ["event", "published_by", "published_at"]
