"""The card catalog in the test database: imported once per session from ``../shared/cards`` (and the Neopets
demo set), remembered, and written back with a few bulk inserts when a transactional test (live server,
browser, live worker) flushed the database: a re-import costs ~15-40 s, the restore well under one."""
from __future__ import annotations

#: The catalog's rows as the importers first wrote them: (model, instances), in table order.
_catalog_rows: list[tuple[type, list]] = []


def load_catalog() -> None:
    from django.conf import settings

    from decks.importers import import_mlp_octgn, import_neopets
    from decks.models import Card

    SHARED_CARDS = settings.CARD_DATA_DIR
    NEOPETS_DEMO = settings.BASE_DIR / "decks" / "data" / "neopets-demo.json"

    if _catalog_rows and not any(model.objects.exists() for model, _ in _catalog_rows):  # flushed
        _restore_catalog()
        return
    if not Card.objects.filter(game__slug="mlp").exists():
        import_mlp_octgn(SHARED_CARDS)
    if NEOPETS_DEMO.exists() and not Card.objects.filter(game__slug="neopets").exists():
        import_neopets(NEOPETS_DEMO)


def _catalog_models() -> list[type]:
    """The decks app's tables the importers fill (cards, sets, aliases, formats and their banlists)."""
    from django.apps import apps

    return [m for m in apps.get_app_config("decks").get_models(include_auto_created=True) if m.objects.exists()]


def remember_catalog() -> None:
    _catalog_rows[:] = [(m, list(m.objects.order_by("pk"))) for m in _catalog_models()]


def _restore_catalog() -> None:
    """Write the remembered rows back with their own primary keys, then move each table's id sequence past
    them (PostgreSQL), as a fresh import would leave the database."""
    from django.core.management.color import no_style
    from django.db import connection, transaction

    with transaction.atomic():
        for model, rows in _catalog_rows:
            model.objects.bulk_create(rows, batch_size=500)
        statements = connection.ops.sequence_reset_sql(no_style(), [m for m, _ in _catalog_rows])
        if statements:
            with connection.cursor() as cursor:
                for sql in statements:
                    cursor.execute(sql)
    # bulk_create sends no post_save: clear the in-process card index (and the caches hooked to it) as the
    # importers' saves would have, so no test reads an index built from another test's cards.
    from decks.card_index import card_index_clear

    card_index_clear()
