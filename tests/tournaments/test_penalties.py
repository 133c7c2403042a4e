"""Tournament Penalties: escalation, Game Loss effects, disqualification, deck-list penalties, appeals."""
from __future__ import annotations

import random

import pytest

from tournaments import services
from tournaments.models import Penalty, Registration
from tournaments.services import EventError, NotPermitted

pytestmark = pytest.mark.django_db


def _a_match(rnd):
    return rnd.matches.filter(player_b__isnull=False).order_by("table").first()


def test_a_second_game_warning_for_the_same_infraction_becomes_a_game_loss(paired_round, floor_judge, act):
    # Game Warning: "The second Game Warning for the same violation during a tournament will result in a Game Loss."
    event, regs, rnd = paired_round()
    m = _a_match(rnd)
    p = m.player_a
    first = act(services.penalty_issue, event=event, registration=p, by=floor_judge, kind="game_warning", infraction="Slow play")
    other = act(services.penalty_issue, event=event, registration=p, by=floor_judge, kind="game_warning", infraction="Looking at extra cards")
    # The same penalty in the same round is asked about first (a second incident, not a double tap).
    with pytest.raises(EventError, match="issue again"):
        act(services.penalty_issue, event=event, registration=p, by=floor_judge, kind="game_warning", infraction="slow play")
    second = act(services.penalty_issue, event=event, registration=p, by=floor_judge, kind="game_warning", infraction="slow play",
                 issue_again=True)
    assert (first.kind, other.kind) == ("game_warning", "game_warning")
    assert second.kind == "game_loss" and second.escalated
    m.refresh_from_db()
    assert m.status == "final" and m.result == "b" and m.result_source == "penalty"


def test_a_game_loss_gives_the_opponent_the_game(paired_round, floor_judge, act):
    event, regs, rnd = paired_round()
    m = _a_match(rnd)
    pen = act(services.penalty_issue, event=event, registration=m.player_b, by=floor_judge, kind="game_loss", infraction="Drawing extra cards")
    m.refresh_from_db()
    assert m.result == "a" and "to " + m.player_a.name in pen.applied


def test_if_both_players_get_a_game_loss_in_the_same_game_both_lose(paired_round, floor_judge, act):
    event, regs, rnd = paired_round()
    m = _a_match(rnd)
    act(services.penalty_issue, event=event, registration=m.player_a, by=floor_judge, kind="game_loss", infraction="Drawing extra cards")
    act(services.penalty_issue, event=event, registration=m.player_b, by=floor_judge, kind="game_loss", infraction="Marked cards with pattern")
    m.refresh_from_db()
    assert m.result == "double_loss"
    from tournaments.pairing_adapter import event_standings

    lines = {s.id: s for s in event_standings(event)}
    assert lines[str(m.player_a_id)].losses == 1 and lines[str(m.player_b_id)].losses == 1


def test_when_both_players_are_late_both_penalties_say_both_lose(paired_round, act):
    # Tardiness, then Game Loss: "If both players receive a Game Loss penalty during the same game then both
    # players will receive a loss" - neither penalty may still read "game and match to" the other player.
    from datetime import timedelta

    from django.utils import timezone

    event, regs, rnd = paired_round()
    m = _a_match(rnd)
    for other in rnd.matches.exclude(pk=m.pk).filter(player_b__isnull=False):
        for side in ("a", "b"):
            act(services.match_mark_present, match=other, by=getattr(other, f"player_{side}").player, side=side)
    act(services.deadlines_sweep, now=timezone.now() + timedelta(minutes=6))
    m.refresh_from_db()
    assert m.result == "double_loss"
    applied = list(Penalty.objects.filter(match=m).values_list("infraction", "applied"))
    assert applied == [("Tardiness", "both players received a Game Loss in the same game: both lose")] * 2


def _best_of_three(rnd, m):
    rnd.best_of = 3
    rnd.save(update_fields=["best_of"])
    m.refresh_from_db()
    return m


def test_best_of_three_game_losses_in_the_same_game_make_both_lose_that_game(paired_round, floor_judge, act):
    # Game Loss: "If both players receive a Game Loss penalty during the same game then both players will
    # receive a loss" — in a best-of-three the game is nobody's, the match goes on.
    event, regs, rnd = paired_round()
    m = _best_of_three(rnd, _a_match(rnd))
    act(services.penalty_issue, event=event, registration=m.player_a, by=floor_judge, kind="game_loss", infraction="Drawing extra cards")
    m.refresh_from_db()
    assert (m.games_a, m.games_b, m.status) == (0, 1, "running")
    pen = act(services.penalty_issue, event=event, registration=m.player_b, by=floor_judge, kind="game_loss", infraction="Marked cards with pattern")
    m.refresh_from_db()
    assert (m.games_a, m.games_b, m.games_lost_by_both, m.status) == (0, 0, 1, "running")
    assert "both lose" in pen.applied
    assert Penalty.objects.get(registration=m.player_a, match=m).applied == pen.applied
    # A later Game Loss is a new game: the opponent wins it.
    act(services.penalty_issue, event=event, registration=m.player_b, by=floor_judge, kind="game_loss", infraction="Slow play")
    m.refresh_from_db()
    assert (m.games_a, m.games_b, m.games_lost_by_both) == (1, 0, 1)


def test_best_of_three_match_ended_by_a_game_loss_reopens_when_both_lost_that_game(paired_round, floor_judge, act):
    event, regs, rnd = paired_round()
    m = _best_of_three(rnd, _a_match(rnd))
    for infraction in ("Drawing extra cards", "Marked cards"):
        act(services.penalty_issue, event=event, registration=m.player_a, by=floor_judge, kind="game_loss", infraction=infraction)
    m.refresh_from_db()
    assert (m.games_a, m.games_b, m.status, m.result) == (0, 2, "final", "b")
    pen = act(services.penalty_issue, event=event, registration=m.player_b, by=floor_judge, kind="game_loss", infraction="Unsporting conduct")
    m.refresh_from_db()
    assert (m.games_a, m.games_b, m.games_lost_by_both, m.status, m.result) == (0, 1, 1, "running", "")
    assert "the match goes on" in pen.applied
    assert event.audit.filter(action="match reopened").exists()


def test_a_game_loss_between_games_applies_to_the_next_game(paired_round, organiser, floor_judge, act):
    event, regs, rnd = paired_round()
    m = _a_match(rnd)
    act(services.match_record_result, match=m, by=floor_judge, result="a")
    pen = act(services.penalty_issue, event=event, registration=m.player_a, by=floor_judge, kind="game_loss", infraction="Unsporting conduct")
    assert "next game" in pen.applied
    for other in rnd.matches.exclude(status="final"):
        act(services.match_record_result, match=other, by=floor_judge, result="a")
    r2 = act(services.round_start_next, event=event.__class__.objects.get(pk=event.pk), by=organiser)
    nxt = r2.matches.get(**{"player_a": m.player_a} if r2.matches.filter(player_a=m.player_a).exists() else {"player_b": m.player_a})
    if nxt.player_b_id:
        assert nxt.status == "final" and nxt.winner != m.player_a
        assert Registration.objects.get(pk=m.player_a_id).pending_game_losses == 0


def test_only_the_head_judge_disqualifies_and_a_disqualified_player_is_dropped(paired_round, floor_judge, head_judge, act):
    event, regs, rnd = paired_round()
    m = _a_match(rnd)
    with pytest.raises(NotPermitted, match="Only the head judge"):
        act(services.penalty_issue, event=event, registration=m.player_a, by=floor_judge, kind="disqualification", infraction="Cheating")
    act(services.penalty_issue, event=event, registration=m.player_a, by=head_judge, kind="disqualification", infraction="Cheating")
    reg = Registration.objects.get(pk=m.player_a_id)
    m.refresh_from_db()
    assert reg.status == "disqualified" and m.result == "b"


def test_players_cannot_issue_penalties(paired_round, act):
    event, regs, rnd = paired_round()
    m = _a_match(rnd)
    with pytest.raises(NotPermitted):
        act(services.penalty_issue, event=event, registration=m.player_b, by=m.player_a.player, kind="game_loss", infraction="x")


def test_deck_list_penalties_follow_the_decklist_class_once_per_decklist(make_event, organiser, head_judge, players, act):
    # Deck Lists: incorrect → Game Warning, invalid → Game Loss; "only be issued and corrected once per decklist".
    from decks.services import decklist_submit
    from tournaments.demo_decks import legal_harmony_deck

    event = make_event(tier=2)
    act(services.event_open_registration, event=event, by=organiser)
    regs = [act(services.registration_create, event=event, player=p) for p in players[:4]]
    rng = random.Random(5)
    for r in regs[1:]:
        decklist_submit(event=event, player=r.player, data=legal_harmony_deck(event=event, rng=rng))
    deck = legal_harmony_deck(event=event, rng=rng)
    deck[1]["qty"] = 4  # 101.2: at most three copies → an invalid deck list
    decklist_submit(event=event, player=regs[0].player, data=deck)
    pen = act(services.penalty_for_decklist, event=event, registration=regs[0], by=head_judge)
    assert pen.kind == "game_loss" and pen.infraction == "Invalid deck list"
    with pytest.raises(EventError, match="one penalty per decklist"):
        act(services.penalty_for_decklist, event=event, registration=regs[0], by=head_judge)
    assert act(services.penalty_for_decklist, event=event, registration=regs[1], by=head_judge) is None
    assert Penalty.objects.filter(event=event).count() == 1


def test_a_player_appeals_and_the_head_judge_decision_is_final(paired_round, floor_judge, head_judge, act):
    # Judges: "A player may appeal a ruling by a Floor Judge ... A Head Judge's ruling in a tournament is final."
    event, regs, rnd = paired_round()
    m = _a_match(rnd)
    appeal = act(services.appeal_file, event=event, by=m.player_a.player, ruling="Card X can't be played", floor_judge=floor_judge, match=m)
    with pytest.raises(NotPermitted):
        act(services.appeal_decide, appeal=appeal, by=floor_judge, upheld=False, decision="no")
    act(services.appeal_decide, appeal=appeal, by=head_judge, upheld=False, decision="Card X may be played: 503.2")
    appeal.refresh_from_db()
    assert appeal.status == "overturned" and appeal.decided_by == head_judge
    with pytest.raises(EventError, match="final"):
        act(services.appeal_decide, appeal=appeal, by=head_judge, upheld=True, decision="changed my mind")


def test_an_identical_penalty_twice_in_a_round_is_refused_with_who_issued_the_first(paired_round, floor_judge, head_judge, act):
    event, regs, rnd = paired_round()
    p = _a_match(rnd).player_a
    act(services.penalty_issue, event=event, registration=p, by=floor_judge, kind="procedural_error", infraction="Marked cards")
    with pytest.raises(EventError, match=r"already has a Procedural Error for Marked cards this round .*by floor_judge"):
        act(services.penalty_issue, event=event, registration=p, by=head_judge, kind="procedural_error", infraction="marked cards ")
    act(services.penalty_issue, event=event, registration=p, by=head_judge, kind="procedural_error", infraction="Marked cards", issue_again=True)
    assert Penalty.objects.filter(registration=p, kind="procedural_error").count() == 2
