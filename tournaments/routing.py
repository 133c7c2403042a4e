from django.urls import path

from tournaments.consumers import EventConsumer

websocket_urlpatterns = [path("ws/events/<slug:slug>/", EventConsumer.as_asgi())]
