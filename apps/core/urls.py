from django.urls import path

from apps.core import views

UNAVAILABLE_ROUTES = (
    "ai-sale-agent",
    "content-workflow",
    "ai-package-design",
    "lead-nurturing",
    "order-management",
    "farm-management",
    "chatbot-support",
    "customer-services",
)

urlpatterns = [
    path("", views.root, name="root"),
    path("find-global", views.find_global, name="find-global"),
    path("find-global-buyers", views.find_global_buyers, name="find-global-buyers"),
    path("success", views.payment_success, name="payment-success"),
    path("cancel", views.payment_cancel, name="payment-cancel"),
    path("profile", views.profile, name="profile"),
    *[path(route, views.unavailable, name=route) for route in UNAVAILABLE_ROUTES],
]
