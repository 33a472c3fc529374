from django.urls import path

from apps.market import views

urlpatterns = [
    path("market-insights", views.market_insights, name="market-insights"),
]
