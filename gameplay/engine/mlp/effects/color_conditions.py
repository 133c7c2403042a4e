"""``if`` conditions about the colors of the card an event is about (registered into ``IF_CONDITIONS``)."""
from __future__ import annotations


def _cond_color_differs(self, st, fr, cond) -> bool:
    """"When you play a Friend that is a different color from one of your other Friends" (CSf1; ``it``: the
    card the event is about): the played card ("it", still in play) has a color, and another card of ``sel`` has a color and shares none with it
    (507.3: a card is each of its colors; a colorless card is no color, so it is not "a different color")."""
    it = (fr.get("x") or {}).get("it")
    if not it or it not in st["cards"] or not self.in_play(st, it):
        return False
    mine = set(self.colors(st, it))
    if not mine:
        return False
    return any(o != it and (cols := set(self.colors(st, o))) and not cols & mine
               for o in self.select(st, cond["sel"], fr["p"], fr["src"]))


COLOR_CONDS = {"color_differs": _cond_color_differs}
