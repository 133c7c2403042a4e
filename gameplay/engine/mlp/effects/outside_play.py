"""Abilities of cards outside play and conditions on a watched card (Friends Forever, Seaquestria and Beyond):
"you may put this card into your hand from your discard pile", "you may banish this card to ..." (triggered while
the card is in its owner's discard pile, ``Rules.fire_outside_play``), "If you moved an opposing character"."""
from __future__ import annotations


def _op_self_from_discard(self, st, ev, fr, e) -> bool:
    """This card, in its owner's discard pile, goes to ``e["to"]`` (hand / ban).  If it is no longer there (it left
    since the trigger, 410.6), nothing else of the effect happens: "banish this card to ..." is not done (508.1d)."""
    src = fr["src"]
    c = st["cards"].get(src)
    if not (c and c.get("z") == "disc" and src in st["pl"][c["o"]]["disc"]):
        fr["i"] = len(fr["eff"])
        return False
    name = self.db.cards[c["k"]].name
    self.put(st, src, e["to"])
    where = "put into its owner's hand" if e["to"] == "hand" else "banished"
    self.log(ev, "zone", lambda: f"{name} is {where} from the discard pile")  # a public zone to another (404.1)
    return True


def _cond_moved_opposing(self, st, fr, cond) -> bool:
    """"If you moved an opposing character": the watched card (``x["it"]``) is controlled by an opponent of
    the ability's controller."""
    it = (fr.get("x") or {}).get("it")
    return bool(it in st["cards"] and self.in_play(st, it) and st["cards"][it]["c"] != fr["p"])


OPS = {"self_from_discard": _op_self_from_discard}
CONDS = {"moved_opposing": _cond_moved_opposing}
