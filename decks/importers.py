"""Card imports: the MLP OCTGN set XML files and the project's Neopets CSV/JSON format.

Each import is one transaction: a malformed file names the file and card and imports nothing.
Imports are idempotent: a card is keyed by its pinned identity (the OCTGN GUID), so running an
import twice changes nothing and a changed card is updated in place (decklists keep pointing at it).
"""
from __future__ import annotations

import csv
import datetime as dt
import io
import json
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

from django.db import models, transaction

from decks.formats import formats_install
from decks.models import BoostedSide, Card, CardAlias, CardSet, Game
from decks.sources.octgn_xml import CardDataError, CardFace, CardRecord, SetRecord, parse_directory

# Set metadata the XML lacks. Release dates are the month of first release (approximate to the
# month; organisers may correct them in the admin). Blocks per the floor rules' block formats.
MLP_SETS: dict[str, dict] = {
    "Premiere": {"code": "PR", "release_date": dt.date(2013, 5, 1), "block": "Premiere"},
    "Canterlot Nights": {"code": "CN", "release_date": dt.date(2013, 11, 1), "block": "Premiere"},
    "Rock N Rave": {"code": "RR", "release_date": dt.date(2014, 3, 1), "supplemental": True},
    "The Crystal Games": {"code": "CG", "release_date": dt.date(2014, 5, 1), "block": "Premiere"},
    "Celestial Solstice": {"code": "CS", "release_date": dt.date(2014, 11, 1), "supplemental": True},
    "Absolute Discord": {"code": "AD", "release_date": dt.date(2014, 11, 1), "block": "Premiere"},
    "Equestrian Odysseys": {"code": "EO", "release_date": dt.date(2015, 5, 1), "block": "Odyssey"},
    "High Magic": {"code": "HM", "release_date": dt.date(2015, 10, 1), "block": "Odyssey"},
    "Marks in Time": {"code": "MT", "release_date": dt.date(2016, 2, 1), "block": "Odyssey"},
    "Defenders of Equestria": {"code": "DE", "release_date": dt.date(2016, 8, 1), "block": "Defenders"},
    "Seaquestria and Beyond": {"code": "SB", "release_date": dt.date(2017, 3, 1), "block": "Defenders"},
    "Friends Forever": {"code": "FF", "release_date": dt.date(2017, 8, 1), "block": "Defenders"},
    "Leaders and Legends": {"code": "LL", "release_date": dt.date(2018, 3, 1), "block": "Defenders"},
    "Sands in Time": {"code": "ST", "release_date": dt.date(2016, 2, 1), "supplemental": True},
    "Villain Challenge": {"code": "VC", "release_date": dt.date(2016, 11, 1), "supplemental": True},
    "Promos": {"code": "PRM", "release_date": dt.date(2013, 5, 1), "supplemental": True},
    "Tokens": {"code": "TK", "release_date": dt.date(2013, 5, 1), "supplemental": True},
}
# Promos that exist only inside XML comments are reprints of these cards (cards/README.md).
COMMENTED_PROMO_EQUIVALENTS = {"PRpf1": "PR212", "PRpf2": "PR213", "GF1": "EO15", "GF4": "EO62", "GF5": "EO73"}


@dataclass
class ImportReport:
    created: int = 0
    updated: int = 0
    unchanged: int = 0
    aliases: int = 0
    per_set: Counter = field(default_factory=Counter)
    per_type: Counter = field(default_factory=Counter)
    per_set_type: dict[str, Counter] = field(default_factory=dict)
    boosted: int = 0

    @property
    def total(self) -> int:
        return self.created + self.updated + self.unchanged

    def as_dict(self) -> dict:
        return {
            "total": self.total, "created": self.created, "updated": self.updated,
            "unchanged": self.unchanged, "boosted_sides": self.boosted, "aliases": self.aliases,
            "per_set": dict(self.per_set), "per_type": dict(self.per_type),
            "per_set_type": {k: dict(v) for k, v in self.per_set_type.items()},
        }

    def render(self) -> str:
        lines = [f"{'set':<26} {'cards':>5}  by type"]
        for name, count in self.per_set.items():
            by_type = ", ".join(f"{t} {n}" for t, n in sorted(self.per_set_type[name].items()))
            lines.append(f"{name:<26} {count:>5}  {by_type}")
        lines.append(f"{'total':<26} {self.total:>5}  " + ", ".join(f"{t} {n}" for t, n in sorted(self.per_type.items())))
        lines.append(
            f"created {self.created}, updated {self.updated}, unchanged {self.unchanged}; "
            f"boosted Mane sides {self.boosted}; aliases {self.aliases}"
        )
        return "\n".join(lines)


def _reqs(reqs) -> list[dict]:
    return [{"color": r.color, "amount": r.amount} for r in reqs]


def _card_fields(face: CardFace) -> dict:
    return {
        "number": face.number, "title": face.title, "subtitle": face.subtitle, "type": face.type,
        "colors": list(face.colors), "power": face.power, "cost": face.cost,
        "play_requirements": _reqs(face.play_requirements), "traits": list(face.traits),
        "keywords": list(face.keywords), "text": face.text, "rarity": face.rarity, "bonus": face.bonus,
        "home_limit": face.home_limit, "problem_requirements": _reqs(face.problem_requirements),
        "problem_opponent_power": face.problem_opponent_power,
    }


def _boosted_fields(face: CardFace) -> dict:
    return {
        "title": face.title, "subtitle": face.subtitle, "type": face.type, "colors": list(face.colors),
        "power": face.power, "traits": list(face.traits), "keywords": list(face.keywords),
        "text": face.text, "home_limit": face.home_limit,
    }


def _same(obj, key: str, value) -> bool:
    if isinstance(value, models.Model):
        return getattr(obj, key + "_id") == value.pk
    return getattr(obj, key) == value


def _upsert(model, lookup: dict, values: dict, *, existing=None):
    """Create or update one row; returns (row, "created" | "updated" | "unchanged")."""
    obj = existing if existing is not None else model.objects.filter(**lookup).first()
    if obj is None:
        return model.objects.create(**lookup, **values), "created"
    changed = [k for k, v in values.items() if not _same(obj, k, v)]
    for k in changed:
        setattr(obj, k, values[k])
    if changed:
        obj.save()
    return obj, ("updated" if changed else "unchanged")


def import_mlp_octgn(directory: str | Path) -> ImportReport:
    """Import every OCTGN set file of ``directory``; all or nothing."""
    sets = parse_directory(directory)  # parses every file before anything is written
    for s in sets:
        if s.name not in MLP_SETS:
            raise CardDataError(f"unknown set {s.name!r}: add it to decks.importers.MLP_SETS", file=s.file)
    seen: dict[str, str] = {}
    for s in sets:
        for c in s.cards:
            if c.guid in seen:
                raise CardDataError(f"duplicate card id {c.guid} (also in {seen[c.guid]})", file=s.file, card=c.front.full_name)
            seen[c.guid] = s.file
    report = ImportReport()
    with transaction.atomic():
        game, _ = Game.objects.get_or_create(slug=Game.MLP, defaults={"name": "My Little Pony CCG"})
        by_number: dict[str, Card] = {}
        existing = {c.guid: c for c in Card.objects.filter(game=game).select_related("boosted")}
        for s in sets:
            meta = MLP_SETS[s.name]
            card_set, _ = CardSet.objects.update_or_create(
                game=game, code=meta["code"],
                defaults={
                    "name": s.name, "source_name": s.file.rsplit(".", 1)[0], "source_guid": s.guid,
                    "release_date": meta.get("release_date"), "block": meta.get("block", ""),
                    "supplemental": meta.get("supplemental", False), "packaging": list(s.packs),
                },
            )
            report.per_set_type[s.name] = Counter()
            for rec in s.cards:
                card, outcome = _import_card(rec, game=game, card_set=card_set, existing=existing.get(rec.guid))
                setattr(report, outcome, getattr(report, outcome) + 1)
                report.per_set[s.name] += 1
                report.per_type[rec.front.type] += 1
                report.per_set_type[s.name][rec.front.type] += 1
                report.boosted += bool(rec.boosted and rec.front.type == "Mane Character")
                by_number.setdefault(rec.number, card)
        for s in sets:
            for rec in s.commented_cards:
                target = by_number.get(COMMENTED_PROMO_EQUIVALENTS.get(rec.number, ""))
                if target is None:
                    continue  # a commented card with no known equivalent is not real data
                _upsert(CardAlias, {"guid": rec.guid}, {"number": rec.number, "name": rec.front.full_name, "card": target})
                report.aliases += 1
        formats_install()  # the built-in formats come with the catalog (their banlists and legal sets name its cards)
    return report


def _import_card(rec: CardRecord, *, game: Game, card_set: CardSet, existing: Card | None):
    values = {"game": game, "card_set": card_set, **_card_fields(rec.front)}
    card, outcome = _upsert(Card, {"guid": rec.guid}, values, existing=existing)
    side = getattr(card, "boosted", None) if existing is not None else None
    if rec.boosted is not None:
        _, side_outcome = _upsert(BoostedSide, {"card": card}, _boosted_fields(rec.boosted), existing=side)
        if side_outcome != "unchanged" and outcome == "unchanged":
            outcome = "updated"
    elif side is not None:
        side.delete()
        outcome = "updated" if outcome == "unchanged" else outcome
    return card, outcome


# ---------------------------------------------------------------------------------------------
# Neopets Battledome: the project's own import format (no public card database exists).
NEOPETS_FIELDS = (
    "id", "set", "number", "type", "name", "text", "hit_points", "attack", "defence", "agility",
    "level_requirement", "team_icon", "species", "rainbow_pool", "traits", "keywords", "rarity",
    "color", "timing", "requires_map_pieces", "effects",
)
# The card types of the Comprehensive Rules 1.2 (section 5); "Item" and "Action" are the first demo file's words.
NEOPETS_TYPES = {"Neopet", "Faerie", "Hero", "Villain", "Paint Brush", "Legend", "Equipment", "Petpet", "Potion", "Food",
                 "Location", "Map Piece", "Codestone", "Faction", "Item", "Action"}
# Engine fields kept in Card.extra: behaviour (the effect vocabulary) and what the engine needs to play the card.
NEOPETS_EXTRA = ("color", "timing", "requires_map_pieces", "effects")


def _neopets_extra(row: dict, *, file: str, name: str) -> dict:
    """The engine fields of a row; ``effects`` is checked against the effect vocabulary."""
    from gameplay.engine.neopets.carddb import CardDataError as EngineCardError, card_from_record

    extra = {}
    for key in NEOPETS_EXTRA:
        value = row.get(key)
        if isinstance(value, str) and key in ("effects", "timing"):
            try:
                value = json.loads(value) if value.strip() else None
            except json.JSONDecodeError as exc:
                raise CardDataError(f"{key} is not JSON: {exc}", file=file, card=name) from None
        if value not in (None, ""):
            extra[key] = value
    try:
        card_from_record({**row, **extra})
    except EngineCardError as exc:
        raise CardDataError(str(exc), file=file, card=name) from None
    return extra


def _neopets_rows(data: bytes, *, file: str) -> list[dict]:
    text = data.decode("utf-8-sig")
    if file.endswith(".json"):
        try:
            payload = json.loads(text)
        except json.JSONDecodeError as exc:
            raise CardDataError(f"malformed JSON: {exc}", file=file) from None
        return payload["cards"] if isinstance(payload, dict) else payload
    return list(csv.DictReader(io.StringIO(text)))


def import_neopets(path: str | Path, *, set_code: str = "NDEMO", set_name: str = "Battledome Demo Set", demo: bool = True) -> ImportReport:
    """Import Neopets cards from CSV or JSON in the format of ``docs/neopets-card-format.md``."""
    path = Path(path)
    rows = _neopets_rows(path.read_bytes(), file=path.name)
    report = ImportReport()

    def as_int(row: dict, key: str) -> int | None:
        raw = row.get(key)
        value = "" if raw is None else str(raw).strip()  # (a 0 is a value: a petpet's Agility 0)
        if not value:
            return None
        try:
            return int(value)
        except ValueError:
            raise CardDataError(f"{key} is {value!r}, not a number", file=path.name, card=row.get("name", "?")) from None

    with transaction.atomic():
        game, _ = Game.objects.get_or_create(slug=Game.NEOPETS, defaults={"name": "Neopets Battledome TCG"})
        card_set, _ = CardSet.objects.update_or_create(
            game=game, code=set_code, defaults={"name": set_name, "demo": demo, "release_date": None}
        )
        report.per_set_type[set_name] = Counter()
        for row in rows:
            name = str(row.get("name") or "").strip()
            if not name or not str(row.get("id") or "").strip():
                raise CardDataError("every card needs an id and a name", file=path.name, card=name or "?")
            ctype = str(row.get("type") or "").strip()
            if ctype not in NEOPETS_TYPES:
                raise CardDataError(f"unknown Neopets card type {ctype!r} (one of {', '.join(sorted(NEOPETS_TYPES))})", file=path.name, card=name)
            listy = lambda v: v if isinstance(v, list) else [p.strip() for p in str(v or "").split(";") if p.strip()]  # noqa: E731
            values = {
                "game": game, "card_set": card_set, "number": str(row.get("number") or "").strip(),
                "title": name, "subtitle": "", "type": ctype, "text": str(row.get("text") or ""),
                "hit_points": as_int(row, "hit_points"), "attack": as_int(row, "attack"),
                "defence": as_int(row, "defence"), "agility": as_int(row, "agility"),
                "level_requirement": as_int(row, "level_requirement"),
                "team_icon": str(row.get("team_icon") or "").strip(), "species": str(row.get("species") or "").strip(),
                "rainbow_pool": str(row.get("rainbow_pool")).strip().lower() in ("1", "true", "yes"),
                "traits": listy(row.get("traits")), "keywords": listy(row.get("keywords")),
                "rarity": str(row.get("rarity") or "").strip(),
                "extra": _neopets_extra(row, file=path.name, name=name),
            }
            _, outcome = _upsert(Card, {"guid": f"neopets:{str(row['id']).strip()}"}, values)
            setattr(report, outcome, getattr(report, outcome) + 1)
            report.per_set[set_name] += 1
            report.per_type[ctype] += 1
            report.per_set_type[set_name][ctype] += 1
        formats_install()  # the built-in formats come with the catalog
    return report
