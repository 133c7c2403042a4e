"""``MLPGame.card_faces(view)``: the printed faces the game table draws its card frames from.  Only cards
the view shows are described, so an opposing face-down Troublemaker or a hidden hand stays hidden
(505.1d, 404.1); manual (not automated) text is named so the table can offer manual effects."""
from __future__ import annotations

import json

from gameplay.engine.api import Action
from gameplay.engine.mlp.scenario import place, stacked_game


def test_it_describes_every_card_the_view_shows_with_its_printed_face(game):
    st = stacked_game(game, decks=(["EO21"], None))
    view = game.view(st, 0)
    faces = game.card_faces(view)
    tank = next(c for c in view["players"][0]["hand"] if c["number"] == "EO21")
    face = faces[tank["key"]]
    assert face["front"]["title"] == "Tank" and face["front"]["subtitle"] == "Burrower"
    assert face["front"]["cost"] == 2 and face["front"]["power"] == 2 and face["front"]["colors"] == ["Loyalty"]
    assert "enters play, you may draw a card" in face["front"]["text"]
    problem = view["areas"]["prob0"][0]
    assert faces[problem["key"]]["front"]["problem_requirements"] == [
        {"color": "Honesty", "amount": 1}, {"color": "Not Honesty", "amount": 1}]
    json.dumps(faces)  # sent as JSON in every state message


def test_the_opponents_hand_and_face_down_troublemakers_get_no_face(game):
    st = stacked_game(game, decks=(["EO21"], ["PR60"]))
    place(game, st, "PR153", 1, "prob0", face_down=True)  # Brown Parasprite, a Troublemaker
    ann_view = game.view(st, 0)
    faces = game.card_faces(ann_view)
    bob_hand_keys = {c["key"] for c in game.view(st, 1)["players"][1]["hand"]}
    ann_shown = {c["key"] for cards in ann_view["areas"].values() for c in cards if c.get("key")}
    ann_shown |= {c["key"] for c in ann_view["players"][0]["hand"]}
    assert set(faces) <= ann_shown
    assert not (bob_hand_keys - ann_shown) & set(faces)
    tm = [c for c in ann_view["areas"]["prob0"] if c.get("face_down")]
    assert tm and "key" not in tm[0]


def test_manual_text_is_named(game):
    manual = next(c for c in game.db.cards.values() if not c.automated and c.front.type == "Friend")
    st = stacked_game(game)
    place(game, st, manual.number, 0, "home0")
    faces = game.card_faces(game.view(st, 0))
    assert faces[manual.key]["automated"] is False
    assert faces[manual.key]["manual_lines"]


def test_the_table_journeys_stacked_game_reaches_15_points_through_every_step(game):
    from tests.browser.table_policy import choose_action, decks

    st = game.new_game(decks(), seed=7, names=("Ann", "Bob"), stacked=True, first_player=0)
    seen = set()
    for _ in range(400):
        if st.outcome:
            break
        p = game.to_move(st)
        payload = {"view": game.view(st, p), "legal_actions": [a.to_dict() for a in game.legal_actions(st, p)]}
        a = choose_action(payload, p)
        pend = st.pending
        seen.add(pend["kind"] if pend else a["kind"])
        st, events = game.apply(st, Action.from_dict({**a, "player": p}))
        seen |= {e["type"] for e in events}
    assert st.outcome == {"winner": 0, "reason": "reached 15 points (103.2)", "draw": False}
    assert {"mulligan", "starting_problem", "play", "move", "confront", "faceoff", "may"} <= seen


def test_each_ability_text_is_listed_by_the_index_activate_names(game):
    card = game.db.number("AD20")  # "Main Phase: Pay [1] to unfrighten a Friend."
    st = stacked_game(game)
    place(game, st, "AD20", 0, "home0")
    faces = game.card_faces(game.view(st, 0))
    assert faces[card.key]["front"]["abilities"][0].startswith("Main Phase: Pay [1] to unfrighten a Friend")
