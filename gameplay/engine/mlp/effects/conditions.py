"""Conditions of ``if`` effects ("If you do", "If you have ..."): ``IF_CONDITIONS`` maps every
condition to its test ``(rules, st, frame, cond) -> bool``; a condition nobody registered raises."""
from __future__ import annotations

from ..constants import opponent
from .color_conditions import COLOR_CONDS
from .registry import Registry
from .timed import TIMED_IF_CONDS
from .triggered import CONDS as TRIGGER_CONDS
from .outside_play import CONDS as OUTSIDE_PLAY_CONDS
from .players_and_piles import CONDS as PLAYERS_AND_PILES_CONDS


def effect_if(self, st, ev, fr, e) -> bool:
    p = fr["p"]
    src = fr["src"]
    ok = IF_CONDITIONS[e["cond"]["k"]](self, st, fr, e["cond"])  # (an unknown condition fails loudly)
    branch = e["effects"] if ok else e.get("else")  # "else": "Otherwise, ..." / "If ..., ... instead" (AD109)
    if branch:
        fr["i"] += 1
        st["rq"].append({"p": p, "src": src, "eff": list(branch), "i": 0, "ch": None, "lbl": "", "after": None,
                         "it": fr.get("it"), "x": fr.get("x") or {}, "rxa": fr.get("rxa"),
                         "rev": fr.get("rev"), "itk": fr.get("itk")})  # (its printed information: "that Resource")
        fr["i"] -= 1
    return True


def _if_cond(self, st, p, src, cond) -> bool:
    """The conditions of "if ..." texts other than you_have / none (cardtext IF_TEMPLATES)."""
    k = cond["k"]
    if k == "opp_tokens_at_least":
        return st["pl"][opponent(p)]["tok"] >= cond["n"]
    if k in ("not_confronted", "none_confronted"):
        cf = st.get("cft")
        done = cf[1] if cf and cf[0] == st["turn"] else []
        if k == "none_confronted":
            return not done
        c = st["cards"].get(src)
        pid = self.problem_at(st, c["a"]) if c and c.get("z") == "play" else None
        return pid is not None and pid not in done
    if k == "hand_below":
        return len(st["pl"][p]["hand"]) < cond["n"]
    if k == "hand_names_distinct":  # "If no two cards in your hand have the same name" (201.1)
        names = [self.db.cards[st["cards"][c]["k"]].name for c in st["pl"][p]["hand"]]
        return len(names) == len(set(names))
    if k == "not_lost_fo":  # "if you didn't lose that faceoff" (won it, or nobody won, 514.5)
        return bool(st["fo"]) and st["fo"].get("winner") != opponent(p)
    if k == "self_ready":  # "you may exhaust this card to ...": a cost only a ready card can pay (508.1d, 503.2a)
        c = st["cards"].get(src)
        return bool(c) and self.in_play(st, src) and not c.get("ex") and not c.get("fr")
    if k == "beneath_at_least":
        return src in st["cards"] and self.beneath_count(st, src) >= cond["n"]
    if k == "self_power_at_least":
        return src in st["cards"] and self.in_play(st, src) and (self.power(st, src) or 0) >= cond["n"]
    if k == "highest_power":
        pw = {cid: self.power(st, cid) for cid in st["play"] if self.is_char(st, cid)}
        pw = {cid: v for cid, v in pw.items() if v is not None}
        if not pw:
            return False
        top = max(pw.values())
        return any(v == top and st["cards"][cid]["c"] == p for cid, v in pw.items())
    if k == "opp_mane_boosted":
        m = st["pl"][opponent(p)]["mane"]
        return bool(m in st["cards"] and st["cards"][m].get("b"))
    if k == "count_at_least":  # "if you have 2 or more other Changeling characters here"
        return len(self.select(st, cond["sel"], p, src)) >= cond["n"]
    if k == "not_first":  # "At the start of your first turn, if you did not play first"
        return st["first"] != p
    if k == "opp_moved_none":  # "if that opponent did not move any characters this turn"
        mv = st.get("mvt")
        return not (mv and mv[0] == st["turn"] and opponent(p) in mv[1])
    if k == "no_opp_at_problem":
        c = st["cards"].get(src)
        if not c or c.get("z") != "play" or not c["a"].startswith(("prob", "dil")):
            return False  # at home this card has no Problem
        return not any(st["cards"][o]["c"] != p and st["cards"][o]["a"] == c["a"] for o in self.chars_at(st, c["a"]))
    return False


def _cond_points(self, st, fr, cond) -> bool:
    return max(x["score"] for x in st["pl"]) >= cond["n"]  # "If a player has 8 or more points"


def _cond_tokens_parity(self, st, fr, cond) -> bool:
    return (st["pl"][fr["p"]]["tok"] % 2 == 0) == cond["even"]  # "each player with an even number of action tokens"


def _cond_it_power(self, st, fr, cond) -> bool:
    it = fr.get("it")
    return bool(it and self.in_play(st, it) and (self.power(st, it) or 0) <= cond["n"])  # "If it has 0 power or less"


def _cond_host_yours(self, st, fr, cond) -> bool:
    """"If that Friend is (not) yours" on an attachment: its host's controller."""
    h = st["cards"].get(fr["src"], {}).get("h")
    return bool(h and self.in_play(st, h)) and (st["cards"][h]["c"] == fr["p"]) == cond["yours"]


def _cond_it_cost(self, st, fr, cond) -> bool:
    """"If that Friend's cost is less than or equal to the number of Unicorn characters you have" (its
    printed cost, also after it left play; a token has no cost, 521.2)."""
    k = fr.get("itk")
    cost = self.ff[k].cost if k else None
    return cost is not None and cost <= len(self.select(st, cond["sel"], fr["p"], fr["src"]))


def _cond_opp_more_points(self, st, fr, cond) -> bool:
    """"If an opponent has more points than you"."""
    p = fr["p"]
    return st["pl"][opponent(p)]["score"] > st["pl"][p]["score"]


def _cond_friend_left_turn(self, st, fr, cond) -> bool:
    """"If a Friend left play this turn"."""
    return st.get("fl") == st["turn"]


def _cond_won_by(self, st, fr, cond) -> bool:
    """"If you won a Problem faceoff by at least N power this turn"."""
    won = st["pl"][fr["p"]].get("wonp")
    return bool(won) and won[0] == st["turn"] and won[1] >= cond["n"]


def _cond_you_have(self, st, fr, cond) -> bool:
    """"If you have a ..." (a selector finds a card)."""
    return bool(self.select(st, cond["sel"], fr["p"], fr["src"]))


def _cond_none(self, st, fr, cond) -> bool:
    """"If there are no ..." (a selector finds nothing)."""
    return not self.select(st, cond["sel"], fr["p"], fr["src"])


def _cond_of_if_texts(self, st, fr, cond) -> bool:
    """The conditions ``_if_cond`` reads."""
    return _if_cond(self, st, fr["p"], fr["src"], cond)

IF_CONDS = {"points_at_least": _cond_points, "tokens_parity": _cond_tokens_parity, "it_power_at_most": _cond_it_power,
            "host_yours": _cond_host_yours, "it_cost_le_count": _cond_it_cost}


#: every condition of an ``if`` effect -> its test ``(rules, st, frame, cond) -> bool``: checked in this one
#: place, and a condition nobody registered raises instead of reading as false
IF_CONDITIONS = Registry("if condition")

IF_CONDITIONS.register_all({"opp_more_points": _cond_opp_more_points, "friend_left_turn": _cond_friend_left_turn,
                            "won_by": _cond_won_by, "you_have": _cond_you_have, "none": _cond_none})

IF_CONDITIONS.register_all(IF_CONDS)

IF_CONDITIONS.register_all(TIMED_IF_CONDS)

IF_CONDITIONS.register_all(TRIGGER_CONDS)

IF_CONDITIONS.register_all(OUTSIDE_PLAY_CONDS)

IF_CONDITIONS.register_all(COLOR_CONDS)

for _k in ("opp_tokens_at_least", "not_confronted", "none_confronted", "hand_below", "beneath_at_least", "self_power_at_least", "highest_power", "opp_mane_boosted", "count_at_least", "not_first", "opp_moved_none", "no_opp_at_problem", "self_ready", "not_lost_fo", "hand_names_distinct"):
    IF_CONDITIONS.register(_k, _cond_of_if_texts)

IF_CONDITIONS.register_all(PLAYERS_AND_PILES_CONDS)
