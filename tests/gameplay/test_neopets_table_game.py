"""The Neopets game of the browser journey (tests/browser/neopets_policy.py), played on the engine with
the same picks and the hosted match's game seed: it is short, it asks every setup decision (1.2c-e), an
Agility re-roll (7.5f) and a new Neopet for round two (7.10a), and Ann wins two rounds (1.3a).  The
journey relies on this; if a change to the engine or the demo set lengthens the game, this says so."""
from __future__ import annotations

from gameplay.engine.api import Action
from gameplay.engine.neopets import CardDB, NeopetsGame
from gameplay.services.matches import game_seed
from tests.browser.neopets_policy import MATCH_SEED, choose_action, decks


def test_the_journeys_game_is_short_and_asks_every_kind_of_decision():
    g = NeopetsGame(CardDB.demo())
    st = g.new_game(decks(), seed=game_seed(MATCH_SEED, 1), names=("Ann", "Bob"), stacked=True, first_player=0)
    seen: set[str] = set()
    for _ in range(200):
        if st.d["outcome"]:
            break
        p = g.to_move(st)
        payload = {"legal_actions": [a.to_dict() for a in g.legal_actions(st, p)], "view": g.view(st, p)}
        pick = choose_action(payload, p)
        pend = st.d["pending"]
        seen.add(pend["kind"] if pend else pick["kind"])
        kind = pick.pop("kind")
        st, _ = g.apply(st, Action.make(kind, p, **pick))
    assert st.d["outcome"] and st.d["outcome"]["winner"] == 0, st.d["outcome"]
    assert st.d["players"][0]["rounds_won"] == 2
    assert {"go_first", "mulligan", "starting_neopet", "new_neopet", "agility_reroll", "attach", "play", "pass"} <= seen, seen
