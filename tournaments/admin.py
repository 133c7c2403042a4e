from django.contrib import admin

from tournaments.models import (
    Appeal,
    AuditEntry,
    Deadline,
    Event,
    EventRole,
    Match,
    OrganiserRequest,
    Penalty,
    PlayerProfile,
    Qualification,
    Registration,
    Round,
    Suspension,
    TimerPreset,
)


class WithDeletedAdmin(admin.ModelAdmin):
    """Site staff see soft-deleted rows too (``deleted_at`` set), to restore or inspect them."""

    def get_queryset(self, request):
        return self.model.all_objects.get_queryset()


class EventRoleInline(admin.TabularInline):
    model = EventRole
    extra = 0


@admin.register(Event)
class EventAdmin(WithDeletedAdmin):
    list_display = ["name", "game", "format", "tier", "status", "starts_at", "deleted_at"]
    list_filter = ["game", "tier", "status", ("deleted_at", admin.EmptyFieldListFilter)]
    prepopulated_fields = {"slug": ["name"]}
    inlines = [EventRoleInline]


@admin.register(Suspension)
class SuspensionAdmin(admin.ModelAdmin):
    """The global suspension list (Player Eligibility)."""

    list_display = ["user", "reason", "until", "created_at"]
    search_fields = ["user__username", "reason"]


@admin.register(Registration)
class RegistrationAdmin(WithDeletedAdmin):
    list_display = ["player", "event", "status", "late_missed_rounds", "late_policy", "deleted_at"]
    list_filter = ["status", "event", ("deleted_at", admin.EmptyFieldListFilter)]


@admin.register(Round)
class RoundAdmin(WithDeletedAdmin):
    list_display = ["event", "number", "kind", "status", "starts_at", "ends_at", "deleted_at"]


@admin.register(Match)
class MatchAdmin(admin.ModelAdmin):
    list_display = ["__str__", "round", "status", "result", "result_source"]
    list_filter = ["status", "round__event"]


@admin.register(Penalty)
class PenaltyAdmin(admin.ModelAdmin):
    list_display = ["registration", "event", "kind", "infraction", "round_number", "escalated"]
    list_filter = ["kind", "event"]


admin.site.register(Qualification)
admin.site.register(Appeal)


@admin.register(Deadline)
class DeadlineAdmin(admin.ModelAdmin):
    list_display = ["kind", "target_id", "event", "due_at", "processed_at", "outcome"]
    list_filter = ["kind", "processed_at"]


@admin.register(AuditEntry)
class AuditEntryAdmin(admin.ModelAdmin):
    list_display = ["created_at", "event", "actor", "action", "target", "reason"]
    list_filter = ["action", "event"]


@admin.register(PlayerProfile)
class PlayerProfileAdmin(admin.ModelAdmin):
    list_display = ["user", "display_name"]
    search_fields = ["user__username", "display_name"]


@admin.register(TimerPreset)
class TimerPresetAdmin(admin.ModelAdmin):
    list_display = ["name", "owner", "created_at"]


@admin.register(OrganiserRequest)
class OrganiserRequestAdmin(admin.ModelAdmin):
    """Who may create events: approving adds the user to the "Organisers" group."""

    list_display = ["user", "about", "created_at", "approved", "decided_at"]
    list_filter = ["approved"]
    actions = ["approve", "refuse"]

    @admin.action(description="Approve: the users may create events")
    def approve(self, request, queryset):
        from tournaments import services

        for req in queryset:
            services.organiser_request_decide(request=req, by=request.user, approve=True)

    @admin.action(description="Refuse")
    def refuse(self, request, queryset):
        from tournaments import services

        for req in queryset:
            services.organiser_request_decide(request=req, by=request.user, approve=False)
