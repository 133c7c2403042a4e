"""The effect interpreter: resolves frames of vocabulary effects (vocabulary.py) from the resolution
queue ``st["rq"]``.  When an effect needs a choice (a target, "you may", ...) it sets a pending
decision and returns; the chosen option comes back in ``frame["ch"]`` (705.2f: decisions are made
in order while following the instructions).  ``EFFECTS``: op -> handler, every op once."""
from __future__ import annotations

from .registry import Registry
from .timed import TIMED_ABILITY_OPS
from .triggered import OPS as TRIGGER_OPS
from .outside_play import OPS as OUTSIDE_PLAY_OPS
from .copies import OPS as COPY_OPS
from .choices import effect_as_opponent, effect_choose_area, effect_choose_modes, effect_each_player, effect_exhaust_self_cost, effect_leave_self_cost, effect_lose_tokens, effect_mark, effect_may, effect_pay, effect_per, effect_pick_color
from .conditions import effect_if
from .faceoff import effect_at_fo_end, effect_flip_if_involved, effect_flipped_card, effect_fo_flip_mod, effect_if_faceoff, effect_ignore_flip, effect_reveal_top_group, effect_start_fo
from .player import player_effect
from .players_and_piles import OPS as PLAYERS_AND_PILES_OPS
from .points_and_hand import effect_hand_to_play, effect_pay_points, effect_replace_draw, effect_skip_turn
from .targeted import TARGETED_OPS, effect_also_friend, effect_grant_kw, targeted_effect
from .zones import EVENT_OPS, WHEN_OPS, effect_draw_to, effect_hand_to_deck_top, effect_mill, effect_replace_problem, effect_send_back, effect_shuffle_decks, effect_spend_cost, effect_uncover


def resolve_step(self, st, ev) -> None:
    fr = st["rq"][-1]
    if fr["i"] >= len(fr["eff"]):
        st["rq"].pop()
        after = fr.get("after") or {}
        if "discard" in after:
            cid = after["discard"]
            if cid in st["cards"]:
                st["cards"][cid]["z"] = "queue"
                self.put(st, cid, "disc")  # 304.2
        if "retire" in after and self.in_play(st, after["retire"]):
            self.leave_play(st, ev, after["retire"], "disc", verb="retired", cost=True)  # 508.1a a cost
        if "banish" in after and self.in_play(st, after["banish"]):
            self.leave_play(st, ev, after["banish"], "ban", verb="banished", cost=True)  # 508.1a a cost
        return
    e = fr["eff"][fr["i"]]
    if self.run_effect(st, ev, fr, e):
        fr["i"] += 1
        fr["ch"] = None
        fr.pop("k", None)


def run_effect(self, st, ev, fr, e) -> bool:
    """Resolve one effect of a frame: its op's handler (``EFFECTS``); True when it is done, False when
    it waits for a decision (the answer comes back in ``fr["ch"]``).  An op no handler is registered for
    is read as an effect on chosen cards (``targeted_effect``), as the interpreter always did."""
    handler = EFFECTS.get(e["op"])
    return (handler or targeted_effect)(self, st, ev, fr, e)


def play_effects(self, st, ev, p, src, effects, label="") -> None:
    st["rq"].append({"p": p, "src": src, "eff": list(effects), "i": 0, "ch": None, "lbl": label, "after": None})


#: every effect op -> its handler (one handler per op: the registry refuses a second one).  The order
#: is the interpreter's: its own ops, the Event and triggered-ability ops, the player effects, then the
#: effects on chosen cards.
EFFECTS = Registry("effect op")

EFFECTS.register("may", effect_may)

EFFECTS.register("choose_modes", effect_choose_modes)

EFFECTS.register("hand_to_deck_top", effect_hand_to_deck_top)

EFFECTS.register("uncover", effect_uncover)

EFFECTS.register("as_opponent", effect_as_opponent)

EFFECTS.register("choose_area", effect_choose_area)

EFFECTS.register("fo_flip_mod", effect_fo_flip_mod)

EFFECTS.register("shuffle_decks", effect_shuffle_decks)

EFFECTS.register("ignore_flip", effect_ignore_flip)

EFFECTS.register("send_back", effect_send_back)

EFFECTS.register("each_player", effect_each_player)

EFFECTS.register("mark", effect_mark)

EFFECTS.register("at_fo_end", effect_at_fo_end)

EFFECTS.register("if", effect_if)

EFFECTS.register("exhaust_self_cost", effect_exhaust_self_cost)

EFFECTS.register("leave_self_cost", effect_leave_self_cost)

EFFECTS.register("pay", effect_pay)
EFFECTS.register("pay_points", effect_pay_points)
EFFECTS.register("hand_to_play", effect_hand_to_play)
EFFECTS.register("skip_turn", effect_skip_turn)
EFFECTS.register("replace_draw", effect_replace_draw)

EFFECTS.register("if_faceoff", effect_if_faceoff)

EFFECTS.register("flip_if_involved", effect_flip_if_involved)

EFFECTS.register("start_fo", effect_start_fo)

EFFECTS.register("spend_cost", effect_spend_cost)

EFFECTS.register("per", effect_per)

EFFECTS.register("reveal_top", effect_reveal_top_group)

EFFECTS.register("revealed", effect_reveal_top_group)

EFFECTS.register("lose_game", effect_reveal_top_group)

EFFECTS.register("end_faceoff", effect_reveal_top_group)

EFFECTS.register("lose_tokens", effect_lose_tokens)

EFFECTS.register("flipped_card", effect_flipped_card)

EFFECTS.register("mill", effect_mill)

EFFECTS.register("pick_color", effect_pick_color)

EFFECTS.register("replace_problem", effect_replace_problem)

EFFECTS.register("draw_to", effect_draw_to)

EFFECTS.register_all(EVENT_OPS)

EFFECTS.register_all(TIMED_ABILITY_OPS)

EFFECTS.register_all(WHEN_OPS)

EFFECTS.register_all(TRIGGER_OPS)

EFFECTS.register_all(OUTSIDE_PLAY_OPS)

EFFECTS.register_all(COPY_OPS)

EFFECTS.register("draw", player_effect)

EFFECTS.register("discard", player_effect)

EFFECTS.register("gain", player_effect)

EFFECTS.register("score", player_effect)

EFFECTS.register("look_top", player_effect)

EFFECTS.register("search", player_effect)

EFFECTS.register("flip", player_effect)

EFFECTS.register("token", player_effect)

EFFECTS.register("put_into_play", player_effect)

EFFECTS.register("cost_reduction", player_effect)

EFFECTS.register("turn_over", player_effect)

EFFECTS.register("cutie_mark", player_effect)

EFFECTS.register("choose_color", player_effect)

EFFECTS.register("also_friend", effect_also_friend)

EFFECTS.register("grant_kw", effect_grant_kw)

for _op in TARGETED_OPS:
    EFFECTS.register(_op, targeted_effect)
EFFECTS.register_all(PLAYERS_AND_PILES_OPS)
