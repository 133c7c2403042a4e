"""The head judge's pairing edits: swap two players, pair a late arrival; audit entries and rematch warnings."""
from __future__ import annotations

import pytest

from tournaments import services
from tournaments.models import AuditEntry, Match, Registration, Round
from tournaments.services import EventError, NotPermitted

pytestmark = pytest.mark.django_db


def _two_matches(rnd):
    return list(rnd.matches.filter(player_b__isnull=False).order_by("table")[:2])


def test_the_head_judge_swaps_two_players_and_the_audit_log_keeps_before_and_after(paired_round, head_judge, floor_judge, act):
    event, regs, rnd = paired_round()
    m1, m2 = _two_matches(rnd)
    x, y = m1.player_a, m2.player_b
    with pytest.raises(NotPermitted):
        act(services.round_swap_players, round=rnd, by=floor_judge, first=x, second=y, reason="wrong seat")
    edit = act(services.round_swap_players, round=rnd, by=head_judge, first=x, second=y, reason="wrong seat")
    m1.refresh_from_db(), m2.refresh_from_db()
    assert m1.player_a_id == y.pk and m2.player_b_id == x.pk
    entry = AuditEntry.objects.get(event=event, action="swap_players")
    assert entry.actor == head_judge and entry.reason == "wrong seat" and len(entry.data["before"]) == 2
    assert edit.warnings == []


def test_a_swap_that_pairs_old_opponents_is_allowed_with_a_rematch_warning(paired_round, head_judge, organiser, floor_judge, act):
    event, regs, rnd = paired_round()
    r1 = list(rnd.matches.filter(player_b__isnull=False).order_by("table"))
    for m in rnd.matches.exclude(status="final"):
        act(services.match_record_result, match=m, by=floor_judge, result="a")
    rnd2 = act(services.round_start_next, event=event, by=organiser)
    rnd2 = Round.objects.get(pk=rnd2.pk)
    old = r1[0]
    a, b = old.player_a, old.player_b  # they met in round 1
    ma = rnd2.matches.get(player_a=a) if rnd2.matches.filter(player_a=a).exists() else rnd2.matches.get(player_b=a)
    opponent_of_a = ma.player_b if ma.player_a_id == a.pk else ma.player_a
    edit = act(services.round_swap_players, round=rnd2, by=head_judge, first=opponent_of_a, second=b, reason="test")
    assert any("Rematch" in w and "round 1" in w for w in edit.warnings)
    assert Match.objects.get(pk=ma.pk).rematch is True
    assert "Rematch" in AuditEntry.objects.get(action="swap_players").data["warnings"][0]


def test_a_match_with_a_result_is_not_edited(paired_round, head_judge, floor_judge, act):
    event, regs, rnd = paired_round()
    m1, m2 = _two_matches(rnd)
    act(services.match_record_result, match=m1, by=floor_judge, result="a")
    with pytest.raises(EventError, match="already has a result"):
        act(services.round_swap_players, round=rnd, by=head_judge, first=m1.player_a, second=m2.player_a, reason="x")


def test_a_late_arrival_is_paired_against_the_player_with_the_bye(paired_round, head_judge, organiser, act, make_user):
    event, regs, rnd = paired_round(n=7)  # seven players: one bye
    bye = rnd.matches.get(player_b__isnull=True)
    late = act(services.registration_add_late, event=event, by=organiser, player=make_user("latecomer"), policy="losses")
    edit = act(services.round_pair_late_arrival, round=rnd, by=head_judge, registration=late, reason="arrived at 10:04")
    m = edit.matches[0]
    assert (m.player_a_id, m.player_b_id, m.status) == (bye.player_a_id, late.pk, "running")
    assert not Match.objects.filter(pk=bye.pk).exists()
    assert AuditEntry.objects.filter(event=event, action="pair_late_arrival").exists()
    with pytest.raises(EventError, match="already paired"):
        act(services.round_pair_late_arrival, round=rnd, by=head_judge, registration=late)


def test_without_a_bye_a_late_arrival_needs_an_unpaired_opponent(paired_round, head_judge, act):
    event, regs, rnd = paired_round()
    with pytest.raises(EventError, match="already paired"):
        act(services.round_pair_late_arrival, round=rnd, by=head_judge, registration=Registration.objects.get(pk=regs[0].pk))
