from __future__ import annotations

import uuid

import pytest

from apps.identity import selectors
from apps.identity.tests import factories

pytestmark = pytest.mark.django_db


def test_find_users_by_email_ignores_case() -> None:
    user = factories.make_user("lan@example.com")
    factories.make_user("minh@example.com")
    assert list(selectors.find_users("LAN@example.com")) == [user]
    assert len(selectors.find_users()) == 2
    assert list(selectors.find_users("nobody@example.com")) == []


def test_user_by_subject_finds_only_active_users() -> None:
    user = factories.make_user()
    assert selectors.user_by_subject(user.subject) == user
    assert selectors.user_by_subject(uuid.uuid4()) is None
    user.is_active = False
    user.save()
    assert selectors.user_by_subject(user.subject) is None
