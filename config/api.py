"""The REST API root: each app registers its viewsets on one router."""
from __future__ import annotations

from django.urls import include, path
from rest_framework.authtoken.views import ObtainAuthToken
from rest_framework.settings import api_settings
from rest_framework.routers import DefaultRouter

router = DefaultRouter()

from decks.api import register as register_decks  # noqa: E402

register_decks(router)
try:
    from tournaments.api import register as register_tournaments  # noqa: E402

    register_tournaments(router)
except ImportError:  # the app has no API yet
    pass



class TokenLogin(ObtainAuthToken):
    """``POST /api/auth/token/`` with username and password: the caller's token."""

    parser_classes = api_settings.DEFAULT_PARSER_CLASSES  # the bounded JSON parser, like every API view


# Namespaced ("api:card-list") so API route names never collide with the web pages' names.
api_urlpatterns = [
    path("auth/token/", TokenLogin.as_view(), name="api-token"),
    path("", include((router.urls, "api"), namespace="api")),
]
