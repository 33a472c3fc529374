from django.urls import path

from apps.identity import api, views

app_name = "identity"

urlpatterns = [
    path("", views.home, name="home"),
    path("login/", views.sign_in, name="login"),
    path("password-reset/", views.password_reset, name="password-reset"),
    path(
        "password-reset/<uuid:subject>/<str:token>/",
        views.password_reset_confirm,
        name="password-reset-confirm",
    ),
    path("verify/<uuid:subject>/<str:token>/", views.verify, name="verify"),
    path("verify/resend/", views.resend_verification, name="verify-resend"),
    path("admin-api/users", api.users, name="admin-users"),
    path("admin-api/password-links", api.password_links, name="admin-password-links"),
]
