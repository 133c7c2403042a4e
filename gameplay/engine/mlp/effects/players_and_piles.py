"""Effects about which player acts and what is in a discard pile (ops and ``if`` conditions registered into
``effects.interpreter.EFFECTS`` / ``effects.conditions.IF_CONDITIONS``):

- ``as_most_power_here``: "the player with the most power here puts ..." -- the instructions are followed by
  the player whose characters here have the most power in all (507; with equal totals no player has the most,
  and nobody follows them);
- ``once_a_game``: "The first player to confront this Problem with ..." -- the instructions are followed the
  first time only (the card's ``fg`` flag);
- ``skip_tp``: "skip the next Troublemaker Phase" (``st["skip_tp"]``, read as a Troublemaker Phase would start,
  ``flow.turn``);
- ``keep_one_of_each``: "chooses a Friend, Resource, and Troublemaker they control, and retires the rest" (one
  choice per type, then every other card of those types the player controls is retired);
- ``chosen_joins_faceoff``: "one of your characters at home becomes involved in the faceoff" (a chosen card, flagged as
  involved, 514.2d.i);
- ``banish_that_card``: "banish that card" -- the card a watched event put into a discard pile ("it"), if it is
  still there (410.6);
- ``return_held_tm``: "put that banished Troublemaker into play at a Problem and uncover it" -- the Troublemaker
  this card holds banished (``hold_gone``) enters play face-down at a Problem its controller chooses, under its
  owner's control, and is uncovered (607);
- ``turn_each_mane``: "turn each Mane Character over" / "Turn each character over" (only a Mane Character has
  another side to turn face-up, 301.2);
- ``play_free_friend``: "you may play a Friend from your hand without paying its cost" -- a Friend whose play
  requirement is met (205.1), played (609.2a: its play is announced and "When you play" abilities fire) to home or
  a Problem for no action tokens;
- ``play_free_on_self``: "play an Accessory on this card for free" -- a Resource of ``trait`` from the hand whose
  Play on rule allows this card (509), played (609.2a) without paying its cost;
- ``hand_attachment_into_play``: "put an Accessory from your hand into play attached to a Friend" (put into play,
  not played, 706; on any Friend in play, 509);
- ``no_moves_this_turn``: "characters can't be moved this turn" (104.2: the move action and effects' moves, an
  ``st["amr"]`` entry for every area, read by ``Rules.move_blocked``);
- ``bonus_zero_there``: "That Problem's bonus is 0 until the end of the turn" (210; the Problem chosen by
  ``choose_area``, its ``b0`` field = this turn, read by ``Rules.problem_bonus``);
- ``ignore_that_flip``: "ignore that card and flip another card" -- the card a "When you flip ..." trigger is about
  (515.4, 514.4b);
- condition ``flipped_lacks_trait``: "When you flip a non-Chaotic card" (the flipped card's traits);
- ``disc_friend_here_for_faceoff``: "put a Friend from your discard pile into play here. At the end of the faceoff,
  banish that card" (706; a delayed effect of the faceoff, ``fo["end_fx"]``);
- condition ``disc_not_empty``: "put a card from your discard pile on top of your deck, then flip that card" is done
  only with a card there (else "that card" would be another);
- ``look_top_same_power``: "you may look at the top card of your deck. If those cards have the same printed power,
  you may reveal that card to ..." -- a private look (404.2: only its player sees the card), then, when its printed
  power is that of "it" (the card the trigger is about), an optional public reveal (404.1) and the instructions;
- condition ``more_power_than_required``: "When you confront this card's Problem with more power than required"
  (611.3: the power your characters there contribute, more than the sum of the confront requirements, 611.2);
- condition ``disc_has_types``: "banish a Friend, Resource, Event, and Troublemaker from your discard pile to
  ..." can only be done with one card of each type there (508.1d: all of it or none).
"""
from __future__ import annotations

from ..constants import opponent
from ...api import Action
from ..flow import can_pay_requirement, flip_one, play_card, uncover_one
from .targeting import choose_target
from .choices import ASKED, pick_area


def _push(st, fr, p, effects) -> None:
    """Run ``effects`` next in a frame of player ``p`` (the current effect counts as done)."""
    fr["i"] += 1
    st["rq"].append({"p": p, "src": fr["src"], "eff": list(effects), "i": 0, "ch": None, "lbl": "", "after": None,
                     "it": fr.get("it"), "x": fr.get("x") or {}, "rxa": fr.get("rxa")})
    fr["i"] -= 1


def power_here(self, st, area: str, p: int) -> int:
    """The total power of player ``p``'s characters at ``area`` (frightened ones have none, 504)."""
    return sum(self.power(st, o) or 0 for o in self.chars_at(st, area, p))


def _op_as_most_power_here(self, st, ev, fr, e) -> bool:
    src = st["cards"].get(fr["src"])
    if not src or src.get("z") != "play":
        return True
    p = fr["p"]
    mine, theirs = power_here(self, st, src["a"], p), power_here(self, st, src["a"], opponent(p))
    if mine != theirs:
        _push(st, fr, p if mine > theirs else opponent(p), e["effects"])
    return True


def _op_once_a_game(self, st, ev, fr, e) -> bool:
    c = st["cards"].get(fr["src"])
    if c is None or c.get("fg"):
        return True
    c["fg"] = True
    _push(st, fr, fr["p"], e["effects"])
    return True


def _op_skip_tp(self, st, ev, fr, e) -> bool:
    st["skip_tp"] = st.get("skip_tp", 0) + 1
    self.log(ev, "phase", lambda: "The next Troublemaker Phase will be skipped")
    return True


def _cond_disc_has_types(self, st, fr, cond) -> bool:
    have = {self.types.get(st["cards"][c]["k"]) for c in st["pl"][fr["p"]]["disc"]}
    return all(t in have for t in cond["types"])


def _cond_more_power_than_required(self, st, fr, cond) -> bool:
    c = st["cards"].get(fr["src"])
    if not c or c.get("z") != "play":
        return False
    p, area = fr["p"], c["a"]
    reqs = self.requirements(st, p, area) or []
    need = sum(-n if k == "Less" else n for k, n in reqs)
    have = sum(self.power(st, o) or 0 for o in self.chars_at(st, area, p) if self.contributes(st, o))
    return bool(reqs) and have > need


def _op_keep_one_of_each(self, st, ev, fr, e) -> bool:
    p, types = fr["p"], e["types"]
    k = fr.setdefault("k", {"i": 0, "kept": []})
    while k["i"] < len(types):
        cands = [o for o in st["play"] if st["cards"][o]["c"] == p and self.ctype(st, o) == types[k["i"]]]
        if fr["ch"] is not None:
            k["kept"].append(fr["ch"])
            fr["ch"] = None
        elif len(cands) > 1:
            self.ask(st, p, "target", cands, "705.2f", op="keep_one_of_each", src=fr["src"], what=types[k["i"]])
            return False
        else:
            k["kept"].extend(cands)
        k["i"] += 1
    for o in [o for o in st["play"] if st["cards"][o]["c"] == p and self.ctype(st, o) in types and o not in k["kept"]]:
        if self.in_play(st, o):
            self.leave_play(st, ev, o, "disc", verb="retired")
    return True


def _op_join_faceoff(self, st, ev, fr, e) -> bool:
    fo = st["fo"]
    if not fo:
        return True
    cands = [o for o in self.select(st, e["target"], fr["p"], fr["src"]) if not self.involved(st, o)]
    done, one = choose_target(self, st, fr, e, cands)
    if not done or one is None:
        return done
    fo.setdefault("join", []).append(one)
    if one in fo.get("out", ()):
        fo["out"].remove(one)
    self.log(ev, "faceoff", lambda: f"{self.name(st, one)} becomes involved in the faceoff (514.2d.i)")
    return True


def _op_banish_that_card(self, st, ev, fr, e) -> bool:
    it = fr.get("it")
    c = st["cards"].get(it) if it else None
    if c and c.get("z") == "disc" and it in st["pl"][c["o"]]["disc"]:
        nm = self.name(st, it)
        self.put(st, it, "ban")
        self.log(ev, "zone", lambda: f"{nm} is banished from the discard pile")
    return True


def _op_return_held_tm(self, st, ev, fr, e) -> bool:
    held = (st.get("held") or {}).get(fr["src"])
    if not held:
        return True
    area = pick_area(self, st, fr, fr["p"], [a for a in self.problem_areas(st) if self.problem_at(st, a)], "706", fr["src"])
    if area == ASKED:
        return False
    del st["held"][fr["src"]]
    if not st["held"]:
        del st["held"]
    for g in held:
        c = st["cards"].get(g)
        if area is None or not c or c.get("z") != "ban":
            continue
        st["pl"][c["o"]]["ban"].remove(g)
        st["pl"][c["o"]]["hand"].append(g)
        c["z"] = "hand"
        nid = self.enter_play(st, ev, g, area, c["o"], face_down=True)
        self.log(ev, "enter", lambda: f"A Troublemaker returns to play at {self.area_name(st, area)}")
        uncover_one(self, st, ev, nid, by=fr["p"])
    return True


def _op_turn_each_mane(self, st, ev, fr, e) -> bool:
    for q in (st["tp"], opponent(st["tp"])):
        m = st["pl"][q]["mane"]
        if not (m in st["cards"] and self.in_play(st, m)) or self.cdef(st, m).boosted is None:
            continue
        c = st["cards"][m]
        c["b"] = not c.get("b")
        st["dy"] = 1
        self.restamp(st, m)  # 711.3a the other side's abilities begin to function
        self.log(ev, "boost", lambda m=m, c=c: f"{self.name(st, m)} is turned over "
                 f"({'Boosted' if c['b'] else 'Start'} side) (301.2)")
        self.fire(st, ev, "side_up", m)
    return True


def _op_play_free_friend(self, st, ev, fr, e) -> bool:
    p = fr["p"]
    k = fr.setdefault("k", {})
    if "card" not in k:
        cands = [c for c in st["pl"][p]["hand"] if self.types.get(st["cards"][c]["k"]) == "Friend"
                 and can_pay_requirement(self, st, p, self.cdef(st, c))
                 and not (st["cards"][c]["k"] in self.must_ctrl and not self.controls_title(st, p, self.must_ctrl[st["cards"][c]["k"]]))]
        if fr["ch"] is None:
            if cands:
                self.ask(st, p, "target", cands + ["none"], "609.2a", op="play", src=fr["src"])
            return not cands
        if fr["ch"] not in cands:
            return True
        k["card"], fr["ch"] = fr["ch"], None
    cid = k["card"]
    home_only = any(ab["kind"] == "play_home" for ab in self.cdef(st, cid).abilities.get("front", ()))
    areas = [f"home{p}"] + ([] if home_only else [a for a in self.problem_areas(st) if self.problem_at(st, a)])
    areas = [a for a in areas if not self.play_blocked(st, p, cid, area=a)]
    area = pick_area(self, st, fr, p, areas, "609.2a", fr["src"])
    if area == ASKED:
        return False
    if area is not None and cid in st["pl"][p]["hand"]:
        play_card(self, st, ev, Action.make("play", p, card=cid, area=area, free=True))
    return True


def _op_play_free_on_self(self, st, ev, fr, e) -> bool:
    """"play an Accessory on this card for free" (CN80): a Resource of ``trait`` from the hand whose Play on rule
    allows this card as its host (509) and whose play requirement is met (205.1), played (609.2a) for no tokens."""
    p, src = fr["p"], fr["src"]
    if not self.in_play(st, src):
        return True
    cands = [c for c in st["pl"][p]["hand"] if self.types.get(st["cards"][c]["k"]) == "Resource"
             and e["trait"] in self.cdef(st, c).front.traits and _host_allows(self, st, p, c, src)
             and can_pay_requirement(self, st, p, self.cdef(st, c)) and not self.play_blocked(st, p, c, host=src)]
    if fr["ch"] is None:
        if cands:
            self.ask(st, p, "target", cands + ["none"], "609.2a", op="play", src=src)
        return not cands
    if fr["ch"] in cands:
        play_card(self, st, ev, Action.make("play", p, card=fr["ch"], host=src, free=True))
    return True


def _host_allows(self, st, p, cid, host) -> bool:
    rules = [ab["host"] for ab in self.cdef(st, cid).abilities.get("front", ()) if ab["kind"] == "play_on"]
    return bool(rules) and self.matches(st, host, rules[0], p, None)


def _op_hand_attachment_into_play(self, st, ev, fr, e) -> bool:
    p = fr["p"]
    k = fr.setdefault("k", {})
    if "card" not in k:
        cands = [c for c in st["pl"][p]["hand"] if self.types.get(st["cards"][c]["k"]) == "Resource"
                 and e["trait"] in self.cdef(st, c).front.traits]
        hosts = [o for o in st["play"] if self.ctype(st, o) == "Friend" and not st["cards"][o].get("fd")]
        if not cands or not hosts:
            return True
        if fr["ch"] is None and len(cands) > 1:
            self.ask(st, p, "target", cands, "705.2f", op="put_into_play", src=fr["src"])
            return False
        k["card"] = fr["ch"] if fr["ch"] in cands else cands[0]
        fr["ch"] = None
    hosts = [o for o in st["play"] if self.ctype(st, o) == "Friend" and not st["cards"][o].get("fd")]
    if not hosts or k["card"] not in st["pl"][p]["hand"]:
        return True
    if fr["ch"] is None and len(hosts) > 1:
        self.ask(st, p, "target", hosts, "509", op="attach", src=fr["src"])
        return False
    host = fr["ch"] if fr["ch"] in hosts else hosts[0]
    nid = self.enter_play(st, ev, k["card"], st["cards"][host]["a"], p, host=host)
    self.log(ev, "enter", lambda: f"{self.pname(st, p)} puts {self.name(st, nid)} into play on {self.name(st, host)}")
    return True


def _op_no_moves_this_turn(self, st, ev, fr, e) -> bool:
    st.setdefault("amr", []).append({"a": "*", "play": False, "u": "turn"})
    self.log(ev, "restrict", "Characters can't be moved this turn")
    return True


def _op_bonus_zero_there(self, st, ev, fr, e) -> bool:
    pid = self.problem_at(st, fr.get("rxa")) if fr.get("rxa") else None
    if pid:
        st["cards"][pid]["b0"] = st["turn"]
        self.log(ev, "bonus", lambda: f"{self.name(st, pid)}'s bonus is 0 until the end of the turn")
    return True


def _op_ignore_that_flip(self, st, ev, fr, e) -> bool:
    fo, it = st["fo"], (fr.get("x") or {}).get("card")
    if fo and it in st["cards"] and st["cards"][it].get("z") == "flip" and it not in fo["ign"]:
        fo["ign"].append(it)
        self.log(ev, "flip", lambda: f"{self.name(st, it)} is ignored (515.4)")
        flip_one(self, st, ev, st["cards"][it]["o"])
    return True


def _cond_flipped_lacks_trait(self, st, fr, cond) -> bool:
    it = (fr.get("x") or {}).get("card")
    return it in st["cards"] and cond["trait"] not in self.traits(st, it)


def _op_disc_friend_here_for_faceoff(self, st, ev, fr, e) -> bool:
    p, fo, src = fr["p"], st["fo"], st["cards"].get(fr["src"])
    if not fo or not src or src.get("z") != "play":
        return True
    cands = [c for c in st["pl"][p]["disc"] if self.types.get(st["cards"][c]["k"]) == "Friend"]
    done, one = choose_target(self, st, fr, {"op": "put_into_play", "target": {}}, cands)
    if not done or one is None:
        return done
    nid = self.enter_play(st, ev, one, src["a"], p)
    self.log(ev, "enter", lambda: f"{self.name(st, nid)} is put into play at {self.area_name(st, src['a'])}")
    fo.setdefault("end_fx", []).append({"p": p, "src": fr["src"], "eff": [{"op": "banish", "target": {"id": nid}}]})
    return True


def _op_look_top_same_power(self, st, ev, fr, e) -> bool:
    p, deck = fr["p"], st["pl"][fr["p"]]["deck"]
    it = fr.get("it") or (fr.get("x") or {}).get("it")
    if not deck or it not in st["cards"]:
        return True
    top = deck[0]
    nm = self.db.cards[st["cards"][top]["k"]].name
    if fr["ch"] is None:
        self.log(ev, "look", lambda: f"{self.pname(st, p)} looks at the top card of their deck")
        ev.add("look", f"You see: {nm}", to=p)
        if self.printed_power(st, top) != self.printed_power(st, it):
            return True
        self.ask(st, p, "may", [True, False], "712.3", src=fr["src"], text="reveal it")
        return False
    if fr["ch"] is True:
        self.log(ev, "reveal", lambda: f"{self.pname(st, p)} reveals {nm} from the top of their deck")
        _push(st, fr, p, e["then"])
    return True


OPS = {"as_most_power_here": _op_as_most_power_here, "once_a_game": _op_once_a_game, "skip_tp": _op_skip_tp,
       "keep_one_of_each": _op_keep_one_of_each, "chosen_joins_faceoff": _op_join_faceoff,
       "banish_that_card": _op_banish_that_card, "return_held_tm": _op_return_held_tm,
       "turn_each_mane": _op_turn_each_mane, "play_free_friend": _op_play_free_friend,
       "play_free_on_self": _op_play_free_on_self,
       "hand_attachment_into_play": _op_hand_attachment_into_play, "no_moves_this_turn": _op_no_moves_this_turn,
       "bonus_zero_there": _op_bonus_zero_there, "ignore_that_flip": _op_ignore_that_flip,
       "disc_friend_here_for_faceoff": _op_disc_friend_here_for_faceoff,
       "look_top_same_power": _op_look_top_same_power}
CONDS = {"disc_has_types": _cond_disc_has_types, "disc_not_empty": lambda self, st, fr, cond: bool(st["pl"][fr["p"]]["disc"]), "flipped_lacks_trait": _cond_flipped_lacks_trait, "more_power_than_required": _cond_more_power_than_required}
