"""Sign-up and the home page. Accounts are Django users; roles are per event (tournaments.EventRole)."""
from __future__ import annotations

from django import forms
from django.contrib.auth import login
from django.contrib.auth.forms import UserCreationForm
from django.contrib.auth.models import User
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render


class SignupForm(UserCreationForm):
    email = forms.EmailField(required=False, help_text="Only for password resets; never shown.")

    class Meta(UserCreationForm.Meta):
        model = User
        fields = ("username", "email")
        help_texts = {"username": "Letters, digits and @ . + - _ (judges see it next to your display name)."}


def signup(request: HttpRequest) -> HttpResponse:
    if request.method == "POST":
        form = SignupForm(request.POST)
        if form.is_valid():
            user = form.save()
            login(request, user)
            return redirect("home")
    else:
        form = SignupForm()
    return render(request, "registration/signup.html", {"form": form})


def home(request: HttpRequest) -> HttpResponse:
    from decks.models import Card
    from tournaments.models import Event

    context = {
        "card_count": Card.objects.count(),
        "events": Event.objects.select_related("game", "format").order_by("starts_at")[:20],
    }
    return render(request, "home.html", context)
