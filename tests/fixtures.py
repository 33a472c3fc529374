"""The people every test suite signs in as, registered for all tests by the root conftest.

    def test_something(member_client):          # Lan, signed in on a browser session
    def test_other(member, other_client): ...   # Lan, and Wei signed in

`signed_in(user)` opens a further session for any user."""

from __future__ import annotations

from collections.abc import Sequence
from smtplib import SMTPException
from typing import TYPE_CHECKING, Any

import pytest
from django.core.mail import EmailMessage
from django.core.mail.backends.base import BaseEmailBackend
from django.test import Client

if TYPE_CHECKING:
    from apps.accounts.models import User


def signed_in(user: User, **client_options: Any) -> Client:
    """A new browser session with `user` signed in (holding no identity-provider tokens,
    so the token-refresh middleware leaves it alone)."""
    client = Client(**client_options)
    client.force_login(user)
    return client


def _create_user(email: str, **fields: Any) -> User:
    # Imported here: the identity provider's tests run without the accounts app.
    from apps.accounts.models import User

    return User.objects.create_user(email, **fields)


@pytest.fixture
def member(db: None) -> User:
    """A signed-up member, known to the identity provider as subject "s-1"."""
    return _create_user("lan.nguyen@example.com", name="Lan Nguyen", oidc_subject="s-1")


@pytest.fixture
def other_member(db: None) -> User:
    return _create_user("wei.chen@example.com", name="Wei Chen")


@pytest.fixture
def member_client(member: User) -> Client:
    return signed_in(member)


@pytest.fixture
def other_client(other_member: User) -> Client:
    return signed_in(other_member)


class FailingMailBackend(BaseEmailBackend):
    """A mail server that is down: every send fails (EMAIL_BACKEND in tests of mail failures)."""

    def send_messages(self, email_messages: Sequence[EmailMessage]) -> int:
        raise SMTPException("mail server down")
