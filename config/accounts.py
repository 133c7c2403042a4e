"""Sign-up and the home page. Accounts are Django users; roles are per event (tournaments.EventRole)."""
from __future__ import annotations

import logging
import unicodedata

from confusable_homoglyphs import confusables
from django import forms
from django.conf import settings
from django.contrib import messages
from django.contrib.auth import login
from django.contrib.auth import views as auth_views
from django.contrib.auth.forms import PasswordResetForm, UserCreationForm
from django.contrib.auth.models import User
from django.core.mail import EmailMultiAlternatives
from django.template import loader
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render


def _latin_skeleton(username: str) -> str:
    """The name with every non-ASCII look-alike replaced by the ASCII letter it imitates ("plаyer01" with a
    Cyrillic а becomes "player01")."""
    found = confusables.is_confusable(username, greedy=True, preferred_aliases=["latin"]) or []
    lookalike = {}
    for item in found:
        ascii_glyphs = [h["c"] for h in item["homoglyphs"] if h["c"].isascii()]
        if not item["character"].isascii() and ascii_glyphs:
            lookalike[item["character"]] = ascii_glyphs[0]
    return "".join(lookalike.get(ch, ch) for ch in unicodedata.normalize("NFKC", username))


def username_lookalike_error(username: str) -> str | None:
    """Why ``username`` could be mistaken for someone else, or None. Refused: names mixing scripts with
    look-alike letters, and names that read the same as an existing user's (ignoring case)."""
    from django.contrib.auth import get_user_model

    if confusables.is_dangerous(username):
        return "This name mixes alphabets with look-alike letters; use one alphabet so nobody can be mistaken for you."
    skeleton = _latin_skeleton(username)
    users = get_user_model().objects
    if users.filter(username__iexact=skeleton).exclude(username=username).exists() or (
        skeleton != username and users.filter(username__iexact=username).exists()
    ) or users.filter(username__iexact=username).exclude(username=username).exists():
        return "This name looks the same as an existing player's; choose another."
    return None


class SignupForm(UserCreationForm):
    email = forms.EmailField(required=False, help_text="Only for password resets; never shown.")

    def clean_username(self) -> str:
        username = super().clean_username()
        if not username:  # already refused (taken, ignoring case)
            return username
        error = username_lookalike_error(username)
        if error:
            raise forms.ValidationError(error, code="lookalike")
        return username

    class Meta(UserCreationForm.Meta):
        model = User
        fields = ("username", "email")
        help_texts = {"username": "Letters, digits and @ . + - _ (judges see it next to your display name)."}


def signup(request: HttpRequest) -> HttpResponse:
    if request.method == "POST":
        form = SignupForm(request.POST)
        if form.is_valid():
            user = form.save()
            login(request, user, backend="django.contrib.auth.backends.ModelBackend")
            return redirect("home")
    else:
        form = SignupForm()
    return render(request, "registration/signup.html", {"form": form})


logger = logging.getLogger(__name__)


class PasswordResetSendingForm(PasswordResetForm):
    """Django's reset form logs a failed send and carries on, so the user is told it worked: this one lets
    the failure through to the view, which says so."""

    def send_mail(self, subject_template_name, email_template_name, context, from_email, to_email,
                  html_email_template_name=None) -> None:
        subject = "".join(loader.render_to_string(subject_template_name, context).splitlines())
        message = EmailMultiAlternatives(subject, loader.render_to_string(email_template_name, context), from_email, [to_email])
        if html_email_template_name is not None:
            message.attach_alternative(loader.render_to_string(html_email_template_name, context), "text/html")
        message.send()  # raises on failure

    def save(self, **kwargs):
        # The link is built from the configured site domain, never from the request's Host header.
        kwargs["domain_override"] = settings.SITE_DOMAIN
        kwargs["use_https"] = settings.HTTPS
        return super().save(**kwargs)


class PasswordResetView(auth_views.PasswordResetView):
    form_class = PasswordResetSendingForm

    def form_valid(self, form):
        try:
            return super().form_valid(form)
        except Exception:
            logger.exception("password reset email could not be sent")
            messages.error(self.request, "We could not send the email just now. Try again in a few minutes, "
                                         "or ask the organiser to reset your password.")
            return self.render_to_response(self.get_context_data(form=form, email_failed=True))


def home(request: HttpRequest) -> HttpResponse:
    from decks.models import Card
    from tournaments.models import Event

    context = {
        "card_count": Card.objects.count(),
        "events": Event.objects.select_related("game", "format").order_by("starts_at")[:20],
    }
    return render(request, "home.html", context)
