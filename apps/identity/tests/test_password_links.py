"""One-time password-set links for operators, through the user-admin API: the product's
`make_operator` asks for one so that a new operator signs in without signing up first."""

from __future__ import annotations

import json
from typing import Any
from urllib.parse import urlsplit

import pytest
from django.conf import settings
from django.core import mail
from django.test import Client

from apps.identity.models import User
from apps.identity.tests import factories

pytestmark = pytest.mark.django_db

URL = "/admin-api/password-links"
NEW_PASSWORD = {"password": "ops-secret-2026", "password_confirm": "ops-secret-2026"}


@pytest.fixture
def token(client: Client) -> str:
    factories.make_service_client()
    return factories.service_token(client)


def _ask(client: Client, body: Any, token: str | None) -> Any:
    headers = {"HTTP_AUTHORIZATION": f"Bearer {token}"} if token else {}
    data = body if isinstance(body, str) else json.dumps(body)
    return client.post(URL, data, content_type="application/json", **headers)


def _path(link: str) -> str:
    assert link.startswith(f"{settings.IDENTITY_URL}/")
    parts = urlsplit(link)
    return f"{parts.path}?{parts.query}"


def test_a_new_operator_gets_an_account_and_a_link_that_sets_a_password_once(
    client: Client, token: str
) -> None:
    response = _ask(client, {"email": "New.Ops@Tradewise.example", "language": "vi"}, token)

    assert response.status_code == 201
    body = response.json()
    user = User.objects.get()
    assert (user.email, user.email_verified, user.has_usable_password()) == (
        "new.ops@tradewise.example",
        False,
        False,
    )
    assert body | {"link": None} == {
        "id": str(user.subject),
        "email": "new.ops@tradewise.example",
        "name": "",
        "email_verified": False,
        "has_password": False,
        "created": True,
        "link": None,
        "mailed": False,
        "expires_in": 3 * 24 * 3600,
    }
    assert mail.outbox == []  # printed for the operator, not the sign-up mail
    link = _path(body["link"])
    assert link.startswith(f"/verify/{user.subject}/")
    assert link.endswith("?lang=vi")

    browser = Client()
    assert browser.get(link).status_code == 200
    assert browser.post(link, NEW_PASSWORD).status_code == 200
    user.refresh_from_db()
    assert user.email_verified
    assert user.check_password(NEW_PASSWORD["password"])
    assert factories.sign_in(Client(), user.email, NEW_PASSWORD["password"]).status_code == 302

    again = Client().post(
        link, {"password": "other-secret-77", "password_confirm": "other-secret-77"}
    )
    assert again.status_code == 400  # used: the link is one-time
    user.refresh_from_db()
    assert user.check_password(NEW_PASSWORD["password"])


def test_an_account_that_signs_in_with_a_password_gets_no_link(client: Client, token: str) -> None:
    factories.make_user("ops@tradewise.example")

    response = _ask(client, {"email": "OPS@tradewise.example"}, token)

    assert response.status_code == 200
    assert response.json()["link"] is None
    assert response.json()["has_password"] is True
    assert response.json()["created"] is False


def test_a_verified_account_without_a_password_gets_a_reset_link(
    client: Client, token: str
) -> None:
    user = factories.make_user("ops@tradewise.example", password=None)

    link = _path(_ask(client, {"email": "ops@tradewise.example"}, token).json()["link"])

    assert link.startswith(f"/password-reset/{user.subject}/")
    assert Client().post(link, NEW_PASSWORD).status_code == 200
    user.refresh_from_db()
    assert user.check_password(NEW_PASSWORD["password"])


def test_an_unverified_sign_up_gets_the_link_that_verifies_it(client: Client, token: str) -> None:
    user = factories.make_user("ops@tradewise.example", verified=False)

    link = _path(_ask(client, {"email": "ops@tradewise.example"}, token).json()["link"])

    assert link.startswith(f"/verify/{user.subject}/")


def test_with_mail_the_link_goes_to_the_address_instead(client: Client, token: str) -> None:
    response = _ask(client, {"email": "ops@tradewise.example", "mail": True}, token)

    assert response.status_code == 201
    assert (response.json()["link"], response.json()["mailed"]) == (None, True)
    assert mail.outbox[-1].to == ["ops@tradewise.example"]
    assert "/verify/" in factories.last_mail_link()


def test_a_disabled_account_gets_no_link(client: Client, token: str) -> None:
    factories.make_user("ops@tradewise.example", password=None, is_active=False)

    response = _ask(client, {"email": "ops@tradewise.example"}, token)

    assert response.status_code == 409
    assert "link" not in response.json()


def test_bad_requests_are_refused(client: Client, token: str) -> None:
    assert _ask(client, {"email": "ops@"}, token).status_code == 400
    assert _ask(client, {}, token).status_code == 400
    assert _ask(client, "[1]", token).status_code == 400
    assert not User.objects.exists()


def test_only_the_service_client_may_ask(client: Client) -> None:
    assert _ask(client, {"email": "ops@tradewise.example"}, None).status_code == 401
    assert _ask(client, {"email": "ops@tradewise.example"}, "not-a-token").status_code == 401
    assert client.get(URL).status_code == 405
    assert not User.objects.exists()
