from django.contrib import admin
from django.urls import include, path

from apps.accounts.views import admin_signin
from apps.core.api import api

api.add_router("/fast-ai/v1/", "apps.accounts.api.router")
api.add_router("/fast-ai/v1/", "apps.billing.api.router")
api.add_router("/fast-ai/v1/", "apps.market.api.router")
api.add_router("/fast-ai/v1/", "apps.market.saved.api.router")
api.add_router("/fast-ai/v1/", "apps.leads.api.router")
api.add_router("/fast-ai/v1/", "apps.verification.api.router")
api.add_router("/oms-backend/v1/", "apps.billing.api.orders_router")
api.add_router("/oms-backend/v1/", "apps.accounts.api.session_router")

urlpatterns = [
    # Operators sign in through the identity provider, not with the admin's password form.
    path("admin/login/", admin_signin, name="admin-signin"),
    path("admin/", admin.site.urls),
    path("oidc/", include("mozilla_django_oidc.urls")),
    path("", include("apps.accounts.urls")),
    path("", include("apps.core.urls")),
    path("", include("apps.billing.urls")),
    path("", include("apps.market.urls")),
    path("", include("apps.leads.urls")),
    path("", include("apps.verification.urls")),
    # Last: the API instance also answers its own root, which must not shadow "/".
    path("", api.urls),
]

handler404 = "apps.core.views.not_found"
handler500 = "apps.core.views.server_error"
