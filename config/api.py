"""The REST API root: each app registers its viewsets on one router."""
from __future__ import annotations

from django.urls import include, path
from rest_framework.authtoken.views import obtain_auth_token
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

# Namespaced ("api:card-list") so API route names never collide with the web pages' names.
api_urlpatterns = [
    path("auth/token/", obtain_auth_token, name="api-token"),
    path("", include((router.urls + me_urlpatterns(), "api"), namespace="api")),
]
