"""The card tables of a card pool, built once (``__init__``) and shared read only, and the per-call
session (``session``: fresh scratch values, the play-zone index of cards in play by key and of
the static ops in play)."""
from __future__ import annotations

import copy

from ..carddefs import FaceDef
from ..constants import CHAR_TYPES, FRIEND, TM
from .queries import CARD_KEY, grant_names
from .statics import POWER_OPS


def _first_event_timing(d) -> str:
    """The timing of a card's first front-face Event ability (what flow._timing reads)."""
    for ab in d.abilities.get("front", ()):
        if ab["kind"] == "event":
            return ab["timing"]
    return "main"


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


class CardIndex:
    """The card tables of a card pool, built once (``__init__``) and shared read only, and the per-call"""

    def __init__(self, game) -> None:
        self.g = game
        self.db = game.db
        self._start_call()
        self._declare_tables()
        for k, d in self.db.cards.items():
            self._index_card(k, d)
        self._derive_tables()

    def _declare_tables(self) -> None:
        """The per-card-key tables (filled by ``_index_card``), empty."""
        self._hand_info: dict = {}  # card key -> (event timing, event cost, play rule): card data only
        self._hand_fact: dict = {}  # card key -> flow._hand_fact (printed cost for early rejection, Event)
        self._title_in: dict = {}  # (name, Title) -> whether the Title includes the name (``has_title``)
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
        # event -> card key -> its triggered abilities that work while the card is in its owner's discard pile
        # ("When you move a character, you may put this card into your hand from your discard pile")
        self.disc_trig: dict[str, dict[str, list]] = {}
        # the same for cards in their owner's hand ("you may put this card from your hand into play")
        self.hand_trig: dict[str, dict[str, list]] = {}
        # and for banished cards ("At the end of your turn, if this card is banished, ...", LL145)
        self.ban_trig: dict[str, dict[str, list]] = {}

    def _index_card(self, k: str, d) -> None:
        """One card's entries in the tables: its faces, keywords, type, abilities (card, face and text order)."""
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
                elif kind == "trigger" and a.get("zone") in ("disc", "hand", "ban"):
                    if front:  # (not an ability of a card in play: Rules.fire_from_zone)
                        tbl = {"disc": self.disc_trig, "hand": self.hand_trig, "ban": self.ban_trig}[a["zone"]]
                        tbl.setdefault(a["on"], {}).setdefault(k, []).append(a)
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

    def _derive_tables(self) -> None:
        """The tables derived from the per-card ones (the whole pool indexed)."""
        # cards with "... lose and can't have abilities" (raise the ``lab`` state counter while in play)
        self.lab_keys = set(self.sop_keys.get("lose_abilities", ()))
        self.dpk = set(self.sop_keys.get("play_from_disc", ()))  # playable from the discard pile
        self.flip_self_keys = set(self.sop_keys.get("flip_self_power", ()))  # Chaos: while this card is flipped
        self.flip_ns_keys = set(self.sop_keys.get("flipped_no_score", ()))  # Chaos: "opponents can't score points"
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
        self.pow_keys = set().union(*(self.sop_keys.get(o_, ()) for o_ in POWER_OPS))
        # their power-changing static abilities per face, in text order (``power_sources``; read only)
        self.pow_abf = {k: [a for a in self.abf[k] if a["kind"] == "static" and a.get("op") in POWER_OPS]
                        for k in self.pow_keys}
        self.pow_abb = {k: [a for a in self.abb[k] if a["kind"] == "static" and a.get("op") in POWER_OPS]
                        for k in self.pow_keys}
        # card key -> the keywords its grant abilities name (either face): without Teamwork in play
        # (which lends abilities) no other keyword can be granted by that card
        self.kwg_names = {k: grant_names(self.db.cards[k]) for k in self.kwg_keys}
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
            # everything a confront step (611.4) fires: a confront may make a later Problem confrontable
            ("confront_step", ("opp_confronts", "you_confront", "confront", "confront_this", "confront_this_any",
                               "confronted")),
            ("fo_start", ("problem_fo_start", "opp_starts_fo", "any_fo_start", "you_start_fo")),
            ("fo_here", ("win_fo_here", "any_win_fo_here", "opp_loses_tm_fo_here")),
            ("tm_fo", ("you_win_tm_fo", "you_lose_tm_fo")), ("fo_inv", ("fo_start", "host_fo_start", "becomes_involved")),
            ("fo_lose", ("lose_faceoff",)), ("fo_end", ("fo_end",)))}

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
        keys = list(map(CARD_KEY, map(st["cards"].__getitem__, pl)))  # (each card's key, at C speed)
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
