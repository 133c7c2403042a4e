"""The game table draws a Neopets Battledome game (static/gameplay/neopets.js) from real engine payloads
(tests/fixtures/table/neopets_*.json, made by scripts/table_fixtures_neopets.py): both mats as the rules
lay them out (6.1-6.11), hidden Inventories as card backs (9.10b), the dice battle (7.5), every decision
as a prompt naming its rule, actions from the server's legal actions by click, drop and keyboard, and
axe-core finds no serious accessibility violation.  Screenshots go to var/screenshots/."""
from __future__ import annotations

import json

import pytest

from tests.browser.table_helpers import FIXTURES, axe_violations, fixture, open_offline, shot

pytestmark = [pytest.mark.browser]

DESKTOP = {"width": 1280, "height": 800}
PHONE_SIDEWAYS = {"width": 844, "height": 390}
PHONE_UPRIGHT = {"width": 390, "height": 844}
DECISIONS = sorted(p.stem[len("neopets_"):] for p in FIXTURES.glob("neopets_kind_*.json"))


@pytest.fixture
def table_page(chromium):
    contexts = []

    def make(viewport=DESKTOP, **kw):
        ctx = chromium.new_context(viewport=viewport, **kw)
        contexts.append(ctx)
        page = ctx.new_page()
        page.set_default_timeout(10_000)
        errors: list[str] = []
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.js_errors = errors
        return page

    yield make
    for c in contexts:
        c.close()


def _neopet(state: dict, seat: int) -> dict:
    return state["view"]["players"][seat]["neopet"]


def test_both_mats_show_the_active_neopets_stats_slots_and_piles(table_page):
    page = table_page()
    state = fixture("neopets_round2_p0")
    open_offline(page, state)
    assert page.locator(".table-app").get_attribute("data-game") == "neopets"
    for seat, where in ((0, "bottom"), (1, "top")):
        n = _neopet(state, seat)
        frame = page.locator(f'.nmat-{where} .nactive [data-card="{n["id"]}"]')
        text = frame.inner_text()
        assert n["name"] in text
        for short, key in (("ATK", "attack"), ("DEF", "defence"), ("AGI", "agility")):
            assert f"{short}\n{n['stats'][key]}" in text or f"{short}{n['stats'][key]}" in text.replace(" ", "")
        left = n["stats"]["hit_points"] - n["damage"]
        assert f"{left}/{n['stats']['hit_points']}" in text  # Hit Points left (5.3a.4, 7.5h)
        assert f"Level {n['level']}" in text
        mat = page.locator(f".nmat-{where}")
        assert mat.locator(".nzone-stones .nslot").count() == 5  # five Codestone Slots (5.14c.3)
        assert mat.locator(".nzone-equip .nslot").count() == 3  # three Equipment Slots (5.8d.2)
        assert "BATTLEDOME" in mat.inner_text().upper() and "PLAY AREA" in mat.inner_text().upper()
        pl = state["view"]["players"][seat]
        strip = mat.locator(".nseat").inner_text()
        assert f"{pl['main_deck_size']}\nMain Deck" in strip and f"{pl['rainbow_pool_size']}\nRainbow Pool" in strip
        assert f"{pl['rounds_won']} round" in strip
    # the opponent's Inventory is a row of card backs and a count (9.10b), mine is cards
    opp = state["view"]["players"][1]
    assert page.locator(".nopp-hand .mini-back").count() == min(8, opp["inventory_size"])
    assert f"{opp['inventory_size']} cards in Bob's Inventory" in page.locator(".nopp-hand").inner_text()
    mine = state["view"]["players"][0]["inventory"]
    assert page.locator(".hand .card").count() == len(mine)
    # the round, the phase track (section 7) and the Round Results (6.11)
    centre = page.locator(".ncentre").inner_text()
    assert "Round 2" in centre and "best of three rounds" in centre
    assert page.locator(".nphases li.now").inner_text().startswith("Preparation")
    assert "knocked out" in centre and "won the round" in centre
    assert "Preparation Phase" in page.locator(".table-bar").inner_text()
    shot(page, "table-neopets-desktop-round2")
    assert axe_violations(page) == []
    assert page.js_errors == []


def test_the_opponents_face_down_neopet_is_a_card_back(table_page):
    page = table_page()
    state = fixture("neopets_opponent_face_down_p0")
    assert _neopet(state, 1) == {"face_down": True}  # the engine sends not even its id (1.2e, 9.10b)
    open_offline(page, state)
    assert "Face-down Neopet" in page.locator(".nmat-top .nactive").inner_text()
    assert page.locator(".nmat-top .nactive [data-card]").count() == 0
    assert page.locator(".tray .card.option").count() == len(state["view"]["pending"]["options"])


@pytest.mark.parametrize("name", DECISIONS)
def test_each_decision_is_a_prompt_naming_its_rule(table_page, name):
    page = table_page()
    state = fixture(f"neopets_{name}")
    open_offline(page, state)
    pend = state["view"]["pending"]
    prompt = page.locator(".prompt .decision")
    text = prompt.inner_text()
    assert pend["rule"].replace("10 ", "") in text
    assert "Decide:" not in text  # every kind has its own words
    buttons = prompt.locator(".opts .btn")
    assert buttons.count() == len(pend["options"])
    labels = buttons.all_inner_texts()
    assert not any(label.startswith("c") and label[1:].isdigit() for label in labels), labels  # cards by name
    cards = [o for o in pend["options"] if isinstance(o, str) and o in pend.get("cards", {})]
    if not cards:  # (two copies of a card in a Discard are alike; other options never are)
        assert len(set(labels)) == len(labels), labels
    assert page.js_errors == []


def test_a_decision_answer_sends_the_chosen_option(table_page):
    page = table_page()
    state = fixture("neopets_kind_agility_reroll_p1")
    posts: list = []
    open_offline(page, state, posts=posts, action_url="/x/")
    pend = state["view"]["pending"]
    prompt = page.locator(".prompt .decision")
    assert prompt.locator(".die").count() == len(pend["dice"])  # the dice to choose from, as dice
    prompt.get_by_role("button", name=f"Re-roll die 1 (a {pend['dice'][0]})").click()
    page.wait_for_function("() => document.querySelector('.toast.show')")
    assert posts[0]["body"]["action"] == {"kind": "choose", "option": 0}


def test_the_dice_battle_shows_each_die_and_the_damage(table_page):
    page = table_page()
    state = fixture("neopets_battle_p1")
    b = state["view"]["battle"]
    open_offline(page, state)
    box = page.locator(".faceoff-box")
    assert box.is_visible()
    assert box.locator(".dice-row").nth(0).locator(".die").count() == len(b["attack"])
    assert box.locator(".dice-row").nth(1).locator(".die").count() == len(b["defence"])
    crit = sum(1 for v in b["attack"] if v == 6)
    assert box.locator(".die-critical").count() == crit  # 7.5g.5: a 6 is a critical, said in words too
    if b.get("damage") is not None:
        assert f"{b['damage']} damage" in box.inner_text()
    labels = [box.locator(".die").nth(i).get_attribute("aria-label") for i in range(box.locator(".die").count())]
    assert all(any(w in label for w in ("critical", "hit", "miss", "block", "fail")) for label in labels)
    shot(page, "table-neopets-desktop-battle")


@pytest.mark.parametrize("name, kind, zone", [
    ("neopets_action_attach_p1", "attach", "codestones"),
    ("neopets_action_collect_p1", "collect", "play_area"),
])
def test_a_selected_card_offers_its_actions_and_the_place_it_goes(table_page, name, kind, zone):
    page = table_page()
    state = fixture(name)
    posts: list = []
    open_offline(page, state, posts=posts, action_url="/x/")
    action = next(a for a in state["legal_actions"] if a["kind"] == kind)
    page.locator(f'.board-box [data-card="{action["card"]}"]').click()
    labels = page.locator(".prompt .opts .btn").all_inner_texts()
    assert labels and all("(" in label for label in labels), labels  # in words, with the rule
    area = f"{zone}{state['viewer']['seat']}"
    assert page.locator(f'.drop.target[data-area="{area}"]').count() == 1
    page.locator(f'.drop-btn[data-area="{area}"]').click()
    page.wait_for_function("() => document.querySelector('.toast.show')")
    sent = posts[0]["body"]["action"]
    assert sent["kind"] == kind and sent["card"] == action["card"]


def test_playing_a_card_by_keyboard_alone(table_page):
    page = table_page()
    state = fixture("neopets_round2_p0")
    posts: list = []
    open_offline(page, state, posts=posts, action_url="/x/")
    action = next(a for a in state["legal_actions"] if a["kind"] == "play")
    for _ in range(120):
        page.keyboard.press("Tab")
        if page.evaluate("id => document.activeElement && document.activeElement.dataset.card === id", action["card"]):
            break
    else:
        raise AssertionError("Tab never reached the card")
    page.keyboard.press("Enter")
    first = page.locator(".prompt .opts .btn").first
    first.focus()
    page.keyboard.press("Enter")
    page.wait_for_function("() => document.querySelector('.toast.show')")
    assert posts[0]["body"]["action"]["card"] == action["card"]


def test_replacing_equipment_lists_one_action_per_slot_card(table_page):
    page = table_page()
    state = fixture("neopets_action_replace_p1")
    open_offline(page, state)
    acts = [a for a in state["legal_actions"] if a.get("replace")]
    page.locator(f'.board-box [data-card="{acts[0]["card"]}"]').click()
    labels = page.locator(".prompt .opts .btn").all_inner_texts()
    assert sum("replacing" in label and "5.8e" in label for label in labels) == len([a for a in acts if a["card"] == acts[0]["card"]])


def test_the_petpet_boost_is_offered_as_a_button(table_page):
    page = table_page()
    state = fixture("neopets_action_petpet_p0")
    open_offline(page, state)
    stats = [a["stat"] for a in state["legal_actions"] if a["kind"] == "petpet"]
    buttons = page.locator(".prompt .global-acts .btn").all_inner_texts()
    assert sum("Petpet" in b and "5.9d" in b for b in buttons) == len(stats)


def test_the_queue_shows_what_resolves_next(table_page):
    page = table_page()
    state = fixture("neopets_queue_p1")
    open_offline(page, state)
    top = state["view"]["queue"][-1]
    first = page.locator(".nqueue li").first
    assert top["label"] in first.inner_text() and "next" in first.inner_text()


def test_discard_void_and_round_results_are_browsable(table_page):
    page = table_page()
    state = fixture("neopets_round2_p0")
    open_offline(page, state)
    for pile, zone in (("discard1", "discard"), ("void0", "void")):
        page.locator(f'[data-pile="{pile}"]').click()
        dialog = page.locator("dialog[open]")
        assert dialog.locator(".pile-card").count() == len(state["view"]["players"][int(pile[-1])][zone])
        page.keyboard.press("Escape")
    page.locator('[data-pile="results0"]').click()
    assert "Round 1:" in page.locator("dialog[open]").inner_text()
    page.keyboard.press("Escape")


def test_spectators_and_judges_read_only(table_page):
    page = table_page()
    open_offline(page, fixture("neopets_round2_spectator"))
    assert page.locator(".tag.t-role").inner_text() == "Spectating"
    assert page.locator(".prompt .btn").count() == 0
    assert page.locator(".hand .card").count() == 0 and page.locator(".nopp-hand").count() == 2
    page = table_page()
    state = fixture("neopets_round2_judge")
    open_offline(page, state)
    assert page.locator(".judge-box").is_visible()
    total = sum(len(pl["inventory"]) for pl in state["view"]["players"])
    assert page.locator(".hand .card").count() == total  # the judge sees both Inventories
    assert axe_violations(page) == []


def test_game_over_names_the_winner(table_page):
    state = fixture("neopets_game_over_p0")
    winner = state["outcome"]["winner"]
    for seat in (0, 1):
        page = table_page()
        open_offline(page, fixture(f"neopets_game_over_p{seat}"))
        words = "You win!" if seat == winner else f"{('Ann', 'Bob')[winner]} wins"
        assert words in page.locator(".gameover").inner_text()
        assert "1.3a" in page.locator(".gameover").inner_text()


def test_an_unautomated_card_says_so_and_offers_the_neopets_vocabulary(table_page):
    page = table_page()
    state = json.loads((FIXTURES / "neopets_round2_p0.json").read_text())
    card = state["view"]["players"][0]["inventory"][0]
    card["automated"] = False
    posts: list = []
    open_offline(page, state, posts=posts, action_url="/x/")
    frame = page.locator(f'[data-card="{card["id"]}"]')
    assert "Manual" in frame.inner_text()
    frame.hover()
    assert "Not automated" in page.locator(".detail-box").inner_text()
    page.locator("summary", has_text="Apply an effect by hand").click()
    form = page.locator("form.manual-form")
    form.locator("select[name=op]").select_option("damage")
    form.locator("input[name=n]").fill("2")
    form.locator("select[name=to]").select_option("opponent")
    form.get_by_role("button", name="Apply").click()
    page.wait_for_function("() => document.querySelector('.toast.show')")
    assert posts[0]["body"]["action"] == {"kind": "manual_effect", "effect": {"op": "damage", "n": 2, "to": "opponent"}}


@pytest.mark.parametrize("viewport, label", [(PHONE_SIDEWAYS, "sideways"), (PHONE_UPRIGHT, "upright")])
def test_on_a_phone_the_board_prompt_and_pass_fit(table_page, viewport, label):
    page = table_page(viewport, is_mobile=True, has_touch=True)
    open_offline(page, fixture("neopets_round2_p0"))
    assert page.locator(".prompt .btn.pass").is_visible()
    assert page.locator(".nmat-bottom .nactive").is_visible() or label == "upright"
    assert page.evaluate("document.documentElement.scrollWidth") <= viewport["width"] + 1
    shot(page, f"table-neopets-phone-{label}")
    assert axe_violations(page) == []
    assert page.js_errors == []


def test_time_called_says_the_round_in_progress_is_the_last(table_page):
    # house rule (gameplay/engine/neopets/README.md): the current round is finished, then more rounds won wins
    state = json.loads((FIXTURES / "neopets_round2_p0.json").read_text())
    state["view"]["time_called"] = {"mode": "finish_round", "round": 2, "turn": state["view"]["turn"]}
    state["clocks"]["round"] = {"ends_at": None, "time_called": True, "extra_turns_left": 0}
    page = table_page()
    open_offline(page, state)
    assert "Time called \u2014 this round is the last" in page.locator(".table-bar").inner_text()
    assert "extra turn" not in page.locator(".table-bar").inner_text()  # (MLP's end-of-match turns do not apply)
    assert "Time called" in page.locator(".ncentre").inner_text()


# ------------------------------------------------------------------ Planned, counters, Bury, Look / Reveal
def _planned_play(state: dict) -> dict:
    planned = {c["id"] for c in state["view"]["players"][0]["planned"]}
    return next(a for a in state["legal_actions"] if a["kind"] == "play" and a["card"] in planned)


def test_my_planned_cards_are_shown_and_played_from_the_battledome(table_page):
    page = table_page()
    state = fixture("neopets_vocab_planned_p0")
    posts: list = []
    open_offline(page, state, posts=posts, action_url="/x/")
    card = state["view"]["players"][0]["planned"][0]
    row = page.locator(".nmat-bottom .nzone-planned")
    assert "PLANNED · 1 FACE-DOWN (6.6D)" in row.inner_text().upper()
    frame = row.locator(f'[data-card="{card["id"]}"]')
    assert card["name"] in frame.inner_text() and f"Planned t{card['planned_turn']}" in frame.inner_text()
    frame.click()
    labels = page.locator(".prompt .opts .btn").all_inner_texts()
    assert any("Planned card" in label and "6.6d" in label for label in labels), labels
    page.locator(".prompt .opts .btn", has_text="Planned card").first.click()
    page.wait_for_function("() => document.querySelector('.toast.show')")
    sent = posts[0]["body"]["action"]
    assert sent == {k: v for k, v in _planned_play(state).items() if k != "player"}
    shot(page, "table-neopets-desktop-planned")
    assert axe_violations(page) == []
    assert page.js_errors == []


def test_the_opponents_planned_cards_are_a_count_of_backs(table_page):
    page = table_page()
    state = fixture("neopets_vocab_planned_p1")
    ann = state["view"]["players"][0]
    assert ann["planned"] is None and ann["planned_size"] == 1  # the engine sends no face (6.6d, 3.4b.2)
    open_offline(page, state)
    row = page.locator(".nmat-top .nzone-planned")
    assert row.locator(".card.back").count() == ann["planned_size"]
    assert row.locator("[data-card]").count() == 0
    assert "Planned" in row.locator(".card.back").first.get_attribute("aria-label")
    assert page.locator(".nmat-bottom .nzone-planned").count() == 0  # Bob planned nothing


def test_counters_are_a_badge_and_equipment_slots_follow_the_view(table_page):
    page = table_page()
    state = fixture("neopets_vocab_planned_p0")
    open_offline(page, state)
    jar = next(c for c in state["view"]["players"][0]["equipment"] if c.get("counters"))
    frame = page.locator(f'[data-card="{jar["id"]}"]')
    assert frame.locator(".ncounters").inner_text().endswith(str(jar["counters"]))
    assert f"{jar['counters']} counters" in frame.get_attribute("aria-label")
    for seat, where in ((0, "bottom"), (1, "top")):
        slots = state["view"]["players"][seat]["equipment_slots"]
        assert page.locator(f".nmat-{where} .nzone-equip .nslot").count() == slots
    assert state["view"]["players"][0]["equipment_slots"] == 4  # Quartermaster's extra slot (9.9a)
    assert "(extra, 9.9a)" in page.locator(".nmat-bottom .nzone-equip .nslot").nth(3).get_attribute("aria-label")


@pytest.mark.parametrize("viewer, sees_name", [("p0", True), ("p1", False), ("spectator", False)])
def test_a_buried_card_is_marked_for_its_owner_and_a_back_for_others(table_page, viewer, sees_name):
    page = table_page()
    state = fixture(f"neopets_vocab_planned_{viewer}")
    discard = state["view"]["players"][0]["discard"]
    buried = next(c for c in discard if c.get("face_down"))
    assert ("name" in buried) == sees_name  # 6.8d: only the owner's view names it
    open_offline(page, state)
    page.locator('[data-pile="discard0"]').click()
    dialog = page.locator("dialog[open]")
    assert dialog.locator(".pile-card").count() == len(discard)  # it still counts (Glossary Bury)
    text = dialog.inner_text()
    if sees_name:
        assert f"{buried['name']} (Buried: face-down, only you see it, 6.8d)" in text
    else:
        assert "A Buried card (face-down, 6.8d)" in text
    page.keyboard.press("Escape")


def test_seen_this_turn_lists_looks_and_reveals_with_the_cards_each_player_may_see(table_page):
    page = table_page()
    state = fixture("neopets_vocab_seen_p1")  # Bob looked at Ann's Inventory, then Ann revealed a card
    look, reveal = state["view"]["seen"]
    open_offline(page, state)
    panel = page.locator(".nseen")
    assert "SEEN THIS TURN (9.10C)" in panel.inner_text().upper()
    items = panel.locator("li")
    assert items.count() == 2
    assert f"You look at {look['n']} cards of Ann's Inventory" in items.nth(0).inner_text()
    for c in look["cards"]:
        assert items.nth(0).locator(f'[data-show="{c["id"]}"]').count() == 1
    assert reveal["cards"][0]["name"] in items.nth(1).inner_text()
    shot(page, "table-neopets-desktop-seen")
    assert axe_violations(page) == []
    page = table_page()
    state = fixture("neopets_vocab_seen_p0")
    assert "cards" not in state["view"]["seen"][0]  # a Look's cards are the looker's alone
    open_offline(page, state)
    items = page.locator(".nseen li")
    assert "Bob looks at 5 cards of your Inventory (only they see the cards)" in items.nth(0).inner_text()
    assert items.nth(0).locator("[data-show]").count() == 0
    assert state["view"]["seen"][1]["cards"][0]["name"] in items.nth(1).inner_text()


@pytest.mark.parametrize("kind, rule", [("plan", "6.6d"), ("bury", "6.8d"), ("exhume", "6.8d"), ("reveal", "9.10c")])
def test_the_vocabulary_decisions_cite_their_rules(table_page, kind, rule):
    page = table_page()
    state = fixture(f"neopets_kind_{kind}_p0")
    open_offline(page, state)
    text = page.locator(".prompt .decision").inner_text()
    assert rule in text and kind.capitalize() in text
    if kind == "reveal":  # asked of the Inventory's owner during the opponent's turn
        assert state["view"]["active_player"] == 1 and state["view"]["pending"]["player"] == 0
        assert "Bob's effect asks you to reveal" in text and "manual effect" in text
    if kind == "plan":
        assert "Done: plan no more cards" in page.locator(".prompt .opts").inner_text()


# ------------------------------------------------------------------ named counters, Transform, dice rules, Looks at pools
def test_named_counters_a_transformed_neopet_and_a_dice_rule_are_drawn(table_page):
    page = table_page()
    state = fixture("neopets_vocab_more_p0")  # Bob attacks; Ann's Lucky Clover: defence successes from 3
    view = state["view"]
    open_offline(page, state)
    prism = next(c for c in view["players"][0]["equipment"] if c.get("named_counters"))
    frame = page.locator(f'[data-card="{prism["id"]}"]')
    badges = frame.locator(".ncounter").all_inner_texts()
    assert badges == [f"{k} {n}" for k, n in prism["named_counters"].items()]  # each kind apart
    label = frame.get_attribute("aria-label")
    assert all(f"{n} {k} counter" in label for k, n in prism["named_counters"].items())
    neo = view["players"][0]["neopet"]
    assert neo["transformed_from"] == "Demo Kacheek"
    active = page.locator(f'.nmat-bottom .nactive [data-card="{neo["id"]}"]')
    assert "Transformed" in active.inner_text()
    assert "transformed from Demo Kacheek (Glossary Transform)" in active.get_attribute("aria-label")
    assert view["battle"]["success_at"] == {"attack": 4, "defence": 3}
    panel = page.locator(".dice-row").nth(1)
    assert "2 blocks; successes from 3, a dice rule" in panel.inner_text()  # the 3s block (7.5g.2)
    assert [d.get_attribute("aria-label") for d in panel.locator(".die").all()] == ["3, block", "3, block", "1, fail"]
    shot(page, "table-neopets-desktop-vocab-more")
    assert axe_violations(page) == []
    frame.scroll_into_view_if_needed()
    shot(page, "table-neopets-desktop-vocab-more-mat")
    active.click()
    assert "Transformed from" in page.locator(".detail").inner_text()
    assert page.js_errors == []


def test_a_look_at_a_rainbow_pool_and_a_neopet_deck_names_the_zone_and_the_cards_for_the_looker(table_page):
    page = table_page()
    state = fixture("neopets_vocab_more_p1")
    pool, pets = state["view"]["seen"]
    open_offline(page, state)
    items = page.locator(".nseen li")
    assert f"You look at {pool['n']} cards of Ann's Rainbow Pool" in items.nth(0).inner_text()
    assert f"You look at {pets['n']} cards of Ann's Neopet Deck" in items.nth(1).inner_text()
    for i, s in enumerate((pool, pets)):
        for c in s["cards"]:
            assert items.nth(i).locator(f'[data-show="{c["id"]}"]').count() == 1
    page = table_page()
    state = fixture("neopets_vocab_more_p0")
    assert all("cards" not in s for s in state["view"]["seen"])  # the looker's alone (9.10b)
    open_offline(page, state)
    items = page.locator(".nseen li")
    assert "Bob looks at 2 cards of your Rainbow Pool (only they see the cards)" in items.nth(0).inner_text()
    assert items.locator("[data-show]").count() == 0


def test_the_added_vocabulary_on_an_upright_phone(table_page):
    page = table_page(viewport=PHONE_UPRIGHT)
    open_offline(page, fixture("neopets_vocab_more_p0"))
    assert page.locator(".ncounter").count() == 2 and page.locator(".t-transformed").count() == 1
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    shot(page, "table-neopets-phone-vocab-more")
    page.locator(".ncounter").first.scroll_into_view_if_needed()
    shot(page, "table-neopets-phone-vocab-more-mat")
    assert page.js_errors == []
