"""python manage.py validate_deck --format SLUG [--date] FILE [--json]: exit 0 legal, 1 illegal, 2 bad input."""
from __future__ import annotations

import json

import pytest
from django.core.management import call_command

from decklist_helpers import FIXTURES, OCTGN

pytestmark = pytest.mark.django_db
APPLEJACK = OCTGN / "gamemasterluna/Original-Theme-Decks__Applejack-Theme-Deck.o8d"


def run(*args) -> tuple[int, str, str]:
    from io import StringIO

    out, err = StringIO(), StringIO()
    with pytest.raises(SystemExit) as exit_:
        call_command("validate_deck", *args, stdout=out, stderr=err)
    return exit_.value.code, out.getvalue(), err.getvalue()


def test_a_legal_deck_exits_0_and_prints_the_report():
    code, out, _ = run("--format", "mlp-harmony", "--date", "2016-05-31", str(APPLEJACK))
    assert code == 0 and out.startswith("Harmony Constructed (mlp-harmony) on 2016-05-31: LEGAL")
    assert "Mane Character (1)" in out and "1 Applejack, Steadfast Farmpony (PR2)" in out


def test_the_same_deck_after_its_ban_exits_1_naming_the_rule_and_card():
    code, out, _ = run("--format", "mlp-harmony", "--date", "2016-06-01", str(APPLEJACK))
    assert code == 1 and "NOT LEGAL" in out
    assert "[invalid] Floor rules, Format Legality (Harmony banlist): I Need Answers (PR175) is banned" in out


def test_json_output_lists_the_resolved_deck_and_the_problems():
    code, out, _ = run("--format", "mlp-harmony", "--date", "2016-09-01", "--json", str(FIXTURES / "handwritten.o8d"))
    report = json.loads(out)
    assert code == 1 and report["legal"] is False and report["penalty_class"] == "game_loss"
    mane = report["deck"][0]
    assert mane["label"] == "Mane Character" and [c["number"] for c in mane["cards"]] == ["PR6", "CN7"]
    draw = {c["number"]: c["qty"] for c in report["deck"][1]["cards"]}
    assert draw == {"PR81": 3, "PR212": 2}  # by name (unknown GUID) and by the commented promo's alias GUID
    classes = {(p["rule"], p["class"]) for p in report["problems"]}
    assert ("Floor rules, Deck Lists", "incorrect") in classes  # "Bunny Breakuot"
    assert {("102.1", "invalid"), ("101.1", "invalid"), ("101.3", "invalid")} <= classes


def test_unknown_formats_bad_dates_and_unreadable_files_exit_2(tmp_path):
    assert run("--format", "nope", str(APPLEJACK))[0] == 2
    assert run("--format", "mlp-harmony", "--date", "31/05/2016", str(APPLEJACK))[0] == 2
    assert run("--format", "mlp-harmony", str(tmp_path / "missing.txt"))[0] == 2
    binary = tmp_path / "deck.o8d"
    binary.write_bytes(b"\x00\x01\x02" * 100)
    code, _, err = run("--format", "mlp-harmony", str(binary))
    assert code == 2 and "binary" in err


def test_neopets_decks_are_validated_too():
    assert run("--format", "neopets-constructed", str(FIXTURES / "neopets-legal.txt"))[0] == 0


def test_a_limited_deck_is_checked_against_the_pool_given(tmp_path):
    """--pool: the player's sealed/draft pool; cards beyond it are refused (Limited Play)."""
    from decks.models import Card

    friends = list(Card.objects.filter(card_set__code="PR", type="Friend").order_by("number")[:30])
    deck = ["1 CN1"] + [f"1 {c.number}" for c in friends] + ["5 PR168"]
    (tmp_path / "deck.txt").write_text("\n".join(deck))
    (tmp_path / "pool.txt").write_text("\n".join(f"1 {c.number}" for c in friends))
    code, out, _ = run("--format", "mlp-limited", "--pool", str(tmp_path / "pool.txt"), str(tmp_path / "deck.txt"))
    assert code == 0, out
    (tmp_path / "pool.txt").write_text("\n".join(f"1 {c.number}" for c in friends[:29]))
    code, out, _ = run("--format", "mlp-limited", "--pool", str(tmp_path / "pool.txt"), str(tmp_path / "deck.txt"))
    assert code == 1 and "Limited Play, Sealed Deck Format / Booster Draft Format" in out
    code, _out, err = run("--format", "mlp-limited", "--pool", str(tmp_path / "missing.txt"), str(tmp_path / "deck.txt"))
    assert code == 2 and "can't read" in err
