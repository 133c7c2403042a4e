"""python manage.py validate_deck --format SLUG [--date YYYY-MM-DD] [--pool POOLFILE] FILE [--json]

``--pool`` (limited formats): the player's sealed/draft pool as a list in the same formats as a deck
(plain text "2 PR16" lines, .o8d or JSON); the deck is checked against it.

Exit status: 0 legal deck, 1 illegal deck, 2 bad input or unknown format.
"""
from __future__ import annotations

import datetime as dt
import json
import sys

from django.core.management.base import BaseCommand
from django.utils import timezone

from decks.deckparse import MAX_DECK_BYTES, DeckInputError
from decks.validation import FormatSpec, UnknownFormat, validate_deck_input


class Command(BaseCommand):
    help = "Validate a decklist (plain text, .o8d or JSON; '-' reads stdin) against a format on a date."

    def add_arguments(self, parser):
        parser.add_argument("file")
        parser.add_argument("--format", required=True, dest="format_slug", help="format slug, e.g. mlp-harmony")
        parser.add_argument("--date", help="the event's date (YYYY-MM-DD); default today")
        parser.add_argument("--json", action="store_true", help="print the report as JSON")
        parser.add_argument("--pool", help="limited formats: the player's pool (a card list file)")

    def fail(self, message: str) -> None:
        self.stderr.write(f"error: {message}")
        sys.exit(2)

    def handle(self, *args, file: str, format_slug: str, date: str | None, **opts):
        try:
            on = dt.date.fromisoformat(date) if date else timezone.localdate()
        except ValueError:
            self.fail(f"--date {date!r} is not a date (YYYY-MM-DD)")
        try:
            spec = FormatSpec.load(format_slug)
        except UnknownFormat as exc:
            self.fail(str(exc).strip("'\""))
        try:
            if file == "-":
                data = sys.stdin.buffer.read(MAX_DECK_BYTES + 1)
            else:
                with open(file, "rb") as fh:
                    data = fh.read(MAX_DECK_BYTES + 1)
        except OSError as exc:
            self.fail(f"can't read {file}: {exc.strerror}")
        pool = self.read_pool(opts.get("pool"), spec) if opts.get("pool") else None
        try:
            report = validate_deck_input(data=data, fmt=spec, on=on, pool=pool)
        except (DeckInputError, UnknownFormat) as exc:
            self.fail(str(exc).strip("'\""))
        self.stdout.write(json.dumps(report.as_dict(), indent=2, ensure_ascii=False) if opts["json"] else report.render_text())
        sys.exit(0 if report.legal else 1)

    def read_pool(self, path: str, spec: FormatSpec) -> dict[str, int]:
        from decks.card_index import card_index
        from decks.deckparse import parse_deck
        from decks.resolution import resolve_lines

        try:
            with open(path, "rb") as fh:
                _kind, lines, _info = parse_deck(fh.read(MAX_DECK_BYTES + 1))
        except OSError as exc:
            self.fail(f"can't read {path}: {exc.strerror}")
        except DeckInputError as exc:
            self.fail(f"--pool: {exc}")
        pool: dict[str, int] = {}
        for r in resolve_lines(card_index(spec.game), lines):
            if r.card is None:
                self.fail(f"--pool: unknown card {r.line.name!r}")
            pool[r.card.guid] = pool.get(r.card.guid, 0) + r.line.qty
        return pool
