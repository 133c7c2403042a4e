"""My Little Pony CCG rules engine (Comprehensive Rules 3.8).

Entry point: ``MLPGame(db)`` with ``new_game``, ``legal_actions``, ``apply``, ``view``,
``outcome``.  The state is a ``State`` wrapping one plain dict (see state.py); ``apply`` copies it
(unless ``copy=False``), performs the action, then advances the game through every automatic step
(pre-priority processing 511, turn structure 6xx, auto-pass) until a player must decide something.

The state's keys (short, so copies stay fast) are described in state.py: ``STATE_KEYS``,
``PLAYER_KEYS`` (``st["pl"][p]``) and ``CARD_KEYS`` (``st["cards"][id]``).
Every zone change gives the card a fresh instance id (410.6: it becomes a different card), so
ids never reveal a hidden card's identity and modifiers on the old card end automatically.
"""
from __future__ import annotations

from typing import Any

from .. import rng as _rng
from ..api import Action, Outcome, new_action
from ..events import EventLog, filter_events
from .carddb import CardDB, CardDef
from .carddefs import FaceDef
from .constants import DEFAULT_TURN_CAP
from .faces import card_faces as _printed_faces
from .rules import Rules
from .state import State
from .view import build_view


class Ev(EventLog):
    """Collects events of one ``apply`` call.  Each event: {"type", "msg", optional "to": player
    (private to that player), "judge": True (judge only), plus data}."""

    __slots__ = ()
    kept_when_quiet = frozenset({"game_over", "illegal"})


#: pending-decision options that decline (see MLPGame.default_action)
DECLINING_OPTIONS = frozenset({"none", "done", "decline", "no"})


class MLPGame:
    """The rules engine for one card pool (a ``CardDB``)."""

    name = "mlpccg"

    def __init__(self, db: CardDB, *, turn_cap: int = DEFAULT_TURN_CAP, quiet: bool = False) -> None:
        self.db = db
        self.turn_cap = turn_cap
        self.quiet = quiet  # skip building log messages (self-play speed)
        self.rules = Rules(self)  # the card tables of the pool, shared read only (see Rules.session)

    @property
    def r(self):
        """A fresh ``Rules`` session (its own scratch values) for tests and tools reading a state."""
        return self.rules.session()

    # ------------------------------------------------------------------ setup (102)
    def new_game(
        self,
        decks: list[dict[str, Any]],
        seed: int,
        names: tuple[str, str] = ("Ann", "Bob"),
        *,
        stacked: bool = False,
        first_player: int | None = None,
        auto_setup: bool = False,
    ) -> State:
        """Start a game.  ``decks[p]`` = {"mane": key, "deck": [keys], "problems": [keys]}
        (keys are GUIDs or collector numbers).  ``stacked=True`` keeps the given orders (deck[0]
        on top; no shuffles at setup) for tests and judges; ``first_player`` overrides the random
        choice of 102.3.  The first decision is each player's Starting Problem (102.2)."""
        st: dict[str, Any] = {
            "v": 1, "game": "mlpccg", "seed": seed, "rng": seed & _rng.MASK, "nid": 0, "turn": 0, "tp": 0,
            "first": 0, "step": "setup_problem", "cards": {}, "play": [], "areas": ["home0", "home1", "prob0", "prob1"],
            "mods": [], "ctl": [], "trig": [], "rq": [], "pending": None, "prio": None, "fo": None, "sc": None, "tc": None,
            "outcome": None, "dy": 1, "stacked": stacked, "fp_forced": first_player, "acts": 0, "ts": 0, "setup": {},
            "pl": [],
        }
        for p in range(2):
            st["pl"].append({
                "name": names[p], "score": 0, "tok": 0, "deck": [], "pdeck": [], "hand": [], "disc": [], "ban": [],
                "flip": [], "mane": None, "turns": 0, "mull": None, "disc_next": [], "insp": False,
                "scored_turn": 0,
            })
        r = self.rules.session()
        for p in range(2):
            spec = decks[p]
            mane = self._new(st, self.db.key(spec["mane"]), p, "play")
            r.place_in_play(st, mane, st["cards"][mane], f"home{p}", p)
            st["pl"][p]["mane"] = mane
            st["pl"][p]["deck"] = [self._new(st, self.db.key(k), p) for k in spec["deck"]]
            # "Start the game with this card at your home."
            for cid in list(st["pl"][p]["deck"]):
                d = self.db[st["cards"][cid]["k"]]
                if any(a["kind"] == "static" and a.get("op") == "start_in_play" for a in d.abilities.get("front", ())):
                    st["pl"][p]["deck"].remove(cid)
                    r.place_in_play(st, cid, st["cards"][cid], f"home{p}", p)
            st["pl"][p]["pdeck"] = [self._new(st, self.db.key(k), p, "pdeck") for k in spec["problems"]]
        state = State(st)
        ev = Ev(self.quiet)
        self._ask_starting_problem(st, 0)
        if auto_setup:
            r = self.rules.session()
            for p in range(2):
                opt = st["pending"]["options"][0]
                r.decide(st, ev, Action.make("choose", p, option=opt))
                r.advance(st, ev)
        return state

    def _new(self, st: dict, key: str, owner: int, zone: str = "deck") -> str:
        cid = f"c{st['nid']}"
        st["nid"] += 1
        st["cards"][cid] = {"k": key, "o": owner, "z": zone}
        return cid

    def _ask_starting_problem(self, st: dict, p: int) -> None:
        opts = []
        seen = set()
        for cid in st["pl"][p]["pdeck"]:
            k = st["cards"][cid]["k"]
            if "Starting Problem" in self.db[k].front.keywords and k not in seen:
                seen.add(k)
                opts.append(cid)
        if not opts:  # 101.3c violated: allow any Problem rather than dead-lock
            opts = list(st["pl"][p]["pdeck"][:1])
        st["pending"] = {"kind": "starting_problem", "player": p, "options": opts, "rule": "102.2"}

    # ------------------------------------------------------------------ API
    # Each public call works with its own ``Rules.session()``: the card tables are shared read only,
    # the scratch values of a computation are the call's own, so threads may share one MLPGame (and
    # a state changed in place between calls, by a judge fix or a test setup, is read afresh).
    def legal_actions(self, state: State, player: int) -> list[Action]:
        la = state._la
        if la is not None and la[0] == player and state.d["prio"] and not state.d["pending"] and not state.d["outcome"]:
            return [new_action("pass", player)] + list(la[1])  # computed while advancing (auto-pass check)
        return self.rules.session().legal_actions(state.d, player)

    def apply(self, state: State, action: Action | dict, *, copy: bool = True) -> tuple[State, list[dict]]:
        if isinstance(action, dict):
            action = Action.from_dict(action)
        la = state._la
        new = state.copy() if copy else state
        new._la = None
        ev = Ev(self.quiet)
        r = self.rules.session()
        r._trusted = la[1] if la is not None and la[0] == action.player else None
        r.apply(new.d, action, ev)
        new._la = r._last
        return new, ev.items

    def outcome(self, state: State) -> Outcome | None:
        o = state.d["outcome"]
        if o is None:
            return None
        return Outcome(o["winner"], o["reason"], o["winner"] is None)

    def view(self, state: State, viewer: Any) -> dict[str, Any]:
        return build_view(self, self.rules.session(), state.d, viewer)

    def card_faces(self, view: dict[str, Any]) -> dict[str, dict[str, Any]]:
        """The printed faces of the cards ``view`` shows (the table draws cards from them)."""
        return _printed_faces(self.db, view)

    def default_action(self, state: State, player: int) -> Action | None:
        """What the server plays for ``player`` when their time to decide runs out (a disconnect past
        its grace period): pass priority (510), or answer the pending decision with the option that
        declines where the rules let the player decline (712.3 "you may": no; 102.4: keep the hand;
        705.2f an optional target: none; 608.1 challenges: done; "pay or ...": decline), else the
        first option listed.  Always one of ``legal_actions``, and deterministic, so the server logs
        it as the player's action and replay still rebuilds the game.  None if ``player`` has
        nothing to decide."""
        acts = self.legal_actions(state, player)
        if not acts:
            return None
        if acts[0].kind == "pass":
            return acts[0]
        for a in acts:  # (a pending decision: one `choose` per option, in the options' order)
            o = a.get("option")
            if o is False or (isinstance(o, str) and o in DECLINING_OPTIONS):
                return a
        return acts[0]

    def to_move(self, state: State) -> int | None:
        """The player who must act now (pending decision or priority), or None if the game is over."""
        st = state.d
        if st["outcome"]:
            return None
        if st["pending"]:
            return st["pending"]["player"]
        if st["prio"]:
            return st["prio"]["p"]
        return None

    # ------------------------------------------------------------------ public queries
    # Read-only questions about one state, answered as the rules answer them at this moment (continuous
    # abilities, modifiers and grants applied), each through its own ``Rules`` session.  Tests, judges'
    # tools and bots ask these instead of reaching into ``Rules`` (the README's "Public queries").
    def card(self, state: State, cid: str) -> CardDef:
        """The printed card (both faces) of instance ``cid``."""
        return self.db[state.d["cards"][cid]["k"]]

    def name_of(self, state: State, cid: str) -> str:
        return self.db[state.d["cards"][cid]["k"]].name

    def card_name(self, state: State, cid: str) -> str:
        """The name the card has now (a token's name is its traits, 521.1a)."""
        return self.rules.session().name(state.d, cid)

    def has_title(self, state: State, cid: str, title: str) -> bool:
        """Does text naming ``title`` refer to this card (201.3a: its Title includes the name)?"""
        return self.rules.session().has_title(state.d, cid, title)

    def matches(self, state: State, cid: str, sel: dict[str, Any], player: int, source: str | None) -> bool:
        """Does a card-text selector name this card (for ``player`` as "you" and ``source``)?"""
        return self.rules.session().matches(state.d, cid, sel, player, source)

    def is_character(self, state: State, cid: str) -> bool:
        """Is the card a character now (Friend or Mane Character, 207; "also a Friend" counts)?"""
        return self.rules.session().is_char(state.d, cid)

    def power(self, state: State, cid: str) -> int:
        """A card's current power (0 for a card without power; 711: modifiers and statics applied)."""
        return self.rules.session().power(state.d, cid) or 0

    def printed_power(self, state: State, cid: str) -> int:
        return self.rules.session().printed_power(state.d, cid)

    def face(self, state: State, cid: str) -> FaceDef:
        """The face the card shows: its boosted side once turned over (a Mane Character, 203)."""
        return self.rules.session().face(state.d, cid)

    def card_type(self, state: State, cid: str) -> str:
        """The card's type now ("also a Friend" effects count)."""
        return self.rules.session().ctype(state.d, cid)

    def keyword(self, state: State, cid: str, name: str) -> int:
        """The card's value of keyword ``name`` (printed or granted; 1 for a keyword without a
        number, 0 when it lacks it or lost its abilities)."""
        return self.rules.session().kw(state.d, cid, name)

    def colors(self, state: State, cid: str) -> tuple[str, ...]:
        return self.rules.session().colors(state.d, cid)

    def traits(self, state: State, cid: str) -> tuple[str, ...]:
        return self.rules.session().traits(state.d, cid)

    def abilities(self, state: State, cid: str) -> tuple:
        """The compiled abilities the card has now (none once it lost them)."""
        return self.rules.session().abilities(state.d, cid)

    def lost_abilities(self, state: State, cid: str) -> bool:
        """Has the card lost its abilities ("loses all abilities", a Mane's boosted side, ...)?"""
        return self.rules.session().lost(state.d, cid)

    def granted_power_keywords(self, state: State, cid: str) -> dict[str, int]:
        """The power keywords granted to the card (Competitive X, Supportive X, ...), summed per keyword."""
        return self.rules.session().granted_power_kws(state.d, cid)

    def epic(self, state: State, cid: str) -> bool:
        """Is this Troublemaker Epic now (printed or granted)?"""
        return self.rules.session().epic(state.d, cid)

    def prevented(self, state: State, cid: str, what: str, phase: str | None = None) -> bool:
        """Does a continuous "can't" ability (``no_frighten``, ``no_dismiss``, ``no_exhaust``,
        ``no_ready``) protect the card?"""
        return self.rules.session().prevented(state.d, cid, what, phase)

    def cards_beneath(self, state: State, cid: str) -> int:
        """How many cards lie beneath this card (Pumped, "beneath this card")."""
        return self.rules.session().beneath_count(state.d, cid)

    def in_play(self, state: State, cid: str) -> bool:
        return self.rules.session().in_play(state.d, cid)

    def problem_at(self, state: State, area: str) -> str | None:
        """The Problem card of a Problem area (``"prob0"``), or None."""
        return self.rules.session().problem_at(state.d, area)

    def characters_at(self, state: State, area: str, player: int | None = None) -> list[str]:
        """The characters in an area (those ``player`` controls when given), in play order."""
        return self.rules.session().chars_at(state.d, area, player)

    def select(self, state: State, sel: dict[str, Any], player: int, source: str | None) -> list[str]:
        """The cards in play a card-text selector names, for ``player`` ("you") and ``source``."""
        return self.rules.session().select(state.d, sel, player, source)

    def home_limit(self, state: State, player: int) -> int:
        """How many characters may stay at the player's home (616.3)."""
        return self.rules.session().home_limit(state.d, player)

    def max_hand_size(self, state: State, player: int) -> int:
        """The player's maximum hand size (616.2: 8, changed by abilities)."""
        return self.rules.session().hand_size(state.d, player)

    def card_cost(self, state: State, player: int, cid: str, redeem: bool = False, area: str | None = None,
                  host: str | None = None) -> int:
        """What ``player`` pays to play card ``cid`` (508; at ``area`` / on ``host`` when it matters)."""
        return self.rules.session().card_cost(state.d, player, cid, redeem, area, host)

    def move_cost(self, state: State, player: int, cid: str, area: str) -> int:
        """What ``player`` pays to move ``cid`` to ``area`` (609.4, taxes included)."""
        return self.rules.session().move_cost(state.d, player, cid, area)

    def action_tax(self, state: State, player: int, action: str, cid: str | None = None,
                   frm: str | None = None, to: str | None = None, unless_only: bool = False) -> int:
        """Extra action tokens ``player`` pays to draw / rally / move / challenge (609.2); ``unless_only``:
        only the "can't ... unless they pay [N]" abilities (they bind effects too)."""
        return self.rules.session().action_tax(state.d, player, action, cid, frm, to, unless_only)

    def ability_tokens(self, state: State, player: int, cid: str, ability: dict) -> int:
        """The action tokens ``player`` pays to activate ``ability`` of ``cid`` (one of ``abilities``):
        its cost less the discounts that apply (a counter-based cost counted)."""
        return self.rules.session().ability_tokens(state.d, player, cid, ability)

    def move_blocked(self, state: State, player: int, cid: str, frm: str, to: str) -> bool:
        """Does a moving restriction (506) stop ``player`` moving ``cid`` from ``frm`` to ``to``?"""
        return self.rules.session().move_blocked(state.d, player, cid, frm, to)

    def actions_with_priority(self, state: State, player: int) -> list[Action]:
        """The actions ``player`` would have with priority in the current window, whoever holds it now
        (``legal_actions`` answers only for the player who must act)."""
        return self.rules.session().priority_actions(state.d, player)

    def may_challenge(self, state: State, player: int, tm: str) -> bool:
        """Do the challenge restrictions (608: taxes, "can't be challenged except ...") let ``player``
        challenge Troublemaker ``tm``?"""
        return self.rules.session().challenge_allowed(state.d, player, tm)

    def can_pay_requirement(self, state: State, player: int, card: CardDef) -> bool:
        """Do ``player``'s characters meet ``card``'s play requirement (205.1, 507.3)?"""
        return self.rules.session().can_pay_requirement(state.d, player, card)

    def requirement_reduction(self, state: State, player: int, color: str) -> int:
        """How much "reduce the play requirements of your cards by N [color]" lowers ``player``'s (205.1)."""
        return self.rules.session().req_reduction(state.d, player, color)

    def requirements(self, state: State, player: int, area: str) -> list[tuple[str, int]] | None:
        """The confront requirements (color, power) ``player`` must meet at a Problem (611.2)."""
        return self.rules.session().requirements(state.d, player, area)

    def meets_requirements(self, state: State, player: int, area: str) -> bool:
        """Do ``player``'s characters there meet the Problem's confront requirements (611.3)?"""
        return self.rules.session().meets(state.d, player, area)

    def can_confront(self, state: State, player: int, area: str) -> bool:
        """May ``player`` confront the Problem at ``area`` now (611.3e, confront restrictions)?"""
        return self.rules.session().can_confront(state.d, player, area)

    def involved_in_faceoff(self, state: State, cid: str) -> bool:
        """Is the card involved in the faceoff being played (514.2)?"""
        return self.rules.session().involved(state.d, cid)

    def contributes(self, state: State, cid: str) -> bool:
        """Does the character contribute its power (503.5: not exhausted unless Stubborn, not frightened)?"""
        return self.rules.session().contributes(state.d, cid)

    def cannot_contribute(self, state: State, cid: str, to: str) -> bool:
        """Does "... can't contribute its power to faceoffs / confronting Problems" apply to the card
        (``to``: "faceoff" or "confront")?"""
        return self.rules.session().no_contrib(state.d, cid, to)

    def faceoff_total(self, state: State, player: int) -> int:
        """``player``'s power total in the faceoff being played (514.4a)."""
        return self.rules.session().faceoff_total(state.d, player)

    def problem_bonus(self, state: State, pid: str) -> int:
        """A Problem's bonus points now (210, modified by abilities)."""
        return self.rules.session().problem_bonus(state.d, pid)
