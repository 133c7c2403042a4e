"""Exporting a resolved decklist as plain text or an OCTGN ``.o8d`` deck file."""
from __future__ import annotations

from xml.sax.saxutils import escape, quoteattr

from decks.card_index import CardInfo, card_index
from decks.validation import MLP_OCTGN_GAME_ID

OCTGN_SECTIONS = {  # OCTGN's MLP section names, by card type
    "Mane Character": "Mane Character", "Friend": "Friends", "Resource": "Resources", "Event": "Events",
    "Troublemaker": "Troublemakers", "Problem": "Problems",
}
MLP_SECTION_ORDER = ["Mane Character", "Friends", "Resources", "Events", "Troublemakers", "Problems"]
NEOPETS_SECTIONS = {"neopet": "Neopet Deck", "rainbow": "Rainbow Pool", "main": "Main Deck"}


def _cards(game: str, entries: list[dict]) -> list[tuple[CardInfo, int, str]]:
    index = card_index(game)
    merged: dict[str, int] = {}
    zones: dict[str, str] = {}
    for e in entries:
        if e.get("card"):
            merged[e["card"]] = merged.get(e["card"], 0) + int(e["qty"])
            zones[e["card"]] = e.get("zone", "")
    out = []
    for guid, qty in merged.items():
        info = index.by_guid.get(guid.lower())
        if info is not None:
            out.append((info, qty, zones[guid]))
    return out


def _sections(game: str, entries: list[dict]) -> list[tuple[str, list[tuple[CardInfo, int]]]]:
    groups: dict[str, list[tuple[CardInfo, int]]] = {}
    for info, qty, zone in _cards(game, entries):
        name = OCTGN_SECTIONS.get(info.type, "Draw Deck") if game == "mlp" else NEOPETS_SECTIONS.get(zone, "Main Deck")
        groups.setdefault(name, []).append((info, qty))
    order = MLP_SECTION_ORDER if game == "mlp" else list(NEOPETS_SECTIONS.values())
    for cards in groups.values():
        cards.sort(key=lambda t: t[0].full_name)
    return [(name, groups[name]) for name in order if name in groups]


def decklist_to_text(*, game: str, entries: list[dict]) -> str:
    """Plain text with section headers and "3x Title, Subtitle" lines; it parses back to the same deck."""
    out = []
    for name, cards in _sections(game, entries):
        out.append(f"{name} ({sum(q for _c, q in cards)})")
        out += [f"{qty}x {info.full_name}" for info, qty in cards]
        out.append("")
    return "\n".join(out)


def decklist_to_o8d(*, game: str, entries: list[dict]) -> str:
    game_id = MLP_OCTGN_GAME_ID if game == "mlp" else f"ponyhall-{game}"
    out = ['<?xml version="1.0" encoding="utf-8" standalone="yes"?>', f"<deck game={quoteattr(game_id)}>"]
    for name, cards in _sections(game, entries):
        out.append(f'  <section name={quoteattr(name)} shared="False">')
        out += [f'    <card qty="{qty}" id={quoteattr(info.guid)}>{escape(info.full_name)}</card>' for info, qty in cards]
        out.append("  </section>")
    out += ["  <notes><![CDATA[]]></notes>", "</deck>", ""]
    return "\n".join(out)
