from django.apps import AppConfig


class LimitedConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "limited"
    verbose_name = "Limited events (sealed deck, booster draft)"
