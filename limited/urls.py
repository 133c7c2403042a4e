from django.urls import path

from limited import views

urlpatterns = [
    path("<slug:slug>/", views.limited_home, name="limited-home"),
    path("<slug:slug>/do/<str:action>/", views.limited_action, name="limited-action"),
    path("<slug:slug>/pools/", views.pool_lists, name="limited-pools"),
    path("<slug:slug>/pools/<str:username>/record/", views.pool_record, name="limited-pool-record"),
    path("<slug:slug>/draft/", views.draft_page, name="limited-draft"),
    path("<slug:slug>/draft/log/", views.draft_log_page, name="limited-draft-log"),
    path("<slug:slug>/draft/export.csv", views.draft_export, name="limited-draft-export"),
    path("<slug:slug>/deck/", views.deck_builder, name="limited-deck"),
]
