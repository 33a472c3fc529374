"""URLs of the identity provider process (config.identity_settings).

The OAuth 2.0 / OpenID Connect endpoints keep django-oauth-toolkit's paths under /o/; its
client-management pages and device flow are left out, and its discovery document is served
by apps.identity.oidc.DiscoveryView and its sign-out by apps.identity.oidc.LogoutView.
"""

from django.urls import include, path
from oauth2_provider import urls as oauth2_urls

from apps.core.favicon import favicon
from apps.identity.oidc import DiscoveryView, LogoutView

DISCOVERY = "oidc-connect-discovery-info"
LOGOUT = "rp-initiated-logout"

oauth2_patterns = [
    path(".well-known/openid-configuration", DiscoveryView.as_view(), name=DISCOVERY),
    path("logout/", LogoutView.as_view(), name=LOGOUT),
] + [
    pattern
    for pattern in oauth2_urls.base_urlpatterns + oauth2_urls.oidc_urlpatterns
    if not str(pattern.name).startswith("device") and pattern.name not in {DISCOVERY, LOGOUT}
]

urlpatterns = [
    path("favicon.ico", favicon, name="favicon"),
    path("o/", include((oauth2_patterns, "oauth2_provider"))),
    path("", include("apps.identity.urls")),
]
