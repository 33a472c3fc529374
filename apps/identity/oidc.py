"""Claims and scope rules of the provider (django-oauth-toolkit's OAuth2 validator), and its
discovery document."""

from __future__ import annotations

import json
from typing import Any

from django.conf import settings
from django.http import HttpRequest, HttpResponse
from oauth2_provider.models import AbstractApplication
from oauth2_provider.oauth2_validators import OAuth2Validator
from oauth2_provider.views import ConnectDiscoveryInfoView
from oauthlib.common import Request

SERVICE_SCOPE = "users:write"
USER_CLAIMS = ("sub", "email", "email_verified", "name", "locale")


def is_service_client(client: AbstractApplication | None) -> bool:
    return bool(
        client is not None
        and client.client_id == settings.IDENTITY_SERVICE_CLIENT_ID
        and client.authorization_grant_type == AbstractApplication.GRANT_CLIENT_CREDENTIALS
    )


class IdentityValidator(OAuth2Validator):
    def get_additional_claims(self, request: Request) -> dict[str, Any]:
        user = request.user
        return {
            "sub": str(user.subject),
            "email": user.email,
            "email_verified": user.email_verified,
            "name": user.name,
            "locale": user.language,
        }

    def get_discovery_claims(self, request: Any) -> list[str]:
        return list(USER_CLAIMS)

    def validate_silent_login(self, request: Request) -> bool:
        """Visitors without a session never get here: the authorization view answers
        `login_required` for them before any code is issued."""
        return True

    def validate_silent_authorization(self, request: Request) -> bool:
        """Silent sign-in (`prompt=none`) needs no consent only for first-party clients."""
        return bool(request.client.skip_authorization)

    def validate_scopes(
        self,
        client_id: str,
        scopes: list[str],
        client: AbstractApplication,
        request: Request,
        *args: Any,
        **kwargs: Any,
    ) -> bool:
        if SERVICE_SCOPE in scopes and not is_service_client(client):
            return False
        return bool(super().validate_scopes(client_id, scopes, client, request, *args, **kwargs))


class DiscoveryView(ConnectDiscoveryInfoView):
    """django-oauth-toolkit's OpenID Connect discovery document, which leaves out the token
    revocation endpoint it serves: relying parties find it here (RFC 8414 names the field)."""

    def get(self, request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        response: HttpResponse = super().get(request, *args, **kwargs)
        document = json.loads(response.content)
        document["revocation_endpoint"] = self._get_endpoint_url(
            request, "revoke-token", required=True
        )
        document["revocation_endpoint_auth_methods_supported"] = document[
            "token_endpoint_auth_methods_supported"
        ]
        response.content = json.dumps(document).encode()
        return response
