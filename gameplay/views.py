"""Web pages for online play: the lobby (/play/), the game table (/play/m/<match>/), a finished game's
replay (/play/g/<game>/replay/) and the judges' console for an event (/play/judge/<slug>/).

Thin: permission and context here; writes go through ``gameplay.services``. The table page's template
and its script belong to the game-table work (templates/gameplay/table.html, static/gameplay/); this view
gives it the match, game, viewer, websocket URL and the initial state.
"""
from __future__ import annotations

import json

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.template.loader import select_template
from django.urls import reverse
from django.views.decorators.http import require_POST

from decks.models import DecklistVersion, Format
from gameplay import selectors, services
from gameplay.access import SpectatingRefused
from gameplay.models import HostedGame, HostedMatch


def _deck_choice(request: HttpRequest, field: str = "deck") -> dict:
    value = request.POST.get(field, "")
    if value.startswith("version:"):
        return {"decklist_version": value.split(":", 1)[1]}
    if value.startswith("random:"):
        return {"random_format": value.split(":", 1)[1]}
    return {}


def _deck_options(user) -> dict:
    versions = (DecklistVersion.objects.filter(decklist__player=user, legal=True, decklist__current_id__isnull=False)
                .select_related("decklist__event").order_by("-submitted_at")[:30])
    mine = [v for v in versions if v.decklist.current_id == v.pk]
    formats = [f for f in Format.objects.filter(game__slug="mlp").order_by("name") if not f.rules.get("pool")]
    return {"versions": mine, "formats": formats}


@login_required
def lobby(request: HttpRequest) -> HttpResponse:
    matches = list(selectors.matches_for_user(request.user).order_by("-created_at")[:40])
    for m in matches:
        m.me = next((s.index for s in m.seats.all() if s.user_id == request.user.pk or
                     (s.registration_id and s.registration.player_id == request.user.pk)), None)
        m.current = max(m.games.all(), key=lambda g: g.number, default=None)
    live = [m for m in matches if m.status in HostedMatch.LIVE]
    done = [m for m in matches if m.status not in HostedMatch.LIVE]
    return render(request, "gameplay/lobby.html", {"live": live, "done": done, **_deck_options(request.user)})


@login_required
@require_POST
def challenge(request: HttpRequest) -> HttpResponse:
    bot = request.POST.get("opponent_kind") == "bot"
    try:
        match = services.casual_challenge(by=request.user, deck=_deck_choice(request), opponent=None if bot else request.POST.get("opponent", "").strip(),
                                          bot=bot, best_of=3 if request.POST.get("best_of") == "3" else 1)
    except services.GameError as exc:
        messages.error(request, str(exc))
        return redirect("play-lobby")
    if bot:
        return redirect("play-table", match_id=match.pk)
    messages.success(request, f"Challenge sent to {request.POST.get('opponent')}. The game starts when they accept.")
    return redirect("play-lobby")


@login_required
@require_POST
def match_respond(request: HttpRequest, match_id: int, answer: str) -> HttpResponse:
    try:
        if answer == "accept":
            services.casual_accept(match_id=match_id, by=request.user, deck=_deck_choice(request))
            return redirect("play-table", match_id=match_id)
        if answer == "concede":
            services.match_concede(match_id=match_id, user=request.user)
            messages.info(request, "You conceded the match (103.4).")
        else:
            services.casual_cancel(match_id=match_id, by=request.user)
            messages.info(request, "Challenge cancelled.")
    except services.GameError as exc:
        messages.error(request, str(exc))
    return redirect("play-lobby")


def _table_context(request: HttpRequest, game: HostedGame, viewer: selectors.Viewer | None = None) -> dict:
    if viewer is None:
        try:
            viewer = selectors.game_viewer(game=game, user=request.user)
        except services.Forbidden as exc:
            raise PermissionDenied(str(exc)) from None
    state = selectors.game_state_payload(game=game, viewer=viewer)
    scheme = "wss" if request.is_secure() else "ws"
    return {
        "match": game.match, "game": game, "viewer": viewer.as_dict(), "state": state,
        "state_json": json.dumps(state), "ws_url": f"{scheme}://{request.get_host()}/ws/play/g/{game.pk}/",
        "ws_path": f"/ws/play/g/{game.pk}/", "api_base": f"/api/play/games/{game.pk}/",
        "seats": list(game.match.seats.order_by("index")),
    }


@login_required
def table(request: HttpRequest, match_id: int) -> HttpResponse:
    match = get_object_or_404(HostedMatch, pk=match_id)
    game = selectors.match_current_game(match)
    if game is None:
        messages.info(request, "This match has not started: it waits for the challenged player to accept.")
        return redirect("play-lobby")
    game = selectors.game_get(game.pk)
    try:
        viewer = selectors.game_viewer(game=game, user=request.user)
    except SpectatingRefused as exc:
        return _refused(request, game, "You may not watch this table", str(exc))
    template = select_template(["gameplay/table.html", "gameplay/table_fallback.html"])
    return HttpResponse(template.render(_table_context(request, game, viewer), request))


def _refused(request: HttpRequest, game: HostedGame, title: str, why: str) -> HttpResponse:
    """The explained 403 page: what was refused and why (the event's spectating or replay policy)."""
    tm = game.match.tournament_match
    return render(request, "403.html", {"title": title, "explanation": why, "event": tm.round.event if tm else None}, status=403)


def replay(request: HttpRequest, game_id: int) -> HttpResponse:
    """A finished game step by step. Open to anyone once the event's organiser published its replays
    (spectator view); before that to the players, the judges and the organiser (``gameplay.access``)."""
    game = selectors.game_get(game_id)
    try:
        viewer = selectors.replay_viewer(game=game, user=request.user)
    except SpectatingRefused as exc:
        if not request.user.is_authenticated:
            return redirect_to_login(request.get_full_path())
        return _refused(request, game, "This replay is not published", str(exc))
    if game.status in HostedGame.LIVE and viewer.role != "judge":
        return _refused(request, game, "This game is still being played", "The replay opens when the game is over.")
    ctx = _table_context(request, game, viewer)
    ctx["log"] = selectors.game_log(game=game, viewer=viewer)
    return render(request, "gameplay/replay.html", ctx)


@login_required
def judge_console(request: HttpRequest, slug: str) -> HttpResponse:
    from tournaments import roles
    from tournaments.models import Event

    event = get_object_or_404(Event, slug=slug)
    if not roles.is_judge(event, request.user):
        raise PermissionDenied("Only the event's judges see the online console.")
    from gameplay.models import OnlineEventSettings

    clocks = OnlineEventSettings.objects.filter(event=event).first() or OnlineEventSettings(event=event)
    return render(request, "gameplay/judge_console.html", {
        "event": event, "games": selectors.event_live_games(event=event), "clocks": clocks,
        "may_set_clocks": roles.is_organiser(event, request.user) or roles.is_head_judge(event, request.user)})


@login_required
@require_POST
def online_clocks(request: HttpRequest, slug: str) -> HttpResponse:
    from tournaments.models import Event

    event = get_object_or_404(Event, slug=slug)
    try:
        services.online_settings_update(event=event, by=request.user, decision_seconds=int(request.POST.get("decision_seconds", 0)),
                                        grace_seconds=int(request.POST.get("grace_seconds", 0)))
        messages.success(request, "Online clocks saved (for matches paired from now on).")
    except (ValueError, PermissionDenied) as exc:
        messages.error(request, str(exc) if not isinstance(exc, ValueError) or str(exc).startswith(("decision", "grace")) else "Give whole seconds.")
    return redirect("play-judge", slug=slug)


@login_required
@require_POST
def judge_action(request: HttpRequest, game_id: int, what: str) -> HttpResponse:
    game = selectors.game_get(game_id)
    slug = game.match.tournament_match.round.event.slug if game.match.tournament_match else None
    p = request.POST
    try:
        if what in ("pause", "resume"):
            services.judge_pause(game_id=game_id, by=request.user, paused=what == "pause", reason=p.get("reason", ""))
        elif what == "add-time":
            services.judge_add_time(game_id=game_id, by=request.user, minutes=int(p.get("minutes") or 0), reason=p.get("reason", ""))
        elif what == "penalty":
            services.judge_penalty(game_id=game_id, by=request.user, seat=int(p.get("seat", -1)), kind=p.get("kind", ""),
                                   infraction=p.get("infraction", ""), note=p.get("note", ""))
        elif what == "rollback":
            services.judge_rollback(game_id=game_id, by=request.user, to_seq=int(p.get("to_seq", -1)), reason=p.get("reason", ""))
        elif what == "answer":
            services.judge_call_answer(call_id=int(p.get("call", 0)), by=request.user)
        messages.success(request, "Done.")
    except ValueError as exc:  # GameError and EventError are ValueErrors; int() too
        messages.error(request, str(exc))
    except PermissionDenied as exc:
        messages.error(request, str(exc))
    return redirect(reverse("play-judge", args=[slug]) if slug else reverse("play-lobby"))


# --------------------------------------------------------------------------- the organiser's choices for an event's tables


def _back(request: HttpRequest, slug: str) -> HttpResponse:
    from django.utils.http import url_has_allowed_host_and_scheme

    nxt = request.POST.get("next", "")
    if not url_has_allowed_host_and_scheme(nxt, allowed_hosts={request.get_host()}, require_https=request.is_secure()):
        nxt = reverse("event-detail", args=[slug])
    return redirect(nxt)


def _event_write(request: HttpRequest, slug: str, write, done: str) -> HttpResponse:
    from tournaments.models import Event

    event = get_object_or_404(Event, slug=slug)
    try:
        write(event)
    except services.Forbidden as exc:
        return render(request, "403.html", {"title": "You may not do that here", "explanation": str(exc), "event": event}, status=403)
    except services.GameError as exc:
        messages.error(request, str(exc))
    else:
        messages.success(request, done)
    return _back(request, slug)


@login_required
@require_POST
def online_spectating(request: HttpRequest, slug: str) -> HttpResponse:
    """The organiser chooses who may watch the event's tables."""
    p = request.POST
    return _event_write(request, slug, lambda event: services.event_spectating_set(
        event=event, by=request.user, spectators=p.get("spectators", ""), scouting_allowed=p.get("scouting_allowed") == "1"),
        "Spectating policy saved.")


@login_required
@require_POST
def online_replays(request: HttpRequest, slug: str) -> HttpResponse:
    """The organiser publishes the event's replays (or makes them private again)."""
    publish = request.POST.get("publish") != "0"
    return _event_write(request, slug, lambda event: services.event_replays_publish(event=event, by=request.user, publish=publish),
                        "Replays published: anyone with the link may watch them." if publish else "Replays are private again.")


@login_required
@require_POST
def online_feature(request: HttpRequest, slug: str) -> HttpResponse:
    """The organiser or the head judge features a table (or stops featuring it)."""
    featured = request.POST.get("featured") != "0"
    match_id = request.POST.get("match", "")
    if not match_id.isdigit():
        messages.error(request, "match: give the online match to feature.")
        return _back(request, slug)
    return _event_write(request, slug, lambda event: services.match_feature(match_id=int(match_id), by=request.user, featured=featured),
                        "Table featured: spectators may watch it." if featured else "The table is no longer featured.")
