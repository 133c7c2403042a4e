"""The REST API root: each app registers its viewsets on one router."""
from __future__ import annotations

from django.conf import settings
from django.core.exceptions import PermissionDenied as DjangoPermissionDenied
from django.urls import include, path
from rest_framework import status
from rest_framework.response import Response
from rest_framework.authtoken.views import ObtainAuthToken
from rest_framework.settings import api_settings

from config.auth import LOCKED_OUT_TEXT, login_locked_out
from rest_framework.routers import DefaultRouter

router = DefaultRouter()

from decks.api import register as register_decks  # noqa: E402

register_decks(router)
from tournaments.api import me_urlpatterns  # noqa: E402
from tournaments.api import register as register_tournaments  # noqa: E402

register_tournaments(router)

try:
    from gameplay.api import register as register_gameplay  # noqa: E402

    register_gameplay(router)
except ImportError:
    pass

try:
    from limited.api import register as register_limited  # noqa: E402

    register_limited(router)
except ImportError:  # the app is not installed
    pass


class TokenLogin(ObtainAuthToken):
    """``POST /api/auth/token/`` with username and password: the caller's token. Throttled like the login
    page (config/auth.py): too many wrong passwords for an account or from an address answer 429."""

    parser_classes = api_settings.DEFAULT_PARSER_CLASSES  # the bounded JSON parser, like every API view

    def post(self, request, *args, **kwargs):
        username = request.data.get("username", "") if isinstance(request.data, dict) else ""
        if isinstance(username, str) and login_locked_out(request, username=username):
            minutes = int(settings.AXES_COOLOFF_TIME.total_seconds() // 60)
            return Response({"detail": LOCKED_OUT_TEXT.format(minutes=minutes)}, status=status.HTTP_429_TOO_MANY_REQUESTS)
        try:
            return super().post(request, *args, **kwargs)
        except DjangoPermissionDenied:  # the throttle refused the attempt that reached the limit
            minutes = int(settings.AXES_COOLOFF_TIME.total_seconds() // 60)
            return Response({"detail": LOCKED_OUT_TEXT.format(minutes=minutes)}, status=status.HTTP_429_TOO_MANY_REQUESTS)


def not_found(request, exception=None):
    """404 for every URL: JSON under /api/ (API clients parse it), the site's page elsewhere."""
    if request.path.startswith("/api/"):
        from django.http import JsonResponse

        return JsonResponse({"detail": "Not found."}, status=404)
    from django.views.defaults import page_not_found

    return page_not_found(request, exception)


# Namespaced ("api:card-list") so API route names never collide with the web pages' names.
api_urlpatterns = [
    path("auth/token/", TokenLogin.as_view(), name="api-token"),
    path("", include((router.urls + me_urlpatterns(), "api"), namespace="api")),
]
