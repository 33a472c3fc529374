from __future__ import annotations

import pytest
from django.contrib.auth import authenticate

from apps.identity.tests import factories

pytestmark = pytest.mark.django_db


def test_a_verified_user_signs_in_with_email_in_any_case() -> None:
    user = factories.make_user()
    assert authenticate(username="Exporter@Example.com", password=factories.PASSWORD) == user


def test_an_unverified_user_cannot_sign_in() -> None:
    factories.make_user(verified=False)
    assert authenticate(username="exporter@example.com", password=factories.PASSWORD) is None


def test_a_user_without_a_password_cannot_sign_in() -> None:
    factories.make_user(password=None)
    assert authenticate(username="exporter@example.com", password="") is None


def test_a_deactivated_user_cannot_sign_in() -> None:
    factories.make_user(is_active=False)
    assert authenticate(username="exporter@example.com", password=factories.PASSWORD) is None
