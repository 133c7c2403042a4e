"""Demo decks (legal ``neopets-constructed`` decks of the demo set) and random legal decks for
self-play (2.1-2.4).  A deck is {"neopets": [keys], "rainbow": [keys], "main": [50 keys]}."""
from __future__ import annotations

from typing import Any

from .. import rng as _rng
from .carddb import CardDB
from .carddefs import CHAMPION_TYPES

MAIN_SIZE = 50  # 2.4a
SINGLE_COPY = CHAMPION_TYPES | {"Petpet", "Map Piece"}  # 5.5b, 5.9b, 5.13b


def _main(cards: dict[str, int], codestones: dict[str, int]) -> list[str]:
    out = [name for name, n in cards.items() for _ in range(n)]
    total = MAIN_SIZE - len(out)
    names = list(codestones)
    weights = sum(codestones.values())
    for i, name in enumerate(names):  # codestones fill the deck to 50 (2.4d), in the given proportions
        n = total - sum(codestones[x] * total // weights for x in names[:-1]) if i == len(names) - 1 \
            else codestones[name] * total // weights
        out += [name] * n
    return out


DEMO_DECKS: dict[str, dict[str, Any]] = {
    "Demo Meridell Guard": {
        "neopets": ["Demo Kacheek", "Demo Gelert", "Demo Uni"],
        "rainbow": ["Demo Rainbow Kacheek", "Demo Rainbow Gelert", "Demo Rainbow Uni", "Demo Meridell Guard"],
        "main": _main({"Demo Wooden Shield": 2, "Demo Spiked Armour": 2, "Demo Rainbow Paint Brush": 2,
                       "Demo Meridell Charge": 2, "Demo Banishment": 2, "Demo Jeran": 1, "Demo Lord Kass": 1,
                       "Demo Light Faerie": 1, "Demo Babaa": 1, "Demo Heal": 2, "Demo Omelette": 2, "Demo Hot Dog": 2,
                       "Demo Hubert": 1, "Demo Map Piece 1": 1, "Demo Map Piece 2": 1, "Demo Hidden Tower": 2,
                       "Demo Boomerang Shield": 2, "Demo Quartermaster": 1, "Demo Phoenix Feather": 1},
                      {"Demo Eo Codestone": 2, "Demo Bri Codestone": 1, "Demo Vo Codestone": 1}),
    },
    "Demo Tyrannian Might": {
        "neopets": ["Demo Kougra", "Demo Lupe", "Demo Aisha", "Demo Korbat"],
        "rainbow": ["Demo Fire Kougra", "Demo Fire Lupe", "Demo Fire Aisha", "Demo Fire Korbat", "Demo Tyrannian Tribe"],
        "main": _main({"Demo Sturdy Sword": 2, "Demo Butter Knife": 2, "Demo Fire Paint Brush": 2, "Demo Quick Strike": 2,
                       "Demo Strength Potion": 2, "Demo Warf": 1, "Demo Sloth Minion": 1, "Demo Battle Faerie": 1,
                       "Demo Battle Snack": 2, "Demo Spicy Hot Dog": 2, "Demo Battledome Arena": 2, "Demo Sabotage": 2,
                       "Demo Growth Tonic": 2, "Demo Charging Orb": 2, "Demo Savings Jar": 2},
                      {"Demo Bri Codestone": 3, "Demo Vo Codestone": 1}),
    },
    "Demo Faerieland Mysteries": {
        "neopets": ["Demo Shoyru", "Demo Uni", "Demo Kacheek", "Demo Aisha", "Demo Korbat"],
        "rainbow": ["Demo Rainbow Shoyru", "Demo Rainbow Uni", "Demo Rainbow Kacheek"],
        "main": _main({"Demo Scroll of Knowledge": 2, "Demo Ice Wand": 2, "Demo Rainbow Paint Brush": 2,
                       "Demo Ancient Lore": 2, "Demo Choice of Paths": 2, "Demo Judge's Call": 2, "Demo Heal": 2,
                       "Demo Slowing Tonic": 2, "Demo Shadow Draught": 2, "Demo Light Faerie": 1, "Demo Dark Faerie": 1,
                       "Demo Negg of Refusal": 2, "Demo Hot Dog": 2, "Demo Mystery Scroll": 1, "Demo Crystal Ball": 2,
                       "Demo Battle Plan": 2, "Demo Lucky Dig": 1},
                      {"Demo Mag Codestone": 2, "Demo Eo Codestone": 1, "Demo Bri Codestone": 1}),
    },
    "Demo Desert Thieves": {
        "neopets": ["Demo Aisha", "Demo Korbat", "Demo Lupe"],
        "rainbow": ["Demo Fire Aisha", "Demo Fire Korbat", "Demo Fire Lupe"],
        "main": _main({"Demo Lucky Charm": 2, "Demo Ice Wand": 2, "Demo Fire Paint Brush": 2, "Demo Treasure Hunt": 2,
                       "Demo Recall": 2, "Demo Scrying Pool": 2, "Demo Sabotage": 2, "Demo Meepit Juggler": 1,
                       "Demo Lord Kass": 1, "Demo Meowclops": 1, "Demo Delayed Elixir": 2, "Demo White Flag": 1,
                       "Demo Heal": 2, "Demo Omelette": 2, "Demo Negg of Refusal": 2, "Demo Buried Treasure": 2,
                       "Demo Exhumation": 1, "Demo Truth Serum": 1},
                      {"Demo Bri Codestone": 2, "Demo Mag Codestone": 1, "Demo Vo Codestone": 1}),
    },
}


def demo_deck(name: str) -> dict[str, Any]:
    d = DEMO_DECKS[name]
    return {"neopets": list(d["neopets"]), "rainbow": list(d["rainbow"]), "main": list(d["main"])}


def decklist_text(name: str) -> str:
    """The demo deck as a decklist (sections of the Neopets decklist format)."""
    from collections import Counter

    d = DEMO_DECKS[name]
    out = []
    for title, zone in (("Neopet Deck", "neopets"), ("Rainbow Pool", "rainbow"), ("Main Deck", "main")):
        out.append(title)
        out += [f"{n} {card}" for card, n in Counter(d[zone]).items()]
    return "\n".join(out) + "\n"


def random_deck(db: CardDB, seed: int) -> tuple[dict[str, Any], int]:
    """A random legal deck of the pool (2.2-2.4); returns (deck, new PRNG state)."""
    cards = sorted(db.cards.values(), key=lambda c: c.key)
    basics = [c for c in cards if c.basic]
    seed = _rng.shuffle(seed, basics)
    seed, n = _rng.randbelow(seed, 3)
    pets = basics[:3 + n]  # 2.2a: 3-5, 2.2b: different species
    species = {c.species for c in pets}
    rainbow = [c.key for c in cards if c.type == "Neopet" and c.rainbow_pool and c.species in species][:10]  # 2.3a-b
    factions = [c.key for c in cards if c.type == "Faction"]
    seed, k = _rng.randbelow(seed, len(factions) + 1)
    rainbow += factions[:k]
    others = [c for c in cards if c.type not in ("Neopet", "Faction", "Codestone")]
    seed = _rng.shuffle(seed, others)
    seed, extra = _rng.randbelow(seed, 12)
    main: list[str] = []
    for c in others[:14 + extra]:
        main += [c.key] * (1 if c.type in SINGLE_COPY else 2)  # 2.4c, 2.4c.1
    main = main[:34]
    stones = [c.key for c in cards if c.type == "Codestone"]
    while len(main) < MAIN_SIZE:
        seed, i = _rng.randbelow(seed, len(stones))
        main.append(stones[i])
    return {"neopets": [c.key for c in pets], "rainbow": rainbow, "main": main}, seed
