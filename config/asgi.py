"""ASGI entry point: HTTP through Django, websockets through Channels (session-authenticated).

Every request and websocket message passes ``BoundedInput`` first (``config/limits.py``): oversized bodies
are answered 413 before they are read, oversized or too deeply nested websocket messages close the socket.
Websockets accept only an Origin in ``ALLOWED_HOSTS`` (``AllowedHostsOriginValidator``).
"""
import os

from django.core.asgi import get_asgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
django_asgi_app = get_asgi_application()

from channels.auth import AuthMiddlewareStack  # noqa: E402
from channels.routing import ProtocolTypeRouter, URLRouter  # noqa: E402
from channels.security.websocket import AllowedHostsOriginValidator  # noqa: E402

from config.limits import BoundedInput, install_daphne_request_limit  # noqa: E402
from config.routing import websocket_urlpatterns  # noqa: E402

try:  # load the game engines' card pools now, not on a player's first move
    from gameplay.engines import warm_up_in_background  # noqa: E402

    warm_up_in_background()
except ImportError:
    pass

install_daphne_request_limit()  # daphne imports this module before it serves: refuse big bodies in Twisted too

application = BoundedInput(
    ProtocolTypeRouter(
        {
            "http": django_asgi_app,
            "websocket": AllowedHostsOriginValidator(AuthMiddlewareStack(URLRouter(websocket_urlpatterns))),
        }
    )
)
