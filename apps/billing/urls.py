from django.urls import path

from apps.billing import views

app_name = "billing"

urlpatterns = [
    path("payments/sandbox/<str:reference>/", views.checkout_page, name="sandbox-checkout"),
    path("payments/sandbox/<str:reference>/pay", views.pay, name="sandbox-pay"),
    path("payments/sandbox/<str:reference>/cancel", views.cancel, name="sandbox-cancel"),
]
