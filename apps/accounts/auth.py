"""The relying party: mozilla-django-oidc's backend, with the provider reached through
apps.accounts.providers.oidc, users matched by subject, and every token of the sign-in
(access, ID, refresh, expiry) kept in the server-side session. Also the API's authentication:
the session, or an access token of the provider as a bearer token."""

from __future__ import annotations

import logging
from typing import Any
from urllib.parse import urlencode

from django.conf import settings
from django.core.exceptions import SuspiciousOperation
from django.http import HttpRequest
from mozilla_django_oidc import auth as oidc_auth
from ninja.errors import AuthenticationError
from ninja.security import SessionAuth
from ninja.utils import check_csrf

from apps.accounts import services, tokens
from apps.accounts.models import User
from apps.accounts.providers import oidc
from apps.core.errors import PermissionDenied

logger = logging.getLogger(__name__)


class OIDCAuthenticationBackend(oidc_auth.OIDCAuthenticationBackend):
    token_response: dict[str, Any]

    def authenticate(self, request: HttpRequest | None, **kwargs: Any) -> User | None:
        try:
            return super().authenticate(request, **kwargs)
        except (oidc.ProviderError, SuspiciousOperation) as exc:
            logger.warning("Sign-in failed at the identity provider: %s", exc)
            return None

    def get_token(self, payload: dict[str, str]) -> dict[str, Any]:
        self.token_response = oidc.request_tokens(payload)
        return self.token_response

    def verify_token(self, token: str, **kwargs: Any) -> dict[str, Any]:
        claims = oidc.id_token_claims(token)
        if claims.get("nonce") != kwargs.get("nonce"):
            raise SuspiciousOperation("ID token nonce does not match")
        return claims

    def store_tokens(self, access_token: str, id_token: str) -> None:
        tokens.store(self.request.session, oidc.TokenSet.from_response(self.token_response))

    def get_userinfo(
        self, access_token: str, id_token: str, payload: dict[str, Any]
    ) -> dict[str, Any]:
        claims = oidc.userinfo(access_token)
        if claims is None or claims.get("sub") != payload.get("sub"):
            raise SuspiciousOperation("userinfo does not describe the ID token's subject")
        return payload | claims

    def verify_claims(self, claims: dict[str, Any]) -> bool:
        return bool(claims.get("sub") and claims.get("email"))

    def get_or_create_user(
        self, access_token: str, id_token: str, payload: dict[str, Any]
    ) -> User | None:
        claims = self.get_userinfo(access_token, id_token, payload)
        if not self.verify_claims(claims):
            raise SuspiciousOperation("the provider sent no subject or email")
        return services.user_for_claims(claims)


def provider_logout_url(request: HttpRequest) -> str:
    """Where sign-out continues: the provider's end-session endpoint, which ends the session
    there too and comes back to the sign-in page. The refresh token is revoked first."""
    current = tokens.stored(request.session)
    services.revoke_session_tokens(request.session)
    params = {
        "client_id": settings.OIDC_RP_CLIENT_ID,
        "post_logout_redirect_uri": f"{settings.SITE_URL}/signin",
    }
    if current is not None and current.id_token:
        params["id_token_hint"] = current.id_token
    return f"{settings.OIDC_OP_LOGOUT_ENDPOINT}?{urlencode(params)}"


def _bearer_token_user(request: HttpRequest) -> User | None:
    scheme, _, token = request.headers.get("Authorization", "").partition(" ")
    if scheme.lower() != "bearer" or not token:
        return None
    return services.user_for_bearer_token(token.strip())


def session_or_bearer(request: HttpRequest) -> Any:
    """The `auth` of the API's signed-in endpoints: a request with an Authorization header is
    judged by its bearer token alone, any other by its session."""
    if request.headers.get("Authorization"):
        return _bearer_token_user(request)
    return SessionAuth()(request)


def signed_in_user(request: HttpRequest) -> User:
    """The user `session_or_bearer` signed in for this API call (django-ninja's
    `request.auth`): every endpoint that needs one is behind that authentication."""
    user = getattr(request, "auth", None)
    if not isinstance(user, User):
        raise AuthenticationError()
    return user


def operator_of(request: HttpRequest) -> User:
    """The staff member acting on a back-office page."""
    assert isinstance(request.user, User)  # the admin serves signed-in staff only
    return request.user


class CsrfFailed(PermissionDenied):
    code = "csrf_failed"
    message = "CSRF check failed. Please reload the page and try again."


def signed_in_visitor(request: HttpRequest) -> User | None:
    """The signed-in user of a form open to anyone, who gets what the form stores. Such a
    browser must send the CSRF token as on every signed-in call, so that a page on another site
    cannot post in the user's name; visitors not signed in, and clients with a bearer token and
    no session, post without one."""
    if not request.user.is_authenticated:
        return None
    if check_csrf(request) is not None:
        raise CsrfFailed()
    return request.user
