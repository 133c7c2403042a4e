from django.apps import AppConfig


class GameplayConfig(AppConfig):
    name = "gameplay"
    verbose_name = "Online gameplay"

    def ready(self) -> None:
        from gameplay import hooks

        hooks.connect()
