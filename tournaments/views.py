"""Web pages: public event pages, the player's panel, the organiser's admin and the judges' phone page.

Views are thin: reads come from selectors; every POST goes through ``operations.perform`` → one service.
"""
from __future__ import annotations

import csv
import json
from datetime import datetime, timedelta

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.http import url_has_allowed_host_and_scheme
from django.views.decorators.http import require_POST

from decks.models import Format
from tournaments import roles, selectors, services
from tournaments.clock import PhaseError, phases_from_text
from tournaments.decklists import decklist_panel, decklists_published
from tournaments.models import Event, Penalty, PlayerProfile, Registration, Round, TimerPreset
from tournaments.operations import InputError, perform
from tournaments.services.matches import UNDO_SECONDS
from tournaments.services.pairing_edits import event_unpaired_players
from tournaments.tiers import tier_rules

TABS = ("overview", "pairings", "standings", "decklists", "bracket")


def _event(slug: str) -> Event:
    return get_object_or_404(Event.objects.select_related("game", "format", "organiser"), slug=slug)


def event_list(request: HttpRequest) -> HttpResponse:
    return render(request, "tournaments/event_list.html", {"events": selectors.event_list(include_drafts_for=request.user)})


def _round_number(request: HttpRequest) -> int | None:
    value = request.GET.get("round", "")
    return int(value) if value.isdigit() else None


def _context(request: HttpRequest, event: Event, *, round_number: int | None = None) -> dict:
    state = selectors.event_state(event=event, user=request.user, round_number=round_number)
    have = set(state["roles"])
    reg = selectors.registration_of(event=event, user=request.user)
    return {
        "event": event, "state": state, "rules": tier_rules(event.tier), "registration": reg,
        "pending_roles": sorted(roles.pending_roles(event, request.user)),
        "is_organiser": "organiser" in have, "is_judge": bool(have & {"head_judge", "floor_judge"}),
        "is_head_judge": "head_judge" in have, "is_staff": bool(have & {"organiser", "head_judge", "floor_judge"}),
        "round": state["rounds"][-1] if state["rounds"] else None,
        "me": state.get("me"), "standings": state["standings"], "bracket": state["bracket"],
        "penalty_kinds": Penalty.Kind.choices, "paused": bool(event.clocks_paused_at),
        "presence_word": "ready" if event.online else "present",  # online players are ready to play, not at a table
    }


def event_detail(request: HttpRequest, slug: str) -> HttpResponse:
    """The event page, in tabs like Melee's and Limitless's: overview, pairings by round, standings,
    decklists once published, the bracket once there is one."""
    event = _event(slug)
    if not roles.pending_roles(event, request.user):  # a judge named to a draft event sees it to accept
        event = _public_event(request, slug)
    ctx = _context(request, event, round_number=_round_number(request))
    published = decklists_published(event)
    tabs = [("overview", "Overview"), ("pairings", "Pairings"), ("standings", "Standings")]
    if published:
        tabs.append(("decklists", "Decklists"))
    if ctx["bracket"]:
        tabs.append(("bracket", "Bracket"))
    tab = request.GET.get("tab", "overview")
    if tab not in dict(tabs):
        tab = "overview"
    reg = ctx["registration"]
    ctx.update({
        "tabs": tabs, "tab": tab, "decklists_published": published,
        "decklist": decklist_panel(event, request.user) if reg is not None and reg.status not in ("withdrawn",) else None,
        "decklists_required": tier_rules(event.tier).decklists_required,
        "can_register": event.status in (Event.Status.REGISTRATION_OPEN, Event.Status.CHECK_IN),
    })
    return render(request, "tournaments/event_detail.html", ctx)


def room_display(request: HttpRequest, slug: str) -> HttpResponse:
    """The projector page: the round clock with its phase, the room's pause and the pairings by name."""
    event = _public_event(request, slug)
    return render(request, "tournaments/room_display.html", {"event": event, "display": selectors.room_display(event=event)})


@login_required
def my_events(request: HttpRequest) -> HttpResponse:
    return render(request, "tournaments/my_events.html", selectors.my_events(user=request.user))


@login_required
def profile(request: HttpRequest) -> HttpResponse:
    """The user's display name (shown on pairings and standings; judges also see the username)."""
    current = PlayerProfile.objects.filter(user=request.user).first()
    value = current.display_name if current else ""
    error = ""
    if request.method == "POST":
        value = request.POST.get("display_name", "")
        try:
            services.player_set_display_name(user=request.user, display_name=value)
        except services.EventError as exc:
            error = str(exc).split(": ", 1)[-1]
        else:
            messages.success(request, "Display name saved.")
            return redirect("profile")
    return render(request, "tournaments/profile.html", {"display_name": value, "error": error})


@login_required
def timer_presets(request: HttpRequest) -> HttpResponse:
    """The organiser's timer presets: a round clock made of phases (setup, play, "game ends in")."""
    error, form = "", {"name": "", "phases": "3 Setup\n35 Play *\n5 Game ends in"}
    if request.method == "POST":
        if request.POST.get("delete"):
            preset = get_object_or_404(TimerPreset, pk=request.POST["delete"], owner=request.user)
            services.timer_preset_delete(by=request.user, preset=preset)
            messages.success(request, f"Timer {preset.name!r} deleted.")
            return redirect("timer-presets")
        form = {"name": request.POST.get("name", ""), "phases": request.POST.get("phases", "")}
        try:
            services.timer_preset_save(by=request.user, name=form["name"], phases=phases_from_text(form["phases"]))
        except (PhaseError, services.EventError) as exc:
            error = str(exc)
        else:
            messages.success(request, f"Timer {form['name']!r} saved: choose it when you start a round.")
            nxt = request.POST.get("next", "")
            if nxt and url_has_allowed_host_and_scheme(nxt, allowed_hosts={request.get_host()}):
                return redirect(nxt)
            return redirect("timer-presets")
    presets = TimerPreset.objects.filter(owner=request.user)
    return render(request, "tournaments/timer_presets.html", {"presets": presets, "error": error, "form": form})


@login_required
def event_admin(request: HttpRequest, slug: str) -> HttpResponse:
    event = _event(slug)
    if not roles.is_organiser(event, request.user) and not roles.is_head_judge(event, request.user):
        raise PermissionDenied("Only the organiser and the head judge see the event admin.")
    ctx = _context(request, event)
    ctx["registrations"] = Registration.objects.filter(event=event).select_related("player__player_profile").order_by("status", "created_at")
    ctx["deleted_registrations"] = Registration.all_objects.filter(event=event, deleted_at__isnull=False).select_related("player__player_profile")
    ctx["deleted_rounds"] = Round.all_objects.filter(event=event, deleted_at__isnull=False).order_by("number")
    ctx["audit"] = selectors.audit_list(event=event)[:50]
    ctx["late_policies"] = Registration.LatePolicy.choices
    ctx["timers"] = TimerPreset.objects.filter(owner=request.user)
    ctx["room_sounds"] = Event.RoomSound.choices
    current = Round.objects.filter(event=event).order_by("-number").first()
    if current is not None and current.status == Round.Status.RUNNING:
        ctx["round_players"] = sorted(
            (r for m in current.matches.select_related("player_a__player__player_profile", "player_b__player__player_profile")
             for r in (m.player_a, m.player_b) if r is not None), key=lambda r: r.name.casefold())
        ctx["unpaired"] = event_unpaired_players(event=event, round=current)
    ctx["bulk_lines"] = request.session.pop("bulk_lines", None)
    return render(request, "tournaments/event_admin.html", ctx)


@login_required
def event_judge(request: HttpRequest, slug: str) -> HttpResponse:
    event = _event(slug)
    if not roles.is_judge(event, request.user):
        return render(request, "403.html", {
            "title": "The judge page is for this event's judges",
            "explanation": "Judges record results, add time, mark players present and issue penalties here. "
                           "The organiser appoints the head judge and floor judges on the event admin page.",
            "event": event, "offer_judge": roles.is_organiser(event, request.user),
            "staff_may_play": tier_rules(event.tier).staff_may_play,
        }, status=403)
    ctx = _context(request, event)
    ctx["registrations"] = Registration.objects.filter(event=event, status=Registration.Status.CHECKED_IN).select_related("player__player_profile")
    ctx["undo_seconds"] = UNDO_SECONDS
    if ctx["round"]:
        # The judge's own results may be taken back for two minutes (a mis-tap): show the undo until then.
        for m in ctx["round"]["matches"]:
            if m["recorded_by"] == request.user.pk and m["result_source"] == "judge" and m["recorded_at"]:
                until = datetime.fromisoformat(m["recorded_at"]) + timedelta(seconds=UNDO_SECONDS)
                m["undo_until"] = until.isoformat() if until > timezone.now() else None
    ctx["q"] = request.GET.get("q", "")
    return render(request, "tournaments/event_judge.html", ctx)


@require_POST
def event_action(request: HttpRequest, slug: str, action: str) -> HttpResponse:
    if action == "restore-event":  # a deleted event is found only by its organiser
        event = get_object_or_404(Event.all_objects.filter(organiser_id=request.user.pk), slug=slug)
    else:
        event = _event(slug)
    data = request.POST.dict()
    name = action.replace("-", "_")
    if name == "bulk_register" and request.FILES.get("file"):
        upload = request.FILES["file"]
        if upload.size > 200_000:
            messages.error(request, "file: at most 200 kB (one name per line).")
            return redirect(reverse("event-admin", args=[slug]))
        data["names"] = (data.get("names", "") + "\n" + upload.read().decode("utf-8-sig", errors="replace")).strip()
    try:
        message, result = perform(event=event, user=request.user, name=name, data=data)
        if getattr(result, "warnings", None):
            messages.warning(request, message)
        else:
            messages.success(request, message)
        if name == "bulk_register":
            request.session["bulk_lines"] = [[r.line, r.text, r.outcome, r.detail] for r in result]
    except (services.EventError, InputError) as exc:
        messages.error(request, str(exc))
    except PermissionDenied as exc:
        if not request.user.is_authenticated:
            return redirect(f"{reverse('login')}?next={reverse('event-detail', args=[slug])}")
        # Shown on the 403 page itself, not queued for the next page load.
        return render(request, "403.html", {"title": "You may not do that here", "explanation": str(exc) or "You may not do that.",
                                            "event": event}, status=403)
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
    name = forms.CharField(max_length=200, widget=forms.TextInput(attrs={"placeholder": "Ponyville Friday Night Harmony"}))
    format = forms.ModelChoiceField(
        queryset=Format.objects.select_related("game").order_by("game__name", "name"), empty_label="Choose a format",
        help_text="Constructed formats (Harmony, block formats) or Limited for sealed and booster draft.",
    )
    structure = forms.ChoiceField(choices=Event.Structure.choices, initial=Event.Structure.CONSTRUCTED)
    tier = forms.TypedChoiceField(
        choices=Event.Tier.choices, coerce=int, initial=1,
        help_text="Tier 1: local, lists optional. Tier 2: lists required, judges may not play. Tier 3: qualified players only.",
    )
    starts_at = forms.DateTimeField(label="Starts", widget=forms.DateTimeInput(attrs={"type": "datetime-local"}, format="%Y-%m-%dT%H:%M"))
    round_minutes = forms.IntegerField(
        label="Round length (minutes)", required=False, min_value=10, max_value=180,
        widget=forms.NumberInput(attrs={"placeholder": "35", "inputmode": "numeric"}),
        help_text="Swiss rounds; empty = 35 (Match Time Limit). Timer presets with setup and soft-time phases are chosen per round.",
    )
    decklist_deadline = forms.DateTimeField(
        required=False, widget=forms.DateTimeInput(attrs={"type": "datetime-local"}, format="%Y-%m-%dT%H:%M"),
        help_text="Empty = the start (Tier 2 and 3 need lists before the start).",
    )
    capacity = forms.IntegerField(required=False, min_value=4, max_value=2000, label="Player cap",
                                  widget=forms.NumberInput(attrs={"placeholder": "no cap", "inputmode": "numeric"}))
    online = forms.BooleanField(required=False, label="Online event (players report their own results)")
    venue = forms.CharField(required=False, max_length=200, widget=forms.TextInput(attrs={"placeholder": "Sugarcube Corner, Ponyville"}))
    head_judge = forms.CharField(required=False, help_text="Their username; you can appoint judges later too.")
    elimination_announced = forms.BooleanField(required=False, label="Announce elimination rounds (top cut)",
                                               help_text="Tier 1: a top cut only if announced before the start.")

    def clean_head_judge(self):
        from django.contrib.auth import get_user_model

        name = self.cleaned_data["head_judge"].strip()
        if not name:
            return None
        user = get_user_model().objects.filter(username__iexact=name).first()
        if user is None:
            raise forms.ValidationError(f"No user called {name!r}.")
        return user


def _form_error(form: forms.Form, exc: Exception) -> None:
    """A service's "field: why" message goes next to that field; anything else above the form."""
    field, sep, why = str(exc).partition(": ")
    if sep and field in form.fields:
        form.add_error(field, why)
    else:
        form.add_error(None, str(exc))


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
        try:
            event = services.event_create(
                by=request.user, name=d["name"], game=d["format"].game, format=d["format"], tier=d["tier"],
                structure=d["structure"], starts_at=d["starts_at"], decklist_deadline=d["decklist_deadline"],
                capacity=d["capacity"], online=d["online"], venue=d["venue"], head_judge=d["head_judge"],
                elimination_announced=d["elimination_announced"], round_minutes=d["round_minutes"],
            )
        except services.EventError as exc:
            _form_error(form, exc)
        else:
            messages.success(request, "Event created as a draft. Appoint judges, then open registration.")
            return redirect("event-admin", slug=event.slug)
    return render(request, "tournaments/event_form.html", {"form": form})
