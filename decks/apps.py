from django.apps import AppConfig


class DecksConfig(AppConfig):
    name = "decks"
    verbose_name = "Decks and card catalog"

    def ready(self) -> None:
        from decks import card_index  # noqa: F401 - connects the signals that keep the card index fresh
