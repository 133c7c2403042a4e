"""Template tags for pages of other apps that show online play (the event page's "Play your match")."""
from __future__ import annotations

from django import template

from gameplay.models import HostedMatch

register = template.Library()


@register.simple_tag
def hosted_match(match_id) -> HostedMatch | None:
    """The hosted match of a tournament match id (None for a paper match, a bye, or one not hosted)."""
    if not match_id:
        return None
    return HostedMatch.objects.filter(tournament_match_id=match_id).first()


def _tournament_match(match_id):
    from tournaments.models import Match

    if not match_id:
        return None
    return Match.objects.select_related("round__event").filter(pk=match_id).first()


@register.simple_tag
def arrival_notice(match_id, user) -> dict | None:
    """What ``user``, a player of the tournament match, is told about their opponent at the online table
    (``gameplay.presence.arrival_notice``); None for anyone else, a paper match or a match that is over."""
    from gameplay.presence import arrival_notice as notice

    tm = _tournament_match(match_id)
    return notice(tournament_match=tm, user=user) if tm is not None else None


@register.simple_tag
def table_presence(match_id) -> dict | None:
    """Who is at the online table of a tournament match (judges' rows on the pairings page)."""
    from gameplay.presence import table_presence as presence

    tm = _tournament_match(match_id)
    return presence(tournament_match=tm) if tm is not None else None


@register.simple_tag
def online_event_settings(event):
    """The event's online settings (spectating policy, published replays), or the defaults."""
    from gameplay.access import event_online_settings
    from gameplay.models import OnlineEventSettings

    cfg = event_online_settings(event)
    cfg.spectator_choices = OnlineEventSettings.Spectators.choices
    return cfg


@register.simple_tag
def may_watch(hosted, user) -> bool:
    """Whether ``user`` may open the hosted match's table as a spectator (the event's policy)."""
    from gameplay.access import spectator_refusal
    from gameplay.selectors import match_current_game
    from gameplay.services.common import seat_of_user

    if hosted is None or not getattr(user, "is_authenticated", False) or seat_of_user(hosted, user) is not None:
        return False
    game = match_current_game(hosted)
    return game is not None and spectator_refusal(game=game, user=user) is None


@register.simple_tag
def replays_for(hosted, user) -> list[dict]:
    """The finished games of a hosted match whose replay ``user`` may watch (an event's replays are
    private until the organiser publishes them): ``[{"number", "url"}]``."""
    from gameplay.access import replay_role
    from gameplay.models import HostedGame
    from gameplay.services.common import seat_of_user

    if hosted is None:
        return []
    seat = seat_of_user(hosted, user) if getattr(user, "is_authenticated", False) else None
    games = [g for g in hosted.games.all().order_by("number") if g.status not in HostedGame.LIVE and g.seq > 0]
    if not games or replay_role(game=games[0], user=user, seat=seat)[0] == "refused":
        return []
    return [{"number": g.number, "url": f"/play/g/{g.pk}/replay/"} for g in games]
