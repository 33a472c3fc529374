from django.urls import include, path

from apps.billing import views

sandbox_patterns = [
    path("payments/sandbox/<str:reference>/", views.checkout_page, name="sandbox-checkout"),
    path("payments/sandbox/<str:reference>/pay", views.pay, name="sandbox-pay"),
    path("payments/sandbox/<str:reference>/cancel", views.cancel, name="sandbox-cancel"),
]

urlpatterns = [
    path("", views.root, name="root"),
    path("success", views.payment_success, name="payment-success"),
    path("cancel", views.payment_cancel, name="payment-cancel"),
    path("", include((sandbox_patterns, "billing"))),
]
