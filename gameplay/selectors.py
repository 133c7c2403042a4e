"""Reads for hosted games: who is looking (player seat, judge, spectator), the per-viewer state payload
of the protocol (docs/online-play.md "state"), the filtered log, a user's matches, the judges' console.

Hidden information never leaves the server: a player's payload is built from the engine's view for
their seat and the events filtered for them; only judges get the judge view.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.db import connection
from django.db.models import Q

from gameplay.engine.api import Action
from gameplay.models import GameAction, GameDeadline, GameSnapshot, HostedGame, HostedMatch, HostedSeat, JudgeCall
from gameplay import access
from gameplay.services.common import (
    LOG_CACHE, LOG_TAIL, Columns, Forbidden, engine_of, first_row, seat_of_user, seats_from_json, seats_json_sql, state_load,
)


@dataclass(frozen=True)
class Viewer:
    role: str  # "player" | "judge" | "spectator"
    seat: int | None = None

    @property
    def engine_viewer(self) -> Any:
        return self.seat if self.role == "player" else self.role

    def as_dict(self) -> dict:
        return {"role": self.role, "seat": self.seat}


def game_viewer(*, game: HostedGame, user) -> Viewer:
    """Decided on the server from the user: a seat's player, a judge of the event, or a spectator."""
    if not getattr(user, "is_authenticated", False):
        raise Forbidden("Log in to open a game.")
    for seat in HostedSeat.objects.filter(match_id=game.match_id).select_related("registration"):
        if seat.user_id == user.pk or (seat.registration is not None and seat.registration.player_id == user.pk):
            return Viewer("player", seat.index)
    tm = game.match.tournament_match
    if tm is not None:
        from tournaments import roles

        if roles.is_judge(tm.round.event, user):
            return Viewer("judge")
    spectator_check(game=game, user=user)
    return Viewer("spectator")


def spectator_check(*, game: HostedGame, user) -> None:
    """Refuse a spectator the event's policy keeps out (featured tables, scouting: ``gameplay.access``)."""
    why = access.spectator_refusal(game=game, user=user)
    if why:
        raise access.SpectatingRefused(why)


def replay_viewer(*, game: HostedGame, user) -> Viewer:
    """Who is watching a replay: a player (their own side), a judge (everything) or a spectator (public
    information); an event's replays are private until the organiser publishes them (``gameplay.access``)."""
    seat = seat_of_user(game.match, user) if getattr(user, "is_authenticated", False) else None
    role, why = access.replay_role(game=game, user=user, seat=seat)
    if role == "refused":
        raise access.SpectatingRefused(why)
    return Viewer(role, seat if role == "player" else None)


def game_get(game_id: int) -> HostedGame:
    game = first_row(HostedGame.objects.select_related("match__tournament_match__round__event").filter(pk=game_id))
    if game is None:
        from django.http import Http404

        raise Http404(f"There is no game {game_id}.")
    return game


def _log(game: HostedGame, viewer: Viewer, *, tail: int | None = LOG_TAIL, after: int = 0) -> list[dict]:
    eng = engine_of(game.match)
    if tail == LOG_TAIL and after == 0:
        rows = LOG_CACHE.tail(game)  # every state message: the actions not seen yet come from the database
    else:
        rows = GameAction.objects.filter(game=game, voided_at__isnull=True, seq__gt=after).order_by("-seq")
        if tail is not None:
            rows = rows[:tail]
        rows = reversed(list(rows.values_list("seq", "events")))
    out: list[dict] = []
    for seq, events in rows:
        for e in eng.filter_events(events, viewer.engine_viewer):
            out.append({**e, "seq": seq})
    return out


def game_log(*, game: HostedGame, viewer: Viewer, after: int = 0) -> list[dict]:
    """The whole log (or after an action) as ``viewer`` may read it."""
    return _log(game, viewer, tail=None, after=after)


def _waiting_for(game: HostedGame, to_move: int | None, seats: list[HostedSeat], view: dict) -> str:
    if game.status not in HostedGame.LIVE:
        return f"Game {game.number} is over."
    if game.paused:
        return "A judge has paused the game."
    if to_move is None:
        return "Nobody must act."
    pending = view.get("pending") or {}
    what = f"to decide ({pending.get('kind')}, rule {pending.get('rule')})" if pending.get("kind") else "to act or pass (priority, 510)"
    return f"Waiting for {seats[to_move].name} {what}."


def _clocks(game: HostedGame, to_move: int | None, summary: dict, deadline: GameDeadline | None) -> dict:
    tm = game.match.tournament_match
    ends = tm.ends_at if tm is not None else None
    tc = summary.get("time_called")
    extra_left = None
    if tc:
        if tc.get("cap") is not None:
            extra_left = max(0, int(tc["cap"]) - int(tc.get("extra", 0)))
        else:
            extra_left = 0 if tc.get("done_current") else int(summary["turn_player"] == summary["first_player"])
    return {
        "decision": {"seat": deadline.seat if deadline else None, "deadline": deadline.due_at.isoformat() if deadline else None},
        "round": {"ends_at": ends.isoformat() if ends else None, "time_called": bool(tc) or game.match.status == "time_called",
                  "extra_turns_left": extra_left},
        "paused": game.paused,
    }


def _card_faces(engine: Any, view: dict) -> dict:
    """The printed faces of the cards ``view`` shows (the table draws its card frames from them); an
    engine without card faces gives none."""
    faces = getattr(engine, "card_faces", None)
    return faces(view) if faces is not None else {}


def game_replay_step(*, game: HostedGame, viewer: Viewer, step: int) -> dict[str, Any]:
    """A finished game as ``viewer`` saw it after ``step`` actions (0 = the start): the state message's
    shape with no legal actions, plus ``steps`` (the game's length) and the action taken at ``step``.
    Players see their own hidden cards only, judges everything (the engine's views)."""
    if game.status in HostedGame.LIVE and viewer.role != "judge":
        raise Forbidden("The replay opens when the game is over.")
    step = max(0, min(int(step), game.seq))
    eng = engine_of(game.match)
    engine = eng.game()
    snap = GameSnapshot.objects.filter(game=game, seq__lte=step).order_by("-seq").first()
    state = eng.state_from_json(snap.state)
    rows = GameAction.objects.filter(game=game, voided_at__isnull=True, seq__gt=snap.seq, seq__lte=step).order_by("seq")
    for row in rows.values_list("action", flat=True):
        state, _ = engine.apply(state, Action.from_dict(row))
    action = GameAction.objects.filter(game=game, voided_at__isnull=True, seq=step).values_list("action", flat=True).first()
    view = engine.view(state, viewer.engine_viewer)
    seats = list(HostedSeat.objects.filter(match=game.match).order_by("index"))
    o = engine.outcome(state)
    log = [e for e in _log(game, viewer, tail=None) if e["seq"] <= step][-200:]
    return {
        "steps": game.seq, "step": step, "action": action,
        "state": {
            "type": "state", "seq": step,
            "game": {"id": game.pk, "engine": game.match.engine, "number": game.number, "status": "replay",
                     "match_id": game.match_id, "best_of": game.match.best_of, "games_won": list(game.match.games_won)},
            "viewer": viewer.as_dict(), "view": view, "legal_actions": [], "to_move": engine.to_move(state),
            "waiting_for": "", "clocks": {"decision": {"seat": None, "deadline": None},
                                          "round": {"ends_at": None, "time_called": False, "extra_turns_left": None}, "paused": False},
            "log": log, "outcome": {"winner": o.winner, "reason": o.reason, "draw": o.draw} if o else None,
            "players": [{"seat": s.index, "name": s.name, "connected": True, "bot": s.is_bot} for s in seats],
            "cards": _card_faces(engine, view),
        },
    }


@dataclass(frozen=True)
class GameFrame:
    """What every viewer's state message of one moment reads from the database: the game (with its match
    and tournament match), its seats and its decision deadline. Read once per change and shared by the
    viewers a process serves (``consumers``): their messages differ only in what the engine shows each."""

    game: HostedGame
    seats: list[HostedSeat]
    deadline: GameDeadline | None


def game_frame(game_id: int) -> GameFrame:
    """The game's frame now: one statement on PostgreSQL (``_FRAME_SQL``), else three queries (the join
    stops at the tournament match: the round and the event, wide rows, are not read for a state message)."""
    if connection.vendor == "postgresql":
        return _frame_in_one_statement(game_id)
    game = first_row(HostedGame.objects.select_related("match__tournament_match").filter(pk=game_id))
    if game is None:
        from django.http import Http404

        raise Http404(f"There is no game {game_id}.")
    return _frame_of(game)


class _FrameRead:
    """The frame in one statement (PostgreSQL): the game, its match, its tournament match (an outer join:
    a casual game has none), the seats as JSON (``common.seats_json_sql``) and the pending deadline —
    each ORM query costs about a millisecond of CPU, and every process serving a viewer reads this once
    per change."""

    def __init__(self) -> None:
        from tournaments.models import Match

        self.g, self.m = Columns(HostedGame, "g"), Columns(HostedMatch, "m")
        self.tm, self.d = Columns(Match, "tm"), Columns(GameDeadline, "d")
        self.sql = (f"SELECT {self.g.sql}, {self.m.sql}, {self.tm.sql}, {self.d.sql}, {seats_json_sql('m')} "
                    f"FROM {HostedGame._meta.db_table} g JOIN {HostedMatch._meta.db_table} m ON m.id = g.match_id "
                    f"LEFT JOIN {Match._meta.db_table} tm ON tm.id = m.tournament_match_id "
                    f"LEFT JOIN {GameDeadline._meta.db_table} d ON d.game_id = g.id AND d.processed_at IS NULL "
                    f"WHERE g.id = %s")

    def read(self, game_id: int) -> GameFrame:
        with connection.cursor() as cur:
            cur.execute(self.sql, [game_id])
            row = cur.fetchone()
        if row is None:
            from django.http import Http404

            raise Http404(f"There is no game {game_id}.")
        game, rest = self.g.take(row)
        match, rest = self.m.take(rest)
        tm, rest = self.tm.take(rest)
        deadline, rest = self.d.take(rest)
        HostedMatch.tournament_match.field.set_cached_value(match, tm)
        game.match = match
        return GameFrame(game, seats_from_json(rest[0]), deadline)


_FRAME_READ: list[_FrameRead] = []


def _frame_in_one_statement(game_id: int) -> GameFrame:
    if not _FRAME_READ:
        _FRAME_READ.append(_FrameRead())
    return _FRAME_READ[0].read(game_id)


def _frame_of(game: HostedGame) -> GameFrame:
    seats = list(HostedSeat.objects.filter(match_id=game.match_id).order_by("index"))
    deadline = first_row(GameDeadline.objects.filter(game_id=game.pk, processed_at__isnull=True))  # (one row per game)
    return GameFrame(game, seats, deadline)


def game_state_payload(*, game: HostedGame | None = None, viewer: Viewer, frame: GameFrame | None = None) -> dict[str, Any]:
    """The protocol's ``state`` message for ``viewer`` (the websocket and ``GET .../state/`` send the same),
    from ``frame`` when the caller has read it (several viewers of one change), else from ``game``."""
    frame = frame if frame is not None else _frame_of(game)
    game, seats = frame.game, frame.seats
    match = game.match
    eng = engine_of(match)
    engine = eng.game()
    state = state_load(game)
    view = engine.view(state, viewer.engine_viewer)
    live = game.status in HostedGame.LIVE
    to_move = engine.to_move(state) if live else None
    legal: list[dict] = []
    if viewer.role == "player" and live and not game.paused and to_move == viewer.seat:
        legal = [a.to_dict() for a in engine.legal_actions(state, viewer.seat)]
    payload = {
        "type": "state", "seq": game.seq,
        "game": {"id": game.pk, "engine": match.engine, "number": game.number, "status": game.status,
                 "match_id": match.pk, "best_of": match.best_of, "games_won": list(match.games_won),
                 "match_status": match.status},
        "viewer": viewer.as_dict(), "view": view, "legal_actions": legal, "to_move": to_move,
        "waiting_for": _waiting_for(game, to_move, seats, view),
        "clocks": _clocks(game, to_move, eng.summary(state), frame.deadline),
        "log": _log(game, viewer), "outcome": game.outcome,
        "players": [{"seat": s.index, "name": s.name, "connected": s.connections > 0 or s.is_bot, "bot": s.is_bot} for s in seats],
        "cards": _card_faces(engine, view),
    }
    if viewer.role == "judge":
        payload["judge_calls"] = [
            {"id": c.pk, "seat": c.seat, "message": c.message, "at": c.created_at.isoformat(), "answered": c.answered_at is not None}
            for c in JudgeCall.objects.filter(game=game).order_by("-created_at")[:20]
        ]
        payload["timeouts"] = [s.timeouts for s in seats]
    return payload


def matches_for_user(user) -> Any:
    """The user's hosted matches, newest first."""
    return (HostedMatch.objects.filter(Q(seats__user=user) | Q(seats__registration__player=user)).distinct()
            .select_related("tournament_match__round__event", "tournament_match__player_a__player__player_profile",
                            "tournament_match__player_b__player__player_profile")
            .prefetch_related("seats", "games"))


def match_current_game(match: HostedMatch) -> HostedGame | None:
    return HostedGame.objects.filter(match=match).order_by("-number").first()


def event_live_games(*, event) -> list[dict]:
    """The judges' console: every hosted game of the event's current round, with clocks and score."""
    from tournaments.models import Round

    rnd = Round.objects.filter(event=event).order_by("-number").first()
    if rnd is None:
        return []
    out = []
    for hm in HostedMatch.objects.filter(tournament_match__round=rnd).select_related("tournament_match").prefetch_related("seats").order_by("tournament_match__table"):
        game = match_current_game(hm)
        if game is None:
            continue
        summary = engine_of(hm).summary(state_load(game))
        deadline = GameDeadline.objects.filter(game=game, processed_at__isnull=True).first()
        seats = sorted(hm.seats.all(), key=lambda s: s.index)
        out.append({
            "match": hm, "game": game, "table": hm.tournament_match.table, "seats": seats, "scores": summary["scores"],
            "turn": summary["turn"], "deadline": deadline, "ends_at": hm.tournament_match.ends_at,
            "calls": list(JudgeCall.objects.filter(game__match=hm, answered_at__isnull=True)),
        })
    return out
