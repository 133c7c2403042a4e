"""Issue #19 "Also": classes of card text that were manual, each played in a scenario (the card
texts are data: cardtext/static_more.py and the other tables named per test)."""
from __future__ import annotations

from gameplay.engine.mlp.cardtext import parse_line
from gameplay.engine.mlp.scenario import automated, place, stacked_game


def pw(game, st, cid):
    return game.r.power(st.d, cid)


# ------------------------------------------------------------------ power doubled (507)
def test_doubled_power_templates_compile():
    ab = parse_line("While an opponent has more Friends than you, this card's power is doubled.", "Friend", {})
    assert (ab["op"], ab["cond"]) == ("power_double", {"k": "friends_cmp", "who": "opp"})
    assert parse_line("Double that Friend's power.", "Resource", {})["target"] == "host"
    # an unknown condition is not read as "always doubled"
    assert parse_line("While the moon is full, this card's power is doubled.", "Friend", {})["kind"] == "manual"


def test_power_doubled_while_an_opponent_has_more_friends(game, card_db):
    """SB80 Applejack & Rarity, Odd Couple (2 power): "While an opponent has more Friends than you, this
    card's power is doubled" (a continuous ability, 702; doubled after its other changes, 507)."""
    assert automated(card_db, "SB80")
    st = stacked_game(game)
    odd = place(game, st, "SB80", 0, "home0")
    place(game, st, "PR12", 1, "home1")
    assert pw(game, st, odd) == 2  # one Friend each: not more
    place(game, st, "PR12", 1, "home1")
    assert pw(game, st, odd) == 4
    st.d["cards"][odd]["cn"] = {"+1": 1}  # a +1 power counter (519.4) is doubled too
    assert pw(game, st, odd) == 6


def test_power_doubled_for_each_troublemaker_here(game, card_db):
    """SB50 Capper Dapperpaws (2 power): "This card's power is doubled for each Troublemaker here"."""
    assert automated(card_db, "SB50")
    st = stacked_game(game)
    cap = place(game, st, "SB50", 0, "prob1")
    assert pw(game, st, cap) == 2
    place(game, st, "RR11", 1, "prob1", face_down=True)
    assert pw(game, st, cap) == 2  # 505.2: a face-down Troublemaker can't be referenced
    place(game, st, "RR11", 1, "prob1")
    assert pw(game, st, cap) == 4
    place(game, st, "RR11", 0, "prob1")
    assert pw(game, st, cap) == 8
    place(game, st, "RR11", 1, "prob0")  # at another Problem: not here
    assert pw(game, st, cap) == 8


def test_power_doubled_for_each_other_pukwudgie(game, card_db):
    """FF120 Pukwudgie, Strength in Numbers (4 power): "Double this card's power for each other
    Pukwudgie in play" (Pukwudgie is the title, 201.3a: LL56 Pukwudgie, Prickly Pest is one)."""
    assert automated(card_db, "FF120")
    st = stacked_game(game)
    puk = place(game, st, "FF120", 1, "prob0")
    assert pw(game, st, puk) == 4
    place(game, st, "LL56", 0, "home0")  # an opponent's Pukwudgie counts ("in play")
    assert pw(game, st, puk) == 8
    place(game, st, "PR12", 0, "home0")
    assert pw(game, st, puk) == 8


def test_double_that_friends_power(game, card_db):
    """LL104 Clouded By Anger (on a Friend): "Double that Friend's power" (and it loses its abilities)."""
    assert automated(card_db, "LL104")
    st = stacked_game(game)
    f = place(game, st, "PR12", 1, "home1")
    other = place(game, st, "PR12", 1, "home1")
    place(game, st, "LL104", 0, "home1", host=f)
    assert (pw(game, st, f), pw(game, st, other)) == (4, 2)
