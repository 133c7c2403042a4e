from django.urls import path

from limited.consumers import DraftConsumer

websocket_urlpatterns = [path("ws/draft/<int:pod_id>/", DraftConsumer.as_asgi())]
