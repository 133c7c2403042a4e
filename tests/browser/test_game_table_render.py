"""The game table drawn from real engine payloads (tests/fixtures/table/, made by
scripts/table_fixtures.py): every decision kind becomes a prompt naming its rule, cards can be selected
and offer the server's legal actions, hidden cards stay backs, and axe-core finds no serious
accessibility violation.  Screenshots at 1280x800 and 844x390 go to var/screenshots/."""
from __future__ import annotations

import pytest

from tests.browser.table_helpers import axe_violations, fixture, open_offline, shot

pytestmark = [pytest.mark.browser]

DESKTOP = {"width": 1280, "height": 800}
PHONE_SIDEWAYS = {"width": 844, "height": 390}


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


def test_main_phase_offers_the_selected_cards_legal_actions(table_page):
    page = table_page()
    state = fixture("main_p0")
    open_offline(page, state)
    assert page.locator(".seat-bottom").inner_text().count("Ann") == 1
    tank = [c for c in state["view"]["players"][0]["hand"] if c["number"] == "EO21"][0]
    card = page.locator(f'[data-card="{tank["id"]}"]')
    assert "LOYALTY" in card.inner_text().upper()  # the colour band names the colour
    card.click()
    labels = page.locator(".prompt .opts .btn").all_inner_texts()
    assert "Play to your home" in labels
    assert any(label.startswith("Play to Runaway Cart") for label in labels)
    assert page.locator(".drop.target").count() == 3  # home and both Problems
    assert page.locator(".prompt .btn.pass").is_visible()
    assert "Tank" in page.locator(".detail-box").inner_text()
    shot(page, "table-desktop-main")
    assert axe_violations(page) == []
    assert page.js_errors == []


@pytest.mark.parametrize("name, words", [
    ("setup_problem_p0", "Starting Problem"),
    ("mulligan_p0", "mulligan"),
    ("may_p0", "You may"),
    ("target_p0", "Choose a target"),
    ("kind_order_p1", "triggered effects"),
    ("kind_discard_down_p1", "discard"),
    ("kind_challenge_p0", "Challenge"),
    ("kind_confront_order_p1", "confront first"),
])
def test_each_decision_is_a_prompt_naming_its_rule(table_page, name, words):
    page = table_page()
    state = fixture(name)
    open_offline(page, state)
    prompt = page.locator(".prompt .decision")
    assert words.lower() in prompt.inner_text().lower()
    rule = state["view"]["pending"]["rule"]
    assert rule in prompt.inner_text()
    assert prompt.locator(".btn").count() == len(state["view"]["pending"]["options"])
    assert page.js_errors == []


def test_an_any_order_decision_says_which_card_goes_where(table_page):
    """Cards put back "in any order" are ordered one pick at a time (the top card first); the prompt says so."""
    page = table_page()
    state = fixture("kind_target_p1")
    assert state["view"]["pending"]["op"] == "reorder_top"
    open_offline(page, state)
    hint = page.locator(".prompt .decision").inner_text()
    assert "in any order" in hint and "top card first" in hint
    assert page.js_errors == []


def test_the_waiting_player_sees_why_the_game_waits(table_page):
    page = table_page()
    open_offline(page, fixture("may_waiting_p1"))
    assert "Waiting for Ann" in page.locator(".prompt").inner_text()
    assert page.locator(".seat-top .tag.t-act").is_visible()


def test_game_over_names_the_winner_for_both(table_page):
    for name, words in (("game_over_p0", "Bob wins"), ("game_over_p1", "You win!")):
        page = table_page()
        open_offline(page, fixture(name))
        assert words in page.locator(".gameover").inner_text()


def test_phone_held_sideways_shows_board_prompt_and_pass(table_page):
    page = table_page(PHONE_SIDEWAYS, is_mobile=True, has_touch=True)
    open_offline(page, fixture("midgame_p1"))
    assert page.locator(".prompt .btn.pass").is_visible()
    assert page.locator(".board").is_visible()
    shot(page, "table-phone-sideways-main")
    assert axe_violations(page) == []


def test_spectator_and_judge_views_are_read_only(table_page):
    page = table_page()
    open_offline(page, fixture("main_spectator"))
    assert page.locator(".tag.t-role").inner_text() == "Spectating"
    assert page.locator(".prompt .btn").count() == 0
    page = table_page()
    open_offline(page, fixture("main_judge"))
    assert page.locator(".judge-box").is_visible()
    shot(page, "table-desktop-judge")
    assert axe_violations(page) == []


def _tab_to(page, selector: str, limit: int = 80) -> None:
    for _ in range(limit):
        page.keyboard.press("Tab")
        if page.evaluate("s => document.activeElement && document.activeElement.matches(s)", selector):
            return
    raise AssertionError(f"Tab never reached {selector}")


def test_a_whole_action_by_keyboard_alone_with_visible_focus(table_page):
    page = table_page()
    state = fixture("main_p0")
    posts: list = []
    open_offline(page, state, posts=posts, action_url="/api/play/games/1/actions/")
    tank = [c for c in state["view"]["players"][0]["hand"] if c["number"] == "EO21"][0]
    _tab_to(page, f'[data-card="{tank["id"]}"]')
    outline = page.evaluate("() => getComputedStyle(document.activeElement).outlineStyle")
    assert outline != "none"  # focus is visible
    page.keyboard.press("Enter")
    assert page.locator(f'[data-card="{tank["id"]}"]').get_attribute("aria-pressed") == "true"
    _tab_to(page, '.drop-btn[data-area="prob0"]')
    page.keyboard.press("Enter")
    page.wait_for_function("n => document.querySelector('.toast.show')")
    assert posts == [{"url": "/api/play/games/1/actions/",
                      "body": {"seq": state["seq"], "action": {"area": "prob0", "card": tank["id"], "kind": "play"}}}]
    page.keyboard.press("Escape")


def test_a_decision_is_answered_by_keyboard(table_page):
    page = table_page()
    state = fixture("may_p0")
    posts: list = []
    open_offline(page, state, posts=posts, action_url="/x/")
    _tab_to(page, ".prompt [data-choose='true']")
    page.keyboard.press("Enter")
    page.wait_for_function("() => document.querySelector('.toast.show')")
    assert posts[0]["body"]["action"] == {"kind": "choose", "option": True}


def test_manual_effects_offer_the_vocabulary_and_send_what_was_chosen(table_page):
    page = table_page()
    state = fixture("main_p0")
    posts: list = []
    open_offline(page, state, posts=posts, action_url="/x/")
    mane = state["view"]["areas"]["home0"][0]
    page.locator("summary", has_text="Apply an effect by hand").click()
    form = page.locator("form.manual-form")
    form.locator("select[name=op]").select_option("ready")
    form.locator("select[name=target]").select_option(mane["id"])
    form.get_by_role("button", name="Apply").click()
    page.wait_for_function("() => document.querySelector('.toast.show')")
    assert posts[0]["body"]["action"] == {"kind": "manual_effect", "effect": {"op": "ready"}, "target": mane["id"]}


def test_an_unautomated_card_says_so_and_shows_its_text(table_page):
    page = table_page()
    state = fixture("main_p0")
    open_offline(page, state)
    bobs_mane = state["view"]["areas"]["home1"][0]
    assert state["cards"][bobs_mane["key"]]["automated"] is False
    frame = page.locator(f'[data-card="{bobs_mane["id"]}"]')
    assert "Manual" in frame.inner_text()
    frame.hover()
    note = page.locator(".detail-box .manual-note")
    assert "Not automated" in note.inner_text()
    assert state["cards"][bobs_mane["key"]]["manual_lines"][0][:30] in note.inner_text()


def test_the_discard_pile_is_browsable(table_page):
    page = table_page()
    state = fixture("random_late_p0")
    open_offline(page, state)
    page.locator('[data-pile="discard0"]').click()
    dialog = page.locator("dialog[open]")
    assert "discard pile" in dialog.inner_text()
    assert dialog.locator(".pile-card").count() == len(state["view"]["players"][0]["discard"])
    page.keyboard.press("Escape")


def _main_with(change) -> dict:
    state = fixture("main_p0")
    change(state)
    return state


def test_card_states_are_words_and_shapes_not_only_colour(table_page):
    def change(s):
        mane = s["view"]["areas"]["home0"][0]
        mane.update(exhausted=True, frightened=True, counters={"+1": 2}, boosted=True, power=3)
        s["view"]["areas"]["prob1"].append({"id": "c999", "face_down": True, "type": "Troublemaker", "controller": 1, "area": "prob1"})

    state = _main_with(change)
    page = table_page()
    open_offline(page, state)
    mane = state["view"]["areas"]["home0"][0]
    frame = page.locator(f'[data-card="{mane["id"]}"]')
    text = frame.inner_text()
    assert "Exhausted" in text and "Frightened" in text and "Boosted" in text and "+1 power \u00d72" in text
    assert "rotate" in frame.evaluate("e => getComputedStyle(e).transform") or "matrix" in frame.evaluate("e => getComputedStyle(e).transform")
    label = frame.get_attribute("aria-label")
    assert "exhausted" in label and "frightened" in label and "boosted" in label
    frame.hover()
    boosted_text = state["cards"][mane["key"]]["boosted"]["text"].split("\n")[0]
    assert boosted_text[:40] in page.locator(".detail-box").inner_text()  # the boosted side (301.2)
    back = page.locator('[data-card="c999"]')
    assert "Face-down Troublemaker" in back.inner_text()  # a card back: its identity stays hidden (505.1d)


def test_clocks_count_down_and_time_called_is_shown(table_page):
    from datetime import datetime, timedelta, timezone

    soon = (datetime.now(timezone.utc) + timedelta(seconds=90)).isoformat()
    later = (datetime.now(timezone.utc) + timedelta(minutes=3)).isoformat()

    def change(s):
        s["clocks"] = {"decision": {"seat": 0, "deadline": soon}, "round": {"ends_at": later, "time_called": True, "extra_turns_left": 1},
                       "paused": False}

    page = table_page()
    open_offline(page, _main_with(change))
    decision = page.locator('[data-clock="decision"]')
    first = decision.inner_text()
    assert first.startswith("1:") or first.startswith("1:2")
    page.wait_for_timeout(1500)
    assert decision.inner_text() != first
    assert page.locator('[data-clock="round"]').inner_text().startswith("2:")
    assert "Time called \u2014 1 extra turn" in page.locator(".table-bar").inner_text()


def test_concede_asks_for_confirmation_and_a_judge_can_be_called(table_page):
    page = table_page()
    posts: list = []
    open_offline(page, fixture("main_p0"), posts=posts, concede_url="/api/play/matches/1/concede/",
                 call_judge_url="/api/play/games/1/call-judge/")
    page.get_by_role("button", name="Concede").click()
    dialog = page.locator("dialog[open]")
    assert "Concede this game?" in dialog.inner_text()
    dialog.get_by_role("button", name="Keep playing").click()
    assert posts == []
    page.get_by_role("button", name="Concede").click()
    page.locator("dialog[open]").get_by_role("button", name="Concede").click()
    page.wait_for_function("() => document.querySelector('.toast.show')")
    assert posts[-1]["url"] == "/api/play/matches/1/concede/"
    page.get_by_role("button", name="Call a judge").click()
    page.locator("dialog[open] textarea").fill("My opponent's card did not trigger")
    page.locator("dialog[open]").get_by_role("button", name="Call a judge").click()
    page.wait_for_function("() => document.querySelector('.toast.show')")
    page.wait_for_timeout(300)
    assert posts[-1] == {"url": "/api/play/games/1/call-judge/", "body": {"message": "My opponent's card did not trigger"}}


def test_the_log_links_card_names_to_their_text(table_page):
    page = table_page()
    state = fixture("may_p0")
    open_offline(page, state)
    link = page.locator(".log .cardlink", has_text="Tank, Burrower").first
    link.click()
    assert "When this card enters play, you may draw a card" in page.locator(".detail-box").inner_text()


@pytest.mark.parametrize("name, kind, words", [
    ("action_activate_p0", "activate", "Use: "),
    ("action_play_troublemaker_p0", "play_troublemaker", "face-down"),
    ("action_rally_p1", "rally", "Rally"),
])
def test_every_action_kind_is_offered_in_words_on_its_card(table_page, name, kind, words):
    page = table_page()
    state = fixture(name)
    open_offline(page, state)
    action = next(a for a in state["legal_actions"] if a["kind"] == kind)
    page.locator(f'.board-box [data-card="{action["card"]}"]').click()
    labels = page.locator(".prompt .opts .btn").all_inner_texts()
    assert any(words in label for label in labels), labels
    assert page.js_errors == []


PHONE_UPRIGHT = {"width": 390, "height": 844}


@pytest.mark.parametrize("name", ["kind_confront_order_p1", "main_p0"])
def test_on_a_phone_held_upright_confront_texts_and_prompts_are_not_cut_off(table_page, name):
    page = table_page(PHONE_UPRIGHT, is_mobile=True, has_touch=True)
    state = fixture(name)
    open_offline(page, state)
    # each Problem's confront requirement, opponents' power and bonus are inside its frame, not clipped (611.2)
    clipped = page.evaluate("""() => [...document.querySelectorAll('.card.problem')].filter((c) => {
        const box = c.getBoundingClientRect();
        return c.scrollHeight > c.clientHeight + 1
          || [...c.querySelectorAll('.preq, .popp, .bonus')].some((t) => t.getBoundingClientRect().bottom > box.bottom + 1);
    }).map((c) => c.innerText)""")
    assert page.locator(".card.problem").count() >= 2
    assert clipped == []
    assert "Confront:" in page.locator(".card.problem").first.inner_text()
    # the prompt's texts wrap inside the screen: nothing wider than the phone, no sideways scrolling
    wide = page.evaluate("""() => [...document.querySelectorAll('.prompt *, .drop-btn')].filter((e) => e.getBoundingClientRect().right > window.innerWidth + 1 || e.scrollWidth > e.clientWidth + 1 && getComputedStyle(e).overflow === 'hidden').map((e) => e.innerText)""")
    assert wide == []
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE_UPRIGHT["width"] + 1
    assert page.locator(".prompt").is_visible()
    shot(page, f"table-phone-upright-{name}")
    assert page.js_errors == []
