from django.apps import AppConfig


class LimitedConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "limited"
    verbose_name = "Limited events (sealed deck, booster draft)"

    def ready(self) -> None:
        from limited.selectors import pod_partition
        from limited.services import limited_start_check
        from tournaments.pairing_adapter import register_partition_provider
        from tournaments.services.events import register_start_check

        # Draft events may pair their first Swiss rounds within each pod (LimitedEvent.pod_rounds).
        register_partition_provider(pod_partition)
        # Round 1 of a sealed or draft event waits for every player's legal deck from their own pool.
        register_start_check(limited_start_check)
