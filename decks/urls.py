from django.urls import path

from decks import views

urlpatterns = [
    path("", views.card_list, name="card-list"),
    path("<str:guid>/", views.card_detail, name="card-detail"),
]
