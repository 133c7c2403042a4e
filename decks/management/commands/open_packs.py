"""python manage.py open_packs --set "Premiere" --count N --seed S [--player P] [--first N] [--json]

Opens booster packs from the set's packaging data, reproducibly: the same seed, player and pack numbers
give the same packs. Judges regenerate a player's pool with the event's seed and the player's id
(``--player``; the event page's pool list names both). Exit status 2 for a set without boosters.
"""
from __future__ import annotations

import json
import sys

from django.core.management.base import BaseCommand

from decks.boosters import RARITY_NAMES, NoBooster
from decks.selectors import card_set_find, packs_open


class Command(BaseCommand):
    help = "Open seeded booster packs of a set (from its <packaging> data)."

    def add_arguments(self, parser):
        parser.add_argument("--set", required=True, dest="set_name", help='set name or code, e.g. "Premiere" or PR')
        parser.add_argument("--count", type=int, default=1)
        parser.add_argument("--seed", required=True, help="the event's seed")
        parser.add_argument("--player", default="", help="the player's id in the event (pools are seeded per player)")
        parser.add_argument("--first", type=int, default=0, help="number of the first pack (0-based), as in the pool list")
        parser.add_argument("--json", action="store_true")

    def handle(self, *args, set_name: str, count: int, seed: str, player: str, first: int, **opts):
        if count < 1 or count > 1000:
            self.stderr.write("error: --count must be between 1 and 1000")
            sys.exit(2)
        try:
            card_set = card_set_find(name=set_name)
            packs = packs_open(card_set=card_set, count=count, seed=seed, player=player, first_index=first)
        except NoBooster as exc:
            self.stderr.write(f"error: {exc}")
            sys.exit(2)
        if opts["json"]:
            out = {"set": {"code": card_set.code, "name": card_set.name}, "seed": seed, "player": player,
                   "packs": [{"index": first + i, "cards": [c.as_dict() for c in pack]} for i, pack in enumerate(packs)]}
            self.stdout.write(json.dumps(out, indent=2, ensure_ascii=False))
            return
        for i, pack in enumerate(packs):
            self.stdout.write(f"{card_set.name} pack {first + i + 1}")
            for c in pack:
                self.stdout.write(f"  {c.number:<8} {RARITY_NAMES.get(c.rarity, c.rarity):<11} {c.name}")
