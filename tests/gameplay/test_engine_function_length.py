"""Engine functions fit on a screen or two: none is longer than 120 lines (first-match-wins chains are
ordered (pattern, builder) tables or handler registries instead). TOO_LONG would list an exception, which
could only shrink; there is none."""
from __future__ import annotations

import ast
from pathlib import Path

ENGINE = Path(__file__).resolve().parents[2] / "gameplay" / "engine"
LIMIT = 120

#: function -> its length in lines when this list was made (2026-11-25); it may only shrink
TOO_LONG: dict[str, int] = {}


def _lengths() -> dict[str, int]:
    out = {}
    for path in ENGINE.rglob("*.py"):
        if any(part.startswith(".") for part in path.relative_to(ENGINE).parts):
            continue
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                name = f"{path.relative_to(ENGINE).as_posix()}:{node.name}"
                out[name] = max(out.get(name, 0), node.end_lineno - node.lineno + 1)
    return out


def test_no_engine_function_is_longer_than_120_lines_but_the_listed_ones():
    too_long = {name: n for name, n in _lengths().items() if n > LIMIT}
    assert set(too_long) <= set(TOO_LONG), sorted(set(too_long) - set(TOO_LONG))


def test_the_listed_long_functions_only_shrink():
    lengths = _lengths()
    grown = {name: (lengths[name], n) for name, n in TOO_LONG.items() if lengths.get(name, 0) > n}
    assert grown == {}
