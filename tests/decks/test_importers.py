"""The card import against the full community database in ../shared/cards/mlpccg."""
from __future__ import annotations

import shutil
import xml.etree.ElementTree as ET
from collections import Counter
from pathlib import Path

import pytest
from django.conf import settings
from django.core.management import call_command

from decks.importers import import_mlp_octgn, import_neopets
from decks.models import BoostedSide, Card, CardAlias, CardSet
from decks.sources.octgn_xml import CardDataError

SHARED = Path(settings.CARD_DATA_DIR)
pytestmark = pytest.mark.skipif(not SHARED.is_dir(), reason="../shared/cards/mlpccg is not beside the checkout")

# The data README's table (front faces per file).
README_COUNTS = {
    "Premier": 213, "Canterlot-Nights": 206, "Rock-N-Rave": 14, "Celestial-Solstice": 10, "Crystal-Games": 206,
    "Absolute-Discord": 208, "Equestrian-Odysseys": 218, "High-Magic": 152, "Marks-in-Time": 145,
    "Defenders-of-Equestria": 142, "Seaquestria-and-Beyond": 142, "Friends-Forever": 141, "Sands-in-Time": 2,
    "Leaders-and-Legends": 145, "Tokens": 9, "Promos": 17, "Villain-Challenge": 61,
}


def xml_counts() -> dict[str, Counter]:
    """Per file and type, counted straight from the XML with the standard library (trusted local data)."""
    out = {}
    for f in sorted(SHARED.glob("*.xml")):
        root = ET.parse(f).getroot()
        out[f.stem] = Counter(
            next(p.get("value") for p in c.findall("property") if p.get("name") == "Type")
            for c in root.find("cards").findall("card")
        )
    return out


def test_every_set_and_type_count_equals_the_xml(db):
    counts = xml_counts()
    assert {k: sum(v.values()) for k, v in counts.items()} == README_COUNTS
    for set_ in CardSet.objects.filter(game__slug="mlp"):
        db_types = Counter(set_.cards.values_list("type", flat=True))
        assert db_types == counts[set_.source_name], set_.name
    assert Card.objects.filter(game__slug="mlp").count() == 2031
    assert BoostedSide.objects.filter(card__type="Mane Character").count() == 80


def test_the_totals_per_type_match_the_data_readme(db):
    per_type = Counter(Card.objects.filter(game__slug="mlp").values_list("type", flat=True))
    assert per_type == {"Mane Character": 80, "Friend": 1065, "Event": 284, "Resource": 245, "Troublemaker": 99, "Problem": 258}


def test_set_names_are_spelt_as_the_rules_spell_them(db):
    names = set(CardSet.objects.values_list("name", flat=True))
    assert {"Premiere", "The Crystal Games"} <= names and "Premier" not in names
    assert CardSet.objects.get(code="RR").supplemental and CardSet.objects.get(code="CS").supplemental
    assert CardSet.objects.get(code="EO").block == "Odyssey" and CardSet.objects.get(code="AD").block == "Premiere"


def test_a_card_keeps_every_gameplay_field(db):
    rd = Card.objects.get(number="PR1", type="Mane Character")
    assert (rd.title, rd.subtitle, rd.colors, rd.power, rd.home_limit) == ("Rainbow Dash", "Flier Extraordinaire", ["Loyalty"], 1, 3)
    assert rd.boosted.power == 3 and rd.boosted.home_limit == 4 and "Swift" in rd.boosted.keywords
    banned = Card.objects.get(number="PR16")
    assert banned.full_name == "Rainbowshine, Cloud Wrangler"
    tri = [c for c in Card.objects.filter(game__slug="mlp") if len(c.colors) == 3]
    assert len(tri) == 12


def test_commented_promos_become_aliases_of_their_reprints(db):
    alias = CardAlias.objects.get(number="PRpf1")
    assert alias.card.number == "PR212" and alias.name == "Rainbow Dash, To the Rescue"
    assert CardAlias.objects.count() == 5


def test_importing_twice_changes_nothing(db):
    before = {c.guid: (c.pk, c.text, c.power) for c in Card.objects.all()}
    report = import_mlp_octgn(SHARED)
    assert (report.created, report.updated, report.unchanged) == (0, 0, 2031)
    assert {c.guid: (c.pk, c.text, c.power) for c in Card.objects.all()} == before


def test_a_changed_card_is_updated_in_place_and_keeps_its_identity(db, tmp_path):
    data = tmp_path / "cards"
    shutil.copytree(SHARED, data)
    f = data / "Premier.xml"
    f.write_text(f.read_text(encoding="utf-8").replace(
        "When you confront this card's Problem, if you have a Troublemaker at that Problem, turn this card over.",
        "Errata text.", 1), encoding="utf-8")
    pk = Card.objects.get(number="PR1", type="Mane Character").pk
    report = import_mlp_octgn(data)
    assert report.updated == 1 and report.created == 0
    card = Card.objects.get(pk=pk)
    assert card.text == "Errata text." and card.number == "PR1"


def test_a_malformed_file_names_the_file_and_card_and_imports_nothing(db, tmp_path):
    Card.objects.all().delete()
    data = tmp_path / "cards"
    shutil.copytree(SHARED, data)
    f = data / "High-Magic.xml"
    text = f.read_text(encoding="utf-8")
    start = text.index('name="Power" value="', text.index("<cards>"))
    f.write_text(text[:start] + 'name="Power" value="lots' + text[start + len('name="Power" value="'):], encoding="utf-8")
    with pytest.raises(CardDataError) as err:
        import_mlp_octgn(data)
    assert "High-Magic.xml" in str(err.value) and "card " in str(err.value) and "'lots" in str(err.value)
    assert Card.objects.count() == 0 and not CardSet.objects.filter(code="HM", cards__isnull=False).exists()


def test_truncated_xml_names_the_file_and_imports_nothing(db, tmp_path):
    Card.objects.all().delete()
    data = tmp_path / "cards"
    shutil.copytree(SHARED, data)
    (data / "Tokens.xml").write_text("<set name='Tokens'><cards><card id='x'", encoding="utf-8")
    with pytest.raises(CardDataError, match="Tokens.xml: malformed XML"):
        import_mlp_octgn(data)
    assert Card.objects.count() == 0


def test_the_command_reports_counts_per_set_and_type(db, capsys):
    call_command("import_cards", "mlp-octgn", str(SHARED))
    out = capsys.readouterr().out
    assert "Premiere" in out and "213" in out and "Mane Character 80" in out and "unchanged 2031" in out


def test_the_command_fails_cleanly_on_a_missing_directory(db, tmp_path):
    from django.core.management.base import CommandError

    with pytest.raises(CommandError, match="nothing was imported"):
        call_command("import_cards", "mlp-octgn", str(tmp_path))


def test_the_neopets_demo_set_is_marked_as_demo_data(db):
    s = CardSet.objects.get(game__slug="neopets")
    assert s.demo
    kacheek = Card.objects.get(guid="neopets:demo-n1")
    assert (kacheek.hit_points, kacheek.attack, kacheek.defence, kacheek.agility, kacheek.species) == (10, 2, 2, 3, "Kacheek")
    assert Card.objects.get(guid="neopets:demo-n6").rainbow_pool


def test_a_neopets_csv_with_an_unknown_type_imports_nothing(db, tmp_path):
    f = tmp_path / "cards.csv"
    f.write_text("id,name,type\nx1,Good Kacheek,Neopet\nx2,Odd Thing,Spaceship\n", encoding="utf-8")
    with pytest.raises(CardDataError, match="unknown Neopets card type 'Spaceship'"):
        import_neopets(f, set_code="T1", set_name="Test")
    assert not Card.objects.filter(guid="neopets:x1").exists()


def test_importing_the_cards_installs_the_built_in_formats(db):
    """README "Card data": import_cards then validate_deck --format mlp-harmony works, no demo data needed."""
    from decks.models import Format

    Format.objects.all().delete()
    import_mlp_octgn(SHARED)
    assert {"mlp-harmony", "mlp-premiere-block", "mlp-odyssey-block", "mlp-limited"} <= set(Format.objects.values_list("slug", flat=True))
    harmony = Format.objects.get(slug="mlp-harmony")
    assert harmony.banlist.filter(card__number="PR175").exists()
    import_neopets(settings.BASE_DIR / "decks" / "data" / "neopets-demo.json")
    assert Format.objects.filter(slug="neopets-constructed").exists()
