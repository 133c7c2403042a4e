"""Decklist pages, mounted at /decklists/ (config/urls.py)."""
from django.urls import path, re_path

from decks import decklist_views as views

urlpatterns = [
    path("", views.decklist_validate, name="decklist-validate"),
    path("<slug:event_slug>/", views.decklist_event, name="decklist-event"),
    path("<slug:event_slug>/mine/", views.decklist_mine, name="decklist-mine"),
    path("<slug:event_slug>/mine/versions/<int:number>/restore/", views.decklist_restore, name="decklist-restore"),
    path("<slug:event_slug>/publish/", views.decklist_publish, name="decklist-publish"),
    path("<slug:event_slug>/changes/<int:pk>/decide/", views.decklist_change_decide, name="decklist-change-decide"),
    path("<slug:event_slug>/players/<str:username>/", views.decklist_detail, name="decklist-detail"),
    path("<slug:event_slug>/players/<str:username>/check/", views.decklist_deck_check, name="decklist-deck-check"),
    re_path(r"^(?P<event_slug>[-\w]+)/players/(?P<username>[^/]+)/export\.(?P<fmt>txt|o8d)$", views.decklist_export, name="decklist-export"),
]
