"""The platform itself as an app: one ``migrate`` prepares every database the embedded mode uses."""
from __future__ import annotations

from django.apps import AppConfig
from django.conf import settings
from django.db import DEFAULT_DB_ALIAS
from django.db.models.signals import post_migrate

CHANNELS_DB = "channels"  # the embedded channel layer's own SQLite file (settings: channels-lite)


def migrate_channel_layer_db(*, using: str = DEFAULT_DB_ALIAS, verbosity: int = 1, plan=None, **kwargs) -> None:
    """After ``migrate`` on the main database, migrate the channel layer's database too, so a plain
    ``manage.py migrate`` leaves nothing for broadcasts to trip over. No-op in Redis mode (no such database)
    and after ``flush`` (which sends post_migrate too, without a migration plan)."""
    if plan is None or using == CHANNELS_DB or CHANNELS_DB not in settings.DATABASES:
        return
    from django.core.management import call_command

    call_command("migrate", "channels_lite", database=CHANNELS_DB, interactive=False, verbosity=max(verbosity - 1, 0))


class PlatformConfig(AppConfig):
    name = "config"
    label = "platform"
    verbose_name = "Platform"

    def ready(self) -> None:
        from django.apps import apps

        if apps.is_installed("channels_lite"):
            # post_migrate fires once per app with models on every migrate run, whatever the database.
            post_migrate.connect(migrate_channel_layer_db, sender=apps.get_app_config("channels_lite"),
                                 dispatch_uid="platform.migrate_channel_layer_db")
