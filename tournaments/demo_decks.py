"""Legal Harmony decklists built from the real card catalog, for the demo data and the event simulation.

Harmony (decks.formats.MLP_CONSTRUCTED_RULES): exactly 1 Mane Character (102.1), at least 45 draw cards with
at most 3 copies each (101.1, 101.2), exactly 10 Problems with at most 2 copies and at least one Starting
Problem (101.3, 101.3a, 101.3c), no banned card.
"""
from __future__ import annotations

import random

from decks.models import Card, Format

DRAW_TYPES = ("Friend", "Event", "Resource", "Troublemaker")


def harmony_deck(*, fmt: Format, rng: random.Random) -> list[dict]:
    banned: set[int] = set()
    try:
        from decks.models import BanlistEntry

        src = getattr(fmt, "banlist_from", None) or fmt
        banned = set(BanlistEntry.objects.filter(format__in=[fmt, src]).values_list("card_id", flat=True))
    except ImportError:
        pass
    qs = Card.objects.filter(game=fmt.game).exclude(card_set__code__iexact="TK")  # 521.3: tokens are never in a deck
    cards = [c for c in qs.only("id", "guid", "type", "keywords", "title", "subtitle") if c.id not in banned]
    manes = [c for c in cards if c.type == "Mane Character"]
    draws = [c for c in cards if c.type in DRAW_TYPES]
    problems = [c for c in cards if c.type == "Problem"]
    starting = [c for c in problems if c.is_starting_problem]
    if not manes or len(draws) < 16 or not starting or len(problems) < 5:
        raise ValueError("the catalog lacks the cards for a Harmony deck; import it first (manage.py import_cards)")
    deck = [{"card": rng.choice(manes).guid, "qty": 1, "section": "Mane Character"}]
    deck += [{"card": c.guid, "qty": 3, "section": "Draw Deck"} for c in rng.sample(draws, 16)]  # 48 cards
    first = rng.choice(starting)
    others = rng.sample([p for p in problems if p.id != first.id], 4)
    deck += [{"card": c.guid, "qty": 2, "section": "Problem Deck"} for c in [first, *others]]  # 10 problems
    return deck


def legal_harmony_deck(*, event, rng: random.Random, attempts: int = 30) -> list[dict]:
    """A deck the decks app's validator accepts for ``event`` (retries past cards it refuses)."""
    from decks.services import decklist_check

    for _ in range(attempts):
        deck = harmony_deck(fmt=event.format, rng=rng)
        _kind, _source, report = decklist_check(event=event, data=deck)
        if report.as_dict()["legal"]:
            return deck
    raise ValueError("could not build a legal Harmony deck from the catalog")
