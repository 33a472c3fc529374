import json
from typing import Any

import pytest
from django.core.cache import cache
from django.test import Client

from apps.accounts import services
from apps.accounts.models import User
from apps.accounts.providers import oidc
from apps.accounts.providers.user_admin import (
    EmailRejected,
    UserAdminUnavailable,
    UserAlreadyExists,
)

pytestmark = pytest.mark.django_db

EMAIL_REQUIRED = "Please enter an email"
EMAIL_INVALID = "Please enter a valid email address (e.g: name@example.com)."


class FakeUserAdmin:
    def __init__(self) -> None:
        self.created: list[tuple[str, str]] = []
        self.refusal: Exception | None = None

    def create_user(self, email: str, language: str) -> str:
        if self.refusal:
            raise self.refusal
        self.created.append((email, language))
        return "s-new"


@pytest.fixture
def user_admin(monkeypatch: pytest.MonkeyPatch) -> FakeUserAdmin:
    fake = FakeUserAdmin()
    monkeypatch.setattr(services, "user_admin", lambda: fake)
    return fake


def register(client: Client, body: Any, **headers: str) -> Any:
    return client.post(
        "/fast-ai/v1/users", json.dumps(body), content_type="application/json", headers=headers
    )


def test_sign_up_registers_at_the_provider(client: Client, user_admin: FakeUserAdmin) -> None:
    response = register(client, {"email": " lan@example.com "}, Accept_Language="vi,en;q=0.5")

    assert response.status_code == 201
    assert response.json() == {"data": {"message": "User registered successfully"}, "meta": {}}
    assert user_admin.created == [("lan@example.com", "vi")]


@pytest.mark.parametrize(("requested", "sent"), [("zh", "zh-hans"), ("en", "en"), ("xx", "en")])
def test_sign_up_passes_the_interface_language(
    client: Client, user_admin: FakeUserAdmin, requested: str, sent: str
) -> None:
    register(client, {"email": "lan@example.com", "language": requested})
    assert user_admin.created == [("lan@example.com", sent)]


@pytest.mark.parametrize(
    ("body", "message"),
    [
        ({"email": ""}, EMAIL_REQUIRED),
        ({"email": "   "}, EMAIL_REQUIRED),
        ({}, EMAIL_REQUIRED),
        ({"email": None}, EMAIL_REQUIRED),
        ({"email": "lan"}, EMAIL_INVALID),
        ({"email": "lan@example"}, EMAIL_INVALID),
        ({"email": "lan@example.c"}, EMAIL_INVALID),
        ({"email": "lan nguyen@example.com"}, EMAIL_INVALID),
        ({"email": "lan@exa_mple.com"}, EMAIL_INVALID),
        ({"email": 42}, EMAIL_INVALID),
    ],
)
def test_sign_up_validation_messages(
    client: Client, user_admin: FakeUserAdmin, body: dict[str, Any], message: str
) -> None:
    response = register(client, body)

    assert response.status_code == 422
    assert response.json()["data"] == {"error": message, "fields": {"email": [message]}}
    assert response.json()["meta"] == {"message": message, "code": "validation_failed"}
    assert user_admin.created == []


@pytest.mark.parametrize(
    ("refusal", "status", "code", "message"),
    [
        (UserAlreadyExists("x"), 409, "user_exists", "User already exists"),
        (EmailRejected("x"), 422, "validation_failed", EMAIL_INVALID),
        (
            UserAdminUnavailable("connection refused"),
            503,
            "provider_unavailable",
            "Something went wrong. Please try again or contact support if the problem persists.",
        ),
    ],
)
def test_sign_up_refusals_use_the_error_shape(
    client: Client,
    user_admin: FakeUserAdmin,
    refusal: Exception,
    status: int,
    code: str,
    message: str,
) -> None:
    user_admin.refusal = refusal

    response = register(client, {"email": "lan@example.com"})

    assert response.status_code == status
    assert response.json()["meta"] == {"message": message, "code": code}
    assert response.json()["data"]["error"] == message


def test_sign_up_with_an_unreachable_provider_is_503(client: Client, settings: Any) -> None:
    settings.OIDC_OP_TOKEN_ENDPOINT = "http://127.0.0.1:9/o/token/"
    response = register(client, {"email": "lan@example.com"})
    assert response.status_code == 503


def test_the_api_accepts_the_providers_access_token_as_a_bearer_token(
    client: Client, member: User, monkeypatch: pytest.MonkeyPatch
) -> None:
    cache.clear()
    claims = {"sub": "s-1", "email": "lan.nguyen@example.com", "email_verified": True}
    monkeypatch.setattr(oidc, "userinfo", lambda token: claims if token == "good" else None)

    response = client.get("/fast-ai/v1/users", headers={"Authorization": "Bearer good"})
    refused = client.get("/fast-ai/v1/users", headers={"Authorization": "Bearer bad"})

    assert (response.json()["data"]["id"], response.json()["data"]["email"]) == (
        member.pk,
        "lan.nguyen@example.com",
    )
    assert refused.status_code == 401
