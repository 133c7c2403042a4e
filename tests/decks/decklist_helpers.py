"""Shared constants and builders for the decklist tests (a uniquely named module: tests have no packages)."""
from __future__ import annotations

from pathlib import Path

from django.conf import settings

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures" / "decks"
OCTGN = Path(settings.CARD_DATA_DIR).parent.parent / "decklists" / "octgn"

LEGAL_TEXT = (FIXTURES / "fluttershy-harmony.txt").read_text()
NEOPETS_TEXT = (FIXTURES / "neopets-legal.txt").read_text()


def deck_text(*, remove: str = "", add: str = "", replace: tuple[str, str] | None = None) -> str:
    """The legal Fluttershy list with a line removed, added or replaced (for building other lists)."""
    lines = [line for line in LEGAL_TEXT.splitlines() if not (remove and line == remove)]
    if replace:
        lines = [replace[1] if line == replace[0] else line for line in lines]
    if add:
        lines.append(add)
    return "\n".join(lines)
