"""The decks app reads events only through ``tournaments.event_selectors``: no tournaments model, status
string, tier number or role name is imported (or repeated) in decks/."""
from __future__ import annotations

import ast
from pathlib import Path

DECKS = Path(__file__).resolve().parents[2] / "decks"
ALLOWED = {"tournaments.event_selectors"}


def tournaments_imports(source: str) -> set[str]:
    """Every tournaments module a source file imports, at module level or inside a function."""
    found = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            found |= {a.name for a in node.names if a.name.split(".")[0] == "tournaments"}
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            if node.module == "tournaments":  # from tournaments import x: x is a module of tournaments
                found |= {f"tournaments.{a.name}" for a in node.names}
            elif node.module.split(".")[0] == "tournaments":
                found.add(node.module)
    return found


def test_the_check_sees_every_form_of_import():
    source = ("import tournaments.models\nfrom tournaments import roles\n"
              "def f():\n    from tournaments.tiers import tier_rules\n")
    assert tournaments_imports(source) == {"tournaments.models", "tournaments.roles", "tournaments.tiers"}
    assert tournaments_imports("from tournaments import event_selectors\n") <= ALLOWED


def test_decks_imports_nothing_from_tournaments_but_its_selectors():
    files = [p for p in DECKS.rglob("*.py") if "migrations" not in p.parts]
    assert files
    wrong = {str(p.relative_to(DECKS)): sorted(tournaments_imports(p.read_text()) - ALLOWED) for p in files}
    assert {name: mods for name, mods in wrong.items() if mods} == {}
