"""Card text -> effect vocabulary.

Card texts are highly templated.  Each line (paragraph, 701.2) of a card's text is one ability;
``parse_line`` matches it against regex templates and returns an ability dict:

  {"kind": "keyword"}                          keyword line (handled by the keyword rules)
  {"kind": "play_home"} / {"kind": "play_on", "host": sel} / {"kind": "play_problem"}
  {"kind": "event", "timing": t, "effects": [...]}          Events (304, 512)
  {"kind": "trigger", "on": event, "effects": [...]}          triggered abilities (704)
  {"kind": "activated", "timing": t, "cost": {...}, "effects": [...]}   (703)
  {"kind": "static", "op": ..., ...}                           continuous abilities (702)
  {"kind": "manual", "text": line}                             not automated

Irregular texts can be defined per card in ``cards/<set>.py`` (``CARDS = {number: [abilities]}``)
which take precedence over the parser.  A card is *fully automated* when no ability is manual.

The modules, by what they parse (each an ordered table of templates: first match wins, so the
order of a table is behaviour): vocab (words), targets (selectors), nested (a part of a sentence
parsed by the whole grammar), conditions, single (one verb), effects (``parse_effects``), timed,
events, faceoff, trigger_effects, triggers, reactions, costs, statics, static_lines, lines
(``parse_line``, ``compile_face``, ``compile_card``).
"""
from __future__ import annotations

from .effects import parse_effects
from .lines import compile_card, compile_face, parse_line
from .targets import parse_target
from .vocab import AUTOMATED_KEYWORDS, COLOR_RE, KEYWORD_NAMES, NUM, TRAITS

__all__ = ["AUTOMATED_KEYWORDS", "COLOR_RE", "KEYWORD_NAMES", "NUM", "TRAITS", "compile_card", "compile_face",
           "parse_effects", "parse_line", "parse_target"]
