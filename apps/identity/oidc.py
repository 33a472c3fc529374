"""Claims and scope rules of the provider (django-oauth-toolkit's OAuth2 validator), its
discovery document and its sign-out."""

from __future__ import annotations

import json
from typing import Any

from django.conf import settings
from django.http import HttpRequest, HttpResponse
from oauth2_provider.models import AbstractApplication, AbstractIDToken, RefreshToken
from oauth2_provider.oauth2_validators import OAuth2Validator
from oauth2_provider.views import ConnectDiscoveryInfoView, RPInitiatedLogoutView
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


class LogoutView(RPInitiatedLogoutView):
    """django-oauth-toolkit's sign-out, ending only the tokens of the device that signs out:
    those issued with the ID token it names as its hint. (The toolkit would end every token of
    the user, signing the user's other devices out at their next renewal; it is told not to,
    OIDC_RP_INITIATED_LOGOUT_DELETE_TOKENS.)"""

    hinted_id_token: AbstractIDToken | None = None

    def validate_logout_request_user(
        self, id_token_hint: str | None, client_id: str | None
    ) -> AbstractIDToken | None:
        id_token = super().validate_logout_request_user(id_token_hint, client_id)
        self.hinted_id_token = id_token
        return id_token

    def do_logout(self, *args: Any, **kwargs: Any) -> HttpResponse:
        if self.hinted_id_token is not None:
            end_device_tokens(self.hinted_id_token)
        response: HttpResponse = super().do_logout(*args, **kwargs)
        return response


def end_device_tokens(id_token: AbstractIDToken) -> None:
    """Revoke the access and refresh tokens issued with this ID token, and the ID token."""
    access_token = getattr(id_token, "access_token", None)
    if access_token is not None:
        for refresh_token in RefreshToken.objects.filter(access_token=access_token):
            refresh_token.revoke()
        access_token.revoke()
    id_token.revoke()
