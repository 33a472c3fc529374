from django.urls import path

from apps.core import views
from apps.core.favicon import favicon

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
    path("favicon.ico", favicon, name="favicon"),
    path("find-global", views.find_global, name="find-global"),
    path("find-global-buyers", views.find_global_buyers, name="find-global-buyers"),
    *[path(route, views.unavailable, name=route) for route in UNAVAILABLE_ROUTES],
]
