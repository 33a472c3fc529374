from django.urls import path

from apps.accounts import views

urlpatterns = [
    path("signin", views.signin, name="signin"),
    path("signup", views.signup, name="signup"),
    path("profile", views.profile, name="profile"),
    path("service-demand", views.service_demand, name="service-demand"),
    path("user-guide/<str:language>.pdf", views.user_guide, name="user-guide"),
]
