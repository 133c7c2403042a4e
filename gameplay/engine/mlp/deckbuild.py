"""Random legal decks (101) and stacked-deck helpers for tests and judges."""
from __future__ import annotations

from .. import rng as _rng
from .carddb import CardDB

EXCLUDED_SETS = ("Villain Challenge", "Tokens")


def legal_pool(db: CardDB):
    manes, draw, problems = [], [], []
    for c in db.cards.values():
        if c.set_name in EXCLUDED_SETS or c.number.startswith("T"):
            continue
        t = c.front.type
        if t == "Mane Character":
            manes.append(c)
        elif t == "Problem":
            if not any(n >= 999 for _, n in c.front.problem_requirements):
                problems.append(c)
        elif t in ("Friend", "Event", "Resource", "Troublemaker"):
            draw.append(c)
    key = lambda c: (c.set_name, c.number, c.key)  # noqa: E731
    return sorted(manes, key=key), sorted(draw, key=key), sorted(problems, key=key)


def _pool(db: CardDB):
    """legal_pool(db), computed once per CardDB (card data only; rebuilt if the card set changes)."""
    cached = db.__dict__.get("_legal_pool")
    if cached is None or cached[0] != len(db.cards):
        cached = db.__dict__["_legal_pool"] = (len(db.cards), legal_pool(db))
    return cached[1]


def random_deck(db: CardDB, seed: int, size: int = 45) -> tuple[dict, int]:
    """1 Mane, >=45 draw cards with <=3 copies by name, 10 Problems with <=2 copies by name and
    at least one Starting Problem (101.1-101.3c).  Returns (deck, new seed)."""
    manes, draw, problems = _pool(db)
    seed, i = _rng.randbelow(seed, len(manes))
    mane = manes[i]
    counts: dict[str, int] = {}
    deck = []
    while len(deck) < size:
        seed, i = _rng.randbelow(seed, len(draw))
        c = draw[i]
        if counts.get(c.name, 0) >= 3:
            continue
        counts[c.name] = counts.get(c.name, 0) + 1
        deck.append(c.key)
    starting = [c for c in problems if "Starting Problem" in c.front.keywords]
    pcounts: dict[str, int] = {}
    pdeck = []
    seed, i = _rng.randbelow(seed, len(starting))
    pdeck.append(starting[i].key)
    pcounts[starting[i].name] = 1
    while len(pdeck) < 10:
        seed, i = _rng.randbelow(seed, len(problems))
        c = problems[i]
        if pcounts.get(c.name, 0) >= 2:
            continue
        pcounts[c.name] = pcounts.get(c.name, 0) + 1
        pdeck.append(c.key)
    return {"mane": mane.key, "deck": deck, "problems": pdeck}, seed


def validate_deck(db: CardDB, deck: dict) -> list[str]:
    """Deckbuilding errors (101), as messages citing the rule."""
    errs = []
    if db[db.key(deck["mane"])].front.type != "Mane Character":
        errs.append("102.1 the Mane Character must be a Mane Character")
    cards = [db[db.key(k)] for k in deck["deck"]]
    if len(cards) < 45:
        errs.append("101.1 a Draw Deck has at least 45 cards")
    names: dict[str, int] = {}
    for c in cards:
        names[c.name] = names.get(c.name, 0) + 1
        if c.front.type not in ("Friend", "Event", "Resource", "Troublemaker"):
            errs.append(f"101.2 {c.name} can't be in a Draw Deck")
    anyn = {c.name for c in cards if any(a.get("op") == "any_number" for a in c.abilities.get("front", ()))}
    errs += [f"101.2 more than 3 copies of {n}" for n, k in names.items() if k > 3 and n not in anyn]  # 104.1
    probs = [db[db.key(k)] for k in deck["problems"]]
    if len(probs) != 10:
        errs.append("101.3 a Problem Deck has exactly 10 Problems")
    pn: dict[str, int] = {}
    for c in probs:
        pn[c.name] = pn.get(c.name, 0) + 1
        if c.front.type != "Problem":
            errs.append(f"101.3b {c.name} is not a Problem")
    errs += [f"101.3a more than 2 copies of {n}" for n, k in pn.items() if k > 2]
    if not any("Starting Problem" in c.front.keywords for c in probs):
        errs.append("101.3c at least one Starting Problem")
    return errs
