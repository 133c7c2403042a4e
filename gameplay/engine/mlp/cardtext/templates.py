"""Ordered template tables: a table is a tuple of ``(pattern, flags, builder)``, tried in order; the first
template that applies gives the result, so the order of a table is behaviour (put a narrow pattern
before a broad one).

A template with a pattern applies when the pattern matches at the start of the text; its builder is
called with the match, the text and the parser's other arguments.  A template without a pattern
(``None``) is always tried: its builder gets ``None`` for the match.  A builder returns ``NEXT`` when
the template does not apply after all (the next one is tried), ``Rewrite(text)`` to go on with a
reworded text (a misprint fixed, a phrase normalised), or the result (``None``: "not understood",
which ends the search as it did in the one long function the table replaced)."""
from __future__ import annotations

from collections.abc import Callable
from typing import Any, NamedTuple

from .vocab import re


class _Next:
    def __repr__(self) -> str:
        return "NEXT"


#: a builder's answer "this template does not apply": the next template is tried
NEXT: Any = _Next()


class Rewrite(NamedTuple):
    """A builder's answer "go on with this text": the next templates see the reworded text."""
    text: str


Template = tuple[str | None, int, Callable[..., Any]]


def first_match(table: tuple[Template, ...], text: str, *args: Any) -> Any:
    """The result of the first template of ``table`` that applies to ``text`` (None if none does)."""
    for pattern, flags, build in table:
        if pattern is None:
            result = build(None, text, *args)
        else:
            m = re.match(pattern, text, flags)
            if not m:
                continue
            result = build(m, text, *args)
        if result is NEXT:
            continue
        if isinstance(result, Rewrite):
            text = result.text
            continue
        return result
    return None
