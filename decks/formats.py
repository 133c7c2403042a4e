"""The built-in formats, as data: ``formats_install()`` creates or updates them (idempotent).

Organisers add their own formats in the Django admin (legal sets, banlist entries with dates, copy limits
in ``rules``). ``rules`` keys read by ``decks.validation``:

MLP: ``{"mane": {"exactly": 1}, "draw_deck": {"min": 45, "max_copies": 3}, "problem_deck": {"exactly": 10,
"max_copies": 2}, "pool": false, "provided_cards": [numbers]}`` (``max_copies: null`` = no limit).
Neopets: ``{"neopet_deck": {"min": 3, "max": 5}, "rainbow_pool": {"max": 15, "max_neopets": 10},
"main_deck": {"exactly": 50, "max_copies": 2, "unlimited_types": [...], "single_copy_types": {type: rule}}}``.
"""
from __future__ import annotations

import datetime as dt

from django.db import transaction

from decks.models import BanlistEntry, Card, CardSet, Format, Game

MLP_CONSTRUCTED_RULES = {
    "mane": {"exactly": 1},  # 102.1
    "draw_deck": {"min": 45, "max_copies": 3},  # 101.1, 101.2
    "problem_deck": {"exactly": 10, "max_copies": 2, "min_starting": 1},  # 101.3, 101.3a, 101.3c
}
# Limited Play, Mane Characters / Starting Problems: the cards the organiser may provide, per block (the
# floor rules' table); players may use any number of them, whatever their pool holds.
LIMITED_PROVIDED_BY_BLOCK = {
    "Odyssey": {"manes": ["EO1", "EO2", "EO4", "EO5", "EO7", "EO8", "MT1", "MT2", "MT3"],
                "starting_problems": ["EO191", "EO200", "EO202"]},
    "Premiere": {"manes": ["CN1", "CN2", "CN3", "CN5", "CN6", "CN7"],
                 "starting_problems": ["PR168", "PR190", "PR192", "PR177", "PR170", "PR164"]},
}
LIMITED_PROVIDED = [n for block in LIMITED_PROVIDED_BY_BLOCK.values() for n in block["manes"] + block["starting_problems"]]
MLP_LIMITED_RULES = {
    "mane": {"exactly": 1},
    # Limited Deck Construction: at least 30 cards; exactly five Problems, at least one a Starting Problem.
    # The pool limits the copies; provided Starting Problems may be included in any number.
    "draw_deck": {"min": 30, "max_copies": None, "rule_min": "Limited Play, Limited Deck Construction"},
    "problem_deck": {"exactly": 5, "max_copies": None, "rule_size": "Limited Play, Limited Deck Construction",
                     "rule_starting": "Limited Play, Limited Deck Construction"},
    "pool": True,
    "provided_cards": LIMITED_PROVIDED,
}
NEOPETS_CONSTRUCTED_RULES = {
    "neopet_deck": {"min": 3, "max": 5},  # 2.2a, 2.2b
    "rainbow_pool": {"max": 15, "max_neopets": 10},  # 2.3a, 2.3b, 2.3d
    "main_deck": {
        "exactly": 50, "max_copies": 2,  # 2.4a, 2.4c
        "unlimited_types": ["Codestone"],  # 2.4d, 5.14b
        "single_copy_types": {"Faerie": "5.5b", "Hero": "5.5b", "Villain": "5.5b", "Petpet": "5.9b", "Map Piece": "5.13b"},
    },
}
# Floor rules, Format Legality: the Harmony banlist, card numbers in this data and effective dates.
HARMONY_BANLIST = [
    ("PR16", dt.date(2015, 1, 30)), ("PR83", dt.date(2015, 1, 30)), ("CN42", dt.date(2015, 1, 30)),
    ("CG136", dt.date(2015, 1, 30)), ("CN65", dt.date(2015, 9, 23)), ("EO103", dt.date(2016, 1, 25)),
    ("PR175", dt.date(2016, 6, 1)), ("CN47", dt.date(2016, 7, 27)), ("HM150", dt.date(2016, 8, 31)),
]
BLOCKS = {"mlp-premiere-block": ("Premiere block", "Premiere"), "mlp-odyssey-block": ("Odyssey block", "Odyssey")}


@transaction.atomic
def formats_install() -> list[Format]:
    """Create or update the built-in formats; organisers' own formats are left alone."""
    installed: list[Format] = []
    mlp = Game.objects.filter(slug=Game.MLP).first()
    if mlp is not None:
        harmony, _ = Format.objects.update_or_create(slug="mlp-harmony", defaults={
            "game": mlp, "name": "Harmony Constructed", "rules": MLP_CONSTRUCTED_RULES, "all_released_sets_legal": True,
            "banlist_from": None,
            "description": "Cards from any released product or set are legal; the Harmony banlist applies.",
        })
        cards = {c.number: c for c in Card.objects.filter(game=mlp, number__in=[n for n, _d in HARMONY_BANLIST])}
        for number, effective in HARMONY_BANLIST:
            if number in cards:
                BanlistEntry.objects.update_or_create(format=harmony, card=cards[number], defaults={
                    "effective": effective, "note": "Harmony banlist"})
        installed.append(harmony)
        for slug, (name, block) in BLOCKS.items():
            fmt, _ = Format.objects.update_or_create(slug=slug, defaults={
                "game": mlp, "name": f"{name} Constructed", "rules": MLP_CONSTRUCTED_RULES,
                "all_released_sets_legal": False, "banlist_from": harmony,
                "description": f"Only the {block} block's sets; supplemental products are not legal; Harmony bans apply.",
            })
            fmt.legal_sets.set(CardSet.objects.filter(game=mlp, block=block, supplemental=False))
            installed.append(fmt)
        limited, _ = Format.objects.update_or_create(slug="mlp-limited", defaults={
            "game": mlp, "name": "Limited (sealed deck / booster draft)", "rules": MLP_LIMITED_RULES,
            "all_released_sets_legal": True, "banlist_from": None,
            "description": "Decks from the player's own pool, plus provided Mane Characters and Starting Problems.",
        })
        installed.append(limited)
    neopets = Game.objects.filter(slug=Game.NEOPETS).first()
    if neopets is not None:
        fmt, _ = Format.objects.update_or_create(slug="neopets-constructed", defaults={
            "game": neopets, "name": "Neopets Battledome Constructed", "rules": NEOPETS_CONSTRUCTED_RULES,
            "all_released_sets_legal": True, "banlist_from": None,
            "description": "Neopet Deck, Rainbow Pool and a 50-card Main Deck (rules 2.1-2.4).",
        })
        installed.append(fmt)
    return installed
