from django.urls import path

from gameplay import views

urlpatterns = [
    path("", views.lobby, name="play-lobby"),
    path("challenge/", views.challenge, name="play-challenge"),
    path("m/<int:match_id>/", views.table, name="play-table"),
    path("m/<int:match_id>/<slug:answer>/", views.match_respond, name="play-respond"),
    path("g/<int:game_id>/replay/", views.replay, name="play-replay"),
    path("g/<int:game_id>/judge/<slug:what>/", views.judge_action, name="play-judge-action"),
    path("judge/<slug:slug>/", views.judge_console, name="play-judge"),
    path("judge/<slug:slug>/clocks/", views.online_clocks, name="play-clocks"),
    path("events/<slug:slug>/spectating/", views.online_spectating, name="play-spectating"),
    path("events/<slug:slug>/replays/", views.online_replays, name="play-replays"),
    path("events/<slug:slug>/feature/", views.online_feature, name="play-feature"),
]
