"""An in-memory index of one game's cards, for resolving and validating decklists without per-line queries.

Built once per process and game from two queries, and rebuilt when the catalog changes: saves and deletes
of cards, aliases and sets clear it in this process (signals below), and a cheap stamp (card count, highest
id, alias count) catches imports made by another process.
"""
from __future__ import annotations

import datetime as dt
import re
import threading
import time
from dataclasses import dataclass, field

from django.db.models import Count, Max
from django.db.models.signals import post_delete, post_save

from decks.models import Card, CardAlias, CardSet, fold_name

# Marks that deck files add to names ("Pinkie Pie™ Party Animal"): NFKD would turn ™ into "TM".
_MARKS = str.maketrans({"™": " ", "®": " ", "©": " ", "\u2018": "'", "\u2019": "'", "\u201c": '"', "\u201d": '"'})


def clean_name(value: str) -> str:
    return " ".join(value.translate(_MARKS).split())


def fold(value: str) -> str:
    """``fold_name`` after removing trademark marks; apostrophes are dropped rather than split words."""
    return fold_name(clean_name(value).replace("'", ""))


def number_key(value: str) -> str:
    """"PR16", "pr 16", "PR #16" and "PR-16"? No: "AD-3" is a real number; only spaces and '#' go."""
    return re.sub(r"[\s#]", "", value).upper()


@dataclass(frozen=True, slots=True)
class CardInfo:
    """The facts deck validation needs about one card (a plain value, safe to share between threads)."""

    id: int
    guid: str
    number: str
    title: str
    subtitle: str
    type: str
    set_id: int
    set_code: str
    set_name: str
    release_date: dt.date | None
    block: str
    supplemental: bool
    keywords: tuple[str, ...]
    traits: tuple[str, ...]
    species: str
    team_icon: str
    rainbow_pool: bool
    text: str
    # Cards with the same name (title and subtitle, 201.1) count together for copy limits.
    name_key: str = ""

    @property
    def full_name(self) -> str:
        return f"{self.title}, {self.subtitle}" if self.subtitle else self.title

    @property
    def is_starting_problem(self) -> bool:
        return self.type == "Problem" and "Starting Problem" in self.keywords

    def as_dict(self) -> dict:
        return {
            "guid": self.guid, "number": self.number, "name": self.full_name, "title": self.title,
            "subtitle": self.subtitle, "type": self.type, "set": self.set_code,
        }


@dataclass
class CardIndex:
    game: str
    cards: dict[int, CardInfo] = field(default_factory=dict)
    by_guid: dict[str, CardInfo] = field(default_factory=dict)  # card and alias GUIDs, lower case
    by_number: dict[str, list[CardInfo]] = field(default_factory=dict)
    by_exact_name: dict[str, list[CardInfo]] = field(default_factory=dict)
    by_folded_name: dict[str, list[CardInfo]] = field(default_factory=dict)
    by_folded_title: dict[str, list[CardInfo]] = field(default_factory=dict)
    # choices for fuzzy matching: folded full names and folded titles -> cards
    fuzzy_choices: list[str] = field(default_factory=list)
    fuzzy_cards: list[list[CardInfo]] = field(default_factory=list)
    stamp: tuple = ()
    checked_at: float = 0.0

    def add(self, info: CardInfo) -> None:
        self.cards[info.id] = info
        self.by_guid[info.guid.lower()] = info
        self.by_number.setdefault(number_key(info.number), []).append(info)
        self.by_exact_name.setdefault(info.full_name, []).append(info)
        self.by_folded_name.setdefault(info.name_key, []).append(info)
        self.by_folded_title.setdefault(fold(info.title), []).append(info)

    def finish(self) -> None:
        order = lambda c: (c.release_date or dt.date.max, c.id)  # noqa: E731 - earliest printing first
        for table in (self.by_number, self.by_exact_name, self.by_folded_name, self.by_folded_title):
            for infos in table.values():
                infos.sort(key=order)
        keys: dict[str, list[CardInfo]] = {}
        for key, infos in self.by_folded_name.items():
            keys.setdefault(key, []).extend(infos)
        for key, infos in self.by_folded_title.items():
            if key not in self.by_folded_name:
                keys.setdefault(key, []).extend(infos)
        self.fuzzy_choices = list(keys)
        self.fuzzy_cards = [keys[k] for k in self.fuzzy_choices]


_lock = threading.Lock()
_indexes: dict[str, CardIndex] = {}


def _stamp(game: str) -> tuple:
    agg = Card.objects.filter(game__slug=game).aggregate(n=Count("id"), m=Max("id"))
    return (agg["n"], agg["m"], CardAlias.objects.filter(card__game__slug=game).count())


def _build(game: str, stamp: tuple) -> CardIndex:
    index = CardIndex(game=game, stamp=stamp)
    sets = {s.pk: s for s in CardSet.objects.filter(game__slug=game)}
    rows = Card.objects.filter(game__slug=game).values_list(
        "id", "guid", "number", "title", "subtitle", "type", "card_set_id", "keywords", "traits", "species",
        "team_icon", "rainbow_pool", "text",
    )
    for (pk, guid, number, title, subtitle, ctype, set_id, keywords, traits, species, team_icon, rainbow, text) in rows:
        s = sets[set_id]
        index.add(CardInfo(
            id=pk, guid=guid, number=number, title=title, subtitle=subtitle, type=ctype, set_id=set_id,
            set_code=s.code, set_name=s.name, release_date=s.release_date, block=s.block,
            supplemental=s.supplemental, keywords=tuple(keywords or ()), traits=tuple(traits or ()),
            species=species, team_icon=team_icon, rainbow_pool=rainbow, text=text,
            name_key=fold(f"{title}, {subtitle}" if subtitle else title),
        ))
    for guid, number, card_id in CardAlias.objects.filter(card__game__slug=game).values_list("guid", "number", "card_id"):
        info = index.cards.get(card_id)
        if info is not None:
            index.by_guid[guid.lower()] = info
            index.by_number.setdefault(number_key(number), []).append(info)
    index.finish()
    return index


STAMP_TTL = 2.0  # seconds: how stale another process's import may look here


def card_index(game: str) -> CardIndex:
    """The cached index of ``game``'s cards (rebuilt if the catalog changed)."""
    index = _indexes.get(game)
    now = time.monotonic()
    if index is not None and now - index.checked_at < STAMP_TTL:
        return index  # this process's own changes cleared the cache through the signals
    stamp = _stamp(game)
    if index is not None and index.stamp == stamp:
        index.checked_at = now
        return index
    with _lock:  # one build at a time per process
        index = _indexes.get(game)
        if index is None or index.stamp != stamp:
            index = _build(game, stamp)
            _indexes[game] = index
        index.checked_at = now
    return index


def card_index_clear(**_kwargs) -> None:
    _indexes.clear()
    cache_clear_hooks_run()


_clear_hooks: list = []


def on_catalog_change(hook) -> None:
    """Register a function called whenever the card index is cleared (e.g. the format cache)."""
    _clear_hooks.append(hook)


def cache_clear_hooks_run() -> None:
    for hook in _clear_hooks:
        hook()


for _model in (Card, CardAlias, CardSet):
    post_save.connect(card_index_clear, sender=_model, dispatch_uid=f"card_index_clear_save_{_model.__name__}")
    post_delete.connect(card_index_clear, sender=_model, dispatch_uid=f"card_index_clear_delete_{_model.__name__}")
