from django.contrib import admin
from django.urls import include, path
from drf_spectacular.views import SpectacularAPIView, SpectacularRedocView, SpectacularSwaggerView

from config import accounts
from config.api import api_urlpatterns

handler404 = "config.api.not_found"  # JSON under /api/

urlpatterns = [
    path("", accounts.home, name="home"),
    path("admin/", admin.site.urls),
    path("accounts/signup/", accounts.signup, name="signup"),
    path("accounts/password_reset/", accounts.PasswordResetView.as_view(), name="password_reset"),
    path("accounts/", include("django.contrib.auth.urls")),
    path("cards/", include("decks.urls")),
    path("api/", include(api_urlpatterns)),
    path("api/schema/", SpectacularAPIView.as_view(), name="api-schema"),
    path("api/docs/", SpectacularSwaggerView.as_view(url_name="api-schema"), name="api-docs"),
    path("api/redoc/", SpectacularRedocView.as_view(url_name="api-schema"), name="api-redoc"),
]

try:  # app URL modules are added as they appear
    urlpatterns.append(path("events/", include("tournaments.urls")))
except ImportError:
    pass
try:
    urlpatterns.append(path("decklists/", include("decks.decklist_urls")))
except ImportError:
    pass
try:
    urlpatterns.append(path("play/", include("gameplay.urls")))
except ImportError:
    pass
try:
    urlpatterns.append(path("limited/", include("limited.urls")))
except ImportError:
    pass
