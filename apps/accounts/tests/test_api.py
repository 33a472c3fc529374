import json
import time
from typing import Any

import pytest
import time_machine
from django.core.cache import cache
from django.test import Client

from apps.accounts import services, tokens
from apps.accounts.models import User
from apps.accounts.providers.user_admin import (
    EmailRejected,
    UserAdminUnavailable,
    UserAlreadyExists,
)
from apps.accounts.tests.real_provider import DEMO_EMAIL, signed_in
from tests.conftest import SignInStack

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
    client: Client, product_with_identity_provider: SignInStack
) -> None:
    cache.clear()
    _, session = signed_in(product_with_identity_provider)
    stored = tokens.stored(session)
    assert stored is not None

    response = client.get(
        "/fast-ai/v1/users", headers={"Authorization": f"Bearer {stored.access_token}"}
    )
    refused = client.get("/fast-ai/v1/users", headers={"Authorization": "Bearer not-issued"})

    user = User.objects.get(email=DEMO_EMAIL)
    assert (response.json()["data"]["id"], response.json()["data"]["email"]) == (
        user.pk,
        DEMO_EMAIL,
    )
    assert refused.status_code == 401


def test_sign_ups_from_one_client_are_throttled(
    client: Client, user_admin: FakeUserAdmin, settings: Any
) -> None:
    settings.SIGNUP_RATE_PER_CLIENT = "3/h"
    for number in range(3):
        assert register(client, {"email": f"grower{number}@example.com"}).status_code == 201

    refused = register(client, {"email": "one.more@example.com"})
    elsewhere = client.post(
        "/fast-ai/v1/users",
        json.dumps({"email": "one.more@example.com"}),
        content_type="application/json",
        REMOTE_ADDR="10.9.9.9",
    )

    assert refused.status_code == 429
    assert 0 < int(refused["Retry-After"]) <= 3600
    assert refused.json()["meta"] == {
        "message": "Too many attempts. Please try again later.",
        "code": "too_many_requests",
    }
    assert elsewhere.status_code == 201
    assert len(user_admin.created) == 4


def test_sign_ups_for_one_address_are_throttled(
    client: Client, user_admin: FakeUserAdmin, settings: Any
) -> None:
    settings.SIGNUP_RATE_PER_EMAIL = "2/h"
    user_admin.refusal = UserAlreadyExists("x")
    for number in range(2):
        response = client.post(
            "/fast-ai/v1/users",
            json.dumps({"email": "Lan@Example.com"}),
            content_type="application/json",
            REMOTE_ADDR=f"10.8.0.{number}",
        )
        assert response.status_code == 409
    refused = register(client, {"email": "lan@example.com"})
    assert refused.status_code == 429
    assert "Retry-After" in refused


def test_sign_ups_go_again_after_the_window(
    client: Client, user_admin: FakeUserAdmin, settings: Any
) -> None:
    settings.SIGNUP_RATE_PER_CLIENT = "1/h"
    with time_machine.travel(time.time(), tick=False) as traveller:
        assert register(client, {"email": "a@example.com"}).status_code == 201
        refused = register(client, {"email": "b@example.com"})
        assert refused.status_code == 429
        traveller.shift(int(refused["Retry-After"]) + 1)
        assert register(client, {"email": "b@example.com"}).status_code == 201


def test_sign_up_refuses_an_email_longer_than_rfc_5321_allows(
    client: Client, user_admin: FakeUserAdmin
) -> None:
    long_local_part = register(client, {"email": f"{'a' * 65}@example.com"})
    too_long = register(client, {"email": f"{'a' * 60}@{'b' * 200}.example.com"})
    assert long_local_part.status_code == too_long.status_code == 422
    assert too_long.json()["meta"]["message"] == EMAIL_INVALID
    assert user_admin.created == []
