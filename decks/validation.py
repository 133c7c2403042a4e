"""Deck validation: one report builder for the command, the web page and the API.

A format is data (``decks.Format``): construction rules in ``Format.rules`` (see ``decks.formats``), legal
sets (or every product released by the event's date) and a dated banlist. ``validate_deck`` works on the
in-memory card index, so a 60-card list validates in a few milliseconds.

Every problem names its rule, the cards involved, and its class: ``invalid`` (floor rules "Deck Lists":
the list describes a deck not legal for play or names no card — Game Loss) or ``incorrect`` (a typo or a
nickname that still identifies one card — Game Warning).
"""
from __future__ import annotations

import datetime as dt
import time
from collections import Counter
from dataclasses import dataclass, field

from django.db.models.signals import m2m_changed, post_delete, post_save

from decks.card_index import CardIndex, CardInfo, card_index, fold, on_catalog_change
from decks.deckparse import SECTIONS, DeckLine, parse_deck
from decks.models import BanlistEntry, Format
from decks.resolution import EXACT, INCORRECT, INVALID, ResolvedLine, resolve_lines

GAME_WARNING, GAME_LOSS = "game_warning", "game_loss"
PENALTY_LABELS = {GAME_WARNING: "Game Warning", GAME_LOSS: "Game Loss", None: "none"}

# Zones of a deck, per game, in the rules' words.
ZONES = {
    "mlp": [("mane", "Mane Character"), ("draw", "Draw Deck"), ("problem", "Problem Deck")],
    "neopets": [("neopet", "Neopet Deck"), ("rainbow", "Rainbow Pool"), ("main", "Main Deck")],
}
MLP_OCTGN_GAME_ID = "65656467-b709-43b2-a5c6-80c2f216adf9"  # the community's MLP game definition
DRAW_DECK_TYPES = frozenset({"Friend", "Event", "Resource", "Troublemaker"})  # 101.2
TYPE_ORDER = {t: i for i, t in enumerate(
    ["Mane Character", "Friend", "Resource", "Event", "Troublemaker", "Problem", "Neopet", "Faction", "Codestone"])}
RAINBOW_TEXT = "begins the game in your rainbow pool"  # 2.3d, 5.12b.1


class UnknownFormat(LookupError):
    pass


SPEC_TTL = 2.0
_spec_cache: dict[str, tuple[float, "FormatSpec"]] = {}


def format_cache_clear(**_kwargs) -> None:
    _spec_cache.clear()


on_catalog_change(format_cache_clear)
for _model in (Format, BanlistEntry):
    post_save.connect(format_cache_clear, sender=_model, dispatch_uid=f"format_cache_save_{_model.__name__}")
    post_delete.connect(format_cache_clear, sender=_model, dispatch_uid=f"format_cache_delete_{_model.__name__}")
m2m_changed.connect(format_cache_clear, sender=Format.legal_sets.through, dispatch_uid="format_cache_legal_sets")


@dataclass
class DeckProblem:
    rule: str
    message: str
    cls: str  # invalid | incorrect
    cards: list[CardInfo] = field(default_factory=list)
    line: int | None = None

    def as_dict(self) -> dict:
        return {
            "rule": self.rule, "message": self.message, "class": self.cls, "line": self.line,
            "penalty_class": GAME_LOSS if self.cls == INVALID else GAME_WARNING,
            "cards": [c.as_dict() for c in self.cards],
        }


@dataclass
class FormatSpec:
    """A format as validation needs it, read once from the database."""

    slug: str
    name: str
    game: str
    rules: dict
    all_released: bool
    legal_set_ids: frozenset[int]
    bans: dict[str, list[tuple[dt.date, str, str]]]  # name key -> [(effective, number, note)]

    @classmethod
    def load(cls, fmt: Format | str) -> FormatSpec:
        """The format's spec, cached per process for a few seconds (cleared at once by this process's
        own changes to formats, bans, sets or cards)."""
        key = fmt if isinstance(fmt, str) else fmt.slug
        hit = _spec_cache.get(key)
        if hit is not None and time.monotonic() - hit[0] < SPEC_TTL:
            return hit[1]
        spec = cls._load(fmt)
        _spec_cache[key] = (time.monotonic(), spec)
        return spec

    @classmethod
    def _load(cls, fmt: Format | str) -> FormatSpec:
        if isinstance(fmt, str):
            try:
                fmt = Format.objects.select_related("game").get(slug=fmt)
            except Format.DoesNotExist:
                known = ", ".join(Format.objects.order_by("slug").values_list("slug", flat=True))
                raise UnknownFormat(f"unknown format {fmt!r} (known formats: {known or 'none'})") from None
        sources = [fmt.pk] + ([fmt.banlist_from_id] if fmt.banlist_from_id else [])
        bans: dict[str, list] = {}
        for title, subtitle, number, effective, note in BanlistEntry.objects.filter(format_id__in=sources).values_list(
            "card__title", "card__subtitle", "card__number", "effective", "note"
        ):
            key = fold(f"{title}, {subtitle}" if subtitle else title)
            bans.setdefault(key, []).append((effective, number, note))
        return cls(
            slug=fmt.slug, name=fmt.name, game=fmt.game.slug, rules=fmt.rules or {},
            all_released=fmt.all_released_sets_legal,
            legal_set_ids=frozenset(fmt.legal_sets.values_list("id", flat=True)), bans=bans,
        )

    def set_legal(self, card: CardInfo, on: dt.date) -> bool:
        # floor rules, Legal Cards: cards are tournament legal upon release
        released = card.release_date is None or card.release_date <= on
        if self.all_released:
            return released
        return card.set_id in self.legal_set_ids and released

    def ban(self, card: CardInfo, on: dt.date) -> tuple[dt.date, str, str] | None:
        for entry in self.bans.get(card.name_key, ()):
            if entry[0] <= on:
                return entry
        return None


@dataclass
class DeckReport:
    format: FormatSpec
    on: dt.date
    lines: list[ResolvedLine]
    zones: dict[str, list[tuple[CardInfo, int]]]
    problems: list[DeckProblem]
    notes: list[str]
    source_kind: str = ""

    @property
    def legal(self) -> bool:
        """No invalid problem: the list resolves and describes a deck legal for the format on the date."""
        return not any(p.cls == INVALID for p in self.problems)

    @property
    def flagged(self) -> bool:
        return any(p.cls == INCORRECT for p in self.problems)

    @property
    def penalty_class(self) -> str | None:
        """Floor rules, Deck Lists: one penalty per decklist; invalid -> Game Loss, incorrect -> Game Warning."""
        classes = {p.cls for p in self.problems}
        if INVALID in classes:
            return GAME_LOSS
        if INCORRECT in classes:
            return GAME_WARNING
        return None

    @property
    def zone_list(self) -> list[dict]:
        labels = dict(ZONES[self.format.game])
        return [
            {"key": key, "label": labels[key], "count": sum(q for _c, q in cards),
             "cards": [{"qty": q, **c.as_dict()} for c, q in cards]}
            for key, cards in self.zones.items()
        ]

    def entries(self) -> list[dict]:
        """The resolved list for storage: card GUID (or None), quantity, zone and the line's status."""
        return [
            {"card": r.card.guid if r.card else None, "name": r.card.full_name if r.card else r.line.name,
             "qty": r.line.qty, "zone": zone_of(self.format.game, r.card) if r.card else "", "status": r.status}
            for r in self.lines
        ]

    def as_dict(self) -> dict:
        return {
            "format": {"slug": self.format.slug, "name": self.format.name, "game": self.format.game},
            "date": self.on.isoformat(), "legal": self.legal, "flagged": self.flagged,
            "penalty_class": self.penalty_class, "source_kind": self.source_kind,
            "deck": self.zone_list,
            "problems": [p.as_dict() for p in self.problems],
            "lines": [r.as_dict() for r in self.lines], "notes": self.notes,
        }

    def render_text(self) -> str:
        out = [f"{self.format.name} ({self.format.slug}) on {self.on.isoformat()}: "
               + ("LEGAL" if self.legal else "NOT LEGAL")
               + (" — flagged as an incorrect list (Game Warning)" if self.legal and self.flagged else "")]
        for zone in self.zone_list:
            out.append(f"\n{zone['label']} ({zone['count']})")
            out += [f"  {c['qty']} {c['name']} ({c['number']})" for c in zone["cards"]]
        if self.problems:
            out.append("\nProblems")
            out += [f"  [{p.cls}] {p.rule}: {f'line {p.line}: ' if p.line else ''}{p.message}" for p in self.problems]
        if self.notes:
            out.append("\nNotes")
            out += [f"  {n}" for n in self.notes]
        return "\n".join(out)


def zone_of(game: str, card: CardInfo) -> str:
    """The zone a card belongs to, by its type (not by the section it was listed under)."""
    if game == "mlp":
        if card.type == "Mane Character":
            return "mane"
        return "problem" if card.type == "Problem" else "draw"
    if card.type == "Neopet":
        return "rainbow" if card.rainbow_pool else "neopet"  # 5.4a: painted Neopets begin in the Rainbow Pool
    if card.type == "Faction" or card.rainbow_pool or RAINBOW_TEXT in card.text.lower():
        return "rainbow"  # 5.15b, 2.3d
    return "main"


def _names(cards: list[CardInfo]) -> str:
    return ", ".join(f"{c.full_name} ({c.number})" for c in cards)


def validate_deck(
    *, lines: list[DeckLine], fmt: FormatSpec | Format | str, on: dt.date, pool: dict[str, int] | None = None,
    index: CardIndex | None = None, source_kind: str = "", info: dict | None = None,
) -> DeckReport:
    """Resolve ``lines`` and check them against ``fmt`` as of ``on`` (the event's date).

    ``pool`` (limited formats) maps card GUIDs to the quantities in the player's sealed/draft pool.
    """
    spec = fmt if isinstance(fmt, FormatSpec) else FormatSpec.load(fmt)
    index = index or card_index(spec.game)
    resolved = resolve_lines(index, lines, legal=lambda card: spec.set_legal(card, on), format_name=spec.name)
    problems: list[DeckProblem] = []
    notes: list[str] = []
    for r in resolved:
        if r.status != EXACT:
            problems.append(DeckProblem(
                "Floor rules, Deck Lists", r.message, r.status,
                cards=[r.card] if r.card else r.suggestions[:5], line=r.line.line_no,
            ))
        if r.card is not None and r.line.section:
            types = SECTIONS.get(r.line.section)
            if types and r.card.type not in types:
                notes.append(f"line {r.line.line_no}: {r.card.full_name} ({r.card.number}) is a {r.card.type} listed "
                             f"under another section; it is counted by its type")
    game_id = (info or {}).get("game_id")
    if game_id and spec.game == "mlp" and game_id.lower() != MLP_OCTGN_GAME_ID:
        notes.append(f"the .o8d file was written for another OCTGN game definition ({game_id}); cards were matched by name")

    counts: Counter[int] = Counter()
    for r in resolved:
        if r.card is not None:
            counts[r.card.id] += r.line.qty
    zones: dict[str, list[tuple[CardInfo, int]]] = {key: [] for key, _ in ZONES[spec.game]}
    for card_id, qty in counts.items():
        card = index.cards[card_id]
        zones[zone_of(spec.game, card)].append((card, qty))
    order = {k: i for i, (k, _l) in enumerate(ZONES[spec.game])}
    for cards in zones.values():
        cards.sort(key=lambda t: (TYPE_ORDER.get(t[0].type, 99), t[0].full_name))
    zones = dict(sorted(zones.items(), key=lambda kv: order[kv[0]]))

    _check_legality(spec, on, zones, problems)
    if spec.game == "mlp":
        _check_mlp(spec, zones, problems, pool, index)
    else:
        _check_neopets(spec, zones, problems)
    return DeckReport(spec, on, resolved, zones, problems, notes, source_kind=source_kind)


def validate_deck_input(
    *, data: bytes | str, fmt: FormatSpec | Format | str, on: dt.date, kind: str = "auto",
    pool: dict[str, int] | None = None,
) -> DeckReport:
    """Parse and validate in one call; raises ``DeckInputError`` or ``UnknownFormat``."""
    spec = fmt if isinstance(fmt, FormatSpec) else FormatSpec.load(fmt)
    kind, lines, info = parse_deck(data, kind=kind)
    return validate_deck(lines=lines, fmt=spec, on=on, pool=pool, source_kind=kind, info=info)


def _check_legality(spec: FormatSpec, on: dt.date, zones, problems: list[DeckProblem]) -> None:
    rules = spec.rules
    for cards in zones.values():
        for card, _qty in cards:
            if card.set_code == "TK":
                problems.append(DeckProblem("521.3", f"{card.full_name} ({card.number}) is a token; a token may not "
                                            "exist outside play, so it can't be in a deck", INVALID, [card]))
                continue
            if rules.get("provided_cards") and card.number in rules["provided_cards"]:
                continue  # Limited Play: organiser-provided Mane Characters and Starting Problems
            if not spec.set_legal(card, on):
                if card.release_date and card.release_date > on:
                    why = f"{card.set_name} was released on {card.release_date.isoformat()}, after {on.isoformat()}"
                    rule = "Floor rules, Legal Cards"
                elif card.supplemental:
                    why = f"{card.set_name} is a supplemental product, not legal in {spec.name}"
                    rule = "Floor rules, Format Legality (Block Constructed)"
                else:
                    why = f"{card.set_name} is not a legal set in {spec.name}"
                    rule = "Floor rules, Format Legality"
                problems.append(DeckProblem(rule, f"{card.full_name} ({card.number}) is not legal: {why}", INVALID, [card]))
            ban = spec.ban(card, on)
            if ban is not None:
                effective, number, note = ban
                problems.append(DeckProblem(
                    "Floor rules, Format Legality (Harmony banlist)",
                    f"{card.full_name} ({card.number}) is banned in {spec.name} since {effective.isoformat()}"
                    + (f" ({note})" if note else ""), INVALID, [card],
                ))


def _copies(cards, limit: int | None, rule: str, what: str, problems: list[DeckProblem], key=lambda c: c.name_key) -> None:
    if limit is None:
        return
    by_name: dict[str, list[tuple[CardInfo, int]]] = {}
    for card, qty in cards:
        by_name.setdefault(key(card), []).append((card, qty))
    for group in by_name.values():
        total = sum(q for _c, q in group)
        if total > limit:
            first = group[0][0]
            problems.append(DeckProblem(
                rule, f"{total} copies of {first.full_name} in the {what}; at most {limit} copies of a card with "
                "the same name", INVALID, [c for c, _q in group],
            ))


def _check_mlp(spec: FormatSpec, zones, problems: list[DeckProblem], pool: dict[str, int] | None, index: CardIndex) -> None:
    r = spec.rules
    manes, draw, problem_deck = zones["mane"], zones["draw"], zones["problem"]
    mane_count = sum(q for _c, q in manes)
    mane_rule = r.get("mane", {"exactly": 1})
    if mane_count != mane_rule.get("exactly", 1):
        msg = ("the deck has no Mane Character" if not mane_count else
               f"the deck has {mane_count} Mane Characters ("
               + ", ".join(f"{q} {c.full_name} ({c.number})" for c, q in manes) + ")")
        problems.append(DeckProblem("102.1", f"{msg}; a player needs exactly one Mane Character", INVALID, [c for c, _q in manes]))
    dr = r.get("draw_deck", {})
    draw_count = sum(q for _c, q in draw)
    if draw_count < dr.get("min", 45):
        rule = dr.get("rule_min", "101.1")
        problems.append(DeckProblem(rule, f"the Draw Deck has {draw_count} cards; it needs at least {dr.get('min', 45)}", INVALID))
    _copies(draw, dr.get("max_copies", 3), dr.get("rule_copies", "101.2"), "Draw Deck", problems)
    pr = r.get("problem_deck", {})
    problem_count = sum(q for _c, q in problem_deck)
    size = pr.get("exactly", 10)
    if problem_count != size:
        problems.append(DeckProblem(pr.get("rule_size", "101.3"),
                                    f"the Problem Deck has {problem_count} Problem{'s' if problem_count != 1 else ''}; it must have exactly {size}", INVALID))
    _copies(problem_deck, pr.get("max_copies", 2), pr.get("rule_copies", "101.3a"), "Problem Deck", problems)
    if problem_count and not any(c.is_starting_problem for c, _q in problem_deck):
        problems.append(DeckProblem(pr.get("rule_starting", "101.3c"),
                                    "the Problem Deck has no Problem with the Starting Problem keyword", INVALID))
    elif not problem_count:
        problems.append(DeckProblem(pr.get("rule_starting", "101.3c"),
                                    "the Problem Deck must include at least one Starting Problem", INVALID))
    if r.get("pool"):
        _check_pool(spec, zones, problems, pool)


POOL_RULE = "Limited Play, Sealed Deck Format / Booster Draft Format"


def _check_pool(spec: FormatSpec, zones, problems: list[DeckProblem], pool: dict[str, int] | None) -> None:
    """Limited Play: every card comes from the player's sealed/draft pool ("each player constructs a limited
    deck from a pool of cards"), except the provided Mane Characters and Starting Problems (any number)."""
    provided = set(spec.rules.get("provided_cards", ()))
    if pool is None:
        problems.append(DeckProblem(POOL_RULE, "no card pool is recorded for this player, so the deck can't be checked "
                                    "against it", INVALID))
        return
    for cards in zones.values():
        for card, qty in cards:
            if card.number in provided and (card.type == "Mane Character" or card.is_starting_problem):
                continue  # Limited Play, Mane Characters / Starting Problems: provided, in any number
            have = pool.get(card.guid, 0)
            if qty <= have:
                continue
            if card.type == "Mane Character":
                rule, why = "Limited Play, Mane Characters", "it is not one of the provided Mane Characters"
            elif card.is_starting_problem:
                rule, why = "Limited Play, Starting Problems", "it is not one of the provided Starting Problems"
            else:
                rule, why = POOL_RULE, "a limited deck is built from the player's own pool"
            problems.append(DeckProblem(
                rule, f"{qty} {card.full_name} ({card.number}) in the deck but {have} in the player's pool; {why}",
                INVALID, [card],
            ))


def _check_neopets(spec: FormatSpec, zones, problems: list[DeckProblem]) -> None:
    r = spec.rules
    pets, rainbow, main = zones["neopet"], zones["rainbow"], zones["main"]
    nd = r.get("neopet_deck", {"min": 3, "max": 5})
    n = sum(q for _c, q in pets)
    if not nd.get("min", 3) <= n <= nd.get("max", 5):
        problems.append(DeckProblem("2.2a", f"the Neopet Deck has {n} Basic Neopets; it needs at least "
                                    f"{nd.get('min', 3)} and at most {nd.get('max', 5)}", INVALID, [c for c, _q in pets]))
    for card, _qty in pets:
        if "Basic" not in card.traits:
            problems.append(DeckProblem("2.2a", f"{card.full_name} ({card.number}) is not a Basic Neopet; the Neopet "
                                        "Deck holds Basic Neopets only", INVALID, [card]))
    species = Counter()
    for card, qty in pets:
        species[card.species.casefold() or card.name_key] += qty
    for sp, count in species.items():
        if count > 1:
            same = [c for c, _q in pets if (c.species.casefold() or c.name_key) == sp]
            problems.append(DeckProblem("2.2b", f"{count} Neopets of the species {same[0].species or sp} ({_names(same)}); "
                                        "all Neopets in the Neopet Deck must have a different species name", INVALID, same))
    rp = r.get("rainbow_pool", {"max": 15, "max_neopets": 10})
    total = sum(q for _c, q in rainbow)
    if total > rp.get("max", 15):
        problems.append(DeckProblem("2.3a", f"the Rainbow Pool has {total} cards; it may have up to {rp.get('max', 15)}", INVALID))
    rp_pets = [(c, q) for c, q in rainbow if c.type == "Neopet"]
    if sum(q for _c, q in rp_pets) > rp.get("max_neopets", 10):
        problems.append(DeckProblem("2.3a", f"the Rainbow Pool has {sum(q for _c, q in rp_pets)} Rainbow Pool Neopets; "
                                    f"no more than {rp.get('max_neopets', 10)}", INVALID))
    for card, qty in rainbow:
        if qty > 1:
            rule = "2.3b" if card.type == "Neopet" else ("5.15b.1" if card.type == "Faction" else "2.3b")
            problems.append(DeckProblem(rule, f"{qty} copies of {card.full_name} in the Rainbow Pool; no more than one "
                                        "copy of each", INVALID, [card]))
    md = r.get("main_deck", {})
    size = md.get("exactly", 50)
    count = sum(q for _c, q in main)
    if count != size:
        problems.append(DeckProblem("2.4a", f"the Main Deck has {count} cards; it must have exactly {size}", INVALID))
    unlimited = set(md.get("unlimited_types", ["Codestone"]))  # 2.4d, 5.14b
    single = md.get("single_copy_types", {"Faerie": "5.5b", "Hero": "5.5b", "Villain": "5.5b", "Petpet": "5.9b",
                                          "Map Piece": "5.13b"})
    limited = [(c, q) for c, q in main if c.type not in unlimited and c.type not in single]
    # 2.4c: same Name, same Type and same Team Icon
    _copies(limited, md.get("max_copies", 2), "2.4c", "Main Deck", problems,
            key=lambda c: (c.name_key, c.type, c.team_icon.casefold()))
    for card, qty in main:
        if card.type in single and qty > 1:
            problems.append(DeckProblem(single[card.type], f"{qty} copies of the {card.type} {card.full_name} in the Main "
                                        f"Deck; no more than one copy of each {card.type}", INVALID, [card]))
