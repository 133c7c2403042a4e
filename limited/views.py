"""Web pages of a limited event: the organiser's setup and pods, the judges' pool lists, the pick screen,
the deck builder and the draft log. Thin: reads from ``limited.selectors``, every POST calls one service."""
from __future__ import annotations

import json

from django.contrib import messages
from django.contrib.auth import get_user_model
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.views.decorators.http import require_POST

from decks.deckparse import DeckInputError, parse_deck
from decks.models import CardSet
from decks.services import decklist_deadline, decklist_locked
from limited import draft, late, selectors, services
from limited.models import LimitedEvent, LimitedProduct
from limited.presets import PRESETS
from tournaments import roles
from tournaments.models import Event
from tournaments.services.common import EventError


def _event(request: HttpRequest, slug: str) -> Event:
    event = get_object_or_404(Event.objects.select_related("format", "game", "organiser"), slug=slug)
    if event.status == Event.Status.DRAFT and not roles.is_event_staff(event, request.user):
        raise Http404("No such event.")
    return event


def _refuse(request: HttpRequest, event: Event, why: str) -> HttpResponse:
    return render(request, "limited/refused.html", {"event": event, "why": why}, status=403)


def limited_home(request: HttpRequest, slug: str) -> HttpResponse:
    event = _event(request, slug)
    limited = LimitedEvent.objects.filter(event=event).first()
    have = roles.event_roles(event, request.user)
    seat = selectors.seat_for_event(limited, request.user) if limited else None
    ctx = {
        "event": event, "limited": limited, "is_organiser": "organiser" in have,
        "is_staff": roles.is_event_staff(event, request.user), "seat": seat,
        "pods": selectors.pods_public(limited) if limited else [],
        "presets": PRESETS, "products": LimitedProduct.objects.order_by("name"),
        "sets": CardSet.objects.filter(game__slug="mlp").exclude(packaging=[]).order_by("release_date", "code"),
        "has_pool": bool(request.user.is_authenticated and limited and event.card_pools.filter(player=request.user).exists()),
        "missing_decks": late.late_decks_missing(event) if limited and roles.is_event_staff(event, request.user) else [],
    }
    return render(request, "limited/home.html", ctx)


@require_POST
@login_required
def limited_action(request: HttpRequest, slug: str, action: str) -> HttpResponse:
    event = _event(request, slug)
    try:
        if action == "configure":
            services.limited_configure(event=event, by=request.user, **_configure_input(request.POST))
            messages.success(request, "The limited setup is saved.")
        elif action == "open-pools":
            n = services.sealed_open_pools(event=event, by=request.user)
            messages.success(request, f"{n} sealed pools opened. Players build their decks now.")
        elif action == "seat-pods":
            pods = draft.draft_seat_pods(event=event, by=request.user)
            messages.success(request, f"{len(pods)} pod(s) seated.")
        elif action == "start-draft":
            draft.draft_start(event=event, by=request.user)
            messages.success(request, "The draft has begun.")
        else:
            raise Http404("No such action.")
    except PermissionDenied as exc:
        return _refuse(request, event, str(exc))
    except (EventError, ValueError) as exc:
        messages.error(request, str(exc))
    return redirect("limited-home", slug=event.slug)


def _configure_input(post) -> dict:
    kind = post.get("kind", "")
    source = post.get("source", "preset")
    out = {
        "kind": kind, "mode": post.get("mode", "online"), "bots_fill": post.get("bots_fill") == "on",
        "pod_size": _number(post, "pod_size", 8), "pick_timer_max": _number(post, "pick_timer_max", 75),
        "pick_timer_min": _number(post, "pick_timer_min", 10), "review_seconds": _number(post, "review_seconds", 30),
        "pod_rounds": _number(post, "pod_rounds", 0),
        "pod_sizes": [int(x) for x in post.get("pod_sizes", "").replace(",", " ").split() if x.isdigit()],
        "extra_cards": post.get("extra_cards", "").replace(",", " ").split(),
    }
    if source == "preset":
        out["preset_key"] = post.get(f"preset_{kind}", "")
    elif source == "product":
        out["product"] = LimitedProduct.objects.filter(pk=_number(post, "product", 0)).first()
        if out["product"] is None:
            raise EventError("product: choose a special product.")
    else:
        out["packs"] = post.get("packs", "").replace(",", " ").split()
    return out


def _number(post, key: str, default: int) -> int:
    value = post.get(key, "")
    if value in ("", None):
        return default
    try:
        return int(value)
    except ValueError:
        raise EventError(f"{key}: a whole number, please.") from None


@login_required
def pool_lists(request: HttpRequest, slug: str) -> HttpResponse:
    event = _event(request, slug)
    if not roles.is_event_staff(event, request.user):
        return _refuse(request, event, "Only the event's organiser and judges see every player's pool.")
    limited = services.limited_of(event)
    return render(request, "limited/pool_lists.html", {"event": event, "limited": limited, "pools": selectors.pool_lists(limited)})


@login_required
def pool_record(request: HttpRequest, slug: str, username: str) -> HttpResponse:
    """Paper events: a judge types the pool a player opened or drafted (one "qty card" per line)."""
    event = _event(request, slug)
    player = get_object_or_404(get_user_model(), username=username)
    if not roles.is_event_staff(event, request.user):
        return _refuse(request, event, "Only the event's judges record pools.")
    error = ""
    if request.method == "POST":
        try:
            _kind, lines, _info = parse_deck(request.POST.get("cards", ""), kind="text")
            cards: dict[str, int] = {}
            for line in lines:
                cards[line.name] = cards.get(line.name, 0) + line.qty
            services.pool_set_by_judge(event=event, by=request.user, player=player, cards=cards)
            messages.success(request, f"Pool of {player.username} recorded.")
            return redirect("limited-pools", slug=slug)
        except (DeckInputError, EventError) as exc:
            error = str(exc)
    return render(request, "limited/pool_record.html", {"event": event, "player": player, "error": error,
                                                        "text": request.POST.get("cards", "")})


@login_required
def draft_page(request: HttpRequest, slug: str) -> HttpResponse:
    event = _event(request, slug)
    limited = services.limited_of(event)
    seat = selectors.seat_for_event(limited, request.user)
    if seat is None:
        return _refuse(request, event, "You have no seat in this draft: only seated drafters see the pick screen.")
    return render(request, "limited/draft.html", {"event": event, "seat": seat, "view_json": json.dumps(selectors.draft_view(seat))})


@login_required
def draft_log_page(request: HttpRequest, slug: str) -> HttpResponse:
    event = _event(request, slug)
    seat = selectors.seat_for_event(services.limited_of(event), request.user)
    if seat is None:
        return _refuse(request, event, "You have no seat in this draft.")
    if seat.pod.status != "finished":
        return _refuse(request, event, "Your draft log opens when your pod has finished drafting.")
    return render(request, "limited/draft_log.html", {"event": event, "seat": seat, "picks": selectors.draft_log(seat)})


@login_required
def draft_export(request: HttpRequest, slug: str) -> HttpResponse:
    event = _event(request, slug)
    if not roles.is_event_staff(event, request.user):
        return _refuse(request, event, "Only the event's organiser and judges export the draft logs.")
    response = HttpResponse(selectors.draft_log_csv(services.limited_of(event)), content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{event.slug}-draft-log.csv"'
    return response


@login_required
def deck_builder(request: HttpRequest, slug: str) -> HttpResponse:
    event = _event(request, slug)
    limited = services.limited_of(event)
    pool = selectors.pool_cards(event=event, player=request.user)
    if not pool:
        return _refuse(request, event, "You have no pool in this event yet: it is opened at the start (sealed) or "
                                       "made by your picks (draft).")
    current = event.decklists.filter(player=request.user).select_related("current").first()
    deck = {e["card"]: e["qty"] for e in (current.current.entries if current and current.current else []) if e.get("card")}
    data = {"pool": pool, "provided": selectors.provided_cards(limited), "deck": deck}
    locked, late_deck = decklist_locked(event), None
    registration = event.registrations.filter(player=request.user).select_related("player").first()
    if event.status in late.STARTED and registration is not None:
        late_deck = late.late_deck_of(event, registration)  # warned at the start: open until the first match needs it
        locked = not late_deck.open
    return render(request, "limited/deck_builder.html", {
        "event": event, "limited": limited, "data_json": json.dumps(data), "deadline": decklist_deadline(event),
        "locked": locked, "late": late_deck, "version": current.current.number if current and current.current else None,
    })
