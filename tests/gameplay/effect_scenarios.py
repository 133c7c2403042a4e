"""A generic scenario in which an automated card's ability should do something, and the check that it did
(issue #19, class 2: "an automated card whose effect does nothing must be impossible").

- ``generic_scenario``: both players with characters of several powers, colors and traits at both Problems and
  at home (ready, exhausted, frightened, with counters), Resources on Friends and at home, Troublemakers face
  up and face down, every card type in hand, discard pile and near the top of the deck, tokens and points.
- ``NEEDS``: what one op or condition of the ability needs beyond that, a table of (test on an effect or
  condition dict, setup) keyed by the effect's words, never by card: a Problem with a card of the filter's
  kind, the points a condition asks, a card of the revealed kind on top of the deck, ...
- ``resolve_exploring``: resolves the effect and, at each decision, looks for an answer that changes the game
  (the effect claims that some answer does: "ready a character" must be able to ready one), so a scenario
  whose first option happens to change nothing is not counted as an idle effect.
- ``projection``: what a card effect can change (points, tokens, every zone, the cards in play's state, timed
  modifiers and restrictions, a faceoff started); ``private_information``: what a "look at" effect shows.
"""
from __future__ import annotations

from typing import Callable

from gameplay.engine.api import Action
from gameplay.engine.mlp.engine import Ev
from gameplay.engine.mlp.scenario import place, set_tokens, stacked_game, to_discard, to_hand

# vanilla cards (no text) of Premiere: Friends of each color and power, with their traits
FRIENDS_AT_PROBLEMS = ("PR12", "PR33", "PR31", "PR40", "PR54", "PR81")  # powers 2 2 4 1 1 2; six colors
FRIENDS_AT_HOME = ("PR36", "PR71", "PR86")
RESOURCE_ON_FRIEND = "EO164"  # "Play on a Friend. That Friend has +2 power."
EVENT, TROUBLEMAKER, RESOURCE = "PR115", "RR11", "EO164"  # (RR11: "When this card is defeated, gain [2].")
OTHER_TROUBLEMAKER = "PR159"  # (out of play: one more RR11 in play would be a uniqueness violation, 516)


def walk(x):
    if isinstance(x, dict):
        yield x
        for v in x.values():
            yield from walk(v)
    elif isinstance(x, (list, tuple)):
        for v in x:
            yield from walk(v)


# ------------------------------------------------------------------ cards matching a filter
def _face_matches(face, number: str, f: dict) -> bool:
    t = f.get("type")
    if t and t not in ("card", "character") and face.type != t:
        return False
    if t == "character" and face.type not in ("Friend", "Mane Character"):
        return False
    traits = set(face.traits or ())
    if f.get("trait") and f["trait"] not in traits:
        return False
    if f.get("title") and f["title"].lower() not in (face.name or "").lower():
        return False
    if f.get("name") and isinstance(f["name"], str) and f["name"].lower() != (face.name or "").lower():
        return False
    if f.get("color") and f["color"] not in ("chosen",) and f["color"] not in (face.colors or ()):
        return False
    cost = face.cost if isinstance(face.cost, int) else 0
    if "max_cost" in f and isinstance(f["max_cost"], int) and cost > f["max_cost"]:
        return False
    if "min_cost" in f and isinstance(f["min_cost"], int) and cost < f["min_cost"]:
        return False
    power = face.power if isinstance(face.power, int) else 0
    for k in ("max_power", "max_printed"):
        if k in f and isinstance(f[k], int) and power > f[k]:
            return False
    if "min_power" in f and isinstance(f["min_power"], int) and power < f["min_power"]:
        return False
    return True


_MATCH_CACHE: dict = {}


def matching_card(db, f: dict) -> str | None:
    """The collector number of a card (the plainest first: fewest words of text) matching a filter."""
    key = repr(sorted(f.items(), key=lambda kv: kv[0]))
    if key not in _MATCH_CACHE:
        best = None
        for c in db.cards.values():
            if c.front.type in ("Mane Character", "Problem") and f.get("type") not in ("Problem",):
                continue
            if not getattr(c, "number", None) or not _face_matches(c.front, c.number, f):
                continue
            words = len((c.front.text or "").split())
            if best is None or words < best[0]:
                best = (words, c.number)
        _MATCH_CACHE[key] = best and best[1]
    return _MATCH_CACHE[key]


# ------------------------------------------------------------------ the generic scenario
def generic_scenario(game):
    """Ann (0, the turn player in her Main Phase, who controls the card under test) and Bob (1)."""
    st = stacked_game(game)
    for p in (0, 1):
        for i, area in enumerate(("prob0", "prob1")):
            for j, n in enumerate(FRIENDS_AT_PROBLEMS):
                cid = place(game, st, n, p, area, exhausted=(j == 1))
                if j == 2:
                    st.d["cards"][cid].setdefault("cn", {})["+1"] = 1
                if j == 3:
                    st.d["cards"][cid]["fr"] = True
            host = st.d["play"][-1]
            place(game, st, RESOURCE_ON_FRIEND, p, area, host=host)
        for j, n in enumerate(FRIENDS_AT_HOME):
            place(game, st, n, p, f"home{p}", exhausted=(j == 0))
        for n in ("PR33", "PR31", EVENT, OTHER_TROUBLEMAKER, RESOURCE, "PR81"):
            to_discard(game, st, n, p)
        for n in (EVENT, OTHER_TROUBLEMAKER, RESOURCE, "PR31"):
            to_hand(game, st, n, p)
        set_tokens(st, p, 9)
        st.d["pl"][p]["score"] = 3
        place(game, st, RESOURCE, p, f"home{p}")  # a Resource on no Friend
        for area in ("prob0", "prob1"):  # Troublemakers face up and face down at both Problems
            place(game, st, TROUBLEMAKER, p, area)
            place(game, st, TROUBLEMAKER, p, area, face_down=True)
    st.d["pl"][1]["hand"].append(game._new(st.d, game.db.key("PR12"), 1, "hand"))  # Bob has more cards in hand
    st._la = None
    return st


def _put_everywhere(game, st, number: str, *, in_play: bool = True) -> None:
    """A card of a filter's kind for both players: in hand, in the discard pile, on top of the deck and, for a
    character or Troublemaker, in play at both Problems."""
    from gameplay.engine.mlp.constants import FRIEND

    db = game.db
    face = db.cards[db.key(number)].front
    for p in (0, 1):
        to_hand(game, st, number, p)
        to_discard(game, st, number, p)
        cid = game._new(st.d, db.key(number), p, "deck")
        st.d["pl"][p]["deck"].insert(0, cid)
        if in_play and face.type in (FRIEND, "Troublemaker"):
            for area in ("prob0", "prob0", "prob1"):  # ("at least 2 other [Generosity] characters here")
                place(game, st, number, p, area)
    st._la = None


def _need_two_in_discard(game, st, d: dict, ctx: dict) -> None:
    number = matching_card(game.db, d["filter"])
    for _ in range(2):
        to_discard(game, st, number, 0)


def _need_filter(game, st, d: dict, ctx: dict) -> None:
    f = {k: v for k, v in d.items() if k in ("type", "trait", "title", "color", "max_cost", "min_cost", "min_power",
                                                "max_power", "max_printed", "name")}
    if not f or not any(k in f for k in ("trait", "title", "color", "max_cost", "min_cost", "min_power", "max_printed")):
        return
    number = matching_card(game.db, f)
    if number:
        _put_everywhere(game, st, number)


def _who(d) -> int:
    return 1 if d.get("who") == "opp" else 0


def _chars_home(game, st, player: int, area: str) -> None:
    for i in list(st.d["play"]):
        c = st.d["cards"][i]
        if c["c"] == player and c["a"] == area and game.r.is_char(st.d, i):
            c["a"] = f"home{player}"
    st.d["dy"] = 1


#: an ``if`` condition (its ``k``) -> how the scenario makes it true (effects/conditions.py, effects/triggered.py)
CONDITION_NEEDS: dict[str, Callable] = {
    "points_at_least": lambda game, st, d: st.d["pl"][1].update(score=max(st.d["pl"][1]["score"], d["n"])),
    "tokens_parity": lambda game, st, d: set_tokens(st, 0, 8 if d.get("even") else 9),
    "friend_left_turn": lambda game, st, d: st.d.update(fl=st.d["turn"]),
    "won_by": lambda game, st, d: st.d["pl"][0].update(wonp=[st.d["turn"], d["n"]]),
    "opp_more_points": lambda game, st, d: st.d["pl"][1].update(score=st.d["pl"][0]["score"] + 2),
    "hand_below": lambda game, st, d: st.d["pl"][0].update(hand=st.d["pl"][0]["hand"][:max(0, d["n"] - 2)]),
    "not_first": lambda game, st, d: st.d.update(first=1),
    "played_at_least": lambda game, st, d: st.d["pl"][_who(d)].update(ptt=[st.d["turn"], [["Friend", 1, "prob0"]] * d["n"]]),
    "played_exactly": lambda game, st, d: st.d["pl"][_who(d)].update(ptt=[st.d["turn"], [["Friend", 1, "prob0"]] * d["n"]]),
    "opp_drawn_at_least": lambda game, st, d: st.d["pl"][1].update(dtt=[st.d["turn"], d["n"]]),
    "more_friends": lambda game, st, d: [place(game, st, "PR12", 0, "home0") for _ in range(4)],
    "opp_more_chars_here": lambda game, st, d: [place(game, st, "PR12", 1, a) for a in ("prob0", "prob1") for _ in range(8)],
}

#: conditions on who is at the Problems ("if there are no opposing characters at this card's Problem"): their
#: setup moves characters, so it runs after every other need, which may place more (a token's color reads as a
#: filter and puts characters of that color at both Problems: MT47's Generosity token)
BOARD_CONDITION_NEEDS: dict[str, Callable] = {
    "no_opp_at_problem": lambda game, st, d: [_chars_home(game, st, 1, a) for a in ("prob0", "prob1")],
    "none": lambda game, st, d: [_chars_home(game, st, 1, a) for a in ("prob0", "prob1")],
}


def _need_condition(game, st, d, ctx) -> None:
    CONDITION_NEEDS[d["k"]](game, st, d)


def _need_reveal(game, st, d, ctx) -> None:
    cond = d.get("cond") or {}
    if "parity" in cond:
        number = "PR33" if cond["parity"] == "even" else "PR20"
    else:
        number = matching_card(game.db, {k: v for k, v in cond.items() if k in ("type", "trait", "color")}) if cond else None
    if number:
        for p in (0, 1):
            cid = game._new(st.d, game.db.key(number), p, "deck")
            st.d["pl"][p]["deck"].insert(0, cid)


def _need_tokens_in_play(game, st, d, ctx) -> None:
    for p in (0, 1):
        game.r.play_effects(st.d, Ev(True), p, None, [{"op": "token", "power": 1, "color": "Kindness",
                                                         "traits": ["Critter"], "at": "home"}])
    from gameplay.engine.mlp.scenario import resolve_all

    resolve_all(game, st)


def _need_manes_at_problems(game, st, d, ctx) -> None:
    for p in (0, 1):
        st.d["cards"][st.d["pl"][p]["mane"]]["a"] = "prob0"
    st.d["dy"] = 1


def _need_pumped(game, st, d, ctx) -> None:
    for p in (0, 1):
        host = place(game, st, "CN14", p, "prob0")  # a Friend with Pumped
        b = game._new(st.d, game.db.key("PR33"), p, "ban")
        st.d["pl"][p]["ban"].append(b)
        st.d["cards"][b]["bn"] = host


def _need_accessories(game, st, d, ctx) -> None:
    host = place(game, st, "PR12", 0, "prob0")
    for _ in range(2):
        place(game, st, "AD124", 0, "prob0", host=host)  # an Accessory on a Friend


def _need_counters(game, st, d, ctx) -> None:
    p = 1 if d.get("ctrl") == "opp" else 0  # "opposing characters with Delay counters"
    for i in st.d["play"]:
        c = st.d["cards"][i]
        if game.r.ctype(st.d, i) == "Friend" and c["a"] == f"home{p}" and c["c"] == p:
            c.setdefault("cn", {})[d["counter_kind"]] = 1


def _need_boosted_manes(game, st, d, ctx) -> None:
    for p in (0, 1):
        st.d["cards"][st.d["pl"][p]["mane"]]["b"] = True


def _need_owned_by_opponent(game, st, d, ctx) -> None:
    cid = place(game, st, "PR12", 1, "prob0")
    st.d["cards"][cid]["o"] = 0


def _need_named_characters(game, st, d, ctx) -> None:
    for name in d["names"]:
        number = matching_card(game.db, {"type": "Friend", "title": name})
        if number:
            place(game, st, number, 0, "prob0")


def _need_one_highest(game, st, d, ctx) -> None:
    cid = place(game, st, "PR31", 1, "prob0")  # "the Friend with power higher than any other": no tie at the top
    st.d["cards"][cid].setdefault("cn", {})["+1"] = 5


def _need_confronted(game, st, d, ctx) -> None:
    """"Choose a Problem you confronted this turn. If there are no opposing Friends at that Problem" (EO137)."""
    st.d["cft"] = [st.d["turn"], [game.r.problem_at(st.d, "prob1")]]
    _chars_home(game, st, 1, "prob1")


def _need_unequal_points(game, st, d, ctx) -> None:
    st.d["pl"][1]["score"] = st.d["pl"][0]["score"] + 2  # (the generic board's points are equal: nobody has fewest)


def _need_problem_counters(game, st, d, ctx) -> None:
    """"remove all Delay counters from that Problem" (SB109): counters of that kind on every Problem."""
    for a in game.r.problem_areas(st.d):
        pid = game.r.problem_at(st.d, a)
        if pid:
            st.d["cards"][pid].setdefault("cn", {})[d["counter"]] = 2


def _need_more_power_here(game, st, d, ctx) -> None:
    """"the player with the most power here": the generic board gives both players equal power at each Problem."""
    for area in ("prob0", "prob1"):
        st.d["cards"][place(game, st, "PR31", 0, area)].setdefault("cn", {})["+1"] = 5


#: (test on a dict of the ability: an effect, a condition or a selector, setup) -- what an op or a condition
#: needs beyond the generic scenario
NEEDS: list[tuple[Callable[[dict], bool], Callable]] = [
    (lambda d: d.get("k") in CONDITION_NEEDS, _need_condition),
    (lambda d: d.get("token") is True, _need_tokens_in_play),  # "token Friends"
    (lambda d: (d.get("type") == "Mane Character" and d.get("at") == "here") or d.get("op") == "ban_at_it_le",
     _need_manes_at_problems),
    (lambda d: bool(d.get("highest")), _need_one_highest),
    (lambda d: d.get("op") == "confronted_score", _need_confronted),
    (lambda d: d.get("host") == "pumped" or d.get("op") == "from_beneath", _need_pumped),
    (lambda d: d.get("op") == "most_accessories_gain", _need_accessories),
    (lambda d: bool(d.get("counter_kind")), _need_counters),
    (lambda d: d.get("op") == "turn_mane", _need_boosted_manes),
    (lambda d: d.get("owner") == "you" and d.get("ctrl") == "opp", _need_owned_by_opponent),
    (lambda d: d.get("op") == "flip_if_involved", _need_named_characters),
    (lambda d: d.get("op") == "reveal_top", _need_reveal),
    (lambda d: d.get("op") == "copy_tokens", _need_tokens_in_play),
    (lambda d: d.get("who") == "fewest_points", _need_unequal_points),  # "the player with the fewest points"
    (lambda d: d.get("op") == "opponent_picks_one_of_two", _need_two_in_discard),  # "choose 2 ... from your discard pile"
    (lambda d: d.get("op") == "clear_counters_there", _need_problem_counters),
    (lambda d: d.get("op") == "as_most_power_here", _need_more_power_here),
    (lambda d: True, _need_filter),  # any selector or filter naming a trait, title, color, cost or power
]


def apply_needs(game, st, ability: dict) -> None:
    ctx: dict = {}
    parts = [ability.get("effects"), ability.get("cond"), ability.get("if"), ability.get("sel")]
    for d in walk(parts):
        for test, setup in NEEDS:
            if test(d):
                setup(game, st, d, ctx)
    for d in walk(parts):  # last: no later need puts characters back where the condition wants none
        if d.get("k") in BOARD_CONDITION_NEEDS:
            BOARD_CONDITION_NEEDS[d["k"]](game, st, d)
    st._la = None


# ------------------------------------------------------------------ what changed
def projection(st: dict):
    cards = st["cards"]

    def keys(ids):
        return sorted(cards[i]["k"] for i in ids)

    players = [(p["score"], p["tok"], keys(p["hand"]), [cards[i]["k"] for i in p["deck"]], keys(p["disc"]),
                keys(p["ban"]), keys(p.get("flip") or ()), [cards[i]["k"] for i in p.get("pdeck") or ()],
                repr(p.get("disc_next")), repr(p.get("tmr")), repr(p.get("fmod")), repr(p.get("fo_plus")),
                repr(p.get("req_red")), p.get("hsz"), repr(p.get("ndb")), repr(p.get("ttok")),
                repr(p.get("hh")), repr(p.get("nfb"))) for p in st["pl"]]  # hh: Hasty for the Friends in hand (HM101, HM142)

    def card(i):
        c = cards[i]
        return (c["k"], c.get("c"), c.get("a"), bool(c.get("ex")), bool(c.get("fr")), bool(c.get("fd")),
                repr(sorted((c.get("cn") or {}).items())), cards[c["h"]]["k"] if c.get("h") in cards else None,
                bool(c.get("b")), repr(c.get("col")), repr(c.get("chc")), bool(c.get("cm")), bool(c.get("nr")),
                repr(c.get("ntype")), bool(c.get("stay")), bool(c.get("af")), bool(c.get("nrw")), repr(c.get("nnm")),
                c.get("b0"))

    play = sorted(repr(card(i)) for i in st["play"])
    timed = tuple(repr([{k: v for k, v in m.items() if k not in ("ts", "t")} for m in (st.get(key) or ())])
                  for key in ("mods", "ctl", "cmods", "amr", "cmr", "kgm", "dly", "labm"))
    fo = st.get("fo")
    faceoff = fo and repr(sorted(fo.items()))
    return players, play, timed, len(st.get("held") or ()), faceoff, st["outcome"] is not None


def information(events, player: int) -> list:
    """What ``player`` was shown (a look at a hand, a face-down card, the top of a deck, a revealed card):
    an effect whose whole claim is information."""
    return [e["msg"] for e in events if e.get("to") == player or e.get("type") in ("reveal", "look")]


# ------------------------------------------------------------------ resolving, looking for an answer that acts
def settle(game, st, ev) -> None:
    r = game.r
    for _ in range(400):
        d = st.d
        if d["outcome"] or d["pending"]:
            return
        if d["rq"]:
            r.resolve_step(d, ev)
        elif not r.ppp(d, ev):
            return


def _declines(pend) -> list:
    return [o for o in pend["options"] if o in ("none", "done", "no", False)]


def resolve_exploring(game, st, base, ev: Ev, budget: list) -> tuple:
    """Resolve everything waiting; at each decision try its answers (those that accept first) until one leads
    to a state whose projection differs from ``base``.  Returns (the state, changed?)."""
    settle(game, st, ev)
    d = st.d
    if not d["pending"] or d["outcome"]:
        st._la = None
        return st, projection(d) != base
    pend = d["pending"]
    opts = list(pend["options"])
    if pend["kind"] == "may":
        opts = [True, False]
    else:
        declines = _declines(pend)
        named = {game.db.cards[c["k"]].name for pl in d["pl"] for c in map(d["cards"].get, pl["hand"])}
        # (a card name is tried first if a card in a hand has it: "name a card" offers every name, 201.1)
        opts = sorted((o for o in opts if o not in declines), key=lambda o: not (o in named)) + declines
    last = None
    for opt in opts[:12]:
        if budget[0] <= 0:
            break
        budget[0] -= 1
        trial = st.copy()
        sub = Ev()
        game.r.decide(trial.d, sub, Action.make("choose", pend["player"], option=opt))
        trial, changed = resolve_exploring(game, trial, base, sub, budget)
        ev.items.extend(sub.items)
        if changed:
            return trial, True
        last = trial
    return (last or st), False


# ------------------------------------------------------------------ the context an ability resolves in
#: ops and trigger events that only act inside a faceoff (514)
FACEOFF_OPS = {"flip", "flip_if_involved", "ignore_flip", "flipped_card", "leave_faceoff", "join_faceoff", "self_join_fo",
               "disc_into_faceoff", "end_faceoff", "flip_power", "if_faceoff", "fo_bonus", "chosen_joins_faceoff"}


def needs_faceoff(ability: dict) -> bool:
    on = str(ability.get("on") or "")
    effects = ability.get("effects")
    if any(d.get("op") == "start_fo" for d in walk(effects)):
        return False  # it starts its own
    return ("fo" in on or "faceoff" in on or "flip" in on or "faceoff" in str(ability.get("timing") or "")
            or any(d.get("op") in FACEOFF_OPS or d.get("at") == "faceoff" for d in walk(effects)))


def start_problem_faceoff(game, st) -> None:
    """A Problem faceoff at Ann's Problem (prob0), both players' characters there involved, one card
    flipped each (514.2, 514.3), in its window after the flip."""
    ev = Ev(True)
    st.d["prio"] = None  # (the Main Phase window: the faceoff's own windows follow)
    game.r.start_faceoff(st.d, ev, "problem", ["prob0"], 0)
    for _ in range(20):
        fo = st.d["fo"]
        if st.d["pending"] or st.d["rq"] or st.d["trig"]:
            settle(game, st, ev)
            if st.d["pending"]:
                break
        if fo["stage"] == "w_flip":
            break
        if st.d["prio"]:
            st.d["prio"] = None
            game.r.window_closed(st.d, ev, "fo")
        else:
            game.r.step(st.d, ev)
    st.d["pending"] = None
    st._la = None


def ability_contexts(game, st, ability: dict, src) -> list:
    """The cards an ability's "it" / "that card" may be (the card its trigger or Reaction noted): an opposing
    Friend ready and exhausted, one of the controller's Friends, a face-up and a face-down Troublemaker;
    [None] when the ability does not say "it"."""
    uses_it = any(d.get("it") or d.get("tm") == "it" or d.get("to") in ("it", "it_problem") or d.get("at") in ("there", "it")
                  or d.get("area") == "there" or d.get("there")
                  or d.get("op") in ("send_back", "reattach_it", "left_to_hand", "to_hand_it", "ignore_flip", "flip_power",
                                     "discard_shared_type", "hand_same_cost_there", "next_fo_bonus",
                                     "clear_counters_there", "look_top_same_power")
                  for d in walk(ability.get("effects")))
    if not uses_it:
        return [None]
    cards = st.d["cards"]
    r = game.r

    def friend(i, ctrl, exhausted=None):
        c = cards[i]
        return c["c"] == ctrl and c["a"] == "prob0" and r.ctype(st.d, i) == "Friend" and i != src and \
            (exhausted is None or bool(c.get("ex")) == exhausted)

    picks = (lambda i: friend(i, 1, False), lambda i: friend(i, 1, True), lambda i: friend(i, 0),
             lambda i: r.ctype(st.d, i) == "Troublemaker" and not cards[i].get("fd"),
             lambda i: r.ctype(st.d, i) == "Troublemaker" and bool(cards[i].get("fd")),
             lambda i: cards[i]["c"] == 1 and r.ctype(st.d, i) == "Resource")
    out = []
    for pick in picks:
        found = next((i for i in st.d["play"] if pick(i)), None)
        if found is not None:
            out.append(found)
    return out
