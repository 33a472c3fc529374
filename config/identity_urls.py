"""URLs of the identity provider process (config.identity_settings).

The OAuth 2.0 / OpenID Connect endpoints keep django-oauth-toolkit's paths under /o/; its
client-management pages and device flow are left out.
"""

from django.urls import include, path
from oauth2_provider import urls as oauth2_urls

oauth2_patterns = [
    pattern
    for pattern in oauth2_urls.base_urlpatterns + oauth2_urls.oidc_urlpatterns
    if not str(pattern.name).startswith("device")
]

urlpatterns = [
    path("o/", include((oauth2_patterns, "oauth2_provider"))),
    path("", include("apps.identity.urls")),
]
