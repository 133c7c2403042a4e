"""Web pages: public event pages, the player's panel, the organiser's admin and the judges' phone page.

Views are thin: reads come from selectors; every POST goes through ``operations.perform`` → one service.
"""
from __future__ import annotations

import csv
import json

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.http import url_has_allowed_host_and_scheme
from django.views.decorators.http import require_POST

from decks.models import Format
from tournaments import roles, selectors, services
from tournaments.models import Event, Penalty, Registration
from tournaments.operations import InputError, perform
from tournaments.tiers import tier_rules


def _event(slug: str) -> Event:
    return get_object_or_404(Event.objects.select_related("game", "format", "organiser"), slug=slug)


def event_list(request: HttpRequest) -> HttpResponse:
    return render(request, "tournaments/event_list.html", {"events": selectors.event_list(include_drafts_for=request.user)})


def _context(request: HttpRequest, event: Event) -> dict:
    state = selectors.event_state(event=event, user=request.user)
    have = set(state["roles"])
    reg = selectors.registration_of(event=event, user=request.user)
    return {
        "event": event, "state": state, "rules": tier_rules(event.tier), "registration": reg,
        "pending_roles": sorted(roles.pending_roles(event, request.user)),
        "is_organiser": "organiser" in have, "is_judge": bool(have & {"head_judge", "floor_judge"}),
        "is_head_judge": "head_judge" in have, "round": state["rounds"][-1] if state["rounds"] else None,
        "me": state.get("me"), "standings": state["standings"], "bracket": state["bracket"],
        "penalty_kinds": Penalty.Kind.choices,
    }


def event_detail(request: HttpRequest, slug: str) -> HttpResponse:
    event = _event(slug)
    named = roles.pending_roles(event, request.user)  # a judge named to a draft event sees it to accept
    if event.status == Event.Status.DRAFT and not roles.is_event_staff(event, request.user) and not named:
        raise Http404("No such event.")
    return render(request, "tournaments/event_detail.html", _context(request, event))


@login_required
def event_admin(request: HttpRequest, slug: str) -> HttpResponse:
    event = _event(slug)
    if not roles.is_organiser(event, request.user) and not roles.is_head_judge(event, request.user):
        raise PermissionDenied("Only the organiser and the head judge see the event admin.")
    ctx = _context(request, event)
    ctx["registrations"] = Registration.objects.filter(event=event).select_related("player").order_by("status", "created_at")
    ctx["audit"] = selectors.audit_list(event=event)[:50]
    ctx["late_policies"] = Registration.LatePolicy.choices
    return render(request, "tournaments/event_admin.html", ctx)


@login_required
def event_judge(request: HttpRequest, slug: str) -> HttpResponse:
    event = _event(slug)
    if not roles.is_judge(event, request.user):
        raise PermissionDenied("Only the event's judges see the judge page.")
    ctx = _context(request, event)
    ctx["registrations"] = Registration.objects.filter(event=event, status=Registration.Status.CHECKED_IN).select_related("player")
    return render(request, "tournaments/event_judge.html", ctx)


@require_POST
def event_action(request: HttpRequest, slug: str, action: str) -> HttpResponse:
    event = _event(slug)
    data = request.POST.dict()
    try:
        message, _ = perform(event=event, user=request.user, name=action.replace("-", "_"), data=data)
        messages.success(request, message)
    except (services.EventError, InputError) as exc:
        messages.error(request, str(exc))
    except PermissionDenied as exc:
        if not request.user.is_authenticated:
            return redirect(f"{reverse('login')}?next={reverse('event-detail', args=[slug])}")
        messages.error(request, str(exc) or "You may not do that.")
        return HttpResponse(str(exc) or "Forbidden", status=403)
    nxt = data.get("next", "")
    if not url_has_allowed_host_and_scheme(nxt, allowed_hosts={request.get_host()}, require_https=request.is_secure()):
        nxt = reverse("event-detail", args=[slug])
    return redirect(nxt)


def event_state_json(request: HttpRequest, slug: str) -> JsonResponse:
    event = _event(slug)
    if event.status == Event.Status.DRAFT and not roles.is_event_staff(event, request.user):
        raise Http404
    return JsonResponse(selectors.event_state(event=event, user=request.user))


def event_export_json(request: HttpRequest, slug: str) -> HttpResponse:
    event = _event(slug)
    if event.status == Event.Status.DRAFT:
        raise Http404
    response = HttpResponse(json.dumps(selectors.event_export(event=event), indent=2), content_type="application/json")
    response["Content-Disposition"] = f'attachment; filename="{slug}.json"'
    return response


def _csv(rows: list[list], filename: str) -> HttpResponse:
    response = HttpResponse(content_type="text/csv")
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    csv.writer(response).writerows(rows)
    return response


def _public_event(request: HttpRequest, slug: str) -> Event:
    event = _event(slug)
    if event.status == Event.Status.DRAFT and not roles.is_event_staff(event, request.user):
        raise Http404("No such event.")
    return event


def event_standings_csv(request: HttpRequest, slug: str) -> HttpResponse:
    event = _public_event(request, slug)
    return _csv(selectors.standings_csv_rows(event=event), f"{slug}-standings.csv")


def event_pairings_csv(request: HttpRequest, slug: str) -> HttpResponse:
    event = _public_event(request, slug)
    return _csv(selectors.pairings_csv_rows(event=event), f"{slug}-pairings.csv")


class EventForm(forms.Form):
    name = forms.CharField(max_length=200)
    format = forms.ModelChoiceField(queryset=Format.objects.select_related("game").order_by("game__slug", "name"))
    tier = forms.TypedChoiceField(choices=Event.Tier.choices, coerce=int, initial=1)
    structure = forms.ChoiceField(choices=Event.Structure.choices)
    starts_at = forms.DateTimeField(widget=forms.DateTimeInput(attrs={"type": "datetime-local"}))
    decklist_deadline = forms.DateTimeField(required=False, widget=forms.DateTimeInput(attrs={"type": "datetime-local"}))
    capacity = forms.IntegerField(required=False, min_value=4)
    online = forms.BooleanField(required=False)
    venue = forms.CharField(required=False, max_length=200)
    head_judge = forms.CharField(required=False, help_text="Username")
    elimination_announced = forms.BooleanField(required=False, label="Elimination rounds announced (Tier 1)")


def _organiser_request(request: HttpRequest) -> HttpResponse:
    """Not an organiser yet: the page to ask the site staff for it."""
    from tournaments.models import OrganiserRequest

    about, error = request.POST.get("about", ""), ""
    if request.method == "POST":
        try:
            services.organiser_request(by=request.user, about=about)
        except services.EventError as exc:
            error = str(exc)
        else:
            messages.success(request, "Request sent to the site staff.")
            return redirect("event-create")
    waiting = OrganiserRequest.objects.filter(user=request.user, approved__isnull=True).exists()
    return render(request, "tournaments/organiser_request.html", {"about": about, "error": error, "waiting": waiting})


@login_required
def event_create(request: HttpRequest) -> HttpResponse:
    if not roles.may_organise(request.user):
        return _organiser_request(request)
    form = EventForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        d = form.cleaned_data
        from django.contrib.auth import get_user_model

        hj = get_user_model().objects.filter(username=d["head_judge"]).first() if d["head_judge"] else None
        if d["head_judge"] and hj is None:
            form.add_error("head_judge", "No such user.")
        else:
            try:
                event = services.event_create(
                    by=request.user, name=d["name"], game=d["format"].game, format=d["format"], tier=d["tier"],
                    structure=d["structure"], starts_at=d["starts_at"], decklist_deadline=d["decklist_deadline"],
                    capacity=d["capacity"], online=d["online"], venue=d["venue"], head_judge=hj,
                    elimination_announced=d["elimination_announced"],
                )
            except services.EventError as exc:
                form.add_error(None, str(exc))
            else:
                messages.success(request, "Event created. Open registration when you are ready.")
                return redirect("event-admin", slug=event.slug)
    return render(request, "tournaments/event_form.html", {"form": form})
