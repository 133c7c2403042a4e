from django.contrib import admin

from decks.models import BoostedSide, Card, CardAlias, CardSet, Format, Game


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


@admin.register(Format)
class FormatAdmin(admin.ModelAdmin):
    list_display = ["slug", "name", "game", "all_released_sets_legal"]
    filter_horizontal = ["legal_sets"]
