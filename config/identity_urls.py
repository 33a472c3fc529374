"""URLs of the identity provider process (config.identity_settings).

The OAuth 2.0 / OpenID Connect endpoints keep django-oauth-toolkit's paths under /o/; its
client-management pages and device flow are left out, and its discovery document is served
by apps.identity.oidc.DiscoveryView.
"""

from django.urls import include, path
from oauth2_provider import urls as oauth2_urls

from apps.identity.oidc import DiscoveryView

DISCOVERY = "oidc-connect-discovery-info"

oauth2_patterns = [
    path(".well-known/openid-configuration", DiscoveryView.as_view(), name=DISCOVERY),
] + [
    pattern
    for pattern in oauth2_urls.base_urlpatterns + oauth2_urls.oidc_urlpatterns
    if not str(pattern.name).startswith("device") and pattern.name != DISCOVERY
]

urlpatterns = [
    path("o/", include((oauth2_patterns, "oauth2_provider"))),
    path("", include("apps.identity.urls")),
]
