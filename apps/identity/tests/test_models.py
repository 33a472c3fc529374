from __future__ import annotations

import pytest
from django.db import IntegrityError

from apps.identity.models import User
from apps.identity.tests import factories

pytestmark = pytest.mark.django_db


def test_emails_are_stored_in_lower_case() -> None:
    user = factories.make_user(" Lan@Example.COM ")
    assert user.email == "lan@example.com"


def test_emails_are_unique_whatever_their_case() -> None:
    factories.make_user("lan@example.com")
    with pytest.raises(IntegrityError):
        User.objects.bulk_create([User(email="LAN@example.com")])


def test_each_user_gets_its_own_subject() -> None:
    first, second = factories.make_user("a@example.com"), factories.make_user("b@example.com")
    assert first.subject != second.subject


def test_natural_key_lookup_ignores_case() -> None:
    user = factories.make_user("lan@example.com")
    assert User.objects.get_by_natural_key("LAN@Example.com") == user


def test_a_user_without_a_name_is_called_by_email() -> None:
    assert factories.make_user(name="").get_full_name() == "exporter@example.com"
