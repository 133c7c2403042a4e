"""Listening to the tournaments app (its signals and model saves): the coupling runs one way, from
gameplay to tournaments."""
from __future__ import annotations

from django.db.models.signals import post_save


def _round_paired(sender, round, **kwargs) -> None:
    from gameplay.services import round_host_matches

    round_host_matches(round=round)


def _player_deck_ready(sender, registration, **kwargs) -> None:
    from gameplay.services import registration_host_waiting_match

    registration_host_waiting_match(registration=registration)


def _time_called(sender, match, **kwargs) -> None:
    from gameplay.services import match_time_called

    match_time_called(tournament_match_id=match.pk)


def _play_stopped(sender, match, **kwargs) -> None:
    from gameplay.services import match_play_stopped

    match_play_stopped(tournament_match_id=match.pk)


def _game_loss_issued(sender, match, side, infraction="", by=None, **kwargs) -> str | None:
    from gameplay.services import tournament_game_loss

    return tournament_game_loss(tournament_match_id=match.pk, seat=0 if side == "a" else 1, infraction=infraction, by=by)


def _match_saved(sender, instance, created, update_fields=None, **kwargs) -> None:
    if created or instance.status != "final":
        return
    from gameplay.models import HostedMatch

    if HostedMatch.objects.filter(tournament_match_id=instance.pk, status__in=HostedMatch.LIVE).exists():
        from gameplay.services import tournament_match_decided

        tournament_match_decided(match=instance)


def _event_saved(sender, instance, created, update_fields=None, **kwargs) -> None:
    # Registration locks when the event starts: the online decks are snapshotted then.
    if instance.online and instance.status == "swiss" and (update_fields is None or "status" in update_fields):
        from gameplay.services import event_decks_lock

        event_decks_lock(event=instance)


def connect() -> None:
    from tournaments import signals
    from tournaments.models import Event, Match

    signals.round_paired.connect(_round_paired, dispatch_uid="gameplay.round_paired")
    signals.player_deck_ready.connect(_player_deck_ready, dispatch_uid="gameplay.player_deck_ready")
    signals.match_time_called.connect(_time_called, dispatch_uid="gameplay.time_called")
    signals.match_play_stopped.connect(_play_stopped, dispatch_uid="gameplay.play_stopped")
    signals.game_loss_issued.connect(_game_loss_issued, dispatch_uid="gameplay.game_loss_issued")
    post_save.connect(_match_saved, sender=Match, dispatch_uid="gameplay.match_saved")
    post_save.connect(_event_saved, sender=Event, dispatch_uid="gameplay.event_saved")
