"""The services package: one public API in ``tournaments.services``, modules that import one way only."""
import ast
import importlib
from pathlib import Path

import tournaments.services as services

PACKAGE = Path(services.__file__).parent
# Lower modules first: each may import only from modules before it.
LAYERS = ["common", "clocks", "matches", "registration", "penalties", "rounds", "events", "deadlines",
          "pairing_edits", "players", "deleting"]


def _service_imports(module: str) -> list[ast.ImportFrom]:
    tree = ast.parse((PACKAGE / f"{module}.py").read_text())
    return [n for n in ast.walk(tree) if isinstance(n, ast.ImportFrom) and (n.module or "").startswith("tournaments.services")]


def test_every_public_name_is_importable_from_the_package():
    for name in services.__all__:
        obj = getattr(services, name)  # fails for a name listed but not re-exported
        home = getattr(obj, "__module__", "") or ""
        if callable(obj) and home.startswith("tournaments.services."):
            assert getattr(importlib.import_module(home), name) is obj


def test_the_layers_cover_every_module():
    assert {p.stem for p in PACKAGE.glob("*.py")} - {"__init__"} == set(LAYERS)


def test_modules_import_only_lower_modules_and_only_public_names():
    for i, module in enumerate(LAYERS):
        for node in _service_imports(module):
            source = node.module.rsplit(".", 1)[-1]
            assert source in LAYERS[:i], f"{module} imports from {source}, which is not below it"
            private = [a.name for a in node.names if a.name.startswith("_")]
            assert not private, f"{module} imports private names {private} from {source}"
