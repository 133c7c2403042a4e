from django.contrib import admin

from tournaments.models import Event, EventRole


class EventRoleInline(admin.TabularInline):
    model = EventRole
    extra = 0


@admin.register(Event)
class EventAdmin(admin.ModelAdmin):
    list_display = ["name", "game", "format", "tier", "status", "starts_at"]
    list_filter = ["game", "tier", "status"]
    prepopulated_fields = {"slug": ["name"]}
    inlines = [EventRoleInline]
