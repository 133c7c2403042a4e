"""The card-text parser's ordered template tables (cardtext/templates.py) and the nested grammar hook
(cardtext/nested.py): first match wins, NEXT lets the next template try, Rewrite rewords the text."""
from __future__ import annotations

import re

import pytest

from gameplay.engine.mlp.cardtext import parse_effects
from gameplay.engine.mlp.cardtext.effects import EFFECT_TEMPLATES
from gameplay.engine.mlp.cardtext.nested import set_effect_grammar
from gameplay.engine.mlp.cardtext.templates import NEXT, Rewrite, first_match

TABLE = (
    (r"^draw (\d+)$", 0, lambda m, t: [("draw", int(m[1]))]),
    (r"^draw", 0, lambda m, t: [("broad draw", t)]),
    (None, 0, lambda m, t: Rewrite(t.replace("gain", "score")) if "gain" in t else NEXT),
    (r"^score (\d+)$", 0, lambda m, t: [("score", int(m[1]))] if m[1] != "0" else NEXT),
    (r"^score", 0, lambda m, t: None),
    (r"^(?:score|other)", 0, lambda m, t: [("never reached", t)]),
)


def test_the_first_template_that_matches_gives_the_result():
    assert first_match(TABLE, "draw 2") == [("draw", 2)]
    assert first_match(TABLE, "draw two") == [("broad draw", "draw two")]


def test_a_rewrite_is_what_the_later_templates_see():
    assert first_match(TABLE, "gain 3") == [("score", 3)]


def test_next_lets_the_next_template_try_and_none_ends_the_search():
    assert first_match(TABLE, "score 0") is None  # NEXT from "score (\d+)", then None from "score"
    assert first_match(TABLE, "other") == [("never reached", "other")]
    assert first_match(TABLE, "nothing fits") is None


def test_flags_are_used_when_matching():
    table = ((r"^draw", re.I, lambda m, t: "drawn"),)
    assert first_match(table, "Draw a card") == "drawn"
    assert first_match(((r"^draw", 0, lambda m, t: "drawn"),), "Draw a card") is None


def test_the_effect_grammar_is_set_once():
    set_effect_grammar(parse_effects)  # the same grammar again: accepted
    with pytest.raises(ValueError, match="already set"):
        set_effect_grammar(lambda text: [])


def test_the_effect_table_keeps_a_narrow_template_before_the_broad_one():
    # "you may X. If you do, Y" (a cost, 508.1d) must be tried before the bare "you may X"
    patterns = [p for p, _flags, _build in EFFECT_TEMPLATES if p]
    narrow = patterns.index(r"^you may (.+?)\. If you do, (.+)$")
    broad = patterns.index(r"^you may (.+)$")
    assert narrow < broad
    assert parse_effects("you may pay [2]. If you do, draw a card") == [
        {"op": "may", "effects": [{"op": "pay", "n": 2}, {"op": "draw", "n": 1, "who": "you"}]}]
