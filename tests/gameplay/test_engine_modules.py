"""The engine's modules: each imports on its own, they import each other without a cycle, at the top
of the module, and no private name (``_x``) crosses a module boundary."""
from __future__ import annotations

import ast
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import networkx as nx
import pytest

ROOT = Path(__file__).resolve().parents[2]
ENGINE = ROOT / "gameplay" / "engine"
SOURCES = [p for p in ENGINE.rglob("*.py") if not any(part.startswith(".") for part in p.relative_to(ENGINE).parts)]
MODULES = sorted(".".join(p.relative_to(ROOT).with_suffix("").parts).removesuffix(".__init__") for p in SOURCES)


def _module_of(path: Path) -> str:
    return ".".join(path.relative_to(ROOT).with_suffix("").parts).removesuffix(".__init__")


def _imports(path: Path, tree: ast.Module | None = None):
    """(node, imported module, names) of every import of an engine module in ``path`` (parsed: ``tree``)."""
    mod = _module_of(path)
    package = mod if path.name == "__init__.py" else mod.rpartition(".")[0]
    for node in ast.walk(tree or ast.parse(path.read_text())):
        if isinstance(node, ast.ImportFrom):
            base = package
            for _ in range(node.level - 1):
                base = base.rpartition(".")[0]
            target = f"{base}.{node.module}" if node.level and node.module else base if node.level else node.module
            names = [a.name for a in node.names]
            for n in names:  # ``from . import flow``: the module gameplay.engine.mlp.flow
                if f"{target}.{n}" in MODULES:
                    yield node, f"{target}.{n}", []
            if target in MODULES and not all(f"{target}.{n}" in MODULES for n in names):
                yield node, target, names
        elif isinstance(node, ast.Import):
            for a in node.names:
                if a.name in MODULES:
                    yield node, a.name, []


def test_the_module_list_is_found():
    assert "gameplay.engine.mlp.rules" in MODULES and "gameplay.engine.mlp.cards.premiere" in MODULES


@pytest.mark.slow
def test_each_module_imports_on_its_own_in_a_fresh_interpreter():
    def run(module: str) -> tuple[str, subprocess.CompletedProcess]:
        return module, subprocess.run([sys.executable, "-c", f"import {module}"], cwd=ROOT, capture_output=True, text=True)

    with ThreadPoolExecutor(max_workers=4) as pool:  # (one interpreter per module, a few at a time)
        failed = {m: r.stderr.strip().splitlines()[-1] for m, r in pool.map(run, MODULES) if r.returncode}
    assert failed == {}


def test_the_engine_modules_import_each_other_without_a_cycle():
    graph = nx.DiGraph()
    for path in SOURCES:
        for _node, target, _names in _imports(path):
            graph.add_edge(_module_of(path), target)
    cycles = [c for c in nx.simple_cycles(graph) if len(c) > 1 or graph.has_edge(c[0], c[0])]
    # (a package imports its own modules, and they import the package's siblings: not a cycle of code)
    cycles = [c for c in cycles if not any(m + "." in other for m in c for other in c if m != other)]
    assert cycles == []


def test_imports_are_at_the_top_of_each_module_never_inside_a_function():
    late = []
    for path in SOURCES:
        tree = ast.parse(path.read_text())
        top = set(tree.body)
        first_code = next((i for i, n in enumerate(tree.body) if not isinstance(
            n, (ast.Import, ast.ImportFrom, ast.Expr))), len(tree.body))
        for node, target, _names in _imports(path, tree):
            if node not in top or tree.body.index(node) > first_code:
                late.append(f"{path.relative_to(ROOT)}:{node.lineno} imports {target}")
    assert late == []


def test_no_private_name_crosses_a_module_boundary():
    crossing = []
    for path in SOURCES:
        for node, target, names in _imports(path):
            crossing += [f"{path.relative_to(ROOT)}:{node.lineno} {target}.{n}" for n in names if n.startswith("_")]
    assert crossing == []


def test_no_module_hands_out_names_through_a_module_getattr():
    proxies = [str(p.relative_to(ROOT)) for p in SOURCES
               if any(isinstance(n, ast.FunctionDef) and n.name == "__getattr__" for n in ast.parse(p.read_text()).body)]
    assert proxies == []
