"""The card texts' words: keyword names, traits, colors, number words, durations (shared by every table)."""
from __future__ import annotations

import functools
import re as _std_re

from ..constants import COLOR_NAMES


class _CachedRe:
    """``re`` with an unbounded cache of compiled patterns. The parser uses more distinct patterns
    than the standard library's 512-entry cache holds, which then recompiles them in a loop (the card
    database took ~20 s to load instead of ~1 s). Same functions and flags as ``re``."""

    def __getattr__(self, name: str):
        return getattr(_std_re, name)

    @staticmethod
    @functools.lru_cache(maxsize=None)
    def compile(pattern, flags=0):
        return _std_re.compile(pattern, flags)

    def match(self, pattern, string, flags=0):
        return self.compile(pattern, flags).match(string)

    def fullmatch(self, pattern, string, flags=0):
        return self.compile(pattern, flags).fullmatch(string)

    def search(self, pattern, string, flags=0):
        return self.compile(pattern, flags).search(string)

    def sub(self, pattern, repl, string, count=0, flags=0):
        return self.compile(pattern, flags).sub(repl, string, count)

    def split(self, pattern, string, maxsplit=0, flags=0):
        return self.compile(pattern, flags).split(string, maxsplit)

    def findall(self, pattern, string, flags=0):
        return self.compile(pattern, flags).findall(string)


re = _CachedRe()

KEYWORD_NAMES = (
    "Agile", "Calming", "Caretaker", "Competitive", "Diligent", "Eccentric", "Experienced", "Hasty",
    "Inspired", "Meticulous", "Persistent", "Prepared", "Prismatic", "Pumped", "Random", "Redeem", "Showy",
    "Stubborn", "Studious", "Supportive", "Swift", "Teamwork", "Transform", "Traveler", "Vexing", "Villain",
    "Epic", "Starting Problem",
)
#: keywords whose rules the engine implements (the rest make a card "manual")
AUTOMATED_KEYWORDS = {"Pumped", "Transform", "Teamwork", 
    "Agile", "Calming", "Caretaker", "Competitive", "Diligent", "Eccentric", "Experienced", "Hasty", "Inspired",
    "Meticulous", "Persistent", "Prepared", "Prismatic", "Random", "Redeem", "Showy", "Stubborn", "Studious",
    "Supportive", "Swift", "Traveler", "Vexing", "Villain", "Epic", "Starting Problem", "Home Limit",
}
KEYWORD_LINE = re.compile(r"^(?:(?:%s)(?: \d+)?[,.]? ?)+$" % "|".join(KEYWORD_NAMES + ("Home Limit",)))
NUM = {"a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "another": 1}
TRAITS = ("Earth Pony", "Unicorn", "Pegasus", "Alicorn", "Critter", "Foal", "Dragon", "Crystal", "Zebra",
          "Griffon", "Changeling", "Yak", "Hippogriff", "Seapony", "Kirin", "Accessory", "Asset", "Location",
          "Performance", "Report", "Showdown", "Villain", "Royalty", "Buffalo", "Breezie", "Minotaur", "Elder",
          "Chaotic", "Sea Creature", "Mare", "Tree", "Gem")
# traits found in the card pool but not above (longest first so "Crystal Pony" wins over "Crystal")
TRAITS = tuple(sorted(TRAITS + ("Ahuizotl", "Armor", "Artifact", "Condition", "Cow", "Crystal Pony", "Donkey",
                                "Draconequus", "Figment", "Gotcha", "Mailbox", "Performer", "Pirate", "Pony Tone",
                                "Power Pony", "Reindeer", "Rock", "Sea Serpent", "Siren", "Song", "Storm"),
                      key=lambda x: -len(x)))
COLOR_RE = "|".join(COLOR_NAMES)


def word_number(word: str) -> int:
    word = word.lower()
    return NUM[word] if word in NUM else int(word)


# ------------------------------------------------------------------ effects
UNTIL = r"(?: until the end of (?:the |this )?(?P<until>turn|faceoff|Score Phase|phase))?"


def verb_of(s: str) -> str:
    return s.split(" ", 1)[0]


SAFE_REPEAT = ("frighten", "unfrighten", "exhaust", "ready", "dismiss", "banish", "retire", "to_hand", "to_deck_top", "send_home")


def until_word(u: str | None) -> str:
    if not u:
        return "turn"
    u = u.lower()
    return "faceoff" if u == "faceoff" else "score_phase" if u == "score phase" else "phase" if u == "phase" else "turn"


#: keywords the engine reads through ``Rules.kw`` only, so a continuous grant of them is enforced
GRANTABLE_KW = ("Swift", "Agile", "Stubborn", "Persistent", "Vexing", "Traveler", "Studious", "Prepared",
                "Random", "Pumped", "Diligent", "Showy", "Calming", "Inspired", "Meticulous", "Eccentric",
                # read through Rules.granted_power_kws (power), _colors (Prismatic) and kw (Villain)
                "Competitive", "Supportive", "Caretaker", "Experienced", "Prismatic", "Villain")
X_KEYWORDS = ("Diligent", "Showy", "Calming", "Meticulous", "Eccentric", "Competitive", "Supportive")
