"""Benchmark decklist validation: the median time to parse, resolve and validate a 60-card deck after warm-up.

    python bench/decklist.py [--runs 200] [--format mlp-harmony]

Uses the embedded database (assumes ``python manage.py import_cards mlp-octgn ../shared/cards/mlpccg`` ran;
installs the built-in formats if missing). Target: under 20 ms per deck. The card index is built once per
process (the warm-up); every run then does a full validation: parsing, name resolution (with one fuzzy match
for a misspelt line) and every rule check. The card index and the format's spec are cached in the process
and re-checked against the database every 2 seconds (``--cold`` re-checks on every run: two cheap queries
for the catalog stamp and three for the format).
"""
from __future__ import annotations

import argparse
import datetime as dt
import os
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

import django  # noqa: E402

django.setup()

from decks.formats import formats_install  # noqa: E402
from decks.models import Card, Format  # noqa: E402
from decks import card_index as card_index_module  # noqa: E402
from decks.validation import format_cache_clear, validate_deck_input  # noqa: E402

# 60 cards: the Fluttershy theme deck written as text (1 Mane, 45 draw, 10 Problems) plus a misspelt
# four-card line so the fuzzy matcher runs too.
DECK = (ROOT / "tests" / "fixtures" / "decks" / "fluttershy-harmony.txt").read_text() + "\n4x Rainbow Dash, Flier Extraodinaire\n"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=200)
    parser.add_argument("--format", default="mlp-harmony")
    parser.add_argument("--cold", action="store_true", help="re-check the catalog stamp and reload the format every run")
    args = parser.parse_args()
    if not Card.objects.filter(game__slug="mlp").exists():
        sys.exit("no MLP cards: run python manage.py import_cards mlp-octgn ../shared/cards/mlpccg first")
    if not Format.objects.filter(slug=args.format).exists():
        formats_install()
    on = dt.date(2016, 9, 1)
    t0 = time.perf_counter()
    report = validate_deck_input(data=DECK, fmt=args.format, on=on)  # warm-up: builds the card index
    warm = time.perf_counter() - t0
    cards = sum(z["count"] for z in report.zone_list)
    times = []
    for _ in range(args.runs):
        if args.cold:
            card_index_module.STAMP_TTL = 0
            format_cache_clear()
        t = time.perf_counter()
        validate_deck_input(data=DECK, fmt=args.format, on=on)
        times.append(time.perf_counter() - t)
    times.sort()
    print(f"{cards}-card deck, {args.format}{' (cold caches)' if args.cold else ''}, {args.runs} runs after a {warm * 1000:.0f} ms warm-up "
          f"(index build): median {statistics.median(times) * 1000:.2f} ms, "
          f"p95 {times[int(len(times) * 0.95) - 1] * 1000:.2f} ms, max {times[-1] * 1000:.2f} ms "
          f"({'legal' if report.legal else 'not legal'}, {len(report.problems)} problems)")


if __name__ == "__main__":
    main()
