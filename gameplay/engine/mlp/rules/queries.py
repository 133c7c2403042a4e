"""Card information (2xx, 4xx): a card's definition and face, type, name, abilities, keywords
(with Teamwork and grants), colors, traits, printed power; selectors (which cards an ability
names); areas, Problems and the characters at them; home limits."""
from __future__ import annotations

import re
from operator import itemgetter
from typing import Any

from ..carddefs import CardDef, FaceDef
from ..constants import CHAR_TYPES, COLOR_NAMES, FRIEND, HAND_SIZE, TM


NO_KEYS: frozenset = frozenset()  # (an empty key table with a stable identity, see Rules.in_play_with)

CARD_KEY = itemgetter("k")  # a card record's key

#: selector fields read by ``Rules._match_extra``
_EXTRA_SEL = frozenset(("max_printed", "min_printed", "max_cost", "cutie", "on_src", "att", "counters", "token", "not_color",
                        "max_cost_count", "on", "boosted", "not_host", "more_power_here", "lt_src_power",
                        "host_ctrl", "not_epic", "counter_kind", "not_unique", "host_sel", "boosted_mane", "has_kw",
                        "non_token", "printed_eq_counter"))


class _AnyKeyword:
    """Contains every keyword name (kwg_names of a card that grants keywords other than by grant_kw)."""

    def __contains__(self, name) -> bool:
        return True

_ANY_KW = _AnyKeyword()


def grant_names(d) -> Any:
    """The keywords a card's ``grant_kw`` abilities name (either face); a card in ``kwg_keys`` for
    another reason than grant_kw / grant_color abilities may grant any keyword (``_ANY_KW``)."""
    abl = [a for face in d.abilities.values() for a in face if a["kind"] == "static"]
    names = frozenset(a["kw"] for a in abl if a.get("op") == "grant_kw")
    if names or any(a.get("op") == "grant_color" for a in abl):
        return names
    return _ANY_KW


def _area_owner(area: str) -> int | None:
    if area.startswith("home") or area.startswith("prob"):
        return int(area[4:])
    return None


class CardQueries:
    """Card information (2xx, 4xx): a card's definition and face, type, name, abilities, keywords"""

    # ================================================================= card information
    def cdef(self, st, cid) -> CardDef:
        return self.db.cards[st["cards"][cid]["k"]]

    def face(self, st, cid) -> FaceDef:
        c = st["cards"][cid]
        return (self.fb if c.get("b") else self.ff)[c["k"]]

    def ctype(self, st, cid) -> str:
        c = st["cards"][cid]
        if "t" not in c and "dil" not in c and "af" not in c:
            return self.types[c["k"]]  # (no token, Dilemma nor "also a Friend": the printed type)
        if c.get("af") and self._also_friend(st, cid):
            return FRIEND  # "this card is also a [Honesty] Friend until the end of the phase"
        if c.get("dil"):
            return "Problem"  # 522.1 Dilemmas are Problems while in play
        t = c.get("t")
        if t:
            return t.get("type", FRIEND)  # 521.1 the token's specified type
        return self.types[c["k"]]

    def _also_friend(self, st, cid) -> bool:
        """A Resource that is also a Friend (op ``also_friend``) while its modifier lasts: a character
        (its printed power, the given color) that still matches Resource selectors (``matches``)."""
        if any(m["t"] == cid and m.get("af") for m in st["mods"]):
            return True
        st["cards"][cid].pop("af", None)  # the modifier ended
        return False

    def name(self, st, cid, viewer_public: bool = True) -> str:
        c = st["cards"][cid]
        if c.get("t"):
            return c["t"].get("name", "token")
        return self.face(st, cid).name

    def abilities(self, st, cid) -> tuple:
        c = st["cards"][cid]
        if c.get("fd") or (c.get("t") and not c["t"].get("cp")) or c.get("fr"):
            return ()  # 505.1a face-down (and frightened, 504.1) cards lose their abilities; a token has none but a
            # token copy's (520.2)
        if st.get("lab") and c.get("z") == "play" and self.lost(st, cid):
            return ()  # ("Friends here lose and can't have abilities.")
        own = (self.abb if c.get("b") else self.abf)[c["k"]]
        if st.get("twn") and c.get("z") == "play" and self.types[c["k"]] == FRIEND:  # (only Friends borrow)
            borrowed = self._teamwork(st, cid, c)
            if borrowed:
                return own + tuple(a for o in borrowed for a in self.abf[st["cards"][o]["k"]])
        return own

    def _teamwork(self, st, cid, c) -> list[str]:
        """Teamwork: your other Friends here sharing a Trait with this card also have its other
        printed abilities.  Memoised per card id while ``self._twc`` is a dict (set only around
        read-only computations such as ``has_non_pass``, during which the state can't change)."""
        twc = self._twc
        if twc is None or self._tw_busy or self._lost_busy:  # (no memo of a guarded partial reading)
            return self._teamwork_calc(st, cid, c)
        r = twc.get(cid)
        if r is None:
            r = twc[cid] = self._teamwork_calc(st, cid, c)
        return r

    def _teamwork_calc(self, st, cid, c) -> list[str]:
        """711.3b dependencies of Teamwork: it shares abilities by the Friends' current Traits (a trait
        grant such as Bee Suit's "That Friend is a Critter" applies first), and a Teamwork card that
        loses its abilities (Clipped Wings) no longer has Teamwork to share."""
        if c.get("t") or self.types[c["k"]] != FRIEND or self._tw_busy:
            return []
        out = []
        tr = None
        cards = st["cards"]
        gr = None
        for o in self.in_play_with(st, self.tw_keys):
            if o == cid:
                continue
            oc = cards[o]
            if oc.get("t") or oc["c"] != c["c"] or oc["a"] != c["a"] or oc.get("fd") or oc.get("fr") or oc.get("ntw"):
                continue  # ("ntw": it lost Teamwork until it is readied)
            if tr is None:
                gr = "add_trait" in self.ops_in_play(st)  # a trait grant in play: read current Traits
                tr = set(self._tw_traits(st, cid) if gr else self.ff[c["k"]].traits)
            if tr & set(self._tw_traits(st, o) if gr else self.ff[oc["k"]].traits) and \
                    not (st.get("lab") and self.lost(st, o)):
                out.append(o)
        return out

    def _tw_traits(self, st, cid) -> tuple:
        """A Friend's current Traits for Teamwork (with a trait grant in play), read with no Teamwork
        lending meanwhile: a Teamwork card has no trait grant to lend."""
        self._tw_busy = True
        try:
            return self.traits(st, cid)
        finally:
            self._tw_busy = False

    def kw(self, st, cid, name: str) -> int:
        """Keyword value (X, or 1) or 0.  Face-down cards have no abilities (505.1a)."""
        c = st["cards"][cid]
        if c.get("fd") or c.get("fr"):
            return 0
        if st.get("lab") and c.get("z") == "play" and self.lost(st, cid):
            return 0  # keywords are abilities too
        t = c.get("t")
        if t:
            v = t.get("kw", {}).get(name, 0)
        else:
            v = (self.kwb if c.get("b") else self.kwf)[c["k"]].get(name, 0)
            if not v and st.get("twn") and c.get("z") == "play" and name != "Teamwork":
                for o in self._teamwork(st, cid, c):
                    v = max(v, self.kwf[st["cards"][o]["k"]].get(name, 0))
        if not v and st.get("kwg") and c.get("z") == "play" and (
                st.get("kgm") or self.in_play_with(st, self.kwg_by.get(name, NO_KEYS) if not st.get("twn") else self.kwg_keys)):
            v = self._granted_kw(st, cid, name)  # (nothing to grant it without such a card in play or a timed grant)
        if v and name == "Teamwork" and c.get("ntw"):
            return 0  # "That Friend loses Teamwork until it is readied"
        return v

    def kw_candidates(self, st, name: str) -> list[str]:
        """The cards in play whose ``kw(name)`` may be nonzero, in play order: cards with the keyword
        printed, and tokens, unless ``kw_may_differ`` (then every card in play)."""
        if self.kw_may_differ(st, name):
            return st["play"]
        keys = self._kwt.get(name)
        if keys is None:  # (a long-lived table per keyword, see in_play_with)
            keys = self._kwt.setdefault(name, frozenset(self.kw_keys.get(name, ())) | {self.token_key})
        kwk = self.kw_keys.get(name, NO_KEYS)
        cards = st["cards"]
        return [o for o in self.in_play_with(st, keys) if cards[o]["k"] in kwk or cards[o].get("t")]

    def kw_may_differ(self, st, name: str) -> bool:
        """Could ``kw(cid, name)`` of a non-token card be nonzero although its key is not in
        ``kw_keys[name]``?  Only with Teamwork in play (borrowed keywords) or a keyword grant in play
        that names ``name`` (see ``kwg_names``).  Lets the keyword fast paths skip ``kw`` for the
        other cards."""
        if st.get("twn"):
            return True
        if not st.get("kwg"):
            return False
        m = self._kmemo
        if m.pl is not st["play"]:
            m = self._play_index(st)
        kn = m.kwn
        if kn is None:  # the keywords the grant cards in play name, and how many there are
            gn = self.kwg_names
            cards = st["cards"]
            names: Any = set()
            ks = self.in_play_with(st, self.kwg_keys)  # (kwg_names has the kwg_keys)
            for o in ks:
                g = gn[cards[o]["k"]]
                if g is _ANY_KW:
                    names = _ANY_KW
                    break
                names |= g
            kn = m.kwn = (names, len(ks))
        names, n = kn
        if name in names:
            return True
        if st.get("kgt"):  # timed grants from effects (add_kw_grant) raise the counter once
            if any(g["kw"] == name for g in st.get("kgm") or ()):
                return True
            n += 1
        return n != st["kwg"]  # the counter raised by something else than these cards: ask kw

    def _granted_kw(self, st, cid, name) -> int:
        """Keywords granted by continuous abilities ("Your Friends here have Persistent", "While
        ..., this card has Swift"): the highest X among the grants that apply (702, 708)."""
        v = 0
        gk = self.kwg_by.get(name, NO_KEYS) if not st.get("twn") else self.kwg_keys  # (Teamwork lends abilities)
        cards = st["cards"]
        gn = None if st.get("twn") else self.kwg_names  # (Teamwork may lend other grants)
        for o in self.in_play_with(st, gk):
            if gn is not None and name not in gn[cards[o]["k"]]:
                continue
            for ab in self.abilities(st, o):
                if ab["kind"] == "static" and ab.get("op") == "grant_kw" and ab["kw"] == name and \
                        ("per" in ab or ab["n"] > v) and self._static_applies(st, o, ab, cid):
                    # "This card has Eccentric X, where X is ..." (X counted now)
                    v = max(v, ab["n"] * self._count(st, o, ab["per"]) if "per" in ab else ab["n"])
        for g in st.get("kgm") or ():  # timed grants from effects ("Your characters have Swift this turn")
            if g["kw"] == name and g["n"] > v and self._kgm_applies(st, g, cid):
                v = g["n"]
        return v

    # keywords whose instances each add power: a granted instance adds to a printed one ("also has
    # Supportive 2", "an additional Competitive 1"; 701.2a keywords are separate abilities)
    POWER_KW = ("Competitive", "Supportive", "Caretaker", "Experienced")

    def _kgm_applies(self, st, g, cid) -> bool:
        """A timed keyword grant: one card (``t``), or every card matching a selector, checked
        continuously (708.5: continuous modifiers do not flag cards)."""
        if "t" in g:
            return g["t"] == cid
        return self.matches(st, cid, g["sel"], g["p"], g.get("src"))

    def add_kw_grant(self, st, kw: str, n: int, until: str, *, cid: str | None = None, sel: dict | None = None,
                     p: int = 0, src: str | None = None) -> None:
        """Create a timed keyword-granting modifier (one card, or a selector read continuously).
        While any exists the ``kwg`` counter is raised once (``kgt``) so the keyword fast paths ask
        ``kw``; ``expire`` lowers it when the last one ends."""
        st["ts"] += 1
        g = {"kw": kw, "n": n, "u": self.duration(st, until), "ts": st["ts"]}
        if cid is not None:
            g["t"] = cid
        else:
            g.update(sel=sel, p=p, src=src)
        st.setdefault("kgm", []).append(g)
        if not st.get("kgt"):
            st["kgt"] = 1
            st["kwg"] = st.get("kwg", 0) + 1

    def fd_public(self, st, cid) -> bool:
        """"Players may look at face-down Troublemakers here": that face-down card's identity is public."""
        if "fd_public_here" not in self.ops_in_play(st):
            return False
        a = st["cards"][cid]["a"]
        return any(st["cards"][o]["a"] == a for o, ab in self.statics(st, "fd_public_here"))

    def deck_top_public(self, st, p) -> bool:
        """"Play with the top card of your deck revealed" (player ``p``'s cards in play)."""
        return "reveal_deck_top" in self.ops_in_play(st) and any(
            st["cards"][o]["c"] == p for o, ab in self.statics(st, "reveal_deck_top"))

    def hand_size(self, st, p) -> int:
        """616.2 maximum hand size 8, "your maximum hand size is increased by 2"."""
        return HAND_SIZE + sum(ab["n"] for o, ab in self.statics(st, "hand_size_mod") if st["cards"][o]["c"] == p)

    def in_play(self, st, cid) -> bool:
        c = st["cards"].get(cid)
        return bool(c) and c.get("z") == "play"

    def is_char(self, st, cid) -> bool:
        c = st["cards"][cid]
        if "t" not in c and "dil" not in c and "af" not in c:
            return c["k"] in self.char_keys  # (ctype: the printed type)
        return self.ctype(st, cid) in CHAR_TYPES

    def colors(self, st, cid) -> tuple[str, ...]:
        c = st["cards"][cid]
        if not (c.get("fd") or c.get("fr") or c.get("col") or c.get("t") or st.get("kwg")
                or st.get("twn") or c["k"] in self.prism_keys) and "no_colors" not in self.ops_in_play(st):
            cols = (self.fb if c.get("b") else self.ff)[c["k"]].colors  # (the printed colors: what _colors finds)
        else:
            if "no_colors" in self.ops_in_play(st) and st["cards"][cid].get("z") == "play" and \
                    any(self._static_applies(st, o, ab, cid) for o, ab in self.statics(st, "no_colors")):
                return ()  # "Opposing characters at this card's Problem lose and can't have colors."
            cols = self._colors(st, cid)
        mods = st["mods"]
        if mods and cols is not None:
            extra = [m["col"] for m in mods if m["t"] == cid and m.get("col")]
            if extra:  # "give one of your characters [Laughter] until the end of the phase"
                s = set(cols) | set(extra)
                cols = tuple(x for x in COLOR_NAMES if x in s)
        if st.get("kwg") and cols is not None and \
                self.in_play_with(st, self.kwg_keys if st.get("twn") else self.kwg_by.get("*color", NO_KEYS)):
            extra = self._granted_colors(st, cid)
            if extra:  # "While at a Problem with Pinkie Pie, this card ... is also Pink"
                s = set(cols) | extra
                cols = tuple(x for x in COLOR_NAMES if x in s)
        return cols

    def _granted_colors(self, st, cid) -> set:
        """Colors added by continuous abilities (static ``grant_color``)."""
        out: set = set()
        cards = st["cards"]
        c = cards[cid]
        if c.get("z") != "play" or c.get("fd") or c.get("fr") or cid in self._kwp:
            return out
        self._kwp.add(cid)  # a condition reading colors must not ask this card's granted colors again
        try:
            gk = self.kwg_by.get("*color", NO_KEYS) if not st.get("twn") else self.kwg_keys
            for o in self.in_play_with(st, gk):
                for ab in self.abilities(st, o):
                    if ab["kind"] == "static" and ab.get("op") == "grant_color" and self._static_applies(st, o, ab, cid):
                        col = cards[o].get("chc") if ab["color"] == "chosen" else ab["color"]  # "has that color"
                        if col:
                            out.add(col)
        finally:
            self._kwp.discard(cid)
        return out

    def has_title(self, st, cid, name: str) -> bool:
        """201.3 / 201.3a: text may name a card by its Title; a trademarked name also refers to
        characters and Troublemakers whose Title includes it ("your Rainbow Dash")."""
        c = st["cards"][cid]
        if c.get("t") or c.get("fd"):
            return False
        title = self.face(st, cid).title
        if c["k"] in self.alias_keys and name in self.alias_keys[c["k"]]:
            return True  # "This card is both a Maud Pie and a Pinkie Pie in all zones" (201.3)
        if title == name:
            return True
        r = self._title_in.get((name, title))
        if r is None:  # (a pure function of the two strings, so memoised per pair)
            r = self._title_in[(name, title)] = re.search(r"(?<![\w'])%s(?![\w'])" % re.escape(name), title) is not None
        return r

    def _colors(self, st, cid) -> tuple[str, ...]:
        c = st["cards"][cid]
        if c.get("fd") or c.get("fr"):
            return ()  # 505.1b
        if c.get("col"):
            return tuple(c["col"])
        if c.get("t"):
            return tuple(c["t"].get("colors", ()))
        cols = self.face(st, cid).colors
        if (c["k"] in self.prism_keys or self.kw_may_differ(st, "Prismatic")) and cid not in self._prb:
            # Prismatic depends on (711.3b) the modifiers that make a character Crystal (Ceremonial
            # Headdress) or change its colors (color grants, added colors, "can't have colors"): it
            # reads the other Crystal characters' current Traits and colors.  Two Prismatic Crystal
            # characters are interdependent (711.5): the one asked about reads the other's colors
            # with the other's own Prismatic applied but without itself (``_prb``, which also keeps a
            # Prismatic grant's condition from reading these colors again), i.e. the union.
            self._prb.add(cid)
            try:
                cols = self._prismatic(st, cid, c, cols)
            finally:
                self._prb.discard(cid)
        return cols

    def _prismatic(self, st, cid, c, cols) -> tuple:
        if not self.kw(st, cid, "Prismatic"):
            return cols
        extra = set(cols)
        ctrl = c["c"]
        cards = st["cards"]
        for o in st["play"]:
            oc = cards[o]
            if o != cid and oc.get("c") == ctrl and not oc.get("t") and not oc.get("fd") and \
                    self.is_char(st, o) and "Crystal" in self.traits(st, o):
                extra.update(self.colors(st, o))
        return tuple(x for x in COLOR_NAMES if x in extra)

    def traits(self, st, cid) -> tuple[str, ...]:
        c = st["cards"][cid]
        if c.get("fd"):
            return ()
        if c.get("t"):
            return tuple(c["t"].get("traits", ()))
        tr = self.face(st, cid).traits
        if c.get("z") == "play" and "Unique" not in tr and "all_unique" in self.ops_in_play(st) and \
                self.statics(st, "all_unique"):
            tr = tr + ("Unique",)  # "Cards in play have Unique."
        if c.get("z") == "play" and "add_trait" in self.ops_in_play(st):
            for o, ab in self.statics(st, "add_trait"):  # "That Friend is a Critter."
                if ab["trait"] not in tr and self._static_applies(st, o, ab, cid):
                    tr = tr + (ab["trait"],)
        return tr

    def printed_power(self, st, cid) -> int:
        c = st["cards"][cid]
        if c.get("t"):
            return c["t"].get("power", 0)
        p = self.db.cards[c["k"]].front.power
        return p or 0

    def beneath_count(self, st, cid) -> int:
        c = st["cards"][cid]
        return sum(1 for b in st["pl"][c["o"]]["ban"] if st["cards"][b].get("bn") == cid) + \
            sum(1 for b in st["pl"][1 - c["o"]]["ban"] if st["cards"][b].get("bn") == cid)

    # ================================================================= selectors
    def matches(self, st, cid, sel: dict, ctrl: int, src: str | None) -> bool:
        c = st["cards"].get(cid)
        if not c or c.get("z") != "play":
            return False
        if sel.get("self"):
            return cid == src
        if sel.get("other") and cid == src:
            return False
        t = sel.get("type", "card")
        ct = self.ctype(st, cid)
        if t == "Resource" and c.get("af") and self.types[c["k"]] == "Resource":
            ct = "Resource"  # also a Friend, still a Resource
        if c.get("fd") and ct == TM and not sel.get("fd_ok"):
            return False  # 505.2 face-down Troublemakers can't be referenced (unless named: "face-down Troublemaker")
        if "types" in sel:  # "Your characters and Troublemakers here"
            if not any((ct in CHAR_TYPES) if x == "character" else ct == x for x in sel["types"]):
                return False
            t = "any"
        if t == "any":
            pass
        elif t == "character":
            if ct not in CHAR_TYPES:
                return False
        elif t != "card" and ct != t:
            return False
        if t == "card" and ct == "Problem":
            return False
        w = sel.get("ctrl", "any")
        if w == "you" and c["c"] != ctrl:
            return False
        if w == "opp" and c["c"] == ctrl:
            return False
        at = sel.get("at")
        if at:
            a = c["a"]
            if at == "here":
                if src is None or src not in st["cards"] or st["cards"][src].get("a") != a:
                    return False
            elif at == "home" and not a.startswith("home"):
                return False
            elif at == "elsewhere" and (src is None or src not in st["cards"] or st["cards"][src].get("a") == a):
                return False  # "at other locations" (a home or a Problem other than this card's)
            elif at == "problem" and not a.startswith(("prob", "dil")):
                return False
            elif at == "faceoff" and not self.involved(st, cid):
                return False
            elif at == "opp_problem" and not (a.startswith("prob") and int(a[4:]) != ctrl):
                return False  # "at an opponent's Problem" (the Problem an opponent owns)
            elif at == "area" and a != sel.get("area"):
                return False  # a given area ("there": the Problem a Reaction's card is at)
        if "max_power" in sel or "min_power" in sel:
            pw = self.power(st, cid)
            if pw is None:
                return False
            if "max_power" in sel and pw > sel["max_power"]:
                return False
            if "min_power" in sel and pw < sel["min_power"]:
                return False
        if "max_printed" in sel or "min_printed" in sel:
            pp = self.printed_power(st, cid)  # "with printed power of 0" (507.1 printed, not current)
            if pp > sel.get("max_printed", pp) or pp < sel.get("min_printed", pp):
                return False
        if sel.get("owner") == "you" and c["o"] != ctrl:
            return False  # "a Friend you own"
        if sel.get("max_power_src"):  # "with power less than or equal to this card's power"
            pw, sp = self.power(st, cid), (self.power(st, src) if src and self.in_play(st, src) else None)
            if pw is None or sp is None or pw > sp:
                return False
        if sel.get("power_gt_cost"):
            pw = self.power(st, cid)
            cost = 0 if c.get("t") else (self.face(st, cid).cost or 0)
            if pw is None or pw <= cost:
                return False
        if "trait" in sel and sel["trait"] not in self.traits(st, cid):
            return False
        if sel.get("inv") and not self.involved(st, cid):
            return False  # "... while involved in a faceoff" (514.2d)
        if sel.get("no_att") and any(st["cards"][o].get("h") == cid and sel["no_att"] in (
                self.traits(st, o) if sel["no_att"] != "Resource" else ("Resource",) if self.ctype(st, o) == "Resource" else ())
                for o in st["play"]):
            return False  # "without an attached Accessory"
        if sel.get("not_boosted"):  # "with power less than or equal to their printed power"
            pw = self.power(st, cid)
            if pw is None or pw > self.printed_power(st, cid):
                return False
        if sel.get("highest"):  # "the Friend with power higher than any other Friend involved in the faceoff"
            pw = self.power(st, cid) or 0
            if any(o != cid and self.ctype(st, o) == t and self.involved(st, o) and (self.power(st, o) or 0) >= pw
                   for o in st["play"]):
                return False
        if "color" in sel and sel["color"] not in self.colors(st, cid):
            return False
        if "colors" in sel and not set(sel["colors"]) & set(self.colors(st, cid)):
            return False  # "a [Loyalty] or [Kindness] character"
        if "title" in sel and not self.has_title(st, cid, sel["title"]):
            return False
        if not _EXTRA_SEL.isdisjoint(sel) and not self._match_extra(st, cid, c, sel, ctrl, src):
            return False
        stt = sel.get("state")
        if stt == "exhausted" and not c.get("ex"):
            return False
        if stt == "ready" and (c.get("ex") or c.get("fr")):
            return False
        if stt == "frightened" and not c.get("fr"):
            return False
        if stt == "not_frightened" and c.get("fr"):  # "frighten a Friend": one already frightened would not change
            return False
        return True

    def _match_extra(self, st, cid, c, sel, ctrl, src) -> bool:
        """Selector fields of continuous abilities: printed power (202, never the current power, so
        no self-dependence), cost, cutie marked, attachments, counters, tokens."""
        if "max_printed" in sel or "min_printed" in sel:
            pp = self.printed_power(st, cid)
            if pp > sel.get("max_printed", pp) or pp < sel.get("min_printed", pp):
                return False
        if "max_cost" in sel:
            if c.get("t") or (self.ff[c["k"]].cost or 0) > sel["max_cost"]:
                return False  # 521.2 tokens have no cost
        if "printed_eq_counter" in sel:  # "with printed power equal to the number of Party counters on this card"
            s = st["cards"].get(src) or {}
            if self.printed_power(st, cid) != (s.get("cn") or {}).get(sel["printed_eq_counter"], 0):
                return False
        if sel.get("cutie") and not c.get("cm"):
            return False
        if sel.get("on_src") and c.get("h") != src:
            return False  # "each Resource on it"
        if "att" in sel:  # "with Resources/Accessories on them"
            has = any(st["cards"][o].get("h") == cid and self.matches(st, o, sel["att"], ctrl, None) for o in st["play"])
            if has != bool(sel["att"].get("present", True)):
                return False
        if sel.get("counters") and not c.get("cn", {}).get("+1"):
            return False  # "with +1 power counters on them"
        if sel.get("token") and not c.get("t"):
            return False
        if sel.get("non_token") and c.get("t"):
            return False  # "non-token Friends or Resources" (521)
        if "not_color" in sel and sel["not_color"] in self.colors(st, cid):
            return False
        if sel.get("not_unique") and c["k"] in self.unique_keys and not c.get("t"):
            return False  # "a non-Unique Friend" (516.1; a token has no Unique)
        if "host_sel" in sel and not (c.get("h") and self.matches(st, c["h"], sel["host_sel"], ctrl, src)):
            return False  # "a Resource on a Friend at that Problem"
        if "max_cost_count" in sel:  # "with cost less than or equal to the number of Griffon characters you have"
            if c.get("t") or (self.ff[c["k"]].cost or 0) > len(self.select(st, sel["max_cost_count"], ctrl, src)):
                return False  # 521.2 tokens have no cost
        if sel.get("lt_src_power"):  # "unless their power is greater than or equal to this card's power"
            pw, sp = self.power(st, cid), (self.power(st, src) if src and self.in_play(st, src) else None)
            if pw is None or sp is None or pw >= sp:
                return False
        if sel.get("host_ctrl"):  # "that opponent's Friends" (the controller of this attachment's host)
            h = st["cards"].get(src, {}).get("h") if src else None
            if not h or not self.in_play(st, h) or st["cards"][h]["c"] != c["c"]:
                return False
        if "counter_kind" in sel and not c.get("cn", {}).get(sel["counter_kind"]):
            return False  # "one of your Friends with a Friendship counter"
        if "has_kw" in sel and not self.kw(st, cid, sel["has_kw"]):
            return False  # "opposing characters here with Competitive" (its keywords now, granted ones too)
        if sel.get("not_epic") and self.epic(st, cid):
            return False  # "an opponent's non-Epic Troublemaker"
        if sel.get("more_power_here"):  # "While a player has more power at this Problem than any opponent"
            tot = [0, 0]
            for o in self.chars_at(st, c["a"]):
                tot[st["cards"][o]["c"]] += max(self.power(st, o) or 0, 0)
            if tot[c["c"]] <= tot[1 - c["c"]]:
                return False
        if sel.get("boosted") and not c.get("b"):
            return False  # "opposing boosted Mane Characters"
        if sel.get("boosted_mane") and not c.get("b") and self.ctype(st, cid) == "Mane Character":
            return False  # "an opposing Friend or boosted Mane Character"
        if sel.get("not_host") and src in st["cards"] and st["cards"][src].get("h") == cid:
            return False  # "your other [Laughter] Friends here" on an attachment: other than its host
        if "on" in sel:  # "a Resource on an opponent's Friend here" (its host fits the selector)
            h = c.get("h")
            if not h or not self.matches(st, h, sel["on"], ctrl, src):
                return False
        return True

    def select(self, st, sel: dict, ctrl: int, src: str | None) -> list[str]:
        if sel.get("self"):
            return [src] if src and self.in_play(st, src) else []
        if sel.get("host"):
            h = st["cards"].get(src, {}).get("h") if src else None
            return [h] if h and self.in_play(st, h) else []
        return [cid for cid in st["play"] if self.matches(st, cid, sel, ctrl, src)]

    # ================================================================= areas and problems
    def problem_areas(self, st) -> list[str]:
        return [a for a in st["areas"] if not a.startswith("home")]

    def problem_at(self, st, area) -> str | None:
        cards = st["cards"]
        types = self.types
        for cid in st["play"]:
            c = cards[cid]
            if c["a"] == area and (c.get("dil") or types[c["k"]] == "Problem"):
                return cid
        return None

    def cards_at(self, st, area) -> list[str]:
        """The cards in play at ``area``, in play order."""
        cards = st["cards"]
        return [o for o in st["play"] if cards[o]["a"] == area]

    def _problem_in(self, st, here) -> str | None:
        """``problem_at`` among ``here`` (the cards at that area)."""
        cards = st["cards"]
        types = self.types
        for cid in here:
            c = cards[cid]
            if c.get("dil") or types[c["k"]] == "Problem":
                return cid
        return None

    def _chars_in(self, st, here, p) -> list[str]:
        """``chars_at`` among ``here`` (the cards at that area)."""
        cards = st["cards"]
        return [o for o in here if cards[o]["c"] == p and self.is_char(st, o)]

    def chars_at(self, st, area, p=None) -> list[str]:
        cards = st["cards"]
        ck = self.char_keys
        out = []
        for cid in st["play"]:
            c = cards[cid]
            if c["a"] == area and (p is None or c["c"] == p):
                if "t" not in c and "dil" not in c and "af" not in c:
                    if c["k"] in ck:  # (is_char without the call)
                        out.append(cid)
                elif self.ctype(st, cid) in CHAR_TYPES:
                    out.append(cid)
        return out

    def tms_at(self, st, area) -> list[str]:
        cards = st["cards"]
        cands = self.in_play_with(st, self.tm_tok_keys) if self.af_free(st) else st["play"]  # (see tm_tok_keys)
        return [cid for cid in cands if cards[cid]["a"] == area and self.ctype(st, cid) == TM]

    def area_name(self, st, area) -> str:
        if area.startswith("home"):
            return f"{st['pl'][int(area[4:])]['name']}'s home"
        pid = self.problem_at(st, area)
        return self.name(st, pid) if pid else area

    def home_limit(self, st, p) -> int:
        mane = st["pl"][p]["mane"]
        hl = self.face(st, mane).home_limit
        hl = 3 if hl is None else hl
        cards = st["cards"]
        ops = self.ops_in_play(st)
        # only cards with static abilities (or borrowing them by Teamwork), when one is in play
        for o in (() if "opp_home_limit" not in ops and "home_limit_plus" not in ops else
                  st["play"] if st.get("twn") else self.in_play_with(st, self.static_keys)):
            for ab in self.abilities(st, o):
                if ab["kind"] == "static" and ab.get("op") == "opp_home_limit" and st["cards"][o]["c"] != p \
                        and (not ab.get("cond") or self._cond(st, o, ab["cond"])):
                    hl -= ab["n"]
                elif ab["kind"] == "static" and ab.get("op") == "home_limit_plus" and st["cards"][o]["c"] == p \
                        and (not ab.get("cond") or self._cond(st, o, ab["cond"])):
                    hl += ab["n"]  # "While this card is in your home, your home limit is increased by 2"
        for o, ab in self.statics(st, "home_limit_mod"):
            # "Players' home limits are reduced by 1", "... by 1 for each character that player controls
            # here", "Your opponent's home limit is reduced by 1 for each of their Assets in their home"
            if not self._who(ab, cards[o]["c"], p):
                continue
            per = ab.get("per")
            if per == "chars_here":
                k = len(self.chars_at(st, cards[o]["a"], p))
            elif per:
                k = len(self.select(st, per, p, o))
            else:
                k = 1
            hl += ab["n"] * k
        return max(hl, 0)

    def exempt_home_limit(self, st, cid) -> bool:
        """'Your Critter Friends do not count against your home limit.' (616.3)"""
        c = st["cards"][cid]
        return any(ctrl == c["c"] and self.matches(st, cid, ab["sel"], ctrl, o)
                   for o, ab in self.statics(st, "home_limit_exempt") for ctrl in (st["cards"][o]["c"],))

    def pname(self, st, p) -> str:
        return st["pl"][p]["name"]

    def controls_title(self, st, p, title) -> bool:
        """Player ``p`` controls a face-up card in play with that title (201.3; 201.3a a trademarked name within
        a Title: "Princess Twilight Sparkle" is a Twilight Sparkle; aliases too)."""
        return any(st["cards"][o]["c"] == p and self.has_title(st, o, title) for o in st["play"])
