"""The OpenID Connect provider's endpoints, reached over HTTP: token, userinfo, JWKS and
revocation. Every call to the provider from the relying party goes through this module.

`http` is anything with the `requests.request` signature (a `requests.Session`, or a stand-in
in tests); by default each call goes through `requests`."""

from __future__ import annotations

import time
from dataclasses import dataclass, replace
from typing import Any, Protocol

import jwt
import requests
from django.conf import settings


class HttpClient(Protocol):
    def request(self, method: str, url: str, **kwargs: Any) -> requests.Response: ...


class ProviderError(Exception):
    """The provider could not be reached or refused the request."""


class InvalidIdToken(ProviderError):
    """An ID token whose signature, issuer, audience or lifetime does not hold."""


@dataclass(frozen=True)
class TokenSet:
    access_token: str
    id_token: str
    refresh_token: str
    expires_at: float

    @classmethod
    def from_response(cls, body: dict[str, Any]) -> TokenSet:
        lifetime = int(body.get("expires_in") or settings.OIDC_RENEW_ID_TOKEN_EXPIRY_SECONDS)
        return cls(
            access_token=str(body.get("access_token") or ""),
            id_token=str(body.get("id_token") or ""),
            refresh_token=str(body.get("refresh_token") or ""),
            expires_at=time.time() + lifetime,
        )

    def seconds_left(self) -> float:
        return self.expires_at - time.time()

    def succeeding(self, previous: TokenSet) -> TokenSet:
        """This token set, keeping the previous refresh and ID tokens when the provider sent
        no new ones (a provider may not rotate them on refresh)."""
        return replace(
            self,
            id_token=self.id_token or previous.id_token,
            refresh_token=self.refresh_token or previous.refresh_token,
        )


def call(http: HttpClient | None, method: str, url: str, **kwargs: Any) -> requests.Response:
    """One HTTP request through `http`, or through `requests` when it is None."""
    try:
        if http is None:
            return requests.request(method, url, timeout=settings.OIDC_TIMEOUT, **kwargs)
        return http.request(method, url, timeout=settings.OIDC_TIMEOUT, **kwargs)
    except requests.RequestException as exc:
        raise ProviderError(f"{method} {url}: {exc}") from exc


def json_body(response: requests.Response) -> dict[str, Any]:
    try:
        body = response.json()
    except ValueError as exc:
        raise ProviderError(f"{response.url}: not JSON (status {response.status_code})") from exc
    if not isinstance(body, dict):
        raise ProviderError(f"{response.url}: unexpected body")
    return body


def _client_credentials() -> dict[str, str]:
    return {
        "client_id": settings.OIDC_RP_CLIENT_ID,
        "client_secret": settings.OIDC_RP_CLIENT_SECRET,
    }


def request_tokens(payload: dict[str, str], http: HttpClient | None = None) -> dict[str, Any]:
    """POST to the token endpoint; the parsed body of a 200 answer."""
    response = call(http, "POST", settings.OIDC_OP_TOKEN_ENDPOINT, data=payload)
    if response.status_code != 200:
        raise ProviderError(f"token endpoint: {response.status_code} {response.text[:200]}")
    return json_body(response)


def refresh_tokens(refresh_token: str, http: HttpClient | None = None) -> TokenSet:
    payload = {"grant_type": "refresh_token", "refresh_token": refresh_token}
    return TokenSet.from_response(request_tokens(payload | _client_credentials(), http))


def service_token(scope: str, http: HttpClient | None = None) -> str:
    """An access token of the product's service client (client-credentials grant)."""
    payload = {
        "grant_type": "client_credentials",
        "client_id": settings.OIDC_SERVICE_CLIENT_ID,
        "client_secret": settings.OIDC_SERVICE_CLIENT_SECRET,
    }
    if scope:
        payload["scope"] = scope
    token = request_tokens(payload, http).get("access_token")
    if not token:
        raise ProviderError("token endpoint: no access token")
    return str(token)


def userinfo(access_token: str, http: HttpClient | None = None) -> dict[str, Any] | None:
    """The claims of the token's user, or None when the provider does not accept the token."""
    headers = {"Authorization": f"Bearer {access_token}"}
    response = call(http, "GET", settings.OIDC_OP_USER_ENDPOINT, headers=headers)
    if response.status_code in (400, 401, 403):
        return None
    if response.status_code != 200:
        raise ProviderError(f"userinfo endpoint: {response.status_code}")
    return json_body(response)


def revoke_token(token: str, token_type_hint: str, http: HttpClient | None = None) -> None:
    payload = {"token": token, "token_type_hint": token_type_hint} | _client_credentials()
    response = call(http, "POST", settings.OIDC_OP_REVOCATION_ENDPOINT, data=payload)
    if response.status_code != 200:
        raise ProviderError(f"revocation endpoint: {response.status_code}")


def _signing_key(id_token: str, http: HttpClient | None) -> jwt.PyJWK:
    header = jwt.get_unverified_header(id_token)
    response = call(http, "GET", settings.OIDC_OP_JWKS_ENDPOINT)
    if response.status_code != 200:
        raise ProviderError(f"JWKS endpoint: {response.status_code}")
    for key in json_body(response).get("keys", []):
        if key.get("kid") == header.get("kid") and key.get("alg", header["alg"]) == header["alg"]:
            return jwt.PyJWK(key)
    raise InvalidIdToken("no signing key matches the ID token")


def id_token_claims(id_token: str, http: HttpClient | None = None) -> dict[str, Any]:
    """The claims of an ID token whose signature, issuer, audience and lifetime hold."""
    try:
        return jwt.decode(
            id_token,
            _signing_key(id_token, http),
            algorithms=[settings.OIDC_RP_SIGN_ALGO],
            audience=settings.OIDC_RP_CLIENT_ID,
            issuer=settings.OIDC_OP_ISSUER,
            options={"require": ["exp", "iat", "sub"]},
            leeway=30,
        )
    except jwt.PyJWTError as exc:
        raise InvalidIdToken(str(exc)) from exc
