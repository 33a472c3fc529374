from __future__ import annotations

import pytest
from django.contrib.auth import authenticate
from django.test import RequestFactory

from apps.identity.tests import factories

pytestmark = pytest.mark.django_db


def _request() -> object:
    # Every sign-in goes through django-axes, which counts it by the request's client.
    return RequestFactory().post("/login/")


def test_a_verified_user_signs_in_with_email_in_any_case() -> None:
    user = factories.make_user()
    assert (
        authenticate(_request(), username="Exporter@Example.com", password=factories.PASSWORD)
        == user
    )


def test_an_unverified_user_cannot_sign_in() -> None:
    factories.make_user(verified=False)
    assert (
        authenticate(_request(), username="exporter@example.com", password=factories.PASSWORD)
        is None
    )


def test_a_user_without_a_password_cannot_sign_in() -> None:
    factories.make_user(password=None)
    assert authenticate(_request(), username="exporter@example.com", password="") is None


def test_a_deactivated_user_cannot_sign_in() -> None:
    factories.make_user(is_active=False)
    assert (
        authenticate(_request(), username="exporter@example.com", password=factories.PASSWORD)
        is None
    )


def test_a_sign_in_without_a_request_is_refused() -> None:
    """Nothing can try passwords past the lockout by leaving out the request."""
    factories.make_user()
    with pytest.raises(Exception, match="requires a request"):
        authenticate(username="exporter@example.com", password=factories.PASSWORD)
