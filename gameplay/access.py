"""Who may open a hosted game besides its two players and the event's judges, and who may watch a replay.

- Watching a live table (the spectator view) follows the event's spectating policy, chosen by the
  organiser (``OnlineEventSettings.spectators``): off, judges and the organiser only, featured tables for
  everyone logged in, or every table. Players still playing a round may not watch other tables of that
  round (scouting) unless the organiser allows it (``scouting_allowed``). Casual games: anyone logged in.
- A finished game's replay of an event is private — its players (their own side), the judges (everything)
  and the organiser (the spectator view) — until the organiser publishes the event's replays; then anyone,
  also without an account, watches it in the spectator view (no hands, no deck order).

Judges always open a table in the judge view: that is their job, not spectating. Reads only; the
organiser's writes are in ``gameplay.services.spectating``.
"""
from __future__ import annotations

from django.db.models import Q

from gameplay.models import HostedGame, OnlineEventSettings
from gameplay.services.common import Forbidden


class SpectatingRefused(Forbidden):
    """The event's spectating policy (or its replay privacy) keeps this user out; the message says why."""


def event_online_settings(event) -> OnlineEventSettings:
    """The event's online settings, or the defaults (unsaved) when the organiser never changed them."""
    return OnlineEventSettings.objects.filter(event=event).first() or OnlineEventSettings(event=event)


def _still_playing_elsewhere(tm, user):
    """The user's own unfinished match in the same round as ``tm`` (scouting), or None."""
    from tournaments.models import Match

    return (Match.objects.filter(round_id=tm.round_id).exclude(pk=tm.pk).exclude(status=Match.Status.FINAL)
            .filter(Q(player_a__player=user) | Q(player_b__player=user)).first())


def spectator_refusal(*, game: HostedGame, user) -> str | None:
    """Why ``user`` (logged in, neither a player of this game nor a judge of its event) may not watch
    the table in the spectator view; None when they may."""
    tm = game.match.tournament_match
    if tm is None:
        return None  # a casual game: anyone logged in may watch
    from tournaments import roles

    event = tm.round.event
    cfg = event_online_settings(event)
    organiser = roles.is_organiser(event, user)
    Spectators = OnlineEventSettings.Spectators
    if cfg.spectators == Spectators.OFF:
        return f"Spectating is off at {event.name}: only the two players and the event's judges open its tables."
    if organiser:
        return None  # the organiser watches any table unless spectating is off
    if cfg.spectators == Spectators.JUDGES:
        return f"At {event.name} only the judges and the organiser watch the tables (the organiser's spectating policy)."
    if cfg.spectators == Spectators.FEATURED and not game.match.featured:
        return (f"Table {tm.table} is not a featured table: at {event.name} spectators watch featured tables only "
                f"(the organiser or the head judge features them).")
    if not cfg.scouting_allowed:
        own = _still_playing_elsewhere(tm, user)
        if own is not None:
            return (f"You are still playing round {tm.round.number} (table {own.table}): players may not watch other "
                    f"tables of their round until their own match is over (no scouting).")
    return None


def replay_role(*, game: HostedGame, user, seat: int | None) -> tuple[str, str]:
    """Who ``user`` is for the replay of ``game``: ("player", ""), ("judge", ""), ("spectator", "") or
    ("refused", why). ``seat`` is the user's seat in the game's match, if any."""
    if seat is not None:
        return "player", ""
    authenticated = bool(getattr(user, "is_authenticated", False))
    tm = game.match.tournament_match
    if tm is None:
        return ("spectator", "") if authenticated else ("refused", "Log in to watch this replay.")
    from tournaments import roles

    event = tm.round.event
    if authenticated and roles.is_judge(event, user):
        return "judge", ""
    if (authenticated and roles.is_organiser(event, user)) or event_online_settings(event).replays_published:
        return "spectator", ""
    return "refused", (f"The replays of {event.name} are private until the organiser publishes them: for now only the "
                       f"players of this match, the event's judges and the organiser watch this game.")
