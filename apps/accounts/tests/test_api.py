import json
import time
from typing import Any

import pytest
import time_machine
from django.test import Client

from apps.accounts.models import User
from apps.accounts.tests.real_provider import (
    DEMO_EMAIL,
    issued_tokens,
    new_address,
    signed_in,
    unreachable,
    verification_language,
)
from tests.conftest import SignInStack

pytestmark = pytest.mark.django_db

EMAIL_REQUIRED = "Please enter an email"
EMAIL_INVALID = "Please enter a valid email address (e.g: name@example.com)."


@pytest.fixture
def stack(product_with_identity_provider: SignInStack) -> SignInStack:
    return product_with_identity_provider


def register(client: Client, body: Any, **headers: str) -> Any:
    return client.post(
        "/fast-ai/v1/users", json.dumps(body), content_type="application/json", headers=headers
    )


def test_sign_up_registers_at_the_provider(client: Client, stack: SignInStack) -> None:
    email = new_address()

    response = register(client, {"email": f" {email} "}, Accept_Language="vi,en;q=0.5")

    assert response.status_code == 201
    assert response.json() == {"data": {"message": "User registered successfully"}, "meta": {}}
    assert verification_language(stack, email) == "vi"


@pytest.mark.parametrize(("requested", "sent"), [("zh", "zh-hans"), ("en", "en"), ("xx", "en")])
def test_sign_up_passes_the_interface_language(
    client: Client, stack: SignInStack, requested: str, sent: str
) -> None:
    email = new_address()
    register(client, {"email": email, "language": requested})
    assert verification_language(stack, email) == sent


# Without a provider to reach (see conftest.provider_settings), a sign-up that got past the
# validation would be answered 503.


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
def test_sign_up_validation_messages(client: Client, body: dict[str, Any], message: str) -> None:
    response = register(client, body)

    assert response.status_code == 422
    assert response.json()["data"] == {"error": message, "fields": {"email": [message]}}
    assert response.json()["meta"] == {
        "message": message,
        "code": "validation_failed",
        "field_codes": {
            "email": "email_required" if message == EMAIL_REQUIRED else "email_invalid"
        },
    }


def test_sign_up_refuses_an_email_longer_than_rfc_5321_allows(client: Client) -> None:
    long_local_part = register(client, {"email": f"{'a' * 65}@example.com"})
    too_long = register(client, {"email": f"{'a' * 60}@{'b' * 200}.example.com"})
    assert long_local_part.status_code == too_long.status_code == 422
    assert too_long.json()["meta"]["message"] == EMAIL_INVALID


def test_sign_up_of_an_address_with_an_account_is_409(client: Client, stack: SignInStack) -> None:
    email = new_address()
    assert register(client, {"email": email}).status_code == 201

    response = register(client, {"email": email.upper()})

    assert response.status_code == 409
    assert response.json()["meta"] == {"message": "User already exists", "code": "user_exists"}
    assert response.json()["data"]["error"] == "User already exists"


def test_sign_up_with_an_unreachable_provider_is_503(
    client: Client, stack: SignInStack, settings: Any
) -> None:
    settings.IDENTITY_ADMIN_URL = unreachable("/admin-api")

    response = register(client, {"email": new_address()})

    assert response.status_code == 503
    message = "Something went wrong. Please try again or contact support if the problem persists."
    assert response.json()["meta"] == {"message": message, "code": "provider_unavailable"}
    assert response.json()["data"]["error"] == message


def test_the_api_accepts_the_providers_access_token_as_a_bearer_token(
    client: Client, stack: SignInStack
) -> None:
    _, session = signed_in(stack)
    token = issued_tokens(session).access_token

    response = client.get("/fast-ai/v1/users", headers={"Authorization": f"Bearer {token}"})
    refused = client.get("/fast-ai/v1/users", headers={"Authorization": "Bearer not-issued"})

    user = User.objects.get(email=DEMO_EMAIL)
    assert (response.json()["data"]["id"], response.json()["data"]["email"]) == (
        user.pk,
        DEMO_EMAIL,
    )
    assert refused.status_code == 401


def test_sign_ups_from_one_client_are_throttled(
    client: Client, stack: SignInStack, settings: Any
) -> None:
    settings.SIGNUP_RATE_PER_CLIENT = "3/h"
    for _ in range(3):
        assert register(client, {"email": new_address()}).status_code == 201

    one_more = new_address()
    refused = register(client, {"email": one_more})
    elsewhere = client.post(
        "/fast-ai/v1/users",
        json.dumps({"email": one_more}),
        content_type="application/json",
        REMOTE_ADDR="10.9.9.9",
    )

    assert refused.status_code == 429
    assert 0 < int(refused["Retry-After"]) <= 3600
    assert refused.json()["meta"] == {
        "message": "Too many attempts. Please try again later.",
        "code": "too_many_requests",
    }
    assert elsewhere.status_code == 201  # the refused attempt created no account


def test_sign_ups_for_one_address_are_throttled(
    client: Client, stack: SignInStack, settings: Any
) -> None:
    settings.SIGNUP_RATE_PER_EMAIL = "2/h"
    email = new_address()
    statuses = [
        client.post(
            "/fast-ai/v1/users",
            json.dumps({"email": address}),
            content_type="application/json",
            REMOTE_ADDR=f"10.8.0.{number}",
        ).status_code
        for number, address in enumerate([email, email.title()])
    ]
    refused = register(client, {"email": email})

    assert statuses == [201, 409]
    assert refused.status_code == 429
    assert "Retry-After" in refused


def test_sign_ups_go_again_after_the_window(
    client: Client, stack: SignInStack, settings: Any
) -> None:
    settings.SIGNUP_RATE_PER_CLIENT = "1/h"
    later = new_address()
    with time_machine.travel(time.time(), tick=False) as traveller:
        assert register(client, {"email": new_address()}).status_code == 201
        refused = register(client, {"email": later})
        assert refused.status_code == 429
        traveller.shift(int(refused["Retry-After"]) + 1)
        assert register(client, {"email": later}).status_code == 201
