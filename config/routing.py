"""Websocket routes of every app, gathered in one place."""
from __future__ import annotations

websocket_urlpatterns: list = []

try:  # each app contributes its own patterns
    from tournaments.routing import websocket_urlpatterns as _t

    websocket_urlpatterns += _t
except ImportError:  # the app has no websocket routes yet
    pass

try:
    from gameplay.routing import websocket_urlpatterns as _g

    websocket_urlpatterns += _g
except ImportError:
    pass

try:
    from limited.routing import websocket_urlpatterns as _limited

    websocket_urlpatterns += _limited
except ImportError:  # the app is not installed
    pass
