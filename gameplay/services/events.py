"""Online events: the players' decks are snapshotted when registration locks (the event starts), every
paired match of an online event gets a hosted match, time called and the end-of-match limit reach the
games, a Game Loss ends the game in progress, and a match decided outside the game (a drop, a
disqualification, a judge) ends its hosted match.

Called from the tournaments app's hooks (``tournaments.signals``, model saves) wired in
``gameplay.apps``; tournaments never imports this app.
"""
from __future__ import annotations

import hashlib

from gameplay.broadcast import broadcast_game
from gameplay.engine.api import Outcome
from gameplay.engines import get_engine
from gameplay.models import EventDeck, HostedGame, HostedMatch, OnlineEventSettings
from gameplay.services.actions import game_concede_for
from gameplay.services.common import event_game_id, lock_game, lock_match, seats_of, state_load
from gameplay.services.matches import SeatSpec, game_finish, game_start_next, hosted_match_create, match_finish, set_status
from gameplay.services.timers import game_changed

#: the engine that hosts each game's events (decks.Game slug -> engine registry name)
ENGINE_FOR_GAME = {"mlp": "mlp", "neopets": "neopets"}


def engine_for_event(event) -> str | None:
    """The registered engine that hosts the event's game; None while that game has no engine (its online
    matches are then played and reported by hand, as before)."""
    from gameplay.engines import engine_names

    name = ENGINE_FOR_GAME.get(event.game.slug)
    return name if name in engine_names() else None


def event_deck_snapshot(*, registration) -> EventDeck | None:
    """The player's registered decklist, if legal, in engine form (once: later edits do not change it)."""
    from decks.models import Decklist

    existing = EventDeck.objects.filter(registration=registration).first()
    if existing is not None:
        return existing
    event = registration.event
    name = engine_for_event(event)
    decklist = Decklist.objects.filter(event=event, player_id=registration.player_id).select_related("current").first()
    version = decklist.current if decklist else None
    if name is None or version is None or not version.legal:
        return None
    try:
        deck = get_engine(name).deck_from_entries(version.entries)
    except (ValueError, LookupError):
        return None
    return EventDeck.objects.create(event=event, registration=registration, deck=deck, decklist_version_id=version.pk)


def event_decks_lock(*, event) -> int:
    """Registration locked (the event started): snapshot every active player's deck."""
    from tournaments.models import Registration

    done = 0
    for reg in Registration.objects.filter(event=event, status__in=Registration.ACTIVE).select_related("event__game"):
        if event_deck_snapshot(registration=reg) is not None:
            done += 1
    return done


def _match_seed(tm) -> int:
    digest = hashlib.sha256(f"{tm.round.event.seed}:{tm.round.number}:{tm.table}:{tm.pk}".encode()).digest()
    return int.from_bytes(digest[:8], "big") >> 2


def round_host_matches(*, round) -> list[HostedMatch]:
    """Every pairing of an online event's round gets a hosted match (byes and decided matches do not)."""
    event = round.event
    if not event.online or engine_for_event(event) is None:
        return []
    hosted = []
    for tm in round.matches.filter(player_b__isnull=False).exclude(status="final").select_related("player_a__player", "player_b__player"):
        if HostedMatch.objects.filter(tournament_match=tm).exists():
            continue
        match = _host_match(tm, audit_missing=True)
        if match is not None:
            hosted.append(match)
    return hosted


def _host_match(tm, *, audit_missing: bool) -> HostedMatch | None:
    """A hosted match for the tournament match ``tm`` if both players' decks are ready (None otherwise)."""
    from tournaments.services.common import audit

    round = tm.round
    event = round.event
    decks = [event_deck_snapshot(registration=tm.player_a), event_deck_snapshot(registration=tm.player_b)]
    if None in decks:
        if audit_missing:
            missing = [r.name for r, d in zip((tm.player_a, tm.player_b), decks) if d is None]
            audit(event=event, actor=None, action="online_not_hosted", target=str(tm),
                  reason=f"no legal registered decklist for {', '.join(missing)}: this match is played and reported by hand")
        return None
    settings = OnlineEventSettings.objects.filter(event=event).first()
    seats = [SeatSpec(name=r.name, deck=d.deck, registration=r, deck_source=f"decklist version {d.decklist_version_id}")
             for r, d in zip((tm.player_a, tm.player_b), decks)]
    return hosted_match_create(
        seats=seats, engine=engine_for_event(event), best_of=round.best_of, seed=_match_seed(tm), tournament_match=tm,
        decision_seconds=settings.decision_seconds if settings else None, grace_seconds=settings.grace_seconds if settings else None,
        games_won=[tm.games_a, tm.games_b],
    )


def registration_host_waiting_match(*, registration) -> list[HostedMatch]:
    """A player registered a legal deck after the start (``tournaments.signals.player_deck_ready``): their match
    of the running round, not hosted for want of that deck, is hosted now if their opponent's deck is ready."""
    from django.db import transaction
    from django.db.models import Q

    from tournaments.models import Match

    event = registration.event
    if not event.online or engine_for_event(event) is None:
        return []
    with transaction.atomic():
        tm = (Match.objects.select_for_update(of=("self",))
              .filter(Q(player_a=registration) | Q(player_b=registration), player_b__isnull=False, round__status="running")
              .exclude(status="final").select_related("round__event", "player_a__player", "player_b__player")
              .order_by("-round__number").first())
        if tm is None or HostedMatch.objects.filter(tournament_match=tm).exists():
            return []
        match = _host_match(tm, audit_missing=False)
    return [match] if match is not None else []


def tournament_match_decided(*, match) -> str:
    """A tournament match became final outside its hosted games: a drop or disqualification concedes
    the game in progress for that player (Conceding and Dropping); any other result (a judge, a penalty,
    the players' reports) ends the hosted match as the tournament recorded it."""
    hm = HostedMatch.objects.filter(tournament_match=match).first()
    if hm is None or hm.status not in HostedMatch.LIVE or match.result_source == "engine":
        return "nothing to do"
    game = HostedGame.objects.filter(match=hm).order_by("-number").first()
    game = lock_game(game.pk)
    loser = {"a": 1, "b": 0}.get(match.result)
    if match.result_source in ("drop", "disqualification", "concession") and loser is not None:
        game_concede_for(game, loser, source="server")
        hm.refresh_from_db()
        if hm.status not in HostedMatch.LIVE:
            return "conceded in the game"
    if game.status in HostedGame.LIVE:
        set_status(game, HostedGame.Status.ABANDONED)
    hm.refresh_from_db()
    if hm.status in HostedMatch.LIVE:
        winner = {"a": 0, "b": 1}.get(match.result)
        match_finish(hm, winner=winner, reason=f"result recorded by the tournament ({match.result_source})", write_result=False)
    return "ended by the tournament"


def tournament_game_loss(*, tournament_match_id: int, seat: int, infraction: str = "", by=None) -> str | None:
    """A Game Loss for ``seat`` counted by the tournament (the event's judge page, its API, or the game's
    judge console) in an online match still being played: "the player receiving the Game Loss loses the
    current game" (Tournament Penalties, Game Loss). The game in progress ends for the opponent; the match
    goes on to its next game (who goes first: as for any game) or ends, and its result goes to the
    tournament as any engine result does. If both players receive a Game Loss in the same game, both lose
    it: the second one, before anything was played in the game that followed, makes the game the first
    one ended a game lost by both. None: no online match of this tournament match is being played."""
    game_id = event_game_id(tournament_match_id)
    if game_id is None:
        return None
    game = lock_game(game_id)  # (the tournament match is already locked by the penalty: the lock order)
    match = game.match
    if _ended_match_on_opponents_game_loss(match, game, seat):
        return _match_lost_by_both(game, seat, by=by)
    if match.status not in HostedMatch.LIVE or game.status not in HostedGame.LIVE:
        return None
    names = [s.name for s in seats_of(match)]
    previous = HostedGame.objects.filter(match=match, number=game.number - 1).first() if game.seq == 0 else None
    if previous is not None and previous.result_kind == "game_loss" and (previous.outcome or {}).get("winner") == seat:
        return _game_lost_by_both(previous, seat, names)
    reason = (f"{names[seat]} receives a Game Loss ({infraction or 'penalty'}): game {game.number} to "
              f"{names[1 - seat]} (Tournament Penalties, Game Loss)")
    match = game_finish(game, Outcome(1 - seat, reason), kind="game_loss")
    game_changed(game, state_load(game))
    won = match.games_won
    over = " and the match" if match.status == HostedMatch.Status.FINISHED else ""
    return f"game {game.number}{over} to {names[1 - seat]} ({won[0]}-{won[1]}, online)"


def _ended_match_on_opponents_game_loss(match: HostedMatch, game: HostedGame, seat: int) -> bool:
    """The match is over, and its last game went to ``seat`` on the opponent's Game Loss: a Game Loss to
    ``seat`` now is one "during the same game" (nothing has been played since)."""
    return (match.status == HostedMatch.Status.FINISHED and game.status == HostedGame.Status.FINISHED
            and game.result_kind == "game_loss" and (game.outcome or {}).get("winner") == seat
            and match.winner_seat == seat)


def _match_lost_by_both(game: HostedGame, seat: int, *, by=None) -> str:
    """The opponent's Game Loss ended the match with ``game``, won by ``seat``; now ``seat`` receives one
    in the same game: "If both players receive a Game Loss penalty during the same game then both players
    will receive a loss" (Tournament Penalties, Game Loss). It applies to that game, not to the player's
    next one: best of one, both lose the match (a double loss); longer, ``seat`` no longer has the games
    to win, so the match goes on with its next game, and the tournament match reopens with it."""
    from tournaments.models import Match
    from tournaments.services.penalties import match_game_lost_by_both

    match = game.match  # locked by lock_game, the tournament match before it
    reason = f"both players received a Game Loss in game {game.number}: both lose it (Tournament Penalties, Game Loss)"
    game.outcome = {"winner": None, "reason": reason, "draw": False}
    game.save(update_fields=["outcome"])
    won = list(match.games_won)
    won[seat] = max(0, won[seat] - 1)
    match.games_won, match.winner_seat = won, None
    tm = Match.objects.select_related("round__event").get(pk=match.tournament_match_id)
    applied = match_game_lost_by_both(tm, side="ab"[seat], game_no=game.number, by=by)
    if match.best_of == 1:
        match.result_reason = f"double loss: {reason}"[:200]
        match.save(update_fields=["games_won", "winner_seat", "result_reason"])
        broadcast_game(game_id=game.pk, seq=game.seq, epoch=game.epoch)
        return applied
    # A penalty correction reopens the finished match (the status pipeline never does), as the tournament
    # match is reopened beside it.
    match.status, match.result_reason, match.finished_at = HostedMatch.Status.PLAYING, "", None
    match.save(update_fields=["games_won", "winner_seat", "status", "result_reason", "finished_at"])
    broadcast_game(game_id=game.pk, seq=game.seq, epoch=game.epoch)
    game_start_next(match)
    return applied


def _game_lost_by_both(game: HostedGame, seat: int, names: list[str]) -> str:
    """The opponent's Game Loss gave ``game`` to ``seat``; now ``seat`` receives one in the same game."""
    reason = f"both players received a Game Loss in game {game.number}: both lose it (Tournament Penalties, Game Loss)"
    game.outcome = {"winner": None, "reason": reason, "draw": False}
    game.save(update_fields=["outcome"])
    match = lock_match(game.match_id)
    won = list(match.games_won)
    won[seat] = max(0, won[seat] - 1)
    match.games_won = won
    match.save(update_fields=["games_won"])
    broadcast_game(game_id=game.pk, seq=game.seq, epoch=game.epoch)
    return f"both players received a Game Loss in game {game.number}: both lose it ({won[0]}-{won[1]}, online)"


DECISION_SECONDS_RANGE = (15, 900)
GRACE_SECONDS_RANGE = (10, 600)


def online_settings_update(*, event, by, decision_seconds: int, grace_seconds: int) -> OnlineEventSettings:
    """The organiser or head judge sets the event's decision timer and disconnect grace period (for
    matches hosted from now on)."""
    from tournaments import roles
    from gameplay.services.common import Forbidden, GameError

    if not (roles.is_organiser(event, by) or roles.is_head_judge(event, by)):
        raise Forbidden("Only the organiser or the head judge may set the online clocks.")
    for name, value, (lo, hi) in (("decision_seconds", decision_seconds, DECISION_SECONDS_RANGE),
                                  ("grace_seconds", grace_seconds, GRACE_SECONDS_RANGE)):
        if not isinstance(value, int) or not lo <= value <= hi:
            raise GameError(f"{name}: between {lo} and {hi} seconds.")
    settings, _ = OnlineEventSettings.objects.update_or_create(
        event=event, defaults={"decision_seconds": decision_seconds, "grace_seconds": grace_seconds})
    return settings
