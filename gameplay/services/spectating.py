"""The organiser's choices about watching an event's online games: the spectating policy, featured
tables, and publishing the replays. Every change is in the event's audit log; spectators whom a change
shuts out are disconnected (their sockets re-check the policy). Who may watch is decided in
``gameplay.access``.
"""
from __future__ import annotations

from django.db import transaction
from django.utils import timezone

from gameplay.broadcast import broadcast_online_event, broadcast_viewers_recheck
from gameplay.models import HostedGame, HostedMatch, OnlineEventSettings
from gameplay.services.common import Forbidden, GameError


def _settings_locked(event) -> OnlineEventSettings:
    OnlineEventSettings.objects.get_or_create(event=event)
    return OnlineEventSettings.objects.select_for_update().get(event=event)


def _recheck_live_games(event) -> None:
    for game_id in HostedGame.objects.filter(match__tournament_match__round__event=event,
                                             status__in=HostedGame.LIVE).values_list("pk", flat=True):
        broadcast_viewers_recheck(game_id=game_id)


def event_spectating_set(*, event, by, spectators: str, scouting_allowed: bool = False) -> OnlineEventSettings:
    """The organiser chooses who may watch the event's tables (``OnlineEventSettings.Spectators``) and
    whether players still playing a round may watch other tables of it."""
    from tournaments import roles
    from tournaments.services.common import audit

    if not roles.is_organiser(event, by):
        raise Forbidden("Only the organiser chooses who may watch the event's tables.")
    choices = OnlineEventSettings.Spectators
    if spectators not in choices.values:
        raise GameError(f"spectators: one of {', '.join(choices.values)} (got {spectators!r}).")
    with transaction.atomic():
        cfg = _settings_locked(event)
        cfg.spectators, cfg.scouting_allowed = spectators, bool(scouting_allowed)
        cfg.save(update_fields=["spectators", "scouting_allowed"])
        audit(event=event, actor=by, action="spectating_policy", target=event.name,
              reason=f"spectators: {choices(spectators).label}; players still playing may watch other tables: "
                     f"{'yes' if cfg.scouting_allowed else 'no'}",
              data={"spectators": spectators, "scouting_allowed": cfg.scouting_allowed})
        _recheck_live_games(event)
    return cfg


def match_feature(*, match_id: int, by, featured: bool) -> HostedMatch:
    """The organiser or the head judge features a table (spectators may watch it under the "featured"
    policy) or stops featuring it."""
    from tournaments import roles
    from tournaments.services.common import audit

    with transaction.atomic():
        match = HostedMatch.objects.select_for_update(of=("self",)).select_related("tournament_match__round__event").filter(pk=match_id).first()
        if match is None:
            raise GameError(f"There is no online match {match_id}.")
        tm = match.tournament_match
        if tm is None:
            raise GameError("Only an event's tables can be featured; a casual game is not.")
        event = tm.round.event
        if not (roles.is_organiser(event, by) or roles.is_head_judge(event, by)):
            raise Forbidden("Only the organiser or the head judge features a table.")
        if match.featured == bool(featured):
            return match
        match.featured = bool(featured)
        match.save(update_fields=["featured"])
        audit(event=event, actor=by, action="feature_table" if featured else "unfeature_table",
              target=f"round {tm.round.number}, table {tm.table}", data={"hosted_match": match.pk})
        broadcast_online_event(slug=event.slug, kind="featured", data={"match": tm.pk, "table": tm.table, "featured": match.featured})
        if not match.featured:
            for game_id in match.games.filter(status__in=HostedGame.LIVE).values_list("pk", flat=True):
                broadcast_viewers_recheck(game_id=game_id)
    return match


def event_replays_publish(*, event, by, publish: bool = True) -> OnlineEventSettings:
    """The organiser publishes the replays of the event's games (anyone may then watch them in the
    spectator view) or makes them private again."""
    from tournaments import roles
    from tournaments.services.common import audit

    if not roles.is_organiser(event, by):
        raise Forbidden("Only the organiser publishes the event's replays.")
    with transaction.atomic():
        cfg = _settings_locked(event)
        if cfg.replays_published == bool(publish):
            return cfg
        cfg.replays_published_at, cfg.replays_published_by = (timezone.now(), by) if publish else (None, None)
        cfg.save(update_fields=["replays_published_at", "replays_published_by"])
        audit(event=event, actor=by, action="publish_replays" if publish else "unpublish_replays", target=event.name,
              reason="anyone may watch the replays of this event's games (spectator view)" if publish
              else "the replays are private again (players, judges, organiser)")
    return cfg


__all__ = ["event_replays_publish", "event_spectating_set", "match_feature"]
