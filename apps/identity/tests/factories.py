"""Builders for the provider's tests: users, clients, and the steps of an OIDC sign-in."""

from __future__ import annotations

import base64
import hashlib
import json
import secrets
from dataclasses import dataclass
from typing import Any
from urllib.parse import parse_qs, urlencode, urlsplit

from django.conf import settings
from django.core import mail
from django.test import Client
from jwcrypto import jwk, jwt
from oauth2_provider.models import Application

from apps.identity import services
from apps.identity.models import User

PASSWORD = "correct-horse-battery"
SCOPES = "openid profile email offline_access"


def make_user(
    email: str = "exporter@example.com",
    password: str | None = PASSWORD,
    verified: bool = True,
    **fields: Any,
) -> User:
    fields.setdefault("name", "Lan Nguyen")
    return User.objects.create_user(email, password, email_verified=verified, **fields)


def make_product_client() -> Application:
    return services.ensure_client(services.product_client_spec())[0]


def make_service_client() -> Application:
    return services.ensure_client(services.service_client_spec())[0]


def basic_auth(client_id: str, secret: str) -> str:
    return "Basic " + base64.b64encode(f"{client_id}:{secret}".encode()).decode()


def product_auth() -> str:
    return basic_auth(settings.IDENTITY_PRODUCT_CLIENT_ID, settings.IDENTITY_PRODUCT_CLIENT_SECRET)


def service_auth() -> str:
    return basic_auth(settings.IDENTITY_SERVICE_CLIENT_ID, settings.IDENTITY_SERVICE_CLIENT_SECRET)


@dataclass
class Pkce:
    verifier: str
    challenge: str


def make_pkce() -> Pkce:
    verifier = secrets.token_urlsafe(48)
    digest = hashlib.sha256(verifier.encode("ascii")).digest()
    return Pkce(verifier, base64.urlsafe_b64encode(digest).rstrip(b"=").decode("ascii"))


def authorize_path(pkce: Pkce | None, **extra: str) -> str:
    params = {
        "response_type": "code",
        "client_id": settings.IDENTITY_PRODUCT_CLIENT_ID,
        "redirect_uri": settings.IDENTITY_PRODUCT_REDIRECT_URIS[0],
        "scope": SCOPES,
        "state": "state-1",
        "nonce": "nonce-1",
        **extra,
    }
    if pkce is not None:
        params |= {"code_challenge": pkce.challenge, "code_challenge_method": "S256"}
    return f"/o/authorize/?{urlencode(params)}"


def query_of(url: str) -> dict[str, str]:
    return {key: values[0] for key, values in parse_qs(urlsplit(url).query).items()}


def sign_in(client: Client, email: str, password: str = PASSWORD, next_url: str = "") -> Any:
    path = f"/login/?{urlencode({'next': next_url})}" if next_url else "/login/"
    return client.post(path, {"email": email, "password": password})


def obtain_code(client: Client, user: User, pkce: Pkce) -> str:
    """Authorize → sign in at the provider → back at authorize → the code at the product."""
    start = client.get(authorize_path(pkce))
    assert start.status_code == 302
    next_url = query_of(start["Location"])["next"]
    assert sign_in(client, user.email, next_url=next_url)["Location"] == next_url
    callback = client.get(next_url)
    assert callback["Location"].startswith(settings.IDENTITY_PRODUCT_REDIRECT_URIS[0])
    return query_of(callback["Location"])["code"]


def exchange_code(client: Client, code: str, verifier: str) -> Any:
    return client.post(
        "/o/token/",
        {
            "grant_type": "authorization_code",
            "code": code,
            "redirect_uri": settings.IDENTITY_PRODUCT_REDIRECT_URIS[0],
            "code_verifier": verifier,
        },
        HTTP_AUTHORIZATION=product_auth(),
    )


def refresh(client: Client, refresh_token: str) -> Any:
    return client.post(
        "/o/token/",
        {"grant_type": "refresh_token", "refresh_token": refresh_token},
        HTTP_AUTHORIZATION=product_auth(),
    )


def service_token(client: Client, scope: str = "users:write") -> str:
    response = client.post(
        "/o/token/",
        {"grant_type": "client_credentials", "scope": scope},
        HTTP_AUTHORIZATION=service_auth(),
    )
    assert response.status_code == 200, response.content
    return str(response.json()["access_token"])


def verify_id_token(client: Client, id_token: str) -> dict[str, Any]:
    keys = jwk.JWKSet.from_json(client.get("/o/.well-known/jwks.json").content)
    claims: dict[str, Any] = json.loads(jwt.JWT(key=keys, jwt=id_token).claims)
    return claims


def last_mail_link() -> str:
    body = mail.outbox[-1].body
    return next(word for word in body.split() if word.startswith(settings.IDENTITY_URL))


def path_of(url: str) -> str:
    return urlsplit(url).path
