"""Decklist submission: deadlines and locking, head-judge approved changes with an audit trail, publication,
deck checks and the penalty classes the tournaments app turns into penalties (floor rules, Deck Lists)."""
from __future__ import annotations

import datetime as dt

import pytest
from django.core.exceptions import PermissionDenied
from django.utils import timezone

from decklist_helpers import LEGAL_TEXT, deck_text
from decks import services
from decks.deckparse import DeckInputError
from decks.models import DeckCheck, Decklist, DecklistAuditEntry, DecklistChangeRequest, DecklistVersion
from decks.services import DecklistError

pytestmark = pytest.mark.django_db
TYPO = deck_text(replace=("2x Blue Jay, Warbler", "2x Blue Jay, Warblr"))
ILLEGAL = deck_text(add="1x Fluttershy")


def test_decklists_are_required_for_tier_2_and_3_and_optional_for_tier_1(make_event):
    assert [services.decklist_required(make_event(tier=t)) for t in (1, 2, 3)] == [False, True, True]


def test_a_registered_player_submits_a_legal_list_and_it_is_accepted(event, players):
    decklist, version, report = services.decklist_submit(event=event, player=players[0], data=LEGAL_TEXT)
    assert report.legal and version.number == 1 and version.kind == "submitted" and version.legal
    assert decklist.current == version and version.penalty_class == ""
    status = services.decklist_status(event, players[0])
    assert (status.submitted, status.legal, status.status, status.required, status.locked) == (True, True, "legal", True, False)


def test_a_list_with_a_typo_is_stored_flagged_and_its_penalty_class_is_game_warning(event, players):
    decklist, version, report = services.decklist_submit(event=event, player=players[0], data=TYPO)
    assert report.legal and report.flagged
    assert services.decklist_penalty_class(decklist) == "game_warning"
    assert services.decklist_status(event, players[0]).status == "incorrect"


def test_an_illegal_list_is_stored_with_its_report_and_its_penalty_class_is_game_loss(event, players):
    decklist, version, report = services.decklist_submit(event=event, player=players[0], data=ILLEGAL)
    assert not version.legal and services.decklist_penalty_class(decklist) == "game_loss"
    assert version.report["problems"][0]["rule"] == "Floor rules, Deck Lists"


def test_a_missing_decklist_has_status_missing_and_no_penalty_class(event, players):
    status = services.decklist_status(event, players[1])
    assert (status.submitted, status.status, status.penalty_class) == (False, "missing", None)


def test_the_player_replaces_the_list_before_the_deadline_and_every_version_is_kept(event, players):
    services.decklist_submit(event=event, player=players[0], data=TYPO)
    decklist, version, _ = services.decklist_submit(event=event, player=players[0], data=LEGAL_TEXT, reason="fixed a typo")
    assert version.number == 2 and version.kind == "replaced" and version.reason == "fixed a typo"
    assert list(decklist.versions.values_list("number", "legal", "penalty_class")) == [(1, True, "game_warning"), (2, True, "")]
    assert list(decklist.audit.values_list("action", flat=True)) == ["submitted", "replaced"]
    assert services.decklist_penalty_class(decklist) is None


def test_a_legal_list_is_only_replaced_by_an_illegal_one_when_the_player_confirms(event, players):
    services.decklist_submit(event=event, player=players[0], data=LEGAL_TEXT)
    with pytest.raises(services.LegalListWouldBeReplaced, match="version 1\\) is legal and this one is not") as refused:
        services.decklist_submit(event=event, player=players[0], data=ILLEGAL)
    assert not refused.value.report.legal
    decklist = Decklist.objects.get(event=event, player=players[0])
    assert decklist.versions.count() == 1 and decklist.current.legal  # nothing was saved
    _dl, version, report = services.decklist_submit(event=event, player=players[0], data=ILLEGAL, replace_legal=True)
    assert version.number == 2 and not report.legal


def test_a_player_restores_an_earlier_version_as_a_new_one_checked_again(event, players):
    services.decklist_submit(event=event, player=players[0], data=TYPO)
    dl, _v, _r = services.decklist_submit(event=event, player=players[0], data=LEGAL_TEXT)
    services.decklist_submit(event=event, player=players[0], data=ILLEGAL, replace_legal=True)
    version, report = services.decklist_restore(decklist=dl, number=2, by=players[0])
    dl.refresh_from_db()
    assert (version.number, dl.current_id, report.legal, version.reason) == (4, version.id, True, "restored version 2")
    assert DecklistAuditEntry.objects.filter(decklist=dl, action="restored", version=version).exists()
    with pytest.raises(DecklistError, match="already your registered list"):
        services.decklist_restore(decklist=dl, number=4, by=players[0])
    with pytest.raises(services.LegalListWouldBeReplaced):  # version 3 is illegal, version 4 legal
        services.decklist_restore(decklist=dl, number=3, by=players[0])
    with pytest.raises(PermissionDenied):
        services.decklist_restore(decklist=dl, number=1, by=players[1])
    with pytest.raises(DecklistError, match="no version 9"):
        services.decklist_restore(decklist=dl, number=9, by=players[0])


def test_a_player_who_is_not_registered_cannot_submit(event, players):
    with pytest.raises(PermissionDenied):
        services.decklist_submit(event=event, player=players[5], data=LEGAL_TEXT)
    assert not Decklist.objects.exists()


def test_a_tournaments_registration_also_counts_as_registered(event, players):
    from django.apps import apps

    Registration = apps.get_model("tournaments", "Registration")
    Registration.objects.create(event=event, player=players[6])
    services.decklist_submit(event=event, player=players[6], data=LEGAL_TEXT)
    assert services.player_is_registered(event, players[6])


def test_after_the_deadline_the_list_is_locked(make_event, players):
    event = make_event(deadline_in=dt.timedelta(hours=-1))
    with pytest.raises(DecklistError, match="deadline"):
        services.decklist_submit(event=event, player=players[0], data=LEGAL_TEXT)
    assert services.decklist_locked(event)


def test_without_a_deadline_lists_are_due_at_the_advertised_start(make_event, players):
    event = make_event(deadline_in=None)
    assert services.decklist_deadline(event) == event.starts_at
    services.decklist_submit(event=event, player=players[0], data=LEGAL_TEXT)
    assert services.decklist_locked(event, now=event.starts_at)


def submitted_then_locked(event, player, data=LEGAL_TEXT):
    """Submit before the deadline, then move the deadline into the past."""
    decklist, *_ = services.decklist_submit(event=event, player=player, data=data)
    event.decklist_deadline = timezone.now() - dt.timedelta(minutes=1)
    event.save()
    decklist.refresh_from_db()
    return decklist


def test_after_the_deadline_the_player_requests_a_change_and_the_head_judge_approves_it(event, players, head_judge):
    decklist = submitted_then_locked(event, players[0], TYPO)
    change, report = services.decklist_change_request(decklist=decklist, requested_by=players[0], data=LEGAL_TEXT,
                                                      reason="I misspelt Blue Jay")
    assert change.status == "pending" and report.legal
    assert decklist.current.number == 1  # nothing changes until approved
    decided = services.decklist_change_decide(change_request=change, judge=head_judge, approve=True, note="fine")
    decklist.refresh_from_db()
    assert decided.status == "approved" and decided.decided_by == head_judge and decided.decided_at
    assert decklist.current.number == 2 and decklist.current.kind == "approved_change"
    assert decklist.current.approved_by == head_judge and decklist.current.reason == "I misspelt Blue Jay"
    assert list(decklist.audit.values_list("action", "actor__username")) == [
        ("submitted", "player1"), ("change_requested", "player1"), ("change_approved", "head_judge")]


def test_the_head_judge_may_reject_a_change_and_the_list_stays(event, players, head_judge):
    decklist = submitted_then_locked(event, players[0])
    change, _ = services.decklist_change_request(decklist=decklist, requested_by=players[0], data=TYPO, reason="swap")
    services.decklist_change_decide(change_request=change, judge=head_judge, approve=False, note="no reason given")
    decklist.refresh_from_db()
    assert decklist.current.number == 1 and DecklistChangeRequest.objects.get().status == "rejected"
    with pytest.raises(DecklistError, match="already rejected"):
        services.decklist_change_decide(change_request=change, judge=head_judge, approve=True)


def test_only_the_head_judge_approves_changes(event, players, floor_judge, organiser):
    decklist = submitted_then_locked(event, players[0])
    change, _ = services.decklist_change_request(decklist=decklist, requested_by=players[0], data=TYPO, reason="swap")
    for user in (floor_judge, organiser, players[0]):
        with pytest.raises(PermissionDenied):
            services.decklist_change_decide(change_request=change, judge=user, approve=True)


def test_a_change_request_needs_a_reason_and_only_one_may_wait(event, players):
    decklist = submitted_then_locked(event, players[0])
    with pytest.raises(DecklistError, match="why"):
        services.decklist_change_request(decklist=decklist, requested_by=players[0], data=TYPO, reason=" ")
    services.decklist_change_request(decklist=decklist, requested_by=players[0], data=TYPO, reason="one")
    with pytest.raises(DecklistError, match="already waiting"):
        services.decklist_change_request(decklist=decklist, requested_by=players[0], data=TYPO, reason="two")


def test_before_the_deadline_a_change_request_is_refused_replace_instead(event, players):
    decklist, *_ = services.decklist_submit(event=event, player=players[0], data=LEGAL_TEXT)
    with pytest.raises(DecklistError, match="replace"):
        services.decklist_change_request(decklist=decklist, requested_by=players[0], data=TYPO, reason="x")


def test_once_the_event_has_started_no_change_can_be_requested_or_approved(event, players, head_judge):
    decklist = submitted_then_locked(event, players[0])
    change, _ = services.decklist_change_request(decklist=decklist, requested_by=players[0], data=TYPO, reason="x")
    later = event.starts_at + dt.timedelta(minutes=1)
    with pytest.raises(DecklistError, match="started"):
        services.decklist_change_decide(change_request=change, judge=head_judge, approve=True, now=later)
    with pytest.raises(DecklistError, match="started"):
        services.decklist_change_request(decklist=decklist, requested_by=players[0], data=TYPO, reason="y", now=later)


def test_another_player_cannot_request_a_change_to_someone_elses_list(event, players):
    decklist = submitted_then_locked(event, players[0])
    with pytest.raises(PermissionDenied):
        services.decklist_change_request(decklist=decklist, requested_by=players[1], data=TYPO, reason="x")


def test_bad_input_stores_nothing(event, players):
    for data in (b"\x00\x01binary", "<deck><section", b"x" * (20 * 1024 * 1024)):
        with pytest.raises(DeckInputError):
            services.decklist_submit(event=event, player=players[0], data=data)
    assert not Decklist.objects.exists() and not DecklistVersion.objects.exists() and not DecklistAuditEntry.objects.exists()


def test_a_bad_replacement_keeps_the_previous_version(event, players):
    services.decklist_submit(event=event, player=players[0], data=LEGAL_TEXT)
    with pytest.raises(DeckInputError):
        services.decklist_submit(event=event, player=players[0], data="<!DOCTYPE x [<!ENTITY a 'b'>]><deck/>")
    assert DecklistVersion.objects.count() == 1


def test_json_entries_are_accepted_by_guid_number_or_name(event, players):
    entries = [{"card": "935e02bc-b14d-4a49-ae4d-375f567fb3ac", "qty": 1}, {"card": "PR33", "qty": 3},
               {"card": "Yay!", "qty": 2, "section": "Events"}]
    _dl, version, report = services.decklist_submit(event=event, player=players[0], data=entries)
    assert version.source_kind == "json"
    assert [e["name"] for e in version.entries] == ["Fluttershy, Beastmaster", "Red Gala, Favorite Cousin", "Yay!"]


def test_the_organiser_publishes_the_decklists_once(event, organiser, players):
    services.decklist_submit(event=event, player=players[0], data=LEGAL_TEXT)
    event.decklist_deadline = timezone.now() - dt.timedelta(minutes=1)  # published once locked
    event.save(update_fields=["decklist_deadline"])
    first = services.decklists_publish(event=event, by=organiser)
    assert services.decklists_publish(event=event, by=organiser) == first
    with pytest.raises(PermissionDenied):
        services.decklists_publish(event=event, by=players[0])


def test_a_judge_records_a_deck_check_that_matches(event, players, floor_judge):
    decklist, *_ = services.decklist_submit(event=event, player=players[0], data=LEGAL_TEXT)
    check = services.deck_check_record(decklist=decklist, judge=floor_judge, matches=True, round_number=2)
    assert (check.outcome, check.penalty_class, check.version.number, check.round_number) == ("matches", None, 1, 2)


def test_a_deck_check_discrepancy_is_an_invalid_list_with_a_game_loss_by_default(event, players, head_judge):
    decklist, *_ = services.decklist_submit(event=event, player=players[0], data=LEGAL_TEXT)
    check = services.deck_check_record(decklist=decklist, judge=head_judge, matches=False, note="2 Yay! in the deck, 1 listed")
    assert (check.outcome, check.penalty_class) == ("discrepancy", "game_loss")
    warning = services.deck_check_record(decklist=decklist, judge=head_judge, matches=False, note="sleeve", penalty_class="game_warning")
    assert warning.penalty_class == "game_warning"
    assert decklist.audit.filter(action="deck_check").count() == 2


def test_only_judges_record_deck_checks_and_a_discrepancy_needs_a_note(event, players, organiser, floor_judge):
    decklist, *_ = services.decklist_submit(event=event, player=players[0], data=LEGAL_TEXT)
    for user in (organiser, players[1], players[0]):
        with pytest.raises(PermissionDenied):
            services.deck_check_record(decklist=decklist, judge=user, matches=True)
    with pytest.raises(DecklistError, match="describe"):
        services.deck_check_record(decklist=decklist, judge=floor_judge, matches=False)
    assert not DeckCheck.objects.exists()


def test_the_event_date_decides_the_banlist_for_submitted_lists(make_event, players):
    event = make_event(starts_at=timezone.make_aware(dt.datetime(2016, 5, 31, 10)), deadline_in=None)
    text = deck_text(replace=("2x Runaway Cart", "2x I Need Answers"))
    _kind, _src, report = services.decklist_check(event=event, data=text)
    assert report.legal and report.on == dt.date(2016, 5, 31)


def test_a_limited_event_checks_the_players_pool(make_event, players, organiser):
    from decks.models import Card

    event = make_event(format="mlp-limited", structure="sealed")
    friends = list(Card.objects.filter(card_set__code="PR", type="Friend").order_by("id")[:30])
    services.card_pool_set(event=event, player=players[0], cards={c.guid: 1 for c in friends} | {"PR173": 2}, by=organiser)
    text = "1 CN1\n" + "\n".join(f"1 {c.number}" for c in friends) + "\n3 PR168\n2 PR173"
    _dl, version, report = services.decklist_submit(event=event, player=players[0], data=text)
    assert report.legal, report.problems
    _kind, _src, report = services.decklist_check(event=event, player=players[1], data=text)
    assert "no card pool" in report.problems[0].message
    with pytest.raises(PermissionDenied):
        services.card_pool_set(event=event, player=players[0], cards={}, by=players[0])
