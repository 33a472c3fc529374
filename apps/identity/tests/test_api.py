from __future__ import annotations

import json
from typing import Any

import pytest
from django.core import mail
from django.test import Client

from apps.identity.models import User
from apps.identity.tests import factories

pytestmark = pytest.mark.django_db


def _post(client: Client, body: Any, token: str | None) -> Any:
    headers = {"HTTP_AUTHORIZATION": f"Bearer {token}"} if token else {}
    data = body if isinstance(body, str) else json.dumps(body)
    return client.post("/admin-api/users", data, content_type="application/json", **headers)


@pytest.fixture
def token(client: Client) -> str:
    factories.make_service_client()
    return factories.service_token(client)


def test_creating_a_user_returns_its_subject_and_sends_the_verify_email(
    client: Client, token: str
) -> None:
    response = _post(client, {"email": "Buyer@Example.com", "name": "Minh Tran"}, token)
    assert response.status_code == 201
    user = User.objects.get()
    assert response.json() == {"id": str(user.subject), "email": "buyer@example.com"}
    assert not user.email_verified
    assert not user.has_usable_password()
    assert mail.outbox[-1].to == ["buyer@example.com"]
    assert "/verify/" in factories.last_mail_link()


def test_the_verify_email_is_written_in_the_users_language(client: Client, token: str) -> None:
    assert _post(client, {"email": "an@example.vn", "language": "vi"}, token).status_code == 201
    assert User.objects.get().language == "vi"
    assert mail.outbox[-1].subject == "Xác minh email của bạn cho Tradewise"


def test_an_existing_email_in_any_case_is_a_conflict(client: Client, token: str) -> None:
    factories.make_user("buyer@example.com")
    response = _post(client, {"email": "BUYER@example.com"}, token)
    assert response.status_code == 409
    assert response.json() == {"error": "User already exists"}


@pytest.mark.parametrize(
    "email",
    [
        "not-an-email",
        "a@b.c",
        "a b@example.com",
        "x@example",
        f"{'a' * 65}@example.com",  # RFC 5321: 64 at most before the at-sign
        f"{'a' * 60}@{'b' * 200}.example.com",  # and 254 in all
    ],
)
def test_a_bad_email_is_refused(client: Client, token: str, email: str) -> None:
    response = _post(client, {"email": email}, token)
    assert response.status_code == 400
    assert response.json() == {
        "error": "Please enter a valid email address (e.g: name@example.com)."
    }
    assert not User.objects.exists()


def test_a_missing_email_or_a_broken_body_is_refused(client: Client, token: str) -> None:
    assert _post(client, {}, token).json() == {"error": "Please enter an email"}
    assert _post(client, "{not json", token).status_code == 400
    assert _post(client, ["a@example.com"], token).status_code == 400


def test_no_token_or_an_unknown_token_is_unauthorized(client: Client) -> None:
    missing = _post(client, {"email": "a@example.com"}, None)
    assert missing.status_code == 401
    assert missing["WWW-Authenticate"].startswith("Bearer")
    assert _post(client, {"email": "a@example.com"}, "forged").status_code == 401


def test_a_token_without_users_write_is_forbidden(client: Client) -> None:
    factories.make_service_client()
    token = factories.service_token(client, scope="openid")
    assert _post(client, {"email": "a@example.com"}, token).status_code == 403
    assert not User.objects.exists()


def test_a_users_own_access_token_is_forbidden(client: Client) -> None:
    factories.make_product_client()
    user = factories.make_user()
    pkce = factories.make_pkce()
    code = factories.obtain_code(client, user, pkce)
    access = factories.exchange_code(client, code, pkce.verifier).json()["access_token"]
    assert _post(client, {"email": "a@example.com"}, access).status_code == 403


def test_lookup_by_email_lists_matching_users(client: Client, token: str) -> None:
    user = factories.make_user("buyer@example.com")
    factories.make_user("other@example.com")
    response = client.get(
        "/admin-api/users", {"email": "BUYER@example.com"}, HTTP_AUTHORIZATION=f"Bearer {token}"
    )
    assert response.status_code == 200
    assert response.json() == [
        {
            "id": str(user.subject),
            "email": "buyer@example.com",
            "name": "Lan Nguyen",
            "email_verified": True,
        }
    ]


def test_lookup_needs_a_token(client: Client) -> None:
    assert client.get("/admin-api/users", {"email": "a@example.com"}).status_code == 401
