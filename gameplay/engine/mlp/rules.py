"""The rules of the game (3.8), operating in place on the plain state dict.  See engine.py for the
state layout.  Rule numbers in comments and error messages refer to the Comprehensive Rules 3.8."""
from __future__ import annotations

import copy
import re
from itertools import combinations
from operator import itemgetter
from typing import Any

from .. import rng as _rng
from . import flow, reactions, resolve
from .carddefs import CardDef, FaceDef
from .constants import CHAR_TYPES, COLOR_NAMES, FRIEND, HAND_SIZE, INFINITE, MANE, TM, WIN_POINTS, opponent
from .timed_effects import CARD_CONDS
from .reactions import actor
from .resolve import queue_persistent
from .triggered_effects import xf_ok

ZONE_LIST = {"deck", "pdeck", "hand", "disc", "ban", "flip"}
_NO_KEYS: frozenset = frozenset()  # (an empty key table with a stable identity, see Rules.in_play_with)
_KEY = itemgetter("k")  # a card record's key
_NO_OPS: dict = {}  # (no static abilities, Rules._own_statics; never mutated)
_POWER_OPS = ("power", "power_per_beneath", "power_per", "power_is")  # power-changing static abilities
#: steps of the Score Phase (610): "during the Score Phase" conditions
SCORE_STEPS = ("score", "w_score", "score_go", "confront", "faceoff_step", "solve")
#: selector fields read by ``Rules._match_extra``
_ACT_BASE = {"rally": 2, "move": 1, "draw": 1, "challenge": 1}  # 609.2 base action costs
_EXTRA_SEL = frozenset(("max_printed", "min_printed", "max_cost", "cutie", "on_src", "att", "counters", "token", "not_color",
                        "max_cost_count", "on", "boosted", "not_host", "more_power_here", "lt_src_power",
                        "host_ctrl", "not_epic", "counter_kind", "not_unique", "host_sel"))




class _AnyKeyword:
    """Contains every keyword name (kwg_names of a card that grants keywords other than by grant_kw)."""

    def __contains__(self, name) -> bool:
        return True


_ANY_KW = _AnyKeyword()


def _grant_names(d) -> Any:
    """The keywords a card's ``grant_kw`` abilities name (either face); a card in ``kwg_keys`` for
    another reason than grant_kw / grant_color abilities may grant any keyword (``_ANY_KW``)."""
    abl = [a for face in d.abilities.values() for a in face if a["kind"] == "static"]
    names = frozenset(a["kw"] for a in abl if a.get("op") == "grant_kw")
    if names or any(a.get("op") == "grant_color" for a in abl):
        return names
    return _ANY_KW


def _reads_own_power(cond) -> bool:
    """Whether a static's condition reads its source's current power (a grant conditioned on it
    depends on the other modifiers of that power, 711.3b)."""
    if not cond:
        return False
    k = cond.get("k")
    if k == "all":
        return any(_reads_own_power(x) for x in cond.get("conds") or cond.get("of") or ())
    return k in ("power_at_least", "power_at_most", "highest_power_here")


def _first_event_timing(d) -> str:
    """The timing of a card's first front-face Event ability (what flow._timing reads)."""
    for ab in d.abilities.get("front", ()):
        if ab["kind"] == "event":
            return ab["timing"]
    return "main"


def _area_owner(area: str) -> int | None:
    if area.startswith("home") or area.startswith("prob"):
        return int(area[4:])
    return None


class _PlayIndex:
    """The cards in play by key table (``Rules.in_play_with``) and the static ops in play
    (``Rules.ops_in_play``) for one play zone: ``pl`` (the list, None once ``forget`` asks for a
    check), ``cids`` / ``keys`` (copies of its cards and their keys), ``lists`` / ``tables`` (id of a
    key table -> the cards in play with a key in it / the table), ``ops`` (None: not counted), ``af``
    / ``kwn`` (see ``Rules.af_free`` / ``kw_may_differ``; None: not counted)."""

    __slots__ = ("pl", "cids", "keys", "lists", "tables", "ops", "af", "kwn")

    def __init__(self) -> None:
        self.pl = None
        self.af = None  # whether a card in play may carry an "also a Friend" mark (``Rules.af_free``)
        self.kwn = None  # (keywords named by the grant cards in play, their number): ``Rules.kw_may_differ``
        self.cids: list = []
        self.keys: list = []
        self.lists: dict = {}
        self.tables: dict = {}
        self.ops = None


class Rules:
    def __init__(self, game) -> None:
        self.g = game
        self.db = game.db
        self._start_call()
        self._hand_info: dict = {}  # card key -> (event timing, event cost, play rule): card data only
        self._hand_fact: dict = {}  # card key -> flow._hand_fact (printed cost for early rejection, Event)
        self._title_in: dict = {}  # (name, Title) -> whether the Title includes the name (``_has_title``)
        self._kwt: dict = {}  # keyword -> the keys printing it and the token key (``kw_candidates``)
        toks = sorted(k for k, d in self.db.cards.items() if d.set_name == "Tokens" and d.front.type == FRIEND)
        friends = sorted(k for k, d in self.db.cards.items() if d.front.type == FRIEND)
        self.token_key = (toks or friends or [""])[0]
        # per-card-key caches for the hot paths
        self.static_keys: set[str] = set()
        self.quick_keys: set[str] = set()  # cards in hand usable outside the Main Phase
        self.quick_fo: dict[str, str] = {}  # quick Events whose timing names a faceoff -> that timing
        self.quick_rx: set[str] = set()  # Reaction Events with a condition (need a reactable note)
        self.act_keys: set[str] = set()  # cards with activated abilities usable outside the Main Phase
        # Tables read from the card data, built in one pass over the cards (card, face and text order).
        # card key -> front / boosted (else front) face, their keywords, the printed type and abilities
        self.ff: dict[str, FaceDef] = {}
        self.fb: dict[str, FaceDef] = {}
        self.kwf: dict[str, dict] = {}
        self.kwb: dict[str, dict] = {}
        self.types: dict[str, str] = {}
        self.abf: dict[str, tuple] = {}
        self.abb: dict[str, tuple] = {}
        self.tw_keys: set[str] = set()
        # card keys with a keyword on either face: a card whose key is not listed (and which is not a
        # token, with no Teamwork card in play) can't have that keyword, so ``kw`` needn't be asked
        self.kw_keys: dict[str, set[str]] = {}
        self.epic_keys: set[str] = set()
        self.unique_keys: set[str] = set()
        # static op -> card keys with that continuous ability on some face (``statics``)
        self.sop_keys: dict[str, set[str]] = {}
        # card key -> static op -> that face's static abilities with the op (front / boosted face):
        # what abilities() gives a face-up card while no Teamwork nor "lose abilities" card is in play
        # (``_own_statics``)
        self.sopf: dict[str, dict[str, list]] = {}
        self.sopb: dict[str, dict[str, list]] = {}
        # cards with their own "you may pay [N] less to play this card" (``play_discount``, ``self``)
        self.self_disc_keys: set[str] = set()
        # cards whose static abilities grant keywords ("Your Friends here have Persistent"): while one
        # is in play the ``kwg`` counter is raised so the keyword fast paths ask ``kw`` for every card
        self.kwg_keys: set[str] = set()
        # per granted keyword / color: the card keys whose static abilities grant it (fewer abilities() calls)
        self.kwg_by: dict[str, set[str]] = {}
        self.epic_if_keys: set[str] = set()
        # cards with "When this card enters your discard pile" (Rules.put queues them from any zone)
        self.to_disc_keys: dict[str, list] = {}
        self.trig_keys: set[str] = set()
        # event -> card keys with a trigger (or manual text) on it on some face; without Teamwork
        # in play (which lends front-face abilities) only these cards can fire for that event
        self.trig_ev: dict[str, set[str]] = {}
        self.activ_keys: set[str] = set()
        self.hand_act_keys: set[str] = set()
        self.rx_keys: set[str] = set()
        self.tp_keys: set[str] = set()
        self.anyp_keys: set[str] = set()
        self.disc_act_keys: set[str] = set()
        for k, d in self.db.cards.items():
            f = d.front
            b = d.boosted or f
            self.ff[k], self.fb[k], self.kwf[k], self.kwb[k], self.types[k] = f, b, f.keywords, b.keywords, f.type
            ab_f = d.abilities.get("front", ())
            self.abf[k], self.abb[k] = ab_f, d.abilities.get("boosted", ab_f)
            if "Teamwork" in f.keywords:
                self.tw_keys.add(k)
            for name in (*f.keywords, *b.keywords):
                self.kw_keys.setdefault(name, set()).add(k)
            if f.epic or b.epic:
                self.epic_keys.add(k)
            if "Unique" in f.traits or "Unique" in b.traits:
                self.unique_keys.add(k)
            quick = "Hasty" in f.keywords
            act = "Agile" in f.keywords or (d.boosted is not None and "Agile" in d.boosted.keywords)
            for fname, face in d.abilities.items():
                front = fname == "front"
                for a in face:
                    kind = a["kind"]
                    op = a.get("op")
                    if op == "epic_if":
                        self.epic_if_keys.add(k)
                    if kind == "static":
                        self.static_keys.add(k)
                        if op:
                            self.sop_keys.setdefault(op, set()).add(k)
                            if op == "grant_kw":
                                self.kwg_keys.add(k)
                                self.kwg_by.setdefault(a["kw"], set()).add(k)
                                if a["kw"] in self.POWER_KW:
                                    self.kwg_by.setdefault("*power", set()).add(k)
                            elif op == "grant_color":
                                self.kwg_keys.add(k)
                                self.kwg_by.setdefault("*color", set()).add(k)
                            elif op == "play_discount" and front and a.get("self"):
                                self.self_disc_keys.add(k)
                    elif kind == "trigger" or (kind == "manual" and a.get("on")):
                        self.trig_keys.add(k)
                        self.trig_ev.setdefault(a["on"], set()).add(k)
                        if front and kind == "trigger" and a["on"] == "to_disc":
                            self.to_disc_keys.setdefault(k, []).append(a)
                    elif kind == "activated":
                        self.activ_keys.add(k)
                        if a.get("zone") == "disc":
                            self.disc_act_keys.add(k)  # "Banish this card from your discard pile to ..." (flow.priority_actions)
                        elif a.get("zone") == "hand":
                            self.hand_act_keys.add(k)  # "Banish this card from your hand to ..." (activated from hand)
                        if a["timing"] != "main":
                            act = True
                    elif kind == "event" and a["timing"] != "main":
                        quick = True
                    if a.get("rx"):
                        self.rx_keys.add(k)  # Reactions (512.4): notes are recorded only in games with one
                    if a.get("any_player"):
                        self.anyp_keys.add(k)  # "Any player may activate this ability." (flow.priority_actions)
                    if a.get("timing") == "tp":
                        self.tp_keys.add(k)  # "Troublemaker Phase:" timing (512.3; flow.step opens that window)
            if quick:
                self.quick_keys.add(k)
                if d.front.type == "Event" and _first_event_timing(d).startswith("faceoff"):
                    self.quick_fo[k] = _first_event_timing(d)  # playable only during (such) a faceoff
                if d.front.type == "Event" and next(
                        (ab.get("rx") for ab in d.abilities.get("front", ()) if ab["kind"] == "event"), None) is not None:
                    self.quick_rx.add(k)  # playable only in response to a note (512.4, flow._rx_cond)
            if act:
                self.act_keys.add(k)
            for tbl, abl in ((self.sopf, self.abf[k]), (self.sopb, self.abb[k])):
                ops: dict[str, list] = {}
                for a in abl:
                    if a["kind"] == "static" and a.get("op"):
                        ops.setdefault(a["op"], []).append(a)
                if ops:
                    tbl[k] = ops
        # cards with "... lose and can't have abilities" (raise the ``lab`` state counter while in play)
        self.lab_keys = set(self.sop_keys.get("lose_abilities", ()))
        self.dpk = set(self.sop_keys.get("play_from_disc", ()))  # playable from the discard pile
        self.flip_self_keys = set(self.sop_keys.get("flip_self_power", ()))  # Chaos: while this card is flipped
        # "This card is both a Maud Pie and a Pinkie Pie in all zones": card key -> its other titles
        self.alias_keys = {k: tuple(t for a in self.abf[k] if a.get("op") == "alias" for t in a["titles"])
                           for k in self.sop_keys.get("alias", ())}
        # "While this card is in your discard pile, your Mane Character has +1 power"
        self.disc_mane_keys = set(self.sop_keys.get("disc_mane_power", ()))
        self.enter_cn_keys = set(self.sop_keys.get("enter_counters", ()))
        self.enter_ex_keys = set(self.sop_keys.get("enter_exhausted_self", ()))  # "This card enters play exhausted"
        # "You must control Rarity to play this card": card key -> the title
        self.must_ctrl = {k: next(a["title"] for a in self.abf[k] if a.get("op") == "must_control")
                          for k in self.sop_keys.get("must_control", ())}
        self.key_ops: dict[str, frozenset] = {}
        for op_, ks in self.sop_keys.items():
            for k in ks:
                self.key_ops[k] = self.key_ops.get(k, frozenset()) | {op_}
        # cards whose Showy or "Your opponent must pay +[N] to move a character to this card's Problem"
        # can change a move cost, and the token key (``flow._extra_move_costs``; a long-lived table)
        self.move_cost_keys = frozenset(self.kw_keys.get("Showy", ())) | frozenset(
            self.sop_keys.get("opp_move_cost", ())) | {self.token_key}
        self.card_names = sorted({c.name for c in self.db.cards.values()})  # what a player may name (201.1)
        self.pow_keys = set().union(*(self.sop_keys.get(o_, ()) for o_ in _POWER_OPS))
        # their power-changing static abilities per face, in text order (``power_sources``; read only)
        self.pow_abf = {k: [a for a in self.abf[k] if a["kind"] == "static" and a.get("op") in _POWER_OPS]
                        for k in self.pow_keys}
        self.pow_abb = {k: [a for a in self.abb[k] if a["kind"] == "static" and a.get("op") in _POWER_OPS]
                        for k in self.pow_keys}
        # card key -> the keywords its grant abilities name (either face): without Teamwork in play
        # (which lends abilities) no other keyword can be granted by that card
        self.kwg_names = {k: _grant_names(self.db.cards[k]) for k in self.kwg_keys}
        self.prism_keys = self.kw_keys.get("Prismatic", set())
        self.char_keys = {k for k, t in self.types.items() if t in CHAR_TYPES}
        # the keys whose cards can be Troublemakers (ctype): printed ones, and the token key
        self.tm_tok_keys = {k for k, t in self.types.items() if t == TM} | {self.token_key}
        # cards that can break 516 (Unique names, Troublemakers: one face-up per player per Problem)
        self.unique_tm_keys = self.unique_keys | {k for k in self.db.cards if self.types[k] == TM}
        # static op -> the Teamwork cards printing it (``statics``: only they can lend it)
        self.tw_sop = {op_: frozenset(ks & self.tw_keys) for op_, ks in self.sop_keys.items()}
        # event -> the Teamwork cards with a trigger on it (``fire``: only they can lend one)
        self.tw_ev = {e: frozenset(ks & self.tw_keys) for e, ks in self.trig_ev.items()}
        # events fired together (``may_fire``): the union of their trig_ev tables
        self.tev_groups = {name: frozenset().union(*(self.trig_ev.get(e, ()) for e in events)) for name, events in (
            ("tp_start", ("tp_start", "opp_tp_start", "any_tp_start")), ("tp_end", ("tp_end", "any_tp_end")),
            ("main_start", ("main_start", "any_main_start")), ("score_start", ("score_start", "any_score_start")),
            ("turn_end", ("turn_end", "opp_turn_end", "any_turn_end")),
            ("turn_start", ("draw_step_end", "turn_start", "any_turn_start")), ("draw", ("you_draw", "any_draw")),
            ("move", ("you_move", "opp_moves")), ("confront", ("opp_confronts", "you_confront")),
            ("fo_start", ("problem_fo_start", "opp_starts_fo", "any_fo_start", "you_start_fo")),
            ("fo_here", ("win_fo_here", "any_win_fo_here", "opp_loses_tm_fo_here")),
            ("tm_fo", ("you_win_tm_fo", "you_lose_tm_fo")), ("fo_inv", ("fo_start", "host_fo_start")),
            ("fo_lose", ("lose_faceoff",)), ("fo_end", ("fo_end",)))}

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
        if c.get("fd") or c.get("t") or c.get("fr"):
            return ()  # 505.1a face-down (and frightened, 504.1) cards lose their abilities
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
            if oc.get("t") or oc["c"] != c["c"] or oc["a"] != c["a"] or oc.get("fd") or oc.get("fr"):
                continue
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
                st.get("kgm") or self.in_play_with(st, self.kwg_by.get(name, _NO_KEYS) if not st.get("twn") else self.kwg_keys)):
            v = self._granted_kw(st, cid, name)  # (nothing to grant it without such a card in play or a timed grant)
        return v

    def kw_candidates(self, st, name: str) -> list[str]:
        """The cards in play whose ``kw(name)`` may be nonzero, in play order: cards with the keyword
        printed, and tokens, unless ``kw_may_differ`` (then every card in play)."""
        if self.kw_may_differ(st, name):
            return st["play"]
        keys = self._kwt.get(name)
        if keys is None:  # (a long-lived table per keyword, see in_play_with)
            keys = self._kwt.setdefault(name, frozenset(self.kw_keys.get(name, ())) | {self.token_key})
        kwk = self.kw_keys.get(name, _NO_KEYS)
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
        gk = self.kwg_by.get(name, _NO_KEYS) if not st.get("twn") else self.kwg_keys  # (Teamwork lends abilities)
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

    def granted_power_kws(self, st, cid) -> dict:
        """Granted instances of the power keywords (Competitive X, Supportive X, Caretaker,
        Experienced), summed per keyword, from continuous grants and timed grants.  A grant
        conditioned on the card's own power ("While this card has at least 5 power, it has
        Competitive 2", MT59) depends on every other modifier of that power (711.3b), the other
        grants included: it is applied after them (711.4), reading the power with them but without
        itself (``_kwpart``: what a power read during this computation sees); several such grants
        are ordered by ``_own_power_grants`` (711.4 / 711.5)."""
        guard = self._kwp
        if cid in guard:
            return self._kwpart.get(cid) or {}
        guard.add(cid)
        try:
            out: dict = {}
            later: list = []
            gk = self.kwg_by.get("*power", _NO_KEYS) if not st.get("twn") else self.kwg_keys
            for o in self.in_play_with(st, gk):
                for ab in self.abilities(st, o):
                    if ab["kind"] == "static" and ab.get("op") == "grant_kw" and ab["kw"] in self.POWER_KW:
                        n = ab["n"] if "per" not in ab else ab["n"] * self._count(st, o, ab["per"])
                        if n and o == cid and _reads_own_power(ab.get("cond")):
                            later.append((ab, n))
                        elif n and self._static_applies(st, o, ab, cid):
                            out[ab["kw"]] = out.get(ab["kw"], 0) + n
            for g in st.get("kgm") or ():
                if g["kw"] in self.POWER_KW and self._kgm_applies(st, g, cid):
                    out[g["kw"]] = out.get(g["kw"], 0) + g["n"]
            if later:
                try:
                    out = self._own_power_grants(st, cid, out, later)
                finally:
                    self._kwpart.pop(cid, None)
            return out
        finally:
            guard.discard(cid)

    def _own_power_grants(self, st, cid, out, later) -> dict:
        """Apply the grants conditioned on ``cid``'s own power after the others (``out``), in
        timestamp order (``later`` is in play-zone then text order) except that one whose result
        another remaining one would change waits for it (711.4); if each depends on another they
        are interdependent and the earliest applies first (711.5).  Each condition is read with
        the grants applied so far (``_kwpart``), never with itself."""
        part = dict(out)
        self._kwpart[cid] = part

        def holds(ab, extra=None) -> bool:
            if extra is not None:
                part[extra[0]] = part.get(extra[0], 0) + extra[1]
            try:
                return self._static_applies(st, cid, ab, cid)
            finally:
                if extra is not None:
                    part[extra[0]] -= extra[1]
                    if not part[extra[0]]:
                        del part[extra[0]]
        left = list(later)
        while left:
            i = 0
            if len(left) > 1:
                for j, (ab, _n) in enumerate(left):
                    now = holds(ab)
                    if all(holds(ab, (q["kw"], m)) == now for k, (q, m) in enumerate(left) if k != j):
                        i = j  # depends on no remaining grant (711.4)
                        break
            ab, n = left.pop(i)
            if holds(ab):
                part[ab["kw"]] = part.get(ab["kw"], 0) + n
        return part

    def lost(self, st, cid) -> bool:
        """Whether a card in play loses and can't have abilities ("Friends here lose and can't have
        abilities", "That Friend loses ...").  The sources are ordered by ``_lab_active`` (711.3-711.5):
        a source whose own abilities another source removes does nothing."""
        if self._lost_busy:
            return False  # (reading a selector while deciding this: printed abilities)
        self._lost_busy = True
        try:
            return any(self._static_applies(st, a, ab, cid) for a, ab in self._lab_active(st))
        finally:
            self._lost_busy = False

    def _lab_active(self, st) -> list:
        """The "lose and can't have abilities" modifiers that apply, in the order of 711.3-711.5.
        Timestamps (711.3a): when each source's abilities began to function (``restamp``).  A
        modifier depends on another (711.3b) when the other would remove its source's abilities (so
        its presence changes whether the first exists at all).  Each step applies the earliest remaining modifier that depends on no other
        remaining one (711.4: a dependent modifier waits until every modifier it depends on has
        applied, even a later-timestamped one); when every remaining one depends on another
        (interdependent, 711.5) the earliest applies.  Applying one removes the remaining modifiers
        of the sources it affects.  E.g. Clipped Wings (AD129) on a Friend, then Trashed (EO167) on
        Clipped Wings: Clipped Wings depends on the later Trashed, so its Friend keeps its abilities;
        two opposing Iron Wills (AD196) at one Problem are interdependent (the earlier one wins)."""
        cards = st["cards"]
        srcs: list = []
        for o in self.in_play_with(st, self.lab_keys):
            oc = cards[o]
            if oc.get("fd") or oc.get("fr") or oc.get("t"):
                continue
            abl = [ab for ab in (self.abb if oc.get("b") else self.abf)[oc["k"]]
                   if ab["kind"] == "static" and ab.get("op") == "lose_abilities"]
            if abl:
                srcs.append((o, abl))
        if len(srcs) < 2:
            return [(o, ab) for o, abl in srcs for ab in abl]
        srcs.sort(key=lambda x: cards[x[0]].get("ts", 0))  # (stable: the play zone's order otherwise)
        # dep[o]: the other sources whose modifiers would remove o's abilities (o depends on them)
        dep = {o: {t for t, tabl in srcs if t != o and any(self._static_applies(st, t, ab, o) for ab in tabl)}
               for o, _ in srcs}
        active: list = []
        left = list(srcs)
        while left:
            names = {o for o, _ in left}
            i = next((j for j, (o, _) in enumerate(left) if not dep[o] & names), 0)  # 711.4, else 711.5
            o, abl = left.pop(i)
            active.extend((o, ab) for ab in abl)
            left = [(t, tabl) for t, tabl in left if o not in dep[t]]  # their sources lost their abilities
        return active

    def disc_play_ok(self, st, cid) -> bool:
        """'You may play this card from your discard pile' ['If a player has 8 or more points, ...']."""
        for ab in self.abf[st["cards"][cid]["k"]]:
            if ab["kind"] == "static" and ab.get("op") == "play_from_disc":
                n = ab.get("min_points")
                if n is None or max(pl["score"] for pl in st["pl"]) >= n:
                    return True
        return False

    def problem_bonus(self, st, pid) -> int:
        """210: a Problem's bonus with "This card's Problem has 0 bonus points" / "... bonus is increased
        by 1" (sources at its area, applied in timestamp order, 711.3)."""
        b = self.face(st, pid).bonus or 0
        a = st["cards"][pid]["a"]
        for o, ab in self.statics(st, "bonus_mod"):
            if st["cards"][o]["a"] == a:
                b = ab["n"] if ab.get("set") else b + ab["n"]
        return max(b, 0)

    def arrive_mods(self, st, ev, cid) -> None:
        """'Opposing Friends moved or played here get -1 power until the end of the turn.'"""
        c = st["cards"][cid]
        if self.ctype(st, cid) != FRIEND:
            return
        for o, ab in self.statics(st, "arrive_mod"):
            if st["cards"][o]["a"] == c["a"] and st["cards"][o]["c"] != c["c"]:
                self.add_mod(st, cid, ab["n"], "turn")
                self.log(ev, "power", lambda: f"{self.name(st, cid)} gets {ab['n']:+d} power until the end of the turn")

    def epic(self, st, cid) -> bool:
        """Epic (a keyword: lost with the card's abilities)."""
        if st.get("lab") and self.lost(st, cid):
            return False
        if self.face(st, cid).epic:
            return True
        if st["cards"][cid]["k"] in self.epic_if_keys and any(  # "While this card has at least 3 +1 power counters on it, it is Epic"
                ab["kind"] == "static" and ab.get("op") == "epic_if" and
                st["cards"][cid].get("cn", {}).get(ab["counter"], 0) >= ab["n"] for ab in self.abilities(st, cid)):
            return True
        # "That Troublemaker is Epic" (an attachment's continuous ability)
        return "grant_epic" in self.ops_in_play(st) and any(self._static_applies(st, o, ab, cid)
                                                            for o, ab in self.statics(st, "grant_epic"))

    def replacements(self, st, cid, evs, rskip=()) -> list[tuple[str, int]]:
        """Optional replacement modifiers (710) that would replace card ``cid`` being frightened /
        dismissed / leaving play: (source, index of the ability in its abilities)."""
        out = []
        cards = st["cards"]
        for o in st["play"]:
            if cards[o]["k"] not in self.sop_keys.get("replace", ()) and not st.get("twn"):
                continue
            if o in rskip or cards[o].get("fr") or cards[o].get("fd"):
                continue
            for i, ab in enumerate(self.abilities(st, o)):
                if ab["kind"] != "static" or ab.get("op") != "replace" or ab["ev"] not in evs:
                    continue
                subj = ab["subj"]
                if subj == "self":
                    ok = cid == o
                elif subj == "host":
                    ok = cards[o].get("h") == cid
                else:
                    ok = self.matches(st, cid, subj, cards[o]["c"], o)
                if not ok:
                    continue
                if ab.get("pay") and st["pl"][cards[o]["c"]]["tok"] < ab["pay"]:
                    continue  # "you may pay [1] to ...": only if it can be paid (508.1d)
                if ab.get("need_ready") and (cards[o].get("ex") or not self.can_exhaust(st, o)):
                    continue  # "you may exhaust this card to ...": only if it can be exhausted
                out.append((o, i))
        return out

    def queue_replacement(self, st, cid, evs, rskip, info) -> bool:
        """Queue the controller's ``may`` decision of the first optional replacement modifier that would
        replace this occurrence (710, 712.3); the occurrence happens (or is replaced) when it is
        answered.  710.5: the modifiers are offered one at a time (declining one offers the next)."""
        found = self.replacements(st, cid, evs, rskip)
        if not found:
            return False
        o, i = found[0]
        e = {"op": "replace_ask", "card": cid, "evs": list(evs), "i": i, "skip": list(rskip), **info}
        st["rq"].append({"p": st["cards"][o]["c"], "src": o, "eff": [e], "i": 0, "ch": None, "lbl": "Replacement",
                         "after": None})
        return True

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
                self.in_play_with(st, self.kwg_keys if st.get("twn") else self.kwg_by.get("*color", _NO_KEYS)):
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
            gk = self.kwg_by.get("*color", _NO_KEYS) if not st.get("twn") else self.kwg_keys
            for o in self.in_play_with(st, gk):
                for ab in self.abilities(st, o):
                    if ab["kind"] == "static" and ab.get("op") == "grant_color" and self._static_applies(st, o, ab, cid):
                        col = cards[o].get("chc") if ab["color"] == "chosen" else ab["color"]  # "has that color"
                        if col:
                            out.add(col)
        finally:
            self._kwp.discard(cid)
        return out

    def play_discount(self, st, p, cid, cost: int) -> int:
        """The cost of playing card ``cid`` after "you may pay [1] less to play Events" discounts of
        player ``p``'s cards in play and the card's own "you may pay [2] less to play this card" (an
        ability that functions in the hand, 701.3).  "to a minimum of [1]" keeps a cost of 1 or more
        at 1 (the discount is always taken: it never hurts its player)."""
        k = st["cards"][cid]["k"]
        if k not in self.self_disc_keys and "play_discount" not in self.ops_in_play(st):
            return cost  # (no "pay less" of its own and none in play: the common case)
        d = self.db.cards[k]
        f = d.front
        for ab in d.abilities.get("front", ()):
            if ab["kind"] == "static" and ab.get("op") == "play_discount" and ab.get("self") and \
                    ab["cond"]["k"] == "opp_controls_not_owned" and any(
                        st["cards"][o].get("c") == 1 - p and st["cards"][o]["o"] != 1 - p and self.ctype(st, o) == FRIEND
                        for o in st["play"]):  # (read for the player who would play it)
                cost = max(cost - ab["n"], min(cost, ab.get("min", 0)))
        if not self.sop_keys.get("play_discount") and not st.get("twn"):
            return cost
        for o, ab in self.statics(st, "play_discount"):
            if ab.get("self") or st["cards"][o]["c"] != p:
                continue
            sel = ab["sel"]
            if sel.get("type") != f.type or ("trait" in sel and sel["trait"] not in f.traits):
                continue
            cost = max(cost - ab["n"], min(cost, ab.get("min", 0)))
        return cost

    def ability_tokens(self, st, p, cid, ab) -> int:
        """Action tokens to activate ``ab`` of ``cid``: its cost less "You may pay [1] less for the
        activated abilities of Pirate Ship" discounts of the activating player's cards (always taken)."""
        n = ab.get("cost", {}).get("tokens", 0)
        if n and (self.sop_keys.get("ability_discount") or st.get("twn")):
            for o, d in self.statics(st, "ability_discount"):
                if st["cards"][o]["c"] == p and self._has_title(st, cid, d["title"]):
                    n = max(n - d["n"], 0)
        return n

    def _has_title(self, st, cid, name: str) -> bool:
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

    def power_sources(self, st) -> list:
        """The cards in play with power-changing static abilities, with those abilities: computed
        once when several powers are needed in the same state (``power(..., srcs=...)``)."""
        out = []
        if not st.get("twn") and not st.get("lab"):
            cards = st["cards"]
            for o in self.in_play_with(st, self.pow_keys):
                c = cards[o]
                if not (c.get("fd") or c.get("t") or c.get("fr")):  # (abilities(): 505.1a, 504.1)
                    abl = (self.pow_abb if c.get("b") else self.pow_abf)[c["k"]]
                    if abl:
                        out.append((o, abl))
            return out
        for o in (st["play"] if st.get("twn") else self.in_play_with(st, self.pow_keys)):
            abl = [ab for ab in self.abilities(st, o)
                   if ab["kind"] == "static" and ab.get("op") in _POWER_OPS]
            if abl:
                out.append((o, abl))
        return out

    def power(self, st, cid, srcs=None) -> int | None:
        """507: printed power adjusted by counters (519.4), modifiers and continuous abilities.
        Face-down and frightened cards have no power (505.1b, 504).  ``srcs``: a
        ``power_sources(st)`` result for this same state (an optimisation; same result)."""
        c = st["cards"][cid]
        if c.get("fd") or c.get("fr"):
            return None
        if c.get("z") == "play" and "power_fixed" in self.ops_in_play(st):
            for o, ab in self.statics(st, "power_fixed"):
                if self._static_applies(st, o, ab, cid):
                    return ab["n"]  # "Friends here have 2 power and can't gain or lose power."
        if c.get("t"):
            base = c["t"].get("power", 0)
        else:
            base = (self.fb if c.get("b") else self.ff)[c["k"]].power  # face()
            if base is None:
                return None
        p = base + c.get("cn", {}).get("+1", 0)
        mods = st["mods"]
        if mods:
            for m in mods:
                if m["t"] == cid:
                    p += m["n"]
        if c.get("z") != "play":
            return p
        kws = (self.kwb if c.get("b") else self.kwf)[c["k"]] if not c.get("t") else c["t"].get("kw", {})
        twn = st.get("twn")
        if twn and not c.get("t"):
            bor = self._teamwork(st, cid, c)
            if bor:
                kws = dict(kws)
                for o in bor:
                    for k_, v_ in self.kwf[st["cards"][o]["k"]].items():
                        if k_ != "Teamwork":
                            kws[k_] = max(kws.get(k_, 0), v_)
        kwg = st.get("kwg")
        if kws or kwg:
            if st.get("lab") and self.lost(st, cid):
                kws = kwg = None  # "loses and can't have abilities": granted keywords too
        if kws:
            p += self._kw_power(st, cid, c, kws)
        if kwg and (self.in_play_with(st, self.kwg_by.get("*power", _NO_KEYS) if not twn else self.kwg_keys)
                    or st.get("kgm")):  # granted Competitive / Supportive / Caretaker / Experienced
            gkw = self.granted_power_kws(st, cid)  # (none without a grant in play or a timed grant)
            if gkw:
                p += self._kw_power(st, cid, c, gkw)
        dmk = self.disc_mane_keys
        if dmk and st["pl"][c["c"]]["mane"] == cid:
            disc = st["pl"][c["c"]]["disc"]
            cards = st["cards"]
            if any(map(dmk.__contains__, map(_KEY, map(cards.__getitem__, disc)))):  # (a C-speed look first)
                for d in disc:  # an ability that functions in the discard pile (701.3)
                    if cards[d]["k"] in dmk and cards[d]["o"] == c["c"]:
                        p += sum(a["n"] for a in self.abf[cards[d]["k"]] if a.get("op") == "disc_mane_power")
        # continuous abilities of cards in play (702, 708)
        if srcs is None:
            srcs = self.power_sources(st)
        for o, abl in srcs:
            for ab in abl:
                op = ab.get("op")
                if o != cid and (op != "power" or ab.get("target", "self") == "self"):
                    continue  # (another card's ability about itself: see _static_applies and below)
                if op == "power":
                    if self._static_applies(st, o, ab, cid):
                        # "Your Troublemakers have +1 power for each ..." (a count read at the source)
                        p += ab["n"] * self._count(st, o, ab["per"]) if "per" in ab else ab["n"]
                elif op == "power_is" and o == cid:
                    # "This card's power is equal to <count>": the count replaces the printed power
                    # (counters and modifiers still apply on top, 507)
                    p += self._count(st, cid, ab["count"]) - base
                elif op == "power_per_beneath" and o == cid and (not ab.get("cond") or self._cond(st, o, ab["cond"])):
                    p += ab["n"] * self.beneath_count(st, cid)
                elif op == "power_per" and o == cid and (not ab.get("fo_only") or st["fo"]) \
                        and (not ab.get("cond") or self._cond(st, o, ab["cond"])):
                    p += ab["n"] * self._count(st, cid, ab["count"])
        return p

    def _count(self, st, src, cnt) -> int:
        c = st["cards"][src]
        if cnt.get("k") == "opp_hand":
            return len(st["pl"][1 - c["c"]]["hand"])
        if cnt.get("k") == "your_tokens":
            return st["pl"][c["c"]]["tok"]
        if cnt.get("k") == "self_counter":  # "for each Momentum counter on it"
            return c.get("cn", {}).get(cnt["counter"], 0)
        if cnt.get("k") == "disc_types":  # "for each card type among cards in your discard pile"
            return len({self.types[st["cards"][d]["k"]] for d in st["pl"][c["c"]]["disc"]})
        if cnt.get("k") == "opp_tokens":
            return st["pl"][1 - c["c"]]["tok"]
        k = cnt.get("k")
        if k is not None:
            return self._count_kind(st, src, c, cnt, k)
        if cnt.get("at_problem") and not c["a"].startswith(("prob", "dil")):
            return 0  # "at its Problem": a card at home has no Problem
        sel = cnt["sel"]
        if sel.get("state") == "frightened":
            return sum(1 for o in st["play"] if st["cards"][o].get("fr") and self.ctype(st, o) == FRIEND)
        return len(self.select(st, sel, c["c"], src))

    def _count_kind(self, st, src, c, cnt, k) -> int:
        """Counts for "+N power for each ..." abilities that are not a count of cards in play."""
        ctrl = c["c"]
        if k == "your_hand":
            return len(st["pl"][ctrl]["hand"])
        if k == "own_colors":  # "for each color it has"
            return len(self.colors(st, src))
        if k in ("colors_among", "traits_among"):  # "for each color/different Trait among <selector>"
            seen: set = set()
            for o in self.select(st, cnt["sel"], ctrl, src):
                seen.update(self.colors(st, o) if k == "colors_among" else self.traits(st, o))
            return len(seen)
        if k == "disc_colors":  # "for each color among Friends in discard piles" (printed colors)
            seen = set()
            for pl in st["pl"]:
                for d in pl["disc"]:
                    f = self.ff[st["cards"][d]["k"]]
                    if f.type == FRIEND:
                        seen.update(f.colors)
            return len(seen)
        if k == "disc_type":  # "for each Event in your discard pile"
            return sum(1 for d in st["pl"][ctrl]["disc"] if self.types[st["cards"][d]["k"]] == cnt["type"])
        if k == "named":  # "for each Slick Shades in play"
            if cnt.get("yours_other"):  # "for each of your other Friends named Pukwudgie, Prickly Pest"
                return sum(1 for o in st["play"] if o != src and st["cards"][o].get("c") == ctrl and self.name(st, o) == cnt["name"]
                           and self.ctype(st, o) == FRIEND and not st["cards"][o].get("fd"))
            return sum(1 for o in st["play"] if self.name(st, o) == cnt["name"] and not st["cards"][o].get("fd"))
        if k == "beneath":  # "for each card beneath this card"
            return self.beneath_count(st, src)
        if k == "own_power":  # "Eccentric X, where X is this card's power"
            return max(self.power(st, src) or 0, 0)
        if k == "deck_top_power":  # "the printed power of the top card of your deck" (202)
            deck = st["pl"][ctrl]["deck"]
            return (self.ff[st["cards"][deck[0]]["k"]].power or 0) if deck else 0
        if k == "disc_title":  # "for each Dr. Hooves Friend in your discard pile" (201.3a)
            out = 0
            for d in st["pl"][ctrl]["disc"]:
                f = self.ff[st["cards"][d]["k"]]
                if ("type" not in cnt or f.type == cnt["type"]) and (f.title == cnt["title"] or f.name == cnt["title"] or
                                                                     cnt["title"] in self.alias_keys.get(st["cards"][d]["k"], ())):
                    out += 1
            return out
        if k == "ban_type":  # "for each Event in each Banished Zone"
            return sum(1 for pl in st["pl"] for d in pl["ban"] if self.types[st["cards"][d]["k"]] == cnt["type"])
        return 0

    def _kw_power(self, st, cid, c, kws) -> int:
        p = 0
        fo = st["fo"]
        if fo and "Competitive" in kws and self.involved(st, cid):
            p += kws["Competitive"]  # Competitive X
        ctrl = c["c"]
        area = c["a"]
        if "Caretaker" in kws and area.startswith(("prob", "dil")):
            for o in st["play"]:
                if o != cid and st["cards"][o].get("c") == ctrl and st["cards"][o]["a"] == area and \
                        self.ctype(st, o) == FRIEND and "Critter" in self.traits(st, o):
                    p += 1  # Caretaker
                    break
        x = kws.get("Supportive", 0) if not c.get("t") else 0
        if x:
            mane = st["pl"][ctrl]["mane"]
            if mane in st["cards"] and st["cards"][mane]["a"] == area and mane != cid and \
                    set(self.colors(st, mane)) & set(self.colors(st, cid)):
                p += x  # Supportive X (its current colors: it depends on color modifiers, 711.3b)
        if "Experienced" in kws and not c.get("t"):
            nm = self.face(st, cid).name
            p += sum(1 for d in st["pl"][ctrl]["disc"] if self.db.cards[st["cards"][d]["k"]].name == nm)
        return p

    def beneath_count(self, st, cid) -> int:
        c = st["cards"][cid]
        return sum(1 for b in st["pl"][c["o"]]["ban"] if st["cards"][b].get("bn") == cid) + \
            sum(1 for b in st["pl"][1 - c["o"]]["ban"] if st["cards"][b].get("bn") == cid)

    def _own_statics(self, c) -> dict:
        """A card's static abilities by op, as ``abilities`` gives them while ``st["twn"]`` and
        ``st["lab"]`` are unset (then it has no side effects nor borrowed abilities)."""
        if c.get("fd") or c.get("t") or c.get("fr"):
            return _NO_OPS  # 505.1a, 504.1
        return (self.sopb if c.get("b") else self.sopf).get(c["k"], _NO_OPS)

    def has_static(self, st, op, ctrl=None, area=None) -> list[str]:
        if op not in self.ops_in_play(st):
            return []  # (no card in play prints it; abilities() only lends printed abilities of cards in play)
        out = []
        cards = st["cards"]
        if not st.get("twn") and not st.get("lab"):
            for o in self.in_play_with(st, self.sop_keys[op]):  # (op is in ops_in_play)
                c = cards[o]
                if (ctrl is None or c["c"] == ctrl) and (area is None or c["a"] == area) and op in self._own_statics(c):
                    out.append(o)
            return out
        for o in self.in_play_with(st, self.static_keys):
            c = cards[o]
            if (ctrl is not None and c["c"] != ctrl) or (area is not None and c["a"] != area):
                continue
            if any(ab["kind"] == "static" and ab.get("op") == op for ab in self.abilities(st, o)):
                out.append(o)
        return out

    def hand_revealed(self, st, p) -> bool:
        """'Opponents play with their hands revealed.'"""
        return bool(self.has_static(st, "reveal_opp_hands", ctrl=1 - p))

    def _static_applies(self, st, src, ab, cid) -> bool:
        tgt = ab.get("target", "self")
        s = st["cards"][src]
        if s.get("z") != "play" or s.get("fr"):
            return False
        if tgt == "self":
            ok = src == cid
        elif tgt == "host":
            ok = s.get("h") == cid
        else:
            ok = self.matches(st, cid, tgt, s["c"], src)
        if not ok:
            return False
        if ab.get("fo_only") and not st["fo"]:
            return False
        if ab.get("fo_only") in ("tm", "problem") and not self.fo_is(st, ab["fo_only"]):
            return False
        cond = ab.get("cond")
        if cond:
            return self._cond(st, src, cond)
        return True

    def _cond(self, st, src, cond) -> bool:
        c = st["cards"][src]
        k = cond.get("k")
        if k == "faceoff":
            if cond.get("fo") in ("tm", "problem") and not self.fo_is(st, cond["fo"]):
                return False
            return bool(st["fo"]) and self.involved(st, src)
        if k == "at_problem":
            return c["a"].startswith(("prob", "dil"))
        if k == "at_home":
            return c["a"].startswith("home")
        if k == "hand_at_least":
            return len(st["pl"][c["c"]]["hand"]) >= cond["n"]
        if k == "cutie":
            return bool(c.get("cm"))
        if k == "your_turn":
            return st["tp"] == c["c"]
        if k == "opp_turn":
            return st["tp"] != c["c"]
        if k in ("power_at_least", "power_at_most"):  # keyword grants only (cardtext.parse_static_keyword)
            pw = self.power(st, src)
            if pw is None:
                return False
            return pw >= cond["n"] if k == "power_at_least" else pw <= cond["n"]
        if k == "hand_at_most":
            return len(st["pl"][c["c"]]["hand"]) <= cond["n"]
        if k in ("opp_mane_boosted", "opp_mane_home"):
            m = st["pl"][1 - c["c"]]["mane"]
            mc = st["cards"].get(m)
            if not mc or mc.get("z") != "play":
                return False
            return bool(mc.get("b")) if k == "opp_mane_boosted" else mc["a"].startswith("home")
        if k == "no_opp_here":
            return not any(st["cards"][o].get("c") != c["c"] and st["cards"][o]["a"] == c["a"] and self.is_char(st, o)
                           for o in st["play"])
        if k == "exhausted":
            return bool(c.get("ex"))
        if k == "host_involved":  # a Resource's "While involved in a faceoff, that Friend has +1 power"
            return bool(st["fo"]) and bool(c.get("h")) and self.involved(st, c["h"])
        if k == "opp_more_points":  # "While an opponent has more points than you"
            return st["pl"][1 - c["c"]]["score"] > st["pl"][c["c"]]["score"]
        if k in ("opp_inv_power", "inv_with", "fo_area_with"):
            return self._fo_cond(st, src, cond)
        if k == "more_chars_here":  # "While you have more characters here than any opponent"
            ch = self.chars_at(st, c["a"])
            mine = sum(1 for o in ch if st["cards"][o]["c"] == c["c"])
            return mine > len(ch) - mine
        if k == "mane_color":
            m = st["pl"][c["c"]]["mane"]
            return m in st["cards"] and cond["color"] in self.colors(st, m)
        if k == "with":
            ty = cond.get("type", "character")
            for o in st["play"]:
                oc = st["cards"][o]
                if o == src or oc.get("c") != c["c"] or oc["a"] != c["a"] or oc.get("fd"):
                    continue
                t_ = self.ctype(st, o)
                if not (t_ in CHAR_TYPES if ty == "character" else t_ == ty):
                    continue
                if ("trait" in cond and cond["trait"] in self.traits(st, o)) or \
                        ("color" in cond and cond["color"] in self.colors(st, o)):
                    return True
            return False
        if k == "all":  # several conditions ("While this card is exhausted and at a Problem")
            return all(self._cond(st, src, x) for x in cond.get("conds") or cond.get("of") or ())
        if k == "with_title":  # "While with your Rainbow Dash" (201.3a)
            return any(o != src and st["cards"][o].get("c") == c["c"] and st["cards"][o]["a"] == c["a"]
                       and self.is_char(st, o) and self._has_title(st, o, cond["title"]) for o in st["play"])
        if k == "at_problem_with":  # "While at a Problem with a [Kindness] Friend / with Pinkie Pie"
            if not c["a"].startswith(("prob", "dil")):
                return False
            sel = dict(cond["sel"], at="here", other=True)
            return any(self.matches(st, o, sel, c["c"], src) for o in st["play"])
        if k == "you_have":  # "While you have a Friend in play / another Dragon character"
            return any(self.matches(st, o, cond["sel"], c["c"], src) for o in st["play"])
        if k == "ready":
            return not c.get("ex") and not c.get("fr")
        if k in ("mane_boosted", "mane_not_boosted"):
            m = st["cards"].get(st["pl"][c["c"]]["mane"])
            return bool(m and m.get("b")) == (k == "mane_boosted")
        if k == "not_cutie":
            return not c.get("cm")
        if k == "any_of":  # "While you have Princess Luna, Princess Twilight Sparkle, or Princess Cadance"
            return any(self._cond(st, src, x) for x in cond["of"])
        if k == "self_counters":  # "While this card has at least one Postage counter on it"
            return c.get("cn", {}).get(cond["counter"], 0) >= cond["n"]
        if k == "main_phase":
            return st.get("step") in ("main", "main_start")
        if k == "host_only_friend":  # "While that Friend is the only Friend at its Problem"
            h = c.get("h")
            hc = st["cards"].get(h) if h else None
            if not hc or hc.get("z") != "play" or not hc["a"].startswith(("prob", "dil")):
                return False
            return not any(o != h and st["cards"][o]["a"] == hc["a"] and self.ctype(st, o) == FRIEND for o in st["play"])
        if k == "fd_tm_here":  # "While there is a facedown Troublemaker here"
            return any(st["cards"][o]["a"] == c["a"] and st["cards"][o].get("fd") and self.ctype(st, o) == TM
                       for o in st["play"])
        if k == "opp_boosted_mane_here":  # "While an opponent's boosted Mane Character is here"
            m = st["cards"].get(st["pl"][1 - c["c"]]["mane"])
            return bool(m and m.get("z") == "play" and m.get("b") and m["a"] == c["a"])
        if k == "highest_power_here":  # "While this card has power higher than any other Friend here"
            pw = self.power(st, src)
            if pw is None:
                return False
            return all((self.power(st, o) or 0) < pw for o in st["play"] if o != src
                       and st["cards"][o]["a"] == c["a"] and self.ctype(st, o) == FRIEND)
        if k == "opp_controls_not_owned":  # "While an opponent controls a Friend they do not own"
            q = 1 - c.get("c", c["o"])
            return any(st["cards"][o].get("c") == q and st["cards"][o]["o"] != q and self.ctype(st, o) == FRIEND
                       for o in st["play"])
        if k == "you_have_none":  # "While you have no [Honesty] Friends"
            return not any(self.matches(st, o, cond["sel"], c["c"], src) for o in st["play"])
        if k == "friends_cmp":  # "While an opponent has more Friends than you" / "you have more ... than"
            n = [sum(1 for o in st["play"] if st["cards"][o].get("c") == q and self.ctype(st, o) == FRIEND
                     and not st["cards"][o].get("fd")) for q in (c["c"], 1 - c["c"])]
            return n[1] > n[0] if cond["who"] == "opp" else n[0] > n[1]
        if k == "disc_has":  # "While you have a Friend in your discard pile"
            return any(self.types[st["cards"][d]["k"]] == cond["type"] for d in st["pl"][c["c"]]["disc"])
        if k == "any_score_at_least":  # "While a player has 8 or more points"
            return any(pl["score"] >= cond["n"] for pl in st["pl"])
        if k == "opp_tokens_at_least":  # "While an opponent has at least [2]"
            return st["pl"][1 - c["c"]]["tok"] >= cond["n"]
        if k == "host_fo":  # a Resource's host involved in a (Troublemaker) faceoff
            h = c.get("h")
            fo = st["fo"]
            return bool(h and fo and (cond.get("fo") is None or fo["type"] == cond["fo"]) and self.involved(st, h))
        if k in ("score_phase", "opp_score_phase"):  # "during the Score Phase" (610) / "your opponent's"
            if st.get("step") not in SCORE_STEPS:
                return False
            return k == "score_phase" or st["tp"] != c["c"]
        if k == "host_at_problem":  # "While that Friend is at a Problem"
            hc = st["cards"].get(c.get("h")) if c.get("h") else None
            return bool(hc and hc.get("z") == "play" and hc["a"].startswith(("prob", "dil")))
        if k == "host_boosted":  # "While that Mane Character is boosted"
            hc = st["cards"].get(c.get("h")) if c.get("h") else None
            return bool(hc and hc.get("z") == "play" and hc.get("b"))
        if k == "host_trait":  # "If that Friend is a Changeling"
            h = c.get("h")
            return bool(h and self.in_play(st, h) and cond["trait"] in self.traits(st, h))
        if k in ("host_highest_power_here", "host_at_home"):  # "While that Friend has power higher than any other
            h = c.get("h")                                       # Friend here" / "if that Mane Character is at home"
            hc = st["cards"].get(h) if h else None
            if not hc or hc.get("z") != "play":
                return False
            if k == "host_at_home":
                return hc["a"].startswith("home")
            pw = self.power(st, h)
            return pw is not None and all((self.power(st, o) or 0) < pw for o in st["play"] if o != h
                                          and st["cards"][o]["a"] == hc["a"] and self.ctype(st, o) == FRIEND)
        if k == "sel_at_least":  # "While there are at least 2 Pegasus Friends at this card's Problem"
            return len(self.select(st, cond["sel"], c["c"], src)) >= cond["n"]
        if k == "your_tp":  # "during your Troublemaker Phase" (606)
            return st["tp"] == c["c"] and st.get("step") in ("tp_start", "tm_uncover", "tm_challenge", "tp_end")
        if k == "friends_here_at_least":  # "While you have 4 or more Friends here"
            return sum(1 for o in st["play"] if st["cards"][o].get("c") == c["c"] and st["cards"][o]["a"] == c["a"]
                       and self.ctype(st, o) == FRIEND and not st["cards"][o].get("fd")) >= cond["n"]
        if k == "you_points_at_least":  # "While you have at least 8 points"
            return st["pl"][c["c"]]["score"] >= cond["n"]
        if k == "beneath_at_least":  # "While this card has at least 1 card beneath it"
            return self.beneath_count(st, src) >= cond["n"]
        if k == "with_trait":
            tr = cond["trait"]
            return any(o != src and st["cards"][o].get("c") == c["c"] and st["cards"][o]["a"] == c["a"]
                       and tr in self.traits(st, o) for o in st["play"])
        if k in ("chars_here_min", "over_home_limit", "lowest_here"):  # (conditions of timed abilities, timed_effects.py)
            return CARD_CONDS[k](self, st, src, cond)
        return False

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
        if "title" in sel and not self._has_title(st, cid, sel["title"]):
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
        return any(cards_c == c["c"] and self.matches(st, cid, ab["sel"], cards_c, o)
                   for o, ab in self.statics(st, "home_limit_exempt") for cards_c in (st["cards"][o]["c"],))

    # ================================================================= rule modifiers (702, statics work)
    def statics(self, st, op) -> list[tuple[str, dict]]:
        """(source id, ability) of every continuous ability ``op`` of the cards in play whose
        conditions hold.  Frightened and face-down cards have no abilities (504, 505.1a)."""
        if op not in self.ops_in_play(st):
            return []
        out = []
        twn = st.get("twn")
        if not twn and not st.get("lab"):
            cards = st["cards"]
            for o in self.in_play_with(st, self.sop_keys[op]):  # (op is in ops_in_play)
                for ab in self._own_statics(cards[o]).get(op, ()):
                    if not ab.get("cond") or self._cond(st, o, ab["cond"]):
                        out.append((o, ab))
            return out
        if twn and not self.in_play_with(st, self.tw_sop.get(op, _NO_KEYS)) and self.af_free(st):
            twn = None  # no Teamwork card in play lends it: only cards printing it have it (see af_free)
        for o in (st["play"] if twn else self.in_play_with(st, self.sop_keys.get(op, _NO_KEYS))):
            for ab in self.abilities(st, o):
                if ab["kind"] == "static" and ab.get("op") == op and (not ab.get("cond") or self._cond(st, o, ab["cond"])):
                    out.append((o, ab))
        return out

    def ops_in_play(self, st) -> frozenset | set:
        """The static ops printed on the cards in play (either face; Teamwork only lends abilities of
        cards in play), kept with the play-zone index (see ``in_play_with``); don't mutate the result."""
        m = self._kmemo
        if m.pl is not st["play"]:
            m = self._play_index(st)
        out = m.ops
        if out is None:
            out = set()
            ko = self.key_ops
            for k in m.keys:
                x = ko.get(k)
                if x:
                    out |= x
            m.ops = out
        return out

    def _start_call(self) -> None:
        """The per-call scratch values, fresh: guards and memos of one computation, never card data.
        Only ``session`` copies (one per public call, see ``MLPGame``) and the game's own ``Rules``
        (``MLPGame.r``, for tests and tools in one thread) hold them."""
        self._last = None  # (player, their non-pass actions) found while advancing (flow.has_non_pass)
        self._trusted = None  # the cached legal actions ``apply`` may find the action in (flow.apply)
        self._twc = None  # Teamwork memo during read-only computations (see _teamwork)
        self._kwp: set = set()  # cards whose granted power keywords are being computed (granted_power_kws)
        self._kwpart: dict = {}  # card -> the granted power keywords applied so far (711.4, granted_power_kws)
        self._lost_busy = False
        self._prb: set = set()  # Prismatic cards whose colors are being computed (``_colors``)
        self._tw_busy = False  # reading Traits for Teamwork (``_tw_traits``): no Teamwork lending meanwhile
        self._kmemo = _PlayIndex()  # see ``in_play_with``

    def session(self) -> "Rules":
        """A ``Rules`` for one call of the public API: it shares this one's card tables (built once
        per card pool in ``__init__``, read only) and has its own scratch values (``_start_call``),
        so one ``MLPGame`` can serve several threads at once."""
        r = copy.copy(self)
        r._start_call()
        return r

    def forget(self) -> None:
        """Make the play-zone index (``in_play_with`` / ``ops_in_play``) check the play zone again.  It
        follows cards entering and leaving play through the engine (``enter_play`` / ``_remove``); each
        public call (``MLPGame.apply``, ``legal_actions``, ``view``, ``MLPGame.r``) starts a session
        with a fresh index, so a state changed in place between calls (a judge fix, a test setup giving
        a card another key) is read afresh.  Code holding one session across such a change calls this:
        the index is kept only if the play zone still holds the same cards with the same keys."""
        self._kmemo.pl = None

    def _play_index(self, st) -> "_PlayIndex":
        """The index for ``st["play"]``: the current one when the play zone holds the same cards with
        the same keys (the index is a function of that sequence alone), else a new empty one."""
        pl = st["play"]
        m = self._kmemo
        keys = list(map(_KEY, map(st["cards"].__getitem__, pl)))  # (each card's key, at C speed)
        if m.cids != pl or m.keys != keys:
            m = self._kmemo = _PlayIndex()
            m.cids = list(pl)
            m.keys = keys
        m.pl = pl
        m.af = None
        return m

    def af_free(self, st) -> bool:
        """No card in play carries an "also a Friend" mark (``af``), which ``ctype`` drops as it reads
        a card whose modifier has ended: reading card types (``ctype`` and what calls it) changes
        nothing then, so a fast path may skip such reads.  Kept by the play-zone index: counted when
        first asked after the index was checked (at each public entry point), raised by the
        also_friend effect."""
        m = self._kmemo
        if m.pl is not st["play"]:
            m = self._play_index(st)
        af = m.af
        if af is None:
            cards = st["cards"]
            af = m.af = any("af" in cards[o] for o in m.cids)
        return not af

    def _play_added(self, st, cid) -> None:
        """``cid`` was just appended to the play zone: keep the index current (copies, never changing a
        list already handed out)."""
        pl = st["play"]
        m = self._kmemo
        if m.pl is not pl or len(m.cids) != len(pl) - 1:
            m.pl = None  # (the index was not current: it is checked again when next used)
            return
        k = st["cards"][cid]["k"]
        lists = m.lists
        for i, keys in m.tables.items():
            if k in keys:
                lists[i] = lists[i] + [cid]
        if m.ops is not None:
            x = self.key_ops.get(k)
            if x and not x <= m.ops:
                m.ops = m.ops | x
        if k in self.kwg_keys:
            m.kwn = None
        m.cids.append(cid)
        m.keys.append(k)

    def _play_remove(self, st, cid) -> None:
        """Remove ``cid`` from the play zone, keeping the index current."""
        pl = st["play"]
        m = self._kmemo
        cur = m.pl is pl and len(m.cids) == len(pl)
        pl.remove(cid)
        if not cur:
            m.pl = None  # (checked again when next used)
            return
        i = m.cids.index(cid)
        del m.cids[i]
        k = m.keys.pop(i)
        lists = m.lists
        for j, keys in m.tables.items():
            if k in keys:
                r = lists[j].copy()
                r.remove(cid)
                lists[j] = r
        if m.ops is not None and k in self.key_ops:
            m.ops = None  # (another card may print the same ops: counted again when asked)
        if k in self.kwg_keys:
            m.kwn = None

    def in_play_with(self, st, keys) -> list[str]:
        """The cards in play (in play order) whose card key is in ``keys``, one of the per-key tables
        built in ``__init__`` (``static_keys``, ``trig_ev[event]``, ...; a long-lived set, as the index
        is keyed by its identity).  The index of cards in play by key that the scans for "which cards
        in play have a static / trigger / grant of this kind" share; don't mutate the result.
        A card's key can't change while it is in play, and only ``enter_play`` (which appends a card
        with a new id) and ``_remove`` change the play zone, keeping the index current; so the same
        play list means the same cards (a copied state has a new list, and ``forget`` makes the next
        call check the whole play zone)."""
        m = self._kmemo
        pl = st["play"]
        if m.pl is not pl:
            m = self._play_index(st)
        r = m.lists.get(id(keys))
        if r is None:
            cards = st["cards"]
            r = m.lists[id(keys)] = [o for o in pl if cards[o]["k"] in keys]
            m.tables[id(keys)] = keys
        return r

    def prevented(self, st, cid, op, phase=None) -> bool:
        """Whether a continuous "can't" ability ``op`` (no_frighten, no_dismiss, no_exhaust, no_ready)
        applies to card ``cid``: its target (self, host or a selector), ``max_power`` ("If that
        character has 3 or less power") and ``phase`` ("during the Ready Phase")."""
        if op not in self.ops_in_play(st):
            return False
        for o, ab in self.statics(st, op):
            if ab.get("phase") and ab["phase"] != phase:
                continue
            if not self._static_applies(st, o, ab, cid):
                continue
            if "max_power" in ab and (self.power(st, cid) or 0) > ab["max_power"]:
                continue
            return True
        return False

    def can_exhaust(self, st, cid, by=None) -> bool:
        """'That Friend can't be exhausted.' / 'Players can't exhaust their Friends.' (104.2; a cost
        requiring it can't be paid, 104.2a)"""
        if self.prevented(st, cid, "no_exhaust"):
            return False
        c = st["cards"][cid]
        return not (by is not None and by == c.get("c") and "no_exhaust_own" in self.ops_in_play(st)
                    and self.ctype(st, cid) == FRIEND and self.statics(st, "no_exhaust_own"))

    @staticmethod
    def _who(ab, ctrl, p) -> bool:
        """Whom a rule modifier binds: "Players" (all), "Opponents" (opp), "You" (you)."""
        w = ab.get("who", "all")
        return w == "all" or (w == "opp") == (p != ctrl)

    def action_tax(self, st, p, act, cid=None, frm=None, to=None, unless_only=False) -> int:
        """Extra action tokens player ``p`` pays to take an action (609.2): ``act`` is draw, rally,
        move or challenge; ``cid`` the card moved/rallied/challenged, ``frm``/``to`` the move's areas.
        "can't <act> unless they pay [N]" abilities carry ``unless`` (they also bind effect moves)."""
        tot = 0
        cards = st["cards"]
        for o, ab in self.statics(st, "action_cost"):
            s = cards[o]
            if ab["act"] != act or not self._who(ab, s["c"], p) or (unless_only and not ab.get("unless")):
                continue
            w = ab.get("where")
            if w:
                here = s["a"]
                if ab.get("at_problem") and not here.startswith(("prob", "dil")):
                    continue  # "this card's Problem": none while at home
                if (w == "to" and to != here) or (w == "from" and frm != here) or \
                        (w == "to_from" and here not in (to, frm)) or \
                        (w == "at" and (cid is None or cards[cid]["a"] != here)):
                    continue
            if ab.get("host") and cid != s.get("h"):
                continue  # "that Troublemaker" (the attached card)
            if ab.get("yours") and (cid is None or cards[cid]["c"] != s["c"]):
                continue  # "your Troublemakers"
            if ab.get("opposing") and (cid is None or cards[cid]["c"] == s["c"]):
                continue  # "Opposing characters here can't be moved unless ..."
            tot += ab["n"]
            if "min" in ab:  # "..., to a minimum of [1]" (609.2e: rallying costs [2])
                tot = max(tot, ab["min"] - _ACT_BASE.get(act, 1))
        return tot

    @staticmethod
    def _hand_match(f, sel) -> bool:
        """A card not in play (its printed information, 507.1) against a cost/restriction selector."""
        t = sel.get("type", "card")
        if t != "card" and f.type != t:
            return False
        if "max_cost" in sel and (f.cost is None or f.cost > sel["max_cost"]):
            return False
        pp = f.power or 0
        if ("min_printed" in sel and (f.power is None or pp < sel["min_printed"])) or \
                ("max_printed" in sel and (f.power is None or pp > sel["max_printed"])):
            return False
        return "trait" not in sel or sel["trait"] in f.traits

    def played_this_turn(self, st, p) -> list:
        """[type, printed power, area] of each card player ``p`` played this turn ("your first Event
        each turn")."""
        rec = st["pl"][p].get("ptt")
        return rec[1] if rec and rec[0] == st["turn"] else []

    def record_play(self, st, p, f, area) -> None:
        pl = st["pl"][p]
        if not pl.get("ptt") or pl["ptt"][0] != st["turn"]:
            pl["ptt"] = [st["turn"], []]
        pl["ptt"][1].append([f.type, f.power if f.type != TM else None, area,
                             list(f.traits) if f.type != TM else []])  # (a face-down TM's power stays hidden)
        if pl.get("req_red") and any(r.get("next") for r in pl["req_red"]):
            # "reduce the play requirement of the next card you play this turn": used by this card
            pl["req_red"] = [r for r in pl["req_red"] if not r.get("next")]

    def play_cost_delta(self, st, p, cid, base, area=None, host=None) -> int:
        """Continuous cost modifiers for playing a card (508): "Opponents pay +[1] to play Friends
        here", "Pay [1] less for your first Event each turn, to a minimum of [1]", ...  Increases
        apply first, then each reduction down to its minimum.  Without a destination (``area`` and
        ``host`` None) destination-bound increases are left out, so the cost is a lower bound.
        "You may pay less" reductions are always taken (they never hurt their player)."""
        f = self.cdef(st, cid).front
        cards = st["cards"]
        dest = area if area is not None else (cards[host]["a"] if host in cards else None)
        inc, decs = 0, []
        for o, ab in self.statics(st, "play_cost"):
            s = cards[o]
            if not self._who(ab, s["c"], p) or not self._hand_match(f, ab.get("sel", {})):
                continue
            w = ab.get("where")
            if w and dest is None and ab["n"] > 0:
                continue
            if w == "here" and dest is not None and dest != s["a"]:
                continue
            if w == "on_char_here" and host is not None and not (cards[host]["a"] == s["a"] and self.is_char(st, host)):
                continue
            if w == "on_src" and host is not None and host != o:
                continue
            if "opp_has" in ab:  # "While a player has at least 3 [Kindness] Friends at this Problem, that player's
                # opponent must pay +[1] to play a Friend here"
                oh = ab["opp_has"]
                if len([x for x in self.select(st, oh["sel"], 1 - p, o) if cards[x]["c"] == 1 - p]) < oh["n"]:
                    continue
            if ab.get("first"):
                done = [x for x in self.played_this_turn(st, p)
                        if x[0] == f.type and (w != "here" or x[2] == s["a"])
                        and ("min_printed" not in ab.get("sel", {}) or (x[1] or 0) >= ab["sel"]["min_printed"])
                        and ("trait" not in ab.get("sel", {}) or ab["sel"]["trait"] in (x[3] if len(x) > 3 else ()))]
                if done:
                    continue
            n = ab["n"]
            if ab.get("per") == "frightened_friends":
                n *= sum(1 for x in st["play"] if cards[x].get("fr") and self.ctype(st, x) == FRIEND)
            elif isinstance(ab.get("per"), dict):  # "for each Tip counter on this card"
                n *= s.get("cn", {}).get(ab["per"]["counter"], 0)
            if n > 0:
                inc += n
            elif n < 0:
                decs.append((-n, ab.get("min", 0)))
        for ab in self.abf[cards[cid]["k"]]:
            if ab["kind"] == "static" and ab.get("op") == "play_cost_self":
                # "You may pay [1] less to play this card to a Problem for each of your Earth Pony Friends there"
                areas = [dest] if dest is not None else self.problem_areas(st)
                k = max((sum(1 for x in self.chars_at(st, a, p) if self.ctype(st, x) == FRIEND
                             and ab["trait"] in self.traits(st, x)) for a in areas if a.startswith(("prob", "dil"))),
                        default=0)
                if k:
                    decs.append((ab["n"] * k, 0))
        c = base + inc
        for n, m in decs:
            c = max(c - n, min(c, m))
        return c - base

    def play_blocked(self, st, p, cid, area=None, host=None) -> bool:
        """Playing restrictions: "Friends with 3 or more power can't be played here", "Resources can't
        be played on this Problem or on Friends here", "Players with 2 or more characters here can't
        move or play characters to this Problem"."""
        f = self.cdef(st, cid).front
        cards = st["cards"]
        dest = area if area is not None else (cards[host]["a"] if host in cards else None)
        for o, ab in self.statics(st, "no_play"):
            s = cards[o]
            if dest != s["a"] or not self._who(ab, s["c"], p) or not self._hand_match(f, ab.get("sel", {})):
                continue
            if "min_chars" in ab and len(self.chars_at(st, dest, p)) < ab["min_chars"]:
                continue
            return True
        return False

    def move_blocked(self, st, p, cid, frm, to, no_move: list | None = None) -> bool:
        """Moving restrictions (506) for player ``p`` moving ``cid`` from ``frm`` to ``to`` (the move
        action or an effect): "Opponents can't move characters away from here", "Friends with Resources
        on them can't be moved here", "Your opponents can't move this card", ..."""
        cards = st["cards"]
        if st.get("cmr") and any(r["c"] == cid for r in st["cmr"]):
            return True  # "That character can't be moved again this turn" (timed_effects.card_no_move)
        if st.get("amr") and any(r["a"] == to for r in st["amr"]):
            return True  # "Characters can't be moved to that Problem until the end of the turn" (timed_effects.area_restrict)
        if st["pl"][p].get("tmr") and cards[cid]["c"] == p and any(r["k"] == "no_move" for r in st["pl"][p]["tmr"]):
            return True  # "opponents can't move their characters this turn" (timed_effects.restrict)
        # (``no_move``: ``statics(st, "no_move")`` when the caller already has it for this state)
        for o, ab in (self.statics(st, "no_move") if no_move is None else no_move):
            s = cards[o]
            if not self._who(ab, s["c"], p):
                continue
            w = ab.get("where")
            here = s["a"]
            if (w == "to" and to != here) or (w == "from" and frm != here) or (w == "to_from" and here not in (to, frm)):
                continue
            who = ab.get("card")
            if who == "self" and cid != o:
                continue
            if who == "self_or_mane" and cid not in (o, st["pl"][s["c"]]["mane"]):
                continue
            if who == "host" and cid != s.get("h"):
                continue
            if "sel" in ab and not self.matches(st, cid, ab["sel"], s["c"], o):
                continue
            if "min_chars" in ab and len(self.chars_at(st, here, p)) < ab["min_chars"]:
                continue  # "Players with 2 or more characters here ..."
            if ab.get("most_friends"):  # "The player with the most Friends here ..."
                mine = sum(1 for x in self.chars_at(st, here, p) if self.ctype(st, x) == FRIEND)
                theirs = sum(1 for x in self.chars_at(st, here, 1 - p) if self.ctype(st, x) == FRIEND)
                if mine <= theirs:
                    continue
            if ab.get("power_le_src") and (self.power(st, cid) or 0) > (self.power(st, o) or 0):
                continue  # "characters with power lower than or equal to this card's power"
            if "at_least" in ab:  # "If there are at least 3 [Generosity] characters at this Problem"
                if len(self.select(st, ab["at_least"]["sel"], s["c"], o)) < ab["at_least"]["n"]:
                    continue
            return True
        return False

    # ================================================================= involvement / faceoffs
    def involved(self, st, cid) -> bool:
        """514.2: involvement is checked continuously from the faceoff's description."""
        fo = st["fo"]
        if not fo:
            return False
        c = st["cards"].get(cid)
        if not c or c.get("z") != "play":
            return False
        if "join" in fo or "out" in fo:  # an effect made it (cease to) be involved (514.2c, 514.2d.i)
            if cid in fo.get("out", ()):
                return False
            if cid in fo.get("join", ()):
                return True
        if "xinv" in fo and cid in fo["xinv"]:  # "this card becomes involved in the faceoff" (timed_effects.join_faceoff, 514.2d.i)
            return True
        if fo["type"] == "tm":
            if cid == fo["tm"]:
                return True
            if "tm_inv" in fo or "tm_all" in fo:  # a challenge by an effect (514.2a.i; timed_effects.challenge)
                return cid in fo["tm_inv"] if "tm_inv" in fo else c["c"] == fo["chal"] and self.is_char(st, cid)
            return c["a"] in fo["areas"] and c["c"] == fo["chal"] and self.is_char(st, cid)  # 514.2a
        if self.types.get(c["k"]) == "Mane Character" and not c.get("t") and self.has_static(st, "no_mane_fo"):
            return False  # "Mane Characters can't be involved in faceoffs"
        if fo["type"] == "effect":
            # 514.2c started by an effect: its cards are flagged (514.2d.i), or everyone's characters
            # at its Problem are involved (checked continuously, 514.2d)
            return cid in fo["inv"] or (bool(fo.get("inv_area")) and c["a"] in fo["areas"] and self.is_char(st, cid))
        return c["a"] in fo["areas"] and self.is_char(st, cid)  # 514.2b

    def contributes(self, st, cid) -> bool:
        """503.5: exhausted cards don't contribute (unless Stubborn); frightened/face-down have no power."""
        c = st["cards"][cid]
        if c.get("fr") or c.get("fd"):
            return False
        if c.get("ex") and not ((c["k"] in self.kw_keys.get("Stubborn", ()) or c.get("t") or self.kw_may_differ(st, "Stubborn"))
                                and self.kw(st, cid, "Stubborn")):
            return False
        if "no_faceoff_power" not in self.ops_in_play(st) and self.af_free(st):
            return True  # (no card has it without one printing it in play; see af_free)
        for ab in self.abilities(st, cid):
            if ab["kind"] == "static" and ab.get("op") == "no_faceoff_power":
                return False
        return True

    def faceoff_total(self, st, p) -> int:
        """514.4a"""
        return self.faceoff_totals(st)[p]

    def faceoff_totals(self, st) -> list[int]:
        """514.4a both players' power totals (one pass over the cards in play)."""
        fo = st["fo"]
        tot = [0, 0]
        srcs = None
        nc = self.has_static(st, "no_contrib") if self.static_keys else []
        for cid in st["play"]:
            if not self.involved(st, cid) or not self.contributes(st, cid):
                continue
            if nc and self.no_contrib(st, cid, "faceoff", nc):
                continue
            c = st["cards"][cid]
            owner_side = c["c"]
            if fo["type"] == "tm" and cid == fo["tm"] and c["c"] == fo["chal"]:
                owner_side = opponent(fo["chal"])  # 514.4a.i
            if srcs is None:
                srcs = self.power_sources(st)
            tot[owner_side] += self.power(st, cid, srcs) or 0
        return [self._fo_flip_total(st, 0, tot[0]), self._fo_flip_total(st, 1, tot[1])]

    def _fo_flip_total(self, st, p, tot) -> int:
        """Player ``p``'s total from their characters' power ``tot``: flipped cards and modifiers."""
        fo = st["fo"]
        fp = 0
        for o in self.has_static(st, "flip_power", ctrl=p) + self.has_static(st, "fo_bonus"):
            for ab in self.abilities(st, o):
                if ab["kind"] != "static":
                    continue
                if ab.get("op") == "flip_power":
                    # "Your flipped cards have +2 power [for each Muscle counter on this card]"
                    fp += ab["n"] * (st["cards"][o].get("cn", {}).get(ab["per_counter"], 0) if ab.get("per_counter") else 1)
                elif ab.get("op") == "fo_bonus" and self.fo_is(st, ab.get("fo", True)) and \
                        (ab.get("scope") != "here" or st["cards"][o]["a"] in fo["areas"]) and \
                        self.fo_player_ok(st, o, ab, p):
                    tot += ab["n"] * self.fo_bonus_count(st, o, ab)  # 514.4a a modifier of the player's power total
        hi = None
        if any(st["cards"][o]["c"] != p and self.involved(st, o) and self.fo_is(st, "problem")
               for o in self.has_static(st, "ignore_highest")):
            # "your opponent ignores one of their flipped cards with the highest power" (515.4)
            cand = [f for f in st["pl"][p]["flip"] if f not in fo["ign"]]
            hi = max(cand, key=lambda f: self.power(st, f) or 0) if cand else None
        for fid in st["pl"][p]["flip"]:
            if fid in fo["ign"] or fid == hi:
                continue  # 514.4b ignored flipped cards
            if st["mods"] or st["cards"][fid].get("cn"):
                tot += (self.power(st, fid) or 0) + fp  # a Chaos card's "it has +2 power" modifies its power
            else:
                tot += self.printed_power(st, fid) + fp
            if st["cards"][fid]["k"] in self.flip_self_keys:
                tot += self.flip_self_power(st, fid, p)
        tot += fo["bonus"][p]
        tot += sum(x["n"] for x in st["pl"][p].get("fo_plus") or ())  # "You have +2 power during Faceoffs this turn"
        return tot

    def flip_self_power(self, st, fid, p) -> int:
        """Chaos (glossary, 515): "While this card is flipped, it has +2 power / +1 power for each card
        in your hand / power equal to the number of cards in your hand" — continuous abilities of the
        flipped card itself, read while it is flipped (not while opposing flipped cards lose their
        abilities)."""
        if any(st["cards"][o]["c"] != p for o in self.has_static(st, "flip_no_abilities")):
            return 0
        out = 0
        for ab in self.abf[st["cards"][fid]["k"]]:
            if ab["kind"] != "static" or ab.get("op") != "flip_self_power":
                continue
            hand = len(st["pl"][p]["hand"])
            if "is" in ab:  # the count replaces the printed power (counters and modifiers stay, 507)
                out += hand - self.printed_power(st, fid)
            else:
                out += ab["n"] * (hand if ab.get("per") else 1)
        return out

    def _fo_cond(self, st, src, cond) -> bool:
        """Faceoff conditions of flip modifiers: an opposing involved character with N or more power;
        this card involved with N of your other <trait> Friends; N of your <color> Friends at one of the
        faceoff's Problems."""
        fo = st["fo"]
        if not fo:
            return False
        c = st["cards"][src]
        k = cond["k"]
        if k == "opp_inv_power":
            return any(st["cards"][o]["c"] != c["c"] and self.is_char(st, o) and self.involved(st, o)
                       and (self.power(st, o) or 0) >= cond["n"] for o in st["play"])
        ty = cond.get("type", "character")

        def fits(o):
            oc = st["cards"][o]
            if oc["c"] != c["c"] or not (self.ctype(st, o) == ty if ty != "character" else self.is_char(st, o)):
                return False
            return ("trait" not in cond or cond["trait"] in self.traits(st, o)) and \
                ("color" not in cond or cond["color"] in self.colors(st, o))
        if k == "inv_with":
            return sum(1 for o in st["play"] if o != src and fits(o) and self.involved(st, o)) >= cond["n"]
        return any(sum(1 for o in st["play"] if fits(o) and st["cards"][o]["a"] == a) >= cond["n"] for a in fo["areas"])

    def fo_player_ok(self, st, src, ab, p) -> bool:
        """Which player a faceoff modifier is for: "you" (its controller), "the player with the most
        <trait> characters here" (more than any other player) or "players with at least N ..."."""
        who = ab.get("who", "you")
        c = st["cards"][src]
        if who == "you":
            return c["c"] == p
        if who == "opp":
            return c["c"] != p
        if who == "each":
            return True
        cnt = [sum(1 for o in self.chars_at(st, c["a"], q) if ab["trait"] in self.traits(st, o)) for q in (0, 1)]
        if who == "most":
            return cnt[p] > cnt[1 - p]
        return cnt[p] >= ab.get("min", 1)  # at_least

    def fo_bonus_count(self, st, src, ab) -> int:
        per = ab.get("per")
        if not per:
            return 1
        c = st["cards"][src]
        if per.get("k") == "att_involved":  # your Resources attached to characters involved in the faceoff
            return sum(1 for o in st["play"] if st["cards"][o]["c"] == c["c"] and self.ctype(st, o) == "Resource"
                       and st["cards"][o].get("h") and self.involved(st, st["cards"][o]["h"]))
        return len(self.select(st, per, c["c"], src))

    def fo_is(self, st, kind) -> bool:
        """Is a faceoff of this kind (True: any; "problem" includes Multi Problem faceoffs) happening?"""
        fo = st["fo"]
        if not fo:
            return False
        if kind in ("tm", "problem"):
            return fo["type"] == kind or (kind == "problem" and fo["type"] == "multi")
        return True

    def no_contrib(self, st, cid, what, srcs=None) -> bool:
        """'... can't contribute its power to faceoffs / confronting Problems' from any card in play."""
        for o in (srcs if srcs is not None else self.has_static(st, "no_contrib")):
            for ab in self.abilities(st, o):
                if ab["kind"] != "static" or ab.get("op") != "no_contrib" or ab.get("what") != what:
                    continue
                if ab.get("involving") and not self.involved(st, o):
                    continue
                if self._static_applies(st, o, ab, cid):
                    return True
        return False

    # ================================================================= confronting (611)
    def base_requirements(self, st, p, prob) -> list[tuple[str, int]]:
        """The printed confront requirements of Problem ``prob`` for player ``p`` (611.2)."""
        c = st["cards"][prob]
        f = self.ff[c["k"]]
        if c["o"] == p:
            reqs = f.problem_requirements
        else:
            reqs = [("Wild", f.problem_opponent_power or 0)]
        out = []
        for col, n in reqs:
            if col == "Rainbow":
                out.extend((x, 1) for x in COLOR_NAMES)  # AD176: one of each color (documented)
            else:
                out.append((col, n))
        return out

    def requirements(self, st, p, area, here=None) -> list[tuple[str, int]] | None:
        """611.2 (``here``: ``cards_at(st, area)`` when already known)."""
        if here is None:
            here = self.cards_at(st, area)
        prob = self._problem_in(st, here)
        if prob is None:
            return None
        c = st["cards"][prob]
        out = self.base_requirements(st, p, prob)
        # Eccentric X: opponents need +X wild to confront this card's Problem
        cards = st["cards"]
        sk = self.static_keys
        ecc = self.kw_keys.get("Eccentric", ())
        twn = self.kw_may_differ(st, "Eccentric")  # (cards outside static_keys have no static ability without Teamwork)
        for o in here:
            oc = cards[o]
            if oc["c"] == p:
                continue
            k = oc["k"]
            if k in ecc or twn or oc.get("t"):
                x = self.kw(st, o, "Eccentric")
                if x:
                    out.append(("Wild", x))
            if k in sk or twn:  # (only such cards can have a static ability)
                for ab in self.abilities(st, o):
                    if ab["kind"] == "static" and ab.get("op") == "opp_needs" and \
                            (not ab.get("cond") or self._cond(st, o, ab["cond"])):  # "While this card is exhausted, ..."
                        out.append(("Wild", ab["n"]))
        for m in st.get("cmods") or ():  # "Opponents need +2 power to confront that Problem" (effects)
            if m.get("n", 0) and m["who"] in (p, -1) and m["prob"] in (None, prob):
                # "You need -4 power to confront that Problem" / "reduce a Problem's confront requirements
                # by 2 power": 1 power less of any requirement at a time ("Less", as the statics, meets)
                out.append(("Wild", m["n"]) if m["n"] > 0 else ("Less", -m["n"]))
        for o, ab in self.statics(st, "confront_need"):
            # "Players need +1 power to confront this Problem for each ..." (611.2, as Eccentric: wild power)
            oc = cards[o]
            if ab.get("where") == "opp_problems":  # "You need -2 power to confront opposing Problems"
                if c["o"] == oc["c"] or not self._who(ab, oc["c"], p):
                    continue
            elif oc["a"] != area or not self._who(ab, oc["c"], p):
                continue
            per = ab.get("per")
            if per == "opp_friends_here":
                k = sum(1 for x in self.chars_at(st, area, 1 - p) if self.ctype(st, x) == FRIEND)
            elif per == "colors_here":
                k = len({col for x in self.chars_at(st, area, p) for col in self.colors(st, x)})
            elif isinstance(per, dict) and per.get("counter"):  # "for each Chorus counter on this card"
                k = oc.get("cn", {}).get(per["counter"], 0)
            elif per == "frightened_here":
                k = sum(1 for x in st["play"] if cards[x]["a"] == area and cards[x]["c"] == p and cards[x].get("fr")
                        and self.ctype(st, x) == FRIEND)
            elif per == "disc_types":  # "for each card type among cards in your discard pile"
                k = len({self.types[cards[d]["k"]] for d in st["pl"][p]["disc"]})
            else:
                k = 1
            if ab["n"] * k > 0:
                out.append(("Wild", ab["n"] * k))
            elif ab["n"] * k < 0:
                out.append(("Less", -ab["n"] * k))  # "You need -2 power to confront ..." (meets)
        return out

    def meets(self, st, p, area, here=None) -> bool:
        """611.3: characters at the Problem contribute power in the required amounts and colors.
        Each character gives all its power to one requirement (611.3b); Wild takes any color or
        none (611.3d); "Not <Color>" any power but that color (611.3c).  (``here``: ``cards_at``.)"""
        if here is None:
            here = self.cards_at(st, area)
        reqs = self.requirements(st, p, area, here)
        if not reqs:
            return False
        if any(n >= INFINITE for _, n in reqs):
            return False
        less = 0
        if any(k == "Less" for k, _ in reqs):
            # "You need -2 power to confront this Problem": the player needs that much less power in all,
            # taken off whichever requirements they like (1 power of any color at a time); they still
            # need characters there (611.3)
            less = sum(n for k, n in reqs if k == "Less")
            reqs = [(k, n) for k, n in reqs if k != "Less"]
            if not reqs or not self._chars_in(st, here, p):
                return bool(self._chars_in(st, here, p))
        mine = self._chars_in(st, here, p)
        if not mine:
            return solve_requirements([], reqs)  # (no character there: what the filters below would leave)
        chars = []
        srcs = None
        limits = self.statics(st, "problem_no_contrib") + self.statics(st, "max_contrib")
        limits = [(o, ab) for o, ab in limits if st["cards"][o]["a"] == area]
        banned = self._no_contrib(st, p, area, limits) if limits else ()
        nc = self.has_static(st, "no_contrib") if self.static_keys else []
        ncp = "no_confront_power" in self.ops_in_play(st) or not self.af_free(st)  # (else none has it)
        for cid in mine:
            if not self.contributes(st, cid) or cid in banned:
                continue
            if nc and self.no_contrib(st, cid, "confront", nc):
                continue
            if ncp and any(ab["kind"] == "static" and ab.get("op") == "no_confront_power" and
                           (not ab.get("cond") or self._cond(st, cid, ab["cond"])) for ab in self.abilities(st, cid)):
                continue
            if srcs is None:
                srcs = self.power_sources(st)
            pw = self.power(st, cid, srcs) or 0
            if pw > 0:
                chars.append((pw, cid))
        if sum(pw for pw, _ in chars) + less < sum(n for _, n in reqs):
            return False  # not enough power in all, whatever the colors (as solve_requirements finds)
        chars = [(pw, self.colors(st, cid)) for pw, cid in chars]
        virt = [(1, COLOR_NAMES)] * less  # the reduction, spread over the requirements
        cap = min((ab["n"] for o, ab in limits if ab["op"] == "max_contrib"), default=None)
        if cap is not None and len(chars) > cap:
            # "No more than 2 of each players' characters can contribute ...": some group of at most 2
            return any(solve_requirements(list(g) + virt, reqs) for g in combinations(chars, cap))
        return solve_requirements(chars + virt, reqs)

    def _no_contrib(self, st, p, area, limits) -> set:
        """Characters of ``p`` at ``area`` that can't contribute their power to confronting it (611.3a)."""
        out = set()
        mine = self.chars_at(st, area, p)
        for o, ab in limits:
            if ab["op"] != "problem_no_contrib":
                continue
            ctrl = st["cards"][o]["c"]
            if ab.get("who") == "opp" and p == ctrl:
                continue
            if ab.get("highest"):  # "Opposing characters here with the highest power among opposing characters"
                pws = {x: self.power(st, x) or 0 for x in mine}
                top = max(pws.values(), default=None)
                out.update(x for x, v in pws.items() if v == top)
            else:
                out.update(x for x in mine if self.matches(st, x, ab["sel"], ctrl, o))
        return out

    def can_confront(self, st, p, area, here=None) -> bool:
        """611.3e: no opposing face-up Troublemaker nor face-up Epic Troublemaker there.  (``here``:
        ``cards_at(st, area)`` when already known.)"""
        if here is None:
            here = self.cards_at(st, area)
        if not self._confront_allowed(st, p, area):
            return False
        # "Troublemakers don't prevent players from confronting this Problem" (all) / "Opposing
        # Troublemakers don't prevent you ..." (only opposing ones: your own Epic one still does)
        unblocked = {ab["who"] for o, ab in self.statics(st, "tm_no_block")
                     if st["cards"][o]["a"] == area and self._who(ab, st["cards"][o]["c"], p)}
        tm_ok = [m["tm_ok"] for m in st.get("cmods") or () if m.get("tm_ok") and m["who"] in (p, -1)]
        for t in () if "all" in unblocked else [o for o in here if self.ctype(st, o) == TM]:  # (tms_at)
            c = st["cards"][t]
            if c.get("fd") or (c["c"] != p and unblocked):
                continue
            if True in tm_ok or t in tm_ok:
                continue  # "Troublemakers don't prevent you from confronting Problems" (an effect)
            if c["c"] != p or self.epic(st, t):
                return False
        for o in self.has_static(st, "no_confront", area=area):  # "players can't confront this Problem"
            if any(ab.get("op") == "no_confront" and (not ab.get("cond") or self._cond(st, o, ab["cond"]))
                   for ab in self.abilities(st, o) if ab["kind"] == "static"):
                return False
        return self.meets(st, p, area, here)

    def _confront_allowed(self, st, p, area) -> bool:
        """'Players can't confront this Problem [unless they have at least 4 characters here]',
        'Players can't confront more than one Problem per turn.'"""
        for o, ab in self.statics(st, "confront_block"):
            oc = st["cards"][o]
            if oc["a"] != area or not self._who(ab, oc["c"], p):
                continue
            if "min_chars" not in ab or len(self.chars_at(st, area, p)) < ab["min_chars"]:
                return False
        if self.statics(st, "one_confront") and st.get("sc") and st["sc"]["conf"] and st["tp"] == p:
            return False
        if any(m.get("block") for m in st.get("cmods") or ()):  # "players can't confront that Problem that turn"
            pid = self.problem_at(st, area)
            if any(m.get("block") and m["prob"] == pid for m in st["cmods"]):
                return False
        return True

    # ================================================================= events/log helpers
    def log(self, ev, type_, msg_fn, **data):
        if ev.quiet:
            return
        ev.add(type_, msg_fn() if callable(msg_fn) else msg_fn, **data)

    def pname(self, st, p) -> str:
        return st["pl"][p]["name"]

    # ================================================================= zones (4xx)
    def _remove(self, st, cid) -> None:
        c = st["cards"][cid]
        z = c.get("z")
        if z == "play":
            self._play_remove(st, cid)
            st["dy"] = 1
            if c["k"] in self.tw_keys:
                st["twn"] = st.get("twn", 0) - 1
            if c["k"] in self.kwg_keys:
                st["kwg"] = st.get("kwg", 0) - 1
            if c["k"] in self.lab_keys:
                st["lab"] = st.get("lab", 0) - 1
        elif z == "queue":
            pass
        elif z in ZONE_LIST:
            st["pl"][c["o"]][z].remove(cid)

    def put(self, st, cid, zone, pos="top") -> str | None:
        """Put a card into a non-play zone of its owner; the card gets a new id (410.6).
        Tokens cease to exist (521.3); Problems go to the bottom of their Problem deck (303.3)."""
        c = st["cards"][cid]
        self._remove(st, cid)
        del st["cards"][cid]
        if c.get("t"):
            return None  # 521.3
        d = self.db.cards[c["k"]]
        if d.front.type == "Problem" and zone in ("hand", "disc", "deck"):
            zone, pos = "pdeck", "bottom"  # 303.3
        if c.get("dil") and zone == "pdeck":
            zone = "disc"  # 522.3a
        nid = f"c{st['nid']}"
        st["nid"] += 1
        st["cards"][nid] = {"k": c["k"], "o": c["o"], "z": zone}
        if zone == "disc" and c["k"] in self.to_disc_keys:  # "When this card enters your discard pile" (any zone)
            for ab in self.to_disc_keys[c["k"]]:
                self.queue_trigger(st, nid, c["o"], ab["effects"], ab.get("text", "to_disc"))
        lst = st["pl"][c["o"]][zone]
        if pos == "top" and zone in ("deck", "pdeck"):
            lst.insert(0, nid)
        else:
            lst.append(nid)
        return nid

    def enter_play(self, st, ev, cid, area, ctrl, *, face_down=False, exhausted=False, host=None, trigger=True) -> str:
        """706.1: put a card into play (new id)."""
        c = st["cards"][cid]
        if c.get("z") != "play" or True:
            if c.get("z") in ZONE_LIST or c.get("z") == "queue":
                self._remove(st, cid)
            del st["cards"][cid]
        nid = f"c{st['nid']}"
        st["nid"] += 1
        if not exhausted and "enter_exhausted" in self.ops_in_play(st) and self._enters_exhausted(st, c, ctrl):
            exhausted = True  # "Opposing Friends enter play exhausted." (503.1)
        if not face_down and c["k"] in self.enter_ex_keys:
            exhausted = True  # "This card enters play exhausted." (503.1)
        nc = {"k": c["k"], "o": c["o"], "z": "play", "c": ctrl, "a": area, "ex": exhausted, "fr": False,
              "fd": face_down, "cn": {}, "h": host, "b": False}
        if c.get("t"):
            nc["t"] = c["t"]
        st["cards"][nid] = nc
        st["play"].append(nid)
        self._play_added(st, nid)
        st["dy"] = 1
        if nc["k"] in self.enter_cn_keys and not face_down:  # "This card enters play with 3 +1 power counters on it"
            nc["cn"]["+1"] = sum(a["n"] for a in self.abf[nc["k"]] if a.get("op") == "enter_counters")
        if nc["k"] in self.static_keys and not face_down:
            self.restamp(st, nid)
        if nc["k"] in self.tw_keys:
            st["twn"] = st.get("twn", 0) + 1
        if nc["k"] in self.kwg_keys:
            st["kwg"] = st.get("kwg", 0) + 1
        if nc["k"] in self.lab_keys:
            st["lab"] = st.get("lab", 0) + 1
        if trigger and self.rx_keys:  # a reactable event (512.4): "After an opposing Friend enters play"
            self.rx_note(st, "enter", card=nid, c=ctrl, a=area, type=self.ctype(st, nid), by=actor(st))
        if trigger and not face_down:
            self.fire(st, ev, "enter", nid)
            # Calming X: an opposing Friend entering play here gets -X until end of turn
            if self.ctype(st, nid) == FRIEND:
                for o in st["play"]:
                    oc = st["cards"][o]
                    if oc["a"] == area and oc["c"] != ctrl:
                        x = self.kw(st, o, "Calming")
                        if x:
                            self.add_mod(st, nid, -x, "turn")
            self.watch(st, ev, "w_enter", nid)  # 706.1d "When a/another/an opposing ... enters play"
        return nid

    def controls_title(self, st, p, title) -> bool:
        """Player ``p`` controls a face-up card in play with that title (201.3; 201.3a a trademarked name within
        a Title: "Princess Twilight Sparkle" is a Twilight Sparkle; aliases too)."""
        return any(st["cards"][o]["c"] == p and self._has_title(st, o, title) for o in st["play"])

    def restamp(self, st, cid) -> None:
        """711.3a: a card's continuous abilities create their modifiers when they begin to function:
        as it enters play face-up (706.1c), is uncovered (505.1a), is unfrightened (504) or turned
        over (301.2).  Kept (``ts``) for cards with continuous abilities; ordering among modifiers
        whose sources have no ``ts`` falls back to the play zone's order."""
        if st["cards"][cid]["k"] in self.static_keys:
            st["ts"] += 1
            st["cards"][cid]["ts"] = st["ts"]

    def _enters_exhausted(self, st, c, ctrl) -> bool:
        t = c["t"].get("type", FRIEND) if c.get("t") else self.types[c["k"]]
        return t == FRIEND and any(self._who(ab, st["cards"][o]["c"], ctrl) for o, ab in self.statics(st, "enter_exhausted"))

    def leave_play(self, st, ev, cid, zone, pos="top", *, by_game=False, verb="dismissed", cost=False,
                   persist: bool | None = None, rskip: tuple = ()) -> str | None:
        """Move a card from play to another zone (dismiss, retire, banish, to hand, to deck).

        ``persist``: None asks Persistent's controller (a pending ``may`` decision queued on the
        resolution queue, so the card leaves or is frightened when that decision is answered);
        False: the occurrence is not replaced (declined, or 710.3 already replaced once)."""
        if not self.in_play(st, cid):
            return None
        c = st["cards"][cid]
        if self.ctype(st, cid) == MANE:
            self.log(ev, "prevented", lambda: f"{self.name(st, cid)} can't leave play (301.5)")
            return None
        for ab in self.abilities(st, cid):
            if ab["kind"] == "static" and ab.get("op") == "cant_leave":
                return None
        if not by_game and st["pl"][c["c"]].get("tmr") and self.ctype(st, cid) == FRIEND and \
                any(r["k"] == "no_leave" for r in st["pl"][c["c"]]["tmr"]):
            # "your Friends can't leave play this turn" (timed_effects.restrict; 104.2, not against the game 104.3)
            self.log(ev, "prevented", lambda: f"{self.name(st, cid)} can't leave play this turn")
            return None
        if zone == "hand" and self.ctype(st, cid) == FRIEND and "hand_to_ban" in self.ops_in_play(st) and \
                self.statics(st, "hand_to_ban"):
            zone, verb = "ban", "banished instead of returned to hand (710)"  # "If a Friend would be put into a player's hand from play, banish that Friend instead."
        if zone == "disc" and verb.startswith("dismissed") and not by_game and self.ctype(st, cid) == FRIEND and \
                "dismiss_to_ban" in self.ops_in_play(st) and self.statics(st, "dismiss_to_ban"):
            zone, verb = "ban", "banished instead of dismissed (710)"  # "If a Friend would be dismissed, it is banished instead."
        if verb.startswith("dismissed") and not by_game and self.prevented(st, cid, "no_dismiss"):
            # "[Honesty] Friends here cannot be dismissed." (104.2; never against the game, 104.3)
            self.log(ev, "prevented", lambda: f"{self.name(st, cid)} can't be dismissed")
            return None
        if not by_game and (zone == "hand" or verb.startswith("dismissed")) and "no_opp_remove" in self.ops_in_play(st) \
                and self.prevented(st, cid, "no_opp_remove"):
            # "This card can't be dismissed ... or put into its owner's hand from play by opponents"
            if actor(st) != c["c"]:
                self.log(ev, "prevented", lambda: f"{self.name(st, cid)} can't be removed by an opponent")
                return None
        if not by_game and "no_leave" in self.ops_in_play(st) and self.prevented(st, cid, "no_leave"):
            self.log(ev, "prevented", lambda: f"{self.name(st, cid)} can't leave play")  # 104.2
            return None
        if verb.startswith("retired") and "616.3" not in verb and not by_game and self.prevented(st, cid, "no_retire"):
            self.log(ev, "prevented", lambda: f"{self.name(st, cid)} can't be retired")  # (except to home limit)
            return None
        if not by_game and not cost and persist is None and "replace" in self.ops_in_play(st) and "616.3" not in verb:
            # (not the home-limit retirement: a replacement that keeps the Friend at home would be asked
            # again and again, 616.3 / 802.3)
            # "If another of your Friends here would be dismissed, you may retire this card instead" (710)
            evs = ("leave", "dismiss") if verb.startswith("dismissed") else ("leave",)
            if self.queue_replacement(st, cid, evs, rskip, {"zone": zone, "pos": pos, "verb": verb}):
                return None
        if persist is None and not by_game and not cost and self.persistent_applies(st, cid):
            # Persistent: "If this card would leave play, you may frighten it instead." (710, 712.3):
            # its controller decides as the card would leave.  Not for "by the game" (104.3: can't be
            # replaced; 104.4 only lets a replacement to another zone win over a uniqueness
            # dismissal, and frightening keeps the card in play) nor for costs (508.1a: a cost that
            # would be replaced can't be paid, so a player paying it never applies the replacement).
            queue_persistent(self, st, cid, zone, pos, verb)
            return None
        name = self.name(st, cid)
        if self.ctype(st, cid) == FRIEND:
            st["fl"] = st["turn"]  # "if a Friend left play this turn"
        if c["k"] in self.trig_ev.get("leaves", ()) or st.get("twn"):  # with its counters and power (410.6a last known information)
            self.fire(st, ev, "leaves", cid, extra={"cn": dict(c.get("cn") or {}), "pw": self.power(st, cid)})
        how = verb.split(" ", 1)[0]
        self.watch(st, ev, "w_leave", cid, {"how": how if how in ("dismissed", "retired", "banished") else None,
                                             "zone": zone, "la": c.get("a")})  # la: its last area ("here")
        # attachments of a card leaving play are dismissed (511.2)
        for o in list(st["play"]):
            if st["cards"][o].get("h") == cid:
                self.put(st, o, "disc")
        if self.rx_keys:  # "After one of your Friends is retired / dismissed / put into the discard pile from play"
            ct = self.ctype(st, cid)
            how = "dismiss" if verb.startswith("dismissed") else "retire" if verb.startswith("retired") else None
            note = self.rx_note(st, "left", c=c["c"], o=c["o"], a=c["a"], type=ct, zone=zone, how=how,
                                by=None if by_game else actor(st))
        else:
            note = None
        nid = self.put(st, cid, zone, pos)
        for t in st["trig"]:  # its own "When this card is dismissed, put it ..." finds it in the new zone (410.6a)
            if t["src"] == cid and t["x"].get("it") == cid:
                t["x"]["new"] = nid
        if note is not None:
            note["card"] = nid  # the card in its new zone (410.6a)
        self.log(ev, "zone", lambda: f"{name} is {verb}", card=nid)
        return nid

    def persistent_applies(self, st, cid) -> bool:
        """Persistent replaces leaving play of a face-up Friend that has it (a frightened card is
        face down and has no abilities, 505.1a)."""
        c = st["cards"].get(cid)
        return bool(c) and self.in_play(st, cid) and not c.get("fr") and self.ctype(st, cid) == FRIEND \
            and bool(self.kw(st, cid, "Persistent"))

    def draw(self, st, ev, p, n=1) -> int:
        """410.4: draw the topmost card, one at a time."""
        got = 0
        pl = st["pl"][p]
        for _ in range(n):
            if not self.may_draw(st, p):
                self.log(ev, "prevented", lambda: f"{pl['name']} can't draw more cards this turn")
                break
            if not pl["deck"]:
                self.log(ev, "draw", lambda: f"{pl['name']} has no card to draw")
                break
            top = pl["deck"].pop(0)
            c = st["cards"].pop(top)
            nid = f"c{st['nid']}"
            st["nid"] += 1
            st["cards"][nid] = {"k": c["k"], "o": p, "z": "hand"}
            pl["hand"].append(nid)
            got += 1
            dt = pl.get("dtt")
            pl["dtt"] = [st["turn"], (dt[1] if dt and dt[0] == st["turn"] else 0) + 1]  # draws this turn
            if self.rx_keys:
                self.rx_note(st, "draw", by=p)  # "After your opponent draws a card" (410.4b: each draw)
            if self.may_fire(st, "draw"):
                self.fire_all(st, ev, "you_draw", players=(p,))
                self.fire_all(st, ev, "any_draw", extra={"card": nid, "by": p})  # "When a player draws a card"
            if not ev.quiet:
                ev.add("draw", f"{pl['name']} draws a card", player=p)
                ev.add("draw", f"You draw {self.db.cards[c['k']].name}", to=p, card=nid)
        return got

    def may_draw(self, st, p) -> bool:
        """'Players can't draw more than 2 cards per turn.' / 'While a player has at least 4 cards in
        their hand, that player can't draw cards during the Main Phase.'"""
        ops = self.ops_in_play(st)
        if "no_draw_main" in ops and st.get("step") in ("main", "main_start") and any(
                len(st["pl"][p]["hand"]) >= ab["n"] for o, ab in self.statics(st, "no_draw_main")):
            return False
        if "max_draws" not in ops:
            return True
        dt = st["pl"][p].get("dtt")
        done = dt[1] if dt and dt[0] == st["turn"] else 0
        return all(done < ab["n"] for o, ab in self.statics(st, "max_draws"))

    def shuffle(self, st, lst) -> None:
        st["rng"] = _rng.shuffle(st["rng"], lst)

    def rand(self, st, n) -> int:
        st["rng"], x = _rng.randbelow(st["rng"], n)
        return x

    def add_mod(self, st, cid, n, until, col=None) -> None:
        st["ts"] += 1
        m = {"t": cid, "n": n, "u": self.duration(st, until), "ts": st["ts"]}  # 711.3a timestamp
        if col:
            m["col"] = col  # an added color (not power)
        st["mods"].append(m)

    def duration(self, st, until) -> str:
        """'until the end of the phase' -> the phase the effect resolves in (601.1): the Main Phase
        ("main_phase", expired when the Main Phase ends), the Score Phase, or else the turn."""
        if until != "phase":
            return until
        s = st.get("step")
        if s in ("main", "main_start"):
            return "main_phase"
        if s in ("score", "w_score", "score_go", "confront", "faceoff_step", "solve"):
            return "score_phase"
        return "turn"

    def score(self, st, ev, p, n, why="") -> None:
        """517: scoring points; 'can't score' modifiers are checked here."""
        if n <= 0:
            return
        for o in (st["play"] if st.get("twn") else self.in_play_with(st, self.static_keys)):
            for ab in self.abilities(st, o):
                if ab["kind"] == "static" and ab.get("op") == "max_points_per_turn":
                    n = min(n, max(0, ab["n"] - st["pl"][p]["scored_turn"]))
                if ab["kind"] == "static" and ab.get("op") == "no_score_fo" and self.involved(st, o):
                    n = 0  # "Players can't score points during faceoffs involving this card"
        if n <= 0:
            return
        st["pl"][p]["score"] += n
        st["pl"][p]["scored_turn"] += n
        self.log(ev, "score", lambda: f"{self.pname(st, p)} scores {n} point{'s' if n != 1 else ''}"
                 f"{(' ' + why) if why else ''} ({st['pl'][0]['score']}-{st['pl'][1]['score']})",
                 player=p, points=n)
        self.check_win(st, ev)

    def check_win(self, st, ev) -> None:
        """103.2: 15 or more points wins; 103.2a simultaneous wins draw.  Sudden death (floor rules,
        time called): the first change in points decides."""
        if st["outcome"]:
            return
        s0, s1 = st["pl"][0]["score"], st["pl"][1]["score"]
        w0, w1 = s0 >= WIN_POINTS, s1 >= WIN_POINTS
        if w0 and w1:
            self.end(st, ev, None, "both players reached 15 points simultaneously (103.2a)")
        elif w0 or w1:
            self.end(st, ev, 0 if w0 else 1, "reached 15 points (103.2)")
        elif st["tc"] and st["tc"].get("sudden") and s0 != s1:
            self.end(st, ev, 0 if s0 > s1 else 1, "sudden death: first change in points (floor rules)")

    def end(self, st, ev, winner, reason) -> None:
        st["outcome"] = {"winner": winner, "reason": reason, "draw": winner is None}
        st["pending"] = None
        st["prio"] = None
        w = "draw" if winner is None else f"{self.pname(st, winner)} wins"
        ev.add("game_over", f"Game over: {w} — {reason}", winner=winner, reason=reason)

    # ================================================================= state changes
    def exhaust(self, st, ev, cid, by=None) -> bool:
        """503.2; ``by``: the player exhausting it ("Players can't exhaust their Friends")."""
        c = st["cards"][cid]
        if c.get("ex") or c.get("fr") or self.ctype(st, cid) == "Problem":
            return False  # 503.2a, 504.2a, 503.4a
        if not self.can_exhaust(st, cid, by):
            return False  # 104.2 a "can't" modifier
        c["ex"] = True
        self.log(ev, "exhaust", lambda: f"{self.name(st, cid)} is exhausted")
        self.watch(st, ev, "w_exhaust", cid)  # "When that Friend becomes exhausted"
        return True

    def ready(self, st, ev, cid) -> bool:
        c = st["cards"][cid]
        if not c.get("ex") or c.get("fr"):
            return False
        if self.prevented(st, cid, "no_ready"):
            return False  # "Friends here with 2 or less power can't ready." (104.2)
        c["ex"] = False
        self.fire(st, ev, "readies", cid)  # "When this card readies" (Harmony Dragon)
        return True

    def frighten(self, st, ev, cid, rskip: tuple | None = ()) -> bool:
        """504.1: turned face down, counters removed, attachments discarded.  Tokens cease (521.4).
        ``rskip``: replacement modifiers already declined for this occurrence (710.3); None: none apply."""
        c = st["cards"][cid]
        if c.get("fr") or c.get("fd"):
            return False  # 504.2b
        for ab in self.abilities(st, cid):
            if ab["kind"] == "static" and ab.get("op") == "cant_frighten" and \
                    (not ab.get("cond") or self._cond(st, cid, ab["cond"])):
                return False
        if self.prevented(st, cid, "no_frighten"):
            return False  # "Friends here can't be frightened." (104.2)
        if rskip is not None and "replace" in self.ops_in_play(st) and \
                self.queue_replacement(st, cid, ("frighten",), rskip, {}):
            return False  # "If this card would be frightened, you may exhaust it instead" (710): asked first
        name = self.name(st, cid)
        if c.get("t"):
            self.watch(st, ev, "w_fright", cid, {"by": actor(st)})  # it is frightened, then ceases to exist
            self._remove(st, cid)
            del st["cards"][cid]
            self.log(ev, "frighten", lambda: f"{name} is frightened and ceases to exist (521.4)")
            return True
        # "When this card becomes frightened": seen just before (a frightened card has no abilities, 504.1);
        # ``by``: the player frightening it ("When you frighten a Friend", the resolving effect's controller)
        self.watch(st, ev, "w_fright", cid, {"by": actor(st)})
        for o in list(st["play"]):
            if st["cards"][o].get("h") == cid:
                self.put(st, o, "disc")
        c["fr"] = True
        st["dy"] = 1
        c["ex"] = False
        c["cn"] = {}
        c.pop("col", None)
        st["mods"] = [m for m in st["mods"] if m["t"] != cid]
        if st.get("kgm"):
            st["kgm"] = [g for g in st["kgm"] if g.get("t") != cid]  # its timed keyword grants end too
        self.log(ev, "frighten", lambda: f"{name} is frightened")
        if self.rx_keys:
            self.rx_note(st, "frighten", card=cid, c=c["c"], a=c["a"], type=self.ctype(st, cid))
        return True

    def unfrighten(self, st, ev, cid) -> bool:
        c = st["cards"][cid]
        if not c.get("fr"):
            return False  # 609.2e
        c["fr"] = False
        st["dy"] = 1
        self.restamp(st, cid)
        self.log(ev, "rally", lambda: f"{self.name(st, cid)} is unfrightened")
        if self.rx_keys:
            self.rx_note(st, "unfrighten", card=cid, c=c["c"], a=c["a"], type=self.ctype(st, cid))
        self.watch(st, ev, "w_unfright", cid)  # "When ... becomes unfrightened"
        return True

    def move_card(self, st, ev, cid, area, *, send=False, by=None) -> bool:
        """506: move (or send, 506.5) a card to another area."""
        c = st["cards"][cid]
        if c["a"] == area:
            return False  # 506.2
        if area.startswith("home") and int(area[4:]) != c["c"]:
            return False  # 506.2
        if area.startswith("home") and self.ctype(st, cid) == TM:
            return False  # 506.2a
        old = c["a"]
        was = bool(st["fo"]) and self.involved(st, cid)
        c["a"] = area
        st["dy"] = 1
        for o in st["play"]:
            if st["cards"][o].get("h") == cid:
                st["cards"][o]["a"] = area  # 509.3
        if not was and st["fo"] and self.involved(st, cid):  # 514.2d it becomes involved by moving
            for o in list(st["play"]):
                if st["cards"][o].get("h") == cid:
                    self.fire(st, ev, "host_fo_start", o)  # "When that Friend becomes involved in a faceoff"
        self.log(ev, "move", lambda: f"{self.name(st, cid)} {'is sent' if send else 'moves'} to {self.area_name(st, area)}")
        if not send and "arrive_mod" in self.ops_in_play(st):
            self.arrive_mods(st, ev, cid)  # "Opposing Friends moved or played here get -1 power ..."
        if not send:
            if self.is_char(st, cid):  # "if that opponent did not move any characters this turn"
                mv = st.get("mvt")
                if not mv or mv[0] != st["turn"]:
                    mv = st["mvt"] = [st["turn"], []]
                if actor(st) not in mv[1]:
                    mv[1].append(actor(st))
            if self.rx_keys:  # "After an opponent moves a character to this card's Problem" (506.5: not when sent)
                self.rx_note(st, "moved", card=cid, c=c["c"], a=area, frm=old, type=self.ctype(st, cid), by=actor(st))
            mover = actor(st) if by is None else by
            self.fire(st, ev, "moved", cid, extra={"from": old, "to": area, "by": mover})
            if self.is_char(st, cid) and self.may_fire(st, "move"):
                self.fire_all(st, ev, "you_move", players=(c["c"],))
                self.fire_all(st, ev, "opp_moves", players=(1 - c["c"],))
            if mover == c["c"] and self.kw(st, cid, "Traveler"):  # "When you move this card" (glossary)
                self.queue_trigger(st, cid, c["c"], [{"op": "may", "effects": [
                    {"op": "counters", "n": 1, "counter": "+1", "target": {"self": True}}]}], "Traveler")
        # 506.1c "When [something] is moved" / "When you move ..." about any card; ``by`` is the player
        # moving it (the controller when not told, e.g. a move action); sends are marked (506.5)
        self.watch(st, ev, "w_move", cid, {"from": old, "to": area, "by": c["c"] if by is None else by, "send": send})
        return True

    def send_home(self, st, ev, cid) -> None:
        c = st["cards"][cid]
        if "send_elsewhere" in self.ops_in_play(st) and c["a"].startswith(("prob", "dil")):
            for o, ab in self.statics(st, "send_elsewhere"):
                # "If this card would be sent home, it is sent to another Problem instead" (710; not optional)
                if (o == cid) if ab["subj"] == "self" else self.matches(st, cid, ab["subj"], st["cards"][o]["c"], o):
                    others = [a for a in self.problem_areas(st) if a != c["a"] and self.problem_at(st, a)]
                    if len(others) == 1:
                        self.move_card(st, ev, cid, others[0], send=True)
                    elif others:  # its controller chooses which other Problem (a decision, 705.2f)
                        st["rq"].append({"p": c["c"], "src": cid, "eff": [{"op": "send_to_area", "card": cid, "areas": others}],
                                         "i": 0, "ch": None, "lbl": "Sent to another Problem", "after": None})
                    else:
                        self.log(ev, "replace", lambda: f"{self.name(st, cid)} is not sent home (710.4)")
                    return
        self.move_card(st, ev, cid, f"home{c['c']}", send=True)

    # ================================================================= triggers (704, 511.7)
    def queue_trigger(self, st, src, ctrl, effects, label, extra=None) -> None:
        st["trig"].append({"p": ctrl, "src": src, "eff": effects, "lbl": label, "x": extra or {}})

    def fire(self, st, ev, event, cid, extra=None) -> None:
        """A card's own triggered abilities for ``event`` (enter, moved, turn_start, ...)."""
        c = st["cards"].get(cid)
        if not c or c["k"] not in self.trig_keys:
            return
        if c["k"] not in self.trig_ev.get(event, ()) and (
                not st.get("twn") or (not self.in_play_with(st, self.tw_ev.get(event, _NO_KEYS)) and self.af_free(st))):
            # no ability of this card triggers on that event, and no Teamwork card in play has one to
            # lend (reading what is lent could read card types, see af_free)
            return
        for ab in self.abilities(st, cid):
            if ab["kind"] == "trigger" and ab["on"] == event:
                if ab.get("fo") and not (st["fo"] and (st["fo"]["type"] == ab["fo"] or (ab["fo"] == "problem" and st["fo"]["type"] == "multi"))):
                    continue
                if ab.get("when") == "problem" and not c["a"].startswith(("prob", "dil")):
                    continue
                if ab.get("when") == "home" and not c["a"].startswith("home"):
                    continue
                if ab.get("your_turn") and st["tp"] != c.get("c", c["o"]):
                    continue  # "When this card enters play during your turn"
                if event == "moved" and ab.get("to") == "problem" and not (extra or {}).get("to", "").startswith(("prob", "dil")):
                    continue
                if ab.get("by") == "you" and (extra or {}).get("by", c.get("c")) != c.get("c"):
                    continue  # "When you move this card": only its controller moving it, not an opponent's effect
                if ab.get("here") and (extra or {}).get("area") is not None and c.get("a") not in (extra or {}).get("area"):
                    continue
                if event == "moved" and ab.get("from") == "home" and not (extra or {}).get("from", "").startswith("home"):
                    continue
                if ab.get("first_turn") and st["pl"][c["c"]]["turns"] != 1:
                    continue  # "At the start of your first turn"
                if ab.get("margin") and (extra or {}).get("margin", 0) < ab["margin"]:
                    continue  # "by at least N power"
                if ab.get("inv") and not (extra or {}).get("inv"):
                    continue  # "At the end of a faceoff involving this card"
                if ab.get("opp_turn") and st["tp"] == c.get("c", c["o"]):
                    continue  # "At the start of an opponent's Main Phase"
                if ab.get("mane_inv") and not self.involved(st, st["pl"][c.get("c", c["o"])]["mane"]):
                    continue  # "When this card's owner wins a faceoff involving their Mane Character"
                if ab.get("exact") is not None and (extra or {}).get("margin") != ab["exact"]:
                    continue  # "by exactly N power"
                fc = (extra or {}).get("card")
                if ab.get("flip") and not (fc in st["cards"] and ab["flip"] in self.traits(st, fc)):
                    continue  # "When you flip a Chaotic card" (Chaotic is a trait)
                if ab.get("subj") is not None and not self._watch_ok(st, cid, ab, extra or {}):
                    continue  # a watched event about another card whose condition does not hold
                if ab.get("xf") is not None and not xf_ok(self, st, cid, ab["xf"], extra or {}):
                    continue  # triggered_effects.xf_ok: face-up, during a faceoff, who drew, drawn card type
                if ab.get("your_turn") and st["tp"] != c.get("c", c["o"]):
                    continue  # "When this card enters play during your turn"
                if ab.get("min_chars") and len([o for o in self.chars_at(st, c["a"], c.get("c", c["o"]))
                                                if not st["cards"][o].get("fr")]) < ab["min_chars"]:
                    continue  # "When you confront this Problem with at least N characters"
                # "they ..." (start of the opponent's / each player's Troublemaker Phase): the turn player
                ctrl = st["tp"] if ab.get("as_tp") else c.get("c", c["o"])
                if ab.get("as_by") and (extra or {}).get("by") is not None:
                    ctrl = extra["by"]  # "that player ...": the player who did the watched thing
                if ab.get("as_winner") and (extra or {}).get("winner") is not None:
                    ctrl = extra["winner"]  # "When a player wins a faceoff here ..., that player ..."
                self.queue_trigger(st, cid, ctrl, ab["effects"], ab.get("text", event), extra)
            elif ab["kind"] == "manual" and ab.get("on") == event:
                self.log(ev, "manual_text", lambda ab=ab: f"{self.name(st, cid)}: apply manually — \"{ab['text']}\"",
                         card=cid, manual=True)

    def may_fire(self, st, group) -> bool:
        """Whether ``fire_all`` could find a card in play for one of the events of ``tev_groups[group]``
        (else each of those calls would do nothing: one look instead of one per event)."""
        return bool(self.in_play_with(st, self.trig_keys if st.get("twn") else self.tev_groups[group]))

    def fire_all(self, st, ev, event, players=None, area=None, extra=None) -> None:
        tk = self.trig_keys if st.get("twn") else self.trig_ev.get(event, _NO_KEYS)
        if not tk:
            return  # no card triggers on that event
        cards = st["cards"]
        # firing only queues triggers (and logs manual texts): the play zone can't change meanwhile
        for cid in self.in_play_with(st, tk):
            c = cards.get(cid)
            if not c or (players is not None and c["c"] not in players):
                continue
            if area is not None and c["a"] != area:
                continue
            self.fire(st, ev, event, cid, extra)

    # ================================================================= watched events (704.1)
    def watch(self, st, ev, event, subj, extra=None) -> None:
        """Fire ``event`` ("w_enter", "w_leave", "w_move", "w_play", ...) for every card in play whose
        triggered ability watches something happening to a card ("When an opposing Friend enters
        play here").  ``subj`` (the card it happened to) becomes the effect's "it"; the ability's
        ``subj`` filter is checked as the event happens (712.2: state as the effect is created)."""
        tk = self.trig_keys if st.get("twn") else self.trig_ev.get(event)
        if not tk or not self.in_play_with(st, tk):
            return  # (no card in play can watch it: fire_all would find none)
        self.fire_all(st, ev, event, extra={"it": subj, **(extra or {})})

    def _watch_ok(self, st, cid, ab, x) -> bool:
        """Does a watched event (``x``: it, by, from, to, how, play) meet an ability's ``subj`` filter?
        Filter keys: a selector (type, ctrl, at "here", other, self, trait, color, ... relative to the
        watching card ``cid``), "host" (the card it is attached to), "by" (you/opp: the player who
        did it), "to"/"from" ("here": the watching card's area; "problem"; "home"), "how"
        (dismissed/retired/banished), "token" (True/False), "last" (you played the last card in
        your hand), "once_turn" ("for the first time each turn")."""
        f = ab["subj"]
        c = st["cards"][cid]
        me = c.get("c", c["o"])
        it = x.get("it")
        if f.get("by") is not None and x.get("by", -1) != (me if f["by"] == "you" else 1 - me):
            return False
        for key in ("to", "from"):
            w = f.get(key)
            if w is None:
                continue
            a = x.get(key) or ""
            if w == "here" and a != c.get("a"):
                return False
            if w == "problem" and not a.startswith(("prob", "dil")):
                return False
            if w == "home" and not a.startswith("home"):
                return False
        if f.get("how") is not None and x.get("how") not in (f["how"] if isinstance(f["how"], list) else (f["how"],)):
            return False
        if f.get("send") is False and x.get("send"):
            return False
        pl = x.get("play")
        if pl is not None:  # "When an opponent plays a Friend": the played card's printed information
            face = self.ff[pl["k"]]
            if f.get("ptype") and face.type != f["ptype"]:
                return False
            if f.get("ptrait") and (pl.get("fd") or f["ptrait"] not in face.traits):
                return False
            if f.get("pmax_cost") is not None and (face.cost or 0) > f["pmax_cost"]:
                return False
            if f.get("last") and st["pl"][pl["p"]]["hand"]:
                return False
        sel = f.get("sel")
        if sel is not None:
            if sel.get("host"):
                if it is None or c.get("h") != it:
                    return False
            elif it is None or not self.matches(st, it, sel, me, cid):
                return False
            if "token" in f and bool(st["cards"][it].get("t")) != f["token"]:
                return False
        if f.get("once_game"):  # "The first player to play a Friend to this Problem" (this card's first time)
            if c.get("fg"):
                return False
            c["fg"] = True
        if f.get("once_turn"):
            seen = c.setdefault("ft", {})
            k = ab.get("text", ab["on"])
            if seen.get(k) == st["turn"]:
                return False
            seen[k] = st["turn"]
        return True

    # ================================================================= cleanup
    def expire(self, st, until) -> None:
        if st["mods"]:
            st["mods"] = [m for m in st["mods"] if m["u"] != until]
        if st.get("kgm") is not None:  # timed keyword grants (add_kw_grant)
            st["kgm"] = [g for g in st["kgm"] if g["u"] != until]
            if not st["kgm"] and st.get("kgt"):
                st["kgt"] = 0
                st["kwg"] = st.get("kwg", 0) - 1
        if st.get("ctl"):
            keep = []
            for x in st["ctl"]:
                if x["u"] == until:
                    c = st["cards"].get(x["t"])
                    if c and c.get("z") == "play":
                        c["c"] = x["to"]  # control returns (513.2); PPP sends characters home (511.5)
                        st["dy"] = 1
                else:
                    keep.append(x)
            st["ctl"] = keep
        if st.get("cmods"):
            st["cmods"] = [m for m in st["cmods"] if m["u"] != until]
        if st.get("amr"):  # timed area restrictions (timed_effects.area_restrict)
            st["amr"] = [r for r in st["amr"] if r["u"] != until]
        if st.get("cmr"):  # timed "can't be moved" on one card (timed_effects.card_no_move)
            st["cmr"] = [r for r in st["cmr"] if r["u"] != until]
        for pl in st["pl"]:
            if pl.get("req_red"):
                pl["req_red"] = [r for r in pl["req_red"] if r["u"] != until]
            if pl.get("fo_plus"):
                pl["fo_plus"] = [r for r in pl["fo_plus"] if r["u"] != until]
            if pl.get("ttok"):  # "gain [1] until the end of the phase": lose it again, if still there (timed_effects.temp_gain)
                for r in [r for r in pl["ttok"] if r["u"] == until]:
                    pl["tok"] -= min(r["n"], pl["tok"])
                pl["ttok"] = [r for r in pl["ttok"] if r["u"] != until]
            if pl.get("tmr"):  # timed restrictions on a player (timed_effects.restrict)
                pl["tmr"] = [r for r in pl["tmr"] if r["u"] != until]
            if pl.get("fmod"):  # timed flip-count modifiers (timed_effects.flip_mod)
                pl["fmod"] = [r for r in pl["fmod"] if r["u"] != until]

    def challenge_allowed(self, st, p, tm) -> bool:
        """Challenge restrictions (608): a challenge tax must be payable (508.1d); "can't be challenged
        except by two or more characters" / "unless they have at least 3 Friends at its Problem"."""
        if st["pl"][p]["tok"] < self.action_tax(st, p, "challenge", tm):
            return False
        for ab in self.abilities(st, tm):
            if ab["kind"] == "static" and ab.get("op") == "challenge_req":
                n = sum(1 for o in self.chars_at(st, st["cards"][tm]["a"], p)
                        if ab.get("type", "character") == "character" or self.ctype(st, o) == ab["type"])
                if n < ab["n"]:
                    return False
        return True

    def req_reduction(self, st, p, color) -> int:
        """"Reduce the play requirements of your cards by 2 [Honesty]" (205.1) in effect for p."""
        return sum(r["n"] for r in st["pl"][p].get("req_red") or () if r["color"] == color)

    def prune_mods(self, st) -> None:
        cards = st["cards"]
        if st["mods"]:
            st["mods"] = [m for m in st["mods"] if m["t"] in cards]

    effects = resolve.EFFECTS  # the effect registry: op -> handler (read only)
    # the turn structure, priority and actions (flow.py), the interpreter (resolve.py), reactions
    advance = flow.advance
    apply = flow.apply
    decide = flow.decide
    legal_actions = flow.legal_actions
    ppp = flow.ppp
    start_turn = flow.start_turn
    step = flow.step
    open_window = flow.open_window
    pass_priority = flow.pass_priority
    window_closed = flow.window_closed
    start_faceoff = flow.start_faceoff
    faceoff_flip = flow.faceoff_flip
    resolve_faceoff = flow.resolve_faceoff
    end_faceoff = flow.end_faceoff
    replace_problem = flow.replace_problem
    has_non_pass = flow.has_non_pass
    priority_actions = flow.priority_actions
    main_actions = flow.main_actions
    immediate_actions = flow.immediate_actions
    play_card = flow.play_card
    pay_cost = flow.pay_cost
    card_cost = flow.card_cost
    can_pay_requirement = flow.can_pay_requirement
    move_cost = flow.move_cost
    do_action = flow.do_action
    ask = flow.ask
    end_of_turn = flow.end_of_turn
    next_turn = flow.next_turn
    illegal_reason = flow.illegal_reason
    manual_effect = flow.manual_effect
    resolve_step = resolve.resolve_step
    run_effect = resolve.run_effect
    play_effects = resolve.play_effects
    rx_note = reactions.rx_note


_SOLVED: dict = {}


def solve_requirements(chars: list[tuple[int, tuple[str, ...]]], reqs: list[tuple[str, int]]) -> bool:
    """Assignment problem of 611.3: can the characters (power, colors) cover every requirement?
    Memoised on its (hashable) arguments: it is a pure function."""
    key = (tuple(chars), tuple(reqs))
    res = _SOLVED.get(key)
    if res is None:
        if len(_SOLVED) > 50000:
            _SOLVED.clear()
        res = _SOLVED[key] = _solve_requirements(chars, reqs)
    return res


def _solve_requirements(chars, reqs) -> bool:
    need = [n for _, n in reqs]
    kinds = [c for c, _ in reqs]
    if sum(p for p, _ in chars) < sum(need):
        return False
    chars = sorted(chars, key=lambda x: -x[0])

    def fits(colors, kind):
        if kind == "Wild":
            return True
        if kind.startswith("Not "):
            bad = kind[4:]
            return any(c != bad for c in colors) or not colors
        return kind in colors

    memo: dict = {}
    suffix = [0] * (len(chars) + 1)
    for i in range(len(chars) - 1, -1, -1):
        suffix[i] = suffix[i + 1] + chars[i][0]

    def rec(i, need_t):
        if all(n <= 0 for n in need_t):
            return True
        if i == len(chars) or suffix[i] < sum(n for n in need_t if n > 0):
            return False
        key = (i, need_t)
        if key in memo:
            return memo[key]
        pw, cols = chars[i]
        res = False
        tried = set()
        for j, kind in enumerate(kinds):
            if need_t[j] > 0 and fits(cols, kind) and (kind, need_t[j]) not in tried:
                tried.add((kind, need_t[j]))
                nt = list(need_t)
                nt[j] -= pw
                if rec(i + 1, tuple(nt)):
                    res = True
                    break
        if not res:
            res = rec(i + 1, need_t)
        memo[key] = res
        return res

    return rec(0, tuple(need))

