"""Legal actions (609, 510): what a player may do now, with costs (508), play requirements (205)
and timing (Main Phase, Immediate, Faceoff, Reaction).  Functions of ``rules.Rules``."""
from __future__ import annotations

from operator import itemgetter

from ...api import Action, new_action
from ..constants import COLOR_NAMES, FRIEND, MANE, TM, opponent
from ..reactions import rx_notes_for
from ..effects.targeting import card_filter
from ..effects.timed import hand_hasty, pumped_hosts
from ..effects.triggered import unfright_blocked


_KEY = itemgetter("k")  # a card record's key


# ====================================================================== actions
def has_non_pass(self, st, p) -> bool:
    if not st.get("twn"):
        return _has_non_pass(self, st, p)
    self._twc = {}  # read-only from here: Teamwork lookups may be memoised
    try:
        return _has_non_pass(self, st, p)
    finally:
        self._twc = None


def _mains_immediate(pl) -> bool:
    """"Until the end of the turn, you may play Events with Main Phase timing as Immediate actions" (512.5)."""
    return bool(pl.get("tmr")) and any(r["k"] == "main_immediate" for r in pl["tmr"])


def _has_non_pass(self, st, p) -> bool:
    pr = st["prio"]
    if not (pr["w"] == "main" and p == st["tp"] and not st["fo"]) and not _mains_immediate(st["pl"][p]):
        cards = st["cards"]
        qk, ak = self.quick_keys, self.act_keys
        qfo = self.quick_fo
        qrx = self.quick_rx
        tok = st["pl"][p]["tok"]
        ff = self.ff
        hak = self.hand_act_keys
        dak = self.disc_act_keys
        pl = st["pl"][p]
        plain = None  # card_cost is the printed cost (as in priority_actions; asked when needed)
        disc = pl["disc"]
        # (the discard pile's cards with a key in disc_act_keys, looked for at C speed first)
        dd = [x for x in disc if cards[x]["k"] in dak] if dak and disc and \
            not dak.isdisjoint(map(_KEY, map(cards.__getitem__, disc))) else ()
        for c in (pl["hand"] + dd if dd else pl["hand"]):
            if dak and cards[c]["k"] in dak and cards[c]["z"] == "disc":
                break  # an ability activated from the discard pile: the full check follows
            k = cards[c]["k"]
            if k in hak:
                break  # an ability activated from the hand (no token cost): the full check follows
            if k in qk or (ff[k].type == FRIEND and hand_hasty(self, st, p)):
                # what priority_actions requires of a hand card outside the Main Phase (a necessary
                # condition only: the full check follows)
                f = ff[k]
                tm = qfo.get(k)
                if tm is not None and not (st["fo"] if tm == "faceoff" else _fo_type_ok(st["fo"], tm)):
                    continue  # an Event playable only during (such) a faceoff
                if k in qrx and not st.get("rx"):
                    continue  # a Reaction with nothing to react to (rx_notes_for finds no note)
                if f.type == TM:
                    continue
                if "Redeem" in f.keywords or "Transform" in f.keywords:
                    break
                if plain is None:
                    plain = _plain_costs(self, st, p)
                if _quick_cost(self, st, p, c, k, f, plain) <= tok:
                    break
        else:
            # keyword grants matter here only if one could grant Agile (or a token could have it)
            kwg = st.get("kwg") and _may_grant_agile(self, st, p)
            if not (st.get("twn") or kwg) and not any(cards[c]["c"] == p for c in self.in_play_with(st, ak)):
                return False  # nothing usable outside the Main Phase: auto-pass
    # (the full list at once, no first_only pass first: with no action it reads what the full list
    # reads, and with one the full list is built anyway)
    acts = self.priority_actions(st, p)
    self._last = (p, acts)
    return bool(acts)


def _may_grant_agile(self, st, p) -> bool:
    """Could a keyword grant in play give one of ``p``'s cards Agile (outside the Main Phase the
    only granted keyword that adds actions)?  Tokens count too (their keywords are their own)."""
    if self.kw_may_differ(st, "Agile"):
        return True
    cards = st["cards"]
    return any(cards[o].get("t") and cards[o]["c"] == p for o in st["play"])


def legal_actions(self, st, p) -> list[Action]:
    if st["outcome"]:
        return []
    pend = st["pending"]
    if pend:
        if pend["player"] != p:
            return []
        # (Action.make("choose", p, option=o): a string or number option is its own frozen form)
        return [new_action("choose", p, (("option", o),)) if o.__class__ in (str, int) else Action.make("choose", p, option=o)
                for o in pend["options"]]
    pr = st["prio"]
    if not pr or pr["p"] != p:
        return []
    return [new_action("pass", p)] + self.priority_actions(st, p)


def card_cost(self, st, p, cid, redeem=False, area=None, host=None) -> int:
    """508: the cost to play a card, with its continuous cost modifiers (``Rules.play_cost_delta``;
    without ``area``/``host`` a lower bound over the destinations)."""
    d = self.cdef(st, cid)
    cost = d.front.cost or 0
    t = d.front.type
    for dn in st["pl"][p]["disc_next"]:
        if dn["type"] in (t, "card") and discount_fits(dn, d.front, cid):
            cost = max(cost - dn["n"], min(cost, dn["min"])) if "min" in dn else cost - dn["n"]  # "to a minimum of [1]"
    if redeem:
        cost -= 3
    cost = self.play_discount(st, p, cid, cost, host)  # "you may pay [1] less to play Events" (rules.play_discount)
    if st["fo"]:  # "Opponents pay +[1] to play cards during faceoffs [involving this card]"
        for o in self.has_static(st, "fo_play_tax"):
            for ab in self.abilities(st, o):
                if ab["kind"] != "static" or ab.get("op") != "fo_play_tax" or (ab.get("involving") and not self.involved(st, o)):
                    continue
                if not self.fo_player_ok(st, o, {**ab, "who": ab.get("who", "opp")}, p):
                    continue  # "Opponents pay ..." / "the player with the most Unicorn characters here pays -[1]"
                if (ab.get("scope") == "here" and st["cards"][o]["a"] not in st["fo"]["areas"]) or \
                        (ab.get("type") and ab["type"] != t):
                    continue
                cost += ab["n"]
    cost = max(cost, 0)
    if "play_cost" in self.ops_in_play(st) or st["cards"][cid]["k"] in self.sop_keys.get("play_cost_self", ()):
        cost = max(cost + self.play_cost_delta(st, p, cid, cost, area, host), 0)
    return cost


def _plain_costs(self, st, p) -> bool:
    """Whether ``card_cost(st, p, cid)`` is the printed cost (at least 0) for every card whose key
    is in neither ``self_disc_keys`` nor ``sop_keys["play_cost_self"]``: no pending reduction
    (``disc_next``), and no play discount, cost modifier or (during a faceoff) play tax in play.
    A new cost modifier read by ``card_cost`` must make this False while it can apply."""
    ops = self.ops_in_play(st)
    return not st["pl"][p]["disc_next"] and "play_discount" not in ops and "play_cost" not in ops and \
        not (st["fo"] and "fo_play_tax" in ops)


def _own_cost_modifier(self, k) -> bool:
    """Does the card (key) carry a modifier of its own cost (``self_disc_keys``, ``play_cost_self``)?"""
    return k in self.self_disc_keys or k in self.sop_keys.get("play_cost_self", ())


def _quick_cost(self, st, p, cid, k, face, plain) -> int:
    """``card_cost(st, p, cid)``, read as the printed cost (at least 0) when ``plain``
    (``_plain_costs``) holds and the card has no cost modifier of its own."""
    if plain and not _own_cost_modifier(self, k):
        return max(face.cost or 0, 0)
    return self.card_cost(st, p, cid)


def _hand_fact(self, k) -> tuple:
    """Card data for ``priority_actions``' early rejection of a hand card (cached per key in
    ``Rules._hand_fact``): (its printed cost, at least 0, when a printed cost above the player's
    tokens surely rejects it, else -1; whether it is an Event).  -1 for Troublemakers (their own
    rule), cards with Redeem or Transform (other costs) and cards with a cost modifier of their own
    (``self_disc_keys``, ``play_cost_self``)."""
    f = self.db.cards[k].front
    if f.type == TM or "Redeem" in f.keywords or "Transform" in f.keywords or _own_cost_modifier(self, k):
        return (-1, f.type == "Event")
    return (max(f.cost or 0, 0), f.type == "Event")


def discount_fits(dn: dict, face, cid: str | None = None) -> bool:
    """A pending cost reduction limited to a color or trait ("your next [Kindness] Friend", "the next
    Accessory you play") applies only to a card with it (printed information); one for a card ("that
    Event") only to that card."""
    if dn.get("card") and dn["card"] != cid:
        return False
    if dn.get("color") and dn["color"] not in face.colors:
        return False
    if dn.get("trait") and dn["trait"] not in face.traits:
        return False
    return not dn.get("name") or face.name == dn["name"]  # "the first card with that card's name" (201.1)


def can_pay_requirement(self, st, p, d) -> bool:
    """205.1: the player's characters have at least that much power of that color (507.3)."""
    reqs = d.front.play_requirements
    if not reqs:
        return True
    for col, n in reqs:
        if col not in COLOR_NAMES:
            continue
        tot = 0
        for cid in st["play"]:
            c = st["cards"][cid]
            if c["c"] == p and self.is_char(st, cid) and col in self.colors(st, cid):
                tot += self.power(st, cid) or 0
        if tot < n - self.req_reduction(st, p, col):
            return False
    return True


def move_cost(self, st, p, cid, area) -> int:
    """609.2b: 2, Swift -1, Showy +X at an opponent's Problem, never below 1."""
    cost = 2
    if self.kw(st, cid, "Swift"):
        cost -= 1
    cost += _extra_move_costs(self, st, p).get(area, 0)
    cost += self.action_tax(st, p, "move", cid, st["cards"][cid]["a"], area)  # "can't move ... unless they pay"
    return max(cost, 1)


def _extra_move_costs(self, st, p, full=False) -> dict:
    """Showy X and "Your opponent must pay +[N] to move a character to this card's Problem".
    (``full``: read every card in play, without the fast path; for tests.)"""
    out: dict = {}
    cards = st["cards"]
    # (without Teamwork, which lends abilities, only cards printing it can have opp_move_cost)
    sk = self.static_keys if st.get("twn") else self.sop_keys.get("opp_move_cost", ())
    showy = self.kw_keys.get("Showy", ())
    twn = self.kw_may_differ(st, "Showy")  # Teamwork, or a grant in play that could give Showy
    src = st["play"]
    if not twn and not st.get("twn") and not full:
        # only cards printing Showy or opp_move_cost, and tokens (the placeholder key), add anything:
        # the others, in play order (a long-lived table, see in_play_with)
        src = self.in_play_with(st, self.move_cost_keys)
    for o in src:
        oc = cards[o]
        if oc["c"] == p:
            continue
        x = self.kw(st, o, "Showy") if (oc["k"] in showy or twn or oc.get("t")) else 0
        if oc["k"] in sk:
            x += sum(ab["n"] for ab in self.abilities(st, o) if ab["kind"] == "static" and ab.get("op") == "opp_move_cost")
        if x:
            out[oc["a"]] = out.get(oc["a"], 0) + x
    return out


def pay_cost(self, st, p, n, ev=None) -> None:
    st["pl"][p]["tok"] -= n
    if n > 0 and st["pl"][p]["tok"] == 0 and ev is not None:
        self.fire_all(st, ev, "opp_pays_last", players=(opponent(p),))  # "When an opponent pays their last action token"


def event_timing(self, d) -> str:
    for ab in d.abilities.get("front", ()):
        if ab["kind"] == "event":
            return ab["timing"]
    return "main"


def priority_actions(self, st, p, first_only=False, dedupe=True, rx_only=False) -> list[Action]:
    """The player's actions other than passing (510).  ``first_only``: stop at the first one (is
    there any?); ``rx_only``: only the Reaction actions (512.4, the ones with an ``rx`` note: Reaction
    Events in the hand and activated Reaction abilities), for ``rx_window``."""
    acts: list[Action] = []
    pr = st["prio"]
    main = pr is not None and pr["w"] == "main" and p == st["tp"] and not st["fo"]
    if not main and "main_only" in self.ops_in_play(st) and self.statics(st, "main_only"):
        return acts  # "Players can't play cards, activate abilities, or take actions except as a Main Phase action."
    # in this order (the list's order is part of the game: a random player picks by position): cards
    # played from the hand, abilities activated from the discard pile and the hand, moves and rallies,
    # the draw action, activated abilities of cards in play
    if _hand_actions(self, st, p, acts, main, first_only, dedupe, rx_only) or \
            _zone_ability_actions(self, st, p, acts, main, first_only, rx_only) or \
            _move_actions(self, st, p, acts, main, first_only, rx_only):
        return acts
    pl = st["pl"][p]
    taxed = "action_cost" in self.ops_in_play(st)  # "Opponents pay +[1] to rally Friends", move taxes
    if main and not rx_only and pl["tok"] >= 1 + (self.action_tax(st, p, "draw") if taxed else 0) and pl["deck"] and self.may_draw(st, p):
        acts.append(new_action("draw", p))  # 609.2d
    _activated_actions(self, st, p, acts, main, first_only, rx_only)
    return acts


def _one_of_each_type(self, st, p) -> frozenset:
    """The card types p can't play again this turn: those p already played, while an opposing card says
    "Opponents can't play more than one card of each type per turn" (CG4; 201: a card's type)."""
    if not any(st["cards"][o]["c"] != p for o in self.has_static(st, "opp_one_per_type")):
        return frozenset()
    return frozenset(r[0] for r in self.played_this_turn(st, p))


def _no_play(self, st, p) -> bool:
    """Whether p can't play cards now (a faceoff restriction)."""
    fo = st["fo"]
    pl = st["pl"][p]
    cards = st["cards"]
    # "Opponents can't play cards during faceoffs involving this card"
    no_play = bool(fo) and any(cards[o]["c"] != p and self.involved(st, o) for o in self.has_static(st, "fo_no_play"))
    if fo and pl.get("tmr") and any(r["k"] == "no_fo_play" for r in pl["tmr"]):
        no_play = True  # "opponents can't play cards during faceoffs" this turn (effects.timed.restrict)
    if fo and not no_play and self.has_static(st, "fo_no_play_mane"):
        # "While an opponent's Mane Character is boosted, that player can't play cards during faceoffs
        # involving their Mane Character"
        m_ = pl["mane"]
        no_play = m_ in cards and bool(cards[m_].get("b")) and self.involved(st, m_) and \
            any(cards[o]["c"] != p for o in self.has_static(st, "fo_no_play_mane"))
    return no_play


def _hand_actions(self, st, p, acts, main, first_only, dedupe, rx_only) -> bool:
    """Cards played from the hand (and from the discard pile, 701.3): Troublemakers (609.2c), Friends,
    Resources and Events (609.2a).  True when ``first_only`` found one."""
    fo = st["fo"]
    pl = st["pl"][p]
    tok = pl["tok"]
    cards = st["cards"]
    prob_areas = [a for a in st["areas"] if not a.startswith("home")]
    db = self.db.cards
    quick = self.quick_keys
    seen = set()
    colpow = None
    no_tm = tm_dep = None  # areas with "Troublemakers can't be played here" (has_static(..., area=a))
    dep_any = None  # continuous cost modifiers / playing restrictions in play (computed once)
    hinfo = self._hand_info
    # card_cost is the printed cost (max 0) when no cost modifier can apply: no pending reduction
    # ("your next Friend costs [1] less"), no faceoff play tax, discount or cost modifier in play and
    # none of the card's own (self_disc_keys, play_cost_self); decided once, on the first card
    plain = None
    hfact = self._hand_fact
    no_play = _no_play(self, st, p)
    done_types = _one_of_each_type(self, st, p)
    # "Cards with that name can't be played" (EO69); "Friends with that name" (LL76: the type kept in nnt)
    named = {(cards[o]["nnm"], cards[o].get("nnt")) for o in self.has_static(st, "no_play_named") if cards[o].get("nnm")}
    # actions are built with their params already in Action.make's order (sorted by name)
    hand = pl["hand"]
    if main and self.dpk and pl["disc"]:  # "You may play this card from your discard pile." (701.3)
        hand = hand + [c for c in pl["disc"] if cards[c]["k"] in self.dpk and self.disc_play_ok(st, c)]
    mains_now = not main and _mains_immediate(pl)  # (Main Phase Events played as Immediate actions)
    for cid in (hand if not no_play else ()):
        k = cards[cid]["k"]
        if k in seen and dedupe:
            continue  # identical copies give identical actions (legal_actions lists one of them)
        if not main and k not in quick and not (mains_now and self.types[k] == "Event") \
                and not (db[k].front.type == FRIEND and hand_hasty(self, st, p)):
            continue
        if rx_only and k not in self.quick_rx:
            continue  # (only Reaction Events give actions with a note)
        pc = hfact.get(k)
        if pc is None:
            pc = hfact[k] = _hand_fact(self, k)
        if pc[0] > tok:
            # printed cost above the tokens, no Redeem / Transform, no cost modifier of its own: with
            # no cost modifier in play the cost check below rejects it; Events read nothing that
            # changes the state before it unless an "also a Friend" mark could be dropped (ctype)
            if plain is None:
                plain = _plain_costs(self, st, p)
            if plain and (not pc[1] or self.af_free(st)):
                continue
        d = db[k]
        f = d.front
        t = f.type
        if t in done_types or (named and ((d.name, None) in named or (d.name, t) in named)):  # (EO69, LL76)
            continue  # "Opponents can't play more than one card of each type per turn" (CG4)
        if t == TM:
            if main and tok >= 1:
                seen.add(k)
                if no_tm is None:
                    no_tm, tm_dep = _tm_restrictions(self, st, p)
                if _troublemaker_plays(self, st, p, cid, prob_areas, no_tm, tm_dep, acts, first_only):
                    return True
            continue
        info = hinfo.get(k)
        if info is None:
            info = hinfo[k] = (event_timing(self, d), _event_cost(d), _play_rule(self, d))
        hasty = "Hasty" in f.keywords or (t == FRIEND and not main and hand_hasty(self, st, p))
        rxc = notes = None
        if t == "Event":
            ok, rxc, notes = _event_playable(self, st, p, cid, k, info, main)
        else:
            ok = (main or hasty) and len(pl["hand"]) > info[1].get("discard", 0)  # the other cards to discard (508.1d)
        if not ok:
            continue
        if plain is None:
            plain = _plain_costs(self, st, p)
        cost = _quick_cost(self, st, p, cid, k, f, plain)
        if cost > tok and "Redeem" not in f.keywords and "Transform" not in f.keywords:
            continue
        redeem_opts, transform = _redeem_and_transform(self, st, p, f, t)
        if cost > tok and not (redeem_opts and self.card_cost(st, p, cid, True) <= tok) and not transform:
            continue
        reqs = f.play_requirements
        if reqs:
            if colpow is None:
                colpow = _LazyColorPower(self, st, p)  # (_color_power's sums, per color on demand)
            if any(colpow.get(col, 0) < n - (self.req_reduction(st, p, col) if pl.get("req_red") else 0)
                   for col, n in reqs if col in COLOR_NAMES):
                continue
        if k in self.must_ctrl and not self.controls_title(st, p, self.must_ctrl[k]):
            continue  # "You must control Rarity to play this card."
        seen.add(k)
        rule = info[2]
        # continuous cost modifiers and restrictions bound to a destination (Rules.play_cost_delta,
        # Rules.play_blocked): the cost above is a lower bound, checked again per destination
        if dep_any is None:
            ops = self.ops_in_play(st)
            dep_any = "play_cost" in ops or "no_play" in ops or "play_discount" in ops  # (a discount may read the host)
        dep = dep_any or k in self.sop_keys.get("play_cost_self", ())
        _play_actions(self, st, p, cid, k, d, t, rule, dep, cost, redeem_opts, transform, rxc, notes, prob_areas, acts,
                      first_only)
        if first_only and acts:
            return True
    return False


def _tm_restrictions(self, st, p) -> tuple[set, bool]:
    """The areas where p can't play a Troublemaker ("Troublemakers can't be played here", ...), and
    whether a play cost modifier or restriction is in play."""
    cards = st["cards"]
    no_tm = {cards[o]["a"] for o in self.has_static(st, "no_tm_here")}
    no_tm |= {cards[o]["a"] for o in self.has_static(st, "no_opp_tm_here") if cards[o]["c"] != p}
    no_tm |= {cards[o]["a"] for o in self.has_static(st, "no_tm_once_confronted") if cards[o].get("cf")}
    tm_dep = bool({"play_cost", "no_play"} & self.ops_in_play(st))
    return no_tm, tm_dep


def troublemaker_tax(st, p) -> int:
    """The timed cost increases for every Troublemaker ``p`` plays (``disc_next`` entries of type Troublemaker with
    ``all``; a negative reduction is an increase)."""
    return sum(-d["n"] for d in st["pl"][p]["disc_next"] if d["type"] == "Troublemaker" and d.get("all"))


def _troublemaker_plays(self, st, p, cid, prob_areas, no_tm, tm_dep, acts, first_only) -> bool:
    """609.2c: a Troublemaker played face-down at a Problem (pay 1).  True when ``first_only`` found one."""
    tok = st["pl"][p]["tok"]
    tax = troublemaker_tax(st, p)
    for a in prob_areas:
        if a in no_tm:
            continue
        if tax and 1 + tax > tok:
            continue  # "That opponent pays +[3] to play Troublemakers" (508.1d)
        if tm_dep and (1 + tax + self.play_cost_delta(st, p, cid, 1, area=a) > tok or self.play_blocked(st, p, cid, area=a)):
            continue  # "Players must pay +[1] to play a Troublemaker here." (609.2c, 508.1d)
        acts.append(new_action("play_troublemaker", p, (("area", a), ("card", cid))))
        if first_only:
            return True
    return False


def _event_playable(self, st, p, cid, k, info, main) -> tuple[bool, dict | None, list | None]:
    """Whether an Event in the hand may be played now (its timing, 512.3; a Reaction's notes, 512.4;
    its additional costs, 508.1d), with its Reaction condition and the notes it may answer."""
    fo = st["fo"]
    pl = st["pl"][p]
    cards = st["cards"]
    notes = None
    if pl.get("tmr") and any(r["k"] == "no_events" for r in pl["tmr"]):
        return False, None, None  # "opponents can't play Events this turn" (effects.timed.restrict)
    tm = info[0]
    ok = (main or _mains_immediate(pl)) if tm == "main" else (fo is not None) if tm == "faceoff" else _fo_type_ok(fo, tm) if tm.startswith("faceoff_") else True
    if tm in PHASE_TIMINGS:
        ok = _phase_timing_ok(st, p, tm)
    rxc = _rx_cond(self, k)  # a Reaction, also "Faceoff Reaction" / "Main Phase Reaction" (512.4b)
    if rxc is not None:
        notes = rx_notes_for(self, st, p, cid, rxc)  # 512.4: only in response to its condition
        if not notes:
            return False, rxc, notes
    ecost = info[1]
    if ecost.get("discard") and len(pl["hand"]) - 1 < ecost["discard"]:
        ok = False  # 508.1d the additional cost can't be paid
    if ecost.get("retire_friend") and not any(cards[o]["c"] == p and self.ctype(st, o) == FRIEND for o in st["play"]):
        ok = False
    return ok, rxc, notes


def _redeem_and_transform(self, st, p, f, t) -> tuple[list, list]:
    """The cards in play a card could be played on with Redeem / Transform (its own keywords)."""
    cards = st["cards"]
    tok = st["pl"][p]["tok"]
    redeem_opts = []
    if "Redeem" in f.keywords:
        for o in st["play"]:
            oc = cards[o]
            if oc["c"] == p and not oc.get("t") and self.ctype(st, o) in (FRIEND, TM) and not oc.get("fd") and self.face(st, o).title == f.title:
                redeem_opts.append(o)
    transform = []
    tx = f.keywords.get("Transform")
    if tx is not None and "hand_to_ban" in self.ops_in_play(st) and self.statics(st, "hand_to_ban"):
        tx = None  # 508.1a: returning a Friend to hand would be replaced, so that cost can't be paid
    if tx is not None and t == FRIEND:
        for o in st["play"]:
            oc = cards[o]
            if oc["c"] == p and not oc.get("t") and self.ctype(st, o) == FRIEND and not oc.get("fd"):
                of = self.face(st, o)
                if f.title in of.title and of.subtitle != f.subtitle:
                    transform.append(o)
        if self.transform_cost(st, p, f) > tok:
            transform = []
    return redeem_opts, transform


def _play_actions(self, st, p, cid, k, d, t, rule, dep, cost, redeem_opts, transform, rxc, notes, prob_areas, acts,
                  first_only) -> bool:
    """The play actions of a playable card: its destinations (home, a Problem, a host, a dilemma) and
    choices made as it is played (a Friend to retire, Redeem, Transform, the note a Reaction answers)."""
    tok = st["pl"][p]["tok"]
    if t == FRIEND:
        dests = [f"home{p}"] if rule == "home" else [f"home{p}"] + prob_areas
        xr = _retire_cost_opts(self, st, p, k)  # "As an additional cost to play this card, retire a Friend"
        if st.get("amr"):  # "Characters can't be ... played to that Problem for the rest of the turn"
            dests = [a for a in dests if not any(r["a"] == a and r.get("play") for r in st["amr"])]
        for a in dests:
            if dep and self.play_blocked(st, p, cid, area=a):
                continue
            if (self.card_cost(st, p, cid, area=a) if dep else cost) <= tok:
                if xr is None:
                    acts.append(new_action("play", p, (("area", a), ("card", cid))))
                else:  # 508: the Friend to retire is chosen as the card is played
                    acts.extend(new_action("play", p, (("area", a), ("card", cid), ("retire", r))) for r in xr)
            for r in (redeem_opts if not dep or self.card_cost(st, p, cid, True, area=a) <= tok else ()):
                acts.append(new_action("play", p, (("area", a), ("card", cid), ("redeem", r))))
            for r in transform:
                acts.append(new_action("play", p, (("area", a), ("card", cid), ("transform", r))))
            if first_only and acts:
                return True
    elif t == "Resource":
        if d.front.dilemma:
            acts.append(new_action("play", p, (("area", "dilemma"), ("card", cid))))
        elif rule == "home" or rule is None:
            acts.append(new_action("play", p, (("area", f"home{p}"), ("card", cid))))
        elif rule == "problem":
            for a in prob_areas:
                pid = self.problem_at(st, a)
                if pid and not (dep and (self.play_blocked(st, p, cid, host=pid) or self.card_cost(st, p, cid, host=pid) > tok)):
                    acts.append(new_action("play", p, (("card", cid), ("host", pid))))
        else:
            for o in st["play"]:
                if self.matches(st, o, rule, p, None) and \
                        not (dep and (self.play_blocked(st, p, cid, host=o) or self.card_cost(st, p, cid, host=o) > tok)):
                    acts.append(new_action("play", p, (("card", cid), ("host", o))))
    elif t == "Event":
        if rxc is not None:
            for n_ in notes:
                acts.append(new_action("play", p, (("card", cid), ("rx", n_["id"]))))
        else:
            acts.append(new_action("play", p, (("card", cid),)))
    return False


def _zone_ability_actions(self, st, p, acts, main, first_only, rx_only) -> bool:
    """Abilities activated from the discard pile or the hand ("Banish this card from your discard pile /
    hand to ...", 703).  True when ``first_only`` found one."""
    fo = st["fo"]
    pl = st["pl"][p]
    cards = st["cards"]
    # abilities activated from the discard pile ("Banish this card from your discard pile to ...", 703)
    if self.disc_act_keys:
        for cid in pl["disc"]:
            if cards[cid]["k"] not in self.disc_act_keys:
                continue
            for i, ab in enumerate(self.abilities(st, cid)):
                if ab["kind"] != "activated" or ab.get("zone") != "disc":
                    continue
                tm = ab["timing"]
                if (tm == "main" and not main) or (tm == "faceoff" and not fo) or \
                        (tm.startswith("faceoff_") and not _fo_type_ok(fo, tm)) or \
                        (tm in PHASE_TIMINGS and not _phase_timing_ok(st, p, tm)):
                    continue
                acts.append(new_action("activate", p, (("ability", i), ("card", cid))))
                if first_only:
                    return True
    # abilities activated from the hand ("Banish this card from your hand to ...", 703)
    if self.hand_act_keys and not rx_only:
        for cid in pl["hand"]:
            if cards[cid]["k"] not in self.hand_act_keys:
                continue
            for i, ab in enumerate(self.abilities(st, cid)):
                if ab["kind"] != "activated" or ab.get("zone") != "hand":
                    continue
                tm = ab["timing"]
                if (tm == "main" and not main) or (tm == "faceoff" and not fo) or \
                        (tm.startswith("faceoff_") and not _fo_type_ok(fo, tm)):
                    continue
                if tm in PHASE_TIMINGS and not _phase_timing_ok(st, p, tm):
                    continue
                acts.append(new_action("activate", p, (("ability", i), ("card", cid))))
                if first_only:
                    return True
    return False


def _move_actions(self, st, p, acts, main, first_only, rx_only) -> bool:
    """Moves (609.2b, Agile outside the Main Phase) and rallies (609.2e) of p's characters.  True when
    ``first_only`` found one."""
    pl = st["pl"][p]
    tok = pl["tok"]
    cards = st["cards"]
    prob_areas = [a for a in st["areas"] if not a.startswith("home")]
    # moves (609.2b) and Agile
    showy = None
    dest_all = [f"home{p}"] + prob_areas
    agile = self.kw_keys.get("Agile", ())
    swift = self.kw_keys.get("Swift", ())
    twn = self.kw_may_differ(st, "Agile")  # Teamwork, or a grant in play that could give Agile
    tws = self.kw_may_differ(st, "Swift")
    taxed = "action_cost" in self.ops_in_play(st)  # "Opponents pay +[1] to rally Friends", move taxes
    mb = None  # moving restrictions in play
    # a move costs at least 1 (609.2b) and a rally 2 (609.2e): with no token and no action tax in
    # play, no character can do either
    for cid in (st["play"] if (tok >= 1 or taxed) and not rx_only else ()):
        c = cards[cid]
        if c["c"] != p:
            continue
        if not main and not (c["k"] in agile or twn or c.get("t")):
            continue  # no Agile: no move outside the Main Phase, and no rally either
        ct = self.ctype(st, cid)
        if ct not in (FRIEND, MANE):
            continue
        if main or (self.kw(st, cid, "Agile") and not c.get("fr")):
            if showy is None:
                showy = _extra_move_costs(self, st, p)
            base = 1 if (c["k"] in swift or tws or c.get("t")) and self.kw(st, cid, "Swift") else 2
            here = c["a"]
            if mb is None:
                mb = "no_move" in self.ops_in_play(st) or bool(pl.get("tmr")) or bool(st.get("amr")) or bool(st.get("cmr"))
                nm = self.statics(st, "no_move") if mb else None  # (the same for every card and destination)
            for a in dest_all:
                if mb and a != here and self.move_blocked(st, p, cid, here, a, nm):
                    continue
                if a != here and max(base + showy.get(a, 0) + (self.action_tax(st, p, "move", cid, here, a) if taxed else 0), 1) <= tok:
                    acts.append(new_action("move", p, (("area", a), ("card", cid))))
                    if first_only:
                        return True
        if main and c.get("fr") and not (c.get("nuw") and unfright_blocked(st, c)) and tok >= 2 + (self.action_tax(st, p, "rally", cid) if taxed else 0):
            acts.append(new_action("rally", p, (("card", cid),)))  # 609.2e
    return False


def _activated_actions(self, st, p, acts, main, first_only, rx_only) -> None:
    """Activated abilities of cards in play (609.2f, 703), a Reaction's once per note it answers (512.4c)."""
    fo = st["fo"]
    cards = st["cards"]
    # activated abilities (609.2f, 703)
    anyp = self.anyp_keys if main else ()
    for cid in (st["play"] if st.get("twn") else self.in_play_with(st, self.activ_keys)):
        c = cards[cid]
        if c["c"] != p and c["k"] not in anyp:
            continue
        for i, ab in enumerate(self.abilities(st, cid)):
            if ab["kind"] != "activated" or ab.get("zone") == "hand":
                continue  # (abilities activated from the hand are listed with the hand)
            if c["c"] != p and not ab.get("any_player"):
                continue  # "Any player may activate this ability." (703; only those of another's card)
            tm = ab["timing"]
            if tm == "main" and not main:
                continue
            if tm == "faceoff" and not fo:
                continue
            if tm.startswith("faceoff_") and not _fo_type_ok(fo, tm):
                continue
            if tm in PHASE_TIMINGS and not _phase_timing_ok(st, p, tm):
                continue
            if ab.get("rx") is not None:  # 512.4 Reaction: one action per condition met (512.4c)
                if _can_pay_ability(self, st, p, cid, ab):
                    for n_ in rx_notes_for(self, st, p, cid, ab["rx"], f"{cid}/{i}"):
                        acts.append(new_action("activate", p, (("ability", i), ("card", cid), ("rx", n_["id"]))))
                        if first_only:
                            return
                continue
            if rx_only:
                continue
            if _can_pay_ability(self, st, p, cid, ab):
                acts.append(new_action("activate", p, (("ability", i), ("card", cid))))
                if first_only:
                    return


# 512.3 "Score Phase:" / "Troublemaker Phase:" timing: only the turn player, in a priority window of that
# Phase of their turn (flow.decisions.BOUNDARY_WINDOWS: its start, its step boundaries, after each confront
# step), not during a faceoff (512.3a), and not once its end-of-Phase window has opened (601.2c)
PHASE_TIMINGS = {"score": "score", "tp": "tp"}


def _phase_timing_ok(st, p, tm) -> bool:
    pr = st["prio"]
    return p == st["tp"] and not st["fo"] and pr is not None and pr["w"] == "phase" \
        and pr.get("ph") == PHASE_TIMINGS[tm] and not pr.get("end")


def _rx_cond(self, k) -> dict | None:
    """The Reaction condition of an Event (card key), cached."""
    cache = self.__dict__.setdefault("_rx_ev", {})
    if k not in cache:
        cache[k] = next((ab.get("rx") for ab in self.db.cards[k].abilities.get("front", ()) if ab["kind"] == "event"), None)
    return cache[k]


def _fo_type_ok(fo, timing) -> bool:
    """512.4a timing phrases naming a type of faceoff."""
    if not fo:
        return False
    if timing == "faceoff_tm":
        return fo["type"] == "tm"
    return fo["type"] in ("problem", "multi")


def _color_power(self, st, p) -> dict:
    """507.3 power of each color the player controls."""
    out: dict = {}
    cards = st["cards"]
    srcs = None
    for cid in st["play"]:
        c = cards[cid]
        if c["c"] == p and not c.get("fd") and not c.get("fr") and self.is_char(st, cid):
            if srcs is None:
                srcs = self.power_sources(st)
            pw = self.power(st, cid, srcs) or 0
            for col in self.colors(st, cid):
                out[col] = out.get(col, 0) + pw
    return out


def _printed_colors_ok(self, st) -> bool:
    """``colors`` of a face-up, unfrightened card in play is its printed colors (of its current face)
    unless the card is a token, Prismatic, has a ``col`` mark or a color modifier (``mods`` entry
    with ``col``), or Teamwork, a keyword / color grant or a "lose colors" card is in play: this
    says the state-wide part (no twn, kwg, no_colors); ``_own_chars_printed_colors`` the per-card
    part.  A new way for colors to change must make them fall back to ``colors``."""
    return not st.get("kwg") and not st.get("twn") and "no_colors" not in self.ops_in_play(st)


def _own_chars_printed_colors(self, st, p) -> list:
    """``[(cid, colors(st, cid))]`` for ``p``'s face-up, unfrightened characters in play (play
    order), with the printed colors read directly where ``colors`` would return them (see
    ``_printed_colors_ok``, which must hold)."""
    cards = st["cards"]
    mt = {m["t"] for m in st["mods"] if m.get("col")}  # (cards with a color modifier)
    pk = self.prism_keys
    ff, fb = self.ff, self.fb
    out = []
    for cid in st["play"]:
        c = cards[cid]
        if c["c"] != p or c.get("fd") or c.get("fr") or not self.is_char(st, cid):
            continue
        if c.get("col") or c.get("t") or c["k"] in pk or cid in mt:
            out.append((cid, self.colors(st, cid)))
        else:
            out.append((cid, (fb if c.get("b") else ff)[c["k"]].colors))
    return out


class _LazyColorPower:
    """``_color_power(self, st, p)`` for one unchanged state, summed per color only when a play
    requirement asks for that color: a character's power is computed only if one of its colors is
    asked for (same sums; ``get(col, 0)`` as on the dict)."""

    __slots__ = ("r", "st", "p", "chars", "srcs", "pw", "sums")

    def __init__(self, r, st, p) -> None:
        self.r, self.st, self.p = r, st, p
        self.chars = None
        self.srcs = None
        self.pw: dict = {}
        self.sums: dict = {}

    def get(self, col, default=0):
        v = self.sums.get(col)
        if v is not None:
            return v
        r, st = self.r, self.st
        if self.chars is None:
            cards = st["cards"]
            p = self.p
            self.chars = [(cid, r.colors(st, cid)) for cid in st["play"]
                          if cards[cid]["c"] == p and not cards[cid].get("fd") and not cards[cid].get("fr")
                          and r.is_char(st, cid)] if not _printed_colors_ok(r, st) else \
                _own_chars_printed_colors(r, st, p)
        v = 0
        found = False
        for cid, cols in self.chars:
            if col in cols:
                found = True
                pw = self.pw.get(cid)
                if pw is None:
                    if self.srcs is None:
                        self.srcs = r.power_sources(st)
                    pw = self.pw[cid] = r.power(st, cid, self.srcs) or 0
                v += pw
        self.sums[col] = v
        return v if found else default


def main_actions(self, st, p):
    return self.priority_actions(st, p)


def immediate_actions(self, st, p):
    return self.priority_actions(st, p)


def _event_cost(d) -> dict:
    """An Event's additional costs, or a card's "As an additional cost to play this card, discard 2 cards" (GF9, 508)."""
    for ab in d.abilities.get("front", ()):
        if ab["kind"] == "event":
            return ab.get("cost") or {}
        if ab.get("op") == "play_discard":
            return {"discard": ab["n"]}
    return {}


def _play_rule(self, d):
    for ab in d.abilities.get("front", ()):
        if ab["kind"] == "play_home":
            return "home"
        if ab["kind"] == "play_on":
            return ab["host"]
        if ab["kind"] == "play_problem":
            return "problem"
    return None


def _can_pay_ability(self, st, p, cid, ab) -> bool:
    cost = ab.get("cost", {})
    c = st["cards"][cid]
    if ab.get("while") and not self._cond(st, cid, ab["while"]):
        return False  # "Main Phase: While you have no [Honesty] Friends, you may exhaust this card ..."
    if st["pl"][p]["tok"] < self.ability_tokens(st, p, cid, ab):  # (with "pay [1] less" discounts)
        return False
    if ab.get("most_here") and not _has_most_here(self, st, p, cid, ab["most_here"]):
        return False  # "Only the player with the most Pegasus characters here may activate this ability."
    if cost.get("exhaust") and (c.get("ex") or c.get("fr") or not self.can_exhaust(st, cid, p)):
        return False  # (104.2a a cost requiring what can't happen can't be paid)
    if cost.get("once_turn") and c.get("used") == st["turn"]:
        return False
    if cost.get("cutie") and c.get("cm"):
        return False
    if cost.get("boosted") is not None and bool(c.get("b")) != cost["boosted"]:
        return False
    if cost.get("discard") and len(st["pl"][p]["hand"]) < cost["discard"]:
        return False
    if cost.get("spend") and self.beneath_count(st, cid) < cost["spend"]:
        return False
    if cost.get("remove_counters") and c.get("cn", {}).get("+1", 0) < cost["remove_counters"]:
        return False
    if cost.get("ncounters") and c.get("cn", {}).get(cost["ncounters"]["name"], 0) < cost["ncounters"]["n"]:
        return False  # "Remove 2 Harmony counters from this card to ..." (508.1d)
    if cost.get("retire_friend") and not any(st["cards"][o]["c"] == p and self.ctype(st, o) == FRIEND and o != cid for o in st["play"]):
        return False
    if cost.get("exhaust_mane"):
        m = st["pl"][p]["mane"]
        if m not in st["cards"] or st["cards"][m].get("ex") or st["cards"][m].get("fr"):
            return False
    if not _can_pay_extra(self, st, p, cid, cost):
        return False
    return True


def _has_most_here(self, st, p, cid, sel) -> bool:
    """Has player ``p`` more of the cards fitting ``sel`` at this card's area than the opponent (equal: no player
    has the most)?"""
    mine, theirs = (len(self.select(st, {**sel, "ctrl": "you", "at": "here"}, q, cid)) for q in (p, opponent(p)))
    return mine > theirs


def _cost_sel(sel: dict, **extra) -> dict:
    return {**sel, "ctrl": "you", **extra}


def _can_pay_extra(self, st, p, cid, cost) -> bool:
    """508.1d the costs chosen among several cards: exhaust / retire / banish another card."""
    if (cost.get("dismiss_self") or cost.get("hand_self") or cost.get("deck_self")) and not self.in_play(st, cid):
        return False
    if "counter_sel" in cost and not any(st["cards"][o]["c"] == p and st["cards"][o].get("cn", {}).get("+1")
                                         and self.matches(st, o, cost["counter_sel"], p, cid) for o in st["play"]):
        return False  # "remove a +1 power counter from one of your cards": none has one (508.1d)
    if "any_counter" in cost and not any(st["cards"][o]["c"] == p and any(v > 0 for v in st["cards"][o].get("cn", {}).values())
                                         and self.matches(st, o, cost["any_counter"], p, cid) for o in st["play"]):
        return False  # "Remove a counter from one of your ready characters": none has one (508.1d)
    if cost.get("spend_pumped"):
        if not pumped_hosts(self, st, p, need=1):
            return False
    if "discard_sel" in cost:  # "Discard an Event to ..."
        if not any(card_filter(self, st, o, cost["discard_sel"]) for o in st["pl"][p]["hand"]):
            return False
    if cost.get("exhaust_host"):  # "Exhaust that Friend" (the Resource's host)
        h = st["cards"][cid].get("h")
        if not h or not self.in_play(st, h) or st["cards"][h].get("ex") or st["cards"][h].get("fr"):
            return False
    if "exhaust_sel" in cost and not self.select(st, _cost_sel(cost["exhaust_sel"], state="ready"), p, cid):
        return False
    if "retire_sel" in cost and len(self.select(st, _cost_sel(cost["retire_sel"]["sel"]), p, cid)) < cost["retire_sel"]["n"]:
        return False
    if "dismiss_sel" in cost and not self.select(st, _cost_sel(cost["dismiss_sel"]), p, cid):
        return False
    if "exhaust_n" in cost and len(self.select(st, _cost_sel(cost["exhaust_n"]["sel"], state="ready"), p, cid)) < cost["exhaust_n"]["n"]:
        return False  # "Exhaust 3 of your Friends to ..." (508.1d)
    if "banish_from" in cost:
        bf = cost["banish_from"]
        if not any(card_filter(self, st, o, bf["filter"]) for o in st["pl"][p][bf["zone"]]):
            return False
    return True


def _retire_cost_opts(self, st, p, k) -> list[str] | None:
    """Friends player ``p`` may retire to pay "As an additional cost to play this card, retire a Friend"
    (508; None: the card has no such cost)."""
    if k not in self.sop_keys.get("add_cost", ()):
        return None
    return [o for o in st["play"] if st["cards"][o]["c"] == p and self.ctype(st, o) == FRIEND and not st["cards"][o].get("fd")]


def extra_cost_effects(cost) -> list[dict]:
    """Costs that need a choice are paid first (508) as effects at the head of the ability."""
    effs: list[dict] = []
    if cost.get("exhaust_host"):
        effs.append({"op": "exhaust", "target": {"host": True}})
    if cost.get("discard_hand"):
        effs.append({"op": "discard", "n": 99, "who": "you"})
    if "exhaust_sel" in cost:
        effs.append({"op": "exhaust", "target": _cost_sel(cost["exhaust_sel"], state="ready")})
    if "retire_sel" in cost:
        effs += [{"op": "retire", "target": _cost_sel(cost["retire_sel"]["sel"], fresh=True), "paid": True}] * cost["retire_sel"]["n"]
    if "banish_from" in cost:
        effs.append({"op": "banish_from_zone", **cost["banish_from"], "whose": "you"})
    if "dismiss_sel" in cost:
        effs.append({"op": "dismiss", "target": _cost_sel(cost["dismiss_sel"]), "paid": True})
    if "exhaust_n" in cost:
        effs += [{"op": "exhaust", "target": _cost_sel(cost["exhaust_n"]["sel"], state="ready", fresh=True), "paid": True}] * cost["exhaust_n"]["n"]
    if "discard_sel" in cost:
        effs.append({"op": "discard_sel", "filter": cost["discard_sel"]})
    if "counter_sel" in cost:
        effs.append({"op": "remove_counter_sel", "sel": cost["counter_sel"]})
    if "any_counter" in cost:
        effs.append({"op": "remove_any_counter", "sel": cost["any_counter"]})
    if cost.get("spend_pumped"):
        effs.append({"op": "spend_pumped"})
    return effs
