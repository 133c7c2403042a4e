"""Decklist pages: the public deck check, a player's own list, the event's lists for staff, publication.

Thin edges: parse the form, check permission (selectors / services), call one service, render the report
dict that ``DeckReport.as_dict()`` builds (the same the API returns and the command prints).
"""
from __future__ import annotations

import datetime as dt

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied, RequestDataTooBig
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils import timezone
from django.views.decorators.http import require_POST

from decks import selectors, services
from decks.deckparse import MAX_DECK_BYTES, DeckInputError
from decks.export import decklist_to_o8d, decklist_to_text
from decks.models import Decklist, DecklistChangeRequest, Format
from decks.validation import UnknownFormat, validate_deck_input
from tournaments import event_selectors


def _event(slug: str):
    return get_object_or_404(event_selectors.events(), slug=slug)


def read_deck_input(request: HttpRequest) -> bytes | str:
    """The pasted text or the uploaded file (bounded); raises ``DeckInputError``."""
    upload = request.FILES.get("deck_file")
    if upload is not None:
        if upload.size > MAX_DECK_BYTES:
            raise DeckInputError(f"the file is {upload.size // 1024} KB; a decklist is a few KB "
                                 f"(at most {MAX_DECK_BYTES // 1024} KB)")
        return upload.read(MAX_DECK_BYTES + 1)
    text = request.POST.get("deck", "")
    if not text.strip():
        raise DeckInputError("paste a decklist or choose a file")
    return text


def _body_too_big(request: HttpRequest) -> bool:
    """A pasted text over Django's upload limit: refuse it with a clear message rather than a bare 400."""
    if request.method != "POST":
        return False
    try:
        request.POST  # noqa: B018 - reading the body is the check
    except RequestDataTooBig:
        return True
    return False


TOO_BIG = f"the decklist is too large; a decklist is a few KB (at most {MAX_DECK_BYTES // 1024} KB)"


def decklist_validate(request: HttpRequest) -> HttpResponse:
    """Anyone: paste or upload a list, pick a format and a date, see the report."""
    if _body_too_big(request):
        return render(request, "decks/decklist_validate.html", {"error": TOO_BIG, "formats": Format.objects.all()}, status=400)
    formats = Format.objects.select_related("game").order_by("game__slug", "name")
    ctx = {"formats": formats, "report": None, "error": "", "deck": "",
           "format_slug": request.POST.get("format") or request.GET.get("format") or "mlp-harmony",
           "date": request.POST.get("date") or timezone.localdate().isoformat()}
    ctx["deck_game"] = next((f.game.slug for f in formats if f.slug == ctx["format_slug"]), "mlp")
    if request.method == "POST":
        ctx["deck"] = request.POST.get("deck", "")[:MAX_DECK_BYTES]
        try:
            on = dt.date.fromisoformat(ctx["date"])
        except ValueError:
            ctx["error"] = f"{ctx['date']!r} is not a date (YYYY-MM-DD)"
        else:
            try:
                ctx["report"] = validate_deck_input(data=read_deck_input(request), fmt=ctx["format_slug"], on=on).as_dict()
            except (DeckInputError, UnknownFormat) as exc:
                ctx["error"] = str(exc).strip("'\"")
        status = 400 if ctx["error"] else 200
        return render(request, "decks/decklist_validate.html", ctx, status=status)
    return render(request, "decks/decklist_validate.html", ctx)


def _event_ctx(event, user) -> dict:
    held = event_selectors.roles_held(event, user)
    return {
        "event": event, "is_staff": held.staff, "is_organiser": held.organiser, "is_head_judge": held.head_judge,
        "is_judge": held.judge,
        "deadline": services.decklist_deadline(event), "locked": services.decklist_locked(event),
        "started": services.event_has_started(event), "required": services.decklist_required(event),
        "published": selectors.decklists_published(event), "deck_game": event.game.slug,
    }


@login_required
def decklist_mine(request: HttpRequest, event_slug: str) -> HttpResponse:
    """The player's own list: submit, view the report, replace before the deadline, ask for a change after."""
    event = _event(event_slug)
    if _body_too_big(request):
        messages.error(request, TOO_BIG)
        return redirect("decklist-mine", event_slug=event.slug)
    ctx = _event_ctx(event, request.user)
    registered = services.player_is_registered(event, request.user)
    decklist = Decklist.objects.filter(event=event, player=request.user).select_related("current").first()
    ctx.update({"registered": registered, "decklist": decklist, "error": "", "deck": "", "report": None,
                "pending": decklist.change_requests.filter(status="pending").first() if decklist else None})
    status = 200
    if request.method == "POST":
        if not registered:
            raise PermissionDenied("only players registered for the event may submit a decklist")
        ctx["deck"] = request.POST.get("deck", "")[:MAX_DECK_BYTES]
        try:
            data = read_deck_input(request)
            if ctx["locked"]:
                if decklist is None:
                    raise services.DecklistError("the deadline has passed and you have no list to change")
                services.decklist_change_request(decklist=decklist, requested_by=request.user, data=data,
                                                 reason=request.POST.get("reason", ""))
                messages.success(request, "Change requested: the head judge will approve or reject it.")
            else:
                _dl, version, report = services.decklist_submit(
                    event=event, player=request.user, data=data, reason=request.POST.get("reason", ""),
                    replace_legal=request.POST.get("replace_legal") == "1")
                if not report.legal:
                    messages.error(request, "Saved, but the deck is not legal yet: see the problems below.")
                elif report.flagged:
                    messages.warning(request, "Saved, with incorrect lines flagged: correct them before the deadline.")
                else:
                    messages.success(request, f"Decklist accepted (version {version.number}): the deck is legal.")
            return redirect("decklist-mine", event_slug=event.slug)
        except services.LegalListWouldBeReplaced as exc:
            # Nothing saved: show the new list's problems and ask before the legal list is replaced.
            ctx.update({"confirm_replace": str(exc), "report": exc.report.as_dict()})
            return render(request, "decks/decklist_mine.html", ctx, status=409)
        except (DeckInputError, services.DecklistError) as exc:
            ctx["error"] = str(exc)
            status = 400
    shown = decklist.current if decklist else None
    if decklist and request.GET.get("version", "").isdigit():  # an earlier version, opened from the history
        shown = decklist.versions.filter(number=int(request.GET["version"])).first() or shown
        ctx["viewing"] = shown if shown is not None and shown.pk != decklist.current_id else None
    if shown is not None:
        ctx["report"] = shown.report
        if not ctx["deck"]:
            ctx["deck"] = shown.source if shown.source_kind == "text" else \
                decklist_to_text(game=event.game.slug, entries=shown.entries)
    if decklist:
        ctx["versions"] = decklist.versions.select_related("submitted_by").order_by("-number")
    return render(request, "decks/decklist_mine.html", ctx, status=status)


@require_POST
@login_required
def decklist_restore(request: HttpRequest, event_slug: str, number: int) -> HttpResponse:
    """The player makes an earlier version their registered list again (before the deadline)."""
    event = _event(event_slug)
    decklist = Decklist.objects.filter(event=event, player=request.user).first()
    if decklist is None:
        raise Http404("you have no decklist for this event")
    try:
        version, report = services.decklist_restore(decklist=decklist, number=number, by=request.user,
                                                    replace_legal=request.POST.get("replace_legal") == "1")
    except services.LegalListWouldBeReplaced as exc:
        messages.error(request, f"Version {number} is not legal now: {exc}.")
        return redirect(f"{reverse('decklist-mine', args=[event.slug])}?version={number}&confirm=1")
    except services.DecklistError as exc:
        messages.error(request, str(exc))
        return redirect("decklist-mine", event_slug=event.slug)
    verdict = "the deck is legal" if report.legal else "the deck is not legal: see the problems below"
    messages.success(request, f"Version {number} restored as version {version.number}; {verdict}.")
    return redirect("decklist-mine", event_slug=event.slug)


def decklist_event(request: HttpRequest, event_slug: str) -> HttpResponse:
    """All lists of the event: organiser and judges always; everyone once published."""
    event = _event(event_slug)
    try:
        decklists = selectors.decklists_for_event(event=event, user=request.user)
    except PermissionDenied:
        if request.user.is_authenticated and services.player_is_registered(event, request.user):
            return redirect("decklist-mine", event_slug=event.slug)
        raise
    ctx = _event_ctx(event, request.user)
    ctx["decklists"] = decklists
    if ctx["is_staff"]:
        submitted = {d.player_id for d in decklists if d.current_id}
        ctx["missing"] = [u for u in services.registered_players(event) if u.pk not in submitted]
    ctx["pending"] = DecklistChangeRequest.objects.filter(decklist__event=event, status="pending").select_related(
        "decklist__player") if ctx["is_staff"] else []
    return render(request, "decks/decklist_event.html", ctx)


def decklist_detail(request: HttpRequest, event_slug: str, username: str) -> HttpResponse:
    event = _event(event_slug)
    try:
        decklist = selectors.decklist_get(event=event, player_username=username, user=request.user)
    except Decklist.DoesNotExist:
        raise Http404("no decklist") from None
    ctx = _event_ctx(event, request.user)
    ctx.update({
        "decklist": decklist, "report": decklist.current.report if decklist.current else None,
        "versions": decklist.versions.select_related("submitted_by", "approved_by").order_by("-number"),
        "changes": decklist.change_requests.select_related("requested_by", "decided_by"),
        "audit": decklist.audit.select_related("actor") if ctx["is_staff"] or decklist.player_id == request.user.pk else [],
        "checks": decklist.deck_checks.select_related("judge") if ctx["is_staff"] else [],
    })
    return render(request, "decks/decklist_detail.html", ctx)


def decklist_export(request: HttpRequest, event_slug: str, username: str, fmt: str) -> HttpResponse:
    event = _event(event_slug)
    try:
        decklist = selectors.decklist_get(event=event, player_username=username, user=request.user)
    except Decklist.DoesNotExist:
        raise Http404("no decklist") from None
    if decklist.current is None:
        raise Http404("no decklist")
    entries, game = decklist.current.entries, event.game.slug
    if fmt == "o8d":
        body, ctype = decklist_to_o8d(game=game, entries=entries), "application/xml; charset=utf-8"
    else:
        body, ctype = decklist_to_text(game=game, entries=entries), "text/plain; charset=utf-8"
    response = HttpResponse(body, content_type=ctype)
    response["Content-Disposition"] = f'attachment; filename="{event.slug}-{username}.{fmt}"'
    return response


@require_POST
@login_required
def decklist_publish(request: HttpRequest, event_slug: str) -> HttpResponse:
    event = _event(event_slug)
    try:
        services.decklists_publish(event=event, by=request.user)
    except services.DecklistError as exc:
        messages.error(request, f"Not published: {exc}.")
    else:
        messages.success(request, "Decklists published: anyone can now read them.")
    return redirect("decklist-event", event_slug=event.slug)


@require_POST
@login_required
def decklist_change_decide(request: HttpRequest, event_slug: str, pk: int) -> HttpResponse:
    event = _event(event_slug)
    change = get_object_or_404(DecklistChangeRequest.objects.select_related("decklist__player"), pk=pk, decklist__event=event)
    try:
        services.decklist_change_decide(change_request=change, judge=request.user,
                                        approve=request.POST.get("decision") == "approve", note=request.POST.get("note", ""))
        messages.success(request, f"Change {'approved' if request.POST.get('decision') == 'approve' else 'rejected'}.")
    except services.DecklistError as exc:
        messages.error(request, str(exc))
    return redirect("decklist-detail", event_slug=event.slug, username=change.decklist.player.username)


@require_POST
@login_required
def decklist_deck_check(request: HttpRequest, event_slug: str, username: str) -> HttpResponse:
    event = _event(event_slug)
    if not event_selectors.is_judge(event, request.user):
        raise PermissionDenied("only the event's judges may record deck checks")
    decklist = get_object_or_404(Decklist, event=event, player__username=username)
    round_text = request.POST.get("round", "").strip()
    try:
        check = services.deck_check_record(
            decklist=decklist, judge=request.user, matches=request.POST.get("outcome") == "matches",
            note=request.POST.get("note", ""), penalty_class=request.POST.get("penalty_class") or None,
            round_number=int(round_text) if round_text.isdigit() else None,
        )
        messages.success(request, f"Deck check recorded: {check.get_outcome_display()}"
                         + (f", {check.get_penalty_class_display()}" if check.penalty_class else ""))
    except services.DecklistError as exc:
        messages.error(request, str(exc))
    return redirect("decklist-detail", event_slug=event.slug, username=username)
