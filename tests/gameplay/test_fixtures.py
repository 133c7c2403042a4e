"""The gameplay test fixtures: no conftest shadows pytest-django's ``db`` fixture, and the card data
comes from PONYHALL_SHARED_DIR as the settings read it."""
from __future__ import annotations

import ast
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def fixture_names(source: str) -> set[str]:
    names = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.FunctionDef):
            for dec in node.decorator_list:
                target = dec.func if isinstance(dec, ast.Call) else dec
                if ast.unparse(target) in ("pytest.fixture", "fixture"):
                    names.add(node.name)
    return names


def test_no_conftest_shadows_the_db_fixture():
    assert fixture_names("import pytest\n@pytest.fixture(scope='session')\ndef db():\n    pass\n") == {"db"}
    shadowing = [str(p.relative_to(ROOT)) for p in (ROOT / "tests").rglob("*.py") if "db" in fixture_names(p.read_text())]
    assert shadowing == []


def test_the_card_pool_is_read_from_ponyhall_shared_dir(tmp_path):
    code = "import tests.gameplay.conftest as c; print(c.CARDS)"
    env = os.environ | {"PONYHALL_SHARED_DIR": str(tmp_path)}
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True, check=True)
    assert out.stdout.strip() == str(tmp_path.resolve() / "cards" / "mlpccg")
