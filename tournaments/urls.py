from django.urls import path

from tournaments import views

urlpatterns = [
    path("", views.event_list, name="event-list"),
    path("new/", views.event_create, name="event-create"),
    path("mine/", views.my_events, name="my-events"),
    path("timers/", views.timer_presets, name="timer-presets"),
    path("profile/", views.profile, name="profile"),
    path("<slug:slug>/", views.event_detail, name="event-detail"),
    path("<slug:slug>/admin/", views.event_admin, name="event-admin"),
    path("<slug:slug>/judge/", views.event_judge, name="event-judge"),
    path("<slug:slug>/display/", views.room_display, name="event-display"),
    path("<slug:slug>/state.json", views.event_state_json, name="event-state"),
    path("<slug:slug>/export.json", views.event_export_json, name="event-export-json"),
    path("<slug:slug>/standings.csv", views.event_standings_csv, name="event-standings-csv"),
    path("<slug:slug>/pairings.csv", views.event_pairings_csv, name="event-pairings-csv"),
    path("<slug:slug>/do/<slug:action>/", views.event_action, name="event-action"),
]
